// MTG +1/+1 and -1/-1 counters (122.1a): each adds 1 to, or takes 1 from, a creature's power and
// toughness (layer 7c, 613.4c), so an Equipment's bonus and a creature's counters add up, and a creature
// whose -1/-1 counters an Aura's bonus outweighed dies when the Aura goes (704.5f). `put N +1/+1
// counters on X` puts them on a permanent (122.6); `remove N -1/-1 counters from X` takes them off. A
// permanent with both has them removed in pairs as a state-based action (704.5q, 122.3): the replay does
// it, and there is nothing to record, since it changes no toughness. A new object has none (122.2).
import type { CardStmt, CounterKind, EventNode, Property } from '../../parser/ast';
import { type CardObj, isCard } from '../../engine/board';
import type { Replay } from '../../engine/replay';
import type { RuleExplanation } from './explanations';
import { addCounters, countersOn, countersWords, declaredCounters as declaredMarks, someCounters } from '../../engine/counters';
import { isPhasedOut, phasedOutSubject } from './phasing';
import { inZone } from '../../engine/words';
import { msg } from '../../message';

/** The rules of this module, explained (assembled into the game's rules in explanations.ts). */
export const EXPLAINED: Record<string, RuleExplanation> = {
  '122.1a': { title: '+1/+1 and -1/-1 counters', text: 'Each +1/+1 counter on a creature adds 1 to its power and 1 to its toughness, and each -1/-1 counter takes 1 away from both; they apply in layer 7c, together with an attachment\'s "gets +2/+2".' },
  '122.1': { title: 'Counters', text: 'A counter is a marker on an object or player. Most kinds have no rule of their own: what a kind does is what the cards that mention it say (an Equipment that grows with the hone counters on it).' },
  '122.2': { title: 'Counters and zone changes', text: 'A card that moves to another zone keeps none of its counters: they are not removed, they simply stop existing with the old object.' },
  '122.3': { title: 'Counters that cancel out', text: 'The rule behind 704.5q: +1/+1 and -1/-1 counters on one permanent are removed in pairs, as many pairs as there are of the fewer kind.' },
  '122.6': { title: 'Putting counters on an object', text: 'An effect that puts counters on an object puts them on a permanent (or on one entering the battlefield with them).' },
  '704.5q': { title: '+1/+1 and -1/-1 counters cancel out', text: 'A permanent with both kinds has as many of each removed as it has of the fewer kind, as a state-based action: its toughness stays the same.' },
};

type CountersEvent = Extract<EventNode, { kind: 'counters' }>;

/** `put N +1/+1 counters on X`, `remove N -1/-1 counters from X` (122.1a, 122.6). */
export function countersEvent(replay: Replay, ev: CountersEvent): void {
  if (ev.counter === 'buff') {
    replay.report('impossible-event', ev.verbRange, ev.verb === 'put' ? msg`\`buff\` is a Riftbound action: an MTG effect puts +1/+1 counters (\`put a +1/+1 counter on ${ev.subject.text}\`). Remove the line, or write the MTG event that was meant.` : msg`Spending a buff is a Riftbound action: an MTG effect removes counters (\`remove a +1/+1 counter from ${ev.subject.text}\`). Remove the line, or write the MTG event that was meant.`);
    return;
  }
  const x = replay.lookup(ev.subject);
  if (!x || !someCounters(replay, ev)) return;
  if (!isCard(x)) {
    replay.report('impossible-event', ev.range, ev.counter === 'shield' ? msg`${x.id} is a player, and shield counters go on permanents. Remove the line.` : ev.counter === 'hone' ? msg`${x.id} is a player, and hone counters go on permanents. Remove the line.` : msg`${x.id} is a player, and +1/+1 and -1/-1 counters go on permanents. Remove the line.`, { rules: [ruleOf(ev.counter), '122.6'], subjects: [x.id] });
    return;
  }
  if (x.zone !== 'battlefield') {
    replay.report('impossible-event', ev.range, msg`${x.id} is ${inZone(x.zone)}, not on the battlefield, and the checker reads counters on permanents only: counters are put on permanents, and a card that changes zones keeps none. Remove the line, or put ${x.id} onto the battlefield first.`, { rules: ['122.6', '122.2'], subjects: [x.id] });
    return;
  }
  if (isPhasedOut(x) && phasedOutSubject(replay, x, ev, ev.verb === 'put' ? msg`putting counters on it` : msg`removing counters from it`)) return;
  if (ev.verb === 'remove' && !enoughToRemove(replay, ev, x)) return;
  addCounters(replay, x, ev.counter, ev.verb === 'put' ? ev.amount : -ev.amount);
  if (replay.noting) replay.note(() => msg`${x.id} has ${countersWords(ev.counter, countersOn(x, ev.counter))}`);
}

/** A removal of more counters than are on the card can't happen: reported (with 704.5q when the state-based action took them). */
function enoughToRemove(replay: Replay, ev: CountersEvent, x: CardObj): boolean {
  const have = countersOn(x, ev.counter);
  if (have >= ev.amount) return true;
  const paired = ev.counter === '+1/+1' || ev.counter === '-1/-1';
  const tail = paired && x.annihilated ? msg` (704.5q removed +1/+1 and -1/-1 counters from it in pairs)` : '';
  replay.report('impossible-event', ev.range, msg`${x.id} has ${countersWords(ev.counter, have)}${tail}, so ${countersWords(ev.counter, ev.amount)} can't be removed from it. Write how many are on it, or remove the line.`, {
    rules: paired && x.annihilated ? ['122.1a', '704.5q'] : [ruleOf(ev.counter)],
    subjects: [x.id],
  });
  return false;
}

/**
 * 704.5q (122.3): a permanent with both +1/+1 and -1/-1 counters loses as many of each as it has of the
 * fewer kind. Done by the replay with nothing to record: its toughness doesn't change.
 */
export function annihilateCounters(replay: Replay, c: CardObj): void {
  const n = Math.min(c.plusCounters, c.minusCounters);
  c.plusCounters -= n;
  c.minusCounters -= n;
  c.annihilated = true;
  if (replay.noting) replay.note(() => msg`704.5q: ${countersWords('+1/+1', n)} and ${countersWords('-1/-1', n)} removed from ${c.id}`);
}

/**
 * `with N +1/+1 counters`, `with N -1/-1 counters` in a declaration: on a permanent on the battlefield
 * (122.6, 122.2). A permanent declared with both would lose them in pairs at once (704.5q), which no
 * board has: reported at the later of the two, which the replay then reads without. Read with the
 * declared board (sba.ts), once every card is built.
 */
export function declaredCounters(replay: Replay, card: CardObj, st: CardStmt): void {
  if (!st.props.some(isCounters)) return;
  declaredMarks(replay, card, st, {
    kinds: MTG_COUNTERS,
    other: msg`A buff is Riftbound's: an MTG card has +1/+1 and -1/-1 counters (\`with 2 +1/+1 counters\`).`,
    where: card.zone !== 'battlefield' ? msg`it is ${inZone(card.zone)}, and the checker reads counters on permanents only` : undefined,
    whereRules: ['122.6', '122.2'],
  });
  // A phased-out permanent is treated as though it doesn't exist (702.26b): the state-based actions pass it by.
  if (card.plusCounters === 0 || card.minusCounters === 0 || card.phasedOut !== 'no') return;
  const later = st.props.filter((p) => isCounters(p) && (p.counter === '+1/+1' || p.counter === '-1/-1')).pop()! as Extract<Property, { kind: 'counters' }>;
  replay.report('syntax-error', later.range, msg`${card.id} is declared with both +1/+1 and -1/-1 counters, which a permanent loses in pairs as a state-based action at once, so no board has it so. Write what is left once they cancel out.`, { rules: ['704.5q', '122.3'], subjects: [card.id] });
  if (later.counter === '-1/-1') card.minusCounters = 0;
  else card.plusCounters = 0;
}

const MTG_COUNTERS = ['+1/+1', '-1/-1', 'shield', 'hone'] as const;

/** The rule of what a kind of counter does: 122.1a (+1/+1, -1/-1), 122.1c (shield), 122.1 (hone: a counter with no rule of its own, read by an attachment's bonus). */
const ruleOf = (counter: CounterKind): string => (counter === 'shield' ? '122.1c' : counter === 'hone' ? '122.1' : '122.1a');
const isCounters = (p: Property): p is Extract<Property, { kind: 'counters' }> => p.kind === 'counters';
