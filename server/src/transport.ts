// The server's transports, and what it does when the bytes from the client are not the protocol.
//
// Byte streams (--stdio, --socket, --pipe) are read by framing.ts's BoundedMessageReader, not by
// vscode-jsonrpc's: headers are checked byte by byte and a message is at most MAX_MESSAGE_BYTES,
// so a broken stream is an error as soon as it shows, never a wait. Node IPC (--node-ipc, what VS
// Code uses) carries whole messages, with no framing of ours to lose.
//
// The reader's errors are events on the protocol connection (vscode-jsonrpc goes on after them,
// and nothing listened to them before `watchTransport`):
//  - a body that is not a JSON-RPC message (invalid JSON, `null`, a number, a cancellation without
//    an id) is logged and skipped: exactly Content-Length bytes were read, so the next message is
//    read normally (a request in it can't be answered: its id is unknown);
//  - a FramingError (an LF-only header line, a header without the blank line after it, garbage
//    where a header should be, no Content-Length, a Content-Length over the maximum, a header
//    block that does not end within MAX_HEADER_BYTES) means the stream is out of step: the server
//    says why (stderr, and window/logMessage) and exits with code 1; the client can restart it.
// A Content-Length within the maximum but longer than what follows makes the reader wait for the
// rest, as for any slow client: either more bytes come (the next messages are read as the rest of
// that body, and the header after it is out of step: detected at its first byte), or the client
// closes the stream and the server exits.
import * as net from 'node:net';
import { format } from 'node:util';
import {
  IPCMessageReader,
  IPCMessageWriter,
  SocketMessageWriter,
  StreamMessageWriter,
  type Feature,
  type MessageReader,
  type MessageWriter,
  type ProtocolConnection,
  type RemoteConsole,
  type _,
  type ContentTypeEncoder,
  type ContentTypeEncoderOptions,
  type Message,
} from 'vscode-languageserver/node';
import { BoundedMessageReader, FramingError } from './framing';
import { isUnchanging } from './answers';

export interface Transport {
  kind: 'stdio' | 'ipc' | 'socket' | 'pipe';
  reader: MessageReader;
  writer: MessageWriter;
}

/**
 * The transport the command line names (the first of `--stdio`, `--node-ipc`, `--socket=PORT` or
 * `--socket PORT`, `--pipe=NAME` or `--pipe NAME`, as vscode-languageserver reads them), or
 * undefined when none is named.
 */
export function openTransport(argv: readonly string[]): Transport | undefined {
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s);
    const value = inline ?? argv[i + 1];
    if (flag === '--stdio') return { kind: 'stdio', reader: new BoundedMessageReader(process.stdin), writer: new StreamMessageWriter(process.stdout, WRITER_OPTIONS) };
    if (flag === '--node-ipc') return { kind: 'ipc', reader: new IPCMessageReader(process), writer: new IPCMessageWriter(process) };
    if (flag === '--socket' || flag === '--pipe') {
      const socket = flag === '--socket' ? net.createConnection(Number.parseInt(value ?? '', 10), '127.0.0.1') : net.createConnection(value ?? '');
      return { kind: flag === '--socket' ? 'socket' : 'pipe', reader: new BoundedMessageReader(socket), writer: new SocketMessageWriter(socket, WRITER_OPTIONS) };
    }
  }
  return undefined;
}

/** The JSON of each answer marked as unchanging (answers.ts), kept while the answer lives. */
const answerBytes = new WeakMap<object, Buffer>();
const RESULT_END = Buffer.from('}');

/**
 * Messages as JSON in UTF-8, as vscode-jsonrpc writes them (the same bytes), except that the
 * result of a response marked as unchanging is written to JSON once and its bytes kept: the same
 * answer sent again costs a copy, not a JSON writing.
 */
export const answerEncoder: ContentTypeEncoder = {
  name: 'application/json',
  encode(msg: Message, options: ContentTypeEncoderOptions): Promise<Uint8Array> {
    try {
      const m = msg as { jsonrpc?: unknown; id?: unknown; result?: unknown };
      const keys = Object.keys(m);
      if (options.charset === 'utf-8' && keys.length === 3 && keys[0] === 'jsonrpc' && keys[1] === 'id' && keys[2] === 'result' && isUnchanging(m.result)) {
        let body = answerBytes.get(m.result);
        if (!body) answerBytes.set(m.result, (body = Buffer.from(JSON.stringify(m.result), 'utf-8')));
        return Promise.resolve(Buffer.concat([Buffer.from(`{"jsonrpc":${JSON.stringify(m.jsonrpc)},"id":${JSON.stringify(m.id)},"result":`, 'utf-8'), body, RESULT_END]));
      }
      return Promise.resolve(Buffer.from(JSON.stringify(msg, undefined, 0), options.charset));
    } catch (err) {
      return Promise.reject(err);
    }
  },
};

const WRITER_OPTIONS = { charset: 'utf-8' as const, contentTypeEncoder: answerEncoder };

/**
 * Over stdio, stdout is the protocol: a stray console.log would corrupt it. The console's methods
 * go to the client's log instead (as vscode-languageserver does when it opens stdio itself).
 */
export function routeConsole(log: RemoteConsole): void {
  const text = (args: unknown[]) => format(...args);
  console.log = console.info = console.debug = (...args: unknown[]) => log.log(text(args));
  console.warn = (...args: unknown[]) => log.warn(text(args));
  console.error = console.trace = (...args: unknown[]) => log.error(text(args));
  console.dir = (value: unknown) => log.log(text([value]));
}

export interface TransportErrorHandlers {
  /** One message could not be read; the stream is still in step. */
  skipped(error: Error): void;
  /** The stream is out of step: nothing after this can be read. */
  framingLost(error: Error): void;
}

/** The framing is lost (framing.ts). */
export function isFramingError(error: unknown): boolean {
  return error instanceof FramingError;
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
