// MTG targets: Aura spells (115.1b, 303.4a, 601.2c), equip and fortify (602.2b, 702.6a/c, 702.67a), protection from
// targeting (702.16b); the legal hosts of each kind of event.
import { abilitiesOf } from '../../engine/abilities';
import { type CardObj, isCard, KIND_LAND } from '../../engine/board';
import type { HostVerb, Replay } from '../../engine/replay';
import type { Filter } from '../../parser/ast';
import type { RuleExplanation } from './explanations';
import { article, describe, enchantFilters, enchantZone, filterMatches, filterText, equipsAsPlaneswalker, type Host, isAura, isCreature, isEquipment, isFortification, judgedAs, lossWords, lostEquip, lostFortify, filterShortfall, type Problem, termsMatch, zoneMismatch } from './characteristics';
import { influenceProblem } from './influence';
import { attachProblemOn, controllerWords, enchantMismatch, protectionAgainst } from './legality';
import { keywordTargetProblem, worksThere } from './targetingKeywords';
import { msg, type Message } from '../../message';
import { abilityWord, inZone as inZoneWords } from '../../engine/words';

/** The rules of this module, explained (assembled into the game's rules in explanations.ts). */
export const EXPLAINED: Record<string, RuleExplanation> = {
  '115.1': { title: 'What a target must be', text: 'A spell or ability that says "target" followed by a description must have its controller choose targets that fit that description, as it is put on the stack; they can change only if an effect says so.' },
  '109.5': { title: '"You"', text: 'On a card, "you" and "your" mean its controller (or the player about to cast or activate it; with no controller, its owner).' },
  '115.1b': { title: 'Aura spells target', text: 'An Aura spell targets the object or player it will enchant; its enchant ability says what it may target. The Aura permanent targets nothing.' },
  '303.4a': { title: 'Aura spells need a target', text: 'Casting an Aura spell means choosing a target allowed by its enchant ability.' },
  '601.2c': { title: 'Choosing targets', text: 'Targets are chosen as a spell is cast; each must be legal at that moment, or the spell cannot be cast that way.' },
  '602.2b': { title: 'Activating is like casting', text: 'Activating an ability follows the same steps as casting a spell: its targets are chosen as it is activated and must be legal then, or the activation is illegal and is undone.' },
  '702.6': { title: 'Equip', text: 'The activated ability that attaches an Equipment to a creature its controller controls, as a sorcery.' },
  '702.6a': { title: 'Equip', text: 'Equip is an activated ability: pay its cost to attach the Equipment to a creature you control, chosen as the target, at sorcery speed.' },
  '702.6e': { title: 'Equip planeswalker', text: '"Equip planeswalker" is a form of equip: at sorcery speed, it attaches the Equipment to a planeswalker its activator controls, as though that planeswalker were a creature. Once attached, the Equipment is judged as any other: on a permanent that is not a creature it becomes unattached, unless something (such as the Equipment itself) makes that permanent a creature.' },
  '702.6c': { title: 'Equip with a quality', text: 'Equip [quality] only narrows what the equip ability may target; it does not limit what the Equipment may be attached to in other ways.' },
  '702.67': { title: 'Fortify', text: 'The activated ability that attaches a Fortification to a land its controller controls, as a sorcery.' },
  '702.67a': { title: 'Fortify', text: 'Fortify is an activated ability: pay its cost to attach the Fortification to a land you control, chosen as the target, at sorcery speed.' },
  '702.16b': { title: 'Protection: targeting', text: 'Neither spells with the stated quality (Aura spells among them) nor abilities whose source has that quality may target something that has protection from it.' },
};

/** Is `host` a legal target for the Aura spell `att` (601.2c, 303.4a, 702.16b)? */
export function auraTargetProblem(att: CardObj, host: Host): Problem | undefined {
  // 109.2a: an Aura whose enchant names a zone targets a card in that zone (its filters check where).
  const inZone = enchantZone(att) !== undefined;
  if (isCard(host) && host.zone !== 'battlefield' && !inZone) return { rules: ['115.1b'], why: msg`${host.id} is not on the battlefield (it is ${inZoneWords(host.zone)})` };
  if (isCard(host) && host.phasedOut !== 'no') return { rules: ['702.26b'], why: msg`${host.id} is phased out` };
  if (!isCard(host) && host.left) return { rules: ['800.4a'], why: msg`player ${host.id} has left the game` };
  const filters = enchantFilters(att);
  if (filters.length === 0) return { rules: ['303.4a', '702.5a', '113.10'], why: msg`${att.id} has lost its enchant ability (${lossWords(att)}), which is what defines the target of an Aura spell` };
  for (const f of filters) {
    const away = f.zone && isCard(host) ? zoneMismatch(f.zone, host, att) : undefined;
    if (away) return { rules: ['702.5a', '109.2a', ...(filters.length > 1 ? ['702.5c'] : [])], why: msg`${att.id} has enchant ${filterText(f)}, and ${away}` };
    if (!filterMatches(f, host, att)) return enchantMismatch(att, host, f, filters.length > 1);
  }
  // 113.6: a card's protection works only on the battlefield, not in a graveyard.
  const prot = worksThere(host) ? protectionAgainst(host, att, 'target') : undefined;
  if (prot) return { rules: ['702.16b', ...prot.rules], why: msg`${host.id} has protection from ${prot.quality}, so it can't be the target of ${att.id}` };
  // Hexproof and shroud (702.11, 702.18): the Aura spell is controlled by its controller.
  return keywordTargetProblem(host, att, att.controller, att.id);
}

/**
 * Equip and fortify target a creature (a land) the activator controls, meeting the equip quality
 * (702.6a/c, 702.67a). The target is chosen as the ability is activated (602.2b, 601.2c), so each
 * problem here cites those too. Protection stops the targeting itself (702.16b).
 */
export function activationTargetProblem(att: CardObj, h: Host, verb: 'attach' | 'equip' | 'fortify', activator: string | undefined, shown: 'equip' | 'fortify' | 'reconfigure' = verb === 'fortify' ? 'fortify' : 'equip'): Problem | undefined {
  if (verb === 'attach') return undefined;
  // Each equip or fortify line asks this: the rule lists and sentences are made only for a problem.
  const equip = verb === 'equip';
  if (!isCard(h)) return { rules: targetRules(verb), why: equip ? msg`${abilityMessage(shown)} targets a creature, not a player` : msg`${abilityMessage(shown)} targets a land, not a player` };
  if (h.zone !== 'battlefield') return { rules: targetRules(verb, '701.3a'), why: msg`${h.id} is not on the battlefield` };
  if (h.phasedOut !== 'no') return { rules: targetRules(verb, '702.26b'), why: msg`${h.id} is phased out, and a phased-out permanent is treated as though it doesn't exist` };
  // Equip planeswalker targets a planeswalker, as though it were a creature (702.6e).
  const asPlaneswalker = equip && equipsAsPlaneswalker(att, h);
  if (equip && att.equipPlaneswalker === 'only' && !asPlaneswalker) return { rules: targetRules(verb, '702.6e'), why: msg`${att.id}'s only equip ability is equip planeswalker, and ${describe(h)} is not a planeswalker` };
  if (equip ? !asPlaneswalker && !isCreature(h) : (h.kinds & KIND_LAND) === 0) return { rules: targetRules(verb, equip ? '301.5' : '301.6'), why: equip ? msg`${describe(h)} is not a creature` : msg`${describe(h)} is not a land` };
  if (h.controller !== activator) {
    // An Aura that gives control of it (613.1b) is named.
    const c = controllerWords(h);
    // No activator: the card has no controller (its missing owner is reported at its declaration).
    const you = activator ?? msg`anyone (${att.id} has no controller)`;
    if (asPlaneswalker) return { rules: [...targetRules(verb, '702.6e'), ...c.rules], why: msg`equip planeswalker targets a planeswalker you control, and ${h.id} is controlled by ${c.who}, not ${you}` };
    return { rules: [...targetRules(verb), ...c.rules], why: equip ? msg`${abilityMessage(shown)} targets a creature you control, and ${h.id} is controlled by ${c.who}, not ${you}` : msg`${abilityMessage(shown)} targets a land you control, and ${h.id} is controlled by ${c.who}, not ${you}` };
  }
  if (equip && !asPlaneswalker && att.equipQuality && !filterMatches(att.equipQuality, h, att)) {
    const none = filterShortfall(att.equipQuality, h, att, att.controller);
    if (none) return { rules: [...targetRules(verb, '702.6c'), ...none.rules], why: msg`${att.id} has equip ${filterText(att.equipQuality)}, and ${none.why}` };
    return { rules: targetRules(verb, '702.6c'), why: msg`${att.id} has equip ${filterText(att.equipQuality)}, and ${h.id} is not ${article(filterText(att.equipQuality))}` };
  }
  const prot = protectionAgainst(h, att, 'target');
  if (prot) {
    return { rules: [...targetRules(verb), '702.16b', '702.16d', ...prot.rules], why: equip ? msg`${h.id} has protection from ${prot.quality}, so it can't be the target of ${att.id}'s ${abilityWord(shown)} (nor be equipped by it)` : msg`${h.id} has protection from ${prot.quality}, so it can't be the target of ${att.id}'s ${abilityWord(shown)} (nor be fortified by it)` };
  }
  // Shroud stops even the activator's own creature; hexproof never does here, as the target is the activator's.
  const shielded = abilitiesOf(h).targeting.length === 0 ? undefined : keywordTargetProblem(h, att, activator, msg`${att.id}'s ${abilityWord(shown)}`);
  if (shielded) return { rules: [...targetRules(verb), ...shielded.rules], why: shielded.why };
  return undefined;
}

/** The rules an equip or fortify target cites: the ability's own, 602.2b and 601.2c (and one more, if given). */
function targetRules(verb: 'equip' | 'fortify', more?: string): string[] {
  const kw = verb === 'equip' ? '702.6a' : '702.67a';
  return more === undefined ? [kw, '602.2b', '601.2c'] : [kw, '602.2b', '601.2c', more];
}

/**
 * Can an effect that attaches and targets (`attach X to H targeting [with S]`: Brass Squire, Magnetic
 * Theft), controlled by `controller`, target `t` (the attachment or the host)? Shroud stops it
 * (702.18a), hexproof if `controller` is an opponent (702.11b); with its source `source` known,
 * protection (702.16b) and hexproof from a quality (702.11d) too.
 */
export function effectTargetProblem(t: Host, source: CardObj | undefined, controller: string | undefined): Problem | undefined {
  // 113.6: a card's protection works only on the battlefield, not in a graveyard.
  if (source && worksThere(t)) {
    const prot = protectionAgainst(t, source, 'target');
    if (prot) return { rules: ['702.16b', ...prot.rules], why: msg`${t.id} has protection from ${prot.quality}, so ${source.id}'s spell or ability can't target it` };
  }
  return keywordTargetProblem(t, source, controller, source ? msg`${source.id}'s spell or ability` : msg`the effect`);
}

/**
 * The source's own words for what it targets (`attach target Equipment you control to target creature
 * you control`, Brass Squire): `t` must be what they describe (115.1, 601.2c), "you" being the
 * effect's controller (109.5).
 */
export function describedTargetProblem(t: Host, f: Filter, source: CardObj, controller: string | undefined): Problem | undefined {
  if (termsMatch(f, t, controller, false, source)) return undefined;
  const wanted = article(filterText(f));
  if (f.control && isCard(t) && termsMatch({ ...f, control: undefined }, t, controller, false, source)) {
    const c = controllerWords(t);
    return { rules: ['115.1', '109.5', ...c.rules], why: msg`${source.id}'s effect targets ${wanted}, and ${t.id} is controlled by ${c.who}, while the effect is ${controller ?? msg`nobody`}'s` };
  }
  const none = filterShortfall(f, t, source, controller);
  if (none) return { rules: ['115.1', ...none.rules], why: msg`${source.id}'s effect targets ${wanted}, and ${none.why}` };
  return { rules: ['115.1'], why: msg`${source.id}'s effect targets ${wanted}, and ${describe(t)} is not one` };
}

/** The ability as its sentences name it. */
function abilityMessage(shown: 'equip' | 'fortify' | 'reconfigure'): Message {
  return shown === 'equip' ? msg`equip` : shown === 'fortify' ? msg`fortify` : msg`reconfigure`;
}

/** Could `att` be attached to `host` by this kind of event: its target rules and 701.3a (the hosts a completion offers). */
export function legalHost(replay: Replay, att: CardObj, host: Host, verb: HostVerb): boolean {
  return hostProblem(replay, att, host, verb) === undefined;
}

/** Why `host` is not a legal host for `att` by this kind of event (undefined when it is): legalHost's reasons, for completion. */
export function hostProblem(replay: Replay, att: CardObj, host: Host, verb: HostVerb): Problem | undefined {
  if (att === host) return { rules: verb === 'cast' ? ['303.4d'] : ['701.3a'], why: msg`${att.id} can't be attached to itself` };
  if (verb === 'cast') {
    if (!isAura(att) && !att.bestow) return { rules: ['303.4a'], why: msg`${att.id} is not an Aura, so casting it targets nothing to enchant` };
    const problem = att.bestow && !isAura(att) ? judgedAs(att, true, () => auraTargetProblem(att, host)) : auraTargetProblem(att, host);
    // A target out of the caster's range of influence (801.4), as the cast itself is judged (spells.ts).
    return problem ?? influenceProblem(replay.board, att, host, true);
  }
  if (verb === 'equip' && !isEquipment(att)) return { rules: ['702.6a'], why: msg`${att.id} is not an Equipment, so it has no equip ability` };
  if (verb === 'equip' && lostEquip(att)) return { rules: ['702.6a', '113.10'], why: msg`${att.id} has lost its equip ability (${lossWords(att)})` };
  if (verb === 'fortify' && !isFortification(att)) return { rules: ['702.67a'], why: msg`${att.id} is not a Fortification, so it has no fortify ability` };
  if (verb === 'fortify' && lostFortify(att)) return { rules: ['702.67a', '113.10'], why: msg`${att.id} has lost its fortify ability (${lossWords(att)})` };
  return activationTargetProblem(att, host, verb === 'enter' ? 'attach' : verb, att.controller) ?? attachProblemOn(replay.board, att, host);
}
