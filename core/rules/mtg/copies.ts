// Copy effects (707) as attachments see them. A permanent that becomes a copy of another object
// (`becomes X a copy of Y`, 707.4) or enters as one (`enter X as a copy of Y`, 707.5) takes the copiable
// values of Y (707.2): what Y's card says, as modified by the copy effects on Y (707.3) and with the face of a
// double-faced Y that is up (707.8), which is exactly Y's `printed` characteristics and name here. Nothing else
// of Y comes along: not its counters, its status, what is attached to it or what it is attached to, nor the
// effects that changed it (707.2). The copy effect applies in layer 1 (613.1a), under every other effect:
// the card takes the values as the same object (engine/copiable.ts, as a transform does), so what other effects
// did to it keeps applying over them (707.4), and what is attached to it stays attached.
//
// Then the state-based actions judge it and what is attached to it with the new characteristics: an
// `enchant creature` Aura on a creature that became a copy of an artifact goes (704.5m), an Equipment on what
// is no longer a creature comes off (704.5n), an Aura that became a copy of something else than an Aura comes
// off (704.5p). A card that enters as a copy of an Aura is an Aura entering without being cast (303.4f-i).
// Leaving the battlefield ends the copy: the card is a new object with its own values (400.7).
import type { EventNode } from '../../parser/ast';
import type { CardObj } from '../../engine/board';
import { beginCopy, copyWhileFaceDown, enterAsCopyOf, takeValues, valuesTaken } from '../../engine/copiable';
import type { Replay } from '../../engine/replay';
import type { RuleExplanation } from './explanations';
import { msg } from '../../message';
import { inZone } from '../../engine/words';
import { asksForAnotherAura, describe } from './characteristics';
import { touchChanged } from './legality';
import { beforeChange } from '../../engine/untilEndOfTurn';
import { isPhasedOut, phasedOutSubject } from './phasing';

export const EXPLAINED: Record<string, RuleExplanation> = {
  '707.1': { title: 'Copies', text: 'An effect can make an object a copy of a spell, a permanent or a card, or create a token that is one.' },
  '707.2': { title: 'Copiable values', text: "A copy takes the copied object's copiable values: what its printed text says (name, mana cost, color indicator, types, subtypes, supertypes, rules text, power, toughness, loyalty), as changed by other copy effects, by its being face down, and by abilities that set its power and toughness as it enters or is turned face up; a copy of a spell or ability also takes the choices made for it. Any other effect on the object (a type change, a gained ability), its status and its counters are not taken." },
  '707.2b': { title: 'The copy keeps what it took', text: 'What a copy took is fixed when it copies: if the original changes afterwards, or leaves, the copy stays as it was.' },
  '707.3': { title: 'A copy of a copy', text: "Once an object is a copy, the values it copied are its own copiable values, so something copying it copies those." },
  '707.4': { title: 'Becoming a copy on the battlefield', text: 'A permanent that is copying something can come to copy a different object while it stays on the battlefield: the change sets off no enters- or leaves-the-battlefield abilities, and the effects on it that are not copy effects go on applying to it. The checker reads a permanent that becomes a copy for the first time the same way.' },
  '707.5': { title: 'Entering as a copy', text: 'A card that enters the battlefield as a copy of something is already that copy as it arrives; it does not come in as itself first and change after. Abilities of the copied text that change how it enters ("enters with", "as this enters") apply, and its own abilities that trigger as it enters can trigger.' },
  '707.8': { title: 'Copying a double-faced permanent', text: 'A copy of a double-faced permanent takes the values of whichever face of it is up at the time.' },
  '613.1a': { title: 'Layer 1: copy effects', text: 'Copy effects are applied first, before every other continuous effect, so type changes, gained abilities and the like apply over what the copy took.' },
};

/**
 * Why `original` can't be copied now, or undefined when it can: it must be an object in the game, and
 * another object than the copy. Reports the line and returns true when the event can't happen.
 */
function cantCopy(replay: Replay, ev: EventNode, card: CardObj, original: CardObj, entering: boolean): boolean {
  if (original === card) {
    replay.report('impossible-event', ev.range, entering
      ? msg`${card.id} can't enter as a copy of itself: the values it would copy are its own, so the words copy nothing, and the replay skips the line. Remove \`as a copy of ${card.id}\`, or name the object it copies.`
      : msg`${card.id} can't become a copy of itself: its copiable values are its own already, so nothing would change, and the replay skips the line. Remove the line, or name the object it copies.`, { rules: ['707.2'], subjects: [card.id] });
    return true;
  }
  if (original.zone === 'outside') {
    replay.report('impossible-event', ev.range, msg`${original.id} has left the game with its owner, so there is no object left to copy. Remove the line, or name an object in the game.`, { rules: ['800.4a', '707.1'], subjects: [original.id] });
    return true;
  }
  // A phased-out permanent is treated as though it doesn't exist (702.26b): nothing finds it to copy.
  return isPhasedOut(original) && phasedOutSubject(replay, original, ev, msg`copying it`, ['707.1']);
}

/** A copy whose filters ask what else is attached where it is (Daybreak Coronet) is watched, as such a card declared is. */
function readsSiblings(replay: Replay, card: CardObj): void {
  if (asksForAnotherAura(card)) replay.board.watchSiblings(card);
}

/** `becomes X a copy of Y` (707.4): the permanent X takes Y's copiable values and stays the same object. */
export function copyEvent(replay: Replay, ev: Extract<EventNode, { kind: 'copy' }>): void {
  const card = replay.card(ev.subject);
  const original = replay.card(ev.original);
  if (!card || !original) return;
  if (card.zone !== 'battlefield') {
    replay.report('impossible-event', ev.range, msg`${card.id} is ${card.zone === 'outside' ? msg`outside the game` : inZone(card.zone)}, and only a permanent becomes a copy while staying where it is. Put it onto the battlefield first (\`enter ${card.id} as a copy of ${original.id}\` if it enters as the copy), or remove the line.`, { rules: ['707.4'], subjects: [card.id] });
    return;
  }
  if (isPhasedOut(card) && phasedOutSubject(replay, card, ev, msg`making it a copy`, ['707.4'])) return;
  if (cantCopy(replay, ev, card, original, false)) return;
  if (card.faceDown !== undefined) {
    // 708.10: face down, it keeps its face-down characteristics, and shows the copied values once turned face up.
    copyWhileFaceDown(replay.board, card, original);
    if (replay.noting) replay.note(() => msg`${card.id}: a copy of ${original.id}, face down (it shows the copy once turned face up)`);
    return;
  }
  const was = beforeChange(card);
  beginCopy(replay.board, card, original);
  takeValues(replay.board, card, original.printed, original.name);
  valuesTaken(replay.board, card);
  readsSiblings(replay, card);
  if (replay.noting) replay.note(() => msg`${card.id}: a copy of ${original.id}, ${card.name} (${describe(card)})`);
  // The same object (707.4): what is attached stays, and the state-based actions look at it anew, and at
  // what is attached where it can read what changed (touchChanged).
  touchChanged(replay, card, was);
}

/**
 * `enter X as a copy of Y` (707.5): X has Y's copiable values as it enters, so whether it is an Aura, and
 * what it may enchant or be attached to, is decided with them (303.4f-i, 301.5e). True when the entering
 * may go on; if the card doesn't reach the battlefield after all, enteredAsCopy (engine/copiable.ts) gives it its
 * own values back.
 */
export function enterAsCopy(replay: Replay, ev: Extract<EventNode, { kind: 'enter' }>, card: CardObj): boolean {
  const original = replay.card(ev.original);
  if (!original) return false;
  if (ev.transformed) {
    replay.report('syntax-error', ev.transformed, msg`A card that enters as a copy has the copied object's values, not those of one of its own faces, so \`transformed\` and \`as a copy of\` can't both be written. Remove one of them.`, { rules: ['707.5', '712.14a'], subjects: [card.id] });
    return false;
  }
  if (cantCopy(replay, ev, card, original, true)) return false;
  // Judged with the copied values as it enters (a card with effects on it as the new object: zones.ts, asNewObject).
  enterAsCopyOf(replay.board, card, original);
  readsSiblings(replay, card);
  return true;
}
