// Riftbound timing: whose turn it is and in which phase (`turn P [PHASE]`, 304, 314-317), and when a gear's Equip
// may be used then (151.2): in its controller's Main Phase, in an Open State (no chain exists, 309), and not
// during a Showdown (308; a Combat includes one). The chain is judged from the first line; the turn and the
// phase once a `turn` line says them. The `equip X to H` shorthand and `activate X equip` (equip.ts) check it.
import type { EventNode, TurnDuration } from '../../parser/ast';
import type { CardObj, StackEntry } from '../../engine/board';
import type { Replay } from '../../engine/replay';
import type { RuleExplanation } from '../mtg/explanations';
import { msg, relatedAt, type Message } from '../../message';
import { startTurn } from '../../engine/turn';
import { abilityWord } from '../../engine/words';
import { hasAbility } from '../../engine/abilities';

/** The rules of this module, explained (assembled into the game's rules in explanations.ts). */
export const EXPLAINED: Record<string, RuleExplanation> = {
  '414.2': { title: 'Exhausted: a state on the board', text: 'Exhausted (and ready) is a state of a game object on the board; a card in a hand, a deck, the trash or banishment has neither. Leaving the board clears it.' },
  '414.1.b': { title: 'No exhausting twice', text: "Something already exhausted, unit or gear, can't be exhausted again; told to, nothing more happens.",
    earlier: [{ before: '2026-07-16', text: "An exhausted unit can't be exhausted again; told to, nothing more happens." }] },
  '415.1.b': { title: 'No readying twice', text: "A ready unit can't be readied again; told to, nothing more happens." },
  '414.1.c': { title: 'Exhausting an exhausted unit', text: 'A unit that an effect tells to exhaust while it is exhausted already stays as it is: nothing more happens.' },
  '415.1.c': { title: 'Readying a ready unit', text: 'A unit that an effect tells to ready while it is ready already stays as it is: nothing more happens.' },
  '415.2': { title: 'Ready: a state on the board', text: 'Ready (like exhausted) is a state of a game object on the board, which effects and rules may look at.' },
  '305': { title: 'A phase ends with the chain empty', text: 'The phase or step in progress ends, and the next one begins, only when nothing is on the chain and the turn player does nothing more.' },
  '151.2': { title: 'When a gear ability is used', text: "A gear's activated abilities, Equip among them, are used only in the Main Phase of the player who controls the gear, while no chain exists, and never while a showdown is going on." },
  '145.2': { title: 'When a unit ability is used', text: "A unit's activated abilities are used only in the Main Phase of the player who controls the unit, while no chain exists, and never while a showdown is going on." },
  '308.1.a': { title: 'Showdown State', text: 'While a showdown or a combat is going on, only cards and abilities that have Action or Reaction may be played or used.' },
  '340.1': { title: 'The newest item resolves', text: 'When the chain resolves, it is always its newest item that resolves, and all of what it does is carried out.' },
  '309.1.a': { title: 'Closed State', text: 'While a chain exists, only cards and abilities that have Reaction may be played or used.' },
  '316.5.b': { title: 'Neutral Open: the turn player acts', text: 'While no chain exists and no showdown or combat goes on, only the turn player may play spells or activate abilities in the Main Phase.' },
  '813.1.c.1': { title: 'Reaction on a card', text: 'A card with Reaction may be played while a chain exists, on anyone\'s turn (and, having Action\'s permissions too, during a showdown).' },
  '813.1.c.2': { title: 'Reaction on an ability', text: "An activated ability with Reaction may be used while a chain exists, on anyone's turn, besides the times it could be used anyway; it has Action's permissions too." },
  '806.1.c.1': { title: 'Action on a card', text: 'A card with Action may be played during a showdown or a combat, on anyone\'s turn.' },
  '806.1.c.2': { title: 'Action on an ability', text: "An activated ability with Action may be used during a showdown or a combat, on anyone's turn, besides the times it could be used anyway." },
  '818.1.c.5': { title: 'Equip with other timing', text: 'The text of an Equip may change when it can be used or what it can choose: a gear printed with a Reaction Equip, say, equips while a chain exists.' },
  '317.2.c': { title: '"This turn" effects expire', text: 'In the Ending Phase, the cleanup of the Expiration Step ends every effect that lasts "this turn", all at the same moment, before that cleanup recalls what is in a base other than its controller\'s.' },
};

/**
 * The phases a `turn` line may name (314-317): the four of the Start of Turn, `main`, the ending phase, and
 * `showdown` or `combat` for the Main Phase while one is going on (316: they happen within it). `main` is the
 * phase a `turn P` line means.
 */
export const PHASES = ['awaken', 'beginning', 'channel', 'draw', 'main', 'showdown', 'combat', 'end'] as const;

/** A turn's phases in order (314-317): a showdown or a combat is within the Main Phase, as often as it happens. */
const TURN: readonly (readonly string[])[] = [['awaken'], ['beginning'], ['channel'], ['draw'], ['main', 'showdown', 'combat'], ['end']];

/**
 * Riftbound's words for an effect that ends with the turn are `this turn` (317.2.c): `until end of turn`
 * is MTG's, a syntax error here, and so is MTG's `until your next turn`. `written` is the line as it should be. Returns true when it was reported.
 */
export function notThisTurn(replay: Replay, duration: TurnDuration | undefined, written: string): boolean {
  if (!duration || duration.text === 'this turn') return false;
  if (duration.text === 'until your next turn') {
    replay.report('syntax-error', duration.range, msg`Riftbound's rules give effects no \`until your next turn\` duration: an effect lasts for good or \`this turn\` (317.2.c).`, { rules: ['317.2.c'] });
    return true;
  }
  replay.report('syntax-error', duration.range, msg`Riftbound says \`this turn\` for an effect that ends with the turn (317.2.c). Write \`${written}\`.`, { rules: ['317.2.c'] });
  return true;
}

/** `turn P [PHASE]`: from here on it is P's turn, in that phase. */
export function turnEvent(replay: Replay, ev: Extract<EventNode, { kind: 'turn' }>): void {
  startTurn(replay, ev, PHASES, TURN, msg`phase`, phaseWord, { rule: '305', zone: msg`the chain`, waiting: chainItem });
}

/** A phase in a sentence: `the Main Phase`, `a showdown in the Main Phase`. */
export function phaseWord(phase: string): Message {
  switch (phase) {
    case 'awaken':
      return msg`the Awaken Phase`;
    case 'beginning':
      return msg`the Beginning Phase`;
    case 'channel':
      return msg`the Channel Phase`;
    case 'draw':
      return msg`the Draw Phase`;
    case 'main':
      return msg`the Main Phase`;
    case 'showdown':
      return msg`a showdown in the Main Phase`;
    case 'combat':
      return msg`a combat in the Main Phase`;
    default:
      return msg`the Ending Phase`;
  }
}

/**
 * Equip is used only when 151.2 allows, or its card's timing keyword (818.1.c.5: `Reaction equip`): reports
 * and returns false when the scenario's turn, its phase or the chain says otherwise. Nothing is used then,
 * and the gear stays where it is.
 */
export function equipTiming(replay: Replay, ev: EventNode, att: CardObj): boolean {
  return abilityTiming(replay, ev, att, msg`Equip`, '151.2', 'equip');
}

/** The keyword a card holds for an ability printed with a timing keyword: `[Reaction] ability cash`, `[Action] equip` (813.1.d, 806.1.d; 818.1.c.5). */
export function timedAbility(tag: string, ability: string): string {
  return `[${tag}] ${ability}`;
}

/** The timing keyword `c`'s ability has now (`ability NAME` or `equip`): Reaction (813.1.c.2), Action (806.1.c.2), or none. */
export function timingOf(c: CardObj, ability: string): 'Reaction' | 'Action' | undefined {
  if (hasAbility(c, { kind: 'keyword', name: timedAbility('Reaction', ability) })) return 'Reaction';
  if (hasAbility(c, { kind: 'keyword', name: timedAbility('Action', ability) })) return 'Action';
  return undefined;
}

/** The rules by which a Move opened the showdown or combat going on, if one did: 447.1 (v1.3; 452 now), 323.9 and 323.13 for a combat, 344.2 for a showdown. */
export function openedBy(turn: { readonly step: string; readonly at?: string }): string[] {
  if (turn.at === undefined) return [];
  return turn.step === 'combat' ? ['452.1', '323.9', '323.13'] : turn.step === 'showdown' ? ['344.2'] : [];
}

/**
 * `enter X` is X played (a token excepted: an effect makes it, 186), judged as MTG judges a cast (117.1a):
 * in a Neutral Open State only by the Turn Player (316.5.b), in its Main Phase (outside it, with no chain, no
 * one has priority to play, 335); in a Closed State only a card
 * with Reaction (309.1.a, 813.1.c.1; Quick-Draw has it, 819.1.b); in a showdown or a combat only a card with
 * Action or Reaction (308.1.a, 806.1.c.1). A card an effect plays as it resolves is written in its
 * `together:` group, which is not judged. A spell is judged the same way (155: `cast S targeting X to U`,
 * chainAttach.ts), `also` its own rule. Reports and returns false when it can't be played now.
 */
export function playTiming(replay: Replay, ev: EventNode, card: CardObj, player: string | undefined, also: readonly string[] = []): boolean {
  if (replay.grouped || card.token || player === undefined) return true;
  const turn = replay.board.turn;
  const top = replay.board.stackTop();
  const reaction = card.keywords.includes('Reaction') || card.keywords.includes('Quick-Draw');
  const action = reaction || card.keywords.includes('Action');
  if (top) {
    if (reaction) return true;
    const item = chainItem(top);
    replay.report('impossible-event', ev.range, msg`${card.id} can't be played now: ${item.what} is on the chain, and then only cards with Reaction may be played, which ${card.id} has not (declare it with \`Reaction\` if its card has it). It stays where it is. Resolve the chain first (\`${item.line}\`), or remove the line.`, {
      rules: [...also, '309.1.a', '813.1.c.1'],
      related: top.at ? [relatedAt(top.at, msg`${item.what} was put on the chain here`)] : [],
      subjects: [card.id, top.id],
    });
    return false;
  }
  if (!turn) return true;
  if (turn.step === 'showdown' || turn.step === 'combat') {
    if (action) return true;
    replay.report('impossible-event', ev.range, msg`${card.id} can't be played now: ${stateWord(turn)} is going on, and then only cards with Action or Reaction may be played, which ${card.id} has neither of (declare it with \`Action\` or \`Reaction\` if its card has one). It stays where it is. Write it after that ends (\`turn ${turn.player}\`), or remove the line.`, { rules: [...also, '308.1.a', '806.1.c.1', ...openedBy(turn)], subjects: [card.id] });
    return false;
  }
  if (turn.player === player && turn.step === 'main') return true;
  const now = turn.player !== player ? msg`it is ${turn.player}'s turn` : msg`it is ${phaseWord(turn.step)} of ${turn.player}'s turn`;
  replay.report('impossible-event', ev.range, msg`${card.id} can't be played now: with no chain and no showdown, a card is played only by the player whose turn it is, in their Main Phase, and ${now}. It stays where it is. Write it in ${player}'s Main Phase (\`turn ${player}\`), in reply to an item on the chain if it has Reaction, or remove the line.`, { rules: [...also, '316.5.b', ...(turn.player === player ? ['335'] : []), ...(reaction ? ['813.1.c.1'] : [])], subjects: [card.id] });
  return false;
}

/** The state of the turn in a sentence: a showdown or a combat a Move opened names its battlefield. */
export function stateWord(turn: { readonly step: string; readonly at?: string }): Message {
  if (turn.at !== undefined && turn.step === 'combat') return msg`a combat at battlefield ${turn.at}`;
  if (turn.at !== undefined && turn.step === 'showdown') return msg`a showdown at battlefield ${turn.at}`;
  return phaseWord(turn.step);
}

/** An item on the chain, in a sentence, and the line that resolves it. */
export function chainItem(e: StackEntry): { what: Message; line: string } {
  if (e.kind !== 'ability') return { what: msg`${e.id}`, line: `resolve ${e.id}` };
  // Quick-Draw's unit is the scenario's to name (819.1.d): `...` stands for it.
  return { what: e.ability === 'equip' ? msg`${e.id}'s Equip` : msg`${e.id}'s ${abilityWord(e.ability ?? '')}`, line: e.ability === 'Quick-Draw' ? `resolve ${e.id} Quick-Draw choosing ...` : `resolve ${e.id} ${e.ability}` };
}

/**
 * An activated ability of a unit or gear is used only in its controller's Main Phase, while no chain exists,
 * and not during a showdown (145.2 for a unit's, 151.2 for a gear's, Equip among them; 309.1.a), unless it
 * has a timing keyword: [Reaction] also in a Closed State, [Action] also in a showdown, on any player's turn
 * (813.1.c.2, 806.1.c.2; an Equip so printed, 818.1.c.5). Reports and returns false when the scenario's turn,
 * its phase or the chain says otherwise. `ability` is the ability as a card declares it (`equip`, `ability NAME`).
 */
export function abilityTiming(replay: Replay, ev: EventNode, att: CardObj, shown: Message, rule: string, ability: string): boolean {
  const turn = replay.board.turn;
  const top = replay.board.stackTop();
  const tag = timingOf(att, ability);
  const showdown = turn !== undefined && (turn.step === 'showdown' || turn.step === 'combat');
  // Reaction: in a Closed State (813.1.c.2); Action, and Reaction with all of Action's permissions (813.1.b): in a showdown (806.1.c.2).
  if (tag === 'Reaction' && top) return true;
  if (tag !== undefined && showdown && !top) return true;
  const owner = att.controller;
  const tagRules = tag === undefined ? [] : [tag === 'Reaction' ? '813.1.c.2' : '806.1.c.2', ...(ability === 'equip' ? ['818.1.c.5'] : [])];
  const main = turn === undefined || (turn.player === owner && (turn.step === 'main' || turn.step === 'showdown' || turn.step === 'combat'));
  if (turn && !main && (tag === undefined || !top)) {
    const now = turn.player !== owner ? msg`it is ${turn.player}'s turn` : msg`it is ${phaseWord(turn.step)} of ${turn.player}'s turn`;
    if (tag === 'Reaction') {
      replay.report('impossible-event', ev.range, msg`${att.id}'s ${shown} has Reaction: besides its controller's Main Phase, it can be used while a chain exists or a showdown goes on, on any player's turn, and ${now}, with no chain and no showdown. Nothing happens. Write it in ${owner}'s Main Phase (\`turn ${owner}\`), in reply to an item on the chain, or remove the line.`, { rules: [rule, ...tagRules, ...(turn.player !== owner ? ['316.5.b'] : [])], subjects: [att.id] });
      return false;
    }
    if (tag === 'Action') {
      replay.report('impossible-event', ev.range, msg`${att.id}'s ${shown} has Action: besides its controller's Main Phase, it can be used during a showdown with no chain, on any player's turn, and ${now}, with no showdown. Nothing happens. Write it in ${owner}'s Main Phase (\`turn ${owner}\`), during a showdown, or remove the line.`, { rules: [rule, ...tagRules, ...(turn.player !== owner ? ['316.5.b'] : [])], subjects: [att.id] });
      return false;
    }
    replay.report('impossible-event', ev.range, msg`${att.id}'s ${shown} can be used only in the Main Phase of its controller (${owner}), and ${now}. Nothing happens. Write it in ${owner}'s Main Phase (\`turn ${owner}\`), or remove the line.`, { rules: [rule], subjects: [att.id] });
    return false;
  }
  if (turn && showdown && tag === undefined) {
    replay.report('impossible-event', ev.range, msg`${att.id}'s ${shown} can't be used during a showdown, and ${stateWord(turn)} is going on: then only cards and abilities with Action or Reaction may be used, and it has neither (a card that prints one is declared \`Action ${ability}\` or \`Reaction ${ability}\`). Nothing happens. Write it after that ends (\`turn ${turn.player}\`), or remove the line.`, { rules: [rule, '308.1.a', ...openedBy(turn)], subjects: [att.id] });
    return false;
  }
  if (!top) return true;
  const item = chainItem(top);
  const have = tag === 'Action' ? msg`it has Action, not Reaction` : msg`it has no Reaction (a card that prints it is declared \`Reaction ${ability}\`)`;
  replay.report('impossible-event', ev.range, msg`${att.id}'s ${shown} can be used only while no chain exists, and ${item.what} is on the chain: then only cards and abilities with Reaction may be used, and ${have}. Nothing happens. Resolve it first (\`${item.line}\`), or remove the line.`, {
    rules: [rule, '309.1.a', ...tagRules],
    related: top.at ? [relatedAt(top.at, msg`${item.what} was put on the chain here`)] : [],
    subjects: [att.id, top.id],
  });
  return false;
}
