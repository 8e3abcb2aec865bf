// What the tests that hold a shortcut to the plain way compare: a check's findings and the board after
// the last line, with a switch of the core's set one way or the other.
import { boardAt, check } from '../../core';

/** What a check of `text` finds and the board after its last line, as one string to compare. */
export function findingsAndBoard(text: string): string {
  return JSON.stringify({ findings: check(text).findings, board: boardAt(text, text.split('\n').length - 2) });
}

/** `run`, with `settings[key]` set to `value` while it runs. */
export function withSetting<S extends object, K extends keyof S, T>(settings: S, key: K, value: S[K], run: () => T): T {
  const was = settings[key];
  settings[key] = value;
  try {
    return run();
  } finally {
    settings[key] = was;
  }
}
