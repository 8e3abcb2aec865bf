// The parser: every construct of the language page, exact ranges, and recovery from errors.
import assert from 'node:assert/strict';
import { movedLines, parse, type CardStmt, type EventNode } from '../../core';

describe('parser', () => {
  it('parses the header', () => {
    const doc = parse('game mtg\ntitle "Bonesplitter \\"stays\\" \\\\ here"\nrules 2024-06-07\n');
    assert.deepEqual(doc.problems, []);
    assert.deepEqual(
      doc.statements.map((s) => s.kind),
      ['game', 'title', 'rules'],
    );
    const t = doc.statements[1];
    assert.equal(t.kind === 'title' && t.title, 'Bonesplitter "stays" \\ here');
    const r = doc.statements[2];
    assert.equal(r.kind === 'rules' && r.version?.text, '2024-06-07');
  });

  it('parses every card line of the language page', () => {
    const text = [
      'card lion "Silvercoat Lion": creature — Cat, owner alice',
      'card splitter "Bonesplitter": artifact — Equipment, owner alice, attached to lion',
      'card pacifism "Pacifism": enchantment — Aura, enchant creature, owner bob, color white, attached to lion',
      'card curse "Curse of Exhaustion": enchantment — Aura Curse, enchant player, owner alice, attached to bob',
      'card garrison "Darksteel Garrison": artifact — Fortification, owner alice',
      'card plains "Plains": basic land — Plains, owner alice',
      'card knight "White Knight": creature — Human Knight, owner bob, color white, protection from black',
      'card x "X": enchantment -- Aura, enchant nonland permanent, enchant creature or planeswalker you control',
      "card y \"Y\": creature - Cat, can't be enchanted, controller bob, in graveyard, token, phased out, reconfigure, bestow",
      'card z "Z": artifact — Equipment, equip legendary creature',
      'card w "W": gear — Equipment, might-bonus 2, equip, exhausted, at battlefield b1',
    ].join('\n');
    const doc = parse(text);
    assert.deepEqual(doc.problems, []);
    const cards = doc.statements as CardStmt[];
    assert.equal(cards.length, 11);
    assert.deepEqual(cards[0].typeLine!.types.map((w) => w.text), ['creature']);
    assert.deepEqual(cards[0].typeLine!.subtypes.map((w) => w.text), ['Cat']);
    assert.deepEqual(cards[3].typeLine!.subtypes.map((w) => w.text), ['Aura', 'Curse']);
    assert.deepEqual(cards[5].typeLine!.types.map((w) => w.text), ['basic', 'land']);
    const x = cards[7].props;
    assert.equal(x.length, 2);
    assert.ok(x[0].kind === 'enchant' && x[0].filter.alternatives[0][0].negated && x[0].filter.alternatives[0][0].word === 'land');
    assert.ok(x[1].kind === 'enchant' && x[1].filter.alternatives.length === 2 && x[1].filter.control === 'you');
    assert.deepEqual(cards[8].props.map((p) => p.kind), ['cant', 'controller', 'zone', 'flag', 'flag', 'flag', 'flag']);
    const w = cards[10].props;
    assert.ok(w[3].kind === 'zone' && w[3].zone.zone === 'battlefield' && w[3].zone.place?.text === 'b1');
    // Exact ranges: the id of the first card.
    assert.deepEqual(cards[0].id!.range, { start: { line: 0, character: 5 }, end: { line: 0, character: 9 } });
  });

  it('parses every event of the language page', () => {
    const lines = [
      'attach a to b by p',
      'equip a to b',
      'fortify a to b',
      'cast a targeting b by p',
      'resolve a',
      'enter a attached to b',
      'enter a',
      'unattach a from b',
      'unattach a',
      'detach a from b',
      'move a to graveyard',
      'destroy a',
      'sacrifice a',
      'exile a',
      'bounce a',
      'kill a',
      'becomes a creature Cat',
      'loses a creature',
      'gains a protection from white',
      'loses a protection from white',
      'control a p',
      'phase out a',
      'phase in a',
      'leave p',
      'recall a',
      'cleanup',
      'expect a attached to b',
      'expect a unattached',
      'expect a in battlefield',
      'expect b has a',
      'expect a newer than b',
      'expect a might 3',
      'expect no attachments on b',
    ];
    const doc = parse(lines.join('\n'));
    assert.deepEqual(doc.problems, []);
    const kinds = (doc.statements as EventNode[]).map((e) => (e.kind === 'expect' ? `expect:${e.assertion?.kind}` : e.kind));
    assert.deepEqual(kinds, [
      'attach', 'attach', 'attach', 'cast', 'resolve', 'enter', 'enter', 'unattach', 'unattach', 'unattach',
      'move', 'move', 'move', 'move', 'move', 'move', 'types', 'types', 'protection', 'protection', 'control',
      'phase', 'phase', 'leave', 'recall', 'cleanup', 'expect:attached-to', 'expect:unattached', 'expect:in-zone',
      'expect:has', 'expect:newer-than', 'expect:might', 'expect:no-attachments',
    ]);
    const destroy = doc.statements[11] as Extract<EventNode, { kind: 'move' }>;
    assert.equal(destroy.zone.zone, 'graveyard');
    const bounce = doc.statements[14] as Extract<EventNode, { kind: 'move' }>;
    assert.equal(bounce.zone.zone, 'hand');
  });

  it('joins indented continuation lines into the statement above', () => {
    const doc = parse('card lion "Silvercoat Lion": creature — Cat,\n    owner alice,\n\tcolor white\nequip a to b\n');
    assert.deepEqual(doc.problems, []);
    assert.equal(doc.statements.length, 2);
    const card = doc.statements[0] as CardStmt;
    assert.deepEqual(card.props.map((p) => p.kind), ['owner', 'color']);
    assert.equal(card.range.end.line, 2);
  });

  it('finds rule numbers in comments', () => {
    const doc = parse('destroy lion  # 701.3d and 704.5m; Riftbound 434.1.g, 818; not 2024 or 12.5\n');
    assert.deepEqual(doc.ruleRefs.map((r) => r.number), ['701.3d', '704.5m', '434.1.g', '818']);
    const r = doc.ruleRefs[0];
    assert.equal('destroy lion  # 701.3d and 704.5m; Riftbound 434.1.g, 818; not 2024 or 12.5'.slice(r.range.start.character, r.range.end.character), '701.3d');
  });

  it('reports a precise problem and recovers at the next line', () => {
    const doc = parse('game mtg\nequip splitter lion\ncard "x"\nattach a to b\nfrobnicate a\n');
    assert.equal(doc.problems.length, 3);
    assert.deepEqual(doc.problems[0].range, { start: { line: 1, character: 15 }, end: { line: 1, character: 19 } });
    assert.match(doc.problems[0].message, /Expected 'to', found 'lion'/);
    assert.match(doc.problems[1].message, /card id/);
    assert.match(doc.problems[2].message, /Unknown statement 'frobnicate'/);
    assert.ok(doc.statements.some((s) => s.kind === 'attach'));
  });

  it('says how a line written subject first is written (`alice leaves the game`, `bears dies`), and only for such a verb', () => {
    const doc = parse('game mtg\nalice leaves the game\nbears dies\nblade equips bears\nbears flies\n');
    assert.deepEqual(doc.problems.map((p) => p.range.start.line), [1, 2, 3, 4]);
    assert.match(doc.problems[0].message, /Unknown statement 'alice': a line starts with its event verb, not with what the event is about\. Write `leave alice`\./);
    assert.match(doc.problems[1].message, /Write `destroy bears` \(MTG\), `kill bears` \(Riftbound\)\./);
    assert.match(doc.problems[2].message, /Write `equip blade to CREATURE`\./);
    assert.match(doc.problems[3].message, /^Unknown statement 'bears'\. A line starts with a declaration/);
  });

  it('says a type is missing when a filter starts with its control clause or an anthem with `get` (`other get +1/+1`), not "after \'or\'"', () => {
    const lines = [
      'game mtg',
      'card a "A": enchantment, other get +1/+1',
      'card b "B": enchantment, you control get +1/+1',
      'card c "C": enchantment, an opponent controls get -1/-1',
      'card d "D": enchantment — Aura, enchant you control',
      'card e "E": enchantment, other creatures you control get +1/+1, creatures or get +1/+1',
    ];
    const doc = parse(lines.join('\n'));
    assert.deepEqual(doc.problems.map((p) => [p.range.start.line, p.range.start.character]), [
      [1, lines[1].indexOf('get')],
      [2, lines[2].indexOf('you')],
      [3, lines[3].indexOf('an opponent')],
      [4, lines[4].indexOf('you')],
      [5, lines[5].lastIndexOf('get')],
    ]);
    assert.match(doc.problems[0].message, /^Expected a type such as 'creatures' before 'get', to say what it applies to\.$/);
    assert.match(doc.problems[1].message, /^Expected a type such as 'creatures' before 'you'/);
    assert.match(doc.problems[2].message, /^Expected a type such as 'creatures' before 'an'/);
    assert.match(doc.problems[3].message, /^Expected a type such as 'creature' before 'you'/);
    // After `or` the type missing is the one after it.
    assert.match(doc.problems[4].message, /^Expected a type after 'or'/);
  });

  it('parses the zone an enchant filter names (MTG 109.2a), and reports each malformed one precisely', () => {
    const doc = parse([
      'game mtg',
      'card a "A": enchantment — Aura, enchant creature card in a graveyard, in hand',
      'card b "B": enchantment — Aura, enchant instant or sorcery card in your graveyard',
      "card c \"C\": enchantment — Aura, enchant card in an opponent's graveyard, owner x",
    ].join('\n'));
    assert.deepEqual(doc.problems, []);
    const filters = doc.statements.filter((s): s is CardStmt => s.kind === 'card').map((c) => {
      const p = c.props.find((x) => x.kind === 'enchant');
      return p && p.kind === 'enchant' ? p.filter : undefined;
    });
    assert.deepEqual(filters.map((f) => f?.zone && [f.zone.zone, f.zone.whose]), [['graveyard', 'any'], ['graveyard', 'you'], ['graveyard', 'opponent']]);
    assert.deepEqual(filters[0]!.alternatives[0].map((t) => t.word), ['creature', 'card']);
    const zoneAt = 'card a "A": enchantment — Aura, enchant creature card in a graveyard, in hand'.indexOf('in a graveyard');
    assert.deepEqual(filters[0]!.zone!.range, { start: { line: 1, character: zoneAt }, end: { line: 1, character: zoneAt + 'in a graveyard'.length } });
    assert.equal(filters[1]!.alternatives.length, 2);
    const a = doc.statements[1] as CardStmt;
    assert.ok(a.props.some((p) => p.kind === 'zone' && p.zone.zone === 'hand'), 'the card\'s own zone after the comma');

    const bad = parse([
      'game mtg',
      'card a "A": enchantment — Aura, enchant creature in hand',
      'card b "B": enchantment — Aura, enchant creature card in a library',
      'card c "C": enchantment — Aura, enchant in a graveyard',
      'card d "D": enchantment — Aura, enchant creature card in the graveyard',
      'card e "E": enchantment — Aura, enchant creature card in a graveyard owner x',
    ].join('\n'));
    assert.deepEqual(bad.problems.map((p) => p.range.start.line), [1, 2, 3, 4, 5]);
    assert.match(bad.problems[0].message, /end the filter with a comma first: ', in hand'/);
    const handAt = 'card a "A": enchantment — Aura, enchant creature in hand'.indexOf('hand');
    assert.deepEqual(bad.problems[0].range, { start: { line: 1, character: handAt }, end: { line: 1, character: handAt + 4 } });
    assert.match(bad.problems[1].message, /'graveyard'.*found 'library'/);
    assert.match(bad.problems[2].message, /before 'in'/);
    assert.match(bad.problems[3].message, /found 'the'/);
    assert.match(bad.problems[4].message, /found 'owner'/);
  });

  it('parses losing and gaining abilities, "not removing" and "controlled by", and reports each malformed form', () => {
    const ok = parse(
      [
        'loses pacifism all abilities',
        'loses pacifism enchant',
        'loses sword equip',
        'loses boar reconfigure',
        'loses lion protection',
        'gains pacifism enchant creature or planeswalker',
        'gains lion protection from white, not removing blessing',
        'gains lion protection from white, not removing Auras',
        'gains lion protection from white, not removing attached',
        'expect lion controlled by bob',
      ].join('\n'),
    );
    assert.deepEqual(ok.problems, []);
    const evs = ok.statements as EventNode[];
    assert.deepEqual(evs.map((e) => (e.kind === 'abilities' ? e.ability : e.kind === 'protection' ? e.keep?.what : e.kind)), ['all', 'enchant', 'equip', 'reconfigure', 'protection', 'enchant', 'card', 'auras', 'attached', 'expect']);
    const gained = evs[5];
    assert.equal(gained.kind === 'abilities' && gained.filter?.alternatives.length, 2);
    const kept = evs[6];
    assert.equal(kept.kind === 'protection' && kept.keep?.card?.text, 'blessing');
    const a = evs[9];
    assert.equal(a.kind === 'expect' && a.assertion?.kind, 'controlled-by');

    const bad = parse(['loses lion all', 'gains lion protection from white, not', 'gains lion enchant', 'gains lion equip', 'expect lion controlled bob', 'loses lion protection from white, not removing x'].join('\n'));
    assert.equal(bad.problems.length, 6);
    assert.match(bad.problems[0].message, /Expected 'abilities' at the end/);
    assert.match(bad.problems[1].message, /Expected 'removing' at the end/);
    assert.match(bad.problems[2].message, /what it can enchant/);
    assert.match(bad.problems[3].message, /Expected 'protection from \.\.\.', 'enchant FILTER', 'hexproof', 'shroud', 'ward' or a keyword \(flying, first strike, \.\.\.\), found 'equip'/);
    assert.match(bad.problems[4].message, /Expected 'by', found 'bob'/);
    assert.match(bad.problems[5].message, /Expected the end of the statement, found ','/);
  });

  it('reports unterminated strings, bad escapes and stray characters without throwing', () => {
    const doc = parse('title "abc\ntitle "a\\qb"\ncard a "A": creature @ — Cat\n\u0000\n');
    const messages = doc.problems.map((p) => p.message).join('\n');
    assert.match(messages, /Unterminated string/);
    assert.match(messages, /Unknown escape/);
    assert.match(messages, /Unexpected character '@'/);
    assert.match(messages, /U\+0000/);
  });

  it('handles BOM, CRLF and CR line ends, and UTF-16 columns', () => {
    const crlf = parse('\ufeffgame mtg\r\nplayer bob\r\n');
    assert.equal(crlf.eol, '\r\n');
    assert.deepEqual(crlf.problems, []);
    assert.equal(crlf.statements.length, 2);
    const cr = parse('game mtg\rplayer bob\r');
    assert.equal(cr.eol, '\r');
    assert.equal(cr.statements.length, 2);
    const wide = parse('card 𝒜x "𝒜": creature — Cat\nequip 𝒜x to b\n');
    const ev = wide.statements[1] as Extract<EventNode, { kind: 'attach' }>;
    assert.deepEqual(ev.host.range.start, { line: 1, character: 13 });
  });

  it('parses the targeting keywords: properties, gains and loses, paying ward', () => {
    const doc = parse(
      [
        'card k "Kappa": creature — Turtle, hexproof, hexproof from black, shroud, ward 2, ward "discard a card", owner bob',
        'gains alice hexproof from artifacts',
        'loses k ward',
        'cast p targeting k paying ward by alice',
        'cast p targeting k by alice paying ward',
      ].join('\n'),
    );
    assert.deepEqual(doc.problems, []);
    const card = doc.statements[0] as CardStmt;
    const kws = card.props.flatMap((p) => (p.kind === 'keyword' ? [[p.keyword.name, p.keyword.quality?.text, p.keyword.cost?.text]] : []));
    assert.deepEqual(kws, [['hexproof', undefined, undefined], ['hexproof', 'black', undefined], ['shroud', undefined, undefined], ['ward', undefined, '2'], ['ward', undefined, 'discard a card']]);
    assert.ok(card.props.some((p) => p.kind === 'owner'));
    const gains = doc.statements[1] as Extract<EventNode, { kind: 'keyword' }>;
    assert.equal(gains.kind, 'keyword');
    assert.equal(gains.verb, 'gains');
    assert.equal(gains.keyword.quality?.text, 'artifacts');
    const loses = doc.statements[2] as Extract<EventNode, { kind: 'keyword' }>;
    assert.deepEqual([loses.verb, loses.keyword.name, loses.keyword.cost], ['loses', 'ward', undefined]);
    for (const i of [3, 4]) {
      const cast = doc.statements[i] as Extract<EventNode, { kind: 'cast' }>;
      assert.equal(cast.by?.text, 'alice');
      assert.ok(cast.payingWard, `line ${i}: paying ward`);
    }
    const bad = parse(['gains k hexproof from', 'cast p targeting k paying', 'cast p targeting k paying ward paying ward'].join('\n'));
    assert.deepEqual(
      bad.problems.map((p) => [p.range.start.line, p.message]),
      [
        [0, 'Expected a quality: a color, or card types in the plural (hexproof from black, hexproof from artifacts) at the end of the statement.'],
        [1, "Expected 'ward' at the end of the statement."],
        [2, "Expected 'by' or the end of the statement, found 'paying'."],
      ],
    );
  });

  it('reads a mana cost after the keywords cards print one with (`equip {1}`, `bestow {2}{B}{B}`, `ward {2}`), and nowhere else', () => {
    const doc = parse(
      [
        'card a "A": artifact — Equipment, equip {1}, equip Knight {1}, equip planeswalker {W/U}, owner bob',
        'card b "B": enchantment creature — Horror, bestow {2}{B}{B}, ward {2}, morph {2}{U}, disguise {X}{W}, owner bob',
        'card c "C": artifact creature — Equipment Lizard, reconfigure {2}, owner bob',
        'card d "D": artifact — Fortification, fortify {3}, owner bob',
        'gains b ward {4}',
        'card w "Arcanum Wings": enchantment — Aura, enchant creature, aura swap {2}{U}, owner bob',
      ].join('\n'),
    );
    assert.deepEqual(doc.problems, []);
    const a = doc.statements[0] as CardStmt;
    assert.deepEqual(
      a.props.flatMap((p) => (p.kind === 'equip' ? [p.quality?.alternatives.flat().map((t) => t.word).join(' ') ?? ''] : [])),
      ['', 'Knight', 'planeswalker'],
    );
    const b = doc.statements[1] as CardStmt;
    assert.deepEqual(
      b.props.map((p) => (p.kind === 'keyword' ? `ward ${p.keyword.cost?.text}` : p.kind === 'flag' ? p.flag : p.kind === 'keyword-ability' ? p.name.text : p.kind)),
      ['bestow', 'ward {2}', 'morph', 'disguise', 'owner'],
    );
    assert.equal((doc.statements[4] as Extract<EventNode, { kind: 'keyword' }>).keyword.cost?.text, '{4}');
    // The lexer's problems come first.
    const bad = parse(['card e "E": creature — Bird, flying {1}, owner bob', 'card f "F": artifact — Equipment, equip {, owner bob', 'card g "G": artifact — Equipment, equip {}, owner bob'].join('\n'));
    assert.deepEqual(
      bad.problems.map((p) => [p.range.start.line, p.range.start.character, p.range.end.character, p.message]),
      [
        [1, 40, 41, 'A mana symbol is written in braces with something between them, as cards print it: `{1}`, `{2}{W}`.'],
        [2, 40, 42, 'A mana symbol is written in braces with something between them, as cards print it: `{1}`, `{2}{W}`.'],
        [0, 36, 39, 'A mana cost follows only a keyword that has one (equip, fortify, reconfigure, bestow, aura swap, ward, morph, megamorph, disguise, mutate); {1} is not read here.'],
      ],
    );
    // The declarations go on past the problem: each card has its owner.
    for (const st of parse(['card f "F": artifact — Equipment, equip {, owner bob'].join('\n')).statements) assert.ok((st as CardStmt).props.some((p) => p.kind === 'owner'));
  });

  it('reads the capitals cards print: the card types before the dash (`Creature`, `Basic Land`, `UNIT`) and the first word of a property (`Enchant creature`, `Equip {1}`)', () => {
    const text = [
      'card p "Pacifism": Enchantment — Aura, Enchant creature, Flash, Enchanted creature has defender, owner bob',
      'card f "Forest": Basic Land — Forest, owner bob',
      'card s "Bonesplitter": Artifact — Equipment, Equip {1}, Equipped creature gets +2/+0, Double strike, owner bob',
      'card g "Garen": UNIT — Demacia, Might 4, Shield, owner bob',
      'card l "Long Sword": Gear — Equipment, Action Equip, Reaction ability parry, owner bob',
      'card c "Control Magic": enchantment — Aura, Enchant creature, You control enchanted creature, owner bob',
    ].join('\n');
    const doc = parse(text);
    assert.deepEqual(doc.problems, []);
    const cards = doc.statements as CardStmt[];
    assert.deepEqual(
      cards.map((c) => [...c.typeLine!.types.map((w) => w.text), '—', ...c.typeLine!.subtypes.map((w) => w.text)].join(' ')),
      ['enchantment — Aura', 'basic land — Forest', 'artifact — Equipment', 'unit — Demacia', 'gear — Equipment', 'enchantment — Aura'],
    );
    const shown = (c: CardStmt) =>
      c.props.map((p) =>
        p.kind === 'flag' ? p.flag : p.kind === 'keyword-ability' ? `${p.timing ? `${p.timing.text} ` : ''}${p.name.text}` : p.kind === 'equip' ? `${p.timing ? `${p.timing.text} ` : ''}equip` : p.kind === 'grant' ? `${p.grant.who.text} ${p.grant.verb}` : p.kind === 'might' ? `might ${p.value}` : p.kind,
      );
    assert.deepEqual(shown(cards[0]), ['enchant', 'flash', 'enchanted creature has', 'owner']);
    assert.deepEqual(shown(cards[2]), ['equip', 'pt-bonus', 'double strike', 'owner']);
    // A Riftbound keyword is capitalized already: `Shield` stays `Shield`.
    assert.deepEqual(shown(cards[3]), ['might 4', 'Shield', 'owner']);
    assert.deepEqual(shown(cards[4]), ['Action equip', 'Reaction ability parry', 'owner']);
    assert.deepEqual(shown(cards[5]), ['enchant', 'enchanted creature has', 'owner']);
    // The fast path leaves these lines to the full parser, which reads them the same.
    assert.deepEqual(doc, parse(text, { fastPath: false }));
    // Only a word that is one in lowercase: a subtype stays a subtype, and `Creature` after the dash, `CReature` or `Blah` are read as written.
    const other = parse(['card x "X": CReature — Creature, Blah, Owner bob'].join('\n'));
    const x = other.statements[0] as CardStmt;
    assert.deepEqual([x.typeLine!.types[0].text, x.typeLine!.subtypes[0].text], ['CReature', 'Creature']);
    assert.deepEqual(x.props.map((p) => (p.kind === 'unknown' ? p.word.text : p.kind)), ['Blah', 'owner']);
  });

  it('reads a period that ends a sentence of card text as the end of a property (`Enchant creature.`), and reports one anywhere else', () => {
    const text = [
      'card w "Spectral Ward": enchantment — Aura, Enchant creature. Enchanted creature has protection from all colors.',
      'card g "Lightning Greaves": artifact — Equipment, Equipped creature has haste and shroud., Equip {0}, owner bob',
      'card s "Sword": artifact — Equipment, Equipped creature gets +2/+0. Equip {2}.   # a comment',
      'card a "Guardian Angel": gear — Equipment, If I would die, kill this instead. Heal me, exhaust me, and recall me., owner bob',
      'card e "Aura": enchantment — Aura, Enchant Equipment. Enchanted Equipment has "Equipped creature has flying.", owner bob',
    ].join('\n');
    const doc = parse(text);
    assert.deepEqual(doc.problems, []);
    const [w, g, s, a, e] = doc.statements as CardStmt[];
    const shown = (c: CardStmt) => c.props.map((p) => (p.kind === 'grant' ? `${p.grant.who.text} ${p.grant.verb} ${p.grant.abilities.length}` : p.kind === 'flag' ? p.flag : p.kind));
    assert.deepEqual(shown(w), ['enchant', 'enchanted creature has 1']);
    assert.deepEqual(shown(g), ['equipped creature has 2', 'equip', 'owner']);
    assert.deepEqual(shown(s), ['pt-bonus', 'equip']);
    assert.deepEqual(shown(a), ['kill-instead', 'owner']);
    const angel = a.props[0];
    assert.deepEqual(angel.kind === 'flag' ? angel.then : undefined, ['heal', 'exhaust', 'recall']);
    assert.deepEqual(shown(e), ['enchant', 'enchanted Equipment has 1', 'owner']);
    // The fast path leaves these lines to the full parser, which reads them the same.
    assert.deepEqual(doc, parse(text, { fastPath: false }));
    // Anywhere else a period is a problem, each with a message that says where a period is read.
    for (const [line, problem] of [
      ['expect bears has flying.', /found '\.': a period ends a property of a card declaration/],
      ['card x "X": creature — Bear, owner .bob', /A period is read only where it ends a sentence/],
      ['card x "X": creature — Bear, owner bob..', /A period is read only where it ends a sentence/],
      ['card x "X": creature — Bear, attached to. bob', /found '\.': a period ends a property/],
      ['card x "X": creature — Bear, owner bob..', /A period is read only where it ends a sentence/],
      // Inside a number or a word, a `.` is the token's: `1.3` is one number, not `1` and a period.
      ['card x "X": unit, might 1.3', /Expected a number, found '1\.3'/],
    ] as const) {
      const bad = parse(line);
      assert.equal(bad.problems.length, 1, line);
      assert.match(bad.problems[0].message, problem, line);
    }
  });

  it('reads a period right after a closing quote as the end of a sentence (`has "equipped creature has flying".`), and nowhere else', () => {
    const text = [
      'card r "Rune of Flight": enchantment — Aura, Enchant permanent. Enchanted permanent has "equipped creature has flying"., owner bob',
      'card w "Wisp": creature — Spirit, Ward "discard a card".',
    ].join('\n');
    const doc = parse(text);
    assert.deepEqual(doc.problems, []);
    const [r, w] = doc.statements as CardStmt[];
    assert.deepEqual(r.props.map((p) => p.kind), ['enchant', 'grant', 'owner']);
    const ward = w.props[0];
    assert.equal(ward.kind === 'keyword' ? ward.keyword.cost?.text : undefined, 'discard a card');
    assert.deepEqual(doc, parse(text, { fastPath: false }));
    // A string's period is one only where a property ends: after a title, a card's name or in an event it is a problem.
    // After a card's name, as a card from the card data is declared (`card pac "Pacifism".`): the name ends a sentence.
    const strip = (d: unknown) => JSON.stringify(d, (k, v: unknown) => (k === 'r' || k === 'start' || k === 'end' || k === 'range' ? undefined : v));
    assert.deepEqual(parse('card pac "Pacifism".').problems, []);
    assert.equal(strip(parse('card pac "Pacifism". owner bob.').statements), strip(parse('card pac "Pacifism", owner bob').statements));
    for (const line of ['title "X".', 'card x "X".: creature', 'expect w has ward "discard a card".']) {
      assert.equal(parse(line).problems.length, 1, line);
      assert.match(parse(line).problems[0].message, /period/, line);
    }
    // Not before a space, a comma, a comment or the end of the line: no period.
    assert.match(parse('card x "X": creature, ward "a".x').problems[0].message, /A period is read only where it ends a sentence/);
  });

  it('reads a Riftbound keyword in brackets as cards print it (`[Equip]`, `[Shield 2]`, `[Action] Equip`), and a bracket anywhere else as a problem', () => {
    const text = [
      'card s "Doran\'s Shield": gear — Equipment, [Equip], Equipped unit has [Shield 2] and [Assault]., owner bob',
      'card b "Quick Blade": gear — Equipment, [Action] [Equip], [Quick-Draw], [Deflect 2], owner bob',
      'card j "Jax": unit, [Weaponmaster], [Reaction] ability parry, owner bob',
      'gains j [Shield] this turn',
      'expect j has [Shield 2]',
      'expect j has no [Shield]',
    ].join('\n');
    const doc = parse(text);
    assert.deepEqual(doc.problems, []);
    const plain = parse(text.replace(/[[\]]/g, ''));
    // The same statements as without the brackets, but for the ranges of the words after them.
    const strip = (v: unknown) => JSON.parse(JSON.stringify(v, (k, x) => (k === 'range' || k === 'verbRange' || (typeof x === 'number' && k !== 'value' && k !== 'line') ? undefined : x)));
    assert.deepEqual(strip(doc.statements), strip(plain.statements));
    const [s, b] = doc.statements as CardStmt[];
    assert.deepEqual(s.props.map((p) => (p.kind === 'grant' ? p.grant.abilities.map((a) => (a.kind === 'keyword' ? `${a.name.text}${a.value ? ` ${a.value.value}` : ''}` : a.kind)).join(' and ') : p.kind)), ['equip', 'Shield 2 and Assault', 'owner']);
    assert.deepEqual(b.props.map((p) => (p.kind === 'equip' ? `${p.timing?.text} equip` : p.kind === 'keyword-ability' ? p.name.text : p.kind)), ['Action equip', 'Quick-Draw', 'Deflect', 'owner']);
    // The bracket keeps its place in the ranges: the keyword's range is the word's.
    const equip = s.props[0];
    assert.equal(equip.range.start.character, text.indexOf('Equip]') );
    // Only a keyword as cards print it, in the places a keyword stands.
    for (const line of ['card x "X": unit, [might 2], owner bob', 'card x "X": unit, [Shield, owner bob', 'card x "X": unit, [shield], owner bob', 'expect x attached to [y]', 'card x "X": unit — [Yordle], owner bob']) {
      const bad = parse(line);
      assert.equal(bad.problems.length, 1, line);
      assert.match(bad.problems[0].message, /brackets hold a Riftbound keyword as cards print it/, line);
    }
  });

  it('says how the cards print a keyword a `resolve` line names in another case (`weaponmaster`: `Weaponmaster`), and reads it in brackets', () => {
    for (const [line, printed] of [['resolve jax weaponmaster choosing sword', 'Weaponmaster'], ['resolve g quick-draw', 'Quick-Draw']]) {
      const bad = parse(line);
      assert.equal(bad.problems.length, 1, line);
      assert.ok(bad.problems[0].message.endsWith(`a keyword is written as the cards print it, \`${printed}\`.`), bad.problems[0].message);
    }
    assert.match(parse('resolve jax blah').problems[0].message, /found 'blah'\.$/);
    const doc = parse('resolve jax [Weaponmaster] choosing sword');
    assert.deepEqual(doc.problems, []);
    const ev = doc.statements[0] as Extract<EventNode, { kind: 'resolve' }>;
    assert.deepEqual([ev.ability?.text, ev.choosing?.text], ['Weaponmaster', 'sword']);
  });

  it('reads `gets +P/+T and has ABILITY` as cards print it: the change and the grant, and the properties after them', () => {
    const doc = parse(
      [
        'card s "Sword of Fire and Ice": artifact — Equipment, equipped creature gets +2/+2 and has protection from red and from blue, equip {2}, owner bob, in hand',
        'card r "Rancor": enchantment — Aura, enchant creature, Enchanted creature gets +2/+0 and has trample, attached to b',
        'card t "Tatters": enchantment — Aura, enchanted creature gets -1/-0 and loses flying, owner bob',
      ].join('\n'),
    );
    assert.deepEqual(doc.problems, []);
    const [s, r, t] = doc.statements as CardStmt[];
    assert.deepEqual(
      s.props.map((p) => (p.kind === 'grant' ? `${p.grant.who.text} ${p.grant.verb} ${p.grant.abilities.length}` : p.kind)),
      ['pt-bonus', 'equipped creature has 2', 'equip', 'owner', 'zone'],
    );
    assert.deepEqual(
      r.props.map((p) => (p.kind === 'grant' ? `${p.grant.who.text} ${p.grant.verb}` : p.kind)),
      ['enchant', 'pt-bonus', 'enchanted creature has', 'attached'],
    );
    assert.deepEqual(
      t.props.map((p) => (p.kind === 'grant' ? `${p.grant.who.text} ${p.grant.verb}` : p.kind)),
      ['pt-bonus', 'enchanted creature loses', 'owner'],
    );
    // A grant written wrong after `and` is one problem, and the declaration goes on at the next comma.
    const bad = parse('card u "U": artifact — Equipment, equipped creature gets +1/+1 and has, owner bob');
    assert.equal(bad.problems.length, 1);
    assert.ok((bad.statements[0] as CardStmt).props.some((p) => p.kind === 'owner'));
  });

  it('parses `paying deflect` (Riftbound 809.1.c) after `targeting`, before or after `by P`, and only there', () => {
    const doc = parse(['attach b to g targeting with s paying deflect by alice', 'attach b to g targeting by alice paying deflect', 'attach b to g targeting paying ward'].join('\n'));
    assert.deepEqual(doc.problems, []);
    for (const i of [0, 1]) {
      const ev = doc.statements[i] as Extract<EventNode, { kind: 'attach' }>;
      assert.equal(ev.by?.text, 'alice');
      assert.equal(ev.payingWard, undefined);
      assert.deepEqual(ev.payingDeflect && [ev.payingDeflect.start.line, ev.payingDeflect.end.character - ev.payingDeflect.start.character], [i, 'paying deflect'.length]);
    }
    assert.equal((doc.statements[0] as Extract<EventNode, { kind: 'attach' }>).targeting?.source?.text, 's');
    const ward = doc.statements[2] as Extract<EventNode, { kind: 'attach' }>;
    assert.ok(ward.payingWard && !ward.payingDeflect);
    const act = parse(['activate s ability punch targeting g paying deflect by alice', 'activate s ability punch targeting g by alice paying deflect'].join('\n'));
    assert.deepEqual(act.problems, []);
    for (const st of act.statements) assert.ok((st as Extract<EventNode, { kind: 'activate' }>).payingDeflect && (st as Extract<EventNode, { kind: 'activate' }>).by?.text === 'alice');
    assert.deepEqual(parse('activate s ability punch paying deflect').problems.map((p) => p.range.start.character), ['activate s ability punch '.length]);
    const bad = parse(['attach b to g paying deflect', 'equip b to g paying deflect', 'attach b to g targeting paying', 'attach b to g targeting paying mana'].join('\n'));
    assert.deepEqual(
      bad.problems.map((p) => [p.range.start.line, p.message]),
      [
        [0, '`paying deflect` goes with an effect that chooses its targets (`attach X to U targeting ... paying deflect`): this `attach` chooses none, so no Deflect adds to its cost. Remove it.'],
        [1, '`paying deflect` goes with an effect that chooses its targets (`attach X to U targeting ... paying deflect`): Equip chooses only a unit its own player controls, so no Deflect adds to its cost. Remove it.'],
        [2, "Expected 'ward' (MTG: a target's ward cost) or 'deflect' (Riftbound: the Power a target's Deflect adds) at the end of the statement."],
        [3, "Expected 'ward' (MTG: a target's ward cost) or 'deflect' (Riftbound: the Power a target's Deflect adds), found 'mana'."],
      ],
    );
  });

  it('keeps the first of a property a card has only one of, and reports the second where it is written', () => {
    const line = 'card s "Sword": artifact — Equipment, owner alice, owner bob, in hand, attached to lion, in graveyard, attached to bear, flying';
    for (const fastPath of [true, false]) {
      const doc = parse(line, { fastPath });
      const card = doc.statements[0] as CardStmt;
      assert.deepEqual(
        card.props.map((p) => p.kind),
        ['owner', 'zone', 'attached', 'keyword-ability'],
        'the properties after a repeated one are read too',
      );
      const owner = card.props[0];
      assert.equal(owner.kind === 'owner' && owner.player.text, 'alice');
      const at = (s: string) => ({ start: { line: 0, character: line.indexOf(s) }, end: { line: 0, character: line.indexOf(s) + s.length } });
      assert.deepEqual(
        doc.problems.map((p) => [p.range, p.message]),
        [
          [at('owner bob'), '`owner` is written twice in this declaration, and a card has only one: the first, `owner alice`, counts. Remove this one.'],
          [at('in graveyard'), "The card's zone is written twice in this declaration, and a card is in one zone: the first, `in hand`, counts. Remove this one."],
          [at('attached to bear'), '`attached to` is written twice in this declaration, and a card has only one: the first, `attached to lion`, counts. Remove this one.'],
        ],
      );
      assert.equal(card.range.end.character, line.length, 'the statement spans the whole line');
    }
    // A line the fast path reads (common properties only) goes to the full parser at the repeat.
    const common = 'card s "Sword": artifact, owner alice, in hand, owner bob';
    assert.deepEqual(parse(common), parse(common, { fastPath: false }));
    assert.equal(parse(common).problems.length, 1);
    // An unknown property is read up to the next comma, as such: its game's declaration reports it.
    const bad = parse('card s "Sword": artifact, owner alice, owner bob, frob now, in hand');
    assert.deepEqual(bad.problems.map((p) => p.message.slice(0, 7)), ['`owner`']);
    assert.deepEqual((bad.statements[0] as CardStmt).props.map((p) => p.kind), ['owner', 'unknown', 'zone']);
    // `controller` and `entered under` are two properties; those a card may have several of add up.
    assert.deepEqual(parse('card s "S": creature, controller bob, entered under alice, protection from red, protection from blue, enchant creature, enchant land').problems, []);
  });

  it("asks for the source card after 'with'", () => {
    const doc = parse('attach sw to lion targeting with by alice');
    assert.deepEqual(
      doc.problems.map((p) => [p.range.start.character, p.message]),
      [[33, "Expected the card after 'with' (the source: the card whose spell or ability attaches it), found 'by'."]],
    );
    // A card named `by` is still a source when `by P` follows it.
    const named = parse('attach sw to lion targeting with by by alice');
    assert.deepEqual(named.problems, []);
    const ev = named.statements[0] as Extract<EventNode, { kind: 'attach' }>;
    assert.deepEqual([ev.targeting?.source?.text, ev.by?.text], ['by', 'alice']);
  });

  it('reads `resolve X living weapon creating T` and `resolve X Weaponmaster [choosing G]`, and a line moved keeps the names (702.92a, 821.1.c)', () => {
    const doc = parse('game mtg\nresolve skull living weapon creating germ\nresolve jax Weaponmaster choosing blade\nresolve jax Weaponmaster\n');
    const [living, chosen, none] = doc.statements.slice(1) as Extract<EventNode, { kind: 'resolve' }>[];
    assert.equal(living.ability?.text, 'living weapon');
    assert.deepEqual(living.ability?.range, { start: { line: 1, character: 14 }, end: { line: 1, character: 27 } });
    assert.deepEqual([living.creating?.text, living.creating?.range.start], ['germ', { line: 1, character: 37 }]);
    assert.deepEqual([chosen.ability?.text, chosen.choosing?.text], ['Weaponmaster', 'blade']);
    assert.deepEqual([none.ability?.text, none.choosing], ['Weaponmaster', undefined]);
    // A line break typed above: the statements after it are moved, not parsed again.
    const moved = movedLines(living, (l) => l + 2);
    assert.deepEqual([moved.creating?.text, moved.creating?.range.start], ['germ', { line: 3, character: 37 }]);
    assert.deepEqual(movedLines(chosen, (l) => l + 2).choosing?.range.start, { line: 4, character: 34 });
  });

  it('reads `resolve G Quick-Draw [choosing U]` (819.1.d): the keyword as one word, the unit and its range, kept by a moved line', () => {
    const doc = parse('game riftbound\nresolve blade Quick-Draw choosing vi\nresolve blade Quick-Draw\nresolve blade Quick-Draw creating vi\n');
    const [chosen, none] = doc.statements.slice(1) as Extract<EventNode, { kind: 'resolve' }>[];
    assert.deepEqual([chosen.ability?.text, chosen.ability?.range], ['Quick-Draw', { start: { line: 1, character: 14 }, end: { line: 1, character: 24 } }]);
    assert.deepEqual([chosen.choosing?.text, chosen.choosing?.range.start], ['vi', { line: 1, character: 34 }]);
    assert.deepEqual([none.ability?.text, none.choosing], ['Quick-Draw', undefined]);
    // Quick-Draw creates nothing: `creating` is a syntax error, at that word.
    assert.deepEqual(doc.problems.map((p) => [p.range.start.line, p.range.start.character]), [[3, 25]]);
    assert.deepEqual(movedLines(chosen, (l) => l + 1).choosing?.range.start, { line: 2, character: 34 });
  });

  it('never throws on arbitrary text', () => {
    const samples = ['', '\n\n', '   indented first', '#', '"', '— — —', 'card', 'card a', 'card a "', 'expect', 'expect no', 'game', ',,,', '---', 'equip a to', '\u2028x'];
    for (const s of samples) assert.doesNotThrow(() => parse(s), s);
  });
});
