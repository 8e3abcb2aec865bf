// Riftbound text of attached cards: printed Rules Text inactive (135.4, 718.2, 720) but while attaching and detaching
// and for Weaponmaster (725.1-3), Effect Text (136.2) and Might Bonus (137.3) added to the Top-Most card.
import type { EventNode, GrantNode } from '../../parser/ast';
import type { Board, CardObj } from '../../engine/board';
import { type Ability, type Grant, hasAbility, keywordOfGame } from '../../engine/abilities';
import type { Replay } from '../../engine/replay';
import type { RuleExplanation } from '../mtg/explanations';
import { RIFTBOUND_KEYWORDS, VALUED_KEYWORDS } from '../../parser/keywords';
import { msg } from '../../message';
import { changeKeyword } from '../../engine/untilEndOfTurn';
import { notThisTurn } from './timing';

/** The rules of this module, explained (assembled into the game's rules in explanations.ts). */
export const EXPLAINED: Record<string, RuleExplanation> = {
  '132.1': { title: 'A card is known by its name', text: 'Every card has a name that tells it apart from other cards.' },
  '133.1': { title: 'Categories', text: "A card's categories (its card type, such as unit or gear, and its sub-categories) come from what is printed on it and decide how it behaves in play." },
  '133.7': { title: 'Supertypes, ahead of the type', text: 'A supertype is a category that cards of several types may have; the card prints it ahead of its type, in its type line.' },
  '133.7.a': { title: "Champion, a unit's supertype", text: 'Champion is a supertype only units can have; it matters when a deck is built (its chosen champion).' },
  '137.1': { title: 'Might Bonus is printed', text: 'Some cards print a Might Bonus (a plus and a number) in a lower corner.' },
  '143.2': { title: 'Might', text: "A unit's Might is its combat number, printed on the card: it sets what the unit deals in combat and how much damage kills it." },
  '801.3.b': { title: 'Keywords taken away', text: 'Keywords can also be taken away from a game object, by effects other than those that give them.' },
  '135.4': { title: 'Attached cards lose their printed text', text: "While a card is attached to another card, its own printed Rules Text is inactive (text granted to it still works)." },
  '136.2': { title: 'Effect Text', text: 'Effect Text works only while its card is attached; it is added to the Top-Most card it is attached to.' },
  '137.3': { title: 'Might Bonus', text: "An attached card's Might Bonus changes the Might of the card it is attached to, only while attached; it is ignored if that card has no Might." },
  '718.3': { title: "Attached: Effect Text appended", text: "While a card is attached, the abilities of its Effect Text become part of the Rules Text of the Top-Most card it is attached to: a gear's keyword is the unit's while the gear is on it." },
  '718.2': { title: 'Attached: printed text inactive', text: 'While a card is attached, its printed Rules Text is inactive (720), with narrow exceptions: abilities that apply or trigger as it attaches or detaches still work then (725.1, 725.2), and Weaponmaster can use its Equip ability (725.3).' },
  '725.1': { title: 'Active while attaching', text: "An attached card's abilities that apply while it is being attached, or that trigger on its attaching, do work as it attaches, though its Rules Text is otherwise inactive." },
  '725.2': { title: 'Active while detaching', text: "Likewise, an attached card's abilities that apply while it is being detached, or that trigger on its detaching, work as it detaches." },
  '136.2.b': { title: 'Effect Text inactive unless attached', text: "A card's Effect Text does nothing unless the card is attached to another card: an ability in it is there only while the gear is on its unit." },
  '136.2.c': { title: "Effect Text is its unit's", text: "The abilities of an attached card's Effect Text are added to the Rules Text of the card it is attached to: a gear's \"If I would die, kill this instead\" is its unit's while the gear is on it." },
  '136.2.d': { title: '"This" in Effect Text', text: 'Inside Effect Text, "this" (or the attached card\'s name) is the attached card, not the card it is attached to, even when they share a name; "I" and "me" are the unit.' },
  '808.1.c': { title: 'The Deathknell keyword', text: 'Deathknell is a triggered ability: "When I die, ..." On a gear\'s Effect Text, "I" is the unit it is attached to, so it triggers when that unit dies while the gear is on it.' },
  '721.2': { title: 'Inactive abilities', text: 'An inactive ability does not trigger, does not apply, and cannot be activated or used.' },
  '053.1': { title: 'A unit says "I" and "me"', text: 'Units and legends refer to themselves as "I" and "me"; gear and spells say "this" (053.2). So an ability about what attaches to "me" is a unit\'s.' },
  '053.2': { title: 'Gear and spells say "this"', text: 'Gear and spells refer to themselves as "this", never as "I" or "me".' },
  '383.2.c.1': { title: 'Arriving at the same time', text: 'A card that arrives in the zone where its triggered ability works in the same event that meets its condition does trigger: a unit that enters the board as an equipped friendly unit dies sees that death.' },
  '383.2.c': { title: 'When a trigger condition is checked', text: "A triggered ability's condition is checked once the event that may meet it has been fully carried out: a card that arrived where its ability works in that same event can trigger (383.2.c.1), and one that left at that moment can't (383.2.c.2)." },
  '383.2.c.2': { title: 'Leaving at the same time', text: 'A card that leaves the zone where its triggered ability works in the same event that meets its condition does not trigger: a unit watching for friendly units dying does not see one that dies together with it, and does not see its own death.' },
  '818.3': { title: 'Equipped', text: 'A unit is equipped while at least one card attached to it is Equipment: the state starts and ends exactly with that attachment.' },
  '808.1.d.1': { title: 'No death, no Deathknell', text: 'An ability that triggers on its own permanent dying (Deathknell, or a gear\'s "when I die" that is its unit\'s) needs that permanent to reach the trash: when the kill is replaced, by a recall for one, the ability is taken off the chain and does nothing.',
    earlier: [{ before: '2026-07-16', text: 'A Deathknell needs its permanent to be killed and put in the trash: when the kill is replaced, by a recall for one, the Deathknell does not happen.' }] },
  '725.3': { title: 'Weaponmaster and Equip', text: "Weaponmaster may use an attached card's Equip ability (and what modifies it) even though that card's Rules Text is inactive." },
};

const TEMPORARY = { kind: 'keyword', name: 'Temporary' } as const;

/** Does `c` have Temporary (816: printed, given or granted; 816.3)? Inactive on an attached card all the same (718.2): temporary.ts asks that apart. */
export function hasTemporary(c: CardObj): boolean {
  return hasAbility(c, TEMPORARY);
}

/** `c` has Temporary now (a copy's): the board files it, so that its controller's Beginning Phase finds it (Board.temporariesOf, temporary.ts). */
export function mayBeTemporary(board: Board, c: CardObj): void {
  if (hasTemporary(c)) board.markTemporary(c);
}

/**
 * `equipped unit has Assault and Shield`: keywords in a gear's Effect Text, which are the unit's while
 * the gear is attached to it (136.2, 718.3); `equipped unit loses Shield` takes one away (801.3.b:
 * "other effects may remove Keywords"). Riftbound's rules have no protection, hexproof, shroud or
 * ward, and text within text is MTG's (613.7a): each is reported.
 */
export function riftboundGrant(replay: Replay, node: GrantNode): Grant | undefined {
  if (node.keep) replay.report('syntax-error', node.keep.range, msg`Riftbound's rules have no protection, so nothing is spared from one: remove \`not removing ...\`.`);
  const abilities: Ability[] = [];
  for (const a of node.abilities) {
    if (a.kind === 'keyword') {
      const k = keywordOfGame(replay, a.name);
      // `equipped unit has Shield 2`: its value, added to the unit's others while the gear is on it (814.2).
      if (k) abilities.push(a.value ? { kind: 'keyword', name: k, value: a.value.value } : { kind: 'keyword', name: k });
    } else if (a.kind === 'control') replay.report('syntax-error', a.range, msg`An attached Riftbound card doesn't change who controls its unit: the two keep their own controllers (718.5.e, 718.5.f). Write a change of control as \`control X P\`.`);
    else if (a.kind === 'types') replay.report('syntax-error', a.range, msg`A Riftbound gear's Effect Text gives its unit keywords here; an attached card that changes its unit's types is MTG text. Remove it.`);
    else if (a.kind === 'cant') replay.report('syntax-error', a.range, msg`A Riftbound gear's Effect Text gives its unit keywords here; \`can't be ...\` is not read in a Riftbound scenario. Remove it.`);
    else replay.report('syntax-error', a.range, a.kind === 'grant' ? msg`A quoted ability is not Riftbound text: a Riftbound gear's Effect Text gives its unit keywords. Write them without quotes.` : msg`Riftbound's rules have no protection, hexproof, shroud or ward: a Riftbound gear's Effect Text gives its unit keywords (${RIFTBOUND_KEYWORDS.slice(0, 4).join(', ')}, ...).`);
  }
  return abilities.length ? { who: node.who.text, verb: node.verb === 'loses' ? 'loses' : 'has', abilities } : undefined;
}

/** `gains X Shield`, `loses X Shield`: an effect gives a card a keyword or takes one away (801.3.a, 801.3.b; it ends when the card leaves the board, 124). */
export function keywordAbilityEvent(replay: Replay, ev: Extract<EventNode, { kind: 'keyword-ability' }>): void {
  if (ev.unknown) {
    replay.report('syntax-error', ev.name.range, msg`Expected a Riftbound keyword as the cards print it (${RIFTBOUND_KEYWORDS.join(', ')}) or \`ability NAME\`, found '${ev.name.text}'.`);
    return;
  }
  const card = replay.card(ev.subject);
  if (!card) return;
  const name = keywordOfGame(replay, ev.name);
  if (!name) return;
  // `gains X Assault this turn`: it expires in the Ending Phase (317.2.c).
  if (notThisTurn(replay, ev.duration, `${ev.verb} ${card.id} ${name} this turn`)) return;
  // `gains X Assault 3`: an instance with its value, summed with the unit's others (807.2, 814.2).
  changeKeyword(replay.board, card, ev.verb, name, ev.duration ? 'turn' : 'good', VALUED_KEYWORDS.includes(name) ? (ev.value?.value ?? 1) : undefined);
  if (ev.verb === 'gains' && (name === 'Weaponmaster' || name === 'Quick-Draw')) replay.board.enterTriggers = true;
  // Temporary (816) given: its controller's Beginning Phase looks at the card (Board.temporariesOf).
  if (ev.verb === 'gains' && name === 'Temporary') replay.board.markTemporary(card);
  // An Attacker's Assault, a Defender's Shield, count in its Might (807.1.c, 814.1.c): the cleanup looks at it again.
  if (card.combat !== undefined) replay.markDirty(card);
  if (replay.noting) replay.note(() => (ev.verb === 'loses' ? msg`${card.id} loses ${name}` : ev.value ? msg`${card.id} gains ${name} ${ev.value.value}` : msg`${card.id} gains ${name}`));
}
