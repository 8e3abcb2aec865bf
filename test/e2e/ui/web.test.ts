// The web extension in code-server's browser (web worker) extension host: the packaged .vsix, with
// the user setting `remote.extensionKind` making it a web extension there, runs its client
// (dist/browser/extension.js) in the workbench's web worker and its language server
// (dist/browser/server.js) in a Worker of its own, in Chromium. No Node language server runs: the
// squiggle, the Problems panel entry and the hover come from the worker (docs/web.md).
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { example, OUTPUT, Workbench } from './workbench';

const ILLEGAL = 'equip-an-opponents-creature.board';

/** The command lines of the Node language servers running from this test's installed copy of the extension (other checkouts may run theirs). */
function nodeServers(): string[] {
  const installed = path.join(OUTPUT, 'extensions') + path.sep;
  return execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
    .split('\n')
    .filter((l) => l.includes(installed) && /\/dist\/server\.js\b/.test(l));
}

describe('the web extension in code-server\'s web worker extension host', function () {
  let bench: Workbench;

  before(async function () {
    bench = await Workbench.open({
      name: 'web',
      files: { [ILLEGAL]: example(ILLEGAL) },
      // VS Code's own switch for where an extension runs (extensionManifestPropertiesService): `web`
      // is the browser's extension host, which loads the manifest's `browser` entry.
      settings: { 'remote.extensionKind': { 'board-scenario.board-scenario': ['web'] } },
    });
  });
  after(async () => {
    await bench?.close();
  });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && bench) await bench.screenshot('failed');
  });

  it('checks a scenario with the language server in a Web Worker: squiggle, problem and hover', async () => {
    await bench.openFile(ILLEGAL);
    const [marker] = await bench.waitForCodes(ILLEGAL, ['illegal-attachment']);
    assert.match(marker.message, /^\[702\.6a, 602\.2b, 601\.2c, 301\.5b\] /);
    await bench.focusEditor();
    await bench.hoverSquiggle(/702\.6a Equip · 602\.2b/);
    await bench.screenshot('web-worker-diagnostic');
    assert.deepEqual(nodeServers(), [], 'no Node language server runs');
  });

  it('shows the board the worker server draws, in a webview', async () => {
    await bench.focusEditor();
    await bench.command('Board Scenario: Show Board');
    const board = bench.page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');
    await board.locator('svg g.card', { hasText: 'splitter' }).first().waitFor();
    await board.locator('svg g.card', { hasText: 'bears' }).first().waitFor();
    await bench.screenshot('web-worker-board');
  });

  it('the output says the server is the web worker', async () => {
    await bench.command('Board Scenario: Show Output');
    // The output wraps its long lines: the text of every line of the view, joined.
    const lines = bench.page.locator('.output-view .view-lines');
    await bench.page.locator('.output-view .view-line', { hasText: 'Language server:' }).first().waitFor();
    const text = (await lines.textContent())?.replace(/\u00a0/g, ' ') ?? '';
    assert.match(text, /Language server: vscode-remote:\/\/\S+\/dist\/browser\/server\.js \(web worker\)/);
    assert.match(text, /\(web\), workspace trusted/);
    await bench.screenshot('web-worker-output');
  });
});
