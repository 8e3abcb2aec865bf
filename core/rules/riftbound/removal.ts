// A player concedes (650-652): `leave P`. With one other player left, that player wins and the game is over
// (651.1): nothing happens after it. Otherwise the player is removed (652): what they control is banished and
// what they own leaves the game (652.1, 652.3), so a unit of theirs leaves the board and the gear on it
// detaches where it was (719.5, 435.4.b: a consequence to record; the cleanup that follows recalls it,
// location.ts), and a gear of theirs on another player's unit leaves it with them; the items they control
// on the chain are countered (652.4). Later lines that name the player, or a card that left the game with
// them, are refused (651.3). Marking the player gone and dropping their abilities is shared with MTG's
// 800.4a (engine/leave.ts). Not modelled: runes, facedown cards, the battlefield a player contributed
// (652.2), Teammates (651.4), focus and priority (652.5.b, 652.5.c).
import type { EventNode, Name } from '../../parser/ast';
import { CEASED, type CardObj, type PlayerObj, type StackEntry } from '../../engine/board';
import { abilityWord } from '../../engine/words';
import type { Replay } from '../../engine/replay';
import type { RuleExplanation } from '../mtg/explanations';
import { abilitiesLeaveWith, afterTheGame as endedGame, playerLeaves, winner } from '../../engine/leave';
import { msg, type Message } from '../../message';
import { onBoard } from './cards';
import { moveTo } from './location';

export const EXPLAINED: Record<string, RuleExplanation> = {
  '650': { title: 'Conceding at any time', text: 'Any player can give up the game whenever they wish.' },
  '651': { title: 'A player who concedes is removed', text: 'Conceding takes the player out of the game being played.' },
  '651.1': { title: 'The last player wins', text: 'When a concession leaves a single player in the game, that player wins and the game is over: nothing more happens in it.' },
  '651.3': { title: 'A removed player takes no part', text: 'A player who was removed makes no further choices and has no further effect on the game.' },
  '652': { title: 'Removal of a player', text: 'When the game goes on after a concession, the player is taken out of it in a fixed series of steps.' },
  '652.1': { title: 'Removal: banishing', text: 'First, every permanent, rune and facedown card the player controls, or owns, is banished.' },
  '652.3': { title: 'Removal: their cards leave the game', text: 'Then each card the player owns, wherever it is, leaves the game for good: nothing can bring it back.' },
  '652.4': { title: 'Removal: their chain items are countered', text: 'Every spell and ability that the removed player controls on the chain is countered: a trigger of theirs that was waiting never resolves.' },
  '652.5.a.1': { title: 'Removal: the turn moves on', text: "If it was the removed player's turn, the turn passes to the next player in the turn order who is still in the game." },
};

/** An event after the game ended (651.1): reported, and nothing happens. */
export function afterTheGame(replay: Replay, ev: EventNode, won: PlayerObj): void {
  endedGame(replay, ev, won, gameOverWords, GAME_OVER_RULES);
}

function gameOverWords(last: string, won: string): Message {
  return msg`The game is over: ${last} conceded with only ${won} left in it, and ${won} won. Nothing happens after that. Remove the line, or declare another player if the game was meant to go on.`;
}

const GAME_OVER_RULES = ['651.1'];

function concededAlready(p: PlayerObj): Message {
  return msg`${p.id} has already conceded and was removed from the game: a player concedes once. Remove the line.`;
}

/** `leave P` (Riftbound): P concedes. */
export function concedeEvent(replay: Replay, ev: Extract<EventNode, { kind: 'leave' }>): void {
  const p = playerLeaves(replay, ev, ['651'], concededAlready);
  if (!p) return;
  const won = winner(replay);
  if (won) {
    if (replay.noting) replay.note(() => msg`${won.id}, the only player left, wins: the game is over (651.1)`);
    return;
  }
  // 652.1: what they control and don't own is banished; 652.3: what they own leaves the game. A card's
  // leaving the board detaches what is on it (moveTo: 719.5, owed as `detach`); an attached card of
  // theirs that leaves too owes nothing (its own leaving is its detaching: Replay drops it as moot).
  const banished: CardObj[] = [];
  const removed: CardObj[] = [];
  // The cards tied to them (owned, controlled: Board.tiedTo), in the order declared.
  for (const c of replay.board.tiedTo(p.id)) {
    if (c.owner === p.id) {
      if (c.zone !== 'outside' && c.zone !== CEASED) removed.push(c);
    } else if (c.controller === p.id && onBoard(c)) banished.push(c);
  }
  for (const c of banished) {
    moveTo(replay, c, 'banishment', undefined, ev);
    if (replay.noting) replay.note(() => msg`${c.id} banished: ${p.id} controlled it (652.1)`);
  }
  for (const c of removed) moveTo(replay, c, 'outside', undefined, ev);
  if (removed.length !== 0 && replay.noting) replay.note(() => msg`${removed.length} cards ${p.id} owns left the game (652.3)`);
  abilitiesLeaveWith(replay, p, countered);
}

function countered(e: StackEntry): Message {
  return msg`${e.id}'s ${abilityWord(e.ability ?? '')} is countered (652.4)`;
}

/**
 * After a player conceded: does the event name them (651.3), or a card that left the game with them
 * (652.3)? Reported, and then the event does nothing. Looked at only once someone has left.
 */
export function namesTheRemoved(replay: Replay, ev: EventNode): boolean {
  const e = ev as { by?: Name; player?: Name; zone?: { zone: string; place?: Name }; subject?: Name; host?: Name; target?: Name; choosing?: Name };
  const players = replay.board.players;
  for (const n of [e.by, e.player, e.zone?.zone === 'base' ? e.zone.place : undefined]) {
    const p = n && players.get(n.text);
    if (p && p.left) {
      const turn = ev.kind === 'turn';
      replay.report('impossible-event', n!.range, turn
        ? msg`${p.id} conceded and was removed from the game, so no turn of theirs begins: the turn goes to the next player still in the game. Give the turn to one of them, or remove the line.`
        : msg`${p.id} conceded and was removed from the game: they make no more choices and nothing in the game is theirs again. Name a player still in the game, or remove the line.`, { rules: turn ? ['651.3', '652.5.a.1'] : ['651.3'], subjects: [p.id] });
      return true;
    }
  }
  const cards = replay.board.cards;
  for (const n of [e.subject, e.host, e.target, e.choosing]) {
    const c = n && cards.get(n.text);
    if (c && c.zone === 'outside') {
      if (ev.kind === 'resolve' && n === e.subject) {
        // Only what the removed player controlled was countered (652.4): another player's trigger of the card
        // still waits, and resolves as its own rules say (its source gone, it does nothing).
        const ability = (ev as { ability?: { text: string } }).ability?.text;
        if (ability !== undefined && replay.board.pendingAbility(c.id, ability)) return false;
        replay.report('impossible-event', ev.range, msg`${c.id} left the game with its owner, ${c.owner ?? msg`nobody`}, who conceded, and the items a removed player controlled on the chain were countered: nothing of ${c.id}'s waits to resolve. Remove the line.`, { rules: ['652.4', '652.3'], subjects: [c.id] });
        return true;
      }
      replay.report('impossible-event', n!.range, msg`${c.id} left the game with its owner, ${c.owner ?? msg`nobody`}, who conceded, and nothing brings it back. Remove the line.`, { rules: ['652.3'], subjects: [c.id] });
      return true;
    }
  }
  return false;
}
