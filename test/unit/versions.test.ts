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
    // Transform: 701.28 in 2024, 701.27 since the same re-sorting (2024's 701.27 is another action).
    assert.equal(citeAs('mtg', resolveVersion('mtg', '2024-06-07'), '701.27g'), '701.28g');
    assert.equal(citeAs('mtg', resolveVersion('mtg', '2025-06-06'), '701.27g'), '701.27g');
    assert.equal(canonicalIn('mtg', resolveVersion('mtg', '2024-06-07'), '701.28c'), '701.27c');
    assert.equal(canonicalIn('mtg', resolveVersion('mtg', '2024-06-07'), '701.27a'), undefined);
  });

  // Checked in the texts of each version (ivancea/MTGRules_Android rules_YYYYMMDD.txt, NateClarkTech/ShellHacks2026
  // for 2026-09-25): the date a number moved is the first version whose text has it.
  it('cites MTG rules moved between the versions listed before, as the declared version numbers them', () => {
    const at = (v: string, n: string) => citeAs('mtg', resolveVersion('mtg', v), n);
    // Merging with Permanents: 727 in 2025-02-07, 728 from 2025-04-04 (Omen Cards, 720), 729 from 2025-07-25
    // (Station Cards, 721) to 2026-02-27, 730 from 2026-04-17 (Preparation Cards, 722).
    assert.deepEqual(
      ['2025-02-07', '2025-04-04', '2025-05-01', '2025-06-06', '2025-07-25', '2025-09-19', '2025-11-14', '2026-02-27', '2026-04-17'].map((v) => at(v, '730.3')),
      ['727.3', '728.3', '728.3', '728.3', '729.3', '729.3', '729.3', '729.3', '730.3'],
    );
    // 704.5: Roles are 704.5y and speed 704.5z until 2026-06-19; 2026-08-07 split the battles' actions.
    assert.equal(at('2025-02-07', '704.5aa'), '704.5z');
    assert.equal(at('2026-06-19', '704.5z'), '704.5y');
    assert.equal(at('2026-06-19', '704.5aa'), '704.5z');
    assert.equal(at('2026-08-07', '704.5z'), '704.5z');
    assert.equal(at('2026-08-07', '704.5aa'), '704.5aa');
    // A battle can't be attached: 310.9 until 2026-06-19, 310.10 from 2026-08-07.
    assert.equal(at('2026-06-19', '310.10'), '310.9');
    assert.equal(at('2026-08-07', '310.10'), '310.10');
    // "Becomes" triggers: 603.2f until 2025-09-19, 603.2e from 2025-11-14.
    assert.equal(at('2025-09-19', '603.2e'), '603.2f');
    assert.equal(at('2025-11-14', '603.2e'), '603.2e');
    // Speed is first in the rules of 2025-02-07: the 704.5z of 2024 is no rule.
    assert.equal(existsIn('mtg', resolveVersion('mtg', '2024-11-08'), '704.5aa'), false);
    assert.equal(existsIn('mtg', resolveVersion('mtg', '2025-02-07'), '704.5aa'), true);
    assert.equal(canonicalIn('mtg', resolveVersion('mtg', '2024-06-07'), '704.5z'), undefined);
    assert.equal(canonicalIn('mtg', resolveVersion('mtg', '2025-02-07'), '704.5z'), '704.5aa');
  });

  // Read in ivancea/MTGRules_Android's rules_20240802.txt, rules_20240917.txt and rules_20241108.txt: the rules of
  // 2024-11-08 (Foundations) dropped the damage assignment orders (509.2 and 509.3 until then), so the active
  // player's priority after the blockers, 509.4 from 2024-06-07 to 2024-09-17, is 509.2 from then on.
  it('cites MTG 509.2 (priority after the blockers) as 509.4 before the rules of 2024-11-08', () => {
    const at = (v: string) => citeAs('mtg', resolveVersion('mtg', v), '509.2');
    assert.deepEqual(['2024-06-07', '2024-08-02', '2024-09-17', '2024-11-08', '2025-02-07', '2026-09-25'].map(at), ['509.4', '509.4', '509.4', '509.2', '509.2', '509.2']);
    assert.equal(citeAs('mtg', resolveVersion('mtg', '2024-08-02'), '509.2a'), '509.4a');
    assert.equal(canonicalIn('mtg', resolveVersion('mtg', '2024-08-02'), '509.4'), '509.2');
    // The 509.2 of those rules is an attacker's damage assignment order: no rule of ours.
    assert.equal(canonicalIn('mtg', resolveVersion('mtg', '2024-08-02'), '509.2'), undefined);
    assert.equal(canonicalIn('mtg', resolveVersion('mtg', '2024-11-08'), '509.2'), '509.2');
    // The explanation speaks of damage orders only in the versions that have them.
    assert.match(explainRule('mtg', '509.2', resolveVersion('mtg', '2024-08-02'))!.text, /orders of damage/);
    assert.doesNotMatch(explainRule('mtg', '509.2')!.text, /orders of damage/);
    const late = (rules: string) => `game mtg\n${rules}player alice\nplayer bob\ncard g "G": creature — Cat, owner alice\ncard c "C": creature — Bear, owner bob\ncard d "D": creature — Bear, owner bob\ncard s "S": artifact — Equipment, owner alice\nattack with g\nblock g with c\nunattach s\nblock g with d\n`;
    const rulesOf = (text: string) => check(text).findings.find((f) => f.code === 'impossible-event')?.rules;
    assert.deepEqual(rulesOf(late('')), ['509.1', '509.2']);
    assert.deepEqual(rulesOf(late('rules 2024-11-08\n')), ['509.1', '509.2']);
    assert.deepEqual(rulesOf(late('rules 2024-08-02\n')), ['509.1', '509.4']);
  });

  // Read in ivancea/MTGRules_Android's rules_20240206.txt (effective 2024-02-02), rules_20240308.txt and
  // rules_20240410.txt: the rules of 2024-03-08 (Fallout) inserted Rad Counters as 725, so Merging with
  // Permanents, 726 in those of 2024-02-02, is 727 from 2024-03-08 to 2025-02-07.
  it('cites MTG Merging with Permanents as 726 in the rules of 2024-02-02, 727 from 2024-03-08', () => {
    const at = (v: string, n = '730.3') => citeAs('mtg', resolveVersion('mtg', v), n);
    assert.deepEqual(['2024-02-02', '2024-02-20', '2024-03-08', '2024-04-10', '2024-06-07', '2025-04-04', '2026-04-17'].map((v) => at(v)), ['726.3', '726.3', '727.3', '727.3', '727.3', '728.3', '730.3']);
    assert.equal(at('2024-02-02', '730.2i'), '726.2i');
    assert.equal(resolveVersion('mtg', '2024-04-10')?.id, '2024-03-08');
    assert.equal(canonicalIn('mtg', resolveVersion('mtg', '2024-02-02'), '726.3'), '730.3');
    // The 727 of those rules is Day and Night: no rule of ours.
    assert.equal(canonicalIn('mtg', resolveVersion('mtg', '2024-02-02'), '727.3'), undefined);
    assert.equal(canonicalIn('mtg', resolveVersion('mtg', '2024-03-08'), '727.3'), '730.3');
  });

  // Umbra armor was totem armor (702.89, with only 702.89a) until the rules of 2024-06-07 renamed it and added
  // 702.89b about the old name (rules_20240206.txt and rules_20240410.txt have no 702.89b).
  it('MTG 702.89b (the old name totem armor) is first in the rules of 2024-06-07', () => {
    for (const [v, has] of [['2024-02-02', false], ['2024-04-10', false], ['2024-06-07', true], ['2026-09-25', true]] as const) {
      assert.equal(existsIn('mtg', resolveVersion('mtg', v), '702.89b'), has, v);
    }
    assert.equal(canonicalIn('mtg', resolveVersion('mtg', '2024-02-02'), '702.89b'), undefined);
    // Before then the ability is explained under the name those rules give it, without 702.89b.
    const old = explainRule('mtg', '702.89', resolveVersion('mtg', '2024-02-02'))!;
    assert.match(old.title, /Totem armor/);
    assert.doesNotMatch(old.text, /702\.89b/);
    assert.match(explainRule('mtg', '702.89a', resolveVersion('mtg', '2024-03-08'))!.title, /Totem armor/);
    assert.match(explainRule('mtg', '702.89', resolveVersion('mtg', '2024-06-07'))!.title, /Umbra armor/);
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

  it('cites Riftbound rules renumbered in 2026-07-16 as v1.3 and v1.2 number them (read in their texts)', () => {
    const v12 = resolveVersion('riftbound', 'v1.2');
    const v13 = resolveVersion('riftbound', 'v1.3');
    const cases: [string, string, string][] = [
      // [canonical (2026-07-16), v1.3, v1.2]
      ['477.1.b', '472.1.b', '454.1.b'],
      ['477.1.b.1', '472.1.b.1', '454.1.b.1'],
      // A general rewrite (472 → 477) and a specific one inside it (472.1.b.3 → 477.1.b.1.b) both hold.
      ['477.1.b.1.b', '472.1.b.3', '-'],
      ['335', '335.3', '-'],
      // v1.3's 359.3.e.2 (an illegal target) is 359.3.e.2 still; 758.1 is another rule (untargetability).
      ['359.3.e.2', '359.3.e.2', '356.3.e.2'],
      ['758.1', '758.1', '758.1'],
      ['107.3.e', '107.3.e', '106.4.e'],
      ['143.3.b.1', '143.3.b.1', '142.3.b.1'],
      ['143.4', '143.4', '142.4'],
      ['144.4.a.1', '144.4.a.1', '143.4.a.1'],
      ['145.2', '145.2', '144.2'],
      ['154', '153', '150'],
      ['157', '156', '153'],
      ['322', '322', '321'],
      ['323.2.c', '323.2.c', '322.5.c'],
      ['323.5', '323.5', '322.4'],
      ['323.7', '323.7', '322.7'],
      ['323.9', '323.9', '322.10'],
      ['323.13', '323.13', '322.14'],
      ['328.1', '328.1', '327.1'],
      ['340.1', '340.1', '336.1'],
      ['344.2', '344.2', '340.2'],
      ['354', '354', '351'],
      ['355.8', '355.8', '352.7'],
      ['355.9.a.1', '355.9.a.1', '352.8.a.1'],
      ['355.9.a.3', '355.9.a.3', '352.8.a.3'],
      ['356.2.a.2', '356.2.a.2', '353.2.a.2'],
      ['359.3.e.10', '359.3.e.10', '356.3.e.10'],
      ['377.3', '377.3', '370.2'],
      ['380', '380', '373'],
      ['383.2.c.1', '383.2.c.1', '376.2.c.1'],
      // An ability carried out as a spell is (the last step of playing or activating abilities): v1.2's 394.5.
      ['406.5', '406.5', '394.5'],
      ['410.1.b.3', '410.1.b.3', '398.1.b.3'],
      ['418.1', '418.1', '405.1'],
      ['426.1.b.1', '426.1.b.1', '413.1.b.1'],
      ['447.2.a', '442.2.a', '425.2.a'],
      ['447.2.c', '442.2.c', '425.2.b'],
      ['449.2', '444.2', '427.2'],
      ['452.1', '447.1', '430.1'],
      ['460', '455', '438'],
      ['462.2.a', '457.2.a', '440.2.a'],
      ['464.2.c', '459.2.b', '442.1.a'],
      ['466.1.a.2', '461.1.a.2', '444.1.a.2'],
      ['466.7.a', '461.7.a', '444.1.a.3'],
      ['721.2', '721.2', '721.1.b'],
      ['806.1.c.2', '806.1.c.2', '732.1.c.2'],
      ['807.2', '807.2', '733.2'],
      ['808.1.c', '808.1.c', '734.1.c'],
      ['809.1.c', '809.1.c', '735.1.c'],
      ['813.1.c.1', '813.1.c.1', '739.1.c.1'],
      ['813.1.c.2', '813.1.c.2', '739.1.c.3'],
      ['814.1.c', '814.1.c', '740.1.c'],
    ];
    for (const [now, in13, in12] of cases) {
      assert.equal(citeAs('riftbound', v13, now), in13, `${now} in v1.3`);
      assert.equal(canonicalIn('riftbound', v13, in13), now, `v1.3 ${in13}`);
      if (in12 === '-') {
        assert.equal(existsIn('riftbound', v12, now), false, `${now} in v1.2`);
        continue;
      }
      assert.equal(citeAs('riftbound', v12, now), in12, `${now} in v1.2`);
      assert.equal(canonicalIn('riftbound', v12, in12), now, `v1.2 ${in12}`);
    }
    // Numbers an older version uses for another rule read as no rule of ours: v1.3's 335 is HOT FEPR, v1.2's 142.2 its Might (143.2, not 144).
    assert.equal(canonicalIn('riftbound', v13, '335'), undefined);
    assert.equal(canonicalIn('riftbound', v12, '142.2'), '143.2');
    // The rule v1.2 doesn't have is left out of a finding's rules under v1.2 (its 335 is another rule).
    const timing = (v: string) => `game riftbound\nrules ${v}\nplayer bob\ncard garen "Garen": unit, owner bob, might 4, at base\ncard hammer "Hammer": gear — Equipment, equip, owner bob, at base\ncard quick "Quick Swap": spell, owner bob, in hand, Reaction, attach target gear you control to target unit you control\nturn bob end\ncast quick targeting hammer to garen\n`;
    for (const [v, want] of [['v1.3', '335.3'], ['2026-07-16', '335']] as const) {
      const f = check(timing(v)).findings.find((x) => x.code === 'impossible-event');
      assert.ok(f && f.rules.includes(want), `${v}: ${JSON.stringify(f?.rules)}`);
    }
    const old = check(timing('v1.2')).findings.find((x) => x.code === 'impossible-event');
    assert.ok(old && !old.rules.includes('335') && old.rules.includes('151'), JSON.stringify(old?.rules));
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
