// Timing and statistics helpers for the benchmark.
import { performance } from 'node:perf_hooks';

export function median(xs: number[]): number {
  return percentile(xs, 50);
}

/** Nearest-rank percentile (p in 0..100) of a sample. */
export function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * s.length);
  return s[Math.min(s.length - 1, Math.max(0, rank - 1))];
}

const gc: (() => void) | undefined = (globalThis as { gc?: () => void }).gc;

export interface Runs {
  /** Wall-clock ms per run (performance.now). */
  wall: number[];
  /** CPU ms per run (process.cpuUsage, user + system, all threads of this process: GC helpers included). */
  cpu: number[];
}

export function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/**
 * Runs `fn` `warmup` times untimed, then `iterations` times timed. One full GC (when exposed) before
 * the timed runs, none between them: a forced GC makes the next run slower than it is in steady use
 * (measured: 1k parse 0.7 ms → 4 ms with a gc() before each run). The cause is mostly not the GC
 * itself: a full GC clears the hidden classes no live object has any more (the last run's tokens,
 * events and board objects are all garbage), and V8 deoptimizes every function whose optimized code
 * names one of them ("weak objects": 340 deoptimizations after one gc() between 100k checks), so
 * the next run is a warm-up again (100k check: 187 ms after the gc(), 79 ms for the runs after it,
 * whose median is the figure).
 */
export function timeRuns<T>(fn: () => T, warmup: number, iterations: number, sink: (x: T) => void = () => {}): Runs {
  for (let i = 0; i < warmup; i++) sink(fn());
  gc?.();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const c0 = cpuMs();
    const t0 = performance.now();
    const r = fn();
    const t1 = performance.now();
    const c1 = cpuMs();
    sink(r);
    wall.push(t1 - t0);
    cpu.push(c1 - c0);
  }
  return { wall, cpu };
}

export const hasGc = gc !== undefined;

export function fmtMs(ms: number): string {
  if (!Number.isFinite(ms)) return 'n/a';
  if (ms < 1) return `${ms.toFixed(3)} ms`;
  if (ms < 100) return `${ms.toFixed(1)} ms`;
  return `${Math.round(ms)} ms`;
}

export function fmtNum(n: number, digits = 0): string {
  if (!Number.isFinite(n)) return 'n/a';
  return n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

export function fmtBytes(b: number): string {
  if (b < 1024) return `${b} B`;
  if (b < 1024 * 1024) return `${(b / 1024).toFixed(1)} KiB`;
  return `${(b / 1024 / 1024).toFixed(1)} MiB`;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
