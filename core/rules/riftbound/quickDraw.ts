// Quick-Draw (819): a gear keyword that gives the card Reaction (819.1.b, 819.1.c) and a trigger that, as the
// gear is played, attaches it to a unit its player controls (819.1.d). `enter G attached to U` writes the play and the
// trigger's resolution in one line (location.ts). `enter G` alone plays the gear: its trigger goes on the
// chain under its controller and waits there with the rest (the newest resolves first), so that what
// happens in response can be written, and `resolve G Quick-Draw choosing U` resolves it. The unit is
// chosen as the trigger resolves (it has no target: an attach chooses none, 434.3): one its controller
// controls on the board then. The attach is not optional: without `choosing`, nothing is attached only
// when that player controls no unit. A gear that left the board meanwhile is a new object, and nothing is
// attached (124). However many instances of Quick-Draw the gear has, it triggers once (819.2).
import type { EventNode } from '../../parser/ast';
import type { CardObj } from '../../engine/board';
import type { Replay } from '../../engine/replay';
import type { RuleExplanation } from '../mtg/explanations';
import { hasAbility } from '../../engine/abilities';
import { fireEnters } from '../../engine/triggers';
import { inZone } from '../../engine/words';
import { msg, relatedAt } from '../../message';
import { isGear, isUnit, onBoard } from './cards';
import { attachProblem, attachToTopMost } from './attach';
import { chainOnTop } from './chain';

export const EXPLAINED: Record<string, RuleExplanation> = {
  '819.1.b': { title: 'Quick-Draw: Reaction', text: 'A card with Quick-Draw has Reaction as part of it, so it may be played while a chain exists, in reply to what is on it.' },
  '819.1.c': { title: 'Quick-Draw: played and attached as a Reaction', text: 'Quick-Draw lets its gear be played, and become attached, at the times a Reaction may be used: in reply to an item on the chain, or during a showdown.' },
  '819.2': { title: 'Quick-Draw twice', text: 'A gear with more than one instance of Quick-Draw triggers once when played; the extra instances add nothing.' },
};

const QUICK_DRAW = { kind: 'keyword', name: 'Quick-Draw' } as const;

/** `card` was just played without `attached to`: a gear with Quick-Draw puts its trigger on the chain, once (819.2), under its controller. Called only when some card of the scenario has the keyword (Board.enterTriggers). */
export function quickDrawPlayed(replay: Replay, card: CardObj, ev: EventNode): void {
  if (!onBoard(card) || !isGear(card) || !hasAbility(card, QUICK_DRAW)) return;
  replay.trigger({ kind: 'ability', id: card.id, version: card.version, ability: 'Quick-Draw', controller: card.controller, at: ev.range });
  fireEnters(replay, card);
  if (replay.noting) replay.note(() => msg`${card.id}'s Quick-Draw triggers: it waits on the chain (\`resolve ${card.id} Quick-Draw choosing ...\`)`);
}

/** A unit on the board: what Quick-Draw's "a unit you control" may be (819.1.d). */
function unitOnBoard(c: CardObj): boolean {
  return isUnit(c) && onBoard(c);
}

/**
 * Does `player` control a unit on the board? Asked by each `resolve G Quick-Draw` without `choosing`:
 * the board's lists of the cards that may be each player's units (Board.controlsUnit), not every card,
 * so that many gear played and resolved one after another, `enter` between the resolves, stay linear.
 */
function controlsUnit(replay: Replay, player: string | undefined): boolean {
  return replay.board.controlsUnit(player, unitOnBoard);
}

/** `resolve G Quick-Draw [choosing U]`. */
export function resolveQuickDraw(replay: Replay, ev: Extract<EventNode, { kind: 'resolve' }>): void {
  const gear = replay.card(ev.subject);
  if (!gear) return;
  const entry = replay.board.pendingAbility(gear.id, 'Quick-Draw');
  if (!entry) {
    if (!hasAbility(gear, QUICK_DRAW)) {
      replay.report('impossible-event', ev.range, msg`${gear.id} has no Quick-Draw, so no Quick-Draw trigger of its waits on the chain: only a gear with Quick-Draw has one, as it is played. Declare ${gear.id} with \`Quick-Draw\` if it has it, or remove the line.`, { rules: ['819.1.d'], subjects: [gear.id] });
      return;
    }
    replay.report('impossible-event', ev.range, msg`No Quick-Draw trigger of ${gear.id} waits on the chain, so none resolves: it goes on the chain once each time the gear is played without \`attached to\` (\`enter ${gear.id}\`), once however many Quick-Draw it has, and none of ${gear.id}'s waits now. Play the gear first, or remove the line.`, { rules: ['819.1.d', '819.2'], subjects: [gear.id] });
    return;
  }
  const unit = ev.choosing ? replay.card(ev.choosing) : undefined;
  if (ev.choosing && !unit) return;
  if (!chainOnTop(replay, ev, entry, msg`${gear.id}'s Quick-Draw`)) return;
  const related = entry.at ? [relatedAt(entry.at, msg`Quick-Draw triggered here`)] : [];
  const player = entry.controller;
  // The gear left the board after it was played: the card now elsewhere is a new object (124), and nothing is attached.
  if (gear.version !== entry.version || !onBoard(gear)) {
    replay.board.removeAbility(entry);
    replay.report('source-left-before-resolution', ev.range, msg`${gear.id}'s Quick-Draw resolves, but ${gear.id} left the board after it was played: the card now ${inZone(gear.zone)} is a new object, so nothing is attached. That is the rules' outcome: if it is meant, add an \`expect ${gear.id} in ${gear.zone}\` line after it to show so; if not, keep ${gear.id} on the board until the trigger resolves.`, {
      rules: ['124', '819.1.d'],
      related,
      subjects: [gear.id],
    });
    if (replay.noting) replay.note(() => msg`no effect: ${gear.id} left the board`);
    return;
  }
  // The choice, made as it resolves (819.1.d): a unit on the board its controller controls.
  if (unit && (!isUnit(unit) || !onBoard(unit) || unit.controller !== player)) {
    const what = !isUnit(unit) ? msg`${unit.id} is not a unit` : !onBoard(unit) ? msg`${unit.id} is ${inZone(unit.zone)}, not on the board` : msg`${unit.id} is controlled by ${unit.controller ?? msg`nobody`}, not ${player ?? msg`nobody`}`;
    replay.report('impossible-event', ev.choosing!.range, msg`Quick-Draw attaches ${gear.id} to a unit its controller (${player ?? msg`nobody`}) controls on the board, chosen as the trigger resolves, and ${what}. The line does nothing: the trigger still waits. Choose one of ${player ?? msg`nobody`}'s units, or leave out \`choosing\` if they control none.`, { rules: ['819.1.d'], subjects: [gear.id, unit.id] });
    return;
  }
  if (!unit && controlsUnit(replay, player)) {
    replay.report('impossible-event', ev.range, msg`Quick-Draw attaches ${gear.id} to a unit its controller controls, and ${player ?? msg`nobody`} controls one: the attach is not optional, so the unit must be named. The line does nothing: the trigger still waits. Write which one (\`resolve ${gear.id} Quick-Draw choosing ...\`).`, { rules: ['819.1.d'], subjects: [gear.id] });
    return;
  }
  replay.board.removeAbility(entry);
  if (!unit) {
    if (replay.noting) replay.note(() => msg`${gear.id}'s Quick-Draw resolves: ${player ?? msg`nobody`} controls no unit, so nothing is attached`);
    return;
  }
  if (gear.attachedTo && gear.attachedTo.id === unit.id) {
    replay.report('redundant-attach', ev.range, msg`${gear.id} is already attached to ${unit.id} as its Quick-Draw resolves: attaching a card to its current Top-Most card has no effect. Choose another unit, or remove the line that attached it before.`, { rules: ['434.1.g', '819.1.d'], related, subjects: [gear.id, unit.id] });
    return;
  }
  const cant = attachProblem(gear, unit);
  if (cant) {
    replay.report('illegal-attachment', ev.range, msg`${gear.id}'s Quick-Draw resolves, but ${gear.id} can't be attached to ${unit.id}: ${cant.why}. Nothing happens. Choose another unit.`, { rules: [...cant.rules, '819.1.d'], related, subjects: [gear.id, unit.id] });
    return;
  }
  attachToTopMost(replay, ev, gear, unit);
}
