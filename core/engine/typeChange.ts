// Type-changing effects of attachments, MTG's layer 4 (613.1d): `enchanted permanent is a colorless
// Forest land` (Song of the Dryads), `enchanted artifact is a creature in addition to its other types`
// (Ensoul Artifact), `equipped permanent isn't a planeswalker and is a creature in addition to its
// other types` (Luxior). While the attachment is on a card, on the battlefield, phased in and has its
// abilities, the card's types are changed; when it stops, they are what they would have been without it.
//
// Here: the grant's words, sorted. How it applies, and when: retype.ts.
import type { Word } from '../parser/ast';
import { MTG_CARD_TYPES, MTG_COLORS, MTG_SUPERTYPES } from '../parser/keywords';

/** A type-changing grant as the engine holds it (its words sorted by kind; unknown words left out: the rules report them). */
export interface TypeChange {
  /** As written: `is a colorless Forest land`, for labels. */
  readonly text: string;
  /** The colors it is (105.3): undefined when none is written; empty for `colorless`. */
  readonly colors: readonly string[] | undefined;
  readonly supertypes: readonly string[];
  readonly types: readonly string[];
  readonly subtypes: readonly string[];
  /** What it isn't: card types, supertypes or subtypes taken away (Luxior's `isn't a planeswalker`). */
  readonly isnt: readonly string[];
  /**
   * Whether the object keeps its card types and subtypes (205.1b): `in addition to its other types`, or
   * an `artifact creature` (which keeps them all but its creature types, when it names creature types).
   */
  readonly keeps: 'nothing' | 'all' | 'all-but-creature-types';
}

/** The words of a type-changing grant, sorted (unknown words are left out). */
export function typeChangeOf(node: { is: readonly Word[]; isnt: readonly Word[]; inAddition?: unknown }): TypeChange {
  const colors: string[] = [];
  let colorWritten = false;
  const supertypes: string[] = [];
  const types: string[] = [];
  const subtypes: string[] = [];
  for (const w of node.is) {
    if (w.text === 'colorless') colorWritten = true;
    else if (MTG_COLORS.includes(w.text)) {
      colorWritten = true;
      colors.push(w.text);
    } else if (MTG_SUPERTYPES.includes(w.text)) supertypes.push(w.text);
    else if (MTG_CARD_TYPES.includes(w.text)) types.push(w.text === 'tribal' ? 'kindred' : w.text);
    else if (/^\p{Lu}/u.test(w.text)) subtypes.push(w.text);
  }
  const artifactCreature = types.length === 2 && types.includes('artifact') && types.includes('creature');
  const keeps = node.inAddition ? 'all' : artifactCreature ? (subtypes.length ? 'all-but-creature-types' : 'all') : 'nothing';
  const said = (verb: string, words: readonly Word[]) => (words.length ? `${verb} a ${words.map((w) => w.text).join(' ')}` : '');
  const text = [said("isn't", node.isnt), said('is', node.is) + (node.inAddition ? ' in addition to its other types' : '')].filter(Boolean).join(' and ');
  return { text, colors: colorWritten ? colors : undefined, supertypes, types, subtypes, isnt: node.isnt.map((w) => (w.text === 'tribal' ? 'kindred' : w.text)), keeps };
}
