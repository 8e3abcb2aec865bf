// How many cards a run hands to the state-based actions: Replay.markDirty of a card not marked yet.
// The tests that hold a family linear count these, not time.
import { Board, type CardObj } from '../../core/engine/board';
import { Replay } from '../../core/engine/replay';

/** How many cards `run` marks for the state-based actions to look at. */
export function markedIn(run: () => void): number {
  const own = Object.getOwnPropertyDescriptor(Replay.prototype, 'markDirty')!;
  let marked = 0;
  Object.defineProperty(Replay.prototype, 'markDirty', { ...own, value: function (this: Replay, c: CardObj) { if (!c.dirty) marked++; return own.value.call(this, c); } });
  try {
    run();
  } finally {
    Object.defineProperty(Replay.prototype, 'markDirty', own);
  }
  return marked;
}

/**
 * How many times `run` reads the `zone` of a card a board adds (a counter on each card as Board.add takes it),
 * plus what `run` itself counts through the `count` it is given (another read a test watches).
 */
export function zoneReadsIn(run: (count: () => void) => void): number {
  const own = Object.getOwnPropertyDescriptor(Board.prototype, 'add')!;
  let reads = 0;
  const count = (): void => void reads++;
  Object.defineProperty(Board.prototype, 'add', {
    ...own,
    value: function (this: Board, card: CardObj) {
      let zone = card.zone;
      Object.defineProperty(card, 'zone', { get: () => (count(), zone), set: (z: string) => void (zone = z), enumerable: true, configurable: true });
      own.value.call(this, card);
    },
  });
  try {
    run(count);
  } finally {
    Object.defineProperty(Board.prototype, 'add', own);
  }
  return reads;
}
