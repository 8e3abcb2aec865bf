// Transforming double-faced cards (712, 701.27) as attachments see them. A card line declares the front
// face (`transforms into NAME`) and another line its back face (`back face`): a face, never an object of
// its own, so it has no owner and no zone, and no event names it. The card object keeps the face that is
// up: its `printed` characteristics and its name are that face's (712.8d, 712.8e), and everything an
// effect did to it goes on applying as it turns over (712.18: no new object). Off the battlefield it is
// its front face again (712.8a: moveTo turns it back as it leaves).
//
// After a transform the state-based actions look at the card and at what is attached to it with the new
// face's characteristics: an `enchant creature` Aura on a creature that became a land goes (704.5m), an
// Equipment comes off (704.5n), a protection of the new face sheds what it protects from.
import type { EventNode } from '../../parser/ast';
import { type Board, type CardObj, type Characteristics, type Merge, mergedCards, mergedCardsText } from '../../engine/board';
import { mergedPrinted } from './mutate';
import { takeValues, turnedOver, valuesTaken } from '../../engine/copiable';
import type { Replay } from '../../engine/replay';
import type { RuleExplanation } from './explanations';
import { msg, namesList } from '../../message';
import { inZone } from '../../engine/words';
import { describe } from './characteristics';
import { touchChanged } from './legality';
import { beforeChange } from '../../engine/untilEndOfTurn';
import { isPhasedOut, phasedOutSubject } from './phasing';

export const EXPLAINED: Record<string, RuleExplanation> = {
  '613.7g': { title: 'A new timestamp as it transforms', text: 'Each time a double-faced permanent turns over (it transforms or converts), it is given a new timestamp, so what is ordered by timestamp treats it as newer than what came before.',
    earlier: [{ before: '2025-11-14', text: 'Each time a transforming double-faced permanent turns over, it is given a new timestamp, so what is ordered by timestamp treats it as newer than what came before.' }] },
  '701.27a': { title: 'Transform', text: 'Transforming turns a permanent over, so that the face on its other side is the one up. Only a permanent represented by a double-faced card or a double-faced token can do it.',
    earlier: [{ before: '2025-11-14', text: 'Transforming turns a permanent over, so that the face on its other side is the one up. Only a permanent that is a transforming double-faced card, or a transforming token, can do it.' }] },
  '701.27c': { title: 'Transforming something that can\'t', text: 'Told to transform a permanent represented by neither a double-faced card nor a double-faced token, the player does nothing: the instruction is ignored.',
    earlier: [{ before: '2025-11-14', text: 'Told to transform a permanent that is neither a transforming double-faced card nor a transforming token, the player does nothing: the instruction is ignored.' }] },
  '701.27d': { title: 'Transforming into an instant or sorcery face', text: 'When the face a permanent would turn to is an instant or a sorcery face, the transform does not happen at all.' },
  '701.27g': { title: 'Transformed permanent', text: 'The words "transformed permanent" mean a double-faced permanent on the battlefield whose back face is the one showing. One showing its front face never counts as transformed, whatever it was earlier; nor does a permanent made up of several cards (a melded permanent, or a merged one), even when some of those cards are back face up.',
    earlier: [{ before: '2025-11-14', text: 'The words "transformed permanent" mean a permanent on the battlefield whose back face is the one showing and that is a transforming token or a double-faced card of the transforming kind. One showing its front face never counts as transformed, whatever it was earlier.' }] },
  '712.2': { title: 'Nonmodal double-faced cards', text: 'A nonmodal double-faced card (the kind earlier rules called "transforming") has a full card face on both sides, and something on it lets it turn over to the other side, or be cast or put onto the battlefield with that other side up.',
    earlier: [{ before: '2025-11-14', title: 'Transforming double-faced cards', text: 'A double-faced card of this kind has a full card face on both sides, and something on it lets it turn over to the other side, or be cast or put onto the battlefield with that other side up.' }] },
  '712.8a': { title: 'A double-faced card off the battlefield', text: 'In any zone but the battlefield and the stack, and outside the game, a double-faced card has its front face\'s characteristics and nothing from its back face.' },
  '712.8d': { title: 'Front face up', text: 'A double-faced permanent whose front face is up has that face\'s characteristics and none of its back face\'s.' },
  '712.8e': { title: 'Back face up', text: 'A nonmodal double-faced permanent whose back face is up has that face\'s characteristics and none of its front face\'s; only its mana value still comes from the front face\'s cost (and a permanent copying such a back face has mana value 0).',
    earlier: [{ before: '2025-11-14', text: 'A transforming double-faced permanent whose back face is up has that face\'s characteristics and none of its front face\'s; only its mana value still comes from the front face\'s cost (and a permanent copying such a back face has mana value 0).' }] },
  '712.9': { title: 'What can transform', text: 'Transforming (or converting) works only on a permanent that a double-faced token stands for, or one that a double-faced card other than a meld card stands for; told to do it to a permanent that no double-faced token or card stands for, the game does nothing.',
    earlier: [{ before: '2025-11-14', text: 'Transforming (or converting) works only on a transforming token or on a permanent that is a transforming double-faced card; told to do it to anything else, the game does nothing.' }] },
  '712.10': { title: 'No transforming into an instant or sorcery', text: 'If the side a permanent would turn to is an instant or sorcery face (or a double-faced token was made with such a face), an instruction to transform or convert it does nothing.',
    earlier: [{ before: '2025-11-14', text: 'If the side a permanent would turn to is an instant or sorcery face (or a transforming token was made with such a face), an instruction to transform or convert it does nothing.' }] },
  '712.14a': { title: 'Entering transformed', text: 'When an effect says a double-faced card enters "transformed" (or "converted"), it arrives with its back face showing. A card that is not double-faced, told to enter so, does not move from where it is.',
    earlier: [{ before: '2025-11-14', text: 'When an effect says a transforming double-faced card enters "transformed", it arrives with its back face showing. A card that is not such a card, told to enter so, does not move from where it is.' }] },
  '712.18': { title: 'Transforming is no new object', text: 'A permanent that transforms or converts stays the same object, so whatever effects were applying to it keep applying, with its new face\'s characteristics.' },
  '304.4': { title: 'Instants stay off the battlefield', text: 'An instant never enters the battlefield: one about to do so stays in the zone it was in.' },
  '307.4': { title: 'Sorceries stay off the battlefield', text: 'A sorcery never enters the battlefield: one about to do so stays in the zone it was in.' },
};

/** The face `card` turns to: its back face's printed characteristics, or its front face's. */
function faceTo(replay: Replay, card: CardObj, toBack: boolean): { printed: Characteristics; name: string } {
  if (toBack) {
    const back = replay.board.cards.get(card.backFace!)!;
    return { printed: back.printed, name: back.name };
  }
  return { printed: card.front!, name: card.decl.name?.text ?? card.id };
}

/**
 * `card` turns to its other face, as the same object (712.18): it takes the new face's characteristics as
 * its copiable values (engine/copiable.ts), so the effects on it keep applying over them (712.8d, 712.8e).
 * A permanent that is a copy of something keeps the copied values (layer 1, 613.1a): only the face under
 * the copy, which it has again once the copy effect ends, turns over.
 */
export function turnOver(replay: Replay, card: CardObj, toBack: boolean): void {
  card.front ??= card.uncopied?.printed ?? card.printed;
  const to = faceTo(replay, card, toBack);
  card.transformed = toBack;
  if (card.uncopied) card.uncopied = { ...card.uncopied, printed: to.printed, name: to.name };
  else takeValues(replay.board, card, to.printed, to.name);
  // A new timestamp as it transforms (613.7g).
  turnedOver(replay.board, card);
}

/** The card leaves the battlefield: it is its front face wherever it goes (712.8a). Called by moveTo for a transformed card. */
export function frontFaceUp(board: Board, card: CardObj): void {
  card.printed = card.front!;
  board.rename(card, card.decl.name?.text ?? card.id);
  card.transformed = false;
  // The new object takes its printed characteristics (resetCharacteristics): the front face's.
  card.modified = true;
}

/** Is this face an instant or a sorcery face? */
function spellFace(p: Characteristics): 'instant' | 'sorcery' | undefined {
  return p.types.has('instant') ? 'instant' : p.types.has('sorcery') ? 'sorcery' : undefined;
}

/** `transform X` (701.27a): the double-faced permanent X turns over; anything else can't (701.27c, 712.9, 712.10). */
export function transformEvent(replay: Replay, ev: Extract<EventNode, { kind: 'transform' }>): void {
  const card = replay.card(ev.subject);
  if (!card) return;
  if (card.zone !== 'battlefield') {
    replay.report('impossible-event', ev.range, msg`${card.id} is ${card.zone === 'outside' ? msg`outside the game` : inZone(card.zone)}, and only a permanent transforms: off the battlefield a double-faced card has its front face only. Put it onto the battlefield first, or remove the line.`, { rules: ['701.27a', '712.8a'], subjects: [card.id] });
    return;
  }
  if (isPhasedOut(card) && phasedOutSubject(replay, card, ev, msg`transforming it`, ['701.27a'])) return;
  if (card.faceDown !== undefined) {
    replay.report('impossible-event', ev.range, msg`${card.id} is face down, and a face-down permanent can't transform: nothing happens. Turn it face up first (its front face is up then), or remove the line.`, { rules: ['712.15a'], subjects: [card.id] });
    return;
  }
  if (card.merge?.kind === 'permanent') return transformMerged(replay, ev, card, card.merge);
  if (card.backFace === undefined) {
    replay.report('impossible-event', ev.range, msg`${card.id} is not a double-faced card (its line says no \`transforms into NAME\`), so transforming it does nothing: it keeps its characteristics (${describe(card)}). Remove the line, or declare its back face.`, { rules: ['701.27c', '712.9'], subjects: [card.id] });
    return;
  }
  const toBack = !card.transformed;
  const to = faceTo(replay, card, toBack);
  const spell = spellFace(to.printed);
  if (spell) {
    replay.report('impossible-event', ev.range, toBack
      ? msg`${card.id}'s back face, ${to.name}, is an instant or sorcery face, and a permanent doesn't transform into one: nothing happens, and its front face stays up. Remove the line.`
      : msg`${card.id}'s front face, ${to.name}, is an instant or sorcery face, and a permanent doesn't transform into one: nothing happens, and its back face stays up. Remove the line.`, { rules: ['701.27d', '712.10'], subjects: [card.id] });
    return;
  }
  const was = beforeChange(card);
  const wasAt = card.timestamp;
  turnOver(replay, card, toBack);
  if (replay.noting) replay.note(() => (toBack ? msg`${card.id}: back face up, ${card.name} (${describe(card)})` : msg`${card.id}: front face up, ${card.name} (${describe(card)})`));
  // The same object (712.18): what is attached stays, and the state-based actions look at it anew, and at
  // what is attached where it can read what changed (touchChanged).
  touchChanged(replay, card, was, wasAt);
}

/**
 * `transform X` of a merged permanent (730.2i): not a double-faced permanent itself, whatever its cards
 * are, it turns each of its double-faced cards over, and has the characteristics its cards
 * give it then (702.140e, 730.2a: its top card's, with every card's abilities), the effects on it
 * applying over them. It stays the same object (730.2c), so what is attached stays, and it gets no new
 * timestamp (613.7g is about a double-faced permanent). A card whose other face is an instant or a
 * sorcery face doesn't turn (701.27d); with no card turning, nothing happens (701.27c).
 */
function transformMerged(replay: Replay, ev: Extract<EventNode, { kind: 'transform' }>, card: CardObj, m: Extract<Merge, { kind: 'permanent' }>): void {
  const board = replay.board;
  const ids = mergedCards(card.id, m);
  let own = m.own;
  const turned: string[] = [];
  let spellFaces = 0;
  for (const id of ids) {
    const c = id === card.id ? card : board.cards.get(id)!;
    if (c.backFace === undefined) continue;
    const toBack = !c.transformed;
    // The permanent's own card is what `own` keeps (its `printed` are the merged permanent's).
    c.front ??= c === card ? own.printed : c.printed;
    const to = faceTo(replay, c, toBack);
    if (spellFace(to.printed)) {
      spellFaces++;
      continue;
    }
    c.transformed = toBack;
    if (c === card) own = { ...own, printed: to.printed, name: to.name };
    else {
      c.printed = to.printed;
      board.rename(c, to.name);
    }
    turned.push(id);
  }
  if (turned.length === 0) {
    replay.report('impossible-event', ev.range, spellFaces !== 0
      ? msg`${card.id} is a merged permanent, which transforms by turning over each of its double-faced cards that can transform, and the other face of each of them is an instant or sorcery face, to which a permanent doesn't transform: nothing happens. Remove the line.`
      : msg`${card.id} is a merged permanent with no double-faced card among its cards (${mergedCardsText(card.id, m)}), so transforming it does nothing. Remove the line.`, { rules: ['730.2i', spellFaces !== 0 ? '701.27d' : '701.27c'], subjects: [card.id] });
    return;
  }
  const was = beforeChange(card);
  card.merge = { ...m, own };
  const face = (id: string) => (id === card.id ? own : board.cards.get(id)!);
  const top = face(ids[0]).printed;
  let printed = top;
  for (let i = 1; i < ids.length; i++) printed = mergedPrinted(top, printed, face(ids[i]).printed);
  takeValues(board, card, printed, face(ids[0]).name);
  valuesTaken(board, card);
  if (replay.noting) replay.note(() => msg`${card.id} turns over ${namesList(turned.length, (k) => turned[k])} (730.2i): ${card.name} (${describe(card)})`);
  // The same object (730.2c): what is attached stays, and the state-based actions look at it anew, and at
  // what is attached where it can read what changed (touchChanged).
  touchChanged(replay, card, was);
}

/**
 * `enter X transformed` (712.14a): a double-faced card enters with its back face up; any other
 * card stays where it is. True when the entering may go on (the card has its back face up by then; if it
 * doesn't reach the battlefield after all, enteredTransformed turns it back).
 */
export function enterTransformed(replay: Replay, ev: Extract<EventNode, { kind: 'enter' }>, card: CardObj): boolean {
  if (card.backFace === undefined) {
    replay.report('impossible-event', ev.range, msg`${card.id} is not a double-faced card (its line says no \`transforms into NAME\`), and a card put onto the battlefield transformed that isn't one stays where it is: ${inZone(card.zone)}. Remove \`transformed\`, or declare its back face.`, { rules: ['712.14a'], subjects: [card.id] });
    return false;
  }
  const back = faceTo(replay, card, true);
  const spell = spellFace(back.printed);
  if (spell) {
    replay.report('impossible-event', ev.range, msg`${card.id}'s back face, ${back.name}, is an instant or sorcery face, and an instant or a sorcery can't enter the battlefield: ${card.id} stays ${inZone(card.zone)}. Remove the line.`, { rules: ['712.14a', spell === 'instant' ? '304.4' : '307.4'], subjects: [card.id] });
    return false;
  }
  turnOver(replay, card, true);
  return true;
}

/** After `enter X transformed`: a card that didn't reach the battlefield is its front face (712.8a). */
export function enteredTransformed(replay: Replay, card: CardObj): void {
  if (card.zone === 'battlefield' || !card.transformed) return;
  turnOver(replay, card, false);
}
