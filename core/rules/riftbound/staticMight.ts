// Riftbound static Might effects of permanents: a passive ability (364) that changes the Might of every unit
// its words describe, `other friendly units have +1 Might`, `enemy units have -1 Might`, a battlefield's
// `units here have +1 Might` (652.2.c's example; the Brush token's, 186.8), `units with a buff have +1 Might`.
// They apply in the Arithmetic layer (477.3), where the Might Bonuses of attached gear apply too (477.3.c),
// so their order there changes nothing; what they add is summed with the gear's bonuses and the buff. An
// effect applies while its card is on the board (365.1) with its Rules Text active: a gear attached to a
// unit has its Rules Text inactive (718.2, 721.2), so its effect stops while it is attached. "Friendly" and
// "enemy" are said of the effect's card (v1.3 740.1, 740.2: its controller now; not cited, as v1.2 numbers
// Shield 740), `here` is its location now.
// The effects, their groups and the classes of units they describe are kept by engine/staticShares.ts (as
// MTG's anthems are), so a change of an effect is a change of its classes, and a class's units are looked
// at only when its lower bound of Might less damage says one may die of it (143.2.a: damage, not zero,
// reaching the Might) in the cleanup (323.5) that follows.
import type { Filter, Property } from '../../parser/ast';
import { type Board, type CardObj, effectiveMight, anthemOf } from '../../engine/board';
import { type Group, initialShares, type SharedEffect, settleShares, type ShareRules } from '../../engine/staticShares';
import type { Replay } from '../../engine/replay';
import type { RuleExplanation } from '../mtg/explanations';
import { isEquipment, isUnit, onBoard } from './cards';
import { fitsDescription } from './targeting';
import { msg } from '../../message';
import { filterText } from '../../parser/ast';

/** The rules of this module, explained (assembled into the game's rules in explanations.ts). */
export const EXPLAINED: Record<string, RuleExplanation> = {
  '477.3': { title: 'The Arithmetic layer', text: "The third layer adds to and takes from numbers such as a unit's Might: a permanent's passive that gives units +1 Might, and a gear's Might Bonus, both count there, the increases before the decreases." },
  '477.3.c': { title: "Gear's Might Bonuses are arithmetic", text: 'What an attached card adds to the Might of the card it is on is worked out in the Arithmetic layer, with the other changes of numbers.' },
  '364': { title: 'What a passive ability is', text: 'A passive ability is a statement of how the game goes (a unit "has +1 Might") rather than something done: it holds for as long as it is active.' },
  '365.1': { title: 'Passives work on the board', text: "A permanent's passive abilities are normally active only while the permanent is on the board (a base or a battlefield)." },
  '702.2.a': { title: 'A buffed unit', text: 'A unit on which a buff has been placed counts as buffed for as long as the buff stays there.' },
};

/** One static Might effect of a card, as the rules read it (its `amount`: what it adds to Might). */
interface MightEffect extends SharedEffect {
  readonly filter: Filter;
  readonly equipped: boolean;
  readonly here: boolean;
  readonly buffed: boolean;
  /** Are the words about the card's controller (`friendly`, `enemy`, `you control`): then it is part of the group. */
  readonly controlled: boolean;
}

/** What Riftbound says of its static Might effects, for the index both games share (engine/staticShares.ts). */
const MIGHT_RULES: ShareRules<MightEffect> = {
  placeOf(e, c) {
    if (!applies(c)) return undefined;
    const you = e.controlled ? c.controller : undefined;
    const here = e.here ? `${c.zone}\u0000${c.place ?? ''}` : undefined;
    return { key: `${e.words}\u0000${you ?? ''}\u0000${here ?? ''}`, you, here };
  },
  // Only units with a stated Might are read (137.3.b: a card with no Might has nothing to add to).
  tracked: (c) => c.might !== undefined,
  takes: (c) => isUnit(c) && onBoard(c),
  describes,
  base,
};

/** Does the card's passive apply now: on the board (365.1), not attached (718.2: an attached card's Rules Text is inactive, 721.2)? */
function applies(c: CardObj): boolean {
  return onBoard(c) && !c.attachedTo;
}

/** `c`'s Might without the static effects, less its damage: with its share, ≤ 0 with damage on it is a kill (143.2.a); no damage, no kill. */
function base(c: CardObj): number {
  if (c.damage === 0) return Infinity;
  return effectiveMight(c)! - anthemOf(c) - c.damage;
}

/** Does the group's effect describe the unit `c` now (its words, friendly or enemy to the card, where it is, its gear, its buff)? */
function describes(g: Group<MightEffect>, _board: Board, c: CardObj): boolean {
  const e = g.effect;
  if (!fitsDescription(e.filter, c, g.you)) return false;
  if (e.here && `${c.zone}\u0000${c.place ?? ''}` !== g.here) return false;
  if (e.buffed && c.plusCounters === 0) return false;
  if (e.equipped && !isEquipped(_board, c)) return false;
  return true;
}

/** Is an Equipment attached to `c` (818.3)? */
function isEquipped(board: Board, c: CardObj): boolean {
  for (const id of c.attachments) {
    const x = board.cards.get(id);
    if (x !== undefined && isEquipment(x)) return true;
  }
  return false;
}

/** The words a Might effect's filter reads besides tags (capitalized): the card types it can describe, and the sides. */
const WORDS: Readonly<Record<string, string>> = { unit: 'unit', units: 'unit', token: 'token', tokens: 'token', friendly: 'friendly', enemy: 'enemy' };

/**
 * Reads a Might effect of `card` (its words judged): the effect, or undefined when a word is one the
 * checker doesn't read (reported: the effect then counts for no unit, as a bonus given to units it doesn't
 * describe would be wrong the other way).
 */
function effectOf(replay: Replay, card: CardObj, p: Extract<Property, { kind: 'might-effect' }>): MightEffect | undefined {
  const f = p.filter;
  if (f.zone || f.toughness || f.withAura) {
    const at = f.zone?.range ?? f.toughness?.range ?? f.withAura!;
    replay.report('syntax-error', at, msg`A static effect on the Might of units reads their tags, whether they are friendly or enemy, where they are, their gear and their buff: this clause is not read, and the effect counts for no unit.`, { rules: ['477.3'], subjects: [card.id] });
    return undefined;
  }
  const alternatives = [];
  let controlled = f.control !== undefined;
  for (const alt of f.alternatives) {
    const words = [];
    for (const t of alt) {
      const w = /^\p{Lu}/u.test(t.word) ? t.word : WORDS[t.word];
      if (w === undefined) {
        replay.report('syntax-error', t.range, msg`'${t.word}' is not a word the checker reads in a static effect on the Might of units (\`units\`, tags as printed, \`friendly\`, \`enemy\`, \`non\`, \`or\`, \`other\`, \`equipped\`, \`here\`, \`with a buff\`, \`you control\`, \`an opponent controls\`): the effect counts for no unit. Check by hand what it does.`, { rules: ['477.3'], subjects: [card.id] });
        return undefined;
      }
      if (w === 'friendly' || w === 'enemy') controlled = true;
      words.push({ ...t, word: w });
    }
    alternatives.push(words);
  }
  const filter: Filter = { ...f, alternatives };
  const words = `${p.other ? 'other ' : ''}${p.equipped ? 'equipped ' : ''}${alternatives.map((a) => a.map((t) => (t.negated ? '-' : '+') + t.word).join(' ')).join(' | ')} ${f.control ?? ''}${p.here ? ' here' : ''}${p.buffed ? ' buffed' : ''}`;
  return { filter, other: p.other !== undefined, equipped: p.equipped !== undefined, here: p.here !== undefined, buffed: p.buffed !== undefined, controlled, amount: p.value, words };
}

/**
 * The declared board's static Might effects: the index made, each source placed where it counts, and every
 * unit with a stated Might put in its class. Called before the declared board's damage is judged.
 */
export function initialMight(replay: Replay): void {
  const board = replay.board;
  if (!board.staticsDeclared) return;
  const sources = new Map<string, readonly MightEffect[]>();
  for (const c of board.cards.values()) {
    if (c.decl.props.length === 0) continue;
    let list: MightEffect[] | undefined;
    for (const p of c.decl.props) {
      if (p.kind !== 'might-effect') continue;
      const e = effectOf(replay, c, p);
      if (e !== undefined) (list ??= []).push(e);
    }
    if (list !== undefined) sources.set(c.id, list);
  }
  initialShares(board, MIGHT_RULES, sources);
}

/**
 * The static Might effects as a cleanup looks at `cards` (location.ts, before its kills): the sources among
 * them placed again (come onto the board or gone, attached or detached, another controller, another
 * location), each unit among them judged again, and the units a changed share may kill (143.2.a) added.
 */
export function settleMight(replay: Replay, cards: CardObj[]): void {
  settleShares<MightEffect>(replay.board, cards, false);
}

/** A Might effect as written, for hovers and messages. */
export function mightEffectText(p: Extract<Property, { kind: 'might-effect' }>): string {
  const v = p.value > 0 ? `+${p.value}` : String(p.value);
  return `${p.other ? 'other ' : ''}${p.equipped ? 'equipped ' : ''}${filterText(p.filter)}${p.here ? ' here' : ''}${p.buffed ? ' with a buff' : ''} have ${v} Might`;
}
