#!/usr/bin/env node
// Every English string of the core that a user reads and that must exist in French and Italian as
// data: the rule explanations (MTG_RULES, RIFTBOUND_RULES: title, text, each earlier title/text) and
// the registry of finding codes (title, riftboundTitle, doc, fixes), read from the compiled core
// (out/core, made by `tsc -p .`), so the list is exactly what the code serves; and the strings the
// server, the CLI and the client translate in code (calls.mjs: their `t('...')` literals).
//
//   node scripts/l10n/strings.mjs              the strings, as JSON [{ id, text }] (one entry per id)
//   node scripts/l10n/strings.mjs --missing fr the strings l10n/bundle.l10n.fr.json lacks
//   node scripts/l10n/strings.mjs --stale it   the keys of l10n/bundle.l10n.it.json no string has
//
// and every message template of the core's sources: each msg`...` tagged template of core/**/*.ts
// (finding messages, related locations, fix titles, syntax errors, config problems, picture labels),
// read statically with `${...}` turned into `{0}`, `{1}`... as core/message.ts's `msg` does.
//
// The bundles are in the format @vscode/l10n reads: one JSON object from the exact English string
// to its translation.
import { createRequire } from 'node:module';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { callStrings } from './calls.mjs';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const LANGUAGES = ['fr', 'it'];

/** The strings to translate, each with a stable id saying where it comes from (several ids may share a text). */
export function englishStrings(outDir = join(ROOT, 'out')) {
  const require = createRequire(join(outDir, 'index.js'));
  const { MTG_RULES } = require(join(outDir, 'core/rules/mtg/explanations.js'));
  const { RIFTBOUND_RULES } = require(join(outDir, 'core/rules/riftbound/explanations.js'));
  const { REGISTRY } = require(join(outDir, 'core/diagnostics/registry.js'));
  const list = [];
  for (const [game, table] of [['mtg', MTG_RULES], ['riftbound', RIFTBOUND_RULES]]) {
    for (const [n, e] of Object.entries(table)) {
      list.push({ id: `rule ${game} ${n} title`, text: e.title });
      list.push({ id: `rule ${game} ${n} text`, text: e.text });
      (e.earlier ?? []).forEach((x, i) => {
        if (x.title !== undefined) list.push({ id: `rule ${game} ${n} earlier[${i}] title`, text: x.title });
        list.push({ id: `rule ${game} ${n} earlier[${i}] text`, text: x.text });
      });
    }
  }
  for (const info of REGISTRY.values()) {
    for (const field of ['title', 'riftboundTitle', 'doc', 'fixes']) {
      if (info[field] !== undefined) list.push({ id: `code ${info.code} ${field}`, text: info[field] });
    }
  }
  // The server's, the CLI's and the client's own strings: the literals of their `t(...)` calls.
  list.push(...callStrings(ROOT).strings);
  for (const t of messageTemplates()) if (needsTranslation(t.text)) list.push(t);
  return list;
}

/** A template with no letter outside its placeholders and code spans (`{0} → {1}`) reads the same in every language. */
export function needsTranslation(template) {
  return /\p{L}/u.test(template.replace(/`[^`]*`/g, '').replace(/\{\d+\}/g, ''));
}

const ESCAPES = { n: '\n', t: '\t', r: '\r', '0': '\0', b: '\b', f: '\f', v: '\v' };

/**
 * Every msg`...` template in a TypeScript source, as `msg` makes it: the cooked text with each
 * `${...}` replaced by `{n}`, n counting the template's own substitutions. Substitutions are read as
 * code (strings, comments, nested templates and braces skipped), so a msg nested in another's
 * argument is found too. Linear in the text.
 */
export function templatesIn(text) {
  const found = [];
  let i = 0;
  const n = text.length;
  /** From just after an opening backtick to just after its closing one; returns the cooked template. */
  function template(tagged, line) {
    let out = '';
    let k = 0;
    while (i < n) {
      const c = text[i];
      if (c === '`') { i++; break; }
      if (c === '\\') {
        const e = text[i + 1];
        out += ESCAPES[e] ?? e;
        i += 2;
        continue;
      }
      if (c === '$' && text[i + 1] === '{') {
        i += 2;
        code('}');
        i++; // the closing brace
        out += `{${k++}}`;
        continue;
      }
      out += c;
      i++;
    }
    if (tagged) found.push({ line, text: out });
  }
  /** Code up to (not past) the `close` at depth 0, or the end. */
  function code(close) {
    let depth = 0;
    while (i < n) {
      const c = text[i];
      if (c === close && depth === 0) return;
      if (c === '{' || c === '(' || c === '[') depth++;
      else if (c === '}' || c === ')' || c === ']') depth--;
      if (c === '/' && text[i + 1] === '/') { const e = text.indexOf('\n', i); i = e < 0 ? n : e; continue; }
      if (c === '/' && text[i + 1] === '*') { const e = text.indexOf('*/', i + 2); i = e < 0 ? n : e + 2; continue; }
      if (c === "'" || c === '"') {
        i++;
        while (i < n && text[i] !== c && text[i] !== '\n') i += text[i] === '\\' ? 2 : 1;
        i++;
        continue;
      }
      if (c === '`') {
        const tagged = /(?:^|[^\w$.])msg\s*$/.test(text.slice(Math.max(0, i - 8), i));
        const line = text.slice(0, i).split('\n').length;
        i++;
        template(tagged, line);
        continue;
      }
      i++;
    }
  }
  while (i < n) { code(undefined); i++; }
  return found;
}

function tsFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const f = join(dir, name);
    if (statSync(f).isDirectory()) out.push(...tsFiles(f));
    else if (name.endsWith('.ts')) out.push(f);
  }
  return out;
}

/** The msg templates of core/**\/*.ts, each with an id `msg FILE:LINE` (the first place it is written). */
export function messageTemplates(coreDir = join(ROOT, 'core')) {
  const seen = new Set();
  const list = [];
  for (const f of tsFiles(coreDir)) {
    if (f.endsWith(join('core', 'message.ts'))) continue; // its comments show how msg is written
    for (const t of templatesIn(readFileSync(f, 'utf8'))) {
      if (seen.has(t.text)) continue;
      seen.add(t.text);
      list.push({ id: `msg ${relative(ROOT, f).replace(/\\/g, '/')}:${t.line}`, text: t.text });
    }
  }
  return list;
}

export function bundlePath(language) {
  return join(ROOT, 'l10n', `bundle.l10n.${language}.json`);
}

/** A bundle's entries as English → translation (an entry may be `{ message, comment }`, as @vscode/l10n allows). */
export function readBundle(language) {
  const raw = JSON.parse(readFileSync(bundlePath(language), 'utf8'));
  const out = new Map();
  for (const [k, v] of Object.entries(raw)) out.set(k, typeof v === 'string' ? v : v.message);
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [mode, language] = process.argv.slice(2);
  const list = englishStrings();
  let result;
  if (mode === undefined) result = list;
  else if ((mode === '--missing' || mode === '--stale') && LANGUAGES.includes(language)) {
    const bundle = readBundle(language);
    const english = new Set(list.map((s) => s.text));
    result = mode === '--missing' ? list.filter((s) => !bundle.has(s.text)) : [...bundle.keys()].filter((k) => !english.has(k));
  } else {
    process.stderr.write('usage: strings.mjs [--missing fr|it | --stale fr|it]\n');
    process.exit(2);
  }
  process.stdout.write(JSON.stringify(result, null, 2) + '\n');
}
