// A reader that goes away early (`| head -1`) must end the checker quietly, without a stack trace.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { CLI, REDUNDANT, TEXT_LINE, assertBuilt, assertNoCrash, makeTempDir, removeTempDir, runCli, writeFiles } from './helpers';

describe('cli: closed stdout (EPIPE)', () => {
  let dir: string;
  before(() => {
    assertBuilt();
    dir = makeTempDir();
    // Each file has ten redundant equips: ~2 KB of output per file, far beyond a pipe's buffer in all.
    const many = REDUNDANT + 'equip splitter to lion\n'.repeat(9);
    const files: Record<string, string> = {};
    for (let i = 0; i < 300; i++) files[`big/f${String(i).padStart(3, '0')}.board`] = many;
    writeFiles(dir, files);
  });
  after(() => removeTempDir(dir));

  it('produces far more output than a pipe holds (so the tests below really close it early)', () => {
    const r = runCli(['check', 'big'], { cwd: dir });
    assert.equal(r.status, 0);
    assert.ok(r.stdout.length > 512 * 1024, `only ${r.stdout.length} bytes`);
  });

  it('exits quietly when the reading end is destroyed after the first chunk', async () => {
    const child = spawn(process.execPath, [CLI, 'check', 'big'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let first = '';
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (s: string) => (stderr += s));
    child.stdout.setEncoding('utf8');
    child.stdout.once('data', (s: string) => {
      first = s;
      child.stdout.destroy();
    });
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.on('close', (c, s) => resolve([c, s])));
    assert.ok(TEXT_LINE.test(first.split('\n')[0]), `first chunk: ${first.slice(0, 200)}`);
    assertNoCrash(stderr);
    assert.equal(stderr, '');
    assert.equal(signal, null);
    assert.equal(code, 0);
  });

  it('`check BIGDIR | head -1` prints one line and nothing on stderr', function () {
    if (process.platform === 'win32') this.skip();
    const r = spawnSync('sh', ['-c', `"${process.execPath}" "${CLI}" check big | head -1`], { cwd: dir, encoding: 'utf8' });
    assert.equal(r.status, 0);
    assertNoCrash(r.stderr);
    assert.equal(r.stderr, '');
    const lines = r.stdout.split('\n');
    assert.equal(lines.length, 2);
    assert.match(lines[0], /^big\/f000\.board:6:1: warning redundant-attach /);
  });

  it('also for json and sarif output', function () {
    this.timeout(60_000);
    if (process.platform === 'win32') this.skip();
    for (const format of ['json', 'sarif']) {
      const r = spawnSync('sh', ['-c', `"${process.execPath}" "${CLI}" check --format ${format} big | head -c 100`], { cwd: dir, encoding: 'utf8' });
      assert.equal(r.stderr, '', `${format}: ${r.stderr}`);
      assert.equal(r.stdout.length, 100);
    }
  });
});
