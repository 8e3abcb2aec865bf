// Mutate (702.140) and merging with permanents (730, numbered 726 in the rules of 2024-02-02, 727 in the rest of 2024) as attachments see
// them. `cast X mutating onto T` casts the creature card X for its mutate cost: a mutating creature spell
// that targets a non-Human creature with the same owner as the spell (702.140a). As it resolves with a
// legal target, `resolve X on top` or `resolve X underneath` merges it with T (702.140c): one object, the
// permanent T was, so nothing attached to T moves and its counters, effects, control and timestamp stay
// (730.2b, 730.2c). That permanent has the characteristics of its top card and the abilities of every card
// (702.140e, 730.2a), and the state-based actions judge what is attached by them (the way transform.ts
// does for a new face, whose copiable values engine/copiable.ts takes, reused here). With an illegal target it resolves as the creature
// spell it then is (702.140b). A merged permanent that leaves the battlefield leaves as one, and each of its
// cards goes to the new zone as an object of its own (730.3): what was attached becomes unattached, as when
// any host leaves (zones.ts).
import type { EventNode } from '../../parser/ast';
import { type Characteristics, type CardObj, isCard, kindsOf, MERGED, type Merge, mergedCards, mergedCardsText } from '../../engine/board';
import type { Replay } from '../../engine/replay';
import type { RuleExplanation } from './explanations';
import { msg, titledFix } from '../../message';
import { inZone } from '../../engine/words';
import { hasAbility } from '../../engine/abilities';
import { describe, type Host, isCreature, type Problem } from './characteristics';
import { protectionAgainst, touch } from './legality';
import { keywordTargetProblem } from './targetingKeywords';
import { takeValues, valuesTaken } from '../../engine/copiable';

/** The rules of this module, explained (assembled into the game's rules in explanations.ts). */
export const EXPLAINED: Record<string, RuleExplanation> = {
  '702.140a': { title: 'Mutate', text: 'A creature card with mutate may be cast for its mutate cost instead of its mana cost. Cast that way it is a mutating creature spell, and it has a target: a creature that is not a Human and whose owner is the owner of the spell.' },
  '702.140b': { title: 'Mutating onto an illegal target', text: 'If the creature a mutating spell targets is no longer a legal target when the spell starts to resolve, the spell stops mutating and resolves as an ordinary creature spell: it enters the battlefield under its controller, and nothing merges.' },
  '702.140c': { title: 'Merging as it resolves', text: 'A mutating spell with a legal target never enters the battlefield. It joins the creature it targets, which becomes a mutated permanent of several cards; its controller picks whether the spell goes over that creature or beneath it.' },
  '702.140e': { title: 'What a mutated permanent is', text: 'A mutated permanent takes everything but its abilities from the card (or token) on top of the pile, and has the abilities of all the cards and tokens in it.' },
  '730.2': { title: 'Merging with a permanent', text: 'To merge something with a permanent, it is put above or beneath that permanent, which from then on is a merged permanent made of all of those cards (or copies).' },
  '730.2a': { title: 'The top card decides', text: 'A merged permanent has only the characteristics of the component on top, unless the effect that merged them says otherwise. That is a copiable effect, dated at the moment of merging.' },
  '730.2b': { title: 'No new permanent', text: 'The object that merges leaves the zone it was in and becomes a part of a permanent on the battlefield; that permanent does not count as having just entered the battlefield.' },
  '730.2c': { title: 'Still the same object', text: 'A merged permanent is the object it was before: it has not just come under anyone\'s control, and the effects that applied to it go on applying.' },
  '730.2d': { title: 'A token only on top', text: 'A merged permanent with a token among its components counts as a token only when the component on top is one.' },
  '730.2i': { title: 'Merged double-faced cards', text: 'A merged permanent is never a double-faced permanent, even with double-faced cards among its components. Transforming (or converting) it turns over each of those components that can transform.',
    earlier: [{ before: '2025-11-14', text: 'A merged permanent is never a double-faced permanent, even with double-faced cards among its components. Transforming it turns over each of its transforming double-faced components.' }] },
  '730.3': { title: 'A merged permanent leaving', text: 'As a merged permanent leaves the battlefield, it leaves as one permanent, and each of its cards and tokens goes to the zone it was headed for, each as a new object of its own.' },
};

/** The mark of a mutating spell on the stack (Merge, board.ts): one shared value, it holds nothing. */
const MUTATING: Merge = { kind: 'spell' };

/** Mutate is a static ability of the card (702.140a): gone from a card that lost all its abilities. */
function hasMutate(card: CardObj): boolean {
  return hasAbility(card, { kind: 'keyword', name: 'mutate' });
}

/** Why `t` is not a legal target for the mutating spell `spell` (702.140a; 702.16b, 702.11, 702.18a), or undefined. */
export function mutateTargetProblem(spell: CardObj, t: Host): Problem | undefined {
  if (!isCard(t)) return { rules: ['702.140a', '115.1'], why: msg`${t.id} is a player, and a mutating spell targets a creature` };
  if (t === spell) return { rules: ['702.140a', '115.1'], why: msg`a spell can't target itself: as it is cast it is on the stack, not a creature on the battlefield` };
  if (t.zone !== 'battlefield') return { rules: ['702.140a', '115.1'], why: msg`${t.id} is not on the battlefield (it is ${inZone(t.zone)}), and a mutating spell targets a creature there` };
  if (t.phasedOut !== 'no') return { rules: ['702.26b'], why: msg`${t.id} is phased out, and a phased-out permanent is treated as though it doesn't exist` };
  if (!isCreature(t)) return { rules: ['702.140a'], why: msg`${describe(t)} is not a creature` };
  if (t.subtypes.has('Human')) return { rules: ['702.140a'], why: msg`${describe(t)} is a Human, and a mutating spell targets a non-Human creature` };
  if (t.owner !== spell.owner) return { rules: ['702.140a'], why: msg`${t.id} is owned by ${t.owner ?? msg`nobody`}, and a mutating spell targets a creature with the same owner as the spell, ${spell.owner ?? msg`nobody`}` };
  const prot = protectionAgainst(t, spell, 'target');
  if (prot) return { rules: ['702.16b', ...prot.rules], why: msg`${t.id} has protection from ${prot.quality}, so it can't be the target of ${spell.id}` };
  return keywordTargetProblem(t, spell, spell.controller, spell.id);
}

/**
 * `cast X mutating onto T` (702.140a): X must have mutate and T must be a legal target as X is cast
 * (601.2c). Reported when not (the cast doesn't happen); true when the cast may go on.
 */
export function mutatingCast(replay: Replay, spell: CardObj, target: Host, ev: Extract<EventNode, { kind: 'cast' }>): boolean {
  if (!hasMutate(spell)) {
    const lost = spell.lost.has('all') ? msg` (it lost all its abilities)` : msg``;
    replay.report('impossible-event', ev.mutating!, msg`${spell.id} has no mutate${lost}, and only a creature card with mutate can be cast as a mutating creature spell. The cast doesn't happen. Declare the card with \`mutate\` if it has it, or write \`cast ${spell.id}\`.`, { rules: ['702.140a'], subjects: [spell.id] });
    return false;
  }
  if (!isCreature(spell)) {
    replay.report('impossible-event', ev.mutating!, msg`${describe(spell)} is not a creature, and a mutating spell is a creature spell: mutate is found on creature cards. The cast doesn't happen. Remove \`mutating onto ${target.id}\`, or declare the card a creature.`, { rules: ['702.140a'], subjects: [spell.id] });
    return false;
  }
  const problem = mutateTargetProblem(spell, target);
  if (!problem) return true;
  replay.report('impossible-event', ev.target!.range, msg`${spell.id} can't be cast mutating onto ${target.id}: ${problem.why}. A mutating spell's target must be legal as it is cast, so the cast doesn't happen and ${spell.id} stays ${inZone(spell.zone)}. Cast it mutating onto a non-Human creature its owner owns, cast it without mutate (\`cast ${spell.id}\`), or remove the line.`, {
    rules: ['601.2c', ...problem.rules],
    subjects: [spell.id, target.id],
  });
  return false;
}

/** The cast went on: X is on the stack as a mutating creature spell, and the board looks for merged permanents from now on. */
export function castMutating(replay: Replay, spell: CardObj): void {
  spell.merge = MUTATING;
  replay.board.merges = true;
}

/**
 * `resolve X [on top | underneath]` of a mutating spell (702.140b, 702.140c), or `on top` / `underneath`
 * written for a spell that isn't one. `enter` puts the spell onto the battlefield as the creature spell it
 * becomes with an illegal target (spells.ts, which knows how a spell's permanent enters).
 */
export function resolveMutating(replay: Replay, ev: Extract<EventNode, { kind: 'resolve' }>, spell: CardObj, enter: () => void): void {
  if (spell.merge?.kind !== 'spell') {
    replay.report('impossible-event', ev.mergeOn!.range, msg`${spell.id} is not a mutating spell (it was not cast \`mutating onto\` a creature), so nothing merges and there is no top or bottom to choose: the line doesn't happen. Remove \`${ev.mergeOn!.text}\`.`, { rules: ['702.140c'], subjects: [spell.id] });
    return;
  }
  const ref = spell.stackTarget;
  const target = ref ? replay.board.refTarget(ref) : undefined;
  const problem: Problem | undefined = !target
    ? { rules: ['608.2b'], why: msg`its target no longer exists` }
    : isCard(target) && ref!.kind === 'card' && target.version !== ref!.version
      ? { rules: ['400.7'], why: msg`${target.id} changed zones after ${spell.id} was cast, so it is a new object the spell never targeted` }
      : mutateTargetProblem(spell, target);
  if (problem) {
    // 702.140b: no longer mutating, it resolves as a creature spell (608.3b) and enters under its controller.
    replay.report('target-illegal-on-resolution', ev.range, msg`${spell.id}'s target is illegal as it resolves (${problem.why}), so it stops being a mutating spell and resolves as a creature spell: it enters the battlefield on its own, nothing merges, and what is attached to ${target?.id ?? msg`its target`} stays where it is. That is the rules' outcome: if it is meant, an \`expect ${spell.id} in battlefield\` line after it shows so; if not, keep the target legal until it resolves.`, {
      rules: ['608.3b', '702.140b', ...problem.rules],
      subjects: [spell.id, ...(target ? [target.id] : [])],
    });
    spell.stackTarget = undefined;
    enter();
    if (replay.noting) replay.note(() => msg`${spell.id} resolves as a creature (702.140b)`);
    return;
  }
  if (!ev.mergeOn) {
    // The line doesn't say where the spell goes: the replay can't choose for the player (702.140c).
    // Two fixes, neither safe: which one is the player's choice.
    const end = { range: { start: ev.range.end, end: ev.range.end }, newText: '' };
    replay.report('impossible-event', ev.range, msg`${spell.id} merges with ${target!.id} as it resolves, and its controller chooses whether it goes on top of ${target!.id} or underneath, which decides what the merged permanent is. The line doesn't say, so it doesn't happen and ${spell.id} stays on the stack. Write \`resolve ${spell.id} on top\` or \`resolve ${spell.id} underneath\`.`, {
      rules: ['702.140c', '702.140e'],
      fixes: [titledFix(msg`Merge ${spell.id} on top of ${target!.id}`, false, [{ ...end, newText: ' on top' }]), titledFix(msg`Merge ${spell.id} underneath ${target!.id}`, false, [{ ...end, newText: ' underneath' }])],
      subjects: [spell.id, target!.id],
    });
    return;
  }
  spell.stackTarget = undefined;
  mergeWith(replay, spell, target as CardObj, ev.mergeOn.text === 'on top');
}

/**
 * `spell` merges with the permanent `host` (702.140c, 730.2), on top or underneath. `host` stays the
 * object it is (730.2b, 730.2c): nothing attached to it moves, and its counters, control and timestamp
 * stay. It takes the characteristics of its top card with the abilities of every card (702.140e), the
 * effects on it applying over them (takeValues), and the state-based actions look at it and at what is
 * attached to it anew.
 */
function mergeWith(replay: Replay, spell: CardObj, host: CardObj, onTop: boolean): void {
  const board = replay.board;
  const was = host.merge?.kind === 'permanent' ? host.merge : undefined;
  const own = was?.own ?? { printed: host.printed, name: host.name, token: host.token };
  // The lists are pushed to in place only while this board owns them; a copy of the board shares them, so
  // the first merge after a copy takes both lists as its own (the new record says this board owns them).
  const mine = was !== undefined && was.token === board.ownToken;
  const over = mine ? (was.over as string[]) : [...(was?.over ?? [])];
  const under = mine ? (was.under as string[]) : [...(was?.under ?? [])];
  (onTop ? over : under).push(spell.id);
  host.merge = { kind: 'permanent', over, under, token: board.ownToken, own };
  // 702.140e, 730.2a: the top card's characteristics, with every card's abilities.
  const printed = mergedPrinted(onTop ? spell.printed : host.printed, host.printed, spell.printed);
  takeValues(replay.board, host, printed, onTop ? spell.name : host.name);
  // 730.2d: a token only when its top component is one.
  if (onTop) host.token = spell.token;
  // The card is a part of the permanent from now on (730.2b): in no zone, no longer on the stack.
  spell.merge = { kind: 'part', into: host.id };
  spell.zone = MERGED;
  spell.version++;
  replay.board.setController(spell, host.controller);
  valuesTaken(replay.board, host);
  if (replay.noting) replay.note(() => (onTop ? msg`${spell.id} merges with ${host.id}, on top: ${host.id} is ${host.name} now (${describe(host)}), cards ${mergedCardsText(host.id, host.merge as Extract<Merge, { kind: 'permanent' }>)}` : msg`${spell.id} merges with ${host.id}, underneath: ${host.id} keeps its characteristics (${describe(host)}) and gains ${spell.id}'s abilities`));
  // The same object with new characteristics: what is attached is judged by them (704.5m, 704.5n).
  touch(replay, host);
}

/** A list with the items of `more` that `list` lacks added (the list itself when it lacks none: copy on write). */
function joined<T>(list: readonly T[], more: readonly T[], same: (a: T, b: T) => boolean): readonly T[] {
  let out: T[] | undefined;
  for (const x of more) {
    if (list.some((y) => same(x, y)) || out?.some((y) => same(x, y))) continue;
    (out ??= [...list]).push(x);
  }
  return out ?? list;
}

/** A set with the members of `more` added (the set itself when it has them all). */
function united<T>(set: ReadonlySet<T>, more: ReadonlySet<T>): ReadonlySet<T> {
  let out: Set<T> | undefined;
  for (const x of more) if (!set.has(x)) (out ??= new Set(set)).add(x);
  return out ?? set;
}

const identical = <T>(a: T, b: T): boolean => a === b;

/**
 * The printed characteristics of a merged permanent (702.140e, 730.2a): those of `top` but its abilities,
 * which are those of `all` (the permanent's, every card's so far) with the card `added`'s. Repeated
 * abilities are kept once, so many merges of like cards keep the lists short.
 */
export function mergedPrinted(top: Characteristics, all: Characteristics, added: Characteristics): Characteristics {
  const protections: string[] = [...all.protections];
  const protectionKeeps = [...all.protectionKeeps];
  added.protections.forEach((q, i) => {
    const keep = added.protectionKeeps[i];
    if (protections.some((p, j) => p === q && protectionKeeps[j] === keep)) return;
    protections.push(q);
    protectionKeeps.push(keep);
  });
  const out: Characteristics = {
    supertypes: top.supertypes,
    types: top.types,
    subtypes: top.subtypes,
    colors: top.colors,
    protections: protections.length === all.protections.length ? all.protections : protections,
    protectionKeeps: protections.length === all.protections.length ? all.protectionKeeps : protectionKeeps,
    lost: top.lost,
    targeting: joined(all.targeting, added.targeting, (a, b) => a.name === b.name && a.quality === b.quality && a.cost === b.cost),
    enchant: joined(all.enchant, added.enchant, identical),
    equipQuality: all.equipQuality ?? added.equipQuality,
    equipPlaneswalker: top.equipPlaneswalker,
    creatureAt: top.creatureAt,
    hasEquip: all.hasEquip || added.hasEquip,
    reconfigure: all.reconfigure || added.reconfigure,
    bestow: all.bestow || added.bestow,
    cant: united(all.cant, added.cant),
    might: top.might,
    mightBonus: top.mightBonus,
    toughness: top.toughness,
    toughnessBonus: top.toughnessBonus,
    power: top.power,
    powerBonus: top.powerBonus,
    honePower: top.honePower,
    keywords: joined(all.keywords, added.keywords, identical),
    keywordValues: top.keywordValues,
    grants: joined(all.grants, added.grants, identical),
    choosesColor: all.choosesColor || added.choosesColor,
    choosesColorEntering: all.choosesColorEntering || added.choosesColorEntering,
    abilityLog: all.abilityLog,
    kinds: 0,
  };
  out.kinds = kindsOf(out);
  return out;
}

/**
 * Called by moveTo as `card`, which has a part in a merge, changes zones. A mutating spell leaving the
 * stack (countered, or entering as a creature) is no longer mutating. A merged permanent leaving the
 * battlefield (730.3) is its own card again (what it was before the first merge: the new object takes
 * those printed characteristics back, resetCharacteristics), and its other cards are returned for moveTo
 * to move to the same zone, each a new object.
 */
export function unmerged(replay: Replay, card: CardObj): CardObj[] | undefined {
  const m = card.merge!;
  card.merge = undefined;
  if (m.kind !== 'permanent') return undefined;
  card.printed = m.own.printed;
  replay.board.rename(card, m.own.name);
  card.token = m.own.token;
  card.modified = true;
  const parts: CardObj[] = [];
  for (const id of mergedCards(card.id, m)) {
    if (id === card.id) continue;
    const part = replay.board.cards.get(id)!;
    part.merge = undefined;
    parts.push(part);
  }
  if (replay.noting) replay.note(() => msg`${card.id} leaves the battlefield as one permanent, and each of its cards goes on its own (730.3): ${mergedCardsText(card.id, m)}`);
  return parts;
}
