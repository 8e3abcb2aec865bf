// Running out of memory, whatever allocation fails (issue: V8's fatal "Reached heap limit" abort
// in its compiler, which no worker thread turns into an error): the checks run in a child process,
// so the file is reported with a worded message and exit status 2, the next files are still
// checked, and no checker process outlives the command (closed stdout, SIGINT).
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { CLI, ILLEGAL, REDUNDANT, assertBuilt, assertNoCrash, checkersIn, makeTempDir, removeTempDir, runCli, writeFiles } from './helpers';

/** 400,000 named creature declarations: with 32 MB the checker dies in V8's own allocations. */
const HUGE = 'game mtg\nplayer alice\n' + Array.from({ length: 400_000 }, (_, i) => `card c${i} "Lion ${i}": creature — Cat, owner alice\n`).join('');
const MESSAGE = 'board-scenario: cannot check huge.board: it needs more than the 32 MB of memory the checker has (BOARD_SCENARIO_MEMORY_MB sets it); split it into smaller scenarios\n';
/** The other file: one error, whose fix is not safe (so --fix leaves the file as it is). */
const NEXT_FINDING = /^illegal\.board:6:1: error illegal-attachment /m;

describe('cli: out of memory in the checker', function () {
  this.timeout(120_000);
  let dir: string;
  before(() => {
    assertBuilt();
    dir = makeTempDir();
    const many = REDUNDANT + 'equip splitter to lion\n'.repeat(9);
    const files: Record<string, string> = { 'huge.board': HUGE, 'illegal.board': ILLEGAL };
    for (let i = 0; i < 300; i++) files[`big/f${String(i).padStart(3, '0')}.board`] = many;
    writeFiles(dir, files);
  });
  after(() => removeTempDir(dir));

  for (const [when, args] of [
    ['alone', ['huge.board']],
    ['after another file', ['illegal.board', 'huge.board']],
    ['followed by another file, which is still checked', ['huge.board', 'illegal.board']],
  ] as const) {
    it(`the 400,000 declarations file, ${when}: a worded message, status 2, no abort`, () => {
      for (const extra of [[], ['--fix'], ['--format', 'json']]) {
        const r = runCli(['check', ...extra, ...args], { cwd: dir, env: { BOARD_SCENARIO_MEMORY_MB: '32' } });
        const what = [...extra, ...args].join(' ');
        assertNoCrash(r.stderr);
        assert.equal(r.signal, null, what);
        assert.equal(r.status, 2, what);
        assert.doesNotMatch(r.stderr + r.stdout, /FATAL|heap out of memory|Native stack/, what);
        assert.equal(r.stderr, MESSAGE, what);
        if (args.length === 1) continue;
        if (extra[0] === '--format') assert.deepEqual(JSON.parse(r.stdout).files.map((f: { path: string }) => f.path), ['illegal.board'], what);
        else {
          assert.match(r.stdout, NEXT_FINDING, what);
          assert.match(r.stdout, /^1 file checked: 1 error, 0 warnings$/m, what);
        }
      }
      assert.deepEqual(checkersIn(dir), [], 'a checker process is left');
    });
  }

  it('test and render: the same message, status 2', () => {
    const t = runCli(['test', 'huge.board', 'illegal.board'], { cwd: dir, env: { BOARD_SCENARIO_MEMORY_MB: '32' } });
    assertNoCrash(t.stderr);
    assert.equal(t.status, 2);
    assert.ok(t.stderr.startsWith(MESSAGE), t.stderr);
    assert.match(t.stdout, /illegal\.board/);
    const r = runCli(['render', 'huge.board'], { cwd: dir, env: { BOARD_SCENARIO_MEMORY_MB: '32' } });
    assert.equal(r.status, 2);
    assert.equal(r.stderr, MESSAGE.replace('cannot check', 'cannot draw'));
  });

  it('no checker process outlives the command when its stdout is closed early (`| head -1`)', function () {
    if (process.platform !== 'linux') this.skip();
    // Its small files go to a checker only when one is asked for (else the command checks them itself).
    const r = spawnSync('sh', ['-c', `"${process.execPath}" "${CLI}" check big | head -1`], { cwd: dir, encoding: 'utf8', env: { ...process.env, BOARD_SCENARIO_CHECKERS: '1' } });
    assert.equal(r.status, 0);
    assert.equal(r.stderr, '');
    assert.deepEqual(checkersIn(dir), []);
  });

  it('nor on SIGINT: the command ends by the signal, and its checker with it', async function () {
    if (process.platform !== 'linux') this.skip();
    // stdout is never read: the command waits on it, its checker waiting with files posted ahead.
    const child = spawn(process.execPath, [CLI, 'check', 'big'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, BOARD_SCENARIO_CHECKERS: '1' } });
    child.stdout!.pause();
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (s: string) => (stderr += s));
    const closed = new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.on('close', (c, s) => resolve([c, s])));
    let checkers: number[] = [];
    for (let i = 0; i < 200 && checkers.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      checkers = checkersIn(dir);
    }
    assert.equal(checkers.length, 1, 'the checker process runs');
    child.kill('SIGINT');
    child.stdout!.resume();
    const [code, signal] = await closed;
    assert.equal(signal, 'SIGINT', `exit code ${code}`);
    assertNoCrash(stderr);
    // The checker ends as its channel to the command closes: on a loaded machine the kernel may list it
    // a few milliseconds after the command's own exit. It must be gone within two seconds.
    let left = checkersIn(dir);
    for (let i = 0; i < 40 && left.length > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      left = checkersIn(dir);
    }
    assert.deepEqual(left, []);
  });
});
