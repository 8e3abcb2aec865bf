// JSON format: exactly the documented keys, in order, with the core's 0-based positions.
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { check, type Finding } from '../../core';
import { CLEAN, ILLEGAL, REDUNDANT, assertBuilt, assertNoCrash, makeTempDir, removeTempDir, runCli, writeFiles } from './helpers';

const POSITION_KEYS = ['line', 'character'];
const RANGE_KEYS = ['start', 'end'];
const DIAGNOSTIC_KEYS = ['range', 'severity', 'code', 'kind', 'rules', 'message', 'fixes'];
const FIX_KEYS = ['title', 'safe', 'edits'];
const EDIT_KEYS = ['range', 'newText'];

function assertRange(r: unknown): void {
  assert.deepEqual(Object.keys(r as object), RANGE_KEYS);
  for (const p of [(r as { start: object }).start, (r as { end: object }).end]) {
    assert.deepEqual(Object.keys(p), POSITION_KEYS);
    for (const v of Object.values(p)) assert.ok(Number.isInteger(v) && v >= 0, `bad position ${JSON.stringify(p)}`);
  }
}

/** What the JSON output must be for a core finding. */
function expected(f: Finding) {
  const pos = (p: { line: number; character: number }) => ({ line: p.line, character: p.character });
  const range = (r: Finding['range']) => ({ start: pos(r.start), end: pos(r.end) });
  return {
    range: range(f.range),
    severity: f.severity,
    code: f.code,
    kind: f.kind,
    rules: f.rules,
    message: f.message,
    fixes: f.fixes.map((x) => ({ title: x.title, safe: x.safe, edits: x.edits.map((e) => ({ range: range(e.range), newText: e.newText })) })),
  };
}

describe('cli: json format', () => {
  let dir: string;
  before(() => {
    assertBuilt();
    dir = makeTempDir();
    writeFiles(dir, { 'redundant.board': REDUNDANT, 'illegal.board': ILLEGAL, 'clean.board': CLEAN });
  });
  after(() => removeTempDir(dir));

  it('outputs exactly {"files":[{"path","diagnostics":[...]}]} with the documented keys in order', () => {
    const r = runCli(['check', '--format', 'json', 'redundant.board', 'illegal.board', 'clean.board'], { cwd: dir });
    assertNoCrash(r.stderr);
    assert.equal(r.stderr, '');
    assert.equal(r.status, 1, 'illegal.board has an error');
    const doc = JSON.parse(r.stdout);
    assert.deepEqual(Object.keys(doc), ['files']);
    assert.deepEqual(doc.files.map((f: { path: string }) => f.path), ['redundant.board', 'illegal.board', 'clean.board']);
    let diagnostics = 0;
    for (const file of doc.files) {
      assert.deepEqual(Object.keys(file), ['path', 'diagnostics']);
      for (const d of file.diagnostics) {
        diagnostics++;
        assert.deepEqual(Object.keys(d), DIAGNOSTIC_KEYS);
        assertRange(d.range);
        assert.ok(['error', 'warning', 'information', 'hint'].includes(d.severity));
        assert.ok(Array.isArray(d.rules) && d.rules.every((x: unknown) => typeof x === 'string'));
        for (const fix of d.fixes) {
          assert.deepEqual(Object.keys(fix), FIX_KEYS);
          assert.equal(typeof fix.safe, 'boolean');
          for (const e of fix.edits) {
            assert.deepEqual(Object.keys(e), EDIT_KEYS);
            assertRange(e.range);
          }
        }
      }
    }
    assert.equal(diagnostics, 2, 'one warning and one error expected');
    assert.deepEqual(doc.files[2].diagnostics, []);
  });

  it('carries the core findings unchanged (0-based), without related locations or subjects', () => {
    const r = runCli(['check', '--format=json', 'redundant.board', 'illegal.board'], { cwd: dir });
    const doc = JSON.parse(r.stdout);
    const redundant = check(REDUNDANT).findings;
    const illegal = check(ILLEGAL).findings;
    assert.ok(redundant.some((f) => f.related.length > 0 && f.subjects.length > 0), 'the core must give related/subjects for this to mean something');
    assert.deepEqual(doc.files[0].diagnostics, redundant.map(expected));
    assert.deepEqual(doc.files[1].diagnostics, illegal.map(expected));

    const d = doc.files[0].diagnostics[0];
    assert.equal(d.code, 'redundant-attach');
    assert.equal(d.severity, 'warning');
    assert.ok(d.rules.includes('701.3b'));
    assert.deepEqual(d.range, { start: { line: 5, character: 0 }, end: { line: 5, character: 22 } });
    assert.equal(d.fixes[0].safe, true);
    assert.doesNotMatch(r.stdout, /"related"|"subjects"/);
  });

  it('is a single JSON document even with nothing to report, and prints problems on stderr only', () => {
    const r = runCli(['check', '--format', 'json', 'clean.board', 'missing.board'], { cwd: dir });
    assert.equal(r.status, 2);
    assert.deepEqual(JSON.parse(r.stdout), { files: [{ path: 'clean.board', diagnostics: [] }] });
    assert.match(r.stderr, /^board-scenario: cannot read missing\.board: /m);
  });

  it('uses folder-joined paths for files found in folders', () => {
    writeFiles(dir, { 'dir/b.board': REDUNDANT, 'dir/a.board': CLEAN });
    const r = runCli(['check', '--format', 'json', 'dir'], { cwd: dir });
    assert.equal(r.status, 0);
    assert.deepEqual(JSON.parse(r.stdout).files.map((f: { path: string }) => f.path), [path.join('dir', 'a.board'), path.join('dir', 'b.board')]);
  });
});
