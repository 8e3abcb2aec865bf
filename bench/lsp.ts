// Editor latency over real LSP stdio against the bundled server (dist/server.js --stdio).
//
// A minimal LSP 3.17 client on vscode-jsonrpc: it answers the server's requests
// (workspace/configuration with the settings it is given, everything else with null), records
// every publishDiagnostics with its arrival time, and times requests by their round trip.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import {
  CompletionRequest,
  ConfigurationRequest,
  createMessageConnection,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  DidSaveTextDocumentNotification,
  ExitNotification,
  HoverRequest,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  TextDocumentSyncKind,
  type ClientCapabilities,
  type InitializeResult,
  type MessageConnection,
  type PublishDiagnosticsParams,
  type TextDocumentContentChangeEvent,
} from 'vscode-languageserver-protocol/node';
import { prng } from '../test/support/prng';
import { median, percentile, sleep } from './stats';

interface Publish {
  at: number;
  params: PublishDiagnosticsParams;
}

const CAPABILITIES: ClientCapabilities = {
  workspace: { configuration: true, didChangeConfiguration: { dynamicRegistration: true }, workspaceEdit: { documentChanges: true } },
  textDocument: {
    synchronization: { didSave: true, dynamicRegistration: false },
    publishDiagnostics: { relatedInformation: true, versionSupport: true, codeDescriptionSupport: true, tagSupport: { valueSet: [1, 2] } },
    hover: { contentFormat: ['markdown', 'plaintext'] },
    // As VS Code declares it: one default edit range for a whole list (LSP 3.17).
    completion: { completionItem: { snippetSupport: true, documentationFormat: ['markdown', 'plaintext'] }, completionList: { itemDefaults: ['commitCharacters', 'editRange', 'insertTextFormat', 'insertTextMode', 'data'] } },
  },
};

export class LspClient {
  readonly publishes: Publish[] = [];
  readonly log: string[] = [];
  configurationRequests = 0;
  private waiters: { uri: string; version: number | undefined; after: number; resolve: (p: Publish) => void }[] = [];
  initializeResult: InitializeResult | undefined;

  private constructor(
    readonly proc: ChildProcess,
    readonly conn: MessageConnection,
    readonly spawnedAt: number,
  ) {}

  /** Spawns the server; `settings` answers workspace/configuration for the `boardScenario` section. */
  static start(serverJs: string, settings: Record<string, unknown>, nodeArgs: string[] = [], env: NodeJS.ProcessEnv = process.env): LspClient {
    const spawnedAt = performance.now();
    const proc = spawn(process.execPath, [...nodeArgs, serverJs, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'], env });
    const conn = createMessageConnection(new StreamMessageReader(proc.stdout!), new StreamMessageWriter(proc.stdin!));
    const client = new LspClient(proc, conn, spawnedAt);
    proc.stderr!.on('data', (d) => client.log.push(String(d)));
    conn.onNotification(PublishDiagnosticsNotification.type, (params) => {
      const p = { at: performance.now(), params };
      client.publishes.push(p);
      const still: typeof client.waiters = [];
      for (const w of client.waiters) {
        if (w.uri === params.uri && p.at >= w.after && (w.version === undefined || params.version === undefined || params.version === w.version)) w.resolve(p);
        else still.push(w);
      }
      client.waiters = still;
    });
    conn.onRequest(ConfigurationRequest.type, (params) => {
      client.configurationRequests++;
      return params.items.map((it) => (it.section === 'boardScenario' ? settings : it.section?.startsWith('boardScenario.') ? settings[it.section.slice(14)] ?? null : null));
    });
    // client/registerCapability, window/workDoneProgress/create, */refresh ...: accept.
    conn.onRequest(() => null);
    conn.onNotification((method, params) => {
      if (method === 'window/logMessage' || method === 'window/showMessage') client.log.push(`${method}: ${(params as { message?: string })?.message}`);
    });
    conn.listen();
    return client;
  }

  async initialize(initializationOptions?: unknown): Promise<InitializeResult> {
    this.initializeResult = await this.conn.sendRequest(InitializeRequest.type, {
      ...(initializationOptions !== undefined ? { initializationOptions } : {}),
      processId: process.pid,
      rootUri: null,
      capabilities: CAPABILITIES,
      workspaceFolders: null,
      clientInfo: { name: 'board-scenario-bench', version: '1' },
    });
    await this.conn.sendNotification(InitializedNotification.type, {});
    return this.initializeResult;
  }

  /** The change sync kind the server declared. */
  get syncKind(): TextDocumentSyncKind {
    const s = this.initializeResult?.capabilities.textDocumentSync;
    if (typeof s === 'number') return s;
    return s?.change ?? TextDocumentSyncKind.None;
  }

  /** The next publish for `uri` (of `version` when given) that arrives after `after`. */
  waitForDiagnostics(uri: string, version: number | undefined, after: number, timeoutMs = 20000): Promise<Publish> {
    const existing = this.publishes.find((p) => p.params.uri === uri && p.at >= after && (version === undefined || p.params.version === undefined || p.params.version === version));
    if (existing) return Promise.resolve(existing);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no diagnostics for ${uri} v${version} within ${timeoutMs} ms; server log: ${this.log.join('').slice(-2000)}`)), timeoutMs);
      this.waiters.push({
        uri,
        version,
        after,
        resolve: (p) => {
          clearTimeout(timer);
          resolve(p);
        },
      });
    });
  }

  async stop(): Promise<void> {
    try {
      await Promise.race([this.conn.sendRequest(ShutdownRequest.type), sleep(3000)]);
      await this.conn.sendNotification(ExitNotification.type);
    } catch {
      // already gone
    }
    await Promise.race([new Promise((r) => this.proc.once('exit', r)), sleep(3000)]);
    if (this.proc.exitCode === null) this.proc.kill();
    this.conn.dispose();
  }
}

export interface LspResults {
  serverDeclares: { sync: string; save: boolean };
  debounceMs: number | undefined;
  debounceSource: string;
  configurationRequests: number;
  edits: number;
  docEvents: number;
  /** didChange → publishDiagnostics of that version, onType (includes the debounce). */
  typeRawMs: { p50: number; p95: number; max: number };
  /** The same minus the debounce. */
  typeMinusDebounceMs: { p50: number; p95: number };
  /** didChange + didSave → publishDiagnostics of that version (save publishes at once: no debounce). */
  saveMs: { p50: number; p95: number; max: number };
  hoverMs: { p50: number; p95: number; max: number; nonNull: number };
  completionMs: { p50: number; p95: number; max: number; nonEmpty: number };
  /** spawn → initialize → didOpen → first publishDiagnostics, small file; each run a fresh process. */
  startMs: number[];
  startMedianMs: number;
  /** Of those: spawn → initialize result (Node start-up + loading the bundle). */
  startInitMedianMs: number;
  /** For reference: spawn → exit of `node -e 0`, median of the same number of runs. */
  nodeBareMedianMs: number;
  openLargeMs: number;
}

function stats(xs: number[]) {
  // BENCH_VERBOSE=1: every sample, in the order taken (to see where the slow ones are).
  if (process.env.BENCH_VERBOSE) process.stderr.write(`[bench] samples: ${xs.map((x) => x.toFixed(1)).join(' ')}\n`);
  return { p50: median(xs), p95: percentile(xs, 95), max: Math.max(...xs) };
}

/** The server's onType debounce, as written in its source (or its bundle). */
export function findDebounce(root: string): { ms: number | undefined; source: string } {
  for (const f of ['server/src/validation.ts', 'dist/server.js']) {
    try {
      const m = /TYPING_DELAY_MS\s*=\s*(\d+)/.exec(readFileSync(`${root}/${f}`, 'utf8'));
      if (m) return { ms: Number(m[1]), source: `${f} (TYPING_DELAY_MS)` };
    } catch {
      // not there
    }
  }
  return { ms: undefined, source: 'not found' };
}

/** Lines of the document, kept in step with the edits we send. */
class Doc {
  lines: string[];
  version = 1;
  constructor(text: string) {
    this.lines = text.split('\n');
  }
  get text(): string {
    return this.lines.join('\n');
  }
  /** Replaces line `l` and returns the change event for the given sync kind. */
  replaceLine(l: number, newText: string, sync: TextDocumentSyncKind): TextDocumentContentChangeEvent {
    const old = this.lines[l];
    this.lines[l] = newText;
    this.version++;
    if (sync === TextDocumentSyncKind.Incremental) {
      return { range: { start: { line: l, character: 0 }, end: { line: l, character: old.length } }, text: newText };
    }
    return { text: this.text };
  }
}

export async function runLsp(opts: { root: string; serverJs: string; largeText: string; smallText: string; edits: number; requests: number; starts: number; moduleHook?: { hook: string; out: string } }): Promise<LspResults> {
  const settings = { validate: 'onType', inlayHints: { enabled: true }, rulesFile: { mtg: '', riftbound: '' } };
  const debounce = findDebounce(opts.root);
  const rng = prng(0xbe7c);
  const int = (n: number) => Math.floor(rng() * n);

  // ---- start to first diagnostics, small file, fresh processes ----------------------------
  const startMs: number[] = [];
  const startInit: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < opts.starts; i++) {
    const t0 = performance.now();
    await new Promise((r) => spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' }).once('exit', r));
    bare.push(performance.now() - t0);
  }
  for (let i = 0; i < opts.starts; i++) {
    const withHook = i === 0 && opts.moduleHook;
    const client = LspClient.start(opts.serverJs, settings, withHook ? ['--require', opts.moduleHook!.hook] : [], withHook ? { ...process.env, BENCH_MODULES_OUT: opts.moduleHook!.out } : process.env);
    await client.initialize();
    const initAt = performance.now();
    const uri = `file:///bench/small-${i}.board`;
    await client.conn.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'board-scenario', version: 1, text: opts.smallText } });
    const p = await client.waitForDiagnostics(uri, 1, 0);
    // The first run carries the module-recording hook: its time is not counted.
    if (!withHook) {
      startMs.push(p.at - client.spawnedAt);
      startInit.push(initAt - client.spawnedAt);
    }
    await client.stop();
  }

  // ---- the large document: open, edits, hovers, completions -------------------------------
  // BENCH_SERVER_NODE_ARGS: extra node options for this server, e.g. `--cpu-prof --cpu-prof-dir=DIR` to profile it.
  const client = LspClient.start(opts.serverJs, settings, (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean));
  const init = await client.initialize();
  const sync = client.syncKind;
  const saveCap = init.capabilities.textDocumentSync;
  const declaresSave = typeof saveCap === 'object' && !!saveCap.save;
  const uri = 'file:///bench/large.board';
  const doc = new Doc(opts.largeText);
  const tOpen = performance.now();
  await client.conn.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'board-scenario', version: doc.version, text: opts.largeText } });
  const opened = await client.waitForDiagnostics(uri, doc.version, tOpen);
  const openLargeMs = opened.at - tOpen;

  const eventLines: number[] = [];
  doc.lines.forEach((l, i) => {
    if (/^(equip|attach|fortify|cast|resolve|enter|unattach|move|destroy|kill|sacrifice|exile|bounce|gains|loses|control|expect) /.test(l)) eventLines.push(i);
  });
  const expectIn = eventLines.filter((i) => /^expect \S+ in \S+$/.test(doc.lines[i]));

  /** One edit: even: a comment typed at the end of a line; odd: an `expect ... in ZONE` changed (often a finding). */
  const edit = (k: number): TextDocumentContentChangeEvent => {
    if (k % 2 === 1 && expectIn.length) {
      const l = expectIn[int(expectIn.length)];
      const m = /^expect (\S+) in (\S+)$/.exec(doc.lines[l]);
      const zone = m && m[2] === 'exile' ? 'graveyard' : 'exile';
      return doc.replaceLine(l, `expect ${m ? m[1] : 'c1'} in ${zone}`, sync);
    }
    const l = eventLines[int(eventLines.length)];
    const base = doc.lines[l].replace(/ # edit \d+$/, '');
    return doc.replaceLine(l, `${base} # edit ${k}`, sync);
  };

  // onType: wait for each version's publish before the next edit (a newer change would cancel it).
  const typeRaw: number[] = [];
  for (let k = 0; k < opts.edits; k++) {
    const change = edit(k);
    const t0 = performance.now();
    await client.conn.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version: doc.version }, contentChanges: [change] });
    const p = await client.waitForDiagnostics(uri, doc.version, t0);
    typeRaw.push(p.at - t0);
  }
  // Save right after each change: published at once, no debounce.
  const save: number[] = [];
  if (declaresSave) {
    for (let k = 0; k < opts.edits; k++) {
      const change = edit(opts.edits + k);
      const t0 = performance.now();
      await client.conn.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version: doc.version }, contentChanges: [change] });
      await client.conn.sendNotification(DidSaveTextDocumentNotification.type, { textDocument: { uri } });
      const p = await client.waitForDiagnostics(uri, doc.version, t0);
      save.push(p.at - t0);
      // Let a late debounced publish of the same version (if any) pass before the next edit.
      await sleep(debounce.ms !== undefined ? debounce.ms + 20 : 220);
    }
  }

  // Hovers and completions on the current version, at varied positions.
  const hover: number[] = [];
  let hoverNonNull = 0;
  for (let k = 0; k < opts.requests; k++) {
    const l = eventLines[int(eventLines.length)];
    const words = [...doc.lines[l].matchAll(/\S+/g)];
    const w = words[Math.min(words.length - 1, k % 3)];
    const t0 = performance.now();
    const r = await client.conn.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: l, character: (w.index ?? 0) + 1 } });
    hover.push(performance.now() - t0);
    if (r) hoverNonNull++;
  }
  const completion: number[] = [];
  let completionNonEmpty = 0;
  for (let k = 0; k < opts.requests; k++) {
    const l = eventLines[int(eventLines.length)];
    const line = doc.lines[l];
    // After the verb and its space (names), or at the end of the line.
    const sp = line.indexOf(' ');
    const character = k % 2 === 0 && sp > 0 ? sp + 1 : line.length;
    const t0 = performance.now();
    const r = await client.conn.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: { line: l, character } });
    completion.push(performance.now() - t0);
    const n = Array.isArray(r) ? r.length : r?.items.length ?? 0;
    if (n > 0) completionNonEmpty++;
  }
  const configurationRequests = client.configurationRequests;
  await client.stop();

  const d = debounce.ms ?? 0;
  return {
    serverDeclares: { sync: sync === TextDocumentSyncKind.Incremental ? 'incremental' : sync === TextDocumentSyncKind.Full ? 'full' : 'none', save: declaresSave },
    debounceMs: debounce.ms,
    debounceSource: debounce.source,
    configurationRequests,
    edits: opts.edits,
    docEvents: eventLines.length,
    typeRawMs: stats(typeRaw),
    typeMinusDebounceMs: { p50: median(typeRaw) - d, p95: percentile(typeRaw, 95) - d },
    saveMs: save.length ? stats(save) : { p50: NaN, p95: NaN, max: NaN },
    hoverMs: { ...stats(hover), nonNull: hoverNonNull },
    completionMs: { ...stats(completion), nonEmpty: completionNonEmpty },
    startMs,
    startMedianMs: median(startMs),
    startInitMedianMs: median(startInit),
    nodeBareMedianMs: median(bare),
    openLargeMs,
  };
}
