// How the command line reads included files (`include "PATH"`): relative to the including file,
// and only inside the include root. The root is `--include-root DIR` when given, else the folder of
// the nearest `board-scenario.json` above the checked file, else the current working directory.
// Symlinks are resolved (realpath) before the check, so a link can't lead out of the root, and a
// file's uri is its real path (the core finds cycles by it). Each file is read and parsed once per
// process while it does not change: many scenarios including one pool read and parse it once.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { IncludeParses, LastUsed, type IncludeHost } from '../core';
import { reasonOf } from './files';
import { decodeUtf8, readLimited } from './scenario';

/** The config file whose folder is the default include root (see docs/language.md, "Includes"). */
export const CONFIG_FILE = 'board-scenario.json';

/**
 * The include root of a checked file: the option, else the config file's folder, else the working
 * directory. `roots` caches the answer by folder (a run over a folder of a thousand files walks
 * up from it once).
 */
export function includeRootFor(file: string, option: string | undefined, roots?: Map<string, string>, real = realPathOf(file)): string {
  if (option !== undefined) return realFolder(path.resolve(option));
  const start = path.dirname(real);
  const known = roots?.get(start);
  if (known !== undefined) return known;
  let root: string | undefined;
  for (let dir = start; ; ) {
    if (fs.existsSync(path.join(dir, CONFIG_FILE))) {
      root = dir;
      break;
    }
    const up = path.dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  root ??= realOr(process.cwd());
  roots?.set(start, root);
  return root;
}

/** The real path (one realpath(3) call, not one lstat per part of the path), or the path itself when there is none. */
function realOr(p: string): string {
  try {
    return fs.realpathSync.native(p);
  } catch {
    return p;
  }
}

/**
 * The real paths of folders (realOr), each found once per process: a run's folders are taken not
 * to move while it runs, as its include roots are (includeRootFor, which finds `--include-root`'s here too). Not bounded: one entry per
 * folder that holds a checked or included file.
 */
const realFolders = new Map<string, string>();

function realFolder(dir: string): string {
  let real = realFolders.get(dir);
  if (real === undefined) realFolders.set(dir, (real = realOr(dir)));
  return real;
}

/**
 * The real path of the file at `p` (an absolute path, as path.resolve makes it) and what lstat says
 * of it: when it is no symlink, its folder's real path (realFolder) and its name, for one lstat
 * instead of a realpath(3) per file; else realpath(3) (which throws when there is no such file).
 */
function realFile(p: string): { real: string; stat?: fs.Stats } {
  const stat = fs.lstatSync(p, { throwIfNoEntry: false });
  if (stat === undefined || stat.isSymbolicLink()) return { real: fs.realpathSync.native(p) };
  return { real: path.join(realFolder(path.dirname(p)), path.basename(p)), stat };
}

const SEP = path.sep.charCodeAt(0);

/** Is `p` (a real, absolute path) `root` or inside it? */
export function inside(root: string, p: string): boolean {
  // Both absolute and normalized: `p` starting with the root and a separator is inside it (the
  // common case, without path.relative); anything else is decided by path.relative.
  if (p.length > root.length && p.charCodeAt(root.length) === SEP && p.startsWith(root)) return true;
  const rel = path.relative(root, p);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/**
 * What the includes of one check may read in the command's own process (runHere), in bytes, in all
 * (each file counted once, by its size before it is read). When they would read more, `over` is set
 * and that include and any later one are refused unread: the check is then made again in a checker
 * process, whose heap is bounded.
 */
export interface IncludeBudget {
  readonly bytes: number;
  over: boolean;
}

/**
 * The texts of included files read in this process, by real path, with what `stat` said of the
 * file when it was read: a file is read again when its size, times or inode change (a run that
 * fixes a file it also includes reads the new text; `forgetText` when this process writes one).
 * With PARSES, many scenarios including one pool read and parse it once per process. Bounded: the
 * texts used last, 8 M characters in all.
 */
const TEXTS = new LastUsed<string, { text: string; stat: fs.Stats }>(8 * 1024 * 1024);
const PARSES = new IncludeParses();

/** A file this process wrote (a fix): an include of it reads it again. */
export function forgetText(real: string): void {
  TEXTS.delete(real);
}

/** A host reading files under `root` (a real path); with `budget`, at most that much in all (IncludeBudget). */
export function fileIncludeHost(root: string, budget?: IncludeBudget): IncludeHost {
  // The files this check's includes read, and their bytes, for the budget.
  const counted = budget && new Set<string>();
  let used = 0;
  return {
    parses: PARSES,
    read(from, written) {
      // Past the budget, the check is made again elsewhere: nothing more is read here.
      if (budget?.over) return overBudget(budget);
      const wanted = path.resolve(path.dirname(from), written);
      if (!inside(root, wanted)) return { error: 'outside', message: `it is not inside ${root}.` };
      let found: ReturnType<typeof realFile>;
      try {
        found = realFile(wanted);
      } catch (e) {
        return { error: 'missing', message: `${wanted}: ${reasonOf(e)}.` };
      }
      const { real } = found;
      if (!inside(root, real)) return { error: 'outside', message: `it leads to ${real} (through a symlink), which is not inside ${root}.` };
      let stat: fs.Stats;
      try {
        // What lstat said, when it is no symlink, is what stat would say.
        stat = found.stat ?? fs.statSync(real);
      } catch (e) {
        return { error: 'missing', message: `${real}: ${reasonOf(e)}.` };
      }
      if (!stat.isFile()) return { error: 'missing', message: `${real} is not a file.` };
      // Each file counted once, by its size, before it is read.
      if (budget && counted && !counted.has(real)) {
        counted.add(real);
        used += stat.size;
        if (used > budget.bytes) {
          budget.over = true;
          return overBudget(budget);
        }
      }
      const got = readText(real, stat);
      return 'error' in got ? got : { uri: real, text: got.text };
    },
  };
}

/** What an include past the budget gets (the check is not kept: IncludeBudget). */
function overBudget(budget: IncludeBudget): { error: 'unreadable'; message: string } {
  return { error: 'unreadable', message: `the files included come to more than ${budget.bytes} bytes here.` };
}

/** The text of the regular file `real`, of which `stat` was just taken: the one kept while the file is the same, else read. */
function readText(real: string, stat: fs.Stats): { text: string } | { error: 'unreadable'; message: string } {
  const kept = TEXTS.get(real);
  if (kept !== undefined && sameFile(kept.stat, stat)) return kept;
  const read = readLimited(real);
  if ('problem' in read) return { error: 'unreadable', message: read.problem + '.' };
  const decoded = decodeUtf8(read.bytes);
  if (!decoded) return { error: 'unreadable', message: `${real} is not valid UTF-8.` };
  const got = { text: decoded.text, stat };
  TEXTS.set(real, got, got.text.length);
  return got;
}

/** Does `stat` say the file is as it was when `was` was taken (its size, times and inode)? */
function sameFile(was: fs.Stats, stat: fs.Stats): boolean {
  return was.size === stat.size && was.mtimeMs === stat.mtimeMs && was.ctimeMs === stat.ctimeMs && was.ino === stat.ino && was.dev === stat.dev;
}

/**
 * The options of a check of `file` that make it follow its includes (`roots`: see includeRootFor;
 * `budget`: IncludeBudget). The file's real path and include root are found at its first include
 * (IncludeHost.checkedUri), not before: a file without one (most of a suite) costs no lstat and no
 * walk up to the include root.
 */
export function includeOptions(file: string, root: string | undefined, roots?: Map<string, string>, budget?: IncludeBudget): { includes: IncludeHost } {
  let uri: string | undefined;
  let host: IncludeHost | undefined;
  const checkedUri = () => (uri ??= realPathOf(file));
  return {
    includes: {
      parses: PARSES,
      checkedUri,
      read: (from, written) => (host ??= fileIncludeHost(includeRootFor(file, root, roots, checkedUri()), budget)).read(from, written),
    },
  };
}

/** The real path of a file (the path resolved when it can't be resolved), as included files are known. */
export function realPathOf(file: string): string {
  const p = path.resolve(file);
  try {
    return realFile(p).real;
  } catch {
    return p;
  }
}

/** How an included file's real path is shown: relative to the working directory when inside it. */
export function shownPath(real: string): string {
  const cwd = realOr(process.cwd());
  return inside(cwd, real) ? path.relative(cwd, real) : real;
}
