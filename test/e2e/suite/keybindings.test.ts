// The step keys take nothing from VS Code: no default keybinding of VS Code uses them, and Alt+Up /
// Alt+Down are VS Code's own again (Move Line Up/Down), read from the workbench's Default
// Keybindings document (this platform's: the tests run on Linux).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { activate, closeAll, waitFor } from './helpers';

interface Binding {
  key: string;
  command: string;
  when?: string;
}

describe('keybindings', () => {
  before(activate);
  afterEach(closeAll);

  it("the step commands' keys are no default keybinding of VS Code, and Alt+Up/Down are Move Line", async () => {
    await vscode.commands.executeCommand('workbench.action.openDefaultKeybindingsFile');
    const editor = await waitFor(() => (vscode.window.activeTextEditor?.document.getText().includes('"key"') ? vscode.window.activeTextEditor : undefined), 'the Default Keybindings document');
    const text = editor.document.getText();
    // One object per entry; comments are lines starting with //.
    const json = text.split('\n').filter((l) => !l.trim().startsWith('//')).join('\n');
    const bindings = JSON.parse(json) as Binding[];
    assert.ok(bindings.length > 500, `${bindings.length} default keybindings`);
    // Kept for reading: the defaults of the VS Code the tests ran in.
    const out = path.join(__dirname, '..', '..', '..', '..', 'test-output', 'e2e');
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(path.join(out, 'default-keybindings.json'), JSON.stringify(bindings, null, 1));
    const ours = bindings.filter((b) => b.command.startsWith('boardScenario.'));
    assert.deepEqual(ours.map((b) => `${b.key} ${b.command}`).sort(), ['ctrl+alt+[ boardScenario.previousEvent', 'ctrl+alt+] boardScenario.nextEvent']);
    for (const b of ours) {
      const others = bindings.filter((x) => x.key === b.key && !x.command.startsWith('boardScenario.') && !x.command.startsWith('-'));
      assert.deepEqual(others, [], `${b.key} is also VS Code's`);
    }
    const altDown = bindings.filter((b) => b.key === 'alt+down').map((b) => b.command);
    assert.ok(altDown.includes('editor.action.moveLinesDownAction') && !altDown.some((c) => c.startsWith('boardScenario.')), JSON.stringify(altDown));
  });
});
