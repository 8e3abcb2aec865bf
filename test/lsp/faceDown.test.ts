// The editor surface of casting face down (MTG 702.37c, 702.168b, 708.4) and of face-down permanents (708.2a,
// 708.5): completion of `face down` for a card with morph, megamorph or disguise, the hover of the words, and
// the hover of a face-down card, shown face down with its face-up card's name for its controller; and turning
// one face up (708.8): completion of `turn X face up` and of the cost its special action pays, with its hover.
import * as assert from 'node:assert/strict';
import type { Position } from 'vscode-languageserver-protocol/node';
import { analyse } from '../../core';
import { positionOf, TestClient } from './client';

const CAST = [
  'game mtg', //                                                                                               0
  'player alice', //                                                                                           1
  'card fangs "Gift of Fangs": enchantment — Aura, owner alice, enchant creature, morph, in hand', //         2
  'card ogre "Gray Ogre": creature — Ogre, owner alice, toughness 2, in hand', //                             3
  'card spy "Disguised Spy": creature — Human Rogue, owner alice, toughness 3, disguise, in hand', //         4
  'cast fangs face down', //                                                                                   5
  'resolve fangs', //                                                                                          6
  'expect fangs face down', //                                                                                 7
].join('\n') + '\n';

describe('LSP face-down permanents: casting face down, turning face up', () => {
  let client: TestClient;
  before(async () => {
    client = await TestClient.start();
  });
  after(() => client.disposeExpectingNoErrors());

  const complete = (text: string, at: number, line: string) => client.completionLabels(text, at, line);
  const hover = (text: string, pos: Position) => client.hoverText(text, pos);

  it('the scenario under test has no finding', () => {
    assert.deepEqual(analyse(CAST).result.findings.map((f) => f.code), []);
  });

  it('a card with morph or disguise is offered `face down`, a card without neither (702.37d)', async () => {
    assert.ok((await complete(CAST, 5, 'cast spy ')).includes('face down'));
    assert.ok((await complete(CAST, 5, 'cast fangs ')).includes('face down'));
    assert.ok(!(await complete(CAST, 5, 'cast ogre ')).includes('face down'));
    assert.deepEqual(await complete(CAST, 5, 'cast spy face '), ['down']);
    assert.deepEqual(await complete(CAST, 5, 'cast spy face down '), ['by']);
  });

  it('the words and the face-down card have hovers with their rules (702.37c, 708.4, 708.5)', async () => {
    assert.match(await hover(CAST, positionOf(CAST, 'face down', 0)), /708\.4/);
    const card = await hover(CAST, positionOf(CAST, 'expect fangs', 8));
    assert.match(card, /Face down/);
    assert.match(card, /Gift of Fangs/);
    assert.doesNotMatch(card, /Lost all its abilities/);
  });

  // Turning a face-down permanent face up (708.8), on the same server.
  it('`turn X face up`: offers `face`, `up`/`down`, then `with`, `attached to` and the costs a special action pays (701.40b, 702.37b, 702.37e, 702.168d)', async () => {
    assert.ok((await complete(CAST, 7, 'turn fangs ')).includes('face'));
    assert.deepEqual(await complete(CAST, 7, 'turn fangs face '), ['up', 'down']);
    const after = await complete(CAST, 7, 'turn fangs face up ');
    for (const w of ['with', 'attached to', 'for its mana cost', 'for its morph cost', 'for its megamorph cost', 'for its disguise cost']) assert.ok(after.includes(w), `${w} in ${after.join(', ')}`);
    assert.deepEqual(await complete(CAST, 7, 'turn fangs face up for its '), ['mana cost', 'morph cost', 'megamorph cost', 'disguise cost']);
    // An effect (`with S`) pays no cost: once one is written, the other is not offered.
    assert.ok(!(await complete(CAST, 7, 'turn fangs face up with ogre ')).some((w) => w.startsWith('for its')));
    assert.deepEqual(await complete(CAST, 7, 'turn fangs face up for its morph cost '), ['attached to']);
  });

  it('`turn X face up`: the cost of the special action has a hover with its rules (701.40b, 702.37b, 702.168d)', async () => {
    const text = ['game mtg', 'player alice', 'card hero "Den Protector": creature — Human Warrior, owner alice, toughness 1, megamorph, in library', 'manifest hero', 'turn hero face up for its mana cost', 'turn hero face down', 'turn hero face up for its megamorph cost'].join('\n') + '\n';
    const mana = await hover(text, positionOf(text, 'for its mana cost', 4));
    assert.match(mana, /701\.40b/);
    assert.match(mana, /no \+1\/\+1 counter/);
    assert.match(await hover(text, positionOf(text, 'for its megamorph cost', 4)), /702\.37b/);
  });
});
