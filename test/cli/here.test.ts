// A run with one checker, and `render`, take the small files in the command's own process
// (cli/worker.ts, LOCAL_MAX_BYTES, with what their includes read) and start a checker process only
// for the others: the output, the messages, the exit status, the pictures and the files --fix writes
// are those of a run that takes every file to a checker (BOARD_SCENARIO_CHECKERS=1), byte for byte,
// on the repository's examples and fixtures; a big file, and one whose includes read more than the
// limit with it, still go to a checker.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { LOCAL_MAX_BYTES } from '../../cli/worker';
import { CLEAN, CLI, ILLEGAL, MISSING_UNATTACH, REDUNDANT, ROOT, assertBuilt, assertNoCrash, checkersIn, makeTempDir, removeTempDir, runCli, writeFiles } from './helpers';

const IN_A_CHECKER = { BOARD_SCENARIO_CHECKERS: '1' };
const HERE = { BOARD_SCENARIO_CHECKERS: undefined };

/**
 * The most checker processes seen while `check --format json ARGS` runs in `dir` with its stdout
 * not read for a while: the command waits on it once the pipe is full (the JSON of a few hundred
 * files with findings is more than a pipe holds), so a checker started for the first files is
 * still there to be seen.
 */
async function checkersSeenDuring(dir: string, args: string[]): Promise<number> {
  const child = spawn(process.execPath, [CLI, 'check', '--format', 'json', ...args], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, BOARD_SCENARIO_CHECKERS: undefined } });
  child.stdout!.pause();
  const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));
  let ended = false;
  void closed.then(() => (ended = true));
  let most = 0;
  // Long enough for a checker to start (it is started at the first file that needs one), then stdout is read.
  for (let i = 0; i < 30 && !ended; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    most = Math.max(most, checkersIn(dir).length);
  }
  child.stdout!.resume();
  await closed;
  return most;
}

describe('cli: small files checked in the command, others in a checker', function () {
  this.timeout(240_000);
  let dir: string;
  before(() => {
    assertBuilt();
    dir = makeTempDir();
  });
  after(() => removeTempDir(dir));

  const trees = ['examples', 'test/fixtures'];
  for (const format of ['text', 'json', 'sarif', 'github']) {
    it(`check --format ${format} of ${trees.join(' and ')}: the output of a run with a checker, byte for byte`, () => {
      const args = ['check', '--format', format, ...trees.map((t) => path.join(ROOT, t))];
      const checker = runCli(args, { cwd: ROOT, env: IN_A_CHECKER });
      const here = runCli(args, { cwd: ROOT, env: HERE });
      assertNoCrash(here.stderr);
      // Every finding of the trees is expected (status 0), and there are hundreds: a run that checked nothing would not be this.
      assert.equal(checker.status, 0, checker.stderr);
      assert.ok(checker.stdout.length > 20_000, checker.stdout);
      assert.equal(here.status, checker.status);
      assert.equal(here.stderr, checker.stderr);
      assert.equal(here.stdout, checker.stdout);
    });
  }

  for (const [lang, format] of [['fr', 'text'], ['it', 'sarif']]) {
    it(`check --lang ${lang} --format ${format}: the same, translated`, () => {
      const args = ['check', '--lang', lang, '--format', format, ...trees.map((t) => path.join(ROOT, t))];
      const checker = runCli(args, { cwd: ROOT, env: IN_A_CHECKER });
      const here = runCli(args, { cwd: ROOT, env: HERE });
      assert.equal(checker.status, 0, checker.stderr);
      assert.match(checker.stdout, lang === 'fr' ? /fichiers vérifiés/ : /"localizedMessage"/);
      assert.equal(here.stderr, checker.stderr);
      assert.equal(here.stdout, checker.stdout);
    });
  }

  for (const format of ['text', 'json']) {
    it(`test --format ${format} of ${trees.join(' and ')}: the same`, () => {
      const args = ['test', '--format', format, ...trees.map((t) => path.join(ROOT, t))];
      const checker = runCli(args, { cwd: ROOT, env: IN_A_CHECKER });
      const here = runCli(args, { cwd: ROOT, env: HERE });
      assertNoCrash(here.stderr);
      assert.ok(checker.stdout.length > 0);
      assert.equal(here.status, checker.status);
      assert.equal(here.stderr, checker.stderr);
      assert.equal(here.stdout, checker.stdout);
    });
  }

  it('render of every example, in English and in French: the same picture', () => {
    const examples = fs.readdirSync(path.join(ROOT, 'examples')).filter((f) => f.endsWith('.board'));
    assert.ok(examples.length > 20);
    for (const file of examples) {
      for (const lang of file === examples[0] ? ['en', 'fr'] : ['en']) {
        const args = ['render', '--lang', lang, path.join('examples', file)];
        const checker = runCli(args, { cwd: ROOT, env: IN_A_CHECKER });
        const here = runCli(args, { cwd: ROOT, env: HERE });
        assert.equal(checker.status, 0, `${file}: ${checker.stderr}`);
        assert.match(checker.stdout, /^<svg /);
        assert.equal(here.status, 0, file);
        assert.equal(here.stderr, checker.stderr, file);
        assert.equal(here.stdout, checker.stdout, `${file} (${lang})`);
      }
    }
  });

  it('check --fix of copies of the fixtures: the same output and the same files written', () => {
    const copies = ['checker', 'here'].map((name) => {
      const to = path.join(dir, 'fix', name);
      fs.cpSync(path.join(ROOT, 'test', 'fixtures'), to, { recursive: true });
      // The fixtures' findings are expected (their fixes are not applied): files with safe fixes to apply too.
      writeFiles(to, { 'fixme/missing.board': MISSING_UNATTACH, 'fixme/redundant.board': REDUNDANT, 'fixme/illegal.board': ILLEGAL });
      return to;
    });
    const checker = runCli(['check', '--fix', '.'], { cwd: copies[0], env: IN_A_CHECKER });
    const here = runCli(['check', '--fix', '.'], { cwd: copies[1], env: HERE });
    assertNoCrash(here.stderr);
    assert.equal(here.status, checker.status);
    // Messages that name an include's absolute path name each copy's own.
    const same = (s: string, i: number) => s.split(copies[i]).join('COPY');
    assert.equal(same(here.stderr, 1), same(checker.stderr, 0));
    assert.equal(same(here.stdout, 1), same(checker.stdout, 0));
    const files = (root: string): string[] => (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith('.board')).sort();
    assert.deepEqual(files(copies[1]), files(copies[0]));
    for (const f of files(copies[0])) {
      const written = fs.readFileSync(path.join(copies[0], f), 'utf8');
      assert.equal(fs.readFileSync(path.join(copies[1], f), 'utf8'), written, f);
    }
    // The file with a missing unattach had a safe fix: the comparison saw it written.
    assert.notEqual(fs.readFileSync(path.join(copies[1], 'fixme', 'missing.board'), 'utf8'), MISSING_UNATTACH, 'the safe fix was not applied');
  });

  it(`small files start no checker process, those that include a small file neither; a file over ${LOCAL_MAX_BYTES} bytes, or one whose includes come to more with it, does`, async function () {
    if (process.platform !== 'linux') this.skip();
    const small: Record<string, string> = {};
    for (let i = 0; i < 300; i++) small[`small/f${String(i).padStart(3, '0')}.board`] = [CLEAN, REDUNDANT, ILLEGAL][i % 3];
    writeFiles(dir, small);
    // Just over the limit: the clean scenario and comment lines.
    const filler = `# ${'x'.repeat(78)}\n`;
    writeFiles(dir, { 'big/big.board': CLEAN + filler.repeat(Math.ceil(LOCAL_MAX_BYTES / filler.length)) });
    const pool = 'game mtg\nplayer alice\ncard lion "Savannah Lions": creature — Cat, owner alice\n';
    const uses = 'game mtg\ninclude "pool.board"\ncard blade "Bonesplitter": artifact — Equipment, owner alice\nequip blade to lion\nequip blade to lion\n';
    // The big pool alone is under the limit; with the file that includes it, over.
    const bigPool = pool + filler.repeat(Math.floor((LOCAL_MAX_BYTES - pool.length) / filler.length));
    assert.ok(Buffer.byteLength(bigPool) <= LOCAL_MAX_BYTES && Buffer.byteLength(bigPool) + Buffer.byteLength(uses) > LOCAL_MAX_BYTES);
    // A pool of 60 % of the limit, included by two paths (the core asks the host for each): counted once, it fits.
    const twicePool = pool + filler.repeat(Math.floor((0.6 * LOCAL_MAX_BYTES) / filler.length));
    const usesTwice = uses.replace('include "pool.board"\n', 'include "pool.board"\ninclude "./pool.board"\n');
    assert.ok(Buffer.byteLength(twicePool) + Buffer.byteLength(usesTwice) <= LOCAL_MAX_BYTES && 2 * Buffer.byteLength(twicePool) > LOCAL_MAX_BYTES);
    writeFiles(dir, {
      'inc/pool.board': pool,
      'inc/uses.board': uses,
      'biginc/pool.board': bigPool,
      'biginc/uses.board': uses,
      'twice/pool.board': twicePool,
      'twice/uses.board': usesTwice,
    });
    assert.equal(await checkersSeenDuring(dir, ['small']), 0, 'a checker for small files');
    assert.equal(await checkersSeenDuring(dir, ['inc', 'small']), 0, 'a checker for a file that includes a small one');
    assert.equal(await checkersSeenDuring(dir, ['twice/uses.board', 'small']), 0, 'a checker for a file that includes one pool twice');
    // The file that needs a checker first: the command blocks on its output after it.
    assert.equal(await checkersSeenDuring(dir, ['big', 'small']), 1, 'no checker for the big file');
    assert.equal(await checkersSeenDuring(dir, ['biginc/uses.board', 'small']), 1, 'no checker for the file whose includes read more than the limit');
    // And their findings are those of a checker (a redundant attach in each file that includes).
    for (const args of [['big', 'small'], ['inc'], ['biginc'], ['twice'], ['biginc', 'inc', 'twice', 'small']]) {
      const checker = runCli(['check', '--format', 'json', ...args], { cwd: dir, env: IN_A_CHECKER });
      const here = runCli(['check', '--format', 'json', ...args], { cwd: dir, env: HERE });
      assert.equal(here.stdout, checker.stdout, args.join(' '));
      assert.equal(here.status, checker.status, args.join(' '));
      if (args[0] !== 'big') assert.match(here.stdout, /"redundant-attach"/, args.join(' '));
    }
    // A drawing of each: the same picture.
    for (const file of ['inc/uses.board', 'biginc/uses.board']) {
      const checker = runCli(['render', file], { cwd: dir, env: IN_A_CHECKER });
      const here = runCli(['render', file], { cwd: dir, env: HERE });
      assert.equal(checker.status, 0, checker.stderr);
      assert.match(checker.stdout, /^<svg /);
      assert.equal(here.stdout, checker.stdout, file);
      assert.equal(here.status, 0, file);
    }
  });
});
