// The editor surface of MTG's `when put into a graveyard from the battlefield, EFFECT` (Rancor; 603.6c): the
// trigger waiting on the stack for `resolve X trigger`, completed, and the hovers of the declaration, of the
// resolve line and of the card while its trigger waits.
import * as assert from 'node:assert/strict';
import type { Position } from 'vscode-languageserver-protocol/node';
import { analyse } from '../../core';
import { positionOf, TestClient } from './client';

const RANCOR = [
  'game mtg', //                                                                                                      0
  'player alice', //                                                                                                  1
  'card bears "Grizzly Bears": creature — Bear, owner alice, toughness 2', //                                         2
  "card rancor \"Rancor\": enchantment — Aura, enchant creature, owner alice, when put into a graveyard from the battlefield, return it to its owner's hand, attached to bears", // 3
  'destroy bears', //                                                                                                 4
  'unattach rancor from bears', //                                                                                    5
  'move rancor to graveyard', //                                                                                      6
  'resolve rancor trigger', //                                                                                        7
  'expect rancor in hand', //                                                                                         8
].join('\n') + '\n';

describe('LSP when put into a graveyard from the battlefield', () => {
  let client: TestClient;
  before(async () => {
    client = await TestClient.start();
  });
  after(() => client.disposeExpectingNoErrors());

  const hover = (text: string, pos: Position) => client.hoverText(text, pos);

  it('the scenario under test is clean', () => {
    assert.deepEqual(analyse(RANCOR).result.findings.map((f) => f.message), []);
  });

  it('completes `resolve rancor trigger` while the trigger waits, and the phrase with its effects in a declaration', async () => {
    assert.ok((await client.completionLabels(RANCOR, 7, 'resolve rancor ')).includes('trigger'), 'the trigger pending on the stack');
    const when = await client.completionLabels(RANCOR, 2, 'card bears "Grizzly Bears": creature — Bear, owner alice, when ');
    assert.ok(when.includes('put into a graveyard from the battlefield'), when.join(', '));
  });

  it('hovers: the phrase cites 603.6c, 603.10a, 704.5m and 608.3b; `trigger` in the resolve line 400.7e; the card waiting says what to write', async () => {
    const declared = await hover(RANCOR, positionOf(RANCOR, 'put into a graveyard', 0));
    assert.match(declared, /goes from the battlefield to a graveyard/);
    for (const rule of ['603\\.6c', '603\\.10a', '704\\.5m', '608\\.3b', '400\\.7e']) assert.match(declared, new RegExp(rule));
    const resolving = await hover(RANCOR, positionOf(RANCOR, 'trigger', 0, 0));
    assert.match(resolving, /resolves this card's `when put into a graveyard from the battlefield` ability/);
    assert.match(resolving, /400\.7e/);
    const waiting = await hover(RANCOR, positionOf(RANCOR, 'move rancor', 5));
    assert.match(waiting, /waiting to resolve \(`resolve rancor trigger`\)/);
    assert.doesNotMatch(waiting, /reconfigure/);
  });
});
