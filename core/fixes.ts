// Applying text edits, and "fix all": every safe fix, at most one per finding, without overlaps.
import type { Finding, TextEdit } from './types';
import { lineStartsOf, offsetAt } from './text';

/** Applies non-overlapping edits (as LSP does: all ranges refer to the original text; inserts at one point keep their order). */
export function applyEdits(text: string, edits: TextEdit[]): string {
  const starts = lineStartsOf(text);
  const spans = edits
    .map((e, i) => ({ from: offsetAt(starts, text, e.range.start), to: offsetAt(starts, text, e.range.end), text: e.newText, i }))
    .sort((a, b) => a.from - b.from || a.to - b.to || a.i - b.i);
  let out = '';
  let pos = 0;
  for (const s of spans) {
    if (s.from < pos) throw new Error('overlapping edits');
    out += text.slice(pos, s.from) + s.text;
    pos = s.to;
  }
  return out + text.slice(pos);
}

/** The edits of every safe fix (the first safe fix of each finding), skipping any that would overlap. */
export function safeFixEdits(text: string, findings: Finding[]): TextEdit[] {
  const starts = lineStartsOf(text);
  const taken: { from: number; to: number }[] = [];
  const out: TextEdit[] = [];
  for (const f of findings) {
    const fix = f.fixes.find((x) => x.safe);
    if (!fix) continue;
    const spans = fix.edits.map((e) => ({ from: offsetAt(starts, text, e.range.start), to: offsetAt(starts, text, e.range.end) }));
    const overlaps = spans.some((s) => taken.some((t) => s.from < t.to && t.from < s.to && !(s.from === s.to && t.from === t.to)));
    if (overlaps) continue;
    taken.push(...spans);
    out.push(...fix.edits);
  }
  return out;
}

export function applySafeFixes(text: string, findings: Finding[]): string {
  return applyEdits(text, safeFixEdits(text, findings));
}
