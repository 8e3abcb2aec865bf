// MTG characteristics: card types, supertypes, colors and zones; what is an Aura, Equipment, Fortification or
// creature (702.151b reconfigure); enchant and equip filters (109.2 descriptions mean permanents, 109.2a a card in a
// named zone, 702.5 enchant).
import type { CardStmt, Filter, FilterTerm, FilterToughness, FilterZone, Word, AbilityNode, GrantNode, Property } from '../../parser/ast';
import { filterText, makesToken, zoneText } from '../../parser/ast';
import { declaredDamage, dyingAs, statWords } from '../../engine/damage';
import { adding, type Board, boardAround, effectiveToughness, cantKind, type CardObj, colorBit, FACE, type FaceDown, subtypeKind, takePrinted, typeKinds, type HostRef, isCard, KIND_AURA, KIND_CREATURE, KIND_EQUIPMENT, KIND_FORTIFICATION, KIND_PERMANENT_TYPE, LOST_ENCHANT, LOST_EQUIP, type PlayerObj, protectionQualities, pushing } from '../../engine/board';
import { type Ability, type Grant, type GrantKeep, keywordOfGame, targetingKeywordOf } from '../../engine/abilities';
import { typeChangeOf } from '../../engine/typeChange';
import { becomeFaceDown } from '../../engine/copiable';
import type { Replay } from '../../engine/replay';
import { controlOutOfPlace } from '../../engine/declaredControl';
import { declaredStatus, MTG_STATUS } from '../../engine/status';
import { declaredTrigger, MTG_TRIGGERS, ON_ENCHANTED_DIES, ON_EQUIPPED_DIES, ON_TO_GRAVEYARD } from '../../engine/triggers';
import { unknownWord } from '../../engine/words';
import type { Range } from '../../types';
import type { RuleExplanation } from './explanations';
import { msg, type Message } from '../../message';
import { abilityWord, inZone, mtgFilterWord, zoneWord } from '../../engine/words';
import { declareBackFace, declareTransforms } from './faces';
import { CHOSEN_COLOR, keywordInOtherCase, MTG_CARD_TYPES, MTG_COLORS, MTG_KEYWORDS, MTG_SUPERTYPES, mtgSubtypeSet, MTG_ZONE_WORDS } from '../../parser/keywords';

/** The rules of this module, explained (assembled into the game's rules in explanations.ts). */
export const EXPLAINED: Record<string, RuleExplanation> = {
  '108.2b': { title: 'Tokens are not cards', text: "A token isn't a card, even one shown by a card: what speaks of cards (\"creature card in a graveyard\") never means a token." },
  '111.1': { title: 'Tokens are made by effects', text: 'Tokens come onto the battlefield because an effect makes them; a token stands for a permanent no card represents.' },
  '105.2': { title: 'Colors of an object', text: 'An object is one or more of the five colors, or colorless; its color comes from its mana cost, a color indicator, or an ability that defines its color (devoid), unless an effect changes it.' },
  '109.3': { title: 'Characteristics', text: "An object's characteristics are what its card prints (name, cost, color, types, rules text, abilities and so on), not its state (tapped, attached, controlled); effects can change them." },
  '201.2': { title: 'A card is known by its English name', text: "A card's name is its English name, whatever language its copy is printed in; cards are told apart by name." },
  '205.1': { title: 'The type line', text: 'The type line gives the card types, and any subtypes and supertypes, of the card.' },
  '109.2': { title: 'Descriptions mean permanents', text: 'A description that uses a card type or subtype ("enchant creature", "target land") means a permanent of that type on the battlefield, unless it names a zone or uses the word "card" (or "spell", "source", "scheme").' },
  '109.2a': { title: 'Cards in a named zone', text: 'When a description says "card" and names a zone ("enchant creature card in a graveyard"), it means a card of that kind in that zone, not a permanent on the battlefield.' },
  '702.5': { title: 'Enchant', text: 'The keyword ability that says what an Aura can target and be attached to.' },
  '702.5a': { title: 'Enchant', text: 'Enchant limits both what an Aura spell can target and what the Aura permanent can be attached to.' },
  '702.5c': { title: 'Several enchant abilities', text: 'An Aura with more than one enchant ability must satisfy all of them.' },
  '702.5d': { title: 'Enchant player', text: 'An Aura with enchant player can target and be attached only to players, never to permanents.' },
  '702.151': { title: 'Reconfigure', text: 'Reconfigure lets an Equipment creature attach to another creature you control (and stop being a creature) or unattach.' },
  '702.151a': { title: 'Reconfigure', text: 'Reconfigure is two abilities its controller activates only as a sorcery: one attaches it to another creature they control, chosen as a target; the other unattaches it, and can be activated only while it is attached to a creature.' },
  '613.8': { title: 'Dependency', text: 'An effect depends on another in the same layer if applying the other would change what it applies to or what it does; a dependent effect applies after the one it depends on, whatever their timestamps.' },
  '613.7': { title: 'Timestamp order', text: 'Within a layer, effects usually apply in timestamp order, the oldest first, so the newest has the last word; a dependency overrides that (613.8): an effect whose reach another effect changes applies after it, whatever their timestamps.' },
  '702.103b': { title: 'A bestowed Aura', text: 'A card cast bestowed becomes an Aura enchantment with enchant creature as it goes on the stack, and stays one, no creature, as the permanent it becomes, for as long as it is bestowed.' },
  '208.3': { title: 'Only creatures have power and toughness', text: "A permanent that isn't a creature has neither power nor toughness, even one whose card prints them (an uncrewed Vehicle); a filter that asks for a toughness never describes it. Off the battlefield, a card that isn't a creature has them only when they are printed on it." },
  '702.151b': { title: 'Reconfigured Equipment', text: 'An Equipment with reconfigure that gets attached to another creature is no longer a creature from then until it comes off that creature. The attaching does this, not the ability, so it lasts even if the Equipment loses reconfigure meanwhile.' },
};

export const COLORS = MTG_COLORS;
export const MTG_ZONES = MTG_ZONE_WORDS;

/**
 * The rules' own string for a color word (the word itself otherwise). Declared colors and
 * protections are compared with the color words on every attach and state-based check; the text's
 * copies compare character by character, these by identity.
 */
export function colorWord(w: string): string {
  for (const c of COLORS) if (c === w) return c;
  return w;
}

export type Host = CardObj | PlayerObj;

/** Why something cannot be attached: the deciding rules and a sentence. */
export interface Problem {
  rules: string[];
  why: Message;
  code?: 'not-attachable';
}

export function isAura(c: CardObj): boolean {
  // A bestowed card is an Aura enchantment (702.103b) until an effect takes the enchantment type away (205.1a).
  return (c.kinds & KIND_AURA) !== 0 || (c.bestowed && c.types.has('enchantment'));
}

export function isEquipment(c: CardObj): boolean {
  return (c.kinds & KIND_EQUIPMENT) !== 0;
}

export function isFortification(c: CardObj): boolean {
  return (c.kinds & KIND_FORTIFICATION) !== 0;
}

export function isCreature(c: CardObj): boolean {
  if ((c.kinds & KIND_CREATURE) === 0) return false;
  // Bestow (702.103b) and reconfigure (702.151b) make it no creature from its own timestamp (as it became
  // bestowed, as it was attached); an effect newer than that makes it one again (613.7).
  if (newlyCreature(c)) return true;
  if (c.bestowed) return false;
  // 702.151b: attached reconfigure Equipment is not a creature, until it comes off (even if it lost reconfigure there).
  if (isEquipment(c) && c.attachedTo && (c.reconfigure || sameHost(c.reconfiguredOn, c.attachedTo))) return false;
  return true;
}

/** Did an effect newer than the card's own timestamp make it a creature (613.7: over bestow or reconfigure)? */
export function newlyCreature(c: CardObj): boolean {
  return c.creatureAt !== undefined && c.creatureAt > c.timestamp;
}

function sameHost(a: HostRef | undefined, b: HostRef): boolean {
  return a !== undefined && a.kind === b.kind && a.id === b.id && (a.kind === 'player' || b.kind === 'player' || a.version === b.version);
}

function hasType(c: CardObj, t: string): boolean {
  return t === 'creature' ? isCreature(c) : c.types.has(t);
}

export function article(word: string): Message {
  return /^[aeiou]/i.test(word) ? msg`an ${word}` : msg`a ${word}`;
}

/** Does the permanent's static ability apply now: on the battlefield, phased in (702.26b), not stripped of its abilities (113.10)? */
export function inEffect(c: CardObj): boolean {
  return c.zone === 'battlefield' && c.phasedOut === 'no' && !c.lost.has('all');
}

/** Has the card one of the card types of permanents (110.4: artifact, creature, enchantment, land, planeswalker, battle)? */
export function hasPermanentType(c: CardObj): boolean {
  return (c.kinds & KIND_PERMANENT_TYPE) !== 0;
}

/** `inZone`: the filter names a zone (109.2a), so the words describe a card there, not a permanent. `you`: the player "you" is (109.5). */
export function termMatches(word: string, host: Host, you: string | undefined, inZone = false): boolean {
  if (!isCard(host)) return word === 'player' || (word === 'opponent' && host.id !== you);
  // The word most filters are (enchant creature, equip creature): a card type, decided as below.
  if (word === 'creature') return isCreature(host);
  switch (word) {
    case 'permanent':
      return inZone ? hasPermanentType(host) : host.zone === 'battlefield';
    // Tokens aren't cards (108.2b): Animate Dead's "creature card in a graveyard" is never one.
    case 'card':
      return !host.token;
    case 'object':
      return true;
    case 'player':
    case 'opponent':
      return false;
    case 'token':
      return host.token;
    case 'colorless':
      return host.colors.size === 0;
  }
  const color = colorBit(word);
  if (color !== 0) return (host.kinds & color) !== 0;
  if (MTG_SUPERTYPES.includes(word)) return host.supertypes.has(word);
  if (MTG_CARD_TYPES.includes(word)) return hasType(host, word);
  // subtypesOf, without a list made for each term: a bestowed Aura is an Aura; a creature type counts only while kept.
  if (word === 'Aura' && host.bestowed) return true;
  return host.subtypes.has(word) && (mtgSubtypeSet(word) !== 'creature' || keepsCreatureTypes(host));
}

/** Does `card` keep its creature types now: not a creature card that isCreature says is none (bestowed, attached by reconfigure)? A kindred card keeps them (205.3m). */
function keepsCreatureTypes(card: CardObj): boolean {
  return !card.types.has('creature') || isCreature(card) || card.types.has('kindred');
}

/**
 * The subtypes `card` has as it is now: a bestowed Aura is an Aura enchantment and no creature
 * (702.103b), and an attached reconfigure Equipment no creature (702.151b), so neither keeps its
 * creature types (205.1a; a kindred card keeps them, 205.3m). What filters, protection and messages read.
 */
export function subtypesOf(card: CardObj): readonly string[] {
  const all = [...card.subtypes];
  const kept = keepsCreatureTypes(card) ? all : all.filter((s) => mtgSubtypeSet(s) !== 'creature');
  return card.bestowed && !kept.includes('Aura') ? ['Aura', ...kept] : kept;
}

/** Is an equip ability's quality `planeswalker` alone: the ability is `equip planeswalker` (702.6e)? */
function isEquipPlaneswalker(q: Filter | undefined): boolean {
  const t = q?.alternatives.length === 1 && q.alternatives[0].length === 1 ? q.alternatives[0][0] : undefined;
  return t !== undefined && !t.negated && t.word === 'planeswalker' && !q!.control && !q!.zone;
}

/**
 * Does `att` equip `h` through its `equip planeswalker` ability (702.6e: a planeswalker its activator
 * controls, as though it were a creature)? When `h` is a creature too, a plain equip does it, if `att` has one.
 */
export function equipsAsPlaneswalker(att: CardObj, h: Host): boolean {
  return att.equipPlaneswalker !== 'no' && isCard(h) && h.types.has('planeswalker') && (att.equipPlaneswalker === 'only' || !isCreature(h));
}

/** A quality in the plural as its singular: `creatures` is `creature`, `sorceries` `sorcery`, `Goblins` `Goblin` (`Faeries` `Faerie`). */
export function qualitySingular(w: string): string {
  return w === 'sorceries' ? 'sorcery' : w.endsWith('s') ? w.slice(0, -1) : w;
}

/** Subtypes whose plural is not made with -s, -es, -ies or -ves (`protection from Mice`). */
const IRREGULAR_PLURALS: ReadonlyMap<string, readonly string[]> = new Map([
  ['mouse', ['mice']],
  ['ox', ['oxen']],
  ['fungus', ['fungi', 'funguses']],
  ['homunculus', ['homunculi']],
  ['octopus', ['octopi', 'octopuses']],
  ['cyclops', ['cyclopes', 'cyclopses']],
]);

/**
 * Does a quality written in the plural (or as the word itself: `Merfolk`, `Sheep`) name the subtype
 * `subtype` (`Goblins` Goblin, `Elves` Elf, `Wolves` Wolf, `Sphinxes` Sphinx, `Allies` Ally, `Zombies`
 * Zombie, `Mice` Mouse)? Read from the subtype's side, so no singular has to be guessed.
 */
export function namesSubtype(written: string, subtype: string): boolean {
  const w = written.toLowerCase();
  const s = subtype.toLowerCase();
  if (w === s || w === `${s}s` || w === `${s}es`) return true;
  if (s.endsWith('y') && w === `${s.slice(0, -1)}ies`) return true;
  if (s.endsWith('f') && w === `${s.slice(0, -1)}ves`) return true;
  if (s.endsWith('fe') && w === `${s.slice(0, -2)}ves`) return true;
  return IRREGULAR_PLURALS.get(s)?.includes(w) ?? false;
}

/** The lowercase qualities of protection the checker reads besides colors, card types in the plural, supertypes and player names (702.16a). */
const QUALITY_WORDS = new Set(['all colors', 'each color', 'multicolored', 'monocolored', 'colorless', 'everything']);

/**
 * Is the quality of a protection one the checker can read (702.16a): a color, `multicolored`,
 * `monocolored`, `colorless`, `all colors`, `everything`, card types in the plural (`creatures`,
 * `sorceries`), a supertype, a player, or a capitalized subtype (`Auras`, `Goblins`)? Another word (a
 * misspelt color) is a syntax error: a protection that never matches would pass silently.
 */
export function readableQuality(replay: Replay, q: Word, rule: '702.16a' | '702.11d' = '702.16a'): boolean {
  const w = q.text;
  // A card name, in quotes (702.16a; the parser reads no name after `hexproof from`).
  if (w.startsWith('"')) {
    if (w.length > 2) return true;
    replay.report('syntax-error', q.range, msg`A card name in quotes can't be empty.`, { rules: [rule] });
    return false;
  }
  // The qualities most protections have (a color, `everything`), lowercase already: no lowercase copy is made.
  if (MTG_COLORS.includes(w) || QUALITY_WORDS.has(w)) return true;
  // `Red`, `Artifacts`: a color or a card type capitalized would be read as a subtype that matches nothing.
  const lower = w.toLowerCase();
  if (w !== lower && (MTG_COLORS.includes(lower) || MTG_CARD_TYPES.includes(qualitySingular(lower)) || QUALITY_WORDS.has(lower))) {
    replay.report('syntax-error', q.range, msg`'${w}' is written as a subtype; a color or a card type is lowercase: write '${lower}'.`, { rules: [rule] });
    return false;
  }
  // A player is a quality of protection (702.16k), not of hexproof: 702.11d has no hexproof from a player.
  if (rule === '702.11d' && replay.board.players.has(w)) {
    replay.report('syntax-error', q.range, msg`'${w}' is a player, and \`hexproof from\` is from a quality of spells and of abilities' sources (702.11d): the rules define no hexproof from a player, as they do protection from one (702.16k). Write a quality (a color, a card type), or \`protection from ${w}\` if that is what is meant.`, { rules: ['702.11d', '702.16k'] });
    return false;
  }
  if (startsUppercase(w) || MTG_SUPERTYPES.includes(w) || replay.board.players.has(w)) return true;
  if (MTG_CARD_TYPES.includes(qualitySingular(w))) return true;
  replay.report('syntax-error', q.range, rule === '702.16a' ? msg`Unknown quality '${w}' for protection. Known: a color, multicolored, monocolored, colorless, all colors, everything, card types in the plural (creatures, artifacts...), a supertype, a player, a capitalized subtype (Auras, Goblins), or a card name in quotes.` : msg`Unknown quality '${w}' for \`hexproof from\`. Known: a color, multicolored, monocolored, colorless, card types in the plural (creatures, artifacts...), a supertype, or a capitalized subtype (Auras, Goblins).`, { rules: [rule] });
  return false;
}

/** Does `w` start with an uppercase letter (`\p{Lu}`)? ASCII is decided without the regular expression (each protection event asks). */
function startsUppercase(w: string): boolean {
  const c = w.charCodeAt(0);
  if (c < 128) return c >= 65 && c <= 90;
  return /^\p{Lu}/u.test(w);
}

/** The filter of each `cast only targeting a tapped FILTER` as the replay reads it (readableFilter), by its property. */
const castOnlyFilters = new WeakMap<Property, Filter>();

/** The filter of a `cast only targeting a tapped FILTER` property as read (the words a filter doesn't know left out). */
export function castOnlyFilter(p: Extract<Property, { kind: 'cast-only' }>): Filter {
  return castOnlyFilters.get(p) ?? p.filter;
}

/**
 * A filter (`enchant`, an equip quality, `can be attached only to`, `cast only targeting a tapped`) as the
 * replay reads it. A word that is no card type, supertype, color, filter word or capitalized subtype
 * (`with` in `enchant creature with flying`, Daybreak Coronet's `with another Aura attached to it`, a
 * number) starts something the checker does not model: one syntax error, and the filter is read up to it
 * (`enchant creature`; the alternatives after it are dropped), so it never forbids a host for words it
 * can't read. `rule` is the ability's (702.5a enchant, 702.6c equip quality, 701.3a an attachment's own
 * restriction, 601.2c a limit on a spell's target as it is cast).
 */
export function readableFilter(replay: Replay, f: Filter, rule: '702.5a' | '702.6c' | '701.3a' | '115.1' | '601.2c'): Filter {
  const alts = f.alternatives;
  if (!replay.board.colorFiltersDeclared && namesColor(alts)) replay.board.colorFiltersDeclared = true;
  // A host's toughness is read again as it changes only on a board where some filter reads it (Replay.takeDirty).
  if (f.toughness) replay.board.toughnessFiltersDeclared = true;
  for (let i = 0; i < alts.length; i++) {
    const alt = alts[i];
    const k = alt.findIndex((t) => !mtgFilterWord(t.word));
    if (k < 0) continue;
    // What follows is not read, the alternatives after it included: an `or` there may be the unread
    // phrase's (`with toughness 4 or greater`). Nothing before it in its alternative: any permanent.
    const last = alts[alts.length - 1];
    const read: FilterTerm[] = k > 0 ? alt.slice(0, k) : [{ negated: false, word: 'permanent', range: alt[k].range }];
    const alternatives = [...alts.slice(0, i), read];
    const shown = filterText({ ...f, alternatives });
    // `enchant tapped permanent`: Dream Leash's "tapped" limits the spell's target as it is cast, not what the Aura may enchant.
    if (alt[k].word === 'tapped' && rule === '702.5a') {
      replay.report('syntax-error', alt[k].range, msg`An enchant filter doesn't read whether a permanent is tapped: what an Aura may enchant doesn't change as its object taps and untaps. A card that can be cast only targeting a tapped permanent (Dream Leash) says so on its own: \`enchant permanent, cast only targeting a tapped permanent\`. The replay reads the filter as \`${shown}\`.`, { rules: [rule, '601.2c'] });
      return { ...f, alternatives };
    }
    replay.report('syntax-error', { start: alt[k].range.start, end: last[last.length - 1].range.end }, msg`'${alt[k].word}' is not a word a filter knows, so the checker can't read what follows it: a filter is card types, supertypes, subtypes (capitalized: Aura, Forest), colors, \`token\`, \`permanent\`, \`card\`, \`player\` and \`opponent\`, with \`non\`, \`or\`, \`you control\`, \`with another Aura attached to it\`, \`with toughness N or greater\` (\`or less\`) and a graveyard. The replay reads it as \`${shown}\`: check by hand what the rest allows.`, { rules: [rule] });
    return { ...f, alternatives };
  }
  return f;
}

/** Does a term of these alternatives name a color (`red`, `nonwhite`, `colorless`: termMatches reads the host's colors)? */
function namesColor(alts: readonly (readonly FilterTerm[])[]): boolean {
  for (let i = 0; i < alts.length; i++) for (let j = 0; j < alts[i].length; j++) if (alts[i][j].word === 'colorless' || colorBit(alts[i][j].word) !== 0) return true;
  return false;
}

/** `can be attached only to FILTER` (Konda's Banner), as the replay reads it: gone when the card loses all its abilities (113.10). */
export function attachOnlyOf(att: CardObj): Filter | undefined {
  const f = att.attachOnly;
  return f && !att.lost.has('all') && att.granted?.lostAll === undefined ? f : undefined;
}

/** Does the card have reconfigure now (702.151): printed, and not taken by an event (113.10) or by an attachment's grant of `loses all abilities` (613.1f)? */
export function hasReconfigure(c: CardObj): boolean {
  return c.reconfigure && c.granted?.lostAll === undefined;
}

/** Has the card lost its equip ability (113.10): an event removed it, or an attachment's grant took all its abilities? */
export function lostEquip(c: CardObj): boolean {
  return (c.kinds & LOST_EQUIP) !== 0 || c.granted?.lostAll !== undefined;
}

/** Has the card lost its fortify ability (113.10): an event removed it, or an attachment's grant took all its abilities? */
export function lostFortify(c: CardObj): boolean {
  return c.lost.has('fortify') || c.granted?.lostAll !== undefined;
}

/**
 * An Aura, Equipment or Fortification (so 701.3b's "not an attachment" doesn't apply) that has no `kw`
 * ability to activate: equip is an ability of Equipment (702.6a), fortify of Fortifications (702.67a),
 * reconfigure of the Equipment with that keyword (702.151a). The finding's words and rules (naming
 * the ability it has instead, if any); undefined when the card has the ability, or is no attachment at all.
 */
export function missingActivatedAbility(att: CardObj, kw: 'equip' | 'fortify' | 'reconfigure'): { rules: string[]; message: Message } | undefined {
  const equipment = isEquipment(att);
  const fortification = isFortification(att);
  if (!equipment && !fortification && !isAura(att)) return undefined;
  const other = fortification && kw !== 'fortify' ? 'fortify' : equipment && att.hasEquip && kw !== 'equip' ? 'equip' : undefined;
  const alt = other ? msg`If its ${abilityWord(other)} was meant, write \`${other}\` instead; if not, remove the line.` : msg`Remove the line.`;
  if (kw === 'reconfigure') {
    if (equipment && hasReconfigure(att)) return undefined;
    return {
      rules: ['702.151a', '113.3b'],
      message: equipment
        ? msg`${att.id} is an Equipment without reconfigure, and reconfigure is a keyword ability only some Equipment have, so ${att.id} has no reconfigure ability to activate. Nothing happens. Add \`reconfigure\` to its declaration if the card has it. ${alt}`
        : msg`${describe(att)} is not an Equipment, and reconfigure is an activated ability of Equipment cards, so ${att.id} has no reconfigure ability to activate. Nothing happens. ${alt}`,
    };
  }
  if (kw === 'equip') {
    if (equipment) return undefined;
    return { rules: ['702.6a', '113.3b'], message: msg`${describe(att)} is not an Equipment, and equip is an activated ability of Equipment cards, so ${att.id} has no equip ability to activate. Nothing happens. ${alt}` };
  }
  if (fortification) return undefined;
  return { rules: ['702.67a', '113.3b'], message: msg`${describe(att)} is not a Fortification, and fortify is an activated ability of Fortification cards, so ${att.id} has no fortify ability to activate. Nothing happens. ${alt}` };
}

/** Has the card reconfigure and no equip ability (Lion Sash)? Its one-line `equip` is its reconfigure (702.151a), timed as such. */
export function reconfigureOnly(c: CardObj): boolean {
  return c.reconfigure && !c.hasEquip;
}

/** Who took an ability the card lost, for the messages: an effect, or the attachment whose grant takes all its abilities. */
export function lossWords(c: CardObj): Message {
  const by = c.granted?.lostAll;
  return by !== undefined ? msg`${by}, attached to it, takes all its abilities` : msg`an effect removed it`;
}

/** Does a filter (enchant or equip quality) allow this host, for an attachment controlled as `att` is? */
export function filterMatches(f: Filter, host: Host, att: CardObj): boolean {
  if (f.zone && (!isCard(host) || zoneMismatch(f.zone, host, att))) return false;
  return termsMatch(f, host, att.controller, f.zone !== undefined, att);
}

/** Does `a`, attached to `host`, count as an Aura there (`with another Aura attached to it`): an Aura, phased in (702.26b), there already (readingSiblings)? */
function countsAsAura(a: CardObj | undefined, host: Host): a is CardObj {
  return a !== undefined && a.phasedOut === 'no' && isAura(a) && host.attachments.has(a.id) && !(typeof reading === 'function' && reading(a));
}

/**
 * How `with another Aura attached to it` is read while `readingSiblings` runs: `waived` (an initial
 * `attached to`, judged as its line is read: the other Auras may be declared after it, or be a second
 * Coronet, and the declared board's state-based actions judge the whole board), or the cards that
 * enter the battlefield in the same resolution as an Aura whose object is being chosen, which are not
 * there yet (303.4f) and don't count. Undefined: as the board stands.
 */
type SiblingReading = 'waived' | ((a: CardObj) => boolean);
let reading: SiblingReading | undefined;

/** `fn` with `with another Aura attached to it` read as `how` says (SiblingReading). */
export function readingSiblings<T>(how: SiblingReading, fn: () => T): T {
  const was = reading;
  reading = how;
  try {
    return fn();
  } finally {
    reading = was;
  }
}

/**
 * Up to `limit` of the Auras that count on `host` other than `self`, from the board's list of the
 * Auras attached there (Board.aurasOf, a hint): the ones no longer attached are dropped from it, and
 * the ones that don't count now (phased out, no longer Auras) are put at its end, so that a host that
 * loses its Auras one by one is not read whole at every look.
 */
export function countingAuras(board: Board, host: Host, self: CardObj | undefined, limit: number): CardObj[] {
  const list = board.aurasOf(host);
  const found: CardObj[] = [];
  let stale: string[] | undefined;
  let later: string[] | undefined;
  for (const id of list) {
    if (found.length >= limit) break;
    const a = board.cards.get(id);
    if (a === self) continue;
    if (!a || !host.attachments.has(id)) (stale ??= []).push(id);
    else if (countsAsAura(a, host)) found.push(a);
    else (later ??= []).push(id);
  }
  if (stale) for (const id of stale) list.delete(id);
  if (later) for (const id of later) list.delete(id), list.add(id);
  return found;
}

/**
 * Does `host` have an Aura attached to it other than `self` (`with another Aura attached to it`,
 * Daybreak Coronet)? A phased-out one is treated as though it doesn't exist (702.26b). The board's
 * list of Auras first; then every attachment, for an Aura it doesn't list (one that became an Aura
 * while attached), which it then lists.
 */
export function hasAnotherAura(host: Host, self: CardObj | undefined): boolean {
  if (reading === 'waived') return true;
  // `self` is the card whose filter it is: a watcher, whose board is known (Board.watchSiblings).
  const board = self && boardAround(self);
  if (!board) return false;
  if (countingAuras(board, host, self, 1).length > 0) return true;
  for (const id of host.attachments) {
    const a = board.cards.get(id);
    if (a !== self && countsAsAura(a, host)) {
      board.aurasOf(host).add(id);
      return true;
    }
  }
  return false;
}

/**
 * When `host` is what `f` describes but for its `with another Aura attached to it`: the words that
 * say what is missing (for the messages); otherwise undefined.
 */
export function missingAura(f: Filter, host: Host, self: CardObj, you: string | undefined): { why: Message; rules: string[] } | undefined {
  if (!f.withAura || hasAnotherAura(host, self)) return undefined;
  if (!termsMatch({ ...f, withAura: undefined }, host, you, f.zone !== undefined, self)) return undefined;
  // Attached, but phased out (treated as though it doesn't exist, 702.26b) or entering at the same
  // time as `self` (not there yet as its object is chosen, 303.4f): named.
  const cards = boardAround(self)?.cards;
  const away: string[] = [];
  const entering: string[] = [];
  for (const id of host.attachments) {
    const a = cards?.get(id);
    if (!a || a === self || !isAura(a)) continue;
    if (a.phasedOut !== 'no') away.push(id);
    else if (typeof reading === 'function' && reading(a)) entering.push(id);
  }
  // "Another" Aura than the Aura whose filter it is; any Aura when the filter is another card's (an Equipment's, an effect's).
  const none = isAura(self) ? msg`no Aura other than ${self.id} is attached to ${host.id}` : msg`no Aura is attached to ${host.id}`;
  if (entering.length > 0) return { why: msg`${none} already (${entering.join(', ')} enters the battlefield at the same time, in this resolution, so is not yet there as ${self.id}'s object is chosen)`, rules: ['303.4f'] };
  if (away.length === 0) return { why: none, rules: [] };
  return { why: msg`${none} (${away.join(', ')}, phased out, is treated as though it doesn't exist)`, rules: ['702.26b'] };
}

/**
 * Does `host` have the toughness `t` asks for (`with toughness 4 or greater`): a creature (208.3: nothing
 * else has a toughness) whose toughness now, with what its attachments and counters add (613.4c, 122.1a),
 * is at least (at most) the number? A creature whose toughness the scenario doesn't state fits: the
 * checker reads toughness only where it is stated, and refuses no host for what it can't know.
 */
export function toughnessFits(t: FilterToughness, host: Host): boolean {
  if (!isCard(host) || !isCreature(host)) return false;
  const now = effectiveToughness(host);
  return now === undefined || (t.or === 'greater' ? now >= t.value : now <= t.value);
}

/**
 * When `host` is what `f` describes but for its toughness (`with toughness 4 or greater`): the words
 * that say what it has (for the messages), with the rules that made it so; otherwise undefined.
 */
export function missingToughness(f: Filter, host: Host, self: CardObj | undefined, you: string | undefined): { why: Message; rules: string[] } | undefined {
  if (!f.toughness || toughnessFits(f.toughness, host)) return undefined;
  if (!termsMatch({ ...f, toughness: undefined }, host, you, f.zone !== undefined, self)) return undefined;
  if (!isCard(host) || !isCreature(host)) return { why: msg`${describe(host)} is not a creature, and only a creature has a toughness`, rules: ['208.3'] };
  const now = effectiveToughness(host)!;
  const d = dyingAs(host, now, host.toughness!);
  const rules: string[] = [];
  if (d.boost !== 0 || d.boosted || d.anthem !== 0 || d.anthemed) rules.push('613.4c');
  if (d.counters !== 0) rules.push('122.1a');
  return { why: msg`${host.id} has ${statWords(d, 'toughness')}`, rules };
}

/**
 * Why `host` is not what `f` describes when only a clause after its words fails (`with another Aura
 * attached to it`, `with toughness N or greater`): the words and rules of missingAura or missingToughness.
 */
export function filterShortfall(f: Filter, host: Host, self: CardObj, you: string | undefined): { why: Message; rules: string[] } | undefined {
  return missingAura(f, host, self, you) ?? missingToughness(f, host, self, you);
}

/**
 * Do the words and the control clause of `f` (not its zone) describe `host`, "you" being the player
 * `you` (109.5)? `self` is the card whose filter it is: `with another Aura attached to it` counts the
 * Auras on `host` other than it.
 */
export function termsMatch(f: Filter, host: Host, you: string | undefined, inZone = false, self?: CardObj): boolean {
  // Some alternative whose every term matches (loops, not some/every: no closures per call).
  let ok = false;
  for (let i = 0; i < f.alternatives.length && !ok; i++) {
    const alt = f.alternatives[i];
    ok = true;
    for (let j = 0; j < alt.length; j++) {
      if (termMatches(alt[j].word, host, you, inZone) === alt[j].negated) {
        ok = false;
        break;
      }
    }
  }
  if (!ok) return false;
  if (f.withAura && !hasAnotherAura(host, self)) return false;
  if (f.toughness && !toughnessFits(f.toughness, host)) return false;
  if (!f.control || !isCard(host)) return true;
  if (f.control === 'you') return host.controller === you;
  return host.controller !== you;
}

/**
 * `fn` with the card judged as bestowed (an Aura enchantment with enchant creature, 702.103b) or as
 * the card it is, its own state put back after: how a bestow card would be cast the other way.
 */
export function judgedAs<T>(card: CardObj, bestowed: boolean, fn: () => T): T {
  const was = card.bestowed;
  card.bestowed = bestowed;
  try {
    return fn();
  } finally {
    card.bestowed = was;
  }
}

/**
 * Is `spell`, as it is being cast, one the filter of a casting prohibition describes (`creature`,
 * `noncreature`, `Aura`, `permanent`: a permanent card)? Its characteristics are those it has as
 * cast: a bestowed spell is an Aura enchantment, not a creature (702.103b, 702.103d).
 */
export function spellMatches(f: Filter, spell: CardObj): boolean {
  for (const alt of f.alternatives) {
    let ok = true;
    for (const t of alt) {
      // A spell is a card (`permanent`: a permanent card), as in a filter that names a zone.
      if (termMatches(t.word, spell, spell.controller, true) === t.negated) {
        ok = false;
        break;
      }
    }
    if (ok) return true;
  }
  return false;
}

// filterText and zoneText (a filter as written) are the parser's (parser/ast.ts), shared with card data and the server.
export { filterText, zoneText };

/**
 * Why a card is not where a filter's zone says (109.2a), or undefined when it is. "Your graveyard"
 * is the graveyard of the attachment's controller; a graveyard is its owner's.
 */
export function zoneMismatch(z: FilterZone, host: CardObj, att: CardObj): Message | undefined {
  const where = host.zone === 'battlefield' ? msg`on the battlefield` : host.zone === 'outside' ? msg`in no zone (it left the game)` : inZone(host.zone);
  if (host.zone !== z.zone) return msg`${host.id} is ${where}, not in a ${zoneWord(z.zone)}`;
  if (z.whose === 'you' && host.owner !== att.controller) return host.owner ? msg`${host.id} is in ${host.owner}'s ${zoneWord(z.zone)}, not in that of ${att.id}'s controller, ${att.controller}` : msg`${host.id} is in another player's ${zoneWord(z.zone)}, not in that of ${att.id}'s controller, ${att.controller}`;
  if (z.whose === 'opponent' && host.owner === att.controller) return msg`${host.id} is in ${att.controller}'s own ${zoneWord(z.zone)}, not in an opponent's`;
  return undefined;
}

/** The zone an Aura's enchant abilities name (109.2a), if one does: its hosts are cards there. */
export function enchantZone(att: CardObj): FilterZone | undefined {
  // An indexed loop: each attach and Aura target asks, and most Auras have one filter or none.
  const fs = att.enchant;
  for (let i = 0; i < fs.length; i++) if (fs[i].zone) return fs[i].zone;
  return undefined;
}

export function isPlayerFilter(f: Filter): boolean {
  return f.alternatives.every((a) => a.some((t) => t.word === 'player' || t.word === 'opponent'));
}

export function describe(host: Host): Message {
  if (!isCard(host)) return msg`player ${host.id}`;
  const types = [...host.supertypes, ...(host.bestowed ? ['enchantment'] : [...host.types].filter((t) => t !== 'creature' || isCreature(host)))].join(' ');
  const shown = subtypesOf(host);
  const subtypes = shown.length ? ' — ' + shown.join(' ') : '';
  const by = host.temporary?.statics();
  if (by?.length === 1) return types ? msg`${host.id} (${types}${subtypes}, as ${by[0]} makes it)` : msg`${host.id} (no card type${subtypes}, as ${by[0]} makes it)`;
  if (by?.length) return types ? msg`${host.id} (${types}${subtypes}, as ${by.join(' and ')} make it)` : msg`${host.id} (no card type${subtypes}, as ${by.join(' and ')} make it)`;
  return types ? msg`${host.id} (${types}${subtypes})` : msg`${host.id} (no card type${subtypes})`;
}

/** Does any filter the card prints (enchant, equip, `can be attached only to`, `attach target ... to target ...`) ask for another Aura? */
export function asksForAnotherAura(card: CardObj): boolean {
  // The lists are looked at only when they hold something: this runs for every card declared.
  return (card.enchant.length !== 0 && card.enchant.some((f) => f.withAura)) || card.equipQuality?.withAura !== undefined || card.attachOnly?.withAura !== undefined || (card.attachTargets.length !== 0 && card.attachTargets.some((t) => t.what.withAura !== undefined || t.to.withAura !== undefined));
}

/**
 * The enchant filters of an Aura: declared, or `creature` for a bestowed Aura (702.103b); none at all
 * when an effect removed its enchant abilities (113.10), and then nothing is legal for it (303.4).
 */
export function enchantFilters(att: CardObj): readonly Filter[] {
  if (att.granted?.lostAll !== undefined) return [];
  if (att.enchant.length) return att.enchant;
  if ((att.kinds & LOST_ENCHANT) !== 0) return [];
  // A bestowed Aura has enchant creature (702.103b); an Aura declared without enchant is read as
  // enchant permanent (docs/language.md), so it never goes on a player.
  const word = att.bestowed ? 'creature' : 'permanent';
  return [{ alternatives: [[{ negated: false, word, range: att.decl.range }]], range: att.decl.range }];
}

export function declareCard(replay: Replay, card: CardObj, st: CardStmt): void {
  // The printed characteristics are built here, once, from blank ones (a set or list is made only
  // when something is put in it: adding, pushing); they never change after.
  const pr = card.printed;
  const typeLine = st.typeLine;
  // The bits of `kinds` of the types, subtypes, colors and `cant` put in (kindsOf's), added up as
  // they are put in: no set is read again for them.
  let kinds = 0;
  // Indexed loops (here and over the properties): a for-of loop made an iterator result object for
  // each word and property, 0.37 MB of the sampled allocation of a 100k-event check of 1,012 cards.
  if (typeLine) {
    for (let i = 0; i < typeLine.types.length; i++) {
      const w = typeLine.types[i];
      if (MTG_SUPERTYPES.includes(w.text)) pr.supertypes = adding(pr.supertypes, w.text);
      else if (MTG_CARD_TYPES.includes(w.text)) {
        const type = w.text === 'tribal' ? 'kindred' : w.text;
        pr.types = adding(pr.types, type);
        kinds |= typeKinds(type);
      } else unknownWord(replay, w, msg`card type`, [...MTG_CARD_TYPES, ...MTG_SUPERTYPES]);
    }
    for (let i = 0; i < typeLine.subtypes.length; i++) {
      const subtype = typeLine.subtypes[i].text;
      pr.subtypes = adding(pr.subtypes, subtype);
      kinds |= subtypeKind(subtype);
    }
  } else {
    replay.report('syntax-error', st.id!.range, msg`Card '${card.id}' needs a type line: add \`: TYPES — SUBTYPES\` after its name (there is no card catalog entry for "${card.name}").`, { subjects: [card.id] });
  }
  // A back face (712.2): its characteristics are built as any card's; what only an object has is reported (declareBackFace).
  const face = card.zone === FACE;
  // What is read after the loop, noted in it: the properties are not searched again for each card.
  let onTop: Range | undefined;
  let tapped = false;
  let damage = false;
  let controlled = false;
  let faceDown: Extract<Property, { kind: 'flag' }> | undefined;
  for (let i = 0; i < st.props.length; i++) {
    const p = st.props[i];
    switch (p.kind) {
      case 'zone':
        if (face) break;
        if (!MTG_ZONES.includes(p.zone.zone)) replay.report('syntax-error', p.zone.range, msg`'${p.zone.zone}' is a Riftbound zone; MTG zones are ${MTG_ZONES.join(', ')}.`);
        else card.zone = p.zone.zone;
        break;
      case 'enchant':
        pr.enchant = pushing(pr.enchant, readableFilter(replay, p.filter, '702.5a'));
        if (p.filter.control) replay.board.controlFiltersDeclared = true;
        break;
      case 'color':
        for (const c of p.colors) {
          if (COLORS.includes(c.text)) {
            const color = colorWord(c.text);
            pr.colors = adding(pr.colors, color);
            kinds |= colorBit(color);
          } else unknownWord(replay, c, msg`color`, COLORS);
        }
        break;
      case 'flag':
        if (p.flag === 'reconfigure') pr.reconfigure = true;
        else if (p.flag === 'bestow') pr.bestow = true;
        else if (p.flag === 'token') card.token = !face;
        else if (p.flag === 'phased-out') card.phasedOut = face ? 'no' : 'direct';
        // `tapped` and `on top` are read after the loop (declaredStatus, declareOnTop): the zone may come later in the line.
        else if (p.flag === 'tapped') tapped = true;
        else if (p.flag === 'on-top') onTop ??= p.range;
        else if (p.flag === 'kill-instead') replay.report('syntax-error', p.range, msg`\`if I would die, kill this instead\` is Riftbound Effect Text; an MTG Aura that is destroyed in place of what it enchants has \`umbra armor\`.`);
        else if (p.flag === 'face-down' || p.flag === 'manifested' || p.flag === 'cloaked') {
          // Read once the card is declared (declareFaceDown): its face-up characteristics first (708.2a).
          if (faceDown) replay.report('syntax-error', p.range, msg`${card.id} is declared face down already: a face-down permanent became one in one way. Remove one of them.`, { rules: ['708.2'], subjects: [card.id] });
          else faceDown = p;
        } else if (p.flag === 'aura-swap' || p.flag === 'castable' || p.flag === 'flash' || p.flag === 'back-face') {
          // Read from the declaration where it matters: an aura swap resolving (exchange.ts), a cast and its timing (spells.ts).
        } else replay.report('syntax-error', p.range, msg`\`${p.flag}\` is a Riftbound property.`);
        break;
      case 'cant':
        pr.cant = adding(pr.cant, p.what);
        kinds |= cantKind(p.what);
        break;
      case 'damage':
        // Read after the loop (declaredDamage): the zone may come later in the line.
        damage = true;
        break;
      case 'controller':
        // Read by the replay (declareOne); one off the battlefield is reported after the loop (controlOutOfPlace).
        controlled = true;
        break;
      case 'owner':
      case 'attached':
        // Read by the replay (declareOne, attachDeclared).
        break;
      default:
        declareProperty(replay, card, p, face);
    }
  }
  if (face) {
    takePrinted(card, kinds);
    declareBackFace(replay, card, st);
    return;
  }
  if (onTop) declareOnTop(replay, card, onTop);
  takePrinted(card, kinds);
  if (pr.choosesColor || pr.choosesColorEntering || pr.grants.length !== 0) declaredChoice(replay, card, st);
  if (faceDown) declareFaceDown(replay, card, faceDown.flag === 'face-down' ? 'face-down' : faceDown.flag === 'manifested' ? 'manifested' : 'cloaked', faceDown.range);
  if ((card.triggers & (ON_EQUIPPED_DIES | ON_ENCHANTED_DIES | ON_TO_GRAVEYARD)) !== 0) hostDiesDeclared(replay, card, st);
  // What it may be attached to depends on the other Auras where it is (Daybreak Coronet): the board looks again as they go.
  if (asksForAnotherAura(card)) replay.board.watchSiblings(card);
  // An Aura spell always has a target (303.4a, 601.2c), and a declaration gives it none.
  const onStack = card.zone === 'stack' && isAura(card) ? st.props.find((p) => p.kind === 'zone') : undefined;
  if (tapped) declaredStatus(replay, card, st, MTG_STATUS);
  if (damage) declaredDamage(replay, card, st, card.zone !== 'battlefield' || !isCreature(card) ? msg`only a creature on the battlefield has damage marked on it` : undefined, ['120.3e']);
  // Only a permanent has a controller and entered under someone; a spell has a controller (108.4a, 110.2).
  if (controlled && card.zone !== 'battlefield') controlOutOfPlace(replay, card, st, (entered) => card.zone === 'stack' && !entered, ['108.4a', '110.2'], msg`the battlefield`, (p) => msg`A card an effect puts onto the battlefield under ${p}'s control is written \`move ${card.id} to battlefield under ${p}\` or \`enter ${card.id} under ${p}\`.`);
  if (onStack) replay.report('syntax-error', onStack.range, msg`${card.id} is an Aura declared on the stack, but an Aura spell always has a target, and a declaration can't give it one. Declare it \`in hand\` and write \`cast ${card.id} targeting ...\` as the first event.`, { rules: ['303.4a', '601.2c'], subjects: [card.id] });
}

/**
 * Declares a replacement that makes permanents enter tapped (read by entersTapped.ts as they enter, 614.1d): reports the words the checker can't read (the replacement then taps
 * nothing: a permanent tapped that it doesn't describe would be wrong the other way).
 */
function declareEntersTapped(replay: Replay, card: CardObj, p: Extract<Property, { kind: 'enters-tapped' }>): void {
  replay.board.staticsDeclared = true;
  const f = p.filter;
  if (f.zone || f.toughness || f.withAura) {
    const at = f.zone?.range ?? f.toughness?.range ?? f.withAura!;
    replay.report('syntax-error', at, msg`A replacement that makes permanents enter tapped reads their card types, colors, subtypes and controller: this clause is not read, and the replacement taps nothing.`, { rules: ['614.1d'], subjects: [card.id] });
    return;
  }
  for (const alt of f.alternatives) {
    for (const t of alt) {
      const w = enterTappedSingular(t.word);
      if (mtgFilterWord(w) && w !== 'player' && w !== 'opponent') continue;
      replay.report('syntax-error', t.range, msg`'${t.word}' is not a word the checker reads in a replacement that makes permanents enter tapped (card types and colors in the plural, subtypes, \`non\`, \`or\`, \`you control\`, \`your opponents control\`, \`an opponent controls\`): the replacement taps nothing. Check by hand what it does.`, { rules: ['614.1d'], subjects: [card.id] });
      return;
    }
  }
}

/** A word of such a filter in the singular, as the rules read it (`creatures` creature); a capitalized subtype stays as written (entersTapped.ts reads them so). */
function enterTappedSingular(w: string): string {
  if (w.length === 0 || /^\p{Lu}/u.test(w)) return w;
  const s = qualitySingular(w);
  return MTG_CARD_TYPES.includes(s) || s === 'permanent' || s === 'token' ? s : w;
}

/**
 * A card that chooses a color as it becomes attached (Sanctuary Blade, 607.2d): a grant's `the chosen
 * color` needs the ability that chooses; a declared attachment says the color it chose (`chosen color C`), which
 * its grants read from the start (CardObj.chosenColor, set before the declared attachments are made).
 */
function declaredChoice(replay: Replay, card: CardObj, st: CardStmt): void {
  const entering = card.printed.choosesColorEntering;
  const chooses = card.printed.choosesColor || entering;
  if (!chooses) {
    for (const p of st.props) {
      if (p.kind !== 'grant') continue;
      for (const a of p.grant.abilities) if (a.kind === 'protection' && a.quality.text === CHOSEN_COLOR) replay.report('syntax-error', a.quality.range, msg`\`the chosen color\` is a color ${card.id} chooses as it becomes attached, and it has no ability that chooses one: add \`as it becomes attached choose a color\` (as printed: \`As ${card.name} becomes attached to a creature, choose a color\`). Without it, the protection is from no color.`, { rules: ['607.2d'], subjects: [card.id] });
    }
  }
  const attached = st.props.find((p) => p.kind === 'attached');
  let chosen: Extract<Property, { kind: 'chosen-color' }> | undefined;
  for (const p of st.props) {
    if (p.kind !== 'chosen-color') continue;
    if (chosen) {
      replay.report('syntax-error', p.range, msg`${card.id} is declared with a chosen color already: the last choice is the one its abilities read. Remove one of them.`, { rules: ['607.2d'], subjects: [card.id] });
      continue;
    }
    chosen = p;
    if (!chooses) replay.report('syntax-error', p.range, msg`${card.id} has no ability that chooses a color as it becomes attached, so it has no chosen color. Remove \`chosen color ${p.color.text}\`, or add \`as it becomes attached choose a color\`.`, { rules: ['607.2d'], subjects: [card.id] });
    else if (entering && card.zone !== 'battlefield') replay.report('syntax-error', p.range, msg`${card.id}'s color is chosen as it enters the battlefield, and it is declared ${inZone(card.zone)}: a card there has made no choice (a new object, 400.7). Remove \`chosen color ${p.color.text}\`, and write \`choosing C\` on the line that puts it onto the battlefield.`, { rules: ['614.1c', '614.12', '607.2d', '400.7'], subjects: [card.id] });
    else if (!entering && !attached) replay.report('syntax-error', p.range, msg`${card.id}'s color is chosen as it becomes attached, and it is declared attached to nothing: a choice made before is one its abilities no longer read. Remove \`chosen color ${p.color.text}\`, or declare it \`attached to\` its host.`, { rules: ['607.2d'], subjects: [card.id] });
    else if (!COLORS.includes(p.color.text)) unknownWord(replay, p.color, msg`color`, COLORS);
    else card.chosenColor = p.color.text;
  }
  if (entering && !chosen && card.zone === 'battlefield') {
    replay.report('syntax-error', (st.props.find((q) => q.kind === 'choose-color') ?? st).range, msg`${card.id} chose a color as it entered the battlefield, and the declaration doesn't say which: add \`chosen color C\` (white, blue, black, red or green). Until then it gives no protection from a chosen color.`, { rules: ['614.1c', '614.12', '607.2d'], subjects: [card.id] });
  } else if (chooses && attached && !chosen && card.zone === 'battlefield') {
    replay.report('syntax-error', attached.range, msg`${card.id} chose a color as it became attached, and the declaration doesn't say which: add \`chosen color C\` (white, blue, black, red or green). Until then it gives no protection from a chosen color.`, { rules: ['607.2d'], subjects: [card.id] });
  }
}

/**
 * A property of a declaration that declareCard leaves to this (all but the common ones: those the
 * bench's scenarios and most files write, which it reads itself), so that the engine compiles the
 * per-card loop small and this only where a scenario has such properties. `face`: the card is a
 * back face (declareBackFace).
 */
function declareProperty(replay: Replay, card: CardObj, p: Property, face: boolean): void {
  const pr = card.printed;
  switch (p.kind) {
    case 'choose-color':
      if (p.enters) pr.choosesColorEntering = true;
      else pr.choosesColor = true;
      break;
    case 'chosen-color':
      // Read once the card is declared (declaredChoice): its `attached to` and `as it becomes attached choose a color` may come after.
      break;
    case 'transforms':
      if (!face) declareTransforms(replay, card, p);
      break;
    case 'attach-only':
      if (p.filter.zone) replay.report('syntax-error', p.filter.zone.range, msg`An Equipment or Fortification is attached to a permanent on the battlefield, so what it may be attached to can't name a zone. Remove \`${zoneText(p.filter.zone)}\`.`);
      card.attachOnly = readableFilter(replay, p.filter, '701.3a');
      if (p.filter.control) replay.board.controlFiltersDeclared = true;
      break;
    case 'cast-only':
      // Dream Leash's limit on its target as it is cast (spells.ts, castOnlyProblem): an Aura spell's, of a permanent on the battlefield.
      if (!pr.subtypes.has('Aura') && !card.decl.props.some((q) => q.kind === 'flag' && q.flag === 'bestow')) replay.report('syntax-error', p.range, msg`${card.id} is not an Aura, and only an Aura spell is cast with a target its card can limit so. Remove \`cast only targeting ...\`, or declare the card an Aura.`, { rules: ['115.1b', '601.2c'], subjects: [card.id] });
      if (p.filter.zone) replay.report('syntax-error', p.filter.zone.range, msg`Only a permanent on the battlefield is tapped, so what the spell may be cast targeting can't name a zone. Remove \`${zoneText(p.filter.zone)}\`.`, { rules: ['110.5'] });
      castOnlyFilters.set(p, readableFilter(replay, p.filter, '601.2c'));
      break;
    case 'attach-targets':
      for (const f of [p.what, p.to]) if (f.zone) replay.report('syntax-error', f.zone.range, msg`An effect that attaches targets permanents on the battlefield, so its targets can't name a zone. Remove \`${zoneText(f.zone)}\`.`);
      card.attachTargets = [...card.attachTargets, { what: readableFilter(replay, p.what, '115.1'), to: readableFilter(replay, p.to, '115.1') }];
      break;
    case 'equip':
      if (p.timing) riftboundTiming(replay, p.timing);
      if (p.quality?.zone) replay.report('syntax-error', p.quality.zone.range, msg`An equip ability targets a creature on the battlefield, so its quality can't name a zone. Remove \`${zoneText(p.quality.zone)}\`.`);
      // `equip planeswalker` is a variant of equip, not a quality (702.6e): it targets a planeswalker.
      if (isEquipPlaneswalker(p.quality)) {
        pr.equipPlaneswalker = pr.hasEquip ? 'also' : 'only';
        break;
      }
      pr.hasEquip = true;
      if (pr.equipPlaneswalker === 'only') pr.equipPlaneswalker = 'also';
      pr.equipQuality = p.quality && readableFilter(replay, p.quality, '702.6c');
      break;
    case 'protection':
      if (!readableQuality(replay, p.quality)) break;
      for (const q of protectionQualities(p.quality.text)) pr.protections = pushing(pr.protections, q);
      break;
    case 'keyword':
      if (p.keyword.quality && !readableQuality(replay, p.keyword.quality, '702.11d')) break;
      pr.targeting = pushing(pr.targeting, targetingKeywordOf(p.keyword));
      break;
    case 'trigger':
      card.triggers |= declaredTrigger(replay, card, p, MTG_TRIGGERS);
      break;
    case 'might':
    case 'might-bonus':
      replay.report('syntax-error', p.range, msg`\`${p.kind}\` is a Riftbound property.`);
      break;
    case 'toughness':
      pr.toughness = p.value;
      break;
    case 'power':
      // Read only by `expect X power N` (board.ts, effectivePower): nothing in the rules the checker models depends on it.
      pr.power = p.value;
      break;
    case 'pt-bonus':
      // `equipped creature gets +4/+4` means the creature it is attached to, whatever the card is (301.5f, 303.4m).
      if (p.who.text !== 'equipped creature' && p.who.text !== 'enchanted creature') {
        replay.report('syntax-error', p.who.range, msg`A change of power and toughness is written \`equipped creature gets ...\` or \`enchanted creature gets ...\`: only a creature has toughness.`, { rules: ['208.1'] });
        break;
      }
      if (p.perCounter !== undefined) {
        // `gets +1/+0 for each hone counter on it`: the power part, times the hone counters on the attachment, read when a power is.
        if (p.toughness !== 0) {
          replay.report('syntax-error', p.range, msg`A change of toughness for each counter on the attachment is not modelled (only its power, read by \`expect X power N\`): the whole change is not read.`, { rules: ['613.4c'], subjects: [card.id] });
          break;
        }
        pr.honePower = (pr.honePower ?? 0) + p.power;
        break;
      }
      pr.toughnessBonus = (pr.toughnessBonus ?? 0) + p.toughness;
      if (p.power !== 0) pr.powerBonus = (pr.powerBonus ?? 0) + p.power;
      break;
    case 'counters':
      // Read with the declared board (sba.ts, declaredCounters).
      break;
    case 'keyword-ability': {
      if (p.timing) riftboundTiming(replay, p.timing);
      const k = keywordOfGame(replay, p.name);
      // Each instance of an ability functions independently (113.2c): a trigger written twice triggers twice,
      // so its instances are kept; another keyword written twice is redundant, kept once (flying: 702.9c).
      if (k && (makesToken(k) || !pr.keywords.includes(k))) pr.keywords = pushing(pr.keywords, k);
      // Living weapon, For Mirrodin! and Job select trigger as their card enters the battlefield (702.92a, 702.163a, 702.182a): moveTo looks, in a scenario that has one.
      if (makesToken(k)) replay.board.enterTriggers = true;
      break;
    }
    case 'unknown': {
      const like = keywordInOtherCase(p.word.text, MTG_KEYWORDS);
      replay.report('syntax-error', p.word.range, like ? msg`Unknown property '${p.word.text}': a keyword is written as the cards print it, \`${like}\`.` : msg`Unknown property '${p.word.text}'. MTG properties: owner, controller, entered under, in, at, attached to, enchant, equip, fortify, protection from, color, reconfigure, bestow, token, phased out, tapped, can't be ..., attach target ... to target ..., players can't cast ... spells, you may cast ... spells from the top of your library, you may cast ... spells as though they had flash, cast only targeting a tapped ..., on top, flash, hexproof, hexproof from, shroud, ward, equipped creature has ..., enchanted creature has ..., equipped creature gets +P/+T, enchanted creature gets +P/+T, power, toughness, damage, when attached, when unattached, when equipped creature dies, when enchanted creature dies, when an Aura becomes attached to it, when an Equipment becomes attached to it, when an equipped creature you control dies, when an enchanted creature dies, a keyword (flying, first strike, ...).`);
      break;
    }
    case 'enters-tapped':
      // Read by entersTapped.ts as permanents enter (614.1d), from the cards declaredWith finds.
      declareEntersTapped(replay, card, p);
      break;
    case 'might-effect':
      replay.report('syntax-error', p.range, msg`\`... have +N Might\` is Riftbound text: an MTG permanent changes the toughness of the creatures it describes with \`FILTER get +P/+T\` (\`creatures you control get +1/+1\`).`, { rules: ['613.4c'] });
      break;
    case 'anthem':
      // Read (and its words judged) by anthems.ts with the declared board (initialAnthems), and as the state-based actions look (settleAnthems).
      replay.board.staticsDeclared = true;
      break;
    case 'cant-cast':
    case 'may-cast-top':
    case 'may-cast-flash':
    case 'may-equip-instant':
    case 'exile-instead':
      // Read where they matter (spells.ts, timing.ts, zones.ts), from the cards declaredWith finds.
      replay.board.staticsDeclared = true;
      break;
    case 'death-replacement':
      replay.report('syntax-error', p.range, msg`This replacement of a unit's death is Riftbound Rules Text (Zhonya's Hourglass, Soraka, Wanderer); this scenario is \`game mtg\`. Remove it.`);
      break;
    case 'grant': {
      const g = mtgGrant(replay, p.grant, card.id);
      if (g) pr.grants = pushing(pr.grants, g);
      break;
    }
  }
}

/** The libraries whose top card is declared (by owner), per board's card table: a second `on top` in one is reported. */
const declaredTops = new WeakMap<ReadonlyMap<string, CardObj>, Map<string | undefined, CardObj>>();

/** `on top`: the card is the top card of its owner's library, so it must be in one, and be the only one declared so there. */
function declareOnTop(replay: Replay, card: CardObj, range: Range): void {
  if (card.zone !== 'library') {
    replay.report('syntax-error', range, msg`\`on top\` says where a card is in its owner's library, and ${card.id} is ${inZone(card.zone)}. Add \`in library\`, or remove \`on top\`.`, { subjects: [card.id] });
    return;
  }
  let tops = declaredTops.get(replay.board.cards);
  if (!tops) declaredTops.set(replay.board.cards, (tops = new Map()));
  const first = tops.get(card.owner);
  if (first) {
    replay.report('syntax-error', range, msg`${first.id} is already declared on top of this library (${card.id}'s owner's); a library has one top card. Remove one \`on top\`.`, { subjects: [card.id, first.id] });
    return;
  }
  tops.set(card.owner, card);
}

/** An ability of a grant as the engine holds it (`protection from all colors`: one for each color, 702.16h), or a syntax error when MTG has no such ability here. */
function mtgAbilities(replay: Replay, node: AbilityNode, keep: GrantKeep | undefined): Ability[] {
  switch (node.kind) {
    case 'keyword': {
      const name = keywordOfGame(replay, node.name);
      return name ? [{ kind: 'keyword', name }] : [];
    }
    case 'protection':
      // Sanctuary Blade's `the chosen color`: the card's choice, read as it grants (grantsOf); mtgGrant checks the card makes one.
      if (node.quality.text === CHOSEN_COLOR) return [keep ? { kind: 'protection', quality: CHOSEN_COLOR, keep } : { kind: 'protection', quality: CHOSEN_COLOR }];
      if (!readableQuality(replay, node.quality)) return [];
      return protectionQualities(node.quality.text).map((quality) => (keep ? { kind: 'protection', quality, keep } : { kind: 'protection', quality }));
    case 'targeting':
      if (node.keyword.quality && !readableQuality(replay, node.keyword.quality, '702.11d')) return [];
      return [{ kind: 'targeting', keyword: targetingKeywordOf(node.keyword) }];
    case 'grant': {
      const inner = mtgGrant(replay, node.grant, undefined);
      return inner ? [{ kind: 'grant', grant: inner }] : [];
    }
    case 'cant':
      return [{ kind: 'cant', what: node.what, other: node.other }];
    case 'control':
      return [{ kind: 'control' }];
    case 'all':
      return [{ kind: 'all' }];
    case 'types':
      return typeWordsRead(replay, node) ? [{ kind: 'types', change: typeChangeOf(node) }] : [];
  }
}

/**
 * Are the words of a type-changing grant (613.1d) all read: colors (105.3) after `is` only, and
 * `colorless` alone; card types, supertypes, capitalized subtypes (205.1)? Each other word is reported.
 */
function typeWordsRead(replay: Replay, node: Extract<AbilityNode, { kind: 'types' }>): boolean {
  let read = true;
  const check = (words: readonly Word[], colors: boolean) => {
    for (let k = 0; k < words.length; k++) {
      const w = words[k];
      const color = w.text === 'colorless' || colorBit(w.text) !== 0;
      if (color && !colors) {
        replay.report('syntax-error', w.range, msg`An object doesn't lose a color: an effect gives it new colors, which replace the old ones (105.3). Write the colors it is after \`is\`.`, { rules: ['105.3'] });
        read = false;
      } else if (!color && !isTypeWord(w.text)) {
        unreadTypeWords(replay, words, k, msg`the grant changes no type.`);
        read = false;
        return;
      }
    }
  };
  check(node.isnt, false);
  check(node.is, true);
  return !colorlessWithColors(replay, node.is) && read;
}

/** A card type, a supertype or a capitalized subtype (205.1): a word a type change reads besides colors. */
/** `when equipped creature dies` is an Equipment's, `when enchanted creature dies` an Aura's (a bestow card's too): said at the declaration, not left to never trigger. */
function hostDiesDeclared(replay: Replay, card: CardObj, st: CardStmt): void {
  for (const p of st.props) {
    if (p.kind !== 'trigger') continue;
    if (p.phrase === 'equipped creature dies' && !isEquipment(card)) replay.report('syntax-error', p.range, msg`${card.id} is not an Equipment, so no creature is equipped by it: \`when equipped creature dies\` is an Equipment's ability. ${isAura(card) || card.bestow ? msg`Write \`when enchanted creature dies\`.` : msg`Remove it.`}`, { subjects: [card.id] });
    else if (p.phrase === 'enchanted creature dies' && !isAura(card) && !card.bestow) replay.report('syntax-error', p.range, msg`${card.id} is not an Aura, so no creature is enchanted by it: \`when enchanted creature dies\` is an Aura's ability. ${isEquipment(card) ? msg`Write \`when equipped creature dies\`.` : msg`Remove it.`}`, { subjects: [card.id] });
    // `exile equipped (enchanted) creature` (Oathkeeper): what it was attached to as it left, an Equipment's (an Aura's) word.
    else if (p.effect === 'exile equipped creature' && !isEquipment(card)) replay.report('syntax-error', p.range, msg`${card.id} is not an Equipment, so no creature is equipped by it: \`exile equipped creature\` is an Equipment's effect. ${isAura(card) || card.bestow ? msg`Write \`exile enchanted creature\`.` : msg`Remove it.`}`, { subjects: [card.id] });
    else if (p.effect === 'exile enchanted creature' && !isAura(card) && !card.bestow) replay.report('syntax-error', p.range, msg`${card.id} is not an Aura, so no creature is enchanted by it: \`exile enchanted creature\` is an Aura's effect. ${isEquipment(card) ? msg`Write \`exile equipped creature\`.` : msg`Remove it.`}`, { subjects: [card.id] });
  }
}

export function isTypeWord(w: string): boolean {
  return MTG_SUPERTYPES.includes(w) || MTG_CARD_TYPES.includes(w) || /^\p{Lu}/u.test(w);
}

/**
 * Word k of a type change (a grant's `is` or `isn't`, `becomes`, `loses`) is none of its words
 * (`that's` in `is an Elemental creature that's still a land`): the checker can't read the clause
 * from there, one syntax error for the rest of it (not one per word), saying what is not applied.
 */
export function unreadTypeWords(replay: Replay, words: readonly Word[], k: number, consequence: Message): void {
  const rest = words.slice(k).map((w) => w.text).join(' ');
  const range = { start: words[k].range.start, end: words[words.length - 1].range.end };
  replay.report('syntax-error', range, msg`'${words[k].text}' is not a card type, a supertype, a subtype (capitalized: Forest, Equipment, ...) or a color, so the checker can't read \`${rest}\`: ${consequence}`);
}

/** Is `colorless` written beside a color (105.3: a colorless object has none)? Reported once. */
export function colorlessWithColors(replay: Replay, words: readonly Word[]): boolean {
  const colorless = words.find((w) => w.text === 'colorless');
  if (!colorless || !words.some((w) => colorBit(w.text) !== 0)) return false;
  replay.report('syntax-error', colorless.range, msg`A colorless object has no color: write \`colorless\` alone, or the colors it becomes (105.3).`, { rules: ['105.3'] });
  return true;
}

/**
 * A grant written in a declaration, as the engine holds it. A quoted grant ("equipped creature has
 * flying", 613.7a) is an ability given to the permanent the card enchants, so only `has` gives one.
 * `, not removing NAME | Auras | attached` is what the protection it gives spares (702.16n, 702.16p).
 */
export function mtgGrant(replay: Replay, node: GrantNode, self: string | undefined): Grant | undefined {
  const clause = node.keep;
  if (clause && (node.verb !== 'has' || !node.abilities.some((a) => a.kind === 'protection'))) {
    replay.report('syntax-error', clause.range, msg`\`not removing\` says what a protection spares, and \`${node.who.text} ${node.verb}\` gives no protection here. Remove it, or write it after \`${node.who.text} has protection from ...\`.`);
  }
  // `itself`: the card whose grant it is (a quoted grant's `itself` would be another card's: not read).
  if (clause?.what === 'self' && self === undefined) replay.report('syntax-error', clause.range, msg`\`not removing itself\` in a quoted grant would name the card given the ability; write the name of the card it spares.`);
  // The card it spares is named as an event names one (an unknown name is reported, and spares nothing).
  const spared = clause?.what === 'card' ? replay.card(clause.card) : undefined;
  const keep: GrantKeep | undefined = !clause ? undefined : clause.what === 'card' ? (spared ? { what: 'card', id: spared.id } : undefined) : clause.what === 'self' ? (self === undefined ? undefined : { what: 'card', id: self }) : { what: clause.what };
  // An Aura's grant to the player it enchants (`enchanted player has hexproof`): players have only what events give them here.
  if (node.who.text.endsWith(' player')) {
    replay.report('syntax-error', node.who.range, msg`A grant to the player an Aura enchants (\`${node.who.text} ${node.verb} ...\`) is not modelled: a player has only the abilities events give them. Write the event after the Aura attaches (\`gains P hexproof\`), or check the grant by hand.`, { rules: ['303.4'] });
    return undefined;
  }
  const abilities: Ability[] = [];
  for (const a of node.abilities) {
    if (a.kind === 'grant' && node.verb === 'loses') {
      replay.report('syntax-error', a.range, msg`A grant in quotes is an ability given to the permanent, with \`has\`: write \`${node.who.text} has "${a.grant.who.text} ${a.grant.verb} ..."\`.`);
      continue;
    }
    // `the chosen color` in a quoted grant would be the choice of the card given the ability: not read.
    if (a.kind === 'protection' && a.quality.text === CHOSEN_COLOR && self === undefined) {
      replay.report('syntax-error', a.quality.range, msg`\`the chosen color\` in a quoted grant would be a choice of the card given the ability, which the checker doesn't model: only an attachment's own grant reads the color it chose as it became attached.`, { rules: ['607.2d'] });
      continue;
    }
    abilities.push(...mtgAbilities(replay, a, node.verb === 'has' ? keep : undefined));
  }
  if (!abilities.length) return undefined;
  return abilities.some((a) => a.kind === 'protection' && a.quality === CHOSEN_COLOR) ? { who: node.who.text, verb: node.verb, abilities, chosen: true } : { who: node.who.text, verb: node.verb, abilities };
}

/** `Reaction ability NAME`, `Action equip`: Riftbound's timing keywords on an ability; an MTG activated ability is used at instant speed unless it says otherwise (602.5d). */
function riftboundTiming(replay: Replay, w: Word): void {
  replay.report('syntax-error', w.range, msg`\`${w.text}\` before an ability is Riftbound's (its [${w.text}][>] abilities): an MTG activated ability may be activated any time its player has priority unless it says otherwise. Remove \`${w.text}\`.`, { rules: ['117.1b'] });
}

/** A declaration's `face down`, `manifested`, `cloaked` (708.2a, 701.40a, 701.58a), once the card is declared: only a permanent can be face down (110.5d). */
function declareFaceDown(replay: Replay, card: CardObj, how: FaceDown['how'], range: Range): void {
  const word = how === 'face-down' ? 'face down' : how;
  if (card.zone !== 'battlefield') {
    replay.report('syntax-error', range, msg`${card.id} is ${inZone(card.zone)}, and only a permanent is declared face down (a face-down card in exile is not modelled). Remove \`${word}\`, or declare it on the battlefield; a spell cast face down is written \`cast ${card.id} face down\`.`, { rules: ['110.5d'], subjects: [card.id] });
    return;
  }
  if (card.backFace !== undefined) {
    replay.report('syntax-error', range, msg`${card.id} is a double-faced card, and a double-faced permanent can't be turned face down. Remove \`${word}\`.`, { rules: ['712.16'], subjects: [card.id] });
    return;
  }
  // Cast face down with disguise (702.168a) or cloaked (701.58a): ward 2; morph, a manifest or an effect that turns it face down: none (702.37a, 701.40a, 708.2a).
  const ward = how === 'cloaked' || (how === 'face-down' && card.printed.keywords.includes('disguise'));
  becomeFaceDown(replay.board, card, how, ward);
}
