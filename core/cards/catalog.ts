// A compact index of the user's card data for one game: records by lowercase name, the names
// sorted for completion by prefix, and (built on the first question) the edit-distance index of
// the engine's suggestions for unknown names. Built from parsed records or from its own cache (a
// plain JSON value the server stores keyed by the file's size and time).
import type { Game } from '../types';
import { NameIndex } from '../engine/suggest';
import type { CardRecord } from './records';
import { factsOf, type CardFacts } from './facts';

/** Bump when the record or cache layout changes: older caches are then ignored. */
export const CARD_CACHE_VERSION = 1;

export interface CardCatalogCache {
  version: number;
  game: Game;
  sources: string[];
  /** name, type line, text, colors (words joined by spaces), keywords (joined by `|`), might, might bonus. */
  rows: [string, string, string, string, string, number | null, number | null][];
}

export class CardCatalog {
  private readonly byKey = new Map<string, CardRecord>();
  /** Lowercase names in order, for prefix completion (binary search). */
  private sorted: string[] | undefined;
  private suggest: NameIndex | undefined;
  private readonly facts = new Map<CardRecord, CardFacts>();

  constructor(
    readonly game: Game,
    records: Iterable<CardRecord>,
    /** The files the records come from, in the order given (shown in findings and hovers). */
    readonly sources: readonly string[] = [],
  ) {
    // The first record of a name wins: "Default Cards" lists a card once per printing.
    for (const r of records) {
      const key = r.name.toLowerCase();
      if (!this.byKey.has(key)) this.byKey.set(key, r);
    }
  }

  get size(): number {
    return this.byKey.size;
  }

  /** The card of that name (case-insensitive), or undefined. */
  lookup(name: string): CardRecord | undefined {
    return this.byKey.get(name.toLowerCase());
  }

  /** What the card gives a declaration, in the declaration language (made once per card). */
  factsOf(rec: CardRecord): CardFacts {
    let f = this.facts.get(rec);
    if (!f) this.facts.set(rec, (f = factsOf(rec, this.game)));
    return f;
  }

  /** Up to three names within edit distance 2 (the engine's NameIndex: no scan of every name). */
  closest(name: string): string[] {
    this.suggest ??= new NameIndex([...this.byKey.values()].map((r) => r.name));
    return this.suggest.closest(name);
  }

  /**
   * Names for completion: those that start with `typed` (case-insensitive), then those with a word
   * that starts with it, then those containing its letters in order ("fuzzy"), then those within
   * edit distance 2; at most `limit`.
   */
  complete(typed: string, limit = 50): string[] {
    const q = typed.toLowerCase();
    const out: string[] = [];
    const seen = new Set<string>();
    const add = (key: string) => {
      if (out.length >= limit || seen.has(key)) return;
      seen.add(key);
      out.push(this.byKey.get(key)!.name);
    };
    const sorted = (this.sorted ??= [...this.byKey.keys()].sort());
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sorted[mid] < q) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < sorted.length && out.length < limit && sorted[i].startsWith(q); i++) add(sorted[i]);
    if (q.length === 0 || out.length >= limit) return out;
    for (const key of sorted) {
      if (out.length >= limit) break;
      if (key.includes(' ' + q) || key.includes('-' + q)) add(key);
    }
    for (const key of sorted) {
      if (out.length >= limit) break;
      if (inOrder(q, key)) add(key);
    }
    for (const n of this.closest(typed)) add(n.toLowerCase());
    return out;
  }

  names(): IterableIterator<CardRecord> {
    return this.byKey.values();
  }

  toCache(): CardCatalogCache {
    const rows: CardCatalogCache['rows'] = [];
    for (const r of this.byKey.values()) rows.push([r.name, r.typeLine, r.text, r.colors.join(' '), r.keywords.join('|'), r.might ?? null, r.mightBonus ?? null]);
    return { version: CARD_CACHE_VERSION, game: this.game, sources: [...this.sources], rows };
  }

  /** The catalog a cache describes, or undefined when it is not one of this version. */
  static fromCache(value: unknown): CardCatalog | undefined {
    const c = value as CardCatalogCache;
    if (!c || typeof c !== 'object' || c.version !== CARD_CACHE_VERSION || (c.game !== 'mtg' && c.game !== 'riftbound') || !Array.isArray(c.rows)) return undefined;
    const records: CardRecord[] = [];
    for (const row of c.rows) {
      if (!Array.isArray(row) || typeof row[0] !== 'string') continue;
      records.push({
        name: row[0],
        typeLine: String(row[1] ?? ''),
        text: String(row[2] ?? ''),
        colors: row[3] ? String(row[3]).split(' ') : [],
        keywords: row[4] ? String(row[4]).split('|') : [],
        might: typeof row[5] === 'number' ? row[5] : undefined,
        mightBonus: typeof row[6] === 'number' ? row[6] : undefined,
      });
    }
    return new CardCatalog(c.game, records, Array.isArray(c.sources) ? c.sources.filter((s) => typeof s === 'string') : []);
  }
}

/** The card catalogs of an analysis, one per game at most. */
export type CardCatalogs = Partial<Record<Game, CardCatalog>>;

/** Do the letters of `q` appear in `key` in this order? */
function inOrder(q: string, key: string): boolean {
  let i = 0;
  for (let j = 0; j < key.length && i < q.length; j++) if (key.charCodeAt(j) === q.charCodeAt(i)) i++;
  return i === q.length;
}
