// Abilities that attachments give to what they are attached to ("equipped creature has protection from
// red", "enchanted creature loses flying"), and the abilities a card has with them: MTG's
// ability-adding and -removing layer (613.1f), in timestamp order (613.7a, 613.7e); Riftbound appends
// an attached card's text to its unit's (718.3, 719.1), which only adds, so any order gives the same.
//
// A host's abilities with its attachments' grants are worked out again each time something they
// depend on changes (an attach or unattach, an ability gained or lost, a phasing), never as they are
// read: the rules read them at every check (`abilitiesOf`), and most hosts have no grant at all. The
// fold itself, kept up to date grantor by grantor, is grantFold.ts.
import { ownValueTotal } from './ownValues';
import type { AbilityNode, GrantNode, TargetingKeywordNode } from '../parser/ast';
import type { Board, CardObj, PlayerObj, ProtectionKeep } from './board';
import type { Replay } from './replay';
import type { Range } from '../types';
import { CHOSEN_COLOR, isNamedAbility, MTG_COMBAT_RESTRICTIONS, MTG_KEYWORDS, RIFTBOUND_KEYWORDS } from '../parser/keywords';
import { type TypeChange, typeChangeOf } from './typeChange';
import { msg } from '../message';

/** An MTG targeting keyword: hexproof (702.11, `quality` for hexproof from), shroud (702.18), ward (702.21, its `cost` as written). */
export interface TargetingKeyword {
  name: 'hexproof' | 'shroud' | 'ward';
  quality?: string;
  cost?: string;
}

/**
 * Is `k` in `list` already (the same keyword, quality and cost)? A long list (past LONG_LIST) is looked up
 * through a set of its keys made at its first question and added to as the list is (addTargetingKey):
 * a host given thousands of wards, each of another cost, one attach at a time.
 */
export function hasTargetingKeyword(list: readonly TargetingKeyword[], k: TargetingKeyword): boolean {
  if (list.length <= LONG_LIST.length) {
    TARGETING.looked += list.length;
    return list.some((t) => t.name === k.name && t.quality === k.quality && t.cost === k.cost);
  }
  let keys = targetingKeys.get(list);
  if (keys === undefined) {
    TARGETING.looked += list.length;
    keys = new Set();
    for (const t of list) keys.add(targetingKey(t));
    targetingKeys.set(list, keys);
  }
  return keys.has(targetingKey(k));
}

/** `k` was pushed onto `list`: its set of keys, if made, has it too (hasTargetingKeyword). */
export function addTargetingKey(list: readonly TargetingKeyword[], k: TargetingKeyword): void {
  targetingKeys.get(list)?.add(targetingKey(k));
}

const targetingKeys = new WeakMap<readonly TargetingKeyword[], Set<string>>();

/** For the tests: how many keywords hasTargetingKeyword looked at, one by one or to make a set. */
export const TARGETING = { looked: 0 };

function targetingKey(k: TargetingKeyword): string {
  return `${k.name}\u0000${k.quality ?? ''}\u0000${k.cost ?? ''}`;
}

/** The keyword a declaration or event writes. */
export function targetingKeywordOf(node: TargetingKeywordNode): TargetingKeyword {
  const k: TargetingKeyword = { name: node.name };
  if (node.quality) k.quality = node.quality.text;
  if (node.cost) k.cost = node.cost.text;
  return k;
}

/** How a targeting keyword reads: `hexproof`, `hexproof from black`, `shroud`, `ward 2`. */
export function keywordLabel(k: TargetingKeyword): string {
  return k.name + (k.quality !== undefined ? ` from ${k.quality}` : '') + (k.cost !== undefined ? ` ${k.cost}` : '');
}

/**
 * Does `pattern`, as a loss or an assertion names a targeting keyword, cover `k`? `hexproof` covers
 * every `hexproof from` (702.11e), `ward` without a cost every ward.
 */
export function keywordCovers(pattern: TargetingKeyword, k: TargetingKeyword): boolean {
  return k.name === pattern.name && (pattern.quality === undefined || k.quality === pattern.quality) && (pattern.cost === undefined || k.cost === pattern.cost);
}

export { CHOSEN_COLOR };

/** An ability a grant gives or takes. `grant` (MTG 613.7a): the ability to grant, given by an Aura to the permanent it enchants. */
export type Ability =
  /** `value`: Riftbound `equipped unit has Shield 2` (807.1.b, 814.1.b); 1 when not written. */
  | { readonly kind: 'keyword'; readonly name: string; readonly value?: number }
  | { readonly kind: 'protection'; readonly quality: string; readonly keep?: GrantKeep }
  | { readonly kind: 'targeting'; readonly keyword: TargetingKeyword }
  | { readonly kind: 'grant'; readonly grant: Grant }
  /** `can't be enchanted [by other Auras]` (Consecrate Land): not an ability of the permanent, a restriction its attachment puts on it. */
  | { readonly kind: 'cant'; readonly what: 'enchanted' | 'equipped' | 'fortified'; readonly other: boolean }
  /** `you control enchanted creature` (Control Magic): the attachment's controller controls the permanent, MTG's layer 2 (613.1b; control.ts). */
  | { readonly kind: 'control' }
  /** `enchanted creature loses all abilities` (Frogify, 113.10): every ability, in its place among the grants and events (613.1f). */
  | { readonly kind: 'all' }
  /** `enchanted permanent is a colorless Forest land` (Song of the Dryads): a type-changing effect, MTG's layer 4 (613.1d; typeChange.ts). */
  | { readonly kind: 'types'; readonly change: TypeChange };

/**
 * What a protection an Aura grants doesn't remove (MTG 702.16n: that Aura, named, or every Aura;
 * 702.16p: what was attached to the creature as the protection began, the Aura included).
 */
export type GrantKeep = { readonly what: 'auras' } | { readonly what: 'card'; readonly id: string } | { readonly what: 'attached' };

/** A static ability of an attachment that changes what it is attached to: `equipped creature has flying`. */
export interface Grant {
  /** The attached object as written (`equipped creature`, `enchanted permanent`, `equipped unit`). */
  readonly who: string;
  readonly verb: 'has' | 'loses';
  readonly abilities: readonly Ability[];
  /**
   * One of its abilities is a protection from the color chosen as the attachment became attached (MTG
   * Sanctuary Blade: `protection from the chosen color`, CHOSEN_COLOR; 607.2d): what it gives is
   * read through grantsOf, with the card's choice.
   */
  readonly chosen?: true;
}


/**
 * What `a`'s grants give now: its grants as written, with a protection from the chosen color read as the
 * color chosen as it last became attached (CardObj.chosenColor; none: no protection). Most cards have no
 * such grant and their list is given back as it is; the others' lists are made once per list and color.
 * Every reader of what an attachment grants (the fold, legality, combat) reads it through here, so the
 * grantor filed under its host carries the choice made as it became attached (Board.link).
 */
export function grantsOf(a: CardObj): readonly Grant[] {
  const gs = a.grants;
  for (let i = 0; i < gs.length; i++) if (gs[i].chosen) return withChoice(gs, a.chosenColor);
  return gs;
}

const chosenLists = new WeakMap<readonly Grant[], Map<string, readonly Grant[]>>();

function withChoice(gs: readonly Grant[], color: string | undefined): readonly Grant[] {
  let byColor = chosenLists.get(gs);
  if (byColor === undefined) chosenLists.set(gs, (byColor = new Map()));
  const key = color ?? '';
  let out = byColor.get(key);
  if (out === undefined) {
    const made: Grant[] = [];
    for (const g of gs) {
      if (!g.chosen) {
        made.push(g);
        continue;
      }
      const abilities: Ability[] = [];
      for (const x of g.abilities) {
        if (x.kind !== 'protection' || x.quality !== CHOSEN_COLOR) abilities.push(x);
        else if (color !== undefined) abilities.push(x.keep ? { kind: 'protection', quality: color, keep: x.keep } : { kind: 'protection', quality: color });
      }
      if (abilities.length !== 0) made.push({ who: g.who, verb: g.verb, abilities });
    }
    byColor.set(key, (out = made));
  }
  return out;
}

/** An ability an event gave a card or took from it, with the event's timestamp (for the order against grants, 613.7a). */
export interface AbilityChange {
  readonly timestamp: number;
  readonly verb: 'gains' | 'loses';
  /** 'all': `loses X all abilities` (113.10); 'protection': `loses X protection`, every one. */
  readonly ability: Ability | 'all' | 'protection';
  /** What a protection the event gave spares (`gains X protection from Q, not removing ...`: 702.16n/p). */
  readonly keep?: ProtectionKeep;
}

/** A card's abilities with its attachments' grants applied (the fields the rules read, as on the card). */
export interface Granted {
  readonly protections: readonly string[];
  readonly protectionKeeps: readonly (ProtectionKeep | undefined)[];
  readonly targeting: readonly TargetingKeyword[];
  readonly keywords: readonly string[];
  /** What its attachments say can't be attached to it (`except`: the attachment that said "other"). */
  readonly cant?: readonly CantEntry[];
  /** The attachment each ability it has from a grant came from, by label (abilityLabel): for the messages. */
  readonly from?: Readonly<Record<string, string>>;
  /**
   * An effect on it says it loses all abilities (an attachment's `enchanted creature loses all
   * abilities`, or an event's): its printed abilities that are not keywords (enchant, equip,
   * reconfigure, its own attach restriction) are gone too (113.10, 613.1f). The attachment that says so.
   */
  readonly lostAll?: string;
  /**
   * Riftbound: the value of each keyword that takes one it has (Assault, Shield, Deflect), the values of its
   * instances summed: its own, its events', each gear's grant (807.2, 814.2, 809.2).
   */
  readonly values?: Readonly<Record<string, number>>;
}

/** The abilities the rules read for a host: its own, or with its attachments' grants when it has any. */
export function abilitiesOf(h: CardObj | PlayerObj): Granted | CardObj | PlayerObj {
  return h.granted ?? h;
}

/** An ability as written, as the engine holds it. */
export function abilityOf(node: AbilityNode): Ability {
  switch (node.kind) {
    case 'keyword':
      return node.value ? { kind: 'keyword', name: node.name.text, value: node.value.value } : { kind: 'keyword', name: node.name.text };
    case 'protection':
      return { kind: 'protection', quality: node.quality.text };
    case 'targeting':
      return { kind: 'targeting', keyword: targetingKeywordOf(node.keyword) };
    case 'grant':
      return { kind: 'grant', grant: grantOf(node.grant) };
    case 'cant':
      return { kind: 'cant', what: node.what, other: node.other };
    case 'control':
      return { kind: 'control' };
    case 'all':
      return { kind: 'all' };
    case 'types':
      return { kind: 'types', change: typeChangeOf(node) };
  }
}

/** A grant as written, as the engine holds it. */
export function grantOf(node: GrantNode): Grant {
  return { who: node.who.text, verb: node.verb, abilities: node.abilities.map(abilityOf) };
}

/** A card's abilities (with its attachments' grants), or a player's, as a scenario writes them, for views and messages. */
export function abilityLabels(c: CardObj | PlayerObj): string[] {
  const have = abilitiesOf(c);
  const keywords = 'keywords' in have ? have.keywords : [];
  return [...keywords, ...have.protections.map((q) => `protection from ${q}`), ...have.targeting.map((k) => abilityLabel({ kind: 'targeting', keyword: k }))];
}

/** Does `a`, as an attachment, grant anything (its own grants, or one an Aura on it gave it)? */
export function grantsAnything(a: CardObj): boolean {
  return a.grants.length > 0 || a.grantors.size > 0;
}

/** How a keyword ability reads: `flying`, `protection from red`, `hexproof from black`, `ward 2`. */
export function abilityLabel(a: Ability): string {
  switch (a.kind) {
    case 'keyword':
      return a.name;
    case 'protection':
      return `protection from ${a.quality}`;
    case 'targeting':
      return keywordLabel(a.keyword);
    case 'grant':
      return `"${grantLabel(a.grant)}"`;
    case 'cant':
      return `can't be ${a.what}${a.other ? ` by other ${a.what === 'enchanted' ? 'Auras' : a.what === 'equipped' ? 'Equipment' : 'Fortifications'}` : ''}`;
    case 'control':
      return 'control';
    case 'all':
      return 'all abilities';
    case 'types':
      return a.change.text;
  }
}

/** An ability as a scenario writes it: abilityLabel's words, with a keyword's value when one is written (Riftbound `Shield 2`). */
export function writtenLabel(a: Ability): string {
  return a.kind === 'keyword' && a.value !== undefined ? `${a.name} ${a.value}` : abilityLabel(a);
}

/** How a grant reads: `equipped creature has protection from red and protection from blue`. */
export function grantLabel(g: Grant): string {
  if (g.abilities.length === 1 && (g.abilities[0].kind === 'cant' || g.abilities[0].kind === 'types')) return `${g.who} ${abilityLabel(g.abilities[0])}`;
  if (g.abilities.length === 1 && g.abilities[0].kind === 'control') return `you control ${g.who}`;
  return `${g.who} ${g.verb} ${g.abilities.map(writtenLabel).join(' and ')}`;
}

/** The attachment that gives `h` this ability (with abilityLabel's words), if one does: for the messages. */
export function grantedBy(h: CardObj | PlayerObj, label: string): string | undefined {
  return h.granted?.from?.[label];
}

/**
 * Riftbound: the value of a keyword that takes one (VALUED_KEYWORDS) that `c` has now, the values of its
 * instances summed (807.2, 814.2, 809.2): `Assault` alone is 1 (807.1.b.3). 0 when it doesn't have it.
 */
export function keywordValue(c: CardObj, name: string): number {
  if (!hasAbility(c, { kind: 'keyword', name })) return 0;
  if (c.granted) return c.granted.values?.[name] ?? 1;
  const own = c.keywordValues?.[name];
  return (own ? ownValueTotal(own) : 0) || 1;
}

/** Does `card` have this ability now (with its attachments' grants)? */
export function hasAbility(card: CardObj | PlayerObj, a: Ability): boolean {
  const have = abilitiesOf(card);
  switch (a.kind) {
    case 'keyword':
      return 'keywords' in have && have.keywords.includes(a.name);
    case 'protection':
      return have.protections.includes(a.quality);
    case 'targeting':
      return have.targeting.some((k) => keywordCovers(a.keyword, k));
    case 'grant':
    case 'cant':
    case 'control':
    case 'all':
    case 'types':
      return false;
  }
}

/**
 * The ability a loss is about, as GrantIndex.granting files it: a keyword by name, a protection by
 * quality, a targeting keyword by name only (a loss of hexproof covers each "hexproof from"); undefined
 * for what no loss event names.
 */
export function regainKey(a: Ability): string | undefined {
  // A keyword's and a protection's keys are the log's (changeKey); a targeting keyword's is coarser.
  if (a.kind === 'targeting') return `t ${a.keyword.name}`;
  return a.kind === 'keyword' || a.kind === 'protection' ? changeKey(a) : undefined;
}

/**
 * An ability `card` doesn't have now, that something older than the present may give it again once
 * what takes it away goes (613.1f, 613.7): its own (printed, or an earlier event's), which a grant takes
 * away now, or an attachment on it whose grant gives the ability (or, from an Aura on the attachment,
 * a grant of it, 613.7a) but doesn't now (a newer loss, phased out, its abilities lost), unless an
 * event's loss of it (which lasts) is newer than that grant. An effect that takes such an ability away
 * is no line that does nothing: it applies in its place in time once that source is back (613.9's
 * example: the later of "has flying" and "loses flying" wins, with a duration or not). `own`: the
 * card's own abilities (after the events' changes) have it; `matches` says which abilities are the one
 * lost (hexproof covers each "hexproof from"), `key` its regainKey; `covers`, which keys of an event's
 * loss take it too (`all`, every protection).
 */
export function mayRegain(board: Board, card: CardObj, own: boolean, key: string, matches: (a: Ability) => boolean, covers: (a: AbilityChange['ability']) => boolean): boolean {
  if (own) return true;
  // The last lasting loss an event made of it: a grant older than that never shows again. (The log
  // keeps one change of each ability: logAbilityChange drops those a newer one supersedes.)
  let lostAt = -Infinity;
  for (const ch of card.abilityLog) if (ch.verb === 'loses' && (ch.ability === 'all' || covers(ch.ability)) && ch.timestamp > lostAt) lostAt = ch.timestamp;
  // No grantor newer than that gives it (GrantIndex.granting): nothing to look through, however many
  // there are (a creature with thousands of Auras, a loss written again and again).
  const newest = board.newestGranting(card, key);
  if (newest !== undefined && newest <= lostAt) return false;
  const gives = (g: Grant, nested: boolean): boolean =>
    g.verb === 'has' && g.abilities.some((a) => (a.kind === 'grant' ? nested && gives(a.grant, false) : !nested && matches(a)));
  // Only its grantors (grantsAnything) can give it anything: not its other attachments.
  for (const id of card.grantors) {
    const att = board.cards.get(id);
    if (!att) continue;
    if (att.timestamp > lostAt && grantsOf(att).some((g) => gives(g, false))) return true;
    // An Aura on the attachment that gives it a grant of the ability (Rune of Flight on an Equipment): the later timestamp of the two (613.7a).
    for (const sub of att.grantors) {
      const aura = board.cards.get(sub);
      if (aura && Math.max(aura.timestamp, att.timestamp) > lostAt && grantsOf(aura).some((g) => gives(g, true))) return true;
    }
  }
  return false;
}

/**
 * Does an attachment of `host` say that `att` can't be attached to it (`can't be enchanted by other
 * Auras`)? The attachment that says so (and whether it spares itself), or undefined.
 */
export function cantAttachBy(host: CardObj | PlayerObj, what: 'enchanted' | 'equipped' | 'fortified', att: CardObj): { by: string; other: boolean } | undefined {
  const all = host.granted?.cant;
  if (!all) return undefined;
  // Of a long list, only those of this kind (a host with thousands of Equipment saying it can't be
  // enchanted is asked about each of them at each event: not each time through every entry).
  if (all.length > LONG_LIST.length) {
    // Places at or past the list's end are a longer list's, which shares them (shareCantKinds).
    for (const i of cantOfKind(all, what)) {
      if (i >= all.length) break;
      const c = all[i];
      if (c.except !== att.id) return { by: c.by, other: c.except !== undefined };
    }
    return undefined;
  }
  for (const c of all) if (c.what === what && c.except !== att.id) return { by: c.by, other: c.except !== undefined };
  return undefined;
}

/**
 * A host's list of protections or restrictions longer than this is looked up through an index made
 * beside it (by quality, by kind: a host with thousands of Equipment each giving another one is asked
 * about each attachment at each event); a shorter one is read through, which costs less. The answers
 * are the same either way: the tests set it to 0 and to Infinity to hold the two ways equal.
 */
export const LONG_LIST = { length: 8 };

/**
 * A long list of protections by quality: each quality's places in it, in order (`byQuality`), and the
 * places of those that are not from a card name (`unnamed`: a quality in quotes covers only a card of
 * that name, 702.16a; any other may cover any card). The fold adds to one as it goes (qualityPlacesIn,
 * addQualityPlace); a host's finished list, which is replaced and never changed, has one made once
 * (qualityPlaces): the comparison of two folds and the judging of each attachment read it. A fold
 * carried on from the last (grantFold.ts, regrant) makes a longer list that begins with the last one,
 * and goes on adding to the places of the last one, which both lists then share (shareQualityPlaces):
 * so a reader ignores the places at or past its own list's end.
 */
export interface QualityPlaces {
  readonly byQuality: Map<string, number[]>;
  readonly unnamed: number[];
}

/** The places of each quality of `list`, made now. */
export function qualityPlacesIn(list: readonly string[]): QualityPlaces {
  const places: QualityPlaces = { byQuality: new Map(), unnamed: [] };
  for (let i = 0; i < list.length; i++) addQualityPlace(places, list[i], i);
  return places;
}

/** `quality` is at place `i` of the list `places` is of. */
export function addQualityPlace(places: QualityPlaces, quality: string, i: number): void {
  const at = places.byQuality.get(quality);
  if (at) at.push(i);
  else places.byQuality.set(quality, [i]);
  if (quality.charCodeAt(0) !== 34) places.unnamed.push(i);
}

/** The places of each quality of a host's list, made once for the list. */
export function qualityPlaces(list: readonly string[]): QualityPlaces {
  let places = qualityPlacesOf.get(list);
  if (places === undefined) {
    places = qualityPlacesIn(list);
    qualityPlacesOf.set(list, places);
  }
  return places;
}

/** `places` are those of `list`, and perhaps also of a longer list that begins with it (QualityPlaces): `list` has them from now on. */
export function shareQualityPlaces(list: readonly string[], places: QualityPlaces): void {
  qualityPlacesOf.set(list, places);
}

const qualityPlacesOf = new WeakMap<readonly string[], QualityPlaces>();

/** `quality` was just added at the end of `list`, in place (an event's gain: Board's ownLists): its places, if made, have it too. */
export function placeAdded(list: readonly string[], quality: string): void {
  const places = qualityPlacesOf.get(list);
  if (places !== undefined) addQualityPlace(places, quality, list.length - 1);
}

/** What an attachment says may not be attached to its host (`can't be enchanted by other Auras`: `except` is the attachment itself). */
export type CantEntry = { readonly what: 'enchanted' | 'equipped' | 'fortified'; readonly except: string | undefined; readonly by: string };

/**
 * Each long list of what can't be attached, its places split by kind in its order, made at its first
 * question (a host's list is replaced, never changed). A list made by adding entries at the end of
 * another (a new grantor's, grantFold.ts) shares the other's split, added to (shareCantKinds): a
 * reader ignores the places at or past its own list's end.
 */
type CantKinds = Record<CantEntry['what'], number[]>;
const cantKinds = new WeakMap<readonly CantEntry[], CantKinds>();

function cantOfKind(cant: readonly CantEntry[], what: CantEntry['what']): readonly number[] {
  let kinds = cantKinds.get(cant);
  if (kinds === undefined) {
    kinds = { enchanted: [], equipped: [], fortified: [] };
    for (let i = 0; i < cant.length; i++) kinds[cant[i].what].push(i);
    cantKinds.set(cant, kinds);
  }
  return kinds[what];
}

/**
 * Does `cant` have, before its place `end`, an entry of the kind `what` that spares nothing (`can't be
 * enchanted`, not `... by other Auras`)? Then an entry of that kind at or after `end` bars nothing more:
 * the first entry that applies decides (cantAttachBy). Looks at the first eight of that kind only: false
 * may be a no it did not look far enough for.
 */
export function barsAllBefore(cant: readonly CantEntry[], what: CantEntry['what'], end: number): boolean {
  const places = cantOfKind(cant, what);
  for (let k = 0; k < places.length && k < 8; k++) {
    const i = places[k];
    if (i >= end) return false;
    if (cant[i].except === undefined) return true;
  }
  return false;
}

/**
 * `longer` is `cant` with entries added at its end from `from` (`cant` itself, added to in place: a fold
 * carried on): if `cant` has its split made, `longer` shares it, with the new entries' places added.
 */
export function shareCantKinds(cant: readonly CantEntry[], longer: readonly CantEntry[], from = cant.length): void {
  const kinds = cantKinds.get(cant);
  if (kinds === undefined) return;
  for (let i = from; i < longer.length; i++) kinds[longer[i].what].push(i);
  cantKinds.set(longer, kinds);
}

/** Is `a` attached to `host` and able to grant (on the battlefield, phased in)? */
export function grantsTo(board: Board, a: CardObj | undefined, host: CardObj): a is CardObj {
  // MTG's battlefield; Riftbound's board is its bases and battlefields.
  return a !== undefined && (a.zone === 'battlefield' || a.zone === 'base') && a.phasedOut === 'no' && board.hostOf(a) === host;
}

/**
 * Does `a`, attached to `host`, grant it what its grants say now: able to (grantsTo) and with its abilities
 * (no event's `loses all abilities` and no attachment's grant of it took them, 113.10)?
 */
export function grantsNow(board: Board, a: CardObj | undefined, host: CardObj): a is CardObj {
  return grantsTo(board, a, host) && !a.lost.has('all') && a.granted?.lostAll === undefined;
}

/** The key of an ability in a card's log: a later change of the same key makes an earlier one moot. */
function changeKey(a: AbilityChange['ability']): string {
  if (typeof a === 'string') return a;
  switch (a.kind) {
    case 'keyword':
      return `k ${a.name}`;
    case 'protection':
      return `p ${a.quality}`;
    case 'targeting':
      return `t ${a.keyword.name} ${a.keyword.quality ?? ''} ${a.keyword.cost ?? ''}`;
    case 'grant':
    case 'cant':
    case 'control':
    case 'all':
    case 'types':
      return a.kind;
  }
}

/**
 * The keys an entry makes moot: its own; `loses all abilities` every one; `loses X protection` every
 * protection; `loses X hexproof` every hexproof (from anything), `loses X ward` every ward (113.10b, 702.11e).
 */
function supersedes(verb: 'gains' | 'loses', a: AbilityChange['ability'], key: string): (other: string) => boolean {
  if (a === 'all') return () => true;
  if (verb === 'loses' && a === 'protection') return (k) => k === 'protection' || k.startsWith('p ');
  if (verb === 'loses' && typeof a !== 'string' && a.kind === 'targeting' && a.keyword.quality === undefined && a.keyword.cost === undefined) return (k) => k.startsWith(`t ${a.keyword.name} `);
  return (k) => k === key;
}

/**
 * An event gave `card` an ability or took one (or all) away: it is logged with the event's place in
 * time `at` (after the last timestamp given, before the next: an event is not an object and gets none
 * of its own; untilEndOfTurn.ts, change), and the abilities that depend on it are worked out again. Only on a board where some
 * card grants something (Board.grantsDeclared): elsewhere the order never matters. The log keeps
 * only the last change of each ability (and nothing before a `loses all abilities`), so it stays as
 * short as the abilities a card can have, however many events change them.
 */
export function logAbilityChange(board: Board, card: CardObj, verb: 'gains' | 'loses', ability: AbilityChange['ability'], at: number, keep?: ProtectionKeep): void {
  // Without a grant on the board, the order of an event against grants never matters.
  if (!board.grantsDeclared) return;
  const moot = supersedes(verb, ability, changeKey(ability));
  const kept = card.abilityLog.filter((ch) => !moot(changeKey(ch.ability)));
  kept.push(keep ? { timestamp: at, verb, ability, keep } : { timestamp: at, verb, ability });
  card.abilityLog = kept;
  board.abilitiesChanged(card, true);
}

/** A keyword ability as a card, a grant or an event writes it (`flying`; Riftbound `Shield`): the scenario's game's words only; another is a syntax error. */
/** How many distinct `ability NAME`s a scenario may write (a real card has a few activated abilities). */
export const MAX_NAMED_ABILITIES = 64;

export function keywordOfGame(replay: Replay, name: { text: string; range: Range }): string | undefined {
  const mtg = replay.rules.game === 'mtg';
  const own = mtg ? MTG_KEYWORDS : RIFTBOUND_KEYWORDS;
  if (own.includes(name.text)) return name.text;
  if (MTG_COMBAT_RESTRICTIONS.includes(name.text)) {
    if (mtg) return name.text;
    replay.report('syntax-error', name.range, msg`\`${name.text}\` is read in an MTG scenario (Pacifism); this scenario is \`game riftbound\`, whose combat has no such restriction here. Remove it.`);
    return undefined;
  }
  if (isNamedAbility(name.text)) {
    // Named abilities are a vocabulary of the scenario's, bounded as the keywords are: the lists of a
    // card's abilities stay short, and every look-up in them stays cheap, whatever the file.
    const names = replay.board.abilityNames;
    if (names.has(name.text) || names.size < MAX_NAMED_ABILITIES) {
      names.add(name.text);
      return name.text;
    }
    replay.report('syntax-error', name.range, msg`A scenario names at most ${MAX_NAMED_ABILITIES} activated abilities (\`ability NAME\`), and this would be one more: use one of the names already written, or split the scenario.`);
    return undefined;
  }
  const other = mtg ? RIFTBOUND_KEYWORDS : MTG_KEYWORDS;
  replay.report('syntax-error', name.range, other.includes(name.text) ? msg`\`${name.text}\` is a keyword of ${mtg ? 'Riftbound' : 'MTG'}; this scenario is \`game ${replay.rules.game}\`. Keywords here: ${own.join(', ')}.` : msg`Unknown keyword '${name.text}'. Keywords here: ${own.join(', ')}.`);
  return undefined;
}
