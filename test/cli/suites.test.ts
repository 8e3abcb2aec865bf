// The command line for suites of scenarios: expected findings in `check`, `test` with its formats
// (text, json, junit checked by a structural validator, github), `check --format github` with
// GitHub's escaping, `--max-warnings`, and the project config file (board-scenario.json).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CLEAN, ILLEGAL, REDUNDANT, ROOT, assertBuilt, assertNoCrash, makeTempDir, removeTempDir, runCli, writeFiles } from './helpers';
import { validateJUnit, parseXml } from './junit-validate';

const MARKED = REDUNDANT.replace('equip splitter to lion\nexpect', 'equip splitter to lion   #! redundant-attach 701.3b\nexpect');
const WRONG_EXPECT = CLEAN.replace('expect splitter attached to lion', 'expect splitter unattached');
const MISSING_MARKER = CLEAN.replace('equip splitter to lion', 'equip splitter to lion   #! redundant-attach');

/** Reads GitHub workflow commands back as the runner does: `::level props::data`, unescaped. */
function parseCommand(line: string): { level: string; props: Record<string, string>; message: string } {
  const m = /^::([a-z]+) ([^:]*)::(.*)$/.exec(line);
  assert.ok(m, `not a workflow command: ${line}`);
  const unData = (s: string) => s.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');
  const unProp = (s: string) => unData(s.replace(/%3A/g, ':').replace(/%2C/g, ','));
  const props: Record<string, string> = {};
  for (const kv of m[2].split(',')) {
    const eq = kv.indexOf('=');
    props[kv.slice(0, eq)] = unProp(kv.slice(eq + 1));
  }
  return { level: m[1], props, message: unData(m[3]) };
}

describe('cli: suites (expected findings, test, github, junit, config)', () => {
  let dir: string;
  before(() => {
    assertBuilt();
    dir = makeTempDir();
    writeFiles(dir, {
      'marked.board': MARKED,
      'redundant.board': REDUNDANT,
      'illegal.board': ILLEGAL,
      'clean.board': CLEAN,
      'wrong-expect.board': WRONG_EXPECT,
      'missing-marker.board': MISSING_MARKER,
    });
  });
  after(() => removeTempDir(dir));

  it('check examples: every intended finding is listed as expected, and the exit status is 0', () => {
    const r = runCli(['check', 'examples', '--no-color'], { cwd: ROOT });
    assert.equal(r.status, 0, r.stdout + r.stderr);
    const lines = r.stdout.trimEnd().split('\n');
    const findings = lines.slice(0, -1);
    assert.ok(findings.length >= 10, r.stdout);
    for (const l of findings) assert.match(l, / \(expected\)$/);
    assert.match(lines[lines.length - 1], /^\d+ files checked: 0 errors, 0 warnings, \d+ expected$/);
    assert.match(r.stdout, /^examples\/forgotten-consequences\.board:13:1: error missing-unattach \[701\.3d,400\.7\] .* \(expected\)$/m);
  });

  it('check: an expected finding is no failure; a marker that matches nothing is an error at the marker', () => {
    const ok = runCli(['check', 'marked.board', '--no-color', '--max-warnings', '0'], { cwd: dir });
    assert.equal(ok.status, 0, ok.stdout);
    assert.match(ok.stdout, /^marked\.board:6:1: warning redundant-attach \[701\.3b,701\.3c\] .* \(expected\)$/m);
    const bad = runCli(['check', 'missing-marker.board', '--no-color'], { cwd: dir });
    assert.equal(bad.status, 1);
    assert.match(bad.stdout, /^missing-marker\.board:5:26: error expected-finding-missing `#! redundant-attach` expects a `redundant-attach` finding on this line, but the check reports none here\./m);
  });

  it('check --format sarif: an expected finding is a result suppressed in the source', () => {
    const r = runCli(['check', '--format', 'sarif', 'marked.board', 'redundant.board'], { cwd: dir });
    assert.equal(r.status, 0);
    const results = JSON.parse(r.stdout).runs[0].results;
    assert.deepEqual(results.map((x: { suppressions?: { kind: string }[] }) => x.suppressions?.map((s) => s.kind)), [['inSource'], undefined]);
  });

  it('--max-warnings N: exit 1 with more warnings than N (expected ones not counted), 0 otherwise; -1 is no limit', () => {
    assert.equal(runCli(['check', 'redundant.board'], { cwd: dir }).status, 0);
    const over = runCli(['check', 'redundant.board', '--max-warnings', '0'], { cwd: dir });
    assert.equal(over.status, 1);
    assert.match(over.stderr, /^board-scenario: 1 warning, more than --max-warnings 0 allows$/m);
    assert.equal(runCli(['check', 'redundant.board', '--max-warnings', '1'], { cwd: dir }).status, 0);
    assert.equal(runCli(['check', 'redundant.board', '--max-warnings=-1'], { cwd: dir }).status, 0);
    const usage = runCli(['check', 'redundant.board', '--max-warnings', 'many'], { cwd: dir });
    assert.equal(usage.status, 2);
    assert.match(usage.stderr, /--max-warnings needs a number/);
  });

  it('check --format github: one annotation per finding, escaped as GitHub reads it back', () => {
    // A path with `,` `:` and `%` and a message with a line break: each must survive as it was.
    const name = 'odd, name: 100%.board';
    const text = ILLEGAL.replace('card ring "Sol Ring": artifact', 'card ring "Sol Ring": artifact\n# note');
    writeFiles(dir, { [name]: text });
    const r = runCli(['check', '--format', 'github', name, 'marked.board'], { cwd: dir });
    assert.equal(r.status, 1, r.stderr);
    const lines = r.stdout.trimEnd().split('\n');
    const commands = lines.filter((l) => l.startsWith('::'));
    assert.equal(commands.length, 2, r.stdout);
    const illegal = parseCommand(commands[0]);
    assert.equal(illegal.level, 'error');
    assert.deepEqual(Object.keys(illegal.props), ['file', 'line', 'col', 'endLine', 'endColumn', 'title']);
    assert.equal(illegal.props.file, name);
    assert.match(commands[0], /^::error file=odd%2C name%3A 100%25\.board,line=7,col=1,endLine=7,endColumn=\d+,title=illegal-attachment \[702\.6a%2C /);
    assert.match(illegal.props.title, /^illegal-attachment \[702\.6a, /);
    assert.match(illegal.message, /^splitter/);
    const expected = parseCommand(commands[1]);
    assert.equal(expected.level, 'notice');
    assert.match(expected.props.title, /^redundant-attach \[701\.3b, 701\.3c\] \(expected\)$/);
    assert.match(lines[lines.length - 1], /^2 files checked: 1 error, 0 warnings, 1 expected$/);
    // No raw line break or `::` can end a command early: every line is a command or the summary.
    assert.equal(lines.length, 3);
  });

  it('the github escaping of the workflow commands themselves (%, CR, LF; and : , in properties)', async () => {
    const { escapeData, escapeProperty, workflowCommand } = await import('../../cli/formats/github');
    assert.equal(escapeData('100% done\r\nnext: a, b'), '100%25 done%0D%0Anext: a, b');
    assert.equal(escapeProperty('100% done\r\nnext: a, b'), '100%25 done%0D%0Anext%3A a%2C b');
    const line = workflowCommand('warning', { file: 'a,b:c.board', line: 2, col: 3, endLine: 2, endColumn: 9 }, 'x: y, z', 'two\nlines %0A');
    assert.equal(line, '::warning file=a%2Cb%3Ac.board,line=2,col=3,endLine=2,endColumn=9,title=x%3A y%2C z::two%0Alines %250A');
    assert.deepEqual(parseCommand(line), { level: 'warning', props: { file: 'a,b:c.board', line: '2', col: '3', endLine: '2', endColumn: '9', title: 'x: y, z' }, message: 'two\nlines %0A' });
  });

  it('test: passes a scenario whose expectations hold, fails a wrong expect, a missing expected finding and an unexpected error', () => {
    const r = runCli(['test', '--no-color', 'marked.board', 'clean.board', 'wrong-expect.board', 'missing-marker.board', 'illegal.board'], { cwd: dir });
    assert.equal(r.status, 1, r.stderr);
    assertNoCrash(r.stderr);
    const out = r.stdout;
    assert.match(out, /^PASS marked\.board \(2 cases\)$/m);
    assert.match(out, /^PASS clean\.board \(1 case\)$/m);
    assert.match(out, /^FAIL wrong-expect\.board \(1 case, 1 failed\)\n {2}wrong-expect\.board:6:8: expect splitter unattached: expected splitter unattached, actual splitter is attached to lion$/m);
    assert.match(out, /^FAIL missing-marker\.board \(2 cases, 1 failed\)\n {2}missing-marker\.board:5:26: #! redundant-attach: expected redundant-attach, actual no finding on this line$/m);
    assert.match(out, /^FAIL illegal\.board \(0 cases\)\n {2}illegal\.board:6:1: error illegal-attachment /m);
    assert.match(out, /^5 scenarios: 2 passed, 3 failed \(6 cases, 2 failed\)$/m);
    assert.equal(runCli(['test', 'marked.board', 'clean.board'], { cwd: dir }).status, 0);
  });

  it('test --format json: each file with its cases (expected and actual) and unexpected errors, then a summary', () => {
    const r = runCli(['test', '--format', 'json', 'marked.board', 'wrong-expect.board'], { cwd: dir });
    assert.equal(r.status, 1);
    const doc = JSON.parse(r.stdout);
    assert.deepEqual(Object.keys(doc), ['files', 'summary']);
    assert.deepEqual(doc.files.map((f: { path: string; passed: boolean }) => [f.path, f.passed]), [['marked.board', true], ['wrong-expect.board', false]]);
    const failed = doc.files[1].cases[0];
    assert.deepEqual([failed.kind, failed.label, failed.passed, failed.expected, failed.actual, failed.failure.code], ['expect', 'expect splitter unattached', false, 'splitter unattached', 'splitter is attached to lion', 'expectation-failed']);
    assert.deepEqual(failed.range, { start: { line: 5, character: 7 }, end: { line: 5, character: 26 } });
    assert.deepEqual(doc.summary, { files: 2, passedFiles: 1, failedFiles: 1, brokenFiles: 0, cases: 3, failedCases: 1 });
  });

  it('test examples --format junit is valid JUnit XML with exact counts', () => {
    const r = runCli(['test', '--format', 'junit', 'examples'], { cwd: ROOT });
    assert.equal(r.status, 0, r.stderr);
    const junit = validateJUnit(r.stdout);
    const boards = fs.readdirSync(path.join(ROOT, 'examples')).filter((n) => n.endsWith('.board'));
    assert.equal(junit.suites.length, boards.length);
    for (const s of junit.suites) {
      assert.equal(s.failures, 0, s.name);
      assert.ok(s.cases.some((c) => c.name === 'no unexpected errors'));
      assert.ok(s.cases.length >= 2, `${s.name}: its expect lines are cases`);
    }
  });

  it('junit: failures carry expected and actual, hostile text stays well-formed, an unreadable file is an error case', () => {
    const hostile = CLEAN.replace('expect splitter attached to lion', 'expect splitter attached to "<l&i\'o\\"n]]>\u0001"');
    writeFiles(dir, { 'hostile.board': hostile, 'latin1.board': Buffer.from([0x67, 0xff, 0x0a]) });
    const r = runCli(['test', '--format', 'junit', 'wrong-expect.board', 'hostile.board', 'latin1.board', 'illegal.board'], { cwd: dir });
    assert.equal(r.status, 2, 'a file that cannot be read: status 2');
    const junit = validateJUnit(r.stdout);
    const [wrong, , latin1, illegal] = junit.suites;
    assert.deepEqual(wrong.cases.map((c) => [c.name, c.failure]), [
      ['line 6: expect splitter unattached', 'expected splitter unattached, actual splitter is attached to lion'],
      ['no unexpected errors', undefined],
    ]);
    assert.equal(latin1.errors, 1);
    assert.match(latin1.cases[0].error!, /not valid UTF-8/);
    assert.match(illegal.cases.find((c) => c.name === 'no unexpected errors')!.failure!, /^1 error no expectation accounts for$/);
    // The validator itself rejects what is not well-formed or not JUnit.
    assert.throws(() => parseXml('<a><b></a></b>'), /closes/);
    assert.throws(() => parseXml('<a x="1" x="2"/>'), /repeated/);
    assert.throws(() => parseXml('<a>&nbsp;</a>'), /unknown entity/);
    assert.throws(() => parseXml('<a>\u0001</a>'), /not allowed/);
    assert.throws(() => validateJUnit('<testsuites><testsuite name="x" tests="2" failures="0" errors="0"><testcase name="a" classname="x"/></testsuite></testsuites>'), /tests="2" but 1/);
  });

  it('test --format github: an error annotation at each failing case, with expected and actual', () => {
    const r = runCli(['test', '--format', 'github', 'wrong-expect.board', 'marked.board'], { cwd: dir });
    assert.equal(r.status, 1);
    const commands = r.stdout.split('\n').filter((l) => l.startsWith('::'));
    assert.equal(commands.length, 1, r.stdout);
    const c = parseCommand(commands[0]);
    assert.deepEqual([c.level, c.props.file, c.props.line, c.props.col, c.props.title], ['error', 'wrong-expect.board', '6', '8', 'expect splitter unattached (failed)']);
    assert.equal(c.message, 'expected splitter unattached\nactual splitter is attached to lion');
  });

  describe('board-scenario.json', () => {
    let proj: string;
    before(() => {
      proj = makeTempDir();
      const riftbound = ['game riftbound', 'player alice', 'card lux "Lux": unit, owner alice', 'card wand "Wand": gear — Equipment, owner alice', 'attach wand to lux', 'attach wand to lux', 'expect wand attached to lux', ''].join('\n');
      writeFiles(proj, {
        'board-scenario.json': JSON.stringify({ severity: { 'redundant-attach': 'off', 'illegal-attachment': 'warning' }, rulesVersion: { riftbound: 'v1.2' }, exclude: ['archive/**', '*.wip.board'] }),
        'suite/redundant.board': REDUNDANT,
        'suite/illegal.board': ILLEGAL,
        'suite/rift.board': riftbound.replace('attach wand to lux\nexpect', 'attach wand to lux   #! redundant-attach\nexpect'),
        'suite/draft.wip.board': 'not a scenario at all\n',
        'archive/old.board': 'garbage\n',
        'bad/board-scenario.json': '{ "severity": { "redundant-atach": "loud" }, "exclude": "x", "rulesVersion": { "mtg": "2001-01-01", "chess": "1" }, "colour": 1 }',
        'bad/a.board': REDUNDANT,
        'broken/board-scenario.json': '{ not json',
        'broken/a.board': CLEAN,
      });
      // A config above the project must not be read once a nearer one is found.
    });
    after(() => removeTempDir(proj));

    it('applies severities (off drops, warning does not fail), skips excluded paths in folders, and the default rules version', () => {
      const r = runCli(['check', '--no-color', '.'], { cwd: proj, env: {} });
      // bad/ and broken/ configs are invalid: status 2, reported once each.
      assert.equal(r.status, 2, r.stdout + r.stderr);
      const only = runCli(['check', '--no-color', '--format', 'json', 'suite'], { cwd: proj });
      assert.equal(only.status, 0, only.stdout + only.stderr);
      const doc = JSON.parse(only.stdout);
      assert.deepEqual(doc.files.map((f: { path: string }) => f.path), ['suite/illegal.board', 'suite/redundant.board', 'suite/rift.board']);
      const [illegal, redundant, rift] = doc.files;
      assert.deepEqual(illegal.diagnostics.map((d: { code: string; severity: string }) => [d.code, d.severity]), [['illegal-attachment', 'warning']]);
      assert.deepEqual(redundant.diagnostics, [], 'redundant-attach is off');
      // Riftbound v1.2 numbers Attach 421 (434 from v1.3 on); the expected finding is dropped by `off` too.
      assert.deepEqual(rift.diagnostics, []);
      const rules = runCli(['check', '--no-color', '--format', 'json', '--no-config', 'suite/rift.board'], { cwd: proj });
      assert.match(rules.stdout, /"434\.1\.g"/);
      // A file named explicitly is checked even when the config excludes it.
      const named = runCli(['check', '--no-color', 'archive/old.board'], { cwd: proj });
      assert.equal(named.status, 1);
    });

    it('the default rules version is the one a scenario without a rules line is cited in', () => {
      fs.writeFileSync(path.join(proj, 'board-scenario.json'), JSON.stringify({ rulesVersion: { riftbound: 'v1.2' } }));
      const r = runCli(['check', '--no-color', '--format', 'json', 'suite/rift.board'], { cwd: proj });
      const d = JSON.parse(r.stdout).files[0].diagnostics[0];
      assert.equal(d.code, 'redundant-attach');
      assert.ok(d.rules.every((x: string) => x.startsWith('421')), JSON.stringify(d.rules));
      fs.writeFileSync(path.join(proj, 'board-scenario.json'), JSON.stringify({ severity: { 'redundant-attach': 'off', 'illegal-attachment': 'warning' }, rulesVersion: { riftbound: 'v1.2' }, exclude: ['archive/**', '*.wip.board'] }));
    });

    it('a bad config is a precise message per key, never a crash, and exits 2; its valid parts apply', () => {
      const r = runCli(['check', '--no-color', 'bad', 'broken'], { cwd: proj });
      assert.equal(r.status, 2);
      assertNoCrash(r.stderr);
      const err = r.stderr.trimEnd().split('\n');
      const bad = path.join(proj, 'bad', 'board-scenario.json');
      assert.ok(err.some((l) => l.startsWith(`board-scenario: ${bad} (severity.redundant-atach): 'redundant-atach' is not a finding code. Did you mean 'redundant-attach'?`)), r.stderr);
      assert.ok(err.some((l) => l.startsWith(`board-scenario: ${bad} (exclude): 'exclude' must be a list of globs`)), r.stderr);
      assert.ok(err.some((l) => l.startsWith(`board-scenario: ${bad} (rulesVersion.mtg): '2001-01-01' is not a mtg rules version`)), r.stderr);
      assert.ok(err.some((l) => l.startsWith(`board-scenario: ${bad} (rulesVersion.chess): 'chess' is not a game`)), r.stderr);
      assert.ok(err.some((l) => l.startsWith(`board-scenario: ${bad} (colour): 'colour' is not a key of the config.`)), r.stderr);
      assert.ok(err.some((l) => l.startsWith(`board-scenario: ${path.join(proj, 'broken', 'board-scenario.json')}: The config is not valid JSON`)), r.stderr);
      assert.equal(err.length, 6, 'each problem once');
      // The files were still checked.
      assert.match(r.stdout, /^bad\/a\.board:6:1: warning redundant-attach/m);
      assert.equal(runCli(['check', '--no-config', 'bad', 'broken'], { cwd: proj }).status, 0);
    });
  });
});
