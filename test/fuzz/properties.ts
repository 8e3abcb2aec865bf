// The properties the rules core must have on every input. Each property throws a
// PropertyFailure (with what went wrong) and returns normally when it holds.
//
// Lines are split on \r\n, \r and \n (as LSP does); columns are UTF-16 code units.
import { analyse, analysisSteps, checkpointsBefore, parseSteps, applyEdits, applySafeFixes, boardAt, safeFixEdits, check, codeInfo, declarationsOf, lineIndexOf, parse, reparse, REGISTRY, replayCheckpoints, Timeline, type Analysis, type CheckResult, type Finding, type Fix, type Position, type Range, type TextEdit } from '../../core';
import { performance } from 'node:perf_hooks';
import type { FuzzInput } from './generators';

export class PropertyFailure extends Error {
  override name = 'PropertyFailure';
}

function fail(message: string): never {
  throw new PropertyFailure(message);
}

export interface Property {
  name: string;
  /** Timing properties run only in the long fuzz (the project measures performance in benchmarks, not in tests). */
  timing?: boolean;
  run(input: FuzzInput): void;
}

// ---- the parser's fast path ---------------------------------------------------------------------

/**
 * A syntax tree as plain data: every own field (a token's cached range `r` left out), every
 * `range` and `verbRange` (getters on event nodes and tokens), and each node's class, so two trees
 * compare equal only when they have the same nodes of the same classes with the same ranges.
 */
export function plainTree(x: unknown): unknown {
  if (x === null || typeof x !== 'object') return x;
  if (Array.isArray(x)) return x.map(plainTree);
  const o = x as Record<string, unknown>;
  const out: Record<string, unknown> = { $class: (o.constructor as { name?: string } | undefined)?.name };
  for (const k of Object.keys(o)) if (k !== 'r') out[k] = plainTree(o[k]);
  if ('range' in o) out.range = plainTree(o.range);
  if ('verbRange' in o) out.verbRange = plainTree(o.verbRange);
  return out;
}

/** The parse with the fast path for simple lines equals the parse of every line in full. */
export function fastPathProblem(text: string): string | undefined {
  const a = JSON.stringify(plainTree(parse(text)));
  const b = JSON.stringify(plainTree(parse(text, { fastPath: false })));
  if (a === b) return undefined;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `the fast path's tree differs from the full parser's at character ${i}:\n${a.slice(Math.max(0, i - 300), i + 300)}\n---\n${b.slice(Math.max(0, i - 300), i + 300)}`;
}

// ---- the document model, independent of the core ---------------------------------------------

export interface DocModel {
  lines: string[];
  /** Offset of the first character of each line. */
  starts: number[];
}

export function docModel(text: string): DocModel {
  const lines: string[] = [];
  const starts: number[] = [0];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) {
      lines.push(text.slice(start, i));
      if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
      start = i + 1;
      starts.push(start);
    }
  }
  lines.push(text.slice(start));
  return { lines, starts };
}

function isInt(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n);
}

function show(p: Position): string {
  return `${p.line}:${p.character}`;
}

/** Why a position is outside the document (or splits a surrogate pair), or undefined. */
function positionProblem(p: Position, doc: DocModel): string | undefined {
  if (!p || !isInt(p.line) || !isInt(p.character)) return `position ${JSON.stringify(p)} is not two integers`;
  if (p.line < 0 || p.line >= doc.lines.length) return `line ${p.line} is outside 0..${doc.lines.length - 1}`;
  const line = doc.lines[p.line];
  if (p.character < 0 || p.character > line.length) return `character ${p.character} is outside 0..${line.length} on line ${p.line}`;
  const before = line.charCodeAt(p.character - 1);
  const after = line.charCodeAt(p.character);
  if (before >= 0xd800 && before <= 0xdbff && after >= 0xdc00 && after <= 0xdfff) return `position ${show(p)} splits a surrogate pair`;
  return undefined;
}

export function rangeProblem(r: Range, doc: DocModel): string | undefined {
  if (!r || !r.start || !r.end) return `range ${JSON.stringify(r)} is malformed`;
  const a = positionProblem(r.start, doc) ?? positionProblem(r.end, doc);
  if (a) return `range ${show(r.start)}-${show(r.end)}: ${a}`;
  if (r.start.line > r.end.line || (r.start.line === r.end.line && r.start.character > r.end.character)) return `range ${show(r.start)}-${show(r.end)} ends before it starts`;
  return undefined;
}

function offsetOf(doc: DocModel, p: Position): number {
  return doc.starts[p.line] + p.character;
}

function describeFinding(f: Finding): string {
  return `${f.code} at ${show(f.range.start)}-${show(f.range.end)}: ${JSON.stringify(f.message.slice(0, 300))}`;
}

// ---- running the core ------------------------------------------------------------------------

function runCheck(text: string, what: string, options: { steps?: boolean; stream?: boolean; expectations?: boolean } = {}): CheckResult {
  try {
    return check(text, options);
  } catch (e) {
    fail(`check threw on ${what}: ${(e as Error)?.stack ?? String(e)}`);
  }
}

const INTERNAL = /Internal error in the rules core|Internal parser problem/;

function noInternalError(r: CheckResult, what: string): void {
  const f = r.findings.find((x) => INTERNAL.test(x.message));
  if (f) fail(`${what}: the core caught its own exception and reported it: ${f.message}`);
}

/** The (finding, fix) pairs to try, at most `cap`, chosen by `pick` so different runs try different ones. */
function someFixes(r: CheckResult, pick: number, cap: number, onlySafe: boolean): { finding: Finding; fix: Fix }[] {
  const all: { finding: Finding; fix: Fix }[] = [];
  for (const finding of r.findings) for (const fix of finding.fixes) if (!onlySafe || fix.safe) all.push({ finding, fix });
  if (all.length <= cap) return all;
  const out: { finding: Finding; fix: Fix }[] = [];
  const stride = Math.max(1, Math.floor(all.length / cap));
  for (let k = 0; k < cap; k++) out.push(all[(pick + k * stride) % all.length]);
  return out;
}

/** Big inputs re-check slowly; try fewer fixes on them. */
function fixCap(text: string): number {
  return text.length > 100_000 ? 2 : text.length > 20_000 ? 4 : 12;
}

/** Spans of edits as offsets in the original text, in the order `applyEdits` applies them. */
function spansOf(doc: DocModel, edits: TextEdit[]): { from: number; to: number; text: string; i: number }[] {
  return edits
    .map((e, i) => ({ from: offsetOf(doc, e.range.start), to: offsetOf(doc, e.range.end), text: e.newText, i }))
    .sort((a, b) => a.from - b.from || a.to - b.to || a.i - b.i);
}

function editsProblem(doc: DocModel, edits: TextEdit[]): string | undefined {
  if (!Array.isArray(edits)) return 'edits is not an array';
  for (const e of edits) {
    if (typeof e.newText !== 'string') return `edit newText ${JSON.stringify(e.newText)} is not a string`;
    const p = rangeProblem(e.range, doc);
    if (p) return `edit ${p}`;
  }
  const spans = spansOf(doc, edits);
  for (let k = 1; k < spans.length; k++) {
    const a = spans[k - 1];
    const b = spans[k];
    if (b.from < a.to) return `edits overlap: [${a.from},${a.to}) and [${b.from},${b.to})`;
  }
  return undefined;
}

/**
 * Applies a fix with the core's `applyEdits` and checks, with our own offsets, that only the edit
 * ranges changed: the prefix before the first edit, each gap between edits and the suffix after
 * the last are the original text.
 */
function applyAndVerify(text: string, doc: DocModel, fix: Fix, f: Finding): string {
  const p = editsProblem(doc, fix.edits);
  if (p) fail(`fix "${fix.title}" of ${describeFinding(f)}: ${p}`);
  let out: string;
  try {
    out = applyEdits(text, fix.edits);
  } catch (e) {
    fail(`applyEdits threw for fix "${fix.title}" of ${describeFinding(f)}: ${(e as Error)?.stack ?? String(e)}`);
  }
  const spans = spansOf(doc, fix.edits);
  let pos = 0; // in the original
  let at = 0; // in the result
  const gap = (from: number, to: number, where: string) => {
    const want = text.slice(from, to);
    const got = out.slice(at, at + want.length);
    if (got !== want) fail(`fix "${fix.title}" of ${describeFinding(f)} changed text outside its edits (${where}, original offsets ${from}..${to}): expected ${JSON.stringify(want.slice(0, 80))}, got ${JSON.stringify(got.slice(0, 80))}`);
    at += want.length;
  };
  for (const [k, s] of spans.entries()) {
    gap(pos, s.from, k === 0 ? 'prefix before the first edit' : `gap before edit ${k + 1}`);
    const got = out.slice(at, at + s.text.length);
    if (got !== s.text) fail(`fix "${fix.title}" of ${describeFinding(f)}: edit ${k + 1} inserted ${JSON.stringify(got)}, not ${JSON.stringify(s.text)}`);
    at += s.text.length;
    pos = s.to;
  }
  gap(pos, text.length, 'suffix after the last edit');
  if (at !== out.length) fail(`fix "${fix.title}" of ${describeFinding(f)}: the result has ${out.length - at} extra characters at the end`);
  return out;
}

// ---- validators shared by the properties (and usable on one check result) -------------------

export function validateRanges(text: string, r: CheckResult, doc: DocModel = docModel(text)): void {
  for (const f of r.findings) {
    const p = rangeProblem(f.range, doc);
    if (p) fail(`finding ${describeFinding(f)}: ${p}`);
    for (const rel of f.related ?? []) {
      const q = rangeProblem(rel.range, doc);
      if (q) fail(`related location "${rel.message}" of ${describeFinding(f)}: ${q}`);
    }
  }
  for (const s of r.steps) {
    const p = rangeProblem(s.range, doc);
    if (p) fail(`step "${s.summary}": ${p}`);
  }
}

export function validateShapes(r: CheckResult): void {
  for (const f of r.findings) {
    const where = describeFinding(f);
    if (!nonEmptyString(f.code)) fail(`a finding has no code: ${JSON.stringify(f).slice(0, 300)}`);
    if (!REGISTRY.has(f.code)) fail(`${where}: code '${f.code}' is not in the registry`);
    if (!KINDS.has(f.kind)) fail(`${where}: kind '${f.kind}' is not a FindingKind`);
    if (codeInfo(f.code).kind !== f.kind) fail(`${where}: kind '${f.kind}' differs from the registry's '${codeInfo(f.code).kind}'`);
    if (!SEVERITIES.has(f.severity)) fail(`${where}: severity '${f.severity}'`);
    if (!nonEmptyString(f.message)) fail(`${where}: empty message`);
    if (!Array.isArray(f.rules) || f.rules.some((x) => !nonEmptyString(x))) fail(`${where}: rules ${JSON.stringify(f.rules)}`);
    if (!Array.isArray(f.related) || f.related.some((x) => !nonEmptyString(x.message))) fail(`${where}: related ${JSON.stringify(f.related)}`);
    if (!Array.isArray(f.subjects) || f.subjects.some((x) => typeof x !== 'string')) fail(`${where}: subjects ${JSON.stringify(f.subjects)}`);
    if (!Array.isArray(f.fixes)) fail(`${where}: fixes is not an array`);
    for (const fix of f.fixes) {
      if (!nonEmptyString(fix.title) || typeof fix.safe !== 'boolean' || !Array.isArray(fix.edits) || fix.edits.length === 0) fail(`${where}: malformed fix ${JSON.stringify(fix).slice(0, 300)}`);
    }
    // A finding is data: it crosses to the CLI's process and to the editor as a structured clone,
    // which no function survives (a table lookup of a word such as `toString` once put one in a message).
    try {
      structuredClone(f);
    } catch (e) {
      fail(`${where}: not plain data (${(e as Error).message.slice(0, 120)})`);
    }
  }
}

export function validateFixEdits(text: string, r: CheckResult, doc: DocModel = docModel(text)): void {
  for (const f of r.findings) {
    for (const fix of f.fixes) {
      const p = editsProblem(doc, fix.edits);
      if (p) fail(`fix "${fix.title}" of ${describeFinding(f)}: ${p}`);
    }
  }
}

/** boardAt never throws, and its attachments are indexed consistently both ways. */
export function validateBoard(text: string, line: number): void {
  let view;
  try {
    view = boardAt(text, line);
  } catch (e) {
    fail(`boardAt(text, ${line}) threw: ${(e as Error)?.stack ?? String(e)}`);
  }
  const cards = new Map(view.cards.map((c) => [c.id, c]));
  const players = new Map(view.players.map((p) => [p.id, p]));
  for (const c of view.cards) {
    if (c.attachedTo === null) continue;
    const host = cards.get(c.attachedTo) ?? players.get(c.attachedTo);
    if (!host) fail(`boardAt line ${line}: ${c.id} is attached to '${c.attachedTo}', which does not exist`);
    // 702.26i: a directly phased-out attachment keeps pointing at its host's old object when the
    // host changes zones (the new object does not list it); it phases in unattached.
    if (!host.attachments.includes(c.id) && !c.phasedOut) fail(`boardAt line ${line}: ${c.id} is attached to ${c.attachedTo}, but ${c.attachedTo}'s attachments are [${host.attachments.join(', ')}]`);
  }
  for (const h of [...view.cards, ...view.players]) {
    for (const a of h.attachments) {
      const att = cards.get(a);
      if (!att) fail(`boardAt line ${line}: ${h.id} lists attachment '${a}', which is not a card`);
      if (att.attachedTo !== h.id) fail(`boardAt line ${line}: ${h.id} lists ${a} as attached, but ${a} is attached to ${att.attachedTo}`);
    }
  }
}

/**
 * For big inputs: the properties that need no re-check, on one check (with steps) and one
 * boardAt (at the last line). Returns the check result.
 */
export function validateOnce(text: string, line?: number): CheckResult {
  const doc = docModel(text);
  const r = runCheck(text, 'the input', { steps: true });
  noInternalError(r, 'check');
  validateRanges(text, r, doc);
  validateShapes(r);
  validateFixEdits(text, r, doc);
  validateBoard(text, line ?? doc.lines.length - 1);
  return r;
}

// ---- the properties --------------------------------------------------------------------------

const SEVERITIES = new Set(['error', 'warning', 'information', 'hint']);
const KINDS = new Set([
  'illegal-attachment',
  'redundant-attach',
  'missing-unattach',
  'missing-state-based-action',
  'ineffective-unattach',
  'expectation-failed',
  'impossible-event',
  'unnamed-choice',
  'include',
  'unknown-name',
  'duplicate-name',
  'syntax-error',
]);

function nonEmptyString(x: unknown): x is string {
  return typeof x === 'string' && x.trim().length > 0;
}

/**
 * An earlier version of `text`: one line changed, removed or added. Removing or adding a line
 * moves the lines after it; the other two keep the line count (where the editor reuses the end).
 */
/** How many lines two versions start with alike. */
function commonPrefixLines(a: readonly string[], b: readonly string[]): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

function earlierVersion(text: string, pick: number, near?: number): string {
  const lines = text.split('\n');
  // `near`: at that line or after it (the edit of a later version past an earlier one's).
  const at = near === undefined ? pick % (lines.length + 1) : Math.min(lines.length, near + (pick % 4));
  const earlier = [...lines];
  const kind = pick % 7;
  if (kind === 0) earlier.splice(at, 1);
  else if (kind === 1) earlier.splice(at, 0, 'destroy c1');
  else if (kind === 2) earlier[Math.min(at, lines.length - 1)] += ' # edited';
  else if (kind === 3) earlier[Math.min(at, lines.length - 1)] = 'destroy c1';
  // Lines added or removed that leave the events as they are (a line break typed or deleted, a
  // note): the check's cutoff past such an edit compares positions moved by those lines.
  else if (kind === 4) earlier.splice(at, 0, '');
  else if (kind === 5) earlier.splice(at, 0, '# a note', '');
  else if (at < lines.length && lines[at].trim() === '') earlier.splice(at, 1);
  else earlier.splice(at, 0, '', '');
  return earlier.join('\n');
}

/**
 * What a finding is about, independent of where it is: its code, its message and the text its
 * range covers (fix-all moves the lines after a deleted one, so positions can't be compared).
 */
function findingKey(text: string, doc: DocModel, f: Finding): string {
  return `${f.code} ${JSON.stringify(text.slice(offsetOf(doc, f.range.start), offsetOf(doc, f.range.end)))}: ${f.message}`;
}

function editKey(e: TextEdit): string {
  return `${e.range.start.line}:${e.range.start.character}-${e.range.end.line}:${e.range.end.character} ${JSON.stringify(e.newText)}`;
}

/**
 * Safe fix-all, compared finding by finding: the findings of the fixed text are exactly those of
 * the input less the ones fix-all fixed (those with a safe fix whose every edit it applied). A
 * finding that disappears without being fixed was hidden (a syntax error on a deleted line); one
 * that appears was made by a safe fix. Returns the counts, for the figures of the long run.
 */
export function fixAllAccounting(text: string, options: { expectations?: boolean } = {}): { fixed: number; hidden: string[]; added: string[] } {
  const doc = docModel(text);
  const r = runCheck(text, 'the input', options);
  const edits = safeFixEdits(text, r.findings);
  if (edits.length === 0) return { fixed: 0, hidden: [], added: [] };
  const applied = new Set(edits.map(editKey));
  // A finding whose range an edit rewrites exactly (an event written anew) points at the new text.
  const rewritten = new Map<string, string>();
  for (const e of edits) if (e.newText !== '' && offsetOf(doc, e.range.start) < offsetOf(doc, e.range.end)) rewritten.set(JSON.stringify(e.range), e.newText);
  const left = new Map<string, number>();
  let fixed = 0;
  for (const f of r.findings) {
    // Its safe fix, or one demoted for hiding that fix-all took on its second look (Fix.hiding).
    if (f.fixes.some((x) => (x.safe || x.hiding) && x.edits.every((e) => applied.has(editKey(e))))) {
      fixed++;
      continue;
    }
    const now = rewritten.get(JSON.stringify(f.range));
    const k = now === undefined ? findingKey(text, doc, f) : `${f.code} ${JSON.stringify(now)}: ${f.message}`;
    left.set(k, (left.get(k) ?? 0) + 1);
  }
  const once = applyEdits(text, edits);
  const doc1 = docModel(once);
  const added: string[] = [];
  for (const f of runCheck(once, 'the text after fix-all', options).findings) {
    const k = findingKey(once, doc1, f);
    const n = left.get(k) ?? 0;
    if (n > 0) left.set(k, n - 1);
    else added.push(k);
  }
  const hidden: string[] = [];
  for (const [k, n] of left) for (let i = 0; i < n; i++) hidden.push(k);
  return { fixed, hidden, added };
}

export const PROPERTIES: Property[] = [
  {
    name: 'check never throws',
    run({ text }) {
      runCheck(text, 'the input');
      runCheck(text, 'the input (with steps)', { steps: true });
    },
  },
  {
    name: 'no internal error is reported',
    run({ text }) {
      noInternalError(runCheck(text, 'the input', { steps: true }), 'check');
    },
  },
  {
    name: 'every range is inside the document',
    run({ text }) {
      validateRanges(text, runCheck(text, 'the input', { steps: true }));
    },
  },
  {
    name: 'every finding is well-formed',
    run({ text }) {
      validateShapes(runCheck(text, 'the input'));
    },
  },
  {
    name: "every fix's edits are inside the document and do not overlap",
    run({ text }) {
      validateFixEdits(text, runCheck(text, 'the input'));
    },
  },
  {
    name: 'boardAt never throws and its board is consistent',
    run({ text, pick }) {
      const lines = docModel(text).lines.length;
      // Any line, and sometimes one before the first or after the last.
      validateBoard(text, (pick % (lines + 3)) - 1);
    },
  },
  {
    name: 'the streaming check and the whole-document check agree',
    run({ text }) {
      const a = JSON.stringify(runCheck(text, 'the input', { steps: true }));
      const b = JSON.stringify(runCheck(text, 'the input (whole document)', { steps: true, stream: false }));
      if (a !== b) fail(`the streamed result differs from the whole-document one:\n${a.slice(0, 2000)}\n---\n${b.slice(0, 2000)}`);
    },
  },
  {
    name: 'the fast path for simple lines equals the full parser',
    run({ text }) {
      const problem = fastPathProblem(text);
      if (problem) fail(problem);
    },
  },
  {
    name: 'a tree reparsed from an earlier version equals a parse of the whole text',
    run({ text, pick }) {
      const earlier = earlierVersion(text, pick);
      let got;
      try {
        got = reparse(earlier, parse(earlier), text);
      } catch (e) {
        fail(`reparse threw: ${(e as Error)?.stack ?? String(e)}`);
      }
      // Tokens cache their range when asked for it (`r`): not part of the tree.
      const norm = (x: unknown) => JSON.stringify(x, (k, v: unknown) => (k === 'r' ? undefined : v));
      const a = norm(got);
      const b = norm(parse(text));
      if (a !== b) fail(`the reparsed tree differs from a whole parse:\n${a.slice(0, 2000)}\n---\n${b.slice(0, 2000)}`);
    },
  },
  {
    name: 'a tree reparsed twice with the editor line table equals a parse, with the same declarations',
    run({ text, pick }) {
      // Two versions before: the second reparse starts from a reparsed tree (what the editor does at each keystroke).
      const earlier = earlierVersion(text, pick);
      const earliest = earlierVersion(earlier, pick * 7 + 3);
      let got;
      try {
        const mid = reparse(earliest, parse(earliest), earlier, lineIndexOf(earlier));
        got = reparse(earlier, mid, text, lineIndexOf(text));
      } catch (e) {
        fail(`reparse threw: ${(e as Error)?.stack ?? String(e)}`);
      }
      const norm = (x: unknown) => JSON.stringify(x, (k, v: unknown) => (k === 'r' ? undefined : v));
      const fresh = parse(text);
      const a = norm(got);
      const b = norm(fresh);
      if (a !== b) fail(`the reparsed tree differs from a whole parse:\n${a.slice(0, 2000)}\n---\n${b.slice(0, 2000)}`);
      const da = norm(declarationsOf(got));
      const db = norm(declarationsOf(fresh));
      if (da !== db) fail(`the reparsed tree's declarations differ from a whole parse's:\n${da.slice(0, 2000)}\n---\n${db.slice(0, 2000)}`);
    },
  },
  {
    name: 'a parse in slices of one statement equals a parse',
    run({ text }) {
      const norm = (x: unknown) => JSON.stringify(x, (k, v: unknown) => (k === 'r' ? undefined : v));
      let got;
      try {
        const steps = parseSteps(text, () => true);
        let r = steps.next();
        while (!r.done) r = steps.next();
        got = r.value;
      } catch (e) {
        fail(`a parse in slices threw: ${(e as Error)?.stack ?? String(e)}`);
      }
      const a = norm(got);
      const b = norm(parse(text));
      if (a !== b) fail(`the parse in slices differs:\n${a.slice(0, 2000)}\n---\n${b.slice(0, 2000)}`);
    },
  },
  {
    name: 'a check in slices of one statement equals one in one piece, fresh and resumed',
    run({ text, pick }) {
      const whole = (t: string, previous?: Analysis) => analyse(t, { resumable: true, resumeEvery: 2, previous });
      const sliced = (t: string, previous?: Analysis) => {
        const steps = analysisSteps(t, { resumable: true, resumeEvery: 2, previous }, () => true);
        let r = steps.next();
        while (!r.done) r = steps.next();
        return r.value;
      };
      const earlier = earlierVersion(text, pick);
      let got;
      try {
        got = [sliced(text), sliced(text, whole(earlier))];
      } catch (e) {
        fail(`a check in slices threw: ${(e as Error)?.stack ?? String(e)}`);
      }
      const want = [whole(text), whole(text, whole(earlier))];
      for (let i = 0; i < 2; i++) {
        const a = JSON.stringify(got[i].result);
        const b = JSON.stringify(want[i].result);
        if (a !== b) fail(`the ${i ? 'resumed ' : ''}check in slices differs:\n${a.slice(0, 2000)}\n---\n${b.slice(0, 2000)}`);
      }
    },
  },
  {
    name: 'an analysis resumed from an earlier version equals a fresh one',
    run({ text, pick }) {
      // The earlier version (resume points every 2 events).
      const earlier = earlierVersion(text, pick).split('\n');
      let previous;
      try {
        previous = analyse(earlier.join('\n'), { resumable: true, resumeEvery: 2 });
      } catch (e) {
        fail(`analyse threw on the earlier version: ${(e as Error)?.stack ?? String(e)}`);
      }
      let resumed;
      try {
        resumed = analyse(text, { resumable: true, resumeEvery: 2, previous });
      } catch (e) {
        fail(`a resumed analysis threw: ${(e as Error)?.stack ?? String(e)}`);
      }
      const a = JSON.stringify(resumed.result);
      const b = JSON.stringify(runCheck(text, 'the input'));
      if (a !== b) fail(`the resumed result differs from a fresh one:\n${a.slice(0, 2000)}\n---\n${b.slice(0, 2000)}`);
      // And once more from the resumed analysis (resume points carried over).
      const again = JSON.stringify(analyse(text, { resumable: true, resumeEvery: 2, previous: resumed }).result);
      if (again !== b) fail('an analysis resumed twice differs from a fresh one');
      // A version edited past the first edit resumes from a point the resumed analysis took on
      // from the earlier one (moved by the lines the first edit added or removed, if it did).
      const firstEdit = commonPrefixLines(earlier, text.split('\n'));
      const next = earlierVersion(text, pick * 5 + 1, firstEdit + 1 + (pick % 7));
      const third = JSON.stringify(analyse(next, { resumable: true, resumeEvery: 2, previous: resumed }).result);
      const thirdFresh = JSON.stringify(runCheck(next, 'the input'));
      if (third !== thirdFresh) fail(`a version resumed from the resumed analysis differs from a fresh one:\n${third.slice(0, 2000)}\n---\n${thirdFresh.slice(0, 2000)}`);
      // Its resume points (some carried over from the earlier version) seed the editor's timeline.
      const doc = parse(text);
      const timeline = new Timeline(doc, text, 2, replayCheckpoints(resumed));
      const lines = text.split('\n').length;
      for (let k = 0; k < 3; k++) {
        const line = ((pick * (k + 3)) % (lines + 2)) - 1;
        const got = JSON.stringify(timeline.boardAt(line));
        const want = JSON.stringify(boardAt(text, line, doc));
        if (got !== want) fail(`the timeline seeded by a resumed analysis differs at line ${line}:\n${got.slice(0, 1500)}\n---\n${want.slice(0, 1500)}`);
      }
    },
  },
  {
    name: 'the timeline (checkpoints every 2 events) gives the boards and steps of a replay from the start',
    run({ text, pick }) {
      const doc = parse(text);
      const lines = docModel(text).lines.length;
      // Its own checkpoints, and the resume points of a resumable analysis as seeds (the editor's way).
      const seeds = replayCheckpoints(analyse(text, { resumable: true, resumeEvery: 2 }));
      // Sparse seeds and checkpoints: boards between them keep copies of the replay (the one
      // before the last statement replayed), and a live replay goes on past the last seed.
      const sparse = replayCheckpoints(analyse(text, { resumable: true, resumeEvery: 5 }));
      for (const [how, timeline] of [['own checkpoints', new Timeline(doc, text, 2)], ['seeded', new Timeline(doc, text, 2, seeds)], ['sparsely seeded', new Timeline(doc, text, 4, sparse)]] as const) {
        // Several lines in a scrambled order, so replays go forward from checkpoints and back to them.
        for (let k = 0; k < 10; k++) {
          const line = ((pick * (k + 7)) % (lines + 2)) - 1;
          const a = JSON.stringify(timeline.boardAt(line));
          const b = JSON.stringify(boardAt(text, line, doc));
          if (a !== b) fail(`timeline (${how}) board at line ${line} differs from a replay from the start:\n${a.slice(0, 1500)}\n---\n${b.slice(0, 1500)}`);
        }
        const first = pick % Math.max(1, lines);
        const last = first + (pick % 7);
        const want = runCheck(text, 'the input (with steps)', { steps: true }).steps.filter((s) => s.range.start.line >= first && s.range.start.line <= last);
        const got = timeline.steps(first, last);
        if (JSON.stringify(got) !== JSON.stringify(want)) fail(`timeline (${how}) steps on lines ${first}..${last} differ:\n${JSON.stringify(got).slice(0, 1500)}\n---\n${JSON.stringify(want).slice(0, 1500)}`);
      }
    },
  },
  {
    name: 'a timeline made with the timeline of an earlier version gives the boards of a replay from the start',
    run({ text, pick }) {
      // The earlier version's timeline, asked far and wide (it keeps copies of the replay all over),
      // then this version's, made from the earlier tree (the statements both share are the same
      // objects) with the earlier timeline: it takes its copies before the edit, and after the
      // edit, where its replay meets one in the same state, the rest of them.
      const earlierText = earlierVersion(text, pick);
      const earlierDoc = parse(earlierText);
      const earlierLines = earlierText.split('\n').length;
      const earlier = new Timeline(earlierDoc, earlierText, 2);
      for (let k = 0; k < 4; k++) earlier.boardAt(((pick * (k + 5)) % (earlierLines + 1)) - 1);
      earlier.boardAt(earlierLines);
      let doc;
      try {
        doc = reparse(earlierText, earlierDoc, text);
      } catch (e) {
        fail(`reparse threw: ${(e as Error)?.stack ?? String(e)}`);
      }
      const lines = text.split('\n').length;
      // Unseeded (from the initial board), and seeded as the editor seeds a version not checked
      // yet: with the earlier check's resume points before the edit.
      // (As the editor does: none when this version declares a name after an event, since the
      // initial board has every declaration and the earlier replay's would lack that one.)
      const seeds = declarationsOf(doc!).late ? [] : checkpointsBefore(analyse(earlierText, { resumable: true, resumeEvery: 3 }), text);
      for (const [how, timeline] of [['unseeded', new Timeline(doc!, text, 2, [], [], undefined, earlier)], ['seeded', new Timeline(doc!, text, 2, seeds, [], undefined, earlier)]] as const) {
        for (let k = 0; k < 6; k++) {
          const line = ((pick * (k + 11)) % (lines + 2)) - 1;
          const got = JSON.stringify(timeline.boardAt(line));
          const want = JSON.stringify(boardAt(text, line, doc));
          if (got !== want) fail(`the timeline (${how}) made with an earlier one differs at line ${line}:\n${got.slice(0, 1500)}\n---\n${want.slice(0, 1500)}`);
        }
      }
    },
  },
  {
    name: 'check is deterministic (and steps do not change findings)',
    run({ text }) {
      const a = JSON.stringify(runCheck(text, 'the input').findings);
      const b = JSON.stringify(runCheck(text, 'the input (with steps)', { steps: true }).findings);
      const c = JSON.stringify(runCheck(text, 'the input (again)').findings);
      if (a !== b) fail('findings differ with { steps: true }');
      if (a !== c) fail('findings differ between two checks of the same text');
    },
  },
  {
    name: 'applying a fix changes only its edit ranges, and the result checks',
    run({ text, pick }) {
      const doc = docModel(text);
      const r = runCheck(text, 'the input');
      for (const { finding, fix } of someFixes(r, pick, fixCap(text), false)) {
        const fixed = applyAndVerify(text, doc, fix, finding);
        noInternalError(runCheck(fixed, `the text after fix "${fix.title}" of ${describeFinding(finding)}`), `after fix "${fix.title}"`);
      }
    },
  },
  {
    name: 'a safe fix removes its finding and adds no syntax error',
    run({ text, pick }) {
      const doc = docModel(text);
      const r = runCheck(text, 'the input');
      const syntaxBefore = r.findings.filter((f) => f.kind === 'syntax-error').length;
      for (const { finding, fix } of someFixes(r, pick, fixCap(text), true)) {
        const fixed = applyAndVerify(text, doc, fix, finding);
        const after = runCheck(fixed, `the text after fix "${fix.title}"`);
        const same = (g: Finding) => g.code === finding.code && g.message === finding.message;
        const n0 = r.findings.filter(same).length;
        const n1 = after.findings.filter(same).length;
        if (n1 >= n0) fail(`safe fix "${fix.title}" of ${describeFinding(finding)} does not remove it (${n0} such findings before, ${n1} after). Fixed text: ${JSON.stringify(fixed.slice(0, 2000))}`);
        const syntaxAfter = after.findings.filter((f) => f.kind === 'syntax-error');
        if (syntaxAfter.length > syntaxBefore) {
          const added = syntaxAfter.filter((s) => !r.findings.some((o) => o.kind === 'syntax-error' && o.message === s.message));
          fail(`safe fix "${fix.title}" of ${describeFinding(finding)} adds a syntax error (${syntaxBefore} before, ${syntaxAfter.length} after): ${added.map(describeFinding).join('; ') || '(same messages, more of them)'}`);
        }
      }
    },
  },
  {
    name: 'safe fix-all removes exactly the findings it fixes: it hides none and adds none',
    run({ text }) {
      const { hidden, added } = fixAllAccounting(text);
      if (hidden.length || added.length) {
        const once = applySafeFixes(text, runCheck(text, 'the input').findings);
        fail(`safe fix-all ${hidden.length ? `hides ${hidden.length} finding(s) it does not fix: ${hidden.slice(0, 5).join('; ')}` : ''}${hidden.length && added.length ? '; and ' : ''}${added.length ? `adds ${added.length} finding(s): ${added.slice(0, 5).join('; ')}` : ''}. Text after fix-all: ${JSON.stringify(once.slice(0, 3000))}`);
      }
    },
  },
  {
    name: 'applying all safe fixes is idempotent',
    run({ text }) {
      const r = runCheck(text, 'the input');
      let once: string;
      try {
        once = applySafeFixes(text, r.findings);
      } catch (e) {
        fail(`applySafeFixes threw: ${(e as Error)?.stack ?? String(e)}`);
      }
      const r1 = runCheck(once, 'the text after fix-all');
      const twice = applySafeFixes(once, r1.findings);
      if (twice !== once) {
        const left = r1.findings.filter((f) => f.fixes.some((x) => x.safe)).map(describeFinding);
        fail(`a second fix-all still changes the text; safe fixes left after the first: ${left.join('; ')}. Text after the first fix-all: ${JSON.stringify(once.slice(0, 3000))}`);
      }
    },
  },
  {
    name: 'a check of an input up to 1 MB takes under 1 s',
    timing: true,
    run({ text }) {
      if (text.length > 1_000_000) return;
      const time = () => {
        const s = performance.now();
        runCheck(text, 'the input');
        return performance.now() - s;
      };
      // A guard against pathological blowup, not a benchmark: measure again before failing, so a
      // GC pause or a busy machine does not count.
      const first = time();
      if (first < 1000) return;
      const second = time();
      if (second >= 1000) fail(`check took ${first.toFixed(0)} ms and then ${second.toFixed(0)} ms on ${text.length} characters`);
    },
  },
];

export function property(name: string): Property {
  const p = PROPERTIES.find((x) => x.name === name);
  if (!p) throw new Error(`no property '${name}'`);
  return p;
}

/** Runs every property on one input; returns the names and messages of those that fail. */
export function failuresOn(input: FuzzInput): { property: string; message: string }[] {
  const out: { property: string; message: string }[] = [];
  for (const p of PROPERTIES) {
    try {
      p.run(input);
    } catch (e) {
      out.push({ property: p.name, message: (e as Error)?.message ?? String(e) });
    }
  }
  return out;
}
