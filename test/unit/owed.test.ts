// The consequence window's obligations (core/engine/owed.ts): a line that records one takes out the
// first, in order, that it matches. Held equal to a plain list searched from its start, over random
// windows on both sides of the size from which the window is indexed; and a window of thousands taken
// out in order, in reverse and shuffled asks about each obligation once (the search is not linear in
// the window: a host with that many attachments that dies made the check quadratic).
import { describe, it } from 'mocha';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { type Chooser, Owed } from '../../core/engine/owed';
import type { Obligation } from '../../core/engine/replay';
import type { CardObj } from '../../core/engine/board';
import { check } from '../../core';

let made = 0;
function obligation(subject: string, action: Obligation['action'], umbra = false, host = 'h', zone = 'graveyard'): Obligation {
  return { action, subject: { id: subject } as CardObj, host, zone, code: 'missing-unattach', rules: [], why: { template: 'n', args: [] }, cause: {} as Obligation['cause'], umbraOn: umbra ? 'h' : undefined, version: made++ };
}

/** The reference: a list searched from its start for the first obligation the line records, spliced out. */
class Plain {
  items: Obligation[] = [];
  push(o: Obligation): void {
    this.items.push(o);
  }
  takeFirst(action: Obligation['action'], subject: string, host: string | undefined, zone: string | undefined, chooser: Chooser): Obligation | undefined {
    for (let i = 0; i < this.items.length; i++) {
      const o = this.items[i];
      if (o.action !== action) continue;
      if (action === 'unattach' ? host !== undefined && host !== o.host : action === 'move' && o.zone !== zone) continue;
      if (o.umbraOn !== undefined ? !chooser.chooses(o, subject) : o.subject.id !== subject) continue;
      return this.items.splice(i, 1)[0];
    }
    return undefined;
  }
}

const SUBJECTS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'];
const ACTIONS: Obligation['action'][] = ['unattach', 'move', 'recall'];

const HOSTS = ['h', 'k'];
const ZONES = ['graveyard', 'exile'];

type Op =
  | { kind: 'push'; subject: number; action: number; umbra: boolean; place: number }
  | { kind: 'take'; subject: number; action: number; place: number; written: boolean; accept: number; adds: boolean }
  | { kind: 'keep'; every: number }
  | { kind: 'drop'; every: number }
  | { kind: 'takeAll' };

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 12, arbitrary: fc.record({ kind: fc.constant('push' as const), subject: fc.nat(9), action: fc.nat(2), umbra: fc.nat(6).map((x) => x === 0), place: fc.nat(1) }) },
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('take' as const), subject: fc.nat(9), action: fc.nat(2), place: fc.nat(1), written: fc.boolean(), accept: fc.nat(3), adds: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('keep' as const), every: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('drop' as const), every: fc.integer({ min: 2, max: 9 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('takeAll' as const) }) },
);

describe('the consequence window (Owed)', () => {
  it('takes out what a list searched from its start takes, asking about the same obligations in the same order', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200, size: 'max' }), (ops) => {
        const owed = new Owed();
        const plain = new Plain();
        for (const o of ops) {
          if (o.kind === 'push') {
            const ob = obligation(SUBJECTS[o.subject], ACTIONS[o.action], o.umbra, HOSTS[o.place], ZONES[o.place]);
            owed.push(ob);
            plain.push(ob);
          } else if (o.kind === 'take') {
            // The same line both ways; a choice is made (every `accept`th asked) with the subject, and may add an obligation as it is made.
            const chooser = (side: { push(o: Obligation): void }, asked: [Obligation, string][]): Chooser => {
              let n = 0;
              return {
                chooses(ob, subject) {
                  asked.push([ob, subject]);
                  const yes = n++ % (o.accept + 1) === o.accept;
                  if (yes && o.adds) side.push(ob.version! % 2 ? obligation(subject, 'move') : obligation('z', 'unattach', true));
                  return yes;
                },
              };
            };
            const askedOwed: [Obligation, string][] = [];
            const askedPlain: [Obligation, string][] = [];
            // What a choice adds is made once, for both sides, as the plain side asks first.
            const added: Obligation[] = [];
            const line = [ACTIONS[o.action], SUBJECTS[o.subject], o.written ? HOSTS[o.place] : undefined, ZONES[o.place]] as const;
            const fromPlain = plain.takeFirst(...line, chooser({ push: (x) => (added.push(x), plain.push(x)) }, askedPlain));
            let next = 0;
            const fromOwed = owed.takeFirst(...line, chooser({ push: () => owed.push(added[next++]) }, askedOwed));
            assert.equal(fromOwed, fromPlain);
            assert.deepEqual(askedOwed, askedPlain);
          } else if (o.kind === 'keep') {
            const kept = plain.items.filter((_, i) => i % o.every === 0);
            plain.items = kept.slice();
            owed.replace(kept);
          } else if (o.kind === 'drop') {
            const gone = (x: Obligation) => x.version! % o.every === 0;
            plain.items = plain.items.filter((x) => !gone(x));
            owed.dropWhere(gone);
          } else {
            const taken = owed.take();
            assert.deepEqual(taken, plain.items);
            // What was taken is the caller's: the window's next obligations are not added to it.
            const was = taken.slice();
            owed.push(obligation('y', 'move'));
            assert.deepEqual(taken, was);
            owed.take();
            plain.items = [];
          }
          assert.equal(owed.length, plain.items.length);
          assert.deepEqual(owed.list(), plain.items);
        }
      }),
      { numRuns: 600 },
    );
  });

  it('looks at each obligation of a large window a few times in all, whatever the order they are taken out in', () => {
    const n = 20_000;
    // The work counted: their subjects' names read (a search from the start reads them all).
    let reads = 0;
    const counted = (id: string): Obligation => ({ ...obligation(id, 'unattach'), subject: { get id() {
      reads++;
      return id;
    } } as CardObj });
    const orders: [string, number[]][] = [
      ['in order', Array.from({ length: n }, (_, i) => i)],
      ['in reverse', Array.from({ length: n }, (_, i) => n - 1 - i)],
      ['shuffled', Array.from({ length: n }, (_, i) => (i * 7919) % n)],
    ];
    for (const [name, order] of orders) {
      const owed = new Owed();
      for (let i = 0; i < n; i++) owed.push(counted(`e${i}`));
      let asked = 0;
      reads = 0;
      const chooser: Chooser = { chooses: () => (asked++, true) };
      for (const i of order) assert.ok(owed.takeFirst('unattach', `e${i}`, 'h', undefined, chooser), `${name}: e${i}`);
      assert.equal(owed.length, 0, name);
      assert.equal(asked, 0, name);
      assert.ok(reads <= 3 * n, `${name}: ${reads} reads of a subject's name for ${n} obligations`);
    }
  });

  it('a host with many attachments dies, and every unattach is recorded, in reverse order: nothing is missing', () => {
    const n = 2_000;
    let text = 'game mtg\nplayer alice\ncard host "Host": creature, owner alice\n';
    for (let i = 0; i < n; i++) text += `card e${i} "E": artifact — Equipment, owner alice, attached to host\n`;
    text += 'destroy host\n';
    for (let i = n - 1; i >= 0; i--) text += `unattach e${i} from host\n`;
    assert.deepEqual(check(text).findings, []);
    // One left out is missing, once.
    const missing = check(text.replace('unattach e7 from host\n', '')).findings;
    assert.deepEqual(missing.map((f) => [f.code, f.subjects]), [['missing-unattach', ['e7', 'host']]]);
  });
});
