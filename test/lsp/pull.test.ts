// Pull diagnostics (LSP 3.17) over the real protocol: a client that announces
// `textDocument.diagnostic` (as VS Code with vscode-languageclient 9 does) pulls document reports
// with result ids and `unchanged` answers, and the workspace report covers every scenario file of
// the workspace folders, read from disk, kept current when files change on disk. A client that
// does not announce it keeps getting publishes (diagnostics.test.ts, and Neovim in test/e2e).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic, DocumentDiagnosticReport, WorkspaceDocumentDiagnosticReport } from 'vscode-languageserver-protocol/node';
import { TestClient, withPullDiagnostics } from './client';
import { CLEAN, MISSING_UNATTACH, REDUNDANT } from './scenarios';

const codes = (ds: Diagnostic[]) => ds.map((d) => String(d.code));
const full = (r: DocumentDiagnosticReport) => {
  assert.equal(r.kind, 'full', JSON.stringify(r));
  return r as DocumentDiagnosticReport & { kind: 'full'; resultId: string; items: Diagnostic[] };
};
const uriOf = (p: string) => pathToFileURL(p).href;

/** A workspace folder on disk: name → text. */
function workspace(files: Record<string, string>): { root: string; uri: string; file: (name: string) => string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'board-pull-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  return { root, uri: uriOf(root), file: (name) => uriOf(path.join(root, name)) };
}

/** The last report per URI, in the order the batches came (later ones replace earlier ones). */
function latest(batches: WorkspaceDocumentDiagnosticReport[][]): Map<string, WorkspaceDocumentDiagnosticReport> {
  const m = new Map<string, WorkspaceDocumentDiagnosticReport>();
  for (const b of batches) for (const item of b) m.set(item.uri, item);
  return m;
}

describe('LSP pull diagnostics', () => {
  let client: TestClient;
  const roots: string[] = [];
  afterEach(async () => {
    await client?.disposeExpectingNoErrors();
    for (const r of roots.splice(0)) fs.rmSync(r, { recursive: true, force: true });
  });

  it('announces a diagnostic provider with workspace diagnostics only to a client that pulls; the others get publishes', async () => {
    client = await TestClient.start();
    assert.equal(client.initializeResult.capabilities.diagnosticProvider, undefined);
    await client.dispose();
    client = await TestClient.start({ capabilities: withPullDiagnostics });
    assert.deepEqual(client.initializeResult.capabilities.diagnosticProvider, { identifier: 'board-scenario', interFileDependencies: false, workspaceDiagnostics: true });
    // It watches the scenario files on disk (dynamic registration).
    const reg = await client.waitFor('the file watcher registration', () => client.registrations.find((r) => r.method === 'workspace/didChangeWatchedFiles'));
    assert.deepEqual(reg.registerOptions, { watchers: [{ globPattern: '**/*.board' }, { globPattern: '**/board-scenario.json' }] });
  });

  it('answers a document pull with a result id, `unchanged` for the same version, a new report after an edit; it never publishes', async () => {
    client = await TestClient.start({ capabilities: withPullDiagnostics });
    const ws = workspace({});
    roots.push(ws.root);
    const uri = ws.file('open.board');
    await client.open(uri, REDUNDANT);
    const first = full(await client.pullDocument(uri));
    assert.deepEqual(codes(first.items), ['redundant-attach']);
    assert.match(first.items[0].message, /^\[701\.3b, 701\.3c\] /);
    assert.ok(first.resultId);
    // Nothing changed: unchanged, with the same id.
    assert.deepEqual(await client.pullDocument(uri, first.resultId), { kind: 'unchanged', resultId: first.resultId });
    // An edit (no save): the next pull is the new text's findings.
    await client.change(uri, MISSING_UNATTACH);
    const second = full(await client.pullDocument(uri, first.resultId));
    assert.notEqual(second.resultId, first.resultId);
    assert.ok(codes(second.items).includes('missing-unattach'), JSON.stringify(codes(second.items)));
    // And the fix: clean as soon as the text is, without a save.
    await client.change(uri, CLEAN);
    const third = full(await client.pullDocument(uri, second.resultId));
    assert.deepEqual(third.items, []);
    // An old id is not taken for the current text.
    assert.equal((await client.pullDocument(uri, first.resultId)).kind, 'full');
    await client.save(uri);
    await client.close(uri);
    await client.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 0 } });
    assert.deepEqual(client.publishes, [], 'a pulling client gets no publishes');
  });

  it('with validate: onSave, a pull during unsaved edits shows the version opened or last saved; the save shows the edit', async () => {
    const ws = workspace({ 'a.board': CLEAN });
    roots.push(ws.root);
    client = await TestClient.start({ capabilities: withPullDiagnostics, settings: { validate: 'onSave' }, workspaceFolders: [{ uri: ws.uri, name: 'ws' }] });
    const uri = ws.file('a.board');
    await client.open(uri, CLEAN);
    const opened = full(await client.pullDocument(uri));
    assert.deepEqual(opened.items, []);
    // Typed, not saved: VS Code's filter leaves out the pull as you type, but it pulls every open
    // document after a refresh, and other clients have no filter. The opened version stands.
    await client.change(uri, REDUNDANT);
    assert.deepEqual(await client.pullDocument(uri, opened.resultId), { kind: 'unchanged', resultId: opened.resultId });
    assert.deepEqual(full(await client.pullDocument(uri)).items, [], 'a pull without an id gets the opened version in full');
    const open = (await client.pullWorkspace()).items.find((i) => i.uri === uri) as WorkspaceDocumentDiagnosticReport & { kind: 'full' };
    assert.deepEqual(open.items, [], 'the workspace report too');
    // Saved: the edit is reported, and stays while the next edits are not saved.
    await client.save(uri);
    const saved = full(await client.pullDocument(uri, opened.resultId));
    assert.deepEqual(codes(saved.items), ['redundant-attach']);
    await client.change(uri, MISSING_UNATTACH);
    assert.deepEqual(await client.pullDocument(uri, saved.resultId), { kind: 'unchanged', resultId: saved.resultId });
    // Back to onType: the next pull is the text as it is.
    await client.changeConfiguration({ validate: 'onType' });
    await client.waitFor('a diagnostic refresh', () => (client.diagnosticRefreshes > 0 ? true : undefined));
    assert.ok(codes(full(await client.pullDocument(uri, saved.resultId)).items).includes('missing-unattach'));
  });

  it('reports every scenario of the workspace folder, unopened ones read from disk, skipping node_modules and dot-folders', async () => {
    const ws = workspace({
      'redundant.board': REDUNDANT,
      'clean.board': CLEAN,
      'deep/er/missing.board': MISSING_UNATTACH,
      'node_modules/dep/x.board': REDUNDANT,
      '.hidden/y.board': REDUNDANT,
      'notes.txt': REDUNDANT,
    });
    roots.push(ws.root);
    client = await TestClient.start({ capabilities: withPullDiagnostics, workspaceFolders: [{ uri: ws.uri, name: 'ws' }] });
    const open = ws.file('clean.board');
    // Open and changed in the editor: the workspace report has the editor's text, with its version.
    await client.open(open, CLEAN);
    await client.change(open, REDUNDANT);
    const report = await client.pullWorkspace();
    const byUri = new Map(report.items.map((i) => [i.uri, i]));
    assert.deepEqual([...byUri.keys()].sort(), [ws.file('clean.board'), ws.file('deep/er/missing.board'), ws.file('redundant.board')].sort());
    const item = (name: string) => byUri.get(ws.file(name)) as WorkspaceDocumentDiagnosticReport & { kind: 'full' };
    assert.deepEqual(codes(item('redundant.board').items), ['redundant-attach']);
    assert.equal(item('redundant.board').version, null);
    assert.ok(codes(item('deep/er/missing.board').items).includes('missing-unattach'));
    assert.deepEqual(codes(item('clean.board').items), ['redundant-attach'], 'the open file as the editor has it');
    assert.equal(item('clean.board').version, 2);
    // The same pull with the ids it got: all unchanged, nothing read again.
    const again = await client.pullWorkspace(report.items.map((i) => ({ uri: i.uri, value: i.resultId! })));
    assert.deepEqual(again.items.map((i) => i.kind), ['unchanged', 'unchanged', 'unchanged']);
    // A file changed on disk (same size, later time) is reported again; the others stay unchanged.
    const target = path.join(ws.root, 'redundant.board');
    fs.writeFileSync(target, CLEAN);
    const third = await client.pullWorkspace(again.items.map((i) => ({ uri: i.uri, value: i.resultId! })));
    const changed = third.items.find((i) => i.uri === ws.file('redundant.board'))!;
    assert.equal(changed.kind, 'full');
    assert.deepEqual((changed as { items: Diagnostic[] }).items, []);
    assert.equal(third.items.filter((i) => i.kind === 'unchanged').length, 2);
    // A file that is gone gets an empty report (which clears its problems), once.
    fs.rmSync(path.join(ws.root, 'deep'), { recursive: true });
    const fourth = await client.pullWorkspace(third.items.map((i) => ({ uri: i.uri, value: i.resultId ?? '' })).filter((r) => r.value));
    assert.deepEqual(fourth.items.find((i) => i.uri === ws.file('deep/er/missing.board')), { kind: 'full', uri: ws.file('deep/er/missing.board'), version: null, items: [] });
  });

  it('an unopened file is reported with its includes, and again when a file it includes changes on disk', async () => {
    const pool = 'game mtg\nplayer alice\ncard lion "Silvercoat Lion": creature — Cat\n';
    const main = 'game mtg\ninclude "cards/pool.board"\nexpect lion in battlefield\n';
    const ws = workspace({ 'cards/pool.board': pool, 'main.board': main });
    roots.push(ws.root);
    client = await TestClient.start({ capabilities: withPullDiagnostics, workspaceFolders: [{ uri: ws.uri, name: 'ws' }] });
    const first = await client.pullWorkspace();
    const mainOf = (r: typeof first) => r.items.find((i) => i.uri === ws.file('main.board'))!;
    assert.deepEqual(codes((mainOf(first) as { items: Diagnostic[] }).items), [], 'lion is declared in the included pool');
    // The pool loses lion on disk: the watcher says the pool changed; main's report is made again.
    fs.writeFileSync(path.join(ws.root, 'cards/pool.board'), pool.replace('card lion', 'card bear'));
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: ws.file('cards/pool.board'), type: 2 }] });
    const second = await client.pullWorkspace(first.items.map((i) => ({ uri: i.uri, value: i.resultId! })));
    const again = mainOf(second);
    assert.equal(again.kind, 'full', 'main is not "unchanged": what it includes changed');
    assert.ok(codes((again as { items: Diagnostic[] }).items).includes('unknown-name'), JSON.stringify(again));
  });

  it('streams the workspace report in batches, then holds it open and reports a file changed on disk, with a refresh', async function () {
    this.timeout(20_000);
    const files: Record<string, string> = {};
    for (let i = 0; i < 250; i++) files[`suite/s${String(i).padStart(3, '0')}.board`] = i % 2 ? REDUNDANT : CLEAN;
    const ws = workspace(files);
    roots.push(ws.root);
    client = await TestClient.start({ capabilities: withPullDiagnostics, workspaceFolders: [{ uri: ws.uri, name: 'ws' }] });
    await client.waitFor('the file watcher registration', () => client.registrations.find((r) => r.method === 'workspace/didChangeWatchedFiles'));
    const pull = client.pullWorkspaceStreaming();
    await client.waitFor('every file reported', () => (latest(pull.batches).size === 250 ? true : undefined));
    assert.ok(pull.batches.length >= 3, `batches of at most 100 files: ${pull.batches.map((b) => b.length)}`);
    assert.ok(pull.batches.every((b) => b.length <= 100));
    const reported = latest(pull.batches);
    assert.equal([...reported.values()].filter((i) => i.kind === 'full' && i.items.length === 1).length, 125);
    // The request is held: meanwhile other requests are answered.
    let finished = false;
    void pull.done.then(() => (finished = true), () => (finished = true));
    const hover = await client.connection.sendRequest('textDocument/hover', { textDocument: { uri: ws.file('suite/s000.board') }, position: { line: 0, character: 0 } });
    assert.equal(hover, null);
    assert.equal(finished, false, 'the workspace pull is held open');

    // A file changes on disk and the client says so: one more batch with its new report, and a refresh.
    const refreshes = client.diagnosticRefreshes;
    const changedUri = ws.file('suite/s001.board');
    fs.writeFileSync(path.join(ws.root, 'suite/s001.board'), CLEAN);
    fs.rmSync(path.join(ws.root, 'suite/s003.board'));
    const before = pull.batches.length;
    await client.filesChanged([
      { uri: changedUri, type: 2 },
      { uri: ws.file('suite/s003.board'), type: 3 },
    ]);
    const next = await client.waitFor('the batch after the change', () => (pull.batches.length > before ? pull.batches.slice(before).flat() : undefined));
    assert.deepEqual(
      next.map((i) => [i.uri, i.kind, i.kind === 'full' ? i.items.length : -1]),
      [
        [changedUri, 'full', 0],
        [ws.file('suite/s003.board'), 'full', 0],
      ],
    );
    assert.equal((next[1] as { resultId?: string }).resultId, undefined, 'the deleted file is cleared');
    await client.waitFor('a diagnostic refresh', () => (client.diagnosticRefreshes > refreshes ? true : undefined));

    // Cancelled by the client: the request ends.
    pull.cancel();
    await assert.rejects(pull.done, /cancel/i);
  });

  it('a held pull walks the folders again now and then: a file no watcher told about is reported (RESCAN_MIN_MS, 10 s)', async function () {
    this.timeout(40_000);
    const ws = workspace({ 'a.board': CLEAN });
    roots.push(ws.root);
    client = await TestClient.start({ capabilities: withPullDiagnostics, workspaceFolders: [{ uri: ws.uri, name: 'ws' }] });
    await client.waitFor('the file watcher registration', () => client.registrations.find((r) => r.method === 'workspace/didChangeWatchedFiles'));
    const pull = client.pullWorkspaceStreaming();
    await client.waitFor('the first file', () => (latest(pull.batches).size === 1 ? true : undefined));
    const before = pull.batches.length;
    fs.mkdirSync(path.join(ws.root, 'new'));
    fs.writeFileSync(path.join(ws.root, 'new', 'b.board'), REDUNDANT);
    const next = await client.waitFor('the unnotified file', () => pull.batches.slice(before).flat().find((i) => i.uri === ws.file('new/b.board')), 25_000);
    assert.deepEqual(next.kind === 'full' ? codes(next.items) : next.kind, ['redundant-attach']);
    assert.ok(pull.batches.slice(before).flat().every((i) => i.kind === 'full'), 'a rescan sends only what changed, no unchanged reports again');
    pull.cancel();
    await assert.rejects(pull.done, /cancel/i);
  });

  it('a settings change ends the held pull and asks for a refresh; the next pull reports every file again', async function () {
    this.timeout(20_000);
    const ws = workspace({ 'a.board': REDUNDANT, 'b.board': CLEAN });
    roots.push(ws.root);
    client = await TestClient.start({ capabilities: withPullDiagnostics, workspaceFolders: [{ uri: ws.uri, name: 'ws' }] });
    await client.waitFor('the file watcher registration', () => client.registrations.find((r) => r.method === 'workspace/didChangeWatchedFiles'));
    const pull = client.pullWorkspaceStreaming();
    await client.waitFor('both files', () => (latest(pull.batches).size === 2 ? true : undefined));
    const ids = [...latest(pull.batches).values()].map((i) => ({ uri: i.uri, value: i.resultId! }));
    const refreshes = client.diagnosticRefreshes;
    await client.changeConfiguration({ validate: 'onSave' });
    assert.deepEqual(await pull.done, { items: [] }, 'ended, everything was in the batches');
    await client.waitFor('a diagnostic refresh', () => (client.diagnosticRefreshes > refreshes ? true : undefined));
    const again = await client.pullWorkspace(ids);
    assert.deepEqual(again.items.map((i) => i.kind), ['full', 'full'], 'old ids are stale after a settings change');
  });

  it('answers a document pull for a file that is not open from disk, only inside a workspace folder', async () => {
    const ws = workspace({ 'a.board': REDUNDANT });
    roots.push(ws.root);
    const outside = workspace({ 'b.board': REDUNDANT });
    roots.push(outside.root);
    client = await TestClient.start({ capabilities: withPullDiagnostics, workspaceFolders: [{ uri: ws.uri, name: 'ws' }] });
    assert.deepEqual(codes(full(await client.pullDocument(ws.file('a.board'))).items), ['redundant-attach']);
    assert.deepEqual(await client.pullDocument(outside.file('b.board')), { kind: 'full', items: [] });
  });
});
