// Which event a picture of the board at a line shows, in words. Pure.
import { isEvent, type ScenarioDocument } from '../parser/ast';
import { lineStartsOf } from '../text';

export interface BoardCaption {
  /** The 0-based line of the last event (not `expect`) starting on or before the line, or -1: the initial board. */
  line: number;
  /** `After line 10 (destroy lion)` or `Initial state`. */
  label: string;
}

/** The caption of the board as it stands after the statement on (or last before) `line` (0-based). */
export function boardCaption(doc: ScenarioDocument, text: string, line: number): BoardCaption {
  let last: { range: { start: { line: number; character: number }; end: { line: number; character: number } } } | undefined;
  for (const st of doc.statements) {
    if (st.range.start.line > line) break;
    if (isEvent(st) && st.kind !== 'expect') last = st;
  }
  if (!last) return { line: -1, label: 'Initial state' };
  const starts = lineStartsOf(text);
  const at = (p: { line: number; character: number }) => (p.line < starts.length ? starts[p.line] + p.character : text.length);
  const words = text.slice(at(last.range.start), at(last.range.end)).replace(/\s+/g, ' ').trim();
  return { line: last.range.start.line, label: `After line ${last.range.start.line + 1} (${words})` };
}

/** The 0-based start lines of the events (not `expect` lines), in order: the steps of a scenario. */
export function eventLines(doc: ScenarioDocument): number[] {
  return doc.statements.filter((st) => isEvent(st) && st.kind !== 'expect').map((st) => st.range.start.line);
}
