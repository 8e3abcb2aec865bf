// The combat going on, the part both games share: which cards have a part in it (MTG attacking or
// blocking, 508.1 and 509.1; Riftbound's Attacker and Defender designations, 464.2.c), why one was
// removed from it (MTG 506.4; Riftbound 323.2.c), and its end (MTG 511.3; Riftbound 466.7.a). Who may
// attack or block, and what takes a card out of combat, is each game's (rules/mtg/combat.ts,
// rules/riftbound/combat.ts).
import type { Board, CardObj } from './board';
import type { Range } from '../types';
import type { Replay } from './replay';
import { keywordValue } from './abilities';
import { msg, type Message } from '../message';

/** A card's part in the combat going on (replaced, never changed: a copy of the board shares it). */
export interface Combatant {
  readonly role: 'attacking' | 'blocking' | 'defending';
  /** Its controller as it got the part (MTG 506.4: a change of control removes it from combat). */
  readonly controller: string | undefined;
  /** MTG: the attacking creature it blocks (509.1a: one). */
  readonly blocks?: string;
  /** MTG: how many creatures were declared blocking it, an attacker (it stays blocked when they go, 509.1h). */
  readonly blockers?: number;
  /** MTG: its controller changed since it got the part, even if it changed back since (506.4: removed from combat). */
  readonly controlChanged?: boolean;
}

/** Why a card was removed from the combat going on, and the rules that say so. */
export interface CombatLeft {
  readonly why: Message;
  readonly rules: readonly string[];
}

/** The combat going on (replaced, never changed). */
export interface CombatNow {
  /** The attacking player: MTG the player whose turn it is (506.2), as the first attacker was declared; Riftbound the Attacker (464.2.c.1). */
  readonly attacker: string | undefined;
  /** Riftbound: the battlefield where it is, and the Defender (464.2.c.2). */
  readonly place?: string;
  readonly defender?: string;
  /** Riftbound: the unit whose Move opened it (447.1), and whether an `attack at` line has named it since (it names it once). */
  readonly byMove?: string;
  readonly named?: boolean;
  /** MTG: blockers were declared (the declare blockers step, 509: no attacker is declared after them). */
  readonly blocked?: boolean;
  /**
   * MTG: the declaration of attackers (of blockers) is over: an event came after the `attack` (`block`)
   * lines, and each declaration is one turn-based action, after which a player gets priority (508.2, 509.2).
   */
  readonly attacksOver?: boolean;
  readonly blocksOver?: boolean;
  /**
   * MTG: where the event that ended the declaration of attackers (of blockers) is written. A later
   * `attack` (`block`) line is an impossible event because of that line: its finding points there,
   * so a fix that removes that line is seen to change what the finding says (fixes.ts).
   */
  readonly attacksOverAt?: Range;
  readonly blocksOverAt?: Range;
}

/** `c` gets (or changes) its part in the combat going on. */
export function joinCombat(board: Board, c: CardObj, part: Combatant): void {
  if (c.combat === undefined) board.combatants.push(c);
  c.combat = part;
  c.combatLeft = undefined;
}

/** `c` is removed from the combat going on: it keeps why, for the words of an `expect` about it. */
export function removeFromCombat(replay: Replay, c: CardObj, why: Message, rules: readonly string[]): void {
  c.combat = undefined;
  c.combatLeft = { why, rules };
  if (replay.noting) replay.note(() => msg`${c.id} is removed from combat: ${why}`);
}

/**
 * Did a `turn` line end the combat going on, if one was (`before`: the turn as it was): another step or
 * phase, or another turn? A Riftbound combat includes a showdown (316.7.f): `turn P showdown` in the same
 * turn goes on with it (MTG has no such step).
 */
export function combatEndedBy(board: Board, before: { readonly number: number; readonly step: string } | undefined): boolean {
  if (board.combatants.length === 0 && !board.combat) return false;
  const now = board.turn;
  return !(before && now && now.number === before.number && (now.step === 'combat' || now.step === 'showdown'));
}

/**
 * The combat going on ends (MTG 511.3: every creature is removed from it; Riftbound 466.7.a: every
 * designation is). The cards that had a part are handed to the next check (what their part gave them,
 * Riftbound's Assault and Shield, is gone). Returns how many had one.
 */
export function endCombat(replay: Replay): number {
  const board = replay.board;
  board.combat = undefined;
  const list = board.combatants;
  let n = 0;
  while (list.length !== 0) {
    const c = list.pop()!;
    if (c.combat !== undefined) {
      n++;
      replay.markDirty(c);
    }
    c.combat = undefined;
    c.combatLeft = undefined;
  }
  return n;
}

/**
 * Riftbound: what `c`'s part in combat adds to its Might now: its Assault value while it is an Attacker
 * (807.1.c), its Shield value while it is a Defender (814.1.c), the values of all its instances summed
 * (its own, its events', its gear's grants: 807.2, 814.2; 1 for one written without a value, 807.1.b.3).
 * MTG has neither keyword (its cards are never given one).
 */
export function combatMight(c: CardObj): number {
  const part = c.combat;
  if (part === undefined || part.role === 'blocking') return 0;
  return keywordValue(c, part.role === 'attacking' ? 'Assault' : 'Shield');
}

/** A part in combat in words: MTG attacking or blocking; Riftbound an Attacker or a Defender (its designations, 464.2.c). */
function roleWords(game: string, role: Combatant['role']): Message {
  if (game === 'riftbound') return role === 'attacking' ? msg`an Attacker` : msg`a Defender`;
  return role === 'attacking' ? msg`attacking` : msg`blocking`;
}

/**
 * `expect X attacking`, `X not blocking`, Riftbound `X defending`: undefined when it holds; else what the
 * replay reached (its part now, or why it was removed from combat) and the line that would hold.
 */
export function combatOutcome(game: string, c: CardObj, role: Combatant['role'], negated: boolean): { actual: Message; rules?: string[]; replacement?: string } | undefined {
  if (game === 'mtg' && role === 'defending') return { actual: msg`in MTG a creature attacks or blocks (\`${c.id} blocking\`); it is the players who defend` };
  if (game === 'riftbound' && role === 'blocking') return { actual: msg`Riftbound has no blocks: the units of the defending player at the battlefield are Defenders (\`${c.id} defending\`)` };
  const now = c.combat?.role;
  if ((now === role) !== negated) return undefined;
  if (now === role) return { actual: msg`${c.id} is ${roleWords(game, role)}`, replacement: `${c.id} ${role}` };
  if (now !== undefined) return { actual: msg`${c.id} is ${roleWords(game, now)}`, replacement: `${c.id} ${now}` };
  if (c.combatLeft) return { actual: msg`${c.id} was removed from combat: ${c.combatLeft.why}`, rules: [...c.combatLeft.rules], replacement: `${c.id} not ${role}` };
  return { actual: msg`${c.id} has no part in a combat now`, replacement: `${c.id} not ${role}` };
}
