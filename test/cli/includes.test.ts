// `board-scenario check` follows includes: relative to the including file, inside the include root,
// the included files checked and reported under their own path once.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
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
