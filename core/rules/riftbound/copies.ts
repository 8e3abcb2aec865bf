// Riftbound copy effects (477.1.b) as attachments see them: `becomes X a copy of Y`, a card on the board that
// takes Y's copyable traits (477.1.b.1), and `enter X as a copy of Y`, a card played as one (the example of
// 477.1.b.1.b). The copyable traits are Y's printed ones, or those Y copied if Y is a copy itself (477.1.b.1.b):
// Y's `printed` traits and name here; its buff, damage, status and attachments are not traits. The card
// takes them as the same card (engine/copiable.ts, as MTG's copies do), in the layer of 477.1: the effects
// that came later keep applying over them.
//
// Riftbound's attach rules put no condition on what the two cards are (434.1: both on the board, two
// different cards), so no copy makes an attached card come off: a gear that becomes a copy of a unit, or a
// unit with gear that becomes a copy of a gear, stays as it is, and a Might Bonus counts as the new traits
// say (137.3). What changes is the cleanup's view: an unattached card at a battlefield that is now gear and no
// unit is recalled by the next cleanup (323.7, 149.3, 457.1), with what is attached to it (719.3.a).
// Leaving the board ends the copy: the card is a new object with its own traits (124).
import type { EventNode } from '../../parser/ast';
import type { CardObj } from '../../engine/board';
import { beginCopy, enterAsCopyOf, takeValues, valuesTaken } from '../../engine/copiable';
import type { Replay } from '../../engine/replay';
import type { RuleExplanation } from '../mtg/explanations';
import { onBoard, whereText } from './cards';
import { msg } from '../../message';
import { inZone } from '../../engine/words';
import { mayBeTemporary } from './text';

/** The rules of this module, explained (assembled into the game's rules in explanations.ts). */
export const EXPLAINED: Record<string, RuleExplanation> = {
  '477.1.b': { title: 'Copy effects in the first layer', text: 'Effects that make one game object a copy of another are applied in the first layer, with those that change its inherent traits.' },
  '477.1.b.1': { title: 'Becoming a copy', text: "When a game object turns into a copy of another, the copied traits, its rules text among them, take the place of its own or join them, as far as the effect that makes the copy says." },
  '477.1.b.1.b': { title: 'What a copy takes', text: 'By default a copy takes the printed traits of what it copies. A game object that has become a copy has the traits it took as its copyable ones, so a copy of it takes those.' },
};

/** Why `original` can't be copied now: the copy itself, or a card that left the game. Reports the line and returns true then. */
function cantCopy(replay: Replay, ev: EventNode, card: CardObj, original: CardObj, entering: boolean): boolean {
  if (original === card) {
    replay.report('impossible-event', ev.range, entering
      ? msg`${card.id} can't be played as a copy of itself: the traits it would copy are its own, so the words copy nothing, and the replay skips the line. Remove \`as a copy of ${card.id}\`, or name the card it copies.`
      : msg`${card.id} can't become a copy of itself: its copyable traits are its own already, so nothing would change, and the replay skips the line. Remove the line, or name the card it copies.`, { rules: ['477.1.b.1.b'], subjects: [card.id] });
    return true;
  }
  return false;
}

/** `becomes X a copy of Y` (477.1.b.1): the card X on the board takes Y's copyable traits, and stays attached as it was. */
export function copyEvent(replay: Replay, ev: Extract<EventNode, { kind: 'copy' }>): void {
  const card = replay.card(ev.subject);
  const original = replay.card(ev.original);
  if (!card || !original) return;
  if (!onBoard(card)) {
    replay.report('impossible-event', ev.range, msg`${card.id} is ${inZone(card.zone)}, not on the board, and a card takes another's traits as a copy only where it is in play. Play it first (\`enter ${card.id} as a copy of ${original.id}\` if it is played as the copy), or remove the line.`, { rules: ['477.1.b.1'], subjects: [card.id] });
    return;
  }
  if (cantCopy(replay, ev, card, original, false)) return;
  beginCopy(replay.board, card, original);
  takeValues(replay.board, card, original.printed, original.name);
  valuesTaken(replay.board, card);
  mayBeTemporary(replay.board, card);
  // The cleanup that follows looks at it (location.ts): gear left unattached at a battlefield is recalled (323.7).
  replay.markDirty(card);
  if (replay.noting) replay.note(() => msg`${card.id}: a copy of ${original.id}, ${card.name}, at ${whereText(card)}`);
}

/**
 * `enter X as a copy of Y`: X is played with Y's copyable traits (477.1.b.1.b's example), so what it is as it
 * enters (a gear with Quick-Draw that attaches, a unit) is decided with them. True when the play may go on;
 * false when the line can't happen (reported). X already on the board is left to the play, which reports it.
 */
export function enterAsCopy(replay: Replay, ev: Extract<EventNode, { kind: 'enter' }>): boolean {
  const card = replay.board.cards.get(ev.subject.text);
  const original = replay.card(ev.original);
  if (!original) return false;
  if (!card || onBoard(card)) return true;
  if (cantCopy(replay, ev, card, original, true)) return false;
  enterAsCopyOf(replay.board, card, original);
  mayBeTemporary(replay.board, card);
  return true;
}
