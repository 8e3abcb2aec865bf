// Completion, from the words of the statement before the cursor (a statement may continue on
// indented lines). At a statement start: declarations before the first event, verbs after. Inside
// a statement: what the grammar allows there, with the board at that line deciding the order of
// card names (legal hosts first for attach, equip and fortify).
import {
  COLORS,
  DECLARATION_KEYWORDS,
  EVENT_VERBS,
  PART_VERBS,
  TURN_UP_COSTS,
  MTG_CARD_TYPES as CORE_MTG_CARD_TYPES,
  MTG_KEYWORDS,
  RIFTBOUND_KEYWORDS,
  keywordSecondWord,
  VALUED_KEYWORDS,
  MTG_SUPERTYPES,
  MTG_ZONES,
  MTG_STEPS,
  RIFTBOUND_PHASES,
  RIFTBOUND_CARD_TYPES,
  RIFTBOUND_ZONES,
  isEvent,
  countersText,
  type CounterKind,
  declarationsOf,
  knownVersions,
  lex,
  type LogicalLine,
  type BoardView,
  type CardView,
  type Game,
  type HostVerb,
  type CardCatalogs,
  type Message,
  MTG_COMBAT_RESTRICTIONS,
  ENTER_STATUS_WORDS,
} from '../../core';
import { CompletionItemKind, type CompletionItem, type CompletionList, type Position, type Range } from 'vscode-languageserver';
import type { DocumentState } from './documents';
import { typeLineText } from './names';
import { snippetItems } from './snippets';
import { lineText, withoutSource } from './util';
import { messageText, t, zoneName } from './l10n';

// Card types, supertypes, zones and colors come from the rules core (one list per game).
const MTG_CARD_TYPES = CORE_MTG_CARD_TYPES.filter((t) => t !== 'tribal'); // 'tribal' is only read, as 'kindred'
const MTG_SUBTYPES = ['Aura', 'Equipment', 'Fortification', 'Curse'];
const RIFTBOUND_TAGS = ['Equipment'];
const QUALITIES = ['artifacts', 'creatures', 'enchantments', 'lands', 'planeswalkers', 'everything', 'multicolored', 'monocolored'];
/**
 * MTG's clauses after a filter's words, each offered unless written already: `with another Aura attached
 * to it` (Daybreak Coronet) and `with toughness` (Gate Smasher: `with toughness 4 or greater`).
 */
function withAura(written: readonly string[]): string[] {
  const out: string[] = [];
  if (!written.includes('another')) out.push('with another Aura attached to it');
  if (!written.includes('toughness')) out.push('with toughness');
  return out;
}

/**
 * Inside a filter's `with` clause (MTG): after `with`, the rest of each clause not written yet; after
 * `with toughness`, a number (nothing offered); after the number, `or greater` and `or less`; after its
 * `or`, `greater` and `less`. Undefined when the cursor is not in one.
 */
function withClauseNext(clause: readonly string[]): string[] | undefined {
  const n = clause.length;
  const prev = clause[n - 1];
  if (prev === 'with') return [...(clause.includes('another') ? [] : ['another Aura attached to it']), ...(clause.includes('toughness') ? [] : ['toughness'])];
  if (prev === 'toughness' && clause[n - 2] === 'with') return [];
  if (clause[n - 2] === 'toughness' && clause[n - 3] === 'with') return ['or greater', 'or less'];
  if (prev === 'or' && clause[n - 3] === 'toughness' && clause[n - 4] === 'with') return ['greater', 'less'];
  return undefined;
}

/** The zones an MTG enchant filter may name (109.2a), after its words. */
const GRAVEYARD_WHOSE = ['in a graveyard', 'in your graveyard', "in an opponent's graveyard"];
const ENCHANT_WORDS = ['creature', 'artifact', 'enchantment', 'land', 'planeswalker', 'permanent', 'player', 'opponent', 'nonland', 'noncreature'];

interface PTok {
  text: string;
  kind: 'word' | 'string' | 'comma' | 'colon' | 'dash' | 'semicolon' | 'cost' | 'bracket';
}

/**
 * The statement's tokens before the cursor, including the lines it continues from, from the core's
 * lexer (one lexer serves every reader). `partial` is a word being typed at the cursor. Nothing
 * inside a comment or an open string.
 */
function statementBefore(state: DocumentState, pos: Position): { toks: PTok[]; partial: string; startLine: number } | undefined {
  const doc = state.document;
  const current = lineText(doc, pos.line).slice(0, pos.character);
  let startLine = pos.line;
  if (/^\s/.test(current) || (current.trim() === '' && /^\s/.test(lineText(doc, pos.line)))) {
    // A continuation line: the statement starts at the nearest line above that is not indented
    // (blank lines and comment-only lines are skipped, as the lexer skips them).
    for (let l = pos.line - 1; l >= 0; l--) {
      const text = lineText(doc, l);
      if (text.trim() === '' || text.trimStart().startsWith('#')) continue;
      if (!/^\s/.test(text)) {
        startLine = l;
        break;
      }
    }
  }
  const before = doc.getText({ start: { line: startLine, character: 0 }, end: pos });
  let last: LogicalLine | undefined;
  const lexed = lex(before, (line) => {
    last = line;
  });
  const cursorLine = pos.line - startLine;
  if (lexed.comments.some((c) => c.range.start.line === cursorLine)) return undefined;
  if (lexed.problems.some((p) => p.unterminated && p.range.start.line === cursorLine)) return undefined;
  // The text starts where the statement starts, so its last logical line is that statement.
  // Brackets around a Riftbound keyword as cards print it (`[Shield 2]`) change nothing of what may follow.
  const tokens = (last?.tokens ?? []).filter((t) => t.type !== 'bracket');
  // A period that ends a sentence of card text separates a declaration's properties as a comma does.
  const toks: PTok[] = tokens.map((t) => ({ text: t.type === 'period' ? ',' : t.text, kind: t.type === 'number' ? 'word' : t.type === 'period' ? 'comma' : t.type }));
  // The word the cursor is in (no space after it yet) is being typed.
  const end = tokens[tokens.length - 1];
  let partial = '';
  if (end && end.line === cursorLine && end.end === current.length && (end.type === 'word' || end.type === 'number')) {
    partial = end.text;
    toks.pop();
  }
  return { toks, partial, startLine };
}

type Want =
  | { kind: 'statement' }
  | { kind: 'words'; words: string[]; item: CompletionItemKind }
  | {
      kind: 'cards';
      rank?: (c: CardView) => number | undefined;
      players?: (p: string) => number | undefined;
      /** Why a card or player is not a legal host here (completion marks it and says why). */
      illegal?: (id: string) => { why: string; whyText?: Message; rules: string[] } | undefined;
      /** Words offered among the cards (`expect X has`: the abilities), ranked as the cards are. */
      also?: { words: string[]; rank: (w: string) => number };
    }
  | { kind: 'players' }
  | { kind: 'none' };

const words = (list: readonly string[], item: CompletionItemKind = CompletionItemKind.Keyword): Want => ({ kind: 'words', words: [...list], item });
const NONE: Want = { kind: 'none' };

export function completion(state: DocumentState, pos: Position, options: { snippets?: boolean } = {}): CompletionItem[] {
  const st = statementBefore(state, pos);
  if (!st) return [];
  const partialRange: Range = { start: { line: pos.line, character: pos.character - st.partial.length }, end: pos };
  const want = st.toks.length === 0 ? ({ kind: 'statement' } as Want) : st.toks[0].text === 'together' ? partWant(state, st.toks, pos.line) : wantAfter(state, st.toks.map((t) => t.text), st.toks, pos.line);
  const out = items(state, want, partialRange, pos.line, st.startLine, st.toks);
  // Snippets only where a statement starts (never among hosts or names), and only those whose
  // first word is one offered there.
  if (options.snippets && want.kind === 'statement' && st.startLine === pos.line) {
    const offered = statementWords(state, st.startLine);
    if (offered.kind === 'words') out.push(...snippetItems(partialRange, new Set(offered.words), state.header.game));
  }
  return out;
}

/** `card ID "` and the part of the name typed so far (with its escapes), at the start of a line. */
const CARD_NAME_BEFORE = /^card\s+\p{L}[\p{L}\p{N}_-]*\s+"((?:[^"\\]|\\.)*)$/u;
/** The rest of a name after the cursor, up to and with its closing quote. */
const CARD_NAME_AFTER = /^(?:[^"\\]|\\.)*"/;
/** At most this many names per answer: the list is incomplete, and asked for again as the name grows. */
export const CARD_NAMES_MAX = 50;

/**
 * Inside the quoted name of a card declaration: names from the user's card data for the
 * scenario's game (core's CardCatalog.complete: prefix, word prefix, letters in order, then
 * edit distance). Inserts the name and its closing quote and nothing else (the checker reads the
 * rest from the card). Undefined where this is not a card's name, or there is no card data.
 */
export function cardNameCompletion(state: DocumentState, pos: Position, cards: CardCatalogs | undefined): CompletionList | undefined {
  const catalog = cards?.[state.game];
  if (!catalog) return undefined;
  const line = lineText(state.document, pos.line);
  const m = CARD_NAME_BEFORE.exec(line.slice(0, pos.character));
  if (!m) return undefined;
  const typed = m[1].replace(/\\(.)/g, '$1');
  const rest = CARD_NAME_AFTER.exec(line.slice(pos.character));
  const range: Range = { start: { line: pos.line, character: pos.character - m[1].length }, end: { line: pos.line, character: pos.character + (rest ? rest[0].length : 0) } };
  const items: CompletionItem[] = catalog.complete(typed, CARD_NAMES_MAX).map((name, i) => ({
    label: name,
    kind: CompletionItemKind.Value,
    detail: catalog.lookup(name)?.typeLine || undefined,
    // Our order (prefix, then fuzzy), and every item kept by the client's own filter.
    sortText: String(i).padStart(3, '0'),
    filterText: m[1],
    textEdit: { range, newText: name.replace(/\\/g, '\\\\').replace(/"/g, '\\"') + '"' },
  }));
  return { isIncomplete: true, items };
}

/** In `together: PART; PART...`: the part being written is a statement of its own, after the last `:` or `;`. */
function partWant(state: DocumentState, toks: PTok[], line: number): Want {
  let from = -1;
  for (let i = toks.length - 1; i >= 0 && from < 0; i--) if (toks[i].kind === 'semicolon' || (toks[i].kind === 'colon' && i === 1)) from = i + 1;
  if (from < 0) return NONE;
  const part = toks.slice(from);
  if (part.length === 0) return words(verbsOf(state.game, PART_VERBS));
  if (!(PART_VERBS as readonly string[]).includes(part[0].text)) return NONE;
  return wantAfter(state, part.map((t) => t.text), part, line);
}

/**
 * Verbs of one game only: MTG's counters (122.1a, 122.6), regeneration (701.19a) and blocks (509.1a), Riftbound's
 * buffs (426.1, 702.2.b). Not offered in the other game (both games attack: MTG `attack with`, Riftbound `attack at battlefield`).
 */
const GAME_ONLY_VERBS: Record<Game, readonly string[]> = { mtg: ['put', 'remove', 'regenerate', 'block', 'transform', 'manifest', 'cloak'], riftbound: ['buff', 'spend', 'banish', 'stun', 'empower', 'disempower', 'order'] };

/** The verbs of `list` a scenario of `game` may use (the other game's own verbs left out). */
function verbsOf(game: Game, list: readonly string[]): string[] {
  const other = GAME_ONLY_VERBS[game === 'mtg' ? 'riftbound' : 'mtg'];
  return list.filter((v) => !other.includes(v));
}

/** The kinds of counter a game's cards have (MTG 122.1a, 122.1c, 122.1: hone; Riftbound 702), as a scenario writes them. */
const COUNTER_KINDS: Record<Game, readonly CounterKind[]> = { mtg: ['+1/+1', '-1/-1', 'shield', 'hone'], riftbound: ['buff'] };
/** The counts completion offers before a kind of counter. */
const COUNTER_COUNTS = ['a', '1', '2', '3'];
const isCount = (w: string | undefined) => w !== undefined && (w === 'a' || w === 'an' || /^[0-9]+$/.test(w));
/** `counter` after one (`a +1/+1 counter`), `counters` otherwise; the parser reads either. */
const counterWord = (count: string) => (count === 'a' || count === 'an' || count === '1' ? 'counter' : 'counters');

/** The parts in a combat an `expect` may name (MTG 508.1, 509.1; Riftbound's Attacker and Defender, 464.2.c), each also after `not`. */
const COMBAT_ROLES: Record<Game, readonly string[]> = { mtg: ['attacking', 'blocking'], riftbound: ['attacking', 'defending'] };
/**
 * MTG restrictions on combat (508.1c, 509.1b), a creature's own or granted (`enchanted creature can't attack or block`):
 * held as abilities by the core, but no keyword a `gains` or `loses` line takes. The whole Pacifism phrase first.
 */
const COMBAT_RESTRICTIONS = [...MTG_COMBAT_RESTRICTIONS].sort((a, b) => b.length - a.length);

/**
 * After `can't` in a clause (`attack` or `block` at `at`, `n` words written): the rest of a restriction on
 * combat (508.1c, 509.1b), `or block` after `attack`; undefined when the clause is no such restriction.
 */
function restrictionWant(clause: readonly string[], at: number, n: number): Want | undefined {
  if (clause[at] === 'block') return NONE;
  if (clause[at] !== 'attack') return undefined;
  return n === at + 1 ? words(['or']) : n === at + 2 && clause[at + 1] === 'or' ? words(['block']) : NONE;
}

/** The battlefields where Riftbound units are now, those with units of two controllers first (a combat needs both, 323.9). */
function battlefieldsOf(board: BoardView): string[] {
  const controllers = new Map<string, Set<string | undefined>>();
  for (const c of board.cards) {
    if (!c.zone.startsWith('battlefield:') || !c.types.includes('unit')) continue;
    const place = c.zone.slice('battlefield:'.length);
    let set = controllers.get(place);
    if (!set) controllers.set(place, (set = new Set()));
    set.add(c.controller);
  }
  const contested = (b: string) => (controllers.get(b)!.size > 1 ? 0 : 1);
  return [...controllers.keys()].sort((a, b) => contested(a) - contested(b) || a.localeCompare(b));
}

/** A keyword that decides what the damage its source deals does (MTG 702.2b, 702.80a, 702.90c), granted ones included (`deathtouch (from collar)`). */
const isDamageKeyword = (k: string) => /^(deathtouch|wither|infect)\b/.test(k);

function onBoard(game: Game, c: CardView): boolean {
  return game === 'mtg' ? c.zone === 'battlefield' : c.zone === 'base' || c.zone.startsWith('battlefield');
}

/** MTG targeting keywords (702.11, 702.18, 702.21): after `gains X`, and as card properties. */
const TARGETING_KEYWORDS = ['hexproof', 'shroud', 'ward'];
const TARGETING_PROPERTIES = ['hexproof', 'hexproof from', 'shroud', 'ward'];
/** Keyword abilities with no rule of their own here (`flying`, `first strike`; Riftbound `Shield`): the core's lists. */
const KEYWORDS: Record<Game, readonly string[]> = { mtg: MTG_KEYWORDS, riftbound: RIFTBOUND_KEYWORDS };
/**
 * What an attachment gives or takes from what it is attached to (MTG 613.1f; Riftbound 718.3), as
 * a property starts: the head. Those of the card's own kind of attachment come first.
 */
const GRANT_HEADS: Record<Game, readonly string[]> = {
  mtg: ['equipped creature has', 'enchanted creature has', 'enchanted permanent has', 'fortified land has', 'equipped creature gets', 'enchanted creature gets', "enchanted creature can't attack or block"],
  riftbound: ['equipped unit has'],
};
/** The attached object after `equipped`, `enchanted`, `fortified` (`enchanted Equipment`: an Aura's grant to an Equipment, 613.7a). */
const GRANT_NOUNS: Record<Game, Record<string, readonly string[]>> = {
  mtg: { equipped: ['creature'], enchanted: ['creature', 'permanent', 'Equipment', 'artifact', 'land'], fortified: ['land'] },
  riftbound: { equipped: ['unit'] },
};
/** After `can't be` in a grant: the attaching it forbids, and what `by other` names (`enchanted ... can't be enchanted by other Auras`). */
const GRANT_CANT: Record<string, readonly [string, string]> = { enchanted: ['enchanted', 'Auras'], equipped: ['equipped', 'Equipment'], fortified: ['fortified', 'Fortifications'] };
/** The attachment subtype whose grants start with each word. */
const GRANT_SUBTYPE: Record<string, string> = { equipped: 'Equipment', enchanted: 'Aura', fortified: 'Fortification' };

/** The named activated abilities a card has now (`ability shoot`), its own and granted, from its view's keywords. */
function namedAbilities(c: CardView | undefined): string[] {
  return (c?.keywords ?? []).map(offeredAbility).filter((k) => k.startsWith('ability '));
}

/** The abilities a grant, `gains X` or `expect X has` may name: the game's keywords, then (MTG) protection and the targeting keywords, and `ability` (NAME). */
function abilityWords(game: Game): string[] {
  // `ability NAME` too: an activated ability the scenario names (301.5d, 303.4e).
  return game === 'mtg' ? [...KEYWORDS.mtg, 'protection from', ...TARGETING_PROPERTIES, 'ability'] : [...KEYWORDS.riftbound, 'ability'];
}

/** An ability as a completion offers it, from a card view's label (`first strike`, `hexproof from black`, `ward 2`, `flying (from sword)`). */
function offeredAbility(label: string): string {
  const bare = withoutSource(label);
  const first = bare.split(' ')[0];
  // `Shield 3` (Riftbound, its value summed: 814.2) is the keyword `Shield`.
  return TARGETING_KEYWORDS.includes(first) || VALUED_KEYWORDS.includes(first) ? first : bare;
}

/**
 * What follows `rest`, the words of abilities written so far (after a grant's `has`/`loses`, or
 * `expect X has`): an ability, its words (`from` after `protection`, a quality after `from`,
 * `strike` after `first`), and in a grant's list `and` after each one.
 */
function abilityWant(state: DocumentState, rest: string[], list: boolean): Want {
  const game = state.game;
  const n = rest.length;
  const last = rest[n - 1];
  const prev = rest[n - 2];
  if (n === 0 || (list && last === 'and')) {
    // `protection from red and from blue`: the second protection may leave out `protection`.
    const afterProtection = n >= 4 && rest[n - 3] === 'from' && (rest[n - 4] === 'protection' || rest[n - 4] === 'and');
    return words([...(afterProtection ? ['from'] : []), ...abilityWords(game)]);
  }
  if (last === 'protection' || (game === 'mtg' && last === 'hexproof')) return words(['from', ...(list && last === 'hexproof' ? ['and'] : [])]);
  if (last === 'from') {
    const players = prev === 'hexproof' ? [] : state.names.playerIds();
    return { kind: 'words', words: [...COLORS, ...QUALITIES, ...players], item: CompletionItemKind.Value };
  }
  const second = keywordSecondWord(last);
  if (second) return words([second]);
  return list ? words(['and']) : NONE;
}

/** What a casting prohibition or permission names: the card types of spells (lands are played, not cast), and the common others. */
const SPELL_WORDS = [...CORE_MTG_CARD_TYPES.filter((t) => t !== 'land' && t !== 'tribal'), 'noncreature', 'Aura', 'Equipment'];

const hasSub = (c: CardView | undefined, s: string) => !!c && c.subtypes.includes(s);
/** The card is declared with an ability that attaches (`attach target ... to target ...`; Riftbound 434.2.a, 377.3): what `activate X attach` uses. */
function declaresAttach(state: DocumentState, id: string): boolean {
  const stmt = state.names.declarations.get(id)?.stmt;
  return stmt?.kind === 'card' && stmt.props.some((p) => p.kind === 'attach-targets');
}

/** The card is declared a token (MTG 111.1): what `resolve X living weapon creating T` (`for mirrodin`, `job select`) names. */
function isToken(state: DocumentState, id: string): boolean {
  const stmt = state.names.declarations.get(id)?.stmt;
  return stmt?.kind === 'card' && stmt.props.some((p) => p.kind === 'flag' && p.flag === 'token');
}

/** The back faces declared (`back face`, MTG 712.2) that no card transforms into yet: what `transforms into` names. */
function backFaces(state: DocumentState): string[] {
  const named = new Set<string>();
  const faces: string[] = [];
  for (const [id, d] of state.names.declarations) {
    const st = d.stmt;
    if (st?.kind !== 'card') continue;
    for (const p of st.props) {
      if (p.kind === 'flag' && p.flag === 'back-face') faces.push(id);
      else if (p.kind === 'transforms') named.add(p.face.text);
    }
  }
  return faces.filter((f) => !named.has(f));
}

/** The objects a card may copy (MTG 707.1; Riftbound 477.1.b): those on the board first, then the others; never the card itself. */
function copyWant(game: Game, subject: string | undefined): Want {
  return { kind: 'cards', rank: (c) => (c.id === subject ? undefined : onBoard(game, c) ? 0 : 2) };
}

/** What may follow the words already written in this statement. */
function wantAfter(state: DocumentState, w: string[], toks: PTok[], line: number): Want {
  const head = w[0];
  const game = state.game;
  const last = w[w.length - 1];
  if (head === 'card') return cardWant(state, toks);
  if (head === 'game') {
    if (w.length === 1) return words(['mtg', 'riftbound'], CompletionItemKind.EnumMember);
    // `game mtg, range of influence N`: MTG's limited range of influence option (801).
    if (w.length === 3 && w[1] === 'mtg' && toks[2].kind === 'comma') return words(['range of influence']);
    return NONE;
  }
  if (head === 'rules') return w.length === 1 ? words(knownVersions(game).map((v) => v.id).reverse(), CompletionItemKind.Constant) : NONE;
  if ((DECLARATION_KEYWORDS as readonly string[]).includes(head)) return NONE;
  if (!(EVENT_VERBS as readonly string[]).includes(head)) return NONE;
  if (last === 'by') return { kind: 'players' };

  const board = state.boardAt(line - 1);
  const card = (id: string | undefined) => board.cards.find((c) => c.id === id);
  const args = w.slice(1);
  const n = args.length;
  const zones = game === 'mtg' ? MTG_ZONES : RIFTBOUND_ZONES;
  const byAt = (i: number) => (n === i ? words(['by']) : NONE);

  switch (head) {
    case 'attach':
    case 'equip':
    case 'fortify': {
      if (n === 0) {
        const sub = head === 'equip' ? ['Equipment'] : head === 'fortify' ? ['Fortification'] : ['Aura', 'Equipment', 'Fortification'];
        return { kind: 'cards', rank: (c) => (sub.some((s) => hasSub(c, s)) ? (onBoard(game, c) ? 0 : 1) : 3) };
      }
      if (n === 1) return words(['to']);
      if (n === 2) return hostWant(state, head, card(args[0]), line);
      // `attach X to H targeting [with S] [by P] [paying ward]` (MTG), `... [paying deflect]` (Riftbound 809.1.c): an effect that targets (chooses) both.
      if (head === 'attach') {
        const cost = game === 'mtg' ? 'ward' : 'deflect';
        if (last === 'paying') return words([cost]);
        if (last === 'with') return { kind: 'cards', rank: () => 0 };
        if (!args.includes('targeting')) return n === 3 ? words(['targeting', 'by']) : NONE;
        const rest = [...(last === 'targeting' ? ['with'] : []), ...(args.includes('by') ? [] : ['by']), ...(args.includes('paying') ? [] : [`paying ${cost}`])];
        return rest.length ? words(rest) : NONE;
      }
      // MTG `choosing C` (Sanctuary Blade): the color chosen as it becomes attached (607.2d).
      if (game === 'mtg' && card(args[0])?.choosesColor) {
        if (last === 'choosing') return words([...COLORS], CompletionItemKind.EnumMember);
        if (n === 3) return words(['choosing', 'by']);
        if (n === 5 && args[3] === 'choosing') return words(['by']);
        if (n === 5 && args[3] === 'by') return words(['choosing']);
        return NONE;
      }
      return byAt(3);
    }
    case 'cast': {
      if (n === 0) return { kind: 'cards', rank: (c) => (hasSub(c, 'Aura') ? (c.zone === 'hand' ? 0 : 1) : 3) };
      // An Aura spell needs a target (303.4a); any other spell may target nothing (`cast X [by P]`).
      // MTG `mutating onto T` (702.140a): a creature card with mutate, cast for its mutate cost.
      const mutates = game === 'mtg' && hasMutate(card(args[0]));
      // MTG `face down` (702.37c, 702.168b): a card with morph, megamorph or disguise cast face down, a creature spell with no target.
      const faceDown = game === 'mtg' && castsFaceDown(card(args[0]));
      if (n === 1) return words([...(hasSub(card(args[0]), 'Aura') ? ['targeting'] : mutates ? ['mutating onto', 'targeting', 'by'] : ['targeting', 'by']), ...(faceDown ? ['face down'] : [])]);
      if (args[1] === 'by') return NONE;
      if (args[1] === 'face') return n === 2 ? words(['down']) : n === 3 && args[2] === 'down' ? words(['by']) : NONE;
      if (args[1] === 'mutating') {
        if (n === 2) return words(['onto']);
        // The non-Human creatures on the battlefield that the spell's owner owns first (702.140a).
        if (n === 3 && args[2] === 'onto') {
          const owner = card(args[0])?.owner;
          return { kind: 'cards', rank: (c) => (c.id === args[0] ? undefined : c.zone !== 'battlefield' ? 3 : c.types.includes('creature') && !c.subtypes.includes('Human') && c.owner === owner ? 0 : 2) };
        }
        if (last === 'paying') return words(['ward']);
        if (n === 4 || (n === 6 && (args[4] === 'by' || last === 'ward'))) {
          const rest = [...(args.includes('by') ? [] : ['by']), ...(args.includes('paying') ? [] : ['paying ward'])];
          return rest.length ? words(rest) : NONE;
        }
        return byAt(4);
      }
      // Riftbound `cast S targeting X to U [by P] [paying deflect]`: the card it attaches, `to`, the unit, then the clauses (809.1.c).
      if (game === 'riftbound') {
        if (args[1] !== 'targeting') return byAt(1);
        if (n === 2) return { kind: 'cards', rank: (c) => (c.id === args[0] ? undefined : onBoard(game, c) ? 0 : 2) };
        if (n === 3) return words(['to']);
        if (n === 4) return { kind: 'cards', rank: (c) => (onBoard(game, c) && c.types.includes('unit') ? 0 : 2) };
        if (last === 'paying') return words(['deflect']);
        const rest = [...(args.includes('by') ? [] : ['by']), ...(args.includes('paying') ? [] : ['paying deflect'])];
        return rest.length ? words(rest) : NONE;
      }
      if (n === 2) return hostWant(state, head, card(args[0]), line);
      // `by P` and `paying ward` (702.21a), in either order.
      if (last === 'paying') return words(['ward']);
      if (game === 'mtg' && (n === 3 || (n === 5 && (args[3] === 'by' || last === 'ward')))) {
        const rest = [...(args.includes('by') ? [] : ['by']), ...(args.includes('paying') ? [] : ['paying ward'])];
        return rest.length ? words(rest) : NONE;
      }
      return byAt(3);
    }
    case 'resolve': {
      // Spells on the stack and the sources of pending abilities first; then which ability of the card.
      const pending = board.stack ?? [];
      if (n === 0) return { kind: 'cards', rank: (c) => (c.zone === 'stack' || c.zone === 'chain' || pending.some((e) => e.kind === 'ability' && e.id === c.id) ? 0 : 2) };
      if (n === 1) {
        const abilities = pending.filter((e) => e.kind === 'ability' && e.id === args[0]).map((e) => e.ability!);
        // MTG 702.140c: a spell with mutate on the stack may be a mutating one, which merges on top or underneath.
        const spell = card(args[0]);
        const merges = game === 'mtg' && spell?.zone === 'stack' && hasMutate(spell) ? ['on top', 'underneath'] : [];
        // MTG `resolve X choosing C` (Benevolent Blessing): the color the permanent it becomes chooses as it enters (614.12).
        const choosing = game === 'mtg' && spell?.zone === 'stack' && spell.choosesColor?.entering ? ['choosing'] : [];
        return abilities.length > 0 || merges.length > 0 || choosing.length > 0 ? words([...new Set(abilities), ...merges, ...choosing]) : NONE;
      }
      if (n === 2 && args[1] === 'choosing' && game === 'mtg' && card(args[0])?.choosesColor?.entering) return words([...COLORS], CompletionItemKind.EnumMember);
      if (n === 2 && args[1] === 'on' && game === 'mtg') return words(['top']);
      // `resolve X ability NAME`: the names pending for X.
      if (n === 2 && args[1] === 'ability') {
        const names = pending.filter((e) => e.kind === 'ability' && e.id === args[0] && e.ability?.startsWith('ability ')).map((e) => e.ability!.slice('ability '.length));
        return names.length > 0 ? words([...new Set(names)]) : NONE;
      }
      // MTG `resolve X living weapon creating T` (702.92a), `resolve X for mirrodin creating T` (702.163a), `resolve X job select
      // creating T` (702.182a): the token it creates, a creature token not yet on the battlefield.
      if (game === 'mtg' && (args[1] === 'living' || args[1] === 'for' || args[1] === 'job')) {
        const second = args[1] === 'living' ? 'weapon' : args[1] === 'for' ? 'mirrodin' : 'select';
        if (n === 2) return words([second]);
        if (args[2] !== second) return NONE;
        if (n === 3) return words(['creating']);
        if (n === 4 && args[3] === 'creating') return { kind: 'cards', rank: (c) => (c.id === args[0] ? undefined : isToken(state, c.id) && c.zone !== 'battlefield' ? (c.types.includes('creature') ? 0 : 1) : 3) };
        return NONE;
      }
      // Riftbound `resolve X Weaponmaster [choosing G]` (821.1.c): an Equipment its controller controls, in play, first.
      if (game === 'riftbound' && args[1] === 'Weaponmaster') {
        if (n === 2) return words(['choosing']);
        if (n === 3 && args[2] === 'choosing') {
          const who = pending.find((e) => e.kind === 'ability' && e.id === args[0] && e.ability === 'Weaponmaster')?.controller ?? card(args[0])?.controller;
          return { kind: 'cards', rank: (c) => (c.id === args[0] ? undefined : !hasSub(c, 'Equipment') ? 3 : onBoard(game, c) && (who === undefined || c.controller === who) ? 0 : 1) };
        }
        return NONE;
      }
      // Riftbound `resolve G Quick-Draw [choosing U]` (819.1.d): a unit on the board the trigger's controller controls, first.
      if (game === 'riftbound' && args[1] === 'Quick-Draw') {
        if (n === 2) return words(['choosing']);
        if (n === 3 && args[2] === 'choosing') {
          const who = pending.find((e) => e.kind === 'ability' && e.id === args[0] && e.ability === 'Quick-Draw')?.controller ?? card(args[0])?.controller;
          return { kind: 'cards', rank: (c) => (c.id === args[0] ? undefined : !c.types.includes('unit') ? 3 : onBoard(game, c) && (who === undefined || c.controller === who) ? 0 : 1) };
        }
        return NONE;
      }
      // MTG `resolve X equip choosing C` (Sanctuary Blade): the color is chosen as it becomes attached, as the ability resolves (607.2d).
      if (game === 'mtg' && (args[1] === 'equip' || args[1] === 'fortify') && card(args[0])?.choosesColor) {
        if (n === 2) return words(['choosing']);
        if (n === 3 && args[2] === 'choosing') return words([...COLORS], CompletionItemKind.EnumMember);
      }
      return NONE;
    }
    case 'activate': {
      // activate X ABILITY targeting H [by P]: the ability the card has, then the targets its rules allow.
      if (n === 0) return { kind: 'cards', rank: (c) => (hasSub(c, 'Equipment') || hasSub(c, 'Fortification') ? (onBoard(game, c) ? 0 : 1) : 3) };
      // `activate X ability NAME [targeting T] [by P]`: the names the card has now (its own and granted: 301.5d, 303.4e).
      if (args[1] === 'ability') {
        if (n === 2) return words(namedAbilities(card(args[0])).map((a) => a.slice('ability '.length)));
        if (n === 3) return words(['targeting', 'by']);
        if (n === 4 && args[3] === 'targeting') return { kind: 'cards', rank: (c) => (onBoard(game, c) ? 0 : 2), players: () => 1 };
        // Riftbound: `paying deflect` (809.1.c) after the target, before or after `by P`.
        if (game === 'riftbound' && args[3] === 'targeting' && n >= 5) {
          if (last === 'paying') return words(['deflect']);
          if (n === 5 || (n === 7 && args[5] === 'by') || (n === 7 && last === 'deflect')) {
            const rest = [...(args.includes('by') ? [] : ['by']), ...(args.includes('paying') ? [] : ['paying deflect'])];
            return rest.length ? words(rest) : NONE;
          }
          return NONE;
        }
        return n === 4 ? { kind: 'players' } : byAt(5);
      }
      if (n === 1) {
        const c = card(args[0]);
        const named = namedAbilities(c);
        // Riftbound `attach` (377.3): offered for a card declared with an ability that attaches, or for an unknown one.
        if (game === 'riftbound') return words([...named, 'equip', ...(!c || declaresAttach(state, c.id) ? ['attach'] : [])]);
        const has = [...(hasSub(c, 'Equipment') ? ['equip', ...(c?.types.includes('creature') ? ['reconfigure'] : [])] : []), ...(hasSub(c, 'Fortification') ? ['fortify'] : [])];
        return words([...named, ...(has.length > 0 ? has : named.length > 0 ? [] : ['equip', 'fortify', 'reconfigure'])]);
      }
      if (n === 2) return words(['targeting']);
      // Riftbound `activate S attach targeting X to U [by P] [paying deflect]`: S's ability that attaches (377.3).
      if (game === 'riftbound' && args[1] === 'attach') {
        if (n === 3) return { kind: 'cards', rank: (c) => (onBoard(game, c) ? 0 : 2) };
        if (n === 4) return words(['to']);
        if (n === 5) return { kind: 'cards', rank: (c) => (onBoard(game, c) && c.types.includes('unit') ? 0 : 2) };
        if (last === 'paying') return words(['deflect']);
        const rest = [...(args.includes('by') ? [] : ['by']), ...(args.includes('paying') ? [] : ['paying deflect'])];
        return rest.length ? words(rest) : NONE;
      }
      if (n === 3) return hostWant(state, args[1] === 'fortify' ? 'fortify' : 'equip', card(args[0]), line);
      return byAt(4);
    }
    case 'enter': {
      if (n === 0) return { kind: 'cards', rank: (c) => (onBoard(game, c) ? 2 : 0) };
      if (last === 'attached') return words(['to']);
      if (last === 'to' && w[w.length - 2] === 'attached') return hostWant(state, 'enter', card(args[0]), line);
      if (last === 'in') return words(zones, CompletionItemKind.EnumMember);
      if (last === 'at') return words(['base', 'battlefield'], CompletionItemKind.EnumMember);
      if (last === 'of' && w[w.length - 2] === 'base') return { kind: 'players' };
      // `under P`: the player it enters under (MTG 110.2a).
      if (last === 'under') return { kind: 'players' };
      // `as a copy of Y` (MTG 707.5; Riftbound 477.1.b): the objects it may copy.
      if (last === 'as') return words(['a copy of']);
      if (last === 'of' && w[w.length - 2] === 'copy') return copyWant(game, args[0]);
      // MTG `transformed` (712.14a): a double-faced card enters with its back face up.
      // The status it enters with, when an effect says (MTG 110.5b `tapped`; Riftbound 143.4.a `ready`, a gear played `exhausted`).
      const status = args.some((a) => ENTER_STATUS_WORDS.includes(a)) ? [] : game === 'mtg' ? ['tapped'] : ['ready', 'exhausted'];
      // MTG `choosing C` (Benevolent Blessing): the color it chooses as it enters (614.12).
      const chooses = game === 'mtg' && card(args[0])?.choosesColor?.entering === true;
      if (chooses && last === 'choosing') return words([...COLORS], CompletionItemKind.EnumMember);
      const rest = ['attached', ...(game === 'mtg' ? ['in', 'transformed'] : ['at', 'in']), 'under', 'as a copy of', ...status, ...(chooses ? ['choosing'] : [])].filter((k) => !args.includes(k.split(' ')[0]));
      return n === 1 || !['attached', 'to', 'in', 'at', 'under', 'as', 'a', 'copy', 'choosing'].includes(last) ? words(rest) : NONE;
    }
    case 'unattach':
    case 'detach': {
      if (n === 0) return { kind: 'cards', rank: (c) => (c.attachedTo ? 0 : 3) };
      if (n === 1) return words(['from']);
      if (n === 2) {
        const host = card(args[0])?.attachedTo;
        return { kind: 'cards', rank: (c) => (c.id === host ? 0 : c.id === args[0] ? undefined : 3), players: (p) => (p === host ? 0 : 4) };
      }
      return NONE;
    }
    case 'move': {
      if (n === 0) return { kind: 'cards', rank: (c) => (onBoard(game, c) ? 0 : 1) };
      if (n === 1) return words(['to']);
      if (n === 2) return words(zones, CompletionItemKind.EnumMember);
      // Onto the battlefield (Riftbound: a base) from elsewhere: `under P`, the player it enters under.
      const moved = card(args[0]);
      const offBoard = moved !== undefined && !onBoard(game, moved);
      // MTG `to battlefield`; Riftbound `to base` or `to battlefield NAME`.
      if (offBoard && n === 3 && args[2] === (game === 'mtg' ? 'battlefield' : 'base')) return words(['under']);
      if (offBoard && n === 4 && game === 'riftbound' && args[2] === 'battlefield') return words(['under']);
      const entering = offBoard && (args[2] === 'battlefield' || args[2] === 'base');
      if (entering && last === 'under') return { kind: 'players' };
      return NONE;
    }
    case 'deal':
      // `deal N damage to X` (MTG 120.3e; Riftbound 143.3.a): the creatures (units) on the board first.
      if (n === 1) return words(['damage']);
      if (n === 2) return words(['to']);
      if (n === 3) return { kind: 'cards', rank: (c) => (!onBoard(game, c) ? 3 : c.types.includes(game === 'mtg' ? 'creature' : 'unit') ? 0 : 2), ...(game === 'mtg' ? { players: () => 4 } : {}) };
      // `from S`: the source (MTG 120.1), those whose deathtouch, wither or infect decides what the damage does first (702.2b, 120.3d).
      if (n === 4) return words(['from']);
      if (n === 5 && args[4] === 'from') return { kind: 'cards', rank: (c) => (c.id === args[3] ? undefined : (c.keywords ?? []).some(isDamageKeyword) ? 0 : onBoard(game, c) ? 1 : 2) };
      return NONE;
    case 'heal':
      // Riftbound 418.1: the units with damage on them first.
      if (n === 0) return { kind: 'cards', rank: (c) => (!onBoard(game, c) ? 3 : (c.damage ?? 0) > 0 ? 0 : 2) };
      return NONE;
    case 'put':
    case 'remove': {
      // MTG `put N +1/+1 counters on X`, `remove N -1/-1 counters from X` (122.1a, 122.6): the count, the kind, `counters`, `on` (`from`), then the
      // creatures on the battlefield first (put), or the cards that have that counter (remove).
      if (n === 0) return words(COUNTER_COUNTS, CompletionItemKind.Value);
      if (n === 1) return words(COUNTER_KINDS.mtg, CompletionItemKind.Value);
      if (n === 2) return words([counterWord(args[0])]);
      if (n === 3) return words([head === 'put' ? 'on' : 'from']);
      if (n === 4) {
        if (head === 'put') return { kind: 'cards', rank: (c) => (!onBoard(game, c) ? 3 : c.types.includes(game === 'mtg' ? 'creature' : 'unit') ? 0 : 2) };
        return { kind: 'cards', rank: (c) => ((c.counters?.[args[1]] ?? 0) > 0 ? 0 : onBoard(game, c) ? 2 : 3) };
      }
      return NONE;
    }
    case 'transform':
      // MTG 701.27a: the double-faced permanents first (a card shows its face up), then the rest on the battlefield.
      if (n === 0) return { kind: 'cards', rank: (c) => (!onBoard(game, c) ? 3 : c.face !== undefined ? 0 : 2) };
      return NONE;
    case 'manifest':
    case 'cloak':
      // MTG 701.40a, 701.58a: a card off the battlefield (a library's first), put onto it face down; then whose control it enters under.
      if (n === 0) return { kind: 'cards', rank: (c) => (onBoard(game, c) ? 3 : c.zone === 'library' ? 0 : 1) };
      if (n === 1) return words(['under']);
      return NONE;
    case 'regenerate':
      // MTG 701.19a: the creatures on the battlefield first.
      if (n === 0) return { kind: 'cards', rank: (c) => (!onBoard(game, c) ? 3 : c.types.includes('creature') ? 0 : 2) };
      return NONE;
    case 'attack': {
      // Riftbound `attack at battlefield B [by P]` (464.2.c): the battlefields where units are, then who attacks.
      if (game === 'riftbound') {
        if (n === 0) return words(['at battlefield']);
        if (n === 1) return args[0] === 'at' ? words(['battlefield']) : NONE;
        if (n === 2) return args[1] === 'battlefield' ? words(battlefieldsOf(board), CompletionItemKind.EnumMember) : NONE;
        return byAt(3);
      }
      // MTG `attack with X` (508.1a): the untapped creatures of the player whose turn it is first, those in combat already after the others.
      if (n === 0) return words(['with']);
      if (n === 1 && args[0] === 'with') {
        const active = board.players.find((p) => p.turn !== undefined)?.id;
        return { kind: 'cards', rank: (c) => (!onBoard(game, c) ? 3 : !c.types.includes('creature') || c.combat ? 2 : (active === undefined || c.controller === active) && !c.tapped ? 0 : 1) };
      }
      return NONE;
    }
    case 'block': {
      // MTG `block X with Y [and Z]...` (509.1a): the attacking creatures, `with`, then the creatures that may block X (not
      // its controller's, untapped, not in combat already) first, `and` after each blocker. Riftbound has no blocks (464.2.c).
      if (game !== 'mtg') return NONE;
      if (n === 0) return { kind: 'cards', rank: (c) => (c.combat?.role === 'attacking' ? 0 : !onBoard(game, c) ? 3 : c.types.includes('creature') ? 2 : 3) };
      if (n === 1) return words(['with']);
      if (args[1] !== 'with') return NONE;
      if (last !== 'with' && last !== 'and') return words(['and']);
      const attacker = card(args[0])?.controller;
      const named = new Set(args);
      return { kind: 'cards', rank: (c) => (named.has(c.id) ? undefined : !onBoard(game, c) || !c.types.includes('creature') ? 3 : c.controller === attacker || c.combat ? 2 : c.tapped ? 1 : 0) };
    }
    case 'buff':
      // Riftbound 426.1: the units on the board without a buff first (a unit has one at most, 702.3).
      if (n === 0) return { kind: 'cards', rank: (c) => (!onBoard(game, c) || !c.types.includes('unit') ? 3 : c.counters?.buff ? 2 : 0) };
      return NONE;
    case 'spend': {
      // Riftbound `spend [a] buff from X` (702.2.b): the units that have a buff first (702.2.b.1).
      const at = args[0] === 'a' ? 1 : 0;
      if (n === at) return words(['buff']);
      if (n === at + 1) return words(['from']);
      if (n === at + 2) return { kind: 'cards', rank: (c) => (c.counters?.buff ? 0 : onBoard(game, c) ? 2 : 3) };
      return NONE;
    }
    case 'tap':
    case 'untap':
    case 'exhaust':
    case 'ready':
      // The cards on the board in the other status first (MTG 701.21; Riftbound 414, 415).
      if (n === 0) return { kind: 'cards', rank: (c) => (!onBoard(game, c) ? 3 : (head === 'tap' || head === 'exhaust') === !(c.exhausted || c.tapped) ? 0 : 2) };
      return NONE;
    case 'stun':
    case 'empower':
    case 'disempower':
      // Riftbound 423.1, 441, 442: the cards on the board that can take the change first (a unit not stunned; a card not empowered, or one that is).
      if (n === 0) return { kind: 'cards', rank: (c) => (!onBoard(game, c) ? 3 : head === 'stun' ? (c.types.includes('unit') && !c.stunned ? 0 : 2) : (head === 'empower') === !c.empowered ? 0 : 2) };
      return NONE;
    case 'order': {
      // `order replacements A, B` (Riftbound 373): the cards whose text replaces a unit's death, on the board.
      if (n === 0) return words(['replacements']);
      return args[0] === 'replacements' && (n === 1 || toks[toks.length - 1].kind === 'comma') ? { kind: 'cards', rank: (c) => (onBoard(game, c) ? 0 : 2) } : NONE;
    }
    case 'destroy':
    case 'sacrifice':
    case 'exile':
    case 'banish':
    case 'bounce':
    case 'kill':
    case 'phase':
    case 'recall': {
      if (head === 'phase') {
        if (n === 0) return words(['out', 'in']);
        if (n === 1) return { kind: 'cards', rank: (c) => (onBoard(game, c) && c.phasedOut === (args[0] === 'in') ? 0 : 2) };
        return NONE;
      }
      if (n > 0) return NONE;
      if (head === 'recall') return { kind: 'cards', rank: (c) => (c.zone.startsWith('battlefield') ? 0 : 2) };
      return { kind: 'cards', rank: (c) => (onBoard(game, c) ? 0 : 2) };
    }
    case 'becomes':
    case 'loses':
    case 'gains': {
      // MTG players may gain and lose hexproof and shroud (702.11c, 702.18a).
      if (n === 0) return { kind: 'cards', rank: (c) => (onBoard(game, c) ? 0 : 1), ...(game === 'mtg' && head !== 'becomes' ? { players: () => 2 } : {}) };
      // `becomes X a copy of Y` (MTG 707.4; Riftbound 477.1.b.1): after `a copy of`, the objects it may copy.
      if (head === 'becomes' && args[1] === 'a') return n === 2 ? words(['copy of']) : n === 4 && args[2] === 'copy' && args[3] === 'of' ? copyWant(game, args[0]) : n === 3 && args[2] === 'copy' ? words(['of']) : NONE;
      // Once the change is written, how long it lasts: until the turn ends (MTG 514.2; Riftbound says `this turn`, 317.2.c), or MTG's until your next turn (611.2a).
      const durations = game === 'mtg' ? ['until end of turn', 'this turn', 'until your next turn'] : ['this turn'];
      // After the duration, nothing.
      if (args.slice(2).some((a) => a === 'until' || a === 'this')) return NONE;
      if (game === 'mtg' && args[1] === 'hexproof') {
        if (n === 2) return words(['from', ...durations]);
        if (n === 3 && args[2] === 'from') return { kind: 'words', words: [...COLORS, ...QUALITIES], item: CompletionItemKind.Value };
        return n === 4 && args[2] === 'from' ? words(durations) : NONE;
      }
      // `gains X ward 2 until end of turn`: after the keyword or its cost.
      if (game === 'mtg' && (args[1] === 'shroud' || args[1] === 'ward')) return n === 2 || (n === 3 && args[1] === 'ward' && args[2] !== 'until' && args[2] !== 'this') ? words(durations) : NONE;
      if (args[1] === 'protection') {
        // `loses X protection`: every protection it has.
        if (n === 2) return words(head === 'loses' ? ['from', ...durations] : ['from']);
        if (n === 3) return { kind: 'words', words: [...COLORS, ...QUALITIES, ...state.names.playerIds()], item: CompletionItemKind.Value };
        if (n === 4) return words(durations);
        // `gains X protection from Q, not removing NAME | Auras | attached` (702.16n/p).
        if (head === 'gains' && n === 5 && args[4] === ',') return words(['not removing']);
        if (head === 'gains' && n === 6 && args[5] === 'not') return words(['removing']);
        if (head === 'gains' && n === 7 && args[6] === 'removing') return words(['Auras', 'attached', ...(card(args[0])?.attachments ?? [])]);
        return NONE;
      }
      // Abilities an effect adds or removes (113.10): `gains X enchant FILTER`, `loses X all abilities | enchant | ...`.
      if (head !== 'becomes' && args[1] === 'enchant' && n >= 2) {
        if (head === 'loses') return NONE;
        const inWith = n > 2 ? withClauseNext(args) : undefined;
        if (inWith) return words(inWith);
        return n === 2 || last === 'or' ? words(ENCHANT_WORDS, CompletionItemKind.TypeParameter) : words(['or', 'you control', 'an opponent controls', "you don't control", ...withAura(args)]);
      }
      if (head === 'loses' && args[1] === 'all') return n === 2 ? words(['abilities']) : n === 3 ? words(durations) : NONE;
      if (head === 'loses' && n >= 2 && (args[1] === 'equip' || args[1] === 'fortify' || args[1] === 'reconfigure')) return n === 2 ? words(durations) : NONE;
      // `gains X first strike`: a two-word keyword's second word, then nothing (one keyword per event).
      if (head !== 'becomes' && n >= 2 && KEYWORDS[game].some((k) => k.split(' ')[0] === args[1])) {
        const second = keywordSecondWord(args[1]);
        if (n === 2 && second) return words([second]);
        // Riftbound `gains X Assault 3 this turn`: after the keyword's value too (807.2).
        const valued = head === 'gains' && n === 3 && VALUED_KEYWORDS.includes(args[1]) && /^\d+$/.test(args[2]);
        return n === (second ? 3 : 2) || valued ? words(durations) : NONE;
      }
      // Riftbound has no protection, hexproof, shroud, ward nor enchant: only its keywords.
      if (head === 'gains') return n === 1 ? words([...(game === 'mtg' ? ['protection', 'enchant', ...TARGETING_KEYWORDS] : []), ...KEYWORDS[game]]) : NONE;
      if (head === 'loses') {
        const c = card(args[0]);
        const have = c ? [...c.supertypes, ...c.types, ...c.subtypes].filter((t) => !args.includes(t)) : [];
        const abilities = n === 1 && game === 'mtg' ? ['all abilities', 'enchant', 'equip', 'fortify', 'reconfigure'] : [];
        // The keywords it has now, its own and those its attachments grant it (flying; hexproof, shroud, ward: the card's or the player's). Riftbound takes no ability away (135.4).
        const kws = n === 1 && game === 'mtg' ? (c?.keywords ?? board.players.find((p) => p.id === args[0])?.keywords ?? []).map(offeredAbility).filter((k) => !COMBAT_RESTRICTIONS.includes(k)) : [];
        return { kind: 'words', words: [...(n === 1 && game === 'mtg' ? ['protection'] : []), ...abilities, ...new Set(kws), ...have, ...(n >= 2 ? durations : [])], item: CompletionItemKind.TypeParameter };
      }
      // MTG `becomes X red` (105.3): colors too, and once one is written, that it is in addition to the others.
      const colors = game === 'mtg' ? [...COLORS, 'colorless', ...(args.slice(1).some((a) => COLORS.includes(a)) ? ['in addition to its other colors'] : [])] : [];
      return { kind: 'words', words: [...(n === 1 ? ['a copy of'] : []), ...(game === 'mtg' ? [...MTG_CARD_TYPES, ...MTG_SUBTYPES] : [...RIFTBOUND_CARD_TYPES, ...RIFTBOUND_TAGS]), ...colors, ...(n >= 2 ? durations : [])], item: CompletionItemKind.TypeParameter };
    }
    case 'control':
      if (n === 0) return { kind: 'cards', rank: (c) => (onBoard(game, c) ? 0 : 1) };
      if (n === 1 || (n === 2 && args[1] === 'to')) return { kind: 'players' };
      // After the player, how long: until the turn ends (MTG 514.2; Riftbound says `this turn`, 317.2.c).
      if (n === (args[1] === 'to' ? 3 : 2)) return words(game === 'mtg' ? ['until end of turn', 'this turn', 'for as long as'] : ['this turn']);
      return NONE;
    case 'leave':
      return n === 0 ? { kind: 'players' } : NONE;
    case 'turn':
      // MTG `turn X face up|down`, then what turns it up: `with S`, `for its ... cost` (701.40b, 702.37e, 702.168d), `attached to H` (303.4k).
      if (game === 'mtg' && args[1] === 'face') {
        if (n === 2) return words(['up', 'down']);
        if (args[2] !== 'up') return NONE;
        const last = args[n - 1];
        if (last === 'with') return { kind: 'cards', rank: (c) => (c.id === args[0] ? undefined : 0) };
        if (last === 'to' && args[n - 2] === 'attached') return { kind: 'cards', rank: (c) => (c.id === args[0] ? undefined : onBoard(game, c) ? 0 : 2), players: () => 1 };
        // Inside `for its ... cost`, the rest of it.
        if (last === 'for') return words(TURN_UP_COSTS.map((c) => `its ${c} cost`));
        if (last === 'its' && args[n - 2] === 'for') return words(TURN_UP_COSTS.map((c) => `${c} cost`));
        if ((TURN_UP_COSTS as readonly string[]).includes(last) && args[n - 2] === 'its') return words(['cost']);
        const used = args.slice(3);
        const source = used.includes('with');
        return words([...(source || used.includes('cost') ? [] : ['with']), ...(used.includes('attached') ? [] : ['attached to']), ...(source || used.includes('cost') ? [] : TURN_UP_COSTS.map((c) => `for its ${c} cost`))]);
      }
      // `turn P [STEP]`: whose turn, then the step or phase (a main phase when none is written); MTG `turn X face ...`.
      if (n === 1 && game === 'mtg' && card(args[0])) return words(['face']);
      return n === 0 ? { kind: 'players' } : n === 1 ? words(game === 'mtg' ? [...MTG_STEPS] : [...RIFTBOUND_PHASES], CompletionItemKind.EnumMember) : NONE;
    case 'exchange': {
      if (n === 0) return words(['control']);
      if (n === 1) return words(['of']);
      if (n === 2 || n === 4) return { kind: 'cards', rank: (c) => (c.id === args[2] ? undefined : onBoard(game, c) ? 0 : 2) };
      if (n === 3) return words(['and']);
      return NONE;
    }
    case 'swap': {
      if (n === 0) return { kind: 'cards', rank: (c) => (hasSub(c, 'Aura') ? (onBoard(game, c) && c.attachedTo ? 0 : 2) : 3) };
      if (n === 1) return words(['with']);
      if (n === 2) return { kind: 'cards', rank: (c) => (hasSub(c, 'Aura') ? (c.zone === 'hand' ? 0 : 2) : 3) };
      return NONE;
    }
    case 'expect':
      return expectWant(state, args, card, board);
    default:
      return NONE;
  }
}

function expectWant(state: DocumentState, args: string[], card: (id: string | undefined) => CardView | undefined, board: BoardView): Want {
  const game = state.game;
  const n = args.length;
  if (n === 0) return { kind: 'cards', rank: () => 0, players: () => 1 };
  if (args[0] === 'no') {
    if (n === 1) return words(['attachments']);
    if (n === 2) return words(['on']);
    if (n === 3) return { kind: 'cards', rank: (c) => (c.attachments.length > 0 ? 0 : 1), players: () => 2 };
    return NONE;
  }
  const subject = card(args[0]);
  // Its part in a combat (MTG 508.1, 509.1, 506.4; Riftbound 464.2.c): asked of a creature or unit, or of a card in combat now.
  const roles = !subject || subject.combat !== undefined || subject.types.includes(game === 'mtg' ? 'creature' : 'unit') ? COMBAT_ROLES[game] : [];
  // Which face is up (MTG 701.27g): asked of a double-faced card (the board shows its face), or of an unknown subject.
  const faces = game === 'mtg' && (!subject || subject.face !== undefined) ? ['transformed'] : [];
  // Merged permanents (MTG 702.140c, 730.2): asked of a merged permanent, a card with mutate, or an unknown subject.
  const merging = game === 'mtg' && (!subject || subject.merged !== undefined || hasMutate(subject));
  // Whether it is a copy (MTG 707.2; Riftbound 477.1.b.1): asked of a copy (the board says what it copies), or of an unknown subject.
  const copies = !subject || subject.copyOf !== undefined ? ['a copy of', 'not a copy'] : [];
  // Whether a token was created (MTG 111.1; Riftbound 177): asked of a card declared a token, or of an unknown subject.
  const created = !subject || isToken(state, subject.id) ? ['not created'] : [];
  // The color it chose (MTG 607.2d, 614.12): asked of a card that chooses one, or of an unknown subject.
  const chosen = game === 'mtg' && (!subject || subject.choosesColor !== undefined) ? ['chosen color', 'no chosen color'] : [];
  if (n === 1) {
    const combat = [...roles, ...roles.map((r) => `not ${r}`)];
    return words(game === 'mtg' ? ['attached', 'unattached', 'in', 'has', 'newer', 'power', 'toughness', 'damage', 'controlled', 'ceased', ...created, 'tapped', 'untapped', 'face down', 'face up', 'phased out', 'phased in', ...combat, ...faces, ...faces.map((f) => `not ${f}`), ...(merging ? ['merged with', 'not merged'] : []), ...copies, ...chosen, 'triggered', 'not triggered'] : ['attached', 'unattached', 'in', 'at', 'has', 'newer', 'might', 'damage', 'controlled', 'ceased', ...created, 'exhausted', 'ready', 'stunned', 'not stunned', 'empowered', 'not empowered', 'mighty', 'not mighty', ...combat, ...copies, 'triggered', 'not triggered']);
  }
  const rel = args[1];
  // `X a copy of Y`, `X not a copy [of Y]` (MTG 707.2; Riftbound 477.1.b): after `of`, the objects it may copy.
  if (rel === 'a' || (rel === 'not' && args[2] === 'a')) {
    const at = rel === 'a' ? 2 : 3;
    if (n === at) return words([rel === 'a' ? 'copy of' : 'copy']);
    if (n === at + 1 && args[at] === 'copy') return words(['of']);
    return n === at + 2 && args[at] === 'copy' && args[at + 1] === 'of' ? copyWant(game, args[0]) : NONE;
  }
  // After `not`: `triggered`, Riftbound `mighty`, a part in combat, `merged`, `a copy`.
  if (rel === 'not' && n === 2) return words(['triggered', ...(game === 'riftbound' ? ['mighty'] : [...faces, ...(merging ? ['merged'] : [])]), ...roles, ...(copies.length !== 0 ? ['a copy'] : [])]);
  // `X merged with Y`, `X not merged [with Y]`: the other cards of a merged permanent first.
  const merged = rel === 'merged' ? 2 : rel === 'not' && args[2] === 'merged' ? 3 : 0;
  if (merged !== 0 && game === 'mtg') {
    if (n === merged) return words(['with']);
    if (n === merged + 1 && args[n - 1] === 'with') {
      // The cards merged into a permanent are no objects the board shows (730.2b): the permanent lists them.
      const others = subject?.merged?.filter((id) => id !== subject.id) ?? [];
      return others.length > 0 ? words(others) : { kind: 'cards', rank: (c) => (c.id === subject?.id ? undefined : c.merged !== undefined ? 0 : c.zone === 'battlefield' ? 1 : 2) };
    }
    return NONE;
  }
  // `X chosen color C`, `X no chosen color`.
  if (chosen.length !== 0 && (rel === 'chosen' || rel === 'no')) {
    if (rel === 'no') return n === 2 ? words(['chosen color']) : NONE;
    return n === 2 ? words(['color']) : n === 3 && args[2] === 'color' ? words([...COLORS], CompletionItemKind.EnumMember) : NONE;
  }
  if (rel === 'triggered' || rel === 'not') return triggeredWant(game, args, subject);
  if (rel === 'controlled') return n === 2 ? words(['by']) : n === 3 && args[2] === 'by' ? { kind: 'players' } : NONE;
  // `X ceased to exist` (a token that left the battlefield, or the board).
  if (rel === 'ceased') return n === 2 ? words(['to']) : n === 3 && args[2] === 'to' ? words(['exist']) : NONE;
  if (n === 2) {
    if (rel === 'attached') return words(['to']);
    if (rel === 'newer') return words(['than']);
    if (rel === 'in') return words(game === 'mtg' ? MTG_ZONES : RIFTBOUND_ZONES, CompletionItemKind.EnumMember);
    if (rel === 'at') return words(['base', 'battlefield'], CompletionItemKind.EnumMember);
    if (rel === 'has') {
      // `H has X` (an attachment) or `X has ABILITY`: what is attached to it first, then the abilities it has now, the other cards, the other abilities.
      const have = new Set((subject?.keywords ?? board.players.find((p) => p.id === args[0])?.keywords ?? []).map(offeredAbility));
      if (subject?.protections?.length) have.add('protection from');
      // Its counters as they are now (`2 +1/+1 counters`, `no -1/-1 counters`; Riftbound `a buff` or `no buff`): those it has with the abilities it has, `no ...` after the other abilities.
      // Hone counters (no rule of their own) only on a card that has some.
      const counters = subject ? COUNTER_KINDS[game].filter((k) => k !== 'hone' || subject.counters?.hone).map((k) => countersText(k, subject.counters?.[k] ?? 0)) : [];
      for (const phrase of counters) if (!phrase.startsWith('no ')) have.add(phrase);
      // Riftbound: a keyword with its value now, the values of its sources summed (`Shield 3`: 807.2, 814.2).
      const values = (subject?.keywords ?? []).map(withoutSource).filter((k) => VALUED_KEYWORDS.includes(k.split(' ')[0]) && k.includes(' '));
      for (const v of values) have.add(v);
      return { kind: 'cards', rank: (c) => (c.attachedTo === args[0] ? 0 : c.id === args[0] ? undefined : 2), also: { words: [...counters, ...values, ...abilityWords(game)], rank: (w) => (have.has(w) ? 1 : w.startsWith('no ') ? 4 : 3) } };
    }
    return NONE;
  }
  // `expect X has 2 +1/+1 counters`, `expect X has no buff` word by word: the kind after the count (after `no`, an ability too: `has no flying`), then `counters`.
  if (rel === 'has' && (isCount(args[2]) || args[2] === 'no')) {
    if (n === 3) return words([...COUNTER_KINDS[game], ...(args[2] === 'no' ? abilityWords(game) : [])]);
    if (n === 4 && (args[3] === '+1/+1' || args[3] === '-1/-1' || args[3] === 'shield' || args[3] === 'hone')) return words([args[2] === 'no' ? 'counters' : counterWord(args[2])]);
    return args[2] === 'no' ? abilityWant(state, args.slice(3), false) : NONE;
  }
  // `expect X has flying`, `expect X has protection from red`: the words of one ability.
  if (rel === 'has' && !card(args[2])) return abilityWant(state, args.slice(2), false);
  if (n === 3 && rel === 'attached' && args[2] === 'to') {
    const host = subject?.attachedTo;
    return { kind: 'cards', rank: (c) => (c.id === host ? 0 : c.id === args[0] ? undefined : 2), players: (p) => (p === host ? 0 : 3) };
  }
  if (n === 3 && rel === 'newer' && args[2] === 'than') return { kind: 'cards', rank: (c) => (c.id === args[0] ? undefined : 0) };
  // Riftbound `X at base of P`: whose base.
  if (game === 'riftbound' && rel === 'at' && args[2] === 'base') return n === 3 ? words(['of']) : n === 4 && args[3] === 'of' ? { kind: 'players' } : NONE;
  return NONE;
}

/** MTG `when put into a graveyard from the battlefield` with each effect it may do as it resolves (Rancor, Oathkeeper; 603.6c). */
const GRAVEYARD_TRIGGERS = ["when put into a graveyard from the battlefield, return it to its owner's hand", 'when put into a graveyard from the battlefield, exile equipped creature', 'when put into a graveyard from the battlefield, exile enchanted creature'];

/** The words of the triggered ability phrases after `when`, by game (a card property and `expect X triggered when ...`). */
/** Riftbound static Might effects (477.3) as a declaration starts them: the words before the change of Might. */
const MIGHT_EFFECT_HEADS = ['other friendly units have', 'friendly units have', 'enemy units have', 'units here have', 'units with a buff have', 'equipped units have'];

const TRIGGER_PHRASES_OF: Record<'mtg' | 'riftbound', string[]> = {
  mtg: ['attached', 'unattached', 'equipped creature dies', 'enchanted creature dies', 'an Aura becomes attached to it', 'an Equipment becomes attached to it', 'an equipped creature you control dies', 'an enchanted creature dies', 'put into a graveyard from the battlefield'],
  riftbound: ['attached', 'detached', 'I die', 'a gear attaches to me', 'an equipped friendly unit dies'],
};

/** The next words of the trigger phrases that begin with the words `said` (of each that does; none when `said` is a whole phrase or begins none). */
function phraseNext(game: 'mtg' | 'riftbound', said: readonly string[]): string[] {
  const out = new Set<string>();
  for (const p of TRIGGER_PHRASES_OF[game]) {
    const ws = p.split(' ');
    if (ws.length > said.length && said.every((w, k) => ws[k] === w)) out.add(ws[said.length]);
  }
  return [...out];
}

/** `expect X [not] triggered [once|twice|N times] [when PHRASE] [for H]`: each part in its place, the card's hosts first after `for`. */
function triggeredWant(game: 'mtg' | 'riftbound', args: string[], subject: CardView | undefined): Want {
  let i: number;
  if (args[1] === 'not') {
    if (args.length === 2) return words(['triggered']);
    if (args[2] !== 'triggered') return NONE;
    i = 3;
  } else {
    i = 2;
    if (args[i] === 'once' || args[i] === 'twice') i++;
    else if (args[i] !== undefined && /^[0-9]+$/.test(args[i])) {
      if (args.length === i + 1) return words(['times']);
      if (args[i + 1] !== 'times') return NONE;
      i += 2;
    }
  }
  if (args.length === i) return words(args[1] === 'not' || i > 2 ? ['when', 'for'] : ['once', 'twice', 'when', 'for']);
  if (args[i] === 'when') {
    if (args.length === i + 1) return words(TRIGGER_PHRASES_OF[game]);
    // The rest of a phrase of several words (`equipped creature dies`, `an Aura becomes ...`), then `for`, then the host.
    const said = args.slice(i + 1);
    const phrase = TRIGGER_PHRASES_OF[game].map((p) => p.split(' ')).find((p) => p.length <= said.length && p.every((w, k) => said[k] === w));
    if (!phrase) {
      const next = phraseNext(game, said);
      return next.length !== 0 ? words(next) : NONE;
    }
    i += 1 + phrase.length;
    if (args.length === i) return words(['for']);
    if (args[i] === 'for' && args.length === i + 1) return forWant(phrase.join(' '), args[0], subject);
  }
  if (args[i] === 'for' && args.length === i + 1) return forWant(undefined, args[0], subject);
  return NONE;
}

/**
 * What `for H` names, by the ability (MTG 603.2e, 603.10a; Riftbound 725, 383.2.c): the card X attached
 * to or was attached to (`when attached`, `when equipped creature dies`: X's host first); what became
 * attached to X (a host's `when an Aura becomes attached to it`: X's attachments first); the creature or
 * unit that died (a watcher's `when an equipped creature you control dies`: those in a graveyard or trash
 * first).
 */
function forWant(phrase: string | undefined, x: string, subject: CardView | undefined): Want {
  if (phrase !== undefined && /becomes attached to it$|attaches to me$/.test(phrase)) {
    return { kind: 'cards', rank: (c) => (c.id === x ? undefined : c.attachedTo === x ? 0 : 2), players: () => 4 };
  }
  if (phrase !== undefined && /^an? (equipped|enchanted) .*dies$/.test(phrase)) {
    return { kind: 'cards', rank: (c) => (c.id === x ? undefined : (c.zone === 'graveyard' || c.zone === 'trash') && (c.types.includes('creature') || c.types.includes('unit')) ? 0 : 2), players: () => 4 };
  }
  return { kind: 'cards', rank: (c) => (c.id === x ? undefined : c.id === subject?.attachedTo ? 0 : 2), players: () => 3 };
}

/**
 * Hosts for an attach, equip, fortify, Aura spell or `enter ... attached to`: the ones the rules
 * core says are legal on the board just before this line come first (rank 0), the current host
 * next (a redundant attach is legal but rarely meant), then the other cards on the board.
 */
function hostWant(state: DocumentState, verb: string, subject: CardView | undefined, line: number): Want {
  const game = state.game;
  const verdicts = subject ? state.hostVerdicts(line, subject.id, verb as HostVerb) : new Map<string, { why: string; whyText?: Message; rules: string[] } | undefined>();
  const legal = (id: string) => verdicts.has(id) && verdicts.get(id) === undefined;
  return {
    kind: 'cards',
    rank: (c) => {
      if (subject && c.id === subject.id) return undefined;
      if (subject && subject.attachedTo === c.id) return 1;
      return legal(c.id) ? 0 : onBoard(game, c) ? 2 : 3;
    },
    // Only MTG attaches cards to players (Curses).
    players: (p) => (legal(p) ? (subject?.attachedTo === p ? 1 : 0) : game === 'mtg' && (verb === 'cast' || verb === 'attach') ? 4 : undefined),
    illegal: (id) => verdicts.get(id),
  };
}

/** A card with mutate (MTG 702.140a), as the board shows its keywords. */
/** May the card be cast face down (MTG 702.37c, 702.168b): it has morph, megamorph or disguise. */
function castsFaceDown(c: CardView | undefined): boolean {
  return c?.keywords?.some((k) => k === 'morph' || k === 'megamorph' || k === 'disguise') ?? false;
}

function hasMutate(c: CardView | undefined): boolean {
  return c?.keywords?.includes('mutate') ?? false;
}

/** The card types of a declaration's type line (the words after its `:` up to a dash or comma). */
function cardTypesOf(toks: PTok[], colon: number): string[] {
  const types: string[] = [];
  for (let k = colon + 1; colon >= 0 && k < toks.length && toks[k].kind !== 'comma' && toks[k].kind !== 'dash'; k++) types.push(toks[k].text);
  return types;
}

function cardWant(state: DocumentState, toks: PTok[]): Want {
  const game = state.game;
  const lastComma = toks.map((t) => t.kind).lastIndexOf('comma');
  const colon = toks.findIndex((t) => t.kind === 'colon');
  if (lastComma < 0) {
    if (colon < 0) return NONE;
    const typeToks = toks.slice(colon + 1);
    if (typeToks.some((t) => t.kind === 'dash')) return { kind: 'words', words: game === 'mtg' ? MTG_SUBTYPES : RIFTBOUND_TAGS, item: CompletionItemKind.TypeParameter };
    const written = typeToks.map((t) => t.text);
    // Riftbound's supertype `champion` (133.7.a: `Champion Unit`) goes before the card type.
    const list = game === 'mtg' ? [...MTG_SUPERTYPES, ...MTG_CARD_TYPES] : written.length === 0 ? ['champion', ...RIFTBOUND_CARD_TYPES] : RIFTBOUND_CARD_TYPES;
    return { kind: 'words', words: list.filter((x) => !written.includes(x)), item: CompletionItemKind.TypeParameter };
  }
  const clause = toks.slice(lastComma + 1).map((t) => t.text);
  const present = new Set(toks.filter((_, i) => i > 0 && toks[i - 1].kind === 'comma').map((t) => t.text));
  if (clause.length === 0) {
    const all =
      game === 'mtg'
        ? ['owner', 'controller', 'entered under', 'in', 'attached to', 'enchant', 'equip', 'fortify', 'protection from', 'color', 'reconfigure', 'bestow', 'token', 'phased out', 'tapped', "can't be enchanted", "can't be equipped", "can't be fortified", 'aura swap', 'castable', 'flash', "players can't cast", 'you may cast', 'you may activate equip abilities any time you could cast an instant', 'creatures you control get', 'other creatures get', 'creatures with no abilities get', 'creatures your opponents control enter tapped', 'can be attached only to', 'cast only targeting a tapped permanent', 'attach target', 'you control enchanted', 'on top', 'if it would be put into a graveyard, exile it instead', 'if a card would be put into a graveyard, exile it instead', 'power', 'toughness', 'damage', 'with a +1/+1 counter', 'with a -1/-1 counter', 'transforms into', 'back face', 'as it becomes attached choose a color', 'as it enters choose a color', 'chosen color', 'face down', 'manifested', 'cloaked', ...COMBAT_RESTRICTIONS, ...TRIGGER_PHRASES_OF.mtg.map((p) => `when ${p}`), ...GRAVEYARD_TRIGGERS, ...TARGETING_PROPERTIES]
        : ['owner', 'controller', 'at base', 'at battlefield', 'in', 'attached to', 'might', 'might-bonus', 'damage', 'with a buff', 'equip', 'exhausted', 'token', 'if I would die, kill this instead', 'if I would die, kill this instead, heal me, exhaust me, and recall me', ...MIGHT_EFFECT_HEADS, 'the next time a friendly unit would die, kill this instead, heal that unit, exhaust it, and recall it', 'if another unit you control here would die and has less Might than me, heal it, exhaust it, and recall it', ...TRIGGER_PHRASES_OF.riftbound.map((p) => `when ${p}`)];
    const once = new Set(['owner', 'controller', 'entered', 'in', 'at', 'attached', 'color', 'reconfigure', 'bestow', 'token', 'phased', 'on', 'flash', 'might', 'might-bonus', 'power', 'toughness', 'damage', 'with', 'exhausted', 'tapped', 'transforms', 'back', 'as', 'chosen']);
    // Toughness and damage are a creature's (MTG 208.1, 120.3e) or a unit's (Riftbound 143.3): offered when the type line says so, or says nothing yet.
    // So are counters, whose +1/+1 and -1/-1 count in a creature's toughness (122.1a), and a buff (only a unit has one, 426.1);
    // and the restrictions on combat (only a creature attacks or blocks, 506.3).
    const typeWords = cardTypesOf(toks, colon);
    const damageable = typeWords.length === 0 || typeWords.includes(game === 'mtg' ? 'creature' : 'unit');
    const offered = damageable ? all : all.filter((p) => p !== 'power' && p !== 'toughness' && p !== 'damage' && !p.startsWith('with ') && !COMBAT_RESTRICTIONS.includes(p));
    // The grants (a card may have several), its own kind of attachment's first; the keywords it doesn't have yet.
    const dash = toks.findIndex((t) => t.kind === 'dash');
    const subtypes = new Set(dash < 0 ? [] : toks.slice(dash + 1, toks.findIndex((t) => t.kind === 'comma')).map((t) => t.text));
    const heads = [...GRANT_HEADS[game]].sort((a, b) => Number(subtypes.has(GRANT_SUBTYPE[b.split(' ')[0]])) - Number(subtypes.has(GRANT_SUBTYPE[a.split(' ')[0]])));
    const keywords = KEYWORDS[game].filter((k) => !present.has(k.split(' ')[0]));
    return { kind: 'words', words: [...offered.filter((p) => !(once.has(p.split(' ')[0]) && present.has(p.split(' ')[0]))), ...heads, ...keywords], item: CompletionItemKind.Property };
  }
  const [kw] = clause;
  const n = clause.length;
  // Riftbound `friendly units have +1 Might` (477.3): the change of Might after `have`.
  if (game === 'riftbound' && n >= 2 && clause[n - 1] === 'have') return words(['+1 Might', '+2 Might', '-1 Might'], CompletionItemKind.Value);
  // `..., not removing itself | Auras | attached | NAME` after a grant's protection (MTG 702.16n, 702.16p).
  if (kw === 'not' && game === 'mtg') return n === 1 ? words(['removing']) : n === 2 ? words(['itself', 'Auras', 'attached']) : NONE;
  if (GRANT_NOUNS[game][kw]) {
    // `equipped creature has|loses ABILITY [and ABILITY]...` (MTG 613.1f; Riftbound 718.3).
    if (n === 1) return words(GRANT_NOUNS[game][kw], CompletionItemKind.TypeParameter);
    // `equipped creature gets +4/+4` (613.4c): only a creature has toughness.
    // `enchanted creature can't attack or block` (Pacifism: 508.1c, 509.1b): a creature's restrictions on combat.
    const creature = game === 'mtg' && clause[1] === 'creature' && kw !== 'fortified';
    if (n === 2) return words(game === 'mtg' ? ['has', 'loses', "can't be", ...(creature ? [...COMBAT_RESTRICTIONS, 'gets'] : [])] : ['has']);
    // After the change, an Equipment's that grows with its hone counters (`+1/+0 for each hone counter on it`, 122.1).
    if (clause[2] === 'gets') return n === 3 ? words(['+1/+1', '+2/+2', '-1/-1'], CompletionItemKind.Value) : n === 4 && kw === 'equipped' ? words(['for each hone counter on it']) : NONE;
    // `enchanted land can't be enchanted by other Auras` (Consecrate Land): what, then `by other ...`.
    if (clause[2] === "can't") {
      const what = GRANT_CANT[kw];
      const combat = creature ? restrictionWant(clause, 3, n) : undefined;
      if (combat) return combat;
      return n === 3 ? words(['be', ...(creature ? ['attack', 'block'] : [])]) : n === 4 ? words(what ? [what[0]] : []) : n === 5 ? words(['by']) : n === 6 ? words(['other']) : n === 7 && what ? words([what[1]]) : NONE;
    }
    // `enchanted creature loses all abilities` (Frogify): `all abilities` first, and alone.
    if (clause[2] === 'loses' && game === 'mtg' && clause[3] === 'all') return n === 4 ? words(['abilities']) : NONE;
    if (clause[2] === 'loses' && game === 'mtg' && n === 3) {
      const w = abilityWant(state, [], true);
      return w.kind === 'words' ? { ...w, words: ['all abilities', ...w.words] } : w;
    }
    return clause[2] === 'has' || clause[2] === 'loses' ? abilityWant(state, clause.slice(3), true) : NONE;
  }
  if (n === 1 && keywordSecondWord(kw)) return words([keywordSecondWord(kw)!]);
  // MTG double-faced cards (712.2): `transforms into NAME`, `back face`.
  if (game === 'mtg' && kw === 'transforms') return n === 1 ? words(['into']) : n === 2 && clause[1] === 'into' ? words(backFaces(state), CompletionItemKind.Reference) : NONE;
  if (game === 'mtg' && kw === 'back') return n === 1 ? words(['face']) : NONE;
  // `when attached`, `when equipped creature dies`...: the phrases it doesn't have yet.
  if (kw === 'when' && n === 1) {
    // The whole phrases after each `when` of the declaration, up to its comma.
    const have = new Set<string>();
    toks.forEach((t, k) => {
      if (t.text !== 'when' || (k > 0 && toks[k - 1].kind !== 'comma')) return;
      const ws: string[] = [];
      for (let j = k + 1; j < toks.length && toks[j].kind !== 'comma'; j++) ws.push(toks[j].text);
      have.add(ws.join(' '));
    });
    // Riftbound: "me" and "I" are a unit's (053.1), `when I die` a gear's Effect Text (136.2.c).
    const types = cardTypesOf(toks, colon);
    const fits = (p: string) => game !== 'riftbound' || (p === 'a gear attaches to me' ? !types.includes('gear') : p === 'I die' ? !types.includes('unit') && !types.includes('legend') : true);
    return words(TRIGGER_PHRASES_OF[game].filter((p) => !have.has(p) && fits(p)));
  }
  if (kw === 'when') {
    const next = phraseNext(game, clause.slice(1));
    return next.length !== 0 ? words(next) : NONE;
  }
  if ((kw === 'owner' || kw === 'controller') && n === 1) return { kind: 'players' };
  if (kw === 'entered') return n === 1 ? words(['under']) : n === 2 ? { kind: 'players' } : NONE;
  if (kw === 'attached') return n === 1 ? words(['to']) : n === 2 ? { kind: 'cards', rank: () => 0, players: () => 1 } : NONE;
  if (kw === 'in' && n === 1) return words(game === 'mtg' ? MTG_ZONES : ['hand', 'deck', 'trash', 'banishment'], CompletionItemKind.EnumMember);
  if (kw === 'at' && n === 1) return words(['base', 'battlefield'], CompletionItemKind.EnumMember);
  if (kw === 'at' && clause[1] === 'base') return n === 2 ? words(['of']) : n === 3 && clause[2] === 'of' ? { kind: 'players' } : NONE;
  if (kw === 'enchant' || kw === 'equip') {
    const prev = clause[n - 1];
    const inWith = game === 'mtg' && n > 1 ? withClauseNext(clause) : undefined;
    if (inWith) return words(inWith);
    if (n === 1 || prev === 'or') return words(ENCHANT_WORDS, CompletionItemKind.TypeParameter);
    // MTG 109.2a: an enchant filter may name a graveyard (`enchant creature card in a graveyard`).
    if (kw === 'enchant' && game === 'mtg') {
      const at = clause.indexOf('in');
      if (at > 0) {
        if (at === n - 1) return words(GRAVEYARD_WHOSE.map((w) => w.slice(3)));
        if (at === n - 2) return words(prev === 'an' ? ["opponent's graveyard"] : prev === 'a' || prev === 'your' ? ['graveyard'] : []);
        if (at === n - 3 && prev.startsWith('opponent')) return words(['graveyard']);
        return NONE;
      }
      if (prev === 'card') return words(GRAVEYARD_WHOSE);
      return words(['or', 'you control', 'an opponent controls', "you don't control", ...withAura(clause), ...GRAVEYARD_WHOSE.map((w) => 'card ' + w)]);
    }
    return words(['or', 'you control', 'an opponent controls', "you don't control", ...(game === 'mtg' ? withAura(clause) : [])]);
  }
  if (kw === 'protection') return n === 1 ? words(['from']) : n === 2 ? { kind: 'words', words: [...COLORS, ...QUALITIES, ...state.names.playerIds()], item: CompletionItemKind.Value } : NONE;
  if (kw === 'hexproof' && game === 'mtg') return n === 1 ? words(['from']) : n === 2 && clause[1] === 'from' ? { kind: 'words', words: [...COLORS, ...QUALITIES], item: CompletionItemKind.Value } : NONE;
  if (kw === 'color' || kw === 'colors') return { kind: 'words', words: COLORS.filter((c) => !clause.includes(c)), item: CompletionItemKind.Value };
  if (kw === "can't") {
    // MTG: a creature's own restriction on combat (Gravecrawler's `can't block`; 508.1c, 509.1b), word by word.
    const types = cardTypesOf(toks, colon);
    const fights = game === 'mtg' && (types.length === 0 || types.includes('creature'));
    if (n === 1) return words(fights ? ['be', 'attack', 'block'] : ['be']);
    const combat = fights ? restrictionWant(clause, 1, n) : undefined;
    if (combat) return combat;
    return n === 2 ? words(['enchanted', 'equipped', 'fortified']) : NONE;
  }
  // `you control enchanted creature` (Control Magic, 613.1b): `enchanted`, then what it enchants.
  if (kw === 'you' && game === 'mtg' && clause[1] === 'control') return n === 2 ? words(['enchanted']) : n === 3 ? words(GRANT_NOUNS.mtg.enchanted, CompletionItemKind.TypeParameter) : NONE;
  if ((kw === 'players' || kw === 'you') && game === 'mtg') {
    // `players can't cast FILTER spells` (Aether Storm), `you may cast FILTER spells from the top of
    // your library` (Garruk's Horde): the spells' types, then `spells` or `or`, then the rest.
    if (n === 1) return words(kw === 'players' ? ["can't"] : ['may', 'control']);
    if (n === 2) return words(['cast']);
    if (clause.includes('spells')) return kw === 'you' && clause[n - 1] === 'spells' ? words(['from the top of your library', 'as though they had flash']) : NONE;
    if (n === 3 || clause[n - 1] === 'or') return words(SPELL_WORDS, CompletionItemKind.TypeParameter);
    return words(['spells', 'or']);
  }
  // `with 2 +1/+1 counters`, `with a buff` (MTG 122.1a; Riftbound 702): the count, the kind, then `counters`.
  if (kw === 'with') {
    if (n === 1) return words(game === 'mtg' ? COUNTER_COUNTS : ['a'], CompletionItemKind.Value);
    if (n === 2) return words(COUNTER_KINDS[game], CompletionItemKind.Value);
    if (n === 3 && game === 'mtg') return words([counterWord(clause[1])]);
    return NONE;
  }
  if (kw === 'on' && n === 1) return words(['top']);
  if (kw === 'phased' && n === 1) return words(['out']);
  if (kw === 'aura' && n === 1) return words(['swap']);
  return NONE;
}

function statementWords(state: DocumentState, line: number): Want {
  // The first event decides (statements are in order: the walk stops there), then the
  // declarations alone (found once per tree): an edit among the events walks none of them.
  const sts = state.doc.statements;
  let first = 0;
  while (first < sts.length && !isEvent(sts[first])) first++;
  const eventBefore = first < sts.length && sts[first].range.start.line < line;
  if (eventBefore) return words(verbsOf(state.game, EVENT_VERBS));
  let declarationAfter = false;
  const present = new Set<string>();
  for (const s of declarationsOf(state.doc).list) {
    const at = s.range.start.line;
    declarationAfter ||= (s.kind === 'card' || s.kind === 'player') && at > line;
    if (at !== line) present.add(s.kind);
  }
  const decls = DECLARATION_KEYWORDS.filter((k) => !((k === 'game' || k === 'title' || k === 'rules') && present.has(k)));
  return words(declarationAfter ? decls : [...decls, ...verbsOf(state.game, EVENT_VERBS)]);
}

/**
 * The card items last made for a board (the board before the cursor's statement, as the document
 * state hands it out: while the user types a statement, the same object from version to version)
 * and the words before the cursor, without their edit. Everything a card item says comes from that
 * board, the declarations it was made with (the same when the board is) and those words, so while
 * a host's name is typed letter by letter the thousand items of a large board are made once.
 */
const cardItemsMemo = new WeakMap<BoardView, Map<string, CompletionItem[]>>();
const CARD_ITEM_KEYS_PER_BOARD = 8;

function items(state: DocumentState, want: Want, range: Range, line: number, startLine: number, toks: readonly PTok[] = []): CompletionItem[] {
  if (want.kind === 'statement') want = statementWords(state, startLine);
  switch (want.kind) {
    case 'none':
    case 'statement':
      return [];
    case 'words':
      return want.words.map((w, i) => ({ label: w, kind: want.item, sortText: String(i).padStart(3, '0'), textEdit: { range, newText: w } }));
    case 'players':
      return playerItems(state, range, () => 0);
    case 'cards': {
      const board = state.boardAt(line - 1);
      const key = toks.map((t) => `${t.kind} ${t.text}`).join('\n');
      let byWords = cardItemsMemo.get(board);
      let made = byWords?.get(key);
      if (!made) {
        made = cardItems(state, want, board);
        if (!byWords || byWords.size >= CARD_ITEM_KEYS_PER_BOARD) cardItemsMemo.set(board, (byWords = new Map()));
        byWords.set(key, made);
      }
      // Each answer's own items (an answer's items may be changed for it: withDefaultEditRange).
      const out = made.map((item) => ({ ...item, textEdit: { range, newText: item.label } }));
      const also = want.also;
      if (also) out.push(...also.words.map((w, i) => ({ label: w, kind: CompletionItemKind.Property, sortText: `${also.rank(w)}_${String(i).padStart(3, '0')}`, textEdit: { range, newText: w } })));
      return out;
    }
  }
}

/** The items of `want` (cards, and players where it takes them), without their edit. */
function cardItems(state: DocumentState, want: Extract<Want, { kind: 'cards' }>, board: BoardView): CompletionItem[] {
  const views = viewsById(board);
  const details = cardDetails(state);
  const out: CompletionItem[] = [];
  for (const id of state.names.cardIds()) {
    const view = views.get(id);
    const rank = view ? (want.rank ? want.rank(view) : 0) : 5;
    if (rank === undefined) continue;
    const bad = want.illegal?.(id);
    out.push({
      label: id,
      kind: CompletionItemKind.Class,
      detail: bad ? illegalDetail(bad) : details.get(id),
      // Shown after the name of a host the rules don't allow here.
      labelDetails: view ? { detail: bad ? t(' (not legal here)') : undefined, description: describeZone(view) } : undefined,
      sortText: `${rank}_${id}`,
    });
  }
  if (want.players) out.push(...playerItems(state, undefined, want.players, want.illegal));
  return out;
}

/** Items for the players (`range`: their edit; none for the card items, which get theirs per answer). */
function playerItems(state: DocumentState, range: Range | undefined, rank: (p: string) => number | undefined, illegal?: (id: string) => { why: string; whyText?: Message; rules: string[] } | undefined): CompletionItem[] {
  const out: CompletionItem[] = [];
  for (const id of state.names.playerIds()) {
    const r = rank(id);
    if (r === undefined) continue;
    const bad = illegal?.(id);
    out.push({
      label: id,
      kind: CompletionItemKind.Variable,
      detail: bad ? illegalDetail(bad) : t('player'),
      ...(bad ? { labelDetails: { detail: t(' (not legal here)'), description: t('player') } } : {}),
      sortText: `${r}_${id}`,
      ...(range ? { textEdit: { range, newText: id } } : {}),
    });
  }
  return out;
}

/** The detail of an illegal host: why, with the rules (the reason is the game's own, from the core). */
function illegalDetail(bad: { why: string; whyText?: Message; rules: string[] }): string {
  const why = messageText(bad.whyText, bad.why);
  if (bad.rules.length === 0) return t('Not a legal host: {0}.', why);
  return bad.rules.length === 1 ? t('Not a legal host: {0} (rule {1}).', why, bad.rules[0]) : t('Not a legal host: {0} (rules {1}).', why, bad.rules.join(', '));
}

const viewIndexes = new WeakMap<BoardView, Map<string, CardView>>();

/** The board's cards by id (boards are cached per line by the document state, and so is this). */
function viewsById(board: BoardView): Map<string, CardView> {
  let m = viewIndexes.get(board);
  if (!m) viewIndexes.set(board, (m = new Map(board.cards.map((c) => [c.id, c]))));
  return m;
}

const detailCache = new WeakMap<DocumentState, Map<string, string | undefined>>();

/** Each card's completion detail (`"Name": type line`), made once per document version. */
function cardDetails(state: DocumentState): Map<string, string | undefined> {
  let m = detailCache.get(state);
  if (m) return m;
  m = new Map();
  for (const id of state.names.cardIds()) {
    const decl = state.names.declarations.get(id)!.stmt;
    m.set(id, decl.kind === 'card' ? [decl.name ? `"${decl.name.text}"` : '', typeLineText(decl)].filter(Boolean).join(': ') : undefined);
  }
  detailCache.set(state, m);
  return m;
}

function describeZone(c: CardView): string {
  const zone = c.zone.startsWith('battlefield:') ? t('battlefield {0}', c.zone.slice(12)) : zoneName(c.zone);
  return c.attachedTo ? t('{0}, on {1}', zone, c.attachedTo) : zone;
}

/**
 * The same items as a CompletionList whose itemDefaults.editRange holds the range they all
 * replace (LSP 3.17), so each item is sent without it: a list of every card is a third the size.
 * Items that replace another range keep their own edit; an item inserting other text than its
 * label keeps it as textEditText.
 */
export function withDefaultEditRange(items: CompletionItem[]): CompletionList | CompletionItem[] {
  const first = items[0]?.textEdit;
  if (!first || !('range' in first)) return items;
  const range = first.range;
  const same = (r: Range) => r.start.line === range.start.line && r.start.character === range.start.character && r.end.line === range.end.line && r.end.character === range.end.character;
  return {
    isIncomplete: false,
    itemDefaults: { editRange: range },
    items: items.map((item) => {
      const edit = item.textEdit;
      if (!edit || !('range' in edit) || !same(edit.range)) return item;
      // The items were made for this answer: changed in place (an undefined field is not sent).
      item.textEdit = undefined;
      if (edit.newText !== item.label) item.textEditText = edit.newText;
      return item;
    }),
  };
}
