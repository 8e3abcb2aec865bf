// Declaring double-faced cards (712.2): a front face's `transforms into NAME`, and a back
// face's own line (`back face`). The rules of transforming are in transform.ts, which explains them.
import type { CardStmt, Property } from '../../parser/ast';
import type { CardObj } from '../../engine/board';
import { FACE } from '../../engine/board';
import type { Replay } from '../../engine/replay';
import { msg } from '../../message';

/**
 * `transforms into NAME` on a front face: NAME must be a line declared `back face` that no other card
 * names. The two are linked, and the board knows it has double-faced cards (Board.dfcs).
 */
export function declareTransforms(replay: Replay, card: CardObj, p: Extract<Property, { kind: 'transforms' }>): void {
  const back = replay.board.cards.get(p.face.text);
  if (!back) {
    // An unknown name or a player: reported as any name is.
    replay.card(p.face);
    return;
  }
  if (card.backFace !== undefined) {
    replay.report('syntax-error', p.range, msg`${card.id} already transforms into ${card.backFace}: a double-faced card has one back face. Remove one \`transforms into\`.`, { rules: ['712.2'], subjects: [card.id] });
    return;
  }
  if (back === card || back.zone !== FACE) {
    replay.report('syntax-error', p.face.range, msg`${back.id} is not declared a back face, so ${card.id} can't transform into it. Add \`back face\` to the line of ${back.id} (and remove its owner and zone: a face is no object of its own), or name the back face's line.`, { rules: ['712.2'], subjects: [card.id, back.id] });
    return;
  }
  if (back.faceOf !== undefined && back.faceOf !== card.id) {
    replay.report('syntax-error', p.face.range, msg`${back.id} is the back face of ${back.faceOf} already: each back face belongs to one card. Declare another line \`back face\` for ${card.id}.`, { rules: ['712.2'], subjects: [card.id, back.id] });
    return;
  }
  back.faceOf = card.id;
  card.backFace = back.id;
  // The front face's printed characteristics (the object being built: complete once the declaration is).
  card.front = card.printed;
  replay.board.dfcs = true;
}

/**
 * A back face's own declaration (its printed characteristics are built like any card's): what only an
 * object has (an owner, a controller, a zone, an attachment, a status, damage, counters) is reported, and
 * so is a back face no card names.
 */
export function declareBackFace(replay: Replay, card: CardObj, st: CardStmt): void {
  for (const p of st.props) {
    let what: string | undefined;
    switch (p.kind) {
      case 'owner':
        what = 'owner';
        break;
      case 'controller':
        what = p.entered ? 'entered under' : 'controller';
        break;
      case 'zone':
        what = 'in';
        break;
      case 'attached':
        what = 'attached to';
        break;
      case 'damage':
        what = 'damage';
        break;
      case 'counters':
        what = 'with';
        break;
      case 'transforms':
        what = 'transforms into';
        break;
      case 'flag':
        if (p.flag === 'token' || p.flag === 'tapped' || p.flag === 'phased-out' || p.flag === 'on-top' || p.flag === 'exhausted') what = p.flag === 'phased-out' ? 'phased out' : p.flag === 'on-top' ? 'on top' : p.flag;
        break;
    }
    if (what !== undefined) replay.report('syntax-error', p.range, msg`${card.id} is a back face, a face of a card and no object of its own: \`${what}\` belongs on the line of the card itself (the front face, which says \`transforms into ${card.id}\`). Remove it here.`, { rules: ['712.2', '712.8e'], subjects: [card.id] });
  }
  // Named by a front face declared before or after it (declareTransforms links them as the front is declared).
  const named = [...replay.board.cards.values()].some((c) => c !== card && c.decl.props.some((p) => p.kind === 'transforms' && p.face.text === card.id));
  if (!named) replay.report('syntax-error', st.id!.range, msg`${card.id} is declared a back face, and no card transforms into it. Add \`transforms into ${card.id}\` to the line of its front face, or remove \`back face\`.`, { rules: ['712.2'], subjects: [card.id] });
}

