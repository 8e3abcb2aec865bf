// The browser language server (dist/browser/server.js, a Web Worker started by the web extension
// in vscode.dev / github.dev, client/src/browser.ts): LSP over the worker's postMessage, and the
// shared wiring (main.ts startServer) with a platform that has no disk. Every file the server
// reads (rules files and card files named in settings, project configs, the workspace's scenarios
// for the Problems panel) is read through the client, which answers with `vscode.workspace.fs`, so
// virtual file systems work too (a URI of any scheme has a path here: web/url.ts). Included files that are not open are not read (the core reads
// includes synchronously, and the client is a message away): their `include` says so.
import { BrowserMessageReader, BrowserMessageWriter, createConnection, ProposedFeatures } from 'vscode-languageserver/browser';
import { Lifecycle } from './lifecycle';
import { countedReader, countedWriter } from './inbox';
import { NAME, startServer } from './main';
import { missingFile, type CardLoader, type DirectoryEntry, type FileStat, type IncludeDisk, type ServerFiles, type ServerPlatform } from './platform';
import { READ_DIRECTORY_REQUEST, READ_FILE_REQUEST, STAT_REQUEST, type ClientFileError, type ReadDirectoryResult, type ReadFileResult, type StatResult } from './clientFiles';
import { isAbsolute, normalize } from './web/path';
import { pathToFileURL } from './web/url';
import { CardCatalog, parseCardFile } from '../../core';
import { useBundles } from '../../l10n/language';
import fr from '../../l10n/bundle.l10n.fr.json';
import it from '../../l10n/bundle.l10n.it.json';
import type { CardWorkerInput, CardWorkerOutput } from '../../io/cardWorker';

declare const self: { addEventListener(type: string, listener: (e: { message?: string; error?: unknown; reason?: unknown }) => void): void; postMessage(m: unknown): void } & object;
declare const VERSION: string;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const worker = self as any;
// Counted: a check in slices lets the messages already read be handled, and the answers written, first (inbox.ts).
const reader = countedReader(new BrowserMessageReader(worker));
const writer = countedWriter(new BrowserMessageWriter(worker));

const lifecycle = new Lifecycle(
  (response) => void writer.write(response).catch(() => undefined),
  (why) => console.warn(`${NAME}: ${why}`),
);

const connection = createConnection(ProposedFeatures.all, reader, writer, { messageStrategy: lifecycle });

self.addEventListener('error', (e) => connection.console.error(`Uncaught exception: ${String((e.error as Error)?.stack ?? e.message)}`));
self.addEventListener('unhandledrejection', (e) => connection.console.error(`Unhandled rejection: ${String((e.reason as Error)?.stack ?? e.reason)}`));

/** A path the server made from a URI (web/url.ts), or a URI itself (a setting, resolved by `locate`): the URI the client reads. */
export function uriOfPath(p: string): string {
  if (/^[a-zA-Z][a-zA-Z0-9+.-]+:/.test(p)) return p;
  return pathToFileURL(p).href;
}

function failure(e: ClientFileError): Error {
  return e.error === 'ENOENT' ? missingFile(e.message) : Object.assign(new Error(e.message), { code: e.error });
}

const files: ServerFiles = {
  async stat(path) {
    const r = await connection.sendRequest<StatResult>(STAT_REQUEST, { uri: uriOfPath(path) });
    if ('error' in r) throw failure(r);
    return r satisfies FileStat;
  },
  async readAtMost(path, limit) {
    const r = await connection.sendRequest<ReadFileResult>(READ_FILE_REQUEST, { uri: uriOfPath(path), limit });
    if ('error' in r) throw failure(r);
    return 'tooLarge' in r ? undefined : new TextEncoder().encode(r.text);
  },
  async readDirectory(path) {
    const r = await connection.sendRequest<ReadDirectoryResult>(READ_DIRECTORY_REQUEST, { uri: uriOfPath(path) });
    if ('error' in r) throw failure(r);
    return r.entries satisfies DirectoryEntry[];
  },
  realpath: async (path) => path,
};

const includes: IncludeDisk = {
  realpath: (p) => p,
  read: (real) => ({ error: 'unreadable', message: `${real} is not open, and in the browser an included file is read only from an open editor: open it.` }),
};

/** Card files are read through the client and parsed here, on the server's worker (no cache: the browser has no storage folder for it). */
const cards: CardLoader = {
  cachePath: () => undefined,
  readCache: async () => undefined,
  async parse(input: CardWorkerInput): Promise<CardWorkerOutput> {
    let bytes: Uint8Array | undefined;
    try {
      bytes = await files.readAtMost(input.path, input.maxBytes);
    } catch (e) {
      return { problems: [`cannot read the card file ${input.path}: ${(e as Error).message}.`] };
    }
    if (!bytes) return { problems: [`${input.path} grew over the limit of a card file while it was read.`] };
    const data = parseCardFile(new TextDecoder().decode(bytes));
    const problems = data.problems.map((p) => `${input.path}: ${p}`);
    if (!data.game) return { problems };
    return { problems, catalog: new CardCatalog(data.game, data.records, [input.path]).toCache() };
  },
};

/**
 * Where a file a setting names is, as a URI: an absolute path is on the workspace folder's file
 * system (its scheme and authority), a relative one inside the folder; a URI is used as it is.
 */
function locate(value: string, folderUri: string | undefined): { path: string } | { problem: string } {
  if (/^[a-zA-Z][a-zA-Z0-9+.-]+:\/\//.test(value)) return { path: value };
  // A path the server made from a URI (a project config's files: web/url.ts).
  if (value.startsWith('/~')) return { path: pathToFileURL(value).href };
  const m = folderUri ? /^([a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/]*)(\/[^?#]*)?/.exec(folderUri) : null;
  if (!isAbsolute(value) && !m) return { problem: `'${value}' is a relative path and no workspace folder is open to resolve it against: set an absolute path, or open the folder it is relative to.` };
  const base = m ? m[1] : 'file://';
  const folderPath = m ? decodeURIComponent(m[2] ?? '/') : '/';
  const path = normalize(isAbsolute(value) ? value : `${folderPath}/${value}`);
  return { path: base + path.split('/').map(encodeURIComponent).join('/') };
}

const platform: ServerPlatform = { version: typeof VERSION === 'string' ? VERSION : 'unknown', files, includes, cards, locate };
// The worker has no disk of its own: the translations are in this script.
const BUNDLES = { fr, it };
useBundles((language) => BUNDLES[language]);
startServer(connection, platform);
