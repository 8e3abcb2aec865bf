// `explain CODE` and `rules RULE`: the registry's documentation of a finding code, and our own
// explanation of a rule number. Each returns the text to print, or an error for stderr.
import { REGISTRY, canonicalIn, citeAs, codeDocUrl, explainRule, knownVersions, lastVersionWith, resolveVersion, type Game } from '../core';
import { t, translated as data } from '../l10n/language';

export type Answer = { ok: true; text: string } | { ok: false; error: string };

export function explainCode(code: string): Answer {
  const info = REGISTRY.get(code.trim());
  if (!info) return { ok: false, error: t("unknown code '{0}'; the codes are: {1}", code, [...REGISTRY.keys()].join(', ')) };
  const rules = (['mtg', 'riftbound'] as const)
    .filter((g) => info.rules[g].length > 0)
    .map((g) => `${g === 'mtg' ? 'MTG' : 'Riftbound'} ${info.rules[g].join(', ')}`);
  const lines = [
    `${info.code}: ${data(info.title)}${info.riftboundTitle ? ` (Riftbound: ${data(info.riftboundTitle)})` : ''}`,
    `${t('Severity: {0}', info.severity)}    ${t('Kind: {0}', info.kind)}`,
    rules.length > 0 ? t('Rules cited: {0}', rules.join('; ')) : t('Rules cited: none (each finding cites its own, if any)'),
    '',
    data(info.doc),
    '',
    t('Fixes: {0}', data(info.fixes)),
    t('More: {0}', codeDocUrl(info.code)),
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
    // A rule a later version dropped is numbered as in the last version that has it.
    const last = lastVersionWith(game, written);
    if (last && version!.date > last.date) return { ok: false, error: `no ${gameName} rule '${written}' in ${version!.label}: that rule (as ${last.label} numbers it) was dropped after ${last.label}` };
    const as = last ? `as ${last.label} numbers it` : 'as the newest rules number it';
    return { ok: false, error: `no explanation of ${gameName} rule '${written}' in ${version!.label}: the checker explains ${written} ${as}, and in that version it is not that rule (it had another number, or did not exist yet)` };
  }
  const e = explainRule(game, canonical, version);
  if (!e) return { ok: false, error: `no explanation of ${gameName} rule '${written}'` };

  const cited = version ? citeAs(game, version, e.number) : e.number;
  // The heading says which rules number it so: the version asked for, else the newest rules, or the last that have it when it was dropped.
  const last = lastVersionWith(game, e.number);
  const numbered = last ? t('({0} in {1}, the last rules that have it)', e.number, last.label) : t('({0} in the newest rules)', e.number);
  const heading =
    cited !== e.number
      ? `${gameName} ${cited} ${numbered}: ${data(e.title)}`
      : !version && last
        ? `${gameName} ${e.number} ${t('(not in the newest rules: the last rules that have it are {0})', last.label)}: ${data(e.title)}`
        : `${gameName} ${e.number}: ${data(e.title)}`;
  const lines = [heading, data(e.text), ''];
  if (e.number !== canonical) lines.push(t('(No explanation of {0} itself; this is the rule it belongs to.)', written));
  lines.push(t('Our own explanation in plain words, not the official rules text.'));
  return { ok: true, text: lines.join('\n') + '\n' };
}
