// MTG destruction that doesn't happen: a permanent with indestructible can't be destroyed (702.12b), and an Aura
// with umbra armor is destroyed instead of the permanent it enchants (702.89a). Both are about `destroy X` only:
// sacrificing, exiling or moving a permanent to a graveyard is not destroying it. The replay does what the rules
// do and says so (`not-destroyed`, an information): a legal outcome, not a mistake.
import type { EventNode } from '../../parser/ast';
import type { CardObj } from '../../engine/board';
import type { Replay } from '../../engine/replay';
import type { RuleExplanation } from './explanations';
import { grantedBy, hasAbility } from '../../engine/abilities';
import { isAura } from './characteristics';
import { addCounters, countersText } from '../../engine/counters';
import { regenerates } from './regeneration';
import { msg, type Message } from '../../message';

/** The rules of this module, explained (assembled into the game's rules in explanations.ts). */
export const EXPLAINED: Record<string, RuleExplanation> = {
  '702.12b': { title: 'Indestructible', text: 'Nothing destroys a permanent that has indestructible: an effect that says "destroy" leaves it where it is, and lethal damage doesn\'t kill it either. Sacrificing or exiling it still works.' },
  // The rules before 2024-06-07 call the ability totem armor and have no 702.89b (versions.ts).
  '702.89a': { title: 'Umbra armor', text: 'Umbra armor, found on Auras, replaces the destruction of the permanent the Aura enchants: the Aura is destroyed in its place and the damage on the permanent is removed.',
    earlier: [{ before: '2024-06-07', title: 'Totem armor', text: 'Totem armor, found on Auras, replaces the destruction of the permanent the Aura enchants: the Aura is destroyed in its place and the damage on the permanent is removed.' }] },
  '702.89': { title: 'Umbra armor', text: 'Umbra armor is a keyword ability of some Auras: when the permanent the Aura enchants would be destroyed, the Aura is destroyed in its place and the damage on the permanent is removed (702.89a). Older cards call it totem armor (702.89b).',
    earlier: [{ before: '2024-06-07', title: 'Totem armor', text: 'Totem armor is a keyword ability of some Auras: when the permanent the Aura enchants would be destroyed, the Aura is destroyed in its place and the damage on the permanent is removed (702.89a). Later rules name it umbra armor; a scenario may write either.' }] },
  '702.89b': { title: 'Totem armor', text: 'Totem armor is the name umbra armor had on older printed cards. Their Oracle text now says umbra armor, and it is the same ability; a scenario may write either.' },
  '122.1c': { title: 'Shield counters', text: 'Shield counters on a permanent protect it twice over: an effect that would destroy it removes a shield counter instead, and damage that would be dealt to it is prevented and a shield counter removed. The state-based actions still destroy it for lethal damage already marked.' },
  '616.1': { title: 'Several replacement effects', text: 'When more than one replacement or prevention effect could change how one event affects an object, the controller of that object (its owner if nobody controls it), or the affected player, picks which one applies first.' },
};

/** Indestructible (702.12b), as abilities are looked up: one object for every module that asks. */
export const INDESTRUCTIBLE = { kind: 'keyword', name: 'indestructible' } as const;
const UMBRA_ARMOR = { kind: 'keyword', name: 'umbra armor' } as const;

/** Can this attachment's umbra armor replace its creature's destruction: an Aura on the battlefield, phased in, with the ability (702.89a)? */
export function umbraArmorApplies(a: CardObj): boolean {
  return a.zone === 'battlefield' && a.phasedOut === 'no' && isAura(a) && hasAbility(a, UMBRA_ARMOR);
}

/**
 * `destroy X` of a permanent on the battlefield that isn't destroyed: it has indestructible, a shield
 * counter is removed instead (122.1c), or an Aura with umbra armor is destroyed instead (`destroy` moves
 * that Aura: its own zone change). Reports it and returns true when the permanent stays; the caller moves
 * it otherwise.
 */
export function destructionReplaced(
  replay: Replay,
  card: CardObj,
  ev: EventNode,
  destroy: (replay: Replay, c: CardObj, ev: EventNode) => void,
  graveyard: (replay: Replay, c: CardObj) => { zone: 'graveyard' | 'exile'; by?: CardObj },
): boolean {
  // (The words are made in functions of their own: a closure here reading `card` would make every destroy allocate.)
  if (hasAbility(card, INDESTRUCTIBLE)) {
    indestructible(replay, card, ev);
    return true;
  }
  // An Aura with umbra armor on it destroyed earlier in the same step of a group: destroyed at the same
  // time, its umbra armor applies to this destruction too (702.89a), whichever was written first.
  if (replay.grouped) {
    const gone = replay.umbraDestroyedFrom(card.id);
    if (gone !== undefined) {
      umbraAtOnce(replay, card, gone, ev);
      return true;
    }
  }
  // The Auras on it whose umbra armor can apply (on the battlefield, phased in, with their abilities), oldest first.
  let umbras: CardObj[] | undefined;
  for (const id of card.attachments) {
    const a = replay.board.cards.get(id)!;
    if (umbraArmorApplies(a)) (umbras ??= []).push(a);
  }
  if (card.shieldCounters !== 0) {
    shielded(replay, card, ev, umbras);
    return true;
  }
  if (card.regenShields !== 0) {
    regenerated(replay, card, ev, umbras);
    return true;
  }
  if (umbras === undefined) return false;
  umbras.sort((x, y) => x.timestamp - y.timestamp);
  const aura = umbras[0];
  const others = umbras.slice(1).map((a) => a.id);
  const choice = others.length === 0 ? msg`` : msg` Each of ${umbras.map((a) => a.id).join(', ')} has umbra armor, and ${card.id}'s controller chooses which one applies; the replay takes the oldest, ${aura.id}: if another was chosen, write its destruction (\`destroy ${others[0]}\`) in place of this line.`;
  // 702.89a: all damage is removed from the permanent, whatever becomes of the Aura.
  card.damage = 0;
  // The Aura itself may be indestructible (702.12b): the destruction was replaced all the same, and it stays
  // attached. Otherwise it is destroyed, and a replacement may exile it instead of its graveyard (614.1a).
  const stays = hasAbility(aura, INDESTRUCTIBLE);
  const to = stays ? undefined : graveyard(replay, aura);
  const rules = ['702.89a', ...(stays ? ['702.12b'] : to!.by ? ['614.1a'] : []), ...(others.length ? ['616.1'] : [])];
  replay.report('not-destroyed', ev.range, umbraText(card, aura, choice, stays, to?.by), { rules, subjects: [card.id, aura.id, ...others] });
  if (replay.noting) noteNotDestroyed(replay, stays ? msg`not destroyed: ${aura.id}'s umbra armor applies, and ${aura.id}, indestructible, stays` : msg`not destroyed: ${aura.id} destroyed instead (umbra armor)`);
  if (!stays) {
    destroy(replay, aura, ev);
    // A later part of the same resolution that destroys it too ("destroy all creatures and enchantments") finds it done.
    replay.replacementMoved(aura);
  }
  return true;
}

/** `card` destroyed in the same step as `aura`, its Aura with umbra armor, destroyed earlier in it: the umbra armor replaces its destruction (702.89a). */
function umbraAtOnce(replay: Replay, card: CardObj, aura: CardObj, ev: EventNode): void {
  card.damage = 0;
  replay.report('not-destroyed', ev.range, msg`${card.id} isn't destroyed: ${aura.id}, the Aura with umbra armor on it, is destroyed at the same time (an earlier part of this step), so its umbra armor applies: ${card.id}'s destruction is replaced by ${aura.id}'s, and the damage on ${card.id} is removed. That is the rules' outcome, whichever of the two is written first: if it is meant, add an \`expect ${card.id} in battlefield\` line after the group.`, {
    rules: ['702.89a'],
    subjects: [card.id, aura.id],
  });
  if (replay.noting) noteNotDestroyed(replay, msg`not destroyed: ${aura.id}'s umbra armor applies (destroyed at the same time)`);
}

/**
 * What umbra armor did (702.89a), and the line that records it: the Aura destroyed into its owner's
 * graveyard; exiled instead by a replacement (`by`, 614.1a); or, indestructible, not destroyed at all and
 * still attached (702.12b).
 */
function umbraText(card: CardObj, aura: CardObj, choice: Message, stays: boolean, by: CardObj | undefined): Message {
  if (stays) return msg`${card.id} isn't destroyed: ${aura.id} has umbra armor, so the damage on ${card.id} is removed and ${aura.id} would be destroyed instead, but ${aura.id} has indestructible, so it isn't destroyed either and stays attached to ${card.id}.${choice} That is the rules' outcome: if it is meant, add an \`expect ${aura.id} attached to ${card.id}\` line after it.`;
  if (by === undefined) return msg`${card.id} isn't destroyed: ${aura.id} has umbra armor, so ${aura.id} is destroyed instead and the damage on ${card.id} is removed.${choice} That is the rules' outcome: if it is meant, add an \`expect ${aura.id} in graveyard\` line after it.`;
  const exiler = by === aura ? msg`its own replacement exiles it instead of putting it into a graveyard` : msg`${by.id}'s replacement exiles it instead of putting it into a graveyard`;
  return msg`${card.id} isn't destroyed: ${aura.id} has umbra armor, so the damage on ${card.id} is removed and ${aura.id} is destroyed instead, but ${exiler}.${choice} That is the rules' outcome: if it is meant, add an \`expect ${aura.id} in exile\` line after it.`;
}

/**
 * A shield counter replaces the destruction (122.1c): one is removed, and the permanent stays. With a
 * regeneration shield or umbra armor also on it, its controller chooses which applies (616.1); the replay
 * takes the shield counter.
 */
function shielded(replay: Replay, card: CardObj, ev: EventNode, umbras: CardObj[] | undefined): void {
  addCounters(replay, card, 'shield', -1);
  const regen = card.regenShields !== 0 ? msg` A regeneration shield could apply too, and ${card.id}'s controller chooses which one does; the replay takes the shield counter.` : msg``;
  const choice = umbras === undefined ? regen : msg` ${umbras[0].id}'s umbra armor could apply too, and ${card.id}'s controller chooses which one does; the replay takes the shield counter: if the umbra armor was chosen, write \`destroy ${umbras[0].id}\` in place of this line.`;
  replay.report('not-destroyed', ev.range, msg`${card.id} isn't destroyed: it has a shield counter, so a shield counter is removed from it instead.${choice} That is the rules' outcome: if it is meant, add an \`expect ${card.id} has ${countersText('shield', card.shieldCounters)}\` line after it.`, {
    rules: umbras === undefined && card.regenShields === 0 ? ['122.1c'] : ['122.1c', '616.1'],
    subjects: [card.id],
  });
  if (replay.noting) noteNotDestroyed(replay, msg`not destroyed: a shield counter removed from ${card.id}`);
}

/**
 * A regeneration shield replaces the destruction (701.19a): the permanent stays, its damage removed, and
 * is tapped. With umbra armor also on it, its controller chooses (616.1); the replay takes the shield.
 */
function regenerated(replay: Replay, card: CardObj, ev: EventNode, umbras: CardObj[] | undefined): void {
  // An attacking or blocking creature that regenerates is removed from combat (701.19a, 506.4).
  const fighting = card.combat !== undefined;
  regenerates(replay, card);
  const choice = umbras === undefined ? msg`` : msg` ${umbras[0].id}'s umbra armor could apply too, and ${card.id}'s controller chooses which one does; the replay takes the regeneration shield: if the umbra armor was chosen, write \`destroy ${umbras[0].id}\` in place of this line.`;
  const instead = fighting ? msg`its damage is removed, it is tapped and it is removed from combat instead` : msg`its damage is removed and it is tapped instead`;
  replay.report('not-destroyed', ev.range, msg`${card.id} isn't destroyed: it regenerates, so ${instead}.${choice} That is the rules' outcome: if it is meant, add an \`expect ${card.id} tapped\` line after it.`, {
    rules: [...(umbras === undefined ? ['701.19a'] : ['701.19a', '616.1']), ...(fighting ? ['506.4'] : [])],
    subjects: [card.id],
  });
}

function indestructible(replay: Replay, card: CardObj, ev: EventNode): void {
  const by = grantedBy(card, 'indestructible');
  replay.report('not-destroyed', ev.range, msg`${card.id} has indestructible${by ? msg` (given by ${by})` : msg``}, so it can't be destroyed: it stays on the battlefield, and nothing happens. That is the rules' outcome: if it is meant, add an \`expect ${card.id} in battlefield\` line after it; if not, remove indestructible first, or write a sacrifice or an exile instead.`, {
    rules: ['702.12b', ...(by ? ['613.1f'] : [])],
    subjects: [card.id],
  });
  if (replay.noting) noteNotDestroyed(replay, msg`not destroyed: ${card.id} has indestructible`);
}

function noteNotDestroyed(replay: Replay, note: Message): void {
  replay.note(() => note);
}
