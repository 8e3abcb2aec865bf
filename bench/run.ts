// `npm run bench`: throughput, scaling and memory of the core, editor latency over LSP, package size.
// Prints one table (figure, value, target, pass/fail) and writes bench/results/latest.json.
//
// Options: --quick (fewer iterations, 1k..100k only), --sizes=1000,10000, --no-lsp, --no-profile,
// --no-memory, --no-adversarial, --no-bigfile, --no-cards, --no-suite, --wait-server=SECONDS (poll for dist/server.js before the LSP part),
// --repeat=N (the throughput, suite and memory parts N times; the issue 18 targets printed with the range of the N runs).
// `npm run bench:targets` is --repeat=3 with only the parts those targets need.
// Timing targets are reported, never asserted: the exit code is non-zero only when the generator
// is wrong (the clean 1k scenario has findings) or a part crashes.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { check, parse } from '../core';
import { parseStream } from '../core/parser/parser';
import { analyseDocument } from '../core/analysis/common';
import { generate, toBoard, toJson, type Scenario } from './generate';
import { floorCheck } from './floor';
import { runLsp, type LspResults } from './lsp';
import { runTyping, typingTable, TYPING_KEYSTROKES, type TypingResults } from './typing';
import { measureMemory, type MemoryResult } from './memory';
import { profileCheck, type ProfileSummary } from './profile';
import { measureAdversarial, type FamilyResult } from './adversarial';
import { measureBigFile, type BigFileResult } from './bigfile';
import { measureCards, type CardsBenchResult } from './cards';
import { measureWorkspace, type WorkspaceResult } from './workspace';
import { measureSizes, readModuleLoads, type ModuleLoads, type SizeResults } from './size';
import { measureSuite, writeSuite, type SuiteResult } from './suite';
import { measureScaling, type ScalingResult } from './scaling';
import { fmtBytes, fmtMs, fmtNum, hasGc, median, sleep, timeRuns, type Runs } from './stats';

const ROOT = resolve(__dirname, '..', '..');
const RESULTS = join(ROOT, 'bench', 'results');
const TMP = join(tmpdir(), 'board-scenario-bench');

const argv = process.argv.slice(2);
const flag = (f: string) => argv.includes(f);
const opt = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const quick = flag('--quick');
const SIZES = (opt('sizes') ?? (quick ? '1000,10000,100000' : '1000,10000,100000,1000000')).split(',').map(Number);

/** Warm-up runs and timed runs per size. */
function iterations(events: number): [number, number] {
  if (events <= 1000) return quick ? [30, 30] : [100, 100];
  if (events <= 10000) return quick ? [5, 10] : [10, 20];
  if (events <= 100000) return quick ? [1, 3] : [2, 7];
  return quick ? [0, 1] : [1, 5];
}

interface SizeRow {
  /** The size asked for (1k, 10k, ...); `events` is what the generator produced (it ends an action's lines). */
  target: number;
  events: number;
  cards: number;
  coreEvents: number;
  boardBytes: number;
  jsonBytes: number;
  parseMs: number;
  /** The parse a check does: streamed, each statement handed on and dropped (no syntax tree). */
  streamMs: number;
  streamCpuMs: number;
  /**
   * The check without its parse: the replay and the findings of a tree parsed once
   * (analyseDocument), an estimate of what no faster parse can take off the check (bench/README.md).
   */
  replayMs: number;
  replayCpuMs: number;
  checkMs: number;
  jsonParseMs: number;
  /** Median CPU time of the same runs (less sensitive to other load on the machine). */
  parseCpuMs: number;
  checkCpuMs: number;
  jsonParseCpuMs: number;
  /** The physical reference: a plain char-code scan of the same .board text (median ms). */
  scanMs: number;
  scanCpuMs: number;
  /** The floor (floor.ts): words hashed in place and a table of cards, no rule applied (median ms). */
  floorMs: number;
  floorCpuMs: number;
  eventsPerSec: number;
  mbPerSec: number;
  jsonMbPerSec: number;
  /** check MB/s ÷ JSON.parse MB/s. */
  ratio: number;
  /** check events/s ÷ JSON.parse events/s (same events, the JSON being larger). */
  ratioEvents: number;
  cleanFindings: number;
  findingsVariant: { checkMs: number; findings: number; injected: Scenario['injected']; byCode: Record<string, number> };
  runs: { parse: Runs; stream: Runs; replay: Runs; check: Runs; json: Runs; scan: Runs; floor: Runs };
}

/**
 * The physical reference (issue 18): one pass over the text reading every char code, counting
 * lines and words (what any reader of the text must at least do). Nothing is allocated.
 */
export function charScan(text: string): number {
  let lines = 0;
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      lines++;
      inWord = false;
    } else if (c === 32 || c === 9 || c === 13) inWord = false;
    else if (!inWord) {
      inWord = true;
      words++;
    }
  }
  return lines + words;
}

type Status = 'pass' | 'FAIL' | 'info' | 'n/a';
interface Row {
  figure: string;
  value: string;
  target: string;
  status: Status;
}

function bytes(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}

function percent(x: number): string {
  return `${(100 * x).toFixed(0)} %`;
}

function log(msg: string): void {
  process.stderr.write(`[bench] ${msg}\n`);
}

function measureSize(events: number): SizeRow {
  const [warm, iters] = iterations(events);
  const clean = generate(events, 'clean');
  const text = toBoard(clean);
  const json = toJson(clean);
  if (events === 10000 || events === 100000 || events === 1000000 || events === Math.max(...SIZES)) writeFileSync(join(TMP, `clean-${events}.board`), text);
  const boardBytes = bytes(text);
  const jsonBytes = bytes(json);
  let sink = 0;
  log(`${events} events: ${fmtBytes(boardBytes)} .board, ${fmtBytes(jsonBytes)} JSON; ${warm} warm-up + ${iters} runs each`);
  const parseRuns = timeRuns(() => parse(text), warm, iters, (d) => (sink += d.statements.length));
  const streamRuns = timeRuns(() => parseStream(text, () => undefined), warm, iters, (r) => (sink += r.lineCount));
  const checkRuns = timeRuns(() => check(text), warm, iters, (r) => (sink += r.findings.length));
  const jsonRuns = timeRuns(() => JSON.parse(json) as unknown[], warm, iters, (a) => (sink += a.length));
  const scanRuns = timeRuns(() => charScan(text), warm + 3, Math.max(iters, 9), (n) => (sink += n));
  const floorRuns = timeRuns(() => floorCheck(text), warm + 3, Math.max(iters, 9), (n) => (sink += n));
  const result = check(text);
  const parseMs = median(parseRuns.wall);
  const checkMs = median(checkRuns.wall);
  const jsonParseMs = median(jsonRuns.wall);

  const dirty = generate(events, 'findings');
  const dirtyText = toBoard(dirty);
  const [dw, di] = events >= 1000000 ? [0, quick ? 1 : 2] : [warm, Math.max(1, Math.ceil(iters / 2))];
  const dirtyRuns = timeRuns(() => check(dirtyText), dw, di, (r) => (sink += r.findings.length));
  const dirtyResult = check(dirtyText);
  const byCode: Record<string, number> = {};
  for (const f of dirtyResult.findings) byCode[f.code] = (byCode[f.code] ?? 0) + 1;
  // Last, so that no other run pays the garbage collector's marking of the tree kept for these.
  const tree = parse(text);
  const replayRuns = timeRuns(() => analyseDocument(tree, text, {}), warm, iters, (a) => (sink += a.result.findings.length));
  if (sink < 0) log('unreachable');

  const mbPerSec = boardBytes / 1e6 / (checkMs / 1000);
  const jsonMbPerSec = jsonBytes / 1e6 / (jsonParseMs / 1000);
  return {
    target: events,
    events: clean.events,
    cards: clean.cards,
    coreEvents: result.stats.events + result.stats.expectations,
    boardBytes,
    jsonBytes,
    parseMs,
    streamMs: median(streamRuns.wall),
    streamCpuMs: median(streamRuns.cpu),
    replayMs: median(replayRuns.wall),
    replayCpuMs: median(replayRuns.cpu),
    checkMs,
    jsonParseMs,
    parseCpuMs: median(parseRuns.cpu),
    checkCpuMs: median(checkRuns.cpu),
    jsonParseCpuMs: median(jsonRuns.cpu),
    scanMs: median(scanRuns.wall),
    scanCpuMs: median(scanRuns.cpu),
    floorMs: median(floorRuns.wall),
    floorCpuMs: median(floorRuns.cpu),
    eventsPerSec: clean.events / (checkMs / 1000),
    mbPerSec,
    jsonMbPerSec,
    ratio: mbPerSec / jsonMbPerSec,
    ratioEvents: jsonParseMs / checkMs,
    cleanFindings: result.findings.length,
    findingsVariant: { checkMs: median(dirtyRuns.wall), findings: dirtyResult.findings.length, injected: dirty.injected, byCode },
    runs: { parse: parseRuns, stream: streamRuns, replay: replayRuns, check: checkRuns, json: jsonRuns, scan: scanRuns, floor: floorRuns },
  };
}

/** One target of issue 18 as measured in one run. */
interface Target {
  figure: string;
  value: number;
  digits: number;
  target: string;
  ok: boolean;
  /** The same ratio from the CPU time of the same runs (less sensitive to other load; shown beside). */
  cpu?: number;
}

function targetsOf(sizes: SizeRow[], scaling: ScalingResult | undefined, suite: SuiteResult | undefined, memory: MemoryResult | undefined): Target[] {
  const out: Target[] = [];
  for (const s of sizes) {
    if (s.target < 100000) continue;
    const L = label(s.target);
    const cpuTime = s.jsonParseCpuMs / s.checkCpuMs;
    out.push({ figure: `${L}: JSON.parse time ÷ check time`, value: s.ratioEvents, digits: 3, target: '≥ 1.0', ok: s.ratioEvents >= 1, cpu: cpuTime });
    out.push({ figure: `${L}: check MB/s ÷ JSON.parse MB/s`, value: s.ratio, digits: 3, target: '≥ 0.4', ok: s.ratio >= 0.4, cpu: (cpuTime * s.boardBytes) / s.jsonBytes });
    out.push({ figure: `${L}: check speed ÷ char-code scan speed`, value: s.scanMs / s.checkMs, digits: 3, target: '≥ 0.25', ok: s.scanMs / s.checkMs >= 0.25, cpu: s.scanCpuMs / s.checkCpuMs });
  }
  if (scaling) out.push({ figure: 'scaling: check time(1M) ÷ time(100k), in pairs', value: scaling.ratio, digits: 2, target: '≤ 11', ok: scaling.ratio <= 11, cpu: scaling.cpuRatio });
  if (suite) out.push({ figure: 'suite: CLI time ÷ (read + JSON.parse of the twins)', value: suite.ratio, digits: 2, target: '≤ 3', ok: suite.cliOk && suite.ratio <= 3 });
  if (memory) out.push({ figure: 'memory: peak heap during check ÷ file', value: memory.peakHeapDelta / memory.fileBytes, digits: 1, target: '≤ 10', ok: memory.peakHeapDelta / memory.fileBytes <= 10 });
  return out;
}

function label(n: number): string {
  return n >= 1000000 ? `${n / 1000000}M` : n >= 1000 ? `${n / 1000}k` : String(n);
}

async function waitForServer(serverJs: string, seconds: number): Promise<boolean> {
  const until = Date.now() + seconds * 1000;
  while (!existsSync(serverJs)) {
    if (Date.now() >= until) return false;
    await sleep(10000);
  }
  return true;
}

async function main(): Promise<void> {
  mkdirSync(RESULTS, { recursive: true });
  mkdirSync(TMP, { recursive: true });
  const started = new Date();
  const loadStart = loadavg();
  if (!hasGc) log('tip: run with node --expose-gc for a GC before each timed run');

  // ---- generator sanity: the clean 1k scenario must have no findings ---------------------------
  const probe = check(toBoard(generate(1000, 'clean')));
  if (probe.findings.length !== 0) {
    log(`generator error: the clean 1k scenario has ${probe.findings.length} findings, e.g. ${probe.findings[0].code} at line ${probe.findings[0].range.start.line + 1}: ${probe.findings[0].message}`);
    process.exitCode = 1;
  }

  // ---- throughput, suite, memory (each --repeat times; the tables show the last run) ------------
  let sizes: SizeRow[] = [];
  let memory: MemoryResult | undefined;
  let suite: SuiteResult | undefined;
  let scaling: ScalingResult | undefined;
  const memSize = Math.max(...SIZES);
  const repeat = Math.max(1, Number(opt('repeat') ?? 1));
  const suiteFiles = Number(opt('suite-files') ?? 5000);
  const written = flag('--no-suite') ? undefined : writeSuite(join(TMP, 'suite'), suiteFiles);
  const targetRuns: Target[][] = [];
  for (let run = 1; run <= repeat; run++) {
    if (repeat > 1) log(`run ${run} of ${repeat}`);
    sizes = [];
    for (const n of SIZES) sizes.push(measureSize(n));
    if (SIZES.includes(100000) && SIZES.includes(1000000)) {
      log('scaling: the 100k and 1M checks in turn, 7 pairs');
      scaling = measureScaling(readFileSync(join(TMP, 'clean-100000.board'), 'utf8'), readFileSync(join(TMP, 'clean-1000000.board'), 'utf8'));
    }
    if (written) {
      log(`suite: dist/cli.js check --format json over ${suiteFiles} small scenarios, against reading + JSON.parse of their JSON twins`);
      suite = measureSuite(ROOT, join(TMP, 'suite'), suiteFiles, written);
    }
    if (!flag('--no-memory')) {
      log(`memory: one ${label(memSize)} check in a fresh process`);
      const row = sizes.find((s) => s.target === memSize)!;
      memory = measureMemory(join(TMP, `clean-${memSize}.board`), row.boardBytes);
    }
    targetRuns.push(targetsOf(sizes, scaling, suite, memory));
  }

  // ---- CPU profile of the 100k check -----------------------------------------------------------
  let profile: ProfileSummary | undefined;
  if (!flag('--no-profile') && SIZES.includes(100000)) {
    log('profile: node --cpu-prof, one 100k check after one warm-up check');
    profile = profileCheck(join(TMP, 'clean-100000.board'), join(RESULTS, 'profile'), ROOT);
  }

  // ---- adversarial scaling (issue 13) -----------------------------------------------------------
  let adversarial: FamilyResult[] | undefined;
  if (!flag('--no-adversarial')) {
    log('adversarial: each family of hostile input at two sizes ten times apart');
    adversarial = measureAdversarial(quick);
  }

  // ---- big inputs: the CLI on a 50 MB file of findings (issue 13) ---------------------------------
  let bigfile: BigFileResult | undefined;
  const bigMb = quick ? 5 : 50;
  if (!flag('--no-bigfile')) {
    log(`big file: dist/cli.js check --format json on a ${bigMb} MB scenario with a finding per line, and a clean one`);
    bigfile = measureBigFile(ROOT, TMP, bigMb);
  }

  // ---- workspace diagnostics: a generated workspace pulled by a 3.17 client -----------------------
  let workspace: WorkspaceResult | undefined;
  let workspaceError: string | undefined;
  const workspaceFiles = quick ? 1000 : 5000;
  if (!flag('--no-workspace') && existsSync(join(ROOT, 'dist', 'server.js'))) {
    log(`workspace: pull diagnostics of a ${workspaceFiles}-file workspace from dist/server.js`);
    try {
      workspace = await measureWorkspace(ROOT, TMP, workspaceFiles);
    } catch (e) {
      workspaceError = String((e as Error)?.stack ?? e);
    }
  }

  // ---- card data: a Scryfall-sized file (issue 15) ----------------------------------------------
  const serverJs = join(ROOT, 'dist', 'server.js');
  let cardsResult: CardsBenchResult | undefined;
  let cardsError: string | undefined;
  if (!flag('--no-cards')) {
    log('cards: a generated Scryfall "Oracle Cards" file of 35,000 cards (~150 MB, in the temp folder): cold read, cached restart, memory, lookups');
    try {
      cardsResult = await measureCards(TMP, 35_000, existsSync(serverJs) ? serverJs : undefined);
    } catch (e) {
      cardsError = String((e as Error)?.stack ?? e);
    }
  }

  // ---- LSP -------------------------------------------------------------------------------------
  let lsp: LspResults | undefined;
  let lspError: string | undefined;
  let modules: ModuleLoads | undefined;
  if (!flag('--no-lsp')) {
    const ok = await waitForServer(serverJs, Number(opt('wait-server') ?? 0));
    if (!ok) lspError = 'dist/server.js missing (run the build)';
    else {
      log('lsp: start-up, 100 onType edits, 100 save edits, 100 hovers, 100 completions on a 10k-event file');
      const moduleOut = join(TMP, 'server-modules.json');
      try {
        lsp = await runLsp({
          root: ROOT,
          serverJs,
          largeText: toBoard(generate(10000, 'clean')),
          smallText: toBoard(generate(20, 'clean')),
          edits: quick ? 30 : 100,
          requests: 100,
          starts: 6,
          moduleHook: { hook: join(__dirname, 'record-modules.js'), out: moduleOut },
        });
        modules = readModuleLoads(moduleOut, serverJs);
      } catch (e) {
        lspError = String((e as Error)?.stack ?? e);
      }
    }
  }

  // ---- requests while typing in a 20k- and a 100k-event file (issue 17) -------------------------
  const typing: TypingResults[] = [];
  if (!flag('--no-lsp') && !flag('--no-typing') && lspError === undefined) {
    for (const events of quick ? [20000] : [20000, 100000]) {
      log(`typing: a ${events}-event file, keystrokes with the requests VS Code sends after each`);
      try {
        typing.push(await runTyping({ serverJs, events, keystrokes: quick ? 20 : TYPING_KEYSTROKES, log }));
      } catch (e) {
        log(`typing part failed: ${String((e as Error)?.stack ?? e)}`);
      }
    }
  }

  // ---- size ------------------------------------------------------------------------------------
  const size: SizeResults = await measureSizes(ROOT, join(TMP, 'production'));

  // ---- the table -------------------------------------------------------------------------------
  const rows: Row[] = [];
  const add = (figure: string, value: string, target: string, status: Status) => rows.push({ figure, value, target, status });
  add('machine: cores; load average at start → end', `${cpus().length}; ${loadStart.map((x) => x.toFixed(1)).join(' ')} → ${loadavg().map((x) => x.toFixed(1)).join(' ')}`, '', 'info');
  const pf = (ok: boolean): Status => (ok ? 'pass' : 'FAIL');
  for (const s of sizes) {
    const L = label(s.target);
    add(`${L}: scenario`, `${fmtNum(s.events)} event lines, ${s.cards} cards, ${fmtBytes(s.boardBytes)} (.board), ${fmtBytes(s.jsonBytes)} (JSON)`, '', 'info');
    add(`${L}: parse, median of ${s.runs.parse.wall.length} (CPU time)`, `${fmtMs(s.parseMs)} (${fmtMs(s.parseCpuMs)})`, '', 'info');
    add(`${L}: check = parse+replay+findings, median of ${s.runs.check.wall.length} (CPU time)`, `${fmtMs(s.checkMs)} (${fmtMs(s.checkCpuMs)})`, '', 'info');
    // Where the check's time goes: the parse it does itself (streamed, no syntax tree) against the
    // rest (the replay and the findings), and that parse against JSON.parse of the same content.
    add(
      `${L}: the check's parse (streamed, no tree), median (CPU time); its share of the check; JSON.parse time ÷ it`,
      `${fmtMs(s.streamMs)} (${fmtMs(s.streamCpuMs)}); ${percent(s.streamMs / s.checkMs)}; ${(s.jsonParseMs / s.streamMs).toFixed(2)}`,
      '',
      'info',
    );
    // The rest: the replay and its findings alone, against JSON.parse (an estimate of what a check costs beyond its parse: bench/README.md).
    add(
      `${L}: the check without its parse (replay and findings of a tree parsed once), median (CPU time); its share of the check; JSON.parse time ÷ it`,
      `${fmtMs(s.replayMs)} (${fmtMs(s.replayCpuMs)}); ${percent(s.replayMs / s.checkMs)}; ${(s.jsonParseMs / s.replayMs).toFixed(2)}`,
      '',
      'info',
    );
    add(`${L}: check throughput`, `${fmtNum(s.eventsPerSec)} events/s, ${fmtNum(s.mbPerSec, 2)} MB/s`, '', 'info');
    add(`${L}: JSON.parse of the same content (CPU time)`, `${fmtMs(s.jsonParseMs)} (${fmtMs(s.jsonParseCpuMs)}), ${fmtNum(s.jsonMbPerSec, 1)} MB/s`, '', 'info');
    // Throughput on the same content: events per second of each, i.e. JSON.parse time ÷ check
    // time. The target is for large scenarios (100k events and more); the ratio of bytes per
    // second of the two encodings is shown beside it (the JSON text is about twice as long).
    const large = s.target >= 100000;
    const ratioCpu = s.jsonParseCpuMs / s.checkCpuMs;
    add(
      `${L}: check throughput ÷ JSON.parse throughput, same content (JSON.parse time ÷ check time)`,
      `${s.ratioEvents.toFixed(3)} (by CPU time ${ratioCpu.toFixed(3)})`,
      large ? '≥ 1.0' : '≥ 1.0 (large: 100k+)',
      large ? pf(s.ratioEvents >= 1) : 'info',
    );
    add(`${L}: check MB/s ÷ JSON.parse MB/s (each of its own encoding)`, s.ratio.toFixed(3), large ? '≥ 0.4' : '≥ 0.4 (large: 100k+)', large ? pf(s.ratio >= 0.4) : 'info');
    add(
      `${L}: plain char-code scan of the .board text; check speed ÷ scan speed`,
      `${fmtMs(s.scanMs)}, ${fmtNum(s.boardBytes / 1e6 / (s.scanMs / 1000), 0)} MB/s; ${(s.scanMs / s.checkMs).toFixed(3)} (by CPU time ${(s.scanCpuMs / s.checkCpuMs).toFixed(3)})`,
      large ? '≥ 0.25' : '≥ 0.25 (large: 100k+)',
      large ? pf(s.scanMs / s.checkMs >= 0.25) : 'info',
    );
    add(
      `${L}: the floor, no rule applied (bench/floor.ts); check time ÷ floor time; floor speed ÷ scan speed; JSON.parse time ÷ floor time`,
      `${fmtMs(s.floorMs)}; ${(s.checkMs / s.floorMs).toFixed(2)}; ${(s.scanMs / s.floorMs).toFixed(3)}; ${(s.jsonParseMs / s.floorMs).toFixed(2)}`,
      '',
      'info',
    );
    add(`${L}: findings, clean variant`, String(s.cleanFindings), s.target <= 1000 ? '0' : '0 (info)', s.target <= 1000 ? pf(s.cleanFindings === 0) : 'info');
    const inj = s.findingsVariant.injected;
    add(
      `${L}: findings variant: check, findings`,
      `${fmtMs(s.findingsVariant.checkMs)}, ${s.findingsVariant.findings} findings (${((100 * s.findingsVariant.findings) / s.events).toFixed(2)}% of events; injected ${inj.skipped} skipped + ${inj.illegalEquip} illegal + ${inj.redundantEquip} redundant)`,
      '~1%',
      'info',
    );
  }
  const s100k = sizes.find((s) => s.target === 100000);
  const s1m = sizes.find((s) => s.target === 1000000);
  if (scaling) {
    add(
      'scaling: check time(1M) ÷ time(100k), in pairs (each 1M check between 100k checks, bench/scaling.ts): median of the pairs; each pair',
      `${scaling.ratio.toFixed(2)} (by CPU time ${scaling.cpuRatio.toFixed(2)}); ${scaling.ratios.map((r) => r.toFixed(2)).join(', ')} (${fmtMs(scaling.largeMs)} ÷ ${fmtMs(scaling.smallMs)})`,
      '≤ 11',
      pf(scaling.ratio <= 11),
    );
  } else add('scaling: check time(1M) ÷ time(100k), in pairs', 'not measured', '≤ 11', 'n/a');
  if (s100k && s1m) {
    const r = s1m.checkMs / s100k.checkMs;
    add('scaling from the size rows (each size timed apart)', `${r.toFixed(2)} (by CPU time ${(s1m.checkCpuMs / s100k.checkCpuMs).toFixed(2)})`, '', 'info');
    // The references do the same work per character at both sizes: how far their ratios pass 10 is
    // what the larger text itself costs on this machine (caches, memory), which the check pays too.
    add(
      'scaling of the references, same runs: char-code scan time(1M) ÷ time(100k); the floor\'s; JSON.parse\'s',
      `${(s1m.scanMs / s100k.scanMs).toFixed(2)}; ${(s1m.floorMs / s100k.floorMs).toFixed(2)}; ${(s1m.jsonParseMs / s100k.jsonParseMs).toFixed(2)}`,
      '',
      'info',
    );
  }
  for (const a of adversarial ?? []) {
    add(
      `adversarial: ${a.name}: time(${fmtNum(a.sizes[1])}) ÷ time(${fmtNum(a.sizes[0])}) ${a.unit}`,
      `${a.ratio.toFixed(2)} (${fmtMs(a.ms[0])} → ${fmtMs(a.ms[1])}; ${fmtBytes(a.bytes[0])} → ${fmtBytes(a.bytes[1])}; ${fmtNum(a.findings[0])} → ${fmtNum(a.findings[1])} ${a.counts})`,
      '≤ 11',
      pf(a.ratio <= 11),
    );
  }
  if (suite) {
    const u = suite;
    const r = u.ratio;
    const list = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(', ');
    add(`suite: ${fmtNum(u.files)} scenarios of ${u.lines[0]}-${u.lines[1]} lines, ${fmtBytes(u.boardBytes)} (.board), ${fmtBytes(u.jsonBytes)} (JSON twins)`, `${u.findings} findings in process`, '0', pf(u.findings === 0));
    add(`suite: a CLI run (check --format json DIR), wall, median of ${u.ratios.length} rounds`, `${fmtMs(u.cliMs)}${u.cliOk ? '' : `; output wrong: ${u.cliError}`}`, '', u.cliOk ? 'info' : 'FAIL');
    add('suite: read + JSON.parse of the twins (median of the rounds); read + check in process', `${fmtMs(u.jsonMs)}; ${fmtMs(u.inProcessMs)}`, '', 'info');
    add('suite: CLI time ÷ (read + JSON.parse of the twins): median of the rounds (each round\'s)', `${r.toFixed(2)} (${list(u.ratios)})`, '≤ 3', pf(u.cliOk && r <= 3));
    add(
      'suite, its players in one file each scenario includes: a CLI run (--include-root DIR), median; ÷ the plain suite\'s CLI run in the same round: median (each round\'s)',
      `${fmtMs(u.pooledCliMs)}; ${u.pooledRatio.toFixed(2)} (${list(u.pooledRatios)})`,
      '',
      'info',
    );
    add('suite: per file: CLI; its overhead over read + JSON.parse; over read + check in process', `${fmtNum((1000 * u.cliMs) / u.files)} µs; ${fmtNum((1000 * (u.cliMs - u.jsonMs)) / u.files)} µs; ${fmtNum((1000 * (u.cliMs - u.inProcessMs)) / u.files)} µs`, '', 'info');
    add(
      'suite: where the CLI time goes: the start of node and the bundle; a fresh process checking the files, its first pass (JIT warming up) and its second (warm)',
      u.passesError ? `${fmtMs(u.startMs)}; passes not measured: ${u.passesError}` : `${fmtMs(u.startMs)}; ${fmtMs(u.firstPassMs)} and ${fmtMs(u.secondPassMs)} (warm-up ${fmtMs(u.firstPassMs - u.secondPassMs)})`,
      '',
      u.passesError ? 'FAIL' : 'info',
    );
    if (!u.passesError) {
      const rest = u.warmCheckMs - u.warmDeclarationsMs;
      add(
        'suite: the warm check by part (the same process, files read before): every file; the files cut before their first event (header and declarations, and what any check of a file costs); the events',
        `${fmtMs(u.warmCheckMs)}; ${fmtMs(u.warmDeclarationsMs)} (${percent(u.warmDeclarationsMs / u.warmCheckMs)}; ${fmtNum(u.cards)} cards, ${fmtNum((1000 * u.warmDeclarationsMs) / u.cards, 2)} µs each with the files' own costs); ${fmtMs(rest)} (${percent(rest / u.warmCheckMs)})`,
        '',
        'info',
      );
    }
  }
  if (memory) {
    const L = label(memSize);
    const x = memory.peakHeapDelta / memory.fileBytes;
    add(`memory ${L}: peak heap during check − baseline`, `${fmtBytes(memory.peakHeapDelta)} = ${x.toFixed(1)}× file (${fmtBytes(memory.fileBytes)})`, '≤ 10× file', pf(x <= 10));
    add(`memory ${L}: heap retained by the result (after GC)`, `${fmtBytes(memory.retainedHeapDelta)} = ${(memory.retainedHeapDelta / memory.fileBytes).toFixed(1)}× file`, '', 'info');
    add(`memory ${L}: peak RSS growth during check`, `${fmtBytes(memory.peakRssDelta)} = ${(memory.peakRssDelta / memory.fileBytes).toFixed(1)}× file`, '', 'info');
  }
  if (bigfile) {
    const { findingsRun: f, cleanRun: c } = bigfile;
    const ended = (r: typeof f) => (r.signal ? `killed by ${r.signal}` : `exit ${r.status}`) + (r.valid ? ', JSON valid, counts right' : `, output wrong: ${r.stderr}`);
    const ok = f.valid && f.status === 0 && !f.signal;
    add(`big file: CLI check --format json, ${fmtBytes(f.bytes)}, ${fmtNum(f.findings)} findings (${fmtNum(f.listed)} listed)`, `${fmtMs(f.ms)}, peak RSS ${fmtBytes(f.rssBytes)}; ${ended(f)}`, 'finishes, ≤ 60 s', pf(ok && f.ms <= 60_000));
    add(`big file: the same size without findings`, `${fmtMs(c.ms)}, peak RSS ${fmtBytes(c.rssBytes)}; ${ended(c)}`, '', 'info');
    add('big file: peak RSS the findings add, per finding', `${fmtNum(bigfile.rssPerFinding)} B`, '≤ 512 B (was ~4.5 KB)', pf(ok && bigfile.rssPerFinding <= 512));
  }
  if (workspace) {
    const w = workspace;
    add(`workspace ${fmtNum(w.files)} files (${fmtBytes(w.bytes)}, ${fmtNum(w.findings)} findings): the whole report, one answer`, `${fmtMs(w.fullMs)} = ${fmtMs(w.perFileMs)} per file`, '', 'info');
    add('workspace: streamed, first batch / every file', `${fmtMs(w.firstBatchMs)} / ${fmtMs(w.streamedMs)} (${w.batches} batches)`, '', 'info');
    add(`workspace: hover while the pass runs (${w.hoverDuringPass.count}) p50 / p95 / max`, `${fmtMs(w.hoverDuringPass.p50)} / ${fmtMs(w.hoverDuringPass.p95)} / ${fmtMs(w.hoverDuringPass.max)}`, '', 'info');
    add('workspace: a file changed on disk → its new report (held pull)', fmtMs(w.changeMs), '', 'info');
    add('workspace: the same pull with the result ids (all unchanged)', `${fmtMs(w.unchangedMs)} (${fmtNum(w.unchangedCount)} unchanged)`, '', 'info');
  } else if (workspaceError) process.stderr.write(`workspace part failed: ${workspaceError}\n`);
  if (lsp) {
    const d = lsp.debounceMs;
    add('LSP: server sync / save', `${lsp.serverDeclares.sync} / ${lsp.serverDeclares.save ? 'save declared' : 'no save'}; ${lsp.configurationRequests} workspace/configuration request(s) answered with validate=onType`, '', 'info');
    add('LSP: onType debounce (server setting)', d !== undefined ? `${d} ms (${lsp.debounceSource})` : 'unknown', '', 'info');
    add(`LSP 10k: didChange → diagnostics, raw (incl. debounce) p50 / p95`, `${fmtMs(lsp.typeRawMs.p50)} / ${fmtMs(lsp.typeRawMs.p95)}`, '', 'info');
    add('LSP 10k: didChange → diagnostics − debounce, p50', fmtMs(lsp.typeMinusDebounceMs.p50), '≤ 20 ms', pf(lsp.typeMinusDebounceMs.p50 <= 20));
    add('LSP 10k: didChange → diagnostics − debounce, p95', fmtMs(lsp.typeMinusDebounceMs.p95), '≤ 50 ms', pf(lsp.typeMinusDebounceMs.p95 <= 50));
    add('LSP 10k: didChange+didSave → diagnostics (no debounce) p50 / p95', `${fmtMs(lsp.saveMs.p50)} / ${fmtMs(lsp.saveMs.p95)}`, '', 'info');
    add(`LSP 10k: hover p50 / p95 (${lsp.hoverMs.nonNull}/100 non-null)`, `${fmtMs(lsp.hoverMs.p50)} / ${fmtMs(lsp.hoverMs.p95)}`, 'p95 ≤ 10 ms', pf(lsp.hoverMs.p95 <= 10));
    add(`LSP 10k: completion p50 / p95 (${lsp.completionMs.nonEmpty}/100 non-empty)`, `${fmtMs(lsp.completionMs.p50)} / ${fmtMs(lsp.completionMs.p95)}`, 'p95 ≤ 10 ms', pf(lsp.completionMs.p95 <= 10));
    add('LSP 10k: didOpen → first diagnostics', fmtMs(lsp.openLargeMs), '', 'info');
    add(`LSP: spawn → first diagnostics, small file (median of ${lsp.startMs.length})`, `${fmtMs(lsp.startMedianMs)} (runs: ${lsp.startMs.map((x) => Math.round(x)).join(', ')})`, '≤ 300 ms', pf(lsp.startMedianMs <= 300));
    add('LSP: of which spawn → initialize result; bare `node -e 0` for reference', `${fmtMs(lsp.startInitMedianMs)}; ${fmtMs(lsp.nodeBareMedianMs)}`, '', 'info');
  } else if (!flag('--no-lsp')) add('LSP', `not measured: ${lspError?.split('\n')[0]}`, '', 'n/a');
  if (cardsResult) {
    const c = cardsResult;
    const MB = 1024 * 1024;
    add('cards: generated Scryfall file', `${fmtNum(c.cards)} cards, ${fmtBytes(c.fileBytes)}; index cache ${fmtBytes(c.cacheBytes)}`, '', 'info');
    add('cards: cold read (file read, JSON.parse, records, index), as the worker does', fmtMs(c.coldMs), 'off the main thread', 'info');
    add('cards: cached restart (cache file read, index made from it)', fmtMs(c.cachedMs), '≤ 200 ms', pf(c.cachedMs <= 200));
    if (c.lspRestartMs !== undefined) {
      add('cards LSP: restart with the cache, didOpen → diagnostics checked with the cards', fmtMs(c.lspRestartMs), '≤ 200 ms', pf(c.lspRestartMs <= 200));
      add('cards LSP: of which didOpen → first diagnostics (before the cards are read)', fmtMs(c.lspFirstPublishMs!), '', 'info');
      add('cards LSP: first start (no cache), didOpen → diagnostics checked with the cards', fmtMs(c.lspColdMs!), '', 'info');
    }
    add('cards: index memory (heap kept after GC)', fmtBytes(c.indexHeap), '≤ 50 MB', pf(c.indexHeap <= 50 * MB));
    add('cards: index memory with the suggestion index built', `${fmtBytes(c.indexHeapWithSuggestions)} (built in ${fmtMs(c.suggestBuildMs)})`, '≤ 50 MB', pf(c.indexHeapWithSuggestions <= 50 * MB));
    add('cards: lookup by name / closest names of a typo / completion (50 names)', `${c.lookupUs.toFixed(1)} µs / ${c.closestUs.toFixed(0)} µs / ${c.completeUs.toFixed(0)} µs`, '', 'info');
  } else if (!flag('--no-cards')) add('cards', `not measured: ${cardsError?.split('\n')[0]}`, '', 'n/a');
  if (size.vsixBytes !== undefined) add('size: board-scenario.vsix', fmtBytes(size.vsixBytes), '≤ 500 KiB', pf(size.vsixBytes <= 500 * 1024));
  else add('size: .vsix', 'board-scenario.vsix not built', '≤ 500 KiB', 'n/a');
  for (const f of size.dist) add(`size: ${f.file} (as built now)`, fmtBytes(f.bytes), '', 'info');
  for (const f of size.production ?? []) add(`size: ${f.file.split('/').pop()} minified as by \`npm run package\``, fmtBytes(f.bytes), '', 'info');
  if (size.serverInputs.length) add('server bundle: packages inside', size.serverInputPackages.join(', ') || '(none)', '', 'info');
  if (modules) {
    add('server start: files required', modules.files.length ? modules.files.join(', ') : '(none besides dist/server.js)', 'none', pf(modules.files.length === 0));
    add('server start: built-ins required', modules.builtins.join(', '), '', 'info');
  }

  if (targetRuns.length > 1) {
    // The issue 18 targets over every run: the range, and pass only when each run met the target.
    for (let i = 0; i < targetRuns[0].length; i++) {
      const xs = targetRuns.map((t) => t[i]);
      const v = xs.map((x) => x.value);
      const lo = Math.min(...v);
      const hi = Math.max(...v);
      const d = xs[0].digits;
      const cpu = xs.every((x) => x.cpu !== undefined) ? `; by CPU time ${Math.min(...xs.map((x) => x.cpu!)).toFixed(d)}–${Math.max(...xs.map((x) => x.cpu!)).toFixed(d)}` : '';
      add(`${xs[0].figure}: range of ${xs.length} runs`, `${lo.toFixed(d)}–${hi.toFixed(d)} (${v.map((x) => x.toFixed(d)).join(', ')})${cpu}`, xs[0].target, pf(xs.every((x) => x.ok)));
    }
  }
  const w = [0, 0, 0, 0];
  const cells = rows.map((r) => [r.figure, r.value, r.target, r.status]);
  const header = ['figure', 'value', 'target', 'result'];
  for (const c of [header, ...cells]) c.forEach((x, i) => (w[i] = Math.max(w[i], [...x].length)));
  const line = (c: string[]) => '| ' + c.map((x, i) => x + ' '.repeat(w[i] - [...x].length)).join(' | ') + ' |';
  const out = [line(header), '|' + w.map((n) => '-'.repeat(n + 2)).join('|') + '|', ...cells.map(line)];
  process.stdout.write(out.join('\n') + '\n');
  if (profile) {
    process.stdout.write(`\nTop 10 self time, one 100k check (${fmtMs(profile.windowMs)}, ${fmtMs(profile.sampledMs)} sampled; ${profile.profile}):\n`);
    for (const h of profile.top) process.stdout.write(`  ${h.selfMs.toFixed(0).padStart(6)} ms ${h.selfPercent.toFixed(1).padStart(5)}%  ${h.function}  ${h.location}${h.hottestLine && h.hottestLine !== h.location ? `  (hottest line ${h.hottestLine})` : ''}\n`);
  }
  if (lspError && lsp === undefined) process.stderr.write(`LSP part failed: ${lspError}\n`);
  for (const t of typing) process.stdout.write(`\n${typingTable(t)}\n`);

  const results = {
    date: started.toISOString(),
    node: process.version,
    gcExposed: hasGc,
    quick,
    rows,
    sizes,
    memory,
    suite,
    scaling,
    targetRuns,
    bigfile,
    cards: cardsResult,
    workspace,
    profile,
    lsp,
    lspError,
    typing,
    size,
    modules,
  };
  writeFileSync(join(RESULTS, 'latest.json'), JSON.stringify(results, null, 1) + '\n');
  log(`results written to ${join('bench', 'results', 'latest.json')}`);
}

main().catch((e) => {
  process.stderr.write(`bench failed: ${(e as Error)?.stack ?? e}\n`);
  process.exit(1);
});
