// Shared helpers for the CLI tests: they run the real bundled dist/cli.js as a child process on
// scenarios written to a fresh temporary folder.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** out/test/cli → the repository root. */
export const ROOT = path.resolve(__dirname, '..', '..', '..');
export const CLI = path.join(ROOT, 'dist', 'cli.js');

export function assertBuilt(): void {
  assert.ok(fs.existsSync(CLI), `${CLI} is missing: run \`npm run build\` before the CLI tests`);
}

/** The example of the brief: the second equip is a `redundant-attach` warning (701.3b) on line 6. */
export const REDUNDANT = [
  'game mtg',
  'player alice',
  'card lion "Silvercoat Lion": creature — Cat',
  'card splitter "Bonesplitter": artifact — Equipment',
  'equip splitter to lion',
  'equip splitter to lion',
  'expect splitter attached to lion',
  '',
].join('\n');

/** No findings at all. */
export const CLEAN = [
  'game mtg',
  'player alice',
  'card lion "Silvercoat Lion": creature — Cat',
  'card splitter "Bonesplitter": artifact — Equipment',
  'equip splitter to lion',
  'expect splitter attached to lion',
  '',
].join('\n');

/** One error: equipping a non-creature (`illegal-attachment`, 701.3a) on line 6; its fix is not safe. */
export const ILLEGAL = [
  'game mtg',
  'player alice',
  'card lion "Silvercoat Lion": creature — Cat',
  'card splitter "Bonesplitter": artifact — Equipment',
  'card ring "Sol Ring": artifact',
  'equip splitter to ring',
  '',
].join('\n');

/** One error with a safe fix: the bounce's unattach is not recorded (`missing-unattach`, 701.3d) on line 6. */
export const MISSING_UNATTACH = [
  'game mtg',
  'player alice',
  'card lion "Silvercoat Lion": creature — Cat, owner alice',
  'card splitter "Bonesplitter": artifact — Equipment, owner alice, attached to lion',
  '',
  'bounce lion',
  'expect splitter unattached',
  '',
].join('\n');

export interface Run {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI (`cli`: another copy of dist/cli.js) in `cwd`, with `env` added to the environment. */
export function runCli(args: string[], options: { cwd: string; env?: Record<string, string | undefined>; cli?: string } ): Run {
  // English unless a test asks for another language (the CLI follows LC_ALL, LC_MESSAGES, LANG).
  const env: Record<string, string | undefined> = { ...process.env, LC_ALL: '', LC_MESSAGES: '', LANG: 'C.UTF-8', ...options.env };
  const r = spawnSync(process.execPath, [options.cli ?? CLI, ...args], { cwd: options.cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.error) throw r.error;
  return { status: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}

/** A fresh folder under the system temp folder; remove it with `removeTempDir`. */
export function makeTempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'board-scenario-cli-'));
}

export function removeTempDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}

/** Writes `files` (relative path → content) under `dir`, creating folders. */
export function writeFiles(dir: string, files: Record<string, string | Buffer>): void {
  for (const [rel, content] of Object.entries(files)) {
    const full = path.join(dir, rel);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, content);
  }
}

/** Fails on anything that looks like a Node stack trace or an uncaught error. */
export function assertNoCrash(stderr: string): void {
  assert.doesNotMatch(stderr, /^\s+at .+\(.*:\d+:\d+\)$/m, `stack trace on stderr:\n${stderr}`);
  assert.doesNotMatch(stderr, /Uncaught|Unhandled|node:internal|EPIPE|TypeError|ReferenceError/, `crash on stderr:\n${stderr}`);
}

/** The compiler-style line: path:line:col: severity code [rules] message. */
export const TEXT_LINE = /^(.+):(\d+):(\d+): (error|warning|information|hint) ([a-z][a-z-]*)(?: \[([^\]\s]+)\])? (\S.*)$/;

/** The checker processes (Linux: read from /proc) whose working folder is `dir`. */
export function checkersIn(dir: string): number[] {
  const pids: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (!fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').includes('--board-scenario-checker-process')) continue;
      if (fs.realpathSync(`/proc/${name}/cwd`) !== fs.realpathSync(dir)) continue;
      // One being ended is not left running: a zombie, or one with SIGKILL pending (bit 9 of the
      // pending masks), which a loaded machine may not have scheduled to die yet.
      const status = fs.readFileSync(`/proc/${name}/status`, 'utf8');
      if (/^State:\s+[ZX]/m.test(status)) continue;
      if ([...status.matchAll(/^(?:SigPnd|ShdPnd):\s+([0-9a-f]+)$/gm)].some((m) => (BigInt('0x' + m[1]) & 0x100n) !== 0n)) continue;
      pids.push(Number(name));
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return pids;
}
