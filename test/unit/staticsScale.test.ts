// The MTG static abilities an event reads from the permanents (casting prohibitions and permissions,
// 601.3; replacements that exile instead of a graveyard, 614.1a; Leonin Shikari's timing, 602.5d) are
// filed on the board by controller (Board.firstFielded), prohibitions grouped by their words
// (spells.ts, prohibitionsOf), and permissions as though they had flash (601.3b) filed by controller
// and grouped by their words (Board.firstGrouped); the top of a library is kept as cards go there
// (Board.newestInLibrary). Random scenarios hold each equal to a look at every card, in the order
// declared, as before; and many such cards, or many casts from the top of a library, stay linear.
import assert from 'node:assert/strict';
import { analyse, check } from '../../core';
import { Board, type CardObj, type Grouping } from '../../core/engine/board';
import { filterWords } from '../../core/rules/mtg/spells';
import { EXAMPLES_DIR, FIXTURES_DIR, listBoards, readText } from '../support/fixtures';
import { findingsAndBoard } from '../support/outcome';
import { prng } from '../support/prng';
import { zoneReadsIn } from '../support/marks';

const PLAYERS = ['alice', 'bob', 'carol'];

function pick<T>(next: () => number, xs: readonly T[]): T {
  return xs[Math.floor(next() * xs.length)];
}

const STATICS = [
  "players can't cast artifact spells",
  "players can't cast creature spells",
  "players can't cast noncreature spells",
  'you may cast creature spells from the top of your library',
  'you may cast artifact spells from the top of your library',
  'you may cast creature spells as though they had flash',
  'you may cast artifact spells as though they had flash',
  'you may activate equip abilities any time you could cast an instant',
  "if a card would be put into an opponent's graveyard, exile it instead",
  'if a card would be put into a graveyard, exile it instead',
  'if it would be put into a graveyard, exile it instead',
];

/** An MTG scenario: permanents with the statics under every player, moved, phased, stripped, copied and given away; casts, equips and deaths. */
function scenario(next: () => number): string {
  const lines = ['game mtg', ...PLAYERS.map((p) => `player ${p}`)];
  const statics: string[] = [];
  const ns = 2 + Math.floor(next() * 6);
  for (let i = 0; i < ns; i++) {
    const texts = [pick(next, STATICS)];
    if (next() < 0.25) texts.push(pick(next, STATICS));
    const where = next();
    const zone = where < 0.7 ? '' : where < 0.8 ? ', in hand' : where < 0.9 ? ', in graveyard' : ', in library';
    const ctl = zone === '' && next() < 0.3 ? `, controller ${pick(next, PLAYERS)}` : '';
    const phased = zone === '' && next() < 0.15 ? ', phased out' : '';
    lines.push(`card s${i} "S": ${next() < 0.5 ? 'creature' : 'enchantment'}, owner ${pick(next, PLAYERS)}${ctl}${zone}${phased}, ${texts.join(', ')}`);
    statics.push(`s${i}`);
  }
  const spells: string[] = [];
  for (let i = 0; i < 5; i++) {
    const kind = pick(next, ['creature — Bear', 'artifact', 'artifact creature — Myr', 'instant']);
    const zone = pick(next, [', in hand', ', in hand', ', in library', ', in library, on top', '']);
    lines.push(`card c${i} "C": ${kind}, owner ${pick(next, PLAYERS)}${zone}`);
    spells.push(`c${i}`);
  }
  lines.push(`card e0 "Sword": artifact — Equipment, equip, owner ${pick(next, PLAYERS)}`);
  lines.push(`card f0 "Frogify": enchantment — Aura, enchant creature, owner ${pick(next, PLAYERS)}, in hand, enchanted creature loses all abilities`);
  const all = [...statics, ...spells];
  const n = 6 + Math.floor(next() * 18);
  for (let i = 0; i < n; i++) {
    const r = next();
    const s = pick(next, statics);
    const c = pick(next, spells);
    const p = pick(next, PLAYERS);
    if (r < 0.08) lines.push(`turn ${p}${next() < 0.5 ? '' : ' combat'}`);
    else if (r < 0.2) lines.push(`cast ${c}${next() < 0.2 ? ` by ${p}` : ''}`);
    else if (r < 0.26) lines.push(`resolve ${c}`);
    else if (r < 0.34) lines.push(`move ${pick(next, all)} to library`);
    else if (r < 0.4) lines.push(`control ${s} ${p}`);
    else if (r < 0.46) lines.push(`phase ${next() < 0.5 ? 'out' : 'in'} ${s}`);
    else if (r < 0.54) lines.push(`destroy ${pick(next, all)}`);
    else if (r < 0.6) lines.push(`move ${pick(next, all)} to battlefield${next() < 0.5 ? ` under ${p}` : ''}`);
    else if (r < 0.66) lines.push(`move ${pick(next, all)} to ${pick(next, ['hand', 'graveyard', 'exile'])}`);
    else if (r < 0.72) lines.push(`equip e0 to ${pick(next, all)}`);
    else if (r < 0.76) lines.push(`enter e0${next() < 0.5 ? ` under ${p}` : ''}`);
    else if (r < 0.8) lines.push(`enter f0 attached to ${s}`);
    else if (r < 0.84) lines.push(`becomes ${pick(next, all)} a copy of ${s}`);
    else if (r < 0.88) lines.push(`cast ${s}`);
    else if (r < 0.92) lines.push(`exchange control of ${s} and ${pick(next, all)}`);
    else lines.push(`destroy ${s}`);
  }
  return lines.join('\n') + '\n';
}

const FLASH_FILTERS = ['artifact', 'creature', 'enchantment', 'noncreature', 'Aura', 'artifact or enchantment', 'noncreature artifact', 'Bear', 'creature or Aura', 'instant'];

/**
 * An MTG scenario of "as though it had flash" permissions with several filters (two of a card may have
 * the same words), under every player, moved, phased, stripped, copied and given away, temporarily or
 * not; spells of each kind cast by each player, in and out of their main phase.
 */
function flashScenario(next: () => number): string {
  const lines = ['game mtg', ...PLAYERS.map((p) => `player ${p}`)];
  const statics: string[] = [];
  const ns = 2 + Math.floor(next() * 10);
  for (let i = 0; i < ns; i++) {
    const texts = [pick(next, FLASH_FILTERS)];
    if (next() < 0.3) texts.push(next() < 0.3 ? texts[0] : pick(next, FLASH_FILTERS));
    const where = next();
    const zone = where < 0.75 ? '' : where < 0.85 ? ', in hand' : where < 0.95 ? ', in graveyard' : ', in library';
    const ctl = zone === '' && next() < 0.3 ? `, controller ${pick(next, PLAYERS)}` : '';
    const phased = zone === '' && next() < 0.1 ? ', phased out' : '';
    const perms = texts.map((t) => `you may cast ${t} spells as though they had flash`).join(', ');
    lines.push(`card s${i} "S": ${pick(next, ['creature — Bear', 'enchantment', 'artifact'])}, owner ${pick(next, PLAYERS)}${ctl}${zone}${phased}, ${perms}`);
    statics.push(`s${i}`);
  }
  const spells: string[] = [];
  for (let i = 0; i < 6; i++) {
    const kind = pick(next, ['creature — Bear', 'creature — Cat', 'artifact', 'artifact creature — Myr', 'enchantment', 'enchantment creature — Nymph, bestow', 'sorcery', 'instant']);
    lines.push(`card c${i} "C": ${kind}, owner ${pick(next, PLAYERS)}${pick(next, [', in hand', ', in hand', ', in graveyard', ''])}`);
    spells.push(`c${i}`);
  }
  lines.push(`card h0 "Host": creature — Bear, owner ${pick(next, PLAYERS)}`);
  lines.push(`card f0 "Frogify": enchantment — Aura, enchant creature, owner ${pick(next, PLAYERS)}, in hand, enchanted creature loses all abilities`);
  const all = [...statics, ...spells];
  // Mostly a turn from the start: a cast is judged by its timing once one is written.
  if (next() < 0.8) lines.push(`turn ${pick(next, PLAYERS)}`);
  const n = 8 + Math.floor(next() * 24);
  for (let i = 0; i < n; i++) {
    const r = next();
    const s = pick(next, statics);
    const c = pick(next, spells);
    const p = pick(next, PLAYERS);
    if (r < 0.1) lines.push(`turn ${p}${next() < 0.5 ? '' : ' combat'}`);
    else if (r < 0.34) lines.push(`cast ${c}${next() < 0.3 ? ' targeting h0' : ''}${next() < 0.3 ? ` by ${p}` : ''}`);
    else if (r < 0.4) lines.push(`resolve ${c}`);
    else if (r < 0.5) lines.push(`control ${s} ${p}${next() < 0.3 ? ' until end of turn' : ''}`);
    else if (r < 0.54) lines.push(`exchange control of ${s} and ${pick(next, all)}`);
    else if (r < 0.6) lines.push(`phase ${next() < 0.5 ? 'out' : 'in'} ${s}`);
    else if (r < 0.66) lines.push(`destroy ${s}`);
    else if (r < 0.72) lines.push(`move ${pick(next, all)} to ${pick(next, ['hand', 'graveyard', 'exile', 'library'])}`);
    else if (r < 0.8) lines.push(`move ${pick(next, all)} to battlefield${next() < 0.5 ? ` under ${p}` : ''}`);
    else if (r < 0.84) lines.push(`enter f0 attached to ${s}`);
    else if (r < 0.88) lines.push(`becomes ${pick(next, all)} a copy of ${s}`);
    else if (r < 0.92) lines.push(`cast ${s}${next() < 0.3 ? ` by ${p}` : ''}`);
    else if (r < 0.96) lines.push(`resolve ${s}`);
    else lines.push(`destroy ${pick(next, all)}`);
  }
  return lines.join('\n') + '\n';
}


type Patch = [proto: object, name: string, value: unknown];

/**
 * `f` as before the lists: Board.firstFielded, firstGrouped, fieldedControllers and fieldedUnder looking
 * at every card in the order declared, newestInLibrary at every card's timestamp, and each prohibition
 * and each permission a group of its own.
 */
function everyCard<T>(f: () => T): T {
  function firstFielded(this: Board, pick: (c: CardObj) => boolean, player: string | undefined, accept: (c: CardObj, arg: unknown) => boolean, arg: unknown, before = Infinity): CardObj | undefined {
    if (!this.staticsDeclared) return undefined;
    for (const c of this.cards.values()) if (pick(c) && c.zone === 'battlefield' && c.controller === player && c.index < before && accept(c, arg)) return c;
    return undefined;
  }
  // The answer of every card's "as though it had flash" effects judged in turn, as before the groups.
  function firstGrouped(this: Board, grouping: Grouping<unknown>, player: string | undefined, takes: (value: unknown, arg: unknown) => boolean, accept: (c: CardObj, arg: unknown) => boolean, arg: unknown): CardObj | undefined {
    if (!this.staticsDeclared) return undefined;
    for (const c of this.cards.values()) if (c.zone === 'battlefield' && c.controller === player && grouping(c).some((g) => takes(g.value, arg)) && accept(c, arg)) return c;
    return undefined;
  }
  const patches: Patch[] = [
    [Board.prototype, 'firstFielded', firstFielded],
    [Board.prototype, 'firstGrouped', firstGrouped],
    [Board.prototype, 'fieldedControllers', function (this: Board) { return this.staticsDeclared ? new Set([...this.cards.values()].map((c) => c.controller)) : []; }],
    [Board.prototype, 'fieldedUnder', function (this: Board, pick: (c: CardObj) => boolean, player: string | undefined) { const out: CardObj[] = []; firstFielded.call(this, pick, player, (c) => (out.push(c), false), undefined); return out; }],
    [
      Board.prototype,
      'newestInLibrary',
      function (this: Board, owner: string | undefined) {
        let newest: CardObj | undefined;
        for (const c of this.cards.values()) if (c.owner === owner && c.zone === 'library' && c.version > 0 && (newest === undefined || c.timestamp > newest.timestamp)) newest = c;
        return newest;
      },
    ],
  ];
  let apart = 0;
  const words = filterWords.of;
  filterWords.of = () => String(apart++);
  const own = patches.map(([proto, name]) => Object.getOwnPropertyDescriptor(proto, name)!);
  patches.forEach(([proto, name, value], i) => Object.defineProperty(proto, name, { ...own[i], value }));
  try {
    return f();
  } finally {
    patches.forEach(([proto, name], i) => Object.defineProperty(proto, name, own[i]));
    filterWords.of = words;
  }
}

describe('the static abilities read from the permanents, filed by controller and grouped (601.3, 614.1a, 602.5d)', () => {
  it('finds what a look at every card finds: 500 random scenarios', () => {
    const next = prng(6013);
    const seen = new Map<string, number>();
    for (let trial = 0; trial < 500; trial++) {
      const text = scenario(next);
      const mine = findingsAndBoard(text);
      assert.equal(mine, everyCard(() => findingsAndBoard(text)), text);
      for (const f of JSON.parse(mine).findings as { code: string; message: string }[]) {
        const what = f.code === 'impossible-event' ? (/can't be cast:/.test(f.message) ? 'prohibited' : /top card/.test(f.message) ? 'not on top' : /sorcery/.test(f.message) ? 'sorcery timing' : 'other') : f.code;
        seen.set(what, (seen.get(what) ?? 0) + 1);
      }
      if (/exiled instead|exile it instead/.test(mine)) seen.set('exiled', (seen.get('exiled') ?? 0) + 1);
    }
    // The generator reaches each rule: prohibited casts, casts from a library refused, equips out of turn.
    for (const what of ['prohibited', 'not on top', 'sorcery timing']) assert.ok((seen.get(what) ?? 0) > 20, `${what}: ${seen.get(what) ?? 0} ${JSON.stringify([...seen])}`);
  });

  /** `f`, with the answer of each of the board's looks for a permission (Board.firstGrouped: the card found, or `-`) in `out`, in turn. */
  function recordingPermissions<T>(out: string[], f: () => T): T {
    const own = Object.getOwnPropertyDescriptor(Board.prototype, 'firstGrouped')!;
    Object.defineProperty(Board.prototype, 'firstGrouped', {
      ...own,
      value: function (this: Board, ...args: unknown[]) {
        const c = (own.value as (...a: unknown[]) => CardObj | undefined).apply(this, args);
        out.push(c?.id ?? '-');
        return c;
      },
    });
    try {
      return f();
    } finally {
      Object.defineProperty(Board.prototype, 'firstGrouped', own);
    }
  }

  it('finds the permission a look at every card finds, as though it had flash (601.3b): 1,000 random scenarios', () => {
    const next = prng(6013_2);
    let found = 0;
    let none = 0;
    let refused = 0;
    for (let trial = 0; trial < 1000; trial++) {
      const text = flashScenario(next);
      const mine: string[] = [];
      const plain: string[] = [];
      const a = recordingPermissions(mine, () => findingsAndBoard(text));
      const b = everyCard(() => recordingPermissions(plain, () => findingsAndBoard(text)));
      // The card each look finds, not only whether there is one (what the cast reads).
      assert.deepEqual(mine, plain, text);
      assert.equal(a, b, text);
      // Resumed past an edit from the copies of the replay kept every two events (each with its own lists).
      // The edit takes an event away, or writes a cast in its place: what comes after it is replayed on another board.
      const lines = text.split('\n');
      const events = lines.findIndex((l) => !/^(game|player|card) /.test(l));
      const at = events + Math.floor(next() * (lines.length - 1 - events));
      const edited = [...lines.slice(0, at), ...(next() < 0.5 ? [] : [`cast ${pick(next, ['c0', 'c1', 'c2', 's0', 's1'])}`]), ...lines.slice(at + 1)].join('\n');
      const earlier = analyse(text, { resumable: true, resumeEvery: 2 });
      assert.equal(JSON.stringify(analyse(edited, { resumable: true, resumeEvery: 2, previous: earlier }).result.findings), JSON.stringify(check(edited).findings), edited);
      for (const x of mine) if (x === '-') none++;
      else found++;
      refused += (JSON.parse(a).findings as { message: string }[]).filter((f) => /is cast only in a main phase/.test(f.message)).length;
    }
    // The generator reaches both answers, and casts refused for want of a permission.
    assert.ok(found > 500 && none > 1000 && refused > 400, `${found} found, ${none} none, ${refused} refused`);
  });

  it('finds what a look at every card finds in every bundled scenario with such an ability or a cast from a library', () => {
    const files = [...listBoards(EXAMPLES_DIR), ...listBoards(FIXTURES_DIR)];
    let found = 0;
    for (const f of files) {
      const text = readText(f);
      if (!/^game mtg/m.test(text) || !/can't cast|you may cast|exile it instead|equip abilities any time|to library/.test(text)) continue;
      found++;
      assert.equal(JSON.stringify(check(text).findings), everyCard(() => JSON.stringify(check(text).findings)), f);
    }
    assert.ok(found >= 8, `${found} bundled scenarios`);
  });

  /**
   * The reads of the `zone` of the cards `check` declares (a counter on each), in a check of `text`, and
   * of the words of the prohibitions it groups (spellMatches reads them to judge a spell).
   */
  function zoneReads(text: string): number {
    const words = filterWords.of;
    return zoneReadsIn((count) => {
      filterWords.of = (f) => {
        const key = words(f);
        const alternatives = f.alternatives;
        Object.defineProperty(f, 'alternatives', { get: () => (count(), alternatives), enumerable: true, configurable: true });
        return key;
      };
      try {
        const r = check(text);
        assert.deepEqual(r.findings, []);
      } finally {
        filterWords.of = words;
      }
    });
  }


  const FAMILIES: [string, (n: number) => string][] = [
    ['casts from the top of a library', (n) => `game mtg\nplayer alice\nplayer bob\ncard horde "Garruk's Horde": creature — Beast, owner alice, you may cast creature spells from the top of your library\n${rep(n, (i) => `card c${i} "C": creature — Cat, owner alice, in hand\n`)}${rep(n, (i) => `move c${i} to library\ncast c${i}\nresolve c${i}\n`)}`],
    ['prohibitions that take no creature spell', (n) => `game mtg\nplayer alice\nplayer bob\n${rep(n, (i) => `card s${i} "S": enchantment, owner bob, players can't cast artifact spells\n`)}${rep(n, (i) => `card c${i} "C": creature, owner alice, in hand\n`)}${rep(n, (i) => `cast c${i}\nresolve c${i}\n`)}`],
    ['Leylines of the owner of the cards that die', (n) => `game mtg\nplayer alice\nplayer bob\n${rep(n, (i) => `card l${i} "L": enchantment, owner alice, if a card would be put into an opponent's graveyard, exile it instead\n`)}${rep(n, (i) => `card c${i} "C": creature, owner alice\n`)}${rep(n, (i) => `destroy c${i}\n`)}`],
    ['permissions to cast artifact, enchantment, noncreature or Aura spells as though they had flash, creature spells cast', (n) => `game mtg\nplayer alice\nplayer bob\n${rep(n, (i) => `card f${i} "F": enchantment, owner alice, you may cast ${['artifact', 'enchantment', 'noncreature', 'Aura'][i % 4]} spells as though they had flash\n`)}${rep(n, (i) => `card c${i} "C": creature, owner alice, in hand\n`)}turn alice\n${rep(n, (i) => `cast c${i}\nresolve c${i}\n`)}`],
    ['permissions as though they had flash given away one by one, a creature spell cast after each', (n) => `game mtg\nplayer alice\nplayer bob\n${rep(n + 1, (i) => `card f${i} "F": enchantment, owner alice, you may cast ${i % 2 ? 'artifact' : 'creature'} spells as though they had flash\n`)}${rep(n, (i) => `card c${i} "C": creature, owner alice, in hand\ncard d${i} "D": creature, owner bob, in hand\n`)}turn bob\n${rep(n, (i) => `control f${i} bob\ncast c${i}\nresolve c${i}\ncast d${i}\nresolve d${i}\n`)}`],
    ["Shikaris of another player than the Equipment's", (n) => `game mtg\nplayer alice\nplayer bob\n${rep(n, (i) => `card s${i} "S": creature, owner bob, you may activate equip abilities any time you could cast an instant\n`)}card e "E": artifact — Equipment, equip, owner alice\ncard a "A": creature, owner alice\ncard b "B": creature, owner alice\n${rep(n, (i) => `equip e to ${i % 2 ? 'a' : 'b'}\n`)}`],
  ];
  for (const [name, make] of FAMILIES) {
    it(`stays linear: ${name}`, () => {
      // Counted, not timed: the reads of the cards' zones and of the prohibitions' words. Each event used
      // to look at every card with the ability (or every card, for the top of a library), and judge the
      // spell by every prohibition: four times the reads for twice the cards.
      const small = zoneReads(make(500));
      const large = zoneReads(make(1000));
      assert.ok(large < 2.2 * small, `${small} reads for 500, ${large} for 1,000`);
    });
  }
});

function rep(n: number, f: (i: number) => string): string {
  let s = '';
  for (let i = 0; i < n; i++) s += f(i);
  return s;
}
