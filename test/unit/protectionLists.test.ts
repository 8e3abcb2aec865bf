// An event's gain of protection adds to the object's lists of protections in place while its board owns
// them (core/engine/board.ts, ownLists; rules/mtg/effects.ts, changeProtections): a copy of the board,
// a snapshot kept for an effect that ends (heldSnapshotOf) or taken back (takeCharacteristics) shares
// them, and the next gain copies them once; a snapshot taken just before a change knows how long the list
// was (beforeChange). Held to copying at each gain (PROTECTION_LISTS.inPlace off) on random scenarios,
// and on resumed analyses (copies of the replay, moved by edits); a creature with thousands of Auras
// given protection from thousands of names, one event at a time, copies nothing (a count of the
// instances copied or looked through).
import assert from 'node:assert/strict';
import { analyse, check } from '../../core';
import { LONG_LIST } from '../../core/engine/abilities';
import { HOST_CHANGE } from '../../core/engine/untilEndOfTurn';
import { PROTECTION_LISTS } from '../../core/rules/mtg/effects';
import { editedAt } from '../support/edits';
import { findingsAndBoard, withSetting } from '../support/outcome';
import { prng } from '../support/prng';

const HEAD = `game mtg
player alice
player bob
card lion "Silvercoat Lion": creature — Cat, owner alice, color white
card bears "Grizzly Bears": creature — Bear, owner alice, color green
`;

const NAMES = ['"Name 0"', '"Name 1"', '"Name 2"', '"Name 3"', 'red', 'blue', 'everything'];
const DURATIONS = ['', '', ' until end of turn', ' until your next turn'];

/** Auras of a few names on the creatures and a player; events that give them protections (names most), take them, end them, and attach. */
function scenario(next: () => number): string {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)];
  const lines = [HEAD];
  for (let i = 0; i < 6; i++) {
    const curse = i === 5;
    lines.push(`card a${i} "Name ${Math.floor(next() * 4)}": enchantment — Aura${curse ? ' Curse' : ''}, enchant ${curse ? 'player' : 'creature'}, owner alice, color ${pick(['red', 'blue'])}, ${next() < 0.6 ? `attached to ${curse ? 'bob' : pick(['lion', 'bears'])}` : 'in hand'}\n`);
  }
  const n = 20 + Math.floor(next() * 30);
  for (let i = 0; i < n; i++) lines.push(event(next, pick));
  return lines.join('');
}

function event(next: () => number, pick: <T>(xs: readonly T[]) => T): string {
  const r = next();
  const subject = next() < 0.8 ? pick(['lion', 'lion', 'bears']) : 'bob';
  if (r < 0.5) return `gains ${subject} protection from ${pick(NAMES)}${next() < 0.1 && subject !== 'bob' ? ', not removing Auras' : ''}${pick(DURATIONS)}\n`;
  if (r < 0.58) return `loses ${subject} protection from ${pick(NAMES)}${pick(DURATIONS)}\n`;
  if (r < 0.62) return `loses ${subject} all abilities until end of turn\n`.replace('bob all abilities', 'lion all abilities');
  if (r < 0.75) return `turn ${pick(['alice', 'bob'])}\n`;
  if (r < 0.92) {
    const a = Math.floor(next() * 6);
    return `enter a${a} attached to ${a === 5 ? pick(['alice', 'bob']) : pick(['lion', 'bears'])}\n`;
  }
  return `destroy a${Math.floor(next() * 6)}\n`;
}

describe("an event's gain of protection, added to the lists in place (Board's ownLists, changeProtections)", () => {
  it('is what copying the lists at each gain finds, on 300 random scenarios, long lists and snapshots before each change included', () => {
    const next = prng(90211);
    let barred = 0;
    for (let trial = 0; trial < 300; trial++) {
      const text = scenario(next);
      // Every list read by its places (LONG_LIST 0) and every host's change compared (HOST_CHANGE.from 0), or neither.
      const short = withSetting(LONG_LIST, 'length', 0, () => withSetting(HOST_CHANGE, 'from', 0, () => findingsAndBoard(text)));
      const plain = withSetting(PROTECTION_LISTS, 'inPlace', false, () => findingsAndBoard(text));
      assert.equal(short, plain, text);
      assert.equal(findingsAndBoard(text), plain, text);
      const found = check(text).findings;
      assert.deepEqual(found.filter((f) => f.kind === 'syntax-error'), [], text);
      if (found.some((f) => f.rules.includes('702.16c'))) barred++;
    }
    assert.ok(barred > 100, `${barred} scenarios with an Aura barred by a protection`);
  });

  it('is what copying finds on resumed analyses: copies of the replay, moved by 30 edits in a row', () => {
    const next = prng(5150);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)];
    const head = [...HEAD.trimEnd().split('\n'), 'card a0 "Name 1": enchantment — Aura, enchant creature, owner alice, attached to lion', 'card a1 "Name 2": enchantment — Aura, enchant creature, owner alice, in hand', ''];
    const make = () => event(next, pick).trimEnd();
    let lines = [...head.slice(0, -1), ...Array.from({ length: 400 }, make), ''];
    let previous = analyse(lines.join('\n'), { resumable: true });
    for (let k = 0; k < 30; k++) {
      lines = editedAt(lines, head.length - 1 + Math.floor(next() * 400), next(), make);
      const text = lines.join('\n');
      const resumed = analyse(text, { resumable: true, previous });
      const fresh = withSetting(PROTECTION_LISTS, 'inPlace', false, () => analyse(text, { resumable: true }));
      assert.equal(JSON.stringify(resumed.result), JSON.stringify(fresh.result), `version ${k}`);
      previous = resumed;
    }
  });

  it('copies no list as a creature with thousands of Auras is given protection from thousands of names, one event at a time', () => {
    const n = 1500;
    const lines = [HEAD];
    for (let i = 0; i < n; i++) lines.push(`card a${i} "A": enchantment — Aura, enchant creature, owner alice, color blue, attached to lion\n`);
    lines.push(`card named "Name ${n - 1}": enchantment — Aura, enchant creature, owner alice, attached to lion\n`);
    for (let i = 0; i < n; i++) lines.push(`gains lion protection from "Name ${i}"\n`);
    const text = lines.join('');
    const before = PROTECTION_LISTS.read;
    const found = check(text).findings;
    // Before: the list copied (and looked through for the same instance) at each event, n² in all.
    const read = PROTECTION_LISTS.read - before;
    assert.ok(read <= 4 * n, `${read} instances copied or looked through`);
    // The Aura of the last name is put into its owner's graveyard (702.16c, 704.5m), which the scenario does not record.
    assert.deepEqual(found.map((f) => [f.kind, f.range.start.line]), [['missing-state-based-action', text.split('\n').length - 2]]);
  });
});
