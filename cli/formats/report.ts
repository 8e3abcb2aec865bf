// What every output format of `check` is: pieces written as the files are checked (a file's
// findings as soon as that file is done, each finding as a piece of its own), never the whole
// document as one string. The summary comes last, when every count is known.
import type { Severity } from '../../core';
import type { FileResult } from '../scenario';
import type { Counts } from './text';
import { singular, t } from '../../l10n/language';

export interface Reporter {
  /** Before the first file. */
  begin(): Promise<void>;
  /** Each checked file, in order; its findings can be dropped once this resolves. */
  file(r: FileResult): Promise<void>;
  /** After the last file. */
  end(counts: Counts): Promise<void>;
}

export const SEVERITIES: readonly Severity[] = ['error', 'warning', 'information', 'hint'];

/** How many findings were left out in all. */
export function omittedTotal(omitted: Record<Severity, number>): number {
  return SEVERITIES.reduce((n, s) => n + omitted[s], 0);
}

/** The line about a file's findings past `--max-findings`, e.g. `big.board: 12 more findings not shown (10 errors, 2 warnings)...`. */
export function omittedMessage(r: FileResult & { omitted: Record<Severity, number> }, maxFindings: number): string {
  const parts = SEVERITIES.filter((s) => r.omitted[s] > 0).map((s) => severityCount(s, r.omitted[s]));
  const total = omittedTotal(r.omitted);
  return total === 1
    ? t('{0}: 1 more finding not shown ({1}): only the first {2} of a file are listed (--max-findings N lists up to N)', r.path, parts.join(', '), maxFindings)
    : t('{0}: {1} more findings not shown ({2}): only the first {3} of a file are listed (--max-findings N lists up to N)', r.path, total, parts.join(', '), maxFindings);
}

/** `1 error`, `3 warnings`, `2 information`, `1 hint`, in the CLI's language. */
export function severityCount(s: Severity, n: number): string {
  switch (s) {
    case 'error': return singular(n) ? t('{0} error', n) : t('{0} errors', n);
    case 'warning': return singular(n) ? t('{0} warning', n) : t('{0} warnings', n);
    case 'information': return t('{0} information', n);
    case 'hint': return singular(n) ? t('{0} hint', n) : t('{0} hints', n);
  }
}
