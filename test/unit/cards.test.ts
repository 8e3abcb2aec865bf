// The user's card data (core/cards, io/cards.ts): the three formats read into the same records,
// the facts a card gives a declaration, the name index, the cache; and the examples declared by
// name alone, checked exactly as their fully declared twins.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CardCatalog, check, factsOf, parse, parseCardFile, readCardData, type CardCatalogs, type CardStmt, type Finding } from '../../core';
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
    assert.equal(riftbound.catalogs.riftbound!.size, 16);
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
    assert.deepEqual(facts(cards.mtg, 'Rod of Storms'), { typeLine: 'enchantment — Aura', props: ['color red', 'enchant creature you control', 'enchanted creature gets +2/+0'] });
    assert.deepEqual(facts(cards.mtg, 'Lightning Rod // Rod of Storms'), { typeLine: 'artifact — Equipment', props: ['color red', 'equipped creature gets +1/+0', 'equip'] });
    assert.deepEqual(facts(cards.mtg, 'Insectile Aberration'), { typeLine: 'creature — Human Insect', props: ['color blue', 'flying'] });
  });

  it('abilities from the rules text: enchant, equip with a quality, protection, hexproof, ward, reconfigure, bestow, aura swap, flash, a casting prohibition and permission', () => {
    const f = (n: string) => facts(cards.mtg, n).props;
    assert.deepEqual(f('Cartouche of Solidarity'), ['color white', 'enchant creature you control', 'enchanted creature gets +1/+1', 'enchanted creature has first strike']);
    assert.deepEqual(f('Curse of Opulence'), ['color red', 'enchant player']);
    assert.deepEqual(f('Utopia Sprawl'), ['color green', 'enchant Forest']);
    assert.deepEqual(f('Animate Dead'), ['color black', 'enchant creature card in a graveyard']);
    assert.deepEqual(f('Blackblade Reforged'), ['equip'], 'Equip {7} equips any creature');
    assert.deepEqual(f('Sword of Fire and Ice'), ['equipped creature gets +2/+2', 'equipped creature has protection from red and from blue', 'equip'], 'the protection is the equipped creature\'s');
    assert.deepEqual(f('Sanctuary Blade'), ['as it becomes attached choose a color', 'equipped creature gets +2/+0', 'equipped creature has protection from the last chosen color', 'equip'], 'the color chosen as it becomes attached, and the protection that reads it');
    assert.deepEqual(f('Mirran Crusader'), ['color white', 'double strike', 'protection from black', 'protection from green']);
    assert.deepEqual(f('White Knight'), ['color white', 'first strike', 'protection from black']);
    assert.deepEqual(f('Knight of Grace'), ['color white', 'first strike', 'hexproof from black']);
    assert.deepEqual(f('Gladecover Scout'), ['color green', 'hexproof']);
    assert.deepEqual(f('Kappa Tech-Wrecker'), ['color green', 'ward 1', 'deathtouch']);
    assert.deepEqual(f('Glaring Fleshraker'), ['ward "Pay 2 life"']);
    assert.deepEqual(f('Lion Sash'), ['color white', 'reconfigure']);
    assert.deepEqual(f('Hopeful Eidolon'), ['color white', 'bestow', 'lifelink', 'enchanted creature gets +1/+1', 'enchanted creature has lifelink']);
    assert.deepEqual(f('Arcanum Wings'), ['color blue', 'enchant creature', 'enchanted creature has flying', 'aura swap']);
    assert.deepEqual(f('Aether Storm'), ['color blue', "players can't cast creature spells"]);
    assert.deepEqual(f('Feather of Flight'), ['color blue', 'flash', 'enchant creature', 'enchanted creature gets +1/+0', 'enchanted creature has flying']);
    assert.deepEqual(f("Garruk's Horde"), ['color green', 'you may cast creature spells from the top of your library']);
    // Konda's Banner: a restriction on what the Equipment itself may be attached to (701.3a).
    assert.deepEqual(f("Konda's Banner"), ['can be attached only to legendary creature', 'equip']);
    // Replacements that exile instead (614.1a): its own, every card's, an opponent's.
    assert.deepEqual(f('Ghastly Mimicry'), ['color blue', 'enchant creature', 'if it would be put into a graveyard, exile it instead']);
    assert.deepEqual(f('Rest in Peace'), ['color white', 'if a card would be put into a graveyard, exile it instead']);
    assert.deepEqual(f('Leyline of the Void'), ['color black', "if a card would be put into an opponent's graveyard, exile it instead"]);
    assert.deepEqual(facts(cards.mtg, 'Darksteel Garrison'), { typeLine: 'artifact — Fortification', props: ['fortified land has indestructible'] });
    assert.deepEqual(facts(cards.mtg, 'Forest'), { typeLine: 'basic land — Forest', props: [] });
    assert.deepEqual(facts(cards.riftbound, 'Long Sword'), { typeLine: 'gear — Equipment', props: ['might-bonus 2', 'equip'] });
    // A unit's keywords are its own; a gear's are not read (its Effect Text can't be told from the list).
    assert.deepEqual(facts(cards.riftbound, 'Garen, Might of Demacia'), { typeLine: 'unit — Garen Demacia', props: ['might 4', 'Shield'] });
    // A keyword's value (807.1.b, 814.1.b): from the text's "[Assault 2]", or from the list's "Shield 3".
    assert.deepEqual(facts(cards.riftbound, 'Test Raider'), { typeLine: 'unit — Noxus', props: ['might 2', 'Assault 2'] });
    assert.deepEqual(facts(cards.riftbound, 'Test Warden'), { typeLine: 'unit — Demacia', props: ['might 2', 'Shield 3'] });
    // Guardian Angel's Effect Text, naming itself for "this" (136.2.d), with what the same replacement goes on to do.
    assert.deepEqual(facts(cards.riftbound, 'Guardian Angel'), { typeLine: 'gear — Equipment', props: ['equip', 'if I would die, kill this instead, heal me, exhaust me, and recall me'] });
    // Control Magic: the whole line, as the property (613.1b).
    assert.deepEqual(f('Control Magic'), ['color blue', 'enchant creature', 'you control enchanted creature']);
    assert.deepEqual(f('Confiscate'), ['color blue', 'enchant permanent', 'you control enchanted permanent']);
  });

  it("keyword abilities: the MTG list's words on a line of keywords, lowercase", () => {
    const f = (n: string) => facts(cards.mtg, n).props;
    assert.deepEqual(f('Serra Angel'), ['color white', 'flying', 'vigilance']);
    assert.deepEqual(f('Ornithopter'), ['flying']);
    assert.deepEqual(f('Spectral Sailor'), ['color blue', 'flash', 'flying']);
    assert.deepEqual(f('Mirran Crusader'), ['color white', 'double strike', 'protection from black', 'protection from green']);
    assert.deepEqual(f('Bronzeplate Boar'), ['trample', 'equipped creature gets +3/+2', 'equipped creature has trample', 'reconfigure'], 'its own trample, and the one it grants');
    assert.deepEqual(mtgjson.catalogs.mtg!.factsOf(mtgjson.catalogs.mtg!.lookup('Serra Angel')!).props, ['color white', 'flying', 'vigilance']);
  });

  it("toughness and changes to it: a creature's toughness read when it is a number (shown, not declared), an attachment's `gets +P/+T` (613.4c), in both formats and through the cache", () => {
    for (const catalog of [scryfall.catalogs.mtg!, mtgjson.catalogs.mtg!, CardCatalog.fromCache(JSON.parse(JSON.stringify(scryfall.catalogs.mtg!.toCache())))!]) {
      const f = (n: string) => catalog.factsOf(catalog.lookup(n)!).props;
      assert.equal(catalog.lookup('Grizzly Bears')!.toughness, 2);
      assert.equal(catalog.lookup('Phyrexian Germ')!.toughness, 0);
      // A stated toughness is the scenario's: the bonuses the checker can't read ("+1/+1 for each Forest") would make the card's wrong.
      assert.deepEqual(f('Grizzly Bears'), ['color green']);
      assert.deepEqual(f('Phyrexian Germ'), ['color black']);
      assert.deepEqual(f('Batterskull'), ['living weapon', 'equipped creature gets +4/+4', 'equipped creature has vigilance and lifelink', 'equip']);
      assert.deepEqual(f('Dead Weight'), ['color black', 'enchant creature', 'enchanted creature gets -2/-2']);
      // An Equipment has no toughness of its own to read.
      assert.ok(!f('Batterskull').some((p) => p.startsWith('toughness')));
    }
    // Living weapon and For Mirrodin! (702.92a, 702.163a), their reminder text left out and the exclamation mark dropped.
    const [rebel] = readCardData([{ name: 'Mirran Blade', type_line: 'Artifact — Equipment', oracle_text: 'For Mirrodin! (When this Equipment enters, create a 2/2 red Rebel creature token, then attach this to it.)\nEquipped creature gets +1/+0.\nEquip {3}' }]).records;
    const blade = new CardCatalog('mtg', [rebel]);
    assert.deepEqual(blade.factsOf(blade.lookup('Mirran Blade')!).props, ['for mirrodin', 'equipped creature gets +1/+0', 'equip']);
    // Job select (702.182a), the same: "Job select" with its reminder text, read as `job select`.
    const [staff] = readCardData([{ name: "White Mage's Staff", type_line: 'Artifact — Equipment', oracle_text: 'Job select (When this Equipment enters, create a 1/1 colorless Hero creature token, then attach this to it.)\nEquipped creature gets +1/+1, has "Whenever this creature attacks, you gain 1 life," and is a Cleric in addition to its other types.\nEquip {3}', colors: ['W'] }]).records;
    const mage = new CardCatalog('mtg', [staff]);
    assert.deepEqual(mage.factsOf(mage.lookup("White Mage's Staff")!).props.filter((p) => p === 'job select' || p === 'equip'), ['job select', 'equip']);
    // Mutate (702.140a): the keyword, its mana cost and reminder text left out.
    const [gemrazer] = readCardData([{ name: 'Gemrazer', type_line: 'Creature — Beast', oracle_text: 'Mutate {1}{G}{G} (If you cast this spell for its mutate cost, put it over or under target non-Human creature you own. They mutate into the creature on top plus all abilities from under it.)\nReach, trample\nWhenever this creature mutates, destroy target artifact or enchantment an opponent controls.', power: '4', toughness: '4', colors: ['G'] }]).records;
    const razer = new CardCatalog('mtg', [gemrazer]);
    assert.deepEqual(razer.factsOf(razer.lookup('Gemrazer')!).props, ['color green', 'mutate', 'reach', 'trample']);
    // `*` is no number: nothing is read.
    const star = readCardData([{ name: 'Tarmogoyf', type_line: 'Creature — Lhurgoyf', oracle_text: '', power: '*', toughness: '1+*' }]).records[0];
    assert.equal(star.toughness, undefined);
  });

  it('grants: what an Equipment, Aura or Fortification gives or takes, written as the declaration would', () => {
    const f = (n: string) => facts(cards.mtg, n).props;
    assert.deepEqual(f('Sword of Fire and Ice'), ['equipped creature gets +2/+2', 'equipped creature has protection from red and from blue', 'equip'], 'the trigger sentence gives nothing');
    assert.deepEqual(f('Lightning Greaves'), ['equipped creature has haste and shroud', 'equip']);
    assert.deepEqual(f('Swiftfoot Boots'), ['equipped creature has hexproof and haste', 'equip']);
    assert.deepEqual(f('Cobbled Wings'), ['equipped creature has flying', 'equip']);
    assert.deepEqual(f('Magebane Armor'), ['equipped creature gets +2/+4', 'equipped creature loses flying', 'equip'], 'the prevention sentence gives nothing');
    assert.deepEqual(f('Embercleave'), ['color red', 'flash', 'equipped creature gets +1/+1', 'equipped creature has double strike and trample', 'equip']);
    assert.deepEqual(f('Rancor'), ['color green', 'enchant creature', 'enchanted creature gets +2/+0', 'enchanted creature has trample']);
    assert.deepEqual(f('Darksteel Garrison'), ['fortified land has indestructible']);
    // What the language can't say is not read: flanking (Agility's +1/+1 is); a type change beside the
    // flying; a bonus that counts; a protection from a color chosen as the Aura enters.
    assert.deepEqual(f('Agility'), ['color red', 'enchant creature', 'enchanted creature gets +1/+1']);
    assert.deepEqual(f('Angelic Armaments'), ['color white', 'equip']);
    assert.deepEqual(f('Lion Sash'), ['color white', 'reconfigure']);
    assert.deepEqual(f('Benevolent Blessing'), ['color white', 'flash', 'enchant creature']);
    // With the sentence that chooses as it enters (the fixture's text lacks it), the protection is read too.
    const blessing = { name: 'Benevolent Blessing', typeLine: 'Enchantment — Aura', text: 'Flash\nEnchant creature\nAs Benevolent Blessing enters, choose a color.\nEnchanted creature has protection from the chosen color.', colors: ['white'], keywords: ['Flash', 'Enchant'] };
    assert.deepEqual(factsOf(blessing, 'mtg').props, ['color white', 'flash', 'enchant creature', 'as it enters choose a color', 'enchanted creature has protection from the chosen color']);
    assert.deepEqual(factsOf({ ...blessing, text: blessing.text.replace('As Benevolent Blessing enters,', 'As this Aura enters the battlefield,') }, 'mtg').props, ['color white', 'flash', 'enchant creature', 'as it enters choose a color', 'enchanted creature has protection from the chosen color']);
    // Each is one property of the language, as a declaration would write it.
    for (const name of ['Sword of Fire and Ice', 'Lightning Greaves', 'Swiftfoot Boots', 'Cobbled Wings', 'Magebane Armor', 'Serra Angel', 'Embercleave']) {
      for (const p of f(name)) {
        const doc = parse(`card x "${name}", ${p}`);
        assert.deepEqual([doc.problems.length, (doc.statements[0] as CardStmt).props.length], [0, 1], p);
      }
    }
  });

  it('a sentence with a condition, a choice or a part that is not an ability gives nothing; one ability the language lacks is left out', () => {
    const read = (text: string, keywords: string[] = []) => factsOf({ name: 'X', typeLine: 'Artifact — Equipment', text, colors: [], keywords }, 'mtg').props;
    for (const text of [
      'As long as equipped creature is red, it has first strike.',
      'During your turn, equipped creature has first strike.',
      'Equipped creature has flying as long as you control an artifact.',
      'Equipped creature has first strike and haste as long as it is attacking.',
      'Equipped creature gets +X/+0 and has haste, where X is the number of artifacts you control.',
      'Enchanted creature gets +1/+1 and has flying or first strike.',
      'Equipped creature can\'t be blocked and has shroud.',
      'Enchanted creature has "{T}: Add {G}." and flying.',
      'Enchanted creature loses all abilities.',
      'Target creature gains your choice of flying, first strike, or lifelink until end of turn.',
    ]) {
      assert.deepEqual(read(text), [], text);
    }
    assert.deepEqual(read('Enchanted creature gets +1/+1 and has flying and flanking.'), ['enchanted creature gets +1/+1', 'enchanted creature has flying']);
    assert.deepEqual(read('Enchanted creature has protection from Dragons and from red.'), ['enchanted creature has protection from red']);
    assert.deepEqual(read('Enchanted permanent has shroud.'), ['enchanted permanent has shroud']);
    assert.deepEqual(read('Equipped creature has ward {2}.'), ['equipped creature has ward 2']);
    assert.deepEqual(read('Equipped creature gets +1/+1 and has flying, first strike, and vigilance.'), ['equipped creature gets +1/+1', 'equipped creature has flying and first strike and vigilance']);
    assert.deepEqual(read('Equipped creature gets +2/+2 and has trample. Whenever equipped creature attacks, draw a card.'), ['equipped creature gets +2/+2', 'equipped creature has trample']);
    // Spectra Ward: protection from all colors (702.16h), sparing Auras (702.16n).
    assert.deepEqual(read("Enchanted creature gets +2/+2 and has protection from all colors. This effect doesn't remove Auras."), ['enchanted creature gets +2/+2', 'enchanted creature has protection from all colors, not removing Auras']);
    assert.deepEqual(read("Enchanted creature has flying. This effect doesn't remove Auras."), ['enchanted creature has flying'], 'nothing to spare without a protection');
    // The Ward cycle: the card spares itself (its name is the record's: `X` here).
    assert.deepEqual(read("Enchanted creature has protection from white. This effect doesn't remove X."), ['enchanted creature has protection from white, not removing itself']);
    assert.deepEqual(read("Enchanted creature has protection from white. This effect doesn't remove Y."), ['enchanted creature has protection from white'], 'another card is not read');
    assert.deepEqual(read('Flanking, trample', ['Flanking']), ['trample'], 'a keyword the file lists makes the line a keyword line');
    assert.deepEqual(read('Flanking, trample'), [], 'without it, the line is not known to be one');
    assert.deepEqual(read('Warden of the Wall'), [], 'a word that starts like ward is not ward');
    assert.deepEqual(read('Ward—Pay 3 life.'), ['ward "Pay 3 life"']);
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

  it('a cache with some hundred thousand type lines is read whole (the stack is not its bound)', () => {
    const cache = JSON.parse(JSON.stringify(cards.mtg!.toCache())) as ReturnType<CardCatalog['toCache']>;
    const known = cache.typeLineTable.length;
    for (let i = 0; i < 300_000; i++) cache.typeLineTable.push(`Creature — Test${i}`);
    const again = CardCatalog.fromCache(cache)!;
    assert.equal(again.size, cards.mtg!.size);
    for (const r of cards.mtg!.cards()) assert.deepEqual(again.factsOf(again.lookup(r.name)!), cards.mtg!.factsOf(r));
    assert.ok(known < 300_000);
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

describe('card data: keyword abilities and grants of a card declared by name', () => {
  const run = (...lines: string[]) => check(['game mtg', 'rules 2024-06-07', 'player alice', 'player bob', ...lines].join('\n'), { cards });
  it('Daybreak Coronet\'s enchant (`creature with another Aura attached to it`) is read from the card as if written', () => {
    const events = ['turn alice', 'cast coronet targeting bears', 'cast coronet targeting lion', 'resolve coronet', 'expect coronet attached to lion'];
    const board = ['card lion "Silvercoat Lion", owner alice', 'card bears "Grizzly Bears", owner alice', 'card holy "Holy Strength": enchantment — Aura, enchant creature, owner alice, attached to lion'];
    const byName = run(...board, 'card coronet "Daybreak Coronet", owner alice, in hand', ...events);
    const written = run(...board, 'card coronet "Daybreak Coronet": enchantment — Aura, enchant creature with another Aura attached to it, owner alice, in hand', ...events);
    // The bears have no Aura: the first cast is refused, the second (the lion has Holy Strength) is legal.
    assert.deepEqual(byName.findings.map((f) => [f.code, f.range.start.line]), [['illegal-aura-target', 9]]);
    assert.deepEqual(written.findings.map((f) => [f.code, f.rules]), byName.findings.map((f) => [f.code, f.rules]));
  });
  it('Gate Smasher\'s "can be attached only to a creature with toughness 4 or greater" is read from the card as if written', () => {
    const [rec] = readCardData([{ name: 'Gate Smasher', type_line: 'Artifact — Equipment', oracle_text: 'Gate Smasher can be attached only to a creature with toughness 4 or greater.\nEquipped creature gets +7/+0 and has trample.\nEquip {3}' }]).records;
    const catalog = new CardCatalog('mtg', [rec]);
    assert.ok(catalog.factsOf(rec).props.includes('can be attached only to creature with toughness 4 or greater'), JSON.stringify(catalog.factsOf(rec).props));
    // The creatures are not in this card data: their unknown-card information is left aside.
    const board = ['card lion "Silvercoat Lion": creature — Cat, owner alice, toughness 3', 'card ox "Siege Ox": creature — Ox, owner alice, toughness 4'];
    const events = ['turn alice', 'equip smasher to lion', 'equip smasher to ox', 'expect smasher attached to ox', 'put a -1/-1 counter on ox', 'expect smasher unattached'];
    const go = (decl: string, withCards: boolean) => check(['game mtg', 'rules 2024-06-07', 'player alice', ...board, decl, ...events].join('\n'), withCards ? { cards: { mtg: catalog } } : {}).findings.filter((f) => f.code !== 'unknown-card');
    const byName = go('card smasher "Gate Smasher", owner alice', true);
    const written = go('card smasher "Gate Smasher": artifact — Equipment, can be attached only to a creature with toughness 4 or greater, equip, owner alice', false);
    // Equip to the Lion (toughness 3) attaches nothing; the counter makes the Ox 3, and the Smasher falls off.
    assert.deepEqual(byName.map((f) => [f.code, f.range.start.line]), [['illegal-attachment', 7], ['missing-unattach', 10]]);
    assert.deepEqual(written.map((f) => [f.code, f.rules]), byName.map((f) => [f.code, f.rules]));
  });
  it('Dream Leash\'s "You can cast Dream Leash only targeting a tapped permanent" is read from the card as if written', () => {
    const [rec] = readCardData([{ name: 'Dream Leash', type_line: 'Enchantment — Aura', oracle_text: 'Enchant permanent\nYou can cast Dream Leash only targeting a tapped permanent.\nYou control enchanted permanent.' }]).records;
    const catalog = new CardCatalog('mtg', [rec]);
    assert.deepEqual(catalog.factsOf(rec).props, ['enchant permanent', 'cast only targeting a tapped permanent', 'you control enchanted permanent']);
    const board = ['player bob', 'card bear "Grizzly Bears": creature — Bear, owner bob'];
    const events = ['cast leash targeting bear', 'tap bear', 'cast leash targeting bear', 'untap bear', 'resolve leash', 'expect bear controlled by alice'];
    const go = (decl: string, withCards: boolean) => check(['game mtg', 'rules 2024-06-07', 'player alice', ...board, decl, ...events].join('\n'), withCards ? { cards: { mtg: catalog } } : {}).findings.filter((f) => f.code !== 'unknown-card');
    const byName = go('card leash "Dream Leash", owner alice, in hand', true);
    const written = go('card leash "Dream Leash": enchantment — Aura, enchant permanent, cast only targeting a tapped permanent, you control enchanted permanent, owner alice, in hand', false);
    // Untapped, the Bears can't be targeted; tapped, they can, and untapping them in response changes nothing.
    assert.deepEqual(byName.map((f) => [f.code, f.range.start.line]), [['illegal-aura-target', 6]]);
    assert.deepEqual(written.map((f) => [f.code, f.rules]), byName.map((f) => [f.code, f.rules]));
  });
  it('are the card\'s as if written', () => {
    const r = run(
      'card lion "Silvercoat Lion", owner alice',
      'card angel "Serra Angel", owner alice',
      'card armor "Magebane Armor", owner alice',
      'card boots "Swiftfoot Boots", owner alice',
      'expect angel has flying',
      'expect angel has vigilance',
      'equip boots to lion',
      'expect lion has hexproof',
      'expect lion has haste',
      'equip armor to angel',
      'expect angel has no flying',
    );
    assert.deepEqual(r.findings.map((f) => f.message), []);
    assert.equal(r.stats.expectations, 5);
  });

  it('what the declaration writes wins: a written grant replaces the card\'s, a written keyword adds to its others', () => {
    const r = run(
      'card lion "Silvercoat Lion", owner alice',
      'card angel "Serra Angel", owner alice, haste',
      'card sword "Sword of Fire and Ice", owner alice, equipped creature has flying',
      'expect angel has flying',
      'expect angel has vigilance',
      'expect angel has haste',
      'equip sword to lion',
      'expect lion has flying',
      'expect lion has no protection from red',
    );
    assert.deepEqual(r.findings.map((f) => f.message), []);
    assert.equal(r.stats.expectations, 5);
  });
});
