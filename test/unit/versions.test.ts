// Rule numbers cited in the numbering of the version a scenario declares.
import assert from 'node:assert/strict';
import { citeAs, canonicalOf, canonicalIn, existsIn, lastVersionWith, resolveVersion, explainRule, check } from '../../core';

describe('rules versions', () => {
  it('cites MTG renumbered rules in the declared version', () => {
    assert.equal(citeAs('mtg', resolveVersion('mtg', '2024-06-07'), '310.10'), '310.9');
    assert.equal(citeAs('mtg', resolveVersion('mtg', '2026-09-25'), '310.10'), '310.10');
    assert.equal(citeAs('mtg', resolveVersion('mtg', undefined), '310.10'), '310.10');
    assert.equal(citeAs('mtg', resolveVersion('mtg', '2026-04-17'), '704.5z'), '704.5y');
    // Two renumberings of the same date don't chain: 704.5aa was 704.5z, not 704.5y.
    assert.equal(citeAs('mtg', resolveVersion('mtg', '2024-06-07'), '704.5aa'), '704.5z');
    assert.equal(canonicalOf('mtg', resolveVersion('mtg', '2024-06-07'), '704.5y'), '704.5z');
    assert.equal(canonicalOf('mtg', resolveVersion('mtg', '2024-06-07'), '704.5z'), '704.5aa');
    assert.equal(citeAs('mtg', resolveVersion('mtg', '2025-01-01'), '701.12e'), '701.10e');
    assert.equal(citeAs('mtg', resolveVersion('mtg', '2024-06-07'), '701.3b'), '701.3b');
    // Destroy and Sacrifice moved in the same re-sorting; Sacrifice took Tap's old 701.21, which is not chained on.
    assert.equal(citeAs('mtg', resolveVersion('mtg', '2024-06-07'), '701.8a'), '701.7a');
    assert.equal(citeAs('mtg', resolveVersion('mtg', '2024-06-07'), '701.21a'), '701.17a');
    assert.equal(citeAs('mtg', resolveVersion('mtg', '2024-06-07'), '701.26a'), '701.21a');
    assert.equal(canonicalOf('mtg', resolveVersion('mtg', '2024-06-07'), '701.17a'), '701.21a');
    assert.equal(canonicalOf('mtg', resolveVersion('mtg', '2024-06-07'), '701.21a'), '701.26a');
    assert.equal(citeAs('mtg', resolveVersion('mtg', '2024-06-07'), '701.40b'), '701.34b');
    assert.equal(citeAs('mtg', resolveVersion('mtg', '2024-06-07'), '701.58a'), '701.56a');
    assert.equal(canonicalOf('mtg', resolveVersion('mtg', '2024-06-07'), '701.56a'), '701.58a');
  });

  it('cites Riftbound numbers of v1.2, v1.3 and 2026-07-16', () => {
    const v12 = resolveVersion('riftbound', 'v1.2');
    const v13 = resolveVersion('riftbound', '1.3');
    const now = resolveVersion('riftbound', '2026-07-16');
    assert.equal(citeAs('riftbound', v12, '434.1.g'), '421.1.g');
    assert.equal(citeAs('riftbound', v12, '435.1.a'), '422.1.a');
    assert.equal(citeAs('riftbound', v12, '818.1.c.2'), '744.1.c.2');
    assert.equal(citeAs('riftbound', v13, '434.1.g'), '434.1.g');
    assert.equal(citeAs('riftbound', v13, '457.1'), '452.1');
    assert.equal(citeAs('riftbound', now, '457.1'), '457.1');
    assert.equal(citeAs('riftbound', v12, '124'), '109');
    assert.equal(canonicalOf('riftbound', v12, '421.1.g'), '434.1.g');
    assert.equal(canonicalOf('riftbound', v13, '452.1'), '457.1');
    assert.equal(canonicalOf('mtg', resolveVersion('mtg', '2024-06-07'), '310.9'), '310.10');
    // v1.3 moved the limited actions 13 places down (v1.2: Exhaust 401, Ready 402, Banish 414, Kill 415), in one
    // renumbering: Kill's 428 is 415 in v1.2, and Ready's 415 is 402, not chained on to 402 or from 428.
    assert.equal(citeAs('riftbound', v12, '428.2.a'), '415.2.a');
    assert.equal(citeAs('riftbound', v12, '415.1.c'), '402.1.c');
    assert.equal(citeAs('riftbound', v12, '414.1.c'), '401.1.c');
    assert.equal(citeAs('riftbound', v13, '428.1'), '428.1');
    assert.equal(canonicalOf('riftbound', v12, '415.1'), '428.1');
    assert.equal(canonicalOf('riftbound', v12, '402.1.c'), '415.1.c');
  });

  it('a rule a later version dropped exists only in the versions before (Riftbound 442.3, only units move)', () => {
    const v12 = resolveVersion('riftbound', 'v1.2');
    const v13 = resolveVersion('riftbound', 'v1.3');
    const now = resolveVersion('riftbound', '2026-07-16');
    assert.equal(existsIn('riftbound', v12, '442.3'), true);
    assert.equal(existsIn('riftbound', v13, '442.3'), true);
    assert.equal(existsIn('riftbound', now, '442.3'), false);
    assert.equal(citeAs('riftbound', v12, '442.3'), '425.3');
    assert.equal(canonicalIn('riftbound', v12, '425.3'), '442.3');
    // Written in the newest rules, 442.3 is no rule the checker explains.
    assert.equal(canonicalIn('riftbound', now, '442.3'), undefined);
    assert.equal(lastVersionWith('riftbound', '442.3')?.id, 'v1.3');
    assert.equal(lastVersionWith('riftbound', '457.1'), undefined);
    // The ruling follows the version: a gear's move is refused in v1.3, done (and recalled) in 2026-07-16.
    const scenario = (v: string) => `game riftbound\nrules ${v}\nplayer alice\ncard sword "Sword": gear — Equipment, equip, owner alice\nmove sword to battlefield b1\n`;
    assert.deepEqual(check(scenario('v1.3')).findings.map((f) => [f.code, f.rules]), [['impossible-event', ['442.3']]]);
    assert.deepEqual(check(scenario('v1.2')).findings.map((f) => [f.code, f.rules]), [['impossible-event', ['425.3']]]);
    assert.deepEqual(check(scenario('2026-07-16')).findings.map((f) => f.code), ['missing-state-based-action']);
    // An unknown version is read as the newest rules, which don't have it.
    assert.equal(existsIn('riftbound', undefined, '442.3'), false);
    assert.deepEqual(check(scenario('v2.0')).findings.map((f) => f.code), ['unknown-rules-version', 'missing-state-based-action']);
  });

  it('resolves dates to the newest version in force', () => {
    assert.equal(resolveVersion('mtg', '2024-07-01')?.id, '2024-06-07');
    assert.equal(resolveVersion('riftbound', '2026-05-01')?.id, 'v1.3');
    assert.equal(resolveVersion('mtg', 'v9'), undefined);
    assert.equal(resolveVersion('mtg', '1990-01-01'), undefined);
  });

  it('explains rules, falling back to the parent rule', () => {
    assert.match(explainRule('mtg', '701.3b')!.text, /does not move/);
    assert.equal(explainRule('riftbound', '434.1.g')!.number, '434.1.g');
    assert.equal(explainRule('riftbound', '434.6')!.number, '434');
    assert.equal(explainRule('mtg', '301.5z')!.number, '301.5');
    assert.equal(explainRule('mtg', '702.6b')!.number, '702.6');
    assert.equal(explainRule('riftbound', '434.1.z')!.number, '434.1');
    assert.equal(explainRule('riftbound', '818.1.c.9')!.number, '818.1');
    assert.equal(explainRule('mtg', '999.9'), undefined);
  });

  it('a scenario declaring an old version gets old numbers in its findings', () => {
    const text = 'game mtg\nrules 2024-06-07\nplayer a\ncard b "Invasion of Zendikar": battle — Siege, in hand\ncard lion "Lion": creature — Cat\nenter b attached to lion\nexpect b unattached\n';
    const f = check(text).findings;
    assert.equal(f.length, 1, JSON.stringify(f));
    assert.ok(f[0].rules.includes('310.9'), f[0].rules.join(','));
    const g = check(text.replace('rules 2024-06-07\n', '')).findings;
    assert.ok(g[0].rules.includes('310.10'), g[0].rules.join(','));
  });
});
