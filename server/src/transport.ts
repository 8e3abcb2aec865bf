// What the server does when the bytes from the client are not the protocol. vscode-jsonrpc's stream
// reader reports such errors as events on the protocol connection and goes on reading; nothing
// listened to them, so a corrupt stream was ignored in silence and the server stopped answering
// (it hung) until the client closed the pipe. Here:
//  - a body that is not a JSON-RPC message (invalid JSON, `null`, a number, a cancellation without
//    an id) is logged and skipped: the reader consumed exactly Content-Length bytes, so the next
//    message is read normally (a request in it can't be answered: its id is unknown);
//  - a header that does not parse (no Content-Length, not a number, a line without ':') means the
//    framing is lost: the reader is somewhere inside a message (after a wrong Content-Length, or in
//    garbage), and every later header fails the same way. The server says why (stderr, and
//    window/logMessage) and exits with code 1 instead of hanging; the client can restart it.
// A Content-Length larger than what follows is not an error to the reader: it waits for the rest,
// swallowing the next messages into that body; the first header after it fails, and the server
// exits then. If the client sends nothing more, the server waits (as for any slow client) until the
// client closes the stream, and then exits.
import type { Feature, ProtocolConnection, RemoteConsole, _ } from 'vscode-languageserver/node';

export interface TransportErrorHandlers {
  /** One message could not be read; the stream is still in step. */
  skipped(error: Error): void;
  /** The stream is out of step: nothing after this can be read. */
  framingLost(error: Error): void;
}

/** The reader's header errors (vscode-jsonrpc's messages): the framing is lost. */
export function isFramingError(error: unknown): boolean {
  return error instanceof Error && error.name === 'Error' && /content-length|header/i.test(error.message);
}

/**
 * A console feature (the only remote that vscode-languageserver attaches to the raw protocol
 * connection, with `rawAttach`) that listens to the connection's read errors.
 */
export function watchTransport(handlers: TransportErrorHandlers): Feature<RemoteConsole, _> {
  return (Base) => {
    const WithRaw = Base as unknown as new () => RemoteConsole & { rawAttach?(connection: ProtocolConnection): void };
    return class extends WithRaw {
      override rawAttach(connection: ProtocolConnection): void {
        super.rawAttach?.(connection);
        connection.onError(([error, message]) => {
          // Write errors come with the message that could not be written; the client closing the
          // stream ends the process anyway (vscode-languageserver exits when stdin ends).
          if (message !== undefined) return;
          const e = error instanceof Error ? error : new Error(String(error));
          if (isFramingError(e)) handlers.framingLost(e);
          else handlers.skipped(e);
        });
      }
    };
  };
}

export function firstLine(error: Error): string {
  return `${error.name === 'Error' ? '' : `${error.name}: `}${error.message.split('\n')[0]}`;
}
