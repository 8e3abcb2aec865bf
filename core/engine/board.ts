// The board model the replay mutates: cards as game objects, players, timestamps, attachments.
// Attachments are indexed both ways (attachedTo on the attachment, attachments on the host), so
// every lookup the rules need is O(1) in the board size.
import type { Filter, CardStmt, PlayerStmt, Property, TriggerEffect } from '../parser/ast';
import type { BoardView, CardView, Game, Range } from '../types';
import { type AbilityChange, type Grant, type Granted, grantsAnything, keywordLabel, keywordValue, type TargetingKeyword } from './abilities';
import { type Barring, type ControlOrder, GrantIndex, regrant } from './grantFold';
import { type ControlEffect, type Held, recontrol } from './control';
import type { Temporary } from './untilEndOfTurn';
import { type FiredLog, movedFired, triggerCount, triggerPhrases } from './triggers';
import { MTG_CARD_TYPES, MTG_COLORS, MTG_SUPERTYPES, VALUED_KEYWORDS } from '../parser/keywords';
import { type CombatLeft, combatMight, type Combatant, type CombatNow } from './combat';
import type { OwnValues } from './ownValues';
import { msg, namesList, type Message } from '../message';
export type { OwnValues } from './ownValues';

/**
 * What a card is attached to. A card host is identified by its object version (400.7); `index` is
 * its place in the board's list of cards (the same in every copy of the board), to find it at once.
 */
export type HostRef = { kind: 'card'; id: string; version: number; index: number } | { kind: 'player'; id: string };

/**
 * Characteristics that reset when the card becomes a new object (400.7 / Riftbound 124). The sets
 * and lists are never changed in place: a change makes a new one (copy on write), so a copy of the
 * board shares them, and a new object simply takes its printed ones back.
 */
export interface Characteristics {
  supertypes: ReadonlySet<string>;
  types: ReadonlySet<string>;
  subtypes: ReadonlySet<string>;
  colors: ReadonlySet<string>;
  protections: readonly string[];
  /** Beside `protections`, index for index: what that instance's state-based actions leave in place (MTG 702.16n/p). */
  protectionKeeps: readonly (ProtectionKeep | undefined)[];
  /** Abilities an effect removed (MTG 113.10), so that a default ("an Aura without enchant is enchant permanent") no longer applies. */
  lost: ReadonlySet<'all' | 'enchant' | 'equip' | 'fortify'>;
  /** MTG hexproof, shroud, ward. Copy on write. */
  targeting: readonly TargetingKeyword[];
  enchant: readonly Filter[];
  equipQuality: Filter | undefined;
  /** MTG 702.6e: `equip planeswalker` among its equip abilities: 'also' beside a plain `equip`, 'only' alone. */
  equipPlaneswalker: 'no' | 'also' | 'only';
  /**
   * MTG: the timestamp of the latest effect that made it a creature (613.7; undefined: none did). Bestow
   * (702.103b) and reconfigure (702.151b) make a creature card no creature from their own time on; an
   * effect newer than that makes it one again.
   */
  creatureAt: number | undefined;
  hasEquip: boolean;
  reconfigure: boolean;
  bestow: boolean;
  cant: ReadonlySet<'enchanted' | 'equipped' | 'fortified'>;
  might: number | undefined;
  mightBonus: number | undefined;
  /** MTG: its toughness as printed (`toughness N`), before what its attachments add (613.4c); undefined: not stated. */
  toughness: number | undefined;
  /** MTG: what it adds to the toughness of what it is attached to (`equipped creature gets +4/+4`: 4; 613.4c). */
  toughnessBonus: number | undefined;
  /** MTG: its power as printed (`power N`, 208.1); undefined: not stated. Read only by `expect X power N` (effectivePower). */
  power: number | undefined;
  /** MTG: what it adds to the power of what it is attached to (`equipped creature gets +2/+0`: 2; 613.4c); undefined: nothing. */
  powerBonus: number | undefined;
  /** MTG: what it adds to the power of what it is attached to for each hone counter on itself (`gets +1/+0 for each hone counter on it`). */
  honePower: number | undefined;
  /** Keyword abilities with no rule of their own here (`flying`; Riftbound `Shield`): shown, asserted, granted and lost. Copy on write. */
  keywords: readonly string[];
  /**
   * Riftbound: its own instances of the keywords that take a value (`Assault 2`, printed or an event's:
   * 807.1.b, 807.2, 814.2), by keyword; undefined when it has none (every MTG card). Replaced, never changed.
   */
  keywordValues: Readonly<Record<string, OwnValues>> | undefined;
  /** What it gives or takes from what it is attached to (`equipped creature has protection from red`). */
  grants: readonly Grant[];
  /**
   * MTG: "As it becomes attached to a creature, choose a color" (Sanctuary Blade; 607.2d): each
   * time it becomes attached a color is chosen, which its grants read as `the chosen color` (grantsOf).
   */
  choosesColor: boolean;
  /**
   * MTG: "As this Aura enters, choose a color" (Benevolent Blessing; 614.12, 607.2d): the color is chosen once, as it
   * enters (`resolve X choosing C`, `enter X choosing C`), and its grants read it as `the chosen color` (grantsOf).
   */
  choosesColorEntering: boolean;
  /** The abilities events gave it or took from it, with their timestamps (for the order against grants: abilities.ts). Copy on write. */
  abilityLog: readonly AbilityChange[];
  /**
   * Bits of `types`, `subtypes`, `colors`, `cant` and `lost` the rules ask about on every event
   * (KIND_*, colorBit, CANT_*, LOST_*), kept with them: the printed characteristics' are made once,
   * as the card is declared (takeCharacteristics copies them with the sets), and an effect that
   * replaces one of those sets makes the card's again (kindsOf).
   */
  kinds: number;
}


/** The zone of a token that ceased to exist (`ceases`): no zone, so nothing that looks in a zone finds it. */
export const CEASED = 'ceased';
/** The "zone" of the back face of a double-faced card (MTG 712.2, `back face`): a face, never an object in a zone. */
export const FACE = 'face';
/** The "zone" of a card merged into a permanent (MTG 730.2b): part of that object, never an object of its own (`merge.into`). */
export const MERGED = 'merged';

/**
 * MTG mutate and merging (702.140, 730): a card's part in it (rules/mtg/mutate.ts). A mutating spell on
 * the stack (`spell`); a card merged into the permanent `into` (its zone is MERGED); or the merged
 * permanent itself, the card that was the permanent before the first merge: the cards put on top of it
 * (`over`, the last one topmost) and under it (`under`, the last one at the bottom), and what its own
 * card is (`own`), given back as it leaves the battlefield. Replaced, never changed, but for `over` and
 * `under`, which are pushed to in place while their `token` is the board's own (Board.ownToken).
 */
export type Merge =
  | { readonly kind: 'spell' }
  | { readonly kind: 'part'; readonly into: string }
  | {
      readonly kind: 'permanent';
      readonly over: readonly string[];
      readonly under: readonly string[];
      readonly token: object;
      readonly own: { readonly printed: Characteristics; readonly name: string; readonly token: boolean };
    };

export const KIND_CREATURE = 1;
export const KIND_AURA = 2;
export const KIND_EQUIPMENT = 4;
export const KIND_FORTIFICATION = 8;
export const KIND_BATTLE = 16;
export const KIND_LAND = 32;
export const KIND_ROLE = 64;
/** `cant` holds 'enchanted', 'equipped', 'fortified'. */
export const CANT_ENCHANTED = 128;
export const CANT_EQUIPPED = 256;
export const CANT_FORTIFIED = 512;
/** `lost` holds 'enchant', 'equip'. */
export const LOST_ENCHANT = 1024;
export const LOST_EQUIP = 2048;
/** One of the MTG card types of permanents (110.4): artifact, creature, enchantment, land, planeswalker, battle. */
export const KIND_PERMANENT_TYPE = 4096;
/** Each MTG color (MTG_COLORS, 105.1) has a bit of `kinds`: COLOR_FIRST for the first, the next bit up for each other. */
const COLOR_FIRST = 8192;
/** The bits of `kinds` of the colors. */
export const COLOR_KINDS = COLOR_FIRST * ((1 << MTG_COLORS.length) - 1);

/**
 * The qualities of `protection from WRITTEN`: the word itself, or for `all colors` (as cards print
 * it) and `each color` one for each color, as separate protection abilities (MTG 702.16h).
 */
export function protectionQualities(written: string): string[] {
  if (written === 'all colors' || written === 'each color') return [...MTG_COLORS];
  // A color as the rules' own string, not the text's copy: the quality is looked up in tables of words
  // (qualityWord) wherever a protection acts, and a copy of the text is a slow key there (qualityWord
  // took 21 ms of a 4.0 s profile of fifteen 100k-event checks with protections from colors, 0.6 ms after).
  const i = MTG_COLORS.indexOf(written);
  return [i < 0 ? written : MTG_COLORS[i]];
}

/** The bit of `kinds` of a color word, 0 for any other word. */
export function colorBit(word: string): number {
  const i = MTG_COLORS.indexOf(word);
  return i < 0 ? 0 : COLOR_FIRST << i;
}

/** The KIND_* bits of a card type. */
export function typeKinds(t: string): number {
  switch (t) {
    case 'creature':
      return KIND_CREATURE | KIND_PERMANENT_TYPE;
    case 'battle':
      return KIND_BATTLE | KIND_PERMANENT_TYPE;
    case 'land':
      return KIND_LAND | KIND_PERMANENT_TYPE;
    case 'artifact':
    case 'enchantment':
    case 'planeswalker':
      return KIND_PERMANENT_TYPE;
    default:
      return 0;
  }
}

/** The KIND_* bit of a subtype. */
export function subtypeKind(s: string): number {
  return s === 'Aura' ? KIND_AURA : s === 'Equipment' ? KIND_EQUIPMENT : s === 'Fortification' ? KIND_FORTIFICATION : s === 'Role' ? KIND_ROLE : 0;
}

/** The CANT_* bit of what a card can't be. */
export function cantKind(x: string): number {
  return x === 'enchanted' ? CANT_ENCHANTED : x === 'equipped' ? CANT_EQUIPPED : x === 'fortified' ? CANT_FORTIFIED : 0;
}

/**
 * The KIND_*, color (colorBit), CANT_* and LOST_* bits of a card's types, subtypes, colors, `cant`
 * and `lost` (each set read once: they hold a few words). An MTG declaration adds the same bits up
 * word by word as it builds the sets (declareCard), and makes no call here.
 */
export function kindsOf(c: Pick<Characteristics, 'types' | 'subtypes' | 'colors' | 'cant' | 'lost'>): number {
  let k = 0;
  for (const t of c.types) k |= typeKinds(t);
  for (const s of c.subtypes) k |= subtypeKind(s);
  for (const x of c.colors) k |= colorBit(x);
  for (const x of c.cant) k |= cantKind(x);
  for (const x of c.lost) k |= x === 'enchant' ? LOST_ENCHANT : x === 'equip' ? LOST_EQUIP : 0;
  return k;
}

/**
 * A protection that doesn't remove some of what is attached (MTG 702.16n: a named Aura or all Auras;
 * 702.16p: the objects already attached as it starts, each as the object it was then).
 */
export interface ProtectionKeep {
  rule: '702.16n' | '702.16p';
  auras: boolean;
  objects: readonly { id: string; version: number; timestamp?: number }[];
}

/**
 * The one empty set and the one empty list that the characteristics of every card share where
 * they hold nothing (most cards have no supertype, protection, lost ability...): characteristics
 * are copy on write, so nothing is ever added to these. A declaration builds its printed
 * characteristics with `adding` and `pushing`, which put a set or list of its own in their place.
 */
const NO_MEMBERS: ReadonlySet<never> = emptyForever<never>();
const NO_ITEMS: readonly never[] = Object.freeze([]);

/** The one empty list (frozen) that lists replaced rather than changed start from. */
export function noItems<T>(): readonly T[] {
  return NO_ITEMS;
}

/**
 * A set that stays empty: adding to it throws. The empty sets every card shares are such sets, so
 * a change made in place where copy on write was meant fails at once instead of giving every card
 * the change.
 */
function emptyForever<T>(): Set<T> {
  return forever(new Set<T>());
}

/** `set`, made to throw at any change (emptyForever, single). */
function forever<T>(set: Set<T>): Set<T> {
  const refuse = () => {
    throw new Error('a shared set was changed in place (copy on write: make a set of its own)');
  };
  set.add = refuse;
  set.delete = refuse;
  set.clear = refuse;
  return set;
}

/** Printed characteristics with nothing in them, for a declaration to build on (its sets and lists are the shared empty ones). */
export function blankCharacteristics(): Characteristics {
  return {
    supertypes: NO_MEMBERS,
    types: NO_MEMBERS,
    subtypes: NO_MEMBERS,
    colors: NO_MEMBERS,
    protections: NO_ITEMS,
    protectionKeeps: NO_ITEMS,
    lost: NO_MEMBERS,
    targeting: NO_ITEMS,
    enchant: NO_ITEMS,
    equipQuality: undefined,
    equipPlaneswalker: 'no',
    creatureAt: undefined,
    hasEquip: false,
    reconfigure: false,
    bestow: false,
    cant: NO_MEMBERS,
    might: undefined,
    mightBonus: undefined,
    toughness: undefined,
    toughnessBonus: undefined,
    power: undefined,
    powerBonus: undefined,
    honePower: undefined,
    keywords: NO_ITEMS,
    keywordValues: undefined,
    grants: NO_ITEMS,
    choosesColor: false,
    choosesColorEntering: false,
    abilityLog: NO_ITEMS,
    kinds: 0,
  };
}

/**
 * Only while a declaration builds a card's printed characteristics (from blankCharacteristics):
 * `set` with `x` added. The shared empty set is replaced by a new one; a set the declaration made
 * itself, which no one else holds yet, is added to in place.
 */
export function adding<T>(set: ReadonlySet<T>, x: T): ReadonlySet<T> {
  if (set === NO_MEMBERS) return single(x);
  // A set of one member is a shared one (single): the second member makes a set of the card's own.
  if (set.size === 1) {
    if (set.has(x)) return set;
    const own = new Set<T>(set);
    own.add(x);
    return own;
  }
  (set as Set<T>).add(x);
  return set;
}

/**
 * The sets of one member that printed characteristics share: every card that prints only
 * `creature`, only `Equipment`, only `white` holds the same set, as every card without a supertype
 * holds NO_MEMBERS (copy on write: changing one in place throws). A declaration then makes a set
 * only for a characteristic of two members or more (measured: about three sets a card fewer in the
 * suite's files). At most MAX_SINGLES words are kept (a file of thousands of made-up subtypes):
 * past them a card's set of one is its own, which `adding` copies all the same.
 */
const SINGLES = new Map<unknown, ReadonlySet<unknown>>();
const MAX_SINGLES = 4096;

function single<T>(x: T): ReadonlySet<T> {
  let set = SINGLES.get(x) as ReadonlySet<T> | undefined;
  if (set === undefined) {
    const own = new Set<T>();
    own.add(x);
    if (SINGLES.size >= MAX_SINGLES) return own;
    set = forever(own);
    SINGLES.set(x, set);
  }
  return set;
}

/** As `adding`, for a list: the shared empty list is replaced by a new one, the declaration's own is pushed to. */
export function pushing<T>(list: readonly T[], x: T): readonly T[] {
  if (list === NO_ITEMS) return [x];
  (list as T[]).push(x);
  return list;
}

/**
 * An empty list made to hold objects. An empty literal starts as a list of small integers and
 * changes its kind at its first object; the replay's and the board's lists (cards, obligations,
 * stack objects), made anew for each check, then reach code compiled for the other kind (the
 * engine's "wrong map", "not a Smi"), which is thrown away and compiled again, check after check.
 * A list made with an object in it keeps the object kind when emptied.
 */
export function objectList<T>(): T[] {
  const list = [undefined as T];
  list.pop();
  return list;
}

/**
 * The attachment set of every card and player that has never had anything attached: a board
 * changes only the sets it owns (attachmentsOf), and it owns none it did not make, so the first
 * attachment gives the host a set of its own.
 */
const UNATTACHED: Set<string> = emptyForever<string>();

/** `id` filed under `name` (Board.cardsNamed). */
function nameIn(named: Map<string, Set<string>>, name: string, id: string): void {
  const ids = named.get(name);
  if (ids === undefined) named.set(name, new Set([id]));
  else ids.add(id);
}

/** An attachment set for a new card or player (the shared empty one: see UNATTACHED). */
export function noAttachments(): Set<string> {
  return UNATTACHED;
}

export interface CardObj extends Characteristics {
  readonly isCard: true;
  id: string;
  /** Its place in the board's list of cards (declaration order; Board.add). */
  index: number;
  /** Its name, as its copiable values say (changed only by Board.rename, which keeps cardsNamed). */
  readonly name: string;
  decl: CardStmt;
  printed: Characteristics;
  owner: string | undefined;
  controller: string | undefined;
  /**
   * The player under whose control it entered its zone (or was declared); a control-changing effect
   * changes `controller` only. MTG 800.4a: when a player leaves, a control effect that gave them an
   * object ends, but an object that entered under their control is exiled.
   */
  enteredUnder: string | undefined;
  /** The control-changing effects of events on it, the last of each kind of each player, in timestamp order (control.ts); replaced, or changed in place by giveControl when this board made it (OwnLog). */
  controlLog: readonly ControlEffect[];
  /** The attachment whose grant gives `controller` control of it ("You control enchanted creature"), if one's does: for the messages. */
  controlVia: string | undefined;
  /**
   * The player whose control effect ended this turn, giving it its controller now, and how: with the
   * turn (MTG 514.2, Riftbound 317.2.c) or as what it lasted as long as stopped (611.2b). For the messages, this turn only.
   */
  controlEnded: { readonly from: string; readonly how: 'turn' } | { readonly from: string; readonly how: 'held'; readonly held: Held } | undefined;
  /** MTG zone, or Riftbound `base` / `battlefield` / `hand` / ... */
  zone: string;
  /** Riftbound: which battlefield, when zone is `battlefield`; whose base (a player id), when zone is `base`. */
  place: string | undefined;
  token: boolean;
  /**
   * A token moved off the battlefield (Riftbound: off the board) by the replay: the rule by which it
   * ceases to exist (MTG 704.5d, at the next check of state-based actions; 704.5e for a copy of a
   * spell that left the stack; Riftbound 186.1, as it gets there). Once it has, its zone is CEASED.
   * A token declared in another zone is one not yet created: this stays undefined until it moves.
   */
  ceases: string | undefined;
  /** Object version: incremented each time the card changes zones (a new object, 400.7). */
  version: number;
  /** Its timestamp (613.7): changed only by Board.stamp. */
  readonly timestamp: number;
  attachedTo: HostRef | null;
  /** Where the current attachment was made, for related locations. */
  attachedAt: Range | undefined;
  attachments: Set<string>;
  /** Phased out with its host ('indirect', 702.26g) or on its own ('direct'; it keeps pointing at its host, 702.26i). */
  phasedOut: 'no' | 'direct' | 'indirect';
  /**
   * MTG 702.26i: it phased in unattached, its host (a card that became a new object, or a player who
   * left) gone: that host, for the words of the state-based action that follows (sba.ts), which
   * clears it as it looks at the card.
   */
  phasedInFrom: { readonly host: string; readonly player: boolean } | undefined;
  /** Damage marked on it (MTG 120.6, until the cleanup step; Riftbound 143.3, until the end of the turn); a new object has none (400.7; Riftbound 124). */
  damage: number;
  /**
   * What its attachments add to its toughness (MTG 613.4c) or Might (Riftbound 137.3), kept as they
   * attach and detach (Board.link, unlink, reboost): the sum of their `boostGiven`.
   */
  boost: number;
  /** What it adds to its host's `boost` now: its bonus while it is attached, phased in and has its abilities; else 0. */
  boostGiven: number;
  /** An attachment's bonus has counted for it as this object (the messages cite 613.4c, also for a bonus it lost). */
  boosted: boolean;
  /**
   * MTG: the class of creatures (those the same static effects on every creature a filter describes, such
   * as `white creatures get +1/+1`, describe: rules/mtg/anthems.ts) whose share it takes, by its key; undefined
   * for none. What the effects add to its toughness now is the class's share, read when asked (anthemOf): a
   * change of an effect's bonus is one change of each class it describes, not one of each creature (613.4c).
   */
  anthemClass: string | undefined;
  /** Such an effect has counted for it as this object (the messages cite 613.4c, also for one it lost). */
  anthemed: boolean;
  /**
   * Counters on it (a new object has none: MTG 122.2; Riftbound 705, 124.1): MTG +1/+1 counters (122.1a),
   * or a Riftbound buff (at most one, 702.3; each adds 1 Might, 703); and MTG -1/-1 counters. What they
   * add to its toughness or Might is `plusCounters - minusCounters` (counterBonus).
   */
  plusCounters: number;
  minusCounters: number;
  /** MTG: shield counters (122.1c): each one replaces a destruction by an effect, or prevents the damage of one event, and goes. */
  shieldCounters: number;
  /** MTG: hone counters (122.1: no rule of their own): what an attachment's `gets +1/+0 for each hone counter on it` counts. */
  honeCounters: number;
  /** MTG: regeneration shields on it this turn (701.19a): each replaces one destruction, and the turn's end takes the rest (514.2). */
  regenShields: number;
  /** MTG: 704.5q removed +1/+1 and -1/-1 counters from it in pairs as this object (a later removal that finds none says why). */
  annihilated: boolean;
  /** MTG: a source with deathtouch dealt it damage since the state-based actions last looked at it (702.2b, 704.5h): that source's id. */
  deathtouchFrom: string | undefined;
  /**
   * MTG 702.151b: the host a reconfigure Equipment was on when it lost reconfigure; attaching it made
   * it stop being a creature until it becomes unattached from that host, ability or not.
   */
  reconfiguredOn: HostRef | undefined;
  /** A bestow card cast or resolved as an Aura (702.103). */
  bestowed: boolean;
  /** Turned sideways on the board: MTG tapped (110.5), Riftbound exhausted (414.2). Changed through Board.turnSideways. */
  exhausted: boolean;
  /**
   * Riftbound: Stunned (423.1.a), a unit's status until the turn's end (423.1.a.2: Board.stunned lists them);
   * Empowered (441.1.a, rules of 2026-07-16), a game object's, until disempowered (442.1). Each card's own:
   * neither passes between a Top-Most card and its attachments (719.4.a). A new object has neither (124).
   */
  stunned: boolean;
  empowered: boolean;
  /** In the combat going on: attacking or blocking (MTG 508.1, 509.1), Riftbound's Attacker or Defender designation (464.2.c); replaced, never changed (engine/combat.ts). */
  combat: Combatant | undefined;
  /** Why it was removed from the combat going on (MTG 506.4; Riftbound 323.2.c), for the words of an `expect`; cleared as the combat ends. */
  combatLeft: CombatLeft | undefined;
  /**
   * MTG: the number of the turn (Board.turn) in which it last came under its controller's control, by
   * entering the battlefield or a change of control; 0 when that was before the scenario's first `turn`
   * line (declared so). A creature can't attack in that turn without haste (302.6, 702.10b).
   */
  controlledSince: number;
  /** Its declared triggered abilities about attachment (`when attached`...), as bits (triggers.ts); printed, so kept through zone changes. */
  triggers: number;
  /** How often they triggered since the scenario began, and the last few events that set them off or would have (triggers.ts). */
  fired: FiredLog | undefined;
  /** Aura spell or Equip target on the stack, with the object version it had when chosen. */
  stackTarget: HostRef | undefined;
  /**
   * MTG: the color chosen as it last became attached (choosesColor; Sanctuary Blade, 607.2d), or as it entered
   * (choosesColorEntering; Benevolent Blessing), which a grant's `the chosen color` reads (grantsOf); undefined
   * while none was chosen. Set only by Board.link as it becomes attached, by moveTo as it enters (and by a
   * declaration's `chosen color C`); a new object has none (400.7).
   */
  chosenColor: string | undefined;
  /** Its characteristics differ from the printed ones (so a new object must reset them). */
  modified: boolean;
  /** Marked for the next state-based action check (Replay.markDirty). */
  dirty: boolean;
  /** Its attachments that grant it something (grantsAnything), in the order they became grantors; copy on write, as `attachments` (Board.grantorsOf). */
  grantors: ReadonlySet<string>;
  /** Its abilities with its attachments' grants applied, while one grants it anything (abilities.ts, regrant). */
  granted: Granted | undefined;
  /** While an effect that ends (until end of turn, until a player's next turn) changes its characteristics: what they were before, and the changes since (untilEndOfTurn.ts). */
  temporary: Temporary | undefined;
  /** The turn (Board.turn's number) in which some of its effects that end ended, the rules that ended them (514.2, 611.2a, 800.4m) and the players whose next turns they waited for, for the messages of that turn. */
  effectsEnded: { readonly turn: number; readonly rules: readonly string[]; readonly awaited: readonly string[] } | undefined;
  /** MTG `can be attached only to FILTER` (Konda's Banner), as declared: a printed ability of the attachment (701.3a), gone with `loses X all abilities` (rules/mtg/characteristics.ts, attachOnlyOf). */
  attachOnly: Filter | undefined;
  /** MTG `attach target A to target B` (Brass Squire), as declared, each such ability: what an effect of this card that attaches may target (115.1). */
  attachTargets: readonly { readonly what: Filter; readonly to: Filter }[];
  /**
   * MTG double-faced card (712.2, `transforms into NAME`): the id of the line declaring its
   * back face (whose `printed` are the back face's characteristics), and its front face's own printed
   * characteristics. Undefined for any other card.
   */
  backFace: string | undefined;
  front: Characteristics | undefined;
  /** MTG 712.8e, 701.27g: its back face is up (`printed` and `name` are the back face's meanwhile). */
  transformed: boolean;
  /** MTG: this line is a back face (`back face`, zone FACE), the back of the card with this id once a front names it. */
  faceOf: string | undefined;
  /** MTG mutate (702.140) and merging (730): its part in a merge; undefined for a card that has none. */
  merge: Merge | undefined;
  /**
   * A permanent that is a copy of another object (MTG 707.4, 707.5; Riftbound 477.1.b): the id of the object
   * it copied, whose copiable values are its `printed` and `name` meanwhile (layer 1, MTG 613.1a). Undefined
   * for any other card.
   */
  copyOf: string | undefined;
  /**
   * While it is a copy: its own printed characteristics and name, and its own printed abilities kept beside
   * them (MTG `can be attached only to`, `attach target ... to target ...`), which it has again as it leaves
   * (MTG 400.7; Riftbound 124).
   */
  uncopied: Uncopied | undefined;
  /** MTG 708: a face-down permanent (its `printed` are the face-down values, 708.2a), and what it is face up. Undefined for any other card. */
  faceDown: FaceDown | undefined;
}

/**
 * A face-down permanent (MTG 708, CardObj.faceDown): how it became one (turned face down by an effect or cast
 * face down, 708.2a; manifested, 701.40a; cloaked, 701.58a), and its face-up copiable values with the printed
 * abilities kept beside them, which it has again as it is turned face up (708.8) or leaves the battlefield (708.9).
 */
export interface FaceDown {
  readonly how: 'face-down' | 'manifested' | 'cloaked';
  readonly up: Uncopied;
}

/** What a copy had of its own (CardObj.uncopied). */
export interface Uncopied {
  readonly printed: Characteristics;
  readonly name: string;
  readonly attachOnly: Filter | undefined;
  readonly attachTargets: CardObj['attachTargets'];
}

/**
 * An object on the stack (Riftbound: the chain), in the order it was put there: a spell (a card in
 * the stack zone, with the object version it had when cast) or an activated ability (equip, fortify,
 * reconfigure) with its source, its target and the player who activated it. Entries are never changed
 * (a copy of the board shares them).
 */
export interface StackEntry {
  /** A serial number, unique in the board's history. */
  readonly n: number;
  readonly kind: 'spell' | 'ability';
  /** The spell's card, or the ability's source. */
  readonly id: string;
  /** Its object version when it was put on the stack (400.7: a source that changed zones is a new object). */
  readonly version: number;
  /** The keyword, or `ability NAME` (a named activated ability: engine/namedAbilities.ts). */
  readonly ability?: 'equip' | 'fortify' | 'reconfigure' | 'living weapon' | 'for mirrodin' | 'job select' | 'Weaponmaster' | 'Quick-Draw' | 'attach' | 'trigger' | `ability ${string}`;
  /**
   * MTG `trigger`: a card's `when put into a graveyard from the battlefield` ability (603.6c), with what it does
   * (`effect`) and what the card was attached to as it left (`leftFrom`, looked back to: 603.10a). Its
   * `version` is the card's new object in the graveyard (400.7e), and `controller` who controlled the card
   * as it left.
   */
  readonly effect?: TriggerEffect;
  readonly leftFrom?: HostRef;
  /** MTG 702.6e: the equip ability activated was equip planeswalker (its target is a planeswalker). */
  readonly planeswalker?: boolean;
  /** MTG 701.3b: its source already couldn't be attached to its target as it was activated (a legal target it can't equip). */
  readonly unattachable?: boolean;
  readonly target?: HostRef;
  /**
   * Riftbound: a spell or ability that attaches, with its two targets (434.3): `attaching` is the card it
   * attaches, `target` the unit it attaches it to, and `words` the description its source gives them
   * (`attach target gear you control to target unit you control`), when it gives one.
   */
  readonly attaching?: HostRef;
  readonly words?: { readonly what: Filter; readonly to: Filter };
  /** The player who activated the ability (it is the ability's controller). */
  readonly controller?: string;
  /** Where it was put on the stack. */
  readonly at?: Range;
  /**
   * Triggered abilities put on the stack at once (after one event: Replay.putTriggers) share a group:
   * their controller chose the order of theirs (MTG 603.3b; Riftbound 383.3.d), so any of one player's
   * may resolve first while they are the top of the stack (Board.mayResolve).
   */
  readonly group?: number;
  /**
   * Within a group, the entries of one player next to each other share a run (the serial number of the
   * run's first): every entry between two of one run is of that run, so Board.mayResolve can answer at
   * once for an entry whose run is the top's (many triggers of one player resolved oldest first stay linear).
   */
  readonly run?: number;
}

/**
 * The seats counted as a turn began (MTG 801.2c): which of the declared seats (by `PlayerObj.seat`) were
 * still in the game, and how many players had left by then (`left`, a count of `Board.left`). `tree` is
 * a Fenwick tree of ones over the seats in (`tree[0]` unused), so that a player's place among them and
 * a count that drops the players who left since both cost a logarithm, not a pass over every player;
 * `out` marks the seats dropped. Changed in place only while `owner` is its board's token (a copy of the
 * board shares it until one of them counts again: rules/mtg/influence.ts).
 */
export interface CountedSeats {
  readonly owner: object;
  readonly tree: Int32Array;
  readonly out: Uint8Array;
  left: number;
}

export interface PlayerObj {
  readonly isCard: false;
  id: string;
  decl: PlayerStmt;
  /** Where the player sits: their place in the turn order, the order players are declared in (103.1; included files' first). */
  readonly seat: number;
  left: boolean;
  attachments: Set<string>;
  /** MTG: a player can have protection (702.16c), e.g. from everything. Copy on write. */
  protections: readonly string[];
  /** Beside `protections`: what each instance doesn't remove (702.16n/p); absent when none does. */
  protectionKeeps?: readonly (ProtectionKeep | undefined)[];
  /** MTG: hexproof (702.11c) and shroud (702.18a) on a player. Copy on write. */
  targeting: readonly TargetingKeyword[];
  /** Nothing grants a player abilities (a card's field, for abilitiesOf). */
  granted?: undefined;
  /** While an effect that ends changes its abilities (untilEndOfTurn.ts). */
  temporary?: Temporary;
}

/** An attachment set with the token of the board that may change it in place (Board.attachmentsOf). */
type Owned = Set<string> & { owner?: object };

export class Board {
  readonly cards = new Map<string, CardObj>();
  /** The cards in declaration order, each at its `index` (hostOf finds a card host there, with no lookup by name). */
  private readonly list: CardObj[] = objectList();
  readonly players = new Map<string, PlayerObj>();
  private clock = 0;
  /** The stack, bottom first; it may still hold entries that are gone (see `isLive`), dropped when they reach the top. */
  private stack: StackEntry[] = objectList();
  /** The pending abilities of each source and keyword, in order (the stack's entries, for lookup in O(1)). */
  private abilities = new Map<string, StackEntry[]>();
  /** Abilities that resolved from below the top (Riftbound has no order here); dropped when they reach the top. */
  private resolvedBelow = new Set<number>();
  private serial = 0;
  /**
   * Cards whose abilities an attachment's grants changed, or whose types or effects until end of turn
   * did, since the replay last looked: they, and what is attached to them, may have become illegal
   * (protection; `enchant creature`).
   */
  readonly regranted: CardObj[] = objectList();
  /**
   * Cards whose controller a control effect changed since the replay last looked (control.ts): they may
   * have become illegal, and what is attached to them where a host's controller can matter to it
   * (Ruleset.hostControlMatters: MTG's `enchant creature you control`).
   */
  readonly recontrolled: CardObj[] = objectList();
  /**
   * Cards whose attachments' grants only gave them protections or restrictions since the replay last
   * looked (a new Equipment's `protection from red`): they, and what is attached to them that these
   * may bar (Ruleset.mayBar), may have become illegal.
   */
  readonly barred: { readonly host: CardObj; readonly gained: Barring }[] = [];
  /** Cards damage was marked on since the last end of turn (damage.ts: clearDamage looks only at these). */
  readonly damaged: CardObj[] = objectList();
  /** MTG: cards given a regeneration shield since the last end of turn (damage.ts: clearDamage ends those too). */
  readonly regenerating: CardObj[] = objectList();
  /** Riftbound: units stunned since the last end of turn (rules/riftbound/stun.ts: the turn's end looks only at these, 423.1.a.2). */
  readonly stunned: CardObj[] = objectList();
  /**
   * While the effects of the turn that ended end (turn.ts, endTurn): that turn's number, which a change of
   * control they make is counted from (MTG 302.6: it came before the new turn began). Else undefined.
   */
  controlStamp: number | undefined = undefined;
  /** The combat going on (engine/combat.ts): undefined when none. Replaced, never changed. */
  combat: CombatNow | undefined = undefined;
  /** The cards given a part in the combat going on (a card may be listed after it left it): its end clears them. */
  readonly combatants: CardObj[] = objectList();
  /** Riftbound: the cards that arrived at each battlefield, by its name (a card listed may have left since: `cardsAt` reads those there now). */
  readonly arrivals = new Map<string, { list: CardObj[]; limit: number }>();
  /** MTG: the limited range of influence option (801.1), in seats (`game mtg, range of influence N`); undefined: not used. */
  influence: number | undefined = undefined;
  /** MTG: the players in the game as the current turn began: the ranges of influence are counted on them (801.2c; rules/mtg/influence.ts). Undefined until counted. */
  influenceSeats: CountedSeats | undefined = undefined;
  /** Hosts whose attachments' toughness or Might bonuses changed (reboost): the next state-based action check looks at them. */
  readonly reweighed: CardObj[] = objectList();
  /**
   * MTG: the static effects on every creature a filter describes (`white creatures get +1/+1`, 613.4c),
   * kept by rules/mtg/anthems.ts; undefined on a board where no card declares one. A copy of the board
   * gets a copy of it.
   */
  anthems: { clone(board: Board): Board['anthems']; second(board: Board, c: CardObj): number; isSource(id: string): boolean } | undefined = undefined;
  /**
   * Riftbound: the cards a detach left at a battlefield (435.4.a: "recalled during the next Cleanup"),
   * for that cleanup to cite the rule as it recalls them; it empties the set. A clone is made between
   * events, when there is none.
   */
  detachedAt: Set<string> | undefined;
  /** Riftbound: the order of replacements the player wrote for the next event's deaths (`order replacements`, 373), by card; undefined: the replay's pick. Replaced, never changed. */
  replacementOrder: readonly string[] | undefined = undefined;
  /** Cards a control effect tracks that lost an attachment (attachmentGone), or were tapped or untapped (turnSideways, untapAll): whether they are still enchanted or equipped, or tapped, is asked again (Replay.takeDirty, endUnheld). */
  readonly unheld: CardObj[] = objectList();
  /**
   * Does any card of this board grant anything (a grant among its printed characteristics)? Only
   * then is an ability event logged, or anything worked out again: without one, no host ever has grants.
   */
  grantsDeclared = false;
  /**
   * MTG: does any card of this board say what it may enchant or be attached to by who controls it
   * (`enchant creature you control`, `can be attached only to a creature an opponent controls`)? Only
   * then can a change of a host's controller make what is on it illegal (Ruleset.hostControlMatters).
   */
  controlFiltersDeclared = false;
  /**
   * Does any filter of the scenario name a color (`enchant red creature`, `enchant nonblack creature`,
   * `colorless`)? Only then can a change of a host's colors make what is on it illegal (hostBarring).
   */
  colorFiltersDeclared = false;
  /**
   * MTG: does any filter of the scenario ask for a toughness (`can be attached only to a creature with
   * toughness 4 or greater`, Gate Smasher; `enchant creature with toughness 2 or less`)? Only then does a
   * change of a host's toughness (an attachment's bonus, counters, an effect and its end) have what is on
   * it that reads one judged again (Replay.takeDirty, readsHostToughness).
   */
  toughnessFiltersDeclared = false;
  /**
   * The cards that say what they may be attached to by what else is attached there (MTG: `enchant
   * creature with another Aura attached to it`, Daybreak Coronet): the rules name them (watchSiblings),
   * and none is ever dropped. Beside each host (by id), those of them attached to it (`watchersOn`),
   * and the cards attached to it that were Auras as they attached (`aurasOn`: a hint the rules check,
   * kept only while some card watches), so that a host that loses an attachment costs a look at what
   * it may change, not at all it holds.
   */
  private watcherIds = new Set<string>();
  private watchersOn = new Map<string, Set<string>>();
  private aurasOn = new Map<string, Set<string>>();
  /** Hosts with watchers attached that lost or changed an attachment since the rules last looked (the rules empty it). */
  siblingsChanged: (CardObj | PlayerObj)[] = [];
  /** Does any card of this board change types by a grant (MTG 613.1d: `enchanted permanent is a ... land`)? Only then are hosts listed in `retyped`. */
  typeGrantsDeclared = false;
  /**
   * Hosts whose grantors came, went or changed (`changed`: which one; undefined: any may have), since
   * the replay last worked out their type-changing attachments (retype.ts; Replay.takeDirty).
   */
  retyped: { readonly host: CardObj; readonly changed: string | undefined }[] = [];
  /** Whose turn it is and in which step or phase (`turn P STEP`: MTG steps, Riftbound phases); undefined until the scenario says. Replaced, never changed. */
  /** `at`: Riftbound, the battlefield of the showdown or combat a Move opened (447.1, 344.2), while it goes on; `by`: the player whose Move opened it. */
  turn: { readonly player: string; readonly step: string; readonly number: number; readonly place: number; readonly at?: string; readonly by?: string } | undefined = undefined;
  /** The cards with a control effect until end of turn (control.ts, endTurnEffects); a card may be listed after its effect was replaced. */
  endingWithTurn: string[] = [];
  /** The cards and players with an effect that ends on their characteristics or abilities (untilEndOfTurn.ts); one may be listed after it became a new object. */
  temporaries: string[] = [];
  /** The players who left the game, in the order they left (their turns would still have begun: MTG 800.4m). */
  left: string[] = [];
  /**
   * Beside each player, the cards that may be tied to them: owned by them, or controlled by them or
   * under a control effect of theirs at some time (tie). A player leaving looks at these, not at every
   * card (MTG 800.4a, Riftbound 652), so that many players leaving stay linear. Made from every card at
   * the first leaving (tiedTo), kept from then on: undefined before, so a scenario where nobody leaves
   * pays nothing. A card listed may be tied no longer, and a copy of the board shares the lists (a list
   * may hold what only another copy did): whoever reads a list checks each card against the board's own
   * state. Never emptied.
   */
  private ties: Map<string, Set<string>> | undefined = undefined;
  /**
   * MTG: beside each owner, the cards an event put into their library (intoLibrary), as pairs of the
   * card's index and its object version there, in the order they went: the order of the timestamps
   * those moves gave them (613.7), which nothing else changes while a card stays in a library. The
   * newest still there as the same object is the top card (newestInLibrary), found from the end of the
   * list: what is no longer there is dropped as it is passed, for good (a card that comes back is a new
   * object, pushed again). A copy of the board gets its own lists. Undefined until a card goes to a library.
   */
  private intoLibraries: Map<string | undefined, number[]> | undefined = undefined;
  /**
   * MTG: beside each owner, the index of the first card of theirs declared `on top` of their library
   * (-1: none), made at the first look (spells.ts, isTopOfLibrary) from the declarations, which never
   * change: a copy of the board shares it.
   */
  declaredTops: Map<string | undefined, number> | undefined = undefined;
  /**
   * MTG: the cards with a static ability a rule reads from the permanents of one player (Leonin Shikari,
   * Leyline of the Void, Garruk's Horde: fieldedBy), by the rule's `pick`: which cards have it
   * (`members`, by index), and those of them on the battlefield filed by controller (`byController`: the
   * indices, in the order declared). Made from the board at the first look (after the declarations),
   * kept from then on where a card gets a controller (setController, which every move and every change
   * of control goes through: a card enters the battlefield there). A list may hold a card no longer on
   * the battlefield or no longer that player's: dropped as a look passes it (it is filed again as it
   * comes back). A copy of the board gets its own lists.
   */
  private fielded: Map<(c: CardObj) => boolean, { members: ReadonlySet<number>; byController: Map<string | undefined, number[]> }> | undefined = undefined;
  /**
   * MTG: as fielded, the cards with a static ability a rule groups (Grouping: casting permissions as
   * though they had flash, by the words of their filter), so that a question is judged once per group
   * and only the cards of the groups that it takes are looked at (firstGrouped): each card's groups
   * (`members`, by index), and beside each controller their groups with the cards of each on the
   * battlefield under them (`list`: the indices, in the order declared; a list may hold a card no
   * longer there or no longer theirs, as fielded's). Made at the first look, with fielded (so that
   * setController files a card in both: field), and kept there: a change of controller files the card
   * in its own groups, and looks at no other. A copy of the board gets its own lists.
   */
  private grouped: Map<Grouping<unknown>, { members: ReadonlyMap<number, readonly Grouped<unknown>[]>; byController: Map<string | undefined, Map<string, FieldedGroup>> }> | undefined = undefined;
  /**
   * Riftbound: beside each player, the cards that may be units on the board they control, for
   * Quick-Draw's "a unit you control" (819.1.d: controlsUnit), so that each `resolve G Quick-Draw`
   * doesn't look at every card. Made from every card at the first question, kept from then on:
   * undefined before (a scenario without Quick-Draw pays nothing) and in a copy of the board (which
   * makes its own at its first question). A card is listed under its controller at every change that
   * may make it one (mayBeUnit): a controller set (setController), a move onto the board or with its
   * host (Riftbound's location.ts and attach.ts), new card types (an effect, one that ends, a copy:
   * untilEndOfTurn.ts, copiable.ts). A card listed may be one no longer: the question drops it as it
   * passes it.
   */
  private units: Map<string | undefined, Set<string>> | undefined = undefined;
  /**
   * Riftbound Temporary (816): the cards that have the keyword or were given it (`members`: printed, an
   * event's, a copy's, an attachment's grant as it attaches: markTemporary), and beside each player the
   * members they control (`byController`), so that a Beginning Phase looks only at its player's
   * (temporariesOf), not at every card. A member is filed again under each new controller
   * (setController: a change of control, a crossing onto the board); a list may hold one no longer
   * theirs or no longer on the board, dropped as a look passes it. `grantors`: the cards whose
   * grants give Temporary, whose hosts become members as they attach (link). Undefined until a card
   * has it (a scenario without Temporary pays nothing). A copy of the board copies the lists.
   */
  private temporary: { members: Set<string>; byController: Map<string | undefined, Set<string>>; grantors: Set<string> } | undefined = undefined;
  /** The cards with each kind of static property, found on first use (declaredWith); a copy starts without. */
  declared: Map<(p: Property) => boolean, CardObj[]> | undefined = undefined;
  /** The cards whose `controlEnded` this turn set (cleared as the next begins). */
  controlEndedNow: string[] = [];
  /** The cards whose control effects track each card (`for as long as`, held.ts): looked at when it changes. */
  private watched = new Map<string, Set<string>>();
  /**
   * The cards turned sideways (tapped, exhausted), filed by the player who controlled each as it was
   * turned or later took it (recontrol): a new turn untaps (readies) from its player's list only, so
   * the turns and the cards stay linear. A list may hold a card no longer sideways or no longer theirs.
   */
  private sideways = new Map<string, Set<string>>();
  /** The `ability NAME`s the scenario has written so far (abilities.ts keywordOfGame bounds them). */
  abilityNames = new Set<string>();
  /** Some card declares a triggered ability about attachment (triggers.ts): the rules look for them only then. */
  triggersDeclared = false;
  /**
   * Some card declares a static ability that a rule finds with declaredWith (MTG: a casting prohibition
   * or permission, a replacement that exiles, Leonin Shikari's timing; set by its declaration): without
   * one, declaredWith looks at no card.
   */
  staticsDeclared = false;
  /** A card of the scenario has (or was given) an ability that triggers as it enters (MTG living weapon, For Mirrodin! and Job select, Riftbound Weaponmaster and Quick-Draw): entering looks for it. */
  enterTriggers = false;
  /** Some card of the scenario is a double-faced card (MTG 712.2): a move off the battlefield looks at its face. */
  dfcs = false;
  /** Some card is face down or has been (MTG 708): a move off the battlefield looks at its face. */
  faceDowns = false;
  /** A mutating spell was cast (MTG 702.140a): a move off the battlefield looks for a merged permanent (730.3). */
  merges = false;
  /** A permanent of the scenario has become a copy of something (MTG 707; Riftbound 477.1.b): a move off the battlefield looks at it. */
  copies = false;
  /** The cards with an ability about another creature's death (triggers.ts OTHER_DIES), at most MAX_DEATH_WATCHERS; replaced, never changed in place. */
  deathWatchers: readonly string[] = [];
  /**
   * While a step of a `together:` group with death watchers is replayed: each card's controller before
   * its first change of control in that step (recontrol), for a "dies" trigger that looks back (603.10a).
   */
  controlBefore: Map<string, string | undefined> | undefined = undefined;

  /** Turns `c` sideways (MTG tap, Riftbound exhaust) or back. */
  turnSideways(c: CardObj, on: boolean): void {
    c.exhausted = on;
    if (on) this.fileSideways(c);
    // A control effect for as long as it remains tapped may end (611.2b).
    if (this.watched.size !== 0 && this.watched.has(c.id)) this.unheld.push(c);
  }

  /** `c` is sideways and may have a new controller: listed under it (recontrol). */
  fileSideways(c: CardObj): void {
    if (!c.exhausted || c.controller === undefined) return;
    const set = this.sideways.get(c.controller);
    if (set) set.add(c.id);
    else this.sideways.set(c.controller, new Set([c.id]));
  }

  /** Riftbound: `c` is now at a battlefield (a move, an attachment going with its unit, a declaration): listed under it. */
  arrivedAt(c: CardObj): void {
    if (c.zone !== 'battlefield' || c.place === undefined) return;
    let a = this.arrivals.get(c.place);
    if (!a) this.arrivals.set(c.place, (a = { list: [], limit: 16 }));
    a.list.push(c);
    // Compacted as it doubles (each arrival is looked at a bounded number of times): a copy of the board copies no more than twice what is there.
    if (a.list.length > a.limit) a.limit = Math.max(16, 2 * this.compact(c.place, a.list).length);
  }

  /** Riftbound: the cards at battlefield `place` now, each once. */
  cardsAt(place: string): CardObj[] {
    const a = this.arrivals.get(place);
    return a ? this.compact(place, a.list) : [];
  }

  /** The list of arrivals at `place` with only the cards there now, each once (in place). */
  private compact(place: string, l: CardObj[]): CardObj[] {
    const seen = new Set<CardObj>();
    let k = 0;
    for (const c of l) {
      if (c.zone !== 'battlefield' || c.place !== place || seen.has(c)) continue;
      seen.add(c);
      l[k++] = c;
    }
    l.length = k;
    return l;
  }

  /**
   * The untap step (MTG 502.3) or the Awaken Phase's readying (Riftbound 315.1.b) of `player`'s new turn:
   * every permanent they control that is sideways turns back. A phased-out one too: it phases in first
   * in that step (502.1), which the scenario writes as `phase in X`. Returns those.
   */
  untapAll(player: string): CardObj[] {
    const set = this.sideways.get(player);
    const out: CardObj[] = [];
    if (!set) return out;
    // Every card listed turns back, or is no longer sideways or theirs: the list is done with either way.
    for (const id of set) {
      const c = this.cards.get(id);
      if (!c || !c.exhausted || c.controller !== player) continue;
      c.exhausted = false;
      out.push(c);
      if (this.watched.size !== 0 && this.watched.has(c.id)) this.unheld.push(c);
    }
    this.sideways.delete(player);
    return out;
  }

  /** `card`'s control effect tracks `subject` (held.ts, endUnheld). */
  watch(subject: string, card: string): void {
    const set = this.watched.get(subject);
    if (!set) this.watched.set(subject, new Set([card]));
    else set.add(card);
  }

  /** The cards whose control effects track `subject`. */
  watchers(subject: string): Iterable<string> {
    return this.watched.get(subject) ?? noItems();
  }

  /** Does any control effect track a card? */
  get watching(): boolean {
    return this.watched.size !== 0;
  }

  constructor(readonly game: Game) {}

  /** The next timestamp (613.7). */
  tick(): number {
    return ++this.clock;
  }

  /**
   * Gives `card` a timestamp: the next one (tick), or `at`. Every change of a card's timestamp goes
   * through here (CardObj.timestamp is readonly elsewhere): an attachment that gives control is filed
   * on its host by its timestamp (grantFold.ts, ControlOrder), and is filed again here.
   */
  stamp(card: CardObj, at: number = this.tick()): void {
    (card as { timestamp: number }).timestamp = at;
    // Only a card with grants can be a grantor of control (hasControlGrant): most cards look no further.
    if (card.grants.length === 0) return;
    const host = this.hostOf(card);
    if (host?.isCard) this.grantIndexes.get(host)?.restamp(this, card);
  }

  /**
   * How many objects a copy of the board copies, its cards and its players: the copies a check and the
   * timeline keep of the replay are this many events apart or more, so that what they hold stays in
   * proportion to the events (a file of 50,000 players copied every 128 events held billions).
   */
  get copySize(): number {
    return this.cards.size + this.players.size;
  }

  /** The last timestamp given. */
  get lastTimestamp(): number {
    return this.clock;
  }

  /**
   * The attachment sets this board may change in place. A copy of the board shares the cards'
   * sets with it (most cards have none attached, and a copy is made every few hundred events):
   * whichever of the two changes one first changes its own copy (`attachmentsOf`).
   */
  // A set is the board's when its `owner` is the board's current token; a copy gives the board a
  // new token, so every set it had is shared from then on (one assignment, not one per set).
  private token: object = {};

  /** The token of what this board may change in place (its attachment sets; the lists of untilEndOfTurn.ts; control logs, control.ts). */
  get ownToken(): object {
    return this.token;
  }

  /** `card` says what it may be attached to by what else is attached there (watcherIds). */
  watchSiblings(card: CardObj): void {
    if (this.watcherIds.has(card.id)) return;
    this.watcherIds.add(card.id);
    boards.set(card, this);
    const host = this.hostOf(card);
    if (host) this.idsOn(this.watchersOn, host).add(card.id);
  }

  /**
   * One of `host`'s attachments left, changed or phased out: if cards attached there watch it, the
   * rules look at them again (siblingsChanged).
   */
  siblingChanged(host: CardObj | PlayerObj): void {
    if (this.watcherIds.size !== 0 && this.watchersOn.has(host.id)) this.siblingsChanged.push(host);
  }

  /** Does `id` watch what else is attached where it is? */
  watches(id: string): boolean {
    return this.watcherIds.has(id);
  }

  /** The watchers attached to `host`. */
  watchersOf(host: CardObj | PlayerObj): ReadonlySet<string> {
    return this.watchersOn.get(host.id) ?? NO_IDS;
  }

  /** The cards attached to `host` that were Auras as they attached, while some card watches (a hint: the rules check each, and add those they find otherwise). */
  aurasOf(host: CardObj | PlayerObj): Set<string> {
    return this.idsOn(this.aurasOn, host);
  }

  private idsOn(map: Map<string, Set<string>>, host: CardObj | PlayerObj): Set<string> {
    let set = map.get(host.id);
    if (!set) map.set(host.id, (set = new Set()));
    return set;
  }

  /** `card` may be tied to `player` (owns it, controls it, or has a control effect on it): listed under them, once the lists are kept (ties). */
  tie(player: string | undefined, card: CardObj): void {
    if (player !== undefined && this.ties !== undefined) fileUnder(this.ties, player, card.id);
  }

  /** The cards of this board that may be tied to `player` (ties), each once, in the order they were declared (as `cards` holds them). */
  tiedTo(player: string): CardObj[] {
    if (this.ties === undefined) {
      // The first leaving: every card tied to whom it is tied now (its owner, its controller, its control effects' players).
      this.ties = new Map();
      for (const c of this.cards.values()) {
        this.tie(c.owner, c);
        if (c.controller !== c.owner) this.tie(c.controller, c);
        for (const e of c.controlLog) if (e.player !== c.owner) this.tie(e.player, c);
      }
    }
    const out: CardObj[] = [];
    const set = this.ties.get(player);
    if (set === undefined) return out;
    for (const id of set) {
      const c = this.cards.get(id);
      if (c !== undefined) out.push(c);
    }
    return out.sort(byIndex);
  }

  /** MTG: an event put `card` into its owner's library, as a new object with a new timestamp (zones.ts, moveTo): it is on top of it (newestInLibrary). */
  intoLibrary(card: CardObj): void {
    const lists = (this.intoLibraries ??= new Map());
    const list = lists.get(card.owner);
    if (list === undefined) lists.set(card.owner, [card.index, card.version]);
    else list.push(card.index, card.version);
  }

  /**
   * MTG: of the cards of `owner`'s that an event put into a library, the one put there last that is
   * still there as the same object: the one with the newest timestamp among the cards of `owner`'s in
   * a library that moved (version > 0). Undefined when none is. Amortized O(1): each entry is passed once.
   */
  newestInLibrary(owner: string | undefined): CardObj | undefined {
    const list = this.intoLibraries?.get(owner);
    if (list === undefined) return undefined;
    while (list.length !== 0) {
      const c = this.list[list[list.length - 2]];
      // Gone from there, or there as another object (it left and came back: a later entry): never again this entry's.
      if (c.zone === 'library' && c.version === list[list.length - 1]) return c;
      list.length -= 2;
    }
    return undefined;
  }

  /** `card` is controlled by `player` from now on (undefined: by nobody); one who doesn't own it is tied to it (ties). */
  setController(card: CardObj, player: string | undefined): void {
    card.controller = player;
    if (player !== card.owner) this.tie(player, card);
    if (this.fielded !== undefined && card.zone === 'battlefield') this.field(card, player);
    this.mayBeUnit(card);
    if (this.temporary !== undefined && this.temporary.members.has(card.id)) fileUnder(this.temporary.byController, player, card.id);
  }

  /** Riftbound: `card` has or was given Temporary (816): a member, filed under its controller (Board.temporary). */
  markTemporary(card: CardObj): void {
    const t = (this.temporary ??= { members: new Set(), byController: new Map(), grantors: new Set() });
    t.members.add(card.id);
    fileUnder(t.byController, card.controller, card.id);
  }

  /** Riftbound: `card`'s grants give Temporary: each card it attaches to is a member from then on (link). */
  markTemporaryGrantor(card: CardObj): void {
    (this.temporary ??= { members: new Set(), byController: new Map(), grantors: new Set() }).grantors.add(card.id);
  }

  /**
   * Riftbound: the members of Board.temporary that `player` controls and `keep` takes (a permanent on the
   * board), in the order filed; each other one listed under them is dropped as the look passes it (it is
   * filed again when it comes back under them). Linear in what is listed under `player`.
   */
  temporariesOf(player: string, keep: (c: CardObj) => boolean): CardObj[] {
    const set = this.temporary?.byController.get(player);
    const out: CardObj[] = [];
    if (set === undefined) return out;
    for (const id of set) {
      const c = this.cards.get(id);
      if (c !== undefined && c.controller === player && keep(c)) out.push(c);
      else set.delete(id);
    }
    return out;
  }

  /** `card`'s controller, place or card types changed: it may be a unit on the board its controller controls, listed under them once the lists are kept (units). */
  mayBeUnit(card: CardObj): void {
    if (this.units !== undefined) fileUnder(this.units, card.controller, card.id);
  }

  /**
   * Riftbound: does `player` control a card `isUnit` holds of, a unit on the board (Quick-Draw,
   * 819.1.d)? Looks at the cards listed under them (units), dropping each that is not one as it
   * passes it: a card is looked at once for each time it was listed, and the first question once at
   * every card. `isUnit` is the game's test, the same at every question.
   */
  controlsUnit(player: string | undefined, isUnit: (c: CardObj) => boolean): boolean {
    let units = this.units;
    if (units === undefined) {
      this.units = units = new Map();
      for (const c of this.cards.values()) if (isUnit(c)) this.mayBeUnit(c);
    }
    const set = units.get(player);
    if (set === undefined) return false;
    for (const id of set) {
      const c = this.cards.get(id)!;
      if (c.controller === player && isUnit(c)) return true;
      set.delete(id);
    }
    return false;
  }

  /** `card`, on the battlefield, is controlled by `player`: filed under them in each list of fielded it belongs to, and in each of its groups (grouped). */
  private field(card: CardObj, player: string | undefined): void {
    for (const f of this.fielded!.values()) {
      if (!f.members.has(card.index)) continue;
      const list = f.byController.get(player);
      if (list === undefined) f.byController.set(player, [card.index]);
      else fileInOrder(list, card.index);
    }
    if (this.grouped === undefined) return;
    for (const f of this.grouped.values()) {
      const groups = f.members.get(card.index);
      if (groups === undefined) continue;
      let byKey = f.byController.get(player);
      if (byKey === undefined) f.byController.set(player, (byKey = new Map()));
      for (const g of groups) {
        const group = byKey.get(g.key);
        if (group === undefined) byKey.set(g.key, { value: g.value, list: [card.index] });
        else fileInOrder(group.list, card.index);
      }
    }
  }

  /** The lists of the cards `pick` takes on the battlefield, by controller (fielded): made at the first look. */
  private fieldedBy(pick: (c: CardObj) => boolean): Map<string | undefined, number[]> {
    const lists = (this.fielded ??= new Map());
    let f = lists.get(pick);
    if (f === undefined) {
      const members = new Set<number>();
      const byController = new Map<string | undefined, number[]>();
      for (const c of this.list) {
        if (!pick(c)) continue;
        members.add(c.index);
        if (c.zone !== 'battlefield') continue;
        const list = byController.get(c.controller);
        if (list === undefined) byController.set(c.controller, [c.index]);
        else list.push(c.index);
      }
      lists.set(pick, (f = { members, byController }));
    }
    return f.byController;
  }

  /**
   * The players (undefined: nobody) under whose control some card `pick` takes may be on the
   * battlefield: a card it takes there now is under one of theirs (firstFielded). None without a
   * static declared (staticsDeclared). `pick` is a function of a rule's module, the same on every call.
   */
  fieldedControllers(pick: (c: CardObj) => boolean): Iterable<string | undefined> {
    return this.staticsDeclared ? this.fieldedBy(pick).keys() : NO_PLAYERS;
  }

  /**
   * The first card, in the order declared, that `pick` takes, on the battlefield under `player`'s
   * control, that `accept` takes (given `arg`), declared before the card of index `before`; undefined
   * for none. The rule's question about every card of declaredWith's list in turn, asked only of
   * those on the battlefield under `player`'s control, in the same order, with the same answer.
   */
  firstFielded<T>(pick: (c: CardObj) => boolean, player: string | undefined, accept: (c: CardObj, arg: T) => boolean, arg: T, before = Infinity): CardObj | undefined {
    if (!this.staticsDeclared) return undefined;
    const list = this.fieldedBy(pick).get(player);
    if (list === undefined) return undefined;
    return this.firstIn(list, player, accept, arg, before);
  }

  /** The groups of the cards `grouping` groups, those on the battlefield by controller (grouped): made at the first look. */
  private groupedBy<V>(grouping: Grouping<V>): Map<string | undefined, Map<string, FieldedGroup>> {
    const lists = (this.grouped ??= new Map());
    // setController files a card where fielded is made (field), in both.
    this.fielded ??= new Map();
    let f = lists.get(grouping as Grouping<unknown>);
    if (f === undefined) {
      const members = new Map<number, readonly Grouped<unknown>[]>();
      const byController = new Map<string | undefined, Map<string, FieldedGroup>>();
      for (const c of this.list) {
        const groups = grouping(c);
        if (groups.length === 0) continue;
        // A card is once in a group, however many of its abilities have the key.
        const own = groups.length === 1 ? groups : groups.filter((g, i) => groups.findIndex((h) => h.key === g.key) === i);
        members.set(c.index, own);
        if (c.zone !== 'battlefield') continue;
        let byKey = byController.get(c.controller);
        if (byKey === undefined) byController.set(c.controller, (byKey = new Map()));
        for (const g of own) {
          const group = byKey.get(g.key);
          if (group === undefined) byKey.set(g.key, { value: g.value, list: [c.index] });
          else group.list.push(c.index);
        }
      }
      lists.set(grouping as Grouping<unknown>, (f = { members, byController }));
    }
    return f.byController;
  }

  /**
   * The first card, in the order declared, that `grouping` puts in a group whose value `takes` takes
   * (given `arg`), on the battlefield under `player`'s control, that `accept` takes; undefined for
   * none. The answer of firstFielded, asking `takes` of each group of the card and then `accept`, but
   * `takes` is asked once per group of `player`'s, and only the cards of the groups it takes are
   * looked at: many cards whose groups don't take `arg` cost one look per group, not per card.
   */
  firstGrouped<V, T>(grouping: Grouping<V>, player: string | undefined, takes: (value: V, arg: T) => boolean, accept: (c: CardObj, arg: T) => boolean, arg: T): CardObj | undefined {
    if (!this.staticsDeclared) return undefined;
    const groups = this.groupedBy(grouping).get(player);
    if (groups === undefined) return undefined;
    let found: CardObj | undefined;
    for (const g of groups.values()) {
      if (!takes(g.value as V, arg)) continue;
      found = this.firstIn(g.list, player, accept, arg, found === undefined ? Infinity : found.index) ?? found;
    }
    return found;
  }

  /**
   * The first card of `list` (indices, in the order declared), declared before the card of index
   * `before`, on the battlefield under `player`'s control, that `accept` takes (given `arg`). The
   * cards it passes that are no longer there or no longer theirs are dropped from the list.
   */
  private firstIn<T>(list: number[], player: string | undefined, accept: (c: CardObj, arg: T) => boolean, arg: T, before: number): CardObj | undefined {
    let found: CardObj | undefined;
    let k = 0;
    let i = 0;
    for (; i < list.length && list[i] < before; i++) {
      const c = this.list[list[i]];
      // No longer there, or no longer theirs: dropped (filed again as it comes back: setController).
      if (c.zone !== 'battlefield' || c.controller !== player) continue;
      list[k++] = list[i];
      if (accept(c, arg)) {
        found = c;
        i++;
        break;
      }
    }
    if (k < i) list.splice(k, i - k);
    return found;
  }

  /** Every card `pick` takes on the battlefield under `player`'s control, in the order declared (firstFielded). */
  fieldedUnder(pick: (c: CardObj) => boolean, player: string | undefined): CardObj[] {
    const out: CardObj[] = [];
    this.firstFielded(pick, player, collect, out);
    return out;
  }

  /** Adds a declared card (its `index` is set here). Its attachment set is the shared empty one (noAttachments), never the board's. */
  add(card: CardObj): void {
    card.index = this.list.length;
    this.list.push(card);
    this.cards.set(card.id, card);
    if (this.named !== undefined) nameIn(this.named, card.name, card.id);
  }

  /**
   * Each name's cards (their ids), made at the first question (cardsNamed) and kept by add and rename.
   * A copy of the board makes its own at its first question.
   */
  private named: Map<string, Set<string>> | undefined = undefined;

  /** The cards named `name` now (the ids; in no particular order). */
  cardsNamed(name: string): ReadonlySet<string> {
    let named = this.named;
    if (named === undefined) {
      named = this.named = new Map();
      for (const c of this.list) nameIn(named, c.name, c.id);
    }
    return named.get(name) ?? NO_IDS;
  }

  /** `card` takes the name `name` (its copiable values changed: a copy, a transform, a merge, and their ends). */
  rename(card: CardObj, name: string): void {
    if (card.name === name) return;
    const named = this.named;
    if (named !== undefined) {
      named.get(card.name)?.delete(card.id);
      nameIn(named, name, card.id);
    }
    (card as { name: string }).name = name;
  }

  /** A host's attachments, to change: its own set (copied first if it is shared with a copy of the board, or is the empty one of noAttachments). */
  private attachmentsOf(h: CardObj | PlayerObj): Set<string> {
    if ((h.attachments as Owned).owner !== this.token) h.attachments = this.own(h.attachments);
    return h.attachments;
  }

  /** A host's grantors, to change: its own set, as attachmentsOf. */
  private grantorsOf(h: CardObj): Set<string> {
    if ((h.grantors as Owned).owner !== this.token) h.grantors = this.own(h.grantors);
    return h.grantors as Set<string>;
  }

  /** A set of this board's own with the members of `set`. */
  private own(set: ReadonlySet<string>): Set<string> {
    // Most hosts get their first attachment here, from the shared empty set: nothing to copy.
    const own = (set.size === 0 ? new Set<string>() : new Set(set)) as Owned;
    own.owner = this.token;
    return own;
  }

  /** `id` is no longer among `host`'s attachments (without any rules check; `unlink` does the rest for a card still pointing at it). */
  dropAttachment(host: CardObj | PlayerObj, id: string): void {
    if (this.watcherIds.size !== 0) this.dropWatcher(host, id);
    if (this.readersOn !== undefined) {
      const r = this.readersOn.get(host);
      if (r !== undefined) unfileReader(r, id);
    }
    // Only a host some bonus has counted for can hold an attachment that gives one (no lookup otherwise).
    if (host.isCard && host.boosted) {
      const att = this.cards.get(id);
      if (att !== undefined && att.boostGiven !== 0) {
        host.boost -= att.boostGiven;
        att.boostGiven = 0;
        this.reweighed.push(host);
      }
    }
    const set = host.attachments as Owned;
    if (set.size === 1 && set.has(id)) {
      // The last one goes: the host takes the shared empty set again. (Deleting it would make V8
      // shrink the set's table, a call into its runtime, and the next attachment grow it again.)
      // A loop reading the old set as it is emptied (unattachAll) has visited its only entry.
      host.attachments = noAttachments();
    } else if (set.owner === this.token) set.delete(id);
    else if (set.has(id)) this.attachmentsOf(host).delete(id);
    if (host.isCard && host.grantors.has(id)) {
      if (host.grantors.size === 1) host.grantors = noAttachments();
      else this.grantorsOf(host).delete(id);
      this.regrant(host, id);
    }
  }

  /** `id` leaves `host`: off its watchers if it is one, and off its Auras; the watchers that stay are for the rules to look at again. */
  private dropWatcher(host: CardObj | PlayerObj, id: string): void {
    this.aurasOn.get(host.id)?.delete(id);
    const set = this.watchersOn.get(host.id);
    if (!set) return;
    set.delete(id);
    if (set.size === 0) this.watchersOn.delete(host.id);
    else this.siblingChanged(host);
  }

  /** The colors of each host's attachments that attachedColors worked out, with the clock they hold at (attachedKindsClock); a clone has none. */
  private colorsOn: WeakMap<CardObj | PlayerObj, { bits: number; clock: number }> | undefined;

  /**
   * The color bits (COLOR_KINDS) of what is attached to `host`, OR-ed: every color one of them has,
   * maybe more (one that came off still counts until one of them changes). Worked out by a walk over
   * them when one's kinds changed since the last walk, else at once; attaching adds its colors (link).
   */
  attachedColors(host: CardObj | PlayerObj): number {
    const known = (this.colorsOn ??= new WeakMap()).get(host);
    if (known !== undefined && known.clock === attachedKindsClock) return known.bits;
    let bits = 0;
    ATTACHED_COLORS.walked += host.attachments.size;
    for (const id of host.attachments) bits |= this.cards.get(id)!.kinds;
    bits &= COLOR_KINDS;
    this.colorsOn.set(host, { bits, clock: attachedKindsClock });
    return bits;
  }

  /** What each host's attachments' filters read of it (readersOf), made at the first question about the host; a clone has none. */
  private readersOn: WeakMap<CardObj | PlayerObj, HostReaders> | undefined;

  /**
   * The attachments of `host` whose enchant or `can be attached only to` filters read one of `reads`
   * (READS_SUBTYPES, READS_SUPERTYPES, READS_COLORS: filterReads), with `also` (attachments of its
   * too), in the order attached. The first
   * question about a host walks its attachments once; from then on the board keeps the answer as
   * attachments come (link) and go (dropAttachment) and as their own filters change (refiled).
   */
  readersOf(host: CardObj | PlayerObj, reads: number, also?: readonly CardObj[]): CardObj[] {
    const map = (this.readersOn ??= new WeakMap());
    let r = map.get(host);
    if (r === undefined) map.set(host, (r = this.fileAll(host)));
    else if (READERS.check) checkReaders(r, this.fileAll(host));
    const out: CardObj[] = [];
    // More than one kind read, or more attachments to put in order: an attachment may be among several.
    const seen = (reads & (reads - 1)) !== 0 || also !== undefined ? new Set<string>() : undefined;
    if (also !== undefined) {
      for (const a of also) {
        seen!.add(a.id);
        out.push(a);
      }
    }
    for (let bit = 0; bit < r.by.length; bit++) {
      if ((reads & (1 << bit)) === 0) continue;
      for (const id of r.by[bit]) {
        if (seen !== undefined) {
          if (seen.has(id)) continue;
          seen.add(id);
        }
        out.push(this.cards.get(id)!);
      }
    }
    if (out.length > 1) out.sort((a, b) => r.pos.get(a.id)! - r.pos.get(b.id)!);
    return out;
  }

  /** What `host`'s attachments read of it (readersOf), worked out by a walk. */
  private fileAll(host: CardObj | PlayerObj): HostReaders {
    const r: HostReaders = { pos: new Map(), next: 0, by: [new Set(), new Set(), new Set()] };
    READERS.walked += host.attachments.size;
    for (const id of host.attachments) fileReader(r, this.cards.get(id)!);
    return r;
  }

  /**
   * `card`'s own filters may have changed (a copy, a transform, a face turned, `gains X enchant`, an
   * effect that ended): attached to a host the board keeps the readers of (readersOf), it is filed again.
   */
  refiled(card: CardObj): void {
    if (this.readersOn === undefined || card.attachedTo === null) return;
    const host = this.hostOf(card);
    const r = host && this.readersOn.get(host);
    if (r === undefined) return;
    const reads = readsOf(card);
    for (let bit = 0; bit < r.by.length; bit++) {
      if ((reads & (1 << bit)) !== 0) r.by[bit].add(card.id);
      else r.by[bit].delete(card.id);
    }
  }

  /**
   * `host` lost an attachment, or one phased out (MTG 702.26b): a control effect for as long as it is
   * enchanted or equipped may end (611.2b), so a host some control effect tracks is looked at again with
   * the dirty cards (`unheld`, Replay.takeDirty, endUnheld).
   */
  attachmentGone(host: CardObj | PlayerObj): void {
    if (host.isCard && this.watched.size !== 0 && this.watched.has(host.id)) this.unheld.push(host);
  }

  hostOf(card: CardObj): CardObj | PlayerObj | undefined {
    const h = card.attachedTo;
    return h ? this.refTarget(h) : undefined;
  }

  /** The card or player a reference names; a card as it is now (whether it is still the object referred to, its version says). */
  refTarget(ref: HostRef): CardObj | PlayerObj | undefined {
    return ref.kind === 'card' ? this.list[ref.index] : this.players.get(ref.id);
  }

  refTo(target: CardObj | PlayerObj): HostRef {
    return isCard(target) ? { kind: 'card', id: target.id, version: target.version, index: target.index } : { kind: 'player', id: target.id };
  }

  /**
   * Attach without any rules check; the callers decide legality. The attachment's timestamp is its new one already (613.7e).
   * `chosen`: it becomes attached, and the color chosen as it does (choosesColor, 607.2d), set once it has left its old
   * host and before its new host's grants are worked out, so the old host's fold drops what it gave there and the new
   * one files what it gives now (grantsOf); without, its choice stays (an attachment put back on its host as the same
   * object: a restamp, a copy effect).
   */
  link(att: CardObj, host: CardObj | PlayerObj, at: Range | undefined, chosen?: { readonly color: string | undefined }): void {
    this.unlink(att);
    if (chosen !== undefined) att.chosenColor = chosen.color;
    att.attachedTo = this.refTo(host);
    att.attachedAt = at;
    this.attachmentsOf(host).add(att.id);
    if (this.temporary !== undefined && host.isCard && this.temporary.grantors.has(att.id)) this.markTemporary(host);
    if (this.colorsOn !== undefined) {
      const known = this.colorsOn.get(host);
      if (known !== undefined) known.bits |= att.kinds & COLOR_KINDS;
    }
    if (this.readersOn !== undefined) {
      const r = this.readersOn.get(host);
      if (r !== undefined) fileReader(r, att);
    }
    if (this.watcherIds.size !== 0) {
      if (this.watcherIds.has(att.id)) this.idsOn(this.watchersOn, host).add(att.id);
      if ((att.kinds & KIND_AURA) !== 0 || att.bestowed) this.idsOn(this.aurasOn, host).add(att.id);
    }
    if (host.isCard && grantsAnything(att)) {
      this.grantorsOf(host).add(att.id);
      this.regrant(host, att.id);
    }
    if (att.grants.length !== 0 && host.isCard) this.regrantAbove(host);
    if (hasBoost(att)) this.reboost(att);
    // MTG `equipped creatures you control get +1/+1`: being equipped or enchanted may change its share (rules/mtg/anthems.ts).
    if (this.anthems !== undefined) {
      if (host.isCard) this.reweighed.push(host);
      // Riftbound: an attached card's Rules Text is inactive (718.2), so its own static Might effects stop (rules/riftbound/staticMight.ts).
      if (this.anthems.isSource(att.id)) this.reweighed.push(att);
    }
  }

  /**
   * What `att` adds to its host's toughness (MTG 613.4c) or Might (Riftbound 137.3) is worked out
   * again: its bonus while it is attached to a card, phased in (702.26b) and has its abilities
   * (113.10); else nothing. A change goes into the host's `boost` and queues the host (reweighed).
   * Constant time: a host's bonuses are a running sum, however many attachments it has.
   */
  reboost(att: CardObj): void {
    const host = this.hostOf(att);
    const give = host?.isCard ? boostOf(att) : 0;
    if (give === att.boostGiven) return;
    if (host?.isCard) {
      host.boost += give - att.boostGiven;
      if (give !== 0) host.boosted = true;
      this.reweighed.push(host);
    }
    att.boostGiven = give;
  }

  /** Detach without any rules check. Returns the host it was attached to. */
  unlink(att: CardObj): CardObj | PlayerObj | undefined {
    const host = this.hostOf(att);
    if (host) this.dropAttachment(host, att.id);
    if (host !== undefined) this.attachmentGone(host);
    att.attachedTo = null;
    att.attachedAt = undefined;
    if (host?.isCard && att.grants.length !== 0) this.regrantAbove(host);
    if (this.anthems !== undefined) {
      if (host?.isCard) this.reweighed.push(host);
      // Riftbound: detached, its Rules Text is active again (718.2), and so are its static Might effects.
      if (host !== undefined && this.anthems.isSource(att.id)) this.reweighed.push(att);
    }
    return host;
  }

  /**
   * Something `card`'s abilities depend on changed (an ability gained or lost, a phasing, a new
   * timestamp): its own abilities with grants, and those of what it is attached to, and of what that
   * is attached to (an Aura's grant to an Equipment reaches the creature: 613.7a), are worked out again.
   */
  abilitiesChanged(card: CardObj, events = false): void {
    if (hasBoost(card)) this.reboost(card);
    if (!this.grantsDeclared) return;
    // Events change only the card's own log (GrantIndex.updateEvents); anything else may change what each of its grantors gives.
    if (card.grantors.size !== 0 || card.granted) this.regrant(card, events ? null : undefined);
    this.regrantAbove(card);
  }

  /** `card` may grant something new, or no longer: its host (made a grantor if needed) and its host's host are worked out again. */
  private regrantAbove(card: CardObj): void {
    const host = this.hostOf(card);
    if (!host?.isCard) return;
    if (grantsAnything(card) && !host.grantors.has(card.id)) this.grantorsOf(host).add(card.id);
    if (host.grantors.size !== 0 || host.granted) this.regrant(host, card.id);
    const above = this.hostOf(host);
    if (above?.isCard && (above.grantors.size !== 0 || grantsAnything(host))) {
      if (!above.grantors.has(host.id)) this.grantorsOf(above).add(host.id);
      this.regrant(above, host.id);
    }
  }

  /** Each host's effects filed by ability (grantFold.ts), made the first time the host's grants are worked out on this board (a copy starts without). */
  private readonly grantIndexes = new WeakMap<CardObj, GrantIndex>();

  /** The grantors of `card` that may give control of it (controllerOf): those with a grant of control, once its grants were worked out on this board. */
  controlGrantors(card: CardObj): Iterable<string> {
    return this.grantIndexes.get(card)?.controls ?? card.grantors;
  }

  /**
   * The newest timestamp of a grantor of `card` that gives it the ability `key` (grantFold.ts, regainKey),
   * or an Aura's grant of it, whether it works now or not; undefined before `card`'s grants were worked out
   * on this board (abilities.ts, mayRegain, then looks at its grantors).
   */
  newestGranting(card: CardObj, key: string): number | undefined {
    return this.grantIndexes.get(card)?.newestGranting(key);
  }

  /** The same grantors newest first (undefined before `card`'s grants were worked out on this board, or while it has none: controlGrantors then has them all). */
  controlOrder(card: CardObj): ControlOrder | undefined {
    return this.grantIndexes.get(card)?.controlOrder;
  }

  /**
   * `host`'s grants worked out again: `changed` is the grantor that came, went or changed, null when
   * none did (only the host's own ability log), undefined when any grantor may have.
   */
  private regrant(host: CardObj, changed: string | null | undefined): void {
    let index = this.grantIndexes.get(host);
    if (!index) {
      index = new GrantIndex();
      this.grantIndexes.set(host, index);
      changed = undefined;
    }
    const regranted = regrant(this, host, index, changed);
    if (regranted === 'abilities') this.regranted.push(host);
    // It only gained protections or restrictions: what is on it that these may bar is judged again.
    else if (typeof regranted === 'object') this.barred.push({ host, gained: regranted });
    // Only a value changed (Riftbound's Shield 3 for Shield 2), or only its keywords or targeting keywords
    // (flying, hexproof, `ward 3`): no attachment's legality reads them, and the host is looked at as when
    // its attachments' Might bonuses change (its Might in combat, 807.2, 814.2; its own reconfigure, 702.151b).
    else if (regranted === 'values' || regranted === 'own') this.reweighed.push(host);
    // An attachment that gives control of it ("You control enchanted creature") came, went or changed (613.1b).
    recontrol(this, host);
    // One that changes its types may have (613.1d): worked out by the replay before it next looks.
    if (this.typeGrantsDeclared && changed !== null) this.retyped.push({ host, changed });
  }

  // ---- the stack ----------------------------------------------------------------------------

  /** Puts a spell (a card now in the stack zone) or an ability on top of the stack. */
  pushStack(e: Omit<StackEntry, 'n'>): StackEntry {
    // Every field, in one order (one object shape for all entries; absent ones undefined).
    const entry: StackEntry = { n: ++this.serial, kind: e.kind, id: e.id, version: e.version, ability: e.ability, planeswalker: e.planeswalker, unattachable: e.unattachable, target: e.target, attaching: e.attaching, words: e.words, controller: e.controller, at: e.at, group: e.group, run: e.run, effect: e.effect, leftFrom: e.leftFrom };
    this.stack.push(entry);
    if (entry.kind === 'ability') {
      const key = abilityKey(entry.id, entry.ability!);
      const list = this.abilities.get(key);
      if (list) list.push(entry);
      else this.abilities.set(key, [entry]);
    }
    return entry;
  }

  /** Puts triggered abilities on the stack in this order, as one group (StackEntry.group: the serial number of the first). */
  pushGroup(list: readonly Omit<StackEntry, 'n' | 'group' | 'run'>[]): void {
    const group = this.serial + 1;
    let run = group;
    let last: string | undefined;
    for (let i = 0; i < list.length; i++) {
      const e = list[i];
      if (i !== 0 && e.controller !== last) run = this.serial + 1;
      last = e.controller;
      this.pushStack({ ...e, group, run });
    }
  }

  /** Is the entry still on the stack? A spell is while its card is in the stack zone as the same object. */
  isLive(e: StackEntry): boolean {
    // An ability leaves the stack only as it resolves: popped from the top, or marked from below.
    if (e.kind === 'ability') return !this.resolvedBelow.has(e.n);
    const c = this.cards.get(e.id);
    // Riftbound's spells wait on the chain (328.1).
    return c !== undefined && (c.zone === 'stack' || c.zone === 'chain') && c.version === e.version;
  }

  /** The topmost object on the stack (entries that are gone are dropped on the way: amortized O(1)). */
  stackTop(): StackEntry | undefined {
    while (this.stack.length > 0) {
      const top = this.stack[this.stack.length - 1];
      if (top.kind === 'spell' ? this.isLive(top) : !this.resolvedBelow.delete(top.n)) return top;
      this.stack.pop();
    }
    return undefined;
  }

  /**
   * May `mine`, not the top of the stack, resolve now? Only when every object above it is a triggered
   * ability put on the stack with it (its group) by the same player, who chose their order (MTG 603.3b;
   * Riftbound 383.3.d): the scenario's order of the `resolve` lines is that choice.
   */
  mayResolve(mine: StackEntry): boolean {
    if (mine.group === undefined) return false;
    // The top in mine's run: everything between is of the run, the same group and player.
    if (mine.run !== undefined && this.stackTop()?.run === mine.run) return true;
    for (let i = this.stack.length - 1; i >= 0; i--) {
      const e = this.stack[i];
      if (e === mine) return true;
      if (!this.isLive(e)) continue;
      if (e.group !== mine.group || e.controller !== mine.controller) return false;
    }
    return false;
  }

  /** The latest pending ability of that source and keyword. */
  pendingAbility(id: string, ability: string): StackEntry | undefined {
    const list = this.abilities.get(abilityKey(id, ability));
    return list && list.length > 0 ? list[list.length - 1] : undefined;
  }

  /** Takes the latest pending ability of its source and keyword off the stack (it resolves). */
  removeAbility(e: StackEntry): void {
    const key = abilityKey(e.id, e.ability!);
    const list = this.abilities.get(key);
    if (!list || list[list.length - 1] !== e) return;
    list.pop();
    if (list.length === 0) this.abilities.delete(key);
    if (this.stack[this.stack.length - 1] === e) this.stack.pop();
    else this.resolvedBelow.add(e.n);
  }

  /** The pending abilities a player controls cease to exist (MTG 800.4a: the player left the game). Returns them. */
  dropAbilitiesOf(player: string): StackEntry[] {
    const dropped: StackEntry[] = [];
    for (const e of this.stack) {
      if (e.kind === 'ability' && e.controller === player && this.isLive(e)) dropped.push(e);
    }
    // Each is the latest of its source and keyword once the later ones are gone: drop from the top down.
    for (let i = dropped.length - 1; i >= 0; i--) {
      const e = dropped[i];
      const list = this.abilities.get(abilityKey(e.id, e.ability!))!;
      list.splice(list.lastIndexOf(e), 1);
      if (list.length === 0) this.abilities.delete(abilityKey(e.id, e.ability!));
      this.resolvedBelow.add(e.n);
    }
    return dropped;
  }

  /** What is on the stack, bottom first (for views and hovers). */
  stackEntries(): StackEntry[] {
    return this.stack.filter((e) => this.isLive(e));
  }

  /** An independent copy: the replay can go on from it without touching this board. */
  clone(): Board {
    const b = new Board(this.game);
    b.clock = this.clock;
    b.serial = this.serial;
    b.stack = [...this.stack];
    for (const [k, l] of this.abilities) b.abilities.set(k, [...l]);
    b.resolvedBelow = new Set(this.resolvedBelow);
    b.turn = this.turn;
    b.endingWithTurn = [...this.endingWithTurn];
    b.controlEndedNow = [...this.controlEndedNow];
    b.temporaries = [...this.temporaries];
    b.left = [...this.left];
    b.ties = this.ties;
    if (this.intoLibraries) b.intoLibraries = new Map([...this.intoLibraries].map(([k, l]) => [k, l.slice()]));
    b.declaredTops = this.declaredTops;
    if (this.fielded) b.fielded = new Map([...this.fielded].map(([pick, f]) => [pick, { members: f.members, byController: new Map([...f.byController].map(([k, l]) => [k, l.slice()])) }]));
    if (this.grouped) b.grouped = new Map([...this.grouped].map(([grouping, f]) => [grouping, { members: f.members, byController: new Map([...f.byController].map(([k, groups]) => [k, new Map([...groups].map(([key, g]) => [key, { value: g.value, list: g.list.slice() }]))])) }]));
    // b.units stays undefined: the copy makes its own at its first question (a question drops cards from them).
    if (this.temporary) b.temporary = { members: new Set(this.temporary.members), byController: new Map([...this.temporary.byController].map(([k, s]) => [k, new Set(s)])), grantors: new Set(this.temporary.grantors) };
    for (const [k, s] of this.watched) b.watched.set(k, new Set(s));
    for (const [k, s] of this.sideways) b.sideways.set(k, new Set(s));
    b.triggersDeclared = this.triggersDeclared;
    b.enterTriggers = this.enterTriggers;
    b.staticsDeclared = this.staticsDeclared;
    b.dfcs = this.dfcs;
    b.faceDowns = this.faceDowns;
    b.merges = this.merges;
    b.copies = this.copies;
    b.deathWatchers = this.deathWatchers;
    b.abilityNames = new Set(this.abilityNames);
    b.grantsDeclared = this.grantsDeclared;
    b.controlFiltersDeclared = this.controlFiltersDeclared;
    b.colorFiltersDeclared = this.colorFiltersDeclared;
    b.toughnessFiltersDeclared = this.toughnessFiltersDeclared;
    b.watcherIds = new Set(this.watcherIds);
    for (const [k, l] of this.watchersOn) b.watchersOn.set(k, new Set(l));
    for (const [k, l] of this.aurasOn) b.aurasOn.set(k, new Set(l));
    b.typeGrantsDeclared = this.typeGrantsDeclared;
    // Characteristics are copy on write (shared), and so are the attachment sets: from now on
    // neither board changes one in place (attachmentsOf).
    this.token = {};
    for (const c of this.list) {
      const copy: CardObj = { ...c, dirty: false };
      b.list.push(copy);
      b.cards.set(copy.id, copy);
      if (this.watcherIds.has(copy.id)) boards.set(copy, b);
    }
    for (const p of this.players.values()) b.players.set(p.id, { ...p });
    // The copy's index of anthems, its classes read by the copy's cards (anthemOf).
    b.anthems = this.anthems?.clone(b);
    // Hosts still to retype (none between events: Replay.takeDirty works them out), as the copy's cards.
    b.retyped = this.retyped.map((r) => ({ host: b.cards.get(r.host.id)!, changed: r.changed }));
    for (const c of this.damaged) b.damaged.push(b.cards.get(c.id)!);
    for (const c of this.regenerating) b.regenerating.push(b.cards.get(c.id)!);
    for (const c of this.stunned) b.stunned.push(b.cards.get(c.id)!);
    b.combat = this.combat;
    for (const c of this.combatants) b.combatants.push(b.cards.get(c.id)!);
    for (const [place, a] of this.arrivals) b.arrivals.set(place, { list: a.list.map((c) => b.cards.get(c.id)!), limit: a.limit });
    b.influence = this.influence;
    b.influenceSeats = this.influenceSeats;
    b.replacementOrder = this.replacementOrder;
    return b;
  }

  /**
   * Does `other` hold the same state (the same replay reached two ways: the editor's early
   * cutoff)? With `move`, `other` is a board of an earlier text whose lines an edit moved:
   * `move` gives each of its lines as a line of this text, and its positions are compared so.
   */
  sameAs(other: Board, move?: (line: number) => number, stamp?: (timestamp: number) => number): boolean {
    if (this.clock !== (stamp ? stamp(other.clock) : other.clock) || this.cards.size !== other.cards.size || this.players.size !== other.players.size) return false;
    if (!sameValue(this.replacementOrder, other.replacementOrder)) return false;
    if (this.serial !== other.serial || !sameValue(this.stack, other.stack, move) || !sameValue(this.resolvedBelow, other.resolvedBelow) || !sameValue(this.abilityNames, other.abilityNames)) return false;
    if (this.turn?.player !== other.turn?.player || this.turn?.step !== other.turn?.step || this.turn?.number !== other.turn?.number || this.turn?.place !== other.turn?.place) return false;
    const k = this.combat;
    const l = other.combat;
    if (k?.attacker !== l?.attacker || k?.place !== l?.place || k?.defender !== l?.defender || k?.blocked !== l?.blocked) return false;
    // Whether each declaration is over, and where the event that ended it is (a finding about a later attack points there).
    if (k?.attacksOver !== l?.attacksOver || k?.blocksOver !== l?.blocksOver || !sameValue(k?.attacksOverAt, l?.attacksOverAt, move) || !sameValue(k?.blocksOverAt, l?.blocksOverAt, move)) return false;
    for (const c of this.cards.values()) {
      const d = other.cards.get(c.id);
      if (!d || !sameValue(c, d, move, stamp)) return false;
    }
    for (const p of this.players.values()) {
      const q = other.players.get(p.id);
      if (!q || !sameValue(p, q, move, stamp)) return false;
    }
    return true;
  }

  /**
   * The positions this board holds (where each attachment was made, where each stack object was
   * put there) moved by `move`, and its timestamps shifted by `move.stamps`: for a copy of the
   * replay of an earlier text, made the text's own. Only for a board no one else holds (a fresh
   * clone): its stack entries and protection keeps are replaced by moved ones.
   */
  moveLines(move: LineMove): void {
    const stamps = move.stamps;
    if (stamps) {
      // The timestamps given after the edit (613.7): the clock, each card's, and those a protection keeps (its own copy).
      this.clock = movedStamp(this.clock, stamps);
      for (const c of this.list) {
        this.stamp(c, movedStamp(c.timestamp, stamps));
        if (c.protectionKeeps.length) c.protectionKeeps = movedKeeps(c.protectionKeeps, stamps);
        if (c.controlLog.length) c.controlLog = c.controlLog.map((e) => ({ ...e, timestamp: movedStamp(e.timestamp, stamps) }));
        if (c.abilityLog.length) c.abilityLog = movedLog(c.abilityLog, stamps);
        if (c.keywordValues) c.keywordValues = movedValues(c.keywordValues, stamps);
        if (c.granted?.protectionKeeps.length) c.granted = { ...c.granted, protectionKeeps: movedKeeps(c.granted.protectionKeeps, stamps) };
        // The changes since its first effect that ends, and what it was before each that ends (untilEndOfTurn.ts).
        if (c.temporary) c.temporary = c.temporary.moved(this, (at) => movedStamp(at, stamps), (b) => ({ ...(b as Characteristics), protectionKeeps: movedKeeps((b as Characteristics).protectionKeeps, stamps), abilityLog: movedLog((b as Characteristics).abilityLog, stamps), keywordValues: (b as Characteristics).keywordValues && movedValues((b as Characteristics).keywordValues!, stamps) }));
      }
      for (const p of this.players.values()) {
        if (p.protectionKeeps) p.protectionKeeps = movedKeeps(p.protectionKeeps, stamps);
        if (p.temporary) p.temporary = p.temporary.moved(this, (at) => movedStamp(at, stamps), (b) => (b.protectionKeeps ? { ...b, protectionKeeps: movedKeeps(b.protectionKeeps, stamps) } : b));
      }
    }
    if (move.delta === 0) return;
    for (const c of this.list) {
      if (c.attachedAt) c.attachedAt = movedRange(c.attachedAt, move);
      if (c.fired) c.fired = movedFired(c.fired, (r) => movedRange(r, move));
    }
    const moved = new Map<StackEntry, StackEntry>();
    const entry = (e: StackEntry): StackEntry => {
      let m = moved.get(e);
      if (!m) moved.set(e, (m = e.at ? { ...e, at: movedRange(e.at, move) } : e));
      return m;
    };
    this.stack = this.stack.map(entry);
    for (const [k, l] of this.abilities) this.abilities.set(k, l.map(entry));
    const combat = this.combat;
    if (combat?.attacksOverAt || combat?.blocksOverAt) {
      this.combat = { ...combat, attacksOverAt: combat.attacksOverAt && movedRange(combat.attacksOverAt, move), blocksOverAt: combat.blocksOverAt && movedRange(combat.blocksOverAt, move) };
    }
  }

  view(): BoardView {
    const cards: CardView[] = [];
    // A back face is no object (MTG 712.2): the card it belongs to shows it when it is up.
    // Nor is a card merged into a permanent (MTG 730.2b): the permanent lists it.
    for (const c of this.cards.values()) if (c.zone !== FACE && c.zone !== MERGED) cards.push(cardView(this, c));
    return {
      game: this.game,
      players: [...this.players.values()].map((p) => ({
        id: p.id,
        left: p.left,
        attachments: [...p.attachments],
        ...(p.targeting.length ? { keywords: p.targeting.map(keywordLabel) } : {}),
        ...(this.turn?.player === p.id ? { turn: this.turn.step } : {}),
      })),
      cards,
      stack: this.stackEntries().map((e) => ({
        kind: e.kind,
        id: e.id,
        ability: e.ability,
        // An MTG spell keeps its target on its card (CardObj.stackTarget), a Riftbound one on its entry.
        target: e.target?.id ?? (e.kind === 'spell' ? this.cards.get(e.id)?.stackTarget?.id : undefined),
        ...(e.attaching ? { attaching: e.attaching.id } : {}),
        controller: e.controller ?? this.cards.get(e.id)?.controller,
      })),
    };
  }
}


/** `id` in the set under `key` (made when there is none). */
function fileUnder<K>(map: Map<K, Set<string>>, key: K, id: string): void {
  const set = map.get(key);
  if (set === undefined) map.set(key, new Set([id]));
  else set.add(id);
}

/** Cards in the order they were declared (Board.add). */
function byIndex(a: CardObj, b: CardObj): number {
  return a.index - b.index;
}

function abilityKey(id: string, ability: string): string {
  return `${id} ${ability}`;
}

export function isCard(x: CardObj | PlayerObj): x is CardObj {
  return x.isCard;
}

/** `set` with `x` added or removed: a new set, or `set` itself when it already was so (characteristics are copy on write). */
export function withOrWithout<T>(set: ReadonlySet<T>, x: T, add: boolean): ReadonlySet<T> {
  // Unchanged, the same set (copy on write): what compares characteristics by identity sees no change (hostBarring).
  if (set.has(x) === add) return set;
  const next = new Set(set);
  if (add) next.add(x);
  else next.delete(x);
  return next;
}

/** A new object (MTG 400.7, Riftbound 124) has its printed characteristics again. */
export function resetCharacteristics(card: CardObj): void {
  if (!card.modified) return;
  takeCharacteristics(card, card.printed);
  card.modified = false;
  // The new object has none of the old one's effects, those until end of turn included.
  card.temporary = undefined;
  card.effectsEnded = undefined;
}

/**
 * `fn` with `card` judged as the new object it becomes as it changes zones (MTG 400.7, 611.2c): its
 * printed characteristics, without the effects on the old object. If `fn` moves it, the move has
 * reset them already; otherwise its own are put back after.
 */
export function asNewObject<T>(card: CardObj, fn: () => T): T {
  if (!card.modified) return fn();
  const own = characteristicsOf(card);
  const version = card.version;
  takeCharacteristics(card, card.printed);
  try {
    return fn();
  } finally {
    if (card.version === version) takeCharacteristics(card, own);
  }
}

/** A card's characteristics as they are now (the sets and lists shared: they are copy on write), the other way from takeCharacteristics. */
export function characteristicsOf(c: CardObj): Characteristics {
  return {
    supertypes: c.supertypes,
    types: c.types,
    subtypes: c.subtypes,
    colors: c.colors,
    protections: c.protections,
    protectionKeeps: c.protectionKeeps,
    lost: c.lost,
    targeting: c.targeting,
    enchant: c.enchant,
    equipQuality: c.equipQuality,
    equipPlaneswalker: c.equipPlaneswalker,
    creatureAt: c.creatureAt,
    hasEquip: c.hasEquip,
    reconfigure: c.reconfigure,
    bestow: c.bestow,
    cant: c.cant,
    might: c.might,
    mightBonus: c.mightBonus,
    toughness: c.toughness,
    toughnessBonus: c.toughnessBonus,
    power: c.power,
    powerBonus: c.powerBonus,
    honePower: c.honePower,
    keywords: c.keywords,
    keywordValues: c.keywordValues,
    grants: c.grants,
    choosesColor: c.choosesColor,
    choosesColorEntering: c.choosesColorEntering,
    abilityLog: c.abilityLog,
    kinds: c.kinds,
  };
}

/**
 * Ticks at each change of the kinds of a card that is attached to something, on any board (setKinds,
 * takeCharacteristics): the colors of a host's attachments (Board.attachedColors) hold while it hasn't
 * moved. A card's kinds change while it is unattached tick nothing: attaching it adds its colors.
 */
let attachedKindsClock = 0;

/** For the tests: how many attachments Board.attachedColors walked over. */
export const ATTACHED_COLORS = { walked: 0 };

/** What of its host an attachment's filters read (Board.readersOf): a subtype, a supertype, a color. */
export const READS_SUBTYPES = 1;
export const READS_SUPERTYPES = 2;
export const READS_COLORS = 4;

/**
 * For the tests: `check` holds every answer Board.readersOf keeps to a fresh walk over the host's
 * attachments (a difference throws); `walked` counts the attachments walked to file them.
 */
export const READERS = { check: false, walked: 0 };

/** A host's attachments by what their filters read of it (Board.readersOf): `by[k]` those that read bit k; `pos`, each one's place in the order attached. */
interface HostReaders {
  readonly pos: Map<string, number>;
  next: number;
  readonly by: [Set<string>, Set<string>, Set<string>];
}

function fileReader(r: HostReaders, att: CardObj): void {
  r.pos.set(att.id, r.next++);
  const reads = readsOf(att);
  if (reads === 0) return;
  for (let bit = 0; bit < r.by.length; bit++) if ((reads & (1 << bit)) !== 0) r.by[bit].add(att.id);
}

function unfileReader(r: HostReaders, id: string): void {
  r.pos.delete(id);
  for (let bit = 0; bit < r.by.length; bit++) r.by[bit].delete(id);
}

/** Board.readersOf's kept answer against a fresh walk (READERS.check). */
function checkReaders(kept: HostReaders, fresh: HostReaders): void {
  for (let bit = 0; bit < kept.by.length; bit++) {
    const a = [...kept.by[bit]].sort();
    const b = [...fresh.by[bit]].sort();
    if (a.join() !== b.join()) throw new Error(`Board.readersOf: the readers of bit ${bit} kept (${a.join()}) are not those of a fresh walk (${b.join()})`);
  }
  const order = [...fresh.pos.keys()];
  const kept2 = order.filter((id) => kept.pos.has(id)).sort((x, y) => kept.pos.get(x)! - kept.pos.get(y)!);
  if (kept2.length !== order.length || kept2.some((id, i) => id !== order[i])) throw new Error('Board.readersOf: the order kept is not the order attached');
}

/**
 * What an attachment's filters read of its host (READS_*): its enchant filters, printed or gained, and
 * its `can be attached only to`, whether or not it has lost them now (what it reads once it has them
 * again is filed already). A card type, `permanent`, `token`, a player's words read what every
 * attachment reads (its types, its zone): a change of those judges everything (hostReads).
 */
export function readsOf(att: CardObj): number {
  let reads = 0;
  const e = att.enchant;
  for (let i = 0; i < e.length; i++) reads |= filterReads(e[i]);
  if (att.attachOnly !== undefined) reads |= filterReads(att.attachOnly);
  return reads;
}

/** The words of a filter that read no subtype, supertype or color of the host (its types, its zone, who it is). */
const TYPE_WORDS: ReadonlySet<string> = new Set([...MTG_CARD_TYPES, 'permanent', 'card', 'object', 'player', 'opponent', 'token']);

const readsByFilter = new WeakMap<Filter, number>();

/** What filter `f` reads of a host: a color (or `colorless`), a supertype, a subtype (any other word, to be safe). */
function filterReads(f: Filter): number {
  let reads = readsByFilter.get(f);
  if (reads !== undefined) return reads;
  reads = 0;
  for (const alt of f.alternatives) {
    for (const t of alt) {
      const w = t.word;
      if (TYPE_WORDS.has(w)) continue;
      reads |= w === 'colorless' || colorBit(w) !== 0 ? READS_COLORS : MTG_SUPERTYPES.includes(w) ? READS_SUPERTYPES : READS_SUBTYPES;
    }
  }
  readsByFilter.set(f, reads);
  return reads;
}

/** `c`'s kinds are made again from its characteristics (kindsOf), after a change to them. */
export function setKinds(c: CardObj): void {
  c.kinds = kindsOf(c);
  if (c.attachedTo !== null) attachedKindsClock++;
}

/**
 * The lists of protections (and of their keeps) an event made (rules/mtg/effects.ts, changeProtections), by
 * the token of the board that made them (Board.ownToken). A gain adds to them in place while the object
 * has them, the board's token is that one (a copy of the board gives it another) and nothing else holds
 * them: what keeps a snapshot for later (heldSnapshotOf) or takes one (takeCharacteristics) shares them
 * (shareLists), and the next gain copies them once. A snapshot taken just before a change (beforeChange)
 * knows how long the list was (protectionsBefore).
 */
const ownLists = new WeakMap<object, object>();

/** `protections` and `keeps`, just made by `board` for an object, are the board's to add to in place (ownLists). */
export function ownNewLists(board: Board, protections: readonly string[], keeps: readonly unknown[]): void {
  // An empty list stays shared (shareLists doesn't look at one): the next gain makes a list of one.
  if (protections.length === 0) return;
  ownLists.set(protections, board.ownToken);
  ownLists.set(keeps, board.ownToken);
}

/** May `board` add to `x`'s lists of protections in place (ownLists)? */
export function ownsLists(board: Board, x: CardObj | PlayerObj): boolean {
  const token = board.ownToken;
  return ownLists.get(x.protections) === token && x.protectionKeeps !== undefined && ownLists.get(x.protectionKeeps) === token;
}

/** `x`'s lists of protections are held by something else from now on: no gain adds to them in place (ownLists). */
export function shareLists(x: { readonly protections: readonly string[]; readonly protectionKeeps?: readonly unknown[] }): void {
  // An empty list is never the board's (ownNewLists): most objects have none, and this runs at every takeCharacteristics.
  if (x.protections.length === 0) return;
  ownLists.delete(x.protections);
  if (x.protectionKeeps !== undefined) ownLists.delete(x.protectionKeeps);
}

/** The card's characteristics become `p`'s (the sets and lists shared: they are copy on write), with their kinds. */
export function takeCharacteristics(card: CardObj, p: Characteristics): void {
  if (card.attachedTo !== null) attachedKindsClock++;
  // Whoever gave `p` holds its lists too (ownLists).
  shareLists(p);
  card.supertypes = p.supertypes;
  card.types = p.types;
  card.subtypes = p.subtypes;
  card.colors = p.colors;
  card.protections = p.protections;
  card.protectionKeeps = p.protectionKeeps;
  card.lost = p.lost;
  card.targeting = p.targeting;
  card.enchant = p.enchant;
  card.equipQuality = p.equipQuality;
  card.equipPlaneswalker = p.equipPlaneswalker;
  card.creatureAt = p.creatureAt;
  card.hasEquip = p.hasEquip;
  card.reconfigure = p.reconfigure;
  card.bestow = p.bestow;
  card.cant = p.cant;
  card.might = p.might;
  card.mightBonus = p.mightBonus;
  card.toughness = p.toughness;
  card.toughnessBonus = p.toughnessBonus;
  card.power = p.power;
  card.powerBonus = p.powerBonus;
  card.honePower = p.honePower;
  card.keywords = p.keywords;
  card.keywordValues = p.keywordValues;
  card.grants = p.grants;
  card.choosesColor = p.choosesColor;
  card.choosesColorEntering = p.choosesColorEntering;
  card.abilityLog = p.abilityLog;
  card.kinds = p.kinds;
}

/**
 * The card's printed characteristics are complete (its declaration built them): their kinds are
 * made, once, and the card takes them. `kinds`: their kinds, when the declaration added them up as
 * it built the sets (kindsOf's bits, word by word).
 */
export function takePrinted(card: CardObj, kinds = kindsOf(card.printed)): void {
  card.printed.kinds = kinds;
  takeCharacteristics(card, card.printed);
}

/** Card `k` of the merged permanent `id`, the top one first (mergedCards' order, without making the list). */
export function mergedCardAt(id: string, m: Extract<Merge, { kind: 'permanent' }>, k: number): string {
  return k < m.over.length ? m.over[m.over.length - 1 - k] : k === m.over.length ? id : m.under[k - m.over.length - 1];
}

/**
 * The cards of the merged permanent `id` for a message, the top one first: a long list shortened
 * (namesList), so that a note made at each merge of a permanent of thousands of cards stays short.
 */
export function mergedCardsText(id: string, m: Extract<Merge, { kind: 'permanent' }>): string | Message {
  return namesList(m.over.length + 1 + m.under.length, (k) => mergedCardAt(id, m, k));
}

/**
 * What is attached to a card or player, for a message, in the order attached: the first eight names,
 * then `… N more …` (read off the set: a note at each phasing of a host of thousands, or a failed
 * `expect no attachments on H` on each of thousands of lines, stays short and costs the same).
 */
export function attachedNames(x: { readonly attachments: ReadonlySet<string> }, shown = 8): string | Message {
  let names = '';
  let n = 0;
  for (const id of x.attachments) {
    if (n === shown) break;
    names += (n++ === 0 ? '' : ', ') + id;
  }
  return x.attachments.size <= shown ? names : msg`${names}, ${msg`… ${x.attachments.size - shown} more …`}`;
}

/** The cards of a merged permanent whose own card is `id`, the top one first (MTG 730.2). */
export function mergedCards(id: string, m: Extract<Merge, { kind: 'permanent' }>): string[] {
  const out: string[] = [];
  for (let i = m.over.length - 1; i >= 0; i--) out.push(m.over[i]);
  out.push(id);
  for (const u of m.under) out.push(u);
  return out;
}

export function zoneLabel(c: CardObj): string {
  return c.zone === 'battlefield' && c.place ? `battlefield:${c.place}` : c.zone;
}

const lists = new WeakMap<ReadonlySet<string>, string[]>();

/**
 * A characteristic set as a list, made once per set: the sets never change (copy on write), so
 * every view of them shares one list (views are read, never changed).
 */
function listOf<T extends string>(set: ReadonlySet<T>): string[] {
  let l = lists.get(set);
  if (!l) lists.set(set, (l = [...set]));
  return l;
}

/** Does `c` carry a toughness or Might bonus for what it is attached to? */
export function hasBoost(c: CardObj): boolean {
  return c.toughnessBonus !== undefined || c.mightBonus !== undefined;
}

/** What an attached `c` adds to its host now: nothing while phased out (702.26b) or without its abilities (113.10, 613.1f). */
function boostOf(c: CardObj): number {
  if (c.phasedOut !== 'no' || c.lost.has('all') || c.granted?.lostAll !== undefined) return 0;
  return (c.toughnessBonus ?? 0) + (c.mightBonus ?? 0);
}

/** What its counters add to its toughness (MTG 122.1a) or Might (a Riftbound buff, 703). */
export function counterBonus(c: CardObj): number {
  return c.plusCounters - c.minusCounters;
}

/**
 * MTG: does a filter that says what `c` may be attached to read its host's toughness (its enchant
 * abilities, `can be attached only to`: `with toughness 4 or greater`)? The state-based actions judge
 * those again (704.5m, 704.5n). Indexed loop: it runs for each attachment of a dirty host with a stated
 * toughness, on a board with such a filter.
 */
export function readsHostToughness(c: CardObj): boolean {
  if (c.attachOnly?.toughness !== undefined) return true;
  const fs = c.enchant;
  for (let i = 0; i < fs.length; i++) if (fs[i].toughness !== undefined) return true;
  return false;
}

/** MTG: its toughness with what its attachments (613.4c), the static effects on every creature a filter describes (613.4c) and its counters (122.1a) add, or undefined when it has none stated. */
export function effectiveToughness(c: CardObj): number | undefined {
  return c.toughness === undefined ? undefined : c.toughness + c.boost + anthemOf(c) + c.plusCounters - c.minusCounters;
}

/**
 * MTG: its power now (208.1, 613.4), or undefined when the scenario states none: layer 7c (613.4c) only, the
 * one sublayer a scenario can write (no characteristic-defining ability, 7a; no effect that sets, 7b, or
 * switches, 7d): the printed power, with what its attachments add while they count for it (the same
 * conditions as for toughness: attached, phased in, with their abilities; a hone bonus times the hone
 * counters on the attachment), its +1/+1 and -1/-1 counters (122.1a) and the static effects on every
 * creature a filter describes (`Board.anthems.second`: engine/staticShares.ts, with rules/mtg/anthems.ts). Nothing keeps
 * it: worked out when read (`expect X power N`, a hover), linear in the card's attachments and the
 * board's groups of such effects, so a scenario that reads no power pays nothing for it.
 */
export function effectivePower(board: Board, c: CardObj): number | undefined {
  if (c.power === undefined) return undefined;
  let p = c.power + c.plusCounters - c.minusCounters;
  for (const id of c.attachments) {
    const a = board.cards.get(id);
    if (a === undefined || (a.powerBonus === undefined && a.honePower === undefined)) continue;
    if (a.phasedOut !== 'no' || a.lost.has('all') || a.granted?.lostAll !== undefined) continue;
    p += (a.powerBonus ?? 0) + (a.honePower ?? 0) * a.honeCounters;
  }
  if (board.anthems !== undefined) p += board.anthems.second(board, c);
  return p;
}

/**
 * The classes of cards of engine/staticShares.ts (MTG's anthems, Riftbound's static Might effects), by the cards in them (CardObj.anthemClass names
 * the class; a copy of the board sets its own cards'): a class's `share` is what the static effects on every
 * creature a filter describes add to each of its creatures' toughness, kept as the effects change.
 */
export const ANTHEM_CLASSES = new WeakMap<CardObj, { readonly share: number }>();

/** What the static effects on every creature (unit) a filter describes add to `c`'s toughness (MTG 613.4c) or Might (Riftbound 477.3) now, 0 without. */
export function anthemOf(c: CardObj): number {
  return c.anthemClass === undefined ? 0 : (ANTHEM_CLASSES.get(c)?.share ?? 0);
}

/**
 * Riftbound: its Might with the Might Bonuses of what is attached to it (137.3), its buff (703) and the static
 * Might effects of permanents that describe it (477.3: rules/riftbound/staticMight.ts), or undefined when it
 * has none (137.3.b).
 */
export function effectiveMight(c: CardObj): number | undefined {
  // Riftbound's Assault and Shield add while it is an Attacker or a Defender (807.1.c, 814.1.c).
  return c.might === undefined ? undefined : c.might + c.boost + c.plusCounters + anthemOf(c) + (c.combat === undefined ? 0 : combatMight(c));
}

export function cardView(board: Board, c: CardObj): CardView {
  // Its abilities with what its attachments grant it (abilities.ts).
  const have = c.granted ?? c;
  return {
    id: c.id,
    name: c.name,
    owner: c.owner,
    controller: c.controller,
    ...(c.controlVia !== undefined ? { controlVia: c.controlVia } : {}),
    zone: zoneLabel(c),
    base: c.zone === 'base' ? c.place : undefined,
    supertypes: listOf(c.supertypes),
    types: listOf(c.types),
    subtypes: listOf(c.subtypes),
    colors: listOf(c.colors),
    ...(c.choosesColor || c.choosesColorEntering ? { choosesColor: { ...(c.chosenColor !== undefined ? { chosen: c.chosenColor } : {}), ...(c.choosesColorEntering ? { entering: true } : {}) } } : {}),
    ...(have.protections.length ? { protections: have.protections.map((q, i) => q + keepText(have.protectionKeeps[i]) + grantText(c, `protection from ${q}`)) } : {}),
    // A face-down permanent has no text (MTG 708.2a): shown as face down, with its face-up card's name for its controller (708.5), not as abilities lost.
    ...(c.faceDown !== undefined ? { faceDown: { how: c.faceDown.how, name: c.faceDown.up.name } } : c.lost.size ? { lost: listOf(c.lost) } : {}),
    attachedTo: c.attachedTo ? c.attachedTo.id : null,
    attachments: [...c.attachments],
    timestamp: c.timestamp,
    phasedOut: c.phasedOut !== 'no',
    ...(c.temporary ? { temporary: true as const } : {}),
    // A double-faced card: which face is up (MTG 712.8d, 712.8e).
    ...(c.backFace !== undefined ? { face: c.transformed ? ('back' as const) : ('front' as const) } : {}),
    // A merged permanent: its cards, the top one first (MTG 730.2).
    ...(c.merge?.kind === 'permanent' ? { merged: mergedCards(c.id, c.merge) } : {}),
    // A copy (MTG 707.2; Riftbound 477.1.b): what it copies.
    ...(c.copyOf !== undefined ? { copyOf: c.copyOf } : {}),
    might: c.might,
    effectiveMight: effectiveMight(c),
    ...(c.toughness !== undefined ? { toughness: c.toughness, effectiveToughness: effectiveToughness(c) } : {}),
    ...(c.power !== undefined ? { power: c.power, effectivePower: effectivePower(board, c) } : {}),
    ...(c.damage !== 0 ? { damage: c.damage } : {}),
    ...(c.plusCounters !== 0 || c.minusCounters !== 0 || c.shieldCounters !== 0 || c.honeCounters !== 0 ? { counters: countersView(board, c) } : {}),
    exhausted: board.game === 'riftbound' ? c.exhausted : undefined,
    ...(c.stunned ? { stunned: true as const } : {}),
    ...(c.empowered ? { empowered: true as const } : {}),
    tapped: board.game === 'mtg' && c.exhausted ? true : undefined,
    ...(c.triggers !== 0 ? { triggers: { phrases: triggerPhrases(c), count: triggerCount(c, undefined, undefined) } } : {}),
    ...(have.targeting.length || have.keywords.length ? { keywords: [...have.keywords.map((k) => (board.game === 'riftbound' ? valuedText(c, k) : k) + grantText(c, k)), ...have.targeting.map((k) => keywordLabel(k) + grantText(c, keywordLabel(k)))] } : {}),
    // Its part in the combat going on (MTG 508.1, 509.1; Riftbound's Attacker and Defender, 464.2.c).
    ...(c.combat !== undefined
      ? { combat: { role: c.combat.role, ...(c.combat.blocks !== undefined ? { blocks: c.combat.blocks } : {}), ...(c.combat.blockers ? { blocked: true as const } : {}) } }
      : {}),
  };
}

/** Its counters as the board view lists them: `+1/+1: 2`, `-1/-1: 1`; Riftbound `buff: 1`. */
function countersView(board: Board, c: CardObj): Record<string, number> {
  const v: Record<string, number> = {};
  if (c.plusCounters !== 0) v[board.game === 'riftbound' ? 'buff' : '+1/+1'] = c.plusCounters;
  if (c.minusCounters !== 0) v['-1/-1'] = c.minusCounters;
  if (c.shieldCounters !== 0) v.shield = c.shieldCounters;
  if (c.honeCounters !== 0) v.hone = c.honeCounters;
  return v;
}

/** ` (from X)` after an ability the attachment X grants (613.1f; Riftbound 718.3), as the board view shows it. */
/** Riftbound: a keyword that takes a value as the board view shows it, with its value when that is not 1 (`Shield 3`: 807.2, 814.2). */
function valuedText(c: CardObj, k: string): string {
  if (!VALUED_KEYWORDS.includes(k)) return k;
  const v = keywordValue(c, k);
  return v === 1 ? k : `${k} ${v}`;
}

function grantText(c: CardObj, label: string): string {
  const by = c.granted?.from?.[label];
  return by ? ` (from ${by})` : '';
}

/** What a protection doesn't remove, as the board view shows it. */
function keepText(k: ProtectionKeep | undefined): string {
  if (!k) return '';
  if (k.auras) return ' (not removing Auras)';
  return k.rule === '702.16n' ? ` (not removing ${k.objects.map((o) => o.id).join(', ')})` : ' (not removing what was attached)';
}

/**
 * Deep equality of board data: numbers, strings, sets, arrays and plain records compared by value
 * (a property set to undefined is one that is not there); anything else (declarations, filters,
 * functions: shared, never copied) by identity. The server compares the boards and the options of
 * the pictures it draws with it too.
 */
export function sameValue(a: unknown, b: unknown, move?: (line: number) => number, stamp?: (timestamp: number) => number): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (a instanceof Set) {
    if (!(b instanceof Set) || a.size !== b.size) return false;
    for (const x of a) if (!b.has(x)) return false;
    return true;
  }
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameValue(a[i], b[i], move, stamp)) return false;
    return true;
  }
  if (Object.getPrototypeOf(a) !== Object.prototype || Object.getPrototypeOf(b) !== Object.prototype) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  // Plain records (nothing enumerable inherited): for-in makes no array of keys.
  let n = 0;
  for (const k in x) {
    const v = x[k];
    if (v === undefined) continue;
    n++;
    // With `move`, b's positions are those of an earlier text: each line is compared as it is now.
    if (move && k === 'line' && typeof v === 'number') {
      const w = y[k];
      if (typeof w !== 'number' || v !== move(w)) return false;
    } else if (stamp && k === 'timestamp' && typeof v === 'number') {
      // With `stamp`, b's timestamps are those of an earlier text's replay: each as it is now.
      const w = y[k];
      if (typeof w !== 'number' || v !== stamp(w)) return false;
    } else if (!sameValue(v, y[k], move, stamp)) return false;
  }
  for (const k in y) if (y[k] !== undefined) n--;
  return n === 0;
}

/**
 * Lines of an earlier text as lines of the new one: an edit added or removed `delta` lines
 * before `from` (a line of the earlier text whose start, and all after it, both texts share), so
 * the lines from `from` on are `delta` further down; those before stay.
 */
export interface LineMove {
  readonly from: number;
  readonly delta: number;
  /** The timestamps the edit shifted, when it did (a line that gives one more, or one less). */
  readonly stamps?: StampShift;
}

/**
 * Timestamps of an earlier text's replay as timestamps of the new one: those given after `after`
 * (the last one before the edit) are `delta` higher; those before stay. Order is kept (`delta` is
 * never below 0), and the rules only ever compare timestamps.
 */
export interface StampShift {
  readonly after: number;
  readonly delta: number;
}

/** An edit that moved no lines but shifted the timestamps after it (a line that became an attach). */
export function stampsOnly(stamps: StampShift): LineMove {
  return { from: Infinity, delta: 0, stamps };
}

export function movedStamp(timestamp: number, s: StampShift): number {
  return timestamp > s.after ? timestamp + s.delta : timestamp;
}

/** An ability log with its timestamps (and those its protections' keeps hold) moved. */
function movedLog(log: readonly AbilityChange[], s: StampShift): AbilityChange[] {
  return log.map((ch) => (ch.keep ? { ...ch, timestamp: movedStamp(ch.timestamp, s), keep: movedKeeps([ch.keep], s)[0] } : { ...ch, timestamp: movedStamp(ch.timestamp, s) }));
}

/** A card's own keyword values with the places in time of its events' instances and losses moved. */
function movedValues(values: Readonly<Record<string, OwnValues>>, s: StampShift): Record<string, OwnValues> {
  const out: Record<string, OwnValues> = {};
  for (const k in values) {
    const v = values[k];
    const ats = v.ats.slice(0, v.count).map((at) => (at < 0 ? at : movedStamp(at, s)));
    out[k] = { ats, sums: v.sums.slice(0, v.count), count: v.count, lostAt: v.lostAt < 0 ? v.lostAt : movedStamp(v.lostAt, s) };
  }
  return out;
}

function movedKeeps(keeps: readonly (ProtectionKeep | undefined)[], s: StampShift): (ProtectionKeep | undefined)[] {
  return keeps.map((k) => (k && k.objects.some((o) => o.timestamp !== undefined) ? { ...k, objects: k.objects.map((o) => (o.timestamp === undefined ? o : { ...o, timestamp: movedStamp(o.timestamp, s) })) } : k));
}

export function movedLine(line: number, move: LineMove): number {
  return line >= move.from ? line + move.delta : line;
}

function movedRange(r: Range, move: LineMove): Range {
  return { start: { line: movedLine(r.start.line, move), character: r.start.character }, end: { line: movedLine(r.end.line, move), character: r.end.character } };
}

/**
 * The board each watcher is on (Board.watchSiblings, Board.clone): only those, so that the table
 * stays small (a weak table of every card object costs the garbage collector more than the checks).
 */
const boards = new WeakMap<CardObj, Board>();

/**
 * The board a watcher (a card whose filter reads what else is attached where it is) is on: what the
 * rule reads the other cards attached to a host from (attachments are held by name). Undefined for
 * any other card.
 */
export function boardAround(card: CardObj): Board | undefined {
  return boards.get(card);
}
const NO_IDS: ReadonlySet<string> = new Set();

/**
 * What declaredWith finds in a scenario without such declarations: a plain empty list, not the frozen
 * NO_ITEMS, over which the rules' for-of loops took the engine's slow path (an iterator result object
 * for each loop: 0.44 MB of the sampled allocation of a 100k-event check, in sorceryTiming alone).
 */
const NO_CARDS: readonly CardObj[] = [];

/** What fieldedControllers gives without a static declared. */
const NO_PLAYERS: readonly (string | undefined)[] = [];

/**
 * A rule's grouping of the cards with a static ability it reads from the permanents (MTG: the
 * permissions to cast spells as though they had flash, by the words of their filter): the groups of a
 * card, none for a card without it. A function of the rule's module, the same on every call (it keys
 * the lists: Board.firstGrouped), whose answer for a card its declaration fixes.
 */
export type Grouping<V> = (c: CardObj) => readonly Grouped<V>[];

/** A group of a Grouping: its key, and the value the rule judges it by, the same for every card of the group. */
export interface Grouped<V> {
  readonly key: string;
  readonly value: V;
}

/** The cards of a group on the battlefield under one player (Board.grouped): its value, and their indices, in the order declared. */
interface FieldedGroup {
  readonly value: unknown;
  readonly list: number[];
}

/** Files `index` in `list`, in the order declared, once: a card comes back to a list it is still in (it was not looked at since it left). */
function fileInOrder(list: number[], index: number): void {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid] < index) lo = mid + 1;
    else hi = mid;
  }
  if (list[lo] !== index) list.splice(lo, 0, index);
}

/** fieldedUnder's `accept`: takes every card, into `out`. */
function collect(c: CardObj, out: CardObj[]): boolean {
  out.push(c);
  return false;
}

/**
 * The cards whose declarations have a property `has` picks: the static abilities a rule looks for
 * (casting rules, a replacement, a timing permission). `has` is a function of the rule's module, the
 * same on every call (it keys the list), and the property it picks one that the game's declaration
 * marks (staticsDeclared). Found once per board, on first use after the declarations
 * (they never change during a replay; a copy of the board finds its own): a rule then looks at these
 * alone, not at every card, and without any such card pays one lookup.
 */
export function declaredWith(board: Board, has: (p: Property) => boolean): readonly CardObj[] {
  // A scenario without such a declaration (most: Board.staticsDeclared) makes no list and reads no card.
  if (!board.staticsDeclared) return NO_CARDS;
  const lists = (board.declared ??= new Map());
  let list = lists.get(has);
  if (!list) {
    list = [];
    for (const c of board.cards.values()) if (c.decl.props.some(has)) list.push(c);
    lists.set(has, list);
  }
  return list;
}
