// The project config (`board-scenario.json`, docs/config.md) as the language server reads it:
// the nearest one walking up from the document's folder, but never above its workspace folder, and
// only when allowed (`boardScenario.projectConfig`, which the VS Code client answers `false` in an
// untrusted workspace: client/src/trust.ts). A document outside every workspace folder, or not on
// disk, has none. The file is read with a bound and parsed by the core (parseConfig), so a bad
// config is a list of worded problems (logged once per version of the file), never a throw.
//
// ProjectConfigs (used by main.ts) keeps what was read: the nearest config per folder, and each
// config by path with its stat (size, modification time). Like a rules file (rulesText.ts), it is
// never read on the path of a publish: `peek` only looks at memory; `resolve` walks and reads in
// the background and tells when what a document's config is changed, so it is checked again.
// A `board-scenario.json` changed on disk (didChangeWatchedFiles) forgets the folder lookups
// (`invalidate`); each config's stat is checked again on its next `resolve`.
import { dirname, join, relative, resolve, isAbsolute, sep } from 'node:path';
import { CONFIG_FILE_NAME, emptyConfig, isExcluded, parseConfig, type ConfigProblem, type Game, type ProjectConfig } from '../../core';
import type { ServerFiles } from './platform';
import { filePathOf, isInside } from './paths';
import { t } from './l10n';

/** A config file is read up to this size (the CLI's limit too). */
export const MAX_CONFIG_BYTES = 1024 * 1024;

export interface ServerProjectConfig {
  /** The config file's path; its folder is what its relative paths are relative to. */
  file: string;
  config: ProjectConfig;
  problems: ConfigProblem[];
}


/**
 * The config that applies to a document, or undefined (none found, not allowed, not on disk, or
 * outside its workspace folder). Never throws.
 */
export async function readProjectConfig(files: ServerFiles, documentUri: string, workspaceFolderUri: string | undefined, allowed: boolean): Promise<ServerProjectConfig | undefined> {
  if (!allowed || !workspaceFolderUri) return undefined;
  const doc = filePathOf(documentUri);
  const root = filePathOf(workspaceFolderUri);
  if (!doc || !root) return undefined;
  const top = resolve(root);
  let dir = dirname(resolve(doc));
  if (!isInside(top, dir)) return undefined;
  for (;;) {
    const file = join(dir, CONFIG_FILE_NAME);
    const read = await readConfigAt(files, file);
    if (read) return read.config;
    if (dir === top) return undefined;
    const parent = dirname(dir);
    if (parent === dir || !isInside(top, parent)) return undefined;
    dir = parent;
  }
}

/**
 * The config file at `file`: undefined when there is none (no such file, not a file); else its
 * stat and what was parsed (a file that cannot be read, or is too large, is one problem). Never throws.
 */
async function readConfigAt(files: ServerFiles, file: string): Promise<{ size: number; mtimeMs: number; config: ServerProjectConfig } | undefined> {
  let stat;
  try {
    stat = await files.stat(file);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException)?.code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    return { size: -1, mtimeMs: -1, config: { file, config: emptyConfig(), problems: [{ key: '', message: t('The config could not be read ({0}).', (e as Error)?.message ?? String(e)) }] } };
  }
  if (stat.type !== 'file') return undefined;
  return { size: stat.size, mtimeMs: stat.mtimeMs, config: await readConfigFile(files, file, stat.size) };
}

async function readConfigFile(files: ServerFiles, file: string, size: number): Promise<ServerProjectConfig> {
  if (size > MAX_CONFIG_BYTES) return { file, config: emptyConfig(), problems: [{ key: '', message: t('The config has {0} bytes, more than the {1} a config may have, so it was not read.', size, MAX_CONFIG_BYTES) }] };
  try {
    const bytes = await files.readAtMost(file, MAX_CONFIG_BYTES);
    if (!bytes) return { file, config: emptyConfig(), problems: [{ key: '', message: t('The config has more than {0} bytes, so it was not read.', MAX_CONFIG_BYTES) }] };
    return { file, ...parseConfig(new TextDecoder().decode(bytes)) };
  } catch (e) {
    return { file, config: emptyConfig(), problems: [{ key: '', message: t('The config could not be read ({0}).', (e as Error)?.message ?? String(e)) }] };
  }
}

/** A config path (relative to the config file's folder) as an absolute path. */
export function configPath(c: ServerProjectConfig, p: string): string {
  return resolve(dirname(c.file), p);
}

/** The config's card files (all games) and rules files, as absolute paths. */
export function configFiles(c: ServerProjectConfig): { rulesFile: Partial<Record<Game, string>>; cards: Partial<Record<Game, string[]>> } {
  const rulesFile: Partial<Record<Game, string>> = {};
  const cards: Partial<Record<Game, string[]>> = {};
  for (const game of ['mtg', 'riftbound'] as const) {
    const r = c.config.rulesFile[game];
    if (r) rulesFile[game] = configPath(c, r);
    const list = c.config.cards[game];
    if (list?.length) cards[game] = list.map((p) => configPath(c, p));
  }
  return { rulesFile, cards };
}

/** Does the config's `exclude` name this file (a path on disk)? */
export function excludedByConfig(c: ServerProjectConfig, file: string): boolean {
  if (c.config.exclude.length === 0) return false;
  const rel = relative(dirname(c.file), resolve(file));
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return false;
  return isExcluded(c.config, rel.split(sep).join('/'));
}

interface Entry {
  size: number;
  mtimeMs: number;
  value: ServerProjectConfig;
}

export interface ProjectConfigsLog {
  warn(message: string): void;
}

/** What the server read of the project configs (see the top of this file). */
export class ProjectConfigs {
  /**
   * Per `root\0folder`: the nearest config file's path, or null (none up to the root), and the
   * generation it was looked up in. An older lookup still answers `peek` until it is made again,
   * so a document does not lose its config for a moment while the lookups are renewed.
   */
  private readonly nearest = new Map<string, { generation: number; path: string | null }>();
  private readonly entries = new Map<string, Entry>();
  private readonly reading = new Map<string, Promise<Entry | undefined>>();
  /** The folder lookups are made again from this generation on (bumped by `invalidate`). */
  private generation = 0;

  constructor(
    private readonly log: ProjectConfigsLog,
    /** A config that was read before changed, or vanished (every document under it may differ now). */
    private readonly onChange: () => void = () => undefined,
    private readonly files: ServerFiles,
  ) {}

  /** The config of a document as far as it is in memory (no I/O); undefined: none, not allowed, or not read yet. */
  peek(documentUri: string, workspaceFolderUri: string | undefined, allowed: boolean): ServerProjectConfig | undefined {
    const where = placeOf(documentUri, workspaceFolderUri, allowed);
    if (!where) return undefined;
    const path = this.nearest.get(key(where.top, where.dir))?.path;
    return path ? this.entries.get(path)?.value : undefined;
  }

  /** Finds and reads (or checks the stat of) the config of a document. Never rejects. */
  async resolve(documentUri: string, workspaceFolderUri: string | undefined, allowed: boolean): Promise<ServerProjectConfig | undefined> {
    const where = placeOf(documentUri, workspaceFolderUri, allowed);
    if (!where) return undefined;
    const path = await this.find(where.top, where.dir);
    if (!path) return undefined;
    return (await this.load(path))?.value;
  }

  /** A `board-scenario.json` was created, changed or deleted: the folder lookups are made again. */
  invalidate(): void {
    this.generation++;
  }

  /** The nearest config path from `dir` up to `top` (each folder looked up once until `invalidate`). */
  private async find(top: string, dir: string): Promise<string | null> {
    const k = key(top, dir);
    const known = this.nearest.get(k);
    if (known !== undefined && known.generation === this.generation) return known.path;
    const generation = this.generation;
    const file = join(dir, CONFIG_FILE_NAME);
    let found: string | null;
    if (await this.load(file)) found = file;
    else {
      const parent = dirname(dir);
      found = dir === top || parent === dir || !isInside(top, parent) ? null : await this.find(top, parent);
    }
    if (generation === this.generation) this.nearest.set(k, { generation, path: found });
    return found;
  }

  /** Reads the config at `path` when its stat changed; undefined when there is none. One read at a time per path. */
  private load(path: string): Promise<Entry | undefined> {
    let p = this.reading.get(path);
    if (!p) {
      p = this.read(path).finally(() => this.reading.delete(path));
      this.reading.set(path, p);
    }
    return p;
  }

  private async read(path: string): Promise<Entry | undefined> {
    const had = this.entries.get(path);
    let stat: { size: number; mtimeMs: number; type: string } | undefined;
    try {
      stat = await this.files.stat(path);
    } catch {
      stat = undefined;
    }
    if (had && stat && stat.type === 'file' && had.size === stat.size && had.mtimeMs === stat.mtimeMs) return had;
    const read = stat?.type === 'file' ? await readConfigAt(this.files, path) : undefined;
    if (!read) {
      if (had) {
        this.entries.delete(path);
        this.onChange();
      }
      return undefined;
    }
    const entry: Entry = { size: read.size, mtimeMs: read.mtimeMs, value: read.config };
    this.entries.set(path, entry);
    // Each version of a config says its problems once.
    for (const p of read.config.problems) this.log.warn(`${path}${p.key ? ` (${p.key})` : ''}: ${p.message}`);
    if (had) this.onChange();
    return entry;
  }
}

function key(top: string, dir: string): string {
  return `${top}\0${dir}`;
}

/** The document's folder and the folder the walk stops at; undefined when no config may apply. */
function placeOf(documentUri: string, workspaceFolderUri: string | undefined, allowed: boolean): { top: string; dir: string } | undefined {
  if (!allowed || !workspaceFolderUri) return undefined;
  const doc = filePathOf(documentUri);
  const root = filePathOf(workspaceFolderUri);
  if (!doc || !root) return undefined;
  const top = resolve(root);
  const dir = dirname(resolve(doc));
  return isInside(top, dir) ? { top, dir } : undefined;
}
