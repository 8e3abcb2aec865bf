// The check's early cutoff as the editor uses it: a resumed analysis goes on from the last copy
// of the replay before the edit and stops where its replay meets the earlier analysis's state
// again, taking the rest from it. These edits add or remove lines without changing the events (a
// line break typed or deleted, a note): the rest is the earlier analysis's moved by those lines,
// so only the events near the edit are replayed, and the result is a fresh check's.
import * as assert from 'node:assert/strict';
import { analyse, type Analysis } from '../../core';

const HEAD = [
  'game mtg',
  'player alice',
  'card lion "Silvercoat Lion": creature — Cat, owner alice, color white',
  'card bears "Grizzly Bears": creature — Bear, owner alice, color green',
  'card splitter "Bonesplitter": artifact — Equipment, owner alice',
  'card shield "Accorder\'s Shield": artifact — Equipment, owner alice',
  '',
  // Attached before any edit, and never again: the redundant equip at the end points back here.
  'equip shield to bears',
];

/** `n` pairs of equips that move the splitter between two creatures, then a redundant equip of each kind. */
function scenario(n: number): string[] {
  const lines = [...HEAD];
  for (let i = 0; i < n; i++) lines.push('equip splitter to lion', 'equip splitter to bears');
  lines.push('equip splitter to lion', 'equip splitter to lion', 'equip shield to bears', '');
  return lines;
}

const resumed = (earlier: string, text: string): Analysis => analyse(text, { resumable: true, previous: analyse(earlier, { resumable: true }) });
const fresh = (text: string) => JSON.stringify(analyse(text, { resumable: true }).result);

describe('the check resumed past an edit that adds or removes lines', () => {
  const base = scenario(2000);
  const middle = HEAD.length + 1000;
  const withBlank = [...base.slice(0, middle), '', ...base.slice(middle)];
  const cases: [string, string[], string[]][] = [
    ['a line break typed between two events', base, withBlank],
    ['a note of two lines', base, [...base.slice(0, middle), '# the splitter moves on', '', ...base.slice(middle)]],
    ['a blank line deleted', withBlank, base],
    ['a note moved onto the line before', [...base.slice(0, middle), '# and then', ...base.slice(middle)], [...base.slice(0, middle - 1), base[middle - 1] + ' # and then', ...base.slice(middle)]],
  ];
  for (const [what, before, lines] of cases) {
    it(`${what}: replays a few events and reports what a fresh check does`, () => {
      const earlier = before.join('\n');
      const text = lines.join('\n');
      const a = resumed(earlier, text);
      assert.equal(JSON.stringify(a.result), fresh(text));
      // The two redundant equips are still reported, at their new lines, each pointing at where it was attached.
      const redundant = a.result.findings.filter((f) => f.code === 'redundant-attach');
      assert.deepEqual(
        redundant.map((f) => [f.range.start.line, f.related[0]?.range.start.line]),
        [
          [lines.length - 3, lines.length - 4],
          [lines.length - 2, lines.indexOf('equip shield to bears')],
        ],
      );
      // Cut off at the first copy past the edit: a few hundred events of the 4,000, not the rest.
      assert.ok(a.replayed !== undefined && a.replayed < 600, `replayed ${a.replayed} events`);
    });
  }

  it('an event added is replayed on to the end (the state after it differs), and reported as a fresh check does', () => {
    const lines = [...base.slice(0, middle), 'equip shield to lion', ...base.slice(middle)];
    const text = lines.join('\n');
    const a = resumed(base.join('\n'), text);
    assert.equal(JSON.stringify(a.result), fresh(text));
    assert.ok(a.replayed! > 2000, `replayed ${a.replayed} events`);
  });

  // The keystroke that makes a line an event or an expectation (the line was a syntax error, or
  // blank): the counts differ from the earlier analysis's, but they decide nothing.
  const atMiddle = (line: string) => [...base.slice(0, middle), line, ...base.slice(middle)];
  const inPlace: [string, string[], string[]][] = [
    ['an event that changes nothing, typed on a blank line (a host not declared)', withBlank, atMiddle('equip splitter to c')],
    ['an event that changes nothing, from a line that was not yet one', atMiddle('equip splitter to'), atMiddle('equip splitter to c')],
    ['an expectation typed on a blank line', withBlank, atMiddle('expect shield attached to bears')],
    ['an event deleted that changed nothing (the line left blank)', atMiddle('equip splitter to c'), withBlank],
  ];
  for (const [what, before, lines] of inPlace) {
    it(`${what}: cuts off, and counts the events and expectations as a fresh check does`, () => {
      const text = lines.join('\n');
      const a = resumed(before.join('\n'), text);
      assert.equal(JSON.stringify(a.result), fresh(text));
      const b = analyse(before.join('\n'), { resumable: true }).result.stats;
      assert.notDeepEqual(a.result.stats, b, 'the counts changed');
      assert.ok(a.replayed !== undefined && a.replayed < 600, `replayed ${a.replayed} events`);
    });
  }

  it('a second version resumes from copies the first took on past its cutoff (moved by its lines)', () => {
    const one = [...base.slice(0, middle), '', ...base.slice(middle)];
    const two = [...one.slice(0, one.length - 10), '# near the end', ...one.slice(one.length - 10)];
    const first = analyse(one.join('\n'), { resumable: true, previous: analyse(base.join('\n'), { resumable: true }) });
    const second = analyse(two.join('\n'), { resumable: true, previous: first });
    assert.equal(JSON.stringify(second.result), fresh(two.join('\n')));
    assert.ok(second.replayed! < 600, `replayed ${second.replayed} events`);
  });
});
