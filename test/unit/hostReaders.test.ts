// A host turned face down or up, transformed, or made a copy of something keeps the same object (708.8,
// 712.18, 707.4): what is attached to it stays and is judged again only where its legality can read what
// changed (legality.ts, touchChanged; engine/untilEndOfTurn.ts, hostReads). The board keeps, by host, the
// attachments whose enchant or `can be attached only to` filters name a subtype, a supertype or a color
// (Board.readersOf: filed as they are attached, refiled as their own filters change, by a copy, a
// transform, a face turned, `gains X enchant`, an effect that ends). These tests hold that shortcut to
// judging everything (HOST_CHANGE.from Infinity) on random scenarios, the index itself to a fresh walk
// at each question (READERS.check), and three families of 1,500 Auras linear by a count of the cards
// marked for the state-based actions.
import assert from 'node:assert/strict';
import { check } from '../../core';
import { READERS } from '../../core/engine/board';
import { HOST_CHANGE } from '../../core/engine/untilEndOfTurn';
import { markedIn } from '../support/marks';
import { findingsAndBoard, withSetting } from '../support/outcome';
import { prng } from '../support/prng';

const HEAD = `game mtg
player alice
player bob
card elf "Elf Lord": creature — Elf, owner alice, color green, toughness 3, morph, transforms into wolf
card wolf "Wolf Lord": creature — Wolf, color red, toughness 4, back face
card kenji "Kenji": legendary creature — Human, owner alice, color white, toughness 3, morph
card drake "Drake": creature — Drake, owner bob, color blue, toughness 2
card golem "Golem": artifact creature — Golem, owner bob, toughness 3
`;

/** The filters of the random scenarios' Auras: types only, subtypes, supertypes, colors, and a mix. */
const FILTERS = ['creature', 'Elf creature', 'nonElf creature', 'Wolf or Drake creature', 'legendary creature', 'nonlegendary creature', 'green creature', 'red or blue creature', 'colorless creature', 'artifact creature', 'creature'];

/** The filters of the random scenarios' Equipment (`can be attached only to`): those that read more than types. */
const ONLY = ['Elf creature', 'nonWolf creature', 'legendary creature', 'green creature', 'Human or Drake creature'];

/**
 * Auras with filters of every kind (some turned face down themselves, some double-faced, whose faces
 * read other things), Equipment that can be attached only to some creatures, on three hosts; events
 * that turn the hosts and the Auras face down and up, transform them, make them copies, change their
 * types and colors and their enchant, for good or until end of turn; turns; attaches.
 */
function scenario(next: () => number): string {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)];
  const lines = [HEAD];
  const hosts = ['elf', 'elf', 'kenji', 'drake'];
  const auras: string[] = [];
  for (let i = 0; i < 6; i++) {
    const dfc = i === 4;
    auras.push(`a${i}`);
    lines.push(`card a${i} "Aura ${i}": enchantment — Aura, enchant ${pick(FILTERS)}, owner alice${i === 5 ? ', morph' : ''}${dfc ? `, transforms into b${i}` : ''}, ${next() < 0.7 ? `attached to ${pick(hosts)}` : 'in hand'}\n`);
    if (dfc) lines.push(`card b${i} "Back ${i}": enchantment — Aura, enchant ${pick(FILTERS)}, back face\n`);
  }
  for (let i = 0; i < 3; i++) lines.push(`card e${i} "Banner ${i}": artifact — Equipment, equip, owner alice, can be attached only to ${pick(ONLY)}${next() < 0.7 ? `, attached to ${pick(hosts)}` : ''}\n`);
  const n = 15 + Math.floor(next() * 25);
  for (let i = 0; i < n; i++) {
    const r = next();
    const duration = next() < 0.3 ? ' until end of turn' : '';
    if (r < 0.2) lines.push(`turn ${pick(['elf', 'kenji', 'a5'])} face ${next() < 0.5 ? 'down' : 'up'}\n`);
    else if (r < 0.32) lines.push(`transform ${pick(['elf', 'a4'])}\n`);
    else if (r < 0.44) lines.push(`becomes ${pick([...hosts, ...auras])} a copy of ${pick(['elf', 'kenji', 'drake', 'golem', 'a0', 'a1'])}\n`);
    else if (r < 0.54) lines.push(`becomes ${pick(hosts)} ${pick(['Elf', 'Wolf', 'legendary', 'red', 'green', 'colorless'])}${duration}\n`);
    else if (r < 0.62) lines.push(`gains ${pick(auras)} enchant ${pick(FILTERS)}\n`);
    else if (r < 0.66) lines.push(`loses ${pick(auras)} all abilities${duration}\n`);
    else if (r < 0.76) lines.push(`turn ${pick(['alice', 'bob'])}\n`);
    else if (r < 0.88) {
      const a = pick(auras);
      lines.push(`enter ${a} attached to ${pick(hosts)}\n`);
    } else if (r < 0.94) lines.push(`attach e${Math.floor(next() * 3)} to ${pick(hosts)}\n`);
    else lines.push(`destroy ${pick(auras)}\n`);
  }
  return lines.join('');
}

describe("what a host's change of face, transform or copy judges again (touchChanged, Board.readersOf)", () => {
  it('is what judging everything on the host finds, on 300 random scenarios, the index held to a fresh walk', () => {
    const next = prng(70813);
    let unattached = 0;
    for (let trial = 0; trial < 300; trial++) {
      const text = scenario(next);
      const short = withSetting(READERS, 'check', true, () => withSetting(HOST_CHANGE, 'from', 0, () => findingsAndBoard(text)));
      const plain = withSetting(HOST_CHANGE, 'from', Infinity, () => findingsAndBoard(text));
      assert.equal(short, plain, text);
      const found = check(text).findings;
      assert.deepEqual(found.filter((f) => f.kind === 'syntax-error'), [], text);
      if (found.some((f) => f.rules.some((r) => r === '704.5m' || r === '704.5n'))) unattached++;
    }
    // The scenarios make attachments illegal (not a comparison of two idle runs).
    assert.ok(unattached > 100, `${unattached} scenarios with an attachment put off its host`);
  });

  it('marks few cards as a creature with thousands of Auras is turned face down and up, transformed, or made a copy, again and again', () => {
    const n = 1500;
    const families: [string, string, (i: number) => string][] = [
      ['turned face down and up', 'card host "Host": creature — Elf, owner alice, color green, morph\n', (i) => `turn host face ${i % 2 ? 'up' : 'down'}\n`],
      ['transformed', 'card host "Host": creature — Elf, owner alice, color green, transforms into back\ncard back "Back": creature — Wolf, color red, back face\n', () => 'transform host\n'],
      ['made a copy of one creature, then another', 'card host "Host": creature — Elf, owner alice, color green\ncard x "X": creature — Wolf, owner bob, color red\ncard y "Y": legendary creature — Bear, owner bob, color white\n', (i) => `becomes host a copy of ${i % 2 ? 'x' : 'y'}\n`],
    ];
    for (const [what, host, event] of families) {
      const lines = [`game mtg\nplayer alice\nplayer bob\n${host}`];
      for (let i = 0; i < n; i++) lines.push(`card a${i} "A": enchantment — Aura, enchant creature, owner alice, color blue, attached to host\n`);
      // One Aura that reads a subtype: it is judged at each change, and goes when the host is no Elf.
      lines.push('card elvish "Elvish Aura": enchantment — Aura, enchant Elf creature, owner alice, attached to host\n');
      for (let i = 0; i < n; i++) lines.push(event(i));
      const text = lines.join('');
      let found: ReturnType<typeof check>['findings'] = [];
      // Before: every Aura judged at each change, n² in all.
      const marked = markedIn(() => (found = check(text).findings));
      assert.ok(marked <= 8 * n, `${what}: ${marked} cards marked`);
      // The Elf Aura is put into its owner's graveyard at the first change (704.5m), which the scenario does not record.
      assert.deepEqual(found.map((f) => [f.kind, f.range.start.line]), [['missing-state-based-action', n + 4 + host.split('\n').length - 1]], `${what}: ${found.map((f) => f.message).join('\n')}`);
    }
  });
});
