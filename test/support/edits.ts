// Random edits of a scenario's lines, as the tests of resumed checks make them (a user typing in the middle of a file).

/**
 * `lines` edited at line `at`, by `r` (a random number in [0, 1)): a new line `make()` inserted there
 * (below 0.6), the line there replaced by one (below 0.8), or the line there deleted.
 */
export function editedAt(lines: readonly string[], at: number, r: number, make: () => string): string[] {
  if (r < 0.6) return [...lines.slice(0, at), make(), ...lines.slice(at)];
  if (r < 0.8) return [...lines.slice(0, at), make(), ...lines.slice(at + 1)];
  return [...lines.slice(0, at), ...lines.slice(at + 1)];
}
