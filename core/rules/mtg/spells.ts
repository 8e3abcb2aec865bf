// MTG spells: casting (601.2a, 601.2c: an Aura spell's target; where from and what stops it, 601.3, 101.2; when,
// 117.1a, flash 702.8a, 601.3b) and resolving (608.1, 608.2b, 608.3b/c), and bestow (702.103, 702.103d: a cast is
// judged as the spell it is cast as; 702.103e: a bestowed Aura with an illegal target resolves as a creature). A
// spell is on the stack with the abilities (stack.ts): it resolves only from the top (405.5).
import type { EventNode, Filter, Property } from '../../parser/ast';
import { makesToken } from '../../parser/ast';
import { asNewObject, type CardObj, declaredWith, type Grouped, type Grouping, isCard, KIND_LAND, noItems } from '../../engine/board';
import type { Replay } from '../../engine/replay';
import type { RuleExplanation } from './explanations';
import { castOnlyFilter, describe, filterMatches, filterText, hasPermanentType, type Host, inEffect, isAura, isCreature, isEquipment, judgedAs, type Problem, spellMatches } from './characteristics';
import { describeEntry, stepWord } from './timing';
import { attachProblemOn, retargetFixes } from './legality';
import { auraTargetProblem } from './targeting';
import { influenceProblem } from './influence';
import { unpaidWard } from './targetingKeywords';
import { doAttach, entryChoiceMissing, entryChoiceReadable } from './attach';
import { graveyardFor, moveTo } from './zones';
import { onTop, resolveAbilityEvent } from './stack';
import { msg, relatedAt, titledFix, type Message } from '../../message';
import { inZone } from '../../engine/words';
import { resolveLivingWeapon } from './livingWeapon';
import { resolveGraveyardTrigger } from './graveyardTrigger';
import { castMutating, mutatingCast, resolveMutating } from './mutate';
import { hasAbility } from '../../engine/abilities';
import { castFaceDown } from './faceDown';

/** The rules of this module, explained (assembled into the game's rules in explanations.ts). */
export const EXPLAINED: Record<string, RuleExplanation> = {
  '601.3': { title: 'Permission to cast', text: 'A player may start casting a spell only if some rule or effect permits it and none forbids it: normally from their own hand; from elsewhere only with a permission, such as flashback.' },
  '601.2a': { title: 'Casting starts by moving the card', text: "Casting a spell starts by moving the card from where it is to the stack, where it stays until it resolves or something else moves it; a card already on the stack or on the battlefield isn't cast again." },
  '608.1': { title: 'What resolves', text: 'Each time all players pass in a row, whatever is topmost on the stack resolves; a card that is not on the stack never resolves.' },
  '608.2b': { title: 'Targets checked on resolution', text: 'When a spell or ability resolves, its targets are checked again. If every target is now illegal (it left its zone, gained protection, no longer qualifies), it does not resolve.' },
  '608.3b': { title: 'Aura spell with an illegal target', text: "An Aura spell whose target is illegal on resolution does not resolve and goes to its owner's graveyard (a bestowed Aura resolves as a creature instead)." },
  '608.3c': { title: 'Aura spell resolves', text: 'An Aura spell that resolves becomes a permanent attached to the object or player it targeted.' },
  '101.2': { title: "Can't beats can", text: "When one rule or effect lets something happen, or says it must, and another says it can't, the prohibition wins: the thing doesn't happen." },
  '702.103d': { title: 'Casting bestowed is judged as an Aura', text: 'Whether a bestow card may be cast bestowed is decided by what bestow makes of it, an Aura enchantment spell with enchant creature, and not by what it is as a card. So an effect that stops creature spells does not stop it when cast bestowed, and a permission limited to creature spells does not cover that cast.' },
  '305.1': { title: 'Playing a land', text: "A land card is played from its owner's hand at sorcery speed, as a special action: it goes straight onto the battlefield, with nothing on the stack that could be responded to. It is never cast." },
  '305.9': { title: 'Lands with other card types', text: 'A card that is a land and also some other card type (Dryad Arbor) may only be played, as a land; it is never cast as a spell.' },
  '702.103': { title: 'Bestow', text: 'Bestow lets a creature card be cast as an Aura with enchant creature; it becomes a creature again when it is no longer attached.' },
  '702.103e': { title: 'Bestow with an illegal target', text: 'A bestowed Aura spell whose target is illegal on resolution stops being bestowed and resolves as a creature.' },
};

export function castEvent(replay: Replay, ev: Extract<EventNode, { kind: 'cast' }>): void {
  const spell = replay.card(ev.subject);
  const target = ev.target ? replay.lookup(ev.target) : undefined;
  if (!spell || (ev.target && !target)) return;
  // A player who left the game casts nothing: nothing is put onto the stack under their control (800.4b).
  const caster = replay.board.left.length === 0 ? undefined : casterOf(spell, ev);
  if (caster !== undefined && replay.board.players.get(caster)?.left) {
    replay.report('impossible-event', ev.range, msg`${caster} has left the game, and nothing is put onto the stack under the control of a player who has left: the cast doesn't happen, and ${spell.id} stays ${inZone(spell.zone)}. Remove the line, or write the cast of a player still in the game.`, { rules: ['800.4b', '800.4a'], subjects: [spell.id, caster] });
    return;
  }
  // The spell is a new object (601.2a, 400.7): effects on the card in its zone (an ability it lost or
  // gained in the hand) don't follow it onto the stack, so they don't decide what it may target.
  if (spell.modified && spell.zone !== 'stack' && spell.zone !== 'battlefield') castRenewed(replay, ev, spell, target);
  else castSpell(replay, ev, spell, target, false);
}

/** (Out of castEvent: a closure there would make every cast allocate its variables.) */
function castRenewed(replay: Replay, ev: Extract<EventNode, { kind: 'cast' }>, spell: CardObj, target: Host | undefined): void {
  asNewObject(spell, () => castSpell(replay, ev, spell, target, true));
}

/** `renewed`: the spell is judged as the new object, without the effects on the card where it is. */
function castSpell(replay: Replay, ev: Extract<EventNode, { kind: 'cast' }>, spell: CardObj, target: Host | undefined, renewed: boolean): void {
  if (spell.zone === 'battlefield' || spell.zone === 'stack') {
    replay.report('impossible-event', ev.range, msg`${spell.id} is already on ${spell.zone === "battlefield" ? msg`the battlefield` : msg`the stack`}, so it can't be cast: casting starts by moving the card to the stack. Put it in the zone it is cast from (\`in hand\`), or remove the line.`, { rules: ['601.2a'], subjects: [spell.id] });
    return;
  }
  if (spell.token) {
    // A token is not a card (108.2b): an effect creates it (111.1), and nothing casts it.
    replay.report('impossible-event', ev.range, msg`${spell.id} is a token, and a token is not a card: an effect creates it, and no one casts it. The cast doesn't happen. Write \`enter ${spell.id}\` for the token an effect creates, or remove the line.`, { rules: ['108.2b', '111.1'], subjects: [spell.id] });
    return;
  }
  // The land bit of its kinds, not its set of types: each cast asks.
  if ((spell.kinds & KIND_LAND) !== 0) {
    // 305.1, 305.9: a land is played, as a special action that doesn't use the stack, never cast.
    const other = [...spell.types].some((t) => t !== 'land');
    replay.report('impossible-event', ev.range, msg`${describe(spell)} is a land, and a land is played, not cast: playing it puts it onto the battlefield as a special action, without the stack${other ? msg`, and a land with another card type too can only be played as a land` : msg``}. The cast doesn't happen. Write \`move ${spell.id} to battlefield\` for the land played, or remove the line.`, {
      rules: ['305.1', ...(other ? ['305.9'] : [])],
      subjects: [spell.id],
    });
    return;
  }
  // Cast face down (702.37c, 702.168b, 708.4): turned face down first, a 2/2 creature spell judged as one from here on.
  const undoFaceDown = ev.faceDown ? castFaceDown(replay, spell, target, ev) : undefined;
  if (ev.faceDown && !undoFaceDown) return;
  // A permanent spell targets only as an Aura (115.1b; a bestow card cast bestowed is one): an
  // Equipment or a creature spell has no target, and an Equipment enters unattached (301.5b).
  if (target !== undefined && !ev.mutating && !isAura(spell) && !spell.bestow && hasPermanentType(spell)) {
    const equipment = isEquipment(spell);
    const later = !equipment ? msg`` : spell.reconfigure ? msg` An Equipment spell enters the battlefield unattached; its reconfigure ability attaches it later.` : msg` An Equipment spell enters the battlefield unattached; its equip ability attaches it later.`;
    const then = !equipment ? msg`` : spell.reconfigure ? msg`, then \`resolve ${spell.id}\`, \`activate ${spell.id} reconfigure targeting ${target.id}\` and \`resolve ${spell.id} reconfigure\`` : msg`, then \`resolve ${spell.id}\` and \`equip ${spell.id} to ${target.id}\``;
    // A creature card with mutate targets only when cast for its mutate cost (702.140a).
    const mutate = !equipment && hasAbility(spell, MUTATE);
    const asMutating = mutate ? msg` Cast for its mutate cost, it targets the creature it merges with: write \`cast ${spell.id} mutating onto ${target.id}\`.` : msg``;
    replay.report('impossible-event', ev.target!.range, msg`${describe(spell)} is a permanent spell that is not an Aura, and such a spell has no target, so it can't be cast targeting ${target.id}.${later}${asMutating} The cast doesn't happen. Write \`cast ${spell.id}\`${then}, or remove the line.`, {
      rules: ['115.1', '601.2c', ...(equipment ? ['301.5b'] : []), ...(mutate ? ['702.140a'] : [])],
      subjects: [spell.id, target.id],
    });
    return;
  }
  // A bestow card cast with a target is cast bestowed (an Aura spell, 702.103b); without one, as a
  // creature. What allows or stops the cast judges the spell so (702.103d).
  const asBestow = target !== undefined && spell.bestow && !isAura(spell);
  // 601.2a: the player who casts it controls the spell; its targets are chosen and judged as theirs
  // ("you control", hexproof, ward, 702.11b, 702.21a).
  const caster = casterOf(spell, ev);
  const before = spell.controller;
  replay.board.setController(spell, caster);
  // judgedAs written out: a closure here would make every cast allocate its variables.
  const was = spell.bestowed;
  spell.bestowed = asBestow;
  let refused: boolean;
  try {
    refused = !castFromHere(replay, spell, ev) || !targetedIfAura(replay, spell, ev) || !castNow(replay, spell, ev) || cannotBeCast(replay, spell, ev) || (ev.mutating ? !mutatingCast(replay, spell, target!, ev) : target !== undefined && !legalAuraTarget(replay, spell, target, ev, renewed));
  } finally {
    spell.bestowed = was;
  }
  if (refused) {
    undoFaceDown?.();
    // Through the board, as every change of controller: a card cast from the battlefield (`castable`) is filed back under its controller (Board.firstFielded).
    replay.board.setController(spell, before);
    return;
  }
  moveTo(replay, spell, 'stack', ev);
  controlledBy(replay, spell, caster);
  replay.board.pushStack({ kind: 'spell', id: spell.id, version: spell.version, controller: caster, at: ev.range });
  if (asBestow) spell.bestowed = true;
  if (!target) {
    if (ev.payingWard) replay.report('impossible-event', ev.payingWard, msg`${spell.id} is cast without a target, so no ward triggers and there is no ward cost to pay. Remove \`paying ward\`.`, { rules: ['702.21a'], subjects: [spell.id] });
    if (replay.noting) replay.note(onTheStack(spell, undefined));
    return;
  }
  spell.stackTarget = replay.board.refTo(target);
  if (ev.mutating) castMutating(replay, spell);
  if (replay.noting) replay.note(onTheStack(spell, target));
  wardOnCast(replay, spell, target, ev);
}

/** castSpell's note (a closure in castSpell would make every cast allocate its variables). */
function onTheStack(spell: CardObj, target: Host | undefined): () => Message {
  return () => (target ? msg`${spell.id} on the stack targeting ${target.id}` : spell.faceDown ? msg`${spell.id} on the stack face down: a 2/2 creature spell with no name, subtypes or text` : msg`${spell.id} on the stack`);
}

/**
 * 601.3: a spell is cast only from where a rule or effect allows: its owner's hand, anywhere for a
 * card declared `castable`, or the top of a library whose owner controls a permanent that lets them
 * cast such spells from there (Garruk's Horde), the spell judged as cast. Reported when it may not be.
 */
function castFromHere(replay: Replay, spell: CardObj, ev: Extract<EventNode, { kind: 'cast' }>): boolean {
  const caster = casterOf(spell, ev);
  if ((spell.zone === 'hand' && (caster === spell.owner || spell.owner === undefined)) || spell.decl.props.some((p) => p.kind === 'flag' && p.flag === 'castable')) return true;
  if (spell.zone === 'hand') {
    replay.report('impossible-event', ev.range, msg`${spell.id} is in ${spell.owner}'s hand, and ${caster} can't cast it from there: a player casts spells from their own hand, unless an effect lets them cast another player's cards. The cast doesn't happen. Write \`by ${spell.owner}\`, declare the card \`castable\` if such an effect applies, or remove the line.`, { rules: ['601.3'], subjects: [spell.id] });
    return false;
  }
  const permits = spell.zone === 'library' && caster === spell.owner ? libraryPermissions(replay, caster) : [];
  if (permits.length === 0) {
    replay.report('impossible-event', ev.range, msg`${spell.id} is ${spell.zone === 'outside' ? msg`in no zone (it left the game)` : inZone(spell.zone)}, and nothing lets it be cast from there: a card is cast from its owner's hand unless a rule or effect (flashback, a commander's command zone, "you may cast it from ...") allows another zone. The cast doesn't happen. Declare the card \`castable\` if such an effect applies, put it \`in hand\`, or remove the line.`, { rules: ['601.3'], subjects: [spell.id] });
    return false;
  }
  const [first] = permits;
  if (!isTopOfLibrary(replay, spell)) {
    replay.report('impossible-event', ev.range, msg`${first.card.id} lets ${caster} cast ${filterText(first.filter)} spells from the top of their library, but ${spell.id} is not known to be its top card: the top card is the one declared \`on top\`, or the last one an event put into the library. The cast doesn't happen. Declare ${spell.id} \`on top\` if it is, or remove the line.`, { rules: ['601.3'], subjects: [spell.id, first.card.id] });
    return false;
  }
  if (permits.some((p) => spellMatches(p.filter, spell))) return true;
  const is = spell.bestowed ? msg`cast bestowed, ${describe(spell)} is not one` : msg`${describe(spell)} is not one`;
  // Cast bestowed and refused: would it be allowed cast as a creature (Garruk's Horde, 702.103d)?
  const asCreature = spell.bestowed && judgedAs(spell, false, () => permits.some((p) => spellMatches(p.filter, spell)));
  const other = asCreature ? msg` Cast as a creature, with no target (\`cast ${spell.id}\`), it may be.` : msg``;
  replay.report('impossible-event', ev.range, msg`${spell.id} is on top of ${caster}'s library, and ${first.card.id} lets ${caster} cast ${filterText(first.filter)} spells from there, but ${is}, and nothing else lets it be cast from a library. The cast doesn't happen and ${spell.id} stays in the library.${other} Remove the line, or write the cast the permission allows.`, {
    rules: ['601.3', ...(spell.bestow ? ['702.103d'] : [])],
    subjects: [spell.id, first.card.id],
  });
  return false;
}

/**
 * The timing of a cast (117.1a), judged once a `turn` line says whose turn it is: an instant, or a
 * spell with flash (702.8a) or cast as though it had flash (601.3b), any time; any other spell only
 * in a main phase of its caster's turn with the stack empty (301.1-310.1 by card type). Reported
 * when the cast can't happen now.
 */
function castNow(replay: Replay, spell: CardObj, ev: Extract<EventNode, { kind: 'cast' }>): boolean {
  const turn = replay.board.turn;
  if (!turn) return true;
  const caster = casterOf(spell, ev);
  if (anyTime(replay, spell, caster)) return true;
  const top = replay.board.stackTop();
  if (turn.player === caster && turn.step === 'main' && !top) return true;
  const now = turn.player !== caster ? msg`it is ${turn.player}'s turn` : turn.step !== 'main' ? msg`it is ${stepWord(turn.step)} of ${caster}'s turn` : msg`${describeEntry(top!).what} is on the stack`;
  // A bestow card refused one way that an "as though it had flash" effect would let be cast the other (601.3b).
  const bestowed = spell.bestowed;
  const otherWay = spell.bestow && judgedAs(spell, !bestowed, () => anyTime(replay, spell, caster));
  const hint = otherWay ? (bestowed ? msg` Cast as a creature, with no target (\`cast ${spell.id}\`), it could be cast now.` : msg` Cast bestowed (\`cast ${spell.id} targeting ...\`), it could be cast now.`) : msg``;
  replay.report('impossible-event', ev.range, msg`${spell.id} can't be cast now: ${describe(spell)} is cast only in a main phase of its caster's turn with nothing on the stack, and ${now}.${hint} The cast doesn't happen and ${spell.id} stays ${inZone(spell.zone)}. Write it in ${caster}'s main phase (\`turn ${caster}\`), declare the card \`flash\` if it has flash, or remove the line.`, {
    rules: [...timingRules(spell), '117.1a', ...(otherWay ? ['601.3b'] : [])],
    related: top?.at ? [relatedAt(top.at, msg`${describeEntry(top).what} was put on the stack here`)] : [],
    subjects: [spell.id],
  });
  return false;
}

/** A mutating spell with an illegal target enters as the creature spell it then is, under its controller (702.140b, 608.3). */
function enterAsCreature(replay: Replay, ev: Extract<EventNode, { kind: 'resolve' }>, spell: CardObj): () => void {
  return () => {
    const controller = spell.controller;
    const caster = spell.enteredUnder;
    const log = spell.controlLog;
    moveTo(replay, spell, 'battlefield', ev);
    resolvedUnder(replay, spell, controller, caster, log);
    replay.markDirty(spell);
  };
}

const MUTATE = { kind: 'keyword', name: 'mutate' } as const;

/** Who casts: the player `by` names, else the card's owner (a card in a hand or a library is its owner's to cast). */
function casterOf(spell: CardObj, ev: Extract<EventNode, { kind: 'cast' }>): string | undefined {
  return ev.by?.text ?? spell.owner;
}

/**
 * The permanent a spell became, which on the stack had `controller`, `caster` (who put it there: its
 * `enteredUnder`, controlledBy) and the control effects `log`: its controller is the spell's (608.3). A
 * player who gained control of another player's spell controls the permanent, whose controller by default
 * is the player who put the spell on the stack (110.2b): the control effects go on over it, and end as a
 * player leaving ends them (800.4a: it goes back to the caster, not into exile).
 */
function resolvedUnder(replay: Replay, card: CardObj, controller: string | undefined, caster: string | undefined, log: CardObj['controlLog']): void {
  if (caster === undefined || caster === controller || log.length === 0) return controlledBy(replay, card, controller);
  card.enteredUnder = caster;
  card.controlLog = log;
  replay.board.setController(card, controller);
}

/** A spell is controlled by the player who cast it (601.2a), and the permanent it becomes enters under that player's control (608.3, 110.2). */
function controlledBy(replay: Replay, card: CardObj, player: string | undefined): void {
  replay.board.setController(card, player);
  card.enteredUnder = player;
}

/** May the spell, as cast, be cast any time its caster could cast an instant: an instant, flash (702.8a), an "as though it had flash" effect its caster controls (601.3b)? */
function anyTime(replay: Replay, spell: CardObj, caster: string | undefined): boolean {
  if (spell.types.has('instant')) return true;
  if (!spell.lost.has('all') && spell.decl.props.some((p) => p.kind === 'flag' && p.flag === 'flash')) return true;
  // The permanents with such an effect that the caster controls, in effect, whose filter takes the spell
  // (Board.firstGrouped): the spell is judged once by each distinct filter of the caster's permanents,
  // and only the cards of those that take it are looked at, so that many permanents letting their
  // controller cast artifact spells so cost a creature spell one look.
  return replay.board.firstGrouped(flashPermissions, caster, spellMatches, inEffect, spell) !== undefined;
}

/**
 * The "as though it had flash" effects of a card, grouped by the words of their filter (filterWords):
 * spellMatches reads nothing else, so the cards of a group all take a spell or all don't.
 */
const flashPermissions: Grouping<Filter> = (c) => {
  let out: Grouped<Filter>[] | undefined;
  for (const p of c.decl.props) if (p.kind === 'may-cast-flash') (out ??= []).push({ key: filterWords.of(p.filter), value: p.filter });
  return out ?? noItems();
};

/** The rules that give each card type of the spell, as cast, its casting timing (a bestowed spell is an enchantment, not a creature). */
function timingRules(spell: CardObj): string[] {
  const out: string[] = [];
  if (spell.types.has('artifact')) out.push('301.1');
  if (isCreature(spell)) out.push('302.1');
  if (spell.types.has('enchantment') || spell.bestowed) out.push('303.1');
  if (spell.types.has('planeswalker')) out.push('306.1');
  if (spell.types.has('sorcery')) out.push('307.1');
  if (spell.types.has('battle')) out.push('310.1');
  return out;
}

/** An Aura spell targets what it will enchant (303.4a, 601.2c): without a target it can't be cast. Reported when it is one. */
function targetedIfAura(replay: Replay, spell: CardObj, ev: Extract<EventNode, { kind: 'cast' }>): boolean {
  if (ev.target || !isAura(spell)) return true;
  replay.report('impossible-event', ev.range, msg`${spell.id} is an Aura, and an Aura spell targets what it will enchant, so it can't be cast without a target. The cast doesn't happen. Write \`cast ${spell.id} targeting ...\`, or remove the line.`, { rules: ['303.4a', '601.2c'], subjects: [spell.id] });
  return false;
}

/** An Aura spell's target is legal as it is cast (601.2c); reported when it is not. A spell that is not an Aura is not checked here. */
function legalAuraTarget(replay: Replay, spell: CardObj, target: Host, ev: Extract<EventNode, { kind: 'cast' }>, renewed: boolean): boolean {
  if (!isAura(spell)) return true;
  const problem = auraTargetProblem(spell, target) ?? influenceProblem(replay.board, spell, target, true) ?? castOnlyProblem(spell, target);
  if (!problem) return true;
  const as = renewed ? msg` (the spell is a new object, without the effects on the card ${inZone(spell.zone)})` : '';
  replay.report('illegal-aura-target', ev.range, msg`${spell.id} can't be cast targeting ${target.id}${as}: ${problem.why}. An Aura spell's target must be legal when it is cast, so the cast doesn't happen and ${spell.id} stays ${inZone(spell.zone)}. Cast it targeting a legal object or player, or remove the line.`, {
    rules: ['601.2c', ...problem.rules, ...(renewed ? ['400.7', '611.2c'] : [])],
    fixes: retargetFixes(replay, spell, (h) => !auraTargetProblem(spell, h) && !influenceProblem(replay.board, spell, h, true) && !castOnlyProblem(spell, h), ev.target!.range, target),
    subjects: [spell.id, target.id],
  });
  return false;
}

/**
 * The card's own limit on the target it is cast with (Dream Leash: `cast only targeting a tapped
 * permanent`, 601.2c, 601.3): a tapped permanent the filter takes, the spell's caster as "you". Read
 * only here, as the spell is cast: not as it resolves (608.2b checks the enchant ability, and the target
 * untapped meanwhile is still legal), nor for the Aura put onto the battlefield without being cast.
 */
function castOnlyProblem(spell: CardObj, target: Host): Problem | undefined {
  const props = spell.decl.props;
  for (let i = 0; i < props.length; i++) {
    const p = props[i];
    if (p.kind !== 'cast-only') continue;
    const f = castOnlyFilter(p);
    const tapped = isCard(target) && target.zone === 'battlefield' && target.exhausted;
    if (tapped && filterMatches(f, target, spell)) continue;
    const why = !isCard(target) ? msg`${target.id} is a player, not a permanent` : target.zone !== 'battlefield' ? msg`${target.id} is ${inZone(target.zone)}, not a permanent on the battlefield` : !tapped ? msg`${target.id} is untapped` : msg`${describe(target)} is not one`;
    return { rules: ['601.2c', '601.3'], why: msg`${spell.id} can be cast only targeting a tapped ${filterText(f)}, and ${why}` };
  }
  return undefined;
}

/**
 * 601.3, 101.2: a permanent on the battlefield that says players can't cast such spells stops the
 * cast, whatever allows it. The spell is judged as it is being cast (601.3a, 601.3e): a bestow card
 * cast bestowed is an Aura enchantment spell, not a creature spell (702.103d). Reported when it does:
 * the first such permanent in the order declared, by its first prohibition that takes the spell. The
 * spell is judged once by each distinct prohibition (prohibitionsOf), and only the cards of those that
 * take it are looked at: many permanents saying players can't cast artifact spells cost a creature
 * spell one look.
 */
function cannotBeCast(replay: Replay, spell: CardObj, ev: Extract<EventNode, { kind: 'cast' }>): boolean {
  let c: CardObj | undefined;
  for (const group of prohibitionsOf(replay.board)) {
    if (!spellMatches(group.filter, spell)) continue;
    for (const d of group.cards) {
      if (c !== undefined && d.index >= c.index) break;
      if (inEffect(d)) {
        c = d;
        break;
      }
    }
  }
  if (c === undefined) return false;
  for (const p of c.decl.props) {
    if (p.kind !== 'cant-cast' || !spellMatches(p.filter, spell)) continue;
    const is = spell.bestowed ? msg`cast bestowed, ${describe(spell)} is one` : spell.bestow ? msg`cast without bestow, ${describe(spell)} is one` : msg`${describe(spell)} is one`;
    const other = spell.bestow && !spell.bestowed ? msg` Cast bestowed (\`cast ${spell.id} targeting ...\`), it would be judged as the Aura spell it then is (702.103d).` : msg``;
    replay.report('impossible-event', ev.range, msg`${spell.id} can't be cast: ${c.id}, on the battlefield, says players can't cast ${filterText(p.filter)} spells, and ${is}. A "can't" wins over whatever allows the cast (101.2), so it doesn't happen and ${spell.id} stays ${inZone(spell.zone)}.${other} Remove the line, or take ${c.id} off the battlefield first.`, {
      rules: ['601.3', '101.2', ...(spell.bestow ? ['702.103d'] : [])],
      // Where the prohibition is written, when that is in this file (an included file's ranges are its own).
      related: replay.includedFrom(c.id) === undefined ? [relatedAt(p.range, msg`${c.id}'s prohibition`)] : [],
      subjects: [spell.id, c.id],
    });
    return true;
  }
  return false;
}

/** The cards declared with a prohibition of the same words (`players can't cast artifact spells`), in the order declared. */
interface Prohibition {
  readonly filter: Filter;
  readonly cards: readonly CardObj[];
}

/**
 * The key a prohibition, or a permission to cast spells as though they had flash, is grouped by: the
 * words of its filter, each with whether it is negated (a test keys each apart, so that each card is
 * looked at in turn, as before the groups).
 */
export const filterWords = {
  of: (f: Filter): string => f.alternatives.map((a) => a.map((t) => (t.negated ? '-' : '+') + t.word).join('\u0000')).join('\u0001'),
};

/** The prohibitions of each board's list of cards declared with one (declaredWith gives each board its own). */
const prohibitions = new WeakMap<readonly CardObj[], readonly Prohibition[]>();

/**
 * The cards declared with a casting prohibition (`players can't cast ... spells`), grouped by the
 * words of its filter: a spell is judged by what the words name (spellMatches reads nothing else), so
 * the cards of a group all take it or all don't. A card with several is in each of their groups.
 */
function prohibitionsOf(board: Replay['board']): readonly Prohibition[] {
  const list = declaredWith(board, prohibits);
  let groups = prohibitions.get(list);
  if (groups === undefined) {
    const byWords = new Map<string, { filter: Filter; cards: CardObj[] }>();
    for (const c of list) {
      for (const p of c.decl.props) {
        if (p.kind !== 'cant-cast') continue;
        const words = filterWords.of(p.filter);
        const group = byWords.get(words);
        if (group === undefined) byWords.set(words, { filter: p.filter, cards: [c] });
        else if (group.cards[group.cards.length - 1] !== c) group.cards.push(c);
      }
    }
    groups = [...byWords.values()];
    prohibitions.set(list, groups);
  }
  return groups;
}
const prohibits = (p: Property): boolean => p.kind === 'cant-cast';

/** A card declared with a permission to cast spells from the top of its controller's library (Garruk's Horde). */
const topPermission = (c: CardObj): boolean => c.decl.props.some((p) => p.kind === 'may-cast-top');

/** The permissions in effect to cast spells from the top of `player`'s library: those of the permanents they control (Board.fieldedUnder), in the order declared. */
function libraryPermissions(replay: Replay, player: string | undefined): { card: CardObj; filter: Filter }[] {
  const out: { card: CardObj; filter: Filter }[] = [];
  for (const c of replay.board.fieldedUnder(topPermission, player)) {
    if (!inEffect(c)) continue;
    for (const p of c.decl.props) if (p.kind === 'may-cast-top') out.push({ card: c, filter: p.filter });
  }
  return out;
}

/**
 * Is the card known to be the top card of its owner's library? A card an event puts into a library
 * goes on top of it (its object version counts its zone changes), so the newest of those still there
 * (by timestamp: each zone change gives one) is the top card. With none there, the card declared
 * `on top` is, while it has not moved. A card declared in the library without `on top` is somewhere
 * below, never known to be on top. The board keeps each owner's cards put into a library in the
 * order they went (Board.newestInLibrary), and the first declared `on top` is found once
 * (declaredTopOf): a cast from a library looks at neither every card nor every card of its owner's,
 * so that many casts from the top of a large library stay linear.
 */
function isTopOfLibrary(replay: Replay, card: CardObj): boolean {
  if (card.zone !== 'library') return false;
  const newest = replay.board.newestInLibrary(card.owner);
  if (newest) return newest === card;
  return declaredTopOf(replay.board, card.owner) === card.index && card.version === 0;
}

/**
 * The index of the declared top card of `owner`'s library: the first card of theirs declared `on top`
 * (a second one is reported where it is declared, and is not on top), in the order declared; -1 for
 * none. Found from the declarations at the first look, once for every copy of the board (Board.declaredTops).
 */
function declaredTopOf(board: Replay['board'], owner: string | undefined): number {
  let tops = board.declaredTops;
  if (tops === undefined) {
    tops = board.declaredTops = new Map();
    for (const c of board.cards.values()) if (!tops.has(c.owner) && declaredOnTop(c)) tops.set(c.owner, c.index);
  }
  return tops.get(owner) ?? -1;
}

/** Declared `on top` of its owner's library (in the library, as declared). */
function declaredOnTop(c: CardObj): boolean {
  let onTop = false;
  let inLibrary = false;
  for (const p of c.decl.props) {
    if (p.kind === 'flag' && p.flag === 'on-top') onTop = true;
    else if (p.kind === 'zone' && p.zone.zone === 'library') inLibrary = true;
  }
  return onTop && inLibrary;
}

/**
 * Ward (702.21a): a spell an opponent of the target's controller casts targeting it triggers each of
 * its ward abilities, which counter the spell (701.6a) unless the caster pays. `paying ward` on the
 * cast line records the payment; without it the replay counters the spell, as the rules do when the
 * cost is not paid, and says so (information: a legal outcome, which `paying ward` changes).
 */
function wardOnCast(replay: Replay, spell: CardObj, target: Host, ev: Extract<EventNode, { kind: 'cast' }>): void {
  const caster = spell.controller;
  const ward = unpaidWard(replay, [target], caster, ev.payingWard, [spell.id, target.id]);
  if (!ward) return;
  const { labels, costs } = ward;
  replay.report('ward-countered', ev.range, msg`${spell.id} targets ${target.id}, which has ${labels} and is controlled by ${isCard(target) ? target.controller : target.id}, an opponent of ${caster}: ward triggers, and as the scenario doesn't record that ${caster} paid ${costs}, it counters ${spell.id}, which goes from the stack to its owner's graveyard. If ${caster} paid, add \`paying ward\` to the cast line; if the counter is meant, an \`expect ${spell.id} in graveyard\` line after it shows so.`, {
    rules: ['702.21a', '701.6a'],
    subjects: [spell.id, target.id],
  });
  spell.stackTarget = undefined;
  moveTo(replay, spell, 'graveyard', ev);
  if (replay.noting) replay.note(() => msg`ward counters ${spell.id}`);
}

/** Where a spell that doesn't resolve goes, in words: its owner's graveyard, or exile when a replacement says so (614.1a). */
function toGraveyard(replay: Replay, spell: CardObj): { zone: 'graveyard' | 'exile'; words: Message; rules: string[] } {
  const to = graveyardFor(replay, spell);
  if (!to.by) return { zone: 'graveyard', words: msg`goes to its owner's graveyard`, rules: [] };
  return { zone: 'exile', words: to.by === spell ? msg`is exiled instead of going to a graveyard (its own replacement)` : msg`is exiled instead of going to a graveyard (${to.by.id}'s replacement)`, rules: ['614.1a'] };
}

/** The abilities of a card that may wait on the stack under its name, for `resolve X` written without one. */
const PENDING_KINDS = ['equip', 'fortify', 'reconfigure', 'living weapon', 'for mirrodin', 'job select', 'trigger'] as const;

export function resolveEvent(replay: Replay, ev: Extract<EventNode, { kind: 'resolve' }>): void {
  if (makesToken(ev.ability?.text)) return resolveLivingWeapon(replay, ev);
  if (ev.ability?.text === 'Quick-Draw') {
    replay.report('impossible-event', ev.ability.range, msg`Quick-Draw is a Riftbound keyword; this scenario is \`game mtg\`. An MTG Equipment that attaches itself as it enters has living weapon: write \`resolve X living weapon creating T\`, or remove the line.`, { rules: ['702.92a'] });
    return;
  }
  if (ev.ability?.text === 'Weaponmaster') {
    replay.report('impossible-event', ev.ability.range, msg`Weaponmaster is a Riftbound keyword; this scenario is \`game mtg\`. An MTG Equipment that attaches itself as it enters has living weapon: \`resolve X living weapon creating T\`.`, { rules: ['702.92a'] });
    return;
  }
  if (ev.ability?.text === 'trigger') return resolveGraveyardTrigger(replay, ev);
  if (ev.ability) return resolveAbilityEvent(replay, ev);
  const spell = replay.card(ev.subject);
  if (!spell) return;
  const pending = spell.zone === 'stack' ? undefined : PENDING_KINDS.map((k) => replay.board.pendingAbility(spell.id, k)).find((e) => e !== undefined);
  if (pending) {
    const w = describeEntry(pending);
    replay.report('impossible-event', ev.range, msg`${spell.id} is not on the stack as a spell (it is ${inZone(spell.zone)}); ${w.what} is. Write \`${w.line}\` to resolve the ability.`, {
      rules: ['608.1'],
      fixes: !w.fixable ? [] : [titledFix(msg`Resolve ${w.what}`, false, [{ range: ev.subject.range, newText: `${spell.id} ${pending.ability}` }])],
      subjects: [spell.id],
    });
    return;
  }
  if (spell.zone !== 'stack') {
    // The line to write, as scenario text (not translated).
    const cast = `cast ${spell.id}${isAura(spell) || spell.bestow ? ' targeting ...' : ''}`;
    // A permanent is not cast again (601.2a): the cast that would have put it on the stack comes from another zone.
    const first = spell.types.has('land')
      ? msg`A land is never cast: write \`move ${spell.id} to battlefield\` for it played`
      : spell.zone === 'battlefield'
        ? msg`It is already a permanent, and a permanent is not cast again: if it was cast, declare it \`in hand\` and write \`${cast}\` before this line`
        : spell.token
          ? msg`A token is created by an effect, not cast: write \`enter ${spell.id}\` for it`
          : msg`Cast it first (\`${cast}\`)`;
    replay.report('impossible-event', ev.range, msg`${spell.id} is not on the stack (it is ${inZone(spell.zone)}), so it can't resolve: only the object on top of the stack resolves. ${first}, or remove the line.`, { rules: spell.zone === 'battlefield' && !spell.types.has('land') ? ['608.1', '601.2a'] : ['608.1'], subjects: [spell.id] });
    return;
  }
  // 405.5, 608.1: only the top object resolves (a spell declared on the stack is below all the others).
  if (!onTop(replay, ev, undefined, spell.id)) return;
  // `choosing C` (614.12): the color the permanent it becomes chooses as it enters (Benevolent Blessing).
  if (ev.color && !entryChoiceReadable(replay, spell, ev.color)) return;
  // A mutating creature spell merges with its target, or resolves as a creature spell (mutate.ts).
  if (spell.merge !== undefined || ev.mergeOn) return resolveMutating(replay, ev, spell, enterAsCreature(replay, ev, spell));
  const isPermanent = hasPermanentType(spell) || isAura(spell);
  // The permanent enters under the control of the spell's controller (608.3, 110.2; 110.2b: resolvedUnder).
  const controller = spell.controller;
  const caster = spell.enteredUnder;
  const log = spell.controlLog;
  const ref = spell.stackTarget;
  spell.stackTarget = undefined;
  if (isAura(spell) && ref) {
    const target = replay.board.refTarget(ref);
    const gone = target && isCard(target) && ref.kind === 'card' && target.version !== ref.version;
    const problem: Problem | undefined = !target
      ? { rules: ['608.2b'], why: msg`its target no longer exists` }
      : gone
        ? { rules: ['400.7'], why: msg`${target.id} changed zones after ${spell.id} was cast, so it is a new object the spell never targeted` }
        : (auraTargetProblem(spell, target) ?? influenceProblem(replay.board, spell, target, true));
    if (!problem) {
      // 608.3c: it enters attached to its target, unless it can't legally be attached to it (a "can't be
      // enchanted" effect, 303.4): then, from the stack, it goes to its owner's graveyard (303.4i).
      const stays = attachProblemOn(replay.board, spell, target!);
      if (stays) {
        const to = toGraveyard(replay, spell);
        replay.report('target-illegal-on-resolution', ev.range, msg`${spell.id}'s target, ${target!.id}, is still legal as it resolves, but ${spell.id} can't be attached to it (${stays.why}), so it doesn't enter the battlefield: from the stack it ${to.words}. That is the rules' outcome: if it is meant, an \`expect ${spell.id} in ${to.zone}\` line after it shows so; if not, cast it targeting something it can be attached to.`, {
          rules: ['608.3c', '303.4i', ...stays.rules, ...to.rules],
          subjects: [spell.id, target!.id],
        });
        moveTo(replay, spell, 'graveyard', ev);
        return;
      }
      if (entryChoiceMissing(replay, ev, spell)) {
        spell.stackTarget = ref;
        return;
      }
      const bestowed = spell.bestowed;
      moveTo(replay, spell, 'battlefield', ev);
      resolvedUnder(replay, spell, controller, caster, log);
      spell.bestowed = bestowed;
      doAttach(replay, spell, target!, ev.range);
      return;
    }
    if (spell.bestowed) {
      if (entryChoiceMissing(replay, ev, spell)) {
        spell.stackTarget = ref;
        return;
      }
      replay.report('target-illegal-on-resolution', ev.range, msg`${spell.id}'s target is illegal as it resolves (${problem.why}), so it stops being bestowed and resolves as an unattached creature. That is the rules' outcome: if it is meant, an \`expect ${spell.id} unattached\` line after it shows so; if not, keep the target legal until it resolves.`, {
        rules: ['608.3b', '702.103e', ...problem.rules],
        subjects: [spell.id, ...(target ? [target.id] : [])],
      });
      moveTo(replay, spell, 'battlefield', ev);
      resolvedUnder(replay, spell, controller, caster, log);
      if (replay.noting) replay.note(() => msg`${spell.id} resolves as a creature (702.103e)`);
      return;
    }
    const to = toGraveyard(replay, spell);
    replay.report('target-illegal-on-resolution', ev.range, msg`${spell.id} doesn't resolve: its only target is illegal (${problem.why}), so from the stack it ${to.words}. That is the rules' outcome: if it is meant, an \`expect ${spell.id} in ${to.zone}\` line after it shows so; if not, keep the target legal until it resolves.`, {
      rules: ['608.2b', '608.3b', ...problem.rules, ...to.rules],
      subjects: [spell.id, ...(target ? [target.id] : [])],
    });
    moveTo(replay, spell, 'graveyard', ev);
    return;
  }
  if (isPermanent && entryChoiceMissing(replay, ev, spell)) return;
  moveTo(replay, spell, isPermanent ? 'battlefield' : 'graveyard', ev);
  if (isPermanent) {
    resolvedUnder(replay, spell, controller, caster, log);
    // What it is as a permanent is judged at the state-based actions (an Aura without a target enters attached to nothing, 704.5m).
    replay.markDirty(spell);
  }
}
