// The order of a check's findings: by start position, then as reported.
import type { Finding } from '../types';

export function sortFindings(fs: Finding[]): Finding[] {
  // The replay reports in line order nearly always: a file already in order is copied, not sorted
  // (a stable sort would keep it as it is). Always a new array: callers may cut it.
  let sorted = true;
  for (let i = 1; i < fs.length && sorted; i++) {
    const a = fs[i - 1].range.start;
    const b = fs[i].range.start;
    sorted = a.line < b.line || (a.line === b.line && a.character <= b.character);
  }
  if (sorted) return fs.slice();
  return fs
    .map((f, i) => [f, i] as const)
    .sort(([a, i], [b, j]) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character || i - j)
    .map(([f]) => f);
}
