// Weaponmaster (821): "When you play me, you may choose a Card you control with the Equipment tag ... Pay
// the cost of its Equip ability, reduced by [A], to attach it to this unit." The trigger goes on the
// chain as the unit is played (`enter X`), waits there with the rest (the newest resolves first), and
// resolves with `resolve X Weaponmaster [choosing G]`: G is attached to the unit, from wherever it is
// attached (its Equip works though the gear's text is otherwise inactive, 725.3), without the usual
// timing and without activating Equip (821.1.c.6). Without `choosing`, nothing is chosen ("you may").
// The gear stays where it is when it has no Equip cost to pay (821.1.c.4), or can't be attached to the
// unit, the unit having left the board among the reasons (821.1.c.5). Costs themselves are not modelled.
import type { EventNode } from '../../parser/ast';
import type { CardObj } from '../../engine/board';
import type { Replay } from '../../engine/replay';
import type { RuleExplanation } from '../mtg/explanations';
import { abilitiesOf, hasAbility } from '../../engine/abilities';
import { fireEnters } from '../../engine/triggers';
import { inZone } from '../../engine/words';
import { msg, relatedAt } from '../../message';
import { isEquipment, isUnit, onBoard } from './cards';
import { attachProblem, attachToTopMost } from './attach';
import { chainOnTop } from './chain';

export const EXPLAINED: Record<string, RuleExplanation> = {
  '821.1.c': { title: 'Weaponmaster', text: 'As the unit is played, its controller may choose a card they control that has the Equipment tag, and pay that card\'s Equip cost, with a discount, to attach it to this unit; whatever part of the chosen card\'s rules text this needs works even if it was inactive.' },
  '821.1.c.4': { title: 'Weaponmaster: no Equip cost', text: 'A chosen card without an Equip cost has nothing that can be paid, so Weaponmaster can\'t attach it.' },
  '821.1.c.5': { title: 'Weaponmaster: the gear stays', text: 'When the Equip cost can\'t be paid, the card can\'t leave what it is attached to, or it can\'t go onto the Weaponmaster unit, the chosen card remains where it is, still on whatever it was attached to.' },
  '821.1.c.6': { title: 'Weaponmaster is no Equip', text: 'Weaponmaster pays the Equip cost without using the Equip ability: nothing is activated, and the unit is not chosen as a target, so the usual timing of Equip does not apply.' },
  '821.1.c.7': { title: 'Weaponmaster twice', text: 'A unit with more than one instance of Weaponmaster puts one trigger per instance on the chain as it is played. Each resolves on its own and may choose another Equipment; one that chooses the gear already attached to the unit changes nothing.' },
};

const WEAPONMASTER = { kind: 'keyword', name: 'Weaponmaster' } as const;


/** How many instances of the keyword `card` has now (with what its gear grant): at least 1 for a card that has it. */
function instancesOf(card: CardObj, keyword: string): number {
  const have = abilitiesOf(card);
  let n = 0;
  if ('keywords' in have) for (const k of have.keywords) if (k === keyword) n++;
  return Math.max(n, 1);
}

/**
 * `card` was just played: a unit with Weaponmaster puts its trigger on the chain, under its controller, once for
 * each instance it has (821.1.c.7: they trigger separately, each resolved on its own). Called only when some card
 * of the scenario has the keyword (Board.enterTriggers).
 */
export function weaponmasterPlayed(replay: Replay, card: CardObj, ev: EventNode): void {
  if (!onBoard(card) || !isUnit(card) || !hasAbility(card, WEAPONMASTER)) return;
  const n = instancesOf(card, 'Weaponmaster');
  for (let i = 0; i < n; i++) {
    replay.trigger({ kind: 'ability', id: card.id, version: card.version, ability: 'Weaponmaster', controller: card.controller, at: ev.range });
    fireEnters(replay, card);
  }
  if (replay.noting) replay.note(() => n === 1 ? msg`${card.id}'s Weaponmaster triggers: it waits on the chain (\`resolve ${card.id} Weaponmaster [choosing ...]\`)` : msg`${card.id}'s ${n} instances of Weaponmaster trigger separately: they wait on the chain, each resolved by its own \`resolve ${card.id} Weaponmaster [choosing ...]\``);
}

/** `resolve X Weaponmaster [choosing G]`. */
export function resolveWeaponmaster(replay: Replay, ev: Extract<EventNode, { kind: 'resolve' }>): void {
  const unit = replay.card(ev.subject);
  if (!unit) return;
  const entry = replay.board.pendingAbility(unit.id, 'Weaponmaster');
  if (!entry) {
    const n = hasAbility(unit, WEAPONMASTER) ? instancesOf(unit, 'Weaponmaster') : 0;
    if (n > 1) replay.report('impossible-event', ev.range, msg`${unit.id} has no Weaponmaster trigger waiting on the chain, so none resolves: each of its ${n} instances of Weaponmaster triggered once as it was played, and each has resolved. Remove the line.`, { rules: ['821.1.c', '821.1.c.7'], subjects: [unit.id] });
    else replay.report('impossible-event', ev.range, msg`${unit.id} has no Weaponmaster trigger waiting on the chain, so none resolves: Weaponmaster triggers as a unit that has it is played. Play it first (\`enter ${unit.id}\`), or remove the line.`, { rules: ['821.1.c'], subjects: [unit.id] });
    return;
  }
  const gear = ev.choosing ? replay.card(ev.choosing) : undefined;
  if (ev.choosing && !gear) return;
  // The choice (821.1.c, 821.1.c.1): a card its controller controls with the Equipment tag, with an Equip ability or not.
  if (gear && (!isEquipment(gear) || !onBoard(gear) || gear.controller !== entry.controller)) {
    const what = !isEquipment(gear) ? msg`${gear.id} has no Equipment tag` : !onBoard(gear) ? msg`${gear.id} is ${inZone(gear.zone)}, not a card in play` : msg`${gear.id} is controlled by ${gear.controller ?? msg`nobody`}, not ${entry.controller ?? msg`nobody`}`;
    replay.report('impossible-event', ev.choosing!.range, msg`Weaponmaster chooses a card its controller controls with the Equipment tag, and ${what}. The line does nothing. Choose another, or leave out \`choosing\` if none is chosen.`, { rules: ['821.1.c'], subjects: [unit.id, gear.id] });
    return;
  }
  if (!chainOnTop(replay, ev, entry, msg`${unit.id}'s Weaponmaster`)) return;
  replay.board.removeAbility(entry);
  if (!gear) {
    if (replay.noting) replay.note(() => msg`${unit.id}'s Weaponmaster resolves: no Equipment chosen`);
    return;
  }
  const related = entry.at ? [relatedAt(entry.at, msg`Weaponmaster triggered here`)] : [];
  const stays = gear.attachedTo ? msg`stays attached to ${gear.attachedTo.id}` : msg`stays where it is`;
  if (gear.attachedTo && gear.attachedTo.id === unit.id && unit.version === entry.version) {
    replay.report('redundant-attach', ev.range, msg`${gear.id} is already attached to ${unit.id} as its Weaponmaster resolves: attaching a card to its current Top-Most card has no effect. Choose another Equipment, or leave out \`choosing\`.`, { rules: ['434.1.g', '821.1.c'], related, subjects: [gear.id, unit.id] });
    return;
  }
  const left = gear.hasEquip && (unit.version !== entry.version || !onBoard(unit));
  const cant = !gear.hasEquip
    ? { rules: ['821.1.c.4', '821.1.c.5'], why: msg`${gear.id} has no Equip cost, and a cost that doesn't exist can't be paid` }
    : left
      ? { rules: ['821.1.c.5', '124'], why: msg`${unit.id} left the board after Weaponmaster triggered, and the card now ${inZone(unit.zone)} is a new object` }
      : attachProblem(gear, unit);
  if (cant) {
    // With the unit gone, no Equipment can be attached to it: another choice wouldn't help.
    const advice = left ? msg`if not, leave out \`choosing\` (no Equipment can be attached to a unit that left the board), or don't have ${unit.id} leave the board before its Weaponmaster resolves` : msg`if not, choose another Equipment`;
    replay.report('source-left-before-resolution', ev.range, msg`${unit.id}'s Weaponmaster resolves, but ${gear.id} can't be attached to ${unit.id}: ${cant.why}. ${gear.id} ${stays}. That is the rules' outcome: if it is meant, add an \`expect\` line after it to show so; ${advice}.`, {
      rules: [...cant.rules, ...(cant.rules.includes('821.1.c.5') ? [] : ['821.1.c.5'])],
      related,
      subjects: [gear.id, unit.id],
    });
    return;
  }
  attachToTopMost(replay, ev, gear, unit);
}
