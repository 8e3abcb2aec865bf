// The floor of a check (issue 18): the least any checker of a `.board` file must do, with no rule
// applied. Each line is read once and split into words without making a string (a word is its
// offsets and a hash of its characters); `card ID ...` lines put ID in a table of integers (open
// addressing, the text compared on a hash match); every other line finds the card its second word
// names and sets its host (when its fourth word is a card) or its zone (an integer). Nothing else:
// no syntax, no errors, no positions, no findings. The bench prints the check's time against it,
// so that the targets can be read against what a rules engine could at best reach in this runtime.

const MAX_WORDS = 16;

// The tables of the check being run (module state: a closure over them is measurably slower).
let text = '';
let mask = 0;
let hashes = new Int32Array(0);
let starts = new Int32Array(0);
let lengths = new Int32Array(0);
const ws = new Int32Array(MAX_WORDS);
const we = new Int32Array(MAX_WORDS);
const wh = new Int32Array(MAX_WORDS);

/** The table slot of word k of the line: its card's, a free one (`insert`), or -1. */
function slotOf(k: number, insert: boolean): number {
  const h = wh[k];
  const s = ws[k];
  const len = we[k] - s;
  for (let slot = h & mask; ; slot = (slot + 1) & mask) {
    const t = starts[slot];
    if (t < 0) {
      if (!insert) return -1;
      hashes[slot] = h;
      starts[slot] = s;
      lengths[slot] = len;
      return slot;
    }
    if (hashes[slot] !== h || lengths[slot] !== len) continue;
    let j = 0;
    while (j < len && text.charCodeAt(t + j) === text.charCodeAt(s + j)) j++;
    if (j === len) return slot;
  }
}

/** The number of event lines that named a known card. Linear in the text; allocates only its tables. */
export function floorCheck(source: string): number {
  text = source;
  // A power of two at least four times the number of lines that could declare a card.
  let lines = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lines++;
  let size = 1024;
  while (size < lines * 4) size *= 2;
  mask = size - 1;
  hashes = new Int32Array(size);
  starts = new Int32Array(size).fill(-1);
  lengths = new Int32Array(size);
  const zone = new Int32Array(size);
  const host = new Int32Array(size).fill(-1);

  let named = 0;
  const length = text.length;
  let i = 0;
  while (i < length) {
    let n = 0;
    let h = 0;
    let s = i;
    for (;; i++) {
      const c = i < length ? text.charCodeAt(i) : 10;
      if (c === 32 || c === 10) {
        if (i > s && n < MAX_WORDS) {
          ws[n] = s;
          we[n] = i;
          wh[n++] = h;
        }
        h = 0;
        s = i + 1;
        if (c === 10) {
          i++;
          break;
        }
      } else h = (Math.imul(h, 31) + c) | 0;
    }
    if (n < 2) continue;
    if (we[0] - ws[0] === 4 && text.startsWith('card', ws[0])) {
      zone[slotOf(1, true)] = 1;
      continue;
    }
    const a = slotOf(1, false);
    if (a < 0) continue;
    named++;
    if (n >= 4) {
      const b = slotOf(3, false);
      if (b >= 0) host[a] = b;
      else zone[a] = wh[3];
    } else zone[a] = wh[0];
  }
  text = '';
  return named;
}
