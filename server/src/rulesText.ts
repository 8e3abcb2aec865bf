// The user's own copy of the official rules (settings `boardScenario.rulesFile.mtg|riftbound`).
// The extension ships no official text: when a file is set, hovers quote the rule from it. The file
// is read once per modification time; a rule is a line that starts with its number.
import { readFileSync, statSync } from 'node:fs';

interface Loaded {
  mtimeMs: number;
  size: number;
  rules: Map<string, string>;
}

const RULE_LINE = /^\s*(\d{3}(?:\.[0-9a-z]+)*)\.?\s+(\S.*)$/;
const MAX_QUOTE = 1200;

export class RulesFiles {
  private readonly files = new Map<string, Loaded>();
  private readonly reported = new Set<string>();

  constructor(private readonly log: (message: string) => void) {}

  /** The text of `number` in the file at `path`, or undefined (no file, unreadable, not found). */
  lookup(path: string, number: string): string | undefined {
    if (!path) return undefined;
    const file = this.load(path);
    return file?.rules.get(number);
  }

  private load(path: string): Loaded | undefined {
    try {
      const st = statSync(path);
      const known = this.files.get(path);
      if (known && known.mtimeMs === st.mtimeMs && known.size === st.size) return known;
      const rules = parseRules(readFileSync(path, 'utf8'));
      const loaded = { mtimeMs: st.mtimeMs, size: st.size, rules };
      this.files.set(path, loaded);
      this.reported.delete(path);
      return loaded;
    } catch (e) {
      this.files.delete(path);
      if (!this.reported.has(path)) {
        this.reported.add(path);
        this.log(`Could not read the rules file '${path}': ${(e as Error)?.message ?? String(e)}`);
      }
      return undefined;
    }
  }
}

export function parseRules(text: string): Map<string, string> {
  const rules = new Map<string, string>();
  for (const line of text.split(/\r\n|\r|\n/)) {
    const m = RULE_LINE.exec(line);
    if (!m) continue;
    // The first occurrence wins (a table of contents repeats section titles, with the same text).
    if (!rules.has(m[1])) rules.set(m[1], m[2].length > MAX_QUOTE ? m[2].slice(0, MAX_QUOTE) + '…' : m[2]);
  }
  return rules;
}
