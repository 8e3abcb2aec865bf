// The VS Code side of Board Scenario: a thin language client. Everything the checker knows lives in
// the language server; this file starts it, keeps it running, and shows its state; boardPanel.ts
// shows the board the server draws, and the step commands move through the events. It is shared by
// the two hosts of the extension: extension.ts (the desktop, the server a Node process:
// dist/server.js) and browser.ts (vscode.dev / github.dev, the server a Web Worker:
// dist/browser/server.js). What differs between them is a ClientHost; nothing here imports Node.
import * as vscode from 'vscode';
import {
  CloseAction,
  DiagnosticPullMode,
  DidChangeConfigurationNotification,
  ErrorAction,
  InlayHintRequest,
  BaseLanguageClient as LanguageClient,
  PrepareRenameRequest,
  RenameRequest,
  ResponseError,
  State,
  type CloseHandlerResult,
  type DocumentSelector,
  type ErrorHandler,
  type LanguageClientOptions,
} from 'vscode-languageclient';
import { ServerStatusItem, type ServerStatus } from './status';
import { BoardPanel, EVENTS_REQUEST } from './boardPanel';
import { restrictFileSettings } from './trust';
import { ClientLog } from './log';
import { LanguageStatus } from './languageStatus';
import { Explanations } from './explain';
import { ScenarioTests } from './testing';

export const LANGUAGE_ID = 'board-scenario';
/**
 * The settings section. It is also the client's id, which makes vscode-languageclient read the
 * trace level from `boardScenario.trace.server`.
 */
export const SETTINGS_SECTION = 'boardScenario';
const NAME = 'Board Scenario';
export const COMMAND_RESTART_SERVER = 'boardScenario.restartServer';
export const COMMAND_SHOW_OUTPUT = 'boardScenario.showOutput';
export const COMMAND_SHOW_BOARD = 'boardScenario.showBoard';
export const COMMAND_NEXT_EVENT = 'boardScenario.nextEvent';
export const COMMAND_PREVIOUS_EVENT = 'boardScenario.previousEvent';
/** Run from the "Explain the rules" link of a finding's hover (uri, line, character). */
export const COMMAND_EXPLAIN = 'boardScenario.explain';

/** What differs between the desktop extension (extension.ts) and the web extension (browser.ts). */
export interface ClientHost {
  /** Why the server can't be started (its bundle is missing), or undefined. */
  missingServer(): string | undefined;
  /** The language client of this host, with these options (the host adds its own: the transport, file requests). */
  createClient(id: string, name: string, options: LanguageClientOptions): LanguageClient | Promise<LanguageClient>;
  /** How the server runs, for the output's first lines. */
  describeServer(): string;
  /** The folder the server may cache card indexes in; undefined: none (the web). */
  storagePath(): string | undefined;
  /** A random nonce for the board webview's Content Security Policy. */
  nonce(): string;
  /** What only this host has (the desktop: the "check workspace" task with the bundled CLI). */
  activateExtras?(context: vscode.ExtensionContext): vscode.Disposable[];
}

/** What `activate` returns (`vscode.extensions.getExtension(...).exports`), for tests. */
export interface BoardScenarioApi {
  /** The current language client; a new one replaces it on every restart. */
  readonly client: LanguageClient | undefined;
  readonly serverStatus: ServerStatus;
  /** Resolves when the current start attempt has finished (successfully or not). */
  whenStarted(): Promise<void>;
}

let session: Session | undefined;

export function activateWith(context: vscode.ExtensionContext, host: ClientHost): BoardScenarioApi {
  const output = new ClientLog(vscode.window.createOutputChannel(NAME));
  const status = new ServerStatusItem(LANGUAGE_ID, COMMAND_SHOW_OUTPUT);
  const current = new Session(context, output, status, host);
  session = current;
  const board = new BoardPanel(LANGUAGE_ID, () => current.client, () => host.nonce());
  const explanations = new Explanations(() => current.client);
  const languageStatus = new LanguageStatus(LANGUAGE_ID, () => current.client, 'workbench.action.openSettings');
  context.subscriptions.push(
    explanations,
    languageStatus,
    vscode.commands.registerCommand(COMMAND_EXPLAIN, (uri?: unknown, line?: unknown, character?: unknown) => explanations.explain(uri, line, character)),
    output,
    status,
    current,
    board,
    vscode.commands.registerCommand(COMMAND_SHOW_OUTPUT, () => output.show(true)),
    vscode.commands.registerCommand(COMMAND_RESTART_SERVER, async () => {
      await current.restart();
      if (board.isOpen) await board.refresh();
    }),
    // From the palette or the editor title (a Uri argument), or the server's "Show Board" code lens (uri string, line).
    vscode.commands.registerCommand(COMMAND_SHOW_BOARD, (uri?: unknown, line?: unknown) =>
      board.show(typeof uri === 'string' ? vscode.Uri.parse(uri) : uri instanceof vscode.Uri ? uri : undefined, typeof line === 'number' ? line : undefined),
    ),
    vscode.commands.registerCommand(COMMAND_NEXT_EVENT, () => stepToEvent(current, board, 1)),
    vscode.commands.registerCommand(COMMAND_PREVIOUS_EVENT, () => stepToEvent(current, board, -1)),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration(`${SETTINGS_SECTION}.inlayHints.enabled`)) current.refreshInlayHints();
    }),
    // The workspace's own file settings apply from now on: the server asks for the settings again.
    vscode.workspace.onDidGrantWorkspaceTrust(() => current.settingsChanged()),
    ...(host.activateExtras?.(context) ?? []),
  );
  // Every scenario a test in the Testing view, run by the language server (testing.ts).
  const tests = new ScenarioTests(() => current.client, () => current.whenStarted());
  context.subscriptions.push(tests);
  tests.start();
  void current.start();
  return {
    get client() {
      return current.client;
    },
    get serverStatus() {
      return status.status;
    },
    whenStarted: () => current.whenStarted(),
  };
}

export function deactivate(): Promise<void> | undefined {
  const ending = session;
  session = undefined;
  return ending?.stop();
}

/** One language client at a time, replaced by a fresh one on restart. */
class Session implements vscode.Disposable {
  client: LanguageClient | undefined;
  private starting: Promise<void> = Promise.resolve();
  private restarting: Promise<void> | undefined;
  /** The error handler chose to restart a crashed server; its stop is not a failure. */
  private crashRestartPending = false;
  private crashNoticeShown = false;
  private disposed = false;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly output: ClientLog,
    private readonly status: ServerStatusItem,
    private readonly host: ClientHost,
  ) {}

  whenStarted(): Promise<void> {
    return this.restarting ?? this.starting;
  }

  start(): Promise<void> {
    this.starting = this.startClient();
    return this.starting;
  }

  private async startClient(): Promise<void> {
    if (this.disposed) return;
    const missing = this.host.missingServer();
    if (missing) {
      this.status.set('failed');
      this.log('Error', `The language server is missing: ${missing}. Build the extension (npm run build).`);
      void vscode.window.showErrorMessage(`${NAME}: the language server (${missing}) is missing.`);
      return;
    }
    this.logStart(this.host.describeServer());
    let client: LanguageClient;
    try {
      client = await this.createClient();
    } catch (error) {
      // The web extension could not load its worker's script (browser.ts).
      this.status.set('failed');
      this.log('Error', `The language server could not be started: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    this.client = client;
    this.crashRestartPending = false;
    this.status.set('starting');
    try {
      await client.start();
      const info = client.initializeResult?.serverInfo;
      if (this.client === client && info) this.log('Info', `The language server is running: ${info.name} ${info.version ?? ''}`.trimEnd() + '.');
    } catch (error) {
      // vscode-languageclient has already logged the cause and shown a notification.
      if (this.client === client) this.status.set('failed');
    }
  }

  private async createClient(): Promise<LanguageClient> {
    // Set once the client exists; the client reads `errorHandler` in its constructor.
    let fallback: ErrorHandler | undefined;
    const clientOptions: LanguageClientOptions = {
      documentSelector: documentSelector(),
      outputChannel: this.output,
      synchronize: { configurationSection: SETTINGS_SECTION },
      diagnosticCollectionName: LANGUAGE_ID,
      // storagePath: the server caches the index of the user's card files there (server/src/cards.ts).
      // VS Code shows a diagnostic's message above the hover: the server's hover over a finding
      // leads with its rules and fix, and links to the long explanation (a trusted command link).
      initializationOptions: { storagePath: this.host.storagePath(), hoverShowsDiagnostics: true, explainCommand: COMMAND_EXPLAIN },
      markdown: { isTrusted: { enabledCommands: [COMMAND_EXPLAIN] } },
      // The server's diagnostics are pulled (LSP 3.17): when a scenario opens, as you type, when it
      // is saved, and for every scenario of the workspace (the Problems panel). With
      // `boardScenario.validate: onSave` the pulls as you type are left out for that file.
      diagnosticPullOptions: {
        onChange: true,
        onSave: true,
        filter: (document, mode) => mode === DiagnosticPullMode.onType && validateSetting(document) === 'onSave',
      },
      errorHandler: {
        // A write that fails because the server just died ("Channel closed") comes before `closed`,
        // which reports the crash; keep such errors in the output instead of a notification each.
        error: async (error, message, count) => {
          const result = await fallback!.error(error, message, count);
          return result.action === ErrorAction.Continue ? { ...result, handled: true } : result;
        },
        closed: async () => this.onServerClosed(await fallback!.closed()),
      },
      middleware: {
        // A rename the server refuses (not a name, a name already taken) is the user's answer, not
        // an error of the client: its reason is shown where the rename was typed, and logged as info.
        provideRenameEdits: async (document, position, newName, token) => {
          const c = this.client;
          if (!c) return undefined;
          const params = { textDocument: c.code2ProtocolConverter.asTextDocumentIdentifier(document), position: c.code2ProtocolConverter.asPosition(position), newName };
          try {
            return await c.protocol2CodeConverter.asWorkspaceEdit(await c.sendRequest(RenameRequest.type, params, token), token);
          } catch (error) {
            throw this.refused('Rename', error);
          }
        },
        prepareRename: async (document, position, token) => {
          const c = this.client;
          if (!c) return undefined;
          const params = { textDocument: c.code2ProtocolConverter.asTextDocumentIdentifier(document), position: c.code2ProtocolConverter.asPosition(position) };
          try {
            const r = await c.sendRequest(PrepareRenameRequest.type, params, token);
            if (!r) return null;
            if ('defaultBehavior' in r) return undefined;
            if ('range' in r) return { range: c.protocol2CodeConverter.asRange(r.range), placeholder: r.placeholder };
            return c.protocol2CodeConverter.asRange(r);
          } catch (error) {
            throw this.refused('Rename', error);
          }
        },
        provideInlayHints: (document, viewPort, token, next) =>
          inlayHintsEnabled(document) ? next(document, viewPort, token) : [],
        workspace: {
          // In an untrusted workspace the server never gets a file setting from the workspace (trust.ts).
          configuration: async (params, token, next) => {
            const result = await next(params, token);
            if (vscode.workspace.isTrusted || !Array.isArray(result)) return result;
            return result.map((value, i) => {
              const item = params.items[i];
              if (item?.section !== SETTINGS_SECTION) return value;
              const config = vscode.workspace.getConfiguration(SETTINGS_SECTION, item.scopeUri ? vscode.Uri.parse(item.scopeUri) : undefined);
              return restrictFileSettings(value, false, (key) => config.inspect(key));
            });
          },
        },
      },
    };
    const client = await this.host.createClient(SETTINGS_SECTION, NAME, clientOptions);
    fallback = client.createDefaultErrorHandler();
    client.onDidChangeState(({ newState }) => {
      if (this.client !== client) return; // an old client being replaced
      if (newState === State.Starting) {
        this.crashRestartPending = false;
        this.status.set('starting');
      } else if (newState === State.Running) {
        this.status.set('running');
      } else if (!this.crashRestartPending) {
        this.status.set('failed');
      }
    });
    return client;
  }

  /**
   * The server's connection closed without us stopping it. vscode-languageclient's default handler
   * decides (restart, unless it crashed 5 times in 3 minutes); we say so once per session.
   */
  private onServerClosed(result: CloseHandlerResult): CloseHandlerResult {
    if (result.action !== CloseAction.Restart) return result; // the default handler reports it
    this.crashRestartPending = true;
    this.status.set('starting');
    this.log('Warn', 'The language server stopped unexpectedly. Restarting it.');
    if (!this.crashNoticeShown) {
      this.crashNoticeShown = true;
      void vscode.window
        .showWarningMessage(
          vscode.l10n.t('The {0} language server stopped unexpectedly and was restarted. The output has the details.', NAME),
          vscode.l10n.t('Show Output'),
        )
        .then((choice) => {
          if (choice) this.output.show(true);
        });
    }
    return { ...result, handled: true };
  }

  /** A request the server refused with a reason (ResponseError): logged as info, shown by VS Code as the reason. */
  private refused(what: string, error: unknown): Error {
    const message = error instanceof ResponseError || error instanceof Error ? error.message : String(error);
    this.log('Info', `${what} refused: ${message}`);
    return new Error(message);
  }

  /** The first lines of each start: what runs, from where, with which settings. */
  private logStart(server: string): void {
    const ext = this.context.extension;
    const config = vscode.workspace.getConfiguration(SETTINGS_SECTION);
    const setting = (key: string) => JSON.stringify(config.get(key));
    this.log(
      'Info',
      `Board Scenario ${ext?.packageJSON?.version ?? '?'} in ${vscode.env.appName} ${vscode.version} (${vscode.env.uiKind === vscode.UIKind.Web ? 'web' : 'desktop'}), workspace ${vscode.workspace.isTrusted ? 'trusted' : 'restricted'}.`,
    );
    this.log('Info', `Language server: ${server}.`);
    this.log(
      'Info',
      `Settings: validate ${setting('validate')}, inlayHints.enabled ${setting('inlayHints.enabled')}, rulesFile.mtg ${setting('rulesFile.mtg')}, rulesFile.riftbound ${setting('rulesFile.riftbound')}, trace.server ${setting('trace.server')}.`,
    );
  }

  /** Stops the current client (if any) and starts a new one, with the current settings. */
  restart(): Promise<void> {
    this.restarting ??= (async () => {
      this.log('Info', 'Restarting the language server.');
      this.status.set('starting');
      await this.stop();
      await this.start();
    })().finally(() => {
      this.restarting = undefined;
    });
    return this.restarting;
  }

  async stop(): Promise<void> {
    await this.starting; // a client that is still starting can't be stopped
    const client = this.client;
    this.client = undefined;
    if (!client) return;
    await settled(client);
    this.output.stopping = true;
    try {
      await client.dispose();
    } catch (error) {
      // A client whose start failed can't be stopped; there is nothing left to stop.
      this.log('Info', `Stopping the previous language client: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      // The process's exit comes a moment after the dispose.
      setTimeout(() => (this.output.stopping = false), 2000);
    }
    client.diagnostics?.dispose();
  }

  /** Tells the server its settings changed, so it asks for them again (after trust is granted). */
  settingsChanged(): void {
    const client = this.client;
    if (client?.isRunning()) void client.sendNotification(DidChangeConfigurationNotification.type, { settings: null });
  }

  /** Asks VS Code to request inlay hints again (after `boardScenario.inlayHints.enabled` changed). */
  refreshInlayHints(): void {
    const client = this.client;
    if (!client?.isRunning()) return;
    const feature = client.getFeature(InlayHintRequest.method);
    const fired = new Set<unknown>();
    for (const document of vscode.workspace.textDocuments) {
      if (document.languageId !== LANGUAGE_ID) continue;
      const provider = feature.getProvider(document);
      if (provider && !fired.has(provider)) {
        fired.add(provider);
        provider.onDidChangeInlayHints.fire();
      }
    }
  }

  private log(level: 'Info' | 'Warn' | 'Error', message: string): void {
    this.output.appendLine(`[${level.padEnd(5)} - ${new Date().toLocaleTimeString()}] ${message}`);
  }

  dispose(): void {
    this.disposed = true;
    void this.stop();
  }
}

/**
 * Board scenario documents on disk and unsaved ones, plus the scheme of every workspace folder so
 * that virtual workspaces (e.g. `vscode-vfs`) are checked too. Other schemes (`git:` in diff views
 * and the like) are left alone, so their copies don't get duplicate diagnostics.
 */
function documentSelector(): DocumentSelector {
  const schemes = new Set(['file', 'untitled']);
  for (const folder of vscode.workspace.workspaceFolders ?? []) schemes.add(folder.uri.scheme);
  return [...schemes].map((scheme) => ({ scheme, language: LANGUAGE_ID }));
}

/** Waits (a while) until a client that is starting, e.g. after a crash, has started or failed. */
function settled(client: LanguageClient, timeoutMs = 10_000): Promise<void> {
  if (client.state !== State.Starting) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      subscription.dispose();
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    const subscription = client.onDidChangeState(({ newState }) => {
      if (newState !== State.Starting) done();
    });
  });
}

/**
 * Moves the cursor to the next (or previous) event line, reveals it, shows the board after that
 * event beside the editor and the hover (what the event did, its findings). The event lines come
 * from the server (`boardScenario/events`), so they are those of the analysis it checks.
 */
async function stepToEvent(session: Session, board: BoardPanel, direction: 1 | -1): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  const client = session.client;
  if (!editor || editor.document.languageId !== LANGUAGE_ID || !client?.isRunning()) return;
  const r = await client.sendRequest<{ lines: number[] } | null>(EVENTS_REQUEST, { uri: client.code2ProtocolConverter.asUri(editor.document.uri) });
  if (!r) return;
  const here = editor.selection.active.line;
  const target = direction > 0 ? r.lines.find((l) => l > here) : [...r.lines].reverse().find((l) => l < here);
  if (target === undefined || target >= editor.document.lineCount) {
    vscode.window.setStatusBarMessage(direction > 0 ? vscode.l10n.t('Board Scenario: no later event') : vscode.l10n.t('Board Scenario: no earlier event'), 3000);
    return;
  }
  const at = new vscode.Position(target, editor.document.lineAt(target).firstNonWhitespaceCharacterIndex);
  editor.selection = new vscode.Selection(at, at);
  editor.revealRange(new vscode.Range(at, at), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  await board.show(editor.document.uri, target);
  await vscode.commands.executeCommand('editor.action.showHover');
}

/** `boardScenario.validate` for a document: when its diagnostics are asked for (package.json describes it). */
function validateSetting(document: vscode.TextDocument): string {
  return vscode.workspace.getConfiguration(SETTINGS_SECTION, document).get<string>('validate', 'onType');
}

function inlayHintsEnabled(document: vscode.TextDocument): boolean {
  return vscode.workspace.getConfiguration(SETTINGS_SECTION, document).get<boolean>('inlayHints.enabled', true);
}
