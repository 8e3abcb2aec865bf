// `node:url` for the browser server (aliased in the worker bundle only, see path.ts). In a browser
// every file is read through the client, whatever its URI's scheme (`file:` in vscode.dev's local
// folder, `vscode-vfs:` on github.dev, `vscode-remote:` in code-server), so any URI with a path gets
// a POSIX path, and back:
//   file:///a/b%20c.board                     <->  /a/b c.board
//   vscode-vfs://github/owner/repo/x.board    <->  /~vscode-vfs~github/owner/repo/x.board
// The first segment of another scheme's path keeps its scheme and authority, so that resolving,
// `..` and "is it inside the workspace folder" work on paths as they do on the desktop. A URI with
// no `//` (untitled:Untitled-1) has no path: it throws, as Node's does for what isn't file:.

const URI = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/([^/?#]*)([^?#]*)/;
const MARKED = /^\/~([a-zA-Z][a-zA-Z0-9+.-]*)~([^/]*)(\/.*)?$/;

export function fileURLToPath(url: string | URL): string {
  const href = typeof url === 'string' ? url : url.href;
  const m = URI.exec(href);
  if (!m) throw new TypeError(`The URL has no path: ${href}`);
  const [, scheme, authority, encoded] = m;
  const path = decodeURIComponent(encoded || '/');
  if (path.includes('\0')) throw new TypeError(`File URL path must not include a NUL: ${href}`);
  if (scheme.toLowerCase() === 'file' && (authority === '' || authority === 'localhost')) return path;
  return `/~${scheme}~${authority}${path === '/' ? '' : path}`;
}

function encodePath(path: string): string {
  return path
    .split('/')
    .map((s) => encodeURIComponent(s))
    .join('/');
}

/** The URL of a path made by fileURLToPath (each segment percent-encoded, as VS Code writes them). */
export function pathToFileURL(path: string): { href: string } {
  const m = MARKED.exec(path);
  if (m) return { href: `${m[1]}://${m[2]}${encodePath(m[3] ?? '/')}` };
  return { href: `file://${path.startsWith('/') ? '' : '/'}${encodePath(path)}` };
}

export default { fileURLToPath, pathToFileURL };
