// board-scenario: the command-line checker. Parses the arguments and dispatches; the work is in
// files.ts (collecting), scenario.ts (reading, checking, fixing) and formats/ (output).
import { parseArgs, type Command } from './args';
import { explainCode, explainRuleNumber } from './explain';
import { collectFiles } from './files';
import { formatSarif } from './formats/sarif';
import { toJson } from './formats/json';
import { ANSI, PLAIN, emptyCounts, formatFinding, formatSummary, type Counts } from './formats/text';
import { err, installPipeHandlers, out } from './output';
import { checkFile, type FileResult } from './scenario';
import { renderFile, writePicture } from './render';
import { TOOL_NAME, VERSION } from './version';

export const EXIT_OK = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_USAGE = 2;

const HELP = `${TOOL_NAME} ${VERSION}: checks the attach rules of trading card game scenario files (*.board).

Usage:
  ${TOOL_NAME} check [--format text|json|sarif] [--no-color] [--fix] PATH...
  ${TOOL_NAME} explain CODE
  ${TOOL_NAME} rules RULE [--game mtg|riftbound] [--rules-version VERSION]
  ${TOOL_NAME} render FILE [--at LINE] [--out PATH] [--theme light|dark|vscode]
  ${TOOL_NAME} --help | --version

Commands:
  check     Check files and folders. Folders are searched recursively for *.board files
            (skipping node_modules and folders whose name starts with '.'); a file named
            explicitly is checked whatever its extension.
  explain   Print the documentation of a finding code, e.g. 'explain redundant-attach'.
  rules     Print our explanation of a rule number, e.g. 'rules 701.3b' (default game mtg).
            With --rules-version, RULE is read in that version's numbering.
  render    Draw the board as SVG after the statement on (or last before) LINE (1-based;
            default: the end of the file): players, zones, each card with its timestamp,
            attachments under their hosts; the subjects of the findings on LINE are
            outlined. --out PATH writes a file; without it, or with '--out -', stdout.
            --theme vscode uses VS Code's theme variables (for webviews).

Options for check:
  --format text   One line per finding, path:line:col: severity code [rules] message,
                  then a summary (default).
  --format json   {"files":[{"path","diagnostics":[...]}]}, 0-based lines, UTF-16 columns.
  --format sarif  SARIF 2.1.0, e.g. for GitHub code scanning.
  --no-color      No colors in text output (also when NO_COLOR is set or stdout is not a terminal).
  --fix           Apply every safe fix, write the changed files back, report what remains.

Exit status:
  0  no errors (warnings are fine); for render, the picture was written
  1  at least one finding is an error (check only)
  2  usage error (also an unknown code or rule), or a path could not be read or checked
`;

async function usage(message: string): Promise<number> {
  await err(`${TOOL_NAME}: ${message}\nRun '${TOOL_NAME} --help' for usage.`);
  return EXIT_USAGE;
}

function useColor(noColor: boolean): boolean {
  return !noColor && process.stdout.isTTY === true && !process.env.NO_COLOR;
}

function count(n: Counts, r: FileResult): void {
  n.files++;
  if (r.fixed) n.fixedFiles++;
  for (const f of r.findings) if (f.severity in n) n[f.severity]++;
}

async function runCheck(cmd: Extract<Command, { kind: 'check' }>): Promise<number> {
  const { files, problems } = collectFiles(cmd.paths);
  let ioError = problems.some((p) => p.io);
  for (const p of problems) await err(`${TOOL_NAME}: ${p.message}`);

  const colors = cmd.format === 'text' && useColor(cmd.noColor) ? ANSI : PLAIN;
  const counts = emptyCounts();
  const results: FileResult[] = [];
  for (const file of files) {
    let outcome;
    try {
      outcome = checkFile(file, { fix: cmd.fix });
    } catch (e) {
      outcome = { problem: `internal error while checking ${file}: ${(e as Error)?.message ?? String(e)}` };
    }
    if (outcome.problem) {
      ioError = true;
      await err(`${TOOL_NAME}: ${outcome.problem}`);
    }
    const r = outcome.result;
    if (r) count(counts, r);
    // Kept current so that a reader closing the pipe early still gets the status found so far.
    process.exitCode = ioError ? EXIT_USAGE : counts.error > 0 ? EXIT_FINDINGS : EXIT_OK;
    if (!r) continue;
    if (cmd.format === 'text') {
      // Streamed file by file, so a big folder shows results as it goes.
      const lines = r.findings.map((f) => formatFinding(r.path, f, colors) + '\n').join('');
      await out(lines);
    } else results.push(r);
  }

  if (cmd.format === 'text') await out(formatSummary(counts, colors) + '\n');
  else if (cmd.format === 'json') await out(toJson(results));
  else await out(formatSarif(results));

  if (ioError || counts.files === 0) return EXIT_USAGE;
  return counts.error > 0 ? EXIT_FINDINGS : EXIT_OK;
}

async function run(argv: string[]): Promise<number> {
  const cmd = parseArgs(argv);
  switch (cmd.kind) {
    case 'usage':
      return usage(cmd.message);
    case 'help':
      await out(HELP);
      return EXIT_OK;
    case 'version':
      await out(`${VERSION}\n`);
      return EXIT_OK;
    case 'explain':
    case 'rules': {
      const answer = cmd.kind === 'explain' ? explainCode(cmd.code) : explainRuleNumber(cmd.rule, cmd.game, cmd.rulesVersion);
      if (!answer.ok) {
        await err(`${TOOL_NAME}: ${answer.error}`);
        return EXIT_USAGE;
      }
      await out(answer.text);
      return EXIT_OK;
    }
    case 'check':
      return runCheck(cmd);
    case 'render': {
      const r = renderFile(cmd.file, { at: cmd.at, theme: cmd.theme });
      if (r.problem || r.svg === undefined) {
        await err(`${TOOL_NAME}: ${r.problem ?? 'nothing to draw'}`);
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

void main();
