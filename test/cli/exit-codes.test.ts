// Exit codes (0 no errors, 1 errors, 2 usage or I/O problems) and the stderr messages for missing
// paths, folders without scenarios and files that are not UTF-8.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { decodeUtf8 } from '../../cli/scenario';
import { CLEAN, ILLEGAL, REDUNDANT, TEXT_LINE, assertBuilt, assertNoCrash, makeTempDir, removeTempDir, runCli, writeFiles } from './helpers';

describe('cli: exit codes and problems', () => {
  let dir: string;
  before(() => {
    assertBuilt();
    dir = makeTempDir();
    writeFiles(dir, {
      'clean.board': CLEAN,
      'redundant.board': REDUNDANT,
      'illegal.board': ILLEGAL,
      'nothing/readme.txt': 'not a scenario\n',
      'nothing/.hidden/skipped.board': ILLEGAL,
      'nothing/node_modules/pkg/skipped.board': ILLEGAL,
      'tree/b.board': REDUNDANT,
      'tree/a/z.board': CLEAN,
      'tree/a/y.board': ILLEGAL,
      'tree/.git/x.board': ILLEGAL,
      'tree/node_modules/x.board': ILLEGAL,
      'tree/notes.txt': 'ignored',
      // 0xFF never occurs in UTF-8; 0xC3 0x28 is a broken two-byte sequence.
      'latin1.board': Buffer.from([...Buffer.from('game mtg\nplayer '), 0xff, 0xc3, 0x28, 0x0a]),
    });
  });
  after(() => removeTempDir(dir));

  it('exits 0 with no findings and 0 with warnings only', () => {
    const clean = runCli(['check', 'clean.board'], { cwd: dir });
    assert.equal(clean.status, 0);
    const warn = runCli(['check', 'redundant.board'], { cwd: dir });
    assert.match(warn.stdout, /: warning redundant-attach /);
    assert.equal(warn.status, 0);
  });

  it('exits 1 when a finding is an error', () => {
    const r = runCli(['check', 'clean.board', 'illegal.board', 'redundant.board'], { cwd: dir });
    assert.match(r.stdout, /^illegal\.board:6:1: error illegal-attachment \[[^\]]*702\.6a/m);
    assert.match(r.stdout, /^3 files checked: 1 error, 1 warning$/m);
    assert.equal(r.status, 1);
  });

  it('exits 2 on usage errors, with a message and no stack trace', function () {
    this.timeout(120_000); // one process per case
    const cases: [string[], RegExp][] = [
      [[], /missing command/],
      [['check'], /needs at least one file or folder/],
      [['check', '--format', 'xml', 'clean.board'], /unknown format 'xml'/],
      [['check', '--format'], /'--format' needs a value/],
      [['check', '--frobnicate', 'clean.board'], /unknown option '--frobnicate'/],
      [['--frobnicate'], /unknown option '--frobnicate'/],
      [['lint', 'clean.board'], /unknown command 'lint'/],
      [['rules', '701.3b', '--game', 'chess'], /unknown game 'chess'/],
    ];
    for (const [args, message] of cases) {
      const r = runCli(args, { cwd: dir });
      assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, /^board-scenario: /);
      assert.match(r.stderr, message);
      assert.equal(r.stdout, '', `${args.join(' ')} printed on stdout`);
      assertNoCrash(r.stderr);
    }
  });

  it('reports a missing path on stderr, checks the other paths, and exits 2', () => {
    const r = runCli(['check', 'missing.board', 'illegal.board', 'no/such/dir'], { cwd: dir });
    assert.equal(r.status, 2, 'I/O errors win over error findings');
    const err = r.stderr.trimEnd().split('\n');
    assert.deepEqual(err, ['board-scenario: cannot read missing.board: no such file or directory', 'board-scenario: cannot read no/such/dir: no such file or directory']);
    assert.match(r.stdout, /^illegal\.board:6:1: error illegal-attachment/m);
    assert.match(r.stdout, /^1 file checked: 1 error, 0 warnings$/m);
  });

  it('reports a folder with no scenarios (skipping dot-folders and node_modules) and exits 2 when nothing was checked', () => {
    const r = runCli(['check', 'nothing'], { cwd: dir });
    assert.equal(r.stderr, 'board-scenario: no .board files in nothing\n');
    assert.equal(r.status, 2);
    assert.doesNotMatch(r.stdout, /skipped\.board/);
  });

  it('still exits by the findings when other paths were checked', () => {
    const r = runCli(['check', 'nothing', 'redundant.board'], { cwd: dir });
    assert.equal(r.stderr, 'board-scenario: no .board files in nothing\n');
    assert.equal(r.status, 0);
  });

  it('walks folders recursively in sorted order, skipping node_modules, dot-folders and other files', () => {
    const r = runCli(['check', '--format', 'json', 'tree'], { cwd: dir });
    const paths = JSON.parse(r.stdout).files.map((f: { path: string }) => f.path);
    assert.deepEqual(paths, [path.join('tree', 'a', 'y.board'), path.join('tree', 'a', 'z.board'), path.join('tree', 'b.board')]);
    assert.equal(r.status, 1);
  });

  it('checks a file named explicitly whatever its extension, once even if named twice', () => {
    writeFiles(dir, { 'scenario.txt': REDUNDANT });
    const r = runCli(['check', 'scenario.txt', './scenario.txt'], { cwd: dir });
    assert.equal(r.status, 0);
    assert.equal(r.stdout.split('\n').filter((l) => TEXT_LINE.test(l)).length, 1, r.stdout);
    assert.match(r.stdout, /^1 file checked: 0 errors, 1 warning$/m);
  });

  it('reports a file that is not UTF-8 and exits 2, still checking the others', () => {
    const r = runCli(['check', 'latin1.board', 'redundant.board'], { cwd: dir });
    assert.equal(r.stderr, 'board-scenario: latin1.board is not valid UTF-8\n');
    assert.equal(r.status, 2);
    assert.match(r.stdout, /^redundant\.board:6:1: warning/m);
    assert.match(r.stdout, /^1 file checked: 0 errors, 1 warning$/m);
  });

  it('decodes strict UTF-8: a file cut inside a character is not UTF-8, and nothing of it is kept for the next file', () => {
    const cut = Buffer.from('card c "A—B"', 'utf8');
    const dash = cut.indexOf(0xe2);
    assert.equal(decodeUtf8(cut.subarray(0, dash + 2)), undefined);
    // The dash's last byte alone is not UTF-8 either: nothing was kept from the file before.
    assert.equal(decodeUtf8(cut.subarray(dash + 2, dash + 3)), undefined);
    assert.deepEqual(decodeUtf8(Buffer.from('A', 'utf8')), { text: 'A', bom: false });
    assert.equal(decodeUtf8(Buffer.from([0xff])), undefined);
    assert.deepEqual(decodeUtf8(cut), { text: 'card c "A—B"', bom: false });
    assert.deepEqual(decodeUtf8(Buffer.from('\uFEFF\uFEFFx', 'utf8')), { text: '\uFEFFx', bom: true });
    assert.deepEqual(decodeUtf8(new Uint8Array(0)), { text: '', bom: false });
  });

  it('reads a UTF-8 byte order mark without shifting positions', () => {
    writeFiles(dir, { 'bom.board': '\uFEFF' + REDUNDANT });
    assert.equal(fs.readFileSync(path.join(dir, 'bom.board'))[0], 0xef);
    const r = runCli(['check', 'bom.board'], { cwd: dir });
    assert.match(r.stdout, /^bom\.board:6:1: warning redundant-attach/m);
    assert.equal(r.status, 0);
    assert.equal(r.stderr, '');
  });

  it('checks words that name inherited members (`toString`, `__proto__`) as words: the checker stays up', () => {
    writeFiles(dir, { 'inherited.board': 'game mtg\nplayer alice\ncard c1 "Bear": creature — Bear, owner alice\nloses c1 protection from constructor\nloses c1 protection from __proto__\n' });
    const r = runCli(['check', 'inherited.board'], { cwd: dir });
    assert.equal(r.stderr, '');
    // Read as words: neither is a quality the checker knows (702.16a).
    assert.match(r.stdout, /^inherited\.board:4:26: error syntax-error \[702\.16a\] Unknown quality 'constructor' for protection/m);
    assert.match(r.stdout, /^inherited\.board:5:26: error syntax-error \[702\.16a\] Unknown quality '__proto__' for protection/m);
    assert.equal(r.status, 1);
    const rules = runCli(['rules', 'toString'], { cwd: dir });
    assert.equal(rules.stderr, "board-scenario: no explanation of MTG rule 'toString'\n");
    assert.equal(rules.status, 2);
  });

  it('reports an unreadable file as an I/O error', function () {
    if (process.platform === 'win32' || process.getuid?.() === 0) this.skip(); // root reads anything
    writeFiles(dir, { 'locked.board': CLEAN });
    const locked = path.join(dir, 'locked.board');
    fs.chmodSync(locked, 0o000);
    try {
      const r = runCli(['check', 'locked.board'], { cwd: dir });
      assert.equal(r.stderr, 'board-scenario: cannot read locked.board: permission denied\n');
      assert.equal(r.status, 2);
    } finally {
      fs.chmodSync(locked, 0o644);
    }
  });
});
