// Whose turn it is (`turn P [STEP]`), the part both games share: the player, and a step or phase of the
// game's own (`main` when none is written). What the turn decides is each game's: MTG casting and
// sorcery-speed abilities (rules/mtg/timing.ts), Riftbound Equip (rules/riftbound/timing.ts).
import type { EventNode } from '../parser/ast';
import type { PlayerObj } from './board';
import type { Replay } from './replay';
import { msg, type Message } from '../message';
import { unknownWord } from './words';

/**
 * From this `turn` line on, it is its player's turn, in its step (one of `steps`, named `what` in a
 * syntax error; `word` says it in a sentence), unless `refuse` reports why that player takes no turn.
 */
export function startTurn(replay: Replay, ev: Extract<EventNode, { kind: 'turn' }>, steps: readonly string[], what: Message, word: (step: string) => Message, refuse?: (p: PlayerObj) => boolean): void {
  const p = replay.player(ev.player);
  if (!p) return;
  if (ev.step && !steps.includes(ev.step.text)) {
    unknownWord(replay, ev.step, what, steps);
    return;
  }
  if (refuse?.(p)) return;
  const step = ev.step?.text ?? 'main';
  replay.board.turn = { player: p.id, step };
  if (replay.noting) replay.note(() => msg`${p.id}'s turn, ${word(step)}`);
}
