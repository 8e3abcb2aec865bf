// A host's long lists of protections and of what can't be attached to it are looked up through an index
// beside them (LONG_LIST, core/engine/abilities.ts: cantAttachBy; grantFold.ts: the fold and the
// comparison of two folds; rules/mtg/legality.ts: which instances may cover an attachment). Random
// scenarios, checked with the index always, never, and past eight entries, find the same.
import assert from 'node:assert/strict';
import { type CantEntry, cantAttachBy, LONG_LIST, qualityPlacesIn, shareCantKinds, shareQualityPlaces } from '../../core/engine/abilities';
import { protectionAgainst } from '../../core/rules/mtg/legality';
import { Board, type CardObj } from '../../core/engine/board';
import { type Effect, foldEffects, sameAbilities } from '../../core/engine/grantFold';
import { findingsAndBoard, withSetting } from '../support/outcome';
import { prng } from '../support/prng';

const NAMES = ['Bear', 'Cat', 'Pacifism', 'Shackles', 'Sword'];
const QUALITIES = [...NAMES.map((n) => `"${n}"`), 'red', 'white', 'Auras', 'Equipment', 'creatures', 'everything', 'Cats'];

function pick<T>(next: () => number, xs: readonly T[]): T {
  return xs[Math.floor(next() * xs.length)];
}

/** Two hosts, a dozen or more Equipment each giving protection from something or saying what can't be attached, Auras and Equipment of those names, and events that move them. */
function scenario(next: () => number): string {
  const lines = ['game mtg', 'player alice', 'player bob', 'card h0 "Bear": creature — Bear, owner alice', 'card h1 "Cat": creature — Cat, owner alice'];
  const grantors: string[] = [];
  const n = 6 + Math.floor(next() * 14);
  for (let i = 0; i < n; i++) {
    const id = `g${i}`;
    grantors.push(id);
    const r = next();
    const grant = r < 0.6 ? `equipped creature has protection from ${pick(next, QUALITIES)}` : r < 0.8 ? `equipped creature can't be ${pick(next, ['enchanted', 'equipped'])}` : `equipped creature can't be enchanted by other Auras`;
    lines.push(`card ${id} "${pick(next, NAMES)}": artifact — Equipment, equip, owner ${pick(next, ['alice', 'bob'])}, ${next() < 0.4 ? 'color red, ' : ''}${grant}${next() < 0.7 ? `, attached to ${pick(next, ['h0', 'h1'])}` : ''}`);
  }
  const auras: string[] = [];
  for (let i = 0; i < 4; i++) {
    auras.push(`a${i}`);
    lines.push(`card a${i} "${pick(next, NAMES)}": enchantment — Aura, enchant creature, owner alice${next() < 0.4 ? ', color white' : ''}${next() < 0.5 ? `, attached to ${pick(next, ['h0', 'h1'])}` : ''}`);
  }
  const events = 3 + Math.floor(next() * 14);
  for (let i = 0; i < events; i++) {
    const r = next();
    const h = pick(next, ['h0', 'h1']);
    if (r < 0.35) lines.push(`attach ${pick(next, grantors)} to ${h}`);
    else if (r < 0.55) lines.push(`attach ${pick(next, auras)} to ${h}`);
    else if (r < 0.65) lines.push(`unattach ${pick(next, grantors)} from ${h}`);
    else if (r < 0.75) lines.push(`gains ${h} protection from ${pick(next, QUALITIES)}${next() < 0.4 ? `, not removing ${pick(next, ['Auras', 'attached', ...auras])}` : ''}`);
    else if (r < 0.82) lines.push(`loses ${h} protection from ${pick(next, QUALITIES)}`);
    else if (r < 0.88) lines.push(`destroy ${pick(next, grantors)}`);
    else if (r < 0.94) lines.push(`loses ${pick(next, grantors)} all abilities`);
    else lines.push(`phase out ${pick(next, grantors)}`);
  }
  return lines.join('\n') + '\n';
}

function outcome(text: string, long: number): string {
  return withSetting(LONG_LIST, 'length', long, () => findingsAndBoard(text));
}

describe('long lists of protections and restrictions, looked up through an index (LONG_LIST)', () => {
  it('find what reading them through finds, in 300 random scenarios', () => {
    const next = prng(70216);
    let protected_ = 0;
    for (let trial = 0; trial < 300; trial++) {
      const text = scenario(next);
      const plain = outcome(text, Infinity);
      assert.equal(outcome(text, 0), plain, text);
      assert.equal(outcome(text, 8), plain, text);
      if (/protection-|illegal-attachment/.test(plain)) protected_++;
    }
    // The scenarios exercise the lists: most of them have something illegal because of them.
    assert.ok(protected_ > 150, `${protected_} of 300 scenarios with a finding about protection or attachment`);
  });

  it('read only their own places where a longer list shares them (a fold carried on adds to the places of the last)', () => {
    // A host's list of ten protections from names, and places shared with the next fold's list, which has one more: from "Bear".
    const list = Array.from({ length: 10 }, (_, i) => `"Name ${i}"`);
    const shared = qualityPlacesIn([...list, '"Bear"']);
    shareQualityPlaces(list, shared);
    const host = { id: 'host', granted: { protections: list, protectionKeeps: list.map(() => undefined), targeting: [], keywords: [] } } as unknown as CardObj;
    const bear = { id: 'bear', name: 'Bear', version: 0, timestamp: 1 } as unknown as CardObj;
    const named = { id: 'n3', name: 'Name 3', version: 0, timestamp: 1 } as unknown as CardObj;
    const was = LONG_LIST.length;
    LONG_LIST.length = 0;
    try {
      assert.equal(protectionAgainst(host, bear), undefined);
      assert.deepEqual(protectionAgainst(host, named)?.rules, ['702.16a']);
      // The longer list has an ability the shorter has not: the comparison of two folds sees it.
      const longer = [...list, '"Bear"'];
      shareQualityPlaces(longer, shared);
      const granted = (protections: string[]) => ({ protections, protectionKeeps: protections.map(() => undefined), targeting: [], keywords: [] });
      assert.equal(sameAbilities(granted(longer), granted(list)), false);
      assert.equal(sameAbilities(granted(list), granted([...list])), true);
    } finally {
      LONG_LIST.length = was;
    }
  });

  it("read only their own places where a longer list of what can't be attached shares them", () => {
    const list: CantEntry[] = Array.from({ length: 10 }, (_, i) => ({ what: 'equipped', except: undefined, by: `e${i}` }));
    const host = (cant: CantEntry[]) => ({ id: 'host', granted: { protections: [], protectionKeeps: [], targeting: [], keywords: [], cant } }) as unknown as CardObj;
    const aura = { id: 'aura' } as unknown as CardObj;
    const was = LONG_LIST.length;
    LONG_LIST.length = 0;
    try {
      // The split of the list is made at its first question, then shared with the longer list, which says it can't be enchanted.
      assert.equal(cantAttachBy(host(list), 'enchanted', aura), undefined);
      const longer = [...list, { what: 'enchanted', except: undefined, by: 'e10' } as const];
      shareCantKinds(list, longer);
      assert.deepEqual(cantAttachBy(host(longer), 'enchanted', aura), { by: 'e10', other: false });
      assert.equal(cantAttachBy(host(list), 'enchanted', aura), undefined);
      assert.deepEqual(cantAttachBy(host(list), 'equipped', aura), { by: 'e0', other: false });
    } finally {
      LONG_LIST.length = was;
    }
  });

  it('fold a protection lost and gained again as the list read through does (the places in it made again after a loss)', () => {
    const host = { protections: [], protectionKeeps: [], targeting: [], keywords: [] } as unknown as CardObj;
    const effect = (seq: number, verb: 'has' | 'loses', quality: string, source?: string): Effect => ({ primary: seq, secondary: 0, seq, verb, ability: { kind: 'protection', quality }, source, keep: undefined, grantKeep: undefined }) as Effect;
    // Red from e1, white from e2, red lost (an event), red again from e3: white, then red.
    const effects = [effect(1, 'has', 'red', 'e1'), effect(2, 'has', 'white', 'e2'), effect(3, 'loses', 'red'), effect(4, 'has', 'red', 'e3'), effect(5, 'has', '"Bear"', 'e4')];
    for (const long of [0, 1, Infinity]) {
      const was = LONG_LIST.length;
      LONG_LIST.length = long;
      try {
        assert.deepEqual(foldEffects(new Board('mtg'), host, effects, []).protections, ['white', 'red', '"Bear"'], `past ${long}`);
      } finally {
        LONG_LIST.length = was;
      }
    }
  });
});
