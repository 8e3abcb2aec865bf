// A permanent's status on the board: tapped or untapped (MTG 110.5), exhausted or ready (Riftbound
// 414, 415). `tap X`, `untap X`, `exhaust X`, `ready X` change it; a new turn turns its player's cards
// back (Board.untapAll: MTG 502.3, Riftbound 315.1.b). Each card's status is its own: attaching changes
// neither the attached card's nor its host's, and changing one changes nothing attached to it (MTG
// 110.5c; Riftbound 434.5, 719.4), so nothing here follows an attachment.
import type { CardStmt, EventNode, Word } from '../parser/ast';
import type { CardObj } from './board';
import type { Replay } from './replay';
import { msg, type Message } from '../message';
import { inZone } from './words';

/** How one game says it: its verbs and words, where a card has a status, and the rules that decide. */
export interface StatusWords {
  readonly on: 'tap' | 'exhaust';
  readonly off: 'untap' | 'ready';
  readonly onWord: 'tapped' | 'exhausted';
  readonly offWord: 'untapped' | 'ready';
  /** The two statuses in a sentence (translated). */
  readonly onShown: Message;
  readonly offShown: Message;
  /** Is the card where a card has a status (MTG: the battlefield; Riftbound: the board)? */
  readonly placed: (c: CardObj) => boolean;
  /** Where that is, in a sentence. */
  readonly where: Message;
  /** The rule that a card elsewhere has no status; the rules that a card can't be turned to the status it has. */
  readonly rules: { readonly placed: string; readonly on: string; readonly off: string };
  /** The rules that turning `c` to the status it has does nothing, when they depend on the card and the version (Riftbound). */
  readonly redundant?: (replay: Replay, c: CardObj, on: boolean) => readonly string[];
}

export const MTG_STATUS: StatusWords = {
  on: 'tap',
  off: 'untap',
  onWord: 'tapped',
  offWord: 'untapped',
  onShown: msg`tapped`,
  offShown: msg`untapped`,
  placed: (c) => c.zone === 'battlefield',
  where: msg`the battlefield`,
  rules: { placed: '110.5d', on: '701.26a', off: '701.26b' },
};

export const RIFTBOUND_STATUS: StatusWords = {
  on: 'exhaust',
  off: 'ready',
  onWord: 'exhausted',
  offWord: 'ready',
  onShown: msg`exhausted`,
  offShown: msg`ready`,
  placed: (c) => c.zone === 'base' || c.zone === 'battlefield',
  where: msg`the board`,
  rules: { placed: '414.2', on: '414.1.c', off: '415.1.c' },
  // A unit told to be exhausted (readied) while it already is: nothing more happens (414.1.c, 415.1.c). Those
  // rules are a unit's: for a gear, v1.2 and v1.3 say only that the status is a state (414.2, 415.2); the
  // rules of 2026-07-16 extend 414.1.b, no exhausting twice, to gear.
  redundant: (replay, c, on) => {
    if (c.types.has('unit')) return [on ? '414.1.c' : '415.1.c'];
    if (!on) return ['415.2'];
    return !replay.version || replay.version.date >= '2026-07-16' ? ['414.1.b'] : ['414.2'];
  },
};

/**
 * `enter X tapped|untapped` (MTG 110.5b: a permanent enters untapped unless an effect says otherwise), `enter X
 * exhausted|ready` (Riftbound 143.4.a: a unit enters exhausted unless an effect such as Accelerate says
 * otherwise; 359.2.d, a gear ready): is the word one of this game's? The other game's is a syntax error.
 */
export function enterStatusOk(replay: Replay, word: Word, w: StatusWords): boolean {
  if (word.text === w.onWord || word.text === w.offWord) return true;
  const ours = word.text === 'tapped' || word.text === 'exhausted' ? w.onWord : w.offWord;
  replay.report('syntax-error', word.range, msg`\`${word.text}\` is the other game's status: a card of this scenario's game enters \`${w.onWord}\` or \`${w.offWord}\`. Write \`${ours}\`.`);
  return false;
}

/** After `enter X ... STATUS` put the card where cards have a status: it has the one the line says. */
export function enteredWith(replay: Replay, card: CardObj, word: Word, w: StatusWords): void {
  if (!w.placed(card)) return;
  const on = word.text === w.onWord;
  if (card.exhausted !== on) replay.board.turnSideways(card, on);
  if (replay.noting) replay.note(() => msg`${card.id} entered ${on ? w.onShown : w.offShown}`);
}

/** `tap X` / `untap X` (`exhaust X` / `ready X`): the card turned sideways or back, if it can be. */
export function statusEvent(replay: Replay, ev: Extract<EventNode, { kind: 'status' }>, w: StatusWords): void {
  if (ev.verb !== w.on && ev.verb !== w.off) {
    const ours = `${ev.verb === 'tap' || ev.verb === 'exhaust' ? w.on : w.off} ${ev.subject.text}`;
    const why = ev.verb === 'tap' || ev.verb === 'untap' ? msg`\`${ev.verb}\` is an MTG action; this scenario's game writes \`${ours}\`. Write that, or remove the line.` : msg`\`${ev.verb}\` is a Riftbound action; this scenario's game writes \`${ours}\`. Write that, or remove the line.`;
    replay.report('impossible-event', ev.verbRange, why);
    return;
  }
  const c = replay.card(ev.subject);
  if (!c) return;
  const on = ev.verb === w.on;
  if (!w.placed(c)) {
    replay.report('impossible-event', ev.range, msg`${c.id} is ${c.zone === 'outside' ? msg`in no zone (it left the game)` : inZone(c.zone)}, and only a card on ${w.where} has a status (${w.onShown} or ${w.offShown}), so this line changes nothing. Remove the line, or put the card onto ${w.where} first.`, { rules: [w.rules.placed], subjects: [c.id] });
    return;
  }
  if (c.exhausted === on) {
    replay.report('impossible-event', ev.range, msg`${c.id} is already ${on ? w.onShown : w.offShown}, and a card can't be turned to the status it has: nothing happens. Remove the line.`, { rules: [...(w.redundant?.(replay, c, on) ?? [on ? w.rules.on : w.rules.off])], subjects: [c.id] });
    return;
  }
  replay.board.turnSideways(c, on);
  if (replay.noting) replay.note(() => msg`${c.id} ${on ? w.onShown : w.offShown}`);
}

/** Why `expect X tapped` (or the others) fails, or undefined when it holds. */
export function statusFailure(c: CardObj, status: 'tapped' | 'untapped' | 'exhausted' | 'ready', w: StatusWords): { actual: Message; replacement?: string } | undefined {
  if (status !== w.onWord && status !== w.offWord) return { actual: msg`\`${status}\` is not a status in this game: a card here is \`${w.onWord}\` or \`${w.offWord}\`` };
  if (!w.placed(c)) return { actual: msg`${c.id} is ${c.zone === 'outside' ? msg`in no zone` : inZone(c.zone)}, not on ${w.where}, so it has no status` };
  const want = status === w.onWord;
  if (c.exhausted === want) return undefined;
  return { actual: msg`${c.id} is ${c.exhausted ? w.onShown : w.offShown}`, replacement: `${c.id} ${c.exhausted ? w.onWord : w.offWord}` };
}

/**
 * A declared `tapped` (`exhausted`): the card starts so if it is on the battlefield (the board); a card
 * elsewhere has no status, and the declaration is a syntax error. Read after the card's place and
 * controller are known (the place may come later in the line; its list is its controller's).
 */
export function declaredStatus(replay: Replay, card: CardObj, st: CardStmt, w: StatusWords): void {
  const p = st.props.find((x) => x.kind === 'flag' && x.flag === w.onWord);
  if (!p) return;
  if (w.placed(card)) replay.board.turnSideways(card, true);
  else replay.report('syntax-error', p.range, msg`${card.id} is ${inZone(card.zone)}, and only a card on ${w.where} has a status (${w.onShown} or ${w.offShown}). Remove \`${w.onWord}\`.`, { rules: [w.rules.placed], subjects: [card.id] });
}

/**
 * Riftbound: the turn ends (its Ending Phase's cleanup, or the next turn's beginning): every stunned unit
 * loses the status (423.1.a.2). Only the units stunned since the last end of turn are looked at.
 */
export function endStuns(replay: Replay): void {
  const stunned = replay.board.stunned;
  if (stunned.length === 0) return;
  for (const c of stunned) {
    if (!c.stunned) continue;
    c.stunned = false;
    if (replay.noting) replay.note(() => msg`${c.id} is no longer stunned (the turn ended)`);
  }
  stunned.length = 0;
}
