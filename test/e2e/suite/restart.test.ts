// The restart command replaces the language client and server; diagnostics come back, and the new
// server answers edits.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activate, closeAll, copyExample, hoverText, lineOf, open, replaceLine, waitFor, waitForCodes } from './helpers';

describe('restart', () => {
  afterEach(closeAll);

  it('boardScenario.restartServer starts a new server, and diagnostics come back', async () => {
    const api = await activate();
    const uri = copyExample('restart', 'equip-an-opponents-creature.board');
    const editor = await open(uri);
    const [d] = await waitForCodes(uri, ['illegal-attachment']);
    const before = api.client;

    await vscode.commands.executeCommand('boardScenario.restartServer');
    await api.whenStarted();
    assert.notEqual(api.client, before, 'a new language client');
    await waitFor(() => api.client?.isRunning(), 'the new client to run');
    assert.equal(api.serverStatus, 'running');

    await waitForCodes(uri, ['illegal-attachment']);
    assert.match(await hoverText(uri, d.range.start), /702\.6a/);
    // The new server checks new text.
    await replaceLine(editor, lineOf(editor.document, 'equip splitter to bears'), 'equip splitter to lion');
    assert.ok(await editor.document.save());
    await waitForCodes(uri, ['redundant-attach']);
  });
});
