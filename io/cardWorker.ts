// The worker thread that reads one card file for the language server (bundled as
// dist/cardWorker.js): a Scryfall file is 150 MB or more of JSON, so parsing it on the server's
// thread would hold up every request for seconds. It reads and parses the file, writes the index
// to the cache file (when the server has a storage folder), and posts the index back.
import { renameSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import type { CardCatalogCache } from '../core';
import { loadCardFiles } from './cards';

export interface CardWorkerInput {
  path: string;
  maxBytes: number;
  /** Where to write the index, with the file's size and time it was made for. */
  cachePath?: string;
  size: number;
  mtimeMs: number;
}

export interface CardWorkerOutput {
  problems: string[];
  catalog?: CardCatalogCache;
  cacheProblem?: string;
}

/** What the server's cache file holds: the index and the file it was made from (path, size, time). */
export interface CardCacheFile {
  path: string;
  size: number;
  mtimeMs: number;
  catalog: CardCatalogCache;
}

function run(input: CardWorkerInput): CardWorkerOutput {
  const loaded = loadCardFiles([input.path], { maxBytes: input.maxBytes });
  const catalog = (loaded.catalogs.mtg ?? loaded.catalogs.riftbound)?.toCache();
  let cacheProblem: string | undefined;
  if (catalog && input.cachePath) {
    try {
      mkdirSync(dirname(input.cachePath), { recursive: true });
      const file: CardCacheFile = { path: input.path, size: input.size, mtimeMs: input.mtimeMs, catalog };
      // Written whole under another name first: a reader never sees half a cache.
      const tmp = `${input.cachePath}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify(file));
      renameSync(tmp, input.cachePath);
    } catch (e) {
      cacheProblem = `could not write the card index cache ${input.cachePath}: ${(e as Error).message}`;
    }
  }
  return { problems: loaded.problems, catalog, cacheProblem };
}

if (parentPort && workerData) parentPort.postMessage(run(workerData as CardWorkerInput));
