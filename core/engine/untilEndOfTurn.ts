// Changes that events make to a card's characteristics or a player's abilities (`becomes X creature`,
// `gains X protection from red`, `loses X all abilities`), and those that last only for a while: until
// end of turn (MTG 514.2: they end in the cleanup step; Riftbound 317.2.c: `this turn` effects expire in
// the Ending Phase's Expiration Step), or, in MTG, until a player's next turn (611.2a: as it begins).
//
// A change is applied at once. While something has such an effect on it, it keeps what it was before
// the first one still going (its `base`) and every change made since, each with its place in time and
// how long it lasts; when some of them end, it takes its base back and the others are applied again,
// in order, with their places. So a lasting change after a temporary one wins over it for good
// (`gains X flying until end of turn`, then `loses X flying`: no flying after the turn either), and a
// lasting change before one comes back (a printed flying taken away until end of turn returns).
// Without such an effect, nothing is kept: a change costs what it did before.
//
// The rules say what an event may do and report what it can't; they hand the change itself here as a
// function of the board and the object (Apply), which applies it without reporting anything, as often
// as it is asked.
import type { Board, CardObj, Characteristics, PlayerObj } from './board';
import type { TurnDuration } from '../parser/ast';
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

/** How long a change lasts: for good, until end of turn (this turn), or until `nextTurnOf`'s next turn begins. */
export type Lasts = 'good' | 'turn' | { readonly nextTurnOf: string };

/** A change made while an effect that ends was on the object (that effect's own change included). */
interface Change {
  readonly at: number;
  readonly apply: Apply;
  readonly lasts: Lasts;
}

/** A player's abilities, as a player's effects until end of turn change them. */
type PlayerAbilities = Pick<PlayerObj, 'protections' | 'protectionKeeps' | 'targeting'>;

/**
 * What an object was before the first of its effects that end still going, and every change made
 * since, in order. Never changed: a board and its copy share one (Board.clone), and `with` makes a new
 * one. The list of changes is shared too, and only ever appended to: each Temporary reads the first
 * `length` entries, so appending to the list in place is safe while it is exactly that long, and a
 * Temporary that finds it longer (a copy of the board appended first) copies its part.
 */
export class Temporary {
  private constructor(
    readonly base: Characteristics | PlayerAbilities,
    private readonly items: Change[],
    private readonly length: number,
    /** How many of the changes end with the turn, and the players whose next turn ends some (so a turn that ends none costs nothing). */
    private readonly turnEnding: number,
    private readonly nextTurnOf: readonly string[],
  ) {}

  /** `x` as it is now, before its first effect that ends. */
  static of(x: CardObj | PlayerObj): Temporary {
    const base: Characteristics | PlayerAbilities = x.isCard ? characteristicsOf(x) : { protections: x.protections, protectionKeeps: x.protectionKeeps, targeting: x.targeting };
    return new Temporary(base, [], 0, 0, []);
  }

  /** With one more change. */
  with(change: Change): Temporary {
    let items = this.items;
    if (items.length !== this.length) items = items.slice(0, this.length);
    items.push(change);
    const l = change.lasts;
    const players = typeof l === 'object' && !this.nextTurnOf.includes(l.nextTurnOf) ? [...this.nextTurnOf, l.nextTurnOf] : this.nextTurnOf;
    return new Temporary(this.base, items, this.length + 1, this.turnEnding + (l === 'turn' ? 1 : 0), players);
  }

  /** Does any of its changes end as this turn ends (and `player`'s next turn begins, when one does)? */
  ends(player: string | undefined): boolean {
    return this.turnEnding !== 0 || (player !== undefined && this.nextTurnOf.includes(player));
  }

  /** The changes, in order. */
  *changes(): Iterable<Change> {
    for (let i = 0; i < this.length; i++) yield this.items[i];
  }

  /** A copy with every place in time moved by `stamp` (the replay of an earlier text, made the new one's: Board.moveLines). */
  moved(stamp: (at: number) => number, base: Characteristics | PlayerAbilities): Temporary {
    const items: Change[] = [];
    for (const c of this.changes()) items.push({ at: stamp(c.at), apply: c.apply, lasts: c.lasts });
    return new Temporary(base, items, items.length, this.turnEnding, this.nextTurnOf);
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
 * the event's place in time, for as long as `lasts` says. While a change that ends is on `x`, every
 * change is kept, to be applied again when one of them ends (endTemporary).
 */
export function change(board: Board, x: CardObj | PlayerObj, lasts: Lasts, apply: Apply): void {
  const at = board.lastTimestamp + 0.5;
  if (lasts !== 'good' && !x.temporary) {
    x.temporary = Temporary.of(x);
    board.temporaries.push(x.id);
  }
  if (x.temporary) x.temporary = x.temporary.with({ at, apply, lasts });
  apply(board, x, at);
  if (x.isCard) x.modified = true;
}

/**
 * How long an event's change lasts, as its duration says: for good without one; until a player's next
 * turn (611.2a) for `until P's next turn`, or for `until your next turn`, where "you" is read as the
 * card's controller (its owner when it has none) or the player itself. Undefined when the player named
 * is unknown (reported): the event does nothing.
 */
export function lastsOf(replay: Replay, x: CardObj | PlayerObj, duration: TurnDuration | undefined): Lasts | undefined {
  if (!duration) return 'good';
  if (duration.text !== 'until your next turn') return 'turn';
  if (duration.player) {
    const p = replay.player(duration.player);
    return p ? { nextTurnOf: p.id } : undefined;
  }
  const you = x.isCard ? (x.controller ?? x.owner) : x.id;
  return you !== undefined ? { nextTurnOf: you } : 'turn';
}

/** Does a change that lasts `lasts` end now (the turn ends; `player`'s turn begins, if one does)? */
function endsNow(lasts: Lasts, player: string | undefined): boolean {
  return lasts === 'turn' || (typeof lasts === 'object' && lasts.nextTurnOf === player);
}

/**
 * The turn ended (and `player`'s turn began, if one did): the effects on `x` that end then end (514.2,
 * 317.2.c; 611.2a for those until a player's next turn). It takes back what it was before the first
 * of its effects that ended, and the other changes made since are applied again, in order. What that
 * changes is judged by the next state-based action check (Board.regranted). Returns true when some
 * effect on `x` ended.
 */
export function endTemporary(replay: Replay, x: CardObj | PlayerObj, player: string | undefined): boolean {
  const t = x.temporary;
  if (!t || !t.ends(player)) return false;
  const board = replay.board;
  const lostAll = x.isCard && x.lost.has('all');
  let kept: Temporary | undefined;
  let rules: readonly string[] = [];
  for (const c of t.changes()) if (endsNow(c.lasts, player) && !rules.includes(c.lasts === 'turn' ? '514.2' : '611.2a')) rules = [...rules, c.lasts === 'turn' ? '514.2' : '611.2a'];
  if (x.isCard) takeCharacteristics(x, t.base as Characteristics);
  else {
    const base = t.base as PlayerAbilities;
    x.protections = base.protections;
    x.protectionKeeps = base.protectionKeeps;
    x.targeting = base.targeting;
  }
  for (const c of t.changes()) {
    if (endsNow(c.lasts, player)) continue;
    // What it is before the first effect still going is its new base; the changes from there on are kept.
    if (!kept && c.lasts !== 'good') kept = Temporary.of(x);
    if (kept) kept = kept.with(c);
    c.apply(board, x, c.at);
  }
  x.temporary = kept;
  if (kept) board.temporaries.push(x.id);
  if (x.isCard) {
    x.modified = true;
    x.effectsEnded = { turn: board.turn?.number ?? 0, rules };
    // Its own abilities changed (its log with them), and so may what it grants: worked out again,
    // every grantor of it too when whether it has any ability at all changed (a quoted grant's timestamp).
    board.abilitiesChanged(x, x.lost.has('all') === lostAll);
    board.regranted.push(x);
  } else {
    // What is attached to the player may have become illegal (protection, 702.16c).
    for (const id of x.attachments) replay.markDirty(board.cards.get(id)!);
  }
  if (replay.noting) replay.note(() => (rules.includes('611.2a') ? msg`${x.id}: its effects until ${player}'s next turn ended` : msg`${x.id}: its effects until end of turn ended`));
  return true;
}

/**
 * An event gives `card` a keyword ability (`flying`, Riftbound `Shield`) or takes it away, for as long
 * as `lasts` says: on the card, and in its log for the order against grants. The rules say first
 * whether the event may.
 */
export function changeKeyword(board: Board, card: CardObj, verb: 'gains' | 'loses', name: string, lasts: Lasts): void {
  change(board, card, lasts, (b, c, at) => {
    const x = c as CardObj;
    const without = x.keywords.filter((k) => k !== name);
    x.keywords = verb === 'gains' ? [...without, name] : without;
    logAbilityChange(b, x, verb, { kind: 'keyword', name }, at);
  });
}

/**
 * The turn ended, or Riftbound's Expiration Step came: every effect until end of turn (this turn) on a
 * card or player ends, and, when a new turn of `player` begins, every effect until that player's next turn.
 */
export function endTemporaries(replay: Replay, player: string | undefined): void {
  const board = replay.board;
  const ids = board.temporaries;
  if (ids.length === 0) return;
  board.temporaries = [];
  // A card listed may have become a new object since (it has none left), or be listed twice; one
  // with an effect still going is listed again (endTemporary).
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) continue;
    seen.add(id);
    const x = board.cards.get(id) ?? board.players.get(id);
    if (x?.temporary && !endTemporary(replay, x, player)) board.temporaries.push(id);
  }
}
