// What both ways of analysing a text share: the rulesets, the analysis and its options, the
// findings about the header, a crash in a ruleset as a finding, the findings' order and safe fixes; and the
// analysis of a document parsed whole (analyse's \`stream: false\`, and the fallback of a streamed
// check that finds a declaration after an event).
import type { ScenarioDocument, Statement } from '../parser/ast';
import type { CheckResult, Finding, Game } from '../types';
import { Replay, type Ruleset } from '../engine/replay';
import { mtg } from '../rules/mtg/mtg';
import { riftbound } from '../rules/riftbound/riftbound';
import { knownVersions, resolveVersion } from '../rules/versions';
import { header, type ScenarioHeader } from '../parser/header';
import { demoteHidingFixes } from '../fixes';

export const RULESETS: Record<Game, Ruleset> = { mtg, riftbound };

export interface Analysis {
  /** The syntax tree (built on first use when the check streamed the events). */
  readonly doc: ScenarioDocument;
  /** Is `doc` built already (or can it be made from an earlier version's tree)? */
  readonly docCheap: boolean;
  readonly result: CheckResult;
  /** The game, `rules` version and where they are written. */
  readonly header: ScenarioHeader;
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
}

export function headerFindings(first: Statement | undefined, declarations: readonly Statement[], replay: Replay, game: Game | undefined, eol: string): void {
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
      const versions = knownVersions(game);
      const known = versions.map((v) => v.id).join(', ');
      replay.report('unknown-rules-version', st.version.range, `'${st.version.text}' is not a rules version the checker knows, so rule numbers are cited as in the newest rules. Write one of ${known}, or a date from ${versions[0].date} on (the version in force that day).`);
    }
  }
}

/** The analysis of a document parsed whole. */
export function analyseDocument(doc: ScenarioDocument, text: string, options: { steps?: boolean }): Analysis {
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
    docCheap: true,
    header: hdr,
    result: {
      game: game,
      rulesVersion: version,
      findings: resultFindings(replay.findings),
      steps: replay.steps,
      stats: { statements: doc.statements.length, events: replay.events, expectations: replay.expectations },
    },
  };
}

/** A bug in the rules must not take the editor down: report it where the replay stopped. */
export function reportCrash(replay: Replay, e: unknown): void {
  replay.report('impossible-event', { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, `Internal error in the rules core, please report it: ${(e as Error)?.stack ?? String(e)}`);
}

/**
 * The findings of a result: in order, and no safe fix that would hide another finding
 * (`demoteHidingFixes`: only now are all of them known). The replay's own findings are not
 * changed, so a resumed analysis judges its fixes again among the findings of the new text.
 */
export function resultFindings(fs: Finding[]): Finding[] {
  return demoteHidingFixes(sortFindings(fs));
}

export function sortFindings(fs: Finding[]): Finding[] {
  return fs
    .map((f, i) => [f, i] as const)
    .sort(([a, i], [b, j]) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character || i - j)
    .map(([f]) => f);
}

