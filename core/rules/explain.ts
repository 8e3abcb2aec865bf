// Our explanations of the rules, by canonical number, for hovers, \`board-scenario rules\` and the
// docs. Above each game's rule modules, whose explanations sit beside their code; the numbering
// (versions.ts) is below the engine and knows nothing of them.
import type { Game } from '../types';
import type { RulesVersion } from './versions';
import { MTG_RULES, type RuleExplanation } from './mtg/explanations';
import { RIFTBOUND_RULES } from './riftbound/explanations';
import { table } from '../tables';

const TABLES: Record<Game, Readonly<Partial<Record<string, RuleExplanation>>>> = { mtg: table(MTG_RULES), riftbound: table(RIFTBOUND_RULES) };

/**
 * Our explanation of a canonical rule number, falling back to its nearest parent rule; in the words
 * that fit `version` when the rule changed in substance (default: the newest).
 */
export function explainRule(game: Game, canonical: string, version?: RulesVersion): (Omit<RuleExplanation, 'earlier'> & { number: string }) | undefined {
  const table = TABLES[game];
  let n = canonical;
  for (;;) {
    const e = table[n];
    if (e) {
      const then = version && e.earlier?.find((x) => version.date < x.before);
      return { title: then?.title ?? e.title, text: then?.text ?? e.text, number: n };
    }
    // 301.5z → 301.5 (MTG letter subrules), 434.1.g → 434.1 and 107.1.c.1 → 107.1.c (dotted parts).
    const cut = n.match(/^(.*\d)[a-z]+$/) ?? n.match(/^(.*)\.[a-z0-9]+$/);
    if (!cut || cut[1] === '') return undefined;
    n = cut[1];
  }
}
