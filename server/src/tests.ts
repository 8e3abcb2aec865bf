// `boardScenario/runTests`: scenarios as tests, for the VS Code Testing view (client/src/testing.ts)
// and any other client. Each file is replayed by the core (`testScenario`): its `expect` lines and
// expectation markers (`#! CODE`, `#! no CODE`) are its cases, each passed or failed with what was
// expected and what the replay actually reached; the errors no case accounts for fail the file.
// An open file is run from the editor's text (the analysis its diagnostics come from); another is
// read from disk, only inside a workspace folder and up to MAX_FILE_BYTES (readInWorkspace).
// Findings reach the client as LSP diagnostics made by diagnostics.ts, the one conversion.
import type { CancellationToken, Diagnostic, Range, TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { analyse, testScenario, type Analysis, type ConfiguredSeverity, type ProjectConfig, type TestCase } from '../../core';
import type { ClientSupport } from './capabilities';
import { toDiagnostic } from './diagnostics';
import { MAX_FILE_BYTES, type AnalysisCache } from './documents';
import { readInWorkspace } from './workspaceFiles';
import { yieldNow, type ServerFiles } from './platform';
import { messageText, t } from './l10n';

export const RUN_TESTS_REQUEST = 'boardScenario/runTests';
/** At most this many files per request (the client sends a large run in several). */
export const MAX_TEST_FILES = 500;

export interface RunTestsParams {
  uris: string[];
}

export interface CaseResult {
  kind: TestCase['kind'];
  line: number;
  range: Range;
  label: string;
  passed: boolean;
  expected: string;
  actual: string;
  /** The finding that makes it fail (or whose failure is expected), as a diagnostic. */
  failure?: Diagnostic;
}

export interface FileResult {
  uri: string;
  /** The file could not be run: why (not found, outside the workspace, too large). No cases then. */
  error?: string;
  passed: boolean;
  /** The document version it ran (open files), else null (read from disk). */
  version: number | null;
  cases: CaseResult[];
  /** Errors no case accounts for (a syntax error, an unmarked illegal attach): each fails the file. */
  unexpectedErrors: Diagnostic[];
}

export interface RunTestsResult {
  files: FileResult[];
}

export interface TestDeps {
  documents: TextDocuments<TextDocument>;
  cache: AnalysisCache;
  support: () => ClientSupport;
  folders: () => readonly string[];
  /** How files that are not open are read (platform.ts). */
  files: ServerFiles;
  /** The project config of a file that is not open (board-scenario.json: default rules versions, severities), read if need be. */
  configOf?: (uri: string) => Promise<ProjectConfig | undefined>;
}

/** What is wrong with the params, or undefined. */
export function runTestsParamsProblem(p: unknown): string | undefined {
  const uris = (p as { uris?: unknown } | null)?.uris;
  if (!Array.isArray(uris) || !uris.every((u) => typeof u === 'string')) return 'uris (an array of document URIs) is required';
  if (uris.length > MAX_TEST_FILES) return `at most ${MAX_TEST_FILES} files per request (got ${uris.length}): send them in parts`;
  return undefined;
}

export async function runTests(params: RunTestsParams, deps: TestDeps, token: CancellationToken): Promise<RunTestsResult> {
  const files: FileResult[] = [];
  for (const uri of params.uris) {
    if (token?.isCancellationRequested) break;
    files.push(await runFile(uri, deps));
    // Let other messages through between files (a hover while a folder runs).
    await yieldNow();
  }
  return { files };
}

async function runFile(uri: string, deps: TestDeps): Promise<FileResult> {
  const document = deps.documents.get(uri);
  if (document) {
    const state = deps.cache.get(document);
    if (!state) return failed(uri, document.version, t('The file is over {0} MB: run it with `board-scenario test`.', MAX_FILE_BYTES / (1024 * 1024)));
    // With its project config's default rules version (in the analysis) and severities, as its diagnostics.
    return fromTest(uri, state.version, state.text, state.analysis, deps, state.config?.severity);
  }
  const read = await readInWorkspace(deps.files, uri, deps.folders(), MAX_FILE_BYTES);
  if ('outside' in read) return failed(uri, null, t('Only scenario files (*.board) inside a workspace folder are run.'));
  if ('missing' in read) return failed(uri, null, t('The file could not be read (it may have been deleted).'));
  if ('tooLarge' in read) return failed(uri, null, t('The file is over {0} MB: run it with `board-scenario test`.', MAX_FILE_BYTES / (1024 * 1024)));
  const config = await deps.configOf?.(uri);
  const analysis = config ? analyse(read.text, { defaultRulesVersion: config.rulesVersion }) : undefined;
  return fromTest(uri, null, read.text, analysis, deps, config?.severity);
}

function fromTest(uri: string, version: number | null, text: string, analysis: Analysis | undefined, deps: TestDeps, severity?: Record<string, ConfiguredSeverity>): FileResult {
  const t = testScenario(text, analysis, severity ? { severity } : undefined);
  const support = deps.support();
  const findings = t.result.findings;
  const indexOf = new Map(findings.map((f, i) => [f, i]));
  const diagnostic = (f: (typeof findings)[number]) => toDiagnostic(f, indexOf.get(f) ?? -1, uri, version ?? 0, support);
  return {
    uri,
    version,
    passed: t.passed,
    cases: t.cases.map((c) => ({
      kind: c.kind,
      line: c.line,
      range: c.range,
      label: c.label,
      passed: c.passed,
      expected: messageText(c.expectedText, c.expected),
      actual: messageText(c.actualText, c.actual),
      ...(c.failure ? { failure: diagnostic(c.failure) } : {}),
    })),
    unexpectedErrors: t.unexpectedErrors.map(diagnostic),
  };
}

function failed(uri: string, version: number | null, error: string): FileResult {
  return { uri, version, error, passed: false, cases: [], unexpectedErrors: [] };
}
