// The check as the CLI and the editor run it: the events are replayed as they are parsed and not
// kept (streaming), and in the editor an analysis is resumable: the next version of the text goes
// on from the last copy of the replay before its first change and stops early where the replay
// reaches an earlier copy's state again (property tests hold both equal to a fresh analysis).
import { isEvent, type Comment, type DocumentInfo, type ScenarioDocument, type Statement, type SyntaxProblem } from '../parser/ast';
import { movedLines, parse, parseStreamInSlices, shiftedLines, type StreamedParse } from '../parser/parser';
import { eolOf } from '../parser/lexer';
import { commonPrefix, commonSuffix, reparse } from '../parser/reparse';
import { headerWords, type HeaderWords, type ScenarioHeader } from '../parser/header';
import type { CheckResult, Finding, Range } from '../types';
import { MovedCheckpoint, MovedReplay, movedStampBy, Replay, statesTimestamps, textlessCopy } from '../engine/replay';
import { movedLine, objectList, stampsOnly, type LineMove } from '../engine/board';
import { applyExpectations, checkResult } from './expected';
import type { CardCatalogs } from '../cards/catalog';
import { FindingKeeper, RULESETS, withDefaultVersion, analyseDocument, declareWithIncludes, findingLimit, headerFindings, includesOf, limitFindings, withinLimit, reportCrash, reportSyntaxProblem, type Analysis, type AnalyseOptions } from './common';
import { NO_INCLUDES, sameIncludes, type Includes } from './includes';

/**
 * The fewest events between two resume points of a resumable analysis. There is also at least one
 * per card: a copy of the replay takes ~0.2 µs per card and an event ~2 µs (bench machine), so the
 * copies cost about a tenth of the replay; the timeline answers hovers from these points, so a
 * hover replays half a spacing on average.
 */
export const RESUME_EVERY = 128;


/** The replay as it stood before a statement, and what had been reported by then. */
interface ResumePoint {
  /** Statements before it. */
  index: number;
  /** The line where the next statement starts, and the offset of that line's start. */
  line: number;
  offset: number;
  /** A copy of the replay (only ever copied again, never stepped). */
  replay: Replay;
  /** How many findings the replay had reported (in report order). */
  findings: number;
  /**
   * How many events and expectations this text has before it. A point taken on past a cutoff
   * holds an earlier text's replay, whose counts may differ (an event line typed before it).
   */
  events: number;
  expectations: number;
}

/** What a resumable analysis keeps for the next version of the text. */
interface ResumeState {
  text: string;
  points: ResumePoint[];
  /** The replay's findings in report order (syntax and header findings not included). */
  replayFindings: Finding[];
  lexProblems: SyntaxProblem[];
  parseProblems: SyntaxProblem[];
  comments: Comment[];
  declarations: Statement[];
  first: Statement | undefined;
  header: ScenarioHeader;
  stats: CheckResult['stats'];
  /** The replay hit a rules bug (its later findings are not reused). */
  crashed: boolean;
  /** What its includes read (a resumed analysis must read the same). */
  includes: Includes;
}

/**
 * Parses and replays a scenario; every problem is a finding. Never throws on any input.
 *
 * The events are replayed as they are parsed and not kept, so a large scenario is checked in one
 * pass holding one event at a time; the syntax tree (`doc`) is built only if someone asks for it.
 * A declaration written after the first event (itself an error) needs every declaration before
 * the replay starts: such a file is parsed whole first, then replayed.
 *
 * With `previous` (a resumable analysis of an earlier text), the text before the first change is
 * not parsed or replayed again: the replay goes on from the last resume point before the change,
 * which gives the same result as a fresh analysis (a property test holds them equal).
 */
export function analyseStreaming(text: string, options: AnalyseOptions): Analysis {
  const steps = analysisSteps(text, options);
  let r = steps.next();
  while (!r.done) r = steps.next();
  return r.value;
}

/**
 * `analyseStreaming` in slices, for an editor that answers requests while a check runs: between
 * two statements, when `pause()` says so (at least one statement is checked per slice), it yields;
 * the caller goes on with `next()` when it likes, and the last `next()` returns the analysis. The
 * result is the same however it is sliced (a property test holds it equal to an unsliced one).
 * The text of a slice is parsed again from the statement it paused before.
 */
export function* analysisSteps(text: string, options: AnalyseOptions, pause?: () => boolean): Generator<void, Analysis, void> {
  // Another card catalog may give the declarations other characteristics: then nothing is resumed.
  const prev = !options.steps && options.previous instanceof StreamedAnalysis && options.previous.cards === options.cards ? options.previous.resume : undefined;
  let from = prev ? resumePointFor(prev, text) : undefined;
  // The includes come before the first event, so before any resume point: the text before `from`
  // has the same ones. Resuming needs them to read the same files again (an included file edited
  // since changes the board from the start).
  let includes: Includes = from ? prev!.includes : NO_INCLUDES;
  if (from && prev!.includes.links.length > 0 && !sameIncludes(includesOf(prev!.declarations, options, prev!.header.game), prev!.includes)) {
    from = undefined;
    includes = NO_INCLUDES;
  }
  // Early cutoff: the earlier analysis's resume points after the change, where the text is the
  // earlier one again; reaching one in the same replay state, the rest is the earlier analysis's.
  const tail = prev && from ? tailPoints(prev, text) : undefined;
  let nextTail = 0;
  let cutoff: ResumePoint | undefined;
  // With an edit that moved the lines after it: how (found at the first tail point compared), and the cutoff's.
  let move: LineMove | undefined;
  let cutoffMove: LineMove | undefined;
  // Made for objects (objectList): the statement callback below, compiled in one check, pushes to the next check's list.
  const declarations: Statement[] = from ? prev!.declarations : objectList();
  let first: Statement | undefined = from ? prev!.first : undefined;
  // What the declarations say; the line break and line count are added once the whole text is read (`header`).
  let hdr: HeaderWords | undefined = from ? prev!.header : undefined;
  let replay: Replay | undefined;
  let crash: unknown;
  let statements = from ? from.index : 0;
  let late = false;
  const points: ResumePoint[] = from ? prev!.points.slice(0, prev!.points.indexOf(from) + 1) : [];
  let sincePoint = 0;
  let replayed = 0;
  let every = options.resumeEvery ?? 0;
  // With `maxFindings`, a fresh check hands the replay's findings to a bounded keeper after each
  // event instead of letting them pile up (a resumable analysis keeps them all for the next version).
  const limit = findingLimit(options.maxFindings);
  const keeper = limit !== undefined && !from && !options.resumable ? new FindingKeeper(limit) : undefined;
  const drain = (r: Replay, band: number) => {
    for (const f of r.findings) keeper!.add(f, band);
    r.findings.length = 0;
  };
  // The last timestamp given before the edit (the resume point's): the edit shifts those after it.
  let startStamp = 0;
  const start = (info: DocumentInfo): Replay => {
    if (from) {
      const r = new Replay(info, text, from.replay.rules, hdr!.version, {}, from.replay);
      r.events = from.events;
      r.expectations = from.expectations;
      startStamp = r.board.lastTimestamp;
      for (let i = 0; i < from.findings; i++) r.findings.push(prev!.replayFindings[i]);
      return r;
    }
    hdr = withDefaultVersion(headerWords(declarations), options.defaultRulesVersion);
    const r = new Replay(info, text, RULESETS[hdr.game ?? 'mtg'], hdr.version, { steps: options.steps, cards: options.cards });
    includes = includesOf(declarations, options, hdr.game);
    try {
      declareWithIncludes(r, declarations, includes);
    } catch (e) {
      crash = e;
    }
    return r;
  };
  // In slices when `pause` is given (parseStreamInSlices: the text of a slice that paused is read again from there).
  const rest: StreamedParse = yield* parseStreamInSlices(
    text,
    (st, info, offset) => {
      statements++;
      first ??= st;
      if (!isEvent(st)) {
        // A declaration after an event: the file is parsed whole and checked so (below); this parse stops.
        if (replay || from) {
          late = true;
          return true;
        }
        declarations.push(st);
        return;
      }
      replay ??= start(info);
      // A slice's lexer has its own comments (a fix that deletes this statement keeps those on its lines).
      if (replay.doc !== info) replay.doc = info;
      if (crash !== undefined) return;
      if (tail) {
        while (nextTail < tail.points.length && tail.points[nextTail].offset + tail.delta < offset) nextTail++;
        const p = tail.points[nextTail];
        if (p && p.offset + tail.delta === offset) {
          nextTail++;
          const lineDelta = info.lineCount - prev!.header.lineCount;
          // A point taken on past an earlier cutoff is compared as its replay would be once moved (not made for that).
          const earlierMoves = p instanceof MovedPoint ? p.moved.moves : [];
          const source = p instanceof MovedPoint ? p.moved.source : p.replay;
          // The edit gave more timestamps (a line that became an attach, a move...): those after
          // the resume point are compared shifted, when no later finding states one.
          const stampDelta = replay.board.lastTimestamp - movedStampBy(source.board.lastTimestamp, earlierMoves);
          const stamps = stampDelta > 0 && lastStatingTimestamps(prev!) < p.findings ? { after: startStamp, delta: stampDelta } : undefined;
          let edit: LineMove | undefined;
          let aligned = stampDelta === 0 || stamps !== undefined;
          if (aligned && lineDelta !== 0) {
            // The edit added or removed lines: the earlier replay's positions are compared (and its
            // later findings and copies taken on) as positions of this text.
            aligned = p.offset - 1 >= tail.alignedFrom;
            if (aligned) {
              move ??= { from: firstLineFrom(prev!.text, from!.line, from!.offset, tail.alignedFrom), delta: lineDelta };
              // (Implied by the alignment of the two texts; checked, as it is cheap, so that a wrong `move` can only lose a cutoff.)
              aligned = st.range.start.line === movedLine(p.line, move);
              edit = move;
            }
          }
          if (stamps) edit = edit ? { ...edit, stamps } : stampsOnly(stamps);
          if (aligned && replay.sameStateAs(source, earlierMoves, edit)) {
            cutoff = p;
            cutoffMove = edit;
            return true;
          }
        }
      }
      every ||= Math.max(RESUME_EVERY, replay.board.copySize);
      if (options.resumable && ++sincePoint > every) {
        // The copy keeps no text or comments: it is only ever copied again, into a replay that has them.
        points.push({ index: statements - 1, line: st.range.start.line, offset, replay: textlessCopy(replay, hdr!.version), findings: replay.findings.length, events: replay.events, expectations: replay.expectations });
        sincePoint = 1;
      }
      replayed++;
      try {
        replay.step(st);
      } catch (e) {
        crash = e;
      }
      if (keeper && replay.findings.length > 0) drain(replay, 1);
    },
    // Where the parse starts, with the line count when the caller knows it (not counted again).
    from ? { line: from.line, offset: from.offset, lineCount: options.lineCount } : options.lineCount !== undefined ? { line: 0, offset: 0, lineCount: options.lineCount } : undefined,
    pause,
  );
  if (late) return analyseDocument(parse(text), text, options);
  replay ??= start(rest);
  if (crash === undefined && !cutoff) {
    try {
      replay.finish();
    } catch (e) {
      crash = e;
    }
  }
  // What lies before the resume point (and after the cutoff) is the earlier analysis's; the
  // lines keep their numbers, or move by the lines the edit added or removed (all of them lie past it).
  const lineDelta = cutoffMove?.delta ?? 0;
  const merge = <T extends { range: Range }>(old: readonly T[] | undefined, fresh: readonly T[]): T[] => {
    if (!from) return [...fresh];
    const out = old!.filter((x) => x.range.start.line < from.line);
    for (const x of fresh) if (!cutoff || x.range.start.line < cutoff.line + lineDelta) out.push(x);
    if (cutoff) for (const x of old!) if (x.range.start.line >= cutoff.line) out.push(shiftedLines(x, lineDelta));
    return out;
  };
  const lexProblems = merge(prev?.lexProblems, rest.lexProblems);
  const parseProblems = merge(prev?.parseProblems, rest.parseProblems);
  const comments = merge(prev?.comments, rest.comments);
  // Written out, not spread: a spread with more properties after it took ~2 % of checking small files (V8 20).
  const h = hdr!;
  const header: ScenarioHeader = { game: h.game, version: h.version, versionRange: h.versionRange, gameRange: h.gameRange, eol: rest.eol, lineCount: rest.lineCount };
  // Findings in the order a whole-document analysis reports them: syntax, header, replay.
  const fromReplay = replay.findings.splice(0);
  const stats = { statements, events: replay.events, expectations: replay.expectations };
  if (cutoff) {
    // The cutoff's statement was counted here and in the earlier analysis's rest.
    const shift = statements - 1 - cutoff.index;
    const findingsShift = fromReplay.length - cutoff.findings;
    const line = (l: number) => movedLine(l, cutoffMove!);
    const linesMoved = cutoffMove !== undefined && cutoffMove.delta !== 0;
    for (let i = cutoff.findings; i < prev!.replayFindings.length; i++) fromReplay.push(linesMoved ? movedLines(prev!.replayFindings[i], line) : prev!.replayFindings[i]);
    stats.statements = prev!.stats.statements + shift;
    // The counts may differ at the cutoff (an event line typed or deleted before it): the earlier
    // analysis's from there on are added, and its later points' counts shifted alike.
    const eventsShift = replay.events - cutoff.events;
    const expectationsShift = replay.expectations - cutoff.expectations;
    stats.events = prev!.stats.events + eventsShift;
    stats.expectations = prev!.stats.expectations + expectationsShift;
    for (const p of prev!.points) {
      if (p.offset >= cutoff.offset) {
        const at = { index: p.index + shift, line: p.line + lineDelta, offset: p.offset + tail!.delta, findings: p.findings + findingsShift, events: p.events + eventsShift, expectations: p.expectations + expectationsShift };
        points.push(takenOn(p, at, cutoffMove, header.version));
      }
    }
  }
  // With a keeper, each syntax finding goes to it at once (a file of syntax errors never holds them all as findings).
  for (const p of lexProblems) {
    replay.report('syntax-error', p.range, p.text ?? p.message);
    if (keeper) drain(replay, 0);
  }
  for (const p of parseProblems) {
    reportSyntaxProblem(replay, p);
    if (keeper) drain(replay, 0);
  }
  headerFindings(first, declarations, replay, header.game, rest.eol);
  if (keeper) {
    // The same order as below: syntax and header findings, the replay's, a crash.
    drain(replay, 0);
    for (const f of fromReplay) keeper.add(f, 1);
    if (crash !== undefined) reportCrash(replay, crash);
    drain(replay, 2);
  } else {
    for (const f of fromReplay) replay.findings.push(f);
    if (crash !== undefined) reportCrash(replay, crash);
  }
  const result = checkResult(header.game, header.version, withinLimit(applyExpectations(keeper ? keeper.result() : limitFindings(replay.findings, options.maxFindings), comments, text, header.game, options), options.maxFindings), replay.steps, stats);
  const resume: ResumeState | undefined = options.resumable
    ? { text, points, replayFindings: fromReplay, lexProblems, parseProblems, comments, declarations, first, header, stats, crashed: crash !== undefined, includes }
    : undefined;
  const earlier = options.previous instanceof StreamedAnalysis ? options.previous.builtDoc() : undefined;
  const analysis = new StreamedAnalysis(text, result, header, resume, earlier, includes, options.cards);
  analysis.replayed = replayed;
  return analysis;
}

/** The index of the last of an analysis's replay findings that states raw timestamps (-1: none), found once. */
const statingTimestamps = new WeakMap<ResumeState, number>();
function lastStatingTimestamps(prev: ResumeState): number {
  let last = statingTimestamps.get(prev);
  if (last === undefined) {
    last = -1;
    for (let i = prev.replayFindings.length - 1; i >= 0; i--) {
      if (statesTimestamps(prev.replayFindings[i])) {
        last = i;
        break;
      }
    }
    statingTimestamps.set(prev, last);
  }
  return last;
}

/** The last resume point whose line starts before the first character where `text` differs from the earlier one. */
function resumePointFor(prev: ResumeState, text: string): ResumePoint | undefined {
  // The fixes reported before the point insert lines with the file's line break.
  if (eolOf(text) !== prev.header.eol) return undefined;
  const d = commonPrefix(prev.text, text);
  let found: ResumePoint | undefined;
  for (const p of prev.points) {
    if (p.offset < d) found = p;
    else break;
  }
  return found;
}

/**
 * The earlier analysis's resume points that lie in the text both versions end with, each at a
 * line whose line break before it is in that common end too (so the statement starts there in
 * both); `delta` turns their offsets into offsets of the new text.
 */
function tailPoints(prev: ResumeState, text: string): { points: ResumePoint[]; delta: number; alignedFrom: number } | undefined {
  if (prev.crashed) return undefined;
  const common = commonSuffix(prev.text, text);
  const commonFrom = prev.text.length - common;
  const points = prev.points.filter((p) => p.offset - 1 >= commonFrom);
  // Where the common end starts when it may not overlap the common start: past it, the earlier
  // text's lines are this one's moved by the lines the edit added or removed (the same alignment
  // of the two texts for everything after the edit).
  const alignedFrom = prev.text.length - Math.min(common, Math.min(prev.text.length, text.length) - commonPrefix(prev.text, text));
  return points.length ? { points, delta: text.length - prev.text.length, alignedFrom } : undefined;
}

/**
 * The first line of `text` that starts at or after offset `at`, counting from a line start that
 * is known (`line` starts at `offset`, not after `at`): line breaks as the lexer counts them
 * (`\n`, `\r\n` or a lone `\r`). Only the text between is read.
 */
function firstLineFrom(text: string, line: number, offset: number, at: number): number {
  let n = line;
  for (let i = offset; i < at; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) n++;
  }
  if (at === offset) return n;
  // `at` starts a line when the character before it ends one (a CR before an LF does not).
  const before = text.charCodeAt(at - 1);
  return before === 10 || (before === 13 && text.charCodeAt(at) !== 10) ? n : n + 1;
}

/**
 * A resume point of an earlier analysis, taken on by a later one past its cutoff: its own place
 * there, and the same replay, or (the edit moved the lines) that replay moved, made when first
 * asked for (most are never resumed from, and a copy costs one per card).
 */
type PointPlace = Omit<ResumePoint, 'replay'>;

function takenOn(p: ResumePoint, at: PointPlace, move: LineMove | undefined, version: string | undefined): ResumePoint {
  if (p instanceof MovedPoint) return new MovedPoint(at, move ? new MovedReplay(p.moved.source, [...p.moved.moves, move], version) : p.moved);
  return move ? new MovedPoint(at, new MovedReplay(p.replay, [move], version)) : { ...at, replay: p.replay };
}

/** A resume point whose replay is a MovedReplay (an earlier text's, moved when first asked for). */
class MovedPoint extends MovedCheckpoint implements ResumePoint {
  readonly line: number;
  readonly offset: number;
  readonly findings: number;
  readonly events: number;
  readonly expectations: number;
  constructor(at: PointPlace, moved: MovedReplay) {
    super(at.index, moved);
    this.line = at.line;
    this.offset = at.offset;
    this.findings = at.findings;
    this.events = at.events;
    this.expectations = at.expectations;
  }
}

/**
 * The resume points of a resumable analysis of an earlier text that are still true of `text`:
 * those before the first character where the two texts differ (the statements before them are
 * the same). A timeline of `text` starts from them while `text` itself is not analysed yet.
 */
export function checkpointsBefore(a: Analysis, text: string): readonly { index: number; replay: Replay }[] {
  if (!(a instanceof StreamedAnalysis) || !a.resume || a.resume.crashed) return [];
  if (eolOf(text) !== a.resume.header.eol) return [];
  const d = commonPrefix(a.resume.text, text);
  const out: { index: number; replay: Replay }[] = [];
  for (const p of a.resume.points) {
    // The statement at the point starts after the last unchanged line break: it may be the one edited.
    if (p.offset < d && text.lastIndexOf('\n', d - 1) >= p.offset) out.push(p);
    else break;
  }
  return out;
}

/**
 * The resume points of a resumable analysis as (statements before it, replay standing there):
 * the timeline starts from them instead of replaying the document again.
 */
export function replayCheckpoints(a: Analysis): readonly { index: number; replay: Replay }[] {
  return a instanceof StreamedAnalysis && a.resume ? a.resume.points : [];
}

/**
 * An analysis whose syntax tree is parsed again, once, when first asked for: from the earlier
 * version's tree when that one was built (only the changed part is parsed), else whole.
 */
class StreamedAnalysis implements Analysis {
  private parsed: ScenarioDocument | undefined;
  replayed: number | undefined;
  constructor(
    private readonly text: string,
    readonly result: CheckResult,
    readonly header: ScenarioHeader,
    /** For the analysis of the next version of the text (with `resumable`). */
    readonly resume: ResumeState | undefined,
    /** The earlier version's text and tree (dropped once this tree is built). */
    private earlier: { text: string; doc: ScenarioDocument } | undefined,
    readonly includes: Includes,
    /** The card catalogs it was made with (a later version resumes only with the same ones). */
    readonly cards?: CardCatalogs,
  ) {}
  get doc(): ScenarioDocument {
    if (!this.parsed) {
      this.parsed = this.earlier ? reparse(this.earlier.text, this.earlier.doc, this.text) : parse(this.text);
      this.earlier = undefined;
    }
    return this.parsed;
  }
  get docCheap(): boolean {
    return this.parsed !== undefined || this.earlier !== undefined;
  }
  /** The tree if it is built, for the next version to start from. */
  builtDoc(): { text: string; doc: ScenarioDocument } | undefined {
    return this.parsed ? { text: this.text, doc: this.parsed } : undefined;
  }
}

