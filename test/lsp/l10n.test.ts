// The server in the client's language: VS Code sends its display language as `initialize`'s
// locale, and the server answers in French or Italian (English for a language it has no
// translation for): diagnostics, hovers (labels, rule explanations, registry texts), code lenses,
// the outline, completion details and rename refusals.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  CompletionRequest,
  DocumentSymbolRequest,
  HoverRequest,
  MessageType,
  RenameRequest,
  type CompletionItem,
  type CompletionList,
  type DocumentSymbol,
  type MarkupContent,
} from 'vscode-languageserver-protocol/node';
import { freshUri, SERVER, TestClient } from './client';
import { REDUNDANT, scenario } from './scenarios';

const WITH_EXPECT = scenario('equip splitter to lion', 'expect splitter attached to lion');

describe('LSP: the server in the client language (initialize locale)', () => {
  const clients: TestClient[] = [];
  after(async () => {
    for (const c of clients) await c.disposeExpectingNoErrors();
  });
  const start = async (locale: string | undefined) => {
    const c = await TestClient.start({ locale });
    clients.push(c);
    return c;
  };

  async function views(client: TestClient) {
    const uri = freshUri();
    await client.open(uri, REDUNDANT);
    const diagnostics = (await client.waitForDiagnostics(uri, (p) => p.diagnostics.length > 0)).diagnostics;
    const hover = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 9, character: 2 } });
    const card = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 9, character: 8 } });
    const symbols = (await client.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } })) as DocumentSymbol[];
    const rename = await client.connection.sendRequest(RenameRequest.type, { textDocument: { uri }, position: { line: 9, character: 8 }, newName: 'lion' }).then(
      () => 'accepted',
      (e: Error) => e.message,
    );
    const other = freshUri();
    await client.open(other, WITH_EXPECT);
    const lenses = await client.resolvedCodeLenses(other);
    return {
      diagnostics,
      hover: (hover!.contents as MarkupContent).value,
      card: (card!.contents as MarkupContent).value,
      groups: symbols.map((s) => s.name).filter((n) => n !== 'game mtg'),
      rename,
      lenses: lenses.map((l) => l.command!.title),
    };
  }

  it('the translations are read from l10n/ beside dist/: a copy of the server without them says so and answers in English', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'board-l10n-'));
    let c: TestClient | undefined;
    try {
      fs.mkdirSync(path.join(dir, 'dist'));
      for (const f of ['server.js', 'server-main.js', 'server-main.cache']) fs.copyFileSync(path.join(path.dirname(SERVER), f), path.join(dir, 'dist', f));
      c = await TestClient.start({ locale: 'fr', server: path.join(dir, 'dist', 'server.js') });
      const v = await views(c);
      assert.match(v.hover, /\*\*701\.3b\*\* — \*Attaches that do nothing\*/);
      assert.deepEqual(
        c.logs.filter((l) => l.type === MessageType.Warning).map((l) => l.message),
        ['The French translations could not be read: the server answers in English.'],
      );
    } finally {
      await c?.disposeExpectingNoErrors();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('French: hover labels and explanations, lenses, outline groups and rename refusals in French', async () => {
    const v = await views(await start('fr'));
    assert.match(v.hover, /\*\*701\.3b\*\* — \*Attachements qui ne font rien\*/);
    assert.match(v.hover, /\*\*Règles\*\* \(Magic: The Gathering\)/);
    assert.match(v.hover, /\(avertissement\)/);
    assert.match(v.card, /· carte \*Bonesplitter\*/);
    assert.match(v.card, /- Attaché à : \*\*lion\*\*/);
    assert.deepEqual(v.groups, ['Joueurs', 'Cartes', 'Événements']);
    assert.equal(v.rename, "« lion » est déjà le nom d'une carte.");
    assert.deepEqual(v.lenses, ['Afficher le plateau', '✓ vérifiée']);
    assert.match(v.diagnostics[0].message, /^\[701\.3b, 701\.3c\] /);
  });

  it('Italian: the same in Italian', async () => {
    const v = await views(await start('it-IT'));
    assert.match(v.hover, /\*\*701\.3b\*\* — \*Assegnazioni che non fanno nulla\*/);
    assert.match(v.hover, /\*\*Regole\*\* \(Magic: The Gathering\)/);
    assert.match(v.card, /- Assegnato a: \*\*lion\*\*/);
    assert.deepEqual(v.groups, ['Giocatori', 'Carte', 'Eventi']);
    assert.equal(v.rename, "'lion' è già il nome di una carta.");
    assert.deepEqual(v.lenses, ['Mostra il tabellone', '✓ soddisfatta']);
  });

  it('a language without a translation, and no locale at all: English', async () => {
    for (const locale of ['de', undefined]) {
      const v = await views(await start(locale));
      assert.match(v.hover, /\*\*701\.3b\*\* — \*Attaches that do nothing\*/);
      assert.deepEqual(v.groups, ['Players', 'Cards', 'Events']);
      assert.equal(v.rename, "'lion' is already the name of a card.");
      assert.deepEqual(v.lenses, ['Show Board', '✓ holds']);
    }
  });

  it('French completion: an illegal host is marked and explained in French', async () => {
    const client = await start('fr');
    const uri = freshUri();
    const text = scenario('equip splitter to ');
    await client.open(uri, text);
    const result = (await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: { line: 8, character: 18 } })) as CompletionList | CompletionItem[];
    const items = Array.isArray(result) ? result : result.items;
    const plains = items.find((i) => i.label === 'plains');
    assert.ok(plains, JSON.stringify(items.map((i) => i.label)));
    assert.equal(plains.labelDetails?.detail, ' (pas légal ici)');
    assert.match(plains.detail!, /^Hôte illégal : .* \(règles? [\d.a-z, ]+\)\.$/);
  });
});
