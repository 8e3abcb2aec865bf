// Answers made per statement, carried from one version of a document to the next (issue 17 item
// 12: the outline, folding and code lenses of a 100,000-event file at each keystroke). The reparse
// of a new version (core reparse) keeps the statements before the first change, and those after the
// last change when the line count is the same, as the very same objects; a kept object has the same
// text at the same place, so what was made from it alone still holds. A feature keeps, per document,
// the statement list it answered for and its items by statement index; the next version reuses the
// items of the kept statements and computes only those of the statements between. Where nothing
// was kept (another parse, a version without an earlier one) everything is computed, as before.
// After a line break typed or deleted, the statements after it are the earlier ones moved (new
// objects): the reparse says so (`statementsKept`), and each feature carries those too, its items
// moved by the lines (`Mover`; a feature of indexes only needs none).
import { statementsKept, type Statement } from '../../core';
import { firstNotBefore } from './util';

/**
 * The statements a newer list kept from an older one: the first `prefix`, and the last ones from
 * `oldEnd` (old) / `newEnd` (new), moved by `lineDelta` lines (0: the same objects).
 */
export interface StatementChange {
  prefix: number;
  oldEnd: number;
  newEnd: number;
  lineDelta: number;
}

/** The last changes found: the features answering one version all compare it with the same earlier one. */
const recent: { prev: readonly Statement[]; next: readonly Statement[]; change: StatementChange }[] = [];

/**
 * What `next` kept of `prev`: what the reparse that made it says, when it made it from `prev`
 * itself; else by identity of the statement objects at both ends.
 */
export function statementChange(prev: readonly Statement[], next: readonly Statement[]): StatementChange {
  for (const r of recent) if (r.prev === prev && r.next === next) return r.change;
  const kept = statementsKept(prev, next);
  if (kept && kept.prefix <= kept.oldEnd && kept.prefix <= kept.newEnd) return remembered(prev, next, { ...kept });
  const max = Math.min(prev.length, next.length);
  let p = 0;
  while (p < max && prev[p] === next[p]) p++;
  let s = 0;
  const room = max - p;
  const pl = prev.length - 1;
  const nl = next.length - 1;
  while (s < room && prev[pl - s] === next[nl - s]) s++;
  return remembered(prev, next, { prefix: p, oldEnd: prev.length - s, newEnd: next.length - s, lineDelta: 0 });
}

function remembered(prev: readonly Statement[], next: readonly Statement[], change: StatementChange): StatementChange {
  recent.unshift({ prev, next, change });
  if (recent.length > 4) recent.pop();
  return change;
}

/** An item made of a statement, as it is when that statement is moved by `delta` lines. */
export type Mover<T> = (item: T, delta: number) => T;

/** How many lists were made from the last version's, and how many of them with statements moved by lines (tests: the carrying paths are the ones exercised). */
export const carried = { count: 0, moved: 0 };

/** Statement indexes in order, and what was made of each (parallel; none when the indexes are all a feature needs). */
export interface Indexed<T> {
  at: Int32Array;
  items?: T[];
}

/** Collects indexes (and items) in order. */
export class IndexedBuilder<T> {
  private at = new Int32Array(16);
  private n = 0;
  readonly items: T[] | undefined;
  constructor(withItems: boolean) {
    this.items = withItems ? [] : undefined;
  }
  push(i: number, item?: T): void {
    if (this.n === this.at.length) {
      const grown = new Int32Array(this.at.length * 2);
      grown.set(this.at);
      this.at = grown;
    }
    this.at[this.n++] = i;
    if (this.items) this.items.push(item as T);
  }
  done(): Indexed<T> {
    return { at: this.at.slice(0, this.n), items: this.items };
  }
}

/** The first position in `at` holding an index not below `i`. */
function lowerBound(at: Int32Array, i: number): number {
  return firstNotBefore(at.length, (k) => at[k] < i);
}

/**
 * The items of the new list: the old ones of the kept statements (indexes after the change moved
 * by the change in count; items after it moved by `mover` when the statements moved), with
 * `middle` (the items of new statements prefix..newEnd) between.
 */
export function spliced<T>(old: Indexed<T>, change: StatementChange, middle: Indexed<T>, mover?: Mover<T>): Indexed<T> {
  carried.count++;
  const k1 = lowerBound(old.at, change.prefix);
  const k2 = lowerBound(old.at, change.oldEnd);
  const shift = change.newEnd - change.oldEnd;
  const at = new Int32Array(k1 + middle.at.length + old.at.length - k2);
  at.set(old.at.subarray(0, k1));
  at.set(middle.at, k1);
  const from = k1 + middle.at.length;
  at.set(old.at.subarray(k2), from);
  if (shift !== 0) for (let i = from; i < at.length; i++) at[i] += shift;
  let items: T[] | undefined;
  if (old.items && middle.items) {
    const after = old.items.slice(k2);
    if (change.lineDelta !== 0) {
      // A feature with items made of the statements moves them (perStatement.test holds every one to it).
      if (!mover) throw new Error('moved statements need a mover for their items');
      carried.moved++;
      for (let i = 0; i < after.length; i++) after[i] = mover(after[i], change.lineDelta);
    }
    items = old.items.slice(0, k1).concat(middle.items, after);
  }
  return { at, items };
}

/** Were the items of the changed statements the same in both (so the whole lists are, with no change in count)? */
export function sameMiddle<T>(old: Indexed<T>, change: StatementChange, middle: Indexed<T>, same: (a: T, b: T) => boolean): boolean {
  if (change.newEnd !== change.oldEnd || change.lineDelta !== 0) return false;
  const k1 = lowerBound(old.at, change.prefix);
  const k2 = lowerBound(old.at, change.oldEnd);
  if (k2 - k1 !== middle.at.length) return false;
  for (let i = 0; i < middle.at.length; i++) if (old.at[k1 + i] !== middle.at[i] || !same(old.items![k1 + i], middle.items![i])) return false;
  return true;
}

/**
 * One feature's memory of the last version it answered, per document: the statement list and what
 * it made of it. A few documents at most (the ones being edited); the oldest is dropped first.
 */
export class PerDocument<M extends { statements: readonly Statement[] }> {
  private readonly memos = new Map<string, M>();
  constructor(private readonly max = 16) {
    everyMemory.push(this);
  }

  get(uri: string): M | undefined {
    return this.memos.get(uri);
  }

  set(uri: string, memo: M): void {
    this.memos.delete(uri);
    this.memos.set(uri, memo);
    if (this.memos.size > this.max) this.memos.delete(this.memos.keys().next().value as string);
  }

  delete(uri: string): void {
    this.memos.delete(uri);
  }
}

const everyMemory: PerDocument<{ statements: readonly Statement[] }>[] = [];

/** A document was closed: what every feature kept of it goes (its tree is not held any longer). */
export function forgetDocument(uri: string): void {
  for (const m of everyMemory) m.delete(uri);
  recent.length = 0;
}

/** The change from what `memo` answered for to `statements`: everything is new without a memo. */
export function changeSince(memo: { statements: readonly Statement[] } | undefined, statements: readonly Statement[]): StatementChange | undefined {
  if (!memo) return undefined;
  const c = statementChange(memo.statements, statements);
  return c.prefix === 0 && c.newEnd === statements.length ? undefined : c;
}
