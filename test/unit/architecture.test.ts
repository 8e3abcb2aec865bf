// The invariants of ARCHITECTURE.md that can be checked by reading the imports: the core is pure
// (no `vscode`, no protocol, no Node I/O), data flows down the layers, and the value imports of the
// core form no cycle (a cycle can leave a module's constants undefined while another loads).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
const CORE = join(ROOT, 'core');

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...sources(p));
    else if (name.endsWith('.ts')) out.push(p);
  }
  return out;
}

interface Import {
  from: string;
  /** `import type` / `export type`: erased, no runtime dependency. */
  typeOnly: boolean;
}

/** The module specifiers a file imports or re-exports (comments removed first). */
function importsOf(file: string): Import[] {
  const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  const out: Import[] = [];
  const re = /\b(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/g;
  for (let m = re.exec(text); m; m = re.exec(text)) out.push({ from: m[3], typeOnly: m[2] !== undefined });
  return out;
}

const files = sources(CORE);
const rel = (f: string) => relative(ROOT, f).replace(/\\/g, '/');

/**
 * The layers, lowest first: a module may import only from its own layer or a lower one. The rule
 * numbering is below the engine (the replay cites through it); the rules of each game are above it,
 * and the explanations, assembled from the modules they sit beside, above those.
 */
const LAYERS: [string, RegExp][] = [
  ['types, text positions, messages, word tables and caches', /^core\/(types|text|message|tables|lastUsed)\.ts$/],
  ['parser', /^core\/parser\//],
  ['rule numbering, registry, rules files', /^core\/(diagnostics\/registry\.ts|rules\/(versions|rulesFile)\.ts)$/],
  ['engine, card data', /^core\/(engine|cards)\//],
  ['rules of each game', /^core\/rules\/(mtg|riftbound)\/(?!explanations\.ts$)/],
  ['explanations', /^core\/rules\/(explain\.ts|(mtg|riftbound)\/explanations\.ts)$/],
  ['analyses, timeline, fixes, pictures, docs, project config', /^core\/(analysis\/|render\/|timeline\.ts|fixes\.ts|config\.ts|diagnostics\/docs\.ts)/],
  ['entry points', /^core\/(check|index)\.ts$/],
];

function layerOf(file: string): number {
  const r = rel(file);
  const i = LAYERS.findIndex(([, re]) => re.test(r));
  assert.ok(i >= 0, `${r} is in no layer of ARCHITECTURE.md: add it to LAYERS`);
  return i;
}

function resolveImport(file: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(file), spec);
  for (const candidate of [`${base}.ts`, join(base, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return undefined;
}

describe('architecture', () => {
  it('the core imports no `vscode`, no protocol library and no Node module', () => {
    const problems: string[] = [];
    for (const f of files) {
      for (const { from } of importsOf(f)) {
        if (from.startsWith('.')) continue;
        problems.push(`${rel(f)} imports '${from}'`);
      }
    }
    // The core depends on nothing outside itself (the check is stricter than the invariant: no
    // package at all, so nothing can bring `fs` or the protocol in through a dependency).
    assert.deepEqual(problems, []);
  });

  it('every relative import resolves, and data flows down the layers', () => {
    const problems: string[] = [];
    for (const f of files) {
      const mine = layerOf(f);
      for (const { from, typeOnly } of importsOf(f)) {
        const target = resolveImport(f, from);
        if (!target) {
          problems.push(`${rel(f)}: '${from}' does not resolve to a file of the core`);
          continue;
        }
        const theirs = layerOf(target);
        if (theirs > mine && !typeOnly) problems.push(`${rel(f)} (${LAYERS[mine][0]}) imports ${rel(target)} (${LAYERS[theirs][0]}), a layer above it`);
      }
    }
    assert.deepEqual(problems, []);
  });

  it('the value imports of the core form no cycle', () => {
    const graph = new Map<string, string[]>();
    for (const f of files) graph.set(f, importsOf(f).filter((i) => !i.typeOnly).map((i) => resolveImport(f, i.from)).filter((t): t is string => !!t));
    const state = new Map<string, 'open' | 'done'>();
    const cycles: string[] = [];
    const visit = (f: string, path: string[]) => {
      if (state.get(f) === 'done') return;
      if (state.get(f) === 'open') {
        cycles.push([...path.slice(path.indexOf(f)), f].map(rel).join(' → '));
        return;
      }
      state.set(f, 'open');
      for (const t of graph.get(f) ?? []) visit(t, [...path, f]);
      state.set(f, 'done');
    };
    for (const f of files) visit(f, []);
    assert.deepEqual(cycles, []);
  });

  it("a live card's kinds are written only by board.ts's setKinds and takeCharacteristics, which keep Board.attachedColors true", () => {
    // Any other `x.kinds = ...` would change an attached card's colors behind the clock that says when a
    // host's attachments' colors must be worked out again. Builders of a new set of characteristics
    // (`out.kinds`, handed to takeCharacteristics) and the printed ones (takePrinted) are not live cards.
    const problems: string[] = [];
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      for (const m of text.matchAll(/^\s*([\w.]+)\.kinds\s*=[^=].*$/gm)) {
        const target = m[1];
        const fine = target === 'out' || (rel(f) === 'core/engine/board.ts' && ['c', 'card', 'card.printed'].includes(target));
        if (!fine) problems.push(`${rel(f)}: ${m[0].trim()}`);
      }
    }
    assert.deepEqual(problems, []);
  });

  it('the client and the server reach the core only through its index', () => {
    const problems: string[] = [];
    for (const dir of ['server', 'client', 'cli']) {
      for (const f of sources(join(ROOT, dir))) {
        for (const { from } of importsOf(f)) {
          if (/\/core\//.test(from) && !/\/core$/.test(from.replace(/\/index$/, ''))) problems.push(`${rel(f)} imports '${from}'`);
        }
      }
    }
    assert.deepEqual(problems, []);
  });
});
