// Each game's rules are split into modules by rule family (core/rules/<game>/), each explaining the
// rules it implements in its EXPLAINED; explanations.ts assembles the game's table from them. A rule
// explained in two modules would be assembled silently (the later one wins), so this holds that every
// number is explained in exactly one, that every module with explanations is assembled, and that the
// table is exactly their union.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { MTG_RULES, MTG_RULE_MODULES, type RuleExplanation } from '../../core/rules/mtg/explanations';
import { RIFTBOUND_RULES, RIFTBOUND_RULE_MODULES } from '../../core/rules/riftbound/explanations';

const root = join(__dirname, '..', '..', '..');
type Parts = Readonly<Record<string, Readonly<Record<string, RuleExplanation>>>>;
const GAMES: { game: string; parts: Parts; rules: Record<string, RuleExplanation> }[] = [
  { game: 'mtg', parts: MTG_RULE_MODULES, rules: MTG_RULES },
  { game: 'riftbound', parts: RIFTBOUND_RULE_MODULES, rules: RIFTBOUND_RULES },
];

describe('rule modules', () => {
  for (const { game, parts, rules } of GAMES) {
    it(`${game}: no rule is explained in two modules`, () => {
      const where = new Map<string, string[]>();
      for (const [module, explained] of Object.entries(parts)) {
        for (const n of Object.keys(explained)) where.set(n, [...(where.get(n) ?? []), module]);
      }
      const twice = [...where].filter(([, ms]) => ms.length > 1).map(([n, ms]) => `${n} (${ms.join(', ')})`);
      assert.deepEqual(twice, [], 'rules explained in more than one module');
    });

    it(`${game}: the rules table is the union of the modules' explanations`, () => {
      const union = Object.values(parts).flatMap((e) => Object.entries(e));
      assert.equal(Object.keys(rules).length, union.length);
      for (const [n, e] of union) assert.equal(rules[n], e, `${n} is not the module's explanation`);
    });

    it(`${game}: every module that explains rules is assembled`, () => {
      const dir = join(root, 'core', 'rules', game);
      const explaining = readdirSync(dir)
        .filter((f) => f.endsWith('.ts') && f !== 'explanations.ts' && /^export const EXPLAINED\b/m.test(readFileSync(join(dir, f), 'utf8')))
        .map((f) => f.slice(0, -3));
      assert.deepEqual(explaining.filter((m) => !(m in parts)), [], 'modules whose EXPLAINED explanations.ts does not assemble');
      assert.ok(explaining.length > 0);
    });
  }
});
