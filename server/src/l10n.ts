// What the server shows in the client's language (`initialize`'s locale: VS Code sends its display
// language): the core's messages rendered from their templates through the bundles, and the
// server's own strings through `t` (l10n/language.ts, @vscode/l10n). English is the default, and
// what the server shows when the locale is one we have no translation for.
import { renderMessage, zoneWord, type Finding, type Fix, type Message, type RelatedLocation, type Severity } from '../../core';
import { currentLanguage, languageOf, setLanguage, singular, t, translate, translated, type Language } from '../../l10n/language';

// `translated`: a text of the core's data (rule explanations, registry texts); `t` takes only literals.
export { singular, t, translated };

/**
 * The server's language from the client's locale (`initialize`); English for an unknown one, and
 * for one whose translations could not be read (then `unread` is that language).
 */
export function useLocale(locale: string | undefined): { language: Language; unread?: Language } {
  const language = languageOf(locale) ?? 'en';
  return setLanguage(language) ? { language } : { language: 'en', unread: language };
}

/** A finding's message in the server's language. */
export function findingMessage(f: Finding): string {
  return f.text ? renderMessage(f.text, translate) : f.message;
}

/** A related location's message in the server's language. */
export function relatedMessage(r: RelatedLocation): string {
  return r.text ? renderMessage(r.text, translate) : r.message;
}

/** A fix's title in the server's language. */
export function fixTitle(fix: Fix): string {
  return fix.titleText ? renderMessage(fix.titleText, translate) : fix.title;
}

/** Any message of the core (a step summary, a board caption, a host's verdict) in the server's language; its English when it has no template. */
export function messageText(text: Message | undefined, english: string): string {
  return text ? renderMessage(text, translate) : english;
}

/** For core functions that take a translation table (the board picture). */
export { translate, currentLanguage };

/** How numbers are written in the server's language (`1,000`; French `1 000`; Italian `1.000`). */
export function numberLocale(): string {
  const language = currentLanguage();
  return language === 'en' ? 'en-US' : language;
}

export function severityLabel(severity: Severity): string {
  switch (severity) {
    case 'error': return t('error');
    case 'warning': return t('warning');
    case 'information': return t('information');
    case 'hint': return t('hint');
  }
}

/** A zone's name, as the core's messages write it (`outside` is the game's outside, `command` the command zone); an unknown one as it is. */
export function zoneName(zone: string): string {
  if (zone === 'outside') return t('outside the game');
  if (zone === 'ceased') return t('none (a token that ceased to exist)');
  if (zone === 'command') return t('command zone');
  return renderMessage(zoneWord(zone), translate);
}
