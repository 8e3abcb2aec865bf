// MTG effects that change a permanent's types, colors (105.3), protection, abilities or controller (the
// attachment and its host keep their own controllers: 303.4e, 301.5d); none applies to a phased-out
// permanent (702.26e).
import type { EventNode, Word } from '../../parser/ast';
import type { Range } from '../../types';
import { type Board, type CardObj, colorBit, isCard, ownNewLists, ownsLists, setKinds, type PlayerObj, type ProtectionKeep, protectionQualities, withOrWithout } from '../../engine/board';
import { giveControl, type Held, type HeldCondition } from '../../engine/control';
import { holds } from '../../engine/held';
import type { Replay } from '../../engine/replay';
import type { RuleExplanation } from './explanations';
import { colorlessWithColors, describe, readableFilter, readableQuality, unreadTypeWords } from './characteristics';
import { MTG_CARD_TYPES, MTG_SUPERTYPES, mtgSubtypeFits, mtgSubtypeSet } from '../../parser/keywords';
import { protectionKeep, touchChanged, touchControlled } from './legality';
import { isPhasedOut, phasedOutSubject } from './phasing';
import { msg } from '../../message';
import { inZone, qualityWord } from '../../engine/words';
import { abilitiesOf, LONG_LIST, logAbilityChange, mayRegain, placeAdded, qualityPlaces, regainKey } from '../../engine/abilities';
import { beforeChange, change, lastsOf } from '../../engine/untilEndOfTurn';

/** The rules of this module, explained (assembled into the game's rules in explanations.ts). */
export const EXPLAINED: Record<string, RuleExplanation> = {
  '205.3d': { title: 'Subtypes need their card type', text: 'An object can only gain a subtype of one of its own card types: a plain enchantment does not become an Equipment, which is an artifact type.' },
  '105.3': { title: 'Changing colors', text: 'An effect may give an object new colors, or make it colorless. The new colors take the place of all the old ones, unless the effect says it gets them "in addition to its other colors". No effect makes an object lose one color and keep the rest.' },
  '113.10': { title: 'Gaining and losing abilities', text: 'An effect may give an object an ability (it "gains" or "has" it) or take one away (it "loses" it).' },
  '113.10b': { title: 'Losing every instance', text: 'When an effect takes an ability away, the object is left with no copy of it at all, however many it had.' },
  '303.4e': { title: 'Two controllers', text: "The Aura's controller and the enchanted object's controller are separate; a control change of one does not change the other. Only the Aura's controller can activate its own abilities; an ability it grants the enchanted object (\"enchanted creature has ...\") is activated only by that object's controller." },
};

/**
 * The words of `becomes X ...` before a closing `in addition to its other colors` (105.3), and the
 * range of that clause when it is there (`written`: whether it is written whole and last; if not, it is
 * reported once, not word by word).
 */
function colorClause(words: readonly Word[]): { words: readonly Word[]; inAddition: Range | undefined; written: boolean } {
  const k = words.findIndex((w, i) => w.text === 'in' && words[i + 1]?.text === 'addition');
  if (k < 0) return { words, inAddition: undefined, written: true };
  const tail = ['in', 'addition', 'to', 'its', 'other', 'colors'];
  const written = words.length - k === tail.length && tail.every((t, i) => words[k + i].text === t);
  return { words: words.slice(0, k), inAddition: { start: words[k].range.start, end: words[words.length - 1].range.end }, written };
}

export function typesEvent(replay: Replay, ev: Extract<EventNode, { kind: 'types' }>): void {
  const card = replay.card(ev.subject);
  if (!card) return;
  const lasts = lastsOf(replay, card, ev.duration);
  if (!lasts) return;
  const add = ev.verb === 'becomes';
  if (isPhasedOut(card) && phasedOutSubject(replay, card, ev, add ? msg`an effect that makes it become ${ev.words.map((w) => w.text).join(' ')}` : msg`an effect that makes it lose ${ev.words.map((w) => w.text).join(' ')}`, ['702.26e'])) return;
  const changes: { key: 'supertypes' | 'types' | 'subtypes'; word: string }[] = [];
  // Colors (105.3): the new ones replace the old, unless it becomes them "in addition to its other colors".
  const { words, inAddition, written } = colorClause(ev.words);
  if (!written) {
    replay.report('syntax-error', inAddition!, msg`\`in addition to its other colors\` is written whole, after the colors a card becomes: \`becomes ${card.id} red in addition to its other colors\` (105.3).`, { rules: ['105.3'] });
    return;
  }
  let colors: string[] | undefined;
  for (let k = 0; k < words.length; k++) {
    const w = words[k];
    if (w.text === 'colorless' || colorBit(w.text) !== 0) {
      if (!add) {
        replay.report('syntax-error', w.range, msg`An object doesn't lose a color: an effect gives it new colors, which replace the old ones (105.3). Write the colors it becomes, \`becomes ${card.id} white\` or \`becomes ${card.id} colorless\`.`, { rules: ['105.3'] });
        return;
      }
      colors ??= [];
      if (w.text !== 'colorless' && !colors.includes(w.text)) colors.push(w.text);
      continue;
    }
    const key = MTG_SUPERTYPES.includes(w.text) ? 'supertypes' : MTG_CARD_TYPES.includes(w.text) ? 'types' : /^\p{Lu}/u.test(w.text) ? 'subtypes' : undefined;
    if (!key) {
      // `becomes lion isa nonlegendary`: one error for what can't be read, and no half of the change.
      unreadTypeWords(replay, words, k, msg`the event changes nothing.`);
      return;
    }
    changes.push({ key, word: w.text });
  }
  if (colorlessWithColors(replay, words)) return;
  if (inAddition && !colors) {
    replay.report('syntax-error', inAddition, msg`\`in addition to its other colors\` follows the colors a card becomes: \`becomes ${card.id} red in addition to its other colors\` (105.3).`, { rules: ['105.3'] });
    return;
  }
  // An object can't gain a subtype of a card type it doesn't have (205.3d): `becomes X Equipment` on a
  // plain enchantment gives it nothing (write the card type too, `becomes X artifact Equipment`).
  if (add) {
    const types = new Set([...card.types, ...changes.filter((ch) => ch.key === 'types').map((ch) => ch.word)]);
    for (let i = changes.length - 1; i >= 0; i--) {
      const { key, word } = changes[i];
      if (key !== 'subtypes' || mtgSubtypeFits(types, word)) continue;
      const range = ev.words.find((w) => w.text === word)!.range;
      const set = mtgSubtypeSet(word);
      const type = set === 'spell' ? 'instant' : set;
      replay.report('impossible-event', range, msg`${card.id} can't become ${word}: it is a subtype of the card type \`${type}\`, which ${describe(card)} doesn't have. Write the card type too (\`becomes ${card.id} ${type} ${word}\`), or remove the word.`, { rules: ['205.3d'] });
      changes.splice(i, 1);
    }
  }
  if (changes.length === 0 && !colors) return;
  // `becomes X artifact creature until end of turn` (a manland, 514.2): the types go with the turn;
  // `becomes X red` (105.3): its colors, as well.
  const loses = !add && changes.some((ch) => ch.key === 'types');
  const creature = add && changes.some((ch) => ch.key === 'types' && ch.word === 'creature');
  const was = beforeChange(card);
  change(replay.board, card, lasts, (_, x, at) => {
    const c = x as CardObj;
    // A creature from now on, over bestow and reconfigure if they are older (613.7; Characteristics.creatureAt).
    if (creature) c.creatureAt = at;
    for (const { key, word } of changes) c[key] = withOrWithout(c[key], word, add);
    // A subtype goes with its card type, unless a card type it keeps allows it (205.1a): Bonesplitter
    // that loses artifact is no Equipment.
    if (loses) c.subtypes = new Set([...c.subtypes].filter((s) => mtgSubtypeFits(c.types, s)));
    if (colors) c.colors = new Set(inAddition ? [...c.colors, ...colors] : colors);
    setKinds(c);
  });
  if (replay.noting) replay.note(() => (ev.duration ? msg`${card.id}: ${describe(card)}, ${ev.duration.text}` : msg`${card.id}: ${describe(card)}`));
  touchChanged(replay, card, was);
}

export function protectionEvent(replay: Replay, ev: Extract<EventNode, { kind: 'protection' }>): void {
  const card = replay.lookup(ev.subject);
  if (!card) return;
  const lasts = lastsOf(replay, card, ev.duration);
  if (!lasts) return;
  const written = ev.quality.text;
  if (!readableQuality(replay, ev.quality)) return;
  if (isCard(card) && isPhasedOut(card) && phasedOutSubject(replay, card, ev, ev.verb === 'gains' ? msg`an effect that makes it gain protection from ${qualityWord(written)}` : msg`an effect that makes it lose protection from ${qualityWord(written)}`, ['702.26e'])) return;
  // `all colors`: an instance for each color (702.16h); a loss takes those it has.
  const all = protectionQualities(written);
  // While an effect until end of turn is on it, a loss of what it doesn't have now still counts: it
  // applies when that effect ends (untilEndOfTurn.ts).
  // So does the loss of one an older source may give it again (613.9's example: `mayRegain`).
  const qs =
    ev.verb === 'gains' || card.temporary
      ? all
      : all.filter((q) => abilitiesOf(card).protections.includes(q) || (isCard(card) && mayRegain(replay.board, card, card.protections.includes(q), regainKey({ kind: 'protection', quality: q })!, (a) => a.kind === 'protection' && a.quality === q, (a) => a === 'protection' || (typeof a !== 'string' && a.kind === 'protection' && a.quality === q))));
  if (qs.length === 0) {
    replay.report('impossible-event', ev.range, msg`${card.id} doesn't have protection from ${qualityWord(written)}, so it can't lose it: the line does nothing. Remove it, or give ${card.id} protection from ${qualityWord(written)} first.`, { rules: ['113.10'], subjects: [card.id] });
    return;
  }
  const gains = ev.verb === 'gains';
  // 702.16n/p: what each instance doesn't remove, beside it (index for index), as it begins (none without a clause).
  const keeps = gains && ev.keep ? qs.map((q) => protectionKeep(replay, card, q, ev.keep!)) : undefined;
  const was = beforeChange(card);
  // Gods Willing, Apostle's Blessing: protection until end of turn (514.2).
  change(replay.board, card, lasts, (board, x, at) => changeProtections(board, x, at, qs, keeps, gains));
  touchChanged(replay, card, was);
}

/** For the tests: `listed` lists a redundant instance of protection again (changeProtections), as before 702.16m was read. */
export const REDUNDANT = { listed: false };

/**
 * For the tests: `inPlace` off copies an object's lists of protections at each gain, as before a gain
 * added to the lists it owns in place (Board's ownLists); `read` counts the instances a gain or loss
 * copied or looked through.
 */
export const PROTECTION_LISTS = { inPlace: true, read: 0 };

/**
 * Does `x` itself (not by its attachments' grants, which may go) have an instance of protection from
 * `q` that spares nothing? Another such instance is redundant (702.16m).
 */
function hasPlainInstance(x: CardObj | PlayerObj, q: string): boolean {
  const list = x.protections;
  if (list.length > LONG_LIST.length) {
    // A long list (a creature given thousands of protections, each from another name) is looked up by its places.
    const at = qualityPlaces(list).byQuality.get(q);
    if (at === undefined) return false;
    PROTECTION_LISTS.read += at.length;
    for (const j of at) if (j < list.length && x.protectionKeeps?.[j] === undefined) return true;
    return false;
  }
  PROTECTION_LISTS.read += list.length;
  for (let j = 0; j < list.length; j++) if (list[j] === q && x.protectionKeeps?.[j] === undefined) return true;
  return false;
}

/**
 * `x` gains (or loses) protection from each of `qs`, `keeps` beside them, at `at`: protectionEvent's
 * change, written with loops (each gain and loss of protection makes it, and is made again when an
 * earlier effect ends).
 */
function changeProtections(board: Board, x: CardObj | PlayerObj, at: number, qs: readonly string[], keeps: readonly (ProtectionKeep | undefined)[] | undefined, gains: boolean): void {
  for (let i = 0; i < qs.length; i++) {
    const q = qs[i];
    // 702.16m: an instance that spares nothing, beside one the object has, is redundant: it is not
    // listed again (what it has is shown once; its list stays as long as the qualities it has), and
    // is still logged, for its place in time against the grants (613.7a).
    if (gains && keeps?.[i] === undefined && !REDUNDANT.listed && hasPlainInstance(x, q)) {
      if (isCard(x)) logAbilityChange(board, x, 'gains', { kind: 'protection', quality: q }, at);
      continue;
    }
    // A gain adds to the lists in place while the board owns them (Board's ownLists) and no grant's fold reads
    // them (its last fold keeps the object's own lists to compare: grantFold.ts).
    if (gains && PROTECTION_LISTS.inPlace && (!isCard(x) || (x.grantors.size === 0 && x.granted === undefined)) && ownsLists(board, x)) {
      const list = x.protections as string[];
      list.push(q);
      (x.protectionKeeps as (ProtectionKeep | undefined)[]).push(keeps?.[i]);
      // Its places by quality, if a reader made them (qualityPlaces), have the new one too.
      placeAdded(list, q);
      if (isCard(x)) logAbilityChange(board, x, 'gains', { kind: 'protection', quality: q }, at, keeps?.[i]);
      continue;
    }
    const was = x.protections;
    const keepsOf = x.protectionKeeps;
    PROTECTION_LISTS.read += was.length;
    const protections: string[] = [];
    const protectionKeeps: (ProtectionKeep | undefined)[] = [];
    for (let j = 0; j < was.length; j++) {
      // 113.10b: every instance of protection from q goes (one its attachments grant too: abilities.ts).
      if (!gains && was[j] === q) continue;
      protections.push(was[j]);
      protectionKeeps.push(keepsOf?.[j]);
    }
    if (gains) {
      protections.push(q);
      protectionKeeps.push(keeps?.[i]);
    }
    x.protections = protections;
    x.protectionKeeps = protectionKeeps;
    ownNewLists(board, protections, protectionKeeps);
    if (isCard(x)) logAbilityChange(board, x, gains ? 'gains' : 'loses', { kind: 'protection', quality: q }, at, keeps?.[i]);
  }
}

export function controlEvent(replay: Replay, ev: Extract<EventNode, { kind: 'control' }>): void {
  const card = replay.card(ev.subject);
  const p = replay.player(ev.player);
  if (!card || !p) return;
  if (p.left) {
    replay.report('impossible-event', ev.player.range, msg`${p.id} has left the game, and an object doesn't change to the control of a player who has left: ${card.id} stays under ${card.controller ?? msg`nobody`}'s control. Remove the line, or name a player still in the game.`, { rules: ['800.4b'], subjects: [p.id, card.id] });
    return;
  }
  if (isPhasedOut(card) && phasedOutSubject(replay, card, ev, msg`an effect that gives control of it to ${p.id}`, ['702.26e'])) return;
  // Only a permanent or a spell has a controller; a card elsewhere has its owner (108.4a).
  if (card.zone !== 'battlefield' && card.zone !== 'stack') {
    replay.report('impossible-event', ev.range, msg`${card.id} is ${card.zone === 'outside' ? msg`outside the game` : inZone(card.zone)}, and only a permanent or a spell has a controller an effect can change: elsewhere a card has only its owner, ${card.owner ?? msg`nobody`}. Remove the line, or put the card onto the battlefield first.`, { rules: ['108.4a'], subjects: [card.id] });
    return;
  }
  // `for as long as ...` tracks one object, as it is now (611.2c); a duration that doesn't hold as the
  // effect would begin never starts (611.2b): the effect does nothing.
  let held: Held | undefined;
  const c = ev.duration;
  if (c?.kind === 'turn' && c.text === 'until your next turn') {
    // The words as written: they are the language's, untranslated.
    const written = c.player ? `until ${c.player.text}'s next turn` : 'until your next turn';
    replay.report('syntax-error', c.range, msg`\`${written}\` is a duration of \`becomes\`, \`gains\` and \`loses\` here; a control effect lasts for good, \`until end of turn\` or \`for as long as ...\`.`, { rules: ['611.2a'] });
    return;
  }
  if (c && c.kind !== 'turn') {
    // Every name looked up (each unknown one reported), then the conditions, each tracking its object.
    const parts: HeldCondition[] = [];
    let known = true;
    for (const x of c.kind === 'all' ? c.parts : [c]) {
      const who = x.kind === 'controls' ? replay.player(x.player) : undefined;
      const y = replay.card(x.card);
      if (!y || (x.kind === 'controls' && !who)) {
        known = false;
        continue;
      }
      parts.push(x.kind === 'controls' ? { kind: 'controls', player: who!.id, card: y.id, version: y.version } : x.kind === 'attached' ? { kind: 'attached', what: x.what, card: y.id, version: y.version } : { kind: 'remains', what: x.what, card: y.id, version: y.version });
    }
    if (!known) return;
    held = parts.length === 1 ? parts[0] : { kind: 'all', parts };
    if (!holds(replay.board, held)) {
      if (replay.noting) replay.note(() => msg`the effect does nothing: what it lasts as long as doesn't hold as it would begin (611.2b)`);
      return;
    }
  }
  // A control-changing effect with its place in time (613.1b): an Aura that gives control later wins over it.
  // One `until end of turn` (or `this turn`) ends in the turn's cleanup step (514.2): startTurn; one
  // `for as long as ...` when that stops holding (611.2b): endUnheld.
  giveControl(replay.board, card, p.id, c?.kind === 'turn', held);
  if (replay.noting) replay.note(() => (c?.kind === 'turn' ? msg`${card.id} controlled by ${card.controller} (${p.id}'s effect lasts until end of turn)` : msg`${card.id} controlled by ${card.controller}`));
  touchControlled(replay, card);
}

/**
 * `loses X all abilities | enchant | equip | reconfigure | protection`, `gains X enchant FILTER`
 * (113.10; 113.10b: every instance goes). What that does to attachments is the state-based actions'
 * to say: an Aura without enchant can be attached to nothing (303.4); an Equipment without equip is
 * still an Equipment (301.5) and stays; a reconfigured Equipment stays a noncreature (702.151b); a
 * host without protection may be enchanted and equipped again. `can't be ...` stays: it may be
 * another object's effect.
 */
export function abilitiesEvent(replay: Replay, ev: Extract<EventNode, { kind: 'abilities' }>): void {
  const x = ev.ability === 'protection' ? replay.lookup(ev.subject) : replay.card(ev.subject);
  if (!x) return;
  const lasts = lastsOf(replay, x, ev.duration);
  if (!lasts) return;
  const what = ev.verb === 'gains' ? msg`an effect that makes it gain enchant` : ev.ability === 'all' ? msg`an effect that makes it lose all its abilities` : msg`an effect that makes it lose ${ev.ability}`;
  if (isCard(x) && isPhasedOut(x) && phasedOutSubject(replay, x, ev, what, ['702.26e'])) return;
  if (ev.ability === 'protection') {
    if (abilitiesOf(x).protections.length === 0 && !x.temporary) {
      replay.report('impossible-event', ev.range, msg`${x.id} has no protection to lose, so this does nothing. Remove the line.`, { rules: ['113.10'], subjects: [x.id] });
      return;
    }
    const was = beforeChange(x);
    change(replay.board, x, lasts, loseProtection);
    if (replay.noting) replay.note(() => msg`${x.id} has no protection`);
    touchChanged(replay, x, was);
    return;
  }
  const card = x as CardObj;
  const ability = ev.ability;
  // 702.151b: the attaching, not the ability, keeps a reconfigured Equipment a noncreature while it stays on.
  if ((ability === 'all' || ability === 'reconfigure') && ev.verb === 'loses' && card.reconfigure && card.attachedTo) card.reconfiguredOn = card.attachedTo;
  const filter = ev.filter && readableFilter(replay, ev.filter, '702.5a');
  const gains = ev.verb === 'gains';
  const was = beforeChange(card);
  // Turn to Frog: `loses X all abilities until end of turn` (514.2).
  change(replay.board, card, lasts, (board, y, at) => {
    const c = y as CardObj;
    if (gains) {
      // 702.5c: each enchant ability applies.
      if (filter) c.enchant = [...c.enchant, filter];
      if (filter?.withAura) board.watchSiblings(c);
      return;
    }
    if (ability === 'all' || ability === 'enchant') {
      c.enchant = [];
      c.lost = withOrWithout(c.lost, 'enchant', true);
    }
    if (ability === 'all' || ability === 'equip') {
      c.hasEquip = false;
      c.equipQuality = undefined;
      c.equipPlaneswalker = 'no';
      c.lost = withOrWithout(c.lost, 'equip', true);
    }
    if (ability === 'all' || ability === 'fortify') c.lost = withOrWithout(c.lost, 'fortify', true);
    if (ability === 'all' || ability === 'reconfigure') c.reconfigure = false;
    if (ability === 'all') {
      c.lost = withOrWithout(c.lost, 'all', true);
      c.keywords = [];
      c.targeting = [];
      c.bestow = false;
      logAbilityChange(board, c, 'loses', 'all', at);
      if (c.protections.length) loseProtection(board, c, at);
    }
    setKinds(c);
  });
  if (replay.noting) replay.note(() => (ev.verb === 'gains' ? msg`${card.id} gains enchant` : ev.ability === 'all' ? msg`${card.id} loses all abilities` : msg`${card.id} loses ${ev.ability}`));
  touchChanged(replay, card, was);
}

/** Every protection of `x` goes (113.10b). */
function loseProtection(board: Board, x: CardObj | PlayerObj, at: number): void {
  x.protections = [];
  x.protectionKeeps = [];
  if (isCard(x)) logAbilityChange(board, x, 'loses', 'protection', at);
}
