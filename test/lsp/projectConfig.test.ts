// The server's reader of board-scenario.json (server/src/projectConfig.ts): the nearest config
// between the document and its workspace folder, never above it, nothing when not allowed (an
// untrusted workspace), a bad config as worded problems.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { readProjectConfig } from '../../server/src/projectConfig';
import { nodeFiles } from '../../server/src/nodePlatform';

describe('server: project config reader', () => {
  let dir: string;
  const uri = (p: string) => pathToFileURL(path.join(dir, p)).href;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'board-scenario-config-'));
    const write = (p: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(dir, p)), { recursive: true });
      fs.writeFileSync(path.join(dir, p), text);
    };
    write('board-scenario.json', '{"severity":{"redundant-attach":"off"}}'); // above the workspace folder
    write('ws/board-scenario.json', '{"severity":{"redundant-attach":"hint"}}');
    write('ws/suite/deep/a.board', '');
    write('ws/bad/board-scenario.json', '{"severity":3}');
    write('ws/bad/a.board', '');
    write('other/a.board', '');
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('finds the nearest config up to the workspace folder', async () => {
    const c = await readProjectConfig(nodeFiles, uri('ws/suite/deep/a.board'), uri('ws'), true);
    assert.equal(c?.file, path.join(dir, 'ws', 'board-scenario.json'));
    assert.deepEqual(c?.config.severity, { 'redundant-attach': 'hint' });
  });

  it('reads nothing when not allowed (untrusted), outside the folder, above it, or not on disk', async () => {
    assert.equal(await readProjectConfig(nodeFiles, uri('ws/suite/deep/a.board'), uri('ws'), false), undefined);
    assert.equal(await readProjectConfig(nodeFiles, uri('other/a.board'), uri('ws'), true), undefined);
    assert.equal(await readProjectConfig(nodeFiles, uri('ws/suite/deep/a.board'), uri('ws/suite'), true), undefined, 'the config above the workspace folder is not read');
    assert.equal(await readProjectConfig(nodeFiles, 'untitled:Untitled-1', uri('ws'), true), undefined);
    assert.equal(await readProjectConfig(nodeFiles, uri('ws/a.board'), undefined, true), undefined);
  });

  it('a bad config is its problems, never a throw', async () => {
    const c = await readProjectConfig(nodeFiles, uri('ws/bad/a.board'), uri('ws'), true);
    assert.deepEqual(c?.problems.map((p) => p.key), ['severity']);
  });
});
