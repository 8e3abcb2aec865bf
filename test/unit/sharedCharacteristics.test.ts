// A printed characteristic of one word (only `creature`, only `Equipment`, only `white`) is one set
// shared by every card that prints it (core/engine/board.ts, `adding`). Copy on write must hold: no
// change to one card's types, subtypes or colors may reach another card that prints the same words.
import { describe, it } from 'mocha';
import assert from 'node:assert/strict';
import { boardAt, check } from '../../core';
import { adding, blankCharacteristics } from '../../core/engine/board';

describe('characteristics of one word are shared sets (copy on write)', () => {
  it('two cards that print one word hold one set, and the set refuses any change', () => {
    const a = adding(blankCharacteristics().types, 'creature');
    const b = adding(blankCharacteristics().types, 'creature');
    assert.equal(a, b);
    assert.throws(() => (a as Set<string>).add('land'), /changed in place/);
    assert.throws(() => (a as Set<string>).delete('creature'), /changed in place/);
    assert.throws(() => (a as Set<string>).clear(), /changed in place/);
    assert.deepEqual([...a], ['creature']);
  });

  it("a second word makes a set of the card's own, and the shared one keeps its one word", () => {
    const shared = adding(blankCharacteristics().types, 'artifact');
    assert.equal(adding(shared, 'artifact'), shared);
    const own = adding(shared, 'creature');
    assert.notEqual(own, shared);
    assert.deepEqual([...own], ['artifact', 'creature']);
    assert.deepEqual([...shared], ['artifact']);
    // A set of the card's own (two words or more) is added to in place while the declaration builds it.
    assert.equal(adding(own, 'land'), own);
    assert.deepEqual([...adding(blankCharacteristics().types, 'artifact')], ['artifact']);
  });

  it('type changes, by events and by an Aura, on one card leave the cards that print the same words as printed', () => {
    const head = [
      'game mtg',
      'player alice',
      'card bear "Grizzly Bears": creature — Bear, color green, owner alice',
      'card cub "Bear Cub": creature — Bear, color green, owner alice',
      'card elk "Elk": creature — Elk Bear, color green, owner alice',
      'card a1 "Aura": enchantment — Aura, enchant permanent, owner alice, attached to elk, enchanted permanent is a colorless Forest land',
    ];
    const events = ['becomes bear artifact', 'loses bear creature', 'becomes bear land Island', 'becomes bear red'];
    const text = [...head, ...events, 'expect cub in battlefield', ''].join('\n');
    assert.deepEqual(check(text).findings, []);
    const cards = boardAt(text, head.length + events.length).cards;
    const view = (id: string) => {
      const c = cards.find((x) => x.id === id)!;
      return { types: [...c.types].sort(), subtypes: [...c.subtypes].sort(), colors: [...c.colors].sort() };
    };
    // The bear and the elk changed; the cub prints what the bear printed and is what it printed.
    assert.deepEqual(view('cub'), { types: ['creature'], subtypes: ['Bear'], colors: ['green'] });
    assert.notDeepEqual(view('bear'), view('cub'));
    assert.deepEqual(view('elk'), { types: ['land'], subtypes: ['Forest'], colors: [] });
  });
});
