import * as vscode from 'vscode';

/** What the status bar item says about the language server. */
export type ServerStatus = 'starting' | 'running' | 'failed';

/** How the item looks in each state, in VS Code's display language (vscode.l10n). */
function look(status: ServerStatus): { text: string; tooltip: string; background?: vscode.ThemeColor } {
  switch (status) {
    case 'starting':
      return { text: `$(sync~spin) ${vscode.l10n.t('Board')}`, tooltip: vscode.l10n.t('Board Scenario: the checker is starting. Click to show its output.') };
    case 'running':
      return { text: `$(check) ${vscode.l10n.t('Board')}`, tooltip: vscode.l10n.t('Board Scenario: the checker is running. Click to show its output.') };
    case 'failed':
      return {
        text: `$(error) ${vscode.l10n.t('Board')}`,
        tooltip: vscode.l10n.t('Board Scenario: the checker is not running. Click to show its output; run "{0}" to try again.', vscode.l10n.t('Board Scenario: Restart Language Server')),
        background: new vscode.ThemeColor('statusBarItem.errorBackground'),
      };
  }
}

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
    this.item.command = { title: vscode.l10n.t('Show Output'), command };
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
    const shown = look(status);
    this.item.text = shown.text;
    this.item.tooltip = shown.tooltip;
    this.item.backgroundColor = shown.background;
    this.item.accessibilityInformation = { label: shown.tooltip };
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
