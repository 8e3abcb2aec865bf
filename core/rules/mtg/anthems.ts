// MTG static effects on every creature a filter describes ("anthems": Glorious Anthem's `creatures you
// control get +1/+1`, Bad Moon's `black creatures get +1/+1`, Muraganda Petroglyphs' `creatures with no
// abilities get +2/+2`): layer 7c (613.4c), applied after the layers that change what the filter reads
// (colors 613.1e, types 613.1d, abilities 613.1f), so each creature is judged as it is now. A creature's
// share (`CardObj.anthem`) is kept as it and they change: the effects are grouped by what they describe
// (their words, and their controller where the words say `you control`), each group's bonus summed, so
// a creature is judged against the few groups, not against every such card; and a change of a group's
// bonus is a look at the creatures with a stated toughness (the only ones whose toughness the checker reads).
import type { Filter, Property } from '../../parser/ast';
import { filterText } from '../../parser/ast';
import { ANTHEM_CLASSES, type Board, type CardObj } from '../../engine/board';
import { abilitiesOf, grantedBy } from '../../engine/abilities';
import type { Replay } from '../../engine/replay';
import type { RuleExplanation } from './explanations';
import { isAura, isCreature, isEquipment, namesSubtype, qualitySingular, termMatches } from './characteristics';
import { mtgFilterWord } from '../../engine/words';
import { msg } from '../../message';
import { MTG_CARD_TYPES, MTG_COMBAT_RESTRICTIONS } from '../../parser/keywords';

/** The rules of this module, explained (assembled into the game's rules in explanations.ts). */
export const EXPLAINED: Record<string, RuleExplanation> = {
  '613.1': { title: 'Layers', text: 'Continuous effects are applied in a fixed series of layers (copy, control, text, type, color, ability, then power and toughness), so an effect that reads a color or an ability sees what the earlier layers made of the object.' },
  '613.1e': { title: 'Layer 5: color', text: 'Effects that change an object\'s color (an Aura\'s "enchanted creature is white") apply in layer 5, before any change of power and toughness reads that color.' },
  '113.12': { title: 'A quality is not an ability', text: 'An effect that sets a characteristic ("is red") or states a quality ("can\'t be blocked") gives no ability, whereas one that says an object "has" or "gains" something does, and another effect can take that away.' },
  '611.3a': { title: 'Static abilities\' effects', text: 'The continuous effect of a static ability applies while the permanent is there, and to whatever it describes at each moment: it is not locked in when the ability starts to apply.' },
};

/** One anthem property of a card, as the rules read it. */
interface Anthem {
  readonly filter: Filter;
  readonly other: boolean;
  readonly attached: 'equipped' | 'enchanted' | undefined;
  readonly noAbilities: boolean;
  readonly toughness: number;
  /** What it adds to power (613.4c): read only when a power is (Anthems.power). */
  readonly power: number;
  /** Are the words about who controls the creature (`you control`): then the source's controller is part of the group. */
  readonly controlled: boolean;
  /** Its words, for the group's key. */
  readonly words: string;
}

/** The effects that describe the same creatures (same words, same controller where it matters), with their bonus summed. */
interface Group {
  /** Its key in Anthems.groups. */
  readonly key: string;
  readonly anthem: Anthem;
  /** `you` of the words: the sources' controller (undefined where the words don't say). */
  readonly you: string | undefined;
  sum: number;
  /** The sum of their power changes: read only when a power is (Anthems.power). */
  powerSum: number;
  /** What each source in effect adds (for `other`: a source doesn't count for itself). */
  readonly members: Map<string, number>;
  /** The classes of creatures it describes, by key. */
  readonly classes: Set<string>;
}

/**
 * The creatures the same groups describe, as each was last judged (its colors, types, abilities, controller
 * and attachments change only with the card marked for the state-based actions, which judge it again):
 * they all take the same share, kept here as the groups' sums change. A creature that is itself a source of
 * an `other` group it is described by is a class of its own (what it adds to itself is taken off).
 */
interface Klass {
  readonly key: string;
  readonly groups: readonly Group[];
  /** What its one creature adds to itself in `other` groups (0 for a class of many). */
  own: number;
  /** The sum of its groups' bonuses, less `own`: what each of its creatures' toughness has added (613.4c). */
  share: number;
  /**
   * A lower bound of its creatures' `base` (stated toughness with attachments and counters, less the damage
   * marked): a creature dies by its toughness (704.5f, 704.5g) when base + share ≤ 0, so while low + share > 0
   * a change of the share kills none of them and none is looked at. Lowered as a creature is judged, made exact
   * when they are looked at.
   */
  low: number;
  /** Its cards, by id (one whose anthemClass no longer names it is dropped as it is met). */
  readonly cards: Set<string>;
  /** Those of its cards not yet `anthemed`: a change of the share makes them so. */
  readonly fresh: Set<string>;
}

/** The board's index of anthems (Board.anthems): its sources, where each counts now, the groups and the classes of creatures. */
class Anthems {
  constructor(
    /** The cards declared with an anthem, and theirs (declarations never change during a replay). */
    readonly sources: ReadonlyMap<string, readonly Anthem[]>,
    /** The group key each source's anthems count in now (by source, one entry per anthem, undefined: not in effect). */
    readonly placed: Map<string, (string | undefined)[]>,
    /** Every group ever made (one with no source left adds 0: kept, so that the creatures it describes need not be found again). */
    readonly groups: Map<string, Group>,
    readonly classes: Map<string, Klass>,
    /** The cards with a stated toughness (the only ones whose toughness is read), by id, with the order they came in (the order they join a round). */
    readonly toughCards: Map<string, number>,
  ) {}
  clone(board: Board): Anthems {
    const groups = new Map<string, Group>();
    for (const [k, g] of this.groups) groups.set(k, { key: k, anthem: g.anthem, you: g.you, sum: g.sum, powerSum: g.powerSum, members: new Map(g.members), classes: new Set(g.classes) });
    const classes = new Map<string, Klass>();
    for (const [k, x] of this.classes) {
      const copy: Klass = { key: k, groups: x.groups.map((g) => groups.get(g.key)!), own: x.own, share: x.share, low: x.low, cards: new Set(x.cards), fresh: new Set(x.fresh) };
      classes.set(k, copy);
      for (const id of copy.cards) {
        const c = board.cards.get(id);
        if (c !== undefined && c.anthemClass === k) ANTHEM_CLASSES.set(c, copy);
      }
    }
    const placed = new Map<string, (string | undefined)[]>();
    for (const [k, l] of this.placed) placed.set(k, l.slice());
    return new Anthems(this.sources, placed, groups, classes, new Map(this.toughCards));
  }
  /**
   * What the effects add to `c`'s power now (613.4c): the power changes of the groups that describe it,
   * less what it adds to itself in `other` groups. Worked out when a power is read (`expect X power N`,
   * board.ts effectivePower), never kept: one look at each group, which nothing on the clean path pays.
   */
  power(board: Board, c: CardObj): number {
    anthemTest.powerReads++;
    if (c.zone !== 'battlefield' || c.phasedOut !== 'no' || !isCreature(c)) return 0;
    let sum = 0;
    for (const g of this.groups.values()) if (g.powerSum !== 0 && describes(g, board, c)) sum += g.powerSum;
    const own = this.sources.get(c.id);
    const placed = this.placed.get(c.id);
    if (own !== undefined && placed !== undefined) {
      for (let i = 0; i < own.length; i++) {
        const key = placed[i];
        if (own[i].other && key !== undefined && describes(this.groups.get(key)!, board, c)) sum -= own[i].power;
      }
    }
    return sum;
  }
}

/** For the tests: how many times a creature was looked at (judged against the groups, or met in a class whose share changed), and how many times a power was worked out with the groups (Anthems.power). */
export const anthemTest = { looks: 0, powerReads: 0 };

/**
 * Declares an anthem property of `card` (characteristics.ts): reports the words the checker can't read
 * (the anthem then counts for no creature: a bonus given to creatures it doesn't describe would be
 * wrong the other way): whether it can be read.
 */
function declareAnthem(replay: Replay, card: CardObj, p: Extract<Property, { kind: 'anthem' }>): boolean {
  const f = p.filter;
  if (f.zone || f.toughness || f.withAura) {
    const at = f.zone?.range ?? f.toughness?.range ?? f.withAura!;
    replay.report('syntax-error', at, msg`An effect that changes the power and toughness of creatures on the battlefield reads their card types, colors, subtypes, controller, abilities and what is attached to them: this clause is not read, and the effect counts for no creature.`, { rules: ['613.4c'], subjects: [card.id] });
    return false;
  }
  for (const alt of f.alternatives) {
    for (const t of alt) {
      const w = singular(t.word);
      if (mtgFilterWord(w) && w !== 'player' && w !== 'opponent') continue;
      replay.report('syntax-error', t.range, msg`'${t.word}' is not a word the checker reads in an effect on every creature (card types and colors in the plural, subtypes, \`non\`, \`or\`, \`other\`, \`equipped\`, \`enchanted\`, \`with no abilities\`, \`you control\`, \`an opponent controls\`): the effect counts for no creature. Check by hand what it does.`, { rules: ['613.4c'], subjects: [card.id] });
      return false;
    }
  }
  return true;
}

/** A word of an anthem's filter in the singular, as the rules read it (`creatures` creature, `artifacts` artifact); a capitalized subtype stays as written (namesSubtype reads its plural). */
function singular(w: string): string {
  if (w.length === 0 || /^\p{Lu}/u.test(w)) return w;
  const s = qualitySingular(w);
  return MTG_CARD_TYPES.includes(s) || s === 'permanent' || s === 'token' ? s : w;
}

/** The anthems of `card`'s declaration, read (the ones declareAnthem refused left out). */
function anthemsOf(card: CardObj, readable: (p: Extract<Property, { kind: 'anthem' }>) => boolean): Anthem[] {
  const out: Anthem[] = [];
  for (const p of card.decl.props) {
    if (p.kind !== 'anthem' || !readable(p)) continue;
    const filter: Filter = { ...p.filter, alternatives: p.filter.alternatives.map((a) => a.map((t) => ({ ...t, word: singular(t.word) }))) };
    const controlled = filter.control !== undefined;
    const words = `${p.other ? 'other ' : ''}${p.attached ?? ''} ${filter.alternatives.map((a) => a.map((t) => (t.negated ? '-' : '+') + t.word).join(' ')).join(' | ')} ${filter.control ?? ''}${p.noAbilities ? ' no abilities' : ''}`;
    out.push({ filter, other: p.other !== undefined, attached: p.attached, noAbilities: p.noAbilities !== undefined, toughness: p.toughness, power: p.power, controlled, words });
  }
  return out;
}

/**
 * The declared board's anthems: the index made, each source placed where it counts, and every creature
 * with a stated toughness put in its class. Called before the declared board's toughness is judged.
 */
export function initialAnthems(replay: Replay): void {
  const board = replay.board;
  if (!board.staticsDeclared) return;
  const sources = new Map<string, readonly Anthem[]>();
  for (const c of board.cards.values()) {
    c.anthemClass = undefined;
    if (c.decl.props.length === 0 || !c.decl.props.some((p) => p.kind === 'anthem')) continue;
    const list = anthemsOf(c, (p) => declareAnthem(replay, c, p));
    if (list.length) sources.set(c.id, list);
  }
  if (sources.size === 0) return;
  const toughCards = new Map<string, number>();
  for (const c of board.cards.values()) if (c.toughness !== undefined) toughCards.set(c.id, toughCards.size);
  const index = new Anthems(sources, new Map(), new Map(), new Map(), toughCards);
  board.anthems = index;
  for (const id of sources.keys()) place(index, board.cards.get(id)!, undefined);
  for (const id of toughCards.keys()) restate(index, board, board.cards.get(id)!);
}

/**
 * The anthems as the state-based actions look at `work` (sba.ts: each round's cards, before they are
 * judged): the sources among them that came into effect, stopped, or changed controller are placed again;
 * each card of `work` with a stated toughness is judged again (its colors, types, abilities, controller or
 * attachments may have changed) and put in its class; then each class of a group whose sum changed has its
 * share worked out again, and its creatures that this kills (704.5f, 704.5g) join `work`, in the order
 * they came in. A creature is looked at only when its class's lower bound says it may die, so a change of a
 * group's sum costs a look at its classes, not at its creatures. A group never seen before is the one
 * case where every creature with a stated toughness is judged again (to know which ones it describes).
 */
export function settleAnthems(replay: Replay, work: CardObj[]): void {
  const index = replay.board.anthems as Anthems | undefined;
  if (index === undefined) return;
  const board = replay.board;
  // The groups whose sum a source changed, with their sum before; whether a group was made.
  let before: Map<Group, number> | undefined;
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
    if (c.toughness === undefined) continue;
    if (!index.toughCards.has(c.id)) index.toughCards.set(c.id, index.toughCards.size);
    restate(index, board, c);
  }
  if (before === undefined) return;
  const inWork = new Set<CardObj>(work);
  const joining: CardObj[] = [];
  if (made) {
    // A new group: every creature is judged against it, and those whose share changed join the round.
    for (const id of index.toughCards.keys()) {
      const c = board.cards.get(id);
      if (c === undefined || inWork.has(c)) continue;
      if (restate(index, board, c)) joining.push(c);
    }
  }
  const filters = board.toughnessFiltersDeclared;
  const seen = new Set<Klass>();
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
      // Its creatures' shares changed: each counted for them (the messages cite 613.4c).
      for (const id of k.fresh) {
        const c = board.cards.get(id);
        if (c === undefined || c.anthemClass !== k.key) {
          k.fresh.delete(id);
          continue;
        }
        if (inWork.has(c)) continue;
        anthemTest.looks++;
        c.anthemed = true;
        k.fresh.delete(id);
      }
      // Those it kills: only when the bound says some may die (or what is attached reads their toughness, Gate Smasher).
      if (!filters && k.low + share > 0) continue;
      let low = Infinity;
      for (const id of k.cards) {
        const c = board.cards.get(id);
        if (c === undefined || c.anthemClass !== k.key) {
          k.cards.delete(id);
          continue;
        }
        anthemTest.looks++;
        const b = base(c);
        if (b < low) low = b;
        if (!inWork.has(c) && (filters || b + share <= 0)) joining.push(c);
      }
      k.low = low;
    }
  }
  if (joining.length === 0) return;
  if (!made) joining.sort((a, b) => index.toughCards.get(a.id)! - index.toughCards.get(b.id)!);
  for (const c of joining) {
    work.push(c);
    // What is on it that reads its toughness (Gate Smasher) is judged again in the next round.
    if (filters) for (const a of c.attachments) replay.markDirty(board.cards.get(a)!);
  }
}

/** `c`'s stated toughness with what its attachments and counters add, less the damage marked on it: with its share, ≤ 0 is death (704.5f, 704.5g). */
function base(c: CardObj): number {
  return c.toughness! + c.boost + c.plusCounters - c.minusCounters - c.damage;
}

/**
 * Judges `c` against the groups and puts it in its class (none for a card that is no creature on the
 * battlefield, phased in, or that no group describes): whether its share changed (then an anthem has
 * counted for it, `anthemed`).
 */
function restate(index: Anthems, board: Board, c: CardObj): boolean {
  anthemTest.looks++;
  const was = c.anthemClass === undefined ? undefined : index.classes.get(c.anthemClass);
  // The share it had as the state-based actions last looked (its class's share is worked out again after the creatures of the round are judged).
  const then = was === undefined ? 0 : was.share;
  let key: string | undefined;
  let groups: Group[] | undefined;
  let sum = 0;
  let own = 0;
  if (c.toughness !== undefined && c.zone === 'battlefield' && c.phasedOut === 'no' && index.groups.size !== 0 && isCreature(c)) {
    for (const g of index.groups.values()) {
      if (!describes(g, board, c)) continue;
      (groups ??= []).push(g);
      sum += g.sum;
      if (g.anthem.other) own += g.members.get(c.id) ?? 0;
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
  const b = base(c);
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

/** Does the source's static ability apply now: on the battlefield, phased in (702.26b), with its abilities (113.10)? */
function applies(c: CardObj): boolean {
  return c.zone === 'battlefield' && c.phasedOut === 'no' && !c.lost.has('all') && c.granted?.lostAll === undefined;
}

/**
 * Places each anthem of the source `c` in the group it counts in now (none when it doesn't apply), noting
 * in `before` each group's sum before its first change: whether a group was made.
 */
function place(index: Anthems, c: CardObj, before: Map<Group, number> | undefined): boolean {
  const anthems = index.sources.get(c.id)!;
  let placed = index.placed.get(c.id);
  if (placed === undefined) index.placed.set(c.id, (placed = anthems.map(() => undefined)));
  const on = applies(c);
  let made = false;
  for (let i = 0; i < anthems.length; i++) {
    const a = anthems[i];
    const key = on ? (a.controlled ? `${a.words}\u0000${c.controller ?? ''}` : a.words) : undefined;
    if (key === placed[i]) continue;
    if (placed[i] !== undefined) {
      const g = index.groups.get(placed[i]!)!;
      if (before !== undefined && !before.has(g)) before.set(g, g.sum);
      g.sum -= a.toughness;
      g.powerSum -= a.power;
      const left = (g.members.get(c.id) ?? 0) - a.toughness;
      if (left === 0) g.members.delete(c.id);
      else g.members.set(c.id, left);
    }
    if (key !== undefined) {
      let g = index.groups.get(key);
      if (g === undefined) {
        index.groups.set(key, (g = { key, anthem: a, you: a.controlled ? c.controller : undefined, sum: 0, powerSum: 0, members: new Map(), classes: new Set() }));
        made = true;
      }
      if (before !== undefined && !before.has(g)) before.set(g, g.sum);
      g.sum += a.toughness;
      g.powerSum += a.power;
      g.members.set(c.id, (g.members.get(c.id) ?? 0) + a.toughness);
    }
    placed[i] = key;
  }
  return made;
}

/** Does the group's effect describe the creature `c` now (its words, its controller, what is attached to it, its abilities)? */
function describes(g: Group, board: Board, c: CardObj): boolean {
  const a = g.anthem;
  let ok = false;
  for (const alt of a.filter.alternatives) {
    ok = true;
    for (const t of alt) {
      const capital = /^\p{Lu}/u.test(t.word);
      const has = capital ? [...c.subtypes].some((s) => namesSubtype(t.word, s)) && isCreature(c) : termMatches(t.word, c, g.you);
      if (has === t.negated) {
        ok = false;
        break;
      }
    }
    if (ok) break;
  }
  if (!ok) return false;
  const ctl = a.filter.control;
  if (ctl === 'you' && c.controller !== g.you) return false;
  if ((ctl === 'opponent' || ctl === 'not-you') && c.controller === g.you) return false;
  if (a.attached !== undefined && !hasAttached(board, c, a.attached)) return false;
  if (a.noAbilities && hasAbilities(c)) return false;
  return true;
}

/** Is an Equipment (an Aura) attached to `c`, phased in (702.26b)? */
function hasAttached(board: Board, c: CardObj, how: 'equipped' | 'enchanted'): boolean {
  for (const id of c.attachments) {
    const x = board.cards.get(id);
    if (x === undefined || x.phasedOut !== 'no') continue;
    if (how === 'equipped' ? isEquipment(x) : isAura(x)) return true;
  }
  return false;
}

/**
 * Has the creature any ability now (113.12: "Creatures with no abilities"), with what its attachments
 * grant and what effects took away? The ones the checker keeps: keywords, protection, hexproof, shroud,
 * ward, its attach abilities, triggered abilities and the static abilities a declaration states. A color
 * or type an effect gives, and a restriction (`can't be blocked`), are no abilities (113.12).
 */
export function hasAbilities(c: CardObj): boolean {
  if (c.lost.has('all') || c.granted?.lostAll !== undefined) return false;
  const have = abilitiesOf(c);
  if ('keywords' in have) {
    // A restriction an attachment states (`enchanted creature can't be blocked`, Pacifism's) is a quality, not an ability of the creature (113.12).
    for (const k of have.keywords) if (!(MTG_COMBAT_RESTRICTIONS.includes(k) && grantedBy(c, k) !== undefined)) return true;
  }
  if (have.protections.length !== 0 || have.targeting.length !== 0) return true;
  if (c.grants.length !== 0 || c.triggers !== 0 || c.hasEquip || c.reconfigure || c.bestow || c.enchant.length !== 0 || c.attachOnly !== undefined || c.toughnessBonus !== undefined || c.powerBonus !== undefined || c.honePower !== undefined || c.cant.size !== 0) return true;
  for (const p of c.decl.props) if (STATIC_KINDS.has(p.kind)) return true;
  return false;
}

/** The declaration properties that are static abilities of the card itself (a casting rule, a replacement, an anthem). */
const STATIC_KINDS: ReadonlySet<string> = new Set(['anthem', 'cant-cast', 'may-cast-top', 'may-cast-flash', 'may-equip-instant', 'exile-instead', 'attach-targets']);

/** An anthem as written, for hovers and messages. */
export function anthemText(p: Extract<Property, { kind: 'anthem' }>): string {
  return `${p.other ? 'other ' : ''}${p.attached ? p.attached + ' ' : ''}${filterText(p.filter)}${p.noAbilities ? ' with no abilities' : ''}`;
}
