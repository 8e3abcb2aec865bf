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
import { findingMessage, t } from './l10n';

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

/** "Expected X, but Y." → "Y" (the core words every expectation-failed message this way). */
export function actualState(f: Finding): string {
  const m = /, but (.*?)\.?$/s.exec(f.message);
  return m ? m[1] : f.message;
}

export function codeLenses(state: DocumentState, findings: readonly Finding[]): CodeLens[] {
  const lenses: CodeLens[] = [];
  let first = true;
  for (const st of state.doc.statements) {
    if (!isEvent(st)) continue;
    const line = st.range.start.line;
    const range = { start: { line, character: st.range.start.character }, end: { line, character: st.range.start.character } };
    if (st.kind !== 'expect') {
      if (first) lenses.push({ range, command: { title: t('Show Board'), command: SHOW_BOARD_COMMAND, arguments: [state.uri, line] } });
      first = false;
      continue;
    }
    if (!st.assertion) continue; // a syntax error: the diagnostic says it all
    const { title } = expectationState(line, st.range.end.line, findings);
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
  for (const st of state.analysis.doc.statements) {
    if (st.kind === 'expect' && st.range.start.line === line && st.assertion) return expectationState(line, st.range.end.line, findings);
  }
  return null;
}
