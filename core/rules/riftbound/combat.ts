// Riftbound combat as gear decides it: `attack at battlefield B [by P]` opens a combat at B (460, 464.2.c),
// P the Attacker and the other player there the Defender; each unit of theirs at B gets its player's
// designation. A cleanup gives one to a unit that arrives and takes it from one that leaves (323.2); the
// combat ends as the turn moves on from it, after its own cleanup heals every unit and recalls the
// Attackers if Defenders remain (466.1.a.1, 466.1.a.2, 466.7.a). While a unit is an Attacker its Assault
// adds to its Might, while a Defender its Shield (807.1.c, 814.1.c): a gear that grants either changes
// what damage the unit survives in combat. Combat damage, showdowns and the result are not modelled.
import type { EventNode } from '../../parser/ast';
import type { CardObj } from '../../engine/board';
import type { Replay } from '../../engine/replay';
import { combatEndedBy, endCombat, joinCombat, removeFromCombat } from '../../engine/combat';
import { clearDamage } from '../../engine/damage';
import type { RuleExplanation } from '../mtg/explanations';
import { isUnit } from './cards';
import { chainItem, phaseWord } from './timing';
import { msg } from '../../message';

/** The rules of this module, explained (assembled into the game's rules in explanations.ts). */
export const EXPLAINED: Record<string, RuleExplanation> = {
  '316.7': { title: 'Combat in the Main Phase', text: 'A combat is part of the Main Phase: it comes about when units of two opposing players are at the same battlefield, and then runs through its own steps.' },
  '316.7.f': { title: 'A combat includes a showdown', text: 'Every combat also holds a showdown, so a showdown going on is no sign that the combat is over.' },
  '460': { title: 'When a combat happens', text: 'A combat takes place during a cleanup with the chain empty, at a battlefield where one is staged, and only while no showdown or combat goes on at another battlefield.' },
  '323.9': { title: 'A combat is staged', text: 'A cleanup stages a combat at each battlefield that was contested and holds units of two opposing players.' },
  '464.2.c': { title: 'Attacker and Defender', text: 'As a combat opens, the player who contested the battlefield becomes the Attacker and the other player the Defender; each unit either of them has at that battlefield takes its controller\'s designation, and a unit that arrives later takes it in the next cleanup.' },
  '323.2': { title: 'Cleanup: combat designations', text: 'While a combat goes on, a cleanup gives each unit at its battlefield the designation of its controller (one without one, or with the wrong one), and takes the designation away from units that are somewhere else.' },
  '323.2.c': { title: 'A unit that left the combat', text: 'A unit with an Attacker or Defender designation that is no longer at the battlefield where the combat is loses it in the next cleanup.' },
  '466.7.a': { title: 'The combat ends', text: 'When the combat ends, every unit and player loses the Attacker or Defender designation.' },
  '466.1.a.1': { title: 'The combat\'s cleanup heals', text: 'The cleanup that closes a combat has a step of its own that removes the damage from every unit: a unit that survived the combat leaves it undamaged.' },
  '466.1.a.2': { title: 'The combat\'s cleanup recalls Attackers', text: 'In the cleanup that closes a combat, if Defenders are still at the battlefield, the Attackers still there are recalled to their bases.' },
  '452.1': { title: 'A Move that opens a combat', text: 'When moving units makes a battlefield contested and puts units of two opposing players there, or brings opposing units to a battlefield where a showdown is under way, a combat opens there. (The rules of 2026-07-16 say this in 452, 460 and the cleanup.)' },
  '323.13': { title: 'Cleanup: a staged combat begins', text: 'In a cleanup with no chain and no showdown or combat under way, the turn player picks one battlefield where a combat is staged, and the combat starts there.' },
  '344.2': { title: 'A showdown without a combat', text: "When a battlefield's control is contested, units of two different players are not both there, and no chain, showdown or combat exists (a Neutral Open State), the next cleanup opens a showdown there (no combat).",
    earlier: [{ before: '2026-07-16', title: 'A showdown at a battlefield nobody holds', text: 'When a battlefield that no player controlled becomes contested, a showdown opens there in the cleanup that closes the action which made it contested (no combat).' }] },
  '462': { title: 'Two players to a combat', text: 'A combat is always between the units of exactly two players; a battlefield with the units of a third player can\'t hold one.' },
  '807.1.c': { title: 'Assault', text: 'While a unit is an Attacker, Assault adds its value to the unit\'s Might.' },
  '807.1.b': { title: 'The Assault value', text: 'A card may write a number after Assault, the keyword\'s value (what it adds to an Attacker\'s Might); with no number written, the value is 1.' },
  '807.2': { title: 'Assault from several sources', text: 'A unit with Assault that gets Assault again from another source (a gear, an effect) has it once, worth the total of every value: its own Assault and an effect\'s Assault 3 make Assault 4.' },
  '814.1.b': { title: 'The Shield value', text: 'A card may write a number after Shield, the keyword\'s value (what it adds to a Defender\'s Might); with no number written, the value is 1.' },
  '814.2': { title: 'Shield from several sources', text: 'A unit with Shield that gets Shield again from another source (a gear, an effect) has it once, worth the total of every value: its own Shield and an effect\'s Shield 3 make Shield 4.' },
  '814.1.c': { title: 'Shield', text: 'While a unit is a Defender, Shield adds its value to the unit\'s Might.' },
};

/** `attack at battlefield B [by P]`: a combat opens at B with P (the player whose turn it is, if not written) the Attacker. */
export function attackEvent(replay: Replay, ev: Extract<EventNode, { kind: 'attack' }>): void {
  if (!ev.place) {
    replay.report('impossible-event', ev.verbRange, msg`In Riftbound a combat is at a battlefield, and every unit there takes part as an Attacker or a Defender. Write \`attack at battlefield NAME\` instead.`, { rules: ['464.2.c'] });
    return;
  }
  const board = replay.board;
  const by = ev.by ? replay.player(ev.by) : undefined;
  if (ev.by && !by) return;
  const attacker = by?.id ?? board.turn?.player;
  const place = ev.place.text;
  if (attacker === undefined) {
    replay.report('impossible-event', ev.range, msg`No \`turn\` line says whose turn it is, so nothing says who attacks: write \`by P\`, the player who contested ${place}.`, { rules: ['464.2.c'] });
    return;
  }
  const turn = board.turn;
  if (turn && turn.step !== 'combat') {
    replay.report('impossible-event', ev.range, msg`It is ${phaseWord(turn.step)} of ${turn.player}'s turn, not a combat: a combat happens within the Main Phase, and a scenario says when one does with \`turn ${turn.player} combat\`. Write that before this line, or remove it.`, { rules: ['316.7'] });
    return;
  }
  // The combat a Move opened there (452.1; v1.3 447.1): the line names it, the first time, and changes nothing.
  const now = board.combat;
  if (now && now.byMove !== undefined && !now.named && now.place === place && now.attacker === attacker) {
    board.combat = { ...now, named: true };
    if (replay.noting) replay.note(() => msg`the combat ${now.byMove!}'s Move opened at battlefield ${place}`);
    return;
  }
  if (board.combat) {
    replay.report('impossible-event', ev.range, msg`A combat goes on at battlefield ${board.combat.place!} already, and a combat begins only while none goes on at another battlefield. Move on from it first (a \`turn\` line), or remove the line.`, { rules: ['460'] });
    return;
  }
  const top = board.stackTop();
  if (top) {
    const w = chainItem(top);
    replay.report('impossible-event', ev.range, msg`${w.what} is on the chain, and a combat begins only with the chain empty. Resolve it first (\`${w.line}\`), or remove the line.`, { rules: ['460'] });
    return;
  }
  const ours: CardObj[] = [];
  const theirs: CardObj[] = [];
  for (const c of board.cardsAt(place)) {
    if (!isUnit(c) || c.attachedTo) continue;
    (c.controller === attacker ? ours : theirs).push(c);
  }
  if (ours.length === 0 || theirs.length === 0) {
    replay.report('impossible-event', ev.range, ours.length === 0 ? msg`${attacker} has no unit at battlefield ${place}, so no combat of theirs is staged there: a combat needs units of two opposing players at the battlefield. Move a unit there first, or remove the line.` : msg`Only ${attacker}'s units are at battlefield ${place}, so no combat is staged there: a combat needs units of two opposing players at the battlefield. Remove the line.`, { rules: ['323.9'] });
    return;
  }
  const defender = theirs[0].controller;
  const third = theirs.find((c) => c.controller !== defender);
  if (third) {
    replay.report('impossible-event', ev.range, msg`Units of ${attacker}, ${defender ?? msg`nobody`} and ${third.controller ?? msg`nobody`} are at battlefield ${place}, and a combat happens only between the units of exactly two players. Move the units of one of them away first, or remove the line.`, { rules: ['462'] });
    return;
  }
  begin(replay, place, attacker, defender, ours, theirs.filter((c) => c.controller === defender));
}

/** A combat begins at `place`: each unit there takes its player's designation (464.2.c). */
function begin(replay: Replay, place: string, attacker: string, defender: string | undefined, ours: readonly CardObj[], theirs: readonly CardObj[], byMove?: string): void {
  const board = replay.board;
  board.combat = byMove === undefined ? { attacker, place, defender } : { attacker, place, defender, byMove };
  for (const c of ours) joinCombat(board, c, { role: 'attacking', controller: attacker });
  for (const c of theirs) joinCombat(board, c, { role: 'defending', controller: defender });
  // What the designations add (Assault, Shield) counts from now: the cleanup looks at these units.
  for (const c of board.combatants) replay.markDirty(c);
  if (replay.noting) replay.note(() => (defender ? msg`a combat at battlefield ${place}: ${attacker} attacks, ${defender} defends` : msg`a combat at battlefield ${place}: ${attacker} attacks`));
}

/**
 * A Move of `unit` made battlefield `place` contested by units of two opposing players (452.1; v1.3 447.1): a combat is
 * staged there (323.9) and, the turn in a Neutral Open State, begins in the cleanup that follows (323.13),
 * `attacker` the player who contested it (464.2.c). The turn is in that combat until a `turn` line moves
 * on, which ends it as any combat ends (466); an `attack at` line at `place` names it and changes nothing.
 */
export function moveOpensCombat(replay: Replay, place: string, attacker: string, defender: string, unit: CardObj): void {
  const ours: CardObj[] = [];
  const theirs: CardObj[] = [];
  for (const c of replay.board.cardsAt(place)) {
    if (!isUnit(c) || c.attachedTo) continue;
    if (c.controller === attacker) ours.push(c);
    else if (c.controller === defender) theirs.push(c);
  }
  begin(replay, place, attacker, defender, ours, theirs, unit.id);
  replay.board.turn = { ...replay.board.turn!, step: 'combat', at: place, by: attacker };
  if (replay.noting) replay.note(() => msg`${unit.id}'s Move contested battlefield ${place}, where units of ${defender} are: a combat opens there`);
}

/**
 * Cleanup step 2 (323.2) for the cards the cleanup looks at, while a combat goes on: a unit at its
 * battlefield takes its controller's designation (323.2.a, 323.2.b), a unit elsewhere loses one (323.2.c).
 */
export function designations(replay: Replay, cards: readonly CardObj[]): void {
  const now = replay.board.combat!;
  for (let i = 0; i < cards.length; i++) {
    const c = cards[i];
    const there = c.zone === 'battlefield' && c.place === now.place && isUnit(c) && !c.attachedTo;
    if (!there) {
      if (c.combat !== undefined) removeFromCombat(replay, c, msg`it is no longer at battlefield ${now.place!}`, ['323.2.c']);
      continue;
    }
    const role = c.controller === now.attacker ? 'attacking' : c.controller === now.defender ? 'defending' : undefined;
    if (role === undefined) {
      if (c.combat !== undefined) removeFromCombat(replay, c, msg`its controller, ${c.controller ?? msg`nobody`}, is neither the Attacker nor the Defender`, ['323.2']);
      continue;
    }
    if (c.combat?.role !== role) {
      joinCombat(replay.board, c, { role, controller: c.controller });
      if (replay.noting) replay.note(() => (role === 'attacking' ? msg`${c.id} becomes an Attacker` : msg`${c.id} becomes a Defender`));
    }
  }
}

/**
 * A `turn` line moved on from the combat (another phase, or another turn): the combat's own cleanup
 * (466.1) heals every unit (466.1.a.1) and recalls the Attackers still at the battlefield if Defenders
 * are there too (466.1.a.2, a consequence to record: `recall`, location.ts); then the combat ends and every unit loses its
 * designation (466.7.a). Its damage and result are the scenario's own lines.
 */
export function combatEnds(replay: Replay, before: { readonly number: number; readonly step: string } | undefined, recall: (c: CardObj, place: string) => void): void {
  const board = replay.board;
  if (!combatEndedBy(board, before)) return;
  const place = board.combat?.place;
  if (place !== undefined) {
    // Only units have damage marked on them (143.3): the end of turn's removal of it heals them all.
    clearDamage(replay);
    const there = (c: CardObj) => c.zone === 'battlefield' && c.place === place;
    const defended = board.combatants.some((c) => c.combat?.role === 'defending' && there(c));
    if (defended) for (const c of [...board.combatants]) if (c.combat?.role === 'attacking' && there(c)) recall(c, place);
  }
  const n = endCombat(replay);
  if (n && replay.noting) replay.note(() => msg`the combat ends: every unit loses its designation`);
}
