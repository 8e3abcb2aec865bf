// The words of the game that messages put into their sentences, each a message of its own so that
// it is translated with the sentence (a zone's name takes an article and a preposition in French
// and Italian: "in graveyard" is "dans le cimetière", "nel cimitero"). Scenario keywords written
// in backticks stay as they are; these are the words of prose.
import type { Word } from '../parser/ast';
import type { Replay } from './replay';
import { msg, type Message } from '../message';
import { table } from '../tables';
import { isNamedAbility, MTG_CARD_TYPES, MTG_SUPERTYPES } from '../parser/keywords';
import { colorBit } from './board';

const IN_ZONE = table<Message>({
  battlefield: msg`in battlefield`,
  hand: msg`in hand`,
  library: msg`in library`,
  graveyard: msg`in graveyard`,
  exile: msg`in exile`,
  stack: msg`in stack`,
  command: msg`in command`,
  outside: msg`in outside`,
  ceased: msg`in no zone (it ceased to exist)`,
  base: msg`in base`,
  deck: msg`in deck`,
  trash: msg`in trash`,
  banishment: msg`in banishment`,
  chain: msg`on the chain`,
});

const ZONE = table<Message>({
  battlefield: msg`battlefield`,
  hand: msg`hand`,
  library: msg`library`,
  graveyard: msg`graveyard`,
  exile: msg`exile`,
  stack: msg`stack`,
  command: msg`command`,
  outside: msg`outside`,
  ceased: msg`no zone`,
  base: msg`base`,
  deck: msg`deck`,
  trash: msg`trash`,
  banishment: msg`banishment`,
  chain: msg`chain`,
});

/** `in ZONE` as the English messages write it (no article): "in graveyard". */
export function inZone(zone: string): Message | string {
  return IN_ZONE[zone] ?? `in ${zone}`;
}

/** A zone's name alone: "graveyard". */
export function zoneWord(zone: string): Message | string {
  return ZONE[zone] ?? zone;
}

const ABILITY = table<Message>({
  equip: msg`equip ability`,
  fortify: msg`fortify ability`,
  reconfigure: msg`reconfigure ability`,
  attach: msg`attach ability`,
  'living weapon': msg`living weapon trigger`,
  'for mirrodin': msg`For Mirrodin! trigger`,
  'job select': msg`Job select trigger`,
  Weaponmaster: msg`Weaponmaster trigger`,
  'Quick-Draw': msg`Quick-Draw trigger`,
  // MTG `when put into a graveyard from the battlefield` (603.6c): `rancor's trigger`.
  trigger: msg`trigger`,
});

/** A keyword's activated ability: "equip ability". */
export function abilityWord(keyword: string): Message | string {
  return ABILITY[keyword] ?? namedAbilityWord(keyword) ?? `${keyword} ability`;
}

const KEYWORD = table<Message>({
  equip: msg`equip`,
  fortify: msg`fortify`,
  reconfigure: msg`reconfigure`,
  attach: msg`attach`,
});

/** A keyword ability's name in prose: "equip". */
export function keywordWord(keyword: string): Message | string {
  return KEYWORD[keyword] ?? namedAbilityWord(keyword) ?? keyword;
}

/** `ability NAME`, an activated ability the scenario names, in the words of the language (undefined for any other keyword). */
function namedAbilityWord(keyword: string): Message | undefined {
  return isNamedAbility(keyword) ? msg`ability ${keyword.slice('ability '.length)}` : undefined;
}

const QUALITY = table<Message>({
  white: msg`white`,
  blue: msg`blue`,
  black: msg`black`,
  red: msg`red`,
  green: msg`green`,
  everything: msg`everything`,
  'all colors': msg`all colors`,
  'each color': msg`each color`,
  multicolored: msg`multicolored`,
  monocolored: msg`monocolored`,
  artifacts: msg`artifacts`,
  creatures: msg`creatures`,
  enchantments: msg`enchantments`,
  lands: msg`lands`,
  planeswalkers: msg`planeswalkers`,
  instants: msg`instants`,
  sorceries: msg`sorceries`,
});

/** A protection or hexproof quality in prose: "white", "artifacts"; anything else (a player, a subtype) as written. */
export function qualityWord(quality: string): Message | string {
  return QUALITY[quality] ?? quality;
}

/** A word that is not one of `known` (a color, a card type, a step): a syntax error that lists them. */
export function unknownWord(replay: Replay, w: Word, what: Message, known: readonly string[]): void {
  replay.report('syntax-error', w.range, msg`Unknown ${what} '${w.text}'. Known: ${known.join(', ')}.`);
}

/** The words an MTG filter knows besides card types, supertypes, colors and capitalized subtypes (the rules' termMatches reads them). */
const MTG_FILTER_WORDS = new Set(['permanent', 'card', 'object', 'player', 'opponent', 'token', 'colorless']);

/**
 * Is `w` a word of an MTG filter (`enchant`, an equip quality, `can be attached only to`) the checker
 * can read: a card type, supertype, color, filter word, or a capitalized subtype? Not `with` (`enchant
 * creature with flying`), nor a lowercase subtype. The rules report such words; card data leaves out a
 * filter with one.
 */
export function mtgFilterWord(w: string): boolean {
  return MTG_CARD_TYPES.includes(w) || MTG_SUPERTYPES.includes(w) || colorBit(w) !== 0 || MTG_FILTER_WORDS.has(w) || /^\p{Lu}/u.test(w);
}

/**
 * "until alice's next turn", or, for effects that waited for several players' turns, "until the next
 * turns of alice and bob" (a list read as one name would say "until alice, bob's next turn").
 */
export function untilNextTurnsOf(players: readonly string[]): Message {
  if (players.length === 1) return msg`until ${players[0]}'s next turn`;
  return msg`until the next turns of ${players.slice(0, -1).join(', ')} and ${players[players.length - 1]}`;
}
