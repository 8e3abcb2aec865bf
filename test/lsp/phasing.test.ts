// The editor surface of `expect X phased out` and `expect X phased in` (MTG 110.5, 702.26): completion
// after the subject, and the hover of the words with their rules.
import * as assert from 'node:assert/strict';
import { analyse } from '../../core';
import { positionOf, TestClient } from './client';

const PHASING = [
  'game mtg', //                                                                                  0
  'player alice', //                                                                              1
  'card lion "Silvercoat Lion": creature — Cat, owner alice', //                                   2
  'card splitter "Bonesplitter": artifact — Equipment, owner alice, attached to lion', //          3
  'phase out lion', //                                                                            4
  'expect splitter phased out', //                                                                5
  'phase in lion', //                                                                             6
  'expect lion phased in', //                                                                     7
].join('\n') + '\n';

describe('LSP phasing status', () => {
  let client: TestClient;
  before(async () => {
    client = await TestClient.start();
  });
  after(() => client.disposeExpectingNoErrors());

  it('the scenario under test has no finding', () => {
    assert.deepEqual(analyse(PHASING).result.findings, []);
  });

  it('`phased out` and `phased in` are offered after an MTG subject, not after a Riftbound one', async () => {
    const labels = await client.completionLabels(PHASING, 8, 'expect lion ');
    assert.ok(labels.includes('phased out') && labels.includes('phased in'), labels.join(', '));
    const rb = 'game riftbound\nplayer alice\ncard vi "Vi": unit, owner alice, might 3\n';
    assert.ok(!(await client.completionLabels(rb, 3, 'expect vi ')).includes('phased out'));
  });

  it('the words have a hover with their rules (110.5, 702.26b, 702.26g)', async () => {
    const h = await client.hoverText(PHASING, positionOf(PHASING, 'phased out', 1));
    assert.match(h, /phased out/);
    for (const rule of ['110\\.5', '702\\.26b', '702\\.26g']) assert.match(h, new RegExp(rule));
  });
});
