// How a user's rules file relates to a scenario (pure core): which of its rules a cited number is,
// and the `rules-file-version` / `rules-file-no-rules-line` findings.
import assert from 'node:assert/strict';
import { applyEdits, codeInfo, header, officialRule, parse, parseRulesFile, resolveVersion, rulesFileFindings, type RulesDocument } from '../../core';

const MTG_2024 = parseRulesFile(
  'These rules are effective as of June 7, 2024.\n\n310.9. Battles cannot be attached.\n\n310.10. Protectors.\n\n701.3b Attaching again does nothing.\n\n701.10e Exchanging attached cards.\n',
);

const scenario = (lines: string[]) => {
  const text = lines.join('\n') + '\n';
  return { text, head: header(parse(text)) };
};

describe('rules file against a scenario', () => {
  it('officialRule: the same number in the same version, translated in another', () => {
    const v2024 = resolveVersion('mtg', '2024-06-07');
    const v2026 = resolveVersion('mtg', '2026-09-25');
    assert.deepEqual(officialRule(MTG_2024, 'mtg', v2024, '701.3b'), { number: '701.3b', text: 'Attaching again does nothing.', translated: false });
    // 310.10 since 2026-09-25 is the file's 310.9; 701.12e since 2025-06-06 is its 701.10e.
    assert.deepEqual(officialRule(MTG_2024, 'mtg', v2026, '310.10'), { number: '310.9', text: 'Battles cannot be attached.', translated: true });
    assert.deepEqual(officialRule(MTG_2024, 'mtg', v2026, '701.12e'), { number: '701.10e', text: 'Exchanging attached cards.', translated: true });
    // An unknown scenario version cites canonical numbers.
    assert.equal(officialRule(MTG_2024, 'mtg', undefined, '310.10')?.number, '310.9');
    // A rule the file does not have, and a file of the other game.
    assert.equal(officialRule(MTG_2024, 'mtg', v2024, '999.9z'), undefined);
    assert.equal(officialRule({ ...MTG_2024, game: 'mtg' }, 'riftbound', resolveVersion('riftbound', 'v1.3'), '701.3b'), undefined);
    // A file without an effective date: the number as written.
    const undated: RulesDocument = { game: undefined, effective: undefined, language: 'en', rules: new Map([['310.10', 'Undated.']]) };
    assert.equal(officialRule(undated, 'mtg', v2026, '310.10')?.text, 'Undated.');
  });

  it('officialRule: Riftbound v1.2 numbers in a v1.3 file (Attach 421 → 434)', () => {
    const rb = parseRulesFile('\tRiftbound Core Rules\n\tLast Updated: 2026-03-30\n421.1.\tHiding a card.\n434.1.\tAttaching links two cards.\n');
    assert.deepEqual(officialRule(rb, 'riftbound', resolveVersion('riftbound', 'v1.2'), '421.1'), { number: '434.1', text: 'Attaching links two cards.', translated: true });
    assert.equal(officialRule(rb, 'riftbound', resolveVersion('riftbound', 'v1.3'), '421.1')?.text, 'Hiding a card.');
  });

  it('same version: nothing; another version: a warning on the version word, with an unsafe fix', () => {
    assert.deepEqual(rulesFileFindings(MTG_2024, scenario(['game mtg', 'rules 2024-06-07']).head), []);
    // A date inside the file's version's period is the same version.
    assert.deepEqual(rulesFileFindings(MTG_2024, scenario(['game mtg', 'rules 2024-07-01']).head), []);

    const s = scenario(['game mtg', 'rules 2025-02-07', 'player alice']);
    const [f, ...rest] = rulesFileFindings(MTG_2024, s.head);
    assert.equal(rest.length, 0);
    assert.equal(f.code, 'rules-file-version');
    assert.equal(f.kind, 'rules-file');
    assert.equal(f.severity, codeInfo('rules-file-version').severity);
    assert.equal(f.severity, 'warning');
    assert.deepEqual(f.range, { start: { line: 1, character: 6 }, end: { line: 1, character: 16 } });
    assert.match(f.message, /Comprehensive Rules 2024-06-07/);
    assert.match(f.message, /`rules 2025-02-07` \(Comprehensive Rules 2025-02-07\)/);
    assert.deepEqual(f.rules, []);
    assert.equal(f.fixes.length, 1);
    assert.equal(f.fixes[0].safe, false);
    assert.equal(applyEdits(s.text, f.fixes[0].edits), 'game mtg\nrules 2024-06-07\nplayer alice\n');
  });

  it('no rules line: an information on the game line when the file is not the newest version', () => {
    const s = scenario(['game mtg', 'player alice']);
    const [f] = rulesFileFindings(MTG_2024, s.head);
    assert.equal(f.code, 'rules-file-no-rules-line');
    assert.equal(f.severity, 'information');
    assert.equal(f.range.start.line, 0);
    assert.match(f.message, /newest rules the checker knows \(Comprehensive Rules 2026-09-25\)/);
    assert.equal(applyEdits(s.text, f.fixes[0].edits), 'game mtg\nrules 2024-06-07\nplayer alice\n');
    // A file of one line, and a CRLF file: the line goes after the game line, with the file's line break.
    assert.equal(applyEdits('game mtg', rulesFileFindings(MTG_2024, header(parse('game mtg')))[0].fixes[0].edits), 'game mtg\nrules 2024-06-07');
    const crlf = 'game mtg\r\nplayer alice\r\n';
    assert.equal(applyEdits(crlf, rulesFileFindings(MTG_2024, header(parse(crlf)))[0].fixes[0].edits), 'game mtg\r\nrules 2024-06-07\r\nplayer alice\r\n');
    // The newest version: nothing.
    const newest = parseRulesFile('These rules are effective as of September 25, 2026.\n\n701.3b X.\n');
    assert.deepEqual(rulesFileFindings(newest, s.head), []);
  });

  it('nothing when the file has no date, is of the other game, or the scenario version is unknown', () => {
    const s = scenario(['game mtg', 'rules 2025-02-07']);
    assert.deepEqual(rulesFileFindings({ game: 'mtg', effective: undefined }, s.head), []);
    assert.deepEqual(rulesFileFindings({ game: 'riftbound', effective: '2026-03-30' }, s.head), []);
    assert.deepEqual(rulesFileFindings(MTG_2024, scenario(['game mtg', 'rules someday']).head), []);
  });

  it('Riftbound: v1.2 scenario and a v1.3 file; a file older than every known version has no fix', () => {
    const s = scenario(['game riftbound', 'rules v1.2']);
    const [f] = rulesFileFindings({ game: 'riftbound', effective: '2026-03-30' }, s.head);
    assert.equal(f.code, 'rules-file-version');
    assert.match(f.message, /Riftbound Core Rules v1\.3/);
    assert.equal(applyEdits(s.text, f.fixes[0].edits), 'game riftbound\nrules v1.3\n');
    const [old] = rulesFileFindings({ game: 'riftbound', effective: '2020-01-01' }, s.head);
    assert.match(old.message, /older than any version the checker knows/);
    assert.deepEqual(old.fixes, []);
  });
});
