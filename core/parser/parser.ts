// The parser: logical lines from the lexer to statements. Error-tolerant: a problem in a statement
// is reported at the token where it happens, the statement keeps what parsed before it, and parsing
// resumes at the next statement. It never throws.
import type { Range } from '../types';
import type {
  Assertion,
  CardStmt,
  PlayerStmt,
  RulesStmt,
  TitleStmt,
  IncludeStmt,
  ControlClause,
  EventNode,
  Filter,
  FilterTerm,
  FilterZone,
  FilterToughness,
  Name,
  Property,
  ScenarioDocument,
  Statement,
  SyntaxProblem,
  TypeLine,
  TargetingKeywordNode,
  KeywordValue,
  Word,
  ZoneRef,
  RuleRef,
  DocumentInfo,
  Comment,
  AbilityWord,
  AbilityNode,
  GrantNode,
  ProtectionKeepClause,
  AsLongAsCondition,
  ControlDuration,
  TurnDuration,
  TriggerPhrase,
  TriggerEffect,
  CounterKind,
  GameStmt,
  SaverStep,
} from './ast';
import { ACTIVATED_ABILITIES, EventBase, PART_VERBS, TRIGGER_EFFECTS, TURN_UP_COSTS, type TurnUpCost } from './ast';

/** What `if I would die, kill this instead` may go on to do to the unit (Guardian Angel), in the words written. */
const SAVER_STEPS: readonly SaverStep[] = ['heal', 'exhaust', 'recall'];
import { isDigit, lex, Token, type FastLine, type LexResult, type LexStart, type LogicalLine } from './lexer';
import { CHOSEN_COLOR, isNamedAbility, keywordInOtherCase, KEYWORD_FIRST_WORDS, RIFTBOUND_KEYWORDS, keywordSecondWord, MTG_ZONE_WORDS, OLD_UMBRA_ARMOR, namelessBattlefield, ENTER_STATUS_WORDS, RIFTBOUND_ZONE_WORDS, TYPE_LINE_WORDS, VALUED_KEYWORDS } from './keywords';
import { asMessage, msg, relatedAt, renderMessage, said, type Message } from '../message';
import { table } from '../tables';

/** Zones a `move ... to`, `in` or `expect ... in` may name: either game's (the game's rules report the other's). */
export const ZONES = [
  'battlefield',
  'hand',
  'library',
  'graveyard',
  'exile',
  'stack',
  'command',
  'base',
  'deck',
  'trash',
  'banishment',
  // Riftbound's chain (328): where a spell waits (`expect X in chain`); only `cast` puts a card there.
  'chain',
] as const;

const SUGAR_ZONE: Record<string, string> = {
  destroy: 'graveyard',
  sacrifice: 'graveyard',
  kill: 'graveyard',
  exile: 'exile',
  // Riftbound's word for it (427.1: a card put into its Banishment), read as `exile` in either game.
  banish: 'exile',
  bounce: 'hand',
};

/** Words that end a name list or can't be a place name. */
const CLAUSE_WORDS = new Set(['by', 'to', 'from', 'targeting', 'attached', 'in', 'at', 'under']);

class SyntaxError_ {
  readonly message: string;
  readonly text: Message;
  constructor(
    message: string | Message,
    readonly range: Range,
  ) {
    this.text = asMessage(message);
    this.message = renderMessage(this.text);
  }
}

function span(a: Range, b: Range): Range {
  return { start: a.start, end: b.end };
}

class Cursor {
  i = 0;
  /** The tokens from here on have their keywords' brackets taken out (unbracket): `tokens` is a copy of the line's then. */
  private unbracketed = false;
  /** What a statement parsed before a syntax error, kept so names still resolve. */
  partial: Statement | undefined;
  /** Problems the statement goes on past (a repeated property): reported before a syntax error that ends it. */
  problems: SyntaxProblem[] | undefined;
  constructor(
    public tokens: Token[],
    readonly line: LogicalLine,
  ) {}

  /**
   * Riftbound keywords in brackets as cards print them (`[Shield 2]`, `[Equip]`, `[Quick-Draw]`, `[Action]`)
   * from the cursor on: the brackets are taken out, and each keyword is read as if written without them.
   * Only a keyword (RIFTBOUND_KEYWORDS, or `Equip`) with perhaps its value; any other bracket stays, and
   * the parser reports it where it stands. Done once for the rest of the statement, in one pass over its
   * tokens (a declaration of thousands of bracketed keywords stays linear), where a keyword may stand.
   */
  unbracket(): void {
    if (this.unbracketed) return;
    // Looked at once: with no bracket from here on, there is none to take out at a later call either.
    this.unbracketed = true;
    const t = this.tokens;
    let i = this.i;
    while (i < t.length && t[i].type !== 'bracket') i++;
    if (i === t.length) return;
    const out = t.slice(0, i);
    while (i < t.length) {
      const kw = t[i + 1];
      const value = t[i + 2]?.type === 'number' ? 1 : 0;
      const close = t[i + 2 + value];
      if (t[i].type === 'bracket' && t[i].text === '[' && kw !== undefined && kw.type === 'word' && (RIFTBOUND_KEYWORDS.includes(kw.text) || kw.text === 'Equip') && close !== undefined && close.type === 'bracket' && close.text === ']') {
        out.push(kw);
        if (value) out.push(t[i + 2]);
        i += 3 + value;
      } else out.push(t[i++]);
    }
    this.tokens = out;
  }

  peek(offset = 0): Token | undefined {
    return this.tokens[this.i + offset];
  }
  atEnd(): boolean {
    return this.i >= this.tokens.length;
  }
  next(): Token | undefined {
    return this.tokens[this.i++];
  }
  last(): Token {
    return this.tokens[Math.max(0, this.i - 1)];
  }
  /** Range just after the last consumed token, for "expected X" at the end of a line. */
  endRange(): Range {
    const t = this.tokens[this.tokens.length - 1];
    return { start: t.range.end, end: t.range.end };
  }
  isWord(text: string, offset = 0): boolean {
    const t = this.peek(offset);
    return t !== undefined && t.type === 'word' && t.text === text;
  }
  fail(expected: string | Message): never {
    const t = this.peek();
    if (!t) throw new SyntaxError_(msg`Expected ${expected} at the end of the statement.`, this.endRange());
    // A period ends a property of a card declaration (as card text ends a sentence), and nothing else.
    if (t.type === 'bracket') throw new SyntaxError_(msg`Expected ${expected}, found '${t.text}': brackets hold a Riftbound keyword as cards print it (\`[Shield 2]\`, \`[Equip]\`, \`[Action] Equip\`), where the keyword may stand.`, t.range);
    if (t.type === 'period') throw new SyntaxError_(msg`Expected ${expected}, found '.': a period ends a property of a card declaration, as card text ends a sentence, and is read nowhere else.`, t.range);
    const shown = t.type === 'string' ? `"${t.text}"` : `'${t.text}'`;
    throw new SyntaxError_(msg`Expected ${expected}, found ${shown}.`, t.range);
  }
  expectWord(text: string): Token {
    if (this.isWord(text)) return this.next()!;
    return this.fail(msg`'${text}'`);
  }
  name(what: string | Message): Name {
    const t = this.peek();
    if (!t || t.type !== 'word') return this.fail(what);
    if (!isIdentifier(t.text)) {
      throw new SyntaxError_(
        msg`'${t.text}' is not a valid ${what}: an identifier is a letter, then letters, digits, '-' or '_'.`,
        t.range,
      );
    }
    this.i++;
    // A token is a Name: its text, and a range made only when asked for.
    return t;
  }
  word(what: string | Message): Word {
    const t = this.peek();
    if (!t || t.type !== 'word') return this.fail(what);
    this.i++;
    return t;
  }
  number(what: string | Message): { value: number; range: Range } {
    const t = this.peek();
    if (!t || t.type !== 'number' || !/^[-+]?\d{1,9}$/.test(t.text)) return this.fail(what);
    this.i++;
    return { value: Number(t.text), range: t.range };
  }
  /** A power/toughness pair as cards print a change of them: `+4/+4`, `-2/-2`, `+1/+0` (one number token). */
  powerToughness(what: string | Message): { power: number; toughness: number; range: Range } {
    const t = this.peek();
    const m = t?.type === 'number' ? /^([-+]\d{1,9})\/([-+]\d{1,9})$/.exec(t.text) : null;
    if (!m) return this.fail(what);
    this.i++;
    return { power: Number(m[1]), toughness: Number(m[2]), range: t!.range };
  }
  end(): void {
    if (!this.atEnd()) this.fail(msg`the end of the statement`);
  }
}

/** A letter, then letters, digits, `-` or `_`. */
export function isIdentifier(text: string): boolean {
  if (text.length === 0) return false;
  // ASCII fast path; any other code unit goes to the Unicode check.
  const c0 = text.charCodeAt(0);
  if (!((c0 >= 65 && c0 <= 90) || (c0 >= 97 && c0 <= 122))) return c0 >= 128 && isUnicodeIdentifier(text);
  for (let i = 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || c === 45 || c === 95) continue;
    return c >= 128 && isUnicodeIdentifier(text);
  }
  return true;
}

function isUnicodeIdentifier(text: string): boolean {
  const first = text.codePointAt(0)!;
  if (!/\p{L}/u.test(String.fromCodePoint(first))) return false;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c === 45 || c === 95 || (c >= 48 && c <= 57)) continue;
    if (c < 128 ? (c >= 65 && c <= 90) || (c >= 97 && c <= 122) : /\p{L}/u.test(ch)) continue;
    return false;
  }
  return true;
}

/** `fastPath: false` parses every line in full (the property tests compare both ways). */
export interface ParseOptions {
  fastPath?: boolean;
}

export function parse(text: string, options?: ParseOptions): ScenarioDocument {
  const statements: Statement[] = [];
  const { comments, problems, lexProblems, eol, lineCount } = parseStream(
    text,
    (st) => {
      statements.push(st);
    },
    undefined,
    options,
  );
  return { statements, comments, ruleRefs: ruleRefsOf(comments), problems, lexicalProblems: lexProblems.length, eol, lineCount };
}

/**
 * `parseStream` in slices, for an editor that parses or checks a huge file while it answers
 * requests: between two statements, when `pause()` says so (at least one statement per slice), it
 * yields; the caller goes on with `next()`, and the last `next()` returns what `parseStream` would
 * (with `pause` undefined, it is one slice). A slice that paused is lexed again from the statement
 * it paused before (what it read of that statement's lines is dropped). `onStatement` returns
 * true to stop, as for `parseStream`. Property tests hold a parse and a check in slices equal to
 * one in one piece.
 */
export function* parseStreamInSlices(
  text: string,
  onStatement: (st: Statement, info: DocumentInfo, offset: number) => boolean | void,
  from: LexStart | undefined,
  pause: (() => boolean) | undefined,
): Generator<void, StreamedParse, void> {
  const lexProblems: SyntaxProblem[] = [];
  const parseProblems: SyntaxProblem[] = [];
  const comments: Comment[] = [];
  let at = from;
  let hasCR: boolean | undefined;
  for (;;) {
    let pausedAt: LexStart | undefined;
    let inSlice = 0;
    // Without `pause`, one slice: each statement goes straight to `onStatement`.
    const r = parseStream(
      text,
      pause
        ? (st, info, offset) => {
            if (inSlice > 0 && pause()) {
              pausedAt = { line: st.range.start.line, offset };
              return true;
            }
            inSlice++;
            return onStatement(st, info, offset);
          }
        : onStatement,
      at,
    );
    // A paused slice read the first line of the statement it paused before (and perhaps the next): those are read again.
    const cut = pausedAt ? pausedAt.line : Infinity;
    for (const x of r.lexProblems) if (x.range.start.line < cut) lexProblems.push(x);
    for (const x of r.parseProblems) if (x.range.start.line < cut) parseProblems.push(x);
    for (const x of r.comments) if (x.range.start.line < cut) comments.push(x);
    if (!pausedAt) {
      return { comments, problems: [...lexProblems, ...parseProblems], lexProblems, parseProblems, eol: r.eol, lineCount: r.lineCount };
    }
    // The next slice starts there, knowing the text's line count and whether it has a CR (not counted again).
    hasCR ??= text.indexOf('\r') >= 0;
    at = { line: pausedAt.line, offset: pausedAt.offset, lineCount: r.lineCount, hasCR };
    yield;
  }
}

/** `parse` in slices (parseStreamInSlices): the same tree as `parse`. */
export function* parseSteps(text: string, pause: () => boolean): Generator<void, ScenarioDocument, void> {
  const statements: Statement[] = [];
  const r = yield* parseStreamInSlices(text, (st) => void statements.push(st), undefined, pause);
  return { statements, comments: r.comments, ruleRefs: ruleRefsOf(r.comments), problems: r.problems, lexicalProblems: r.lexProblems.length, eol: r.eol, lineCount: r.lineCount };
}

/**
 * What a streamed parse returns besides the statements; its problems also kept apart by origin. No
 * rule references: a syntax tree finds those in its comments (ruleRefsOf), and a check needs none.
 */
export interface StreamedParse extends Omit<ScenarioDocument, 'statements' | 'lexicalProblems' | 'ruleRefs'> {
  lexProblems: SyntaxProblem[];
  parseProblems: SyntaxProblem[];
}

/**
 * Parses the text and hands each statement to `onStatement` as soon as it is complete, without
 * keeping it: a caller that does not keep the statements either (the checker) holds only one at a
 * time. `info` has the file's line break and line count, and the comments read so far (those on
 * the statement's own lines included); `offset` is where the statement's first line starts.
 * With `from`, parsing starts at that line (the start of a statement; what is before is skipped).
 * When `onStatement` returns true, parsing stops: the comments and problems returned may then
 * include those of the next statement's first line.
 */
export function parseStream(text: string, onStatement: (st: Statement, info: DocumentInfo, offset: number) => boolean | void, from?: LexStart, options?: ParseOptions): StreamedParse {
  const parseProblems: SyntaxProblem[] = [];
  // The lexer's handler is one function (parseLine), not a closure made per parse: the optimized
  // lexer sees the same call target in every parse. What it hands the statements to is set here,
  // and put back after (onStatement may parse another text: an included file).
  const outer = streamed;
  streamed = { onStatement, parseProblems };
  let lexed: LexResult;
  try {
    // A statement the fast path built goes straight to `onStatement` (the lexer's result is the `info` it is given).
    lexed = lex(text, parseLine, from, options?.fastPath === false ? undefined : { line: fastPath, emit: onStatement });
  } finally {
    streamed = outer;
  }
  const lexProblems: SyntaxProblem[] = lexed.problems.map((p) => ({ message: p.message, text: p.text, range: p.range }));
  // Lexical problems first, then the parser's, each in document order.
  const problems: SyntaxProblem[] = [...lexProblems, ...parseProblems];
  return { comments: lexed.comments, problems, lexProblems, parseProblems, eol: lexed.eol, lineCount: lexed.lineCount };
}

/** The parse under way (parseStream): where its statements and problems go. */
let streamed: { onStatement: (st: Statement, info: DocumentInfo, offset: number) => boolean | void; parseProblems: SyntaxProblem[] } | undefined;

/**
 * parseStream's handler of a logical line: its statement goes to `onStatement`, which returns true
 * to stop there. `onStatement` is called through `.call`: a caller (the check) makes a new one for
 * each parse, and a plain call, compiled for the one it saw first, would throw the optimized lexer
 * (which has this function inlined) away at the next parse; V8 (Node 20) compiles a `.call` as a
 * call of whatever function it is given. Measured: -0.9 % instructions for 3 checks of 100k events.
 */
function parseLine(line: LogicalLine, info: LexResult): boolean | void {
  const { onStatement, parseProblems } = streamed!;
  const cur = new Cursor(line.tokens, line);
  let st: Statement | undefined;
  try {
    st = parseStatement(cur);
    if (cur.problems) parseProblems.push(...cur.problems);
  } catch (e) {
    // The problems it went on past come before the one that ended it.
    if (cur.problems) parseProblems.push(...cur.problems);
    if (e instanceof SyntaxError_) {
      parseProblems.push({ message: e.message, text: e.text, range: e.range });
      st = cur.partial;
    } else {
      const r = { start: line.tokens[0].range.start, end: { line: line.lastLine, character: line.endCharacter } };
      parseProblems.push({ ...said(msg`Internal parser problem: ${String(e)}`), range: r });
    }
  }
  return st ? onStatement.call(undefined, st, info, line.firstOffset) : false;
}

/** The rule numbers written in comments. */
export function ruleRefsOf(comments: readonly Comment[]): RuleRef[] {
  const ruleRefs: RuleRef[] = [];
  for (const c of comments) findRuleRefs(c.text, c.range, ruleRefs);
  return ruleRefs;
}

/** Rule numbers in a comment: `701.3b`, `704.5m`, `434.1.g`, `107.1.c.1`, `818`. Linear scan. */
function findRuleRefs(text: string, r: Range, out: RuleRef[]): void {
  const base = r.start.character + 1;
  let i = 0;
  const n = text.length;
  const digit = (k: number) => k < n && text.charCodeAt(k) >= 48 && text.charCodeAt(k) <= 57;
  const alnum = (k: number) => k < n && /[a-z0-9]/.test(text[k]);
  while (i < n) {
    if (digit(i) && digit(i + 1) && digit(i + 2) && (i === 0 || !/[\w.]/.test(text[i - 1])) && !digit(i + 3)) {
      let j = i + 3;
      // .N[letters] then (.x)*
      while (j < n && text[j] === '.' && alnum(j + 1)) {
        j++;
        while (alnum(j)) j++;
      }
      if (!(j < n && /[\w]/.test(text[j]))) {
        out.push({
          number: text.slice(i, j),
          range: { start: { line: r.start.line, character: base + i }, end: { line: r.start.line, character: base + j } },
        });
      }
      i = j;
      continue;
    }
    i++;
  }
}

function parseStatement(cur: Cursor): Statement | undefined {
  const first = cur.peek()!;
  if (first.type !== 'word') {
    cur.fail(msg`a declaration (game, title, rules, player, card, include) or an event verb`);
  }
  const kw = first.text;
  cur.next();
  if (kw !== 'game' && kw !== 'title' && kw !== 'rules' && kw !== 'player' && kw !== 'card' && kw !== 'include') return parseEvent(cur, first);
  const startRange = first.range;
  const whole = () => span(startRange, cur.last().range);
  switch (kw) {
    case 'game': {
      const st: GameStmt = { kind: 'game', range: startRange, game: undefined };
      cur.partial = st;
      st.game = cur.word(msg`the game: 'mtg' or 'riftbound'`);
      st.range = whole();
      // `game mtg, range of influence 2` (MTG 801.1): an option of the game.
      if (cur.peek()?.type === 'comma') {
        cur.next();
        const first = cur.expectWord('range');
        cur.expectWord('of');
        cur.expectWord('influence');
        const n = cur.number(msg`the range of influence in seats (a number)`);
        st.influence = { value: n.value, range: span(first.range, n.range) };
        st.range = whole();
      }
      cur.end();
      return st;
    }
    case 'title': {
      const t = cur.peek();
      if (!t || t.type !== 'string') cur.fail(msg`a quoted title`);
      cur.next();
      cur.end();
      return { kind: 'title', title: t!.text, range: whole() };
    }
    case 'rules': {
      const t = cur.peek();
      if (!t || (t.type !== 'number' && t.type !== 'word')) cur.fail(msg`a rules version (a date like 2024-06-07, or v1.3)`);
      cur.next();
      cur.end();
      return { kind: 'rules', version: { text: t!.text, range: t!.range }, range: whole() };
    }
    case 'player': {
      const id = cur.name(msg`player name`);
      cur.end();
      return { kind: 'player', id, range: whole() };
    }
    case 'card':
      return parseCard(cur, startRange);
    case 'include': {
      const st: IncludeStmt = { kind: 'include', range: startRange };
      cur.partial = st;
      const t = cur.peek();
      if (!t || t.type !== 'string') cur.fail(msg`the quoted path of a file to include, like "cards/core-set.board"`);
      cur.next();
      st.path = { text: t!.text, range: t!.range };
      st.range = whole();
      cur.end();
      if (t!.text.length === 0) throw new SyntaxError_(msg`The path of an include is empty: write the path of a .board file, like "cards/core-set.board".`, t!.range);
      return st;
    }
  }
}

function parseCard(cur: Cursor, startRange: Range): CardStmt {
  const st: CardStmt = { kind: 'card', props: [], range: startRange };
  cur.partial = st;
  st.id = cur.name(msg`card id`);
  st.range = span(startRange, cur.last().range);
  const nameTok = cur.peek();
  if (!nameTok || nameTok.type !== 'string') cur.fail(msg`the quoted card name`);
  cur.next();
  st.name = { text: nameTok!.text, range: nameTok!.range };
  st.range = span(startRange, cur.last().range);
  if (cur.peek()?.type === 'colon') {
    cur.next();
    st.typeLine = parseTypeLine(cur);
    st.range = span(startRange, cur.last().range);
  }
  // The single-valued properties written so far, by key (singleValued), and the tokens of each.
  let written: Map<string, { from: number; to: number }> | undefined;
  while (!cur.atEnd()) {
    // Paladin en-Vec prints "protection from black and from red": a declaration lists each (the first is kept).
    const last = st.props[st.props.length - 1];
    if (last?.kind === 'protection' && cur.isWord('and') && cur.isWord('from', 1)) throw new SyntaxError_(msg`Write each protection as its own property: \`protection from ${last.quality.text}, protection from ${cur.peek(2)?.text ?? 'QUALITY'}\`.`, cur.peek()!.range);
    // Cards print "Equipped creature gets +2/+2 and has trample": the grant after `and` is a property of its own,
    // `equipped creature has trample`, as if written so after a comma.
    const grantAfterBonus = last?.kind === 'pt-bonus' && cur.isWord('and') && (cur.isWord('has', 1) || cur.isWord('loses', 1));
    if (!grantAfterBonus) {
      // A period ends a property as a comma does (`Enchant creature. Enchanted creature has flying.`), also
      // before a comma (`has shroud., Equip {0}`: one separator) and at the end of the declaration.
      const sep = cur.peek()!;
      if (sep.type === 'period') {
        cur.next();
        if (cur.atEnd()) break;
        if (cur.peek()!.type === 'comma') cur.next();
      } else if (sep.type === 'comma') cur.next();
      else cur.fail(msg`',' before the next property`);
    } else cur.next();
    const from = cur.i;
    let p: Property;
    try {
      if (grantAfterBonus) {
        const grant = grantOf(cur, (last as Extract<Property, { kind: 'pt-bonus' }>).who, cur.peek()!.range);
        p = { kind: 'grant', grant, range: grant.range };
      } else p = parseProperty(cur);
    } catch (e) {
      if (!(e instanceof SyntaxError_)) throw e;
      // A property written wrong is reported, and the declaration goes on at the next comma: the
      // properties after it (its owner, its zone) are read, as after a property the checker doesn't know.
      (cur.problems ??= []).push({ message: e.message, text: e.text, range: e.range });
      while (!cur.atEnd() && !endsProperty(cur.peek()!)) cur.next();
      st.range = span(startRange, cur.last().range);
      continue;
    }
    // `equip {1}`, `bestow {3}{W}`, as cards print them: the cost is read and not kept (a scenario pays none).
    if (cur.peek()?.type === 'cost') {
      const cost = cur.peek()!;
      if (!takesCost(p)) (cur.problems ??= []).push({ ...said(msg`A mana cost follows only a keyword that has one (${COSTED}); ${cost.text} is not read here.`), range: cost.range });
      cur.next();
    }
    st.range = span(startRange, cur.last().range);
    const key = singleValued(p);
    if (key !== undefined) {
      written ??= new Map();
      const first = written.get(key);
      if (first) {
        // `owner alice, owner bob`: the first counts, and the replay never sees the second.
        const firstText = cur.tokens.slice(first.from, first.to).map((t) => t.text).join(' ');
        // The first is what this problem is about too: a fix that removes it changes what this one says.
        const firstRange = span(cur.tokens[first.from].range, cur.tokens[first.to - 1].range);
        (cur.problems ??= []).push({ ...said(repeatedProperty(key, firstText)), range: p.range, related: [relatedAt(firstRange, msg`the first one, which counts`)] });
        continue;
      }
      written.set(key, { from, to: cur.i });
    }
    st.props.push(p);
  }
  return st;
}

/** Is `t` the word `w` with a capital, as a sentence starts (`Heal`)? */
function isCapitalized(t: Token | undefined, w: string): boolean {
  return t !== undefined && t.type === 'word' && t.text === w.charAt(0).toUpperCase() + w.slice(1);
}

/** A comma, or a period as card text ends a sentence: what ends a type line or a property of a declaration. */
function endsProperty(t: Token): boolean {
  return t.type === 'comma' || t.type === 'period';
}

/** The keywords a card prints with a mana cost after them (equip {1}, reconfigure {2}, ward {2}). */
const COSTED_KEYWORDS = new Set(['disguise', 'megamorph', 'morph', 'mutate']);
const COSTED = 'equip, fortify, reconfigure, bestow, aura swap, ward, morph, megamorph, disguise, mutate';

/** Whether the property `p` is a keyword printed with a cost (`ward` reads its own, parseTargetingKeyword). */
function takesCost(p: Property): boolean {
  switch (p.kind) {
    case 'equip':
    case 'fortify':
      return true;
    case 'flag':
      return p.flag === 'reconfigure' || p.flag === 'bestow' || p.flag === 'aura-swap';
    case 'keyword-ability':
      return p.value === undefined && COSTED_KEYWORDS.has(p.name.text);
    default:
      return false;
  }
}

/**
 * The key of a property a card has only one of (its owner, controller, the player it entered
 * under, its zone, what it is attached to, its Might and Might bonus, what it can be attached
 * only to, a keyword with a value), or undefined for one it may have several of (enchant, equip, protections, colors,
 * keywords, grants) or that says the same thing again (a flag).
 */
export function singleValued(p: Property): string | undefined {
  switch (p.kind) {
    case 'owner':
      return 'owner';
    case 'controller':
      return p.entered ? 'entered under' : 'controller';
    case 'zone':
      return 'zone';
    case 'attached':
      return 'attached to';
    case 'might':
    case 'might-bonus':
    case 'power':
    case 'toughness':
    case 'damage':
      return p.kind;
    case 'counters':
      return `${p.counter} counters`;
    case 'attach-only':
      return 'can be attached only to';
    case 'keyword-ability':
      // A card prints a keyword that takes a value once, with its value (807.1.b): `Assault, Assault 2` is one too many.
      return VALUED_KEYWORDS.includes(p.name.text) ? p.name.text : undefined;
    default:
      return undefined;
  }
}

/** The syntax error of a single-valued property written again (`key` as singleValued names it; `first`: the first one, as written). */
function repeatedProperty(key: string, first: string): Message {
  if (key === 'zone') return msg`The card's zone is written twice in this declaration, and a card is in one zone: the first, \`${first}\`, counts. Remove this one.`;
  return msg`\`${key}\` is written twice in this declaration, and a card has only one: the first, \`${first}\`, counts. Remove this one.`;
}

/** How many counters: a number, or `a`/`an` (one). Checked against 0 by the replay, which reports it. */
function counterAmount(cur: Cursor): { value: number; range: Range } {
  if (cur.isWord('a') || cur.isWord('an')) {
    const t = cur.next()!;
    return { value: 1, range: t.range };
  }
  return cur.number(msg`how many counters (a number, or 'a')`);
}

/**
 * The kind of counter and the word `counter(s)` after it: `+1/+1 counters`, `-1/-1 counter` (MTG,
 * 122.1a), `shield counter` (MTG, 122.1c), or `buff`/`buffs` (Riftbound, 702). Other counters are not read.
 */
function counterKind(cur: Cursor): CounterKind {
  const t = cur.peek();
  if (t?.type === 'word' && (t.text === 'buff' || t.text === 'buffs')) {
    cur.next();
    return 'buff';
  }
  if (t?.type === 'word' && (t.text === 'shield' || t.text === 'hone') && (cur.isWord('counter', 1) || cur.isWord('counters', 1))) {
    cur.next();
    cur.next();
    return t.text as CounterKind;
  }
  if (t?.type !== 'number' || (t.text !== '+1/+1' && t.text !== '-1/-1')) {
    if (t?.type === 'number' && t.text.includes('/')) throw new SyntaxError_(msg`The checker reads +1/+1, -1/-1 and shield counters (and Riftbound buffs): a ${t.text} counter is not modelled.`, t.range);
    return cur.fail(msg`a kind of counter: +1/+1, -1/-1, shield (MTG) or buff (Riftbound)`);
  }
  cur.next();
  if (!cur.isWord('counter') && !cur.isWord('counters')) cur.fail(msg`'${'counters'}'`);
  cur.next();
  return t.text as CounterKind;
}

/** After `has`: a count (a number, `a`, `an`, `no`) and a kind of counter, as in `has 2 +1/+1 counters`, `has no buff`, `has a shield counter`. */
function startsCounters(cur: Cursor): boolean {
  const n = cur.peek();
  if (!n || !(n.type === 'number' || (n.type === 'word' && (n.text === 'a' || n.text === 'an' || n.text === 'no')))) return false;
  const k = cur.peek(1);
  if (k === undefined) return false;
  if (k.type === 'number') return k.text.includes('/');
  return k.type === 'word' && (k.text === 'buff' || k.text === 'buffs' || ((k.text === 'shield' || k.text === 'hone') && (cur.isWord('counter', 2) || cur.isWord('counters', 2))));
}

function parseTypeLine(cur: Cursor): TypeLine {
  const types: Word[] = [];
  const subtypes: Word[] = [];
  let seenDash = false;
  const start = cur.peek();
  if (!start || (start.type !== 'word' && start.type !== 'dash')) cur.fail(msg`a type line, e.g. \`creature — Cat\` (MTG) or \`unit\` (Riftbound)`);
  while (!cur.atEnd() && !endsProperty(cur.peek()!)) {
    const t = cur.peek()!;
    if (t.type === 'dash') {
      if (seenDash) cur.fail(msg`a subtype`);
      seenDash = true;
      cur.next();
      continue;
    }
    if (t.type !== 'word') cur.fail(seenDash ? msg`a subtype` : msg`a card type`);
    cur.next();
    // `Creature`, `Basic Land`, `UNIT`, as cards print a type line: before the dash, the card type in lowercase.
    (seenDash ? subtypes : types).push({ text: seenDash ? t.text : printedCase(t, TYPE_LINE_WORDS, true).text, range: t.range });
  }
  if (seenDash && subtypes.length === 0) cur.fail(msg`a subtype after the dash`);
  return { types, subtypes, range: span(start!.range, cur.last().range) };
}

/**
 * A word as cards print it at the start of a sentence or in a type line (`Enchant creature`, `Equip {1}`,
 * `Creature`; `allCaps`: also `UNIT`, as Riftbound prints its type lines): the same word in lowercase when
 * `known` has that, else the word as written (a Riftbound keyword, `Shield`, is capitalized already).
 */
function printedCase(t: Token, known: ReadonlySet<string>, allCaps = false): Token {
  const c = t.text.charCodeAt(0);
  if (c < 65 || c > 90 || known.has(t.text)) return t;
  const rest = t.text.slice(1);
  if (rest !== rest.toLowerCase() && !(allCaps && rest === rest.toUpperCase())) return t;
  const lower = t.text.toLowerCase();
  return known.has(lower) ? new Token('word', lower, t.line, t.start, t.end) : t;
}

/**
 * A property's first word as card text starts a sentence, with a capital (`Enchant creature`, `Equip {1}`,
 * `Flash`, `Equipped creature has ...`, `You control enchanted creature`): the word in lowercase, which
 * parseProperty's switch tries; a word no case of it reads (nor a keyword's first word) is taken back as
 * written (`wasWritten`). So the capitalized starts are exactly the cases, with no list beside them to keep in
 * step. A keyword capitalized as Riftbound prints it (`Shield`) and `Action`, `Reaction` stay as written.
 */
function propertyStart(written: Token): Token {
  const c = written.text.charCodeAt(0);
  if (c < 65 || c > 90 || KEYWORD_FIRST_WORDS.has(written.text)) return written;
  const rest = written.text.slice(1);
  if (rest !== rest.toLowerCase()) return written;
  return new Token('word', written.text.toLowerCase(), written.line, written.start, written.end);
}

/** In parseProperty's `default`: the start as written, unless its lowercase is a keyword's first word (`Flying`). */
function wasWritten(t: Token, written: Token): Token {
  return t === written || KEYWORD_FIRST_WORDS.has(t.text) ? t : written;
}

function parseProperty(cur: Cursor): Property {
  cur.unbracket();
  const written = cur.peek();
  // Riftbound `+2 Might` (`-1 Might`, `+0 Might`): a Might Bonus as a gear prints it, an operator and an integer (137.1), read as `might-bonus +2`.
  if (written?.type === 'number' && /^[-+]\d{1,9}$/.test(written.text) && (cur.isWord('Might', 1) || cur.isWord('might', 1))) {
    const n = cur.number(msg`a number`);
    const w = cur.next()!;
    return { kind: 'might-bonus', value: n.value, range: span(n.range, w.range) };
  }
  if (!written || written.type !== 'word') return cur.fail(msg`a property (owner, controller, entered under, in, attached to, enchant, equip, protection from, color, ...)`);
  switch (staticAhead(cur)) {
    // `white creatures get +1/+1`, `other creatures you control get +1/+1` (MTG 613.4c): a static effect on every creature a filter describes.
    case Ahead.Anthem:
      return parseAnthem(cur);
    // `creatures your opponents control enter tapped` (MTG 614.1d, Imposing Sovereign): a replacement on every permanent a filter describes.
    case Ahead.EntersTapped:
      return parseEntersTapped(cur);
    // `other friendly units have +1 Might`, `units here have -1 Might` (Riftbound 477.3): a static effect on every unit a filter describes.
    case Ahead.MightEffect:
      return parseMightEffect(cur);
  }
  let t = propertyStart(written);
  cur.next();
  const r = () => span(t.range, cur.last().range);
  switch (t.text) {
    case 'owner': {
      const player = cur.name(msg`player name`);
      return { kind: 'owner', player, range: r() };
    }
    case 'controller': {
      const player = cur.name(msg`player name`);
      return { kind: 'controller', player, entered: false, range: r() };
    }
    case 'entered': {
      cur.expectWord('under');
      const player = cur.name(msg`player name`);
      return { kind: 'controller', player, entered: true, range: r() };
    }
    case 'in':
    case 'at': {
      // `is a creature, in addition to its other types`: the clause of the grant before the comma.
      if (t.text === 'in' && cur.isWord('addition')) throw new SyntaxError_(msg`\`in addition to its other types\` ends the \`is\` clause before it: remove the comma (\`enchanted artifact is a creature in addition to its other types\`).`, t.range);
      const zone = parseZone(cur, t.text === 'at');
      // `at battlefield` is Riftbound's, whose battlefields are named: without its name it is no place, and
      // the declaration goes on (a zone written after it counts).
      if (t.text === 'at' && zone.zone === 'battlefield' && !zone.place) throw new SyntaxError_(namelessBattlefield(), zone.range);
      return { kind: 'zone', zone, range: r() };
    }
    case 'attached': {
      cur.expectWord('to');
      const target = cur.name(msg`card or player to attach to`);
      return { kind: 'attached', target, range: r() };
    }
    case 'as':
      return chooseColorProperty(cur, r);
    case 'chosen': {
      // `chosen color C` (MTG): the color a declared attachment chose as it became attached (607.2d).
      cur.expectWord('color');
      const color = cur.word(msg`the color chosen (white, blue, black, red or green)`);
      return { kind: 'chosen-color', color, range: r() };
    }
    case 'enchant':
      return { kind: 'enchant', filter: parseFilter(cur), range: r() };
    case 'equip': {
      if (cur.atEnd() || endsProperty(cur.peek()!) || cur.peek()!.type === 'cost') return { kind: 'equip', range: r() };
      return { kind: 'equip', quality: parseFilter(cur), range: r() };
    }
    // `fortify` (MTG 702.67a), as the card prints it: every Fortification has it; the word says so.
    case 'fortify':
      return { kind: 'fortify', range: r() };
    case 'protection': {
      cur.expectWord('from');
      const quality = protectionQuality(cur);
      return { kind: 'protection', quality, range: r() };
    }
    case 'color':
    case 'colors': {
      const colors: Word[] = [cur.word(msg`a color`)];
      while (!cur.atEnd() && cur.peek()!.type === 'word') colors.push(cur.word(msg`a color`));
      return { kind: 'color', colors, range: r() };
    }
    case 'reconfigure':
    case 'bestow':
    case 'token':
    case 'exhausted':
    case 'tapped':
    case 'castable':
    case 'flash':
      return { kind: 'flag', flag: t.text, range: r() };
    case 'phased':
      cur.expectWord('out');
      return { kind: 'flag', flag: 'phased-out', range: r() };
    case 'face':
      // MTG 708.2a: a face-down permanent (turned face down by an effect, or cast face down with morph or disguise).
      cur.expectWord('down');
      return { kind: 'flag', flag: 'face-down', range: r() };
    case 'manifested':
    case 'cloaked':
      // MTG 701.40a, 701.58a: a face-down permanent that a manifest (a cloak) put onto the battlefield.
      return { kind: 'flag', flag: t.text, range: r() };
    case 'back':
      // MTG 712.2: the line is the back face of a double-faced card.
      cur.expectWord('face');
      return { kind: 'flag', flag: 'back-face', range: r() };
    case 'transforms': {
      cur.expectWord('into');
      const face = cur.name(msg`the back face (a card line declared \`back face\`)`);
      return { kind: 'transforms', face, range: r() };
    }
    case 'aura':
      cur.expectWord('swap');
      return { kind: 'flag', flag: 'aura-swap', range: r() };
    case "can't": {
      // A creature's own `can't attack`, `can't block`, `can't attack or block` (508.1c, 509.1b).
      if (cur.isWord('attack') || cur.isWord('block') || (cur.isWord('be') && cur.isWord('blocked', 1))) return { kind: 'keyword-ability', name: combatRestriction(cur, t), range: r() };
      cur.expectWord('be');
      return { kind: 'cant', what: attachedWord(cur).text, range: r() };
    }
    case 'attach': {
      // Brass Squire: `attach target Equipment you control to target creature you control`.
      cur.expectWord('target');
      const what = parseFilter(cur, 'to');
      cur.expectWord('to');
      cur.expectWord('target');
      return { kind: 'attach-targets', what, to: parseFilter(cur), range: r() };
    }
    case 'cast': {
      // Dream Leash: `cast only targeting a tapped permanent` (601.2c, 601.3): the spell's target as it is cast.
      cur.expectWord('only');
      cur.expectWord('targeting');
      if (cur.isWord('a') || cur.isWord('an')) cur.next();
      cur.expectWord('tapped');
      return { kind: 'cast-only', filter: parseFilter(cur), range: r() };
    }
    case 'can': {
      // Konda's Banner: `can be attached only to legendary creature` (a filter, as enchant's).
      for (const w of ['be', 'attached', 'only', 'to']) cur.expectWord(w);
      if (cur.isWord('a') || cur.isWord('an')) cur.next();
      return { kind: 'attach-only', filter: parseFilter(cur), range: r() };
    }
    case 'might':
    case 'might-bonus':
    case 'power':
    case 'toughness':
    case 'damage': {
      const n = cur.number(msg`a number`);
      return { kind: t.text, value: n.value, range: r() };
    }
    case 'hexproof':
    case 'shroud':
    case 'ward':
      return { kind: 'keyword', keyword: parseTargetingKeyword(cur, t), range: r() };
    case 'with': {
      // `with 2 +1/+1 counters`, `with a -1/-1 counter` (MTG 122.1a); Riftbound `with a buff` (702).
      const n = counterAmount(cur);
      const counter = counterKind(cur);
      return { kind: 'counters', counter, count: n.value, countRange: n.range, range: r() };
    }
    case 'players': {
      cur.expectWord("can't");
      cur.expectWord('cast');
      return { kind: 'cant-cast', filter: parseSpellFilter(cur), range: r() };
    }
    case 'you': {
      // Control Magic: `you control enchanted creature` (613.1b), a grant of control.
      if (cur.isWord('control')) {
        const verb = cur.next()!;
        const head = attachedWord(cur);
        const noun = cur.word(msg`what it is attached to (${head.text} creature, ${head.text} permanent...)`);
        const who = { text: `${head.text} ${noun.text}`, range: span(head.range, noun.range) };
        const control: AbilityNode = { kind: 'control', range: span(t.range, verb.range) };
        return { kind: 'grant', grant: { who, verb: 'has', abilities: [control], range: r() }, range: r() };
      }
      // Garruk's Horde: `you may cast creature spells from the top of your library` (601.3);
      // `you may cast Aura spells as though they had flash` (601.3b, 702.8a).
      if (!cur.isWord('may')) cur.fail(msg`'control' or 'may' after 'you'`);
      cur.expectWord('may');
      // Leonin Shikari: `you may activate equip abilities any time you could cast an instant` (602.5d).
      if (cur.isWord('activate')) {
        for (const w of ['activate', 'equip', 'abilities', 'any', 'time', 'you', 'could', 'cast', 'an', 'instant']) cur.expectWord(w);
        return { kind: 'may-equip-instant', range: r() };
      }
      cur.expectWord('cast');
      const filter = parseSpellFilter(cur);
      if (cur.isWord('as')) {
        for (const w of ['as', 'though', 'they', 'had', 'flash']) cur.expectWord(w);
        return { kind: 'may-cast-flash', filter, range: r() };
      }
      if (!cur.isWord('from')) cur.fail(msg`'from the top of your library' or 'as though they had flash'`);
      for (const w of ['from', 'the', 'top', 'of', 'your', 'library']) cur.expectWord(w);
      return { kind: 'may-cast-top', filter, range: r() };
    }
    case 'on':
      cur.expectWord('top');
      return { kind: 'flag', flag: 'on-top', range: r() };
    case 'the':
      // Zhonya's Hourglass: `the next time a friendly unit would die, kill this instead, heal that unit, exhaust it, and recall it` (369.1).
      for (const w of ['next', 'time']) cur.expectWord(w);
      return parseFriendlySaver(cur, r, true);
    case 'if': {
      if (cur.isWord('a') && cur.isWord('friendly', 1)) return parseFriendlySaver(cur, r, false);
      // Soraka, Wanderer: `if another unit you control here would die and has less Might than me, heal it, exhaust it, and recall it` (373.2).
      if (cur.isWord('another')) return parseHereSaver(cur, r);
      if (cur.isWord('it') || cur.isWord('a')) return parseExileInstead(cur, r);
      // Riftbound Effect Text (Guardian Angel): `if I would die, kill this instead`.
      for (const w of ['I', 'would', 'die']) cur.expectWord(w);
      if (cur.peek()?.type !== 'comma') cur.fail(msg`', kill this instead'`);
      cur.next();
      for (const w of ['kill', 'this', 'instead']) cur.expectWord(w);
      // What the same text does to the unit after (Guardian Angel: `, heal me, exhaust me, and recall me`).
      const then = saverThen(cur, false, ['me']);
      return then.length ? { kind: 'flag', flag: 'kill-instead', range: r(), then } : { kind: 'flag', flag: 'kill-instead', range: r() };
    }
    case 'equipped':
    case 'enchanted':
    case 'fortified':
      // `equipped creature gets +4/+4` (613.4c): a change of power and toughness, not an ability.
      if (cur.isWord('gets', 1)) {
        const noun = cur.word(msg`what it is attached to`);
        cur.next();
        const pt = cur.powerToughness(msg`a change of power and toughness as cards print it (+4/+4, -2/-2, +1/+0)`);
        const who = { text: `${t.text} ${noun.text}`, range: span(t.range, noun.range) };
        // `for each hone counter on it` (`on this`, `on this Equipment`): the change once per counter of that kind on the attachment itself (122.1, 613.4c).
        if (cur.isWord('for') && cur.isWord('each', 1)) {
          const from = cur.next()!.range;
          cur.next();
          cur.expectWord('hone');
          if (!cur.isWord('counter')) cur.fail(msg`'${'counter'}'`);
          cur.next();
          cur.expectWord('on');
          if (cur.isWord('it')) cur.next();
          else {
            cur.expectWord('this');
            if (cur.isWord('Equipment') || cur.isWord('Aura')) cur.next();
          }
          return { kind: 'pt-bonus', who, power: pt.power, toughness: pt.toughness, perCounter: { counter: 'hone', range: span(from, cur.last().range) }, range: r() };
        }
        return { kind: 'pt-bonus', who, power: pt.power, toughness: pt.toughness, range: r() };
      }
      return { kind: 'grant', grant: parseGrant(cur, t), range: r() };
    case 'when': {
      const phrase = parseTriggerPhrase(cur);
      // MTG `when put into a graveyard from the battlefield, EFFECT` (Rancor, Oathkeeper): what it does as it resolves,
      // after a comma or, as the card prints it, a period (`... battlefield. Return it to its owner's hand`).
      const effect = phrase === 'put into a graveyard from the battlefield' ? triggerEffect(cur) : undefined;
      return effect ? { kind: 'trigger', phrase, effect, range: r() } : { kind: 'trigger', phrase, range: r() };
    }
    default:
      // No case reads it: a capitalized word is read as written (`Foo` stays `Foo` in the message), unless it is a keyword's.
      t = wasWritten(t, written);
      // Riftbound `Reaction ability NAME`, `Action equip`: an ability printed with its timing keyword (813.1.d, 806.1.d; 818.1.c.5).
      if (t.text === 'Reaction' || t.text === 'Action') cur.unbracket();
      if ((t.text === 'Reaction' || t.text === 'Action') && (cur.isWord('ability') || cur.isWord('equip') || cur.isWord('Equip'))) {
        const timing = { text: t.text, range: t.range };
        const what = cur.next()!;
        if (what.text === 'equip' || what.text === 'Equip') {
          if (cur.atEnd() || endsProperty(cur.peek()!)) return { kind: 'equip', timing, range: r() };
          return { kind: 'equip', quality: parseFilter(cur), timing, range: r() };
        }
        return { kind: 'keyword-ability', name: keywordName(cur, what), timing, range: r() };
      }
      if (KEYWORD_FIRST_WORDS.has(t.text)) {
        const name = keywordName(cur, t);
        const value = keywordValue(cur, name);
        return value ? { kind: 'keyword-ability', name, value, range: r() } : { kind: 'keyword-ability', name, range: r() };
      }
      // Read up to the next comma (or period): the declaration goes on after it, and its game reports it (declareCard).
      while (!cur.atEnd() && !endsProperty(cur.peek()!)) cur.next();
      return { kind: 'unknown', word: { text: t.text, range: t.range }, range: r() };
  }
}



/**
 * `FILTER enter [the battlefield] tapped` (MTG 614.1d: Imposing Sovereign's `creatures your opponents control enter tapped`,
 * Kismet's `artifacts, creatures, and lands your opponents control enter tapped` written with `or`): the filter is read as an
 * anthem's (its words in the plural, capitalized at the start of a sentence).
 */
function parseEntersTapped(cur: Cursor): Property {
  const start = cur.peek()!;
  const filter = parseFilter(cur, 'enter', 'creatures');
  const head = filter.alternatives[0][0];
  if (head !== undefined && !head.negated && /^[A-Z]/.test(head.word) && ANTHEM_FIRST_WORDS.has(head.word.toLowerCase())) {
    const low = head.word.toLowerCase();
    filter.alternatives[0][0] = { negated: low.startsWith('non'), word: low.startsWith('non') ? low.slice(3) : low, range: head.range };
  }
  cur.expectWord('enter');
  if (cur.isWord('the')) {
    cur.next();
    cur.expectWord('battlefield');
  }
  cur.expectWord('tapped');
  return { kind: 'enters-tapped', filter, range: span(start.range, cur.last().range) };
}

/** The words of an anthem's filter that are not card types, colors or subtypes, as cards print them at the start of a sentence. */
const ANTHEM_FIRST_WORDS: ReadonlySet<string> = new Set(['other', 'equipped', 'enchanted', 'creatures', 'white', 'blue', 'black', 'red', 'green', 'colorless', 'artifact', 'legendary', 'nontoken', 'token', 'nonwhite', 'nonblue', 'nonblack', 'nonred', 'nongreen', 'noncreature', 'nonartifact', 'nonlegendary']);

/**
 * `[other] [equipped|enchanted] FILTER [with no abilities] [you control] get +P/+T` (MTG: Glorious
 * Anthem, Muraganda Petroglyphs, Bad Moon): the filter is read by parseFilter (its words in the plural, as
 * cards print them: the rules read them in the singular), and the words it doesn't read are taken out.
 */
function parseAnthem(cur: Cursor): Property {
  const start = cur.peek()!;
  let other: Range | undefined;
  let attached: 'equipped' | 'enchanted' | undefined;
  const lower = (t: Token | undefined) => (t === undefined || t.type !== 'word' ? undefined : printedCase(t, ANTHEM_FIRST_WORDS).text);
  if (lower(cur.peek()) === 'other') other = cur.next()!.range;
  const firstWord = other === undefined;
  const a = firstWord ? lower(cur.peek()) : cur.peek()?.text;
  if ((a === 'equipped' || a === 'enchanted') && cur.peek(1)?.type === 'word' && cur.peek(1)!.text !== 'get') {
    cur.next();
    attached = a;
  }
  const filter = parseFilter(cur, 'get', 'creatures');
  // The first word of the filter as cards print it at the start of a sentence (`White creatures get +1/+1`, `Creatures you control ...`).
  const head = filter.alternatives[0][0];
  if (firstWord && attached === undefined && head !== undefined && !head.negated) {
    const c = head.word.charCodeAt(0);
    const low = head.word.toLowerCase();
    if (c >= 65 && c <= 90 && ANTHEM_FIRST_WORDS.has(low)) filter.alternatives[0][0] = { negated: low.startsWith('non'), word: low.startsWith('non') ? low.slice(3) : low, range: head.range };
  }
  let noAbilities: Range | undefined;
  for (const alt of filter.alternatives) {
    const k = alt.length - 3;
    if (k >= 1 && alt[k].word === 'with' && alt[k + 1].word === 'no' && alt[k + 2].word === 'abilities') {
      noAbilities = span(alt[k].range, alt[k + 2].range);
      alt.splice(k, 3);
    }
  }
  cur.expectWord('get');
  const pt = cur.powerToughness(msg`a change of power and toughness as cards print it (+1/+1, -1/-1, +2/+0)`);
  const node: Extract<Property, { kind: 'anthem' }> = { kind: 'anthem', filter, power: pt.power, toughness: pt.toughness, range: span(start.range, cur.last().range) };
  if (other) node.other = other;
  if (attached) node.attached = attached;
  if (noAbilities) node.noAbilities = noAbilities;
  return node;
}

/** Which property with a filter of its own comes next (staticAhead). */
const enum Ahead {
  None,
  /** MTG `FILTER get +P/+T` (613.4c). */
  Anthem,
  /** MTG `FILTER enter [the battlefield] tapped` (614.1d). */
  EntersTapped,
  /** Riftbound `FILTER have +N Might` (477.3). */
  MightEffect,
}

/**
 * Does a property that begins with a filter come next, and which: an anthem (`white creatures get +1/+1`: the word
 * `get` followed by a change of power and toughness), a replacement that makes permanents enter tapped (`creatures
 * your opponents control enter tapped`, `... enter the battlefield tapped`: the first `enter`, followed by `tapped`
 * or `the battlefield tapped`), or a Riftbound Might effect (`friendly units have +1 Might`: `have`, a signed number,
 * `Might`)? One look up to the property's end, so each property is read once more at most. A grant's or an
 * attachment's verb (`gets`, `has`) ends the look: no such filter goes on past it. An anthem found after an `enter`
 * still wins; `get` ends the look for the others, `have` for the anthem.
 */
function staticAhead(cur: Cursor): Ahead {
  let enters: boolean | undefined;
  for (let k = 1; ; k++) {
    const t = cur.peek(k);
    if (t === undefined || endsProperty(t)) return enters ? Ahead.EntersTapped : Ahead.None;
    if (t.type !== 'word') continue;
    switch (t.text) {
      case 'get': {
        const pt = cur.peek(k + 1);
        if (pt !== undefined && pt.type === 'number' && pt.text.includes('/')) return Ahead.Anthem;
        return enters ? Ahead.EntersTapped : Ahead.None;
      }
      case 'enter':
        enters ??= cur.isWord('tapped', k + 1) || (cur.isWord('the', k + 1) && cur.isWord('battlefield', k + 2) && cur.isWord('tapped', k + 3));
        break;
      case 'have': {
        if (enters) return Ahead.EntersTapped;
        const n = cur.peek(k + 1);
        const m = cur.peek(k + 2);
        return n !== undefined && n.type === 'number' && /^[-+]\d{1,9}$/.test(n.text) && m !== undefined && m.type === 'word' && (m.text === 'Might' || m.text === 'might') ? Ahead.MightEffect : Ahead.None;
      }
      case 'gets':
      case 'has':
        return enters ? Ahead.EntersTapped : Ahead.None;
    }
  }
}

/** The words of a Might effect's filter that are not tags, as cards print them at the start of a sentence. */
const MIGHT_FIRST_WORDS: ReadonlySet<string> = new Set(['other', 'equipped', 'friendly', 'enemy', 'units', 'unit', 'token', 'nontoken']);

/**
 * `[other] [equipped] FILTER [here] [with a buff] have +N Might` (Riftbound: a battlefield's `units here have
 * +1 [M]`, 652.2.c; `other friendly units have ...`, 472.1.c's and 472.2.b's examples): the filter is read by
 * parseFilter, and the words it doesn't read (`here`, `with a buff`) are taken out of its end.
 */
function parseMightEffect(cur: Cursor): Property {
  const start = cur.peek()!;
  let other: Range | undefined;
  let equipped: Range | undefined;
  const lower = (t: Token | undefined) => (t === undefined || t.type !== 'word' ? undefined : printedCase(t, MIGHT_FIRST_WORDS).text);
  if (lower(cur.peek()) === 'other') other = cur.next()!.range;
  const firstWord = other === undefined;
  if ((firstWord ? lower(cur.peek()) : cur.peek()?.text) === 'equipped' && cur.peek(1)?.type === 'word' && cur.peek(1)!.text !== 'have') equipped = cur.next()!.range;
  const filter = parseFilter(cur, 'have');
  // The first word of the filter as cards print it at the start of a sentence (`Friendly units have ...`, `Units here have ...`).
  const head = filter.alternatives[0][0];
  if (firstWord && equipped === undefined && head !== undefined && !head.negated) {
    const low = printedCase(new Token('word', head.word, 0, 0, 0), MIGHT_FIRST_WORDS).text;
    if (low !== head.word) filter.alternatives[0][0] = { negated: low.startsWith('non'), word: low.startsWith('non') ? low.slice(3) : low, range: head.range };
  }
  // `here` and `with a buff` after the card type, in either order, in any alternative.
  let here: Range | undefined;
  let buffed: Range | undefined;
  for (const alt of filter.alternatives) {
    for (;;) {
      const k = alt.length - 3;
      if (alt.length >= 2 && alt[alt.length - 1].word === 'here' && !alt[alt.length - 1].negated) here ??= alt.pop()!.range;
      else if (k >= 1 && alt[k].word === 'with' && alt[k + 1].word === 'a' && alt[k + 2].word === 'buff') {
        buffed ??= span(alt[k].range, alt[k + 2].range);
        alt.splice(k, 3);
      } else break;
    }
  }
  cur.expectWord('have');
  const n = cur.number(msg`a change of Might as cards print it (+1, -1)`);
  const m = cur.peek();
  if (m === undefined || m.type !== 'word' || (m.text !== 'Might' && m.text !== 'might')) return cur.fail(msg`'Might' after the change (\`have +1 Might\`)`);
  cur.next();
  const node: Extract<Property, { kind: 'might-effect' }> = { kind: 'might-effect', filter, value: n.value, range: span(start.range, cur.last().range) };
  if (other) node.other = other;
  if (equipped) node.equipped = equipped;
  if (here) node.here = here;
  if (buffed) node.buffed = buffed;
  return node;
}

/**
 * After `as` (read): `it becomes attached choose a color`, or as Sanctuary Blade prints it, `As Sanctuary Blade
 * becomes attached to a creature, choose a color` (the card's name in words, `to a creature` and the comma as
 * printed). MTG 607.2d: a color is chosen each time the card becomes attached.
 */
function chooseColorProperty(cur: Cursor, r: () => Range): Property {
  const what = msg`'it becomes attached choose a color' (a color chosen as it becomes attached: \`As Sanctuary Blade becomes attached to a creature, choose a color\`) or 'it enters choose a color' (as it enters: \`As this Aura enters, choose a color\`)`;
  // `it`, or the card's name as printed (`this Aura`): any words up to `becomes` or `enters` (a name has a few).
  let words = 0;
  while (!cur.isWord('becomes') && !cur.isWord('enters')) {
    const t = cur.peek();
    if (!t || (t.type !== 'word' && t.type !== 'string') || words === 8) return cur.fail(what);
    cur.next();
    words++;
  }
  if (words === 0) cur.fail(what);
  // `As this Aura enters [the battlefield], choose a color` (Benevolent Blessing): chosen once, as it enters (614.12).
  const enters = cur.next()!.text === 'enters';
  if (enters) {
    if (cur.isWord('the') && cur.isWord('battlefield', 1)) {
      cur.next();
      cur.next();
    }
  } else cur.expectWord('attached');
  if (!enters && cur.isWord('to')) {
    cur.next();
    if (cur.isWord('a') || cur.isWord('an')) cur.next();
    cur.word(msg`what it becomes attached to (a creature)`);
  }
  // The comma the card prints before `choose`.
  if (cur.peek()?.type === 'comma' && (cur.isWord('choose', 1) || cur.isWord('Choose', 1))) cur.next();
  if (cur.isWord('Choose')) cur.next();
  else cur.expectWord('choose');
  cur.expectWord('a');
  cur.expectWord('color');
  return enters ? { kind: 'choose-color', enters: true, range: r() } : { kind: 'choose-color', range: r() };
}

/**
 * After `can't` (the token `cant`, read): `attack`, `block` or `attack or block`, a restriction on
 * combat (MTG 508.1c, 509.1b) held as one ability named by its words (`can't attack or block`).
 */
function combatRestriction(cur: Cursor, cant: Token): Word {
  const first = cur.next()!;
  // `can't be blocked` (509.1b): a quality of the attacking creature, held as a restriction is (113.12: no ability).
  if (first.text === 'be') {
    cur.next();
    return { text: "can't be blocked", range: span(cant.range, cur.last().range) };
  }
  let text = `can't ${first.text}`;
  if (first.text === 'attack' && cur.isWord('or')) {
    cur.next();
    cur.expectWord('block');
    text = "can't attack or block";
  }
  return { text, range: span(cant.range, cur.last().range) };
}

/**
 * After `hexproof`, `shroud` or `ward` (the token `kw`, already read): `hexproof from QUALITY`, and
 * `ward COST` where the cost is one number, word or string (`ward 2`, `ward "discard a card"`).
 */
function parseTargetingKeyword(cur: Cursor, kw: Token): TargetingKeywordNode {
  const name = kw.text as TargetingKeywordNode['name'];
  const node: TargetingKeywordNode = { name, range: kw.range };
  if (name === 'hexproof' && cur.isWord('from')) {
    cur.next();
    node.quality = cur.word(msg`a quality: a color, or card types in the plural (hexproof from black, hexproof from artifacts)`);
  } else if (name === 'ward') {
    const t = cur.peek();
    // `ward and flying` in a grant: `and` starts the next ability, not the cost.
    // `ward until end of turn`: the duration starts (turnDuration), not the cost.
    if (t && (t.type === 'number' || t.type === 'string' || t.type === 'cost' || (t.type === 'word' && !CLAUSE_WORDS.has(t.text) && t.text !== 'and' && t.text !== 'until' && t.text !== 'this'))) {
      cur.next();
      node.cost = t;
    }
  }
  node.range = span(kw.range, cur.last().range);
  return node;
}

/** After `in` (zone words) or `at` (Riftbound: `base` or `battlefield NAME`). */
/** `enchanted`, `equipped` or `fortified`: how a card is attached (`can't be enchanted`, `you control enchanted creature`). */
function attachedWord(cur: Cursor): { text: 'enchanted' | 'equipped' | 'fortified'; range: Range } {
  const w = cur.word(msg`'enchanted', 'equipped' or 'fortified'`);
  if (w.text !== 'enchanted' && w.text !== 'equipped' && w.text !== 'fortified') throw new SyntaxError_(msg`Expected 'enchanted', 'equipped' or 'fortified', found '${w.text}'.`, w.range);
  return { text: w.text, range: w.range };
}

/**
 * The quality after `protection from`: one word (a color, card types in the plural, `everything`, a
 * player), or `all colors` / `each color` (cards print the first, 702.16h writes the second), kept
 * as one word of two.
 */
function protectionQuality(cur: Cursor): Word {
  // A card name, in quotes (702.16a: a name is a quality only when the protection says it is one).
  const t = cur.peek();
  if (t?.type === 'string') {
    cur.next();
    return { text: `"${t.text}"`, range: t.range };
  }
  const q = cur.word(msg`a quality: a color, card types in the plural, everything, a player, or a card name in quotes`);
  if ((q.text === 'all' && cur.isWord('colors')) || (q.text === 'each' && cur.isWord('color'))) {
    const second = cur.next()!;
    return { text: `${q.text} ${second.text}`, range: span(q.range, second.range) };
  }
  return q;
}

/** `choosing C` after an attach, an equip or its resolution (MTG Sanctuary Blade, 607.2d): the color chosen, or undefined without the clause. */
function chosenColorClause(cur: Cursor): Word | undefined {
  if (!cur.isWord('choosing')) return undefined;
  cur.next();
  return cur.word(msg`the color chosen as it becomes attached (white, blue, black, red or green)`);
}

/**
 * After `protection from` in a grant: `the chosen color` or `the last chosen color` (Sanctuary Blade), read
 * as CHOSEN_COLOR (the card's choice, abilities.ts grantsOf), or undefined when the words are not there.
 */
function chosenQuality(cur: Cursor): Word | undefined {
  if (!cur.isWord('the')) return undefined;
  const last = cur.isWord('last', 1) ? 1 : 0;
  if (!cur.isWord('chosen', 1 + last) || !cur.isWord('color', 2 + last)) return undefined;
  const first = cur.next()!;
  for (let i = 0; i < 1 + last; i++) cur.next();
  const end = cur.next()!;
  return { text: CHOSEN_COLOR, range: span(first.range, end.range) };
}

/** The words that start an ability with a rule of its own (after `has`, they are read as the ability, not a card). */
const ABILITY_STARTS: ReadonlySet<string> = new Set(['protection', 'hexproof', 'shroud', 'ward']);

/** Does this token start an ability (after `has`: the ability, not a card)? */
function startsAbility(t: Token | undefined): boolean {
  return t !== undefined && t.type === 'word' && (ABILITY_STARTS.has(t.text) || KEYWORD_FIRST_WORDS.has(t.text));
}

/** A keyword ability whose first word `first` was read: `flying`, `first strike` (parser/keywords.ts). */
function keywordName(cur: Cursor, first: Token): Word {
  // `ability NAME`: an activated ability the scenario names; its name is any identifier.
  if (first.text === 'ability') {
    const name = cur.name(msg`ability name`);
    return { text: `ability ${name.text}`, range: span(first.range, name.range) };
  }
  // `totem armor`, as older cards print it, is umbra armor (MTG 702.89b).
  if (first.text === OLD_UMBRA_ARMOR[0]) {
    const s = cur.expectWord(OLD_UMBRA_ARMOR[1]);
    return { text: 'umbra armor', range: span(first.range, s.range) };
  }
  const second = keywordSecondWord(first.text);
  if (!second) return { text: first.text, range: first.range };
  const s = cur.expectWord(second);
  return { text: `${first.text} ${second}`, range: span(first.range, s.range) };
}

/** The words that may follow a keyword that takes a value when none is written: the next ability (`and`), an event's duration (`this turn`, `until ...`). */
const AFTER_VALUED: ReadonlySet<string> = new Set(['and', 'this', 'until']);

/**
 * After a keyword (`name`, read): the value written after it, if any (Riftbound `Assault 2`, `Shield 3`;
 * 807.1.b, 814.1.b). Only the keywords that take one have it (VALUED_KEYWORDS), a whole number of at
 * least 1 (without one it is 1, 807.1.b.3), and only where the keyword is given or stated: `loses X
 * Shield` and `has no Shield` are about the whole keyword (`whole`: which of the two).
 */
function keywordValue(cur: Cursor, name: Word, whole?: 'loses' | 'has no'): KeywordValue | undefined {
  const t = cur.peek();
  if (!t) return undefined;
  const valued = VALUED_KEYWORDS.includes(name.text);
  if (t.type === 'number') {
    if (!valued) throw new SyntaxError_(msg`\`${name.text}\` takes no value: of the keywords here, only ${VALUED_KEYWORDS.join(', ')} are written with one (\`Assault 2\`). Remove '${t.text}'.`, t.range);
    if (whole === 'loses') throw new SyntaxError_(msg`\`loses\` takes the whole keyword away, whatever its value (801.3.b): write \`${name.text}\` without '${t.text}'.`, t.range);
    if (whole === 'has no') throw new SyntaxError_(msg`\`has no\` states that the keyword is not there at all: write \`has no ${name.text}\` without '${t.text}', or \`has ${name.text} ${t.text}\`.`, t.range);
    if (!/^\d{1,9}$/.test(t.text) || Number(t.text) < 1) throw new SyntaxError_(msg`The value of ${name.text} is a whole number from 1 to 999999999, written after it (\`${name.text} 2\`), or none for a value of 1: '${t.text}' is not one.`, t.range);
    cur.next();
    return { value: Number(t.text), range: t.range };
  }
  // `Shield two`, `Assault X`, `Shield "2"`: a value written otherwise than as a number.
  if (valued && !whole && (t.type === 'string' || (t.type === 'word' && !AFTER_VALUED.has(t.text)))) cur.fail(msg`a whole number as the value of ${name.text} (\`${name.text} 2\`), or the end of the keyword`);
  return undefined;
}

/** After `equipped`, `enchanted` or `fortified` (the token `first`, read): `creature has ABILITY [and ABILITY]...`, or `loses`. */
function parseGrant(cur: Cursor, first: Token): GrantNode {
  const noun = cur.word(msg`what it is attached to (${first.text} creature, ${first.text} permanent, ${first.text} unit...)`);
  const who = { text: `${first.text} ${noun.text}`, range: span(first.range, noun.range) };
  return grantOf(cur, who, first.range);
}

/** A grant to `who` (`equipped creature`), from its verb on (`has`, `loses`, `is`, `can't be`); its range starts at `start`. */
function grantOf(cur: Cursor, who: Word, start: Range): GrantNode {
  const first = { range: start };
  const v = cur.peek();
  if (v?.type === 'word' && (v.text === 'is' || v.text === "isn't")) {
    const types = parseTypeChange(cur);
    return { who, verb: 'has', abilities: [types], range: span(first.range, cur.last().range) };
  }
  if (!v || v.type !== 'word' || (v.text !== 'has' && v.text !== 'loses' && v.text !== "can't")) cur.fail(msg`'has', 'loses', 'is' or 'can't be' after '${who.text}'`);
  cur.next();
  if (v!.text === "can't" && (cur.isWord('attack') || cur.isWord('block') || (cur.isWord('be') && cur.isWord('blocked', 1)))) {
    // MTG `enchanted creature can't attack or block` (Pacifism): restrictions on combat (508.1c, 509.1b).
    const name = combatRestriction(cur, v!);
    return { who, verb: 'has', abilities: [{ kind: 'keyword', name, range: name.range }], range: span(first.range, cur.last().range) };
  }
  if (v!.text === "can't") {
    // `enchanted land can't be enchanted by other Auras` (Consecrate Land).
    cur.expectWord('be');
    const w = attachedWord(cur);
    let other = false;
    if (cur.isWord('by')) {
      cur.next();
      cur.expectWord('other');
      const kind = w.text === 'enchanted' ? 'Auras' : w.text === 'equipped' ? 'Equipment' : 'Fortifications';
      cur.expectWord(kind);
      other = true;
    }
    const cant: AbilityNode = { kind: 'cant', what: w.text, other, range: span(v!.range, cur.last().range) };
    return { who, verb: 'has', abilities: [cant], range: span(first.range, cur.last().range) };
  }
  // `enchanted creature loses all abilities` (Frogify): every ability, alone.
  if (v!.text === 'loses' && cur.isWord('all')) {
    const all = cur.next()!;
    const last = cur.expectWord('abilities');
    const ability: AbilityNode = { kind: 'all', range: span(all.range, last.range) };
    return { who, verb: 'loses', abilities: [ability], range: span(first.range, cur.last().range) };
  }
  const abilities = parseAbilities(cur, v!.text === 'loses' ? 'loses' : undefined);
  // `..., not removing blessing` (702.16n, 702.16p): what the protection it gives spares.
  const keep = cur.peek()?.type === 'comma' && cur.isWord('not', 1) ? parseKeep(cur) : undefined;
  const grant: GrantNode = { who, verb: v!.text as 'has' | 'loses', abilities, range: span(first.range, cur.last().range) };
  if (keep) grant.keep = keep;
  return grant;
}

/**
 * After `enchanted permanent`: `is [a|an] WORDS... [in addition to its other types]`, `isn't [a|an]
 * WORDS...`, or both joined by `and` (Luxior: `isn't a planeswalker and is a creature in addition to its
 * other types`). The words (colors, supertypes, card types, subtypes) are the rules' to read (205.1).
 */
function parseTypeChange(cur: Cursor): AbilityNode {
  const start = cur.peek()!.range;
  const is: Word[] = [];
  const isnt: Word[] = [];
  let inAddition: Range | undefined;
  for (;;) {
    const verb = cur.next()!;
    if (verb.text === 'is' && is.length !== 0) throw new SyntaxError_(msg`One \`is\` clause per grant: write its words together, \`is a colorless Forest land\`.`, verb.range);
    if (verb.text === "isn't" && isnt.length !== 0) throw new SyntaxError_(msg`One \`isn't\` clause per grant: write its words together, \`isn't a planeswalker creature\`.`, verb.range);
    if (cur.isWord('a') || cur.isWord('an')) cur.next();
    const into = verb.text === 'is' ? is : isnt;
    while (cur.peek()?.type === 'word' && !cur.isWord('and') && !cur.isWord('in')) {
      const w = cur.next()!;
      into.push({ text: w.text, range: w.range });
    }
    if (into.length === 0) cur.fail(msg`a type, subtype or color after '${verb.text}' (${verb.text} a creature, ${verb.text} a colorless Forest land)`);
    if (verb.text === 'is' && cur.isWord('in')) {
      const from = cur.peek()!.range;
      for (const w of ['in', 'addition', 'to', 'its', 'other', 'types']) cur.expectWord(w);
      inAddition = span(from, cur.last().range);
    }
    if (!cur.isWord('and')) break;
    cur.next();
    if (!cur.isWord('is') && !cur.isWord("isn't")) cur.fail(msg`'is' or 'isn't' after 'and'`);
  }
  const node: AbilityNode = { kind: 'types', is, isnt, range: span(start, cur.last().range) };
  if (inAddition) node.inAddition = inAddition;
  return node;
}

/** `ABILITY [and ABILITY]...`; `protection from red and from blue` is two protections. `whole`: a grant that takes them away (`loses`). */
function parseAbilities(cur: Cursor, whole?: 'loses'): AbilityNode[] {
  // A grant that gives (`has`) may give protection from the color its card chose (Sanctuary Blade).
  const chosen = whole === undefined;
  const list = [parseAbility(cur, whole, chosen)];
  while (cur.isWord('and')) {
    cur.next();
    const prev = list[list.length - 1];
    if (prev.kind === 'protection' && cur.isWord('from')) {
      const from = cur.next()!;
      const quality = (chosen ? chosenQuality(cur) : undefined) ?? protectionQuality(cur);
      list.push({ kind: 'protection', quality, range: span(from.range, quality.range) });
    } else list.push(parseAbility(cur, whole, chosen));
  }
  return list;
}

const ABILITY_EXPECTED = msg`an ability: a keyword (flying, first strike, ...), protection from QUALITY, hexproof, shroud, ward, or a grant in quotes (\`"equipped creature has flying"\`)`;

/**
 * One ability: a keyword (with its value, Riftbound `Shield 2`), `protection from Q`, `hexproof [from Q]`,
 * `shroud`, `ward [COST]`, or a grant in quotes (MTG 613.7a). `whole`: where the keyword is taken away or
 * stated absent, and takes no value.
 */
function parseAbility(cur: Cursor, whole?: 'loses' | 'has no', chosen = false): AbilityNode {
  cur.unbracket();
  const t = cur.peek();
  if (t && t.type === 'string') {
    cur.next();
    const grant = parseQuotedGrant(t);
    return { kind: 'grant', grant, range: t.range };
  }
  if (!t || t.type !== 'word') return cur.fail(ABILITY_EXPECTED);
  switch (t.text) {
    case 'protection': {
      cur.next();
      cur.expectWord('from');
      const quality = (chosen ? chosenQuality(cur) : undefined) ?? protectionQuality(cur);
      return { kind: 'protection', quality, range: span(t.range, quality.range) };
    }
    case 'hexproof':
    case 'shroud':
    case 'ward': {
      cur.next();
      const keyword = parseTargetingKeyword(cur, t);
      return { kind: 'targeting', keyword, range: keyword.range };
    }
  }
  if (!KEYWORD_FIRST_WORDS.has(t.text)) return cur.fail(ABILITY_EXPECTED);
  cur.next();
  const name = keywordName(cur, t);
  const value = keywordValue(cur, name, whole);
  return value ? { kind: 'keyword', name, value, range: span(name.range, value.range) } : { kind: 'keyword', name, range: name.range };
}

/**
 * A grant in quotes (`"equipped creature has flying"`, the ability an Aura gives an Equipment:
 * 613.7a): the string's text is lexed by the one lexer and parsed as a grant, its tokens placed
 * where they stand in the line. One level only: a quote holds no quote.
 */
const ATTACHED_WORDS: ReadonlySet<string> = new Set(['equipped', 'enchanted', 'fortified']);

function parseQuotedGrant(str: Token): GrantNode {
  if (str.end - str.start !== str.text.length + 2) throw new SyntaxError_(msg`A grant in quotes is written on one line, without escapes: \`"equipped creature has flying"\`.`, str.range);
  const tokens: Token[] = [];
  let problem = false;
  const result = lex(str.text, (line) => {
    for (const t of line.tokens) tokens.push(new Token(t.type, t.text, str.line, str.start + 1 + t.start, str.start + 1 + t.end));
  });
  if (result.problems.length || result.comments.length) problem = true;
  // As a card prints the ability it grants: `"Equipped creature has flying."` (the capital and the period).
  if (tokens.length > 1 && tokens[tokens.length - 1].type === 'period') tokens.pop();
  const first = tokens.length ? printedCase(tokens[0], ATTACHED_WORDS) : undefined;
  if (problem || !first || first.type !== 'word' || (first.text !== 'equipped' && first.text !== 'enchanted' && first.text !== 'fortified')) {
    throw new SyntaxError_(msg`Expected a grant in quotes, like \`"equipped creature has flying"\`.`, str.range);
  }
  const inner = new Cursor(tokens, { tokens, firstLine: str.line, lastLine: str.line, firstOffset: 0, endCharacter: str.end - 1 });
  inner.next();
  const grant = parseGrant(inner, first!);
  if (!inner.atEnd()) inner.fail(msg`the end of the quoted grant`);
  if (grant.abilities.some((a) => a.kind === 'grant')) throw new SyntaxError_(msg`A grant in quotes can't hold another: write the ability it grants.`, str.range);
  // The checker applies a type change of the attachment's own (613.1d), not one it gives to grant.
  if (grant.abilities.some((a) => a.kind === 'types')) throw new SyntaxError_(msg`A grant in quotes gives abilities; a type change in quotes (\`"equipped creature is a ..."\`) is not read. Write the abilities it grants.`, str.range);
  return grant;
}

function parseZone(cur: Cursor, at: boolean): ZoneRef {
  const w = cur.word(at ? "'base' or 'battlefield NAME'" : 'a zone');
  if (!(ZONES as readonly string[]).includes(w.text)) {
    throw new SyntaxError_(msg`Unknown zone '${w.text}'. MTG zones: ${MTG_ZONE_WORDS.join(', ')}; Riftbound zones: ${RIFTBOUND_ZONE_WORDS.join(', ')}.`, w.range);
  }
  if (w.text === 'battlefield') {
    const t = cur.peek();
    if (t && t.type === 'word' && !CLAUSE_WORDS.has(t.text)) {
      const place = cur.name(msg`battlefield name`);
      return { zone: w.text, range: span(w.range, place.range), place };
    }
  } else if (w.text === 'base' && cur.isWord('of')) {
    // Riftbound: `base of P`, the base of player P.
    cur.next();
    const place = cur.name(msg`the player whose base it is`);
    return { zone: w.text, range: span(w.range, place.range), place };
  }
  return new WordZone(w.text, w);
}

function parseFilter(cur: Cursor, stop?: string, typeExample = 'creature'): Filter {
  const first = cur.peek();
  if (!first || first.type !== 'word') return cur.fail(msg`what it can enchant, e.g. creature, land, player`);
  // A control clause (or the stop word) first: the filter's type is missing (`you control get +1/+1`, `enchant you control`).
  if (first.text === stop || (first.text === 'you' && (cur.isWord('control', 1) || cur.isWord("don't", 1) || cur.isWord('do', 1))) || (first.text === 'an' && cur.isWord('opponent', 1)) || (first.text === 'your' && cur.isWord('opponents', 1))) typeMissing(first, typeExample);
  const alternatives: FilterTerm[][] = [[]];
  let control: ControlClause | undefined;
  let zone: FilterZone | undefined;
  let withAura: Range | undefined;
  let toughness: FilterToughness | undefined;
  // Numbers too, after the first word (`creature with toughness 4 or greater`, Gate Smasher): the game's
  // rules say which words they can read (MTG: rules/mtg/characteristics.ts, readableFilter). A `stop`
  // word ends it (`to` after the first filter of `attach target A to target B`).
  while (!cur.atEnd() && (cur.peek()!.type === 'word' || cur.peek()!.type === 'number')) {
    const t = cur.peek()!;
    if (t.text === stop) {
      if (alternatives[alternatives.length - 1].length > 0) break;
      if (alternatives.length > 1) cur.fail(msg`a type after 'or'`);
    }
    if (t.text === 'in') {
      if (alternatives[alternatives.length - 1].length === 0) throw new SyntaxError_(msg`Expected what it describes before 'in', e.g. 'creature card in a graveyard'.`, t.range);
      zone = parseFilterZone(cur);
      break;
    }
    if (t.text === 'or') {
      cur.next();
      if (alternatives[alternatives.length - 1].length === 0) throw new SyntaxError_(msg`Expected a type before 'or'.`, t.range);
      alternatives.push([]);
      continue;
    }
    // A second one, or a near miss (`with another Aura on it`), is words the filter can't read (readableFilter).
    if (!withAura && t.text === 'with' && startsWithAura(cur)) {
      withAura = parseWithAura(cur);
      continue;
    }
    // `with toughness 4 or greater` (Gate Smasher), all of it; a near miss is words the filter can't read, as above.
    if (!toughness && t.text === 'with' && startsWithToughness(cur)) {
      toughness = parseWithToughness(cur);
      continue;
    }
    if (t.text === 'you' && cur.isWord('control', 1)) {
      cur.next();
      cur.next();
      control = 'you';
      break;
    }
    if (t.text === 'you' && (cur.isWord("don't", 1) || cur.isWord('do', 1))) {
      cur.next();
      if (cur.isWord('do')) {
        cur.next();
        cur.expectWord('not');
      } else cur.next();
      cur.expectWord('control');
      control = 'not-you';
      break;
    }
    if (t.text === 'an' && cur.isWord('opponent', 1)) {
      cur.next();
      cur.next();
      cur.expectWord('controls');
      control = 'opponent';
      break;
    }
    // `your opponents control` (Imposing Sovereign): as `an opponent controls`.
    if (t.text === 'your' && cur.isWord('opponents', 1) && cur.isWord('control', 2)) {
      cur.next();
      cur.next();
      cur.next();
      control = 'opponent';
      break;
    }
    cur.next();
    alternatives[alternatives.length - 1].push(filterTerm(t));
  }
  if (alternatives[alternatives.length - 1].length === 0) cur.fail(msg`a type after 'or'`);
  // `creature you control with another Aura attached to it`: the clauses may follow the controller too, in either order.
  if (control) {
    for (let k = 0; k < 2; k++) {
      if (!withAura && startsWithAura(cur)) withAura = parseWithAura(cur);
      else if (!toughness && startsWithToughness(cur)) toughness = parseWithToughness(cur);
    }
  }
  const filter: Filter = { alternatives, control, range: span(first.range, cur.last().range) };
  if (zone) filter.zone = zone;
  if (withAura) filter.withAura = withAura;
  if (toughness) filter.toughness = toughness;
  return filter;
}

/** A filter whose type is missing before `word` (a control clause, an anthem's `get`): says what is missing, a type such as `example`. */
function typeMissing(word: Token, example: string): never {
  throw new SyntaxError_(msg`Expected a type such as '${example}' before '${word.text}', to say what it applies to.`, word.range);
}

/** Does `with toughness N or greater` (or `or less`) come next, all of it, N a number of digits? */
function startsWithToughness(cur: Cursor): boolean {
  if (!cur.isWord('with') || !cur.isWord('toughness', 1) || !cur.isWord('or', 3) || !(cur.isWord('greater', 4) || cur.isWord('less', 4))) return false;
  const n = cur.peek(2)!;
  return n.type === 'number' && /^\d{1,9}$/.test(n.text);
}

/** `with toughness N or greater|less` (startsWithToughness said it comes next). */
function parseWithToughness(cur: Cursor): FilterToughness {
  const first = cur.expectWord('with');
  cur.expectWord('toughness');
  const n = cur.number(msg`a number`);
  cur.expectWord('or');
  const last = cur.next()!;
  return { value: n.value, or: last.text === 'less' ? 'less' : 'greater', range: span(first.range, last.range) };
}

/** The words of a filter's `with another Aura attached to it` (Daybreak Coronet), after `with`. */
const WITH_AURA = ['another', 'Aura', 'attached', 'to', 'it'];

/** Does `with another Aura attached to it` come next, all of it? (Any other `with` is a word the filter reads, or reports: `with toughness 4`.) */
function startsWithAura(cur: Cursor): boolean {
  if (!cur.isWord('with')) return false;
  for (let i = 0; i < WITH_AURA.length; i++) if (!cur.isWord(WITH_AURA[i], i + 1)) return false;
  return true;
}

/** `with another Aura attached to it`: its range. */
function parseWithAura(cur: Cursor): Range {
  const first = cur.expectWord('with');
  let last = first;
  for (const w of WITH_AURA) last = cur.expectWord(w);
  return span(first.range, last.range);
}

/**
 * The spells of a casting prohibition or permission, up to the word `spells`: `creature spells`,
 * `noncreature spells`, `Aura or Equipment spells` (card types, subtypes and colors, `non`, `or`).
 * A spell's zone and controller are known (the stack, its caster), so nothing else is said of it.
 */
function parseSpellFilter(cur: Cursor): Filter {
  const first = cur.peek();
  const alternatives: FilterTerm[][] = [[]];
  for (;;) {
    const t = cur.peek();
    if (!t || t.type !== 'word') return cur.fail(msg`the spells, ending with 'spells': 'creature spells', 'noncreature spells'`);
    cur.next();
    const alt = alternatives[alternatives.length - 1];
    if (t.text === 'spells' || t.text === 'spell' || t.text === 'or') {
      if (alt.length === 0) throw new SyntaxError_(msg`Expected a card type or subtype before '${t.text}', e.g. 'creature spells'.`, t.range);
      if (t.text === 'or') {
        alternatives.push([]);
        continue;
      }
      return { alternatives, range: span(first!.range, t.range) };
    }
    alt.push(filterTerm(t));
  }
}

/**
 * After `if`: `it would be put into a graveyard, exile it instead` (the card itself), or `a card [or
 * token] would be put into a graveyard | an opponent's graveyard, ...` (every card, or an opponent's),
 * each with an optional `from anywhere` before the comma (MTG 614.1a).
 */
/**
 * What a replacement of a unit's death goes on to do to the unit (`, heal me, exhaust me, and recall me`;
 * `, heal that unit, exhaust it, and recall it`): each step once, after a comma (`and` allowed before one) or,
 * as the card prints it, a period. `first`: the first step follows with no separator (`instead heal it`).
 * `objects`: how the text names the unit (one word, or `that unit`).
 */
function saverThen(cur: Cursor, first: boolean, objects: readonly string[]): SaverStep[] {
  const then: SaverStep[] = [];
  for (;;) {
    const sep = first && then.length === 0 ? undefined : cur.peek();
    if (!(first && then.length === 0) && !(sep && endsProperty(sep))) break;
    const period = sep?.type === 'period';
    const skip = sep ? 1 : 0;
    const and = !period && cur.isWord('and', skip) ? 1 : 0;
    const at = skip + and;
    const step = SAVER_STEPS.find((w) => cur.isWord(w, at) || (period && isCapitalized(cur.peek(at), w)));
    if (step === undefined || then.includes(step)) break;
    // `me`, `it`, or `that unit`.
    const obj = cur.peek(at + 1);
    let words = 0;
    if (objects.includes('that') && cur.isWord('that', at + 1) && cur.isWord('unit', at + 2)) words = 2;
    else if (obj !== undefined && obj.type === 'word' && obj.text !== 'that' && objects.includes(obj.text)) words = 1;
    if (words === 0) break;
    for (let i = 0; i < at + 1 + words; i++) cur.next();
    then.push(step);
  }
  return then;
}

/** Zhonya's Hourglass: `[the next time|if] a friendly unit would die, kill this instead[, heal that unit, exhaust it, and recall it]` (369.1). */
function parseFriendlySaver(cur: Cursor, r: () => Range, next: boolean): Property {
  for (const w of ['a', 'friendly', 'unit', 'would', 'die']) cur.expectWord(w);
  if (cur.peek()?.type !== 'comma') cur.fail(msg`', kill this instead'`);
  cur.next();
  for (const w of ['kill', 'this', 'instead']) cur.expectWord(w);
  return { kind: 'death-replacement', scope: 'friendly', next, then: saverThen(cur, false, ['that', 'it']), range: r() };
}

/**
 * Soraka, Wanderer: `if another unit you control here would die and has less Might than me, heal it, exhaust it, and
 * recall it`, or as printed, `if another unit you control here would die, if it has less Might than me, instead heal it, ...` (373.2).
 */
function parseHereSaver(cur: Cursor, r: () => Range): Property {
  for (const w of ['another', 'unit', 'you', 'control', 'here', 'would', 'die']) cur.expectWord(w);
  let printed = false;
  if (cur.isWord('and')) cur.next();
  else {
    if (cur.peek()?.type !== 'comma') cur.fail(msg`'and has less Might than me' or ', if it has less Might than me'`);
    cur.next();
    for (const w of ['if', 'it']) cur.expectWord(w);
    printed = true;
  }
  cur.expectWord('has');
  cur.expectWord('less');
  if (!cur.isWord('Might') && !cur.isWord('might')) cur.fail(msg`'Might'`);
  cur.next();
  for (const w of ['than', 'me']) cur.expectWord(w);
  if (cur.peek()?.type !== 'comma') cur.fail(msg`', heal it, exhaust it, and recall it'`);
  if (printed) {
    cur.next();
    cur.expectWord('instead');
  }
  const then = saverThen(cur, printed, ['it']);
  if (then.length === 0) cur.fail(msg`what the replacement does instead (', heal it, exhaust it, and recall it')`);
  return { kind: 'death-replacement', scope: 'other-here', next: false, then, range: r() };
}

function parseExileInstead(cur: Cursor, r: () => Range): Property {
  let scope: 'self' | 'any' | 'opponent' = 'self';
  if (cur.isWord('it')) cur.next();
  else {
    cur.expectWord('a');
    cur.expectWord('card');
    if (cur.isWord('or')) {
      cur.next();
      cur.expectWord('token');
    }
    scope = 'any';
  }
  for (const w of ['would', 'be', 'put', 'into']) cur.expectWord(w);
  if (scope === 'any' && cur.isWord('an')) {
    cur.next();
    if (!cur.isWord("opponent's") && !cur.isWord('opponent\u2019s')) cur.fail(msg`'a graveyard' or 'an opponent's graveyard'`);
    cur.next();
    scope = 'opponent';
  } else cur.expectWord('a');
  cur.expectWord('graveyard');
  if (cur.isWord('from')) {
    cur.next();
    cur.expectWord('anywhere');
  }
  if (cur.peek()?.type !== 'comma') cur.fail(msg`', exile it instead'`);
  cur.next();
  for (const w of ['exile', 'it', 'instead']) cur.expectWord(w);
  return { kind: 'exile-instead', scope, range: r() };
}

/** A word of a filter: `nonland`, `non-Aura` are negated (`none` is not). */
function filterTerm(t: Token): FilterTerm {
  const w = t.text;
  if (w.startsWith('non-') && w.length > 4) return { negated: true, word: w.slice(4), range: t.range };
  if (w.startsWith('non') && w.length > 3 && w !== 'none') return { negated: true, word: w.slice(3), range: t.range };
  return { negated: false, word: w, range: t.range };
}

/** `in a graveyard`, `in your graveyard`, `in an opponent's graveyard`: the zone a filter names (109.2a). */
function parseFilterZone(cur: Cursor): FilterZone {
  const inTok = cur.next()!;
  const t = cur.peek();
  if (t && t.type === 'word' && (ZONES as readonly string[]).includes(t.text)) {
    throw new SyntaxError_(msg`A filter names a zone as 'in a graveyard' or 'in your graveyard'. If '${t.text}' is where the card is, end the filter with a comma first: ', in ${t.text}'.`, t.range);
  }
  let whose: FilterZone['whose'];
  if (cur.isWord('a')) whose = 'any';
  else if (cur.isWord('your')) whose = 'you';
  else if (cur.isWord('an') && (cur.isWord("opponent's", 1) || cur.isWord('opponent\u2019s', 1))) {
    cur.next();
    whose = 'opponent';
  } else return cur.fail(msg`'a graveyard', 'your graveyard' or 'an opponent's graveyard' after 'in'`);
  cur.next();
  const z = cur.peek();
  if (!z || z.type !== 'word' || z.text !== 'graveyard') {
    return cur.fail(msg`'graveyard' (an enchant filter can name a graveyard; other zones are not supported)`);
  }
  cur.next();
  return { zone: 'graveyard', whose, range: span(inTok.range, z.range) };
}

/** The Riftbound keywords a `resolve` line names, as the cards print them. */
const RESOLVED_KEYWORDS: readonly string[] = ['Weaponmaster', 'Quick-Draw'];

/** `equip`, `fortify`, `reconfigure` or `ability NAME`: the ability of `activate X ...` and `resolve X ...`. */
function abilityWord(cur: Cursor): Word {
  const what = msg`the ability: 'equip', 'fortify', 'reconfigure', 'attach' (Riftbound) or 'ability NAME' (a resolve line also takes 'living weapon', 'for mirrodin', 'job select', 'Weaponmaster', 'Quick-Draw' or 'trigger')`;
  const w = cur.word(what);
  if (w.text === 'ability') return keywordName(cur, w as Token);
  if (!(ACTIVATED_ABILITIES as readonly string[]).includes(w.text)) {
    // `resolve jax weaponmaster`: the keyword as the cards print it, `Weaponmaster`.
    const printed = keywordInOtherCase(w.text, RESOLVED_KEYWORDS);
    if (printed !== undefined) throw new SyntaxError_(msg`Expected ${what}, found '${w.text}': a keyword is written as the cards print it, \`${printed}\`.`, w.range);
    throw new SyntaxError_(msg`Expected ${what}, found '${w.text}'.`, w.range);
  }
  return w;
}

function parseBy(cur: Cursor): Name | undefined {
  if (cur.isWord('by')) {
    cur.next();
    return cur.name(msg`player name`);
  }
  return undefined;
}

// ---- the fast path ----------------------------------------------------------------------------
//
// Most lines of a long scenario are short events of a few names (`equip e1 to c2`, `move c3 to
// graveyard`, `expect e1 attached to c2`). For a line made only of ASCII words (a letter, then
// letters, digits, `-` or `_`) separated by spaces, the lexer's tokens are exactly those words, each
// an identifier; `fastPath` recognises the common shapes among them and builds the same statement
// the full parser makes of those tokens. Anything else (another shape, a comment, a quote, a
// digit, a tab, a non-ASCII letter, a syntax error) returns undefined and is parsed in full.

/** Start and end offsets of the words of the line being recognised, and their keys (wordKeyOf). */
const MAX_FAST_WORDS = 8;
const wordStart = new Int32Array(MAX_FAST_WORDS);
const wordEnd = new Int32Array(MAX_FAST_WORDS);
const wordKey = new Int32Array(MAX_FAST_WORDS);

/**
 * A word's key: its length and first three characters in one number (the fast path's words are
 * ASCII, 7 bits a character; a length from 1023 on counts as 1023). Two words with different keys
 * differ, so a comparison with a known word is mostly one number compared; equal keys mean the same
 * length and start, and the rest is compared (`is`).
 */
function wordKeyOf(length: number, c0: number, c1: number, c2: number): number {
  return (Math.min(length, 1023) << 21) | (c0 << 14) | (c1 << 7) | c2;
}

/** The key of the ASCII word text[start, end) (wordKeyOf). */
function keyAt(text: string, start: number, end: number): number {
  const length = end - start;
  return wordKeyOf(length, text.charCodeAt(start), length > 1 ? text.charCodeAt(start + 1) : 0, length > 2 ? text.charCodeAt(start + 2) : 0);
}

/** Is the word at `start`, whose key is that of `t` (so as long, and starting alike), `t`? Its letters after the third are compared. */
function sameRest(text: string, start: number, t: string): boolean {
  for (let i = 3; i < t.length; i++) if (text.charCodeAt(start + i) !== t.charCodeAt(i)) return false;
  return true;
}

/** A word the fast path looks for, with its key. */
interface KnownWord {
  readonly text: string;
  readonly key: number;
}

function known(text: string): KnownWord {
  return { text, key: keyAt(text, 0, text.length) };
}

/** ASCII letters (2), and digits, `-` and `_` (1): what a word of the fast path starts with and goes on with. */
const WORD_CHAR = new Uint8Array(128);
for (let c = 0; c < 128; c++) WORD_CHAR[c] = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) ? 2 : (c >= 48 && c <= 57) || c === 45 || c === 95 ? 1 : 0;

/** A letter, digit, `-` or `_`: what a word of the fast path goes on with (WORD_CHAR). */
function continuesWord(c: number): boolean {
  return c < 128 && WORD_CHAR[c] !== 0;
}

/**
 * The char code at `i`, or a line break (10) past the end of the text: a read stays inside the
 * text (nextLineStart says why), and the end of the text ends a line.
 */
function codeAt(text: string, i: number): number {
  return i < text.length ? text.charCodeAt(i) : 10;
}

/** A space or a line break (`\n`, `\r`): what may follow a word of the fast path. */
function isSpaceOrBreak(c: number): boolean {
  return c === 32 || c === 10 || c === 13;
}

/** Where the line splitWords or splitCardLine read last ends: its break (`\n` or `\r`) or the end of the text. */
let splitEnd = 0;

/**
 * The words of the line that starts at `start`, read up to its break (`\n` or `\r`: a text that
 * holds a `\r` breaks lines there, and one without holds none) or the end of the text, which
 * `splitEnd` is set to; or -1 when the line is not words and spaces only.
 */
function splitWords(text: string, start: number): number {
  let n = 0;
  let i = start;
  // Each character is read once: the one that ends a word is the next one looked at.
  let c = codeAt(text, i);
  for (;;) {
    while (c === 32) c = codeAt(text, ++i);
    if (c === 10 || c === 13) break;
    if (c >= 128 || WORD_CHAR[c] !== 2 || n === MAX_FAST_WORDS) return -1;
    const s = i;
    // The key (wordKeyOf) from the first three characters as they are read (splitCardLine reads a
    // card line's words with the same loop, written out: see there).
    const c0 = c;
    let c1 = 0;
    let c2 = 0;
    c = codeAt(text, ++i);
    if (continuesWord(c)) {
      c1 = c;
      c = codeAt(text, ++i);
      if (continuesWord(c)) {
        c2 = c;
        do c = codeAt(text, ++i);
        while (continuesWord(c));
      }
    }
    if (!isSpaceOrBreak(c)) return -1;
    wordStart[n] = s;
    wordEnd[n] = i;
    wordKey[n++] = wordKeyOf(i - s, c0, c1, c2);
  }
  splitEnd = i;
  return n;
}

/** Is word k of the line `w`? (No string is made; the key compares the length and first three characters.) */
function is(text: string, k: number, w: KnownWord): boolean {
  if (wordKey[k] !== w.key) return false;
  // sameRest, written out: this runs for a few words of every line.
  const t = w.text;
  const s = wordStart[k];
  for (let i = 3; i < t.length; i++) if (text.charCodeAt(s + i) !== t.charCodeAt(i)) return false;
  return true;
}

/** The range from token a to token b (their own ranges are not made). */
function wordsSpan(a: Token, b: Token): Range {
  return { start: { line: a.line, character: a.start }, end: { line: b.line, character: b.end } };
}

/** The line being recognised (set by fastWordsLine, as the word offsets are: no closure is made per line). */
let fastText = '';
let fastLineNo = 0;
let fastBase = 0;

/** Word k of the line as a token; `known` is its text when it is known already (a verb, a zone: no new string). */
function tok(k: number, known?: string): Token {
  return new Token('word', known ?? fastText.slice(wordStart[k], wordEnd[k]), fastLineNo, wordStart[k] - fastBase, wordEnd[k] - fastBase);
}

/** The verbs the fast path knows; fastStatement switches on their index, `Verb`, in the same order (a mismatch fails the fast-path properties of test/unit/fuzz.test.ts). */
const FAST_VERBS = ['attach', 'equip', 'fortify', 'cast', 'resolve', 'enter', 'recall', 'unattach', 'detach', 'move', 'destroy', 'sacrifice', 'kill', 'exile', 'bounce', 'control', 'gains', 'loses', 'expect'] as const;
const enum Verb {
  Attach,
  Equip,
  Fortify,
  Cast,
  Resolve,
  Enter,
  Recall,
  Unattach,
  Detach,
  Move,
  Destroy,
  Sacrifice,
  Kill,
  Exile,
  Bounce,
  Control,
  Gains,
  Loses,
  Expect,
}

/** The zone each verb of zone-change sugar moves its card to, by verb index (`destroy` → graveyard...). */
const SUGAR_ZONE_OF_VERB: (string | undefined)[] = FAST_VERBS.map((v) => SUGAR_ZONE[v]);

/**
 * Words by key (wordKeyOf), in a small open-addressed table of keys: which of them word k of the
 * line is (its index in the list), or -1. One multiplication and a compare or two per word; no
 * string is made or hashed.
 */
class WordTable {
  private readonly keys: Int32Array;
  private readonly slots: Int16Array;
  private readonly shift: number;
  private readonly words: KnownWord[];
  constructor(list: readonly string[]) {
    this.words = list.map(known);
    let bits = 4;
    while (1 << bits < list.length * 4) bits++;
    this.shift = 32 - bits;
    this.keys = new Int32Array(1 << bits);
    this.slots = new Int16Array(1 << bits).fill(-1);
    this.words.forEach((w, index) => {
      let i = this.slotOf(w.key);
      while (this.slots[i] >= 0) {
        // Two words of a table with one key would need both compared: none do (any test that loads this module fails otherwise).
        if (this.keys[i] === w.key) throw new Error(`fast path: '${w.text}' and '${this.words[this.slots[i]].text}' share a key`);
        i = (i + 1) & (this.slots.length - 1);
      }
      this.keys[i] = w.key;
      this.slots[i] = index;
    });
  }
  private slotOf(key: number): number {
    return Math.imul(key, 0x9e3779b1) >>> this.shift;
  }
  /** The index of the word whose key is `key`, or -1. */
  private indexOf(key: number): number {
    const mask = this.slots.length - 1;
    for (let i = this.slotOf(key); ; i = (i + 1) & mask) {
      const at = this.slots[i];
      if (at < 0 || this.keys[i] === key) return at;
    }
  }
  /** The index of the word of the list that word k of the line is, or -1 (the fast path's words are ASCII: splitWords). */
  find(text: string, k: number): number {
    return this.findKey(wordKey[k], text, wordStart[k]);
  }
  /** The index of the word of the list that the ASCII word at `start`, whose key is `key`, is, or -1. */
  findKey(key: number, text: string, start: number): number {
    const at = this.indexOf(key);
    return at >= 0 && sameRest(text, start, this.words[at].text) ? at : -1;
  }
}

const FAST_VERB_TABLE = new WordTable(FAST_VERBS);
const ZONE_TABLE = new WordTable(ZONES);

/** Does `until` or `this` come next (the start of turnDuration)? Neither is a card type, a subtype or a ward cost. */
function startsTurnDuration(cur: Cursor): boolean {
  return cur.isWord('until') || cur.isWord('this');
}

/** `until end of turn`, `this turn` (an effect that ends with its turn), `until your next turn` or `until P's next turn`, or undefined when none comes next. */
function turnDuration(cur: Cursor): TurnDuration | undefined {
  // `until alice's next turn`: the player's name, then `'s`, in one word.
  const whose = cur.isWord('until') ? cur.peek(1) : undefined;
  if (whose?.type === 'word' && whose.text.endsWith("'s") && isIdentifier(whose.text.slice(0, -2))) {
    const first = cur.expectWord('until');
    cur.next();
    const r = whose.range;
    const player: Name = { text: whose.text.slice(0, -2), range: { start: r.start, end: { line: r.end.line, character: r.end.character - 2 } } };
    cur.expectWord('next');
    const last = cur.expectWord('turn');
    return { kind: 'turn', text: 'until your next turn', range: span(first.range, last.range), player };
  }
  const words = cur.isWord('until') ? (cur.isWord('your', 1) ? ['until', 'your', 'next', 'turn'] : ['until', 'end', 'of', 'turn']) : cur.isWord('this') ? ['this', 'turn'] : undefined;
  if (!words) return undefined;
  const tokens = words.map((w) => cur.expectWord(w));
  return { kind: 'turn', text: words.join(' ') as TurnDuration['text'], range: span(tokens[0].range, tokens[tokens.length - 1].range) };
}

/**
 * `for as long as CONDITION [and CONDITION]...`, or undefined when `for` doesn't come next: each
 * condition `P controls Y`, `Y is enchanted|equipped`, `Y remains on the battlefield` or `Y remains
 * tapped`; one condition is itself the duration, several are `all`.
 */
function asLongAs(cur: Cursor): ControlDuration | undefined {
  if (!cur.isWord('for')) return undefined;
  const first = cur.expectWord('for');
  for (const w of ['as', 'long', 'as']) cur.expectWord(w);
  const parts = [asLongAsCondition(cur)];
  while (cur.isWord('and')) {
    cur.next();
    parts.push(asLongAsCondition(cur));
  }
  if (parts.length === 1) return { ...parts[0], range: span(first.range, parts[0].range) };
  return { kind: 'all', parts, range: span(first.range, parts[parts.length - 1].range) };
}

/** One condition of `for as long as` (its range: its own words). */
function asLongAsCondition(cur: Cursor): AsLongAsCondition {
  const who = cur.name(msg`a player (\`P controls Y\`) or a card (\`Y is enchanted\`, \`Y remains on the battlefield\`)`);
  if (cur.isWord('controls')) {
    cur.next();
    const card = cur.name(msg`the card P must go on controlling`);
    return { kind: 'controls', player: who, card, range: span(who.range, card.range) };
  }
  if (cur.isWord('remains')) {
    cur.next();
    if (cur.isWord('tapped')) return { kind: 'remains', card: who, what: 'tapped', range: span(who.range, cur.next()!.range) };
    if (!cur.isWord('on')) cur.fail(msg`'on the battlefield' or 'tapped'`);
    for (const w of ['on', 'the']) cur.expectWord(w);
    const last = cur.expectWord('battlefield');
    return { kind: 'remains', card: who, what: 'on the battlefield', range: span(who.range, last.range) };
  }
  if (!cur.isWord('is')) cur.fail(msg`'controls' (\`P controls Y\`), 'is' (\`Y is enchanted\`) or 'remains' (\`Y remains on the battlefield\`)`);
  cur.next();
  const what = cur.isWord('enchanted') ? 'enchanted' : cur.isWord('equipped') ? 'equipped' : cur.fail(msg`'enchanted' or 'equipped'`);
  const last = cur.expectWord(what);
  return { kind: 'attached', card: who, what, range: span(who.range, last.range) };
}

/** The other words of the event shapes. */
const W_TO = known('to');
const W_PLAYER = known('player');
const W_GAME = known('game');
const W_BY = known('by');
const W_FROM = known('from');
const W_TARGETING = known('targeting');
const W_PROTECTION = known('protection');
const W_NO = known('no');
const W_ATTACHMENTS = known('attachments');
const W_ON = known('on');
const W_UNATTACHED = known('unattached');
const W_IN = known('in');
const W_HAS = known('has');
const W_ATTACHED = known('attached');
const W_NEWER = known('newer');
const W_THAN = known('than');
const W_CONTROLLED = known('controlled');

/**
 * The fast path (the lexer's FastLine): the statement of the line starting at `base`, which starts
 * with an ASCII letter, or undefined; `end()` is where the line read last ends.
 */
export const fastPath: FastLine = {
  read(text: string, line: number, base: number): Statement | undefined {
    const c = text.charCodeAt(base);
    // `card ...` and `title "..."` have a quoted string, `rules DATE` a number: never words only.
    if (c === 99 && text.startsWith('card ', base)) return fastCard(text, line, base);
    if (c === 116 && text.startsWith('title "', base)) return fastTitle(text, line, base);
    if (c === 114 && text.startsWith('rules ', base)) return fastRules(text, line, base);
    return fastWordsLine(text, line, base);
  },
  end() {
    return splitEnd;
  },
};

/** A line of words and spaces only (an event). */
function fastWordsLine(text: string, line: number, base: number): Statement | undefined {
  const n = splitWords(text, base);
  if (n < 2) return undefined;
  fastText = text;
  fastLineNo = line;
  fastBase = base;
  // `player NAME` (a word is an identifier) and `game NAME`: declarations every file has.
  const st = n === 2 && is(text, 0, W_PLAYER) ? fastPlayer() : n === 2 && is(text, 0, W_GAME) ? fastGame() : fastStatement(text, n);
  // The text is not kept once the line is done.
  fastText = '';
  return st;
}

/** parseStatement's `game NAME`, on the two words of the line (the game is checked by the header's reader). */
function fastGame(): GameStmt {
  const game = tok(1);
  return { kind: 'game', range: twoWordsRange(game), game };
}

/** The range of a line of two words (fastGame, fastPlayer): from the first to the end of the second, `second`. */
function twoWordsRange(second: Token): Range {
  return { start: { line: fastLineNo, character: wordStart[0] - fastBase }, end: { line: fastLineNo, character: second.end } };
}

/**
 * The end of a header line whose last token ends at `i`: after any spaces, its break (`\n`, `\r`) or
 * the end of the text, which `splitEnd` is set to; false when anything else follows (a comment, a
 * second token), and the line is lexed in full.
 */
function headerLineEndsAt(text: string, i: number): boolean {
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) break;
    if (c !== 32) return false;
    i++;
  }
  splitEnd = i;
  return true;
}

/** parseStatement's `title "TEXT"`, for a title with no escape (`\"`, `\\`) and nothing after it but spaces. */
function fastTitle(text: string, line: number, base: number): TitleStmt | undefined {
  const open = base + 6;
  let i = open + 1;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) break;
    if (c === 92 || c === 10 || c === 13) return undefined;
  }
  if (i === text.length || !headerLineEndsAt(text, i + 1)) return undefined;
  return { kind: 'title', title: text.slice(open + 1, i), range: { start: { line, character: 0 }, end: { line, character: i + 1 - base } } };
}

/**
 * parseStatement's `rules VERSION` for a version of digits with `.` or `-` between them (the dates
 * of MTG's rules, `2024-06-07`), and nothing after it but spaces: the lexer's number token.
 */
function fastRules(text: string, line: number, base: number): RulesStmt | undefined {
  const start = base + 6;
  if (start >= text.length || !isDigit(text.charCodeAt(start))) return undefined;
  let i = start + 1;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isDigit(c)) continue;
    if ((c === 46 || c === 45) && i + 1 < text.length && isDigit(text.charCodeAt(i + 1))) continue;
    break;
  }
  if (!headerLineEndsAt(text, i)) return undefined;
  return {
    kind: 'rules',
    version: { text: text.slice(start, i), range: { start: { line, character: start - base }, end: { line, character: i - base } } },
    range: { start: { line, character: 0 }, end: { line, character: i - base } },
  };
}

/** parseStatement's `player NAME`, on the two words of the line. */
function fastPlayer(): PlayerStmt {
  const id = tok(1);
  return { kind: 'player', id, range: twoWordsRange(id) };
}

function fastStatement(text: string, n: number): Statement | undefined {
  const v = FAST_VERB_TABLE.find(text, 0);
  if (v < 0) return undefined;
  const verb = FAST_VERBS[v];
  switch (v as Verb) {
    case Verb.Attach:
    case Verb.Equip:
    case Verb.Fortify:
    case Verb.Cast: {
      const link = v === Verb.Cast ? W_TARGETING : W_TO;
      if (!(n === 4 || (n === 6 && is(text, 4, W_BY))) || !is(text, 2, link)) return undefined;
      const subject = tok(1);
      const other = tok(3);
      const by = n === 6 ? tok(5) : undefined;
      const e = fastEvent(by ?? other);
      e.subject = subject;
      e.by = by;
      if (v === Verb.Cast) {
        e.kind = 'cast';
        e.target = other;
      } else {
        e.kind = 'attach';
        e.verb = verb as 'attach' | 'equip' | 'fortify';
        e.host = other;
      }
      return e as unknown as EventNode;
    }
    case Verb.Resolve:
    case Verb.Enter:
    case Verb.Recall: {
      if (n !== 2) return undefined;
      const subject = tok(1);
      const e = fastEvent(subject);
      e.kind = verb as 'resolve' | 'enter' | 'recall';
      e.subject = subject;
      return e as unknown as EventNode;
    }
    case Verb.Unattach:
    case Verb.Detach: {
      if (!(n === 2 || (n === 4 && is(text, 2, W_FROM)))) return undefined;
      const subject = tok(1);
      const host = n === 4 ? tok(3) : undefined;
      const e = fastEvent(host ?? subject);
      e.kind = 'unattach';
      e.verb = verb;
      e.subject = subject;
      e.host = host;
      return e as unknown as EventNode;
    }
    case Verb.Move: {
      if (n !== 4 || !is(text, 2, W_TO)) return undefined;
      const zone = ZONE_TABLE.find(text, 3);
      if (zone < 0) return undefined;
      const z = tok(3, ZONES[zone]);
      const e = fastEvent(z);
      e.kind = 'move';
      e.verb = verb;
      e.subject = tok(1);
      e.zone = new WordZone(z.text, z);
      return e as unknown as EventNode;
    }
    case Verb.Destroy:
    case Verb.Sacrifice:
    case Verb.Kill:
    case Verb.Exile:
    case Verb.Bounce: {
      if (n !== 2) return undefined;
      const subject = tok(1);
      const e = fastEvent(subject);
      e.kind = 'move';
      e.verb = verb;
      e.subject = subject;
      e.zone = new SugarZone(SUGAR_ZONE_OF_VERB[v]!, fastLineNo, wordStart[0] - fastBase, wordEnd[0] - fastBase);
      return e as unknown as EventNode;
    }
    case Verb.Control: {
      // `control X P` or `control X to P` (`control X to` alone is an error: parsed in full).
      if (!((n === 3 && !is(text, 2, W_TO)) || (n === 4 && is(text, 2, W_TO)))) return undefined;
      const player = tok(n - 1);
      const e = fastEvent(player);
      e.kind = 'control';
      e.subject = tok(1);
      e.player = player;
      return e as unknown as EventNode;
    }
    case Verb.Gains:
    case Verb.Loses: {
      if (n !== 5 || !is(text, 2, W_PROTECTION) || !is(text, 3, W_FROM)) return undefined;
      const quality = tok(4);
      const e = fastEvent(quality);
      e.kind = 'protection';
      e.verb = verb;
      e.subject = tok(1);
      e.quality = quality;
      return e as unknown as EventNode;
    }
    case Verb.Expect:
      return fastExpect(text, n);
  }
  return undefined;
}

function fastExpect(text: string, n: number): Statement | undefined {
  let a: Assertion;
  let last: Token;
  if (is(text, 1, W_NO)) {
    if (n !== 5 || !is(text, 2, W_ATTACHMENTS) || !is(text, 3, W_ON)) return undefined;
    const first = tok(1);
    last = tok(4);
    a = { kind: 'no-attachments', host: last, range: wordsSpan(first, last) };
  } else if (n === 3 && is(text, 2, W_UNATTACHED)) {
    const subject = tok(1);
    last = tok(2);
    a = { kind: 'unattached', subject, range: wordsSpan(subject, last) };
  } else if (n === 4 && is(text, 2, W_IN)) {
    const z = ZONE_TABLE.find(text, 3);
    if (z < 0) return undefined;
    const subject = tok(1);
    last = tok(3, ZONES[z]);
    const zone: ZoneRef = new WordZone(last.text, last);
    a = { kind: 'in-zone', subject, zone, range: wordsSpan(subject, last) };
  } else if (n === 4 && is(text, 2, W_HAS)) {
    // `expect X has flying` asserts an ability: the full parser reads it.
    if (ABILITY_WORD_TABLE.find(text, 3) >= 0) return undefined;
    const subject = tok(1);
    last = tok(3);
    a = { kind: 'has', host: subject, subject: last, range: wordsSpan(subject, last) };
  } else if (n === 5 && is(text, 2, W_ATTACHED) && is(text, 3, W_TO)) {
    const subject = tok(1);
    last = tok(4);
    a = { kind: 'attached-to', subject, host: last, range: wordsSpan(subject, last) };
  } else if (n === 5 && is(text, 2, W_NEWER) && is(text, 3, W_THAN)) {
    const subject = tok(1);
    last = tok(4);
    a = { kind: 'newer-than', subject, other: last, range: wordsSpan(subject, last) };
  } else if (n === 5 && is(text, 2, W_CONTROLLED) && is(text, 3, W_BY)) {
    const subject = tok(1);
    last = tok(4);
    a = { kind: 'controlled-by', subject, player: last, range: wordsSpan(subject, last) };
  } else return undefined;
  const node = fastEvent(last);
  node.kind = 'expect';
  node.assertion = a;
  return node as unknown as EventNode;
}

// ---- the fast path for card declarations ----------------------------------------------------
//
// `card c1 "Silvercoat Lion": creature — Cat, owner alice, color white`: a card line whose tokens
// are all of a few kinds (ASCII words of letters, digits, `-` and `_` with a letter first, a
// string without a backslash, `:`, `,`, `—` or `–`), with the common properties (owner,
// controller, entered under, in ZONE, attached to, color, enchant with plain words and `you
// control`, the flags), is split into token offsets without Token objects, and built into the
// statement the full parser makes of those tokens (same objects, same fields in the same order,
// same ranges). Anything else (another property, `or`, `non`, a place after `battlefield`, a
// syntax error, a comment) returns undefined and is lexed and parsed in full.

const K_WORD = 0;
const K_STRING = 1;
const K_COLON = 2;
const K_COMMA = 3;
const K_DASH = 4;
const MAX_CARD_TOKENS = 48;
const cardKind = new Uint8Array(MAX_CARD_TOKENS);
const cardStart = new Int32Array(MAX_CARD_TOKENS);
const cardEnd = new Int32Array(MAX_CARD_TOKENS);
/** The key of each word token (wordKeyOf), made as the word is read: a known word is told from it without reading the word again. */
const cardKey = new Int32Array(MAX_CARD_TOKENS);

/**
 * The tokens of the line that starts at `start` into cardKind/cardStart/cardEnd, read up to its
 * break (`\n` or `\r`, as splitWords) or the end of the text, which `splitEnd` is set to; their
 * count, or -1 when one is of another kind.
 */
function splitCardLine(text: string, start: number): number {
  const length = text.length;
  let n = 0;
  let i = start;
  while (i < length) {
    const c = text.charCodeAt(i);
    if (c === 32) {
      i++;
      continue;
    }
    if (c === 10 || c === 13) break;
    if (n === MAX_CARD_TOKENS) return -1;
    cardStart[n] = i;
    if (c < 128 && WORD_CHAR[c] === 2) {
      // The key from the first three characters as they are read: splitWords's loop, written out
      // here too. Shared through a function that leaves the key and the next character in module
      // state, it counted 1.9 % more instructions for the suite and 2.1 % for a steady 100k check
      // (callgrind, December 2026): both are the hot loops of their lines. The fast path's
      // properties hold both readers equal to the full parser.
      const s = i;
      let c1 = 0;
      let c2 = 0;
      let d = codeAt(text, ++i);
      if (continuesWord(d)) {
        c1 = d;
        d = codeAt(text, ++i);
        if (continuesWord(d)) {
          c2 = d;
          do d = codeAt(text, ++i);
          while (continuesWord(d));
        }
      }
      // The lexer's words go on through `'`, `.` and other letters: here a word ends at a space, a comma or the line's end.
      if (!isSpaceOrBreak(d) && d !== 44) return -1;
      cardKey[n] = wordKeyOf(i - s, c, c1, c2);
      cardKind[n] = K_WORD;
    } else if (c === 34) {
      i++;
      while (i < length) {
        const d = text.charCodeAt(i);
        if (d === 34) break;
        if (d === 92 || d === 10 || d === 13) return -1;
        i++;
      }
      if (i === length) return -1;
      i++;
      cardKind[n] = K_STRING;
    } else if (c === 58) {
      i++;
      cardKind[n] = K_COLON;
    } else if (c === 44) {
      i++;
      cardKind[n] = K_COMMA;
    } else if (c === 0x2014 || c === 0x2013) {
      i++;
      cardKind[n] = K_DASH;
    } else return -1;
    cardEnd[n++] = i;
  }
  splitEnd = i;
  return n;
}

/** The card line being built (set by fastCard: no closure per line). */
let cardText = '';
let cardLineNo = 0;
let cardBase = 0;
/**
 * The number of tokens of the line; the token after the property fastProperty built, and its bit
 * of `seen` in buildCard if it may be written once only (ONCE_*), else 0.
 */
let cardCount = 0;
let cardNext = 0;
let cardOnce = 0;

/**
 * The single-valued properties of the fast path (singleValued's keys: `owner`, `controller`,
 * `entered under`, `in`, `attached to`), a bit each: buildCard notes those it has built in one
 * number, instead of asking singleValued of each property built before (a closure and a scan per
 * property).
 */
const ONCE_OWNER = 1;
const ONCE_CONTROLLER = 2;
const ONCE_ENTERED = 4;
const ONCE_ZONE = 8;
const ONCE_ATTACHED = 16;

function cardTok(k: number, known?: string): Token {
  return new Token('word', known ?? cardText.slice(cardStart[k], cardEnd[k]), cardLineNo, cardStart[k] - cardBase, cardEnd[k] - cardBase);
}

/** The range from the start of token a to the end of token b. */
function cardSpan(a: number, b: number): Range {
  return { start: { line: cardLineNo, character: cardStart[a] - cardBase }, end: { line: cardLineNo, character: cardEnd[b] - cardBase } };
}

/** Is token k (perhaps past the last) the known word `w`? */
function cardWordIs(k: number, w: KnownWord): boolean {
  return k < cardCount && cardKind[k] === K_WORD && cardKey[k] === w.key && sameRest(cardText, cardStart[k], w.text);
}

function fastCard(text: string, line: number, base: number): CardStmt | undefined {
  const n = splitCardLine(text, base);
  if (n < 3 || cardKind[1] !== K_WORD || cardKind[2] !== K_STRING) return undefined;
  cardText = text;
  cardLineNo = line;
  cardBase = base;
  cardCount = n;
  const st = buildCard(n);
  // The text is not kept once the line is done.
  cardText = '';
  return st;
}

/**
 * The range a card statement is made with, replaced by its own once its last token is known (no
 * statement leaves buildCard with it): the statement has its fields in the full parser's order from
 * the start, and one range is made, not two. A range like any other (not frozen: one shape for all).
 */
const CARD_RANGE_FIRST: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/** parseCard on the tokens of splitCardLine (the id is an identifier: an ASCII letter, then letters, digits, `-` or `_`). */
function buildCard(n: number): CardStmt | undefined {
  const st: CardStmt = { kind: 'card', props: [], range: CARD_RANGE_FIRST };
  st.id = cardTok(1);
  st.name = { text: cardText.slice(cardStart[2] + 1, cardEnd[2] - 1), range: cardSpan(2, 2) };
  let k = 3;
  if (k < n && cardKind[k] === K_COLON) {
    // parseTypeLine
    k++;
    const first = k;
    if (k >= n || (cardKind[k] !== K_WORD && cardKind[k] !== K_DASH)) return undefined;
    const types: Word[] = [];
    const subtypes: Word[] = [];
    let seenDash = false;
    for (; k < n && cardKind[k] !== K_COMMA; k++) {
      if (cardKind[k] === K_DASH) {
        if (seenDash) return undefined;
        seenDash = true;
        continue;
      }
      if (cardKind[k] !== K_WORD) return undefined;
      // A capital before the dash (`Creature`, printedCase): the line is parsed in full.
      if (!seenDash) {
        const c = cardText.charCodeAt(cardStart[k]);
        if (c >= 65 && c <= 90) return undefined;
      }
      (seenDash ? subtypes : types).push({ text: cardText.slice(cardStart[k], cardEnd[k]), range: cardSpan(k, k) });
    }
    if (seenDash && subtypes.length === 0) return undefined;
    st.typeLine = { types, subtypes, range: cardSpan(first, k - 1) };
  }
  let seen = 0;
  while (k < n) {
    if (cardKind[k] !== K_COMMA || k + 1 === n) return undefined;
    const p = fastProperty(k + 1, n);
    if (!p) return undefined;
    // A single-valued property written again is a syntax error: the line is parsed in full.
    if ((seen & cardOnce) !== 0) return undefined;
    seen |= cardOnce;
    st.props.push(p);
    k = cardNext;
  }
  st.range = cardSpan(0, n - 1);
  return st;
}

/** The properties the fast path builds; fastProperty switches on their index, `Prop`, in the same order (a mismatch fails the fast-path properties). */
const FAST_PROPERTIES = ['owner', 'controller', 'entered', 'attached', 'in', 'color', 'colors', 'reconfigure', 'bestow', 'token', 'exhausted', 'castable', 'enchant'] as const;
const PROPERTY_TABLE = new WordTable(FAST_PROPERTIES);
/** The words after `expect X has` that make it an ability (`has-ability`), not an attachment: the fast path leaves those lines. */
const ABILITY_WORD_TABLE = new WordTable([...ABILITY_STARTS, ...KEYWORD_FIRST_WORDS]);
const enum Prop {
  Owner,
  Controller,
  Entered,
  Attached,
  In,
  Color,
  Colors,
  Reconfigure,
  Bestow,
  Token,
  Exhausted,
  Castable,
  Enchant,
}

/** The words the fast path's properties look for after their first word. */
const C_UNDER = known('under');
const C_TO = known('to');
const C_YOU = known('you');
const C_CONTROL = known('control');
const C_IN = known('in');
const C_OR = known('or');
const C_AN = known('an');
const C_WITH = known('with');
/** The first three letters of a word that starts with `non` (wordKeyOf without the length). */
const NON_START = known('non').key & 0x1fffff;

/** parseProperty at token k for the common properties (cardNext: the token after it; cardOnce: its ONCE_* bit), or undefined. */
function fastProperty(k: number, n: number): Property | undefined {
  if (cardKind[k] !== K_WORD) return undefined;
  const p = PROPERTY_TABLE.findKey(cardKey[k], cardText, cardStart[k]);
  if (p < 0) return undefined;
  cardOnce = 0;
  // The properties of one word after theirs or after `under` or `to` (the player or the host) make
  // that word's token and their range in one place, below.
  let last: number;
  switch (p as Prop) {
    case Prop.Owner:
    case Prop.Controller:
      last = k + 1;
      break;
    case Prop.Entered:
      if (!cardWordIs(k + 1, C_UNDER)) return undefined;
      last = k + 2;
      break;
    case Prop.Attached:
      if (!cardWordIs(k + 1, C_TO)) return undefined;
      last = k + 2;
      break;
    case Prop.In: {
      if (k + 1 >= n || cardKind[k + 1] !== K_WORD) return undefined;
      const zi = ZONE_TABLE.findKey(cardKey[k + 1], cardText, cardStart[k + 1]);
      if (zi < 0) return undefined;
      const z = cardTok(k + 1, ZONES[zi]);
      // A word after the zone (`battlefield NAME`, `base of P`, or an error) is not a comma: the line is parsed in full.
      cardNext = k + 2;
      cardOnce = ONCE_ZONE;
      const zone: ZoneRef = new WordZone(z.text, z);
      return { kind: 'zone', zone, range: cardSpan(k, k + 1) };
    }
    case Prop.Color:
    case Prop.Colors: {
      if (k + 1 >= n || cardKind[k + 1] !== K_WORD) return undefined;
      const colors: Word[] = [];
      let j = k + 1;
      for (; j < n && cardKind[j] === K_WORD; j++) colors.push(cardTok(j));
      cardNext = j;
      return { kind: 'color', colors, range: cardSpan(k, j - 1) };
    }
    case Prop.Enchant: {
      // parseFilter for plain words, then perhaps `you control`.
      const terms: FilterTerm[] = [];
      let control: ControlClause | undefined;
      let j = k + 1;
      for (; j < n && cardKind[j] === K_WORD; j++) {
        // Each word's key is read once, and tells the short words (`you`, `in`, `or`, `an`) by itself.
        const key = cardKey[j];
        if (key === C_YOU.key) {
          if (!cardWordIs(j + 1, C_CONTROL) || terms.length === 0) return undefined;
          control = 'you';
          j += 2;
          break;
        }
        if (key === C_IN.key || key === C_OR.key || key === C_AN.key || (key & 0x1fffff) === NON_START || (key === C_WITH.key && sameRest(cardText, cardStart[j], C_WITH.text))) return undefined;
        terms.push({ negated: false, word: cardText.slice(cardStart[j], cardEnd[j]), range: cardSpan(j, j) });
      }
      if (terms.length === 0) return undefined;
      cardNext = j;
      const filter: Filter = { alternatives: [terms], control, range: cardSpan(k + 1, j - 1) };
      return { kind: 'enchant', filter, range: cardSpan(k, j - 1) };
    }
    default:
      // reconfigure, bestow, token, exhausted, castable.
      cardNext = k + 1;
      return { kind: 'flag', flag: FAST_PROPERTIES[p] as Extract<Property, { kind: 'flag' }>['flag'], range: cardSpan(k, k) };
  }
  if (last >= n || cardKind[last] !== K_WORD) return undefined;
  cardNext = last + 1;
  const who = cardTok(last);
  const range = cardSpan(k, last);
  switch (p as Prop) {
    case Prop.Owner:
      cardOnce = ONCE_OWNER;
      return { kind: 'owner', player: who, range };
    case Prop.Controller:
      cardOnce = ONCE_CONTROLLER;
      return { kind: 'controller', player: who, entered: false, range };
    case Prop.Entered:
      cardOnce = ONCE_ENTERED;
      return { kind: 'controller', player: who, entered: true, range };
    default:
      cardOnce = ONCE_ATTACHED;
      return { kind: 'attached', target: who, range };
  }
}

/** Distributes Omit over a union. */
type OmitEach<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * An event statement. Every event has the same fields (unused ones undefined), so the replay's
 * code sees one object shape; its ranges are made when asked for, from the positions of the verb
 * and of the last token, so a statement that is replayed and dropped costs one object (the fast
 * path makes no token for the verb).
 */
class EventStmt extends EventBase {
  kind: EventNode['kind'] = 'cleanup';
  verb: string | undefined = undefined;
  subject: Name | undefined = undefined;
  host: Name | undefined = undefined;
  by: Name | undefined = undefined;
  target: Name | undefined = undefined;
  zone: ZoneRef | undefined = undefined;
  words: Word[] | undefined = undefined;
  quality: Word | undefined = undefined;
  player: Name | undefined = undefined;
  keyword: TargetingKeywordNode | undefined = undefined;
  payingWard: Range | undefined = undefined;
  /** Riftbound `attach X to U targeting ... paying deflect` (809.1.c): the two words. */
  payingDeflect: Range | undefined = undefined;
  direction: 'out' | 'in' | undefined = undefined;
  assertion: Assertion | undefined = undefined;
  keep: ProtectionKeepClause | undefined = undefined;
  /** `loses X equip` (AbilityWord), or `activate X equip` / `resolve X equip` (the word as written). */
  ability: AbilityWord | Word | undefined = undefined;
  filter: Filter | undefined = undefined;
  parts: EventNode[] | undefined = undefined;
  other: Name | undefined = undefined;
  /** `turn P STEP`: the step or phase. */
  step: Word | undefined = undefined;
  /** `gains X flying`: the keyword ability. */
  name: Word | undefined = undefined;
  /** Riftbound `gains X Assault 3`: the keyword's value (807.2). */
  value: KeywordValue | undefined = undefined;
  /** `control X P until end of turn | this turn | for as long as ...`: how long the effect lasts. */
  duration: ControlDuration | undefined = undefined;
  /** `attach X to H targeting [with S]`: an effect that targets both, of S's spell or ability. */
  targeting: { source?: Name; range: Range } | undefined = undefined;
  /** `together: A; then B`: the parts that begin a later step of the resolution. */
  steps: number[] | undefined = undefined;
  /** `deal N damage to X from S`: the source. */
  source: Name | undefined = undefined;
  /** `put N +1/+1 counters on X`, `buff X`: the kind of counter. */
  counter: CounterKind | undefined = undefined;
  /** `deal N damage to X`, `put N ... counters on X`: N and where it is written. */
  amount: number | undefined = undefined;
  amountRange: Range | undefined = undefined;
  /** Riftbound `attack at battlefield B`: the battlefield. */
  place: Name | undefined = undefined;
  /** `block X with Y and Z`: the blockers. */
  blockers: Name[] | undefined = undefined;
  /** Riftbound `order replacements A, B` (373): the cards named, in order. */
  names: Name[] | undefined = undefined;
  /** `resolve X living weapon creating T`: the token; `resolve X Weaponmaster choosing G`: the Equipment; `resolve G Quick-Draw choosing U`: the unit. */
  creating: Name | undefined = undefined;
  choosing: Name | undefined = undefined;
  /** MTG `equip X to H choosing C`, `resolve X equip choosing C`: the color chosen as it becomes attached (607.2d). */
  color: Word | undefined = undefined;
  /** `enter X transformed` (MTG 712.14a): the word. */
  transformed: Range | undefined = undefined;
  /** `cast X mutating onto T` (MTG 702.140a): the two words; `resolve X on top|underneath` (702.140c): where it merges. */
  mutating: Range | undefined = undefined;
  /** `cast X face down` (MTG 702.37c, 702.168b): the two words. */
  faceDown: Range | undefined = undefined;
  mergeOn: Word | undefined = undefined;
  /** `enter X as a copy of Y`, `becomes X a copy of Y` (MTG 707.4, 707.5; Riftbound 477.1.b): Y. */
  original: Name | undefined = undefined;
  /** `enter X tapped|untapped|exhausted|ready` (MTG 110.5b; Riftbound 143.4.a): the status it enters with. */
  status: Word | undefined = undefined;
  /** Riftbound `move X to ZONE as a standard move` (144): the words. */
  standard: Range | undefined = undefined;
  /** `gains X WORD` with a word no game reads as an ability: the game's replay reports it. */
  unknown: true | undefined = undefined;
  /** `turn X face up|down` (MTG 708): which way. */
  up: boolean | undefined = undefined;
  /** `manifest X`, `cloak X` (MTG 701.40a, 701.58a): which. */
  how: 'manifest' | 'cloak' | undefined = undefined;
  /** `turn X face up for its mana|morph|megamorph|disguise cost` (MTG 701.40b, 702.37e, 702.168d): the cost its special action pays. */
  cost: TurnUpCost | undefined = undefined;
  private endLine: number;
  private endChar: number;
  /** The verb: its line, start and end. */
  constructor(
    private line: number,
    private verbStart: number,
    private verbEnd: number,
    last: Token,
  ) {
    super();
    this.endLine = last.line;
    this.endChar = last.end;
  }
  /**
   * The events of the fast path (fastEvent): of this class, but their own fields are only those
   * the fast path sets, in the class's order (so a tree prints as the full parser's); the others
   * are not there, and read undefined. 15 fields, not 50: measured, -1.1 % instructions for 3
   * checks of 100k events and -0.6 to -0.9 % for 1,000 small files; the fixtures (where the
   * replay's code sees events of both shapes) neither gain nor lose.
   */
  static readonly Fast = (() => {
    function FastEventStmt(this: EventStmt, line: number, verbStart: number, verbEnd: number, last: Token): void {
      this.line = line;
      this.verbStart = verbStart;
      this.verbEnd = verbEnd;
      this.kind = 'cleanup';
      this.verb = undefined;
      this.subject = undefined;
      this.host = undefined;
      this.by = undefined;
      this.target = undefined;
      this.zone = undefined;
      this.quality = undefined;
      this.player = undefined;
      this.assertion = undefined;
      this.endLine = last.line;
      this.endChar = last.end;
    }
    FastEventStmt.prototype = EventStmt.prototype;
    return FastEventStmt as unknown as new (line: number, verbStart: number, verbEnd: number, last: Token) => EventStmt;
  })();
  /** The statement now ends at `last`. */
  endAt(last: Token): void {
    this.endLine = last.line;
    this.endChar = last.end;
  }
  get verbRange(): Range {
    return { start: { line: this.line, character: this.verbStart }, end: { line: this.line, character: this.verbEnd } };
  }
  /** The same event with its lines moved (movedLines): made by the constructor, so it has the same shape. */
  moved(move: (line: number) => number): EventStmt {
    const e = new EventStmt(move(this.line), this.verbStart, this.verbEnd, { line: move(this.endLine), end: this.endChar } as Token);
    e.kind = this.kind;
    e.verb = this.verb;
    if (this.subject) e.subject = movedName(this.subject, move);
    if (this.host) e.host = movedName(this.host, move);
    if (this.by) e.by = movedName(this.by, move);
    if (this.target) e.target = movedName(this.target, move);
    if (this.zone) e.zone = movedLines(this.zone, move);
    if (this.words) e.words = movedLines(this.words, move);
    if (this.quality) e.quality = movedLines(this.quality, move);
    if (this.player) e.player = movedName(this.player, move);
    if (this.keyword) e.keyword = movedLines(this.keyword, move);
    if (this.payingWard) e.payingWard = movedLines(this.payingWard, move);
    if (this.payingDeflect) e.payingDeflect = movedLines(this.payingDeflect, move);
    e.direction = this.direction;
    if (this.assertion) e.assertion = movedLines(this.assertion, move);
    if (this.keep) e.keep = movedLines(this.keep, move);
    if (this.ability !== undefined) e.ability = movedLines(this.ability, move);
    if (this.filter) e.filter = movedLines(this.filter, move);
    if (this.parts) e.parts = movedLines(this.parts, move);
    if (this.other) e.other = movedName(this.other, move);
    if (this.step) e.step = movedLines(this.step, move);
    if (this.name) e.name = movedLines(this.name, move);
    if (this.value) e.value = movedLines(this.value, move);
    if (this.duration) e.duration = movedLines(this.duration, move);
    if (this.targeting) e.targeting = movedLines(this.targeting, move);
    e.steps = this.steps;
    if (this.source) e.source = movedName(this.source, move);
    e.counter = this.counter;
    e.amount = this.amount;
    if (this.amountRange) e.amountRange = movedLines(this.amountRange, move);
    if (this.place) e.place = movedName(this.place, move);
    if (this.blockers) e.blockers = this.blockers.map((b) => movedName(b, move));
    if (this.names) e.names = this.names.map((b) => movedName(b, move));
    if (this.creating) e.creating = movedName(this.creating, move);
    if (this.choosing) e.choosing = movedName(this.choosing, move);
    if (this.color) e.color = movedLines(this.color, move);
    if (this.transformed) e.transformed = movedLines(this.transformed, move);
    if (this.mutating) e.mutating = movedLines(this.mutating, move);
    if (this.faceDown) e.faceDown = movedLines(this.faceDown, move);
    if (this.mergeOn) e.mergeOn = movedLines(this.mergeOn, move);
    if (this.original) e.original = movedName(this.original, move);
    if (this.status) e.status = movedLines(this.status, move);
    if (this.standard) e.standard = movedLines(this.standard, move);
    e.unknown = this.unknown;
    if (this.up !== undefined) e.up = this.up;
    if (this.how !== undefined) e.how = this.how;
    if (this.cost) e.cost = movedLines(this.cost, move);
    return e;
  }
  get range(): Range {
    return { start: { line: this.line, character: this.verbStart }, end: { line: this.endLine, character: this.endChar } };
  }
}

/** An event whose verb is `verbTok`. */
function eventAt(verbTok: Token, last: Token): EventStmt {
  return new EventStmt(verbTok.line, verbTok.start, verbTok.end, last);
}

/** An event whose verb is word 0 of the line the fast path is recognising. */
function fastEvent(last: Token): EventStmt {
  return new EventStmt.Fast(fastLineNo, wordStart[0] - fastBase, wordEnd[0] - fastBase, last);
}

function event(verbTok: Token, cur: Cursor, fields: OmitEach<EventNode, 'range' | 'verbRange'>): EventNode {
  const e = eventAt(verbTok, cur.last());
  Object.assign(e, fields);
  return e as unknown as EventNode;
}

/** `turn X face up [with S] [attached to H]`, `turn X face down` (MTG 708): the cursor is at X. */
function turnFace(verbTok: Token, cur: Cursor): EventNode {
  const subject = cur.name(msg`the permanent to turn`);
  cur.expectWord('face');
  const dir = cur.word(msg`'up' or 'down'`);
  if (dir.text !== 'up' && dir.text !== 'down') throw new SyntaxError_(msg`Expected 'up' or 'down', found '${dir.text}'.`, dir.range);
  let source: Name | undefined;
  let host: Name | undefined;
  let cost: TurnUpCost | undefined;
  while (dir.text === 'up' && !cur.atEnd()) {
    if (cur.isWord('with') && !source) {
      cur.next();
      source = cur.name(msg`the card whose effect turns it face up`);
    } else if (cur.isWord('attached') && !host) {
      cur.next();
      cur.expectWord('to');
      host = cur.name(msg`the card or player the Aura becomes attached to`);
    } else if (cur.isWord('for') && !cost) {
      // `for its mana cost` (701.40b, 701.58b), `for its morph|megamorph|disguise cost` (702.37e, 702.37b, 702.168d): the special action's cost.
      const from = cur.next()!.range.start;
      cur.expectWord('its');
      const w = cur.word(msg`'mana', 'morph', 'megamorph' or 'disguise'`);
      if (!(TURN_UP_COSTS as readonly string[]).includes(w.text)) throw new SyntaxError_(msg`Expected 'mana', 'morph', 'megamorph' or 'disguise', found '${w.text}'.`, w.range);
      const end = cur.expectWord('cost').range.end;
      cost = { kind: w.text as TurnUpCost['kind'], range: { start: from, end } };
    } else cur.fail(msg`'with', 'for its ... cost', 'attached to' or the end of the statement`);
  }
  cur.end();
  // An effect turns it face up for no cost; a cost is paid for the special action (116.2b).
  if (source && cost) throw new SyntaxError_(msg`\`with ${source.text}\` says an effect turns it face up, and \`for its ${cost.kind} cost\` that its controller turns it face up by a special action, paying that cost (116.2b): write one or the other.`, cost.range);
  return event(verbTok, cur, { kind: 'turn-face', subject, up: dir.text === 'up', ...(source ? { source } : {}), ...(host ? { host } : {}), ...(cost ? { cost } : {}) });
}

/** A zone written as one word (`in graveyard`, `to exile`): its range is the word's, made when asked for. */
class WordZone implements ZoneRef {
  constructor(
    readonly zone: string,
    private readonly word: Word,
  ) {}
  get range(): Range {
    return this.word.range;
  }
  moved(move: (line: number) => number): WordZone {
    return new WordZone(this.zone, movedLines(this.word, move));
  }
}

/** The zone of `destroy`, `exile`...: written by the verb itself (its line, start and end). */
class SugarZone implements ZoneRef {
  constructor(
    readonly zone: string,
    private readonly line: number,
    private readonly start: number,
    private readonly end: number,
  ) {}
  get range(): Range {
    return { start: { line: this.line, character: this.start }, end: { line: this.line, character: this.end } };
  }
  moved(move: (line: number) => number): SugarZone {
    return new SugarZone(this.zone, move(this.line), this.start, this.end);
  }
}

function parseEvent(cur: Cursor, verbTok: Token): EventNode {
  const verb = verbTok.text;
  switch (verb) {
    case 'attach':
    case 'equip':
    case 'fortify': {
      const subject = cur.name(msg`the card to attach`);
      cur.expectWord('to');
      const host = cur.name(msg`the card or player to attach it to`);
      // `attach X to H targeting [with S]` (MTG): an effect that targets both (Brass Squire, Magnetic Theft).
      let targeting: { source?: Name; range: Range } | undefined;
      if (cur.isWord('targeting')) {
        const t = cur.next()!;
        let source: Name | undefined;
        if (cur.isWord('with')) {
          cur.next();
          // `targeting with by alice`: the source is missing (`by` followed by a player is the clause, not a card named `by`).
          const what = msg`the card after 'with' (the source: the card whose spell or ability attaches it)`;
          if (cur.isWord('by') && cur.peek(1)?.type === 'word' && !cur.isWord('by', 1) && cur.peek(2) === undefined) cur.fail(what);
          source = cur.name(what);
        }
        targeting = source ? { source, range: span(t.range, cur.last().range) } : { range: t.range };
      }
      // `choosing C` (MTG Sanctuary Blade): the color chosen as it becomes attached (607.2d), before or after `by P`.
      let color = chosenColorClause(cur);
      let by = parseBy(cur);
      color ??= chosenColorClause(cur);
      // `paying ward` (MTG 702.21a) or `paying deflect` (Riftbound 809.1.c), before or after `by P`: the
      // effect's controller paid a target's ward cost, or the Power its Deflect adds.
      let payingWard: Range | undefined;
      let payingDeflect: Range | undefined;
      if (cur.isWord('paying')) {
        const paying = cur.next()!;
        const deflect = cur.isWord('deflect');
        if (!targeting) {
          throw new SyntaxError_(
            deflect
              ? msg`\`paying deflect\` goes with an effect that chooses its targets (\`attach X to U targeting ... paying deflect\`): ${verb === 'attach' ? msg`this \`attach\` chooses none, so no Deflect adds to its cost` : msg`Equip chooses only a unit its own player controls, so no Deflect adds to its cost`}. Remove it.`
              : msg`\`paying ward\` goes with an effect that targets (\`attach X to H targeting ... paying ward\`): ${verb === 'attach' ? msg`this attach targets nothing, so no ward triggers` : msg`equip and fortify abilities target only what their activator controls, so no ward triggers`}. Remove it.`,
            paying.range,
          );
        }
        if (deflect || cur.isWord('ward')) cur.next();
        else cur.fail(msg`'ward' (MTG: a target's ward cost) or 'deflect' (Riftbound: the Power a target's Deflect adds)`);
        if (deflect) payingDeflect = span(paying.range, cur.last().range);
        else payingWard = span(paying.range, cur.last().range);
        by ??= parseBy(cur);
      }
      cur.end();
      if (payingDeflect) return event(verbTok, cur, { kind: 'attach', verb, subject, host, by, targeting, payingDeflect, color });
      if (color) return event(verbTok, cur, { kind: 'attach', verb, subject, host, by, targeting, payingWard, color });
      return event(verbTok, cur, targeting ? { kind: 'attach', verb, subject, host, by, targeting, payingWard } : { kind: 'attach', verb, subject, host, by });
    }
    case 'cast': {
      const subject = cur.name(msg`the spell to cast`);
      // Without `targeting`, a spell that targets nothing (a bestow card so is cast as a creature).
      let target: Name | undefined;
      // Riftbound `cast S targeting X to U` (434.3): the spell's two targets, the card it attaches and the unit.
      let host: Name | undefined;
      // `mutating onto T` (MTG 702.140a): cast for its mutate cost, a mutating creature spell that targets T.
      let mutating: Range | undefined;
      // `face down` (MTG 702.37c, 702.168b): cast with morph, megamorph or disguise, a 2/2 face-down creature spell.
      let faceDown: Range | undefined;
      if (cur.isWord('face') && cur.isWord('down', 1)) {
        const first = cur.next()!;
        faceDown = span(first.range, cur.next()!.range);
      }
      if (cur.isWord('targeting')) {
        cur.next();
        target = cur.name(msg`the target`);
        if (cur.isWord('to')) {
          cur.next();
          host = cur.name(msg`the unit the spell attaches it to`);
        }
      } else if (cur.isWord('mutating') && !faceDown) {
        const first = cur.next()!;
        mutating = span(first.range, cur.expectWord('onto').range);
        target = cur.name(msg`the creature it mutates onto`);
      }
      let by = parseBy(cur);
      let payingWard: Range | undefined;
      let payingDeflect: Range | undefined;
      // `paying ward` (702.21a), before or after `by P`; Riftbound's `paying deflect` (809.1.c) after the two targets of `targeting X to U`.
      if (cur.isWord('paying')) {
        const paying = cur.next()!;
        if (host && cur.isWord('deflect')) {
          cur.next();
          payingDeflect = span(paying.range, cur.last().range);
        } else {
          if (!host && cur.isWord('deflect')) throw new SyntaxError_(msg`\`paying deflect\` goes with a Riftbound spell that chooses its targets (\`cast S targeting X to U ... paying deflect\`): this cast chooses no card to attach and no unit, so no Deflect adds to its cost. Remove it.`, span(paying.range, cur.peek()!.range));
          cur.expectWord('ward');
          payingWard = span(paying.range, cur.last().range);
        }
        by ??= parseBy(cur);
      }
      const paid = payingWard ?? payingDeflect;
      if (!cur.atEnd()) {
        cur.fail(
          !target && !by && !paid
            ? faceDown
              ? msg`'by' or the end of the statement`
              : msg`'targeting', 'mutating onto', 'face down', 'by' or the end of the statement`
            : !by && !paid
              ? host
                ? msg`'by', 'paying deflect' or the end of the statement`
                : mutating
                  ? msg`'by', 'paying ward' or the end of the statement`
                  : msg`'to', 'by', 'paying ward' or the end of the statement`
              : !by
                ? msg`'by' or the end of the statement`
                : !paid
                  ? host
                    ? msg`'paying deflect' or the end of the statement`
                    : msg`'paying ward' or the end of the statement`
                  : msg`the end of the statement`,
        );
      }
      if (host) return event(verbTok, cur, payingDeflect ? { kind: 'cast', subject, target, host, by, payingDeflect } : { kind: 'cast', subject, target, host, by, payingWard });
      if (faceDown) return event(verbTok, cur, { kind: 'cast', subject, target, by, payingWard, faceDown });
      return event(verbTok, cur, mutating ? { kind: 'cast', subject, target, by, payingWard, mutating } : { kind: 'cast', subject, target, by, payingWard });
    }
    case 'resolve': {
      const subject = cur.name(msg`the spell that resolves`);
      // `resolve jax [Weaponmaster]`, the keyword as cards print it.
      cur.unbracket();
      // A trigger that waits on the stack: `living weapon creating T` (MTG 702.92a), `for mirrodin creating T`
      // (702.163a), `job select creating T` (702.182a), `Weaponmaster [choosing G]` (Riftbound 821.1),
      // `Quick-Draw [choosing U]` (Riftbound 819.1.d).
      if (cur.isWord('living') || cur.isWord('for') || cur.isWord('job') || cur.isWord('Weaponmaster') || cur.isWord('Quick-Draw')) {
        const first = cur.next()!;
        const one = first.text === 'Weaponmaster' || first.text === 'Quick-Draw';
        const last = first.text === 'living' ? cur.expectWord('weapon') : first.text === 'for' ? cur.expectWord('mirrodin') : first.text === 'job' ? cur.expectWord('select') : first;
        const ability: Word = { text: one ? first.text : `${first.text} ${last.text}`, range: span(first.range, last.range) };
        let creating: Name | undefined;
        let choosing: Name | undefined;
        if (!one) {
          cur.expectWord('creating');
          creating = cur.name(msg`the token it creates (a creature token declared off the battlefield)`);
        } else if (cur.isWord('choosing')) {
          cur.next();
          choosing = cur.name(first.text === 'Quick-Draw' ? msg`the unit chosen` : msg`the Equipment chosen`);
        }
        cur.end();
        return event(verbTok, cur, { kind: 'resolve', subject, ability, creating, choosing });
      }
      // `on top` / `underneath` (MTG 702.140c): where a mutating spell goes as it merges with its target.
      if (cur.isWord('on') || cur.isWord('underneath')) {
        const first = cur.next()!;
        const last = first.text === 'on' ? cur.expectWord('top') : first;
        const mergeOn: Word = { text: first.text === 'on' ? 'on top' : 'underneath', range: span(first.range, last.range) };
        cur.end();
        return event(verbTok, cur, { kind: 'resolve', subject, mergeOn });
      }
      // MTG `resolve X trigger`: X's `when put into a graveyard from the battlefield` ability (603.6c).
      const ability = cur.atEnd() || cur.isWord('choosing') ? undefined : cur.isWord('trigger') ? cur.word(msg`the ability`) : abilityWord(cur);
      // `resolve X equip choosing C` (MTG Sanctuary Blade): the color is chosen as it becomes attached, as the ability resolves (607.2d);
      // `resolve X choosing C` (Benevolent Blessing): as the spell resolves, the permanent it becomes chooses as it enters.
      const color = chosenColorClause(cur);
      cur.end();
      return event(verbTok, cur, color ? { kind: 'resolve', subject, ability, color } : { kind: 'resolve', subject, ability });
    }
    case 'activate': {
      const subject = cur.name(msg`the card whose ability is activated`);
      const ability = abilityWord(cur);
      // Reconfigure's other ability unattaches and targets nothing (MTG 702.151a): `activate X reconfigure [by P]`;
      // a named ability (`ability NAME`) may target or not.
      let target: Name | undefined;
      // Riftbound `activate S attach targeting X to U`: the ability's two targets, the card it attaches and the unit (434.3).
      let host: Name | undefined;
      if ((ability.text !== 'reconfigure' && !isNamedAbility(ability.text)) || cur.isWord('targeting')) {
        cur.expectWord('targeting');
        target = cur.name(ability.text === 'attach' ? msg`the card the ability attaches` : msg`the target`);
        if (ability.text === 'attach') {
          cur.expectWord('to');
          host = cur.name(msg`the unit the ability attaches it to`);
        }
      }
      let by = parseBy(cur);
      // Riftbound `paying deflect` (809.1.c), before or after `by P`: a named ability, or the ability that attaches, that chooses a target paid its Deflect.
      if (cur.isWord('paying')) {
        const paying = cur.next()!;
        if (!target || (!isNamedAbility(ability.text) && ability.text !== 'attach')) throw new SyntaxError_(msg`\`paying deflect\` goes with a named ability that chooses a target (\`activate X ability NAME targeting T ... paying deflect\`): ${!isNamedAbility(ability.text) ? msg`${ability.text} chooses only what its own player controls, so no Deflect adds to its cost` : msg`this one chooses none, so no Deflect adds to its cost`}. Remove it.`, paying.range);
        cur.expectWord('deflect');
        const payingDeflect = span(paying.range, cur.last().range);
        by ??= parseBy(cur);
        cur.end();
        return event(verbTok, cur, host ? { kind: 'activate', subject, ability, target, host, by, payingDeflect } : { kind: 'activate', subject, ability, target, by, payingDeflect });
      }
      cur.end();
      return event(verbTok, cur, host ? { kind: 'activate', subject, ability, target, host, by } : { kind: 'activate', subject, ability, target, by });
    }
    case 'enter': {
      const subject = cur.name(msg`the card that enters`);
      let host: Name | undefined;
      let zone: ZoneRef | undefined;
      let player: Name | undefined;
      let transformed: Range | undefined;
      let original: Name | undefined;
      let status: Word | undefined;
      let color: Word | undefined;
      while (!cur.atEnd()) {
        const t = cur.peek()!;
        if (t.type === 'word' && ENTER_STATUS_WORDS.includes(t.text) && !status) {
          // MTG 110.5b, Riftbound 143.4.a: an effect says which status it enters with (the game's rules read the word).
          cur.next();
          status = { text: t.text, range: t.range };
        } else if (cur.isWord('transformed') && !transformed) {
          // MTG 712.14a: it enters with its back face up.
          transformed = cur.next()!.range;
        } else if (cur.isWord('as') && !original) {
          // MTG 707.5, Riftbound 477.1.b: it enters as a copy of another object.
          cur.next();
          original = copyOf(cur);
        } else if (cur.isWord('attached') && !host) {
          cur.next();
          cur.expectWord('to');
          host = cur.name(msg`the card or player it enters attached to`);
        } else if ((cur.isWord('at') || cur.isWord('in')) && !zone) {
          const at = cur.next()!.text === 'at';
          zone = parseZone(cur, at);
        } else if (cur.isWord('under') && !player) {
          cur.next();
          player = cur.name(msg`the player under whose control it enters`);
        } else if (cur.isWord('under')) {
          throw new SyntaxError_(msg`\`under\` is written twice: a card enters under one player's control.`, cur.peek()!.range);
        } else if (cur.isWord('choosing') && !color) {
          // MTG `enter X ... choosing C` (Benevolent Blessing): the color it chooses as it enters (614.12).
          color = chosenColorClause(cur);
        } else cur.fail(msg`'attached to', 'at', 'in', 'under', 'transformed', 'as a copy of', a status ('tapped', 'exhausted', 'ready'...) or the end of the statement`);
      }
      return event(verbTok, cur, { kind: 'enter', subject, host, zone, player, ...(transformed ? { transformed } : {}), ...(original ? { original } : {}), ...(status ? { status } : {}), ...(color ? { color } : {}) });
    }
    case 'unattach':
    case 'detach': {
      const subject = cur.name(msg`the card to ${verb}`);
      let host: Name | undefined;
      if (cur.isWord('from')) {
        cur.next();
        host = cur.name(msg`the card or player it is attached to`);
      }
      cur.end();
      return event(verbTok, cur, { kind: 'unattach', verb, subject, host });
    }
    case 'move': {
      const subject = cur.name(msg`the card to move`);
      cur.expectWord('to');
      const zone = parseZone(cur, false);
      let player: Name | undefined;
      if (cur.isWord('under')) {
        cur.next();
        player = cur.name(msg`the player under whose control it enters`);
      }
      // Riftbound `move X to ZONE as a standard move`: the unit's own Standard Move (144), a Discretionary
      // Action its player takes, not a move an effect makes.
      if (cur.isWord('as')) {
        const as = cur.next()!;
        for (const w of ['a', 'standard', 'move']) cur.expectWord(w);
        cur.end();
        return event(verbTok, cur, { kind: 'move', verb, subject, zone, player, standard: span(as.range, cur.last().range) });
      }
      cur.end();
      return event(verbTok, cur, { kind: 'move', verb, subject, zone, player });
    }
    case 'tap':
    case 'untap':
    case 'exhaust':
    case 'ready':
    case 'stun':
    case 'empower':
    case 'disempower': {
      const subject = cur.name(msg`the card to ${verb}`);
      cur.end();
      return event(verbTok, cur, { kind: 'status', verb, subject });
    }
    case 'destroy':
    case 'sacrifice':
    case 'kill':
    case 'exile':
    case 'banish':
    case 'bounce': {
      const subject = cur.name(msg`the card to ${verb}`);
      cur.end();
      return event(verbTok, cur, { kind: 'move', verb, subject, zone: new SugarZone(SUGAR_ZONE[verb], verbTok.line, verbTok.start, verbTok.end) });
    }
    case 'becomes':
    case 'gains':
    case 'loses': {
      const subject = cur.name(msg`the card that changes`);
      // `gains garen [Shield] this turn`, the keyword as cards print it.
      if (verb !== 'becomes') cur.unbracket();
      // `becomes X a copy of Y` (MTG 707.4; Riftbound 477.1.b.1).
      if (verb === 'becomes' && cur.isWord('a') && cur.isWord('copy', 1)) {
        const original = copyOf(cur);
        // A copy effect that ends (`until end of turn`: Dermotaxi) is not modelled: only one for good.
        if (startsTurnDuration(cur)) throw new SyntaxError_(msg`A copy that ends with a turn is not modelled: the replay reads a copy for good, which ends only as the permanent leaves the battlefield. Remove the duration.`, cur.peek()!.range);
        cur.end();
        return event(verbTok, cur, { kind: 'copy', subject, original });
      }
      if (cur.isWord('protection')) {
        if (verb === 'becomes') cur.fail(msg`card types or subtypes`);
        cur.next();
        // `loses X protection`: every protection it has (MTG 113.10b).
        if (verb === 'loses' && (cur.atEnd() || startsTurnDuration(cur))) {
          const duration = turnDuration(cur);
          cur.end();
          return event(verbTok, cur, { kind: 'abilities', verb, subject, ability: 'protection', duration });
        }
        cur.expectWord('from');
        const quality = protectionQuality(cur);
        if (cur.isWord('and') && cur.isWord('from', 1)) throw new SyntaxError_(msg`One protection per event: write \`${verb} ${subject.text} protection from ${quality.text}\`, and the next on its own line (or as another part of a \`together:\` group).`, cur.peek()!.range);
        // The duration may come before the `not removing` clause or after it.
        let duration = turnDuration(cur);
        const keep = verb === 'gains' ? parseKeep(cur) : undefined;
        if (!duration) duration = turnDuration(cur);
        cur.end();
        return event(verbTok, cur, { kind: 'protection', verb: verb as 'gains' | 'loses', subject, quality, keep, duration });
      }
      if (verb !== 'becomes' && (cur.isWord('hexproof') || cur.isWord('shroud') || cur.isWord('ward'))) {
        const keyword = parseTargetingKeyword(cur, cur.next()!);
        const duration = turnDuration(cur);
        cur.end();
        return event(verbTok, cur, { kind: 'keyword', verb: verb as 'gains' | 'loses', subject, keyword, duration });
      }
      if (verb !== 'becomes' && cur.peek()?.type === 'word' && KEYWORD_FIRST_WORDS.has(cur.peek()!.text)) {
        const name = keywordName(cur, cur.next()!);
        // `gains X Assault 3 this turn` (807.2: a value of its own, added to the others).
        const value = keywordValue(cur, name, verb === 'loses' ? 'loses' : undefined);
        const duration = turnDuration(cur);
        cur.end();
        return event(verbTok, cur, { kind: 'keyword-ability', verb: verb as 'gains' | 'loses', subject, name, value, duration });
      }
      if (verb !== 'becomes') {
        const ability = parseAbilityWord(cur, verb as 'gains' | 'loses');
        if (ability) {
          // `gains X enchant FILTER`: the filter reads the words to the end of the line, so it takes no duration.
          const filter = ability === 'enchant' && verb === 'gains' ? parseFilter(cur) : undefined;
          const duration = filter ? undefined : turnDuration(cur);
          cur.end();
          return event(verbTok, cur, { kind: 'abilities', verb: verb as 'gains' | 'loses', subject, ability, filter, duration });
        }
      }
      // `gains X WORD`, a word no game reads as an ability: the game's own words say what it could be (an MTG
      // scenario's and a Riftbound scenario's differ), so the replay reports it (`unknown`).
      if (verb === 'gains' && cur.peek() !== undefined && (cur.peek()!.type === 'word' || cur.peek()!.type === 'number' || cur.peek()!.type === 'string') && !startsTurnDuration(cur) && !NOT_GAINED.has(cur.peek()!.text) && (cur.peek(1) === undefined || (cur.peek(1)!.type === 'word' && (cur.peek(1)!.text === 'until' || cur.peek(1)!.text === 'this')))) {
        const w = cur.next()!;
        const name = { text: w.text, range: w.range };
        const duration = turnDuration(cur);
        cur.end();
        return event(verbTok, cur, { kind: 'keyword-ability', verb: 'gains', subject, name, duration, unknown: true });
      }
      if (verb === 'gains') cur.fail(msg`'protection from ...', 'enchant FILTER', 'hexproof', 'shroud', 'ward' or a keyword (flying, first strike, ...)`);
      const words: Word[] = [];
      while (!cur.atEnd() && !startsTurnDuration(cur)) {
        // `becomes licid enchantment — Aura`: the dash between types and subtypes, as a declaration's type
        // line writes it, separates nothing the words don't.
        if (words.length > 0 && cur.peek()!.type === 'dash' && cur.peek(1)?.type === 'word') cur.next();
        words.push(cur.word(msg`a card type or subtype`));
      }
      if (words.length === 0) cur.fail(msg`card types or subtypes`);
      const duration = turnDuration(cur);
      cur.end();
      return event(verbTok, cur, { kind: 'types', verb: verb as 'becomes' | 'loses', subject, words, duration });
    }
    case 'control': {
      const subject = cur.name(msg`the card whose control changes`);
      if (cur.isWord('to')) cur.next();
      const player = cur.name(msg`the new controller`);
      const duration = turnDuration(cur) ?? asLongAs(cur);
      cur.end();
      return event(verbTok, cur, duration ? { kind: 'control', subject, player, duration } : { kind: 'control', subject, player });
    }
    case 'turn': {
      // `turn X face up`, `turn X face down` (MTG 708): a permanent's face-down status, not a player's turn.
      if (cur.isWord('face', 1)) return turnFace(verbTok, cur);
      const player = cur.name(msg`the player whose turn it is`);
      const step = cur.atEnd() ? undefined : cur.word(msg`a step or phase (such as main)`);
      cur.end();
      return event(verbTok, cur, { kind: 'turn', player, step });
    }
    case 'phase': {
      const dir = cur.word(msg`'out' or 'in'`);
      if (dir.text !== 'out' && dir.text !== 'in') throw new SyntaxError_(msg`Expected 'out' or 'in', found '${dir.text}'.`, dir.range);
      const subject = cur.name(msg`the card that phases ${dir.text}`);
      cur.end();
      return event(verbTok, cur, { kind: 'phase', direction: dir.text, subject });
    }
    case 'leave': {
      const player = cur.name(msg`the player who leaves`);
      cur.end();
      return event(verbTok, cur, { kind: 'leave', player });
    }
    case 'recall': {
      const subject = cur.name(msg`the card to recall`);
      cur.end();
      return event(verbTok, cur, { kind: 'recall', subject });
    }
    case 'cleanup':
      cur.end();
      return event(verbTok, cur, { kind: 'cleanup' });
    case 'order': {
      // `order replacements A, B, C` (Riftbound 373): the cards whose replacements apply first, in that order.
      cur.expectWord('replacements');
      const names: Name[] = [cur.name(msg`the card whose replacement applies first`)];
      while (cur.peek()?.type === 'comma') {
        cur.next();
        names.push(cur.name(msg`the card whose replacement applies next`));
      }
      cur.end();
      return event(verbTok, cur, { kind: 'order', names });
    }
    case 'heal': {
      const subject = cur.name(msg`the unit to heal`);
      cur.end();
      return event(verbTok, cur, { kind: 'heal', subject });
    }
    case 'put':
    case 'remove': {
      // `put 2 +1/+1 counters on lion`, `remove a -1/-1 counter from lion` (MTG 122.1a, 122.6).
      const n = counterAmount(cur);
      const counter = counterKind(cur);
      cur.expectWord(verbTok.text === 'put' ? 'on' : 'from');
      const subject = cur.name(verbTok.text === 'put' ? msg`the card the counters are put on` : msg`the card the counters are removed from`);
      cur.end();
      return event(verbTok, cur, { kind: 'counters', verb: verbTok.text as 'put' | 'remove', counter, amount: n.value, amountRange: n.range, subject });
    }
    case 'attack': {
      // MTG `attack with lion` (508.1a); Riftbound `attack at battlefield Summit [by alice]` (459.2.b).
      if (cur.isWord('at')) {
        cur.next();
        cur.expectWord('battlefield');
        const place = cur.name(msg`the battlefield where the combat is`);
        const by = parseBy(cur);
        cur.end();
        return event(verbTok, cur, by ? { kind: 'attack', place, by } : { kind: 'attack', place });
      }
      if (!cur.isWord('with')) cur.fail(msg`'with' and the attacking creature (MTG: \`attack with lion\`), or 'at battlefield NAME' (Riftbound)`);
      cur.next();
      const subject = cur.name(msg`the attacking creature`);
      cur.end();
      return event(verbTok, cur, { kind: 'attack', subject });
    }
    case 'block': {
      // MTG `block lion with bears [and wolf]` (509.1a): the blockers of one attacking creature.
      if (cur.isWord('with')) cur.fail(msg`the attacking creature to block, before 'with' (\`block lion with bears\`)`);
      const subject = cur.name(msg`the attacking creature to block`);
      cur.expectWord('with');
      const blockers = [cur.name(msg`the blocking creature`)];
      while (cur.isWord('and')) {
        cur.next();
        blockers.push(cur.name(msg`another blocking creature`));
      }
      if (cur.peek()?.type === 'comma') cur.fail(msg`'and' between the blockers (\`block lion with bears and wolf\`)`);
      cur.end();
      return event(verbTok, cur, { kind: 'block', subject, blockers });
    }
    case 'manifest':
    case 'cloak': {
      // MTG `manifest X [under P]` (701.40a), `cloak X [under P]` (701.58a): the card enters the battlefield face down.
      const subject = cur.name(msg`the card to ${verb}`);
      let player: Name | undefined;
      if (cur.isWord('under')) {
        cur.next();
        player = cur.name(msg`the player under whose control it enters`);
      }
      cur.end();
      return event(verbTok, cur, { kind: 'manifest', how: verb, subject, ...(player ? { player } : {}) });
    }
    case 'transform': {
      // MTG `transform delver` (701.27a): the double-faced permanent turns over.
      const subject = cur.name(msg`the permanent to transform`);
      cur.end();
      return event(verbTok, cur, { kind: 'transform', subject });
    }
    case 'regenerate': {
      // MTG `regenerate troll` (701.19a): a regeneration shield until the turn ends.
      const subject = cur.name(msg`the permanent to regenerate`);
      cur.end();
      return event(verbTok, cur, { kind: 'regenerate', subject });
    }
    case 'buff': {
      // Riftbound `buff garen` (426.1): a buff counter, if it has none.
      const subject = cur.name(msg`the unit to buff`);
      cur.end();
      return event(verbTok, cur, { kind: 'counters', verb: 'put', counter: 'buff', amount: 1, amountRange: verbTok.range, subject });
    }
    case 'spend': {
      // Riftbound `spend buff from garen` (702.2.b): its buff is removed.
      if (cur.isWord('a')) cur.next();
      const what = cur.expectWord('buff');
      cur.expectWord('from');
      const subject = cur.name(msg`the unit whose buff is spent`);
      const by = parseBy(cur);
      cur.end();
      return event(verbTok, cur, { kind: 'counters', verb: 'remove', counter: 'buff', amount: 1, amountRange: what.range, subject, by });
    }
    case 'deal': {
      // `deal 3 damage to lion` (MTG 120.3e; Riftbound 143.3.a).
      const n = cur.number(msg`the amount of damage (a number)`);
      cur.expectWord('damage');
      cur.expectWord('to');
      const subject = cur.name(msg`the card dealt the damage`);
      // `from S`: the source of the damage (MTG 120.1).
      let source: Name | undefined;
      if (cur.isWord('from')) {
        cur.next();
        source = cur.name(msg`the source of the damage`);
      }
      cur.end();
      return event(verbTok, cur, { kind: 'damage', amount: n.value, amountRange: n.range, subject, source });
    }
    case 'expect': {
      const node = eventAt(verbTok, verbTok);
      node.kind = 'expect';
      cur.partial = node as EventNode;
      node.assertion = parseAssertion(cur);
      node.endAt(cur.last());
      cur.end();
      return node as EventNode;
    }
    case 'together':
      return parseTogether(cur, verbTok);
    case 'exchange': {
      cur.expectWord('control');
      cur.expectWord('of');
      const subject = cur.name(msg`the first permanent`);
      cur.expectWord('and');
      const other = cur.name(msg`the second permanent`);
      cur.end();
      return event(verbTok, cur, { kind: 'exchange', subject, other });
    }
    case 'swap': {
      const subject = cur.name(msg`the Aura with aura swap`);
      cur.expectWord('with');
      const other = cur.name(msg`the Aura card in hand`);
      cur.end();
      return event(verbTok, cur, { kind: 'swap', subject, other });
    }
    default: {
      // A sentence written subject first (`alice leaves the game`, `bears dies`): said so, with the line as the language writes it.
      const said = cur.peek();
      const written = said !== undefined && said.type === 'word' ? SUBJECT_FIRST.get(said.text.toLowerCase()) : undefined;
      if (written !== undefined) {
        throw new SyntaxError_(msg`Unknown statement '${verb}': a line starts with its event verb, not with what the event is about. Write ${written(verb)}.`, verbTok.range);
      }
      throw new SyntaxError_(
        msg`Unknown statement '${verb}'. A line starts with a declaration (game, title, rules, player, card) or an event verb (attach, equip, fortify, activate, cast, resolve, enter, unattach, detach, move, destroy, tap, exhaust, ..., expect).`,
        verbTok.range,
      );
    }
  }
}

/** The English verbs a line written subject first has second (`alice leaves the game`), and the line the language writes. */
const SUBJECT_FIRST: ReadonlyMap<string, (who: string) => string> = new Map([
  ['leaves', (w) => `\`leave ${w}\``],
  ['concedes', (w) => `\`leave ${w}\``],
  ['dies', (w) => `\`destroy ${w}\` (MTG), \`kill ${w}\` (Riftbound)`],
  ['attacks', (w) => `\`attack with ${w}\``],
  ['blocks', (w) => `\`block ATTACKER with ${w}\``],
  ['equips', (w) => `\`equip ${w} to CREATURE\``],
  ['enchants', (w) => `\`attach ${w} to HOST\``],
  ['phases', (w) => `\`phase out ${w}\`, \`phase in ${w}\``],
  ['taps', (w) => `\`tap ${w}\``],
  ['untaps', (w) => `\`untap ${w}\``],
]);

/** `all abilities`, `enchant`, `equip`, `fortify`, `reconfigure` after `loses X` (`gains X` only `enchant`); undefined for anything else. */
/** Abilities `loses` reads and `gains` doesn't (`gains X equip`): the parser's own syntax error says so, not a game's list of keywords. */
const NOT_GAINED: ReadonlySet<string> = new Set(['all', 'equip', 'fortify', 'reconfigure']);

function parseAbilityWord(cur: Cursor, verb: 'gains' | 'loses'): AbilityWord | undefined {
  const t = cur.peek();
  if (!t || t.type !== 'word') return undefined;
  if (verb === 'gains') {
    if (t.text !== 'enchant') return undefined;
    cur.next();
    return 'enchant';
  }
  if (t.text === 'all') {
    cur.next();
    cur.expectWord('abilities');
    return 'all';
  }
  if (t.text !== 'enchant' && t.text !== 'equip' && t.text !== 'fortify' && t.text !== 'reconfigure') return undefined;
  cur.next();
  return t.text;
}

/** `, not removing NAME | Auras | attached` after `gains X protection from Q` (MTG 702.16n, 702.16p); in a grant also `itself`. */
function parseKeep(cur: Cursor): ProtectionKeepClause | undefined {
  const comma = cur.peek();
  if (!comma || comma.type !== 'comma') return undefined;
  cur.next();
  const first = cur.expectWord('not');
  cur.expectWord('removing');
  const t = cur.peek();
  if (t && t.type === 'word' && (t.text === 'Auras' || t.text === 'attached' || t.text === 'itself')) {
    cur.next();
    return { what: t.text === 'Auras' ? 'auras' : t.text === 'attached' ? 'attached' : 'self', range: span(first.range, t.range) };
  }
  const card = cur.name(msg`the Aura it doesn't remove, 'Auras' or 'attached'`);
  return { what: 'card', card, range: span(first.range, card.range) };
}

/** Why a verb can't be a part of `together:`. */
const NOT_A_PART = table<Message>({
  together: msg`groups do not nest: write its parts in this group`,
  expect: msg`an assertion is not something that happens: write it on its own line after the group`,
  cast: msg`casting puts a spell on the stack; write it before the group, whose parts are what the spell does as it resolves`,
  resolve: msg`write the resolution as the group itself: its parts are what the spell or ability does`,
  equip: msg`equip is an activated ability, and no ability is activated while an effect resolves: write \`attach\` for what the effect does, or write the equip on its own line`,
  fortify: msg`fortify is an activated ability, and no ability is activated while an effect resolves: write \`attach\` for what the effect does, or write the fortify on its own line`,
  swap: msg`aura swap is an activated ability, and no ability is activated while an effect resolves: write the swap on its own line`,
  activate: msg`no ability is activated while an effect resolves: write the activation on its own line, before or after the group`,
  leave: msg`a player leaving the game is not part of a resolution: write it on its own line`,
  cleanup: msg`a Cleanup does not happen while a chain item resolves: write it on its own line after the group`,
});

/** `together: PART; PART; ...`: the parts are events, separated by `;`; continuation lines may carry them. */
function parseTogether(cur: Cursor, verbTok: Token): EventNode {
  const t = cur.peek();
  if (!t || t.type !== 'colon') cur.fail(msg`':' after 'together' (together: PART; PART; ...)`);
  cur.next();
  const parts: EventNode[] = [];
  // The parts that begin a new step: `then PART` (Unfinished Business: "..., then return ...").
  const steps: number[] = [];
  for (;;) {
    const start = cur.i;
    while (!cur.atEnd() && cur.peek()!.type !== 'semicolon') cur.i++;
    const sep = cur.peek();
    if (cur.i === start) {
      const where = parts.length === 0 ? "'together:'" : "';'";
      if (sep) throw new SyntaxError_(msg`Expected an event after ${where}, found ';'.`, sep.range);
      throw new SyntaxError_(msg`Expected an event after ${where} at the end of the statement${parts.length ? msg`: remove the last ';'` : msg``}.`, cur.endRange());
    }
    const sub = new Cursor(cur.tokens.slice(start, cur.i), cur.line);
    let head = sub.next()!;
    if (head.type === 'word' && head.text === 'then') {
      if (parts.length === 0) throw new SyntaxError_(msg`\`then\` begins a later step of the resolution, so it follows a part: \`together: PART; then PART\`.`, head.range);
      const next = sub.next();
      if (!next) throw new SyntaxError_(msg`Expected an event after 'then'.`, head.range);
      steps.push(parts.length);
      head = next;
    }
    if (head.type !== 'word') throw new SyntaxError_(msg`Expected an event verb, found '${head.text}'.`, head.range);
    if (!(PART_VERBS as readonly string[]).includes(head.text)) {
      const why = NOT_A_PART[head.text];
      if (why) throw new SyntaxError_(msg`'${head.text}' can't be a part of 'together:': ${why}.`, head.range);
      throw new SyntaxError_(msg`Unknown event '${head.text}'. A part of 'together:' is one of: ${PART_VERBS.join(', ')}.`, head.range);
    }
    const part = parseEvent(sub, head);
    // `turn` is a part only as `turn X face up with S` or `turn X face down` (MTG 708): what an effect does as it resolves.
    if (part.kind === 'turn') throw new SyntaxError_(msg`'turn ${part.player.text}' can't be a part of 'together:': a player's turn doesn't begin while an effect resolves: write it on its own line. A part may turn a permanent face up or face down (\`turn X face down\`).`, head.range);
    if (part.kind === 'turn-face' && part.up && !part.source) throw new SyntaxError_(msg`A part of 'together:' is what an effect does, and \`turn ${part.subject.text} face up\` without \`with S\` is its controller's special action, which doesn't happen while an effect resolves (116.2b): write \`turn ${part.subject.text} face up with S\` (S the card whose effect turns it face up), or the special action on its own line.`, part.verbRange);
    parts.push(part);
    if (cur.atEnd()) break;
    cur.next();
  }
  return event(verbTok, cur, steps.length ? { kind: 'together', parts, steps } : { kind: 'together', parts });
}

/**
 * The words after `when` of a triggered ability about attachment (TRIGGER_PHRASES): `attached`,
 * `unattached`, `detached`, `equipped creature dies`, `enchanted creature dies`, `I die`; a host's
 * `an Aura becomes attached to it`, `an Equipment becomes attached to it`, `a gear attaches to me`;
 * another card's `an equipped creature you control dies`, `an enchanted creature dies`, `an equipped
 * friendly unit dies`.
 */
function parseTriggerPhrase(cur: Cursor): TriggerPhrase {
  const expected = msg`'attached', 'unattached', 'detached', 'equipped creature dies', 'enchanted creature dies', 'I die', 'an Aura becomes attached to it', 'an Equipment becomes attached to it', 'a gear attaches to me', 'an equipped creature you control dies', 'an enchanted creature dies', 'an equipped friendly unit dies' or 'put into a graveyard from the battlefield' after 'when'`;
  const t = cur.peek();
  if (!t || t.type !== 'word') return cur.fail(expected);
  const rest = (phrase: TriggerPhrase): TriggerPhrase => {
    for (const w of phrase.split(' ').slice(2)) cur.expectWord(w);
    return phrase;
  };
  switch (t.text) {
    case 'attached':
    case 'unattached':
    case 'detached':
      cur.next();
      return t.text;
    case 'equipped':
    case 'enchanted':
      cur.next();
      cur.expectWord('creature');
      cur.expectWord('dies');
      return t.text === 'equipped' ? 'equipped creature dies' : 'enchanted creature dies';
    case 'I':
      cur.next();
      cur.expectWord('die');
      return 'I die';
    case 'put':
      cur.next();
      cur.expectWord('into');
      return rest('put into a graveyard from the battlefield');
    case 'a':
      cur.next();
      cur.expectWord('gear');
      return rest('a gear attaches to me');
    case 'an': {
      cur.next();
      const second = cur.peek();
      switch (second?.type === 'word' ? second.text : undefined) {
        case 'Aura':
          cur.next();
          return rest('an Aura becomes attached to it');
        case 'Equipment':
          cur.next();
          return rest('an Equipment becomes attached to it');
        case 'enchanted':
          cur.next();
          return rest('an enchanted creature dies');
        case 'equipped': {
          cur.next();
          if (cur.isWord('friendly')) return rest('an equipped friendly unit dies');
          return rest('an equipped creature you control dies');
        }
        default:
          return cur.fail(msg`'Aura', 'Equipment', 'equipped' or 'enchanted' after 'when an'`);
      }
    }
    default:
      return cur.fail(expected);
  }
}

/**
 * The effect after `when put into a graveyard from the battlefield` (TRIGGER_EFFECTS): `, return it to its owner's
 * hand`, `, exile equipped creature`, `, exile enchanted creature` (after a period, capitalized as cards print it);
 * undefined, nothing read, when the next property is another.
 */
function triggerEffect(cur: Cursor): TriggerEffect | undefined {
  const sep = cur.peek();
  if (!sep || !endsProperty(sep)) return undefined;
  const period = sep.type === 'period';
  const first = (w: string) => cur.isWord(w, 1) || (period && isCapitalized(cur.peek(1), w));
  for (const effect of TRIGGER_EFFECTS) {
    const ws = effect.split(' ');
    if (!first(ws[0]) || !ws.slice(1).every((w, k) => cur.isWord(w, 2 + k))) continue;
    for (let i = 0; i <= ws.length; i++) cur.next();
    return effect;
  }
  return undefined;
}

/** `a copy of Y` (after `as` in an `enter` line): Y. */
function copyOf(cur: Cursor): Name {
  cur.expectWord('a');
  cur.expectWord('copy');
  cur.expectWord('of');
  return cur.name(msg`the object it is a copy of`);
}

function parseAssertion(cur: Cursor): Assertion {
  const first = cur.peek();
  if (cur.isWord('no')) {
    cur.next();
    cur.expectWord('attachments');
    cur.expectWord('on');
    const host = cur.name(msg`card or player`);
    return { kind: 'no-attachments', host, range: span(first!.range, cur.last().range) };
  }
  const subject = cur.name(msg`a card or player`);
  const r = () => span(subject.range, cur.last().range);
  const t = cur.peek();
  if (!t || t.type !== 'word') return cur.fail(msg`'attached to', 'unattached', 'in', 'has', 'newer than', 'might', 'power', 'toughness', 'damage', 'controlled by', 'ceased to exist', 'tapped', 'untapped', 'exhausted', 'ready', 'stunned', 'empowered', 'mighty', 'attacking', 'blocking', 'defending', 'transformed', 'face down', 'face up', 'phased out', 'phased in', 'merged with', 'a copy of', 'chosen color', 'no chosen color' or 'triggered'`);
  switch (t.text) {
    case 'attached': {
      cur.next();
      cur.expectWord('to');
      const host = cur.name(msg`card or player`);
      return { kind: 'attached-to', subject, host, range: r() };
    }
    case 'unattached':
      cur.next();
      return { kind: 'unattached', subject, range: r() };
    case 'in':
    case 'at': {
      cur.next();
      const zone = parseZone(cur, t.text === 'at');
      return { kind: 'in-zone', subject, zone, range: r() };
    }
    case 'has': {
      cur.next();
      // `has 2 +1/+1 counters`, `has no -1/-1 counters`, `has a buff`: how many of that counter are on it.
      if (cur.peek()?.type === 'number' && cur.peek()!.text.includes('/')) cur.fail(msg`how many counters (a number, or 'a')`);
      if (startsCounters(cur)) {
        const n = cur.isWord('no') ? (cur.next(), 0) : counterAmount(cur).value;
        const counter = counterKind(cur);
        return { kind: 'counters', subject, counter, value: n, range: r() };
      }
      // `has [Shield 2]`, as cards print it; `has no [Shield]`.
      cur.unbracket();
      if (cur.isWord('no')) {
        cur.next();
        cur.unbracket();
        cur.i--;
      }
      // `has no flying`: the ability is not there (a card named `no` is still `has no`).
      const negated = cur.isWord('no') && startsAbility(cur.peek(1));
      if (negated) cur.next();
      if (startsAbility(cur.peek())) {
        const ability = parseAbility(cur, negated ? 'has no' : undefined);
        return { kind: 'has-ability', subject, ability, negated, range: r() };
      }
      // A grant in quotes is what an Aura gives to grant: the creature has the abilities it grants.
      const quoted = cur.peek();
      if (quoted?.type === 'string') throw new SyntaxError_(msg`An assertion names an ability the card has (\`expect X has flying\`), not a grant in quotes: write the abilities the grant gives.`, quoted.range);
      const other = cur.name(msg`card`);
      return { kind: 'has', host: subject, subject: other, range: r() };
    }
    case 'newer': {
      cur.next();
      cur.expectWord('than');
      const other = cur.name(msg`card`);
      return { kind: 'newer-than', subject, other, range: r() };
    }
    case 'might':
    case 'power':
    case 'toughness':
    case 'damage': {
      const kind = t.text;
      cur.next();
      const n = cur.number(msg`a number`);
      return { kind, subject, value: n.value, range: r() };
    }
    case 'controlled': {
      cur.next();
      cur.expectWord('by');
      const player = cur.name(msg`player name`);
      return { kind: 'controlled-by', subject, player, range: r() };
    }
    case 'ceased': {
      cur.next();
      cur.expectWord('to');
      cur.expectWord('exist');
      return { kind: 'ceased', subject, range: r() };
    }
    case 'tapped':
    case 'untapped':
    case 'exhausted':
    case 'ready':
    case 'stunned':
    case 'empowered':
      cur.next();
      return { kind: 'status', subject, status: t.text, range: r() };
    case 'mighty':
      cur.next();
      return { kind: 'mighty', subject, negated: false, range: r() };
    case 'attacking':
    case 'blocking':
    case 'defending':
      cur.next();
      return { kind: 'combat', subject, role: t.text, negated: false, range: r() };
    case 'transformed':
      cur.next();
      return { kind: 'transformed', subject, negated: false, range: r() };
    case 'chosen':
    case 'no': {
      // `X chosen color C`, `X no chosen color` (MTG 607.2d, 614.12): the color its grant's `the chosen color` reads.
      const none = t.text === 'no';
      cur.next();
      if (none) cur.expectWord('chosen');
      cur.expectWord('color');
      if (none) return { kind: 'chosen-color', subject, range: r() };
      const color = cur.word(msg`the color chosen (white, blue, black, red or green)`);
      return { kind: 'chosen-color', subject, color, range: r() };
    }
    case 'phased': {
      // `X phased out`, `X phased in` (MTG 110.5, 702.26).
      cur.next();
      const dir = cur.word(msg`'out' or 'in'`);
      if (dir.text !== 'out' && dir.text !== 'in') throw new SyntaxError_(msg`Expected 'out' or 'in', found '${dir.text}'.`, dir.range);
      return { kind: 'phased', subject, out: dir.text === 'out', range: r() };
    }
    case 'face': {
      // `X face down`, `X face up` (MTG 110.5, 708).
      cur.next();
      const dir = cur.word(msg`'up' or 'down'`);
      if (dir.text !== 'up' && dir.text !== 'down') throw new SyntaxError_(msg`Expected 'up' or 'down', found '${dir.text}'.`, dir.range);
      return { kind: 'face', subject, down: dir.text === 'down', range: r() };
    }
    case 'merged': {
      // `X merged with Y` (MTG 702.140c, 730.2): cards of one merged permanent.
      cur.next();
      cur.expectWord('with');
      const other = cur.name(msg`the other card of the merged permanent`);
      return { kind: 'merged', subject, other, negated: false, range: r() };
    }
    case 'a': {
      // `X a copy of Y` (MTG 707.2; Riftbound 477.1.b).
      const original = copyOf(cur);
      return { kind: 'copy', subject, original, negated: false, range: r() };
    }
    case 'not':
    case 'triggered': {
      // `X triggered [once|twice|N times] [when PHRASE] [for H]`, `X not triggered ...`: how often X's triggers have triggered.
      const negated = t.text === 'not';
      cur.next();
      // `X not created`: a token no effect has created (MTG 111.1, 303.4g; Riftbound 177).
      if (negated && cur.isWord('created')) {
        cur.next();
        return { kind: 'not-created', subject, range: r() };
      }
      // Riftbound `X not stunned` (423.1.a), `X not empowered` (441.1.a).
      if (negated && (cur.isWord('stunned') || cur.isWord('empowered'))) {
        const status = cur.next()!.text as 'stunned' | 'empowered';
        return { kind: 'status', subject, status, negated: true, range: r() };
      }
      // `X not mighty` (Riftbound 708).
      if (negated && cur.isWord('mighty')) {
        cur.next();
        return { kind: 'mighty', subject, negated: true, range: r() };
      }
      // `X not attacking` (MTG 506.4: removed from combat, or never declared), `not blocking`, Riftbound `not defending`.
      // `X transformed`, `X not transformed` (MTG 701.27g).
      if (negated && cur.isWord('transformed')) {
        cur.next();
        return { kind: 'transformed', subject, negated: true, range: r() };
      }
      // `X not merged [with Y]` (MTG 730.2): no part of a merged permanent (with Y: not of one with Y).
      if (negated && cur.isWord('merged')) {
        cur.next();
        let other: Name | undefined;
        if (cur.isWord('with')) {
          cur.next();
          other = cur.name(msg`the other card of the merged permanent`);
        }
        return other ? { kind: 'merged', subject, other, negated: true, range: r() } : { kind: 'merged', subject, negated: true, range: r() };
      }
      // `X not a copy` (of anything), `X not a copy of Y`.
      if (negated && cur.isWord('a')) {
        cur.next();
        cur.expectWord('copy');
        let original: Name | undefined;
        if (cur.isWord('of')) {
          cur.next();
          original = cur.name(msg`the object it would be a copy of`);
        }
        return { kind: 'copy', subject, ...(original ? { original } : {}), negated: true, range: r() };
      }
      if (negated && (cur.isWord('attacking') || cur.isWord('blocking') || cur.isWord('defending'))) {
        const role = cur.next()!.text as 'attacking' | 'blocking' | 'defending';
        return { kind: 'combat', subject, role, negated: true, range: r() };
      }
      if (negated && !cur.isWord('triggered')) cur.fail(msg`'triggered', 'created', 'stunned', 'empowered', 'mighty', 'attacking', 'blocking', 'defending', 'transformed', 'merged' or 'a copy' after 'not' (the other assertions say it their own way: 'unattached', 'has no ...', 'untapped')`);
      if (negated) cur.next();
      let count: number | undefined;
      if (!negated && (cur.isWord('once') || cur.isWord('twice'))) count = cur.next()!.text === 'once' ? 1 : 2;
      else if (!negated && cur.peek()?.type === 'number') {
        const n = cur.number(msg`a number`);
        if (n.value < 0 || !Number.isInteger(n.value)) throw new SyntaxError_(msg`A count is a whole number of times, 0 or more.`, n.range);
        cur.expectWord('times');
        count = n.value;
      }
      let when: { phrase: TriggerPhrase; range: Range } | undefined;
      if (cur.isWord('when')) {
        const w = cur.next()!;
        const phrase = parseTriggerPhrase(cur);
        when = { phrase, range: span(w.range, cur.last().range) };
      }
      let host: Name | undefined;
      if (cur.isWord('for')) {
        cur.next();
        host = cur.name(msg`card or player`);
      }
      return { kind: 'triggered', subject, negated, ...(count !== undefined ? { count } : {}), ...(when ? { when } : {}), ...(host ? { host } : {}), range: r() };
    }
    default:
      return cur.fail(msg`'attached to', 'unattached', 'in', 'has', 'newer than', 'might', 'power', 'toughness', 'damage', 'controlled by', 'ceased to exist', 'tapped', 'untapped', 'exhausted', 'ready', 'stunned', 'empowered', 'mighty', 'attacking', 'blocking', 'defending', 'transformed', 'face down', 'face up', 'phased out', 'phased in', 'merged with', 'a copy of', 'chosen color', 'no chosen color' or 'triggered'`);
  }
}

/** A name with its line moved (a token, as the parser makes names). */
function movedName(n: Name, move: (line: number) => number): Name {
  return n instanceof Token ? new Token(n.type, n.text, move(n.line), n.start, n.end) : movedLines(n, move);
}

/**
 * A copy of `node` with every line in it moved by `move`, the same in every other respect. Nodes
 * are plain objects and arrays (positions, ranges, findings, messages), tokens, events and sugar
 * zones; each position's or node's `line` (an event's `endLine` too) moves. A syntax node moved by
 * `delta` lines is what a parse of the same text `delta` lines lower makes (`shiftedLines`: a
 * reparse keeps the statements after a line break typed or deleted this way); the editor moves
 * the findings it knows past an edit with it too.
 */
export function movedLines<T>(node: T, move: (line: number) => number): T {
  if (node === null || typeof node !== 'object') return node;
  if (Array.isArray(node)) return node.map((x) => movedLines(x, move)) as T;
  if (node instanceof Token) return new Token(node.type, node.text, move(node.line), node.start, node.end) as T;
  if (node instanceof EventStmt || node instanceof SugarZone || node instanceof WordZone) return node.moved(move) as T;
  const src = node as Record<string, unknown>;
  if (Object.getPrototypeOf(node) === Object.prototype) {
    // Plain objects: a spread keeps their keys in order.
    const copy: Record<string, unknown> = { ...src };
    for (const key in copy) {
      const v = copy[key];
      if (key === 'line' && typeof v === 'number') copy[key] = move(v);
      else if (v !== null && typeof v === 'object') copy[key] = movedLines(v, move);
    }
    return copy as T;
  }
  const out = Object.create(Object.getPrototypeOf(node)) as Record<string, unknown>;
  for (const key of Object.keys(src)) {
    const v = src[key];
    out[key] = (key === 'line' || key === 'endLine') && typeof v === 'number' ? move(v) : movedLines(v, move);
  }
  return out as T;
}

/** `node` `delta` lines further down (movedLines). */
export function shiftedLines<T>(node: T, delta: number): T {
  return delta === 0 ? node : movedLines(node, (line) => line + delta);
}
