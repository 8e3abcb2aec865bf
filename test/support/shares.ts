// The check both games' static effects on every permanent a filter describes share (engine/staticShares.ts:
// MTG's anthems, Riftbound's static Might effects): a scenario replayed step by step, after each of which every
// card's share must equal the one a fresh index gives on a copy of the board, and no card may be left alive
// that the effects have killed.
import { parse } from '../../core/parser/parser';
import { header } from '../../core/parser/header';
import { Replay } from '../../core/engine/replay';
import { RULESETS } from '../../core/analysis/common';
import { anthemOf, type Board, type CardObj } from '../../core/engine/board';

/**
 * Replays `text` of `game` step by step; after each, every tracked card's share (`tracked`) must be the one
 * `initial` gives a fresh index on a copy of the board, and `dead` must hold of no card (why it should be dead).
 */
export function shareProblem(text: string, game: 'mtg' | 'riftbound', initial: (replay: Replay) => void, tracked: (c: CardObj) => boolean, dead: (c: CardObj) => string | undefined): string | undefined {
  const doc = parse(text);
  const hdr = header(doc);
  const replay = new Replay(doc, text, RULESETS[game], hdr.version, {});
  replay.begin(doc.statements);
  const look = (where: string): string | undefined => {
    const copy: Board = replay.board.clone();
    copy.anthems = undefined;
    initial({ board: copy, report: () => undefined } as unknown as Replay);
    for (const c of replay.board.cards.values()) {
      const fresh = anthemOf(copy.cards.get(c.id)!);
      if (tracked(c) && anthemOf(c) !== fresh) return `${c.id} after ${where}: share ${anthemOf(c)}, from scratch ${fresh}`;
      const why = dead(c);
      if (why !== undefined) return `${c.id} after ${where}: ${why}`;
    }
    return undefined;
  };
  const first = look('the declarations');
  if (first) return first;
  for (const st of doc.statements) {
    replay.step(st);
    const problem = look(`line ${st.range.start.line + 1}`);
    if (problem) return problem;
  }
  return undefined;
}
