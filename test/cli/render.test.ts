// `board-scenario render FILE [--at LINE] [--out PATH|-] [--theme ...]`: the board picture as SVG.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { assertBuilt, assertNoCrash, makeTempDir, MISSING_UNATTACH, removeTempDir, runCli, writeFiles } from './helpers';

describe('cli: render', () => {
  let dir: string;
  before(() => {
    assertBuilt();
    dir = makeTempDir();
    writeFiles(dir, { 'bounce.board': MISSING_UNATTACH, 'bad.board': Buffer.from([0x67, 0xff, 0xfe]) });
  });
  after(() => removeTempDir(dir));

  it('writes the board at the end of the file to stdout by default, exit 0 even with findings', () => {
    const r = runCli(['render', 'bounce.board'], { cwd: dir });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stderr, '');
    assert.match(r.stdout, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>/);
    assert.match(r.stdout, /<\/svg>\n$/);
    assert.match(r.stdout, />bounce\.board</, 'titled with the file name');
    assert.match(r.stdout, />After line 6 \(bounce lion\)</);
    // After the bounce: the lion in alice's hand, Bonesplitter unattached on the battlefield.
    assert.match(r.stdout, /data-zone="hand" data-player="alice">[\s\S]*data-card="lion"/);
    assert.doesNotMatch(r.stdout, /data-attached-to=/);
  });

  it('--at LINE (1-based) shows the board after that line, with the subjects of its findings outlined; --out writes a file', () => {
    const out = path.join(dir, 'before.svg');
    const r = runCli(['render', 'bounce.board', '--at', '4', '--out', out], { cwd: dir });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, '');
    const svg = fs.readFileSync(out, 'utf8');
    assert.match(svg, />Initial state</);
    assert.match(svg, /data-host="lion">[\s\S]*data-card="splitter" data-attached-to="lion"/);

    const at6 = runCli(['render', 'bounce.board', '--at=6', '--out', '-', '--theme', 'dark'], { cwd: dir });
    assert.equal(at6.status, 0, at6.stderr);
    assert.match(at6.stdout, /theme-dark/);
    // Line 6 has the missing-unattach finding about splitter and lion.
    assert.match(at6.stdout, /<g class="card highlight" data-card="lion">/);
    assert.match(at6.stdout, /<g class="card highlight" data-card="splitter">/);
  });

  it('the same input gives the same bytes', () => {
    const a = runCli(['render', 'bounce.board', '--at', '6'], { cwd: dir });
    const b = runCli(['render', 'bounce.board', '--at', '6'], { cwd: dir });
    assert.equal(a.stdout, b.stdout);
  });

  it('usage and I/O errors exit 2 with one line on stderr', () => {
    const cases: [string[], RegExp][] = [
      [['render'], /'render' needs exactly one scenario file/],
      [['render', 'a.board', 'b.board'], /'render' needs exactly one scenario file/],
      [['render', 'bounce.board', '--at', '0'], /--at needs a line number \(1 or more\), not '0'/],
      [['render', 'bounce.board', '--at', 'x'], /--at needs a line number/],
      [['render', 'bounce.board', '--at'], /option '--at' needs a value/],
      [['render', 'bounce.board', '--at', '99'], /--at 99 is past the end of bounce\.board \(8 lines\)/],
      [['render', 'bounce.board', '--theme', 'neon'], /unknown theme 'neon'/],
      [['render', 'bounce.board', '--colour'], /unknown option '--colour' for 'render'/],
      [['render', 'missing.board'], /cannot read missing\.board: no such file or directory/],
      [['render', 'bad.board'], /bad\.board is not valid UTF-8/],
      [['render', 'bounce.board', '--out', path.join(dir, 'no', 'such', 'dir', 'x.svg')], /cannot write .*x\.svg: no such file or directory/],
    ];
    for (const [args, message] of cases) {
      const r = runCli(args, { cwd: dir });
      assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
      assert.equal(r.stdout, '', args.join(' '));
      assert.match(r.stderr, message, args.join(' '));
      assertNoCrash(r.stderr);
    }
  });

  it('is in --help', () => {
    const r = runCli(['--help'], { cwd: dir });
    assert.match(r.stdout, /render FILE \[--at LINE\] \[--out PATH\] \[--theme light\|dark\|vscode\]/);
  });
});
