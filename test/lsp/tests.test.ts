// `boardScenario/runTests` over the real protocol: each scenario file is a test, its `expect` lines
// and expectation markers its cases, with what was expected and what the replay reached; open files
// run from the editor's text, the others from disk, inside the workspace folders only.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { TestClient, withPullDiagnostics } from './client';
import type { RunTestsResult } from '../../server/src/tests';

const SUITE = [
  'game mtg', //                                                             0
  'player alice', //                                                         1
  'player bob', //                                                           2
  'card lion "Silvercoat Lion": creature — Cat, owner alice', //             3
  'card bears "Grizzly Bears": creature — Bear, owner bob', //               4
  'card splitter "Bonesplitter": artifact — Equipment, owner alice', //      5
  'equip splitter to lion', //                                               6
  'equip splitter to lion   #! redundant-attach 701.3b', //                  7
  'expect splitter attached to lion', //                                     8
  'expect splitter attached to bears', //                                    9
  'equip splitter to lion   #! no redundant-attach', //                      10
  '',
].join('\n');

const PASSING = SUITE.split('\n').filter((_, i) => i !== 9 && i !== 10).join('\n');

describe('LSP runTests (the Testing view)', () => {
  let client: TestClient;
  let root: string;
  const file = (name: string) => pathToFileURL(path.join(root, name)).href;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'board-tests-'));
    fs.writeFileSync(path.join(root, 'suite.board'), SUITE);
    fs.writeFileSync(path.join(root, 'passing.board'), PASSING);
  });
  afterEach(async () => {
    await client?.disposeExpectingNoErrors();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const run = (uris: string[]) => client.connection.sendRequest('boardScenario/runTests', { uris }) as Promise<RunTestsResult>;

  it('runs a file that is not open from disk: each expect line and marker a case, failures with expected and actual', async () => {
    client = await TestClient.start({ capabilities: withPullDiagnostics, workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'ws' }] });
    const { files } = await run([file('suite.board'), file('passing.board')]);
    assert.equal(files.length, 2);
    const [suite, passing] = files;
    assert.equal(suite.passed, false);
    assert.equal(suite.version, null);
    assert.deepEqual(
      suite.cases.map((c) => [c.kind, c.line, c.label, c.passed]),
      [
        ['expected-finding', 7, '#! redundant-attach 701.3b', true],
        ['expect', 8, 'expect splitter attached to lion', true],
        ['expect', 9, 'expect splitter attached to bears', false],
        ['no-finding', 10, '#! no redundant-attach', false],
      ],
    );
    const failedExpect = suite.cases[2];
    assert.equal(failedExpect.expected, 'splitter attached to bears');
    assert.match(failedExpect.actual, /splitter is attached to lion/);
    assert.equal(failedExpect.failure?.code, 'expectation-failed');
    assert.equal(failedExpect.failure?.range.start.line, 9);
    assert.equal(suite.cases[3].failure?.code, 'unwanted-finding');
    assert.equal(passing.passed, true);
    assert.ok(passing.cases.every((c) => c.passed && !c.failure));
  });

  it('runs an open file from the editor\'s text, unsaved edits included', async () => {
    client = await TestClient.start({ workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'ws' }] });
    const uri = file('suite.board');
    await client.open(uri, SUITE);
    await client.change(uri, PASSING);
    const [result] = (await run([uri])).files;
    assert.equal(result.version, 2);
    assert.equal(result.passed, true);
    assert.deepEqual(result.cases.map((c) => c.line), [7, 8]);
  });

  it('reports the errors no case accounts for, and refuses files outside the workspace or missing; bad params are InvalidParams', async () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'board-tests-outside-'));
    try {
      fs.writeFileSync(path.join(outside, 'x.board'), SUITE);
      fs.writeFileSync(path.join(root, 'broken.board'), PASSING + 'equip splitter to bears\nequip splitter onto\n');
      fs.symlinkSync(path.join(outside, 'x.board'), path.join(root, 'link.board'));
      client = await TestClient.start({ workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'ws' }] });
      const { files } = await run([file('broken.board'), pathToFileURL(path.join(outside, 'x.board')).href, file('link.board'), file('gone.board')]);
      const [broken, out, link, gone] = files;
      assert.equal(broken.passed, false);
      assert.deepEqual(broken.unexpectedErrors.map((d) => [d.code, d.range.start.line]), [
        ['illegal-attachment', 9],
        ['syntax-error', 10],
      ]);
      assert.match(broken.unexpectedErrors[0].message, /^\[702\.6a, /);
      assert.match(out.error!, /inside a workspace folder/);
      assert.match(link.error!, /inside a workspace folder/, 'a link out of the folder is not followed');
      assert.match(gone.error!, /could not be read/);
      await assert.rejects(client.connection.sendRequest('boardScenario/runTests', { uris: 'x' }), /uris \(an array of document URIs\) is required/);
    } finally {
      fs.rmSync(outside, { recursive: true, force: true });
    }
  });
});
