// Runs every fixture through the core and compares the findings with the markers beside the lines.
// A fixture with `#! with-rules-file DATE` is also checked as if the user's rules file (editor
// setting) stated that effective date: core's rulesFileFindings adds its findings. A fixture with
// `#! with-cards FILE...` is checked with the card files of test/fixtures/cards/ named (the user's
// card data, docs/cards.md).
import assert from 'node:assert/strict';
import { check, header, parse, applyEdits, applySafeFixes, rulesFileFindings, REGISTRY, type Finding } from '../../core';
import { FIXTURES_DIR, listBoards, readMarkers, fixtureName, readText, checkOptionsOf as optionsOf, WITH_CARDS, type Marker } from '../support/fixtures';
import { fixAllAccounting } from '../fuzz/properties';
import { includeOptions } from '../../cli/includes';

const files = listBoards(FIXTURES_DIR);
const WITH_RULES_FILE = 'with-rules-file';

/** How a fixture's includes are read: as the command line reads them (relative to the fixture, inside the repository). */
const follow = (file: string) => includeOptions(file, FIXTURES_DIR);

/** The core's findings, plus those about the rules file the fixture says it is checked with. */
function findingsOf(path: string, text: string, markers: Marker[] = readMarkers(text)): Finding[] {
  const findings = check(text, { ...follow(path), ...optionsOf(text, markers) }).findings;
  const file = markers.find((m) => m.code === WITH_RULES_FILE && !m.negative);
  return file ? [...findings, ...rulesFileFindings({ game: undefined, effective: file.rules[0] }, header(parse(text)))] : findings;
}

describe('fixtures', () => {
  it('exist', () => assert.ok(files.length >= 40, `only ${files.length} fixtures`));

  for (const file of files) {
    it(fixtureName(file), () => {
      const text = readText(file);
      const markers = readMarkers(text).filter((m) => (m.code !== WITH_RULES_FILE && m.code !== WITH_CARDS) || m.negative);
      const result = { ...check(text, { ...follow(file), ...optionsOf(text) }), findings: findingsOf(file, text) };
      // Never vacuous: the replay ran events and checked at least one expectation; or the file has
      // only declarations (one made to be included), and its markers say what it must find.
      assert.ok(result.stats.expectations > 0 || (result.stats.events === 0 && parse(text).statements.some((s) => s.kind === 'card' || s.kind === 'player')), 'the fixture has no expect line');

      const open: Marker[] = markers.filter((m) => !m.negative);
      const problems: string[] = [];
      // The findings that cite fewest rules choose first (a finding citing more fits more markers).
      for (const f of [...result.findings].sort((a, b) => a.rules.length - b.rules.length)) {
        const line = f.range.start.line;
        // Two findings with one code on one line: each takes the marker whose rules it cites.
        const best = open.findIndex((m) => m.line === line && m.code === f.code && m.rules.every((r) => f.rules.includes(r)));
        const i = best >= 0 ? best : open.findIndex((m) => m.line === line && m.code === f.code);
        const shown = `line ${line + 1}: ${f.code} [${f.rules.join(', ')}] ${f.message}`;
        if (i < 0) {
          problems.push(`unexpected finding ${shown}`);
          continue;
        }
        const missingRules = open[i].rules.filter((r) => !f.rules.includes(r));
        if (missingRules.length) problems.push(`${shown}\n    does not cite ${missingRules.join(', ')}`);
        open.splice(i, 1);
      }
      for (const m of open) problems.push(`missing finding on line ${m.line + 1}: ${m.code} ${m.rules.join(' ')}`);
      for (const m of markers.filter((x) => x.negative)) {
        if (result.findings.some((f) => f.range.start.line === m.line && f.code === m.code)) problems.push(`line ${m.line + 1}: ${m.code} must not be reported here`);
      }
      assert.deepEqual(problems, [], `${fixtureName(file)}:\n  ${problems.join('\n  ')}`);
    });
  }
});

describe('fixes on fixtures', () => {
  for (const file of files) {
    const text = readText(file);
    const result = { findings: findingsOf(file, text) };
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
          const after = findingsOf(file, fixed).filter(same).length;
          assert.equal(after, before - 1, `safe fix "${fix.title}" leaves: ${f.message}`);
        }
      }
      const once = applySafeFixes(text, result.findings);
      const twice = applySafeFixes(once, check(once, { ...follow(file), ...optionsOf(text) }).findings);
      assert.equal(twice, once, 'applying all safe fixes twice differs from once');
      // Fix-all hides nothing: what remains is every finding it did not fix.
      const { hidden, added } = fixAllAccounting(text);
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
