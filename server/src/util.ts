// Small position and text helpers shared by the feature modules. Core positions are LSP positions
// (0-based lines, UTF-16 columns), so ranges pass between the core and the protocol unchanged.
import type { Position, Range } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';

export function before(a: Position, b: Position): boolean {
  return a.line < b.line || (a.line === b.line && a.character < b.character);
}

export function beforeOrEqual(a: Position, b: Position): boolean {
  return !before(b, a);
}

/** `pos` is inside `r`, both ends included (a cursor just after a word still "is on" it). */
export function containsInclusive(r: Range, pos: Position): boolean {
  return beforeOrEqual(r.start, pos) && beforeOrEqual(pos, r.end);
}

/** The ranges share at least a point (touching counts, so an empty range at a diagnostic's edge matches it). */
export function touches(a: Range, b: Range): boolean {
  return beforeOrEqual(a.start, b.end) && beforeOrEqual(b.start, a.end);
}

export function sameRange(a: Range, b: Range): boolean {
  return a.start.line === b.start.line && a.start.character === b.start.character && a.end.line === b.end.line && a.end.character === b.end.character;
}

/** The text of one line, without its line break. */
export function lineText(doc: TextDocument, line: number): string {
  if (line < 0 || line >= doc.lineCount) return '';
  const text = doc.getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } });
  return text.replace(/\r?\n$|\r$/, '');
}

/** Collapses runs of whitespace (continuation lines) into single spaces. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The first index in 0..length at which `before(i)` is false, for a `before` that is true then
 * false along the indexes (a binary search: statements and comments are in document order).
 */
export function firstNotBefore(length: number, before: (i: number) => boolean): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (before(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The index of the last statement starting on or before `line`, or -1. */
export function lastStatementBy(statements: readonly { range: Range }[], line: number): number {
  return firstNotBefore(statements.length, (i) => statements[i].range.start.line <= line) - 1;
}

/** An ability as the board view lists it, without the attachment that grants it: `haste (from greaves)` → `haste` (core cardView). */
export function withoutSource(label: string): string {
  return label.replace(/ \(from [^)]*\)$/, '');
}
