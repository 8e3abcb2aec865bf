// `node:url` for the browser server (aliased in the worker bundle only, see path.ts): `file:` URIs
// and POSIX paths, encoded as VS Code encodes them (`file:///a/b%20c.board`).

/** The path of a `file:` URI; throws for another scheme, as Node's does. */
export function fileURLToPath(url: string | URL): string {
  const href = typeof url === 'string' ? url : url.href;
  const m = /^file:\/\/([^/?#]*)([^?#]*)/i.exec(href);
  if (!m) throw new TypeError(`The URL must be of scheme file: ${href}`);
  if (m[1] !== '' && m[1] !== 'localhost') throw new TypeError(`File URL host must be "localhost" or empty: ${href}`);
  const path = decodeURIComponent(m[2] || '/');
  if (path.includes('\0')) throw new TypeError(`File URL path must not include a NUL: ${href}`);
  return path;
}

/** The `file:` URL of an absolute POSIX path (each segment percent-encoded). */
export function pathToFileURL(path: string): { href: string } {
  const encoded = path
    .split('/')
    .map((s) => encodeURIComponent(s))
    .join('/');
  return { href: `file://${path.startsWith('/') ? '' : '/'}${encoded}` };
}

export default { fileURLToPath, pathToFileURL };
