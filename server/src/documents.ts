// The analysis cache: each version of each open document is analysed once, with step summaries,
// and every feature reads that one Analysis. Derived data (the name index, boards at a line) is
// computed on first use and lives as long as the version. Only the newest analysis of a document
// is kept (and the last published one, by the validator): an analysis of an older version lives on
// only while a request that started on it runs.
//
// A document over MAX_FILE_BYTES (UTF-8) is never analysed in the editor: it has no analysis, so
// every feature answers as for a document that is not open, and its diagnostics are one warning
// that says so (validation.ts).
import { analyse, CHECKPOINT_EVERY, replayCheckpoints, resolveVersion, Timeline, type Analysis, type BoardView, type CardCatalogs, type Game, type HostVerb, type IncludeHost, type RulesVersion, type Step } from '../../core';
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

  constructor(
    live: TextDocument,
    previous?: Analysis,
    includes?: IncludeHost,
    /** The user's card data as it was in memory for this document (server/src/cards.ts). */
    readonly cards?: CardCatalogs,
  ) {
    this.text = live.getText();
    this.document = TextDocument.create(live.uri, live.languageId, live.version, this.text);
    // Diagnostics first: the check streams the events and keeps no syntax tree; the tree and
    // the timeline (boards at a line, step summaries) are made when a feature first asks.
    // Included files are read through `includes` (includes.ts: open documents, then the disk).
    this.analysis = analyse(this.text, { resumable: true, previous, uri: live.uri, includes, cards });
    this.game = this.analysis.result.game ?? 'mtg';
    this.rulesVersion = resolveVersion(this.game, this.analysis.result.rulesVersion);
  }

  get uri(): string {
    return this.document.uri;
  }

  get version(): number {
    return this.document.version;
  }

  private timelineOf: Timeline | undefined;

  /** Boards, legal hosts and step summaries at any line, from checkpoints of one replay. */
  get timeline(): Timeline {
    return (this.timelineOf ??= new Timeline(this.analysis.doc, this.text, CHECKPOINT_EVERY, replayCheckpoints(this.analysis), this.analysis.includes.files, this.cards));
  }

  /**
   * Builds what the features read (the syntax tree, the name index, the timeline) before the
   * first request needs it, when that is cheap: from the earlier version's tree (only the edited
   * part is parsed), or for a file of at most WARM_MAX_CHARS.
   */
  warm(): void {
    if (!this.analysis.docCheap && this.text.length > WARM_MAX_CHARS) return;
    void this.analysis.doc;
    void this.names;
    void this.timeline;
  }

  /** The step summaries of the events on lines first..last. */
  steps(first: number, last: number): Step[] {
    return this.timeline.steps(first, last);
  }

  /** What `subject` could legally be attached to by `verb` on `line`. */
  legalHosts(line: number, subject: string, verb: HostVerb): string[] {
    return this.timeline.legalHosts(line, subject, verb);
  }

  get names(): NameIndex {
    return (this.nameIndex ??= new NameIndex(this.analysis.doc, this.analysis.includes.files));
  }

  /** The board after the statement on (or last before) `line`; the initial board for line -1. */
  boardAt(line: number): BoardView {
    // Every line up to the next statement shows the same board: cache by the statement's line.
    const key = this.statementLineAtOrBefore(line);
    let b = this.boards.get(key);
    if (!b) {
      if (this.boards.size >= 32) this.boards.clear();
      b = this.timeline.boardAt(key);
      this.boards.set(key, b);
    }
    return b;
  }

  /** The start line of the last statement starting on or before `line`, or -1. */
  private statementLineAtOrBefore(line: number): number {
    const i = this.statementIndexAtOrBefore(line);
    return i < 0 ? -1 : this.analysis.doc.statements[i].range.start.line;
  }

  /** The index of the last statement starting on or before `line`, or -1 (binary search: statements are in order). */
  statementIndexAtOrBefore(line: number): number {
    const sts = this.analysis.doc.statements;
    let lo = 0;
    let hi = sts.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (sts[mid].range.start.line <= line) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  }
}

/** Files up to this many characters get their syntax tree built ahead of requests even without an earlier one. */
const WARM_MAX_CHARS = 1_000_000;

/** The largest document analysed in the editor: 5 MB of UTF-8 (a replay of it takes seconds). */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;

/**
 * The UTF-8 size of `text` when it is over `limit` bytes, else undefined. Cheap for most texts:
 * a UTF-16 code unit is 1 to 3 UTF-8 bytes, so only lengths between limit/3 and limit are counted.
 */
export function sizeOver(text: string, limit: number): number | undefined {
  if (text.length * 3 <= limit) return undefined;
  const bytes = Buffer.byteLength(text, 'utf8');
  return bytes > limit ? bytes : undefined;
}

export class AnalysisCache {
  private readonly states = new Map<string, DocumentState>();
  /** Documents whose included files changed since their analysis: analysed again on the next `get`. */
  private readonly stale = new Set<string>();

  constructor(
    readonly maxBytes = MAX_FILE_BYTES,
    /** How a check of a document reads its included files (none: includes are findings). */
    private readonly includeHost?: (uri: string) => IncludeHost,
    /** The card data for a document, as far as it is in memory (never waits). */
    private readonly cardsFor: (uri: string) => CardCatalogs | undefined = () => undefined,
  ) {}

  /** A file the document includes changed: its next `get` analyses it again (resuming where the includes allow). */
  invalidate(uri: string): void {
    if (this.states.has(uri)) this.stale.add(uri);
  }

  /**
   * The state of this exact document text and version, analysing it if it was not seen yet;
   * undefined for a document over the size limit. The text is compared too (same string: one
   * pointer comparison), so a client that reuses a version number (a didOpen of an open document,
   * a change without a new version) never gets the analysis of another text.
   */
  get(document: TextDocument): DocumentState | undefined {
    const s = this.states.get(document.uri);
    const cards = this.cardsFor(document.uri);
    // Other card data (read since, or changed) gives the same text another analysis.
    if (s && s.version === document.version && s.text === document.getText() && s.cards === cards && !this.stale.has(document.uri)) return s;
    this.stale.delete(document.uri);
    if (this.tooLarge(document) !== undefined) {
      this.states.delete(document.uri);
      return undefined;
    }
    // The previous version's analysis lets the new one resume before the first change.
    const fresh = new DocumentState(document, s?.analysis, this.includeHost?.(document.uri), cards);
    this.states.set(document.uri, fresh);
    return fresh;
  }

  /** The document's size in bytes when it is over the limit (it is not analysed), else undefined. */
  tooLarge(document: TextDocument): number | undefined {
    return sizeOver(document.getText(), this.maxBytes);
  }

  /** The state held for a document (its newest analysed version), without analysing anything. */
  current(uri: string): DocumentState | undefined {
    return this.states.get(uri);
  }

  drop(uri: string): void {
    this.states.delete(uri);
    this.stale.delete(uri);
  }

  /** How many analyses are held (one per open document at most). */
  get size(): number {
    return this.states.size;
  }
}
