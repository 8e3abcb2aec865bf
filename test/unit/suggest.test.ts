// Name suggestions: the index finds exactly the names a comparison with every name would find
// (within edit distance 2), and the bounded distance agrees with the full one up to its limit.
import assert from 'node:assert/strict';
import { NameIndex, boundedDistance } from '../../core/engine/suggest';
import { prng } from '../support/prng';

function distance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0];
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const t = prev[j];
      prev[j] = Math.min(prev[j] + 1, prev[j - 1] + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = t;
    }
  }
  return prev[b.length];
}

const rnd = prng(20261201);
const ALPHABET = 'abcde-_';
const word = (n: number) => Array.from({ length: n }, () => ALPHABET[Math.floor(rnd() * ALPHABET.length)]).join('');
function typo(s: string): string {
  const edits = Math.floor(rnd() * 4);
  let t = s;
  for (let e = 0; e < edits; e++) {
    const at = Math.floor(rnd() * (t.length + 1));
    const kind = Math.floor(rnd() * 3);
    const c = ALPHABET[Math.floor(rnd() * ALPHABET.length)];
    t = kind === 0 ? t.slice(0, at) + c + t.slice(at) : kind === 1 ? t.slice(0, at) + t.slice(at + 1) : t.slice(0, at) + c + t.slice(at + 1);
  }
  return t;
}

describe('name suggestions', () => {
  it('the bounded distance is the distance up to its limit, and limit + 1 past it', () => {
    for (let n = 0; n < 3000; n++) {
      const a = word(Math.floor(rnd() * 9));
      const b = rnd() < 0.5 ? typo(a) : word(Math.floor(rnd() * 9));
      for (const limit of [0, 1, 2, 3]) {
        const d = distance(a, b);
        assert.equal(boundedDistance(a, b, limit), d <= limit ? d : limit + 1, `${a} / ${b} limit ${limit}`);
      }
    }
  });

  it('the index finds every name within distance 2, as a comparison with each name does', () => {
    for (let round = 0; round < 60; round++) {
      const names = [...new Set(Array.from({ length: 40 }, () => word(1 + Math.floor(rnd() * 10))))];
      const index = new NameIndex(names);
      for (let q = 0; q < 40; q++) {
        const query = rnd() < 0.7 ? typo(names[Math.floor(rnd() * names.length)]) : word(1 + Math.floor(rnd() * 10));
        const want = new Set(names.filter((n) => distance(query.toLowerCase(), n.toLowerCase()) <= 2));
        const got = index.closest(query);
        for (const g of got) assert.ok(want.has(g), `${g} is not within 2 of ${query}`);
        // Up to three are suggested; fewer only when there are fewer.
        assert.equal(got.length, Math.min(3, want.size), `${query}: ${got} of ${[...want]}`);
        const best = Math.min(...[...want].map((n) => distance(query.toLowerCase(), n.toLowerCase())));
        if (got.length) assert.equal(distance(query.toLowerCase(), got[0].toLowerCase()), best);
      }
    }
  });

  it('suggests the declared spelling, case-insensitively', () => {
    assert.deepEqual(new NameIndex(['Splitter', 'lion']).closest('spliter'), ['Splitter']);
  });
});
