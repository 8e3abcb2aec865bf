// Reading messages from a byte stream (server/src/framing.ts): the reader on its own, fed bytes
// split at every position; and the bundled server over real stdio, which exits with a clear
// message (code 1) on a stream that is out of step instead of waiting for ever. The waits on the
// server's exit have timeouts only as a safety net: the assertion is the exit code and the message.
import * as assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { HoverRequest, MessageType, type Message } from 'vscode-languageserver-protocol/node';
import { BoundedMessageReader, FramingError, MAX_HEADER_BYTES, MAX_MESSAGE_BYTES } from '../../server/src/framing';
import { freshUri, TestClient } from './client';
import { REDUNDANT } from './scenarios';

const frame = (body: string, headers = '') => `Content-Length: ${Buffer.byteLength(body, 'utf8')}\r\n${headers}\r\n${body}`;

/** Feeds `bytes` to a fresh reader in the given chunks; returns what it delivered and reported. */
function read(chunks: Buffer[]): { messages: unknown[]; errors: Error[] } {
  const stream = new PassThrough();
  const reader = new BoundedMessageReader(stream);
  const messages: unknown[] = [];
  const errors: Error[] = [];
  reader.onError((e) => errors.push(e));
  reader.listen((m: Message) => messages.push(m));
  for (const c of chunks) reader.onData(c);
  return { messages, errors };
}

describe('LSP framing: the bounded message reader', () => {
  const bodies = [
    { jsonrpc: '2.0', id: 1, method: 'textDocument/hover', params: { textDocument: { uri: 'file:///é🃏.board' }, position: { line: 0, character: 0 } } },
    { jsonrpc: '2.0', method: 'initialized', params: {} },
    { jsonrpc: '2.0', id: 'x', result: null },
  ];
  const stream = Buffer.from(
    frame(JSON.stringify(bodies[0])) +
      frame(JSON.stringify(bodies[1]), 'Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n') +
      `content-length:${Buffer.byteLength(JSON.stringify(bodies[2]))}\r\n\r\n${JSON.stringify(bodies[2])}`,
    'utf8',
  );

  it('reads the same messages whatever the chunks: split in two at every byte, and one byte at a time', () => {
    for (let at = 0; at <= stream.length; at++) {
      const { messages, errors } = read([stream.subarray(0, at), stream.subarray(at)]);
      assert.deepEqual(errors, [], `split at ${at}`);
      assert.deepEqual(messages, bodies, `split at ${at}`);
    }
    const { messages, errors } = read([...stream].map((b) => Buffer.from([b])));
    assert.deepEqual(errors, []);
    assert.deepEqual(messages, bodies);
  });

  it('a body that is not JSON is skipped with its SyntaxError, and the next message is read', () => {
    const { messages, errors } = read([Buffer.from(frame('{"jsonrpc":') + frame(JSON.stringify(bodies[1])))]);
    assert.equal(errors.length, 1);
    assert.ok(errors[0] instanceof SyntaxError);
    assert.deepEqual(messages, [bodies[1]]);
  });

  const broken: [string, string, RegExp][] = [
    ['an LF-only header', 'Content-Length: 10\n\n0123456789', /the header "Content-Length: 10" ends with LF alone/],
    ['an LF-only blank line', 'Content-Length: 2\r\n\n{}', /a line ended by LF alone/],
    ['a header without the blank line', 'Content-Length: 2\r\n{}', /'\{' \(0x7b\) where a header should start \(after Content-Length: 2, without the blank line/],
    ['garbage where a header should be', 'hello, server\r\n\r\n', /',' \(0x2c\) in the header name "hello"/],
    ['a Content-Length over the maximum', `Content-Length: ${MAX_MESSAGE_BYTES + 1}\r\n\r\n{}`, /is more than the largest message the server reads, 64 MiB/],
    ['an impossible Content-Length', 'Content-Length: 99999999999999999999999999\r\n\r\n{}', /is more than the largest message/],
    ['a Content-Length that is not a number', 'Content-Length: 12abc\r\n\r\n{"a":1}', /Content-Length "12abc" is not a number of bytes/],
    ['a negative Content-Length', 'Content-Length: -5\r\n\r\n', /not a number of bytes/],
    ['no Content-Length', 'Content-Type: application/vscode-jsonrpc\r\n\r\n{}', /a header block without Content-Length \(Content-Type\)/],
    ['an empty header block', '\r\n{}', /an empty header block/],
    ['two Content-Lengths', 'Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}', /two different Content-Length headers/],
    ['a header block that never ends', `X-Padding: ${'a'.repeat(MAX_HEADER_BYTES)}`, new RegExp(`a header block longer than ${MAX_HEADER_BYTES} bytes`)],
    ['a bare CR', 'Content-Length: 2\rX\n\r\n{}', /a CR not followed by LF/],
  ];
  for (const [what, bytes, message] of broken) {
    it(`${what}: a FramingError at once, and nothing after it is read`, () => {
      // A good message after it: the reader must not resynchronise on it (the framing is lost).
      const { messages, errors } = read([Buffer.from(bytes + frame(JSON.stringify(bodies[1])), 'latin1')]);
      assert.equal(errors.length, 1, errors.map((e) => e.message).join('; '));
      assert.ok(errors[0] instanceof FramingError);
      assert.match(errors[0].message, message);
      assert.deepEqual(messages, []);
    });
  }

  it('keeps at most MAX_HEADER_BYTES of a header block: a long stream of header bytes fails at the limit', () => {
    const reader = new BoundedMessageReader(new PassThrough());
    const errors: Error[] = [];
    reader.onError((e) => errors.push(e));
    reader.listen(() => undefined);
    const chunk = Buffer.from('X-A: ' + 'b'.repeat(1000));
    let fed = 0;
    while (errors.length === 0 && fed < 10 * MAX_HEADER_BYTES) {
      reader.onData(chunk);
      fed += chunk.length;
    }
    assert.equal(errors.length, 1);
    assert.ok(fed <= MAX_HEADER_BYTES + chunk.length, `failed after ${fed} bytes`);
  });
});

describe('LSP framing: the server over stdio never waits for ever on a broken stream', function () {
  this.timeout(60000);
  let client: TestClient | undefined;
  afterEach(async () => {
    await client?.dispose();
    client = undefined;
  });

  /** Writes `bytes` after a normal start, and expects the exit (code 1) with `reason` on stderr and in the log. */
  async function exitsOn(bytes: string, reason: RegExp): Promise<void> {
    const c = (client = await TestClient.start());
    const uri = freshUri('framing');
    await c.open(uri, REDUNDANT);
    await c.waitForDiagnostics(uri);
    await c.writeRaw(Buffer.from(bytes, 'latin1'));
    // Nothing more is written: a server that waits for the rest of the message never exits.
    assert.equal(await c.exitWithin(30000), 1);
    assert.match(c.stderr, /The stream from the client is corrupt \((.+)\): no further message can be read, so the server exits \(code 1\)\. The client may restart it\./);
    assert.match(c.stderr, reason);
    // The log message was written before the exit, but the process's exit can be seen before the
    // client has read the last bytes of its stdout: wait for them.
    await c.waitFor('the reason in the client log too', () => c.logs.find((l) => l.type === MessageType.Error && reason.test(l.message)));
  }

  it('a Content-Length over the documented maximum (64 MiB) followed by a short body', async () => {
    await exitsOn(`Content-Length: ${MAX_MESSAGE_BYTES + 1}\r\n\r\n{"jsonrpc":"2.0","id":1,"method":"shutdown"}`, /Content-Length 67108865 is more than the largest message the server reads, 64 MiB/);
  });

  it('an impossible Content-Length (a hundred terabytes)', async () => {
    await exitsOn('Content-Length: 100000000000000\r\n\r\n{}', /Content-Length 100000000000000 is more than the largest message/);
  });

  it('an LF-only header', async () => {
    await exitsOn('Content-Length: 10\n\n0123456789', /ends with LF alone \(header lines end with CR LF\)/);
  });

  it('a header without the blank line after it', async () => {
    await exitsOn('Content-Length: 44\r\n{"jsonrpc":"2.0","id":1,"method":"shutdown"}', /where a header should start \(after Content-Length: 44, without the blank line that ends the headers\)/);
  });

  it('a header block that does not end within the bound', async () => {
    await exitsOn(`Content-Length: 2\r\nX-Padding: ${'a'.repeat(MAX_HEADER_BYTES)}`, /a header block longer than 4096 bytes/);
  });

  it('a message written one byte at a time is read as usual', async () => {
    const c = (client = await TestClient.start({ recordRaw: true }));
    const uri = freshUri('bytewise');
    await c.open(uri, REDUNDANT);
    await c.waitForDiagnostics(uri);
    const bytes = Buffer.from(frame(JSON.stringify({ jsonrpc: '2.0', id: 'slow', method: HoverRequest.method, params: { textDocument: { uri }, position: { line: 9, character: 2 } } })), 'utf8');
    for (const b of bytes) await c.writeRaw(Buffer.from([b]));
    const answer = await c.waitForResponse('slow');
    assert.ok(JSON.stringify(answer.result).includes('equip'));
    assert.ok(c.alive);
    assert.equal(await c.shutdown(), 0);
  });
});
