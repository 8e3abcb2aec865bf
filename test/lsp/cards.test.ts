// The user's card data in the editor (boardScenario.cards.mtg / .riftbound) through the real
// server over JSON-RPC: read in the background, never before a document's first diagnostics; the
// document checked again with it; completion of card names inside `card ID "` (prefix and fuzzy);
// hover on a card with its type line and rules text from the file, marked as such and inert; the
// index cached in the client's storage folder and taken from there on a restart; a relative path
// resolved against the workspace folder; a file over the limit refused from its stat.
import * as assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CompletionRequest, HoverRequest, MessageType, type CompletionList, type MarkupContent, type PublishDiagnosticsParams } from 'vscode-languageserver-protocol/node';
import { freshUri, positionOf, TestClient, withPullDiagnostics } from './client';
import { renderMarkdown } from '../support/markdown';

const CARDS = join(__dirname, '..', '..', '..', 'test', 'fixtures', 'cards');
const SCRYFALL = join(CARDS, 'scryfall-oracle-cards.json');
const RIFTBOUND = join(CARDS, 'riftbound-cards.json');

const SCENARIO = [
  'game mtg',
  'player alice',
  'card lion "Silvercoat Lion"',
  'card pacifism "Pacifism", in hand',
  'card blade "Bonesplitter"',
  'cast pacifism targeting lion',
  'resolve pacifism',
  'equip blade to lion',
  'expect pacifism attached to lion',
  '',
].join('\n');

const codes = (p: PublishDiagnosticsParams) => p.diagnostics.map((d) => String(d.code));
/** Checked with the card data: no declaration lacks a type line any more. */
const withCards = (p: PublishDiagnosticsParams) => p.diagnostics.length === 0;

describe('LSP card data: background reading, completion, hover, cache', function () {
  this.timeout(60_000);
  let dir: string;
  let client: TestClient | undefined;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'board-cards-lsp-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));
  afterEach(async () => {
    if (!client) return;
    const errors = client.errors();
    await client.dispose();
    client = undefined;
    assert.deepEqual(errors, [], 'the server logged errors');
  });

  it('the first diagnostics come before the card file is read; then the document is checked with it', async () => {
    client = await TestClient.start({ settings: { cards: { mtg: [SCRYFALL] } } });
    const uri = freshUri();
    await client.open(uri, SCENARIO);
    const first = await client.waitForDiagnostics(uri);
    // Without the card data, the cards declared by name have no type line.
    assert.deepEqual(codes(first).filter((c) => c === 'syntax-error').length, 3);
    const after = await client.waitForDiagnostics(uri, withCards);
    assert.deepEqual(codes(after), []);
    const firstPublish = client.sequence.findIndex((e) => e.kind === 'publish');
    const read = client.sequence.findIndex((e) => e.kind === 'log' && /Read the card file/.test(e.message));
    assert.ok(firstPublish >= 0 && read > firstPublish, 'the card file is read after the first publish');
  });

  it('completes card names inside `card ID "`: by prefix and fuzzily, inserting the name and the closing quote only', async () => {
    client = await TestClient.start({ settings: { cards: { mtg: SCRYFALL } } });
    const uri = freshUri();
    const text = 'game mtg\nplayer alice\ncard p "Pac\ncard l "slvrct"\n';
    await client.open(uri, text);
    await client.waitFor('the card file', () => client!.logs.find((l) => /Read the card file/.test(l.message)));
    const ask = async (line: number, character: number) => (await client!.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: { line, character } })) as CompletionList;
    const prefix = await ask(2, 11);
    assert.equal(prefix.isIncomplete, true, 'asked again as the name grows');
    assert.equal(prefix.items[0].label, 'Pacifism');
    assert.equal(prefix.items[0].detail, 'Enchantment — Aura');
    const edit = prefix.items[0].textEdit as { range: { start: { character: number }; end: { character: number } }; newText: string };
    assert.deepEqual([edit.range.start.character, edit.range.end.character, edit.newText], [8, 11, 'Pacifism"']);
    // Letters in order, and the closing quote already there is replaced, not doubled.
    const fuzzy = await ask(3, 14);
    const lion = fuzzy.items.find((i) => i.label === 'Silvercoat Lion');
    assert.ok(lion, JSON.stringify(fuzzy.items.map((i) => i.label)));
    assert.deepEqual((lion.textEdit as { range: { end: { character: number } }; newText: string }).newText, 'Silvercoat Lion"');
    assert.equal((lion.textEdit as { range: { end: { character: number } } }).range.end.character, 15);
    // Outside a card's name: the usual completion.
    const elsewhere = await ask(1, 0);
    const labels = (Array.isArray(elsewhere) ? elsewhere : elsewhere.items).map((i) => i.label);
    assert.ok(labels.includes('card') && !labels.includes('Pacifism'), JSON.stringify(labels));
  });

  it('hover on a card shows its type line and rules text from the file, marked as coming from it, as inert text', async () => {
    const evil = join(dir, 'evil-cards.json');
    writeFileSync(
      evil,
      JSON.stringify([
        { object: 'card', name: 'Pacifism', type_line: 'Enchantment — Aura', oracle_text: 'Enchant creature\nEnchanted creature can\'t attack or block.', colors: ['W'], keywords: ['Enchant'] },
        { object: 'card', name: 'Trap Card', type_line: 'Artifact — Equipment', oracle_text: 'See [this](http://evil.example/x) <img src=x onerror=alert(1)> www.evil.example **bold**\nEquip {1}', colors: [], keywords: ['Equip'] },
      ]),
    );
    client = await TestClient.start({ settings: { cards: { mtg: [evil] } } });
    const uri = freshUri();
    const text = 'game mtg\nplayer alice\ncard lion "Silvercoat Lion": creature — Cat\ncard pacifism "Pacifism", attached to lion\ncard trap "Trap Card"\nequip trap to lion\nexpect trap attached to lion\n';
    await client.open(uri, text);
    // Read: the cards declared by name have their type lines (Silvercoat Lion is not in this file).
    await client.waitForDiagnostics(uri, (p) => codes(p).join() === 'unknown-card');
    const hoverAt = async (needle: string, occurrence = 0) => ((await client!.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: positionOf(text, needle, 1, occurrence) }))?.contents as MarkupContent).value;
    const onName = await hoverAt('"Pacifism"');
    assert.match(onName, /\*\*Pacifism\*\* `Enchantment — Aura` \*\(from your card data: `evil-cards\.json`\)\*/);
    assert.match(onName, /> Enchant creature\n>\n> Enchanted creature can't attack or block\./);
    const onId = await hoverAt('trap', 0);
    assert.match(onId, /from your card data/);
    // Rendered as a client renders it (markdown-it with linkify): no link, no image, no HTML from the file.
    const rendered = renderMarkdown(onId);
    assert.deepEqual(rendered.targets, [], onId);
    assert.ok(!/<img|<a |<strong>bold/.test(rendered.html), rendered.html);
    assert.match(rendered.text, /See \[this\]\(http:\/\/evil\.example\/x\) <img src=x onerror=alert\(1\)> www\.evil\.example \*\*bold\*\*/);
  });

  it('a client that pulls diagnostics is asked to pull again once the card data is read, and then gets the checked cards', async () => {
    const file = join(dir, 'oracle-pull.json');
    copyFileSync(SCRYFALL, file);
    client = await TestClient.start({ capabilities: withPullDiagnostics, settings: { cards: { mtg: [file] } } });
    const c = client;
    const uri = freshUri();
    await c.open(uri, SCENARIO);
    // The first pull does not wait for the card data.
    await c.pullDocument(uri);
    await c.waitFor('a diagnostic refresh after the card file is read', () => (c.logs.some((l) => /Read the card (file|index)/.test(l.message)) && c.diagnosticRefreshes > 0 ? true : undefined), 20_000);
    const after = await c.pullDocument(uri);
    assert.equal(after.kind, 'full');
    assert.deepEqual((after as { items: unknown[] }).items, [], 'the cards declared by name are checked with their card data');
    assert.equal(c.publishes.length, 0, 'a pulling client gets no publishes');
  });

  it('caches the index in the storage folder: a restart takes it from there', async () => {
    const storage = join(dir, 'storage');
    const file = join(dir, 'oracle.json');
    copyFileSync(SCRYFALL, file);
    for (const round of ['cold', 'cached']) {
      client = await TestClient.start({ settings: { cards: { mtg: [file] } }, initializationOptions: { storagePath: storage } });
      const uri = freshUri();
      await client.open(uri, SCENARIO);
      await client.waitForDiagnostics(uri, withCards);
      const log = client.logs.find((l) => /card (file|index)/.test(l.message))!.message;
      assert.match(log, round === 'cold' ? /Read the card file .*: \d+ cards/ : /Read the card index of .* from the cache/, log);
      await client.dispose();
      client = undefined;
      assert.equal(readdirSync(join(storage, 'card-index')).length, 1);
    }
  });

  it('a relative path resolves against the workspace folder; Riftbound cards by name', async () => {
    copyFileSync(RIFTBOUND, join(dir, 'rift.json'));
    client = await TestClient.start({ settings: { cards: { riftbound: 'rift.json' } }, workspaceFolders: [{ uri: pathToFileURL(dir).href, name: 'w' }] });
    const uri = pathToFileURL(join(dir, 'a.board')).href;
    await client.open(uri, 'game riftbound\nplayer alice\ncard garen "Garen"\ncard sword "Long Sword"\nequip sword to garen\nexpect garen might 6\n');
    await client.waitForDiagnostics(uri, withCards);
  });

  it('a card file over the limit is refused from its stat, with a warning in the log', async () => {
    const huge = join(dir, 'huge.json');
    writeFileSync(huge, '');
    truncateSync(huge, 500 * 1024 * 1024 + 1); // sparse: nothing is written, nothing is read
    client = await TestClient.start({ settings: { cards: { mtg: [huge] } } });
    const uri = freshUri();
    await client.open(uri, SCENARIO);
    const warning = await client.waitFor('the refusal', () => client!.logs.find((l) => l.type === MessageType.Warning && /huge\.json is 500 MiB, over the 500 MiB limit/.test(l.message)));
    assert.ok(warning);
    assert.ok(existsSync(huge));
  });
});
