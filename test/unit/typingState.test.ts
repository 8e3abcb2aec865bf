// What the editor answers while the user types comes from the versions before (the tree reparsed
// from the last one, the timeline's initial board and checkpoints from the last one's): after
// each of many random edits, the board at any line and the completion at the cursor equal those of
// a fresh analysis of the same text, and the reparsed tree and its declarations equal a parse.
import * as assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { boardAt, declarationsOf, parse } from '../../core';
import { completion } from '../../server/src/completion';
import { AnalysisCache, DocumentState } from '../../server/src/documents';
import { codeLenses } from '../../server/src/codeLens';
import { foldingRanges } from '../../server/src/folding';
import { documentSymbols } from '../../server/src/symbols';
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
        // The tree (reparsed with the editor's line table) and its declarations (carried over) are a parse's.
        const norm = (x: unknown) => JSON.stringify(x, (key, v: unknown) => (key === 'r' ? undefined : v));
        assert.equal(norm(state.doc), norm(tree), `edit ${k}: the reparsed tree`);
        assert.equal(norm(declarationsOf(state.doc)), norm(declarationsOf(tree)), `edit ${k}: the declarations`);
        const cursor = doc.positionAt(at + insert.length);
        // The board above the cursor (completion asks for it at each keystroke: kept from the earlier version's timeline).
        assert.deepEqual(state.boardAt(cursor.line - 1), boardAt(now, cursor.line - 1, tree), `edit ${k}: board above the cursor`);
        assert.deepEqual(completion(state, cursor), completion(fresh, cursor), `edit ${k}: completion at ${JSON.stringify(cursor)}`);
      }
    });
  }
});

// Before a version is checked, hovers, lens titles and the board picture take the findings of the
// last checked version moved to its text. After an edit that changes no event (a comment or a
// blank line written or removed), those are exactly the version's own findings, but for the lines
// edited.
describe('the findings known while typing, before the check', function () {
  this.timeout(30000);
  const key = (f: { code: string; range: unknown; message: string; related?: unknown }) => JSON.stringify([f.code, f.range, f.message, f.related ?? []]);
  for (const seed of [21, 22, 23]) {
    it(`seed ${seed}: are the last check's findings, moved past the edit`, () => {
      const rnd = prng(seed);
      const cache = new AnalysisCache();
      let doc = TextDocument.create('file:///known.board', 'board-scenario', 1, START);
      void cache.get(doc)!.analysis;
      let moved = 0;
      for (let k = 0; k < 20; k++) {
        const lines = doc.lineCount;
        const line = 8 + Math.floor(rnd() * (lines - 8));
        const kind = rnd();
        // Write a comment line or a blank one, or remove a line that is one.
        const lineText = doc.getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } });
        const removable = /^\s*(#.*)?\n$/.test(lineText);
        const change =
          removable && kind < 0.4
            ? { range: { start: { line, character: 0 }, end: { line: line + 1, character: 0 } }, text: '' }
            : { range: { start: { line, character: 0 }, end: { line, character: 0 } }, text: kind < 0.7 ? '# a note\n' : '\n' };
        doc = TextDocument.update(doc, [change], doc.version + 1);
        const state = cache.get(doc)!;
        const known = state.knownFindings.map(key);
        const fresh = new DocumentState(TextDocument.create(doc.uri, doc.languageId, doc.version, doc.getText())).findings;
        // The edited lines: the line written (or the one that took the removed line's place).
        const own = fresh.filter((f) => f.range.start.line !== line && f.range.end.line !== line).map(key);
        for (const f of known) assert.ok(own.includes(f) || fresh.map(key).includes(f), `edit ${k}: a known finding that the version does not have: ${f}`);
        assert.deepEqual(
          known.filter((f) => own.includes(f)),
          own.filter((f) => known.includes(f)),
          `edit ${k}: in the same order`,
        );
        assert.ok(own.every((f) => known.includes(f)), `edit ${k} (${JSON.stringify(change)}): every finding off the edited line is known: ${own.filter((f) => !known.includes(f)).slice(0, 2).join(' ')}`);
        moved += known.length;
        // Now and then the version is checked: the next edit moves from it.
        if (rnd() < 0.3) void state.analysis;
      }
      assert.ok(moved > 0, 'the scenario has findings to move');
    });
  }
});

// A huge file just opened has no earlier tree: it is parsed in slices (warm), and a request that
// needs it meanwhile finishes the parse at once. Both give the tree a parse gives.
describe('the tree of a huge file, parsed in slices', function () {
  this.timeout(60000);
  const huge = START + '\n' + Array.from({ length: 60000 }, (_, i) => ['equip splitter to lion', 'destroy bear', '# a comment', 'move bear to battlefield'][i % 4]).join('\n');
  const norm = (x: unknown) => JSON.stringify(x, (key, v: unknown) => (key === 'r' ? undefined : v));
  it('is a parse of the text, whether it is left to finish or asked for midway', async () => {
    assert.ok(huge.length > 1_000_000, 'over the size warm() parses at once');
    const want = norm(parse(huge));
    const left = new DocumentState(TextDocument.create('file:///huge.board', 'board-scenario', 1, huge));
    await left.treeSoon(1);
    assert.equal(norm(left.doc), want, 'left to finish');
    const asked = new DocumentState(TextDocument.create('file:///huge.board', 'board-scenario', 1, huge));
    const done = asked.treeSoon(1);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(norm(asked.doc), want, 'asked for midway');
    await done;
    assert.equal(norm(asked.doc), want, 'and the same after the slices stop');
  });
});

// While the user types, a version keeps nothing of the versions long before it alive: not through
// the findings it knows, nor through the copies of the replay its timeline takes from the one
// before (each copy holds the text it was made for).
describe('typing keeps no chain of earlier versions alive', function () {
  this.timeout(60000);
  it('the first versions are collected after 30 keystrokes, with boards, completion and known findings asked at each', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const cache = new AnalysisCache();
    let doc = TextDocument.create('file:///chain.board', 'board-scenario', 1, START);
    void cache.get(doc)!.analysis;
    const early: WeakRef<object>[] = [];
    const line = 2000;
    for (let k = 0; k < 30; k++) {
      doc = TextDocument.update(doc, [{ range: { start: { line, character: k }, end: { line, character: k } }, text: 'x' }], doc.version + 1);
      const state = cache.get(doc)!;
      void state.boardAt(line - 1);
      void state.boardAt(line);
      void completion(state, { line, character: k + 1 });
      void state.knownFindings;
      void state.steps(line - 5, line + 5);
      if (k < 5) {
        early.push(new WeakRef(state));
        early.push(new WeakRef({ text: state.text })); // a control that nothing holds
      }
    }
    // WeakRefs are cleared only after the job that made them ends.
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
    const alive = early.filter((r) => r.deref() !== undefined).length;
    assert.equal(alive, 0, `${alive} of the first versions' states are still alive`);
  });
});

/**
 * Types 60 keystrokes into a file of 40,000 `events` lines (`keystroke` makes the edit and asks
 * what the editor asks) and says how much the heap grew from the 10th keystroke to the last.
 */
async function heapGrowth(uri: string, events: readonly string[], keystroke: (doc: TextDocument, k: number, cache: AnalysisCache) => TextDocument): Promise<{ growth: number; textLength: number }> {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const big = START + '\n' + Array.from({ length: 40000 }, (_, i) => events[i % events.length]).join('\n');
  const cache = new AnalysisCache();
  let doc = TextDocument.create(uri, 'board-scenario', 1, big);
  void cache.get(doc)!.analysis;
  const settled = async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
    return process.memoryUsage().heapUsed;
  };
  let at10 = 0;
  for (let k = 0; k < 60; k++) {
    doc = keystroke(doc, k, cache);
    if (k === 9) at10 = await settled();
  }
  return { growth: (await settled()) - at10, textLength: big.length };
}

describe('typing in a large file keeps its memory flat', function () {
  this.timeout(120000);
  // Each version's text is ~0.8 MB (two bytes a character in the heap when it is not one-byte): 50 kept would be 40+ MB.
  const flat = ({ growth, textLength }: { growth: number; textLength: number }) =>
    assert.ok(growth < 8 * textLength, `the heap grew by ${(growth / 1e6).toFixed(1)} MB over 50 keystrokes (text ${(textLength / 1e6).toFixed(1)} MB)`);

  it('the heap after 60 keystrokes is within a few texts of the heap after 10', async () => {
    const line = 30000;
    flat(
      await heapGrowth('file:///flat.board', ['equip splitter to lion', 'destroy bear', 'move bear to battlefield'], (doc, k, cache) => {
        doc = TextDocument.update(doc, [{ range: { start: { line, character: k }, end: { line, character: k } }, text: 'x' }], doc.version + 1);
        const state = cache.get(doc)!;
        void state.boardAt(line - 1);
        void state.legalHosts(line, 'splitter', 'equip');
        void completion(state, { line, character: k + 1 });
        void state.knownFindings;
        return doc;
      }),
    );
  });

  it('and with line breaks typed, and the outline, folding and lenses asked at each (they carry the moved statements)', async () => {
    let line = 30000;
    flat(
      await heapGrowth('file:///flat-lines.board', ['equip splitter to lion', 'expect splitter attached to lion', 'destroy bear', 'move bear to battlefield'], (doc, k, cache) => {
        const at = { line, character: 0 };
        doc = TextDocument.update(doc, [{ range: { start: at, end: at }, text: k % 3 === 0 ? '\n' : 'x' }], doc.version + 1);
        if (k % 3 === 0) line++;
        const state = cache.get(doc)!;
        void state.boardAt(line - 1);
        void completion(state, { line, character: 1 });
        void codeLenses(state);
        void foldingRanges(state);
        void documentSymbols(state);
        void state.knownFindings;
        return doc;
      }),
    );
  });
});

// The editor's check in slices (DocumentState.analysisSoon): the same findings as a check in one
// piece; it stops when no one wants it any longer, and a later ask checks the version all the same.
describe('the check in slices', function () {
  this.timeout(60000);
  const text = START.replace('equip splitter to bear', 'equip pacifism to bear');
  const fresh = () => new DocumentState(TextDocument.create('file:///slices.board', 'board-scenario', 1, text));
  const key = (fs: readonly { code: string; range: unknown; message: string }[]) => JSON.stringify(fs.map((f) => [f.code, f.range, f.message]));
  it('gives the findings a check in one piece gives, in slices of 1 ms', async () => {
    const want = key(fresh().findings);
    const state = fresh();
    const a = await state.analysisSoon(() => true, 1);
    assert.ok(a && state.analysed);
    assert.equal(key(state.findings), want);
  });
  it('stops when no one wants it, and is made at once when asked for afterwards (or midway)', async () => {
    const want = key(fresh().findings);
    const state = fresh();
    let wanted = true;
    const soon = state.analysisSoon(() => wanted, 0.01);
    wanted = false;
    assert.equal(await soon, undefined);
    assert.equal(state.analysed, false);
    assert.equal(key(state.findings), want);
    const midway = fresh();
    const pending = midway.analysisSoon(() => true, 0.01);
    assert.equal(key(midway.findings), want, 'asked for while the slices go on');
    assert.ok(await pending);
  });
});
