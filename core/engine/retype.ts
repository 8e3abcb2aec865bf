// Type-changing effects of attachments, MTG's layer 4 (613.1d), applied (the grant's words: typeChange.ts).
// While the attachment is on a card, on the battlefield, phased in and has its abilities, the card's
// types are what the grant says (205.1); when it stops, they are what they would have been without it.
//
// The change is applied as an effect that ends (untilEndOfTurn.ts: `change` with `lasts: { by }`), so
// the events' changes made after it are applied again over what the card is without it, in order, and
// those before it stay under it (613.7, timestamp order within the layer). The board lists the hosts
// whose grantors came, went or changed (Board.retyped); the replay works them out before each
// state-based action check (Replay.takeDirty).
import { MTG_SUPERTYPES, mtgSubtypeFits, mtgSubtypeSet } from '../parser/keywords';
import type { Board, CardObj } from './board';
import { setKinds } from './board';
import { grantsTo } from './abilities';
import type { TypeChange } from './typeChange';
import { change, endStatic } from './untilEndOfTurn';

/** Applies the change to `c` (205.1a-b, 105.3). */
export function applyTypeChange(c: CardObj, t: TypeChange, at?: number): void {
  // A creature from now on, over bestow and reconfigure if they are older (613.7; Characteristics.creatureAt).
  if (at !== undefined && t.types.includes('creature')) c.creatureAt = at;
  // `in addition to its other types` that adds nothing it lacks changes nothing (many such Auras on one
  // permanent are applied again as each goes: this keeps that cheap).
  if (t.keeps === 'all' && t.isnt.length === 0 && t.colors === undefined && t.types.every((x) => c.types.has(x)) && t.subtypes.every((x) => c.subtypes.has(x)) && t.supertypes.every((x) => c.supertypes.has(x))) return;
  const types = new Set(c.types);
  const supertypes = new Set(c.supertypes);
  let subtypes = [...c.subtypes];
  for (const w of t.isnt) {
    types.delete(w);
    supertypes.delete(w);
    subtypes = subtypes.filter((s) => s !== w);
  }
  if (t.types.length !== 0 && t.keeps === 'nothing') {
    // The new card types replace the old (205.1a); an instant or a sorcery stays one.
    for (const old of [...types]) if (old !== 'instant' && old !== 'sorcery') types.delete(old);
  }
  for (const x of t.types) types.add(x);
  for (const x of t.supertypes) supertypes.add(x);
  if (t.subtypes.length !== 0 && t.keeps !== 'all') {
    // The new subtypes replace those of the same set (205.1a); an `artifact creature` replaces only creature types (205.1b).
    const sets = new Set(t.subtypes.map(mtgSubtypeSet));
    subtypes = subtypes.filter((s) => {
      const set = mtgSubtypeSet(s);
      return t.keeps === 'all-but-creature-types' ? set !== 'creature' : !sets.has(set);
    });
  }
  for (const s of t.subtypes) if (!subtypes.includes(s)) subtypes.push(s);
  // A subtype goes with its card type, unless a card type it still has keeps it (205.1a).
  subtypes = subtypes.filter((s) => mtgSubtypeFits(types, s));
  c.types = types;
  c.supertypes = supertypes;
  c.subtypes = new Set(subtypes);
  if (t.colors) c.colors = new Set(t.colors);
  setKinds(c);
}

/**
 * Does applying `later` leave an object the same whether `earlier` was applied before it or not? It
 * does when `later` sets every card type, subtype and color (205.1a: card types named, a subtype of
 * each of their sets named, colors named) and `earlier` changes no supertype, which `later` keeps.
 */
function covers(later: TypeChange | undefined, earlier: TypeChange): boolean {
  if (!later || later.keeps !== 'nothing' || later.types.length === 0 || later.colors === undefined) return false;
  // `later` keeps the supertypes, and an instant or sorcery type: `earlier` must not have changed them.
  const kept = (w: string) => MTG_SUPERTYPES.includes(w) || w === 'instant' || w === 'sorcery';
  if (earlier.supertypes.length !== 0 || earlier.types.some(kept) || earlier.isnt.some(kept)) return false;
  const sets = new Set(later.subtypes.map(mtgSubtypeSet));
  return later.types.every((ty) => ty === 'instant' || ty === 'sorcery' ? true : ty === 'kindred' ? sets.has('creature') : sets.has(ty as ReturnType<typeof mtgSubtypeSet>));
}

/** The type-changing grant of attachment `a`, if it has one. */
export function typeChangeOfCard(a: CardObj): TypeChange | undefined {
  for (const g of a.grants) for (const x of g.abilities) if (x.kind === 'types') return x.change;
  return undefined;
}

/**
 * Does `a`, attached to `host`, change its types now (on the battlefield, phased in)? Even one that lost
 * its abilities does: its effect applies in layer 4, before abilities are taken in layer 6 (MTG 613.1, 613.6).
 */
function changesTypes(board: Board, a: CardObj | undefined, host: CardObj): a is CardObj {
  // "Enchanted permanent": a card in a graveyard (an Aura that enchants one, 109.2a) is not changed.
  return host.zone === 'battlefield' && grantsTo(board, a, host) && typeChangeOfCard(a) !== undefined;
}

/**
 * `host`'s type-changing attachments worked out again: `changed` is the grantor that came, went or
 * changed (undefined: any may have; null: none did). Each that stopped applying ends (what was done
 * after it is done again without it); each that began applies now. Returns true when its types may
 * have changed (the board hands it to the next state-based action check).
 */
export function retype(board: Board, host: CardObj, changed: string | null | undefined): boolean {
  if (changed === null) return false;
  // A copy: ending and starting statics below changes the host's list.
  const applied = [...(host.temporary?.statics() ?? [])];
  let moved = false;
  const candidates = changed === undefined ? new Set([...applied, ...host.grantors]) : [changed];
  for (const id of candidates) {
    const a = board.cards.get(id);
    const on = applied.includes(id);
    const wanted = changesTypes(board, a, host);
    if (on && !wanted) {
      const ended = a && typeChangeOfCard(a);
      endStatic(board, host, id, ended && ((later) => covers(typeChangeOfCard(board.cards.get(later)!), ended)));
      moved = true;
    } else if (!on && wanted) {
      const t = typeChangeOfCard(a)!;
      change(board, host, { by: id }, (_, x, at) => applyTypeChange(x as CardObj, t, at));
      moved = true;
    }
  }
  return moved;
}
