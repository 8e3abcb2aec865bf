// Workspace trust on: a folder opens in Restricted Mode, and the extension still checks scenarios
// (package.json declares capabilities.untrustedWorkspaces.supported: "limited"; only the settings
// that name a file, the rules files, are restricted to the user's values: test/unit/trust.test.ts).
import * as assert from 'node:assert/strict';
import { example, Workbench } from './workbench';

const ILLEGAL = 'equip-an-opponents-creature.board';

describe('the packaged extension in an untrusted workspace', function () {
  let bench: Workbench;

  before(async function () {
    bench = await Workbench.open({
      name: 'restricted',
      files: { [ILLEGAL]: example(ILLEGAL) },
      settings: {
        'security.workspace.trust.enabled': true,
        // No "Do you trust the authors?" dialog: the folder simply stays untrusted.
        'security.workspace.trust.startupPrompt': 'never',
        'security.workspace.trust.banner': 'always',
      },
    });
  });
  after(async () => {
    await bench?.close();
  });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && bench) await bench.screenshot('failed');
  });

  it('checks a scenario in Restricted Mode', async () => {
    await bench.page.locator('.statusbar-item', { hasText: 'Restricted Mode' }).first().waitFor();
    await bench.openFile(ILLEGAL);
    const [marker] = await bench.waitForCodes(ILLEGAL, ['illegal-attachment']);
    assert.match(marker.message, /^\[702\.6a, 602\.2b, 601\.2c, 301\.5b\] /);
    assert.match(await bench.statusText(), /Restricted Mode/);
    await bench.focusEditor();
    await bench.hoverSquiggle(/702\.6a Equip · 602\.2b/);
    await bench.screenshot('restricted-mode');
  });
});
