// Abilities about another creature's death (triggers.ts OTHER_DIES): every death looks at each card
// that has one, so a scenario may declare at most MAX_DEATH_WATCHERS of them. What a fixture marker
// can't state: where the limit falls, that the cards past it don't watch, and that a second ability of
// a card already watching is not one more.
import assert from 'node:assert/strict';
import { check } from '../../core';
import { MAX_DEATH_WATCHERS } from '../../core/engine/triggers';

function scenario(watchers: number): string {
  const lines = ['game mtg', 'player alice', 'card lion "Lion": creature — Cat, owner alice', 'card boots "Boots": artifact — Equipment, owner alice, attached to lion'];
  for (let i = 0; i < watchers; i++) lines.push(`card w${i} "Watcher ${i}": creature — Kor, owner alice, when an equipped creature you control dies, when an enchanted creature dies`);
  lines.push('turn alice main', 'destroy lion', 'unattach boots from lion');
  for (let i = 0; i < watchers; i++) lines.push(`expect w${i} triggered once for lion`);
  return lines.join('\n');
}

describe('death watchers (MTG 603.10a, Riftbound 383.2.c)', () => {
  it(`at most ${MAX_DEATH_WATCHERS} cards per scenario; a card's second such ability is not one more`, () => {
    const at = check(scenario(MAX_DEATH_WATCHERS)).findings;
    assert.deepEqual(at.map((f) => f.code), []);
    const past = check(scenario(MAX_DEATH_WATCHERS + 2)).findings;
    const syntax = past.filter((f) => f.code === 'syntax-error');
    // The two cards past the limit: one error for the first phrase of each, the second phrase too (not read either).
    assert.deepEqual(syntax.map((f) => f.range.start.line), [4 + MAX_DEATH_WATCHERS, 4 + MAX_DEATH_WATCHERS, 5 + MAX_DEATH_WATCHERS, 5 + MAX_DEATH_WATCHERS]);
    assert.match(syntax[0].message, new RegExp(`at most ${MAX_DEATH_WATCHERS} cards`));
    // They don't watch: their expectations fail, the others' hold.
    const failed = past.filter((f) => f.code === 'expectation-failed').map((f) => f.range.start.line);
    const expects = 4 + MAX_DEATH_WATCHERS + 2 + 3;
    assert.deepEqual(failed, [expects + MAX_DEATH_WATCHERS, expects + MAX_DEATH_WATCHERS + 1]);
  });
});
