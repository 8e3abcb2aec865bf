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
// The bundles are in the format @vscode/l10n reads: one JSON object from the exact English string
// to its translation. Finding messages are built in code and are not listed here.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
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
