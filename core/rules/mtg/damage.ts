// MTG toughness and damage: what an attachment's bonus keeps alive. `toughness N` is a creature's printed
// toughness, `equipped creature gets +4/+4` an attachment's change to it (layer 7c, 613.4c), `deal N damage
// to X` marks damage (120.3e). The state-based actions: toughness 0 or less puts the creature into its
// owner's graveyard (704.5f: no destruction, so indestructible and umbra armor don't save it); damage at
// least its toughness destroys it (704.5g: they do).
import type { CardStmt, EventNode } from '../../parser/ast';
import { type CardObj, effectiveToughness, isCard } from '../../engine/board';
import type { Obligation, Replay } from '../../engine/replay';
import type { RuleExplanation } from './explanations';
import { isCreature } from './characteristics';
import { umbraArmorApplies } from './destruction';
import { hasAbility } from '../../engine/abilities';
import { isPhasedOut, phasedOutSubject } from './phasing';
import { dyingAs, markDamage, noDamage, statWords } from '../../engine/damage';
import { msg, type Message } from '../../message';

/** The rules of this module, explained (assembled into the game's rules in explanations.ts). */
export const EXPLAINED: Record<string, RuleExplanation> = {
  '208.1': { title: 'Power and toughness', text: 'A creature card prints its power and toughness in its lower right corner; only creatures have them, so "gets +1/+1" reads only on something that is a creature.' },
  '120.1': { title: 'What can be dealt damage', text: 'Damage is dealt only to creatures, planeswalkers, battles and players.' },
  '120.3e': { title: 'Damage to a creature', text: 'Damage dealt to a creature (by a source without wither or infect) is marked on it.' },
  '120.6': { title: 'Marked damage', text: 'Damage stays marked on a creature until the cleanup step, even if it stops being a creature. Marked damage that reaches its toughness is lethal: the state-based actions destroy it.' },
  '120.8': { title: 'Zero damage', text: 'A source that would deal 0 damage deals no damage at all: nothing is marked and nothing triggers.' },
  '613.4c': { title: 'Layer 7c: changes to power and toughness', text: 'Effects that add to or subtract from power and toughness without setting them, such as an Equipment\'s "equipped creature gets +2/+2" or an Aura\'s "-1/-1", apply in layer 7c, after the values set in the layers before it.' },
  '704.5f': { title: 'Toughness 0 or less', text: "A creature with toughness 0 or less is put into its owner's graveyard as a state-based action. It is not destroyed, so neither indestructible nor regeneration saves it." },
  '704.5g': { title: 'Lethal damage', text: 'A creature with toughness above 0 whose marked damage is at least its toughness has been dealt lethal damage and is destroyed as a state-based action; since it is destroyed, indestructible, regeneration and umbra armor can save it.' },
};

const INDESTRUCTIBLE = { kind: 'keyword', name: 'indestructible' } as const;

/** `deal N damage to X`: damage is marked on a creature (120.3e), and the state-based actions look at it. */
export function dealEvent(replay: Replay, ev: Extract<EventNode, { kind: 'damage' }>): void {
  const x = replay.lookup(ev.subject);
  if (!x || noDamage(replay, ev)) return;
  // A player loses life (120.3a), which decides nothing about attachments.
  if (!isCard(x)) {
    if (x.left) {
      replay.report('impossible-event', ev.range, msg`${x.id} has left the game, and nothing in it can deal damage to them. Remove the line.`, { rules: ['800.4a'], subjects: [x.id] });
      return;
    }
    if (replay.noting) replay.note(() => msg`${x.id} is dealt ${ev.amount} damage`);
    return;
  }
  if (x.zone !== 'battlefield') {
    replay.report('impossible-event', ev.range, msg`${x.id} is not on the battlefield, and only creatures, planeswalkers and battles on it (and players) can be dealt damage. Remove the line.`, { rules: ['120.1'], subjects: [x.id] });
    return;
  }
  if (isPhasedOut(x) && phasedOutSubject(replay, x, ev, msg`dealing it damage`)) return;
  if (!isCreature(x)) {
    const other = x.types.has('planeswalker') || x.types.has('battle');
    if (!other) {
      replay.report('impossible-event', ev.range, msg`${x.id} is not a creature, planeswalker or battle, and only those (and players) can be dealt damage. Remove the line, or make it a creature first.`, { rules: ['120.1'], subjects: [x.id] });
      return;
    }
    // Damage to a planeswalker or battle removes counters (120.3c), which decide nothing about attachments.
    if (replay.noting) replay.note(() => msg`${x.id} is dealt ${ev.amount} damage`);
    return;
  }
  markDamage(replay, x, ev.amount);
  if (replay.noting) replay.note(() => msg`${x.id} has ${x.damage} damage marked on it`);
}

/** What a state-based action of toughness or damage puts into a graveyard: the creature, or the Aura whose umbra armor saves it. */
export interface ToGraveyard {
  card: CardObj;
  rules: string[];
  why: Obligation['why'];
}

/**
 * The state-based actions of a creature's toughness and damage (704.5f, 704.5g), for a creature on the
 * battlefield, phased in, whose toughness the scenario states: what goes to a graveyard (the caller
 * moves it), or undefined. With umbra armor the damage is removed here.
 */
export function toughnessActions(replay: Replay, c: CardObj): ToGraveyard | undefined {
  if (!isCreature(c)) return undefined;
  const t = effectiveToughness(c)!;
  if (t <= 0) return { card: c, rules: statRules(c, ['704.5f']), why: zeroToughnessWhy(c, t) };
  if (c.damage === 0 || c.damage < t) return undefined;
  // Lethal damage destroys it (704.5g): indestructible stops that, umbra armor replaces it.
  if (hasAbility(c, INDESTRUCTIBLE)) return undefined;
  const aura = umbraArmorOn(replay, c);
  if (aura) {
    // 702.89a: the Aura is destroyed instead, and the damage is removed; an indestructible Aura stays (702.12b), the damage removed all the same.
    const why = umbraWhy(c, t, aura);
    c.damage = 0;
    if (hasAbility(aura, INDESTRUCTIBLE)) {
      if (replay.noting) replay.note(() => msg`the damage on ${c.id} is removed; ${aura.id}, indestructible, stays (umbra armor)`);
      return undefined;
    }
    return { card: aura, rules: ['704.5g', '702.89a'], why };
  }
  return { card: c, rules: statRules(c, ['704.5g', '120.6']), why: lethalWhy(c, t) };
}

/**
 * The rules of a death by toughness, with those of what changed it: 613.4c when an attachment's bonus
 * counts now, or counted for this object before (the one it lost); 122.1a when counters count now.
 */
function statRules(c: CardObj, rules: string[]): string[] {
  if (c.boost !== 0 || c.boosted) rules.push('613.4c');
  if (c.plusCounters !== 0 || c.minusCounters !== 0) rules.push('122.1a');
  return rules;
}

/**
 * The Aura with umbra armor on `c` that applies (destruction.ts's test), the first attached: a host's
 * attachments are kept in the order they became attached, their timestamps' order (613.7e), so it is the
 * oldest unless they entered attached in one resolution (restamped in APNAP order, 613.7m). Found
 * without looking further, so many such Auras on one creature dying in turn cost one look each.
 */
function umbraArmorOn(replay: Replay, c: CardObj): CardObj | undefined {
  for (const id of c.attachments) {
    const a = replay.board.cards.get(id)!;
    if (umbraArmorApplies(a)) return a;
  }
  return undefined;
}

function zeroToughnessWhy(c: CardObj, t: number): () => Message {
  const s = dyingAs(c, t, c.toughness!);
  return () => msg`${s.id} has ${statWords(s, 'toughness')}, and a creature with toughness 0 or less is put into its owner's graveyard (not destroyed: indestructible doesn't save it)`;
}

function lethalWhy(c: CardObj, t: number): () => Message {
  const s = dyingAs(c, t, c.toughness!);
  return () => msg`${s.id} has ${s.damage} damage marked on it and ${statWords(s, 'toughness')}: that is lethal damage, and it is destroyed`;
}

function umbraWhy(c: CardObj, t: number, aura: CardObj): () => Message {
  const s = dyingAs(c, t, c.toughness!);
  return () => msg`${s.id} was dealt lethal damage (${s.damage} marked, ${statWords(s, 'toughness')}), and ${aura.id}'s umbra armor destroys ${aura.id} instead and removes the damage`;
}

/**
 * The declared board: a creature on the battlefield whose toughness or marked damage would make it die at
 * once is a board no game can be in. Reported at its `toughness` (or `damage`) property; the replay
 * reads the declaration without that property.
 */
export function declaredToughness(replay: Replay, c: CardObj, st: CardStmt): void {
  if (c.toughness === undefined || c.zone !== 'battlefield' || c.phasedOut !== 'no' || !isCreature(c)) return;
  const t = effectiveToughness(c)!;
  // Lethal damage on an indestructible creature is a board a game can be in (702.12b); with umbra armor it is not (the Aura would go, 702.89a).
  const lethal = t > 0 && c.damage >= t && !hasAbility(c, INDESTRUCTIBLE);
  if (t > 0 && !lethal) return;
  const at = st.props.find((p) => p.kind === (t <= 0 ? 'toughness' : 'damage')) ?? st.props.find((p) => p.kind === 'toughness')!;
  replay.report(
    'syntax-error',
    at.range,
    t <= 0
      ? msg`${c.id} is a creature on the battlefield with ${statWords(dyingAs(c, t, c.toughness), 'toughness')}: it would be put into its owner's graveyard at once, so no board has it there. Change its toughness, attach what keeps it alive (\`attached to\`), or declare it in another zone.`
      : msg`${c.id} is a creature on the battlefield with ${c.damage} damage marked on it and ${statWords(dyingAs(c, t, c.toughness), 'toughness')}: that is lethal damage, so no board has it there. Mark less damage, or declare it in another zone.`,
    { rules: statRules(c, t <= 0 ? ['704.5f'] : ['704.5g', '120.6']), subjects: [c.id] },
  );
  // The replay goes on without what it reported, so that nothing reports it again at the first event that touches the card.
  if (t <= 0) c.toughness = undefined;
  else c.damage = 0;
}
