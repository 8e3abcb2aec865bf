// Loads syntaxes/board-scenario.tmLanguage.json into the same TextMate engine VS Code uses
// (vscode-textmate + vscode-oniguruma) and tokenizes text with it.
//
//   node test/grammar/tokenize.mjs FILE.board    prints every token with its scopes
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const textmate = require('vscode-textmate');
const oniguruma = require('vscode-oniguruma');

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const grammarPath = resolve(root, 'syntaxes', 'board-scenario.tmLanguage.json');
export const scopeName = 'source.board-scenario';

let grammarPromise;

/** @returns {Promise<import('vscode-textmate').IGrammar>} */
export function loadGrammar() {
  grammarPromise ??= (async () => {
    const wasm = readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm'));
    await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
    const registry = new textmate.Registry({
      onigLib: Promise.resolve({
        createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
        createOnigString: (s) => new oniguruma.OnigString(s),
      }),
      loadGrammar: async (name) =>
        name === scopeName ? textmate.parseRawGrammar(readFileSync(grammarPath, 'utf8'), grammarPath) : null,
    });
    const grammar = await registry.loadGrammar(scopeName);
    if (!grammar) throw new Error(`could not load ${scopeName}`);
    return grammar;
  })();
  return grammarPromise;
}

/** Tokenizes `text` line by line; returns one array of {text, scopes} per line. */
export async function tokenize(text) {
  const grammar = await loadGrammar();
  let state = textmate.INITIAL;
  const lines = [];
  for (const line of text.split(/\r?\n/)) {
    const result = grammar.tokenizeLine(line, state);
    state = result.ruleStack;
    lines.push(
      result.tokens.map((t) => ({ text: line.slice(t.startIndex, t.endIndex), scopes: t.scopes.slice(1) })),
    );
  }
  return lines;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: node test/grammar/tokenize.mjs FILE');
    process.exit(2);
  }
  const lines = await tokenize(readFileSync(file, 'utf8'));
  lines.forEach((tokens, i) => {
    console.log(`${i + 1}:`);
    for (const t of tokens) console.log(`    ${JSON.stringify(t.text).padEnd(28)} ${t.scopes.join(' ')}`);
  });
}
