// Riftbound keyword values a card has of its own (Assault 2, Shield 3: 807.1.b, 807.2, 814.2), kept so
// that many gains on one card stay linear: below the board (board.ts, abilities.ts and grantFold.ts read them).

/**
 * Riftbound: a card's own instances of one keyword with a value (807.1.b): printed (at -1) or an event's
 * (at its place in time), and the place in time of the last event that took the keyword away (-1: none;
 * 801.3.b). The instances are `count` entries of two arrays: their places in time, increasing, and the
 * running totals of their values, so the total after any moment is a search and a subtraction. The arrays
 * are shared by the copies that extend them (ownValuesWith): only the first `count` entries are this
 * one's. Replaced, never changed.
 */
export interface OwnValues {
  readonly ats: number[];
  readonly sums: number[];
  readonly count: number;
  readonly lostAt: number;
}

/** One instance worth `value`, at `at`. */
export function ownValue(value: number, at: number): OwnValues {
  return { ats: [at], sums: [value], count: 1, lostAt: -1 };
}

/**
 * `v` with one more instance, worth `value`, at `at` (later than its others). The arrays are extended in
 * place when no other copy has extended them yet, else copied: n gains on one card cost O(n), not O(n²).
 */
export function ownValuesWith(v: OwnValues | undefined, value: number, at: number): OwnValues {
  if (!v || v.count === 0) return { ...ownValue(value, at), lostAt: v?.lostAt ?? -1 };
  const shared = v.ats.length === v.count;
  const ats = shared ? v.ats : v.ats.slice(0, v.count);
  const sums = shared ? v.sums : v.sums.slice(0, v.count);
  ats.push(at);
  sums.push(sums[v.count - 1] + value);
  return { ats, sums, count: v.count + 1, lostAt: v.lostAt };
}

/** The total of `v`'s instances later than `after` (all of them by default). */
export function ownValueTotal(v: OwnValues, after = -Infinity): number {
  if (v.count === 0) return 0;
  // The first instance later than `after`.
  let lo = 0;
  let hi = v.count;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (v.ats[mid] > after) hi = mid;
    else lo = mid + 1;
  }
  return v.sums[v.count - 1] - (lo > 0 ? v.sums[lo - 1] : 0);
}
