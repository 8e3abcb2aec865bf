// The check's early cutoff as the editor uses it: a resumed analysis goes on from the last copy
// of the replay before the edit and stops where its replay meets the earlier analysis's state
// again, taking the rest from it. These edits add or remove lines without changing the events (a
// line break typed or deleted, a note): the rest is the earlier analysis's moved by those lines,
// so only the events near the edit are replayed, and the result is a fresh check's.
import * as assert from 'node:assert/strict';
import { editedAt } from '../support/edits';
import { prng } from '../support/prng';
import { analyse, boardAt, parse, replayCheckpoints, Timeline, type Analysis } from '../../core';

const HEAD = [
  'game mtg',
  'player alice',
  'card lion "Silvercoat Lion": creature — Cat, owner alice, color white',
  'card bears "Grizzly Bears": creature — Bear, owner alice, color green',
  'card owl "Owl": creature — Bird, owner alice',
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

  // An attach typed between two events: every later timestamp is one higher (613.7e), but the
  // splitter is equipped to the lion on the next line as before, so the state is the same but for that shift.
  it('an attach that gives one more timestamp: cuts off, its copies taken on shifted, and reports what a fresh check does', () => {
    const text = atMiddle('equip splitter to owl').join('\n');
    const a = resumed(base.join('\n'), text);
    assert.equal(JSON.stringify(a.result), fresh(text));
    assert.ok(a.replayed !== undefined && a.replayed < 600, `replayed ${a.replayed} events`);
    // A board past the cutoff (from a copy taken on, shifted when made) is a fresh replay's, timestamps included.
    const doc = parse(text);
    const timeline = new Timeline(doc, text, 2, replayCheckpoints(a));
    for (const line of [middle + 500, text.split('\n').length - 2]) assert.deepEqual(timeline.boardAt(line), boardAt(text, line, doc), `line ${line}`);
    // Each copy taken on stands where a fresh replay stands after the statements before it, timestamps shifted.
    const copies = replayCheckpoints(a).filter((c) => c.index > middle);
    assert.ok(copies.length >= 2, `${copies.length} copies after the edit`);
    for (const c of copies) {
      const line = doc.statements[c.index - 1].range.start.line;
      assert.deepEqual(c.replay.board.view(), boardAt(text, line, doc), `the copy after statement ${c.index}`);
    }
    // And a third version resumes from those copies, past the first edit.
    const third = [...atMiddle('equip splitter to owl').slice(0, middle + 1200), '# later', ...atMiddle('equip splitter to owl').slice(middle + 1200)].join('\n');
    const b = analyse(third, { resumable: true, previous: a });
    assert.equal(JSON.stringify(b.result), fresh(third));
    assert.ok(b.replayed! < 600, `replayed ${b.replayed} events`);
  });

  it('not when a finding after the edit states a timestamp (a failed `newer than`): replayed on, as a fresh check', () => {
    const lines = [...base.slice(0, base.length - 1), 'expect shield newer than splitter', ''];
    const earlier = lines.join('\n');
    const text = [...lines.slice(0, middle), 'equip splitter to owl', ...lines.slice(middle)].join('\n');
    const a = resumed(earlier, text);
    assert.equal(JSON.stringify(a.result), fresh(text));
    assert.ok(a.result.findings.some((f) => f.code === 'expectation-failed' && /timestamp/.test(f.message)), 'the expectation fails, stating timestamps');
    assert.ok(a.replayed! > 2000, `replayed ${a.replayed} events`);
  });

  it('a second version resumes from copies the first took on past its cutoff (moved by its lines)', () => {
    const one = [...base.slice(0, middle), '', ...base.slice(middle)];
    const two = [...one.slice(0, one.length - 10), '# near the end', ...one.slice(one.length - 10)];
    const first = analyse(one.join('\n'), { resumable: true, previous: analyse(base.join('\n'), { resumable: true }) });
    const second = analyse(two.join('\n'), { resumable: true, previous: first });
    assert.equal(JSON.stringify(second.result), fresh(two.join('\n')));
    assert.ok(second.replayed! < 600, `replayed ${second.replayed} events`);
  });
});

// Random versions of a scenario where two Equipment move between three creatures on every line
// (so the state after an edit soon meets the earlier one again, but for the timestamps the edit
// added or took away), with `newer than` expectations that hold or fail among the first 200
// events (a failure states timestamps: an edit before it replays on): each version resumed from
// the analysis of the one before equals a fresh check, and so do its copies of the replay.
describe('the check resumed past edits that shift the timestamps', function () {
  this.timeout(60000);
  const HOSTS = ['lion', 'bears', 'owl'];
  const GEAR = ['splitter', 'axe'];
  const head = [
    'game mtg',
    'player alice',
    'card lion "Silvercoat Lion": creature — Cat, owner alice',
    'card bears "Grizzly Bears": creature — Bear, owner alice',
    'card owl "Owl": creature — Bird, owner alice',
    'card splitter "Bonesplitter": artifact — Equipment, owner alice',
    'card axe "Axe": artifact — Equipment, owner alice',
    '',
  ];
  for (const seed of [31, 32, 33]) {
    it(`seed ${seed}: 30 versions in a row`, () => {
      const rnd = prng(seed);
      const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
      const equip = () => `equip ${pick(GEAR)} to ${pick(HOSTS)}`;
      const event = (i: number) => (i < 200 && rnd() < 0.05 ? `expect ${pick(GEAR)} newer than ${pick(GEAR)}` : equip());
      let lines = [...head, ...Array.from({ length: 3000 }, (_, i) => event(i)), ''];
      let previous = analyse(lines.join('\n'), { resumable: true });
      let early = 0;
      for (let k = 0; k < 30; k++) {
        const at = head.length + Math.floor(rnd() * 3000);
        lines = editedAt(lines, at, rnd(), () => event(at - head.length));
        const text = lines.join('\n');
        const a = analyse(text, { resumable: true, previous });
        assert.equal(JSON.stringify(a.result), fresh(text), `version ${k}`);
        if (a.replayed! < 600) early++;
        const doc = parse(text);
        for (const c of replayCheckpoints(a).filter((c) => c.index > at)) {
          assert.deepEqual(c.replay.board.view(), boardAt(text, doc.statements[c.index - 1].range.start.line, doc), `version ${k}: the copy after statement ${c.index}`);
        }
        previous = a;
      }
      // Most versions cut off soon after the edit: 26-28 of 30 here (17-21 without the timestamps shifted).
      assert.ok(early >= 24, `${early} of 30 versions cut off early`);
    });
  }
});
