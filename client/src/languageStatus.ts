// The language status item of a scenario (the `{}` next to "Board Scenario" in the status bar):
// the game, the rules version it is checked against and the state of the user's rules file, as
// the server knows them (`boardScenario/status`). Asked again when the active editor changes, a
// moment after an edit, on save and when the settings change.
import * as vscode from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';

export const STATUS_REQUEST = 'boardScenario/status';
const DELAY_MS = 400;

interface ScenarioStatus {
  uri: string;
  gameLabel: string;
  declared: boolean;
  rulesLabel: string;
  rulesFile: { state: 'unset' | 'read' | 'unread' | 'mismatch'; path?: string; effective?: string; detail: string };
}

export class LanguageStatus implements vscode.Disposable {
  private readonly item: vscode.LanguageStatusItem;
  private readonly subscriptions: vscode.Disposable[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private generation = 0;

  constructor(
    languageId: string,
    private readonly client: () => LanguageClient | undefined,
    openSettings: string,
  ) {
    this.item = vscode.languages.createLanguageStatusItem('boardScenario.scenario', { language: languageId });
    this.item.name = 'Board Scenario';
    this.item.text = vscode.l10n.t('Board scenario');
    this.item.command = { title: vscode.l10n.t('Rules file settings'), command: openSettings, arguments: ['boardScenario.rulesFile'] };
    this.subscriptions.push(
      vscode.window.onDidChangeActiveTextEditor(() => this.schedule(0)),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document === vscode.window.activeTextEditor?.document) this.schedule(DELAY_MS);
      }),
      vscode.workspace.onDidSaveTextDocument(() => this.schedule(0)),
      vscode.workspace.onDidChangeConfiguration((e) => {
        // The server reads a changed rules file setting in the background: ask twice.
        if (e.affectsConfiguration('boardScenario')) {
          this.schedule(DELAY_MS);
          setTimeout(() => this.schedule(0), 2000);
        }
      }),
    );
    this.schedule(0);
  }

  schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.update(), ms);
  }

  private async update(): Promise<void> {
    const gen = ++this.generation;
    const editor = vscode.window.activeTextEditor;
    const client = this.client();
    if (!editor || !client?.isRunning()) return;
    let s: ScenarioStatus | null = null;
    try {
      s = await client.sendRequest<ScenarioStatus | null>(STATUS_REQUEST, { uri: client.code2ProtocolConverter.asUri(editor.document.uri) });
    } catch {
      return; // the server is restarting; the next change asks again
    }
    if (gen !== this.generation || !s) return;
    const file = s.rulesFile;
    this.item.text = `${s.declared ? s.gameLabel : vscode.l10n.t('{0} (no game line)', s.gameLabel)} · ${s.rulesLabel}`;
    this.item.detail =
      file.state === 'unset'
        ? vscode.l10n.t('no rules file')
        : file.state === 'read'
          ? file.effective ? vscode.l10n.t('rules file {0}', file.effective) : vscode.l10n.t('rules file')
          : file.state === 'mismatch'
            ? vscode.l10n.t('rules file: another version')
            : vscode.l10n.t('rules file not read');
    this.item.severity = file.state === 'mismatch' || file.state === 'unread' ? vscode.LanguageStatusSeverity.Warning : vscode.LanguageStatusSeverity.Information;
    this.item.accessibilityInformation = { label: `${this.item.text}. ${file.detail}` };
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    for (const s of this.subscriptions) s.dispose();
    this.item.dispose();
  }
}
