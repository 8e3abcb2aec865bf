// A check may share its files among several checker processes (by default one per 500 files, up
// to 4 and one fewer than the cores; BOARD_SCENARIO_CHECKERS sets how many): the output, the messages on stderr
// and the exit status are those of one checker, byte for byte, in every format; a file that runs
// one checker out of memory is still that file's message, and no checker outlives the command.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { FILES_PER_CHECKER, MAX_DEFAULT_CHECKERS, checkerPoolSize, checkersFor } from '../../cli/worker';
import { CLEAN, CLI, ILLEGAL, MISSING_UNATTACH, REDUNDANT, assertBuilt, assertNoCrash, checkersIn, makeTempDir, removeTempDir, runCli, writeFiles } from './helpers';
import * as fs from 'node:fs';
import * as path from 'node:path';

/** Enough declarations that a 32 MB checker dies on them. */
const HUGE = 'game mtg\nplayer alice\n' + Array.from({ length: 400_000 }, (_, i) => `card c${i} "Lion ${i}": creature — Cat, owner alice\n`).join('');

describe('cli: several checker processes', function () {
  this.timeout(180_000);
  let dir: string;
  before(() => {
    assertBuilt();
    dir = makeTempDir();
    const files: Record<string, string> = {};
    const kinds = [CLEAN, REDUNDANT, ILLEGAL, MISSING_UNATTACH, CLEAN + 'bounce nobody\n'];
    for (let i = 0; i < 240; i++) files[`many/f${String(i).padStart(3, '0')}.board`] = kinds[i % kinds.length];
    writeFiles(dir, files);
    // A file that is not UTF-8 (a problem on stderr) and a config that sets a severity, in the middle.
    fs.writeFileSync(path.join(dir, 'many', 'f100-latin1.board'), Buffer.from([0x67, 0x61, 0x6d, 0x65, 0x20, 0xe9, 0x0a]));
    writeFiles(dir, { 'many/sub/board-scenario.json': JSON.stringify({ severity: { 'redundant-attach': 'error' } }), 'many/sub/a.board': REDUNDANT, 'many/sub/b.board': ILLEGAL });
    // Enough files for two checkers by default (on a machine with three cores or more).
    const big: Record<string, string> = {};
    for (let i = 0; i < 2 * FILES_PER_CHECKER + 20; i++) big[`big/f${String(i).padStart(3, '0')}.board`] = kinds[i % kinds.length];
    writeFiles(dir, big);
    writeFiles(dir, { 'oom/huge.board': HUGE });
    for (let i = 0; i < 70; i++) writeFiles(dir, { [`oom/f${String(i).padStart(2, '0')}.board`]: i % 2 ? ILLEGAL : CLEAN });
  });
  after(() => removeTempDir(dir));

  for (const format of ['text', 'json', 'sarif', 'github']) {
    it(`--format ${format}: the same output, messages and status with 1, 2 or 3 checkers`, () => {
      const one = runCli(['check', '--format', format, 'many'], { cwd: dir, env: { BOARD_SCENARIO_CHECKERS: '1' } });
      assertNoCrash(one.stderr);
      assert.equal(one.status, 2, one.stderr);
      assert.match(one.stderr, /f100-latin1\.board is not valid UTF-8/);
      if (format === 'text') assert.match(one.stdout, /^242 files checked: /m);
      for (const n of ['2', '3']) {
        const r = runCli(['check', '--format', format, 'many'], { cwd: dir, env: { BOARD_SCENARIO_CHECKERS: n } });
        assert.equal(r.status, one.status, `${n} checkers`);
        assert.equal(r.stderr, one.stderr, `${n} checkers`);
        assert.equal(r.stdout, one.stdout, `${n} checkers`);
      }
    });
  }

  it(`by default: one checker per ${FILES_PER_CHECKER} files, up to ${MAX_DEFAULT_CHECKERS} and one fewer than the cores; one with --fix or --cards; the variable decides when set`, () => {
    const check = { fix: false, cards: [] };
    assert.equal(checkersFor(check, 1, {}, 8), 1);
    assert.equal(checkersFor(check, FILES_PER_CHECKER * 2 - 1, {}, 8), 1);
    assert.equal(checkersFor(check, FILES_PER_CHECKER * 2, {}, 8), 2);
    // The command's own process needs a core: two cores, one checker.
    assert.equal(checkersFor(check, 5000, {}, 3), 2);
    assert.equal(checkersFor(check, 5000, {}, 2), 1);
    assert.equal(checkersFor(check, 5000, {}, 1), 1);
    assert.equal(checkersFor(check, 100_000, {}, 64), MAX_DEFAULT_CHECKERS);
    assert.equal(checkersFor({ fix: true, cards: [] }, 5000, {}, 8), 1);
    assert.equal(checkersFor({ fix: false, cards: ['cards.json'] }, 5000, {}, 8), 1);
    assert.equal(checkersFor(check, 5000, { BOARD_SCENARIO_CHECKERS: '1' }, 8), 1);
    assert.equal(checkersFor(check, 10, { BOARD_SCENARIO_CHECKERS: '3' }, 1), 3);
    assert.equal(checkersFor(check, 10, { BOARD_SCENARIO_CHECKERS: '99' }, 1), 8);
    // Not a count: the default.
    assert.equal(checkersFor(check, 5000, { BOARD_SCENARIO_CHECKERS: 'many' }, 3), 2);
    assert.equal(checkersFor({ fix: true, cards: [] }, 5000, { BOARD_SCENARIO_CHECKERS: '4' }, 8), 1);
  });

  for (const format of ['json', 'text']) {
    it(`--format ${format}: a run of ${2 * FILES_PER_CHECKER + 20} files with the default checkers is the run with one, byte for byte`, () => {
      const one = runCli(['check', '--format', format, 'big'], { cwd: dir, env: { BOARD_SCENARIO_CHECKERS: '1' } });
      assertNoCrash(one.stderr);
      assert.equal(one.status, 1, one.stderr);
      if (format === 'text') assert.match(one.stdout, new RegExp(`^${2 * FILES_PER_CHECKER + 20} files checked: `, 'm'));
      const byDefault = runCli(['check', '--format', format, 'big'], { cwd: dir, env: { BOARD_SCENARIO_CHECKERS: undefined } });
      assert.equal(byDefault.status, one.status);
      assert.equal(byDefault.stderr, one.stderr);
      assert.equal(byDefault.stdout, one.stdout);
    });
  }

  it(`by default, a run of ${2 * FILES_PER_CHECKER + 20} files starts two checkers (on a machine with three cores or more)`, async function () {
    if (process.platform !== 'linux' || availableParallelism() < 3) this.skip();
    // stdout is not read for a while: the command waits on it, its checkers with files posted ahead.
    const child = spawn(process.execPath, [CLI, 'check', '--format', 'json', 'big'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, BOARD_SCENARIO_CHECKERS: undefined } });
    child.stdout!.pause();
    const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));
    let most = 0;
    for (let i = 0; i < 200 && most < 2; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      most = Math.max(most, checkersIn(dir).length);
    }
    child.stdout!.resume();
    await closed;
    assert.equal(most, 2);
  });

  it("a checker's V8 thread pool leaves a core to the check: one thread fewer than the cores, from 1 to node's default 4", () => {
    assert.deepEqual([1, 2, 3, 4, 5, 8, 64].map((cores) => checkerPoolSize(cores)), [1, 1, 2, 3, 4, 4, 4]);
  });

  it('the checker runs with its heap, young generation and thread pool options', async function () {
    if (process.platform !== 'linux') this.skip();
    const child = spawn(process.execPath, [CLI, 'check', '--format', 'json', 'big'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, BOARD_SCENARIO_CHECKERS: '1', BOARD_SCENARIO_MEMORY_MB: '300' } });
    child.stdout!.pause();
    const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));
    let args: string[] | undefined;
    for (let i = 0; i < 200 && !args; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const [pid] = checkersIn(dir);
      try {
        if (pid !== undefined) args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      } catch {
        // gone meanwhile
      }
    }
    child.stdout!.resume();
    await closed;
    assert.ok(args, 'no checker seen');
    for (const a of ['--max-old-space-size=300', '--min-semi-space-size=16', `--v8-pool-size=${checkerPoolSize()}`, '--board-scenario-checker-process']) assert.ok(args.includes(a), `${a} in ${args.join(' ')}`);
  });

  it('out of memory in one of them: that file is reported, the others are checked', () => {
    for (const n of ['1', '2']) {
      const r = runCli(['check', '--format', 'json', 'oom'], { cwd: dir, env: { BOARD_SCENARIO_CHECKERS: n, BOARD_SCENARIO_MEMORY_MB: '32' } });
      assertNoCrash(r.stderr);
      assert.equal(r.status, 2, `${n} checkers`);
      assert.equal(r.stderr, `board-scenario: cannot check ${path.join('oom', 'huge.board')}: it needs more than the 32 MB of memory the checker has (BOARD_SCENARIO_MEMORY_MB sets it); split it into smaller scenarios\n`, `${n} checkers`);
      const paths = (JSON.parse(r.stdout) as { files: { path: string }[] }).files.map((f) => f.path);
      assert.equal(paths.length, 70, `${n} checkers`);
      assert.deepEqual(paths, [...paths].sort(), `${n} checkers`);
    }
  });

  it('no checker outlives the command when its stdout is closed early (`| head -1`)', function () {
    if (process.platform !== 'linux') this.skip();
    const r = spawnSync('sh', ['-c', `"${process.execPath}" "${CLI}" check oom | head -1`], { cwd: dir, encoding: 'utf8', env: { ...process.env, BOARD_SCENARIO_CHECKERS: '3' } });
    assert.equal(r.status, 0);
    assert.equal(r.stderr, '');
    assert.match(r.stdout, /^oom\/f01\.board:6:1: error illegal-attachment /);
    const running = () =>
      fs
        .readdirSync('/proc')
        .filter((p) => /^\d+$/.test(p))
        .filter((p) => {
          try {
            if (!fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').includes('--board-scenario-checker-process') || fs.realpathSync(`/proc/${p}/cwd`) !== fs.realpathSync(dir)) return false;
            // One being ended is not left running: a zombie, or one with SIGKILL pending (as in oom.test.ts).
            const status = fs.readFileSync(`/proc/${p}/status`, 'utf8');
            if (/^State:\s+[ZX]/m.test(status)) return false;
            return ![...status.matchAll(/^(?:SigPnd|ShdPnd):\s+([0-9a-f]+)$/gm)].some((m) => (BigInt('0x' + m[1]) & 0x100n) !== 0n);
          } catch {
            return false;
          }
        });
    // A checker being killed may take a moment to go on a loaded machine: up to 2 s.
    let left = running();
    for (let i = 0; i < 20 && left.length > 0; i++) {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
      left = running();
    }
    assert.deepEqual(left, []);
  });
});
