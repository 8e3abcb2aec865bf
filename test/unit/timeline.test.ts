// The timeline (core/timeline.ts) asked in the orders an editor asks: the board at the line being
// typed again and again, boards far after the copies it was seeded with (a live replay goes on
// from the last one), and back. Whatever copies of the replay it keeps on the way (checkpoints,
// the copy before the last statement of a board it answered), every board is the one a replay
// from the start gives.
import * as assert from 'node:assert/strict';
import { analyse, boardAt, check, parse, reparse, replayCheckpoints, Timeline } from '../../core';
import { oneCardToEachPlayer } from '../support/families';

/** A scenario of `n` events on a few cards: equips, moves back and forth, expectations. */
function scenario(n: number): string {
  const lines = ['game mtg', 'player alice', 'player bob'];
  for (let i = 1; i <= 4; i++) lines.push(`card c${i} "Bear ${i}": creature — Bear, owner alice`);
  lines.push('card e1 "Blade": artifact — Equipment, owner bob', 'card e2 "Sword": artifact — Equipment, owner bob');
  for (let i = 0; i < n; i++) {
    const c = `c${(i % 4) + 1}`;
    if (i % 5 === 0) lines.push(`equip e1 to ${c}`);
    else if (i % 5 === 1) lines.push(`equip e2 to ${c}`);
    else if (i % 5 === 2) lines.push(`expect ${c} in battlefield`);
    else if (i % 5 === 3) lines.push(`exile c${((i + 1) % 4) + 1}`, `unattach e1 from c${((i + 1) % 4) + 1}`, `unattach e2 from c${((i + 1) % 4) + 1}`, `move c${((i + 1) % 4) + 1} to battlefield`);
    else lines.push(`control e1 ${i % 2 ? 'alice' : 'bob'}`);
  }
  return lines.join('\n') + '\n';
}

describe('timeline', () => {
  it('answers every board as a replay from the start does, asked in an editor\'s orders (seeded sparsely, then far, near, far again)', () => {
    const text = scenario(300);
    const doc = parse(text);
    const lines = text.split('\n').length;
    const fresh = new Map<number, string>();
    const want = (line: number) => {
      let b = fresh.get(line);
      if (b === undefined) fresh.set(line, (b = JSON.stringify(boardAt(text, line, doc))));
      return b;
    };
    // Seeds only in the first third (a version not checked yet has copies up to its edit).
    const seeds = replayCheckpoints(analyse(text, { resumable: true, resumeEvery: 16 })).filter((c) => c.index < doc.statements.length / 3);
    const orders: number[][] = [
      // Typing at a line: the same board again and again, then the next lines.
      [120, 120, 121, 122, 122, 123],
      // Far past the seeds (a live replay), then just past where it stands, then farther, then back.
      [250, 256, 262, 330, 259, 270, 140, 400, 300],
      // From the end back to the start, every 7th line.
      Array.from({ length: Math.ceil(lines / 7) }, (_, i) => lines - 1 - i * 7),
    ];
    for (const every of [4, 9, 50]) {
      for (const order of orders) {
        const timeline = new Timeline(doc, text, every, seeds);
        for (const line of order) assert.equal(JSON.stringify(timeline.boardAt(line)), want(line), `every ${every}, order ${order.join(' ')}: the board at line ${line}`);
        // And every line afterwards, from the copies it has kept.
        for (let line = -1; line < lines; line += 3) assert.equal(JSON.stringify(timeline.boardAt(line)), want(line), `every ${every}, after ${order.join(' ')}: the board at line ${line}`);
      }
    }
  });
});

// A version the editor asked nothing of that needs a timeline (a keystroke at a verb: completion
// there reads no board) still hands the earlier timeline's boards on: the next version's timeline,
// made with the last one there is, takes the boards before the change from it (the same objects,
// which the editor's per-board caches key on), not a replay of its own.
describe('timeline made with the timeline of a version two edits back', () => {
  it('hands on its boards before the change, the same objects, and they are a fresh replay\'s', () => {
    const lines = scenario(3000).split('\n');
    const at = 2000;
    const v0 = lines.join('\n');
    const v1 = [...lines.slice(0, at), 'e', ...lines.slice(at)].join('\n');
    const v2 = [...lines.slice(0, at), 'eq', ...lines.slice(at)].join('\n');
    const d0 = parse(v0);
    const none: never[] = [];
    const t0 = new Timeline(d0, v0, 64, [], none);
    const before = t0.boardAt(at - 1);
    const d1 = reparse(v0, d0, v1);
    const d2 = reparse(v1, d1, v2);
    const t2 = new Timeline(d2, v2, 64, [], none, undefined, t0);
    assert.equal(t2.boardAt(at - 1), before, 'the same board object');
    assert.deepEqual(t2.boardAt(at - 1), boardAt(v2, at - 1));
    assert.deepEqual(t2.boardAt(at + 500), boardAt(v2, at + 500));
  });
  it('copies a big board no more often than it has cards, and answers its boards as a replay from the start does', () => {
    // 3,000 spells cast onto the stack: each copy of the replay costs the 3,000 cards and the stack.
    const n = 3_000;
    const lines = ['game mtg', 'player alice'];
    for (let i = 0; i < n; i++) lines.push(`card s${i} "S": instant, owner alice, in hand`);
    for (let i = 0; i < n; i++) lines.push(`cast s${i} by alice`);
    const text = lines.join('\n') + '\n';
    const doc = parse(text);
    const timeline = new Timeline(doc, text);
    for (const line of [lines.length - 1, 2 + n + 1_500, 2 + n + 10]) assert.deepEqual(timeline.boardAt(line), boardAt(text, line, doc), `line ${line}`);
    // Spaced by the board's 3,000 cards, not every 200 events (18 copies): the initial one, one at the
    // end, and the copies kept before the boards asked for from the initial one.
    const copies = (timeline as unknown as { checkpoints: unknown[] }).checkpoints.length;
    assert.ok(copies <= 4, `${copies} copies`);
  });
  it('copies a board of many players no more often than it has players, in the timeline and in the check that resumes', () => {
    // 3,000 players and one card given to each in turn: each copy of the replay costs the 3,000 players
    // (a file of 50,000 players, copied every 128 events, took the language server past 4 GB).
    const n = 3_000;
    const lines = oneCardToEachPlayer(n);
    const text = lines.join('\n') + '\n';
    const doc = parse(text);
    const timeline = new Timeline(doc, text);
    for (const line of [lines.length - 1, n + 1 + 1_500]) assert.deepEqual(timeline.boardAt(line), boardAt(text, line, doc), `line ${line}`);
    const copies = (timeline as unknown as { checkpoints: unknown[] }).checkpoints.length;
    assert.ok(copies <= 4, `${copies} copies in the timeline`);
    // The check's resume points: none in 3,000 events (every 128 made 23).
    assert.equal(replayCheckpoints(analyse(text, { resumable: true })).length, 0);
  });
  it('answers the lines of the declarations with one board, the initial one', () => {
    const text = scenario(20);
    const doc = parse(text);
    const timeline = new Timeline(doc, text);
    // Lines 1-8 hold the players and cards; the first event is on line 9.
    const first = timeline.boardAt(1);
    for (let line = -1; line <= 8; line++) {
      assert.equal(timeline.boardAt(line), first, `line ${line}: the same board, not a copy`);
      assert.deepEqual(timeline.boardAt(line), boardAt(text, line, doc), `line ${line}`);
    }
    assert.notEqual(timeline.boardAt(9), first);
    assert.deepEqual(timeline.boardAt(9), boardAt(text, 9, doc));
  });
});

describe('step notes of a merged permanent of many cards', () => {
  // Each merge notes the permanent's cards: listed in full, every note of a permanent of thousands of
  // cards would hold them all (the editor's hints and its board panel were quadratic in the merges).
  function merges(n: number): string {
    const lines = ['game mtg', 'player alice', 'card base "Bear": creature, owner alice'];
    for (let i = 0; i < n; i++) lines.push(`card m${i} "Mutant": creature, mutate, owner alice, in hand`);
    for (let i = 0; i < n; i++) lines.push(`cast m${i} mutating onto base`, `resolve m${i} on top`);
    return lines.join('\n');
  }

  it('lists every card up to eight, and the first and last four of more', () => {
    const small = merges(7);
    const noted = new Timeline(parse(small), small).steps(0, 100).map((s) => s.summary);
    assert.equal(noted[noted.length - 1], 'm6 merges with base, on top: base is Mutant now (base (creature)), cards m6, m5, m4, m3, m2, m1, m0, base');
    const large = merges(40);
    const last = new Timeline(parse(large), large).steps(0, 1000).map((s) => s.summary);
    assert.equal(last[last.length - 1], 'm39 merges with base, on top: base is Mutant now (base (creature)), cards m39, m38, m37, m36, … 33 more …, m2, m1, m0, base');
    // A failed expectation about it is as short.
    const failed = check(`${large}\nexpect m3 not merged with base`).findings.map((f) => f.message);
    assert.deepEqual(failed, ['Expected m3 not merged with base, but m3 is one of the cards of the merged permanent base (m39, m38, m37, m36, … 33 more …, m2, m1, m0, base, the top one first).']);
  });
});

describe('notes and messages that list what is attached to a host of many cards', () => {
  // A host of thousands phasing out at each line, or `expect no attachments` on each of thousands of
  // lines, listed every attachment each time (20,000 failed expectations ran the checker out of memory).
  function host(n: number, events: string[]): string {
    const lines = ['game mtg', 'player alice', 'card host "Bear": creature, owner alice'];
    for (let i = 0; i < n; i++) lines.push(`card e${i} "Blade": artifact — Equipment, owner alice, attached to host`);
    return [...lines, ...events].join('\n');
  }

  it('lists every attachment up to eight, and the first eight of more', () => {
    const few = new Timeline(parse(host(3, ['phase out host'])), host(3, ['phase out host'])).steps(0, 100).map((s) => s.summary);
    assert.equal(few[few.length - 1], 'host phased out with e0, e1, e2');
    const many = host(12, ['phase out host']);
    const noted = new Timeline(parse(many), many).steps(0, 100).map((s) => s.summary);
    assert.equal(noted[noted.length - 1], 'host phased out with e0, e1, e2, e3, e4, e5, e6, e7, … 4 more …');
    const failed = check(host(12, ['expect no attachments on host'])).findings.map((f) => f.message);
    assert.deepEqual(failed, ['Expected no attachments on host, but e0, e1, e2, e3, e4, e5, e6, e7, … 4 more … are attached to host.']);
    assert.deepEqual(check(host(2, ['expect no attachments on host'])).findings.map((f) => f.message), ['Expected no attachments on host, but e0, e1 are attached to host.']);
  });
});
