// Two Riftbound questions asked once per line, kept from looking at every card: the units a player
// controls on the board as a Quick-Draw resolves without `choosing` (819.1.d: Board.controlsUnit, from
// lists of the cards that may be each player's units), and the units an Equip that can't target its
// unit suggests instead (818.1.c.2: retarget, equip.ts, which looks at the first 64 cards). Random
// scenarios hold both to what a look at every card finds; counts of the cards looked at show them linear.
import assert from 'node:assert/strict';
import { boardAt, check } from '../../core';
import { Board, type CardObj } from '../../core/engine/board';
import * as rbCards from '../../core/rules/riftbound/cards';
import { RETARGET_LOOK } from '../../core/rules/riftbound/equip';
import type { BoardView, Finding } from '../../core/types';
import { HOST_CONTROL } from '../../core/engine/replay';
import { markedIn } from '../support/marks';
import { findingsAndBoard, withSetting } from '../support/outcome';
import { prng } from '../support/prng';

const PLAYERS = ['alice', 'bob', 'carol'];
const UNITS = ['u0', 'u1', 'u2', 'u3', 'u4'];
const QUICK = ['q0', 'q1', 'q2', 'q3'];
const GEAR = ['e0', 'e1', 'e2'];

function pick<T>(next: () => number, xs: readonly T[]): T {
  return xs[Math.floor(next() * xs.length)];
}

/**
 * A Riftbound scenario where units come and go, change control and card types, and Quick-Draw gear is
 * played and resolved (mostly without `choosing`, the line that asks whether its player controls a unit).
 */
function scenario(next: () => number): string {
  const lines = ['game riftbound', ...PLAYERS.map((p) => `player ${p}`)];
  for (const u of UNITS) {
    const where = pick(next, ['at base', 'at battlefield arena', 'in hand', 'in hand']);
    // Carol owns no unit: she controls one only when given one.
    lines.push(`card ${u} "U": unit, owner ${pick(next, ['alice', 'bob'])}${where !== 'in hand' && next() < 0.3 ? `, controller ${pick(next, PLAYERS)}` : ''}, ${where}`);
  }
  for (const q of QUICK) lines.push(`card ${q} "Q": gear — Equipment, equip, Quick-Draw, owner ${pick(next, PLAYERS)}, ${next() < 0.8 ? 'in hand' : 'at base'}`);
  for (const e of GEAR) lines.push(`card ${e} "E": gear — Equipment, equip, owner ${pick(next, PLAYERS)}, at base`);
  lines.push(`card s0 "S": gear, owner ${pick(next, PLAYERS)}, at base`);
  // The gear played, newest last: a resolve mostly names one of them, so that its trigger waits.
  const played: string[] = [];
  const n = 10 + Math.floor(next() * 30);
  for (let i = 0; i < n; i++) {
    const r = next();
    const u = pick(next, UNITS);
    const q = played.length !== 0 && next() < 0.8 ? played[played.length - 1 - Math.floor(next() * Math.min(2, played.length))] : pick(next, QUICK);
    const p = pick(next, PLAYERS);
    if (r < 0.16) {
      const g = pick(next, QUICK);
      // Played by an effect (a `together:` group): a play of its own would be judged by timing (316.5.b,
      // 309.1.a), and most would be refused in another player's turn; the questions are what is tested.
      lines.push(`together: enter ${g}`);
      played.push(g);
    } else if (r < 0.38) lines.push(`resolve ${q} Quick-Draw`);
    else if (r < 0.41) lines.push(`resolve ${q} Quick-Draw choosing ${u}`);
    else if (r < 0.46) lines.push(`control ${pick(next, [u, u, 's0'])} ${p}`);
    else if (r < 0.49) lines.push(`control ${u} ${p} this turn`);
    else if (r < 0.54) lines.push(`turn ${p}`);
    else if (r < 0.58) lines.push(`becomes s0 unit${next() < 0.5 ? ' this turn' : ''}`);
    else if (r < 0.62) lines.push(`loses ${u} unit${next() < 0.5 ? ' this turn' : ''}`);
    else if (r < 0.65) lines.push(`becomes ${pick(next, GEAR)} a copy of ${u}`);
    else if (r < 0.69) lines.push(`kill ${u}`);
    else if (r < 0.72) lines.push(`move ${u} to hand`);
    else if (r < 0.77) lines.push(`enter ${u}${next() < 0.5 ? ` under ${p}` : ''}`);
    else if (r < 0.8) lines.push(`move ${u} to battlefield arena`);
    else if (r < 0.84) lines.push(`equip ${pick(next, GEAR)} to ${u}`);
    else if (r < 0.87) lines.push(`detach ${pick(next, GEAR)} from ${u}`);
    else if (r < 0.9) lines.push(`recall ${u}`);
    else if (r < 0.93) lines.push(`leave ${p}`);
    else if (r < 0.96) lines.push(`enter ${q} as a copy of ${u}`);
    else lines.push(`move ${q} to trash`);
  }
  return lines.join('\n') + '\n';
}

/** The question asked a look at every card, as before the lists. */
function lookAtEvery(board: Board, player: string | undefined, isUnit: (c: CardObj) => boolean): boolean {
  for (const c of board.cards.values()) if (c.controller === player && isUnit(c)) return true;
  return false;
}

/** `f` with Board.controlsUnit replaced by `by` (own: the method it replaces). */
function withControlsUnit<T>(by: (own: (this: Board, player: string | undefined, isUnit: (c: CardObj) => boolean) => boolean) => (this: Board, player: string | undefined, isUnit: (c: CardObj) => boolean) => boolean, f: () => T): T {
  const own = Object.getOwnPropertyDescriptor(Board.prototype, 'controlsUnit')!;
  Object.defineProperty(Board.prototype, 'controlsUnit', { ...own, value: by(own.value) });
  try {
    return f();
  } finally {
    Object.defineProperty(Board.prototype, 'controlsUnit', own);
  }
}


describe('Quick-Draw asks whether its player controls a unit from the board\'s lists (Board.controlsUnit, 819.1.d)', () => {
  it('finds what a look at every card finds, at every question: 600 random scenarios', () => {
    const next = prng(819);
    let asked = 0;
    let yes = 0;
    let clean = 0;
    for (let trial = 0; trial < 600; trial++) {
      const text = scenario(next);
      if (!check(text).findings.some((f) => f.kind === 'syntax-error')) clean++;
      // Each question answered from the lists as a look at every card answers it.
      const listed = withControlsUnit(
        (own) =>
          function (this: Board, player, isUnit) {
            const answer = own.call(this, player, isUnit);
            assert.equal(answer, lookAtEvery(this, player, isUnit), `${player}\n${text}`);
            asked++;
            if (answer) yes++;
            return answer;
          },
        () => findingsAndBoard(text),
      );
      // And the findings and the board after the last line are the same.
      assert.equal(listed, withControlsUnit(() => function (this: Board, player, isUnit) { return lookAtEvery(this, player, isUnit); }, () => findingsAndBoard(text)), text);
    }
    assert.ok(clean > 500, `${clean} of 600 scenarios without a syntax error`);
    assert.ok(asked > 1500 && yes > 300 && asked - yes > 300, `${asked} questions, ${yes} answered yes`);
  });

  // Each way a card becomes a unit alice controls on the board, after a question found her none: the
  // next question must find it (the line then names no unit, and reports that it must). The units
  // that change control are at a battlefield: one in another player's base would be recalled (323.7),
  // a move that lists it too.
  const CHANGES: [string, string, string][] = [
    ['given control of a unit (setController)', 'card ub "U": unit, owner bob, at battlefield arena', 'control ub alice'],
    ['her unit back as the control of another ends with the turn (317.2.c)', 'card ua "U": unit, owner alice, at battlefield arena\ncontrol ua bob this turn', 'turn bob'],
    ['a unit played', 'card ua "U": unit, owner alice, in hand', 'enter ua'],
    ['a unit played under her', 'card ub "U": unit, owner bob, in hand', 'enter ub under alice'],
    ['a gear made a unit (an effect)', 'card s "S": gear, owner alice, at base', 'becomes s unit'],
    ['a unit a unit again as the effect that took it ends (317.2.c)', 'card ua "U": unit, owner alice, at base\nloses ua unit this turn', 'turn bob'],
    ['a gear made a copy of a unit (477.1.b.1)', 'card ub "U": unit, owner bob, at base\ncard s "S": gear, owner alice, at base', 'becomes s a copy of ub'],
  ];
  for (const [what, cards, change] of CHANGES) {
    it(`finds her unit after a question found none: ${what}`, () => {
      const text = `game riftbound\nplayer alice\nplayer bob\ncard q1 "Q": gear — Equipment, equip, Quick-Draw, owner alice, in hand\ncard q2 "Q": gear — Equipment, equip, Quick-Draw, owner alice, in hand\n${cards}\nenter q1\nresolve q1 Quick-Draw\n${change}${change.startsWith('turn bob') ? '\nturn alice' : ''}\nenter q2\nresolve q2 Quick-Draw\n`;
      const last = text.split('\n').length - 2;
      const found = check(text).findings;
      assert.deepEqual(found.map((f) => `${f.range.start.line} ${f.code}`), [`${last} impossible-event`], text);
      assert.match(found[0].message, /the unit must be named/);
      assert.equal(JSON.stringify(found), withControlsUnit(() => function (this: Board, player, isUnit) { return lookAtEvery(this, player, isUnit); }, () => JSON.stringify(check(text).findings)));
    });
  }

  it('answers for every player, at every question, as a look at every card', () => {
    // The lists of the players not asked are checked too (a question drops from the asked player's only).
    const next = prng(8191);
    let asked = 0;
    for (let trial = 0; trial < 300; trial++) {
      const text = scenario(next);
      withControlsUnit(
        (own) =>
          function (this: Board, player, isUnit) {
            for (const p of [...PLAYERS, undefined]) assert.equal(own.call(this, p, isUnit), lookAtEvery(this, p, isUnit), `${p}\n${text}`);
            asked++;
            return own.call(this, player, isUnit);
          },
        () => check(text),
      );
    }
    assert.ok(asked > 300, `${asked} questions`);
  });

  it('finds what a look at every card finds in every bundled scenario with Quick-Draw', async () => {
    const { readdirSync, readFileSync, statSync } = await import('node:fs');
    const { join } = await import('node:path');
    const files: string[] = [];
    const walk = (dir: string): void => {
      for (const f of readdirSync(dir)) {
        const p = join(dir, f);
        if (statSync(p).isDirectory()) walk(p);
        else if (p.endsWith('.board')) files.push(p);
      }
    };
    walk('examples');
    walk('test/fixtures');
    let with_ = 0;
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      if (!/Quick-Draw/.test(text) || !/^\s*game riftbound/m.test(text)) continue;
      with_++;
      const listed = withControlsUnit(
        (own) =>
          function (this: Board, player, isUnit) {
            const answer = own.call(this, player, isUnit);
            assert.equal(answer, lookAtEvery(this, player, isUnit), f);
            return answer;
          },
        () => JSON.stringify(check(text).findings),
      );
      assert.equal(listed, withControlsUnit(() => function (this: Board, player, isUnit) { return lookAtEvery(this, player, isUnit); }, () => JSON.stringify(check(text).findings)), f);
    }
    assert.ok(with_ >= 5, `${with_} bundled scenarios with Quick-Draw`);
  });

  it('stays linear when thousands of gear are played and resolved, `enter` between the resolves', () => {
    // Each resolve looked at every card (the answer was kept only for back-to-back resolves): 50,000
    // took 79 s (a CLI run). Counted, not timed: the cards the questions look at.
    let looked = 0;
    const n = 2000;
    let s = 'game riftbound\nplayer alice\nplayer bob\ncard ub "U": unit, owner bob, at base\n';
    for (let i = 0; i < n; i++) s += `card g${i} "G": gear — Equipment, equip, Quick-Draw, owner alice, in hand\n`;
    for (let i = 0; i < n; i++) s += `enter g${i}\nresolve g${i} Quick-Draw\n`;
    const r = withControlsUnit(
      (own) =>
        function (this: Board, player, isUnit) {
          return own.call(this, player, (c) => (looked++, isUnit(c)));
        },
      () => check(s),
    );
    assert.deepEqual(r.findings, []);
    // The first question looks at every card (the lists made); each later one at the gear played since, once.
    assert.equal(looked, n + 1 + (n - 1));
  });
});

/** The fixes an Equip that can't target its unit offered before the look was bounded: every unit `activator` controls on the board, unattached, other than the gear, in declaration order, the first five. */
function everyRetarget(view: BoardView, gear: string, activator: string | undefined): string[] {
  return view.cards.filter((c) => c.id !== gear && c.types.includes('unit') && (c.zone === 'base' || c.zone.startsWith('battlefield')) && c.controller === activator && c.attachedTo === null).slice(0, 5).map((c) => c.id);
}

/** The names an illegal-attachment finding's fixes would put in place of the unit. */
function retargets(f: Finding): string[] {
  return f.fixes.filter((x) => x.title.endsWith(' instead')).map((x) => x.edits[0].newText);
}

describe('an Equip that can\'t target its unit suggests another (retarget, 818.1.c.2)', () => {
  it('suggests on a board of 64 cards or fewer every unit a look at every card suggests: 400 random scenarios', () => {
    const next = prng(818);
    let suggested = 0;
    let findings = 0;
    for (let trial = 0; trial < 400; trial++) {
      // Up to 60 cards: many units of each player, some at a battlefield or in hand, some with gear on them.
      const lines = ['game riftbound', ...PLAYERS.map((p) => `player ${p}`)];
      const units: string[] = [];
      const gear: string[] = [];
      const cards = 4 + Math.floor(next() * 56);
      for (let i = 0; i < cards; i++) {
        if (next() < 0.6) {
          units.push(`u${i}`);
          lines.push(`card u${i} "U": unit, owner ${pick(next, PLAYERS)}, ${pick(next, ['at base', 'at base', 'at battlefield arena', 'in hand'])}`);
        } else {
          gear.push(`e${i}`);
          lines.push(`card e${i} "E": gear — Equipment, equip, owner ${pick(next, PLAYERS)}, at base`);
        }
      }
      if (units.length === 0 || gear.length === 0) continue;
      const equips = 1 + Math.floor(next() * 12);
      for (let i = 0; i < equips; i++) {
        const r = next();
        if (r < 0.65) lines.push(`equip ${pick(next, gear)} to ${pick(next, units)}`);
        else if (r < 0.8) lines.push(`control ${pick(next, units)} ${pick(next, PLAYERS)}`);
        else if (r < 0.9) lines.push(`kill ${pick(next, units)}`);
        else lines.push(`enter ${pick(next, units)}`);
      }
      const text = lines.join('\n') + '\n';
      for (const f of check(text).findings) {
        if (f.code !== 'illegal-attachment' || !f.message.includes('Equip can\'t target')) continue;
        const line = f.range.start.line;
        const gearId = /^equip (\S+) to/.exec(lines[line])![1];
        // The board before the line (a failed Equip changes nothing): who controls the gear activates it.
        const before = boardAt(text, line - 1);
        const activator = before.cards.find((c) => c.id === gearId)!.controller;
        assert.deepEqual(retargets(f), everyRetarget(before, gearId, activator), `line ${line}\n${text}`);
        findings++;
        if (retargets(f).length !== 0) suggested++;
      }
    }
    assert.ok(findings > 400 && suggested > findings / 3, `${findings} findings, ${suggested} with suggestions`);
  });

  it(`looks at the first ${RETARGET_LOOK} cards only: a unit declared after them is not suggested`, () => {
    const head = 'game riftbound\nplayer alice\nplayer bob\ncard ub "U": unit, owner bob, at base\n';
    const gear = Array.from({ length: 70 }, (_, i) => `card g${i} "G": gear — Equipment, equip, owner alice, at base\n`).join('');
    // Alice's unit first: suggested; after the 70 gear: beyond the look.
    const first = check(`${head}card ua "U": unit, owner alice, at base\n${gear}equip g0 to ub\n`).findings;
    assert.deepEqual(first.map(retargets), [['ua']]);
    const last = check(`${head}${gear}card ua "U": unit, owner alice, at base\nequip g0 to ub\n`).findings;
    assert.deepEqual(last.map((f) => f.code), ['illegal-attachment']);
    assert.deepEqual(last.map(retargets), [[]]);
  });

  it('stays linear when thousands of gear each equip another player\'s unit', () => {
    // Each illegal Equip looked at every card for a unit to suggest: 50,000 took 48 s (a CLI run).
    // Counted, not timed: the cards asked whether they are units (retarget asks each card it looks at, but the gear).
    const cards = rbCards as unknown as { isUnit: (c: CardObj) => boolean };
    const own = cards.isUnit;
    let asked = 0;
    cards.isUnit = (c) => (asked++, own(c));
    try {
      const n = 2000;
      let s = 'game riftbound\nplayer alice\nplayer bob\ncard ub "U": unit, owner bob, at base\n';
      for (let i = 0; i < n; i++) s += `card g${i} "G": gear — Equipment, equip, owner alice, at base\n`;
      for (let i = 0; i < n; i++) s += `equip g${i} to ub\n`;
      const r = check(s);
      assert.equal(r.findings.length, n);
      assert.ok(r.findings.every((f) => f.code === 'illegal-attachment' && f.fixes.length === 0));
      // At most the 64 cards a line (63 besides its gear) and its unit, and a bounded number elsewhere: not n a line.
      assert.ok(asked <= (RETARGET_LOOK + 4) * n, `${asked} cards asked for ${n} lines`);
      assert.ok(asked >= RETARGET_LOOK * n - n, `${asked} cards asked for ${n} lines`);
    } finally {
      cards.isUnit = own;
    }
  });
});

describe('a change of a unit\u2019s controller looks again at it, not at its gear (Ruleset.hostControlMatters: 718.5.f)', () => {
  it('finds what looking at everything on it finds: 600 random scenarios', () => {
    const next = prng(7185);
    let marked = 0;
    let control = 0;
    for (let trial = 0; trial < 600; trial++) {
      const text = scenario(next);
      const always = withSetting(HOST_CONTROL, 'always', true, () => findingsAndBoard(text));
      marked += markedIn(() => assert.equal(findingsAndBoard(text), always, text));
      if (/^control /m.test(text) && /^(equip|resolve) /m.test(text)) control++;
    }
    assert.ok(control > 300, `${control} scenarios with gear attached and control changed`);
    assert.ok(marked > 1000, `${marked} cards marked`);
  });

  it('marks a few cards at each of thousands of control changes of a unit with thousands of gear at a battlefield', () => {
    const n = 2000;
    const lines = ['game riftbound', 'player alice', 'player bob', 'card u "U": unit, owner alice, might 3, at battlefield arena'];
    for (let i = 0; i < n; i++) lines.push(`card g${i} "G": gear — Equipment, equip, owner alice, at battlefield arena, attached to u`);
    for (let i = 0; i < n; i++) lines.push(`control u ${i % 2 ? 'alice' : 'bob'}`);
    const text = [...lines, 'expect g0 attached to u', ''].join('\n');
    let findings: Finding[] = [];
    // Every gear looked at by the cleanup after each change: n² = four million.
    const marked = markedIn(() => (findings = check(text).findings));
    assert.deepEqual(findings, []);
    assert.ok(marked <= 4 * n, `${marked} cards marked`);
  });
});
