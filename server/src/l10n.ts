// What the server shows in the client's language (`initialize`'s locale: VS Code sends its display
// language): the core's messages rendered from their templates through the bundles, and the
// server's own strings through `t` (l10n/language.ts, @vscode/l10n). English is the default, and
// what the server shows when the locale is one we have no translation for.
import { renderMessage, type Finding, type Fix, type Message, type RelatedLocation } from '../../core';
import { currentLanguage, languageOf, setLanguage, translate, type Language } from '../../l10n/language';

export { t } from '../../l10n/language';

/** The server's language from the client's locale (`initialize`); English for an unknown one. */
export function useLocale(locale: string | undefined): Language {
  const language = languageOf(locale) ?? 'en';
  setLanguage(language);
  return language;
}

type Templated = { text?: Message };

/** A finding's message in the server's language (the English `message` when it has no template). */
export function findingMessage(f: Finding): string {
  const text = (f as Finding & Templated).text;
  return text ? renderMessage(text, translate) : f.message;
}

/** A related location's message in the server's language. */
export function relatedMessage(r: RelatedLocation): string {
  const text = (r as RelatedLocation & Templated).text;
  return text ? renderMessage(text, translate) : r.message;
}

/** A fix's title in the server's language. */
export function fixTitle(fix: Fix): string {
  const text = (fix as Fix & { titleText?: Message }).titleText;
  return text ? renderMessage(text, translate) : fix.title;
}

/** How numbers are written in the server's language (`1,000`; French `1 000`; Italian `1.000`). */
export function numberLocale(): string {
  const language = currentLanguage();
  return language === 'en' ? 'en-US' : language;
}
