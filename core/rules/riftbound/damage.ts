// Riftbound damage: `deal N damage to X` marks damage on a unit (143.3.a); a unit with damage marked on
// it, not zero, that reaches its Might is killed in the cleanup that follows (143.2.a, 323.5), its Might
// counting the Might Bonuses of what is attached to it (137.3). `heal X` clears its damage (418.1); the
// end of each player's turn heals every unit (143.3.b.1), and a card that leaves the board loses its
// damage (124). A gear whose Effect Text says "If I would die, kill this instead" dies in its place (136.2.c).
import type { EventNode } from '../../parser/ast';
import { anthemOf, type CardObj, effectiveMight } from '../../engine/board';
import type { Replay } from '../../engine/replay';
import type { RuleExplanation } from '../mtg/explanations';
import { isUnit, onBoard } from './cards';
import { type DeathSaver, saverStepsWords } from './replacement';
import { dyingAs, markDamage, noDamage, statWords } from '../../engine/damage';
import { msg, type Message } from '../../message';

/** The rules of this module, explained (assembled into the game's rules in explanations.ts). */
export const EXPLAINED: Record<string, RuleExplanation> = {
  '143.2.a': { title: 'Killed by damage', text: 'A unit whose marked damage is not zero and equals or exceeds its Might is killed.' },
  '143.3': { title: 'Damage on units', text: 'Units can have damage marked on them.' },
  '143.3.a': { title: 'Damage is marked', text: 'Damage that spells, abilities and other effects deal to a unit is marked on it for a while, with counters or from memory.' },
  '143.3.b.1': { title: 'Healed at the end of a turn', text: "The damage on units is healed at the end of each player's turn (and in a combat's cleanup)." },
  '323.5': { title: 'Cleanup kills', text: 'During a cleanup, each unit whose marked damage, not zero, equals or exceeds its Might is killed and goes to its owner\'s trash.' },
  '418.1': { title: 'Heal', text: 'Clearing the damage from a unit, for whatever reason, is healing it.' },
};

/** `deal N damage to X`: damage marked on a unit on the board (143.3.a); the cleanup that follows looks at it. */
export function dealEvent(replay: Replay, ev: Extract<EventNode, { kind: 'damage' }>): void {
  const x = replay.card(ev.subject);
  if (!x || noDamage(replay, ev)) return;
  // `from S`: the source is read (an unknown name is reported); no rule the checker models depends on it.
  if (ev.source && !replay.lookup(ev.source)) return;
  if (!isUnit(x) || !onBoard(x)) {
    replay.report('impossible-event', ev.range, !isUnit(x) ? msg`${x.id} is not a unit, and only units have damage marked on them. Remove the line.` : msg`${x.id} is not on the board, and only a unit on the board has damage marked on it. Remove the line.`, { rules: ['143.3'], subjects: [x.id] });
    return;
  }
  markDamage(replay, x, ev.amount);
  if (replay.noting) replay.note(() => msg`${x.id} has ${x.damage} damage marked on it`);
}

/** `heal X`: the damage on a unit is cleared (418.1). */
export function healEvent(replay: Replay, ev: Extract<EventNode, { kind: 'heal' }>): void {
  const x = replay.card(ev.subject);
  if (!x) return;
  if (x.damage === 0) {
    replay.report('impossible-event', ev.range, msg`${x.id} has no damage marked on it, so there is nothing to heal. Remove the line.`, { rules: ['418.1'], subjects: [x.id] });
    return;
  }
  x.damage = 0;
  replay.markDirty(x);
  if (replay.noting) replay.note(() => msg`${x.id} healed`);
}

/**
 * The declared board: a unit on the board with damage marked on it, not zero, at least its Might (its
 * gear's Might Bonuses counted) would be killed in the first cleanup, so no game has it there. Reported at
 * its `damage` property; true when it is such a unit.
 */
export function declaredLethal(replay: Replay, c: CardObj): boolean {
  const might = lethalMight(c);
  if (might === undefined) return false;
  const at = c.decl.props.find((p) => p.kind === 'damage');
  if (at) replay.report('syntax-error', at.range, msg`${c.id} is a unit on the board with ${c.damage} damage marked on it and ${statWords(dyingAs(c, might, c.might!), 'Might')}: it would be killed in the first cleanup, so no board has it there. Mark less damage, or attach what keeps it alive.`, { rules: ['143.2.a', '323.5', ...(c.plusCounters !== 0 ? ['703'] : []), ...(anthemOf(c) !== 0 ? ['477.3'] : [])], subjects: [c.id] });
  // The replay goes on without the damage it reported (nothing reports it again at the first event).
  c.damage = 0;
  return true;
}

/** The Might of a unit on the board whose damage, not zero, reaches it (143.2.a: its gear's Might Bonuses counted, 137.3); else undefined. */
function lethalMight(c: CardObj): number | undefined {
  if (c.damage === 0 || !isUnit(c) || !onBoard(c)) return undefined;
  const might = effectiveMight(c);
  return might !== undefined && c.damage >= might ? might : undefined;
}

/** What cleanup step 3b kills (323.5): the unit, or the gear that dies in its place (136.2.c, 369.1). */
export interface Killed {
  card: CardObj;
  /** The unit a gear is killed for, when `card` is that gear. */
  saved?: CardObj;
  rules: string[];
  why: () => Message;
  /** The Might its damage reached (143.2.a). */
  might: number;
}

/**
 * Cleanup step 3b (323.5) for a card the cleanup looks at: a unit on the board with damage marked on it,
 * not zero, at least its Might (143.2.a), would be killed; what replaces its death is the cleanup's
 * (replaceDeaths, replacement.ts), all the step's deaths at once.
 */
export function killedByDamage(c: CardObj): Killed | undefined {
  const might = lethalMight(c);
  if (might === undefined) return undefined;
  const rules = ['323.5', '143.2.a'];
  if (c.boost !== 0 || c.boosted) rules.push('137.3');
  if (c.plusCounters !== 0) rules.push('703');
  // A static Might effect of a permanent counts for it, or counted for it before (staticMight.ts).
  if (anthemOf(c) !== 0 || c.anthemed) rules.push('477.3');
  return { card: c, rules, why: lethalWhy(c, might), might };
}

/** The gear `s` kills in the place of `k`'s unit, which its damage would kill (136.2.c; 369.1): the same step's kill, with the saver's rules. */
export function killedInstead(k: Killed, s: DeathSaver): Killed {
  const c = k.card;
  return { card: s.card, saved: c, rules: [...k.rules, ...s.rules], why: savedWhy(c, k.might, s), might: k.might };
}

function lethalWhy(c: CardObj, might: number): () => Message {
  const s = dyingAs(c, might, c.might!);
  return () => msg`${s.id} has ${s.damage} damage marked on it and ${statWords(s, 'Might')}, and a unit whose damage reaches its Might is killed in the cleanup`;
}

function savedWhy(c: CardObj, might: number, saver: DeathSaver): () => Message {
  const s = dyingAs(c, might, c.might!);
  const gear = saver.card;
  const steps = saver.steps;
  if (saver.kind !== 'attached') return () => msg`${s.id} has ${s.damage} damage marked on it and ${statWords(s, 'Might')}, so it would be killed in the cleanup, and ${saver.why}`;
  return () => (steps.length
    ? msg`${s.id} has ${s.damage} damage marked on it and ${statWords(s, 'Might')}, so it would be killed in the cleanup, and ${gear.id}'s Effect Text, now ${s.id}'s, says "If I would die, kill this instead", and the same replacement goes on as its text says${saverStepsWords(s.id, steps)}`
    : msg`${s.id} has ${s.damage} damage marked on it and ${statWords(s, 'Might')}, so it would be killed in the cleanup, and ${gear.id}'s Effect Text, now ${s.id}'s, says "If I would die, kill this instead"`);
}
