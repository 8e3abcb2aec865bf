// A/B of two builds of the core in one process (the fair way on a shared machine: both see the
// same load). `node out/bench/ab.js BEFORE AFTER FILE...`, where BEFORE and AFTER are compiled
// core folders (e.g. a copy of out/core made before a change, and out/core after it). For each
// file: the results of both must be identical (JSON of `check`), then both run alternately after
// a warm-up (the JIT needs about 20 checks of a 10k file), and the medians of wall and CPU time
// are printed with their ratio. `AB_MODE=parse` times `parse` instead of `check`; `AB_ROUNDS`,
// `AB_WARM` set the number of timed rounds and of warm-up checks. Exit code 1 if results differ.
import { readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';

type Core = typeof import('../core');
const [beforeDir, afterDir, ...files] = process.argv.slice(2);
if (!beforeDir || !afterDir || files.length === 0) {
  process.stderr.write('usage: node out/bench/ab.js BEFORE_CORE_DIR AFTER_CORE_DIR FILE...\n');
  process.exit(2);
}
const before = require(resolve(beforeDir)) as Core;
const after = require(resolve(afterDir)) as Core;
const rounds = Number(process.env.AB_ROUNDS ?? 15);
const warm = Number(process.env.AB_WARM ?? 20);
const parseOnly = process.env.AB_MODE === 'parse';
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

for (const file of files) {
  const text = readFileSync(file, 'utf8');
  if (JSON.stringify(before.check(text)) !== JSON.stringify(after.check(text))) {
    process.stdout.write(`${basename(file)}: RESULTS DIFFER\n`);
    process.exitCode = 1;
    continue;
  }
  const run = (core: Core) => (parseOnly ? core.parse(text) : core.check(text));
  for (let i = 0; i < warm; i++) (run(before), run(after));
  const wall: [number[], number[]] = [[], []];
  const cpu: [number[], number[]] = [[], []];
  for (let r = 0; r < rounds; r++) {
    // Alternate which goes first.
    for (const k of r % 2 ? [0, 1] : [1, 0]) {
      const c0 = process.cpuUsage();
      const t0 = process.hrtime.bigint();
      run(k === 0 ? before : after);
      wall[k].push(Number(process.hrtime.bigint() - t0) / 1e6);
      const c = process.cpuUsage(c0);
      cpu[k].push((c.user + c.system) / 1000);
    }
  }
  const [wb, wa, cb, ca] = [median(wall[0]), median(wall[1]), median(cpu[0]), median(cpu[1])];
  process.stdout.write(
    `${basename(file)}: ${parseOnly ? 'parse' : 'check'} wall ${wb.toFixed(1)} → ${wa.toFixed(1)} ms (${(wa / wb).toFixed(3)}), ` +
      `CPU ${cb.toFixed(1)} → ${ca.toFixed(1)} ms (${(ca / cb).toFixed(3)}), identical results\n`,
  );
}
