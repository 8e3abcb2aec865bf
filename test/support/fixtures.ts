// Fixture files: scenarios with their expected findings written beside the lines they are about.
//   destroy lion     #! missing-unattach 701.3d
//   equip x to y     #! no redundant-attach
// `#! CODE RULE...` expects a finding with CODE starting on that line, citing at least those rules;
// `#! no CODE` expects none with CODE there. Every finding must be expected. The core reads them
// (core/analysis/expected.ts); this file only lists the fixtures.
import { commentsOf, expectationMarkers } from '../../core';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { AnalyseOptions } from '../../core';
import { loadCardFiles } from '../../io/cards';

export interface Marker {
  line: number;
  code: string;
  rules: string[];
  negative: boolean;
}

export const FIXTURES_DIR = join(__dirname, '..', '..', '..', 'test', 'fixtures');
export const EXAMPLES_DIR = join(__dirname, '..', '..', '..', 'examples');

export function listBoards(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    // A folder named `pending` holds scenarios the checker or the language cannot judge yet (see its README).
    if (statSync(p).isDirectory()) { if (name !== 'pending') out.push(...listBoards(p)); }
    else if (name.endsWith('.board')) out.push(p);
  }
  return out;
}

/** The expectation markers of a text, as the core reads them (one syntax for users and fixtures). */
export function readMarkers(text: string): Marker[] {
  return expectationMarkers(commentsOf(text)).map((m) => ({ line: m.line, code: m.code, rules: m.rules, negative: m.negative }));
}

/** The fixture harness's directive `#! with-rules-file DATE` (the core ignores it): the date, if written. */
export function withRulesFile(text: string): string | undefined {
  return directive(text, 'with-rules-file')?.[0];
}

/** The words after a harness directive `#! NAME ...` (the core ignores these), if the text has it. */
export function directive(text: string, name: string): string[] | undefined {
  for (const c of commentsOf(text)) {
    // Any `#!` part of the comment: `# why  #! with-cards a.json`.
    for (const part of ('#' + c.text).split('#!').slice(1)) {
      const words = part.trim().split(/\s+/);
      if (words[0] === name) return words.slice(1);
    }
  }
  return undefined;
}

export function fixtureName(path: string): string {
  return relative(FIXTURES_DIR, path);
}

export function readText(path: string): string {
  return readFileSync(path, 'utf8');
}

/** `#! with-cards FILE...`: the fixture is checked with these card files of test/fixtures/cards (docs/cards.md). */
export const WITH_CARDS = 'with-cards';
export const CARDS_DIR = join(FIXTURES_DIR, 'cards');
const loadedCards = new Map<string, AnalyseOptions>();

/** The options a fixture is checked with: the card files its `#! with-cards` line names (each set read once). */
export function checkOptionsOf(text: string): AnalyseOptions {
  const files = directive(text, WITH_CARDS) ?? [];
  if (files.length === 0) return {};
  const key = files.join(' ');
  let o = loadedCards.get(key);
  if (!o) {
    const cards = loadCardFiles(files.map((f) => join(CARDS_DIR, f)));
    if (cards.problems.length) throw new Error(`the card files ${key} read with problems: ${cards.problems.join('; ')}`);
    loadedCards.set(key, (o = { cards: cards.catalogs }));
  }
  return o;
}
