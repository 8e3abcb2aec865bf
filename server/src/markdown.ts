// Text from a scenario (names, titles, finding messages that quote it) or from the user's rules
// file, as Markdown that shows exactly those characters and makes nothing of them: no emphasis, no
// HTML, and above all no link. Hovers are rendered by the client (VS Code: marked with GFM; other
// clients: markdown-it, often with linkify), and a link there is clickable.
//
// Two things make a link in Markdown text: syntax (`[x](url)`, `![](url)`, `<url>`, `<a href>`,
// reference definitions), which needs `[`, `<` or `!` and is defused by a backslash before each of
// those; and autolinking, which needs no syntax at all (GFM turns `http://...`, `www....` and
// `me@example.com` into links, linkify also `example.com`). A backslash can't stop the second in
// every renderer (linkify looks at the text after the escapes are gone), so a word that looks like
// a URL, a domain or an address is put in a code span: nothing inside a code span is ever a link.

import { messagePieces } from '../../core';

/**
 * The ASCII punctuation that makes inline Markdown: emphasis, code, links and images (`[`; `!` and
 * `(` mean nothing without it), HTML and autolinks in angle brackets, entities, strikethrough.
 */
const SPECIAL = /[\\`*_[\]<>&~]/g;

/**
 * A word a renderer may turn into a link by itself: a scheme or protocol-relative `//`, `www.`, an
 * `@` (e-mail), `mailto:`, or a dot between a letter or digit and two letters (a domain).
 */
const LINKISH = /\/\/|www\.|@|mailto:|[\p{L}\p{N}-]\.\p{L}{2,}/iu;

/** Plain text as inert Markdown (see above). Whitespace is kept as it is. */
export function mdText(text: string): string {
  return text.replace(/\S+/g, (word) => (LINKISH.test(word) ? codeSpan(word) : word.replace(SPECIAL, '\\$&')));
}

/**
 * `text` as a Markdown code span: fenced with more backticks than its longest run of them, and
 * padded with a space where it starts or ends with one (CommonMark strips one space each side).
 */
export function codeSpan(text: string): string {
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') || text === '' ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/**
 * A finding message (or a fix title, a related message): the core writes code in backticks
 * (`` add `rules 2024-06-07` ``), and those code spans stay code spans, which are inert whatever
 * they contain; everything between them is text (mdText). A backtick run with no closing run of the
 * same length is text too, as CommonMark reads it.
 */
export function mdMessage(text: string): string {
  let out = '';
  for (const p of messagePieces(text)) out += p.code ? p.raw : mdText(p.text);
  return out;
}
