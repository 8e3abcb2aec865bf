// Runs every fixture through the core and compares the findings with the markers beside the lines.
// A fixture with `#! with-rules-file DATE` is also checked as if the user's rules file (editor
// setting) stated that effective date: core's rulesFileFindings adds its findings.
import assert from 'node:assert/strict';
import { check, header, parse, applyEdits, applySafeFixes, rulesFileFindings, judgeExpectations, commentsOf, EXPECTATION_CODES, REGISTRY, type Finding } from '../../core';
import { FIXTURES_DIR, listBoards, readMarkers, fixtureName, readText, withRulesFile } from '../support/fixtures';
import { fixAllAccounting } from '../fuzz/properties';

const files = listBoards(FIXTURES_DIR);

/** The core's findings as they are (no expectation applied), plus those about the rules file the fixture says it is checked with. */
function findingsOf(text: string): Finding[] {
  const findings = check(text, { expectations: false }).findings;
  const date = withRulesFile(text);
  return date ? [...findings, ...rulesFileFindings({ game: undefined, effective: date }, header(parse(text)))] : findings;
}

const shown = (f: Finding) => `line ${f.range.start.line + 1}: ${f.code} [${f.rules.join(', ')}] ${f.message}`;

describe('fixtures', () => {
  it('exist', () => assert.ok(files.length >= 40, `only ${files.length} fixtures`));

  for (const file of files) {
    it(fixtureName(file), () => {
      const text = readText(file);
      const result = check(text);
      // Never vacuous: the replay ran events and checked at least one expectation.
      assert.ok(result.stats.expectations > 0, 'the fixture has no expect line');
      // The core judges the markers (docs/language.md, "Expected findings"): every finding of a
      // fixture must be expected, and every marker must hold (a failed one is a finding itself).
      const judged = judgeExpectations(findingsOf(text), commentsOf(text), text, { game: result.game, rulesFileChecked: withRulesFile(text) !== undefined });
      const problems = judged.findings.filter((f) => !f.expected).map((f) => (EXPECTATION_CODES.has(f.code) ? f.message : `unexpected finding ${shown(f)}`));
      assert.deepEqual(problems, [], `${fixtureName(file)}:\n  ${problems.join('\n  ')}`);
      // The check itself applies the same markers (with no rules file, those about it are not judged).
      if (withRulesFile(text) === undefined) assert.deepEqual(result.findings, judged.findings);
    });
  }
});

describe('fixes on fixtures', () => {
  for (const file of files) {
    const text = readText(file);
    const result = { findings: findingsOf(text) };
    // The fixes of the findings as the check makes them without markers (with them, every finding of
    // a fixture is expected, and an expected finding's fixes are not safe).
    const withFixes = result.findings.filter((f) => f.fixes.length > 0);
    if (withFixes.length === 0) continue;
    it(`${fixtureName(file)}: every fix parses, safe fixes remove their finding, fix-all is idempotent and hides nothing`, () => {
      const syntaxBefore = parse(text).problems.length;
      for (const f of withFixes) {
        for (const fix of f.fixes) {
          const fixed = applyEdits(text, fix.edits);
          assert.notEqual(fixed, text, `fix "${fix.title}" changes nothing`);
          // No fix adds a syntax error (one that is not safe may delete a line that has one).
          assert.ok(parse(fixed).problems.length <= syntaxBefore, `fix "${fix.title}" breaks the syntax`);
          if (!fix.safe) continue;
          const same = (g: { code: string; message: string }) => g.code === f.code && g.message === f.message;
          const before = result.findings.filter(same).length;
          const after = findingsOf(fixed).filter(same).length;
          assert.equal(after, before - 1, `safe fix "${fix.title}" leaves: ${f.message}`);
        }
      }
      const once = applySafeFixes(text, result.findings);
      const twice = applySafeFixes(once, check(once, { expectations: false }).findings);
      assert.equal(twice, once, 'applying all safe fixes twice differs from once');
      // Fix-all hides nothing: what remains is every finding it did not fix.
      const { hidden, added } = fixAllAccounting(text, { expectations: false });
      assert.deepEqual({ hidden, added }, { hidden: [], added: [] }, 'safe fix-all changes findings it does not fix');
    });
  }
});

describe('registry coverage', () => {
  const all = files.flatMap((f) => readMarkers(readText(f)));
  for (const [code, info] of REGISTRY) {
    if (info.editorOnly) continue; // made by the server; test/lsp/stress.test.ts triggers them
    it(`${code} has a fixture that triggers it and one that must not`, () => {
      assert.ok(all.some((m) => m.code === code && !m.negative), `no fixture expects ${code}`);
      assert.ok(all.some((m) => m.code === code && m.negative), `no fixture has \`#! no ${code}\``);
    });
  }
});
