// The generated documentation matches the registry, and every rule the core can cite is explained.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { renderDiagnosticsDoc } from '../../core/diagnostics/docs';
import { explainRule } from '../../core';

const root = join(__dirname, '..', '..', '..');

describe('documentation', () => {
  it('docs/diagnostics.md is rendered from the registry', () => {
    const path = join(root, 'docs', 'diagnostics.md');
    const want = renderDiagnosticsDoc();
    if (process.env.UPDATE_DOCS) writeFileSync(path, want);
    assert.equal(readFileSync(path, 'utf8'), want, 'run UPDATE_DOCS=1 npm test to refresh docs/diagnostics.md');
  });

  it('every rule number written in the rules code has an explanation', () => {
    for (const game of ['mtg', 'riftbound'] as const) {
      const dir = join(root, 'core', 'rules', game);
      const missing: string[] = [];
      for (const f of readdirSync(dir).filter((n) => n.endsWith('.ts') && n !== 'explanations.ts')) {
        const src = readFileSync(join(dir, f), 'utf8');
        for (const m of src.matchAll(/'(\d{3}(?:\.[0-9a-z]+)*)'/g)) {
          const e = explainRule(game, m[1]);
          if (!e || e.number !== m[1]) missing.push(`${game} ${m[1]} (${f})`);
        }
      }
      assert.deepEqual([...new Set(missing)], [], 'rules cited without an explanation of their own');
    }
  });
});
