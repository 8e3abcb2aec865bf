// The command line's limits on big inputs (README "Big files"). Memory follows the file, not its
// findings: at most `maxFindings` findings of a file are kept (the others are only counted), but
// the text, the board and its declarations are held whole, so a file is read only up to a size.

/** The largest scenario file `check` and `render` read: a 50 MB file is checked in a few hundred MB. */
export const MAX_FILE_BYTES = 64 * 1024 * 1024;

/** The findings listed per file by default (`--max-findings`), and the most that option allows. */
export const DEFAULT_MAX_FINDINGS = 10_000;
export const MAX_MAX_FINDINGS = 100_000;
