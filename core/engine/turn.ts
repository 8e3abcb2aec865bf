// Whose turn it is (`turn P [STEP]`), the part both games share: the player, and a step or phase of the
// game's own (`main` when none is written). What the turn decides is each game's: MTG casting and
// sorcery-speed abilities (rules/mtg/timing.ts), Riftbound Equip (rules/riftbound/timing.ts).
import type { EventNode } from '../parser/ast';
import type { Board, PlayerObj, StackEntry } from './board';
import { endTurnEffects } from './control';
import { endTemporaries } from './untilEndOfTurn';
import { clearDamage } from './damage';
import { endStuns } from './status';
import type { Replay } from './replay';
import { msg, type Message } from '../message';
import { unknownWord } from './words';

/**
 * A step or phase ends only with nothing on the stack (MTG 500.2; Riftbound's chain, 305): how the game
 * names it (`rule`, `zone`), and what waits on it (`waiting`: the object and the line that resolves it).
 */
export interface StackEnds {
  readonly rule: string;
  readonly zone: Message;
  readonly waiting: (e: StackEntry) => { what: Message; line: string };
}

/**
 * From this `turn` line on, it is its player's turn, in its step (one of `steps`, named `what` in a
 * syntax error; `word` says it in a sentence), unless `refuse` reports why that player takes no turn.
 * `order` is the game's turn, place by place (the steps each place may be named by, in the order they
 * come). A line that names the player whose turn it is, with a step at or after the current place, goes
 * on with that turn; any other line begins a new turn, and so the last one ended: its effects that
 * last until end of turn end (MTG 514.2, Riftbound 317.2.c). Before the first `turn` line, the turn in
 * progress is not known. The first one begins a new turn after events: the turn they happened in ends,
 * all of it at once (514.2: damage, shields, effects; then the untap step). Right after the declarations
 * it only says which turn the declared board is in: the damage and statuses declared hold in it.
 */
export function startTurn(replay: Replay, ev: Extract<EventNode, { kind: 'turn' }>, steps: readonly string[], order: readonly (readonly string[])[], what: Message, word: (step: string) => Message, stack: StackEnds, refuse?: (p: PlayerObj) => boolean): void {
  const p = replay.player(ev.player);
  if (!p) return;
  if (ev.step && !steps.includes(ev.step.text)) {
    unknownWord(replay, ev.step, what, steps);
    return;
  }
  if (refuse?.(p)) return;
  const step = ev.step?.text ?? 'main';
  const now = replay.board.turn;
  const place = now?.player === p.id ? placeOf(order, step, now.place) : -1;
  // Another step, phase or turn: the one in progress ends only with the stack empty (500.2, 305).
  const top = now && place !== now.place ? replay.board.stackTop() : undefined;
  if (top) {
    const w = stack.waiting(top);
    replay.report('impossible-event', ev.range, msg`It is still ${word(now!.step)} of ${now!.player}'s turn: ${w.what} is on ${stack.zone}, and a step or phase ends only when nothing is. The turn doesn't move on. Resolve it first (\`${w.line}\`), or remove the line.`, { rules: [stack.rule], subjects: [top.id] });
    return;
  }
  if (now && place >= 0) {
    replay.board.turn = { player: p.id, step, number: now.number, place };
    if (replay.noting) replay.note(() => msg`${p.id}'s turn, ${word(step)}`);
    return;
  }
  const number = (now?.number ?? 0) + 1;
  // The turns a player who left would have taken end MTG's effects until their next turn (800.4m); Riftbound has none.
  const skipped = now && replay.rules.game === 'mtg' ? skippedTurns(replay.board, replay.board.players.get(now.player), p) : [];
  replay.board.turn = { player: p.id, step, number, place: placeOf(order, step, 0) };
  if (replay.noting) {
    replay.note(() => msg`${p.id}'s turn, ${word(step)} (a new turn)`);
    if (skipped.length) replay.note(() => msg`the turns of ${skipped.join(', ')} would have begun before it, had they not left the game (800.4m)`);
  }
  // A turn ended before this one: one the scenario named, or the one the events before the first `turn`
  // line happened in (this line is counted in `events`). A first `turn` line right after the
  // declarations says which turn the declared board is in: the damage and statuses declared hold in it.
  const ended = now !== undefined || replay.events > 1;
  endTurn(replay, number, skipped.length ? [p.id, ...skipped] : [p.id], ended);
  // Its untap step (MTG 502.3), its Awaken Phase (Riftbound 315.1.b): the player's cards turn back.
  const untapped = ended ? replay.board.untapAll(p.id) : [];
  if (untapped.length && replay.noting) {
    const ids = untapped.map((c) => c.id).join(', ');
    replay.note(() => (replay.rules.game === 'mtg' ? msg`${ids} untapped as the turn began` : msg`${ids} readied as the turn began`));
  }
}

/**
 * The players who left the game and whose turns would have begun between `from`'s turn and `to`'s
 * (MTG 800.4k, 800.4m): those seated after `from` and before `to` in the turn order, every one but
 * `from` when the turn comes round to `from` again. Looked for only while an effect may wait for a turn.
 */
function skippedTurns(board: Board, from: PlayerObj | undefined, to: PlayerObj): string[] {
  if (!from || board.left.length === 0 || board.temporaries.length === 0) return [];
  const a = from.seat;
  const b = to.seat;
  const out: string[] = [];
  for (const id of board.left) {
    const s = board.players.get(id)!.seat;
    if (a === b ? s !== a : a < b ? a < s && s < b : s > a || s < b) out.push(id);
  }
  return out;
}

/**
 * The turn before turn `number` ended, or Riftbound's Expiration Step came (its cleanup in the Ending
 * Phase): every effect until end of turn ends at the same moment (MTG 514.2, Riftbound 317.2.c), those
 * on characteristics and abilities (untilEndOfTurn.ts) and those on control (control.ts); as the turns
 * of `players` begin (or would have begun, for those who left: 800.4m), so do the effects until their
 * next turns (611.2a).
 */
export function endTurn(replay: Replay, number: number, players: readonly string[], heal = true): void {
  // The damage marked on cards is removed at the same time (MTG 514.2; Riftbound 143.3.b.1).
  if (heal) clearDamage(replay);
  // So do the stuns (Riftbound 423.1.a.2): a stun lasts the rest of the turn it was given in.
  if (heal) endStuns(replay);
  // A control they give back is the turn that ended's (MTG 302.6 counts from the new turn's beginning).
  replay.board.controlStamp = number - 1;
  try {
    endTemporaries(replay, players);
    endTurnEffects(replay, number);
  } finally {
    replay.board.controlStamp = undefined;
  }
}

/** The first place of the turn at or after `from` that `step` names, or -1. */
function placeOf(order: readonly (readonly string[])[], step: string, from: number): number {
  for (let i = from; i < order.length; i++) if (order[i].includes(step)) return i;
  return -1;
}
