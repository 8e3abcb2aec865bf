// The entries of the two Node programs, dist/cli.js (cli/launch.ts) and dist/server.js
// (server/src/launch.ts): each runs its program's bundle, dist/cli-main.js or dist/server-main.js,
// with V8's code cache for it (dist/cli-main.cache, dist/server-main.cache), when that cache was made
// for this very bundle.
//
// The build makes each cache by running its bundle over the bundled examples (scripts/build.mjs,
// BOARD_SCENARIO_CODE_CACHE=write: the command checks them; the server, driven over LSP, checks each
// as it is opened): V8 then keeps the bytecode of the bundle's top level and of every function those
// checks compiled, so a later run starts with them compiled. On the bench machine a check of one
// file by the command took 104 ms without and 88 ms with it, and the server's first diagnostics of a
// small file came 164 ms after its start without and 131 ms with it.
//
// A cache is used only when all of these hold, else the bundle is compiled from its source as node
// would: it names the build id that the build stamped on the bundle's last line (the SHA-256 of the
// bundle before that line), its bytes have the CRC-32 its header gives (V8 checks no checksum of
// a code cache in release builds, and a damaged one could crash it), node runs without flags and is
// not Electron's (VS Code's), and V8 accepts it (the same V8 version and flags; else V8 says so and
// compiles the source itself).
//
// The entries stay small and import node's modules only: whatever they load, every run pays.
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import { join } from 'node:path';
import { Script } from 'node:vm';

/** `off`: no cache; `report`: say on stderr whether the cache was used; `write`: write it at exit. */
export const CODE_CACHE_ENV = 'BOARD_SCENARIO_CODE_CACHE';
/** The bundle's last line, with its build id: `//# board-build <64 hex digits>`. */
export const BUILD_LINE = '//# board-build ';
/** The cache file: this line, the bundle's build id, the CRC-32 of V8's data (8 hex digits), then V8's data. */
const MAGIC = 'board-scenario code cache 1\n';
const ID_LENGTH = 64;
const HEADER_LENGTH = MAGIC.length + ID_LENGTH + 1 + 8 + 1;

type Crc32 = (data: Uint8Array) => number;

/** The build id on the bundle's last line, if it has one. */
export function buildIdOf(source: string): string | undefined {
  const end = source.endsWith('\n') ? source.length - 1 : source.length;
  const start = end - BUILD_LINE.length - ID_LENGTH;
  if (start < 0 || !source.startsWith(BUILD_LINE, start) || (start > 0 && source.charCodeAt(start - 1) !== 10)) return undefined;
  const id = source.slice(start + BUILD_LINE.length, end);
  return /^[0-9a-f]{64}$/.test(id) ? id : undefined;
}

/** A cache file's bytes: the header, then V8's data. */
export function encodeCache(id: string, data: Uint8Array, crc32: Crc32): Buffer {
  const crc = (crc32(data) >>> 0).toString(16).padStart(8, '0');
  return Buffer.concat([Buffer.from(`${MAGIC}${id}\n${crc}\n`, 'latin1'), data]);
}

/** V8's data from a cache file's bytes, or why they can't be used for the bundle with build id `id`. */
export function decodeCache(file: Buffer, id: string | undefined, crc32: Crc32): { data: Buffer } | { problem: string } {
  if (id === undefined) return { problem: 'the bundle has no build id' };
  if (file.length <= HEADER_LENGTH || file.toString('latin1', 0, MAGIC.length) !== MAGIC) return { problem: 'not a code cache' };
  const header = file.toString('latin1', MAGIC.length, HEADER_LENGTH);
  if (header.charCodeAt(ID_LENGTH) !== 10 || header.charCodeAt(header.length - 1) !== 10) return { problem: 'not a code cache' };
  if (header.slice(0, ID_LENGTH) !== id) return { problem: 'made for another build of the bundle' };
  const data = file.subarray(HEADER_LENGTH);
  const crc = header.slice(ID_LENGTH + 1, -1);
  if (!/^[0-9a-f]{8}$/.test(crc) || parseInt(crc, 16) !== crc32(data) >>> 0) return { problem: 'damaged (its CRC-32 does not match)' };
  return { data };
}

/** zlib's CRC-32 (node 20.15 and later), loaded only when a cache is read or written. */
function loadCrc32(): Crc32 | undefined {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const zlib = require('node:zlib') as { crc32?: Crc32 };
  return typeof zlib.crc32 === 'function' ? zlib.crc32 : undefined;
}

function readCache(path: string, id: string | undefined): { data?: Buffer; state: string } {
  let file: Buffer;
  try {
    file = readFileSync(path);
  } catch {
    return { state: 'none' };
  }
  const crc32 = loadCrc32();
  if (!crc32) return { state: 'not used: this node has no zlib.crc32' };
  const decoded = decodeCache(file, id, crc32);
  return 'data' in decoded ? { data: decoded.data, state: 'used' } : { state: `not used: ${decoded.problem}` };
}

function writeCache(path: string, id: string | undefined, data: Buffer): void {
  const crc32 = loadCrc32();
  if (id === undefined || !crc32) {
    process.stderr.write(`${CODE_CACHE_ENV}=write: no cache written (${id === undefined ? 'the bundle has no build id' : 'this node has no zlib.crc32'})\n`);
    return;
  }
  // Written beside, then renamed: a run starting meanwhile reads the old file or the new, whole.
  const temp = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, encodeCache(id, data, crc32));
    renameSync(temp, path);
  } catch (e) {
    rmSync(temp, { force: true });
    process.stderr.write(`${CODE_CACHE_ENV}=write: no cache written (${(e as NodeJS.ErrnoException).code ?? String(e)} for ${path})\n`);
    process.exitCode = 2;
  }
}

/**
 * Runs the bundle `${name}.js` in `dir` as node would run it as a script, with its code cache
 * `${name}.cache` when it can. `entry` is the program's own path (the bundle's __filename).
 */
export function launch(dir: string, name: string, entry: string): void {
  const bundle = join(dir, `${name}.js`);
  const cacheFile = join(dir, `${name}.cache`);
  const mode = process.env[CODE_CACHE_ENV];
  // Not inherited: the checkers the command forks neither write the cache nor report on it.
  delete process.env[CODE_CACHE_ENV];
  let source: string;
  try {
    source = readFileSync(bundle, 'utf8');
  } catch (e) {
    // The program is the two files together (package.json's `files`); one alone is a broken install.
    process.stderr.write(`board-scenario: cannot read ${bundle} (${(e as NodeJS.ErrnoException).code ?? String(e)}), which ${entry} runs: reinstall the package\n`);
    process.exitCode = 2;
    return;
  }
  const id = buildIdOf(source);
  // V8 takes a cache only with the flags that made it (the build's: none), and from its own
  // version. The checkers the command forks run with flags (their heap), and VS Code runs the
  // server in Electron's node: neither reads the cache only to have it rejected.
  const cache: { data?: Buffer; state: string } =
    mode === 'off' || mode === 'write'
      ? { state: mode }
      : process.execArgv.length > 0
        ? { state: 'not used: node runs with flags' }
        : process.versions.electron
          ? { state: "not used: Electron's node" }
          : readCache(cacheFile, id);
  const script = new Script(Module.wrap(source), { filename: bundle, cachedData: cache.data });
  if (cache.data && script.cachedDataRejected) cache.state = 'not used: V8 rejected it (another V8 version or other flags)';
  if (mode === 'report') process.stderr.write(`code cache: ${cache.state}\n`);
  if (mode === 'write') process.once('exit', () => writeCache(cacheFile, id, script.createCachedData()));
  const run = script.runInThisContext() as (exports: object, require: NodeJS.Require, module: object, filename: string, dirname: string) => void;
  const mod = { exports: {} };
  // The bundle sees the program's own path as its __filename: the checkers the command forks start here too.
  run.call(mod.exports, mod.exports, Module.createRequire(bundle), mod, entry, dir);
}
