// The grants fold kept up to date grantor by grantor (core/engine/grantFold.ts) against the fold as
// the rules state it (613.7a): every effect of every grantor and every logged event, sorted by
// timestamp and applied in turn (the same foldEffects: what is compared is what the index keeps). Each time the board works out a host's grants, the reference works
// them out from scratch and the two must be the same, abilities, order and sources alike: over every
// fixture and example, and over random scenarios of granting Equipment and Auras moved, phased,
// destroyed and changed by events.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { analyse, boardAt, check } from '../../core';
import { type CantEntry, type Granted, grantsOf, grantsTo, LONG_LIST } from '../../core/engine/abilities';
import { Board, type CardObj } from '../../core/engine/board';
import { APPEND, type Effect, foldEffects, FROM_LOG, REFOLD, withValues } from '../../core/engine/grantFold';
import { findingsAndBoard, withSetting } from '../support/outcome';
import { includeOptions } from '../../cli/includes';
import { FIXTURES_DIR, listBoards, readText, checkOptionsOf } from '../support/fixtures';
import { editedAt } from '../support/edits';
import { markedIn } from '../support/marks';
import { prng } from '../support/prng';
import type { Finding } from '../../core/types';

function lostAllAt(c: CardObj): number {
  for (let i = c.abilityLog.length - 1; i >= 0; i--) if (c.abilityLog[i].ability === 'all' && c.abilityLog[i].verb === 'loses') return c.abilityLog[i].timestamp;
  return -1;
}

/**
 * The reference: every effect of every grantor and every logged event (no index, nothing left out),
 * in a stable sort by timestamp (grantors in the order they became grantors, then the events), folded
 * by the same foldEffects. What is tested is that the index and the effects it keeps decide alike.
 */
function reference(board: Board, host: CardObj): Granted | undefined {
  if (host.grantors.size === 0) return undefined;
  const effects: Effect[] = [];
  const cant: CantEntry[] = [];
  const add = (e: Omit<Effect, 'seq' | 'keep'> & { keep?: Effect['keep'] }) => effects.push({ keep: undefined, ...e, seq: effects.length });
  for (const id of host.grantors) {
    const a = board.cards.get(id);
    if (!grantsTo(board, a, host)) continue;
    // A grantor that lost all its abilities, to an event or to an attachment's grant, grants nothing (113.10).
    if (!a.lost.has('all') && a.granted?.lostAll === undefined) {
      for (const g of grantsOf(a)) {
        for (const ability of g.abilities) {
          if (ability.kind === 'cant') cant.push({ what: ability.what, except: ability.other ? a.id : undefined, by: a.id });
          else if (ability.kind !== 'grant' && ability.kind !== 'control' && ability.kind !== 'types') add({ primary: a.timestamp, secondary: 0, verb: g.verb, ability: ability.kind === 'all' ? 'all' : ability, source: a.id, grantKeep: ability.kind === 'protection' ? ability.keep : undefined });
        }
      }
    }
    if (a.grantors.size === 0) continue;
    const lostAt = lostAllAt(a);
    for (const rid of a.grantors) {
      const r = board.cards.get(rid);
      if (!grantsTo(board, r, a) || r.lost.has('all') || lostAt > r.timestamp) continue;
      for (const g of grantsOf(r)) {
        if (g.verb !== 'has') continue;
        for (const given of g.abilities) {
          if (given.kind !== 'grant') continue;
          for (const ability of given.grant.abilities) if (ability.kind !== 'grant' && ability.kind !== 'cant' && ability.kind !== 'control' && ability.kind !== 'types') add({ primary: Math.max(a.timestamp, r.timestamp), secondary: r.timestamp, verb: given.grant.verb, ability: ability.kind === 'all' ? 'all' : ability, source: a.id, grantKeep: undefined });
        }
      }
    }
  }
  if (effects.length === 0 && cant.length === 0) return undefined;
  for (const ch of host.abilityLog) add({ primary: ch.timestamp, secondary: 0, verb: ch.verb, ability: ch.ability, source: undefined, keep: ch.keep, grantKeep: undefined });
  effects.sort((x, y) => x.primary - y.primary || x.secondary - y.secondary);
  // Riftbound's values of Assault and Shield are summed on the fold, not by it (807.2, 814.2).
  const folded = foldEffects(board, host, effects, cant);
  return board.game === 'riftbound' ? withValues(board, host, folded) : folded;
}

type Regrant = (this: Board, host: CardObj, changed: string | undefined) => void;
const proto = Board.prototype as unknown as { regrant: Regrant };

/**
 * Runs `run` with every regrant of the board compared with the reference; returns how many were
 * compared. A difference is kept and thrown after the run (the check turns an exception inside it
 * into a finding, to never crash).
 */
function compared(run: () => void): number {
  const original = proto.regrant;
  let n = 0;
  let difference: Error | undefined;
  proto.regrant = function (this: Board, host: CardObj, changed: string | undefined) {
    original.call(this, host, changed);
    n++;
    try {
      assert.deepStrictEqual(host.granted, reference(this, host), `${host.id}'s grants (changed: ${changed === undefined ? 'any' : JSON.stringify(changed)})`);
    } catch (e) {
      difference ??= e as Error;
    }
  };
  try {
    run();
  } finally {
    proto.regrant = original;
  }
  if (difference) throw difference;
  return n;
}

const HEAD = `game mtg
rules 2024-06-07
player alice
player bob
card lion "Silvercoat Lion": creature — Cat, owner alice, color white
card bears "Grizzly Bears": creature — Bear, owner alice, color green, flying, hexproof from blue
card knight "White Knight": creature — Human Knight, owner bob, color white, protection from red
`;

/** Grants an Equipment or an Aura may have (several per card, joined with `and` or as two grants). */
const EQUIP_GRANTS = [
  'equipped creature has flying',
  'equipped creature has protection from red',
  'equipped creature has protection from red and hexproof from blue',
  'equipped creature loses flying',
  'equipped creature loses protection from red',
  'equipped creature has hexproof',
  'equipped creature loses hexproof',
  'equipped creature has ward 2',
  'equipped creature has haste and flying',
  'equipped creature has shroud, equipped creature loses haste',
];
const AURA_GRANTS = [
  'enchanted creature has flying',
  'enchanted creature has protection from red, not removing Auras',
  'enchanted creature has protection from white, not removing attached',
  'enchanted creature has protection from green, not removing lion',
  'enchanted creature loses all abilities',
  'enchanted creature loses protection from red',
  'enchanted creature has hexproof from blue and haste',
  'enchanted creature can\'t be enchanted by other Auras',
];
const ON_EQUIPMENT = ['enchanted permanent has "equipped creature has flying"', 'enchanted permanent has "equipped creature loses flying"', 'enchanted permanent has "equipped creature has protection from blue"'];

/** What an event gives (and takes: also `hexproof`, every hexproof; `all abilities`; `protection`, every protection). */
const GAINED = ['flying', 'protection from red', 'hexproof from blue', 'haste', 'ward 2'];

export function scenario(next: () => number): string {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)];
  const hosts = ['lion', 'bears', 'knight'];
  const lines = [HEAD];
  const equipment = ['e1', 'e2', 'e3', 'e4'];
  const auras = ['a1', 'a2', 'a3'];
  for (const e of equipment) lines.push(`card ${e} "Blade": artifact — Equipment, owner alice, color ${pick(['red', 'blue', 'white'])}, ${pick(EQUIP_GRANTS)}${next() < 0.3 ? `, ${pick(EQUIP_GRANTS)}` : ''}\n`);
  for (const a of auras) {
    const onEquipment = next() < 0.3;
    lines.push(`card ${a} "Charm": enchantment — Aura, enchant ${onEquipment ? 'permanent' : 'creature'}, owner ${pick(['alice', 'bob'])}, color ${pick(['red', 'blue', 'white', 'green'])}, attached to ${onEquipment ? 'e1' : pick(hosts)}, ${onEquipment ? pick(ON_EQUIPMENT) : pick(AURA_GRANTS)}\n`);
  }
  const n = 5 + Math.floor(next() * 25);
  for (let i = 0; i < n; i++) {
    const r = next();
    const h = pick(hosts);
    if (r < 0.3) lines.push(`attach ${pick(equipment)} to ${h}\n`);
    else if (r < 0.4) lines.push(`attach ${pick(auras)} to ${next() < 0.2 ? pick(equipment) : h}\n`);
    else if (r < 0.5) lines.push(`unattach ${pick(equipment)} from ${h}\n`);
    else if (r < 0.7) {
      const gains = next() < 0.5;
      const ability = pick(gains ? GAINED : [...GAINED, 'hexproof', 'all abilities', 'protection']);
      lines.push(`${gains ? 'gains' : 'loses'} ${next() < 0.8 ? h : pick(equipment)} ${ability}\n`);
    }
    else if (r < 0.8) lines.push(`phase ${pick(['out', 'in'])} ${pick([...hosts, ...equipment])}\n`);
    else if (r < 0.86) lines.push(`destroy ${pick([...equipment, ...auras])}\n`);
    else if (r < 0.92) lines.push(`control ${pick([...hosts, ...equipment])} ${pick(['alice', 'bob'])}\n`);
    else lines.push(`together: attach ${pick(equipment)} to ${h}; unattach ${pick(equipment)} from ${pick(hosts)}\n`);
  }
  return lines.join('');
}

describe('the grants fold kept grantor by grantor (grantFold.ts) equals the full fold (613.7a)', () => {
  it('on every fixture and example', () => {
    const files = [...listBoards(FIXTURES_DIR), ...listBoards(join(FIXTURES_DIR, '..', '..', 'examples'))];
    let n = 0;
    for (const file of files) {
      const text = readText(file);
      try {
        n += compared(() => check(text, { ...includeOptions(file, FIXTURES_DIR), ...checkOptionsOf(text) }));
      } catch (e) {
        throw new Error(`${file}: ${(e as Error).message}`);
      }
    }
    // The corpus has grants: the comparison ran (the fixtures of granted abilities alone make dozens).
    assert.ok(n > 100, `only ${n} folds compared`);
  });

  it('puts each ability where the first grant after its last loss put it, a loss of every hexproof included', () => {
    const blade = (id: string, grant: string) => `card ${id} "Blade": artifact — Equipment, owner alice, equipped creature has ${grant}\n`;
    const text = `${HEAD}${blade('e1', 'protection from red and hexproof from blue')}${blade('e2', 'protection from white and ward 2')}${blade('e3', 'protection from red and hexproof from blue')}${blade('e4', 'protection from blue and shroud')}${blade('e5', 'protection from red and hexproof from blue')}attach e1 to lion\nattach e2 to lion\nloses lion protection from red\nloses lion hexproof\nattach e3 to lion\nattach e4 to lion\nattach e5 to lion\n`;
    // Compared with the reference at each of the five attaches and two losses.
    assert.ok(compared(() => check(text)) >= 7);
    const lion = boardAt(text, text.split('\n').length - 1).cards.find((c) => c.id === 'lion')!;
    // Red and hexproof from blue were lost after e1 gave them: e3 gives them their place again, e5 is named as their source.
    assert.deepEqual(lion.protections, ['white (from e2)', 'red (from e5)', 'blue (from e4)']);
    assert.deepEqual(lion.keywords, ['ward 2 (from e2)', 'hexproof from blue (from e5)', 'shroud (from e4)']);
  });

  it('with 150 grantors on one host, removed first in first out, then in a shuffled order (dead effects dropped as the lists are read)', () => {
    const next = prng(7013);
    const grants = ['flying', 'protection from red', 'hexproof from blue'];
    const lines = [HEAD];
    for (let i = 0; i < 150; i++) lines.push(`card e${i} "Blade": artifact — Equipment, owner alice, equipped creature ${i % 7 === 3 ? 'loses' : 'has'} ${grants[i % grants.length]}\n`);
    for (let i = 0; i < 150; i++) lines.push(`attach e${i} to lion\n`, ...(i % 9 === 0 ? [`${next() < 0.5 ? 'gains' : 'loses'} lion ${grants[i % grants.length]}\n`] : []));
    for (let i = 0; i < 75; i++) lines.push(`unattach e${i} from lion\n`);
    const rest = Array.from({ length: 75 }, (_, i) => 75 + i).sort(() => next() - 0.5);
    for (const i of rest) lines.push(`unattach e${i} from lion\n`, ...(i % 5 === 0 ? [`attach e${i} to lion\n`, `unattach e${i} from lion\n`] : []));
    const n = compared(() => check(lines.join('')));
    assert.ok(n > 300, `only ${n} folds compared`);
  });

  it('on 400 random Riftbound scenarios of gear giving and taking Shield and Assault (the values summed as grantors change)', () => {
    const next = prng(8142);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)];
    const GEAR = ['equipped unit has Shield 2', 'equipped unit has Shield', 'equipped unit has Assault 3', 'equipped unit has Shield 1 and Assault', 'equipped unit loses Shield', 'equipped unit loses Assault', 'might-bonus 1'];
    let n = 0;
    let summed = 0;
    for (let trial = 0; trial < 400; trial++) {
      const units = ['u1', 'u2'];
      const gear = ['g0', 'g1', 'g2', 'g3', 'g4', 'g5'];
      const lines = ['game riftbound', 'player alice', 'player bob', `card u1 "U": unit, owner alice, might 3, at base${next() < 0.3 ? ', Shield 1' : ''}`, `card u2 "V": unit, owner alice, might 4, at base`];
      for (const g of gear) lines.push(`card ${g} "G": gear — Equipment, equip, owner alice, ${pick(GEAR)}${next() < 0.5 ? `, attached to ${pick(units)}` : ', at base'}`);
      const events = 4 + Math.floor(next() * 16);
      for (let i = 0; i < events; i++) {
        const r = next();
        const u = pick(units);
        const g = pick(gear);
        if (r < 0.35) lines.push(`attach ${g} to ${u}`);
        else if (r < 0.5) lines.push(`detach ${g} from ${u}`);
        else if (r < 0.62) lines.push(`gains ${u} ${pick(['Shield 2', 'Shield', 'Assault 2'])}${next() < 0.5 ? ' this turn' : ''}`);
        else if (r < 0.72) lines.push(`loses ${u} ${pick(['Shield', 'Assault'])}${next() < 0.5 ? ' this turn' : ''}`);
        else if (r < 0.8) lines.push(`kill ${g}`);
        else if (r < 0.88) lines.push(`turn ${pick(['alice', 'bob'])}`);
        else lines.push(`control ${g} ${pick(['alice', 'bob'])}`);
      }
      const text = lines.join('\n') + '\n';
      try {
        n += compared(() => check(text));
      } catch (e) {
        throw new Error(`${(e as Error).message}\n--- scenario ${trial}:\n${text}`);
      }
      // A value summed from two instances or more (Shield 3 from Shield 2 and Shield) at the end.
      if (boardAt(text, lines.length - 1).cards.some((c) => (c.keywords ?? []).some((k) => /^(Shield|Assault) ([3-9]|\d\d)/.test(k)))) summed++;
    }
    assert.ok(n > 1500, `only ${n} folds compared`);
    assert.ok(summed > 100, `${summed} scenarios ending with a value summed from several instances`);
  });

  it("sums thousands of gear's Shield on one unit without judging its other gear again at each attach", () => {
    // 2,000 gear each giving Shield 2, attached one by one: each attach changes the unit's Shield and
    // nothing any gear's legality reads. Counted, not timed: the cards handed to the state-based actions
    // (at most a few an attach; judging the unit's gear again at each one marked two million). The sum
    // itself is read off the kept sums (GrantIndex.withValues), held equal to withValues above.
    const n = 2000;
    const lines = ['game riftbound', 'player alice', 'card u "U": unit, owner alice, might 3, at base'];
    for (let i = 0; i < n; i++) lines.push(`card g${i} "G": gear — Equipment, equip, owner alice, at base, equipped unit has Shield 2`);
    for (let i = 0; i < n; i++) lines.push(`attach g${i} to u`);
    const text = lines.join('\n') + '\n';
    let findings: Finding[] = [];
    const marked = markedIn(() => (findings = check(text).findings));
    assert.deepEqual(findings, []);
    assert.ok(marked <= 4 * n, `${marked} cards marked`);
    assert.deepEqual(boardAt(text, lines.length - 1).cards.find((c) => c.id === 'u')!.keywords, [`Shield ${2 * n} (from g${n - 1})`]);
  });

  for (const [long, past] of [
    [LONG_LIST.length, FROM_LOG.past],
    [0, 0],
  ] as const) {
    // 0: every list of protections looked up through its index (the fold's, the comparison's), as thousands
    // of grants would be, and every fold carried on keeping its sources in a log (FromLog).
    it(`on 600 random scenarios of granting Equipment and Auras${long === 0 ? ', every list indexed and every source logged' : ''}`, () => {
      const next = prng(6137);
      let n = 0;
      const was = [LONG_LIST.length, FROM_LOG.past];
      const carried = APPEND.count;
      [LONG_LIST.length, FROM_LOG.past] = [long, past];
      try {
        for (let trial = 0; trial < 600; trial++) {
          const text = scenario(next);
          try {
            n += compared(() => check(text));
          } catch (e) {
            throw new Error(`${(e as Error).message}\n--- scenario ${trial}:\n${text}`);
          }
        }
      } finally {
        [LONG_LIST.length, FROM_LOG.past] = was;
      }
      assert.ok(n > 3000, `only ${n} folds compared`);
      // A good part of them carried on from the last fold (a new grantor, its effects the newest).
      assert.ok(APPEND.count - carried > 1000, `only ${APPEND.count - carried} folds carried on`);
    });
  }

  it('on 300 random scenarios of Sanctuary Blades moved between creatures with a new color each time (607.2d): the fold carried on, the one made again and the full one agree', () => {
    const next = prng(40123);
    let n = 0;
    let found = 0;
    const carried = APPEND.count;
    for (let trial = 0; trial < 300; trial++) {
      const text = bladeScenario(next);
      try {
        n += compared(() => check(text));
      } catch (e) {
        throw new Error(`${(e as Error).message}\n--- scenario ${trial}:\n${text}`);
      }
      // The fold carried on from the last (APPEND) and the shortcut that judges only what a gained protection may bar
      // (Board.barred) find what a fold made from nothing each time, judging everything, finds.
      const plain = withSetting(APPEND, 'on', false, () => withSetting(REFOLD, 'plain', true, () => findingsAndBoard(text)));
      assert.equal(findingsAndBoard(text), plain, text);
      if (plain.includes('missing-state-based-action') || plain.includes('missing-unattach')) found++;
    }
    assert.ok(n > 2000, `only ${n} folds compared`);
    assert.ok(APPEND.count - carried > 300, `only ${APPEND.count - carried} folds carried on`);
    assert.ok(found > 100, `${found} scenarios where a chosen color shed something`);
  });

  it('finds what it finds when it folds everything again each time, on 300 random scenarios (findings and boards)', () => {
    const next = prng(90211);
    const outcome = (text: string, on: boolean) => {
      const was = { on: APPEND.on, past: FROM_LOG.past };
      APPEND.on = on;
      FROM_LOG.past = 0;
      try {
        return JSON.stringify({ findings: check(text).findings, board: boardAt(text, text.split('\n').length - 2) });
      } finally {
        APPEND.on = was.on;
        FROM_LOG.past = was.past;
      }
    };
    let found = 0;
    for (let trial = 0; trial < 300; trial++) {
      const text = scenario(next);
      const plain = outcome(text, false);
      assert.equal(outcome(text, true), plain, text);
      if (plain.includes('"kind"')) found++;
    }
    assert.ok(found > 100, `${found} scenarios with findings`);
  });

  it('finds what it finds when every change of a fold made again judges everything on the host, on 300 random scenarios (findings and boards)', () => {
    // A fold made again (an event's gain or loss, a grantor gone) that changed only the host's keywords or
    // targeting keywords judges the host alone ('own'); REFOLD.plain judges everything on it, as before.
    const next = prng(51377);
    const narrowed = REFOLD.narrowed;
    let found = 0;
    for (let trial = 0; trial < 300; trial++) {
      const text = scenario(next);
      const plain = withSetting(REFOLD, 'plain', true, () => findingsAndBoard(text));
      assert.equal(findingsAndBoard(text), plain, text);
      if (plain.includes('"kind"')) found++;
    }
    assert.ok(found > 100, `${found} scenarios with findings`);
    assert.ok(REFOLD.narrowed - narrowed > 300, `only ${REFOLD.narrowed - narrowed} folds made again changed only keywords or protections`);
  });

  it('judges only the creature when Auras granting flying enter it in turn, each followed by an event that makes it lose flying', () => {
    // Each loss folds the creature's grants again; what changed is its flying, which no Aura's legality
    // reads: the creature is judged, not the Auras on it (judging them marked two million). Counted, not timed.
    const n = 2000;
    const lines = [HEAD];
    for (let i = 0; i < n; i++) lines.push(`card a${i} "A": enchantment — Aura, enchant creature, owner alice, in hand, enchanted creature has flying\n`);
    for (let i = 0; i < n; i++) lines.push(`enter a${i} attached to lion\nloses lion flying\n`);
    const text = lines.join('');
    let findings: Finding[] = [];
    const marked = markedIn(() => (findings = check(text).findings));
    assert.deepEqual(findings, []);
    assert.ok(marked <= 4 * n, `${marked} cards marked`);
    const lion = boardAt(text, text.split('\n').length - 2).cards.find((c) => c.id === 'lion')!;
    assert.ok(!(lion.keywords ?? []).some((k) => k.startsWith('flying')), JSON.stringify(lion.keywords));
  });

  it('judges none of the blue Auras granting flying on a creature that gains and loses protection from red again and again', () => {
    // Each event folds the creature's grants again; a protection gained bars only what it covers (mayBar:
    // none of the Auras is red), one lost bars nothing. Counted, not timed (judging them all marked two million).
    const n = 2000;
    const lines = [HEAD];
    for (let i = 0; i < n; i++) lines.push(`card a${i} "A": enchantment — Aura, enchant creature, owner alice, color blue, attached to lion, enchanted creature has flying\n`);
    for (let i = 0; i < n; i++) lines.push(`${i % 2 ? 'loses' : 'gains'} lion protection from red\n`);
    const text = lines.join('');
    let findings: Finding[] = [];
    const marked = markedIn(() => (findings = check(text).findings));
    assert.deepEqual(findings, []);
    assert.ok(marked <= 4 * n, `${marked} cards marked`);
  });

  it('does not carry on a fold whose protection spares a card that has since changed, nor misplace a grantor whose restriction came back', () => {
    // The Aura's protection spares the lion (702.16n) as the object it is when the fold reads it: after the
    // lion has left the battlefield and come back, a new Equipment's fold works the Aura's out again.
    const spares = `${HEAD}card aura "Ward": enchantment — Aura, enchant creature, owner bob, enchanted creature has protection from green, not removing lion, attached to knight
card e1 "Blade": artifact — Equipment, owner bob, equipped creature has flying
bounce lion
move lion to battlefield
attach e1 to knight
`;
    assert.ok(compared(() => check(spares)) >= 2);
    // e1's restriction, lost until end of turn and back at the next turn, keeps its place before e2's (the order they became grantors).
    const cants = `${HEAD}card e1 "Blade": artifact — Equipment, owner alice, equipped creature can't be enchanted
card e2 "Shield": artifact — Equipment, owner alice, equipped creature can't be fortified
card e3 "Wing": artifact — Equipment, owner alice, equipped creature has flying
attach e1 to lion
attach e2 to lion
loses e1 all abilities until end of turn
turn bob
attach e3 to lion
`;
    assert.ok(compared(() => check(cants)) >= 4);
  });

  it('carries the fold on as Equipment each giving protection from another name are attached, and judges by it', () => {
    // 1,500 grants of as many abilities on one creature: folding every one again at each attach applies
    // over a million effects; carried on, each attach applies its own. Counted, not timed.
    const n = 1500;
    const lines = [HEAD];
    for (let i = 0; i < n; i++) lines.push(`card e${i} "E": artifact — Equipment, owner alice, equipped creature has protection from "Name ${i}"\n`);
    lines.push('card x "Name 700": artifact — Equipment, equip, owner alice\n');
    for (let i = 0; i < n; i++) lines.push(`attach e${i} to lion\n`);
    lines.push('equip x to lion\n');
    const text = lines.join('');
    const [steps, carried] = [APPEND.steps, APPEND.count];
    let findings: Finding[] = [];
    // Nothing on the creature is named by a new protection: only the creature and the new Equipment are judged at each attach.
    const marked = markedIn(() => (findings = check(text).findings));
    assert.ok(APPEND.count - carried >= n - 1, `${APPEND.count - carried} folds carried on`);
    assert.ok(APPEND.steps - steps <= 3 * n, `${APPEND.steps - steps} effects applied`);
    assert.ok(marked <= 4 * n, `${marked} cards marked`);
    // The Equipment named "Name 700" can't be attached (702.16a), and the message names the grant's source.
    assert.deepEqual(findings.map((f) => f.kind), ['illegal-attachment']);
    assert.match(JSON.stringify(findings[0].message), /e700/);
    const lion = boardAt(text, text.split('\n').length - 2).cards.find((c) => c.id === 'lion')!;
    assert.equal(lion.protections?.length, n);
    assert.equal(lion.protections?.[700], '"Name 700" (from e700)');
  });

  it('resumed past edits, reports what a fresh check does, with every list indexed and every source logged (copies of the board share them)', () => {
    // 40 Equipment, each named as another's protection is from; equipped and unequipped at random, an
    // Aura coming and going, and edits in the middle: the copies the check resumes from hold lists
    // whose indexes and logs the replay they were copied from went on adding to.
    const next = prng(4242);
    const n = 40;
    const head = [HEAD.trimEnd(), 'card ward "Ward": enchantment — Aura, enchant creature, owner alice, in hand'];
    for (let i = 0; i < n; i++) head.push(`card e${i} "Name ${i}": artifact — Equipment, owner alice, equipped creature has ${i % 5 === 4 ? "protection from red, equipped creature can't be enchanted" : `protection from "Name ${(i + 7) % n}"`}`);
    const event = () => {
      const r = next();
      const e = `e${Math.floor(next() * n)}`;
      return r < 0.5 ? `attach ${e} to lion` : r < 0.8 ? `unattach ${e} from lion` : r < 0.9 ? 'enter ward attached to lion' : 'bounce ward';
    };
    let lines = [...head, ...Array.from({ length: 1500 }, event), ''];
    const was = { long: LONG_LIST.length, past: FROM_LOG.past };
    LONG_LIST.length = 0;
    FROM_LOG.past = 0;
    try {
      let previous = analyse(lines.join('\n'), { resumable: true });
      let carried = APPEND.count;
      for (let k = 0; k < 12; k++) {
        const at = head.length + Math.floor(next() * 1500);
        lines = editedAt(lines, at, next(), event);
        const text = lines.join('\n');
        const a = analyse(text, { resumable: true, previous });
        assert.equal(JSON.stringify(a.result), JSON.stringify(analyse(text, { resumable: true }).result), `version ${k}`);
        previous = a;
      }
      carried = APPEND.count - carried;
      assert.ok(carried > 1000, `${carried} folds carried on`);
      assert.ok(JSON.stringify(previous.result.findings).includes('protection from'), 'some Equipment barred by a protection');
    } finally {
      LONG_LIST.length = was.long;
      FROM_LOG.past = was.past;
    }
  });

  for (const [what, x, grant, code] of [
    ['protections', 'card x "Name 198": artifact — Equipment, owner alice, in hand', (i: number) => `has protection from "Name ${i}"`, 'missing-unattach'],
    ['restrictions', 'card x "Ward": enchantment — Aura, enchant creature, owner alice, in hand', (i: number) => (i === 198 ? "can't be enchanted" : "can't be fortified"), 'missing-state-based-action'],
  ] as const) {
    it(`resumed from a copy whose list of ${what} a later fold added to: judges an attach by the copy's list alone`, () => {
      // 200 Equipment each giving another protection or restriction, entering attached in turn after
      // 10 other events (each fold carried on from the last). A check keeps a copy of its replay every
      // 206 events here (as many as the cards and players); the copy after the 196th holds a list of
      // 196 whose index the later folds added to, the 198th's among them. x, entering attached just after that
      // copy in the edited text (the line begins as the next one did, so the check resumes from the
      // copy), is legal there, then barred when the 198th comes; the resumed check must say so too.
      const n = 200;
      const head = [HEAD.trimEnd(), x];
      for (let i = 0; i < n; i++) head.push(`card e${i} "E": artifact — Equipment, owner alice, in hand, equipped creature ${grant(i)}`);
      const events = [...Array.from({ length: 10 }, (_, i) => (i % 2 ? 'untap bears' : 'tap bears')), ...Array.from({ length: n }, (_, i) => `enter e${i} attached to lion`)];
      const before = [...head, ...events, ''];
      const after = [...head, ...events.slice(0, 206), 'enter x attached to lion', ...events.slice(206), ''];
      const a = analyse(after.join('\n'), { resumable: true, previous: analyse(before.join('\n'), { resumable: true }) });
      const fresh = analyse(after.join('\n'), { resumable: true });
      assert.equal(JSON.stringify(a.result), JSON.stringify(fresh.result));
      assert.ok(a.replayed !== undefined && a.replayed < 50, `replayed ${a.replayed} events: resumed from the copy`);
      assert.deepEqual(
        fresh.result.findings.map((f) => [f.code, f.range.start.line]),
        [[code, after.join('\n').split('\n').indexOf('enter e198 attached to lion')]],
      );
    });
  }

  it("judges again only the Auras on a creature when its Equipment say it can't be enchanted, attached one by one", () => {
    const n = 1500;
    const lines = [HEAD, 'card aura "Ward": enchantment — Aura, enchant creature, owner alice, attached to lion\n'];
    for (let i = 0; i < n; i++) lines.push(`card e${i} "E": artifact — Equipment, owner alice, equipped creature can't be ${i === n - 1 ? 'enchanted' : 'fortified'}\n`);
    for (let i = 0; i < n; i++) lines.push(`attach e${i} to lion\n`);
    const text = lines.join('');
    let findings: Finding[] = [];
    const marked = markedIn(() => (findings = check(text).findings));
    assert.ok(marked <= 5 * n, `${marked} cards marked`);
    // The last one bars the Aura (303.4): it is put into its owner's graveyard (704.5m), which the scenario does not record.
    assert.deepEqual(findings.map((f) => [f.kind, f.range.start.line]), [['missing-state-based-action', text.split('\n').length - 2]]);
  });
});

/**
 * Two Sanctuary Blades (a color chosen as each becomes attached, 614.12) and a fixed-color Equipment moved between three
 * creatures wearing Auras and Equipment of every color, a new color at each move, with redundant equips, unattaches and
 * protections gained and lost between them.
 */
function bladeScenario(next: () => number): string {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)];
  const colors = ['white', 'blue', 'black', 'red', 'green'];
  const hosts = ['lion', 'bears', 'knight'];
  const blades = ['s1', 's2'];
  const lines = [HEAD];
  for (const b of blades) lines.push(`card ${b} "Sanctuary Blade": artifact — Equipment, equip, owner alice, as it becomes attached choose a color, equipped creature has protection from the last chosen color${next() < 0.3 ? ' and flying' : ''}\n`);
  lines.push(`card f1 "Ward Sword": artifact — Equipment, equip, owner alice, equipped creature has protection from ${pick(colors)}\n`);
  for (let i = 0; i < 6; i++) lines.push(`card x${i} "Charm": enchantment — Aura, enchant creature, owner alice, color ${pick(colors)}, attached to ${pick(hosts)}\n`);
  for (let i = 0; i < 3; i++) lines.push(`card q${i} "Mace": artifact — Equipment, equip, owner alice, color ${pick(colors)}, attached to ${pick(hosts)}\n`);
  lines.push('turn alice\n');
  const n = 8 + Math.floor(next() * 25);
  for (let i = 0; i < n; i++) {
    const r = next();
    const h = pick(hosts);
    if (r < 0.45) lines.push(`equip ${pick(blades)} to ${h} choosing ${pick(colors)}\n`);
    else if (r < 0.55) lines.push(`equip f1 to ${h}\n`);
    else if (r < 0.65) lines.push(`unattach ${pick(blades)}\n`);
    else if (r < 0.75) lines.push(`attach q${Math.floor(next() * 3)} to ${h}\n`);
    else if (r < 0.85) lines.push(`${next() < 0.5 ? 'gains' : 'loses'} ${h} protection from ${pick(colors)}\n`);
    else if (r < 0.92) lines.push(`phase ${pick(['out', 'in'])} ${pick([...blades, ...hosts])}\n`);
    else lines.push(`together: equip ${pick(blades)} to ${h} choosing ${pick(colors)}; unattach f1\n`);
  }
  return lines.join('');
}
