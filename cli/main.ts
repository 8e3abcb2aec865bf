// board-scenario: the command-line checker. Parses the arguments and dispatches; the work is in
// files.ts (collecting), scenario.ts (reading, checking, fixing) and formats/ (output).
import { parseArgs, type Command } from './args';
import { explainCode, explainRuleNumber, readRulesFile } from './explain';
import { collectFiles } from './files';
import { sarifReporter } from './formats/sarif';
import { jsonReporter } from './formats/json';
import { githubReporter } from './formats/github';
import { emptyTestCounts, githubTestReporter, jsonTestReporter, junitReporter, textTestReporter, type TestReporter } from './formats/tests';
import { ConfigFinder, excludedBy, settingsOf } from './config';
import { ANSI, PLAIN, emptyCounts, textReporter, type Counts } from './formats/text';
import type { Reporter } from './formats/report';
import { ChunkedOutput, err, installPipeHandlers, out } from './output';
import { DEFAULT_MAX_FINDINGS, MAX_FILE_BYTES, MAX_MAX_FINDINGS } from './limits';
import type { FileOutcome, FileResult, TestOutcome } from './scenario';
import { writePicture } from './render';
import { CHECKERS_ENV, Checker, FILES_PER_CHECKER, MAX_DEFAULT_CHECKERS, MEMORY_ENV, checkersFor, checksHere, startCheckerIfChild, type Reply } from './worker';
import { TOOL_NAME, VERSION } from './version';
import { realPathOf, shownPath } from './includes';
import { chooseLanguage } from './language';
import { LANGUAGE_NAMES, currentLanguage, setLanguage, t, useBundles } from '../l10n/language';
import { bundlePath, packageBundles } from '../l10n/files';

export const EXIT_OK = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_USAGE = 2;

/** The help, in the CLI's language; `{n}` are the tool's name, version and limits. */
function help(): string {
  return t(
    `{0} {1}: checks the attach rules of trading card game scenario files (*.board).

Usage:
  {0} check [--format text|json|sarif|github] [--no-color] [--fix] [--max-findings N]
                     [--max-warnings N] [--no-config] [--include-root DIR] [--cards FILE]... PATH...
  {0} test [--format text|json|junit|github] [--no-color] [--max-findings N] [--no-config]
                    [--include-root DIR] [--cards FILE]... PATH...
  {0} explain CODE
  {0} rules RULE [--game mtg|riftbound] [--rules-version VERSION] [--rules-file FILE]
  {0} render FILE [--at LINE] [--out PATH] [--theme light|dark|vscode] [--cards FILE]...
  {0} --help | --version

Commands:
  check     Check files and folders. Folders are searched recursively for *.board files
            (skipping node_modules and folders whose name starts with '.'); a file named
            explicitly is checked whatever its extension. Files over {2} MiB are
            not read, and a file whose check needs more memory than node gives
            a process ({3} sets it, in MB) is reported (both exit status 2).
            A check without --fix or --cards shares its files among checker
            processes: one per {7} files, up to {8} and one fewer than the cores
            ({4}=N sets N, up to 8); the output is the same. A run with one
            checker checks the files of up to 1 MiB, with what they include,
            in its own process.
            A finding the scenario marks as expected (a trailing '#! CODE' comment on its
            line) is listed with '(expected)' and is never a failure. The nearest
            board-scenario.json above each file (docs/config.md) sets severities per code,
            the default rules version per game, and paths to exclude from folders.
  test      Run every scenario as a test: each 'expect' line and each '#! CODE' / '#! no CODE'
            expectation is a case; a scenario fails when a case fails or an error finding
            is not expected.
  explain   Print the documentation of a finding code, e.g. 'explain redundant-attach'.
  rules     Print our explanation of a rule number, e.g. 'rules 701.3b' (default game mtg).
            With --rules-version, RULE is read in that version's numbering.
            With --rules-file FILE (your copy of the official rules), a number that
            file lacks, when it is of that version, is said not to exist.
  render    Draw the board as SVG after the statement on (or last before) LINE (counted from 1;
            default: the end of the file): players, zones, each card with its timestamp,
            attachments under their hosts; the subjects of the findings on LINE are
            outlined. --out PATH writes a file; without it, or with '--out -', stdout.
            --theme vscode uses VS Code's theme variables (for webviews).

Options for check:
  --format text   One line per finding, path:line:col: severity code [rules] message,
                  then a summary (default).
  --format json   {"files":[{"path","diagnostics":[...]}]}, lines counted from 0, UTF-16 columns.
  --format sarif  SARIF 2.1.0, e.g. for GitHub code scanning (expected findings are suppressed).
  --format github GitHub Actions annotations (::error file=...,line=...::message).
  --no-color      No colors in text output (also when NO_COLOR is set or stdout is not a terminal).
  --fix           Apply every safe fix, write the changed files back, report what remains.
  --max-findings N
                  List at most the first N findings of a file (default {5}, at most
                  {6}); the others are counted, in the summary and the exit status, and
                  said to be left out. --fix applies the safe fixes of the listed ones.
  --include-root DIR
                  The folder that \`include "PATH"\` lines may read from (default: the folder of
                  the nearest board-scenario.json above the checked file, else the current
                  directory). Paths are relative to the including file; a path out of the
                  root (.., absolute, a symlink) is a finding. Included files are checked and
                  reported under their own path, once.
  --cards FILE    Your card data (repeatable): Scryfall bulk data ("Oracle Cards",
                  "Default Cards"), MTGJSON AtomicCards.json, or a Riftbound card list
                  (docs/cards.md); the game comes from the file's format. Cards declared by
                  name take their type line and abilities from it. Also for render.
  --max-warnings N
                  Exit 1 when there are more than N warnings that are not expected (as ESLint;
                  -1: no limit, the default).
  --no-config     Do not read board-scenario.json files.

Options for test (and --max-findings, --no-config, --include-root, --cards as for check):
  --format text   PASS or FAIL per scenario, the failing cases with expected and actual (default).
  --format json   {"files":[{"path","passed","cases":[...],"unexpectedErrors":[...]}],"summary":{...}}.
  --format junit  JUnit XML: a testsuite per scenario, a testcase per case.
  --format github GitHub Actions annotations at the failing cases.

Every command:
  --lang en|fr|it The language of what is printed (default: from LC_ALL, LC_MESSAGES or LANG,
                  else English). JSON and SARIF keep their English messages and add
                  localizedMessage.

Exit status:
  0  no errors (warnings are fine, up to --max-warnings); for test, every scenario passed;
     for render, the picture was written
  1  at least one finding is an error that is not expected, or more warnings than
     --max-warnings (check); a scenario failed (test)
  2  usage error (also an unknown code or rule), a path could not be read or checked, or a
     board-scenario.json is invalid
`,
    TOOL_NAME, VERSION, MAX_FILE_BYTES / 1024 / 1024, MEMORY_ENV, CHECKERS_ENV, DEFAULT_MAX_FINDINGS, MAX_MAX_FINDINGS, FILES_PER_CHECKER, MAX_DEFAULT_CHECKERS,
  );
}

async function usage(message: string): Promise<number> {
  await err(`${TOOL_NAME}: ${message}\n${t("Run '{0} --help' for usage.", TOOL_NAME)}`);
  return EXIT_USAGE;
}

function useColor(noColor: boolean): boolean {
  return !noColor && process.stdout.isTTY === true && !process.env.NO_COLOR;
}

/** Files posted to the checker before the first of them is answered (without --fix, up to twice as many: one batch more). */
const CHECK_AHEAD = 32;

function count(n: Counts, r: FileResult): void {
  n.files++;
  if (r.fixed) n.fixedFiles++;
  for (const f of r.findings) {
    if (f.expected) n.expected++;
    else if (f.severity in n) n[f.severity]++;
  }
  if (r.omitted) for (const s of ['error', 'warning', 'information', 'hint'] as const) n[s] += r.omitted[s];
}

function reporterFor(cmd: Extract<Command, { kind: 'check' }>, o: ChunkedOutput): Reporter {
  if (cmd.format === 'json') return jsonReporter(o);
  if (cmd.format === 'sarif') return sarifReporter(cmd.maxFindings, undefined, o);
  if (cmd.format === 'github') return githubReporter(cmd.maxFindings, o);
  return textReporter(useColor(cmd.noColor) ? ANSI : PLAIN, cmd.maxFindings, o);
}

/**
 * The project configs of the files (board-scenario.json, nearest above each): the files found in
 * folders that a config excludes are dropped; each config's problems are reported once.
 */
/** Writes the config problems found since the last call (each once, on stderr); true when there were any. */
async function writeConfigProblems(config: { problems: string[] }): Promise<boolean> {
  const found = config.problems.splice(0);
  for (const p of found) await err(`${TOOL_NAME}: ${p}`);
  return found.length > 0;
}

function configsFor(cmd: { config: boolean }, collected: { files: string[]; found?: Set<string> }) {
  const configs = new ConfigFinder(cmd.config);
  const problems: string[] = [];
  const settings = (file: string) => {
    const c = configs.forFile(file);
    problems.push(...configs.newProblems(c));
    return settingsOf(c);
  };
  const files = collected.files.filter((f) => {
    const c = configs.forFile(f);
    problems.push(...configs.newProblems(c));
    return !(collected.found?.has(f) && excludedBy(c, f));
  });
  return { files, settings, problems };
}

async function runCheck(cmd: Extract<Command, { kind: 'check' }>): Promise<number> {
  const collected = collectFiles(cmd.paths);
  const { problems } = collected;
  let ioError = problems.some((p) => p.io);
  for (const p of problems) await err(`${TOOL_NAME}: ${p.message}`);
  const config = configsFor(cmd, collected);
  const files = config.files;
  // One checker for the run: its small files are checked here, and a child is started for the
  // others at the first of them. Else the checkers start now (node and the bundle load in them
  // while the output begins).
  const checkerCount = checkersFor(cmd, files.length);
  const here = checksHere(checkerCount);
  const checkers = Array.from({ length: checkerCount }, () => new Checker(here));
  if (!here) for (const c of checkers) c.start();
  let configError = await writeConfigProblems(config);
  const failed = () => counts.error > 0 || (cmd.maxWarnings !== undefined && counts.warning > cmd.maxWarnings);

  // The reporters' output is written in large chunks: when the next file's answer is not in yet
  // (so a slow checker still shows results as it goes), and before anything goes to stderr (so
  // the two streams keep their order).
  const output = new ChunkedOutput();
  output.batched = true;
  const reporter = reporterFor(cmd, output);
  const counts = emptyCounts();
  await reporter.begin();
  // Without --fix, a run may share its files among a few checkers (batch by batch, the answers
  // still taken in file order); a file with card data goes to the first, which alone reads the
  // card files.
  const checker = checkers[0];
  let nextChecker = 0;
  // Files reached by includes are checked too, under their own path, once (seen: by real path,
  // made at the first include): they are appended to `files` as their includers' outcomes come back.
  let seen: Set<string> | undefined;
  const job = (file: string, fix: boolean) => ({ kind: 'check' as const, file, fix, maxFindings: cmd.maxFindings, includeRoot: cmd.includeRoot, cards: cmd.cards, settings: config.settings(file) });
  // A few files are posted ahead, so the checker checks the next ones while this process writes.
  const ahead: Reply<FileOutcome>[] = [];
  let posted = 0;
  const postAhead = () => {
    if (cmd.fix) {
      while (posted < files.length && ahead.length < CHECK_AHEAD) ahead.push(checker.reply(job(files[posted++], true)));
      return;
    }
    // Without --fix, a batch of files in one message (and their answers a few to a message).
    while (ahead.length < CHECK_AHEAD * checkers.length && posted < files.length) {
      const batch = files.slice(posted, posted + CHECK_AHEAD).map((file) => job(file, false));
      posted += batch.length;
      const to = batch.some((j) => j.settings.cardFiles) ? checker : checkers[nextChecker];
      nextChecker = (nextChecker + 1) % checkers.length;
      ahead.push(...to.runMany(batch));
    }
  };
  const problem = async (message: string) => {
    await output.flush();
    await err(`${TOOL_NAME}: ${message}`);
  };
  for (let i = 0; i < files.length; i++) {
    postAhead();
    const next = ahead.shift()!;
    if (!next.done) await output.flush();
    // Never throws: every failure, running out of memory included, is a worded problem.
    const outcome = await next.answer;
    if (config.problems.length) {
      await output.flush();
      if (await writeConfigProblems(config)) configError = true;
    }
    for (const p of outcome.cardProblems ?? []) {
      ioError = true;
      await problem(p);
    }
    const included = outcome.result?.included;
    if (included?.length) seen ??= new Set(files.map(realPathOf));
    for (const inc of included ?? []) {
      if (seen!.has(inc)) continue;
      seen!.add(inc);
      files.push(shownPath(inc));
    }
    if (outcome.problem) {
      ioError = true;
      await problem(outcome.problem);
    }
    const r = outcome.result;
    if (r) count(counts, r);
    // Kept current so that a reader closing the pipe early still gets the status found so far.
    process.exitCode = ioError || configError ? EXIT_USAGE : failed() ? EXIT_FINDINGS : EXIT_OK;
    if (!r) continue;
    if (r.fixedPartly) await output.flush();
    if (r.fixedPartly) await err(`${TOOL_NAME}: ${t('{0}: had more than {1} findings, so only the safe fixes of the first {1} were applied; run --fix again for the others', r.path, cmd.maxFindings)}`);
    // Written file by file (each finding a piece of its own), and then dropped.
    await reporter.file(r);
  }
  await Promise.all(checkers.map((c) => c.close()));
  await reporter.end(counts);

  if (ioError || configError || counts.files === 0) return EXIT_USAGE;
  if (cmd.maxWarnings !== undefined && counts.warning > cmd.maxWarnings && counts.error === 0) {
    const warnings = counts.warning === 1 ? t('1 warning, more than --max-warnings {0} allows', cmd.maxWarnings) : t('{0} warnings, more than --max-warnings {1} allows', counts.warning, cmd.maxWarnings);
    await err(`${TOOL_NAME}: ${warnings}`);
  }
  return failed() ? EXIT_FINDINGS : EXIT_OK;
}

function testReporterFor(cmd: Extract<Command, { kind: 'test' }>): TestReporter {
  if (cmd.format === 'json') return jsonTestReporter();
  if (cmd.format === 'junit') return junitReporter();
  if (cmd.format === 'github') return githubTestReporter();
  return textTestReporter(useColor(cmd.noColor) ? ANSI : PLAIN);
}

async function runTest(cmd: Extract<Command, { kind: 'test' }>): Promise<number> {
  const collected = collectFiles(cmd.paths);
  let ioError = collected.problems.some((p) => p.io);
  for (const p of collected.problems) await err(`${TOOL_NAME}: ${p.message}`);
  const config = configsFor(cmd, collected);
  let configError = await writeConfigProblems(config);
  const reporter = testReporterFor(cmd);
  const counts = emptyTestCounts();
  await reporter.begin();
  const checker = new Checker(checksHere(1));
  for (const file of config.files) {
    const outcome: TestOutcome = await checker.run({ kind: 'test', file, maxFindings: cmd.maxFindings, includeRoot: cmd.includeRoot, cards: cmd.cards, settings: config.settings(file) });
    if (await writeConfigProblems(config)) configError = true;
    for (const p of outcome.cardProblems ?? []) {
      ioError = true;
      await err(`${TOOL_NAME}: ${p}`);
    }
    counts.files++;
    if (outcome.problem || !outcome.result) {
      ioError = true;
      counts.brokenFiles++;
      const problem = outcome.problem ?? `cannot run ${file}`;
      await err(`${TOOL_NAME}: ${problem}`);
      await reporter.broken(file, problem);
    } else {
      const r = outcome.result;
      counts.cases += r.cases.length;
      counts.failedCases += r.cases.filter((c) => !c.passed).length;
      if (r.passed) counts.passedFiles++;
      else counts.failedFiles++;
      await reporter.file(r);
    }
    process.exitCode = ioError || configError ? EXIT_USAGE : counts.failedFiles > 0 ? EXIT_FINDINGS : EXIT_OK;
  }
  await checker.close();
  await reporter.end(counts);
  if (ioError || configError || counts.files === 0) return EXIT_USAGE;
  return counts.failedFiles > 0 ? EXIT_FINDINGS : EXIT_OK;
}

async function run(args: string[]): Promise<number> {
  const { language, argv, problem } = chooseLanguage(args, process.env);
  // English needs no bundle (setLanguage is true for it).
  if (!setLanguage(language) && language !== 'en') await err(`${TOOL_NAME}: the ${LANGUAGE_NAMES[language]} translations could not be read from ${bundlePath(__dirname, language)}: writing in English`);
  if (problem) return usage(problem);
  const cmd = parseArgs(argv);
  switch (cmd.kind) {
    case 'usage':
      return usage(cmd.message);
    case 'help':
      await out(help());
      return EXIT_OK;
    case 'version':
      await out(`${VERSION}\n`);
      return EXIT_OK;
    case 'explain':
    case 'rules': {
      const file = cmd.kind === 'rules' && cmd.rulesFile !== undefined ? readRulesFile(cmd.rulesFile) : undefined;
      if (file && !file.ok) {
        await err(`${TOOL_NAME}: ${file.error}`);
        return EXIT_USAGE;
      }
      const answer = cmd.kind === 'explain' ? explainCode(cmd.code) : explainRuleNumber(cmd.rule, cmd.game, cmd.rulesVersion, file?.doc);
      if (!answer.ok) {
        await err(`${TOOL_NAME}: ${answer.error}`);
        return EXIT_USAGE;
      }
      await out(answer.text);
      return EXIT_OK;
    }
    case 'check':
      return runCheck(cmd);
    case 'test':
      return runTest(cmd);
    case 'render': {
      const checker = new Checker(checksHere(1));
      const r = await checker.run({ kind: 'render', file: cmd.file, at: cmd.at, theme: cmd.theme, cards: cmd.cards, language: currentLanguage() });
      await checker.close();
      for (const p of r.cardProblems ?? []) await err(`${TOOL_NAME}: ${p}`);
      if (r.problem || r.svg === undefined) {
        await err(`${TOOL_NAME}: ${r.problem ?? t('nothing to draw')}`);
        return EXIT_USAGE;
      }
      if (cmd.out === undefined) {
        await out(r.svg);
        return EXIT_OK;
      }
      const problem = writePicture(cmd.out, r.svg);
      if (problem) {
        await err(`${TOOL_NAME}: ${problem}`);
        return EXIT_USAGE;
      }
      return EXIT_OK;
    }
  }
}

async function main(): Promise<void> {
  installPipeHandlers();
  try {
    process.exitCode = await run(process.argv.slice(2));
  } catch (e) {
    // Never a stack trace for the user: one line, exit 2.
    process.exitCode = EXIT_USAGE;
    await err(`${TOOL_NAME}: internal error: ${(e as Error)?.message ?? String(e)}`);
  }
}

// The translations are read from the package's l10n/ folder (this bundle is dist/cli.js), when a
// language other than English is asked for.
useBundles(packageBundles(__dirname));
if (!startCheckerIfChild()) void main();
