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
 * Equip is used only when 151.2 allows: reports and returns false when the scenario's turn, its phase or
 * the chain says otherwise. Nothing is used then, and the gear stays where it is.
 */
export function equipTiming(replay: Replay, ev: EventNode, att: CardObj): boolean {
  return abilityTiming(replay, ev, att, msg`Equip`, '151.2');
}

/** An item on the chain, in a sentence, and the line that resolves it. */
export function chainItem(e: StackEntry): { what: Message; line: string } {
  if (e.kind !== 'ability') return { what: msg`${e.id}`, line: `resolve ${e.id}` };
  // Quick-Draw's unit is the scenario's to name (819.1.d): `...` stands for it.
  return { what: e.ability === 'equip' ? msg`${e.id}'s Equip` : msg`${e.id}'s ${abilityWord(e.ability ?? '')}`, line: e.ability === 'Quick-Draw' ? `resolve ${e.id} Quick-Draw choosing ...` : `resolve ${e.id} ${e.ability}` };
}

/**
 * An activated ability of a unit or gear is used only in its controller's Main Phase, while no chain exists,
 * and not during a showdown (145.2 for a unit's, 151.2 for a gear's, Equip among them; 309.1.a): reports and
 * returns false when the scenario's turn, its phase or the chain says otherwise.
 */
export function abilityTiming(replay: Replay, ev: EventNode, att: CardObj, shown: Message, rule: string): boolean {
  const turn = replay.board.turn;
  const owner = att.controller;
  if (turn && (turn.player !== owner || (turn.step !== 'main' && turn.step !== 'showdown' && turn.step !== 'combat'))) {
    const now = turn.player !== owner ? msg`it is ${turn.player}'s turn` : msg`it is ${phaseWord(turn.step)} of ${turn.player}'s turn`;
    replay.report('impossible-event', ev.range, msg`${att.id}'s ${shown} can be used only in the Main Phase of its controller (${owner}), and ${now}. Nothing happens. Write it in ${owner}'s Main Phase (\`turn ${owner}\`), or remove the line.`, { rules: [rule], subjects: [att.id] });
    return false;
  }
  if (turn && turn.step !== 'main') {
    replay.report('impossible-event', ev.range, msg`${att.id}'s ${shown} can't be used during a showdown, and ${phaseWord(turn.step)} is going on: then only cards and abilities with Action or Reaction may be used, and it has neither unless its card gives it one. Nothing happens. Write it after that ends (\`turn ${owner}\`), or remove the line.`, { rules: [rule, '308.1.a'], subjects: [att.id] });
    return false;
  }
  const top = replay.board.stackTop();
  if (!top) return true;
  const item = chainItem(top);
  replay.report('impossible-event', ev.range, msg`${att.id}'s ${shown} can be used only while no chain exists, and ${item.what} is on the chain: then only cards and abilities with Reaction may be used, and it has no Reaction unless its card gives it. Nothing happens. Resolve it first (\`${item.line}\`), or remove the line.`, {
    rules: [rule, '309.1.a'],
    related: top.at ? [relatedAt(top.at, msg`${item.what} was put on the chain here`)] : [],
    subjects: [att.id, top.id],
  });
  return false;
}
