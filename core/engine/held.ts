// Control effects that last for as long as something holds (MTG 611.2b): whether it holds (every
// condition joined by `and`), and ending those that stopped when a card they track changed. Apart from control.ts, which board.ts imports:
// this reads the board's kinds.
import { type Board, type CardObj, KIND_AURA, KIND_EQUIPMENT } from './board';
import type { Replay } from './replay';
import { type Held, type HeldCondition, recontrol } from './control';
import { msg, type Message } from '../message';

/**
 * Does `held` hold now: each of its conditions? The object a condition tracks must be the same object, on
 * the battlefield and phased in (an effect that tracks a permanent ends when it phases out, 702.26f,
 * even one for as long as it remains on the battlefield: phasing moves it nowhere, 702.26d, but the
 * effect no longer sees it).
 */
export function holds(board: Board, held: Held): boolean {
  if (held.kind !== 'all') return conditionHolds(board, held);
  for (const h of held.parts) if (!conditionHolds(board, h)) return false;
  return true;
}

function conditionHolds(board: Board, held: HeldCondition): boolean {
  const y = board.cards.get(held.card);
  if (!y || y.version !== held.version || y.zone !== 'battlefield' || y.phasedOut !== 'no') return false;
  if (held.kind === 'controls') return y.controller === held.player;
  // Who controls it doesn't matter: only where it is, and its status (110.5).
  if (held.kind === 'remains') return held.what === 'on the battlefield' || y.exhausted;
  const kind = held.what === 'enchanted' ? KIND_AURA : KIND_EQUIPMENT;
  for (const id of y.attachments) {
    const a = board.cards.get(id)!;
    if ((a.kinds & kind) !== 0 && a.phasedOut === 'no') return true;
  }
  return false;
}

/** Does `held` track the card `id` (one of its conditions is about it)? */
function tracks(held: Held, id: string): boolean {
  if (held.kind !== 'all') return held.card === id;
  for (const h of held.parts) if (h.card === id) return true;
  return false;
}

/** What a control effect lasted as long as, in the past tense: `for as long as alice controlled thief and thief remained tapped`. */
export function heldWords(held: Held): Message {
  if (held.kind !== 'all') return msg`for as long as ${conditionWords(held)}`;
  let words = conditionWords(held.parts[0]);
  for (let i = 1; i < held.parts.length; i++) words = msg`${words} and ${conditionWords(held.parts[i])}`;
  return msg`for as long as ${words}`;
}

function conditionWords(held: HeldCondition): Message {
  if (held.kind === 'controls') return msg`${held.player} controlled ${held.card}`;
  if (held.kind === 'remains') return held.what === 'tapped' ? msg`${held.card} remained tapped` : msg`${held.card} remained on the battlefield`;
  return held.what === 'enchanted' ? msg`${held.card} was enchanted` : msg`${held.card} was equipped`;
}

/**
 * Something about `subject` changed (it is among the cards the replay looks at again): the control
 * effects that track it and no longer hold end (611.2b), and the latest effect left decides.
 */
export function endUnheld(replay: Replay, subject: CardObj): void {
  const board = replay.board;
  for (const id of board.watchers(subject.id)) {
    const card = board.cards.get(id)!;
    const ended = card.controlLog.filter((e) => e.held !== undefined && tracks(e.held, subject.id) && !holds(board, e.held));
    if (ended.length === 0) continue;
    card.controlLog = card.controlLog.filter((e) => !ended.includes(e));
    const before = card.controller;
    if (!recontrol(board, card) || before === undefined) continue;
    // The effect that gave `before` control, for the messages (`bob (alice's control for as long as alice controlled thief ended)`).
    const held = ended.find((e) => e.player === before)?.held;
    if (held) {
      card.controlEnded = { from: before, how: 'held', held };
      board.controlEndedNow.push(card.id);
      if (replay.noting) replay.note(() => msg`${card.id}: ${before}'s control ${heldWords(held)} ended (611.2b), controlled by ${card.controller ?? msg`nobody`}`);
    }
  }
}
