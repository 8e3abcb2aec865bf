// The one registry of finding codes: kind, default severity, the rules every finding of the code
// cites (a finding adds the rules of its particular cause), a title, and the documentation that
// hovers, `codeDescription` links and docs/diagnostics.md are made from.
import type { FindingKind, Game, Severity } from '../types';

export interface CodeInfo {
  code: string;
  kind: FindingKind;
  severity: Severity;
  /** The title, in MTG's terms where the game matters. */
  title: string;
  /** The title in Riftbound's terms, where they differ (Riftbound detaches; it has no state-based actions). */
  riftboundTitle?: string;
  /** Rules every finding with this code cites, per game (canonical, newest numbering). */
  rules: { mtg: string[]; riftbound: string[] };
  /** What it means and what to do, in plain words (Markdown). */
  doc: string;
  /** How its fixes behave. */
  fixes: string;
  /** Made by the language server, not by the core (no fixture can trigger it; LSP tests do). */
  editorOnly?: boolean;
}

const entries: CodeInfo[] = [
  {
    code: 'illegal-attachment',
    kind: 'illegal-attachment',
    severity: 'error',
    title: 'Illegal attachment',
    rules: { mtg: [], riftbound: [] },
    doc:
      'The event (or the initial `attached to`) tries to attach a card to something it cannot be attached to: ' +
      'the host is not a legal object for its enchant ability, an Equipment target is not a creature, an equip ' +
      'target is not controlled by the player who equips, the host has protection, and so on. Each finding cites ' +
      'the rules that decide its case: the attach rule (MTG 701.3a/b; Riftbound 434.1), or the targeting, ' +
      'control or enchant rule where that is what stops it. The attachment does not move (MTG 701.3b: an Aura ' +
      'entering this way stays in its zone, 303.4i; an Equipment enters unattached, 301.5e), and the replay ' +
      'continues with it where it was.',
    fixes: 'Retarget to a legal host (not safe: it changes the ruling).',
  },
  {
    code: 'not-attachable',
    kind: 'illegal-attachment',
    severity: 'error',
    title: 'Not an attachment',
    riftboundTitle: 'No Equip ability',
    rules: { mtg: ['701.3b'], riftbound: ['818.1'] },
    doc:
      'MTG: only Auras, Equipment and Fortifications can be attached (701.3b). An effect that tries to attach ' +
      'anything else does nothing and the card does not move; a card put onto the battlefield "attached to" ' +
      'something that is not one of them enters unattached (303.4h). Riftbound: any card on the board can be ' +
      'attached by an effect that says so, but only a gear with Equip (normally an Equipment, 818.1.a) can use ' +
      'Equip; a card without it has no Equip ability to activate.',
    fixes: 'None: declare the card with the right subtype if that was meant.',
  },
  {
    code: 'illegal-aura-target',
    kind: 'illegal-attachment',
    severity: 'error',
    title: 'Illegal Aura spell target',
    rules: { mtg: ['303.4a'], riftbound: [] },
    doc:
      'An Aura spell targets what it will enchant (115.1b). It cannot be cast targeting something its enchant ' +
      'ability or protection does not allow (601.2c); the cast does not happen and the card stays where it was.',
    fixes: 'Retarget the cast to a legal target (not safe).',
  },
  {
    code: 'target-illegal-on-resolution',
    kind: 'illegal-attachment',
    severity: 'information',
    title: 'Target illegal on resolution',
    rules: { mtg: [], riftbound: [] },
    doc:
      'The spell was cast with a legal target, but by the time it resolves the target is illegal (it changed ' +
      'zones, gained protection, changed type). That is a legal outcome the rules decide: the spell does not ' +
      'resolve and goes to its owner\'s graveyard as part of resolving (608.2b, 608.3b), or, bestowed, resolves ' +
      'as an unattached creature (702.103e), or, mutating, resolves as a creature of its own, merging with nothing ' +
      '(702.140b). An Aura spell whose target is still legal but that can\'t be attached ' +
      'to it (a "can\'t be enchanted" effect, 303.4) doesn\'t enter either: from the stack it goes to its owner\'s ' +
      'graveyard (608.3c, 303.4i). The replay does exactly that. Information, not an error: the ' +
      'scenario is not wrong, but a reader should see that the spell did nothing; an `expect` line after it ' +
      '(`expect X in graveyard`) shows that it was meant. The same holds for an equip, fortify or reconfigure ' +
      'ability written as `activate X equip targeting H` and resolved later with `resolve X equip`: if its target ' +
      'is illegal by then (another player controls it, it left the battlefield, it gained protection), the ability ' +
      'does nothing and the Equipment does not move (MTG 608.2b; Riftbound: the unit must still be a unit the ' +
      'player of the Equip controls, 818.1.b.1, 818.1.c.2). Riftbound\'s spells and abilities that attach ' +
      '(`cast S targeting X to U`, `activate S attach targeting X to U`, each resolved later) check both ' +
      'targets again as they resolve: with either illegal (it changed zones, or no longer fits what was chosen), ' +
      'the spell or ability still resolves but attaches nothing (359.3.e.1, 359.3.e.2, 359.3.e.8; an ability as a spell does, 406.5), and ' +
      'a spell, played all the same, goes to its owner\'s trash (359.3.e.10, 359.3.d).',
    fixes: 'None: the replay already applied it.',
  },
  {
    code: 'source-left-before-resolution',
    kind: 'illegal-attachment',
    severity: 'information',
    title: 'Source left or changed before its ability resolved',
    riftboundTitle: 'Nothing attached as an ability resolved',
    // Each report names the rules that decide it: the source gone (113.7a, 400.7; Riftbound 124), phased out
    // (702.26b), unable to attach (701.3b), or Weaponmaster's gear with nothing to pay (821.1.c.4).
    rules: { mtg: [], riftbound: [] },
    doc:
      'An equip, fortify or reconfigure ability (Riftbound: Equip) was activated, and its Equipment left the ' +
      'battlefield (the board) before the ability resolved. The ability still resolves (MTG 113.7a: it exists ' +
      'apart from its source), but the card now in another zone is a new object (MTG 400.7; Riftbound 124), so ' +
      'nothing is attached. MTG: so it is when the Equipment phased out (702.26b: treated as though it does not ' +
      'exist) or can no longer be attached to the target (it became a creature, 301.5c; the target can\'t be ' +
      'equipped): the ability resolves and its attach does nothing (701.3b). The same holds for a living weapon ' +
      'trigger (702.92a): its Germ is created all the same, and with nothing attached a 0/0 Germ dies. ' +
      'Riftbound: a Weaponmaster trigger whose chosen Equipment has no Equip cost to pay, or can\'t be attached ' +
      'to the unit (the unit left the board), leaves the gear where it is (821.1.c.4, 821.1.c.5); a Quick-Draw ' +
      'trigger whose gear left the board before it resolved attaches nothing (124, 819.1.d). MTG: a ' +
      '`when put into a graveyard from the battlefield` trigger (Rancor, Oathkeeper) resolves and does ' +
      'nothing when what it acts on is a new object: the card left the graveyard it went to (400.7e, 400.7), ' +
      'or the creature it was attached to as it left is off the battlefield, having left with it or since ' +
      '(603.10a, 400.7). The replay ' +
      'does that. Information, not an error: an `expect` line after it shows that it was meant.',
    fixes: 'None: the replay already applied it.',
  },
  {
    code: 'resolve-out-of-order',
    kind: 'impossible-event',
    severity: 'error',
    title: 'Resolved out of stack order',
    rules: { mtg: ['405.5', '608.1'], riftbound: ['340.1'] },
    doc:
      'MTG: the stack resolves last in, first out (405.5, 608.1). A `resolve` line names a spell or ability that ' +
      'is on the stack, but something put there after it (an Aura spell cast, an ability activated in response) ' +
      'has not resolved yet. The line does nothing and what it names stays on the stack; resolve the top object ' +
      'first. Riftbound: the newest item on the chain resolves (340.1), the same.',
    fixes: 'Insert the resolution of the top object before the line (not safe: it changes what happens).',
  },
  {
    code: 'redundant-attach',
    kind: 'redundant-attach',
    severity: 'warning',
    title: 'Redundant attach',
    rules: { mtg: ['701.3b'], riftbound: ['434.1.g', '434.1.h'] },
    doc:
      'Attaching a card to what it is already attached to does nothing (MTG 701.3b; Riftbound 434.1.g/h). In MTG ' +
      'it does not become attached again, so it gets no new timestamp (701.3c gives one only for a different ' +
      'object or player) and "becomes attached" abilities do not trigger (603.2e; 603.2f before 2025-11-14). An ' +
      'attach that would be illegal anyway (an equip target the player does not control, say) is an ' +
      '`illegal-attachment`, not this.',
    fixes: 'Remove the line, or the part of a `together:` group (safe: it changes nothing in the replay; not safe when the line has another finding, which removing it would hide).',
  },
  {
    code: 'forced-aura-host',
    kind: 'unnamed-choice',
    severity: 'information',
    title: 'Aura host chosen by the rules',
    rules: { mtg: ['303.4f'], riftbound: [] },
    doc:
      'An Aura enters the battlefield without being cast and the scenario does not say what it enchants, but ' +
      'exactly one object or player could legally be enchanted, so the choice is forced: the replay attaches it ' +
      'there. The scenario should name it.',
    fixes: 'Insert ` attached to HOST` (safe: it writes down what the replay already did).',
  },
  {
    code: 'unnamed-aura-host',
    kind: 'unnamed-choice',
    severity: 'error',
    title: 'Aura host not named',
    rules: { mtg: ['303.4f'], riftbound: [] },
    doc:
      'An Aura enters the battlefield without being cast, the scenario does not say what it enchants, and ' +
      'several objects or players could be: the player under whose control it enters chooses one as it enters. ' +
      'The checker cannot make that choice, so the replay leaves the Aura in the zone it was in; what follows ' +
      'is judged on that board.',
    fixes: 'Insert ` attached to HOST` for one of the legal hosts (not safe: it is a choice).',
  },
  {
    code: 'ward-countered',
    kind: 'unnamed-choice',
    severity: 'information',
    title: 'Countered by ward',
    rules: { mtg: ['702.21a'], riftbound: [] },
    doc:
      'An Aura spell, or an effect that attaches and targets (`attach X to H targeting`), targets a permanent with ' +
      'ward that one of its controller\'s opponents controls. Ward triggers (702.21a) and counters the spell or ' +
      'ability unless its controller pays the ward cost; the scenario does not record the payment, so the replay ' +
      'counters it (701.6a): an Aura spell goes from the stack to its owner\'s graveyard and never resolves, and an ' +
      'effect that attaches attaches nothing. Information, not an error: not paying is a legal outcome, and a later ' +
      'line that needs the spell on the stack (`resolve X`) is reported where it goes wrong. If the cost was paid, ' +
      'write `paying ward` at the end of the line (`cast X targeting T paying ward`, `attach X to H targeting ' +
      'paying ward`); if the counter is meant, an `expect` line after it says so. Equip and fortify never trigger ' +
      'ward: they target only permanents their activator controls.',
    fixes: 'None: whether the cost was paid is the scenario\'s to say.',
  },
  {
    code: 'not-destroyed',
    kind: 'unnamed-choice',
    severity: 'information',
    title: 'Not destroyed',
    riftboundTitle: 'Not killed',
    rules: { mtg: [], riftbound: [] },
    doc:
      'An event destroys (Riftbound: kills) a card that the rules keep: MTG, it has indestructible (702.12b), ' +
      'an Aura on it has umbra armor and is destroyed instead (702.89a), a shield counter is removed from it ' +
      'instead (122.1c), or a regeneration shield replaces the destruction (701.19a); Riftbound, a gear attached to the unit ' +
      'says "If I would die, kill this instead" in its Effect Text, and the gear is killed instead (136.2.c). ' +
      'The replay does what the rules do: the card stays where it is, and the Aura or gear goes to its owner\'s ' +
      'graveyard (trash). Information, not an error: a legal outcome. If it is meant, an `expect` line after it ' +
      'says so; if not, take the ability away first, or write an event that is not a destruction (sacrifice, ' +
      'exile). With several Auras (gear) that could apply, the card\'s controller chooses one (616.1); the ' +
      'replay takes the oldest, and another choice is written as the destruction of that Aura (gear).',
    fixes: 'None: it is the rules\' outcome.',
  },
  {
    code: 'damage-prevented',
    kind: 'unnamed-choice',
    severity: 'information',
    title: 'Damage prevented',
    rules: { mtg: [], riftbound: [] },
    doc:
      'MTG: `deal N damage to X [from S]`, and the damage is prevented: X has protection from a quality S has (a ' +
      'color, a card type, S\'s controller, everything; 702.16e), or X has a shield counter, which is removed ' +
      '(122.1c). Nothing is marked (no -1/-1 counters from wither or infect, and deathtouch has nothing to count). ' +
      'The replay does what the rules do. Information, not an error: a legal outcome. If it is meant, an `expect` ' +
      'line after it says so; if not, take the protection away first (the Equipment or Aura that grants it, say), ' +
      'or name another source.',
    fixes: 'None: it is the rules\' outcome.',
  },
  {
    code: 'missing-unattach',
    kind: 'missing-unattach',
    severity: 'error',
    title: 'Missing unattach event',
    riftboundTitle: 'Missing detach event',
    rules: { mtg: ['701.3d'], riftbound: ['719.5'] },
    doc:
      'This event made an attachment stop being attached (MTG: its host left its zone, the enchanted player left, ' +
      'a state-based action took it off; Riftbound: its Top-Most card left the board), and the scenario does not ' +
      'record that. Each consequence must be written as its own line after its cause and before the next event ' +
      'that is not itself a consequence. The replay has already applied it.',
    fixes: 'Insert the missing `unattach`/`detach` line right after the cause (safe).',
  },
  {
    code: 'missing-state-based-action',
    kind: 'missing-state-based-action',
    severity: 'error',
    title: 'Missing state-based action',
    riftboundTitle: 'Missing cleanup action',
    rules: { mtg: ['704.3'], riftbound: [] },
    doc:
      'MTG: a state-based action follows from this event (704.3; an unattached or illegally attached Aura goes to ' +
      'its owner\'s graveyard, 704.5m; a creature with toughness 0 or less goes to its owner\'s graveyard, 704.5f, ' +
      'and one with lethal damage is destroyed, 704.5g), and the scenario does not record it. Riftbound: the cleanup that follows ' +
      'the event (319: after a card enters or leaves the board, a Move, a chain item, a change of phase) recalls a card ' +
      'as a corrective action (149.3; unattached gear at a battlefield, 457.1; a card in a base other than its ' +
      'controller\'s, 323.7), or kills a unit whose damage reaches its Might (323.5, 143.2.a); or a `turn` line starts a ' +
      'player\'s Beginning Phase, and Temporary kills a permanent of theirs (816.1.b); and the scenario does not ' +
      'record it. Either happens whether or not it is ' +
      'written down; the replay has applied it.',
    fixes: 'Insert the missing event right after the cause (safe).',
  },
  {
    code: 'ineffective-unattach',
    kind: 'ineffective-unattach',
    severity: 'warning',
    title: 'Unattach of something not attached',
    riftboundTitle: 'Detach of something not attached',
    rules: { mtg: ['701.3d'], riftbound: ['435.1.a'] },
    doc: 'The card is not attached (or not to the card named), so unattaching or detaching it does nothing.',
    fixes: 'Remove the line, or the part of a `together:` group (safe, unless the line has another finding the removal would hide; a finding about the whole group, such as a consequence of it, stays) or name the host it is attached to (not safe).',
  },
  {
    code: 'expectation-failed',
    kind: 'expectation-failed',
    severity: 'error',
    title: 'Expectation does not hold',
    rules: { mtg: [], riftbound: [] },
    doc: 'The `expect` line claims a state that the replay does not reach. The message says what the state actually is.',
    fixes: 'Change the expectation to the actual state (not safe: check the ruling first).',
  },
  {
    code: 'expected-finding-missing',
    kind: 'expectation-failed',
    severity: 'error',
    title: 'Expected finding not reported',
    rules: { mtg: [], riftbound: [] },
    doc:
      'A trailing `#! CODE RULE...` comment says that a finding with that code (citing at least those rules) ' +
      'starts on its line, and the check reports none there: the scenario no longer shows what it was written to ' +
      'show, the code is misspelt, or the marker sits on a line without a statement. Like a failed `expect`, it is ' +
      'about the scenario\'s own claims, so it cites no rule. See "Expected findings" in docs/language.md.',
    fixes: 'None: remove the marker if the line is right as it is, or change the line.',
  },
  {
    code: 'unwanted-finding',
    kind: 'expectation-failed',
    severity: 'error',
    title: 'Finding where none is expected',
    rules: { mtg: [], riftbound: [] },
    doc:
      'A trailing `#! no CODE` comment says that no finding with that code starts on its line, and the check ' +
      'reports one there (its message is quoted). It cites no rule: the finding it quotes cites those that decide it.',
    fixes: 'The fixes of the finding it quotes (fixing that makes the marker hold); otherwise remove the marker if the finding is right.',
  },
  {
    code: 'impossible-event',
    kind: 'impossible-event',
    severity: 'error',
    title: 'Impossible event',
    rules: { mtg: [], riftbound: [] },
    doc:
      'The event cannot happen in the state the replay has reached (resolving a spell that is not on the stack, ' +
      'equipping a card that is not on the battlefield, activating an ability the card does not have, such as ' +
      'the fortify ability of an Equipment, an action by a player who has left, an event on a phased-out ' +
      'permanent, any event after the game is over because one player is left in it). It is skipped; the ' +
      'message names the rule that rules it out where one does.',
    fixes: 'None.',
  },
  {
    code: 'unknown-name',
    kind: 'unknown-name',
    severity: 'error',
    title: 'Unknown name',
    rules: { mtg: [], riftbound: [] },
    doc: 'No card or player is declared with this name. Names are case-sensitive.',
    fixes: 'Replace with the closest declared name (not safe).',
  },
  {
    code: 'duplicate-name',
    kind: 'duplicate-name',
    severity: 'error',
    title: 'Duplicate name',
    rules: { mtg: [], riftbound: [] },
    doc: 'A card or player with this name is already declared. Every card and player needs its own name.',
    fixes: 'None: rename one of them.',
  },
  {
    code: 'syntax-error',
    kind: 'syntax-error',
    severity: 'error',
    title: 'Syntax error',
    rules: { mtg: [], riftbound: [] },
    doc: 'The line does not follow the board-scenario language (docs/language.md). The statement is skipped or kept as far as it parsed.',
    fixes: 'None.',
  },
  {
    code: 'include-not-found',
    kind: 'include',
    severity: 'error',
    title: 'Included file not found',
    rules: { mtg: [], riftbound: [] },
    doc:
      'The file an `include "PATH"` names can\'t be read: there is no such file (the path is relative to the including ' +
      'file), it is a folder, or it can\'t be read. A check of a bare text (no file) can\'t read any: the command line ' +
      'and the editor follow includes. The scenario is checked without the missing declarations, so names it should ' +
      'have declared are unknown.',
    fixes: 'None: correct the path.',
  },
  {
    code: 'include-outside-root',
    kind: 'include',
    severity: 'error',
    title: 'Included file outside the workspace',
    rules: { mtg: [], riftbound: [] },
    doc:
      'An include may read only files inside its root: the workspace folder in the editor; on the command line the ' +
      'folder given by `--include-root`, else the folder of the nearest `board-scenario.json` above the checked ' +
      'file, else the current working directory. A path that leaves it (`..` above it, an absolute path elsewhere, ' +
      'a symlink that points out of it: symlinks are resolved before the check) is not read.',
    fixes: 'None: move the shared file inside the root.',
  },
  {
    code: 'include-cycle',
    kind: 'include',
    severity: 'error',
    title: 'Include cycle',
    rules: { mtg: [], riftbound: [] },
    doc:
      'The included file includes, directly or through other files, the file that includes it. The message names the ' +
      'chain. The include that closes the cycle is not followed; every file of the chain reports it at its own include.',
    fixes: 'None: remove one include of the chain.',
  },
  {
    code: 'include-game-mismatch',
    kind: 'include',
    severity: 'error',
    title: 'Included file of another game',
    rules: { mtg: [], riftbound: [] },
    doc: 'The included file declares another `game` than the including one, so its cards are not read: an MTG scenario includes MTG cards, a Riftbound scenario Riftbound cards.',
    fixes: 'None.',
  },
  {
    code: 'include-events',
    kind: 'include',
    severity: 'warning',
    title: 'Events in an included file',
    rules: { mtg: [], riftbound: [] },
    doc:
      'An include takes the players and cards of a file (and what that file includes), never its events: the events of ' +
      'the included file are not replayed in the including scenario (they are checked when that file is checked itself).',
    fixes: 'None: keep only declarations in a file meant to be included.',
  },
  {
    code: 'include-errors',
    kind: 'include',
    severity: 'error',
    title: 'Errors in an included file',
    rules: { mtg: [], riftbound: [] },
    doc:
      'The files this include reaches have errors: syntax errors, a missing `game` line, includes of their own that ' +
      'fail, or declarations that are wrong in this scenario (a duplicate name across two included files, an unknown ' +
      'owner). The finding names the first and links to up to three; the included file\'s own check reports each at its line.',
    fixes: 'None: fix them in the included file.',
  },
  {
    code: 'unknown-rules-version',
    kind: 'syntax-error',
    severity: 'warning',
    title: 'Unknown rules version',
    rules: { mtg: [], riftbound: [] },
    doc:
      'The `rules` line names a version the checker does not know. Rule numbers are cited in the newest numbering. ' +
      'MTG versions are effective dates (2024-06-07; a date between two known versions means the one in force); ' +
      'Riftbound versions are v1.2, v1.3 or a date. The message lists the versions the checker knows.',
    fixes: 'None.',
  },
  {
    code: 'rules-file-version',
    kind: 'rules-file',
    severity: 'warning',
    title: 'Rules file of another version',
    rules: { mtg: [], riftbound: [] },
    doc:
      'Only in the editor, when `boardScenario.rulesFile.mtg` or `.riftbound` points to your own copy of the rules: the ' +
      'effective date your file states is a different rules version from the one the scenario\'s `rules` line declares. ' +
      'Findings still cite rule numbers as the scenario\'s version numbers them; hovers translate each number to your ' +
      'file\'s numbering before quoting it, but the official text may have changed between the two versions. ' +
      'The ruling itself does not depend on your file.',
    fixes: 'Change the `rules` line to your file\'s version (not safe: it changes the numbering every finding cites).',
  },
  {
    code: 'rules-file-no-rules-line',
    kind: 'rules-file',
    severity: 'information',
    title: 'Rules file of another version than the newest',
    rules: { mtg: [], riftbound: [] },
    doc:
      'Only in the editor, when a rules file is set: the scenario has no `rules` line, so its findings cite the newest ' +
      'rules the checker knows, and your file is an older (or newer) version. Hovers translate each number before ' +
      'quoting your file. Add a `rules` line to cite in your file\'s numbering.',
    fixes: 'Insert a `rules` line with your file\'s version (not safe: it changes the numbering every finding cites).',
  },
  {
    code: 'file-too-large',
    kind: 'editor-limit',
    severity: 'warning',
    title: 'File too large for the editor',
    rules: { mtg: [], riftbound: [] },
    doc: 'The editor checks files up to 5 MB as you work; a larger file gets this one warning instead of being checked. Check it with `board-scenario check`.',
    fixes: 'None.',
    editorOnly: true,
  },
  {
    code: 'too-many-problems',
    kind: 'editor-limit',
    severity: 'information',
    title: 'More problems than the editor shows',
    rules: { mtg: [], riftbound: [] },
    doc: 'The editor shows the first 999 findings of a file and this note with the number left out (binary or badly broken files). Check the whole file with `board-scenario check`.',
    fixes: 'None.',
    editorOnly: true,
  },
  {
    code: 'card-mismatch',
    kind: 'card-data',
    severity: 'warning',
    title: 'Declaration contradicts the card',
    rules: { mtg: ['109.3'], riftbound: ['133.1'] },
    doc:
      'Only with card data (`--cards`, the `boardScenario.cards.*` settings, the project file\'s `cards`): the card ' +
      'declared by this name has another type line, enchant filter, equip quality, color (MTG) or Might, Might Bonus ' +
      '(Riftbound) in your card file than the declaration writes. A card\'s characteristics are what is printed on it ' +
      '(MTG 109.3, 205.1; Riftbound 133.1) unless an effect changes them, so the declaration wins (a scenario may describe ' +
      'a card under an effect) and the replay uses it; the warning says that the two disagree. See docs/cards.md.',
    fixes: 'Write the card\'s value (not safe: it changes what the replay reads).',
  },
  {
    code: 'unknown-card',
    kind: 'card-data',
    severity: 'information',
    title: 'Card not in the card data',
    rules: { mtg: ['201.2'], riftbound: ['132.1'] },
    doc:
      'Only with card data: no card of the scenario\'s game has this name in your card files, so the declaration takes ' +
      'nothing from them (a card of your own, or a misspelling; MTG 201.2 and Riftbound 132.1: a card is known by its ' +
      'name). The closest names are offered. A declaration without a type line then needs one.',
    fixes: 'Replace the name with one of the closest card names (not safe).',
  },
];

export const REGISTRY: ReadonlyMap<string, CodeInfo> = new Map(entries.map((e) => [e.code, e]));

/** The code's title in the terms of `game`. */
export function titleFor(info: CodeInfo, game: Game | undefined): string {
  return game === 'riftbound' && info.riftboundTitle ? info.riftboundTitle : info.title;
}

export function codeInfo(code: string): CodeInfo {
  const info = REGISTRY.get(code);
  if (!info) throw new Error(`finding code '${code}' is not in the registry`);
  return info;
}

/** Where the documentation of a code lives (used for LSP `codeDescription`). */
export const DOCS_URL = 'https://github.com/board-scenario/board-scenario/blob/main/docs/diagnostics.md';

export function codeDocUrl(code: string): string {
  return `${DOCS_URL}#${code}`;
}
