// A card's own leaves-the-battlefield ability (603.6c): `when put into a graveyard from the battlefield, EFFECT`.
// Rancor: "When Rancor is put into a graveyard from the battlefield, return Rancor to its owner's hand";
// Oathkeeper, Takeno's Daisho: "When Oathkeeper is put into a graveyard from the battlefield, exile equipped
// creature". The ability triggers as the card goes from the battlefield to a graveyard (a destruction, a
// sacrifice, an Aura's state-based action, 704.5m), not as it goes there from the stack (an Aura spell that
// doesn't resolve, 608.3b), nor when it goes elsewhere (exiled, returned to hand, or exiled instead of going
// to a graveyard, 614.1a). It looks back (603.10a): its card as it was on the battlefield decides whether it
// triggers, who controls it (603.3a), and what "equipped creature" was. It then waits on the stack like any
// triggered ability (the living weapon trigger's way, livingWeapon.ts; zones.ts's moveTo triggers it, as it
// does living weapon) until `resolve X trigger`, where:
// - `return it to its owner's hand` finds the card in the graveyard it went to (400.7e), only as that same
//   object: a card that left the graveyard meanwhile is a new object (400.7), and nothing is returned;
// - `exile equipped (enchanted) creature` exiles what the card was attached to as it left, if that is still
//   the same object on the battlefield: a creature that left meanwhile (or at the same time, in one
//   `together:` step) is a new object (400.7), and nothing is exiled.
import type { EventNode, TriggerEffect } from '../../parser/ast';
import type { Replay } from '../../engine/replay';
import type { RuleExplanation } from './explanations';
import type { CardObj } from '../../engine/board';
import { CEASED } from '../../engine/board';
import { inZone } from '../../engine/words';
import { msg, relatedAt } from '../../message';
import { onTop } from './stack';
import { graveyardEffect, moveTo } from './zones';

export const EXPLAINED: Record<string, RuleExplanation> = {
  '603.6c': { title: 'Leaves-the-battlefield abilities', text: 'A leaves-the-battlefield ability triggers as a permanent moves off the battlefield to any other zone (Rancor\'s, for one, as it goes to a graveyard), and also as a phased-in permanent leaves the game along with its owner. Whatever it does to the card that left, it looks for that card only in the first zone it went to. An ability that triggers on a card put into a zone "from anywhere" is never one of these, even when the card came from the battlefield.' },
  '400.7e': { title: 'A trigger finds the card where it went', text: 'An exception to 400.7: an ability that triggers on an object changing zones can find the new object it became in the zone it went to, if that zone is public. Rancor\'s ability finds Rancor in the graveyard; once Rancor leaves the graveyard too, it is another object again, out of reach.' },
};

/** The effects' rules: what decides what each finds as it resolves. */
const EFFECT_RULES: Record<TriggerEffect, readonly string[]> = {
  "return it to its owner's hand": ['603.6c', '400.7e', '400.7'],
  'exile equipped creature': ['603.10a', '400.7'],
  'exile enchanted creature': ['603.10a', '400.7'],
};

/** `resolve X trigger`: X's `when put into a graveyard from the battlefield` ability resolves, and its effect is performed. */
export function resolveGraveyardTrigger(replay: Replay, ev: Extract<EventNode, { kind: 'resolve' }>): void {
  const card = replay.card(ev.subject);
  if (!card) return;
  const entry = replay.board.pendingAbility(card.id, 'trigger');
  if (!entry) {
    if (card.zone === 'outside' || (card.owner !== undefined && replay.board.players.get(card.owner)?.left)) {
      replay.report('impossible-event', ev.range, msg`${card.id}'s owner has left the game, and with them the abilities they controlled on the stack ceased to exist: no trigger of ${card.id} waits to resolve. Remove the line.`, { rules: ['800.4a'], subjects: [card.id] });
      return;
    }
    const why = graveyardEffect(card) !== undefined
      ? msg`${card.id}'s \`when put into a graveyard from the battlefield\` triggers as it goes from the battlefield to a graveyard, and no trigger of it waits on the stack now`
      : msg`${card.id} declares no \`when put into a graveyard from the battlefield\` ability with an effect (\`, return it to its owner's hand\`, \`, exile equipped creature\`)`;
    replay.report('impossible-event', ev.range, msg`${why}, so none resolves. Remove the line, or put ${card.id} into a graveyard from the battlefield first.`, { rules: ['603.6c', '603.3'], subjects: [card.id] });
    return;
  }
  if (!onTop(replay, ev, entry, msg`${card.id}'s trigger`)) return;
  replay.board.removeAbility(entry);
  const related = entry.at ? [relatedAt(entry.at, msg`${card.id}'s ability triggered here`)] : [];
  const effect = entry.effect!;
  const rules = [...EFFECT_RULES[effect]];
  if (effect === "return it to its owner's hand") {
    // The card as the new object it became in the graveyard (400.7e), and no other.
    if (card.version === entry.version && card.zone === 'graveyard') {
      moveTo(replay, card, 'hand', ev);
      return;
    }
    const where = card.zone === CEASED ? msg`it was a token, and a token that left the battlefield ceased to exist` : msg`it left the graveyard after its ability triggered (it is ${inZone(card.zone)} now), so it is a new object the ability can't find`;
    replay.report('source-left-before-resolution', ev.range, msg`${card.id}'s trigger resolves, but ${where}: nothing is returned to its owner's hand. That is the rules' outcome: if it is meant, add an \`expect\` line after it to show so; if not, keep ${card.id} in the graveyard until the trigger resolves.`, { rules: card.zone === CEASED ? [...rules, '111.7'] : rules, related, subjects: [card.id] });
    return;
  }
  // Exile the creature it was attached to as it left (603.10a), if that is still the same object on the battlefield.
  const was = entry.leftFrom;
  const word = effect === 'exile equipped creature' ? msg`equipped` : msg`enchanted`;
  if (was === undefined || was.kind !== 'card') {
    const why = was === undefined ? msg`${card.id} was attached to nothing as it left the battlefield` : msg`${card.id} was attached to the player ${was.id}, not to a creature`;
    replay.report('source-left-before-resolution', ev.range, msg`${card.id}'s trigger resolves, but ${why}, so there is no ${word} creature to exile: it does nothing. That is the rules' outcome: if it is meant, add an \`expect\` line after it to show so.`, { rules, related, subjects: [card.id] });
    return;
  }
  const host = replay.board.refTarget(was) as CardObj | undefined;
  if (host === undefined || host.version !== was.version || host.zone !== 'battlefield') {
    const now = host === undefined ? msg`` : host.zone === CEASED ? msg` (a token, it ceased to exist)` : msg` (it is ${inZone(host.zone)} now)`;
    replay.report('source-left-before-resolution', ev.range, msg`${card.id}'s trigger resolves, but ${was.id}, the creature it was attached to as it left, has left the battlefield since or at the same time${now}: a new object, which the ability can't find, so nothing is exiled. That is the rules' outcome: if it is meant, add an \`expect\` line after it to show so.`, { rules, related, subjects: [card.id, was.id] });
    return;
  }
  // Phased out, it is treated as though it didn't exist (702.26b): the ability finds nothing to exile, and it phases in later as the same object.
  if (host.phasedOut !== 'no') {
    replay.report('source-left-before-resolution', ev.range, msg`${card.id}'s trigger resolves, but ${was.id}, the creature it was attached to as it left, is phased out, and a phased-out permanent is treated as though it didn't exist: nothing is exiled. That is the rules' outcome: if it is meant, add an \`expect\` line after it to show so.`, { rules: ['603.10a', '702.26b'], related, subjects: [card.id, was.id] });
    return;
  }
  moveTo(replay, host, 'exile', ev);
}
