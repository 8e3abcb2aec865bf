// A host whose fold, carried on, only gained protections or restrictions has judged again only what on
// it these may bar (Board.barred, Ruleset.mayBar: core/rules/mtg/legality.ts). Two shortcuts keep that
// linear on a host with thousands of attachments: a restriction of a kind the host already had one of
// that spares nothing bars nothing more, and protections from names look at the cards of those names
// (Board.cardsNamed, kept through every change of a name: Board.rename). Both are held to the plain way
// (every attachment looked at with every gain) on random scenarios, and counted on the large families,
// where the fold carried on also adds to the last fold's lists in place instead of copying them
// (APPEND.copied; the resumed checks of grantFold.test.ts hold a copy of the board to its own lists).
import assert from 'node:assert/strict';
import { check } from '../../core';
import { BAR } from '../../core/rules/mtg/legality';
import { APPEND } from '../../core/engine/grantFold';
import { TARGETING } from '../../core/engine/abilities';
import { markedIn } from '../support/marks';
import { findingsAndBoard, withSetting } from '../support/outcome';
import { prng } from '../support/prng';
import { TWO_CREATURES } from '../support/families';

const HEAD = TWO_CREATURES;

/** What an Equipment may say of the creature it equips. */
const SAYS = [
  (k: number) => `equipped creature has protection from "Name ${k}"`,
  (k: number) => `equipped creature has protection from "Name ${k}"`,
  (k: number) => `equipped creature has protection from "Name ${k}" and protection from "Name ${(k + 1) % 4}"`,
  () => "equipped creature can't be enchanted",
  () => "equipped creature can't be fortified",
  () => "equipped creature can't be equipped",
  () => 'equipped creature has flying',
  () => 'equipped creature has protection from red',
];

/**
 * Twelve Equipment and three Auras named among four names, each Equipment saying one of SAYS; a clone
 * and a double-faced Equipment whose back is named "Name 2" (their names change); attaches to the lion
 * mostly (over eight attachments: protections from names look at the cards named), copies, transforms,
 * Auras saying they can't be enchanted by other Auras.
 */
function scenario(next: () => number): string {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)];
  const name = () => `Name ${Math.floor(next() * 4)}`;
  const lines = [HEAD];
  const equipment: string[] = [];
  for (let i = 0; i < 12; i++) {
    equipment.push(`g${i}`);
    lines.push(`card g${i} "${name()}": artifact — Equipment, owner alice, color ${pick(['red', 'blue'])}, ${pick(SAYS)(Math.floor(next() * 4))}${next() < 0.5 ? ', attached to lion' : ''}\n`);
  }
  lines.push('card dfc "Name 1": artifact — Equipment, owner alice, equipped creature has flying, transforms into back, attached to lion\n');
  lines.push('card back "Name 2": artifact — Equipment, equipped creature has flying, back face\n');
  lines.push('card clone "Clone": artifact — Equipment, owner alice, attached to lion\n');
  equipment.push('dfc', 'clone');
  const auras = ['a0', 'a1', 'a2'];
  for (const a of auras) lines.push(`card ${a} "${name()}": enchantment — Aura, enchant creature, owner alice, ${next() < 0.3 ? "enchanted creature can't be enchanted by other Auras" : 'enchanted creature has haste'}, in hand\n`);
  const n = 20 + Math.floor(next() * 30);
  for (let i = 0; i < n; i++) {
    const r = next();
    const host = next() < 0.85 ? 'lion' : 'bears';
    if (r < 0.35) lines.push(`attach ${pick(equipment)} to ${host}\n`);
    else if (r < 0.45) lines.push(`unattach ${pick(equipment)} from ${host}\n`);
    else if (r < 0.53) lines.push(`becomes clone a copy of ${pick(equipment.slice(0, 12))}\n`);
    else if (r < 0.57) lines.push('transform dfc\n');
    else if (r < 0.67) lines.push(`enter ${pick(auras)} attached to ${host}\n`);
    else if (r < 0.71) lines.push(`bounce ${pick(auras)}\n`);
    else if (r < 0.75) lines.push(`destroy ${pick(equipment)}\n`);
    else if (r < 0.8) lines.push(`move ${pick(equipment)} to battlefield\n`);
    // Two attaches in one resolution: the host's gains wait for the replay's next look, one after the other.
    else lines.push(`together: attach ${pick(equipment)} to lion; ${next() < 0.7 ? `attach ${pick(equipment)} to` : `unattach ${pick(equipment)} from`} lion\n`);
  }
  return lines.join('');
}

/** The findings and the final board, with mayBar's shortcuts on or off. */
function outcome(text: string, plain: boolean): string {
  return withSetting(BAR, 'plain', plain, () => findingsAndBoard(text));
}

/** How many attachments and named cards mayBar looked at while `run` ran. */
function lookedIn(run: () => void): number {
  const before = BAR.looked;
  run();
  return BAR.looked - before;
}

describe('what a host that gained protections or restrictions has judged again (Ruleset.mayBar)', () => {
  it('is what looking at every attachment with every gain finds, on 400 random scenarios (findings and boards)', () => {
    const next = prng(70316);
    let barred = 0;
    let looked = 0;
    for (let trial = 0; trial < 400; trial++) {
      const text = scenario(next);
      const plain = outcome(text, true);
      looked += lookedIn(() => assert.equal(outcome(text, false), plain, text));
      if (/protection from \\"Name|can't be (enchanted|equipped)/.test(plain) && plain.includes('"kind"')) barred++;
    }
    // The scenarios reach the shortcuts and bar things by them (not a comparison of two idle runs).
    assert.ok(barred > 100, `${barred} scenarios with findings of protections from names or restrictions`);
    assert.ok(looked > 1000, `${looked} attachments and named cards looked at`);
  });

  it('finds a card given a protected name after the names were filed (a copy, a transform)', () => {
    // Nine Equipment on the lion, so that a protection from a name looks at the cards of that name. The
    // first protection carried on files the names; then the clone becomes a copy of "Name 3" and the double-faced
    // Equipment turns to its back, "Name 2": protections from those names bar them.
    const lines = [HEAD];
    for (let i = 0; i < 9; i++) lines.push(`card f${i} "Filler ${i}": artifact — Equipment, owner alice, attached to lion\n`);
    lines.push('card model "Name 3": artifact — Equipment, owner alice\n');
    lines.push('card clone "Clone": artifact — Equipment, owner alice, attached to lion\n');
    lines.push('card dfc "Name 1": artifact — Equipment, owner alice, transforms into back, attached to lion\n');
    lines.push('card back "Name 2": artifact — Equipment, back face\n');
    for (const [i, k] of [[0, 9], [1, 3], [2, 2], [3, 8]]) lines.push(`card p${i} "Giver": artifact — Equipment, owner alice, equipped creature has protection from "Name ${k}"\n`);
    // p0 is the lion's first grantor (its fold made from scratch); p3's fold is carried on, and its protection files the names.
    lines.push('attach p0 to lion\nattach p3 to lion\nbecomes clone a copy of model\ntransform dfc\nattach p1 to lion\nattach p2 to lion\n');
    const text = lines.join('');
    let findings: ReturnType<typeof check>['findings'] = [];
    assert.ok(lookedIn(() => (findings = check(text).findings)) <= 6, 'the cards of the names looked at, not every attachment');
    assert.equal(outcome(text, false), outcome(text, true));
    // Each is unattached by the state-based actions (704.5n), which the scenario does not record.
    const lineOf = (s: string) => text.split('\n').indexOf(s);
    assert.deepEqual(
      findings.map((f) => [f.kind, f.range.start.line]),
      [['missing-unattach', lineOf('attach p1 to lion')], ['missing-unattach', lineOf('attach p2 to lion')]],
    );
  });

  it('looks at few cards as thousands of Equipment, each giving protection from another name, are attached to one creature', () => {
    const n = 1500;
    const lines = [HEAD, 'card aura "Ward": enchantment — Aura, enchant creature, owner alice, attached to lion\n'];
    for (let i = 0; i < n; i++) lines.push(`card e${i} "E": artifact — Equipment, owner alice, equipped creature has protection from "Name ${i}"\n`);
    lines.push('card x "Name 700": artifact — Equipment, owner alice, attached to lion\n');
    for (let i = 0; i < n; i++) lines.push(`attach e${i} to lion\n`);
    const text = lines.join('');
    let findings: ReturnType<typeof check>['findings'] = [];
    // Every attachment looked at with each gain: about n²/2, over a million; and as many protections
    // copied, each fold carried on copying the last one's list (added to in place now).
    const copied = APPEND.copied;
    const looked = lookedIn(() => (findings = check(text).findings));
    assert.ok(looked <= 4 * n, `${looked} attachments and named cards looked at`);
    assert.ok(APPEND.copied - copied <= 4 * n, `${APPEND.copied - copied} protections copied`);
    // x is barred by e700's protection (702.16a) and unattached (704.5n), which the scenario does not record.
    assert.deepEqual(findings.map((f) => [f.kind, f.range.start.line]), [['missing-unattach', text.split('\n').indexOf('attach e700 to lion')]]);
  });

  it("looks at few cards as thousands of Equipment, each saying it can't be enchanted or fortified, are attached to one creature", () => {
    const n = 1500;
    const lines = [HEAD, 'card aura "Ward": enchantment — Aura, enchant creature, owner alice, attached to lion\n'];
    for (let i = 0; i < n; i++) lines.push(`card e${i} "E": artifact — Equipment, owner alice, equipped creature can't be ${i % 2 ? 'fortified' : 'enchanted'}\n`);
    for (let i = 0; i < n; i++) lines.push(`attach e${i} to lion\n`);
    lines.push('enter aura attached to lion\n');
    const text = lines.join('');
    let findings: ReturnType<typeof check>['findings'] = [];
    const copied = APPEND.copied;
    const looked = lookedIn(() => (findings = check(text).findings));
    assert.ok(looked <= 4 * n, `${looked} attachments looked at`);
    assert.ok(APPEND.copied - copied <= 4 * n, `${APPEND.copied - copied} restrictions copied`);
    // The first bars the Aura (put into the graveyard, 704.5m, not recorded), and it can't enter attached to the creature later (303.4).
    const lineOf = (s: string) => text.split('\n').indexOf(s);
    assert.deepEqual(findings.map((f) => [f.kind, f.range.start.line]), [['missing-state-based-action', lineOf('attach e0 to lion')], ['illegal-attachment', lineOf('enter aura attached to lion')]]);
  });

  it('marks and copies few cards as thousands of Equipment, each giving another ward, are attached to one creature', () => {
    // A targeting keyword gained bars nothing attached (only targets are chosen by it): the host alone is
    // looked at again ('own'), its fold adds to its list in place, and a long list is searched by its keys.
    const n = 1500;
    const lines = [HEAD, 'card aura "Ward": enchantment — Aura, enchant creature, owner alice, attached to lion\n'];
    for (let i = 0; i < n; i++) lines.push(`card e${i} "E": artifact — Equipment, owner alice, equipped creature has ward ${i + 1}\n`);
    for (let i = 0; i < n; i++) lines.push(`attach e${i} to lion\n`);
    lines.push('expect aura attached to lion\n');
    const text = lines.join('');
    const [copied, looked] = [APPEND.copied, TARGETING.looked];
    let findings: ReturnType<typeof check>['findings'] = [];
    // Every attachment judged at each attach: about n²/2, over a million; as many keywords copied and compared.
    const marked = markedIn(() => (findings = check(text).findings));
    assert.deepEqual(findings, []);
    assert.ok(marked <= 4 * n, `${marked} cards marked`);
    assert.ok(APPEND.copied - copied <= 4 * n, `${APPEND.copied - copied} abilities copied`);
    assert.ok(TARGETING.looked - looked <= 8 * n, `${TARGETING.looked - looked} keywords looked at`);
  });

  it('marks few cards as an Equipment giving protection moves back and forth between two creatures with thousands of Auras', () => {
    // Each move takes the host's last grantor away (its abilities are its own again: only lost instances
    // of protection, which bar nothing) and gives the other its first (judged against its own abilities:
    // only what the new protection may bar). Before, both were told as a change of everything, and every
    // Aura on both creatures was judged at each move: about n² marks.
    const n = 1500;
    const lines = [HEAD, 'card blade "Blade": artifact — Equipment, equip, owner alice, equipped creature has protection from red\n'];
    for (let i = 0; i < n; i++) lines.push(`card a${i} "A": enchantment — Aura, enchant creature, owner alice, color ${i % 2 ? 'blue' : 'black'}, attached to ${i % 2 ? 'lion' : 'bears'}\n`);
    lines.push('card fire "Fire": enchantment — Aura, enchant creature, owner alice, color red, in hand\n', 'turn alice\n');
    for (let i = 0; i < n; i++) lines.push(`equip blade to ${i % 2 ? 'bears' : 'lion'}\n`);
    // The red Aura enters on the unprotected creature, and the blade then moves onto it.
    lines.push('enter fire attached to lion\n', 'equip blade to lion\n');
    const text = lines.join('');
    let findings: ReturnType<typeof check>['findings'] = [];
    const marked = markedIn(() => (findings = check(text).findings));
    assert.ok(marked <= 8 * n, `${marked} cards marked`);
    // The red Aura is put into its owner's graveyard (702.16c, 704.5m), which the scenario does not record.
    assert.deepEqual(findings.map((f) => [f.kind, f.range.start.line]), [['missing-state-based-action', text.split('\n').length - 2]]);
  });
});
