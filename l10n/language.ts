// The user's language for the server and the CLI (the client has VS Code's `vscode.l10n`): English,
// French or Italian, and the translation of a string through `@vscode/l10n`, configured with the
// bundles of this folder. Where a bundle comes from is the program's to say (useBundles): the
// node programs (the CLI, its checker, the language server) read the one they need from the
// package's l10n/ folder (files.ts), only when a language other than English is asked for; the
// browser server has them in its script. One language per process: the server's comes from
// `initialize`'s locale, the CLI's from `--lang` or the environment.
import * as l10n from '@vscode/l10n';

export type Language = 'en' | 'fr' | 'it';
export const LANGUAGES: readonly Language[] = ['en', 'fr', 'it'];
/** Each language's English name, for the messages that say its translations are missing (written in English, then). */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', fr: 'French', it: 'Italian' };

/** A bundle as @vscode/l10n reads it: each English string, and its translation (or `{ message, comment }`). */
export type Bundle = l10n.l10nJsonFormat;
/** A translated language's bundle, or undefined when it cannot be had. */
export type BundleSource = (language: Exclude<Language, 'en'>) => Bundle | undefined;

let source: BundleSource = () => undefined;
/** The bundles asked for so far, and undefined for one that could not be had (not asked again). */
const bundles = new Map<Exclude<Language, 'en'>, Bundle | undefined>();
let current: Language = 'en';

/** Where setLanguage takes the bundles from, from now on. */
export function useBundles(from: BundleSource): void {
  source = from;
  bundles.clear();
}

/**
 * The language of a locale as VS Code (`fr`, `it-IT`, `en-us`) or POSIX (`fr_FR.UTF-8`,
 * `it_IT@euro`, `C`) write it; undefined for a language we have no translation for.
 */
export function languageOf(locale: string | undefined): Language | undefined {
  if (!locale) return undefined;
  const m = /^([A-Za-z]{2,3})(?:$|[-_.@])/.exec(locale.trim());
  if (!m) return locale.trim() === 'C' || locale.trim() === 'POSIX' ? 'en' : undefined;
  const code = m[1].toLowerCase();
  return (LANGUAGES as readonly string[]).includes(code) ? (code as Language) : undefined;
}

/**
 * From now on, `t` and `translate` answer in `language`: true, or false when its bundle could not
 * be had (a broken install), and they answer in English.
 */
export function setLanguage(language: Language): boolean {
  let bundle: Bundle | undefined = {};
  if (language !== 'en') {
    if (!bundles.has(language)) bundles.set(language, source(language));
    bundle = bundles.get(language);
  }
  current = bundle ? language : 'en';
  l10n.config({ contents: bundle ?? {} });
  return bundle !== undefined;
}

export function currentLanguage(): Language {
  return current;
}

/** A string the user reads, in the current language: `t('Line {0}', n)`. The English is the key. */
export function t(english: string, ...args: Array<string | number | boolean>): string {
  return l10n.t(english, ...args);
}

/**
 * The current language's template for an English one, or undefined in English or when the bundle
 * has none (what core's `renderMessage` takes to translate a finding's message).
 */
export function translate(template: string): string | undefined {
  if (current === 'en') return undefined;
  // Without arguments, l10n.t leaves the `{0}` placeholders for renderMessage.
  const s = l10n.t(template);
  return s === template ? undefined : s;
}

/**
 * A text of the core's data (a rule explanation, a registry title or doc: scripts/l10n/strings.mjs
 * lists them) in the current language, or its English when the bundle has none.
 */
export function translated(english: string): string {
  return translate(english) ?? english;
}

/**
 * Whether `n` takes the singular in the current language (Intl's plural rules: English 1 only,
 * French 0 and 1, Italian 1): which of a string's two forms to use, `{0} error` or `{0} errors`.
 * For a count (a whole number, 0 or more) the language's rule is written out here, so a command
 * that prints a summary never makes Intl's rules: about 0.5 ms the first time in a process, and
 * 13 ms in one profile of a one-file check, where ICU's data had to be read in. Any other number
 * asks Intl. A test holds the two equal.
 */
export function singular(n: number): boolean {
  if (Number.isInteger(n) && n >= 0) return n === 1 || (n === 0 && ZERO_IS_ONE[current]);
  if (plurals?.language !== current) plurals = { language: current, rules: new Intl.PluralRules(current) };
  return plurals.rules.select(n) === 'one';
}

/** Whether 0 takes the singular, as 1 does, in each language (CLDR: French `i = 0,1`). */
const ZERO_IS_ONE: Readonly<Record<Language, boolean>> = { en: false, fr: true, it: false };

let plurals: { language: Language; rules: Intl.PluralRules } | undefined;
