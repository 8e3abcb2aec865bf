// Reading the user's own copy of the rules: the real documents when they are present beside the
// project (../shared/data, or BOARD_RULES_DATA), and small documents of the same shapes always.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseRulesFile, resolveVersion } from '../../core';

const dataDir = process.env.BOARD_RULES_DATA ?? join(__dirname, '..', '..', '..', '..', 'shared', 'data');
const mtgFile = join(dataDir, 'mtg-comprehensive-rules-2024-06-07.txt');
const rbFile = join(dataDir, 'riftbound-core-rules-v1.3.tsv');

describe('rules files', () => {
  it('reads the Magic text format: BOM, CRLF, effective date, rules and examples', () => {
    const text =
      '\ufeffMagic: The Gathering Comprehensive Rules\r\n\r\nThese rules are effective as of June 7, 2024.\r\n\r\nContents\r\n\r\n7. Additional Rules\r\n701. Keyword Actions\r\n\r\n' +
      '701. Keyword Actions\r\n\r\n701.3. Attach\r\n\r\n701.3a Attaching puts it on something.\r\n\r\nExample: A made-up example.\r\n\r\n701.3b Illegal hosts leave it where it was.\r\n\r\nGlossary\r\n\r\nAttach\r\nSee rule 701.3.\r\n';
    const doc = parseRulesFile(text);
    assert.equal(doc.effective, '2024-06-07');
    assert.equal(doc.rules.get('701.3'), 'Attach');
    assert.equal(doc.rules.get('701.3a'), 'Attaching puts it on something.\nExample: A made-up example.');
    assert.equal(doc.rules.get('701.3b'), 'Illegal hosts leave it where it was.');
    assert.equal(doc.rules.get('701'), 'Keyword Actions');
  });

  it('reads the Riftbound one-rule-per-line format', () => {
    const doc = parseRulesFile('\tRiftbound Core Rules\n\tLast Updated: 2026-03-30\n434.\tAttach\n434.1.g.\tAttaching again does nothing.\n435.1.a.\tDetach only affects attached cards.\n');
    assert.equal(doc.game, 'riftbound');
    assert.equal(doc.effective, '2026-03-30');
    assert.equal(doc.rules.get('434.1.g'), 'Attaching again does nothing.');
    assert.equal(doc.rules.get('434'), 'Attach');
    assert.equal(resolveVersion('riftbound', doc.effective)?.id, 'v1.3');
  });

  // The French and Italian Comprehensive Rules have the English document's shape: a header that
  // states the date the rules apply from (day month year), numbered rules, example paragraphs
  // ("Exemple :", "Esempio:") and a glossary ("Glossaire", "Glossario"). Small documents of that
  // shape, with made-up rule texts.
  const numbered = (examplePrefix: string, glossary: string) =>
    'Contents\r\n\r\n7. X\r\n701. X\r\n\r\n701. X\r\n\r\n701.3. X\r\n\r\n701.3a A 701.3a.\r\n\r\n' +
    `${examplePrefix} An example of 701.3a.\r\n\r\n701.3b B 701.3b.\r\n\r\n` +
    Array.from({ length: 101 }, (_, i) => `100.${i + 1}. Filler ${i + 1}.\r\n`).join('') +
    `\r\n${glossary}\r\n\r\nAttach\r\n${examplePrefix} In the glossary.\r\n`;

  for (const [language, title, dateLine, example, glossary] of [
    ['fr', 'Règles complètes de Magic : The Gathering', 'Ces règles entrent en vigueur le 7 juin 2024.', 'Exemple\u00a0:', 'Glossaire'],
    ['fr', 'Règles complètes', 'Ces règles sont applicables à compter du 1er février 2025.', 'Exemple :', 'Glossaire'],
    ['it', 'Regole Complete di Magic: The Gathering', 'Queste regole sono in vigore a partire dal 7 giugno 2024.', 'Esempio:', 'Glossario'],
    ['it', 'Regolamento Completo', 'Queste regole sono effettive dal 25 settembre 2026.', 'Esempio:', 'Glossario'],
  ] as const) {
    it(`reads a ${language === 'fr' ? 'French' : 'Italian'} document: "${dateLine}"`, () => {
      const doc = parseRulesFile(`\ufeff${title}\r\n\r\n${dateLine}\r\n\r\n${numbered(example, glossary)}`);
      const expected = dateLine.includes('juin') || dateLine.includes('giugno') ? '2024-06-07' : dateLine.includes('février') ? '2025-02-01' : '2026-09-25';
      assert.equal(doc.effective, expected);
      assert.equal(doc.language, language);
      assert.equal(doc.game, 'mtg');
      assert.equal(doc.rules.get('701.3a'), `A 701.3a.\n${example} An example of 701.3a.`);
      assert.equal(doc.rules.get('701.3b'), 'B 701.3b.');
      assert.equal(doc.rules.get('100.101'), 'Filler 101.', "the glossary's examples belong to no rule");
      assert.equal(resolveVersion('mtg', doc.effective)?.date, expected === '2025-02-01' ? resolveVersion('mtg', '2025-02-01')?.date : expected);
    });
  }

  it('an English document is English, and a French date without a known month is no date', () => {
    assert.equal(parseRulesFile('These rules are effective as of June 7, 2024.\n701.3a X.\n').language, 'en');
    const odd = parseRulesFile('Ces règles entrent en vigueur le 7 brumaire 2024.\n701.3a X.\nExemple : Y.\n');
    assert.equal(odd.effective, undefined);
    assert.equal(odd.language, 'fr', 'the examples still say the language');
    assert.equal(odd.rules.get('701.3a'), 'X.\nExemple : Y.');
  });

  it('reads Riftbound one-rule-per-line files with a French or Italian update line', () => {
    const fr = parseRulesFile('\tRiftbound : Règles de base\n\tDernière mise à jour : 2026-03-30\n434.\tAttacher\n434.1.g.\tAttacher de nouveau ne fait rien.\n435.1.a.\tX.\n');
    assert.deepEqual([fr.game, fr.effective, fr.language, fr.rules.get('434.1.g')], ['riftbound', '2026-03-30', 'fr', 'Attacher de nouveau ne fait rien.']);
    const it = parseRulesFile('\tRiftbound: Regole base\n\tUltimo aggiornamento: 2026-03-30\n434.\tAssegnare\n434.1.g.\tX.\n435.1.a.\tY.\n');
    assert.deepEqual([it.game, it.effective, it.language], ['riftbound', '2026-03-30', 'it']);
  });

  it('never throws on other text', () => {
    for (const t of ['', '\ufeff', 'x\ty', '\t\t\t', '999.\t', 'These rules are effective as of Smarch 99, 2024.']) assert.doesNotThrow(() => parseRulesFile(t));
  });

  const real = existsSync(mtgFile) && existsSync(rbFile);
  (real ? describe : describe.skip)('the real documents', () => {
    it('Magic Comprehensive Rules 2024-06-07: every MTG rule the checker cites is found', async () => {
      const doc = parseRulesFile(readFileSync(mtgFile, 'utf8'));
      assert.equal(doc.game, 'mtg');
      assert.equal(doc.effective, '2024-06-07');
      assert.ok(doc.rules.size > 2500, `only ${doc.rules.size} rules`);
      assert.match(doc.rules.get('701.3b')!, /doesn’t move/);
      assert.match(doc.rules.get('704.5m')!, /owner’s graveyard/);
      const { MTG_RULES } = await import('../../core/rules/mtg/explanations');
      const { citeAs, existsIn } = await import('../../core');
      const v = resolveVersion('mtg', doc.effective);
      // A rule newer than the document (Job select, 702.182a, first in 2025-06-06) is not looked for in it.
      const missing = Object.keys(MTG_RULES).filter((n) => existsIn('mtg', v, n) && !doc.rules.has(citeAs('mtg', v, n)));
      assert.deepEqual(missing, []);
    });

    it('Riftbound Core Rules v1.3: every Riftbound rule the checker cites is found', async () => {
      const doc = parseRulesFile(readFileSync(rbFile, 'utf8'));
      assert.equal(doc.game, 'riftbound');
      assert.equal(doc.effective, '2026-03-30');
      assert.match(doc.rules.get('434.1.g')!, /will not have any effect/);
      const { RIFTBOUND_RULES } = await import('../../core/rules/riftbound/explanations');
      const { citeAs, existsIn } = await import('../../core');
      const v = resolveVersion('riftbound', doc.effective);
      const missing = Object.keys(RIFTBOUND_RULES).filter((n) => existsIn('riftbound', v, n) && !doc.rules.has(citeAs('riftbound', v, n)));
      assert.deepEqual(missing, []);
    });
  });
});
