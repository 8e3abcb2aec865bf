// The user's card data in the editor (settings `boardScenario.cards.mtg|riftbound`: a path or a
// list of paths). Like the rules files (rulesText.ts): a relative path resolves against the
// document's workspace folder (paths.ts), the settings are restricted in untrusted workspaces
// (client/src/trust.ts), and a file over CARD_FILE_MAX_BYTES is refused from its stat.
//
// Nothing here is on the path of a publish: `catalogsFor` only looks at what is in memory. Reading
// starts after a document's first diagnostics were published (`follow`), in the background: the
// index is taken from the cache file in the extension's storage folder when that was made from a
// file of the same size and modification time (a restart is ready in a moment), else the file is
// parsed in a worker thread (dist/cardWorker.js), which also writes the cache. When what is in
// memory for a document's files changes, `onChange` fires so its diagnostics are published again.
import { CardCatalog, type CardCatalogs, type CardRecord, type Game } from '../../core';
import { CARD_FILE_MAX_BYTES, cardFileTooLarge } from '../../io/cardLimits';
import type { CardWorkerInput, CardWorkerOutput } from '../../io/cardWorker';
import { locateSettingPath, WorkspaceFolders } from './paths';
import type { CardLoader, ServerFiles, ServerPlatform } from './platform';

export interface CardFilesLog {
  info(message: string): void;
  warn(message: string): void;
}

interface Loaded {
  size: number;
  mtimeMs: number;
  catalog: CardCatalog;
}

export class CardFiles {
  private readonly files = new Map<string, Loaded>();
  private readonly reading = new Map<string, Promise<void>>();
  private readonly reported = new Set<string>();
  /** One CardCatalogs object per list of files (analyses compare them by identity). */
  private readonly combined = new Map<string, { parts: Loaded[]; catalogs: CardCatalogs }>();
  private readonly maxBytes: number;
  private readonly folders: WorkspaceFolders;
  /** The folder of the index cache (the client's storage folder, from initialize); none: no cache. */
  storagePath: string | undefined;

  constructor(
    private readonly log: CardFilesLog,
    private readonly onChange: () => void,
    private readonly options: { folders?: WorkspaceFolders; storagePath?: string; files: ServerFiles; loader: CardLoader; locate?: ServerPlatform['locate']; maxBytes?: number },
  ) {
    this.folders = options.folders ?? new WorkspaceFolders();
    this.maxBytes = options.maxBytes ?? CARD_FILE_MAX_BYTES;
    this.storagePath = options.storagePath;
  }

  /** The files the settings name for a document, resolved (paths.ts), in order. */
  locate(setting: { mtg: string[]; riftbound: string[] } | undefined, documentUri: string): string[] {
    const out: string[] = [];
    for (const value of [...(setting?.mtg ?? []), ...(setting?.riftbound ?? [])]) {
      const where = this.options.locate && value ? this.options.locate(value, this.folders.folderOf(documentUri)) : locateSettingPath(value, documentUri, this.folders);
      if ('path' in where) {
        if (where.path && !out.includes(where.path)) out.push(where.path);
      } else this.once(`locate:${value}`, `Could not locate the card file: ${where.problem}`);
    }
    return out;
  }

  /** The catalogs of these files as far as they are in memory (no I/O); undefined when none is. */
  catalogsFor(paths: readonly string[]): CardCatalogs | undefined {
    const parts = paths.map((p) => this.files.get(p)).filter((x): x is Loaded => x !== undefined);
    if (parts.length === 0) return undefined;
    const key = paths.join('\n');
    const known = this.combined.get(key);
    if (known && known.parts.length === parts.length && known.parts.every((p, i) => p === parts[i])) return known.catalogs;
    const byGame: Partial<Record<Game, { records: CardRecord[]; sources: string[] }>> = {};
    for (const p of parts) {
      const g = (byGame[p.catalog.game] ??= { records: [], sources: [] });
      for (const r of p.catalog.cards()) g.records.push(r);
      g.sources.push(...p.catalog.sources);
    }
    const catalogs: CardCatalogs = {};
    for (const game of ['mtg', 'riftbound'] as const) {
      const g = byGame[game];
      // One file of a game: its catalog itself (its index, once built, is kept).
      const single = parts.filter((p) => p.catalog.game === game);
      if (g) catalogs[game] = single.length === 1 ? single[0].catalog : new CardCatalog(game, g.records, g.sources);
    }
    this.combined.set(key, { parts, catalogs });
    return catalogs;
  }

  /** Reads (or checks the stat of) each file; resolves when all are in memory, or failed. Never rejects. */
  async follow(paths: readonly string[]): Promise<void> {
    await Promise.all(paths.map((p) => this.load(p)));
  }

  private load(path: string): Promise<void> {
    let p = this.reading.get(path);
    if (!p) {
      p = this.read(path).finally(() => this.reading.delete(path));
      this.reading.set(path, p);
    }
    return p;
  }

  private cachePathOf(path: string): string | undefined {
    if (!this.storagePath) return undefined;
    return this.options.loader.cachePath(this.storagePath, path);
  }

  private async read(path: string): Promise<void> {
    let st: { size: number; mtimeMs: number; type: string };
    try {
      st = await this.options.files.stat(path);
      if (st.type !== 'file') throw new Error('it is not a file');
    } catch (e) {
      this.failed(path, `Could not read the card file '${path}': ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}.`);
      return;
    }
    const known = this.files.get(path);
    if (known && known.size === st.size && known.mtimeMs === st.mtimeMs) return;
    const big = cardFileTooLarge(path, st.size, this.maxBytes);
    if (big) {
      this.failed(path, `Card file refused: ${big}`);
      return;
    }
    const started = Date.now();
    const cachePath = this.cachePathOf(path);
    const cached = cachePath ? await this.options.loader.readCache(cachePath, path, st) : undefined;
    if (cached) {
      this.loaded(path, { size: st.size, mtimeMs: st.mtimeMs, catalog: cached }, `Read the card index of '${path}' from the cache: ${cached.size} cards in ${Date.now() - started} ms.`);
      return;
    }
    const out = await this.parseInWorker({ path, maxBytes: this.maxBytes, cachePath, size: st.size, mtimeMs: st.mtimeMs });
    for (const p of out.problems) this.once(`${path}:${p}`, `Card file '${path}': ${p}`);
    if (out.cacheProblem) this.once(`cache:${path}`, out.cacheProblem);
    const catalog = out.catalog ? CardCatalog.fromCache(out.catalog) : undefined;
    if (!catalog) {
      this.failed(path, `Card file '${path}' gave no cards.`);
      return;
    }
    this.loaded(path, { size: st.size, mtimeMs: st.mtimeMs, catalog }, `Read the card file '${path}': ${catalog.size} cards (${catalog.game === 'mtg' ? 'Magic: The Gathering' : 'Riftbound'}) in ${Date.now() - started} ms.`);
  }

  private parseInWorker(input: CardWorkerInput): Promise<CardWorkerOutput> {
    return this.options.loader.parse(input);
  }

  private loaded(path: string, entry: Loaded, message: string): void {
    this.files.set(path, entry);
    this.reported.delete(path);
    this.log.info(message);
    this.onChange();
  }

  private failed(path: string, message: string): void {
    const had = this.files.delete(path);
    this.once(path, message);
    if (had) this.onChange();
  }

  private once(key: string, message: string): void {
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.log.warn(message);
  }
}

// The cache file's reader is the platform's (nodePlatform.ts readCache); the browser has no cache.
