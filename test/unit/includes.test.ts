// The core's side of `include "PATH"`: the included texts come through the caller's host. These
// tests hold the core to its contract with any host: each file read and parsed once per check,
// long chains without deep recursion, the streamed check equal to the whole-document one, a
// resumed analysis equal to a fresh one when an included file changes, and a host's kept parses
// (IncludeParses) used only for the text they were made of.
import assert from 'node:assert/strict';
import { analyse, check, IncludeParses, LastUsed, type AnalyseOptions, type IncludeHost } from '../../core';

/** A host over texts held in memory (keyed by the path as written); counts its reads. */
function memory(files: Record<string, string>): IncludeHost & { reads: number; files: Record<string, string> } {
  const host = {
    reads: 0,
    files,
    read(_from: string, path: string) {
      host.reads++;
      const text = host.files[path];
      return text === undefined ? { error: 'missing' as const, message: `no file ${path}.` } : { uri: path, text };
    },
  };
  return host;
}

const POOL = 'game mtg\nplayer alice\ncard lion "Silvercoat Lion": creature — Cat\ncard splitter "Bonesplitter": artifact — Equipment\n';
const MAIN = 'game mtg\ninclude "pool.board"\n\nequip splitter to lion\nexpect lion has splitter\n';
const codes = (o: { findings: { code: string }[] }) => o.findings.map((f) => f.code);

describe('includes in the core', () => {
  it('declares the included players and cards before the file\'s own', () => {
    const host = memory({ 'pool.board': POOL });
    assert.deepEqual(codes(check(MAIN, { uri: 'main.board', includes: host })), []);
    // Without a host nothing can be read: a finding at the include line, and the names are unknown.
    const bare = check(MAIN);
    assert.equal(bare.findings[0].code, 'include-not-found');
    assert.equal(bare.findings[0].range.start.line, 1);
    assert.ok(codes(bare).includes('unknown-name'));
  });

  it("an included card that names no owner is owned by its own file's only player, else the scenario's", () => {
    // Its file declares one player: theirs, though the scenario has two.
    const own = memory({ 'pool.board': 'game mtg\nplayer carol\ncard lion "Silvercoat Lion": creature — Cat\ncard cub "Cub": creature — Cat\n' });
    const two = 'game mtg\nplayer alice\nplayer bob\ninclude "pool.board"\nexpect lion controlled by carol\nexpect cub controlled by carol\n';
    assert.deepEqual(codes(check(two, { uri: 'main.board', includes: own })), []);
    // Its file declares none: the scenario's only player.
    const none = memory({ 'pool.board': 'game mtg\ncard lion "Silvercoat Lion": creature — Cat\ncard cub "Cub": creature — Cat\n' });
    assert.deepEqual(codes(check('game mtg\nplayer alice\ninclude "pool.board"\nexpect lion controlled by alice\nexpect cub controlled by alice\n', { uri: 'main.board', includes: none })), []);
  });

  it("asks the host for the checked file's uri only when the file includes something, and names the file by it", () => {
    let asked = 0;
    const host = Object.assign(memory({ 'pool.board': POOL, 'loop.board': 'game mtg\ninclude "main.board"\n', 'main.board': 'game mtg\ninclude "loop.board"\n' }), {
      checkedUri: () => {
        asked++;
        return 'main.board';
      },
    });
    // No include: never asked (the command line's answer costs an lstat a file).
    assert.deepEqual(codes(check('game mtg\nplayer alice\ncard lion "Silvercoat Lion": creature — Cat\ndestroy lion\n', { includes: host })), []);
    assert.equal(asked, 0);
    assert.deepEqual(codes(check(MAIN, { includes: host })), []);
    assert.equal(asked, 1);
    // The uri asked for is the checked file's: a cycle back to it names it "this file".
    const cycle = check('game mtg\ninclude "loop.board"\n', { includes: host }).findings.find((f) => f.code === 'include-cycle');
    assert.match(cycle?.message ?? '', /this file → "loop\.board" → this file/);
    // A uri given in the options comes first.
    assert.deepEqual(codes(check(MAIN, { uri: 'given.board', includes: host })), []);
    assert.equal(asked, 2);
  });

  it('reads each file once per check, however many includes name it', () => {
    const host = memory({ 'pool.board': POOL, 'more.board': 'game mtg\ninclude "pool.board"\nplayer bob\n' });
    const text = 'game mtg\n' + 'include "pool.board"\ninclude "more.board"\n'.repeat(500) + 'expect lion in battlefield\n';
    const r = check(text, { uri: 'main.board', includes: host });
    assert.deepEqual(codes(r), []);
    // main → pool, main → more, more → pool: three distinct (from, path) pairs.
    assert.equal(host.reads, 3);
  });

  it('follows a chain of 20,000 files without running out of stack, and finds a cycle at its end', () => {
    const files: Record<string, string> = {};
    const n = 20_000;
    for (let i = 0; i < n; i++) files[`f${i}.board`] = `game mtg\ninclude "f${i + 1 < n ? i + 1 : 0}.board"\ncard c${i} "C": creature\n`;
    const r = check('game mtg\nplayer alice\ninclude "f0.board"\nexpect c19999 in battlefield\n', { uri: 'main.board', includes: memory(files) });
    // f19999 includes f0 again: a cycle inside the included files, summarized at the include line.
    assert.deepEqual(codes(r), ['include-errors']);
    assert.match(r.findings[0].message, /makes a cycle: "f0\.board" → "f1\.board" → .*… 19992 more … → .*"f0\.board"/);
  });

  it('streamed and whole-document checks agree', () => {
    const host = memory({ 'pool.board': POOL.replace('owner', 'x'), 'bad.board': 'game riftbound\nplayer zed\n' });
    const text = 'game mtg\ninclude "pool.board"\ninclude "bad.board"\ninclude "nope.board"\ncard lion "L": creature\nequip splitter to lion\n';
    const options: AnalyseOptions = { uri: 'main.board', includes: host };
    assert.deepEqual(check(text, { ...options, stream: false }), check(text, options));
  });

  it('a resumed analysis equals a fresh one when an included file changed (and resumes when none did)', () => {
    const host = memory({ 'pool.board': POOL });
    const lines = ['game mtg', 'include "pool.board"'];
    for (let i = 0; i < 40; i++) lines.push('equip splitter to lion', 'expect lion has splitter');
    const text = lines.join('\n') + '\n';
    const options = { uri: 'main.board', includes: host, resumable: true, resumeEvery: 4 };
    const first = analyse(text, options);
    assert.ok(codes(first.result).includes('redundant-attach'));
    const edited = text.replace(/expect lion has splitter\n$/, 'expect lion has splitter\nexpect splitter attached to lion\n');
    // The pool changes: the splitter is now a creature, so every equip is illegal.
    host.files['pool.board'] = POOL.replace('artifact — Equipment', 'creature — Cat');
    const resumed = analyse(edited, { ...options, previous: first });
    const fresh = analyse(edited, { uri: 'main.board', includes: host });
    assert.deepEqual(resumed.result, fresh.result);
    assert.ok(codes(resumed.result).includes('not-attachable') || codes(resumed.result).includes('illegal-attachment'), codes(resumed.result).join(' '));
    // The same includes again: resumed, and still equal.
    const again = analyse(edited + 'expect lion in battlefield\n', { ...options, previous: resumed });
    assert.deepEqual(again.result, analyse(edited + 'expect lion in battlefield\n', { uri: 'main.board', includes: host }).result);
  });
});

describe('included files parsed once while their text is the same (IncludeParses)', () => {
  /** The parses `parses` made, counted by wrapping its `of` around the core's. */
  function counting(parses: IncludeParses): { made: () => number } {
    const kept = new Set<unknown>();
    const of = parses.of.bind(parses);
    parses.of = (uri, text) => {
      const p = of(uri, text);
      kept.add(p);
      return p;
    };
    return { made: () => kept.size };
  }

  it('many checks including one pool parse it once, with the findings of checks that parse it each time', () => {
    const parses = new IncludeParses();
    const made = counting(parses);
    const host = { ...memory({ 'pool.board': POOL }), parses };
    const scenarios = ['equip splitter to lion\nexpect lion has splitter\n', 'equip splitter to lion\nequip splitter to lion\n', 'equip lion to splitter\n', 'expect lion unattached\n'];
    for (let i = 0; i < 40; i++) {
      const text = MAIN.replace(/\nequip[^]*$/, '\n' + scenarios[i % scenarios.length]);
      assert.deepEqual(check(text, { uri: `s${i}.board`, includes: host }), check(text, { uri: `s${i}.board`, includes: memory({ 'pool.board': POOL }) }));
    }
    assert.equal(made.made(), 1);
  });

  it('a pool whose text changed is parsed again, and the checks see the new text', () => {
    const parses = new IncludeParses();
    const made = counting(parses);
    const host = { ...memory({ 'pool.board': POOL }), parses };
    assert.deepEqual(codes(check(MAIN, { uri: 'main.board', includes: host })), []);
    host.files['pool.board'] = POOL.replace('artifact — Equipment', 'creature — Cat');
    const after = codes(check(MAIN, { uri: 'main.board', includes: host }));
    assert.ok(after.includes('not-attachable') || after.includes('illegal-attachment'), after.join(' '));
    assert.equal(made.made(), 2);
    // The same text in another string: the parse kept is used.
    host.files['pool.board'] = (' ' + host.files['pool.board']).slice(1);
    check(MAIN, { uri: 'main.board', includes: host });
    assert.equal(made.made(), 2);
  });

  it('keeps the files used last up to its bound, and never one longer than it', () => {
    const parses = new IncludeParses(3 * POOL.length);
    for (const uri of ['a', 'b', 'c']) parses.of(uri, POOL);
    assert.deepEqual(parses.size, { files: 3, chars: 3 * POOL.length });
    // `a` used again, then a fourth file: `b` (used longest ago) goes.
    const a = parses.of('a', POOL);
    parses.of('d', POOL);
    assert.deepEqual(parses.size, { files: 3, chars: 3 * POOL.length });
    assert.equal(parses.of('a', POOL), a);
    const b = parses.of('b', POOL);
    assert.notEqual(parses.of('b', POOL + '\n'), b);
    const long = 'game mtg\n' + '#\n'.repeat(2 * POOL.length);
    parses.of('long', long);
    assert.ok(parses.size.chars <= 3 * POOL.length);
    assert.notEqual(parses.of('long', long), parses.of('long', long));
  });
});

describe('LastUsed', () => {
  it('lets the entries used longest ago go when their weights pass the bound', () => {
    const m = new LastUsed<string, number>(10);
    m.set('a', 1, 4);
    m.set('b', 2, 4);
    assert.equal(m.get('a'), 1);
    m.set('c', 3, 4);
    assert.equal(m.get('b'), undefined);
    assert.equal(m.get('a'), 1);
    assert.equal(m.get('c'), 3);
    assert.deepEqual(m.size, { entries: 2, weight: 8 });
    // Set again with another weight: counted once.
    m.set('a', 5, 6);
    assert.deepEqual(m.size, { entries: 2, weight: 10 });
    // Heavier than the bound: not kept, and what it replaced is gone.
    m.set('c', 6, 11);
    assert.equal(m.get('c'), undefined);
    assert.deepEqual(m.size, { entries: 1, weight: 6 });
    m.delete('a');
    m.delete('nothing');
    assert.deepEqual(m.size, { entries: 0, weight: 0 });
  });

  it('stays linear: 100,000 entries through a bound of 1,000', () => {
    const m = new LastUsed<number, number>(1000);
    for (let i = 0; i < 100_000; i++) {
      m.set(i, i, 1);
      if (i % 3 === 0) m.get(i - 500);
    }
    assert.deepEqual(m.size, { entries: 1000, weight: 1000 });
    assert.equal(m.get(99_999), 99_999);
  });
});
