// `singular` (l10n/language.ts) writes out each language's plural rule for counts, the numbers the
// CLI and the server pass it, instead of making Intl's rules (about 0.5 ms once per process, more
// when ICU's data must be read in). It must answer as Intl.PluralRules does, in every language,
// for every count and for the rest.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { packageBundles } from '../../l10n/files';
import { LANGUAGES, currentLanguage, setLanguage, singular, useBundles } from '../../l10n/language';

describe('singular: the plural rule of each language', () => {
  const was = currentLanguage();
  before(() => useBundles(packageBundles(join(__dirname, '..', '..', '..', 'dist'))));
  after(() => setLanguage(was));

  for (const language of LANGUAGES) {
    it(`${language}: as Intl.PluralRules, for counts from 0 to 100,000, large counts and other numbers`, () => {
      assert.ok(setLanguage(language), `the ${language} bundle is readable`);
      const intl = new Intl.PluralRules(language);
      const counts = [...Array.from({ length: 100_001 }, (_, i) => i), 1e6, 2e6, 1e9, 1_000_001, 2 ** 31, Number.MAX_SAFE_INTEGER];
      for (const n of counts) assert.equal(singular(n), intl.select(n) === 'one', `${language}: ${n}`);
      for (const n of [-1, -0, 0.5, 1.5, 1.0001, -1.5, NaN, Infinity, -Infinity]) assert.equal(singular(n), intl.select(n) === 'one', `${language}: ${n}`);
    });
  }
});
