// A map that keeps the entries used last, up to a total weight: the caches of what is read and
// parsed again and again in one process (included files: core/analysis/includes.ts, cli/includes.ts).

/**
 * Entries by key, each with a weight given when it is set; when their weights add up to more than
 * `maxWeight`, the entries used longest ago go (a `get` or a `set` uses one). An entry heavier than
 * `maxWeight` alone is never kept. Each operation is O(1), but for the entries it lets go.
 */
export class LastUsed<K, V> {
  // The Map's order is the order of use: the first entry is the one used longest ago.
  private readonly entries = new Map<K, { value: V; weight: number }>();
  private total = 0;
  /** The key used last, when known: using it again moves nothing (a pool every check includes). */
  private last: K | undefined;

  constructor(readonly maxWeight: number) {}

  get(key: K): V | undefined {
    const e = this.entries.get(key);
    if (e === undefined) return undefined;
    if (key !== this.last) {
      this.entries.delete(key);
      this.entries.set(key, e);
      this.last = key;
    }
    return e.value;
  }

  set(key: K, value: V, weight: number): void {
    this.delete(key);
    if (weight > this.maxWeight) return;
    this.entries.set(key, { value, weight });
    this.last = key;
    this.total += weight;
    for (const [k, e] of this.entries) {
      if (this.total <= this.maxWeight) break;
      this.entries.delete(k);
      this.total -= e.weight;
    }
  }

  delete(key: K): void {
    const e = this.entries.get(key);
    if (e === undefined) return;
    this.entries.delete(key);
    this.total -= e.weight;
    if (key === this.last) this.last = undefined;
  }

  /** How many entries it keeps, and their weight. */
  get size(): { entries: number; weight: number } {
    return { entries: this.entries.size, weight: this.total };
  }
}
