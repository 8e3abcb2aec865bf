// Diagnostics in a real VS Code, pulled by the client (LSP 3.17): when a scenario is opened and as
// you type (the default `boardScenario.validate: onType`), only when it is saved with `onSave`, and
// for the scenarios of the workspace that are not open (workspace diagnostics).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { activate, closeAll, codeOf, copyExample, exampleText, lineOf, open, ours, replaceLine, rulesOf, waitForCodes, waitForDiagnostics, writeScenario } from './helpers';

const ILLEGAL = 'equip-an-opponents-creature.board';

describe('diagnostics', () => {
  before(activate);
  afterEach(closeAll);

  it('reports an illegal attach when an example is opened, with its rule numbers', async () => {
    const uri = copyExample('open', ILLEGAL);
    const editor = await open(uri);
    const [d] = await waitForCodes(uri, ['illegal-attachment']);
    assert.equal(d.severity, vscode.DiagnosticSeverity.Error);
    assert.equal(d.range.start.line, lineOf(editor.document, 'equip splitter to bears'));
    assert.deepEqual(rulesOf(d), ['702.6a', '602.2b', '601.2c', '301.5b']);
    assert.match(d.message, /^\[702\.6a, 602\.2b, 601\.2c, 301\.5b\] /);
    assert.match(d.message, /controlled by bob/);
    const data = (d as { data?: { rules?: string[] } }).data;
    assert.deepEqual(data?.rules, ['702.6a', '602.2b', '601.2c', '301.5b']);
  });

  it('updates diagnostics as you type by default, without saving', async () => {
    const uri = copyExample('ontype', ILLEGAL);
    const editor = await open(uri);
    await waitForCodes(uri, ['illegal-attachment']);
    // Equip to the creature it is already on (a legal target): the illegal attach becomes a redundant one.
    await replaceLine(editor, lineOf(editor.document, 'equip splitter to bears'), 'equip splitter to lion');
    const [d] = await waitForCodes(uri, ['redundant-attach']);
    assert.ok(editor.document.isDirty, 'the document should not have been saved');
    assert.deepEqual(rulesOf(d).slice(0, 2), ['701.3b', '701.3c']);
    // And back.
    await replaceLine(editor, lineOf(editor.document, 'equip splitter to lion'), 'equip splitter to bears');
    await waitForCodes(uri, ['illegal-attachment']);
    assert.ok(editor.document.isDirty);
  });

  it('reports a scenario that is not open (workspace diagnostics), and again when it changes on disk', async () => {
    const uri = copyExample('unopened', ILLEGAL);
    const [d] = await waitForCodes(uri, ['illegal-attachment']);
    assert.deepEqual(rulesOf(d), ['702.6a', '602.2b', '601.2c', '301.5b']);
    assert.ok(!vscode.workspace.textDocuments.some((t) => t.uri.toString() === uri.toString()), 'the file was never opened');
    fs.writeFileSync(uri.fsPath, exampleText(ILLEGAL).replace('equip splitter to bears', 'equip splitter to lion'));
    await waitForCodes(uri, ['redundant-attach']);
  });

  describe('with boardScenario.validate: onSave', () => {
    const config = () => vscode.workspace.getConfiguration('boardScenario');
    const target = () => (vscode.workspace.workspaceFolders ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global);
    before(async () => {
      await config().update('validate', 'onSave', target());
      assert.equal(config().get('validate'), 'onSave');
    });
    after(async () => {
      await config().update('validate', undefined, target());
    });

    it('checks an edit when it is saved', async () => {
      const clean = [
        'game mtg',
        'player alice',
        'player bob',
        'card lion "Silvercoat Lion": creature — Cat, owner alice',
        'card bears "Grizzly Bears": creature — Bear, owner bob',
        'card splitter "Bonesplitter": artifact — Equipment, owner alice',
        'equip splitter to lion',
        '',
      ].join('\n');
      const uri = writeScenario('save', 'clean.board', clean);
      const editor = await open(uri);
      // Opening checks it (an empty list); a hover round trip shows the server has the document.
      await waitForDiagnostics(uri, (ds) => ds.length === 0, 'no diagnostics');
      await replaceLine(editor, lineOf(editor.document, 'equip splitter to lion'), 'equip splitter to bears');
      await vscode.commands.executeCommand('vscode.executeHoverProvider', uri, new vscode.Position(0, 0));
      assert.deepEqual(ours(uri).map(codeOf), [], 'onSave: typing alone should not check');
      // A settings change makes the server ask for a refresh, and VS Code then pulls every open
      // document whatever its onSave filter says: the server still reports the opened version.
      await config().update('inlayHints.enabled', false, target());
      try {
        for (const deadline = Date.now() + 2000; Date.now() < deadline; ) {
          assert.deepEqual(ours(uri).map(codeOf), [], 'onSave: a refresh should not check the unsaved edit');
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      } finally {
        await config().update('inlayHints.enabled', undefined, target());
      }
      assert.ok(await editor.document.save());
      const [d] = await waitForCodes(uri, ['illegal-attachment']);
      assert.deepEqual(rulesOf(d), ['702.6a', '602.2b', '601.2c', '301.5b']);
    });
  });
});
