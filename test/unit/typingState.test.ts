// What the editor answers while the user types comes from the versions before (the tree reparsed
// from the last one, the timeline's initial board and checkpoints from the last one's): after
// each of many random edits, the board at any line and the completion at the cursor equal those of
// a fresh analysis of the same text.
import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { boardAt, parse } from '../../core';
import { completion } from '../../server/src/completion';
import { AnalysisCache, DocumentState } from '../../server/src/documents';
import { prng } from '../support/prng';

const START = [
  'game mtg',
  'player alice',
  'player bob',
  'card lion "Silvercoat Lion": creature — Cat, owner alice',
  'card bear "Grizzly Bears": creature — Bear, owner bob',
  'card splitter "Bonesplitter": artifact — Equipment, owner alice',
  'card pacifism "Pacifism": enchantment — Aura, enchant creature, owner bob, attached to lion',
  '',
  ...Array.from({ length: 3000 }, (_, i) => ['equip splitter to lion', 'equip splitter to bear', 'destroy bear', 'unattach splitter from bear', 'move bear to battlefield', '# 704.5m'][i % 6]),
].join('\n');

const PIECES = ['e', ' ', '\n', 'equip splitter to ', 'destroy lion\n', 'card owl "Owl": creature — Bird, owner bob\n', 'player carol\n', 'attach pacifism to ', '\n  to bear', 'x'];

describe('while typing, answers from earlier versions equal fresh ones', function () {
  this.timeout(30000);
  for (const seed of [11, 12, 13]) {
    it(`seed ${seed}: the board at any line and the completion at the cursor`, () => {
      const rnd = prng(seed);
      const cache = new AnalysisCache();
      let doc = TextDocument.create('file:///t.board', 'board-scenario', 1, START);
      const first = cache.get(doc)!;
      void first.analysis;
      void first.timeline;
      for (let k = 0; k < 30; k++) {
        const text = doc.getText();
        const at = Math.floor(rnd() * (text.length + 1));
        const del = rnd() < 0.3 ? Math.floor(rnd() * 40) : 0;
        const insert = PIECES[Math.floor(rnd() * PIECES.length)];
        const range = { start: doc.positionAt(at), end: doc.positionAt(Math.min(text.length, at + del)) };
        doc = TextDocument.update(doc, [{ range, text: insert }], doc.version + 1);
        const state = cache.get(doc)!;
        // Now and then the version is checked (as the as-you-type check does), else it is not.
        if (rnd() < 0.3) void state.analysis;
        const now = doc.getText();
        const fresh = new DocumentState(TextDocument.create(doc.uri, doc.languageId, doc.version, now));
        const lines = doc.lineCount;
        const tree = parse(now);
        for (let q = 0; q < 3; q++) {
          const line = Math.floor(rnd() * lines);
          assert.deepEqual(state.boardAt(line), boardAt(now, line, tree), `edit ${k}: board at line ${line}`);
        }
        const cursor = doc.positionAt(at + insert.length);
        assert.deepEqual(completion(state, cursor), completion(fresh, cursor), `edit ${k}: completion at ${JSON.stringify(cursor)}`);
      }
    });
  }
});
