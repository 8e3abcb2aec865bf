// How the command line reads included files (`include "PATH"`): relative to the including file,
// and only inside the include root. The root is `--include-root DIR` when given, else the folder of
// the nearest `board-scenario.json` above the checked file, else the current working directory.
// Symlinks are resolved (realpath) before the check, so a link can't lead out of the root, and a
// file's uri is its real path (the core finds cycles by it). Each file is read at most once per
// host: many scenarios including one pool read it once.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { IncludeHost } from '../core';
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
  if (option !== undefined) return realOr(path.resolve(option));
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

/** Is `p` (a real, absolute path) `root` or inside it? */
export function inside(root: string, p: string): boolean {
  const rel = path.relative(root, p);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** A host reading files under `root` (a real path); `texts` caches what was read, by real path. */
export function fileIncludeHost(root: string, texts = new Map<string, { text: string } | { error: 'missing' | 'unreadable'; message: string }>()): IncludeHost & { readonly texts: typeof texts } {
  return {
    texts,
    read(from, written) {
      const wanted = path.resolve(path.dirname(from), written);
      if (!inside(root, wanted)) return { error: 'outside', message: `it is not inside ${root}.` };
      let real: string;
      try {
        real = fs.realpathSync.native(wanted);
      } catch (e) {
        return { error: 'missing', message: `${wanted}: ${reasonOf(e)}.` };
      }
      if (!inside(root, real)) return { error: 'outside', message: `it leads to ${real} (through a symlink), which is not inside ${root}.` };
      let got = texts.get(real);
      if (!got) {
        got = readText(real);
        texts.set(real, got);
      }
      return 'error' in got ? got : { uri: real, text: got.text };
    },
  };
}

function readText(real: string): { text: string } | { error: 'missing' | 'unreadable'; message: string } {
  try {
    if (!fs.statSync(real).isFile()) return { error: 'missing', message: `${real} is not a file.` };
  } catch (e) {
    return { error: 'missing', message: `${real}: ${reasonOf(e)}.` };
  }
  const read = readLimited(real);
  if ('problem' in read) return { error: 'unreadable', message: read.problem + '.' };
  const decoded = decodeUtf8(read.bytes);
  if (!decoded) return { error: 'unreadable', message: `${real} is not valid UTF-8.` };
  return { text: decoded.text };
}

/** The options of a check of `file` that make it follow its includes (`roots`: see includeRootFor). */
export function includeOptions(file: string, root: string | undefined, roots?: Map<string, string>): { uri: string; includes: IncludeHost } {
  const uri = realPathOf(file);
  return { uri, includes: fileIncludeHost(includeRootFor(file, root, roots, uri)) };
}

/**
 * includeOptions for a file whose text is known: none when the text has no `include` keyword (so
 * no include statement, and the core never asks for the file's uri or a host). A suite of small
 * files then costs no realpath(3) and no walk up to the include root per file.
 */
export function includeOptionsFor(file: string, text: string, root: string | undefined, roots?: Map<string, string>): { uri?: string; includes?: IncludeHost } {
  return text.includes('include') ? includeOptions(file, root, roots) : {};
}

/** The real path of a file (the path resolved when it can't be resolved), as included files are known. */
export function realPathOf(file: string): string {
  return realOr(path.resolve(file));
}

/** How an included file's real path is shown: relative to the working directory when inside it. */
export function shownPath(real: string): string {
  const cwd = realOr(process.cwd());
  return inside(cwd, real) ? path.relative(cwd, real) : real;
}
