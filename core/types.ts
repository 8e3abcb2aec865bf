// The public data types of the attach rules core. Pure data: no LSP, no `vscode`.
// Positions are 0-based lines and UTF-16 code unit columns, exactly as in LSP, so the server and
// the CLI's JSON output can pass them through unchanged.
import type { Message } from './message';
import type { IncludeParses } from './analysis/includes';

export interface Position {
  line: number;
  character: number;
}

export interface Range {
  start: Position;
  end: Position;
}

export interface TextEdit {
  range: Range;
  newText: string;
}

export type Severity = 'error' | 'warning' | 'information' | 'hint';

/**
 * The kinds of finding. Every code in the registry belongs to exactly one kind. All kinds but one
 * are about the scenario's text and its ruling; `rules-file` is about how the scenario relates to
 * the user's own copy of the official rules (editor setting `boardScenario.rulesFile.*`): it never
 * changes a ruling, only says which rules text the hovers quote.
 */
export type FindingKind =
  | 'illegal-attachment'
  | 'redundant-attach'
  | 'missing-unattach'
  | 'missing-state-based-action'
  | 'ineffective-unattach'
  | 'expectation-failed'
  | 'impossible-event'
  /** The rules make a choice (or leave one to a player) that the scenario does not write down. */
  | 'unnamed-choice'
  | 'unknown-name'
  | 'duplicate-name'
  | 'syntax-error'
  /** An `include` that can't be followed, or the files it reaches have errors. */
  | 'include'
  | 'rules-file'
  /** The user's card data: a declaration that contradicts its card, a name the data lacks (core/cards). */
  | 'card-data'
  /** The editor's own limits (a file too large to check as you type, a capped publish); made by the server. */
  | 'editor-limit';

export type Game = 'mtg' | 'riftbound';

export interface Fix {
  /** The English title (`renderMessage(titleText)` when it has one). */
  title: string;
  /** The title as a template and its arguments, for the edges to show in the user's language. */
  titleText?: Message;
  /** Safe fixes never change what the scenario means beyond the finding they fix; fix-all applies only these. */
  safe: boolean;
  edits: TextEdit[];
  /**
   * A removal of a part of a `together:` group that changed nothing (an ineffective unattach, a
   * redundant attach): the group's range. A finding on the whole group (a consequence of it) is not
   * hidden by the removal, which leaves the group doing what it did (fix-all may apply both at once).
   */
  keeps?: Range;
  /**
   * A safe fix made not safe because it would change the text of other findings it doesn't fix
   * (demoteHidingFixes): fix-all still takes it when it takes a fix of each of those findings,
   * which are then fixed, not hidden (safeFixEdits). Never set on a safe fix.
   */
  hiding?: true;
}

export interface RelatedLocation {
  range: Range;
  /** The English text (`renderMessage(text)` when it has one). */
  message: string;
  /** The text as a template and its arguments, for the edges to show in the user's language. */
  text?: Message;
  /** The file it is in when that is another file than the finding's (an included file): the include host's uri for it. */
  uri?: string;
}

/**
 * How the core reads the files a scenario includes (`include "PATH"`): given by the caller (the CLI
 * reads the disk, the editor its open documents and then the disk), synchronous, and the only way
 * an included text reaches the core. `from` is the uri of the including file (the checked file's
 * own `uri` option, or a uri this host returned); the answer is the included file's canonical uri
 * (the same file always gets the same uri: cycles are found by it) and its text, or why it can't be
 * read: `missing` (no such file, or not a file), `outside` (the path leaves the folder includes may
 * read, after symlinks are resolved), `unreadable` (any other reason). `message` says it in words.
 */
export interface IncludeHost {
  read(from: string, path: string): { uri: string; text: string } | { error: 'missing' | 'outside' | 'unreadable'; message: string };
  /**
   * Parses of the included files kept across the checks that use this host's files
   * (core/analysis/includes.ts): a host that returns the same text for a file that did not change
   * lets many scenarios including one pool parse it once. Without it, each check parses its includes.
   */
  parses?: IncludeParses;
  /**
   * The checked file's uri, when the check's options give none (`uri`): asked only when the check
   * meets an include, so a host can find it then (the command line's costs an lstat, which a file
   * without includes never pays).
   */
  checkedUri?(): string;
}

export interface Finding {
  /** Stable code from the registry (core/diagnostics/registry.ts), e.g. `redundant-attach`. */
  code: string;
  kind: FindingKind;
  severity: Severity;
  /** Rule numbers that decide the finding, in the numbering of the scenario's declared rules version. */
  rules: string[];
  /** What happened, why, and what to do: the English text, `renderMessage(text)` (JSON and SARIF keep it). */
  message: string;
  /** The same as one whole-sentence template and its arguments (core/message.ts): what the edges translate. */
  text: Message;
  range: Range;
  related: RelatedLocation[];
  fixes: Fix[];
  /** Card or player ids the finding is about (for highlighting). */
  subjects: string[];
  /**
   * An expectation written in the scenario (`#! CODE` on its start line) says this finding is
   * intended: it is reported, but it is no failure (the CLI's exit status, `--max-warnings`, the
   * scenario as a test), and its fixes are not safe (fixing it would make the expectation fail).
   */
  expected?: boolean;
}

/** A card's state at a point of the replay, for hovers, inlay hints and pictures. */
export interface CardView {
  id: string;
  name: string;
  /** MTG: a double-faced card's face that is up (712.8d, 712.8e); absent for any other card. */
  face?: 'front' | 'back';
  /** MTG: a merged permanent's cards, the top one first (730.2); absent for any other card. */
  merged?: string[];
  /** A permanent that is a copy of another object (MTG 707.2; Riftbound 477.1.b): that object's id; absent for any other card. */
  copyOf?: string;
  owner: string | undefined;
  controller: string | undefined;
  /** MTG: the attachment whose grant gives `controller` control ("You control enchanted creature", 613.1b), when one's does. */
  controlVia?: string;
  /** e.g. `battlefield`, `graveyard`, `stack`; Riftbound `base`, `battlefield:NAME`, `trash`. */
  zone: string;
  /** Riftbound: whose base the card is in, when `zone` is `base` (it can be another player's than its controller's). */
  base?: string;
  supertypes: string[];
  types: string[];
  subtypes: string[];
  colors: string[];
  /** MTG: it chooses a color as it becomes attached (Sanctuary Blade, 607.2d), and the color it chose as it last did, when one was. */
  choosesColor?: { chosen?: string; /** It chooses as it enters (Benevolent Blessing), not as it becomes attached. */ entering?: true };
  /** MTG: its protections, each as `white` or `white (not removing cho)` (702.16n/p); absent when none. */
  protections?: string[];
  /** MTG: abilities an effect removed (113.10): `all`, `enchant`, `equip`; absent when none (and for a face-down permanent, which has no text: `faceDown`). */
  lost?: string[];
  /**
   * MTG: a face-down permanent or spell (708): how it became face down (`face-down`: turned face down, or cast face
   * down; `manifested`, 701.40a; `cloaked`, 701.58a) and its face-up card's name, which its controller may look at
   * (708.5); `name` is then empty (708.2a). Absent for a face-up card.
   */
  faceDown?: { how: 'face-down' | 'manifested' | 'cloaked'; name: string };
  /** Card or player id it is attached to, or null. */
  attachedTo: string | null;
  /** Ids of the cards attached to it. */
  attachments: string[];
  /** Timestamp (MTG 613.7); increases each time it enters a zone or becomes attached. */
  timestamp: number;
  phasedOut: boolean;
  /** An effect that ends changes its characteristics or abilities now: until end of turn (MTG 514.2; Riftbound this turn, 317.2.c) or until a player's next turn (MTG 611.2a); absent when none does. */
  temporary?: true;
  /** Riftbound: printed Might, and Might including attached cards' bonuses and its buff (703). */
  might?: number;
  effectiveMight?: number;
  /** MTG: printed toughness, and toughness with what its attachments (613.4c) and counters (122.1a) add, when the scenario states it. */
  toughness?: number;
  effectiveToughness?: number;
  /** MTG: printed power, and power with what its attachments, counters and static effects add (613.4c, 122.1a), when the scenario states it. */
  power?: number;
  effectivePower?: number;
  /** Damage marked on it (MTG 120.6; Riftbound 143.3), when there is some. */
  damage?: number;
  /** The counters on it by kind (MTG `+1/+1`, `-1/-1`, 122.1a; Riftbound `buff`, 702), when there are some. */
  counters?: Record<string, number>;
  exhausted?: boolean;
  /** Riftbound: stunned (423.1.a) and empowered (441.1.a), when it is. */
  stunned?: true;
  empowered?: true;
  /** MTG: tapped (110.5). */
  tapped?: boolean;
  /** Its declared triggered abilities about attachment (`when attached`...) and how often they have triggered so far (MTG 603.2e; Riftbound 725). */
  triggers?: { phrases: string[]; count: number };
  /** Keyword abilities it has, as they read (`flying`; Riftbound `Shield`), then MTG targeting keywords (`hexproof`, `hexproof from black`, `shroud`, `ward 2`); ` (from X)` after one an attachment X grants. */
  keywords?: string[];
  /**
   * Its part in the combat going on, when it has one: MTG attacking or blocking (508.1, 509.1), Riftbound
   * `attacking` for the Attacker designation and `defending` for the Defender one (464.2.c). MTG: `blocks`,
   * the attacking creature it blocks (509.1a); `blocked`, an attacking creature blockers were declared for
   * (it stays blocked, 509.1h).
   */
  combat?: { role: 'attacking' | 'blocking' | 'defending'; blocks?: string; blocked?: true };
}

export interface PlayerView {
  id: string;
  left: boolean;
  /** Ids of the cards attached to this player (Curses). */
  attachments: string[];
  /** MTG: hexproof or shroud the player has. */
  keywords?: string[];
  /** It is this player's turn, in this step or phase (`turn P STEP`: MTG upkeep, draw, main, combat, end; Riftbound awaken, ..., main, showdown, combat, end). */
  turn?: string;
}

export interface BoardView {
  game: Game;
  players: PlayerView[];
  cards: CardView[];
  /** The stack (Riftbound: the chain), bottom first: spells and pending abilities with their targets. */
  stack?: StackItemView[];
}

/** An object on the stack: a spell (`id` is its card) or an ability of the card `id` (`ability` says which). */
export interface StackItemView {
  kind: 'spell' | 'ability';
  id: string;
  ability?: string;
  /** The card or player it targets. */
  target?: string;
  /** Riftbound: a spell or ability that attaches (434.3): the card it attaches, `target` the unit it attaches it to. */
  attaching?: string;
  /** Who controls it (who activated the ability, or cast the spell). */
  controller?: string;
}

/** One replayed event: its line range and what it changed, for inlay hints and step review. */
export interface Step {
  /** Range of the whole event statement. */
  range: Range;
  /** Short human summary of the attachment state it produced, e.g. `splitter → lion (t5)`. */
  summary: string;
  /** The summary as a template and its arguments (core/message.ts), for the edges to translate. */
  summaryText?: Message;
}

export interface CheckResult {
  game: Game | undefined;
  /** The rules version the scenario declares (`rules ...`), if any. */
  rulesVersion: string | undefined;
  findings: Finding[];
  /**
   * Only with the `maxFindings` option, and only when the scenario has more findings than that:
   * how many were left out of `findings` (all after the kept ones in order), by severity.
   */
  omitted?: Record<Severity, number>;
  steps: Step[];
  stats: { statements: number; events: number; expectations: number };
}
