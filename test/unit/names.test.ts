// The replay's table of declared names (core/engine/names.ts): whatever names are added, in whatever
// number (it grows as it fills), it answers every lookup as a Map of the same names would, keeps the
// order they were added in, and finds nothing for a name never added (a close one included); a
// copy of it (mapped) answers the same and is a table of its own.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { NameTable, codeOf } from '../../core/engine/names';

describe('the replay name table', () => {
  it('answers like a Map for any names, added in any number, and keeps their order', () => {
    // Short names from a small alphabet collide and share hash slots; names around the longest a code
    // holds whole (7 ASCII characters), with the extremes of ASCII and the first character past it;
    // any string stands for the rest.
    const name = fc.oneof(
      fc.stringOf(fc.constantFrom('a', 'b', '1', '-', 'é', '🂡'), { minLength: 1, maxLength: 6 }),
      fc.stringOf(fc.constantFrom('a', '\u0000', '\u007f', '\u0080'), { minLength: 0, maxLength: 9 }),
      fc.string({ minLength: 0, maxLength: 40 }),
    );
    fc.assert(
      fc.property(fc.uniqueArray(name, { maxLength: 400 }), fc.array(name, { maxLength: 60 }), (added, probes) => {
        const table = new NameTable<number>();
        const map = new Map<string, number>();
        added.forEach((n, i) => {
          table.add(n, i);
          map.set(n, i);
        });
        assert.equal(table.size, map.size);
        assert.deepEqual(table.names(), [...map.keys()]);
        assert.deepEqual(table.values(), [...map.values()]);
        // A looked-up name is a new string with the same characters, as the parser makes them.
        for (const n of [...added, ...probes]) assert.equal(table.get((' ' + n).slice(1)), map.get(n), n);
        // A copy with its values mapped (a copy of the replay) answers the same names with the new
        // values, and a name added to it afterwards is not in the original.
        const copy = table.mapped((v) => -v);
        for (const n of [...added, ...probes]) assert.equal(copy.get((' ' + n).slice(1)), map.has(n) ? -map.get(n)! : undefined, n);
        assert.deepEqual(copy.names(), [...map.keys()]);
        const extra = probes.find((p) => !map.has(p));
        if (extra !== undefined) {
          copy.add(extra, 1);
          assert.equal(copy.get(extra), 1);
          assert.equal(table.get(extra), undefined);
          assert.equal(table.size, map.size);
        }
      }),
      { numRuns: 200, seed: 18 },
    );
  });

  it('gives a code to the short ASCII names only, and unequal codes to unequal names', () => {
    // The table takes equal codes for equal names without reading the strings: a leading NUL, a
    // length past 7, a character past ASCII or the same first seven characters must not confuse it.
    const coded = ['', 'a', '\u0000a', 'a\u0000', '\u0000', '\u0000\u0000', 'abcdefg', '\u007f\u007f\u007f\u007f\u007f\u007f\u007f', 'c1', 'c10', 'C1'];
    const codes = coded.map(codeOf);
    codes.forEach((c, i) => assert.ok(c >= 0 && Number.isSafeInteger(c), JSON.stringify(coded[i])));
    assert.equal(new Set(codes).size, coded.length);
    for (const long of ['abcdefgh', 'abcdefgi', 'é', '\u0080', 'c\u00e91', '🂡', 'a'.repeat(100_000)]) assert.equal(codeOf(long), -1, JSON.stringify(long.slice(0, 9)));
    fc.assert(
      fc.property(fc.stringOf(fc.constantFrom('a', 'b', '\u0000', '\u007f'), { maxLength: 7 }), fc.stringOf(fc.constantFrom('a', 'b', '\u0000', '\u007f'), { maxLength: 7 }), (x, y) => {
        assert.equal(codeOf(x) === codeOf(y), x === y);
      }),
      { numRuns: 2000, seed: 18 },
    );
  });

  it('finds a thousand declared cards and none of their near misses', () => {
    const table = new NameTable<string>();
    for (let i = 1; i <= 1000; i++) table.add(`c${i}`, `card ${i}`);
    for (let i = 1; i <= 1000; i++) assert.equal(table.get(`c${i}`), `card ${i}`);
    for (const miss of ['c0', 'c1001', 'C1', 'c01', '', 'c1 ', 'e1']) assert.equal(table.get(miss), undefined, miss);
  });
});
