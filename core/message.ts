// A sentence the user reads, kept as its English template and its arguments, so that the edges (the
// server, the CLI) can show it in the user's language while the core stays pure and English.
//
//   msg`'${name}' is already declared; give this one another name.`
//
// is the template `'{0}' is already declared; give this one another name.` with the argument
// `name`, the key a translation bundle (@vscode/l10n's format) maps to the French or Italian
// template. An argument that is itself a `msg` (a clause chosen by a condition) is translated on its
// own; plain strings and numbers (names, ids, rule numbers) are not translated.
// Below every layer but `types`: the parser, the engine and the rules all write messages.
//
// A template may cite rules by number, `(434.1.f)`, in the game's canonical numbering (the newest
// rules). A scenario that declares an older `rules` version gets its findings' and step summaries'
// messages with a `renumber` (made by core/rules/versions.ts's `textRenumbering`): the numbers its
// templates write and the ones to write instead, applied to the template as it is shown, after its
// translation is looked up (the keys stay the English templates) and before the arguments go in (a
// name, an id or a count is never renumbered).
import type { Game } from './types';

export interface Message {
  /** The English template: `{0}`, `{1}`... where the arguments go. */
  readonly template: string;
  readonly args: readonly MessageArg[];
  /**
   * The rule numbers this message's templates (its own and its arguments') write otherwise in the
   * scenario's rules version; absent when none moves (the canonical numbering: nearly every message).
   */
  readonly renumber?: Renumbering;
}

/** Rule numbers as a template writes them (canonical) → as a rules version numbers them, for one game. */
export interface Renumbering {
  readonly game: Game;
  readonly numbers: Readonly<Partial<Record<string, string>>>;
}

export type MessageArg = string | number | Message;

/**
 * A translation table as the edges have it (`@vscode/l10n`'s `t`, a bundle's lookup): the
 * translated template of an English template, or `undefined` when it has none (the English is used).
 */
export type Translate = (template: string) => string | undefined;

/** The template of each call site of `msg` (keyed by its strings array, one per call site). */
const templateOf = new WeakMap<TemplateStringsArray, string>();

export function msg(strings: TemplateStringsArray, ...values: (MessageArg | undefined)[]): Message {
  // A call site passes the same `strings` every time, so its template is joined once (hot: the
  // rules write messages for every event, most never shown).
  let template = templateOf.get(strings);
  if (template === undefined) {
    template = strings[0];
    for (let i = 0; i < values.length; i++) template += `{${i}}${strings[i + 1]}`;
    templateOf.set(strings, template);
  }
  // An absent value reads as a template literal would write it (`undefined`), never as a hole.
  // `values` is this call's own array.
  for (let i = 0; i < values.length; i++) if (values[i] === undefined) values[i] = 'undefined';
  return { template, args: values as MessageArg[] };
}

/** A message as given: a `msg`, or a constant sentence (then it is its own template). */
export function asMessage(m: string | Message): Message {
  return typeof m === 'string' ? { template: m, args: [] } : m;
}

/** A related location's or a problem's text: the English (`message`) and the template (`text`). */
export function said(m: string | Message): { message: string; text: Message } {
  const text = asMessage(m);
  return { message: renderMessage(text), text };
}

/** A fix's title: the English (`title`) and the template (`titleText`). */
export function titled(m: string | Message): { title: string; titleText: Message } {
  const titleText = asMessage(m);
  return { title: renderMessage(titleText), titleText };
}

/**
 * A related location: its range and its text (as `said` gives it), in one object with its
 * properties in the object itself (`{ range, ...said(m) }` gave each one a property array more).
 */
export function relatedAt<R>(range: R, m: string | Message): { range: R; message: string; text: Message } {
  const text = asMessage(m);
  return { range, message: renderMessage(text), text };
}

/**
 * A fix: its title (as `titled` gives it), whether it is safe, and its edits, in one object shape
 * for every fix. (Written `{ ...titled(m), safe, edits }`, each fix of a check got a hidden class of
 * its own from V8: a map, a descriptor array and a property array more per fix, which a check of a
 * million findings paid in memory and in collections.)
 */
export function titledFix<E>(m: string | Message, safe: boolean, edits: E[]): { title: string; titleText: Message; safe: boolean; edits: E[] } {
  const titleText = asMessage(m);
  return { title: renderMessage(titleText), titleText, safe, edits };
}

/**
 * The names `nameAt(0)` ... `nameAt(count - 1)` joined by commas, at most `shown` of them: a longer
 * list keeps its first and last ones around `… N more …`, so that a message stays short and costs
 * the same however long the list is (a note made at every merge of a permanent of thousands of cards).
 */
export function namesList(count: number, nameAt: (i: number) => string, shown = 8): string | Message {
  const names = (from: number, to: number) => {
    let out = '';
    for (let i = from; i < to; i++) out += (i > from ? ', ' : '') + nameAt(i);
    return out;
  };
  if (count <= shown) return names(0, count);
  const head = shown >> 1;
  return msg`${names(0, head)}, ${msg`… ${count - shown} more …`}, ${names(count - (shown - head), count)}`;
}

export function isMessage(x: unknown): x is Message {
  return typeof x === 'object' && x !== null && typeof (x as Message).template === 'string' && Array.isArray((x as Message).args);
}

/**
 * A rule number in a template: three digits, then the dotted parts of MTG (`702.16c`, `704.5aa`) or
 * Riftbound (`818.1.c.2`, `477.1.b.1.b`); not inside a word, a longer number, a placeholder (`{0}`)
 * or a date. Read outside code spans only (what the user writes, `might 143`, is never a rule).
 */
const RULE_NUMBER = /(?<![\w.{])[1-9]\d{2}(?:\.\d+[a-z]{0,2})?(?:\.(?:\d+|[a-z]))*(?!\w)/g;

/**
 * Calls `visit` with each rule number a template writes, its place, and the game it names when the
 * number follows one (`MTG 801` in a Riftbound message is MTG's rule, never Riftbound's 801).
 */
export function ruleNumbersIn(template: string, visit: (token: string, start: number, end: number, game: Game | undefined) => void): void {
  let code = false;
  let from = 0;
  for (let i = 0; i <= template.length; i++) {
    if (i < template.length && template.charCodeAt(i) !== 96 /* ` */) continue;
    if (!code && i > from) {
      const text = template.slice(from, i);
      RULE_NUMBER.lastIndex = 0;
      for (let m = RULE_NUMBER.exec(text); m; m = RULE_NUMBER.exec(text)) {
        const before = text.slice(0, m.index);
        const game: Game | undefined = before.endsWith('MTG ') ? 'mtg' : before.endsWith('Riftbound ') ? 'riftbound' : undefined;
        visit(m[0], from + m.index, from + m.index + m[0].length, game);
      }
    }
    code = !code;
    from = i + 1;
  }
}

/** A template (English or translated) with the rule numbers of `r`'s game written as `r` says. */
export function renumbered(template: string, r: Renumbering): string {
  let out = '';
  let from = 0;
  ruleNumbersIn(template, (token, start, end, game) => {
    const to = game === undefined || game === r.game ? r.numbers[token] : undefined;
    if (to === undefined) return;
    out += template.slice(from, start) + to;
    from = end;
  });
  return from === 0 ? template : out + template.slice(from);
}

/**
 * The text of a message: its template (translated by `translate` when it knows it, else the
 * English one) with each argument in its place, arguments that are messages rendered the same way.
 * A placeholder without an argument is left as written. Linear in the size of the result.
 * The rule numbers of its templates are written as its `renumber` says (or `inherited`, its
 * enclosing message's), its arguments' included; an argument's own text never is.
 */
export function renderMessage(m: Message | string, translate?: Translate, inherited?: Renumbering): string {
  if (typeof m === 'string') return m;
  const renumber = m.renumber ?? inherited;
  let template = (translate && translate(m.template)) || m.template;
  if (renumber !== undefined) template = renumbered(template, renumber);
  let out = '';
  let from = 0;
  for (let i = template.indexOf('{'); i >= 0; i = template.indexOf('{', from)) {
    let j = i + 1;
    while (j < template.length && template.charCodeAt(j) >= 48 && template.charCodeAt(j) <= 57) j++;
    if (j === i + 1 || template.charCodeAt(j) !== 125 /* } */) {
      out += template.slice(from, i + 1);
      from = i + 1;
      continue;
    }
    const n = Number(template.slice(i + 1, j));
    const arg = m.args[n];
    out += template.slice(from, i) + (arg === undefined ? template.slice(i, j + 1) : typeof arg === 'object' ? renderMessage(arg, translate, renumber) : String(arg));
    from = j + 1;
  }
  return out + template.slice(from);
}

/** Every template of a message, its own and its arguments' (what a translation bundle must have). */
export function templatesOf(m: Message, into: Set<string> = new Set()): Set<string> {
  into.add(m.template);
  for (const a of m.args) if (typeof a === 'object') templatesOf(a, into);
  return into;
}

/** A piece of a message: text, or a code span (messages write code in backticks: ``add `rules 2024-06-07` ``). */
export interface MessagePiece {
  code: boolean;
  /** The text; for a code span, its content (one padding space each side stripped, as CommonMark does). */
  text: string;
  /** As written in the message (a code span with its backticks). */
  raw: string;
}

/**
 * The text and code spans of a message, in order, as CommonMark reads them: a backtick run opens a
 * code span closed by the next run of exactly the same length; a run with no such closing run is
 * text. (The one reader of code spans for every way a message is shown: Markdown, plain text.)
 */
export function messagePieces(message: string): MessagePiece[] {
  const pieces: MessagePiece[] = [];
  let from = 0; // the start of the text not yet taken
  const runs = /`+/g;
  for (let m = runs.exec(message); m; m = runs.exec(message)) {
    const open = m[0];
    const close = new RegExp(`(?<!\`)${open}(?!\`)`, 'g');
    close.lastIndex = m.index + open.length;
    const c = close.exec(message);
    if (!c) continue; // no closing run: this one is text
    if (m.index > from) pieces.push({ code: false, text: message.slice(from, m.index), raw: message.slice(from, m.index) });
    let inner = message.slice(m.index + open.length, c.index);
    if (inner.length >= 2 && inner.startsWith(' ') && inner.endsWith(' ') && inner.trim() !== '') inner = inner.slice(1, -1);
    pieces.push({ code: true, text: inner, raw: message.slice(m.index, c.index + open.length) });
    from = c.index + open.length;
    runs.lastIndex = from;
  }
  if (from < message.length) pieces.push({ code: false, text: message.slice(from), raw: message.slice(from) });
  return pieces;
}

/** What a finding shows a user, in the language of `t` (English without it): its message, its related locations' texts, its fixes' titles (in their order). */
export interface LocalizedFinding {
  message: string;
  related: string[];
  fixTitles: string[];
}

/**
 * A finding's texts in the language of `t`: each one that has its template is rendered through `t`,
 * one without (made by an edge, such as the server's own limits) keeps its English text.
 */
export function localizeFinding(
  f: { message: string; text?: Message; related: readonly { message: string; text?: Message }[]; fixes: readonly { title: string; titleText?: Message }[] },
  t?: Translate,
): LocalizedFinding {
  return {
    message: f.text ? renderMessage(f.text, t) : f.message,
    related: f.related.map((r) => (r.text ? renderMessage(r.text, t) : r.message)),
    fixTitles: f.fixes.map((x) => (x.titleText ? renderMessage(x.titleText, t) : x.title)),
  };
}
