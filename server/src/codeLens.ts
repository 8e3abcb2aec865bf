// Code lenses for reviewing a scenario step by step: on each `expect` line whether it holds
// ("✓ holds", or "✗ fails: <the actual state>" from the line's expectation-failed finding), and one
// "Show Board" lens on the first event, which runs the client's `boardScenario.showBoard` command.
// Event lines get nothing: inlay hints already say what each event did.
// An `expect` lens runs EXPECTATION_COMMAND, which this server answers (executeCommandProvider):
// the expectation's state at that line, and nothing else, so a click does no harm in any client
// (an empty command id made other clients send a command nobody knew).
// The `expect` lenses are resolved lazily (codeLens/resolve): the list carries only each lens's
// range and `data` ([document id, line]); the client resolves the ones it shows, and only those get
// a title. In a file with thousands of `expect` lines this keeps the list small while the user
// types (issue 17 item 12). The "Show Board" lens comes resolved.
import { isEvent, type Finding, type Statement } from '../../core';
import type { CodeLens } from 'vscode-languageserver';
import type { DocumentState } from './documents';
import { firstNotBefore } from './util';
import { unchanging } from './answers';
import { changeSince, IndexedBuilder, PerDocument, sameMiddle, spliced, type Indexed } from './perStatement';
import { findingMessage, messageText, t } from './l10n';

export const SHOW_BOARD_COMMAND = 'boardScenario.showBoard';
/** The `expect` lenses' command, answered by the server (arguments: the document URI and the 0-based line). */
export const EXPECTATION_COMMAND = 'boardScenario.expectation';

export interface ExpectationState {
  line: number;
  status: 'holds' | 'fails' | 'not-checked';
  /** The lens's title. */
  title: string;
  /** The finding that decided it (fails, not checked). */
  message?: string;
}

/** "Expected X, but Y." → "Y", in the server's language (the core's template: `Expected {0}, but {1}.`). */
export function actualState(f: Finding): string {
  if (f.text?.template === 'Expected {0}, but {1}.' && f.text.args.length === 2) {
    const actual = f.text.args[1];
    return typeof actual === 'object' ? messageText(actual, '') : String(actual);
  }
  const m = /, but (.*?)\.?$/s.exec(f.message);
  return m ? m[1] : findingMessage(f);
}

// A small number per document URI for the lenses' `data` (a URI in each of thousands of lenses
// would make up most of the answer). Ids are never reused, so a stale lens never finds another file.
const idOfUri = new Map<string, number>();
const uriOfId: string[] = [];
function docId(uri: string): number {
  let id = idOfUri.get(uri);
  if (id === undefined) {
    id = uriOfId.push(uri) - 1;
    idOfUri.set(uri, id);
  }
  return id;
}

/** The document URI and the 0-based line an unresolved `expect` lens stands for; undefined for any other value. */
export function lensTarget(lens: CodeLens): { uri: string; line: number } | undefined {
  const d = lens?.data as unknown;
  if (!Array.isArray(d) || d.length !== 2 || !Number.isInteger(d[0]) || !Number.isInteger(d[1]) || d[1] < 0) return undefined;
  const uri = uriOfId[d[0] as number];
  return uri === undefined ? undefined : { uri, line: d[1] as number };
}

// The findings by the line they start on (indexes into the array, in its order), kept per findings array.
const byLineOf = new WeakMap<readonly Finding[], Map<number, number[]>>();
function findingsByLine(findings: readonly Finding[]): Map<number, number[]> {
  let byLine = byLineOf.get(findings);
  if (byLine) return byLine;
  byLine = new Map<number, number[]>();
  findings.forEach((f, i) => {
    const at = byLine!.get(f.range.start.line);
    if (at) at.push(i);
    else byLine!.set(f.range.start.line, [i]);
  });
  byLineOf.set(findings, byLine);
  return byLine;
}

/** The findings starting on lines first..last, in the order of `findings` (the first failure decides). */
function findingsOn(first: number, last: number, findings: readonly Finding[]): Finding[] {
  const byLine = findingsByLine(findings);
  const on: number[] = [];
  // A loop, not push(...): one line may hold some hundred thousand findings (`#! a #! a ...`).
  for (let l = first; l <= last; l++) for (const i of byLine.get(l) ?? []) on.push(i);
  if (on.length > 1) on.sort((a, b) => a - b);
  return on.map((i) => findings[i]);
}

/** The `expect` statement starting on `line` (binary search: statements are in line order). */
function expectAt(state: DocumentState, line: number): Statement | undefined {
  const sts = state.doc.statements;
  for (let i = firstNotBefore(sts.length, (k) => sts[k].range.start.line < line); i < sts.length && sts[i].range.start.line === line; i++) {
    const st = sts[i];
    if (st.kind === 'expect' && st.assertion) return st;
  }
  return undefined;
}

/**
 * codeLens/resolve: the `expect` lens on `line` of `state`'s document gets its title and command
 * from `findings`. A lens whose line no longer starts an `expect` (the text changed since the list)
 * gets an empty title and the same harmless command, which answers null for that line.
 */
export function resolveCodeLens(lens: CodeLens, state: DocumentState | undefined, findings: readonly Finding[]): CodeLens {
  const target = lensTarget(lens);
  if (!target) return lens;
  const st = state ? expectAt(state, target.line) : undefined;
  const title = st ? expectationState(target.line, st.range.end.line, findingsOn(target.line, st.range.end.line, findings)).title : '';
  return { range: lens.range, command: { title, command: EXPECTATION_COMMAND, arguments: [target.uri, target.line] } };
}

/** The `expect` lenses by statement index, carried from the version answered last (perStatement.ts). */
const memory = new PerDocument<{ statements: readonly Statement[]; id: number; expects: Indexed<CodeLens>; showBoard?: { st: Statement; title: string; lens: CodeLens }; result: CodeLens[] }>();

/** The unresolved lenses of the `expect` statements from..to-1 (a syntax error gets none: the diagnostic says it all). */
function expectLenses(statements: readonly Statement[], from: number, to: number, id: number): Indexed<CodeLens> {
  const out = new IndexedBuilder<CodeLens>(true);
  for (let i = from; i < to; i++) {
    const st = statements[i];
    if (st.kind !== 'expect' || !st.assertion) continue;
    const r = st.range;
    const line = r.start.line;
    out.push(i, { range: { start: { line, character: r.start.character }, end: { line, character: r.start.character } }, data: [id, line] });
  }
  return out.done();
}

/** An `expect` lens of a statement moved by `delta` lines. */
const movedLens = (l: CodeLens, delta: number): CodeLens => {
  const line = l.range.start.line + delta;
  const character = l.range.start.character;
  return { range: { start: { line, character }, end: { line, character } }, data: [(l.data as number[])[0], line] };
};

const sameLens = (a: CodeLens, b: CodeLens) => a.range.start.line === b.range.start.line && a.range.start.character === b.range.start.character;

/**
 * A lens on each `expect` line, unresolved, and "Show Board" on the first event that is not an
 * `expect`. In a huge file only the statements of the edit are looked at again: the lenses of the
 * others are the last version's (the same list when none changed).
 */
export function codeLenses(state: DocumentState): CodeLens[] {
  const statements = state.doc.statements;
  const id = docId(state.uri);
  const memo = memory.get(state.uri);
  const change = memo?.id === id ? changeSince(memo, statements) : undefined;
  const middle = change ? expectLenses(statements, change.prefix, change.newEnd, id) : undefined;
  const expects = memo && change && middle ? spliced(memo.expects, change, middle, movedLens) : expectLenses(statements, 0, statements.length, id);

  // The first event that is not an `expect` (the declarations come before the events: a short walk).
  let first = -1;
  for (let i = 0; i < statements.length; i++) {
    const st = statements[i];
    if (isEvent(st) && st.kind !== 'expect') {
      first = i;
      break;
    }
  }
  const title = t('Show Board');
  let showBoard: { st: Statement; title: string; lens: CodeLens } | undefined;
  if (first >= 0) {
    const st = statements[first];
    if (memo?.showBoard?.st === st && memo.showBoard.title === title) showBoard = memo.showBoard;
    else {
      const r = st.range;
      const line = r.start.line;
      const range = { start: { line, character: r.start.character }, end: { line, character: r.start.character } };
      showBoard = { st, title, lens: { range, command: { title, command: SHOW_BOARD_COMMAND, arguments: [state.uri, line] } } };
    }
  }

  // Nothing changed for the client: the same list as last time.
  if (memo && change && middle && memo.showBoard === showBoard && sameMiddle(memo.expects, change, middle, sameLens)) {
    memory.set(state.uri, { ...memo, statements, expects });
    return memo.result;
  }
  const k = firstNotBefore(expects.at.length, (i) => expects.at[i] < first);
  const items = expects.items!;
  // Never changed afterwards: a JSON transport keeps its bytes for the next time (answers.ts).
  const result = unchanging(showBoard ? [...items.slice(0, k), showBoard.lens, ...items.slice(k)] : items.slice());
  memory.set(state.uri, { statements, id, expects, showBoard, result });
  return result;
}

function expectationState(first: number, last: number, findings: readonly Finding[]): ExpectationState {
  const on = findings.filter((f) => f.range.start.line >= first && f.range.start.line <= last);
  const failed = on.find((f) => f.code === 'expectation-failed');
  const blocked = on.find((f) => f.severity === 'error');
  if (failed) return { line: first, status: 'fails', title: t('✗ fails: {0}', actualState(failed)), message: findingMessage(failed) };
  if (blocked) return { line: first, status: 'not-checked', title: t('? not checked: {0}', blocked.code), message: findingMessage(blocked) };
  return { line: first, status: 'holds', title: t('✓ holds') };
}

/** EXPECTATION_COMMAND: the state of the `expect` statement starting on `line`; null when there is none. */
export function expectationCommand(state: DocumentState, line: number, findings: readonly Finding[]): ExpectationState | null {
  const st = expectAt(state, line);
  return st ? expectationState(line, st.range.end.line, findings) : null;
}
