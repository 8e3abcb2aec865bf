// The board model the replay mutates: cards as game objects, players, timestamps, attachments.
// Attachments are indexed both ways (attachedTo on the attachment, attachments on the host), so
// every lookup the rules need is O(1) in the board size.
import type { Filter, CardStmt, PlayerStmt, TargetingKeywordNode } from '../parser/ast';
import type { BoardView, CardView, Game, Range } from '../types';

/** An MTG targeting keyword: hexproof (702.11, `quality` for hexproof from), shroud (702.18), ward (702.21, its `cost` as written). */
export interface TargetingKeyword {
  name: 'hexproof' | 'shroud' | 'ward';
  quality?: string;
  cost?: string;
}

/** The keyword a declaration or event writes. */
export function targetingKeywordOf(node: TargetingKeywordNode): TargetingKeyword {
  const k: TargetingKeyword = { name: node.name };
  if (node.quality) k.quality = node.quality.text;
  if (node.cost) k.cost = node.cost.text;
  return k;
}

/** How a targeting keyword reads: `hexproof`, `hexproof from black`, `shroud`, `ward 2`. */
export function keywordLabel(k: TargetingKeyword): string {
  return k.name + (k.quality !== undefined ? ` from ${k.quality}` : '') + (k.cost !== undefined ? ` ${k.cost}` : '');
}

/** What a card is attached to. A card host is identified by its object version (400.7). */
export type HostRef = { kind: 'card'; id: string; version: number } | { kind: 'player'; id: string };

/**
 * Characteristics that reset when the card becomes a new object (400.7 / Riftbound 124). The sets
 * and lists are never changed in place: a change makes a new one (copy on write), so a copy of the
 * board shares them, and a new object simply takes its printed ones back.
 */
export interface Characteristics {
  supertypes: ReadonlySet<string>;
  types: ReadonlySet<string>;
  subtypes: ReadonlySet<string>;
  colors: ReadonlySet<string>;
  protections: readonly string[];
  /** MTG hexproof, shroud, ward. Copy on write. */
  targeting: readonly TargetingKeyword[];
  enchant: readonly Filter[];
  equipQuality: Filter | undefined;
  hasEquip: boolean;
  reconfigure: boolean;
  bestow: boolean;
  cant: ReadonlySet<'enchanted' | 'equipped' | 'fortified'>;
  might: number | undefined;
  mightBonus: number | undefined;
}

/** Printed characteristics while the card's declaration builds them (they never change after). */
export interface PrintedBuilder extends Characteristics {
  supertypes: Set<string>;
  types: Set<string>;
  subtypes: Set<string>;
  colors: Set<string>;
  protections: string[];
  targeting: TargetingKeyword[];
  cant: Set<'enchanted' | 'equipped' | 'fortified'>;
}

export interface CardObj extends Characteristics {
  readonly isCard: true;
  id: string;
  name: string;
  decl: CardStmt;
  printed: Characteristics;
  owner: string | undefined;
  controller: string | undefined;
  /**
   * The player under whose control it entered its zone (or was declared); a control-changing effect
   * changes `controller` only. MTG 800.4a: when a player leaves, a control effect that gave them an
   * object ends, but an object that entered under their control is exiled.
   */
  enteredUnder: string | undefined;
  /** MTG zone, or Riftbound `base` / `battlefield` / `hand` / ... */
  zone: string;
  /** Riftbound: which battlefield, when zone is `battlefield`; whose base (a player id), when zone is `base`. */
  place: string | undefined;
  token: boolean;
  /** Object version: incremented each time the card changes zones (a new object, 400.7). */
  version: number;
  timestamp: number;
  attachedTo: HostRef | null;
  /** Where the current attachment was made, for related locations. */
  attachedAt: Range | undefined;
  attachments: Set<string>;
  /** Phased out with its host ('indirect', 702.26g) or on its own ('direct'; it keeps pointing at its host, 702.26i). */
  phasedOut: 'no' | 'direct' | 'indirect';
  /** A bestow card cast or resolved as an Aura (702.103). */
  bestowed: boolean;
  exhausted: boolean;
  /** Aura spell or Equip target on the stack, with the object version it had when chosen. */
  stackTarget: HostRef | undefined;
  /** Its characteristics differ from the printed ones (so a new object must reset them). */
  modified: boolean;
  /** Marked for the next state-based action check (Replay.markDirty). */
  dirty: boolean;
}

export interface PlayerObj {
  readonly isCard: false;
  id: string;
  decl: PlayerStmt;
  left: boolean;
  attachments: Set<string>;
  /** MTG: a player can have protection (702.16c), e.g. from everything. Copy on write. */
  protections: readonly string[];
  /** MTG: hexproof (702.11c) and shroud (702.18a) on a player. Copy on write. */
  targeting: readonly TargetingKeyword[];
}

/** The characteristics alone (sets and lists shared: they are copy on write). */
export function copyCharacteristics(c: Characteristics): Characteristics {
  return {
    supertypes: c.supertypes,
    types: c.types,
    subtypes: c.subtypes,
    colors: c.colors,
    protections: c.protections,
    targeting: c.targeting,
    enchant: c.enchant,
    equipQuality: c.equipQuality,
    hasEquip: c.hasEquip,
    reconfigure: c.reconfigure,
    bestow: c.bestow,
    cant: c.cant,
    might: c.might,
    mightBonus: c.mightBonus,
  };
}

export class Board {
  readonly cards = new Map<string, CardObj>();
  readonly players = new Map<string, PlayerObj>();
  private clock = 0;

  constructor(readonly game: Game) {}

  /** The next timestamp (613.7). */
  tick(): number {
    return ++this.clock;
  }

  hostOf(card: CardObj): CardObj | PlayerObj | undefined {
    const h = card.attachedTo;
    if (!h) return undefined;
    return h.kind === 'card' ? this.cards.get(h.id) : this.players.get(h.id);
  }

  refTo(target: CardObj | PlayerObj): HostRef {
    return isCard(target) ? { kind: 'card', id: target.id, version: target.version } : { kind: 'player', id: target.id };
  }

  /** Attach without any rules check; the callers decide legality. */
  link(att: CardObj, host: CardObj | PlayerObj, at: Range | undefined): void {
    this.unlink(att);
    att.attachedTo = this.refTo(host);
    att.attachedAt = at;
    host.attachments.add(att.id);
  }

  /** Detach without any rules check. Returns the host it was attached to. */
  unlink(att: CardObj): CardObj | PlayerObj | undefined {
    const host = this.hostOf(att);
    if (host) host.attachments.delete(att.id);
    att.attachedTo = null;
    att.attachedAt = undefined;
    return host;
  }

  /** An independent copy: the replay can go on from it without touching this board. */
  clone(): Board {
    const b = new Board(this.game);
    b.clock = this.clock;
    // Characteristics are copy on write (shared); the attachments are changed in place, so copied.
    for (const c of this.cards.values()) b.cards.set(c.id, { ...c, attachments: new Set(c.attachments), dirty: false });
    for (const p of this.players.values()) b.players.set(p.id, { ...p, attachments: new Set(p.attachments) });
    return b;
  }

  /** Does `other` hold the same state (the same replay reached two ways: the editor's early cutoff)? */
  sameAs(other: Board): boolean {
    if (this.clock !== other.clock || this.cards.size !== other.cards.size || this.players.size !== other.players.size) return false;
    for (const c of this.cards.values()) {
      const d = other.cards.get(c.id);
      if (!d || !sameValue(c, d)) return false;
    }
    for (const p of this.players.values()) {
      const q = other.players.get(p.id);
      if (!q || !sameValue(p, q)) return false;
    }
    return true;
  }

  view(): BoardView {
    const cards: CardView[] = [];
    for (const c of this.cards.values()) cards.push(cardView(this, c));
    return {
      game: this.game,
      players: [...this.players.values()].map((p) => ({ id: p.id, left: p.left, attachments: [...p.attachments], ...(p.targeting.length ? { keywords: p.targeting.map(keywordLabel) } : {}) })),
      cards,
    };
  }
}

export function isCard(x: CardObj | PlayerObj): x is CardObj {
  return x.isCard;
}

/** A new object (MTG 400.7, Riftbound 124) has its printed characteristics again. */
/** A new set: `set` with `x` added or removed (characteristics are copy on write). */
export function withOrWithout<T>(set: ReadonlySet<T>, x: T, add: boolean): ReadonlySet<T> {
  const next = new Set(set);
  if (add) next.add(x);
  else next.delete(x);
  return next;
}

export function resetCharacteristics(card: CardObj): void {
  if (!card.modified) return;
  Object.assign(card, copyCharacteristics(card.printed));
  card.modified = false;
}

export function zoneLabel(c: CardObj): string {
  return c.zone === 'battlefield' && c.place ? `battlefield:${c.place}` : c.zone;
}

const lists = new WeakMap<ReadonlySet<string>, string[]>();

/**
 * A characteristic set as a list, made once per set: the sets never change (copy on write), so
 * every view of them shares one list (views are read, never changed).
 */
function listOf(set: ReadonlySet<string>): string[] {
  let l = lists.get(set);
  if (!l) lists.set(set, (l = [...set]));
  return l;
}

export function cardView(board: Board, c: CardObj): CardView {
  let effectiveMight: number | undefined;
  if (c.might !== undefined) {
    effectiveMight = c.might;
    for (const a of c.attachments) effectiveMight += board.cards.get(a)?.mightBonus ?? 0;
  }
  return {
    id: c.id,
    name: c.name,
    owner: c.owner,
    controller: c.controller,
    zone: zoneLabel(c),
    base: c.zone === 'base' ? c.place : undefined,
    supertypes: listOf(c.supertypes),
    types: listOf(c.types),
    subtypes: listOf(c.subtypes),
    colors: listOf(c.colors),
    attachedTo: c.attachedTo ? c.attachedTo.id : null,
    attachments: [...c.attachments],
    timestamp: c.timestamp,
    phasedOut: c.phasedOut !== 'no',
    might: c.might,
    effectiveMight,
    exhausted: board.game === 'riftbound' ? c.exhausted : undefined,
    ...(c.targeting.length ? { keywords: c.targeting.map(keywordLabel) } : {}),
  };
}

/**
 * Deep equality of board data: numbers, strings, sets, arrays and plain records compared by value;
 * anything else (declarations, filters: shared, never copied) by identity.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (a instanceof Set) {
    if (!(b instanceof Set) || a.size !== b.size) return false;
    for (const x of a) if (!b.has(x)) return false;
    return true;
  }
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameValue(a[i], b[i])) return false;
    return true;
  }
  if (Object.getPrototypeOf(a) !== Object.prototype || Object.getPrototypeOf(b) !== Object.prototype) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) if (!sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  return true;
}
