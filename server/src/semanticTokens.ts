// Semantic tokens (full document). What a TextMate grammar cannot know is which identifier is a
// card and which a player; the rest (keywords, type words, zones, rule numbers in comments) is
// emitted too, so clients without the grammar still get useful colours.
//
// Legend (indices are the protocol values; keep in sync with the client's expectations):
//   types:     0 variable (player ids)   1 class (card ids)   2 keyword (declarations, verbs,
//              property keywords, abilities: `flying`, `protection from`, a grant's `equipped`
//              and `has`)                3 type (card types, subtypes, enchant filters, the
//              attached object of a grant: `creature` in `equipped creature has`)
//              4 enumMember (zones, Riftbound battlefield names)   5 number (rules version, rule
//              numbers in comments)      6 comment
//   modifiers: bit 0 declaration (the id in a `card`/`player` line)
import { commonPrefix, commonSuffix, type AbilityNode, type GrantNode, type Position, type Range, type ScenarioDocument } from '../../core';
import type { SemanticTokens, SemanticTokensDelta, SemanticTokensLegend } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentState } from './documents';
import { lastStatementBy, lineText } from './util';

/** The closing words of `becomes X red in addition to its other colors` (105.3). */
const ADDITION = new Set(['in', 'addition', 'to', 'its', 'other', 'colors']);

export const TOKEN_TYPES = ['variable', 'class', 'keyword', 'type', 'enumMember', 'number', 'comment'] as const;
export const TOKEN_MODIFIERS = ['declaration'] as const;
export const LEGEND: SemanticTokensLegend = { tokenTypes: [...TOKEN_TYPES], tokenModifiers: [...TOKEN_MODIFIERS] };

type TokenType = (typeof TOKEN_TYPES)[number];

interface Tok {
  line: number;
  start: number;
  length: number;
  type: number;
  mods: number;
}

/** The elements of `xs` (in document order, by `line`) on lines first..last (binary search for the start). */
function onLines<T>(xs: readonly T[], line: (x: T) => number, first: number, last: number): readonly T[] {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (line(xs[mid]) < first) lo = mid + 1;
    else hi = mid;
  }
  let end = lo;
  while (end < xs.length && line(xs[end]) <= last) end++;
  return lo === 0 && end === xs.length ? xs : xs.slice(lo, end);
}

/** The words of the copy phrases (MTG 707; Riftbound 477.1.b), keywords each as one token. */
const COPY_OF = ['a', 'copy', 'of'];
const AS_COPY_OF = ['as', 'a', 'copy', 'of'];
const NOT_COPY = ['not', 'a', 'copy'];
const NOT_COPY_OF = ['not', 'a', 'copy', 'of'];

/**
 * The tokens of the document, or of the lines of `range` only (`textDocument/semanticTokens/range`:
 * what a client shows first, for the visible lines of a huge file, while the full tokens are made).
 */
export function semanticTokens(state: DocumentState, range?: Range): SemanticTokens {
  return { data: encode(tokensOf(state, range)) };
}

/** The tokens of the document, or of the lines of `range` only, unsorted. */
function tokensOf(state: DocumentState, range?: Range): Tok[] {
  const first = range ? range.start.line : 0;
  const last = range ? range.end.line : Infinity;
  const toks: Tok[] = [];
  const add = (r: Range, type: TokenType, mods = 0) => {
    if (r.start.line !== r.end.line || r.end.character <= r.start.character) return;
    toks.push({ line: r.start.line, start: r.start.character, length: r.end.character - r.start.character, type: TOKEN_TYPES.indexOf(type), mods });
  };
  /** The first word at a position (a property's keyword), as a range. */
  const wordAt = (r: Range): Range => {
    const rest = lineText(state.document, r.start.line).slice(r.start.character);
    const m = /^[^\s,:]+/.exec(rest);
    return { start: r.start, end: { line: r.start.line, character: r.start.character + (m ? m[0].length : 0) } };
  };
  const keywordOf = (r: Range, word: string) => add({ start: r.start, end: { line: r.start.line, character: r.start.character + word.length } }, 'keyword');
  /** The range of `word` when it is the next word after `pos` on its line (a word the tree keeps no range of: a grant's `has`). */
  const wordAfter = (pos: Position, word: string): Range | undefined => {
    const text = lineText(state.document, pos.line);
    let at = pos.character;
    while (text.charCodeAt(at) === 32 || text.charCodeAt(at) === 9) at++;
    if (!text.startsWith(word, at) || /[\p{L}\p{N}_-]/u.test(text.charAt(at + word.length))) return undefined;
    return { start: { line: pos.line, character: at }, end: { line: pos.line, character: at + word.length } };
  };
  /** The word `first` at `pos` and, when `second` follows it on its line, `second` too, as one keyword token (`protection from`, `all abilities`). */
  const keywordPair = (pos: Position, first: string, second?: string): boolean => {
    const w = wordAfter(pos, first);
    if (!w) return false;
    const next = second === undefined ? undefined : wordAfter(w.end, second);
    add(next ? { start: w.start, end: next.end } : w, 'keyword');
    return true;
  };
  /** The words after `pos` on its line, each the next: one keyword token for them all (`a copy of`); false when they are not all there. */
  const keywordWords = (pos: Position, words: readonly string[]): boolean => {
    let end = pos;
    let start: Position | undefined;
    for (const w of words) {
      const r = wordAfter(end, w);
      if (!r) return false;
      start ??= r.start;
      end = r.end;
    }
    add({ start: start ?? pos, end }, 'keyword');
    return true;
  };
  /** A keyword of one or more words (`first strike`): one token; its first word when it runs over two lines. */
  const phrase = (r: Range) => add(r.start.line === r.end.line ? r : wordAt(r), 'keyword');
  /** An ability in a grant, `gains`/`loses` or `expect X has`: its keyword words. */
  const ability = (a: AbilityNode) => {
    switch (a.kind) {
      case 'keyword':
        return phrase(a.name.range);
      case 'protection':
        // `protection from red`, or `from blue` in `protection from red and from blue`.
        if (!keywordPair(a.range.start, 'protection', 'from')) keywordOf(a.range, 'from');
        return;
      case 'targeting':
        return keywordOf(a.range, a.keyword.name);
      case 'grant':
        // A grant in quotes (613.7a): its words where they stand in the string.
        return grant(a.grant);
      case 'cant':
        // `can't be enchanted by other Auras`: one keyword, on its line.
        return phrase(a.range);
      case 'control':
        // `you control enchanted creature` (Control Magic): `you control`, before the attached object.
        return phrase(a.range);
      case 'all':
        // `loses all abilities`.
        return keywordPair(a.range.start, 'all', 'abilities');
    }
  };
  /** `equipped creature has ABILITY...`: the head's words as keywords, the attached object's noun as a type, then the abilities. */
  const grant = (g: GrantNode) => {
    const space = g.who.text.indexOf(' ');
    keywordOf(g.who.range, g.who.text.slice(0, space));
    const noun = g.who.text.length - space - 1;
    const end = g.who.range.end;
    add({ start: { line: end.line, character: end.character - noun }, end }, 'type');
    const verb = wordAfter(end, g.verb);
    if (verb) add(verb, 'keyword');
    for (const a of g.abilities) ability(a);
  };
  const zone = (z: { zone: string; place?: { range: Range }; range: Range }, verbRange?: Range) => {
    // `destroy X` carries its zone on the verb: the verb is already a keyword.
    if (verbRange && z.range.start.line === verbRange.start.line && z.range.start.character === verbRange.start.character) return;
    add({ start: z.range.start, end: { line: z.range.start.line, character: z.range.start.character + z.zone.length } }, 'enumMember');
    if (z.place) add(z.place.range, 'enumMember');
  };

  for (const o of range ? state.names.occurrencesIn(first, last) : state.names.occurrences) {
    if (!o.kind) continue;
    add(o.range, o.kind === 'card' ? 'class' : 'variable', o.declaration ? 1 : 0);
  }
  const statements = range ? onLines(state.doc.statements, (st) => st.range.end.line, first, Infinity).filter((st) => st.range.start.line <= last) : state.doc.statements;
  for (const st of statements) {
    switch (st.kind) {
      case 'game':
      case 'title':
      case 'rules':
      case 'player':
      case 'include':
        keywordOf(st.range, st.kind);
        if (st.kind === 'rules' && st.version) add(st.version.range, 'number');
        break;
      case 'card':
        keywordOf(st.range, 'card');
        for (const w of st.typeLine?.types ?? []) add(w.range, 'type');
        for (const w of st.typeLine?.subtypes ?? []) add(w.range, 'type');
        for (const p of st.props) {
          if (p.kind === 'keyword-ability') phrase(p.name.range);
          else if (p.kind === 'grant') grant(p.grant);
          else add(wordAt(p.range), 'keyword');
          if (p.kind === 'zone') zone(p.zone);
          else if (p.kind === 'enchant' || p.kind === 'cant-cast' || p.kind === 'may-cast-top' || (p.kind === 'equip' && p.quality)) {
            const f = p.kind === 'equip' ? p.quality! : p.filter;
            for (const alt of f.alternatives) for (const term of alt) add(term.range, 'type');
          }
        }
        break;
      default:
        for (const ev of st.kind === 'together' ? [st, ...st.parts] : [st]) {
          add(ev.verbRange, 'keyword');
          if ((ev.kind === 'move' || ev.kind === 'enter') && ev.zone) zone(ev.zone, ev.verbRange);
          // `becomes X red in addition to its other colors` (105.3): the closing words are a phrase, not types.
          if (ev.kind === 'types') for (const w of ev.words) add(w.range, ADDITION.has(w.text) ? 'keyword' : 'type');
          if (ev.kind === 'expect' && ev.assertion?.kind === 'in-zone') zone(ev.assertion.zone);
          if (ev.kind === 'expect' && ev.assertion?.kind === 'has-ability') ability(ev.assertion.ability);
          // Copies (MTG 707; Riftbound 477.1.b): `becomes X a copy of Y`, `expect X [not] a copy [of Y]`, `enter X ... as a copy of Y`.
          if (ev.kind === 'copy') keywordWords(ev.subject.range.end, COPY_OF);
          if (ev.kind === 'expect' && ev.assertion?.kind === 'copy') keywordWords(ev.assertion.subject.range.end, ev.assertion.negated ? (ev.assertion.original ? NOT_COPY_OF : NOT_COPY) : COPY_OF);
          if (ev.kind === 'enter' && ev.original) {
            // `as a copy of` comes anywhere after the card: the words just before the copied object's name.
            const before = lineText(state.document, ev.original.range.start.line).slice(0, ev.original.range.start.character);
            const m = /(?:^|\s)(as\s+a\s+copy\s+of)\s*$/.exec(before);
            if (m) keywordWords({ line: ev.original.range.start.line, character: before.length - m[0].length }, AS_COPY_OF);
          }
          // What `gains X` and `loses X` give or take (not the types of `becomes`/`loses X Aura`, typed above).
          if (ev.kind === 'keyword-ability') phrase(ev.name.range);
          // `resolve X living weapon creating T`, `resolve X Weaponmaster choosing G`, `resolve G Quick-Draw choosing U` (702.92a; 821.1.c; 819.1.d): the trigger, and the word before the name it takes.
          if (ev.kind === 'resolve' && ev.ability && (ev.creating || ev.ability.text === 'Weaponmaster' || ev.ability.text === 'Quick-Draw')) {
            phrase(ev.ability.range);
            const w = wordAfter(ev.ability.range.end, ev.creating ? 'creating' : 'choosing');
            if (w) add(w, 'keyword');
          }
          // MTG `cast X mutating onto T` (702.140a), `resolve X on top | underneath` (702.140c): the words of mutate.
          if (ev.kind === 'cast' && ev.mutating) phrase(ev.mutating);
          // Riftbound `paying deflect` (809.1.c): an attach effect that chooses, or a named ability's target, paid for.
          if ((ev.kind === 'attach' || ev.kind === 'activate' || ev.kind === 'cast') && ev.payingDeflect) phrase(ev.payingDeflect);
          if (ev.kind === 'resolve' && ev.mergeOn) phrase(ev.mergeOn.range);
          // `until end of turn`, `this turn`: how long an effect lasts.
          if ((ev.kind === 'control' || ev.kind === 'types' || ev.kind === 'protection' || ev.kind === 'abilities' || ev.kind === 'keyword-ability' || ev.kind === 'keyword') && ev.duration?.kind === 'turn') phrase(ev.duration.range);
          if (ev.kind === 'keyword') keywordOf(ev.keyword.range, ev.keyword.name);
          if (ev.kind === 'protection') keywordPair(ev.subject.range.end, 'protection', 'from');
          if (ev.kind === 'abilities') {
            keywordPair(ev.subject.range.end, ev.ability, ev.ability === 'all' ? 'abilities' : undefined);
            for (const alt of ev.filter?.alternatives ?? []) for (const term of alt) add(term.range, 'type');
          }
        }
    }
  }
  const refs = range ? onLines(state.doc.ruleRefs, (r) => r.range.start.line, first, last) : state.doc.ruleRefs;
  let r0 = 0; // rule references are in document order, like the comments: one pass over both
  for (const c of range ? onLines(state.doc.comments, (x) => x.range.start.line, first, last) : state.doc.comments) {
    // The comment, split around the rule numbers in it.
    let from = c.range.start.character;
    const line = c.range.start.line;
    while (r0 < refs.length && refs[r0].range.start.line < line) r0++;
    for (let k = r0; k < refs.length && refs[k].range.start.line === line; k++) {
      const ref = refs[k];
      if (ref.range.start.character < from || ref.range.end.character > c.range.end.character) continue;
      add({ start: { line, character: from }, end: ref.range.start }, 'comment');
      add(ref.range, 'number');
      from = ref.range.end.character;
    }
    add({ start: { line, character: from }, end: c.range.end }, 'comment');
  }
  return range ? toks.filter((t) => t.line >= first && t.line <= last) : toks;
}

/** What a result id stands for: its data, and the version it was made of (for the next delta). */
interface TokensResult {
  id: string;
  data: number[];
  text: string;
  doc: ScenarioDocument;
  /** The included files its names were declared from (another set may change every name's kind). */
  included: unknown;
}

/** A change to a token array: `deleteCount` numbers from `start` replaced by `insert`. */
interface TokensEdit {
  start: number;
  deleteCount: number;
  insert: number[];
}

/**
 * Full tokens with a result id, and deltas against the last result sent for a document
 * (`textDocument/semanticTokens/full/delta`), so a keystroke sends a few numbers, not the file.
 * The tokens of a new version are made from the last result's: only the lines between the first
 * and the last change (widened to whole statements) are tokenized again, when no declaration is
 * among them (a declaration can change the kind of every name); the rest of the data is the same
 * numbers (tokens are relative to the one before: only the first token after the change moves).
 * Else the whole document is tokenized and the two arrays are compared.
 */
export class SemanticTokensCache {
  private readonly last = new Map<string, TokensResult>();
  private next = 1;
  /** How many results were made from the last one's tokens (the changed lines only). */
  spliced = 0;

  /** The full tokens of `state`, with a new result id. */
  fullFor(state: DocumentState): SemanticTokens {
    const prev = this.last.get(state.uri);
    const edit = prev ? this.changed(prev, state) : undefined;
    const data = edit ? applyEdit(prev!.data, edit) : semanticTokens(state).data;
    // The array kept is changed in place by later deltas: the answer gets its own (it may be sent later).
    return { resultId: this.keep(state, data).id, data: data.slice() };
  }

  /** The tokens of `state` as a delta from the result `previousResultId` (full tokens when that is not the last one sent). */
  deltaFor(state: DocumentState, previousResultId: string): SemanticTokens | SemanticTokensDelta {
    const prev = this.last.get(state.uri);
    if (!prev || prev.id !== previousResultId) return this.fullFor(state);
    const edit = this.changed(prev, state) ?? diff(prev.data, semanticTokens(state).data);
    const data = applyEdit(prev.data, edit);
    const id = this.keep(state, data).id;
    return { resultId: id, edits: edit.deleteCount === 0 && edit.insert.length === 0 ? [] : [{ start: edit.start, deleteCount: edit.deleteCount, data: edit.insert }] };
  }

  private changed(prev: TokensResult, state: DocumentState): TokensEdit | undefined {
    const edit = changedTokens(prev, state);
    if (edit) this.spliced++;
    return edit;
  }

  private keep(state: DocumentState, data: number[]): TokensResult {
    const r: TokensResult = { id: String(this.next++), data, text: state.text, doc: state.doc, included: state.names.included };
    this.last.set(state.uri, r);
    return r;
  }

  forget(uri: string): void {
    this.last.delete(uri);
  }

  get size(): number {
    return this.last.size;
  }
}

/**
 * `data` with the edit made: in place (the array is the cache's own, never handed out), or for a
 * large insertion into a new array (too many numbers to pass to splice as arguments).
 */
function applyEdit(data: number[], e: TokensEdit): number[] {
  if (e.deleteCount === 0 && e.insert.length === 0) return data;
  if (e.insert.length <= 10000) {
    data.splice(e.start, e.deleteCount, ...e.insert);
    return data;
  }
  const out = data.slice(0, e.start);
  for (const x of e.insert) out.push(x);
  for (let i = e.start + e.deleteCount; i < data.length; i++) out.push(data[i]);
  return out;
}

/** One edit replacing what differs between two token arrays (their common start and end are kept), on whole tokens. */
function diff(a: number[], data: number[]): TokensEdit {
  let start = 0;
  const max = Math.min(a.length, data.length);
  while (start < max && a[start] === data[start]) start++;
  // Edits are on whole tokens (5 numbers each), as clients expect.
  start -= start % 5;
  let end = 0;
  while (end < max - start && a[a.length - 1 - end] === data[data.length - 1 - end]) end++;
  end -= end % 5;
  return { start, deleteCount: a.length - start - end, insert: data.slice(start, data.length - end) };
}

/**
 * Does a statement start on this line? Not on a blank, comment-only or indented line: the lexer
 * reads an indented line after those as the continuation of the statement before them.
 */
function startsStatement(document: TextDocument, line: number): boolean {
  return startsStatementWith(document.getText({ start: { line, character: 0 }, end: { line, character: 1 } }), line);
}

/** Does a statement start on line `line`, whose first character is `c` ('' for an empty line)? */
function startsStatementWith(c: string, line: number): boolean {
  return line <= 0 || (c !== '' && c !== ' ' && c !== '\t' && c !== '#' && c !== '\r' && c !== '\n');
}

/** The line where the statement on `line` starts (`line`, or back over the lines it may continue). */
function statementStart(document: TextDocument, line: number): number {
  while (line > 0 && !startsStatement(document, line)) line--;
  return Math.max(0, line);
}

/** The line breaks in text[from, to), counted as TextDocument counts them (CRLF, CR or LF; a CR just before `to` followed by LF is not one yet). */
function lineBreaks(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) n++;
  }
  return n;
}

/** Does a statement that declares names (or reads them from another file) touch lines first..last? */
function declaresOn(doc: ScenarioDocument, first: number, last: number): boolean {
  const sts = doc.statements;
  for (let i = Math.max(0, lastStatementBy(doc.statements, first)); i < sts.length && sts[i].range.start.line <= last; i++) {
    const k = sts[i].kind;
    if (sts[i].range.end.line >= first && (k === 'card' || k === 'player' || k === 'include')) return true;
  }
  return false;
}

/**
 * The change from `prev`'s token data to the tokens of `state`, tokenizing only the changed lines;
 * undefined when that cannot be done (a declaration changed, other included files, another line
 * break): then the whole document is tokenized.
 */
function changedTokens(prev: TokensResult, state: DocumentState): TokensEdit | undefined {
  const oldText = prev.text;
  const text = state.text;
  if (oldText === text) return { start: 0, deleteCount: 0, insert: [] };
  const doc = state.doc;
  if (state.names.included !== prev.included || doc.eol !== prev.doc.eol) return undefined;
  const p = commonPrefix(oldText, text);
  const s = Math.min(commonSuffix(oldText, text), Math.min(oldText.length, text.length) - p);
  // The changed lines: from the first change to the last, in each version; the lines after them
  // are the same text, `shift` lines further down in the new version. (Counted in the texts: the
  // earlier version's document may already be another text.)
  const document = state.document;
  let first = document.positionAt(p).line;
  const lineStart = document.offsetAt({ line: first, character: 0 });
  const newLast = first + lineBreaks(text, lineStart, text.length - s);
  const shift = newLast - (first + lineBreaks(oldText, lineStart, oldText.length - s));
  // Widened to whole statements: back to the line where the statement there starts in each
  // version (the lines before `first` are the same in both), on to the last line that may
  // continue the one before it (those lines are the same text in both).
  if (!startsStatement(document, first) || !startsStatementWith(oldText.charAt(lineStart), first)) first = statementStart(document, first - 1);
  let last = newLast;
  while (last + 1 < state.document.lineCount && !startsStatement(state.document, last + 1)) last++;
  if (declaresOn(doc, first, last) || declaresOn(prev.doc, first, last - shift)) return undefined;
  // The old tokens on those lines: numbers [from, to) of the data; the first after them is at `to`.
  const old = prev.data;
  let line = 0;
  let i = 0;
  let lineBefore = 0;
  let startBefore = 0;
  for (; i < old.length; i += 5) {
    const l = line + old[i];
    if (l >= first) break;
    startBefore = old[i] === 0 ? startBefore + old[i + 1] : old[i + 1];
    line = lineBefore = l;
  }
  const from = i;
  for (; i < old.length; i += 5) {
    const l = line + old[i];
    if (l > last - shift) break;
    line = l;
  }
  const to = i;
  const insert = encode(tokensOf(state, { start: { line: first, character: 0 }, end: { line: last, character: 0 } }), lineBefore, startBefore);
  // The line of the last token before the next one, in the new version.
  let lastLine = lineBefore;
  for (let k = 0; k < insert.length; k += 5) lastLine += insert[k];
  if (to >= old.length) return { start: from, deleteCount: old.length - from, insert };
  // The next token is on a later line than any of them, so only its line delta changes.
  const nextLine = line + old[to] + shift;
  insert.push(nextLine - lastLine, old[to + 1], old[to + 2], old[to + 3], old[to + 4]);
  return { start: from, deleteCount: to + 5 - from, insert };
}

/** Sorts, drops overlaps (the first token added at a place wins), and delta-encodes. */
export function encode(toks: Tok[], prevLine = 0, prevStart = 0): number[] {
  // Array.prototype.sort is stable: tokens at the same place keep the order they were added in.
  const sorted = toks.slice().sort((a, b) => a.line - b.line || a.start - b.start);
  const data: number[] = [];
  let lastEnd = -1;
  let lastLine = -1;
  for (const t of sorted) {
    if (t.line === lastLine && t.start < lastEnd) continue;
    data.push(t.line - prevLine, t.line === prevLine ? t.start - prevStart : t.start, t.length, t.type, t.mods);
    prevLine = t.line;
    prevStart = t.start;
    lastLine = t.line;
    lastEnd = t.start + t.length;
  }
  return data;
}
