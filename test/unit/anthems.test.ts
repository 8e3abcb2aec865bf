// MTG static effects on every creature a filter describes (`white creatures get +1/+1`, 613.4c): each
// creature's share is kept as the effects and the creature change (rules/mtg/anthems.ts), grouped by
// their words, and looked at only for the cards an event changed. After every step of random scenarios
// (anthems of several words entering, leaving, phasing, stripped of their abilities and given away;
// Auras that paint a creature white or grant it flying; Equipment; counters), each creature's share
// must equal the one worked out from scratch on a copy of the board; and a copy of the board (the
// editor's resume points) must keep its own index.
import assert from 'node:assert/strict';
import { parse } from '../../core/parser/parser';
import { header } from '../../core/parser/header';
import { Replay } from '../../core/engine/replay';
import { RULESETS } from '../../core/analysis/common';
import { initialAnthems } from '../../core/rules/mtg/anthems';
import { check } from '../../core';
import { prng } from '../support/prng';

const PLAYERS = ['alice', 'bob'];
const ANTHEMS = ['creatures get +1/+1', 'white creatures get +1/+1', 'other creatures get -1/-1', 'creatures you control get +0/+1', 'creatures with no abilities get +2/+2', 'equipped creatures you control get +1/+1', 'enchanted creatures get -1/-1', 'nonwhite creatures an opponent controls get -1/-1', 'Bears get +1/+1', 'other Bear creatures you control get +1/+1'];

function pick<T>(next: () => number, xs: readonly T[]): T {
  return xs[Math.floor(next() * xs.length)];
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

/** Replays `text` step by step; after each, every card's share must be the one a fresh index gives on a copy of the board. */
function shareProblem(text: string): string | undefined {
  const doc = parse(text);
  const hdr = header(doc);
  const replay = new Replay(doc, text, RULESETS.mtg, hdr.version, {});
  replay.begin(doc.statements);
  const look = (where: string): string | undefined => {
    const copy = replay.board.clone();
    copy.anthems = undefined;
    initialAnthems({ board: copy, report: () => undefined } as unknown as Replay);
    for (const c of replay.board.cards.values()) {
      const fresh = copy.cards.get(c.id)!.anthem;
      if (c.anthem !== fresh) return `${c.id} after ${where}: share ${c.anthem}, from scratch ${fresh}`;
    }
    return undefined;
  };
  const first = look('the declarations');
  if (first) return first;
  for (const st of doc.statements) {
    replay.step(st);
    const problem = look(`line ${st.range.start.line + 1}`);
    if (problem) return problem;
  }
  return undefined;
}

describe('static effects on every creature a filter describes (anthems, 613.4c)', () => {
  it("keep each creature's share equal to one worked out from scratch, after every step of random scenarios", () => {
    const next = prng(613_4);
    for (let k = 0; k < 300; k++) {
      const text = scenario(next);
      const problem = shareProblem(text);
      assert.equal(problem, undefined, `${problem}\n${text}`);
    }
  });

  it('judge a creature again as an Aura changes its color, and a copy of the board keeps its own index', () => {
    const text = 'game mtg\nplayer alice\ncard anthem "A": enchantment, owner alice, white creatures get +1/+1\ncard ogre "O": creature — Ogre, owner alice, color red, toughness 2\ncard paint "P": enchantment — Aura, enchant creature, owner alice, in hand, enchanted creature is white\n';
    const doc = parse(text + 'enter paint attached to ogre\n');
    const replay = new Replay(doc, text, RULESETS.mtg, undefined, {});
    replay.begin(doc.statements);
    const before = replay.board.clone();
    for (const st of doc.statements) replay.step(st);
    assert.equal(replay.board.cards.get('ogre')!.anthem, 1);
    assert.equal(before.cards.get('ogre')!.anthem, 0);
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
