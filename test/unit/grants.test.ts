// Abilities granted by attachments (core/engine/abilities.ts; MTG 613.1f, 613.7a; Riftbound 718.3): the
// parser's forms and ranges, the board view, and the bounds that keep long files linear.
import assert from 'node:assert/strict';
import { boardAt, check, parse, type CardStmt, type EventNode } from '../../core';
import { Board, type CardObj } from '../../core/engine/board';
import { cantAttachBy, type CantEntry, logAbilityChange } from '../../core/engine/abilities';
import { prng } from '../support/prng';

const HEAD = 'game mtg\nrules 2024-06-07\nplayer alice\nplayer bob\n';

describe('abilities granted by attachments', () => {
  it('parses grants, quoted grants and keyword abilities on a card, with their ranges', () => {
    const line = 'card rune "Rune": enchantment — Aura, enchanted permanent has flying and "equipped creature has first strike and protection from red and from blue"';
    const doc = parse(line);
    assert.deepEqual(doc.problems, []);
    const card = doc.statements[0] as CardStmt;
    const grant = card.props[0];
    assert.equal(grant.kind, 'grant');
    if (grant.kind !== 'grant') return;
    assert.equal(grant.grant.who.text, 'enchanted permanent');
    assert.equal(grant.grant.verb, 'has');
    assert.deepEqual(grant.grant.abilities.map((a) => a.kind), ['keyword', 'grant']);
    const quoted = grant.grant.abilities[1];
    if (quoted.kind !== 'grant') throw new Error('a quoted grant');
    assert.deepEqual(quoted.grant.abilities.map((a) => (a.kind === 'keyword' ? a.name.text : a.kind === 'protection' ? `protection ${a.quality.text}` : a.kind)), ['first strike', 'protection red', 'protection blue']);
    // The quoted grant's words are placed where they stand in the line.
    const first = quoted.grant.abilities[0];
    assert.equal(line.slice(first.range.start.character, first.range.end.character), 'first strike');
    const blue = quoted.grant.abilities[2];
    assert.equal(line.slice(blue.range.start.character, blue.range.end.character), 'from blue');
  });

  it('reads `protection from all colors` as one quality of two words, and a grant\'s `not removing` clause', () => {
    const line = 'card w "Spectra Ward": enchantment — Aura, protection from all colors, enchanted creature has protection from each color, not removing Auras, owner alice';
    const doc = parse(line);
    assert.deepEqual(doc.problems, []);
    const props = (doc.statements[0] as CardStmt).props;
    assert.deepEqual(props.map((p) => p.kind), ['protection', 'grant', 'owner']);
    const prot = props[0];
    if (prot.kind !== 'protection') throw new Error('protection');
    assert.equal(line.slice(prot.quality.range.start.character, prot.quality.range.end.character), 'all colors');
    const grant = props[1];
    if (grant.kind !== 'grant') throw new Error('grant');
    assert.equal(grant.grant.keep?.what, 'auras');
    // `all` alone is a quality of its own (an unknown one): the next word is not taken.
    const alone = parse('gains lion protection from all\n');
    const ev = alone.statements[0] as EventNode;
    assert.equal(ev.kind === 'protection' && ev.quality.text, 'all');
  });

  it('reads `expect X has ABILITY` and `has no ABILITY` as abilities, and `has CARD` as an attachment', () => {
    const doc = parse('expect lion has flying\nexpect lion has no first strike\nexpect lion has sword\nexpect lion has protection from red\nexpect lion has no\n');
    assert.deepEqual(doc.problems, []);
    const kinds = (doc.statements as EventNode[]).map((e) => (e.kind === 'expect' ? `${e.assertion!.kind}${e.assertion!.kind === 'has-ability' && e.assertion!.negated ? ' no' : ''}` : e.kind));
    assert.deepEqual(kinds, ['has-ability', 'has-ability no', 'has', 'has-ability', 'has']);
  });

  it('reports an assertion of a grant in quotes: an assertion names the abilities the card has', () => {
    const doc = parse('expect lion has "equipped creature has flying"\n');
    assert.equal(doc.problems.length, 1);
    assert.match(doc.problems[0].message, /not a grant in quotes/);
    assert.equal(doc.problems[0].range.start.character, 16);
  });

  it('asserts `protection from all colors` as one protection from each color (702.16h)', () => {
    const text = `${HEAD}card lion "Silvercoat Lion": creature — Cat, owner alice, protection from red
card ward "Spectra Ward": enchantment — Aura, enchant creature, owner alice, color white, in hand, enchanted creature has protection from all colors, not removing Auras
expect lion has no protection from all colors
cast ward targeting lion
resolve ward
expect lion has protection from all colors
expect lion has protection from green
`;
    assert.deepEqual(check(text).findings, []);
  });

  it('reports a quoted grant with an escape, or one in another, where it stands', () => {
    const doc = parse('card a "A": enchantment — Aura, enchanted permanent has "equipped creature has \\"x\\""\n');
    assert.equal(doc.problems.length, 1);
    assert.match(doc.problems[0].message, /on one line, without escapes/);
  });

  it('shows granted abilities in the board view with the attachment that grants them', () => {
    const text = `${HEAD}card lion "Silvercoat Lion": creature — Cat, owner alice, flying
card sword "Sword": artifact — Equipment, equip, owner alice, equipped creature has protection from red and haste
equip sword to lion
`;
    const view = boardAt(text, 6);
    const lion = view.cards.find((c) => c.id === 'lion')!;
    assert.deepEqual(lion.protections, ['red (from sword)']);
    assert.deepEqual(lion.keywords, ['flying', 'haste (from sword)']);
    const before = boardAt(text, 5).cards.find((c) => c.id === 'lion')!;
    assert.equal(before.protections, undefined);
    assert.deepEqual(before.keywords, ['flying']);
  });

  it('keeps a card’s log of ability events as short as its abilities, however many events change them', () => {
    const board = new Board('mtg');
    const card = { id: 'lion', abilityLog: [], grantors: new Set(), granted: undefined, attachedTo: null } as unknown as CardObj;
    // On a board where nothing grants anything, the order never matters: nothing is logged.
    logAbilityChange(board, card, 'gains', { kind: 'keyword', name: 'flying' }, 1.5);
    assert.equal(card.abilityLog.length, 0);
    board.grantsDeclared = true;
    for (let i = 0; i < 1000; i++) {
      logAbilityChange(board, card, i % 2 === 0 ? 'gains' : 'loses', { kind: 'keyword', name: 'flying' }, 1.5);
      logAbilityChange(board, card, 'gains', { kind: 'protection', quality: 'red' }, 1.5);
      logAbilityChange(board, card, 'gains', { kind: 'targeting', keyword: { name: 'hexproof', quality: 'black' } }, 1.5);
    }
    assert.equal(card.abilityLog.length, 3);
    // `loses X hexproof` makes every hexproof moot, `loses all abilities` everything.
    logAbilityChange(board, card, 'loses', { kind: 'targeting', keyword: { name: 'hexproof' } }, 1.5);
    assert.deepEqual(card.abilityLog.map((c) => (typeof c.ability === 'string' ? c.ability : c.ability.kind)), ['keyword', 'protection', 'targeting']);
    logAbilityChange(board, card, 'loses', 'all', 1.5);
    assert.equal(card.abilityLog.length, 1);
  });

  it('checks a file of thousands of ability events on one card, the last deciding', () => {
    const events: string[] = [];
    for (let i = 0; i < 2000; i++) events.push(i % 2 === 0 ? 'gains lion flying' : 'loses lion flying', 'gains lion protection from red', 'loses lion protection from red');
    const text = `${HEAD}card lion "Silvercoat Lion": creature — Cat, owner alice\ncard wings "Wings": artifact — Equipment, equip, owner alice, equipped creature has flying\nequip wings to lion\n${events.join('\n')}\nexpect lion has no flying\nexpect lion has no protection from red\n`;
    assert.deepEqual(check(text).findings, []);
  });

  it('counts an event in its place among the grants: an Equipment attached later wins', () => {
    const text = `${HEAD}card lion "Silvercoat Lion": creature — Cat, owner alice
card bears "Grizzly Bears": creature — Bear, owner alice
card wings "Wings": artifact — Equipment, equip, owner alice, equipped creature has flying
loses lion all abilities
equip wings to lion
expect lion has flying
equip wings to bears
expect lion has no flying
`;
    assert.deepEqual(check(text).findings, []);
  });
});

describe("what a host's attachments say can't be attached to it (cantAttachBy)", () => {
  const KINDS = ['enchanted', 'equipped', 'fortified'] as const;

  /** The plain answer: the first entry of the kind that doesn't spare `att`. */
  function firstCant(cant: readonly CantEntry[], what: CantEntry['what'], att: string): { by: string; other: boolean } | undefined {
    for (const c of cant) if (c.what === what && c.except !== att) return { by: c.by, other: c.except !== undefined };
    return undefined;
  }

  it('answers as a look through the whole list would, for short and long lists, 2,000 random ones', () => {
    const next = prng(702);
    for (let trial = 0; trial < 2000; trial++) {
      const n = Math.floor(next() * 40);
      const ids = ['a0', 'a1', 'a2', 'a3', 'a4'];
      const cant: CantEntry[] = [];
      for (let i = 0; i < n; i++) {
        const by = ids[Math.floor(next() * ids.length)];
        cant.push({ what: KINDS[Math.floor(next() * 3)], except: next() < 0.5 ? by : undefined, by });
      }
      const host = { granted: { cant } } as unknown as CardObj;
      for (const what of KINDS) for (const id of ids) assert.deepEqual(cantAttachBy(host, what, { id } as CardObj), firstCant(cant, what, id), `${what} ${id} in ${JSON.stringify(cant)}`);
    }
  });

  it("looks at the entries of the kind asked about: thousands of Equipment saying the host can't be enchanted, each asked about", () => {
    // 2,000 attached one by one took 8 s (each attachment judged at each event looked through every entry).
    const n = 2000;
    const lines = ['game mtg', 'player alice', 'card host "H": creature, owner alice'];
    for (let i = 0; i < n; i++) lines.push(`card e${i} "E": artifact — Equipment, owner alice, equipped creature can't be enchanted`);
    for (let i = 0; i < n; i++) lines.push(`attach e${i} to host`);
    const cant: CantEntry[] = [];
    for (let i = 0; i < n; i++) cant.push({ what: 'enchanted', except: undefined, by: `e${i}` });
    cant.push({ what: 'equipped', except: undefined, by: 'last' });
    const host = { granted: { cant } } as unknown as CardObj;
    // Counted, not timed: the entries read, through a list whose reads are counted.
    let reads = 0;
    const counted = new Proxy(cant, { get: (t, k) => (typeof k === 'string' && /^\d+$/.test(k) && reads++, Reflect.get(t, k)) });
    (host as { granted: unknown }).granted = { cant: counted };
    for (let i = 0; i < n; i++) assert.deepEqual(cantAttachBy(host, 'equipped', { id: `x${i}` } as CardObj), { by: 'last', other: false });
    // One pass to split the list by kind, then one entry a question.
    assert.ok(reads <= 2 * n + n, `${reads} entries read`);
    assert.deepEqual(check(lines.join('\n') + '\n').findings, []);
  });
});
