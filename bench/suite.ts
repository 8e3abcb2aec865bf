// The suite figure (issue 18): one CLI run over 5,000 small generated scenarios (20-200 lines
// each) in a temp folder, against reading the same files' JSON twins and running JSON.parse on
// each. The CLI's time includes starting node and its worker; the per-file overhead is what the
// CLI spends per file beyond the reference.
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
  /** One `dist/cli.js check --format json DIR` run, wall clock. */
  cliMs: number;
  /** Reading every JSON twin and JSON.parse of each (in this process), wall clock. */
  jsonMs: number;
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
export function writeSuite(dir: string, files: number): { boards: string; twins: string; lines: [number, number]; boardBytes: number; jsonBytes: number } {
  const boards = join(dir, 'boards');
  const twins = join(dir, 'json');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(boards, { recursive: true });
  mkdirSync(twins, { recursive: true });
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
    writeFileSync(join(twins, `${name}.json`), json);
    boardBytes += Buffer.byteLength(text);
    jsonBytes += Buffer.byteLength(json);
  }
  return { boards, twins, lines: [lo, hi], boardBytes, jsonBytes };
}

export function measureSuite(root: string, dir: string, files = 5000, written?: ReturnType<typeof writeSuite>): SuiteResult {
  const w = written ?? writeSuite(dir, files);
  const names = Array.from({ length: files }, (_, i) => `s${String(i).padStart(5, '0')}`);
  // Reference: read each twin and parse it (twice, the second timed: the files are in the page cache for both sides).
  let sink = 0;
  const reference = () => {
    const t0 = performance.now();
    for (const n of names) sink += (JSON.parse(readFileSync(join(w.twins, `${n}.json`), 'utf8')) as unknown[]).length;
    return performance.now() - t0;
  };
  reference();
  const jsonMs = reference();
  const inProcess = () => {
    const t0 = performance.now();
    let findings = 0;
    for (const n of names) findings += check(readFileSync(join(w.boards, `${n}.board`), 'utf8')).findings.length;
    return { ms: performance.now() - t0, findings };
  };
  inProcess();
  const ip = inProcess();
  const cli = join(root, 'dist', 'cli.js');
  const t0 = performance.now();
  const run = spawnSync(process.execPath, [cli, 'check', '--format', 'json', w.boards], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const cliMs = performance.now() - t0;
  let cliOk = false;
  let cliError: string | undefined;
  try {
    const out = JSON.parse(run.stdout) as { files: unknown[] };
    cliOk = run.status === 0 && out.files.length === files;
    if (!cliOk) cliError = `exit ${run.status}, ${out.files.length} files: ${run.stderr.slice(0, 200)}`;
  } catch (e) {
    cliError = `exit ${run.status}: ${String(e)} ${run.stderr.slice(0, 200)}`;
  }
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
  return { files, lines: w.lines, boardBytes: w.boardBytes, jsonBytes: w.jsonBytes, cliMs, jsonMs, inProcessMs: ip.ms, findings: ip.findings, startMs: median(starts), firstPassMs, secondPassMs, warmCheckMs, warmDeclarationsMs, cards, passesError, cliOk, cliError };
}
