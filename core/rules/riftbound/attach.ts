// Riftbound Attach (434: cards on the board, 434.1.a-h, 434.2, the Top-Most card's location 434.4, 434.5) and
// attached cards and Top-Most cards (717-719: 718.5.c-f, 719, 719.3.a, 719.5), and the initial `attached to`.
import type { EventNode } from '../../parser/ast';
import type { Range } from '../../types';
import { type CardObj, effectiveMight, isCard } from '../../engine/board';
import { giveControl } from '../../engine/control';
import type { HostVerb, Replay } from '../../engine/replay';
import type { RuleExplanation } from '../mtg/explanations';
import { type Host, isGear, isUnit, onBoard, whereText } from './cards';
import { equipActivated } from './equip';
import { chooseAttachTargets } from './targeting';
import { notThisTurn } from './timing';
import { msg, relatedAt, type Message } from '../../message';
import { inZone } from '../../engine/words';
import { fire, fireGetsAttached, ON_ATTACHED, ON_UNATTACHED } from '../../engine/triggers';

/** The rules of this module, explained (assembled into the game's rules in explanations.ts). */
export const EXPLAINED: Record<string, RuleExplanation> = {
  '434': { title: 'Attach', text: 'Attaching links a card to a Top-Most card on the board so their effects combine.' },
  '434.1': { title: 'Attach: only cards on the board', text: 'Only cards on the board can be attached, and each attach involves exactly the attached card and its Top-Most card.' },
  '434.1.a': { title: 'Two cards per attach', text: 'Each attach involves exactly two different cards: the one being attached and its Top-Most card.' },
  '434.1.f': { title: 'Attach to a new card', text: 'Attaching a card to a different Top-Most card first detaches it from the one it is on.' },
  '434.1.g': { title: 'Attach to the same card', text: 'Attaching a card to the Top-Most card it is already on has no effect.' },
  '434.1.h': { title: 'Nothing additional happens', text: 'If an effect says to attach a card to the card it is already on, nothing additional happens.' },
  '434.2': { title: 'Attach is a limited action', text: 'Players attach cards only when an effect tells them to.' },
  '434.2.a': { title: 'Attach only when told', text: 'Players attach cards only when a game effect directs them to.' },
  '434.4': { title: 'Location follows the Top-Most card', text: "An attached card's location becomes that of its new Top-Most card." },
  '434.4.a': { title: 'Not a Move', text: 'That change of location is not a Move.' },
  '434.5': { title: 'No other status changes', text: 'Beyond what attaching itself does (434.1: the link, the inactive Rules Text, the Effect Text and Might Bonus that now apply, the new location), attaching changes no status: an exhausted gear stays exhausted.' },
  '718.5.c': { title: 'Attached cards move with their host', text: 'An attached card cannot be moved on its own, apart from its Top-Most card.' },
  '718.5.d': { title: 'One Top-Most card', text: 'A card can be attached to only one Top-Most card at a time.' },
  '718.5.e': { title: 'Separate controllers', text: 'An attached card and its Top-Most card may have different controllers.' },
  '718.5.f': { title: 'Control changes stay separate', text: 'A change of control of the attached card or of the Top-Most card does not change the other.' },
  '719': { title: 'Top-Most card', text: 'A Top-Most card is a card with one or more cards attached to it; the cards attached to it sit beneath it.' },
  '719.3': { title: 'One location', text: 'A Top-Most card and every card attached to it are always at the same location.' },
  '719.3.a': { title: 'Moving together', text: 'When a Top-Most card goes to another location on the board, the cards attached to it go along.' },
  '719.5': { title: 'Top-Most card leaves the board', text: 'When a Top-Most card leaves the board, every card attached to it detaches and stays at its last board location.' },
};

/** 434.1: both cards on the board, two different cards, a card (not a player) on top. */
export function attachProblem(att: CardObj, host: Host): { rules: string[]; why: Message } | undefined {
  if (!isCard(host)) return { rules: ['434.1'], why: msg`Riftbound attaches cards to cards, not to players` };
  if (!onBoard(att)) return { rules: ['434.1'], why: msg`${att.id} is not on the board (it is ${inZone(att.zone)})` };
  if (!onBoard(host)) return { rules: ['434.1'], why: msg`${host.id} is not on the board (it is ${inZone(host.zone)})` };
  if (att === host) return { rules: ['434.1.a'], why: msg`a card can't be attached to itself` };
  // A card that is itself attached can still be a Top-Most card (719): nothing in the rules forbids it.
  return undefined;
}

/**
 * Would attaching `att` to `host` close a loop (is `host` attached, however deep, under `att`)? The
 * rules never say; the two cards can't each lie beneath the other. Walks up from the host and down
 * from the attachment in turn and stops when either walk ends, so building a deep chain from either
 * end costs O(1) per attach.
 */
function wouldLoop(replay: Replay, att: CardObj, host: CardObj): boolean {
  const cards = replay.board.cards;
  let up: CardObj | undefined = host;
  const down: CardObj[] = [att];
  while (up && down.length > 0) {
    const h: CardObj['attachedTo'] = up.attachedTo;
    up = h && h.kind === 'card' ? cards.get(h.id) : undefined;
    if (up === att) return true;
    const d = down.pop()!;
    for (const id of d.attachments) {
      const c = cards.get(id)!;
      if (c === host) return true;
      down.push(c);
    }
  }
  return false;
}

/**
 * Puts `card` and everything attached under it at a location (434.4, 719.3: a Top-Most card and its
 * attached cards are always at the same location). They all share one location, so nothing is
 * visited when the card is already there.
 */
export function relocate(replay: Replay, card: CardObj, zone: string, place: string | undefined): void {
  if (card.zone === zone && card.place === place) return;
  // The next cleanup looks at it (location.ts, cleanupAfter); the cards attached under it are not recalled on their own.
  if (!card.attachedTo) replay.markDirty(card);
  const todo = [card];
  while (todo.length > 0) {
    const c = todo.pop()!;
    c.zone = zone;
    c.place = place;
    replay.board.arrivedAt(c);
    replay.board.mayBeUnit(c); // Quick-Draw's lists (Board.units): a card brought onto the board with what it is attached to
    for (const id of c.attachments) todo.push(replay.board.cards.get(id)!);
  }
}

function link(replay: Replay, att: CardObj, host: CardObj, at: Range): void {
  replay.board.link(att, host, at);
  relocate(replay, att, host.zone, host.place); // 434.4: takes the Top-Most card's location; not a Move.
  replay.board.stamp(att);
  // 718.3: its text is appended to the unit's now that it is at the unit's location.
  replay.board.abilitiesChanged(att);
  if (replay.noting) replay.note(() => att.mightBonus && host.might !== undefined ? msg`${att.id} → ${host.id} at ${whereText(host)} (Might ${effectiveMight(host)})` : msg`${att.id} → ${host.id} at ${whereText(host)}`);
}

/** An initial `attached to` in a card's declaration: both cards on the board (434.1), and no loop. */
export function initialAttach(replay: Replay, card: CardObj, host: Host, at: Range): boolean {
  const problem = attachProblem(card, host);
  if (problem) {
    replay.report('illegal-attachment', at, msg`${card.id} can't start attached to ${host.id}: ${problem.why}. It starts unattached. Remove \`attached to ${host.id}\`, or put both cards on the board.`, { rules: problem.rules, subjects: [card.id, host.id] });
    return false;
  }
  if (wouldLoop(replay, card, host as CardObj)) {
    replay.report('syntax-error', at, msg`${host.id} is declared attached beneath ${card.id}, so ${card.id} can't also start beneath ${host.id}: two cards can't each be under the other. Remove one of the two \`attached to\`; ${card.id} starts unattached.`, { subjects: [card.id, host.id] });
    return false;
  }
  // An attached card is where its Top-Most card is (719.3): a place declared for it that is another says two things.
  const declared = card.decl.props.find((p) => p.kind === 'zone');
  if (declared && isCard(host) && (card.zone !== host.zone || card.place !== host.place)) {
    replay.report('syntax-error', declared.range, msg`${card.id} is declared attached to ${host.id}, which is at ${whereText(host)}, so it is there too, not at ${whereText(card)}: a Top-Most card and the cards attached to it are at one location (719.3). Remove this place, or attach it to a card that is there.`, { rules: ['719.3'], subjects: [card.id, host.id] });
  }
  link(replay, card, host as CardObj, at);
  return true;
}

export function attachEvent(replay: Replay, ev: Extract<EventNode, { kind: 'attach' }>): void {
  if (ev.verb === 'fortify') {
    replay.report('impossible-event', ev.verbRange, msg`\`fortify\` is an MTG action; this scenario is \`game riftbound\`. Use \`equip\` or \`attach\`, or remove the line.`);
    return;
  }
  // Ward is MTG's (702.21a); a Riftbound target's cost is Deflect's (809.1.c).
  if (ev.payingWard) {
    replay.report('syntax-error', ev.payingWard, msg`\`paying ward\` is MTG's; this scenario is \`game riftbound\`, where what a chosen permanent adds to the cost is Deflect's. Write \`paying deflect\`, or remove it.`, { rules: ['809.1.c'] });
    return;
  }
  if (ev.targeting && ev.verb !== 'attach') {
    replay.report('syntax-error', ev.targeting.range, msg`Equip chooses its unit already (818.1.b.1): \`targeting\` is for an effect that attaches (\`attach X to U targeting\`). Write \`activate ${ev.subject.text} equip targeting ${ev.host.text}\` for the Equip ability, or remove \`targeting\`.`, { rules: ['818.1.b.1'] });
    return;
  }
  const att = replay.card(ev.subject);
  const host = replay.lookup(ev.host);
  const by = ev.by ? replay.player(ev.by) : undefined;
  if (!att || !host || (ev.by && !by)) return;
  if (ev.verb === 'equip' && !equipActivated(replay, ev, att, host, by)) return;
  // An effect that chooses both (434.3): legal choices and Deflect's cost first; then it attaches as any attach does.
  if (ev.targeting && !chooseAttachTargets(replay, ev, att, host, by?.id)) return;
  if (isCard(host) && att.attachedTo && att.attachedTo.id === host.id) {
    replay.report('redundant-attach', ev.range, msg`${att.id} is already attached to ${host.id}: attaching a card to its current Top-Most card has no effect, and nothing additional happens. Remove the line.`, {
      related: att.attachedAt ? [relatedAt(att.attachedAt, msg`${att.id} became attached here`)] : [],
      fixes: [replay.removalFix(ev, true)],
      subjects: [att.id, host.id],
    });
    if (replay.noting) replay.note(() => msg`no effect: already on ${host.id}`);
    return;
  }
  const problem = attachProblem(att, host);
  if (problem) {
    replay.report('illegal-attachment', ev.range, msg`${att.id} can't be attached to ${host.id}: ${problem.why}. Nothing happens.`, { rules: problem.rules, subjects: [att.id, host.id] });
    return;
  }
  attachToTopMost(replay, ev, att, host as CardObj);
}

/** The attach, once it is legal (434.1): no loop, then off its old Top-Most card (434.1.f) and onto the new one. */
export function attachToTopMost(replay: Replay, ev: EventNode, att: CardObj, host: CardObj): void {
  if (wouldLoop(replay, att, host)) {
    replay.report('impossible-event', ev.range, msg`${host.id} is attached beneath ${att.id}, so ${att.id} can't also go beneath ${host.id}: two cards can't each be under the other. Nothing happens; detach one of them first if an effect does.`, { subjects: [att.id, host.id] });
    return;
  }
  const old = att.attachedTo;
  if (old) replay.note(() => msg`${att.id} detached from ${old.id} (434.1.f)`);
  // Its attach and detach triggers work as it attaches and detaches, though its text is otherwise inactive (725.1, 725.2).
  if (att.triggers !== 0) {
    const from = old ? replay.board.hostOf(att) : undefined;
    if (from) fire(replay, att, ON_UNATTACHED, 'unattached', from);
    fire(replay, att, ON_ATTACHED, 'attached', host);
  }
  // The unit's own "when a gear attaches to me" (its text is active: it is the Top-Most card, 434.1).
  if (replay.board.triggersDeclared) fireGetsAttached(replay, host, att, false, isGear(att));
  link(replay, att, host, ev.range);
}

/** A change of control of one card, attached or Top-Most: the other keeps its controller. */
export function controlEvent(replay: Replay, ev: Extract<EventNode, { kind: 'control' }>): void {
  const card = replay.card(ev.subject);
  const p = replay.player(ev.player);
  if (!card || !p) return;
  // Riftbound's rules give control effects no `for as long as` duration (MTG's 611.2b).
  if (ev.duration && ev.duration.kind !== 'turn') {
    replay.report('syntax-error', ev.duration.range, msg`A control effect \`for as long as ...\` is MTG's; in Riftbound an effect lasts for good or \`this turn\`.`, { rules: [] });
    return;
  }
  if (notThisTurn(replay, ev.duration, `control ${card.id} ${p.id} this turn`)) return;
  // 718.5.e/f: the attached card and its Top-Most card keep their own controllers. One `this turn` expires in the Ending Phase (317.2.c): startTurn.
  giveControl(replay.board, card, p.id, ev.duration !== undefined);
  if (!card.attachedTo) replay.markDirty(card); // in a base other than its new controller's, the next cleanup recalls it (323.7)
  if (replay.noting) replay.note(() => (ev.duration ? msg`${card.id} controlled by ${p.id} this turn` : msg`${card.id} controlled by ${p.id}`));
}

/** Could `att` be attached to `host` by this kind of event (the hosts a completion offers)? Equip: a unit its controller controls (818.1.c.2). */
export function legalHost(replay: Replay, att: CardObj, host: Host, verb: HostVerb): boolean {
  return hostProblem(replay, att, host, verb) === undefined;
}

/** Why `host` is not a legal host for `att` by this kind of event (undefined when it is): legalHost's reasons, for completion. */
export function hostProblem(_replay: Replay, att: CardObj, host: Host, verb: HostVerb): { rules: string[]; why: Message } | undefined {
  if (verb === 'equip') {
    if (!att.hasEquip) return { rules: ['818.1'], why: msg`${att.id} has no Equip ability` };
    if (!isCard(host) || !isUnit(host)) return { rules: ['818.1.c.2'], why: msg`Equip attaches to a unit, and ${host.id} is not one` };
    if (host.controller !== att.controller) return { rules: ['818.1.c.2'], why: msg`Equip attaches to a unit its controller controls, and ${host.id} is controlled by ${host.controller ?? msg`nobody`}` };
  } else if (verb !== 'attach' && verb !== 'enter') return { rules: ['434.1'], why: msg`only attach and Equip attach cards in Riftbound` };
  return attachProblem(att, host);
}
