// Counters on cards, the part both games share: MTG +1/+1 and -1/-1 counters (122.1a), a Riftbound buff
// (702, 703). `put N +1/+1 counters on X`, `buff X` put them; `remove ...`, `spend buff from X` take them
// off; `with 2 +1/+1 counters` (`with a buff`) declares them. What they add to a card's toughness or Might
// is `plusCounters - minusCounters` (board.ts, counterBonus), read where the game reads the stat: MTG's
// state-based actions (rules/mtg/damage.ts), Riftbound's cleanup kills (rules/riftbound/damage.ts). What
// each game allows (where a counter may be, a second buff, 704.5q) is the game's (rules/mtg/counters.ts, rules/riftbound/buffs.ts).
import type { CardStmt, CounterKind, EventNode } from '../parser/ast';
import type { CardObj } from './board';
import type { Replay } from './replay';
import { msg, type Message } from '../message';

type CountersEvent = Extract<EventNode, { kind: 'counters' }>;

/** Is the amount of a `put`/`remove` of counters a number above 0? Reports it otherwise and returns false. */
export function someCounters(replay: Replay, ev: CountersEvent): boolean {
  if (ev.amount > 0) return true;
  replay.report('impossible-event', ev.amountRange, ev.amount === 0 ? msg`Putting or removing 0 counters does nothing. Remove the line.` : msg`An amount of counters is a number above 0. Write how many counters, or remove the line.`);
  return false;
}

/** How many counters of that kind are on `c`. */
export function countersOn(c: CardObj, counter: CounterKind): number {
  return counter === '-1/-1' ? c.minusCounters : counter === 'shield' ? c.shieldCounters : counter === 'hone' ? c.honeCounters : c.plusCounters;
}

/** `n` counters of that kind are put on `c` (n > 0, or taken off with n < 0); the next check looks at it (its toughness or Might changed). */
export function addCounters(replay: Replay, c: CardObj, counter: CounterKind, n: number): void {
  if (counter === '-1/-1') c.minusCounters += n;
  else if (counter === 'shield') c.shieldCounters += n;
  else if (counter === 'hone') c.honeCounters += n;
  else c.plusCounters += n;
  replay.markDirty(c);
}

/**
 * What a new object doesn't keep of the old one's marks (MTG 400.7: damage, 120.6; counters, 122.2; the
 * regeneration shields that protected the old one, 701.19a; Riftbound 124.1: damage, buffs, 705), called
 * as a card changes zones.
 */
export function clearMarks(c: CardObj): void {
  c.damage = 0;
  c.boosted = false;
  // Off the battlefield no static effect on creatures counts for it (rules/mtg/anthems.ts works it out again as it comes back).
  c.anthemClass = undefined;
  c.anthemed = false;
  c.plusCounters = 0;
  c.minusCounters = 0;
  c.shieldCounters = 0;
  c.honeCounters = 0;
  c.regenShields = 0;
  c.annihilated = false;
  c.deathtouchFrom = undefined;
}

/**
 * `with N COUNTER counters` in a declaration: counters already on the card. The game says which kinds it
 * has (`kinds`), where a card may have them (`where`: the game's words for why it can't, or undefined
 * when it can; its rules `whereRules`) and how many of a kind at most (`most`, with its rules and the
 * game's words for a declaration with more, given the counters as written). Read once
 * the card is built (its zone may come later in the line).
 */
export function declaredCounters(
  replay: Replay,
  card: CardObj,
  st: CardStmt,
  game: { kinds: readonly CounterKind[]; other: Message; where: Message | undefined; whereRules: string[]; most?: { n: number; rules: string[]; why: (card: CardObj, written: Message) => Message } },
): void {
  for (const p of st.props) {
    if (p.kind !== 'counters') continue;
    if (!game.kinds.includes(p.counter)) {
      replay.report('syntax-error', p.range, game.other, { subjects: [card.id] });
      continue;
    }
    if (p.count <= 0) {
      replay.report('syntax-error', p.countRange, msg`\`with ... counters\` says how many counters are on the card, a number above 0: leave it out when there are none.`, { subjects: [card.id] });
      continue;
    }
    if (game.where !== undefined) {
      replay.report('syntax-error', p.range, msg`${card.id} can't have ${countersWords(p.counter, p.count)} on it: ${game.where}. Remove \`${`with ${countersText(p.counter, p.count)}`}\`.`, { rules: game.whereRules, subjects: [card.id] });
      continue;
    }
    if (game.most && p.count > game.most.n) {
      replay.report('syntax-error', p.countRange, game.most.why(card, countersWords(p.counter, p.count)), { rules: game.most.rules, subjects: [card.id] });
      continue;
    }
    addCounters(replay, card, p.counter, p.count);
  }
}

/** `2 +1/+1 counters`, `no -1/-1 counters`, `a buff`, `no buff`: as an assertion writes them. */
export function countersText(counter: CounterKind, n: number): string {
  if (counter === 'buff') return n === 0 ? 'no buff' : n === 1 ? 'a buff' : `${n} buffs`;
  return n === 0 ? `no ${counter} counters` : n === 1 ? `a ${counter} counter` : `${n} ${counter} counters`;
}

/** countersText for a message (translated with the sentence; the counter's name as cards print it). */
export function countersWords(counter: CounterKind, n: number): Message {
  if (counter === 'buff') return n === 0 ? msg`no buff` : n === 1 ? msg`a buff` : msg`${n} buffs`;
  if (counter === 'shield') return n === 0 ? msg`no shield counters` : n === 1 ? msg`a shield counter` : msg`${n} shield counters`;
  if (counter === 'hone') return n === 0 ? msg`no hone counters` : n === 1 ? msg`a hone counter` : msg`${n} hone counters`;
  return n === 0 ? msg`no ${counter} counters` : n === 1 ? msg`a ${counter} counter` : msg`${n} ${counter} counters`;
}
