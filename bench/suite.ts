// The suite figure (issue 18): a CLI run over 5,000 small generated scenarios (20-200 lines
// each) in a temp folder, against reading the same files' JSON twins and running JSON.parse on
// each, in three rounds: the reference, then the CLI, then the CLI over the same scenarios with
// their players in one file they all include (`include "players.board"`, as a suite sharing a pool
// does). The figure is the median of the rounds' ratios, each round's CLI run to its own reference;
// the shared pool's, its median ratio to the plain suite's CLI run in the same round. The CLI's time
// includes starting node; the per-file overhead is what the CLI spends per file beyond the reference.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { check } from '../core';
import { generate, toBoard, toJson } from './generate';
import { prng } from '../test/support/prng';
import { median } from './stats';

export interface SuiteResult {
  files: number;
  lines: [number, number];
  boardBytes: number;
  jsonBytes: number;
  /** `dist/cli.js check --format json DIR`, wall clock: the median of the rounds. */
  cliMs: number;
  /** Reading every JSON twin and JSON.parse of each (in this process), wall clock: the median of the rounds. */
  jsonMs: number;
  /** Each round's CLI time ÷ its reference's, in order; the figure is their median. */
  ratios: number[];
  ratio: number;
  /**
   * The same scenarios with their players in one file they all include: the CLI's time (median), and
   * each round's ÷ the plain suite's CLI time in that round, and their median.
   */
  pooledCliMs: number;
  pooledRatios: number[];
  pooledRatio: number;
  /** Reading every .board file and `check` of each in this process (no CLI), wall clock. */
  inProcessMs: number;
  findings: number;
  /**
   * Where the CLI's time goes: one start of node with the CLI's bundle (`dist/cli.js --version`,
   * median of 5; the suite's small files are checked in the command's own process), and a fresh
   * process that checks the files twice as the command does (`suite-child.js`): the first pass,
   * with the JIT warming up, and the second, warm.
   */
  startMs: number;
  firstPassMs: number;
  secondPassMs: number;
  /**
   * In the same fresh process, warm, the texts read before (median of 3 passes): `check` of every
   * file, and of every file cut before its first event (its header and declarations alone); the
   * number of cards the files declare.
   */
  warmCheckMs: number;
  warmDeclarationsMs: number;
  cards: number;
  /** Why the two passes were not measured (suite-child failed). */
  passesError?: string;
  cliOk: boolean;
  cliError?: string;
}

/** Writes the suite once (deterministic); returns the folders and the sizes. */
export function writeSuite(dir: string, files: number): { boards: string; twins: string; pooled: string; lines: [number, number]; boardBytes: number; jsonBytes: number } {
  const boards = join(dir, 'boards');
  const twins = join(dir, 'json');
  // The same scenarios, their players in one file they include.
  const pooled = join(dir, 'pooled');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(boards, { recursive: true });
  mkdirSync(twins, { recursive: true });
  mkdirSync(pooled, { recursive: true });
  const players = 'player alice\nplayer bob\n';
  writeFileSync(join(pooled, 'players.board'), 'game mtg\n' + players);
  const rng = prng(0x5017e);
  let lo = Infinity;
  let hi = 0;
  let boardBytes = 0;
  let jsonBytes = 0;
  for (let i = 0; i < files; i++) {
    // 20-200 lines: a few cards and the events that fill the rest.
    const lines = 20 + Math.floor(rng() * 171);
    const cards = Math.max(6, Math.round(lines / 8));
    const s = generate(Math.max(4, lines - cards - 5), 'clean', 0x5eed + i, cards);
    const text = toBoard(s);
    const json = toJson(s);
    const n = text.split('\n').length - 1;
    lo = Math.min(lo, n);
    hi = Math.max(hi, n);
    const name = `s${String(i).padStart(5, '0')}`;
    writeFileSync(join(boards, `${name}.board`), text);
    if (!text.startsWith('game mtg\n') || !text.includes(players)) throw new Error(`suite: ${name} is not an MTG scenario with the players ${JSON.stringify(players)}`);
    writeFileSync(join(pooled, `${name}.board`), text.replace(players, 'include "players.board"\n'));
    writeFileSync(join(twins, `${name}.json`), json);
    boardBytes += Buffer.byteLength(text);
    jsonBytes += Buffer.byteLength(json);
  }
  return { boards, twins, pooled, lines: [lo, hi], boardBytes, jsonBytes };
}

export function measureSuite(root: string, dir: string, files = 5000, written?: ReturnType<typeof writeSuite>, rounds = 3): SuiteResult {
  const w = written ?? writeSuite(dir, files);
  const names = Array.from({ length: files }, (_, i) => `s${String(i).padStart(5, '0')}`);
  // Reference: read each twin and parse it (once before the rounds: the files are in the page cache for both sides).
  let sink = 0;
  const reference = () => {
    const t0 = performance.now();
    for (const n of names) sink += (JSON.parse(readFileSync(join(w.twins, `${n}.json`), 'utf8')) as unknown[]).length;
    return performance.now() - t0;
  };
  reference();
  const inProcess = () => {
    const t0 = performance.now();
    let findings = 0;
    for (const n of names) findings += check(readFileSync(join(w.boards, `${n}.board`), 'utf8')).findings.length;
    return { ms: performance.now() - t0, findings };
  };
  inProcess();
  const ip = inProcess();
  const cli = join(root, 'dist', 'cli.js');
  // One CLI run over `folder`: its wall time, or why its output is wrong (every file, no finding, exit 0).
  const cliRun = (folder: string, extra: string[], expected: number): { ms: number; error?: string } => {
    const t0 = performance.now();
    const run = spawnSync(process.execPath, [cli, 'check', '--format', 'json', ...extra, folder], { encoding: 'utf8', maxBuffer: 1 << 28 });
    const ms = performance.now() - t0;
    try {
      const out = JSON.parse(run.stdout) as { files: { diagnostics: unknown[] }[] };
      const findings = out.files.reduce((n, f) => n + f.diagnostics.length, 0);
      if (run.status === 0 && out.files.length === expected && findings === 0) return { ms };
      return { ms, error: `${folder}: exit ${run.status}, ${out.files.length} files, ${findings} findings: ${run.stderr.slice(0, 200)}` };
    } catch (e) {
      return { ms, error: `${folder}: exit ${run.status}: ${String(e)} ${run.stderr.slice(0, 200)}` };
    }
  };
  const refs: number[] = [];
  const clis: number[] = [];
  const pooledClis: number[] = [];
  const ratios: number[] = [];
  const pooledRatios: number[] = [];
  let cliError: string | undefined;
  for (let r = 0; r < rounds; r++) {
    const ref = reference();
    const plain = cliRun(w.boards, [], files);
    // The pool is checked too: one file more.
    const pooled = cliRun(w.pooled, ['--include-root', w.pooled], files + 1);
    cliError ??= plain.error ?? pooled.error;
    refs.push(ref);
    clis.push(plain.ms);
    pooledClis.push(pooled.ms);
    ratios.push(plain.ms / ref);
    pooledRatios.push(pooled.ms / plain.ms);
  }
  const cliOk = cliError === undefined;
  if (sink < 0) cliError = 'unreachable';
  const starts: number[] = [];
  for (let i = 0; i < 5; i++) {
    const s0 = performance.now();
    spawnSync(process.execPath, [cli, '--version'], { encoding: 'utf8' });
    starts.push(performance.now() - s0);
  }
  const passes = spawnSync(process.execPath, [join(__dirname, 'suite-child.js'), w.boards], { encoding: 'utf8' });
  let firstPassMs = NaN;
  let secondPassMs = NaN;
  let warmCheckMs = NaN;
  let warmDeclarationsMs = NaN;
  let cards = NaN;
  let passesError: string | undefined;
  try {
    ({ firstMs: firstPassMs, secondMs: secondPassMs, warmCheckMs, warmDeclarationsMs, cards } = JSON.parse(passes.stdout) as { firstMs: number; secondMs: number; warmCheckMs: number; warmDeclarationsMs: number; cards: number });
  } catch {
    passesError = `suite-child: exit ${passes.status}: ${passes.stderr.slice(0, 200)}`;
  }
  return { files, lines: w.lines, boardBytes: w.boardBytes, jsonBytes: w.jsonBytes, cliMs: median(clis), jsonMs: median(refs), ratios, ratio: median(ratios), pooledCliMs: median(pooledClis), pooledRatios, pooledRatio: median(pooledRatios), inProcessMs: ip.ms, findings: ip.findings, startMs: median(starts), firstPassMs, secondPassMs, warmCheckMs, warmDeclarationsMs, cards, passesError, cliOk, cliError };
}
