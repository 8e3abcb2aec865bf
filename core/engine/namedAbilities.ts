// Activated abilities the scenario names, `ability NAME` (both games): a card's own, or one an attachment
// grants the card it is attached to (`equipped creature has ability shoot`). `activate X ability NAME
// [targeting T] [by P]` puts it on the stack (Riftbound: the chain) and `resolve X ability NAME` resolves
// it. Who may activate it is the point: the card's controller only, and for a granted ability that is the
// controller of the card it is attached to, never the attachment's (MTG 301.5d, 303.4e; Riftbound 136.2.c,
// 718.5.e). What the ability then does is not modelled.
import type { EventNode } from '../parser/ast';
import { type CardObj, isCard, type PlayerObj, type StackEntry } from './board';
import type { Replay } from './replay';
import { abilityLabels, hasAbility } from './abilities';
import { msg, relatedAt, titledFix, type Message } from '../message';
import { abilityWord, inZone } from './words';

/** How one game says it, and the rules that decide. */
export interface NamedAbilityWords {
  /** Is the card where its abilities can be activated (MTG: the battlefield; Riftbound: the board)? */
  readonly placed: (c: CardObj) => boolean;
  readonly where: Message;
  /** The stack or the chain, in a sentence. */
  readonly stack: Message;
  /** The rules that only the card's controller activates its ability (its own: the card's kind may have a rule of its own, an Aura's or an Equipment's); those when an attachment grants it, by the attachment. */
  readonly own: (c: CardObj) => readonly string[];
  readonly granted: (grantor: CardObj) => readonly string[];
  /** The rules that a card activates only an ability it has (and a grant gives one only while attached). */
  readonly missing: readonly string[];
  /** How a grant of it is written, for the advice: `equipped creature has`, `equipped unit has`. */
  readonly grantWords: string;
  /** The rules that an ability whose only target changed zones (a new object) does nothing. */
  readonly newObject: readonly string[];
  /** The rule that an ability whose only target is illegal as it resolves does nothing (MTG 608.2b). */
  readonly resolveRules: readonly string[];
  /**
   * Riftbound: an ability whose targets are all illegal still resolves, and does nothing (359.3.e.2):
   * the rules that say so. Undefined for MTG, where it doesn't resolve (608.2b).
   */
  readonly mistargeted?: readonly string[];
  /** The rules that only what is on the stack resolves, and that an ability gets there by its activation; the rule that a card elsewhere has no abilities to activate. */
  readonly pendingRules: readonly string[];
  readonly placedRules: readonly string[];
  /** Is the card treated as though it doesn't exist (MTG: phased out, 702.26b)? Its rule. */
  readonly gone: (c: CardObj) => string | undefined;
  /** Is the ability, the card's own, inactive now (Riftbound: an attached card's printed text, 718.2, 721.2)? Its rules. */
  readonly inactive: (c: CardObj, ability: string) => readonly string[] | undefined;
  /** May it be activated now (Riftbound: its controller's Main Phase, no chain, no showdown)? Reports and returns false if not. */
  readonly timing: (replay: Replay, ev: EventNode, c: CardObj, shown: Message) => boolean;
  /** Why `t` can't be its target, as the activator `controller` would have it (hexproof, shroud, protection...). */
  readonly targetProblem: (t: CardObj | PlayerObj, source: CardObj, controller: string | undefined) => { rules: readonly string[]; why: Message } | undefined;
  /**
   * What choosing its target adds to its cost, paid or not (Riftbound: Deflect, 809.1.c, with `paying deflect`;
   * MTG: no such clause). Reports and returns false when the ability is not activated.
   */
  readonly cost: (replay: Replay, ev: Extract<EventNode, { kind: 'activate' }>, target: CardObj | PlayerObj | undefined, source: CardObj, activator: string | undefined) => boolean;
  /** Only the top of the stack resolves (MTG: onTop reports when not); true when `entry` may resolve. */
  readonly onTop: (replay: Replay, ev: EventNode, entry: StackEntry, name: Message) => boolean;
}

/** `activate X ability NAME [targeting T] [by P]`: on the stack, or who can't activate it and why. */
export function activateNamed(replay: Replay, ev: Extract<EventNode, { kind: 'activate' }>, w: NamedAbilityWords): void {
  const c = replay.card(ev.subject);
  const target = ev.target ? replay.lookup(ev.target) : undefined;
  const by = ev.by ? replay.player(ev.by) : undefined;
  if (!c || (ev.target && !target) || (ev.by && !by)) return;
  const ability = ev.ability.text as `ability ${string}`;
  if (!w.placed(c)) {
    replay.report('impossible-event', ev.range, msg`${c.id} is ${c.zone === 'outside' ? msg`in no zone (it left the game)` : inZone(c.zone)}, so its ${abilityWord(ability)} can't be activated: only a card on ${w.where} has it. Put it there first, or remove the line.`, { rules: [...w.placedRules], subjects: [c.id] });
    return;
  }
  const gone = w.gone(c);
  if (gone) {
    replay.report('impossible-event', ev.range, msg`${c.id} is phased out, and a phased-out permanent is treated as though it doesn't exist: nothing can activate its ${abilityWord(ability)}. Phase it in first, or remove the line.`, { rules: [gone], subjects: [c.id] });
    return;
  }
  if (!hasAbility(c, { kind: 'keyword', name: ability })) {
    // 113.10: an effect took every ability away (`loses X all abilities`, Frogify): said so, not "declare it".
    const lostBy = c.granted?.lostAll;
    // MTG 708.2a: a face-down permanent has no text; said so, not "lost" (its card has the ability face up).
    if (c.faceDown !== undefined) {
      replay.report('impossible-event', ev.range, msg`${c.id} is face down, a 2/2 creature with no text, so it has none of its card's abilities, ${abilityWord(ability)} among them, and it can't be activated. Nothing goes on ${w.stack}. Turn it face up first, or remove the line.`, { rules: ['708.2a'], subjects: [c.id] });
      return;
    }
    if (c.lost.has('all') || lostBy !== undefined) {
      replay.report('impossible-event', ev.range, msg`${c.id} has lost all its abilities (${lostBy !== undefined ? msg`${lostBy} says so` : msg`an effect took them`}), ${abilityWord(ability)} among them, so it can't be activated. Nothing goes on ${w.stack}. Remove the line, or the loss before it.`, { rules: ['113.10'], subjects: [c.id] });
      return;
    }
    // A name it has in another case (`ability Shoot` for `ability shoot`): names are case-sensitive, as card names are.
    const lower = ability.toLowerCase();
    const like = abilityLabels(c).find((k) => k !== ability && k.toLowerCase() === lower);
    if (like) {
      replay.report('impossible-event', ev.ability.range, msg`${c.id} doesn't have ${abilityWord(ability)}, but it has \`${like}\`: ability names are case-sensitive. Write \`${like}\`.`, { rules: [...w.missing], fixes: [titledFix(msg`Change to '${like}'`, false, [{ range: ev.ability.range, newText: like }])], subjects: [c.id] });
      return;
    }
    replay.report('impossible-event', ev.range, msg`${c.id} doesn't have ${abilityWord(ability)} now (neither its own nor granted by an attachment on it), so it can't be activated. Nothing goes on ${w.stack}. Declare it (\`${ability}\`, or a grant \`${w.grantWords} ${ability}\` on what is attached to it), or remove the line.`, { rules: [...w.missing], subjects: [c.id] });
    return;
  }
  const activator = by?.id ?? c.controller;
  if (activator !== c.controller) {
    // The attachment that gives it (Granted.from, by label: a keyword's is its name), if it isn't the card's own.
    const from = c.granted?.from?.[ability];
    const grantor = from !== undefined ? replay.board.cards.get(from) : undefined;
    if (grantor) {
      const theirs = grantor.controller === activator ? msg`, though ${activator} controls ${grantor.id}` : msg``;
      replay.report('impossible-event', ev.by?.range ?? ev.range, msg`${activator} can't activate ${c.id}'s ${abilityWord(ability)}: ${grantor.id} grants it to ${c.id}, and an ability an attachment grants is activated only by the controller of what it is attached to, ${c.controller}${theirs}. Nothing goes on ${w.stack}. Let ${c.controller} activate it, or remove the line.`, { rules: [...w.granted(grantor)], subjects: [c.id, grantor.id] });
    } else {
      replay.report('impossible-event', ev.by?.range ?? ev.range, msg`${activator} can't activate ${c.id}'s ${abilityWord(ability)}: only its controller, ${c.controller}, can. Nothing goes on ${w.stack}. Let ${c.controller} activate it, or remove the line.`, { rules: [...w.own(c)], subjects: [c.id] });
    }
    return;
  }
  const inactive = c.granted?.from?.[ability] === undefined ? w.inactive(c, ability) : undefined;
  if (inactive) {
    replay.report('impossible-event', ev.range, msg`${c.id} is attached, and an attached card's own printed text is inactive: its ${abilityWord(ability)} can't be used while it is attached. Nothing goes on ${w.stack}. Detach it first, or remove the line.`, { rules: [...inactive], subjects: [c.id] });
    return;
  }
  if (!w.timing(replay, ev, c, abilityWord(ability) as Message)) return;
  const problem = target ? w.targetProblem(target, c, activator) : undefined;
  if (problem) {
    replay.report('impossible-event', ev.target?.range ?? ev.range, msg`${c.id}'s ${abilityWord(ability)} can't target ${target!.id}: ${problem.why}. A target must be legal as the ability is activated, so nothing goes on ${w.stack}. Target something else, or remove the line.`, { rules: [...problem.rules], subjects: [c.id, target!.id] });
    return;
  }
  if (!w.cost(replay, ev, target, c, activator)) return;
  replay.board.pushStack({ kind: 'ability', id: c.id, version: c.version, ability, ...(target ? { target: replay.board.refTo(target) } : {}), controller: activator, at: ev.range });
  if (replay.noting) replay.note(() => (target ? msg`${c.id}'s ${abilityWord(ability)} on ${w.stack} targeting ${target.id}` : msg`${c.id}'s ${abilityWord(ability)} on ${w.stack}`));
}

/**
 * `resolve X ability NAME`: it leaves the stack. It resolves even if its source has left (an ability
 * exists apart from its source: MTG 113.7a); a target that changed zones is a new object it never
 * targeted, and with its only target illegal it does nothing (608.2b).
 */
export function resolveNamed(replay: Replay, ev: Extract<EventNode, { kind: 'resolve' }>, w: NamedAbilityWords): void {
  // The source may be a token that has ceased to exist since: its ability still resolves (113.7a).
  const c = replay.cardOrGone(ev.subject);
  if (!c) return;
  const ability = ev.ability!.text;
  const entry = replay.board.pendingAbility(c.id, ability);
  // Its controller left the game: the abilities they controlled on the stack ceased to exist (MTG 800.4a).
  const gone = !entry && c.controller !== undefined && replay.board.players.get(c.controller)?.left;
  if (gone) {
    replay.report('impossible-event', ev.range, msg`${c.id}'s controller, ${c.controller}, has left the game, and the abilities a player who leaves controls on ${w.stack} cease to exist: none can resolve. Remove the line.`, { rules: ['800.4a'], subjects: [c.id] });
    return;
  }
  if (!entry) {
    replay.report('impossible-event', ev.range, msg`${c.id} has no ${abilityWord(ability)} on ${w.stack}, so none can resolve. Activate it first (\`activate ${c.id} ${ability}\`), or remove the line.`, { rules: [...w.pendingRules], subjects: [c.id] });
    return;
  }
  if (!w.onTop(replay, ev, entry, msg`${c.id}'s ${abilityWord(ability)}`)) return;
  replay.board.removeAbility(entry);
  const ref = entry.target;
  const target = ref ? replay.board.refTarget(ref) : undefined;
  // The target checked again (608.2b): gone, or no longer legal for the ability's controller.
  const now = target && !(ref?.kind === 'card' && isCard(target) && target.version !== ref.version) ? w.targetProblem(target, c, entry.controller) : undefined;
  if (target && now) {
    replay.report('target-illegal-on-resolution', ev.range, msg`${c.id}'s ${abilityWord(ability)} doesn't resolve: its only target is illegal now (${now.why}), so it leaves ${w.stack} and does nothing. That is the rules' outcome: if it is meant, an \`expect\` line after it shows so; if not, keep the target legal until the ability resolves.`, {
      rules: [...w.resolveRules, ...now.rules],
      related: entry.at ? [relatedAt(entry.at, msg`the ability was activated here`)] : [],
      subjects: [c.id, target.id],
    });
    return;
  }
  if (ref && ref.kind === 'card' && target && isCard(target) && target.version !== ref.version) {
    const mistargeted = w.mistargeted;
    replay.report('target-illegal-on-resolution', ev.range, mistargeted
      ? msg`${c.id}'s ${abilityWord(ability)} does nothing as it resolves: its only target, ${target.id}, changed zones after it was activated and is a new object it never chose. That is the rules' outcome: if it is meant, an \`expect\` line after it shows so; if not, keep the target where it is until the ability resolves.`
      : msg`${c.id}'s ${abilityWord(ability)} doesn't resolve: its only target, ${target.id}, changed zones after it was activated and is a new object it never targeted, so it leaves ${w.stack} and does nothing. That is the rules' outcome: if it is meant, an \`expect\` line after it shows so; if not, keep the target where it is until the ability resolves.`, {
      rules: [...w.newObject, ...(mistargeted ?? [])],
      related: entry.at ? [relatedAt(entry.at, msg`the ability was activated here`)] : [],
      subjects: [c.id, target.id],
    });
    return;
  }
  if (replay.noting) replay.note(() => msg`${c.id}'s ${abilityWord(ability)} resolves`);
}
