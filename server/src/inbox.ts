// Messages read from the client and not handled yet. vscode-jsonrpc handles the messages it has
// read one per event-loop turn; a long job that yields between slices (a check of a huge file in
// slices, documents.ts) would otherwise hand the loop back to it for one message per slice, and
// the tenth request sent in a burst (VS Code asks for lenses, tokens, folding and the outline
// together after a pause in typing) would wait ten slices. `yieldToMessages` lets every message
// already read be handled before the job goes on.
//
// Both hosts count: the reader the connection reads from is wrapped (`counted`), and the
// lifecycle strategy (lifecycle.ts), which sees every message the connection handles, counts it
// handled. A message the connection drops without handling it (a request cancelled while it was
// queued) would leave the counts apart: a turn in which nothing was handled ends the wait.
import type { MessageReader } from 'vscode-languageserver';
import { yieldNow } from './platform';

export const inbox = { received: 0, handled: 0 };

/** `reader`, counting each message it hands on. */
export function counted(reader: MessageReader): MessageReader {
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

/** Yields to the event loop, and again while messages that were read are being handled, one a turn. */
export async function yieldToMessages(): Promise<void> {
  let seen = inbox.handled;
  await yieldNow();
  while (inbox.received > inbox.handled && inbox.handled !== seen) {
    seen = inbox.handled;
    await yieldNow();
  }
}
