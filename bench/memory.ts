// Runs memory-child.js in a fresh process and derives the memory figures of one check.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export interface MemoryResult {
  fileBytes: number;
  checkMs: number;
  findings: number;
  /** Heap in use just before the check, after full GCs, with the text loaded. */
  baselineHeap: number;
  /** Largest heap in use seen during the check (just before a GC, or right after the check). */
  peakHeap: number;
  /** peakHeap - baselineHeap. */
  peakHeapDelta: number;
  /** Heap kept by the result and the parsed document after full GCs, minus the baseline. */
  retainedHeapDelta: number;
  /** Growth of the process's peak resident set during the check. */
  peakRssDelta: number;
  gcLines: number;
}

/** Heap "used before" values (MB = MiB in V8's trace) of --trace-gc lines, with the reason. */
function parseTraceGc(stdout: string): { usedBefore: number; testing: boolean }[] {
  const out: { usedBefore: number; testing: boolean }[] = [];
  for (const line of stdout.split('\n')) {
    const m = /ms: (?:Scavenge|Mark-Compact|Mark-sweep|Minor Mark-Compact|Minor Mark-Sweep|Mark-Compact \(reduce\))[^0-9]*([0-9.]+) \(([0-9.]+)\) -> ([0-9.]+)/.exec(line);
    if (!m) continue;
    out.push({ usedBefore: Number(m[1]) * 1024 * 1024, testing: /\btesting\b/.test(line) });
  }
  return out;
}

export function measureMemory(boardFile: string, fileBytes: number): MemoryResult {
  const child = join(__dirname, 'memory-child.js');
  const run = spawnSync(process.execPath, ['--expose-gc', '--trace-gc', child, boardFile], { encoding: 'utf8', maxBuffer: 1 << 26 });
  const report = JSON.parse(run.stderr.trim().split('\n').pop() ?? '{}');
  if (run.status !== 0 || report.error) throw new Error(`memory child failed: ${run.stderr}`);
  const gcs = parseTraceGc(run.stdout);
  // The forced GCs: two before the check (baseline), two after (retained). The check's own GCs are
  // the lines between the 2nd and the 3rd testing GC; the 3rd's "before" is the heap right after it.
  const testing = gcs.map((g, i) => (g.testing ? i : -1)).filter((i) => i >= 0);
  let peak = report.after.heapUsed as number;
  if (testing.length >= 3) {
    for (let i = testing[1] + 1; i <= testing[2]; i++) peak = Math.max(peak, gcs[i].usedBefore);
  }
  const baselineHeap = report.base.heapUsed as number;
  return {
    fileBytes,
    checkMs: report.checkMs,
    findings: report.findings,
    baselineHeap,
    peakHeap: peak,
    peakHeapDelta: peak - baselineHeap,
    retainedHeapDelta: report.retained.heapUsed - baselineHeap,
    peakRssDelta: Math.max(0, report.maxRssAfter - Math.max(report.maxRssBefore, report.base.rss)),
    gcLines: testing.length >= 3 ? testing[2] - testing[1] - 1 : -1,
  };
}
