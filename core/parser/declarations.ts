// The declarations of a syntax tree (every statement that is not an event, in order), found once
// per tree: the header, the initial board and the editor's checks of "the same declarations" read
// them. A reparse hands its tree the list it made from the earlier tree's (the declarations before
// and after the edit are the same objects), so typing among the events never walks every statement.
import { isEvent, type ScenarioDocument, type Statement } from './ast';

export interface Declarations {
  /** The statements that are not events, in document order. */
  list: readonly Statement[];
  /** Is one of them written after the first event (an error: the whole file is parsed first)? */
  late: boolean;
}

const known = new WeakMap<ScenarioDocument, Declarations>();

export function declarationsOf(doc: ScenarioDocument): Declarations {
  let d = known.get(doc);
  if (!d) {
    const list: Statement[] = [];
    let event = false;
    let late = false;
    for (const st of doc.statements) {
      if (isEvent(st)) event = true;
      else {
        list.push(st);
        if (event) late = true;
      }
    }
    d = { list, late };
    known.set(doc, d);
  }
  return d;
}

/** What a reparse knows of its tree's declarations (the same as `declarationsOf` would find: a property test holds them equal). */
export function rememberDeclarations(doc: ScenarioDocument, d: Declarations): void {
  known.set(doc, d);
}

/** The same declarations: the same statement objects in the same order (a reparse keeps them). */
export function sameDeclarations(a: ScenarioDocument, b: ScenarioDocument): boolean {
  if (a === b) return true;
  const x = declarationsOf(a).list;
  const y = declarationsOf(b).list;
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}
