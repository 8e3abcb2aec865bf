// The browser server's `node:path` and `node:url` (server/src/web/, aliased in the worker bundle):
// the path functions agree with Node's own POSIX ones on every case below, and every URI scheme of a
// workbench gets a path that comes back as the same URI.
import assert from 'node:assert/strict';
import * as posix from 'node:path/posix';
import * as url from 'node:url';
import * as web from '../../server/src/web/path';
import { fileURLToPath, pathToFileURL } from '../../server/src/web/url';

const PATHS = ['/', '/a', '/a/', '/a/b/../c', '/a/./b//c', 'a/b', 'a/../..', '../x', '.', '', '/a/b/c/../../..', '/~vscode-vfs~github/o/r/x.board', '/a b/c%d.board'];

describe('the browser server\'s path and url (server/src/web)', () => {
  it('normalize, join, resolve, dirname, basename, relative and isAbsolute agree with node:path/posix', () => {
    for (const p of PATHS) {
      if (p !== '') assert.equal(web.normalize(p), posix.normalize(p), `normalize(${p})`);
      assert.equal(web.isAbsolute(p), posix.isAbsolute(p), `isAbsolute(${p})`);
      if (p !== '') assert.equal(web.dirname(p), posix.dirname(p), `dirname(${p})`);
      assert.equal(web.basename(p), posix.basename(p), `basename(${p})`);
      for (const q of PATHS) {
        assert.equal(web.join(p, q), posix.join(p, q), `join(${p}, ${q})`);
        // The worker's working directory is '/': Node's resolve of a relative path uses the process's.
        if (posix.isAbsolute(p) || posix.isAbsolute(q)) {
          assert.equal(web.resolve(p, q), posix.resolve(p, q), `resolve(${p}, ${q})`);
          if (posix.isAbsolute(p) && posix.isAbsolute(q)) assert.equal(web.relative(p, q), posix.relative(p, q), `relative(${p}, ${q})`);
        }
      }
    }
    assert.equal(web.sep, posix.sep);
  });

  it('file: URIs as Node reads and writes them', () => {
    for (const p of ['/a/b.board', '/a b/c.board', '/ü/ß.board', '/x#y/z?.board']) {
      assert.equal(fileURLToPath(pathToFileURL(p).href), p);
      assert.equal(fileURLToPath(url.pathToFileURL(p).href), p, 'reads what Node writes');
      assert.equal(url.fileURLToPath(pathToFileURL(p).href), p, 'writes what Node reads');
    }
  });

  it('any other scheme keeps its scheme and authority in the first segment, and comes back', () => {
    for (const u of ['vscode-vfs://github/owner/repo/x.board', 'vscode-remote://127.0.0.1:8080/home/me/cr.txt', 'vscode-vfs://github/owner/repo']) {
      const p = fileURLToPath(u);
      assert.match(p, /^\/~vscode-(vfs|remote)~/);
      assert.equal(pathToFileURL(p).href, u);
    }
    // Inside the folder by path, as on the desktop; `..` can't leave the scheme's first segment unnoticed.
    const root = fileURLToPath('vscode-vfs://github/owner/repo');
    assert.equal(web.relative(root, web.resolve(fileURLToPath('vscode-vfs://github/owner/repo/a/x.board'), '..', 'b.board')), 'a/b.board');
    assert.throws(() => fileURLToPath('untitled:Untitled-1'), /no path/);
  });
});
