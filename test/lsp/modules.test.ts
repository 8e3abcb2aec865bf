// The server's pure helpers, without a connection: settings normalisation, rules files, token encoding.
import * as assert from 'node:assert/strict';
import { DEFAULT_SETTINGS, normaliseSettings } from '../../server/src/settings';
import { parseRules } from '../../server/src/rulesText';
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
    });
    // Dotted keys, as some clients send flat settings.
    assert.deepEqual(normaliseSettings({ 'inlayHints.enabled': false, 'rulesFile.riftbound': '/rb.txt' }).inlayHints, { enabled: false });
    assert.equal(normaliseSettings({ 'rulesFile.riftbound': '/rb.txt' }).rulesFile.riftbound, '/rb.txt');
  });

  it('reads rule lines from a rules file: number, optional dot, text; the first occurrence wins', () => {
    const rules = parseRules('Contents\n701. Keyword Actions\n\n701.3. Attach\r\n701.3b If an effect tries...\n434.1.g. Riftbound style\n701.3b A later duplicate\nExample: not a rule\n');
    assert.equal(rules.get('701'), 'Keyword Actions');
    assert.equal(rules.get('701.3'), 'Attach');
    assert.equal(rules.get('701.3b'), 'If an effect tries...');
    assert.equal(rules.get('434.1.g'), 'Riftbound style');
    assert.equal(rules.size, 4);
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
