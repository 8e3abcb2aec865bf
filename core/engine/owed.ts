// The consequence window's obligations (Replay: what an event caused that the scenario must record),
// in the order they arose. A line that records one takes the first of them it matches out of the
// window, wherever it is: the lines may record them in any order. Most windows hold a few, a plain
// list searched in order. One may hold thousands (a host with that many attachments dies): from
// INDEXED_FROM obligations a window is indexed by subject, so a line looks only at its card's own
// (and at the choices), and one taken out leaves a hole instead of shifting the rest.
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
  /** Every obligation the window has held, in order; one taken out of an indexed window leaves a hole (a small one has none). */
  private items: (Obligation | undefined)[] = objectList();
  /**
   * How many obligations are owed. A field, not a getter: every event reads it, and a getter is a
   * call until the engine's optimizer inlines it (the first thousand small files of a run). Only Owed writes it.
   */
  length = 0;
  /** No obligation is owed before this position (the holes at the front are skipped once). */
  private first = 0;
  /**
   * In a large window: the positions of each subject's obligations, in order, and those of the
   * obligations that leave a choice to the scenario (Obligation.umbraOn), which a line naming
   * another card may record.
   */
  private bySubject: Map<string, number[]> | undefined;
  private choices: number[] = objectList();

  push(o: Obligation): void {
    const at = this.items.length;
    this.items.push(o);
    this.length++;
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
    const owed = this.first === 0 && this.length === this.items.length ? (this.items as Obligation[]) : this.list();
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
    const items = this.items;
    if (this.bySubject !== undefined || items.length >= INDEXED_FROM) return this.takeIndexed(action, subject, host, zone, chooser);
    // A small window, never indexed, has no hole: searched in order, the rest shifted down (as most are).
    for (let i = 0; i < items.length; i++) {
      const o = items[i]!;
      if (o.umbraOn === undefined && o.subject.id !== subject) continue;
      if (!records(o, action, subject, host, zone, chooser)) continue;
      for (let j = i + 1; j < items.length; j++) items[j - 1] = items[j];
      items.pop();
      this.length--;
      return o;
    }
    return undefined;
  }

  /** takeFirst in a window indexed by subject (made at the first search of a large one). */
  private takeIndexed(action: Obligation['action'], subject: string, host: string | undefined, zone: string | undefined, chooser: Chooser): Obligation | undefined {
    const items = this.items;
    if (this.bySubject === undefined) {
      this.bySubject = new Map();
      for (let i = this.first; i < items.length; i++) {
        const o = items[i];
        if (o !== undefined) this.index(o, i);
      }
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

  /** Takes out the obligation at `at` of an indexed window: a hole is left. */
  private takeAt(at: number): Obligation {
    const items = this.items;
    const o = items[at]!;
    items[at] = undefined;
    if (--this.length === 0) {
      this.clear();
      return o;
    }
    const subject = o.umbraOn === undefined ? this.bySubject!.get(o.subject.id) : undefined;
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
    this.length = 0;
    this.first = 0;
    this.bySubject = undefined;
    if (this.choices.length !== 0) this.choices = objectList();
  }
}
