// Expected findings written in the scenario (docs/language.md, "Expected findings"): the markers as
// the core reads them, how they match, what a failed one reports, and the scenario as a test.
import assert from 'node:assert/strict';
import { check, commentsOf, expectationMarkers, testScenario, isFailure, applySafeFixes } from '../../core';
import { fixAllAccounting } from '../fuzz/properties';

const HEAD = 'game mtg\nplayer alice\ncard lion "Silvercoat Lion": creature — Cat\ncard bear "Grizzly Bears": creature — Bear\ncard splitter "Bonesplitter": artifact — Equipment\n';
const lines = (...ls: string[]) => HEAD + ls.join('\n') + '\n';

describe('expected findings', () => {
  it('reads every marker of a comment, with its rules, and ignores `#!` inside a string and the harness directive', () => {
    const text = 'equip a to b  # note #! missing-unattach 701.3d 400.7 #! no redundant-attach\ncard x "a #! b": creature\n#! with-rules-file 2024-06-07\n';
    const ms = expectationMarkers(commentsOf(text));
    assert.deepEqual(
      ms.map((m) => [m.line, m.code, m.rules, m.negative, m.text]),
      [
        [0, 'missing-unattach', ['701.3d', '400.7'], false, 'missing-unattach 701.3d 400.7'],
        [0, 'redundant-attach', [], true, 'no redundant-attach'],
      ],
    );
    const first = ms[0].range;
    assert.equal(text.slice(first.start.character, first.end.character), '#! missing-unattach 701.3d 400.7');
  });

  it('marks the finding a marker matches, keeps reporting it, and makes its fixes not safe', () => {
    const text = lines('equip splitter to lion', 'equip splitter to lion   #! redundant-attach 701.3b', 'expect splitter attached to lion');
    const plain = check(text, { expectations: false }).findings;
    const judged = check(text).findings;
    assert.equal(plain.length, 1);
    assert.ok(plain[0].fixes.some((f) => f.safe), 'the redundant line has a safe fix');
    assert.equal(judged.length, 1);
    assert.equal(judged[0].expected, true);
    assert.equal(judged[0].message, plain[0].message);
    assert.ok(judged[0].fixes.every((f) => !f.safe), 'an expected finding offers no safe fix');
    assert.equal(applySafeFixes(text, judged), text, 'fix-all leaves an expected finding alone');
    assert.ok(!judged.some(isFailure));
  });

  it('one marker per finding: a second finding of the code on the line is not expected', () => {
    const text = lines('equip splitter to lion', 'equip splitter to lion   #! redundant-attach #! redundant-attach', 'expect splitter attached to lion');
    const fs = check(text).findings;
    assert.deepEqual(fs.map((f) => [f.code, f.expected === true]), [['redundant-attach', true], ['expected-finding-missing', false]]);
    assert.match(fs[1].message, /fewer findings than markers/);
  });

  it('a failed marker is an error at its own range; a `no` marker that sees its code is one too', () => {
    const text = lines('equip splitter to lion   #! redundant-attach', 'equip splitter to lion   #! no redundant-attach', 'expect splitter attached to lion');
    const fs = check(text).findings;
    assert.deepEqual(fs.map((f) => [f.range.start.line, f.code, f.severity, f.expected === true]), [
      [5, 'expected-finding-missing', 'error', false],
      [6, 'redundant-attach', 'warning', false],
      [6, 'unwanted-finding', 'error', false],
    ]);
    const missing = fs[0].range;
    assert.equal(text.split('\n')[5].slice(missing.start.character, missing.end.character), '#! redundant-attach');
  });

  it('the scenario as a test: expect lines and markers, expected against actual', () => {
    const text = lines('equip splitter to lion', 'equip splitter to lion   #! redundant-attach 701.3b', 'expect splitter attached to bear', 'expect splitter attached to lion');
    const t = testScenario(text);
    assert.equal(t.passed, false);
    assert.deepEqual(
      t.cases.map((c) => [c.kind, c.line, c.label, c.passed, c.expected, c.actual.split(':')[0]]),
      [
        ['expected-finding', 6, '#! redundant-attach 701.3b', true, 'redundant-attach [701.3b]', 'redundant-attach [701.3b, 701.3c]'],
        ['expect', 7, 'expect splitter attached to bear', false, 'splitter attached to bear', 'splitter is attached to lion'],
        ['expect', 8, 'expect splitter attached to lion', true, 'splitter attached to lion', 'splitter attached to lion'],
      ],
    );
    assert.equal(t.cases[1].failure?.code, 'expectation-failed');
    assert.deepEqual(t.unexpectedErrors, []);
    // An error nobody expects fails the scenario without being a case.
    const broken = testScenario(lines('equip splitter to ghost', 'expect splitter unattached'));
    assert.equal(broken.passed, false);
    assert.deepEqual(broken.unexpectedErrors.map((f) => f.code), ['unknown-name']);
    // An `expect` meant to fail, and marked so, passes.
    const meant = testScenario(lines('equip splitter to lion', 'expect splitter attached to bear   #! expectation-failed'));
    assert.equal(meant.passed, true);
    assert.equal(meant.cases.find((c) => c.kind === 'expect')?.failure?.expected, true);
  });

  it('many markers on one line stay linear (a marker per finding, each judged once)', () => {
    const n = 20000;
    const text = lines('equip splitter to lion' + '  #! redundant-attach'.repeat(n) + ' #! expected-finding-missing'.repeat(n), 'expect splitter attached to lion');
    const fs = check(text).findings;
    assert.equal(fs.filter((f) => f.code === 'expected-finding-missing' && f.expected).length, n);
    assert.ok(!fs.some(isFailure));
  });

  it('a file of 160,000 markers is judged whole (the stack is not its bound)', () => {
    const text = HEAD + '#! redundant-attach\n'.repeat(160_000);
    const result = check(text, { maxFindings: 10 });
    assert.equal(result.findings.length, 10);
    assert.ok(result.findings.every((f) => f.code === 'expected-finding-missing'));
    assert.equal(result.omitted?.error, 160_000 - 10);
  });

  it('fix-all with markers still removes exactly what it fixes (two fuzz counterexamples): a violated `#! no CODE` carries the fixes of the finding it sees', () => {
    const text =
      'game mtg\nplayer alice\nplayer bob\nplayer carol\ncard angel "Serra Angel": creature — Angel, owner bob, entered under alice, color white\n' +
      'card knight "White Knight": creature — Human Knight, owner carol, controller alice, color white\n' +
      'card shackles "Shackles": enchantment — Aura, enchant creature, owner carol, color white, attached to angel\n' +
      'card sword "Short Sword": artifact — Equipment, owner bob, attached to knight\n\n' +
      'leave alice                          #! no missing-unattach #! no missing-state-based-action\n' +
      'unattach shackles from angel\nunattach shackles from angel\nmove shackles to graveyard\n' +
      'expect angel in exile\nexpect knight in battlefield\nexpect sword attached to knight\nexpect shackles in graveyard\n';
    const unwanted = check(text).findings.find((f) => f.code === 'unwanted-finding');
    assert.ok(unwanted && unwanted.fixes.length > 0, 'the violated marker offers the fix of what it sees');
    for (const t of [text, text.replace(/\n/g, '\r\n')]) {
      const { hidden, added } = fixAllAccounting(t);
      assert.deepEqual({ hidden, added }, { hidden: [], added: [] });
    }
  });
});
