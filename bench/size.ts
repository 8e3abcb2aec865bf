// Package size, the server bundle's contents (esbuild metafile) and what the server loads at start.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface SizeResults {
  vsixBytes: number | undefined;
  dist: { file: string; bytes: number }[];
  /** The same entry points built as `npm run package` does (minified, no source maps), in a temp dir. */
  production: { file: string; bytes: number }[] | undefined;
  /** Largest inputs of the production server bundle, grouped by package (or core/server folder). */
  serverInputs: { group: string; bytes: number }[];
  serverInputPackages: string[];
}

export async function measureSizes(root: string, tmp: string): Promise<SizeResults> {
  const vsix = join(root, 'board-scenario.vsix');
  const dist = ['dist/extension.js', 'dist/server.js', 'dist/server-main.js', 'dist/server-main.cache', 'dist/cli.js', 'dist/cli-main.js', 'dist/cli-main.cache']
    .filter((f) => existsSync(join(root, f)))
    .map((f) => ({ file: f, bytes: statSync(join(root, f)).size }));

  let production: SizeResults['production'];
  let serverInputs: SizeResults['serverInputs'] = [];
  let serverInputPackages: string[] = [];
  try {
    // Same options as scripts/build.mjs --production, written to a temp dir with a metafile.
    const esbuild = require('esbuild') as typeof import('esbuild');
    const entries = [
      { in: 'client/src/extension.ts', out: 'extension.js', external: ['vscode'] },
      { in: 'server/src/node.ts', out: 'server.js', external: [] as string[] },
    ].filter((e) => existsSync(join(root, e.in)));
    production = [];
    for (const e of entries) {
      const r = await esbuild.build({
        absWorkingDir: root,
        entryPoints: [e.in],
        outfile: join(tmp, e.out),
        bundle: true,
        platform: 'node',
        target: 'node20',
        format: 'cjs',
        minify: true,
        sourcemap: false,
        external: e.external,
        metafile: true,
        logLevel: 'silent',
      });
      production.push({ file: `${relative(root, tmp)}/${e.out}`, bytes: statSync(join(tmp, e.out)).size });
      if (e.out === 'server.js') {
        const groups = new Map<string, number>();
        const out = Object.values(r.metafile.outputs)[0];
        for (const [input, info] of Object.entries(out.inputs)) {
          const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
          const group = m ? m[1] : input.split('/').slice(0, 2).join('/');
          groups.set(group, (groups.get(group) ?? 0) + info.bytesInOutput);
        }
        serverInputs = [...groups].map(([group, bytes]) => ({ group, bytes })).sort((a, b) => b.bytes - a.bytes);
        serverInputPackages = [...new Set(Object.keys(out.inputs).map((i) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(i)?.[1]).filter((x): x is string => !!x))].sort();
      }
    }
  } catch (e) {
    production = undefined;
    process.stderr.write(`production size build failed: ${String(e)}\n`);
  }
  return { vsixBytes: existsSync(vsix) ? statSync(vsix).size : undefined, dist, production, serverInputs, serverInputPackages };
}

export interface ModuleLoads {
  builtins: string[];
  files: string[];
  /** Built-ins the server's bundle names in a require() call (what it could load). */
  bundleRequires: string[];
}

export function readModuleLoads(recordFile: string, serverJs: string): ModuleLoads | undefined {
  if (!existsSync(recordFile)) return undefined;
  const rec = JSON.parse(readFileSync(recordFile, 'utf8')) as { required: { request: string; from: string; builtin: boolean }[] };
  const builtins = [...new Set(rec.required.filter((r) => r.builtin).map((r) => r.request.replace(/^node:/, '')))].sort();
  // The entry point itself is loaded as the main module (from "(main)"); everything else counts.
  const files = [...new Set(rec.required.filter((r) => !r.builtin && r.from !== '(main)').map((r) => r.request))];
  const src = readFileSync(serverJs, 'utf8');
  const bundleRequires = [...new Set([...src.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1].replace(/^node:/, '')))].sort();
  return { builtins, files, bundleRequires };
}
