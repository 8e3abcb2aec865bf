// What both ways of analysing a text share: the rulesets, the analysis and its options, the
// findings about the header, a crash in a ruleset as a finding, the findings' order and safe fixes; and the
// analysis of a document parsed whole (analyse's \`stream: false\`, and the fallback of a streamed
// check that finds a declaration after an event).
import type { GameStmt, RulesStmt, ScenarioDocument, Statement, SyntaxProblem } from '../parser/ast';
import type { CheckResult, Finding, Game, IncludeHost, Position, Severity } from '../types';
import { Replay, type Ruleset } from '../engine/replay';
import { mtg } from '../rules/mtg/mtg';
import { riftbound } from '../rules/riftbound/riftbound';
import { knownVersions, resolveVersion } from '../rules/versions';
import { header, type HeaderWords, type ScenarioHeader } from '../parser/header';
import type { CardCatalogs } from '../cards/catalog';
import { demoteHidingFixes, noSecondLook } from '../fixes';
import { includeFindings, includesBeforeEvents, resolveIncludes, type IncludedFile, type Includes } from './includes';
import { sortFindings } from './order';
import { applyExpectations, checkResult } from './expected';
import { msg, relatedAt, titledFix } from '../message';

export { sortFindings };

export const RULESETS: Record<Game, Ruleset> = { mtg, riftbound };

export interface Analysis {
  /** The syntax tree (built on first use when the check streamed the events). */
  readonly doc: ScenarioDocument;
  /** Is `doc` built already (or can it be made from an earlier version's tree)? */
  readonly docCheap: boolean;
  readonly result: CheckResult;
  /** The game, `rules` version and where they are written. */
  readonly header: ScenarioHeader;
  /** The files its includes reached and where each include is written (empty without includes). */
  readonly includes: Includes;
  /**
   * How many events this analysis replayed itself: a resumed one, from its resume point to where
   * it met an earlier analysis's state again (for tests and figures; undefined when not counted).
   */
  readonly replayed?: number;
}

export interface AnalyseOptions {
  /** Collect a summary of each event (inlay hints). */
  steps?: boolean;
  /** `false`: parse the whole document, then replay it (the same result; the tree is made at once). */
  stream?: boolean;
  /**
   * Keep resume points (copies of the replay every RESUME_EVERY events) so that the analysis of
   * a later version of the text can start from the last one before its first change (the editor).
   */
  resumable?: boolean;
  /** The analysis of an earlier version of this text, made with `resumable`, to resume from. */
  previous?: Analysis;
  /** Events between resume points (default RESUME_EVERY; tests use small numbers). */
  resumeEvery?: number;
  /**
   * Keep at most this many findings: the first ones in the result's order. The others are only
   * counted, by severity, in `result.omitted`. A fresh streaming check then holds at most twice
   * this many findings at any time, however many the scenario has (the command line's bound).
   */
  maxFindings?: number;
  /** The checked file's uri, as `includes` knows it: includes are resolved from it. */
  uri?: string;
  /** How included files are read (without it, each `include` is a finding: nothing can be read). */
  includes?: IncludeHost;
  /**
   * The user's card data (core/cards): a card declared by name takes its type line and abilities
   * from the catalog of the scenario's game; a name it lacks is an `unknown-card` information.
   */
  cards?: CardCatalogs;
  /**
   * Judge the expectations written in the scenario (`#! CODE`, `#! no CODE`: docs/language.md,
   * "Expected findings"). Default true; `false` reports the findings as they are, every `#!`
   * comment an ordinary comment.
   */
  expectations?: boolean;
  /**
   * The rules version of a scenario that has no `rules` line, per game (the project config's
   * `rulesVersion`). A `rules` line always wins.
   */
  defaultRulesVersion?: Partial<Record<Game, string>>;
  /**
   * The text's line count when the caller knows it (an editor keeps a line table edit by edit):
   * the check then does not count the lines of the whole text again. Must be the text's own.
   */
  lineCount?: number;
}

/** The header with the default rules version of its game when it declares none. */
export function withDefaultVersion<H extends HeaderWords>(hdr: H, defaults: Partial<Record<Game, string>> | undefined): H {
  if (hdr.version !== undefined || !defaults) return hdr;
  const v = defaults[hdr.game ?? 'mtg'];
  return v === undefined ? hdr : { ...hdr, version: v };
}


/** The includes of a check (written before its first event), followed through the options' host. */
export function includesOf(declarations: readonly Statement[], options: Pick<AnalyseOptions, 'uri' | 'includes'>, game: Game | undefined): Includes {
  return resolveIncludes(options.uri, includesBeforeEvents(declarations), options.includes, game);
}

/** What a check without included files hears from them: nothing. */
const NOTHING_HEARD: ReadonlyMap<IncludedFile, Finding[]> = new Map();

/**
 * Builds the initial board: the included files' players and cards, then the file's own; then
 * reports at the include lines (the findings about the included files' declarations are theirs:
 * they are heard here only to be summarized).
 */
export function declareWithIncludes(replay: Replay, declarations: readonly Statement[], inc: Includes): void {
  // Without included files (most checks) nothing is heard from one: no map and no closure are made.
  let heard = NOTHING_HEARD;
  if (inc.files.length === 0) replay.begin(declarations);
  else {
    const byFile = new Map<IncludedFile, Finding[]>();
    heard = byFile;
    replay.begin(declarations, {
      files: inc.files,
      heard: (file, f) => {
        const k = file as IncludedFile;
        let list = byFile.get(k);
        if (!list) byFile.set(k, (list = []));
        list.push(f);
      },
    });
  }
  for (const f of includeFindings(inc, heard)) replay.report(f.code, f.range, f.message, { related: f.related });
}

/** A problem of the parser as a finding: a `syntax-error`, with what else it is about (SyntaxProblem.related). */
export function reportSyntaxProblem(replay: Replay, p: SyntaxProblem): void {
  replay.report('syntax-error', p.range, p.text ?? p.message, p.related ? { related: p.related } : undefined);
}

export function headerFindings(first: Statement | undefined, declarations: readonly Statement[], replay: Replay, game: Game | undefined, eol: string): void {
  // One pass, `kind` read once a statement (isDeclarationKind).
  const games: GameStmt[] = [];
  const rulesLines: RulesStmt[] = [];
  for (const st of declarations) {
    const kind = st.kind;
    if (kind === 'game') games.push(st);
    else if (kind === 'rules') rulesLines.push(st);
  }
  if (games.length === 0) {
    const at = first ? { start: first.range.start, end: first.range.start } : { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    replay.report('syntax-error', at, msg`A scenario starts with \`game mtg\` or \`game riftbound\`. Checking it as \`game mtg\`.`, {
      fixes: [titledFix(msg`Insert \`game mtg\``, false, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: 'game mtg' + eol }])],
    });
  }
  for (const g of games) {
    if (g !== first) replay.report('syntax-error', g.range, msg`\`game\` must be the first statement of the file, and appear once.`);
    else if (g.game && g.game.text !== 'mtg' && g.game.text !== 'riftbound') {
      replay.report('syntax-error', g.game.range, msg`Unknown game '${g.game.text}': write \`game mtg\` or \`game riftbound\`.`);
    }
  }
  let firstRules: RulesStmt | undefined;
  for (const st of rulesLines) {
    if (!st.version) continue;
    // The first `rules` line says the version (header.ts); another one is read by no one.
    if (firstRules) {
      replay.report('syntax-error', st.range, msg`A scenario has one \`rules\` line: the first, \`rules ${firstRules.version!.text}\`, counts. Remove this one.`, { related: [relatedAt(firstRules.range, msg`the first \`rules\` line`)] });
      continue;
    }
    firstRules = st;
    if (game && !resolveVersion(game, st.version.text)) {
      const versions = knownVersions(game);
      const known = versions.map((v) => v.id).join(', ');
      replay.report('unknown-rules-version', st.version.range, msg`'${st.version.text}' is not a rules version the checker knows, so rule numbers are cited as in the newest rules. Write one of ${known}, or a date from ${versions[0].date} on (the version in force that day).`);
    }
  }
}

/** The analysis of a document parsed whole. */
export function analyseDocument(doc: ScenarioDocument, text: string, options: Pick<AnalyseOptions, 'steps' | 'maxFindings' | 'uri' | 'includes' | 'cards' | 'expectations' | 'defaultRulesVersion'>): Analysis {
  const hdr = withDefaultVersion(header(doc), options.defaultRulesVersion);
  const { game, version } = hdr;
  const replay = new Replay(doc, text, RULESETS[game ?? 'mtg'], version, { steps: options.steps, cards: options.cards });
  for (const p of doc.problems) reportSyntaxProblem(replay, p);
  headerFindings(doc.statements[0], doc.statements, replay, game, doc.eol);
  const includes = includesOf(doc.statements, options, game);
  try {
    declareWithIncludes(replay, doc.statements, includes);
    for (const st of doc.statements) replay.step(st);
    replay.finish();
  } catch (e) {
    reportCrash(replay, e);
  }
  return {
    doc,
    docCheap: true,
    header: hdr,
    includes,
    result: checkResult(game, version, withinLimit(applyExpectations(limitFindings(replay.findings, options.maxFindings), doc.comments, text, game, options), options.maxFindings), replay.steps, {
      statements: doc.statements.length,
      events: replay.events,
      expectations: replay.expectations,
    }),
  };
}

/** A bug in the rules must not take the editor down: report it where the replay stopped. */
export function reportCrash(replay: Replay, e: unknown): void {
  replay.report('impossible-event', { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, msg`Internal error in the rules core, please report it: ${(e as Error)?.stack ?? String(e)}`);
}

/**
 * The findings of a result: in order, and no safe fix that would hide another finding
 * (`demoteHidingFixes`: only now are all of them known). The replay's own findings are not
 * changed, so a resumed analysis judges its fixes again among the findings of the new text.
 */
export function resultFindings(fs: Finding[]): Finding[] {
  return demoteHidingFixes(sortFindings(fs));
}

const noSeverities = (): Record<Severity, number> => ({ error: 0, warning: 0, information: 0, hint: 0 });

/** The `maxFindings` option as a count of findings to keep (undefined: all). */
export function findingLimit(max: number | undefined): number | undefined {
  return typeof max === 'number' && Number.isFinite(max) ? Math.max(0, Math.floor(max)) : undefined;
}

/** Findings cut to a limit; `cutAt`: the line of the first one left out (only findings before it are all known). */
export type Limited = Pick<CheckResult, 'findings' | 'omitted'> & { cutAt?: number };

/**
 * The findings of a result (`resultFindings`) cut to the `maxFindings` option, with what was cut
 * counted by severity.
 */
export function limitFindings(fs: Finding[], maxFindings: number | undefined): Limited {
  const max = findingLimit(maxFindings);
  if (max === undefined || fs.length <= max) return { findings: resultFindings(fs) };
  const sorted = sortFindings(fs);
  const omitted = noSeverities();
  for (let i = max; i < sorted.length; i++) omitted[sorted[i].severity]++;
  const first = sorted[max].range.start;
  sorted.length = max;
  return { findings: keptFindings(sorted, first), omitted, cutAt: first.line };
}

/**
 * The judged findings of a check (applyExpectations) within the `maxFindings` option: when the
 * check's own findings were under the limit, the failed markers' findings may take it past (a file of
 * 300,000 failed markers gave 300,000 findings under a limit of 10,000); cut as limitFindings cuts.
 */
export function withinLimit(judged: { findings: Finding[]; omitted?: Record<Severity, number> }, maxFindings: number | undefined): { findings: Finding[]; omitted?: Record<Severity, number> } {
  const max = findingLimit(maxFindings);
  if (judged.omitted || max === undefined || judged.findings.length <= max) return judged;
  const cut = limitFindings(judged.findings, max);
  return { findings: cut.findings, omitted: cut.omitted };
}

/**
 * The kept findings of a cut result with their safe fixes judged among them and what was left
 * out, which is known only by where it starts: a safe fix reaching into the text from the first
 * left-out finding on might hide one, so it is not safe there (the cut findings count as one that
 * spans the rest of the text). The same whether the check streamed or not.
 */
function keptFindings(sorted: Finding[], firstOmitted: Position): Finding[] {
  if (sorted.length === 0) return sorted;
  const rest: Finding = {
    code: 'syntax-error',
    kind: 'syntax-error',
    severity: 'error',
    rules: [],
    message: '',
    text: { template: '', args: [] },
    range: { start: firstOmitted, end: { line: Number.MAX_SAFE_INTEGER, character: 0 } },
    related: [],
    fixes: [],
    subjects: [],
  };
  const judged = demoteHidingFixes([...sorted, rest]);
  judged.pop();
  // Nor does fix-all take one of them on its second look (Fix.hiding): what it would hide may be among the findings left out.
  return judged.map(noSecondLook);
}

/**
 * The first `limit` of any number of findings in the result's order (line, column, then the order
 * of `sortFindings`), holding at most 2·limit at a time: when the buffer is full it is sorted and
 * cut to `limit`, so each finding costs O(log limit) amortised. The order among equal positions is
 * given by `band` (the streamed check adds the replay's findings before the syntax ones that sort
 * ahead of them) and then by arrival.
 */
export class FindingKeeper {
  private kept: { f: Finding; key: number }[] = [];
  private seq = 0;
  private readonly omitted = noSeverities();
  private cut = false;
  /** Where the first finding left out starts (all kept ones come before it). */
  private firstOmitted: Position | undefined;
  constructor(private readonly limit: number) {}

  add(f: Finding, band: number): void {
    if (this.limit <= 0) {
      this.omit(f);
      return;
    }
    this.kept.push({ f, key: band * 2 ** 40 + this.seq++ });
    if (this.kept.length >= 2 * this.limit) this.compact();
  }

  private compact(): void {
    const k = this.kept.sort((a, b) => a.f.range.start.line - b.f.range.start.line || a.f.range.start.character - b.f.range.start.character || a.key - b.key);
    for (let i = this.limit; i < k.length; i++) this.omit(k[i].f);
    if (k.length > this.limit) k.length = this.limit;
  }

  private omit(f: Finding): void {
    this.omitted[f.severity]++;
    this.cut = true;
    const p = f.range.start;
    if (!this.firstOmitted || p.line < this.firstOmitted.line || (p.line === this.firstOmitted.line && p.character < this.firstOmitted.character)) this.firstOmitted = p;
  }

  /** The kept findings in order with their safe fixes judged, and the count of the others (when there were any). */
  result(): Limited {
    this.compact();
    const findings = this.kept.map((x) => x.f);
    this.kept = [];
    return this.cut ? { findings: keptFindings(findings, this.firstOmitted!), omitted: { ...this.omitted }, cutAt: this.firstOmitted!.line } : { findings: demoteHidingFixes(findings) };
  }
}
