// The server's pure helpers, without a connection: settings normalisation, rules files, token encoding.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_SETTINGS, normaliseSettings } from '../../server/src/settings';
import { RulesFiles } from '../../server/src/rulesText';
import { nodeFiles } from '../../server/src/nodePlatform';
import { encode } from '../../server/src/semanticTokens';

describe('LSP server modules', () => {
  it('normalises settings from any shape a client sends', () => {
    assert.deepEqual(normaliseSettings(undefined), DEFAULT_SETTINGS);
    assert.deepEqual(normaliseSettings(null), DEFAULT_SETTINGS);
    assert.deepEqual(normaliseSettings({ validate: 'sometimes', inlayHints: 'no', rulesFile: 3 }), DEFAULT_SETTINGS);
    assert.deepEqual(normaliseSettings({ validate: 'onType', inlayHints: { enabled: false }, rulesFile: { mtg: '/cr.txt' } }), {
      validate: 'onType',
      inlayHints: { enabled: false },
      rulesFile: { mtg: '/cr.txt', riftbound: '' },
      cards: { mtg: [], riftbound: [] },
      projectConfig: true,
    });
    assert.equal(normaliseSettings({ projectConfig: false }).projectConfig, false);
    assert.equal(normaliseSettings({ projectConfig: 'no' }).projectConfig, true);
    // The card files: a path or a list of paths, nested or dotted.
    assert.deepEqual(normaliseSettings({ cards: { mtg: '/oracle.json', riftbound: ['/a.json', 3, ''] } }).cards, { mtg: ['/oracle.json'], riftbound: ['/a.json'] });
    assert.deepEqual(normaliseSettings({ 'cards.mtg': ['/x.json'] }).cards.mtg, ['/x.json']);
    // Dotted keys, as some clients send flat settings.
    assert.deepEqual(normaliseSettings({ 'inlayHints.enabled': false, 'rulesFile.riftbound': '/rb.txt' }).inlayHints, { enabled: false });
    assert.equal(normaliseSettings({ 'rulesFile.riftbound': '/rb.txt' }).rulesFile.riftbound, '/rb.txt');
  });

  it('reads a rules file with the core parser, in the background, cached by modification time', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'board-rules-files-'));
    try {
      const file = join(dir, 'cr.txt');
      writeFileSync(file, 'These rules are effective as of June 7, 2024.\n\n701.3. Attach\n\n701.3b If an effect tries...\n\nExample: An example.\n');
      const logs: string[] = [];
      const changed: string[] = [];
      const files = new RulesFiles({ info: (m) => logs.push(`info ${m}`), warn: (m) => logs.push(`warn ${m}`) }, (p) => changed.push(p), { files: nodeFiles });
      assert.equal(files.cached(file), undefined, 'nothing is read before it is asked for');
      const [a, b] = await Promise.all([files.load(file), files.load(file)]);
      assert.equal(a, b, 'concurrent loads share one read');
      assert.equal(a!.effective, '2024-06-07');
      // core's parseRulesFile: examples belong to their rule.
      assert.equal(a!.rules.get('701.3b'), 'If an effect tries...\nExample: An example.');
      assert.equal(files.cached(file), a);
      assert.deepEqual(changed, [file]);
      assert.equal(await files.load(file), a, 'unchanged: the cached document');
      assert.deepEqual(changed, [file]);
      writeFileSync(file, 'These rules are effective as of February 7, 2025.\n\n701.3b Changed text.\n');
      utimesSync(file, new Date(), new Date(Date.now() + 5000));
      const c = await files.load(file);
      assert.equal(c!.effective, '2025-02-07');
      assert.deepEqual(changed, [file, file]);
      rmSync(file);
      assert.equal(await files.load(file), undefined);
      assert.equal(await files.load(file), undefined);
      assert.equal(files.cached(file), undefined);
      assert.deepEqual(changed, [file, file, file], 'a file that vanished is a change');
      assert.equal(logs.filter((l) => l.startsWith('warn Could not read')).length, 1, 'an unreadable file is reported once');
      assert.equal(logs.filter((l) => l.startsWith('info Read the rules file')).length, 2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('encodes semantic tokens relative to the previous one, sorted, without overlaps', () => {
    const data = encode([
      { line: 2, start: 4, length: 3, type: 1, mods: 0 },
      { line: 0, start: 5, length: 4, type: 1, mods: 1 },
      { line: 0, start: 0, length: 4, type: 2, mods: 0 },
      { line: 0, start: 6, length: 2, type: 0, mods: 0 }, // overlaps the token at 5: dropped
      { line: 2, start: 10, length: 1, type: 5, mods: 0 },
    ]);
    assert.deepEqual(data, [0, 0, 4, 2, 0, 0, 5, 4, 1, 1, 2, 4, 3, 1, 0, 0, 6, 1, 5, 0]);
  });
});
