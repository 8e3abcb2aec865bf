// The editor surface of copy effects (MTG 707; Riftbound 477.1.b): completion of the copy words and of
// the objects to copy, the hovers of the verb, of `as a copy of` and of the assertion with their rules,
// the card hover's copy, and the names in the new lines found and renamed like any other.
import * as assert from 'node:assert/strict';
import type { Position } from 'vscode-languageserver-protocol/node';
import { ReferencesRequest, RenameRequest, SemanticTokensRequest, type Location, type TextEdit } from 'vscode-languageserver-protocol/node';
import { analyse } from '../../core';
import { positionOf, TestClient } from './client';

/** A creature that becomes a copy of an artifact (its Aura recorded going), and a Copy Enchantment entering as a copy of an Aura. */
const COPIES = [
  'game mtg', //                                                                                                         0
  'player alice', //                                                                                                     1
  'card bears "Grizzly Bears": creature — Bear, owner alice, toughness 2', //                                            2
  'card wall "Wall of Stone": artifact, owner alice', //                                                                 3
  'card cloak "Cloak of Feathers": enchantment — Aura, owner alice, enchant creature, attached to bears', //             4
  'card lion "Silvercoat Lion": creature — Cat, owner alice, toughness 2', //                                            5
  'card ench "Copy Enchantment": enchantment, owner alice, in hand', //                                                  6
  'becomes bears a copy of wall', //                                                                                     7
  'move cloak to graveyard', //                                                                                          8
  'enter ench as a copy of cloak attached to lion', //                                                                   9
  'expect ench a copy of cloak', //                                                                                     10
  'expect bears not a copy of lion', //                                                                                 11
].join('\n') + '\n';

/** The text with its edits applied (the edits don't overlap; applied from the last). */
function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const lines = text.split('\n');
  const sorted = [...edits].sort((a, b) => b.range.start.line - a.range.start.line || b.range.start.character - a.range.start.character);
  for (const e of sorted) {
    const l = lines[e.range.start.line];
    lines[e.range.start.line] = l.slice(0, e.range.start.character) + e.newText + l.slice(e.range.end.character);
  }
  return lines.join('\n');
}

describe('LSP copy effects', () => {
  let client: TestClient;
  before(async () => {
    client = await TestClient.start();
  });
  after(() => client.disposeExpectingNoErrors());

  const complete = (text: string, at: number, line: string) => client.completionLabels(text, at, line);
  const hover = (text: string, pos: Position) => client.hoverText(text, pos);

  it('the scenario under test is clean', () => {
    assert.deepEqual(analyse(COPIES).result.findings.map((f) => f.message), []);
  });

  it('completion offers the copy words, then the objects to copy, never the copy itself', async () => {
    assert.ok((await complete(COPIES, 7, 'becomes bears ')).includes('a copy of'));
    const originals = await complete(COPIES, 7, 'becomes bears a copy of ');
    assert.ok(originals.includes('wall'));
    assert.ok(!originals.includes('bears'));
    // Those on the battlefield before the card in a hand.
    assert.ok(originals.indexOf('lion') < originals.indexOf('ench'));
    assert.ok((await complete(COPIES, 9, 'enter ench ')).includes('as a copy of'));
    assert.ok(!(await complete(COPIES, 9, 'enter ench as a copy of ')).includes('ench'));
    assert.ok((await complete(COPIES, 10, 'expect ench ')).includes('a copy of'));
    assert.ok((await complete(COPIES, 10, 'expect ench ')).includes('not a copy'));
    assert.ok((await complete(COPIES, 10, 'expect ench not ')).includes('a copy'));
  });

  it('hovers explain the verb, `as a copy of` and the assertion with their rules (707.4, 707.5, 303.4f, 707.2)', async () => {
    const verb = await hover(COPIES, positionOf(COPIES, 'becomes bears', 2));
    assert.match(verb, /707\.4/);
    assert.match(verb, /613\.1a/);
    const entering = await hover(COPIES, positionOf(COPIES, 'as a copy of cloak', 5));
    assert.match(entering, /707\.5/);
    assert.match(entering, /303\.4f/);
    const assertion = await hover(COPIES, positionOf(COPIES, 'a copy of cloak', 4, 1));
    assert.match(assertion, /707\.2/);
  });

  it('the card hover says what the permanent copies', async () => {
    const card = await hover(COPIES, positionOf(COPIES, 'bears not', 1));
    assert.match(card, /wall/);
    assert.match(card, /Wall of Stone/);
  });

  it('a name after `a copy of` is a reference, and renames with the card', async () => {
    const uri = 'file:///copies-rename.board';
    await client.open(uri, COPIES);
    try {
      const refs = (await client.connection.sendRequest(ReferencesRequest.type, { textDocument: { uri }, position: positionOf(COPIES, 'cloak attached', 1), context: { includeDeclaration: true } })) as Location[];
      assert.deepEqual(refs.map((l) => l.range.start.line), [4, 8, 9, 10]);
      const edit = await client.connection.sendRequest(RenameRequest.type, { textDocument: { uri }, position: positionOf(COPIES, 'wall', 1, 1), newName: 'stone' });
      const change = edit!.documentChanges![0] as { edits: TextEdit[] };
      const renamed = applyEdits(COPIES, change.edits);
      assert.equal(renamed, COPIES.replace(/\bwall\b/g, 'stone'));
      assert.deepEqual(analyse(renamed).result.findings, []);
    } finally {
      await client.close(uri);
    }
  });

  it('semantic tokens: the copy words are one keyword, the objects named are cards', async () => {
    const legend = client.initializeResult.capabilities.semanticTokensProvider!.legend;
    const result = await client.onDocument(COPIES, (uri) => client.connection.sendRequest(SemanticTokensRequest.type, { textDocument: { uri } }));
    const lines = COPIES.split('\n');
    const tokens: { line: number; text: string; type: string }[] = [];
    let line = 0;
    let start = 0;
    for (let i = 0; i < result!.data.length; i += 5) {
      const [dl, ds, len, type] = result!.data.slice(i, i + 5);
      line += dl;
      start = dl === 0 ? start + ds : ds;
      tokens.push({ line, text: lines[line].slice(start, start + len), type: legend.tokenTypes[type] });
    }
    const on = (l: number) => tokens.filter((t) => t.line === l).map((t) => `${t.text}:${t.type}`);
    assert.deepEqual(on(7), ['becomes:keyword', 'bears:class', 'a copy of:keyword', 'wall:class']);
    assert.deepEqual(on(9).slice(0, 4), ['enter:keyword', 'ench:class', 'as a copy of:keyword', 'cloak:class']);
    assert.deepEqual(on(11), ['expect:keyword', 'bears:class', 'not a copy of:keyword', 'lion:class']);
  });

  it('Riftbound: the verb hover cites 477.1.b.1', async () => {
    const rb = ['game riftbound', 'player alice', 'card jinx "Jinx": unit, owner alice, might 3', 'card vi "Vi": unit, owner alice, might 5', 'becomes jinx a copy of vi', ''].join('\n');
    assert.match(await hover(rb, positionOf(rb, 'becomes', 2)), /477\.1\.b\.1/);
  });
});
