// Quick fixes and fix-all, applied through the VS Code API like the editor applies them.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activate, applyAndSave, closeAll, codeActions, copyExample, lineOf, open, waitForCodes, waitForDiagnostics } from './helpers';

const FORGOTTEN = 'forgotten-consequences.board';
const FIX_ALL = 'source.fixAll.boardScenario';

describe('code actions', () => {
  before(activate);
  afterEach(closeAll);

  it('quick-fixes a missing unattach; after saving, that diagnostic is gone', async () => {
    const uri = copyExample('quickfix', FORGOTTEN);
    const editor = await open(uri);
    const ds = await waitForCodes(uri, ['missing-unattach', 'missing-unattach']);
    const shield = ds.find((d) => d.message.includes('unattach shield from knight'));
    assert.ok(shield, 'a missing-unattach for the shield');
    assert.match(shield.message, /701\.3d/);

    const actions = await codeActions(uri, shield.range);
    const fix = actions.find((a) => a.title === 'Insert "unattach shield from knight"');
    assert.ok(fix, `quick fix offered; got: ${actions.map((a) => a.title).join(' | ')}`);
    assert.equal(fix.kind?.value, vscode.CodeActionKind.QuickFix.value);
    assert.ok(fix.isPreferred, 'the safe fix is preferred');

    await applyAndSave(fix, editor.document);
    const destroy = lineOf(editor.document, 'destroy knight');
    assert.equal(editor.document.lineAt(destroy + 1).text, 'unattach shield from knight');
    const left = await waitForDiagnostics(uri, (xs) => xs.length === 1, 'one diagnostic left');
    assert.match(left[0].message, /unattach strength from knight/);
  });

  it('fix-all applies every safe fix at once, and then has nothing left to do', async () => {
    const uri = copyExample('fixall', FORGOTTEN);
    const editor = await open(uri);
    await waitForCodes(uri, ['missing-unattach', 'missing-unattach']);
    const whole = new vscode.Range(0, 0, editor.document.lineCount, 0);
    const actions = await codeActions(uri, whole, FIX_ALL);
    assert.equal(actions.length, 1, `one fix-all action; got: ${actions.map((a) => a.title).join(' | ')}`);
    assert.equal(actions[0].kind?.value, FIX_ALL);
    await applyAndSave(actions[0], editor.document);

    const text = editor.document.getText();
    assert.match(text, /^unattach shield from knight$/m);
    assert.match(text, /^unattach strength from knight$/m);
    await waitForCodes(uri, []);
    assert.deepEqual(await codeActions(uri, new vscode.Range(0, 0, editor.document.lineCount, 0), FIX_ALL), [], 'fix-all is idempotent');
  });

  it('fix-all removes lines that do nothing (redundant attach, ineffective unattach)', async () => {
    const uri = copyExample('fixall-remove', 'redundant-equip-and-timestamps.board');
    const editor = await open(uri);
    await waitForCodes(uri, ['ineffective-unattach', 'redundant-attach']);
    const before = editor.document.lineCount;
    const [fixAll] = await codeActions(uri, new vscode.Range(0, 0, before, 0), FIX_ALL);
    assert.ok(fixAll, 'a fix-all action');
    await applyAndSave(fixAll, editor.document);
    await waitForCodes(uri, []);
    assert.equal(editor.document.lineCount, before - 2);
  });
});
