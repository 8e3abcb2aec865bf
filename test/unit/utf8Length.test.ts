// The size limit's UTF-8 count (server/src/platform.ts): its own loop (the browser) and the host's
// counter (node.ts passes Buffer.byteLength) say the same for every kind of character.
import * as assert from 'node:assert/strict';
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
