// The scaling target (issue 18: 10× the events in at most 11× the time), measured in pairs. The
// size rows time the 100k and the 1M checks seconds apart, each a median of its own runs, so a
// slower spell of the machine during one and not the other moves their ratio (the references'
// ratios, which do the same work per character at both sizes, move with it). Here the two texts are
// checked in turn: each 1M check between two groups of 100k checks, and its ratio taken to the
// median of those; the figure is the median of the pairs' ratios. No gc() between them: a forced
// GC makes the next check a warm-up again (stats.ts, timeRuns).
import { performance } from 'node:perf_hooks';
import { check } from '../core';
import { cpuMs, median } from './stats';

export interface ScalingResult {
  /** Each pair's time(large) ÷ median time(small) around it, in order. */
  ratios: number[];
  /** Their median; the same from CPU time. */
  ratio: number;
  cpuRatio: number;
  /** The median times of the small and large checks over all pairs. */
  smallMs: number;
  largeMs: number;
}

export function measureScaling(small: string, large: string, pairs = 7, smallPerGroup = 5): ScalingResult {
  let sink = 0;
  const time = (text: string): { wall: number; cpu: number } => {
    const c0 = cpuMs();
    const t0 = performance.now();
    sink += check(text).findings.length;
    return { wall: performance.now() - t0, cpu: cpuMs() - c0 };
  };
  const group = (): { wall: number; cpu: number }[] => Array.from({ length: smallPerGroup }, () => time(small));
  // Warm: the code compiled for both sizes before anything is timed.
  time(small);
  time(large);
  const ratios: number[] = [];
  const cpuRatios: number[] = [];
  const smalls: number[] = [];
  const larges: number[] = [];
  let before = group();
  for (let i = 0; i < pairs; i++) {
    const big = time(large);
    const after = group();
    const around = [...before, ...after];
    ratios.push(big.wall / median(around.map((r) => r.wall)));
    cpuRatios.push(big.cpu / median(around.map((r) => r.cpu)));
    smalls.push(...after.map((r) => r.wall));
    larges.push(big.wall);
    before = after;
  }
  if (sink < 0) throw new Error('unreachable');
  return { ratios, ratio: median(ratios), cpuRatio: median(cpuRatios), smallMs: median(smalls), largeMs: median(larges) };
}
