// Big inputs (issue 13): a file with far more findings than are listed is written piece by piece,
// stays valid in every format, and counts every finding in the summary and the exit status; a file
// over the size limit, or one whose check needs more memory than the checker has, is refused with
// a message and exit status 2 (never V8's out-of-memory abort or a stack trace).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { spawn } from 'node:child_process';
import { CLI, REDUNDANT, TEXT_LINE, assertBuilt, assertNoCrash, makeTempDir, removeTempDir, runCli, writeFiles } from './helpers';
import { validateSarif } from './sarif-validate';

/** The documented limits (README "Big files"; cli/limits.ts). */
const MAX_FILE_BYTES = 64 * 1024 * 1024;
const DEFAULT_MAX_FINDINGS = 10_000;

const N = 30_000;
/** REDUNDANT has one redundant equip (line 6); each further one is another warning with a safe fix. */
const MANY_WARNINGS = REDUNDANT + 'equip splitter to lion\n'.repeat(N - 1);
/** One error per line: an unknown name. */
const MANY_ERRORS = 'game mtg\nplayer alice\n' + Array.from({ length: N }, (_, i) => `destroy ghost${i}\n`).join('');

describe('cli: big inputs', function () {
  this.timeout(60_000);
  let dir: string;
  before(() => {
    assertBuilt();
    dir = makeTempDir();
    writeFiles(dir, { 'warnings.board': MANY_WARNINGS, 'errors.board': MANY_ERRORS });
  });
  after(() => removeTempDir(dir));

  it('text: lists the first 10,000 findings of a file, says how many more there are, and counts them all', () => {
    const r = runCli(['check', 'warnings.board', 'errors.board'], { cwd: dir });
    assertNoCrash(r.stderr);
    assert.equal(r.stderr, '');
    assert.equal(r.status, 1, 'errors.board has errors');
    const lines = r.stdout.trimEnd().split('\n');
    assert.equal(lines.filter((l) => TEXT_LINE.test(l)).length, 2 * DEFAULT_MAX_FINDINGS);
    assert.ok(lines.includes(`warnings.board: ${N - DEFAULT_MAX_FINDINGS} more findings not shown (${N - DEFAULT_MAX_FINDINGS} warnings): only the first ${DEFAULT_MAX_FINDINGS} of a file are listed (--max-findings N lists up to N)`), lines.find((l) => !TEXT_LINE.test(l)));
    assert.ok(lines.includes(`errors.board: ${N - DEFAULT_MAX_FINDINGS} more findings not shown (${N - DEFAULT_MAX_FINDINGS} errors): only the first ${DEFAULT_MAX_FINDINGS} of a file are listed (--max-findings N lists up to N)`));
    assert.equal(lines.at(-1), `2 files checked: ${N} errors, ${N} warnings`);
    // The listed ones are the first, in order: line 6, then 8, 9, ... (line 7 is the expect line).
    assert.match(lines[0], /^warnings\.board:6:1: warning redundant-attach /);
    assert.match(lines[DEFAULT_MAX_FINDINGS - 1], new RegExp(`^warnings\\.board:${7 + DEFAULT_MAX_FINDINGS - 1}:1: `));
  });

  it('json: valid, the first findings of each file, an "omitted" count after them; warnings alone exit 0', () => {
    const r = runCli(['check', '--format', 'json', 'warnings.board'], { cwd: dir });
    assertNoCrash(r.stderr);
    assert.equal(r.status, 0);
    const doc = JSON.parse(r.stdout);
    assert.equal(doc.files.length, 1);
    const file = doc.files[0];
    assert.deepEqual(Object.keys(file), ['path', 'diagnostics', 'omitted']);
    assert.equal(file.diagnostics.length, DEFAULT_MAX_FINDINGS);
    assert.deepEqual(file.omitted, { findings: N - DEFAULT_MAX_FINDINGS, error: 0, warning: N - DEFAULT_MAX_FINDINGS, information: 0, hint: 0 });
    assert.deepEqual(
      file.diagnostics.map((d: { range: { start: { line: number } } }) => d.range.start.line),
      [5, ...Array.from({ length: DEFAULT_MAX_FINDINGS - 1 }, (_, i) => 7 + i)],
    );
  });

  it('json: --max-findings lists more (all 30,000 here) and leaves out no "omitted"; 0 lists none', () => {
    const all = JSON.parse(runCli(['check', '--format', 'json', '--max-findings', '100000', 'errors.board'], { cwd: dir }).stdout);
    assert.equal(all.files[0].diagnostics.length, N);
    assert.deepEqual(Object.keys(all.files[0]), ['path', 'diagnostics']);
    const none = runCli(['check', '--format', 'json', '--max-findings=0', 'errors.board'], { cwd: dir });
    assert.equal(none.status, 1, 'the errors still count');
    assert.deepEqual(JSON.parse(none.stdout).files[0], { path: 'errors.board', diagnostics: [], omitted: { findings: N, error: N, warning: 0, information: 0, hint: 0 } });
  });

  it('sarif: valid, 10,000 results per file, and a tool notification for what was left out', () => {
    const r = runCli(['check', '--format', 'sarif', 'warnings.board', 'errors.board'], { cwd: dir });
    assertNoCrash(r.stderr);
    assert.equal(r.status, 1);
    const log = JSON.parse(r.stdout);
    assert.deepEqual(validateSarif(log), []);
    assert.equal(log.runs[0].results.length, 2 * DEFAULT_MAX_FINDINGS);
    const notes = log.runs[0].invocations[0].toolExecutionNotifications.map((n: { message: { text: string } }) => n.message.text);
    assert.deepEqual(notes.map((t: string) => t.split(':')[0]), ['warnings.board', 'errors.board']);
    assert.match(notes[1], new RegExp(`^errors\\.board: ${N - DEFAULT_MAX_FINDINGS} more findings not shown \\(${N - DEFAULT_MAX_FINDINGS} errors\\)`));
    // Pretty-printed as before: two spaces per level.
    assert.match(r.stdout, /^ {8}\{\n {10}"ruleId": "redundant-attach",$/m);
  });

  it('writes the output while it checks: the first file\'s findings arrive before the second file is checked', async () => {
    // The second file is a pipe the test writes only after it has read the first file's output.
    if (process.platform === 'win32') return;
    const fifo = path.join(dir, 'later.board');
    const { spawnSync } = await import('node:child_process');
    assert.equal(spawnSync('mkfifo', [fifo]).status, 0);
    let child: ReturnType<typeof spawn> | undefined;
    try {
      child = spawn(process.execPath, [CLI, 'check', '--format', 'json', 'warnings.board', 'later.board'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      const c = child;
      c.stderr!.setEncoding('utf8').on('data', (s: string) => (stderr += s));
      c.stdout!.setEncoding('utf8');
      const closed = new Promise<number | null>((resolve) => c.on('close', (code) => resolve(code)));
      await new Promise<void>((resolve) => {
        const onData = (s: string) => {
          stdout += s;
          if (stdout.includes('"omitted"')) {
            c.stdout!.off('data', onData);
            resolve();
          }
        };
        c.stdout!.on('data', onData);
      });
      // Only now does the second file get its content (opening the pipe for writing unblocks the reader).
      fs.writeFileSync(fifo, REDUNDANT);
      c.stdout!.on('data', (s: string) => (stdout += s));
      const code = await closed;
      assertNoCrash(stderr);
      assert.equal(code, 0, stderr);
      const doc = JSON.parse(stdout);
      assert.deepEqual(doc.files.map((f: { path: string }) => f.path), ['warnings.board', 'later.board']);
      assert.equal(doc.files[1].diagnostics.length, 1);
    } finally {
      // On a failure (the first file's output never came), the checker still waits on the pipe.
      if (child && child.exitCode === null && child.signalCode === null) child.kill();
      fs.rmSync(fifo, { force: true });
    }
  });

  it('--fix applies the safe fixes of the listed findings, says so, and reports what remains', () => {
    writeFiles(dir, { 'fix.board': MANY_WARNINGS });
    const r = runCli(['check', '--fix', 'fix.board'], { cwd: dir });
    assertNoCrash(r.stderr);
    assert.equal(r.status, 0);
    assert.equal(r.stderr, `board-scenario: fix.board: had more than ${DEFAULT_MAX_FINDINGS} findings, so only the safe fixes of the first ${DEFAULT_MAX_FINDINGS} were applied; run --fix again for the others\n`);
    assert.equal(r.stdout.trimEnd().split('\n').at(-1), `1 file checked: 0 errors, ${N - DEFAULT_MAX_FINDINGS} warnings (1 file fixed)`);
    assert.equal(fs.readFileSync(path.join(dir, 'fix.board'), 'utf8').split('\n').length, MANY_WARNINGS.split('\n').length - DEFAULT_MAX_FINDINGS);
  });

  it('rejects a --max-findings that is not a number from 0 to 100000', () => {
    for (const bad of ['-1', 'ten', '100001', '1e3']) {
      const r = runCli(['check', '--max-findings', bad, 'errors.board'], { cwd: dir });
      assert.equal(r.status, 2, bad);
      assert.match(r.stderr, /--max-findings needs a number from 0 to 100000/);
      assertNoCrash(r.stderr);
    }
  });

  it('refuses a file over 64 MiB at once with a message and exit status 2, and checks the others', () => {
    const huge = path.join(dir, 'huge.board');
    // A sparse file: nothing is written, yet it is MAX_FILE_BYTES + 1 bytes long.
    fs.writeFileSync(huge, '');
    fs.truncateSync(huge, MAX_FILE_BYTES + 1);
    try {
      for (const args of [['check', 'huge.board', 'warnings.board'], ['render', 'huge.board']]) {
        const r = runCli(args, { cwd: dir });
        assertNoCrash(r.stderr);
        assert.equal(r.status, 2);
        assert.equal(r.stderr, `board-scenario: cannot check huge.board: it is ${MAX_FILE_BYTES + 1} bytes, and scenario files are read up to ${MAX_FILE_BYTES} bytes (64 MiB); split it into smaller scenarios\n`);
        if (args[0] === 'check') assert.match(r.stdout, /^1 file checked: 0 errors, 30000 warnings$/m);
      }
    } finally {
      fs.rmSync(huge, { force: true });
    }
  });

  it('a check that needs more memory than it has is a message and exit status 2, not an abort; the next file is checked', () => {
    // 100,000 card declarations need a few hundred MB; the checker is given 32 MB here.
    const cards = 'game mtg\nplayer alice\n' + Array.from({ length: 100_000 }, (_, i) => `card c${i} "C": creature, owner alice\n`).join('');
    writeFiles(dir, { 'cards.board': cards });
    // First, and after another file (a checker process that has checked a file already).
    for (const args of [['cards.board', 'errors.board'], ['errors.board', 'cards.board']]) {
      const r = runCli(['check', ...args], { cwd: dir, env: { BOARD_SCENARIO_MEMORY_MB: '32' } });
      assertNoCrash(r.stderr);
      assert.equal(r.signal, null, args.join(' '));
      assert.equal(r.status, 2, args.join(' '));
      assert.doesNotMatch(r.stderr, /FATAL|heap out of memory/);
      assert.equal(r.stderr, 'board-scenario: cannot check cards.board: it needs more than the 32 MB of memory the checker has (BOARD_SCENARIO_MEMORY_MB sets it); split it into smaller scenarios\n');
      assert.match(r.stdout, new RegExp(`^1 file checked: ${N} errors, 0 warnings$`, 'm'));
    }
  });
});
