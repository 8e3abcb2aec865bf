// What the language server needs from where it runs, and nothing else: the one seam between the
// shared wiring (main.ts) and its two hosts. node.ts (the desktop server, a Node process) gives
// the local disk, a worker thread for card files and the process's memory figure; browser.ts (a
// Web Worker in vscode.dev / github.dev) reads every file through the client
// (`boardScenario/readFile`, answered with `vscode.workspace.fs`), so virtual file systems work too.
// No module of the server imports `node:fs`, `worker_threads`, `crypto`, `Buffer` or `process`
// except node.ts and what only node.ts imports (nodePlatform.ts, transport.ts, framing.ts); a unit
// test (test/unit/browserBundle.test.ts) fails when the browser bundle contains a Node built-in.
import type { CardCatalog } from '../../core';
import type { CardWorkerInput, CardWorkerOutput } from '../../io/cardWorker';

/** What a file's stat says. A missing file is a rejection whose error has `code: 'ENOENT'`. */
export interface FileStat {
  type: 'file' | 'directory' | 'other';
  size: number;
  mtimeMs: number;
}

export interface DirectoryEntry {
  name: string;
  /** A link says what it leads to (`symlink` set): followed or not by the caller. */
  type: 'file' | 'directory' | 'other';
  symlink: boolean;
}

/**
 * Files named by a path: a local path on the desktop; in the browser, a path or a URI (a rules
 * file named in settings on a virtual file system is resolved to its URI there, see `locate`).
 */
export interface ServerFiles {
  stat(path: string): Promise<FileStat>;
  /** The bytes of the file, never more than `limit + 1` of them read: undefined when it has more than `limit`. */
  readAtMost(path: string, limit: number): Promise<Uint8Array | undefined>;
  readDirectory(path: string): Promise<DirectoryEntry[]>;
  /** The path with its links resolved (the browser has no links: the path itself). */
  realpath(path: string): Promise<string>;
}

/** Included files are read synchronously while a scenario is analysed (the core's IncludeHost). */
export interface IncludeDisk {
  realpath(path: string): string;
  read(real: string, maxBytes: number): { bytes: Uint8Array } | { error: 'missing' | 'unreadable'; message: string };
}

/** How card files are parsed (off the server's thread where it can be) and their index cached. */
export interface CardLoader {
  /** The cache file of a card file's index in the storage folder; undefined: no cache. */
  cachePath(storagePath: string, path: string): string | undefined;
  readCache(cachePath: string, path: string, st: { size: number; mtimeMs: number }): Promise<CardCatalog | undefined>;
  parse(input: CardWorkerInput): Promise<CardWorkerOutput>;
}

export interface ServerPlatform {
  /** The server's version (serverInfo). */
  version: string;
  files: ServerFiles;
  includes: IncludeDisk;
  cards: CardLoader;
  /**
   * Where a file a setting names is, when the platform resolves it itself (the browser: against a
   * workspace folder of any URI scheme); undefined: paths.ts's locateSettingPath (local paths).
   */
  locate?(value: string, folderUri: string | undefined): { path: string } | { problem: string };
  /** The heap in use, for the test-only debug request (Node with BOARD_SCENARIO_DEBUG=1); undefined: no such request. */
  heapUsed?(): number;
  /** The UTF-8 size of a string by the host's own counter (Node: `Buffer.byteLength`); undefined: `utf8Length`'s loop. */
  utf8Length?(text: string): number;
  // The coordinator's locale wiring (initialize's locale, @vscode/l10n bundles) can be given here:
  // how a host loads a bundle differs (a file next to dist/server.js; a bundle inlined in the worker).
}

/** Lets other messages be handled before a long loop goes on: setImmediate where Node has it, else a message-channel turn. */
export function yieldNow(): Promise<void> {
  if (typeof setImmediate === 'function') return new Promise((resolve) => setImmediate(resolve));
  return new Promise((resolve) => {
    // A Worker's MessageChannel (Node never gets here: it has setImmediate).
    const channel = new MessageChannel() as unknown as { port1: { onmessage: () => void; close(): void }; port2: { postMessage(m: unknown): void } };
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(0);
  });
}

let nativeUtf8Length: ((text: string) => number) | undefined;

/**
 * Lets `utf8Length` use the host's counter (main.ts passes `ServerPlatform.utf8Length`): every
 * version of a large file is measured against the size limit, and in Node the loop below takes
 * about 20 ms on a 4.5-million-character text where `Buffer.byteLength` takes 1 to 4 ms.
 */
export function useNativeUtf8Length(count: ((text: string) => number) | undefined): void {
  nativeUtf8Length = count;
}

/** The number of bytes of a string in UTF-8 (what `Buffer.byteLength(text, 'utf8')` says), without allocating. */
export function utf8Length(text: string): number {
  if (nativeUtf8Length) return nativeUtf8Length(text);
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/** An error that says the file is not there, as Node's fs says it (callers test `code`). */
export function missingFile(path: string): Error & { code: string } {
  return Object.assign(new Error(`${path}: no such file`), { code: 'ENOENT' });
}
