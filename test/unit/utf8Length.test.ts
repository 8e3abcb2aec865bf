// The size limit's UTF-8 count (server/src/platform.ts): its own loop (the browser) and the host's
// counter (node.ts passes Buffer.byteLength) say the same for every kind of character; so does the
// count of a new version from the last one's (sizeFrom).
import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { sizeFrom } from '../../server/src/documents';
import { useNativeUtf8Length, utf8Length } from '../../server/src/platform';

const TEXTS = [
  '',
  'attach splitter to lion\n',
  'éàü ß — “quotes” 日本語 カード',
  '😀 a pair, and a lone high \ud83d then a lone low \ude00 at the end \ud83d',
  'x'.repeat(1000) + '\u07ff\u0800\uffff',
];

describe('utf8Length: the loop and the host counter agree with Buffer.byteLength', () => {
  afterEach(() => useNativeUtf8Length(undefined));

  for (const [name, native] of [
    ['the loop', undefined],
    ['the host counter', (text: string) => Buffer.byteLength(text, 'utf8')],
  ] as const) {
    it(name, () => {
      useNativeUtf8Length(native);
      for (const text of TEXTS) assert.equal(utf8Length(text), Buffer.byteLength(text, 'utf8'), JSON.stringify(text));
    });
  }
});

describe('sizeFrom: the size of a new version counted from the last one', () => {
  // Edits that cut, join and split surrogate pairs at every place: the count from the earlier
  // version equals a count of the whole new text (the editor's size limit, documents.ts).
  const unit = fc.constantFrom('a', ' ', '\n', 'é', '—', '日', '\ud83d', '\ude00', '😀', '😃');
  it('equals a count of the whole text after any edit', () => {
    fc.assert(
      fc.property(fc.string({ unit }), fc.nat(), fc.nat(), fc.string({ unit, maxLength: 4 }), (old, a, b, inserted) => {
        const from = a % (old.length + 1);
        const to = from + (b % (old.length - from + 1));
        const text = old.slice(0, from) + inserted + old.slice(to);
        assert.equal(sizeFrom(old, Buffer.byteLength(old, 'utf8'), text), Buffer.byteLength(text, 'utf8'));
      }),
      { numRuns: 3000 },
    );
  });
});
