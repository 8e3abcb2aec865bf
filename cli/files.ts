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

/** A file found in a folder: its path as shown (path.join of the folder as given and its name) and path.resolve of it. */
interface Found {
  path: string;
  key: string;
}

function byPath(a: Found, b: Found): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}

function isScenario(name: string): boolean {
  return name.endsWith('.board');
}

/**
 * How the entries of the folder `dir` are named: what path.join(dir, NAME) and path.resolve of it
 * put before NAME. An entry's name holds no separator and is neither `.` nor `..`, so both are the
 * prefix and the name: a folder of thousands of files costs two normalizations, not three a file
 * (path.join and path.resolve took about 35 ms of a run over 5,000 files).
 */
export function prefixesOf(dir: string): Found {
  return { path: path.join(dir, '_').slice(0, -1), key: path.resolve(dir, '_').slice(0, -1) };
}

/** Every `*.board` file under `dir` (a path as given), sorted by path; unreadable sub-folders are reported and skipped. */
function walk(dir: string, problems: Problem[]): Found[] {
  const out: Found[] = [];
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch (err) {
    problems.push({ message: `cannot read ${dir}: ${reasonOf(err)}`, io: true });
    return out;
  }
  const prefix = prefixesOf(dir);
  for (const entry of entries) {
    const name = entry.name;
    if (entry.isDirectory()) {
      if (name === 'node_modules' || name.startsWith('.')) continue;
      // A loop, not push(...): a sub-folder of a few hundred thousand files would overflow the stack.
      for (const f of walk(prefix.path + name, problems)) out.push(f);
    } else if (isScenario(name)) {
      const found = { path: prefix.path + name, key: prefix.key + name };
      if (entry.isFile()) out.push(found);
      else if (entry.isSymbolicLink()) {
        // Links to files are followed; links to folders are not (no cycles).
        try {
          if (fs.statSync(found.path).isFile()) out.push(found);
        } catch (err) {
          problems.push({ message: `cannot read ${found.path}: ${reasonOf(err)}`, io: true });
        }
      }
    }
  }
  return out.sort(byPath);
}

export function collectFiles(args: string[]): Collected {
  const files: string[] = [];
  const problems: Problem[] = [];
  const seen = new Set<string>();
  const inFolders = new Set<string>();
  const add = (p: string, key = path.resolve(p)) => {
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
        if (!seen.has(f.key)) inFolders.add(f.path);
        add(f.path, f.key);
      }
    } else {
      // A file named explicitly is checked whatever its extension.
      add(arg);
    }
  }
  return { files, problems, found: inFolders };
}
