// Big inputs (issue 13): the real CLI (`dist/cli.js check FILE --format json`, stdout to a file)
// on a ~50 MB scenario where every event line is a finding, and on a clean scenario of the same
// size. Figures: wall time, peak RSS, exit status, and the peak RSS the findings add, per finding
// (before the findings were streamed and capped it was about 4.5 KB, and the 50 MB file aborted).
import { spawnSync } from 'node:child_process';
import { mkdirSync, openSync, closeSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export interface BigRun {
  bytes: number;
  /** Findings in the file (the check's own count: listed + omitted). */
  findings: number;
  listed: number;
  ms: number;
  rssBytes: number;
  status: number | null;
  signal: string | null;
  /** The JSON output parsed and its counts agree with the file. */
  valid: boolean;
  stderr: string;
}

export interface BigFileResult {
  findingsRun: BigRun;
  cleanRun: BigRun;
  /** (peak RSS with findings − peak RSS clean) ÷ findings. */
  rssPerFinding: number;
}

const HEAD = 'game mtg\nplayer alice\ncard lion "Silvercoat Lion": creature — Cat\ncard splitter "Bonesplitter": artifact — Equipment\nequip splitter to lion\n';

/** Writes HEAD and then `line` until the file has about `bytes` bytes; returns how many lines. */
function writeScenario(file: string, line: string, bytes: number): number {
  const fd = openSync(file, 'w');
  try {
    writeSync(fd, HEAD);
    const n = Math.ceil((bytes - HEAD.length) / line.length);
    const chunkLines = 10_000;
    const chunk = line.repeat(chunkLines);
    for (let i = 0; i < Math.floor(n / chunkLines); i++) writeSync(fd, chunk);
    writeSync(fd, line.repeat(n % chunkLines));
    return n;
  } finally {
    closeSync(fd);
  }
}

function runCli(root: string, file: string, tmp: string, expectedFindings: number): BigRun {
  const out = join(tmp, 'big-out.json');
  const rssFile = join(tmp, 'big-rss.txt');
  const fd = openSync(out, 'w');
  rmSync(rssFile, { force: true });
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ['--require', join(__dirname, 'rss-report.js'), join(root, 'dist', 'cli.js'), 'check', file, '--format', 'json'], {
    stdio: ['ignore', fd, 'pipe'],
    env: { ...process.env, BENCH_RSS_FILE: rssFile },
    encoding: 'utf8',
  });
  const ms = performance.now() - t0;
  closeSync(fd);
  let listed = 0;
  let findings = 0;
  let valid = false;
  try {
    const doc = JSON.parse(readFileSync(out, 'utf8'));
    const f = doc.files[0];
    listed = f.diagnostics.length;
    findings = listed + (f.omitted?.findings ?? 0);
    valid = findings === expectedFindings;
  } catch {
    valid = false;
  }
  let rssBytes = NaN;
  try {
    // The command's line and its checker's: the sum of both peaks.
    rssBytes = readFileSync(rssFile, 'utf8').trim().split('\n').reduce((sum, l) => sum + Number(l), 0);
  } catch {
    // the process died before its exit handler (an abort)
  }
  return { bytes: statSync(file).size, findings, listed, ms, rssBytes, status: r.status, signal: r.signal, valid, stderr: r.stderr.split('\n')[0] ?? '' };
}

export function measureBigFile(root: string, tmp: string, megabytes: number): BigFileResult {
  mkdirSync(tmp, { recursive: true });
  const bytes = megabytes * 1e6;
  const findingsFile = join(tmp, `big-findings-${megabytes}mb.board`);
  const cleanFile = join(tmp, `big-clean-${megabytes}mb.board`);
  // Every further equip to the same host is a redundant attach (a warning with a safe fix).
  const n = writeScenario(findingsFile, 'equip splitter to lion\n', bytes);
  // Unattach and equip again: events, no findings.
  writeScenario(cleanFile, 'unattach splitter from lion\nequip splitter to lion\n', bytes);
  const findingsRun = runCli(root, findingsFile, tmp, n);
  const cleanRun = runCli(root, cleanFile, tmp, 0);
  return { findingsRun, cleanRun, rssPerFinding: (findingsRun.rssBytes - cleanRun.rssBytes) / Math.max(1, findingsRun.findings) };
}
