// The CLI's language: `--lang en|fr|it` anywhere on the command line, else the environment as
// POSIX programs read it (LC_ALL, then LC_MESSAGES, then LANG; `fr_FR.UTF-8` is French), else
// English. What the user reads follows it (findings, summaries, test results, help); the JSON and
// SARIF keep their English messages and stable codes, and add the message in that language.
import { languageOf, LANGUAGES, type Language } from '../l10n/language';

export interface LanguageChoice {
  language: Language;
  /** The arguments without `--lang`. */
  argv: string[];
  /** `--lang` without a value, or with a language we have no translation for. */
  problem?: string;
}

export function chooseLanguage(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): LanguageChoice {
  const rest: string[] = [];
  let asked: string | undefined;
  let problem: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') {
      // A loop, not push(...): some hundred thousand arguments after `--` would overflow the stack.
      for (let j = i; j < argv.length; j++) rest.push(argv[j]);
      break;
    }
    if (a === '--lang' || a.startsWith('--lang=')) {
      const value = a === '--lang' ? argv[++i] : a.slice('--lang='.length);
      if (value === undefined || value === '') problem = "option '--lang' needs a value (en, fr or it)";
      else asked = value;
      continue;
    }
    rest.push(a);
  }
  if (asked !== undefined && !problem) {
    const language = (LANGUAGES as readonly string[]).includes(asked) ? (asked as Language) : undefined;
    if (language) return { language, argv: rest };
    problem = `unknown language '${asked}' for --lang (expected ${LANGUAGES.join(', ')})`;
  }
  const fromEnv = env.LC_ALL || env.LC_MESSAGES || env.LANG;
  return { language: languageOf(fromEnv) ?? 'en', argv: rest, ...(problem ? { problem } : {}) };
}
