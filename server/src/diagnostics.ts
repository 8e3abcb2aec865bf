// The one conversion from a core Finding to an LSP Diagnostic. Code actions and hovers use it too,
// so a code action's `diagnostics` entry is the same object the client was sent.
import { codeDocUrl, type Finding, type Severity } from '../../core';
import { DiagnosticSeverity, DiagnosticTag, type Diagnostic, type DiagnosticRelatedInformation } from 'vscode-languageserver';
import type { ClientSupport } from './capabilities';

export const SOURCE = 'board-scenario';

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** Codes whose flagged line does nothing at all: clients may fade it (DiagnosticTag.Unnecessary). */
const UNNECESSARY = new Set(['redundant-attach', 'ineffective-unattach']);

/** What a diagnostic carries back to the server (code actions, hovers). */
export interface DiagnosticData {
  /** The rule numbers, as the scenario's rules version numbers them. */
  rules: string[];
  /** Index of the finding in the analysis of `version`. */
  index: number;
  version: number;
}

export function toDiagnostic(f: Finding, index: number, uri: string, version: number, support: ClientSupport): Diagnostic {
  let message = f.message;
  if (f.rules.length > 0) message += ` (${f.rules.length === 1 ? 'rule' : 'rules'} ${f.rules.join(', ')})`;
  const d: Diagnostic = {
    range: f.range,
    severity: SEVERITY[f.severity] ?? DiagnosticSeverity.Error,
    code: f.code,
    source: SOURCE,
    message,
  };
  if (support.codeDescription) d.codeDescription = { href: codeDocUrl(f.code) };
  if (f.related.length > 0) {
    if (support.relatedInformation) {
      d.relatedInformation = f.related.map((r): DiagnosticRelatedInformation => ({ location: { uri, range: r.range }, message: r.message }));
    } else {
      d.message += f.related.map((r) => `\nLine ${r.range.start.line + 1}: ${r.message}.`).join('');
    }
  }
  if (UNNECESSARY.has(f.code) && support.diagnosticTags.includes(DiagnosticTag.Unnecessary)) d.tags = [DiagnosticTag.Unnecessary];
  const data: DiagnosticData = { rules: f.rules, index, version };
  d.data = data;
  return d;
}

export function toDiagnostics(findings: readonly Finding[], uri: string, version: number, support: ClientSupport): Diagnostic[] {
  return findings.map((f, i) => toDiagnostic(f, i, uri, version, support));
}
