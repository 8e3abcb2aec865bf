// MTG regeneration (701.19): `regenerate X` gives a permanent a regeneration shield for the rest of the
// turn. The next time it would be destroyed this turn, by an effect (`destroy X`) or by the state-based
// actions for lethal or deathtouch damage (704.5g, 704.5h), it isn't: its damage is removed and it is
// tapped instead (an attacking or blocking creature is removed from combat, 506.4). A toughness of 0 or less puts
// it into the graveyard without destroying it (704.5f): no shield helps. The shields end with the turn.
import type { EventNode } from '../../parser/ast';
import { type CardObj, isCard } from '../../engine/board';
import type { Replay } from '../../engine/replay';
import type { RuleExplanation } from './explanations';
import { isPhasedOut, phasedOutSubject } from './phasing';
import { inZone } from '../../engine/words';
import { msg } from '../../message';
import { regeneratedInCombat } from './combat';

/** The rules of this module, explained (assembled into the game's rules in explanations.ts). */
export const EXPLAINED: Record<string, RuleExplanation> = {
  '701.19a': {
    title: 'Regenerate',
    text: 'A spell or ability that regenerates a permanent sets up a shield for the rest of the turn: the next time the permanent would be destroyed, it stays, its damage is removed and it is tapped (and it leaves combat).',
  },
  '614.8': { title: 'Regeneration replaces destruction', text: 'Regeneration is a replacement of a destruction event, though the card says no "instead"; it does nothing against being sacrificed, exiled or put into a graveyard for toughness 0 or less.' },
};

/** `regenerate X`: a regeneration shield on a permanent on the battlefield, until the turn ends (701.19a). */
export function regenerateEvent(replay: Replay, ev: Extract<EventNode, { kind: 'regenerate' }>): void {
  const x = replay.lookup(ev.subject);
  if (!x) return;
  if (!isCard(x) || x.zone !== 'battlefield') {
    replay.report('impossible-event', ev.range, isCard(x) ? msg`${x.id} is ${inZone(x.zone)}, and only a permanent on the battlefield can be regenerated. Remove the line.` : msg`${x.id} is a player, and only a permanent can be regenerated. Remove the line.`, { rules: ['701.19a'], subjects: [x.id] });
    return;
  }
  if (isPhasedOut(x) && phasedOutSubject(replay, x, ev, msg`regenerating it`)) return;
  if (x.regenShields === 0) replay.board.regenerating.push(x);
  x.regenShields++;
  if (replay.noting) replay.note(() => msg`${x.id} has a regeneration shield`);
}

/**
 * A regeneration shield replaces a destruction of `c` (701.19a, 614.8): one is used, the damage on `c`
 * is removed and `c` is tapped. True when one was there. The caller reports it.
 */
export function regenerates(replay: Replay, c: CardObj): boolean {
  if (c.regenShields === 0) return false;
  c.regenShields--;
  c.damage = 0;
  if (!c.exhausted) replay.board.turnSideways(c, true);
  // An attacking or blocking creature that regenerates is removed from combat (506.4).
  regeneratedInCombat(replay, c);
  replay.markDirty(c);
  if (replay.noting) replay.note(() => msg`${c.id} regenerates: its damage is removed and it is tapped`);
  return true;
}
