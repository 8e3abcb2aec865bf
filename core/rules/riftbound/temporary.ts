// Riftbound Temporary (816): "At the start of this permanent's controller's Beginning Phase, before scoring,
// kill this." A `turn` line that starts a player's Beginning Phase (`turn P beginning`, or a line of a later
// phase of a new turn, which passes through it) kills each permanent of theirs with an active Temporary. The
// trigger has no choice in it (no target, no "you may"), and it resolves before the phase can go on to its
// scoring (816.1.b; a phase ends with the chain empty, 305): the scenario records the kill as a consequence
// of the `turn` line (`kill X`), as it records a cleanup's. An attached card's printed Rules Text is inactive
// (718.2), and an inactive ability doesn't trigger (721.2): an attached gear with Temporary stays, though it
// still has the keyword for what looks (722.1, 722.2). Which permanents trigger is decided as the phase starts,
// all at once; each kill is then made in turn (a unit's death replaced by its gear, 136.2.c, is the gear's).
// Only the members of the board's Temporary lists under the player are looked at (Board.temporariesOf).
import type { EventNode } from '../../parser/ast';
import type { CardObj } from '../../engine/board';
import type { Replay } from '../../engine/replay';
import type { RuleExplanation } from '../mtg/explanations';
import { msg } from '../../message';
import { isUnit, onBoard } from './cards';
import { hasTemporary } from './text';
import { deathSaver } from './replacement';
import { afterSaved, moveTo } from './location';

/** The rules of this module, explained (assembled into the game's rules in explanations.ts). */
export const EXPLAINED: Record<string, RuleExplanation> = {
  '816.1.b': { title: 'Temporary', text: 'A permanent with Temporary has a triggered ability: as the Beginning Phase of the player who controls it starts, before that phase scores anything, the permanent is killed.' },
  '816.1.c': { title: 'When Temporary triggers', text: "Temporary's condition is met once per turn, when the Beginning Phase of the permanent's controller begins; it looks at no other player's turn." },
  '816.2.a': { title: 'Temporary twice', text: 'A permanent with Temporary more than once still triggers once, and is killed once.' },
};

/** What the Temporary lists keep: a permanent on the board (one off it is filed again as it comes back). */
const onTheBoard = (c: CardObj): boolean => onBoard(c);

/**
 * After a `turn` line: if it started the Beginning Phase of the player whose turn it is now (`before`: the
 * turn as it was), each permanent they control with an active Temporary is killed (816.1.b, 816.1.c), a
 * consequence of the line. A first `turn` line right after the declarations says which turn the declared
 * board is in, and starts nothing.
 */
export function temporaryKills(replay: Replay, ev: Extract<EventNode, { kind: 'turn' }>, before: Replay['board']['turn']): void {
  const after = replay.board.turn;
  if (!after || after === before || after.place < BEGINNING) return;
  const started = before === undefined ? replay.events > 1 : after.number !== before.number || before.place < BEGINNING;
  if (!started) return;
  // Which trigger is decided at once, as the phase starts (383.3.d); each resolves in turn. An attached
  // card's Temporary is printed Rules Text, inactive (718.2), and doesn't trigger (721.2).
  // Resolved in the order the cards were declared: their controller orders them (383.3.d), and the replay picks that order.
  const triggered = replay.board.temporariesOf(after.player, onTheBoard).filter((c) => !c.attachedTo && hasTemporary(c)).sort(byIndex);
  for (const c of triggered) kill(replay, c, ev, c.version);
}

const byIndex = (a: CardObj, b: CardObj): number => a.index - b.index;

/** The place of the Beginning Phase in a Riftbound turn (timing.ts TURN). */
const BEGINNING = 1;

/** Temporary's kill of `c` (816.1.b), if it is still the object that triggered and on the board. */
function kill(replay: Replay, c: CardObj, ev: EventNode, version: number): void {
  if (c.version !== version || !onBoard(c)) return;
  const rules = ['816.1.b', '816.1.c'];
  const saver = isUnit(c) ? deathSaver(replay, c) : undefined;
  if (saver && !saver.kills) {
    // A unit's replacement (373.2) saves it: nothing is killed, so nothing is owed.
    replay.report('not-destroyed', ev.range, msg`${c.id} has Temporary, which would kill it as ${c.controller ?? msg`its controller`}'s Beginning Phase starts, and ${saver.why}. That is the rules' outcome: if it is meant, add an \`expect\` line after it.`, { rules: [...rules, ...saver.rules], subjects: [c.id, saver.card.id] });
    afterSaved(replay, c, saver.steps);
    if (replay.noting) replay.note(() => msg`${c.id}'s Temporary triggers: ${saver.card.id}'s replacement applies`);
    return;
  }
  if (saver) {
    // Its death is replaced (136.2.c, 369.1): the gear is killed instead, and the same replacement goes on.
    replay.oblige({ action: 'move', subject: saver.card, zone: 'trash', code: 'missing-state-based-action', rules: [...rules, ...saver.rules], why: msg`${c.id} has Temporary, which kills it as ${c.controller ?? msg`its controller`}'s Beginning Phase starts, and ${saver.why}`, cause: ev });
    moveTo(replay, saver.card, 'trash', undefined, ev);
    afterSaved(replay, c, saver.steps);
    if (replay.noting) replay.note(() => msg`${c.id}'s Temporary triggers: ${saver.card.id} killed instead`);
    return;
  }
  replay.oblige({ action: 'move', subject: c, zone: 'trash', code: 'missing-state-based-action', rules, why: msg`${c.id} has Temporary, which kills it as ${c.controller ?? msg`its controller`}'s Beginning Phase starts`, cause: ev });
  moveTo(replay, c, 'trash', undefined, ev);
  if (replay.noting) replay.note(() => msg`${c.id}'s Temporary triggers: ${c.id} killed`);
}
