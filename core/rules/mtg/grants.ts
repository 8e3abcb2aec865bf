// MTG abilities that attachments grant ("equipped creature has protection from red", "enchanted creature loses
// flying"): declared with the card (613.1f, layer 6), applied in timestamp order (613.7a, 613.7e) by the engine
// (../../engine/abilities.ts); and keyword abilities that events give and take (`gains X flying`, 113.10).
import type { AbilityNode, EventNode, GrantNode } from '../../parser/ast';
import { type Ability, type Grant, grantedBy, hasAbility, logAbilityChange } from '../../engine/abilities';
import { type CardObj, type PlayerObj, targetingKeywordOf } from '../../engine/board';
import type { Range } from '../../types';
import type { Replay } from '../../engine/replay';
import { MTG_KEYWORDS, RIFTBOUND_KEYWORDS } from '../../parser/keywords';
import type { RuleExplanation } from './explanations';
import { colorWord } from './characteristics';
import { isPhasedOut, phasedOutSubject } from './phasing';
import { msg, type Message } from '../../message';

/** The rules of this module, explained (assembled into the game's rules in explanations.ts). */
export const EXPLAINED: Record<string, RuleExplanation> = {
  '613.1f': { title: 'Layer 6: abilities', text: 'Effects that give an object abilities or take them away, "equipped creature has shroud" or "enchanted creature loses flying" among them, are applied together in one layer, each in timestamp order unless one depends on another.' },
  '613.7a': { title: 'Timestamp of a granted ability', text: "The effect of a static ability takes its object's timestamp, or that of the effect that gave the object the ability if it is later. When such an object gets a new timestamp (an Equipment becoming attached), all the effects of its static abilities get new ones too, in the order they had." },
};

/** An ability of a grant as the engine holds it, or a syntax error when MTG has no such ability here. */
function mtgAbility(replay: Replay, node: AbilityNode): Ability | undefined {
  switch (node.kind) {
    case 'keyword':
      if (!MTG_KEYWORDS.includes(node.name.text)) {
        replay.report('syntax-error', node.range, msg`\`${node.name.text}\` is a Riftbound keyword. MTG keywords here: ${MTG_KEYWORDS.join(', ')} (and protection, hexproof, shroud, ward).`);
        return undefined;
      }
      return { kind: 'keyword', name: node.name.text };
    case 'protection':
      return { kind: 'protection', quality: colorWord(node.quality.text) };
    case 'targeting':
      return { kind: 'targeting', keyword: targetingKeywordOf(node.keyword) };
    case 'grant': {
      const inner = mtgGrant(replay, node.grant);
      return inner ? { kind: 'grant', grant: inner } : undefined;
    }
  }
}

/**
 * A grant written in a declaration, as the engine holds it. A quoted grant ("equipped creature has
 * flying", 613.7a) is an ability given to the permanent the card enchants, so only `has` gives one.
 */
export function mtgGrant(replay: Replay, node: GrantNode): Grant | undefined {
  const abilities: Ability[] = [];
  for (const a of node.abilities) {
    if (a.kind === 'grant' && node.verb === 'loses') {
      replay.report('syntax-error', a.range, msg`A grant in quotes is an ability given to the permanent, with \`has\`: write \`${node.who.text} has "${a.grant.who.text} ${a.grant.verb} ..."\`.`);
      continue;
    }
    const x = mtgAbility(replay, a);
    if (x) abilities.push(x);
  }
  return abilities.length ? { who: node.who.text, verb: node.verb, abilities } : undefined;
}

/** A keyword ability as a card declares it (`, flying`): MTG's words only. */
export function mtgKeyword(replay: Replay, name: { text: string; range: Range }): string | undefined {
  if (MTG_KEYWORDS.includes(name.text)) return name.text;
  replay.report('syntax-error', name.range, RIFTBOUND_KEYWORDS.includes(name.text) ? msg`\`${name.text}\` is a Riftbound keyword; this scenario is \`game mtg\`. MTG keywords here: ${MTG_KEYWORDS.join(', ')}.` : msg`Unknown keyword '${name.text}'. MTG keywords here: ${MTG_KEYWORDS.join(', ')}.`);
  return undefined;
}

/** `gains X flying`, `loses X first strike` (113.10; a loss takes every instance, 113.10b), in timestamp order with grants (613.1f). */
export function keywordAbilityEvent(replay: Replay, ev: Extract<EventNode, { kind: 'keyword-ability' }>): void {
  const card = replay.card(ev.subject);
  if (!card) return;
  const name = mtgKeyword(replay, ev.name);
  if (!name) return;
  const gains = ev.verb === 'gains';
  if (isPhasedOut(card) && phasedOutSubject(replay, card, ev, gains ? msg`an effect that makes it gain ${name}` : msg`an effect that makes it lose ${name}`, ['702.26e'])) return;
  const ability: Ability = { kind: 'keyword', name };
  if (!gains && !hasAbility(card, ability)) {
    replay.report('impossible-event', ev.range, msg`${card.id} doesn't have ${name}, so it can't lose it: the line does nothing. Remove it, or give ${card.id} ${name} first.`, { rules: ['113.10'], subjects: [card.id] });
    return;
  }
  changeKeyword(replay, card, ev.verb, name);
  if (replay.noting) replay.note(() => (gains ? msg`${card.id} gains ${name}` : msg`${card.id} loses ${name}`));
}

/** A keyword gained or lost by an event: on the card, and in its log for the order against grants (engine/abilities.ts). */
export function changeKeyword(replay: Replay, card: CardObj, verb: 'gains' | 'loses', name: string): void {
  const without = card.keywords.filter((k) => k !== name);
  card.keywords = verb === 'gains' ? [...without, name] : without;
  card.modified = true;
  logAbilityChange(replay.board, card, verb, { kind: 'keyword', name });
}

/** ` (from X)` when an attachment gives `host` this ability (613.1f), for a message; nothing when it is the host's own. */
export function fromGrant(host: CardObj | PlayerObj, label: string): Message | string {
  const by = grantedBy(host, label);
  return by ? msg` (given by ${by})` : '';
}
