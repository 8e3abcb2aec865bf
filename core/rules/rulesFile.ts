// Reads a user's own copy of the official rules, to show the official text of a cited rule under
// our explanation. Two formats: the Magic Comprehensive Rules as published in text form (UTF-8,
// often with a BOM and CRLF), and Riftbound rules as one rule per line (`number<TAB>text`).
// Pure: the caller reads the file.
import type { Game } from '../types';

export interface RulesDocument {
  game: Game | undefined;
  /** Effective date (YYYY-MM-DD) the document states, if any. */
  effective: string | undefined;
  /** Rule number (no trailing dot) → official text, with its examples. */
  rules: Map<string, string>;
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

function isoDate(monthName: string, day: string, year: string): string | undefined {
  const m = MONTHS.indexOf(monthName.toLowerCase());
  if (m < 0) return undefined;
  return `${year}-${String(m + 1).padStart(2, '0')}-${day.padStart(2, '0')}`;
}

export function parseRulesFile(text: string): RulesDocument {
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const lines = text.split(/\r\n|\r|\n/);
  const tabbed = lines.slice(0, 50).filter((l) => /^\d{3}\.[^\t]*\t/.test(l)).length;
  return tabbed >= 3 || /^\t?Riftbound/i.test(lines[0] ?? '') ? parseTabbed(lines) : parseMagic(lines);
}

function parseMagic(lines: string[]): RulesDocument {
  const rules = new Map<string, string>();
  let effective: string | undefined;
  let last: string | undefined;
  for (const line of lines.slice(0, 40)) {
    const m = line.match(/effective as of (\w+) (\d{1,2}), (\d{4})/i);
    if (m) {
      effective = isoDate(m[1], m[2], m[3]);
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
    if (last && /^Example: /.test(line)) rules.set(last, `${rules.get(last)}\n${line.trim()}`);
    else if (line.trim() === 'Glossary' && rules.size > 100) last = undefined;
  }
  return { game: rules.has('701.3a') || rules.has('100.1') ? 'mtg' : undefined, effective, rules };
}

function parseTabbed(lines: string[]): RulesDocument {
  const rules = new Map<string, string>();
  let effective: string | undefined;
  for (const line of lines) {
    const tab = line.indexOf('\t');
    if (tab < 0) continue;
    const number = line.slice(0, tab).trim().replace(/\.$/, '');
    const body = line.slice(tab + 1).trim();
    if (!number) {
      const d = body.match(/(?:Last Updated|Effective)[^0-9]*(\d{4}-\d{2}-\d{2})/i);
      if (d && !effective) effective = d[1];
      continue;
    }
    if (/^\d{3}(\.[0-9a-z]+)*$/.test(number)) rules.set(number, body);
  }
  return { game: 'riftbound', effective, rules };
}
