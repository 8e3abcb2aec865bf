// A folder of scenarios as a suite, in code-server with the packaged extension: the findings of
// files nobody opened reach the Problems panel (workspace pull diagnostics), a quick fix clears its
// squiggle without a save (diagnostics pulled as you type), and the Testing view runs the folder
// and shows a failing `expect` at its line with what was expected and what the replay reached.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { example, STEP_MS, Workbench } from './workbench';

const HEADER = [
  'game mtg',
  'rules 2024-06-07',
  'player alice',
  'player bob',
  'card lion "Silvercoat Lion": creature — Cat, owner alice',
  'card bears "Grizzly Bears": creature — Bear, owner bob',
  'card splitter "Bonesplitter": artifact — Equipment, owner alice',
];

/** Line 10 (1-based) expects what did not happen: the equip of bears was illegal. */
const FAILING = [
  ...HEADER, //                                                 1-7
  'equip splitter to lion', //                                  8
  'equip splitter to bears   #! illegal-attachment 702.6a', //  9
  'expect splitter attached to bears', //                       10
  '',
].join('\n');

const PASSING = [...HEADER, 'equip splitter to lion', 'expect splitter attached to lion', ''].join('\n');

const UNOPENED = 'unopened.board';
const FORGOTTEN = 'forgotten-consequences.board';

describe('a folder of scenarios in code-server: workspace problems, live squiggles, the Testing view', function () {
  let bench: Workbench;

  before(async function () {
    bench = await Workbench.open({
      name: 'suite',
      files: {
        [UNOPENED]: example('equip-an-opponents-creature.board'),
        [FORGOTTEN]: example(FORGOTTEN),
        'regressions/failing.board': FAILING,
        'regressions/passing.board': PASSING,
      },
      // A failed test opens its peek at the failing line, wherever it is.
      settings: { 'testing.automaticallyOpenPeekView': 'failureAnywhere' },
    });
  });
  after(async () => {
    await bench?.close();
  });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && bench) await bench.screenshot(`failed-${this.currentTest.title.replace(/\W+/g, '-').slice(0, 40)}`);
  });

  it('shows the findings of a file that was never opened in the Problems panel', async () => {
    // No editor is open: the extension started because the folder has scenarios.
    const [marker] = await bench.waitForCodes(UNOPENED, ['illegal-attachment']);
    assert.equal(marker.line, 13);
    assert.match(marker.message, /splitter's equip ability can't target bears/);
    assert.equal(await bench.page.locator('.tab').count(), 0, 'no file is open');
    await bench.screenshot('problems-of-unopened-files');
  });

  it('keeps a file that is not open current when it changes on disk', async () => {
    const file = path.join(bench.workspace, UNOPENED);
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('equip splitter to bears', 'equip splitter to lion'));
    await bench.waitForCodes(UNOPENED, ['redundant-attach']);
    await bench.screenshot('problems-after-a-change-on-disk');
  });

  it('clears the squiggle of a quick fix at once, without saving', async () => {
    await bench.openFile(FORGOTTEN);
    await bench.waitForCodes(FORGOTTEN, ['missing-unattach', 'missing-unattach']);
    await bench.squiggles().first().waitFor();
    await bench.goToLine(13);
    await bench.quickFix('Insert "unattach shield from knight"');
    await bench.waitForVisibleLine((l) => l.startsWith('unattach shield from knight'), 'the inserted line');
    const [left] = await bench.waitForCodes(FORGOTTEN, ['missing-unattach']);
    assert.match(left.message, /unattach strength from knight/);
    assert.equal(await bench.page.locator('.tab.active.dirty').count(), 1, 'the file is not saved');
    await bench.screenshot('quick-fix-squiggle-gone-unsaved');
  });

  it('runs the folder in the Testing view and shows the failing expect at its line, expected against actual', async () => {
    await bench.hidePanel();
    await bench.command('Testing: Focus on Test Explorer View');
    const tree = bench.page.locator('.test-explorer .monaco-list-row');
    await tree.filter({ hasText: 'regressions' }).first().waitFor();
    await bench.command('Test: Run All Tests');
    // The failing file's peek opens at the failed expect (testing.automaticallyOpenPeekView).
    const peek = bench.page.locator('.test-output-peek');
    await peek.waitFor({ timeout: STEP_MS });
    await bench.page.locator('.tab.active', { hasText: 'failing.board' }).waitFor();
    const peekText = () => peek.innerText();
    await cs(async () => /Expected splitter attached to bears, but splitter is attached to lion/.test(await peekText()), 'the failure message in the peek');
    const text = await peekText();
    assert.match(text, /Expected/);
    // The cursor (and the peek) at line 10, the expect line.
    assert.match(await bench.statusText(), /Ln 10,/);
    await bench.screenshot('testing-view-failing-expect');

    // The tree: the failing file and its expect case failed; the passing file and the expected finding passed.
    await bench.page.keyboard.press('Escape');
    await bench.command('Testing: Focus on Test Explorer View');
    const labels = async () => (await tree.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''))).join('\n');
    await cs(async () => /failing\.board.*Failed/i.test(await labels()) && /passing\.board.*Passed/i.test(await labels()), 'the results in the tree');
    await bench.screenshot('testing-view-results');
  });

  it('follows scenario files created and deleted on disk in the Testing view', async () => {
    const tree = bench.page.locator('.test-explorer .monaco-list-row');
    const created = path.join(bench.workspace, 'created.board');
    fs.writeFileSync(created, PASSING);
    await tree.filter({ hasText: 'created.board' }).first().waitFor();
    await bench.screenshot('testing-view-created-file');
    fs.rmSync(created);
    await tree.filter({ hasText: 'created.board' }).first().waitFor({ state: 'detached' });
  });

  it('runs the "check workspace" task: the bundled CLI, its findings read by the $board-scenario problem matcher', async () => {
    const input = bench.page.locator('.quick-input-widget input.input');
    // The palette ranks "Restart Running Task" first: arrow down to the command itself.
    await bench.page.keyboard.press('F1');
    await input.fill('>Tasks: Run Task');
    const focused = bench.page.locator('.quick-input-list .monaco-list-row.focused');
    await bench.page.locator('.quick-input-list .monaco-list-row', { hasText: 'Tasks: Run Test Task' }).first().waitFor();
    for (let i = 0; i < 10 && ((await focused.innerText()).split('\n')[0].trim() !== 'Tasks: Run Task'); i++) await bench.page.keyboard.press('ArrowDown');
    await bench.page.keyboard.press('Enter');
    const pick = async (text: string) => {
      await input.fill(text);
      await bench.page.locator('.quick-input-list .monaco-list-row.focused', { hasText: text }).waitFor();
      await bench.page.keyboard.press('Enter');
    };
    await pick('board-scenario');
    await pick('check workspace');
    await bench.page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
    // The task runs in a terminal of its own.
    await bench.page.locator('.xterm').first().waitFor();
    // The task checked the files on disk: forgotten-consequences.board there still has the missing
    // unattach the quick fix above removed from the editor's (unsaved) text. The task's problems are
    // read from the CLI's lines by the matcher: the rules first (the server's end with them), line 13.
    // Both lead with the rules; the CLI writes them without spaces ("[701.3d,400.7]"), the server
    // with ("[701.3d, 400.7]").
    const cliLine = (m: { message: string }) => /^\[[^\]\s]+,[^\]\s]+\] /.test(m.message);
    const markers = await bench.waitForProblems(FORGOTTEN, (ms) => ms.some(cliLine), "the task's problems beside the server's");
    const fromTask = markers.filter(cliLine);
    assert.ok(markers.some((m) => !cliLine(m)), `the server's problem is still there: ${JSON.stringify(markers)}`);
    for (const m of fromTask) {
      assert.equal(m.code, 'missing-unattach');
      assert.equal(m.line, 13);
      assert.match(m.message, /^\[701\.3d,400\.7\] (shield|strength) becomes unattached from knight/);
    }
    await bench.screenshot('check-workspace-task-problems');
  });
});

async function cs(condition: () => Promise<boolean>, message: string): Promise<void> {
  const deadline = Date.now() + STEP_MS;
  for (;;) {
    try {
      if (await condition()) return;
    } catch {
      // retried until the deadline
    }
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${message}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
