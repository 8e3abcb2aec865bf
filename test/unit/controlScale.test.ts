// Who controls a card (core/engine/control.ts, controllerOf; MTG 613.1b, 613.7) reads the grantors of
// control of its host newest first (grantFold.ts, ControlOrder) and stops at the first whose grant
// works, or at the card's newest control event. Every answer it gives is held to the plain look at
// every grantor (controllerOfByLook) on random scenarios (Control Magics and Confiscates coming and
// going, exchanges, phasing, `loses all abilities`, players leaving, Auras entering together, whose
// timestamps go in APNAP order), on resumed analyses (copies of the board, their timestamps shifted
// by an edit), and on every bundled scenario about control; and thousands of Control Magics
// entering one after another are held linear, by a count of the grantors looked at. A card's log of
// control events, appended to in place by the board that made it (giveControl), is held to the copy
// made at each event before, on boards and their copies, and one card given to thousands of players
// in turn copies nothing.
import assert from 'node:assert/strict';
import { analyse, check } from '../../core';
import { Board, type CardObj, type LineMove } from '../../core/engine/board';
import { IN_PLACE_PAST, type ControlEffect, controllerOf, controllerOfByLook, controlTest, endControlOf, endTurnEffects, giveControl, type Held } from '../../core/engine/control';
import { HOST_CONTROL, Replay } from '../../core/engine/replay';
import { markedIn } from '../support/marks';
import { findingsAndBoard, withSetting } from '../support/outcome';
import { EXAMPLES_DIR, FIXTURES_DIR, listBoards, readText } from '../support/fixtures';
import { editedAt } from '../support/edits';
import { oneCardToEachPlayer } from '../support/families';
import { prng } from '../support/prng';

const PLAYERS = ['p0', 'p1', 'p2', 'p3'];
const CREATURES = ['c0', 'c1', 'c2'];
const MAGICS = ['m0', 'm1', 'm2', 'm3', 'm4', 'm5'];
const AURAS = [...MAGICS, 'k0'];

function pick<T>(next: () => number, xs: readonly T[]): T {
  return xs[Math.floor(next() * xs.length)];
}

/** One event of the random scenarios (the line of a `together:` part is one of its first kinds). */
function event(next: () => number): string {
  const r = next();
  const c = pick(next, CREATURES);
  const m = pick(next, MAGICS);
  const p = pick(next, PLAYERS);
  if (r < 0.14) return `enter ${m} attached to ${c}${next() < 0.3 ? ` under ${p}` : ''}`;
  if (r < 0.26) return `attach ${m} to ${c}`;
  if (r < 0.3) return `attach k0 to ${pick(next, [c, ...MAGICS])}`;
  if (r < 0.42) return `control ${c} ${p}${next() < 0.3 ? ' until end of turn' : next() < 0.3 ? ` for as long as ${p} controls ${pick(next, CREATURES)}` : ''}`;
  if (r < 0.5) return `control ${pick(next, AURAS)} ${p}`;
  if (r < 0.55) return `exchange control of ${c} and ${pick(next, [...CREATURES, ...MAGICS])}`;
  if (r < 0.63) return `phase ${next() < 0.5 ? 'out' : 'in'} ${pick(next, [c, m, m])}`;
  if (r < 0.68) return `loses ${pick(next, AURAS)} all abilities`;
  if (r < 0.72) return `leave ${p}`;
  if (r < 0.78) return `turn ${p}`;
  if (r < 0.84) return pick(next, [`destroy ${m}`, `move ${m} to hand`, `move ${m} to graveyard`, `destroy ${c}`]);
  if (r < 0.9) return `move ${c} to battlefield under ${p}`;
  const parts = 2 + Math.floor(next() * 2);
  return `together: ${Array.from({ length: parts }, () => `enter ${pick(next, MAGICS)} attached to ${next() < 0.7 ? c : pick(next, CREATURES)}`).join('; ')}`;
}

/**
 * Four players, three creatures, six Control Magics and a Confiscate (which may take an Aura: a chain),
 * `more` cards (declared after them), and `events` events.
 */
function scenario(next: () => number, events: number, head = 'game mtg', more: readonly string[] = []): string {
  const lines = [head, ...PLAYERS.map((p) => `player ${p}`)];
  for (const c of CREATURES) lines.push(`card ${c} "C": creature — Bear, owner ${pick(next, PLAYERS)}${next() < 0.3 ? `, controller ${pick(next, PLAYERS)}` : ''}`);
  for (const m of MAGICS) lines.push(`card ${m} "Control Magic": enchantment — Aura, enchant creature, you control enchanted creature, owner ${pick(next, PLAYERS)}, ${next() < 0.5 ? `attached to ${pick(next, CREATURES)}` : 'in hand'}`);
  lines.push(`card k0 "Confiscate": enchantment — Aura, enchant permanent, you control enchanted permanent, owner ${pick(next, PLAYERS)}, in hand`);
  lines.push(...more);
  lines.push(`turn ${pick(next, PLAYERS)}`);
  for (let i = 0; i < events; i++) lines.push(event(next));
  return lines.join('\n') + '\n';
}

/** What the checks of `f` saw: the answers controllerOf gave from ControlOrder, those where a grant decided, those where it did among several grantors, and any that differ from controllerOfByLook's. */
interface Seen {
  answers: number;
  /** On a board of `shifted` (checked's second argument). */
  onShifted: number;
  byGrant: number;
  amongSeveral: number;
  wrong: string[];
}

/** `f` with each answer controllerOf reads from ControlOrder checked against controllerOfByLook. */
function checked<T>(f: () => T, shifted?: WeakSet<Board>): { value: T; seen: Seen } {
  const seen: Seen = { answers: 0, onShifted: 0, byGrant: 0, amongSeveral: 0, wrong: [] };
  controlTest.check = (board: Board, card: CardObj, answer) => {
    const plain = controllerOfByLook(board, card);
    seen.answers++;
    if (shifted?.has(board)) seen.onShifted++;
    if (answer.via !== undefined) seen.byGrant++;
    if (answer.via !== undefined && [...board.controlGrantors(card)].length > 1) seen.amongSeveral++;
    if (plain.player !== answer.player || plain.via !== answer.via) seen.wrong.push(`${card.id}: ${JSON.stringify(answer)}, by a look at every grantor ${JSON.stringify(plain)}`);
  };
  try {
    return { value: f(), seen };
  } finally {
    controlTest.check = undefined;
  }
}

/** The board a check of `text` ends with (its replay's, caught as it steps). */
function boardAfter(text: string): Board {
  const own = Object.getOwnPropertyDescriptor(Replay.prototype, 'step')!;
  let replay: Replay | undefined;
  Object.defineProperty(Replay.prototype, 'step', { ...own, value: function (this: Replay, ...args: unknown[]) { replay = this; return own.value.apply(this, args); } });
  try {
    assert.deepEqual(check(text).findings.filter((f) => f.severity === 'error'), []);
  } finally {
    Object.defineProperty(Replay.prototype, 'step', own);
  }
  return replay!.board;
}

describe('controllerOf reads the grantors of control newest first (ControlOrder)', () => {
  it('answers as a look at every grantor does, at every change, in 500 random scenarios', () => {
    const next = prng(61317);
    let answers = 0;
    let byGrant = 0;
    let amongSeveral = 0;
    let clean = 0;
    for (let trial = 0; trial < 500; trial++) {
      const text = scenario(next, 6 + Math.floor(next() * 30));
      const { value: r, seen } = checked(() => check(text));
      assert.deepEqual(seen.wrong, [], text);
      assert.deepEqual(r.findings.filter((f) => f.message.includes('Internal error')), [], text);
      if (!r.findings.some((f) => f.kind === 'syntax-error')) clean++;
      answers += seen.answers;
      byGrant += seen.byGrant;
      amongSeveral += seen.amongSeveral;
    }
    // The scenarios are well-formed, and exercise the order: grants that decide, among several grantors.
    assert.ok(clean > 450, `${clean} of 500 scenarios without a syntax error`);
    assert.ok(byGrant > 2000 && amongSeveral > 1000, `${answers} answers, ${byGrant} by a grant, ${amongSeveral} among several grantors`);
  });

  it('answers as a look at every grantor does on copies of the board, their lines moved and their timestamps shifted by edits', () => {
    // As cutoff.test.ts: Control Magics move between three creatures on most lines (so the state after
    // an edit soon meets the earlier one again, but for the timestamps the edit added or took away),
    // 30 versions in a row, each resumed from the analysis of the one before: from copies of the
    // replay, moved by the lines and shifted by the timestamps of the edits before.
    // The boards whose timestamps an edit shifted, and their copies (a copy taken on is only ever copied again).
    const own = Object.getOwnPropertyDescriptor(Board.prototype, 'moveLines')!;
    const ownClone = Object.getOwnPropertyDescriptor(Board.prototype, 'clone')!;
    const shifted = new WeakSet<Board>();
    Object.defineProperty(Board.prototype, 'moveLines', { ...own, value: function (this: Board, move: LineMove) { if (move.stamps) shifted.add(this); return own.value.call(this, move); } });
    Object.defineProperty(Board.prototype, 'clone', { ...ownClone, value: function (this: Board) { const b = ownClone.value.call(this) as Board; if (shifted.has(this)) shifted.add(b); return b; } });
    let onShifted = 0;
    try {
      const next = prng(4242);
      const head = ['game mtg', 'player alice', 'player bob', 'player carol', ...CREATURES.map((c, i) => `card ${c} "C": creature — Bear, owner ${['alice', 'bob', 'carol'][i]}`)];
      for (const [i, m] of MAGICS.slice(0, 4).entries()) head.push(`card ${m} "Control Magic": enchantment — Aura, enchant creature, you control enchanted creature, owner ${['alice', 'bob', 'carol', 'bob'][i]}, attached to ${CREATURES[i % 3]}`);
      head.push('');
      const event = () => {
        const r = next();
        const c = pick(next, CREATURES);
        return r < 0.85 ? `attach ${pick(next, MAGICS.slice(0, 4))} to ${c}` : r < 0.95 ? `control ${c} ${pick(next, ['alice', 'bob', 'carol'])}` : `exchange control of ${c} and ${pick(next, CREATURES)}`;
      };
      let lines = [...head, ...Array.from({ length: 2000 }, event), ''];
      let previous = analyse(lines.join('\n'), { resumable: true });
      for (let k = 0; k < 30; k++) {
        const at = head.length + Math.floor(next() * 2000);
        lines = editedAt(lines, at, next(), event);
        const text = lines.join('\n');
        const { value: resumed, seen } = checked(() => analyse(text, { resumable: true, previous }), shifted);
        assert.deepEqual(seen.wrong, [], `version ${k}`);
        assert.equal(JSON.stringify(resumed.result), JSON.stringify(analyse(text, { resumable: true }).result), `version ${k}`);
        onShifted += seen.onShifted;
        previous = resumed;
      }
    } finally {
      Object.defineProperty(Board.prototype, 'moveLines', own);
      Object.defineProperty(Board.prototype, 'clone', ownClone);
    }
    // Many of the answers were read on a board whose timestamps an edit shifted.
    assert.ok(onShifted > 100, `${onShifted} answers on a board whose timestamps were shifted`);
  });

  it('answers as a look at every grantor does in every bundled scenario about control', () => {
    const files = [...listBoards(EXAMPLES_DIR), ...listBoards(FIXTURES_DIR)];
    let about = 0;
    let byGrant = 0;
    for (const f of files) {
      const text = readText(f);
      if (!/you control enchanted|you control equipped|^\s*(together: )?(control|exchange control) /m.test(text)) continue;
      about++;
      const { seen } = checked(() => check(text));
      assert.deepEqual(seen.wrong, [], f);
      byGrant += seen.byGrant;
    }
    assert.ok(about >= 40 && byGrant >= 15, `${about} bundled scenarios about control, ${byGrant} answers by a grant`);
  });

  it('files a grantor again when its timestamp changes while it is attached (Board.stamp)', () => {
    // No rule gives an attached Control Magic a new timestamp where it stays (an attach stamps it just
    // before it leaves its old host; a transformation and the APNAP order take it off and put it back
    // on): the one place a timestamp changes files it again all the same.
    const text = ['game mtg', 'player alice', 'player bob', 'player carol', 'card bears "C": creature, owner carol', 'card m0 "Control Magic": enchantment — Aura, enchant creature, you control enchanted creature, owner alice, in hand', 'card m1 "Control Magic": enchantment — Aura, enchant creature, you control enchanted creature, owner bob, in hand', 'enter m0 attached to bears', 'enter m1 attached to bears', 'expect bears controlled by bob', ''].join('\n');
    const board = boardAfter(text);
    const bears = board.cards.get('bears')!;
    const m1 = board.cards.get('m1')!;
    assert.deepEqual(controllerOf(board, bears), { player: 'bob', via: 'm1' });
    // m1 now older than m0: alice's Control Magic is the newest.
    board.stamp(m1, 0);
    assert.deepEqual(controllerOf(board, bears), { player: 'alice', via: 'm0' });
    assert.deepEqual(controllerOfByLook(board, bears), { player: 'alice', via: 'm0' });
    board.stamp(m1);
    assert.deepEqual(controllerOf(board, bears), { player: 'bob', via: 'm1' });
    // Two with one timestamp (none has today): the later among the grantors wins, as in the plain loop, however they were filed.
    const m0 = board.cards.get('m0')!;
    board.stamp(m0, m1.timestamp);
    assert.deepEqual(controllerOfByLook(board, bears), { player: 'bob', via: 'm1' });
    assert.deepEqual(controllerOf(board, bears), { player: 'bob', via: 'm1' });
  });
});

describe('thousands of Control Magics entering one creature stay linear (counted: the grantors looked at)', () => {
  /** `n` Control Magics (each player's in turn, of `owners`) entering bob's creature one after another, then `tail` lines. */
  function magics(n: number, owners: readonly string[], tail: readonly string[] = []): string {
    const lines = ['game mtg', 'player alice', 'player bob', 'player carol', 'card host "H": creature, owner bob'];
    for (let i = 0; i < n; i++) lines.push(`card m${i} "Control Magic": enchantment — Aura, enchant creature, you control enchanted creature, owner ${owners[i % owners.length]}, in hand`);
    for (let i = 0; i < n; i++) lines.push(`enter m${i} attached to host`);
    return [...lines, ...tail, ''].join('\n');
  }

  function looks(text: string): number {
    controlTest.looks = 0;
    const r = check(text);
    assert.deepEqual(r.findings.filter((f) => f.severity === 'error'), []);
    return controlTest.looks;
  }

  const n = 2000;
  it('one player’s, each the newest: one look each (a look at every grantor made two million)', () => {
    assert.ok(looks(magics(n, ['alice'], ['expect host controlled by alice'])) <= 2 * n);
  });

  it('two players’ in turn, the controller changing at each: a few looks each', () => {
    assert.ok(looks(magics(n, ['alice', 'carol'], ['expect host controlled by carol'])) <= 3 * n);
  });

  it('with control events between and after them, the newest of which decides: no grantor looked at past it', () => {
    const tail: string[] = [];
    const players = ['alice', 'bob', 'carol'];
    for (let i = 0; i < n; i++) tail.push(`control host ${players[i % 3]}`);
    tail.push(`expect host controlled by ${players[(n - 1) % 3]}`);
    assert.ok(looks(magics(n, ['alice', 'carol'], tail)) <= 3 * n);
  });
});

describe('a change of a host\u2019s controller judges again what is on it where that can matter (Ruleset.hostControlMatters)', () => {
  /** The findings and the final board, with everything on a host whose controller changed judged again or not. */
  function outcome(text: string, always: boolean): string {
    return withSetting(HOST_CONTROL, 'always', always, () => findingsAndBoard(text));
  }

  // Equipment and Auras on the creatures, which only an `enchant creature you control` or the range of
  // influence makes illegal when the creatures change hands; with neither, none is judged again.
  const PLAIN = ['card e0 "Blade": artifact — Equipment, owner p0, attached to c0', 'card e1 "Blade": artifact — Equipment, owner p1, attached to c1', 'card w0 "Ward": enchantment — Aura, enchant creature, owner p2, attached to c0'];
  const AURA = [...PLAIN, 'card y0 "Shelter": enchantment — Aura, enchant creature you control, owner p0, attached to c0'];
  const BANNER = [...PLAIN, 'card b0 "Banner": artifact — Equipment, owner p1, can be attached only to creature an opponent controls, attached to c1'];
  for (const [what, head, more, changes] of [
    ['Equipment and Auras that say nothing of control', 'game mtg', PLAIN, false],
    ['an Aura that enchants a creature you control', 'game mtg', AURA, true],
    ['an Equipment only for a creature an opponent controls', 'game mtg', BANNER, true],
    ['Equipment and Auras under the range of influence', 'game mtg, range of influence 1', PLAIN, true],
  ] as const) {
    it(`finds what judging everything on the host finds, in 300 random scenarios: ${what}`, () => {
      const next = prng(what.length * 7919);
      let marked = 0;
      let differs = 0;
      for (let trial = 0; trial < 300; trial++) {
        const text = scenario(next, 30, head, more);
        const always = outcome(text, true);
        marked += markedIn(() => assert.equal(outcome(text, false), always, text));
        if (!changes) continue;
        // Where control can matter, some of the findings are the ones it makes (the gate is not idle).
        if (/controlled by|opponent|range of influence/.test(always)) differs++;
      }
      assert.ok(marked > 1000, `${marked} cards marked`);
      if (changes) assert.ok(differs > 30, `${differs} scenarios with a finding of who controls what`);
    });
  }

  it('marks a few cards as a creature with thousands of Equipment is given to each player in turn by events and exchanges', () => {
    const n = 2000;
    const lines = ['game mtg', 'player alice', 'player bob', 'card host "H": creature, owner alice', 'card other "O": creature, owner bob'];
    for (let i = 0; i < n; i++) lines.push(`card e${i} "Blade": artifact — Equipment, owner alice, attached to host`);
    for (let i = 0; i < n; i++) lines.push(['control host alice', 'exchange control of host and other', 'control other bob'][i % 3]);
    const text = [...lines, `expect e${n - 1} attached to host`, ''].join('\n');
    let errors: unknown[] = [];
    // Every Equipment on the creature judged at each event: n², four million.
    const marked = markedIn(() => (errors = check(text).findings.filter((f) => f.severity === 'error')));
    assert.deepEqual(errors, []);
    assert.ok(marked <= 4 * n, `${marked} cards marked`);
  });

  it('marks a few cards at each of thousands of Control Magics of two players entering one creature in turn', () => {
    const n = 2000;
    const lines = ['game mtg', 'player alice', 'player bob', 'player carol', 'card host "H": creature, owner bob'];
    for (let i = 0; i < n; i++) lines.push(`card m${i} "Control Magic": enchantment — Aura, enchant creature, you control enchanted creature, owner ${i % 2 ? 'alice' : 'carol'}, in hand`);
    for (let i = 0; i < n; i++) lines.push(`enter m${i} attached to host`);
    const text = [...lines, 'expect host controlled by alice', ''].join('\n');
    let errors: unknown[] = [];
    // Every Aura on the creature judged at each change of its controller: about n²/2, two million.
    const marked = markedIn(() => (errors = check(text).findings.filter((f) => f.severity === 'error')));
    assert.deepEqual(errors, []);
    assert.ok(marked <= 4 * n, `${marked} cards marked`);
  });
});

describe('a card\u2019s control log, appended to in place (giveControl)', () => {
  /** The log as giveControl made it by a copy at each event: the player's effect of the new kind (all of theirs, for one for good) replaced. */
  function modelGive(log: readonly ControlEffect[], player: string, timestamp: number, until: number | undefined, held: Held | undefined): ControlEffect[] {
    const lasting = until === undefined && held === undefined;
    const kept = log.filter((e) => e.player !== player || (!lasting && (until !== undefined ? e.until === undefined : e.held === undefined)));
    kept.push(until !== undefined ? { timestamp, player, until } : held ? { timestamp, player, held } : { timestamp, player });
    return kept;
  }

  /** Whom the model's log gives the card to: the newest effect, the later of two with one timestamp (the owner when none). */
  function modelController(log: readonly ControlEffect[]): string {
    let at = -Infinity;
    let player = 'p0';
    for (const e of log) if (e.timestamp >= at) [at, player] = [e.timestamp, e.player];
    return player;
  }

  for (const past of [IN_PLACE_PAST.length, 0, Infinity]) {
    it(`holds what a copy at each event holds, on a board and on copies of it changed in turn, in 300 random runs${past === 0 ? ', every log changed in place' : past === Infinity ? ', every log copied at each event' : ''}`, () => {
      const was = IN_PLACE_PAST.length;
      IN_PLACE_PAST.length = past;
      try {
        const text = ['game mtg', ...PLAYERS.map((p) => `player ${p}`), 'card c "C": creature, owner p0', 'tap c', ''].join('\n');
        const next = prng(80040);
        let replaced = 0;
        for (let trial = 0; trial < 300; trial++) {
          // Boards that share the card's log after a copy, each with its model; any of them goes on next.
          const runs: { board: Board; log: ControlEffect[]; ending: number }[] = [{ board: boardAfter(text), log: [], ending: 0 }];
          const steps = 5 + Math.floor(next() * 40);
          for (let step = 0; step < steps; step++) {
            const run = pick(next, runs);
            const { board } = run;
            const card = board.cards.get('c')!;
            const r = next();
            const p = pick(next, PLAYERS);
            if (r < 0.55) {
              const k = next();
              const until = k < 0.25 ? (board.turn?.number ?? 0) : undefined;
              const held: Held | undefined = k >= 0.25 && k < 0.5 ? { kind: 'controls', player: p, card: 'c', version: card.version } : undefined;
              if (until !== undefined && !run.log.some((e) => e.until !== undefined)) run.ending++;
              const model = modelGive(run.log, p, board.lastTimestamp + 0.5, until, held);
              if (model.length !== run.log.length + 1) replaced++;
              run.log = model;
              giveControl(board, card, p, until !== undefined, held);
            } else if (r < 0.7) board.tick();
            else if (r < 0.8) runs.push({ board: board.clone(), log: run.log, ending: run.ending });
            else if (r < 0.9) {
              endControlOf(board, card, p);
              run.log = run.log.filter((e) => e.player !== p);
            } else {
              // A new turn ends the effects until end of turn made in an earlier one (endTurnEffects).
              const number = (board.turn?.number ?? 0) + 1;
              endTurnEffects({ board, noting: false } as unknown as Replay, number);
              run.log = run.log.filter((e) => e.until === undefined || e.until >= number);
              run.ending = 0;
            }
            for (const x of runs) {
              const c = x.board.cards.get('c')!;
              assert.deepEqual([...c.controlLog], x.log, `trial ${trial}, step ${step}`);
              assert.equal(c.controller, modelController(x.log), `trial ${trial}, step ${step}`);
              assert.equal(x.board.endingWithTurn.length, x.ending, `trial ${trial}, step ${step}`);
            }
          }
        }
        // The runs replace effects as well as add them.
        assert.ok(replaced > 1000, `${replaced} effects replaced`);
      } finally {
        IN_PLACE_PAST.length = was;
      }
    });
  }

  it('copies no effect past the first few when one card is given to each of thousands of players in turn (a copy at each made twelve million)', () => {
    const lines = [...oneCardToEachPlayer(5000), 'expect c controlled by p0', ''];
    controlTest.copied = 0;
    controlTest.looks = 0;
    assert.deepEqual(check(lines.join('\n')).findings.filter((f) => f.severity === 'error'), []);
    // The first few events copy a short log; from IN_PLACE_PAST effects on, nothing is copied.
    assert.ok(controlTest.copied <= IN_PLACE_PAST.length ** 2, `${controlTest.copied} effects copied`);
    assert.equal(controlTest.looks, 0);
  });

  it('copies no effect past the first few as thousands of players given the card leave one after another (a copy at each leaving made twelve million)', () => {
    const n = 5000;
    const lines = [...oneCardToEachPlayer(n)];
    // The log's newest effect is p0's (the last gives the card back): each leaving takes its player's effect out (800.4a).
    for (let i = n - 1; i >= 1; i -= 2) lines.push(`leave p${i}`);
    for (let i = 2; i < n; i += 2) lines.push(`leave p${i}`);
    lines.push('expect c controlled by p0', '');
    controlTest.copied = 0;
    assert.deepEqual(check(lines.join('\n')).findings.filter((f) => f.severity === 'error'), []);
    assert.ok(controlTest.copied <= IN_PLACE_PAST.length ** 2, `${controlTest.copied} effects copied`);
  });
});
