// Static and stress checks of syntaxes/board-scenario.tmLanguage.json, run by `npm run test:grammar`
// after the scope assertions in test/grammar/*.board:
//   1. every regex compiles in Oniguruma;
//   2. no regex repeats a group that itself contains a repetition (`(a+)*`, `(?:x\s*)+`, ...),
//      the shape that makes backtracking explode;
//   3. every `#include` names a repository rule, every repository rule is used, every scope ends
//      in `.board-scenario`;
//   4. long hostile lines tokenize in a few hundred milliseconds (in a worker, so a hang is a failure).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort } from 'node:worker_threads';
import { nestedRepetitions } from './regex-shape.mjs';
import { grammarPath, tokenize } from './tokenize.mjs';

const require = createRequire(import.meta.url);

// ---------------------------------------------------------------------------------------------
// Hostile inputs for the stress check. Each is a statement prefix (to reach a context of the
// grammar) followed by a long repetition of something that nearly matches many rules.
const LINE_LENGTH = 10_000;
const PREFIXES = [
  '',
  '  ',
  '# ',
  'title "',
  'card x "X": ',
  'card x "X": creature — ',
  'card x "X": creature, enchant ',
  'attach ',
  'becomes x ',
  'gains x ',
  'card x "X": creature, equipped creature has ',
  'together: gains x ',
  'expect ',
];
const FILLERS = [
  'a', 'a-', '-', '--', ' ', '\t', '1', '1.', '1-', '123.', '701.3', '701.3b-', '2024-06-', '\\', '\\"', '""',
  '—', 'non', 'nonA', 'A', "A'", 'attached ', 'can\'t be ', 'you ', 'an opponent ', 'no attachments ',
  'protection ', 'in ', 'at battlefield ', ',', ':', '#', 'é', 'x1_-', 'first ', 'and ', 'has ', ', first',
];

async function stress() {
  const results = [];
  for (const prefix of PREFIXES) {
    for (const filler of FILLERS) {
      const body = filler.repeat(Math.ceil(LINE_LENGTH / filler.length)).slice(0, LINE_LENGTH);
      const started = performance.now();
      await tokenize(`${prefix}${body}\n  ${body}\nexpect ${body}`);
      results.push({ prefix, filler, ms: performance.now() - started });
    }
  }
  return results;
}

if (!isMainThread) {
  parentPort.postMessage(await stress());
} else {
  await main();
}

// ---------------------------------------------------------------------------------------------
async function main() {
  const grammar = JSON.parse(readFileSync(grammarPath, 'utf8'));
  const problems = [];

  // Collect regexes, includes and scope names.
  const regexes = [];
  const includes = [];
  const scopes = [];
  (function walk(node, path) {
    if (Array.isArray(node)) {
      node.forEach((child, i) => walk(child, `${path}[${i}]`));
      return;
    }
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      const here = `${path}.${key}`;
      if (['match', 'begin', 'end', 'while'].includes(key) && typeof value === 'string') {
        regexes.push({ path: here, source: value });
      } else if (key === 'include' && typeof value === 'string') {
        includes.push({ path: here, target: value });
      } else if ((key === 'name' || key === 'contentName') && typeof value === 'string' && path !== '$') {
        scopes.push({ path: here, scope: value });
      } else {
        walk(value, here);
      }
    }
  })(grammar, '$');

  // 1. Oniguruma compiles every regex.
  const oniguruma = require('vscode-oniguruma');
  const wasm = readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm'));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  for (const { path, source } of regexes) {
    try {
      new oniguruma.OnigScanner([source]).dispose();
    } catch (error) {
      problems.push(`${path}: does not compile: ${error instanceof Error ? error.message : error}`);
    }
  }

  // 2. No nested repetition. First make sure the detector still detects.
  const mustFlag = ['(a+)+', '(?:x\\s*)*', '(?:a|b+){2,}', '((a)+b)*', '(?:a{1,3})+', '(?<n>[a-z]+)*'];
  const mustPass = ['(a+)?', '(?:\\.\\d+)?', '[(+)]+', '(?<![\\w-])(?:a+)', '(?:ab){3}', '\\((a)\\)+', '[]a+]*'];
  for (const s of mustFlag) if (nestedRepetitions(s).length === 0) problems.push(`detector misses /${s}/`);
  for (const s of mustPass) if (nestedRepetitions(s).length > 0) problems.push(`detector wrongly flags /${s}/`);
  for (const { path, source } of regexes) {
    for (const message of nestedRepetitions(source)) problems.push(`${path}: ${message} in /${source}/`);
  }

  // 3. Includes, unused rules, scope suffixes.
  const repository = grammar.repository ?? {};
  const used = new Set();
  for (const { path, target } of includes) {
    if (target === '$self' || target === '$base') continue;
    if (!target.startsWith('#')) {
      problems.push(`${path}: includes another grammar (${target})`);
      continue;
    }
    const name = target.slice(1);
    used.add(name);
    if (!(name in repository)) problems.push(`${path}: includes unknown rule ${target}`);
  }
  for (const name of Object.keys(repository)) {
    if (!used.has(name)) problems.push(`$.repository.${name}: never included`);
  }
  for (const { path, scope } of scopes) {
    for (const part of scope.split(/\s+/)) {
      if (!part.endsWith('.board-scenario')) problems.push(`${path}: scope ${part} does not end in .board-scenario`);
    }
  }

  // 4. Stress, in a worker that is killed if it takes too long.
  const TIME_LIMIT_MS = 60_000;
  const PER_INPUT_LIMIT_MS = 3_000;
  const results = await new Promise((resolve) => {
    const worker = new Worker(fileURLToPath(import.meta.url));
    const timer = setTimeout(() => {
      void worker.terminate();
      resolve(undefined);
    }, TIME_LIMIT_MS);
    worker.once('message', (message) => {
      clearTimeout(timer);
      void worker.terminate();
      resolve(message);
    });
    worker.once('error', (error) => {
      clearTimeout(timer);
      problems.push(`stress worker failed: ${error.message}`);
      resolve([]);
    });
  });
  if (results === undefined) {
    problems.push(`stress: tokenizing the hostile inputs took more than ${TIME_LIMIT_MS / 1000} s`);
  } else {
    for (const r of results) {
      if (r.ms > PER_INPUT_LIMIT_MS) {
        problems.push(
          `stress: ${JSON.stringify(r.prefix)} + ${JSON.stringify(r.filler)} x ${LINE_LENGTH} took ${Math.round(r.ms)} ms`,
        );
      }
    }
    const slowest = results.reduce((a, b) => (b.ms > a.ms ? b : a), { ms: 0 });
    console.log(
      `grammar stress: ${results.length} hostile inputs of ${LINE_LENGTH} characters x 3 lines, slowest ${Math.round(slowest.ms)} ms` +
        (slowest.filler !== undefined ? ` (${JSON.stringify(slowest.prefix)} + ${JSON.stringify(slowest.filler)})` : ''),
    );
  }

  console.log(`grammar checks: ${regexes.length} regexes, ${includes.length} includes, ${scopes.length} scope names`);
  if (problems.length > 0) {
    for (const p of problems) console.error(`FAIL ${p}`);
    process.exit(1);
  }
  console.log('grammar checks: OK');
}
