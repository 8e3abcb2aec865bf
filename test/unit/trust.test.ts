// Workspace trust: the settings that name a file are restricted in package.json, and the client
// (client/src/trust.ts, what extension.ts answers to the server's workspace/configuration) never
// passes a workspace's value of them on in an untrusted workspace.
import assert from 'node:assert/strict';
import { localizedManifest } from '../manifest';
import { FILE_SETTINGS, restrictFileSettings, type Inspection } from '../../client/src/trust';

const manifest = localizedManifest();
const properties: Record<string, { scope?: string; description?: string; markdownDescription?: string }> = manifest.contributes.configuration.properties;

/** A setting that names a file: its key says so, or its description starts with "Path". */
const namesAFile = (key: string, p: { description?: string; markdownDescription?: string }) =>
  /(File|Path)$/.test(key) || /^Path\b/.test(p.markdownDescription ?? p.description ?? '');

describe('workspace trust: the settings that name a file', () => {
  it('package.json: limited support in Restricted Mode, with every file setting restricted and a description', () => {
    const u = manifest.capabilities.untrustedWorkspaces;
    assert.equal(u.supported, 'limited');
    assert.ok(typeof u.description === 'string' && u.description.length > 20, 'a description of what is restricted');
    const fileSettings = Object.keys(properties).filter((k) => namesAFile(k, properties[k])).sort();
    assert.deepEqual(fileSettings, FILE_SETTINGS.map((k) => `boardScenario.${k}`).sort(), 'the client lists the same settings');
    assert.deepEqual([...u.restrictedConfigurations].sort(), fileSettings);
  });

  it('their scope shows them in the user and workspace Settings UI (resource), settable per workspace only once it is trusted', () => {
    for (const key of manifest.capabilities.untrustedWorkspaces.restrictedConfigurations) {
      assert.equal(properties[key].scope, 'resource', key);
      assert.match(properties[key].markdownDescription ?? '', /untrusted workspace \(Restricted Mode\) only your user settings/, key);
      assert.match(properties[key].markdownDescription ?? '', /larger than (8|500) MB is not read/, key);
      assert.match(properties[key].markdownDescription ?? '', /relative path is resolved against the workspace folder/, key);
    }
  });

  const inspections: Record<string, Inspection> = {
    'rulesFile.mtg': { defaultValue: '', globalValue: '/home/me/cr.txt', workspaceValue: '/dev/zero', workspaceFolderValue: '../../etc/passwd' },
    'rulesFile.riftbound': { defaultValue: '', workspaceValue: 'huge.txt' },
    // The card files: a path or a list of paths.
    'cards.mtg': { defaultValue: [], globalValue: ['/home/me/oracle-cards.json'], workspaceValue: ['/dev/zero'] },
    'cards.riftbound': { defaultValue: [], workspaceValue: '../../etc/passwd' },
  };
  const inspect = (key: string) => inspections[key];
  // What VS Code would give if it applied the workspace values.
  const fromWorkspace = { validate: 'onType', inlayHints: { enabled: false }, rulesFile: { mtg: '../../etc/passwd', riftbound: 'huge.txt' }, cards: { mtg: ['/dev/zero'], riftbound: '../../etc/passwd' } };

  it('trusted: the settings as they are', () => {
    assert.equal(restrictFileSettings(fromWorkspace, true, inspect), fromWorkspace);
  });

  it("untrusted: each file setting is the user's value or the default; the other settings are kept", () => {
    assert.deepEqual(restrictFileSettings(fromWorkspace, false, inspect), {
      validate: 'onType',
      inlayHints: { enabled: false },
      rulesFile: { mtg: '/home/me/cr.txt', riftbound: '' },
      cards: { mtg: ['/home/me/oracle-cards.json'], riftbound: [] },
      // The project config file (board-scenario.json) is not read either.
      projectConfig: false,
    });
    assert.deepEqual(fromWorkspace.rulesFile, { mtg: '../../etc/passwd', riftbound: 'huge.txt' }, 'the input is not changed');
  });

  it('untrusted: the dotted shape too, and anything that is not a section object', () => {
    const cards = { mtg: ['/home/me/oracle-cards.json'], riftbound: [] };
    assert.deepEqual(restrictFileSettings({ 'rulesFile.mtg': 'x.txt' }, false, inspect), { 'rulesFile.mtg': '/home/me/cr.txt', rulesFile: { mtg: '/home/me/cr.txt', riftbound: '' }, cards, projectConfig: false });
    assert.deepEqual(restrictFileSettings({ 'cards.riftbound': 'x.json' }, false, inspect), { 'cards.riftbound': [], rulesFile: { mtg: '/home/me/cr.txt', riftbound: '' }, cards, projectConfig: false });
    assert.deepEqual(restrictFileSettings(null, false, () => undefined), { rulesFile: { mtg: '', riftbound: '' }, cards: { mtg: '', riftbound: '' }, projectConfig: false });
    assert.deepEqual(restrictFileSettings({ rulesFile: 'odd' }, false, () => ({ globalValue: 7 })), { rulesFile: { mtg: '', riftbound: '' }, cards: { mtg: '', riftbound: '' }, projectConfig: false });
  });
});
