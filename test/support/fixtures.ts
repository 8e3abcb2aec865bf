// Fixture files: scenarios with their expected findings written beside the lines they are about.
//   destroy lion     #! missing-unattach 701.3d
//   equip x to y     #! no redundant-attach
// `#! CODE RULE...` expects a finding with CODE starting on that line, citing at least those rules;
// `#! no CODE` expects none with CODE there. Every finding must be expected. The core reads them
// (core/analysis/expected.ts); this file only lists the fixtures.
import { commentsOf, expectationMarkers } from '../../core';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

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
  for (const c of commentsOf(text)) {
    const words = c.text.trim().split(/\s+/);
    if (words[0] === '!' && words[1] === 'with-rules-file') return words[2];
    if (words[0] === '!with-rules-file') return words[1];
  }
  return undefined;
}

export function fixtureName(path: string): string {
  return relative(FIXTURES_DIR, path);
}

export function readText(path: string): string {
  return readFileSync(path, 'utf8');
}
