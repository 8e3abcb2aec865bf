// Folding: statements continued on indented lines, and runs of whole-line comments.
// The statements' regions are carried from the version answered last (perStatement.ts): in a huge
// file only the statements of the edit are looked at again.
import { FoldingRangeKind, type FoldingRange } from 'vscode-languageserver';
import type { Statement } from '../../core';
import type { DocumentState } from './documents';
import { changeSince, IndexedBuilder, PerDocument, spliced, type Indexed } from './perStatement';

/** The region of each statement continued on other lines, by statement index. */
const memory = new PerDocument<{ statements: readonly Statement[]; regions: Indexed<FoldingRange> }>();

function regionsOf(statements: readonly Statement[], from: number, to: number): Indexed<FoldingRange> {
  const out = new IndexedBuilder<FoldingRange>(true);
  for (let i = from; i < to; i++) {
    const r = statements[i].range;
    if (r.end.line > r.start.line) out.push(i, { startLine: r.start.line, endLine: r.end.line });
  }
  return out.done();
}

export function foldingRanges(state: DocumentState): FoldingRange[] {
  const statements = state.doc.statements;
  // No region for the declarations or the events as a whole: a region's first line is what sticky
  // scroll pins, and the first declaration or the first event is not a heading of what follows.
  // Statements continued on indented lines fold, and so do comment runs (a comment block is a heading).
  const memo = memory.get(state.uri);
  const change = changeSince(memo, statements);
  const regions = memo && change ? spliced(memo.regions, change, regionsOf(statements, change.prefix, change.newEnd)) : regionsOf(statements, 0, statements.length);
  memory.set(state.uri, { statements, regions });
  const out: FoldingRange[] = regions.items!.map((r) => ({ startLine: r.startLine, endLine: r.endLine, kind: undefined }));

  // Whole-line comments on consecutive lines.
  const add = (startLine: number, endLine: number) => {
    if (endLine > startLine) out.push({ startLine, endLine, kind: FoldingRangeKind.Comment });
  };
  let runStart = -1;
  let runEnd = -1;
  const doc = state.document;
  for (const c of state.doc.comments) {
    const line = c.range.start.line;
    // Only blanks before it on its line (the text from the line's start to the comment).
    const wholeLine = c.range.start.character === 0 || doc.getText({ start: { line, character: 0 }, end: c.range.start }).trim() === '';
    if (!wholeLine) continue;
    if (line === runEnd + 1 && runStart >= 0) runEnd = line;
    else {
      add(runStart, runEnd);
      runStart = runEnd = line;
    }
  }
  add(runStart, runEnd);
  return out;
}

/** Forgets the regions carried between versions (tests compare with a computation from nothing). */
export function forgetFolding(): void {
  memory.clear();
}
