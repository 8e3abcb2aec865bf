// The board picture beside the editor: a webview panel showing the board after the event under the
// cursor, drawn by the language server (`boardScenario/board`). It follows the cursor and edits of
// the followed document (debounced) and the active board-scenario editor, and outlines the
// subjects of the findings on the cursor's line. No scripts: every update sets the HTML again,
// with a fresh nonce for its strict Content Security Policy, so it works the same in desktop VS
// Code and in browsers (code-server, vscode.dev-like hosts).
import * as vscode from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import { boardHtml, type BoardPageFinding } from './boardHtml';

export const BOARD_VIEW_TYPE = 'boardScenario.board';
export const BOARD_REQUEST = 'boardScenario/board';
export const EVENTS_REQUEST = 'boardScenario/events';
const CURSOR_DELAY_MS = 120;
const EDIT_DELAY_MS = 300;

interface BoardResult {
  svg: string;
  line: number;
  label: string;
  title: string;
  findings: BoardPageFinding[];
  highlight: string[];
}

export class BoardPanel implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private followed: { uri: vscode.Uri; line: number } | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Each update has a number; an answer to an older one is dropped. */
  private generation = 0;
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(
    private readonly languageId: string,
    private readonly client: () => LanguageClient | undefined,
    /** A fresh nonce for each page's Content Security Policy (the host's random source: common.ts ClientHost). */
    private readonly newNonce: () => string,
  ) {
    this.subscriptions.push(
      vscode.window.onDidChangeTextEditorSelection((e) => {
        if (!this.panel || e.textEditor.document.languageId !== this.languageId) return;
        this.followed = { uri: e.textEditor.document.uri, line: e.selections[0]?.active.line ?? 0 };
        this.schedule(CURSOR_DELAY_MS);
      }),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (!this.panel || !this.followed || e.contentChanges.length === 0) return;
        if (e.document.uri.toString() !== this.followed.uri.toString()) return;
        this.schedule(EDIT_DELAY_MS);
      }),
      vscode.window.onDidChangeActiveTextEditor((editor) => {
        if (!this.panel || !editor || editor.document.languageId !== this.languageId) return;
        this.followed = { uri: editor.document.uri, line: editor.selection.active.line };
        this.schedule(0);
      }),
    );
  }

  get isOpen(): boolean {
    return this.panel !== undefined;
  }

  /** Opens the panel beside the editor (or reveals it, keeping the focus where it is) on `uri` at `line`. */
  async show(uri?: vscode.Uri, line?: number): Promise<void> {
    const editor = vscode.window.activeTextEditor;
    const target = uri ?? (editor?.document.languageId === this.languageId ? editor.document.uri : undefined);
    if (!target) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Board Scenario: open a board scenario (.board) to show its board.'));
      return;
    }
    this.cancel();
    const sameEditor = editor && editor.document.uri.toString() === target.toString();
    this.followed = { uri: target, line: line ?? (sameEditor ? editor.selection.active.line : Number.MAX_SAFE_INTEGER) };
    if (!this.panel) {
      const panel = vscode.window.createWebviewPanel(
        BOARD_VIEW_TYPE,
        vscode.l10n.t('Board'),
        { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
        { enableScripts: false, enableForms: false, enableCommandUris: false, localResourceRoots: [] },
      );
      panel.onDidDispose(() => {
        if (this.panel === panel) this.panel = undefined;
        this.cancel();
      });
      this.panel = panel;
    } else if (!this.panel.visible) {
      this.panel.reveal(this.panel.viewColumn ?? vscode.ViewColumn.Beside, true);
    }
    await this.update();
  }

  /** Draws the board again now (e.g. after a server restart). */
  refresh(): Promise<void> {
    return this.update();
  }

  private schedule(delayMs: number): void {
    this.cancel();
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.update();
    }, delayMs);
  }

  private cancel(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private async update(): Promise<void> {
    const panel = this.panel;
    const followed = this.followed;
    if (!panel || !followed) return;
    const generation = ++this.generation;
    const name = followed.uri.path.slice(followed.uri.path.lastIndexOf('/') + 1) || followed.uri.toString();
    const nonce = this.newNonce();
    const page = { cspSource: panel.webview.cspSource, nonce, title: name, t: vscode.l10n.t };
    let html: string;
    const client = this.client();
    if (!client || !client.isRunning()) {
      html = boardHtml({ ...page, message: vscode.l10n.t('The Board Scenario language server is not running.') });
    } else {
      try {
        const r = await client.sendRequest<BoardResult | null>(BOARD_REQUEST, {
          uri: client.code2ProtocolConverter.asUri(followed.uri),
          line: followed.line,
          theme: 'vscode',
          nonce,
        });
        html = r
          ? boardHtml({ ...page, title: r.title, svg: r.svg, label: r.label, findings: r.findings })
          : boardHtml({ ...page, message: vscode.l10n.t('{0} is not open in an editor.', name) });
      } catch (e) {
        html = boardHtml({ ...page, message: vscode.l10n.t('Could not draw the board: {0}', e instanceof Error ? e.message : String(e)) });
      }
    }
    // A newer update started meanwhile, or the panel was closed: this answer is stale.
    if (generation !== this.generation || this.panel !== panel) return;
    panel.title = vscode.l10n.t('Board: {0}', name);
    panel.webview.html = html;
  }

  dispose(): void {
    this.cancel();
    for (const s of this.subscriptions) s.dispose();
    this.panel?.dispose();
    this.panel = undefined;
  }
}
