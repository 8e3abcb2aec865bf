// Requests while the user types in a huge scenario (issue 17, item 12), over real LSP stdio against
// the bundled server. A 100,000-event file is opened with `validate: onType`; then a line is typed
// one keystroke at a time (didChange, incremental), with the requests VS Code sends while typing:
// completion at the cursor, semantic tokens (delta when the server offers it, else full; and the
// visible range when it offers that), inlay hints and folding for the viewport, the outline, code
// lenses, and the board picture at the cursor (the panel follows it). Each request's round trip is
// recorded per kind; p50 / p95 / max are reported. Then the board at lines spread over the whole
// file, each right after an edit.
// By default (`--editor`, the mode the targets are about) the keystrokes come at a typist's pace
// and the requests as VS Code sends them: a keystroke every 100 ms, a pause after each word and
// line; completion (and now and then a hover) at each keystroke, and the other requests each after
// its own delay since the last change (VSCODE_DELAY_MS: the debounce minimums in VS Code's sources),
// so the as-you-type check runs in the pauses, between the requests, as in the editor.
// With `--sequential` keystrokes come every few milliseconds and the requests of each go out one
// at a time (each waits for the last answer), so each figure is that request's own latency while
// edits arrive. With `--burst` (a stress no editor makes) every request of a keystroke goes out at
// the same instant, before the next keystroke: the server answers them in turn on its one thread,
// so the last ones include the time of all the others.
// In every mode the editor's requests on showing the file (lenses, folding, tokens, the board)
// are made once before the typing starts, and are not in the figures.
//
// Run alone: `node out/bench/typing.js [path/to/server.js] [events]` (after `tsc -p bench`), or as
// part of `npm run bench` (--no-typing skips it). No timing in tests: these are figures.
import { performance } from 'node:perf_hooks';
import {
  CodeLensRequest,
  CodeLensResolveRequest,
  type CodeLens,
  CompletionRequest,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  DocumentSymbolRequest,
  FoldingRangeRequest,
  HoverRequest,
  InlayHintRequest,
  SemanticTokensDeltaRequest,
  SemanticTokensRangeRequest,
  SemanticTokensRequest,
  type SemanticTokens,
  type SemanticTokensDelta,
} from 'vscode-languageserver-protocol/node';
import { generate, toBoard } from './generate';
import { LspClient } from './lsp';
import { percentile } from './stats';

/**
 * Keystrokes in a run: about 30 answers of each debounced kind (a line of 14 characters takes 15
 * keystrokes and gets 5 rounds of them), so that a p95 is not just the slowest of ten answers.
 */
export const TYPING_KEYSTROKES = 120;

export interface KindStats {
  n: number;
  p50: number;
  p95: number;
  max: number;
}

export interface TypingResults {
  mode: TypingMode;
  events: number;
  lines: number;
  keystrokes: number;
  /** Per request kind, round trips while typing. */
  kinds: Record<string, KindStats>;
  /** The worst p95 of any kind. */
  worstP95: { kind: string; ms: number };
  /** Board at lines spread over the file, each right after an edit. */
  boardAnyLine: KindStats;
  /** What the server declares for semantic tokens. */
  semanticTokens: { delta: boolean; range: boolean };
  /** The outline's size on this file: symbols and JSON bytes. */
  outline: { symbols: number; bytes: number };
  openMs: number;
  /** What the server logged as failed while typing (a request that threw answers a default: fast, and wrong). */
  serverErrors: string[];
  /** The server's CPU time (user + system) per keystroke while typing, from /proc (Linux; else undefined): less noisy than wall time on a shared machine. */
  serverCpuMsPerKeystroke?: number;
}

/** A process's CPU time so far in ms (user + system, from /proc/PID/stat), or undefined off Linux. */
function cpuMsOf(pid: number | undefined): number | undefined {
  try {
    const stat = require('node:fs').readFileSync(`/proc/${pid}/stat`, 'utf8') as string;
    // Fields after the command name (in parentheses, which may hold spaces): utime and stime are the 14th and 15th.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

function kindStats(xs: number[]): KindStats {
  return { n: xs.length, p50: percentile(xs, 50), p95: percentile(xs, 95), max: Math.max(...xs) };
}

function countSymbols(xs: unknown): number {
  if (!Array.isArray(xs)) return 0;
  let n = 0;
  for (const s of xs as { children?: unknown }[]) n += 1 + countSymbols(s.children);
  return n;
}

/** The requests an editor sends while the user types, by kind. */
const REQUEST_KINDS = ['completion', 'semanticTokens', 'inlayHint', 'foldingRange', 'documentSymbol', 'codeLens', 'board', 'semanticTokensRange', 'hover'] as const;
type RequestKind = (typeof REQUEST_KINDS)[number];

/**
 * How long VS Code waits after the last change before it asks again (the `min` of each feature's
 * languageFeatureDebounceService entry in VS Code's sources: semantic tokens 300 ms
 * (ModelSemanticColoring.REQUEST_MIN_DELAY), the outline 350 ms ('DocumentSymbols'), code lenses
 * 250 ms ('CodeLensProvide'), folding 200 ms ('Folding'), inlay hints 25 ms ('InlayHint'); the
 * delay grows with the provider's average time, never below these). Completion is asked as the
 * user types (quick suggestions), a hover when the mouse rests; the board panel (client/src/
 * boardPanel.ts) follows an edit after EDIT_DELAY_MS, 300 ms. The range tokens go with the full ones.
 */
const VSCODE_DELAY_MS: Record<RequestKind, number> = {
  completion: 0,
  hover: 0,
  inlayHint: 25,
  foldingRange: 200,
  codeLens: 250,
  semanticTokens: 300,
  semanticTokensRange: 300,
  board: 300,
  documentSymbol: 350,
};
/** The editor cadence's typist: a keystroke every 100 ms (about 120 words a minute), a pause of 500 ms after each word and line. */
const EDITOR_GAP_MS = 100;
const EDITOR_PAUSE_MS = 500;

export type TypingMode = 'burst' | 'sequential' | 'editor';

export async function runTyping(opts: { serverJs: string; events: number; keystrokes: number; gapMs?: number; mode?: TypingMode; log?: (s: string) => void }): Promise<TypingResults> {
  const log = opts.log ?? (() => {});
  const text = toBoard(generate(opts.events, 'clean'));
  const lines = text.split('\n');
  // BENCH_SERVER_ARGS: node options for the server process (e.g. --cpu-prof), to see where the time goes.
  const nodeArgs = (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean);
  const client = LspClient.start(opts.serverJs, { validate: (process.env.BENCH_VALIDATE ?? 'onType') as 'onType', inlayHints: { enabled: true }, rulesFile: { mtg: '', riftbound: '' } }, nodeArgs);
  try {
    const init = await client.initialize();
    const st = init.capabilities.semanticTokensProvider as { full?: boolean | { delta?: boolean }; range?: boolean } | undefined;
    const delta = typeof st?.full === 'object' && !!st.full.delta;
    const range = !!st?.range;
    const uri = 'file:///bench/typing.board';
    const t0 = performance.now();
    await client.conn.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'board-scenario', version: 1, text } });
    await client.waitForDiagnostics(uri, 1, t0, 120000);
    const openMs = performance.now() - t0;
    log(`typing: opened ${opts.events} events (${lines.length} lines) in ${openMs.toFixed(0)} ms`);
    const doc = { uri };

    // The editor's first requests (before typing): the outline and the tokens.
    const outlineResult = await client.conn.sendRequest(DocumentSymbolRequest.type, { textDocument: doc });
    const outline = { symbols: countSymbols(outlineResult), bytes: JSON.stringify(outlineResult).length };
    let tokens = (await client.conn.sendRequest(SemanticTokensRequest.type, { textDocument: doc })) as SemanticTokens | null;

    // Type a new event line at 3/4 of the file, character by character (then a newline, and again).
    const at = Math.floor(lines.length * 0.75);
    const typed = 'equip e1 to c2';
    let version = 1;
    let line = at;
    let col = 0;
    // A blank line to type on.
    let lastKey = performance.now();
    const edit = async (range: { start: { line: number; character: number }; end: { line: number; character: number } }, newText: string) => {
      version++;
      lastKey = performance.now();
      await client.conn.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version }, contentChanges: [{ range, text: newText }] });
    };
    await edit({ start: { line, character: 0 }, end: { line, character: 0 } }, '\n');
    const times: Record<string, number[]> = {};
    const timed = async (kind: string, p: Promise<unknown>): Promise<unknown> => {
      const s = performance.now();
      const sentAt = Date.now();
      const r = await p;
      (times[kind] ??= []).push(performance.now() - s);
      if (process.env.BENCH_TRACE && opts.mode === 'editor') log(`  ${kind}: ${(performance.now() - s).toFixed(1)} ms, sent ${(s - lastKey).toFixed(0)} ms after keystroke ${version} (at ${sentAt}, answered ${Date.now()})`);
      return r;
    };
    const viewport = { start: { line: Math.max(0, line - 25), character: 0 }, end: { line: line + 25, character: 0 } };
    // The requests of one keystroke, by kind: each records its own round trip.
    const request: Record<RequestKind, (pos: { line: number; character: number }) => Promise<unknown>> = {
      completion: (pos) => timed('completion', client.conn.sendRequest(CompletionRequest.type, { textDocument: doc, position: pos })),
      semanticTokens: () =>
        timed(
          delta && tokens?.resultId ? 'semanticTokens/delta' : 'semanticTokens/full',
          (delta && tokens?.resultId
            ? client.conn.sendRequest(SemanticTokensDeltaRequest.type, { textDocument: doc, previousResultId: tokens.resultId })
            : client.conn.sendRequest(SemanticTokensRequest.type, { textDocument: doc })
          ).then((r) => {
            const t = r as SemanticTokens | SemanticTokensDelta | null;
            if (t && t.resultId) tokens = { resultId: t.resultId, data: 'data' in t ? t.data : [] };
            return r;
          }),
        ),
      semanticTokensRange: () => timed('semanticTokens/range (viewport)', client.conn.sendRequest(SemanticTokensRangeRequest.type, { textDocument: doc, range: viewport })),
      inlayHint: () => timed('inlayHint (viewport)', client.conn.sendRequest(InlayHintRequest.type, { textDocument: doc, range: viewport })),
      foldingRange: () => timed('foldingRange', client.conn.sendRequest(FoldingRangeRequest.type, { textDocument: doc })),
      documentSymbol: () => timed('documentSymbol', client.conn.sendRequest(DocumentSymbolRequest.type, { textDocument: doc })),
      // As an editor does: the list, then codeLens/resolve for the lenses it shows (the viewport's).
      codeLens: () =>
        timed('codeLens', client.conn.sendRequest(CodeLensRequest.type, { textDocument: doc })).then((r) => {
          const shown = ((r ?? []) as CodeLens[]).filter((l) => !l.command && l.range.start.line >= viewport.start.line && l.range.start.line <= viewport.end.line);
          return timed('codeLens/resolve (viewport)', Promise.all(shown.map((l) => client.conn.sendRequest(CodeLensResolveRequest.type, l))));
        }),
      board: (pos) => timed('board (at the cursor)', client.conn.sendRequest('boardScenario/board', { uri, line: pos.line, theme: 'vscode' })),
      hover: (pos) => timed('hover', client.conn.sendRequest(HoverRequest.type, { textDocument: doc, position: { line: pos.line - 1, character: 1 } })),
    };
    const kindsNow = (k: number): RequestKind[] => REQUEST_KINDS.filter((kind) => !(process.env.BENCH_SKIP ?? '').split(',').includes(kind) && (kind !== 'semanticTokensRange' || range) && (kind !== 'hover' || k % 4 === 0));
    const mode = opts.mode ?? 'editor';
    // The editor cadence: each debounced kind has a timer that every keystroke starts again (as
    // VS Code's RunOnceScheduler does); one in flight is not asked again until it answers.
    const timers = new Map<RequestKind, ReturnType<typeof setTimeout>>();
    const inFlight = new Set<RequestKind>();
    const outstanding = new Set<Promise<unknown>>();
    const fire = (kind: RequestKind, pos: { line: number; character: number }) => {
      // Completion and hovers are asked at each keystroke whatever is out; a debounced kind waits for its answer.
      if (VSCODE_DELAY_MS[kind] > 0 && inFlight.has(kind)) return;
      inFlight.add(kind);
      const p = request[kind](pos).finally(() => {
        inFlight.delete(kind);
        outstanding.delete(p);
      });
      outstanding.add(p);
    };
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    // What an editor asks for when it shows the file (lenses, folding, the board panel, ...), before
    // the typing starts: not part of the figures.
    for (const kind of kindsNow(0)) await request[kind]({ line, character: 0 });
    for (const k of Object.keys(times)) delete times[k];
    const cpuStart = cpuMsOf(client.proc.pid);
    for (let k = 0; k < opts.keystrokes; k++) {
      const ch = typed[col % typed.length];
      if (col > 0 && col % typed.length === 0) {
        // End of the line: a newline, and the next line.
        await edit({ start: { line, character: col }, end: { line, character: col } }, '\n');
        line++;
        col = 0;
        if (mode === 'editor') {
          // A change like any other: the debounced requests wait again from it.
          const at = { line, character: 0 };
          for (const [kind, t] of timers) {
            clearTimeout(t);
            timers.set(kind, setTimeout(() => fire(kind, at), VSCODE_DELAY_MS[kind]));
          }
          await sleep(EDITOR_PAUSE_MS);
        }
        continue;
      }
      await edit({ start: { line, character: col }, end: { line, character: col } }, ch);
      col++;
      const pos = { line, character: col };
      const roundStart = performance.now();
      if (mode === 'editor') {
        for (const kind of kindsNow(k)) {
          const wait = VSCODE_DELAY_MS[kind];
          if (wait === 0) {
            fire(kind, pos);
            continue;
          }
          clearTimeout(timers.get(kind));
          timers.set(kind, setTimeout(() => fire(kind, pos), wait));
        }
        // The next keystroke comes after the typist's gap; after a word, a pause to think.
        await sleep(ch === ' ' ? EDITOR_PAUSE_MS : EDITOR_GAP_MS);
      } else {
        const thunks = kindsNow(k).map((kind) => () => request[kind](pos));
        // Sequential: one request at a time, so each figure is that request's own cost (not the queue before it).
        if (mode === 'sequential') for (const th of thunks) await th();
        else await Promise.all(thunks.map((th) => th()));
      }
      // BENCH_TRACE=1: each keystroke's round on stderr (which ones are slow, and after what).
      if (process.env.BENCH_TRACE) log(`  keystroke ${k} (col ${col}): round ${(performance.now() - roundStart).toFixed(1)} ms; ${Object.entries(times).map(([kind, xs]) => `${kind.split(' ')[0]} ${xs[xs.length - 1].toFixed(0)}`).join(', ')}`);
      if (opts.gapMs) await sleep(opts.gapMs);
    }
    // The editor cadence: the requests of the last pause are answered before the figures are taken.
    for (const t of timers.values()) clearTimeout(t);
    await Promise.all(outstanding);

    const cpuEnd = cpuMsOf(client.proc.pid);
    const serverCpuMsPerKeystroke = cpuStart !== undefined && cpuEnd !== undefined ? (cpuEnd - cpuStart) / opts.keystrokes : undefined;

    // The board anywhere in the file, right after an edit.
    const boardAny: number[] = [];
    for (let i = 0; i < 20; i++) {
      await edit({ start: { line, character: col }, end: { line, character: col } }, ' ');
      col++;
      const target = Math.floor(((i + 0.5) / 20) * lines.length);
      const s = performance.now();
      await client.conn.sendRequest('boardScenario/board', { uri, line: target, theme: 'vscode' });
      boardAny.push(performance.now() - s);
      if (process.env.BENCH_TRACE) log(`  board at line ${target} after an edit: ${(performance.now() - s).toFixed(1)} ms`);
    }

    const kinds: Record<string, KindStats> = {};
    for (const [k, xs] of Object.entries(times)) kinds[k] = kindStats(xs);
    let worst = { kind: '', ms: 0 };
    for (const [k, s] of Object.entries(kinds)) if (s.p95 > worst.ms) worst = { kind: k, ms: s.p95 };
    return { mode, events: opts.events, lines: lines.length, keystrokes: opts.keystrokes, kinds, worstP95: worst, boardAnyLine: kindStats(boardAny), semanticTokens: { delta, range }, outline, openMs, serverCpuMsPerKeystroke, serverErrors: client.log.filter((l) => /failed|exception|rejection|error/i.test(l)) };
  } finally {
    await client.stop();
  }
}

export function typingTable(r: TypingResults): string {
  const rows = [`Requests while typing (${MODE_NAMES[r.mode]}): ${r.events.toLocaleString('en-US')} events (${r.lines.toLocaleString('en-US')} lines), ${r.keystrokes} keystrokes, validate onType; didOpen → diagnostics ${r.openMs.toFixed(0)} ms`];
  rows.push(`  semantic tokens: delta ${r.semanticTokens.delta ? 'yes' : 'no'}, range ${r.semanticTokens.range ? 'yes' : 'no'}; outline: ${r.outline.symbols.toLocaleString('en-US')} symbols, ${(r.outline.bytes / 1024).toFixed(0)} KiB`);
  if (r.serverErrors.length) rows.push(`  THE SERVER LOGGED ${r.serverErrors.length} FAILURES (the figures are not valid): ${r.serverErrors[0].slice(0, 300)}`);
  if (r.serverCpuMsPerKeystroke !== undefined) rows.push(`  server CPU time per keystroke (its requests included): ${r.serverCpuMsPerKeystroke.toFixed(1)} ms`);
  rows.push(`  ${'request'.padEnd(34)} ${'n'.padStart(4)} ${'p50'.padStart(9)} ${'p95'.padStart(9)} ${'max'.padStart(9)}  target`);
  const line = (name: string, s: KindStats, target: string, ok: boolean) =>
    rows.push(`  ${name.padEnd(34)} ${String(s.n).padStart(4)} ${s.p50.toFixed(1).padStart(7)}ms ${s.p95.toFixed(1).padStart(7)}ms ${s.max.toFixed(1).padStart(7)}ms  ${target} ${ok ? 'met' : 'not met'}`);
  for (const [k, s] of Object.entries(r.kinds).sort()) line(k, s, 'p95 ≤ 50 ms', s.p95 <= 50);
  line(BOARD_ANY_LINE, r.boardAnyLine, 'max ≤ 200 ms', r.boardAnyLine.max <= 200);
  return rows.join('\n');
}

const BOARD_ANY_LINE = 'board at any line, after an edit';
const MODE_NAMES: Record<TypingMode, string> = {
  burst: 'burst: every request of a keystroke at once',
  sequential: 'sequential: the requests of a keystroke one at a time',
  editor: "VS Code's cadence: a keystroke every 100 ms, its debounced requests after a pause",
};

/**
 * Several runs of the same size: per request, the range of its p50 and p95 (the board at any
 * line: of its max) over the runs, and whether every run met the target.
 */
export function typingRangesTable(runs: TypingResults[]): string {
  const r0 = runs[0];
  const rows = [`Requests while typing (${MODE_NAMES[r0.mode]}), ${runs.length} runs: ${r0.events.toLocaleString('en-US')} events (${r0.lines.toLocaleString('en-US')} lines), ${r0.keystrokes} keystrokes each; ranges over the runs`];
  const failed = runs.reduce((n, r) => n + r.serverErrors.length, 0);
  if (failed) rows.push(`  THE SERVER LOGGED ${failed} FAILURES (the figures are not valid)`);
  const cpu = runs.map((r) => r.serverCpuMsPerKeystroke).filter((x): x is number => x !== undefined);
  if (cpu.length) rows.push(`  server CPU time per keystroke: ${Math.min(...cpu).toFixed(0)}–${Math.max(...cpu).toFixed(0)} ms`);
  rows.push(`  ${'request'.padEnd(34)} ${'p50'.padStart(15)} ${'p95 (board: max)'.padStart(17)}  target`);
  const range = (xs: number[]) => `${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)} ms`;
  const kinds = [...new Set(runs.flatMap((r) => Object.keys(r.kinds)))].sort();
  for (const k of kinds) {
    const ss = runs.map((r) => r.kinds[k]).filter(Boolean);
    const met = ss.every((s) => s.p95 <= 50);
    rows.push(`  ${k.padEnd(34)} ${range(ss.map((s) => s.p50)).padStart(15)} ${range(ss.map((s) => s.p95)).padStart(17)}  p95 ≤ 50 ms ${met ? 'met' : 'not met'}`);
  }
  const b = runs.map((r) => r.boardAnyLine);
  rows.push(`  ${BOARD_ANY_LINE.padEnd(34)} ${range(b.map((s) => s.p50)).padStart(15)} ${range(b.map((s) => s.max)).padStart(17)}  max ≤ 200 ms ${b.every((s) => s.max <= 200) ? 'met' : 'not met'}`);
  return rows.join('\n');
}

// `node out/bench/typing.js [server.js] [EVENTS,EVENTS...] [KEYSTROKES] [--runs=N] [--editor | --sequential | --burst]`: each size N
// times (default 20,000 and 100,000 events, 120 keystrokes, 1 run), then the ranges over the runs.
if (require.main === module) {
  const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const runsArg = process.argv.find((a) => a.startsWith('--runs='));
  const serverJs = args[0] ?? require('node:path').join(__dirname, '..', '..', 'dist', 'server.js');
  const sizes = (args[1] ?? '20000,100000').split(',').map(Number);
  const keystrokes = Number(args[2] ?? TYPING_KEYSTROKES);
  const runs = runsArg ? Number(runsArg.slice('--runs='.length)) : 1;
  const mode: TypingMode = process.argv.includes('--sequential') ? 'sequential' : process.argv.includes('--burst') ? 'burst' : 'editor';
  (async () => {
    const all: TypingResults[] = [];
    for (const events of sizes) {
      const bySize: TypingResults[] = [];
      for (let i = 0; i < runs; i++) {
        const r = await runTyping({ serverJs, events, keystrokes, gapMs: 0, mode, log: (s) => process.stderr.write(s + '\n') });
        process.stdout.write(typingTable(r) + '\n\n');
        bySize.push(r);
      }
      all.push(...bySize);
      if (runs > 1) process.stdout.write(typingRangesTable(bySize) + '\n\n');
    }
    if (process.env.BENCH_JSON) process.stdout.write(JSON.stringify(all) + '\n');
  })().catch((e) => {
    process.stderr.write(String(e?.stack ?? e) + '\n');
    process.exit(1);
  });
}
