// Riftbound keyword values of a card's own (engine/ownValues.ts): copies that extend one list share its
// arrays, and each sees only its own instances.
import assert from 'node:assert/strict';
import { ownValue, ownValuesWith, ownValueTotal } from '../../core/engine/ownValues';

describe('own keyword values', () => {
  it('sum the instances after a moment, each copy seeing its own', () => {
    const printed = ownValue(1, -1);
    const a = ownValuesWith(printed, 3, 10);
    // A second copy extends the same list from `printed`: it must not see `a`'s instance, nor `a` its own.
    const b = ownValuesWith(printed, 5, 12);
    const a2 = ownValuesWith(a, 2, 20);
    assert.equal(ownValueTotal(printed), 1);
    assert.equal(ownValueTotal(a), 4);
    assert.equal(ownValueTotal(b), 6);
    assert.equal(ownValueTotal(a2), 6);
    // Only the instances later than a moment (a gear's loss of the keyword at 10 takes the earlier ones).
    assert.equal(ownValueTotal(a2, 10), 2);
    assert.equal(ownValueTotal(a2, 9), 5);
    assert.equal(ownValueTotal(a2, -Infinity), 6);
    assert.equal(ownValueTotal(a2, 25), 0);
  });

  it('many gains on one card cost linear time: the arrays are extended in place', () => {
    let v = ownValue(1, -1);
    for (let i = 0; i < 100000; i++) v = ownValuesWith(v, 1, i);
    assert.equal(ownValueTotal(v), 100001);
    assert.equal(v.ats.length, v.count);
  });
});
