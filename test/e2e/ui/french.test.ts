// The extension in a French code-server (`--locale fr`): VS Code tells the extension its display
// language, the manifest's strings come from package.nls.fr.json, the client's from
// l10n/bundle.l10n.fr.json (vscode.l10n), and the language server, told through initialize's
// locale, answers in French: the Problems panel, the hover, the code lenses.
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

  it('shows the finding, its hover and the lenses in French', async () => {
    await bench.openFile(ILLEGAL);
    await bench.squiggles().first().waitFor();
    const [marker] = await bench.waitForCodes(ILLEGAL, ['illegal-attachment']);
    console.log(marker.message);
    await bench.page.locator('.codelens-decoration', { hasText: 'Afficher le plateau' }).first().waitFor();
    await bench.page.locator('.codelens-decoration', { hasText: '✓ vérifiée' }).first().waitFor();
    const hover = await bench.hoverSquiggle(/Règle/);
    console.log(hover);
    await bench.screenshot('problems-and-hover');
  });

  it('lists the commands in French in the command palette', async () => {
    await bench.command('Board Scenario: Afficher le plateau');
    await bench.screenshot('board-command');
  });
});
