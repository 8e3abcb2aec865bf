// Expected findings written in the scenario: trailing `#! CODE RULE...` comments say that a finding
// with CODE (citing at least those rules) starts on this line; `#! no CODE` says none does. They are
// read from the one lexer's comments. A finding an expectation matches is marked `expected` (it is
// still reported, but it is no failure); an expectation that matches nothing, and a `#! no CODE`
// that sees CODE, are findings themselves (`expected-finding-missing`, `unwanted-finding`).
// Linear: the markers are grouped by line, and each finding looks only at the markers of its line.
import type { Comment, ScenarioDocument } from '../parser/ast';
import type { CheckResult, Finding, Fix, Game, Range, Severity, Step } from '../types';
import { REGISTRY, codeInfo } from '../diagnostics/registry';
import { lex } from '../parser/lexer';
import { assertionText, describeAssertion } from '../engine/replay';
import { NameIndex } from '../engine/suggest';
import { demoteHidingFixes, unsafeCopy } from '../fixes';
import { sortFindings } from './order';
import { lineStartsOf } from '../text';
import { asMessage, msg, renderMessage, said, titledFix, type Message } from '../message';

/** One expectation written in a comment: `#! CODE RULE...` or `#! no CODE RULE...`. */
export interface ExpectationMarker {
  /** The line it is on (the line a finding must start on). */
  line: number;
  /** From its `#!` to the end of its last word. */
  range: Range;
  code: string;
  /** Rule numbers the finding must cite (all of them; in the numbering of the scenario's `rules` version). */
  rules: string[];
  /** `#! no CODE`: no such finding on this line. */
  negative: boolean;
  /** The marker as written, without `#!` (e.g. `missing-unattach 701.3d`). */
  text: string;
}

/** The codes whose findings are about expectations themselves. */
export const EXPECTATION_CODES: ReadonlySet<string> = new Set(['expected-finding-missing', 'unwanted-finding']);

/**
 * Directives for test harnesses, not expectations: `#! with-rules-file DATE` (the project's
 * fixtures: check as if the user's rules file stated that effective date) and `#! with-cards FILE...`
 * (check with these card files of test/fixtures/cards). The checker ignores them.
 */
export const HARNESS_DIRECTIVES: ReadonlySet<string> = new Set(['with-rules-file', 'with-cards']);

function isBlank(c: number): boolean {
  return c === 32 || c === 9 || c === 0xa0 || c === 0xfeff || c === 0x3000 || (c >= 0x2000 && c <= 0x200a);
}

/** The markers of the comments (each comment may hold several: `#! a #! no b`), in order. Linear scan. */
export function expectationMarkers(comments: readonly Comment[]): ExpectationMarker[] {
  const out: ExpectationMarker[] = [];
  for (const c of comments) {
    // The comment's text is what follows its `#`; seen whole it starts at the range's start.
    const whole = '#' + c.text;
    const line = c.range.start.line;
    const col = c.range.start.character;
    let i = whole.indexOf('#!');
    while (i >= 0) {
      const next = whole.indexOf('#!', i + 2);
      const end = next < 0 ? whole.length : next;
      const words: string[] = [];
      let lastEnd = i + 2;
      for (let j = i + 2; j < end; ) {
        while (j < end && isBlank(whole.charCodeAt(j))) j++;
        const s = j;
        while (j < end && !isBlank(whole.charCodeAt(j))) j++;
        if (j > s) {
          words.push(whole.slice(s, j));
          lastEnd = j;
        }
      }
      if (words.length > 0 && !HARNESS_DIRECTIVES.has(words[0])) {
        const negative = words[0] === 'no' && words.length > 1;
        out.push({
          line,
          range: { start: { line, character: col + i }, end: { line, character: col + lastEnd } },
          code: negative ? words[1] : words[0],
          rules: words.slice(negative ? 2 : 1),
          negative,
          text: whole.slice(i + 2, lastEnd).trim(),
        });
      }
      i = next;
    }
  }
  return out;
}

export interface ExpectOptions {
  /** The game, for the rules the expectation codes cite (none today) and their titles. */
  game?: Game;
  /**
   * Were the findings about the user's rules file (kind `rules-file`) computed? Only then are the
   * markers that name such a code judged; otherwise they are left alone (the check of a scenario
   * does not know the editor's rules-file setting).
   */
  rulesFileChecked?: boolean;
  /**
   * Only findings starting before this line are known (the command line's findings limit cut the
   * rest): markers from this line on are not judged.
   */
  knownBefore?: number;
}

/** The result of judging: the findings (in order, with the expectation findings), and each marker's outcome. */
export interface ExpectationOutcome {
  marker: ExpectationMarker;
  /** Judged at all (see `ExpectOptions`). */
  judged: boolean;
  passed: boolean;
  /** The finding it matched (positive) or saw (negative). */
  finding?: Finding;
  /** The finding it caused when it failed. */
  failure?: Finding;
}

let codeIndex: NameIndex | undefined;

function judgedCode(code: string, options: ExpectOptions): boolean {
  const info = REGISTRY.get(code);
  if (!info) return true; // an unknown code is judged: it is a mistake to report
  if (info.editorOnly) return false;
  if (info.kind === 'rules-file') return options.rulesFileChecked === true;
  return true;
}

function expectationFinding(code: 'expected-finding-missing' | 'unwanted-finding', range: Range, message: string | Message, fixes: Finding['fixes'] = []): Finding {
  const info = codeInfo(code);
  return { code, kind: info.kind, severity: info.severity, rules: [], ...said(message), range, related: [], fixes, subjects: [] };
}

const citesAll = (f: Finding, rules: readonly string[]) => rules.every((r) => f.rules.includes(r));

/** An expected finding: marked, and its fixes no longer safe (fixing it would make its marker fail). */
function markExpected(f: Finding): Finding {
  return { ...unsafeFixes(f), expected: true };
}

/** The finding with no fix fix-all may take: neither a safe one nor one it may take again (Fix.hiding). */
function unsafeFixes(f: Finding): Finding {
  return f.fixes.some((x) => x.safe || x.hiding) ? { ...f, fixes: f.fixes.map((x) => (x.safe || x.hiding ? unsafeCopy(x) : x)) } : f;
}

interface Pass {
  findings: Finding[];
  outcomes: ExpectationOutcome[];
  failures: Finding[];
}

/**
 * Matches the positive markers with the findings of their line, one finding per marker (write the
 * marker twice for two findings of one code on a line): the findings citing fewest rules choose
 * first, each the open marker of its code that asks for the most rules it cites. Then each negative
 * marker looks for its code on its line.
 */
/** The positive markers of one code on one line, in buckets of the same rules, most rules first. */
interface MarkerGroup {
  buckets: { rules: string[]; markers: ExpectationMarker[]; next: number }[];
}

function pass(findings: readonly Finding[], markers: readonly ExpectationMarker[], lineHasStatement: (line: number) => boolean): Pass {
  const keyOf = (line: number, code: string) => `${line} ${code}`;
  const groups = new Map<string, MarkerGroup>();
  const named = new Set<string>();
  for (const m of markers) {
    const key = keyOf(m.line, m.code);
    named.add(key);
    if (m.negative) continue;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { buckets: [] }));
    const rulesKey = m.rules.join(' ');
    let b = g.buckets.find((x) => x.rules.join(' ') === rulesKey);
    if (!b) g.buckets.push((b = { rules: m.rules, markers: [], next: 0 }));
    b.markers.push(m);
  }
  for (const g of groups.values()) g.buckets.sort((a, b) => b.rules.length - a.rules.length);
  const outcomes = new Map<ExpectationMarker, ExpectationOutcome>();
  for (const m of markers) outcomes.set(m, { marker: m, judged: true, passed: m.negative });
  const out = findings.slice();
  // The findings of the codes the markers name on their lines, fewest rules first.
  const candidates: number[] = [];
  const byKey = new Map<string, Finding[]>();
  const indexOf = new Map<Finding, number>();
  for (let i = 0; i < out.length; i++) {
    const key = keyOf(out[i].range.start.line, out[i].code);
    if (!named.has(key)) continue;
    candidates.push(i);
    indexOf.set(out[i], i);
    const list = byKey.get(key);
    if (list) list.push(out[i]);
    else byKey.set(key, [out[i]]);
  }
  candidates.sort((a, b) => out[a].rules.length - out[b].rules.length || a - b);
  for (const i of candidates) {
    const f = out[i];
    const g = groups.get(keyOf(f.range.start.line, f.code));
    let best: ExpectationMarker | undefined;
    if (g) {
      // The first bucket asking for no more rules than the finding cites (binary search), then the first that fits.
      let lo = 0;
      let hi = g.buckets.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (g.buckets[mid].rules.length > f.rules.length) lo = mid + 1;
        else hi = mid;
      }
      for (let k = lo; k < g.buckets.length && !best; k++) {
        const b = g.buckets[k];
        if (b.next < b.markers.length && citesAll(f, b.rules)) best = b.markers[b.next++];
      }
    }
    if (!best) {
      // A `#! CODE` of its line names its code but does not match it: fixing the finding would change
      // what that marker reports (a different message), so its fixes are not safe.
      if (g) out[i] = unsafeFixes(f);
      continue;
    }
    const o = outcomes.get(best)!;
    o.passed = true;
    o.finding = f;
    out[i] = markExpected(f);
  }
  const failures: Finding[] = [];
  const seenBy = new Map<string, Finding | undefined>();
  for (const m of markers) {
    const o = outcomes.get(m)!;
    const same = byKey.get(keyOf(m.line, m.code)) ?? [];
    if (m.negative) {
      const k = `${keyOf(m.line, m.code)} ${m.rules.join(' ')}`;
      if (!seenBy.has(k)) seenBy.set(k, same.find((f) => citesAll(f, m.rules)));
      const seen = seenBy.get(k);
      if (seen) {
        o.passed = false;
        o.finding = seen;
        // Its fixes are those of the finding it sees: fixing that makes the marker hold (and fix-all
        // then counts both as fixed by the same edits).
        const fixes = out[indexOf.get(seen)!].fixes;
        o.failure = expectationFinding('unwanted-finding', m.range, msg`\`#! ${m.text}\` says this line has no \`${m.code}\` finding, but it has one: ${seen.text ?? seen.message} Remove the marker if the finding is right, or change the line.`, fixes);
        failures.push(o.failure);
      }
      continue;
    }
    if (o.passed) continue;
    o.failure = expectationFinding('expected-finding-missing', m.range, missingMessage(m, same, lineHasStatement(m.line)));
    failures.push(o.failure);
  }
  return { findings: out, outcomes: markers.map((m) => outcomes.get(m)!), failures };
}

/** `same`: the findings of the marker's code starting on its line. */
function missingMessage(m: ExpectationMarker, same: readonly Finding[], hasStatement: boolean): Message {
  if (!REGISTRY.has(m.code)) {
    codeIndex ??= new NameIndex(REGISTRY.keys());
    const close = codeIndex.closest(m.code)[0];
    return msg`\`${m.code}\` is not a finding code, so \`#! ${m.text}\` can never match.${close ? msg` Did you mean \`${close}\`?` : ''} Write a code from docs/diagnostics.md.`;
  }
  if (!hasStatement) return msg`\`#! ${m.text}\` expects a \`${m.code}\` finding on this line, but no statement is written on it, so none can start here. Put the marker at the end of the line where the finding starts.`;
  if (same.length > 0 && m.rules.length > 0) {
    const missing = m.rules.filter((r) => !same.some((f) => f.rules.includes(r)));
    const cited = same[0].rules.join(', ') || msg`no rule`;
    return msg`\`#! ${m.text}\` expects a \`${m.code}\` finding on this line citing ${m.rules.join(', ')}, but the one here cites ${cited}${missing.length ? msg` (not ${missing.join(', ')})` : ''}. Change the rules of the marker, or the line.`;
  }
  if (same.length > 0) return msg`\`#! ${m.text}\` expects a \`${m.code}\` finding on this line for each \`#! ${m.code}\`, but there are fewer findings than markers. Remove a marker, or change the line.`;
  return msg`\`#! ${m.text}\` expects a \`${m.code}\` finding on this line, but the check reports none here. Remove the marker if the line is right now, or change the line back.`;
}

/**
 * Judges the expectations written in `comments` against `findings` (those of one check of the
 * text): the findings in order, the expected ones marked (`expected: true`, their safe fixes no
 * longer safe), with a finding for each expectation that failed; and each marker's outcome.
 * `text` tells whether a marker's line has a statement (for the message). Never throws.
 */
export function judgeExpectations(
  findings: readonly Finding[],
  comments: readonly Comment[],
  text: string,
  options: ExpectOptions = {},
): { findings: Finding[]; outcomes: ExpectationOutcome[] } {
  const all = expectationMarkers(comments);
  if (all.length === 0) return { findings: [...findings], outcomes: [] };
  const before = options.knownBefore ?? Number.MAX_SAFE_INTEGER;
  const outcomes: ExpectationOutcome[] = [];
  const first: ExpectationMarker[] = [];
  const meta: ExpectationMarker[] = [];
  for (const m of all) {
    if (m.line >= before || !judgedCode(m.code, options)) outcomes.push({ marker: m, judged: false, passed: true });
    else if (EXPECTATION_CODES.has(m.code)) meta.push(m);
    else first.push(m);
  }
  const starts = commentStarts(comments);
  let lines: number[] | undefined;
  const lineHasStatement = (line: number) => {
    const col = starts.get(line);
    if (col === undefined) return true;
    lines ??= lineStartsOf(text);
    return !onlyBlanksBefore(text, lines[line] ?? text.length, col);
  };
  // First the markers of ordinary codes; then those of the expectation codes, against what the first made.
  const p1 = pass(findings, first, lineHasStatement);
  const p2 = pass(p1.failures, meta, lineHasStatement);
  // A failure that an expectation code's marker expects is the marked copy in the outcome too.
  const marked = new Map<Finding, Finding>();
  p2.findings.forEach((f, i) => f !== p1.failures[i] && marked.set(p1.failures[i], f));
  for (const o of p1.outcomes) if (o.failure) o.failure = marked.get(o.failure) ?? o.failure;
  // Loops, not push(...): a file of 150,000 markers overflowed the stack with a spread.
  for (const o of p1.outcomes) outcomes.push(o);
  for (const o of p2.outcomes) outcomes.push(o);
  outcomes.sort((a, b) => a.marker.line - b.marker.line || a.marker.range.start.character - b.marker.range.start.character);
  const out = sortFindings([...p1.findings, ...p2.findings, ...p2.failures]);
  return { findings: demoteHidingFixes(out), outcomes };
}

function commentStarts(comments: readonly Comment[]): Map<number, number> {
  const m = new Map<number, number>();
  for (const c of comments) m.set(c.range.start.line, c.range.start.character);
  return m;
}

/** Is the text blank from `offset` (a line's start) for `col` characters? */
function onlyBlanksBefore(text: string, offset: number, col: number): boolean {
  for (let k = offset; k < offset + col && k < text.length; k++) {
    if (!isBlank(text.charCodeAt(k))) return false;
  }
  return true;
}

/** The comments of a text, read by the one lexer (for callers that have no analysis). */
export function commentsOf(text: string): Comment[] {
  return lex(text, () => undefined).comments;
}

// ---- the scenario as a test -------------------------------------------------------------

/** One test of a scenario: an `expect` line, or an expectation marker. */
export interface TestCase {
  kind: 'expect' | 'expected-finding' | 'no-finding';
  /** 0-based line, and the range to show (the assertion, or the marker). */
  line: number;
  range: Range;
  /** What it claims, as written: `splitter attached to lion`, `#! missing-unattach 701.3d`. */
  label: string;
  /**
   * It holds, or its failure is expected itself (`#! expectation-failed` beside an `expect` that is
   * meant to fail; `#! expected-finding-missing` beside a marker that is): `failure` is then set,
   * with `expected: true`.
   */
  passed: boolean;
  /** What was expected and what the replay actually reached (for a passed case, the same). */
  expected: string;
  actual: string;
  /** The same as templates and arguments (core/message.ts), for the edges to translate. */
  expectedText: Message;
  actualText: Message;
  /** The finding that makes it fail (an `expectation-failed`, `expected-finding-missing` or `unwanted-finding`). */
  failure?: Finding;
}

/** A scenario as a test: its cases, and the findings that fail it without being a case. */
export interface ScenarioTest {
  cases: TestCase[];
  /** Errors no expectation accounts for (a syntax error, an illegal attachment nobody marked). */
  unexpectedErrors: Finding[];
  /** No error that is not expected: every case passed and no unexpected error. */
  passed: boolean;
}

/** Findings that fail a scenario as a test (and the `check` command): errors not marked expected. */
export function isFailure(f: Finding): boolean {
  return f.severity === 'error' && !f.expected;
}

function describeFinding(f: Finding | undefined): string {
  return renderMessage(describeFindingText(f));
}

function describeFindingText(f: Finding | undefined): Message {
  return f ? msg`${`${f.code}${f.rules.length ? ` [${f.rules.join(', ')}]` : ''}`}: ${f.text}` : msg`no finding`;
}

/** Several findings, one a line (`{0}\n{1}...`, flat). */
function linesOf(ms: readonly Message[]): Message {
  return { template: ms.map((_, i) => `{${i}}`).join('\n'), args: ms };
}

/**
 * The tests of an analysed scenario, in line order: each `expect` line (its assertion, passed unless
 * the replay reported `expectation-failed` there) and each expectation marker the check judged.
 * `doc` is the scenario's tree, `findings` the check's findings (with the expectations applied).
 */
export function scenarioTest(doc: ScenarioDocument, findings: readonly Finding[], text: string, options: ExpectOptions = {}): ScenarioTest {
  const cases: TestCase[] = [];
  const lines = lineStartsOf(text);
  const failedExpect = new Map<string, Finding>();
  const key = (r: Range) => `${r.start.line}:${r.start.character}`;
  for (const f of findings) if (f.code === 'expectation-failed') failedExpect.set(key(f.range), f);
  for (const st of doc.statements) {
    if (st.kind !== 'expect' || !st.assertion) continue;
    const a = st.assertion;
    const desc = describeAssertion(a);
    const descText = assertionText(a);
    const failure = failedExpect.get(key(a.range));
    const prefix = `Expected ${desc}, but `;
    let actual = desc;
    if (failure) actual = failure.message.startsWith(prefix) ? failure.message.slice(prefix.length).replace(/\.$/, '') : failure.message;
    // The replay's side of its own message (`Expected X, but Y.`), else the whole message.
    const actualText: Message = !failure ? descText : failure.text.template === 'Expected {0}, but {1}.' ? asMessage(failure.text.args[1] as Message | string) : failure.text;
    cases.push({ kind: 'expect', line: a.range.start.line, range: a.range, label: sliceRange(text, lines, st.range), passed: !failure || failure.expected === true, expected: desc, actual, expectedText: descText, actualText, failure });
  }
  // The outcomes again, from the findings as given (the markers are read from the tree's comments).
  const base = findings.filter((f) => !EXPECTATION_CODES.has(f.code)).map((f) => (f.expected ? { ...f, expected: undefined } : f));
  const { outcomes } = judgeExpectations(base, doc.comments, text, options);
  const byLine = new Map<number, Finding[]>();
  for (const f of base) {
    const list = byLine.get(f.range.start.line);
    if (list) list.push(f);
    else byLine.set(f.range.start.line, [f]);
  }
  for (const o of outcomes) {
    if (!o.judged) continue;
    const m = o.marker;
    const label = `#! ${m.text}`;
    if (m.negative) {
      const none = msg`no ${m.code} finding`;
      const actualText = o.passed ? none : describeFindingText(o.finding);
      cases.push({ kind: 'no-finding', line: m.line, range: m.range, label, passed: o.passed || o.failure?.expected === true, expected: renderMessage(none), actual: renderMessage(actualText), expectedText: none, actualText, failure: o.failure });
    } else {
      const onLine = byLine.get(m.line) ?? [];
      cases.push({
        kind: 'expected-finding',
        line: m.line,
        range: m.range,
        label,
        passed: o.passed || o.failure?.expected === true,
        expected: `${m.code}${m.rules.length ? ` [${m.rules.join(', ')}]` : ''}`,
        actual: o.passed ? describeFinding(o.finding) : onLine.length ? onLine.map(describeFinding).join('\n') : 'no finding on this line',
        expectedText: msg`${`${m.code}${m.rules.length ? ` [${m.rules.join(', ')}]` : ''}`}`,
        actualText: o.passed ? describeFindingText(o.finding) : onLine.length ? linesOf(onLine.map(describeFindingText)) : msg`no finding on this line`,
        failure: o.failure,
      });
    }
  }
  cases.sort((a, b) => a.line - b.line || a.range.start.character - b.range.start.character);
  const unexpectedErrors = findings.filter((f) => isFailure(f) && f.code !== 'expectation-failed' && !EXPECTATION_CODES.has(f.code));
  return { cases, unexpectedErrors, passed: !findings.some(isFailure) };
}

function sliceRange(text: string, lines: number[], r: Range): string {
  const start = (lines[r.start.line] ?? text.length) + r.start.character;
  let end = start;
  while (end < text.length && text.charCodeAt(end) !== 10 && text.charCodeAt(end) !== 13) end++;
  if (r.end.line === r.start.line) end = Math.min(end, (lines[r.end.line] ?? text.length) + r.end.character);
  return text.slice(start, end).trim();
}

/**
 * The expectations applied to a check's findings as limited by `maxFindings` (`cutAt`: the line of
 * the first finding left out). With the limit hit, only the markers on lines before `cutAt` are
 * judged (the findings there are all known), and the findings they add are cut to the limit too;
 * under it, those they add may pass it, and the caller cuts them (common.ts, withinLimit).
 */
export function applyExpectations(
  limited: { findings: Finding[]; omitted?: Record<Severity, number>; cutAt?: number },
  comments: readonly Comment[],
  text: string,
  game: Game | undefined,
  options: { expectations?: boolean; maxFindings?: number },
): { findings: Finding[]; omitted?: Record<Severity, number> } {
  // Without an object rest (`{ cutAt, ...result }`), which V8 (Node 20) takes by a slow path, a few µs a check.
  const cutAt = limited.cutAt;
  const result: { findings: Finding[]; omitted?: Record<Severity, number> } = 'omitted' in limited ? { findings: limited.findings, omitted: limited.omitted } : { findings: limited.findings };
  if (options.expectations === false || comments.length === 0) return result;
  const judged = judgeExpectations(result.findings, comments, text, { game, knownBefore: cutAt }).findings;
  if (cutAt === undefined || !result.omitted) return { ...result, findings: judged };
  const max = result.findings.length;
  const omitted = { ...result.omitted };
  for (let i = max; i < judged.length; i++) omitted[judged[i].severity]++;
  judged.length = Math.min(judged.length, max);
  return { findings: judged, omitted };
}

/**
 * A check's result from its judged findings (applyExpectations): the properties in this order,
 * `omitted` only when it is there. Written out, not spread into the literal between others (a
 * slow path in V8, Node 20).
 */
export function checkResult(
  game: Game | undefined,
  rulesVersion: string | undefined,
  judged: { findings: Finding[]; omitted?: Record<Severity, number> },
  steps: Step[],
  stats: CheckResult['stats'],
): CheckResult {
  return 'omitted' in judged ? { game, rulesVersion, findings: judged.findings, omitted: judged.omitted, steps, stats } : { game, rulesVersion, findings: judged.findings, steps, stats };
}

// ---- the quick fix "mark as expected" ---------------------------------------------------

/**
 * The fix that marks a finding as expected (like ESLint's "disable for this line"): ` #! CODE`
 * appended to its start line, after the line's trailing comment if it has one. `lineText` is the
 * text of that line (its line break may be included). Not safe: it changes what the scenario
 * asserts, so fix-all never applies it. None for a finding that is expected already, a finding about
 * expectations, one the check does not judge (the editor's own, the rules file's), a line whose
 * comment says `#! no CODE`, or a line where the marker would not be read (inside an open string).
 */
export function markExpectedFix(lineText: string, f: Finding): Fix | undefined {
  if (f.expected || EXPECTATION_CODES.has(f.code)) return undefined;
  const info = REGISTRY.get(f.code);
  if (!info || info.editorOnly || info.kind === 'rules-file') return undefined;
  let end = lineText.length;
  while (end > 0 && (lineText.charCodeAt(end - 1) === 10 || lineText.charCodeAt(end - 1) === 13)) end--;
  while (end > 0 && isBlank(lineText.charCodeAt(end - 1))) end--;
  const content = lineText.slice(0, end);
  const before = expectationMarkers(commentsOf(content));
  if (before.some((m) => m.negative && m.code === f.code)) return undefined;
  const insert = (commentsOf(content).length > 0 ? ' ' : '  ') + `#! ${f.code}`;
  const after = expectationMarkers(commentsOf(content + insert));
  if (after.length !== before.length + 1 || after[after.length - 1].code !== f.code) return undefined;
  const at = { line: f.range.start.line, character: end };
  return titledFix(msg`Mark as expected on this line (#! ${f.code})`, false, [{ range: { start: at, end: at }, newText: insert }]);
}
