// MTG phasing (702.26): phased-out permanents are treated as nonexistent (702.26b, 702.26e), attachments phase
// with their host (702.26g) and phase in unattached when it is gone (702.26i), with no attach triggers (702.26j).
import type { EventNode } from '../../parser/ast';
import { attachedNames, type CardObj, isCard } from '../../engine/board';
import type { Replay } from '../../engine/replay';
import type { RuleExplanation } from './explanations';
import { touch } from './legality';
import { msg, type Message } from '../../message';
import { MTG_STATUS, statusEvent } from '../../engine/status';
import { fire, ON_UNATTACHED } from '../../engine/triggers';

/** The rules of this module, explained (assembled into the game's rules in explanations.ts). */
export const EXPLAINED: Record<string, RuleExplanation> = {
  '702.26': { title: 'Phasing', text: 'Phased-out permanents are treated as though they do not exist; what is attached to them phases with them.' },
  '702.26b': { title: 'Phased out', text: "Apart from rules and effects that mention phased-out permanents, the game acts as if a phased-out permanent weren't there: it can't affect anything or be affected (so nothing can be attached to it, events don't change it and state-based actions skip it), and phasing out takes it out of combat." },
  '702.26e': { title: 'Effects skip phased-out permanents', text: 'A continuous effect from a resolving spell or ability that changes characteristics or control leaves out phased-out permanents, even ones it names, unless it names them as phased out.' },
  '702.26g': { title: 'Phasing out with the host', text: 'When a permanent phases out, everything attached to it phases out with it ("indirectly") and phases back in with it, still attached.' },
  '702.26h': { title: 'Phasing out both ways at once', text: 'A permanent that would phase out on its own and along with its host at the same moment (an effect phases out everything a player controls) phases out only along with its host, so it later phases in with it.' },
  '702.26i': { title: 'Phasing in alone', text: 'An attachment that phased out on its own phases back in attached to what it was attached to, provided that object has not changed zones since, or that player has not left the game. Otherwise it phases in unattached, and the state-based actions then apply to it.' },
  '702.26j': { title: 'Attach triggers ignore phasing', text: 'Phasing in or out never sets off a trigger about becoming attached or unattached, even when phasing leaves an attachment unattached (702.26i).' },
};

/**
 * 702.26b: a phased-out permanent (directly or with its host, 702.26g) is treated as though it
 * doesn't exist, so an event on it does nothing (702.26e: nor do effects that change its
 * characteristics or controller). Reports the event and returns true when that is the case.
 */
/** Is `card` a phased-out permanent (702.26b)? Tested before phasedOutSubject, whose sentence is made only then. */
export function isPhasedOut(card: CardObj): boolean {
  return card.zone === 'battlefield' && card.phasedOut !== 'no';
}

export function phasedOutSubject(replay: Replay, card: CardObj, ev: EventNode, what: Message | string, extra: string[] = []): boolean {
  if (card.zone !== 'battlefield' || card.phasedOut === 'no') return false;
  const host = card.phasedOut === 'indirect' ? replay.board.hostOf(card) : undefined;
  const how = host ? msg` with ${host.id}` : '';
  const todo = card.phasedOut === 'indirect' ? (host ? msg`It phases in only with ${host.id} (702.26g): write \`phase in ${phasedOutRoot(replay, card).id}\` first, or remove the line.` : msg`It phases in only with its host (702.26g): write \`phase in ${phasedOutRoot(replay, card).id}\` first, or remove the line.`) : msg`Write \`phase in ${card.id}\` first, or remove the line.`;
  replay.report('impossible-event', ev.range, msg`${card.id} is phased out${how}, and a phased-out permanent is treated as though it doesn't exist, so ${what} does nothing; the replay leaves ${card.id} as it is. ${todo}`, {
    rules: ['702.26b', ...extra, ...(card.phasedOut === 'indirect' ? ['702.26g'] : [])],
    subjects: [card.id],
  });
  return true;
}

/** The permanent that phased out directly, taking `card` with it (702.26g): up its chain of hosts, once round a cycle at most. */
function phasedOutRoot(replay: Replay, card: CardObj): CardObj {
  let c = card;
  const seen = new Set<CardObj>([card]);
  for (let h = replay.board.hostOf(c); c.phasedOut === 'indirect' && h && isCard(h) && !seen.has(h); h = replay.board.hostOf(c)) {
    seen.add(h);
    c = h;
  }
  return c;
}

export function phaseEvent(replay: Replay, ev: Extract<EventNode, { kind: 'phase' }>): void {
  const card = replay.card(ev.subject);
  if (!card) return;
  if (card.zone !== 'battlefield') {
    replay.report('impossible-event', ev.range, msg`${card.id} is not on the battlefield, so it can't phase ${ev.direction === "in" ? msg`in` : msg`out`}.`, { rules: ['702.26b'], subjects: [card.id] });
    return;
  }
  if (ev.direction === 'out') {
    if (card.phasedOut === 'indirect' && replay.phasedOutTogether(card)) {
      // Its host phased out in the same resolution, taking it along (Teferi's Protection: "all
      // permanents you control phase out"): it phases out only indirectly, and in with its host (702.26h).
      if (replay.noting) replay.note(() => msg`${card.id} phased out only with its host (702.26h)`);
      return;
    }
    if (card.phasedOut !== 'no') {
      replay.report('impossible-event', ev.range, msg`${card.id} is already phased out.`, { subjects: [card.id] });
      return;
    }
    card.phasedOut = 'direct';
    // The state-based actions that follow pass it by (702.26b): the deathtouch damage it was dealt counts no more (704.5h).
    card.deathtouchFrom = undefined;
    replay.phasedOut(card);
    // Treated as though it doesn't exist (702.26b): an Aura beside it may have asked for it (Daybreak Coronet).
    const host = replay.board.hostOf(card);
    if (host) {
      replay.board.siblingChanged(host);
      // Its host is no longer enchanted or equipped by it (702.26b), as if it had come off.
      replay.board.attachmentGone(host);
    }
    phaseBelow(replay, card, 'no', 'indirect');
    replay.board.abilitiesChanged(card);
    // A control effect that tracks it for as long as something holds ends (702.26f), and it leaves the combat it is in (506.4): looked at with the dirty cards.
    if (replay.board.watching || card.combat !== undefined) replay.markDirty(card);
    // An anthem's card stops counting (702.26b), and so does an Equipment or Aura for `equipped creatures get ...`: anthems.ts looks at the card and its host.
    if (replay.board.anthems !== undefined) {
      replay.markDirty(card);
      if (host && isCard(host)) replay.markDirty(host);
    }
    if (replay.noting) replay.note(() => (card.attachments.size ? msg`${card.id} phased out with ${attachedNames(card)}` : msg`${card.id} phased out`));
    return;
  }
  if (card.phasedOut !== 'direct') {
    replay.report('impossible-event', ev.range, card.phasedOut === 'indirect' ? msg`${card.id} phased out with its host and phases in only with it (702.26g). Write \`phase in ${phasedOutRoot(replay, card).id}\` instead.` : msg`${card.id} is not phased out. Remove the line.`, { rules: card.phasedOut === 'indirect' ? ['702.26g'] : [], subjects: [card.id] });
    return;
  }
  card.phasedOut = 'no';
  phaseBelow(replay, card, 'indirect', 'no');
  // What it grants its host, and what its attachments (phased in with it) grant it, count again (abilities.ts).
  replay.board.abilitiesChanged(card);
  // 702.26i: a directly phased-out attachment phases in attached to the object it was attached to if
  // that object is still in the same zone (the same object: a zone change makes a new one, 400.7; an
  // Animate Dead's card still in the graveyard is), or to the player still in the game; else unattached.
  const host = replay.board.hostOf(card);
  if (card.attachedTo && (!host || (isCard(host) && host.version !== (card.attachedTo as { version: number }).version) || (!isCard(host) && host.left))) {
    const was = card.attachedTo;
    replay.board.unlink(card);
    // Why it is unattached, for the state-based action that follows (704.5m for an Aura).
    card.phasedInFrom = { host: was.id, player: was.kind === 'player' };
    // No "becomes unattached" trigger (702.26j): said so to an `expect ... triggered`.
    if (host && card.triggers !== 0) fire(replay, card, ON_UNATTACHED, 'unattached', host, 'phasing');
    if (replay.noting) replay.note(() => msg`${card.id} phased in unattached (702.26i)`);
  } else if (replay.noting) replay.note(() => msg`${card.id} phased in`);
  touch(replay, card);
}

/**
 * What is attached beneath `card`, however deep, phases with it (702.26g): each one in state `from`
 * goes to `to`, and so do the ones beneath it. Phasing out, an attachment that phased out directly
 * earlier in the same resolution phases out only indirectly instead (702.26h). A loop over a list, not
 * recursion, so a deep chain of attachments can't overflow the stack.
 */
function phaseBelow(replay: Replay, card: CardObj, from: CardObj['phasedOut'], to: CardObj['phasedOut']): void {
  const todo = [card];
  while (todo.length > 0) {
    for (const id of todo.pop()!.attachments) {
      const a = replay.board.cards.get(id)!;
      // A cycle of attachments (each on the other) leads back to the card itself: it phases as it was told.
      if (a === card) continue;
      if (a.phasedOut === 'direct' && to === 'indirect' && replay.phasedOutTogether(a)) {
        a.phasedOut = 'indirect';
        if (replay.noting) replay.note(() => msg`${a.id} phased out only with its host (702.26h)`);
        continue; // What is beneath it phased out with it already.
      }
      if (a.phasedOut !== from) continue;
      a.phasedOut = to;
      if (to === 'indirect') replay.phasedOut(a);
      todo.push(a);
    }
  }
}

/** `tap X`, `untap X` (110.5): a phased-out permanent is treated as though it doesn't exist (702.26b), so nothing taps or untaps it. */
export function mtgStatusEvent(replay: Replay, ev: Extract<EventNode, { kind: 'status' }>): void {
  // Riftbound's Stunned and Empowered: MTG has neither status.
  if (ev.verb === 'stun' || ev.verb === 'empower' || ev.verb === 'disempower') {
    replay.report('impossible-event', ev.verbRange, msg`\`${ev.verb}\` is a Riftbound action; this scenario is \`game mtg\`, whose permanents are only tapped or untapped. Remove the line, or write the MTG event that was meant.`);
    return;
  }
  if (ev.verb === 'tap' || ev.verb === 'untap') {
    const c = replay.card(ev.subject);
    if (c && isPhasedOut(c) && phasedOutSubject(replay, c, ev, ev.verb === 'tap' ? msg`tapping it` : msg`untapping it`)) return;
  }
  statusEvent(replay, ev, MTG_STATUS);
}
