// The files a run checks (cli/files.ts, in process): a folder's scenarios are named as path.join
// names them, whatever way the folder is written, found recursively in sorted order, each once.
// collectFiles makes a folder's names by concatenation (its prefix once, then each entry's name):
// these tests hold that equal to path.join and path.resolve of each file, entry by entry.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { collectFiles, prefixesOf } from '../../cli/files';
import { makeTempDir, removeTempDir, writeFiles } from './helpers';

/** The files under `dir` as path.join names them, sorted at each level with their sub-folders' (what collectFiles did with path.join). */
function joined(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && !entry.name.startsWith('.')) out.push(...joined(full));
    } else if (entry.name.endsWith('.board') && fs.statSync(full).isFile()) out.push(full);
  }
  return out.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

describe('CLI: the files of a folder', () => {
  let dir: string;
  let cwd: string;
  beforeEach(() => {
    dir = fs.realpathSync(makeTempDir());
    cwd = process.cwd();
    writeFiles(dir, {
      'tree/a.board': 'game mtg\n',
      'tree/b.board': 'game mtg\n',
      'tree/sub/c.board': 'game mtg\n',
      'tree/sub/deeper/d.board': 'game mtg\n',
      'tree/sub-z.board': 'game mtg\n',
      'tree/..odd.board': 'game mtg\n',
      'tree/notes.txt': 'not a scenario\n',
      'tree/node_modules/x.board': 'game mtg\n',
      'tree/.hidden/y.board': 'game mtg\n',
    });
    fs.symlinkSync(path.join(dir, 'tree', 'a.board'), path.join(dir, 'tree', 'link.board'));
    process.chdir(path.join(dir, 'tree', 'sub'));
  });
  afterEach(() => {
    process.chdir(cwd);
    removeTempDir(dir);
  });

  // The folder written as users write it on the command line, from the working directory tree/sub.
  const spellings = ['.', './', '..', '../', '../.', '../sub/..', './deeper/..', 'deeper', 'deeper/', '../../tree'];

  for (const spelling of spellings) {
    it(`names the files of \`${spelling}\` as path.join does, each once, in sorted order`, () => {
      const c = collectFiles([spelling]);
      assert.deepEqual(c.problems, []);
      assert.deepEqual(c.files, joined(spelling));
      assert.deepEqual([...c.found!], c.files);
      assert.ok(c.files.length >= 1);
    });
  }

  it('names an absolute folder as path.join does', () => {
    const abs = path.join(dir, 'tree');
    assert.deepEqual(collectFiles([abs]).files, joined(abs));
    assert.deepEqual(collectFiles([abs + path.sep]).files, joined(abs + path.sep));
  });

  it('makes the prefixes path.join and path.resolve would make, for the root of the file system too', () => {
    for (const folder of [...spellings, path.sep, path.join(dir, 'tree'), path.join(dir, 'tree') + path.sep]) {
      const prefix = prefixesOf(folder);
      for (const name of ['a.board', '..odd.board', 'sub']) {
        assert.equal(prefix.path + name, path.join(folder, name), `${folder} ${name}`);
        assert.equal(prefix.key + name, path.resolve(folder, name), `${folder} ${name}`);
      }
    }
  });

  it('checks files found under two spellings once, under the first, and a file named and found once', () => {
    const twice = collectFiles(['..', path.join(dir, 'tree')]);
    assert.deepEqual(twice.files, joined('..'));
    const named = collectFiles([path.join('..', 'a.board'), '..']);
    assert.equal(named.files[0], path.join('..', 'a.board'));
    assert.equal(named.files.length, joined('..').length);
    // Named first, so not one of the folder's finds (the project config's `exclude` does not apply to it).
    assert.ok(!named.found!.has(path.join('..', 'a.board')));
  });
});
