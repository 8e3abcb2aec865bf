// How many cards a run hands to the state-based actions: Replay.markDirty of a card not marked yet.
// The tests that hold a family linear count these, not time.
import type { CardObj } from '../../core/engine/board';
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
