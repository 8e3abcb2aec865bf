// MTG `when put into a graveyard from the battlefield, EFFECT` (Rancor, Oathkeeper; 603.6c): N Auras on N
// creatures that die in one `together:` step are N triggers on the stack, resolved one by one, and the check
// stays linear in N (the unattaches owed, the triggers grouped and ordered, each `resolve X trigger`).
import assert from 'node:assert/strict';
import { check } from '../../core';
import { zoneReadsIn } from '../support/marks';

function rep(n: number, f: (i: number) => string): string {
  let s = '';
  for (let i = 0; i < n; i++) s += f(i);
  return s;
}

/** N creatures of bob's with a Rancor of alice's on each, all destroyed at once; each Rancor returned, in the order written. */
function rancors(n: number): string {
  return (
    'game mtg\nplayer alice\nplayer bob\n' +
    rep(n, (i) => `card c${i} "C": creature — Bear, owner bob, toughness 2\ncard r${i} "Rancor": enchantment — Aura, enchant creature, owner alice, when put into a graveyard from the battlefield, return it to its owner's hand, attached to c${i}\n`) +
    'turn alice main\n' +
    `together: ${rep(n, (i) => `${i ? '; ' : ''}destroy c${i}`)}\n` +
    rep(n, (i) => `unattach r${i} from c${i}\n`) +
    rep(n, (i) => `move r${i} to graveyard\n`) +
    rep(n, (i) => `resolve r${i} trigger\n`) +
    rep(n, (i) => `expect r${i} in hand\nexpect r${i} triggered once\n`)
  );
}

/** The reads of the `zone` of every card a check of `text` declares (a counter on each). */
function zoneReads(text: string): number {
  return zoneReadsIn(() => {
    const r = check(text);
    assert.deepEqual(r.findings.map((f) => `${f.range.start.line + 1}: ${f.code} ${f.message}`), []);
  });
}

describe('when put into a graveyard from the battlefield (MTG 603.6c)', () => {
  it('N Rancors on N creatures that die in one step: N triggers, each returns its Rancor', () => {
    assert.deepEqual(check(rancors(5)).findings, []);
    // Resolved twice, the second finds nothing waiting.
    const twice = check(rancors(2) + 'resolve r0 trigger\n').findings;
    assert.deepEqual(twice.map((f) => [f.code, f.range.start.line]), [['impossible-event', rancors(2).split('\n').length - 1]]);
  });

  it('stays linear in the Rancors that die at once', () => {
    // Counted, not timed: the reads of the cards' zones.
    const small = zoneReads(rancors(400));
    const large = zoneReads(rancors(800));
    assert.ok(large < 2.2 * small, `${small} reads for 400, ${large} for 800`);
  });
});
