// Copiable values (MTG 707.2, layer 1 of 613.1a; Riftbound 477.1.b.1.b): what a card's `printed` characteristics
// and its name stand for. A card takes new ones as the same object when it transforms (MTG 712.18) and when it
// becomes a copy of another object (MTG 707.4; Riftbound 477.1.b.1): the effects on it keep applying over them,
// so what each added or took away from the old values is added or taken away from the new ones, both in what
// the card has now and in what it takes back as an effect that ends ends (untilEndOfTurn.ts). Used by both
// games' rules; it decides nothing about attachments (the state-based actions and the cleanup do, afterwards).
import type { Board, CardObj, Characteristics, FaceDown } from './board';
import { blankCharacteristics, characteristicsOf, kindsOf, noItems, takeCharacteristics } from './board';
import { msg, type Message } from '../message';

/**
 * `card` takes the copiable values `printed` and `name` as the same object. Without effects on it, it
 * simply has them; with some, each keeps applying over them (rebased). What it gives its host and what
 * it grants are not worked out here: call `valuesTaken` once the card is complete.
 */
export function takeValues(board: Board, card: CardObj, printed: Characteristics, name: string): void {
  const from = card.printed;
  card.printed = printed;
  board.rename(card, name);
  if (!card.modified) takeCharacteristics(card, printed);
  else {
    takeCharacteristics(card, rebased(characteristicsOf(card), from, printed));
    if (card.temporary) card.temporary = card.temporary.moved(board, (at) => at, (s) => rebased(s as Characteristics, from, printed));
  }
  // A copy of a unit is a unit (Riftbound 477.1.b.1): Quick-Draw's lists (Board.units).
  board.mayBeUnit(card);
  // Its enchant filters may be others: what it reads of its host (Board.readersOf).
  board.refiled(card);
}

/** After `takeValues`: what it gives its host (MTG 613.4c; Riftbound 137.3) and grants, and what its own attachments grant it, anew. */
export function valuesTaken(board: Board, card: CardObj): void {
  if (card.attachedTo) board.reboost(card);
  board.abilitiesChanged(card);
}

/**
 * A permanent turned over as the same object (MTG: transformed, 613.7g; turned face up or down, 613.7f):
 * a new timestamp, and its values taken (valuesTaken). Attached, it comes off its host and goes back on,
 * so the host's grants are filed by the new timestamp (as rules/mtg/timestamps.ts restamps).
 */
export function turnedOver(board: Board, card: CardObj): void {
  const host = board.hostOf(card);
  const at = card.attachedAt;
  if (host) board.unlink(card);
  board.stamp(card);
  if (host) board.link(card, host, at!);
  valuesTaken(board, card);
}

/**
 * `card` becomes a copy of `original` (MTG 707.2; Riftbound 477.1.b.1), keeping its own values to go back to
 * (a copy of a copy keeps the first ones: they are its card's). The board knows it has copies (Board.copies).
 */
export function beginCopy(board: Board, card: CardObj, original: CardObj): void {
  board.copies = true;
  card.uncopied ??= { printed: card.printed, name: card.name, attachOnly: card.attachOnly, attachTargets: card.attachTargets };
  card.copyOf = original.id;
  // The abilities its card prints that are kept beside its characteristics: the original's, as its card says them.
  card.attachOnly = original.attachOnly;
  card.attachTargets = original.attachTargets;
  board.refiled(card);
}

/** The copy effect is gone: the card has its own values and printed abilities back (MTG 400.7; Riftbound 124). */
function uncopy(board: Board, card: CardObj): void {
  const own = card.uncopied!;
  card.uncopied = undefined;
  card.copyOf = undefined;
  card.printed = own.printed;
  board.rename(card, own.name);
  card.attachOnly = own.attachOnly;
  card.attachTargets = own.attachTargets;
  board.refiled(card);
}

/**
 * A card about to enter as a copy of `original` (MTG 707.5; Riftbound 477.1.b): the copied values are what it
 * is judged by as it enters. Off the battlefield no effect goes with it (a new object), so they are simply
 * its printed ones (a card with effects on it is judged as the new object by the entering itself).
 */
export function enterAsCopyOf(board: Board, card: CardObj, original: CardObj): void {
  beginCopy(board, card, original);
  card.printed = original.printed;
  board.rename(card, original.name);
  if (!card.modified) takeCharacteristics(card, card.printed);
  board.mayBeUnit(card);
}

/** After entering as a copy: a card that stayed where it was is no copy (it is itself again, as it was there). */
export function enteredAsCopy(board: Board, card: CardObj, entered: boolean): void {
  if (entered || card.uncopied === undefined) return;
  uncopy(board, card);
  if (!card.modified) takeCharacteristics(card, card.printed);
}

/** The card leaves the battlefield (the board): the copy effect ends with the object, and the new object has its own values (MTG 400.7; Riftbound 124). */
export function copyEnds(board: Board, card: CardObj): void {
  uncopy(board, card);
  // The new object takes its printed characteristics (resetCharacteristics): its own.
  card.modified = true;
}

/** Why an `expect X a copy of Y` (`not a copy`, `not a copy of Y`) fails, or undefined when it holds. */
export function copyFailure(card: CardObj, original: CardObj | undefined, negated: boolean, rules: readonly string[]): { actual: Message; rules: string[]; replacement?: string } | undefined {
  const of = card.copyOf;
  const is = original ? of === original.id : of !== undefined;
  if (is !== negated) return undefined;
  if (of !== undefined) return { actual: msg`${card.id} is a copy of ${of} (${card.name})`, rules: [...rules], replacement: `${card.id} a copy of ${of}` };
  return { actual: msg`${card.id} is a copy of nothing: it has its own values (${card.name})`, rules: [...rules], replacement: `${card.id} not a copy` };
}

function setRebased(cur: ReadonlySet<string>, from: ReadonlySet<string>, to: ReadonlySet<string>): ReadonlySet<string> {
  if (cur === from) return to;
  const out = new Set(to);
  for (const x of from) if (!cur.has(x)) out.delete(x);
  for (const x of cur) if (!from.has(x)) out.add(x);
  return out;
}

/** As setRebased, for a list (its order: `to`'s, then what effects added). Linear: long lists are looked up in sets. */
function listRebased<T>(cur: readonly T[], from: readonly T[], to: readonly T[]): readonly T[] {
  if (cur === from) return to;
  const had = new Set(from);
  const has = new Set(cur);
  const out = to.filter((x) => !had.has(x) || has.has(x));
  for (const x of cur) if (!had.has(x)) out.push(x);
  return out;
}

/** `cur`, the characteristics an object with the values `from` has now, moved onto the values `to`. */
function rebased(cur: Characteristics, from: Characteristics, to: Characteristics): Characteristics {
  const same = <K extends keyof Characteristics>(k: K): Characteristics[K] => (cur[k] === from[k] ? to[k] : cur[k]);
  // Protection instances with what each keeps (beside each other): the added ones keep theirs.
  let protections: readonly string[] = to.protections;
  let protectionKeeps = to.protectionKeeps;
  if (cur.protections !== from.protections) {
    const had = new Set(from.protections);
    const has = new Set(cur.protections);
    const keep = to.protections.map((q, i) => ({ q, k: to.protectionKeeps[i] })).filter(({ q }) => !had.has(q) || has.has(q));
    cur.protections.forEach((q, i) => {
      if (!had.has(q)) keep.push({ q, k: cur.protectionKeeps[i] });
    });
    protections = keep.map((x) => x.q);
    protectionKeeps = keep.map((x) => x.k);
  }
  const out: Characteristics = {
    supertypes: setRebased(cur.supertypes, from.supertypes, to.supertypes),
    types: setRebased(cur.types, from.types, to.types),
    subtypes: setRebased(cur.subtypes, from.subtypes, to.subtypes),
    colors: setRebased(cur.colors, from.colors, to.colors),
    protections,
    protectionKeeps,
    lost: setRebased(cur.lost, from.lost, to.lost) as Characteristics['lost'],
    targeting: listRebased(cur.targeting, from.targeting, to.targeting),
    enchant: listRebased(cur.enchant, from.enchant, to.enchant),
    equipQuality: same('equipQuality'),
    equipPlaneswalker: same('equipPlaneswalker'),
    creatureAt: same('creatureAt'),
    hasEquip: same('hasEquip'),
    reconfigure: same('reconfigure'),
    bestow: same('bestow'),
    cant: setRebased(cur.cant, from.cant, to.cant) as Characteristics['cant'],
    might: same('might'),
    mightBonus: same('mightBonus'),
    toughness: same('toughness'),
    toughnessBonus: same('toughnessBonus'),
    power: same('power'),
    powerBonus: same('powerBonus'),
    honePower: same('honePower'),
    keywords: listRebased(cur.keywords, from.keywords, to.keywords),
    keywordValues: same('keywordValues'),
    grants: listRebased(cur.grants, from.grants, to.grants),
    choosesColor: same('choosesColor'),
    choosesColorEntering: same('choosesColorEntering'),
    abilityLog: cur.abilityLog,
    kinds: 0,
  };
  out.kinds = kindsOf(out);
  return out;
}

/** A face-down permanent leaves the battlefield: revealed, it is a new object with its own values (MTG 708.9, 400.7). Called by moveTo. */
export function faceUpAsItLeaves(board: Board, card: CardObj): void {
  const up = card.faceDown!.up;
  card.faceDown = undefined;
  card.printed = up.printed;
  board.rename(card, up.name);
  card.attachOnly = up.attachOnly;
  card.attachTargets = up.attachTargets;
  board.refiled(card);
  // The new object takes its printed characteristics (resetCharacteristics): its own.
  card.modified = true;
}

/**
 * `becomes X a copy of Y` of a face-down permanent (MTG 708.10): the copied values are those it shows once turned
 * face up; face down, its characteristics stay the face-down ones, and its card line's abilities are not its own.
 */
export function copyWhileFaceDown(board: Board, card: CardObj, original: CardObj): void {
  const fd = card.faceDown!;
  card.uncopied ??= fd.up;
  card.faceDown = { how: fd.how, up: { printed: original.printed, name: original.name, attachOnly: original.attachOnly, attachTargets: original.attachTargets } };
  board.copies = true;
  card.copyOf = original.id;
}

/** The face-down values (MTG 708.2a; with ward 2 for a cloak, 701.58a, and a card cast with disguise, 702.168a). "No text": its abilities all gone (113.10's mark). */
export function faceDownValues(ward: boolean): Characteristics {
  const out = blankCharacteristics();
  out.types = new Set(['creature']);
  out.toughness = 2;
  out.power = 2;
  out.lost = new Set(['all']);
  if (ward) out.targeting = [{ name: 'ward', cost: '2' }];
  out.kinds = kindsOf(out);
  return out;
}

/**
 * `card` becomes face down as the same object: it takes the face-down values (708.2a) as its copiable values
 * (a copy keeps the copied ones to show face up, 708.10), and the abilities its card line says are not its own
 * meanwhile. No timestamp here: the caller gives one (613.7f), or the card enters the battlefield (613.7d).
 */
export function becomeFaceDown(board: Board, card: CardObj, how: FaceDown['how'], ward: boolean): void {
  card.faceDown = { how, up: { printed: card.printed, name: card.name, attachOnly: card.attachOnly, attachTargets: card.attachTargets } };
  takeValues(board, card, faceDownValues(ward), '');
  card.attachOnly = undefined;
  card.attachTargets = noItems();
  board.faceDowns = true;
  board.refiled(card);
}

/** `card` is face up again, the same object (MTG 708.8): its own copiable values, and what its card line says. */
export function becomeFaceUp(board: Board, card: CardObj): void {
  const up = card.faceDown!.up;
  card.faceDown = undefined;
  takeValues(board, card, up.printed, up.name);
  card.attachOnly = up.attachOnly;
  card.attachTargets = up.attachTargets;
  board.refiled(card);
}

