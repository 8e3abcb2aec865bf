// Preloaded with `node --require out/bench/record-modules.js dist/server.js --stdio`: records every
// require() the server makes (built-ins and files) and, at exit, writes them with the module
// bindings Node loaded to the file named by BENCH_MODULES_OUT.
import Module = require('node:module');
import { writeFileSync } from 'node:fs';

interface Loaded {
  request: string;
  from: string;
  builtin: boolean;
}

const out = process.env.BENCH_MODULES_OUT;
const before = new Set((process as unknown as { moduleLoadList?: string[] }).moduleLoadList ?? []);
const loaded: Loaded[] = [];
const seen = new Set<string>();
const M = Module as unknown as { _load: (request: string, parent: { filename?: string } | undefined, isMain: boolean) => unknown; builtinModules: string[] };
const original = M._load;
const builtins = new Set(M.builtinModules);
M._load = function (request: string, parent: { filename?: string } | undefined, isMain: boolean) {
  const key = `${request}|${parent?.filename ?? ''}`;
  if (!seen.has(key)) {
    seen.add(key);
    const bare = request.startsWith('node:') ? request.slice(5) : request;
    loaded.push({ request, from: parent?.filename ?? '(main)', builtin: builtins.has(bare) });
  }
  return original.call(this, request, parent, isMain);
};

process.on('exit', () => {
  if (!out) return;
  const list = (process as unknown as { moduleLoadList?: string[] }).moduleLoadList ?? [];
  writeFileSync(out, JSON.stringify({ required: loaded, internalLoadedAfterHook: list.filter((m) => !before.has(m)) }, null, 1));
});
