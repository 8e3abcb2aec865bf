// The editor surface of mutate and merged permanents (MTG 702.140, 730): completion of `mutating onto`, of
// the creatures a mutating spell may target, of `on top` / `underneath` and of `merged with`; the hovers
// of those words, of the keyword and of a merged permanent with their rules; references and rename of the
// names in the new lines.
import * as assert from 'node:assert/strict';
import type { Position } from 'vscode-languageserver-protocol/node';
import { ReferencesRequest, RenameRequest, type Location, type TextEdit, type WorkspaceEdit } from 'vscode-languageserver-protocol/node';
import { analyse, applyEdits } from '../../core';
import { positionOf, TestClient } from './client';

/** A Beast mutating on top of a Bear with an Aura that enchants a Bear. */
const MUTATE = [
  'game mtg', //                                                                                               0
  'player alice', //                                                                                           1
  'player bob', //                                                                                             2
  'card bear "Grizzly Bears": creature — Bear, owner alice, toughness 2', //                                   3
  'card knight "Squire": creature — Human Knight, owner alice, toughness 2', //                                4
  'card goat "Mountain Goat": creature — Goat, owner bob, toughness 1', //                                     5
  'card totem "Bear Totem": enchantment — Aura, owner alice, enchant Bear, attached to bear', //               6
  'card gemrazer "Gemrazer": creature — Beast, owner alice, toughness 4, trample, mutate, in hand', //         7
  'turn alice', //                                                                                             8
  'cast gemrazer mutating onto bear', //                                                                       9
  'resolve gemrazer on top', //                                                                                10
  'move totem to graveyard', //                                                                                11
  'expect bear merged with gemrazer', //                                                                       12
].join('\n') + '\n';

/** Three cards: the Beast on top, the Bear, and a Fox merged underneath, at the bottom. */
const THREE = [
  'game mtg',
  'player alice',
  'card bear "Grizzly Bears": creature — Bear, owner alice, toughness 2',
  'card gemrazer "Gemrazer": creature — Beast, owner alice, toughness 4, mutate, in hand',
  'card fox "Vulpine Prowler": creature — Fox, owner alice, toughness 2, mutate, in hand',
  'turn alice',
  'cast gemrazer mutating onto bear',
  'resolve gemrazer on top',
  'cast fox mutating onto bear',
  'resolve fox underneath',
  'expect bear merged with fox',
].join('\n') + '\n';

describe('LSP mutate and merged permanents', () => {
  let client: TestClient;
  before(async () => {
    client = await TestClient.start();
  });
  after(() => client.disposeExpectingNoErrors());

  const complete = (text: string, at: number, line: string) => client.completionLabels(text, at, line);
  const hover = (text: string, pos: Position) => client.hoverText(text, pos);

  it('the scenario under test has no finding', () => {
    assert.deepEqual(analyse(MUTATE).result.findings.map((f) => f.code), []);
  });

  it('a card with mutate is offered `mutating onto`, then the non-Human creatures its owner owns first (702.140a)', async () => {
    assert.ok((await complete(MUTATE, 9, 'cast gemrazer ')).includes('mutating onto'));
    assert.ok(!(await complete(MUTATE, 9, 'cast totem ')).includes('mutating onto'));
    assert.deepEqual(await complete(MUTATE, 9, 'cast gemrazer mutating '), ['onto']);
    const targets = await complete(MUTATE, 9, 'cast gemrazer mutating onto ');
    assert.equal(targets[0], 'bear');
    // The Human and bob's Goat come after it; the spell itself is not offered.
    assert.ok(targets.indexOf('knight') > 0 && targets.indexOf('goat') > 0);
    assert.ok(!targets.includes('gemrazer'));
  });

  it('a mutating spell on the stack is offered `on top` and `underneath` (702.140c); an assertion, `merged with` and its cards', async () => {
    assert.deepEqual(await complete(MUTATE, 10, 'resolve gemrazer '), ['on top', 'underneath']);
    assert.ok((await complete(MUTATE, 12, 'expect bear ')).includes('merged with'));
    assert.deepEqual(await complete(MUTATE, 12, 'expect bear merged with '), ['gemrazer']);
  });

  it('hovers explain the words, the keyword and the merged permanent with their rules (702.140a, 702.140c, 730.2)', async () => {
    assert.match(await hover(MUTATE, positionOf(MUTATE, 'mutating onto', 2)), /702\.140a/);
    const merge = await hover(MUTATE, positionOf(MUTATE, 'on top', 1));
    assert.match(merge, /702\.140c/);
    assert.match(merge, /730\.2c/);
    assert.match(await hover(MUTATE, positionOf(MUTATE, 'merged with', 2)), /730\.2/);
    assert.match(await hover(MUTATE, positionOf(MUTATE, 'mutate, in hand', 2)), /702\.140a/);
    // The permanent lists its cards, the top one first.
    assert.match(await hover(MUTATE, positionOf(MUTATE, 'bear merged', 1)), /\*\*gemrazer\*\*, \*\*bear\*\*/);
    // A third card underneath goes to the bottom.
    assert.deepEqual(analyse(THREE).result.findings.map((f) => f.code), []);
    assert.match(await hover(THREE, positionOf(THREE, 'bear merged', 1)), /\*\*gemrazer\*\*, \*\*bear\*\*, \*\*fox\*\*/);
  });

  it('references and rename find the names of `mutating onto`, `resolve ... on top` and `merged with`', async () => {
    const refs = await client.onDocument(MUTATE, (uri) => client.connection.sendRequest(ReferencesRequest.type, { textDocument: { uri }, position: positionOf(MUTATE, 'gemrazer "', 1), context: { includeDeclaration: true } })) as Location[];
    assert.deepEqual(refs.map((l) => l.range.start.line).sort((a, b) => a - b), [7, 9, 10, 12]);
    const edit = await client.onDocument(MUTATE, (uri) => client.connection.sendRequest(RenameRequest.type, { textDocument: { uri }, position: positionOf(MUTATE, 'bear merged', 1), newName: 'ursa' })) as WorkspaceEdit;
    const edits = (edit.documentChanges![0] as { edits: TextEdit[] }).edits;
    assert.deepEqual(edits.map((e) => e.range.start.line).sort((a, b) => a - b), [3, 6, 9, 12]);
    const renamed = applyEdits(MUTATE, edits);
    assert.equal(renamed, MUTATE.replace(/\bbear\b/g, 'ursa'));
    assert.deepEqual(analyse(renamed).result.findings, []);
  });
});
