// MTG toughness and damage: what an attachment's bonus keeps alive. `toughness N` is a creature's printed
// toughness, `equipped creature gets +4/+4` an attachment's change to it (layer 7c, 613.4c), `deal N damage
// to X` marks damage (120.3e). The state-based actions: toughness 0 or less puts the creature into its
// owner's graveyard (704.5f: no destruction, so indestructible and umbra armor don't save it); damage at
// least its toughness destroys it (704.5g: they do).
import type { CardStmt, EventNode } from '../../parser/ast';
import { anthemOf, type CardObj, effectiveToughness, isCard, type PlayerObj } from '../../engine/board';
import { addCounters, countersText, countersWords } from '../../engine/counters';
import { protectionAgainst } from './legality';
import type { Obligation, Replay } from '../../engine/replay';
import type { RuleExplanation } from './explanations';
import { isCreature } from './characteristics';
import { umbraArmorApplies, INDESTRUCTIBLE } from './destruction';
import { regenerates } from './regeneration';
import { hasAbility } from '../../engine/abilities';
import { isPhasedOut, phasedOutSubject } from './phasing';
import { dyingAs, markDamage, noDamage, statWords } from '../../engine/damage';
import { msg, type Message } from '../../message';

/** The rules of this module, explained (assembled into the game's rules in explanations.ts). */
export const EXPLAINED: Record<string, RuleExplanation> = {
  '208.1': { title: 'Power and toughness', text: 'A creature card prints its power and toughness in its lower right corner; only creatures have them, so "gets +1/+1" reads only on something that is a creature.' },
  '120.1': { title: 'What deals damage, and to what', text: 'Objects deal damage (the one that deals it is its source), and only to creatures, planeswalkers, battles and players.' },
  '120.3d': { title: 'Damage from wither or infect', text: 'A creature dealt damage by a source with wither or infect gets that many -1/-1 counters instead of marked damage.' },
  '702.2b': { title: 'Deathtouch', text: 'Any damage at all from a source with deathtouch is enough: the creature dealt it, if its toughness is above 0, is destroyed the next time the state-based actions are checked.' },
  '702.16e': { title: 'Protection prevents damage', text: 'Damage that a source with the protection\'s quality would deal to the permanent or player with the protection is prevented: none is dealt.' },
  '702.80a': { title: 'Wither', text: 'Wither turns the damage its source deals to a creature into -1/-1 counters, put on that creature by the source\'s controller, instead of damage marked on it.' },
  '702.90c': { title: 'Infect and creatures', text: 'Like wither, infect turns damage its source deals to a creature into as many -1/-1 counters on it.' },
  '704.5h': { title: 'Deathtouch damage', text: 'A creature with toughness above 0 that a source with deathtouch dealt damage to since the last check is destroyed as a state-based action; since it is destroyed, indestructible, regeneration and umbra armor can save it.' },
  '120.3e': { title: 'Damage to a creature', text: 'Damage dealt to a creature (by a source without wither or infect) is marked on it.' },
  '120.6': { title: 'Marked damage', text: 'Damage stays marked on a creature until the cleanup step, even if it stops being a creature. Marked damage that reaches its toughness is lethal: the state-based actions destroy it.' },
  '120.8': { title: 'Zero damage', text: 'A source that would deal 0 damage deals no damage at all: nothing is marked and nothing triggers.' },
  '613.4c': { title: 'Layer 7c: changes to power and toughness', text: 'Effects that add to or subtract from power and toughness without setting them, such as an Equipment\'s "equipped creature gets +2/+2" or an Aura\'s "-1/-1", apply in layer 7c, after the values set in the layers before it.' },
  '704.5f': { title: 'Toughness 0 or less', text: "A creature with toughness 0 or less is put into its owner's graveyard as a state-based action. It is not destroyed, so neither indestructible nor regeneration saves it." },
  '704.5g': { title: 'Lethal damage', text: 'A creature with toughness above 0 whose marked damage is at least its toughness has been dealt lethal damage and is destroyed as a state-based action; since it is destroyed, indestructible, regeneration and umbra armor can save it.' },
};

const DEATHTOUCH = { kind: 'keyword', name: 'deathtouch' } as const;
const WITHER = { kind: 'keyword', name: 'wither' } as const;
const INFECT = { kind: 'keyword', name: 'infect' } as const;
const EVERYTHING = { kind: 'protection', quality: 'everything' } as const;

/**
 * `deal N damage to X [from S]`: damage is marked on a creature (120.3e), and the state-based actions look
 * at it. What the source has decides what the damage does: protection from it prevents the damage
 * (702.16e), wither or infect makes it -1/-1 counters (120.3d), deathtouch makes it lethal (702.2b).
 */
export function dealEvent(replay: Replay, ev: Extract<EventNode, { kind: 'damage' }>): void {
  const x = replay.lookup(ev.subject);
  if (!x || noDamage(replay, ev)) return;
  const source = ev.source ? sourceOf(replay, ev, ev.source) : undefined;
  if (source === null) return;
  // A player loses life (120.3a), which decides nothing about attachments.
  if (!isCard(x)) {
    if (x.left) {
      replay.report('impossible-event', ev.range, msg`${x.id} has left the game, and nothing in it can deal damage to them. Remove the line.`, { rules: ['800.4a'], subjects: [x.id] });
      return;
    }
    if (prevented(replay, ev, x, source)) return;
    if (replay.noting) replay.note(() => msg`${x.id} is dealt ${ev.amount} damage`);
    return;
  }
  if (x.zone !== 'battlefield') {
    replay.report('impossible-event', ev.range, msg`${x.id} is not on the battlefield, and only creatures, planeswalkers and battles on it (and players) can be dealt damage. Remove the line.`, { rules: ['120.1'], subjects: [x.id] });
    return;
  }
  if (isPhasedOut(x) && phasedOutSubject(replay, x, ev, msg`dealing it damage`)) return;
  const creature = isCreature(x);
  if (!creature && !x.types.has('planeswalker') && !x.types.has('battle')) {
    replay.report('impossible-event', ev.range, msg`${x.id} is not a creature, planeswalker or battle, and only those (and players) can be dealt damage. Remove the line, or make it a creature first.`, { rules: ['120.1'], subjects: [x.id] });
    return;
  }
  if (prevented(replay, ev, x, source)) return;
  if (x.shieldCounters !== 0) return shieldPrevents(replay, ev, x);
  // Damage to a planeswalker or battle removes counters (120.3c), which decide nothing about attachments.
  if (!creature) {
    if (replay.noting) replay.note(() => msg`${x.id} is dealt ${ev.amount} damage`);
    return;
  }
  // Wither and infect: -1/-1 counters instead of marked damage (120.3d, 702.80a, 702.90c).
  if (source && (hasAbility(source, WITHER) || hasAbility(source, INFECT))) {
    addCounters(replay, x, '-1/-1', ev.amount);
    if (replay.noting) replay.note(() => msg`${x.id} gets ${countersWords('-1/-1', ev.amount)} (${source.id} has wither or infect)`);
  } else {
    markDamage(replay, x, ev.amount);
    if (replay.noting) replay.note(() => msg`${x.id} has ${x.damage} damage marked on it`);
  }
  // Deathtouch: damage dealt, marked or as counters, destroys it at the next state-based actions, whatever its toughness above 0 (702.2b, 704.5h).
  if (source && hasAbility(source, DEATHTOUCH)) {
    x.deathtouchFrom = source.id;
    replay.markDirty(x);
  }
}

/**
 * The source of `deal ... from S`: an object, wherever it is (120.2; wither works from any zone,
 * 702.80c), or undefined when the line names none. null when it can't be one (reported): a player, or a
 * phased-out permanent (treated as though it doesn't exist, 702.26b).
 */
function sourceOf(replay: Replay, ev: Extract<EventNode, { kind: 'damage' }>, name: NonNullable<typeof ev.source>): CardObj | null {
  const s = replay.lookup(name);
  if (!s) return null;
  if (!isCard(s)) {
    replay.report('impossible-event', name.range, msg`${s.id} is a player, and only objects deal damage: name the card that deals it (\`from CARD\`), or leave \`from\` out.`, { rules: ['120.1'], subjects: [s.id] });
    return null;
  }
  if (isPhasedOut(s) && phasedOutSubject(replay, s, ev, msg`the damage it would deal`)) return null;
  return s;
}

function preventedAdvice(x: CardObj | PlayerObj): Message {
  return isCard(x) ? msg`if it is meant, add an \`expect ${x.id} damage ${x.damage}\` line after it` : msg`if it is not meant, remove the line`;
}

/**
 * A shield counter prevents the damage and goes (122.1c): reported. Protection prevents it first when both
 * could (616.1: its controller chooses; the replay keeps the counter).
 */
function shieldPrevents(replay: Replay, ev: Extract<EventNode, { kind: 'damage' }>, x: CardObj): void {
  addCounters(replay, x, 'shield', -1);
  replay.report('damage-prevented', ev.range, msg`The damage is prevented: ${x.id} has a shield counter, so the damage is prevented and a shield counter is removed from it. That is the rules' outcome: if it is meant, add an \`expect ${x.id} has ${countersText('shield', x.shieldCounters)}\` line after it.`, {
    rules: ['122.1c'],
    subjects: [x.id],
  });
}

/**
 * Protection of `x` from a quality of the source prevents the damage (702.16e), and protection from
 * everything prevents all damage, whatever its source, named or not (702.16j): reported, and nothing happens.
 */
function prevented(replay: Replay, ev: Extract<EventNode, { kind: 'damage' }>, x: CardObj | PlayerObj, source: CardObj | undefined): boolean {
  if (source === undefined) {
    if (!hasAbility(x, EVERYTHING)) return false;
    replay.report('damage-prevented', ev.range, msg`The damage is prevented: ${x.id} has protection from everything, and all damage to it is prevented, whatever its source. That is the rules' outcome: ${preventedAdvice(x)}.`, { rules: ['702.16j'], subjects: [x.id] });
    return true;
  }
  const p = protectionAgainst(x, source, 'target');
  if (!p) return false;
  replay.report('damage-prevented', ev.range, msg`The damage is prevented: ${x.id} has protection from ${p.quality}, and ${source.id}, its source, has that quality, so nothing happens. That is the rules' outcome: ${preventedAdvice(x)}.`, {
    rules: ['702.16e', ...p.rules],
    subjects: [x.id, source.id],
  });
  return true;
}

/** What a state-based action of toughness or damage puts into a graveyard: the creature, or the Aura whose umbra armor saves it. */
export interface ToGraveyard {
  card: CardObj;
  rules: string[];
  why: Obligation['why'];
  /** With more than one Aura with umbra armor on the creature (this id), `card` is only the replay's pick: the scenario records which goes (616.1). */
  umbraOn?: string;
}

/**
 * The state-based actions of a creature's toughness and damage (704.5f, 704.5g), for a creature on the
 * battlefield, phased in, whose toughness the scenario states: what goes to a graveyard (the caller
 * moves it), or undefined. With umbra armor the damage is removed here.
 */
export function toughnessActions(replay: Replay, c: CardObj): ToGraveyard | undefined {
  // Deathtouch counts damage dealt since the state-based actions last looked (704.5h): this look uses it up.
  const deathtouch = c.deathtouchFrom;
  c.deathtouchFrom = undefined;
  if (!isCreature(c)) return undefined;
  // A toughness not stated is above 0: the creature is alive.
  const t = effectiveToughness(c);
  if (t !== undefined && t <= 0) return { card: c, rules: statRules(c, ['704.5f']), why: zeroToughnessWhy(c, t) };
  const lethal = t !== undefined && c.damage !== 0 && c.damage >= t;
  if (!lethal && deathtouch === undefined) return undefined;
  // Lethal damage, or damage from a source with deathtouch, destroys it (704.5g, 704.5h): indestructible
  // stops that; a regeneration shield (taken first when both could apply, 616.1) or umbra armor replaces it.
  if (hasAbility(c, INDESTRUCTIBLE)) return undefined;
  if (regenerates(replay, c)) return undefined;
  const rules = lethal ? statRules(c, ['704.5g', '120.6']) : ['704.5h', '702.2b'];
  const aura = umbraArmorOn(replay, c);
  if (aura) {
    // 702.89a: the Aura is destroyed instead, and the damage is removed; an indestructible Aura stays (702.12b), the damage removed all the same.
    const why = lethal ? umbraWhy(c, t!, aura) : umbraDeathtouchWhy(c, deathtouch!, aura);
    c.damage = 0;
    if (hasAbility(aura, INDESTRUCTIBLE)) {
      if (replay.noting) replay.note(() => msg`the damage on ${c.id} is removed; ${aura.id}, indestructible, stays (umbra armor)`);
      return undefined;
    }
    // With another such Aura on it, its controller chooses which one's umbra armor applies (616.1): the scenario records the choice.
    const other = anotherUmbraArmorOn(replay, c, aura);
    if (other) return { card: aura, rules: [lethal ? '704.5g' : '704.5h', '702.89a', '616.1'], why: umbraChoiceWhy(c, aura, other, why), umbraOn: c.id };
    return { card: aura, rules: [lethal ? '704.5g' : '704.5h', '702.89a'], why };
  }
  return { card: c, rules, why: lethal ? lethalWhy(c, t!) : deathtouchWhy(c, deathtouch!) };
}

/**
 * The rules of a death by toughness, with those of what changed it: 613.4c when an attachment's bonus
 * counts now, or counted for this object before (the one it lost); 122.1a when counters count now.
 */
function statRules(c: CardObj, rules: string[]): string[] {
  if (c.boost !== 0 || c.boosted || anthemOf(c) !== 0 || c.anthemed) rules.push('613.4c');
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

/** The next Aura with umbra armor that applies attached to `c` after `first` (umbraArmorOn's), or undefined; looks no further. */
function anotherUmbraArmorOn(replay: Replay, c: CardObj, first: CardObj): CardObj | undefined {
  let past = false;
  for (const id of c.attachments) {
    if (!past) past = id === first.id;
    else {
      const a = replay.board.cards.get(id)!;
      if (umbraArmorApplies(a)) return a;
    }
  }
  return undefined;
}

function umbraChoiceWhy(c: CardObj, aura: CardObj, other: CardObj, why: () => Message): () => Message {
  const id = c.id;
  const otherId = other.id;
  return () => msg`${why()}. ${otherId} has umbra armor too, and ${id}'s controller chooses which Aura is destroyed; the replay takes ${aura.id}, the first attached, when no line records another: write \`destroy ${otherId}\` (or another's) instead to record that choice`;
}

function zeroToughnessWhy(c: CardObj, t: number): () => Message {
  const s = dyingAs(c, t, c.toughness!);
  return () => msg`${s.id} has ${statWords(s, 'toughness')}, and a creature with toughness 0 or less is put into its owner's graveyard (not destroyed: indestructible doesn't save it)`;
}

function lethalWhy(c: CardObj, t: number): () => Message {
  const s = dyingAs(c, t, c.toughness!);
  return () => msg`${s.id} has ${s.damage} damage marked on it and ${statWords(s, 'toughness')}: that is lethal damage, and it is destroyed`;
}

function deathtouchWhy(c: CardObj, source: string): () => Message {
  const id = c.id;
  return () => msg`${id} was dealt damage by ${source}, which has deathtouch, and a creature dealt damage by a source with deathtouch is destroyed`;
}

function umbraDeathtouchWhy(c: CardObj, source: string, aura: CardObj): () => Message {
  const id = c.id;
  return () => msg`${id} was dealt damage by ${source}, which has deathtouch, and ${aura.id}'s umbra armor destroys ${aura.id} instead and removes the damage`;
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
      ? msg`${c.id} is a creature on the battlefield with ${statWords(dyingAs(c, t, c.toughness), 'toughness')}: it would be put into its owner's graveyard at once, so no board has it there. ${c.minusCounters !== 0 ? msg`Change its toughness or its -1/-1 counters` : msg`Change its toughness`}, attach what keeps it alive (\`attached to\`), or declare it in another zone.`
      : msg`${c.id} is a creature on the battlefield with ${c.damage} damage marked on it and ${statWords(dyingAs(c, t, c.toughness), 'toughness')}: that is lethal damage, so no board has it there. Mark less damage, or declare it in another zone.`,
    { rules: statRules(c, t <= 0 ? ['704.5f'] : ['704.5g', '120.6']), subjects: [c.id] },
  );
  // The replay goes on without what it reported, so that nothing reports it again at the first event that touches the card.
  if (t <= 0) c.toughness = undefined;
  else c.damage = 0;
}
