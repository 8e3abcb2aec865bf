// What every output format of `check` is: pieces written as the files are checked (a file's
// findings as soon as that file is done, each finding as a piece of its own), never the whole
// document as one string. The summary comes last, when every count is known.
import type { Severity } from '../../core';
import type { FileResult } from '../scenario';
import type { Counts } from './text';

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
  const parts = SEVERITIES.filter((s) => r.omitted[s] > 0).map((s) => {
    const n = r.omitted[s];
    return s === 'information' ? `${n} information` : `${n} ${s}${n === 1 ? '' : 's'}`;
  });
  const total = omittedTotal(r.omitted);
  return `${r.path}: ${total} more finding${total === 1 ? '' : 's'} not shown (${parts.join(', ')}): only the first ${maxFindings} of a file are listed (--max-findings N lists up to N)`;
}
