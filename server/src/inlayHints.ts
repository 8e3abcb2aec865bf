// Inlay hints: at the end of each event line, what the replay made of it (core's step summary,
// e.g. `⟶ splitter → lion (t4)`). Only inside the requested range.
import { messageText, t } from './l10n';
import type { InlayHint, Range } from 'vscode-languageserver';
import type { DocumentState } from './documents';
import { lineText, touches } from './util';

export function inlayHints(state: DocumentState, range: Range): InlayHint[] {
  const hints: InlayHint[] = [];
  for (const step of state.steps(range.start.line, range.end.line)) {
    if (!step.summary || !touches(step.range, range)) continue;
    const line = step.range.end.line;
    const position = { line, character: lineText(state.document, line).length };
    if (!touches({ start: position, end: position }, range)) continue;
    hints.push({ position, label: `⟶ ${messageText(step.summaryText, step.summary)}`, paddingLeft: true, tooltip: t('The board after this event, as the checker replays it.') });
  }
  return hints;
}
