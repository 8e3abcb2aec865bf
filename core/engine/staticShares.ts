// Static effects on every permanent a filter describes, the part both games share: MTG's anthems (layer 7c,
// 613.4c: `white creatures get +1/+1`, rules/mtg/anthems.ts) and Riftbound's static Might effects (the
// Arithmetic layer, 477.3: `other friendly units have +1 Might`, rules/riftbound/staticMight.ts). Each game
// says what its effects' words describe, when an effect applies and when a card dies of its value; this
// module keeps, linearly, what they add to each card (`CardObj.anthemClass`, read by `anthemOf`):
// - the effects are grouped by what they describe (their words, and what the words make relative: the
//   source's controller for `you control` or `friendly`, its location for `here`), each group's amount summed,
//   so a card is judged against the few groups, not against every source;
// - the cards the same groups describe form a class that shares one amount, so a change of a group's sum is
//   a change of its classes, not of their cards;
// - each class keeps a lower bound of its cards' `base` (what they have without the effects, less what kills
//   them at 0), so a change of a class's share looks at its cards only when one of them may die of it.
import type { Board, CardObj } from './board';
import { ANTHEM_CLASSES } from './board';

/** One effect of a source, as its game reads it. */
export interface SharedEffect {
  /** What it adds to each card it describes (MTG toughness, Riftbound Might). */
  readonly amount: number;
  /**
   * A second amount it adds, which no card dies of and which is read only when asked (MTG power, 613.4c:
   * StaticShares.second): summed in its group beside `amount`, never judged.
   */
  readonly amount2?: number;
  /** `other`: the source leaves itself out. */
  readonly other: boolean;
  /** Its words, for the group's key. */
  readonly words: string;
}

/** Where a source's effect counts now: its group's key, and what the words are relative to there. */
export interface Placement {
  readonly key: string;
  /** "you" of the words (the source's controller), where the words say (`you control`, `friendly`, `enemy`). */
  readonly you: string | undefined;
  /** The source's location (`here`), where the words say. */
  readonly here: string | undefined;
}

/** The effects that describe the same cards (same words, same controller and location where they matter), their amounts summed. */
export interface Group<E extends SharedEffect> {
  /** Its key in StaticShares.groups. */
  readonly key: string;
  readonly effect: E;
  readonly you: string | undefined;
  readonly here: string | undefined;
  sum: number;
  /** The sum of its effects' `amount2` (MTG power): read only by StaticShares.second. */
  sum2: number;
  /** What each source in effect adds (for `other`: a source doesn't count for itself). */
  readonly members: Map<string, number>;
  /** The classes of cards it describes, by key. */
  readonly classes: Set<string>;
}

/**
 * The cards the same groups describe, as each was last judged (what the words read changes only with the
 * card marked for the state-based actions or the cleanup, which judge it again): they all take the same
 * share, kept here as the groups' sums change. A card that is itself a source of an `other` group it is
 * described by is a class of its own (what it adds to itself is taken off).
 */
interface Klass<E extends SharedEffect> {
  readonly key: string;
  readonly groups: readonly Group<E>[];
  /** What its one card adds to itself in `other` groups (0 for a class of many). */
  own: number;
  /** The sum of its groups' amounts, less `own`: what each of its cards has added. */
  share: number;
  /**
   * A lower bound of its cards' `base` (ShareRules.base): a card dies of its share when base + share ≤ 0,
   * so while low + share > 0 a change of the share kills none of them and none is looked at. Lowered as a
   * card is judged, made exact when they are looked at.
   */
  low: number;
  /** Its cards, by id (one whose anthemClass no longer names it is dropped as it is met). */
  readonly cards: Set<string>;
  /** Those of its cards not yet `anthemed`: a change of the share makes them so. */
  readonly fresh: Set<string>;
}

/** What a game says of its effects. */
export interface ShareRules<E extends SharedEffect> {
  /** Where source `c`'s effect `e` counts now, or undefined when it doesn't apply. */
  placeOf(e: E, c: CardObj): Placement | undefined;
  /** Is `c` a card whose value the checker reads (a stated toughness, a stated Might)? Only those are judged. */
  tracked(c: CardObj): boolean;
  /** Can `c` take a share now (a creature on the battlefield, phased in; a unit on the board)? */
  takes(c: CardObj): boolean;
  /** Does the group's effect describe `c` now? */
  describes(g: Group<E>, board: Board, c: CardObj): boolean;
  /** What `c` has without the effects, less what kills it: with its share, ≤ 0 is death (Infinity: nothing can kill it so). */
  base(c: CardObj): number;
}

/** For the tests: how many times a card was looked at (judged against the groups, or met in a class whose share changed), and how many times the second amounts were worked out (StaticShares.second). */
export const shareTest = { looks: 0, seconds: 0 };

/** A board's index of such effects (Board.anthems): its sources, where each counts now, the groups and the classes of cards. */
export class StaticShares<E extends SharedEffect> {
  constructor(
    readonly rules: ShareRules<E>,
    /** The cards declared with such effects, and theirs (declarations never change during a replay). */
    readonly sources: ReadonlyMap<string, readonly E[]>,
    /** The group key each source's effects count in now (by source, one entry per effect, undefined: not in effect). */
    readonly placed: Map<string, (string | undefined)[]>,
    /** Every group ever made (one with no source left adds 0: kept, so that the cards it describes need not be found again). */
    readonly groups: Map<string, Group<E>>,
    readonly classes: Map<string, Klass<E>>,
    /** The tracked cards, by id, with the order they came in (the order they join a round). */
    readonly tracked: Map<string, number>,
  ) {}

  /**
   * What the effects' second amounts (`amount2`: MTG power) add to `c` now: those of the groups that describe
   * it, less what it adds to itself in `other` groups. Worked out when asked (an `expect X power N`, a
   * hover), never kept: one look at each group, which nothing on the clean path pays.
   */
  second(board: Board, c: CardObj): number {
    shareTest.seconds++;
    if (!this.rules.takes(c)) return 0;
    let sum = 0;
    for (const g of this.groups.values()) if (g.sum2 !== 0 && this.rules.describes(g, board, c)) sum += g.sum2;
    const own = this.sources.get(c.id);
    const placed = this.placed.get(c.id);
    if (own !== undefined && placed !== undefined) {
      for (let i = 0; i < own.length; i++) {
        const key = placed[i];
        if (own[i].other && key !== undefined && this.rules.describes(this.groups.get(key)!, board, c)) sum -= own[i].amount2 ?? 0;
      }
    }
    return sum;
  }

  /** Is `id` a source (its attaching or detaching may change where its effects count)? */
  isSource(id: string): boolean {
    return this.sources.has(id);
  }

  clone(board: Board): StaticShares<E> {
    const groups = new Map<string, Group<E>>();
    for (const [k, g] of this.groups) groups.set(k, { key: k, effect: g.effect, you: g.you, here: g.here, sum: g.sum, sum2: g.sum2, members: new Map(g.members), classes: new Set(g.classes) });
    const classes = new Map<string, Klass<E>>();
    for (const [k, x] of this.classes) {
      const copy: Klass<E> = { key: k, groups: x.groups.map((g) => groups.get(g.key)!), own: x.own, share: x.share, low: x.low, cards: new Set(x.cards), fresh: new Set(x.fresh) };
      classes.set(k, copy);
      for (const id of copy.cards) {
        const c = board.cards.get(id);
        if (c !== undefined && c.anthemClass === k) ANTHEM_CLASSES.set(c, copy);
      }
    }
    const placed = new Map<string, (string | undefined)[]>();
    for (const [k, l] of this.placed) placed.set(k, l.slice());
    return new StaticShares(this.rules, this.sources, placed, groups, classes, new Map(this.tracked));
  }
}

/**
 * The declared board's index: made, each source placed where it counts, and every tracked card put in its
 * class (Board.anthems). Nothing when no source has an effect.
 */
export function initialShares<E extends SharedEffect>(board: Board, rules: ShareRules<E>, sources: ReadonlyMap<string, readonly E[]>): void {
  for (const c of board.cards.values()) c.anthemClass = undefined;
  if (sources.size === 0) return;
  const tracked = new Map<string, number>();
  for (const c of board.cards.values()) if (rules.tracked(c)) tracked.set(c.id, tracked.size);
  const index = new StaticShares(rules, sources, new Map(), new Map(), new Map(), tracked);
  board.anthems = index;
  for (const id of sources.keys()) place(index, board.cards.get(id)!, undefined);
  for (const id of tracked.keys()) restate(index, board, board.cards.get(id)!);
}

/**
 * The effects as the state-based actions (the cleanup) look at `work`, the cards whose state changed: the
 * sources among them are placed again (in or out of effect, another controller or location); each tracked
 * card of `work` is judged again and put in its class; then each class of a group whose sum changed has its
 * share worked out again, and its cards that this kills (base + share ≤ 0; each, with `all`) are appended
 * to `work`, in the order they came in, and returned. A card is looked at only when its class's lower bound
 * says it may die, so a change of a group's sum costs a look at its classes, not at its cards. A group never
 * seen before is the one case where every tracked card is judged again (to know which ones it describes).
 */
export function settleShares<E extends SharedEffect>(board: Board, work: CardObj[], all: boolean): readonly CardObj[] {
  const index = board.anthems as StaticShares<E> | undefined;
  if (index === undefined) return NONE;
  // The groups whose sum a source changed, with their sum before; whether a group was made.
  let before: Map<Group<E>, number> | undefined;
  let made = false;
  for (let i = 0; i < work.length; i++) {
    const c = work[i];
    if (index.sources.has(c.id)) {
      before ??= new Map();
      if (place(index, c, before)) made = true;
    }
  }
  const n = work.length;
  for (let i = 0; i < n; i++) {
    const c = work[i];
    if (!index.rules.tracked(c)) continue;
    if (!index.tracked.has(c.id)) index.tracked.set(c.id, index.tracked.size);
    restate(index, board, c);
  }
  if (before === undefined) return NONE;
  const inWork = new Set<CardObj>(work);
  const joining: CardObj[] = [];
  if (made) {
    // A new group: every card is judged against it, and those whose share changed join the round.
    for (const id of index.tracked.keys()) {
      const c = board.cards.get(id);
      if (c === undefined || inWork.has(c)) continue;
      if (restate(index, board, c)) joining.push(c);
    }
  }
  const seen = new Set<Klass<E>>();
  for (const [g, was] of before) {
    if (g.sum === was) continue;
    for (const key of g.classes) {
      const k = index.classes.get(key);
      if (k === undefined || seen.has(k)) continue;
      seen.add(k);
      let share = -k.own;
      for (let j = 0; j < k.groups.length; j++) share += k.groups[j].sum;
      if (share === k.share) continue;
      k.share = share;
      if (made) continue;
      // Its cards' shares changed: each counted for them (the messages cite the rule of the layer).
      for (const id of k.fresh) {
        const c = board.cards.get(id);
        if (c === undefined || c.anthemClass !== k.key) {
          k.fresh.delete(id);
          continue;
        }
        if (inWork.has(c)) continue;
        shareTest.looks++;
        c.anthemed = true;
        k.fresh.delete(id);
      }
      // Those it kills: only when the bound says some may die (or, with `all`, what is attached reads their value).
      if (!all && k.low + share > 0) continue;
      let low = Infinity;
      for (const id of k.cards) {
        const c = board.cards.get(id);
        if (c === undefined || c.anthemClass !== k.key) {
          k.cards.delete(id);
          continue;
        }
        shareTest.looks++;
        const b = index.rules.base(c);
        if (b < low) low = b;
        if (!inWork.has(c) && (all || b + share <= 0)) joining.push(c);
      }
      k.low = low;
    }
  }
  if (joining.length === 0) return NONE;
  if (!made) joining.sort((a, b) => index.tracked.get(a.id)! - index.tracked.get(b.id)!);
  for (const c of joining) work.push(c);
  return joining;
}

const NONE: readonly CardObj[] = [];

/**
 * Judges `c` against the groups and puts it in its class (none for a card that takes no share now, or
 * that no group describes): whether its share changed (then an effect has counted for it, `anthemed`).
 */
function restate<E extends SharedEffect>(index: StaticShares<E>, board: Board, c: CardObj): boolean {
  shareTest.looks++;
  const rules = index.rules;
  const was = c.anthemClass === undefined ? undefined : index.classes.get(c.anthemClass);
  // The share it had as the state-based actions last looked (its class's share is worked out again after the cards of the round are judged).
  const then = was === undefined ? 0 : was.share;
  let key: string | undefined;
  let groups: Group<E>[] | undefined;
  let sum = 0;
  let own = 0;
  if (index.groups.size !== 0 && rules.tracked(c) && rules.takes(c)) {
    for (const g of index.groups.values()) {
      if (!rules.describes(g, board, c)) continue;
      (groups ??= []).push(g);
      sum += g.sum;
      if (g.effect.other) own += g.members.get(c.id) ?? 0;
    }
    if (groups !== undefined) key = groups.map((g) => g.key).join('\u0001') + (own !== 0 ? `\u0002${c.id}` : '');
  }
  if (was !== undefined && was.key !== key) {
    was.cards.delete(c.id);
    was.fresh.delete(c.id);
    if (was.cards.size === 0) {
      index.classes.delete(was.key);
      for (const g of was.groups) g.classes.delete(was.key);
    }
  }
  const now = sum - own;
  if (now !== then) c.anthemed = true;
  if (key === undefined) {
    c.anthemClass = undefined;
    return now !== then;
  }
  let k = index.classes.get(key);
  const b = rules.base(c);
  if (k === undefined) {
    index.classes.set(key, (k = { key, groups: groups!, own, share: now, low: b, cards: new Set(), fresh: new Set() }));
    for (const g of groups!) g.classes.add(key);
  } else {
    if (own !== 0) {
      // A class of one: what it adds to itself may have changed.
      k.own = own;
      k.share = now;
    }
    if (b < k.low) k.low = b;
  }
  k.cards.add(c.id);
  if (c.anthemed) k.fresh.delete(c.id);
  else k.fresh.add(c.id);
  c.anthemClass = key;
  ANTHEM_CLASSES.set(c, k);
  return now !== then;
}

/**
 * Places each effect of the source `c` in the group it counts in now (none when it doesn't apply), noting
 * in `before` each group's sum before its first change: whether a group was made.
 */
function place<E extends SharedEffect>(index: StaticShares<E>, c: CardObj, before: Map<Group<E>, number> | undefined): boolean {
  const effects = index.sources.get(c.id)!;
  let placed = index.placed.get(c.id);
  if (placed === undefined) index.placed.set(c.id, (placed = effects.map(() => undefined)));
  let made = false;
  for (let i = 0; i < effects.length; i++) {
    const e = effects[i];
    const at = index.rules.placeOf(e, c);
    const key = at?.key;
    if (key === placed[i]) continue;
    if (placed[i] !== undefined) {
      const g = index.groups.get(placed[i]!)!;
      if (before !== undefined && !before.has(g)) before.set(g, g.sum);
      g.sum -= e.amount;
      g.sum2 -= e.amount2 ?? 0;
      const left = (g.members.get(c.id) ?? 0) - e.amount;
      if (left === 0) g.members.delete(c.id);
      else g.members.set(c.id, left);
    }
    if (at !== undefined) {
      let g = index.groups.get(at.key);
      if (g === undefined) {
        index.groups.set(at.key, (g = { key: at.key, effect: e, you: at.you, here: at.here, sum: 0, sum2: 0, members: new Map(), classes: new Set() }));
        made = true;
      }
      if (before !== undefined && !before.has(g)) before.set(g, g.sum);
      g.sum += e.amount;
      g.sum2 += e.amount2 ?? 0;
      g.members.set(c.id, (g.members.get(c.id) ?? 0) + e.amount);
    }
    placed[i] = key;
  }
  return made;
}
