// Folding: the declarations block, the events block, statements continued on indented lines, and
// runs of whole-line comments.
import { isEvent } from '../../core';
import { FoldingRangeKind, type FoldingRange } from 'vscode-languageserver';
import type { DocumentState } from './documents';
import { lineText } from './util';

export function foldingRanges(state: DocumentState): FoldingRange[] {
  const out: FoldingRange[] = [];
  const add = (startLine: number, endLine: number, kind?: FoldingRangeKind) => {
    if (endLine > startLine) out.push({ startLine, endLine, kind });
  };
  const statements = state.analysis.doc.statements;
  const firstEvent = statements.findIndex(isEvent);
  const declarations = firstEvent < 0 ? statements : statements.slice(0, firstEvent);
  if (declarations.length > 0) add(declarations[0].range.start.line, declarations[declarations.length - 1].range.end.line);
  if (firstEvent >= 0) {
    const events = statements.filter(isEvent);
    add(events[0].range.start.line, events[events.length - 1].range.end.line);
  }
  for (const st of statements) add(st.range.start.line, st.range.end.line);

  // Whole-line comments on consecutive lines.
  let runStart = -1;
  let runEnd = -1;
  for (const c of state.analysis.doc.comments) {
    const line = c.range.start.line;
    const wholeLine = lineText(state.document, line).slice(0, c.range.start.character).trim() === '';
    if (!wholeLine) continue;
    if (line === runEnd + 1 && runStart >= 0) runEnd = line;
    else {
      add(runStart, runEnd, FoldingRangeKind.Comment);
      runStart = runEnd = line;
    }
  }
  add(runStart, runEnd, FoldingRangeKind.Comment);
  return out;
}
