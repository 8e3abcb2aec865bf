// Riftbound static Might effects of permanents (`other friendly units have +1 Might`, 477.3): each unit's
// share is kept by the index MTG's anthems use (engine/staticShares.ts, rules/riftbound/staticMight.ts).
// After every step of random scenarios (effects of several words coming and going, attached as gear and
// detached, given to another player; units moving, buffed, equipped, damaged), each unit's share must equal
// the one worked out from scratch on a copy of the board, and no unit may be left on the board with damage
// reaching its Might (143.2.a). A change of an effect looks at a class's units only when one may die.
import assert from 'node:assert/strict';
import { check } from '../../core';
import { effectiveMight } from '../../core/engine/board';
import { initialMight } from '../../core/rules/riftbound/staticMight';
import { shareTest } from '../../core/engine/staticShares';
import { prng } from '../support/prng';
import { shareProblem } from '../support/shares';

const PLAYERS = ['alice', 'bob'];
const EFFECTS = ['friendly units have +1 Might', 'other friendly units have +1 Might', 'enemy units have -1 Might', 'units here have +1 Might', 'units with a buff have +1 Might', 'equipped units have +2 Might', 'Bird units here have -1 Might', 'other units have -2 Might', 'nontoken units you control have +1 Might'];
const PLACES = ['at base', 'at battlefield river', 'at battlefield peak'];

function pick<T>(next: () => number, xs: readonly T[]): T {
  return xs[Math.floor(next() * xs.length)];
}

/** A random Riftbound scenario: sources (units and gear) with effects, units, an Equipment, and events that change them. */
function scenario(next: () => number): string {
  const lines = ['game riftbound', ...PLAYERS.map((p) => `player ${p}`)];
  for (let i = 0; i < 4; i++) {
    const gear = next() < 0.5;
    lines.push(`card s${i} "S": ${gear ? 'gear — Equipment, equip' : 'unit, might 3'}, owner ${pick(next, PLAYERS)}, ${gear ? 'at base' : pick(next, PLACES)}, ${pick(next, EFFECTS)}`);
  }
  for (let i = 0; i < 5; i++) lines.push(`card u${i} "U": unit${next() < 0.4 ? ' — Bird' : ''}, might ${1 + Math.floor(next() * 4)}, owner ${pick(next, PLAYERS)}, ${pick(next, PLACES)}`);
  lines.push('card sword "Sword": gear — Equipment, equip, owner alice, at base, might-bonus +1');
  lines.push('');
  for (let k = 0; k < 25; k++) {
    const r = next();
    const u = `u${Math.floor(next() * 5)}`;
    const s = `s${Math.floor(next() * 4)}`;
    if (r < 0.12) lines.push(`move ${pick(next, [u, s])} to ${pick(next, ['base', 'battlefield river', 'battlefield peak'])}`);
    else if (r < 0.22) lines.push(`attach ${pick(next, [s, 'sword'])} to ${u}`);
    else if (r < 0.3) lines.push(`detach ${pick(next, [s, 'sword'])}`);
    else if (r < 0.4) lines.push(`deal 1 damage to ${u}`);
    else if (r < 0.48) lines.push(`buff ${u}`);
    else if (r < 0.52) lines.push(`spend buff from ${u}`);
    else if (r < 0.6) lines.push(`control ${pick(next, [u, s])} ${pick(next, PLAYERS)}`);
    else if (r < 0.68) lines.push(`kill ${s}`);
    else if (r < 0.74) lines.push(`enter ${pick(next, [u, s])} at ${pick(next, ['base', 'battlefield river'])}`);
    else if (r < 0.8) lines.push(`move ${pick(next, [u, s])} to hand`);
    else if (r < 0.86) lines.push(`heal ${u}`);
    else if (r < 0.9) lines.push(`turn ${pick(next, PLAYERS)}`);
    else lines.push(`kill ${u}`);
  }
  return lines.join('\n') + '\n';
}

/**
 * Every unit's share as from scratch, and none left on the board with damage reaching its Might (143.2.a,
 * 323.5) unless the next cleanup looks at it (a recall, step 5, that took it from "here" after step 3b's kills).
 */
function mightProblem(text: string): string | undefined {
  return shareProblem(text, 'riftbound', initialMight, (c) => c.might !== undefined, (c) => {
    const m = effectiveMight(c);
    return m !== undefined && !c.dirty && c.types.has('unit') && (c.zone === 'base' || c.zone === 'battlefield') && c.damage > 0 && c.damage >= m ? `alive with Might ${m} and ${c.damage} damage` : undefined;
  });
}

describe('Riftbound static Might effects of permanents (477.3)', () => {
  it("keep each unit's share equal to one worked out from scratch, and kill what they kill, after every step of random scenarios", () => {
    const next = prng(477_3);
    for (let k = 0; k < 300; k++) {
      const text = scenario(next);
      const problem = mightProblem(text);
      assert.equal(problem, undefined, `${problem}\n${text}`);
    }
  });

  it('look at no unit as the source is attached and detached, when no unit can die of it (N units, N events)', () => {
    const looks = (n: number): number => {
      let s = 'game riftbound\nplayer alice\ncard banner "Banner": gear — Equipment, equip, owner alice, at base, other friendly units have +1 Might\n';
      for (let i = 0; i < n; i++) s += `card u${i} "U": unit, owner alice, might 2, at base\n`;
      for (let i = 0; i < n; i++) s += 'attach banner to u0\ndetach banner\n';
      shareTest.looks = 0;
      assert.deepEqual(check(s).findings, []);
      return shareTest.looks;
    };
    // The declared board judges each unit once; each toggle judges the unit it is attached to, and no other.
    const small = looks(100);
    const big = looks(400);
    assert.ok(small <= 4 * 100 + 10, `100 units, 100 toggles: ${small} looks`);
    assert.ok(big <= 4 * 400 + 10, `400 units, 400 toggles: ${big} looks`);
  });

  it('look at the one unit once per event as N effects with the same words leave one at a time (N effects, one unit)', () => {
    const looks = (n: number): number => {
      let s = 'game riftbound\nplayer alice\ncard vi "Vi": unit, owner alice, might 1, at base, damage 1\n';
      for (let i = 0; i < n; i++) s += `card s${i} "S": gear, owner alice, at base, friendly units have +1 Might\n`;
      for (let i = 0; i < n - 1; i++) s += `kill s${i}\n`;
      shareTest.looks = 0;
      assert.deepEqual(check(s).findings, []);
      return shareTest.looks;
    };
    const small = looks(100);
    const big = looks(400);
    assert.ok(small <= 3 * 100 + 10, `100 effects: ${small} looks`);
    assert.ok(big <= 3 * 400 + 10, `400 effects: ${big} looks`);
  });

  it('an effect that kills is a missing state-based action citing 477.3, and the source attached as gear stops', () => {
    const s = 'game riftbound\nplayer alice\ncard banner "Banner": gear — Equipment, equip, owner alice, at base, friendly units have +1 Might\ncard vi "Vi": unit, owner alice, might 1, at base, damage 1\ncard ekko "Ekko": unit, owner alice, might 3, at base\n';
    const findings = check(s + 'equip banner to ekko\n').findings;
    assert.deepEqual(findings.map((f) => f.code), ['missing-state-based-action']);
    assert.ok(findings[0].rules.includes('477.3') && findings[0].rules.includes('143.2.a'), findings[0].rules.join());
    assert.deepEqual(check(s + 'equip banner to ekko\nmove vi to trash\nexpect vi in trash\n').findings, []);
  });
});
