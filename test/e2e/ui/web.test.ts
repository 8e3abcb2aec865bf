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
/** The user's rules file, in the workspace: the worker server reads it through the client (`vscode.workspace.fs`, here over vscode-remote:). */
const RULES = 'Magic: The Gathering Comprehensive Rules\n\nThese rules are effective as of June 7, 2024.\n\n702. Keyword Abilities\n\n702.6. Equip\n\n702.6a WEB 702.6a, read through the client.\n';

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
      files: { [ILLEGAL]: example(ILLEGAL), 'rules/cr.txt': RULES },
      // VS Code's own switch for where an extension runs (extensionManifestPropertiesService): `web`
      // is the browser's extension host, which loads the manifest's `browser` entry.
      settings: { 'remote.extensionKind': { 'board-scenario.board-scenario': ['web'] }, 'boardScenario.rulesFile.mtg': 'rules/cr.txt' },
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

  it('quotes the rules file named in settings, which the worker read through the client', async () => {
    // Its path is a vscode-remote: URI, which only the client's workspace.fs can read.
    await bench.command('Board Scenario: Show Output');
    await bench.page.locator('.output-view .view-line', { hasText: 'Read the rules file' }).first().waitFor();
    const log = (await bench.page.locator('.output-view .view-lines').textContent())?.replace(/\u00a0/g, ' ') ?? '';
    assert.match(log, /Read the rules file 'vscode-remote:\/\/\S+\/scenarios\/rules\/cr\.txt': \d+ rules \([^)]*effective 2024-06-07\)/);
    await bench.hidePanel();
    // The rule number in the comment on line 11: its hover quotes the file.
    await bench.focusEditor();
    const number = bench.editor.locator('.view-line span', { hasText: /^702\.6a$/ }).first();
    await number.hover();
    const hover = bench.page.locator('.monaco-hover:not(.hidden)', { hasText: 'WEB 702.6a, read through the client' }).first();
    await hover.waitFor();
    assert.match((await hover.textContent()) ?? '', /from your rules file, effective 2024-06-07/);
    await bench.screenshot('web-worker-rules-file');
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
    // Started, not refused (a Worker from a vscode-remote: URL is: docs/web.md).
    assert.doesNotMatch(text, /\[Error/);
    await bench.screenshot('web-worker-output');
  });
});
