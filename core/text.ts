// Positions in a text, shared by every layer (the parser's reparse, the replay's fix edits, the
// picture's captions, applying edits): where each line starts, and a position's offset. Lines end
// with LF, CRLF or CR, as the lexer reads them.
import type { Position } from './types';

/** The offset of a position (a column past the line's end is clamped to it). */
export function offsetAt(lineStarts: number[], text: string, p: Position): number {
  if (p.line >= lineStarts.length) return text.length;
  const start = lineStarts[p.line];
  const next = p.line + 1 < lineStarts.length ? lineStarts[p.line + 1] : text.length;
  return Math.min(start + p.character, next);
}

/** The offset where each line starts. */
export function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) starts.push(i + 1);
    else if (c === 13) {
      if (text.charCodeAt(i + 1) === 10) i++;
      starts.push(i + 1);
    }
  }
  return starts;
}


/** Lines of a text as an editor's line table gives them (the editor keeps one up to date edit by edit; the reparse reads it). */
export interface LineIndex {
  lineCount: number;
  /** The line an offset is on. */
  lineAt(offset: number): number;
  /** Where a line starts. */
  startOf(line: number): number;
}

/** A line table of `text`, made from where each line starts. */
export function lineIndexOf(text: string): LineIndex {
  const starts = lineStartsOf(text);
  return {
    lineCount: starts.length,
    lineAt: (offset) => {
      let lo = 0;
      let hi = starts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (starts[mid] <= offset) lo = mid;
        else hi = mid - 1;
      }
      return lo;
    },
    startOf: (line) => starts[line],
  };
}
