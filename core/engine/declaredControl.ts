// A controller declared where a card can have none (MTG 108.4a, 110.2; Riftbound: off the board): one
// check for both games' declarations, so they say it alike and drop it alike.
import type { CardStmt } from '../parser/ast';
import { type CardObj, noItems } from './board';
import type { Replay } from './replay';
import { msg, titledFix, type Message } from '../message';
import { inZone } from './words';

/**
 * A declared `controller P` or `entered under P` the card can't have where it is (`allowed` says, by
 * property): only a permanent has a controller and entered under someone, and a spell has a controller
 * (MTG 108.4a, 110.2); a card elsewhere has only its owner. Each is reported at the property, with a
 * safe fix that removes it and the comma before it on its line (no comment can lie between them), and
 * the card is its owner's, as though it had not been written. Returns whether one was.
 */
export function controlOutOfPlace(replay: Replay, card: CardObj, st: CardStmt, allowed: (entered: boolean) => boolean, rules: string[], board: Message, instead: (player: string) => Message): boolean {
  let found = false;
  st.props.forEach((p) => {
    if (p.kind !== 'controller' || allowed(p.entered)) return;
    found = true;
    const words = p.entered ? 'entered under' : 'controller';
    // With the comma before it on its line (a repeated property the parser dropped may lie between it and the one before).
    const comma = /,[ \t]*$/.exec(replay.lineBefore(p.range.start) ?? '');
    const fixes = comma ? [titledFix(msg`Remove \`${words} ${p.player.text}\``, true, [{ range: { start: { line: p.range.start.line, character: comma.index }, end: p.range.end }, newText: '' }])] : [];
    const why = p.entered ? msg`not on ${board}, so it entered under nobody's control` : msg`where a card has no controller, only its owner`;
    replay.report('syntax-error', p.range, msg`${card.id} is ${inZone(card.zone)}, ${why}: \`${words} ${p.player.text}\` is not read. Remove it. ${instead(p.player.text)}`, { rules, fixes, subjects: [card.id] });
  });
  if (found) {
    card.controller = card.owner;
    card.enteredUnder = card.owner;
    card.controlLog = noItems();
  }
  return found;
}
