// The web extension's bundles (dist/browser/extension.js, the client in VS Code's web extension
// host; dist/browser/server.js, the language server in a Web Worker) must not use Node: a browser
// has no `require('fs')`, no `process`, no `Buffer`, no `__dirname`. esbuild's platform 'browser'
// refuses to bundle a Node built-in it can resolve, but not a global (`Buffer.from`, `process.env`)
// or a module left external: this test reads what `npm test` just built and fails on any of them.
// The running worker itself is tested in Chromium (test/browser/worker.test.ts).
import assert from 'node:assert/strict';
import { builtinModules } from 'node:module';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const BUNDLES = ['dist/browser/server.js', 'dist/browser/extension.js'];

const BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

/** Every use of Node in a bundle's text, as `what (line N)`. */
export function nodeUses(code: string): string[] {
  const found: string[] = [];
  const say = (what: string, index: number) => found.push(`${what} (line ${code.slice(0, index).split('\n').length})`);
  // require("fs"), require('node:fs'), import ... from "fs", import("fs")
  for (const m of code.matchAll(/\brequire\s*\(\s*(["'`])([^"'`]+)\1\s*\)|\bfrom\s*(["'])([^"']+)\3|\bimport\s*\(\s*(["'])([^"']+)\5\s*\)/g)) {
    const name = m[2] ?? m[4] ?? m[6];
    if (BUILTINS.has(name) || name.startsWith('node:')) say(`the Node built-in '${name}'`, m.index ?? 0);
  }
  const globals: [RegExp, string][] = [
    [/\bprocess\s*\.\s*(binding|env|argv|exit|on|once|stdout|stderr|stdin|cwd|platform|memoryUsage|nextTick|versions|pid)\b/g, 'process.'],
    [/\bBuffer\s*\.\s*(from|alloc|allocUnsafe|concat|byteLength|isBuffer)\b/g, 'Buffer.'],
    [/\bnew\s+Buffer\s*\(/g, 'new Buffer('],
    [/\b__dirname\b|\b__filename\b/g, ''],
    [/\bchild_process\b|\bworker_threads\b/g, ''],
  ];
  for (const [re, prefix] of globals) {
    for (const m of code.matchAll(re)) {
      // A use guarded on its own line (minimatch: `typeof process === "object" && process && process.platform`) runs in a browser.
      const at = m.index ?? 0;
      const line = code.slice(code.lastIndexOf('\n', at) + 1, code.indexOf('\n', at) < 0 ? code.length : code.indexOf('\n', at));
      const name = m[0].match(/process|Buffer/)?.[0];
      if (name && new RegExp(`typeof ${name}\\s*[!=]==?\\s*["']`).test(line)) continue;
      say(`${prefix}${prefix ? m[1] ?? '' : m[0]}`, at);
    }
  }
  return found;
}

describe('the web extension bundles use no Node built-in', () => {
  it('finds a planted one (the check itself can fail)', () => {
    assert.deepEqual(nodeUses('var a = 1;\nconst fs = require("fs");'), ["the Node built-in 'fs' (line 2)"]);
    assert.deepEqual(nodeUses('import { x } from "node:crypto";'), ["the Node built-in 'node:crypto'"].map((s) => `${s} (line 1)`));
    assert.deepEqual(nodeUses('const b = Buffer.from(s, "base64"); process.binding("fs");'), ['process.binding (line 1)', 'Buffer.from (line 1)']);
    assert.deepEqual(nodeUses('const d = __dirname;'), ['__dirname (line 1)']);
    // A use guarded by a typeof check on its line runs in a browser too.
    assert.deepEqual(nodeUses('var isWindows = typeof process === "object" && process && process.platform === "win32";'), []);
    // Words that merely contain the names are not uses.
    assert.deepEqual(nodeUses('class AbstractMessageBuffer {}; const processed = 1; require("vscode");'), []);
  });

  for (const bundle of BUNDLES) {
    it(`${bundle} has none`, () => {
      const code = readFileSync(path.join(ROOT, bundle), 'utf8');
      assert.ok(code.length > 1000, `${bundle} was built`);
      assert.deepEqual(nodeUses(code), [], `${bundle} uses Node, which a browser does not have`);
    });
  }
});
