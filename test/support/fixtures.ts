// Fixture files: scenarios with their expected findings written beside the lines they are about.
//   destroy lion     #! missing-unattach 701.3d
//   equip x to y     #! no redundant-attach
// `#! CODE RULE...` expects a finding with CODE starting on that line, citing at least those rules;
// `#! no CODE` expects none with CODE there. Every finding must be expected.
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

export function readMarkers(text: string): Marker[] {
  const markers: Marker[] = [];
  text.split(/\r\n|\r|\n/).forEach((lineText, line) => {
    const parts = lineText.split('#!').slice(1);
    for (const part of parts) {
      const words = part.trim().split(/\s+/).filter(Boolean);
      if (words.length === 0) continue;
      if (words[0] === 'no') markers.push({ line, code: words[1], rules: [], negative: true });
      else markers.push({ line, code: words[0], rules: words.slice(1), negative: false });
    }
  });
  return markers;
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
export function checkOptionsOf(text: string, markers: Marker[] = readMarkers(text)): AnalyseOptions {
  const files = markers.find((m) => m.code === WITH_CARDS && !m.negative)?.rules ?? [];
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
