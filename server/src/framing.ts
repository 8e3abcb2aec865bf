// Reading LSP messages from a byte stream (stdio, a socket, a pipe): a header block of
// `Name: value` lines, each ended by CR LF, an empty line, then exactly Content-Length bytes of
// UTF-8 JSON. vscode-jsonrpc's own reader buffers until it sees CR LF CR LF and then until it has
// Content-Length bytes, whatever they are: an LF-only header, a header without its blank line or a
// Content-Length of a terabyte left it buffering in silence for ever. This reader checks each byte
// of a header block as it arrives, so the first byte that can't belong to a header (a bare LF, a
// `{` where a header name should start, a header block longer than MAX_HEADER_BYTES) is an error
// at once, and a Content-Length over MAX_MESSAGE_BYTES is an error before a byte of its body is
// kept. The buffering is bounded by those two limits. After an error the framing is lost (nothing
// later can be trusted to start a message): the reader reports a FramingError once and discards
// whatever else comes; the server exits on it (transport.ts, main.ts).
//
// A body that is not JSON is not a framing error: exactly Content-Length bytes were read, so the
// next message is read normally; its SyntaxError is reported and the body skipped, as vscode-jsonrpc does.
import { AbstractMessageReader, Disposable, type DataCallback, type Message, type MessageReader } from 'vscode-languageserver/node';
import type { Readable } from 'node:stream';

/**
 * The largest message the server reads: 64 MiB. Documents over 5 MB are received but not checked
 * (documents.ts); this leaves room for a 50 MB document (the most VS Code hands to an extension)
 * in a didOpen or full didChange, with JSON escaping. A Content-Length above it is an error.
 */
export const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

/** The longest header block the server reads (clients send one or two short headers: under 100 bytes). */
export const MAX_HEADER_BYTES = 4096;

/** The byte stream from the client is out of step: no later message can be read. */
export class FramingError extends Error {}

const CR = 13;
const LF = 10;
const COLON = 58;

/** RFC 9110's `tchar`: what a header name is made of. */
function isTokenByte(b: number): boolean {
  return (
    (b >= 0x30 && b <= 0x39) || // 0-9
    (b >= 0x41 && b <= 0x5a) || // A-Z
    (b >= 0x61 && b <= 0x7a) || // a-z
    b === 0x21 || (b >= 0x23 && b <= 0x27) || b === 0x2a || b === 0x2b || b === 0x2d || b === 0x2e || b === 0x5e || b === 0x5f || b === 0x60 || b === 0x7c || b === 0x7e
  );
}

/** What a header value may hold: visible ASCII, space and tab. */
function isValueByte(b: number): boolean {
  return b === 0x09 || (b >= 0x20 && b <= 0x7e);
}

function show(b: number): string {
  const hex = `0x${b.toString(16).padStart(2, '0')}`;
  return b >= 0x21 && b <= 0x7e ? `'${String.fromCharCode(b)}' (${hex})` : hex;
}

function mib(n: number): string {
  return `${n / (1024 * 1024)} MiB`;
}

type HeaderState =
  | 'line-start' // at the start of a header line, or of the blank line that ends the block
  | 'name'
  | 'value'
  | 'line-cr' // after the CR that ends a header line
  | 'end-cr'; // after the CR of the blank line

/** One message's header block, parsed: the Content-Length, or what is wrong. */
export function contentLength(fields: readonly [string, string][]): number | FramingError {
  let length: string | undefined;
  for (const [name, value] of fields) {
    if (name.toLowerCase() !== 'content-length') continue;
    if (length !== undefined && length !== value) return new FramingError(`two different Content-Length headers: ${length} and ${value}`);
    length = value;
  }
  if (length === undefined) {
    return new FramingError(`a header block without Content-Length (${fields.map(([n]) => n).join(', ') || 'no headers'})`);
  }
  if (!/^[0-9]+$/.test(length)) return new FramingError(`Content-Length ${JSON.stringify(length.slice(0, 40))} is not a number of bytes`);
  const n = Number(length);
  if (n > MAX_MESSAGE_BYTES) {
    return new FramingError(`Content-Length ${length.length > 20 ? length.slice(0, 20) + '...' : length} is more than the largest message the server reads, ${mib(MAX_MESSAGE_BYTES)}`);
  }
  return n;
}

/**
 * Reads messages from a Node byte stream, with bounded buffering and strict headers (see the top of
 * this file). Errors: FramingError (the stream is out of step; the reader stops reading), or the
 * SyntaxError of a body that is not JSON (that body is skipped).
 */
export class BoundedMessageReader extends AbstractMessageReader implements MessageReader {
  private callback: DataCallback | undefined;
  private state: HeaderState = 'line-start';
  private headerBytes = 0;
  private readonly headerLine: number[] = [];
  private name = '';
  private readonly fields: [string, string][] = [];
  /** While a body is read: its length, and its chunks so far. */
  private bodyLength = -1;
  private bodyChunks: Buffer[] = [];
  private bodyHave = 0;
  private broken = false;
  private readonly decoder = new TextDecoder('utf-8');

  constructor(private readonly readable: Readable) {
    super();
  }

  listen(callback: DataCallback): Disposable {
    this.callback = callback;
    const onData = (chunk: Buffer | string) => this.onData(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
    const onError = (error: Error) => this.fireError(error);
    const onClose = () => this.fireClose();
    this.readable.on('data', onData);
    this.readable.on('error', onError);
    this.readable.on('end', onClose);
    this.readable.on('close', onClose);
    return Disposable.create(() => {
      this.callback = undefined;
      this.readable.off('data', onData);
      this.readable.off('error', onError);
      this.readable.off('end', onClose);
      this.readable.off('close', onClose);
    });
  }

  /** Feeds bytes from the stream (public for the unit tests, which feed chunks split anywhere). */
  onData(chunk: Buffer): void {
    let at = 0;
    while (at < chunk.length && !this.broken) {
      if (this.bodyLength >= 0) {
        const take = Math.min(this.bodyLength - this.bodyHave, chunk.length - at);
        if (take > 0) this.bodyChunks.push(chunk.subarray(at, at + take));
        this.bodyHave += take;
        at += take;
        if (this.bodyHave === this.bodyLength) this.deliver();
      } else {
        at = this.readHeader(chunk, at);
      }
    }
    // A message of length 0 ends with its header block, whether or not more bytes follow.
    if (this.bodyLength === 0 && !this.broken) this.deliver();
  }

  /** Reads header bytes from `at`; returns where it stopped (the end of the chunk, or the start of a body). */
  private readHeader(chunk: Buffer, at: number): number {
    for (; at < chunk.length; at++) {
      const b = chunk[at];
      if (++this.headerBytes > MAX_HEADER_BYTES) {
        this.fail(`a header block longer than ${MAX_HEADER_BYTES} bytes without the blank line that ends it`);
        return chunk.length;
      }
      switch (this.state) {
        case 'line-start':
          if (b === CR) {
            this.state = 'end-cr';
          } else if (isTokenByte(b)) {
            this.headerLine.push(b);
            this.state = 'name';
          } else {
            this.fail(
              b === LF
                ? `a line ended by LF alone where a header or the blank line after the headers should be (header lines end with CR LF)`
                : `${show(b)} where a header should start${this.fields.length ? ` (after ${this.fields.map(([n, v]) => `${n}: ${v}`).join(', ')}, without the blank line that ends the headers)` : ''}`,
            );
            return chunk.length;
          }
          break;
        case 'name':
          if (b === COLON) {
            this.name = String.fromCharCode(...this.headerLine);
            this.headerLine.length = 0;
            this.state = 'value';
          } else if (isTokenByte(b)) {
            this.headerLine.push(b);
          } else {
            this.fail(`${show(b)} in the header name ${JSON.stringify(String.fromCharCode(...this.headerLine))} (a header is \`Name: value\` and ends with CR LF)`);
            return chunk.length;
          }
          break;
        case 'value':
          if (b === CR) {
            this.state = 'line-cr';
          } else if (isValueByte(b)) {
            this.headerLine.push(b);
          } else {
            const header = `${this.name}:${String.fromCharCode(...this.headerLine)}`;
            this.fail(
              b === LF
                ? `the header ${JSON.stringify(header)} ends with LF alone (header lines end with CR LF)`
                : `${show(b)} in the value of the header ${JSON.stringify(header)}`,
            );
            return chunk.length;
          }
          break;
        case 'line-cr':
          if (b !== LF) {
            this.fail(`a CR not followed by LF in the header ${JSON.stringify(this.name)}`);
            return chunk.length;
          }
          this.fields.push([this.name, String.fromCharCode(...this.headerLine).trim()]);
          this.headerLine.length = 0;
          this.state = 'line-start';
          break;
        case 'end-cr': {
          if (b !== LF) {
            this.fail('a CR not followed by LF where the blank line after the headers should be');
            return chunk.length;
          }
          const length = this.fields.length === 0 ? new FramingError('an empty header block (no Content-Length)') : contentLength(this.fields);
          if (length instanceof FramingError) {
            this.fail(length);
            return chunk.length;
          }
          this.fields.length = 0;
          this.headerBytes = 0;
          this.state = 'line-start';
          this.bodyLength = length;
          return at + 1;
        }
      }
    }
    return at;
  }

  private deliver(): void {
    const body = this.bodyChunks.length === 1 ? this.bodyChunks[0] : Buffer.concat(this.bodyChunks, this.bodyLength);
    this.bodyLength = -1;
    this.bodyChunks = [];
    this.bodyHave = 0;
    let message: Message;
    try {
      message = JSON.parse(this.decoder.decode(body)) as Message;
    } catch (e) {
      this.fireError(e);
      return;
    }
    // The connection's callback throws on some bodies (a `$/cancelRequest` without params): that
    // message is lost, as with vscode-jsonrpc's reader, and the reading goes on.
    try {
      this.callback?.(message);
    } catch (e) {
      this.fireError(e);
    }
  }

  private fail(error: string | FramingError): void {
    this.broken = true;
    this.headerLine.length = 0;
    this.fields.length = 0;
    this.bodyChunks = [];
    this.fireError(typeof error === 'string' ? new FramingError(error) : error);
  }
}
