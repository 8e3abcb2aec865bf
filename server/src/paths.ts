// Settings that name a file (`boardScenario.rulesFile.*`): where the file is. An absolute path is
// used as it is. A relative path is resolved against the workspace folder of the document (the
// innermost folder whose URI contains the document's), or the first workspace folder when the
// document is in none (an untitled document, a file opened from elsewhere); never against the
// server's working directory, which is wherever the editor happened to start it. With no workspace
// folder on this machine's disk, a relative path names nothing.
import { isAbsolute, normalize, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The local path of a `file:` URI; undefined for another scheme or a malformed URI. (Node's
 * fileURLToPath refuses every other scheme; the browser server's, web/url.ts, gives any URI of its
 * workbench a path, since every file there is read through the client.)
 */
export function filePathOf(uri: string): string | undefined {
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}

/** Is the path `inner` the folder `outer` or inside it (both resolved the same way by the caller)? */
export function isInside(outer: string, inner: string): boolean {
  const rel = relative(outer, inner);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

export interface WorkspaceFolderLike {
  uri: string;
  name?: string;
}

/** The client's workspace folders: from `initialize`, then `workspace/didChangeWorkspaceFolders`. */
export class WorkspaceFolders {
  private uris: string[] = [];

  /** From the initialize params: `workspaceFolders`, else the deprecated `rootUri`, else `rootPath`. */
  initialize(params: { workspaceFolders?: WorkspaceFolderLike[] | null; rootUri?: string | null; rootPath?: string | null }): void {
    if (Array.isArray(params.workspaceFolders)) this.uris = params.workspaceFolders.map((f) => f?.uri).filter((u): u is string => typeof u === 'string');
    else if (typeof params.rootUri === 'string') this.uris = [params.rootUri];
    else if (typeof params.rootPath === 'string' && isAbsolute(params.rootPath)) this.uris = [pathToUri(params.rootPath)];
    else this.uris = [];
  }

  change(event: { added?: WorkspaceFolderLike[]; removed?: WorkspaceFolderLike[] }): void {
    const removed = new Set((event.removed ?? []).map((f) => trimSlash(f.uri)));
    this.uris = this.uris.filter((u) => !removed.has(trimSlash(u)));
    for (const f of event.added ?? []) if (typeof f?.uri === 'string' && !this.uris.some((u) => trimSlash(u) === trimSlash(f.uri))) this.uris.push(f.uri);
  }

  list(): readonly string[] {
    return this.uris;
  }

  /** The folder a document belongs to: the innermost one containing it, else the first one. */
  folderOf(documentUri: string): string | undefined {
    let best: string | undefined;
    for (const u of this.uris) {
      const prefix = trimSlash(u) + '/';
      if (documentUri.startsWith(prefix) && (!best || u.length > best.length)) best = u;
    }
    return best ?? this.uris[0];
  }
}

function trimSlash(uri: string): string {
  return uri.endsWith('/') ? uri.slice(0, -1) : uri;
}

function pathToUri(p: string): string {
  return `file://${p.startsWith('/') ? '' : '/'}${p.replace(/\\/g, '/')}`;
}

export type Located = { path: string } | { problem: string };

/**
 * Where the file a setting names is: '' for an empty setting, the path itself when it is absolute,
 * a relative one resolved against the document's workspace folder; or why it can't be located.
 */
export function locateSettingPath(value: string, documentUri: string, folders: WorkspaceFolders): Located {
  if (!value) return { path: '' };
  if (isAbsolute(value)) return { path: normalize(value) };
  const folder = folders.folderOf(documentUri);
  if (!folder) return { problem: `'${value}' is a relative path and no workspace folder is open to resolve it against: set an absolute path, or open the folder it is relative to.` };
  let base: string;
  try {
    base = fileURLToPath(folder);
  } catch {
    return { problem: `'${value}' is a relative path and the workspace folder ${folder} is not on this machine's disk: set an absolute path.` };
  }
  return { path: resolve(base, value) };
}
