// The scenario files of the workspace folders, for the workspace diagnostics (pull.ts) and the
// Testing view's runs of files that are not open. Only `file:` folders on this machine's disk are
// walked; like the CLI, folders named node_modules or starting with '.' are skipped, links to
// folders are not followed (no cycles), and a link to a file is followed only when the file it
// names is inside the same workspace folder (a scenario in the workspace can't make the server
// read a file elsewhere). The walk is asynchronous, yields between folders, and stops at
// `maxFiles`; a file is read with a bound (readAtMost), never whole first.
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { DirectoryEntry, ServerFiles } from './platform';

/** At most this many files are listed per walk: a 5,000-file workspace fits twice. */
export const MAX_WORKSPACE_FILES = 10_000;

export interface WalkResult {
  /** `file:` URIs, in walk order (each folder's entries sorted). */
  uris: string[];
  /** True when the walk stopped at the file limit. */
  truncated: boolean;
}

/** The folder's path on disk, or undefined for a folder that is not a `file:` URI (in the browser: any URI, see paths.ts filePathOf). */
export function folderPath(folderUri: string): string | undefined {
  try {
    return fileURLToPath(folderUri);
  } catch {
    return undefined;
  }
}

/** The URI a path gets in reports: the form VS Code sends (`file:///a/b%20c.board`). */
export function uriOfPath(p: string): string {
  return pathToFileURL(p).href;
}

/** Is `p` inside `dir` (or `dir` itself)? Both absolute and normalised. */
export function isInside(p: string, dir: string): boolean {
  const rel = path.relative(dir, p);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** Every `*.board` file under the folders, up to `maxFiles`. */
export async function walkFolders(fs: ServerFiles, folderUris: readonly string[], maxFiles = MAX_WORKSPACE_FILES, isCancelled: () => boolean = () => false): Promise<WalkResult> {
  const uris: string[] = [];
  const seen = new Set<string>();
  let truncated = false;
  for (const folderUri of folderUris) {
    const root = folderPath(folderUri);
    if (!root) continue;
    let realRoot: string;
    try {
      realRoot = await fs.realpath(root);
    } catch {
      continue;
    }
    const stack = [root];
    while (stack.length > 0) {
      if (isCancelled()) return { uris, truncated };
      const dir = stack.pop()!;
      let entries: DirectoryEntry[];
      try {
        entries = await fs.readDirectory(dir);
      } catch {
        continue; // an unreadable folder has nothing to report
      }
      entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      const subfolders: string[] = [];
      for (const entry of entries) {
        const full = path.join(dir, entry.name);
        if (entry.type === 'directory') {
          if (entry.name !== 'node_modules' && !entry.name.startsWith('.')) subfolders.push(full);
          continue;
        }
        if (!entry.name.endsWith('.board')) continue;
        if (entry.symlink) {
          try {
            const target = await fs.realpath(full);
            if (!isInside(target, realRoot) || (await fs.stat(target)).type !== 'file') continue;
          } catch {
            continue;
          }
        } else if (entry.type !== 'file') continue;
        const uri = uriOfPath(full);
        if (seen.has(uri)) continue; // nested workspace folders
        if (uris.length >= maxFiles) {
          truncated = true;
          return { uris, truncated };
        }
        seen.add(uri);
        uris.push(uri);
      }
      // Depth first, in name order: push in reverse so the first name is walked first.
      for (let i = subfolders.length - 1; i >= 0; i--) stack.push(subfolders[i]);
    }
  }
  return { uris, truncated };
}

/** What a file's stat says, as a key that changes when the file does. */
export interface FileStamp {
  size: number;
  mtimeMs: number;
}

export async function stampOf(fs: ServerFiles, uri: string): Promise<FileStamp | undefined> {
  const p = folderPath(uri);
  if (!p) return undefined;
  try {
    const s = await fs.stat(p);
    return s.type === 'file' ? { size: s.size, mtimeMs: s.mtimeMs } : undefined;
  } catch {
    return undefined;
  }
}

export type ReadResult = { text: string } | { tooLarge: number } | { missing: true };

/** The text of the file at `uri` (UTF-8), read up to `maxBytes`; over that its size only. */
export async function readScenario(fs: ServerFiles, uri: string, maxBytes: number): Promise<ReadResult> {
  const p = folderPath(uri);
  if (!p) return { missing: true };
  try {
    const bytes = await fs.readAtMost(p, maxBytes);
    if (!bytes) {
      const s = await fs.stat(p).catch(() => undefined);
      return { tooLarge: s?.size ?? maxBytes + 1 };
    }
    return { text: new TextDecoder().decode(bytes) };
  } catch {
    return { missing: true };
  }
}

/** The workspace folder (of `folders`) that contains the file at `uri`, by path; undefined when none does. */
export function containingFolder(uri: string, folders: readonly string[]): string | undefined {
  const p = folderPath(uri);
  if (!p) return undefined;
  let best: string | undefined;
  let bestLength = -1;
  for (const f of folders) {
    const root = folderPath(f);
    if (root && isInside(p, root) && root.length > bestLength) {
      best = f;
      bestLength = root.length;
    }
  }
  return best;
}

/**
 * Reads a scenario named by a client (a file that is not open) only when it is a `*.board` file in
 * a workspace folder, by its real path too: a link out of the folder is not followed.
 */
export async function readInWorkspace(fs: ServerFiles, uri: string, folders: readonly string[], maxBytes: number): Promise<ReadResult | { outside: true }> {
  const p = folderPath(uri);
  if (!p || !p.endsWith('.board')) return { outside: true };
  let real: string;
  try {
    real = await fs.realpath(p);
  } catch {
    return { missing: true };
  }
  for (const f of folders) {
    const root = folderPath(f);
    if (!root || !isInside(p, root)) continue;
    const realRoot = await fs.realpath(root).catch(() => undefined);
    if (realRoot && isInside(real, realRoot)) return readScenario(fs, uri, maxBytes);
  }
  return { outside: true };
}
