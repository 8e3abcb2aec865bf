// The editor surface of Riftbound Quick-Draw's trigger on the chain (819.1.d) and of a player conceding
// (650-652): completion of the resolve line word by word, the unit after `choosing` as a reference
// (rename, references), semantic tokens, and the hovers with their rules.
import * as assert from 'node:assert/strict';
import { ReferencesRequest, RenameRequest, SemanticTokensRequest, type Location, type Position, type TextEdit } from 'vscode-languageserver-protocol/node';
import { analyse, applyEdits } from '../../core';
import { positionOf, TestClient } from './client';
import { decodeTokens } from '../support/semanticTokens';

/** A Quick-Draw gear played, its trigger resolved onto Vi: a clean scenario. */
const QD = [
  'game riftbound', //                                                                                  0
  'player alice', //                                                                                    1
  'player bob', //                                                                                      2
  'card vi "Vi": unit, might 3, owner alice, at base', //                                               3
  'card kai "Kai\'Sa": unit, might 3, owner bob, at base', //                                           4
  'card rock "Rock": gear, owner alice, at base', //                                                    5
  'card blade "Quick Blade": gear — Equipment, equip, Quick-Draw, might-bonus 1, owner alice, in hand', // 6
  'enter blade', //                                                                                     7
  'resolve blade Quick-Draw choosing vi', //                                                            8
  'expect blade attached to vi', //                                                                     9
].join('\n') + '\n';

/** Three players; alice concedes, and bob's sword on her unit is recorded detaching and recalled: a clean scenario. */
const CONCEDE = [
  'game riftbound', //                                                                                  0
  'player alice', //                                                                                    1
  'player bob', //                                                                                      2
  'player carol', //                                                                                    3
  'card vi "Vi": unit, might 3, owner alice, at battlefield b1', //                                     4
  'card sword "Sword": gear — Equipment, equip, might-bonus 2, owner bob, attached to vi', //           5
  'leave alice', //                                                                                     6
  'detach sword from vi', //                                                                            7
  'recall sword', //                                                                                    8
  'expect sword at base of bob', //                                                                     9
].join('\n') + '\n';

describe('LSP Quick-Draw on the chain and conceding (Riftbound)', () => {
  let client: TestClient;
  before(async () => {
    client = await TestClient.start();
  });
  after(() => client.disposeExpectingNoErrors());

  const on = <T>(text: string, request: (uri: string) => Promise<T>) => client.onDocument(text, request);
  const complete = (text: string, at: number, line: string) => client.completionLabels(text, at, line);
  const hover = (text: string, pos: Position) => client.hoverText(text, pos);

  it('the scenarios under test are clean', () => {
    assert.deepEqual(analyse(QD).result.findings.map((f) => f.message), []);
    assert.deepEqual(analyse(CONCEDE).result.findings.map((f) => f.message), []);
  });

  it('completes `resolve blade Quick-Draw choosing U` word by word, the units its controller controls first (819.1.d)', async () => {
    assert.ok((await complete(QD, 8, 'resolve blade ')).includes('Quick-Draw'), 'the trigger pending on the chain');
    assert.deepEqual(await complete(QD, 8, 'resolve blade Quick-Draw '), ['choosing']);
    const units = await complete(QD, 8, 'resolve blade Quick-Draw choosing ');
    assert.equal(units[0], 'vi');
    assert.ok(units.indexOf('kai') < units.indexOf('rock'), units.join(' '));
    assert.ok(!units.includes('blade'), 'not the gear itself');
  });

  it('the unit after `choosing` is a reference: found, and renamed there', async () => {
    await on(QD, async (uri) => {
      const refs = (await client.connection.sendRequest(ReferencesRequest.type, { textDocument: { uri }, position: positionOf(QD, 'vi "Vi"'), context: { includeDeclaration: false } })) as Location[];
      assert.deepEqual(refs.map((l) => [l.range.start.line, l.range.start.character]), [[8, 34], [9, 25]]);
      const edit = await client.connection.sendRequest(RenameRequest.type, { textDocument: { uri }, position: positionOf(QD, 'choosing vi', 'choosing '.length), newName: 'violet' });
      const renamed = applyEdits(QD, (edit!.documentChanges![0] as { edits: TextEdit[] }).edits);
      assert.equal(renamed, QD.replace(/\bvi\b(?= |$|\n)/gm, 'violet'));
      assert.deepEqual(analyse(renamed).result.findings, []);
    });
  });

  it('semantic tokens: Quick-Draw and `choosing` are keywords in the resolve line, the unit a card', async () => {
    const legend = client.initializeResult.capabilities.semanticTokensProvider!.legend;
    const r = await on(QD, (uri) => client.connection.sendRequest(SemanticTokensRequest.type, { textDocument: { uri } }));
    const row = QD.split('\n')[8];
    const onLine = decodeTokens(r!.data).filter(([l]) => l === 8).map(([, start, length, type]) => [row.slice(start, start + length), legend.tokenTypes[type]]);
    for (const w of [['Quick-Draw', 'keyword'], ['choosing', 'keyword'], ['vi', 'class']]) assert.ok(onLine.some(([t, k]) => t === w[0] && k === w[1]), `${w.join(' ')} in ${JSON.stringify(onLine)}`);
  });

  it('hovers: the keyword, the resolve line, `choosing` and the waiting trigger cite their rules (819.1.d, 819.2)', async () => {
    const keyword = await hover(QD, positionOf(QD, 'Quick-Draw', 3));
    assert.match(keyword, /a keyword of gear with Equip/);
    assert.match(keyword, /819\.1\.d/);
    assert.match(keyword, /819\.2/);
    const resolving = await hover(QD, positionOf(QD, 'Quick-Draw', 3, 1));
    assert.match(resolving, /resolves the Quick-Draw trigger/);
    assert.match(resolving, /819\.1\.d/);
    const choosing = await hover(QD, positionOf(QD, 'choosing', 2));
    assert.match(choosing, /the unit Quick-Draw attaches the gear to/);
    // Between the lines: the trigger waiting on the chain, on the gear's name.
    const waiting = await hover(QD, positionOf(QD, 'enter blade', 7));
    assert.match(waiting, /Quick-Draw trigger, waiting to resolve/);
  });

  it('hover of Temporary: the trigger of the Beginning Phase, inactive on an attached card, with 816.1.b and 721.2', async () => {
    const text = 'game riftbound\nplayer alice\ncard wisp "Wisp": unit, might 1, owner alice, at base, Temporary\n';
    const h = await hover(text, positionOf(text, 'Temporary', 3));
    assert.match(h, /As the Beginning Phase of the permanent's controller starts/);
    assert.match(h, /816\.1\.b/);
    assert.match(h, /721\.2/);
  });

  it('hover of `leave` in a Riftbound scenario: a concession, with 651.1 and 652.1', async () => {
    const text = await hover(CONCEDE, positionOf(CONCEDE, 'leave alice', 2));
    assert.match(text, /The player concedes/);
    assert.match(text, /651\.1/);
    assert.match(text, /652\.1/);
  });
});
