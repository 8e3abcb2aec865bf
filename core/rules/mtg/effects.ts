// MTG effects that change a permanent's types, protection or controller (the attachment and its host keep their
// own controllers: 303.4e, 301.5d); none applies to a phased-out permanent (702.26e).
import type { EventNode } from '../../parser/ast';
import { isCard, withOrWithout } from '../../engine/board';
import type { Replay } from '../../engine/replay';
import type { RuleExplanation } from './explanations';
import { describe, MTG_CARD_TYPES, MTG_SUPERTYPES, unknownWord } from './characteristics';
import { touch } from './legality';
import { phasedOutSubject } from './phasing';

/** The rules of this module, explained (assembled into the game's rules in explanations.ts). */
export const EXPLAINED: Record<string, RuleExplanation> = {
  '303.4e': { title: 'Two controllers', text: "The Aura's controller and the enchanted object's controller are separate; a control change of one does not change the other." },
};

export function typesEvent(replay: Replay, ev: Extract<EventNode, { kind: 'types' }>): void {
  const card = replay.card(ev.subject);
  if (!card) return;
  const add = ev.verb === 'becomes';
  if (phasedOutSubject(replay, card, ev, `an effect that makes it ${add ? 'become' : 'lose'} ${ev.words.map((w) => w.text).join(' ')}`, ['702.26e'])) return;
  for (const w of ev.words) {
    const key = MTG_SUPERTYPES.includes(w.text) ? 'supertypes' : MTG_CARD_TYPES.includes(w.text) ? 'types' : /^\p{Lu}/u.test(w.text) ? 'subtypes' : undefined;
    if (!key) {
      unknownWord(replay, w, 'card type or subtype', MTG_CARD_TYPES);
      continue;
    }
    card[key] = withOrWithout(card[key], w.text, add);
    card.modified = true;
  }
  if (replay.noting) replay.note(() => `${card.id}: ${describe(card)}`);
  touch(replay, card);
}

export function protectionEvent(replay: Replay, ev: Extract<EventNode, { kind: 'protection' }>): void {
  const card = replay.lookup(ev.subject);
  if (!card) return;
  const q = ev.quality.text;
  if (isCard(card) && phasedOutSubject(replay, card, ev, `an effect that makes it ${ev.verb === 'gains' ? 'gain' : 'lose'} protection from ${q}`, ['702.26e'])) return;
  if (isCard(card)) card.modified = true;
  if (ev.verb === 'gains') card.protections = [...card.protections, q];
  else {
    const i = card.protections.indexOf(q);
    if (i < 0) {
      replay.report('impossible-event', ev.range, `${card.id} doesn't have protection from ${q}.`, { subjects: [card.id] });
      return;
    }
    card.protections = card.protections.filter((_, j) => j !== i);
  }
  if (isCard(card)) touch(replay, card);
  else for (const id of card.attachments) touch(replay, replay.board.cards.get(id)!);
}

export function controlEvent(replay: Replay, ev: Extract<EventNode, { kind: 'control' }>): void {
  const card = replay.card(ev.subject);
  const p = replay.player(ev.player);
  if (!card || !p) return;
  if (p.left) {
    replay.report('impossible-event', ev.player.range, `${p.id} has left the game.`, { rules: ['800.4a'], subjects: [p.id] });
    return;
  }
  if (phasedOutSubject(replay, card, ev, `an effect that gives control of it to ${p.id}`, ['702.26e'])) return;
  card.controller = p.id;
  if (replay.noting) replay.note(() => `${card.id} controlled by ${p.id}`);
  touch(replay, card);
}
