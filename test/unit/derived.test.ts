// Values the core keeps beside what they are derived from, to save work on the hot path, agree
// with it: the lexer's line count (found as it reads the lines, not by a pass of its own) and each
// card's kinds (bits of its types, subtypes, colors, `cant` and `lost`, made once per declaration
// and again only when an effect changes one of those sets).
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { lex } from '../../core/parser/lexer';
import { parse, parseStream } from '../../core/parser/parser';
import { header } from '../../core/parser/header';
import { Replay } from '../../core/engine/replay';
import { RULESETS } from '../../core/analysis/common';
import { kindsOf } from '../../core/engine/board';
import { corpus, scenarioArb } from '../fuzz/generators';

const SEED = 20261202;

/** Line breaks (`\r\n`, `\n`, or a lone `\r`) plus one, counted independently of the lexer. */
function linesOf(text: string): number {
  return text.split(/\r\n|\r|\n/).length;
}

describe('derived values agree with what they are derived from', () => {
  describe('the line count the lexer finds as it reads', () => {
    const variants = (text: string) => [text, text.replace(/\n/g, '\r\n'), text.replace(/\n/g, '\r'), text.replace(/\n+$/, ''), text + '\n\n', ''];
    it('is the number of line breaks plus one, for every fixture and example with any line break and ending', () => {
      for (const file of corpus()) {
        for (const text of variants(file.text)) {
          assert.equal(parse(text).lineCount, linesOf(text), file.name);
          assert.equal(lex(text, () => {}).lineCount, linesOf(text), file.name);
        }
      }
    });
    it('is right when asked before the end, and when the parse stops early', () => {
      for (const file of corpus().slice(0, 40)) {
        for (const text of variants(file.text)) {
          let seen: number | undefined;
          const r = parseStream(text, (_st, info) => {
            seen ??= info.lineCount;
            return true;
          });
          if (seen !== undefined) assert.equal(seen, linesOf(text), file.name);
          assert.equal(r.lineCount, linesOf(text), file.name);
        }
      }
    });
  });

  describe("each card's kinds", () => {
    /** Replays `text` statement by statement; after each, every card's kinds must be those of its sets. */
    const kindsProblem = (text: string): string | undefined => {
      const doc = parse(text);
      const hdr = header(doc);
      const replay = new Replay(doc, text, RULESETS[hdr.game ?? 'mtg'], hdr.version, {});
      replay.begin(doc.statements);
      const check = (where: string) => {
        for (const c of replay.board.cards.values()) {
          if (c.kinds !== kindsOf(c)) return `${c.id} after ${where}: kinds ${c.kinds}, its sets say ${kindsOf(c)}`;
        }
        return undefined;
      };
      const first = check('the declarations');
      if (first) return first;
      for (const st of doc.statements) {
        replay.step(st);
        const problem = check(`line ${st.range.start.line + 1}`);
        if (problem) return problem;
      }
      return undefined;
    };
    it('are those of its sets after every step of every fixture and example', () => {
      for (const file of corpus()) assert.equal(kindsProblem(file.text), undefined, file.name);
    });
    it('are those of its sets after every step of generated scenarios of both games', () => {
      fc.assert(
        fc.property(scenarioArb(), (text) => {
          const problem = kindsProblem(text);
          assert.equal(problem, undefined, problem);
        }),
        { seed: SEED, numRuns: 400 },
      );
    });
  });
});
