// One measurement of bench/cards.ts in a fresh process (run with --expose-gc):
//   cold FILE CACHE    the worker's work (io/cardWorker.ts): read, parse, index; writes the cache as the worker does
//   cached FILE CACHE  the server's restart (server/src/cards.ts readCache): time, heap kept, lookups
import { statSync, writeFileSync } from 'node:fs';
import { loadCardFiles } from '../io/cards';
import { readCache } from '../server/src/nodePlatform';
import { cardName } from './cards';

const gc = (globalThis as { gc?: () => void }).gc!;
const heap = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

async function main(): Promise<void> {
  const [mode, file, cache] = process.argv.slice(2);
  const st = statSync(file);
  if (mode === 'cold') {
    const t0 = performance.now();
    const loaded = loadCardFiles([file]);
    const ms = performance.now() - t0;
    const catalog = loaded.catalogs.mtg!;
    writeFileSync(cache, JSON.stringify({ path: file, size: st.size, mtimeMs: st.mtimeMs, catalog: catalog.toCache() }));
    process.stdout.write(JSON.stringify({ ms, cards: catalog.size, problems: loaded.problems }) + '\n');
    return;
  }
  const before = heap();
  const t0 = performance.now();
  const catalog = await readCache(cache, file, st);
  const cachedMs = performance.now() - t0;
  if (!catalog) throw new Error('the cache was not taken');
  const indexHeap = heap() - before;
  const t1 = performance.now();
  catalog.closest('warm up');
  const suggestBuildMs = performance.now() - t1;
  const indexHeapWithSuggestions = heap() - before;
  const n = 10_000;
  const names = Array.from({ length: n }, (_, i) => cardName((i * 7919) % catalog.size));
  let t = performance.now();
  let found = 0;
  for (const name of names) if (catalog.lookup(name)) found++;
  const lookupUs = ((performance.now() - t) * 1000) / n;
  if (found !== n) throw new Error(`only ${found} of ${n} names found`);
  const typos = names.slice(0, 1000).map((s) => s.slice(0, 3) + s.slice(4));
  t = performance.now();
  for (const s of typos) catalog.closest(s);
  const closestUs = ((performance.now() - t) * 1000) / typos.length;
  t = performance.now();
  for (const s of names.slice(0, 200)) catalog.complete(s.slice(0, 5), 50);
  const completeUs = ((performance.now() - t) * 1000) / 200;
  process.stdout.write(JSON.stringify({ cachedMs, indexHeap, indexHeapWithSuggestions, suggestBuildMs, lookupUs, closestUs, completeUs }) + '\n');
}

main().catch((e) => {
  process.stderr.write(String(e?.stack ?? e));
  process.exit(1);
});
