// Hovers explain a finding with the rules it cites, in the core's own words.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { explainRule } from '../../../core';
import { activate, closeAll, copyExample, hoverText, open, waitForCodes } from './helpers';

describe('hover', () => {
  before(activate);
  afterEach(closeAll);

  it('explains an illegal attach with the rule numbers and their explanation', async () => {
    const uri = copyExample('hover', 'equip-an-opponents-creature.board');
    await open(uri);
    const [d] = await waitForCodes(uri, ['illegal-attachment']);
    const text = await hoverText(uri, d.range.start.translate(0, 2));
    for (const rule of ['702.6a', '602.2b', '601.2c', '301.5b']) {
      assert.ok(text.includes(rule), `hover should cite ${rule}:\n${text}`);
      const explanation = explainRule('mtg', rule);
      assert.ok(explanation, `core explains ${rule}`);
      assert.ok(text.includes(explanation.title), `hover should explain ${rule} (${explanation.title}):\n${text}`);
      assert.ok(text.includes(explanation.text), `hover should give the explanation of ${rule}:\n${text}`);
    }
    assert.match(text, /illegal-attachment/);
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
