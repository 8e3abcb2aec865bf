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

