// Findings are kept by the thousand (a check of a million findings keeps them all), so the objects
// each one holds must share V8's hidden classes: every fix of a check one shape, every related
// location in the checked file one shape. A fix written `{ ...titled(m), safe, edits }` got a hidden
// class of its own from V8 (a map and a descriptor array per fix), which a check of a million
// findings paid in memory and in collections. V8 answers "same hidden class?" only to a process
// started with --allow-natives-syntax: the check runs in one, over the examples and the fixtures.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..');

const SCRIPT = `
const fs = require('fs');
const path = require('path');
const { check } = require(${JSON.stringify(path.join(ROOT, 'out', 'core'))});
const files = [];
const walk = (d) => { for (const e of fs.readdirSync(d, { withFileTypes: true })) { const p = path.join(d, e.name); if (e.isDirectory()) walk(p); else if (p.endsWith('.board')) files.push(p); } };
walk(${JSON.stringify(path.join(ROOT, 'examples'))});
walk(${JSON.stringify(path.join(ROOT, 'test', 'fixtures'))});
const fixes = [];
const related = [];
for (const f of files) {
  for (const finding of check(fs.readFileSync(f, 'utf8')).findings) {
    fixes.push(...finding.fixes);
    related.push(...finding.related.filter((r) => r.uri === undefined));
  }
}
const odd = (list) => list.filter((x) => !%HaveSameMap(x, list[0])).map((x) => JSON.stringify(x).slice(0, 160));
process.stdout.write(JSON.stringify({ fixes: fixes.length, related: related.length, oddFixes: odd(fixes), oddRelated: odd(related) }));
`;

describe('the objects findings hold share their shapes', () => {
  it('every fix of the examples and fixtures has one hidden class, and every related location another', () => {
    const r = spawnSync(process.execPath, ['--allow-natives-syntax', '-e', SCRIPT], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const out = JSON.parse(r.stdout) as { fixes: number; related: number; oddFixes: string[]; oddRelated: string[] };
    // Enough of each that a shape per object would show.
    assert.ok(out.fixes > 100 && out.related > 50, `${out.fixes} fixes, ${out.related} related locations`);
    assert.deepEqual(out.oddFixes, [], 'fixes with another hidden class than the first');
    assert.deepEqual(out.oddRelated, [], 'related locations with another hidden class than the first');
  });
});
