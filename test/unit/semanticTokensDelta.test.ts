// Semantic tokens made from the last result's (server/src/semanticTokens.ts re-tokenizes only the
// changed lines) equal the tokens of a fresh analysis of the same text, after each of many random
// edits typed into a scenario: characters, line breaks, deletions over several lines, comments
// with rule numbers, continuation lines, declarations (which change the kind of names elsewhere).
import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { AnalysisCache, DocumentState } from '../../server/src/documents';
import { semanticTokens, SemanticTokensCache } from '../../server/src/semanticTokens';
import type { SemanticTokens, SemanticTokensDelta } from 'vscode-languageserver';
import { prng } from '../support/prng';
import { decodeTokens } from '../support/semanticTokens';

const START = [
  'game mtg',
  'player alice',
  'player bob',
  'card lion "Silvercoat Lion": creature — Cat, owner alice',
  'card splitter "Bonesplitter": artifact — Equipment, owner alice',
  'card pacifism "Pacifism": enchantment — Aura, enchant creature, owner bob, attached to lion',
  '',
  ...Array.from({ length: 40 }, (_, i) => (i % 3 === 0 ? 'equip splitter to lion' : i % 3 === 1 ? '# 704.5m and 301.5c' : 'unattach splitter from lion')),
].join('\n');

/** Things a user types: whole pieces and single characters. */
const PIECES = ['e', 'q', ' ', '\n', 'equip splitter to bob', '\n  to lion', '# 702.6a', 'card bob "Bob": creature, owner alice\n', 'player lion\n', 'destroy lion', '"', 'together: destroy lion; ', '\n\n'];

const decode = decodeTokens;

describe('semantic tokens from the last result equal fresh ones after random edits', function () {
  this.timeout(30000);
  for (const [seed, eol] of [[1, '\n'], [2, '\n'], [3, '\n'], [4, '\r\n']] as const) {
    it(`seed ${seed}${eol === '\n' ? '' : ', CRLF'}`, () => {
      const rnd = prng(seed);
      const pieces = PIECES.map((p) => p.replace(/\n/g, eol));
      const cache = new AnalysisCache();
      const tokens = new SemanticTokensCache();
      let doc = TextDocument.create('file:///t.board', 'board-scenario', 1, START.replace(/\n/g, eol));
      let last = tokens.fullFor(cache.get(doc)!) as SemanticTokens;
      for (let k = 0; k < 120; k++) {
        const text = doc.getText();
        const at = Math.floor(rnd() * (text.length + 1));
        // An insertion, a deletion, or a replacement over up to ~3 lines.
        const del = rnd() < 0.4 ? Math.floor(rnd() * 80) : 0;
        const insert = rnd() < 0.8 ? pieces[Math.floor(rnd() * pieces.length)] : '';
        const range = { start: doc.positionAt(at), end: doc.positionAt(Math.min(text.length, at + del)) };
        doc = TextDocument.update(doc, [{ range, text: insert }], doc.version + 1);
        const state = cache.get(doc)!;
        // A delta or (now and then) a full request.
        const fresh = semanticTokens(new DocumentState(TextDocument.create(doc.uri, doc.languageId, doc.version, doc.getText()))).data;
        if (rnd() < 0.8) {
          const delta = tokens.deltaFor(state, last.resultId!) as SemanticTokensDelta;
          const patched = [...last.data];
          for (const e of delta.edits) patched.splice(e.start, e.deleteCount, ...(e.data ?? []));
          assert.deepEqual(decode(patched), decode(fresh), `edit ${k}: ${JSON.stringify(insert)} at ${at}, deleting ${del}`);
          last = { resultId: delta.resultId, data: patched };
        } else {
          last = tokens.fullFor(state) as SemanticTokens;
          assert.deepEqual(decode(last.data), decode(fresh), `edit ${k} (full)`);
        }
      }
      // Most of them were made from the last result's tokens (not the whole document again).
      assert.ok(tokens.spliced > 60, `${tokens.spliced} of 120 spliced`);
    });
  }
});
