// The JSON transports' encoder (server/src/transport.ts answerEncoder): the bytes vscode-jsonrpc
// writes, for every message; an answer marked as unchanging (answers.ts) is written to JSON once,
// and the same answer sent again is the same bytes with the new response's id.
import * as assert from 'node:assert/strict';
import { answerEncoder } from '../../server/src/transport';
import { unchanging } from '../../server/src/answers';
import type { Message } from 'vscode-languageserver/node';

const OPTIONS = { charset: 'utf-8' as const };
const encode = async (m: unknown) => Buffer.from(await answerEncoder.encode(m as Message, OPTIONS)).toString('utf-8');

describe('answer encoder', () => {
  it('writes every message as JSON.stringify does, marked or not', async () => {
    const lens = { range: { start: { line: 3, character: 0 }, end: { line: 3, character: 0 } }, data: [0, 3] };
    const messages: unknown[] = [
      { jsonrpc: '2.0', id: 1, result: [lens, lens] },
      { jsonrpc: '2.0', id: 'abc', result: unchanging([lens, { name: 'é ✓ "quoted" \\ 𝄞', kind: 5 }]) },
      { jsonrpc: '2.0', id: 2, result: unchanging({ svg: '<svg>\n</svg>' }) },
      { jsonrpc: '2.0', id: 3, result: null },
      { jsonrpc: '2.0', id: 4, error: { code: -32601, message: 'no' } },
      { jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params: unchanging({ uri: 'file:///a', diagnostics: [] }) },
      { jsonrpc: '2.0', id: null, result: unchanging([]) },
    ];
    for (const m of messages) assert.equal(await encode(m), JSON.stringify(m));
  });

  it('writes a marked answer once: sent again, the same bytes under the new id', async () => {
    let reads = 0;
    const item = { get line() { reads++; return 7; } };
    const answer = unchanging([item]);
    assert.equal(await encode({ jsonrpc: '2.0', id: 10, result: answer }), '{"jsonrpc":"2.0","id":10,"result":[{"line":7}]}');
    assert.equal(await encode({ jsonrpc: '2.0', id: 11, result: answer }), '{"jsonrpc":"2.0","id":11,"result":[{"line":7}]}');
    assert.equal(reads, 1);
    // Not marked: written each time.
    const other = [item];
    await encode({ jsonrpc: '2.0', id: 12, result: other });
    await encode({ jsonrpc: '2.0', id: 13, result: other });
    assert.equal(reads, 3);
  });
});
