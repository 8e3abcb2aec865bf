// Which event a picture of the board at a line shows, in words. Pure.
import { isEvent, type ScenarioDocument } from '../parser/ast';
import { lineStartsOf } from '../text';
import type { Range } from '../types';
import { msg, renderMessage, type Message } from '../message';

function labelled(text: Message): { label: string; text: Message } {
  return { label: renderMessage(text), text };
}

export interface BoardCaption {
  /** The 0-based line of the last event (not `expect`) starting on or before the line, or -1: the initial board. */
  line: number;
  /** `After line 10 (destroy lion)` or `Initial state`. */
  label: string;
  /** The label as a template and its arguments (core/message.ts), for the edges to translate. */
  text: Message;
}

/**
 * The caption of the board as it stands after the statement on (or last before) `line` (0-based).
 * `textOf` gives the text of a range when the caller has the text's line starts already (an
 * editor); else they are computed.
 */
export function boardCaption(doc: ScenarioDocument, text: string, line: number, textOf?: (r: Range) => string): BoardCaption {
  // The last statement starting on or before the line (statements are in order), then back to an event.
  const sts = doc.statements;
  let lo = 0;
  let hi = sts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sts[mid].range.start.line <= line) lo = mid + 1;
    else hi = mid;
  }
  let i = lo - 1;
  while (i >= 0 && !(isEvent(sts[i]) && sts[i].kind !== 'expect')) i--;
  const last = i >= 0 ? sts[i] : undefined;
  if (!last) return { line: -1, ...labelled(msg`Initial state`) };
  let raw: string;
  if (textOf) raw = textOf(last.range);
  else {
    const starts = lineStartsOf(text);
    const at = (p: { line: number; character: number }) => (p.line < starts.length ? starts[p.line] + p.character : text.length);
    raw = text.slice(at(last.range.start), at(last.range.end));
  }
  const words = raw.replace(/\s+/g, ' ').trim();
  return { line: last.range.start.line, ...labelled(msg`After line ${last.range.start.line + 1} (${words})`) };
}

/** The 0-based start lines of the events (not `expect` lines), in order: the steps of a scenario. */
export function eventLines(doc: ScenarioDocument): number[] {
  return doc.statements.filter((st) => isEvent(st) && st.kind !== 'expect').map((st) => st.range.start.line);
}
