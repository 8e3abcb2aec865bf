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
import type { Board, CardObj } from '../../engine/board';
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
  /** Are the words about who controls the creature (`you control`): then the source's controller is part of the group. */
  readonly controlled: boolean;
  /** Its words, for the group's key. */
  readonly words: string;
}

/** The effects that describe the same creatures (same words, same controller where it matters), with their bonus summed. */
interface Group {
  readonly anthem: Anthem;
  /** `you` of the words: the sources' controller (undefined where the words don't say). */
  readonly you: string | undefined;
  sum: number;
  /** What each source in effect adds (for `other`: a source doesn't count for itself). */
  readonly members: Map<string, number>;
}

/** The board's index of anthems (Board.anthems): its sources, where each counts now, and the groups. */
class Anthems {
  constructor(
    /** The cards declared with an anthem, and theirs (declarations never change during a replay). */
    readonly sources: ReadonlyMap<string, readonly Anthem[]>,
    /** The group key each source's anthems count in now (by source, one entry per anthem, undefined: not in effect). */
    readonly placed: Map<string, (string | undefined)[]>,
    readonly groups: Map<string, Group>,
    /** The cards with a stated toughness (the only ones whose toughness is read), by id. */
    readonly toughCards: Set<string>,
  ) {}
  clone(): Anthems {
    const groups = new Map<string, Group>();
    for (const [k, g] of this.groups) groups.set(k, { anthem: g.anthem, you: g.you, sum: g.sum, members: new Map(g.members) });
    const placed = new Map<string, (string | undefined)[]>();
    for (const [k, l] of this.placed) placed.set(k, l.slice());
    return new Anthems(this.sources, placed, groups, new Set(this.toughCards));
  }
}

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
    out.push({ filter, other: p.other !== undefined, attached: p.attached, noAbilities: p.noAbilities !== undefined, toughness: p.toughness, controlled, words });
  }
  return out;
}

/**
 * The declared board's anthems: the index made, each source placed where it counts, and every creature
 * with a stated toughness given its share. Called before the declared board's toughness is judged.
 */
export function initialAnthems(replay: Replay): void {
  const board = replay.board;
  if (!board.staticsDeclared) return;
  const sources = new Map<string, readonly Anthem[]>();
  for (const c of board.cards.values()) {
    if (c.decl.props.length === 0 || !c.decl.props.some((p) => p.kind === 'anthem')) continue;
    const list = anthemsOf(c, (p) => declareAnthem(replay, c, p));
    if (list.length) sources.set(c.id, list);
  }
  if (sources.size === 0) return;
  const toughCards = new Set<string>();
  for (const c of board.cards.values()) if (c.toughness !== undefined) toughCards.add(c.id);
  const index = new Anthems(sources, new Map(), new Map(), toughCards);
  board.anthems = index;
  for (const id of sources.keys()) place(index, board.cards.get(id)!);
  for (const id of toughCards) {
    const c = board.cards.get(id)!;
    c.anthem = shareOf(index, board, c);
    if (c.anthem !== 0) c.anthemed = true;
  }
}

/**
 * The anthems as the state-based actions look at `work` (sba.ts: each round's cards, before they are
 * judged): a source among them that came into effect, stopped, or changed controller is placed again, and
 * then every creature with a stated toughness has its share worked out again and, when it changed, is
 * added to `work`; each other card of `work` with a stated toughness has its share worked out again (its
 * colors, types, abilities, controller or attachments may have changed). Linear in `work`, but for the
 * look at the creatures when some group's bonus changed.
 */
export function settleAnthems(replay: Replay, work: CardObj[]): void {
  const index = replay.board.anthems as Anthems | undefined;
  if (index === undefined) return;
  const board = replay.board;
  let moved = false;
  for (let i = 0; i < work.length; i++) {
    const c = work[i];
    if (index.sources.has(c.id) && place(index, c)) moved = true;
    if (c.toughness !== undefined) {
      index.toughCards.add(c.id);
      restate(index, board, c);
    }
  }
  if (!moved) return;
  const inWork = new Set<CardObj>(work);
  for (const id of index.toughCards) {
    const c = board.cards.get(id);
    if (c === undefined || inWork.has(c)) continue;
    if (restate(index, board, c)) {
      work.push(c);
      // What is on it that reads its toughness (Gate Smasher) is judged again in the next round.
      if (board.toughnessFiltersDeclared) for (const a of c.attachments) replay.markDirty(board.cards.get(a)!);
    }
  }
}

/** Works out `c`'s share again: whether it changed. */
function restate(index: Anthems, board: Board, c: CardObj): boolean {
  const now = shareOf(index, board, c);
  if (now === c.anthem) return false;
  c.anthem = now;
  c.anthemed = true;
  return true;
}

/** Does the source's static ability apply now: on the battlefield, phased in (702.26b), with its abilities (113.10)? */
function applies(c: CardObj): boolean {
  return c.zone === 'battlefield' && c.phasedOut === 'no' && !c.lost.has('all') && c.granted?.lostAll === undefined;
}

/** Places each anthem of the source `c` in the group it counts in now (none when it doesn't apply): whether any moved. */
function place(index: Anthems, c: CardObj): boolean {
  const anthems = index.sources.get(c.id)!;
  let placed = index.placed.get(c.id);
  if (placed === undefined) index.placed.set(c.id, (placed = anthems.map(() => undefined)));
  const on = applies(c);
  let moved = false;
  for (let i = 0; i < anthems.length; i++) {
    const a = anthems[i];
    const key = on ? (a.controlled ? `${a.words}\u0000${c.controller ?? ''}` : a.words) : undefined;
    if (key === placed[i]) continue;
    moved = true;
    if (placed[i] !== undefined) {
      const g = index.groups.get(placed[i]!)!;
      g.sum -= a.toughness;
      const left = (g.members.get(c.id) ?? 0) - a.toughness;
      if (left === 0) g.members.delete(c.id);
      else g.members.set(c.id, left);
      if (g.members.size === 0) index.groups.delete(placed[i]!);
    }
    if (key !== undefined) {
      let g = index.groups.get(key);
      if (g === undefined) index.groups.set(key, (g = { anthem: a, you: a.controlled ? c.controller : undefined, sum: 0, members: new Map() }));
      g.sum += a.toughness;
      g.members.set(c.id, (g.members.get(c.id) ?? 0) + a.toughness);
    }
    placed[i] = key;
  }
  return moved;
}

/** What the anthems in effect add to `c`'s toughness now: 0 for a card that is no creature on the battlefield, phased in. */
function shareOf(index: Anthems, board: Board, c: CardObj): number {
  if (c.toughness === undefined || c.zone !== 'battlefield' || c.phasedOut !== 'no' || index.groups.size === 0 || !isCreature(c)) return 0;
  let sum = 0;
  for (const g of index.groups.values()) {
    const own = g.anthem.other ? (g.members.get(c.id) ?? 0) : 0;
    if (g.sum - own === 0) continue;
    if (describes(g, board, c)) sum += g.sum - own;
  }
  return sum;
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
  if (c.grants.length !== 0 || c.triggers !== 0 || c.hasEquip || c.reconfigure || c.bestow || c.enchant.length !== 0 || c.attachOnly !== undefined || c.toughnessBonus !== undefined || c.cant.size !== 0) return true;
  for (const p of c.decl.props) if (STATIC_KINDS.has(p.kind)) return true;
  return false;
}

/** The declaration properties that are static abilities of the card itself (a casting rule, a replacement, an anthem). */
const STATIC_KINDS: ReadonlySet<string> = new Set(['anthem', 'cant-cast', 'may-cast-top', 'may-cast-flash', 'may-equip-instant', 'exile-instead', 'attach-targets']);

/** An anthem as written, for hovers and messages. */
export function anthemText(p: Extract<Property, { kind: 'anthem' }>): string {
  return `${p.other ? 'other ' : ''}${p.attached ? p.attached + ' ' : ''}${filterText(p.filter)}${p.noAbilities ? ' with no abilities' : ''}`;
}
