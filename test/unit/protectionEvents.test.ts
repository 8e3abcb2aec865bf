// An event's protection (`gains X protection from Q`, `loses X protection ...`, with their durations)
// judges again only what it may bar (legality.ts, touchChanged): what a new instance covers, and
// nothing for an instance from a quality the object already has one of that spares nothing (702.16m:
// redundant) or for a loss; an effect until end of turn that ends having changed only protections
// does the same (untilEndOfTurn.ts, hostBarring). A redundant instance is not listed again. Each
// is held to the plain way on random scenarios: judging everything on the object at each change
// (BAR.plain, HOST_CHANGE.from) gives the same findings and board, and listing every instance
// (REDUNDANT.listed) the same findings.
import assert from 'node:assert/strict';
import { boardAt, check } from '../../core';
import { BAR } from '../../core/rules/mtg/legality';
import { ATTACHED_COLORS } from '../../core/engine/board';
import { REDUNDANT } from '../../core/rules/mtg/effects';
import { HOST_CHANGE } from '../../core/engine/untilEndOfTurn';
import { markedIn } from '../support/marks';
import { findingsAndBoard, withSetting } from '../support/outcome';
import { prng } from '../support/prng';
import { TWO_CREATURES } from '../support/families';

const HEAD = `${TWO_CREATURES}card knight "Knight": creature — Human Knight, owner bob, color black\n`;

const COLORS = ['white', 'blue', 'black', 'red', 'green'];
const QUALITIES = [...COLORS, ...COLORS, '"Name 0"', '"Name 1"', 'everything', 'all colors', 'enchantments', 'artifacts', 'Auras', 'bob', 'alice'];
const KEEPS = [', not removing Auras', ', not removing attached', ', not removing a0', ', not removing g1'];
const FILTERS = ['creature', 'red creature', 'nonwhite creature', 'green or black creature', 'colorless creature'];
const BECOMES = [...COLORS, 'colorless', 'red in addition to its other colors', 'artifact', 'blue artifact creature', 'Elf'];
const DURATIONS = [' until end of turn', ' until end of turn', ' until your next turn', " until bob's next turn"];

/**
 * Six Auras (one a Curse, enchanting players) and three Equipment of several colors and two names,
 * some on the creatures from the start, one giving a protection and one taking one away; events that give and take protections,
 * for good and for a while, with what they spare, to creatures and to a player; turns that end them;
 * colors and types that change, where filters name colors or don't; abilities lost (the grantor's
 * too); attaches and Auras entering.
 */
function scenario(next: () => number): string {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)];
  const lines = [HEAD];
  const hosts = ['lion', 'lion', 'bears', 'knight'];
  // Half the scenarios have filters that name colors: only there does a host's change of colors bar anything.
  const colorFilters = next() < 0.5;
  for (let i = 0; i < 6; i++) {
    const curse = i === 5;
    const where = next() < 0.6 ? `attached to ${curse ? 'bob' : pick(hosts)}` : 'in hand';
    lines.push(`card a${i} "Name ${Math.floor(next() * 3)}": enchantment — Aura${curse ? ' Curse' : ''}, enchant ${curse ? 'player' : colorFilters ? pick(FILTERS) : 'creature'}, owner ${pick(['alice', 'bob'])}, color ${pick(COLORS)}, ${where}\n`);
  }
  for (let i = 0; i < 3; i++) {
    // Grants that give a protection and take one away (613.1f: applied in their place among the events' changes).
    const says = i === 2 ? `, equipped creature has protection from ${pick(COLORS)}` : i === 1 ? `, equipped creature loses protection from ${pick(COLORS)}` : '';
    lines.push(`card g${i} "Name ${i}": artifact — Equipment, equip, owner alice, color ${pick(COLORS)}${says}${next() < 0.5 ? ', attached to lion' : ''}\n`);
  }
  const n = 20 + Math.floor(next() * 30);
  for (let i = 0; i < n; i++) {
    const r = next();
    const subject = next() < 0.8 ? pick(hosts) : 'bob';
    const duration = next() < 0.4 ? pick(DURATIONS) : '';
    if (r < 0.4) lines.push(`gains ${subject} protection from ${pick(QUALITIES)}${next() < 0.15 && subject !== 'bob' ? pick(KEEPS) : ''}${duration}\n`);
    else if (r < 0.5) lines.push(`loses ${subject} protection from ${pick(QUALITIES)}${duration}\n`);
    else if (r < 0.54) lines.push(`loses ${subject} protection${duration}\n`);
    else if (r < 0.64) lines.push(`turn ${pick(['alice', 'bob'])}\n`);
    else if (r < 0.72) {
      const subject = next() < 0.5 ? pick(hosts) : `a${Math.floor(next() * 6)}`;
      lines.push(next() < 0.2 ? `loses ${subject} creature until end of turn\n` : `becomes ${subject} ${pick(BECOMES)}${next() < 0.5 ? ' until end of turn' : ''}\n`);
    }
    else if (r < 0.82) {
      const a = Math.floor(next() * 6);
      lines.push(`enter a${a} attached to ${a === 5 ? pick(['alice', 'bob']) : pick(hosts)}\n`);
    } else if (r < 0.9) lines.push(`attach g${Math.floor(next() * 3)} to ${pick(hosts)}\n`);
    else if (r < 0.95) lines.push(`loses ${pick([...hosts, 'g2', 'a0'])} all abilities${next() < 0.7 ? ' until end of turn' : ''}\n`);
    else lines.push(`destroy a${Math.floor(next() * 6)}\n`);
  }
  return lines.join('');
}

/** The findings of a check as one string to compare. */
function findings(text: string): string {
  return JSON.stringify(check(text).findings);
}

describe("what an event's protection judges again (touchChanged, hostBarring)", () => {
  it('is what judging everything on the object finds, and listing every instance too, on 400 random scenarios', () => {
    const next = prng(51627);
    let barred = 0;
    for (let trial = 0; trial < 400; trial++) {
      const text = scenario(next);
      // Worked out on every host (the scenarios' hosts have fewer attachments than HOST_CHANGE.from and
      // BAR.from: with both at 0, mayBar's shortcuts for names and colors too), as set, and never.
      const short = withSetting(BAR, 'from', 0, () => withSetting(HOST_CHANGE, 'from', 0, () => findingsAndBoard(text)));
      const plain = withSetting(BAR, 'plain', true, () => withSetting(HOST_CHANGE, 'from', Infinity, () => findingsAndBoard(text)));
      assert.equal(short, plain, text);
      assert.equal(findingsAndBoard(text), plain, text);
      const listed = withSetting(BAR, 'plain', true, () => withSetting(HOST_CHANGE, 'from', Infinity, () => withSetting(REDUNDANT, 'listed', true, () => findings(text))));
      const found = check(text).findings;
      assert.equal(JSON.stringify(found), listed, text);
      // Written right: no line of the generator's is misread.
      assert.deepEqual(found.filter((f) => f.kind === 'syntax-error'), [], text);
      if (found.some((f) => f.rules.some((r) => r === '702.16c' || r === '702.16d'))) barred++;
    }
    // The scenarios bar things by protection (not a comparison of two idle runs).
    assert.ok(barred > 100, `${barred} scenarios with an attachment barred by a protection`);
  });

  it('marks few cards as a player with thousands of Curses is given hexproof and protection until end of turn, turn after turn', () => {
    const n = 1500;
    const lines = [HEAD];
    for (let i = 0; i < n; i++) lines.push(`card c${i} "Curse": enchantment — Aura Curse, enchant player, owner alice, color blue, attached to bob\n`);
    lines.push('card red "Red Curse": enchantment — Aura Curse, enchant player, owner alice, color red, attached to bob\n');
    // Each turn's effects end with it: hexproof bars nothing attached, and protection from green covers no Curse.
    for (let i = 0; i < n; i++) lines.push(`gains bob ${i % 2 ? 'hexproof' : 'protection from green'} until end of turn\nturn ${i % 2 ? 'alice' : 'bob'}\n`);
    lines.push('gains bob protection from red\n');
    const text = lines.join('');
    let found: ReturnType<typeof check>['findings'] = [];
    // Before: every Curse judged as each turn ended, n² in all.
    const marked = markedIn(() => (found = check(text).findings));
    assert.ok(marked <= 8 * n, `${marked} cards marked`);
    // The red Curse is put into its owner's graveyard (702.16c, 704.5m), which the scenario does not record.
    assert.deepEqual(found.map((f) => [f.kind, f.range.start.line]), [['missing-state-based-action', text.split('\n').length - 2]]);
  });

  it('bars what entered while a protection was lost until end of turn, as the turn ends (a creature and a player)', () => {
    for (const [host, aura] of [
      ['lion', 'card aura "Red Aura": enchantment — Aura, enchant creature, owner alice, color red, in hand'],
      ['bob', 'card aura "Red Curse": enchantment — Aura Curse, enchant player, owner alice, color red, in hand'],
    ]) {
      const lines = [`${HEAD}${aura}`, `gains ${host} protection from red`, `loses ${host} protection from red until end of turn`, `enter aura attached to ${host}`, 'turn bob', ''];
      const text = lines.join('\n');
      // The Aura is put into its owner's graveyard as the protection comes back (702.16c, 704.5m), which the scenario does not record.
      const expected = [['missing-state-based-action', text.split('\n').indexOf('turn bob')]];
      for (const from of [0, Infinity]) {
        const found = withSetting(HOST_CHANGE, 'from', from, () => check(text).findings);
        assert.deepEqual(found.map((f) => [f.kind, f.range.start.line]), expected, `${host}, HOST_CHANGE.from ${from}`);
      }
    }
  });

  it('still gives a redundant instance its place in time against the grants (613.7a)', () => {
    // The lion has protection from red; the Veil takes it away (its grant is later); the Aura enters. The
    // event gives the lion protection from red again, after the grant: it has it, and the Aura goes.
    const text = `${HEAD}card aura "Red Aura": enchantment — Aura, enchant creature, owner alice, color red, in hand
card veil "Veil": artifact — Equipment, equip, owner alice, equipped creature loses protection from red
gains lion protection from red
attach veil to lion
enter aura attached to lion
gains lion protection from red
`;
    const found = check(text).findings;
    assert.deepEqual(found.map((f) => [f.kind, f.range.start.line]), [['missing-state-based-action', text.split('\n').length - 2]]);
    assert.equal(JSON.stringify(found), withSetting(REDUNDANT, 'listed', true, () => findings(text)));
  });

  it('looks at few cards as a creature with thousands of blue Auras gains and loses protection from red again and again, or loses it with all its abilities until end of turn', () => {
    const n = 1500;
    const auras: string[] = [];
    for (let i = 0; i < n; i++) auras.push(`card a${i} "A": enchantment — Aura, enchant creature, owner alice, color blue, attached to lion\n`);
    const families = [
      (i: number) => `${i % 2 ? 'gains' : 'loses'} lion protection from red\n`,
      (i: number) => `gains lion protection from red until end of turn\nturn ${i % 2 ? 'alice' : 'bob'}\n`,
      // Its own protection comes back as each turn ends.
      (i: number) => `loses lion all abilities until end of turn\nturn ${i % 2 ? 'alice' : 'bob'}\n`,
    ];
    for (const event of families) {
      const lines = [HEAD.replace('color white\n', 'color white, protection from red\n'), ...auras];
      lines.push('card red "Red": enchantment — Aura, enchant creature, owner alice, color red, in hand\n');
      for (let i = 0; i < n; i++) lines.push(event(i));
      lines.push('enter red attached to lion\n');
      const text = lines.join('');
      assert.ok(text.includes('color white, protection from red\n'), 'the lion starts with protection from red');
      const before = BAR.looked + ATTACHED_COLORS.walked;
      const found = check(text).findings;
      // Before: every Aura looked at with each gain of protection from red, n²/2 in all.
      const looked = BAR.looked + ATTACHED_COLORS.walked - before;
      assert.ok(looked <= 4 * n, `${looked} attachments looked at`);
      // The red Aura can't be attached to a creature with protection from red (702.16c): the last line.
      assert.deepEqual(found.map((f) => [f.kind, f.range.start.line]), [['illegal-attachment', text.split('\n').length - 2]], found.map((f) => f.message).join('\n'));
    }
  });

  it('finds an attachment that became red since its host last looked, by an effect that ended or a copy, with few attachments or many', () => {
    const blue = (k: number) => Array.from({ length: k }, (_, i) => `card a${i} "A": enchantment — Aura, enchant creature, owner alice, color blue, attached to lion\n`).join('');
    const cases = [
      // An Aura made blue until end of turn is red again as the turn ends: it goes to its owner's graveyard (704.5m).
      ['card aura "Red Aura": enchantment — Aura, enchant creature, owner alice, color red, attached to lion\n', 'becomes aura blue until end of turn\n', 'turn bob\n', 'missing-state-based-action'],
      // An Equipment becomes a copy of a red one: it becomes unattached (704.5n).
      ['card g "Copycat": artifact — Equipment, equip, owner alice, color blue, attached to lion\ncard r "Red Blade": artifact — Equipment, equip, owner alice, color red\n', '', 'becomes g a copy of r\n', 'missing-unattach'],
    ];
    for (const [cards, first, change, code] of cases) {
      // With 40 Auras, over HOST_CHANGE.from and BAR.from, the gain works out what it may bar by colors.
      for (const k of [0, 40]) {
        const text = `${HEAD}${blue(k)}${cards}${first}gains lion protection from red\nloses lion protection from red\n${change}gains lion protection from red\n`;
        const found = check(text).findings;
        // Protection from red covers it (702.16c, 702.16d), which the scenario does not record: the last line.
        assert.deepEqual(found.map((f) => [f.kind, f.range.start.line]), [[code, text.split('\n').length - 2]], `${k} Auras: ${change}`);
      }
    }
  });

  it('marks few cards as a creature with thousands of Auras is given protection again and again, for good and until end of turn', () => {
    const n = 1500;
    const lines = [HEAD];
    for (let i = 0; i < n; i++) lines.push(`card a${i} "A": enchantment — Aura, enchant creature, owner alice, color blue, attached to lion\n`);
    lines.push('card red "Red": enchantment — Aura, enchant creature, owner alice, color red, attached to lion\n');
    for (let i = 0; i < n; i++) lines.push(`gains lion protection from ${i % 2 ? 'green' : 'black'}\n`);
    // Each turn's protection from green ends with the turn: the lion alone is looked at again.
    for (let i = 0; i < n; i++) lines.push(`gains lion protection from green until end of turn\nturn ${i % 2 ? 'alice' : 'bob'}\n`);
    lines.push('gains lion protection from red\n');
    const text = lines.join('');
    let found: ReturnType<typeof check>['findings'] = [];
    // Before: every Aura judged at each change, about 3n², each against every instance listed.
    const marked = markedIn(() => (found = check(text).findings));
    assert.ok(marked <= 8 * n, `${marked} cards marked`);
    // The red Aura is put into its owner's graveyard (702.16c, 704.5m), which the scenario does not record.
    assert.deepEqual(found.map((f) => [f.kind, f.range.start.line]), [['missing-state-based-action', text.split('\n').length - 2]]);
    // 702.16m: each quality listed once.
    const lion = boardAt(text, text.split('\n').length - 2).cards.find((c) => c.id === 'lion')!;
    assert.deepEqual(lion.protections, ['black', 'green', 'red']);
  });
});
