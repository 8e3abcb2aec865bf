// Where a file named in a setting is (server/src/paths.ts), and the bounded read of a rules file
// (server/src/rulesText.ts readAtMost). The same through the real server: test/lsp/rulesFile.test.ts.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { locateSettingPath, WorkspaceFolders } from '../../server/src/paths';
import { MAX_RULES_FILE_BYTES } from '../../server/src/rulesText';
import { readAtMost } from '../../server/src/nodePlatform';

const root = resolve(tmpdir(), 'board-paths');
const url = (...parts: string[]) => pathToFileURL(join(root, ...parts)).href;

function folders(...uris: string[]): WorkspaceFolders {
  const f = new WorkspaceFolders();
  f.initialize({ workspaceFolders: uris.map((uri, i) => ({ uri, name: `f${i}` })) });
  return f;
}

describe('settings that name a file: where the file is', () => {
  it('an empty setting names nothing; an absolute path stays as it is', () => {
    assert.deepEqual(locateSettingPath('', url('a', 'x.board'), folders(url('a'))), { path: '' });
    const abs = join(root, 'elsewhere', 'cr.txt');
    assert.deepEqual(locateSettingPath(abs, url('a', 'x.board'), folders(url('a'))), { path: abs });
    assert.deepEqual(locateSettingPath(abs, url('a', 'x.board'), new WorkspaceFolders()), { path: abs });
  });

  it("a relative path: against the document's innermost workspace folder, else the first folder", () => {
    const f = folders(url('a'), url('a', 'inner'), url('b') + '/');
    assert.deepEqual(locateSettingPath('rules/cr.txt', url('a', 'inner', 'deep', 'x.board'), f), { path: join(root, 'a', 'inner', 'rules', 'cr.txt') });
    assert.deepEqual(locateSettingPath('rules/cr.txt', url('a', 'x.board'), f), { path: join(root, 'a', 'rules', 'cr.txt') });
    assert.deepEqual(locateSettingPath('./cr.txt', url('b', 'x.board'), f), { path: join(root, 'b', 'cr.txt') });
    // `ab` is not inside `a`; an untitled document is in no folder.
    assert.deepEqual(locateSettingPath('cr.txt', url('ab', 'x.board'), f), { path: join(root, 'a', 'cr.txt') });
    assert.deepEqual(locateSettingPath('cr.txt', 'untitled:Untitled-1', f), { path: join(root, 'a', 'cr.txt') });
    // A folder whose path needs escaping in its URI.
    assert.deepEqual(locateSettingPath('cr.txt', url('with space', 'x.board'), folders(url('with space'))), { path: join(root, 'with space', 'cr.txt') });
  });

  it('a relative path names nothing without a folder on disk, never the working directory', () => {
    const none = locateSettingPath('cr.txt', url('a', 'x.board'), new WorkspaceFolders());
    assert.ok('problem' in none && /no workspace folder is open/.test(none.problem), JSON.stringify(none));
    const virtual = locateSettingPath('cr.txt', 'vscode-vfs://github/o/r/x.board', folders('vscode-vfs://github/o/r'));
    assert.ok('problem' in virtual && /not on this machine's disk/.test(virtual.problem), JSON.stringify(virtual));
  });

  it('folders come from initialize (workspaceFolders, else rootUri) and follow didChangeWorkspaceFolders', () => {
    const f = new WorkspaceFolders();
    f.initialize({ workspaceFolders: null, rootUri: url('root') });
    assert.deepEqual(f.list(), [url('root')]);
    f.change({ added: [{ uri: url('b'), name: 'b' }], removed: [{ uri: url('root') + '/', name: 'root' }] });
    assert.deepEqual(f.list(), [url('b')]);
    f.initialize({});
    assert.deepEqual(f.list(), []);
  });
});

describe('rules files: the bounded read', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'board-bounded-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('the documented limit is 8 MiB', () => {
    assert.equal(MAX_RULES_FILE_BYTES, 8 * 1024 * 1024);
  });

  it('reads a file of up to the limit whole, and gives nothing for a longer one, whatever its stat said', async () => {
    const file = join(dir, 'f.txt');
    writeFileSync(file, 'x'.repeat(1000));
    assert.equal((await readAtMost(file, 1000))?.length, 1000);
    assert.equal((await readAtMost(file, 5000))?.toString(), 'x'.repeat(1000));
    assert.equal(await readAtMost(file, 999), undefined);
    // Chunks of 1 MiB: a limit that is not a multiple of them, over a file longer than one chunk.
    const big = join(dir, 'big.txt');
    writeFileSync(big, Buffer.alloc(3 * 1024 * 1024 + 5, 0x61));
    assert.equal((await readAtMost(big, 3 * 1024 * 1024 + 5))?.length, 3 * 1024 * 1024 + 5);
    assert.equal(await readAtMost(big, 3 * 1024 * 1024 + 4), undefined);
  });
});
