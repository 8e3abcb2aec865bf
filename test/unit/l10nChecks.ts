// The checks every translation passes, for the bundles (l10n.test.ts) and the manifest's
// package.nls.*.json (nls.test.ts): what must be kept (rule numbers, backticked spans, finding
// codes) and English left in French or Italian prose.
import { REGISTRY } from '../../core/diagnostics/registry';

/** Backticked spans (scenario keywords, code), kept verbatim. */
export function backticked(s: string): string[] {
  return [...s.matchAll(/`[^`]*`/g)].map((m) => m[0]);
}

/** Everything that starts with a digit: rule numbers (701.3a, 434.1.g/h, 818.1.b.1), dates, versions, counts. */
export function numbers(s: string): string[] {
  return [...s.matchAll(/\d[\w./-]*/g)].map((m) => m[0].replace(/[./-]+$/, ''));
}

const CODE_NAMES = [...REGISTRY.keys()];
export function codes(s: string): string[] {
  return CODE_NAMES.filter((c) => new RegExp(`(?<![\\w-])${c}(?![\\w-])`).test(s));
}

/**
 * English words that cannot occur in French or Italian prose (words French or Italian share, such as
 * "on", "or", "in", "a", "as", "action", "protection", "version", Italian "creature", are left out). Checked outside backticks, as whole words.
 */
export const ENGLISH_WORDS = [
  'the', 'and', 'is', 'are', 'of', 'to', 'it', 'its', 'with', 'not', 'does', 'that', 'this', 'from', 'when',
  'which', 'be', 'by', 'at', 'can', 'only', 'has', 'have', 'was', 'attach', 'attached', 'attaches', 'unattach',
  'unattached', 'detach', 'detached', 'card', 'cards', 'player', 'spell', 'target', 'targets',
  'graveyard', 'battlefield', 'stack', 'library', 'hand', 'owner', 'ability', 'abilities', 'state-based',
  'enchant', 'equip', 'fortify', 'countered', 'hexproof', 'shroud', 'ward', 'unit', 'gear', 'recall',
  'might', 'board', 'Top-Most', 'cleanup', 'host', 'line', 'finding', 'findings', 'replay', 'safe', 'none',
  'rules', 'rule', 'event', 'missing', 'illegal', 'legal', 'then', 'there', 'nothing', 'every',
];
/** Names kept in English on purpose in both languages (see docs/l10n.md): game names, card names (scenarios name cards in English), Riftbound card keywords. */
export const ALLOWED_NAMES = [
  'MTG', 'Riftbound', 'Weaponmaster', 'Quick-Draw', 'Benevolent Blessing', 'board-scenario', '.board', 'JSON', 'Magic: The Gathering',
  // The product, the publisher's name, the titles of documents and files named as published.
  'Board Scenario', 'Wizards of the Coast', 'Core Rules', 'Oracle Cards', 'Default Cards',
];
/** Translations that are the English word itself, because the official term is spelled the same. */
export const SAME_AS_ENGLISH: Record<string, string[]> = {
  fr: ['Fortification', 'Auras', 'Protection', 'Phasing', 'Flash', 'Quick-Draw', 'Weaponmaster', 'Indestructible', 'phase', 'information', 'base', 'deck', 'null', 'Base', 'Deck', 'timestamp {0}', '{0} → {1} {2} (t{3})', '{0} → {1} (t{2})'],
  it: ['Quick-Draw', 'Weaponmaster', 'Timestamp: {0}', 'base', ' in {0}', 'null', 'Base', 'timestamp {0}', '{0} → {1} {2} (t{3})', '{0} → {1} (t{2})'],
};

/** File paths the texts point to (docs/cards.md, io/cards.ts) and file patterns (*.board): names of files, kept as they are. */
const FILE_PATH = /(?<![\p{L}\p{N}_])(?:(?:[\w.-]+\/)+[\w-]+|\*)\.(?:md|json|ts|board)(?![\p{L}\p{N}_])/gu;

/** A scenario word quoted as messages quote it ('by', 'paying ward'): an opening quote not after a letter (so never an apostrophe, l'attacher), a closing one not before a letter. */
const QUOTED_WORD = /(?<![\p{L}\p{N}])'[^'\s](?:[^']|'(?=\p{L}))*?'(?![\p{L}\p{N}])/gu;

export function englishLeft(s: string): string[] {
  let prose = s.replace(/`[^`]*`/g, ' ').replace(FILE_PATH, ' ').replace(QUOTED_WORD, ' ');
  for (const name of ALLOWED_NAMES) prose = prose.split(name).join(' ');
  const found: string[] = [];
  for (const w of ENGLISH_WORDS) {
    if (new RegExp(`(?<![\\p{L}\\p{N}_-])${w}(?![\\p{L}\\p{N}_-])`, 'iu').test(prose)) found.push(w);
  }
  return found;
}

export const sorted = (xs: string[]) => [...new Set(xs)].sort();

/** What a translation changed that it must keep, and the English it left; empty when faithful. */
export function unfaithful(english: string, translation: string): string[] {
  const out: string[] = [];
  for (const [what, f] of [['rule numbers', numbers], ['backticked spans', backticked], ['finding codes', codes]] as const) {
    const want = sorted(f(english)), got = sorted(f(translation));
    if (want.join('\n') !== got.join('\n')) out.push(`${what} ${JSON.stringify(got)} instead of ${JSON.stringify(want)}`);
  }
  const left = englishLeft(translation);
  if (left.length) out.push(`English words left: ${left.join(', ')}`);
  return out;
}
