// The consequence window's obligations (Replay: what an event caused that the scenario must record),
// in the order they arose. A line that records one takes the first of them it matches out of the
// window, wherever it is: the lines may record them in any order. A window may hold thousands at
// once (a host with that many attachments dies), so taking one out neither shifts the others nor
// searches the window from its start: it leaves a hole, and a large window is indexed by subject.
import type { Obligation } from './replay';
import { objectList } from './board';

/** From this many obligations in the window, a search looks only at the subject's own (and at the choices). */
const INDEXED_FROM = 16;

const NO_POSITIONS: readonly number[] = [];

/** Makes a choice an obligation leaves to the scenario (Obligation.umbraOn) with the card a line names, or says it can't. */
export interface Chooser {
  chooses(o: Obligation, subject: string): boolean;
}

/** Does a line doing `action` to `subject` (on `host`, to `zone`, when written) record `o` (Owed.takeFirst)? */
function records(o: Obligation, action: Obligation['action'], subject: string, host: string | undefined, zone: string | undefined, chooser: Chooser): boolean {
  if (o.action !== action) return false;
  if (action === 'unattach' ? host !== undefined && host !== o.host : action === 'move' && o.zone !== zone) return false;
  return o.umbraOn !== undefined ? chooser.chooses(o, subject) : o.subject.id === subject;
}

export class Owed {
  /** Every obligation the window has held, in order; one taken out leaves a hole. */
  private items: (Obligation | undefined)[] = objectList();
  /** How many are still owed. */
  private live = 0;
  /** No obligation is owed before this position (the holes at the front are skipped once). */
  private first = 0;
  /**
   * In a large window: the positions of each subject's obligations, in order, and those of the
   * obligations that leave a choice to the scenario (Obligation.umbraOn), which a line naming
   * another card may record.
   */
  private bySubject: Map<string, number[]> | undefined;
  private choices: number[] = objectList();

  /** How many obligations are owed. */
  get length(): number {
    return this.live;
  }

  push(o: Obligation): void {
    const at = this.items.length;
    this.items.push(o);
    this.live++;
    if (this.bySubject !== undefined) this.index(o, at);
  }

  /** The obligations owed, in the order they arose (a new list). */
  list(): Obligation[] {
    const out = objectList<Obligation>();
    const items = this.items;
    for (let i = this.first; i < items.length; i++) {
      const o = items[i];
      if (o !== undefined) out.push(o);
    }
    return out;
  }

  /** Empties the window; returns what it owed, in order. */
  take(): Obligation[] {
    // With no hole, the window's own list (nothing is copied: most windows are emptied so).
    const owed = this.first === 0 && this.live === this.items.length ? (this.items as Obligation[]) : this.list();
    this.clear();
    return owed;
  }

  /** Takes out every obligation `drop` says is no longer owed (the window is left as it is when none is). */
  dropWhere(drop: (o: Obligation) => boolean): void {
    const items = this.items;
    let i = this.first;
    while (i < items.length && (items[i] === undefined || !drop(items[i]!))) i++;
    if (i === items.length) return;
    const kept = objectList<Obligation>();
    for (let j = this.first; j < items.length; j++) {
      const o = items[j];
      if (o !== undefined && (j < i || (j > i && !drop(o)))) kept.push(o);
    }
    this.replace(kept);
  }

  /** The window owes `list` instead, in that order. */
  replace(list: readonly Obligation[]): void {
    this.clear();
    for (let i = 0; i < list.length; i++) this.push(list[i]);
  }

  /**
   * Takes out and returns the first obligation, in order, that a line doing `action` to `subject`
   * records: the same action, on the same host or to the same zone when the line writes one
   * (`host`, `zone`), and on the same subject; or, for an obligation that leaves a choice to the
   * scenario (umbraOn), one whose choice `chooser` makes with `subject`. The choices are asked in
   * that order too (asking may make the choice, so none after the first it makes is asked).
   */
  takeFirst(action: Obligation['action'], subject: string, host: string | undefined, zone: string | undefined, chooser: Chooser): Obligation | undefined {
    if (this.live === 0) return undefined;
    const items = this.items;
    if (this.bySubject === undefined && items.length - this.first >= INDEXED_FROM) {
      this.bySubject = new Map();
      for (let i = this.first; i < items.length; i++) {
        const o = items[i];
        if (o !== undefined) this.index(o, i);
      }
    }
    if (this.bySubject === undefined) {
      for (let i = this.first; i < items.length; i++) {
        const o = items[i];
        if (o === undefined || (o.umbraOn === undefined && o.subject.id !== subject)) continue;
        if (records(o, action, subject, host, zone, chooser)) return this.takeAt(i);
      }
      return undefined;
    }
    // The subject's obligations and the choices, merged in order.
    const own = this.bySubject.get(subject) ?? NO_POSITIONS;
    const choices = this.choices;
    let a = 0;
    let b = 0;
    while (a < own.length || b < choices.length) {
      const at = b === choices.length || (a < own.length && own[a] < choices[b]) ? own[a++] : choices[b++];
      const o = items[at];
      if (o !== undefined && records(o, action, subject, host, zone, chooser)) return this.takeAt(at);
    }
    return undefined;
  }

  private takeAt(at: number): Obligation {
    const items = this.items;
    const o = items[at]!;
    items[at] = undefined;
    if (--this.live === 0) {
      this.clear();
      return o;
    }
    const subject = o.umbraOn === undefined ? this.bySubject?.get(o.subject.id) : undefined;
    // A subject's list drops its taken positions (a subject owes a few at most); the choices keep theirs, as holes.
    if (subject !== undefined) subject.splice(subject.indexOf(at), 1);
    while (items[this.first] === undefined) this.first++;
    return o;
  }

  private index(o: Obligation, at: number): void {
    if (o.umbraOn !== undefined) {
      this.choices.push(at);
      return;
    }
    const id = o.subject.id;
    const own = this.bySubject!.get(id);
    if (own === undefined) this.bySubject!.set(id, [at]);
    else own.push(at);
  }

  private clear(): void {
    // A new list: `take` may have handed out the old one.
    this.items = objectList();
    this.live = 0;
    this.first = 0;
    this.bySubject = undefined;
    if (this.choices.length !== 0) this.choices = objectList();
  }
}
