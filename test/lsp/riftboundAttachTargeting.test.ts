// The editor surface of Riftbound attach effects that choose their targets (434.3) and of Deflect (809):
// completion of `targeting`, `with`, `by` and `paying deflect` word by word (not MTG's `paying ward`), and the
// hovers of `targeting`, `paying deflect` and the Deflect keyword with their rules.
import * as assert from 'node:assert/strict';
import { ReferencesRequest, RenameRequest, SemanticTokensRequest, type Location, type TextEdit } from 'vscode-languageserver-protocol/node';
import { analyse, applyEdits } from '../../core';
import { positionOf, TestClient } from './client';
import { decodeTokens } from '../support/semanticTokens';

/** Alice's spell attaches her Blade to Bob's Garen, who has Deflect 2, paying for it: a clean scenario. */
const RB = [
  'game riftbound', //                                                                                   0
  'player alice', //                                                                                     1
  'player bob', //                                                                                       2
  'card garen "Garen": unit, might 4, owner bob, Deflect 2, at base', //                                 3
  'card blade "Blade": gear — Equipment, equip, might-bonus 2, owner alice, at base', //                 4
  'card swap "Arms Swap": spell, owner alice, in hand, attach target gear to target unit', //            5
  'attach blade to garen targeting with swap paying deflect', //                                         6
  'expect blade attached to garen', //                                                                   7
].join('\n') + '\n';

describe('LSP attach effects that choose, and Deflect (Riftbound)', () => {
  let client: TestClient;
  before(async () => {
    client = await TestClient.start();
  });
  after(() => client.disposeExpectingNoErrors());

  const complete = (text: string, at: number, line: string) => client.completionLabels(text, at, line);
  const hover = (text: string, pos: { line: number; character: number }) => client.hoverText(text, pos);

  it('the scenario under test is clean, and unpaid it is not played (809.1.d)', () => {
    assert.deepEqual(analyse(RB).result.findings.map((f) => f.message), []);
    const unpaid = analyse(RB.replace(' paying deflect', '')).result.findings;
    assert.deepEqual(unpaid.map((f) => [f.code, f.range.start.line]), [['impossible-event', 6], ['expectation-failed', 7]]);
    assert.ok(unpaid[0].rules!.includes('809.1.d'), JSON.stringify(unpaid[0].rules));
  });

  it('completes `targeting`, then `with`, `by` and `paying deflect`, and `deflect` after `paying`', async () => {
    assert.deepEqual((await complete(RB, 6, 'attach blade to garen ')).sort(), ['by', 'targeting']);
    assert.deepEqual((await complete(RB, 6, 'attach blade to garen targeting ')).sort(), ['by', 'paying deflect', 'with']);
    assert.ok((await complete(RB, 6, 'attach blade to garen targeting with ')).includes('swap'));
    assert.deepEqual(await complete(RB, 6, 'attach blade to garen targeting with swap by alice '), ['paying deflect']);
    assert.deepEqual(await complete(RB, 6, 'attach blade to garen targeting paying '), ['deflect']);
    // Equip has no such clause.
    assert.deepEqual(await complete(RB, 6, 'equip blade to garen '), ['by']);
    // A named ability that chooses: `paying deflect` after its target, before or after `by P`.
    const ability = RB.replace('at base\n', 'at base, ability punch\n');
    assert.deepEqual((await complete(ability, 6, 'activate garen ability punch targeting blade ')).sort(), ['by', 'paying deflect']);
    assert.deepEqual(await complete(ability, 6, 'activate garen ability punch targeting blade by bob '), ['paying deflect']);
    assert.deepEqual(await complete(ability, 6, 'activate garen ability punch targeting blade paying '), ['deflect']);
    assert.deepEqual(await complete(ability, 6, 'activate garen ability punch targeting blade paying deflect '), ['by']);
  });

  it('semantic tokens: `paying deflect` is one keyword, the source after `with` a card', async () => {
    const legend = client.initializeResult.capabilities.semanticTokensProvider!.legend;
    const r = await client.onDocument(RB, (uri) => client.connection.sendRequest(SemanticTokensRequest.type, { textDocument: { uri } }));
    const row = RB.split('\n')[6];
    const onLine = decodeTokens(r!.data).filter(([l]) => l === 6).map(([, start, length, type]) => [row.slice(start, start + length), legend.tokenTypes[type]]);
    for (const w of [['paying deflect', 'keyword'], ['swap', 'class'], ['blade', 'class']]) assert.ok(onLine.some(([t, k]) => t === w[0] && k === w[1]), `${w.join(' ')} in ${JSON.stringify(onLine)}`);
  });

  it('the source after `with` is a reference: found, and renamed there', async () => {
    await client.onDocument(RB, async (uri) => {
      const refs = (await client.connection.sendRequest(ReferencesRequest.type, { textDocument: { uri }, position: positionOf(RB, 'swap "Arms'), context: { includeDeclaration: false } })) as Location[];
      assert.deepEqual(refs.map((l) => [l.range.start.line, l.range.start.character]), [[6, 'attach blade to garen targeting with '.length]]);
      const edit = await client.connection.sendRequest(RenameRequest.type, { textDocument: { uri }, position: positionOf(RB, 'with swap', 'with '.length), newName: 'heist' });
      const renamed = applyEdits(RB, (edit!.documentChanges![0] as { edits: TextEdit[] }).edits);
      assert.equal(renamed, RB.replace(/\bswap\b(?= "| paying)/g, 'heist'));
      assert.deepEqual(analyse(renamed).result.findings, []);
    });
  });

  // The same spell waiting on the chain (359.3): `cast S targeting X to U`, then `resolve S`; an ability, `activate S attach`.
  const CHAIN = RB.replace('attach blade to garen targeting with swap paying deflect', 'cast swap targeting blade to garen paying deflect').replace('expect blade attached to garen', 'resolve swap\nexpect blade attached to garen\nexpect swap in trash');

  it('on the chain: clean, and completed word by word (the card, `to`, the unit, `by` and `paying deflect`)', async () => {
    assert.deepEqual(analyse(CHAIN).result.findings.map((f) => f.message), []);
    assert.ok((await complete(CHAIN, 6, 'cast swap targeting ')).includes('blade'));
    assert.deepEqual(await complete(CHAIN, 6, 'cast swap targeting blade '), ['to']);
    assert.ok((await complete(CHAIN, 6, 'cast swap targeting blade to ')).includes('garen'));
    assert.deepEqual((await complete(CHAIN, 6, 'cast swap targeting blade to garen ')).sort(), ['by', 'paying deflect']);
    assert.deepEqual(await complete(CHAIN, 6, 'cast swap targeting blade to garen paying '), ['deflect']);
    const squire = CHAIN.replace('at base\n', 'at base, attach target gear to target unit\n');
    assert.ok((await complete(squire, 6, 'activate garen ')).includes('attach'));
    // A card with no ability that attaches is not offered `attach` (377.3).
    assert.ok(!(await complete(CHAIN, 6, 'activate garen ')).includes('attach'));
    assert.deepEqual(await complete(squire, 6, 'activate garen attach '), ['targeting']);
    assert.deepEqual(await complete(squire, 6, 'activate garen attach targeting blade '), ['to']);
    assert.deepEqual((await complete(squire, 6, 'activate garen attach targeting blade to garen ')).sort(), ['by', 'paying deflect']);
  });

  it('on the chain: the unit after `to` is a reference, found and renamed there', async () => {
    await client.onDocument(CHAIN, async (uri) => {
      const refs = (await client.connection.sendRequest(ReferencesRequest.type, { textDocument: { uri }, position: positionOf(CHAIN, 'garen "Garen'), context: { includeDeclaration: false } })) as Location[];
      assert.ok(refs.some((l) => l.range.start.line === 6 && l.range.start.character === 'cast swap targeting blade to '.length), JSON.stringify(refs));
      const edit = await client.connection.sendRequest(RenameRequest.type, { textDocument: { uri }, position: positionOf(CHAIN, 'to garen', 'to '.length), newName: 'vi' });
      const renamed = applyEdits(CHAIN, (edit!.documentChanges![0] as { edits: TextEdit[] }).edits);
      assert.equal(renamed, CHAIN.replace(/\bgaren\b/g, 'vi'));
      assert.deepEqual(analyse(renamed).result.findings, []);
    });
  });

  it('hovers: `targeting` (434.3, 355.8), `paying deflect` (809.1.c, 809.1.d) and the Deflect keyword (809.1.b, 809.2)', async () => {
    const targeting = await hover(RB, positionOf(RB, 'targeting', 2, 0));
    assert.match(targeting, /chooses both cards as it is played/);
    assert.match(targeting, /434\.3/);
    assert.match(targeting, /355\.8/);
    const paying = await hover(RB, positionOf(RB, 'paying deflect', 3));
    assert.match(paying, /paid the Power that Deflect adds/);
    assert.match(paying, /809\.1\.c/);
    assert.match(paying, /809\.1\.d/);
    const ability = RB.replace('at base\n', 'at base, ability punch\n') + 'activate garen ability punch targeting blade by bob paying deflect\n';
    assert.match(await hover(ability, positionOf(ability, 'paying deflect', 2, 1)), /809\.1\.d/);
    const keyword = await hover(RB, positionOf(RB, 'Deflect 2', 2));
    assert.match(keyword, /costs 2 Power more/);
    assert.match(keyword, /809\.1\.b/);
    assert.match(keyword, /809\.2/);
  });
});
