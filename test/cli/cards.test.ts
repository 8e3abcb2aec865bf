// `--cards FILE` (repeatable): the game of each file from its format; cards declared by name are
// checked with their characteristics from it, for both MTG formats (Scryfall, MTGJSON) and our
// Riftbound list; a card file that can't be read is a message and exit status 2.
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { ROOT, TEXT_LINE, assertBuilt, assertNoCrash, makeTempDir, removeTempDir, runCli, writeFiles } from './helpers';

const CARDS = path.join(ROOT, 'test', 'fixtures', 'cards');
const SCRYFALL = path.join(CARDS, 'scryfall-oracle-cards.json');
const MTGJSON = path.join(CARDS, 'mtgjson-atomic-cards.json');
const RIFTBOUND = path.join(CARDS, 'riftbound-cards.json');

const MTG_BY_NAME = [
  'game mtg',
  'player alice',
  'card lion "Silvercoat Lion"',
  'card pacifism "Pacifism", in hand',
  'card blade "Bonesplitter"',
  'card wings "Pacifsm", in hand',
  'cast pacifism targeting lion',
  'resolve pacifism',
  'equip blade to pacifism',
  'expect pacifism attached to lion',
  '',
].join('\n');

const RIFTBOUND_BY_NAME = ['game riftbound', 'player alice', 'card garen "Garen"', 'card sword "Long Sword", might-bonus 1', 'equip sword to garen', 'expect garen might 6', ''].join('\n');

const lines = (stdout: string) => stdout.split('\n').filter((l) => TEXT_LINE.test(l)).map((l) => { const m = TEXT_LINE.exec(l)!; return `${m[2]} ${m[4]} ${m[5]}`; });

describe('cli: --cards', function () {
  this.timeout(30_000);
  let dir: string;
  before(() => {
    assertBuilt();
    dir = makeTempDir();
    writeFiles(dir, { 'mtg.board': MTG_BY_NAME, 'rift.board': RIFTBOUND_BY_NAME, 'bad.json': '{"cards": 1}', 'notjson.json': 'oops' });
  });
  after(() => removeTempDir(dir));

  for (const [format, file] of [['Scryfall', SCRYFALL], ['MTGJSON', MTGJSON]]) {
    it(`${format}: cards by name are checked with their type line and abilities`, () => {
      const r = runCli(['check', '--no-color', '--cards', file, 'mtg.board'], { cwd: dir });
      assertNoCrash(r.stderr);
      assert.equal(r.stderr, '');
      // Bonesplitter is an Equipment and Pacifism an Aura (so the equip's target is illegal); "Pacifsm" is unknown.
      assert.deepEqual(lines(r.stdout), ['6 error syntax-error', '6 information unknown-card', '9 error illegal-attachment']);
      assert.match(r.stdout, /No card is named "Pacifsm" in .*\. Did you mean "Pacifism"\?/);
      assert.equal(r.status, 1);
    });
  }

  it("the card files of the nearest board-scenario.json are read as --cards (paths relative to it), with --cards' own", () => {
    writeFiles(dir, {
      'project/board-scenario.json': JSON.stringify({ cards: { mtg: [path.relative(path.join(dir, 'project'), SCRYFALL)], riftbound: RIFTBOUND } }),
      'project/mtg.board': MTG_BY_NAME,
      'project/rift.board': RIFTBOUND_BY_NAME,
    });
    const r = runCli(['check', '--no-color', 'project/mtg.board'], { cwd: dir });
    assertNoCrash(r.stderr);
    assert.equal(r.stderr, '');
    assert.deepEqual(lines(r.stdout), ['6 error syntax-error', '6 information unknown-card', '9 error illegal-attachment']);
    const rift = runCli(['check', '--no-color', 'project/rift.board'], { cwd: dir });
    assert.ok(!rift.stdout.includes('needs a type line'), rift.stdout);
    // --no-config: the config's card files are not read.
    const none = runCli(['check', '--no-color', '--no-config', 'project/mtg.board'], { cwd: dir });
    assert.match(none.stdout, /Card 'lion' needs a type line/);
  });

  it('without --cards, a card declared by name alone needs a type line', () => {
    const r = runCli(['check', '--no-color', 'mtg.board'], { cwd: dir });
    assert.deepEqual(lines(r.stdout).filter((l) => l.endsWith('syntax-error')), ['3 error syntax-error', '4 error syntax-error', '5 error syntax-error', '6 error syntax-error']);
    assert.match(r.stdout, /Card 'lion' needs a type line/);
    assert.ok(!r.stdout.includes('unknown-card'));
  });

  it('Riftbound: Might, Might Bonus and Equip from our card list; a written property wins, with a warning', () => {
    const r = runCli(['check', '--no-color', '--cards', RIFTBOUND, '--cards', SCRYFALL, 'rift.board'], { cwd: dir });
    assertNoCrash(r.stderr);
    assert.equal(r.stderr, '');
    // Garen has Might 4; the sword's Might Bonus is 2 on the card, 1 as declared: 4 + 1 is not 6.
    assert.deepEqual(lines(r.stdout), ['4 warning card-mismatch', '6 error expectation-failed']);
    assert.equal(r.status, 1);
  });

  it('JSON output carries the card findings with their fixes', () => {
    const r = runCli(['check', '--format', 'json', '--cards=' + RIFTBOUND, 'rift.board'], { cwd: dir });
    const d = JSON.parse(r.stdout).files[0].diagnostics.find((x: { code: string }) => x.code === 'card-mismatch');
    assert.deepEqual(d.rules, ['133.1', '137.1']);
    assert.deepEqual(d.fixes.map((f: { edits: { newText: string }[] }) => f.edits[0].newText), ['might-bonus 2']);
  });

  it('a card file that is missing, not JSON or of no known format: a message, exit status 2', () => {
    for (const file of ['missing.json', 'notjson.json', 'bad.json']) {
      const r = runCli(['check', '--no-color', '--cards', file, 'rift.board'], { cwd: dir });
      assertNoCrash(r.stderr);
      assert.equal(r.status, 2, file);
      assert.match(r.stderr, new RegExp(`board-scenario: .*${file.replace('.', '\\.')}`), file);
    }
  });

  it('--cards needs a value', () => {
    const r = runCli(['check', 'rift.board', '--cards'], { cwd: dir });
    assert.equal(r.status, 2);
    assert.match(r.stderr, /option '--cards' needs a value/);
  });

  it('render draws the cards with the types of the card data', () => {
    const r = runCli(['render', '--cards', SCRYFALL, 'mtg.board'], { cwd: dir });
    assertNoCrash(r.stderr);
    assert.equal(r.status, 0);
    assert.match(r.stdout, /Aura/);
    assert.match(r.stdout, /Equipment/);
  });
});
