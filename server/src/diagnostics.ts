// The one conversion from a core Finding to an LSP Diagnostic. Code actions and hovers use it too,
// so a code action's `diagnostics` entry is the same object the client was sent. Also the two
// diagnostics the server makes itself, which are not core findings: `file-too-large` (the document
// is not analysed) and `too-many-problems` (the publish is capped at MAX_DIAGNOSTICS).
import { codeDocUrl, messagePieces, type Finding, type Severity } from '../../core';
import { DiagnosticSeverity, DiagnosticTag, type Diagnostic, type DiagnosticRelatedInformation } from 'vscode-languageserver';
import type { ClientSupport } from './capabilities';
import { findingMessage, numberLocale, relatedMessage, t } from './l10n';

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
  // The rule numbers lead (the Problems panel cuts a long message at its end), and the message is
  // plain text: Problems, hover headers and other clients show it as it is, so the core's code spans
  // become quotes (plainMessage). Only hovers render Markdown.
  let message = diagnosticMessage(findingMessage(f), f.rules);
  // An expected finding (`#! CODE` on its line) is shown, not counted as a problem: Information, and said.
  if (f.expected) message += ` ${t('(expected: #! {0})', f.code)}`;
  const d: Diagnostic = {
    range: f.range,
    severity: f.expected ? DiagnosticSeverity.Information : (SEVERITY[f.severity] ?? DiagnosticSeverity.Error),
    code: f.code,
    source: SOURCE,
    message,
  };
  if (support.codeDescription) d.codeDescription = { href: codeDocUrl(f.code) };
  if (f.related.length > 0) {
    if (support.relatedInformation) {
      d.relatedInformation = f.related.map((r): DiagnosticRelatedInformation => ({ location: { uri: r.uri ?? uri, range: r.range }, message: plainMessage(relatedMessage(r)) }));
    } else {
      d.message += f.related.map((r) => `\n${r.uri ? t('{0} line {1}', r.uri, r.range.start.line + 1) : t('Line {0}', r.range.start.line + 1)}: ${plainMessage(relatedMessage(r))}.`).join('');
    }
  }
  if (UNNECESSARY.has(f.code) && support.diagnosticTags.includes(DiagnosticTag.Unnecessary)) d.tags = [DiagnosticTag.Unnecessary];
  const data: DiagnosticData = { rules: f.rules, index, version };
  d.data = data;
  return d;
}

/** A diagnostic's message: `[702.6a, 301.5b] <the finding's message as plain text>`. */
export function diagnosticMessage(message: string, rules: readonly string[]): string {
  const text = plainMessage(message);
  return rules.length > 0 ? `[${rules.join(', ')}] ${text}` : text;
}

/**
 * A core message (which writes code in backticks: ``add `rules 2024-06-07` ``) as plain text: each
 * code span becomes a quotation ("rules 2024-06-07"; 'x' when it holds a double quote). A backtick
 * run with no closing run of the same length stays as it is (it was not a code span).
 */
export function plainMessage(text: string): string {
  if (!text.includes('`')) return text;
  let out = '';
  for (const p of messagePieces(text)) {
    const q = p.text.includes('"') ? "'" : '"';
    out += p.code ? q + p.text + q : p.text;
  }
  return out;
}

export function toDiagnostics(findings: readonly Finding[], uri: string, version: number, support: ClientSupport): Diagnostic[] {
  return findings.map((f, i) => toDiagnostic(f, i, uri, version, support));
}

/** At most this many diagnostics per publish: binary or garbled text can have a problem per character. */
export const MAX_DIAGNOSTICS = 1000;

/**
 * What is published for a document version: the diagnostics of its findings (the core's, then the
 * extra ones), at most `max` in all. Over that, the first core findings (they are sorted by
 * position), every extra finding (there are one or two, and they say the file was checked against
 * another rules version), and a last information diagnostic at the first one left out that says
 * how many more there are. Indexes in `data` are those of `[...core, ...extra]` either way.
 */
export function publishedDiagnostics(
  core: readonly Finding[],
  extra: readonly Finding[],
  uri: string,
  version: number,
  support: ClientSupport,
  max = MAX_DIAGNOSTICS,
): Diagnostic[] {
  if (core.length + extra.length <= max) return toDiagnostics([...core, ...extra], uri, version, support);
  const shownCore = Math.max(0, max - 1 - extra.length);
  const out = core.slice(0, shownCore).map((f, i) => toDiagnostic(f, i, uri, version, support));
  extra.forEach((f, j) => out.push(toDiagnostic(f, core.length + j, uri, version, support)));
  const hidden = core.length - shownCore;
  const at = core[shownCore].range.start;
  out.push({
    range: { start: at, end: at },
    severity: DiagnosticSeverity.Information,
    code: TOO_MANY_PROBLEMS,
    source: SOURCE,
    message:
      hidden === 1
        ? t('1 more problem is not shown: the editor shows the first {0} of {1}. Check the whole file with "board-scenario check".', count(out.length), count(core.length + extra.length))
        : t('{0} more problems are not shown: the editor shows the first {1} of {2}. Check the whole file with "board-scenario check".', count(hidden), count(out.length), count(core.length + extra.length)),
  });
  return out;
}

// Both codes are in the core's registry (editorOnly), with their documentation.
export const TOO_MANY_PROBLEMS = 'too-many-problems';
export const FILE_TOO_LARGE = 'file-too-large';

/** The one diagnostic of a document that is too large to be checked in the editor, on its first line. */
export function fileTooLargeDiagnostic(bytes: number, limitBytes: number, text: string): Diagnostic {
  // The end of the first line (looked for in its first 1,000 characters only: a binary file may have none).
  let end = 0;
  const scan = Math.min(text.length, 1000);
  while (end < scan && text.charCodeAt(end) !== 10 && text.charCodeAt(end) !== 13) end++;
  return {
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: end } },
    severity: DiagnosticSeverity.Warning,
    code: FILE_TOO_LARGE,
    source: SOURCE,
    message: t('This file is {0} MB; the checker runs on files up to {1} MB in the editor. Check it with "board-scenario check".', megabytes(bytes), megabytes(limitBytes)),
  };
}

/** Megabytes (MiB), one decimal, rounded up: a file just over the limit never reads as the limit itself. */
export function megabytes(bytes: number): string {
  return String(Math.ceil((bytes / (1024 * 1024)) * 10) / 10);
}

function count(n: number): string {
  return n.toLocaleString(numberLocale());
}
