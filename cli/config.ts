// Finding and reading the project config (`board-scenario.json`, docs/config.md) for the command
// line: the nearest one walking up from a checked file's folder to the filesystem root. The
// parsing and validation are the core's (parseConfig); a config that cannot be read or is invalid
// is reported once, by path and key, and its valid parts still apply.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CONFIG_FILE_NAME, emptyConfig, isExcluded, parseConfig, renderMessage, type ProjectConfig } from '../core';
import { reasonOf } from './files';
import { readLimited } from './scenario';
import type { CheckSettings } from './scenario';
import { translate } from '../l10n/language';

/** A config file is read up to this size. */
export const MAX_CONFIG_BYTES = 1024 * 1024;

export interface LoadedConfig {
  /** The config file's path (absolute) and its folder, which its paths are relative to. */
  file: string;
  dir: string;
  config: ProjectConfig;
  /** Worded for stderr, without the `board-scenario: ` prefix. */
  problems: string[];
}

/** Reads and parses one config file. Never throws. */
export function loadConfig(file: string): LoadedConfig {
  const dir = path.dirname(file);
  const read = readLimited(file, MAX_CONFIG_BYTES);
  if ('problem' in read) return { file, dir, config: emptyConfig(), problems: [read.problem.replace(/scenario files/, 'config files')] };
  const { config, problems } = parseConfig(read.bytes.toString('utf8'));
  return { file, dir, config, problems: problems.map((p) => `${file}${p.key ? ` (${p.key})` : ''}: ${p.text ? renderMessage(p.text, translate) : p.message}`) };
}

/** The nearest config above each folder, cached per folder (a folder of a thousand files reads it once). */
export class ConfigFinder {
  private readonly byDir = new Map<string, LoadedConfig | undefined>();
  private readonly reported = new Set<string>();

  constructor(private readonly enabled = true) {}

  /** The config that applies to a file (a path as given), or undefined. */
  forFile(file: string): LoadedConfig | undefined {
    if (!this.enabled) return undefined;
    return this.forDir(path.dirname(path.resolve(file)));
  }

  private forDir(dir: string): LoadedConfig | undefined {
    if (this.byDir.has(dir)) return this.byDir.get(dir);
    const candidate = path.join(dir, CONFIG_FILE_NAME);
    let found: LoadedConfig | undefined;
    let isFile = false;
    try {
      isFile = fs.statSync(candidate).isFile();
    } catch (err) {
      const code = (err as NodeJS.ErrnoException)?.code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') found = { file: candidate, dir, config: emptyConfig(), problems: [`cannot read ${candidate}: ${reasonOf(err)}`] };
    }
    if (isFile) found = loadConfig(candidate);
    if (!found) {
      const parent = path.dirname(dir);
      found = parent === dir ? undefined : this.forDir(parent);
    }
    this.byDir.set(dir, found);
    return found;
  }

  /** The problems of a config, the first time it is asked (each is reported once). */
  newProblems(c: LoadedConfig | undefined): string[] {
    if (!c || this.reported.has(c.file)) return [];
    this.reported.add(c.file);
    return c.problems;
  }
}

/** The path of a file relative to its config's folder, `/` separated (what `exclude` globs match). */
export function relativeToConfig(c: LoadedConfig, file: string): string {
  return path.relative(c.dir, path.resolve(file)).split(path.sep).join('/');
}

/** Is a file excluded by the config that applies to it? (Only for files found in folders: a file named on the command line is always checked.) */
export function excludedBy(c: LoadedConfig | undefined, file: string): boolean {
  if (!c || c.config.exclude.length === 0) return false;
  const rel = relativeToConfig(c, file);
  return !rel.startsWith('..') && isExcluded(c.config, rel);
}

/** What the check of a file takes from its config. */
export function settingsOf(c: LoadedConfig | undefined): CheckSettings {
  if (!c) return {};
  const cardFiles = Object.values(resolvedPaths(c).cards).flat();
  return { severity: c.config.severity, defaultRulesVersion: c.config.rulesVersion, ...(cardFiles.length ? { cardFiles } : {}) };
}

/** The config's files (rules files, card files) as absolute paths, for whoever reads them. */
export function resolvedPaths(c: LoadedConfig): { rulesFile: Record<string, string>; cards: Record<string, string[]> } {
  const abs = (p: string) => path.resolve(c.dir, p);
  const rulesFile: Record<string, string> = {};
  for (const [g, p] of Object.entries(c.config.rulesFile)) if (p) rulesFile[g] = abs(p);
  const cards: Record<string, string[]> = {};
  for (const [g, ps] of Object.entries(c.config.cards)) if (ps) cards[g] = ps.map(abs);
  return { rulesFile, cards };
}
