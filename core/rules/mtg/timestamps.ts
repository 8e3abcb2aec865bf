// MTG timestamps (613.7): an object gets one as it enters a zone (613.7d) and an attachment as it
// becomes attached (613.7e); the rules stamp them as they move and attach (zones.ts, attach.ts).
// Permanents that enter the battlefield at once, in one resolution (`together:`: Replenish, Open the
// Vaults), get their timestamps at the same moment, and are put in APNAP order afterwards (613.7m):
// the active player's first, in the order written (their choice), then each other player's in turn
// order. An attach that is a part of a group is an instruction done in its order (Animate Dead returns
// the creature, then attaches), so it keeps its place.
import type { CardObj } from '../../engine/board';
import type { Replay } from '../../engine/replay';
import type { RuleExplanation } from './explanations';
import { touch } from './legality';
import { msg } from '../../message';

/** The rules of this module, explained (assembled into the game's rules in explanations.ts). */
export const EXPLAINED: Record<string, RuleExplanation> = {
  '613.7d': { title: 'Timestamp on entering a zone', text: 'An object gets a new timestamp when it enters a zone.' },
  '613.7e': { title: 'Timestamp on becoming attached', text: 'A fresh timestamp is given to an Aura, Equipment or Fortification every time it gets attached to something, object or player.' },
  '613.7m': { title: 'Timestamps at the same moment', text: "Objects that get timestamps at the same moment (they enter the battlefield together, or become attached together) are ordered player by player: the active player's objects are the oldest, in the order that player picks, then each other player's in turn order. An object without a controller counts as its owner's." },
};

/**
 * The permanents `stamped` entered the battlefield at once, in one resolution (an Aura entering
 * attached, stamped as it enters and as it is attached, counts once with its last timestamp): they
 * are given the same timestamps again, in APNAP order (613.7m), by their
 * controllers' places in the turn order from the active player's (a card with none, its owner's).
 * Before the first `turn` line the active player is not known, and the order written stands. What the
 * new order changes is worked out again (grants in timestamp order, 613.7a; control, 613.1b) and
 * looked at by the state-based actions that follow.
 */
export function simultaneousTimestamps(replay: Replay, stamped: readonly CardObj[]): void {
  const board = replay.board;
  const turn = board.turn;
  if (!turn || stamped.length < 2) return;
  const active = board.players.get(turn.player)!.seat;
  const seats = board.players.size;
  const rank = (c: CardObj): number => {
    const p = board.players.get(c.controller ?? c.owner ?? '');
    return p ? (p.seat - active + seats) % seats : seats;
  };
  // The permanents as the resolution left them, each once, oldest first.
  const cards = [...new Set(stamped)].filter((c) => c.zone === 'battlefield').sort((x, y) => x.timestamp - y.timestamp);
  const ordered = [...cards].sort((x, y) => rank(x) - rank(y) || x.timestamp - y.timestamp);
  if (ordered.every((c, i) => c === cards[i])) return;
  const stamps = cards.map((c) => c.timestamp);
  // Each attached one comes off its host and goes back on with its new timestamp, in the new order, so
  // its host's grants are filed and folded by the new timestamps (no grant is ever filed under a stale one).
  const hosts = ordered.map((c) => ({ host: board.hostOf(c), at: c.attachedAt }));
  for (const c of ordered) if (c.attachedTo) board.unlink(c);
  ordered.forEach((c, i) => {
    board.stamp(c, stamps[i]);
    const { host, at } = hosts[i];
    if (host) board.link(c, host, at);
  });
  for (const c of ordered) {
    board.abilitiesChanged(c);
    touch(replay, c);
  }
  if (replay.noting) replay.note(() => msg`timestamps in APNAP order (613.7m): ${ordered.map((c) => `${c.id} t${c.timestamp}`).join(', ')}`);
}
