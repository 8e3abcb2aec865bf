// The rulings of issue 12 that fixture markers can't state: which rules a finding must NOT cite,
// what a fix inserts, and where the board (and its picture) puts a card.
import assert from 'node:assert/strict';
import { applySafeFixes, boardAt, check, renderBoardSvg } from '../../core';

function findings(text: string, code: string) {
  return check(text).findings.filter((f) => f.code === code);
}

describe('rulings (issue 12)', () => {
  it('a redundant equip or fortify cites no targeting rule', () => {
    const text = [
      'game mtg',
      'player alice',
      'card lion "Lion": creature — Cat',
      'card vault "Vault": land',
      'card splitter "Bonesplitter": artifact — Equipment, attached to lion',
      'card garrison "Garrison": artifact — Fortification, attached to vault',
      'equip splitter to lion',
      'fortify garrison to vault',
      'expect splitter attached to lion',
    ].join('\n');
    const red = findings(text, 'redundant-attach');
    assert.equal(red.length, 2);
    for (const f of red) {
      for (const r of ['702.6a', '702.67a', '602.2b', '601.2c']) assert.ok(!f.rules.includes(r), `${f.message} cites ${r}`);
    }
  });

  it('a card recalled from another player\'s base cites 323.7, not the battlefield rules', () => {
    const text = [
      'game riftbound',
      'player alice',
      'player bob',
      'card garen "Garen": unit, owner alice, might 4',
      'card blade "Blade": gear — Equipment, equip, owner bob, attached to garen',
      'kill garen',
      'detach blade from garen',
      'cleanup',
      'expect blade at base of bob',
    ].join('\n');
    const [f, ...rest] = findings(text, 'missing-state-based-action');
    assert.equal(rest.length, 0);
    assert.ok(f.rules.includes('323.7'));
    assert.ok(!f.rules.includes('457.1') && !f.rules.includes('149.3'), f.rules.join(', '));
    assert.equal(findings(text, 'expectation-failed').length, 0);
  });

  it('the picture draws a gear in the base it is in, not its controller\'s', () => {
    // Declared there: the cleanup that follows the first event would recall it (319, 323.7).
    const text = [
      'game riftbound',
      'player alice',
      'player bob',
      'card garen "Garen": unit, owner alice, might 4',
      'card blade "Blade": gear — Equipment, equip, owner bob, at base of alice',
      'expect blade at base of alice',
    ].join('\n');
    const view = boardAt(text, 5);
    const blade = view.cards.find((c) => c.id === 'blade')!;
    assert.equal(blade.zone, 'base');
    assert.equal(blade.base, 'alice');
    const svg = renderBoardSvg(view);
    const alice = svg.indexOf('data-zone="base" data-player="alice"');
    const bob = svg.indexOf('data-zone="base" data-player="bob"');
    const at = svg.indexOf('data-card="blade"');
    assert.ok(alice >= 0 && bob >= 0 && at >= 0);
    // The blade is drawn inside alice's base panel: after its start and before bob's.
    assert.ok(alice < at && (bob < alice || at < bob), 'blade is not in alice\'s base panel');
  });

  it('an Aura with one legal host enters attached to it; the safe fix names it', () => {
    const text = [
      'game mtg',
      'player alice',
      'card lion "Lion": creature — Cat',
      'card tunnel "Aether Tunnel": enchantment — Aura, enchant creature, in hand',
      'move tunnel to battlefield',
      'expect tunnel attached to lion',
    ].join('\n');
    const [f] = findings(text, 'forced-aura-host');
    assert.equal(f.severity, 'information');
    assert.equal(findings(text, 'expectation-failed').length, 0);
    const fixed = applySafeFixes(text, [f]);
    assert.match(fixed, /^enter tunnel attached to lion$/m);
    assert.equal(check(fixed).findings.length, 0);
  });

  it('Animate Dead declared on the creature it returned: the message says to declare the enchant it has now (its card changes it)', () => {
    const on = (enchant: string) => ['game mtg', 'player alice', 'card lion "Silvercoat Lion": creature — Cat, owner alice', `card dead "Animate Dead": enchantment — Aura, ${enchant}, owner alice, attached to lion`].join('\n');
    const [f] = findings(on('enchant creature card in a graveyard'), 'illegal-attachment');
    assert.match(f.message, /declare the one it has now, `enchant creature`/);
    // An Aura whose enchant is no graveyard card's gets no such hint (a land is no creature).
    const other = ['game mtg', 'player alice', 'card land "Plains": basic land — Plains, owner alice', 'card pac "Pacifism": enchantment — Aura, enchant creature, owner alice, attached to land'].join('\n');
    assert.doesNotMatch(findings(other, 'illegal-attachment')[0].message, /Animate Dead/);
    assert.deepEqual(check(on('enchant creature')).findings, []);
  });
});
