// The desktop server's platform (platform.ts): the local disk through node:fs, card files parsed in
// a worker thread (dist/cardWorker.js) with their index cached in the extension's storage folder.
// Imported by node.ts only (and by tests that use the Node server's modules directly).
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { promises as fsp } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { CardCatalog } from '../../core';
import type { CardCacheFile, CardWorkerInput, CardWorkerOutput } from '../../io/cardWorker';
import type { CardLoader, DirectoryEntry, FileStat, IncludeDisk, ServerFiles } from './platform';

const CHUNK_BYTES = 1024 * 1024;

/**
 * The bytes of the file at `path`, read in chunks and never more than `limit + 1` of them: undefined
 * when the file has more than `limit` bytes (whatever its stat said before).
 */
export async function readAtMost(path: string, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let total = 0;
  const handle = await fsp.open(path, 'r');
  try {
    for (;;) {
      const want = Math.min(CHUNK_BYTES, limit + 1 - total);
      if (want <= 0) break;
      const chunk = Buffer.allocUnsafe(want);
      const { bytesRead } = await handle.read(chunk, 0, want, null);
      if (bytesRead === 0) break;
      chunks.push(bytesRead === want ? chunk : chunk.subarray(0, bytesRead));
      total += bytesRead;
    }
  } finally {
    await handle.close();
  }
  return total > limit ? undefined : Buffer.concat(chunks, total);
}

function typeOf(s: { isFile(): boolean; isDirectory(): boolean }): FileStat['type'] {
  return s.isFile() ? 'file' : s.isDirectory() ? 'directory' : 'other';
}

export const nodeFiles: ServerFiles = {
  async stat(path) {
    const s = await fsp.stat(path);
    return { type: typeOf(s), size: s.size, mtimeMs: s.mtimeMs };
  },
  readAtMost,
  async readDirectory(path) {
    const entries = await fsp.readdir(path, { withFileTypes: true });
    return entries.map((e): DirectoryEntry => ({ name: e.name, type: e.isSymbolicLink() ? 'other' : typeOf(e), symlink: e.isSymbolicLink() }));
  },
  realpath: (path) => fsp.realpath(path),
};

export const nodeIncludes: IncludeDisk = {
  realpath(p) {
    try {
      return fs.realpathSync(p);
    } catch {
      return p;
    }
  },
  read(real, maxBytes) {
    let fd: number;
    let size: number;
    try {
      const st = fs.statSync(real);
      size = st.size;
      if (!st.isFile()) return { error: 'missing', message: `${real} is not a file.` };
      if (st.size > maxBytes) return { error: 'unreadable', message: `${real} is ${st.size} bytes, and included files are read up to ${maxBytes} bytes.` };
      fd = fs.openSync(real, 'r');
    } catch (e) {
      return { error: 'missing', message: `${real}: ${(e as NodeJS.ErrnoException)?.code === 'ENOENT' ? 'no such file' : String((e as Error)?.message ?? e)}.` };
    }
    try {
      // One byte more than the size it had: a file that grew meanwhile is not read past the limit.
      const buf = Buffer.alloc(size + 1);
      let n = 0;
      for (;;) {
        const k = fs.readSync(fd, buf, n, buf.length - n, null);
        if (k === 0) break;
        n += k;
        if (n === buf.length) return { error: 'unreadable', message: `${real} changed while it was read; it is read again when it changes.` };
      }
      return { bytes: buf.subarray(0, n) };
    } catch (e) {
      return { error: 'unreadable', message: `${real}: ${String((e as Error)?.message ?? e)}.` };
    } finally {
      try {
        fs.closeSync(fd);
      } catch {
        // nothing left to do
      }
    }
  },
};

/** The index in the cache file, if it was made from this file as it is now (path, size, time). */
export async function readCache(cachePath: string, path: string, st: { size: number; mtimeMs: number }): Promise<CardCatalog | undefined> {
  let text: string;
  try {
    text = await fsp.readFile(cachePath, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const c = JSON.parse(text) as CardCacheFile;
    if (!c || c.path !== path || c.size !== st.size || c.mtimeMs !== st.mtimeMs) return undefined;
    return CardCatalog.fromCache(c.catalog);
  } catch {
    return undefined;
  }
}

/** Card files parsed in a worker thread (the script at `workerPath`, dist/cardWorker.js), which also writes the cache. */
export function nodeCards(workerPath: string): CardLoader {
  return {
    cachePath: (storagePath, path) => join(storagePath, 'card-index', `${createHash('sha256').update(path).digest('hex').slice(0, 32)}.json`),
    readCache,
    parse(input: CardWorkerInput): Promise<CardWorkerOutput> {
      return new Promise((resolve) => {
        let done = false;
        const finish = (o: CardWorkerOutput) => {
          if (done) return;
          done = true;
          resolve(o);
          void worker.terminate();
        };
        const worker = new Worker(workerPath, { workerData: input });
        worker.once('message', (o: CardWorkerOutput) => finish(o));
        worker.once('error', (e: Error & { code?: string }) => finish({ problems: [e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'reading it needs more memory than the server has' : `reading it failed: ${e.message}`] }));
        worker.once('exit', (code) => finish({ problems: [`the reader stopped (exit code ${code})`] }));
      });
    },
  };
}
