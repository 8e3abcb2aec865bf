// MTG static effects on every creature a filter describes (`white creatures get +1/+1`, 613.4c): each
// creature's share is kept as the effects and the creature change (rules/mtg/anthems.ts), grouped by
// their words, and looked at only for the cards an event changed. After every step of random scenarios
// (anthems of several words entering, leaving, phasing, stripped of their abilities and given away;
// Auras that paint a creature white or grant it flying; Equipment; counters), each creature's share
// must equal the one worked out from scratch on a copy of the board; and a copy of the board (the
// editor's resume points) must keep its own index.
import assert from 'node:assert/strict';
import { parse } from '../../core/parser/parser';
import { Replay } from '../../core/engine/replay';
import { RULESETS } from '../../core/analysis/common';
import { anthemTest, initialAnthems } from '../../core/rules/mtg/anthems';
import { anthemOf, effectiveToughness } from '../../core/engine/board';
import { isCreature } from '../../core/rules/mtg/characteristics';
import { check } from '../../core';
import { prng } from '../support/prng';
import { shareProblem } from '../support/shares';

const PLAYERS = ['alice', 'bob'];
const ANTHEMS = ['creatures get +1/+1', 'white creatures get +1/+1', 'other creatures get -1/-1', 'creatures you control get +0/+1', 'creatures with no abilities get +2/+2', 'equipped creatures you control get +1/+1', 'enchanted creatures get -1/-1', 'nonwhite creatures an opponent controls get -1/-1', 'Bears get +1/+1', 'other Bear creatures you control get +1/+1'];

function pick<T>(next: () => number, xs: readonly T[]): T {
  return xs[Math.floor(next() * xs.length)];
}

/**
 * Scenarios where the anthems' sums rise and fall often (sources phased out and in, -X/-X anthems) over
 * creatures with little toughness and damage marked: the creatures a fall kills must be found although
 * only the classes whose bound says they may die are looked at.
 */
function fallingScenario(next: () => number): string {
  const lines = ['game mtg', ...PLAYERS.map((p) => `player ${p}`)];
  const sources: string[] = [];
  const texts = ['creatures get +1/+1', 'creatures get -1/-1', 'white creatures get -2/-2', 'creatures you control get +2/+2', 'other creatures get -1/-1', 'Cats get -1/-1', 'nonwhite creatures get +1/+1'];
  for (let i = 0; i < 2 + Math.floor(next() * 4); i++) {
    lines.push(`card s${i} "S": ${next() < 0.3 ? 'creature — Cat, toughness 3' : 'enchantment'}, owner ${pick(next, PLAYERS)}${next() < 0.5 ? ', in hand' : ''}, ${pick(next, texts)}`);
    sources.push(`s${i}`);
  }
  const creatures: string[] = [];
  for (let i = 0; i < 6; i++) {
    lines.push(`card c${i} "C": creature — ${pick(next, ['Bear', 'Cat'])}, owner ${pick(next, PLAYERS)}, color ${pick(next, ['white', 'green'])}, toughness ${3 + Math.floor(next() * 4)}`);
    creatures.push(`c${i}`);
  }
  lines.push(`card paint "Paint": enchantment — Aura, enchant creature, owner alice, in hand, enchanted creature is white`);
  for (let i = 0; i < 10 + Math.floor(next() * 30); i++) {
    const r = next();
    const s = pick(next, sources);
    const c = pick(next, creatures);
    if (r < 0.3) lines.push(`phase ${next() < 0.5 ? 'out' : 'in'} ${s}`);
    else if (r < 0.4) lines.push(`enter ${s}`);
    else if (r < 0.47) lines.push(`move ${s} to ${pick(next, ['graveyard', 'hand'])}`);
    else if (r < 0.6) lines.push(`deal ${1 + Math.floor(next() * 2)} damage to ${c}`);
    else if (r < 0.66) lines.push(`put a ${next() < 0.5 ? '-1/-1' : '+1/+1'} counter on ${c}`);
    else if (r < 0.72) lines.push(`control ${pick(next, [...sources, ...creatures])} ${pick(next, PLAYERS)}`);
    else if (r < 0.78) lines.push(`enter paint attached to ${c}`);
    else if (r < 0.82) lines.push(`destroy paint`);
    else if (r < 0.86) lines.push(`phase ${next() < 0.5 ? 'out' : 'in'} ${c}`);
    else if (r < 0.9) lines.push(`turn ${pick(next, PLAYERS)}`);
    else if (r < 0.95) lines.push(`enter ${c}`);
    else lines.push(`becomes ${c} ${pick(next, ['white', 'green'])}`);
  }
  return lines.join('\n') + '\n';
}

function scenario(next: () => number): string {
  const lines = ['game mtg', ...PLAYERS.map((p) => `player ${p}`)];
  const sources: string[] = [];
  for (let i = 0; i < 2 + Math.floor(next() * 4); i++) {
    const zone = next() < 0.6 ? '' : ', in hand';
    lines.push(`card s${i} "S": ${next() < 0.3 ? 'creature — Bear, toughness 3' : 'enchantment'}, owner ${pick(next, PLAYERS)}${zone}, ${pick(next, ANTHEMS)}`);
    sources.push(`s${i}`);
  }
  const creatures: string[] = [];
  for (let i = 0; i < 4; i++) {
    lines.push(`card c${i} "C": creature — ${pick(next, ['Bear', 'Cat'])}, owner ${pick(next, PLAYERS)}, color ${pick(next, ['white', 'green'])}, toughness ${4 + Math.floor(next() * 3)}`);
    creatures.push(`c${i}`);
  }
  lines.push(`card paint "Paint": enchantment — Aura, enchant creature, owner alice, in hand, enchanted creature is white`);
  lines.push(`card wings "Wings": enchantment — Aura, enchant creature, owner alice, in hand, enchanted creature has flying`);
  lines.push(`card frog "Frogify": enchantment — Aura, enchant permanent, owner bob, in hand, enchanted permanent loses all abilities`);
  lines.push(`card sword "Sword": artifact — Equipment, equip, owner alice`);
  const all = [...sources, ...creatures];
  for (let i = 0; i < 10 + Math.floor(next() * 20); i++) {
    const r = next();
    const s = pick(next, sources);
    const c = pick(next, creatures);
    const p = pick(next, PLAYERS);
    if (r < 0.12) lines.push(`enter ${s}`);
    else if (r < 0.2) lines.push(`move ${s} to ${pick(next, ['graveyard', 'hand'])}`);
    else if (r < 0.26) lines.push(`phase ${next() < 0.5 ? 'out' : 'in'} ${pick(next, all)}`);
    else if (r < 0.32) lines.push(`control ${pick(next, all)} ${p}`);
    else if (r < 0.38) lines.push(`loses ${s} all abilities`);
    else if (r < 0.46) lines.push(`enter ${pick(next, ['paint', 'wings'])} attached to ${c}`);
    else if (r < 0.5) lines.push(`enter frog attached to ${s}`);
    else if (r < 0.56) lines.push(`destroy ${pick(next, ['paint', 'wings', 'frog'])}`);
    else if (r < 0.64) lines.push(`attach sword to ${c}`);
    else if (r < 0.68) lines.push(`unattach sword from ${c}`);
    else if (r < 0.74) lines.push(`becomes ${c} ${pick(next, ['white', 'green', 'red'])}`);
    else if (r < 0.8) lines.push(`put a -1/-1 counter on ${c}`);
    else if (r < 0.84) lines.push(`gains ${c} flying${next() < 0.5 ? ' until end of turn' : ''}`);
    else if (r < 0.86) lines.push(`turn ${p}`);
    else if (r < 0.9) lines.push(`enter ${c}`);
    else if (r < 0.95) lines.push(`move ${c} to graveyard`);
    else lines.push(`destroy ${s}`);
  }
  return lines.join('\n') + '\n';
}

/** Replays `text` step by step (test/support/shares.ts): every creature's share as from scratch, none left alive with toughness 0 or less or lethal damage (704.5f, 704.5g). */
function anthemProblem(text: string): string | undefined {
  // (A share is read only with a stated toughness: one the declarations found deadly is dropped, its share with it.)
  return shareProblem(text, 'mtg', initialAnthems, (c) => c.toughness !== undefined, (c) => {
    const t = effectiveToughness(c);
    return t !== undefined && c.zone === 'battlefield' && c.phasedOut === 'no' && isCreature(c) && t - c.damage <= 0 ? `alive with toughness ${t} and ${c.damage} damage` : undefined;
  });
}

describe('static effects on every creature a filter describes (anthems, 613.4c)', () => {
  it("keep each creature's share equal to one worked out from scratch, after every step of random scenarios", () => {
    const next = prng(613_4);
    for (let k = 0; k < 300; k++) {
      const text = scenario(next);
      const problem = anthemProblem(text);
      assert.equal(problem, undefined, `${problem}\n${text}`);
    }
  });

  it('find the creatures a falling sum kills, and keep every share, after every step of random scenarios with phasing, damage and -X/-X anthems', () => {
    const next = prng(704_5);
    for (let k = 0; k < 300; k++) {
      const text = fallingScenario(next);
      const problem = anthemProblem(text);
      assert.equal(problem, undefined, `${problem}\n${text}`);
    }
  });

  it("look at no creature as an anthem phases out and in, when no creature can die of it (a change of a group's sum is a change of its classes)", () => {
    const looks = (n: number): number => {
      let s = 'game mtg\nplayer alice\ncard anthem "Glorious Anthem": enchantment, owner alice, creatures you control get +1/+1\n';
      for (let i = 0; i < n; i++) s += `card c${i} "Bear": creature — Bear, owner alice, toughness 2\n`;
      for (let i = 0; i < n; i++) s += 'phase out anthem\nphase in anthem\n';
      anthemTest.looks = 0;
      const findings = check(s).findings;
      assert.deepEqual(findings, []);
      return anthemTest.looks;
    };
    // The declared board judges each creature once; the toggles look at none of them.
    const small = looks(100);
    const big = looks(400);
    assert.ok(small <= 2 * 100 + 10, `100 creatures, 100 toggles: ${small} looks`);
    assert.ok(big <= 2 * 400 + 10, `400 creatures, 400 toggles: ${big} looks`);
  });

  it('judge a creature again as an Aura changes its color, and a copy of the board keeps its own index', () => {
    const text = 'game mtg\nplayer alice\ncard anthem "A": enchantment, owner alice, white creatures get +1/+1\ncard ogre "O": creature — Ogre, owner alice, color red, toughness 2\ncard paint "P": enchantment — Aura, enchant creature, owner alice, in hand, enchanted creature is white\n';
    const doc = parse(text + 'enter paint attached to ogre\n');
    const replay = new Replay(doc, text, RULESETS.mtg, undefined, {});
    replay.begin(doc.statements);
    const before = replay.board.clone();
    for (const st of doc.statements) replay.step(st);
    assert.equal(anthemOf(replay.board.cards.get('ogre')!), 1);
    assert.equal(anthemOf(before.cards.get('ogre')!), 0);
    assert.notEqual(before.anthems, replay.board.anthems);
  });

  it('an anthem that kills is a missing state-based action, and many anthems with the same words are one group', () => {
    let s = 'game mtg\nplayer alice\ncard bear "B": creature — Bear, owner alice, toughness 1\n';
    for (let i = 0; i < 50; i++) s += `card s${i} "S": enchantment, owner alice, other creatures get -1/-1, in hand\n`;
    const findings = check(s + 'enter s0\n').findings;
    assert.deepEqual(findings.map((f) => f.code), ['missing-state-based-action']);
    assert.ok(findings[0].rules.includes('613.4c') && findings[0].rules.includes('704.5f'), findings[0].rules.join());
  });
});
