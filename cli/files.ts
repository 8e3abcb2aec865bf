// Collecting the scenario files named on the command line: files as given, folders recursively
// (`*.board` only, skipping node_modules and dot-folders), each folder's files in sorted order.
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface Problem {
  /** Worded for stderr, without the `board-scenario: ` prefix: `cannot read PATH: reason`, `no .board files in PATH`. */
  message: string;
  /** I/O errors make the exit code 2; an empty folder only when nothing at all was checked. */
  io: boolean;
}

export interface Collected {
  /** Paths to check, as given or joined onto the folder as given (so relative to cwd when the argument was). */
  files: string[];
  /** Those found by searching a folder (the project config's `exclude` applies to them only). */
  found?: Set<string>;
  problems: Problem[];
}

/** The human part of a Node fs error: `ENOENT: no such file or directory, stat 'x'` → `no such file or directory`. */
export function reasonOf(err: unknown): string {
  const e = err as NodeJS.ErrnoException | undefined;
  const message = typeof e?.message === 'string' ? e.message : String(err);
  const m = /^[A-Z0-9_]+: (.*?)(?:, \w+ '.*')?$/s.exec(message);
  return m ? m[1] : message;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function isScenario(name: string): boolean {
  return name.endsWith('.board');
}

/** Every `*.board` file under `dir` (a path as given), sorted; unreadable sub-folders are reported and skipped. */
function walk(dir: string, problems: Problem[]): string[] {
  const out: string[] = [];
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch (err) {
    problems.push({ message: `cannot read ${dir}: ${reasonOf(err)}`, io: true });
    return out;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      out.push(...walk(full, problems));
    } else if (isScenario(entry.name)) {
      if (entry.isFile()) out.push(full);
      else if (entry.isSymbolicLink()) {
        // Links to files are followed; links to folders are not (no cycles).
        try {
          if (fs.statSync(full).isFile()) out.push(full);
        } catch (err) {
          problems.push({ message: `cannot read ${full}: ${reasonOf(err)}`, io: true });
        }
      }
    }
  }
  return out.sort(compare);
}

export function collectFiles(args: string[]): Collected {
  const files: string[] = [];
  const problems: Problem[] = [];
  const seen = new Set<string>();
  const inFolders = new Set<string>();
  const add = (p: string) => {
    const key = path.resolve(p);
    if (seen.has(key)) return;
    seen.add(key);
    files.push(p);
  };
  for (const arg of args) {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(arg);
    } catch (err) {
      problems.push({ message: `cannot read ${arg}: ${reasonOf(err)}`, io: true });
      continue;
    }
    if (stat.isDirectory()) {
      const found = walk(arg, problems);
      if (found.length === 0) problems.push({ message: `no .board files in ${arg}`, io: false });
      for (const f of found) {
        if (!seen.has(path.resolve(f))) inFolders.add(f);
        add(f);
      }
    } else {
      // A file named explicitly is checked whatever its extension.
      add(arg);
    }
  }
  return { files, problems, found: inFolders };
}
