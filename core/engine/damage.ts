// Damage marked on cards, the part both games share: `deal N damage to X` marks it, `damage N` declares
// it, and it is removed as the turn ends (MTG 514.2, the cleanup step; Riftbound 143.3.b.1, the end of
// each player's turn) or when the card changes zones (a new object: MTG 400.7; Riftbound 124). What
// damage does is each game's: MTG lethal damage (rules/mtg/damage.ts, 704.5g), Riftbound a kill in the
// cleanup (rules/riftbound/damage.ts, 143.2.a).
import type { CardStmt, EventNode, Property } from '../parser/ast';
import { anthemOf, counterBonus, type CardObj } from './board';
import type { Replay } from './replay';
import { msg, type Message } from '../message';
import { combatMight } from './combat';

/**
 * `deal 0 damage to X` (MTG 120.8: no damage is dealt at all; Riftbound 143.3.a: nothing is marked) or a
 * negative amount (no amount of damage): nothing happens. Reports it and returns true.
 */
export function noDamage(replay: Replay, ev: Extract<EventNode, { kind: 'damage' }>): boolean {
  if (ev.amount > 0) return false;
  if (ev.amount < 0) replay.report('impossible-event', ev.amountRange, msg`An amount of damage is a number above 0. Write how much damage is dealt, or remove the line.`);
  else if (replay.rules.game === 'mtg') replay.report('impossible-event', ev.amountRange, msg`A source that would deal 0 damage deals no damage at all, so nothing happens. Remove the line.`, { rules: ['120.8'] });
  else replay.report('impossible-event', ev.amountRange, msg`Dealing 0 damage marks nothing on the unit, so nothing happens. Remove the line.`, { rules: ['143.3.a'] });
  return true;
}

/** `amount` more damage is marked on `c`; the end of the turn removes it (clearDamage). */
export function markDamage(replay: Replay, c: CardObj, amount: number): void {
  if (c.damage === 0) replay.board.damaged.push(c);
  c.damage += amount;
  replay.markDirty(c);
}

/**
 * The turn ends: the damage marked on every card is removed (MTG 514.2, phased-out permanents included;
 * Riftbound 143.3.b.1), and MTG's regeneration shields end. Only the cards damaged (shielded) since the
 * last end of turn are looked at.
 */
export function clearDamage(replay: Replay): void {
  // MTG: the regeneration shields end with the turn too (701.19a: "this turn"; 514.2).
  const shielded = replay.board.regenerating;
  if (shielded.length !== 0) {
    for (const c of shielded) c.regenShields = 0;
    shielded.length = 0;
  }
  const damaged = replay.board.damaged;
  if (damaged.length === 0) return;
  for (const c of damaged) {
    if (c.damage === 0) continue;
    c.damage = 0;
    if (replay.noting) noteHealed(replay, c);
  }
  damaged.length = 0;
}

function noteHealed(replay: Replay, c: CardObj): void {
  replay.note(() => msg`the damage on ${c.id} is removed`);
}

/**
 * `damage N` in a declaration: damage already marked on the card. It must be a number above 0, on a card
 * that can have damage marked on it where it is (`where`: the game's words for that, or undefined when it
 * can). Read after the declaration's other properties (its zone may come later in the line).
 */
export function declaredDamage(replay: Replay, card: CardObj, st: CardStmt, where: Message | undefined, rules: string[]): void {
  const p = st.props.find(isDamage);
  if (p?.kind !== 'damage') return;
  if (p.value <= 0) {
    replay.report('syntax-error', p.range, msg`\`damage\` is the damage marked on the card, a number above 0: leave it out when there is none.`, { subjects: [card.id] });
    return;
  }
  if (where !== undefined) {
    replay.report('syntax-error', p.range, msg`${card.id} can't have damage marked on it: ${where}. Remove \`damage ${p.value}\`.`, { rules, subjects: [card.id] });
    return;
  }
  markDamage(replay, card, p.value);
}

const isDamage = (p: Property): boolean => p.kind === 'damage';

/**
 * A card as a state-based action or a cleanup kills it, for the words of the finding, which are made
 * only if it is reported: by then its damage and bonuses are gone (it has moved), so they are taken now.
 * `value`: its toughness (MTG) or Might (Riftbound) with its bonuses and counters; `printed`: without them.
 */
export interface Dying {
  id: string;
  value: number;
  printed: number;
  boost: number;
  boosted: boolean;
  /** What its counters add (MTG +1/+1 and -1/-1 counters, 122.1a; a Riftbound buff, 703). */
  counters: number;
  damage: number;
  /** What the static effects on every creature (unit) a filter describes add (MTG 613.4c: rules/mtg/anthems.ts; Riftbound 477.3: rules/riftbound/staticMight.ts), and whether one counted for it. */
  anthem: number;
  anthemed: boolean;
  /** Riftbound: what its Assault or Shield adds as an Attacker or a Defender (807.1.c, 814.1.c), and which. */
  combat: number;
  combatRole: 'attacking' | 'defending' | undefined;
}

export function dyingAs(c: CardObj, value: number, printed: number): Dying {
  const combat = c.combat === undefined ? 0 : combatMight(c);
  const role = combat !== 0 && (c.combat!.role === 'attacking' || c.combat!.role === 'defending') ? c.combat!.role : undefined;
  return { id: c.id, value, printed, boost: c.boost, boosted: c.boosted, anthem: anthemOf(c), anthemed: c.anthemed, counters: counterBonus(c), damage: c.damage, combat, combatRole: role };
}

/**
 * `toughness 0 (4 printed, -4 from what is attached to it)`, `toughness 1 (2 printed, -1 from its
 * counters)`, or `Might 3 (2 printed, +1 from its buff)`: the value with what its attachments and its
 * counters add.
 */
export function statWords(d: Dying, stat: 'toughness' | 'Might'): Message {
  if (d.combat !== 0) {
    const rest = statWords({ ...d, value: d.value - d.combat, combat: 0 }, stat);
    return d.combatRole === 'attacking' ? msg`Might ${d.value} (Assault adds ${d.combat} while it is an Attacker, to ${rest})` : msg`Might ${d.value} (Shield adds ${d.combat} while it is a Defender, to ${rest})`;
  }
  if (d.anthem !== 0) {
    const rest = statWords({ ...d, value: d.value - d.anthem, anthem: 0 }, stat);
    return stat === 'toughness' ? msg`toughness ${d.value} (${signed(d.anthem)} from static effects on creatures, to ${rest})` : msg`Might ${d.value} (${signed(d.anthem)} from static effects on units, to ${rest})`;
  }
  const attached = d.boost !== 0 ? msg`${signed(d.boost)} from what is attached to it` : undefined;
  const counters = d.counters === 0 ? undefined : stat === 'toughness' ? msg`${signed(d.counters)} from its counters` : msg`${signed(d.counters)} from its buff`;
  const one = attached ?? counters;
  if (stat === 'toughness') {
    if (attached && counters) return msg`toughness ${d.value} (${d.printed} printed, ${attached}, ${counters})`;
    if (counters && d.boosted) return msg`toughness ${d.value} (${d.printed} printed, ${counters}; nothing attached to it adds to it now)`;
    if (one) return msg`toughness ${d.value} (${d.printed} printed, ${one})`;
    return d.boosted ? msg`toughness ${d.value} (nothing attached to it adds to it now)` : msg`toughness ${d.value}`;
  }
  if (attached && counters) return msg`Might ${d.value} (${d.printed} printed, ${attached}, ${counters})`;
  if (counters && d.boosted) return msg`Might ${d.value} (${d.printed} printed, ${counters}; nothing attached to it adds to it now)`;
  if (one) return msg`Might ${d.value} (${d.printed} printed, ${one})`;
  return d.boosted ? msg`Might ${d.value} (nothing attached to it adds to it now)` : msg`Might ${d.value}`;
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}
