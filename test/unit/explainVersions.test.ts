// `board-scenario rules N --rules-version V` for every explained rule in every version it exists
// in: the number as V numbers it finds our explanation of that rule, in V's words where the rule
// changed (issue 19), and a number V uses for another rule finds none.
import assert from 'node:assert/strict';
import { canonicalIn, check, citeAs, existsIn, explainRule, knownVersions, resolveVersion, type Game } from '../../core';
import { MTG_RULES } from '../../core/rules/mtg/explanations';
import { RIFTBOUND_RULES } from '../../core/rules/riftbound/explanations';
import { explainRuleNumber } from '../../cli/explain';

const TABLES: Record<Game, Record<string, unknown>> = { mtg: MTG_RULES, riftbound: RIFTBOUND_RULES };

describe('rules N in every version', () => {
  for (const game of ['mtg', 'riftbound'] as const) {
    it(`${game}: every explained rule, as each version numbers it, shows its explanation in that version's words`, () => {
      const problems: string[] = [];
      let checked = 0;
      for (const v of knownVersions(game)) {
        for (const canonical of Object.keys(TABLES[game])) {
          if (!existsIn(game, v, canonical)) continue;
          const written = citeAs(game, v, canonical);
          const answer = explainRuleNumber(written, game, v.id);
          // One old rule that a later version split in two (Riftbound v1.2's 435.1 is today's 149.3
          // and 457.1) is explained as the one of the two its number reads back as.
          const reads = canonicalIn(game, v, written) ?? canonical;
          const want = explainRule(game, reads, v)!;
          checked++;
          if (!answer.ok) problems.push(`${v.id} ${written} (${canonical}): ${answer.error}`);
          else if (!answer.text.includes(`${want.title}\n${want.text}\n`)) problems.push(`${v.id} ${written} (${canonical}): shows\n${answer.text}`);
        }
      }
      assert.deepEqual(problems, []);
      assert.ok(checked > 100, `only ${checked} checked`);
    });
  }

  it('a number an older version uses for another rule is not explained as the newer rule', () => {
    // Riftbound v1.3's 124 is about game objects; the rule numbered 124 today is v1.3's 110.
    const r = explainRuleNumber('124', 'riftbound', 'v1.3');
    assert.equal(r.ok, false);
    const as110 = explainRuleNumber('110', 'riftbound', 'v1.3');
    assert.ok(as110.ok && as110.text.startsWith('Riftbound 110 (124 in the newest rules): Temporary modifications end'), as110.ok ? as110.text : as110.error);
    // MTG 2024-06-07's 603.2e is about "a triggered ability of an object"; the trigger rule was 603.2f.
    assert.equal(explainRuleNumber('603.2e', 'mtg', '2024-06-07').ok, false);
    assert.ok(explainRuleNumber('603.2f', 'mtg', '2024-06-07').ok);
  });

  it('a rule that changed in substance is explained in the words of the version asked for', () => {
    const newest = explainRuleNumber('124', 'riftbound', '2026-07-16');
    assert.ok(newest.ok && /becomes a new object/.test(newest.text));
    const v13 = explainRuleNumber('110', 'riftbound', 'v1.3');
    assert.ok(v13.ok && !/new object/.test(v13.text) && /no longer tracked/.test(v13.text));
  });

  it('Riftbound Equip on Equipment: "normally" only before the rules of 2026-07-16 (818.1.a)', () => {
    // v1.2 and v1.3 say Equip is "normally" on Equipment; the rules of 2026-07-16 say it is on gear with the
    // Equipment tag, which may have Equip or Quick-Draw (150.3).
    const newest = explainRuleNumber('818.1.a', 'riftbound', '2026-07-16');
    assert.ok(newest.ok && /Equipment tag/.test(newest.text) && !/normally/.test(newest.text), newest.ok ? newest.text : newest.error);
    const v13 = explainRuleNumber('818.1.a', 'riftbound', 'v1.3');
    assert.ok(v13.ok && /normally/.test(v13.text), v13.ok ? v13.text : v13.error);
    const v12 = explainRuleNumber('744.1.a', 'riftbound', 'v1.2');
    assert.ok(v12.ok && /normally/.test(v12.text), v12.ok ? v12.text : v12.error);
  });

  it('MTG double-faced cards: "transforming" double-faced cards and tokens only in the rules before 2025-11-14', () => {
    // From the rules of 2025-11-14 on, any double-faced card but a meld card (a modal one too) and any
    // double-faced token can transform; the old "transforming" kind is called nonmodal (712.1).
    const rules = ['613.7g', '701.27a', '701.27c', '712.2', '712.8e', '712.9', '712.10', '712.14a', '730.2i'];
    const oldWords = /transforming (double-faced|token)/i;
    for (const n of rules) {
      const now = explainRule('mtg', n, resolveVersion('mtg', '2026-09-25'))!;
      const before = explainRule('mtg', n, resolveVersion('mtg', '2025-06-06'))!;
      assert.ok(!oldWords.test(now.title) && !oldWords.test(now.text), `${n} now: ${now.title}: ${now.text}`);
      assert.ok(oldWords.test(`${before.title} ${before.text}`), `${n} before 2025-11-14: ${before.title}: ${before.text}`);
    }
    // The checker's messages say what holds in both: a card with no back face declared is no double-faced card.
    const scenario = `game mtg\nplayer alice\ncard bear "Bear": creature, owner alice, toughness 2\ntransform bear\nenter bear transformed\nexpect bear transformed\n`;
    const texts = check(scenario).findings.map((f) => f.message);
    assert.ok(texts.length >= 3, JSON.stringify(texts));
    for (const t of texts) assert.ok(!/transforming double-faced/.test(t), t);
    assert.ok(texts.some((t) => t.startsWith('bear is not a double-faced card (its line says no `transforms into NAME`)')), JSON.stringify(texts));
  });
});
