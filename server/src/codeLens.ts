// Code lenses for reviewing a scenario step by step: on each `expect` line whether it holds
// ("✓ holds", or "✗ fails: <the actual state>" from the line's expectation-failed finding), and one
// "Show Board" lens on the first event, which runs the client's `boardScenario.showBoard` command.
// Event lines get nothing: inlay hints already say what each event did.
import { isEvent, type Finding } from '../../core';
import type { CodeLens } from 'vscode-languageserver';
import type { DocumentState } from './documents';

export const SHOW_BOARD_COMMAND = 'boardScenario.showBoard';

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
      if (first) lenses.push({ range, command: { title: 'Show Board', command: SHOW_BOARD_COMMAND, arguments: [state.uri, line] } });
      first = false;
      continue;
    }
    if (!st.assertion) continue; // a syntax error: the diagnostic says it all
    const on = findings.filter((f) => f.range.start.line >= st.range.start.line && f.range.start.line <= st.range.end.line);
    const failed = on.find((f) => f.code === 'expectation-failed');
    const blocked = on.find((f) => f.severity === 'error');
    // A plain label: an empty command id is shown as text that does nothing when clicked.
    const title = failed ? `✗ fails: ${actualState(failed)}` : blocked ? `? not checked: ${blocked.code}` : '✓ holds';
    lenses.push({ range, command: { title, command: '' } });
  }
  return lenses;
}
