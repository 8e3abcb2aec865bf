// MTG abilities on the stack: activating equip, fortify and reconfigure as an event of its own (602.2a, 602.2b,
// 601.2c; its timing is in timing.ts), the order of the stack (405.5, 608.1), and resolving the ability: its target
// checked again (608.2b), its source gone (113.7a, 400.7), the attach (701.3b). `equip X to H` stays the one-line
// shorthand for an activation and its resolution with nothing in between (attach.ts).
import type { EventNode } from '../../parser/ast';
import { type CardObj, isCard, type StackEntry } from '../../engine/board';
import type { Replay } from '../../engine/replay';
import type { RuleExplanation } from './explanations';
import { describe, equipsAsPlaneswalker, hasReconfigure, type Host, isAura, isCreature, isEquipment, isFortification, lossWords, lostEquip, lostFortify, missingActivatedAbility, type Problem, reconfigureOnly } from './characteristics';
import { attachProblemOn, retargetFixes } from './legality';
import { activationTargetProblem, effectTargetProblem } from './targeting';
import { choiceReadable, doAttach, doUnattach, missingChoice, noNewChoice } from './attach';
import { isPhasedOut, phasedOutSubject } from './phasing';
import { describeEntry, KEYWORD_RULE, type Keyword, sorceryTiming } from './timing';
import { msg, renderMessage, relatedAt, titledFix, type Message } from '../../message';
import { abilityWord, inZone, keywordWord } from '../../engine/words';
import { activateNamed, type NamedAbilityWords, resolveNamed } from '../../engine/namedAbilities';
import { isNamedAbility } from '../../parser/keywords';

/** The rules of this module, explained (assembled into the game's rules in explanations.ts). */
export const EXPLAINED: Record<string, RuleExplanation> = {
  '113.3b': { title: 'Activated abilities', text: 'An activated ability is written "[Cost]: [Effect]"; a player activates one that an object has, and it goes on the stack until it resolves or leaves it otherwise.' },
  '113.7a': { title: 'An ability apart from its source', text: 'Once activated, an ability no longer depends on the object it came from: destroying or removing that object does not stop the ability from resolving. What the ability does to the object itself can no longer happen once the object is gone; information about it comes from how it last was.' },
  '405.5': { title: 'Last in, first out', text: 'When every player passes in a row, the object put on the stack most recently resolves before the others; with nothing on the stack, the step or phase ends instead.' },
  '602.5': { title: 'Abilities that may not be activated', text: 'Nobody may start activating an ability that is forbidden to be activated, and that includes an ability whose own words limit when it may be used ("activate only if ...") at a time the limit is not met.' },
  '602.2a': { title: 'An activated ability goes on the stack', text: 'Announcing an activated ability makes it a new object, not a card, at the top of the stack. The player who announced it controls it, and it stays there until it resolves, is countered or is moved.' },
};

function hasAbility(att: CardObj, kw: Keyword): boolean {
  if (kw === 'fortify') return isFortification(att);
  if (kw === 'reconfigure') return hasReconfigure(att) && isEquipment(att);
  return isEquipment(att);
}

/**
 * Is `h` a legal target for the ability, activated by `activator` (602.2b, 601.2c)? Reconfigure targets
 * "another" creature you control (702.151a); otherwise it targets as equip does.
 */
export function abilityTargetProblem(att: CardObj, h: Host, kw: Keyword, activator: string | undefined): Problem | undefined {
  if (kw === 'reconfigure') {
    if (h === att) return { rules: ['702.151a', '602.2b', '601.2c'], why: msg`reconfigure targets another creature, and ${att.id} is the card itself` };
    const p = activationTargetProblem(att, h, 'equip', activator, 'reconfigure');
    return p && { rules: p.rules.map((r) => (r === '702.6a' ? '702.151a' : r)), why: p.why };
  }
  return activationTargetProblem(att, h, kw, activator);
}

/**
 * Resolving something that is not on top of the stack (405.5, 608.1) is a finding, and the line does
 * nothing (it stays on the stack). True when `mine` may resolve: it is the top, or nothing tracked is above it.
 */
export function onTop(replay: Replay, ev: EventNode, mine: StackEntry | undefined, name: Message | string): boolean {
  const top = replay.board.stackTop();
  if (!top || top === mine || (mine !== undefined && replay.board.mayResolve(mine))) return true;
  if (mine === undefined && top.kind === 'spell' && top.id === name) return true;
  const t = describeEntry(top);
  const eol = replay.doc.eol;
  replay.report('resolve-out-of-order', ev.range, msg`${name} can't resolve yet: ${t.what} was put on the stack after it and is on top, and only the top object resolves. This line does nothing; ${name} stays on the stack. Resolve ${t.what} first (\`${t.line}\` before this line), or remove the line.`, {
    fixes: !t.fixable ? [] : [titledFix(msg`Insert "${t.line}" before this line`, false, [{ range: { start: { line: ev.range.start.line, character: 0 }, end: { line: ev.range.start.line, character: 0 } }, newText: t.line + eol }])],
    related: top.at ? [relatedAt(top.at, msg`${t.what} was put on the stack here`)] : [],
    subjects: [renderMessage(name), top.id],
  });
  if (replay.noting) replay.note(() => msg`no effect: ${t.what} is on top`);
  return false;
}

/**
 * MTG's words for an ability the scenario names (`ability NAME`): only its controller activates it (602.2;
 * an Aura's, Equipment's or Fortification's own, 303.4e, 301.5d, 301.6); one an Equipment, Fortification or
 * Aura grants, only the controller of what it is attached to (301.5d, 301.6, 303.4e).
 */
const MTG_NAMED: NamedAbilityWords = {
  placed: (c) => c.zone === 'battlefield',
  where: msg`the battlefield`,
  stack: msg`the stack`,
  own: (c) => (isAura(c) ? ['303.4e', '602.2'] : isEquipment(c) ? ['301.5d', '602.2'] : isFortification(c) ? ['301.6', '602.2'] : ['602.2']),
  missing: ['113.3b', '602.2'],
  grantWords: 'equipped creature has',
  granted: (g) => [isEquipment(g) ? '301.5d' : isFortification(g) ? '301.6' : '303.4e', '602.2'],
  newObject: ['608.2b', '400.7'],
  resolveRules: ['608.2b'],
  pendingRules: ['608.1', '602.2a'],
  placedRules: ['113.6'],
  gone: (c) => (isPhasedOut(c) ? '702.26b' : undefined),
  inactive: () => undefined,
  // Any time its controller has priority, unless its text says otherwise (113.3b): not modelled further.
  timing: () => true,
  targetProblem: (t, source, controller) => {
    if (isCard(t) && isPhasedOut(t)) return { rules: ['702.26b'], why: msg`${t.id} is phased out, and a phased-out permanent is treated as though it doesn't exist` };
    if (!isCard(t) && t.left) return { rules: ['800.4a'], why: msg`${t.id} has left the game` };
    return effectTargetProblem(t, source, controller);
  },
  // Deflect is Riftbound's (809); MTG's cost on a target is ward's trigger, not modelled for named abilities.
  cost: (replay, ev) => {
    if (!ev.payingDeflect) return true;
    replay.report('syntax-error', ev.payingDeflect, msg`\`paying deflect\` is Riftbound's (the Power that Deflect adds to a spell or ability); this scenario is \`game mtg\`. Remove it.`);
    return false;
  },
  onTop,
};

/** `activate X equip targeting H [by P]`: the ability goes on the stack with its target (602.2a), or the activation is illegal. */
export function activateEvent(replay: Replay, ev: Extract<EventNode, { kind: 'activate' }>): void {
  if (isNamedAbility(ev.ability.text)) return activateNamed(replay, ev, MTG_NAMED);
  const att = replay.card(ev.subject);
  const target = ev.target ? replay.lookup(ev.target) : undefined;
  const by = ev.by ? replay.player(ev.by) : undefined;
  if (!att || (ev.target && !target) || (ev.by && !by)) return;
  const kw = ev.ability.text as Keyword;
  const rule = KEYWORD_RULE[kw];
  if (isPhasedOut(att) && phasedOutSubject(replay, att, ev, msg`activating its ${abilityWord(kw)}`)) return;
  if (att.zone !== 'battlefield') {
    replay.report('impossible-event', ev.range, msg`${att.id} is ${att.zone === 'outside' ? msg`in no zone (it left the game)` : inZone(att.zone)}, so its ${abilityWord(kw)} can't be activated: only a permanent on the battlefield has it. Put it onto the battlefield first, or remove the line.`, { rules: [rule], subjects: [att.id] });
    return;
  }
  if (!hasAbility(att, kw)) {
    // An attachment of another kind, or an Equipment without reconfigure: it has no such ability (702.6a,
    // 702.67a, 702.151a), which is no matter of 701.3b.
    const missing = missingActivatedAbility(att, kw);
    if (missing) {
      replay.report('impossible-event', ev.range, missing.message, { rules: missing.rules, subjects: [att.id] });
      return;
    }
    const what = kw === 'fortify' ? msg`a Fortification` : kw === 'reconfigure' ? msg`an Equipment with reconfigure` : msg`an Equipment`;
    replay.report('not-attachable', ev.range, msg`${att.id} is not ${what} (it is ${describe(att)}), so it has no ${abilityWord(kw)} to activate. Nothing goes on the stack. Declare it with the right type, or remove the line.`, { rules: [rule, ...(kw === 'fortify' ? ['301.6'] : kw === 'equip' ? ['301.5c'] : [])], subjects: [att.id] });
    return;
  }
  // An equip or fortify ability an effect removed (113.10): there is none to activate.
  if (kw !== 'reconfigure' && target && (kw === 'equip' ? lostEquip(att) : lostFortify(att))) {
    const where = att.attachedTo ? msg`it stays attached to ${att.attachedTo.id}` : msg`it stays unattached`;
    replay.report('illegal-attachment', ev.range, msg`${att.id} has lost its ${abilityWord(kw)} (${lossWords(att)}), so there is no ${abilityWord(kw)} to activate: ${where}. Write the effect that attaches it as \`attach ${att.id} to ${target.id}\`, or remove the line.`, { rules: [rule, '113.10'], subjects: [att.id, target.id] });
    return;
  }
  const activator = by?.id ?? att.controller;
  if (activator !== att.controller) {
    replay.report('impossible-event', ev.by?.range ?? ev.range, msg`${activator} can't activate ${att.id}'s ${abilityWord(kw)}: only its controller, ${att.controller}, can. Nothing goes on the stack; ${att.id} stays where it is. Let ${att.controller} activate it, or remove the line.`, { rules: ['301.5d', '602.2'], subjects: [att.id] });
    return;
  }
  // A card with reconfigure and no equip ability (Lion Sash): its `equip` is its reconfigure, timed as such (702.151a).
  if (!sorceryTiming(replay, ev, att, kw === 'equip' && reconfigureOnly(att) ? 'reconfigure' : kw)) return;
  // `activate X reconfigure`: the ability that unattaches (the parser gives only it no target).
  if (!target) return activateUnattach(replay, ev, att, activator);
  const problem = abilityTargetProblem(att, target, kw, activator);
  if (problem) {
    replay.report('illegal-attachment', ev.range, msg`${att.id}'s ${abilityWord(kw)} can't target ${target.id}: ${problem.why}. A target must be legal as the ability is activated, so the activation is illegal and nothing goes on the stack; ${att.id} ${att.attachedTo ? msg`stays attached to ${att.attachedTo.id}` : msg`stays unattached`}. Target a legal ${kw === 'fortify' ? msg`land` : msg`creature`}, or remove the line.`, {
      rules: problem.rules,
      fixes: retargetFixes(replay, att, (h) => !abilityTargetProblem(att, h, kw, activator), ev.target!.range, target),
      subjects: [att.id, target.id],
    });
    return;
  }
  // Which equip ability: equip planeswalker when that is the one that can target it (702.6e).
  const planeswalker = kw === 'equip' && equipsAsPlaneswalker(att, target);
  // A legal target it can't be attached to (701.3b: "can't be equipped"): the resolution will do nothing, and says why.
  const unattachable = attachProblemOn(replay.board, att, target, false, planeswalker) ? true : undefined;
  replay.board.pushStack({ kind: 'ability', id: att.id, version: att.version, ability: kw, planeswalker, unattachable, target: replay.board.refTo(target), controller: activator, at: ev.range });
  if (replay.noting) replay.note(() => msg`${att.id}'s ${keywordWord(kw)} on the stack targeting ${target.id}`);
}

/**
 * Reconfigure's second ability, "Unattach this permanent", may be activated only while the permanent is
 * attached to a creature (and as a sorcery, checked before: 702.151a, 602.5). It targets nothing, so
 * nothing about it is checked again as it resolves (resolveUnattach).
 */
function activateUnattach(replay: Replay, ev: Extract<EventNode, { kind: 'activate' }>, att: CardObj, activator: string | undefined): void {
  const host = replay.board.hostOf(att);
  if (!host || !isCard(host) || !isCreature(host)) {
    const now = !host ? msg`it is not attached to anything` : msg`it is attached to ${describe(host)}, not a creature`;
    replay.report('impossible-event', ev.range, msg`${att.id}'s reconfigure that unattaches it can be activated only while ${att.id} is attached to a creature, and ${now}. Nothing goes on the stack. Remove the line, or activate the reconfigure that attaches it (\`activate ${att.id} reconfigure targeting ...\`).`, { rules: ['702.151a', '602.5'], subjects: [att.id] });
    return;
  }
  replay.board.pushStack({ kind: 'ability', id: att.id, version: att.version, ability: 'reconfigure', controller: activator, at: ev.range });
  if (replay.noting) replay.note(() => msg`${att.id}'s reconfigure on the stack, to unattach it from ${host.id}`);
}

/** The source of an ability that changed zones, where it is now: the new object (400.7), in a sentence. */
function newObject(att: CardObj): Message {
  return att.zone === 'battlefield' ? msg`the card, back on the battlefield,` : att.zone === 'outside' ? msg`the card now in no zone` : msg`the card now ${inZone(att.zone)}`;
}

/**
 * `resolve X reconfigure` of the ability that unattaches (702.151a): the permanent becomes unattached, and
 * a creature again (702.151b). The ability resolves apart from its source (113.7a): one that changed zones
 * is a new object the ability can't unattach, one phased out is treated as though it doesn't exist (702.26b).
 */
function resolveUnattach(replay: Replay, ev: Extract<EventNode, { kind: 'resolve' }>, att: CardObj, entry: StackEntry): void {
  const gone = att.version !== entry.version || att.zone !== 'battlefield';
  if (gone || isPhasedOut(att)) {
    const why = gone ? msg`${att.id} left the battlefield after it was activated: ${newObject(att)} is a new object` : msg`${att.id} is phased out, and a phased-out permanent is treated as though it doesn't exist`;
    replay.report('source-left-before-resolution', ev.range, msg`${att.id}'s reconfigure resolves, but ${why}, so there is nothing to unattach. That is the rules' outcome: if it is meant, an \`expect\` line after it shows so; if not, keep ${att.id} on the battlefield until the ability resolves.`, {
      rules: gone ? ['113.7a', '608.2b', '400.7'] : ['113.7a', '702.26b'],
      related: entry.at ? [relatedAt(entry.at, msg`the ability was activated here`)] : [],
      subjects: [att.id],
    });
    if (replay.noting) replay.note(() => msg`no effect: ${att.id} is gone`);
    return;
  }
  if (!att.attachedTo) {
    replay.report('ineffective-unattach', ev.range, msg`${att.id}'s reconfigure resolves, but ${att.id} is no longer attached to anything, so unattaching it does nothing. That is the rules' outcome: if it is meant, an \`expect ${att.id} unattached\` line after it shows so; if not, remove the line and its activation.`, {
      rules: ['702.151a'],
      related: entry.at ? [relatedAt(entry.at, msg`the ability was activated here`)] : [],
      subjects: [att.id],
    });
    return;
  }
  doUnattach(replay, att);
}

/**
 * The equip ability that was activated is the one that resolves (608.2b): equip planeswalker needs its
 * target still a planeswalker, a plain equip its target still a creature (702.6a, 702.6e), whichever
 * the other ability could now target.
 */
function sameEquipAbility(att: CardObj, target: Host, planeswalker: boolean): Problem | undefined {
  if (planeswalker && !(isCard(target) && target.types.has('planeswalker'))) return { rules: ['702.6e'], why: msg`${target.id} is no longer a planeswalker, and the ability activated was equip planeswalker` };
  if (!planeswalker && att.equipPlaneswalker !== 'no' && !(isCard(target) && isCreature(target))) return { rules: ['702.6a'], why: msg`${describe(target)} is not a creature, and the ability activated was equip, not equip planeswalker` };
  return undefined;
}

/** `resolve X equip`: the pending ability resolves (608.2b), if it is on top of the stack (405.5). */
export function resolveAbilityEvent(replay: Replay, ev: Extract<EventNode, { kind: 'resolve' }>): void {
  if (isNamedAbility(ev.ability!.text)) return resolveNamed(replay, ev, MTG_NAMED);
  const att = replay.card(ev.subject);
  if (!att) return;
  const kw = ev.ability!.text as Keyword;
  const rule = KEYWORD_RULE[kw];
  // `choosing C`: the color chosen as it becomes attached (607.2d: the card's own words say when), which only an equip or fortify resolving attaches.
  if (ev.color) {
    if (kw !== 'equip' && kw !== 'fortify') {
      replay.report('syntax-error', ev.color.range, msg`\`choosing ${ev.color.text}\` is the color an attachment chooses as it becomes attached, and ${att.id}'s ${abilityWord(kw)} attaches nothing. Remove it.`, { rules: ['607.2d'] });
      return;
    }
    if (!choiceReadable(replay, att, ev.color)) return;
  }
  const entry = replay.board.pendingAbility(att.id, kw);
  if (!entry) {
    replay.report('impossible-event', ev.range, msg`${att.id} has no ${abilityWord(kw)} on the stack, so none can resolve: only what is on the stack resolves. Activate it first (\`activate ${att.id} ${kw} targeting ...\`), or remove the line.`, { rules: ['608.1', '602.2a'], subjects: [att.id] });
    return;
  }
  if (!onTop(replay, ev, entry, msg`${att.id}'s ${abilityWord(kw)}`)) return;
  replay.board.removeAbility(entry);
  if (!entry.target) return resolveUnattach(replay, ev, att, entry);
  const ref = entry.target;
  const target: Host | undefined = replay.board.refTarget(ref);
  const stays = att.attachedTo ? msg`stays attached to ${att.attachedTo.id}` : msg`stays unattached`;
  const sourceGone = att.version !== entry.version || att.zone !== 'battlefield';
  // 608.2b: the target first. A card that changed zones is a new object the ability never targeted.
  const moved = target && isCard(target) && ref.kind === 'card' && target.version !== ref.version;
  const problem: Problem | undefined = !target
    ? { rules: [], why: msg`it no longer exists` }
    : moved
      ? { rules: ['400.7'], why: msg`${target.id} changed zones after the ability was activated, so it is a new object the ability never targeted` }
      : (kw === 'equip' ? sameEquipAbility(att, target, entry.planeswalker === true) : undefined) ?? abilityTargetProblem(att, target, kw, entry.controller);
  if (problem) {
    replay.report('target-illegal-on-resolution', ev.range, msg`${att.id}'s ${abilityWord(kw)} doesn't resolve: its only target is illegal (${problem.why}), so it leaves the stack and does nothing. ${sourceGone ? msg`${att.id} is not where it was` : msg`${att.id} doesn't move: it ${stays}`}. That is the rules' outcome: if it is meant, an \`expect\` line after it shows so; if not, keep the target legal until it resolves.`, {
      rules: ['608.2b', rule, ...problem.rules],
      related: entry.at ? [relatedAt(entry.at, msg`the ability was activated here`)] : [],
      subjects: [att.id, ...(target ? [target.id] : [])],
    });
    if (replay.noting) replay.note(() => msg`no effect: target illegal`);
    return;
  }
  const host = target!;
  if (sourceGone) {
    replay.report('source-left-before-resolution', ev.range, msg`${att.id}'s ${abilityWord(kw)} resolves, but ${att.id} left the battlefield after it was activated: ${newObject(att)} is a new object, so there is nothing to attach and ${host.id} stays as it is. That is the rules' outcome: if it is meant, add an \`expect ${att.id} in ${att.zone}\` line after it to show so; if not, keep ${att.id} on the battlefield until the ability resolves.`, {
      rules: ['113.7a', '608.2b', '400.7'],
      related: entry.at ? [relatedAt(entry.at, msg`the ability was activated here`)] : [],
      subjects: [att.id, host.id],
    });
    if (replay.noting) replay.note(() => msg`no effect: ${att.id} is gone`);
    return;
  }
  if (isPhasedOut(att)) {
    // The ability resolves (113.7a) and attaches nothing: its source is treated as though it doesn't exist (702.26b).
    replay.report('source-left-before-resolution', ev.range, msg`${att.id}'s ${abilityWord(kw)} resolves, but ${att.id} is phased out, and a phased-out permanent is treated as though it doesn't exist: nothing is attached and ${host.id} stays as it is. That is the rules' outcome: if it is meant, an \`expect\` line after it shows so; if not, keep ${att.id} phased in until the ability resolves.`, {
      rules: ['113.7a', '702.26b'],
      related: entry.at ? [relatedAt(entry.at, msg`the ability was activated here`)] : [],
      subjects: [att.id, host.id],
    });
    if (replay.noting) replay.note(() => msg`no effect: ${att.id} is phased out`);
    return;
  }
  if (att.attachedTo && replay.board.hostOf(att) === host) {
    replay.report('redundant-attach', ev.range, msg`${att.id} is already attached to ${host.id} as its ${abilityWord(kw)} resolves, so the ability does nothing: ${att.id} doesn't become attached again and gets no new timestamp.${ev.color ? noNewChoice(att) : msg``} Remove this line and its activation, or target another ${kw === 'fortify' ? msg`land` : msg`creature`}.`, {
      rules: ['701.3c'],
      related: att.attachedAt ? [relatedAt(att.attachedAt, msg`${att.id} became attached here`)] : [],
      subjects: [att.id, host.id],
    });
    if (replay.noting) replay.note(() => msg`no effect: already on ${host.id}`);
    return;
  }
  const cant = attachProblemOn(replay.board, att, host, false, kw === 'equip' && entry.planeswalker === true);
  if (cant && entry.unattachable && !cant.code) {
    // Nothing left or changed: the target was legal, but already one it can't be attached to (701.3a, 701.3b).
    replay.report('illegal-attachment', ev.range, msg`${att.id}'s ${abilityWord(kw)} resolves, but ${att.id} can't be attached to ${host.id}: ${cant.why}. That was so already when the ability was activated (a legal target need not be one it can be attached to), so the attach does nothing: ${att.id} ${stays}. ${kw === 'fortify' ? msg`Target a land ${att.id} can be attached to, or remove this line and its activation.` : msg`Target a creature ${att.id} can be attached to, or remove this line and its activation.`}`, {
      rules: [...new Set(['701.3a', ...cant.rules, '701.3b', isFortification(att) ? '301.6' : '301.5b'])],
      related: entry.at ? [relatedAt(entry.at, msg`the ability was activated here`)] : [],
      subjects: [att.id, host.id],
    });
    return;
  }
  if (cant) {
    // The ability resolves and its attach does nothing (701.3b): a legal outcome, as when the source left.
    replay.report(cant.code ?? 'source-left-before-resolution', ev.range, msg`${att.id}'s ${abilityWord(kw)} resolves, but ${att.id} can't be attached to ${host.id}: ${cant.why}. The attach does nothing: ${att.id} ${stays}. That is the rules' outcome: if it is meant, an \`expect\` line after it shows so; if not, keep ${att.id} able to ${kw === 'fortify' ? msg`fortify` : msg`equip`} ${host.id} until the ability resolves.`, {
      rules: [...(cant.code ? [] : ['113.7a', '608.2b']), ...cant.rules, '701.3b', ...(isFortification(att) ? [] : ['301.5b'])],
      related: entry.at ? [relatedAt(entry.at, msg`the ability was activated here`)] : [],
      subjects: [att.id, host.id],
    });
    return;
  }
  // The color is chosen as it becomes attached, so as the ability resolves (607.2d): the resolve line says it.
  if (att.choosesColor && !ev.color) return missingChoice(replay, ev, att, host, 'resolve');
  doAttach(replay, att, host, ev.range, ev.color?.text);
}
