// "Explain the rules" (the link in a finding's hover): the long explanation of the findings at a
// position (`boardScenario/explain`: each cited rule in our words, the official text from the
// user's rules file, the fixes, the code's documentation) in a Markdown preview beside the editor.
// The text lives in a read-only virtual document of scheme `board-scenario-explain`.
import * as vscode from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';

export const EXPLAIN_REQUEST = 'boardScenario/explain';
export const EXPLAIN_SCHEME = 'board-scenario-explain';

export class Explanations implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly registration: vscode.Disposable;

  constructor(private readonly client: () => LanguageClient | undefined) {
    this.registration = vscode.workspace.registerTextDocumentContentProvider(EXPLAIN_SCHEME, this);
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? vscode.l10n.t('Nothing to explain here any more: hover the finding again.');
  }

  /** The command: `uri` (the scenario's, as the server knows it), 0-based line and character. */
  async explain(uri: unknown, line: unknown, character: unknown): Promise<void> {
    const client = this.client();
    if (typeof uri !== 'string' || typeof line !== 'number' || typeof character !== 'number' || !client?.isRunning()) return;
    const r = await client.sendRequest<{ markdown: string } | null>(EXPLAIN_REQUEST, { uri, position: { line, character } });
    if (!r) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Board Scenario: no finding here any more.'));
      return;
    }
    const name = uri.replace(/[?#].*$/, '').split('/').pop() ?? 'scenario';
    const doc = vscode.Uri.from({ scheme: EXPLAIN_SCHEME, path: `/${decodeURIComponent(name)} line ${line + 1}.md` });
    this.texts.clear(); // one explanation at a time
    this.texts.set(doc.toString(), `# ${decodeURIComponent(name)}, line ${line + 1}\n\n${r.markdown}\n`);
    this.changed.fire(doc);
    await vscode.commands.executeCommand('markdown.showPreviewToSide', doc);
  }

  dispose(): void {
    this.registration.dispose();
    this.changed.dispose();
  }
}
