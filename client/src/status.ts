import * as vscode from 'vscode';

/** What the status bar item says about the language server. */
export type ServerStatus = 'starting' | 'running' | 'failed';

const LOOK: Record<ServerStatus, { text: string; tooltip: string; background?: vscode.ThemeColor }> = {
  starting: {
    text: '$(sync~spin) Board',
    tooltip: 'Board Scenario: the checker is starting. Click to show its output.',
  },
  running: {
    text: '$(check) Board',
    tooltip: 'Board Scenario: the checker is running. Click to show its output.',
  },
  failed: {
    text: '$(error) Board',
    tooltip:
      'Board Scenario: the checker is not running. Click to show its output; ' +
      'run "Board Scenario: Restart Language Server" to try again.',
    background: new vscode.ThemeColor('statusBarItem.errorBackground'),
  },
};

/**
 * A status bar item that shows the state of the language server, visible while the active editor
 * holds a document of the given language. Clicking it runs `command` (showing the output).
 */
export class ServerStatusItem implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;
  private readonly subscriptions: vscode.Disposable[] = [];
  private current: ServerStatus = 'starting';

  constructor(
    private readonly languageId: string,
    command: string,
  ) {
    this.item = vscode.window.createStatusBarItem('boardScenario.serverStatus', vscode.StatusBarAlignment.Right, 100);
    this.item.name = 'Board Scenario';
    this.item.command = { title: 'Show Output', command };
    this.set('starting');
    this.subscriptions.push(
      vscode.window.onDidChangeActiveTextEditor(() => this.updateVisibility()),
      // Changing a document's language re-opens it under the new language id.
      vscode.workspace.onDidOpenTextDocument(() => this.updateVisibility()),
    );
    this.updateVisibility();
  }

  get status(): ServerStatus {
    return this.current;
  }

  set(status: ServerStatus): void {
    this.current = status;
    const look = LOOK[status];
    this.item.text = look.text;
    this.item.tooltip = look.tooltip;
    this.item.backgroundColor = look.background;
    this.item.accessibilityInformation = { label: look.tooltip };
  }

  private updateVisibility(): void {
    if (vscode.window.activeTextEditor?.document.languageId === this.languageId) {
      this.item.show();
    } else {
      this.item.hide();
    }
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.item.dispose();
  }
}
