// Child process for the suite's breakdown:
//   node out/bench/suite-child.js DIR
// Checks every .board file of DIR twice, as the CLI does with small files (cli/scenario's
// checkFile: read, decode, check, in the command's own process), and prints {"firstMs",
// "secondMs", "files", ...} on stdout. The first pass is what a fresh process pays (the JIT
// compiles and optimizes the check as it goes); the second is the same work with the code warm.
// Their difference is the JIT's warm-up.
// Then, the code warm and the texts read before: `check` of every file (median of 3 passes), and of
// every file cut before its first event, so its header and declarations alone (median of 3): how
// the warm check divides between declaring the cards (with what any check of a file costs) and
// replaying the events.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { checkFile } from '../cli/scenario';
import { check, isEvent, lineStartsOf, parse } from '../core';
import { median } from './stats';

const dir = process.argv[2];
const files = readdirSync(dir)
  .filter((n) => n.endsWith('.board'))
  .sort()
  .map((n) => join(dir, n));
const roots = new Map<string, string>();
const pass = (): number => {
  const t0 = performance.now();
  for (const file of files) {
    const outcome = checkFile(file, { fix: false, roots });
    if (!outcome.result) throw new Error(`${file}: ${outcome.problem}`);
  }
  return performance.now() - t0;
};
const firstMs = pass();
const secondMs = pass();

const texts = files.map((file) => readFileSync(file, 'utf8'));
let cards = 0;
const declarations = texts.map((text) => {
  const statements = parse(text).statements;
  for (const st of statements) if (st.kind === 'card') cards++;
  const first = statements.find(isEvent);
  return first ? text.slice(0, lineStartsOf(text)[first.range.start.line]) : text;
});
// The findings are counted so that no check is optimized away (the suite has none: run.ts checks that).
let findings = 0;
const timed = (set: readonly string[]): number => {
  const runs: number[] = [];
  for (let r = 0; r < 3; r++) {
    const t0 = performance.now();
    for (const text of set) findings += check(text).findings.length;
    runs.push(performance.now() - t0);
  }
  return median(runs);
};
const warmCheckMs = timed(texts);
const warmDeclarationsMs = timed(declarations);
process.stdout.write(JSON.stringify({ firstMs, secondMs, files: files.length, cards, warmCheckMs, warmDeclarationsMs, findings }) + '\n');
