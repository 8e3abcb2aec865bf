// Compiler-style text: one line per finding, `path:line:col: severity code [rules] message`, with
// 1-based line and column (the column counts UTF-16 code units, as the core's positions do), then a
// summary line. A finding the scenario marks as expected (`#! CODE`) ends with `(expected)` and is
// counted apart in the summary.
import { localizeFinding, type Finding, type Severity } from '../../core';
import { ChunkedOutput } from '../output';
import { omittedMessage, severityCount, type Reporter } from './report';
import { singular, t, translate } from '../../l10n/language';

export interface Colors {
  bold(s: string): string;
  dim(s: string): string;
  severity(s: Severity, text: string): string;
}

const wrap = (open: number, close: number) => (s: string) => `\x1b[${open}m${s}\x1b[${close}m`;
const red = wrap(31, 39);
const yellow = wrap(33, 39);
const blue = wrap(34, 39);
const cyan = wrap(36, 39);

export const ANSI: Colors = {
  bold: wrap(1, 22),
  dim: wrap(2, 22),
  severity: (s, text) => {
    const bold = wrap(1, 22);
    switch (s) {
      case 'error':
        return bold(red(text));
      case 'warning':
        return bold(yellow(text));
      case 'information':
        return bold(blue(text));
      default:
        return bold(cyan(text));
    }
  },
};

export const PLAIN: Colors = { bold: (s) => s, dim: (s) => s, severity: (_s, text) => text };

/** Messages are one line in this format: any line breaks (e.g. in an internal error) become spaces. */
function oneLine(s: string): string {
  return s.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}

export function formatFinding(path: string, f: Finding, c: Colors = PLAIN): string {
  const where = `${path}:${f.range.start.line + 1}:${f.range.start.character + 1}:`;
  const rules = f.rules.length > 0 ? ` ${c.dim(`[${f.rules.join(',')}]`)}` : '';
  // The severity and the code stay English (the $board-scenario problem matcher reads them); the message is in the CLI's language.
  return `${c.bold(where)} ${c.severity(f.severity, f.severity)} ${c.dim(f.code)}${rules} ${oneLine(localizeFinding(f, translate).message)}${f.expected ? c.dim(` ${t('(expected)')}`) : ''}`;
}

export interface Counts {
  files: number;
  fixedFiles: number;
  error: number;
  warning: number;
  information: number;
  hint: number;
  /** Findings an expectation in the scenario (`#! CODE`) marks as intended: counted apart, never a failure. */
  expected: number;
}

export function emptyCounts(): Counts {
  return { files: 0, fixedFiles: 0, error: 0, warning: 0, information: 0, hint: 0, expected: 0 };
}

/** e.g. `3 files checked: 2 errors, 1 warning` (information and hints only when there are any). */
export function formatSummary(n: Counts, c: Colors = PLAIN): string {
  const parts = [severityCount('error', n.error), severityCount('warning', n.warning)];
  if (n.information > 0) parts.push(severityCount('information', n.information));
  if (n.hint > 0) parts.push(severityCount('hint', n.hint));
  if (n.expected > 0) parts.push(t('{0} expected', n.expected));
  let line = singular(n.files) ? t('{0} file checked: {1}', n.files, parts.join(', ')) : t('{0} files checked: {1}', n.files, parts.join(', '));
  if (n.fixedFiles > 0) line += ` ${singular(n.fixedFiles) ? t('({0} file fixed)', n.fixedFiles) : t('({0} files fixed)', n.fixedFiles)}`;
  return c.bold(line);
}

/** Text written file by file (a big folder shows results as it goes), the summary last. */
export function textReporter(colors: Colors, maxFindings: number, o: ChunkedOutput = new ChunkedOutput()): Reporter {
  return {
    begin: async () => {},
    async file(r) {
      for (const f of r.findings) await o.add(formatFinding(r.path, f, colors) + '\n');
      if (r.omitted) await o.add(colors.dim(omittedMessage({ ...r, omitted: r.omitted }, maxFindings)) + '\n');
      await o.endOfFile();
    },
    async end(counts) {
      await o.add(formatSummary(counts, colors) + '\n');
      await o.flush();
    },
  };
}
