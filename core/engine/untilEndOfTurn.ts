// Changes that events make to a card's characteristics or a player's abilities (`becomes X creature`,
// `gains X protection from red`, `loses X all abilities`), and those that last only for a while: until
// end of turn (MTG 514.2: they end in the cleanup step; Riftbound 317.2.c: `this turn` effects expire in
// the Ending Phase's Expiration Step), or, in MTG, until a player's next turn (611.2a: as it begins).
//
// A change is applied at once. While something has such an effect on it, it keeps every change made
// since the first one still going, each with its place in time and how long it lasts, and each one
// that ends with what the object was just before it. When some end, the object takes back what it was
// before the first of those, and the changes after it that go on are applied again, in order, with
// their places. So a lasting change after a temporary one wins over it for good (`gains X flying
// until end of turn`, then `loses X flying`: no flying after the turn either), and a lasting change
// before one comes back (a printed flying taken away until end of turn returns). Without such an
// effect, nothing is kept: a change costs what it did before.
//
// The rules say what an event may do and report what it can't; they hand the change itself here as a
// function of the board and the object (Apply), which applies it without reporting anything, as often
// as it is asked.
import { ownValuesWith } from './ownValues';
import type { TurnDuration } from '../parser/ast';
import type { Board, CardObj, Characteristics, OwnValues, PlayerObj } from './board';
import { characteristicsOf, COLOR_KINDS, LOST_ENCHANT, LOST_EQUIP, READS_COLORS, READS_SUBTYPES, READS_SUPERTYPES, shareLists, takeCharacteristics } from './board';
import type { Replay } from './replay';
import { msg } from '../message';
import { untilNextTurnsOf } from './words';
import { logAbilityChange } from './abilities';
import { protectionsOnly } from './grantFold';

/**
 * A change to `x`'s characteristics (a card) or abilities (a player), at its place in time `at`
 * (between two timestamps: an event's, for the order against grants, 613.7a). It reads nothing of the
 * replay: applied again as an effect that ends ends, it must do what it did the first time.
 */
export type Apply = (board: Board, x: CardObj | PlayerObj, at: number) => void;

/**
 * How long a change lasts: for good, until end of turn (this turn), until `nextTurnOf`'s next turn
 * begins, or while the attachment `by` applies its static ability to the object (typeChange.ts).
 */
export type Lasts = 'good' | 'turn' | { readonly nextTurnOf: string } | { readonly by: string };

/**
 * A change made while an effect that ends was on the object (that effect's own change included). One
 * that ends holds what the object was just before it (`before`): the point from which the changes
 * are applied again when it ends.
 */
interface Change {
  readonly at: number;
  readonly apply: Apply;
  readonly lasts: Lasts;
  readonly before: Snapshot | undefined;
}

/** A player's abilities, as a player's effects that end change them. */
type PlayerAbilities = Pick<PlayerObj, 'protections' | 'protectionKeeps' | 'targeting'>;

/** What an object's characteristics (a card) or abilities (a player) are at one moment. */
export type Snapshot = Characteristics | PlayerAbilities;

/**
 * The changes made to an object since its first effect that ends still going, in order (the first is
 * that effect's), with where the first that ends with the turn stands and, for each player, the first
 * that ends as that player's next turn begins. So the changes that end are found at once, and the
 * object is made again from the first of them on, not from the start: an effect until a player's next
 * turn that never ends costs nothing at each turn that ends others.
 *
 * A board changes it in place only while it is its own (`owner`, the board's token, as attachment sets
 * are: Board.attachmentsOf); a copy of the board shares it, and whichever changes it first copies it.
 */
export class Temporary {
  private constructor(
    private readonly items: Change[],
    private firstTurn: number,
    private readonly firstNext: Map<string, number>,
    private readonly owner: object,
  ) {}

  /** The attachments whose static abilities are among the changes (`lasts: { by }`), in the order they began. */
  private staticIds: string[] = [];

  static start(board: Board): Temporary {
    return new Temporary([], -1, new Map(), board.ownToken);
  }

  /** This list, to change on `board`: itself if the board owns it, else a copy the board owns. */
  own(board: Board): Temporary {
    if (this.owner === board.ownToken) return this;
    const t = new Temporary([...this.items], this.firstTurn, new Map(this.firstNext), board.ownToken);
    t.staticIds = [...this.staticIds];
    return t;
  }

  /** Appends a change (the list must be `board`'s own: `own`). */
  push(c: Change): void {
    const i = this.items.length;
    this.items.push(c);
    if (c.lasts === 'turn') {
      if (this.firstTurn < 0) this.firstTurn = i;
    } else if (c.lasts === 'good') return;
    else if ('by' in c.lasts) this.staticIds.push(c.lasts.by);
    else if (!this.firstNext.has(c.lasts.nextTurnOf)) this.firstNext.set(c.lasts.nextTurnOf, i);
  }

  /** The attachments whose static abilities are among the changes, in the order they began. */
  statics(): readonly string[] {
    return this.staticIds;
  }

  /** Where the static ability of attachment `by` stands among the changes, or -1. */
  indexOfStatic(by: string): number {
    if (!this.staticIds.includes(by)) return -1;
    return this.items.findIndex((c) => typeof c.lasts === 'object' && 'by' in c.lasts && c.lasts.by === by);
  }

  /** The first change that ends as this turn ends and the turns of `players` begin, or -1. */
  firstEnding(players: readonly string[]): number {
    let k = this.firstTurn;
    if (this.firstNext.size === 0) return k;
    for (const p of players) {
      const next = this.firstNext.get(p);
      if (next !== undefined && (k < 0 || next < k)) k = next;
    }
    return k;
  }

  /** The changes from `k` on, taken off the list (it must be `board`'s own), which forgets where they stood. */
  takeFrom(k: number): Change[] {
    const tail = this.items.splice(k);
    if (this.firstTurn >= k) this.firstTurn = -1;
    for (const [p, i] of this.firstNext) if (i >= k) this.firstNext.delete(p);
    if (this.staticIds.length !== 0) {
      const gone = new Set<string>();
      for (const c of tail) if (typeof c.lasts === 'object' && 'by' in c.lasts) gone.add(c.lasts.by);
      if (gone.size !== 0) this.staticIds = this.staticIds.filter((id) => !gone.has(id));
    }
    return tail;
  }

  /** Does any change on the list still end (with a turn, or as an attachment stops applying)? */
  get going(): boolean {
    return this.endsWithTurns || this.staticIds.length !== 0;
  }

  /** Does any change on the list end with a turn (the board lists the object in `temporaries`)? */
  get endsWithTurns(): boolean {
    return this.firstTurn >= 0 || this.firstNext.size !== 0;
  }

  /** The change at `k`. */
  at(k: number): Change {
    return this.items[k];
  }

  /** A copy owned by `board` with every place in time and every snapshot moved (the replay of an earlier text, made the new one's: Board.moveLines). */
  moved(board: Board, stamp: (at: number) => number, snapshot: (s: Snapshot) => Snapshot): Temporary {
    const items = this.items.map((c) => ({ at: stamp(c.at), apply: c.apply, lasts: c.lasts, before: c.before && snapshot(c.before) }));
    const t = new Temporary(items, this.firstTurn, new Map(this.firstNext), board.ownToken);
    t.staticIds = [...this.staticIds];
    return t;
  }
}

/** What `x` is now. */
export function snapshotOf(x: CardObj | PlayerObj): Snapshot {
  return x.isCard ? characteristicsOf(x) : { protections: x.protections, protectionKeeps: x.protectionKeeps, targeting: x.targeting };
}

/** What `x` is now, kept for later (a change's `before`): its lists of protections are no longer added to in place (Board's ownLists). */
function heldSnapshotOf(x: CardObj | PlayerObj): Snapshot {
  shareLists(x);
  return snapshotOf(x);
}

/**
 * How long the list of protections was of each snapshot beforeChange took: a gain may have added to
 * that very list in place since (Board's ownLists), and what it gained is what lies past that length.
 */
const protectionsBefore = new WeakMap<Snapshot, number>();

/** `x` takes back what it was at `s`. */
function restore(x: CardObj | PlayerObj, s: Snapshot): void {
  if (x.isCard) takeCharacteristics(x, s as Characteristics);
  else {
    const p = s as PlayerAbilities;
    x.protections = p.protections;
    x.protectionKeeps = p.protectionKeeps;
    x.targeting = p.targeting;
  }
}

/**
 * An event changes `x` (a card's characteristics, or a player's abilities): `apply` does it now, at
 * the event's place in time, for as long as `lasts` says. While a change that ends is on `x`, every
 * change is kept, to be applied again when one of them ends (endTemporary).
 */
export function change(board: Board, x: CardObj | PlayerObj, lasts: Lasts, apply: Apply): void {
  const at = board.lastTimestamp + 0.5;
  if (lasts !== 'good') {
    // Listed for the turns' ends when its first change that ends with a turn comes (an attachment's static ability doesn't).
    const withTurns = lasts === 'turn' || 'nextTurnOf' in lasts;
    if (withTurns && !x.temporary?.endsWithTurns) board.temporaries.push(x.id);
    x.temporary ??= Temporary.start(board);
  }
  if (x.temporary) {
    const t = (x.temporary = x.temporary.own(board));
    t.push({ at, apply, lasts, before: lasts === 'good' ? undefined : heldSnapshotOf(x) });
  }
  apply(board, x, at);
  if (x.isCard) {
    x.modified = true;
    // Its card types may have changed (a Riftbound `becomes X unit`): Quick-Draw's lists (Board.units).
    board.mayBeUnit(x);
    // Its enchant filters too (`gains X enchant Elf`): what it reads of its host (Board.readersOf).
    board.refiled(x);
  }
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

/** Does a change that lasts `lasts` end now (the turn ends; the turns of `players` begin)? */
function endsNow(lasts: Lasts, players: readonly string[]): boolean {
  return lasts === 'turn' || (typeof lasts === 'object' && 'nextTurnOf' in lasts && players.includes(lasts.nextTurnOf));
}

/**
 * The static ability of attachment `by` stops applying to `x` (typeChange.ts): `x` takes back what it
 * was before it, and the changes made since are applied again, in order, without it.
 */
export function endStatic(board: Board, x: CardObj, by: string, covers?: (later: string) => boolean): void {
  const t0 = x.temporary;
  const k = t0?.indexOfStatic(by) ?? -1;
  if (k < 0) return;
  const t = (x.temporary = t0!.own(board));
  const now = snapshotOf(x);
  restore(x, t.at(k).before!);
  const tail = t.takeFrom(k);
  // A later static that sets everything the ended one changed (`covers`: Song of the Dryads after
  // another type-changing Aura) leaves the object as it is now from there on: the changes up to it are
  // applied again without the ended one, those after it are kept as they were (so many such Auras
  // removed oldest first cost what each removal's neighbours cost, not the whole list).
  let j = tail.length;
  if (covers) {
    for (let i = 1; i < tail.length; i++) {
      const l = tail[i].lasts;
      if (typeof l === 'object' && 'by' in l && covers(l.by)) {
        j = i;
        break;
      }
    }
  }
  for (let i = 1; i < tail.length && i <= j; i++) reapply(board, x, t, tail[i]);
  if (j < tail.length) {
    for (let i = j + 1; i < tail.length; i++) t.push(tail[i]);
    restore(x, now);
  }
  if (!t.going) x.temporary = undefined;
  x.modified = true;
  board.mayBeUnit(x); // its card types may be others now (Board.units)
  board.refiled(x); // and its enchant filters (Board.readersOf)
}

/**
 * A host with fewer attachments than `from` has everything on it judged again at a change of its own
 * (the end of its effects until end of turn; rules/mtg/legality.ts: an event's protection, types,
 * colors or abilities), as before hostBarring: that costs at most `from` judgments a change, and the
 * code that works out what the change may bar runs rarely enough in usual scenarios to stay
 * unoptimized there (bench:instructions at stop 62, against judging everything: from 1 cost the
 * 100k-event checks +0.8 % and +0.7 % and the suite +1.7 %, from 8 +1.8 %, +1.1 % and +0.2 %, from 32
 * nothing). Tests set 0 (always worked out) and Infinity (never).
 */
export const HOST_CHANGE = { from: 32 };

/** What `x` is, before a change of its own, when it has enough attachments for what the change may bar to be worked out (HOST_CHANGE). */
export function beforeChange(x: CardObj | PlayerObj): Snapshot | undefined {
  if (x.attachments.size < HOST_CHANGE.from) return undefined;
  const s = snapshotOf(x);
  protectionsBefore.set(s, x.protections.length);
  return s;
}

/**
 * The characteristics of a host that no attachment's legality reads (MTG 303.4, 301.5c, 301.6, 702.16;
 * Riftbound 718, 719): its keywords and their values, its targeting keywords (hexproof and ward are
 * about targets), its power, toughness and Might (what may make the host itself die: it is looked at
 * again); its own abilities to enchant or equip and which of them it lost (113.10: only its own
 * legality reads them; its reconfigure and bestow, which say whether it is a creature, are compared);
 * and its ability log, which the grants' fold reads (Board.abilitiesChanged). Its protections are
 * compared apart. A filter that asks for a toughness (MTG `with toughness 4 or greater`) reads its
 * toughness: the host is looked at again whatever this says (it is marked), and on a board with such a
 * filter what is on it that reads one is judged with it (Replay.takeDirty, Board.toughnessFiltersDeclared).
 */
const NOT_READ_BY_ATTACHMENTS: ReadonlySet<string> = new Set(['protections', 'protectionKeeps', 'abilityLog', 'keywords', 'keywordValues', 'targeting', 'might', 'mightBonus', 'toughness', 'toughnessBonus', 'power', 'powerBonus', 'honePower', 'enchant', 'equipQuality', 'equipPlaneswalker', 'hasEquip', 'lost', 'choosesColor', 'choosesColorEntering']);

/**
 * What a change of a host's characteristics from `was` to `now` may bar of what is attached to it: the
 * qualities of the protection instances it has that `was` didn't (empty when it gained none), when
 * nothing else that an attachment's legality reads differs; undefined when something does, and
 * everything attached is to be judged again (hostReads, with the subtypes, supertypes and colors that
 * only some attachments read counted among those).
 */
export function hostBarring(board: Board, was: Snapshot, now: Snapshot, timestamp: number): string[] | undefined {
  const r = hostReads(board, was, now, timestamp, timestamp);
  return r === undefined || r.reads !== 0 ? undefined : r.gained;
}

/** What a host's change may make illegal of what is attached to it (hostReads). */
export interface HostChange {
  /** The qualities of the instances of protection it gained (Ruleset.mayBar). */
  readonly gained: string[];
  /** What else changed that only some attachments read (READS_SUBTYPES, READS_SUPERTYPES, READS_COLORS: Board.readersOf). */
  readonly reads: number;
}

/**
 * What a change of a host's characteristics from `was` (at timestamp `wasAt`) to `now` (at `nowAt`: a
 * permanent turned face down or up gets a new one, 613.7f) may make illegal of what is attached to it:
 * the protections it gained, and which of its subtypes, supertypes and colors changed, which only the
 * attachments whose filters name one read (`enchant Elf`, `can be attached only to a legendary
 * creature`; its colors only where a filter names one, Board.colorFiltersDeclared). Undefined when
 * something every attachment may read changed (its card types, whether it is a creature, what it
 * can't be): everything attached is judged again. Sets are compared by their members (a transform
 * or a copy makes new ones), other values by identity, so an effect applied again that made a new but
 * equal value counts as a change: the answer errs only towards judging more. Its name is read by no
 * attachment's legality (a protection from a name reads the attachment's).
 */
export function hostReads(board: Board, was: Snapshot, now: Snapshot, wasAt: number, nowAt: number): HostChange | undefined {
  // A player's abilities are protections and targeting keywords: only the protections are compared.
  if (!('kinds' in was) || !('kinds' in now)) return { gained: gainedProtections(was, now), reads: 0 };
  let reads = 0;
  for (const key in was) {
    if (NOT_READ_BY_ATTACHMENTS.has(key)) continue;
    switch (key) {
      case 'creatureAt':
        // Read only against the card's own timestamp (MTG newlyCreature, 613.7): `becomes X creature` again changes nothing.
        if ((was.creatureAt !== undefined && was.creatureAt > wasAt) !== (now.creatureAt !== undefined && now.creatureAt > nowAt)) return undefined;
        break;
      case 'kinds':
        if ((was.kinds & ~(LOST_ENCHANT | LOST_EQUIP | COLOR_KINDS)) !== (now.kinds & ~(LOST_ENCHANT | LOST_EQUIP | COLOR_KINDS))) return undefined;
        break;
      case 'colors':
        if (board.colorFiltersDeclared && !sameMembers(was.colors, now.colors)) reads |= READS_COLORS;
        break;
      case 'subtypes':
        if (!sameMembers(was.subtypes, now.subtypes)) reads |= READS_SUBTYPES;
        break;
      case 'supertypes':
        if (!sameMembers(was.supertypes, now.supertypes)) reads |= READS_SUPERTYPES;
        break;
      case 'types':
      case 'cant':
        if (!sameMembers(was[key] as ReadonlySet<string>, now[key] as ReadonlySet<string>)) return undefined;
        break;
      case 'grants':
        if (was.grants !== now.grants && (was.grants.length !== 0 || now.grants.length !== 0)) return undefined;
        break;
      default:
        if (was[key as keyof Characteristics] !== now[key as keyof Characteristics]) return undefined;
    }
  }
  return { gained: gainedProtections(was, now), reads };
}

/** Do two sets have the same members? */
function sameMembers(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a === b) return true;
  if (a.size !== b.size) return false;
  for (const x of a) if (!b.has(x)) return false;
  return true;
}

/** A card's or a player's protections, each beside its keep (a player's keeps may be absent: none spares). */
type Protected = Pick<PlayerObj, 'protections' | 'protectionKeeps'>;

/** The qualities of the instances of protection `now` has that `was` didn't (an instance is its quality and its keep). */
function gainedProtections(was: Protected, now: Protected): string[] {
  const gained: string[] = [];
  if (now.protections === was.protections) {
    // The same list, added to in place since (Board's ownLists): what lies past its length then was
    // gained (only gains that list no instance it has already add in place: changeProtections).
    const length = protectionsBefore.get(was as Snapshot);
    if (length === undefined) return gained;
    for (let i = length; i < now.protections.length; i++) if (!gained.includes(now.protections[i])) gained.push(now.protections[i]);
    return gained;
  }
  // The instances `was` had, each quality's with its keeps (an instance is its quality and its keep).
  const had = new Map<string, unknown[]>();
  for (let i = 0; i < was.protections.length; i++) {
    const q = was.protections[i];
    const keeps = had.get(q);
    if (keeps) keeps.push(was.protectionKeeps?.[i]);
    else had.set(q, [was.protectionKeeps?.[i]]);
  }
  const seen = new Set<string>();
  for (let i = 0; i < now.protections.length; i++) {
    const q = now.protections[i];
    const keeps = had.get(q);
    const j = keeps ? keeps.indexOf(now.protectionKeeps?.[i]) : -1;
    // Matched: that instance of `was` is used up (the map itself stands for it: no keep is the map).
    if (j >= 0) keeps![j] = had;
    else if (!seen.has(q)) {
      seen.add(q);
      gained.push(q);
    }
  }
  return gained;
}

/** A change that goes on is kept with what `x` is now, just before it (one for good as it was), and applied again. */
function reapply(board: Board, x: CardObj | PlayerObj, t: Temporary, c: Change): void {
  t.push(c.lasts === 'good' ? c : { at: c.at, apply: c.apply, lasts: c.lasts, before: heldSnapshotOf(x) });
  c.apply(board, x, c.at);
}

/**
 * The turn ended (and the turns of `players` began, or would have: 800.4m): the effects on `x` that
 * end then end (514.2, 317.2.c; 611.2a for those until a player's next turn). It takes back what it was
 * before the first of them, and the changes made since that go on are applied again, in order. What
 * that changes is judged by the next state-based action check (Board.regranted). Returns true when
 * some effect on `x` ended.
 */
export function endTemporary(replay: Replay, x: CardObj | PlayerObj, players: readonly string[]): boolean {
  const board = replay.board;
  const k = x.temporary?.firstEnding(players) ?? -1;
  if (k < 0) return false;
  const t = (x.temporary = x.temporary!.own(board));
  const lostAll = x.isCard && x.lost.has('all');
  // What it was, to see what the end changed for what is attached to it (hostBarring).
  const was = beforeChange(x);
  restore(x, t.at(k).before!);
  let rules: readonly string[] = [];
  // The players whose next turns the effects that ended waited for.
  let awaited: readonly string[] = [];
  for (const c of t.takeFrom(k)) {
    if (endsNow(c.lasts, players)) {
      if (c.lasts === 'turn') {
        if (!rules.includes('514.2')) rules = [...rules, '514.2'];
        continue;
      }
      const p = (c.lasts as { nextTurnOf: string }).nextTurnOf;
      if (!rules.includes('611.2a')) rules = [...rules, '611.2a'];
      if (!awaited.includes(p)) {
        awaited = [...awaited, p];
        if (board.players.get(p)?.left && !rules.includes('800.4m')) rules = [...rules, '800.4m'];
      }
      continue;
    }
    // One that goes on is kept with what the object is now, just before it.
    reapply(board, x, t, c);
  }
  // None left that ends: what it is now is all there is to know.
  if (!t.going) x.temporary = undefined;
  else if (t.endsWithTurns) board.temporaries.push(x.id);
  if (x.isCard) {
    x.modified = true;
    x.effectsEnded = { turn: board.turn?.number ?? 0, rules, awaited };
    // Its own abilities changed (its log with them), and so may what it grants: worked out again,
    // every grantor of it too when whether it has any ability at all changed (a quoted grant's timestamp).
    board.abilitiesChanged(x, x.lost.has('all') === lostAll);
    // Only what no attachment's legality reads changed, or its protections (Gods Willing's until end of
    // turn, a Giant Growth): what may be barred is what those it has again cover; the host is looked at again.
    const gained = was === undefined ? undefined : hostBarring(board, was, characteristicsOf(x), x.timestamp);
    if (gained === undefined) board.regranted.push(x);
    else if (gained.length === 0) board.reweighed.push(x);
    else board.barred.push({ host: x, gained: protectionsOnly(gained) });
    // What it took back may make it a unit again (a Riftbound `loses X unit this turn`): Quick-Draw's lists (Board.units).
    board.mayBeUnit(x);
    // Its enchant filters may be others (an enchant gained until end of turn): what it reads of its host (Board.readersOf).
    board.refiled(x);
  } else {
    // What is attached to the player may have become illegal (protection, 702.16c): what the
    // protections it has again cover (its hexproof and shroud are about targets).
    const gained = was === undefined || replay.rules.mayBar === undefined ? undefined : hostBarring(board, was, snapshotOf(x), 0);
    if (gained === undefined) for (const id of x.attachments) replay.markDirty(board.cards.get(id)!);
    else if (gained.length !== 0) for (const a of replay.rules.mayBar!(board, x, protectionsOnly(gained))) replay.markDirty(a);
  }
  if (replay.noting) replay.note(() => (awaited.length ? msg`${x.id}: its effects ${untilNextTurnsOf(awaited)} ended` : msg`${x.id}: its effects until end of turn ended`));
  return true;
}

/**
 * An event gives `card` a keyword ability (`flying`, Riftbound `Shield`) or takes it away, for as long
 * as `lasts` says: on the card, and in its log for the order against grants. The rules say first
 * whether the event may. `value`: Riftbound, for a keyword that takes one (`gains X Assault 3`): the
 * instance the event gives, added to the card's others (807.2), or, as it loses the keyword, all of
 * them gone (801.3.b).
 */
export function changeKeyword(board: Board, card: CardObj, verb: 'gains' | 'loses', name: string, lasts: Lasts, value?: number): void {
  change(board, card, lasts, (b, c, at) => {
    const x = c as CardObj;
    const without = x.keywords.filter((k) => k !== name);
    x.keywords = verb === 'gains' ? [...without, name] : without;
    if (value !== undefined) x.keywordValues = changedValues(x.keywordValues, name, verb, value, at);
    logAbilityChange(b, x, verb, { kind: 'keyword', name }, at);
  });
}

/** A card's own keyword values after an event at `at` gave it an instance of `name` worth `value`, or took `name` away. */
function changedValues(values: CardObj['keywordValues'], name: string, verb: 'gains' | 'loses', value: number, at: number): Record<string, OwnValues> {
  const now: OwnValues = verb === 'gains' ? ownValuesWith(values?.[name], value, at) : { ats: [], sums: [], count: 0, lostAt: at };
  return { ...values, [name]: now };
}

/**
 * The turn ended, or Riftbound's Expiration Step came: every effect until end of turn (this turn) on a
 * card or player ends, and every effect until the next turn of one of `players`, whose turns begin (or
 * would have begun, had they not left the game: 800.4m).
 */
export function endTemporaries(replay: Replay, players: readonly string[]): void {
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
    if (x?.temporary?.endsWithTurns && !endTemporary(replay, x, players)) board.temporaries.push(id);
  }
}

/** Did effects on `c` that last until end of turn (Riftbound "this turn", 317.2.c) end in turn `turn`? */
export function endedWithTurn(c: CardObj, turn: number): boolean {
  return c.effectsEnded !== undefined && c.effectsEnded.turn === turn && c.effectsEnded.rules.includes('514.2');
}
