// MTG zone changes: a new object (400.7, 400.7f), entering the battlefield without being cast (303.4f-i, 301.5e),
// moves between zones (a graveyard a replacement turns into exile, 614.1a), and a player leaving the game
// (800.4a; what becomes of the effects until their next turn, 800.4m, is the turn's: engine/turn.ts), which
// ends the game once one player is left in it (104.2a, 104.1; 800.4: only a multiplayer game goes on).
import { enteredWith, enterStatusOk, MTG_STATUS } from '../../engine/status';
import { type EventNode, makesToken, type Property, type TriggerEffect } from '../../parser/ast';
import { asNewObject, type CardObj, CEASED, declaredWith, type HostRef, isCard, MERGED, noItems, type PlayerObj, resetCharacteristics, type StackEntry } from '../../engine/board';
import { abilitiesLeaveWith, afterTheGame as endedGame, playerLeaves, winner } from '../../engine/leave';
import { endControlOf, underOf } from '../../engine/control';
import { destructionReplaced, umbraArmorApplies } from './destruction';
import type { Replay } from '../../engine/replay';
import type { RuleExplanation } from './explanations';
import { type Host, inEffect, isAura, isCreature, isEquipment, isFortification, MTG_ZONES, readingSiblings } from './characteristics';
import { attachProblemOn, hostCandidates, ignoringGrantsOf, retargetFixes, touch } from './legality';
import { isPhasedOut, phasedOutSubject } from './phasing';
import { entered as enteredMaybeTapped } from './entersTapped';
import { doAttach, entryChoiceMissing, entryChoiceReadable } from './attach';
import { MTG_COLORS } from '../../parser/keywords';
import { enteredTransformed, enterTransformed, frontFaceUp } from './transform';
import { unmerged } from './mutate';
import { enterAsCopy } from './copies';
import { copyEnds, enteredAsCopy, faceUpAsItLeaves } from '../../engine/copiable';
import { msg, titledFix, type Message } from '../../message';
import { abilityWord, inZone, zoneWord } from '../../engine/words';
import { abilitiesOf, hasAbility } from '../../engine/abilities';
import { fire, fireEnters, fireLookedBack, hadAttachment, ON_ENCHANTED_DIES, ON_EQUIPPED_DIES, ON_TO_GRAVEYARD, ON_UNATTACHED, OTHER_DIES, seeDeath, stopOf, watcherNow, type Death } from '../../engine/triggers';
import { clearMarks } from '../../engine/counters';
import { removeFromCombat } from '../../engine/combat';

/** The rules of this module, explained (assembled into the game's rules in explanations.ts). */
export const EXPLAINED: Record<string, RuleExplanation> = {
  '701.8a': { title: 'Destroy', text: 'Destroying takes a permanent off the battlefield and puts it into its owner\'s graveyard. Only a permanent can be destroyed: a card in any other zone is not affected by a destroy effect.' },
  '701.21a': { title: 'Sacrifice', text: 'Sacrificing is its controller putting a permanent from the battlefield straight into its owner\'s graveyard. It is not destruction, so regeneration and indestructible don\'t stop it; and no one can sacrifice a card that is not a permanent, or a permanent someone else controls.' },
  '800.4d': { title: "A gone player's triggers", text: 'A triggered ability that a player who has left the game would control is never put on the stack: it does nothing.' },
  '301.5e': { title: 'Equipment entering attached illegally', text: "If an effect tries to put an Equipment that is not also an Aura onto the battlefield attached to something it can't equip, or to something undefined, the Equipment enters unattached (a token is created unattached). An Equipment that is also an Aura follows the Aura rule instead (303.4i)." },
  '303.4f': { title: 'Aura entering without being cast', text: "An Aura can come onto the battlefield without resolving as an Aura spell. If the effect doing that doesn't name what it will enchant, the player who will control the Aura picks, as it comes in, an object or player its enchant ability and any other effects allow. Nothing is targeted." },
  '303.4g': { title: 'No legal host', text: "If an Aura would enter the battlefield and nothing exists that it could legally enchant, it doesn't enter: it stays in the zone it was in, except that an Aura on the stack goes to its owner's graveyard instead. An Aura token in that case is never created." },
  '303.4h': { title: 'Non-attachment entering attached', text: 'A permanent that is not an Aura, Equipment or Fortification that an effect tries to put onto the battlefield attached to something enters unattached.' },
  '303.4i': { title: 'Aura entering attached illegally', text: "If an effect would put an Aura onto the battlefield on something it can't legally enchant, or on something undefined, the Aura doesn't enter: it stays where it was, unless it was on the stack, in which case it goes to its owner's graveyard. An Aura token in that case is not created." },
  '400.7': { title: 'A new object', text: 'As a rule, an object that changes zones becomes a new object that has no memory of, and no link to, the old one: what was attached to it stays behind, and spells and abilities that targeted it lose track of it. The subrules of 400.7 list the exceptions.' },
  '400.7f': { title: 'Auras that went with their host', text: "An exception to 400.7: a trigger on an enchanted permanent leaving the battlefield can still see its Auras in the graveyard, if they went there with it or right after it as a state-based action." },
  '611.2c': { title: 'Who a resolved effect affects', text: "An effect from a resolved spell or ability that changes characteristics or control affects the objects it affected as it began, and no others: a card that changes zones becomes a new object, which the effect doesn't follow." },
  '111.7': { title: 'Tokens exist only on the battlefield', text: 'A token in any zone but the battlefield stops existing; this is a state-based action, so a token that dies is put into the graveyard (and its leaving triggers abilities) before it is gone.' },
  '111.8': { title: "A token can't come back", text: 'Once a token has left the battlefield, it can move to no other zone and never returns to the battlefield: an event that would move it leaves it where it is, and it is gone at the next check of state-based actions.' },
  '110.2': { title: 'Who controls a permanent', text: 'Unless an effect changes it, a permanent is controlled by the player it entered the battlefield under. An effect that puts a card onto the battlefield puts it under the control of the player it instructs, unless it names someone else. Every permanent has a controller.' },
  '108.4a': { title: 'No controller off the battlefield and the stack', text: "A card that is neither a permanent nor a spell has no controller, only its owner, who stands in whenever something asks for that card's controller." },
  '800.4k': { title: 'No turn for a player who left', text: 'Once a player is out of the game, the turns that would have been theirs are skipped: none of them begins.' },
  '800.4b': { title: 'Nothing goes to a player who left', text: 'Once a player is out of the game, nothing more goes to them: an object that would come under their control stays with its controller, a token meant for them is never made, and a card that would enter the battlefield or the stack on their side stays where it was.' },
  '104.1': { title: 'The end of a game', text: 'The game is over the moment someone wins, the game is drawn or it starts over: nothing happens in it after that.' },
  '104.2a': { title: 'The last one in wins', text: 'Once every opponent of a player has gone from the game (conceded, lost or left some other way), that player wins at once, whatever effect says they could not. In a game of two, the other player leaving is enough.' },
  '800.4': { title: 'Multiplayer games go on', text: 'A game that began with three or more players keeps going when someone leaves, for as long as two or more of them are still in it; a game of two ends as one of them leaves (104.2a).' },
  '800.4a': { title: 'A player leaves the game', text: 'When a player leaves, everything they own leaves too, control effects that gave them anything end, and whatever they still control is exiled.' },
  '614.1a': { title: 'Instead: a replacement effect', text: 'An effect that says "instead" replaces an event with another before it happens: a card that would be put into a graveyard is exiled instead (a disturbed Aura, Rest in Peace), and the first event never happens.' },
  '800.4m': { title: 'Until the next turn of a player who left', text: 'An effect that lasts until the next turn of a player who has left the game (or until some point in that turn) neither ends as they leave nor lasts for ever: it ends when that turn would have begun, had they stayed, in the turn order.' },
};

export function enterEvent(replay: Replay, ev: Extract<EventNode, { kind: 'enter' }>): void {
  const card = replay.card(ev.subject);
  // A host that has ceased to exist (a token that left the battlefield, 111.7) is an undefined object:
  // the card still enters, or stays where it is, as if its host were illegal (301.5e, 303.4i).
  const host = ev.host ? replay.lookupOrGone(ev.host) : undefined;
  if (!card || (ev.host && !host)) return;
  if (ev.zone && ev.zone.zone !== 'battlefield') {
    replay.report('syntax-error', ev.zone.range, msg`\`enter\` puts a card onto the battlefield; use \`move X to ZONE\` for other zones.`);
    return;
  }
  if (card.zone === 'battlefield') {
    replay.report('impossible-event', ev.range, msg`${card.id} is already on the battlefield, so it can't enter it. Remove the line, or move it to another zone first.`, { subjects: [card.id] });
    return;
  }
  if (card.zone === 'outside') {
    replay.report('impossible-event', ev.range, msg`${card.id} has left the game with its owner, and nothing brings it back. Remove the line.`, { rules: ['800.4a'], subjects: [card.id] });
    return;
  }
  const under = enteringUnder(replay, ev, 'battlefield');
  if (under === false) return;
  if (tokenStays(replay, card, ev)) return;
  if (ev.status && !enterStatusOk(replay, ev.status, MTG_STATUS)) return;
  // `choosing C` (614.12): the color a card like Benevolent Blessing chooses as it enters; without it, it doesn't enter.
  if (ev.color ? !entryChoiceReadable(replay, card, ev.color) : entryChoiceMissing(replay, ev, card)) return;
  // `enter X as a copy of Y` (707.5): Y's copiable values as it enters; `enter X transformed` (712.14a): its
  // back face up. Each is undone if it doesn't enter.
  if (ev.original ? !enterAsCopy(replay, ev, card) : ev.transformed !== undefined && !enterTransformed(replay, ev, card)) return;
  enterBattlefield(replay, card, host, ev, under);
  if (ev.original) enteredAsCopy(replay.board, card, card.zone === 'battlefield');
  else if (ev.transformed) enteredTransformed(replay, card);
  // `enter X tapped` (110.5b: untapped unless an effect says otherwise).
  if (ev.status && card.zone === 'battlefield') enteredWith(replay, card, ev.status, MTG_STATUS);
}

/**
 * `under P` of `enter X ... under P` or `move X to battlefield under P`: the player under whose
 * control the permanent enters (110.2), who chooses an entering Aura's object and is its "you"
 * (303.4f). Undefined when the line names none; false when the event can't happen (an unknown
 * name, reported by the lookup; a player who left the game). Written with a move to another zone,
 * it is reported and the move goes on: a card there has no controller (108.4a).
 */
function enteringUnder(replay: Replay, ev: Extract<EventNode, { kind: 'enter' | 'move' }>, zone: string): string | undefined | false {
  if (!ev.player) return undefined;
  const p = replay.player(ev.player);
  if (!p) return false;
  if (zone !== 'battlefield') {
    const there = zone === 'stack' ? msg`onto the stack, where a spell's controller is the player who casts it (\`cast X by P\`)` : msg`${inZone(zone)}, where a card has no controller, only its owner`;
    replay.report('syntax-error', ev.player.range, msg`\`under ${p.id}\` says who controls a permanent as it enters the battlefield, and this line puts ${ev.subject.text} ${there}. Remove \`under ${p.id}\`.`, { rules: zone === 'stack' ? ['110.2', '601.2a'] : ['110.2', '108.4a'], subjects: [p.id] });
    return undefined;
  }
  if (p.left) {
    replay.report('impossible-event', ev.range, msg`${p.id} has left the game, and nothing is put onto the battlefield under the control of a player who has left: the card stays where it is. Remove the line, or name a player still in the game.`, { rules: ['800.4b'], subjects: [p.id] });
    return false;
  }
  return p.id;
}

/**
 * 111.8: a token that has left the battlefield (earlier in this resolution: it ceases to exist at the
 * next check of state-based actions, 704.5d) can't move to another zone or come back; it stays where
 * it is. Reported when an event would move it.
 */
function tokenStays(replay: Replay, card: CardObj, ev: EventNode): boolean {
  if (card.ceases === undefined) return false;
  const copy = card.ceases === '704.5e';
  replay.report('impossible-event', ev.range, copy
    ? msg`${card.id} is a copy of a spell that left the stack earlier in this resolution: it is ${inZone(card.zone)} until the state-based actions, which end it, and can't move from there. It stays where it is; remove the line.`
    : msg`${card.id} is a token that left the battlefield earlier in this resolution: it can't move to another zone or come back onto the battlefield, so it stays ${inZone(card.zone)}, and it ceases to exist at the next check of state-based actions. Remove the line.`, { rules: copy ? ['704.5e'] : ['111.8', '704.5d'], subjects: [card.id] });
  if (replay.noting) replay.note(() => msg`no effect: ${card.id} stays where it is`);
  return true;
}

/**
 * An Aura entering the battlefield without being cast, the effect not saying what it enchants
 * (303.4f): the player under whose control it enters chooses a legal object or player as it
 * enters. With exactly one, the choice is forced and the replay makes it; with several, the
 * scenario must say which (the replay can't choose, so it leaves the Aura in its zone); with none,
 * 303.4g. The candidates are every player and card, as this place always looked at them; it stops
 * once it knows there are more than the fixes offer.
 */
function auraEntersUnnamed(replay: Replay, card: CardObj, ev: EventNode, legal: (h: Host) => boolean): void {
  const found: Host[] = [];
  for (const h of hostCandidates(replay)) {
    if (!legal(h)) continue;
    found.push(h);
    if (found.length > 5) break;
  }
  const chooser = card.controller ?? card.owner ?? msg`its controller`;
  const from = card.zone === 'outside' ? msg`outside the game` : inZone(card.zone);
  if (found.length === 0) {
    replay.report('illegal-attachment', ev.range, msg`${card.id} is an Aura entering the battlefield, and there is no object or player it could legally enchant, so it doesn't enter: ${card.zone === 'stack' ? msg`from the stack it goes to its owner's graveyard` : card.token ? msg`a token, it isn't created` : msg`it stays ${from}`}. Remove the line, or give it a legal host first.`, { rules: ['303.4g'], subjects: [card.id] });
    if (card.zone === 'stack') moveTo(replay, card, 'graveyard', ev);
    return;
  }
  const name = (h: Host, safe: boolean) => enterAttachedFix(card, ev, h, safe);
  if (found.length === 1) {
    const host = found[0];
    replay.report('forced-aura-host', ev.range, msg`${card.id} is an Aura entering the battlefield without being cast, and the effect doesn't say what it enchants: ${host.id} is the only object or player it could legally enchant, so ${chooser}, under whose control it enters, must choose ${host.id}, and the replay attaches it there. Name it in the scenario: add \`attached to ${host.id}\`.`, {
      rules: ['303.4f'],
      fixes: [name(host, true)],
      subjects: [card.id, host.id],
    });
    moveTo(replay, card, 'battlefield', ev);
    doAttach(replay, card, host, ev.range);
    return;
  }
  const shown = found.slice(0, 5).map((h) => h.id);
  const list = found.length > 5 ? msg`${shown.join(', ')} and more` : msg`${shown.slice(0, -1).join(', ')} or ${shown[shown.length - 1]}`;
  replay.report('unnamed-aura-host', ev.range, msg`${card.id} is an Aura entering the battlefield without being cast, and the effect doesn't say what it enchants: ${chooser}, under whose control it enters, chooses one of ${list} as it enters. The scenario doesn't say which, so the replay can't follow it and leaves ${card.id} where it was (${from}). Name the choice: add \`attached to\` and the chosen host.`, {
    rules: ['303.4f'],
    fixes: found.slice(0, 5).map((h) => name(h, false)),
    subjects: [card.id],
  });
}

/**
 * The fix that names an entering Aura's host: `enter X attached to H`. A `move X to battlefield` line
 * is rewritten whole (its range ends before its comment); one that goes on over more lines changes
 * only its verb and its `to battlefield`, so what follows (`under P`, a comment) stays. When those
 * words are not on one line, the whole statement is rewritten, which could drop a comment in it: then
 * the fix is not safe.
 */
function enterAttachedFix(card: CardObj, ev: EventNode, host: Host, safe: boolean) {
  const title = msg`Enter attached to ${host.id}`;
  if (ev.kind === 'enter') return titledFix(title, safe, [{ range: { start: ev.range.end, end: ev.range.end }, newText: ` attached to ${host.id}` }]);
  const oneLine = ev.range.start.line === ev.range.end.line;
  if (!oneLine && ev.kind === 'move' && ev.verbRange.start.line === ev.zone.range.end.line) {
    return titledFix(title, safe, [
      { range: ev.verbRange, newText: 'enter' },
      { range: { start: ev.subject.range.end, end: ev.zone.range.end }, newText: ` attached to ${host.id}` },
    ]);
  }
  const under = ev.kind === 'move' && ev.player ? ` under ${ev.player.text}` : '';
  return titledFix(title, safe && oneLine, [{ range: ev.range, newText: `enter ${card.id} attached to ${host.id}${under}` }]);
}

/** Where a retarget fix of an entering card writes its host (made only for a finding: most cards enter without one). */
function hostRangeOf(ev: EventNode) {
  return ev.kind === 'enter' && ev.host ? ev.host.range : ev.range;
}

/**
 * A card put onto the battlefield without being cast (303.4f-i, 301.5e). What may be attached is judged
 * from the permanent it becomes, a new object (400.7): effects on the card where it was (an ability it
 * lost or gained in the graveyard) don't go with it (611.2c). A spell resolving is another matter (608.3).
 */
function enterBattlefield(replay: Replay, card: CardObj, host: Host | undefined, ev: EventNode, under?: string): void {
  // Under another player's control, it is judged as theirs as it enters ("you control", 303.4f); if it
  // doesn't enter, it has its owner again (108.4a).
  const before = card.controller;
  if (under !== undefined) replay.board.setController(card, under);
  if (card.zone !== 'stack' && card.modified) asNewObject(card, () => enterAsItIs(replay, card, host, ev, true));
  else enterAsItIs(replay, card, host, ev, false);
  if (card.zone !== 'battlefield') card.controller = before;
}

/** `renewed`: the card is judged as the new object, without the effects on it where it is. */
function enterAsItIs(replay: Replay, card: CardObj, host: Host | undefined, ev: EventNode, renewed: boolean): void {
  // An Aura that enters in the same resolution is not there yet as this one's object is chosen (303.4f; Daybreak Coronet).
  // Nor do the grants of the cards entering with it apply yet (a Sword's protection on the host): only in a group.
  if (replay.grouped) ignoringGrantsOf(replay.board, (id) => replay.enteredTogether(replay.board.cards.get(id)!), () => entersNow(replay, card, host, ev, renewed));
  else entersNow(replay, card, host, ev, renewed);
}

/** enterAsItIs's entering, the Aura's object chosen with the Auras entering with it not there yet. */
function entersNow(replay: Replay, card: CardObj, host: Host | undefined, ev: EventNode, renewed: boolean): void {
  if (isAura(card)) readingSiblings((a) => replay.enteredTogether(a), () => auraEnters(replay, card, host, ev, renewed));
  else permanentEnters(replay, card, host, ev);
}

/** An Aura enters attached to its object, or not at all (303.4f-i). */
function auraEnters(replay: Replay, card: CardObj, host: Host | undefined, ev: EventNode, renewed: boolean): void {
  // Judge the host against the card as it will be on the battlefield.
  // In one resolution with several parts, a card entering the battlefield in it enters at the
  // same time as this Aura: it is not yet a permanent on the battlefield as the Aura's host is
  // chosen (303.4f, 109.2), so it can't be the host.
  const legalHosts = (h: Host) => !attachProblemOn(replay.board, card, h) && h !== card && !(isCard(h) && replay.enteredTogether(h));
  if (!host) return auraEntersUnnamed(replay, card, ev, legalHosts);
  if (isCard(host) && replay.enteredTogether(host)) {
    replay.report('illegal-attachment', ev.range, msg`${card.id} can't enter attached to ${host.id}: ${host.id} enters the battlefield at the same time, in this resolution, so it is not yet a permanent on the battlefield when ${card.id}'s host is chosen as ${card.id} enters. ${card.zone !== 'stack' && card.token ? msg`The Aura token isn't created` : msg`The Aura stays in its zone (${card.zone})`}. Name a host that was already on the battlefield, or leave out \`attached to\` if the effect lets its controller choose; if the effect puts ${host.id} onto the battlefield first and this Aura after it (Tawnos's Coffin), begin this part with \`then\`.`, {
      rules: ['303.4f', '109.2', ...(card.zone !== 'stack' && card.token ? ['303.4i'] : [])],
      fixes: retargetFixes(replay, card, legalHosts, hostRangeOf(ev), host),
      subjects: [card.id, host.id],
    });
    return;
  }
  const problem = attachProblemOn(replay.board, card, host);
  if (problem) {
    const as = renewed ? msg` (the permanent it would become is a new object, without the effects on the card ${inZone(card.zone)})` : '';
    replay.report('illegal-attachment', ev.range, msg`${card.id} can't enter attached to ${host.id}${as}: ${problem.why}. ${card.zone !== 'stack' && card.token ? msg`An Aura token that can't be attached as it enters isn't created` : msg`An Aura that can't be attached as it enters stays in its zone${card.zone === 'stack' ? msg` (from the stack: its owner's graveyard)` : msg` (${zoneWord(card.zone)})`}`}. Name a host it can enchant, or leave out \`attached to\` if the effect lets its controller choose.`, {
      rules: ['303.4i', ...problem.rules, ...(renewed ? ['400.7', '611.2c'] : [])],
      fixes: retargetFixes(replay, card, legalHosts, hostRangeOf(ev), host),
      subjects: [card.id, host.id],
    });
    if (card.zone === 'stack') moveTo(replay, card, 'graveyard', ev);
    return;
  }
  moveTo(replay, card, 'battlefield', ev);
  doAttach(replay, card, host, ev.range);
}

/** Anything but an Aura: it enters, and then it may be attached (301.5e, 303.4h). */
function permanentEnters(replay: Replay, card: CardObj, host: Host | undefined, ev: EventNode): void {
  moveTo(replay, card, 'battlefield', ev);
  if (!host) return;
  const problem = attachProblemOn(replay.board, card, host);
  if (problem) {
    const eqp = isEquipment(card) || isFortification(card);
    replay.report(problem.code ?? 'illegal-attachment', ev.range, msg`${card.id} can't enter attached to ${host.id}: ${problem.why}. It enters the battlefield unattached. ${problem.code ? msg`Leave out` : msg`Name a legal host, or leave out`} \`attached to ${host.id}\`.`, {
      rules: [eqp ? '301.5e' : '303.4h', ...problem.rules],
      fixes: problem.code ? [] : retargetFixes(replay, card, (h) => !attachProblemOn(replay.board, card, h), hostRangeOf(ev), host),
      subjects: [card.id, host.id],
    });
    return;
  }
  doAttach(replay, card, host, ev.range);
}

export function moveEvent(replay: Replay, ev: Extract<EventNode, { kind: 'move' }>): void {
  const card = replay.card(ev.subject);
  if (!card) return;
  const zone = ev.zone.zone;
  if (!MTG_ZONES.includes(zone)) {
    replay.report('syntax-error', ev.zone.range, msg`'${zone}' is a Riftbound zone; MTG zones are ${MTG_ZONES.join(', ')}.`);
    return;
  }
  if (card.zone === zone) {
    // Destroyed earlier in the same resolution, in place of its creature (umbra armor, 702.89a): done once.
    if (ev.verb === 'destroy' && replay.movedByReplacement(card)) {
      if (replay.noting) replay.note(() => msg`already destroyed, in place of the creature it enchanted`);
      return;
    }
    if (notYetCreated(replay, card, ev, zone) || notAPermanent(replay, card, ev)) return;
    replay.report('impossible-event', ev.range, msg`${card.id} is already in ${zone}.`, { subjects: [card.id] });
    return;
  }
  if (card.zone === 'outside') {
    replay.report('impossible-event', ev.range, msg`${card.id} has left the game with its owner, and nothing brings it back. Remove the line.`, { rules: ['800.4a'], subjects: [card.id] });
    return;
  }
  const under = enteringUnder(replay, ev, zone);
  if (under === false) return;
  if (tokenStays(replay, card, ev)) return;
  if (notYetCreated(replay, card, ev, zone) || notAPermanent(replay, card, ev)) return;
  if (isPhasedOut(card) && phasedOutSubject(replay, card, ev, `moving it to ${zone}`)) return;
  if (zone === 'battlefield') return enterBattlefield(replay, card, undefined, ev, under);
  // Indestructible (702.12b) and umbra armor (702.89a): `destroy` that doesn't destroy it.
  if (ev.verb === 'destroy' && card.zone === 'battlefield') {
    if (destructionReplaced(replay, card, ev, toGraveyard, graveyardFor)) return;
    // Destroyed while attached, with umbra armor, in a group: its host destroyed in the same step is saved by it (702.89a).
    if (replay.grouped && umbraArmorApplies(card)) {
      const host = replay.board.hostOf(card);
      if (host && isCard(host)) replay.umbraDestroyed(host.id, card);
    }
  }
  moveTo(replay, card, zone, ev);
}

/**
 * Why `c` is no object yet (Ruleset.uncreatedToken): a token declared off the battlefield that no effect
 * has created (111.1), or one whose creation didn't happen (an Aura token with no legal host, 303.4g,
 * 303.4i). A token declared on the stack is a copy of a spell, which exists.
 */
export function uncreatedToken(c: CardObj): { rules: string[]; why: Message } | undefined {
  if (!c.token || c.ceases !== undefined || c.zone === 'battlefield' || c.zone === 'stack' || c.zone === CEASED) return undefined;
  return { rules: ['111.1'], why: msg`${c.id} is a token that no effect has created: it is declared ${inZone(c.zone)} only to be created later, and a token exists only once an effect puts it onto the battlefield` };
}

/**
 * `destroy X` and `sacrifice X` move a permanent from the battlefield to the graveyard (701.8a,
 * 701.21a): of a card in another zone (a token not created yet included), the line does nothing.
 * Reported when it is one.
 */
function notAPermanent(replay: Replay, card: CardObj, ev: Extract<EventNode, { kind: 'move' }>): boolean {
  if ((ev.verb !== 'destroy' && ev.verb !== 'sacrifice') || card.zone === 'battlefield') return false;
  const destroy = ev.verb === 'destroy';
  const advice = card.zone === 'graveyard' ? msg`Remove the line.` : msg`Write \`move ${card.id} to graveyard\` if an effect puts it there, or remove the line.`;
  replay.report('impossible-event', ev.range, destroy
    ? msg`${card.id} is ${inZone(card.zone)}, and only a permanent, on the battlefield, can be destroyed: ${card.id} stays where it is. ${advice}`
    : msg`${card.id} is ${inZone(card.zone)}, and only a permanent, on the battlefield, can be sacrificed: ${card.id} stays where it is. ${advice}`, { rules: [destroy ? '701.8a' : '701.21a'], subjects: [card.id] });
  return true;
}

/** A token no effect has created (111.1) is in no zone: only the effect that creates it, putting it onto the battlefield, moves it. Reported when a line moves it elsewhere. */
function notYetCreated(replay: Replay, card: CardObj, ev: Extract<EventNode, { kind: 'move' }>, zone: string): boolean {
  if (zone === 'battlefield') return false;
  const unmade = uncreatedToken(card);
  if (!unmade) return false;
  replay.report('impossible-event', ev.range, msg`${unmade.why}. It is nowhere to be moved from, and stays a token not created. Write \`enter ${card.id}\` for the effect that creates it, or remove the line.`, { rules: unmade.rules, subjects: [card.id] });
  return true;
}

/** Destroys `card`: a module function, not a closure (which would make every moveEvent allocate). */
function toGraveyard(replay: Replay, card: CardObj, cause: EventNode): void {
  moveTo(replay, card, 'graveyard', cause);
}

/**
 * Where `card` goes when it would be put into a graveyard (614.1a): into exile when a replacement says
 * so (`by`: the card whose replacement it is), its own (`if it would be put into a graveyard, exile it
 * instead`: a disturbed Aura's back face) or that of a permanent on the battlefield for every card (Rest
 * in Peace, itself included as it leaves) or its controller's opponents' (Leyline of the Void); else
 * into its owner's graveyard. A replacement of a card that lost all its abilities is gone (113.10).
 */
export function graveyardFor(replay: Replay, card: CardObj): { zone: 'graveyard' | 'exile'; by?: CardObj } {
  const board = replay.board;
  if (declaredWith(board, exiles).length === 0) return TO_GRAVEYARD;
  // The card is one of those declared with one when its declaration has it.
  if (!card.lost.has('all') && card.decl.props.some(exilesItself)) return { zone: 'exile', by: card };
  // The first permanent in the order declared whose replacement applies (it is named): each card's is
  // its first for other cards. One for every card applies whoever controls it; one for an opponent's
  // applies under any other player than the card's owner (by its controller, else its owner), so the
  // permanents under the owner's control are not looked at: many Leylines of a player whose own cards
  // die cost nothing. The board files both kinds by controller (Board.firstFielded).
  let by: CardObj | undefined;
  for (const player of board.fieldedControllers(exilesEveryCard)) by = board.firstFielded(exilesEveryCard, player, inEffect, undefined, by?.index) ?? by;
  if (card.owner !== undefined) {
    for (const player of board.fieldedControllers(exilesOpponents)) {
      if (player === card.owner) continue;
      by = board.firstFielded(exilesOpponents, player, appliesTo, card.owner, by?.index) ?? by;
    }
  }
  return by ? { zone: 'exile', by } : TO_GRAVEYARD;
}
const TO_GRAVEYARD = { zone: 'graveyard' } as const;
/** A replacement that exiles instead, in a declaration: its card's own (a disturbed Aura), or every card's or an opponent's (Rest in Peace, Leyline of the Void). */
const exiles = (p: Property): boolean => p.kind === 'exile-instead';
const exilesItself = (p: Property): boolean => p.kind === 'exile-instead' && p.scope === 'self';
const exilesOthers = (p: Property): boolean => p.kind === 'exile-instead' && p.scope !== 'self';
/** The scope of a card's replacement for other cards: its first (a later one is not read). */
const othersScope = (c: CardObj): string | undefined => (c.decl.props.find(exilesOthers) as { scope: string } | undefined)?.scope;
const exilesEveryCard = (c: CardObj): boolean => othersScope(c) === 'any';
const exilesOpponents = (c: CardObj): boolean => othersScope(c) === 'opponent';
/** An opponent's replacement (Leyline of the Void) in effect for a card `owner` owns: its controller (else owner) is another player. */
const appliesTo = (e: CardObj, owner: string): boolean => inEffect(e) && (e.controller ?? e.owner) !== owner;

/**
 * A zone change: a new object (400.7). Its own attachment ends (the move records that); whatever
 * was attached to it becomes unattached (701.3d), which the scenario must record.
 */
export function moveTo(replay: Replay, card: CardObj, zone: string, cause: EventNode, alsoRules?: readonly string[]): void {
  if (zone === 'graveyard') {
    // A replacement may exile it instead (614.1a): its own (a disturbed Aura), or Rest in Peace's.
    const to = graveyardFor(replay, card);
    if (to.by) {
      zone = 'exile';
      if (replay.noting) noteExiledInstead(replay, card, to.by);
    }
  }
  // A mutating spell leaving the stack, or a merged permanent leaving the battlefield with its cards (730.3).
  const parts = replay.board.merges && card.merge !== undefined ? unmerged(replay, card) : undefined;
  const host = replay.board.unlink(card);
  // Its own `when put into a graveyard from the battlefield` looks back to it as it leaves (603.6c, 603.10a).
  const toGraveyard = zone === 'graveyard' && card.zone === 'battlefield' && (card.triggers & ON_TO_GRAVEYARD) !== 0 ? leavingForGraveyard(replay, card, host) : undefined;
  // Its leaving is its becoming unattached, and that trigger looks back to before it left (603.10c).
  if (host && card.triggers !== 0) fire(replay, card, ON_UNATTACHED, 'unattached', host);
  if (host && (card.triggers !== 0 || replay.board.deathWatchers.length !== 0)) {
    // Its "dies" trigger looks back if its host dies later in the same step (603.10a): what it was now. An
    // Aura with umbra armor gone in that step doesn't see its creature die: at once, its replacement would
    // have saved the creature (702.89a); one after the other, it was gone first. A death watcher looks
    // back too: the host was equipped (enchanted) as it died.
    // For the same reason, an Aura with umbra armor doesn't leave its creature enchanted as it dies.
    const bits = hostDiesBits(card);
    const umbra = hasAbility(card, UMBRA_ARMOR);
    const own = (card.triggers & bits) !== 0 && !umbra;
    if (own || replay.board.deathWatchers.length !== 0) replay.leftWhileAttached(host.id, { card, bits: own ? bits : 0, stop: stopOf(replay, card), equipment: isEquipment(card), aura: (isAura(card) || card.bestowed) && !umbra });
  }
  if (replay.board.triggersDeclared && card.zone === 'battlefield') {
    // Its attachments' "when equipped (enchanted) creature dies" look back to before it left (700.4, 603.10a).
    if (zone === 'graveyard') died(replay, card);
    // A death watcher leaving in a group still sees the deaths of the same step (603.10a): what it was now.
    if ((card.triggers & OTHER_DIES) !== 0) replay.watcherLeft(watcherNow(replay, card, replay.controllerBefore(card)));
  }
  // A control effect may track it, or its host's Auras (`for as long as`, 611.2b): both are looked at again.
  // An anthem's card that comes or goes (anthems.ts), or a host that loses an Equipment or Aura (`equipped creatures get ...`), is looked at too.
  if (replay.board.watching || replay.board.anthems !== undefined) {
    replay.markDirty(card);
    if (host && isCard(host)) replay.markDirty(host);
  }
  if (card.attachments.size !== 0) unattachAll(replay, card, zone, cause, alsoRules);
  // A token in a zone other than the battlefield ceases to exist at the next check of state-based
  // actions (111.7, 704.5d); so does a copy of a spell, declared a token on the stack, that leaves it
  // other than by resolving (704.5e). A player who leaves takes theirs out of the game (800.4a).
  if (card.token && zone !== 'battlefield' && zone !== 'outside') {
    card.ceases = card.zone === 'stack' ? '704.5e' : '704.5d';
    replay.markDirty(card);
  }
  // A creature that leaves the battlefield leaves the combat it is in (506.4).
  if (card.combat !== undefined) removeFromCombat(replay, card, msg`it left the battlefield`, ['506.4', '400.7']);
  // A copy leaving the battlefield is a new object, with its own values (400.7): the copy effect ends.
  // A face-down permanent leaving the battlefield is revealed, a new object with its own values (708.9, 400.7).
  // So is a face-down spell that leaves the stack for any zone but the battlefield (708.9); resolving, it enters face down (702.37c).
  if (replay.board.faceDowns && card.faceDown !== undefined && (card.zone === 'battlefield' || (card.zone === 'stack' && zone !== 'battlefield'))) faceUpAsItLeaves(replay.board, card);
  if (replay.board.copies && card.uncopied !== undefined && card.zone === 'battlefield') copyEnds(replay.board, card);
  // A transformed card leaving the battlefield is its front face wherever it goes (712.8a), and so is one
  // a merged permanent turned over as it leaves with its cards (730.3).
  if (replay.board.dfcs && card.transformed && (card.zone === 'battlefield' || card.zone === MERGED)) frontFaceUp(replay.board, card);
  card.zone = zone;
  if (zone === 'battlefield') {
    replay.entered(card);
    // Its toughness, when the scenario states it, is looked at by the next state-based actions (a 0/0
    // Germ that nothing was attached to, 704.5f).
    if (card.toughness !== undefined) replay.markDirty(card);
  }
  card.version++;
  // A replacement may make it enter tapped (614.1d): judged as the event settles, from what it is there (614.12).
  if (zone === 'battlefield' && replay.board.staticsDeclared) enteredMaybeTapped(replay, card);
  replay.board.stamp(card);
  // On top of its owner's library (a card put there goes on top): the cast from the top reads it (spells.ts, isTopOfLibrary).
  if (zone === 'library') replay.board.intoLibrary(card);
  resetCharacteristics(card);
  // A new object: no damage (120.6) and no counters (122.2).
  clearMarks(card);
  // A permanent enters under its owner's control unless the effect says whose (110.2; `under P`).
  replay.board.setController(card, (zone === 'battlefield' ? underOf(cause) : undefined) ?? card.owner);
  card.enteredUnder = card.controller;
  // Summoning sickness counts from now (302.6).
  card.controlledSince = replay.board.turn?.number ?? 0;
  card.controlLog = noItems();
  card.controlVia = undefined;
  card.controlEnded = undefined;
  card.bestowed = false;
  // A new object has made no choice as it became attached (607.2d: the chosen color was the old object's); one that
  // chooses as it enters (Benevolent Blessing) chooses now, what its line says (614.12), before it becomes attached.
  card.chosenColor = zone === 'battlefield' && card.choosesColorEntering ? enteringColor(cause, card) : undefined;
  card.phasedOut = 'no';
  card.phasedInFrom = undefined;
  // A permanent enters untapped, and a card elsewhere has no status (110.5b, 110.5d).
  card.exhausted = false;
  card.stackTarget = undefined;
  if (replay.noting) noteMoved(replay, card, zone);
  // Living weapon, For Mirrodin! and Job select trigger as their Equipment enters (702.92a, 702.163a, 702.182a).
  if (zone === 'battlefield' && replay.board.enterTriggers) tokenTriggers(replay, card, cause);
  // Its trigger goes on the stack as the new object in the graveyard, which the ability can find (400.7e).
  if (toGraveyard !== undefined) graveyardTriggered(replay, card, toGraveyard, cause);
  // The other cards of a merged permanent go where it went, each a new object (730.3).
  if (parts) for (const part of parts) moveTo(replay, part, zone, cause, alsoRules);
}

/** The color `card` chooses as it enters: the `choosing C` of the line that puts it there (enterEvent and resolveEvent check it). */
function enteringColor(cause: EventNode, card: CardObj): string | undefined {
  if ((cause.kind !== 'resolve' && cause.kind !== 'enter') || cause.color === undefined || cause.subject.text !== card.id) return undefined;
  return MTG_COLORS.includes(cause.color.text) ? cause.color.text : undefined;
}

/**
 * `card` just entered the battlefield: with living weapon, For Mirrodin! or Job select, its trigger goes on the stack
 * (603.3), under its controller, until `resolve X KEYWORD creating T` (livingWeapon.ts). Called only when
 * some card of the scenario has one (Board.enterTriggers).
 */
function tokenTriggers(replay: Replay, card: CardObj, ev: EventNode): void {
  const have = abilitiesOf(card);
  if (!('keywords' in have)) return;
  // Each instance triggers on its own (113.2c): a card with living weapon twice puts two triggers on the stack.
  for (const kw of have.keywords) {
    if (!makesToken(kw)) continue;
    replay.trigger({ kind: 'ability', id: card.id, version: card.version, ability: kw, controller: card.controller, at: ev.range });
    fireEnters(replay, card);
    if (replay.noting) replay.note(() => msg`${card.id}'s ${abilityWord(kw)} will go on the stack`);
  }
}

// A card's own `when put into a graveyard from the battlefield` (603.6c), triggered as moveTo moves it; its resolution is graveyardTrigger.ts's.
/** The effect `card` declares with its `when put into a graveyard from the battlefield`, if any (the first that has one). */
export function graveyardEffect(card: CardObj): TriggerEffect | undefined {
  const props = card.decl.props;
  for (let i = 0; i < props.length; i++) {
    const p = props[i];
    if (p.kind === 'trigger' && p.phrase === 'put into a graveyard from the battlefield' && p.effect !== undefined) return p.effect;
  }
  return undefined;
}

/** What a card with the ability was, as it left the battlefield for a graveyard (leavingForGraveyard), for the trigger put on the stack once it has moved. */
interface Leaving {
  readonly effect: TriggerEffect;
  readonly controller: string | undefined;
  readonly leftFrom: HostRef | undefined;
}

/**
 * `card` is going from the battlefield to a graveyard (not exiled instead: the caller has applied 614.1a), as it
 * is now, before it moves, attached to `host` (undefined when it was not, or was unattached earlier in the same
 * step of a group as its host left: that host is looked back to, 603.10a). Its ability triggers, or not with why
 * (phased out, face down, its abilities lost, its controller gone: stopOf). Returns what the trigger that goes on
 * the stack needs, when the ability has an effect the checker performs.
 */
function leavingForGraveyard(replay: Replay, card: CardObj, host: CardObj | PlayerObj | undefined): Leaving | undefined {
  const stop = stopOf(replay, card);
  const was = host !== undefined ? replay.board.refTo(host) : replay.attachedEarlierInStep(card.id);
  const about = was !== undefined ? replay.board.refTarget(was) : undefined;
  fire(replay, card, ON_TO_GRAVEYARD, 'to-graveyard', about ?? card, stop);
  if (stop !== undefined) return undefined;
  const effect = graveyardEffect(card);
  if (effect === undefined) return undefined;
  return { effect, controller: replay.controllerBefore(card), leftFrom: was };
}

/** `card` has moved to its graveyard (the new object, 400.7e): its trigger waits for the stack, under who controlled the card as it left (603.3a). */
function graveyardTriggered(replay: Replay, card: CardObj, l: Leaving, cause: EventNode): void {
  replay.trigger({ kind: 'ability', id: card.id, version: card.version, ability: 'trigger', controller: l.controller, at: cause.range, effect: l.effect, leftFrom: l.leftFrom });
  if (replay.noting) replay.note(() => msg`${card.id}'s trigger will go on the stack`);
}

// moveTo's notes, in functions of their own: a closure in moveTo reading its variables would make every call allocate them.
function noteExiledInstead(replay: Replay, card: CardObj, by: CardObj): void {
  replay.note(() => (by === card ? msg`${card.id} is exiled instead of going to a graveyard (its own replacement, 614.1a)` : msg`${card.id} is exiled instead of going to a graveyard (${by.id}'s replacement, 614.1a)`));
}
function noteMoved(replay: Replay, card: CardObj, zone: string): void {
  replay.note(() => (zone === 'outside' ? msg`${card.id} → out of the game` : msg`${card.id} → ${zoneWord(zone)}`));
}

/**
 * `card` dies (700.4: put into a graveyard from the battlefield) as it is now, before it moves: each
 * Equipment (Aura) on it with "when equipped (enchanted) creature dies" triggers, and so does one that
 * left it earlier in the same step of a group (603.10a looks back to when both were there). So does each
 * death watcher's ability about it (Stone Haven Outfitter): one on the battlefield, or one that left it
 * earlier in the same step, not one that entered in it (603.10a: as the game was just before).
 */
function died(replay: Replay, card: CardObj): void {
  if (!isCreature(card)) return;
  for (const id of card.attachments) {
    const att = replay.board.cards.get(id)!;
    if (att.triggers !== 0) fire(replay, att, hostDiesBits(att), 'host-dies', card);
  }
  for (const l of replay.leftTogetherFrom(card.id)) fireLookedBack(replay, l, card);
  const watchers = replay.board.deathWatchers;
  if (watchers.length === 0) return;
  const was = hadAttachment(replay, card, isEquipment, (att) => isAura(att) || att.bestowed);
  if (!was.equipped && !was.enchanted) return;
  // Who controlled the creature and each watcher is looked back to as well: before this step (Control Magic destroyed in it).
  const d: Death = { card, controller: replay.controllerBefore(card), ...was };
  for (const id of watchers) {
    const w = replay.board.cards.get(id);
    if (!w || w.zone !== 'battlefield') continue;
    const now = watcherNow(replay, w, replay.controllerBefore(w));
    seeDeath(replay, now, d, replay.enteredTogether(w) ? 'entered-together' : now.stop);
  }
  for (const w of replay.watchersGoneTogether()) seeDeath(replay, w, d);
}

/** The "dies" abilities an attachment's kind can have: an Equipment's "equipped creature", an Aura's "enchanted creature". */
function hostDiesBits(att: CardObj): number {
  return (isEquipment(att) ? ON_EQUIPPED_DIES : 0) | (isAura(att) || att.bestowed ? ON_ENCHANTED_DIES : 0);
}

const UMBRA_ARMOR = { kind: 'keyword', name: 'umbra armor' } as const;

/** What was attached to a card that changes zones becomes unattached (701.3d), which the scenario must record. */
/** `alsoRules`: the rules that moved the host, cited after those of its leaving (800.4c). */
function unattachAll(replay: Replay, card: CardObj, to: string, cause: EventNode, alsoRules?: readonly string[]): void {
  // The words are made only if an obligation is reported (most are recorded by the next lines).
  const why = cause.kind === 'leave' ? hostLeftWithPlayerWhy(card.id, to, cause.player.text) : hostLeftWhy(card.id, card.zone);
  // The set is read as it is emptied, not copied first: unlinking deletes only the entry being
  // visited (a Set's iteration allows that), or replaces the card's set by a copy of its own
  // (Board.attachmentsOf), leaving this one as it was; nothing is added to it here.
  for (const id of card.attachments) {
    const att = replay.board.cards.get(id)!;
    if (att.phasedOut === 'direct') {
      // 702.26i: it keeps pointing at the old object and phases in unattached later.
      replay.board.dropAttachment(card, id);
      continue;
    }
    replay.board.unlink(att);
    if (att.triggers !== 0) fire(replay, att, ON_UNATTACHED, 'unattached', card);
    // Its leaving later in the same step of a group looks back to this host (603.10a: Oathkeeper destroyed with its creature).
    if ((att.triggers & ON_TO_GRAVEYARD) !== 0 && replay.grouped) replay.unattachedAsHostLeft(att.id, replay.board.refTo(card));
    replay.oblige({ action: 'unattach', subject: att, host: card.id, code: 'missing-unattach', rules: alsoRules ? [...HOST_LEFT_RULES, ...alsoRules] : HOST_LEFT_RULES, why, cause });
    if (replay.noting) noteUnattached(replay, att);
    if (att.phasedOut === 'indirect') att.phasedOut = 'no';
    touch(replay, att);
  }
}

/** The rules of an attachment whose host left (one list for every obligation: nothing changes it). */
const HOST_LEFT_RULES = ['701.3d', '400.7'];

// unattachAll's words, in functions of their own: a closure in its loop would make each pass allocate the loop's variables.
function hostLeftWhy(hostId: string, from: string): () => Message {
  return () => msg`its host ${hostId} left ${from === 'battlefield' ? msg`the battlefield` : msg`the ${zoneWord(from)} it was in`}`;
}
/** A host that a player's leaving the game took away (800.4a): it left with its owner, or was exiled as the player who controlled it left. */
function hostLeftWithPlayerWhy(hostId: string, to: string, player: string): () => Message {
  return () => (to === 'outside' ? msg`its host ${hostId} left the game with its owner, ${player}` : msg`its host ${hostId} was exiled as ${player}, who controlled it, left the game`);
}
function noteUnattached(replay: Replay, att: CardObj): void {
  replay.note(() => msg`${att.id} unattached`);
}

export function leaveEvent(replay: Replay, ev: Extract<EventNode, { kind: 'leave' }>): void {
  const p = playerLeaves(replay, ev, ['800.4a'], alreadyLeft);
  if (!p) return;
  // The last opponent of the one player still in the game left: that player wins, and the game is over
  // at once (104.2a, 104.1); nothing of 800.4a happens in a game that has ended (800.4: only a game with
  // two or more players still in it goes on).
  const won = winner(replay);
  if (won) {
    if (replay.noting) replay.note(() => msg`${won.id}, the only player left, wins: the game is over (104.2a)`);
    return;
  }
  // Attachments on the player become unattached (701.3d) unless they leave with their owner.
  for (const id of [...p.attachments]) {
    const att = replay.board.cards.get(id)!;
    if (att.owner === p.id) continue;
    if (att.phasedOut === 'direct') {
      // Treated as though it doesn't exist (702.26b): it phases in unattached later (702.26i).
      replay.board.dropAttachment(p, id);
      continue;
    }
    replay.board.unlink(att);
    if (att.triggers !== 0) fire(replay, att, ON_UNATTACHED, 'unattached', p);
    replay.oblige({ action: 'unattach', subject: att, host: p.id, code: 'missing-unattach', rules: ['701.3d', '800.4a'], why: msg`the player it enchants, ${p.id}, left the game`, cause: ev });
    touch(replay, att);
  }
  // 800.4a, in its order: what they own leaves the game (with it the Auras that gave them control of
  // something, Control Magic), the control effects that gave them objects end (each object goes to the
  // player an earlier effect gave it to, else to the one it entered under: control.ts), and then
  // whatever they still control (what entered under their control) is exiled.
  // Each step looks at the cards tied to them (owned, controlled, under a control effect of theirs: Board.tiedTo), in the order declared.
  const board = replay.board;
  // Everything they own leaves at once: an Aura of theirs on their creature leaves with it, which is its
  // own becoming unattached (701.3d; Replay.dropMoot), not a consequence left to record.
  // A card merged into a permanent leaves with it (730.3: its owner owns the permanent too, 702.140a).
  for (const c of board.tiedTo(p.id)) if (c.owner === p.id && c.zone !== 'outside' && c.zone !== CEASED && c.zone !== MERGED) moveTo(replay, c, 'outside', ev, LEAVE_RULES);
  for (const c of board.tiedTo(p.id)) {
    if (c.owner !== p.id && endControlOf(board, c, p.id)) {
      if (replay.noting) replay.note(() => msg`${c.id} back under ${c.controller}'s control`);
      touch(replay, c);
    }
  }
  const stillControlled = board.tiedTo(p.id).filter((c) => c.controller === p.id && c.owner !== p.id);
  for (const c of stillControlled) {
    moveTo(replay, c, 'exile', ev, LEAVE_RULES);
    if (replay.noting) replay.note(() => msg`${c.id} exiled: it entered under ${p.id}'s control (800.4a)`);
  }
  // Then the abilities they controlled on the stack (objects that are not cards) cease to exist.
  abilitiesLeaveWith(replay, p, ceasesToExist);
}

/** What a host that left with a player who left the game cites beside 400.7 (one list for every obligation). */
const LEAVE_RULES = ['800.4a'];

function ceasesToExist(e: StackEntry): Message {
  return msg`${e.id}'s ${abilityWord(e.ability ?? '')} ceases to exist (800.4a)`;
}

/** An event after the game ended (104.2a, 104.1): reported, and nothing happens. */
export function afterTheGame(replay: Replay, ev: EventNode, won: PlayerObj): void {
  endedGame(replay, ev, won, gameOverWords, GAME_OVER_RULES);
}

function gameOverWords(last: string, won: string): Message {
  return msg`The game is over: ${last} left it, so ${won}, the only player still in it, won the game at once, and the game ended then. Nothing happens after that. Remove the line, or declare another player if the game was meant to go on (a multiplayer game goes on while two or more players are in it).`;
}

const GAME_OVER_RULES = ['104.2a', '104.1'];

function alreadyLeft(p: PlayerObj): Message {
  return msg`${p.id} has already left the game.`;
}
