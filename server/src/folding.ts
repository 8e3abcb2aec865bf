// Folding: statements continued on indented lines, and runs of whole-line comments.
// The statements' regions are carried from the version answered last (perStatement.ts): in a huge
// file only the statements of the edit are looked at again.
import { FoldingRangeKind, type FoldingRange } from 'vscode-languageserver';
import type { Statement } from '../../core';
import type { DocumentState } from './documents';
import { changeSince, IndexedBuilder, PerDocument, spliced, type Indexed } from './perStatement';
import { lastStatementBy } from './util';

/** The region of each statement continued on other lines, by statement index. */
const memory = new PerDocument<{ statements: readonly Statement[]; regions: Indexed<FoldingRange> }>();

/**
 * The regions of the statements from..to-1 that run over several lines. A statement goes on only
 * on lines that start with a blank (the lexer's continuation lines), so only the statements with
 * such a line in their text are looked at: in a file of one-line statements, none (their ranges
 * are not even made, which in a huge file after a new line is most of the work).
 */
function regionsOf(state: DocumentState, statements: readonly Statement[], from: number, to: number): Indexed<FoldingRange> {
  const out = new IndexedBuilder<FoldingRange>(true);
  if (from >= to) return out.done();
  const text = state.text;
  const doc = state.document;
  const start = doc.offsetAt({ line: statements[from].range.start.line, character: 0 });
  const end = to < statements.length ? doc.offsetAt(statements[to].range.start) : text.length;
  // A line break followed by a blank that is not a line break: the start of a line that may continue a statement.
  // (In the text of these statements only: a search past them could run to the end of a huge file.)
  const continued = /[\r\n][^\S\r\n]/g;
  const part = text.slice(start, end);
  let last = -1;
  for (let m = continued.exec(part); m; m = continued.exec(part)) {
    const i = lastStatementBy(statements, doc.positionAt(start + m.index + 1).line);
    if (i < from || i >= to || i === last) continue;
    last = i;
    const r = statements[i].range;
    if (r.end.line > r.start.line) out.push(i, { startLine: r.start.line, endLine: r.end.line });
  }
  return out.done();
}

/** A statement's region when it moved by `delta` lines. */
const movedRegion = (r: FoldingRange, delta: number): FoldingRange => ({ startLine: r.startLine + delta, endLine: r.endLine + delta });

export function foldingRanges(state: DocumentState): FoldingRange[] {
  const statements = state.doc.statements;
  // No region for the declarations or the events as a whole: a region's first line is what sticky
  // scroll pins, and the first declaration or the first event is not a heading of what follows.
  // Statements continued on indented lines fold, and so do comment runs (a comment block is a heading).
  const memo = memory.get(state.uri);
  const change = changeSince(memo, statements);
  const regions = memo && change ? spliced(memo.regions, change, regionsOf(state, statements, change.prefix, change.newEnd), movedRegion) : regionsOf(state, statements, 0, statements.length);
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
