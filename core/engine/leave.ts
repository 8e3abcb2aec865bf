// A player leaving the game, the part both games share: the player is marked gone (the board keeps the
// order they left in), once; and the abilities they controlled waiting on the stack (the chain) are gone
// with them. What else leaves with them is each game's: MTG 800.4a (rules/mtg/zones.ts), Riftbound's
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
