// Child process for the memory figure:
//   node --expose-gc --trace-gc out/bench/memory-child.js FILE
// Reads FILE, collects garbage, takes the baseline, checks it once, and reports on stderr (stdout
// carries V8's --trace-gc lines, which the parent reads for the peak):
//  - baseline: heapUsed / rss after full GCs, with the text already in memory;
//  - after: heapUsed right after check (garbage included, no GC yet);
//  - retained: heapUsed after full GCs with the result (and the parsed document) still referenced;
//  - maxRss: the process's peak resident set (getrusage), before and after the check.
// The peak heap during the check is the largest "used before GC" figure of the GC lines between
// the forced GCs around the check: the heap only grows between two collections, so its maxima are
// exactly the moments just before each one.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { analyse } from '../core';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) {
  process.stderr.write(JSON.stringify({ error: 'run with --expose-gc' }) + '\n');
  process.exit(1);
}
const file = process.argv[2];
const text = readFileSync(file, 'utf8');
gc();
gc();
const base = process.memoryUsage();
const maxRssBefore = process.resourceUsage().maxRSS * 1024;
const t0 = performance.now();
const analysis = analyse(text);
const t1 = performance.now();
const after = process.memoryUsage();
const maxRssAfter = process.resourceUsage().maxRSS * 1024;
gc();
gc();
const retained = process.memoryUsage();
// `analysis` is still referenced here (used below), so the retained figure includes it.
const findings = analysis.result.findings.length;
process.stderr.write(
  JSON.stringify({
    textChars: text.length,
    checkMs: t1 - t0,
    findings,
    statements: analysis.doc.statements.length,
    base: { heapUsed: base.heapUsed, rss: base.rss },
    after: { heapUsed: after.heapUsed, rss: after.rss },
    retained: { heapUsed: retained.heapUsed, rss: retained.rss },
    maxRssBefore,
    maxRssAfter,
  }) + '\n',
);
