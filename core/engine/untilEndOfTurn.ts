// Changes that events make to a card's characteristics or a player's abilities (`becomes X creature`,
// `gains X protection from red`, `loses X all abilities`), and those that last only until end of turn
// (MTG 514.2: they end in the cleanup step; Riftbound 317.2.c: `this turn` effects expire in the Ending
// Phase's Expiration Step).
//
// A change is applied at once. While something has an effect until end of turn on it, it keeps what it
// was before the first one (its `base`) and the lasting changes made since, each with its place in
// time; when the turn ends it takes its base back and those lasting changes are applied again, in
// order, with their places. So a lasting change after a temporary one wins over it for good (`gains X
// flying until end of turn`, then `loses X flying`: no flying after the turn either), and a lasting
// change before one comes back (a printed flying taken away until end of turn returns). Without an
// effect until end of turn, nothing is kept: a change costs what it did before.
//
// The rules say what an event may do and report what it can't; they hand the change itself here as a
// function of the board and the object (Apply), which applies it without reporting anything, as often
// as it is asked.
import type { Board, CardObj, Characteristics, PlayerObj } from './board';
import { takeCharacteristics } from './board';
import type { Replay } from './replay';
import { msg } from '../message';
import { logAbilityChange } from './abilities';

/**
 * A change to `x`'s characteristics (a card) or abilities (a player), at its place in time `at`
 * (between two timestamps: an event's, for the order against grants, 613.7a). It reads nothing of the
 * replay: applied again as an effect until end of turn ends, it must do what it did the first time.
 */
export type Apply = (board: Board, x: CardObj | PlayerObj, at: number) => void;

/** A lasting change made while an effect until end of turn was on the object. */
interface Lasting {
  readonly at: number;
  readonly apply: Apply;
}

/** A player's abilities, as a player's effects until end of turn change them. */
type PlayerAbilities = Pick<PlayerObj, 'protections' | 'protectionKeeps' | 'targeting'>;

/**
 * What an object was before its first effect until end of turn, and the lasting changes made since,
 * in order. Never changed: a board and its copy share one (Board.clone), and `with` makes a new one.
 * The list of changes is shared too, and only ever appended to: each Temporary reads the first
 * `length` entries, so appending to the list in place is safe while it is exactly that long, and a
 * Temporary that finds it longer (a copy of the board appended first) copies its part.
 */
export class Temporary {
  private constructor(
    readonly base: Characteristics | PlayerAbilities,
    private readonly items: Lasting[],
    private readonly length: number,
  ) {}

  /** `x` as it is now, before its first effect until end of turn. */
  static of(x: CardObj | PlayerObj): Temporary {
    const base: Characteristics | PlayerAbilities = x.isCard ? characteristicsOf(x) : { protections: x.protections, protectionKeeps: x.protectionKeeps, targeting: x.targeting };
    return new Temporary(base, [], 0);
  }

  /** With one more lasting change. */
  with(change: Lasting): Temporary {
    let items = this.items;
    if (items.length !== this.length) items = items.slice(0, this.length);
    items.push(change);
    return new Temporary(this.base, items, this.length + 1);
  }

  /** The lasting changes, in order. */
  *changes(): Iterable<Lasting> {
    for (let i = 0; i < this.length; i++) yield this.items[i];
  }

  /** A copy with every place in time moved by `stamp` (the replay of an earlier text, made the new one's: Board.moveLines). */
  moved(stamp: (at: number) => number, base: Characteristics | PlayerAbilities): Temporary {
    const items: Lasting[] = [];
    for (const c of this.changes()) items.push({ at: stamp(c.at), apply: c.apply });
    return new Temporary(base, items, items.length);
  }
}

/** A card's characteristics as they are now (the sets and lists shared: they are copy on write). */
function characteristicsOf(c: CardObj): Characteristics {
  return {
    supertypes: c.supertypes,
    types: c.types,
    subtypes: c.subtypes,
    colors: c.colors,
    protections: c.protections,
    protectionKeeps: c.protectionKeeps,
    lost: c.lost,
    targeting: c.targeting,
    enchant: c.enchant,
    equipQuality: c.equipQuality,
    hasEquip: c.hasEquip,
    reconfigure: c.reconfigure,
    bestow: c.bestow,
    cant: c.cant,
    might: c.might,
    mightBonus: c.mightBonus,
    keywords: c.keywords,
    grants: c.grants,
    abilityLog: c.abilityLog,
    kinds: c.kinds,
  };
}

/**
 * An event changes `x` (a card's characteristics, or a player's abilities): `apply` does it now, at
 * the event's place in time. `untilEndOfTurn`: the change ends with the turn (endTemporary); a lasting
 * change made while one such is on `x` is kept, to be applied again then.
 */
export function change(board: Board, x: CardObj | PlayerObj, untilEndOfTurn: boolean, apply: Apply): void {
  const at = board.lastTimestamp + 0.5;
  if (untilEndOfTurn) {
    if (!x.temporary) {
      x.temporary = Temporary.of(x);
      board.temporaries.push(x.id);
    }
  } else if (x.temporary) x.temporary = x.temporary.with({ at, apply });
  apply(board, x, at);
  if (x.isCard) x.modified = true;
}

/**
 * The turn ended: the effects until end of turn on `x` end (514.2, 317.2.c). It takes back what it was
 * before the first of them, and the lasting changes made since are applied again, in order. What that
 * changes is judged by the next state-based action check (Board.regranted). Returns true when `x`
 * had such effects.
 */
export function endTemporary(replay: Replay, x: CardObj | PlayerObj): boolean {
  const t = x.temporary;
  if (!t) return false;
  const board = replay.board;
  x.temporary = undefined;
  if (x.isCard) {
    const lostAll = x.lost.has('all');
    takeCharacteristics(x, t.base as Characteristics);
    for (const c of t.changes()) c.apply(board, x, c.at);
    x.modified = true;
    x.effectsEnded = board.turn?.number ?? 0;
    // Its own abilities changed (its log with them), and so may what it grants: worked out again,
    // every grantor of it too when whether it has any ability at all changed (a quoted grant's timestamp).
    board.abilitiesChanged(x, x.lost.has('all') === lostAll);
    board.regranted.push(x);
  } else {
    const base = t.base as PlayerAbilities;
    x.protections = base.protections;
    x.protectionKeeps = base.protectionKeeps;
    x.targeting = base.targeting;
    for (const c of t.changes()) c.apply(board, x, c.at);
    // What is attached to the player may have become illegal (protection, 702.16c).
    for (const id of x.attachments) replay.markDirty(board.cards.get(id)!);
  }
  if (replay.noting) replay.note(() => msg`${x.id}: its effects until end of turn ended`);
  return true;
}

/**
 * An event gives `card` a keyword ability (`flying`, Riftbound `Shield`) or takes it away, for good or
 * until end of turn: on the card, and in its log for the order against grants. The rules say first
 * whether the event may.
 */
export function changeKeyword(board: Board, card: CardObj, verb: 'gains' | 'loses', name: string, untilEndOfTurn: boolean): void {
  change(board, card, untilEndOfTurn, (b, c, at) => {
    const x = c as CardObj;
    const without = x.keywords.filter((k) => k !== name);
    x.keywords = verb === 'gains' ? [...without, name] : without;
    logAbilityChange(b, x, verb, { kind: 'keyword', name }, at);
  });
}

/** A new turn began, or Riftbound's Expiration Step came: every effect until end of turn (this turn) on a card or player ends. */
export function endTemporaries(replay: Replay): void {
  const board = replay.board;
  const ids = board.temporaries;
  if (ids.length === 0) return;
  board.temporaries = [];
  // A card listed may have become a new object since (it has none left), or be listed twice.
  for (const id of ids) {
    const x = board.cards.get(id) ?? board.players.get(id);
    if (x) endTemporary(replay, x);
  }
}
