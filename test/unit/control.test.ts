// Control given by Auras and by events, in timestamp order (core/engine/control.ts; MTG 613.1b, 613.7e):
// random scenarios against a model that keeps every effect, and the bound that keeps a card's log short.
import assert from 'node:assert/strict';
import { boardAt, check } from '../../core';
import { Board, type CardObj } from '../../core/engine/board';
import { giveControl } from '../../core/engine/control';
import { Replay } from '../../core/engine/replay';

const PLAYERS = ['p0', 'p1', 'p2', 'p3'];
const HEAD = [
  'game mtg',
  'rules 2024-06-07',
  ...PLAYERS.map((p) => `player ${p}`),
  'card bears "Grizzly Bears": creature — Bear, owner p0',
  'card dummy "Dummy": creature — Golem, owner p3',
  'card m1 "Control Magic": enchantment — Aura, enchant creature, owner p1, attached to dummy, you control enchanted creature',
  'card m2 "Mind Control": enchantment — Aura, enchant creature, owner p2, attached to dummy, you control enchanted creature',
];

/** A small deterministic generator (the test must not depend on the run). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * The model: every effect kept, each with the index of the event that began it; the latest one in
 * force decides. An Aura's effect begins when it becomes attached to the Bears (not again when
 * attached to them a second time, 701.3b) and gives control to whoever controls the Aura now.
 */
function model(events: string[]): string {
  const auraController: Record<string, string> = { m1: 'p1', m2: 'p2' };
  const auraHost: Record<string, string> = { m1: 'dummy', m2: 'dummy' };
  const auraSince: Record<string, number> = { m1: -1, m2: -1 };
  const bearsEffects: { at: number; player: string }[] = [];
  events.forEach((e, i) => {
    const w = e.split(' ');
    if (w[0] === 'control' && w[1] === 'bears') bearsEffects.push({ at: i, player: w[2] });
    else if (w[0] === 'control') auraController[w[1]] = w[2];
    else if (w[0] === 'attach' && auraHost[w[1]] !== w[3]) {
      auraHost[w[1]] = w[3];
      auraSince[w[1]] = i;
    }
  });
  let best = { at: -Infinity, player: 'p0' };
  for (const e of bearsEffects) if (e.at >= best.at) best = e;
  for (const m of ['m1', 'm2']) if (auraHost[m] === 'bears' && auraSince[m] >= best.at) best = { at: auraSince[m], player: auraController[m] };
  return best.player;
}

describe('control in timestamp order (613.1b)', () => {
  it('gives the Bears to the player the latest control effect in force names, in 300 random scenarios', () => {
    const next = random(613);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)];
    for (let trial = 0; trial < 300; trial++) {
      const events: string[] = [];
      const n = 1 + Math.floor(next() * 12);
      for (let i = 0; i < n; i++) {
        const r = next();
        if (r < 0.35) events.push(`control bears ${pick(PLAYERS)}`);
        else if (r < 0.75) events.push(`attach ${pick(['m1', 'm2'])} to ${pick(['bears', 'dummy'])}`);
        else events.push(`control ${pick(['m1', 'm2'])} ${pick(PLAYERS)}`);
      }
      const text = [...HEAD, ...events, ''].join('\n');
      const view = boardAt(text, HEAD.length + events.length);
      const bears = view.cards.find((c) => c.id === 'bears')!;
      assert.equal(bears.controller, model(events), `${events.join('; ')}`);
      // An Aura gives control only while it is on the Bears, and the view names it.
      assert.equal(bears.controlVia !== undefined, ['m1', 'm2'].some((m) => view.cards.find((c) => c.id === m)!.attachedTo === 'bears' && bears.controlVia === m), events.join('; '));
    }
  });

  it('keeps a card’s log of control events as short as the players, however many events give control', () => {
    const board = new Board('mtg');
    const card = { id: 'bears', controller: 'p0', controlVia: undefined, enteredUnder: 'p0', controlLog: [], grantors: new Set(), attachedTo: null } as unknown as CardObj;
    for (let i = 0; i < 3000; i++) giveControl(board, card, PLAYERS[i % PLAYERS.length]);
    assert.equal(card.controlLog.length, PLAYERS.length);
    assert.equal(card.controller, PLAYERS[2999 % PLAYERS.length]);
  });

  it('judges what is attached again only when the controller changes, not when another Aura of the same player gives control', () => {
    // 2,000 Control Magics of alice entering onto bob's creature one by one: each is the newest, and names
    // itself as giving control, but alice controls the creature throughout. Counted, not timed: the cards
    // handed to the state-based actions (each Aura marked once as it enters, and the host with it), where
    // judging all of the host's Auras again at each one marked two million.
    const n = 2000;
    const lines = ['game mtg', 'player alice', 'player bob', 'card host "H": creature, owner bob'];
    for (let i = 0; i < n; i++) lines.push(`card m${i} "Control Magic": enchantment — Aura, enchant creature, you control enchanted creature, owner alice, in hand`);
    for (let i = 0; i < n; i++) lines.push(`enter m${i} attached to host`);
    lines.push('expect host controlled by alice', `expect m${n - 1} attached to host`);
    const own = Object.getOwnPropertyDescriptor(Replay.prototype, 'markDirty')!;
    let marked = 0;
    Object.defineProperty(Replay.prototype, 'markDirty', { ...own, value: function (this: Replay, c: CardObj) { if (!c.dirty) marked++; return own.value.call(this, c); } });
    try {
      assert.deepEqual(check(lines.join('\n') + '\n').findings, []);
    } finally {
      Object.defineProperty(Replay.prototype, 'markDirty', own);
    }
    assert.ok(marked <= 4 * n, `${marked} cards marked`);
  });

  it('checks a file of thousands of control events and Aura moves on one creature, the last deciding', () => {
    const events: string[] = [];
    for (let i = 0; i < 1500; i++) events.push(`control bears ${PLAYERS[i % 4]}`, `attach m1 to ${i % 2 === 0 ? 'bears' : 'dummy'}`);
    const text = [...HEAD, ...events, 'expect bears controlled by p3', ''].join('\n');
    assert.deepEqual(check(text).findings, []);
  });

  it("quotes the duration as written when a control effect can't have it: `until your next turn`, `until P's next turn`", () => {
    for (const [duration, quoted] of [['until your next turn', '`until your next turn`'], ["until p1's next turn", "`until p1's next turn`"]]) {
      const text = [...HEAD, `control bears p2 ${duration}`, ''].join('\n');
      const f = check(text).findings;
      assert.equal(f.length, 1, JSON.stringify(f));
      assert.equal(f[0].code, 'syntax-error');
      assert.deepEqual(f[0].rules, ['611.2a']);
      assert.ok(f[0].message.startsWith(`${quoted} is a duration of`), f[0].message);
    }
  });
});
