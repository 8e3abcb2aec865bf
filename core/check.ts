// The core's entry points: parse, replay and collect findings. Pure functions of the text.
import type { ScenarioDocument } from './parser/ast';
import { parse } from './parser/parser';
import type { BoardView, CheckResult, Finding, Game, Range } from './types';
import { Replay, type HostVerb, type Ruleset } from './engine/replay';
import { mtg } from './rules/mtg/mtg';
import { riftbound } from './rules/riftbound/riftbound';
import { resolveVersion } from './rules/versions';
import { codeInfo } from './diagnostics/registry';

const RULESETS: Record<Game, Ruleset> = { mtg, riftbound };

export interface Analysis {
  doc: ScenarioDocument;
  result: CheckResult;
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
  let game: Game | undefined;
  let version: string | undefined;
  let versionRange: Range | undefined;
  let gameRange: Range | undefined;
  for (const st of doc.statements) {
    if (st.kind === 'game' && !gameRange) gameRange = st.range;
    if (st.kind === 'game' && st.game && !game && (st.game.text === 'mtg' || st.game.text === 'riftbound')) game = st.game.text;
    if (st.kind === 'rules' && st.version && version === undefined) {
      version = st.version.text;
      versionRange = st.version.range;
    }
  }
  return { game, version, versionRange, gameRange, eol: doc.eol, lineCount: doc.lineCount };
}

function headerFindings(doc: ScenarioDocument, replay: Replay, game: Game | undefined): void {
  const first = doc.statements[0];
  const games = doc.statements.filter((s) => s.kind === 'game');
  if (games.length === 0) {
    const at = first ? { start: first.range.start, end: first.range.start } : { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    replay.report('syntax-error', at, 'A scenario starts with `game mtg` or `game riftbound`. Checking it as `game mtg`.', {
      fixes: [{ title: 'Insert `game mtg`', safe: false, edits: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: 'game mtg' + doc.eol }] }],
    });
  }
  for (const g of games) {
    if (g.kind !== 'game') continue;
    if (g !== first) replay.report('syntax-error', g.range, '`game` must be the first statement of the file, and appear once.');
    else if (g.game && g.game.text !== 'mtg' && g.game.text !== 'riftbound') {
      replay.report('syntax-error', g.game.range, `Unknown game '${g.game.text}': write \`game mtg\` or \`game riftbound\`.`);
    }
  }
  for (const st of doc.statements) {
    if (st.kind === 'rules' && st.version && game && !resolveVersion(game, st.version.text)) {
      replay.report('unknown-rules-version', st.version.range, `'${st.version.text}' is not a rules version the checker knows; rule numbers are cited as in the newest rules.`);
    }
  }
}

/** Parses and replays a scenario; every problem is a finding. Never throws on any input. */
export function analyse(text: string, options: { steps?: boolean } = {}): Analysis {
  const doc = parse(text);
  const { game, version } = header(doc);
  const replay = new Replay(doc, text, RULESETS[game ?? 'mtg'], version, { steps: options.steps });
  for (const p of doc.problems) replay.report('syntax-error', p.range, p.message);
  headerFindings(doc, replay, game);
  try {
    replay.run();
  } catch (e) {
    // A bug in the rules must not take the editor down: report it where the replay stopped.
    replay.report('impossible-event', { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, `Internal error in the rules core, please report it: ${(e as Error)?.stack ?? String(e)}`);
  }
  const findings = sortFindings(replay.findings);
  return {
    doc,
    result: {
      game: game,
      rulesVersion: version,
      findings,
      steps: replay.steps,
      stats: { statements: doc.statements.length, events: replay.events, expectations: replay.expectations },
    },
  };
}

export function check(text: string, options: { steps?: boolean } = {}): CheckResult {
  return analyse(text, options).result;
}

/** The board as it stands after the statement on (or last before) `line`, for hovers and pictures. */
export function boardAt(text: string, line: number, doc: ScenarioDocument = parse(text)): BoardView {
  const { game, version } = header(doc);
  const replay = new Replay(doc, text, RULESETS[game ?? 'mtg'], version, {});
  try {
    replay.run(line);
  } catch {
    // The partial board is still the best answer for a hover.
  }
  return replay.board.view();
}

/**
 * The cards and players `subject` could legally be attached to by an event of `verb` on `line`,
 * judged on the board just before that line, by the game's own rules (for completion).
 */
export function legalHosts(text: string, line: number, subject: string, verb: HostVerb, doc: ScenarioDocument = parse(text)): string[] {
  const { game, version } = header(doc);
  const rules = RULESETS[game ?? 'mtg'];
  const replay = new Replay(doc, text, rules, version, {});
  try {
    replay.run(line - 1);
  } catch {
    return [];
  }
  const att = replay.board.cards.get(subject);
  if (!att) return [];
  const out: string[] = [];
  for (const h of [...replay.board.players.values(), ...replay.board.cards.values()]) {
    if (rules.legalHost(replay, att, h, verb)) out.push(h.id);
  }
  return out;
}

function sortFindings(fs: Finding[]): Finding[] {
  return fs
    .map((f, i) => [f, i] as const)
    .sort(([a, i], [b, j]) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character || i - j)
    .map(([f]) => f);
}

export { codeInfo };
