// Who controls a card: MTG's control-changing layer (613.1b) in timestamp order (613.7), the latest effect
// winning over the player the card entered under. The effects are the events' (`control X P`, an exchange, a
// declared `controller P`, which is older than everything) and the grants of its attachments ("You control
// enchanted creature", Control Magic: the attachment's controller, with the attachment's timestamp, 613.7e),
// while the attachment is on it, on the battlefield, phased in and has its abilities. Riftbound has no such
// grant (718.5.e, 718.5.f): there the events alone decide, the last one winning.
//
// A card's controller is worked out again when something it depends on changes (an event, one of its
// attachments coming or going, an attachment's own controller or abilities), never as it is read.
import type { EventNode } from '../parser/ast';
import type { Board, CardObj } from './board';
import type { Replay } from './replay';
import { grantsTo } from './abilities';
import { msg } from '../message';

/** A control-changing effect of an event: from `timestamp` on, `player` controls the card (until the end of turn `until`, or while `held` holds, if it says so). */
export interface ControlEffect {
  readonly timestamp: number;
  readonly player: string;
  /** The turn it was made in (Board.turn's number; 0 before any `turn` line), for an effect that lasts until end of turn. */
  readonly until?: number;
  /** What it lasts as long as (MTG 611.2b), for an effect `for as long as ...`. */
  readonly held?: Held;
}

/**
 * What a control effect lasts as long as (611.2b): one condition, or several that must all hold (`all`).
 */
export type Held = HeldCondition | { readonly kind: 'all'; readonly parts: readonly HeldCondition[] };

/**
 * One condition of a `for as long as` duration, tracking one object (the version it was as the effect
 * began, 611.2c): that `player` controls `card`, that `card` is enchanted or equipped, or that it remains
 * on the battlefield, or tapped.
 */
export type HeldCondition =
  | { readonly kind: 'controls'; readonly player: string; readonly card: string; readonly version: number }
  | { readonly kind: 'attached'; readonly what: 'enchanted' | 'equipped'; readonly card: string; readonly version: number }
  | { readonly kind: 'remains'; readonly what: 'on the battlefield' | 'tapped'; readonly card: string; readonly version: number };

/** The conditions of `held`. */
export function heldParts(held: Held): readonly HeldCondition[] {
  return held.kind === 'all' ? held.parts : [held];
}

/**
 * Does `a`, attached to `host`, give its controller control of `host` now? Even one that lost its
 * abilities does: its effect applies in layer 2, before abilities are taken in layer 6 (MTG 613.1,
 * 613.6). Not once that controller
 * has left the game: the effects that gave them control end as they leave (MTG 800.4a), even while
 * the Aura itself waits to be exiled.
 */
export function grantsControl(board: Board, a: CardObj | undefined, host: CardObj): a is CardObj {
  return grantsTo(board, a, host) && hasControlGrant(a) && !(a.controller !== undefined && board.players.get(a.controller)?.left);
}

/** Does `a` say "you control enchanted ..." (whether it works now or not: grantsControl)? */
export function hasControlGrant(a: CardObj): boolean {
  return a.grants.some((g) => g.abilities.some((x) => x.kind === 'control'));
}

/**
 * For the tests: how many grantors controllerOf (or controllerOfByLook) looked at (ControlOrder.newest
 * counts each it passes) and how many logged effects giveControl copied (a short log at each event, a
 * long one once per board: ownLog), which they hold to a few per change, and a look at each answer
 * controllerOf gives.
 */
export const controlTest: { looks: number; copied: number; check: ((board: Board, card: CardObj, answer: { player: string | undefined; via: string | undefined }) => void) | undefined } = { looks: 0, copied: 0, check: undefined };

/**
 * The player the effects on `card` give control of it (undefined: nobody, as for a card without an
 * owner), and the attachment whose grant that is, if one's is: the later of the log's newest effect
 * and the newest grant that works, a grant winning a tie. The log's newest is its last (it is in
 * timestamp order: giveControl); the grantors are read newest first (ControlOrder), down to the first
 * whose grant works or to the log's newest, whichever comes first. The answer is controllerOfByLook's,
 * which looks at every effect and every grantor.
 */
export function controllerOf(board: Board, card: CardObj): { player: string | undefined; via: string | undefined } {
  const log = card.controlLog;
  const newest = log.length === 0 ? undefined : log[log.length - 1];
  const player = newest === undefined ? card.enteredUnder : newest.player;
  const at = newest === undefined ? -Infinity : newest.timestamp;
  const order = board.controlOrder(card);
  let answer: { player: string | undefined; via: string | undefined };
  // Without an order on this board (a copy of the board before the host's grants were worked out on it, or a host without a grantor of control): every grantor.
  if (order === undefined) answer = newestGrant(board, card, player, at);
  else {
    // Of a grant and an event with one timestamp, the grant (as the loop reads them: the grants after).
    const via = order.newest(at, board, card);
    answer = via === undefined ? { player, via } : { player: board.cards.get(via)!.controller, via };
  }
  if (controlTest.check !== undefined) controlTest.check(board, card, answer);
  return answer;
}

/** controllerOf by a look at every effect of the log and every grantor of control: the plain way, which the tests hold controllerOf to. */
export function controllerOfByLook(board: Board, card: CardObj): { player: string | undefined; via: string | undefined } {
  let player = card.enteredUnder;
  let at = -Infinity;
  // In the order given: of two effects with one timestamp (two events between two timestamps), the later.
  for (const e of card.controlLog) {
    if (e.timestamp >= at) {
      at = e.timestamp;
      player = e.player;
    }
  }
  return newestGrant(board, card, player, at);
}

/** The newest grantor of control of `card` whose grant works, if it is not older than `at` (the log's newest effect, which gives it to `player`), by a look at every one. */
function newestGrant(board: Board, card: CardObj, player: string | undefined, at: number): { player: string | undefined; via: string | undefined } {
  let via: string | undefined;
  for (const id of board.controlGrantors(card)) {
    const a = board.cards.get(id);
    controlTest.looks++;
    if (grantsControl(board, a, card) && a.timestamp >= at) {
      at = a.timestamp;
      player = a.controller;
      via = a.id;
    }
  }
  return { player, via };
}

/**
 * Works out `card.controller` again (controllerOf). When it changes, what `card` grants control of
 * follows (an Aura that gives control, itself taken by another), and the board hands the card to the
 * replay's next state-based action check (Board.regranted). Returns true when the controller or the
 * attachment that gives control changed.
 */
export function recontrol(board: Board, card: CardObj): boolean {
  let changed = false;
  // A chain of Auras each giving control of the one below is followed up; a loop of attachments is cut.
  for (let c: CardObj | undefined = card, hops = 0; c !== undefined && hops <= board.cards.size; hops++) {
    const now = controllerOf(board, c);
    if (now.player === c.controller && now.via === c.controlVia) break;
    const before = board.controlBefore;
    if (before !== undefined && !before.has(c.id)) before.set(c.id, c.controller);
    // Summoning sickness counts from a change of controller (MTG 302.6); one made as the last turn ended counts from that turn.
    if (now.player !== c.controller) c.controlledSince = board.controlStamp ?? board.turn?.number ?? 0;
    // A change of controller removes a creature from combat (MTG 506.4), though it changes back in the same resolution.
    if (now.player !== c.controller && c.combat !== undefined && !c.combat.controlChanged) c.combat = { ...c.combat, controlChanged: true };
    // What is attached is judged again only when the controller changed: a new Aura giving the same
    // player control (another Control Magic of theirs) changes only the one named as giving it.
    if (now.player !== c.controller) board.recontrolled.push(c);
    board.setController(c, now.player);
    board.fileSideways(c);
    c.controlVia = now.via;
    c.controlEnded = undefined;
    changed = true;
    const host = board.hostOf(c);
    c = host?.isCard && grantsControl(board, c, host) ? host : undefined;
  }
  return changed;
}

/**
 * An event gives `player` control of `card` (its place in time is an event's, after the last timestamp
 * given: 613.7), for good, until the turn ends (`untilEndOfTurn`), or while `held` holds (611.2b). Of
 * each player's effects only the last of each of these kinds is kept: an earlier one that lasts can
 * never decide again, since the later one ends only with its player (800.4a, `endControlOf`), and one
 * until end of turn only with the turn; of two `for as long as`, the later replaces the earlier even
 * when the earlier would hold longer (documented). So the log is never longer than three times the
 * players. It is in timestamp order (controllerOf reads its newest as its last): each new effect is
 * appended, after every timestamp given, and the others only ever taken out (Board.moveLines shifts
 * them all alike). Returns true when the card's controller changed.
 */
export function giveControl(board: Board, card: CardObj, player: string, untilEndOfTurn = false, held?: Held): boolean {
  const until = untilEndOfTurn ? (board.turn?.number ?? 0) : undefined;
  if (held) for (const h of heldParts(held)) board.watch(h.card, card.id);
  // Of each player's effects, one of each kind stays (for good, until end of turn, for as long as): a new one of a kind replaces the old.
  const lasting = until === undefined && held === undefined;
  const timestamp = board.lastTimestamp + 0.5;
  const effect: ControlEffect = until !== undefined ? { timestamp, player, until } : held ? { timestamp, player, held } : { timestamp, player };
  const was = card.controlLog;
  const log = inPlaceLog(board, card);
  if (log === undefined) {
    // A short log (most cards are given to a player or two) is copied without the effects replaced,
    // by a loop, not filter with a closure (one control event after another: no closure made for each).
    if (until !== undefined && !was.some((e) => e.until !== undefined)) board.endingWithTurn.push(card.id);
    const kept: ControlEffect[] = [];
    controlTest.copied += was.length;
    for (let i = 0; i < was.length; i++) if (was[i].player !== player || !replaces(was[i], lasting, until)) kept.push(was[i]);
    kept.push(effect);
    card.controlLog = kept;
  } else {
    // A long one (one card given to each of thousands of players) is changed in place, read by player.
    if (until !== undefined && log.untils === 0) board.endingWithTurn.push(card.id);
    const mine: ControlEffect[] = [];
    for (const e of log.byPlayer.get(player) ?? []) {
      if (!replaces(e, lasting, until)) mine.push(e);
      else takeOut(log, e);
    }
    log.push(effect);
    if (until !== undefined) log.untils++;
    mine.push(effect);
    log.byPlayer.set(player, mine);
  }
  if (player !== card.owner) board.tie(player, card);
  return recontrol(board, card);
}

/** Does a new effect of its player (`lasting`: for good; else until end of turn `until`, or for as long as) replace `e`? One of each kind stays. */
function replaces(e: ControlEffect, lasting: boolean, until: number | undefined): boolean {
  return lasting || (until !== undefined ? e.until !== undefined : e.held !== undefined);
}

/** From this many effects on, a card's log is changed in place and read by player (tests set it to 0 and to Infinity). */
export const IN_PLACE_PAST = { length: 8 };

/**
 * A card's control log as giveControl changes it in place, once it is long: an array this board made
 * (`owner`, its token: a copy of the board takes a new one, so neither changes an array they share, as
 * the attachment sets), with each player's effects in it (at most one of each kind) and how many last
 * until end of turn. Every other change replaces the log by a new array, which the next giveControl
 * copies once.
 */
type OwnLog = ControlEffect[] & { owner: object; byPlayer: Map<string, ControlEffect[]>; untils: number };

/** `card`'s log as this board changes it in place, once it is long or already one (ownLog); undefined for a short one, which is copied at each change. */
function inPlaceLog(board: Board, card: CardObj): OwnLog | undefined {
  const was = card.controlLog;
  return was.length < IN_PLACE_PAST.length && (was as Partial<OwnLog>).owner === undefined ? undefined : ownLog(board, card);
}

/** `e` taken out of `log` where it is: a search and a shift of the array, natively (the rest of the log is not copied). The caller keeps byPlayer. */
function takeOut(log: OwnLog, e: ControlEffect): void {
  log.splice(log.indexOf(e), 1);
  if (e.until !== undefined) log.untils--;
}

function ownLog(board: Board, card: CardObj): OwnLog {
  const was = card.controlLog as Partial<OwnLog> & readonly ControlEffect[];
  if (was.owner === board.ownToken) return was as OwnLog;
  const log = was.slice() as OwnLog;
  controlTest.copied += log.length;
  log.owner = board.ownToken;
  log.byPlayer = new Map();
  log.untils = 0;
  for (const e of log) {
    const mine = log.byPlayer.get(e.player);
    if (mine === undefined) log.byPlayer.set(e.player, [e]);
    else mine.push(e);
    if (e.until !== undefined) log.untils++;
  }
  card.controlLog = log;
  return log;
}

/**
 * A new turn began (turn `number`): the control effects made in an earlier turn that last until end of
 * turn ended in its cleanup (MTG 514.2; Riftbound's Expiration Step, 317.2.c; turn.ts, endTurn). The latest effect left
 * decides again; what that changes is the state-based actions' to judge after the `turn` line.
 */
export function endTurnEffects(replay: Replay, number: number): void {
  const board = replay.board;
  // What the last turn's ending said is for that turn's messages only.
  if (board.controlEndedNow.length !== 0) {
    for (const id of board.controlEndedNow) board.cards.get(id)!.controlEnded = undefined;
    board.controlEndedNow = [];
  }
  const ids = board.endingWithTurn;
  if (ids.length === 0) return;
  board.endingWithTurn = [];
  for (const id of ids) {
    const card = board.cards.get(id)!;
    if (!card.controlLog.some((e) => e.until !== undefined && e.until < number)) continue;
    card.controlLog = card.controlLog.filter((e) => e.until === undefined || e.until >= number);
    const before = card.controller;
    if (!recontrol(board, card) || before === undefined) continue;
    card.controlEnded = { from: before, how: 'turn' };
    board.controlEndedNow.push(card.id);
    if (replay.noting) replay.note(() => msg`${card.id}: ${before}'s control until end of turn ended, controlled by ${card.controller ?? msg`nobody`}`);
  }
}

/**
 * The control effects that gave `player` control of `card` end (MTG 800.4a). Returns true when its
 * controller changed. A long log is changed in place, as giveControl changes it, its player's effects
 * found by player (thousands of players each given the card, leaving one after another).
 */
export function endControlOf(board: Board, card: CardObj, player: string): boolean {
  const was = card.controlLog;
  const log = inPlaceLog(board, card);
  const theirs = log ? log.byPlayer.has(player) : was.some((e) => e.player === player);
  // Control an attachment's grant gave them (Control Magic of theirs that entered under their control): grantsControl sees they left.
  if (!theirs) return card.controlVia !== undefined && card.controller === player ? recontrol(board, card) : false;
  if (log) {
    for (const e of log.byPlayer.get(player)!) takeOut(log, e);
    log.byPlayer.delete(player);
  } else {
    controlTest.copied += was.length;
    card.controlLog = was.filter((e) => e.player !== player);
  }
  return recontrol(board, card);
}

/**
 * The player an event puts a card onto the battlefield (Riftbound: the board) under, `under P` of
 * `enter` and `move`, if it names one; each game's event checked the name before the card moved.
 */
export function underOf(cause: EventNode): string | undefined {
  return cause.kind === 'enter' || cause.kind === 'move' || cause.kind === 'manifest' ? cause.player?.text : undefined;
}
