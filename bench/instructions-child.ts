// The child of bench/instructions.ts, run under callgrind: `node instructions-child.js KIND CORE INPUT`
// checks INPUT with the core folder CORE (3 checks of a file, or one of each of the first 1,000
// .board files of a folder for KIND suite) and prints a digest of the findings. It loads nothing
// but that core, so the count is the workload's and node's.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

type Core = typeof import('../core');

const CHECKS = 3;
const SUITE_FILES = 1000;

/** The workload, with the core folder given; prints the number of findings and a digest of their codes, positions and messages. */
function child(kind: string, coreDir: string, input: string): void {
  const core = require(resolve(coreDir)) as Core;
  let findings = 0;
  let said = '';
  const count = (text: string) => {
    const r = core.check(text);
    findings += r.findings.length;
    for (const f of r.findings) said += `${f.code}@${f.range.start.line}:${f.range.start.character} ${f.message};`;
  };
  if (kind === 'suite') {
    const names = readdirSync(input).filter((n) => n.endsWith('.board')).sort().slice(0, SUITE_FILES);
    for (const n of names) count(readFileSync(join(input, n), 'utf8'));
  } else {
    const text = readFileSync(input, 'utf8');
    for (let i = 0; i < CHECKS; i++) count(text);
  }
  process.stdout.write(`${findings} ${said.length} ${hash(said)}\n`);
}

/** FNV-1a of a string (the findings' digest: equal builds give equal digests). */
function hash(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16);
}

child(process.argv[2], process.argv[3], process.argv[4]);
