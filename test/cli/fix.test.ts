// --fix: every safe fix is applied and written back, only when the text changes, keeping the
// file's line endings and byte order mark; the output reports what remains.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { check } from '../../core';
import { CLEAN, ILLEGAL, MISSING_UNATTACH, REDUNDANT, assertBuilt, assertNoCrash, makeTempDir, removeTempDir, runCli, writeFiles } from './helpers';

describe('cli: --fix', () => {
  let dir: string;
  beforeEach(() => {
    assertBuilt();
    dir = makeTempDir();
  });
  afterEach(() => removeTempDir(dir));
  const read = (name: string) => fs.readFileSync(path.join(dir, name), 'utf8');

  it('removes exactly the redundant equip line and nothing else', () => {
    writeFiles(dir, { 'a.board': REDUNDANT });
    assert.equal(check(REDUNDANT).findings.filter((f) => f.fixes.some((x) => x.safe)).length, 1, 'the core offers one safe fix');
    const r = runCli(['check', '--fix', 'a.board'], { cwd: dir });
    assertNoCrash(r.stderr);
    assert.equal(r.stderr, '');
    const lines = REDUNDANT.split('\n');
    assert.equal(lines[5], 'equip splitter to lion');
    const expected = [...lines.slice(0, 5), ...lines.slice(6)].join('\n');
    assert.equal(read('a.board'), expected);
    // What remains is reported: nothing.
    assert.equal(r.stdout, '1 file checked: 0 errors, 0 warnings (1 file fixed)\n');
    assert.equal(r.status, 0);
    assert.deepEqual(check(read('a.board')).findings, []);
  });

  it('reports the findings that remain, by the fixed text', () => {
    // A redundant equip (safe fix) and an illegal equip (unsafe fix: left alone).
    const text = ILLEGAL + 'equip splitter to lion\nequip splitter to lion\n';
    writeFiles(dir, { 'b.board': text });
    const before = check(text).findings.map((f) => f.code);
    assert.ok(before.includes('redundant-attach') && before.includes('illegal-attachment'), before.join());
    const r = runCli(['check', '--fix', '--format', 'json', 'b.board'], { cwd: dir });
    assert.equal(r.status, 1);
    const fixed = read('b.board');
    assert.equal(fixed, ILLEGAL + 'equip splitter to lion\n');
    const doc = JSON.parse(r.stdout);
    assert.deepEqual(doc.files[0].diagnostics.map((d: { code: string }) => d.code), check(fixed).findings.map((f) => f.code));
    assert.ok(doc.files[0].diagnostics.some((d: { code: string }) => d.code === 'illegal-attachment'));
    assert.ok(!doc.files[0].diagnostics.some((d: { code: string }) => d.code === 'redundant-attach'));
  });

  it('keeps CRLF line endings and the byte order mark when inserting a line', () => {
    const crlf = MISSING_UNATTACH.replace(/\n/g, '\r\n');
    assert.ok(check(crlf).findings.some((f) => f.code === 'missing-unattach' && f.fixes.some((x) => x.safe)));
    writeFiles(dir, { 'c.board': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(crlf, 'utf8')]) });
    const r = runCli(['check', '--fix', 'c.board'], { cwd: dir });
    assert.equal(r.status, 0, r.stdout + r.stderr);
    const bytes = fs.readFileSync(path.join(dir, 'c.board'));
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'BOM kept');
    const text = bytes.subarray(3).toString('utf8');
    assert.equal(text, crlf.replace('bounce lion\r\n', 'bounce lion\r\nunattach splitter from lion\r\n'));
    assert.doesNotMatch(text, /[^\r]\n/, 'every line ends with CRLF');
    assert.equal(r.stdout, '1 file checked: 0 errors, 0 warnings (1 file fixed)\n');
  });

  it('does not write files that have nothing to fix', () => {
    writeFiles(dir, { 'clean.board': CLEAN, 'illegal.board': ILLEGAL });
    const old = new Date('2001-02-03T04:05:06Z');
    for (const f of ['clean.board', 'illegal.board']) fs.utimesSync(path.join(dir, f), old, old);
    const r = runCli(['check', '--fix', 'clean.board', 'illegal.board'], { cwd: dir });
    assert.equal(r.status, 1);
    assert.match(r.stdout, /^illegal\.board:6:1: error illegal-attachment/m);
    assert.match(r.stdout, /^2 files checked: 1 error, 0 warnings$/m);
    for (const f of ['clean.board', 'illegal.board']) assert.equal(fs.statSync(path.join(dir, f)).mtime.getTime(), old.getTime(), `${f} was written`);
    assert.equal(read('clean.board'), CLEAN);
    assert.equal(read('illegal.board'), ILLEGAL);
  });

  it('never deletes a syntax error with a redundant line: the line stays and the error is reported', () => {
    // Issue 13, item 3: the redundant equip on line 6 carries a stray character.
    const text = REDUNDANT.replace('equip splitter to lion\nexpect', 'equip splitter to lion !\nexpect');
    writeFiles(dir, { 'a.board': text });
    const r = runCli(['check', '--fix', 'a.board'], { cwd: dir });
    assertNoCrash(r.stderr);
    assert.equal(read('a.board'), text);
    assert.match(r.stdout, /^a\.board:6:24: error syntax-error /m);
    assert.match(r.stdout, /^a\.board:6:1: warning redundant-attach /m);
    assert.equal(r.status, 1);
  });

  it('without --fix never writes', () => {
    writeFiles(dir, { 'a.board': REDUNDANT });
    const r = runCli(['check', 'a.board'], { cwd: dir });
    assert.equal(r.status, 0);
    assert.equal(read('a.board'), REDUNDANT);
  });
});
