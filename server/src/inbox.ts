// Messages read from the client and not handled yet, and answers not written yet. vscode-jsonrpc
// handles the messages it has read one per event-loop turn, and writes an answer over a few turns
// (its writer queues each write behind the last with setImmediate, then waits for the stream). A
// long job that yields one turn between slices (a check of a huge file in slices, documents.ts)
// would let one message through per slice, and an answer would wait for several slices before it
// is written: after a pause in typing VS Code asks for lenses, tokens, folding and the outline
// together, and the last of them would wait the whole check. `yieldToMessages` lets every message
// already read be handled, and every answer be written, before the job goes on.
//
// Both hosts count: the reader and the writer of the connection are wrapped (`countedReader`,
// `countedWriter`), and the lifecycle strategy (lifecycle.ts), which sees every message the
// connection handles, counts it handled. A message the connection drops without handling it (a
// request cancelled while it was queued) would leave the counts apart: a few turns in a row with
// nothing handled end that wait. A client that stops reading leaves a write pending: the job
// waits for answers to be written at most MAX_WAIT_MS at a time.
import type { MessageReader, MessageWriter } from 'vscode-languageserver';
import { yieldNow } from './platform';

export const inbox = { received: 0, handled: 0, writing: 0, written: 0 };

/** `reader`, counting each message it hands on. */
export function countedReader(reader: MessageReader): MessageReader {
  return {
    onError: reader.onError,
    onClose: reader.onClose,
    onPartialMessage: reader.onPartialMessage,
    listen: (callback) =>
      reader.listen((message) => {
        inbox.received++;
        callback(message);
      }),
    dispose: () => reader.dispose(),
  };
}

/** Those waiting for every answer given to the writer to be written (drained). */
let drainWaiters: (() => void)[] = [];

/** `writer`, counting each message it is given and each one it has written (or failed to). */
export function countedWriter(writer: MessageWriter): MessageWriter {
  const done = () => {
    inbox.written++;
    if (inbox.written >= inbox.writing && drainWaiters.length > 0) {
      const waiting = drainWaiters;
      drainWaiters = [];
      for (const w of waiting) w();
    }
  };
  return {
    onError: writer.onError,
    onClose: writer.onClose,
    write: (message) => {
      inbox.writing++;
      const p = writer.write(message);
      p.then(done, done);
      return p;
    },
    end: () => writer.end(),
    dispose: () => writer.dispose(),
  };
}

/** Turns in a row with no message handled after which the wait for the messages read ends. */
const IDLE_TURNS = 4;
/**
 * The longest a job waits in one yield for answers to be written: a large answer goes out as the
 * client reads it, over many turns of the event loop (a slice in each would hold it up), but a
 * client that stops reading must not stop the job.
 */
const MAX_WAIT_MS = 250;

/** Resolves when every answer given to the writer so far is written, or after `ms`. */
function drained(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    drainWaiters.push(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Yields to the event loop, and goes on waiting while messages that were read are being handled, or answers written. */
export async function yieldToMessages(): Promise<void> {
  const until = Date.now() + MAX_WAIT_MS;
  await yieldNow();
  let idle = 0;
  let seen = inbox.handled;
  for (;;) {
    const left = until - Date.now();
    if (left <= 0) return;
    if (inbox.writing > inbox.written) {
      await drained(left);
      continue;
    }
    if (inbox.received <= inbox.handled || idle >= IDLE_TURNS) return;
    await yieldNow();
    idle = inbox.handled === seen ? idle + 1 : 0;
    seen = inbox.handled;
  }
}
