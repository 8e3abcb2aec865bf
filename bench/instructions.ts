// Instruction counts of two builds of the core, side by side (`npm run bench:instructions -- BEFORE
// AFTER`, where BEFORE and AFTER are compiled core folders: a copy of out/core made before a change,
// and out/core after it). Wall time on a shared machine moves by far more than most changes do;
// instructions counted by callgrind (valgrind) do not. Each workload runs in a fresh node under
// callgrind, once per build:
// - `clean` and `findings`: 3 checks of the bench's 100k-event scenario (generate.ts, the same as
//   `npm run bench`'s), clean and with about 1 % of its events finding something;
// - `suite`: one fresh process checking the first 1,000 files of the bench's suite (suite.ts), the
//   JIT's warm-up included, as a CLI run over many small files pays it.
// The counts are made repeatable by fixing what varies between runs: the hash and random seeds,
// V8's predictable mode and garbage collection schedule, the JIT on the main thread, and each
// build copied to a folder of the same length (the path's length alone moved a count by 0.1 %).
// Two copies of one build then agree to about 0.03 %, run after run (up to a million or so
// instructions of 5 billion).
// A third of a 3-check count is start-up and the JIT compiling, which a change can move too (more
// code inlined, a function optimized sooner): a change is a gain when all three workloads agree.
// Exit code 1 if the builds' findings differ on a workload (a digest of their codes, positions and
// messages, which the child prints).
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate, toBoard } from './generate';
import { writeSuite } from './suite';

const NODE_FLAGS = ['--predictable', '--predictable-gc-schedule', '--single-threaded', '--hash-seed=1', '--random-seed=1'];
const SUITE_FILES = 1000;

interface Count {
  instructions: number;
  digest: string;
}

/** One workload under callgrind: its instruction count and the findings' digest. */
function measure(kind: string, coreDir: string, input: string): Promise<Count> {
  return new Promise((done, fail) => {
    const args = ['--tool=callgrind', '--callgrind-out-file=/dev/null', process.execPath, ...NODE_FLAGS, join(__dirname, 'instructions-child.js'), kind, coreDir, input];
    const p = spawn('valgrind', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    p.stdout.on('data', (d: Buffer) => (out += d.toString()));
    p.stderr.on('data', (d: Buffer) => (err += d.toString()));
    p.on('error', fail);
    p.on('close', (code) => {
      const m = /Collected : ([\d,]+)/.exec(err);
      if (code !== 0 || !m) fail(new Error(`${kind} with ${coreDir}: exit ${code}\n${err.slice(-2000)}`));
      else done({ instructions: Number(m[1].replace(/,/g, '')), digest: out.trim() });
    });
  });
}

/** Runs `jobs` with at most `width` at once; the results in order. */
async function pool<T>(jobs: (() => Promise<T>)[], width: number): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      results[i] = await jobs[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, jobs.length) }, worker));
  return results;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const jobsArg = args.find((a) => a.startsWith('--jobs='));
  const width = jobsArg === undefined ? 2 : Number(jobsArg.slice('--jobs='.length));
  const builds = args.filter((a) => !a.startsWith('--'));
  if (builds.length !== 2 || builds.some((b) => !existsSync(join(b, 'index.js'))) || !Number.isInteger(width) || width < 1) {
    process.stderr.write('usage: node out/bench/instructions.js BEFORE AFTER [--jobs=N]\n  BEFORE, AFTER: compiled core folders (each with index.js), e.g. a copy of out/core made before a change and out/core\n  N: how many workloads run at once (default 2)\n');
    return 2;
  }
  if (spawnSync('valgrind', ['--version']).status !== 0) {
    process.stderr.write('valgrind is needed (Debian: apt-get install valgrind)\n');
    return 2;
  }
  const root = mkdtempSync(join(tmpdir(), 'board-scenario-instructions-'));
  try {
    // Each build in a folder of the same length (a/core, b/core), so neither count pays for a longer path.
    const cores = builds.map((b, i) => {
      const dir = join(root, 'ab'[i], 'core');
      cpSync(b, dir, { recursive: true });
      return dir;
    });
    mkdirSync(join(root, 'input'));
    const inputs: [string, string][] = [];
    for (const variant of ['clean', 'findings'] as const) {
      const file = join(root, 'input', `${variant}-100000.board`);
      writeFileSync(file, toBoard(generate(100_000, variant)));
      inputs.push([variant, file]);
    }
    inputs.push(['suite', writeSuite(join(root, 'suite'), SUITE_FILES).boards]);
    process.stderr.write(`callgrind: ${inputs.length} workloads × 2 builds, ${width} at a time (a few minutes)\n`);
    const counts = await pool(
      inputs.flatMap(([kind, input]) => cores.map((core) => () => measure(kind, core, input))),
      width,
    );
    let differ = false;
    const rows = inputs.map(([kind], i) => {
      const [a, b] = [counts[2 * i], counts[2 * i + 1]];
      if (a.digest !== b.digest) differ = true;
      const change = ((100 * (b.instructions - a.instructions)) / a.instructions).toFixed(2);
      return `| ${kind} | ${a.instructions.toLocaleString('en-US')} | ${b.instructions.toLocaleString('en-US')} | ${change.startsWith('-') ? '' : '+'}${change} % | ${a.digest === b.digest ? 'same' : `DIFFER: ${a.digest} / ${b.digest}`} |`;
    });
    process.stdout.write(['| workload | before | after | change | findings |', '|---|---|---|---|---|', ...rows].join('\n') + '\n');
    return differ ? 1 : 0;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

void main().then(
  (code) => (process.exitCode = code),
  (e: unknown) => {
    process.stderr.write(`${String(e instanceof Error ? e.message : e)}\n`);
    process.exitCode = 2;
  },
);
