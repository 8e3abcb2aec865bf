// Writing to stdout/stderr without stack traces: a closed pipe (`| head -1`) ends the process
// quietly with the exit code decided so far, and large outputs respect back-pressure.
import type { Writable } from 'node:stream';

let installed = false;

/** Call once at start-up. */
export function installPipeHandlers(): void {
  if (installed) return;
  installed = true;
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE' || err.code === 'ERR_STREAM_DESTROYED') process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
    safeStderr(`board-scenario: cannot write output: ${err.message}\n`);
    process.exit(2);
  });
  // Nothing sensible is left to do when stderr itself is gone.
  process.stderr.on('error', () => {});
}

function safeStderr(s: string): void {
  try {
    process.stderr.write(s);
  } catch {
    // ignore
  }
}

/** Writes a chunk; resolves once the stream can take more (so a slow reader slows us down instead of buffering everything). */
export function write(stream: Writable, chunk: string): Promise<void> {
  return new Promise((resolve) => {
    if (chunk === '' || stream.destroyed) return resolve();
    let ok: boolean;
    try {
      ok = stream.write(chunk);
    } catch {
      return resolve();
    }
    if (ok) {
      // Give a pending 'error' (EPIPE) a chance to fire before more work is done.
      setImmediate(resolve);
      return;
    }
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

export const out = (s: string) => write(process.stdout, s);
export const err = (s: string) => write(process.stderr, s.endsWith('\n') ? s : s + '\n');

/**
 * Output made of many small pieces (one per finding), written in chunks of about `CHUNK` characters:
 * never one string for the whole document, and each chunk waits for the reader.
 */
export class ChunkedOutput {
  static readonly CHUNK = 64 * 1024;
  private parts: string[] = [];
  private size = 0;
  /**
   * Set by a caller that flushes itself (the check command: when the next file's answer is not
   * in yet, and before anything goes to stderr): the end of a file then writes nothing, so the
   * output of many small files goes out in large chunks.
   */
  batched = false;
  constructor(private readonly write: (s: string) => Promise<void> = out) {}

  /** A file's output is complete: written now, unless `batched`. */
  async endOfFile(): Promise<void> {
    if (!this.batched) await this.flush();
  }

  /** Adds a piece; writes the chunk once it is big enough. */
  async add(s: string): Promise<void> {
    this.parts.push(s);
    this.size += s.length;
    if (this.size >= ChunkedOutput.CHUNK) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.parts.length === 0) return;
    const chunk = this.parts.join('');
    this.parts = [];
    this.size = 0;
    await this.write(chunk);
  }
}
