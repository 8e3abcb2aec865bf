// Reads a user's own copy of the official rules, to show the official text of a cited rule under
// our explanation. Two formats: the Magic Comprehensive Rules as published in text form (UTF-8,
// often with a BOM and CRLF), and Riftbound rules as one rule per line (`number<TAB>text`).
// Pure: the caller reads the file. Also how a rules file relates to a scenario: which of its rules
// a cited number is (numberings differ between versions), and whether it is the scenario's version.
import type { Finding, Fix, Game, Range } from '../types';
import type { ScenarioHeader } from '../parser/header';
import { codeInfo } from '../diagnostics/registry';
import { canonicalOf, citeAs, existsIn, resolveVersion, type RulesVersion } from './versions';
import { msg, said, titledFix, type Message } from '../message';
import { table } from '../tables';

export type RulesLanguage = 'en' | 'fr' | 'it';

export interface RulesDocument {
  game: Game | undefined;
  /** Effective date (YYYY-MM-DD) the document states, if any. */
  effective: string | undefined;
  /** The language the document is written in, read from its header and example paragraphs. */
  language: RulesLanguage;
  /** Rule number (no trailing dot) → official text, with its examples. */
  rules: Map<string, string>;
}

// Month names as the English, French and Italian documents write them, lower case (accents kept;
// French also writes "fevrier"/"aout" without them in older files).
const MONTHS: Record<RulesLanguage, string[]> = {
  en: ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'],
  fr: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
  it: ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'],
};
const UNACCENTED_FR = table<number>({ fevrier: 1, aout: 7, decembre: 11 });

function monthIndex(language: RulesLanguage, name: string): number {
  const n = name.toLowerCase();
  const i = MONTHS[language].indexOf(n);
  return i >= 0 || language !== 'fr' ? i : (UNACCENTED_FR[n] ?? -1);
}

function iso(year: string, month: number, day: string): string {
  return `${year}-${String(month + 1).padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/**
 * The effective date a Magic document's header states, in the document's language:
 * "These rules are effective as of June 7, 2024." (English: month day, year), and in the French and
 * Italian documents a day month year date on the line that says the rules apply ("en vigueur",
 * "à compter du", "1er"; "in vigore", "effettive", "a partire dal").
 */
function headerDate(line: string): { date: string; language: RulesLanguage } | undefined {
  const en = line.match(/effective as of (\p{L}+) (\d{1,2}), (\d{4})/iu);
  if (en) {
    const m = monthIndex('en', en[1]);
    return m < 0 ? undefined : { date: iso(en[3], m, en[2]), language: 'en' };
  }
  const fr = /(vigueur|compter du|applicables?|effectives?)/i.test(line);
  const it = /(vigore|effettiv|a partire da|valid[ei])/i.test(line);
  if (!fr && !it) return undefined;
  const d = line.match(/(\d{1,2})(?:er|º|°)? (\p{L}+) (\d{4})/u);
  if (!d) return undefined;
  for (const language of (fr ? ['fr', 'it'] : ['it', 'fr']) as RulesLanguage[]) {
    const m = monthIndex(language, d[2]);
    if (m >= 0) return { date: iso(d[3], m, d[1]), language };
  }
  return undefined;
}

// An example paragraph belongs to the rule above it: "Example:", "Exemple :" (French puts a space,
// often a no-break space, before the colon), "Esempio:".
const EXAMPLE = /^(?:Example|Exemple|Esempio)[ \u00a0\u202f]?: /;
const EXAMPLE_LANGUAGE: Record<string, RulesLanguage> = { Example: 'en', Exemple: 'fr', Esempio: 'it' };
// The glossary after the numbered rules: its entries are not rules.
const GLOSSARY = new Set(['Glossary', 'Glossaire', 'Glossario']);

export function parseRulesFile(text: string): RulesDocument {
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const lines = text.split(/\r\n|\r|\n/);
  const tabbed = lines.slice(0, 50).filter((l) => /^\d{3}\.[^\t]*\t/.test(l)).length;
  return tabbed >= 3 || /^\t?Riftbound/i.test(lines[0] ?? '') ? parseTabbed(lines) : parseMagic(lines);
}

function parseMagic(lines: string[]): RulesDocument {
  const rules = new Map<string, string>();
  let effective: string | undefined;
  let language: RulesLanguage | undefined;
  let last: string | undefined;
  for (const line of lines.slice(0, 40)) {
    const h = headerDate(line);
    if (h) {
      effective = h.date;
      language = h.language;
      break;
    }
  }
  for (const line of lines) {
    const m = line.match(/^(\d{3}(?:\.\d+[a-z]?)?)\.? (.*)$/);
    if (m && /\S/.test(m[2])) {
      // Headings ("701. Keyword Actions") appear in the contents too; the body comes later and wins.
      last = m[1];
      rules.set(last, m[2].trim());
      continue;
    }
    const example = last !== undefined ? line.match(EXAMPLE) : null;
    if (example && last !== undefined) {
      language ??= EXAMPLE_LANGUAGE[example[0].replace(/[ \u00a0\u202f:]/g, '')];
      rules.set(last, `${rules.get(last)}\n${line.trim()}`);
    } else if (GLOSSARY.has(line.trim()) && rules.size > 100) last = undefined;
  }
  return { game: rules.has('701.3a') || rules.has('100.1') ? 'mtg' : undefined, effective, language: language ?? 'en', rules };
}

function parseTabbed(lines: string[]): RulesDocument {
  const rules = new Map<string, string>();
  let effective: string | undefined;
  let language: RulesLanguage = 'en';
  for (const line of lines) {
    const tab = line.indexOf('\t');
    if (tab < 0) continue;
    const number = line.slice(0, tab).trim().replace(/\.$/, '');
    const body = line.slice(tab + 1).trim();
    if (!number) {
      const d = body.match(/(Last Updated|Effective|Dernière mise à jour|Mise à jour|En vigueur|Ultimo aggiornamento|Aggiornato|In vigore)[^0-9]*(\d{4}-\d{2}-\d{2})/i);
      if (d && !effective) {
        effective = d[2];
        const w = d[1].toLowerCase();
        language = /^(last|effective)/.test(w) ? 'en' : /^(derni|mise|en vigueur)/.test(w) ? 'fr' : 'it';
      }
      continue;
    }
    if (/^\d{3}(\.[0-9a-z]+)*$/.test(number)) rules.set(number, body);
  }
  return { game: 'riftbound', effective, language, rules };
}

// ---- using a rules file next to a scenario ------------------------------------------------------

/** What the checker needs to know of a rules file to compare it with a scenario. */
export type RulesFileHeader = Pick<RulesDocument, 'game' | 'effective'>;

/**
 * The official text of a rule as the scenario cites it (`written`, numbered as in `scenarioVersion`),
 * looked up in the user's document. When the document states an effective date that is another
 * version, the number is translated (canonicalOf, then citeAs) so the same rule is quoted.
 * Undefined when the document is of the other game, or lacks the rule.
 */
export function officialRule(
  doc: RulesDocument,
  game: Game,
  scenarioVersion: RulesVersion | undefined,
  written: string,
): { number: string; text: string; translated: boolean } | undefined {
  if (doc.game && doc.game !== game) return undefined;
  const fileVersion = doc.effective ? resolveVersion(game, doc.effective) : undefined;
  let number = written;
  if (fileVersion && fileVersion.id !== scenarioVersion?.id) {
    const canonical = canonicalOf(game, scenarioVersion, written);
    if (!existsIn(game, fileVersion, canonical)) return undefined;
    number = citeAs(game, fileVersion, canonical);
  }
  const text = doc.rules.get(number);
  return text === undefined ? undefined : { number, text, translated: number !== written };
}

/**
 * Does rule `written`, numbered as in `version` (the newest when undefined), exist? Not for an MTG
 * subrule lettered l or o: the Comprehensive Rules never use those letters (they would read as 1 and
 * 0; 702.16 goes from k to m, and from n to p). With the user's rules document of that game and of that
 * same version: whether it has the number (`by: 'file'`). Else undefined: nothing here can tell (the checker's own
 * tables list the rules it cites, not every rule).
 */
export function ruleExists(game: Game, version: RulesVersion | undefined, written: string, doc?: RulesDocument): { exists: boolean; by: 'letters' | 'file' } | undefined {
  if (game === 'mtg' && /^\d{3}\.\d+[lo]$/.test(written)) return { exists: false, by: 'letters' };
  if (!doc || (doc.game !== undefined && doc.game !== game) || !doc.effective) return undefined;
  const asked = version ?? resolveVersion(game, undefined);
  const fileVersion = resolveVersion(game, doc.effective);
  if (!asked || !fileVersion || fileVersion.id !== asked.id) return undefined;
  return { exists: doc.rules.has(written), by: 'file' };
}

/**
 * Compares the effective date of the user's rules document with the scenario's `rules` line: when
 * they are different versions, a `rules-file-version` warning on the `rules` line; without a `rules`
 * line (findings cite the newest rules), a `rules-file-no-rules-line` information when the file is
 * not the newest version. Nothing when the file states no date, is of the other game, or the
 * scenario's version is unknown (`unknown-rules-version` says so already).
 */
export function rulesFileFindings(file: RulesFileHeader, scenario: ScenarioHeader): Finding[] {
  const game = scenario.game ?? 'mtg';
  if (!file.effective || (file.game && file.game !== game)) return [];
  const fileVersion = resolveVersion(game, file.effective);
  const fileLabel = fileVersion ? (fileVersion.date !== file.effective ? msg`${fileVersion.label} (stated effective ${file.effective})` : fileVersion.label) : msg`rules effective ${file.effective}, older than any version the checker knows`;
  const make = (code: string, range: Range, message: string | Message, fixes: Fix[]): Finding => {
    const info = codeInfo(code);
    return { code, kind: info.kind, severity: info.severity, rules: [], ...said(message), range, related: [], fixes, subjects: [] };
  };

  if (scenario.version !== undefined) {
    const declared = resolveVersion(game, scenario.version);
    if (!declared || fileVersion?.id === declared.id || !scenario.versionRange) return [];
    const fixes: Fix[] = fileVersion
      ? [titledFix(msg`Change to "rules ${fileVersion.id}"`, false, [{ range: scenario.versionRange, newText: fileVersion.id }])]
      : [];
    return [
      make(
        'rules-file-version',
        scenario.versionRange,
        msg`Your rules file is ${fileLabel}, and this scenario declares \`rules ${scenario.version}\` (${declared.label}). Findings cite the scenario's numbering; hovers translate each rule number to your file's before quoting it, but the official text may differ between the versions.`,
        fixes,
      ),
    ];
  }

  const newest = resolveVersion(game, undefined)!;
  if (fileVersion?.id === newest.id) return [];
  const at: Range = scenario.gameRange ?? { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  const fixes: Fix[] = [];
  if (fileVersion && scenario.gameRange) {
    const after = scenario.gameRange.end.line + 1;
    const edit =
      after < scenario.lineCount
        ? { range: { start: { line: after, character: 0 }, end: { line: after, character: 0 } }, newText: `rules ${fileVersion.id}${scenario.eol}` }
        : { range: { start: scenario.gameRange.end, end: scenario.gameRange.end }, newText: `${scenario.eol}rules ${fileVersion.id}` };
    fixes.push(titledFix(msg`Insert "rules ${fileVersion.id}"`, false, [edit]));
  }
  return [
    make(
      'rules-file-no-rules-line',
      at,
      fileVersion
        ? msg`Your rules file is ${fileLabel}. This scenario has no \`rules\` line, so its findings cite the newest rules the checker knows (${newest.label}); add \`rules ${fileVersion.id}\` to cite in your file's numbering.`
        : msg`Your rules file is ${fileLabel}. This scenario has no \`rules\` line, so its findings cite the newest rules the checker knows (${newest.label}); hovers quote your file where the numbers still match.`,
      fixes,
    ),
  ];
}
