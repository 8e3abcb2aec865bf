// Shared declarations across files (`include "PATH"`) in the editor, over real JSON-RPC: a
// workspace folder on disk with a pool of cards, a scenario that includes it; navigation, rename,
// references and completion across the include, diagnostics at the include line and in the
// included file, and a change to the included file (edited while open, or on disk) re-checking
// the scenario.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CompletionRequest,
  HoverRequest,
  DefinitionRequest,
  DidChangeWatchedFilesNotification,
  FileChangeType,
  ReferencesRequest,
  RenameRequest,
  type CompletionItem,
  type CompletionList,
  type Location,
  type PublishDiagnosticsParams,
  type TextEdit,
} from 'vscode-languageserver-protocol/node';
import { applyEdits } from '../../core';
import { positionOf, TestClient } from './client';

const POOL = [
  'game mtg', //                                                            0
  'player alice', //                                                        1
  'player bob', //                                                          2
  'card lion "Silvercoat Lion": creature — Cat, owner alice', //            3
  'card splitter "Bonesplitter": artifact — Equipment, owner alice', //     4
].join('\n') + '\n';

const MAIN = [
  'game mtg', //                                  0
  'include "cards/pool.board"', //                1
  'card bears "Grizzly Bears": creature — Bear, owner bob', // 2
  '', //                                          3
  'equip splitter to lion by alice', //           4
  'expect lion has splitter', //                  5
].join('\n') + '\n';

const codes = (p: PublishDiagnosticsParams | undefined) => (p?.diagnostics ?? []).map((d) => String(d.code));

describe('LSP includes', () => {
  let dir: string;
  let outside: string;
  let client: TestClient;
  const uriOf = (rel: string) => pathToFileURL(path.join(dir, rel)).href;
  // Written as editors save: a new file renamed over the old one. The server may read a file at
  // any time (a check started by an earlier change); a file truncated and then written in place
  // can be read empty or half-written in between (a CI flake of the test below was that).
  const write = (rel: string, text: string) => {
    const file = path.join(dir, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(`${file}.tmp`, text);
    fs.renameSync(`${file}.tmp`, file);
  };

  before(async () => {
    dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'board-include-')));
    outside = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'board-outside-')));
    write('cards/pool.board', POOL);
    fs.writeFileSync(path.join(outside, 'secret.board'), POOL);
    client = await TestClient.start({ workspaceFolders: [{ uri: pathToFileURL(dir).href, name: 'ws' }] });
  });
  after(async () => {
    await client.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(outside, { recursive: true, force: true });
  });
  afterEach(() => assert.deepEqual(client.errors(), [], 'the server logged errors'));

  /** Opens `rel` with `text` and waits for its diagnostics. */
  async function openAndWait(rel: string, text: string): Promise<PublishDiagnosticsParams> {
    write(rel, text);
    const since = client.mark();
    await client.open(uriOf(rel), text);
    return client.waitForDiagnostics(uriOf(rel), () => true, { since });
  }

  it('reads an included file from disk: the scenario is clean and its cards are known', async () => {
    const p = await openAndWait('main.board', MAIN);
    assert.deepEqual(codes(p), []);
    await client.close(uriOf('main.board'));
  });

  it('goes to the definition in the included file, lists references in both files, completes its cards', async () => {
    const uri = uriOf('main.board');
    await openAndWait('main.board', MAIN);
    const def = (await client.connection.sendRequest(DefinitionRequest.type, { textDocument: { uri }, position: positionOf(MAIN, 'lion by', 1) })) as Location;
    assert.deepEqual(def, { uri: uriOf('cards/pool.board'), range: { start: { line: 3, character: 5 }, end: { line: 3, character: 9 } } });
    // On the include's path: the file itself.
    const file = (await client.connection.sendRequest(DefinitionRequest.type, { textDocument: { uri }, position: positionOf(MAIN, 'pool.board') })) as Location;
    assert.deepEqual(file, { uri: uriOf('cards/pool.board'), range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } });

    const refs = (await client.connection.sendRequest(ReferencesRequest.type, { textDocument: { uri }, position: positionOf(MAIN, 'lion by', 1), context: { includeDeclaration: true } })) as Location[];
    const where = refs.map((l) => [path.relative(dir, new URL(l.uri).pathname), l.range.start.line]).sort();
    assert.deepEqual(where, [['cards/pool.board', 3], ['main.board', 4], ['main.board', 5]]);
    const without = (await client.connection.sendRequest(ReferencesRequest.type, { textDocument: { uri }, position: positionOf(MAIN, 'lion by', 1), context: { includeDeclaration: false } })) as Location[];
    assert.equal(without.length, 2);
    assert.ok(without.every((l) => l.uri === uri));

    // A hover on a card of the pool: its name and state, from the board the include built.
    const hover = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: positionOf(MAIN, 'lion has', 1) });
    const shown = JSON.stringify(hover?.contents);
    assert.match(shown, /Silvercoat Lion/);
    assert.match(shown, /splitter/);
    // After `expect `: the cards of the pool are offered with the scenario's own.
    const at = { line: 6, character: 7 };
    await client.change(uri, MAIN + 'expect ');
    const items = (await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: at })) as CompletionItem[] | CompletionList;
    const labels = (Array.isArray(items) ? items : items.items).map((i) => i.label);
    for (const id of ['lion', 'splitter', 'bears']) assert.ok(labels.includes(id), `${id} in ${labels.join(', ')}`);
    await client.close(uri);
  });

  it('renames a card of the included file in both files (documentChanges)', async () => {
    const uri = uriOf('main.board');
    await openAndWait('main.board', MAIN);
    const edit = await client.connection.sendRequest(RenameRequest.type, { textDocument: { uri }, position: positionOf(MAIN, 'splitter to', 1), newName: 'blade' });
    const changes = (edit?.documentChanges ?? []) as { textDocument: { uri: string; version: number | null }; edits: TextEdit[] }[];
    const byUri = new Map(changes.map((c) => [c.textDocument.uri, c]));
    assert.deepEqual([...byUri.keys()].sort(), [uriOf('cards/pool.board'), uri].sort());
    assert.equal(applyEdits(MAIN, byUri.get(uri)!.edits), MAIN.replace(/\bsplitter\b/g, 'blade'));
    assert.equal(applyEdits(POOL, byUri.get(uriOf('cards/pool.board'))!.edits), POOL.replace(/\bsplitter\b/g, 'blade'));
    assert.equal(byUri.get(uri)!.textDocument.version, 1);
    assert.equal(byUri.get(uriOf('cards/pool.board'))!.textDocument.version, null, 'a file that is not open has no version');
    await client.close(uri);
  });

  it('renames in the includers that are open when the rename starts in the included file', async () => {
    const pool = uriOf('cards/pool.board');
    const main = uriOf('main.board');
    await openAndWait('main.board', MAIN);
    await openAndWait('cards/pool.board', POOL);
    const edit = await client.connection.sendRequest(RenameRequest.type, { textDocument: { uri: pool }, position: positionOf(POOL, 'lion'), newName: 'leo' });
    const changes = edit?.documentChanges as { textDocument: { uri: string; version: number | null }; edits: TextEdit[] }[];
    const byUri = new Map(changes.map((c) => [c.textDocument.uri, c.edits]));
    assert.equal(applyEdits(POOL, byUri.get(pool)!), POOL.replace(/\blion\b/g, 'leo'));
    assert.equal(applyEdits(MAIN, byUri.get(main)!), MAIN.replace(/\blion\b/g, 'leo'));
    await client.close(pool);
    await client.close(main);
  });

  it('renames across the include with `changes` for a client without documentChanges', async () => {
    const other = await TestClient.start({ workspaceFolders: [{ uri: pathToFileURL(dir).href, name: 'ws' }], capabilities: (c) => void (c.workspace!.workspaceEdit!.documentChanges = false) });
    try {
      const uri = uriOf('main.board');
      const since = other.mark();
      await other.open(uri, MAIN);
      await other.waitForDiagnostics(uri, () => true, { since });
      const edit = await other.connection.sendRequest(RenameRequest.type, { textDocument: { uri }, position: positionOf(MAIN, 'lion by', 1), newName: 'leo' });
      assert.equal(edit?.documentChanges, undefined);
      assert.deepEqual(Object.keys(edit?.changes ?? {}).sort(), [uriOf('cards/pool.board'), uri].sort());
      assert.equal(applyEdits(POOL, edit!.changes![uriOf('cards/pool.board')]), POOL.replace(/\blion\b/g, 'leo'));
      assert.deepEqual(other.errors(), []);
    } finally {
      await other.dispose();
    }
  });

  it('a missing file, a cycle and a path out of the workspace are diagnostics at the include line', async () => {
    const missing = await openAndWait('missing.board', 'game mtg\ninclude "cards/nope.board"\nplayer alice\n');
    assert.deepEqual(codes(missing), ['include-not-found']);
    assert.equal(missing.diagnostics[0].range.start.line, 1);
    const rel = path.relative(dir, path.join(outside, 'secret.board'));
    const out = await openAndWait('out.board', `game mtg\ninclude "${rel}"\nplayer alice\n`);
    assert.deepEqual(codes(out), ['include-outside-root']);
    // A symlink inside the folder that leads out of it is out of it too.
    fs.symlinkSync(path.join(outside, 'secret.board'), path.join(dir, 'link.board'));
    const linked = await openAndWait('linked.board', 'game mtg\ninclude "link.board"\nplayer alice\n');
    assert.deepEqual(codes(linked), ['include-outside-root']);
    write('cycle-b.board', 'game mtg\ninclude "cycle-a.board"\n');
    const cycle = await openAndWait('cycle-a.board', 'game mtg\ninclude "cycle-b.board"\nplayer alice\n');
    assert.deepEqual(codes(cycle), ['include-cycle']);
    assert.match(cycle.diagnostics[0].message, /this file → "cycle-b\.board" → this file/);
    for (const f of ['missing.board', 'out.board', 'linked.board', 'cycle-a.board']) await client.close(uriOf(f));
  });

  it('errors in an open included file are reported there and at the include line; fixing it re-checks the includer', async () => {
    const main = uriOf('main.board');
    const pool = uriOf('cards/pool.board');
    await openAndWait('main.board', MAIN);
    const broken = POOL.replace('owner alice\n', 'owner carol\n');
    let since = client.mark();
    await client.open(pool, broken);
    const poolDiags = await client.waitForDiagnostics(pool, () => true, { since });
    assert.deepEqual(codes(poolDiags), ['unknown-name']);
    assert.equal(poolDiags.diagnostics[0].range.start.line, 3);
    // The includer hears of it: a summary at its include line, linking to the error.
    const summary = await client.waitForDiagnostics(main, (p) => codes(p).includes('include-errors'), { since });
    const d = summary.diagnostics.find((x) => x.code === 'include-errors')!;
    assert.equal(d.range.start.line, 1);
    assert.equal(d.relatedInformation?.[0].location.uri, pool);
    assert.equal(d.relatedInformation?.[0].location.range.start.line, 3);
    // Fixing the pool (as you type) re-checks the includer.
    since = client.mark();
    await client.change(pool, POOL);
    await client.waitForDiagnostics(main, (p) => codes(p).length === 0, { since });
    await client.close(pool);
    await client.close(main);
  });

  it('a change on disk of a file that is not open re-checks its includers (workspace/didChangeWatchedFiles)', async () => {
    const main = uriOf('main.board');
    await openAndWait('main.board', MAIN);
    write('cards/pool.board', POOL.replace('card splitter', 'card blade'));
    const since = client.mark();
    await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: uriOf('cards/pool.board'), type: FileChangeType.Changed }] });
    const p = await client.waitForDiagnostics(main, (x) => codes(x).includes('unknown-name'), { since });
    assert.ok(p.diagnostics.some((x) => x.code === 'unknown-name' && x.range.start.line === 4));
    write('cards/pool.board', POOL);
    const restored = client.mark();
    await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: uriOf('cards/pool.board'), type: FileChangeType.Changed }] });
    await client.waitForDiagnostics(main, (x) => codes(x).length === 0, { since: restored });
    // Malformed notifications change nothing and log no error.
    for (const params of [{}, { changes: 3 }, { changes: [null, { uri: 7 }] }]) await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, params as never);
    // A request after them: answered once they were handled (messages are handled in order).
    const found = await client.connection.sendRequest(DefinitionRequest.type, { textDocument: { uri: main }, position: positionOf(MAIN, 'lion by', 1) });
    assert.ok(found, `the definition of lion (in the included file); the server's last log lines: ${JSON.stringify(client.logs.slice(-12))}`);
    assert.deepEqual(client.errors(), []);
    await client.close(main);
  });
});
