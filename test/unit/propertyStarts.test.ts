// A property's first word with a capital, as card text starts a sentence (`Enchant creature`, `Flash`):
// read as the word in lowercase exactly when parseProperty has a case for it, or it starts a keyword.
// The cases are read from the parser's source, so a case added, renamed or removed is held here.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from '../../core';
import { KEYWORD_FIRST_WORDS } from '../../core/parser/keywords';

const ROOT = join(__dirname, '..', '..', '..');

/** The string labels of parseProperty's switch (`case 'owner':`), in the order written. */
function propertyCases(): string[] {
  const src = readFileSync(join(ROOT, 'core', 'parser', 'parser.ts'), 'utf8');
  const start = src.indexOf('\nfunction parseProperty(');
  assert.ok(start >= 0, 'parseProperty not found');
  const end = src.indexOf('\n}\n', start);
  const body = src.slice(start, end);
  const out: string[] = [];
  for (const m of body.matchAll(/^ {4}case (?:'([^']*)'|"([^"]*)"):/gm)) out.push(m[1] ?? m[2]);
  return out;
}

function capital(w: string): string {
  return w[0].toUpperCase() + w.slice(1);
}

/** A declaration with `prop` as its last property, parsed: its statements and problems (the same length either way, so ranges compare). */
function parsed(game: 'mtg' | 'riftbound', prop: string) {
  const doc = parse(`game ${game}\ncard x "X": artifact, ${prop}\n`);
  // As plain data: a token's range, made when first asked for, is cached on it (`r`), which the comparison leaves out.
  return JSON.parse(JSON.stringify({ statements: doc.statements, problems: doc.problems }, (k, v: unknown) => (k === 'r' ? undefined : v)));
}

describe('capitalized property starts', () => {
  const cases = propertyCases();

  it('finds the cases of parseProperty', () => {
    // A sanity bound: the reading of the source works (it has more than 40 cases today).
    assert.ok(cases.length > 40, `only ${cases.length} cases found`);
    for (const w of ['owner', 'enchant', 'equip', "can't", 'might-bonus', 'when']) assert.ok(cases.includes(w), w);
  });

  it('every case reads its word with a capital as the word itself (alone and followed by a word)', () => {
    for (const w of cases) {
      for (const game of ['mtg', 'riftbound'] as const) {
        for (const rest of ['', ' creature', ' to lion']) {
          assert.deepEqual(parsed(game, capital(w) + rest), parsed(game, w + rest), `${capital(w)}${rest} (${game})`);
        }
      }
    }
  });

  it('every keyword first word reads its capitalized form as itself (`Flying`), and a Riftbound keyword stays as printed', () => {
    for (const w of KEYWORD_FIRST_WORDS) {
      if (w[0] !== w[0].toLowerCase()) {
        // `Shield`, `Reaction`: as Riftbound prints them.
        const [p] = (parsed('riftbound', w).statements[1] as { props: { kind: string; name?: { text: string } }[] }).props;
        assert.notEqual(p.kind, 'unknown', w);
        continue;
      }
      assert.deepEqual(parsed('mtg', capital(w)), parsed('mtg', w), capital(w));
    }
  });

  it('a capitalized word no case reads stays as written (no dead start)', () => {
    // Words that follow a property's first word, or appear in other statements, but start none.
    for (const w of ['Under', 'From', 'Addition', 'Gets', 'Creature', 'Foo', 'Top', 'Swap']) {
      assert.ok(!cases.includes(w.toLowerCase()) && !KEYWORD_FIRST_WORDS.has(w.toLowerCase()), w);
      const [p] = (parsed('mtg', w).statements[1] as { props: { kind: string; word?: { text: string } }[] }).props;
      assert.equal(p.kind, 'unknown', w);
      assert.equal(p.word!.text, w, `${w} is read as written`);
    }
  });
});
