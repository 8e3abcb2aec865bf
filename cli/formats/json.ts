// JSON output: exactly `{"files":[{"path","diagnostics":[{range,severity,code,kind,rules,message,fixes}]}]}`
// with the core's 0-based lines and UTF-16 characters. Every object is rebuilt key by key so the
// keys and their order are fixed and nothing else (related, subjects, ...) leaks in.
import type { Finding, Fix, Position, Range } from '../../core';
import type { FileResult } from '../scenario';

const position = (p: Position) => ({ line: p.line, character: p.character });
const range = (r: Range) => ({ start: position(r.start), end: position(r.end) });

function fix(f: Fix) {
  return { title: f.title, safe: f.safe, edits: f.edits.map((e) => ({ range: range(e.range), newText: e.newText })) };
}

function diagnostic(f: Finding) {
  return {
    range: range(f.range),
    severity: f.severity,
    code: f.code,
    kind: f.kind,
    rules: [...f.rules],
    message: f.message,
    fixes: f.fixes.map(fix),
  };
}

export function toJson(results: FileResult[]): string {
  return JSON.stringify({ files: results.map((r) => ({ path: r.path, diagnostics: r.findings.map(diagnostic) })) }) + '\n';
}
