// The project config (`board-scenario.json`, docs/config.md) as the language server may read it:
// the nearest one walking up from the document's folder, but never above its workspace folder, and
// only when allowed (`boardScenario.projectConfig`, which the VS Code client answers `false` in an
// untrusted workspace: client/src/trust.ts). A document outside every workspace folder, or not on
// disk, has none. The file is read with a bound and parsed by the core (parseConfig), so a bad
// config is a list of worded problems, never a throw. Not yet wired into the publish: the
// coordinator or the editor work calls `readProjectConfig` where the settings are read
// (config values apply where the setting is empty).
import { promises as fsp } from 'node:fs';
import { dirname, join, relative, resolve, isAbsolute } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONFIG_FILE_NAME, emptyConfig, parseConfig, type ConfigProblem, type ProjectConfig } from '../../core';
import { readAtMost } from './rulesText';

/** A config file is read up to this size (the CLI's limit too). */
export const MAX_CONFIG_BYTES = 1024 * 1024;

export interface ServerProjectConfig {
  /** The config file's path; its folder is what its relative paths are relative to. */
  file: string;
  config: ProjectConfig;
  problems: ConfigProblem[];
}

function filePath(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}

/** Is `inner` the folder `outer` or inside it? */
function within(outer: string, inner: string): boolean {
  const rel = relative(outer, inner);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * The config that applies to a document, or undefined (none found, not allowed, not on disk, or
 * outside its workspace folder). Never throws.
 */
export async function readProjectConfig(documentUri: string, workspaceFolderUri: string | undefined, allowed: boolean): Promise<ServerProjectConfig | undefined> {
  if (!allowed || !workspaceFolderUri) return undefined;
  const doc = filePath(documentUri);
  const root = filePath(workspaceFolderUri);
  if (!doc || !root) return undefined;
  const top = resolve(root);
  let dir = dirname(resolve(doc));
  if (!within(top, dir)) return undefined;
  for (;;) {
    const file = join(dir, CONFIG_FILE_NAME);
    try {
      const stat = await fsp.stat(file);
      if (stat.isFile()) {
        if (stat.size > MAX_CONFIG_BYTES) return { file, config: emptyConfig(), problems: [{ key: '', message: `The config has ${stat.size} bytes, more than the ${MAX_CONFIG_BYTES} a config may have, so it was not read.` }] };
        const bytes = await readAtMost(file, MAX_CONFIG_BYTES);
        if (!bytes) return { file, config: emptyConfig(), problems: [{ key: '', message: `The config has more than ${MAX_CONFIG_BYTES} bytes, so it was not read.` }] };
        return { file, ...parseConfig(bytes.toString('utf8')) };
      }
    } catch (e) {
      const code = (e as NodeJS.ErrnoException)?.code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') return { file, config: emptyConfig(), problems: [{ key: '', message: `The config could not be read (${(e as Error)?.message ?? String(e)}).` }] };
    }
    if (dir === top) return undefined;
    const parent = dirname(dir);
    if (parent === dir || !within(top, parent)) return undefined;
    dir = parent;
  }
}

/** A config path (relative to the config file's folder) as an absolute path. */
export function configPath(c: ServerProjectConfig, p: string): string {
  return resolve(dirname(c.file), p);
}
