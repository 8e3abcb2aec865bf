// Riftbound Detach (435): only when an effect says so (435.2.a), nothing for an unattached card (435.1.a); the card
// stays at the Top-Most card's location (435.4, 435.4.b), gear left at a battlefield is recalled at cleanup (435.4.a).
import type { EventNode } from '../../parser/ast';
import type { CardObj } from '../../engine/board';
import type { Replay } from '../../engine/replay';
import type { RuleExplanation } from '../mtg/explanations';
import { whereText } from './cards';
import { msg, titledFix } from '../../message';
import { fire, ON_UNATTACHED } from '../../engine/triggers';

/** The rules of this module, explained (assembled into the game's rules in explanations.ts). */
export const EXPLAINED: Record<string, RuleExplanation> = {
  '435': { title: 'Detach', text: 'Detaching breaks the link between an attached card and its Top-Most card.' },
  '435.1.a': { title: 'Detach an unattached card', text: 'Detaching a card that is not attached does nothing.' },
  '435.2.a': { title: 'Detach only when told', text: 'Players detach cards only when a game effect directs them to; nobody detaches a card at will.' },
  '435.4': { title: 'Detached cards stay put', text: "A detached card stays at the Top-Most card's location." },
  '435.4.a': { title: 'Detached gear at a battlefield', text: 'Gear detached at a battlefield is recalled during the next cleanup.' },
  '435.4.b': { title: 'Last board location', text: "If the Top-Most card left the board, the detached card stays at the Top-Most card's last board location." },
};

/** Detach (435): the card stays where it is; gear left at a battlefield is recalled at the next cleanup. */
export function detach(replay: Replay, att: CardObj): void {
  // 435.4.a: gear left at a battlefield is recalled by the next cleanup, which looks at it (location.ts, cleanupAfter).
  const host = replay.board.unlink(att);
  if (att.zone === 'battlefield') (replay.board.detachedAt ??= new Set()).add(att.id);
  // Its detach trigger works as it detaches (725.2).
  if (host && att.triggers !== 0) fire(replay, att, ON_UNATTACHED, 'unattached', host);
  replay.markDirty(att);
  if (replay.noting) replay.note(() => msg`${att.id} detached, stays at ${whereText(att)}`);
}

export function detachEvent(replay: Replay, ev: Extract<EventNode, { kind: 'unattach' }>): void {
  const att = replay.card(ev.subject);
  const named = ev.host ? replay.lookup(ev.host) : undefined;
  if (!att || (ev.host && !named)) return;
  const host = replay.board.hostOf(att);
  if (!host || (named && named !== host)) {
    replay.report('ineffective-unattach', ev.range, host ? msg`${att.id} is attached to ${host.id}, not ${named!.id}, so this does nothing. Detach it from ${host.id}, or remove the line.` : msg`${att.id} is not attached, and detaching an unattached card does nothing. Remove the line.`, {
      fixes: host ? [titledFix(msg`Detach it from ${host.id}`, false, [{ range: ev.host!.range, newText: host.id }])] : [replay.removalFix(ev, false)],
      subjects: [att.id],
    });
    return;
  }
  detach(replay, att);
}
