// The syntax tree of a new version of a text, from the tree of the earlier version: statements
// before the first change are kept, those after the last change too when the line count is the
// same (their positions have not moved), and only the text between is parsed. The result equals a
// parse of the whole text (a property test holds them equal); the editor uses it so that a hover
// after typing does not wait for a parse of the whole file.
//
// With the editor's line table of the new text (`LineIndex`: it keeps one up to date edit by edit),
// an edit inside a line costs what that statement costs: the lines are not counted, the rule
// references and declarations of the unchanged statements are carried over, not found again.
import { isEvent, type ScenarioDocument, type Statement } from './ast';
import { eolOf } from './lexer';
import { parse, parseStream, ruleRefsOf, shiftedLines } from './parser';
import { lineIndexOf, type LineIndex } from '../text';

export type { LineIndex };
import { declarationsOf, rememberDeclarations } from './declarations';
import type { Range } from '../types';

/**
 * What a reparse made, for the editor's later questions: how many statements of each of the
 * last few earlier trees start the new one unchanged (the tree it was made from first; then the
 * one that tree was made from, and so on: a version the editor asked nothing of in between still
 * hands on what it kept). Trees by number: a tree must not keep the ones before it alive.
 */
type Reparsed = readonly { earlier: number; kept: number }[];

/** How many earlier trees a tree remembers what it kept of. */
const ANCESTORS = 8;

const reparsedFrom = new WeakMap<ScenarioDocument, Reparsed>();
const treeNumbers = new WeakMap<ScenarioDocument, number>();
let treeCount = 0;

function numberOf(doc: ScenarioDocument): number {
  let n = treeNumbers.get(doc);
  if (n === undefined) treeNumbers.set(doc, (n = ++treeCount));
  return n;
}

/**
 * What a reparse kept of the earlier tree's statements, by position in both lists: the first
 * `prefix` are the same objects; from `newEnd` (new) and `oldEnd` (old) on, they are the same
 * text, the same objects when `lineDelta` is 0, else copies moved by `lineDelta` lines.
 */
export interface StatementsKept {
  prefix: number;
  oldEnd: number;
  newEnd: number;
  lineDelta: number;
}

/** Per statement list a reparse made: the list it was made from (by number: a list must not keep the one before it alive), and what it kept of it. */
const keptOf = new WeakMap<readonly Statement[], { from: number; kept: StatementsKept }>();
const listNumbers = new WeakMap<readonly Statement[], number>();
let listCount = 0;

function listNumber(list: readonly Statement[]): number {
  let n = listNumbers.get(list);
  if (n === undefined) listNumbers.set(list, (n = ++listCount));
  return n;
}

/** What the reparse that made `next` kept of `prev`, when it made it from that very list (else undefined). */
export function statementsKept(prev: readonly Statement[], next: readonly Statement[]): StatementsKept | undefined {
  const r = keptOf.get(next);
  return r && r.from === listNumbers.get(prev) ? r.kept : undefined;
}

/** How many statements `doc` starts with that are `earlier`'s own objects, when reparses made it from that tree (else 0). */
export function keptFrom(doc: ScenarioDocument, earlier: ScenarioDocument): number {
  const n = treeNumbers.get(earlier);
  for (const r of reparsedFrom.get(doc) ?? []) if (r.earlier === n) return r.kept;
  return 0;
}

/** May the text of a tree hold a CR (known per tree, so a reparse need not look again). */
const mayHaveCR = new WeakMap<ScenarioDocument, boolean>();

export function reparse(prevText: string, prevDoc: ScenarioDocument, text: string, index?: LineIndex): ScenarioDocument {
  if (text === prevText) return prevDoc;
  if (eolOf(text) !== prevDoc.eol) return parse(text);
  const prefix = commonPrefix(prevText, text);
  // The changed part of the new text ends where the common end starts (never before the prefix).
  const suffix = Math.min(commonSuffix(prevText, text), Math.min(prevText.length, text.length) - prefix);
  const prevCR = mayHaveCR.get(prevDoc) ?? prevText.indexOf('\r') >= 0;
  const hasCR = prevCR || hasCRIn(text, prefix, text.length - suffix);
  const lines = index ? fromIndex(index, prefix) : linesOf(text, prefix);
  const old = prevDoc.statements;
  // Keep the statements before the last one that starts before the changed line (that one may
  // continue onto it); parsing starts at that statement, whose line is unchanged.
  const changedLine = lines.changedLine;
  const k = lastStartingBefore(old, changedLine);
  if (k <= 0) return remember(parse(text), hasCR);
  const fromLine = old[k].range.start.line;
  // Where both versions end alike, the old statements stand: as they are with the same line
  // count, else moved by the lines added or removed (`shiftedLines`, much cheaper than a parse).
  const delta = lines.count - prevDoc.lineCount;
  const suffixFrom = text.length - suffix;
  const statements: Statement[] = old.slice(0, k);
  let reuseFrom = -1;
  let kept = k;
  const fresh = parseStream(
    text,
    (st, _info, offset) => {
      // A statement whose line break before it lies in the common end starts the same text in both.
      if (offset - 1 >= suffixFrom) {
        const j = startingAt(old, st.range.start.line - delta);
        if (j >= 0) {
          reuseFrom = j;
          return true;
        }
      }
      // The statement parsing started at, when it still ends before the changed line: the same
      // text, so the earlier object (the editor's copies of the replay after it stand).
      if (statements.length === k && st.range.end.line < changedLine && sameRange(st.range, old[k].range)) {
        statements.push(old[k]);
        kept = k + 1;
        return;
      }
      statements.push(st);
    },
    { line: fromLine, offset: lines.startOf(fromLine), lineCount: lines.count, hasCR },
  );
  // The first line kept from the earlier tree, as a line of the earlier text and of this one.
  const cutLine = reuseFrom >= 0 ? old[reuseFrom].range.start.line : Infinity;
  const newCutLine = cutLine + delta;
  const parsedEnd = statements.length;
  if (reuseFrom >= 0) for (let j = reuseFrom; j < old.length; j++) statements.push(shiftedLines(old[j], delta));
  const merge = <T extends { range: { start: { line: number } } }>(before: readonly T[], middle: readonly T[]): T[] => {
    const out = before.filter((x) => x.range.start.line < fromLine);
    for (const x of middle) if (x.range.start.line < newCutLine) out.push(x);
    for (const x of before) if (x.range.start.line >= cutLine) out.push(shiftedLines(x, delta));
    return out;
  };
  const lexical = merge(prevDoc.problems.slice(0, prevDoc.lexicalProblems), fresh.lexProblems);
  const syntactic = merge(prevDoc.problems.slice(prevDoc.lexicalProblems), fresh.parseProblems);
  const comments = merge(prevDoc.comments, fresh.comments);
  const doc: ScenarioDocument = {
    statements,
    comments,
    // A rule reference is on its comment's line: those of the kept comments stand.
    ruleRefs: merge(prevDoc.ruleRefs, ruleRefsOf(fresh.comments)),
    problems: [...lexical, ...syntactic],
    lexicalProblems: lexical.length,
    eol: prevDoc.eol,
    lineCount: lines.count,
  };
  // The declarations: the earlier ones before and after the parsed part, the parsed part's own.
  const before = declarationsOf(prevDoc).list;
  const list: Statement[] = [];
  let i = 0;
  for (; i < before.length && before[i].range.start.line < fromLine; i++) list.push(before[i]);
  for (let j = k; j < parsedEnd; j++) if (!isEvent(statements[j])) list.push(statements[j]);
  // After the parsed part: the kept statements' own objects (moved ones are new objects).
  if (reuseFrom >= 0 && delta === 0) for (; i < before.length; i++) if (before[i].range.start.line >= cutLine) list.push(before[i]);
  if (reuseFrom >= 0 && delta !== 0) for (let j = parsedEnd; j < statements.length; j++) if (!isEvent(statements[j])) list.push(statements[j]);
  rememberDeclarations(doc, { list, late: lateIn(statements, list) });
  // The earlier trees' own statements this one starts with: those of the tree it was made from,
  // and of that tree's earlier ones as far as both kept them.
  const chain = [{ earlier: numberOf(prevDoc), kept }];
  for (const r of reparsedFrom.get(prevDoc) ?? []) if (chain.length < ANCESTORS) chain.push({ earlier: r.earlier, kept: Math.min(kept, r.kept) });
  reparsedFrom.set(doc, chain);
  const tailKept = reuseFrom >= 0 ? old.length - reuseFrom : 0;
  keptOf.set(statements, { from: listNumber(old), kept: { prefix: kept, oldEnd: old.length - tailKept, newEnd: statements.length - tailKept, lineDelta: tailKept > 0 ? delta : 0 } });
  return remember(doc, hasCR);
}

/** Is there a CR in text[from..to)? */
function hasCRIn(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (text.charCodeAt(i) === 13) return true;
  return false;
}

function sameRange(a: Range, b: Range): boolean {
  return a.start.line === b.start.line && a.start.character === b.start.character && a.end.line === b.end.line && a.end.character === b.end.character;
}

function remember(doc: ScenarioDocument, hasCR: boolean): ScenarioDocument {
  mayHaveCR.set(doc, hasCR);
  return doc;
}

/** Is a declaration written after the first event? (Declarations come first in a well-formed file: this looks at a few statements.) */
function lateIn(statements: readonly Statement[], declarations: readonly Statement[]): boolean {
  if (declarations.length === 0) return false;
  let first = 0;
  while (first < statements.length && !isEvent(statements[first])) first++;
  if (first === statements.length) return false;
  const last = declarations[declarations.length - 1];
  return last.range.start.line > statements[first].range.start.line;
}

/** The line count, the line of the first change and line starts, from the editor's line table. */
function fromIndex(index: LineIndex, changed: number): { count: number; changedLine: number; startOf: (line: number) => number } {
  return { count: index.lineCount, changedLine: index.lineAt(changed), startOf: (line) => index.startOf(line) };
}

/**
 * What a reparse needs to know of the lines of `text`: how many there are, the line of the first
 * change, and where a line at or before it starts. Without a CR in the text, from indexOf (no
 * array of every line start is made: this runs at each keystroke in a huge file).
 */
function linesOf(text: string, changed: number): { count: number; changedLine: number; startOf: (line: number) => number } {
  if (text.includes('\r')) {
    return fromIndex(lineIndexOf(text), changed);
  }
  let count = 1;
  let changedLine = 0;
  let changedLineStart = 0;
  for (let p = text.indexOf('\n'); p >= 0; p = text.indexOf('\n', p + 1)) {
    if (p < changed) {
      changedLine++;
      changedLineStart = p + 1;
    }
    count++;
  }
  const startOf = (line: number) => {
    let start = changedLineStart;
    for (let l = changedLine; l > line; l--) start = start >= 2 ? text.lastIndexOf('\n', start - 2) + 1 : 0;
    return start;
  };
  return { count, changedLine, startOf };
}

/** The index of the last statement that starts on a line before `line`, or -1. */
function lastStartingBefore(sts: readonly Statement[], line: number): number {
  let lo = 0;
  let hi = sts.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (sts[mid].range.start.line < line) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** The index of the statement starting on `line`, or -1. */
function startingAt(sts: readonly Statement[], line: number): number {
  const i = lastStartingBefore(sts, line + 1);
  return i >= 0 && sts[i].range.start.line === line ? i : -1;
}

const CHUNK = 4096;

/**
 * The last pair of texts compared, and what was found: the editor asks again about the same two
 * versions (the reparse, the check resuming, the findings known while typing).
 */
let lastPrefix: { a: string; b: string; n: number } | undefined;
let lastSuffix: { a: string; b: string; n: number } | undefined;

/** How many characters both texts start with. */
export function commonPrefix(a: string, b: string): number {
  if (lastPrefix && lastPrefix.a === a && lastPrefix.b === b) return lastPrefix.n;
  const n = commonPrefixOf(a, b);
  lastPrefix = { a, b, n };
  return n;
}

/** How many characters both texts end with. */
export function commonSuffix(a: string, b: string): number {
  if (lastSuffix && lastSuffix.a === a && lastSuffix.b === b) return lastSuffix.n;
  const n = commonSuffixOf(a, b);
  lastSuffix = { a, b, n };
  return n;
}

function commonPrefixOf(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let d = 0;
  while (d + CHUNK <= n && a.slice(d, d + CHUNK) === b.slice(d, d + CHUNK)) d += CHUNK;
  while (d < n && a.charCodeAt(d) === b.charCodeAt(d)) d++;
  return d;
}

function commonSuffixOf(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let k = 0;
  while (k + CHUNK <= n && a.slice(a.length - k - CHUNK, a.length - k) === b.slice(b.length - k - CHUNK, b.length - k)) k += CHUNK;
  while (k < n && a.charCodeAt(a.length - 1 - k) === b.charCodeAt(b.length - 1 - k)) k++;
  return k;
}
