// The "check workspace" task: the bundled CLI (dist/cli.js) runs `check` over a workspace folder, in
// the terminal, and the `$board-scenario` problem matcher (package.json) turns its text lines
// (`path:line:col: severity code [rules] message`) into problems. One task per workspace folder
// is provided; a task of type `board-scenario` in tasks.json (`{"type": "board-scenario",
// "command": "check", "paths": ["suite"]}`) is resolved the same way.
import * as vscode from 'vscode';

export const TASK_TYPE = 'board-scenario';
export const PROBLEM_MATCHER = '$board-scenario';
const CLI = 'dist/cli.js';

interface BoardTaskDefinition extends vscode.TaskDefinition {
  command: 'check';
  paths?: string[];
}

export class CheckTaskProvider implements vscode.TaskProvider {
  constructor(private readonly extensionPath: (relative: string) => string) {}

  provideTasks(): vscode.Task[] {
    return (vscode.workspace.workspaceFolders ?? [])
      .filter((f) => f.uri.scheme === 'file')
      .map((folder) => this.task({ type: TASK_TYPE, command: 'check' }, folder));
  }

  resolveTask(task: vscode.Task): vscode.Task | undefined {
    const d = task.definition as BoardTaskDefinition;
    if (d.type !== TASK_TYPE || d.command !== 'check') return undefined;
    const scope = task.scope;
    const folder = scope !== undefined && typeof scope === 'object' ? scope : vscode.workspace.workspaceFolders?.[0];
    return folder ? this.task(d, folder, task.name) : undefined;
  }

  private task(definition: BoardTaskDefinition, folder: vscode.WorkspaceFolder, name?: string): vscode.Task {
    const paths = Array.isArray(definition.paths) && definition.paths.length > 0 ? definition.paths.filter((p) => typeof p === 'string') : ['.'];
    // The extension host's own runtime runs the CLI: node in code-server, Electron as node in the desktop app.
    const execution = new vscode.ProcessExecution(process.execPath, [this.extensionPath(CLI), 'check', '--no-color', ...paths], {
      cwd: folder.uri.fsPath,
      env: { ELECTRON_RUN_AS_NODE: '1' },
    });
    const label = name ?? (vscode.workspace.workspaceFolders && vscode.workspace.workspaceFolders.length > 1 ? `check workspace (${folder.name})` : 'check workspace');
    const task = new vscode.Task(definition, folder, label, 'Board Scenario', execution, [PROBLEM_MATCHER]);
    task.group = vscode.TaskGroup.Test;
    task.detail = `board-scenario check ${paths.join(' ')}: every scenario, findings in the Problems panel`;
    task.presentationOptions = { reveal: vscode.TaskRevealKind.Always, clear: true };
    return task;
  }
}
