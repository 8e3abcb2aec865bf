// The core's entry points: parse, replay and collect findings. Pure functions of the text.
import { isEvent, type DocumentInfo, type ScenarioDocument, type Statement } from './parser/ast';
import { parse, parseStream } from './parser/parser';
import type { CheckResult, Finding, Game, Range } from './types';
import { Replay, type Ruleset } from './engine/replay';
import { mtg } from './rules/mtg/mtg';
import { riftbound } from './rules/riftbound/riftbound';
import { resolveVersion } from './rules/versions';
import { codeInfo } from './diagnostics/registry';

export const RULESETS: Record<Game, Ruleset> = { mtg, riftbound };

export interface Analysis {
  /** The syntax tree (built on first use when the check streamed the events). */
  readonly doc: ScenarioDocument;
  readonly result: CheckResult;
  /** The game, `rules` version and where they are written. */
  readonly header: ScenarioHeader;
}

/** What a scenario's header says: its game, its `rules` version, and where they are written. */
export interface ScenarioHeader {
  game: Game | undefined;
  /** The version word of the first `rules` line, as written. */
  version: string | undefined;
  /** Where that version word is. */
  versionRange?: Range;
  /** Where the first `game` statement is. */
  gameRange?: Range;
  /** The file's line break and line count, for edits that insert a line. */
  eol: string;
  lineCount: number;
}

/** The game a document declares (first statement `game ...`), and the `rules` version. */
export function header(doc: ScenarioDocument): ScenarioHeader {
  return headerOf(doc.statements, doc);
}

/** The header read from the statements (only declarations matter), with the file's line break and line count. */
function headerOf(statements: readonly Statement[], info: DocumentInfo): ScenarioHeader {
  let game: Game | undefined;
  let version: string | undefined;
  let versionRange: Range | undefined;
  let gameRange: Range | undefined;
  for (const st of statements) {
    if (st.kind === 'game' && !gameRange) gameRange = st.range;
    if (st.kind === 'game' && st.game && !game && (st.game.text === 'mtg' || st.game.text === 'riftbound')) game = st.game.text;
    if (st.kind === 'rules' && st.version && version === undefined) {
      version = st.version.text;
      versionRange = st.version.range;
    }
  }
  return { game, version, versionRange, gameRange, eol: info.eol, lineCount: info.lineCount };
}

/** `game` first and once, a known game, a known rules version. `declarations` may omit the events. */
function headerFindings(first: Statement | undefined, declarations: readonly Statement[], replay: Replay, game: Game | undefined, eol: string): void {
  const games = declarations.filter((s) => s.kind === 'game');
  if (games.length === 0) {
    const at = first ? { start: first.range.start, end: first.range.start } : { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    replay.report('syntax-error', at, 'A scenario starts with `game mtg` or `game riftbound`. Checking it as `game mtg`.', {
      fixes: [{ title: 'Insert `game mtg`', safe: false, edits: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: 'game mtg' + eol }] }],
    });
  }
  for (const g of games) {
    if (g.kind !== 'game') continue;
    if (g !== first) replay.report('syntax-error', g.range, '`game` must be the first statement of the file, and appear once.');
    else if (g.game && g.game.text !== 'mtg' && g.game.text !== 'riftbound') {
      replay.report('syntax-error', g.game.range, `Unknown game '${g.game.text}': write \`game mtg\` or \`game riftbound\`.`);
    }
  }
  for (const st of declarations) {
    if (st.kind === 'rules' && st.version && game && !resolveVersion(game, st.version.text)) {
      replay.report('unknown-rules-version', st.version.range, `'${st.version.text}' is not a rules version the checker knows; rule numbers are cited as in the newest rules.`);
    }
  }
}

export interface AnalyseOptions {
  /** Collect a summary of each event (inlay hints). */
  steps?: boolean;
  /** `false`: parse the whole document, then replay it (the same result; the tree is made at once). */
  stream?: boolean;
}

/**
 * Parses and replays a scenario; every problem is a finding. Never throws on any input.
 *
 * The events are replayed as they are parsed and not kept, so a large scenario is checked in one
 * pass holding one event at a time; the syntax tree (`doc`) is built only if someone asks for it.
 * A declaration written after the first event (itself an error) needs every declaration before
 * the replay starts: such a file is parsed whole first, then replayed.
 */
export function analyse(text: string, options: AnalyseOptions = {}): Analysis {
  if (options.stream === false) return analyseDocument(parse(text), text, options);
  const declarations: Statement[] = [];
  let first: Statement | undefined;
  let replay: Replay | undefined;
  let hdr: ScenarioHeader | undefined;
  let crash: unknown;
  let statements = 0;
  let late = false;
  const start = (info: DocumentInfo): Replay => {
    hdr = headerOf(declarations, info);
    const r = new Replay(info, text, RULESETS[hdr.game ?? 'mtg'], hdr.version, { steps: options.steps });
    try {
      r.begin(declarations);
    } catch (e) {
      crash = e;
    }
    return r;
  };
  const rest = parseStream(text, (st, info) => {
    statements++;
    first ??= st;
    if (late) return;
    if (!isEvent(st)) {
      if (replay) late = true;
      else declarations.push(st);
      return;
    }
    replay ??= start(info);
    if (crash !== undefined) return;
    try {
      replay.step(st);
    } catch (e) {
      crash = e;
    }
  });
  if (late) return analyseDocument(parse(text), text, options);
  replay ??= start(rest);
  if (crash === undefined) {
    try {
      replay.finish();
    } catch (e) {
      crash = e;
    }
  }
  // Findings in the order a whole-document analysis reports them: syntax, header, replay.
  const fromReplay = replay.findings.splice(0);
  for (const p of rest.problems) replay.report('syntax-error', p.range, p.message);
  headerFindings(first, declarations, replay, hdr!.game, rest.eol);
  for (const f of fromReplay) replay.findings.push(f);
  if (crash !== undefined) reportCrash(replay, crash);
  const result: CheckResult = {
    game: hdr!.game,
    rulesVersion: hdr!.version,
    findings: sortFindings(replay.findings),
    steps: replay.steps,
    stats: { statements, events: replay.events, expectations: replay.expectations },
  };
  return new StreamedAnalysis(text, result, hdr!);
}

/** An analysis whose syntax tree is parsed again, once, when first asked for. */
class StreamedAnalysis implements Analysis {
  private parsed: ScenarioDocument | undefined;
  constructor(
    private readonly text: string,
    readonly result: CheckResult,
    readonly header: ScenarioHeader,
  ) {}
  get doc(): ScenarioDocument {
    return (this.parsed ??= parse(this.text));
  }
}

/** The analysis of a document parsed whole. */
function analyseDocument(doc: ScenarioDocument, text: string, options: { steps?: boolean }): Analysis {
  const hdr = header(doc);
  const { game, version } = hdr;
  const replay = new Replay(doc, text, RULESETS[game ?? 'mtg'], version, { steps: options.steps });
  for (const p of doc.problems) replay.report('syntax-error', p.range, p.message);
  headerFindings(doc.statements[0], doc.statements, replay, game, doc.eol);
  try {
    replay.run(doc.statements);
  } catch (e) {
    reportCrash(replay, e);
  }
  return {
    doc,
    header: hdr,
    result: {
      game: game,
      rulesVersion: version,
      findings: sortFindings(replay.findings),
      steps: replay.steps,
      stats: { statements: doc.statements.length, events: replay.events, expectations: replay.expectations },
    },
  };
}

/** A bug in the rules must not take the editor down: report it where the replay stopped. */
function reportCrash(replay: Replay, e: unknown): void {
  replay.report('impossible-event', { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, `Internal error in the rules core, please report it: ${(e as Error)?.stack ?? String(e)}`);
}

export function check(text: string, options: AnalyseOptions = {}): CheckResult {
  return analyse(text, options).result;
}

function sortFindings(fs: Finding[]): Finding[] {
  return fs
    .map((f, i) => [f, i] as const)
    .sort(([a, i], [b, j]) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character || i - j)
    .map(([f]) => f);
}

export { codeInfo };
