// MTG power (208.1, 613.4c): worked out only when something reads it (`expect X power N`), never on the
// clean path of a check, however many creatures, anthems and attachments a scenario has.
import * as assert from 'assert';
import { check } from '../../core';
import { anthemTest } from '../../core/rules/mtg/anthems';

function scenario(n: number, expects: string): string {
  let s = 'game mtg\nplayer alice\nplayer bob\n';
  s += 'card anthem "Glorious Anthem": enchantment, owner alice, creatures you control get +1/+1\n';
  s += 'card king "Goblin King": enchantment, owner alice, other Goblins get +1/+0\n';
  for (let i = 0; i < n; i++) s += `card c${i} "Goblin": creature — Goblin, owner alice, power 2, toughness 2\n`;
  for (let i = 0; i < n; i++) s += `card e${i} "Bonesplitter": artifact — Equipment, owner alice, equip, equipped creature gets +2/+0, equipped creature gets +1/+0 for each hone counter on it\n`;
  for (let i = 0; i < n; i++) s += `equip e${i} to c${i}\nput a hone counter on e${i}\nphase out anthem\nphase in anthem\n`;
  return s + expects;
}

describe('MTG power', () => {
  it('is not worked out by a check that reads none', () => {
    anthemTest.seconds = 0;
    assert.deepEqual(check(scenario(50, '')).findings, []);
    assert.equal(anthemTest.seconds, 0);
  });

  it('is worked out once per `expect X power N`, with attachments, hone counters and anthems (613.4c)', () => {
    anthemTest.seconds = 0;
    // 2 printed, +2/+0 and one hone counter (+1), Glorious Anthem +1, Goblin King +1.
    assert.deepEqual(check(scenario(50, 'expect c0 power 7\nexpect c49 toughness 3\n')).findings, []);
    assert.equal(anthemTest.seconds, 1);
    const wrong = check(scenario(3, 'expect c1 power 6\n')).findings;
    assert.equal(wrong.length, 1);
    assert.equal(wrong[0].code, 'expectation-failed');
    assert.match(wrong[0].message, /c1 has power 7/);
  });
});
