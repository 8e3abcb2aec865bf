// The analysis cache: each version of each open document is analysed once, with step summaries,
// and every feature reads that one Analysis. Derived data (the name index, boards at a line) is
// computed on first use and lives as long as the version.
import { analyse, boardAt, resolveVersion, type Analysis, type BoardView, type Game, type RulesVersion } from '../../core';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { NameIndex } from './names';

export class DocumentState {
  readonly text: string;
  readonly analysis: Analysis;
  /** The game the checker uses (a file without `game` is checked as MTG). */
  readonly game: Game;
  readonly rulesVersion: RulesVersion | undefined;
  private nameIndex: NameIndex | undefined;
  private readonly boards = new Map<number, BoardView>();

  /** An immutable snapshot: the documents manager updates its TextDocument objects in place. */
  readonly document: TextDocument;

  constructor(live: TextDocument) {
    this.text = live.getText();
    this.document = TextDocument.create(live.uri, live.languageId, live.version, this.text);
    this.analysis = analyse(this.text, { steps: true });
    this.game = this.analysis.result.game ?? 'mtg';
    this.rulesVersion = resolveVersion(this.game, this.analysis.result.rulesVersion);
  }

  get uri(): string {
    return this.document.uri;
  }

  get version(): number {
    return this.document.version;
  }

  get names(): NameIndex {
    return (this.nameIndex ??= new NameIndex(this.analysis.doc));
  }

  /** The board after the statement on (or last before) `line`; the initial board for line -1. */
  boardAt(line: number): BoardView {
    // Every line up to the next statement shows the same board: cache by the statement's line.
    const key = this.statementLineAtOrBefore(line);
    let b = this.boards.get(key);
    if (!b) {
      if (this.boards.size >= 32) this.boards.clear();
      b = boardAt(this.text, key, this.analysis.doc);
      this.boards.set(key, b);
    }
    return b;
  }

  /** The start line of the last statement starting on or before `line`, or -1. */
  private statementLineAtOrBefore(line: number): number {
    const sts = this.analysis.doc.statements;
    let lo = 0;
    let hi = sts.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const start = sts[mid].range.start.line;
      if (start <= line) {
        found = start;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  }
}

export class AnalysisCache {
  private readonly states = new Map<string, DocumentState>();

  /** The state of this exact document version, analysing it if this version was not seen yet. */
  get(document: TextDocument): DocumentState {
    const s = this.states.get(document.uri);
    if (s && s.version === document.version) return s;
    const fresh = new DocumentState(document);
    this.states.set(document.uri, fresh);
    return fresh;
  }

  drop(uri: string): void {
    this.states.delete(uri);
  }
}
