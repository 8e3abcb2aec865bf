// MTG's limited range of influence option (801), `game mtg, range of influence N`: a player's range is
// the players within N seats of theirs (and the objects they control), counted on the players in the game
// as the turn began (801.2c). An Aura can't enchant, and an Equipment or Fortification can't equip or
// fortify, anything outside its controller's range (801.8, 801.9): an attach out of range is illegal, and
// one that goes out of range (a control change) ends as the state-based actions say (704.5m, 704.5n). A
// new turn after a player left counts the seats again, which only brings the players left closer.
import type { GameStmt } from '../../parser/ast';
import { type Board, type CardObj, type CountedSeats, isCard, type PlayerObj } from '../../engine/board';
import type { Replay } from '../../engine/replay';
import type { RuleExplanation } from './explanations';
import type { Problem } from './characteristics';
import { isAura, isEquipment, isFortification } from './characteristics';
import { msg } from '../../message';

/** The rules of this module, explained (assembled into the game's rules in explanations.ts). */
export const EXPLAINED: Record<string, RuleExplanation> = {
  '801.1': { title: 'Limited range of influence', text: 'An option for multiplayer games (always used in Emperor games): each player affects only the players, and what they control, seated close enough.' },
  '801.2': { title: 'Range of influence', text: "A player's range of influence is how many seats away they can affect: the players within that many seats, the player included, and the objects those players control." },
  '801.2a': { title: 'How far ranges reach', text: 'The usual ranges are one seat and two seats, and the players of one game need not all have the same.' },
  '801.2c': { title: 'Ranges as the turn begins', text: 'Which players are within each range is settled at the start of each turn, not at once when a player leaves.' },
  '801.4': { title: 'Targets and the range of influence', text: "A spell or ability can't target an object or player out of its controller's range of influence." },
  '801.8': { title: 'Auras and the range of influence', text: "An Aura can't be attached to an object or player out of its controller's range; one that is goes to its owner's graveyard as a state-based action." },
  '801.9': { title: 'Equipment, Fortifications and the range', text: "An Equipment or Fortification can't be attached to a permanent out of its controller's range; one that is becomes unattached and stays on the battlefield, as a state-based action." },
};

/** `game mtg, range of influence N` in the first `game` line: the option, read before the players are seated. */
export function declareInfluence(replay: Replay, st: GameStmt): void {
  const p = st.influence;
  if (!p) return;
  if (p.value < 1) {
    replay.report('syntax-error', p.range, msg`A range of influence is a number of seats, 1 or more (801.2a: most often 1 or 2). Write the number, or leave the option out.`, { rules: ['801.2'] });
    return;
  }
  replay.board.influence = p.value;
}

/**
 * The seats the ranges are counted on: the players in the game now (801.2c: as a turn begins, and as the
 * scenario begins). A count drops the players who left since the last one; counting again can't take
 * anything out of range: the players left in the game are each as close to the others as before, or closer.
 */
export function seatPlayers(replay: Replay): void {
  const board = replay.board;
  if (board.influence === undefined) return;
  const before = board.influenceSeats;
  const size = board.players.size;
  let seats: CountedSeats;
  if (before === undefined || before.out.length !== size) {
    // The first count (or one after players were declared since): every declared seat in, each of the tree's cells counting the seats of its range.
    const tree = new Int32Array(size + 1);
    for (let i = 1; i <= size; i++) tree[i] = i & -i;
    seats = { owner: board.ownToken, tree, out: new Uint8Array(size), left: 0 };
  } else if (before.owner === board.ownToken) seats = before;
  // Shared with a copy of the board: this board's own from now on.
  else seats = { owner: board.ownToken, tree: before.tree.slice(), out: before.out.slice(), left: before.left };
  const left = board.left;
  for (let k = seats.left; k < left.length; k++) {
    const seat = board.players.get(left[k])!.seat;
    if (seats.out[seat] === 1) continue;
    seats.out[seat] = 1;
    for (let i = seat + 1; i <= size; i += i & -i) seats.tree[i]--;
  }
  seats.left = left.length;
  board.influenceSeats = seats;
}

/** Would counting the seats again change them (a player left since they were counted)? Only with the option on. */
export function reseats(replay: Replay): boolean {
  const board = replay.board;
  return board.influence !== undefined && board.influenceSeats !== undefined && board.influenceSeats.left !== board.left.length;
}

/** How many of the counted `seats` come before `seat`. */
function seatsBefore(seats: CountedSeats, seat: number): number {
  let n = 0;
  for (let i = seat; i > 0; i -= i & -i) n += seats.tree[i];
  return n;
}

/** Is player `b` within player `a`'s range of influence (801.2; 801.2b: a player always is within their own)? */
export function inRange(board: Board, a: string, b: string): boolean {
  if (board.influence === undefined || a === b) return true;
  const pa = board.players.get(a);
  const pb = board.players.get(b);
  if (pa === undefined || pb === undefined) return false;
  const seats = board.influenceSeats;
  // Before the first count (the declared board, before any event): every player as declared.
  let i = pa.seat;
  let j = pb.seat;
  let n = board.players.size;
  if (seats === undefined) {
    if (pa.left || pb.left) return false;
  } else {
    // A player who had left as the turn began has no seat in it (one declared since has none either).
    const size = seats.out.length;
    if (i >= size || j >= size || seats.out[i] === 1 || seats.out[j] === 1) return false;
    i = seatsBefore(seats, i);
    j = seatsBefore(seats, j);
    n = size - seats.left;
  }
  const d = Math.abs(i - j);
  return Math.min(d, n - d) <= board.influence;
}

/**
 * Why `att` can't be attached to `host` because of the range of influence (801.8, 801.9): the host (a
 * player, or an object's controller, 801.2d) is out of the range of `att`'s controller. Undefined when the
 * option isn't used, or it is in range. `target`: the question is an Aura spell's target, which can't be
 * out of its controller's range either (801.4).
 */
export function influenceProblem(board: Board, att: CardObj, host: CardObj | PlayerObj, target = false): Problem | undefined {
  if (board.influence === undefined || !att.controller) return undefined;
  const aura = isAura(att);
  if (!aura && !isEquipment(att) && !isFortification(att)) return undefined;
  return outOfRange(board, host, att.controller, target ? ['801.4', '801.2'] : [aura ? '801.8' : '801.9', '801.2']);
}

/** A target of a spell or ability `controller` controls that is out of their range of influence (801.4): an effect that attaches and targets both (Magnetic Theft, Brass Squire). */
export function targetOutOfRange(board: Board, t: CardObj | PlayerObj, controller: string | undefined): Problem | undefined {
  if (board.influence === undefined || !controller) return undefined;
  return outOfRange(board, t, controller, ['801.4', '801.2']);
}

/** `t` (a player, or an object's controller, 801.2d) out of `player`'s range of influence, with `rules`; undefined when in range. */
function outOfRange(board: Board, t: CardObj | PlayerObj, player: string, rules: string[]): Problem | undefined {
  const who = isCard(t) ? t.controller : t.id;
  if (!who || inRange(board, player, who)) return undefined;
  const n = board.influence === 1 ? msg`a range of 1 seat` : msg`a range of ${board.influence!} seats`;
  return {
    rules,
    why: isCard(t) ? msg`${t.id} is controlled by ${who}, who is out of ${player}'s range of influence (${n})` : msg`${who} is out of ${player}'s range of influence (${n})`,
  };
}
