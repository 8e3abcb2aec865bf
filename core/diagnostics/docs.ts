// docs/diagnostics.md is rendered from the registry, so the documentation can't drift from the code.
import { REGISTRY } from './registry';
import { explainRule } from '../rules/explain';

export function renderDiagnosticsDoc(): string {
  const out: string[] = [
    '# Findings',
    '',
    'Generated from `core/diagnostics/registry.ts` (`UPDATE_DOCS=1 npm test` rewrites it). Every finding has a code,',
    'a kind, a severity, the rule numbers that decide it, a message that says what, why and what to do, related',
    'locations, and fixes where one exists. Rule numbers below are those every finding of the code cites; each',
    'finding adds the rules of its particular cause.',
    '',
  ];
  for (const info of REGISTRY.values()) {
    out.push(`## ${info.code}`, '');
    out.push(`${info.title}${info.riftboundTitle ? ` (Riftbound: ${info.riftboundTitle})` : ''}. Kind \`${info.kind}\`, severity ${info.severity}.`, '');
    out.push(info.doc, '');
    for (const game of ['mtg', 'riftbound'] as const) {
      if (info.rules[game].length === 0) continue;
      const label = game === 'mtg' ? 'MTG' : 'Riftbound';
      const rules = info.rules[game].map((n) => `${n} (${explainRule(game, n)?.title ?? 'rule'})`).join(', ');
      out.push(`${label} rules: ${rules}.`, '');
    }
    out.push(`Fixes: ${info.fixes}`, '');
  }
  return out.join('\n');
}
