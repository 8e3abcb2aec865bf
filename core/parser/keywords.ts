// The keyword abilities a scenario may give a card, grant, take away and assert (`flying`,
// `equipped creature has first strike`, `expect lion has flying`; Riftbound `Shield`), beside the
// ones with rules of their own here (protection, hexproof, shroud, ward, enchant, equip...). The
// parser reads both games' words; the replay says when a word is the other game's.

/** MTG keyword abilities (702), as rules text writes them: lowercase; `first strike` and `double strike` are two words. */
export const MTG_KEYWORDS: readonly string[] = [
  'deathtouch',
  'defender',
  'double strike',
  'fear',
  'first strike',
  'flying',
  'haste',
  'indestructible',
  'intimidate',
  'lifelink',
  'menace',
  'reach',
  'shadow',
  'trample',
  'umbra armor',
  'vigilance',
];

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

/** The first words of the keywords (`first` of `first strike`): a word here after `has`, `gains` or `loses` starts a keyword. */
export const KEYWORD_FIRST_WORDS: ReadonlySet<string> = new Set([...MTG_KEYWORDS, ...RIFTBOUND_KEYWORDS].map((k) => k.split(' ')[0]));

/** The second word a two-word keyword needs after its first (`strike` after `first`), if any. */
export function keywordSecondWord(first: string): string | undefined {
  const k = MTG_KEYWORDS.find((x) => x.startsWith(`${first} `));
  return k?.split(' ')[1];
}

/** MTG card types (205.2a, with `tribal`, read as `kindred`) and supertypes (205.4a), as a scenario writes them: lowercase. */
export const MTG_CARD_TYPES = ['artifact', 'creature', 'enchantment', 'land', 'planeswalker', 'battle', 'instant', 'sorcery', 'kindred', 'tribal'];
export const MTG_SUPERTYPES = ['basic', 'legendary', 'snow', 'world', 'ongoing'];
