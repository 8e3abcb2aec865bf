// The strings the server, the CLI and the client translate in code: the literal first argument of
// every `t('...')` (server/src/l10n.ts, l10n/language.ts) and `l10n.t('...')` (the client's
// vscode.l10n) call in their sources. A call whose first argument is not a string literal is a
// problem: its key could not be listed, so nothing would check that it is translated (data from the
// core goes through `fromBundle`, and strings.mjs lists it).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const DIRS = ['server/src', 'cli', 'client/src'];
const CALL = /(?<![\w$.])(?:(?:vscode\.)?l10n\.)?t\(\s*/g;

function* sources(root, dir) {
  for (const name of readdirSync(join(root, dir))) {
    const path = join(root, dir, name);
    if (statSync(path).isDirectory()) yield* sources(root, join(dir, name));
    else if (name.endsWith('.ts')) yield path;
  }
}

/** The string literal starting at `text[at]` (a quote), unescaped, and where it ends; undefined if it is not one. */
function literal(text, at) {
  const q = text[at];
  if (q !== "'" && q !== '"' && q !== '`') return undefined;
  let out = '';
  for (let i = at + 1; i < text.length; i++) {
    const c = text[i];
    if (c === q) return { value: out, end: i + 1 };
    if (q === '`' && c === '$' && text[i + 1] === '{') return undefined; // a template with a substitution: not a key
    if (c === '\\') {
      const n = text[++i];
      out += n === 'n' ? '\n' : n === 't' ? '\t' : n;
    } else out += c;
  }
  return undefined;
}

/** `{ strings: [{ id, text }], problems: [string] }` for the sources under `root`. */
export function callStrings(root) {
  const strings = [];
  const problems = [];
  for (const dir of DIRS) {
    for (const file of sources(root, dir)) {
      const text = readFileSync(file, 'utf8');
      const rel = relative(root, file).split('\\').join('/');
      for (const m of text.matchAll(CALL)) {
        const start = m.index + m[0].length;
        const line = text.slice(0, m.index).split('\n').length;
        const lit = literal(text, start);
        if (!lit) {
          problems.push(`${rel}:${line}: the first argument of ${m[0].trim()} is not a string literal`);
          continue;
        }
        strings.push({ id: `${rel}:${line}`, text: lit.value });
      }
    }
  }
  return { strings, problems };
}
