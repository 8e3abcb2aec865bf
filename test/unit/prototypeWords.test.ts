// Words that name what every plain JavaScript object inherits (`constructor`, `toString`,
// `__proto__`...) are words like any other in a scenario, a rule number or a rules document: the
// core's word tables (core/tables.ts) find nothing for them. Once, `protection from toString` put
// the function `toString` into a message, `__proto__` crashed the rules core, and the CLI's checker
// died sending such a finding; `board-scenario rules constructor` printed "undefined".
import assert from 'node:assert/strict';
import { check, explainRule } from '../../core';
import { corpus } from '../fuzz/generators';
import { validateShapes } from '../fuzz/properties';
import { abilityWord, inZone, keywordWord, qualityWord, zoneWord } from '../../core/engine/words';
import { existsIn } from '../../core/rules/versions';

const INHERITED = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', '__defineGetter__', 'toLocaleString'];

/** What a finding must not show: a function's source, or the core's own crash. */
const BROKEN = /\[native code\]|Internal error in the rules core|Internal parser problem/;

describe('words that name inherited members', () => {
  it('are unknown words to the game-word tables', () => {
    for (const w of INHERITED) {
      assert.equal(qualityWord(w), w);
      assert.equal(zoneWord(w), w);
      assert.equal(keywordWord(w), w);
      assert.equal(abilityWord(w), `${w} ability`);
      assert.equal(inZone(w), `in ${w}`);
    }
  });

  it('are no rule numbers', () => {
    for (const w of INHERITED) {
      for (const game of ['mtg', 'riftbound'] as const) {
        assert.equal(explainRule(game, w), undefined, `${game} ${w}`);
        assert.equal(existsIn(game, { id: '2020-01-01', date: '2020-01-01', label: '' }, w), true, `${game} ${w}`);
      }
    }
  });

  it('in place of any word of every fixture and example, give plain findings and no crash', function () {
    this.timeout(300_000);
    const problems: string[] = [];
    let n = 0;
    for (const file of corpus()) {
      const words = [...new Set(file.text.match(/[A-Za-z_][A-Za-z0-9_-]*/g) ?? [])];
      words.forEach((word, i) => {
        // Each word of the file once, by one of the inherited names in turn.
        const other = INHERITED[(i + file.name.length) % INHERITED.length];
        const text = file.text.replace(new RegExp(`(?<![A-Za-z0-9_-])${word}(?![A-Za-z0-9_-])`, 'g'), other);
        n++;
        try {
          const r = check(text);
          validateShapes(r);
          for (const f of r.findings) if (BROKEN.test(f.message)) throw new Error(`${f.code}: ${f.message.slice(0, 160)}`);
        } catch (e) {
          if (problems.length < 10) problems.push(`${file.name}, '${word}' → '${other}': ${(e as Error).message.split('\n')[0]}`);
        }
      });
    }
    assert.ok(n > 1000, `only ${n} variants`);
    assert.deepEqual(problems, []);
  });
});
