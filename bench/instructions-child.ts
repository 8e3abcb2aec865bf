// The child of bench/instructions.ts, run under callgrind: `node instructions-child.js KIND CORE INPUT`
// checks INPUT with the core folder CORE (3 checks of a file, or one of each of the first 1,000
// .board files of a folder for KIND suite) and prints a digest of the findings. It loads nothing
// but that core, so the count is the workload's and node's.
import { createHash } from 'node:crypto';
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
  // The findings' digest: equal builds give equal digests.
  process.stdout.write(`${findings} ${said.length} ${createHash('sha256').update(said).digest('hex').slice(0, 16)}\n`);
}

child(process.argv[2], process.argv[3], process.argv[4]);
