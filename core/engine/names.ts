// The declared names of a replay, for the lookup every event makes (one or two per event line).
//
// A `Map` keyed by the names would do, but each event's names are strings the parser has just cut
// out of the text: `Map.get` must hash each of them in the engine's runtime first, and the lookup is
// the single most called thing of the replay. This table hashes the characters itself and probes
// flat arrays (open addressing, linear probing, at most half full), which takes about a third
// of the time. Names are only ever added (a name is declared once), in declaration order.
//
// A short name (7 ASCII characters at most, as card ids mostly are) is matched by a number made of
// its characters (its code), kept beside its key: a lookup then reads no key string. In a table of a
// thousand cards, reading the key string was a cache miss of its own, with the card's object after
// it (`perf` of a 100k-event check; -0.8 % instructions; at 1M events `ab.js` medians 0.97, within its noise).

export class NameTable<V> {
  private keys: (string | undefined)[];
  /** Beside each key, the index of its value in `items`. */
  private slots: number[];
  /** Beside each key, its code (hashOf). */
  private codes: number[];
  private mask: number;
  /** The names, in the order they were added. */
  private readonly order: string[] = [];
  private readonly items: V[] = [];

  // The arrays are made empty, not filled: an empty slot's key is a hole, read as undefined, and its
  // slot and code are never read. A fill is a call into the engine's runtime for each array, and
  // a check of a small file makes a table (filled, the three took 1.5 % of a steady check of the
  // suite's files cut before their first event).
  constructor() {
    this.keys = new Array<string | undefined>(64);
    this.slots = new Array<number>(64);
    this.codes = new Array<number>(64);
    this.mask = 63;
  }

  get size(): number {
    return this.order.length;
  }

  get(name: string): V | undefined {
    const h = hashOf(name);
    const code = lastCode;
    const exact = code !== -1;
    const keys = this.keys;
    const codes = this.codes;
    const mask = this.mask;
    for (let i = h & mask; ; i = (i + 1) & mask) {
      const k = keys[i];
      if (k === undefined) return undefined;
      // A short name's code is the name: its key string is not read (it is one more object
      // to bring into the cache, in a table of thousands of names).
      if (codes[i] === code && (exact || k === name)) return this.items[this.slots[i]];
    }
  }

  /** Adds a name that is not in the table yet (the replay claims each name once). */
  add(name: string, value: V): void {
    if ((this.order.length + 1) * 2 > this.mask + 1) this.grow();
    this.place(name, this.order.length);
    this.order.push(name);
    this.items.push(value);
  }

  /** The same names, each with `f` of its value: a copy of the table (nothing is hashed again). */
  mapped<W>(f: (value: V) => W): NameTable<W> {
    const t = new NameTable<W>();
    t.keys = this.keys.slice();
    t.slots = this.slots.slice();
    t.codes = this.codes.slice();
    t.mask = this.mask;
    for (let i = 0; i < this.order.length; i++) {
      t.order.push(this.order[i]);
      t.items.push(f(this.items[i]));
    }
    return t;
  }

  /** The names, in the order they were added. */
  names(): readonly string[] {
    return this.order;
  }

  /** The values, in the order they were added. */
  values(): readonly V[] {
    return this.items;
  }

  private place(name: string, index: number): void {
    const keys = this.keys;
    const mask = this.mask;
    let i = hashOf(name) & mask;
    const code = lastCode;
    while (keys[i] !== undefined) i = (i + 1) & mask;
    keys[i] = name;
    this.slots[i] = index;
    this.codes[i] = code;
  }

  private grow(): void {
    const size = (this.mask + 1) * 2;
    this.keys = new Array<string | undefined>(size);
    this.slots = new Array<number>(size);
    this.codes = new Array<number>(size);
    this.mask = size - 1;
    for (let j = 0; j < this.order.length; j++) this.place(this.order[j], j);
  }
}

/**
 * Where the hash starts: drawn once per process, so a file cannot be written with names that all
 * land in one slot (with a fixed start, names colliding under FNV-1a are easy to make, and each
 * lookup would walk all of them: the replay quadratic). No result depends on it (the table keeps
 * the order names were added in). A signed 32-bit integer (`| 0`): the engine keeps it as a small
 * integer, where `>>> 0` made half the starts a heap number and the first step of every hash a
 * conversion (-0.7 % instructions for 3 checks of 100k events; the hashes are the same bits).
 */
const SEED = (0x811c9dc5 ^ Math.floor(Math.random() * 0x100000000)) | 0;

/** The longest name a code holds whole: 7 characters of 7 bits and the length in 3 bits, 52 bits, exact in a double. */
const MAX_CODED = 7;

/** The code of the name hashOf read last (codeOf). */
let lastCode = -1;

/**
 * FNV-1a over the UTF-16 code units from a per-process start (SEED), with a final mix of the high
 * bits into the low ones. In the same pass, the name's code, left in `lastCode`: for a name of at
 * most MAX_CODED ASCII characters, a number equal for equal names only (its characters, then its
 * length); -1 for any other name, which only its string tells apart. (One pass: reading the name
 * twice, once per number, counted 1.6 % more instructions for a check of 100k events.)
 */
function hashOf(s: string): number {
  let h = SEED;
  let code = 0;
  let all = 0;
  const n = s.length;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    h = Math.imul(h ^ c, 0x01000193);
    code = code * 128 + c;
    all |= c;
  }
  lastCode = n <= MAX_CODED && all < 128 ? code * 8 + n : -1;
  return h ^ (h >>> 15);
}

/** A name's code (hashOf), for the tests. */
export function codeOf(s: string): number {
  hashOf(s);
  return lastCode;
}
