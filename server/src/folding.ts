// Folding: statements continued on indented lines, and runs of whole-line comments.
import { FoldingRangeKind, type FoldingRange } from 'vscode-languageserver';
import type { DocumentState } from './documents';
import { lineText } from './util';

export function foldingRanges(state: DocumentState): FoldingRange[] {
  const out: FoldingRange[] = [];
  const add = (startLine: number, endLine: number, kind?: FoldingRangeKind) => {
    if (endLine > startLine) out.push({ startLine, endLine, kind });
  };
  const statements = state.doc.statements;
  // No region for the declarations or the events as a whole: a region's first line is what sticky
  // scroll pins, and the first declaration or the first event is not a heading of what follows.
  // Statements continued on indented lines fold, and so do comment runs (a comment block is a heading).
  for (const st of statements) {
    const r = st.range;
    add(r.start.line, r.end.line);
  }

  // Whole-line comments on consecutive lines.
  let runStart = -1;
  let runEnd = -1;
  for (const c of state.doc.comments) {
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
