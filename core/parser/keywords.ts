// The keyword abilities a scenario may give a card, grant, take away and assert (`flying`,
// `equipped creature has first strike`, `expect lion has flying`; Riftbound `Shield`), beside the
// ones with rules of their own here (protection, hexproof, shroud, ward, enchant, equip...). The
// parser reads both games' words; the replay says when a word is the other game's.
import { msg, type Message } from '../message';

/** MTG keyword abilities (702), as rules text writes them: lowercase; `first strike` and `double strike` are two words. */
export const MTG_KEYWORDS: readonly string[] = [
  'deathtouch',
  'defender',
  'disguise',
  'double strike',
  'fear',
  'first strike',
  'for mirrodin',
  'flying',
  'haste',
  'indestructible',
  'infect',
  'intimidate',
  'job select',
  'lifelink',
  'living weapon',
  'megamorph',
  'menace',
  'morph',
  'mutate',
  'reach',
  'shadow',
  'trample',
  'umbra armor',
  'vigilance',
  'wither',
];

/**
 * MTG restrictions on combat a creature may have or be given (Pacifism: `enchanted creature can't attack
 * or block`): not keyword abilities, but held and granted as abilities are, by their words (508.1c, 509.1b).
 */
export const MTG_COMBAT_RESTRICTIONS: readonly string[] = ["can't attack", "can't block", "can't attack or block", "can't be blocked"];

/** Riftbound keywords (the glossary of 804: 805-826), capitalized as the cards print them; Equip has rules of its own here (`equip`). */
export const RIFTBOUND_KEYWORDS: readonly string[] = [
  'Accelerate',
  'Action',
  'Ambush',
  'Assault',
  'Backline',
  'Deathknell',
  'Deflect',
  'Ganking',
  'Hidden',
  'Hunt',
  'Legion',
  'Level',
  'Quick-Draw',
  'Reaction',
  'Repeat',
  'Shield',
  'Tank',
  'Temporary',
  'Unique',
  'Vision',
  'Weaponmaster',
];

/**
 * The keywords a card prints with a value (Riftbound `Assault 2`, `Shield 3`, `Deflect 2`: 807.1.b, 814.1.b,
 * 809.1.b), 1 when none is written (807.1.b.3). No other keyword takes a number after it (MTG's `ward 2`
 * is a cost, read apart).
 */
export const VALUED_KEYWORDS: readonly string[] = ['Assault', 'Deflect', 'Shield'];

/** `totem armor`, as older cards print umbra armor: the same ability, renamed in the Oracle text (MTG 702.89b). Read as `umbra armor`. */
export const OLD_UMBRA_ARMOR = ['totem', 'armor'] as const;

/** The first words of the keywords (`first` of `first strike`): a word here after `has`, `gains` or `loses` starts a keyword. */
/** The keyword of `keywords` that `word` is when written in another case (`quick-draw` is `Quick-Draw`), if any: for the error that says how the cards print it. */
export function keywordInOtherCase(word: string, keywords: readonly string[]): string | undefined {
  const lower = word.toLowerCase();
  return keywords.find((k) => k.toLowerCase() === lower && k !== word);
}

export const KEYWORD_FIRST_WORDS: ReadonlySet<string> = new Set([...MTG_KEYWORDS, ...RIFTBOUND_KEYWORDS].map((k) => k.split(' ')[0]).concat('ability', OLD_UMBRA_ARMOR[0]));


/**
 * `ability NAME`: an activated ability the scenario names (both games), written where a keyword is: a
 * card's own (`ability shoot`), granted (`equipped creature has ability shoot`), gained, lost, asserted
 * (`expect lion has ability shoot`), activated (`activate lion ability shoot`). Its name is the ability's.
 */
export function isNamedAbility(keyword: string): boolean {
  return keyword.startsWith('ability ');
}

/** The second word a two-word keyword needs after its first (`strike` after `first`), if any. */
export function keywordSecondWord(first: string): string | undefined {
  const k = MTG_KEYWORDS.find((x) => x.startsWith(`${first} `));
  return k?.split(' ')[1];
}

/** MTG card types (205.2a, with `tribal`, read as `kindred`) and supertypes (205.4a), as a scenario writes them: lowercase. */
export const MTG_CARD_TYPES = ['artifact', 'creature', 'enchantment', 'land', 'planeswalker', 'battle', 'instant', 'sorcery', 'kindred', 'tribal'];
export const MTG_SUPERTYPES = ['basic', 'legendary', 'snow', 'world', 'ongoing'];
/** Riftbound card types (and `token`), as a scenario writes them: lowercase. */
export const RIFTBOUND_CARD_TYPES = ['unit', 'gear', 'spell', 'rune', 'battlefield', 'legend', 'token'];
/** Riftbound supertypes a type line may print before its card type (133.7): `Champion`, a unit's only (133.7.a). */
export const RIFTBOUND_SUPERTYPES = ['champion'];

/**
 * The words of a type line before its dash, in either game (`Creature`, `Basic Land`, `Gear` as a card prints
 * them, a capital at the start of each word, are read as these): no subtype or tag is spelled like one.
 */
export const TYPE_LINE_WORDS: ReadonlySet<string> = new Set([...MTG_SUPERTYPES, ...MTG_CARD_TYPES, ...RIFTBOUND_CARD_TYPES, ...RIFTBOUND_SUPERTYPES]);
/** The MTG colors (105.1), in the order of their bits on a card (engine/board.ts, colorBit). */
export const MTG_COLORS: readonly string[] = ['white', 'blue', 'black', 'red', 'green'];

/**
 * The MTG subtypes that belong to a card type other than creature (205.3g-k): each with that card type
 * (`spell` for instants' and sorceries' types). A subtype not listed is a creature type (205.3m); an
 * effect that sets subtypes replaces those of the same set, and a subtype goes with its card type
 * (205.1a).
 */
const MTG_SUBTYPE_SETS: ReadonlyMap<string, 'artifact' | 'enchantment' | 'land' | 'planeswalker' | 'battle' | 'spell'> = new Map([
  ...['Attraction', 'Blood', 'Bobblehead', 'Clue', 'Contraption', 'Equipment', 'Food', 'Fortification', 'Gold', 'Incubator', 'Junk', 'Map', 'Powerstone', 'Treasure', 'Vehicle'].map((s) => [s, 'artifact'] as const),
  ...['Aura', 'Background', 'Cartouche', 'Case', 'Class', 'Curse', 'Role', 'Rune', 'Saga', 'Shard', 'Shrine'].map((s) => [s, 'enchantment'] as const),
  ...['Cave', 'Desert', 'Forest', 'Gate', 'Island', 'Lair', 'Locus', 'Mine', 'Mountain', 'Plains', 'Power-Plant', 'Sphere', 'Swamp', 'Tower', "Urza's"].map((s) => [s, 'land'] as const),
  ...(
    'Ajani Aminatou Angrath Arlinn Ashiok Bahamut Basri Bolas Calix Chandra Comet Dack Dakkon Daretti Davriel Dihada Domri Dovin Ellywick Elminster Elspeth Estrid Freyalise Garruk Gideon Grist Guff Huatli Jace Jared Jaya Jeska Kaito Karn Kasmina Kaya Kiora Koth Liliana Lolth Lukka Minsc Mordenkainen Nahiri Narset Niko Nissa Nixilis Oko Ral Rowan Saheeli Samut Sarkhan Serra Sivitri Sorin Szat Tamiyo Tasha Teferi Teyo Tezzeret Tibalt Tyvar Ugin Urza Venser Vivien Vraska Vronos Will Windgrace Wrenn Xenagos Yanggu Yanling Zariel'
  )
    .split(' ')
    .map((s) => [s, 'planeswalker'] as const),
  ['Siege', 'battle'],
  ...['Adventure', 'Arcane', 'Lesson', 'Trap'].map((s) => [s, 'spell'] as const),
]);

/** The card type an MTG subtype belongs to (205.3): `land` for Forest, `creature` for Elf and any subtype not of another set. */
export function mtgSubtypeSet(subtype: string): 'artifact' | 'enchantment' | 'land' | 'planeswalker' | 'battle' | 'spell' | 'creature' {
  return MTG_SUBTYPE_SETS.get(subtype) ?? 'creature';
}

/** May an object with the card types `types` have the subtype `subtype` (205.1a, 205.3d; `kindred` has creature types, 205.3m)? */
export function mtgSubtypeFits(types: ReadonlySet<string>, subtype: string): boolean {
  const set = mtgSubtypeSet(subtype);
  if (set === 'creature') return types.has('creature') || types.has('kindred');
  if (set === 'spell') return types.has('instant') || types.has('sorcery');
  return types.has(set);
}

/** Each game's zones, as a scenario names them (MTG 400.1; Riftbound's base and battlefields on the board, and its other zones). */
export const MTG_ZONE_WORDS: readonly string[] = ['battlefield', 'hand', 'library', 'graveyard', 'exile', 'stack', 'command'];
/** Riftbound's `chain` (328: a zone off the board) holds a spell while it waits there (`cast`); a card gets there only by being played. */
export const RIFTBOUND_ZONE_WORDS: readonly string[] = ['base', 'battlefield', 'hand', 'deck', 'trash', 'banishment', 'chain'];

/** The statuses `enter X ...` may end with, either game's (MTG 110.5b; Riftbound 143.4.a, 359.2.d). */
export const ENTER_STATUS_WORDS: readonly string[] = ['tapped', 'untapped', 'exhausted', 'ready'];

/** A Riftbound battlefield written without its name (the parser's `at battlefield`, the ruleset's `in battlefield` and events). */
export function namelessBattlefield(): Message {
  return msg`A Riftbound battlefield is named: write \`battlefield NAME\` (each battlefield in play is a place of its own, and a card is at one of them).`;
}

/**
 * The quality a grant writes for "the chosen color" (MTG Sanctuary Blade: `equipped creature has protection from
 * the last chosen color`, 607.2d): never a quality of its own; the engine puts the card's choice in its place
 * (abilities.ts, grantsOf).
 */
export const CHOSEN_COLOR = 'the chosen color';
