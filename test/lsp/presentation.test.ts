// Semantic tokens and inlay hints.
import * as assert from 'node:assert/strict';
import { InlayHintRequest, SemanticTokensRequest, type InlayHint } from 'vscode-languageserver-protocol/node';
import { freshUri, TestClient } from './client';
import { CLEAN, REDUNDANT } from './scenarios';

interface Decoded {
  line: number;
  start: number;
  text: string;
  type: string;
  modifiers: string[];
}

/** Decodes the relative 5-integer encoding against the legend the server announced. */
function decode(data: number[], text: string, legend: { tokenTypes: string[]; tokenModifiers: string[] }): Decoded[] {
  assert.equal(data.length % 5, 0);
  const lines = text.split('\n');
  const out: Decoded[] = [];
  let line = 0;
  let start = 0;
  for (let i = 0; i < data.length; i += 5) {
    const [dl, ds, len, type, mods] = data.slice(i, i + 5);
    line += dl;
    start = dl === 0 ? start + ds : ds;
    assert.ok(type < legend.tokenTypes.length, 'type index in the legend');
    assert.ok(len > 0 && start + len <= lines[line].length, `token ${i / 5} is inside line ${line}`);
    out.push({
      line,
      start,
      text: lines[line].slice(start, start + len),
      type: legend.tokenTypes[type],
      modifiers: legend.tokenModifiers.filter((_, bit) => mods & (1 << bit)),
    });
  }
  return out;
}

describe('LSP semantic tokens and inlay hints', () => {
  let client: TestClient;
  afterEach(() => client.disposeExpectingNoErrors());

  it('semantic tokens: cards as classes, players as variables, declarations marked, zones, keywords, rule numbers', async () => {
    client = await TestClient.start();
    const legend = client.initializeResult.capabilities.semanticTokensProvider!.legend;
    assert.deepEqual(legend.tokenTypes, ['variable', 'class', 'keyword', 'type', 'enumMember', 'number', 'comment']);
    const uri = freshUri();
    await client.open(uri, CLEAN);
    const result = await client.connection.sendRequest(SemanticTokensRequest.type, { textDocument: { uri } });
    assert.ok(result && result.data.length > 0);
    const tokens = decode(result.data, CLEAN, legend);
    const find = (line: number, text: string) => tokens.find((t) => t.line === line && t.text === text);
    assert.deepEqual(find(3, 'lion'), { line: 3, start: 5, text: 'lion', type: 'class', modifiers: ['declaration'] });
    assert.deepEqual(find(1, 'alice')?.modifiers, ['declaration']);
    assert.equal(find(1, 'alice')?.type, 'variable');
    assert.deepEqual(find(3, 'alice'), { line: 3, start: 51, text: 'alice', type: 'variable', modifiers: [] });
    assert.equal(find(8, 'lion')?.type, 'class');
    assert.equal(find(8, 'equip')?.type, 'keyword');
    assert.equal(find(3, 'creature')?.type, 'type');
    assert.equal(find(3, 'Cat')?.type, 'type');
    assert.equal(find(5, 'attached')?.type, 'keyword');
    assert.equal(find(13, 'graveyard')?.type, 'enumMember');
    assert.equal(find(9, '704.5m')?.type, 'number');
    assert.ok(tokens.some((t) => t.line === 9 && t.type === 'comment'));
  });

  it('semantic tokens of abilities: keyword abilities, grants (a quoted one too), `gains`/`loses` abilities, `expect X has ABILITY`', async () => {
    client = await TestClient.start();
    const legend = client.initializeResult.capabilities.semanticTokensProvider!.legend;
    const text = [
      'game mtg', //                                                                                                     0
      'player alice', //                                                                                                 1
      'player bob', //                                                                                                   2
      'card lion "Silvercoat Lion": creature — Cat, owner alice, flying, first strike', //                                3
      'card sword "Sword": artifact — Equipment, owner alice, equipped creature has protection from red and from bob', // 4
      '  and haste, equipped creature loses flying', //                                                                  5
      'card wings "Wings": enchantment — Aura, enchant Equipment, enchanted Equipment has "equipped creature has shroud"', // 6
      'equip sword to lion', //                                                                                          7
      'gains lion first strike', //                                                                                      8
      'loses lion protection from white', //                                                                             9
      'loses lion all abilities', //                                                                                     10
      'expect lion has protection from bob', //                                                                          11
    ].join('\n');
    const uri = freshUri();
    await client.open(uri, text);
    const result = await client.connection.sendRequest(SemanticTokensRequest.type, { textDocument: { uri } });
    const tokens = decode(result!.data, text, legend);
    const on = (line: number) => tokens.filter((t) => t.line === line).map((t) => `${t.text}:${t.type}`);
    assert.deepEqual(on(3).slice(-2), ['flying:keyword', 'first strike:keyword']);
    assert.deepEqual(on(4).slice(-6), ['equipped:keyword', 'creature:type', 'has:keyword', 'protection from:keyword', 'from:keyword', 'bob:variable']);
    assert.deepEqual(on(5), ['haste:keyword', 'equipped:keyword', 'creature:type', 'loses:keyword', 'flying:keyword']);
    // The grant in quotes (613.7a): its words where they stand inside the string.
    assert.deepEqual(on(6).slice(-7), ['enchanted:keyword', 'Equipment:type', 'has:keyword', 'equipped:keyword', 'creature:type', 'has:keyword', 'shroud:keyword']);
    assert.deepEqual(on(8), ['gains:keyword', 'lion:class', 'first strike:keyword']);
    assert.deepEqual(on(9), ['loses:keyword', 'lion:class', 'protection from:keyword']);
    assert.deepEqual(on(10), ['loses:keyword', 'lion:class', 'all abilities:keyword']);
    assert.deepEqual(on(11), ['expect:keyword', 'lion:class', 'protection from:keyword', 'bob:variable']);
  });

  it('inlay hints: the replay summary at the end of each event line, within the requested range', async () => {
    client = await TestClient.start();
    const uri = freshUri();
    await client.open(uri, REDUNDANT);
    const all = (await client.connection.sendRequest(InlayHintRequest.type, {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: { line: 11, character: 0 } },
    })) as InlayHint[];
    assert.deepEqual(
      all.map((h) => [h.position, h.label]),
      [
        [{ line: 8, character: 22 }, '⟶ splitter → lion (t6)'],
        [{ line: 9, character: 22 }, '⟶ no effect: already on lion'],
      ],
    );
    const some = (await client.connection.sendRequest(InlayHintRequest.type, {
      textDocument: { uri },
      range: { start: { line: 9, character: 0 }, end: { line: 9, character: 22 } },
    })) as InlayHint[];
    assert.deepEqual(some.map((h) => h.position.line), [9]);
  });

  it('inlay hints: none when boardScenario.inlayHints.enabled is false', async () => {
    client = await TestClient.start({ settings: { inlayHints: { enabled: false } } });
    const uri = freshUri();
    await client.open(uri, REDUNDANT);
    const hints = await client.connection.sendRequest(InlayHintRequest.type, {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: { line: 11, character: 0 } },
    });
    assert.deepEqual(hints, []);
    // Turned back on: the server asks for the settings again and shows the hints.
    await client.changeConfiguration({ inlayHints: { enabled: true } });
    const again = await client.connection.sendRequest(InlayHintRequest.type, {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: { line: 11, character: 0 } },
    });
    assert.equal(again?.length, 2);
  });
});
