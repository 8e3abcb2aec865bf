// `node:path` for the browser server (the build aliases `node:path` to this file in the worker
// bundle only, as VS Code's web extensions use path-browserify): POSIX paths, which is what the
// server's paths are in a browser, where every file is named by a `file:` URI's path or by a URI.
// Only what the server uses.

export const sep = '/';

export function isAbsolute(p: string): boolean {
  return p.startsWith('/');
}

/** `.` and `..` segments resolved, repeated slashes made one (a trailing slash is kept, as Node keeps it). */
export function normalize(p: string): string {
  const absolute = isAbsolute(p);
  const out: string[] = [];
  for (const part of p.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (out.length > 0 && out[out.length - 1] !== '..') out.pop();
      else if (!absolute) out.push('..');
    } else out.push(part);
  }
  const body = out.join('/');
  const result = absolute ? '/' + body : body || '.';
  return p.endsWith('/') && result !== '/' ? result + '/' : result;
}

export function join(...parts: string[]): string {
  const joined = parts.filter((p) => p !== '').join('/');
  return joined === '' ? '.' : normalize(joined);
}

/** The absolute path of the parts, right to left until one is absolute; the working directory of a worker is `/`. */
export function resolve(...parts: string[]): string {
  let path = '';
  for (let i = parts.length - 1; i >= 0 && !isAbsolute(path); i--) {
    if (parts[i]) path = path ? `${parts[i]}/${path}` : parts[i];
  }
  const result = normalize(isAbsolute(path) ? path : '/' + path);
  return result.length > 1 && result.endsWith('/') ? result.slice(0, -1) : result;
}

export function dirname(p: string): string {
  const n = p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p;
  const i = n.lastIndexOf('/');
  if (i < 0) return '.';
  return i === 0 ? '/' : n.slice(0, i);
}

export function basename(p: string): string {
  const n = p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p;
  return n.slice(n.lastIndexOf('/') + 1);
}

/** The path from `from` to `to` (both resolved first). */
export function relative(from: string, to: string): string {
  const a = resolve(from).split('/').filter(Boolean);
  const b = resolve(to).split('/').filter(Boolean);
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return [...a.slice(i).map(() => '..'), ...b.slice(i)].join('/');
}

export default { sep, isAbsolute, normalize, join, resolve, dirname, basename, relative };
