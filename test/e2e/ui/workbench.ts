// A user's view of code-server for the UI tests: the packaged extension (board-scenario.vsix)
// installed into a fresh extensions folder, a workspace folder of scenario files, and a headless
// Chromium page on the workbench, driven by keyboard and mouse. Every wait is on a condition of
// the page; a screenshot of each step goes to test-output/e2e/.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import type * as CodeServerModule from '../../../scripts/e2e/code-server';

/** The project folder (this file runs from out/test/e2e/ui). */
export const ROOT = findRoot(__dirname);
const cs: typeof CodeServerModule = require(path.join(ROOT, 'scripts', 'e2e', 'code-server.js'));
export const OUTPUT = path.join(ROOT, 'test-output', 'e2e');
const SOURCE = 'board-scenario';
export const VSIX = path.resolve(process.env.BOARD_E2E_VSIX ?? path.join(ROOT, 'board-scenario.vsix'));

/** How long a step may take: the first diagnostics come 15-40 s after the page opens on 2 cores. */
export const STEP_MS = Number(process.env.BOARD_E2E_STEP_MS ?? 90_000);

function findRoot(dir: string): string {
  for (let d = dir; ; d = path.dirname(d)) {
    const pkg = path.join(d, 'package.json');
    if (fs.existsSync(pkg) && JSON.parse(fs.readFileSync(pkg, 'utf8')).name === 'board-scenario') return d;
    if (path.dirname(d) === d) throw new Error(`no board-scenario package.json above ${dir}`);
  }
}

export function example(name: string): string {
  // Without the expectation markers (`#! CODE`) the examples declare their intended findings with:
  // these tests exercise the findings and fixes of a scenario without them.
  return fs.readFileSync(path.join(ROOT, 'examples', name), 'utf8').replace(/[ \t]*#!.*$/gm, '');
}

/** Settings that keep typing literal: no suggestion pops up and swallows an Enter. */
const TYPING_SETTINGS = {
  'editor.quickSuggestions': { other: 'off', comments: 'off', strings: 'off' },
  'editor.suggestOnTriggerCharacters': false,
  'editor.acceptSuggestionOnEnter': 'off',
  'editor.autoClosingQuotes': 'never',
  'editor.autoClosingBrackets': 'never',
  'editor.minimap.enabled': false,
  'workbench.editor.enablePreview': false,
  'files.autoSave': 'off',
  'window.commandCenter': false,
};

let extensionsDir: string | undefined;

/** Installs the packaged extension once per test process, the way a user does, with code-server's CLI. */
function installedExtensions(): string {
  if (extensionsDir) return extensionsDir;
  assert.ok(fs.existsSync(VSIX), `${VSIX} is missing: run npm run package`);
  const dir = path.join(OUTPUT, 'extensions');
  fs.rmSync(dir, { recursive: true, force: true });
  const out = cs.installExtension(VSIX, { userDataDir: path.join(OUTPUT, 'user-data-install'), extensionsDir: dir });
  assert.match(out, /successfully installed/i, out);
  const installed = fs.readdirSync(dir).filter((d) => d.startsWith('board-scenario.board-scenario-'));
  assert.equal(installed.length, 1, `one installed copy in ${dir}: ${installed.join(', ')}`);
  extensionsDir = dir;
  return dir;
}

/**
 * The extensions folder of a workbench in another display language: our .vsix and the test
 * language pack of that language (test/e2e/fixtures/language-pack-LOCALE: code-server has no
 * language pack offline, and without one VS Code stays in English whatever --locale says), both
 * installed with code-server's CLI into that workbench's user data folder, where the install
 * records the pack in languagepacks.json for code-server to find.
 */
function localizedExtensions(locale: string, userDataDir: string): string {
  const fixture = path.join(ROOT, 'test', 'e2e', 'fixtures', `language-pack-${locale}`);
  assert.ok(fs.existsSync(fixture), `no test language pack for ${locale}: ${fixture}`);
  const pack = path.join(OUTPUT, `language-pack-${locale}.vsix`);
  const vsce = path.join(ROOT, 'node_modules', '@vscode', 'vsce', 'vsce');
  const { execFileSync } = require('node:child_process') as typeof import('node:child_process');
  execFileSync(process.execPath, [vsce, 'package', '--no-dependencies', '--allow-missing-repository', '--skip-license', '--out', pack], { cwd: fixture, stdio: 'pipe' });
  const dir = path.join(OUTPUT, `extensions-${locale}`);
  fs.rmSync(dir, { recursive: true, force: true });
  for (const vsix of [VSIX, pack]) {
    const out = cs.installExtension(vsix, { userDataDir, extensionsDir: dir });
    assert.match(out, /successfully installed/i, out);
  }
  // What the running VS Code writes when a language pack is installed from its UI (the CLI does
  // not): the pack's translations by language, read as code-server starts.
  const manifest = JSON.parse(fs.readFileSync(path.join(fixture, 'package.json'), 'utf8'));
  const id = `${manifest.publisher}.${manifest.name}`;
  const installed = path.join(dir, `${id}-${manifest.version}`);
  const localization = manifest.contributes.localizations[0];
  const packs = {
    [localization.languageId]: {
      hash: `${id}-${manifest.version}`,
      extensions: [{ extensionIdentifier: { id }, version: manifest.version }],
      translations: Object.fromEntries(localization.translations.map((t: { id: string; path: string }) => [t.id, path.join(installed, t.path)])),
      label: localization.localizedLanguageName,
    },
  };
  fs.writeFileSync(path.join(userDataDir, 'languagepacks.json'), JSON.stringify(packs));
  return dir;
}

export interface WorkbenchOptions {
  /** Names the screenshots, the user data folder and the log. */
  name: string;
  /** Scenario files to put in the workspace folder: name (may be in sub-folders) -> text. */
  files: Record<string, string>;
  /** User settings on top of the base ones (BASE_SETTINGS turns workspace trust off). */
  settings?: Record<string, unknown>;
  /** code-server's display language (`--locale`), e.g. `fr`; VS Code's default, English, when unset. */
  locale?: string;
}

export class Workbench {
  private shots = 0;

  private constructor(
    readonly name: string,
    readonly page: Page,
    readonly workspace: string,
    private readonly browser: Browser,
    private readonly server: CodeServerModule.CodeServer,
  ) {}

  /** Starts code-server with the installed .vsix, opens the folder in Chromium and waits for the workbench. */
  static async open(options: WorkbenchOptions): Promise<Workbench> {
    const extensions = options.locale ? '' : installedExtensions();
    const userDataDir = path.join(OUTPUT, `user-data-${options.name}`);
    fs.rmSync(userDataDir, { recursive: true, force: true });
    cs.writeUserSettings(userDataDir, { ...TYPING_SETTINGS, ...options.settings });
    // A folder named `scenarios`, so the Explorer and the title read well in screenshots.
    const workspace = path.join(fs.mkdtempSync(path.join(os.tmpdir(), `board-ui-${options.name}-`)), 'scenarios');
    fs.mkdirSync(workspace);
    for (const [file, text] of Object.entries(options.files)) {
      fs.mkdirSync(path.dirname(path.join(workspace, file)), { recursive: true });
      fs.writeFileSync(path.join(workspace, file), text);
    }

    const server = options.locale
      ? await cs.startCodeServer({ userDataDir, extensionsDir: localizedExtensions(options.locale, userDataDir), extraArgs: ['--locale', options.locale] })
      : await cs.startCodeServer({ userDataDir, extensionsDir: extensions });
    let browser: Browser | undefined;
    try {
      browser = await cs.launchChromium();
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      page.setDefaultTimeout(STEP_MS);
      await page.goto(cs.workbenchUrl(server.origin, { folder: workspace }));
      await page.locator('.monaco-workbench').waitFor();
      const bench = new Workbench(options.name, page, workspace, browser, server);
      // The explorer lists the folder once the remote file system answers.
      await page.locator('.explorer-folders-view .monaco-list-row').first().waitFor();
      return bench;
    } catch (error) {
      await browser?.close().catch(() => {});
      await server.stop();
      throw error;
    }
  }

  async close(): Promise<void> {
    await this.browser.close().catch(() => {});
    await this.server.stop();
    fs.rmSync(path.dirname(this.workspace), { recursive: true, force: true });
  }

  /** test-output/e2e/<name>-NN-<step>.png */
  async screenshot(step: string): Promise<string> {
    fs.mkdirSync(OUTPUT, { recursive: true });
    const file = path.join(OUTPUT, `${this.name}-${String(++this.shots).padStart(2, '0')}-${step}.png`);
    await this.page.screenshot({ path: file });
    return file;
  }

  // ---- editor -----------------------------------------------------------------------------

  get editor(): Locator {
    return this.page.locator('.editor-group-container.active .monaco-editor[data-uri]').first();
  }

  /** Opens a workspace file with Quick Open (Ctrl+P), as a user does, and waits for its editor. */
  async openFile(file: string): Promise<void> {
    await this.quickInput('Control+P', file);
    await this.pickFocused(file);
    await this.page.locator('.tab.active', { hasText: file }).waitFor();
    await this.editor.locator('.view-lines').waitFor();
    await this.focusEditor();
  }

  /** Gives the keyboard to the active editor (Ctrl+1: focus the first editor group). */
  async focusEditor(): Promise<void> {
    await this.page.keyboard.press('Control+1');
    await this.editor.and(this.page.locator('.focused')).waitFor();
  }

  /** The text the editor shows, line by line (inlay hints included, as they are in the DOM). */
  async visibleLines(): Promise<string[]> {
    const lines = await this.editor.locator('.view-lines .view-line').evaluateAll((els) =>
      els
        .map((el) => ({ top: parseFloat((el as unknown as { style: { top: string } }).style.top) || 0, text: (el.textContent ?? '').replace(/\u00a0/g, ' ') }))
        .sort((a, b) => a.top - b.top)
        .map((l) => l.text),
    );
    return lines;
  }

  async waitForVisibleLine(accept: (line: string) => boolean, what: string): Promise<string> {
    return cs.waitFor(async () => (await this.visibleLines()).find(accept), { timeoutMs: STEP_MS, message: what });
  }

  /** Ctrl+G to a 1-based line. */
  async goToLine(line: number): Promise<void> {
    await this.quickInput('Control+G', String(line));
    await this.page.keyboard.press('Enter');
    await this.page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
    await cs.waitFor(async () => (await this.statusText()).includes(`Ln ${line},`), { timeoutMs: STEP_MS, message: `the cursor on line ${line}` });
  }

  /** Types text at the cursor; `\n` presses Enter. */
  async type(text: string): Promise<void> {
    const parts = text.split('\n');
    for (let i = 0; i < parts.length; i++) {
      if (i > 0) await this.page.keyboard.press('Enter');
      if (parts[i]) await this.page.keyboard.type(parts[i]);
    }
  }

  /** Ctrl+S, then waits until the tab no longer shows unsaved changes. */
  async save(): Promise<void> {
    await this.page.keyboard.press('Control+S');
    await this.page.locator('.tab.active:not(.dirty)').waitFor();
  }

  /** Runs a command from the command palette by its label. */
  async command(label: string): Promise<void> {
    await this.quickInput('F1', label);
    await this.pickFocused(label);
  }

  /**
   * Enter on the quick input's focused row once it is the one wanted. (Waiting for any row with
   * the text is not enough: until the list is filtered, that row may be in the history below.)
   */
  private async pickFocused(text: string): Promise<void> {
    await this.page.locator('.quick-input-list .monaco-list-row.focused', { hasText: text }).waitFor();
    await this.page.keyboard.press('Enter');
    await this.page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
  }

  private async quickInput(key: string, text: string): Promise<void> {
    const input = this.page.locator('.quick-input-widget input.input');
    const value = key === 'F1' ? `>${text}` : key === 'Control+G' ? `:${text}` : text;
    // The workbench may close a quick input it just opened when focus moves (a view revealed
    // meanwhile, on a loaded machine): then it is opened again, up to three times, and said.
    for (let attempt = 1; ; attempt++) {
      await this.page.keyboard.press(key);
      try {
        await input.waitFor({ state: 'visible', timeout: attempt < 3 ? 10_000 : STEP_MS });
        await input.fill(value, { timeout: attempt < 3 ? 10_000 : STEP_MS });
        return;
      } catch (e) {
        if (attempt >= 3) throw e;
        console.log(`    (the quick input for "${value}" closed before it was filled; opening it again)`);
        await this.page.keyboard.press('Escape');
      }
    }
  }

  /**
   * Ctrl+. at the cursor, then picks the code action titled `title` with the arrow keys and Enter
   * (the menu's pointer block makes clicks unreliable).
   */
  async quickFix(title: string, beforePick?: () => Promise<unknown>): Promise<void> {
    await this.page.keyboard.press('Control+.');
    const rows = this.page.locator('.action-widget .monaco-list-row.action');
    await rows.filter({ hasText: title }).first().waitFor();
    await beforePick?.();
    const count = await rows.count();
    for (let i = 0; i <= count; i++) {
      const focused = await this.page.locator('.action-widget .monaco-list-row.action.focused').getAttribute('aria-label');
      if (focused === title) {
        await this.page.keyboard.press('Enter');
        await this.page.locator('.action-widget').waitFor({ state: 'hidden' });
        return;
      }
      await this.page.keyboard.press('ArrowDown');
    }
    throw new Error(`no code action "${title}" in: ${(await rows.allInnerTexts()).join(' | ')}`);
  }

  async statusText(): Promise<string> {
    return (await this.page.locator('.statusbar').textContent()) ?? '';
  }

  // ---- squiggles, hovers and problems ------------------------------------------------------

  squiggles(kind: 'error' | 'warning' = 'error'): Locator {
    return this.editor.locator(`.squiggly-${kind}`);
  }

  /** Moves the mouse onto the first squiggle and returns the hover's text once it says `expect`. */
  async hoverSquiggle(expect: RegExp, kind: 'error' | 'warning' = 'error'): Promise<string> {
    const squiggle = this.squiggles(kind).first();
    await squiggle.waitFor();
    const hover = this.page.locator('.monaco-hover:not(.hidden) .monaco-hover-content');
    let last = '';
    const matching = async () => {
      last = (await hover.allTextContents()).join('\n');
      return expect.test(last) ? last : undefined;
    };
    const hoverOnce = async () => {
      // The editor re-renders its decorations while the diagnostics settle, so the squiggle
      // found above may be detached for a moment (no box): find it again on each attempt.
      const box = await squiggle.boundingBox().catch(() => null);
      if (!box) return undefined;
      // Move off and on again: a hover that opened before the diagnostics came is stale.
      await this.page.mouse.move(box.x + box.width / 2, box.y + box.height + 40);
      await this.page.mouse.move(box.x + Math.min(box.width / 2, 40), box.y + box.height / 2);
      await hover.first().waitFor({ state: 'visible', timeout: 5_000 });
      // The diagnostic's part shows at once, the extension's when its hover provider answers.
      return cs.waitFor(matching, { timeoutMs: 10_000, intervalMs: 100 }).catch(() => undefined);
    };
    try {
      return await cs.waitFor(hoverOnce, { timeoutMs: STEP_MS, message: `a hover matching ${expect}` });
    } catch (error) {
      throw new Error(`${(error as Error).message}\nLast hover: ${last}`);
    }
  }

  /** Hides the panel (Problems, Output, ...) if it shows: Ctrl+J toggles it. */
  async hidePanel(): Promise<void> {
    const panel = this.page.locator('.part.panel');
    if (await panel.isVisible()) {
      await this.page.keyboard.press('Control+J');
      await panel.waitFor({ state: 'hidden' });
    }
  }

  /** Expands the Explorer's Outline view and returns its rows once one of them reads `expect`. */
  async outlineView(expect: string): Promise<string[]> {
    const header = this.page.locator('.pane-header', { hasText: /^Outline/i }).first();
    if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
    const rows = this.page.locator('.pane', { has: header }).locator('.pane-body .monaco-list-row');
    await rows.filter({ hasText: expect }).first().waitFor();
    return rows.allInnerTexts();
  }

  /** Shows the Problems panel (Ctrl+Shift+M toggles it, so only when it is not showing). */
  async showProblems(): Promise<void> {
    const panel = this.page.locator('.markers-panel');
    if (!(await panel.isVisible())) {
      await this.page.keyboard.press('Control+Shift+M');
      // A short wait: a key press lost while a task's terminal takes the panel and the focus is
      // pressed again by the caller's next try (waitForProblems), not waited on for the whole step.
      await panel.waitFor({ state: 'visible', timeout: 5_000 });
    }
  }

  /**
   * Our markers in the Problems panel, as the user reads them. A file row (`name` / count) is
   * followed by its marker rows (`message` / source / code / `[Ln L, Col C]`; the parentheses
   * around the code are CSS) and their related-information rows (no source; skipped).
   */
  async problems(): Promise<Marker[]> {
    await this.showProblems();
    const rows = await this.page
      .locator('.markers-panel .monaco-list-row')
      .evaluateAll((els) => els.map((r) => (r as unknown as { innerText: string }).innerText));
    const markers: Marker[] = [];
    let file = '';
    for (const row of rows) {
      const parts = row.split('\n');
      if (parts.length === 2 && /^\d+$/.test(parts[1])) file = parts[0];
      else if (parts.length >= 4 && parts[1] === SOURCE) {
        const at = /^\[Ln (\d+), Col (\d+)\]$/.exec(parts[3]);
        markers.push({ file, message: parts[0], code: parts[2], line: at ? Number(at[1]) : 0 });
      }
    }
    return markers;
  }

  /** Waits until our markers for `file` in the Problems panel satisfy `accept`; returns them. */
  async waitForProblems(file: string, accept: (markers: Marker[]) => boolean, what: string): Promise<Marker[]> {
    let last: Marker[] = [];
    try {
      return await cs.waitFor(
        async () => {
          last = (await this.problems()).filter((m) => m.file === file);
          return accept(last) ? last : undefined;
        },
        { timeoutMs: STEP_MS, message: `${what} (${file})`, intervalMs: 250 },
      );
    } catch (error) {
      await this.screenshot('failed-problems');
      throw new Error(`${(error as Error).message}\nProblems of ${file}: ${JSON.stringify(last, null, 1)}`);
    }
  }

  /** Waits until the markers of `file` have exactly these codes (in any order). */
  waitForCodes(file: string, codes: string[]): Promise<Marker[]> {
    const want = [...codes].sort().join(', ');
    return this.waitForProblems(file, (ms) => ms.map((m) => m.code).sort().join(', ') === want, `codes [${want}]`);
  }
}

export interface Marker {
  file: string;
  message: string;
  code: string;
  /** 1-based, as shown. */
  line: number;
}
