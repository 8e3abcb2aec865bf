// What the server shows in the client's language (`initialize`'s locale: VS Code sends its display
// language): the core's messages rendered from their templates through the bundles, and the
// server's own strings through `t` (l10n/language.ts, @vscode/l10n). English is the default, and
// what the server shows when the locale is one we have no translation for.
import { renderMessage, type Finding, type Fix, type Message, type RelatedLocation, type Severity } from '../../core';
import { currentLanguage, languageOf, setLanguage, singular, t, translate, type Language } from '../../l10n/language';

export { singular, t };

/** The server's language from the client's locale (`initialize`); English for an unknown one. */
export function useLocale(locale: string | undefined): Language {
  const language = languageOf(locale) ?? 'en';
  setLanguage(language);
  return language;
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
export { translate };

/** How numbers are written in the server's language (`1,000`; French `1 000`; Italian `1.000`). */
export function numberLocale(): string {
  const language = currentLanguage();
  return language === 'en' ? 'en-US' : language;
}

/**
 * A text of the core's data in the server's language: a rule explanation, a registry title or doc
 * (scripts/l10n/strings.mjs lists them; the bundles translate them). `t` takes only literals, which
 * the l10n test reads from the sources; this is for the strings that are data.
 */
export function fromBundle(english: string): string {
  return translate(english) ?? english;
}

export function severityLabel(severity: Severity): string {
  switch (severity) {
    case 'error': return t('error');
    case 'warning': return t('warning');
    case 'information': return t('information');
    case 'hint': return t('hint');
  }
}

/** A zone's name (MTG's and Riftbound's zones; `outside` the game); an unknown one as it is. */
export function zoneName(zone: string): string {
  switch (zone) {
    case 'battlefield': return t('battlefield');
    case 'hand': return t('hand');
    case 'library': return t('library');
    case 'graveyard': return t('graveyard');
    case 'exile': return t('exile');
    case 'stack': return t('stack');
    case 'command': return t('command zone');
    case 'base': return t('base');
    case 'deck': return t('deck');
    case 'trash': return t('trash');
    case 'banishment': return t('banishment');
    case 'outside': return t('outside the game');
    default: return zone;
  }
}
