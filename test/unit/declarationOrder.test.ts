// A declared board is one state of a game: each `attached to` is judged on the whole board the
// declarations make (core/rules/mtg/attach.ts, judgeDeclared), so the order its card lines are written
// in changes nothing but the line numbers of the findings. Held on random MTG boards of creatures,
// Control Magics (613.1b), Auras that say who controls their creature (702.5a), Equipment and Curses,
// with and without a limited range of influence (801.2, 801.8): the findings (each placed by the card
// its line declares) and the board after the declarations are the same for a permutation of the card
// lines. A creature has at most one Control Magic declared on it: between two, the later timestamp
// wins (613.7), and the order of the lines is the order of the timestamps.
import assert from 'node:assert/strict';
import { boardAt, check } from '../../core';
import { prng } from '../support/prng';

function pick<T>(next: () => number, xs: readonly T[]): T {
  return xs[Math.floor(next() * xs.length)];
}

/** A random board: the header and player lines, then the card lines (to be permuted), then an event line. */
function board(next: () => number): { head: string[]; cards: string[] } {
  const players = ['alice', 'bob', 'carol', 'dave', 'erin'].slice(0, 2 + Math.floor(next() * 4));
  const head = [next() < 0.5 ? 'game mtg' : 'game mtg, range of influence 1', ...players.map((p) => `player ${p}`)];
  const creatures = Array.from({ length: 1 + Math.floor(next() * 3) }, (_, i) => `c${i}`);
  const cards = creatures.map((c) => `card ${c} "Bear": creature — Bear, owner ${pick(next, players)}, color ${pick(next, ['green', 'white'])}`);
  const stolen = new Set<string>();
  const attachments = 1 + Math.floor(next() * 6);
  for (let i = 0; i < attachments; i++) {
    const owner = pick(next, players);
    const c = pick(next, creatures);
    const r = next();
    if (r < 0.3 && !stolen.has(c)) {
      stolen.add(c);
      const enchant = pick(next, ['creature', 'green creature', "creature you don't control"]);
      cards.push(`card m${i} "Control Magic": enchantment — Aura, enchant ${enchant}, you control enchanted creature, owner ${owner}, attached to ${c}`);
    } else if (r < 0.7) {
      const enchant = pick(next, ['creature you control', "creature you don't control", 'creature', 'creature an opponent controls']);
      cards.push(`card a${i} "Aura": enchantment — Aura, enchant ${enchant}, owner ${owner}, attached to ${c}`);
    } else if (r < 0.85) {
      cards.push(`card e${i} "Sword": artifact — Equipment, equip, owner ${owner}, attached to ${c}`);
    } else {
      cards.push(`card k${i} "Curse": enchantment — Aura Curse, enchant player, owner ${owner}, attached to ${pick(next, players)}`);
    }
  }
  return { head, cards };
}

function shuffled<T>(next: () => number, xs: readonly T[]): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** What a check of the board finds, each finding placed by the card its line declares, and the board after the declarations. */
function outcome(head: readonly string[], cards: readonly string[]): string {
  const lines = [...head, ...cards, `turn ${head[1].slice('player '.length)}`];
  const text = lines.join('\n') + '\n';
  const idOn = (line: number): string => (line < lines.length && lines[line].startsWith('card ') ? lines[line].split(' ')[1] : `line ${line}`);
  const findings = check(text)
    .findings.map((f) => JSON.stringify({ at: idOn(f.range.start.line), code: f.code, rules: f.rules, message: f.message, subjects: f.subjects }))
    .sort();
  const view = boardAt(text, head.length + cards.length - 1);
  const state = view.cards
    .map((c) => `${c.id}: ${c.zone}, ${c.controller}, ${c.attachedTo}${c.controlVia ? ` via ${c.controlVia}` : ''}`)
    .sort();
  return JSON.stringify({ findings, state });
}

describe('declared boards: the order of the card lines changes nothing', () => {
  it('on random boards of Control Magics, Auras that say who controls their creature, Equipment and Curses', () => {
    const next = prng(0x0dec1a7e);
    let judged = 0;
    for (let n = 0; n < 300; n++) {
      const { head, cards } = board(next);
      const first = outcome(head, cards);
      if (first.includes('illegal-attachment')) judged++;
      for (let k = 0; k < 2; k++) {
        const other = shuffled(next, cards);
        assert.equal(outcome(head, other), first, `the board\n${[...head, ...cards].join('\n')}\nreads otherwise with its card lines in this order:\n${other.join('\n')}`);
      }
    }
    // The boards exercise the judgment: some attachments are illegal, most are not.
    assert.ok(judged > 50 && judged < 290, `${judged} of 300 boards have an illegal attachment`);
  });

  it('a Control Magic makes the Aura that needs it legal, before or after it', () => {
    const head = ['game mtg', 'player alice', 'player bob'];
    const cards = [
      'card bear "Grizzly Bears": creature — Bear, owner bob',
      'card cart "Cartouche of Solidarity": enchantment — Aura, enchant creature you control, owner alice, attached to bear',
      'card magic "Control Magic": enchantment — Aura, enchant creature, you control enchanted creature, owner alice, attached to bear',
    ];
    const a = outcome(head, cards);
    assert.equal(outcome(head, [cards[0], cards[2], cards[1]]), a);
    assert.ok(!a.includes('illegal-attachment'), a);
    assert.ok(a.includes('cart: battlefield, alice, bear'), a);
  });
});
