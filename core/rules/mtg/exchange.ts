// MTG exchanges, all or nothing (701.12a): exchange of control of two permanents (701.12b) and aura swap (702.65),
// which exchanges an Aura on the battlefield with an Aura card in hand (701.12d, 701.12e).
import type { EventNode } from '../../parser/ast';
import { asNewObject, type CardObj } from '../../engine/board';
import { giveControl } from '../../engine/control';
import type { Replay } from '../../engine/replay';
import type { RuleExplanation } from './explanations';
import { describe, isAura } from './characteristics';
import { attachProblemOn, touchControlled } from './legality';
import { isPhasedOut, phasedOutSubject } from './phasing';
import { moveTo } from './zones';
import { doAttach } from './attach';
import { msg, type Message } from '../../message';
import { inZone } from '../../engine/words';

/** The rules of this module, explained (assembled into the game's rules in explanations.ts). */
export const EXPLAINED: Record<string, RuleExplanation> = {
  '701.12': { title: 'Exchange', text: 'The keyword action for swapping things between players or objects: control, life totals, cards between zones, numbers, text boxes.' },
  '701.12a': { title: 'All or nothing', text: 'An exchange that a resolving spell or ability calls for happens whole or not at all: when some part of it is impossible, none of it is done.' },
  '701.12b': { title: 'Exchanging control', text: 'Two permanents with different controllers trade controllers at one moment, each player getting the one the other had. When one player controls both, nothing changes.' },
  '701.12d': { title: 'Exchanging cards between zones', text: 'Cards can be traded between two zones (say, a hand and the battlefield) only when a single player owns every card involved; one of the zones may be empty.' },
  '701.12e': { title: 'Exchanging an attached card', text: 'When a card attached to something is traded for a card in another zone, the outgoing card is no longer attached to it, and the incoming card is attached to that same object instead.' },
  '702.65a': { title: 'Aura swap', text: 'An activated ability found on some Aura cards: pay its cost, and you may trade that Aura on the battlefield for an Aura card from your own hand.' },
  '702.65b': { title: 'Aura swap that cannot finish', text: 'If either direction of the trade is impossible (the card from hand could not enchant what the Aura is on, or the Aura could not go to your hand), the ability does nothing at all.' },
  '702.65': { title: 'Aura swap', text: "Aura swap is an activated ability of some Aura cards that trades the Aura on the battlefield for an Aura card in its controller's hand (702.65a); when either half of the trade can't happen, nothing happens (702.65b)." },
};

/** `aura swap` on the card's declaration (printed; no effect grants or removes it yet). */
function hasAuraSwap(card: CardObj): boolean {
  return card.decl.props.some((p) => p.kind === 'flag' && p.flag === 'aura-swap');
}

/** `exchange control of X and Y` (701.12a, 701.12b): both or neither. */
export function exchangeEvent(replay: Replay, ev: Extract<EventNode, { kind: 'exchange' }>): void {
  const a = replay.card(ev.subject);
  const b = replay.card(ev.other);
  if (!a || !b) return;
  if (a === b) {
    replay.report('impossible-event', ev.range, msg`An exchange of control needs two permanents, and both names are ${a.id}. Nothing happens. Name the two permanents whose controllers trade, or remove the line.`, { rules: ['701.12b'], subjects: [a.id] });
    return;
  }
  for (const c of [a, b]) {
    if (c.zone !== 'battlefield') {
      const other = c === a ? b : a;
      replay.report('impossible-event', ev.range, msg`${c.id} is ${c.zone === 'outside' ? msg`out of the game` : inZone(c.zone)}, not a permanent on the battlefield, so its control can't be exchanged; an exchange happens whole or not at all, so ${other.id} keeps its controller too. Remove the line, or exchange two permanents.`, { rules: ['701.12a', '701.12b'], subjects: [c.id, other.id] });
      return;
    }
  }
  for (const c of [a, b]) {
    if (isPhasedOut(c) && phasedOutSubject(replay, c, ev, `exchanging its control (and, since an exchange is all or nothing, the whole exchange)`, ['702.26e', '701.12a'])) return;
  }
  if (a.controller === b.controller) {
    replay.report('impossible-event', ev.range, msg`${a.id} and ${b.id} are both controlled by ${a.controller}, and exchanging control of two permanents with the same controller does nothing. Remove the line, or exchange with a permanent another player controls.`, { rules: ['701.12b'], subjects: [a.id, b.id] });
    return;
  }
  // One control-changing effect for each (701.12b, 613.1b).
  const ca = a.controller!;
  const cb = b.controller!;
  giveControl(replay.board, a, cb);
  giveControl(replay.board, b, ca);
  if (replay.noting) replay.note(() => msg`${a.id} controlled by ${a.controller}, ${b.id} by ${b.controller}`);
  touchControlled(replay, a);
  touchControlled(replay, b);
}

/**
 * `swap X with Y`: X's aura swap ability resolves (702.65a). X goes to its owner's hand and Y enters
 * attached to what X enchanted (701.12e); if either half can't happen, nothing does (702.65b).
 */
export function swapEvent(replay: Replay, ev: Extract<EventNode, { kind: 'swap' }>): void {
  const x = replay.card(ev.subject);
  const y = replay.card(ev.other);
  if (!x || !y) return;
  if (x === y) {
    replay.report('impossible-event', ev.range, msg`\`swap\` names ${x.id} twice, and aura swap trades an Aura on the battlefield with another Aura card in its controller's hand, so nothing happens. Name the Aura card in the hand as the second card, or remove the line.`, { rules: ['702.65a'], subjects: [x.id] });
    return;
  }
  if (isPhasedOut(x) && phasedOutSubject(replay, x, ev, msg`its aura swap ability`, ['702.65a'])) return;
  const fail = (why: Message, rules: string[], todo: Message) => {
    replay.report('impossible-event', ev.range, msg`${why}, so the aura swap has no effect: ${x.id} stays ${x.zone === 'battlefield' ? msg`where it is` : inZone(x.zone)} and ${y.id} stays ${y.zone === 'outside' ? msg`in no zone` : inZone(y.zone)}. ${todo}`, { rules: ['702.65b', ...rules], subjects: [x.id, y.id] });
    if (replay.noting) replay.note(() => msg`no effect`);
  };
  if (x.zone !== 'battlefield' || !isAura(x) || !hasAuraSwap(x)) {
    const what = x.zone !== 'battlefield' ? msg`${x.id} is ${inZone(x.zone)}, and aura swap is an ability of an Aura on the battlefield` : !isAura(x) ? msg`${x.id} is not an Aura (it is ${describe(x)})` : msg`${x.id} has no aura swap ability`;
    fail(what, ['702.65a'], msg`Swap an Aura on the battlefield that has aura swap (declare it with \`aura swap\`), or remove the line.`);
    return;
  }
  const you = x.controller;
  if (y.zone !== 'hand' || y.owner !== you) {
    fail(y.zone !== 'hand' ? msg`${y.id} is ${y.zone === 'outside' ? msg`out of the game` : inZone(y.zone)}, and aura swap trades with an Aura card in the hand of ${you}, who controls ${x.id}` : msg`${y.id} is in ${y.owner}'s hand, and aura swap trades only with an Aura card in the hand of ${you}, who controls ${x.id}`, ['702.65a'], msg`Name an Aura card in ${you}'s hand, or remove the line.`);
    return;
  }
  if (!isAura(y)) {
    fail(msg`${y.id} is not an Aura card (it is ${describe(y)})`, ['702.65a'], msg`Name an Aura card in ${you}'s hand, or remove the line.`);
    return;
  }
  if (x.owner !== you) {
    fail(msg`${you} controls ${x.id} but ${x.owner} owns it; it could only go to its owner's hand, and cards are exchanged between zones only when one player owns them all`, ['701.12d'], msg`Remove the line: only an Aura ${you} owns can be swapped into ${you}'s hand.`);
    return;
  }
  const host = replay.board.hostOf(x);
  // Y is judged as the permanent it would become, a new object (400.7): effects on the card in the hand don't follow it.
  const problem = host ? asNewObject(y, () => attachProblemOn(replay.board, y, host)) : { rules: ['701.12e'], why: msg`${x.id} is attached to nothing for ${y.id} to take over` };
  if (!host || problem) {
    fail(host ? msg`${y.id} would become attached to what ${x.id} enchants, ${host.id}, and it can't: ${problem!.why}` : msg`${y.id} would become attached to what ${x.id} enchants, nothing, and it can't: ${problem!.why}`, ['701.12e', ...problem!.rules], host ? msg`Swap for an Aura card that can enchant ${host.id}, or remove the line.` : msg`Swap for an Aura card that can enchant it, or remove the line.`);
    return;
  }
  // The exchange: X leaves (its own becoming unattached is part of the event), Y enters under the
  // same player's control attached to X's host (701.12e; not a choice under 303.4f).
  moveTo(replay, x, 'hand', ev);
  moveTo(replay, y, 'battlefield', ev);
  replay.board.setController(y, you);
  y.enteredUnder = you;
  doAttach(replay, y, host, ev.range);
}

