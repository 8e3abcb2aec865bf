// The editor surface of transforming double-faced cards (MTG 712, 701.27): completion of the back face
// after `transforms into`, the verb's and the assertion's words, and the hovers with their rules.
import * as assert from 'node:assert/strict';
import type { Position } from 'vscode-languageserver-protocol/node';
import { analyse } from '../../core';
import { positionOf, TestClient } from './client';

/** Delver of Secrets and its back face, with an Aura that enchants a Wizard, and a back face no card names yet. */
const DFC = [
  'game mtg', //                                                                                                         0
  'player alice', //                                                                                                     1
  'card aberration "Insectile Aberration": creature — Human Insect, color blue, flying, toughness 1, back face', //       2
  'card husk "Husk Face": creature — Horror, toughness 3, back face', //                                                   3
  'card delver "Delver of Secrets": creature — Human Wizard, owner alice, color blue, toughness 1, transforms into aberration', // 4
  'card lore "Arcane Tutelage": enchantment — Aura, owner alice, enchant Wizard, attached to delver', //                   5
  'transform delver', //                                                                                                 6
  'move lore to graveyard', //                                                                                           7
  'expect delver transformed', //                                                                                        8
].join('\n') + '\n';

describe('LSP double-faced cards', () => {
  let client: TestClient;
  before(async () => {
    client = await TestClient.start();
  });
  after(() => client.disposeExpectingNoErrors());

  const complete = (text: string, at: number, line: string) => client.completionLabels(text, at, line);
  const hover = (text: string, pos: Position) => client.hoverText(text, pos);

  it('the scenario under test has one finding: the back face no card transforms into yet', () => {
    assert.deepEqual(analyse(DFC).result.findings.map((f) => [f.code, f.subjects]), [['syntax-error', ['husk']]]);
  });

  it('after `transforms into`, the back faces that no card transforms into yet (712.2)', async () => {
    // Delver's own line names aberration: a second front is offered only the husk.
    const line = 'card ghoul "Ghoul": creature — Zombie, owner alice, transforms into ';
    assert.deepEqual(await complete(DFC, 6, line), ['husk']);
    // Before delver's line, both are free.
    assert.deepEqual([...(await complete(DFC, 4, line))].sort(), ['aberration', 'husk']);
  });

  it('`transform` and `transformed` are offered in MTG, where they mean something', async () => {
    assert.ok((await complete(DFC, 6, 'trans')).includes('transform'));
    assert.ok((await complete(DFC, 8, 'expect delver ')).includes('transformed'));
  });

  it('hovers explain the verb and the faces with their rules (701.27a, 712.18, 712.2)', async () => {
    const verb = await hover(DFC, positionOf(DFC, 'transform delver', 2));
    assert.match(verb, /701\.27a/);
    assert.match(verb, /712\.18/);
    const face = await hover(DFC, positionOf(DFC, 'back face', 1));
    assert.match(face, /712\.2/);
  });
});
