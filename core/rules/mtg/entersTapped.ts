// MTG replacements on every permanent a filter describes that make it enter tapped (614.1d: Imposing Sovereign's
// `creatures your opponents control enter tapped`). Whether one applies is judged from the permanent as it is once
// there (614.12): a bestowed Aura enters as an Aura, no creature (702.103b), and one whose target left resolves as a
// creature (702.103e) and is described. The permanents that enter during an event are listed as they do (moveTo) and
// judged as the event settles, before the state-based actions, when what they are there is known (a spell's
// controller, a bestowed Aura's being one). The sources are found by their controllers (Board.firstFielded): a
// permanent entering looks at each player's first such source, not at every card with one.
import type { Filter, Property } from '../../parser/ast';
import { type CardObj, declaredWith, type Grouped, type Grouping, noItems } from '../../engine/board';
import type { Replay } from '../../engine/replay';
import type { RuleExplanation } from './explanations';
import { inEffect } from './characteristics';
import { filterDescribes, readsWord, singularFilter } from './anthems';
import { msg } from '../../message';

/** The rules of this module, explained (assembled into the game's rules in explanations.ts). */
export const EXPLAINED: Record<string, RuleExplanation> = {
  '614.1d': { title: 'Permanents that enter tapped', text: 'A continuous effect saying that some permanents enter tapped (Imposing Sovereign: the creatures an opponent controls) replaces the way they arrive: each one it describes is already tapped as it gets there, with nothing else to record.' },
};

type EntersTapped = Extract<Property, { kind: 'enters-tapped' }>;

/** Such a replacement, in a declaration. */
const entersTapped = (p: Property): p is EntersTapped => p.kind === 'enters-tapped';
/** A card declared with one: the board files those on the battlefield by controller (Board.firstFielded). */
const makesEnterTapped = (c: CardObj): boolean => c.decl.props.some(entersTapped);
/**
 * Such replacements of a card, grouped by their words (those it can read: the others tap nothing): a permanent is
 * judged once by each distinct filter of a player's permanents (Board.firstGrouped), so that many Imposing Sovereigns
 * cost a creature entering one look per player, not one per card.
 */
const entersTappedGroups: Grouping<Filter> = (c) => {
  let out: Grouped<Filter>[] | undefined;
  for (const p of c.decl.props) if (entersTapped(p) && readable(p.filter)) (out ??= []).push({ key: wordsOf(p.filter), value: singularFilter(p.filter) });
  return out ?? noItems();
};

/** The permanents that entered during the event being replayed, each with its object version then (a WeakMap: a replay's own). */
const entering = new WeakMap<Replay, { card: CardObj; version: number }[]>();

/**
 * `card` has just been put onto the battlefield (moveTo): listed for settleEntering, in a scenario with such a
 * replacement (none: nothing is listed).
 */
export function entered(replay: Replay, card: CardObj): void {
  if (declaredWith(replay.board, entersTapped).length === 0) return;
  let list = entering.get(replay);
  if (list === undefined) entering.set(replay, (list = []));
  list.push({ card, version: card.version });
}

/**
 * The event is over (before its state-based actions): each permanent that entered during it and is still that object
 * there, untapped, enters tapped if a replacement in effect describes it as it is now (614.12), "you" being that
 * replacement's controller. A permanent that entered tapped anyway (`enter X tapped`) is left as it is.
 */
export function settleEntering(replay: Replay): void {
  // Nothing is listed in a scenario that declares no static property (entered: declaredWith finds none).
  if (!replay.board.staticsDeclared) return;
  const list = entering.get(replay);
  if (list === undefined || list.length === 0) return;
  entering.delete(replay);
  const board = replay.board;
  for (const { card, version } of list) {
    if (card.zone !== 'battlefield' || card.version !== version || card.exhausted) continue;
    let by: CardObj | undefined;
    for (const player of board.fieldedControllers(makesEnterTapped)) {
      by = board.firstGrouped(entersTappedGroups, player, (f: Filter, c: CardObj) => filterDescribes(f, c, player), inEffect, card);
      if (by !== undefined) break;
    }
    if (by === undefined) continue;
    board.turnSideways(card, true);
    const source = by;
    if (replay.noting) replay.note(() => msg`${card.id} enters tapped (${source.id})`);
  }
}

/** A filter's key: its words, each with whether it is negated, and its control clause. */
function wordsOf(f: Filter): string {
  return `${f.alternatives.map((a) => a.map((t) => (t.negated ? '-' : '+') + t.word).join('\u0000')).join('\u0001')}\u0002${f.control ?? ''}`;
}

/** Are all the filter's words ones the checker reads (declareEntersTapped reported the others)? */
function readable(f: Filter): boolean {
  if (f.zone || f.toughness || f.withAura) return false;
  for (const alt of f.alternatives) for (const t of alt) if (!readsWord(t.word)) return false;
  return true;
}


