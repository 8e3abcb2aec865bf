// The user's card data (core/cards, io/cards.ts): the three formats read into the same records,
// the facts a card gives a declaration, the name index, the cache; and the examples declared by
// name alone, checked exactly as their fully declared twins.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CardCatalog, check, parse, parseCardFile, readCardData, type CardCatalogs, type CardStmt, type Finding } from '../../core';
import { loadCardFiles } from '../../io/cards';
import { EXAMPLES_DIR, FIXTURES_DIR } from '../support/fixtures';

const CARDS = join(FIXTURES_DIR, 'cards');
const load = (...files: string[]) => {
  const l = loadCardFiles(files.map((f) => join(CARDS, f)));
  assert.deepEqual(l.problems, []);
  return l;
};
const scryfall = load('scryfall-oracle-cards.json');
const mtgjson = load('mtgjson-atomic-cards.json');
const riftbound = load('riftbound-cards.json');
const cards: CardCatalogs = { mtg: scryfall.catalogs.mtg, riftbound: riftbound.catalogs.riftbound };
const facts = (catalog: CardCatalog | undefined, name: string) => catalog!.factsOf(catalog!.lookup(name)!);

describe('card data: formats', () => {
  it('reads Scryfall Oracle Cards, MTGJSON AtomicCards and our Riftbound list', () => {
    assert.deepEqual(
      [...scryfall.files, ...mtgjson.files, ...riftbound.files].map((f) => [f.game, f.format]),
      [['mtg', 'scryfall'], ['mtg', 'mtgjson'], ['riftbound', 'riftbound']],
    );
    assert.ok(scryfall.catalogs.mtg!.size >= 60);
    assert.equal(riftbound.catalogs.riftbound!.size, 12);
  });

  it('Scryfall and MTGJSON give every card the same facts', () => {
    const a = scryfall.catalogs.mtg!;
    const b = mtgjson.catalogs.mtg!;
    assert.equal(a.size, b.size);
    for (const rec of a.cards()) assert.deepEqual(facts(b, rec.name), a.factsOf(rec), rec.name);
  });

  it('"Default Cards" lists a card once per printing: the index keeps one', () => {
    const d = load('scryfall-default-cards.json');
    assert.equal(d.files[0].cards, 16);
    assert.equal(d.catalogs.mtg!.size, 12);
  });

  it('a card with faces: the face named, and the whole name for its front face', () => {
    assert.deepEqual(facts(cards.mtg, 'Ice'), { typeLine: 'instant', props: ['color blue'] });
    assert.deepEqual(facts(cards.mtg, 'Fire // Ice'), { typeLine: 'instant', props: ['color red'] });
    assert.deepEqual(facts(cards.mtg, 'Rod of Storms'), { typeLine: 'enchantment — Aura', props: ['color red', 'enchant creature you control'] });
    assert.deepEqual(facts(cards.mtg, 'Lightning Rod // Rod of Storms'), { typeLine: 'artifact — Equipment', props: ['color red', 'equip'] });
    assert.deepEqual(facts(cards.mtg, 'Insectile Aberration'), { typeLine: 'creature — Human Insect', props: ['color blue'] });
  });

  it('abilities from the rules text: enchant, equip with a quality, protection, hexproof, ward, reconfigure, bestow, aura swap, flash, a casting prohibition and permission', () => {
    const f = (n: string) => facts(cards.mtg, n).props;
    assert.deepEqual(f('Cartouche of Solidarity'), ['color white', 'enchant creature you control']);
    assert.deepEqual(f('Curse of Opulence'), ['color red', 'enchant player']);
    assert.deepEqual(f('Utopia Sprawl'), ['color green', 'enchant Forest']);
    assert.deepEqual(f('Animate Dead'), ['color black', 'enchant creature card in a graveyard']);
    assert.deepEqual(f('Blackblade Reforged'), ['equip'], 'Equip {7} equips any creature');
    assert.deepEqual(f('Sword of Fire and Ice'), ['equip'], 'the protection is the equipped creature\'s');
    assert.deepEqual(f('Mirran Crusader'), ['color white', 'protection from black', 'protection from green']);
    assert.deepEqual(f('White Knight'), ['color white', 'protection from black']);
    assert.deepEqual(f('Knight of Grace'), ['color white', 'hexproof from black']);
    assert.deepEqual(f('Gladecover Scout'), ['color green', 'hexproof']);
    assert.deepEqual(f('Kappa Tech-Wrecker'), ['color green', 'ward 1']);
    assert.deepEqual(f('Glaring Fleshraker'), ['ward "Pay 2 life"']);
    assert.deepEqual(f('Lion Sash'), ['color white', 'reconfigure']);
    assert.deepEqual(f('Hopeful Eidolon'), ['color white', 'bestow']);
    assert.deepEqual(f('Arcanum Wings'), ['color blue', 'enchant creature', 'aura swap']);
    assert.deepEqual(f('Aether Storm'), ['color blue', "players can't cast creature spells"]);
    assert.deepEqual(f('Feather of Flight'), ['color blue', 'flash', 'enchant creature']);
    assert.deepEqual(f("Garruk's Horde"), ['color green', 'you may cast creature spells from the top of your library']);
    assert.deepEqual(facts(cards.mtg, 'Darksteel Garrison'), { typeLine: 'artifact — Fortification', props: [] });
    assert.deepEqual(facts(cards.mtg, 'Forest'), { typeLine: 'basic land — Forest', props: [] });
    assert.deepEqual(facts(cards.riftbound, 'Long Sword'), { typeLine: 'gear — Equipment', props: ['might-bonus 2', 'equip'] });
    assert.deepEqual(facts(cards.riftbound, 'Garen, Might of Demacia'), { typeLine: 'unit — Garen Demacia', props: ['might 4'] });
  });

  it('bad input never throws: a precise problem instead', () => {
    for (const text of ['', 'not json', '{"data": 3}', '42', '{"game": "riftbound"}', '[1, null, {"name": 3}, {"name": "X", "colors": 7, "card_faces": "no"}]', '{"data": {"A": [null, 1], "B": "x"}}', '{"game": "riftbound", "cards": [{"name": "A", "type": "Unit", "might": "many", "tags": [1]}]}']) {
      const d = parseCardFile(text);
      assert.ok(Array.isArray(d.records) && Array.isArray(d.problems), text);
      for (const r of d.records) new CardCatalog('mtg', [r]).factsOf(r);
    }
    assert.match(parseCardFile('not json').problems[0], /not JSON/);
    assert.equal(readCardData([{ name: 'X', colors: 7, card_faces: 'no' }]).records[0].name, 'X');
  });
});

describe('card data: the index', () => {
  const big = new CardCatalog('mtg', Array.from({ length: 35000 }, (_, i) => ({ name: `Card Number ${i} of the Set`, typeLine: 'Creature — Bear', text: '', colors: [], keywords: [] })));
  it('finds names case-insensitively, the closest names of a misspelling, and completes by prefix and fuzzily', () => {
    assert.equal(cards.mtg!.lookup('silvercoat lion')?.name, 'Silvercoat Lion');
    assert.deepEqual(cards.mtg!.closest('Pacifsm'), ['Pacifism']);
    assert.equal(cards.mtg!.complete('pac')[0], 'Pacifism', 'a prefix first');
    assert.ok(cards.mtg!.complete('lion').includes('Silvercoat Lion'), 'a word of the name');
    assert.ok(cards.mtg!.complete('slvrct').includes('Silvercoat Lion'), 'letters in order');
    assert.equal(big.closest('Card Numbr 17 of the Set')[0], 'Card Number 17 of the Set');
    assert.equal(big.complete('card number 1', 20).length, 20);
  });

  it('its cache gives the same catalog', () => {
    for (const c of [cards.mtg!, cards.riftbound!]) {
      const again = CardCatalog.fromCache(JSON.parse(JSON.stringify(c.toCache())))!;
      assert.equal(again.size, c.size);
      for (const r of c.cards()) assert.deepEqual(again.factsOf(again.lookup(r.name)!), c.factsOf(r));
    }
    assert.equal(CardCatalog.fromCache({ version: -1 }), undefined);
  });
});

/** A finding as the twins must share it: its line (declarations keep their lines), code, rules and message. */
const key = (f: Finding) => `${f.range.start.line + 1} ${f.code} [${f.rules.join(' ')}] ${f.message}`;

/** The family of a property as written (`enchant creature` → `enchant`, `ward 1` → `ward`). */
const familyOf = (text: string) => (/^(hexproof|shroud|ward|aura swap|protection)\b/.exec(text)?.[1] ?? text.split(' ')[0]);

describe('card data: the examples declared by name alone', () => {
  const examples = readdirSync(EXAMPLES_DIR).filter((f) => f.endsWith('.board'));
  it('cover both games', () => assert.ok(examples.length >= 20));
  for (const file of examples) {
    it(`${file}: by name alone, checked exactly as its fully declared twin`, () => {
      const text = readFileSync(join(EXAMPLES_DIR, file), 'utf8');
      const doc = parse(text);
      const game = text.includes('game riftbound') ? 'riftbound' : 'mtg';
      const catalog = cards[game]!;
      const lines = text.split('\n');
      const full = [...lines];
      const byName = [...lines];
      const kept: number[] = [];
      let declared = 0;
      for (const st of doc.statements) {
        if (st.kind !== 'card' || !st.name || !st.id) continue;
        const rec = catalog.lookup(st.name.text);
        assert.ok(rec, `"${st.name.text}" is in the test card data`);
        const f = catalog.factsOf(rec);
        const line = st.range.start.line;
        const slice = (r: CardStmt['range']) => lines[line].slice(r.start.character, r.end.character);
        const written = st.props.map((p) => slice(p.range));
        const families = new Set(written.map(familyOf));
        // The twin writes out every fact of the card the example leaves to it.
        const missing = f.props.filter((p) => !families.has(familyOf(p)));
        const head = lines[line].slice(0, st.name.range.end.character);
        full[line] = head + (st.typeLine ? '' : `: ${f.typeLine}`) + lines[line].slice(st.name.range.end.character, st.range.end.character) + missing.map((p) => `, ${p}`).join('') + lines[line].slice(st.range.end.character);
        // By name: what the card says is not written; what differs from it is (and warned about).
        const own = written.filter((w) => !f.props.includes(w));
        if (own.some((w) => f.props.some((p) => familyOf(p) === familyOf(w)))) kept.push(line + 1);
        byName[line] = head + own.map((p) => `, ${p}`).join('') + lines[line].slice(st.range.end.character);
        declared++;
      }
      assert.ok(declared > 0);
      const twin = check(full.join('\n')).findings.map(key);
      const named = check(byName.join('\n'), { cards }).findings;
      // A property the example writes differently from the card stays written: a card-mismatch there, and nothing else differs.
      assert.deepEqual(named.filter((f) => f.code === 'card-mismatch').map((f) => f.range.start.line + 1), kept);
      assert.deepEqual(named.filter((f) => f.code !== 'card-mismatch').map(key), twin, byName.join('\n'));
      // The fully declared twin with the card data: the same findings, and card-mismatch only where the example differs from its card.
      const fullWithCards = check(full.join('\n'), { cards }).findings;
      assert.deepEqual(fullWithCards.filter((f) => f.code === 'card-mismatch').map((f) => f.range.start.line + 1), kept);
      assert.deepEqual(fullWithCards.filter((f) => f.code !== 'card-mismatch').map(key), twin);
    });
  }
});
