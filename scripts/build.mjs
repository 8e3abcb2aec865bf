// Bundles the three entry points with esbuild: the CLI, the language server and the VS Code client.
// The core is bundled into the CLI and the server; the client never loads it.
import * as esbuild from 'esbuild';
import { existsSync } from 'node:fs';

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
const entries = [
  { in: 'cli/main.ts', out: 'dist/cli.js', banner: '#!/usr/bin/env node' },
  { in: 'server/src/main.ts', out: 'dist/server.js', banner: '#!/usr/bin/env node' },
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
