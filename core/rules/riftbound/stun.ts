// Riftbound's statuses besides exhausted and ready (engine/status.ts): Stunned (423) and, in the rules of
// 2026-07-16, Empowered (their 441, 442; v1.3 numbers Movement there). `stun X`, `empower X`, `disempower X` give and take them; `expect X
// stunned`, `expect X empowered` (with `not`) read them. Each is the card's own: stunning a Top-Most unit
// stuns none of its gear, and empowering a gear doesn't empower its unit (719.4.a), so nothing here
// follows an attachment. A stun lasts until the turn ends (423.1.a.2: engine/status.ts, endStuns); leaving
// the board clears both (124: location.ts). What a stun does in combat (423.1.b: no Might to the combat
// damage) is not modelled: the checker doesn't model combat damage.
import type { Assertion, EventNode } from '../../parser/ast';
import type { CardObj } from '../../engine/board';
import type { Replay } from '../../engine/replay';
import type { RuleExplanation } from '../mtg/explanations';
import { msg, type Message } from '../../message';
import { inZone } from '../../engine/words';
import { isUnit, onBoard } from './cards';
import { existsIn } from '../versions';

/** The rule that a unit's status is not its gear's: 719.4.a where the rules have it; before, a gear is simply no unit to stun (423.1). */
function apart(replay: Replay, status: 'stunned' | 'empowered'): string {
  return status === 'stunned' && !existsIn('riftbound', replay.version, '719.4.a') ? '423.1' : '719.4.a';
}

/** The rules of this module, explained (assembled into the game's rules in explanations.ts). */
export const EXPLAINED: Record<string, RuleExplanation> = {
  '423.1': { title: 'Stun', text: 'To stun is to pick units that are on the board and make them Stunned. Only units are stunned: a gear, or a card off the board, is not.' },
  '423.1.a.1': { title: 'No stunning twice', text: 'A unit that is Stunned already cannot become Stunned a second time; an effect that picks it stuns nothing, and nothing that watches for a stun sees one.' },
  '423.1.a.2': { title: 'A stun ends with the turn', text: 'Stunned lasts until the turn ends: the units lose it together in the cleanup that closes the turn.',
    earlier: [{ before: '2026-07-16', text: 'Stunned lasts until the turn ends: the units lose it as the next Ending Step begins.' }] },
  '441.1.b': { title: 'No empowering twice', text: 'An object that is Empowered already cannot become Empowered a second time, unless an effect lets it.' },
  '441.1.c': { title: 'Empowering the empowered', text: 'An effect that tells a player to empower an object that already is leaves it as it is: nothing more happens.' },
  '442.1.a.1': { title: 'Disempowering what is not Empowered', text: 'An effect that tells a player to disempower something that is not Empowered does nothing.' },
  '719.4.a': { title: 'Statuses stay apart', text: "Apart from its location and its being Attached or Top-Most, no status of a Top-Most card is its attachments', nor the other way round: a stunned unit's gear is not stunned, and an empowered gear's unit is not empowered." },
};

/** The rules of 2026-07-16 are the first with Empower and Disempower (441, 442). */
function hasEmpower(replay: Replay): boolean {
  return !replay.version || replay.version.date >= '2026-07-16';
}

/** Why a scenario under older rules can't empower: those rules have no such status. */
function noEmpower(replay: Replay): Message {
  return msg`Empowered is a status of the rules of 2026-07-16, with their Empower and Disempower actions; this scenario declares ${replay.version!.label}, which have no such status`;
}

/** The card a Top-Most card's status is not passed to, or from (719.4.a): for the words of a message. */
function otherEnd(replay: Replay, c: CardObj, status: 'stunned' | 'empowered'): CardObj | undefined {
  if (c.attachedTo && c.attachedTo.kind === 'card') {
    const h = replay.board.cards.get(c.attachedTo.id);
    if (h && h[status]) return h;
  }
  for (const id of c.attachments) {
    const a = replay.board.cards.get(id);
    if (a && a[status]) return a;
  }
  return undefined;
}

/** `stun X` (423), `empower X` (441), `disempower X` (442): the status given or taken, if it can be. */
export function stateEvent(replay: Replay, ev: Extract<EventNode, { kind: 'status' }>, verb: 'stun' | 'empower' | 'disempower'): void {
  if (verb !== 'stun' && !hasEmpower(replay)) {
    replay.report('impossible-event', ev.verbRange, msg`\`${verb}\` is not a Riftbound action under ${replay.version!.label}: Empowered is a status of the rules of 2026-07-16, with their Empower and Disempower actions, so the line changes nothing. Remove it, or declare \`rules 2026-07-16\`.`);
    return;
  }
  const c = replay.card(ev.subject);
  if (!c) return;
  if (verb === 'stun') {
    // Stunning picks units on the board (423.1): not a gear (its unit's stun is not its own, 719.4.a), not a card elsewhere.
    if (!onBoard(c)) {
      replay.report('impossible-event', ev.range, msg`${c.id} is ${c.zone === 'outside' ? msg`in no zone (it left the game)` : inZone(c.zone)}, and only a unit on the board can be stunned, so this line changes nothing. Remove the line, or put the unit onto the board first.`, { rules: ['423.1'], subjects: [c.id] });
      return;
    }
    if (!isUnit(c)) {
      replay.report('impossible-event', ev.range, msg`${c.id} is not a unit, and only units are stunned: nothing happens (a unit's stun is not its gear's either). Stun the unit, or remove the line.`, { rules: c.attachedTo && apart(replay, 'stunned') !== '423.1' ? ['423.1', '719.4.a'] : ['423.1'], subjects: [c.id] });
      return;
    }
    if (c.stunned) {
      replay.report('impossible-event', ev.range, msg`${c.id} is already stunned, and a stunned unit can't be stunned again: nothing happens. Remove the line.`, { rules: ['423.1.a.1'], subjects: [c.id] });
      return;
    }
    c.stunned = true;
    replay.board.stunned.push(c);
    if (replay.noting) replay.note(() => msg`${c.id} stunned until the turn ends`);
    return;
  }
  if (!onBoard(c)) {
    replay.report('impossible-event', ev.range, msg`${c.id} is ${c.zone === 'outside' ? msg`in no zone (it left the game)` : inZone(c.zone)}, and only a game object on the board can be empowered or disempowered, so this line changes nothing. Remove the line, or put the card onto the board first.`, { rules: ['124'], subjects: [c.id] });
    return;
  }
  const on = verb === 'empower';
  if (c.empowered === on) {
    replay.report('impossible-event', ev.range, on ? msg`${c.id} is already empowered, and an empowered object can't be empowered again: nothing more happens. Remove the line.` : msg`${c.id} is not empowered, and disempowering what isn't does nothing. Remove the line.`, { rules: on ? ['441.1.b', '441.1.c'] : ['442.1.a.1'], subjects: [c.id] });
    return;
  }
  c.empowered = on;
  if (replay.noting) replay.note(() => (on ? msg`${c.id} empowered` : msg`${c.id} disempowered`));
}

/** Why `expect X stunned` (`empowered`, with or without `not`) fails, or undefined when it holds. */
export function stateFailure(replay: Replay, c: CardObj, a: Extract<Assertion, { kind: 'status' }> & { status: 'stunned' | 'empowered' }): { actual: Message; rules?: string[]; replacement?: string } | undefined {
  const status = a.status;
  if (status === 'empowered' && !hasEmpower(replay)) return { actual: noEmpower(replay) };
  const is = c[status];
  if (is !== (a.negated === true)) return undefined;
  const now = `${c.id} ${is ? '' : 'not '}${status}`;
  if (is) return { actual: status === 'stunned' ? msg`${c.id} is stunned` : msg`${c.id} is empowered`, replacement: now };
  // Not so itself, while what it is attached to (or what is attached to it) is: each card's status is its own (719.4.a).
  const other = otherEnd(replay, c, status);
  if (other) return { actual: status === 'stunned' ? msg`${c.id} is not stunned: ${other.id} is, and a status is not passed between a Top-Most card and its attachments` : msg`${c.id} is not empowered: ${other.id} is, and a status is not passed between a Top-Most card and its attachments`, rules: [apart(replay, status)], replacement: now };
  return { actual: status === 'stunned' ? msg`${c.id} is not stunned` : msg`${c.id} is not empowered`, replacement: now };
}
