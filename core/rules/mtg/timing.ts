// MTG timing of activated abilities: equip, fortify and reconfigure are activated only as a sorcery (602.5d, 307.5),
// so never while anything is on the stack; both the `activate` event (stack.ts) and the `equip X to H` shorthand
// (attach.ts) check it.
import type { EventNode } from '../../parser/ast';
import type { CardObj, StackEntry } from '../../engine/board';
import type { Replay } from '../../engine/replay';
import type { RuleExplanation } from './explanations';
import { msg, relatedAt, type Message } from '../../message';
import { abilityWord } from '../../engine/words';

/** The rules of this module, explained (assembled into the game's rules in explanations.ts). */
export const EXPLAINED: Record<string, RuleExplanation> = {
  '307.5': { title: 'Sorcery timing', text: 'Something a player may do only "as a sorcery" needs three things: that player holds priority, it is a main phase of their own turn, and nothing at all is on the stack.' },
  '602.5d': { title: 'Activate only as a sorcery', text: 'An activated ability limited to sorcery timing may be activated only when its controller could cast a sorcery then, whether or not they hold one.' },
};

export type Keyword = 'equip' | 'fortify' | 'reconfigure';

/** The rule that defines each ability: what it targets and that it is activated only as a sorcery. */
export const KEYWORD_RULE: Record<Keyword, string> = { equip: '702.6a', fortify: '702.67a', reconfigure: '702.151a' };

/** How the stack's top object is named in a message, and how its resolution is written. */
export function describeEntry(e: StackEntry): { what: Message; line: string } {
  return e.kind === 'ability' ? { what: msg`${e.id}'s ${abilityWord(e.ability ?? '')}`, line: `resolve ${e.id} ${e.ability}` } : { what: msg`the spell ${e.id}`, line: `resolve ${e.id}` };
}

/** The stack must be empty (602.5d, 307.5): equip, fortify and reconfigure are activated only as a sorcery. */
export function sorceryTiming(replay: Replay, ev: EventNode, att: CardObj, kw: Keyword): boolean {
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

