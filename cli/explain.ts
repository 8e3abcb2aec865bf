// `explain CODE` and `rules RULE`: the registry's documentation of a finding code, and our own
// explanation of a rule number. Each returns the text to print, or an error for stderr.
import { REGISTRY, canonicalIn, citeAs, codeDocUrl, explainRule, knownVersions, resolveVersion, type Game } from '../core';

export type Answer = { ok: true; text: string } | { ok: false; error: string };

export function explainCode(code: string): Answer {
  const info = REGISTRY.get(code.trim());
  if (!info) return { ok: false, error: `unknown code '${code}'; the codes are: ${[...REGISTRY.keys()].join(', ')}` };
  const rules = (['mtg', 'riftbound'] as const)
    .filter((g) => info.rules[g].length > 0)
    .map((g) => `${g === 'mtg' ? 'MTG' : 'Riftbound'} ${info.rules[g].join(', ')}`);
  const lines = [
    `${info.code}: ${info.title}${info.riftboundTitle ? ` (Riftbound: ${info.riftboundTitle})` : ''}`,
    `Severity: ${info.severity}    Kind: ${info.kind}`,
    `Rules cited: ${rules.length > 0 ? rules.join('; ') : 'none (each finding cites its own, if any)'}`,
    '',
    info.doc,
    '',
    `Fixes: ${info.fixes}`,
    `More: ${codeDocUrl(info.code)}`,
  ];
  return { ok: true, text: lines.join('\n') + '\n' };
}

export function explainRuleNumber(rule: string, game: Game, rulesVersion: string | undefined): Answer {
  const written = rule.trim();
  const gameName = game === 'mtg' ? 'MTG' : 'Riftbound';
  const versions = knownVersions(game);
  const version = rulesVersion === undefined ? undefined : resolveVersion(game, rulesVersion);
  if (rulesVersion !== undefined && !version) {
    return { ok: false, error: `unknown ${gameName} rules version '${rulesVersion}' (known: ${versions.map((v) => v.id).join(', ')})` };
  }
  // A number written in an older version's numbering is looked up under its newest number.
  const canonical = version ? canonicalIn(game, version, written) : written;
  if (canonical === undefined) {
    return { ok: false, error: `no explanation of ${gameName} rule '${written}' in ${version!.label}: the checker explains ${written} as the newest rules number it, and in that version it is not that rule (it had another number, or did not exist yet)` };
  }
  const e = explainRule(game, canonical, version);
  if (!e) return { ok: false, error: `no explanation of ${gameName} rule '${written}'` };

  const cited = version ? citeAs(game, version, e.number) : e.number;
  const heading = cited !== e.number ? `${gameName} ${cited} (${e.number} in the newest rules): ${e.title}` : `${gameName} ${e.number}: ${e.title}`;
  const lines = [heading, e.text, ''];
  if (e.number !== canonical) lines.push(`(No explanation of ${written} itself; this is the rule it belongs to.)`);
  lines.push('Our own explanation in plain words, not the official rules text.');
  return { ok: true, text: lines.join('\n') + '\n' };
}
