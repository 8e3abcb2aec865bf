// The extension in a French code-server (`--locale fr`, with the test language pack that makes
// French available offline: workbench.ts): VS Code tells the extension its display language, the
// manifest's strings come from package.nls.fr.json, the client's from l10n/bundle.l10n.fr.json
// (vscode.l10n), and the language server, told through initialize's locale, answers in French:
// the Problems panel, the hover, the inlay hints, the board.
import * as assert from 'node:assert/strict';
import { example, Workbench } from './workbench';

const ILLEGAL = 'equip-an-opponents-creature.board';

describe('the extension in French (code-server --locale fr)', function () {
  let bench: Workbench;

  before(async function () {
    bench = await Workbench.open({ name: 'french', locale: 'fr', files: { [ILLEGAL]: example(ILLEGAL) } });
  });
  after(async () => {
    await bench?.close();
  });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && bench) await bench.screenshot(`failed-${this.currentTest.title.replace(/\W+/g, '-').slice(0, 40)}`);
  });

  it('shows the finding in the Problems panel, its hover and the inlay hints in French', async () => {
    await bench.openFile(ILLEGAL);
    await bench.squiggles().first().waitFor();
    const [marker] = await bench.waitForCodes(ILLEGAL, ['illegal-attachment']);
    assert.match(marker.message, /^\[702\.6a, 602\.2b, 601\.2c, 301\.5b\] La capacité d'équipement de splitter ne peut pas cibler bears/);
    await bench.waitForVisibleLine((l) => /^equip splitter to bears\s*⟶\s*sans effet : splitter ne bouge pas/.test(l), 'the inlay hint in French');
    await bench.screenshot('problems-in-french');
    const hover = await bench.hoverSquiggle(/Règles?/);
    assert.match(hover, /Expliquer les règles/);
    await bench.screenshot('hover-in-french');
  });

  it('lists the commands in French and shows the board in French', async () => {
    await bench.focusEditor();
    await bench.command('Board Scenario: Afficher le plateau');
    const board = bench.page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');
    await board.locator('svg.board .legend').waitFor();
    const legend = (await board.locator('svg.board .legend').textContent()) ?? '';
    assert.doesNotMatch(legend, /outlined: named by a finding/, 'the legend is not English');
    await bench.screenshot('board-in-french');
  });
});
