// The project config (board-scenario.json, docs/config.md) in the editor, through the real server
// over JSON-RPC: its severities (`information`, `off`) change what is published and pulled, its
// `rulesVersion` is the version a scenario without a `rules` line is cited in, its `exclude` keeps
// files out of the workspace report, a change of the config on disk (didChangeWatchedFiles) is
// applied, and with `projectConfig: false` (what the VS Code client answers in an untrusted
// workspace) nothing of it applies.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DiagnosticSeverity, MessageType, type Diagnostic, type DocumentDiagnosticReport, type PublishDiagnosticsParams, type WorkspaceDocumentDiagnosticReport } from 'vscode-languageserver-protocol/node';
import { TestClient, withPullDiagnostics } from './client';
import { MISSING_UNATTACH, REDUNDANT } from './scenarios';

const uriOf = (p: string) => pathToFileURL(p).href;
const codes = (ds: Diagnostic[]) => ds.map((d) => String(d.code));
const severityOf = (ds: Diagnostic[], code: string) => ds.find((d) => d.code === code)?.severity;

/** Riftbound without a `rules` line: line 5 re-attaches the same gear (`redundant-attach`). Attach is 421 in v1.2, 434 from v1.3 on. */
const RIFT = ['game riftbound', 'player alice', 'card lux "Lux": unit, owner alice', 'card wand "Wand": gear — Equipment, owner alice', 'attach wand to lux', 'attach wand to lux', 'expect wand attached to lux', ''].join('\n');

function workspace(files: Record<string, string>): { root: string; uri: string; file: (name: string) => string; write: (name: string, text: string) => void } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'board-config-lsp-'));
  const write = (name: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  };
  for (const [name, text] of Object.entries(files)) write(name, text);
  return { root, uri: uriOf(root), file: (name) => uriOf(path.join(root, name)), write };
}

/** Asks again (a pull) until `probe` gives a value, or fails after the timeout. */
async function eventually<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 8000): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    const v = await probe().catch((e) => ((last = e), undefined));
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}${last ? ` (${String(last)})` : ''}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function fullItems(r: DocumentDiagnosticReport | WorkspaceDocumentDiagnosticReport | undefined): Diagnostic[] | undefined {
  return r && r.kind === 'full' ? r.items : undefined;
}

describe('LSP project config (board-scenario.json) applied in the editor', function () {
  this.timeout(30_000);
  let client: TestClient | undefined;
  const roots: string[] = [];
  afterEach(async () => {
    await client?.disposeExpectingNoErrors();
    client = undefined;
    for (const r of roots.splice(0)) fs.rmSync(r, { recursive: true, force: true });
  });

  it('publishes with its severities (information, off) and cites a scenario without a rules line in its rulesVersion; a bad config is said once in the log', async () => {
    const ws = workspace({
      'board-scenario.json': JSON.stringify({ severity: { 'redundant-attach': 'information', 'missing-unattach': 'off' }, rulesVersion: { riftbound: 'v1.2' } }),
      'suite/redundant.board': REDUNDANT,
      'suite/missing.board': MISSING_UNATTACH,
      'suite/rift.board': RIFT,
      'bad/board-scenario.json': '{ "severity": { "redundant-atach": "off", "redundant-attach": "hint" } }',
      'bad/a.board': REDUNDANT,
      'bad/b.board': REDUNDANT,
    });
    roots.push(ws.root);
    client = await TestClient.start({ workspaceFolders: [{ uri: ws.uri, name: 'ws' }] });
    const redundant = ws.file('suite/redundant.board');
    await client.open(redundant, REDUNDANT);
    const applied = await client.waitForDiagnostics(redundant, (p) => severityOf(p.diagnostics, 'redundant-attach') === DiagnosticSeverity.Information);
    assert.deepEqual(codes(applied.diagnostics), ['redundant-attach']);

    const missing = ws.file('suite/missing.board');
    await client.open(missing, MISSING_UNATTACH);
    // Without the config the file has missing-unattach findings (the same text, outside the folder of the config, below).
    const withoutOff = await client.waitForDiagnostics(missing, (p) => p.diagnostics.length > 0 && !codes(p.diagnostics).includes('missing-unattach'));
    assert.ok(withoutOff.diagnostics.length > 0, 'the other findings stay');

    const rift = ws.file('suite/rift.board');
    await client.open(rift, RIFT);
    const cited = await client.waitForDiagnostics(rift, (p) => p.diagnostics.some((d) => d.code === 'redundant-attach' && d.message.startsWith('[421')));
    assert.equal(severityOf(cited.diagnostics, 'redundant-attach'), DiagnosticSeverity.Information);

    // The bad config: its valid part applies, its problem is logged once (two documents under it).
    const a = ws.file('bad/a.board');
    const b = ws.file('bad/b.board');
    await client.open(a, REDUNDANT);
    await client.open(b, REDUNDANT);
    await client.waitForDiagnostics(a, (p) => severityOf(p.diagnostics, 'redundant-attach') === DiagnosticSeverity.Hint);
    await client.waitForDiagnostics(b, (p) => severityOf(p.diagnostics, 'redundant-attach') === DiagnosticSeverity.Hint);
    const warned = client.logs.filter((l) => l.type === MessageType.Warning && l.message.includes('severity.redundant-atach'));
    assert.equal(warned.length, 1, JSON.stringify(client.logs));
    assert.match(warned[0].message, /bad[\\/]board-scenario\.json \(severity\.redundant-atach\): 'redundant-atach' is not a finding code\. Did you mean 'redundant-attach'\?/);

    // The config changes on disk (watched): the open documents are published again with the new one.
    const since = client.mark();
    ws.write('board-scenario.json', JSON.stringify({ severity: { 'redundant-attach': 'off' } }));
    await client.filesChanged([{ uri: ws.file('board-scenario.json'), type: 2 }]);
    await client.waitForDiagnostics(redundant, (p) => p.diagnostics.length === 0, { since });
    await client.waitForDiagnostics(missing, (p) => codes(p.diagnostics).includes('missing-unattach'), { since });
    await client.waitForDiagnostics(rift, (p) => p.diagnostics.every((d) => d.code !== 'redundant-attach') && p.diagnostics.every((d) => !d.message.startsWith('[421')), { since });

    // Without a config (a workspace of its own): the findings as they are.
    const other = workspace({ 'x.board': MISSING_UNATTACH });
    roots.push(other.root);
    await client.dispose();
    client = await TestClient.start({ workspaceFolders: [{ uri: other.uri, name: 'other' }] });
    await client.open(other.file('x.board'), MISSING_UNATTACH);
    const plain = await client.waitForDiagnostics(other.file('x.board'));
    assert.ok(codes(plain.diagnostics).includes('missing-unattach'));
  });

  it('pulls with its severities, leaves excluded files out of the workspace report, and follows a change of the config on disk', async () => {
    const ws = workspace({
      'board-scenario.json': JSON.stringify({ severity: { 'redundant-attach': 'off' }, exclude: ['archive/**'] }),
      'a.board': REDUNDANT,
      'archive/old.board': REDUNDANT,
      'deep/m.board': MISSING_UNATTACH,
    });
    roots.push(ws.root);
    client = await TestClient.start({ capabilities: withPullDiagnostics, workspaceFolders: [{ uri: ws.uri, name: 'ws' }] });
    const c = client;
    const report = await c.pullWorkspace();
    const byUri = new Map(report.items.map((i) => [i.uri, i]));
    assert.deepEqual([...byUri.keys()].sort(), [ws.file('a.board'), ws.file('deep/m.board')].sort(), 'archive/old.board is excluded');
    assert.deepEqual(fullItems(byUri.get(ws.file('a.board'))), [], 'redundant-attach is off');
    assert.ok(codes(fullItems(byUri.get(ws.file('deep/m.board')))!).includes('missing-unattach'));

    // An open document: its pulled report follows the config once it is read (in the background).
    const open = ws.file('deep/open.board');
    await c.open(open, REDUNDANT);
    await eventually('the open document pulled without redundant-attach', async () => {
      const items = fullItems(await c.pullDocument(open));
      return items && items.length === 0 ? items : undefined;
    });

    // The config changes on disk: the watcher tells, every report follows.
    ws.write('board-scenario.json', JSON.stringify({ severity: { 'missing-unattach': 'information' } }));
    const refreshes = c.diagnosticRefreshes;
    await c.filesChanged([{ uri: ws.file('board-scenario.json'), type: 2 }]);
    await c.waitFor('a refresh', () => (c.diagnosticRefreshes > refreshes ? true : undefined));
    const items = await eventually('the open document pulled with redundant-attach', async () => {
      const i = fullItems(await c.pullDocument(open));
      return i && codes(i).includes('redundant-attach') ? i : undefined;
    });
    assert.equal(severityOf(items, 'redundant-attach'), DiagnosticSeverity.Warning);
    const after = new Map((await c.pullWorkspace(report.items.map((i) => ({ uri: i.uri, value: i.resultId! })))).items.map((i) => [i.uri, i]));
    assert.ok(after.has(ws.file('archive/old.board')), 'nothing is excluded now');
    assert.deepEqual(codes(fullItems(after.get(ws.file('a.board')))!), ['redundant-attach']);
    const m = fullItems(after.get(ws.file('deep/m.board')))!;
    assert.ok(m.filter((d) => d.code === 'missing-unattach').length > 0 && m.filter((d) => d.code === 'missing-unattach').every((d) => d.severity === DiagnosticSeverity.Information), JSON.stringify(m));

    // The config is deleted: the findings as they are.
    fs.rmSync(path.join(ws.root, 'board-scenario.json'));
    await c.filesChanged([{ uri: ws.file('board-scenario.json'), type: 3 }]);
    await eventually('deep/m.board with errors again', async () => {
      const r = new Map((await c.pullWorkspace()).items.map((i) => [i.uri, i]));
      const i = fullItems(r.get(ws.file('deep/m.board')));
      return i && i.some((d) => d.code === 'missing-unattach' && d.severity === DiagnosticSeverity.Error) ? i : undefined;
    });
  });

  it('runs a scenario that is not open as a test (the Testing view) with its severities', async () => {
    const ws = workspace({
      'strict/board-scenario.json': JSON.stringify({ severity: { 'redundant-attach': 'error' } }),
      'strict/a.board': REDUNDANT,
      'lax/a.board': REDUNDANT,
    });
    roots.push(ws.root);
    client = await TestClient.start({ workspaceFolders: [{ uri: ws.uri, name: 'ws' }] });
    const { files } = (await client.connection.sendRequest('boardScenario/runTests', { uris: [ws.file('strict/a.board'), ws.file('lax/a.board')] })) as { files: { passed: boolean; unexpectedErrors: Diagnostic[] }[] };
    const [strict, lax] = files;
    assert.equal(lax.passed, true, 'a warning fails no test');
    assert.deepEqual(codes(lax.unexpectedErrors), []);
    // (The core's testScenario lists only the errors of the check itself in unexpectedErrors; `passed` counts the config's.)
    assert.equal(strict.passed, false, 'made an error by the config, which nobody expects');
  });

  it('applies nothing of the config with projectConfig: false (an untrusted workspace), and applies it once allowed', async () => {
    const ws = workspace({
      'board-scenario.json': JSON.stringify({ severity: { 'redundant-attach': 'off' }, rulesVersion: { riftbound: 'v1.2' }, exclude: ['archive/**'] }),
      'archive/old.board': REDUNDANT,
      'rift.board': RIFT,
    });
    roots.push(ws.root);
    // Pushed diagnostics.
    client = await TestClient.start({ workspaceFolders: [{ uri: ws.uri, name: 'ws' }], settings: { projectConfig: false } });
    const uri = ws.file('a.board');
    await client.open(uri, REDUNDANT);
    await client.waitForDiagnostics(uri, (p) => codes(p.diagnostics).includes('redundant-attach'));
    const rift = ws.file('rift.board');
    await client.open(rift, RIFT);
    await client.waitForDiagnostics(rift, (p) => p.diagnostics.some((d) => d.code === 'redundant-attach' && d.message.startsWith('[434')));
    // Its settings have arrived and the background work is done (a hover waits for the settings and the rules file).
    await client.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 9, character: 2 } });
    await new Promise((r) => setTimeout(r, 300));
    const lastOf = (u: string): PublishDiagnosticsParams => client!.publishesFor(u).at(-1)!;
    assert.ok(codes(lastOf(uri).diagnostics).includes('redundant-attach'), 'the severity off is not applied');
    assert.ok(lastOf(rift).diagnostics.every((d) => !d.message.startsWith('[421')), 'the rules version is not applied');
    assert.equal(client.logs.filter((l) => l.message.includes('board-scenario.json')).length, 0, 'the config is not read');
    // Trusted now: the config applies.
    await client.changeConfiguration({ projectConfig: true });
    await client.waitForDiagnostics(uri, (p) => !codes(p.diagnostics).includes('redundant-attach'), { since: 0 });
    await client.dispose();

    // The workspace report: excluded files are reported when the config may not be read.
    client = await TestClient.start({ capabilities: withPullDiagnostics, workspaceFolders: [{ uri: ws.uri, name: 'ws' }], settings: { projectConfig: false } });
    const report = new Map((await client.pullWorkspace()).items.map((i) => [i.uri, i]));
    assert.deepEqual(codes(fullItems(report.get(ws.file('archive/old.board')))!), ['redundant-attach']);
    assert.ok(fullItems(report.get(rift))!.some((d) => d.message.startsWith('[434')));
  });
});
