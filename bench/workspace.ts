// Workspace diagnostics (LSP 3.17 pull) on a generated workspace of many scenario files, over real
// stdio against dist/server.js: a client that pulls (as VS Code with vscode-languageclient 9 does)
// asks for the workspace report. Figures only (no timing is asserted anywhere):
//  - the whole report without a partial result token (one answer), and per file;
//  - with a token: the first batch, every file reported (batches of at most 100);
//  - the same pull again with the result ids it got (every file `unchanged`: stat only);
//  - hover round trips sent every 20 ms while the first pass runs (the server stays responsive);
//  - one file changed on disk while the report is held open: time to its new report.
// Run alone: `npm run build && tsc -p bench && node out/bench/workspace.js [--files=5000]`, or as
// part of `npm run bench` (`--no-workspace` leaves it out).
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import {
  createMessageConnection,
  DidChangeWatchedFilesNotification,
  ExitNotification,
  InitializedNotification,
  InitializeRequest,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  WorkspaceDiagnosticRequest,
  type MessageConnection,
  type WorkspaceDocumentDiagnosticReport,
} from 'vscode-languageserver-protocol/node';
import { generate, toBoard } from './generate';
import { percentile, sleep } from './stats';

export interface WorkspaceResult {
  files: number;
  bytes: number;
  findings: number;
  /** Whole report, one answer (no partial result token). */
  fullMs: number;
  perFileMs: number;
  /** With a token: first batch, and every file reported. */
  firstBatchMs: number;
  streamedMs: number;
  batches: number;
  /** The same pull with the ids: all unchanged. */
  unchangedMs: number;
  unchangedCount: number;
  /** Hovers sent during the first streamed pass. */
  hoverDuringPass: { count: number; p50: number; p95: number; max: number };
  /** A file changed on disk while the report is held: didChangeWatchedFiles → its new report. */
  changeMs: number;
}

function startServer(serverJs: string): { conn: MessageConnection; stop: () => Promise<void> } {
  const proc = spawn(process.execPath, [serverJs, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  const conn = createMessageConnection(new StreamMessageReader(proc.stdout!), new StreamMessageWriter(proc.stdin!));
  conn.onRequest(() => null);
  conn.onRequest('workspace/configuration', (p: { items: unknown[] }) => p.items.map(() => ({})));
  conn.listen();
  return {
    conn,
    stop: async () => {
      try {
        await Promise.race([conn.sendRequest(ShutdownRequest.type), sleep(3000)]);
        await conn.sendNotification(ExitNotification.type);
      } catch {
        // gone
      }
      await Promise.race([new Promise((r) => proc.once('exit', r)), sleep(3000)]);
      if (proc.exitCode === null) proc.kill();
      conn.dispose();
    },
  };
}

export async function measureWorkspace(root: string, tmp: string, files = 5000): Promise<WorkspaceResult> {
  const serverJs = join(root, 'dist', 'server.js');
  const dir = join(tmp, `workspace-${files}`);
  rmSync(dir, { recursive: true, force: true });
  // A suite as users keep one: folders of 100 scenarios of about 40 events, every third with findings.
  let bytes = 0;
  const texts = [generate(40, 'clean', 1), generate(40, 'findings', 2), generate(40, 'clean', 3)].map(toBoard);
  for (let i = 0; i < files; i++) {
    const sub = join(dir, `suite-${String(Math.floor(i / 100)).padStart(3, '0')}`);
    if (i % 100 === 0) mkdirSync(sub, { recursive: true });
    // Every third file has an error: a name nobody declared.
    const text = texts[i % 3] + (i % 3 === 1 ? `destroy ghost${i}\n` : `# scenario ${i}\n`);
    bytes += Buffer.byteLength(text);
    writeFileSync(join(sub, `s${String(i).padStart(5, '0')}.board`), text);
  }
  const folderUri = pathToFileURL(dir).href;
  const { conn, stop } = startServer(serverJs);
  try {
    await conn.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri: null,
      workspaceFolders: [{ uri: folderUri, name: 'bench' }],
      capabilities: {
        workspace: { configuration: true, workspaceFolders: true, diagnostics: { refreshSupport: true }, didChangeWatchedFiles: { dynamicRegistration: true } },
        textDocument: { diagnostic: { dynamicRegistration: true }, publishDiagnostics: { relatedInformation: true }, hover: { contentFormat: ['markdown'] } },
      },
    });
    await conn.sendNotification(InitializedNotification.type, {});
    await sleep(300);

    // 1. The whole report as one answer.
    let t = performance.now();
    const whole = await conn.sendRequest(WorkspaceDiagnosticRequest.type, { previousResultIds: [] });
    const fullMs = performance.now() - t;
    const findings = whole.items.reduce((n, i) => n + (i.kind === 'full' ? i.items.length : 0), 0);

    // 2. Streamed (a fresh generation: a settings change makes every id stale), with hovers meanwhile.
    await conn.sendNotification('workspace/didChangeConfiguration', { settings: null });
    await sleep(100);
    const token = 'bench-partial';
    const batches: WorkspaceDocumentDiagnosticReport[][] = [];
    const seen = new Map<string, WorkspaceDocumentDiagnosticReport>();
    let firstBatchMs = 0;
    let streamedMs = 0;
    let allSeen: () => void = () => undefined;
    const allReported = new Promise<void>((r) => (allSeen = r));
    let changed: ((at: number) => void) | undefined;
    const target = whole.items[0].uri;
    t = performance.now();
    conn.onProgress(WorkspaceDiagnosticRequest.partialResult, token, (p) => {
      const now = performance.now();
      if (batches.length === 0) firstBatchMs = now - t;
      batches.push(p.items);
      for (const item of p.items) {
        seen.set(item.uri, item);
        if (changed && item.uri === target) changed(now);
      }
      if (seen.size >= whole.items.length && streamedMs === 0) {
        streamedMs = now - t;
        allSeen();
      }
    });
    const held = conn.sendRequest(WorkspaceDiagnosticRequest.type, { previousResultIds: [], partialResultToken: token });
    const hovers: number[] = [];
    let passing = true;
    void allReported.then(() => (passing = false));
    while (passing) {
      const h = performance.now();
      await conn.sendRequest('textDocument/hover', { textDocument: { uri: target }, position: { line: 0, character: 0 } });
      hovers.push(performance.now() - h);
      await sleep(20);
    }
    await allReported;

    // 3. A change on disk while the report is held.
    await sleep(200);
    const changedAt = performance.now();
    const gotIt = new Promise<number>((r) => (changed = r));
    writeFileSync(new URL(target), texts[1]);
    await conn.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: target, type: 2 }] });
    const changeMs = (await Promise.race([gotIt, sleep(10_000).then(() => Number.NaN)])) - changedAt;

    // 4. The same pull again with the ids: unchanged, stat only.
    await conn.sendNotification('workspace/didChangeConfiguration', { settings: null }); // ends the held pull
    await held.catch(() => undefined);
    const fresh = await conn.sendRequest(WorkspaceDiagnosticRequest.type, { previousResultIds: [] });
    const freshIds = fresh.items.map((i) => ({ uri: i.uri, value: i.resultId! }));
    t = performance.now();
    const again = await conn.sendRequest(WorkspaceDiagnosticRequest.type, { previousResultIds: freshIds });
    const unchangedMs = performance.now() - t;

    return {
      files,
      bytes,
      findings,
      fullMs,
      perFileMs: fullMs / files,
      firstBatchMs,
      streamedMs,
      batches: batches.length,
      unchangedMs,
      unchangedCount: again.items.filter((i) => i.kind === 'unchanged').length,
      hoverDuringPass: { count: hovers.length, p50: percentile(hovers, 50), p95: percentile(hovers, 95), max: Math.max(...hovers) },
      changeMs,
    };
  } finally {
    await stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  const files = Number(process.argv.find((a) => a.startsWith('--files='))?.slice(8) ?? 5000);
  const root = resolve(__dirname, '..', '..');
  void measureWorkspace(root, join(tmpdir(), 'board-scenario-bench'), files).then(
    (r) => {
      const ms = (x: number) => `${x.toFixed(1)} ms`;
      console.log(`workspace: ${r.files} files, ${(r.bytes / 1e6).toFixed(1)} MB, ${r.findings} findings`);
      console.log(`  whole report, one answer: ${ms(r.fullMs)} (${ms(r.perFileMs)} per file)`);
      console.log(`  streamed: first batch ${ms(r.firstBatchMs)}, every file ${ms(r.streamedMs)} in ${r.batches} batches`);
      console.log(`  hover during the pass: ${r.hoverDuringPass.count} hovers, p50 ${ms(r.hoverDuringPass.p50)}, p95 ${ms(r.hoverDuringPass.p95)}, max ${ms(r.hoverDuringPass.max)}`);
      console.log(`  one file changed on disk → its new report: ${ms(r.changeMs)}`);
      console.log(`  the same pull with the ids: ${ms(r.unchangedMs)} (${r.unchangedCount} unchanged)`);
    },
    (e) => {
      console.error(e);
      process.exitCode = 1;
    },
  );
}
