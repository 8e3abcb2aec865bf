// Diagnostics over the real protocol: content, client-dependent shape, when they are published.
import * as assert from 'node:assert/strict';
import { DiagnosticSeverity, DiagnosticTag, type Diagnostic } from 'vscode-languageserver-protocol/node';
import { freshUri, TestClient } from './client';
import { CLEAN, MISSING_UNATTACH, REDUNDANT } from './scenarios';

const codes = (ds: Diagnostic[]) => ds.map((d) => d.code);

describe('LSP diagnostics', () => {
  let client: TestClient;
  afterEach(() => client.disposeExpectingNoErrors());

  it('publishes a redundant equip on open, with code, rules, related location and documentation link', async () => {
    client = await TestClient.start();
    const uri = freshUri();
    await client.open(uri, REDUNDANT);
    const pub = await client.waitForDiagnostics(uri);
    assert.deepEqual(codes(pub.diagnostics), ['redundant-attach']);
    const d = pub.diagnostics[0];
    assert.equal(d.source, 'board-scenario');
    assert.equal(d.severity, DiagnosticSeverity.Warning);
    assert.deepEqual(d.range, { start: { line: 9, character: 0 }, end: { line: 9, character: 22 } });
    assert.ok((d.data as { rules: string[] }).rules.includes('701.3b'), JSON.stringify(d.data));
    assert.match(d.message, /701\.3b/);
    assert.match(d.codeDescription!.href, /#redundant-attach$/);
    assert.deepEqual(d.tags, [DiagnosticTag.Unnecessary]);
    assert.equal(d.relatedInformation?.length, 1);
    assert.equal(d.relatedInformation![0].location.uri, uri);
    assert.equal(d.relatedInformation![0].location.range.start.line, 8);
  });

  it('folds related locations into the message for a client without relatedInformation', async () => {
    client = await TestClient.start({
      capabilities: (c) => {
        c.textDocument!.publishDiagnostics = { relatedInformation: false };
      },
    });
    const uri = freshUri();
    await client.open(uri, REDUNDANT);
    const d = (await client.waitForDiagnostics(uri)).diagnostics[0];
    assert.equal(d.relatedInformation, undefined);
    assert.equal(d.codeDescription, undefined);
    assert.equal(d.tags, undefined);
    assert.match(d.message, /Line 9: splitter became attached here/);
  });

  it('checks as you type by default (validate: onType), without a save', async () => {
    client = await TestClient.start({ capabilities: (c) => (c.textDocument!.publishDiagnostics!.versionSupport = true) });
    const uri = freshUri();
    await client.open(uri, CLEAN);
    assert.deepEqual((await client.waitForDiagnostics(uri)).diagnostics, []);
    const mark = client.mark();
    const v2 = await client.change(uri, REDUNDANT);
    const pub = await client.waitForDiagnostics(uri, (p) => p.diagnostics.length > 0, { since: mark });
    assert.equal(pub.version, v2);
    assert.deepEqual(codes(pub.diagnostics), ['redundant-attach']);
  });

  it('checks on save only with validate: onSave: a change is not published until the document is saved', async () => {
    client = await TestClient.start({ settings: { validate: 'onSave' }, capabilities: (c) => (c.textDocument!.publishDiagnostics!.versionSupport = true) });
    const uri = freshUri();
    await client.open(uri, CLEAN);
    assert.deepEqual((await client.waitForDiagnostics(uri)).diagnostics, []);
    const mark = client.mark();
    const v2 = await client.change(uri, REDUNDANT);
    // The server answers requests in order: once this hover is answered the change was processed.
    await client.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 0 } });
    // Absence can only be observed over a window: three times the server's 200 ms typing delay.
    await new Promise((r) => setTimeout(r, 600));
    assert.deepEqual(client.publishesFor(uri, mark), [], 'a change without save published diagnostics');
    await client.save(uri);
    const pub = await client.waitForDiagnostics(uri, undefined, { since: mark });
    assert.equal(pub.version, v2);
    assert.deepEqual(codes(pub.diagnostics), ['redundant-attach']);
  });

  it('checks as you type with validate: onType (read with workspace/configuration after didChangeConfiguration)', async () => {
    client = await TestClient.start({ settings: { validate: 'onSave' }, capabilities: (c) => (c.textDocument!.publishDiagnostics!.versionSupport = true) });
    const uri = freshUri();
    await client.open(uri, CLEAN);
    await client.waitForDiagnostics(uri);
    await client.changeConfiguration({ validate: 'onType' });
    const mark = client.mark();
    await client.change(uri, REDUNDANT);
    const pub = await client.waitForDiagnostics(uri, (p) => p.diagnostics.length > 0, { since: mark });
    assert.deepEqual(codes(pub.diagnostics), ['redundant-attach']);
    assert.ok(client.configurationItems.some((i) => i.section === 'boardScenario' && i.scopeUri === uri));
  });

  it('as you type, a newer change supersedes the pending check of an older one', async () => {
    client = await TestClient.start({
      settings: { validate: 'onType' },
      capabilities: (c) => (c.textDocument!.publishDiagnostics!.versionSupport = true),
    });
    const uri = freshUri();
    await client.open(uri, CLEAN);
    await client.waitForDiagnostics(uri);
    const mark = client.mark();
    await client.change(uri, REDUNDANT);
    await client.change(uri, MISSING_UNATTACH);
    const v4 = await client.change(uri, REDUNDANT.replace('equip splitter to lion\nequip', 'equip splitter to lion\n\nequip'));
    const pub = await client.waitForDiagnostics(uri, undefined, { since: mark });
    assert.equal(pub.version, v4, 'the first publish after the burst is for the last change');
    assert.deepEqual(pub.diagnostics.map((d) => [d.code, d.range.start.line]), [['redundant-attach', 10]]);
  });

  it('takes pushed settings from didChangeConfiguration when the client has no workspace/configuration', async () => {
    client = await TestClient.start({ capabilities: (c) => (c.workspace!.configuration = false) });
    const uri = freshUri();
    await client.open(uri, CLEAN);
    await client.waitForDiagnostics(uri);
    await client.changeConfiguration({}, { boardScenario: { validate: 'onSave' } });
    const mark = client.mark();
    await client.change(uri, REDUNDANT);
    await client.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 0 } });
    await new Promise((r) => setTimeout(r, 600));
    assert.deepEqual(client.publishesFor(uri, mark), [], 'the pushed onSave applies: no publish before the save');
    await client.save(uri);
    const pub = await client.waitForDiagnostics(uri, (p) => p.diagnostics.length > 0, { since: mark });
    assert.deepEqual(codes(pub.diagnostics), ['redundant-attach']);
    assert.deepEqual(client.configurationItems, []);
  });

  it('clears the diagnostics of a closed document', async () => {
    client = await TestClient.start();
    const uri = freshUri();
    await client.open(uri, REDUNDANT);
    await client.waitForDiagnostics(uri, (p) => p.diagnostics.length === 1);
    const mark = client.mark();
    await client.close(uri);
    const pub = await client.waitForDiagnostics(uri, undefined, { since: mark });
    assert.deepEqual(pub.diagnostics, []);
  });

  it('reports syntax errors, and checks the corrected text after an edit and save', async () => {
    client = await TestClient.start();
    const uri = freshUri();
    await client.open(uri, REDUNDANT.replace('equip splitter to lion\n', 'equip splitter lion\n@@@ "unterminated\n'));
    const broken = await client.waitForDiagnostics(uri);
    assert.ok(broken.diagnostics.length >= 2);
    assert.ok(broken.diagnostics.every((d) => d.code === 'syntax-error'), JSON.stringify(codes(broken.diagnostics)));
    const mark = client.mark();
    await client.change(uri, REDUNDANT);
    await client.save(uri);
    const fixed = await client.waitForDiagnostics(uri, undefined, { since: mark });
    assert.deepEqual(codes(fixed.diagnostics), ['redundant-attach']);
    assert.ok(client.alive);
  });

  it('applies incremental edits to the document before checking it', async () => {
    client = await TestClient.start();
    const uri = freshUri();
    await client.open(uri, REDUNDANT);
    await client.waitForDiagnostics(uri);
    const mark = client.mark();
    // Line 9 `equip splitter to lion` becomes `equip splitter to plains`: a land can't be equipped.
    await client.edit(uri, { start: { line: 9, character: 18 }, end: { line: 9, character: 22 } }, 'plains');
    await client.save(uri);
    const pub = await client.waitForDiagnostics(uri, undefined, { since: mark });
    assert.deepEqual(pub.diagnostics.map((d) => [d.code, d.range.start.line]), [['illegal-attachment', 9]]);
  });
});
