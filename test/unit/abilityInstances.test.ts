// MTG 113.2c: an object may have several instances of one ability, each working on its own. A
// keyword that triggers as its Equipment enters (living weapon, For Mirrodin!, Job select) written
// twice triggers twice; one that does nothing of its own (flying) is kept once (702.9c).
import assert from 'node:assert/strict';
import { boardAt, check } from '../../core';

const head = ['game mtg', 'rules 2024-06-07', 'player alice', 'player bob'];

function codes(text: string): string[] {
  return check(text).findings.map((f) => `${f.range.start.line + 1} ${f.code}`);
}

describe('several instances of one ability (113.2c)', () => {
  it('living weapon written twice triggers twice: two Germs, the first left to die', () => {
    const text = [
      ...head,
      'card skull "Twin Skull": artifact — Equipment, owner alice, in hand, living weapon, living weapon, equipped creature gets +1/+1, equip',
      'card germ "Phyrexian Germ": creature — Phyrexian Germ, token, owner alice, color black, toughness 0, in exile',
      'card germ2 "Phyrexian Germ": creature — Phyrexian Germ, token, owner alice, color black, toughness 0, in exile',
      'turn alice',
      'cast skull',
      'resolve skull',
      'expect skull triggered twice',
      'resolve skull living weapon creating germ',
      'resolve skull living weapon creating germ2',
      'move germ to graveyard',
      'expect skull attached to germ2',
      'expect germ ceased to exist',
    ].join('\n');
    assert.deepEqual(codes(text), []);
    // Without the state-based action written, it is owed (704.5f).
    const owed = text.replace('move germ to graveyard\n', '');
    const f = check(owed).findings.filter((x) => x.code === 'missing-state-based-action');
    assert.equal(f.length, 1);
    assert.ok(f[0].rules.includes('704.5f'));
  });

  it('For Mirrodin! and living weapon on one Equipment: one trigger each, counted together', () => {
    const text = [
      ...head,
      'card blade "Twin Blade": artifact — Equipment, owner bob, in exile, for mirrodin, living weapon, equipped creature gets +1/+1, equip, equip',
      'card rebel "Rebel": creature — Rebel, token, owner bob, color red, toughness 2, in exile',
      'card g4 "Phyrexian Germ": creature — Phyrexian Germ, token, owner bob, color black, toughness 0, in exile',
      'turn bob',
      'enter blade',
      'expect blade triggered twice',
      'expect blade not triggered when attached',
      'resolve blade living weapon creating g4',
      'resolve blade for mirrodin creating rebel',
      'move g4 to graveyard',
      'expect blade attached to rebel',
    ].join('\n');
    assert.deepEqual(codes(text), []);
  });

  it('the count is linear in the instances: 60 of them make 60 triggers, each resolved once', () => {
    const n = 60;
    const lines = [...head, `card skull "Skull": artifact — Equipment, owner alice, in exile, ${Array.from({ length: n }, () => 'living weapon').join(', ')}, equipped creature gets +1/+1, equip`];
    for (let i = 0; i < n; i++) lines.push(`card g${i} "Phyrexian Germ": creature — Phyrexian Germ, token, owner alice, color black, toughness 0, in exile`);
    lines.push('turn alice', 'enter skull', `expect skull triggered ${n} times`);
    for (let i = 0; i < n; i++) {
      lines.push(`resolve skull living weapon creating g${i}`);
      if (i > 0) lines.push(`move g${i - 1} to graveyard`);
    }
    lines.push(`expect skull attached to g${n - 1}`, `resolve skull living weapon creating g0`);
    // Only the last resolve, with no trigger left, is a finding.
    assert.deepEqual(codes(lines.join('\n')), [`${lines.length} impossible-event`]);
  });

  it('a keyword with nothing of its own to do, written twice, is one ability (702.9c)', () => {
    const text = [...head, 'card bird "Bird": creature — Bird, owner alice, toughness 1, flying, flying', 'expect bird has flying'].join('\n');
    const bird = boardAt(text, 6).cards.find((c) => c.id === 'bird')!;
    assert.deepEqual(bird.keywords, ['flying']);
  });

  it('living weapon written twice is shown as two abilities', () => {
    const text = [...head, 'card skull "Twin Skull": artifact — Equipment, owner alice, living weapon, living weapon, equip', 'expect skull has living weapon'].join('\n');
    assert.deepEqual(codes(text), []);
    const skull = boardAt(text, 6).cards.find((c) => c.id === 'skull')!;
    assert.deepEqual(skull.keywords, ['living weapon', 'living weapon']);
  });
});
