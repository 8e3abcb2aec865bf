// Command-line parsing. Pure: argv in, a command (or a usage error) out.
import type { BoardTheme, Game } from '../core';
import { DEFAULT_MAX_FINDINGS, MAX_MAX_FINDINGS } from './limits';

export type Format = 'text' | 'json' | 'sarif' | 'github';
export const FORMATS: readonly Format[] = ['text', 'json', 'sarif', 'github'];
export type TestFormat = 'text' | 'json' | 'junit' | 'github';
export const TEST_FORMATS: readonly TestFormat[] = ['text', 'json', 'junit', 'github'];
export const GAMES: readonly Game[] = ['mtg', 'riftbound'];
export const THEMES: readonly BoardTheme[] = ['light', 'dark', 'vscode'];

export type Command =
  | { kind: 'help' }
  | { kind: 'version' }
  /** `cards`: the card files of `--cards FILE` (repeatable), in the order given. */
  /** `maxWarnings`: exit 1 when there are more warnings than this (undefined: any number). `config`: read board-scenario.json. */
  | { kind: 'check'; format: Format; noColor: boolean; fix: boolean; maxFindings: number; maxWarnings: number | undefined; config: boolean; paths: string[]; includeRoot?: string; cards: string[] }
  | { kind: 'test'; format: TestFormat; noColor: boolean; maxFindings: number; config: boolean; paths: string[]; includeRoot?: string; cards: string[] }
  | { kind: 'explain'; code: string }
  | { kind: 'rules'; rule: string; game: Game; rulesVersion: string | undefined; rulesFile: string | undefined }
  /** `at`: 1-based line, undefined for the end of the file; `out`: a path, or undefined for stdout. */
  | { kind: 'render'; file: string; at: number | undefined; out: string | undefined; theme: BoardTheme; cards: string[] }
  | { kind: 'usage'; message: string };

interface OptionSpec {
  /** Takes a value (`--x V` or `--x=V`). */
  value: boolean;
  /** May be given several times (every value is kept, in order, in `Split.lists`). */
  repeatable?: boolean;
}

const COMMON: Record<string, OptionSpec> = { '--help': { value: false }, '-h': { value: false } };
const OPTIONS: Record<'check' | 'test' | 'explain' | 'rules' | 'render', Record<string, OptionSpec>> = {
  check: { '--format': { value: true }, '--no-color': { value: false }, '--fix': { value: false }, '--max-findings': { value: true }, '--include-root': { value: true }, '--cards': { value: true, repeatable: true }, '--max-warnings': { value: true }, '--no-config': { value: false } },
  test: { '--format': { value: true }, '--no-color': { value: false }, '--max-findings': { value: true }, '--include-root': { value: true }, '--cards': { value: true, repeatable: true }, '--no-config': { value: false } },
  explain: {},
  rules: { '--game': { value: true }, '--rules-version': { value: true }, '--rules-file': { value: true } },
  render: { '--at': { value: true }, '--out': { value: true }, '--theme': { value: true }, '--cards': { value: true, repeatable: true } },
};

interface Split {
  options: Map<string, string | true>;
  positionals: string[];
  /** The values of repeatable options, in order. */
  lists: Map<string, string[]>;
  error?: string;
}

function split(command: keyof typeof OPTIONS, args: string[]): Split {
  const specs = { ...COMMON, ...OPTIONS[command] };
  const options = new Map<string, string | true>();
  const positionals: string[] = [];
  const lists = new Map<string, string[]>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--') {
      // A loop, not push(...): some hundred thousand paths after `--` would overflow the stack.
      for (let j = i + 1; j < args.length; j++) positionals.push(args[j]);
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      positionals.push(arg);
      continue;
    }
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = eq >= 0 ? arg.slice(0, eq) : arg;
    const spec = specs[name];
    if (!spec) return { options, positionals, lists, error: `unknown option '${name}' for '${command}'` };
    if (!spec.value) {
      if (eq >= 0) return { options, positionals, lists, error: `option '${name}' takes no value` };
      options.set(name, true);
      continue;
    }
    let value: string | undefined;
    if (eq >= 0) value = arg.slice(eq + 1);
    else if (i + 1 < args.length) value = args[++i];
    if (value === undefined || value === '') return { options, positionals, lists, error: `option '${name}' needs a value` };
    options.set(name, value);
    if (spec.repeatable) lists.set(name, [...(lists.get(name) ?? []), value]);
  }
  return { options, positionals, lists };
}

function str(v: string | true | undefined): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

export function parseArgs(argv: string[]): Command {
  const [first, ...rest] = argv;
  if (first === undefined) return { kind: 'usage', message: 'missing command' };
  if (first === '--help' || first === '-h' || first === 'help') return { kind: 'help' };
  if (first === '--version' || first === '-V' || first === '-v') return { kind: 'version' };
  if (first !== 'check' && first !== 'test' && first !== 'explain' && first !== 'rules' && first !== 'render') {
    if (first.startsWith('-')) return { kind: 'usage', message: `unknown option '${first}'` };
    return { kind: 'usage', message: `unknown command '${first}'` + (first.endsWith('.board') ? ` (did you mean 'check ${first}'?)` : '') };
  }
  const s = split(first, rest);
  if (s.error) return { kind: 'usage', message: s.error };
  if (s.options.has('--help') || s.options.has('-h')) return { kind: 'help' };

  switch (first) {
    case 'check':
    case 'test': {
      const formats: readonly string[] = first === 'check' ? FORMATS : TEST_FORMATS;
      const format = str(s.options.get('--format')) ?? 'text';
      if (!formats.includes(format)) return { kind: 'usage', message: `unknown format '${format}' for '${first}' (expected ${formats.join(', ')})` };
      const maxText = str(s.options.get('--max-findings'));
      let maxFindings = DEFAULT_MAX_FINDINGS;
      if (maxText !== undefined) {
        if (!/^[0-9]{1,7}$/.test(maxText) || Number(maxText) > MAX_MAX_FINDINGS) return { kind: 'usage', message: `--max-findings needs a number from 0 to ${MAX_MAX_FINDINGS}, not '${maxText}'` };
        maxFindings = Number(maxText);
      }
      const warnText = str(s.options.get('--max-warnings'));
      let maxWarnings: number | undefined;
      if (warnText !== undefined) {
        // ESLint's convention: -1 means no limit.
        if (warnText === '-1') maxWarnings = undefined;
        else if (!/^[0-9]{1,9}$/.test(warnText)) return { kind: 'usage', message: `--max-warnings needs a number (0 or more, or -1 for no limit), not '${warnText}'` };
        else maxWarnings = Number(warnText);
      }
      if (s.positionals.length === 0) return { kind: 'usage', message: `'${first}' needs at least one file or folder` };
      const includeRoot = str(s.options.get('--include-root'));
      const config = !s.options.has('--no-config');
      const common = { noColor: s.options.has('--no-color'), maxFindings, config, paths: s.positionals, ...(includeRoot !== undefined ? { includeRoot } : {}), cards: s.lists.get('--cards') ?? [] };
      if (first === 'test') return { kind: 'test', format: format as TestFormat, ...common };
      return { kind: 'check', format: format as Format, fix: s.options.has('--fix'), maxWarnings, ...common };
    }
    case 'explain': {
      if (s.positionals.length !== 1) return { kind: 'usage', message: "'explain' needs exactly one finding code, e.g. 'explain redundant-attach'" };
      return { kind: 'explain', code: s.positionals[0] };
    }
    case 'rules': {
      const game = str(s.options.get('--game')) ?? 'mtg';
      if (!(GAMES as readonly string[]).includes(game)) return { kind: 'usage', message: `unknown game '${game}' (expected ${GAMES.join(' or ')})` };
      if (s.positionals.length !== 1) return { kind: 'usage', message: "'rules' needs exactly one rule number, e.g. 'rules 701.3b'" };
      return { kind: 'rules', rule: s.positionals[0], game: game as Game, rulesVersion: str(s.options.get('--rules-version')), rulesFile: str(s.options.get('--rules-file')) };
    }
    case 'render': {
      if (s.positionals.length !== 1) return { kind: 'usage', message: "'render' needs exactly one scenario file, e.g. 'render lion.board --at 12 --out board.svg'" };
      const atText = str(s.options.get('--at'));
      let at: number | undefined;
      if (atText !== undefined) {
        if (!/^[0-9]+$/.test(atText) || Number(atText) < 1) return { kind: 'usage', message: `--at needs a line number (1 or more), not '${atText}'` };
        at = Number(atText);
      }
      const theme = str(s.options.get('--theme')) ?? 'light';
      if (!(THEMES as readonly string[]).includes(theme)) return { kind: 'usage', message: `unknown theme '${theme}' (expected ${THEMES.join(', ')})` };
      const outPath = str(s.options.get('--out'));
      return { kind: 'render', file: s.positionals[0], at, out: outPath === '-' ? undefined : outPath, theme: theme as BoardTheme, cards: s.lists.get('--cards') ?? [] };
    }
  }
}
