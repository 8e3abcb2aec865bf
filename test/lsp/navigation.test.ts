// Names as symbols: definition, references, rename, document symbols, folding.
import * as assert from 'node:assert/strict';
import {
  DefinitionRequest,
  DocumentSymbolRequest,
  FoldingRangeRequest,
  PrepareRenameRequest,
  ReferencesRequest,
  RenameRequest,
  ResponseError,
  SymbolKind,
  type DocumentSymbol,
  type Location,
  type Position,
  type SymbolInformation,
  type TextEdit,
} from 'vscode-languageserver-protocol/node';
import { analyse, applyEdits } from '../../core';
import { freshUri, positionOf, TestClient } from './client';
import { HEADER } from './scenarios';

/** A clean scenario with protection from a player, an owner on a continuation line, `by`, and expectations. */
const TEXT = [
  ...HEADER.slice(0, 6), //                                  0-5
  'card plains "Plains": basic land — Plains,', //           6
  '    owner alice, protection from bob', //                 7
  '', //                                                     8
  'equip splitter to lion by alice', //                      9
  'expect lion has splitter', //                             10
  'expect splitter attached to lion', //                     11
  '# 704.5m: the Aura goes to the graveyard', //             12
  'destroy lion', //                                         13
  'unattach splitter from lion', //                          14
  'unattach pacifism from lion', //                          15
  'move pacifism to graveyard', //                           16
  'expect splitter unattached', //                           17
].join('\n') + '\n';

describe('LSP navigation and symbols', () => {
  // One server for the suite; every test gets the text in a document of its own.
  let client: TestClient;
  let uri: string;
  before(async () => {
    client = await TestClient.start();
  });
  beforeEach(async () => {
    uri = freshUri();
    await client.open(uri, TEXT);
  });
  afterEach(async () => {
    await client.close(uri);
    assert.deepEqual(client.errors(), [], 'the server logged errors');
  });
  after(async () => {
    await client.dispose();
  });

  const doc = () => ({ uri });
  const lines = (locs: Location[] | null) => (locs ?? []).map((l) => [l.range.start.line, l.range.start.character]);

  it('the text under test is a clean scenario', () => {
    assert.deepEqual(analyse(TEXT).result.findings.map((f) => f.message), []);
  });

  it('goes to the declaration of a card and of a player', async () => {
    const card = await client.connection.sendRequest(DefinitionRequest.type, { textDocument: doc(), position: positionOf(TEXT, 'to lion by', 4) });
    assert.deepEqual(card, { uri, range: { start: { line: 3, character: 5 }, end: { line: 3, character: 9 } } });
    const player = await client.connection.sendRequest(DefinitionRequest.type, { textDocument: doc(), position: positionOf(TEXT, 'from bob', 6) });
    assert.deepEqual(player, { uri, range: { start: { line: 2, character: 7 }, end: { line: 2, character: 10 } } });
    const nothing = await client.connection.sendRequest(DefinitionRequest.type, { textDocument: doc(), position: { line: 0, character: 1 } });
    assert.equal(nothing, null);
  });

  it('finds references, with or without the declaration', async () => {
    const at = positionOf(TEXT, 'lion', 1, 1); // in `attached to lion`
    const withDecl = (await client.connection.sendRequest(ReferencesRequest.type, { textDocument: doc(), position: at, context: { includeDeclaration: true } })) as Location[];
    const without = (await client.connection.sendRequest(ReferencesRequest.type, { textDocument: doc(), position: at, context: { includeDeclaration: false } })) as Location[];
    const count = TEXT.split(/\blion\b/).length - 1;
    assert.equal(withDecl.length, count);
    assert.equal(without.length, count - 1);
    assert.deepEqual(lines(withDecl)[0], [3, 5]);
    assert.ok(!lines(without).some(([l, c]) => l === 3 && c === 5));
    assert.ok(withDecl.every((l) => l.uri === uri));
  });

  it('finds and renames a card named on 20,000 lines: each place once, in order (each was looked for among those found before: quadratic)', async () => {
    const n = 20_000;
    let text = `${HEADER.join('\n')}card host "Host": creature, owner alice\n`;
    for (let i = 0; i < n / 2; i++) text += `card e${i} "E": artifact — Equipment, owner alice\n`;
    for (let i = 0; i < n / 2; i++) text += `equip e${i} to host\nexpect e${i} attached to host\n`;
    const big = freshUri('many-references');
    await client.open(big, text);
    try {
      const at = positionOf(text, 'host', 1);
      const found = (await client.connection.sendRequest(ReferencesRequest.type, { textDocument: { uri: big }, position: at, context: { includeDeclaration: true } })) as Location[];
      assert.equal(found.length, n + 1);
      const starts = found.map((l) => l.range.start.line * 1000 + l.range.start.character);
      assert.deepEqual(starts, [...starts].sort((a, b) => a - b));
      assert.equal(new Set(starts).size, n + 1);
      const edit = await client.connection.sendRequest(RenameRequest.type, { textDocument: { uri: big }, position: at, newName: 'leo' });
      const change = edit!.documentChanges![0] as { edits: TextEdit[] };
      assert.equal(applyEdits(text, change.edits), text.replace(/\bhost\b/g, 'leo'));
    } finally {
      await client.close(big);
    }
  });

  it('prepares a rename on a name, and refuses elsewhere', async () => {
    const ok = await client.connection.sendRequest(PrepareRenameRequest.type, { textDocument: doc(), position: positionOf(TEXT, 'splitter', 3) });
    assert.deepEqual(ok, { range: { start: { line: 4, character: 5 }, end: { line: 4, character: 13 } }, placeholder: 'splitter' });
    const onVerb = await client.connection.sendRequest(PrepareRenameRequest.type, { textDocument: doc(), position: positionOf(TEXT, 'destroy', 2) });
    assert.equal(onVerb, null);
  });

  it('renames a card everywhere: declaration, attached to, events, expectations', async () => {
    const edit = await client.connection.sendRequest(RenameRequest.type, { textDocument: doc(), position: positionOf(TEXT, 'lion', 0, 3), newName: 'leo' });
    assert.ok(edit?.documentChanges);
    const change = edit.documentChanges[0] as { textDocument: { uri: string; version: number }; edits: TextEdit[] };
    assert.deepEqual(change.textDocument, { uri, version: 1 });
    const renamed = applyEdits(TEXT, change.edits);
    assert.equal(renamed, TEXT.replace(/\blion\b/g, 'leo'));
    assert.deepEqual(analyse(renamed).result.findings, []);
  });

  it('renames a player everywhere: owner, by, protection from', async () => {
    const bob = await client.connection.sendRequest(RenameRequest.type, { textDocument: doc(), position: positionOf(TEXT, 'bob'), newName: 'robert' });
    const bobEdits = (bob!.documentChanges![0] as { edits: TextEdit[] }).edits;
    assert.equal(applyEdits(TEXT, bobEdits), TEXT.replace(/\bbob\b/g, 'robert'));
    const alice = await client.connection.sendRequest(RenameRequest.type, { textDocument: doc(), position: positionOf(TEXT, 'by alice', 3), newName: 'alicia' });
    const renamed = applyEdits(TEXT, (alice!.documentChanges![0] as { edits: TextEdit[] }).edits);
    assert.equal(renamed, TEXT.replace(/\balice\b/g, 'alicia'));
    assert.deepEqual(analyse(renamed).result.findings, []);
  });

  it('combat lines: the attacker, each blocker, `by P` and the assertion subject are references, renamed with the rest (508.1a, 509.1a, 464.2.c)', async () => {
    const mtg = [
      'game mtg', //                                                      0
      'player alice', //                                                  1
      'player bob', //                                                    2
      'card lion "Savannah Lion": creature — Cat, owner alice', //        3
      'card bears "Grizzly Bears": creature — Bear, owner bob', //        4
      'card wolf "Wolf": creature — Wolf, owner bob', //                  5
      'turn alice combat', //                                             6
      'attack with lion', //                                              7
      'block lion with bears and wolf', //                                8
      'expect wolf blocking', //                                          9
      'expect lion attacking', //                                         10
    ].join('\n') + '\n';
    const rift = [
      'game riftbound',
      'player alice',
      'player bob',
      'card jinx "Jinx": unit, owner alice, might 3, at battlefield river',
      'card garen "Garen": unit, owner bob, might 3, at battlefield river',
      'turn bob combat',
      'attack at battlefield river by alice',
      'expect garen defending',
    ].join('\n') + '\n';
    const mine = freshUri();
    const theirs = freshUri();
    await client.open(mine, mtg);
    await client.open(theirs, rift);
    try {
      const definition = await client.connection.sendRequest(DefinitionRequest.type, { textDocument: { uri: mine }, position: positionOf(mtg, 'with lion', 6) });
      assert.deepEqual(definition, { uri: mine, range: { start: { line: 3, character: 5 }, end: { line: 3, character: 9 } } });
      const wolf = (await client.connection.sendRequest(ReferencesRequest.type, { textDocument: { uri: mine }, position: positionOf(mtg, 'and wolf', 5), context: { includeDeclaration: false } })) as Location[];
      assert.deepEqual(lines(wolf), [[8, 26], [9, 7]]);
      for (const [at, name] of [[positionOf(mtg, 'lion attacking', 1), 'lion'], [positionOf(mtg, 'with bears', 6), 'bears']] as const) {
        const edit = await client.connection.sendRequest(RenameRequest.type, { textDocument: { uri: mine }, position: at, newName: 'renamed' });
        const renamed = applyEdits(mtg, (edit!.documentChanges![0] as { edits: TextEdit[] }).edits);
        assert.equal(renamed, mtg.replace(new RegExp(`\\b${name}\\b`, 'g'), 'renamed'));
        assert.deepEqual(analyse(renamed).result.findings, [], name);
      }
      // Riftbound: the player after `by`, and the unit of an assertion; the battlefield is no declared name.
      const alice = await client.connection.sendRequest(RenameRequest.type, { textDocument: { uri: theirs }, position: positionOf(rift, 'by alice', 4), newName: 'alicia' });
      assert.equal(applyEdits(rift, (alice!.documentChanges![0] as { edits: TextEdit[] }).edits), rift.replace(/\balice\b/g, 'alicia'));
      const garen = (await client.connection.sendRequest(ReferencesRequest.type, { textDocument: { uri: theirs }, position: positionOf(rift, 'garen defending', 1), context: { includeDeclaration: true } })) as Location[];
      assert.deepEqual(lines(garen), [[4, 5], [7, 7]]);
      assert.equal(await client.connection.sendRequest(PrepareRenameRequest.type, { textDocument: { uri: theirs }, position: positionOf(rift, 'river by', 1) }), null);
    } finally {
      await client.close(mine);
      await client.close(theirs);
    }
  });

  it('rejects a rename to an invalid identifier, a keyword or a name in use', async () => {
    const position: Position = positionOf(TEXT, 'lion');
    for (const [newName, reason] of [
      ['2lion', /not a valid name/],
      ['big lion', /not a valid name/],
      ['destroy', /keyword/],
      ['splitter', /already the name of a card/],
      ['bob', /already the name of a player/],
    ] as const) {
      await assert.rejects(
        client.connection.sendRequest(RenameRequest.type, { textDocument: doc(), position, newName }),
        (e: unknown) => e instanceof ResponseError && reason.test(e.message),
        newName,
      );
    }
    assert.deepEqual(client.errors(), [], 'a rejected rename is not a server error');
  });

  it('lists hierarchical document symbols: header, players, cards with their type line, events', async () => {
    const symbols = (await client.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: doc() })) as DocumentSymbol[];
    assert.deepEqual(symbols.map((s) => s.name), ['game mtg', 'Players', 'Cards', 'Events']);
    const [, players, cards, events] = symbols;
    assert.deepEqual(players.children!.map((s) => [s.name, s.kind]), [['alice', SymbolKind.Variable], ['bob', SymbolKind.Variable]]);
    assert.deepEqual(cards.children!.map((s) => s.name), ['lion', 'splitter', 'pacifism', 'plains']);
    assert.equal(cards.children![0].kind, SymbolKind.Class);
    assert.equal(cards.children![0].detail, '"Silvercoat Lion": creature — Cat');
    assert.deepEqual(cards.children![3].range, { start: { line: 6, character: 0 }, end: { line: 7, character: 36 } }, 'a continued declaration spans its lines');
    assert.equal(events.children![0].name, 'equip splitter to lion by alice');
    assert.equal(events.children![0].kind, SymbolKind.Event);
    assert.ok(events.children!.some((s) => s.name === 'expect splitter attached to lion'));
    for (const s of [...symbols, ...symbols.flatMap((x) => x.children ?? [])]) {
      const r = s.range;
      const sel = s.selectionRange;
      const inside = (p: Position) => (p.line > r.start.line || (p.line === r.start.line && p.character >= r.start.character)) && (p.line < r.end.line || (p.line === r.end.line && p.character <= r.end.character));
      assert.ok(inside(sel.start) && inside(sel.end), `selectionRange of ${s.name} is inside its range`);
    }
  });

  it('folds continued statements and comment runs, not the declarations or the events as blocks (sticky scroll pins no first event)', async () => {
    const text = '# A scenario\n# about folding\n' + TEXT;
    const u = freshUri();
    await client.open(u, text);
    const ranges = (await client.connection.sendRequest(FoldingRangeRequest.type, { textDocument: { uri: u } })) ?? [];
    const spans = ranges.map((r) => [r.startLine, r.endLine, r.kind ?? '']);
    assert.deepEqual(spans.find((s) => s[2] === 'comment'), [0, 1, 'comment']);
    assert.ok(!spans.some((s) => s[0] === 2 && s[1] === 9), `no declarations block: ${JSON.stringify(spans)}`);
    assert.ok(spans.some((s) => s[0] === 8 && s[1] === 9), 'the continued plains declaration');
    const lastLine = text.trimEnd().split('\n').length - 1;
    assert.ok(!spans.some((s) => s[0] === 11 && s[1] === lastLine), `no events block: ${JSON.stringify(spans)}`);
    // Every region is one statement continued on indented lines, or a comment run.
    assert.deepEqual(spans, [[8, 9, ''], [0, 1, 'comment']]);
  });

  it('gives flat symbols to a client without hierarchical symbol support', async () => {
    const flat = await TestClient.start({ capabilities: (c) => (c.textDocument!.documentSymbol = {}) });
    try {
      await flat.open(uri, TEXT);
      const symbols = (await flat.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: doc() })) as SymbolInformation[];
      const lion = symbols.find((s) => s.name === 'lion');
      assert.equal(lion?.containerName, 'Cards');
      assert.equal(lion?.location.uri, uri);
    } finally {
      await flat.dispose();
    }
  });
});
