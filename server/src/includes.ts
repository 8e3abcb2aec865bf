// How the language server reads included files (`include "PATH"`), and who includes whom.
//
// A path is relative to the including document. It is read from the open document of that uri
// when there is one (unsaved edits count), else from disk, and only inside the root: the workspace
// folder that contains the checked document (paths.ts finds it), or the document's own folder when
// no workspace folder contains it. Like a rules file named in settings, what a scenario names is
// the user's file: never a path out of the root (`..`, an absolute path elsewhere, a symlink that
// leads out: symlinks are resolved before the check), never more than MAX_INCLUDE_BYTES, never a
// file that isn't on this machine's disk.
//
// An included file is parsed again only when its text changed (IncludeParses). Each check records
// every uri its includes touched (read, or tried: a missing file that appears later matters too).
// When one of them changes (an open document's edit, a file changed on disk), the documents that
// touched it are checked again: `includersOf`.
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { analyse, IncludeParses, type Analysis, type AnalyseOptions, type IncludeHost } from '../../core';
import { filePathOf, isInside, type WorkspaceFolders } from './paths';
import type { IncludeDisk } from './platform';

/** The largest included file read from disk (the editor's size limit for a document). */
export const MAX_INCLUDE_BYTES = 5 * 1024 * 1024;

function uriOf(p: string): string {
  return pathToFileURL(p).href;
}

/** A uri in one spelling (clients differ in what they percent-encode): the file path's own uri. */
export function sameFileUri(uri: string): string {
  const p = filePathOf(uri);
  return p === undefined ? uri : uriOf(p);
}

/** After a pause in typing in an included file, its includers are checked again (as a check as you type waits). */
export const INCLUDER_DELAY_MS = 200;

export class IncludeFiles {
  /** For each checked document (by uri), every uri its includes touched (in `sameFileUri` spelling). */
  private readonly touched = new Map<string, Set<string>>();
  private readonly soon = new Map<string, ReturnType<typeof setTimeout>>();
  /** The included files' parses, kept while their texts stay the same (the workspace's scenarios including one pool parse it once). */
  private readonly parses = new IncludeParses();

  constructor(
    private readonly documents: TextDocuments<TextDocument>,
    private readonly folders: WorkspaceFolders,
    /**
     * What "check this open includer again" means: the one place that decides how new diagnostics
     * reach the client (main.ts: mark its analysis stale and publish it).
     */
    private readonly recheck: (uri: string) => void = () => undefined,
    /** How a file that is not open is read (platform.ts: the disk on the desktop; in the browser, none). */
    private readonly disk: IncludeDisk,
  ) {}

  /** A file changed (opened, closed, changed on disk): the open documents that include it are checked again now. */
  changed(uri: string): void {
    const pending = this.soon.get(uri);
    if (pending !== undefined) clearTimeout(pending);
    this.soon.delete(uri);
    for (const u of this.includersOf(uri)) if (this.documents.get(u)) this.recheck(u);
  }

  /** An open file is being edited: its includers are checked again after a pause. */
  changedSoon(uri: string, delayMs = INCLUDER_DELAY_MS): void {
    const pending = this.soon.get(uri);
    if (pending !== undefined) clearTimeout(pending);
    this.soon.delete(uri);
    if (this.includersOf(uri).length === 0) return;
    const t = setTimeout(() => {
      this.soon.delete(uri);
      this.changed(uri);
    }, delayMs);
    t.unref?.();
    this.soon.set(uri, t);
  }

  /** `workspace/didChangeWatchedFiles`: a file on disk changed; an open document is read from memory, so its file's changes wait. */
  watchedFilesChanged(params: unknown): void {
    const changes: unknown = (params as { changes?: unknown } | null)?.changes;
    if (!Array.isArray(changes)) return;
    for (const change of changes) {
      const uri = (change as { uri?: unknown } | null)?.uri;
      if (typeof uri === 'string' && !this.documents.get(uri)) this.changed(uri);
    }
  }

  /** The open includers of a document (a name declared in it is used there too), for references and rename. */
  scopeOf<S>(uri: string, stateOf: (uri: string) => S | undefined): { includers: S[]; versionOf: (uri: string) => number | null } {
    const includers: S[] = [];
    for (const u of this.includersOf(uri)) {
      const s = stateOf(u);
      if (s) includers.push(s);
    }
    return { includers, versionOf: (u) => this.documents.get(u)?.version ?? null };
  }

  dispose(): void {
    for (const t of this.soon.values()) clearTimeout(t);
    this.soon.clear();
  }

  /** The open document of a file uri, whatever its spelling. */
  private open(uri: string): TextDocument | undefined {
    const direct = this.documents.get(uri);
    if (direct) return direct;
    const key = sameFileUri(uri);
    for (const d of this.documents.all()) if (sameFileUri(d.uri) === key) return d;
    return undefined;
  }

  /** The folder the includes of `documentUri` may read (a real path), or undefined when it is not on disk. */
  rootOf(documentUri: string): string | undefined {
    const own = filePathOf(documentUri);
    if (own === undefined) return undefined;
    const folder = this.folders.folderOf(documentUri);
    const folderPath = folder ? filePathOf(folder) : undefined;
    if (folderPath !== undefined && isInside(path.resolve(folderPath), path.resolve(own))) return this.disk.realpath(path.resolve(folderPath));
    return this.disk.realpath(path.dirname(path.resolve(own)));
  }

  /** The host for one check of `documentUri`: it records what it touches for `includersOf`. */
  hostFor(documentUri: string): IncludeHost {
    const root = this.rootOf(documentUri);
    const touched = new Set<string>();
    return {
      parses: this.parses,
      read: (from, written) => {
        // What this check touches replaces what the last one did from its first read on, not when
        // the host is made: a version made but not checked yet (checks are lazy and in slices)
        // still counts as including what its last check read.
        if (this.touched.get(documentUri) !== touched) this.touched.set(documentUri, touched);
        const fromPath = filePathOf(from);
        if (root === undefined || fromPath === undefined) return { error: 'missing', message: 'only a file on this machine\'s disk can include another (save the document first).' };
        const wanted = path.resolve(path.dirname(fromPath), written);
        if (!isInside(root, wanted)) return { error: 'outside', message: `it is not inside the workspace folder ${root}.` };
        touched.add(uriOf(wanted));
        const real = this.disk.realpath(wanted);
        if (!isInside(root, real)) return { error: 'outside', message: `it leads to ${real} (through a symlink), which is not inside the workspace folder ${root}.` };
        touched.add(uriOf(real));
        const doc = this.open(uriOf(real)) ?? this.open(uriOf(wanted));
        // An open document is its own uri (so findings and edits name the document the client has).
        if (doc) return { uri: doc.uri, text: doc.getText() };
        return readFromDisk(this.disk, real);
      },
    };
  }

  /**
   * The analysis of a scenario that is not open (workspace diagnostics, say), its includes read as
   * an open document's are (and recorded for `includersOf`): the one way the server checks a file
   * with its includes, whoever publishes or answers a pull.
   */
  analyseFile(uri: string, text: string, options: Omit<AnalyseOptions, 'uri' | 'includes'> = {}): Analysis {
    return analyse(text, { ...options, uri, includes: this.hostFor(uri) });
  }

  /** The documents whose last check touched `uri` (they must be checked again when it changes). */
  includersOf(uri: string): string[] {
    const key = sameFileUri(uri);
    const out: string[] = [];
    for (const [doc, set] of this.touched) if (doc !== uri && set.has(key)) out.push(doc);
    return out;
  }

  forget(documentUri: string): void {
    this.touched.delete(documentUri);
  }
}

function readFromDisk(disk: IncludeDisk, real: string): { uri: string; text: string } | { error: 'missing' | 'unreadable'; message: string } {
  const read = disk.read(real, MAX_INCLUDE_BYTES);
  if ('error' in read) return read;
  try {
    return { uri: uriOf(real), text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(read.bytes) };
  } catch {
    return { error: 'unreadable', message: `${real} is not valid UTF-8.` };
  }
}
