// MTG static effects on every creature a filter describes ("anthems": Glorious Anthem's `creatures you
// control get +1/+1`, Bad Moon's `black creatures get +1/+1`, Muraganda Petroglyphs' `creatures with no
// abilities get +2/+2`): layer 7c (613.4c), applied after the layers that change what the filter reads
// (colors 613.1e, types 613.1d, abilities 613.1f), so each creature is judged as it is now. A creature's
// share (`CardObj.anthem`) is kept as it and they change: the effects are grouped by what they describe
// (their words, and their controller where the words say `you control`), each group's bonus summed, so
// a creature is judged against the few groups, not against every such card; and a change of a group's
// bonus is a look at the creatures with a stated toughness (the only ones whose toughness the checker reads).
// The groups, classes and bounds are engine/staticShares.ts's, shared with Riftbound's static Might effects.
import type { Filter, Property } from '../../parser/ast';
import { filterText } from '../../parser/ast';
import type { Board, CardObj } from '../../engine/board';
import { type Group, initialShares, type SharedEffect, settleShares, type ShareRules, shareTest } from '../../engine/staticShares';
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

/** One anthem property of a card, as the rules read it (its `amount`: what it adds to toughness). */
interface Anthem extends SharedEffect {
  readonly filter: Filter;
  readonly attached: 'equipped' | 'enchanted' | undefined;
  readonly noAbilities: boolean;
  /** Are the words about who controls the creature (`you control`): then the source's controller is part of the group. */
  readonly controlled: boolean;
}

/** What MTG says of its anthems, for the index both games share (engine/staticShares.ts). */
const ANTHEM_RULES: ShareRules<Anthem> = {
  placeOf: (a, c) => (applies(c) ? (a.controlled ? { key: `${a.words}\u0000${c.controller ?? ''}`, you: c.controller, here: undefined } : { key: a.words, you: undefined, here: undefined }) : undefined),
  // Only creatures with a stated toughness are read; only a creature on the battlefield, phased in, has one that counts.
  tracked: (c) => c.toughness !== undefined,
  takes: (c) => c.zone === 'battlefield' && c.phasedOut === 'no' && isCreature(c),
  describes,
  base,
};

/** For the tests: how many times a creature was looked at (judged against the groups, or met in a class whose share changed). */
export const anthemTest = shareTest;

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
      if (readsWord(t.word)) continue;
      replay.report('syntax-error', t.range, msg`'${t.word}' is not a word the checker reads in an effect on every creature (card types and colors in the plural, subtypes, \`non\`, \`or\`, \`other\`, \`equipped\`, \`enchanted\`, \`with no abilities\`, \`you control\`, \`an opponent controls\`): the effect counts for no creature. Check by hand what it does.`, { rules: ['613.4c'], subjects: [card.id] });
      return false;
    }
  }
  return true;
}

/** A word of an anthem's filter in the singular, as the rules read it (`creatures` creature, `artifacts` artifact); a capitalized subtype stays as written (namesSubtype reads its plural). */
export function singular(w: string): string {
  if (w.length === 0 || /^\p{Lu}/u.test(w)) return w;
  const s = qualitySingular(w);
  return MTG_CARD_TYPES.includes(s) || s === 'permanent' || s === 'token' ? s : w;
}

/** Is a word of such a filter, as printed, one the checker reads (a card type or color in the plural, a subtype, ...)? */
export function readsWord(word: string): boolean {
  const w = singular(word);
  return mtgFilterWord(w) && w !== 'player' && w !== 'opponent';
}

/** The filter with its words in the singular, as the rules read them (filterDescribes): made once, as it is declared. */
export function singularFilter(f: Filter): Filter {
  return { ...f, alternatives: f.alternatives.map((a) => a.map((t) => ({ ...t, word: singular(t.word) }))) };
}

/**
 * Does a filter printed in the plural (its words made singular, singularFilter) describe the permanent `c`, "you"
 * being `you`: an anthem's (613.4c), a replacement's that makes permanents enter tapped (614.1d)?
 */
export function filterDescribes(f: Filter, c: CardObj, you: string | undefined): boolean {
  let ok = false;
  for (const alt of f.alternatives) {
    ok = true;
    for (const t of alt) {
      const capital = /^\p{Lu}/u.test(t.word);
      const has = capital ? [...c.subtypes].some((s) => namesSubtype(t.word, s)) && isCreature(c) : termMatches(t.word, c, you);
      if (has === t.negated) {
        ok = false;
        break;
      }
    }
    if (ok) break;
  }
  if (!ok) return false;
  if (f.control === 'you') return c.controller === you;
  if (f.control === 'opponent' || f.control === 'not-you') return c.controller !== you;
  return true;
}

/** The anthems of `card`'s declaration, read (the ones declareAnthem refused left out). */
function anthemsOf(card: CardObj, readable: (p: Extract<Property, { kind: 'anthem' }>) => boolean): Anthem[] {
  const out: Anthem[] = [];
  for (const p of card.decl.props) {
    if (p.kind !== 'anthem' || !readable(p)) continue;
    const filter = singularFilter(p.filter);
    const controlled = filter.control !== undefined;
    const words = `${p.other ? 'other ' : ''}${p.attached ?? ''} ${filter.alternatives.map((a) => a.map((t) => (t.negated ? '-' : '+') + t.word).join(' ')).join(' | ')} ${filter.control ?? ''}${p.noAbilities ? ' no abilities' : ''}`;
    out.push({ filter, other: p.other !== undefined, attached: p.attached, noAbilities: p.noAbilities !== undefined, amount: p.toughness, amount2: p.power, controlled, words });
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
    if (c.decl.props.length === 0 || !c.decl.props.some((p) => p.kind === 'anthem')) continue;
    const list = anthemsOf(c, (p) => declareAnthem(replay, c, p));
    if (list.length) sources.set(c.id, list);
  }
  initialShares(board, ANTHEM_RULES, sources);
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
  const board = replay.board;
  // What is attached that reads a creature's toughness (Gate Smasher): every creature a change of a share reaches joins.
  const filters = board.toughnessFiltersDeclared;
  const joining = settleShares<Anthem>(board, work, filters);
  // What is on it that reads its toughness (Gate Smasher) is judged again in the next round.
  if (filters) for (const c of joining) for (const a of c.attachments) replay.markDirty(board.cards.get(a)!);
}

/** `c`'s stated toughness with what its attachments and counters add, less the damage marked on it: with its share, ≤ 0 is death (704.5f, 704.5g). */
function base(c: CardObj): number {
  return c.toughness! + c.boost + c.plusCounters - c.minusCounters - c.damage;
}

/** Does the source's static ability apply now: on the battlefield, phased in (702.26b), with its abilities (113.10)? */
function applies(c: CardObj): boolean {
  return c.zone === 'battlefield' && c.phasedOut === 'no' && !c.lost.has('all') && c.granted?.lostAll === undefined;
}

/** Does the group's effect describe the creature `c` now (its words, its controller, what is attached to it, its abilities)? */
function describes(g: Group<Anthem>, board: Board, c: CardObj): boolean {
  const a = g.effect;
  if (!filterDescribes(a.filter, c, g.you)) return false;
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
