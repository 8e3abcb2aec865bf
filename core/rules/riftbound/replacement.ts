// Riftbound replacements of a unit's death (369-373): what saves a unit that would die. Three kinds, one
// function that finds them (deathSaver), asked by every death: a `kill` line (deathReplaced), the cleanup's
// kills (replaceDeaths, location.ts), Temporary's (temporary.ts).
// - An attached gear's Effect Text "If I would die, kill this instead" (Guardian Angel), its unit's (136.2.c).
// - An unattached gear's Rules Text "[The next time] a friendly unit would die, kill this instead" (Zhonya's
//   Hourglass, 369.1): active only unattached (718.2); the gear is killed in the unit's place, so it is used once.
// - A unit's Rules Text "If another unit you control here would die and has less Might than me, ..." (Soraka,
//   Wanderer, 373.2): "here" is the unit's location as the replacement is applied; nothing is killed.
// Each replacement applies once to an event (370.2), and to simultaneous events in one sequence (373.2): in a
// cleanup, a unit's replacement saves at once every dying unit it qualifies for, and can't be applied again in
// that cleanup. The order is the choice of the player who controls the replacements (373), the dying units'
// controller (every one of these replacements is that player's: "friendly", "you control", the unit's own text);
// `order replacements A, B` before the event writes it, otherwise the replay takes: attached gear (oldest
// first), then friendly gear, then units, in the order declared, unit by unit in the order the cleanup looks.
import type { EventNode, Property, SaverStep } from '../../parser/ast';
import { type CardObj, declaredWith, effectiveMight } from '../../engine/board';
import type { Replay } from '../../engine/replay';
import type { RuleExplanation } from '../mtg/explanations';
import { msg, type Message } from '../../message';
import { ON_I_DIE } from '../../engine/triggers';
import { isGear, isUnit, onBoard, whereText } from './cards';

/** The rules of this module, explained (assembled into the game's rules in explanations.ts). */
export const EXPLAINED: Record<string, RuleExplanation> = {
  '369.1': { title: 'Would and instead', text: 'An effect worded with "would" or "instead" is a replacement: it steps into an event as it is carried out and changes what happens, a unit\'s death becoming the death of another card, or a heal and a recall.' },
  '370.1.a': { title: 'What a replacement does', text: 'When a replacement applies, the event it qualifies for is swapped for the actions or events it names.' },
  '370.2': { title: 'Once per event', text: 'A given replacement is applied to an event at most once, and not again to what replaced that event.' },
  '372': { title: 'Several replacements on one event', text: 'When more than one replacement could change the same event, the player of the object the event acts on picks the order they are applied in.' },
  '373': { title: 'Simultaneous events', text: 'Events that happen at the same time are each replaced on their own; the replacements one player controls are applied in the order that player picks.' },
  '373.2': { title: 'One sequence', text: 'Among simultaneous events, a replacement is applied in a single run, to as many of them as qualify at that moment; once another replacement has been applied after it, it cannot come back for the events left.' },
};

const isKillInstead = (p: Property): boolean => p.kind === 'flag' && p.flag === 'kill-instead';
const isFriendlySaver = (p: Property): boolean => p.kind === 'death-replacement' && p.scope === 'friendly';
const isHereSaver = (p: Property): boolean => p.kind === 'death-replacement' && p.scope === 'other-here';

/** The kinds of saver: an attached gear's Effect Text, an unattached gear's Rules Text, another unit's Rules Text. */
export type SaverKind = 'attached' | 'friendly' | 'here';

/** What saves a unit from dying (deathSaver). */
export interface DeathSaver {
  /** The card whose text it is: the gear killed in the unit's place (attached, friendly), or the unit whose replacement it is (here). */
  card: CardObj;
  kind: SaverKind;
  /** The card is killed instead (attached, friendly). */
  kills: boolean;
  steps: readonly SaverStep[];
  rules: string[];
  /** Why, in words ("zhonya, unattached in alice's base, says ..."). */
  why: Message;
}

/** What a death-replacement property of `c` goes on to do (heal, exhaust, recall), as declared. */
export function saverSteps(c: CardObj, kind: SaverKind = 'attached'): readonly SaverStep[] {
  const p = c.decl.props.find(kind === 'attached' ? isKillInstead : kind === 'friendly' ? isFriendlySaver : isHereSaver);
  return (p?.kind === 'flag' && p.then) || (p?.kind === 'death-replacement' && p.then) || NO_STEPS;
}

const NO_STEPS: readonly SaverStep[] = [];

/**
 * The words of what the saver's text goes on to do to `unit` (saverSteps), each a clause that begins with
 * a comma (", healing vi, exhausting vi"), or '' when it does nothing more.
 */
export function saverStepsWords(unit: string | Message, steps: readonly SaverStep[]): Message | string {
  if (steps.length === 0) return '';
  const heal = steps.includes('heal') ? msg`, healing ${unit}` : '';
  const exhaust = steps.includes('exhaust') ? msg`, exhausting ${unit}` : '';
  const recall = steps.includes('recall') ? msg`, recalling ${unit} to its base unless it is there` : '';
  return msg`${heal}${exhaust}${recall}`;
}

/** The rules of what a replacement's steps do (heal 418.1, recall 455). */
function stepRules(steps: readonly SaverStep[]): string[] {
  return [...(steps.includes('heal') ? ['418.1'] : []), ...(steps.includes('recall') ? ['455'] : [])];
}

/** A saver of `kind` whose card is `card`, saving `unit`: its rules and words. */
function saver(card: CardObj, kind: SaverKind, unit: CardObj): DeathSaver {
  const steps = saverSteps(card, kind);
  if (kind === 'attached') {
    return { card, kind, kills: true, steps, rules: ['136.2.c', '136.2.d', ...stepRules(steps)], why: msg`${card.id}'s Effect Text, now ${unit.id}'s, says "If I would die, kill this instead"${saverStepsWords(unit.id, steps)}` };
  }
  if (kind === 'friendly') {
    return { card, kind, kills: true, steps, rules: ['369.1', '370.1.a', '718.2', ...stepRules(steps)], why: msg`${card.id}, an unattached gear at ${whereText(card)} whose Rules Text is active, says "The next time a friendly unit would die, kill this instead", so ${card.id} is killed in ${unit.id}'s place${saverStepsWords(unit.id, steps)}` };
  }
  return { card, kind, kills: false, steps, rules: ['369.1', '370.1.a', ...stepRules(steps)], why: msg`${card.id}, at ${whereText(card)} with more Might than ${unit.id}, says "If another unit you control here would die and has less Might than me", so instead of dying ${unit.id} is saved${saverStepsWords(unit.id, steps)}` };
}

/** How many times a saver was asked about a death (friendlyFor, hereFor): a test counts them to hold the cleanup linear. */
export const SAVER_LOOKS = { n: 0 };

/** Can `s`, a gear with Zhonya's Hourglass's text, replace the death of `unit` now: on the board, unattached (718.2), the unit's controller's, not the unit itself? (On a card that is no gear the text is a syntax error, and does nothing.) */
function friendlyFor(s: CardObj, unit: CardObj): boolean {
  SAVER_LOOKS.n++;
  return s !== unit && isGear(s) && onBoard(s) && !s.attachedTo && s.controller !== undefined && s.controller === unit.controller && s.decl.props.some(isFriendlySaver);
}

/** Can `s`, a unit with Soraka's text, replace the death of `unit` now: on the board, unattached, another unit of the same controller at the same location ("here", as it is now), with more Might? */
function hereFor(s: CardObj, unit: CardObj): boolean {
  SAVER_LOOKS.n++;
  if (s === unit || !onBoard(s) || s.attachedTo || !isUnit(s) || s.controller === undefined || s.controller !== unit.controller || s.zone !== unit.zone || s.place !== unit.place) return false;
  const m = effectiveMight(s);
  const u = effectiveMight(unit);
  return m !== undefined && u !== undefined && u < m && s.decl.props.some(isHereSaver);
}

/**
 * What saves `unit` from dying now, the one answer every death asks: the oldest gear attached to it whose
 * Effect Text says "If I would die, kill this instead" (136.2.c; a unit's attachments are kept in the order
 * they attached, so many savers on one unit dying in turn cost one look each); else the first unattached
 * gear of its controller, in the order declared, that says "a friendly unit would die, kill this instead"
 * (369.1); else the first unit of its controller at its location with more Might that says "another unit you
 * control here would die" (373.2). `pass`: the simultaneous deaths of one cleanup (its indexes, and the
 * replacements already applied there, 373.2). Undefined when nothing does.
 */
export function deathSaver(replay: Replay, unit: CardObj, pass?: DeathPass): DeathSaver | undefined {
  for (const id of unit.attachments) {
    const g = replay.board.cards.get(id)!;
    if (g.decl.props.some(isKillInstead) && !pass?.used.has(g.id)) return saver(g, 'attached', unit);
  }
  if (!replay.board.staticsDeclared) return undefined;
  if (pass) return pass.friendly(unit) ?? pass.here(unit);
  for (const s of declaredWith(replay.board, isFriendlySaver)) if (friendlyFor(s, unit)) return saver(s, 'friendly', unit);
  for (const s of declaredWith(replay.board, isHereSaver)) if (hereFor(s, unit)) return saver(s, 'here', unit);
  return undefined;
}

/** The gear attached to `unit` whose Effect Text says "If I would die, kill this instead" (136.2.c), oldest first (for the words of a choice). */
function attachedSavers(replay: Replay, unit: CardObj): CardObj[] {
  const savers: CardObj[] = [];
  for (const id of unit.attachments) {
    const g = replay.board.cards.get(id)!;
    if (g.decl.props.some(isKillInstead)) savers.push(g);
  }
  return savers;
}

/** Whether a card attached to `unit` has Effect Text "when I die" (a [Deathknell] that is the unit's, 136.2.c, 808.1.c). */
function hasDeathknell(replay: Replay, unit: CardObj): boolean {
  for (const id of unit.attachments) if ((replay.board.cards.get(id)!.triggers & ON_I_DIE) !== 0) return true;
  return false;
}

/**
 * A unit that would die (leave the board for its trash) by the line `ev` (`kill`, `destroy`): what saves it
 * (deathSaver) replaces its death. A gear is killed in its place (`kill`, the gear's own zone change); a
 * unit's replacement kills nothing; what the text goes on to do is done (`after`). Reports it and returns true
 * when the unit stays.
 */
export function deathReplaced(replay: Replay, unit: CardObj, ev: EventNode, kill: (c: CardObj) => void, after: (unit: CardObj, steps: readonly SaverStep[]) => void): boolean {
  const s = deathSaver(replay, unit);
  if (!s) return false;
  // A "when I die" ([Deathknell]) of the unit's, from its gear's Effect Text, doesn't happen: the unit never reaches the trash (808.1.d.1).
  const deathknell = hasDeathknell(replay, unit) ? ['808.1.d.1'] : [];
  if (s.kind === 'attached') {
    const gear = s.card;
    // The others that say so, for the words of the choice only (the decision is deathSaver's).
    const savers = attachedSavers(replay, unit);
    const others = savers.slice(1).map((g) => g.id);
    const choice = others.length === 0 ? msg`` : msg` Each of ${savers.map((g) => g.id).join(', ')} says so, and ${unit.id}'s controller chooses which one applies; the replay takes the oldest, ${gear.id}: if another was chosen, write its kill (\`kill ${others[0]}\`) in place of this line.`;
    replay.report('not-destroyed', ev.range, s.steps.length
      ? msg`${unit.id} doesn't die: ${gear.id} is attached to it, and its Effect Text, now ${unit.id}'s, says "If I would die, kill this instead", so ${gear.id} is killed instead, and the same replacement goes on as its text says${saverStepsWords(unit.id, s.steps)}.${choice} That is the rules' outcome: if it is meant, add an \`expect ${gear.id} in trash\` line after it.`
      : msg`${unit.id} doesn't die: ${gear.id} is attached to it, and its Effect Text, now ${unit.id}'s, says "If I would die, kill this instead", so ${gear.id} is killed instead.${choice} That is the rules' outcome: if it is meant, add an \`expect ${gear.id} in trash\` line after it. If the card's text goes on (Guardian Angel: "Heal me, exhaust me, and recall me"), declare it so (\`if I would die, kill this instead, heal me, exhaust me, and recall me\`): it is part of the same replacement.`, {
      rules: [...s.rules, ...deathknell],
      subjects: [unit.id, gear.id, ...others],
    });
  } else {
    replay.report('not-destroyed', ev.range, s.kills
      ? msg`${unit.id} doesn't die: ${s.why}. That is the rules' outcome: if it is meant, add an \`expect ${s.card.id} in trash\` line after it.`
      : msg`${unit.id} doesn't die: ${s.why}. That is the rules' outcome: if it is meant, add an \`expect ${unit.id} at base\` line after it.`, { rules: [...s.rules, ...deathknell], subjects: [unit.id, s.card.id] });
  }
  if (replay.noting) replay.note(() => (s.kills ? msg`doesn't die: ${s.card.id} killed instead` : msg`doesn't die: ${s.card.id}'s replacement applies`));
  if (s.kills) kill(s.card);
  after(unit, s.steps);
  return true;
}

/**
 * `order replacements A, B`: the order the player chooses for the replacements of the next event's deaths (373,
 * 372), kept on the board until that event's cleanups are over (Board.replacementOrder).
 */
export function orderEvent(replay: Replay, ev: Extract<EventNode, { kind: 'order' }>): void {
  const ids: string[] = [];
  for (const n of ev.names) {
    const c = replay.card(n);
    if (!c) continue;
    if (!c.decl.props.some((p) => isKillInstead(p) || isFriendlySaver(p) || isHereSaver(p))) {
      replay.report('impossible-event', n.range, msg`${c.id} has no text that replaces a unit's death (\`if I would die, kill this instead\`, \`a friendly unit would die, kill this instead\`, \`if another unit you control here would die\`), so it has no replacement to put in order. Remove it from the line.`, { rules: ['373'], subjects: [c.id] });
      continue;
    }
    if (!ids.includes(c.id)) ids.push(c.id);
  }
  replay.board.replacementOrder = ids.length ? ids : undefined;
  if (replay.noting) replay.note(() => msg`replacements in order: ${ids.join(', ')}`);
}

/** A death a replacement took the place of (replaceDeaths): the unit saved and what saved it. */
export interface Saved {
  unit: CardObj;
  saver: DeathSaver;
}

/**
 * The simultaneous deaths of one cleanup (323.5): the indexes that keep finding their savers linear in the
 * dying units and the savers, and the replacements applied so far (each once, 373.2).
 */
export class DeathPass {
  readonly used = new Set<string>();
  /** The pending deaths by controller and location, lowest Might first, with how many of the first are done. */
  private readonly deaths = new Map<string, { list: CardObj[]; start: number }>();
  private readonly pending = new Set<CardObj>();
  /** Zhonya's Hourglasses by controller, in the order declared, with how many of the first are used or gone. */
  private friendlyBy: Map<string, { list: CardObj[]; start: number }> | undefined;
  /** Soraka's text by controller and location, highest Might first. */
  private hereBy: Map<string, { list: CardObj[]; start: number }> | undefined;

  constructor(
    private readonly replay: Replay,
    dying: readonly CardObj[],
  ) {
    for (const u of dying) {
      this.pending.add(u);
      const k = placeKey(u);
      const d = this.deaths.get(k);
      if (d) d.list.push(u);
      else this.deaths.set(k, { list: [u], start: 0 });
    }
    for (const d of this.deaths.values()) if (d.list.length > 1) d.list.sort(byMight);
  }

  isPending(u: CardObj): boolean {
    return this.pending.has(u);
  }

  /** The death of `u` is replaced (or it dies): no replacement looks at it again. */
  done(u: CardObj): void {
    this.pending.delete(u);
  }

  friendly(unit: CardObj): DeathSaver | undefined {
    if (!this.friendlyBy) {
      this.friendlyBy = new Map();
      for (const s of declaredWith(this.replay.board, isFriendlySaver)) {
        if (!onBoard(s) || s.attachedTo || s.controller === undefined) continue;
        const l = this.friendlyBy.get(s.controller);
        if (l) l.list.push(s);
        else this.friendlyBy.set(s.controller, { list: [s], start: 0 });
      }
    }
    const l = unit.controller === undefined ? undefined : this.friendlyBy.get(unit.controller);
    if (!l) return undefined;
    for (; l.start < l.list.length; l.start++) {
      const s = l.list[l.start];
      if (!this.used.has(s.id) && friendlyFor(s, unit)) return saver(s, 'friendly', unit);
    }
    return undefined;
  }

  here(unit: CardObj): DeathSaver | undefined {
    if (!this.hereBy) {
      this.hereBy = new Map();
      for (const s of declaredWith(this.replay.board, isHereSaver)) this.fileHere(s);
      for (const l of this.hereBy.values()) if (l.list.length > 1) l.list.sort(byMightDown);
    }
    const l = this.hereBy.get(placeKey(unit));
    if (!l) return undefined;
    for (; l.start < l.list.length; l.start++) {
      const s = l.list[l.start];
      // Used, or no longer here (recalled by a replacement: filed again where it went, hereMoved).
      if (this.used.has(s.id) || placeKey(s) !== placeKey(unit) || !onBoard(s)) continue;
      // The strongest one left here: if it has no more Might than the unit, none has.
      return hereFor(s, unit) ? saver(s, 'here', unit) : undefined;
    }
    return undefined;
  }

  private fileHere(s: CardObj): void {
    if (!onBoard(s) || s.attachedTo || !isUnit(s) || s.controller === undefined) return;
    const k = placeKey(s);
    const l = this.hereBy!.get(k);
    if (!l) this.hereBy!.set(k, { list: [s], start: 0 });
    else {
      // In Might order among those not looked past.
      let i = l.list.length;
      while (i > l.start && byMightDown(l.list[i - 1], s) > 0) i--;
      l.list.splice(i, 0, s);
    }
  }

  /** `s`, a card with Soraka's text, was moved by a replacement (recalled): filed where it is now. */
  moved(s: CardObj): void {
    if (this.hereBy && !this.used.has(s.id) && s.decl.props.some(isHereSaver)) this.fileHere(s);
  }

  /**
   * The pending deaths Soraka's replacement (`s`) qualifies for now (373.2: one sequence, to every event it
   * qualifies for): units of its controller at its location, with less Might, other than itself. Each is taken.
   */
  takeHere(s: CardObj): CardObj[] {
    const d = this.deaths.get(placeKey(s));
    const m = effectiveMight(s);
    if (!d || m === undefined) return [];
    const out: CardObj[] = [];
    // The lowest Might first: those below `m` are a run from `start` (the ones done before are passed once).
    let i = d.start;
    for (; i < d.list.length; i++) {
      const u = d.list[i];
      const um = effectiveMight(u) ?? 0;
      if (um >= m) break;
      if (u !== s && this.pending.has(u) && hereFor(s, u)) {
        out.push(u);
        this.pending.delete(u);
      }
    }
    // Everything before `i` is done or not this controller's here: later looks start after it.
    d.start = i;
    return out;
  }
}

/** A card's controller and location, as one key. */
function placeKey(c: CardObj): string {
  return `${c.controller ?? ''}\u0000${c.zone}\u0000${c.place ?? ''}`;
}

const byMight = (a: CardObj, b: CardObj): number => (effectiveMight(a) ?? 0) - (effectiveMight(b) ?? 0);
const byMightDown = (a: CardObj, b: CardObj): number => byMight(b, a);

/**
 * Cleanup step 3b's deaths (323.5), all at once: each replacement that can save one is applied in turn (373),
 * first those the player wrote an order for (`order replacements`, Board.replacementOrder), then the replay's
 * pick, unit by unit (deathSaver). A replacement is applied once, to every event it qualifies for then (373.2).
 * `apply` carries one out (the gear killed, the steps done), at once: the next one sees the board it left.
 * Returns the units that still die, in the order given.
 */
export function replaceDeaths(replay: Replay, dying: readonly CardObj[], apply: (saved: Saved[]) => void): CardObj[] {
  if (dying.length === 0) return [];
  const pass = new DeathPass(replay, dying);
  const run = (s: DeathSaver, first: CardObj): void => {
    pass.used.add(s.card.id);
    const units = s.kind === 'here' ? pass.takeHere(s.card) : [first];
    for (const u of units) pass.done(u);
    if (units.length === 0) return;
    apply(units.map((u) => ({ unit: u, saver: u === first ? s : saver(s.card, s.kind, u) })));
    // A unit with Soraka's text recalled by a replacement: "here" is where it is now.
    for (const u of units) pass.moved(u);
  };
  for (const id of replay.board.replacementOrder ?? []) {
    const c = replay.board.cards.get(id);
    if (!c || pass.used.has(c.id) || !onBoard(c)) continue;
    if (c.decl.props.some(isKillInstead)) {
      const h = c.attachedTo;
      const u = h && h.kind === 'card' ? replay.board.cards.get(h.id) : undefined;
      if (u && pass.isPending(u)) run(saver(c, 'attached', u), u);
    } else if (c.decl.props.some(isFriendlySaver)) {
      const u = dying.find((d) => pass.isPending(d) && friendlyFor(c, d));
      if (u) run(saver(c, 'friendly', u), u);
    } else if (c.decl.props.some(isHereSaver)) {
      const first = dying.find((d) => pass.isPending(d) && hereFor(c, d));
      if (first) run(saver(c, 'here', first), first);
    }
  }
  for (const u of dying) {
    if (!pass.isPending(u)) continue;
    // A unit's replacement picked for `u` saves, in the same sequence, every death it qualifies for (373.2), `u` among them.
    const s = deathSaver(replay, u, pass);
    if (s) run(s, u);
  }
  return dying.filter((u) => pass.isPending(u));
}
