// The editor surface of the triggers that wait on the stack (the chain) for a `resolve` line: MTG living
// weapon (702.92a) and Riftbound Weaponmaster (821.1.c). Completion of the resolve line word by word,
// the names after `creating` and `choosing` as references (rename, definition), and the hovers.
import * as assert from 'node:assert/strict';
import {
  DefinitionRequest,
  ReferencesRequest,
  RenameRequest,
  SemanticTokensRequest,
  type Location,
  type Position,
  type TextEdit,
} from 'vscode-languageserver-protocol/node';
import { analyse, applyEdits } from '../../core';
import { positionOf, TestClient } from './client';
import { decodeTokens } from '../support/semanticTokens';

/** Batterskull's living weapon, resolved with the Germ token declared in exile: a clean scenario. */
const MTG = [
  'game mtg', //                                                                                                          0
  'player alice', //                                                                                                      1
  'player bob', //                                                                                                        2
  'card skull "Batterskull": artifact — Equipment, living weapon, equipped creature gets +4/+4, equip, owner alice, in hand', // 3
  'card germ "Phyrexian Germ": creature — Phyrexian Germ, token, owner alice, color black, toughness 0, in exile', //       4
  'card lion "Silvercoat Lion": creature — Cat, owner alice, toughness 2', //                                             5
  'card bear "Bear Token": creature — Bear, token, owner alice, toughness 2', //                                           6
  'enter skull', //                                                                                                       7
  'resolve skull living weapon creating germ', //                                                                         8
  'expect skull attached to germ', //                                                                                     9
].join('\n') + '\n';

/** For Mirrodin! (702.163a): the same trigger, with a 2/2 red Rebel. */
const FM = [
  'game mtg', //                                                                                                      0
  'player alice', //                                                                                                  1
  'player bob', //                                                                                                    2
  'card blade "Mirran Blade": artifact — Equipment, for mirrodin, equipped creature gets +1/+0, equip, owner bob, in hand', // 3
  'card rebel "Rebel": creature — Rebel, token, owner bob, color red, toughness 2, in exile', //                       4
  'enter blade', //                                                                                                   5
  'resolve blade for mirrodin creating rebel', //                                                                     6
  'expect blade attached to rebel', //                                                                                7
].join('\n') + '\n';

/** Job select (702.182a): the same trigger, with a 1/1 colorless Hero. */
const JS = [
  'game mtg', //                                                                                                      0
  'player alice', //                                                                                                  1
  'player bob', //                                                                                                    2
  'card staff "White Mage\'s Staff": artifact — Equipment, job select, equipped creature gets +1/+1, equip, owner alice, in hand', // 3
  'card hero "Hero": creature — Hero, token, owner alice, toughness 1, in exile', //                                  4
  'enter staff', //                                                                                                   5
  'resolve staff job select creating hero', //                                                                        6
  'expect staff attached to hero', //                                                                                 7
].join('\n') + '\n';

/** Jax's Weaponmaster choosing the blade: a clean scenario. */
const RIFT = [
  'game riftbound', //                                                            0
  'player alice', //                                                              1
  'player bob', //                                                                2
  'card blade "Blade": gear — Equipment, equip, owner alice, at base', //          3
  'card rock "Rock": gear, owner alice, at base', //                              4
  'card jax "Jax": unit, might 3, owner alice, Weaponmaster, in hand', //          5
  'enter jax at base', //                                                         6
  'resolve jax Weaponmaster choosing blade', //                                   7
  'expect blade attached to jax', //                                              8
].join('\n') + '\n';

describe('LSP living weapon and Weaponmaster', () => {
  let client: TestClient;
  before(async () => {
    client = await TestClient.start();
  });
  after(() => client.disposeExpectingNoErrors());

  const on = <T>(text: string, request: (uri: string) => Promise<T>) => client.onDocument(text, request);
  const complete = (text: string, at: number, line: string) => client.completionLabels(text, at, line);
  const hover = (text: string, pos: Position) => client.hoverText(text, pos);

  it('the scenarios under test are clean', () => {
    assert.deepEqual(analyse(MTG).result.findings.map((f) => f.message), []);
    assert.deepEqual(analyse(RIFT).result.findings.map((f) => f.message), []);
    assert.deepEqual(analyse(FM).result.findings.map((f) => f.message), []);
    assert.deepEqual(analyse(JS).result.findings.map((f) => f.message), []);
  });

  it('completes `resolve skull living weapon creating T` word by word, the creature tokens off the battlefield first (702.92a)', async () => {
    assert.ok((await complete(MTG, 8, 'resolve skull ')).includes('living weapon'), 'the trigger pending on the stack');
    assert.deepEqual(await complete(MTG, 8, 'resolve skull living '), ['weapon']);
    assert.deepEqual(await complete(MTG, 8, 'resolve skull living weapon '), ['creating']);
    const tokens = await complete(MTG, 8, 'resolve skull living weapon creating ');
    assert.equal(tokens[0], 'germ');
    assert.ok(tokens.indexOf('bear') < tokens.indexOf('lion'), tokens.join(' '));
    assert.ok(!tokens.includes('skull'), 'not the Equipment itself');
    // For Mirrodin! (702.163a): the same words after its own two.
    assert.ok((await complete(FM, 6, 'resolve blade ')).includes('for mirrodin'));
    assert.deepEqual(await complete(FM, 6, 'resolve blade for '), ['mirrodin']);
    assert.deepEqual(await complete(FM, 6, 'resolve blade for mirrodin '), ['creating']);
    assert.equal((await complete(FM, 6, 'resolve blade for mirrodin creating '))[0], 'rebel');
    // Job select (702.182a): the same again.
    assert.ok((await complete(JS, 6, 'resolve staff ')).includes('job select'));
    assert.deepEqual(await complete(JS, 6, 'resolve staff job '), ['select']);
    assert.deepEqual(await complete(JS, 6, 'resolve staff job select '), ['creating']);
    assert.equal((await complete(JS, 6, 'resolve staff job select creating '))[0], 'hero');
  });

  it('completes `resolve jax Weaponmaster choosing G`, the Equipment its controller controls first (821.1.c)', async () => {
    assert.ok((await complete(RIFT, 7, 'resolve jax ')).includes('Weaponmaster'), 'the trigger pending on the chain');
    assert.deepEqual(await complete(RIFT, 7, 'resolve jax Weaponmaster '), ['choosing']);
    const gear = await complete(RIFT, 7, 'resolve jax Weaponmaster choosing ');
    assert.equal(gear[0], 'blade');
    assert.ok(!gear.includes('jax'), 'not the unit itself');
  });

  it('the token after `creating` is a reference: renamed there, found, and its definition is its declaration', async () => {
    await on(MTG, async (uri) => {
      const at = positionOf(MTG, 'creating germ', 'creating '.length);
      const edit = await client.connection.sendRequest(RenameRequest.type, { textDocument: { uri }, position: at, newName: 'phyrexian' });
      const renamed = applyEdits(MTG, (edit!.documentChanges![0] as { edits: TextEdit[] }).edits);
      assert.equal(renamed, MTG.replace(/\bgerm\b/g, 'phyrexian'));
      assert.deepEqual(analyse(renamed).result.findings, []);
      const definition = await client.connection.sendRequest(DefinitionRequest.type, { textDocument: { uri }, position: at });
      assert.deepEqual(definition, { uri, range: { start: { line: 4, character: 5 }, end: { line: 4, character: 9 } } });
    });
    await on(RIFT, async (uri) => {
      const refs = (await client.connection.sendRequest(ReferencesRequest.type, { textDocument: { uri }, position: positionOf(RIFT, 'blade'), context: { includeDeclaration: false } })) as Location[];
      assert.deepEqual(refs.map((l) => [l.range.start.line, l.range.start.character]), [[7, 34], [8, 7]]);
    });
  });

  it('semantic tokens: the trigger and `creating` / `choosing` are keywords, the names after them cards', async () => {
    for (const [text, line, words] of [
      [MTG, 8, [['living weapon', 'keyword'], ['creating', 'keyword'], ['germ', 'class']]],
      [JS, 6, [['job select', 'keyword'], ['creating', 'keyword'], ['hero', 'class']]],
      [RIFT, 7, [['Weaponmaster', 'keyword'], ['choosing', 'keyword'], ['blade', 'class']]],
    ] as const) {
      const legend = client.initializeResult.capabilities.semanticTokensProvider!.legend;
      const r = await on(text, (uri) => client.connection.sendRequest(SemanticTokensRequest.type, { textDocument: { uri } }));
      const row = text.split('\n')[line];
      const onLine = decodeTokens(r!.data).filter(([l]) => l === line).map(([, start, length, type]) => [row.slice(start, start + length), legend.tokenTypes[type]]);
      for (const w of words) assert.ok(onLine.some(([t, k]) => t === w[0] && k === w[1]), `${w.join(' ')} in ${JSON.stringify(onLine)}`);
    }
  });

  it('hovers: living weapon in the declaration and the resolve line cite 702.92a; `creating`, Weaponmaster and `choosing` theirs', async () => {
    const declared = await hover(MTG, positionOf(MTG, 'living weapon', 3));
    assert.match(declared, /triggered ability/);
    assert.match(declared, /702\.92a/);
    assert.match(declared, /603\.3/);
    const resolving = await hover(MTG, positionOf(MTG, 'living weapon', 3, 1));
    assert.match(resolving, /resolves the living weapon trigger/);
    assert.match(resolving, /702\.92a/);
    const creating = await hover(MTG, positionOf(MTG, 'creating', 2));
    assert.match(creating, /creature token that `living weapon` creates/);
    assert.match(creating, /111\.1/);
    // Between the lines: the trigger waiting on the stack, on the Equipment's name.
    const waiting = await hover(MTG, positionOf(MTG, 'enter skull', 7));
    assert.match(waiting, /living weapon trigger, waiting to resolve/);
    assert.doesNotMatch(waiting, /reconfigure/);
    const keyword = await hover(RIFT, positionOf(RIFT, 'Weaponmaster', 3));
    assert.match(keyword, /a keyword of units, a triggered ability/);
    assert.match(keyword, /821\.1\.c/);
    const mirrodin = await hover(FM, positionOf(FM, 'for mirrodin', 3, 1));
    assert.match(mirrodin, /resolves the For Mirrodin! trigger/);
    assert.match(mirrodin, /702\.163a/);
    assert.match(await hover(FM, positionOf(FM, 'for mirrodin', 3)), /702\.163a/);
    assert.match(await hover(FM, positionOf(FM, 'creating', 2)), /`card rebel "Rebel"/);
    assert.match(await hover(FM, positionOf(FM, 'enter blade', 7)), /For Mirrodin! trigger, waiting to resolve/);
    const job = await hover(JS, positionOf(JS, 'job select', 3, 1));
    assert.match(job, /resolves the Job select trigger/);
    assert.match(job, /702\.182a/);
    const jobDeclared = await hover(JS, positionOf(JS, 'job select', 3));
    assert.match(jobDeclared, /a 1\/1 colorless Hero/);
    assert.match(jobDeclared, /702\.182a/);
    assert.match(await hover(JS, positionOf(JS, 'creating', 2)), /`card hero "Hero"/);
    assert.match(await hover(JS, positionOf(JS, 'enter staff', 7)), /Job select trigger, waiting to resolve/);
    const weaponmaster = await hover(RIFT, positionOf(RIFT, 'Weaponmaster', 3, 1));
    assert.match(weaponmaster, /resolves the Weaponmaster trigger/);
    assert.match(weaponmaster, /821\.1\.c\.6/);
    const choosing = await hover(RIFT, positionOf(RIFT, 'choosing', 2));
    assert.match(choosing, /the card Weaponmaster chooses/);
    assert.match(choosing, /821\.1\.c\.4/);
  });
});
