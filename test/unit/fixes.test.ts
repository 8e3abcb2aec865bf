// Fixes never lose the author's words: deleting a line keeps the comments written on it.
import assert from 'node:assert/strict';
import { check, applySafeFixes } from '../../core';

const HEAD = 'game mtg\nplayer a\ncard l "L": creature — Cat\ncard s "S": artifact — Equipment\nequip s to l\n';

describe('fixes', () => {
  it('removing a redundant line keeps its comment as a line of its own', () => {
    const text = HEAD + 'equip s to l   # the judge asked about this one\nexpect s attached to l\n';
    const fixed = applySafeFixes(text, check(text).findings);
    assert.equal(fixed, HEAD + '# the judge asked about this one\nexpect s attached to l\n');
    assert.deepEqual(check(fixed).findings, []);
  });

  it('at the end of a file without a final line break, with CRLF line ends', () => {
    const text = (HEAD + 'expect s attached to l\nequip s to l # last').replace(/\n/g, '\r\n');
    const fixed = applySafeFixes(text, check(text).findings);
    assert.equal(fixed, (HEAD + 'expect s attached to l\n# last').replace(/\n/g, '\r\n'));
    assert.equal(applySafeFixes(fixed, check(fixed).findings), fixed);
  });

  it('a line without a comment goes entirely', () => {
    const text = HEAD + 'equip s to l\nexpect s attached to l\n';
    assert.equal(applySafeFixes(text, check(text).findings), HEAD + 'expect s attached to l\n');
  });
});
