// `board-scenario check` follows includes: relative to the including file, inside the include root,
// the included files checked and reported under their own path once. The command's host (in
// process): an included file is read and parsed once while its `stat` stays the same, and found by
// its real path through symlinked files and folders.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { analyse } from '../../core';
import { includeOptions } from '../../cli/includes';
import { assertBuilt, assertNoCrash, makeTempDir, removeTempDir, runCli, writeFiles } from './helpers';

const POOL = ['game mtg', 'player alice', 'card lion "Silvercoat Lion": creature — Cat', 'card splitter "Bonesplitter": artifact — Equipment', ''].join('\n');
const uses = (include: string) => ['game mtg', `include "${include}"`, 'equip splitter to lion', 'expect lion has splitter', ''].join('\n');

describe('CLI includes', () => {
  let dir: string;
  before(assertBuilt);
  beforeEach(() => {
    dir = fs.realpathSync(makeTempDir());
  });
  afterEach(() => removeTempDir(dir));

  const json = (stdout: string) => JSON.parse(stdout) as { files: { path: string; diagnostics: { code: string; range: { start: { line: number } } }[] }[] };

  it('follows an include relative to the including file; the pool checks clean on its own', () => {
    writeFiles(dir, { 'cards/pool.board': POOL, 'scenarios/a.board': uses('../cards/pool.board') });
    const r = runCli(['check', '--format', 'json', 'scenarios/a.board'], { cwd: dir });
    assertNoCrash(r.stderr);
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.deepEqual(json(r.stdout).files.map((f) => [f.path, f.diagnostics.length]), [[path.join('scenarios', 'a.board'), 0], [path.join('cards', 'pool.board'), 0]]);
  });

  it('reports the findings of an included file under its own path, once, however many files include it', () => {
    writeFiles(dir, { 'pool.board': POOL.replace('card splitter', 'card splitter "x" "y"\ncard blade'), 'a.board': uses('pool.board'), 'b.board': uses('pool.board') });
    const r = runCli(['check', '--format', 'json', 'a.board', 'b.board', 'pool.board'], { cwd: dir });
    assertNoCrash(r.stderr);
    assert.equal(r.status, 1);
    const files = json(r.stdout).files;
    assert.deepEqual(files.map((f) => f.path), ['a.board', 'b.board', 'pool.board']);
    const pool = files.find((f) => f.path === 'pool.board')!;
    assert.ok(pool.diagnostics.some((d) => d.code === 'syntax-error' && d.range.start.line === 3));
    for (const name of ['a.board', 'b.board']) {
      const f = files.find((x) => x.path === name)!;
      assert.ok(f.diagnostics.some((d) => d.code === 'include-errors' && d.range.start.line === 1), name);
    }
    // SARIF: the summary's related location is in the included file's own artifact.
    const sarif = runCli(['check', '--format', 'sarif', 'a.board'], { cwd: dir });
    const results = JSON.parse(sarif.stdout).runs[0].results as { ruleId: string; locations: { physicalLocation: { artifactLocation: { uri: string } } }[]; relatedLocations?: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }[] }[];
    const summary = results.find((x) => x.ruleId === 'include-errors')!;
    assert.equal(summary.locations[0].physicalLocation.artifactLocation.uri, 'a.board');
    assert.equal(summary.relatedLocations![0].physicalLocation.artifactLocation.uri, 'pool.board');
    assert.equal(summary.relatedLocations![0].physicalLocation.region.startLine, 4);
  });

  it('refuses a path out of the root: .., absolute, a symlink out; --include-root widens it', () => {
    const outside = fs.realpathSync(makeTempDir());
    try {
      writeFiles(outside, { 'pool.board': POOL });
      writeFiles(dir, { 'ws/up.board': uses('../pool.board'), 'ws/abs.board': uses(path.join(outside, 'pool.board')), 'pool.board': POOL });
      fs.symlinkSync(path.join(outside, 'pool.board'), path.join(dir, 'ws', 'link.board'));
      writeFiles(dir, { 'ws/linked.board': uses('link.board') });
      const ws = path.join(dir, 'ws');
      for (const f of ['up.board', 'abs.board', 'linked.board']) {
        const r = runCli(['check', '--format', 'json', f], { cwd: ws });
        assertNoCrash(r.stderr);
        assert.equal(r.status, 1, f);
        assert.ok(json(r.stdout).files[0].diagnostics.some((d) => d.code === 'include-outside-root' && d.range.start.line === 1), `${f}: ${r.stdout}`);
      }
      // The parent folder as the root: `..` stays inside it.
      const wide = runCli(['check', '--include-root', '..', 'up.board'], { cwd: ws });
      assert.equal(wide.status, 0, wide.stdout + wide.stderr);
      // A board-scenario.json above the file makes its folder the root.
      writeFiles(dir, { 'board-scenario.json': '{}' });
      const byConfig = runCli(['check', 'up.board'], { cwd: ws });
      assert.equal(byConfig.status, 0, byConfig.stdout + byConfig.stderr);
    } finally {
      removeTempDir(outside);
    }
  });

  it('a missing file and a cycle are findings at the include line (text format)', () => {
    writeFiles(dir, { 'a.board': 'game mtg\ninclude "b.board"\ninclude "nope.board"\nplayer alice\n', 'b.board': 'game mtg\ninclude "a.board"\n' });
    const r = runCli(['check', '--no-color', 'a.board'], { cwd: dir });
    assertNoCrash(r.stderr);
    assert.equal(r.status, 1);
    assert.match(r.stdout, /^a\.board:2:9: error include-cycle Including "b\.board" makes a cycle: this file → "b\.board" → this file\./m);
    assert.match(r.stdout, /^a\.board:3:9: error include-not-found /m);
    assert.match(r.stdout, /^b\.board:2:9: error include-cycle /m);
  });
});

describe("the command's include host, in process", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.realpathSync(makeTempDir());
  });
  afterEach(() => removeTempDir(dir));

  const codesOf = (file: string) => {
    const text = fs.readFileSync(file, 'utf8');
    return analyse(text, includeOptions(file, dir)).result.findings.map((f) => f.code);
  };

  it('reads a pool again when it changed, even to a text of the same size with its old times', () => {
    writeFiles(dir, { 'pool.board': POOL, 'a.board': uses('pool.board') });
    const a = path.join(dir, 'a.board');
    const pool = path.join(dir, 'pool.board');
    // Whole seconds, which the file system keeps exactly.
    const then = 1_700_000_000;
    fs.utimesSync(pool, then, then);
    assert.deepEqual(codesOf(a), []);
    assert.deepEqual(codesOf(a), []);
    // The same length: the Equipment is now a creature, so the equip is illegal.
    const changed = POOL.replace('artifact — Equipment', 'creature — Elf Drake');
    assert.equal(Buffer.byteLength(changed), Buffer.byteLength(POOL));
    fs.writeFileSync(pool, changed);
    fs.utimesSync(pool, then, then);
    assert.equal(fs.statSync(pool).mtimeMs, then * 1000);
    const after = codesOf(a);
    assert.ok(after.includes('not-attachable') || after.includes('illegal-attachment'), after.join(' '));
  });

  it('finds an included file by its real path through a symlinked file and a symlinked folder', function () {
    if (process.platform === 'win32') this.skip();
    writeFiles(dir, { 'real/pool.board': POOL, 'real/a.board': uses('pool.board'), 'real/b.board': uses('link.board') });
    fs.symlinkSync(path.join(dir, 'real'), path.join(dir, 'alias'));
    fs.symlinkSync(path.join(dir, 'real', 'pool.board'), path.join(dir, 'real', 'link.board'));
    const pool = path.join(dir, 'real', 'pool.board');
    for (const file of [path.join(dir, 'alias', 'a.board'), path.join(dir, 'real', 'b.board'), path.join(dir, 'alias', 'b.board')]) {
      const options = includeOptions(file, dir);
      assert.equal(options.includes.checkedUri!(), path.join(dir, 'real', path.basename(file)));
      const analysis = analyse(fs.readFileSync(file, 'utf8'), options);
      assert.deepEqual(analysis.result.findings.map((f) => f.code), [], file);
      assert.deepEqual(analysis.includes.files.map((f) => f.uri), [pool], file);
    }
    // The checked file itself a symlink: its real path.
    assert.equal(includeOptions(path.join(dir, 'real', 'link.board'), dir).includes.checkedUri!(), pool);
    // A missing file: its path as given, and the include of one is include-not-found.
    assert.equal(includeOptions(path.join(dir, 'nope.board'), dir).includes.checkedUri!(), path.join(dir, 'nope.board'));
    writeFiles(dir, { 'real/c.board': uses('gone.board') });
    fs.symlinkSync(path.join(dir, 'nowhere.board'), path.join(dir, 'real', 'dangling.board'));
    writeFiles(dir, { 'real/d.board': uses('dangling.board') });
    assert.deepEqual(codesOf(path.join(dir, 'real', 'c.board')).filter((c) => c.startsWith('include')), ['include-not-found']);
    assert.deepEqual(codesOf(path.join(dir, 'real', 'd.board')).filter((c) => c.startsWith('include')), ['include-not-found']);
  });
});
