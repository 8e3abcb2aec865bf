// A player leaving the game, the part both games share: the player is marked gone (the board keeps the
// order they left in), once; the game over once one player is left in it (MTG 104.2a, 104.1; Riftbound
// 651.1), every later event refused; and the abilities they controlled waiting on the stack (the chain)
// are gone with them. What else leaves with them is each game's: MTG 800.4a (rules/mtg/zones.ts), Riftbound's
// concession and removal of a player, 650-652 (rules/riftbound/removal.ts).
import type { EventNode } from '../parser/ast';
import type { PlayerObj, StackEntry } from './board';
import type { Replay } from './replay';
import { msg, type Message } from '../message';

/**
 * `leave P`: P, now marked as having left; undefined when the name is no player (reported by the lookup)
 * or P has left already, which is reported with `again` (its words) and `rules`.
 */
export function playerLeaves(replay: Replay, ev: Extract<EventNode, { kind: 'leave' }>, rules: readonly string[], again: (p: PlayerObj) => Message): PlayerObj | undefined {
  const p = replay.player(ev.player);
  if (!p) return undefined;
  if (p.left) {
    replay.report('impossible-event', ev.range, again(p), { rules: [...rules], subjects: [p.id] });
    return undefined;
  }
  p.left = true;
  replay.board.left.push(p.id);
  if (replay.noting) replay.note(() => msg`${p.id} left the game`);
  return p;
}

/**
 * The abilities `p` controlled waiting on the stack (the chain) are gone with them (MTG 800.4a: they cease
 * to exist; Riftbound 652.4: they are countered); `noteOf` says so in the game's words, for the step.
 */
export function abilitiesLeaveWith(replay: Replay, p: PlayerObj, noteOf: (e: StackEntry) => Message): void {
  for (const e of replay.board.dropAbilitiesOf(p.id)) {
    if (replay.noting) replay.note(() => noteOf(e));
  }
}

/**
 * Is the game over: a player left, and one player is still in it, who wins (MTG 104.2a: every opponent
 * of theirs has left, teams not being modelled; Riftbound 651.1)? That player, else undefined. Constant
 * time but for the one look for the player left.
 */
export function winner(replay: Replay): PlayerObj | undefined {
  const board = replay.board;
  if (board.left.length === 0 || board.players.size - board.left.length !== 1) return undefined;
  for (const p of board.players.values()) if (!p.left) return p;
  return undefined;
}

/**
 * An event after the game ended: `impossible-event` on it (once for a `together:` line), in the game's
 * words (`why`: the player who left last, and the winner) citing `rules`, and nothing happens.
 */
export function afterTheGame(replay: Replay, ev: EventNode, won: PlayerObj, why: (last: string, won: string) => Message, rules: readonly string[]): void {
  // A `together:` line after the end is said once, at its first part that is refused.
  if (!replay.onceInGroup()) return;
  const last = replay.board.left[replay.board.left.length - 1];
  replay.report('impossible-event', ev.range, why(last, won.id), { rules: [...rules], subjects: [won.id] });
}
