// A player leaving the game (MTG 800.4a; Riftbound 650-652) looks only at the cards tied to them
// (Board.tiedTo: owned, controlled, under a control effect of theirs), and the ranges of influence are
// counted on a tree of the seats (rules/mtg/influence.ts, 801.2c). Random scenarios hold both equal to
// what a look at every card, and a list of the players in the game, find; and many players leaving
// one after another stay linear.
import assert from 'node:assert/strict';
import { check } from '../../core';
import { Board, type PlayerObj } from '../../core/engine/board';
import { inRange, reseats, seatPlayers } from '../../core/rules/mtg/influence';
import type { Replay } from '../../core/engine/replay';
import { EXAMPLES_DIR, FIXTURES_DIR, listBoards, readText } from '../support/fixtures';
import { findingsAndBoard } from '../support/outcome';
import { prng } from '../support/prng';

const PLAYERS = ['p0', 'p1', 'p2', 'p3'];

function pick<T>(next: () => number, xs: readonly T[]): T {
  return xs[Math.floor(next() * xs.length)];
}

/** An MTG scenario: cards of every player, control given and taken, cards entering under others, players leaving. */
function mtgScenario(next: () => number): string {
  const creatures = ['c0', 'c1', 'c2', 'c3', 'c4'];
  const lines = ['game mtg', ...PLAYERS.map((p) => `player ${p}`)];
  for (const c of creatures) lines.push(`card ${c} "C": creature — Bear, owner ${pick(next, PLAYERS)}${next() < 0.3 ? `, controller ${pick(next, PLAYERS)}` : ''}`);
  lines.push(`card h0 "H": creature — Elf, owner ${pick(next, PLAYERS)}, in hand`);
  lines.push(`card h1 "H": artifact — Equipment, owner ${pick(next, PLAYERS)}, equip, in graveyard`);
  lines.push(`card m0 "Control Magic": enchantment — Aura, enchant creature, owner ${pick(next, PLAYERS)}, attached to ${pick(next, creatures)}, you control enchanted creature`);
  lines.push(`card e0 "Sword": artifact — Equipment, owner ${pick(next, PLAYERS)}, equip, attached to ${pick(next, creatures)}`);
  lines.push(`card a0 "Curse": enchantment — Aura Curse, enchant player, owner ${pick(next, PLAYERS)}, attached to ${pick(next, PLAYERS)}`);
  const n = 4 + Math.floor(next() * 14);
  for (let i = 0; i < n; i++) {
    const r = next();
    const c = pick(next, creatures);
    const p = pick(next, PLAYERS);
    if (r < 0.2) lines.push(`control ${c} ${p}`);
    else if (r < 0.3) lines.push(`control ${pick(next, [c, 'm0', 'e0'])} ${p} until end of turn`);
    else if (r < 0.37) lines.push(`control ${c} ${p} for as long as ${p} controls ${pick(next, creatures)}`);
    else if (r < 0.45) lines.push(`turn ${p}`);
    else if (r < 0.6) lines.push(`leave ${p}`);
    else if (r < 0.68) lines.push(`attach ${pick(next, ['m0', 'e0'])} to ${c}`);
    else if (r < 0.74) lines.push(`enter ${pick(next, ['h0', 'h1'])} under ${p}`);
    else if (r < 0.8) lines.push(`exchange control of ${c} and ${pick(next, creatures)}`);
    else if (r < 0.86) lines.push(`destroy ${c}`);
    else if (r < 0.92) lines.push(`move ${c} to battlefield under ${p}`);
    else lines.push(`attach a0 to ${p}`);
  }
  return lines.join('\n') + '\n';
}

/** A Riftbound scenario: units and gear of every player, control changes, concessions. */
function riftboundScenario(next: () => number): string {
  const units = ['u0', 'u1', 'u2', 'u3'];
  const lines = ['game riftbound', ...PLAYERS.map((p) => `player ${p}`)];
  for (const u of units) lines.push(`card ${u} "U": unit, owner ${pick(next, PLAYERS)}, at base`);
  lines.push(`card g0 "G": gear — Equipment, owner ${pick(next, PLAYERS)}, equip, attached to ${pick(next, units)}`);
  lines.push(`card g1 "G": gear — Equipment, owner ${pick(next, PLAYERS)}, equip, at base`);
  lines.push(`card h0 "H": unit, owner ${pick(next, PLAYERS)}, in hand`);
  const n = 4 + Math.floor(next() * 12);
  for (let i = 0; i < n; i++) {
    const r = next();
    const u = pick(next, units);
    const p = pick(next, PLAYERS);
    if (r < 0.25) lines.push(`control ${pick(next, [u, 'g0', 'g1'])} ${p}`);
    else if (r < 0.35) lines.push(`control ${u} ${p} this turn`);
    else if (r < 0.45) lines.push(`turn ${p}`);
    else if (r < 0.6) lines.push(`leave ${p}`);
    else if (r < 0.7) lines.push(`attach ${pick(next, ['g0', 'g1'])} to ${u}`);
    else if (r < 0.8) lines.push(`enter h0 at base under ${p}`);
    else if (r < 0.9) lines.push(`move ${u} to battlefield arena`);
    else lines.push(`kill ${u}`);
  }
  return lines.join('\n') + '\n';
}


/** `f` with Board.tiedTo looking at every card of the board, as a player's leaving did before the lists. */
function everyCard<T>(f: () => T): T {
  const own = Object.getOwnPropertyDescriptor(Board.prototype, 'tiedTo')!;
  Object.defineProperty(Board.prototype, 'tiedTo', { ...own, value: function (this: Board) { return [...this.cards.values()]; } });
  try {
    return f();
  } finally {
    Object.defineProperty(Board.prototype, 'tiedTo', own);
  }
}

describe('a player leaving looks at the cards tied to them (Board.tiedTo)', () => {
  for (const [game, make] of [['MTG (800.4a)', mtgScenario], ['Riftbound (652)', riftboundScenario]] as const) {
    it(`finds what a look at every card finds: ${game}, 400 random scenarios`, () => {
      const next = prng(game.length * 7919);
      let leaving = 0;
      let clean = 0;
      for (let trial = 0; trial < 400; trial++) {
        const text = make(next);
        const r = check(text);
        if (!r.findings.some((f) => f.kind === 'syntax-error')) clean++;
        if (/^leave /m.test(text)) leaving++;
        assert.equal(findingsAndBoard(text), everyCard(() => findingsAndBoard(text)), text);
      }
      // The generator exercises the replay, not the parser: most scenarios are well-formed, and most have a player leave.
      assert.ok(clean > 300, `${clean} of 400 scenarios without a syntax error`);
      assert.ok(leaving > 300, `${leaving} of 400 scenarios with a player leaving`);
    });
  }

  it('ends the control effects of a player who left that a later effect overrode (800.4a), the first leaving or a later one', () => {
    // p1's effect is under p2's when p1 leaves: it ends all the same, so when p2 leaves the Bear goes
    // back to its owner, not to p1. Whether the lists are made at this leaving or an earlier one. p4
    // keeps the game going (with p0 alone in it, it would be over: 104.2a).
    for (const before of ['', 'leave p3\n']) {
      const text = `game mtg\nplayer p0\nplayer p1\nplayer p2\nplayer p3\nplayer p4\ncard c0 "C": creature — Bear, owner p0\ncontrol c0 p1\ncontrol c0 p2\n${before}leave p1\nleave p2\nexpect c0 in battlefield\nexpect c0 controlled by p0\n`;
      assert.deepEqual(check(text).findings, [], before);
    }
  });

  it('finds what a look at every card finds in every bundled scenario where a player leaves', () => {
    const files = [...listBoards(EXAMPLES_DIR), ...listBoards(FIXTURES_DIR)];
    let leaving = 0;
    for (const f of files) {
      const text = readText(f);
      if (!/^\s*leave /m.test(text)) continue;
      leaving++;
      assert.equal(JSON.stringify(check(text).findings), everyCard(() => JSON.stringify(check(text).findings)), f);
    }
    assert.ok(leaving >= 10, `${leaving} bundled scenarios with a player leaving`);
  });

  it('stays linear when thousands of players leave, one a turn, each with a card', () => {
    // Each leaving used to look at every card: 20,000 players took 18 s. Counted, not timed: the
    // cards a leaving looks at, with tiedTo counting what it hands out.
    const own = Object.getOwnPropertyDescriptor(Board.prototype, 'tiedTo')!;
    let looked = 0;
    Object.defineProperty(Board.prototype, 'tiedTo', { ...own, value: function (this: Board, p: string) { const l = own.value.call(this, p); looked += l.length; return l; } });
    try {
      const n = 4000;
      const lines = ['game mtg, range of influence 1'];
      for (let i = 0; i < n; i++) lines.push(`player p${i}`);
      for (let i = 0; i < n; i++) lines.push(`card c${i} "C": creature, owner p${i}`);
      for (let i = 0; i < n / 2; i++) lines.push(`turn p${2 * i}`, `leave p${2 * i + 1}`);
      const r = check(lines.join('\n') + '\n');
      assert.deepEqual(r.findings.filter((f) => f.kind === 'syntax-error'), []);
      // Three looks a leaving (what they own, the control that ends, what they still control), one card each.
      assert.equal(looked, 3 * (n / 2));
    } finally {
      Object.defineProperty(Board.prototype, 'tiedTo', own);
    }
  });
});

describe('the ranges of influence, counted as each turn begins (801.2c)', () => {
  /** A board of `n` players (seat i: p{i}) with the option on; `replay` is what seatPlayers reads, the board. */
  function table(n: number, range: number): { board: Board; replay: Replay } {
    const board = new Board('mtg');
    board.influence = range;
    for (let i = 0; i < n; i++) board.players.set(`p${i}`, { isCard: false, id: `p${i}`, seat: i, left: false } as unknown as PlayerObj);
    return { board, replay: { board } as unknown as Replay };
  }

  /** The model: the players in the game at the count, in seat order, and the distance round the table. */
  function modelInRange(counted: readonly string[], range: number, a: string, b: string): boolean {
    if (a === b) return true;
    const i = counted.indexOf(a);
    const j = counted.indexOf(b);
    if (i < 0 || j < 0) return false;
    const d = Math.abs(i - j);
    return Math.min(d, counted.length - d) <= range;
  }

  it('agrees with a list of the players in the game, through players leaving, counts and copies of the board', () => {
    const next = prng(801);
    for (let trial = 0; trial < 300; trial++) {
      const n = 2 + Math.floor(next() * 12);
      const range = 1 + Math.floor(next() * 3);
      let { board, replay } = table(n, range);
      seatPlayers(replay);
      let counted = [...board.players.keys()];
      // Copies of the board taken along the way, each with its own model, checked again at the end.
      const copies: { board: Board; counted: string[] }[] = [];
      const steps = Math.floor(next() * 3 * n);
      for (let s = 0; s < steps; s++) {
        const r = next();
        const inGame = [...board.players.values()].filter((p) => !p.left);
        if (r < 0.35 && inGame.length > 1) {
          const p = pick(next, inGame);
          p.left = true;
          board.left.push(p.id);
        } else if (r < 0.7) {
          assert.equal(reseats(replay), counted.length !== inGame.length);
          if (reseats(replay)) {
            seatPlayers(replay);
            counted = inGame.map((p) => p.id);
          }
        } else {
          // Either board goes on: the one left behind must keep the seats it counted.
          const copy = board.clone();
          if (next() < 0.5) {
            copies.push({ board, counted });
            board = copy;
            replay = { board } as unknown as Replay;
          } else copies.push({ board: copy, counted });
        }
        for (const a of board.players.keys()) for (const b of board.players.keys()) assert.equal(inRange(board, a, b), modelInRange(counted, range, a, b), `${a} ${b} after ${s} steps`);
      }
      for (const c of copies) for (const a of c.board.players.keys()) for (const b of c.board.players.keys()) assert.equal(inRange(c.board, a, b), modelInRange(c.counted, range, a, b), `a copy: ${a} ${b}`);
    }
  });
});
