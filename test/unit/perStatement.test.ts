// The outline, folding ranges and code lenses carried from the last version answered (only the
// statements of the edit looked at again, server/src/perStatement.ts) equal those computed from
// nothing for the same text, after each of many random edits typed into a scenario: characters,
// line breaks, deletions over several lines, comments, continuation lines, declarations, `expect`
// lines, and more events than the outline shows (its groups stop at MAX_OUTLINE_GROUP). And the
// board picture at the cursor (server/src/board.ts draws a board again only when it changed, and
// captions the drawing with the line's text) equals the picture drawn from nothing.
import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeLens } from 'vscode-languageserver';
import { AnalysisCache, DocumentState } from '../../server/src/documents';
import { codeLenses, lensTarget } from '../../server/src/codeLens';
import { documentSymbols, MAX_OUTLINE_GROUP } from '../../server/src/symbols';
import { foldingRanges } from '../../server/src/folding';
import { carried, forgetDocument } from '../../server/src/perStatement';
import { boardPicture } from '../../server/src/board';
import { sameValue } from '../../core';
import { translate } from '../../server/src/l10n';
import { boardAt, parse, renderBoardSvg } from '../../core';
import { prng } from '../support/prng';

const EVENTS = ['equip splitter to lion', 'expect splitter attached to lion', '# 704.5m', 'unattach splitter from lion', 'expect lion in battlefield', 'destroy bear', '# a comment\n# and its second line', 'attach pacifism to bear\n  by bob'];

const START = [
  'game mtg',
  'title "Typing"',
  'player alice',
  'player bob',
  'card lion "Silvercoat Lion": creature — Cat, owner alice',
  'card bear "Grizzly Bears": creature — Bear, owner bob',
  'card splitter "Bonesplitter": artifact — Equipment, owner alice',
  'card pacifism "Pacifism": enchantment — Aura, enchant creature, owner bob',
  '',
  ...Array.from({ length: MAX_OUTLINE_GROUP + 200 }, (_, i) => EVENTS[i % EVENTS.length]),
].join('\n');

const PIECES = ['e', 'x', ' ', '\n', '\n\n', 'expect lion in graveyard\n', 'expect ', 'equip splitter to bear', '\n  to lion', '\n\tby bob', 'attach pacifism to lion\n\tby bob\n', 'attach pacifism to bear\n\u00a0by bob\n', '\n  # an indented comment', '\n\u00a0to bear', '  ', '\t', '# 702.6a\n', '#', 'card owl "Owl": creature — Bird, owner bob\n', 'player carol\n', 'destroy lion\n', '"', 'rules 2024-06-07\n'];

/** A lens as the client sees it, without the document's own id and URI (the fresh state is another document). */
function lensView(l: CodeLens): unknown {
  return { range: l.range, line: lensTarget(l)?.line, command: l.command && { title: l.command.title, command: l.command.command, line: l.command.arguments?.[1] } };
}

describe('outline, folding, lenses and the board picture carried from the last version equal fresh ones after random edits', function () {
  this.timeout(60000);
  for (const [seed, eol] of [[21, '\n'], [22, '\n'], [23, '\n'], [24, '\r\n']] as const) {
    it(`seed ${seed}${eol === '\n' ? '' : ', CRLF'}`, () => {
      const rnd = prng(seed);
      const pieces = PIECES.map((p) => p.replace(/\n/g, eol));
      const cache = new AnalysisCache();
      const before = carried.count;
      const movedBefore = carried.moved;
      let doc = TextDocument.create('file:///typing.board', 'board-scenario', 1, START.replace(/\n/g, eol));
      const first = cache.get(doc)!;
      documentSymbols(first);
      foldingRanges(first);
      codeLenses(first);
      for (let k = 0; k < 80; k++) {
        const text = doc.getText();
        // Mostly near one place, as a user types; now and then anywhere.
        const at = rnd() < 0.7 ? Math.min(text.length, Math.floor(text.length * 0.6) + Math.floor(rnd() * 200)) : Math.floor(rnd() * (text.length + 1));
        const del = rnd() < 0.3 ? Math.floor(rnd() * 60) : 0;
        const insert = rnd() < 0.85 ? pieces[Math.floor(rnd() * pieces.length)] : '';
        const range = { start: doc.positionAt(at), end: doc.positionAt(Math.min(text.length, at + del)) };
        doc = TextDocument.update(doc, [{ range, text: insert }], doc.version + 1);
        const state = cache.get(doc)!;
        // Now and then the version is checked (its tree is then the check's), else it is reparsed.
        if (rnd() < 0.15) void state.analysis;
        const fresh = new DocumentState(TextDocument.create(`file:///fresh-${seed}/typing.board`, doc.languageId, doc.version, doc.getText()));
        const what = `edit ${k}: ${JSON.stringify(insert)} at ${at}, deleting ${del}`;
        assert.deepEqual(documentSymbols(state), documentSymbols(fresh), `${what}: outline`);
        const folds = foldingRanges(state);
        assert.deepEqual(folds, foldingRanges(fresh), `${what}: folding`);
        // The statements' regions are those of the statements over several lines (found by their continuation lines).
        const multiLine = parse(doc.getText()).statements.filter((st) => st.range.end.line > st.range.start.line);
        assert.deepEqual(folds.filter((f) => f.kind === undefined), multiLine.map((st) => ({ startLine: st.range.start.line, endLine: st.range.end.line, kind: undefined })), `${what}: folding of the statements`);
        assert.deepEqual(codeLenses(state).map(lensView), codeLenses(fresh).map(lensView), `${what}: lenses`);
        // The board picture at the cursor, and at another line now and then.
        const now = doc.getText();
        const tree = parse(now);
        for (const line of [doc.positionAt(at + insert.length).line, ...(rnd() < 0.3 ? [Math.floor(rnd() * doc.lineCount)] : [])]) {
          const pic = boardPicture(state, { uri: state.uri, line, theme: 'vscode' }, []);
          const other = boardPicture(fresh, { uri: fresh.uri, line, theme: 'vscode' }, []);
          assert.deepEqual([pic.line, pic.label, pic.title], [other.line, other.label, other.title], `${what}: board caption at ${line}`);
          assert.equal(pic.svg, renderBoardSvg(boardAt(now, line, tree), { title: pic.title, subtitle: pic.label, highlight: [], theme: 'vscode', translate }), `${what}: board picture at ${line}`);
        }
        // Asked again for the same version: the same answer.
        assert.deepEqual(codeLenses(state).map(lensView), codeLenses(fresh).map(lensView), `${what}: lenses again`);
      }
      // Most answers were carried from the last version's (the fresh documents never are: each is new).
      assert.ok(carried.count - before > 150, `${carried.count - before} carried`);
      // Some with the statements after a line break moved (their lenses and regions moved with them).
      assert.ok(carried.moved - movedBefore > 10, `${carried.moved - movedBefore} carried with moved statements`);
    });
  }
});

describe('the board picture is drawn again when anything it is drawn from differs (sameValue)', () => {
  it('equal data, in any key order, a property set to undefined being one not there', () => {
    const card = { id: 'lion', zone: 'battlefield', attachedTo: null, attachments: ['splitter'], timestamp: 3, might: undefined };
    assert.ok(sameValue({ game: 'mtg', cards: [card] }, { cards: [{ timestamp: 3, attachments: ['splitter'], attachedTo: null, zone: 'battlefield', id: 'lion' }], game: 'mtg' }));
    const f = () => 'x';
    assert.ok(sameValue({ translate: f }, { translate: f }));
  });
  it('any one difference, however deep', () => {
    const board = () => ({ game: 'mtg', players: [{ id: 'alice', left: false }], cards: [{ id: 'lion', zone: 'battlefield', attachedTo: null as string | null, attachments: ['splitter'], timestamp: 3 }] });
    const changes: ((b: ReturnType<typeof board>) => void)[] = [
      (b) => (b.cards[0].zone = 'graveyard'),
      (b) => (b.cards[0].attachedTo = 'bear'),
      (b) => b.cards[0].attachments.push('pacifism'),
      (b) => (b.cards[0].attachments = []),
      (b) => (b.cards[0].timestamp = 4),
      (b) => ((b.cards[0] as Record<string, unknown>).might = 2),
      (b) => (b.players[0].left = true),
      (b) => b.cards.push({ ...b.cards[0], id: 'bear' }),
      (b) => (b.game = 'riftbound'),
    ];
    for (const [i, change] of changes.entries()) {
      const b = board();
      change(b);
      assert.equal(sameValue(board(), b), false, `change ${i}`);
      assert.equal(sameValue(b, board()), false, `change ${i}, the other way`);
    }
    assert.equal(sameValue({ translate: () => 'x' }, { translate: () => 'x' }), false, 'another translation');
    assert.equal(sameValue([1], { 0: 1 }), false);
    assert.equal(sameValue(null, {}), false);
    assert.equal(sameValue({ a: [] }, { a: {} }), false);
  });
});

describe('a closed document is forgotten (forgetDocument)', () => {
  it('its next answers are computed from nothing, and equal', () => {
    const cache = new AnalysisCache();
    let doc = TextDocument.create('file:///closed.board', 'board-scenario', 1, START);
    const first = cache.get(doc)!;
    const answers = (s: DocumentState) => [documentSymbols(s), foldingRanges(s), codeLenses(s).map(lensView)];
    answers(first);
    doc = TextDocument.update(doc, [{ range: { start: { line: 20, character: 0 }, end: { line: 20, character: 0 } }, text: 'e' }], 2);
    const before = carried.count;
    const state = cache.get(doc)!;
    const carriedAnswers = answers(state);
    assert.ok(carried.count > before, 'carried while open');
    forgetDocument(doc.uri);
    const again = carried.count;
    // The same version asked again: without the memory, made from nothing (else it would be carried whole).
    assert.deepEqual(answers(state), carriedAnswers);
    assert.equal(carried.count, again, 'nothing carried after the document was forgotten');
  });
});

describe('folding regions of statements over several lines', () => {
  it('are those of every statement continued on lines starting with a space, a tab or a no-break space (LF, CRLF)', () => {
    const text = [
      'game mtg',
      'player alice',
      'player bob',
      'card lion "L": creature — Cat, owner alice',
      'card pacifism "P": enchantment — Aura, enchant creature, owner bob',
      'attach pacifism to lion',
      '\tby bob',
      'attach pacifism to lion',
      '\u00a0by bob',
      '# a comment',
      '  # an indented comment: no continuation',
      'attach pacifism to lion',
      '',
      '  by bob',
      'destroy lion',
    ].join('\n');
    for (const eol of ['\n', '\r\n']) {
      const t = text.replace(/\n/g, eol);
      const want = parse(t).statements.filter((st) => st.range.end.line > st.range.start.line).map((st) => ({ startLine: st.range.start.line, endLine: st.range.end.line, kind: undefined }));
      assert.ok(want.length >= 2, JSON.stringify(want));
      const state = new DocumentState(TextDocument.create(`file:///folding-${eol.length}.board`, 'board-scenario', 1, t));
      assert.deepEqual(foldingRanges(state).filter((f) => f.kind === undefined), want);
    }
  });
});
