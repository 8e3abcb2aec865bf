// Code actions: each fix of each finding that touches the requested range, as a quick fix tied to
// its diagnostic, and for every finding "mark as expected" (core's markExpectedFix: ` #! CODE` at the
// end of its line, never safe, never in fix-all); and `source.fixAll.boardScenario`, every safe fix
// at once (core's safeFixEdits).
import { markExpectedFix, safeFixEdits, type Finding, type TextEdit as CoreEdit } from '../../core';
import { CodeActionKind, type CodeAction, type CodeActionParams, type Diagnostic, type WorkspaceEdit } from 'vscode-languageserver';
import type { ClientSupport } from './capabilities';
import type { DocumentState } from './documents';
import { SOURCE, toDiagnostic } from './diagnostics';
import { sameRange, touches } from './util';
import { fixTitle, t } from './l10n';

export const FIX_ALL_KIND = `${CodeActionKind.SourceFixAll}.boardScenario`;
export const CODE_ACTION_KINDS = [CodeActionKind.QuickFix, FIX_ALL_KIND];

/** Is an action of `kind` wanted, given the client's `only` filter (a kind matches its parents)? */
function wanted(kind: string, only: string[] | undefined): boolean {
  return !only || only.some((o) => kind === o || kind.startsWith(o + '.'));
}

export function workspaceEdit(state: DocumentState, edits: CoreEdit[], support: ClientSupport): WorkspaceEdit {
  if (support.documentChanges) {
    return { documentChanges: [{ textDocument: { uri: state.uri, version: state.version }, edits }] };
  }
  return { changes: { [state.uri]: edits } };
}

export function codeActions(state: DocumentState, params: CodeActionParams, support: ClientSupport, findings: Finding[] = state.findings as Finding[]): CodeAction[] {
  const only = params.context.only;
  const actions: CodeAction[] = [];

  let safeEdits: CoreEdit[] | undefined;
  const allSafeEdits = () => (safeEdits ??= safeFixEdits(state.text, findings));
  if (wanted(CodeActionKind.QuickFix, only)) {
    let safeHere = false;
    findings.forEach((f, index) => {
      if (!touches(f.range, params.range)) return;
      const line = f.range.start.line;
      const mark = markExpectedFix(state.document.getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } }), f);
      const fixes = mark ? [...f.fixes, mark] : f.fixes;
      if (fixes.length === 0) return;
      const diagnostic = clientDiagnostic(params.context.diagnostics, f.code, f.range) ?? toDiagnostic(f, index, state.uri, state.version, support);
      // Preferred only when unambiguous: the first safe fix of the finding.
      const preferred = f.fixes.find((x) => x.safe);
      if (preferred) safeHere = true;
      for (const fix of fixes) {
        actions.push({
          title: fixTitle(fix),
          kind: CodeActionKind.QuickFix,
          diagnostics: [diagnostic],
          isPreferred: fix === preferred ? true : undefined,
          edit: workspaceEdit(state, fix.edits, support),
        });
      }
    });
    // As ESLint does: beside the fixes of a finding that has a safe one, every safe fix of the file
    // at once, in the Ctrl+. menu (the source.fixAll action below is for Fix All and on-save).
    // Only when it does more than the finding's own safe fix: two or more findings have one.
    if (safeHere && countSafe(findings) >= 2) {
      const edits = allSafeEdits();
      // ESLint's wording.
      if (edits.length > 0) actions.push({ title: t('Fix all auto-fixable problems'), kind: CodeActionKind.QuickFix, edit: workspaceEdit(state, edits, support) });
    }
  }

  if (wanted(FIX_ALL_KIND, only)) {
    const edits = allSafeEdits();
    if (edits.length > 0) {
      actions.push({ title: t('Fix all safe board-scenario problems'), kind: FIX_ALL_KIND, edit: workspaceEdit(state, edits, support) });
    }
  }
  return actions;
}

function countSafe(findings: readonly Finding[]): number {
  let n = 0;
  for (const f of findings) if (f.fixes.some((x) => x.safe) && ++n >= 2) break;
  return n;
}

/** The client's copy of the diagnostic, when it sent one (so the action is linked to what it shows). */
function clientDiagnostic(sent: Diagnostic[], code: string, range: Diagnostic['range']): Diagnostic | undefined {
  return sent.find((d) => d.source === SOURCE && d.code === code && sameRange(d.range, range));
}
