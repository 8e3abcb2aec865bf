// The lexer: turns the text into logical statements (a line plus its indented continuation lines),
// each a list of tokens with exact ranges, and collects comments. Hand-written over char codes:
// no regular expression runs on user text here, so nothing can backtrack, and it never throws.
import type { Range } from '../types';
import type { Statement } from './ast';
import { msg, said, type Message } from '../message';

/**
 * `cost` is a mana cost as cards print it, one or more symbols in braces (`{1}`, `{2}{W}`, `{W/U}`).
 * `period` is a period that ends a sentence as card text does (`Enchant creature.`): right after a word,
 * a number, a cost or a string, and before a space, a comma, a comment or the end of the line (sentenceEnd).
 * `bracket` is `[` or `]`, around a Riftbound keyword as cards print it (`[Shield 2]`, `[Equip]`): the parser reads them.
 */
export type TokenType = 'word' | 'string' | 'number' | 'colon' | 'comma' | 'dash' | 'semicolon' | 'cost' | 'period' | 'bracket';

/** A token: positions as numbers; the Range object is made only when someone asks for it. */
export class Token {
  private r: Range | undefined;
  constructor(
    readonly type: TokenType,
    /** The text as written (for strings: the unescaped value). */
    readonly text: string,
    readonly line: number,
    readonly start: number,
    readonly end: number,
  ) {}
  get range(): Range {
    return (this.r ??= range(this.line, this.start, this.end));
  }
}

export interface LexComment {
  text: string;
  range: Range;
}

export interface LexProblem {
  message: string;
  /** The text as a template and its arguments (core/message.ts). */
  text?: Message;
  range: Range;
  /** A string still open at the end of its line (editors ask: is the cursor inside one?). */
  unterminated?: true;
}

export interface LogicalLine {
  tokens: Token[];
  /** Physical line where the statement starts and the last physical line it covers. */
  firstLine: number;
  lastLine: number;
  /** Offset in the text where its first physical line starts. */
  firstOffset: number;
  /** Column just after the last token on the last line. */
  endCharacter: number;
}

/**
 * The parser's fast path for simple lines. `read` is given a physical line that is not the first
 * and starts with an ASCII letter (so it is not indented); it returns the statement the full
 * parser would make of the line's tokens, or undefined to lex and parse it in full. It reads the
 * line itself, up to its break (`\n`, or a `\r`, which only a text with CRs holds) or the end of
 * the text, and when it returns a statement, `end()` is where that line ends: the lexer needs no
 * search of its own for the break. The lexer keeps the statement only when the line is a whole
 * statement: followed by a line that starts one, or by nothing. A line it accepts has no comment
 * and no lexical problem; property tests hold it equal to the full parser (test/unit/fuzz.test.ts,
 * test/fuzz/properties.ts).
 */
export interface FastLine {
  read(text: string, line: number, start: number): Statement | undefined;
  end(): number;
}

/** The fast path, and what takes the statements it builds (with the offset where each one's line starts), in place of `emit`. */
export interface FastStatements {
  line: FastLine;
  emit: (st: Statement, lexed: LexResult, offset: number) => boolean | void;
}

/**
 * Where lexing starts: line 0 at offset 0, or the start of a line that begins a statement (not
 * indented), when the text before it is known already.
 */
export interface LexStart {
  line: number;
  offset: number;
  /** What the caller already knows of the whole text (an editor's line table): then it is not counted again. */
  lineCount?: number;
  /** May the text hold a CR? (false only when it surely holds none) */
  hasCR?: boolean;
}

export interface LexResult {
  comments: LexComment[];
  problems: LexProblem[];
  eol: string;
  /** Known once the lexer has passed the last line; asked before, the text's line breaks are counted then (once). */
  readonly lineCount: number;
}

/** The lexer's result: the line count is what the caller knew, what the lexer found at the end, or counted when first asked before that. */
class Lexed implements LexResult {
  readonly comments: LexComment[] = [];
  readonly problems: LexProblem[] = [];
  constructor(
    private readonly text: string,
    private readonly hasCR: boolean,
    readonly eol: string,
    /** -1 until known. */
    public count: number,
  ) {}
  get lineCount(): number {
    if (this.count < 0) this.count = countLines(this.text, this.hasCR);
    return this.count;
  }
}

const CH_TAB = 9;
const CH_LF = 10;
const CH_CR = 13;
const CH_SPACE = 32;
const CH_QUOTE = 34;
const CH_HASH = 35;
const CH_APOS = 39;
const CH_COMMA = 44;
const CH_MINUS = 45;
const CH_PLUS = 43;
const CH_DOT = 46;
const CH_SLASH = 47;
const CH_COLON = 58;
const CH_SEMICOLON = 59;
const CH_BACKSLASH = 92;
const CH_UNDERSCORE = 95;
const CH_NBSP = 0xa0;
const CH_EN_DASH = 0x2013;
const CH_EM_DASH = 0x2014;
const CH_RIGHT_APOS = 0x2019;
const CH_BOM = 0xfeff;
const CH_LBRACE = 0x7b;
const CH_LBRACKET = 0x5b;
const CH_RBRACKET = 0x5d;
const CH_RBRACE = 0x7d;

const LETTER = /^\p{L}$/u;

function isAsciiLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/**
 * After a number ending at `k`: the end of a power/toughness pair's second half (`+4/+4`, `-2/-2`,
 * `0/0`: one number token, which Cursor.number refuses and Cursor.powerToughness reads), or `k`.
 */
function slashTail(text: string, k: number, end: number): number {
  if (k >= end || text.charCodeAt(k) !== CH_SLASH) return k;
  let j = k + 1;
  const s = j < end ? text.charCodeAt(j) : 0;
  if (s === CH_PLUS || s === CH_MINUS) j++;
  if (j >= end || !isDigit(text.charCodeAt(j))) return k;
  while (j < end && isDigit(text.charCodeAt(j))) j++;
  return j;
}

export function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** Letters, ASCII fast path; other code points by Unicode category (one char, no backtracking). */
export function isLetterAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) return true;
  if (c < 0x80) return false;
  return LETTER.test(text.slice(i, i + charWidth(text, i)));
}

/** 2 for a surrogate pair, else 1 (a lone surrogate is one unexpected character). */
export function charWidth(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c < 0xd800 || c > 0xdbff) return 1;
  const d = text.charCodeAt(i + 1);
  return d >= 0xdc00 && d <= 0xdfff ? 2 : 1;
}

function isWordPart(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return isDigit(c) || c === CH_UNDERSCORE || c === CH_MINUS || c === CH_APOS || c === CH_RIGHT_APOS || isLetterAt(text, i);
}

/** A character no token starts with (the lexer's last branch). */
function isUnexpected(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (isSpace(c) || c === CH_HASH || c === CH_QUOTE || c === CH_COLON || c === CH_COMMA || c === CH_SEMICOLON || c === CH_EM_DASH || c === CH_EN_DASH || c === CH_LBRACE || c === CH_DOT || c === CH_LBRACKET || c === CH_RBRACKET) return false;
  if (c === CH_MINUS || c === CH_UNDERSCORE || isDigit(c)) return false;
  return !isLetterAt(text, i);
}

/**
 * Is the `.` at `i` a period that ends a sentence (`has haste and shroud.`)? Right after a word, a
 * number, a cost, a closed string (`has "equipped creature has flying".`, `ward "discard a card".`) or a
 * keyword's closing bracket (`[Shield 2].`) (`last`, the line's last token so far, ending at the period's column `col`), and
 * followed by a space, a comma, a comment or the end of the line. A `.` inside a word or a number
 * (`v1.3`, `1.3`) is part of that token, never a period; any other `.` is a lexical problem.
 */
function sentenceEnd(text: string, i: number, end: number, last: Token | undefined, col: number): boolean {
  if (last === undefined || last.end !== col || (last.type !== 'word' && last.type !== 'number' && last.type !== 'cost' && last.type !== 'string' && !(last.type === 'bracket' && last.text === ']'))) return false;
  if (i + 1 >= end) return true;
  const d = text.charCodeAt(i + 1);
  return isSpace(d) || d === CH_COMMA || d === CH_HASH;
}

function isSpace(c: number): boolean {
  return c === CH_SPACE || c === CH_TAB || c === CH_NBSP || c === CH_BOM;
}


function range(line: number, start: number, end: number): Range {
  return { start: { line, character: start }, end: { line, character: end } };
}

/** Number of physical lines: line breaks (`\n`, `\r\n` or a lone `\r`) plus one. */
function countLines(text: string, hasCR: boolean): number {
  let n = 1;
  if (!hasCR) {
    for (let p = text.indexOf('\n'); p >= 0; p = text.indexOf('\n', p + 1)) n++;
    return n;
  }
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === CH_LF || (c === CH_CR && text.charCodeAt(i + 1) !== CH_LF)) n++;
  }
  return n;
}

/**
 * Does the line starting at `at` start a statement, after any blank and comment-only lines (spaces
 * and perhaps a `#` comment, no token)? True also when the text ends first. Anything else (an
 * indented token, an unexpected character) answers false, and the line before is lexed in full.
 * The lines passed over are read again when they are lexed: each at most twice.
 */
function statementEndsBefore(text: string, at: number, hasCR: boolean): boolean {
  for (;;) {
    if (at >= text.length) return true;
    const c = text.charCodeAt(at);
    if (isAsciiLetter(c)) return true;
    let i = at;
    while (i < text.length && isSpace(text.charCodeAt(i))) i++;
    if (i >= text.length) return true;
    const d = text.charCodeAt(i);
    if (d !== CH_HASH && d !== CH_LF && d !== CH_CR) return false;
    at = nextLineStart(text, d === CH_HASH ? lineEnd(text, i, hasCR) : i);
  }
}

/**
 * Where the line after the break at `end` starts (past `\r\n`, `\n` or `\r`). The characters are
 * read only inside the text: a read past its end (at the last line) would make V8 compile every
 * later read at that place as a call into its runtime.
 */
function nextLineStart(text: string, end: number): number {
  return end + (end + 1 < text.length && text.charCodeAt(end) === CH_CR && text.charCodeAt(end + 1) === CH_LF ? 2 : 1);
}

/** Where the physical line starting at `from` ends (its break, or the end of the text). */
function lineEnd(text: string, from: number, hasCR: boolean): number {
  if (!hasCR) {
    const p = text.indexOf('\n', from);
    return p < 0 ? text.length : p;
  }
  let i = from;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === CH_LF || c === CH_CR) return i;
    i++;
  }
  return i;
}

/** The line break the file uses: `\r\n` when its first `\n` follows a `\r`, `\r` when it has only `\r`, else `\n`. */
export function eolOf(text: string): string {
  // The first LF decides (CRLF when a CR is just before it): only its line is read.
  const lf = text.indexOf('\n');
  if (lf >= 0) return lf > 0 && text.charCodeAt(lf - 1) === CH_CR ? '\r\n' : '\n';
  return text.indexOf('\r') >= 0 ? '\r' : '\n';
}

/**
 * Lexes the text (from `from`, the start of a statement). Each logical line is handed to `emit` as
 * soon as it is complete (when the next statement starts) and not kept, so the parser consumes it
 * while it is young; `emit` returns true to stop there. With `fast`, a statement the fast path
 * built goes to `fast.emit` instead, at the same moment (it is complete then too), with no line
 * made for it. `fast.emit` is called through `.call`: a caller (the check) gives a new function
 * for each text, and a plain call, compiled for the first one, would throw the optimized lexer
 * away at the next (see parseLine in parser.ts).
 */
export function lex(text: string, emit: (line: LogicalLine, lexed: LexResult) => boolean | void, from: LexStart = { line: 0, offset: 0 }, fast?: FastStatements): LexResult {
  const hasCR = from.hasCR ?? text.indexOf('\r') >= 0;
  // Known from the start (eol, and the line count when the caller knows it) or growing as the
  // lines are read (comments, problems): `emit` sees the comments of every line up to the one it is handed.
  const result = new Lexed(text, hasCR, eolOf(text), from.lineCount ?? -1);
  const { comments, problems } = result;
  // The statement under way: a logical line still to be parsed, or (one or the other) a statement
  // the fast path built and the offset where its line starts. A built statement needs no object of
  // its own to wait in until the next statement starts.
  let current: LogicalLine | undefined;
  let built: Statement | undefined;
  let builtAt = 0;
  const path = fast?.line;
  const emitBuilt = fast?.emit;

  // `base` is where line `ln` starts, `end` where its break is, `next` where the next line starts.
  // The last line ends at the end of the text (an empty line after a final break is a line too):
  // the next would start past it.
  let ln = from.line;
  for (let base = from.offset, next = 0; base <= text.length; ln++, base = next) {
    // Only a line that starts with a letter (as every line the fast path takes does), and whose
    // next line with a token starts a statement (a letter first: not indented), or that has none
    // after it: an indented line with a token, even after blank and comment-only lines, continues
    // this one. The fast path finds the line's end as it reads it. (A first line that starts with
    // a byte order mark starts with no letter.)
    const st = path && base < text.length && isAsciiLetter(text.charCodeAt(base)) ? path.read(text, ln, base) : undefined;
    if (st) {
      next = nextLineStart(text, path!.end());
      if (statementEndsBefore(text, next, hasCR)) {
        if (built ? emitBuilt!.call(undefined, built, result, builtAt) === true : current && emit(current, result) === true) return result;
        // Kept in two locals, not in an object: nothing is allocated for the line but the statement.
        built = st;
        builtAt = base;
        current = undefined;
        continue;
      }
    }
    const end = lineEnd(text, base, hasCR);
    next = nextLineStart(text, end);
    const tokens = lexLine(text, ln, base, end, comments, problems);
    if (tokens.length === 0) continue;
    // A leading BOM on the first line is not indentation.
    const contentStart = ln === 0 && text.charCodeAt(base) === CH_BOM ? base + 1 : base;
    const indented = contentStart < end && isSpace(text.charCodeAt(contentStart)) && text.charCodeAt(contentStart) !== CH_BOM;
    // The line's content ends where its last token does.
    const endCharacter = tokens[tokens.length - 1].end;
    if (indented && current) {
      for (const t of tokens) current.tokens.push(t);
      current.lastLine = ln;
      current.endCharacter = endCharacter;
    } else {
      // `emit` returns true to stop here (the rest of the text is not needed).
      if (built ? emitBuilt!.call(undefined, built, result, builtAt) === true : current && emit(current, result) === true) return result;
      built = undefined;
      current = { tokens, firstLine: ln, lastLine: ln, firstOffset: base, endCharacter };
    }
  }
  result.count = ln;
  if (built) emitBuilt!.call(undefined, built, result, builtAt);
  else if (current) emit(current, result);
  return result;
}

/**
 * The tokens of the physical line `ln`, which starts at `base` and breaks at `end`; its comment and
 * lexical problems go to `comments` and `problems`. The lines the fast path takes never come here:
 * kept apart from `lex`, this code is not compiled into its loop.
 */
function lexLine(text: string, ln: number, base: number, end: number, comments: LexComment[], problems: LexProblem[]): Token[] {
  const tokens: Token[] = [];
  let i = base;
  // A leading BOM on the first line is not indentation.
  if (ln === 0 && text.charCodeAt(i) === CH_BOM) i++;
  while (i < end) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) {
      i++;
      continue;
    }
    const col = i - base;
    if (c === CH_HASH) {
      comments.push({ text: text.slice(i + 1, end), range: range(ln, col, end - base) });
      break;
    }
    if (c === CH_QUOTE) {
      let j = i + 1;
      let value = '';
      let closed = false;
      let chunk = j;
      while (j < end) {
        const d = text.charCodeAt(j);
        if (d === CH_BACKSLASH && j + 1 < end) {
          const e = text.charCodeAt(j + 1);
          if (e === CH_QUOTE || e === CH_BACKSLASH) {
            value += text.slice(chunk, j) + text[j + 1];
            j += 2;
            chunk = j;
            continue;
          }
          const w = charWidth(text, j + 1);
          problems.push({ ...said(msg`Unknown escape '\\${text.slice(j + 1, j + 1 + w)}' in string: only \\" and \\\\ are escapes.`), range: range(ln, j - base, j + 1 + w - base) });
          j += 1 + w;
          continue;
        }
        if (d === CH_QUOTE) {
          closed = true;
          break;
        }
        j++;
      }
      value += text.slice(chunk, j);
      if (!closed) {
        problems.push({ ...said(msg`Unterminated string: add the closing \`"\` (strings are one line).`), range: range(ln, col, end - base), unterminated: true });
        tokens.push(new Token('string', value, ln, col, end - base));
        i = end;
      } else {
        tokens.push(new Token('string', value, ln, col, j + 1 - base));
        i = j + 1;
      }
      continue;
    }
    if (c === CH_COLON || c === CH_COMMA) {
      tokens.push(new Token(c === CH_COLON ? 'colon' : 'comma', text[i], ln, col, col + 1));
      i++;
      continue;
    }
    if (c === CH_DOT) {
      if (sentenceEnd(text, i, end, tokens[tokens.length - 1], col)) {
        tokens.push(new Token('period', '.', ln, col, col + 1));
        i++;
        continue;
      }
      // Any other period: one problem for a run of them.
      let j = i + 1;
      while (j < end && text.charCodeAt(j) === CH_DOT) j++;
      problems.push({ ...said(msg`A period is read only where it ends a sentence of card text, right after its last word and before a space, a comma or the end of the line (\`Enchant creature.\`).`), range: range(ln, col, j - base) });
      i = j;
      continue;
    }
    if (c === CH_LBRACKET || c === CH_RBRACKET) {
      // Around a Riftbound keyword as cards print it (`[Shield 2]`): the parser says where they may stand.
      tokens.push(new Token('bracket', text[i], ln, col, col + 1));
      i++;
      continue;
    }
    if (c === CH_SEMICOLON) {
      // Separates the parts of a `together:` event.
      tokens.push(new Token('semicolon', ';', ln, col, col + 1));
      i++;
      continue;
    }
    if (c === CH_EM_DASH || c === CH_EN_DASH) {
      tokens.push(new Token('dash', text[i], ln, col, col + 1));
      i++;
      continue;
    }
    if (c === CH_LBRACE) {
      // A mana cost: symbols in braces, one after another with nothing between them (`{2}{W}`). A symbol
      // holds no space, brace, quote, `#`, `,`, `;` or `:`; one left open ends the cost at the first such
      // character, which is read as usual.
      let j = i;
      let open = false;
      while (j < end && text.charCodeAt(j) === CH_LBRACE) {
        let k = j + 1;
        while (k < end) {
          const d = text.charCodeAt(k);
          if (d === CH_RBRACE || d === CH_LBRACE || d === CH_QUOTE || d === CH_HASH || d === CH_COMMA || d === CH_SEMICOLON || d === CH_COLON || isSpace(d)) break;
          k++;
        }
        if (k === end || text.charCodeAt(k) !== CH_RBRACE || k === j + 1) {
          open = true;
          // `{}`: both braces are the problem's.
          j = k < end && text.charCodeAt(k) === CH_RBRACE ? k + 1 : k;
          break;
        }
        j = k + 1;
      }
      if (open) problems.push({ ...said(msg`A mana symbol is written in braces with something between them, as cards print it: ${'`{1}`'}, ${'`{2}{W}`'}.`), range: range(ln, col, Math.max(j, i + 1) - base) });
      else tokens.push(new Token('cost', text.slice(i, j), ln, col, j - base));
      i = Math.max(j, i + 1);
      continue;
    }
    if (c === CH_PLUS && i + 1 < end && isDigit(text.charCodeAt(i + 1))) {
      // `+2`: a number as cards print a Might Bonus (137.1: an operator and an integer).
      let k = i + 1;
      while (k < end && isDigit(text.charCodeAt(k))) k++;
      k = slashTail(text, k, end);
      tokens.push(new Token('number', text.slice(i, k), ln, col, k - base));
      i = k;
      continue;
    }
    if (c === CH_MINUS) {
      let j = i;
      while (j < end && text.charCodeAt(j) === CH_MINUS) j++;
      if (j - i === 1 && isDigit(text.charCodeAt(j))) {
        // `-5`: a negative number (Might modifiers).
        let k = j;
        while (k < end && isDigit(text.charCodeAt(k))) k++;
        k = slashTail(text, k, end);
        tokens.push(new Token('number', text.slice(i, k), ln, col, k - base));
        i = k;
          continue;
      }
      if (j - i <= 2 && (j >= end || !isWordPart(text, j))) {
        // `-` or `--` standing alone is the type-line dash.
        tokens.push(new Token('dash', text.slice(i, j), ln, col, j - base));
        i = j;
          continue;
      }
      if (j - i > 2) {
        // A run of three or more: one problem for the whole run (and linear time).
        problems.push({ ...said(msg`Unexpected '${text.slice(i, Math.min(j, i + 5))}${j - i > 5 ? '…' : ''}': a dash is \`-\`, \`--\` or \`—\`.`), range: range(ln, col, j - base) });
        i = j;
        continue;
      }
      // Otherwise: an unexpected character, reported below.
    }
    if (isDigit(c)) {
      // Numbers, dates (2024-06-07) and versions (1.3): digits with inner `.` and `-`.
      let j = i + 1;
      while (j < end) {
        const d = text.charCodeAt(j);
        if (isDigit(d) || ((d === CH_DOT || d === CH_MINUS) && isDigit(text.charCodeAt(j + 1)))) j++;
        else if (isLetterAt(text, j) || d === CH_UNDERSCORE) j += charWidth(text, j);
        else break;
      }
      j = slashTail(text, j, end);
      tokens.push(new Token('number', text.slice(i, j), ln, col, j - base));
      i = j;
      continue;
    }
    if (c === CH_UNDERSCORE || isLetterAt(text, i)) {
      let j = i + charWidth(text, i);
      let curly = false;
      while (j < end) {
        const d = text.charCodeAt(j);
        // ASCII letters, digits, `-`, `_` and `'` first: nearly every character of a scenario.
        if ((d >= 97 && d <= 122) || (d >= 65 && d <= 90) || (d >= 48 && d <= 57) || d === CH_MINUS || d === CH_UNDERSCORE || d === CH_APOS) {
          j++;
          continue;
        }
        if (d === CH_DOT && j + 1 < end && (isDigit(text.charCodeAt(j + 1)) || isLetterAt(text, j + 1))) {
          j++;
          continue;
        }
        if (d < 0x80 || !isWordPart(text, j)) break;
        if (d === CH_RIGHT_APOS) curly = true;
        j += charWidth(text, j);
      }
      // A typographic apostrophe is written `'` in the token's text.
      const w = text.slice(i, j);
      tokens.push(new Token('word', curly ? w.replace(/\u2019/g, "'") : w, ln, col, j - base));
      i = j;
      continue;
    }
    // Anything else is not part of the language: one problem for a run of such characters.
    const width = charWidth(text, i);
    let j = i + width;
    while (j < end && isUnexpected(text, j)) j += charWidth(text, j);
    const shown = c < 32 ? `U+${c.toString(16).toUpperCase().padStart(4, '0')}` : `'${text.slice(i, i + width)}'`;
    const message = j - i > width ? msg`Unexpected characters from ${shown} (${j - i} code units).` : msg`Unexpected character ${shown}.`;
    problems.push({ ...said(message), range: range(ln, col, j - base) });
    i = j;
  }
  return tokens;
}
