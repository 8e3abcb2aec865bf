// The board picture in a real browser (Chromium through playwright-core): the SVG as a document of
// its own, and the webview page exactly as the extension builds it (boardHtml, with its strict
// Content Security Policy) around the picture the language server draws. Checks what Chromium
// shows: the card labels, attachments inside their host's group right under the host, outlines of
// highlighted cards, labels that fit their boxes, the CSP enforced (and the nonce'd styles
// applied), VS Code theme variables followed. Screenshots go to test-output/board/ (gitignored).
//
// Needs Chromium: /usr/bin/chromium (Debian: `apt-get install -y chromium`) or CHROMIUM_PATH.
// Without it the suite is skipped, saying so. Run with `npm run test:browser`.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { analyse, boardAt, boardCaption, renderBoardSvg } from '../../core';
import { boardHtml, contentSecurityPolicy } from '../../client/src/boardHtml';
import { TestClient } from '../lsp/client';

// The functions given to page.evaluate run in Chromium. The project compiles without the DOM
// library (the core must not use it), so inside this module the page's globals are untyped.
/* eslint-disable @typescript-eslint/no-explicit-any */
declare const document: any;
declare function getComputedStyle(element: unknown): any;

const ROOT = path.resolve(__dirname, '..', '..', '..');
const OUT = path.join(ROOT, 'test-output', 'board');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const available = existsSync(CHROMIUM);

if (!available) {
  // eslint-disable-next-line no-console
  console.warn(`\n  Browser tests SKIPPED: no Chromium at ${CHROMIUM}. Install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH.\n`);
}

/** The example and the 0-based line the pictures are taken at. */
function example(name: string): string {
  return readFileSync(path.join(ROOT, 'examples', name), 'utf8');
}

/** Everything a test wants to know about the picture, measured by Chromium. */
interface Measured {
  root: string;
  parseError: boolean;
  cards: { id: string; label: string; classes: string[]; attachedTo: string | null; box: Rect; stroke: string; labelWidths: number[] }[];
  stacks: Record<string, Rect>;
  zones: string[];
}
interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A screenshot of an SVG document: the viewport is made the size of the picture. */
async function screenshotSvg(page: Page, file: string): Promise<void> {
  const size = await page.evaluate(() => ({ width: Number(document.documentElement.getAttribute('width')), height: Number(document.documentElement.getAttribute('height')) }));
  await page.setViewportSize({ width: Math.ceil(size.width), height: Math.ceil(size.height) });
  await page.screenshot({ path: file });
}

async function measure(page: Page): Promise<Measured> {
  return page.evaluate((): Measured => {
    const svg = document.querySelector('svg');
    const rect = (r: Rect) => ({ x: r.x, y: r.y, width: r.width, height: r.height });
    const cards = [...svg.querySelectorAll('g.card')].map((g: any) => {
      const box = g.querySelector(':scope > rect.box');
      return {
        id: g.dataset.card as string,
        label: g.querySelector('text.id').textContent as string,
        classes: [...g.classList],
        attachedTo: g.getAttribute('data-attached-to'),
        // Both in the root SVG's user space: the card's box, and (below) each stack group's bbox.
        box: rect(box.getBBox()),
        stroke: getComputedStyle(box).stroke,
        labelWidths: [...g.querySelectorAll('text')].map((t: any) => t.getComputedTextLength() as number),
      };
    });
    const stacks: Record<string, { x: number; y: number; width: number; height: number }> = {};
    for (const g of svg.querySelectorAll('g.stack')) stacks[g.dataset.host] = rect(g.getBBox());
    const zones = [...svg.querySelectorAll('g.zone > text.zone-label')].map((t: any) => t.textContent as string);
    return { root: document.documentElement.tagName, parseError: document.querySelector('parsererror') !== null, cards, stacks, zones };
  });
}

function assertAttachmentsUnderHosts(m: Measured): number {
  let checked = 0;
  for (const c of m.cards) {
    if (!c.attachedTo) continue;
    const hostStack = m.stacks[c.attachedTo];
    assert.ok(hostStack, `${c.id}: its host ${c.attachedTo} has a stack group`);
    // Within the host's group...
    assert.ok(c.box.x >= hostStack.x && c.box.y >= hostStack.y && c.box.x + c.box.width <= hostStack.x + hostStack.width + 0.5 && c.box.y + c.box.height <= hostStack.y + hostStack.height + 0.5, `${c.id} lies within ${c.attachedTo}'s group`);
    // ...and right under the host's own box (or under the attachment above it), overlapping it horizontally.
    const host = m.cards.find((h) => h.id === c.attachedTo);
    if (host) {
      assert.ok(c.box.y > host.box.y + host.box.height, `${c.id} is below ${host.id}`);
      assert.ok(c.box.x > host.box.x && c.box.x < host.box.x + host.box.width, `${c.id} is indented under ${host.id}`);
      const above = m.cards.filter((o) => o.attachedTo === c.attachedTo && o.box.y < c.box.y).map((o) => m.stacks[o.id].y + m.stacks[o.id].height);
      const bottomAbove = Math.max(host.box.y + host.box.height, ...above);
      assert.ok(c.box.y - bottomAbove <= 20, `${c.id} is adjacent to what is above it (${c.box.y - bottomAbove}px)`);
    }
    checked++;
  }
  return checked;
}

(available ? describe : describe.skip)(`board picture in Chromium (${CHROMIUM})`, function () {
  this.timeout(120_000);
  let browser: Browser;
  before(async () => {
    mkdirSync(OUT, { recursive: true });
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  });
  after(async () => {
    await browser?.close();
  });

  it('the SVG alone: card labels, attachments in their host\'s group under the host, outlined subjects (MTG)', async () => {
    const text = example('bonesplitter-moves-between-creatures.board');
    // Line 12 (0-based 11): `equip splitter to lion`.
    const line = 11;
    const { doc } = analyse(text);
    const svg = renderBoardSvg(boardAt(text, line, doc), { title: 'Bonesplitter moves', subtitle: boardCaption(doc, text, line).label, highlight: ['splitter', 'lion'] });
    const file = path.join(OUT, 'mtg-bonesplitter.svg');
    writeFileSync(file, svg);
    const page = await browser.newPage();
    // As an SVG document: Chromium's XML parser has the last word on well-formedness.
    await page.goto(pathToFileURL(file).href);
    const m = await measure(page);
    assert.equal(m.root.toLowerCase(), 'svg');
    assert.equal(m.parseError, false);
    assert.deepEqual(m.cards.map((c) => c.label).sort(), ['bears', 'lion', 'splitter']);
    assert.deepEqual(m.zones, ['Players', 'Battlefield — alice', 'Battlefield — bob']);
    assert.equal(m.cards.find((c) => c.id === 'splitter')!.attachedTo, 'lion');
    assert.equal(assertAttachmentsUnderHosts(m), 1);
    // Outlined: the highlight class, and the highlight colour on the box.
    for (const c of m.cards) {
      const on = c.id === 'splitter' || c.id === 'lion';
      assert.equal(c.classes.includes('highlight'), on, c.id);
      assert.equal(c.stroke, on ? 'rgb(209, 36, 47)' : 'rgb(129, 139, 152)', `${c.id} stroke`);
    }
    // Every label fits its card (the inner <svg> clips anything that would not).
    for (const c of m.cards) for (const w of c.labelWidths) assert.ok(w <= c.box.width - 8, `${c.id}: a label ${w}px wide in a ${c.box.width}px box`);
    await screenshotSvg(page, path.join(OUT, 'mtg-bonesplitter.png'));
    await page.close();
  });

  it('the SVG alone: Curses under players, Riftbound gear under its unit at a named battlefield', async () => {
    const page = await browser.newPage();
    const cases: [string, number, string][] = [
      ['curse-on-a-player-who-leaves.board', 9, 'mtg-curses'],
      ['riftbound-equipment-follows-its-unit.board', 14, 'riftbound-battlefield'],
      ['threaten-and-cartouche.board', 99, 'mtg-threaten-end'],
    ];
    for (const [name, line, shot] of cases) {
      const text = example(name);
      const { doc, result } = analyse(text);
      const l = Math.min(line, doc.lineCount - 1);
      const highlight = result.findings.filter((f) => f.range.start.line <= l && l <= f.range.end.line).flatMap((f) => f.subjects);
      const svg = renderBoardSvg(boardAt(text, l, doc), { title: name, subtitle: boardCaption(doc, text, l).label, highlight, theme: shot.startsWith('riftbound') ? 'dark' : 'light' });
      const file = path.join(OUT, `${shot}.svg`);
      writeFileSync(file, svg);
      await page.goto(pathToFileURL(file).href);
      const m = await measure(page);
      assert.equal(m.parseError, false, name);
      const board = boardAt(text, l, doc);
      assert.deepEqual(m.cards.map((c) => c.label).sort(), board.cards.map((c) => c.id).sort(), name);
      assertAttachmentsUnderHosts(m);
      for (const c of m.cards) for (const w of c.labelWidths) assert.ok(w <= c.box.width - 8, `${name} ${c.id}: a label ${w}px wide`);
      if (shot === 'mtg-curses') {
        // Before bob leaves: each Curse hangs under its player.
        const exhaustion = m.cards.find((c) => c.id === 'exhaustion')!;
        const bob = m.stacks.bob;
        assert.ok(exhaustion.box.y > bob.y && exhaustion.box.y + exhaustion.box.height <= bob.y + bob.height + 0.5);
      }
      if (shot === 'riftbound-battlefield') {
        assert.ok(m.zones.includes('Battlefield b1'), m.zones.join(', '));
        assert.equal(m.cards.find((c) => c.id === 'sword')!.attachedTo, 'garen');
        assert.equal(assertAttachmentsUnderHosts(m), 1);
      }
      await screenshotSvg(page, path.join(OUT, `${shot}.png`));
    }
    await page.close();
  });

  it('the webview page: the server\'s picture under the strict CSP, nonce\'d styles applied, VS Code theme variables followed', async () => {
    const server = await TestClient.start();
    try {
      const text = example('forgotten-consequences.board');
      const uri = 'file:///examples/forgotten-consequences.board';
      await server.open(uri, text);
      await server.waitForDiagnostics(uri);
      const nonce = randomBytes(16).toString('base64');
      // Line 13 (0-based 12): `destroy knight`, with two missing-unattach findings.
      const r = (await server.connection.sendRequest('boardScenario/board', { uri, line: 12, theme: 'vscode', nonce })) as {
        svg: string;
        title: string;
        label: string;
        findings: { code: string; severity: string; message: string; rules: string[]; subjects: string[]; range: { start: { line: number } } }[];
        highlight: string[];
      };
      assert.deepEqual(r.highlight, ['knight', 'shield', 'strength']);
      const cspSource = 'https://webview.board-scenario.test';
      const html = boardHtml({ cspSource, nonce, title: r.title, svg: r.svg, label: r.label, findings: r.findings });
      assert.ok(html.includes(`content="${contentSecurityPolicy(cspSource, nonce).replace(/'/g, '&#39;')}"`));
      writeFileSync(path.join(OUT, 'webview.html'), html);

      const page = await browser.newPage();
      const violations: string[] = [];
      page.on('console', (msg) => {
        if (/Content Security Policy|Refused to/i.test(msg.text())) violations.push(msg.text());
      });
      await page.setContent(html, { waitUntil: 'load' });
      const seen = await page.evaluate(() => {
        const svg = document.querySelector('svg');
        const bg = svg.querySelector('rect.bg');
        const knight = svg.querySelector('g.card[data-card="knight"]');
        return {
          scripts: document.scripts.length as number,
          bgFill: getComputedStyle(bg).fill as string,
          bodyPadding: getComputedStyle(document.body).paddingLeft as string,
          knightClasses: [...knight.classList] as string[],
          knightStroke: getComputedStyle(knight.querySelector(':scope > rect.box')).stroke as string,
          findings: [...document.querySelectorAll('.findings li')].map((li: any) => li.textContent as string),
          labels: [...svg.querySelectorAll('g.card text.id')].map((t: any) => t.textContent as string),
          title: document.title as string,
        };
      });
      assert.equal(seen.scripts, 0, 'no scripts at all');
      assert.deepEqual(violations, [], 'no CSP violation');
      // The SVG's own <style> (nonce'd) applies: the VS Code variables' fallbacks outside VS Code.
      assert.equal(seen.bgFill, 'rgb(255, 255, 255)');
      assert.equal(seen.knightStroke, 'rgb(229, 20, 0)', 'the highlight colour (editorError fallback)');
      assert.ok(seen.knightClasses.includes('highlight'));
      // The page's <style> (nonce'd) applies too.
      assert.equal(seen.bodyPadding, '12px');
      assert.deepEqual(seen.labels.sort(), ['bears', 'knight', 'shield', 'strength']);
      assert.equal(seen.findings.length, 2);
      assert.match(seen.findings[0], /^Line 13: missing-unattach .* \(rules 701\.3d/);
      assert.match(seen.title, /After line 13 \(destroy knight\)/);
      await page.screenshot({ path: path.join(OUT, 'webview-light.png'), fullPage: true });

      // VS Code sets its theme as CSS variables on the page: the picture follows (a dark theme here).
      await page.evaluate(() => {
        const s = document.documentElement.style;
        s.setProperty('--vscode-editor-background', '#1e1e1e');
        s.setProperty('--vscode-editor-foreground', '#d4d4d4');
        s.setProperty('--vscode-foreground', '#cccccc');
        s.setProperty('--vscode-sideBar-background', '#252526');
        s.setProperty('--vscode-editorWidget-background', '#2d2d30');
        s.setProperty('--vscode-editorWidget-border', '#454545');
        s.setProperty('--vscode-descriptionForeground', '#9d9d9d');
        s.setProperty('--vscode-editorError-foreground', '#f14c4c');
        s.setProperty('--vscode-editor-findMatchHighlightBackground', '#515c6a');
        s.setProperty('--vscode-badge-background', '#4d4d4d');
      });
      const dark = await page.evaluate(() => ({
        bg: getComputedStyle(document.querySelector('svg rect.bg')).fill as string,
        text: getComputedStyle(document.querySelector('svg g.card text.id')).fill as string,
        stroke: getComputedStyle(document.querySelector('svg g.card.highlight > rect.box')).stroke as string,
      }));
      assert.deepEqual(dark, { bg: 'rgb(30, 30, 30)', text: 'rgb(212, 212, 212)', stroke: 'rgb(241, 76, 76)' });
      await page.screenshot({ path: path.join(OUT, 'webview-dark.png'), fullPage: true });
      await page.close();

      // The policy is really enforced: a style element without the nonce is refused.
      const tampered = html.replace('</head>', '<style>body { padding-left: 99px !important; }</style></head>');
      const page2 = await browser.newPage();
      const refused: string[] = [];
      page2.on('console', (msg) => {
        if (/inline style.*Content Security Policy|Content Security Policy.*style-src/is.test(msg.text())) refused.push(msg.text());
      });
      await page2.setContent(tampered, { waitUntil: 'load' });
      assert.equal(await page2.evaluate(() => getComputedStyle(document.body).paddingLeft), '12px');
      assert.equal(refused.length, 1, 'Chromium refused the style without a nonce');
      await page2.close();
    } finally {
      await server.dispose();
    }
  });
});
