// The syntax tree of a board-scenario file. Every node carries its source range.
import type { Range, RelatedLocation } from '../types';
import type { Message } from '../message';

/** An identifier as written, with its range. */
export interface Name {
  text: string;
  range: Range;
}

export interface Word {
  text: string;
  range: Range;
}

/** The value written after a keyword that takes one (Riftbound `Assault 2`, `Shield 3`: 807.1.b, 814.1.b; parser/keywords.ts VALUED_KEYWORDS): a whole number of at least 1. */
export interface KeywordValue {
  value: number;
  range: Range;
}

/**
 * How long a control effect lasts: `until end of turn` or `this turn` (`text`; `until your next turn`
 * is for changes of characteristics and abilities only), or `for as long as ...`
 * (MTG 611.2b): `P controls Y` (Master Thief), `Y is enchanted` or `Y is equipped` (Rootwater Matriarch),
 * `Y remains on the battlefield` (Sower of Temptation), `Y remains tapped`, or several of these joined
 * by `and` (Rubinia Soulsinger: `P controls Y and Y remains tapped`).
 */
export type ControlDuration =
  | { kind: 'turn'; text: 'until end of turn' | 'this turn' | 'until your next turn'; range: Range; player?: Name }
  | AsLongAsCondition
  | { kind: 'all'; parts: AsLongAsCondition[]; range: Range };

/** One condition of a `for as long as` duration (ControlDuration). */
export type AsLongAsCondition =
  | { kind: 'controls'; player: Name; card: Name; range: Range }
  | { kind: 'attached'; card: Name; what: 'enchanted' | 'equipped'; range: Range }
  | { kind: 'remains'; card: Name; what: 'on the battlefield' | 'tapped'; range: Range };

/**
 * `until end of turn` or `this turn`: an effect that ends with its turn (MTG 514.2, Riftbound 317.2.c);
 * MTG `until your next turn` (`player` undefined) or `until P's next turn` (`player` P): one that ends
 * as the next turn of "you", or of P, begins (611.2a). Its `text` is `until your next turn` for both.
 */
export type TurnDuration = Extract<ControlDuration, { kind: 'turn' }>;

/** One alternative of a filter: every term must match (`nonland permanent` is two terms). */
export interface FilterTerm {
  negated: boolean;
  word: string;
  range: Range;
}

export type ControlClause = 'you' | 'opponent' | 'not-you';

/**
 * The zone a filter names (109.2a): `in a graveyard`, `in your graveyard`, `in an opponent's graveyard`.
 * `whose` is whose graveyard: any player's, the attachment's controller's, or an opponent's.
 */
export interface FilterZone {
  zone: 'graveyard';
  whose: 'any' | 'you' | 'opponent';
  range: Range;
}

/** `creature or planeswalker you control`, `player`, `opponent`, `Forest`. */
export interface Filter {
  alternatives: FilterTerm[][];
  control?: ControlClause;
  /** A card in this zone rather than a permanent on the battlefield (109.2a). */
  zone?: FilterZone;
  /** `with another Aura attached to it` (Daybreak Coronet): the words' range. */
  withAura?: Range;
  /** MTG `with toughness N or greater` (`or less`; Gate Smasher): the object's toughness now, with what changes it (208.1, 613.4c, 122.1a). */
  toughness?: FilterToughness;
  range: Range;
}

/** A filter's `with toughness N or greater` or `with toughness N or less`: the words' range. */
export interface FilterToughness {
  value: number;
  or: 'greater' | 'less';
  range: Range;
}

/**
 * A filter as the scenario writes it (`creature or planeswalker you control with toughness 4 or greater`),
 * for messages, hovers and card data's comparisons: one writer for every layer that shows one.
 */
export function filterText(f: Filter): string {
  const alts = f.alternatives.map((a) => a.map((t) => (t.negated ? 'non' : '') + t.word).join(' ')).join(' or ');
  const ctl = f.control === 'you' ? ' you control' : f.control === 'opponent' ? ' an opponent controls' : f.control === 'not-you' ? " you don't control" : '';
  return alts + ctl + (f.withAura ? ' with another Aura attached to it' : '') + (f.toughness ? ` with toughness ${f.toughness.value} or ${f.toughness.or}` : '') + (f.zone ? ' ' + zoneText(f.zone) : '');
}

/** A filter's zone as written: `in a graveyard`, `in your graveyard`, `in an opponent's graveyard`. */
export function zoneText(z: FilterZone): string {
  return `in ${z.whose === 'any' ? 'a' : z.whose === 'you' ? 'your' : "an opponent's"} ${z.zone}`;
}

/** Zone as written: MTG `battlefield`, `graveyard`...; Riftbound `base`, `battlefield NAME`, `trash`... */
export interface ZoneRef {
  zone: string;
  /** Riftbound: the battlefield's name after `battlefield`, or the player after `base of`. */
  place?: Name;
  range: Range;
}

export type Property =
  /** A property no rule reads, up to the next comma: each game's declaration reports it in its own words. */
  | { kind: 'unknown'; word: Word; range: Range }
  | { kind: 'owner'; player: Name; range: Range }
  /** `controller P`: an effect gave P control; `entered under P`: it entered under P's control (800.4a). */
  | { kind: 'controller'; player: Name; entered: boolean; range: Range }
  | { kind: 'zone'; zone: ZoneRef; range: Range }
  | { kind: 'attached'; target: Name; range: Range }
  /**
   * MTG `as it becomes attached choose a color`, or as printed `As Sanctuary Blade becomes attached to a creature,
   * choose a color` (607.2d): a color is chosen each time it becomes attached (`choosing C`).
   */
  /** MTG `FILTER enter [the battlefield] tapped` (614.1d, Imposing Sovereign): every permanent the filter describes enters tapped. */
  | { kind: 'enters-tapped'; filter: Filter; range: Range }
  | { kind: 'choose-color'; /** `as it enters choose a color` (Benevolent Blessing): chosen once, as it enters (`resolve X choosing C`, `enter X choosing C`). */ enters?: true; range: Range }
  /** MTG `chosen color C`: the color chosen as a declared attachment became attached (with `attached to`). */
  | { kind: 'chosen-color'; color: Word; range: Range }
  | { kind: 'enchant'; filter: Filter; range: Range }
  /** `timing`: Riftbound `Reaction equip`, `Action equip` (the word): an Equip whose card changes its timing (818.1.c.5) to a Reaction's or an Action's. */
  | { kind: 'equip'; quality?: Filter; timing?: Word; range: Range }
  /** `fortify` (MTG 702.67a): the ability every Fortification has, written as its card prints it. */
  | { kind: 'fortify'; range: Range }
  | { kind: 'protection'; quality: Word; range: Range }
  | { kind: 'color'; colors: Word[]; range: Range }
  /** `on top` (MTG): the card is the top card of its owner's library. */
  /**
   * `if I would die, kill this instead` (Riftbound, Guardian Angel): a gear's Effect Text that saves its
   * unit (136.2.c); `then`: what the same text does to the unit after (`, heal me, exhaust me, and recall me`).
   */
  /** `back face` (MTG 712.2): the line declares the back face of a double-faced card, a face and no object (no owner, no zone). */
  /** `face down`, `manifested`, `cloaked` (MTG 708.2a, 701.40a, 701.58a): a face-down permanent, and how it became one. */
  | { kind: 'flag'; flag: 'reconfigure' | 'bestow' | 'token' | 'phased-out' | 'exhausted' | 'tapped' | 'aura-swap' | 'castable' | 'on-top' | 'flash' | 'kill-instead' | 'back-face' | 'face-down' | 'manifested' | 'cloaked'; range: Range; then?: readonly SaverStep[] }
  /** `transforms into NAME` (MTG 712.2): the card is a double-faced card whose back face is the line declared `card NAME ..., back face`. */
  | { kind: 'transforms'; face: Name; range: Range }
  | { kind: 'cant'; what: 'enchanted' | 'equipped' | 'fortified'; range: Range }
  /**
   * `when attached`, `when unattached` (MTG), `when detached` (Riftbound), `when equipped creature dies`,
   * `when enchanted creature dies` (MTG), `when I die` (Riftbound Effect Text): a triggered ability of the
   * card (MTG 603.2e, 603.10; Riftbound 725, 808). A host's: `when an Aura (an Equipment) becomes attached
   * to it`, Riftbound `when a gear attaches to me`; another card's: `when an equipped creature you control
   * dies`, `when an enchanted creature dies`, Riftbound `when an equipped friendly unit dies`. MTG `when put
   * into a graveyard from the battlefield, EFFECT` (Rancor, Oathkeeper): a leaves-the-battlefield ability
   * (603.6c) whose effect (`effect`) is performed as it resolves from the stack (`resolve X trigger`).
   */
  | { kind: 'trigger'; phrase: TriggerPhrase; effect?: TriggerEffect; range: Range }
  /** `players can't cast FILTER spells` (MTG, Aether Storm): while the card is on the battlefield, no player casts a spell the filter describes (601.3, 101.2). */
  | { kind: 'cant-cast'; filter: Filter; range: Range }
  /** `you may cast FILTER spells from the top of your library` (MTG, Garruk's Horde): its controller may cast such a spell from the top of their library (601.3). */
  | { kind: 'may-cast-top'; filter: Filter; range: Range }
  /** `you may cast FILTER spells as though they had flash` (MTG): its controller may cast such spells any time they could cast an instant (601.3b, 702.8a). */
  | { kind: 'may-cast-flash'; filter: Filter; range: Range }
  /**
   * `cast only targeting a tapped FILTER` (MTG, Dream Leash: "You can cast this spell only targeting a tapped
   * permanent"): a limit on the Aura spell's target as it is cast (601.2c, 601.3), read at no other time: not as
   * the spell resolves, nor for the Aura put onto the battlefield without being cast.
   */
  | { kind: 'cast-only'; filter: Filter; range: Range }
  /** `can be attached only to FILTER` (MTG, Konda's Banner: `can be attached only to legendary creature`): what the attachment itself may be attached to (701.3a). */
  | { kind: 'attach-only'; filter: Filter; range: Range }
  /** MTG `attach target FILTER to target FILTER` (Brass Squire, Aura Finesse): what an effect of this card that attaches may target (115.1). */
  | { kind: 'attach-targets'; what: Filter; to: Filter; range: Range }
  /** `you may activate equip abilities any time you could cast an instant` (MTG, Leonin Shikari): its controller's equip abilities lose their sorcery timing (602.5d). */
  | { kind: 'may-equip-instant'; range: Range }
  /**
   * MTG replacement (614.1a): `if it would be put into a graveyard, exile it instead` (the card itself: a
   * disturbed Aura's back face), `if a card would be put into a graveyard, exile it instead` (Rest in
   * Peace: every card, while this is on the battlefield), `... into an opponent's graveyard ...` (Leyline
   * of the Void: its controller's opponents' cards).
   */
  | { kind: 'exile-instead'; scope: 'self' | 'any' | 'opponent'; range: Range }
  /**
   * Riftbound Rules Text that replaces the death of another unit (369.1): `friendly`, an unattached gear's "[the next
   * time] a friendly unit would die, kill this instead" (Zhonya's Hourglass), the gear killed in its place; `other-here`,
   * a unit's "if another unit you control here would die and has less Might than me" (Soraka, Wanderer), nothing
   * killed. `then`: what the same replacement goes on to do to the unit saved (heal, exhaust, recall it).
   */
  | { kind: 'death-replacement'; scope: 'friendly' | 'other-here'; next: boolean; then: readonly SaverStep[]; range: Range }
  | { kind: 'might'; value: number; range: Range }
  | { kind: 'might-bonus'; value: number; range: Range }
  /** `toughness N` (MTG): the creature's toughness as printed (208.1), before what its attachments add (613.4c). */
  | { kind: 'toughness'; value: number; range: Range }
  /** `power N` (MTG): the creature's power as printed (208.1), before what its attachments, counters and static effects add (613.4c). */
  | { kind: 'power'; value: number; range: Range }
  /** `damage N` (both games): damage marked on it on the declared board (MTG 120.6; Riftbound 143.3.a). */
  | { kind: 'damage'; value: number; range: Range }
  /** `with 2 +1/+1 counters`, `with a -1/-1 counter` (MTG 122.1a), `with a buff` (Riftbound 702): counters on it on the declared board. */
  | { kind: 'counters'; counter: CounterKind; count: number; countRange: Range; range: Range }
  /**
   * `equipped creature gets +4/+4`, `enchanted creature gets -2/-2` (MTG): what an attachment adds to the power and toughness of what it is attached to (613.4c, 301.5f, 303.4m).
   * `perCounter`: `equipped creature gets +1/+0 for each hone counter on it`, the change multiplied by the counters of that kind on the attachment itself.
   */
  | { kind: 'pt-bonus'; who: Word; power: number; toughness: number; perCounter?: { counter: 'hone'; range: Range }; range: Range }
  /**
   * `white creatures get +1/+1`, `other creatures you control get +1/+1`, `creatures with no abilities get
   * +2/+2`, `enchanted creatures get -1/-1` (MTG): a static ability of the card that changes the power and
   * toughness of every creature its filter describes while the card is on the battlefield (613.4c).
   * `filter`: the words as a filter reads them (singular: `creature`), without the words below; `other`:
   * the card itself is left out; `attached`: only creatures with an Equipment (an Aura) attached;
   * `noAbilities`: only creatures with no abilities (113.12).
   */
  | { kind: 'anthem'; filter: Filter; other?: Range; attached?: 'equipped' | 'enchanted'; noAbilities?: Range; power: number; toughness: number; range: Range }
  /**
   * `other friendly units have +1 Might`, `enemy units here have -1 Might`, `units with a buff have +1 Might`
   * (Riftbound): a static ability (a passive, 364) of the card that changes the Might of every unit its
   * filter describes while the card is on the board with its Rules Text active (the Arithmetic layer, 477.3).
   * `filter`: the words as a filter reads them (`unit`, tags, `friendly`, `enemy`), without the words below;
   * `other`: the card itself is left out; `equipped`: only units with an Equipment attached (818.3); `here`:
   * only units at the card's location; `buffed`: only units with a buff (702.2.a); `value`: as printed (+1, -1).
   */
  | { kind: 'might-effect'; filter: Filter; other?: Range; equipped?: Range; here?: Range; buffed?: Range; value: number; range: Range }
  /** MTG targeting keywords: `hexproof`, `hexproof from QUALITY`, `shroud`, `ward [COST]` (702.11, 702.18, 702.21). */
  | { kind: 'keyword'; keyword: TargetingKeywordNode; range: Range }
  /** A keyword ability with no rule of its own here: `flying`, `first strike`; Riftbound `Shield`, `Assault 2` (its value: parser/keywords.ts). */
  /**
   * `timing`: Riftbound `Reaction ability NAME`, `Action ability NAME` (the word): a named ability printed with
   * [Reaction][>] or [Action][>], which may then be activated in a Closed State or a showdown on any player's
   * turn (813.1.c.2, 806.1.c.2).
   */
  | { kind: 'keyword-ability'; name: Word; value?: KeywordValue; timing?: Word; range: Range }
  /** `equipped creature has protection from red`: what an attachment gives or takes from what it is attached to (MTG 613.1f; Riftbound 718.3). */
  | { kind: 'grant'; grant: GrantNode; range: Range };

/** An ability as a grant, `gains`/`loses` or `expect X has` writes it. */
export type AbilityNode =
  /** `value`: Riftbound `equipped unit has Shield 2`, `expect X has Assault 4` (807.1.b, 807.2). */
  | { kind: 'keyword'; name: Word; value?: KeywordValue; range: Range }
  | { kind: 'protection'; quality: Word; range: Range }
  | { kind: 'targeting'; keyword: TargetingKeywordNode; range: Range }
  /** MTG 613.7a: `enchanted Equipment has "equipped creature has flying"`, the ability to grant, in quotes. */
  | { kind: 'grant'; grant: GrantNode; range: Range }
  /** `enchanted land can't be enchanted by other Auras` (Consecrate Land): what can't be attached to the permanent (303.4, 701.3a); `other`: the granting card itself can. */
  | { kind: 'cant'; what: 'enchanted' | 'equipped' | 'fortified'; other: boolean; range: Range }
  /** `you control enchanted creature` (MTG, Control Magic): the attachment's controller controls the permanent (613.1b); written as a grant of one `control`. */
  | { kind: 'control'; range: Range }
  /** `enchanted creature loses all abilities` (MTG, Frogify): only after `loses`, and alone (113.10, 613.1f). */
  | { kind: 'all'; range: Range }
  /**
   * MTG type-changing (613.1d, 205.1): `enchanted permanent is a colorless Forest land` (Song of the
   * Dryads), `equipped permanent isn't a planeswalker and is a creature in addition to its other types`
   * (Luxior). `is`: the words after `is a`, `isnt`: after `isn't a`; `inAddition`: the closing
   * `in addition to its other types` (205.1b). Written as a `has` grant of this one ability.
   */
  | { kind: 'types'; is: Word[]; isnt: Word[]; inAddition?: Range; range: Range };

/** `equipped creature has flying and first strike`, `enchanted creature loses flying`, `enchanted land can't be enchanted by other Auras` (a `has` of one `cant`). */
export interface GrantNode {
  /** `equipped creature`, `enchanted permanent`, `fortified land`, `equipped unit`: the attached object, as written. */
  who: Word;
  verb: 'has' | 'loses';
  abilities: AbilityNode[];
  /** `, not removing NAME | Auras | attached`: what the protection it gives doesn't remove (MTG 702.16n, 702.16p). */
  keep?: ProtectionKeepClause;
  range: Range;
}

/** A targeting keyword as written: its name, the quality of `hexproof from`, the cost of `ward`. */
export interface TargetingKeywordNode {
  name: 'hexproof' | 'shroud' | 'ward';
  quality?: Word;
  /** `ward 2`, `ward "discard a card"`: the cost as written (a number, a word or a string). */
  cost?: Word;
  range: Range;
}

export interface TypeLine {
  /** Lowercase words before the dash: supertypes and card types. */
  types: Word[];
  /** Words after the dash: subtypes (MTG) or tags (Riftbound). */
  subtypes: Word[];
  range: Range;
}

export interface GameStmt {
  kind: 'game';
  game?: Word;
  /** `game mtg, range of influence N` (MTG 801): the limited range of influence option, N seats. */
  influence?: { value: number; range: Range };
  range: Range;
}
export interface TitleStmt {
  kind: 'title';
  title?: string;
  range: Range;
}
export interface RulesStmt {
  kind: 'rules';
  version?: Word;
  range: Range;
}
export interface PlayerStmt {
  kind: 'player';
  id?: Name;
  range: Range;
}
/**
 * `include "PATH"`: the players and cards of another file, as if declared here (before the events).
 * The path is relative to the including file; the host that reads files decides what is reachable.
 */
export interface IncludeStmt {
  kind: 'include';
  path?: { text: string; range: Range };
  range: Range;
}
export interface CardStmt {
  kind: 'card';
  id?: Name;
  name?: { text: string; range: Range };
  typeLine?: TypeLine;
  props: Property[];
  range: Range;
}

/** The counters the checker reads: MTG +1/+1 and -1/-1 counters (122.1a) and shield counters (122.1c), a Riftbound buff (702, 703). */
/** `hone`: MTG counters with no rule of their own (122.1), read by an attachment's `gets +1/+0 for each hone counter on it`. */
export type CounterKind = '+1/+1' | '-1/-1' | 'shield' | 'hone' | 'buff';

/** `by P` at the end of an event. */
export type ByClause = Name | undefined;

export type Assertion =
  | { kind: 'attached-to'; subject: Name; host: Name; range: Range }
  | { kind: 'unattached'; subject: Name; range: Range }
  | { kind: 'in-zone'; subject: Name; zone: ZoneRef; range: Range }
  | { kind: 'has'; host: Name; subject: Name; range: Range }
  /** `expect X has flying`, `expect X has protection from red`, `expect X has no flying`: the ability, with what its attachments grant it. */
  | { kind: 'has-ability'; subject: Name; ability: AbilityNode; negated: boolean; range: Range }
  | { kind: 'newer-than'; subject: Name; other: Name; range: Range }
  | { kind: 'might'; subject: Name; value: number; range: Range }
  /** `X toughness N` (MTG): its toughness with what its attachments add (613.4c). */
  | { kind: 'toughness'; subject: Name; value: number; range: Range }
  /** `X power N` (MTG): its power with what its attachments, counters and static effects add (613.4c, 122.1a); read only by this assertion. */
  | { kind: 'power'; subject: Name; value: number; range: Range }
  /** `X damage N` (both games): the damage marked on it (0 when none). */
  | { kind: 'damage'; subject: Name; value: number; range: Range }
  /** `X has 2 +1/+1 counters`, `X has no -1/-1 counters` (MTG), `X has a buff`, `X has no buff` (Riftbound): how many of that counter are on it. */
  | { kind: 'counters'; subject: Name; counter: CounterKind; value: number; range: Range }
  | { kind: 'no-attachments'; host: Name; range: Range }
  /** `X ceased to exist`: a token that left the battlefield (Riftbound: the board) is gone (MTG 111.7, 704.5d; Riftbound 186.1). */
  | { kind: 'ceased'; subject: Name; range: Range }
  /** `X not created`: a token declared off the battlefield (Riftbound: off the board) that no effect has created yet, or whose creation didn't happen (MTG 111.1, 303.4g, 303.4i; Riftbound 177, 186). */
  | { kind: 'not-created'; subject: Name; range: Range }
  /**
   * `X tapped`, `X untapped` (MTG 110.5), `X exhausted`, `X ready` (Riftbound 414.2, 415.2): the card's status on the board.
   * Riftbound `X stunned`, `X not stunned` (423.1.a), `X empowered`, `X not empowered` (441.1.a, rules of 2026-07-16): `negated` for `not`.
   */
  | { kind: 'status'; subject: Name; status: 'tapped' | 'untapped' | 'exhausted' | 'ready' | 'stunned' | 'empowered'; negated?: true; range: Range }
  /** `X mighty`, `X not mighty` (Riftbound 706-711): its Might is 5 or more (on the board with what its gear and buff add; elsewhere as printed). */
  | { kind: 'mighty'; subject: Name; negated: boolean; range: Range }
  /**
   * `X attacking`, `X blocking` (MTG), `X defending` (Riftbound), each with `not` (`X not attacking`): is
   * it in combat so, now (MTG 506.4: it may have been removed; Riftbound 459.2.b, 323.2.c).
   */
  | { kind: 'combat'; subject: Name; role: 'attacking' | 'blocking' | 'defending'; negated: boolean; range: Range }
  /** `X controlled by P` (both games). */
  | { kind: 'controlled-by'; subject: Name; player: Name; range: Range }
  /** `X transformed`, `X not transformed` (MTG 701.27g): a double-faced permanent with its back face up. */
  | { kind: 'transformed'; subject: Name; negated: boolean; range: Range }
  /** `X face down`, `X face up` (MTG 110.5, 708): the permanent's face-down status (`down`: asserted face down). */
  | { kind: 'face'; subject: Name; down: boolean; range: Range }
  /** `X phased out`, `X phased in` (MTG 110.5, 702.26): whether the permanent X is phased out now. */
  | { kind: 'phased'; subject: Name; out: boolean; range: Range }
  /**
   * `X chosen color C`, `X no chosen color` (MTG 607.2d): the color X chose as it became attached (Sanctuary
   * Blade) or as it entered (Benevolent Blessing), which its grant's `the chosen color` reads; `color` undefined: none.
   */
  | { kind: 'chosen-color'; subject: Name; color?: Word; range: Range }
  /**
   * `X merged with Y` (MTG 702.140c, 730.2): X and Y are cards of one merged permanent now; `X not merged
   * with Y`, and `X not merged` (no `other`): X is no part of a merged permanent.
   */
  | { kind: 'merged'; subject: Name; other?: Name; negated: boolean; range: Range }
  /**
   * `X a copy of Y` (both games: MTG 707.2, Riftbound 477.1.b): a permanent copying Y's copiable values now;
   * `X not a copy` (copying nothing), `X not a copy of Y` (not copying Y). `original` is Y, absent for `not a copy`.
   */
  | { kind: 'copy'; subject: Name; original?: Name; negated: boolean; range: Range }
  /**
   * `X triggered` (at least once), `X triggered once|twice|N times` (`count`), `X not triggered`, each with
   * `when PHRASE` (which ability) and `for H` (about which host): how often X's declared triggers have
   * triggered since the scenario began.
   */
  | { kind: 'triggered'; subject: Name; negated: boolean; count?: number; when?: { phrase: TriggerPhrase; range: Range }; host?: Name; range: Range };

/** The words after `when` that declare (and an assertion names) a triggered ability about attachment. */
export const TRIGGER_PHRASES = [
  'attached',
  'unattached',
  'detached',
  'equipped creature dies',
  'enchanted creature dies',
  'I die',
  // A host's abilities about what becomes attached to it (Bramble Elemental; Riftbound a unit's).
  'an Aura becomes attached to it',
  'an Equipment becomes attached to it',
  'a gear attaches to me',
  // Another card's abilities about a creature that dies equipped or enchanted (Stone Haven Outfitter, Hateful Eidolon).
  'an equipped creature you control dies',
  'an enchanted creature dies',
  'an equipped friendly unit dies',
  // MTG: a card's own leaves-the-battlefield ability (603.6c): Rancor, Oathkeeper, Takeno's Daisho.
  'put into a graveyard from the battlefield',
] as const;
export type TriggerPhrase = (typeof TRIGGER_PHRASES)[number];

/**
 * What `when put into a graveyard from the battlefield, EFFECT` does as it resolves (MTG): `return it to its
 * owner's hand` (Rancor: the card, found in the graveyard it went to, 400.7e), `exile equipped creature`,
 * `exile enchanted creature` (Oathkeeper, Takeno's Daisho: what it was attached to as it left, 603.10a).
 */
export const TRIGGER_EFFECTS = ["return it to its owner's hand", 'exile equipped creature', 'exile enchanted creature'] as const;
export type TriggerEffect = (typeof TRIGGER_EFFECTS)[number];

/**
 * `, not removing NAME | Auras | attached` after a protection a card gains (MTG 702.16n, 702.16p):
 * the state-based actions of that protection leave the named Aura, all Auras, or whatever is
 * attached as it starts, where they are.
 */
export interface ProtectionKeepClause {
  /** `self`: `not removing itself`, in a grant (the card that grants it: the Ward cycle, 702.16n). */
  what: 'card' | 'auras' | 'attached' | 'self';
  card?: Name;
  range: Range;
}

/** What Guardian Angel's text does to its unit after the gear is killed in its place: `heal me`, `exhaust me`, `recall me`. */
export type SaverStep = 'heal' | 'exhaust' | 'recall';

/** The abilities `gains X ...` / `loses X ...` can name besides protection from a quality (MTG 113.10). */
export type AbilityWord = 'all' | 'enchant' | 'equip' | 'fortify' | 'reconfigure' | 'protection';

/** The verbs, after sugar is kept as written (the replay reads `verb`). */
/** `for its mana cost` (MTG 701.40b, 701.58b) or `for its morph|megamorph|disguise cost` (702.37e, 702.37b, 702.168d): what a special action turning a permanent face up pays. */
export const TURN_UP_COSTS = ['mana', 'morph', 'megamorph', 'disguise'] as const;
export interface TurnUpCost {
  kind: (typeof TURN_UP_COSTS)[number];
  range: Range;
}

export type EventNode =
  /**
   * `targeting [with S]` (`attach` only): an effect of a spell or ability (of S) that targets both the attachment and the
   * host (MTG; Riftbound 434.3: it chooses both). `paying ward` (MTG 702.21a), `paying deflect` (Riftbound 809.1.c):
   * the effect's controller paid what a target adds to it.
   */
  | { kind: 'attach'; verb: 'attach' | 'equip' | 'fortify'; subject: Name; host: Name; by?: Name; targeting?: { source?: Name; range: Range }; payingWard?: Range; payingDeflect?: Range; /** MTG `choosing C`: the color chosen as it becomes attached (607.2d). */ color?: Word; verbRange: Range; range: Range }
  /**
   * `cast X targeting T`, or `cast X` for a spell that targets nothing (a creature, an Equipment; a
   * `bestow` card cast as a creature). `paying ward`: the caster paid the ward cost of the target
   * (702.21a), so ward doesn't counter the spell.
   */
  /** `cast X mutating onto T` (MTG 702.140a): cast for its mutate cost, a mutating creature spell targeting T; `mutating` is the two words' range. */
  /**
   * Riftbound `cast S targeting X to U [by P] [paying deflect]` (355.8, 434.3): the spell S, played, waits on the chain
   * with the card X it attaches and the unit U it attaches it to as its targets (`host`); `paying deflect` (809.1.c).
   */
  /** `cast X face down` (MTG 702.37c, 702.168b, 708.4): cast face down with morph, megamorph or disguise, a 2/2 face-down creature spell; `faceDown` is the two words' range. */
  | { kind: 'cast'; subject: Name; target?: Name; host?: Name; by?: Name; payingWard?: Range; payingDeflect?: Range; mutating?: Range; faceDown?: Range; verbRange: Range; range: Range }
  /** `resolve X`: the spell X; `resolve X equip`: the pending equip (fortify, reconfigure) ability of X. */
  /**
   * `resolve X [ABILITY]`; a triggered ability that puts a card onto the battlefield or attaches names it:
   * MTG `resolve X living weapon creating T` (702.92a, and `for mirrodin`, 702.163a, `job select`, 702.182a: the token it creates), Riftbound `resolve X
   * Weaponmaster [choosing G]` (821.1.c: the Equipment chosen, none when not written), Riftbound `resolve G
   * Quick-Draw [choosing U]` (819.1.d: the unit chosen as the trigger resolves). MTG `resolve X trigger`: X's
   * `when put into a graveyard from the battlefield` ability waiting on the stack (603.6c), its effect performed.
   */
  /** `resolve X on top` / `resolve X underneath` (MTG 702.140c): where the mutating spell X goes as it merges (`mergeOn`: the words, text `on top` or `underneath`). */
  | { kind: 'resolve'; subject: Name; ability?: Word; creating?: Name; choosing?: Name; mergeOn?: Word; /** MTG `resolve X equip choosing C`: the color chosen as it becomes attached (614.12); `resolve X choosing C`: as the permanent it becomes enters. */ color?: Word; verbRange: Range; range: Range }
  /**
   * `activate X equip targeting H [by P]`: the ability goes on the stack (Riftbound: the chain) with its
   * target. `activate X reconfigure [by P]`, without one: reconfigure's ability that unattaches (MTG 702.151a).
   */
  /** Riftbound `activate S attach targeting X to U [by P] [paying deflect]`: S's ability that attaches (377.3, 434.3), on the chain with X and U (`host`) as its targets. */
  | { kind: 'activate'; subject: Name; ability: Word; target?: Name; host?: Name; by?: Name; payingDeflect?: Range; verbRange: Range; range: Range }
  /** `under P` (`player`): the permanent enters the battlefield (Riftbound: the board) under P's control (MTG 110.2, 303.4f; Riftbound 188.3). */
  /** `transformed` (MTG 712.14a): it enters with its back face up; the word's range. */
  /** `as a copy of Y` (`original`: MTG 707.5; Riftbound 477.1.b): it enters with Y's copiable values as its own. */
  /** `status`: `tapped`/`untapped` (MTG 110.5b), `exhausted`/`ready` (Riftbound 143.4, 143.4.a, 359.2.d): the status it enters with, when an effect says. */
  | { kind: 'enter'; subject: Name; host?: Name; zone?: ZoneRef; player?: Name; transformed?: Range; original?: Name; status?: Word; /** MTG `choosing C`: the color chosen as it enters (614.12, Benevolent Blessing). */ color?: Word; verbRange: Range; range: Range }
  /** `becomes X a copy of Y` (MTG 707.4; Riftbound 477.1.b.1): the permanent X takes Y's copiable values, staying the same object. */
  | { kind: 'copy'; subject: Name; original: Name; verbRange: Range; range: Range }
  /** `transform X` (MTG 701.27a): the double-faced permanent X turns over, its other face up. */
  | { kind: 'transform'; subject: Name; verbRange: Range; range: Range }
  /**
   * `turn X face down` (MTG 708.2a), `turn X face up [with S] [attached to H]` (708.8; 116.2b's special action,
   * or `with S`: the effect of S; `attached to H`: an Aura an effect lets become attached as it turns face up, 303.4k).
   */
  | { kind: 'turn-face'; subject: Name; up: boolean; source?: Name; host?: Name; cost?: TurnUpCost; verbRange: Range; range: Range }
  /** `manifest X [under P]`, `cloak X [under P]` (MTG 701.40a, 701.58a): the card is put onto the battlefield face down. */
  | { kind: 'manifest'; how: 'manifest' | 'cloak'; subject: Name; player?: Name; verbRange: Range; range: Range }
  | { kind: 'unattach'; verb: 'unattach' | 'detach'; subject: Name; host?: Name; verbRange: Range; range: Range }
  /**
   * `tap X`, `untap X` (MTG 110.5), `exhaust X`, `ready X` (Riftbound 414, 415): a card on the board turned sideways or back.
   * Riftbound `stun X` (423), `empower X`, `disempower X` (441, 442, rules of 2026-07-16): a status of its own, not its attachments' (719.4.a).
   */
  | { kind: 'status'; verb: 'tap' | 'untap' | 'exhaust' | 'ready' | 'stun' | 'empower' | 'disempower'; subject: Name; verbRange: Range; range: Range }
  | {
      kind: 'move';
      verb: 'move' | 'destroy' | 'sacrifice' | 'exile' | 'banish' | 'bounce' | 'kill';
      subject: Name;
      zone: ZoneRef;
      /** `move X to battlefield under P` (Riftbound: to a base or a battlefield): the player under whose control it enters. */
      player?: Name;
      /** Riftbound `move X to ZONE as a standard move` (144): the unit's Standard Move, judged by 144.1-144.4; the words' range. Without it a `move` is one an effect makes. */
      standard?: Range;
      verbRange: Range;
      range: Range;
    }
  /**
   * The changes to a card's characteristics (or a player's abilities). With `duration` (`until end of
   * turn`, `this turn`) the change ends as its turn does (MTG 514.2, Riftbound 317.2.c); without, it lasts.
   */
  | { kind: 'types'; verb: 'becomes' | 'loses'; subject: Name; words: Word[]; duration?: TurnDuration; verbRange: Range; range: Range }
  | { kind: 'protection'; verb: 'gains' | 'loses'; subject: Name; quality: Word; keep?: ProtectionKeepClause; duration?: TurnDuration; verbRange: Range; range: Range }
  /** `loses X all abilities | enchant | equip | reconfigure | protection`, `gains X enchant FILTER` (which takes no duration: its filter reads every word). */
  | { kind: 'abilities'; verb: 'gains' | 'loses'; subject: Name; ability: AbilityWord; filter?: Filter; duration?: TurnDuration; verbRange: Range; range: Range }
  /** `gains X flying`, `loses X first strike`: a keyword ability with no rule of its own here (parser/keywords.ts); Riftbound `gains X Assault 3` with its value (807.2). */
  /** `unknown`: `gains X WORD` with a word no game reads as an ability, reported by the game's replay in its own words. */
  | { kind: 'keyword-ability'; verb: 'gains' | 'loses'; subject: Name; name: Word; value?: KeywordValue; duration?: TurnDuration; unknown?: true; verbRange: Range; range: Range }
  /**
   * `control X P [until end of turn | this turn | for as long as CONDITION]`: with a duration, the effect
   * ends as its turn does (MTG 514.2, Riftbound 317.2.c), or as soon as its condition no longer holds (MTG 611.2b).
   */
  | { kind: 'control'; subject: Name; player: Name; duration?: ControlDuration; verbRange: Range; range: Range }
  | { kind: 'keyword'; verb: 'gains' | 'loses'; subject: Name; keyword: TargetingKeywordNode; duration?: TurnDuration; verbRange: Range; range: Range }
  | { kind: 'phase'; direction: 'out' | 'in'; subject: Name; verbRange: Range; range: Range }
  | { kind: 'leave'; player: Name; verbRange: Range; range: Range }
  /** `turn P [STEP]`: from here on it is P's turn, in that step or phase (`main` when none is written); MTG casting and sorcery-speed activation, and Riftbound Equip (151.2), are judged by it. */
  | { kind: 'turn'; player: Name; step?: Word; verbRange: Range; range: Range }
  | { kind: 'recall'; subject: Name; verbRange: Range; range: Range }
  /**
   * `order replacements A, B` (Riftbound 373, 372): the order the player chooses for the replacements of the next
   * event's deaths, by the cards whose text they are (373.2: a cleanup's simultaneous deaths). Changes no card.
   */
  | { kind: 'order'; names: readonly Name[]; verbRange: Range; range: Range }
  /** `heal X` (Riftbound 418.1): the damage on a unit is cleared. */
  | { kind: 'heal'; subject: Name; verbRange: Range; range: Range }
  /**
   * `deal N damage to X [from S]` (both games): damage marked on a creature (MTG 120.3e) or a unit (Riftbound
   * 143.3.a). MTG: what the source S has decides what the damage does (deathtouch 702.2b, wither and infect
   * 120.3d, protection 702.16e); Riftbound reads S and nothing depends on it.
   */
  | { kind: 'damage'; amount: number; amountRange: Range; subject: Name; source?: Name; verbRange: Range; range: Range }
  /**
   * MTG `put N +1/+1 counters on X`, `remove N -1/-1 counters from X` (122.1a, 122.6); Riftbound `buff X`
   * (426.1) and `spend buff from X [by P]` (702.2.b; P must control X, 702.2.b.2): one buff, put or removed.
   * `verb` is `put` or `remove` in both; `amount`, how many (1 for a buff).
   */
  | { kind: 'counters'; verb: 'put' | 'remove'; counter: CounterKind; amount: number; amountRange: Range; subject: Name; by?: Name; verbRange: Range; range: Range }
  /** `regenerate X` (MTG 701.19a): a regeneration shield on X for the rest of the turn. */
  | { kind: 'regenerate'; subject: Name; verbRange: Range; range: Range }
  /**
   * MTG `attack with X` (508.1a): X is declared an attacking creature (in the combat of the turn's player).
   * Riftbound `attack at battlefield B [by P]` (459.2.b): a combat begins at B, P (the player whose turn it
   * is, when not written) the Attacker; the units at B gain the Attacker or Defender designation.
   */
  | { kind: 'attack'; subject?: Name; place?: Name; by?: Name; verbRange: Range; range: Range }
  /** MTG `block X with Y [and Z]...` (509.1a): Y (and Z) are declared blocking the attacking creature X. */
  | { kind: 'block'; subject: Name; blockers: Name[]; verbRange: Range; range: Range }
  | { kind: 'cleanup'; verbRange: Range; range: Range }
  | { kind: 'expect'; assertion?: Assertion; verbRange: Range; range: Range }
  /** `together: PART; PART...`: one resolution whose parts happen before state-based actions are checked once. */
  /** `steps`: the indexes of the parts written after `then`, each beginning a later step of the one resolution. */
  | { kind: 'together'; parts: EventNode[]; steps?: number[]; verbRange: Range; range: Range }
  /** `exchange control of X and Y` (MTG 701.12b). */
  | { kind: 'exchange'; subject: Name; other: Name; verbRange: Range; range: Range }
  /** `swap X with Y`: the aura swap ability of X, exchanging it with the Aura card Y in hand (MTG 702.65). */
  | { kind: 'swap'; subject: Name; other: Name; verbRange: Range; range: Range };

export type Statement = GameStmt | TitleStmt | RulesStmt | PlayerStmt | CardStmt | IncludeStmt | EventNode;

export interface Comment {
  text: string;
  range: Range;
}

/** A rule number written in a comment (`# 701.3b`), a reference tools can resolve. */
export interface RuleRef {
  number: string;
  range: Range;
}

export interface SyntaxProblem {
  /** The English text (`renderMessage(text)`). */
  message: string;
  /** The text as a template and its arguments (core/message.ts). */
  text?: Message;
  range: Range;
  /** What else in the statement the problem is about (a property written twice: the first, which counts). */
  related?: RelatedLocation[];
}

/** What is known of a document while its statements stream by (comments grow as lines are read). */
export interface DocumentInfo {
  comments: Comment[];
  /** Line break used by the file (`\r\n` when the first line break is CRLF). */
  eol: string;
  /** Number of lines in the file. */
  lineCount: number;
}

export interface ScenarioDocument extends DocumentInfo {
  statements: Statement[];
  ruleRefs: RuleRef[];
  /** The lexer's problems, then the parser's, each in document order. */
  problems: SyntaxProblem[];
  /** How many of `problems` are the lexer's (they come first). */
  lexicalProblems: number;
}

export const EVENT_VERBS = [
  'attach',
  'equip',
  'fortify',
  'cast',
  'resolve',
  'enter',
  'unattach',
  'detach',
  'move',
  'destroy',
  'sacrifice',
  'exile',
  'banish',
  'bounce',
  'kill',
  'becomes',
  'loses',
  'gains',
  'control',
  'phase',
  'leave',
  'turn',
  'recall',
  'deal',
  'heal',
  'put',
  'remove',
  'buff',
  'spend',
  'regenerate',
  'attack',
  'block',
  'cleanup',
  'order',
  'expect',
  'together',
  'exchange',
  'swap',
  'activate',
  'tap',
  'untap',
  'exhaust',
  'ready',
  'stun',
  'empower',
  'disempower',
  'transform',
  'manifest',
  'cloak',
] as const;

/** The verbs that may be a part of `together:` (what an effect does while it resolves). */
export const PART_VERBS = ['attach', 'enter', 'unattach', 'detach', 'move', 'destroy', 'sacrifice', 'exile', 'banish', 'bounce', 'kill', 'becomes', 'loses', 'gains', 'control', 'phase', 'recall', 'deal', 'heal', 'put', 'remove', 'buff', 'spend', 'regenerate', 'exchange', 'tap', 'untap', 'exhaust', 'ready', 'stun', 'empower', 'disempower', 'transform', 'manifest', 'cloak', 'turn'] as const;

/** The abilities `activate` puts on the stack (Riftbound: the chain), by keyword. */
export const ACTIVATED_ABILITIES = ['equip', 'fortify', 'reconfigure', 'attach'] as const;
/**
 * MTG triggers of an Equipment that create a creature token, then attach the Equipment to it: living weapon
 * (702.92a, a 0/0 Germ), For Mirrodin! (702.163a, a 2/2 Rebel) and Job select (702.182a, a 1/1 Hero). Each
 * waits on the stack for `resolve X KEYWORD creating T`.
 */
export const TOKEN_TRIGGERS = ['living weapon', 'for mirrodin', 'job select'] as const;
export type TokenTrigger = (typeof TOKEN_TRIGGERS)[number];

/** Is this ability (a stack entry's, a `resolve` line's) one of TOKEN_TRIGGERS? */
export function makesToken(ability: string | undefined): ability is TokenTrigger {
  return ability === 'living weapon' || ability === 'for mirrodin' || ability === 'job select';
}
/**
 * A keyword whose ability triggers as its card enters or is played, with no `when` phrase to name it: MTG living
 * weapon, For Mirrodin! and Job select, Riftbound Weaponmaster (821.1.c) and Quick-Draw (819.1.d).
 */
export function triggersAsItEnters(ability: string | undefined): boolean {
  return makesToken(ability) || ability === 'Weaponmaster' || ability === 'Quick-Draw';
}
/* An activated ability the scenario names, `ability NAME`, is read where these are (parser: abilityWord). */

export const DECLARATION_KEYWORDS = ['game', 'title', 'rules', 'player', 'card', 'include'] as const;

/**
 * The class of every event the parser makes (parser.ts `EventStmt` extends it), so that `isEvent`
 * knows one at once. Its `kind` test alone sees statements of every shape (declarations are plain
 * objects of a dozen shapes), so V8 reads `kind` there by its slowest, megamorphic lookup: twice
 * for each event of a check, about 2 % of it.
 */
export abstract class EventBase {}

/** Is the card declared a back face (`back face`, MTG 712.2)? A loop: the replay asks it of every card it declares. */
export function declaresBackFace(st: CardStmt): boolean {
  const props = st.props;
  for (let i = 0; i < props.length; i++) {
    const p = props[i];
    if (p.kind === 'flag' && p.flag === 'back-face') return true;
  }
  return false;
}

export function isEvent(s: Statement): s is EventNode {
  // An event made otherwise (a test may write one as a plain object) is told by its kind.
  return s instanceof EventBase || !isDeclarationKind(s.kind);
}

/**
 * Is `kind` a declaration's (game, title, rules, player, card, include)? For a loop over
 * statements that reads `kind` once and asks this of it: a read of `kind` over statements of every
 * shape is a call into V8's megamorphic lookup, which its optimizer cannot merge with the next.
 */
export function isDeclarationKind(kind: Statement['kind']): boolean {
  return kind === 'game' || kind === 'title' || kind === 'rules' || kind === 'player' || kind === 'card' || kind === 'include';
}
