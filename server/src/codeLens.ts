// Code lenses for reviewing a scenario step by step: on each `expect` line whether it holds
// ("✓ holds", or "✗ fails: <the actual state>" from the line's expectation-failed finding), and one
// "Show Board" lens on the first event, which runs the client's `boardScenario.showBoard` command.
// Event lines get nothing: inlay hints already say what each event did.
// An `expect` lens runs EXPECTATION_COMMAND, which this server answers (executeCommandProvider):
// the expectation's state at that line, and nothing else, so a click does no harm in any client
// (an empty command id made other clients send a command nobody knew).
import { isEvent, type Finding } from '../../core';
import type { CodeLens } from 'vscode-languageserver';
import type { DocumentState } from './documents';
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

export function codeLenses(state: DocumentState, findings: readonly Finding[]): CodeLens[] {
  const lenses: CodeLens[] = [];
  let first = true;
  // The findings by the line they start on: each lens looks at its own lines only.
  const byLine = new Map<number, number[]>();
  findings.forEach((f, i) => {
    const at = byLine.get(f.range.start.line);
    if (at) at.push(i);
    else byLine.set(f.range.start.line, [i]);
  });
  for (const st of state.doc.statements) {
    if (!isEvent(st)) continue;
    if (st.kind !== 'expect' && !first) continue;
    const r = st.range;
    const line = r.start.line;
    const range = { start: { line, character: r.start.character }, end: { line, character: r.start.character } };
    if (st.kind !== 'expect') {
      lenses.push({ range, command: { title: t('Show Board'), command: SHOW_BOARD_COMMAND, arguments: [state.uri, line] } });
      first = false;
      continue;
    }
    if (!st.assertion) continue; // a syntax error: the diagnostic says it all
    // In the order of `findings` (the first failure decides).
    const on: number[] = [];
    for (let l = line; l <= r.end.line; l++) on.push(...(byLine.get(l) ?? []));
    const { title } = expectationState(line, r.end.line, on.length > 1 ? on.sort((a, b) => a - b).map((i) => findings[i]) : on.map((i) => findings[i]));
    lenses.push({ range, command: { title, command: EXPECTATION_COMMAND, arguments: [state.uri, line] } });
  }
  return lenses;
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
  for (const st of state.doc.statements) {
    if (st.kind === 'expect' && st.range.start.line === line && st.assertion) return expectationState(line, st.range.end.line, findings);
  }
  return null;
}
