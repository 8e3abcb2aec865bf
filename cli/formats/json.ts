// JSON output: exactly `{"files":[{"path","diagnostics":[{range,severity,code,kind,rules,message,fixes[,expected]}]}]}`
// with the core's 0-based lines and UTF-16 characters; a file with more findings than
// `--max-findings` has an `"omitted"` object after its diagnostics. Every object is rebuilt key by
// key so the keys and their order are fixed and nothing else (related, subjects, ...) leaks in.
// Written as it goes: one piece per finding, in chunks (see Reporter).
import { localizeFinding, type Finding, type Fix, type Position, type Range } from '../../core';
import { ChunkedOutput } from '../output';
import { SEVERITIES, omittedTotal, type Reporter } from './report';
import { currentLanguage, translate } from '../../l10n/language';

const position = (p: Position) => ({ line: p.line, character: p.character });
const range = (r: Range) => ({ start: position(r.start), end: position(r.end) });

function fix(f: Fix) {
  return { title: f.title, safe: f.safe, edits: f.edits.map((e) => ({ range: range(e.range), newText: e.newText })) };
}

export function diagnostic(f: Finding) {
  return {
    range: range(f.range),
    severity: f.severity,
    code: f.code,
    kind: f.kind,
    rules: [...f.rules],
    message: f.message,
    // With --lang fr or it (or a French or Italian locale): the message in that language too; `message` stays English.
    ...(currentLanguage() !== 'en' ? { localizedMessage: localizeFinding(f, translate).message } : {}),
    fixes: f.fixes.map(fix),
    // Only on a finding an expectation in the scenario marks as intended (`#! CODE`).
    ...(f.expected ? { expected: true } : {}),
  };
}

export function jsonReporter(o: ChunkedOutput = new ChunkedOutput()): Reporter {
  let files = 0;
  return {
    begin: () => o.add('{"files":['),
    async file(r) {
      await o.add(`${files++ === 0 ? '' : ','}{"path":${JSON.stringify(r.path)},"diagnostics":[`);
      for (let i = 0; i < r.findings.length; i++) await o.add((i === 0 ? '' : ',') + JSON.stringify(diagnostic(r.findings[i])));
      await o.add(']');
      if (r.omitted) {
        const omitted: Record<string, number> = { findings: omittedTotal(r.omitted) };
        for (const s of SEVERITIES) omitted[s] = r.omitted[s];
        await o.add(`,"omitted":${JSON.stringify(omitted)}`);
      }
      await o.add('}');
      // Out now, or (the check command batches) when the command waits for the next file's answer.
      await o.endOfFile();
    },
    async end() {
      await o.add(']}\n');
      await o.flush();
    },
  };
}
