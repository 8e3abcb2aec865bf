// A/B of two builds of the core (`node out/bench/ab.js BEFORE AFTER FILE...`, where BEFORE and
// AFTER are compiled core folders, e.g. a copy of out/core made before a change and out/core after
// it). For each file, the results of both must be identical (JSON of `check`); then the two are
// timed, in one of two ways:
// - `AB_PROCESSES=N` (the default, 8): N fresh processes for each build, started in turn (A B, then
//   B A, ...), each warming up and then timing its own checks; the medians of their medians, and
//   the ratio of the fastest process of each. Each build has a process and a JIT of its own, so
//   neither sees the other's garbage or code: the fair comparison on a shared machine.
// - `AB_PROCESSES=0`: both builds in this process, run alternately. Quicker, but biased: with
//   `AB_MODE=parse` (which keeps a whole syntax tree per run) two copies of one build read 6-9 %
//   apart, always in favour of AFTER, so a change is measured in both orders or in processes.
// `AB_MODE=parse` times `parse` (the whole tree), `AB_MODE=stream` the streamed parse a check does
// (no tree, no replay), the default `check`; `AB_ROUNDS`, `AB_WARM` set the timed rounds and the
// warm-up runs (of each process). Exit code 1 if results differ.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';

type Core = typeof import('../core');
type Mode = 'check' | 'parse' | 'stream';
const rounds = Number(process.env.AB_ROUNDS ?? 15);
const warm = Number(process.env.AB_WARM ?? 20);
const mode: Mode = process.env.AB_MODE === 'parse' || process.env.AB_MODE === 'stream' ? process.env.AB_MODE : 'check';
const processes = Number(process.env.AB_PROCESSES ?? 8);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

/** The run a mode times, with the core folder's own modules. */
function runner(dir: string, text: string): () => unknown {
  const core = require(resolve(dir)) as Core;
  if (mode === 'check') return () => core.check(text);
  if (mode === 'parse') return () => core.parse(text);
  const { parseStream } = require(resolve(dir, 'parser', 'parser')) as typeof import('../core/parser/parser');
  return () => parseStream(text, () => {});
}

/** Times `run` (after the warm-up): wall and CPU time of each round, in ms. */
function timed(run: () => unknown, into: { wall: number[]; cpu: number[] }): void {
  const c0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  run();
  into.wall.push(Number(process.hrtime.bigint() - t0) / 1e6);
  const c = process.cpuUsage(c0);
  into.cpu.push((c.user + c.system) / 1000);
}

/** In a child process (`--child DIR FILE`): one build alone; prints the medians of its rounds as JSON. */
function child(dir: string, file: string): void {
  const run = runner(dir, readFileSync(file, 'utf8'));
  for (let i = 0; i < warm; i++) run();
  const t = { wall: [] as number[], cpu: [] as number[] };
  for (let r = 0; r < rounds; r++) timed(run, t);
  process.stdout.write(JSON.stringify({ wall: median(t.wall), cpu: median(t.cpu) }) + '\n');
}

function inProcess(beforeDir: string, afterDir: string, text: string): { wall: [number, number]; cpu: [number, number] } {
  const builds = [runner(beforeDir, text), runner(afterDir, text)];
  for (let i = 0; i < warm; i++) (builds[0](), builds[1]());
  const t = [
    { wall: [] as number[], cpu: [] as number[] },
    { wall: [] as number[], cpu: [] as number[] },
  ];
  // Alternate which goes first.
  for (let r = 0; r < rounds; r++) for (const k of r % 2 ? [0, 1] : [1, 0]) timed(builds[k], t[k]);
  return { wall: [median(t[0].wall), median(t[1].wall)], cpu: [median(t[0].cpu), median(t[1].cpu)] };
}

function inProcesses(beforeDir: string, afterDir: string, file: string): string {
  const per: { wall: number; cpu: number }[][] = [[], []];
  for (let i = 0; i < processes; i++) {
    for (const k of i % 2 ? [1, 0] : [0, 1]) {
      const run = spawnSync(process.execPath, [__filename, '--child', k === 0 ? beforeDir : afterDir, file], { encoding: 'utf8', env: process.env });
      if (run.status !== 0) throw new Error(`a timing process failed: ${run.stderr}`);
      per[k].push(JSON.parse(run.stdout) as { wall: number; cpu: number });
    }
  }
  const of = (k: number, key: 'wall' | 'cpu') => per[k].map((x) => x[key]);
  const ratio = (a: number, b: number) => (b / a).toFixed(3);
  const [wb, wa, cb, ca] = [median(of(0, 'wall')), median(of(1, 'wall')), median(of(0, 'cpu')), median(of(1, 'cpu'))];
  const [fb, fa] = [Math.min(...of(0, 'cpu')), Math.min(...of(1, 'cpu'))];
  return (
    `wall ${wb.toFixed(1)} → ${wa.toFixed(1)} ms (${ratio(wb, wa)}), CPU ${cb.toFixed(1)} → ${ca.toFixed(1)} ms (${ratio(cb, ca)}), ` +
    `fastest process CPU ${fb.toFixed(1)} → ${fa.toFixed(1)} ms (${ratio(fb, fa)}); medians of ${processes} processes each`
  );
}

function main(): void {
  const args = process.argv.slice(2);
  if (args[0] === '--child') return child(args[1], args[2]);
  const [beforeDir, afterDir, ...files] = args;
  if (!beforeDir || !afterDir || files.length === 0) {
    process.stderr.write('usage: node out/bench/ab.js BEFORE_CORE_DIR AFTER_CORE_DIR FILE...\n');
    process.exit(2);
  }
  const before = require(resolve(beforeDir)) as Core;
  const after = require(resolve(afterDir)) as Core;
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    if (JSON.stringify(before.check(text)) !== JSON.stringify(after.check(text))) {
      process.stdout.write(`${basename(file)}: RESULTS DIFFER\n`);
      process.exitCode = 1;
      continue;
    }
    let line: string;
    if (processes > 0) line = inProcesses(beforeDir, afterDir, file);
    else {
      const { wall, cpu } = inProcess(beforeDir, afterDir, text);
      line = `wall ${wall[0].toFixed(1)} → ${wall[1].toFixed(1)} ms (${(wall[1] / wall[0]).toFixed(3)}), CPU ${cpu[0].toFixed(1)} → ${cpu[1].toFixed(1)} ms (${(cpu[1] / cpu[0]).toFixed(3)}), in one process`;
    }
    process.stdout.write(`${basename(file)}: ${mode} ${line}, identical results\n`);
  }
}

main();
