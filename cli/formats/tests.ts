// The output formats of `board-scenario test`: each scenario a test suite, each `expect` line and
// expectation marker a test case, and one case "no unexpected errors" per scenario. Like the check
// formats (report.ts), written piece by piece as the scenarios are run, the summary last.
//   text   PASS/FAIL per file, the failing cases as `path:line:col: label: expected ..., actual ...`
//   json   {"files":[{"path","passed","cases":[...],"unexpectedErrors":[...]}],"summary":{...}}
//   junit  JUnit XML: <testsuites><testsuite name=PATH tests failures errors><testcase>...<failure>
//   github workflow commands: an ::error annotation at each failing case, then the summary line
import { renderMessage, type Finding, type TestCase } from '../../core';
import { singular, t, translate } from '../../l10n/language';
import { ChunkedOutput } from '../output';
import { diagnostic } from './json';
import { escapeData, escapeProperty, findingAnnotation, workflowCommand } from './github';
import { formatFinding, type Colors, PLAIN } from './text';
import type { TestFileResult } from '../scenario';

export interface TestCounts {
  files: number;
  passedFiles: number;
  failedFiles: number;
  /** Files that could not be read or run. */
  brokenFiles: number;
  cases: number;
  failedCases: number;
}

export function emptyTestCounts(): TestCounts {
  return { files: 0, passedFiles: 0, failedFiles: 0, brokenFiles: 0, cases: 0, failedCases: 0 };
}

export interface TestReporter {
  begin(): Promise<void>;
  /** A scenario that ran. */
  file(r: TestFileResult): Promise<void>;
  /** A scenario that could not be read or run (the problem is on stderr too). */
  broken(path: string, problem: string): Promise<void>;
  end(counts: TestCounts): Promise<void>;
}

/** JUnit's texts stay English (read by CI tools), but for the messages of findings and cases. */
/** The case every scenario has: no error that no expectation accounts for. */
export const NO_UNEXPECTED = 'no unexpected errors';

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** `1 case`, `3 cases`, in the CLI's language. */
function cases(n: number): string {
  return singular(n) ? t('{0} case', n) : t('{0} cases', n);
}

export function formatTestSummary(n: TestCounts): string {
  const scenarios = singular(n.files) ? t('{0} scenario: {1} passed, {2} failed', n.files, n.passedFiles, n.failedFiles) : t('{0} scenarios: {1} passed, {2} failed', n.files, n.passedFiles, n.failedFiles);
  const notRun = n.brokenFiles > 0 ? t(', {0} not run', n.brokenFiles) : '';
  return `${scenarios}${notRun} (${t('{0}, {1} failed', cases(n.cases), n.failedCases)})`;
}

/** What a case expected and what the replay reached, in the CLI's language. */
function expectedOf(c: TestCase): string {
  return c.expectedText ? renderMessage(c.expectedText, translate) : c.expected;
}
function actualOf(c: TestCase): string {
  return c.actualText ? renderMessage(c.actualText, translate) : c.actual;
}

const oneLine = (s: string) => s.replace(/\s*[\r\n]+\s*/g, ' ').trim();

function caseLine(path: string, c: TestCase): string {
  return `${path}:${c.range.start.line + 1}:${c.range.start.character + 1}: ${oneLine(c.label)}: ${t('expected {0}, actual {1}', oneLine(expectedOf(c)), oneLine(actualOf(c)))}`;
}

const CUT = 'the check had more findings than --max-findings, so not every case could be judged; raise --max-findings';

export function textTestReporter(colors: Colors = PLAIN, o: ChunkedOutput = new ChunkedOutput()): TestReporter {
  return {
    begin: async () => {},
    async file(r) {
      const failed = r.cases.filter((c) => !c.passed);
      const head = r.passed ? colors.severity('information', 'PASS') : colors.severity('error', 'FAIL');
      await o.add(`${head} ${r.path} (${failed.length ? t('{0}, {1} failed', cases(r.cases.length), failed.length) : cases(r.cases.length)})\n`);
      for (const c of failed) await o.add(`  ${caseLine(r.path, c)}\n`);
      for (const f of r.unexpectedErrors) await o.add(`  ${formatFinding(r.path, f, colors)}\n`);
      if (r.cut) await o.add(`  ${r.path}: ${t('the check had more findings than --max-findings, so not every case could be judged; raise --max-findings')}\n`);
      await o.flush();
    },
    async broken(path, problem) {
      await o.add(`${colors.severity('error', 'FAIL')} ${path} (${t('not run: {0}', oneLine(problem))})\n`);
      await o.flush();
    },
    async end(counts) {
      await o.add(colors.bold(formatTestSummary(counts)) + '\n');
      await o.flush();
    },
  };
}

function jsonCase(c: TestCase) {
  return {
    kind: c.kind,
    range: { start: { ...c.range.start }, end: { ...c.range.end } },
    label: c.label,
    passed: c.passed,
    expected: c.expected,
    actual: c.actual,
    ...(c.failure ? { failure: diagnostic(c.failure) } : {}),
  };
}

export function jsonTestReporter(o: ChunkedOutput = new ChunkedOutput()): TestReporter {
  let files = 0;
  const sep = () => (files++ === 0 ? '' : ',');
  return {
    begin: () => o.add('{"files":['),
    async file(r) {
      await o.add(`${sep()}{"path":${JSON.stringify(r.path)},"passed":${r.passed},"cases":[`);
      for (let i = 0; i < r.cases.length; i++) await o.add((i === 0 ? '' : ',') + JSON.stringify(jsonCase(r.cases[i])));
      await o.add('],"unexpectedErrors":[');
      for (let i = 0; i < r.unexpectedErrors.length; i++) await o.add((i === 0 ? '' : ',') + JSON.stringify(diagnostic(r.unexpectedErrors[i])));
      await o.add(`]${r.cut ? ',"cut":true' : ''}}`);
      await o.flush();
    },
    async broken(path, problem) {
      await o.add(`${sep()}{"path":${JSON.stringify(path)},"passed":false,"cases":[],"unexpectedErrors":[],"problem":${JSON.stringify(problem)}}`);
      await o.flush();
    },
    async end(counts) {
      await o.add(`],"summary":${JSON.stringify(counts)}}\n`);
      await o.flush();
    },
  };
}

// ---- JUnit XML --------------------------------------------------------------------------------

/**
 * Text for an XML attribute or element: the five special characters escaped, and what XML 1.0
 * cannot hold at all (control characters but tab, LF and CR; lone surrogates; U+FFFE/U+FFFF)
 * replaced by U+FFFD. In attributes, tab, LF and CR are written as character references so that
 * attribute-value normalisation keeps them.
 */
export function xmlEscape(s: string, attribute = false): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 38) out += '&amp;';
    else if (c === 60) out += '&lt;';
    else if (c === 62) out += '&gt;';
    else if (c === 34) out += attribute ? '&quot;' : '"';
    else if (c === 39) out += attribute ? '&apos;' : "'";
    else if (c === 9 || c === 10 || c === 13) out += attribute ? `&#${c};` : s[i];
    else if (c < 32 || c === 0xfffe || c === 0xffff) out += '\uFFFD';
    else if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        out += s[i] + s[i + 1];
        i++;
      } else out += '\uFFFD';
    } else if (c >= 0xdc00 && c <= 0xdfff) out += '\uFFFD';
    else out += s[i];
  }
  return out;
}

const attr = (name: string, value: string | number) => ` ${name}="${xmlEscape(String(value), true)}"`;

function junitCase(path: string, c: { name: string; line?: number; failure?: { message: string; type: string; body: string } }): string {
  const head = `    <testcase${attr('name', c.name)}${attr('classname', path)}${attr('file', path)}${c.line !== undefined ? attr('line', c.line) : ''}${attr('time', 0)}`;
  if (!c.failure) return `${head}/>\n`;
  return `${head}>\n      <failure${attr('message', c.failure.message)}${attr('type', c.failure.type)}>${xmlEscape(c.failure.body)}</failure>\n    </testcase>\n`;
}

function unexpectedBody(path: string, fs: Finding[]): string {
  return fs.map((f) => formatFinding(path, f)).join('\n');
}

/**
 * JUnit XML as CI servers read it (GitHub test reporters, GitLab, Jenkins): a <testsuites> root,
 * one <testsuite> per scenario with its counts, a <testcase> per case with a <failure> when it
 * fails. The root's counts would need every file first, so they are left out (they are optional);
 * each suite's are exact.
 */
export function junitReporter(o: ChunkedOutput = new ChunkedOutput()): TestReporter {
  return {
    begin: () => o.add('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="board-scenario">\n'),
    async file(r) {
      const cases: { name: string; line?: number; failure?: { message: string; type: string; body: string } }[] = r.cases.map((c) => ({
        name: `line ${c.range.start.line + 1}: ${c.label}`,
        line: c.range.start.line + 1,
        failure: c.passed ? undefined : { message: `expected ${c.expected}, actual ${c.actual}`, type: c.failure?.code ?? c.kind, body: `${caseLine(r.path, c)}${c.failure ? `\n${formatFinding(r.path, c.failure)}` : ''}` },
      }));
      const clean = r.unexpectedErrors.length === 0 && !r.cut;
      cases.push({
        name: NO_UNEXPECTED,
        failure: clean
          ? undefined
          : { message: r.cut ? CUT : `${plural(r.unexpectedErrors.length, 'error', 'errors')} no expectation accounts for`, type: 'unexpected-error', body: r.cut ? CUT : unexpectedBody(r.path, r.unexpectedErrors) },
      });
      const failures = cases.filter((c) => c.failure).length;
      await o.add(`  <testsuite${attr('name', r.path)}${attr('tests', cases.length)}${attr('failures', failures)}${attr('errors', 0)}${attr('skipped', 0)}${attr('time', 0)}${attr('file', r.path)}>\n`);
      for (const c of cases) await o.add(junitCase(r.path, c));
      await o.add('  </testsuite>\n');
      await o.flush();
    },
    async broken(path, problem) {
      await o.add(`  <testsuite${attr('name', path)}${attr('tests', 1)}${attr('failures', 0)}${attr('errors', 1)}${attr('skipped', 0)}${attr('time', 0)}${attr('file', path)}>\n`);
      await o.add(`    <testcase${attr('name', 'run')}${attr('classname', path)}${attr('file', path)}${attr('time', 0)}>\n      <error${attr('message', problem)}${attr('type', 'not-run')}>${xmlEscape(problem)}</error>\n    </testcase>\n  </testsuite>\n`);
      await o.flush();
    },
    async end() {
      await o.add('</testsuites>\n');
      await o.flush();
    },
  };
}

// ---- GitHub Actions -----------------------------------------------------------------------------

export function githubTestReporter(o: ChunkedOutput = new ChunkedOutput()): TestReporter {
  return {
    begin: async () => {},
    async file(r) {
      for (const c of r.cases) {
        if (c.passed) continue;
        const place = { file: r.path, line: c.range.start.line + 1, col: c.range.start.character + 1, endLine: c.range.end.line + 1, endColumn: c.range.end.character + 1 };
        await o.add(workflowCommand('error', place, `${c.label} ${t('(failed)')}`, `${t('expected {0}', expectedOf(c))}\n${t('actual {0}', actualOf(c))}`) + '\n');
      }
      for (const f of r.unexpectedErrors) await o.add(findingAnnotation(r.path, f) + '\n');
      await o.flush();
    },
    async broken(path, problem) {
      await o.add(`::error file=${escapeProperty(path.replace(/\\/g, '/'))},title=not run::${escapeData(problem)}\n`);
      await o.flush();
    },
    async end(counts) {
      await o.add(formatTestSummary(counts) + '\n');
      await o.flush();
    },
  };
}
