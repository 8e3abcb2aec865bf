// "Did you mean ...?" for unknown names: the declared names within edit distance 2, found without
// comparing against every name. The index rests on a pigeonhole argument: cut a name of length L
// into three parts; two edits touch at most two of them, so a name within distance 2 of the query
// has one part that appears unchanged in the query, shifted by at most two places. Candidates come
// from those parts and are checked with a distance that gives up past 2, in O(length) each. Both
// the index and a query are linear in the length of the names; a query looks at no more than
// MAX_CHECKED candidates, so a file of thousands of near-identical names stays linear too.

const MAX_DISTANCE = 2;
const MAX_CHECKED = 256;

function bounds(length: number, part: number): [number, number] {
  return [Math.floor((length * part) / 3), Math.floor((length * (part + 1)) / 3)];
}

export class NameIndex {
  /** Names by their lowercase form, for the distance (the suggestion is the name as declared). */
  private readonly byKey = new Map<string, string[]>();
  /** Names shorter than three characters, by length; the rest by (length, part, part's text). */
  private readonly short = new Map<number, string[]>();
  private readonly parts = new Map<string, string[]>();

  constructor(names: Iterable<string>) {
    for (const name of names) {
      const key = name.toLowerCase();
      const same = this.byKey.get(key);
      if (same) {
        same.push(name);
        continue;
      }
      this.byKey.set(key, [name]);
      const length = key.length;
      if (length < 3) push(this.short, length, key);
      else for (let part = 0; part < 3; part++) {
        const [from, to] = bounds(length, part);
        push(this.parts, `${length}|${part}|${key.slice(from, to)}`, key);
      }
    }
  }

  /** Up to three declared names within edit distance 2 of `name` (case-insensitive), closest first. */
  closest(name: string): string[] {
    const query = name.toLowerCase();
    const seen = new Set<string>();
    const scored: [string, number][] = [];
    let checked = 0;
    const consider = (keys: readonly string[] | undefined) => {
      for (const key of keys ?? []) {
        if (checked >= MAX_CHECKED) return;
        if (seen.has(key)) continue;
        seen.add(key);
        checked++;
        const d = boundedDistance(query, key, MAX_DISTANCE);
        if (d <= MAX_DISTANCE) for (const n of this.byKey.get(key)!) scored.push([n, d]);
      }
    };
    for (let length = Math.max(0, query.length - MAX_DISTANCE); length <= query.length + MAX_DISTANCE; length++) {
      if (length < 3) {
        consider(this.short.get(length));
        continue;
      }
      for (let part = 0; part < 3; part++) {
        const [from, to] = bounds(length, part);
        for (let shift = -MAX_DISTANCE; shift <= MAX_DISTANCE; shift++) {
          const at = from + shift;
          if (at < 0 || at + (to - from) > query.length) continue;
          consider(this.parts.get(`${length}|${part}|${query.slice(at, at + to - from)}`));
        }
      }
    }
    return scored
      .sort((a, b) => a[1] - b[1])
      .slice(0, 3)
      .map((s) => s[0]);
  }
}

function push<K>(map: Map<K, string[]>, key: K, value: string): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * The edit distance of `a` and `b` if it is at most `limit`, else `limit + 1`: only the diagonal
 * band |i - j| <= limit is computed, and the computation stops when a whole row exceeds the limit.
 */
export function boundedDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const over = limit + 1;
  let prev = new Array<number>(b.length + 1);
  let cur = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j <= limit ? j : over;
  for (let i = 1; i <= a.length; i++) {
    const lo = Math.max(1, i - limit);
    const hi = Math.min(b.length, i + limit);
    cur[0] = i <= limit ? i : over;
    if (lo > 1) cur[lo - 1] = over;
    let rowMin = cur[0];
    for (let j = lo; j <= hi; j++) {
      const sub = prev[j - 1] + (a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1);
      const del = j <= i - 1 + limit ? prev[j] + 1 : over;
      const ins = cur[j - 1] + 1;
      const v = Math.min(sub, del, ins, over);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (hi < b.length) cur[hi + 1] = over;
    if (rowMin > limit) return over;
    [prev, cur] = [cur, prev];
  }
  return Math.min(prev[b.length], over);
}
