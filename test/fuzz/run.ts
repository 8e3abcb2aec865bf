// The long fuzz run, separate from `npm test`:
//   node out/test/fuzz/run.js [--runs 100000] [--seed N] [--property TEXT] [--heavy W] [--max-failures K] [--path P] [--out DIR] [--skip-known]
// Runs every property of ./properties over generated inputs (scenarios, mutated fixtures and
// examples, arbitrary text), `runs` cases in all, split evenly between the properties. Prints the
// seed at the start; at the end the counts, the slowest checks, and every counterexample (seed,
// path and shrunk input), which is also written in full to DIR. Exit code 1 if any property failed.
//
// --skip-known leaves out inputs that trigger the known, unfixed core bugs of ./known-bugs.
//
// Reproduce one counterexample: --property "<name>" --seed S --path P (with the same --heavy).
import fc from 'fast-check';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fuzzInputArb, preview, type FuzzInput } from './generators';
import { PROPERTIES, type Property } from './properties';
import { knownBugIn, KNOWN_BUGS } from './known-bugs';

interface Options {
  runs: number;
  seed: number;
  property?: string;
  heavy: number;
  maxFailures: number;
  path?: string;
  out: string;
  skipKnown: boolean;
}

function parseArgs(argv: string[]): Options {
  const o: Options = { runs: 100_000, seed: (Date.now() ^ (Math.random() * 0x7fffffff)) >>> 0, heavy: 1, maxFailures: 3, out: join(tmpdir(), 'board-scenario-fuzz'), skipKnown: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const v = () => {
      const x = argv[++i];
      if (x === undefined) throw new Error(`${a} needs a value`);
      return x;
    };
    if (a === '--runs') o.runs = Number(v());
    else if (a === '--seed') o.seed = Number(v()) >>> 0;
    else if (a === '--property') o.property = v();
    else if (a === '--heavy') o.heavy = Number(v());
    else if (a === '--max-failures') o.maxFailures = Number(v());
    else if (a === '--path') o.path = v();
    else if (a === '--out') o.out = v();
    else if (a === '--skip-known') o.skipKnown = true;
    else if (a === '--help' || a === '-h') {
      console.log('usage: node out/test/fuzz/run.js [--runs N] [--seed N] [--property TEXT] [--heavy W] [--max-failures K] [--path P] [--out DIR] [--skip-known]');
      process.exit(0);
    } else throw new Error(`unknown argument ${a}`);
  }
  if (!Number.isFinite(o.runs) || o.runs < 1) throw new Error('--runs must be a positive number');
  return o;
}

interface Counterexample {
  property: string;
  seed: number;
  path: string;
  error: string;
  input: FuzzInput;
  shrinks: number;
  file: string;
}

interface Slow {
  ms: number;
  property: string;
  chars: number;
  origin: string;
  text: string;
}

/** Failures with the same message shape are one bug: compare without numbers and quoted text. */
function signature(property: string, error: string): string {
  const first = error.split('\n').find((l) => l.trim()) ?? '';
  return property + '|' + first.replace(/"[^"]*"|'[^']*'|\d+/g, '#').slice(0, 160);
}

function main(): void {
  const o = parseArgs(process.argv.slice(2));
  const props: Property[] = o.property ? PROPERTIES.filter((p) => p.name.includes(o.property!)) : PROPERTIES;
  if (props.length === 0) throw new Error(`no property matches '${o.property}'`);
  console.log(`board-scenario fuzz: seed ${o.seed}, ${o.runs} cases over ${props.length} properties, heavy weight ${o.heavy}${o.skipKnown ? `, skipping inputs that trigger known bugs (${KNOWN_BUGS.filter((b) => b.triggers).map((b) => b.id).join(', ')})` : ''}`);
  console.log(`reproduce: node out/test/fuzz/run.js --seed ${o.seed} --runs ${o.runs} --heavy ${o.heavy}${o.property ? ` --property ${JSON.stringify(o.property)}` : ''}${o.skipKnown ? ' --skip-known' : ''}`);

  const base = fuzzInputArb({ heavy: o.heavy });
  const arb = o.skipKnown ? base.filter((x) => !knownBugIn(x.text)) : base;
  const failures: Counterexample[] = [];
  let fuzzerErrors = 0;
  const seen = new Set<string>();
  const slow: Slow[] = [];
  const rows: { property: string; runs: number; failed: number; seconds: number }[] = [];
  const started = performance.now();
  mkdirSync(o.out, { recursive: true });

  props.forEach((p, pi) => {
    let remaining = Math.floor(o.runs / props.length) + (pi < o.runs % props.length ? 1 : 0);
    let seed = (o.seed + pi * 7919) >>> 0;
    let done = 0;
    let failed = 0;
    const t0 = performance.now();
    let calls = 0;
    const budget = remaining;
    const timed = (input: FuzzInput) => {
      const s = performance.now();
      try {
        p.run(input);
      } finally {
        const ms = performance.now() - s;
        calls++;
        if (slow.length < 8 || ms > slow[slow.length - 1].ms) {
          slow.push({ ms, property: p.name, chars: input.text.length, origin: input.origin, text: input.text });
          slow.sort((a, b) => b.ms - a.ms);
          slow.length = Math.min(slow.length, 8);
        }
        // Say at once when one case is very slow (a hang shows up here first), and show progress.
        if (ms > 10_000) {
          const file = join(o.out, `very-slow-${Date.now()}.board`);
          writeFileSync(file, input.text);
          console.log(`    very slow: ${(ms / 1000).toFixed(1)} s on ${input.text.length} chars (${input.origin}), in ${file}`);
        }
        if (calls % Math.max(1000, Math.floor(budget / 4)) === 0) console.log(`    ${p.name}: ${calls} runs (shrinking included) in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
      }
    };
    while (remaining > 0) {
      let details: ReturnType<typeof fc.check<[FuzzInput]>>;
      try {
        details = fc.check(fc.property(arb, timed), { seed, numRuns: remaining, path: o.path, endOnFailure: false });
      } catch (e) {
        // Not a property failure: the fuzzer itself broke (a generator threw). Report it and go on.
        console.log(`  ERROR in the fuzzer (seed ${seed}): ${(e as Error)?.stack ?? String(e)}`.slice(0, 2000));
        fuzzerErrors++;
        break;
      }
      done += details.numRuns;
      remaining -= Math.max(1, details.numRuns);
      if (!details.failed) break;
      const input = details.counterexample?.[0] as FuzzInput;
      const error = (details.errorInstance as Error)?.message ?? String(details.error);
      const sig = signature(p.name, error);
      if (!seen.has(sig)) {
        seen.add(sig);
        failed++;
        const file = join(o.out, `failure-${failures.length + 1}-seed${seed}.board`);
        writeFileSync(file, input.text);
        failures.push({ property: p.name, seed, path: details.counterexamplePath ?? '', error, input, shrinks: details.numShrinks, file });
        console.log(`  FAIL ${p.name} (seed ${seed}, path ${details.counterexamplePath}): ${error.split('\n')[0].slice(0, 200)}`);
      } else failed++;
      if (failed >= o.maxFailures || o.path) break;
      seed = (seed * 1103515245 + 12345) >>> 0;
    }
    const seconds = (performance.now() - t0) / 1000;
    rows.push({ property: p.name, runs: done, failed, seconds });
    const stopped = failed >= o.maxFailures && remaining > 0 ? ` (stopped after ${failed} failures; --max-failures)` : '';
    console.log(`  ${failed ? 'FAILED' : 'ok    '} ${p.name}: ${done} cases, ${seconds.toFixed(1)} s${stopped}`);
  });

  const total = (performance.now() - started) / 1000;
  console.log('\nsummary');
  for (const r of rows) console.log(`  ${String(r.runs).padStart(7)} cases  ${String(r.failed).padStart(2)} failed  ${r.seconds.toFixed(1).padStart(6)} s  ${r.property}`);
  console.log(`  ${rows.reduce((n, r) => n + r.runs, 0)} cases in ${total.toFixed(1)} s, seed ${o.seed}`);
  console.log('\nslowest cases (one property run each: one or more checks)');
  slow.forEach((s, k) => {
    const file = join(o.out, `slow-${k + 1}.board`);
    writeFileSync(file, s.text);
    console.log(`  ${s.ms.toFixed(0).padStart(6)} ms  ${String(s.chars).padStart(8)} chars  ${s.property} — ${s.origin} (${file})`);
  });
  if (fuzzerErrors) {
    console.log(`\n${fuzzerErrors} fuzzer error(s) above`);
    process.exitCode = 1;
  }
  if (failures.length === 0) {
    console.log('\nno counterexample');
    return;
  }
  console.log(`\n${failures.length} distinct counterexample(s):`);
  for (const [k, f] of failures.entries()) {
    console.log(`\n#${k + 1} ${f.property}`);
    console.log(`  seed ${f.seed}, path ${f.path}, ${f.shrinks} shrinks`);
    console.log(`  replay: node out/test/fuzz/run.js --property ${JSON.stringify(f.property)} --seed ${f.seed} --path ${f.path} --heavy ${o.heavy} --runs 1${o.skipKnown ? ' --skip-known' : ''}`);
    const known = knownBugIn(f.input.text);
    if (known) console.log(`  known bug: ${known.id}`);
    console.log(`  input (${f.input.origin}, pick ${f.input.pick}, ${f.input.text.length} chars, full text in ${f.file}):`);
    console.log(`  ${JSON.stringify(preview(f.input.text, 4000))}`);
    console.log(`  error: ${f.error.slice(0, 3000).replace(/\n/g, '\n    ')}`);
  }
  process.exitCode = 1;
}

main();
