// Deterministic generator of MTG board scenarios for the benchmark.
//
// The generator keeps its own model of the board (zones, controllers, attachments, protections,
// timestamps) and emits only events whose outcome it knows, followed by every consequence the
// checker expects to see recorded (see docs/language.md, "What counts as recording a consequence").
// Every scenario is first produced as a list of records; `toBoard` and `toJson` render the same
// records as a `.board` file and as a JSON array of objects, so both carry the same information.
//
// Variants:
//  - clean: every consequence recorded, every event legal: the checker should report nothing.
//  - findings: about 1% of the event lines produce exactly one finding each: a skipped
//    consequence (missing-unattach / missing-state-based-action), an illegal equip
//    (illegal-attachment) or a redundant equip (redundant-attach). A skipped consequence does not
//    change the replayed board (the replay applies the rules whether or not they are written), so
//    the model stays exact and findings do not cascade.

import { prng } from '../test/support/prng';

export type Variant = 'clean' | 'findings';

/** One line of the scenario, as data. `op` is the keyword or verb; the other fields its operands. */
export type Rec =
  | { op: 'game'; game: 'mtg' }
  | { op: 'title'; title: string }
  | { op: 'rules'; version: string }
  | { op: 'player'; id: string }
  | {
      op: 'card';
      id: string;
      name: string;
      supertypes: string[];
      types: string[];
      subtypes: string[];
      owner: string;
      colors: string[];
      enchant?: string;
      zone?: string;
      attachedTo?: string;
    }
  | { op: 'attach' | 'equip' | 'fortify'; subject: string; host: string; by?: string }
  | { op: 'cast'; subject: string; target: string; by?: string }
  | { op: 'resolve'; subject: string }
  | { op: 'enter'; subject: string }
  | { op: 'unattach'; subject: string; from: string }
  | { op: 'move'; subject: string; zone: string }
  | { op: 'destroy' | 'kill' | 'sacrifice' | 'exile' | 'bounce'; subject: string }
  | { op: 'gains' | 'loses'; subject: string; protectionFrom: string }
  | { op: 'control'; subject: string; player: string }
  | { op: 'expect'; assert: ExpectRec }
  | { op: 'comment'; text: string };

export type ExpectRec =
  | { kind: 'attached-to'; subject: string; host: string }
  | { kind: 'has'; host: string; subject: string }
  | { kind: 'unattached'; subject: string }
  | { kind: 'in'; subject: string; zone: string }
  | { kind: 'newer-than'; subject: string; other: string }
  | { kind: 'no-attachments'; host: string };

export interface Scenario {
  records: Rec[];
  /** Event lines (everything after the declarations, `expect` included). */
  events: number;
  cards: number;
  /** Findings the generator injected on purpose (findings variant). */
  injected: { skipped: number; illegalEquip: number; redundantEquip: number };
}


// ---- the model -----------------------------------------------------------------------------

type Kind = 'creature' | 'equipment' | 'aura' | 'fortification' | 'land';

interface MCard {
  id: string;
  kind: Kind;
  owner: string;
  controller: string;
  zone: string;
  colors: string[];
  protections: string[];
  host: MCard | null;
  attachments: MCard[];
  timestamp: number;
  /** Aura with `enchant creature you control`. */
  youControl: boolean;
}

const COLORS = ['white', 'blue', 'black', 'red', 'green'];
const PLAYERS = ['alice', 'bob'];
const CREATURE_SUBTYPES = ['Cat', 'Bear', 'Human Knight', 'Goblin', 'Elf Warrior', 'Zombie', 'Spirit', 'Merfolk Wizard'];
const LAND_SUBTYPES = ['Plains', 'Island', 'Swamp', 'Mountain', 'Forest'];
const ADJ = ['Silvercoat', 'Grizzly', 'White', 'Keen', 'Ancient', 'Gilded', 'Runed', 'Hollow', 'Ember', 'Frost', 'Storm', 'Iron'];
const NOUN = ['Lion', 'Bears', 'Knight', 'Blade', 'Shield', 'Cloak', 'Wings', 'Bond', 'Garrison', 'Citadel', 'Strength', 'Grace'];

/** Number of cards for a scenario of `events` events: about 100 at 1k, 2000 at 1M. */
export function cardCountFor(events: number): number {
  return Math.min(2000, Math.max(100, Math.round(3.2 * Math.sqrt(events))));
}

export function generate(targetEvents: number, variant: Variant, seed = 0x5eed, cards?: number): Scenario {
  const rng = prng(seed ^ targetEvents);
  const int = (n: number) => Math.floor(rng() * n);
  const pick = <T>(xs: T[]): T => xs[int(xs.length)];
  const chance = (p: number) => rng() < p;

  const records: Rec[] = [];
  let events = 0;
  const injected = { skipped: 0, illegalEquip: 0, redundantEquip: 0 };
  const emit = (r: Rec) => {
    records.push(r);
    if (r.op !== 'comment') events++;
  };
  let clock = 0;
  const tick = () => ++clock;

  records.push({ op: 'game', game: 'mtg' });
  records.push({ op: 'title', title: `Generated benchmark scenario: ${targetEvents} events, ${variant}` });
  records.push({ op: 'rules', version: '2024-06-07' });
  for (const p of PLAYERS) records.push({ op: 'player', id: p });

  // ---- cards
  const nCards = cards ?? cardCountFor(targetEvents);
  const all: MCard[] = [];
  const byKind: Record<Kind, MCard[]> = { creature: [], equipment: [], aura: [], fortification: [], land: [] };
  const prefix: Record<Kind, string> = { creature: 'c', equipment: 'e', aura: 'a', fortification: 'f', land: 'l' };
  const initialAttach: [MCard, MCard][] = [];
  for (let i = 0; i < nCards; i++) {
    const r = rng();
    const kind: Kind = r < 0.4 ? 'creature' : r < 0.6 ? 'equipment' : r < 0.8 ? 'aura' : r < 0.85 ? 'fortification' : 'land';
    const owner = PLAYERS[i % PLAYERS.length];
    const id = `${prefix[kind]}${byKind[kind].length + 1}`;
    const colors =
      kind === 'creature' || kind === 'aura' ? [pick(COLORS)] : kind === 'equipment' && chance(0.3) ? [pick(COLORS)] : [];
    const c: MCard = {
      id,
      kind,
      owner,
      controller: owner,
      zone: kind === 'aura' ? 'hand' : 'battlefield',
      colors,
      protections: [],
      host: null,
      attachments: [],
      timestamp: 0,
      youControl: kind === 'aura' && chance(0.25),
    };
    all.push(c);
    byKind[kind].push(c);
  }
  // Some Equipment starts attached to a creature of its controller (an initial `attached to`).
  for (const e of byKind.equipment) {
    if (!chance(0.3)) continue;
    const hosts = byKind.creature.filter((h) => h.controller === e.controller);
    if (hosts.length) initialAttach.push([e, pick(hosts)]);
  }
  const initialHost = new Map(initialAttach.map(([e, h]) => [e, h]));
  for (const c of all) {
    const name = `${pick(ADJ)} ${pick(NOUN)} ${c.id.slice(1)}`;
    const base = { op: 'card' as const, id: c.id, name, owner: c.owner, colors: c.colors, supertypes: [] as string[], subtypes: [] as string[] };
    switch (c.kind) {
      case 'creature':
        records.push({ ...base, types: ['creature'], subtypes: pick(CREATURE_SUBTYPES).split(' ') });
        break;
      case 'equipment':
        records.push({ ...base, types: ['artifact'], subtypes: ['Equipment'], attachedTo: initialHost.get(c)?.id });
        break;
      case 'aura':
        records.push({ ...base, types: ['enchantment'], subtypes: ['Aura'], enchant: c.youControl ? 'creature you control' : 'creature', zone: 'hand' });
        break;
      case 'fortification':
        records.push({ ...base, types: ['artifact'], subtypes: ['Fortification'] });
        break;
      case 'land':
        records.push({ ...base, supertypes: ['basic'], types: ['land'], subtypes: [pick(LAND_SUBTYPES)] });
        break;
    }
  }
  // Timestamps as the replay gives them: each card in declaration order, then initial attaches.
  for (const c of all) c.timestamp = tick();
  for (const [e, h] of initialAttach) {
    link(e, h);
    e.timestamp = tick();
  }

  function link(att: MCard, host: MCard): void {
    unlink(att);
    att.host = host;
    host.attachments.push(att);
  }
  function unlink(att: MCard): void {
    const h = att.host;
    if (!h) return;
    const i = h.attachments.indexOf(att);
    if (i >= 0) h.attachments.splice(i, 1);
    att.host = null;
  }
  /** A zone change (a new object): resets what the printed card doesn't have. */
  function moved(c: MCard, zone: string): void {
    unlink(c);
    c.zone = zone;
    c.timestamp = tick();
    c.protections = [];
    c.controller = c.owner;
  }
  const onBf = (c: MCard) => c.zone === 'battlefield';
  const protectedFrom = (host: MCard, att: MCard) => att.colors.some((col) => host.protections.includes(col));
  /** Would this Aura be legal on this host (enchant filter, protection)? */
  const auraOk = (a: MCard, h: MCard) => onBf(h) && h.kind === 'creature' && !protectedFrom(h, a) && (!a.youControl || h.controller === a.controller);
  const equipOk = (e: MCard, h: MCard) => onBf(h) && h.kind === 'creature' && !protectedFrom(h, e);

  /** Up to `tries` random picks from `xs` until one satisfies `ok`. */
  function find<T>(xs: T[], ok: (x: T) => boolean, tries = 24): T | undefined {
    if (xs.length === 0) return undefined;
    for (let k = 0; k < tries; k++) {
      const x = xs[int(xs.length)];
      if (ok(x)) return x;
    }
    return undefined;
  }

  // ---- consequences: emitted after their cause, unless a fault skips one -------------------
  let skipNext = false;
  function consequences(lines: Rec[]): void {
    let skip = -1;
    if (skipNext && lines.length > 0) {
      skip = int(lines.length);
      skipNext = false;
      injected.skipped++;
    }
    lines.forEach((l, i) => {
      if (i !== skip) emit(l);
    });
  }

  /**
   * A permanent leaves the battlefield. Its own attachment ends with it (its move records that);
   * what was attached to it becomes unattached (701.3d, recorded); Auras among those then go to
   * the graveyard (704.5m, recorded).
   */
  function leaveBattlefield(c: MCard, verb: 'destroy' | 'kill' | 'sacrifice' | 'exile' | 'bounce', zone: string): void {
    const atts = [...c.attachments];
    emit({ op: verb, subject: c.id });
    for (const a of atts) unlink(a);
    moved(c, zone);
    const lines: Rec[] = [];
    for (const a of atts) lines.push({ op: 'unattach', subject: a.id, from: c.id });
    for (const a of atts) {
      if (a.kind === 'aura') {
        lines.push({ op: 'move', subject: a.id, zone: 'graveyard' });
        moved(a, 'graveyard');
      }
    }
    consequences(lines);
  }

  /** After a creature's controller or protections change: attachments that became illegal. */
  function settleHost(h: MCard): void {
    const lines: Rec[] = [];
    for (const a of [...h.attachments]) {
      if (a.kind === 'aura' && !auraOk(a, h)) {
        lines.push({ op: 'move', subject: a.id, zone: 'graveyard' });
        moved(a, 'graveyard');
      } else if (a.kind === 'equipment' && !equipOk(a, h)) {
        lines.push({ op: 'unattach', subject: a.id, from: h.id });
        unlink(a);
      }
    }
    consequences(lines);
  }

  // ---- actions -----------------------------------------------------------------------------
  const creatures = byKind.creature;
  const equipment = byKind.equipment;
  const auras = byKind.aura;
  const forts = byKind.fortification;
  const lands = byKind.land;

  const actions: [number, () => boolean][] = [
    // Equip moves Equipment from creature to creature (its own unattach is recorded by the move).
    [
      22,
      () => {
        const e = find(equipment, onBf);
        if (!e) return false;
        const h = find(creatures, (h) => equipOk(e, h) && h.controller === e.controller && e.host !== h);
        if (!h) return false;
        link(e, h);
        e.timestamp = tick();
        emit(chance(0.2) ? { op: 'equip', subject: e.id, host: h.id, by: e.controller } : { op: 'equip', subject: e.id, host: h.id });
        return true;
      },
    ],
    // An effect attaches Equipment to any creature (no controller restriction).
    [
      3,
      () => {
        const e = find(equipment, onBf);
        if (!e) return false;
        const h = find(creatures, (h) => equipOk(e, h) && e.host !== h);
        if (!h) return false;
        link(e, h);
        e.timestamp = tick();
        emit({ op: 'attach', subject: e.id, host: h.id });
        return true;
      },
    ],
    // Aura cast and resolve.
    [
      12,
      () => {
        const a = find(auras, (a) => a.zone === 'hand');
        if (!a) return false;
        const h = find(creatures, (h) => auraOk(a, h));
        if (!h) return false;
        emit({ op: 'cast', subject: a.id, target: h.id, by: a.controller });
        moved(a, 'stack');
        if (chance(0.2)) emit({ op: 'expect', assert: { kind: 'in', subject: a.id, zone: 'stack' } });
        emit({ op: 'resolve', subject: a.id });
        moved(a, 'battlefield');
        link(a, h);
        a.timestamp = tick();
        return true;
      },
    ],
    // An effect moves an Aura on the battlefield to another legal creature.
    [
      3,
      () => {
        const a = find(auras, (a) => onBf(a) && a.host !== null);
        if (!a) return false;
        const h = find(creatures, (h) => auraOk(a, h) && a.host !== h);
        if (!h) return false;
        link(a, h);
        a.timestamp = tick();
        emit({ op: 'attach', subject: a.id, host: h.id });
        return true;
      },
    ],
    // Auras come back to hand from the graveyard (Regrowth), so they can be cast again.
    [
      6,
      () => {
        const a = find(auras, (a) => a.zone === 'graveyard');
        if (!a) return false;
        emit({ op: 'move', subject: a.id, zone: 'hand' });
        moved(a, 'hand');
        return true;
      },
    ],
    // Fortify a land its controller controls.
    [
      3,
      () => {
        const f = find(forts, onBf);
        if (!f) return false;
        const l = find(lands, (l) => onBf(l) && l.controller === f.controller && f.host !== l);
        if (!l) return false;
        link(f, l);
        f.timestamp = tick();
        emit({ op: 'fortify', subject: f.id, host: l.id });
        return true;
      },
    ],
    // A creature dies (with recorded unattaches and Auras to the graveyard).
    [
      8,
      () => {
        const c = find(creatures, (c) => onBf(c) && c.attachments.length > 0) ?? find(creatures, onBf);
        if (!c) return false;
        leaveBattlefield(c, pick(['destroy', 'kill', 'sacrifice'] as const), 'graveyard');
        return true;
      },
    ],
    // A creature comes back (reanimation, or cast from hand: it enters without being cast here).
    [
      8,
      () => {
        const c = find(creatures, (c) => !onBf(c));
        if (!c) return false;
        if (chance(0.5)) emit({ op: 'enter', subject: c.id });
        else emit({ op: 'move', subject: c.id, zone: 'battlefield' });
        moved(c, 'battlefield');
        return true;
      },
    ],
    // Blink: exile and return; the creature comes back a new object, bare.
    [
      4,
      () => {
        const c = find(creatures, (c) => onBf(c) && c.attachments.length > 0) ?? find(creatures, onBf);
        if (!c) return false;
        leaveBattlefield(c, 'exile', 'exile');
        emit({ op: 'move', subject: c.id, zone: 'battlefield' });
        moved(c, 'battlefield');
        if (chance(0.5)) emit({ op: 'expect', assert: { kind: 'no-attachments', host: c.id } });
        return true;
      },
    ],
    // Bounce a creature to its owner's hand.
    [
      2,
      () => {
        const c = find(creatures, onBf);
        if (!c) return false;
        leaveBattlefield(c, 'bounce', 'hand');
        return true;
      },
    ],
    // A land is destroyed (its Fortification falls off) and another comes back.
    [
      2,
      () => {
        const l = find(lands, onBf);
        if (!l) return false;
        leaveBattlefield(l, 'destroy', 'graveyard');
        const back = find(lands, (x) => !onBf(x));
        if (back) {
          emit({ op: 'move', subject: back.id, zone: 'battlefield' });
          moved(back, 'battlefield');
        }
        return true;
      },
    ],
    // Equipment or an Aura is destroyed (its own move records its unattach) and Equipment returns.
    [
      3,
      () => {
        if (chance(0.5)) {
          const e = find(equipment, onBf);
          if (!e) return false;
          emit({ op: 'destroy', subject: e.id });
          moved(e, 'graveyard');
          return true;
        }
        const a = find(auras, (a) => onBf(a));
        if (!a) return false;
        emit({ op: 'destroy', subject: a.id });
        moved(a, 'graveyard');
        return true;
      },
    ],
    [
      3,
      () => {
        const e = find(equipment, (e) => e.zone === 'graveyard') ?? find(forts, (f) => f.zone === 'graveyard');
        if (!e) return false;
        emit({ op: 'move', subject: e.id, zone: 'battlefield' });
        moved(e, 'battlefield');
        return true;
      },
    ],
    // Disarm: an effect unattaches an Equipment.
    [
      3,
      () => {
        const e = find(equipment, (e) => e.host !== null);
        if (!e) return false;
        emit({ op: 'unattach', subject: e.id, from: e.host!.id });
        unlink(e);
        return true;
      },
    ],
    // Protection gained (Auras and Equipment of that color fall off, recorded) and lost.
    [
      5,
      () => {
        const c = find(creatures, (c) => onBf(c) && c.attachments.some((a) => a.colors.length > 0)) ?? find(creatures, onBf);
        if (!c) return false;
        const colored = c.attachments.filter((a) => a.colors.length > 0);
        const q = colored.length && chance(0.8) ? pick(colored).colors[0] : pick(COLORS);
        if (c.protections.includes(q)) return false;
        emit({ op: 'gains', subject: c.id, protectionFrom: q });
        c.protections.push(q);
        settleHost(c);
        return true;
      },
    ],
    [
      3,
      () => {
        const c = find(creatures, (c) => onBf(c) && c.protections.length > 0);
        if (!c) return false;
        const q = pick(c.protections);
        emit({ op: 'loses', subject: c.id, protectionFrom: q });
        c.protections.splice(c.protections.indexOf(q), 1);
        return true;
      },
    ],
    // Control changes: a creature (Auras "you control" fall off, recorded; Equipment stays) ...
    [
      5,
      () => {
        const c = find(creatures, onBf);
        if (!c) return false;
        const p = PLAYERS.find((x) => x !== c.controller)!;
        emit({ op: 'control', subject: c.id, player: p });
        c.controller = p;
        settleHost(c);
        if (chance(0.3)) {
          const e = c.attachments.find((a) => a.kind === 'equipment');
          if (e) emit({ op: 'expect', assert: { kind: 'attached-to', subject: e.id, host: c.id } });
        }
        return true;
      },
    ],
    // ... or an Equipment (it stays where it is).
    [
      2,
      () => {
        const e = find(equipment, onBf);
        if (!e) return false;
        const p = PLAYERS.find((x) => x !== e.controller)!;
        emit({ op: 'control', subject: e.id, player: p });
        e.controller = p;
        return true;
      },
    ],
    // Expectations that hold.
    [
      12,
      () => {
        const r = rng();
        if (r < 0.3) {
          const a = find(all, (x) => x.host !== null);
          if (!a) return false;
          emit({ op: 'expect', assert: chance(0.5) ? { kind: 'attached-to', subject: a.id, host: a.host!.id } : { kind: 'has', host: a.host!.id, subject: a.id } });
        } else if (r < 0.5) {
          const e = find(equipment, (e) => e.host === null);
          if (!e) return false;
          emit({ op: 'expect', assert: { kind: 'unattached', subject: e.id } });
        } else if (r < 0.75) {
          const x = pick(all);
          emit({ op: 'expect', assert: { kind: 'in', subject: x.id, zone: x.zone } });
        } else if (r < 0.9) {
          const a = find(all, (x) => x.host !== null);
          const b = find(all, (x) => x.host !== null && x !== a);
          if (!a || !b || a.timestamp === b.timestamp) return false;
          const [newer, older] = a.timestamp > b.timestamp ? [a, b] : [b, a];
          emit({ op: 'expect', assert: { kind: 'newer-than', subject: newer.id, other: older.id } });
        } else {
          const c = find(creatures, (c) => c.attachments.length === 0);
          if (!c) return false;
          emit({ op: 'expect', assert: { kind: 'no-attachments', host: c.id } });
        }
        return true;
      },
    ],
    // A comment now and then, as people write them.
    [
      2,
      () => {
        records.push({ op: 'comment', text: `turn ${Math.floor(events / 40) + 1}: 701.3d` });
        return true;
      },
    ],
  ];
  const total = actions.reduce((s, [w]) => s + w, 0);
  const chooseAction = () => {
    let r = rng() * total;
    for (const [w, f] of actions) {
      r -= w;
      if (r < 0) return f;
    }
    return actions[actions.length - 1][1];
  };

  // ---- faults (findings variant): each produces exactly one finding -------------------------
  const fault = (): boolean => {
    const r = rng();
    if (r < 0.4) {
      // Skip one consequence of the next action that has any.
      skipNext = true;
      return false;
    }
    if (r < 0.7) {
      // Illegal equip: target a creature its controller doesn't control.
      const e = find(equipment, onBf);
      if (!e) return false;
      const h = find(creatures, (h) => onBf(h) && h.controller !== e.controller && h !== e.host);
      if (!h) return false;
      emit({ op: 'equip', subject: e.id, host: h.id });
      injected.illegalEquip++;
      return true;
    }
    // Redundant equip: to the creature it already equips.
    const e = find(equipment, (e) => e.host !== null && e.host.controller === e.controller && !protectedFrom(e.host, e));
    if (!e) return false;
    emit({ op: 'equip', subject: e.id, host: e.host!.id });
    injected.redundantEquip++;
    return true;
  };

  let guard = 0;
  while (events < targetEvents && guard < targetEvents * 50) {
    guard++;
    const want = variant === 'findings' && !skipNext && injected.skipped + injected.illegalEquip + injected.redundantEquip < Math.floor(events / 100);
    if (want && fault()) continue;
    chooseAction()();
  }
  return { records, events, cards: nCards, injected };
}

// ---- rendering ----------------------------------------------------------------------------

function q(s: string): string {
  return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

function expectText(a: ExpectRec): string {
  switch (a.kind) {
    case 'attached-to':
      return `${a.subject} attached to ${a.host}`;
    case 'has':
      return `${a.host} has ${a.subject}`;
    case 'unattached':
      return `${a.subject} unattached`;
    case 'in':
      return `${a.subject} in ${a.zone}`;
    case 'newer-than':
      return `${a.subject} newer than ${a.other}`;
    case 'no-attachments':
      return `no attachments on ${a.host}`;
  }
}

export function recordText(r: Rec): string {
  switch (r.op) {
    case 'game':
      return `game ${r.game}`;
    case 'title':
      return `title ${q(r.title)}`;
    case 'rules':
      return `rules ${r.version}`;
    case 'player':
      return `player ${r.id}`;
    case 'card': {
      const typeLine = [...r.supertypes, ...r.types].join(' ') + (r.subtypes.length ? ` — ${r.subtypes.join(' ')}` : '');
      const props: string[] = [];
      if (r.enchant) props.push(`enchant ${r.enchant}`);
      props.push(`owner ${r.owner}`);
      if (r.colors.length) props.push(`color ${r.colors.join(' ')}`);
      if (r.zone) props.push(`in ${r.zone}`);
      if (r.attachedTo) props.push(`attached to ${r.attachedTo}`);
      return `card ${r.id} ${q(r.name)}: ${typeLine}, ${props.join(', ')}`;
    }
    case 'attach':
    case 'equip':
    case 'fortify':
      return `${r.op} ${r.subject} to ${r.host}${r.by ? ` by ${r.by}` : ''}`;
    case 'cast':
      return `cast ${r.subject} targeting ${r.target}${r.by ? ` by ${r.by}` : ''}`;
    case 'resolve':
      return `resolve ${r.subject}`;
    case 'enter':
      return `enter ${r.subject}`;
    case 'unattach':
      return `unattach ${r.subject} from ${r.from}`;
    case 'move':
      return `move ${r.subject} to ${r.zone}`;
    case 'destroy':
    case 'kill':
    case 'sacrifice':
    case 'exile':
    case 'bounce':
      return `${r.op} ${r.subject}`;
    case 'gains':
    case 'loses':
      return `${r.op} ${r.subject} protection from ${r.protectionFrom}`;
    case 'control':
      return `control ${r.subject} ${r.player}`;
    case 'expect':
      return `expect ${expectText(r.assert)}`;
    case 'comment':
      return `# ${r.text}`;
  }
}

/** The scenario as a `.board` file (LF line ends, final newline). */
export function toBoard(s: Scenario): string {
  const out: string[] = new Array(s.records.length);
  for (let i = 0; i < s.records.length; i++) out[i] = recordText(s.records[i]);
  return out.join('\n') + '\n';
}

/** The same records as a JSON array of objects (one per line of the `.board` file). */
export function toJson(s: Scenario): string {
  return JSON.stringify(s.records);
}
