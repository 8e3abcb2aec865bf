// Child process for the suite's breakdown:
//   node out/bench/suite-child.js DIR
// Checks every .board file of DIR twice, as the CLI does with small files (cli/scenario's
// checkFile: read, decode, check, in the command's own process), and prints {"firstMs",
// "secondMs", "files"} on stdout. The first pass is what a fresh process pays (the JIT compiles
// and optimizes the check as it goes); the second is the same work with the code warm. Their
// difference is the JIT's warm-up.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { checkFile } from '../cli/scenario';

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
process.stdout.write(JSON.stringify({ firstMs, secondMs, files: files.length }) + '\n');
