// The analysis cache: each version of each open document is analysed once, with step summaries,
// and every feature reads that one Analysis. Derived data (the name index, boards at a line) is
// computed on first use and lives as long as the version. Only the newest analysis of a document
// is kept (and the last published one, by the validator): an analysis of an older version lives on
// only while a request that started on it runs.
//
// A document over MAX_FILE_BYTES (UTF-8) is never analysed in the editor: it has no analysis, so
// every feature answers as for a document that is not open, and its diagnostics are one warning
// that says so (validation.ts).
import {
  analyse,
  analysisSteps,
  applySeverities,
  withDefaultVersion,
  CHECKPOINT_EVERY,
  checkpointsBefore,
  header,
  parse,
  parseSteps,
  replayCheckpoints,
  reparse,
  declarationsOf,
  movedLines,
  commonPrefix,
  commonSuffix,
  resolveVersion,
  Timeline,
  type Analysis,
  type BoardView,
  type CardCatalogs,
  type Finding,
  type Game,
  type ProjectConfig,
  type HostVerb,
  type IncludedFile,
  type IncludeHost,
  type RulesVersion,
  type ScenarioDocument,
  type ScenarioHeader,
  type Step,
  type Message,
  type LineIndex,
} from '../../core';
import { TextDocument, type Position, type Range } from 'vscode-languageserver-textdocument';
import { NameIndex } from './names';
import { lastStatementBy } from './util';
import { utf8Length } from './platform';
import { yieldToMessages } from './inbox';

export class DocumentState {
  readonly text: string;
  private nameIndex: NameIndex | undefined;
  private readonly boards = new Map<number, BoardView>();

  /** An immutable snapshot: the documents manager updates its TextDocument objects in place. */
  readonly document: Snapshot;

  /**
   * What this version starts from until it has its own: the newest earlier version's analysis
   * and tree (both dropped once this version has its own). Never a chain: a version that did not
   * build its own hands on what it was given.
   */
  private base: { analysis?: Analysis; tree?: { text: string; doc: ScenarioDocument } } | undefined;
  /**
   * Until this version is checked: the findings known of the newest earlier version (its own when
   * it was checked, else those it knew, moved to its text), with its text and line count.
   */
  private knownFrom: { findings: () => readonly Finding[]; text: string; lineCount: number } | undefined;
  private analysisOf: Analysis | undefined;
  private tree: ScenarioDocument | undefined;
  /** The newest earlier version's timeline, until this one has its own: its initial board may be this one's too. */
  private earlierTimeline: Timeline | undefined;

  constructor(
    live: TextDocument,
    previous?: DocumentState | Analysis,
    /** How its check reads the files it includes (includes.ts: open documents, then the disk). */
    private readonly includes?: IncludeHost,
    /** The user's card data as it was in memory for this document (server/src/cards.ts). */
    readonly cards?: CardCatalogs,
    /** The project config (board-scenario.json) as it was in memory for this document: its default rules versions and severities. */
    readonly config?: ProjectConfig,
  ) {
    this.text = live.getText();
    this.document = new Snapshot(live, this.text);
    if (previous instanceof DocumentState) {
      const prevTree = previous.tree ?? (previous.analysisOf?.docCheap ? previous.analysisOf.doc : undefined);
      this.base = {
        analysis: previous.analysisOf ?? previous.base?.analysis,
        tree: prevTree ? { text: previous.text, doc: prevTree } : previous.base?.tree,
      };
      this.earlierTimeline = previous.timelineOf ?? previous.earlierTimeline;
      this.knownFrom = previous.knownFor();
    } else if (previous) this.base = { analysis: previous };
  }

  /**
   * The check of this version (diagnostics, findings): made on first use, resuming from the earlier
   * version's analysis. Requests that need only the tree or the board at a line (completion,
   * tokens, outline, folding, inlay hints, the board picture) don't wait for it while the user types.
   */
  get analysis(): Analysis {
    if (!this.analysisOf) {
      // Diagnostics first: the check streams the events and keeps no syntax tree; the tree and
      // the timeline (boards at a line, step summaries) are made when a feature first asks.
      // A check going on in slices (analysisSoon) is finished here and now.
      const job = this.job;
      let made: Analysis | undefined;
      if (job) {
        let r = job.steps.next();
        while (!r.done) r = job.steps.next();
        made = r.value; // undefined when the slices threw (a finished generator has no value)
      }
      this.adopt(made ?? analyse(this.text, this.analyseOptions()));
    }
    return this.analysisOf!;
  }

  private analyseOptions() {
    return { resumable: true, previous: this.base?.analysis, lineCount: this.document.knownLineCount, uri: this.document.uri, includes: this.includes, cards: this.cards, defaultRulesVersion: this.config?.rulesVersion };
  }

  /** The check of this version going on in slices (analysisSoon), until it is made or no one wants it. */
  private job: { steps: Generator<void, Analysis, void>; done: Promise<Analysis | undefined>; wants: (() => boolean)[] } | undefined;

  /**
   * The check of this version, made in slices of about `sliceMs` with other messages handled
   * between them (a change that replays the rest of a huge file does not hold up the requests
   * that need no check: completion, tokens, the board). The same result as `analysis`; asking for
   * `analysis` meanwhile finishes it at once. It goes on while one of those waiting for it still
   * `wanted` it (a check of a version the user has typed past stops: undefined).
   */
  analysisSoon(wanted: () => boolean = () => true, sliceMs = CHECK_SLICE_MS): Promise<Analysis | undefined> {
    if (this.analysisOf) return Promise.resolve(this.analysisOf);
    if (this.job) this.job.wants.push(wanted);
    else {
      const wants = [wanted];
      const deadline = { at: 0 };
      const steps = analysisSteps(this.text, this.analyseOptions(), () => performance.now() > deadline.at);
      const run = async (): Promise<Analysis | undefined> => {
        for (;;) {
          if (this.analysisOf) return this.analysisOf;
          deadline.at = performance.now() + sliceMs;
          let r: IteratorResult<void, Analysis>;
          try {
            r = steps.next();
          } catch (e) {
            // Never expected (a check reports a rules bug as a finding): the next ask checks afresh.
            this.job = undefined;
            throw e;
          }
          if (r.done) {
            this.adopt(r.value);
            return r.value;
          }
          await yieldToMessages();
          // No one waits for it any longer (a newer version came): it stops, and is made again if asked for.
          if (!this.analysisOf && !wants.some((w) => w())) {
            if (this.job?.steps === steps) this.job = undefined;
            return undefined;
          }
        }
      };
      // Set before the first slice runs (it may finish the check, which drops the job).
      const job: NonNullable<DocumentState['job']> = { steps, wants, done: Promise.resolve(undefined) };
      this.job = job;
      job.done = run();
      return job.done;
    }
    return this.job.done;
  }

  private adopt(analysis: Analysis): void {
    if (this.analysisOf) return;
    this.analysisOf = analysis;
    this.job = undefined;
    // The earlier tree stays until this version's tree is made from it.
    this.base = this.base?.tree && !this.tree ? { tree: this.base.tree } : undefined;
    this.earlierSeedsOf = undefined; // the timeline is made from this check's copies now
    this.movedOf = undefined;
    this.knownFrom = undefined;
  }

  /**
   * The players and cards of the files it includes, as its check read them, else as the newest
   * earlier version's did (includes come before the events: an edit below them keeps them).
   */
  private get knownIncludes(): readonly IncludedFile[] {
    // A version with no earlier one to go by is checked (it may include files).
    return (this.analysisOf ?? this.base?.analysis ?? this.analysis).includes.files;
  }

  /**
   * The findings of this version when it is checked, else those of the newest earlier version that
   * was, moved to this text: those on the lines before the edit stay, those after it move with
   * their lines, and those on the edited lines are left out (the user is typing there). For
   * answers that must not wait for a check while the user types (hovers, the lenses' titles, the
   * board picture's outlines), as the diagnostics the editor shows are those of that version too.
   * With no earlier version to go by (just opened, or other card data or config since), the version is checked.
   */
  get knownFindings(): readonly Finding[] {
    if (this.analysisOf || !this.knownFrom) return this.findings;
    return (this.movedOf ??= this.movedFindings());
  }

  private movedOf: readonly Finding[] | undefined;
  /** The line count of this version when its known findings were moved (the next version moves them on from it). */
  private movedLineCount = 0;

  /** What the next version knows from this one (knownFrom): the finest there is, and no chain of versions. */
  private knownFor(): DocumentState['knownFrom'] {
    // Values, never this state: a version must not keep the one before it alive (nor that one the one before).
    const a = this.analysisOf;
    if (a) {
      const findings = this.findings;
      return { findings: () => findings, text: this.text, lineCount: a.header.lineCount };
    }
    const moved = this.movedOf;
    if (moved) return { findings: () => moved, text: this.text, lineCount: this.movedLineCount };
    return this.knownFrom;
  }

  private movedFindings(): readonly Finding[] {
    const from = this.knownFrom;
    if (!from) return [];
    const text = this.text;
    this.movedLineCount = this.document.lineCount;
    const findings = from.findings();
    if (from.text === text || findings.length === 0) return findings;
    const old = from.text;
    const p = commonPrefix(old, text);
    const s = Math.min(commonSuffix(old, text), Math.min(old.length, text.length) - p);
    // Lines before `first` are the same in both. The common end starts at offset `tail` of the new
    // text: the lines after the one it is on (and that one too, when `tail` starts it) are the old
    // lines `delta` before them.
    const first = this.document.positionAt(p).line;
    const tail = text.length - s;
    const at = this.document.positionAt(tail);
    const lastNew = at.character === 0 ? at.line - 1 : at.line;
    const delta = this.movedLineCount - from.lineCount;
    const lastOld = lastNew - delta;
    const kept = (line: number) => line < first || line > lastOld;
    const move = (line: number) => (line > lastOld ? line + delta : line);
    const out: Finding[] = [];
    for (const f of findings) if (kept(f.range.start.line) && kept(f.range.end.line)) out.push(movedLines(f, move));
    return out;
  }

  private findingsOf: readonly Finding[] | undefined;

  /**
   * The findings of this version's check with the project config's severities (a code set to
   * `off` is dropped): what its diagnostics, code actions and hovers are made from.
   */
  get findings(): readonly Finding[] {
    return (this.findingsOf ??= this.configured(this.analysis.result.findings));
  }

  private configured(findings: readonly Finding[]): readonly Finding[] {
    const severity = this.config?.severity;
    return severity ? applySeverities(findings, severity) : findings;
  }

  /** Is the check of this version made? */
  get analysed(): boolean {
    return this.analysisOf !== undefined;
  }

  /** The syntax tree: the analysis's, or (not analysed yet) reparsed from the earlier version's where it changed. */
  get doc(): ScenarioDocument {
    if (this.tree) return this.tree;
    const t = this.base?.tree;
    const job = this.treeJob;
    this.treeJob = undefined;
    if (job) {
      // Being parsed in slices (warm): the rest now.
      let r = job.next();
      while (!r.done) r = job.next();
      this.tree = r.value;
    } else if (t) this.tree = reparse(t.text, t.doc, this.text, lineIndexOf(this.document));
    else if (this.analysisOf || this.base?.analysis) this.tree = this.analysis.doc;
    else this.tree = parse(this.text);
    if (this.base) this.base.tree = undefined;
    if (this.analysisOf) this.base = undefined;
    return this.tree;
  }

  private headerOf: ScenarioHeader | undefined;

  /** The game and `rules` version the scenario declares (from its tree, or its analysis). */
  get header(): ScenarioHeader {
    return (this.headerOf ??= this.analysisOf ? this.analysisOf.header : withDefaultVersion(header(this.doc), this.config?.rulesVersion));
  }

  /** The game the checker uses (a file without `game` is checked as MTG). */
  get game(): Game {
    return this.header.game ?? 'mtg';
  }

  get rulesVersion(): RulesVersion | undefined {
    return resolveVersion(this.game, this.header.version);
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
    if (!this.timelineOf) {
      // Not analysed yet: from the earlier analysis's copies of the replay before the first change.
      const included = this.knownIncludes;
      const seeds = this.analysisOf ? replayCheckpoints(this.analysisOf) : this.earlierSeeds();
      this.timelineOf = new Timeline(this.doc, this.text, CHECKPOINT_EVERY, seeds, included, this.cards, this.earlierTimeline);
      this.earlierTimeline = undefined;
      this.earlierSeedsOf = undefined;
    }
    return this.timelineOf;
  }

  /**
   * The earlier check's copies of the replay that still hold for this text: those before the
   * first change, unless this version declares a player or card after an event (the initial board
   * has every declaration: the earlier replay's would lack that one).
   */
  private earlierSeeds(): ReturnType<typeof checkpointsBefore> {
    // Asked for twice by a board far after the change (timelineFor, then timeline): made once per
    // version, since both walks are over the whole file (issue 17 item 12).
    return (this.earlierSeedsOf ??= this.makeEarlierSeeds());
  }

  private earlierSeedsOf: ReturnType<typeof checkpointsBefore> | undefined;

  private makeEarlierSeeds(): ReturnType<typeof checkpointsBefore> {
    const earlier = this.base?.analysis;
    if (!earlier) return [];
    // (The tree may be made from this version's check, when there is no earlier tree: that drops `base`.)
    if (declarationsOf(this.doc).late) return [];
    return checkpointsBefore(earlier, this.text);
  }

  /**
   * The timeline, for a question about `line`. A version not checked yet has copies of the replay
   * up to its first change (from the earlier check and timeline). A line far after that is
   * replayed on from the change, and the replay takes on the earlier timeline's copies where it
   * meets one in the same state; with no earlier timeline (just opened), it is answered from this
   * version's check instead, made first, which resumes before the change and stops where its
   * replay meets the earlier check's.
   */
  private timelineFor(line: number): Timeline {
    if (this.boardNeedsCheck(line)) void this.analysis;
    return this.timeline;
  }

  /**
   * Is the board at `line` answered from this version's check (timelineFor)? Only when the version
   * is not checked and has no timeline yet, and the line is far after the copies of the replay it
   * has from the earlier check: more than a few spacings of them (a board near the change replays less than one).
   */
  private boardNeedsCheck(line: number): boolean {
    // With an earlier timeline, the replay goes on from the edit and stops where it meets that
    // timeline's copies in the same state (Timeline: the tail): no check is needed for the board.
    if (this.timelineOf || this.analysisOf || !this.base?.analysis || this.earlierTimeline) return false;
    const seeds = this.earlierSeeds();
    if (this.analysisOf) return false;
    const n = seeds.length;
    const reached = n ? seeds[n - 1].index : 0;
    const far = Math.max(FAR_STATEMENTS, n > 1 ? 4 * (seeds[n - 1].index - seeds[n - 2].index) : 0);
    return this.statementIndexAtOrBefore(line) + 1 - reached > far;
  }

  /**
   * Builds what the features read (the syntax tree, the name index, the timeline) before the
   * first request needs it, when that is cheap: from the earlier version's tree (only the edited
   * part is parsed), or for a file of at most WARM_MAX_CHARS.
   */
  warm(): void {
    if (!this.tree && !this.analysis.docCheap && this.text.length > WARM_MAX_CHARS) {
      // A huge file with no earlier tree (just opened): parsed in slices, requests answered
      // between them, so the first keystroke or hover does not parse it whole; then the rest.
      this.treeSoon().then(
        () => this.warm(),
        () => undefined,
      );
      return;
    }
    // The declarations too: the next version's reparse hands them on (found here, not at the first keystroke).
    void declarationsOf(this.doc);
    void this.names;
    void this.timeline;
  }

  /** The tree being parsed in slices (treeSoon), until it is made or asked for (`doc` finishes it). */
  private treeJob: Generator<void, ScenarioDocument, void> | undefined;

  /** The tree of a huge file, parsed in slices of about `sliceMs` with other messages handled between them (warm); `doc` meanwhile finishes it at once. */
  treeSoon(sliceMs = CHECK_SLICE_MS): Promise<void> {
    if (this.tree) return Promise.resolve();
    if (this.treeJob && this.treeDone) return this.treeDone;
    const deadline = { at: 0 };
    const steps = parseSteps(this.text, () => performance.now() > deadline.at);
    this.treeJob = steps;
    return (this.treeDone = (async () => {
      for (;;) {
        // Made meanwhile (asked for: `doc` finished it).
        if (this.treeJob !== steps) {
          if (this.tree) return;
          throw new Error('the tree was not made');
        }
        deadline.at = performance.now() + sliceMs;
        const r = steps.next();
        if (r.done) {
          this.treeJob = undefined;
          if (!this.tree) {
            this.tree = r.value;
            if (this.base) this.base.tree = undefined;
          }
          return;
        }
        await yieldToMessages();
      }
    })());
  }

  private treeDone: Promise<void> | undefined;

  /** The step summaries of the events on lines first..last. */
  steps(first: number, last: number): Step[] {
    return this.timeline.steps(first, last);
  }

  /** What `subject` could legally be attached to by `verb` on `line`. */
  legalHosts(line: number, subject: string, verb: HostVerb): string[] {
    return this.timeline.legalHosts(line, subject, verb);
  }

  /** Each other card and player, with why it is not a legal host for `subject` by `verb` on `line` (undefined: legal). */
  hostVerdicts(line: number, subject: string, verb: HostVerb): ReadonlyMap<string, { why: string; whyText?: Message; rules: string[] } | undefined> {
    return this.timeline.hostVerdicts(line, subject, verb);
  }

  get names(): NameIndex {
    return (this.nameIndex ??= new NameIndex(this.doc, this.knownIncludes));
  }

  /** The board after the statement on (or last before) `line`; the initial board for line -1. */
  boardAt(line: number): BoardView {
    // Every line up to the next statement shows the same board: cache by the statement's line.
    const key = this.statementLineAtOrBefore(line);
    let b = this.boards.get(key);
    if (!b) {
      if (this.boards.size >= 32) this.boards.clear();
      b = this.timelineFor(key).boardAt(key);
      this.boards.set(key, b);
    }
    return b;
  }

  /** The start line of the last statement starting on or before `line`, or -1. */
  private statementLineAtOrBefore(line: number): number {
    const i = this.statementIndexAtOrBefore(line);
    return i < 0 ? -1 : this.doc.statements[i].range.start.line;
  }

  /** The index of the last statement starting on or before `line`, or -1 (binary search: statements are in order). */
  statementIndexAtOrBefore(line: number): number {
    return lastStatementBy(this.doc.statements, line);
  }
}

/**
 * One version of a document that stays as it was (the documents manager changes its TextDocument
 * objects in place). While the live document is still this version it answers (its line offsets
 * are kept up to date edit by edit); once it has moved on, a copy of this version is made, on
 * first use, so a new version does not count the lines of a huge file again.
 */
class Snapshot implements TextDocument {
  readonly uri: string;
  readonly languageId: string;
  readonly version: number;
  private own: TextDocument | undefined;

  constructor(
    private live: TextDocument | undefined,
    private readonly text: string,
  ) {
    this.uri = live!.uri;
    this.languageId = live!.languageId;
    this.version = live!.version;
  }

  /** The live document while it is still this version (its line offsets are kept up to date), else undefined from then on. */
  private get liveNow(): TextDocument | undefined {
    if (this.live && !(this.live.version === this.version && this.live.getText() === this.text)) this.live = undefined;
    return this.live;
  }

  private get doc(): TextDocument {
    return this.liveNow ?? (this.own ??= TextDocument.create(this.uri, this.languageId, this.version, this.text));
  }

  getText(range?: Range): string {
    return range ? this.doc.getText(range) : this.text;
  }

  positionAt(offset: number): Position {
    return this.doc.positionAt(offset);
  }

  offsetAt(position: Position): number {
    return this.doc.offsetAt(position);
  }

  get lineCount(): number {
    return this.doc.lineCount;
  }

  /** The line count when a line table of this version is at hand (none is made for it), else undefined. */
  get knownLineCount(): number | undefined {
    return (this.liveNow ?? this.own)?.lineCount;
  }

  getLineRange(line: number): Range {
    return this.doc.getLineRange(line);
  }

  getEOLCharacters(line: number): string {
    return this.doc.getEOLCharacters(line);
  }
}

/** The editor's line table of a version (kept up to date edit by edit by the live document), for a reparse. */
function lineIndexOf(document: TextDocument): LineIndex {
  return {
    lineCount: document.lineCount,
    lineAt: (offset) => document.positionAt(offset).line,
    startOf: (line) => document.offsetAt({ line, character: 0 }),
  };
}

/** How long a slice of a check in slices (analysisSoon) runs before other messages are handled. */
export const CHECK_SLICE_MS = 8;

/** A board this many statements after the last copy of the replay is answered from the version's check (`timelineFor`). */
const FAR_STATEMENTS = 2000;

/** Files up to this many characters get their syntax tree built ahead of requests even without an earlier one. */
const WARM_MAX_CHARS = 1_000_000;

/** The largest document analysed in the editor: 5 MB of UTF-8 (a replay of it takes seconds). */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;

/**
 * The UTF-8 size of `text` from that of an earlier version (`bytes` of `old`): only the part
 * between their common start and end is counted again, widened so that it never splits a
 * surrogate pair (a lone half counts 3 bytes, a pair 4). The same as `utf8Length(text)`.
 */
export function sizeFrom(old: string, bytes: number, text: string): number {
  if (old === text) return bytes;
  let p = commonPrefix(old, text);
  let s = Math.min(commonSuffix(old, text), Math.min(old.length, text.length) - p);
  if (p > 0 && isHighSurrogate(old.charCodeAt(p - 1))) p--;
  if (s > 0 && isLowSurrogate(old.charCodeAt(old.length - s))) s--;
  return bytes - utf8Length(old.slice(p, old.length - s)) + utf8Length(text.slice(p, text.length - s));
}

const isHighSurrogate = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLowSurrogate = (c: number) => c >= 0xdc00 && c <= 0xdfff;

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
    /** The project config of a document, as far as it is in memory (never waits). */
    private readonly configFor: (uri: string) => ProjectConfig | undefined = () => undefined,
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
    const config = this.configFor(document.uri);
    // Other card data (read since, or changed) gives the same text another analysis.
    const stale = this.stale.has(document.uri);
    if (s && s.version === document.version && s.text === document.getText() && s.cards === cards && s.config === config && !stale) return s;
    this.stale.delete(document.uri);
    if (this.tooLarge(document) !== undefined) {
      this.states.delete(document.uri);
      return undefined;
    }
    // The previous version's analysis lets the new one resume before the first change.
    // The previous version lets the new one resume before the first change, and answer requests
    // from its tree and boards until its own check is made; not when the card data or an included
    // file changed since (the earlier boards are of other cards).
    // Another config (another default rules version) is another check from the start too.
    const fresh = new DocumentState(document, s && s.cards === cards && s.config === config && !stale ? s : undefined, this.includeHost?.(document.uri), cards, config);
    this.states.set(document.uri, fresh);
    return fresh;
  }

  /** The last size counted per document: the next version's is counted from it (only the changed part). */
  private readonly sizes = new Map<string, { text: string; bytes: number }>();

  /** The document's size in bytes when it is over the limit (it is not analysed), else undefined. */
  tooLarge(document: TextDocument): number | undefined {
    const text = document.getText();
    if (text.length * 3 <= this.maxBytes) {
      this.sizes.delete(document.uri);
      return undefined;
    }
    const last = this.sizes.get(document.uri);
    const bytes = last ? sizeFrom(last.text, last.bytes, text) : utf8Length(text);
    this.sizes.set(document.uri, { text, bytes });
    return bytes > this.maxBytes ? bytes : undefined;
  }

  /** The state held for a document (its newest analysed version), without analysing anything. */
  current(uri: string): DocumentState | undefined {
    return this.states.get(uri);
  }

  drop(uri: string): void {
    this.sizes.delete(uri);
    this.states.delete(uri);
    this.stale.delete(uri);
  }

  /** How many analyses are held (one per open document at most). */
  get size(): number {
    return this.states.size;
  }
}
