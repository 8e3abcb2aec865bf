// Hovers explain a finding with the rules it cites, in the core's own words.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { explainRule } from '../../../core';
import { activate, closeAll, copyExample, hoverText, open, waitForCodes } from './helpers';

describe('hover', () => {
  before(activate);
  afterEach(closeAll);

  it('leads with the rule numbers and titles and the fix, and links to the long explanation', async () => {
    const uri = copyExample('hover', 'equip-an-opponents-creature.board');
    await open(uri);
    const [d] = await waitForCodes(uri, ['illegal-attachment']);
    const at = d.range.start.translate(0, 2);
    const text = await hoverText(uri, at);
    for (const rule of ['702.6a', '602.2b', '601.2c', '301.5b']) {
      assert.ok(text.includes(rule), `hover should cite ${rule}:\n${text}`);
      const explanation = explainRule('mtg', rule);
      assert.ok(explanation, `core explains ${rule}`);
      assert.ok(text.includes(explanation.title), `hover should name ${rule} (${explanation.title}):\n${text}`);
      // VS Code shows the diagnostic's message above: the hover is short.
      assert.ok(!text.includes(explanation.text), `the long explanation of ${rule} is behind the link:\n${text}`);
    }
    assert.match(text, /illegal-attachment/);
    assert.match(text, /\[Explain the rules\]\(command:boardScenario\.explain\?/);
    // The link's command: the long explanation, from the server.
    const api = await activate();
    const ex = await api.client!.sendRequest<{ markdown: string } | null>('boardScenario/explain', { uri: uri.toString(), position: { line: at.line, character: at.character } });
    assert.ok(ex && ex.markdown.includes(explainRule('mtg', '702.6a')!.text), JSON.stringify(ex));
  });

  it('explains a rule number written in a comment', async () => {
    const uri = copyExample('hover-comment', 'equip-an-opponents-creature.board');
    const editor = await open(uri);
    await waitForCodes(uri, ['illegal-attachment']);
    const line = editor.document.getText().split('\n').findIndex((l) => l.startsWith('#') && l.includes('702.6a'));
    assert.ok(line >= 0);
    const text = await hoverText(uri, new vscode.Position(line, editor.document.lineAt(line).text.indexOf('702.6a') + 1));
    assert.ok(text.includes('702.6a') && text.includes(explainRule('mtg', '702.6a')!.text), text);
  });
});
