// The web extension's language server (dist/browser/server.js) in a real Web Worker in Chromium
// (playwright-core, headless), driven over real LSP: the page runs a JSON-RPC client
// (test/browser/lspPage.ts, bundled here with esbuild) over the worker's postMessage, as
// vscode-languageclient/browser does in vscode.dev. Files are served by a localhost HTTP server in
// this test; the workspace folder is `vscode-vfs://github/board/ws`, a virtual file system as on
// github.dev: the server can only read its rules file and the unopened scenario through the page's
// answers to its `boardScenario/readFile` / `stat` / `readDirectory` requests (what the web
// extension answers with `vscode.workspace.fs`).
//
// Needs Chromium: /usr/bin/chromium (Debian: `apt-get install -y chromium`) or CHROMIUM_PATH.
// Without it the suite is skipped, saying so. Run with `npm test` or `npm run test:browser`.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { AddressInfo } from 'node:net';
import * as esbuild from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';

/* eslint-disable @typescript-eslint/no-explicit-any */
declare const window: any;

const ROOT = path.resolve(__dirname, '..', '..', '..');
const OUT = path.join(ROOT, 'test-output', 'browser');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const available = existsSync(CHROMIUM);
if (!available) {
  // eslint-disable-next-line no-console
  console.warn(`\n  Browser worker tests SKIPPED: no Chromium at ${CHROMIUM}. Install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH.\n`);
}

/** Equip can't target bob's bears (702.6a): the quick fix retargets it to alice's other creature. */
const SCENARIO = [
  'game mtg',
  'rules 2024-06-07',
  'player alice',
  'player bob',
  'card lion "Silvercoat Lion": creature — Cat, owner alice',
  'card cat "Savannah Lions": creature — Cat, owner alice',
  'card bears "Grizzly Bears": creature — Bear, owner bob',
  'card splitter "Bonesplitter": artifact — Equipment, owner alice, attached to lion',
  'equip splitter to bears',
  '',
].join('\n');
/** A small rules file in the Comprehensive Rules' format: its 702.6a is what the hover must quote. */
const RULES = 'Magic: The Gathering Comprehensive Rules\n\nThese rules are effective as of June 7, 2024.\n\n702. Keyword Abilities\n\n702.6. Equip\n\n702.6a WORKER 702.6a: equip attaches to a creature you control.\n';
/** Not opened: the workspace report reads it through the client. */
const OTHER = ['game mtg', 'rules 2024-06-07', 'player alice', 'card lion "Silvercoat Lion": creature — Cat', 'card splitter "Bonesplitter": artifact — Equipment', 'equip splitter to lion', 'equip splitter to lion', ''].join('\n');

const FOLDER = 'vscode-vfs://github/board/ws';

/** The page's file system: `FOLDER/...` is the temporary folder's `ws/...`; anything else is not there. */
function fileRequest(base: string, method: string, params: { uri: string; limit?: number }): unknown {
  const m = params.uri.startsWith(FOLDER) ? /^(\/.*)?$/.exec(params.uri.slice(FOLDER.length)) : null;
  const missing = { error: 'ENOENT', message: `${params.uri}: no such file` };
  if (!m) return missing;
  const p = path.join(base, 'ws', decodeURIComponent(m[1] ?? '/'));
  if (!existsSync(p)) return missing;
  const st = statSync(p);
  if (method === 'boardScenario/stat') return { type: st.isFile() ? 'file' : st.isDirectory() ? 'directory' : 'other', size: st.size, mtimeMs: st.mtimeMs };
  if (method === 'boardScenario/readDirectory') return { entries: readdirSync(p, { withFileTypes: true }).map((e) => ({ name: e.name, type: e.isFile() ? 'file' : e.isDirectory() ? 'directory' : 'other', symlink: false })) };
  if (st.size > (params.limit ?? Infinity)) return { tooLarge: st.size };
  return { text: readFileSync(p, 'utf8') };
}

(available ? describe : describe.skip)(`the browser language server in a Web Worker in Chromium (${CHROMIUM})`, function () {
  this.timeout(120_000);
  let browser: Browser;
  let server: Server;
  let base: string;
  let origin: string;
  let page: Page;
  const pageErrors: string[] = [];

  before(async () => {
    base = mkdtempSync(path.join(tmpdir(), 'board-worker-'));
    mkdirSync(path.join(base, 'ws'));
    writeFileSync(path.join(base, 'ws', 'scenario.board'), SCENARIO);
    writeFileSync(path.join(base, 'ws', 'rules.txt'), RULES);
    writeFileSync(path.join(base, 'ws', 'other.board'), OTHER);
    // The project config, on the virtual file system too: its severity applies to the workspace report.
    writeFileSync(path.join(base, 'ws', 'board-scenario.json'), JSON.stringify({ severity: { 'redundant-attach': 'information' } }));
    const client = await esbuild.build({ entryPoints: [path.join(ROOT, 'test', 'browser', 'lspPage.ts')], bundle: true, platform: 'browser', format: 'iife', mainFields: ['browser', 'module', 'main'], write: false, logLevel: 'warning' });
    const pageScript = client.outputFiles[0].text;
    const workerScript = readFileSync(path.join(ROOT, 'dist', 'browser', 'server.js'));
    server = createServer((req, res) => {
      if (req.method === 'POST' && req.url === '/files') {
        let body = '';
        req.on('data', (c) => (body += c));
        req.on('end', () => {
          const { method, params } = JSON.parse(body);
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(fileRequest(base, method, params)));
        });
        return;
      }
      if (req.url === '/') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>worker</title><script src="/page.js"></script>');
      if (req.url === '/favicon.ico') return void res.writeHead(204).end();
      if (req.url === '/page.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(pageScript);
      if (req.url === '/server.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(workerScript);
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
    page = await browser.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') pageErrors.push(m.text());
    });
    await page.goto(origin + '/');
    await page.evaluate(() => window.startLsp('/server.js'));
  });

  after(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
    if (base) rmSync(base, { recursive: true, force: true });
  });

  const request = (method: string, params: unknown): Promise<any> => page.evaluate(([m, p]) => window.lsp.request(m, p), [method, params] as const);
  const notify = (method: string, params: unknown): Promise<void> => page.evaluate(([m, p]) => window.lsp.notify(m, p), [method, params] as const);
  const logs = (): Promise<{ type: number; message: string }[]> => page.evaluate(() => window.lsp.logs);
  async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const v = await probe();
      if (v !== undefined) return v;
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}; server log:\n${(await logs()).map((l) => l.message).join('\n')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  const uri = `${FOLDER}/scenario.board`;
  let illegal: any;

  it('initializes in the worker: the server answers with its capabilities and name', async () => {
    await page.evaluate(() => (window.lsp.settings = { rulesFile: { mtg: 'rules.txt' } }));
    const result = await request('initialize', {
      processId: null,
      rootUri: FOLDER,
      workspaceFolders: [{ uri: FOLDER, name: 'ws' }],
      capabilities: {
        workspace: { configuration: true, workspaceFolders: true, diagnostics: { refreshSupport: true }, didChangeConfiguration: { dynamicRegistration: true } },
        textDocument: {
          hover: { contentFormat: ['markdown', 'plaintext'] },
          diagnostic: { dynamicRegistration: false, relatedDocumentSupport: false },
          codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'source.fixAll'] } } },
          completion: { completionItem: { snippetSupport: true } },
          publishDiagnostics: { relatedInformation: true },
        },
      },
    });
    assert.equal(result.serverInfo.name, 'board-scenario-language-server');
    assert.match(result.serverInfo.version, /^\d+\.\d+\.\d+/);
    assert.ok(result.capabilities.hoverProvider && result.capabilities.codeActionProvider && result.capabilities.completionProvider, 'hover, code actions, completion');
    assert.equal(result.capabilities.diagnosticProvider?.workspaceDiagnostics, true, 'pull diagnostics with a workspace report');
    await notify('initialized', {});
  });

  it('a scenario with an illegal equip: the pulled diagnostic cites 702.6a', async () => {
    await notify('textDocument/didOpen', { textDocument: { uri, languageId: 'board-scenario', version: 1, text: SCENARIO } });
    const report = await request('textDocument/diagnostic', { textDocument: { uri } });
    assert.equal(report.kind, 'full');
    illegal = report.items.find((d: any) => d.code === 'illegal-attachment');
    assert.ok(illegal, `illegal-attachment is reported: ${JSON.stringify(report.items.map((d: any) => d.code))}`);
    assert.match(illegal.message, /702\.6a/);
    assert.equal(illegal.range.start.line, SCENARIO.split('\n').findIndex((l) => l.startsWith('equip splitter to bears')));
  });

  it('the rules file named in settings is read through the client, and the hover quotes it', async () => {
    await waitFor('the rules file to be read', async () => (await logs()).find((l) => /Read the rules file/.test(l.message)));
    const asked: string[] = await page.evaluate(() => window.lsp.fileRequests);
    assert.ok(asked.includes(`boardScenario/readFile ${FOLDER}/rules.txt`), `asked: ${asked.join(', ')}`);
    const hover = await request('textDocument/hover', { textDocument: { uri }, position: illegal.range.start });
    assert.equal(hover.contents.kind, 'markdown');
    assert.match(hover.contents.value, /702\.6a/);
    assert.match(hover.contents.value, /WORKER 702\.6a: equip attaches to a creature you control\..*from your rules file/);
  });

  it('a quick fix for the illegal equip, and completion of hosts after `equip splitter to `', async () => {
    const actions = await request('textDocument/codeAction', { textDocument: { uri }, range: illegal.range, context: { diagnostics: [illegal], only: ['quickfix'] } });
    const retarget = actions.find((a: any) => a.kind === 'quickfix' && /cat/.test(a.title));
    assert.ok(retarget, `a quick fix retargets to cat: ${JSON.stringify(actions.map((a: any) => a.title))}`);
    const edits = retarget.edit.changes?.[uri] ?? retarget.edit.documentChanges?.[0]?.edits;
    assert.deepEqual(edits.map((e: any) => e.newText), ['cat']);
    const line = illegal.range.start.line;
    const items = await request('textDocument/completion', { textDocument: { uri }, position: { line, character: 'equip splitter to '.length } });
    const labels = (Array.isArray(items) ? items : items.items).map((i: any) => i.label);
    assert.ok(labels.includes('lion') && labels.includes('bears'), `hosts offered: ${labels.join(', ')}`);
  });

  it('the board picture and the step review events come from the worker', async () => {
    const picture = await request('boardScenario/board', { uri, line: illegal.range.start.line });
    assert.match(picture.svg, /^<svg[^>]*class="board board-mtg/);
    // Shown on the page, for the screenshot.
    await page.evaluate((svg: string) => window.document.body.insertAdjacentHTML('beforeend', svg), picture.svg);
    const events = await request('boardScenario/events', { uri });
    assert.ok(events.lines.includes(illegal.range.start.line));
  });

  it('the workspace report reads the unopened scenario and the project config through the client', async () => {
    const report = await request('workspace/diagnostic', { previousResultIds: [] });
    const other = report.items.find((i: any) => i.uri === `${FOLDER}/other.board`);
    assert.ok(other, `reported: ${report.items.map((i: any) => i.uri).join(', ')}`);
    const redundant = other.items.find((d: any) => d.code === 'redundant-attach');
    assert.ok(redundant, JSON.stringify(other.items.map((d: any) => d.code)));
    assert.equal(redundant.severity, 3, "the project config's severity (information)");
    const asked: string[] = await page.evaluate(() => window.lsp.fileRequests);
    assert.ok(asked.includes(`boardScenario/readDirectory ${FOLDER}`), `asked: ${asked.join(', ')}`);
    assert.ok(asked.includes(`boardScenario/readFile ${FOLDER}/board-scenario.json`), `asked: ${asked.join(', ')}`);
  });

  it('answers in French when initialize says `fr` (the l10n bundles are in the worker bundle)', async () => {
    // A second worker on the same page, its own connection.
    await page.evaluate(() => {
      const english = window.lsp;
      window.startLsp('/server.js');
      window.french = window.lsp;
      window.lsp = english;
    });
    const fr = (method: string, params: unknown): Promise<any> => page.evaluate(([m, p]) => window.french.request(m, p), [method, params] as const);
    await fr('initialize', { processId: null, locale: 'fr', rootUri: null, capabilities: { textDocument: { hover: { contentFormat: ['markdown'] } } } });
    await page.evaluate(() => window.french.notify('initialized', {}));
    await page.evaluate(([u, text]) => window.french.notify('textDocument/didOpen', { textDocument: { uri: u, languageId: 'board-scenario', version: 1, text } }), [uri, SCENARIO] as const);
    const hover = await fr('textDocument/hover', { textDocument: { uri }, position: illegal.range.start });
    assert.match(hover.contents.value, /^\*\*Attachement illégal\*\* · `illegal-attachment` \(erreur\)/);
    assert.match(hover.contents.value, /\*\*Règles\*\* \(Magic: The Gathering, /);
    assert.match(hover.contents.value, /- \*\*702\.6a\*\* — \*Équiper\*/);
    assert.equal(await fr('shutdown', null), null);
  });

  it('shuts down cleanly, with no error logged by the server or the page', async () => {
    mkdirSync(OUT, { recursive: true });
    await page.screenshot({ path: path.join(OUT, 'worker.png') });
    assert.equal(await request('shutdown', null), null);
    const errors = (await logs()).filter((l) => l.type === 1).map((l) => l.message);
    assert.deepEqual(errors, [], 'the server logged errors');
    assert.deepEqual(pageErrors, [], 'the page had errors');
  });
});
