// Issue 17 in a user's view of code-server: keys that take nothing from VS Code, completion that
// marks illegal hosts, the output channel, sticky scroll, the board picture with its legend, and
// the extension's identity (icon, settings in the Settings UI, the language status item). One
// workbench window for the steps below, in order; a screenshot of each.
import * as assert from 'node:assert/strict';
import { Workbench } from './workbench';

const HEADER = [
  'game mtg',
  'rules 2024-06-07',
  'player alice',
  'player bob',
  'card lion "Silvercoat Lion": creature — Cat, owner alice',
  'card bears "Grizzly Bears": creature — Bear, owner bob',
  'card splitter "Bonesplitter": artifact — Equipment, owner alice',
  'card wings "Wings of Velis Vel": artifact — Equipment, owner alice',
  'card pacifism "Pacifism": enchantment — Aura, enchant creature, owner bob',
  'card garrison "Darksteel Garrison": artifact — Fortification, owner alice',
  'card plains "Plains": basic land — Plains, owner alice',
];

/** Steps on lines 13.. (1-based): a small board with three cards on alice's side. */
const STEPS = 'steps.board';
const STEPS_TEXT = [...HEADER, '', 'equip splitter to lion', 'equip wings to lion', 'attach pacifism to bears by bob', 'equip splitter to bears', ''].join('\n');

/** Many events, for sticky scroll. */
const LONG = 'long.board';
const LONG_TEXT = [...HEADER, '', ...Array.from({ length: 80 }, (_, i) => (i % 2 ? 'unattach splitter from lion' : 'equip splitter to lion')), ''].join('\n');

const TYPING = 'typing.board';

/** Waits until `get` returns `want` (a condition of the page, polled). */
async function cs(get: () => Promise<string>, want: string, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  let last = '';
  while (Date.now() < deadline) {
    last = await get();
    if (last === want) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what}: still ${last}`);
}

describe('issue 17 in code-server: keys, completion, output, sticky scroll, board, identity', function () {
  let bench: Workbench;

  before(async function () {
    bench = await Workbench.open({
      name: 'presentation',
      files: { [STEPS]: STEPS_TEXT, [LONG]: LONG_TEXT, [TYPING]: [...HEADER, '', ''].join('\n') },
      settings: { 'editor.stickyScroll.enabled': true },
    });
  });
  after(async () => {
    await bench?.close();
  });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && bench) {
      await bench.screenshot(`failed-${this.currentTest.title.replace(/\W+/g, '-').slice(0, 40)}`);
      // Whatever was left open (a menu, a widget) must not swallow the next step's keys.
      for (let i = 0; i < 3; i++) await bench.page.keyboard.press('Escape');
    }
  });

  it("Alt+Down is VS Code's Move Line Down in a scenario; Ctrl+Alt+] steps to the next event and shows the board", async () => {
    await bench.openFile(STEPS);
    await bench.squiggles().first().waitFor();
    await bench.goToLine(13);
    await bench.page.keyboard.press('Alt+ArrowDown');
    // Lines as shown: with their inlay hints after them.
    const at = (lines: string[], s: string) => lines.findIndex((l) => l.startsWith(s));
    const order = async () => {
      const lines = await bench.visibleLines();
      return at(lines, 'equip wings to lion') < at(lines, 'equip splitter to lion') ? 'moved' : 'original';
    };
    await cs(() => order(), 'moved', 'Alt+Down moved the line down');
    await bench.screenshot('keys-alt-down-moves-the-line');
    await bench.page.keyboard.press('Control+Z');
    await cs(() => order(), 'original', 'undone');
    await bench.goToLine(14);
    await bench.page.keyboard.press('Control+Alt+BracketRight');
    await bench.page.locator('.statusbar', { hasText: 'Ln 15,' }).waitFor();
    // The board beside the editor, after the event on line 15.
    const board = bench.page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');
    await board.locator('svg.board').waitFor();
    await board.locator('svg.board .legend').waitFor();
    assert.match((await board.locator('svg.board .legend').textContent()) ?? '', /outlined: named by a finding on this line/);
    await bench.page.keyboard.press('Escape');
    await bench.screenshot('keys-step-to-next-event-board');
  });

  it('the board keeps its text legible with three cards in a zone, explains its marks, and shows findings without backticks', async () => {
    await bench.focusEditor();
    await bench.goToLine(16);
    const board = bench.page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');
    await board.locator('.findings li', { hasText: 'illegal-attachment' }).waitFor();
    // Text is drawn at 12px in the picture's own units: the picture is never scaled below 11/12.
    const scale = await board.locator('svg.board').evaluate((el) => {
      const svg = el as unknown as { getBoundingClientRect(): { width: number }; getAttribute(n: string): string | null };
      return svg.getBoundingClientRect().width / Number(svg.getAttribute('width'));
    });
    assert.ok(scale >= 11 / 12 - 0.01, `the picture is shown at ${scale.toFixed(2)} of its size`);
    const findings = (await board.locator('.findings').textContent()) ?? '';
    assert.doesNotMatch(findings, /`/);
    await bench.screenshot('board-legible-with-legend');
    await bench.command('View: Close All Editor Groups');
  });

  it('completion after `equip splitter to ` marks the illegal host and says why; no snippets among hosts', async () => {
    await bench.openFile(TYPING);
    await bench.goToLine(13);
    await bench.type('equip splitter to ');
    await bench.page.keyboard.press('Control+Space');
    const rows = bench.page.locator('.suggest-widget .monaco-list-row');
    await rows.filter({ hasText: 'bears' }).first().waitFor();
    const labels = (await rows.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
    const bears = labels.find((l) => l.startsWith('bears'));
    assert.ok(bears && /not legal here/.test(bears), `bears is marked: ${JSON.stringify(labels)}`);
    assert.ok(labels.findIndex((l) => l.startsWith('lion')) < labels.findIndex((l) => l.startsWith('bears')), `legal hosts first: ${JSON.stringify(labels)}`);
    assert.ok(!labels.some((l) => /^(equip|attach|card-)/.test(l)), `no snippets in the host list: ${JSON.stringify(labels)}`);
    // The details of the focused row say why (Ctrl+Space again shows them).
    for (let i = 0; i < labels.length && !((await bench.page.locator('.suggest-widget .monaco-list-row.focused').innerText()).includes('bears')); i++) await bench.page.keyboard.press('ArrowDown');
    await bench.page.keyboard.press('Control+Space');
    await bench.page.locator('.suggest-details', { hasText: 'Not a legal host' }).first().waitFor();
    await bench.screenshot('completion-illegal-host');
    await bench.page.keyboard.press('Escape');
  });

  it('the output channel starts with the version, the server and the settings; a restart is not an error', async () => {
    await bench.command('Board Scenario: Show Output');
    const output = bench.page.locator('.part.panel .monaco-editor .view-lines');
    await output.filter({ hasText: 'Settings: validate' }).first().waitFor();
    await bench.command('Board Scenario: Restart Language Server');
    await output.filter({ hasText: 'The language server stopped (exit code 0).' }).first().waitFor();
    await bench.page.locator('.statusbar', { hasText: 'Board' }).waitFor();
    await output.filter({ hasText: 'The language server is running' }).first().waitFor();
    const text = (await output.innerText()).replace(/\u00a0/g, ' ');
    assert.match(text, /Board Scenario 0\.\d+\.\d+ in /);
    assert.match(text, /Language server: [\s\S]*server\.js/);
    assert.doesNotMatch(text, /\[Error/, text);
    assert.doesNotMatch(text, /^(false|true)$/m, text);
    await bench.screenshot('output-start-and-restart');
    await bench.hidePanel();
  });

  it('sticky scroll does not pin the first event line', async () => {
    await bench.openFile(LONG);
    await bench.goToLine(90);
    await bench.page.keyboard.press('Control+End');
    await bench.waitForVisibleLine((l) => l.startsWith('unattach splitter from lion'), 'the end of the file');
    const sticky = await bench.page.locator('.sticky-widget .sticky-line-content').allInnerTexts();
    assert.deepEqual(sticky, [], `sticky scroll pins: ${JSON.stringify(sticky)}`);
    await bench.screenshot('sticky-scroll-nothing-pinned');
  });

  it('the language status item says the game, the rules version and the rules file state', async () => {
    await bench.openFile(STEPS);
    const item = bench.page.locator('.statusbar-item', { has: bench.page.locator('.codicon-json, .codicon-bracket') }).first();
    await item.waitFor();
    await item.click();
    const hover = bench.page.locator('.monaco-hover:not(.hidden), .context-view', { hasText: 'Magic: The Gathering' }).first();
    await hover.waitFor();
    assert.match((await hover.innerText()).replace(/\s+/g, ' '), /Magic: The Gathering · Comprehensive Rules 2024-06-07 .*no rules file/);
    await bench.screenshot('language-status');
    await bench.page.keyboard.press('Escape');
  });

  it('identity: the extension icon in the Extensions view, the rules-file settings in the user Settings UI', async () => {
    await bench.page.keyboard.press('Control+Shift+X');
    await bench.page.locator('.extensions-viewlet').first().waitFor();
    await bench.page.keyboard.type('@installed board');
    const row = bench.page.locator('.extensions-viewlet .monaco-list-row', { hasText: 'Board Scenario' }).first();
    await row.waitFor();
    const src = await row.locator('img.icon').getAttribute('src');
    assert.match(src ?? '', /icon\.png/);
    await bench.screenshot('identity-extension-icon');

    await bench.command('Preferences: Open User Settings');
    await bench.page.locator('.settings-editor').first().waitFor();
    await bench.page.keyboard.type('boardScenario.rulesFile');
    await bench.page.locator('.settings-editor .setting-item-contents', { hasText: 'Rules File' }).first().waitFor();
    const items = await bench.page.locator('.settings-editor .setting-item-contents .setting-item-title').allInnerTexts();
    assert.ok(items.filter((t) => /Rules File/.test(t)).length >= 2, `both rules-file settings in the User tab: ${JSON.stringify(items)}`);
    await bench.screenshot('identity-settings-user-tab');
  });
});
