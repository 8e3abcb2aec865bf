// MTG timing: whose turn it is and in which step (`turn P [STEP]`, 500.1, 505.1), and what may be done
// then. Equip, fortify and reconfigure are activated only as a sorcery (602.5d, 307.5): never while
// anything is on the stack, and once a `turn` line says whose turn it is, only in a main phase of
// their controller's turn; both the `activate` event (stack.ts) and the `equip X to H` shorthand
// (attach.ts) check it. The timing of casting spells (117.1a, flash) is judged in spells.ts.
import type { EventNode, Property } from '../../parser/ast';
import { makesToken } from '../../parser/ast';
import { type CardObj, type StackEntry } from '../../engine/board';
import { inEffect } from './characteristics';
import type { Replay } from '../../engine/replay';
import type { RuleExplanation } from './explanations';
import { msg, relatedAt, type Message } from '../../message';
import { abilityWord } from '../../engine/words';
import { startTurn } from '../../engine/turn';

/** The rules of this module, explained (assembled into the game's rules in explanations.ts). */
export const EXPLAINED: Record<string, RuleExplanation> = {
  '110.5': { title: 'Status: tapped or untapped', text: "A permanent's status (tapped or untapped, flipped or not, face up or down, phased in or out) is its physical state, not a characteristic: it always has one value of each, which stays until something changes it." },
  '701.26a': { title: 'Tap', text: "To tap a permanent is to turn it sideways; only an untapped permanent can be tapped, so a tapped one can't be tapped again." },
  '701.26b': { title: 'Untap', text: "To untap a permanent is to turn it upright again; only a tapped permanent can be untapped." },
  '110.5d': { title: 'Only permanents have status', text: 'Status belongs to permanents on the battlefield. A card in a graveyard, a hand or any other zone is neither tapped nor untapped, whatever its position on the table; a permanent enters untapped unless an effect says otherwise.' },
  '611.2b': { title: 'For as long as', text: 'An effect of a resolved spell or ability that lasts "for as long as" something holds ends as soon as it stops holding. If it doesn\'t hold when the effect would begin, the effect never starts and does nothing at all.' },
  '702.26f': { title: 'Phased out: effects may expire', text: 'Effects that apply to a permanent go on running while it is phased out: one whose duration ends meanwhile (until end of turn, say) no longer applies to it when it phases back in. An effect that lasts "for as long as" something about the permanent holds loses sight of it as it phases out, so that effect ends at that moment and doesn\'t come back when the permanent phases in.' },
  '611.2a': { title: 'How long an effect of a resolved spell lasts', text: 'A continuous effect that a resolving spell or ability makes lasts as long as that spell or ability says ("until end of turn", "until your next turn"); one that gives no duration lasts until the game ends.' },
  '514.2': { title: 'Cleanup: effects until end of turn end', text: 'In the cleanup step, the last step of every turn, damage is removed from permanents and every effect that lasts "until end of turn" or "this turn" ends, all at once, without using the stack; what those effects changed (who controls a permanent, say) goes back to what the effects left decide.' },
  '101.1': { title: 'The card wins', text: "Where a card's text directly contradicts a rule, the card wins, for that situation only (Leonin Shikari's equip at instant speed overrides the sorcery timing of equip)." },
  '307.5': { title: 'Sorcery timing', text: 'Something a player may do only "as a sorcery" needs three things: that player holds priority, it is a main phase of their own turn, and nothing at all is on the stack.' },
  '602.5d': { title: 'Activate only as a sorcery', text: 'An activated ability limited to sorcery timing may be activated only when its controller could cast a sorcery then, whether or not they hold one.' },
  '117.1b': { title: 'When an ability may be activated', text: 'Whenever a player has priority, that player may activate an activated ability.' },
  '117.1a': { title: 'When a spell may be cast', text: 'With priority, a player may cast an instant at any moment; every other spell waits for a main phase of that player\'s own turn and an empty stack.' },
  '301.1': { title: 'Casting an artifact', text: 'An artifact card is cast from its owner\'s hand at sorcery speed: in a main phase of the caster\'s turn, with nothing on the stack. As a spell it uses the stack.' },
  '302.1': { title: 'Casting a creature', text: 'A creature card is cast from its owner\'s hand at sorcery speed: in a main phase of the caster\'s turn, with nothing on the stack. As a spell it uses the stack.' },
  '303.1': { title: 'Casting an enchantment', text: 'An enchantment card, an Aura included, is cast from its owner\'s hand at sorcery speed: in a main phase of the caster\'s turn, with nothing on the stack. As a spell it uses the stack.' },
  '306.1': { title: 'Casting a planeswalker', text: 'A planeswalker card is cast from its owner\'s hand at sorcery speed: in a main phase of the caster\'s turn, with nothing on the stack. As a spell it uses the stack.' },
  '307.1': { title: 'Casting a sorcery', text: 'A sorcery card is cast from its owner\'s hand only in a main phase of the caster\'s turn, with nothing on the stack. As a spell it uses the stack.' },
  '310.1': { title: 'Casting a battle', text: 'A battle card is cast from its owner\'s hand at sorcery speed: in a main phase of the caster\'s turn, with nothing on the stack. As a spell it uses the stack.' },
  '500.2': { title: 'A step ends with the stack empty', text: 'A phase or step in which players get priority ends only when the stack is empty and every player passes in a row: while a spell or ability waits on the stack, the game stays in that step.' },
  '702.8a': { title: 'Flash', text: 'Flash is a static ability working from any zone the card could be played from: the card may be played whenever its owner could cast an instant.' },
  '601.3b': { title: 'Cast as though it had flash', text: 'An effect that lets spells of some kind be cast as though they had flash is judged on the spell the caster\'s choices make: a bestow card cast bestowed is an Aura spell, and one cast as a creature is a creature spell.' },
};

/** The steps and phases a `turn` line may name (500.1): `main` is either main phase (505.1), and the one a `turn P` line means. */
export const STEPS = ['upkeep', 'draw', 'main', 'combat', 'end'] as const;

/** A turn's steps and phases in order (500.1): a main phase before combat and one after it (505.1). */
const TURN: readonly (readonly string[])[] = [['upkeep'], ['draw'], ['main'], ['combat'], ['main'], ['end']];

/** `turn P [STEP]`: from here on it is P's turn, in that step or phase; a player who left the game takes none (800.4a). */
export function turnEvent(replay: Replay, ev: Extract<EventNode, { kind: 'turn' }>): void {
  startTurn(replay, ev, STEPS, TURN, msg`step or phase`, stepWord, { rule: '500.2', zone: msg`the stack`, waiting: describeEntry }, (p) => {
    if (!p.left) return false;
    replay.report('impossible-event', ev.range, msg`${p.id} has left the game, so no turn of theirs begins. Remove the line, or give the turn to a player still in the game.`, { rules: ['800.4k'], subjects: [p.id] });
    return true;
  });
}

/** A step or phase in a sentence: `the combat phase`, `a main phase`. */
export function stepWord(step: string): Message {
  switch (step) {
    case 'upkeep':
      return msg`the upkeep step`;
    case 'draw':
      return msg`the draw step`;
    case 'main':
      return msg`a main phase`;
    case 'combat':
      return msg`the combat phase`;
    default:
      return msg`the end step`;
  }
}

export type Keyword = 'equip' | 'fortify' | 'reconfigure';

/** The rule that defines each ability: what it targets and that it is activated only as a sorcery. */
export const KEYWORD_RULE: Record<Keyword, string> = { equip: '702.6a', fortify: '702.67a', reconfigure: '702.151a' };

/**
 * How a stack object is named in a message, and how its resolution is written: `line` to show, and
 * `fixable` when that line is whole, so a quick fix may insert it. Living weapon's (For Mirrodin!'s, Job select's)
 * names the token it creates, which only the scenario knows: `...` stands for it, and no fix writes it.
 */
export function describeEntry(e: StackEntry): { what: Message; line: string; fixable: boolean } {
  if (e.kind !== 'ability') return { what: msg`the spell ${e.id}`, line: `resolve ${e.id}`, fixable: true };
  const token = makesToken(e.ability);
  return { what: msg`${e.id}'s ${abilityWord(e.ability ?? '')}`, line: token ? `resolve ${e.id} ${e.ability} creating ...` : `resolve ${e.id} ${e.ability}`, fixable: !token };
}

/** Leonin Shikari's permission, in a declaration. */
const equipsAsInstant = (p: Property): boolean => p.kind === 'may-equip-instant';
/**
 * A card declared with it: the board files those on the battlefield by controller (Board.firstFielded),
 * so that an activation looks at its activator's alone, not at every card with it (many Shikaris of
 * another player cost nothing).
 */
const letsEquipAsInstant = (c: CardObj): boolean => c.decl.props.some(equipsAsInstant);

/**
 * The stack must be empty (602.5d, 307.5): equip, fortify and reconfigure are activated only as a
 * sorcery, unless a permanent its activator controls lets them activate equip abilities any time they
 * could cast an instant (Leonin Shikari): an instruction that overrides the sorcery timing (101.1).
 */
export function sorceryTiming(replay: Replay, ev: EventNode, att: CardObj, kw: Keyword): boolean {
  if (kw === 'equip') {
    // The first such permanent in the order declared (the note names it), among those its activator controls.
    const c = replay.board.firstFielded(letsEquipAsInstant, att.controller, inEffect, undefined);
    if (c) {
      if (replay.noting) replay.note(() => msg`${c.id} lets ${att.controller} activate equip abilities any time they could cast an instant`);
      return true;
    }
  }
  const turn = replay.board.turn;
  // A card without a controller (its missing owner is reported at its declaration) is judged by nobody's turn.
  if (turn && att.controller !== undefined && (turn.player !== att.controller || turn.step !== 'main')) {
    const now = turn.player !== att.controller ? msg`it is ${turn.player}'s turn` : msg`it is ${stepWord(turn.step)} of ${turn.player}'s turn`;
    replay.report('impossible-event', ev.range, msg`${att.id}'s ${abilityWord(kw)} can be activated only as a sorcery, in a main phase of its controller's (${att.controller}'s) turn, and ${now}. Nothing happens: ${att.id} stays where it is. Write the activation in ${att.controller}'s main phase (\`turn ${att.controller}\`), or remove the line.`, {
      rules: [KEYWORD_RULE[kw], '602.5d', '307.5'],
      subjects: [att.id],
    });
    return false;
  }
  const top = replay.board.stackTop();
  if (!top) return true;
  const t = describeEntry(top);
  replay.report('impossible-event', ev.range, msg`${att.id}'s ${abilityWord(kw)} can be activated only as a sorcery, when nothing is on the stack, and ${t.what} is on the stack. Nothing happens: ${att.id} stays where it is. Resolve it first (\`${t.line}\`), or remove the line.`, {
    rules: [KEYWORD_RULE[kw], '602.5d', '307.5'],
    related: top.at ? [relatedAt(top.at, msg`${t.what} was put on the stack here`)] : [],
    subjects: [att.id, top.id],
  });
  return false;
}

