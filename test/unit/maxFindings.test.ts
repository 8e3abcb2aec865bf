// The core's `maxFindings` option: the result keeps exactly the first N findings of the full
// result, in the same order, and counts the others by severity; the same streamed or parsed whole.
// A kept finding's safe fix stays safe unless it reaches the text of the findings left out (which
// might then be hidden): never safe where the full result's is not.
import assert from 'node:assert/strict';
import { check, type Finding, type Severity } from '../../core';
import { FIXTURES_DIR, listBoards, readText } from '../support/fixtures';

function counts(fs: Finding[]): Record<Severity, number> {
  const n: Record<Severity, number> = { error: 0, warning: 0, information: 0, hint: 0 };
  for (const f of fs) n[f.severity]++;
  return n;
}

// Nor may fix-all take one of its demoted fixes on a second look (Fix.hiding): compared without that mark.
const unsafe = (f: Finding): Finding => ({ ...f, fixes: f.fixes.map(({ hiding: _, ...x }) => ({ ...x, safe: false })) });

// The cut itself is checked without the expectation markers (`#!`, which fixtures have on every
// line with a finding); with them, see the last test.
function assertLimited(text: string, limit: number, label: string): void {
  const all = check(text, { expectations: false }).findings;
  const whole = check(text, { maxFindings: limit, stream: false, expectations: false });
  for (const stream of [true, false]) {
    const r = check(text, { maxFindings: limit, stream, expectations: false });
    const where = `${label}, first ${limit}, stream ${stream}`;
    assert.deepEqual(r, whole, `${where}: streamed and whole differ`);
    assert.deepEqual(r.findings.map(unsafe), all.slice(0, limit).map(unsafe), where);
    r.findings.forEach((f, i) => f.fixes.forEach((x, j) => assert.ok(!x.safe || all[i].fixes[j].safe, `${where}: finding ${i}'s fix ${j} is safe only when cut`)));
    if (all.length > limit) assert.deepEqual(r.omitted, counts(all.slice(limit)), `${where}: omitted`);
    else {
      assert.equal(r.omitted, undefined, `${where}: nothing omitted`);
      assert.deepEqual(r.findings, all, where);
    }
  }
}

/** Syntax errors, unknown names, redundant and illegal equips, on the same lines and apart, many times over. */
function mixed(n: number): string {
  let s = 'game mtg\nplayer alice\nplayer bob\ncard lion "Lion": creature, owner alice\ncard bears "Bears": creature, owner bob\ncard splitter "Bonesplitter": artifact — Equipment, owner alice\nequip splitter to lion\n';
  for (let i = 0; i < n; i++) {
    s += ['equip splitter to lion', `destroy ghost${i % 7}`, 'equip splitter to bears', 'equip splitter to "lion', 'frobnicate lion', `destroy lion${i % 3} ~`][i % 6] + '\n';
  }
  return s;
}

describe('core: maxFindings', () => {
  it('keeps the first N of a file with thousands of findings of every kind, counting the rest', () => {
    const text = mixed(3000);
    const total = check(text).findings.length;
    assert.ok(total > 2500, `only ${total} findings`);
    for (const limit of [0, 1, 2, 3, 17, 1000, 2999, total - 1, total, total + 1]) assertLimited(text, limit, 'mixed');
  });

  it('is the full result cut short on every fixture', () => {
    for (const file of listBoards(FIXTURES_DIR)) {
      const text = readText(file);
      const n = check(text).findings.length;
      for (const limit of new Set([0, 1, Math.floor(n / 2), Math.max(0, n - 1), n])) assertLimited(text, limit, file);
    }
  });

  it('takes a negative or fractional limit as the whole number at or above zero below it, and Infinity as none', () => {
    const text = mixed(20);
    const all = check(text).findings;
    assert.deepEqual(check(text, { maxFindings: -5 }).findings, []);
    assert.deepEqual(check(text, { maxFindings: 2.7 }).findings.map(unsafe), all.slice(0, 2).map(unsafe));
    assert.deepEqual(check(text, { maxFindings: Infinity }), check(text));
  });

  it('with expectation markers: the lines before the first left-out finding are judged as in the full result', () => {
    for (const file of listBoards(FIXTURES_DIR)) {
      const text = readText(file);
      const all = check(text).findings;
      const n = check(text, { expectations: false }).findings.length;
      for (const limit of new Set([1, Math.floor(n / 2), Math.max(0, n - 1)])) {
        const raw = check(text, { expectations: false }).findings;
        if (raw.length <= limit) continue;
        const cutLine = raw[limit].range.start.line;
        for (const stream of [true, false]) {
          const r = check(text, { maxFindings: limit, stream });
          assert.ok(r.findings.length <= limit, `${file}: more than ${limit} findings kept`);
          const before = (fs: Finding[]) => fs.filter((f) => f.range.start.line < cutLine).map(unsafe).slice(0, r.findings.length);
          assert.deepEqual(before(r.findings), before(all).slice(0, before(r.findings).length), `${file}, first ${limit}, stream ${stream}`);
          assert.equal(r.findings.length + Object.values(r.omitted ?? {}).reduce((a, b) => a + b, 0) >= raw.length, true, `${file}: findings lost`);
        }
      }
    }
  });
});
