// Generators for property-based tests of the rules core (fast-check).
//
//  (a) well-formed scenarios for both games: a header, players, cards with random type lines and
//      properties, random events of every verb with names that are sometimes wrong, and `expect`s;
//  (b) mutations of every fixture and example (and of generated scenarios): line and character
//      edits, random bytes, huge lines, deep continuation, unterminated strings, a BOM, line-end
//      conversion, non-ASCII names, and arbitrary unicode text.
//
// Names in generated scenarios are written as placeholders (`{C:3}` = the 3rd card, modulo the
// number of cards) and resolved when the scenario is rendered, so fast-check can shrink them as
// plain integers without `chain`.
import fc from 'fast-check';
import { EXAMPLES_DIR, FIXTURES_DIR, listBoards, readText } from '../support/fixtures';
import { relative } from 'node:path';

export type GameId = 'mtg' | 'riftbound';

/** One generated input, with a short description of how it was made (shown in failures). */
export class FuzzInput {
  constructor(
    readonly text: string,
    readonly origin: string,
    /** A free random number for the properties (which line to ask `boardAt`, which fixes to try). */
    readonly pick: number,
  ) {}
  [fc.toStringMethod](): string {
    return `FuzzInput(${this.origin}, pick=${this.pick}, ${this.text.length} chars: ${JSON.stringify(preview(this.text))})`;
  }
  toString(): string {
    return this[fc.toStringMethod]();
  }
}

/** The text for a failure message: the whole text when short, else its start and end. */
export function preview(text: string, max = 600): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max / 2)} …[${text.length - max} chars]… ${text.slice(-max / 2)}`;
}

// ---- the corpus: every fixture and example -------------------------------------------------

export interface CorpusFile {
  name: string;
  text: string;
}

let corpusCache: CorpusFile[] | undefined;
export function corpus(): CorpusFile[] {
  if (!corpusCache) {
    const root = FIXTURES_DIR.replace(/[\\/]test[\\/]fixtures$/, '');
    corpusCache = [...listBoards(FIXTURES_DIR), ...listBoards(EXAMPLES_DIR)].map((p) => ({ name: relative(root, p), text: readText(p) }));
  }
  return corpusCache;
}

// ---- placeholders ----------------------------------------------------------------------------

// Some names are members every plain object inherits (`constructor`, `toString`...): words like any other.
const PLAYER_POOL = ['alice', 'bob', 'carol', 'p1', 'p2', 'Ærin', 'игрок', 'constructor'];
const MTG_CARD_POOL = ['lion', 'bears', 'splitter', 'pacifism', 'curse', 'garrison', 'plains', 'knight', 'sash', 'role', 'boar', 'a', 'b', 'c', 'x1', 'Löwe', '狮子', 'αβ', 'bone-splitter', 'aura_2', 'toString', '__proto__'];
const RB_CARD_POOL = ['garen', 'sword', 'axe', 'shield', 'lux', 'vi', 'gloves', 'blade', 'a', 'b', 'c', 'u1', 'g2', 'ジン', 'Zoë', 'long-sword', 'cape_3', 'valueOf'];
const BATTLEFIELDS = ['b1', 'b2', 'ridge', 'Summoner-Rift', 'β'];
const NAMES = ['Silvercoat Lion', 'Bonesplitter', 'Pacifism', 'Long Sword', 'Garen, Might of Demacia', 'Quote \\"inside\\"', 'Back\\\\slash', '', '狮子 🦁', 'Ce\u0301line', 'x'];

/** Resolves `{C:i}` (card), `{P:i}` (player), `{H:i}` (card, sometimes a player), `{W:i}` (a wrong name), `{B:i}` (battlefield). */
function resolve(template: string, cards: string[], players: string[]): string {
  const wrong = [...cards.map((c) => c.slice(0, -1) || 'zz'), ...cards.map((c) => c.toUpperCase()), 'nobody', 'ghost', 'creature', 'to', 'by', 'hasOwnProperty'];
  return template.replace(/\{([CPHWB]):(\d+)\}/g, (_m, k: string, n: string) => {
    const i = Number(n);
    switch (k) {
      case 'C':
        return cards[i % cards.length];
      case 'P':
        return players[i % players.length];
      case 'H':
        return i % 6 === 5 ? players[i % players.length] : cards[i % cards.length];
      case 'W':
        return wrong[i % wrong.length];
      default:
        return BATTLEFIELDS[i % BATTLEFIELDS.length];
    }
  });
}

const idx = fc.nat(40);
const C = idx.map((i) => `{C:${i}}`);
const P = idx.map((i) => `{P:${i}}`);
const B = idx.map((i) => `{B:${i}}`);
const H = idx.map((i) => `{H:${i}}`);
/** A card name in an event: mostly a declared card, sometimes a player or a wrong name. */
const CX = fc.oneof({ weight: 12, arbitrary: C }, { weight: 1, arbitrary: P }, { weight: 1, arbitrary: idx.map((i) => `{W:${i}}`) });
const HX = fc.oneof({ weight: 12, arbitrary: H }, { weight: 1, arbitrary: idx.map((i) => `{W:${i}}`) });
const PX = fc.oneof({ weight: 10, arbitrary: P }, { weight: 1, arbitrary: C }, { weight: 1, arbitrary: idx.map((i) => `{W:${i}}`) });
const by = fc.option(PX.map((p) => ` by ${p}`), { freq: 3, nil: '' });
// `under P` on one line in five: a player, now and then a card (not a player: unknown-name); the weird words of `by` go through the same parser rule.
const under = fc.oneof({ weight: 4, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.oneof({ weight: 10, arbitrary: P }, { weight: 1, arbitrary: C }).map((p) => ` under ${p}`) });

// ---- cards -----------------------------------------------------------------------------------

const MTG_COLORS = ['white', 'blue', 'black', 'red', 'green'];
const colorProp = fc
  .tuple(fc.constantFrom('color', 'colors'), fc.uniqueArray(fc.constantFrom(...MTG_COLORS), { minLength: 1, maxLength: 3 }))
  .map(([k, cs]) => `${k} ${cs.join(' ')}`);
const PROT_QUALITIES = [...MTG_COLORS, 'multicolored', 'monocolored', 'colorless', 'legendary', 'artifacts', 'creatures', 'enchantments', 'Auras', 'Equipment', 'everything', 'lands', 'toString', 'constructor'];
const protQuality = fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...PROT_QUALITIES) }, { weight: 1, arbitrary: P });

const FILTER_WORDS = ['creature', 'creature', 'land', 'artifact', 'permanent', 'player', 'opponent', 'Forest', 'Cat', 'nonland', 'non-Aura', 'noncreature', 'white', 'token', 'legendary', 'colorless', 'planeswalker', 'card', 'enchantment', 'Equipment', 'constructor'];
const filter = fc
  .tuple(
    fc.array(fc.array(fc.constantFrom(...FILTER_WORDS), { minLength: 1, maxLength: 2 }), { minLength: 1, maxLength: 3 }),
    fc.constantFrom('', '', '', ' you control', ' an opponent controls', " you don't control", ' you do not control'),
    // MTG's clauses after the words (Gate Smasher, Daybreak Coronet), before or after the control clause, and near misses.
    fc.constantFrom('', '', '', '', '', '', ' with toughness 4 or greater', ' with toughness 2 or less', ' with toughness 3', ' with toughness four or greater', ' with another Aura attached to it'),
    fc.boolean(),
  )
  .map(([alts, ctl, clause, first]) => alts.map((a) => a.join(' ')).join(' or ') + (first ? clause + ctl : ctl + clause));

const MTG_ZONE_WORDS = ['battlefield', 'hand', 'library', 'graveyard', 'exile', 'stack', 'command'];
const RB_ZONE_WORDS = ['hand', 'deck', 'trash', 'banishment'];

const mtgCommonProp = fc.oneof(
  { weight: 3, arbitrary: colorProp },
  { weight: 2, arbitrary: protQuality.map((q) => `protection from ${q}`) },
  { weight: 2, arbitrary: fc.constantFrom(...MTG_ZONE_WORDS, 'battlefield', 'battlefield', 'battlefield').map((z) => `in ${z}`) },
  { weight: 2, arbitrary: fc.constantFrom('token', 'phased out', "can't be enchanted", "can't be equipped", "can't be fortified", 'reconfigure', 'bestow') },
  // Static properties a rule reads: replacements (614.1a), a restriction (701.3a), a permission (602.5d); a filter it can't read.
  { weight: 1, arbitrary: fc.constantFrom('if it would be put into a graveyard, exile it instead', 'if a card or token would be put into a graveyard from anywhere, exile it instead', "if a card would be put into an opponent's graveyard, exile it instead", 'can be attached only to a legendary creature', 'can be attached only to creature with flying', 'can be attached only to a creature with toughness 4 or greater', 'you may activate equip abilities any time you could cast an instant', 'enchant creature with flying') },
  // Type-changing grants (613.1d), readable and not; equip planeswalker (702.6e).
  { weight: 1, arbitrary: fc.constantFrom('enchanted permanent is a colorless Forest land', 'enchanted artifact is a creature in addition to its other types', "equipped permanent isn't a planeswalker and is a creature in addition to its other types", 'enchanted creature is a Treefolk', 'equip planeswalker') },
  // Riftbound properties in an MTG scenario: sometimes wrong.
  { weight: 1, arbitrary: fc.constantFrom('might 3', 'exhausted', 'at base', 'enchant creature', 'equip', 'protection from blakc', 'enchanted permanent is a wooden land', 'toughness 0', 'damage 2', 'fortified land gets +1/+1') },
  // What combat reads (508.1, 509.1): a creature's own restrictions, haste, vigilance, evasion and defender.
  { weight: 1, arbitrary: fc.constantFrom("can't attack", "can't block", "can't attack or block", 'haste', 'vigilance', 'flying', 'reach', 'menace', 'defender') },
  // Triggered abilities about attachment (603.2e, 603.10): mostly the game's own, now and then Riftbound's.
  { weight: 1, arbitrary: fc.constantFrom('when attached', 'when unattached', 'when attached', 'when unattached', 'when equipped creature dies', 'when detached', 'ability ping', 'when an Aura becomes attached to it', 'when an equipped creature you control dies', 'when an enchanted creature dies') },
);

interface Kind {
  types: string;
  subtypes: string;
  props: string[];
}

const kindOf = (types: fc.Arbitrary<string>, subtypes: fc.Arbitrary<string>, props: fc.Arbitrary<string[]>): fc.Arbitrary<Kind> =>
  fc.record({ types, subtypes, props });

const mtgKind: fc.Arbitrary<Kind> = fc.oneof(
  {
    weight: 4,
    arbitrary: kindOf(
      fc.constantFrom('creature', 'creature', 'artifact creature', 'legendary creature', 'enchantment creature', 'tribal creature', 'snow creature'),
      fc.constantFrom('Cat', 'Bear', 'Human Knight', 'Spirit', '', 'Cat Role'),
      // Toughness, damage and counters (704.5f, 704.5g, 122.1a): mostly alive, now and then dead as declared.
      fc.constantFrom([], [], ['bestow'], ['toughness 2'], ['toughness 3', 'damage 1'], ['toughness 2', 'with a -1/-1 counter'], ['toughness 1', 'with 2 +1/+1 counters'], ['with a +1/+1 counter', 'with a -1/-1 counter'], ['deathtouch'], ['wither', 'toughness 2'], ['infect'], ['with a shield counter', 'toughness 1']),
    ),
  },
  { weight: 2, arbitrary: kindOf(fc.constantFrom('land', 'basic land', 'artifact land', 'legendary land'), fc.constantFrom('Forest', 'Plains', 'Island', '', 'Gate'), fc.constant([])) },
  {
    weight: 4,
    arbitrary: kindOf(
      fc.constantFrom('enchantment', 'enchantment', 'enchantment creature', 'legendary enchantment'),
      fc.constantFrom('Aura', 'Aura', 'Aura Curse', 'Aura Role', 'Curse'),
      fc.array(fc.oneof(filter.map((f) => `enchant ${f}`), fc.constantFrom('enchanted creature gets -2/-2', 'enchanted creature gets +1/+1', "enchanted creature can't attack or block", "enchanted creature can't block")), { maxLength: 2 }),
    ),
  },
  {
    weight: 3,
    arbitrary: kindOf(
      fc.constantFrom('artifact', 'artifact', 'artifact creature', 'legendary artifact'),
      fc.constantFrom('Equipment', 'Equipment', 'Equipment Cat', 'Equipment Aura'),
      fc.array(fc.oneof(fc.constant('equip'), filter.map((f) => `equip ${f}`), fc.constant('reconfigure'), fc.constantFrom('equipped creature gets +2/+2', 'equipped creature gets +0/-3', 'equipped creature gets +4/+4', "equipped creature can't attack", 'equipped creature has haste and vigilance')), { maxLength: 2 }),
    ),
  },
  { weight: 2, arbitrary: kindOf(fc.constantFrom('artifact', 'artifact land', 'artifact creature'), fc.constantFrom('Fortification', 'Fortification', 'Equipment Fortification'), fc.constant([])) },
  {
    weight: 1,
    arbitrary: kindOf(
      fc.constantFrom('battle', 'planeswalker', 'instant', 'sorcery', 'kindred', 'artifact enchantment', 'goblin', 'unit', ''),
      fc.constantFrom('Siege', 'Jace', '', 'Aura', 'Equipment'),
      fc.constant([]),
    ),
  },
);

const rbKind: fc.Arbitrary<Kind> = fc.oneof(
  { weight: 4, arbitrary: kindOf(fc.constantFrom('unit', 'unit', 'unit gear'), fc.constantFrom('', '', 'Champion', 'Equipment'), fc.array(fc.integer({ min: -2, max: 12 }).map((n) => `might ${n}`), { maxLength: 1 })) },
  {
    weight: 4,
    arbitrary: kindOf(
      fc.constantFrom('gear', 'gear', 'gear unit'),
      fc.constantFrom('Equipment', 'Equipment', ''),
      // Assault and Shield count while the unit is an Attacker or a Defender (807.1.c, 814.1.c), with their values summed (807.2, 814.2).
      fc.array(fc.oneof(fc.constant('equip'), fc.integer({ min: -3, max: 5 }).map((n) => `might-bonus ${n}`), fc.constantFrom('equipped unit has Assault', 'equipped unit has Shield', 'equipped unit has Shield 2', 'equipped unit has Assault 3 and Shield', 'equipped unit loses Shield', 'equipped unit has Deflect 2')), { maxLength: 2 }),
    ),
  },
  { weight: 1, arbitrary: kindOf(fc.constantFrom('spell', 'rune', 'battlefield', 'legend', 'token', 'spell', 'creature', ''), fc.constantFrom('', 'Equipment'), fc.constant([])) },
);

const rbCommonProp = fc.oneof(
  { weight: 6, arbitrary: fc.oneof(fc.constant('at base'), B.map((b) => `at battlefield ${b}`), fc.constantFrom(...RB_ZONE_WORDS).map((z) => `in ${z}`), B.map((b) => `in battlefield ${b}`)) },
  { weight: 4, arbitrary: fc.constantFrom('exhausted', 'token', 'equip', 'might 2', 'might-bonus 1', 'with a buff', 'Assault', 'Shield', 'Assault 2', 'Shield 3', 'Quick-Draw', 'Deflect', 'Deflect 2', 'attach target gear you control to target unit you control') },
  // Attach and detach triggers (725.1, 725.2), a gear's Deathknell (808.1.c), and MTG's words.
  { weight: 1, arbitrary: fc.constantFrom('when attached', 'when detached', 'when attached', 'when detached', 'when I die', 'when unattached', 'ability slash') },
  // MTG properties in a Riftbound scenario: sometimes wrong.
  { weight: 1, arbitrary: fc.constantFrom('enchant creature', 'color red', 'protection from red', "can't be equipped", 'reconfigure', 'phased out', 'in graveyard', 'if it would be put into a graveyard, exile it instead', 'can be attached only to legendary creature', 'damage 1', 'toughness 2', 'with a +1/+1 counter', "can't attack or block") },
);

const dash = fc.constantFrom('—', '—', '—', '–', '-', '--');

interface CardSpec {
  id: number;
  name: string;
  kind: Kind;
  dash: string;
  owner: 'yes' | 'no' | 'wrong';
  ownerRef: string;
  controller: string;
  attached: string;
  extra: string[];
  /** Put some properties on indented continuation lines. */
  wrap: boolean;
}

function cardSpec(game: GameId): fc.Arbitrary<CardSpec> {
  return fc.record({
    id: fc.nat(),
    name: fc.constantFrom(...NAMES),
    kind: game === 'mtg' ? mtgKind : rbKind,
    dash,
    owner: fc.constantFrom<'yes' | 'no' | 'wrong'>('yes', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes', 'no', 'wrong'),
    ownerRef: P,
    controller: fc.option(P.map((p) => `controller ${p}`), { freq: 6, nil: '' }),
    attached: fc.option(HX.map((h) => `attached to ${h}`), { freq: 3, nil: '' }),
    extra: fc.array(game === 'mtg' ? mtgCommonProp : rbCommonProp, { maxLength: 2 }),
    wrap: fc.boolean(),
  });
}

// ---- events ----------------------------------------------------------------------------------

const TYPE_WORDS = ['creature', 'artifact', 'land', 'enchantment', 'Aura', 'Equipment', 'Fortification', 'Cat', 'unit', 'gear', 'legendary', 'battle', 'Role', 'lowercaseword', 'red', 'colorless'];
/** Riftbound's card types and tags (a word that is neither is a syntax error there, which the fixtures test: fewer well-formed scenarios here). */
const RB_TYPE_WORDS = ['unit', 'gear', 'Equipment', 'Champion', 'Cat', 'unit', 'gear', 'Equipment'];

function zoneArb(game: GameId): fc.Arbitrary<string> {
  const own = game === 'mtg' ? MTG_ZONE_WORDS : ['base', ...RB_ZONE_WORDS];
  return fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...own) },
    { weight: game === 'riftbound' ? 4 : 1, arbitrary: B.map((b) => `battlefield ${b}`) },
    // One of the other game's zones now and then (a syntax error, in a move and in an expect).
    { weight: 1, arbitrary: fc.constantFrom(...(game === 'mtg' ? ['graveyard', 'exile', 'battlefield', 'battlefield', 'trash'] : ['base', 'trash', 'battlefield', 'battlefield', 'graveyard'])) },
  );
}

function assertionArb(game: GameId): fc.Arbitrary<string> {
  return fc.oneof(
    fc.tuple(CX, HX).map(([x, h]) => `${x} attached to ${h}`),
    CX.map((x) => `${x} unattached`),
    fc.tuple(CX, zoneArb(game)).map(([x, z]) => `${x} in ${z}`),
    CX.map((x) => `${x} at base`),
    fc.tuple(CX, B).map(([x, b]) => `${x} at battlefield ${b}`),
    fc.tuple(HX, CX).map(([h, x]) => `${h} has ${x}`),
    fc.tuple(CX, CX).map(([x, y]) => `${x} newer than ${y}`),
    // A copy (MTG 707.2; Riftbound 477.1.b), of an object or of nothing.
    fc.tuple(CX, fc.constantFrom('a copy of ', 'not a copy of ', 'not a copy'), CX).map(([x, w, y]) => `${x} ${w}${w === 'not a copy' ? '' : y}`),
    fc.tuple(CX, fc.integer({ min: -3, max: 15 })).map(([x, n]) => `${x} might ${n}`),
    fc.tuple(CX, fc.constantFrom('toughness', 'damage'), fc.integer({ min: -1, max: 8 })).map(([x, k, n]) => `${x} ${k} ${n}`),
    fc.tuple(CX, fc.constantFrom('a', 'no', '2'), fc.constantFrom('+1/+1 counter', '-1/-1 counter', 'buff')).map(([x, n, k]) => `${x} has ${n} ${k}${n === '2' ? 's' : k === 'buff' || n === 'a' ? '' : 's'}`),
    HX.map((h) => `no attachments on ${h}`),
    // A part in combat (MTG 508.1, 509.1, 506.4; Riftbound 464.2.c), each game's words and the other's.
    fc.tuple(CX, fc.constantFrom('attacking', 'not attacking', game === 'mtg' ? 'blocking' : 'defending', game === 'mtg' ? 'not blocking' : 'not defending', game === 'mtg' ? 'defending' : 'blocking')).map(([x, r]) => `${x} ${r}`),
    // How often a card's triggers have triggered (triggers.ts), with the game's phrases and the other's.
    fc.tuple(CX, fc.constantFrom('triggered', 'not triggered', 'triggered once', 'triggered twice', 'triggered 3 times', 'triggered 0 times'), fc.constantFrom('', '', ' when attached', game === 'mtg' ? ' when unattached' : ' when detached', game === 'mtg' ? ' when equipped creature dies' : ' when I die', game === 'mtg' ? ' when an enchanted creature dies' : ' when an equipped friendly unit dies', game === 'mtg' ? ' when an Aura becomes attached to it' : ' when a gear attaches to me'), fc.oneof(fc.constant(''), HX.map((h) => ` for ${h}`))).map(([x, t, w, h]) => `${x} ${t}${w}${h}`),
  );
}

function eventArb(game: GameId): fc.Arbitrary<string> {
  const mtg = game === 'mtg';
  // How long a change lasts: mostly for good; each game's words and the other's.
  const duration = fc.constantFrom('', '', '', '', ' this turn', ...(mtg ? [' until end of turn', ' until your next turn'] : []));
  return fc.oneof(
    { weight: 6, arbitrary: fc.tuple(fc.constantFrom('attach', 'equip', 'equip', mtg ? 'fortify' : 'equip'), CX, HX, by).map(([v, x, h, b]) => `${v} ${x} to ${h}${b}`) },
    // An effect that attaches and targets (MTG; Riftbound 434.3: it chooses both), paying the cost a target adds (ward, Deflect), now and then the other game's.
    { weight: 1, arbitrary: fc.tuple(CX, HX, fc.option(CX, { nil: undefined }), by, fc.constantFrom('', '', mtg ? ' paying ward' : ' paying deflect', mtg ? ' paying deflect' : ' paying ward')).map(([x, h, s, b, w]) => `attach ${x} to ${h} targeting${s ? ` with ${s}` : ''}${b}${w}`) },
    { weight: mtg ? 3 : 1, arbitrary: fc.tuple(CX, HX, by).map(([x, h, b]) => `cast ${x} targeting ${h}${b}`) },
    { weight: mtg ? 3 : 1, arbitrary: CX.map((x) => `resolve ${x}`) },
    // An ability the scenario names, its own or granted (301.5d, 303.4e; Riftbound 136.2.c), activated and resolved.
    { weight: 1, arbitrary: fc.tuple(CX, fc.constantFrom('ping', 'slash'), fc.option(HX, { nil: undefined }), by).map(([x, n, t, b]) => `activate ${x} ability ${n}${t ? ` targeting ${t}` : ''}${b}`) },
    { weight: 1, arbitrary: fc.tuple(CX, fc.constantFrom('ping', 'slash')).map(([x, n]) => `resolve ${x} ability ${n}`) },
    // Riftbound Quick-Draw's trigger on the chain (819.1.d), a unit chosen or none; now and then in MTG.
    { weight: mtg ? 1 : 2, arbitrary: fc.tuple(CX, fc.option(HX.map((h) => ` choosing ${h}`), { nil: '' })).map(([x, h]) => `resolve ${x} Quick-Draw${h}`) },
    {
      weight: 3,
      // `under P` now and then: the player it enters under (MTG 110.2a; Riftbound: the board).
      arbitrary: fc.tuple(CX, fc.oneof(fc.constant(''), HX.map((h) => ` attached to ${h}`), fc.constant(' at base'), B.map((b) => ` at battlefield ${b}`), fc.constant(' in hand')), under).map(([x, t, u]) => `enter ${x}${t}${u}`),
    },
    {
      weight: 5,
      arbitrary: fc
        .tuple(fc.constantFrom(mtg ? 'unattach' : 'detach', mtg ? 'unattach' : 'detach', mtg ? 'detach' : 'unattach'), CX, fc.option(HX.map((h) => ` from ${h}`), { freq: 2, nil: '' }))
        .map(([v, x, h]) => `${v} ${x}${h}`),
    },
    // `under P` onto the battlefield only (MTG): a zone with no controller is a syntax error, and so is a Riftbound card on the board already (the fixtures').
    { weight: 3, arbitrary: fc.tuple(CX, zoneArb(game), under).map(([x, z, u]) => `move ${x} to ${z}${mtg && z === 'battlefield' ? u : ''}`) },
    // One resolution with several parts (`together:`): entering at once (613.7m), phasing out both ways (702.26h), consequences inside the group.
    {
      weight: mtg ? 2 : 1,
      arbitrary: fc
        .array(
          fc.oneof(
            fc.tuple(CX, fc.option(HX.map((h) => ` attached to ${h}`), { nil: '' })).map(([x, t]) => `enter ${x}${t}`),
            fc.tuple(CX, HX).map(([x, h]) => `attach ${x} to ${h}`),
            fc.tuple(fc.constantFrom('out', 'out', 'in'), CX).map(([d, x]) => `phase ${d} ${x}`),
            fc.tuple(fc.constantFrom('destroy', 'exile'), CX).map(([v, x]) => `${v} ${x}`),
            fc.tuple(fc.constantFrom(mtg ? 'unattach' : 'detach'), CX, HX).map(([v, x, h]) => `${v} ${x} from ${h}`),
          ),
          { minLength: 1, maxLength: 4 },
        )
        // Sometimes in steps (`then`, after the first part).
        .chain((parts) => fc.array(fc.boolean(), { minLength: parts.length, maxLength: parts.length }).map((thens) => parts.map((p, i) => (i > 0 && thens[i] && i % 2 === 1 ? `then ${p}` : p))))
        .map((parts) => `together: ${parts.join('; ')}`),
    },
    { weight: 4, arbitrary: fc.tuple(fc.constantFrom('destroy', 'sacrifice', 'kill', 'exile', 'bounce'), CX).map(([v, x]) => `${v} ${x}`) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom('becomes', 'loses'), CX, fc.array(fc.constantFrom(...(mtg ? TYPE_WORDS : RB_TYPE_WORDS)), { minLength: 1, maxLength: 3 }), duration)
        .map(([v, x, ws, d]) => `${v} ${x} ${ws.join(' ')}${d}`),
    },
    { weight: 2, arbitrary: fc.tuple(fc.constantFrom('gains', 'loses'), HX, protQuality, duration).map(([v, x, q, d]) => `${v} ${x} protection from ${q}${d}`) },
    // Abilities an event gives or takes, for good or until end of turn (514.2, 317.2.c).
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...(mtg ? ['gains', 'loses'] : ['gains'])), HX, fc.constantFrom(...(mtg ? ['flying', 'first strike', 'hexproof', 'shroud', 'ward 2', 'all abilities', 'protection'] : ['Assault', 'Shield', 'Tank', 'Assault 2', 'Shield 3'])), duration)
        // `gains X all abilities` and `gains X protection` (without `from`) are no events.
        .map(([v, x, a, d]) => `${v === 'gains' && (a === 'all abilities' || a === 'protection') ? 'loses' : v} ${x} ${a}${d}`),
    },
    // Whose turn it is: a new turn ends the effects until end of turn.
    // The combat step or phase now and then in both games, so that attack and block lines may be legal.
    { weight: 2, arbitrary: fc.tuple(PX, fc.constantFrom('', ' main', ' end', ' combat', mtg ? ' combat' : ' showdown')).map(([p, st]) => `turn ${p}${st}`) },
    { weight: 2, arbitrary: fc.tuple(CX, fc.constantFrom('', 'to '), PX, fc.constantFrom('', '', ...(mtg ? [' until end of turn', ' for as long as alice controls lion', ' for as long as lion is enchanted'] : []), ' this turn')).map(([x, t, p, d]) => `control ${x} ${t}${p}${d}`) },
    { weight: mtg ? 2 : 1, arbitrary: fc.tuple(fc.constantFrom('out', 'in'), CX).map(([d, x]) => `phase ${d} ${x}`) },
    { weight: 1, arbitrary: PX.map((p) => `leave ${p}`) },
    { weight: mtg ? 1 : 3, arbitrary: CX.map((x) => `recall ${x}`) },
    { weight: mtg ? 1 : 2, arbitrary: fc.constant('cleanup') },
    // Damage (MTG 120.3e, 704.5g; Riftbound 143.3.a, 323.5), healing (Riftbound 418.1).
    // The source (MTG 120.1): its deathtouch, wither, infect or color decides what the damage does.
    { weight: 2, arbitrary: fc.tuple(fc.integer({ min: -1, max: 6 }), HX, fc.oneof(fc.constant(''), fc.constant(''), HX.map((s) => ` from ${s}`))).map(([n, x, s]) => `deal ${n} damage to ${x}${s}`) },
    { weight: mtg ? 1 : 2, arbitrary: CX.map((x) => `heal ${x}`) },
    // Counters (MTG 122.1a, 704.5q) and buffs (Riftbound 426.1, 702.2.b), each now and then in the other game.
    { weight: mtg ? 2 : 1, arbitrary: fc.tuple(fc.constantFrom('put', 'remove'), fc.constantFrom('a', '2', '0', '3'), fc.constantFrom('+1/+1', '-1/-1', 'shield'), HX).map(([v, n, k, x]) => `${v} ${n} ${k} counter${n === 'a' ? '' : 's'} ${v === 'put' ? 'on' : 'from'} ${x}`) },
    { weight: mtg ? 1 : 2, arbitrary: fc.tuple(fc.constantFrom('buff ', 'spend buff from '), CX).map(([v, x]) => `${v}${x}`) },
    // Regeneration (MTG 701.19a), now and then in Riftbound.
    { weight: 1, arbitrary: CX.map((x) => `regenerate ${x}`) },
    // Copies (MTG 707.4, 707.5; Riftbound 477.1.b): a permanent that becomes one, a card that enters as one (an Aura's host now and then).
    { weight: 2, arbitrary: fc.tuple(CX, CX).map(([x, y]) => `becomes ${x} a copy of ${y}`) },
    { weight: 2, arbitrary: fc.tuple(CX, CX, fc.oneof(fc.constant(''), fc.constant(''), HX.map((h) => ` attached to ${h}`)), under).map(([x, y, h, u]) => `enter ${x} as a copy of ${y}${h}${u}`) },
    // Combat: MTG `attack with X` (508.1a), `block X with Y [and Z]` (509.1a); Riftbound `attack at battlefield B [by P]` (464.2.c). Each now and then in the other game.
    { weight: mtg ? 3 : 1, arbitrary: CX.map((x) => `attack with ${x}`) },
    { weight: mtg ? 2 : 1, arbitrary: fc.tuple(CX, fc.array(CX, { minLength: 1, maxLength: 3 })).map(([x, ys]) => `block ${x} with ${ys.join(' and ')}`) },
    { weight: mtg ? 1 : 3, arbitrary: fc.tuple(B, by).map(([b, p]) => `attack at battlefield ${b}${p}`) },
    { weight: 8, arbitrary: assertionArb(game).map((a) => `expect ${a}`) },
  );
}

// ---- scenarios -------------------------------------------------------------------------------

export interface ScenarioSpec {
  game: GameId;
  title: string;
  rules: string;
  players: string[];
  cards: CardSpec[];
  cardIds: string[];
  events: { line: string; comment: string; blankBefore: boolean }[];
  eol: string;
}

const MTG_RULES = ['2024-02-02', '2024-06-07', '2025-11-14', '2026-09-25', '2025-01-01', '2024-06-07', '2026-04-17', '2025-06-06', '1999-01-01', 'v1.3'];
const RB_RULES = ['v1.2', 'v1.3', '1.3', '2026-07-16', 'v1.2', '2026-07-16', 'v0.9', '2024-06-07'];
const COMMENTS = ['', '', '', '', ' # 701.3b', ' # 434.1.g and 818', ' # ok', ' #! missing-unattach 701.3d', ' # 🦄 702.16c'];

function scenarioSpecFor(gm: GameId): fc.Arbitrary<ScenarioSpec> {
  return fc.record({
    game: fc.constant(gm),
    title: fc.option(fc.constantFrom('"A title"', '"Quote \\" and \\\\ inside"', '"狮子 🦁"', '""'), { freq: 2, nil: '' }),
    rules: fc.option(fc.constantFrom(...(gm === 'mtg' ? MTG_RULES : RB_RULES)), { freq: 2, nil: '' }),
    players: fc.uniqueArray(fc.constantFrom(...PLAYER_POOL), { minLength: 1, maxLength: 3 }),
    cards: fc.array(cardSpec(gm), { minLength: 2, maxLength: 12, size: 'max' }),
    cardIds: fc.uniqueArray(fc.constantFrom(...(gm === 'mtg' ? MTG_CARD_POOL : RB_CARD_POOL)), { minLength: 12, maxLength: 12 }),
    events: fc.array(fc.record({ line: eventArb(gm), comment: fc.constantFrom(...COMMENTS), blankBefore: fc.boolean() }), { maxLength: 60, size: 'max' }),
    eol: fc.constantFrom('\n', '\n', '\n', '\n', '\r\n', '\r'),
  });
}

// Built once: building arbitraries (constantFrom's tables) is far slower than drawing from them.
const specCache = new Map<string, fc.Arbitrary<ScenarioSpec>>();

export function scenarioSpecArb(game?: GameId): fc.Arbitrary<ScenarioSpec> {
  const key = game ?? 'any';
  let arb = specCache.get(key);
  if (!arb) {
    arb = game ? scenarioSpecFor(game) : fc.oneof(scenarioSpecFor('mtg'), scenarioSpecFor('riftbound'));
    specCache.set(key, arb);
  }
  return arb;
}

/** What a card has only one of (its zone, owner, Might...), for a property as the generators write it (the parser's singleValued). */
function singleValuedKey(prop: string): string | undefined {
  if (prop.startsWith('in ') || prop.startsWith('at ')) return 'zone';
  for (const k of ['owner ', 'controller ', 'entered under ', 'attached to ', 'might ', 'might-bonus ', 'toughness ', 'damage ', 'can be attached only to ']) if (prop.startsWith(k)) return k;
  // `with a +1/+1 counter`, `with 2 -1/-1 counters`, `with a buff`: one of each kind.
  if (prop.startsWith('with ')) return prop.includes('-1/-1') ? 'with -1/-1' : prop.includes('+1/+1') ? 'with +1/+1' : prop.includes('shield') ? 'with shield' : 'with buff';
  return undefined;
}

export function renderScenario(s: ScenarioSpec): string {
  const cards = s.cardIds.slice(0, s.cards.length);
  const players = s.players;
  const r = (t: string) => resolve(t, cards, players);
  const out: string[] = [`game ${s.game}`];
  if (s.title) out.push(`title ${s.title}`);
  if (s.rules) out.push(`rules ${s.rules}`);
  out.push('');
  for (const p of players) out.push(`player ${p}`);
  s.cards.forEach((c, i) => {
    const props: string[] = [];
    if (c.owner === 'yes') props.push(`owner ${r(c.ownerRef)}`);
    if (c.owner === 'wrong') props.push(`owner ${cards[(i + 1) % cards.length]}`);
    if (c.controller) props.push(r(c.controller));
    props.push(...c.kind.props.map(r), ...c.extra.map(r));
    if (c.attached) props.push(r(c.attached));
    // A property a card has only one of, written twice, is a syntax error: most cards keep the first only.
    if (c.id % 8 !== 0) {
      const seen = new Set<string>();
      for (let k = 0; k < props.length; k++) {
        const key = singleValuedKey(props[k]);
        if (key === undefined) continue;
        if (seen.has(key)) props.splice(k--, 1);
        else seen.add(key);
      }
    }
    // A Riftbound card attached to another is where it is (719.3): a place on the board of its own is a syntax error there (a fixture's).
    const onBoardPlace = (p: string) => p.startsWith('at ') || p.startsWith('in base') || p.startsWith('in battlefield');
    if (s.game === 'riftbound' && props.some((p) => singleValuedKey(p) === 'attached to ')) for (let k = props.length - 1; k >= 0; k--) if (onBoardPlace(props[k])) props.splice(k, 1);
    // A controller declared off the battlefield (Riftbound: the board) is a syntax error (MTG 108.4a): most such cards have none.
    const offBoard = (p: string) => /^in (hand|graveyard|library|exile|command|deck|trash|banishment)\b/.test(p);
    if (c.id % 97 !== 50 && props.some(offBoard)) for (let k = props.length - 1; k >= 0; k--) if (props[k].startsWith('controller ') || props[k].startsWith('entered under ')) props.splice(k, 1);
    const typeLine = c.kind.types + (c.kind.subtypes ? ` ${c.dash} ${c.kind.subtypes}` : '');
    const head = `card ${cards[i]} "${c.name}"${typeLine ? `: ${typeLine}` : ''}`;
    if (c.wrap && props.length > 1) {
      out.push(`${head}, ${props[0]}`);
      for (const p of props.slice(1)) out.push(`    , ${p}`);
    } else out.push([head, ...props].join(', '));
  });
  for (const e of s.events) {
    if (e.blankBefore) out.push('');
    out.push(r(e.line) + e.comment);
  }
  return out.join(s.eol) + (s.eol === '\r' ? '' : s.eol);
}

export function scenarioArb(game?: GameId): fc.Arbitrary<string> {
  return scenarioSpecArb(game).map(renderScenario);
}

// ---- mutations -------------------------------------------------------------------------------

/** Strings to splice in: code points of the whole range, lone surrogates, raw bytes, language punctuation. */
const SPECIALS = [
  '\0', '\u0000\u0000', '"', '\\', '\\"', '#', '#!', ',', ':', '—', '–', '-', '--', ' ', '\t', '\n', '\r', '\r\n', '\u2028', '\u2029', '\u00a0', '\ufeff',
  '\u0085', '\u000b', '\u000c', '😀', '🦁', '狮子', 'e\u0301', '\u0301', '\ud800', '\udc00', '\udbff\udfff', '\u200d', '\u202e', 'ﬁ', 'İ', '\uffff', '\ufffd',
  'attached to ', ' to ', ' by ', ' from ', 'card ', 'player ', 'expect ', 'game mtg', 'game riftbound', 'rules ', 'enchant ', 'equip ', 'might ', '-1', '999999999999',
  '701.3b', 'battlefield ', 'at base', 'non', 'or',
];

export const NON_ASCII_NAMES = ['😀', '狮子', 'Ле́в', 'e\u0301', '\ud800', 'a\udc00', 'ﬁre', 'Ǆemal', '𝔘𝔫𝔦', '١٢٣', 'ä', 'a\u200db', '\u0301a', 'İstanbul', '가', 'x\u2028y', 'Ω-1', '🦁lion'];

const bytesAsText = fc
  .tuple(fc.uint8Array({ maxLength: 64 }), fc.boolean())
  .map(([b, utf8]) => Buffer.from(b).toString(utf8 ? 'utf8' : 'latin1'));

export const spliceText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SPECIALS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  { weight: 2, arbitrary: fc.string16bits({ maxLength: 8 }) },
  { weight: 1, arbitrary: bytesAsText },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 6 }) },
  { weight: 1, arbitrary: fc.constantFrom(...NON_ASCII_NAMES) },
);

export type Mutation =
  | { op: 'deleteLine'; at: number }
  | { op: 'duplicateLine'; at: number }
  | { op: 'swapLines'; a: number; b: number }
  | { op: 'indentLine'; at: number; indent: string }
  | { op: 'dedentLine'; at: number }
  | { op: 'deleteChars'; at: number; len: number }
  | { op: 'insertChars'; at: number; s: string }
  | { op: 'replaceChars'; at: number; len: number; s: string }
  | { op: 'longLine'; at: number; unit: string; n: number }
  | { op: 'deepContinuation'; at: number; body: string; n: number }
  | { op: 'unterminatedString'; k: number; open: boolean }
  | { op: 'bom'; at0: boolean }
  | { op: 'lineEnds'; to: 'crlf' | 'cr' | 'lf' | 'mixed' }
  | { op: 'rename'; k: number; to: string };

export interface MutationOptions {
  /** Relative weight of the huge mutations (100k-char lines, thousands of continuation lines). 0 disables them. */
  heavy: number;
}

const LONG_UNITS = ['a', 'a ', '—', '"', '#', ',', 'card x "y": creature ', 'attached to a, ', '😀', '\u0301', ' ', '\ud800', '0', '-', '"\\', 'or '];
const CONT_BODIES = ['  , color white', '  x', '  attached to a', '\t, owner alice', '  # comment', '  , enchant creature or land or player', '   ', '  "unterminated', '  —', '  expect'];

export function mutationArb(opts: MutationOptions): fc.Arbitrary<Mutation> {
  const pos = fc.nat(1 << 30);
  const arbs: fc.WeightedArbitrary<Mutation>[] = [
    { weight: 3, arbitrary: pos.map((at) => ({ op: 'deleteLine' as const, at })) },
    { weight: 2, arbitrary: pos.map((at) => ({ op: 'duplicateLine' as const, at })) },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('swapLines' as const), a: pos, b: pos }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('indentLine' as const), at: pos, indent: fc.constantFrom(' ', '\t', '  ', '\u00a0', '\ufeff') }) },
    { weight: 1, arbitrary: pos.map((at) => ({ op: 'dedentLine' as const, at })) },
    { weight: 3, arbitrary: fc.record({ op: fc.constant('deleteChars' as const), at: pos, len: fc.integer({ min: 1, max: 20 }) }) },
    { weight: 4, arbitrary: fc.record({ op: fc.constant('insertChars' as const), at: pos, s: spliceText }) },
    { weight: 3, arbitrary: fc.record({ op: fc.constant('replaceChars' as const), at: pos, len: fc.integer({ min: 1, max: 10 }), s: spliceText }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('longLine' as const), at: pos, unit: fc.constantFrom(...LONG_UNITS), n: fc.integer({ min: 1, max: 2000 }) }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('deepContinuation' as const), at: pos, body: fc.constantFrom(...CONT_BODIES), n: fc.integer({ min: 1, max: 60 }) }) },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('unterminatedString' as const), k: fc.nat(50), open: fc.boolean() }) },
    { weight: 1, arbitrary: fc.boolean().map((at0) => ({ op: 'bom' as const, at0 })) },
    { weight: 2, arbitrary: fc.constantFrom('crlf', 'cr', 'lf', 'mixed').map((to) => ({ op: 'lineEnds' as const, to: to as 'crlf' | 'cr' | 'lf' | 'mixed' })) },
    { weight: 3, arbitrary: fc.record({ op: fc.constant('rename' as const), k: fc.nat(200), to: fc.oneof(fc.constantFrom(...NON_ASCII_NAMES), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 4 })) }) },
  ];
  if (opts.heavy > 0) {
    arbs.push(
      { weight: opts.heavy, arbitrary: fc.record({ op: fc.constant('longLine' as const), at: pos, unit: fc.constantFrom(...LONG_UNITS), n: fc.integer({ min: 20000, max: 100000 }) }) },
      { weight: opts.heavy, arbitrary: fc.record({ op: fc.constant('deepContinuation' as const), at: pos, body: fc.constantFrom(...CONT_BODIES), n: fc.integer({ min: 1000, max: 5000 }) }) },
    );
  }
  return fc.oneof(...arbs);
}

/** A line and the line break after it ('' for the last line). */
interface PhysLine {
  text: string;
  eol: string;
}

export function splitKeep(text: string): PhysLine[] {
  const out: PhysLine[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) {
      const eol = c === 13 && text.charCodeAt(i + 1) === 10 ? '\r\n' : text[i];
      out.push({ text: text.slice(start, i), eol });
      i += eol.length - 1;
      start = i + 1;
    }
  }
  out.push({ text: text.slice(start), eol: '' });
  return out;
}

function joinKeep(lines: PhysLine[]): string {
  return lines.map((l) => l.text + l.eol).join('');
}

/** The most common line break of a text, for inserted lines. */
function eolOf(lines: PhysLine[]): string {
  return lines.find((l) => l.eol)?.eol ?? '\n';
}

/** Applies one mutation. Positions are taken modulo the text's size, so every mutation applies to every text. */
export function applyMutation(text: string, m: Mutation): string {
  const lines = splitKeep(text);
  const n = lines.length;
  const eol = eolOf(lines);
  switch (m.op) {
    case 'deleteLine': {
      const i = m.at % n;
      if (i === n - 1 && i > 0) lines[i - 1].eol = '';
      lines.splice(i, 1);
      return joinKeep(lines);
    }
    case 'duplicateLine': {
      const i = m.at % n;
      const copy = { text: lines[i].text, eol: lines[i].eol || eol };
      lines.splice(i, 0, copy);
      return joinKeep(lines);
    }
    case 'swapLines': {
      const a = m.a % n;
      const b = m.b % n;
      const t = lines[a].text;
      lines[a].text = lines[b].text;
      lines[b].text = t;
      return joinKeep(lines);
    }
    case 'indentLine': {
      const i = m.at % n;
      lines[i].text = m.indent + lines[i].text;
      return joinKeep(lines);
    }
    case 'dedentLine': {
      const i = m.at % n;
      lines[i].text = lines[i].text.replace(/^[ \t\u00a0]+/, '');
      return joinKeep(lines);
    }
    case 'deleteChars': {
      if (text.length === 0) return text;
      const at = m.at % text.length;
      return text.slice(0, at) + text.slice(at + m.len);
    }
    case 'insertChars': {
      const at = m.at % (text.length + 1);
      return text.slice(0, at) + m.s + text.slice(at);
    }
    case 'replaceChars': {
      const at = m.at % (text.length + 1);
      return text.slice(0, at) + m.s + text.slice(at + m.len);
    }
    case 'longLine': {
      const i = m.at % (n + 1);
      const body = m.unit.repeat(Math.ceil(m.n / m.unit.length)).slice(0, m.n);
      // Half the time a line of its own, half the time appended to an existing line.
      if (m.n % 2 === 0 || i === n) lines.splice(i, 0, { text: body, eol });
      else lines[i].text += body;
      return joinKeep(lines);
    }
    case 'deepContinuation': {
      const i = m.at % n;
      const added: PhysLine[] = [];
      for (let k = 0; k < m.n; k++) added.push({ text: m.body, eol });
      if (!lines[i].eol) lines[i].eol = eol;
      lines.splice(i + 1, 0, ...added);
      if (i + 1 + m.n === lines.length) lines[lines.length - 1].eol = '';
      return joinKeep(lines);
    }
    case 'unterminatedString': {
      const quotes: number[] = [];
      for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 34) quotes.push(i);
      if (quotes.length === 0 || m.open) {
        // Open a string that never closes in the middle of some line.
        const ln = m.k % n;
        lines[ln].text = lines[ln].text.slice(0, lines[ln].text.length >> 1) + '"' + lines[ln].text.slice(lines[ln].text.length >> 1);
        return joinKeep(lines);
      }
      const q = quotes[m.k % quotes.length];
      return text.slice(0, q) + text.slice(q + 1);
    }
    case 'bom':
      return m.at0 ? '\ufeff' + text : text.replace(/\n/, '\n\ufeff');
    case 'lineEnds': {
      let k = 0;
      const mixed = ['\n', '\r\n', '\r'];
      for (const l of lines) if (l.eol) l.eol = m.to === 'crlf' ? '\r\n' : m.to === 'cr' ? '\r' : m.to === 'lf' ? '\n' : mixed[k++ % 3];
      return joinKeep(lines);
    }
    case 'rename': {
      // Replace every whole-word occurrence of one identifier with another (often non-ASCII) name.
      const word = /[A-Za-z][A-Za-z0-9_-]*/g;
      const words = [...new Set(text.match(word) ?? [])].filter((w) => w.length <= 64);
      if (words.length === 0) return text;
      const w = words[m.k % words.length];
      // Matches are maximal to the right; on the left, skip those inside a longer word (`1abc`).
      return text.replace(word, (x: string, at: number) => (x === w && !/[A-Za-z0-9_-]/.test(text[at - 1] ?? '') ? m.to : x));
    }
  }
}

export interface MutatedSpec {
  base: { corpus: number } | { scenario: ScenarioSpec };
  mutations: Mutation[];
}

export function mutatedSpecArb(opts: MutationOptions): fc.Arbitrary<MutatedSpec> {
  const files = corpus().length;
  return fc.record({
    base: fc.oneof({ weight: 3, arbitrary: fc.nat(files - 1).map((corpusIdx) => ({ corpus: corpusIdx })) }, { weight: 1, arbitrary: scenarioSpecArb().map((scenario) => ({ scenario })) }),
    mutations: fc.array(mutationArb(opts), { minLength: 1, maxLength: 6 }),
  });
}

export function renderMutated(m: MutatedSpec): { text: string; origin: string } {
  const base = 'corpus' in m.base ? corpus()[m.base.corpus] : undefined;
  let text = base ? base.text : renderScenario((m.base as { scenario: ScenarioSpec }).scenario);
  for (const mu of m.mutations) text = applyMutation(text, mu);
  const ops = m.mutations.map((x) => x.op).join('+');
  return { text, origin: `${base ? base.name : 'generated scenario'} mutated by ${ops}` };
}

// ---- arbitrary text --------------------------------------------------------------------------

const TOKENS = [
  'game', 'mtg', 'riftbound', 'title', 'rules', 'player', 'card', 'attach', 'equip', 'fortify', 'cast', 'resolve', 'enter', 'unattach', 'detach', 'move', 'destroy',
  'kill', 'exile', 'bounce', 'sacrifice', 'becomes', 'loses', 'gains', 'control', 'phase', 'out', 'in', 'leave', 'recall', 'cleanup', 'expect', 'to', 'by', 'from', 'deal', 'damage', 'heal', 'toughness', 'gets', '+4/+4', '-2/-2', '0/0',
  'put', 'remove', 'buff', 'spend', 'counter', 'counters', '+1/+1', '-1/-1', 'with', 'regenerate', 'shield', 'deathtouch', 'wither', 'range', 'influence',
  'attack', 'block', 'and', 'attacking', 'blocking', 'defending', 'not', 'combat', 'copy', 'as', 'of',
  'mutating', 'onto', 'mutate', 'top', 'underneath', 'merged', 'choosing', 'chosen',
  'targeting', 'attached', 'at', 'base', 'battlefield', 'owner', 'controller', 'enchant', 'protection', 'color', 'might', 'might-bonus', 'has', 'newer', 'than',
  'no', 'attachments', 'on', 'unattached', 'a', 'b', 'alice', 'creature', 'Aura', 'Equipment', 'gear', 'unit', '"x"', '"', ':', ',', '—', '-', '--', '#', '1',
  '-5', '2024-06-07', 'v1.3', "can't", 'be', 'enchanted', 'or', 'you', 'don\'t', 'an', 'opponent', 'controls', 'non', 'nonland', '😀', '\u0301', '\ud800',
];

/** Text made of language tokens and separators: looks like a scenario but isn't one. */
const tokenSoup = fc
  .array(fc.tuple(fc.constantFrom(...TOKENS), fc.constantFrom(' ', ' ', ' ', '\n', '\n  ', '\r\n', '\r', '', '\t')), { maxLength: 120 })
  .map((ts) => ts.map(([t, s]) => t + s).join(''));

export const randomTextArb: fc.Arbitrary<{ text: string; origin: string }> = fc.oneof(
  { weight: 3, arbitrary: tokenSoup.map((text) => ({ text, origin: 'token soup' })) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 300 }).map((text) => ({ text, origin: 'unicode code points' })) },
  { weight: 2, arbitrary: fc.string16bits({ maxLength: 300 }).map((text) => ({ text, origin: 'UTF-16 code units (lone surrogates)' })) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 100 }).map((text) => ({ text, origin: 'graphemes' })) },
  {
    weight: 2,
    arbitrary: fc.tuple(fc.uint8Array({ maxLength: 400 }), fc.boolean()).map(([b, utf8]) => ({ text: Buffer.from(b).toString(utf8 ? 'utf8' : 'latin1'), origin: `random bytes as ${utf8 ? 'utf8' : 'latin1'}` })),
  },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('game mtg\n', 'game riftbound\n'), fc.string({ unit: 'binary', maxLength: 200 })).map(([h, t]) => ({ text: h + t, origin: 'header + code points' })) },
);

// ---- everything together ---------------------------------------------------------------------

export interface InputOptions extends MutationOptions {}

export function fuzzInputArb(opts: InputOptions): fc.Arbitrary<FuzzInput> {
  const pick = fc.nat();
  return fc.oneof(
    { weight: 4, arbitrary: fc.tuple(scenarioSpecArb(), pick).map(([s, p]) => new FuzzInput(renderScenario(s), `generated ${s.game} scenario`, p)) },
    {
      weight: 5,
      arbitrary: fc.tuple(mutatedSpecArb(opts), pick).map(([m, p]) => {
        const r = renderMutated(m);
        return new FuzzInput(r.text, r.origin, p);
      }),
    },
    { weight: 1, arbitrary: fc.tuple(randomTextArb, pick).map(([r, p]) => new FuzzInput(r.text, r.origin, p)) },
  );
}

/** Every mutation kind, with fixed parameters, for the sweep over the whole corpus. */
export function sweepMutations(salt: number): Mutation[] {
  const s = salt * 7919;
  return [
    { op: 'deleteLine', at: s + 3 },
    { op: 'duplicateLine', at: s + 5 },
    { op: 'swapLines', a: s + 1, b: s + 8 },
    { op: 'indentLine', at: s + 6, indent: '  ' },
    { op: 'dedentLine', at: s + 2 },
    { op: 'deleteChars', at: s + 101, len: 7 },
    { op: 'insertChars', at: s + 57, s: '\0\ud800"—' },
    { op: 'replaceChars', at: s + 33, len: 3, s: '😀' },
    { op: 'longLine', at: s + 4, unit: 'a ', n: 3000 },
    { op: 'deepContinuation', at: s + 7, body: '  , color white', n: 200 },
    { op: 'unterminatedString', k: s, open: false },
    { op: 'unterminatedString', k: s, open: true },
    { op: 'bom', at0: true },
    { op: 'lineEnds', to: 'crlf' },
    { op: 'lineEnds', to: 'cr' },
    { op: 'lineEnds', to: 'mixed' },
    { op: 'rename', k: s, to: NON_ASCII_NAMES[salt % NON_ASCII_NAMES.length] },
    { op: 'rename', k: s + 1, to: '\ud800' },
    { op: 'insertChars', at: s + 11, s: '\u2028\u2029' },
  ];
}
