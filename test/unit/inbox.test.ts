// A long job in slices lets every message already read be handled, and every answer written, before its next slice
// (server/src/inbox.ts): the server's own wiring (a counted reader, the lifecycle strategy) on a
// real vscode-jsonrpc connection over a stream, a burst of requests written at once while the job
// runs. vscode-jsonrpc handles the messages it has read one per event-loop turn, so a job that
// yields one turn per slice would let one request through per slice.
import * as assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import { countedReader, countedWriter, yieldToMessages } from '../../server/src/inbox';
import { Lifecycle } from '../../server/src/lifecycle';
import { yieldNow } from '../../server/src/platform';

/** One JSON-RPC message framed as vscode-jsonrpc reads it. */
function framed(message: object): Buffer {
  const body = Buffer.from(JSON.stringify(message), 'utf-8');
  return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]);
}

/**
 * A server connection reading `input` (counted, with the lifecycle strategy, as node.ts wires it),
 * answering `initialize` and `ping`; each ping is recorded in `events`.
 */
function serverOn(input: PassThrough, events: string[]): MessageConnection {
  const output = new PassThrough();
  // Each answer's JSON is written in one piece (after its header): recorded when it leaves.
  output.on('data', (chunk: Buffer) => {
    const m = /"id":(\d+),"result"/.exec(chunk.toString('utf-8'));
    if (m && m[1] !== '0') events.push(`answer ${Number(m[1]) - 1}`);
  });
  const writer = countedWriter(new StreamMessageWriter(output));
  const lifecycle = new Lifecycle(
    (response) => void writer.write(response),
    () => undefined,
  );
  const connection = createMessageConnection(countedReader(new StreamMessageReader(input)), writer, undefined, { messageStrategy: lifecycle });
  connection.onRequest('initialize', () => ({ capabilities: {} }));
  connection.onRequest('ping', (p: { n: number }) => {
    events.push(`ping ${p.n}`);
    return p.n;
  });
  connection.listen();
  return connection;
}

/** Runs `slices` slices, recording each, yielding with `yieldBetween`; the burst is written after the first. */
async function job(events: string[], slices: number, yieldBetween: () => Promise<void>, afterFirst: () => void): Promise<void> {
  for (let i = 0; i < slices; i++) {
    events.push(`slice ${i}`);
    if (i === 0) afterFirst();
    await yieldBetween();
  }
}

async function run(yieldBetween: () => Promise<void>): Promise<string[]> {
  const input = new PassThrough();
  const events: string[] = [];
  const connection = serverOn(input, events);
  try {
    input.write(framed({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { capabilities: {} } }));
    // Let the initialize be read and handled.
    for (let i = 0; i < 20; i++) await yieldNow();
    const burst = Buffer.concat(Array.from({ length: 10 }, (_, n) => framed({ jsonrpc: '2.0', id: n + 1, method: 'ping', params: { n } })));
    await job(events, 30, yieldBetween, () => input.write(burst));
    return events;
  } finally {
    connection.dispose();
    input.destroy();
  }
}

/** How many slices ran between the first ping handled and the last answer written. */
function slicesDuringBurst(events: string[]): number {
  const first = events.findIndex((e) => e.startsWith('ping'));
  const last = events.map((e) => e.startsWith('answer')).lastIndexOf(true);
  assert.ok(first >= 0, `the pings were handled: ${events.join(', ')}`);
  return events.slice(first, last).filter((e) => e.startsWith('slice')).length;
}

describe('inbox: a job in slices and the messages already read', () => {
  it('every request of a burst is handled, and its answer written, before the next slice (yieldToMessages)', async () => {
    const events = await run(yieldToMessages);
    assert.equal(events.filter((e) => e.startsWith('ping')).length, 10);
    assert.equal(events.filter((e) => e.startsWith('answer')).length, 10, events.join(', '));
    assert.equal(slicesDuringBurst(events), 0, events.join(', '));
  });

  it('with one turn per slice instead, the burst is spread over the slices (what the inbox is for)', async () => {
    const events = await run(yieldNow);
    assert.equal(events.filter((e) => e.startsWith('ping')).length, 10);
    assert.ok(slicesDuringBurst(events) >= 5, events.join(', '));
  });

  it('a message the connection never hands on does not make the job wait for it', async () => {
    // A cancelled request, say: counted as read, never handled. The wait ends after a turn without a message handled.
    const { inbox } = await import('../../server/src/inbox');
    inbox.received += 3;
    try {
      const before = inbox.handled;
      await yieldToMessages();
      assert.equal(inbox.handled, before);
    } finally {
      inbox.received -= 3;
    }
  });

  it('a client that stops reading does not stop the job: it waits for an answer to be written a bounded time', async () => {
    // The output is never read: a large answer stays half written.
    const input = new PassThrough();
    const output = new PassThrough({ highWaterMark: 1024 });
    const writer = countedWriter(new StreamMessageWriter(output));
    const lifecycle = new Lifecycle((response) => void writer.write(response), () => undefined);
    const connection = createMessageConnection(countedReader(new StreamMessageReader(input)), writer, undefined, { messageStrategy: lifecycle });
    connection.onRequest('initialize', () => ({ capabilities: {} }));
    connection.onRequest('big', () => 'x'.repeat(4 * 1024 * 1024));
    connection.listen();
    try {
      input.write(framed({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { capabilities: {} } }));
      for (let i = 0; i < 20; i++) await yieldNow();
      input.write(framed({ jsonrpc: '2.0', id: 1, method: 'big', params: {} }));
      const events: string[] = [];
      const started = Date.now();
      await job(events, 3, yieldToMessages, () => undefined);
      assert.deepEqual(events, ['slice 0', 'slice 1', 'slice 2']);
      assert.ok(Date.now() - started < 5000, 'the job went on');
    } finally {
      connection.dispose();
      input.destroy();
      output.destroy();
      // The half-written answer never settles (vscode-jsonrpc's write waits on a stream that is
      // gone): the counts are put level for the tests after this one (the server exits with its client).
      const { inbox } = await import('../../server/src/inbox');
      inbox.written = inbox.writing;
    }
  });
});
