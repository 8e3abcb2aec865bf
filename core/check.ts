// The core's entry points: parse, replay and collect findings. Pure functions of the text; they
// never throw on any input. The work is in analysis/: incremental.ts (streaming, resumable: the
// usual path) and common.ts (what both paths share, and the analysis of a document parsed whole).
import { parse } from './parser/parser';
import type { CheckResult } from './types';
import { analyseDocument, type Analysis, type AnalyseOptions } from './analysis/common';
import { analyseStreaming } from './analysis/incremental';
import { isFailure, scenarioTest, type ScenarioTest } from './analysis/expected';
import { applySeverities, type ConfiguredSeverity } from './config';

export { RULESETS, type Analysis, type AnalyseOptions } from './analysis/common';
export { RESUME_EVERY, replayCheckpoints, checkpointsBefore, analysisSteps } from './analysis/incremental';
export { header, type ScenarioHeader } from './parser/header';
export { codeInfo } from './diagnostics/registry';
export type { Includes, IncludedFile, IncludeLink } from './analysis/includes';

/**
 * Parses and replays a scenario; every problem is a finding. The events are replayed as they are
 * parsed and not kept, so a large scenario is checked in one pass holding one event at a time; the
 * syntax tree (\`doc\`) is built only if someone asks for it. \`stream: false\` parses the whole
 * document first (the same result). With \`previous\` (a resumable analysis of an earlier text),
 * the text before the first change is not parsed or replayed again.
 */
export function analyse(text: string, options: AnalyseOptions = {}): Analysis {
  return options.stream === false ? analyseDocument(parse(text), text, options) : analyseStreaming(text, options);
}

export function check(text: string, options: AnalyseOptions = {}): CheckResult {
  return analyse(text, options).result;
}


/**
 * A scenario as a test (the Testing view, `board-scenario test`): its `expect` lines and
 * expectation markers, each passed or failed with what was expected and what the replay reached,
 * and the errors no expectation accounts for. From an analysis already made, or the text alone.
 */
export function testScenario(
  text: string,
  analysis: Analysis = analyse(text),
  options: { severity?: Readonly<Record<string, ConfiguredSeverity>> } = {},
): ScenarioTest & { result: CheckResult } {
  const t = scenarioTest(analysis.doc, analysis.result.findings, text, { game: analysis.result.game });
  if (!options.severity) return { ...t, result: analysis.result };
  // The project's severities decide what is an error (a code set to `off` fails nothing); the cases are judged on the findings as made.
  const findings = applySeverities(analysis.result.findings, options.severity);
  const unexpectedErrors = applySeverities(t.unexpectedErrors, options.severity).filter(isFailure);
  const failing = new Set(findings.filter(isFailure));
  return { ...t, unexpectedErrors, passed: failing.size === 0 && t.cases.every((c) => c.passed), result: { ...analysis.result, findings } };
}
