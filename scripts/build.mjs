// Bundles the entry points with esbuild: the CLI, the language server and the VS Code client, and
// the web extension's two (dist/browser/: the client for VS Code's web extension host, the server
// as a Web Worker). The core is bundled into the CLI and the servers; the client never loads it.
import * as esbuild from 'esbuild';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFileSync, chmodSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

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
// The command is two files: dist/cli.js (cli/launch.ts) runs the bundle dist/cli-main.js with its
// code cache, dist/cli-main.cache, made below.
const entries = [
  { in: 'cli/launch.ts', out: 'dist/cli.js', banner: '#!/usr/bin/env node' },
  { in: 'cli/main.ts', out: 'dist/cli-main.js' },
  { in: 'server/src/node.ts', out: 'dist/server.js', banner: '#!/usr/bin/env node' },
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

// The CLI's code cache (cli/launch.ts). The bundle's last line gets its build id, the SHA-256 of
// the bundle as esbuild wrote it; then the command checks the bundled examples once and writes, at
// its exit, V8's cache of what it compiled, for that id. A cache is valid for the V8 (node version)
// and flags that made it (none: NODE_OPTIONS is cleared for that run): elsewhere V8 rejects it and
// the command compiles the bundle as before.
if (existsSync('dist/cli-main.js')) {
  rmSync('dist/cli-main.cache', { force: true });
  const bundle = readFileSync('dist/cli-main.js');
  appendFileSync('dist/cli-main.js', `${bundle.at(-1) === 10 ? '' : '\n'}//# board-build ${createHash('sha256').update(bundle).digest('hex')}\n`);
  if (existsSync('examples')) {
    const warm = spawnSync(process.execPath, ['dist/cli.js', 'check', 'examples'], { env: { ...process.env, NODE_OPTIONS: '', BOARD_SCENARIO_CODE_CACHE: 'write' }, stdio: ['ignore', 'ignore', 'inherit'] });
    if ((warm.status !== 0 && warm.status !== 1) || !existsSync('dist/cli-main.cache')) {
      console.error(`build: the CLI's code cache was not made (the check of examples/ ended with ${warm.status ?? warm.signal})`);
      process.exit(1);
    }
  }
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
