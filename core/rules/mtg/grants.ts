// MTG abilities that attachments grant ("equipped creature has protection from red", "enchanted creature loses
// flying"): read from the declaration in characteristics.ts (mtgGrant, 613.1f, layer 6), applied in timestamp order (613.7a, 613.7e) by the engine
// (../../engine/abilities.ts); and keyword abilities that events give and take (`gains X flying`, 113.10).
import { MTG_KEYWORDS } from '../../parser/keywords';
import type { EventNode } from '../../parser/ast';
import { makesToken } from '../../parser/ast';
import { type Ability, hasAbility, keywordOfGame, mayRegain, regainKey } from '../../engine/abilities';
import type { Replay } from '../../engine/replay';
import type { RuleExplanation } from './explanations';
import { isPhasedOut, phasedOutSubject } from './phasing';
import { msg } from '../../message';
import { changeKeyword, lastsOf } from '../../engine/untilEndOfTurn';

/** The rules of this module, explained (assembled into the game's rules in explanations.ts). */
export const EXPLAINED: Record<string, RuleExplanation> = {
  '613.1f': { title: 'Layer 6: abilities', text: 'One layer holds every effect that gives an object abilities ("equipped creature has shroud") or takes them away ("enchanted creature loses flying"), keyword counters, and effects saying an object can\'t have an ability; within it they apply in timestamp order unless one depends on another.' },
  '613.1b': { title: 'Layer 2: control', text: 'The second layer holds every effect that changes who controls an object ("You control enchanted creature", an exchange of control); within it they apply in timestamp order, the latest one deciding.' },
  '613.1d': { title: 'Layer 4: types', text: 'The fourth layer holds every effect that changes an object\'s card types, subtypes or supertypes ("enchanted permanent is a colorless Forest land"); within it they apply in timestamp order. What the object is after them decides what may be attached to it, and what it may be attached to.' },
  '205.1a': { title: 'An effect that sets types', text: 'When an effect says an object is a card type, that type takes the place of its old card types (an instant or a sorcery keeps being one). New subtypes take the place of the old ones of the same kind (creature types, land types, artifact types...), and a subtype whose card type is gone goes with it unless a card type the object still has allows it.' },
  '205.1b': { title: 'An effect that keeps types', text: 'When an effect says the object keeps its old types ("in addition to its other types", "is still a ..."), it gets the new ones and loses nothing. One that makes an object an "artifact creature" also keeps its old card types and subtypes, except that creature types it names replace the old creature types.' },
  '613.7a': { title: 'Timestamp of a granted ability', text: "The effect of a static ability takes its object's timestamp, or that of the effect that gave the object the ability if it is later. When such an object gets a new timestamp (an Equipment becoming attached), all the effects of its static abilities get new ones too, in the order they had." },
};

/** `gains X flying`, `loses X first strike` (113.10; a loss takes every instance, 113.10b), in timestamp order with grants (613.1f). */
export function keywordAbilityEvent(replay: Replay, ev: Extract<EventNode, { kind: 'keyword-ability' }>): void {
  if (ev.unknown) {
    replay.report('syntax-error', ev.name.range, msg`Expected 'protection from ...', 'enchant FILTER', 'hexproof', 'shroud', 'ward', 'ability NAME' or a keyword (${MTG_KEYWORDS.join(', ')}), found '${ev.name.text}'.`);
    return;
  }
  const card = replay.card(ev.subject);
  if (!card) return;
  const name = keywordOfGame(replay, ev.name);
  if (!name) return;
  const lasts = lastsOf(replay, card, ev.duration);
  if (!lasts) return;
  const gains = ev.verb === 'gains';
  if (isPhasedOut(card) && phasedOutSubject(replay, card, ev, gains ? msg`an effect that makes it gain ${name}` : msg`an effect that makes it lose ${name}`, ['702.26e'])) return;
  const ability: Ability = { kind: 'keyword', name };
  // While an effect until end of turn is on it, the loss still counts: it applies when that effect ends;
  // so it does when an older source of the ability comes back (613.9's example: `mayRegain`).
  if (!gains && !hasAbility(card, ability) && !card.temporary && !mayRegain(replay.board, card, card.keywords.includes(name), regainKey(ability)!, (a) => a.kind === 'keyword' && a.name === name, (a) => typeof a !== 'string' && a.kind === 'keyword' && a.name === name)) {
    replay.report('impossible-event', ev.range, msg`${card.id} doesn't have ${name}, so it can't lose it: the line does nothing. Remove it, or give ${card.id} ${name} first.`, { rules: ['113.10'], subjects: [card.id] });
    return;
  }
  // `gains X flying until end of turn` (514.2).
  changeKeyword(replay.board, card, ev.verb, name, lasts);
  if (gains && makesToken(name)) replay.board.enterTriggers = true;
  // Indestructible gone, the damage marked on it may now destroy it (704.5g): the next check looks at it.
  if (card.damage !== 0 && card.toughness !== undefined) replay.markDirty(card);
  // `creatures with no abilities get +2/+2` (113.12): whether it has one may have changed (rules/mtg/anthems.ts).
  else if (replay.board.anthems !== undefined) replay.markDirty(card);
  if (replay.noting) replay.note(() => (gains ? msg`${card.id} gains ${name}` : msg`${card.id} loses ${name}`));
}
