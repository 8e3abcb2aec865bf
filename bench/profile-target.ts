// Child process for the CPU profile: `node --cpu-prof out/bench/profile-target.js FILE`.
// Checks FILE once to warm up, then once more; prints the monotonic time window (µs, the clock the
// CPU profile's timestamps use) of the second check, so the profile summary can keep only it.
import { readFileSync } from 'node:fs';
import { check } from '../core';

const file = process.argv[2];
const text = readFileSync(file, 'utf8');
const warm = check(text);
const start = process.hrtime.bigint() / 1000n;
const result = check(text);
const end = process.hrtime.bigint() / 1000n;
process.stdout.write(JSON.stringify({ start: Number(start), end: Number(end), findings: result.findings.length, warmFindings: warm.findings.length }) + '\n');
