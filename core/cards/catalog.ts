// A compact index of the user's card data for one game: records by lowercase name, the names
// sorted for completion by prefix, and (built on the first question) the edit-distance index of
// the engine's suggestions for unknown names. Built from parsed records or from its own cache (a
// plain JSON value the server stores keyed by the file's size and time).
import type { Game } from '../types';
import { NameIndex } from '../engine/suggest';
import type { CardRecord } from './records';
import { factsOf, type CardFacts } from './facts';

/** Bump when the record or cache layout changes: older caches are then ignored. */
export const CARD_CACHE_VERSION = 4;

/**
 * The index as a plain JSON value, one array per field (a column each: far fewer values to parse
 * and make than an object per card). Type lines repeat: each is written once, cards refer to it.
 */
export interface CardCatalogCache {
  version: number;
  game: Game;
  sources: string[];
  names: string[];
  /** Index into `typeLineTable` per card. */
  typeLines: number[];
  typeLineTable: string[];
  /** Every card's rules text in one string (one value to parse, not 35,000), and where each ends in it. */
  textBlob: string;
  textEnds: number[];
  /** Color words joined by spaces. */
  colors: string[];
  /** Keywords joined by `|`. */
  keywords: string[];
  might: (number | null)[];
  mightBonus: (number | null)[];
  /** MTG toughness. */
  toughness: (number | null)[];
}

/**
 * Records are kept as columns and made into CardRecord objects only when a card is looked up
 * (a declaration, a hover, a completion detail): a catalog of 35,000 cards holds a few arrays of
 * strings, not 35,000 objects, and is made from its cache without touching each card twice.
 */
export class CardCatalog {
  private readonly byKey = new Map<string, number>();
  private readonly names: string[] = [];
  private readonly typeLineOf: number[] = [];
  private readonly typeLineTable: string[] = [];
  /** The rules texts: one per card (made from records), or one string and the end of each (from a cache). */
  private texts: string[] | undefined = [];
  private textBlob = '';
  private textEnds: number[] = [];
  private readonly colors: string[] = [];
  private readonly keywords: string[] = [];
  private readonly might: (number | null)[] = [];
  private readonly mightBonus: (number | null)[] = [];
  private readonly toughness: (number | null)[] = [];
  /** Lowercase names in order, for prefix completion (binary search). */
  private sorted: string[] | undefined;
  private suggest: NameIndex | undefined;
  private readonly records = new Map<number, CardRecord>();
  private readonly facts = new Map<CardRecord, CardFacts>();

  constructor(
    readonly game: Game,
    records: Iterable<CardRecord>,
    /** The files the records come from, in the order given (shown in findings and hovers). */
    readonly sources: readonly string[] = [],
  ) {
    const table = new Map<string, number>();
    // The first record of a name wins: "Default Cards" lists a card once per printing.
    for (const r of records) {
      const key = r.name.toLowerCase();
      if (this.byKey.has(key)) continue;
      this.byKey.set(key, this.names.length);
      this.names.push(r.name);
      let t = table.get(r.typeLine);
      if (t === undefined) {
        table.set(r.typeLine, (t = this.typeLineTable.length));
        this.typeLineTable.push(r.typeLine);
      }
      this.typeLineOf.push(t);
      this.texts!.push(r.text);
      this.colors.push(r.colors.join(' '));
      this.keywords.push(r.keywords.join('|'));
      this.might.push(r.might ?? null);
      this.mightBonus.push(r.mightBonus ?? null);
      this.toughness.push(r.toughness ?? null);
    }
  }

  get size(): number {
    return this.names.length;
  }

  /** The card of that name (case-insensitive), or undefined. */
  lookup(name: string): CardRecord | undefined {
    const i = this.byKey.get(name.toLowerCase());
    return i === undefined ? undefined : this.record(i);
  }

  private record(i: number): CardRecord {
    let r = this.records.get(i);
    if (!r) {
      r = {
        name: this.names[i],
        typeLine: this.typeLineTable[this.typeLineOf[i]] ?? '',
        text: this.textOf(i),
        colors: this.colors[i] ? this.colors[i].split(' ') : [],
        keywords: this.keywords[i] ? this.keywords[i].split('|') : [],
        might: this.might[i] ?? undefined,
        mightBonus: this.mightBonus[i] ?? undefined,
        toughness: this.toughness[i] ?? undefined,
      };
      this.records.set(i, r);
    }
    return r;
  }

  private textOf(i: number): string {
    if (this.texts) return this.texts[i] ?? '';
    return this.textBlob.slice(i === 0 ? 0 : this.textEnds[i - 1], this.textEnds[i]);
  }

  /** What the card gives a declaration, in the declaration language (made once per card). */
  factsOf(rec: CardRecord): CardFacts {
    let f = this.facts.get(rec);
    if (!f) this.facts.set(rec, (f = factsOf(rec, this.game)));
    return f;
  }

  /** Up to three names within edit distance 2 (the engine's NameIndex: no scan of every name). */
  closest(name: string): string[] {
    this.suggest ??= new NameIndex(this.names);
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
      const i = this.byKey.get(key);
      if (i === undefined) return;
      seen.add(key);
      out.push(this.names[i]);
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

  /** Every card, in the order of the files. */
  *cards(): IterableIterator<CardRecord> {
    for (let i = 0; i < this.names.length; i++) yield this.record(i);
  }

  toCache(): CardCatalogCache {
    let textBlob = this.textBlob;
    let textEnds = this.textEnds;
    if (this.texts) {
      textBlob = this.texts.join('');
      textEnds = [];
      let end = 0;
      for (const t of this.texts) textEnds.push((end += t.length));
    }
    return {
      version: CARD_CACHE_VERSION,
      game: this.game,
      sources: [...this.sources],
      names: this.names,
      typeLines: this.typeLineOf,
      typeLineTable: this.typeLineTable,
      textBlob,
      textEnds,
      colors: this.colors,
      keywords: this.keywords,
      might: this.might,
      mightBonus: this.mightBonus,
      toughness: this.toughness,
    };
  }

  /** The catalog a cache describes, or undefined when it is not one of this version (or not whole). */
  static fromCache(value: unknown): CardCatalog | undefined {
    const c = value as CardCatalogCache;
    if (!c || typeof c !== 'object' || c.version !== CARD_CACHE_VERSION || (c.game !== 'mtg' && c.game !== 'riftbound')) return undefined;
    const n = Array.isArray(c.names) ? c.names.length : -1;
    const columns = [c.typeLines, c.textEnds, c.colors, c.keywords, c.might, c.mightBonus, c.toughness];
    if (n < 0 || !columns.every((col) => Array.isArray(col) && col.length === n) || !Array.isArray(c.typeLineTable) || typeof c.textBlob !== 'string') return undefined;
    // The ends must rise within the text, or the cache is not whole.
    for (let i = 0, last = 0; i < n; last = c.textEnds[i++]) if (typeof c.textEnds[i] !== 'number' || c.textEnds[i] < last || c.textEnds[i] > c.textBlob.length) return undefined;
    const catalog = new CardCatalog(c.game, [], Array.isArray(c.sources) ? c.sources.filter((s) => typeof s === 'string') : []);
    // A loop, not push(...): a card file with some hundred thousand type lines would overflow the stack.
    for (const line of c.typeLineTable) catalog.typeLineTable.push(String(line));
    catalog.texts = undefined;
    catalog.textBlob = c.textBlob;
    // A cache is written from a catalog: its names are distinct and in order, so the columns are taken as they are.
    for (let i = 0; i < n; i++) {
      const name = c.names[i];
      const key = typeof name === 'string' ? name.toLowerCase() : '';
      if (typeof name !== 'string' || catalog.byKey.has(key)) return undefined;
      catalog.byKey.set(key, catalog.names.length);
      catalog.names.push(name);
      catalog.typeLineOf.push(typeof c.typeLines[i] === 'number' ? c.typeLines[i] : -1);
      catalog.textEnds.push(c.textEnds[i]);
      catalog.colors.push(typeof c.colors[i] === 'string' ? c.colors[i] : '');
      catalog.keywords.push(typeof c.keywords[i] === 'string' ? c.keywords[i] : '');
      catalog.might.push(typeof c.might[i] === 'number' ? c.might[i] : null);
      catalog.mightBonus.push(typeof c.mightBonus[i] === 'number' ? c.mightBonus[i] : null);
      catalog.toughness.push(typeof c.toughness[i] === 'number' ? c.toughness[i] : null);
    }
    return catalog;
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
