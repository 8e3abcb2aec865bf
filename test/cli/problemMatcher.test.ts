// The `$board-scenario` problem matcher (package.json, contributes.problemMatchers) against the real
// CLI's text output: every finding line of `check --no-color` over the examples and the fixtures
// (every code and severity the project has) is matched, and what the matcher reads from it (file,
// line, column, severity, code, message with the rules first) is what `--format json` says of the
// same finding. The regexp is applied the way VS Code applies it: one line at a time, JavaScript
// RegExp, groups by number.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { assertBuilt, ROOT, runCli } from './helpers';

interface Pattern {
  regexp: string;
  file: number;
  line: number;
  column: number;
  severity: number;
  code: number;
  message: number;
}

interface JsonFinding {
  range: { start: { line: number; character: number } };
  severity: string;
  code: string;
  rules: string[];
  message: string;
  /** Marked expected by the scenario (`#! CODE`): the text line ends with ` (expected)`. */
  expected?: boolean;
}

const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));

/** VS Code's severities from a matched word (problemMatcher.ts: error, warning, info; hint reads as info). */
const VSCODE_SEVERITY: Record<string, string> = { error: 'error', warning: 'warning', info: 'info', hint: 'info' };
const EXPECTED_SEVERITY: Record<string, string> = { error: 'error', warning: 'warning', information: 'info', hint: 'info' };

describe('cli: the $board-scenario problem matcher', function () {
  this.timeout(60_000);
  before(assertBuilt);

  const matcher = manifest.contributes.problemMatchers.find((m: { name: string }) => m.name === 'board-scenario');

  it('is contributed with an owner of its own (not the language server\'s diagnostics collection)', () => {
    assert.ok(matcher, 'a problem matcher named board-scenario');
    assert.equal(matcher.owner, 'board-scenario-cli');
    assert.equal(matcher.source, 'board-scenario');
    assert.deepEqual(matcher.fileLocation, ['autoDetect', '${workspaceFolder}']);
  });

  for (const folder of ['examples', 'test/fixtures']) {
    it(`matches every finding line of \`check --no-color ${folder}\`, as --format json reports it`, () => {
      const pattern: Pattern = matcher.pattern;
      const re = new RegExp(pattern.regexp);
      const text = runCli(['check', '--no-color', folder], { cwd: ROOT });
      const json = runCli(['check', '--format', 'json', folder], { cwd: ROOT });
      const files: { path: string; diagnostics: JsonFinding[] }[] = JSON.parse(json.stdout).files;
      const expected = files.flatMap((f) => f.diagnostics.map((d) => ({ path: f.path, d })));
      assert.ok(expected.length > 5, `${folder} has findings to match`);
      const lines = text.stdout.trimEnd().split('\n');
      const summary = lines.pop()!;
      assert.match(summary, /^\d+ files? checked: /);
      assert.doesNotMatch(summary, re, 'the summary is not a problem');
      const severities = new Set<string>();
      assert.equal(lines.length, expected.length, 'one text line per finding');
      lines.forEach((line, i) => {
        const m = re.exec(line);
        assert.ok(m, `line ${i + 1} does not match: ${line}`);
        const { path: file, d } = expected[i];
        assert.equal(m[pattern.file], file);
        assert.equal(Number(m[pattern.line]), d.range.start.line + 1);
        assert.equal(Number(m[pattern.column]), d.range.start.character + 1);
        assert.equal(VSCODE_SEVERITY[m[pattern.severity]], EXPECTED_SEVERITY[d.severity], line);
        assert.equal(m[pattern.code], d.code);
        const rules = d.rules.length > 0 ? `[${d.rules.join(',')}] ` : '';
        assert.equal(m[pattern.message], rules + d.message.replace(/\s*[\r\n]+\s*/g, ' ').trim() + (d.expected ? ' (expected)' : ''));
        severities.add(d.severity);
      });
      if (folder === 'test/fixtures') for (const s of ['error', 'warning', 'information']) assert.ok(severities.has(s), `the fixtures have ${s} findings`);
    });
  }

  it('reads a Windows path and a path with colons and spaces', () => {
    const re = new RegExp(matcher.pattern.regexp);
    const m = re.exec('C:\\suite\\a b.board:3:7: information redundant-attach [701.3b] x: y.');
    assert.ok(m);
    assert.deepEqual([m[1], m[2], m[3], m[4], m[5], m[6]], ['C:\\suite\\a b.board', '3', '7', 'info', 'redundant-attach', '[701.3b] x: y.']);
  });
});
