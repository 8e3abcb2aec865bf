// Riftbound Temporary (816.1.b): a player's Beginning Phase kills the permanents they control with an active
// Temporary. The board finds them in its lists (Board.temporariesOf: the cards that have or were given the
// keyword, filed by controller), not by a look at every card: random scenarios hold the lists to what a look
// at every card finds, and a count of the cards looked at shows many turns with many cards linear.
import assert from 'node:assert/strict';
import { check } from '../../core';
import { Board, type CardObj } from '../../core/engine/board';
import { findingsAndBoard } from '../support/outcome';
import { prng } from '../support/prng';

const PLAYERS = ['alice', 'bob'];
const UNITS = ['u0', 'u1', 'u2', 'u3', 'u4', 'u5'];
const GEAR = ['e0', 'e1', 'e2'];

function pick<T>(next: () => number, xs: readonly T[]): T {
  return xs[Math.floor(next() * xs.length)];
}

/** A Riftbound scenario where units and gear with Temporary (printed, given, granted, copied) come and go, change control, and turns pass. */
function scenario(next: () => number): string {
  const lines = ['game riftbound', ...PLAYERS.map((p) => `player ${p}`)];
  for (const u of UNITS) {
    const where = pick(next, ['at base', 'at battlefield arena', 'in hand']);
    lines.push(`card ${u} "U": unit, owner ${pick(next, PLAYERS)}, might 2, ${where}${next() < 0.4 ? ', Temporary' : ''}`);
  }
  for (const e of GEAR) {
    const what = pick(next, [', Temporary', ', equipped unit has Temporary', '', ', if I would die, kill this instead, recall me']);
    lines.push(`card ${e} "E": gear — Equipment, equip, owner ${pick(next, PLAYERS)}, at base${what}`);
  }
  const n = 20 + Math.floor(next() * 40);
  for (let i = 0; i < n; i++) {
    const r = next();
    const u = pick(next, UNITS);
    const p = pick(next, PLAYERS);
    if (r < 0.22) lines.push(`turn ${p}${pick(next, ['', '', ' beginning', ' awaken', ' draw', ' end'])}`);
    else if (r < 0.3) lines.push(`gains ${pick(next, [u, ...GEAR])} Temporary${next() < 0.5 ? ' this turn' : ''}`);
    else if (r < 0.36) lines.push(`loses ${u} Temporary${next() < 0.5 ? ' this turn' : ''}`);
    else if (r < 0.44) lines.push(`control ${pick(next, [u, ...GEAR])} ${p}${next() < 0.3 ? ' this turn' : ''}`);
    else if (r < 0.54) lines.push(`together: attach ${pick(next, GEAR)} to ${u}`);
    else if (r < 0.6) lines.push(`detach ${pick(next, GEAR)} from ${u}`);
    else if (r < 0.68) lines.push(`together: enter ${u}`);
    else if (r < 0.74) lines.push(`kill ${pick(next, [u, ...GEAR])}`);
    else if (r < 0.8) lines.push(`move ${u} to hand`);
    else if (r < 0.85) lines.push(`becomes ${u} a copy of ${pick(next, UNITS)}`);
    else if (r < 0.9) lines.push(`move ${pick(next, GEAR)} to ${pick(next, ['hand', 'base'])}`);
    else if (r < 0.95) lines.push(`recall ${u}`);
    else lines.push(`move ${u} to battlefield arena`);
  }
  return lines.join('\n') + '\n';
}

type Lookup = (this: Board, player: string, keep: (c: CardObj) => boolean) => CardObj[];

/** The question a look at every card answers, as without the lists: every card the player controls that `keep` takes. */
const lookAtEvery: Lookup = function (player, keep) {
  const out: CardObj[] = [];
  for (const c of this.cards.values()) if (c.controller === player && keep(c)) out.push(c);
  return out;
};

/** `f` with Board.temporariesOf replaced by `by` (own: the method it replaces). */
function withTemporariesOf<T>(by: (own: Lookup) => Lookup, f: () => T): T {
  const own = Object.getOwnPropertyDescriptor(Board.prototype, 'temporariesOf')!;
  Object.defineProperty(Board.prototype, 'temporariesOf', { ...own, value: by(own.value) });
  try {
    return f();
  } finally {
    Object.defineProperty(Board.prototype, 'temporariesOf', own);
  }
}

/** The outcome as a comparable text: the findings (in an order that doesn't depend on which card was killed first) and the board. */
function outcome(text: string): string {
  const { findings, board } = JSON.parse(findingsAndBoard(text)) as { findings: unknown[]; board: unknown };
  return JSON.stringify([findings.map((f) => JSON.stringify(f)).sort(), board]);
}

describe('Temporary (816.1.b) finds its permanents from the board\'s lists (Board.temporariesOf)', () => {
  it('kills what a look at every card kills: 500 random scenarios', () => {
    const next = prng(816);
    let killed = 0;
    for (let i = 0; i < 500; i++) {
      const text = scenario(next);
      const listed = outcome(text);
      killed += (listed.match(/has Temporary, which kills it/g) ?? []).length;
      assert.equal(listed, withTemporariesOf(() => lookAtEvery, () => outcome(text)), text);
    }
    // The scenarios do kill (the comparison is not between two empty outcomes).
    assert.ok(killed > 100, `${killed} kills`);
  });

  it('stays linear over thousands of turns with thousands of cards: only Temporary members under the turn\'s player are looked at', () => {
    let looked = 0;
    const n = 2000;
    let s = 'game riftbound\nplayer alice\nplayer bob\n';
    for (let i = 0; i < n; i++) s += `card p${i} "P": unit, owner alice, might 1, at base\n`;
    for (let i = 0; i < n; i++) s += `card t${i} "T": unit, owner bob, might 1, in hand, Temporary\n`;
    for (let i = 0; i < n; i++) s += `turn bob\nenter t${i}\nturn alice\nturn bob beginning\nkill t${i}\n`;
    const r = withTemporariesOf(
      (own) =>
        function (this: Board, player, keep) {
          return own.call(this, player, (c) => (looked++, keep(c)));
        },
      () => check(s),
    );
    assert.deepEqual(r.findings, []);
    // The first Beginning Phase looks at every unit filed as declared (in hand: dropped); then each unit is
    // looked at as it dies, and once more by the Beginning Phase after (it is in the trash then, and dropped).
    assert.ok(looked <= 3 * n + 2, `${looked} looks`);
  });
});
