// Bundles the entry points with esbuild: the CLI, the language server and the VS Code client, and
// the web extension's two (dist/browser/: the client for VS Code's web extension host, the server
// as a Web Worker). The core is bundled into the CLI and the servers; the client never loads it.
import * as esbuild from 'esbuild';
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve as resolvePath } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const production = process.argv.includes('--production');
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: !production,
  minify: production,
  logLevel: 'warning',
};
// Each Node program is two files: dist/cli.js (cli/launch.ts) runs the bundle dist/cli-main.js with
// its code cache, dist/cli-main.cache, and dist/server.js (server/src/launch.ts) dist/server-main.js
// with dist/server-main.cache; the caches are made below.
const entries = [
  { in: 'cli/launch.ts', out: 'dist/cli.js', banner: '#!/usr/bin/env node' },
  { in: 'cli/main.ts', out: 'dist/cli-main.js' },
  { in: 'server/src/launch.ts', out: 'dist/server.js', banner: '#!/usr/bin/env node' },
  { in: 'server/src/node.ts', out: 'dist/server-main.js' },
  { in: 'io/cardWorker.ts', out: 'dist/cardWorker.js' },
  { in: 'client/src/extension.ts', out: 'dist/extension.js', external: ['vscode'] },
];
await Promise.all(
  entries
    .filter((e) => existsSync(e.in))
    .map((e) =>
      esbuild.build({
        ...common,
        entryPoints: [e.in],
        outfile: e.out,
        external: e.external ?? [],
        banner: e.banner ? { js: e.banner } : undefined,
      }),
    ),
);
// The two commands (package.json `bin`) are run as files: `npx board-scenario` in this folder runs
// dist/cli.js itself, which then needs to be executable (esbuild writes 0644).
for (const e of entries) if (e.banner && existsSync(e.out)) chmodSync(e.out, 0o755);

// The code caches (io/launch.ts). Each bundle is made ASCII (asciiOnly, below) and its last line
// gets its build id, the SHA-256 of the bundle before that line; then the program checks the
// bundled examples once (the command over the folder, the server each file opened over LSP) and
// writes, at its exit, V8's cache of what it compiled, for that id. A cache is valid for the V8
// (node version) and flags that made it (none: NODE_OPTIONS is cleared for those runs): elsewhere
// V8 rejects it and the program compiles its bundle as before.
const CACHE_ENV = { ...process.env, NODE_OPTIONS: '', BOARD_SCENARIO_CODE_CACHE: 'write' };
for (const name of ['cli-main', 'server-main']) {
  const file = `dist/${name}.js`;
  if (!existsSync(file)) continue;
  rmSync(`dist/${name}.cache`, { force: true });
  const bundle = Buffer.from(asciiOnly(readFileSync(file, 'utf8'), file), 'latin1');
  writeFileSync(file, Buffer.concat([bundle, Buffer.from(`${bundle.at(-1) === 10 ? '' : '\n'}//# board-build ${createHash('sha256').update(bundle).digest('hex')}\n`)]));
}

if (existsSync('examples')) {
  const boards = readdirSync('examples').filter((f) => f.endsWith('.board')).sort();
  const made = (name, how) => {
    if (existsSync(`dist/${name}.cache`)) return;
    console.error(`build: dist/${name}.cache was not made (${how})`);
    process.exit(1);
  };
  if (existsSync('dist/cli-main.js')) {
    const warm = spawnSync(process.execPath, ['dist/cli.js', 'check', 'examples'], { env: CACHE_ENV, stdio: ['ignore', 'ignore', 'inherit'] });
    made('cli-main', `the check of examples/ ended with ${warm.status ?? warm.signal}`);
  }
  if (existsSync('dist/server-main.js')) made('server-main', await warmServer(boards));
}

/**
 * The server over stdio, as an editor drives it (vscode-languageserver-protocol, as bench/lsp.ts
 * and the LSP tests): initialize, each example opened until its diagnostics come, then shutdown
 * and exit. Its requests to the client are answered with nulls. Resolves with how it ended.
 */
async function warmServer(boards) {
  const lsp = await import('vscode-languageserver-protocol/node.js');
  const server = spawn(process.execPath, ['dist/server.js', '--stdio'], { env: CACHE_ENV, stdio: ['pipe', 'pipe', 'inherit'] });
  const ended = new Promise((resolve) => server.once('exit', (code, signal) => resolve(code ?? signal)));
  const timer = setTimeout(() => server.kill(), 60_000);
  const connection = lsp.createMessageConnection(new lsp.StreamMessageReader(server.stdout), new lsp.StreamMessageWriter(server.stdin));
  connection.onRequest((method, params) => (method === 'workspace/configuration' ? params.items.map(() => null) : null));
  const uris = boards.map((f) => pathToFileURL(resolvePath('examples', f)).href);
  const waiting = new Set(uris);
  let allIn;
  const published = new Promise((resolve) => (allIn = resolve));
  if (waiting.size === 0) allIn();
  connection.onNotification(lsp.PublishDiagnosticsNotification.type, (p) => waiting.delete(p.uri) && waiting.size === 0 && allIn());
  connection.listen();
  try {
    await connection.sendRequest(lsp.InitializeRequest.type, { processId: process.pid, rootUri: null, capabilities: {}, workspaceFolders: null });
    await connection.sendNotification(lsp.InitializedNotification.type, {});
    for (let i = 0; i < boards.length; i++) {
      await connection.sendNotification(lsp.DidOpenTextDocumentNotification.type, { textDocument: { uri: uris[i], languageId: 'board-scenario', version: 1, text: readFileSync(join('examples', boards[i]), 'utf8') } });
    }
    await Promise.race([published, ended]);
    await Promise.race([connection.sendRequest(lsp.ShutdownRequest.type), ended]);
    await connection.sendNotification(lsp.ExitNotification.type);
  } catch {
    // The server ended or broke the protocol: said below.
  }
  const how = await ended;
  clearTimeout(timer);
  connection.dispose();
  return `the server driven over the examples ended with ${how}, ${waiting.size} without diagnostics`;
}

/**
 * The bundle with its few characters past ASCII written as `\uXXXX` escapes, so node reads it as a
 * one-byte string (half the memory, and 2-5 % fewer instructions for a one-file check with the
 * cache). esbuild escapes them in string literals but keeps them in template literals and regular
 * expressions, where the escape means the same character: a template's cooked text is the same
 * (nothing here reads a template's `raw`) and a regular expression matches the same code point.
 * One after a backslash would change meaning: the build stops there.
 */
function asciiOnly(source, file) {
  return source.replace(/(\\*)([^\x00-\x7f])/gu, (all, backslashes, c) => {
    if (backslashes.length % 2 === 1) {
      console.error(`build: ${file} has an escaped character past ASCII (${JSON.stringify(all)}), which a \\u escape would change`);
      process.exit(1);
    }
    let escaped = '';
    for (let i = 0; i < c.length; i++) escaped += `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`;
    return backslashes + escaped;
  });
}

// The web extension (docs/web.md). The worker server is one IIFE script (a classic Worker); the
// client is CommonJS, as VS Code's web extension host loads it. `node:path` and `node:url` are the
// server's POSIX versions (server/src/web/); any other Node built-in fails the build (platform
// 'browser' cannot resolve it), and test/unit/browserBundle.test.ts checks the output too.
const version = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;
const web = (file) => fileURLToPath(new URL(`../server/src/web/${file}`, import.meta.url));
const browser = {
  bundle: true,
  platform: 'browser',
  target: 'es2022',
  sourcemap: !production,
  minify: production,
  logLevel: 'warning',
  // Resolve packages by their `browser` field first (vscode-languageserver, vscode-languageclient).
  mainFields: ['browser', 'module', 'main'],
  define: { VERSION: JSON.stringify(version) },
};
await Promise.all([
  esbuild.build({
    ...browser,
    entryPoints: ['server/src/browser.ts'],
    outfile: 'dist/browser/server.js',
    format: 'iife',
    alias: { 'node:path': web('path.ts'), 'node:url': web('url.ts') },
  }),
  ...(existsSync('client/src/browser.ts')
    ? [esbuild.build({ ...browser, entryPoints: ['client/src/browser.ts'], outfile: 'dist/browser/extension.js', format: 'cjs', external: ['vscode'] })]
    : []),
]);
