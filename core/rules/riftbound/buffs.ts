// Riftbound buffs (426, 701-705): `buff X` places a buff on a unit on the board, which adds 1 to its Might
// (703), so a buff and a gear's Might Bonus together may keep a damaged unit alive, and spending the buff
// (`spend buff from X`, 702.2.b) may get it killed in the cleanup that follows (143.2.a, 323.5). A unit
// has one buff at most (702.3): buffing a buffed unit places nothing (426.1.b.1). A unit that leaves the
// board loses its buff (705); a recall keeps it (458.1).
import type { CardStmt, EventNode } from '../../parser/ast';
import type { CardObj } from '../../engine/board';
import type { Replay } from '../../engine/replay';
import type { RuleExplanation } from '../mtg/explanations';
import { isUnit, onBoard } from './cards';
import { addCounters, declaredCounters } from '../../engine/counters';
import { msg } from '../../message';

/** The rules of this module, explained (assembled into the game's rules in explanations.ts). */
export const EXPLAINED: Record<string, RuleExplanation> = {
  '426.1': { title: 'Buff', text: 'To buff a unit is to put a buff counter on it, which only a game effect can make a player do.' },
  '426.1.c': { title: 'Buffing a buffed unit', text: 'A unit that has a buff may still be picked by an effect that buffs units; it just gets nothing.' },
  '426.1.b.1': { title: 'A second buff', text: 'A unit that already has a buff gets no other one when it is buffed again: nothing is placed.' },
  '702.2.b': { title: 'Spending a buff', text: 'Spending a buff takes one buff counter off a unit.' },
  '702.2.b.1': { title: 'No buff to spend', text: 'Only a unit that has a buff can have one spent from it.' },
  '702.2.b.2': { title: 'Whose buffs a player spends', text: "A player spends only the buffs of units under their own control, never another player's." },
  '702': { title: 'Buffs are on units', text: 'A buff is an object that goes only on a unit: nothing else can have one.' },
  '702.3.a': { title: 'A buff on a buffed unit', text: 'Told to add a buff to a unit that has one already, the game places none: nothing changes.' },
  '702.3': { title: 'One buff at most', text: 'A unit carries a single buff at a time; adding one to a unit that has it adds nothing.' },
  '703': { title: 'What a buff does', text: "Every buff on a unit raises its Might by 1, so it counts when damage is compared with the unit's Might." },
  '705': { title: 'Buffs leave with the unit', text: 'A unit that leaves the board loses all its buffs; a recall keeps them, since the unit stays on the board.' },
};

type CountersEvent = Extract<EventNode, { kind: 'counters' }>;

/** `buff X` (426.1), `spend buff from X` (702.2.b). */
export function buffEvent(replay: Replay, ev: CountersEvent): void {
  if (ev.counter !== 'buff') {
    replay.report('impossible-event', ev.verbRange, ev.verb === 'put' ? msg`Putting +1/+1 or -1/-1 counters is an MTG action: a Riftbound effect buffs a unit (\`buff ${ev.subject.text}\`). Remove the line, or write the Riftbound event that was meant.` : msg`Removing +1/+1 or -1/-1 counters is an MTG action: a Riftbound unit's buff is spent (\`spend buff from ${ev.subject.text}\`). Remove the line, or write the Riftbound event that was meant.`);
    return;
  }
  const x = replay.card(ev.subject);
  if (!x) return;
  if (!isUnit(x) || !onBoard(x)) {
    replay.report('impossible-event', ev.range, !isUnit(x) ? msg`${x.id} is not a unit, and only units have buffs. Remove the line.` : msg`${x.id} is not on the board, and only a unit on the board has a buff (one that leaves it loses its buff). Remove the line.`, { rules: !isUnit(x) ? ['426.1', '702'] : ['426.1', '705'], subjects: [x.id] });
    return;
  }
  if (ev.verb === 'put') {
    if (x.plusCounters !== 0) {
      replay.report('impossible-event', ev.range, msg`${x.id} already has a buff, and a unit has one at most: it may be chosen to be buffed, but nothing is placed, so the line does nothing. Remove it.`, { rules: ['426.1.c', '702.3.a', '426.1.b.1'], subjects: [x.id] });
      return;
    }
    addCounters(replay, x, 'buff', 1);
    if (replay.noting) replay.note(() => msg`${x.id} buffed`);
    return;
  }
  if (x.plusCounters === 0) {
    replay.report('impossible-event', ev.range, msg`${x.id} has no buff, so none can be spent from it. Remove the line, or buff ${x.id} first.`, { rules: ['702.2.b.1'], subjects: [x.id] });
    return;
  }
  // `by P`: only the unit's controller spends its buff (702.2.b.2).
  const by = ev.by ? replay.player(ev.by) : undefined;
  if (ev.by && !by) return;
  if (by && by.id !== x.controller) {
    replay.report('impossible-event', ev.range, msg`${by.id} doesn't control ${x.id} (${x.controller} does), and a player spends buffs only from units they control. Remove the line, or write \`by ${x.controller}\`.`, { rules: ['702.2.b.2'], subjects: [x.id, by.id] });
    return;
  }
  addCounters(replay, x, 'buff', -1);
  if (replay.noting) replay.note(() => msg`${x.id}'s buff spent`);
}

/** `with a buff` in a declaration: on a unit (426.1, 702) on the board (705), one at most (702.3). Read with the declared board (riftbound.ts settle), once every card is built. */
export function declaredBuff(replay: Replay, card: CardObj, st: CardStmt): void {
  if (!st.props.some((p) => p.kind === 'counters')) return;
  declaredCounters(replay, card, st, {
    kinds: ['buff'],
    other: msg`+1/+1 and -1/-1 counters are MTG's: a Riftbound unit may have a buff (\`with a buff\`).`,
    where: !isUnit(card) ? msg`only a unit has a buff` : !onBoard(card) ? msg`only a unit on the board has a buff` : undefined,
    whereRules: !isUnit(card) ? ['426.1', '702'] : ['426.1', '705'],
    most: { n: 1, rules: ['702.3'], why: (c, written) => msg`A unit has at most one buff, so ${c.id} can't have ${written}. Write \`with a buff\`.` },
  });
}
