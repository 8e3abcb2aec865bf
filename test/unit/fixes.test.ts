// Fixes never lose the author's words: deleting a line keeps the comments written on it. A safe
// fix never hides another finding.
import assert from 'node:assert/strict';
import { check, applyEdits, applySafeFixes, demoteHidingFixes, markExpectedFix, isFailure, type Finding, type Fix, type Range } from '../../core';
import { EXAMPLES_DIR, listBoards, readText } from '../support/fixtures';
import { fixAllAccounting } from '../fuzz/properties';

const HEAD = 'game mtg\nplayer a\ncard l "L": creature — Cat\ncard s "S": artifact — Equipment\nequip s to l\n';

describe('fixes', () => {
  it('removing a redundant line keeps its comment as a line of its own', () => {
    const text = HEAD + 'equip s to l   # the judge asked about this one\nexpect s attached to l\n';
    const fixed = applySafeFixes(text, check(text).findings);
    assert.equal(fixed, HEAD + '# the judge asked about this one\nexpect s attached to l\n');
    assert.deepEqual(check(fixed).findings, []);
  });

  it('at the end of a file without a final line break, with CRLF line ends', () => {
    const text = (HEAD + 'expect s attached to l\nequip s to l # last').replace(/\n/g, '\r\n');
    const fixed = applySafeFixes(text, check(text).findings);
    assert.equal(fixed, (HEAD + 'expect s attached to l\n# last').replace(/\n/g, '\r\n'));
    assert.equal(applySafeFixes(fixed, check(fixed).findings), fixed);
  });

  it('a line without a comment goes entirely', () => {
    const text = HEAD + 'equip s to l\nexpect s attached to l\n';
    assert.equal(applySafeFixes(text, check(text).findings), HEAD + 'expect s attached to l\n');
  });

  it("naming an entering Aura's only host on a `move` line keeps its comment and its `under P` on the next line (303.4f)", () => {
    const board = 'game mtg\nplayer a\nplayer b\ncard l "L": creature — Cat, owner a\ncard s "S": enchantment — Aura, enchant creature you control, owner b, in graveyard\n';
    const text = board + 'move s to battlefield   # Beacon of Unrest\n  under a\nexpect s attached to l\n';
    const fixed = applySafeFixes(text, check(text).findings);
    assert.equal(fixed, board + 'enter s attached to l   # Beacon of Unrest\n  under a\nexpect s attached to l\n');
    assert.deepEqual(check(fixed).findings, []);
  });

  it('removing a controller declared on a card in a graveyard takes its comma, not a repeated property before it (108.4a)', () => {
    const text = 'game mtg\nplayer a\nplayer b\ncard g "G": creature — Zombie, owner b, in graveyard, in exile, controller a   # reanimated later\n';
    const fix = check(text).findings.find((f) => f.code === 'syntax-error' && f.rules.includes('108.4a'))!.fixes[0];
    assert.ok(fix.safe);
    assert.equal(applyEdits(text, fix.edits), 'game mtg\nplayer a\nplayer b\ncard g "G": creature — Zombie, owner b, in graveyard, in exile   # reanimated later\n');
  });
});

// Issue 13, item 3: a safe fix changes only what its own finding is about.
describe('safe fixes hide no other finding', () => {
  const BOARD = 'game mtg\nplayer a\ncard l "L": creature — Cat\ncard b "B": creature — Bear\ncard s "S": artifact — Equipment, attached to l\ncard w "W": artifact — Equipment, attached to b\n';
  const codes = (text: string) => check(text).findings.map((f) => f.code);
  const removal = (text: string, code: string) => check(text).findings.find((f) => f.code === code)!.fixes[0];

  it('a redundant line with a syntax error on it: the removal is offered, not as safe, and fix-all keeps both findings', () => {
    const text = BOARD + 'equip s to l !\nexpect s attached to l\n';
    assert.deepEqual(codes(text), ['redundant-attach', 'syntax-error']);
    const fix = removal(text, 'redundant-attach');
    assert.equal(fix.title, 'Remove the redundant line');
    assert.equal(fix.safe, false);
    assert.equal(applySafeFixes(text, check(text).findings), text);
  });

  it('a statement whose continuation line has a problem is not removed by fix-all', () => {
    const text = BOARD + 'card c "C": artifact — Equipment\nunattach c\n  from b @\nunattach c from b\nexpect c unattached\n';
    const r = check(text);
    // The same event without the stray character is safely removed.
    assert.deepEqual(r.findings.map((f) => [f.code, f.range.start.line, f.fixes.map((x) => x.safe)]), [
      ['ineffective-unattach', 7, [false]],
      ['syntax-error', 8, []],
      ['ineffective-unattach', 9, [true]],
    ]);
    assert.equal(applySafeFixes(text, r.findings), BOARD + 'card c "C": artifact — Equipment\nunattach c\n  from b @\nexpect c unattached\n');
  });

  it('without the other finding, the same removal is safe', () => {
    const text = BOARD + 'equip s to l\nexpect s attached to l\n';
    assert.equal(removal(text, 'redundant-attach').safe, true);
    assert.equal(applySafeFixes(text, check(text).findings), BOARD + 'expect s attached to l\n');
  });

  it('a part of a together: group that does nothing is removed alone, with its `;`', () => {
    const first = BOARD + 'together: attach s to l; attach w to l\nexpect w attached to l\n';
    assert.equal(removal(first, 'redundant-attach').title, 'Remove the redundant part');
    assert.equal(applySafeFixes(first, check(first).findings), BOARD + 'together: attach w to l\nexpect w attached to l\n');
    const last = BOARD + 'together:\n  attach w to l;\n  attach s to l # kept\nexpect w attached to l\n';
    assert.equal(applySafeFixes(last, check(last).findings), BOARD + 'together:\n  attach w to l # kept\nexpect w attached to l\n');
  });

  it('when every part of a group does nothing, fix-all removes the line once (and a second fix-all changes nothing)', () => {
    const text = BOARD + 'card c "C": artifact — Equipment\ntogether: attach s to l; attach w to b; unattach c\nexpect s attached to l\n';
    const r = check(text);
    assert.deepEqual(r.findings.map((f) => f.code), ['redundant-attach', 'redundant-attach', 'ineffective-unattach']);
    assert.equal(new Set(r.findings.map((f) => JSON.stringify(f.fixes[0].edits))).size, 1, 'one edit, the whole line');
    const once = applySafeFixes(text, r.findings);
    assert.equal(once, BOARD + 'card c "C": artifact — Equipment\nexpect s attached to l\n');
    assert.equal(applySafeFixes(once, check(once).findings), once);
  });

  it('a part that does nothing is removed in the same fix-all that records the consequences of its group (a second fix-all changes nothing)', () => {
    // Riftbound: `detach a` does nothing; exiling c (controlled by bob) detaches z (719.5), and the cleanup after
    // the whole group recalls z from bob's base to alice's (323.7): a finding on the group's range.
    const text = 'game riftbound\nplayer alice\nplayer bob\ncard c "C": unit, owner alice, controller bob\ncard z "Z": gear — Equipment, owner alice, attached to c\ncard a "A": unit, owner alice\ntogether: detach a; exile c\n';
    const r = check(text);
    assert.deepEqual(r.findings.map((f) => f.code).sort(), ['ineffective-unattach', 'missing-state-based-action', 'missing-unattach']);
    const fixed = applySafeFixes(text, r.findings);
    assert.match(fixed, /^together: exile c\n(recall z\ndetach z from c|detach z from c\nrecall z)\n/m);
    assert.deepEqual(check(fixed).findings, []);
    assert.equal(applySafeFixes(fixed, check(fixed).findings), fixed);
  });

  it('a line that does nothing, whose cleanup owes a line after it: fix-all records the cleanup and removes the line in one pass', () => {
    // Found by the fuzzer. Riftbound: gear unattached at a battlefield is recalled in the cleanup after the next
    // action (319.5, 323.7); the detach itself does nothing (435.1.a). Alone, the removal would hide the missing
    // recall (it is not safe); with the recall taken in the same fix-all, it hides nothing, and a second fix-all
    // found nothing left to do only once both were taken together.
    const text = 'game riftbound\nplayer alice\ncard gloves "G": gear — Equipment, owner alice, at battlefield b1\ndetach gloves\n';
    const r = check(text);
    assert.deepEqual(r.findings.map((f) => [f.code, f.fixes.map((x) => x.safe)]), [['ineffective-unattach', [false]], ['missing-state-based-action', [true]]]);
    const once = applySafeFixes(text, r.findings);
    assert.equal(once, 'game riftbound\nplayer alice\ncard gloves "G": gear — Equipment, owner alice, at battlefield b1\nrecall gloves\n');
    assert.equal(applySafeFixes(once, check(once).findings), once);
    assert.deepEqual(fixAllAccounting(text), { fixed: 2, hidden: [], added: [] });
  });

  it('the second look takes no removal that would hide a finding fix-all leaves', () => {
    // The same line, with a syntax error on it that no fix takes: the removal stays out of fix-all.
    const text = 'game riftbound\nplayer alice\ncard gloves "G": gear — Equipment, owner alice, at battlefield b1\ndetach gloves !\n';
    const r = check(text);
    assert.deepEqual(r.findings.map((f) => f.code).sort(), ['ineffective-unattach', 'missing-state-based-action', 'syntax-error']);
    const once = applySafeFixes(text, r.findings);
    assert.match(once, /^detach gloves !\nrecall gloves\n/m);
  });

  it('an attack declared after an event points at that event: removing it would change the finding, so fix-all keeps it (508.2)', () => {
    // Found by the fuzzer: fix-all removed the ineffective line, and the second attack became part of the first
    // declaration, with another finding.
    const text = 'game mtg\nplayer alice\ncard g "G": creature — Cat, owner alice\ncard s "S": artifact — Equipment, owner alice\nattack with g\nunattach s\nattack with g\n';
    const r = check(text);
    const late = r.findings.find((f) => f.code === 'impossible-event')!;
    assert.deepEqual(late.related.map((x) => [x.range.start.line, x.message]), [[5, 'the first event after the attacks, which ended their declaration']]);
    assert.deepEqual(r.findings.find((f) => f.code === 'ineffective-unattach')!.fixes.map((x) => x.safe), [false]);
    assert.equal(applySafeFixes(text, r.findings), text);
    assert.deepEqual(fixAllAccounting(text), { fixed: 0, hidden: [], added: [] });
    // The same for a block declared after an event (509.2).
    const blocks = 'game mtg\nplayer alice\nplayer bob\ncard g "G": creature — Cat, owner alice\ncard c "C": creature — Bear, owner bob\ncard d "D": creature — Bear, owner bob\ncard s "S": artifact — Equipment, owner alice\nattack with g\nblock g with c\nunattach s\nblock g with d\n';
    const b = check(blocks);
    assert.deepEqual(b.findings.find((f) => f.code === 'impossible-event')!.related.map((x) => [x.range.start.line, x.message]), [[9, 'the first event after the blocks, which ended their declaration']]);
    assert.equal(applySafeFixes(blocks, b.findings), blocks);
  });

  it('a property written twice points at the first, which counts: fix-all does not remove the first and change the finding', () => {
    // Found by the fuzzer: the first `controller` (a card in hand has none) was removed, and the second's finding changed.
    const text = 'game riftbound\nplayer alice\ncard a "A": gear — Equipment, owner alice, in hand\n    , controller alice\n    , controller alice\n';
    const r = check(text);
    const twice = r.findings.find((f) => /written twice/.test(f.message))!;
    assert.deepEqual(twice.related.map((x) => [x.range, x.message]), [[{ start: { line: 3, character: 6 }, end: { line: 3, character: 22 } }, 'the first one, which counts']]);
    assert.equal(applySafeFixes(text, r.findings), text);
    assert.deepEqual(fixAllAccounting(text), { fixed: 0, hidden: [], added: [] });
  });

  it('a group whose parts are separated by a comment keeps the other parts: that removal is not safe', () => {
    const text = BOARD + 'together: attach w to l; attach s to l\nexpect w attached to l\n';
    const commented = BOARD + 'together: attach w to l\n  # a note\n  ; attach s to l\nexpect w attached to l\n';
    assert.equal(removal(text, 'redundant-attach').safe, true);
    const fix = removal(commented, 'redundant-attach');
    assert.equal(fix.safe, false);
    assert.match(fix.title, /whole line/);
    assert.equal(applySafeFixes(commented, check(commented).findings), commented);
  });

  it('naming a forced Aura host rewrites the event another finding points at: still safe, and fix-all is idempotent', () => {
    // Found by the fuzzer: demoting this fix made a second fix-all apply it.
    const text = 'game mtg\nplayer alice\nplayer carol\ncard plains "P": enchantment — Aura, owner alice, controller carol, enchant card you don\'t control\ncard garrison "G": land — Forest, owner alice\nmove plains to battlefield\n';
    const r = check(text);
    assert.deepEqual(r.findings.map((f) => [f.code, f.fixes.map((x) => x.safe)]).filter(([c]) => c !== 'illegal-attachment'), [['forced-aura-host', [true]], ['missing-state-based-action', [true]]]);
    const once = applySafeFixes(text, r.findings);
    assert.equal(applySafeFixes(once, check(once).findings), once);
    assert.deepEqual(fixAllAccounting(text), { fixed: 2, hidden: [], added: [] });
  });

  it('removing the first event is not safe while declarations written after it are findings about it', () => {
    const text = 'game mtg\ncard s "S": artifact — Equipment\nunattach s\nplayer a\nexpect s unattached\n';
    const r = check(text);
    const late = r.findings.find((f) => f.code === 'syntax-error')!;
    assert.deepEqual(late.related.map((x) => x.range.start.line), [2]);
    assert.equal(r.findings.find((f) => f.code === 'ineffective-unattach')!.fixes[0].safe, false);
    assert.equal(applySafeFixes(text, r.findings), text);
  });
});

describe('demoteHidingFixes', () => {
  const at = (line: number, a: number, b = a, endLine = line) => ({ start: { line, character: a }, end: { line: endLine, character: b } });
  const finding = (code: string, range: Range, fixes: Fix[] = []): Finding => ({ code, kind: 'syntax-error', severity: 'error', rules: [], message: code, text: { template: code, args: [] }, range, related: [], fixes, subjects: [] });
  const del = (line: number): Fix => ({ title: 'Remove the line', safe: true, edits: [{ range: at(line, 0, 0, line + 1), newText: '' }] });
  const ins = (line: number, ch: number): Fix => ({ title: 'Insert', safe: true, edits: [{ range: at(line, ch), newText: 'x' }] });
  const safety = (fs: Finding[]) => demoteHidingFixes(fs).map((f) => f.fixes.map((x) => x.safe));

  it('demotes a deletion over another finding, an empty one inside it, and keeps the input unchanged', () => {
    const input = [finding('a', at(3, 0, 5), [del(3)]), finding('b', at(3, 7, 8))];
    assert.deepEqual(safety(input), [[false], []]);
    assert.equal(input[0].fixes[0].safe, true, 'the input is not modified');
    assert.deepEqual(safety([finding('a', at(3, 0, 5), [del(3)]), finding('b', at(3, 9))]), [[false], []]);
  });

  it('keeps a deletion safe next to findings on the lines around it', () => {
    assert.deepEqual(safety([finding('x', at(2, 0, 4)), finding('a', at(3, 0, 5), [del(3)]), finding('b', at(4, 0, 3)), finding('c', at(4, 0))]), [[], [true], [], []]);
  });

  it('demotes an insertion that splits a range or lands on an empty one, not one beside a range', () => {
    assert.deepEqual(safety([finding('a', at(1, 0, 4), [ins(2, 3)]), finding('b', at(2, 0, 6))]), [[false], []]);
    assert.deepEqual(safety([finding('a', at(1, 0, 4), [ins(2, 3)]), finding('b', at(2, 3))]), [[false], []]);
    assert.deepEqual(safety([finding('a', at(1, 0, 4), [ins(2, 0)]), finding('b', at(2, 0, 6)), finding('c', at(1, 0, 5))]), [[true], [], []]);
  });

  it('a fix that rewrites exactly the range of another finding leaves it its new text (not demoted), but not one inside', () => {
    const rewrite: Fix = { title: 'Rewrite', safe: true, edits: [{ range: at(4, 0, 9), newText: 'y' }] };
    assert.deepEqual(safety([finding('a', at(4, 0, 9), [rewrite]), finding('b', at(4, 0, 9))]), [[true], []]);
    assert.deepEqual(safety([finding('a', at(4, 0, 9), [rewrite]), finding('b', at(4, 2, 3))]), [[false], []]);
  });

  it('findings that offer the same safe fix resolve one another', () => {
    assert.deepEqual(safety([finding('a', at(3, 0, 5), [del(3)]), finding('b', at(3, 6, 9), [{ ...del(3), title: 'other' }])]), [[true], [true]]);
  });

  it('fixes that start at one place are told apart by all their edits: the same ones group, others do not', () => {
    // Three deletions from the start of line 3 (to the end of lines 3, 4 and 5), one offered twice.
    const to = (last: number): Fix => ({ title: 'Remove', safe: true, edits: [{ range: at(3, 0, 0, last + 1), newText: '' }] });
    const a = finding('a', at(3, 0, 5), [to(3)]);
    const a2 = finding('a2', at(3, 6, 8), [to(3)]);
    // Its own line's deletion touches only a and a2, which offer it: safe. The longer ones touch a
    // and a2 and do not resolve them: not safe.
    assert.deepEqual(safety([a, a2, finding('b', at(2, 0, 1), [to(4)]), finding('c', at(1, 0, 1), [to(5)])]), [[true], [true], [false], [false]]);
    // Insertions at one place with other texts: each its own fix, demoted only where it splits a range.
    const put = (text: string): Fix => ({ title: 'Insert', safe: true, edits: [{ range: at(6, 2), newText: text }] });
    assert.deepEqual(safety([finding('p', at(1, 0, 1), [put('x')]), finding('q', at(1, 2, 3), [put('y')]), finding('r', at(1, 4, 5), [put('x')])]), [[true], [true], [true]]);
    assert.deepEqual(safety([finding('p', at(1, 0, 1), [put('x')]), finding('q', at(1, 2, 3), [put('y')]), finding('s', at(6, 0, 4))]), [[false], [false], []]);
  });

  it('a related location counts as what a finding is about', () => {
    const b = { ...finding('b', at(7, 0, 5)), related: [{ range: at(3, 0, 5), message: 'here' }] };
    assert.deepEqual(safety([finding('a', at(3, 0, 5), [del(3)]), b]), [[false], []]);
  });
});

// "Mark as expected" (like ESLint's "disable for this line"): ` #! CODE` at the end of the line.
describe('fixes: mark as expected', () => {
  const lineOf = (text: string, line: number) => text.split(/\r\n|\r|\n/)[line] ?? '';
  const markAll = (text: string): string => {
    // One finding at a time, as a user would: each mark makes its finding expected and fails nothing.
    for (let guard = 0; guard < 200; guard++) {
      const f = check(text).findings.find((x) => !x.expected);
      if (!f) return text;
      const fix = markExpectedFix(lineOf(text, f.range.start.line), f);
      assert.ok(fix, `no mark for ${f.code} on line ${f.range.start.line + 1}`);
      assert.equal(fix.safe, false, 'it changes what the scenario asserts');
      const next = applyEdits(text, fix.edits);
      const same = (g: Finding) => g.code === f.code && g.range.start.line === f.range.start.line;
      assert.equal(check(next).findings.filter((g) => same(g) && !g.expected).length, check(text).findings.filter((g) => same(g) && !g.expected).length - 1);
      text = next;
    }
    throw new Error('marking did not end');
  };

  it('marks every finding of every example (markers removed first): then nothing fails and the findings are the same', () => {
    for (const file of listBoards(EXAMPLES_DIR)) {
      const bare = readText(file).replace(/[ \t]*#!.*$/gm, '');
      const marked = markAll(bare);
      const before = check(bare).findings.map((f) => `${f.range.start.line} ${f.code} ${f.message}`);
      const after = check(marked).findings;
      assert.ok(!after.some(isFailure), file);
      assert.deepEqual(after.map((f) => `${f.range.start.line} ${f.code} ${f.message}`), before, file);
      assert.ok(after.every((f) => f.expected), file);
    }
  });

  it('appends after a trailing comment, keeps CRLF, and is not offered where the marker would not be read', () => {
    const text = (HEAD + 'equip s to l   # again  \nexpect s attached to l\n').replace(/\n/g, '\r\n');
    const [f] = check(text).findings;
    const fix = markExpectedFix(lineOf(text, 5) + '\r\n', f)!;
    // Inserted after the comment's last word: trailing blanks stay where they were.
    assert.equal(applyEdits(text, fix.edits), text.replace('# again  ', '# again #! redundant-attach  '));
    // Already expected, or said not to be: nothing to offer.
    const marked = applyEdits(text, fix.edits);
    const [g] = check(marked).findings;
    assert.equal(g.expected, true);
    assert.equal(markExpectedFix(lineOf(marked, 5), g), undefined);
    const no = HEAD + 'equip s to l   #! no redundant-attach\n';
    const h = check(no).findings.find((x) => x.code === 'redundant-attach')!;
    assert.equal(markExpectedFix(lineOf(no, 5), h), undefined);
    // The finding about an expectation is not marked itself (its fix is to change the marker).
    const missing = check(HEAD + 'expect s attached to l   #! redundant-attach\n').findings.find((x) => x.code === 'expected-finding-missing')!;
    assert.equal(markExpectedFix('expect s attached to l   #! redundant-attach', missing), undefined);
    // A line ending in an open string: the marker would be string text, so no fix.
    const open = HEAD + 'card x "X: creature\n';
    const syntax = check(open).findings.find((x) => x.range.start.line === 5)!;
    assert.equal(markExpectedFix(lineOf(open, 5), syntax), undefined);
  });
});
