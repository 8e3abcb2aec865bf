// A small LSP test client: spawns the real bundled server (dist/server.js) over stdio, speaks
// JSON-RPC to it with vscode-languageserver-protocol, answers the requests a real editor answers
// (workspace/configuration, client/registerCapability, refreshes), and records what the server
// sends (diagnostics publishes, log messages). Waits are on conditions, with timeouts.
import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import {
  CancellationTokenSource,
  CompletionRequest,
  HoverRequest,
  type CompletionItem,
  type CompletionList,
  type MarkupContent,
  CodeActionKind,
  CodeLensRequest,
  CodeLensResolveRequest,
  type CodeLens,
  ConfigurationRequest,
  createProtocolConnection,
  DidChangeConfigurationNotification,
  DidChangeTextDocumentNotification,
  DidChangeWatchedFilesNotification,
  DocumentDiagnosticRequest,
  WorkspaceDiagnosticRequest,
  type DocumentDiagnosticReport,
  type FileEvent,
  type WorkspaceDiagnosticReport,
  type WorkspaceDocumentDiagnosticReport,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  DidSaveTextDocumentNotification,
  ExitNotification,
  InitializedNotification,
  InitializeRequest,
  LogMessageNotification,
  MessageType,
  PublishDiagnosticsNotification,
  RegistrationRequest,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  UnregistrationRequest,
  type ClientCapabilities,
  type InitializeResult,
  type Position,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
  type TextDocumentContentChangeEvent,
} from 'vscode-languageserver-protocol/node';

export const SERVER = path.resolve(__dirname, '..', '..', '..', 'dist', 'server.js');

/** Capabilities close to what VS Code 1.100 sends for the features this server offers. */
export function vscodeLikeCapabilities(): ClientCapabilities {
  return {
    workspace: {
      configuration: true,
      didChangeConfiguration: { dynamicRegistration: true },
      workspaceEdit: { documentChanges: true, resourceOperations: ['create', 'rename', 'delete'] },
      workspaceFolders: true,
      inlayHint: { refreshSupport: true },
      semanticTokens: { refreshSupport: true },
      applyEdit: true,
    },
    textDocument: {
      synchronization: { dynamicRegistration: true, didSave: true, willSave: true, willSaveWaitUntil: true },
      publishDiagnostics: {
        relatedInformation: true,
        versionSupport: false,
        tagSupport: { valueSet: [1, 2] },
        codeDescriptionSupport: true,
        dataSupport: true,
      },
      hover: { dynamicRegistration: true, contentFormat: ['markdown', 'plaintext'] },
      completion: {
        dynamicRegistration: true,
        contextSupport: true,
        completionItem: { snippetSupport: true, documentationFormat: ['markdown', 'plaintext'], labelDetailsSupport: true, insertReplaceSupport: true },
        completionList: { itemDefaults: ['commitCharacters', 'editRange', 'insertTextFormat', 'insertTextMode', 'data'] },
      },
      definition: { dynamicRegistration: true, linkSupport: true },
      references: { dynamicRegistration: true },
      rename: { dynamicRegistration: true, prepareSupport: true },
      documentSymbol: { dynamicRegistration: true, hierarchicalDocumentSymbolSupport: true, labelSupport: true },
      codeAction: {
        dynamicRegistration: true,
        isPreferredSupport: true,
        dataSupport: true,
        codeActionLiteralSupport: {
          codeActionKind: { valueSet: ['', CodeActionKind.QuickFix, CodeActionKind.Refactor, CodeActionKind.Source, CodeActionKind.SourceFixAll] },
        },
      },
      foldingRange: { dynamicRegistration: true, lineFoldingOnly: true },
      semanticTokens: {
        dynamicRegistration: true,
        requests: { full: { delta: true }, range: true },
        tokenTypes: ['variable', 'class', 'keyword', 'type', 'enumMember', 'number', 'comment', 'string', 'function'],
        tokenModifiers: ['declaration', 'readonly'],
        formats: ['relative'],
      },
      inlayHint: { dynamicRegistration: true },
    },
    window: { workDoneProgress: true },
  };
}

/** Adds what VS Code 1.100 announces for pull diagnostics (vscode-languageclient 9) and file watching. */
export function withPullDiagnostics(c: ClientCapabilities): void {
  c.textDocument!.diagnostic = { dynamicRegistration: true, relatedDocumentSupport: false };
  c.workspace!.diagnostics = { refreshSupport: true };
  c.workspace!.didChangeWatchedFiles = { dynamicRegistration: true, relativePatternSupport: true };
}

export interface StartOptions {
  /** Changes the VS Code-like capabilities before `initialize`. */
  capabilities?: (c: ClientCapabilities) => void;
  /** What `workspace/configuration` answers for the `boardScenario` section (default: {}). */
  settings?: Record<string, unknown>;
  /** Awaited before each `workspace/configuration` answer: a slow client, for tests of what happens meanwhile. */
  beforeConfiguration?: () => Promise<void>;
  /** The server's script (default: dist/server.js). */
  server?: string;
  /** Node options before the script, e.g. `['--expose-gc']` (the server is run as `node ...nodeArgs dist/server.js --stdio`). */
  nodeArgs?: string[];
  /** Added to the server's environment, e.g. `{ BOARD_SCENARIO_DEBUG: '1' }`. */
  env?: Record<string, string>;
  /** The server's working directory (default: the test process's). */
  cwd?: string;
  /** `workspaceFolders` in `initialize` (default: null, no folder open). */
  workspaceFolders?: { uri: string; name: string }[];
  /** Also parse every message the server writes, into `raw` (responses to requests written with `writeRaw` included). */
  recordRaw?: boolean;
  /** false: start the process and connect, but send neither `initialize` nor `initialized` (see `initialize()`). */
  initialize?: boolean;
  /** `initializationOptions` in `initialize` (the VS Code client sends `{ storagePath, hoverShowsDiagnostics, explainCommand }`). */
  initializationOptions?: unknown;
  /** `locale` in `initialize` (VS Code sends its display language: `fr`, `it`, `en`). */
  locale?: string;
}

/** A JSON-RPC message as the server wrote it. */
export interface RawMessage {
  id?: number | string | null;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

export class TestClient {
  readonly publishes: PublishDiagnosticsParams[] = [];
  readonly logs: { type: MessageType; message: string }[] = [];
  /** Publishes and log messages in the order they arrived, to check what the server did first. */
  readonly sequence: ({ kind: 'publish'; uri: string; codes: string[] } | { kind: 'log'; message: string })[] = [];
  /** How many `workspace/diagnostic/refresh` requests the server sent. */
  diagnosticRefreshes = 0;
  /** Every `client/registerCapability` registration (method and options). */
  readonly registrations: { method: string; registerOptions?: unknown }[] = [];
  /** Every `workspace/configuration` item the server asked for. */
  readonly configurationItems: { scopeUri?: string; section?: string }[] = [];
  settings: Record<string, unknown>;
  /** Awaited before each `workspace/configuration` answer (see StartOptions). */
  beforeConfiguration: (() => Promise<void>) | undefined;
  initializeResult!: InitializeResult;
  initializationOptions: unknown;
  locale: string | undefined;
  stderr = '';
  /** Every message the server wrote, when started with `recordRaw`. */
  readonly raw: RawMessage[] = [];
  private readonly listeners = new Set<() => void>();
  private exited: Promise<number | null>;

  private constructor(
    readonly child: ChildProcess,
    readonly connection: ProtocolConnection,
    settings: Record<string, unknown>,
    recordRaw = false,
  ) {
    this.settings = settings;
    this.exited = new Promise((resolve) =>
      child.once('exit', (code) => {
        resolve(code);
        this.notify();
      }),
    );
    child.stderr!.on('data', (d: Buffer) => {
      this.stderr += d.toString();
      this.notify();
    });
    if (recordRaw) this.tapStdout();
    connection.onNotification(PublishDiagnosticsNotification.type, (p) => {
      this.publishes.push(p);
      this.sequence.push({ kind: 'publish', uri: p.uri, codes: p.diagnostics.map((d) => String(d.code)) });
      this.notify();
    });
    connection.onNotification(LogMessageNotification.type, (p) => {
      this.logs.push(p);
      this.sequence.push({ kind: 'log', message: p.message });
      this.notify();
    });
    connection.onRequest(ConfigurationRequest.type, async (p) => {
      this.configurationItems.push(...p.items);
      this.notify();
      await this.beforeConfiguration?.();
      return p.items.map((item) => (item.section === 'boardScenario' ? this.settings : null));
    });
    connection.onRequest(RegistrationRequest.type, (p) => {
      this.registrations.push(...p.registrations);
      this.notify();
      return null;
    });
    connection.onRequest('workspace/diagnostic/refresh', () => {
      this.diagnosticRefreshes++;
      this.notify();
      return null;
    });
    connection.onRequest(UnregistrationRequest.type, () => null);
    connection.onRequest('workspace/inlayHint/refresh', () => null);
    connection.onRequest('workspace/semanticTokens/refresh', () => null);
    connection.onRequest('window/workDoneProgress/create', () => null);
  }

  static async start(options: StartOptions = {}): Promise<TestClient> {
    if (!existsSync(SERVER)) throw new Error(`${SERVER} is missing: run \`npm run build\` first.`);
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), options.server ?? SERVER, '--stdio'], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: options.env ? { ...process.env, ...options.env } : process.env,
      cwd: options.cwd,
    });
    const reader = new StreamMessageReader(child.stdout!);
    // No partial-message timer: vscode-jsonrpc re-arms it every 10 s for as long as a message stays
    // cut (a server ended in the middle of one), and disposing the connection does not clear it, so
    // it kept the test process alive after its last test. This client never waits on that event.
    reader.partialMessageTimeout = 0;
    const connection = createProtocolConnection(reader, new StreamMessageWriter(child.stdin!));
    const client = new TestClient(child, connection, options.settings ?? {}, options.recordRaw);
    client.beforeConfiguration = options.beforeConfiguration;
    connection.listen();
    client.initializationOptions = options.initializationOptions;
    client.locale = options.locale;
    if (options.initialize !== false) {
      // A server that ends before it answers (a broken install, a crash at start) fails the test at once, with its stderr.
      const ended = client.exited.then((code) => {
        const error = new Error(`The server exited (code ${code}) before answering initialize. Server stderr: ${client.stderr}`);
        // Its connection and pipes are closed next, or they would keep the test process alive
        // (after this rejection: disposing rejects the pending initialize too).
        setImmediate(() => {
          connection.dispose();
          for (const s of [child.stdin, child.stdout, child.stderr]) s?.destroy();
        });
        return Promise.reject(error);
      });
      ended.catch(() => undefined);
      await Promise.race([client.initialize(options.capabilities, options.workspaceFolders), ended]);
    }
    return client;
  }

  /** `initialize` with VS Code-like capabilities (changed by `change`), then `initialized`. */
  async initialize(change?: (c: ClientCapabilities) => void, workspaceFolders?: StartOptions['workspaceFolders'], initializationOptions?: unknown): Promise<InitializeResult> {
    const capabilities = vscodeLikeCapabilities();
    change?.(capabilities);
    this.initializeResult = await this.connection.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri: null,
      capabilities,
      workspaceFolders: workspaceFolders ?? null,
      clientInfo: { name: 'board-scenario-test-client' },
      ...(this.locale !== undefined ? { locale: this.locale } : {}),
      ...((initializationOptions ?? this.initializationOptions) !== undefined ? { initializationOptions: initializationOptions ?? this.initializationOptions } : {}),
    });
    await this.connection.sendNotification(InitializedNotification.type, {});
    return this.initializeResult;
  }

  // ---- documents --------------------------------------------------------------------------

  private readonly versions = new Map<string, number>();

  async open(uri: string, text: string): Promise<void> {
    this.versions.set(uri, 1);
    await this.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'board-scenario', version: 1, text } });
  }

  /** Replaces the whole text (a full-content change); returns the new version. */
  async change(uri: string, text: string): Promise<number> {
    const version = (this.versions.get(uri) ?? 0) + 1;
    this.versions.set(uri, version);
    await this.connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version }, contentChanges: [{ text }] });
    return version;
  }

  /** An incremental change: replaces `range` with `text`; returns the new version. */
  async edit(uri: string, range: { start: Position; end: Position }, text: string): Promise<number> {
    const version = (this.versions.get(uri) ?? 0) + 1;
    this.versions.set(uri, version);
    await this.connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version }, contentChanges: [{ range, text }] });
    return version;
  }

  /** One didChange with several changes (each applies to the text the previous one left); returns the new version. */
  async editMany(uri: string, contentChanges: TextDocumentContentChangeEvent[]): Promise<number> {
    const version = (this.versions.get(uri) ?? 0) + 1;
    this.versions.set(uri, version);
    await this.connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version }, contentChanges });
    return version;
  }

  async save(uri: string): Promise<void> {
    await this.connection.sendNotification(DidSaveTextDocumentNotification.type, { textDocument: { uri } });
  }

  async close(uri: string): Promise<void> {
    await this.connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri } });
  }

  async changeConfiguration(settings: Record<string, unknown>, pushed: unknown = null): Promise<void> {
    this.settings = settings;
    await this.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: pushed });
  }

  /** `workspace/didChangeWatchedFiles` (1 created, 2 changed, 3 deleted). */
  async filesChanged(changes: FileEvent[]): Promise<void> {
    await this.connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes });
  }

  // ---- one request on a document of its own ------------------------------------------------

  /** `request` on a document of its own holding `text`, opened for it and closed after. */
  async onDocument<T>(text: string, request: (uri: string) => Promise<T>): Promise<T> {
    const uri = freshUri();
    await this.open(uri, text);
    try {
      return await request(uri);
    } finally {
      await this.close(uri);
    }
  }

  /** The labels completion offers at the end of `line`, written as line `at` of `text` (the lines from `at` on dropped). */
  async completionLabels(text: string, at: number, line: string): Promise<string[]> {
    const doc = [...text.split('\n').slice(0, at), line].join('\n');
    const r = (await this.onDocument(doc, (uri) => this.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: { line: at, character: line.length } }))) as CompletionItem[] | CompletionList | null;
    const list = !r ? [] : Array.isArray(r) ? r : r.items;
    // In the order an editor shows them.
    return [...list].sort((a, b) => (a.sortText ?? a.label).localeCompare(b.sortText ?? b.label)).map((i) => i.label);
  }

  /** The hover's text at `pos` of `text`. */
  async hoverText(text: string, pos: Position): Promise<string> {
    const h = await this.onDocument(text, (uri) => this.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: pos }));
    assert.ok(h, 'no hover');
    return (h.contents as MarkupContent).value;
  }

  // ---- code lenses ------------------------------------------------------------------------

  /** The document's code lenses, each one without a command resolved (codeLens/resolve), as an editor does for the lenses it shows. */
  async resolvedCodeLenses(uri: string): Promise<CodeLens[]> {
    const lenses = ((await this.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri } })) ?? []) as CodeLens[];
    return Promise.all(lenses.map((l) => (l.command ? l : (this.connection.sendRequest(CodeLensResolveRequest.type, l) as Promise<CodeLens>))));
  }

  // ---- pull diagnostics -------------------------------------------------------------------

  pullDocument(uri: string, previousResultId?: string): Promise<DocumentDiagnosticReport> {
    return this.connection.sendRequest(DocumentDiagnosticRequest.type, { textDocument: { uri }, identifier: 'board-scenario', previousResultId });
  }

  /** `workspace/diagnostic` without a partial result token: the whole report is the answer. */
  pullWorkspace(previousResultIds: { uri: string; value: string }[] = []): Promise<WorkspaceDiagnosticReport> {
    return this.connection.sendRequest(WorkspaceDiagnosticRequest.type, { identifier: 'board-scenario', previousResultIds });
  }

  private partialTokens = 0;

  /**
   * `workspace/diagnostic` with a partial result token, as vscode-languageclient sends it: the
   * batches arrive as progress notifications (`batches`), the request may be held open; `cancel`
   * ends it. `done` is the final answer.
   */
  pullWorkspaceStreaming(previousResultIds: { uri: string; value: string }[] = []): {
    batches: WorkspaceDocumentDiagnosticReport[][];
    done: Promise<WorkspaceDiagnosticReport>;
    cancel: () => void;
    dispose: () => void;
  } {
    const token = `partial-${process.pid}-${++this.partialTokens}`;
    const batches: WorkspaceDocumentDiagnosticReport[][] = [];
    const sub = this.connection.onProgress(WorkspaceDiagnosticRequest.partialResult, token, (p) => {
      batches.push(p.items);
      this.notify();
    });
    const source = new CancellationTokenSource();
    const done = this.connection.sendRequest(WorkspaceDiagnosticRequest.type, { identifier: 'board-scenario', previousResultIds, partialResultToken: token }, source.token);
    void done.finally(() => sub.dispose()).catch(() => undefined);
    return { batches, done, cancel: () => source.cancel(), dispose: () => sub.dispose() };
  }

  version(uri: string): number {
    return this.versions.get(uri) ?? 0;
  }

  // ---- waiting ----------------------------------------------------------------------------

  /** A point in the stream of publishes: waits can ask for publishes after it. */
  mark(): number {
    return this.publishes.length;
  }

  publishesFor(uri: string, since = 0): PublishDiagnosticsParams[] {
    return this.publishes.slice(since).filter((p) => p.uri === uri);
  }

  /** Resolves with the first publish for `uri` (at or after `since`) that satisfies `predicate`. */
  waitForDiagnostics(
    uri: string,
    predicate: (p: PublishDiagnosticsParams) => boolean = () => true,
    options: { since?: number; timeoutMs?: number } = {},
  ): Promise<PublishDiagnosticsParams> {
    const since = options.since ?? 0;
    return this.waitFor(`diagnostics for ${uri}`, () => this.publishesFor(uri, since).find(predicate), options.timeoutMs);
  }

  /** Polls `probe` on every message from the server until it returns a value, or fails after the timeout. */
  waitFor<T>(what: string, probe: () => T | undefined, timeoutMs = 5000): Promise<T> {
    const now = probe();
    if (now !== undefined) return Promise.resolve(now);
    return new Promise<T>((resolve, reject) => {
      const check = () => {
        const v = probe();
        if (v === undefined) return;
        cleanup();
        resolve(v);
      };
      const timer = setTimeout(() => {
        cleanup();
        const seen = JSON.stringify(this.publishes.map((p) => ({ uri: p.uri, version: p.version, codes: p.diagnostics.map((d) => d.code) })));
        reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${what}. Publishes so far: ${seen}. Server stderr: ${this.stderr}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.listeners.delete(check);
      };
      this.listeners.add(check);
    });
  }

  private notify(): void {
    for (const l of [...this.listeners]) l();
  }

  /** Error-level log messages from the server (a guarded handler that failed logs one). */
  errors(): string[] {
    return this.logs.filter((l) => l.type === MessageType.Error).map((l) => l.message);
  }

  // ---- raw bytes --------------------------------------------------------------------------

  /**
   * Writes bytes to the server's stdin as they are, after everything the connection wrote before
   * (await the connection's sends first). For malformed input the connection can't produce.
   */
  writeRaw(data: string | Buffer): Promise<void> {
    return new Promise((resolve, reject) => this.child.stdin!.write(data, (e) => (e ? reject(e) : resolve())));
  }

  /** A well-framed message with any body (which need not be JSON), written raw. */
  writeFramed(body: string | object): Promise<void> {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return this.writeRaw(`Content-Length: ${Buffer.byteLength(text, 'utf8')}\r\n\r\n${text}`);
  }

  /** The server's answer to a request written raw (needs `recordRaw`). */
  waitForResponse(id: number | string, timeoutMs = 10000): Promise<RawMessage> {
    return this.waitFor(`the response to request ${JSON.stringify(id)}`, () => this.raw.find((m) => m.id === id && m.method === undefined), timeoutMs);
  }

  private tapStdout(): void {
    let buffer: Buffer = Buffer.alloc(0);
    this.child.stdout!.on('data', (chunk: Buffer) => {
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
      for (;;) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) break;
        const length = Number(/Content-Length: *(\d+)/i.exec(buffer.subarray(0, end).toString('ascii'))?.[1]);
        if (!Number.isFinite(length) || buffer.length < end + 4 + length) break;
        this.raw.push(JSON.parse(buffer.subarray(end + 4, end + 4 + length).toString('utf8')));
        buffer = buffer.subarray(end + 4 + length);
      }
      this.notify();
    });
  }

  // ---- ending -----------------------------------------------------------------------------

  /** The orderly end: `shutdown`, then `exit`; resolves with the process exit code. */
  async shutdown(): Promise<number | null> {
    await this.connection.sendRequest(ShutdownRequest.type);
    await this.connection.sendNotification(ExitNotification.type);
    return this.exit();
  }

  exit(): Promise<number | null> {
    return this.exited;
  }

  /** The exit code, or a failure if the process is still running after `timeoutMs`. */
  exitWithin(timeoutMs: number): Promise<number | null> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`The server did not exit within ${timeoutMs} ms. Server stderr: ${this.stderr}`)), timeoutMs);
      void this.exited.then((code) => {
        clearTimeout(timer);
        resolve(code);
      });
    });
  }

  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Ends the process whatever its state (for afterEach). */
  async dispose(): Promise<void> {
    this.connection.dispose();
    if (this.alive) {
      this.child.kill();
      await this.exited;
    }
  }

  /** Disposes of the server, then fails if it logged an error during its life. */
  async disposeExpectingNoErrors(): Promise<void> {
    const errors = this.errors();
    await this.dispose();
    assert.deepEqual(errors, [], 'the server logged errors');
  }
}

// ---- text helpers ---------------------------------------------------------------------------

/** The position of the `occurrence`-th (0-based) `needle` in `text`, plus `offset` characters. */
export function positionOf(text: string, needle: string, offset = 0, occurrence = 0): Position {
  let at = -1;
  for (let i = 0; i <= occurrence; i++) {
    at = text.indexOf(needle, at + 1);
    if (at < 0) throw new Error(`'${needle}' (occurrence ${occurrence}) is not in the text`);
  }
  const before = text.slice(0, at + offset);
  const line = before.split('\n').length - 1;
  return { line, character: before.length - (before.lastIndexOf('\n') + 1) };
}

/** The position at the end of `line`. */
export function endOfLine(text: string, line: number): Position {
  return { line, character: text.split('\n')[line].length };
}

let counter = 0;
/** A fresh document URI per test, so documents never leak between tests. */
export function freshUri(name = 'scenario'): string {
  counter++;
  return `file:///tmp/board-scenario-lsp-tests/${name}-${process.pid}-${counter}.board`;
}
