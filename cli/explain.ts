// `explain CODE` and `rules RULE`: the registry's documentation of a finding code, and our own
// explanation of a rule number. Each returns the text to print, or an error for stderr.
import { readFileSync, statSync } from 'node:fs';
import { REGISTRY, canonicalIn, citeAs, codeDocUrl, explainRule, knownVersions, lastVersionWith, parseRulesFile, resolveVersion, ruleExists, type Game, type RulesDocument } from '../core';
import { t, translated as data } from '../l10n/language';

/** A rules file is read only up to this size, as in the editor (the Comprehensive Rules are about 1 MB). */
const MAX_RULES_FILE_BYTES = 8 * 1024 * 1024;

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

/** The user's rules file (`--rules-file`), parsed, or the reason it can't be read. */
export function readRulesFile(path: string): { ok: true; doc: RulesDocument } | { ok: false; error: string } {
  try {
    const size = statSync(path).size;
    if (size > MAX_RULES_FILE_BYTES) return { ok: false, error: `rules file '${path}' is over ${MAX_RULES_FILE_BYTES / 1024 / 1024} MiB; not read` };
    return { ok: true, doc: parseRulesFile(readFileSync(path, 'utf8')) };
  } catch (e) {
    return { ok: false, error: `can't read rules file '${path}': ${(e as Error).message}` };
  }
}

export function explainRuleNumber(rule: string, game: Game, rulesVersion: string | undefined, doc?: RulesDocument): Answer {
  const written = rule.trim();
  const gameName = game === 'mtg' ? 'MTG' : 'Riftbound';
  const versions = knownVersions(game);
  const version = rulesVersion === undefined ? undefined : resolveVersion(game, rulesVersion);
  if (rulesVersion !== undefined && !version) {
    return { ok: false, error: `unknown ${gameName} rules version '${rulesVersion}' (known: ${versions.map((v) => v.id).join(', ')})` };
  }
  // A number that doesn't exist (an MTG subrule lettered l or o; one the user's rules file of that version lacks) is not explained by its parent's explanation.
  const exists = ruleExists(game, version, written, doc);
  if (exists && !exists.exists) {
    // The rule it would belong to: 702.16l → 702.16 (MTG letters), 434.1.z → 434.1 (dotted parts).
    const parent = (written.match(/^(.*\d)[a-z]+$/) ?? written.match(/^(.*)\.[a-z0-9]+$/))?.[1];
    const see = parent && explainRule(game, (version ? canonicalIn(game, version, parent) : parent) ?? parent, version) ? ` (see 'rules ${parent}')` : '';
    if (exists.by === 'letters') return { ok: false, error: `no ${gameName} rule '${written}': the Comprehensive Rules never letter a subrule l or o${see}` };
    return { ok: false, error: `no ${gameName} rule '${written}' in your rules file (effective ${doc!.effective})${see}` };
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
  const numbered = last ? t('({0} in {1}, the last rules that have it)', citeAs(game, last, e.number), last.label) : t('({0} in the newest rules)', e.number);
  const heading =
    cited !== e.number
      ? `${gameName} ${cited} ${numbered}: ${data(e.title)}`
      : !version && last
        ? `${gameName} ${e.number} ${t('(not in the newest rules: the last rules that have it are {0})', last.label)}: ${data(e.title)}`
        : `${gameName} ${e.number}: ${data(e.title)}`;
  const lines = [heading, data(e.text), ''];
  // The rule it belongs to, when the rule exists; without a rules file of that version, whether it does is not known.
  if (e.number !== canonical) lines.push(exists ? t('(No explanation of {0} itself; this is the rule it belongs to.)', written) : t('(No explanation of {0} itself; this is the rule it would belong to. Whether {0} exists is not known without your rules file of that version: --rules-file FILE.)', written));
  lines.push(t('Our own explanation in plain words, not the official rules text.'));
  return { ok: true, text: lines.join('\n') + '\n' };
}
