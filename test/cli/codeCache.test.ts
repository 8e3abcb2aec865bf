// The command's code cache (io/launch.ts): dist/cli.js runs dist/cli-main.js with V8's cache of
// it, dist/cli-main.cache, which the build makes. The cache is used only for the bundle it was made
// for, whole and accepted by V8; in every other case the command compiles the bundle and gives the
// same answers. BOARD_SCENARIO_CODE_CACHE=report says on stderr which case it was.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { crc32 } from 'node:zlib';
import { BUILD_LINE, buildIdOf, decodeCache, encodeCache } from '../../io/launch';
import { ILLEGAL, ROOT, assertBuilt, assertNoCrash, makeTempDir, removeTempDir, runCli } from './helpers';

const DIST = path.join(ROOT, 'dist');
const ID = 'ab'.repeat(32);

describe('cli: the code cache', () => {
  let dir: string;
  before(() => {
    assertBuilt();
    dir = makeTempDir();
    fs.writeFileSync(path.join(dir, 'illegal.board'), ILLEGAL);
  });
  after(() => removeTempDir(dir));

  /** A copy of the command (its two files, and the cache unless `cache` is false) in a fresh folder. */
  const copyCommand = (name: string, cache = true): string => {
    const copy = path.join(dir, name, 'dist');
    fs.mkdirSync(copy, { recursive: true });
    for (const f of ['cli.js', 'cli-main.js', ...(cache ? ['cli-main.cache'] : [])]) fs.copyFileSync(path.join(DIST, f), path.join(copy, f));
    return copy;
  };
  const run = (command: string, args: string[], env: Record<string, string> = { BOARD_SCENARIO_CODE_CACHE: 'report' }) =>
    runCli(args, { cwd: dir, cli: path.join(command, 'cli.js'), env: { NODE_OPTIONS: '', ...env } });
  /** The check of illegal.board through `command`: its one error, whatever the cache's case; the case. */
  const checkWith = (command: string): string => {
    const r = run(command, ['check', '--no-color', 'illegal.board']);
    assertNoCrash(r.stderr);
    assert.equal(r.status, 1, r.stderr);
    assert.match(r.stdout, /^illegal\.board:6:1: error illegal-attachment \[702\.6a,/m);
    assert.match(r.stdout, /1 file checked: 1 error, 0 warnings/);
    const state = /^code cache: (.*)$/m.exec(r.stderr);
    assert.ok(state, r.stderr);
    return state[1];
  };

  it('the built command runs with its cache, and checks as it does without', () => {
    assert.equal(checkWith(DIST), 'used');
    const args = ['check', '--format', 'json', path.join(ROOT, 'examples')];
    const withCache = runCli(args, { cwd: ROOT });
    const without = runCli(args, { cwd: ROOT, env: { BOARD_SCENARIO_CODE_CACHE: 'off' } });
    assert.equal(withCache.status, 0, withCache.stderr);
    assert.equal(withCache.stdout, without.stdout);
    assert.equal(withCache.stderr, '');
    assert.ok(JSON.parse(withCache.stdout).files.length >= 20);
  });

  it("the bundle's last line names the SHA-256 of the rest, and the cache is made for it", () => {
    const bundle = fs.readFileSync(path.join(DIST, 'cli-main.js'));
    const id = buildIdOf(bundle.toString('utf8'));
    assert.ok(id);
    const line = `${BUILD_LINE}${id}\n`;
    assert.ok(bundle.toString('utf8').endsWith(`\n${line}`));
    assert.equal(createHash('sha256').update(bundle.subarray(0, bundle.length - Buffer.byteLength(line))).digest('hex'), id);
    assert.ok('data' in decodeCache(fs.readFileSync(path.join(DIST, 'cli-main.cache')), id, crc32));
  });

  it('the bundles are ASCII, so node reads each as a one-byte string (the build writes the rest as \\u escapes)', () => {
    for (const f of ['cli-main.js', 'server-main.js']) {
      const bytes = fs.readFileSync(path.join(DIST, f));
      assert.equal(bytes.findIndex((b) => b > 0x7f), -1, `${f} has a byte past ASCII`);
    }
  });

  it('a cache for another build, a damaged one, a short one, none: not used, and the check is the same', () => {
    const other = copyCommand('other');
    const file = fs.readFileSync(path.join(other, 'cli-main.cache'));
    const magic = 'board-scenario code cache 1\n'.length;
    const otherBuild = Buffer.from(file);
    otherBuild[magic] = otherBuild[magic] === 0x30 ? 0x31 : 0x30;
    fs.writeFileSync(path.join(other, 'cli-main.cache'), otherBuild);
    assert.equal(checkWith(other), 'not used: made for another build of the bundle');

    const damaged = copyCommand('damaged');
    const flipped = Buffer.from(file);
    flipped[flipped.length >> 1] ^= 0x40;
    fs.writeFileSync(path.join(damaged, 'cli-main.cache'), flipped);
    assert.equal(checkWith(damaged), 'not used: damaged (its CRC-32 does not match)');

    const short = copyCommand('short');
    fs.writeFileSync(path.join(short, 'cli-main.cache'), file.subarray(0, 50));
    assert.equal(checkWith(short), 'not used: not a code cache');
    fs.writeFileSync(path.join(short, 'cli-main.cache'), '');
    assert.equal(checkWith(short), 'not used: not a code cache');

    assert.equal(checkWith(copyCommand('none', false)), 'none');
  });

  it('a whole cache that V8 refuses (made by another V8) is not used', () => {
    const refused = copyCommand('refused');
    const file = fs.readFileSync(path.join(refused, 'cli-main.cache'));
    const decoded = decodeCache(file, buildIdOf(fs.readFileSync(path.join(refused, 'cli-main.js'), 'utf8')), crc32);
    assert.ok('data' in decoded);
    // V8's data begins with its magic number and the hash of its version: another V8's differs there.
    const data = Buffer.from(decoded.data);
    data[4] ^= 0xff;
    fs.writeFileSync(path.join(refused, 'cli-main.cache'), encodeCache(buildIdOf(fs.readFileSync(path.join(refused, 'cli-main.js'), 'utf8'))!, data, crc32));
    assert.match(checkWith(refused), /^not used: V8 rejected it/);
  });

  it('node run with flags does not read it; BOARD_SCENARIO_CODE_CACHE=off neither', () => {
    const r = spawnSync(process.execPath, ['--stack-size=900', path.join(DIST, 'cli.js'), '--version'], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '', BOARD_SCENARIO_CODE_CACHE: 'report' } });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stderr, 'code cache: not used: node runs with flags\n');
    const off = run(DIST, ['--version'], { BOARD_SCENARIO_CODE_CACHE: 'off' });
    assert.equal(off.status, 0);
    assert.equal(off.stderr, '');
  });

  it('a bundle without its build id line (rebuilt without the build script) is compiled from its source', () => {
    const bare = copyCommand('bare');
    const source = fs.readFileSync(path.join(bare, 'cli-main.js'), 'utf8');
    fs.writeFileSync(path.join(bare, 'cli-main.js'), source.slice(0, source.lastIndexOf(BUILD_LINE)));
    assert.equal(checkWith(bare), 'not used: the bundle has no build id');
  });

  it('BOARD_SCENARIO_CODE_CACHE=write writes it at the exit, whole, for the next runs; the checkers it forks do not', () => {
    const fresh = copyCommand('fresh', false);
    const r = run(fresh, ['check', '--no-color', 'illegal.board'], { BOARD_SCENARIO_CODE_CACHE: 'write' });
    assert.equal(r.status, 1, r.stderr);
    assert.equal(r.stderr, '');
    assert.deepEqual(fs.readdirSync(fresh).sort(), ['cli-main.cache', 'cli-main.js', 'cli.js']);
    assert.equal(checkWith(fresh), 'used');
    // One checker in a child process: the child gets no BOARD_SCENARIO_CODE_CACHE, so writes nothing.
    const before = fs.statSync(path.join(fresh, 'cli-main.cache')).mtimeMs;
    const c = run(fresh, ['check', '--no-color', 'illegal.board'], { BOARD_SCENARIO_CODE_CACHE: 'report', BOARD_SCENARIO_CHECKERS: '1' });
    assert.equal(c.status, 1, c.stderr);
    assert.equal(c.stderr, 'code cache: used\n');
    assert.equal(fs.statSync(path.join(fresh, 'cli-main.cache')).mtimeMs, before);
  });

  it('BOARD_SCENARIO_CODE_CACHE=write where the cache cannot be written: one line, exit 2, the check still printed', () => {
    const blocked = copyCommand('blocked', false);
    fs.mkdirSync(path.join(blocked, 'cli-main.cache', 'taken'), { recursive: true });
    const r = run(blocked, ['check', '--no-color', 'illegal.board'], { BOARD_SCENARIO_CODE_CACHE: 'write' });
    assert.equal(r.status, 2);
    assert.match(r.stdout, /1 file checked: 1 error, 0 warnings/);
    assert.equal(r.stderr, `BOARD_SCENARIO_CODE_CACHE=write: no cache written (EISDIR for ${path.join(blocked, 'cli-main.cache')})\n`);
    assert.deepEqual(fs.readdirSync(blocked).sort(), ['cli-main.cache', 'cli-main.js', 'cli.js']);
  });

  it('the command without its bundle says so in one line, exit 2', () => {
    const lone = path.join(dir, 'lone', 'dist');
    fs.mkdirSync(lone, { recursive: true });
    fs.copyFileSync(path.join(DIST, 'cli.js'), path.join(lone, 'cli.js'));
    const r = run(lone, ['--version']);
    assert.equal(r.status, 2);
    assert.equal(r.stdout, '');
    assert.equal(r.stderr, `board-scenario: cannot read ${path.join(lone, 'cli-main.js')} (ENOENT), which ${path.join(lone, 'cli.js')} runs: reinstall the package\n`);
  });

  it('buildIdOf reads the last line only, 64 lowercase hex digits on a line of its own', () => {
    assert.equal(buildIdOf(`x\n${BUILD_LINE}${ID}\n`), ID);
    assert.equal(buildIdOf(`x\n${BUILD_LINE}${ID}`), ID);
    assert.equal(buildIdOf(`${BUILD_LINE}${ID}\n`), ID);
    assert.equal(buildIdOf(`x;${BUILD_LINE}${ID}\n`), undefined);
    assert.equal(buildIdOf(`x\n${BUILD_LINE}${ID.toUpperCase()}\n`), undefined);
    assert.equal(buildIdOf(`x\n${BUILD_LINE}${ID.slice(1)}\n`), undefined);
    assert.equal(buildIdOf(`x\n${BUILD_LINE}${ID}\ny\n`), undefined);
    assert.equal(buildIdOf(''), undefined);
  });

  it('encodeCache and decodeCache: the data comes back only for its id, whole', () => {
    const data = Buffer.from([1, 2, 3, 250, 0, 7]);
    const file = encodeCache(ID, data, crc32);
    const back = decodeCache(file, ID, crc32);
    assert.ok('data' in back);
    assert.deepEqual([...back.data], [...data]);
    assert.deepEqual(decodeCache(file, 'cd'.repeat(32), crc32), { problem: 'made for another build of the bundle' });
    assert.deepEqual(decodeCache(file, undefined, crc32), { problem: 'the bundle has no build id' });
    for (let i = 0; i < file.length; i++) {
      const bad = Buffer.from(file);
      bad[i] ^= 1;
      assert.ok('problem' in decodeCache(bad, ID, crc32), `byte ${i} changed, still taken`);
    }
    assert.ok('problem' in decodeCache(file.subarray(0, file.length - 1), ID, crc32));
    assert.ok('problem' in decodeCache(Buffer.concat([file, Buffer.from([0])]), ID, crc32));
  });
});
