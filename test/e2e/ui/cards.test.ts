// Card data in a real VS Code (code-server, the packaged .vsix): with `boardScenario.cards.mtg`
// set to a Scryfall file, a scenario declaring cards by name is checked with them, completion
// inside `card ID "` offers the card names, and a hover on a card shows its type line and rules
// text from the user's file.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import type * as CodeServerModule from '../../../scripts/e2e/code-server';
import { ROOT, STEP_MS, Workbench } from './workbench';

const cs: typeof CodeServerModule = require(path.join(ROOT, 'scripts', 'e2e', 'code-server.js'));

const FILE = 'real-cards.board';
const SCRYFALL = path.join(ROOT, 'test', 'fixtures', 'cards', 'scryfall-oracle-cards.json');
const TEXT = [
  'game mtg',
  'player alice',
  'card lion "Silvercoat Lion"',
  'card pacifism "Pacifism", in hand',
  'card charm "Pacifsm", in hand',
  '',
  'cast pacifism targeting lion',
  'resolve pacifism',
  'expect pacifism attached to lion',
  '',
].join('\n');

describe('the packaged extension with card data', function () {
  let bench: Workbench;

  before(async function () {
    bench = await Workbench.open({ name: 'cards', files: { [FILE]: TEXT }, settings: { 'boardScenario.cards.mtg': [SCRYFALL] } });
  });
  after(async () => {
    await bench?.close();
  });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && bench) await bench.screenshot('failed');
  });

  it('checks cards declared by name with the card data; an unknown name is an information with the closest name', async () => {
    await bench.openFile(FILE);
    // Read in the background: once it is, only the misspelt name is left (and its missing type line).
    const markers = await bench.waitForCodes(FILE, ['syntax-error', 'unknown-card']);
    const unknown = markers.find((m) => m.code === 'unknown-card')!;
    assert.match(unknown.message, /No card is named "Pacifsm" in scryfall-oracle-cards\.json \(MTG\).*Did you mean "Pacifism"\?/);
    assert.equal(unknown.line, 5);
    await bench.screenshot('cards-problems');
  });

  it('hover on a card: its type line and rules text from the card file', async () => {
    await bench.hidePanel();
    await bench.focusEditor();
    // The token of the quoted name (Monaco draws each token as a span with an `mtk` class).
    const name = bench.editor.locator('.view-line span[class*="mtk"]', { hasText: /^"?Pacifism"?$/ }).first();
    await name.waitFor();
    const hover = bench.page.locator('.monaco-hover:not(.hidden) .monaco-hover-content');
    let last = '';
    await cs.waitFor(
      async () => {
        const box = await name.boundingBox();
        if (!box) return undefined;
        await bench.page.mouse.move(box.x + box.width + 60, box.y + box.height + 60);
        await bench.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await hover.first().waitFor({ state: 'visible', timeout: 5_000 }).catch(() => undefined);
        last = (await hover.allTextContents()).join('\n');
        return /Enchantment — Aura/.test(last) && /from your card data/.test(last) && /Enchanted creature can't attack or block\./.test(last) ? last : undefined;
      },
      { timeoutMs: STEP_MS, message: `a hover with the card's text (last: ${last})` },
    );
    await bench.screenshot('cards-hover');
  });

  it('completion inside `card ID "`: the card names, inserting the name and its closing quote', async () => {
    await bench.page.mouse.move(5, 5);
    await bench.goToLine(6);
    await bench.type('card rancor "Ranc');
    await bench.page.keyboard.press('Control+Space');
    const row = bench.page.locator('.suggest-widget.visible .monaco-list-row', { hasText: 'Rancor' }).first();
    await row.waitFor();
    await bench.screenshot('cards-completion');
    await bench.page.keyboard.press('Tab');
    await bench.waitForVisibleLine((l) => l === 'card rancor "Rancor"', 'the completed declaration');
  });
});
