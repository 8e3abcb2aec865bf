// The adversarial scaling table (issue 13): families of hostile input, each checked (or drawn, the
// board picture's families) at two sizes ten times apart. A family is linear when the time ratio is
// about 10; the target is ≤ 11. The sizes are chosen so the small one takes long enough to time
// (tens of milliseconds), not to be realistic.
import { boardAt, check, renderBoardSvg, type AnalyseOptions, type IncludeHost } from '../core';
import { hasGc, median } from './stats';

export interface Family {
  name: string;
  /** What `n` counts. */
  unit: string;
  sizes: [number, number];
  make(n: number): string;
  /** The check's options (the include families: the files it includes, read from memory). */
  options?(n: number): AnalyseOptions;
  /**
   * What is timed, when it is not the check: the board picture's families draw the board after the
   * last line (`render`), and count the characters of the picture instead of the findings.
   */
  run?(text: string): number;
  /** What `run` counts (default: findings). */
  counts?: string;
}

/** The board picture after the last line of `text`, as `board-scenario render` draws it: its length. */
function drawn(text: string): number {
  return renderBoardSvg(boardAt(text, text.split('\n').length)).length;
}

/** A family of the board picture, at 2,000 and 20,000: what is timed is drawing it (drawn). */
function picture(name: string, unit: string, make: (n: number) => string): Family {
  return { name, unit, sizes: [2_000, 20_000], make, run: drawn, counts: 'characters drawn' };
}

/** Included files held in memory, by uri (the bench measures the core, not the disk). */
function memoryHost(files: Map<string, string>): IncludeHost {
  return {
    read: (_from, path) => {
      const text = files.get(path);
      return text === undefined ? { error: 'missing', message: `no ${path}.` } : { uri: path, text };
    },
  };
}

const HEAD = 'game mtg\nplayer alice\nplayer bob\n';

/** `game`, then `n` players p0, p1..., the cards `cards(i)` declares for each, `between`, and the events `events(i)` of each. */
function everyPlayer(n: number, game: string, cards: (i: number) => string, events: (i: number) => string, between = ''): string {
  let s = game;
  for (let i = 0; i < n; i++) s += `player p${i}\n`;
  for (let i = 0; i < n; i++) s += cards(i);
  s += between;
  for (let i = 0; i < n; i++) s += events(i);
  return s;
}

/** `head`, then the cards `cards(i)` declares for i from 0 to `n` - 1, then the events `events(i)` of each, then `after`. */
function everyCard(n: number, head: string, cards: (i: number) => string, events: (i: number) => string, after = ''): string {
  let s = head;
  for (let i = 0; i < n; i++) s += cards(i);
  for (let i = 0; i < n; i++) s += events(i);
  return s + after;
}

/** A creature with an Aura, and `n` Equipment attached to it one by one, the i-th saying `equipped creature ${says(i)}`. */
function grantsOnOneHost(n: number, says: (i: number) => string): string {
  const head = `${HEAD}card host "Host": creature, owner alice\ncard aura "Ward": enchantment — Aura, enchant creature, owner alice, attached to host\n`;
  return everyCard(n, head, (i) => `card e${i} "E": artifact — Equipment, owner alice, equipped creature ${says(i)}\n`, (i) => `attach e${i} to host\n`);
}

/** A creature and `n` Auras, each attached to the one before it. */
function auraChain(n: number): string {
  let s = `${HEAD}card c0 "Root": creature, owner alice\n`;
  for (let i = 1; i <= n; i++) s += `card c${i} "A": enchantment — Aura, enchant permanent, owner alice, attached to c${i - 1}\n`;
  return s;
}

export const FAMILIES: Family[] = [
  {
    name: 'long names: a typo of one long card name',
    unit: 'characters in the name',
    sizes: [20_000, 200_000],
    make: (n) => {
      const name = 'n' + 'a'.repeat(n - 1);
      return `${HEAD}card ${name} "X": creature, owner alice\ndestroy ${name}b\nexpect ${name} in battlefield\n`;
    },
  },
  {
    name: 'many unknown names against as many declared cards',
    unit: 'names of each',
    sizes: [2_000, 20_000],
    make: (n) => everyCard(n, HEAD, (i) => `card c${String(i).padStart(6, '0')} "C": creature, owner alice\n`, (i) => `destroy c${String(i).padStart(6, '0')}x\n`),
  },
  {
    name: 'many attachments on one host',
    unit: 'Equipment equipped to one creature',
    sizes: [10_000, 100_000],
    make: (n) => everyCard(n, `${HEAD}card host "Host": creature, owner alice\n`, (i) => `card e${i} "E": artifact — Equipment, owner alice\n`, (i) => `equip e${i} to host\n`, 'destroy host\n'),
  },
  {
    // Every grant changes what the host has (613.7a): the fold of the grants must not start over from
    // every grantor at each one that comes or goes.
    name: 'many granting attachments on one host: equipped, events on the host, then unequipped',
    unit: 'granting Equipment on one creature',
    sizes: [2_000, 20_000],
    make: (n) => {
      let s = `${HEAD}card host "Host": creature, owner alice\n`;
      for (let i = 0; i < n; i++) s += `card e${i} "E": artifact — Equipment, equip, owner alice, equipped creature has flying and protection from red and hexproof from blue\n`;
      for (let i = 0; i < n; i++) s += `equip e${i} to host\n${i % 10 === 0 ? 'gains host haste\n' : ''}`;
      s += 'expect host has flying\n';
      // First in, first out; then the other half from the newest.
      for (let i = 0; i < n / 2; i++) s += `unattach e${i} from host\n`;
      for (let i = n - 1; i >= n / 2; i--) s += `unattach e${i} from host\n`;
      return s + 'expect host has no flying\n';
    },
  },
  {
    // Every grant gives another ability (613.7a): the fold is carried on from the last one, adding to
    // its lists in place, and the state-based actions judge only what its gains may bar: the cards of
    // the name a protection is from (Board.cardsNamed), nothing for a restriction of a kind the host
    // already had one of (Ruleset.mayBar).
    name: "many different grants on one host: Equipment each giving protection from another name or saying it can't be enchanted, one Aura on it",
    unit: 'granting Equipment on one creature',
    sizes: [1_000, 10_000],
    make: (n) => grantsOnOneHost(n, (i) => (i % 2 ? `has protection from "Name ${i}"` : i === n - 2 ? "can't be enchanted" : "can't be fortified")),
  },
  {
    // Each grant gives another targeting keyword (702.21a: a ward of another cost), which no attachment's
    // legality reads: the host alone is looked at again ('own'), and its fold adds to its lists in place.
    name: 'many Equipment each giving another ward, attached one by one to a creature with an Aura',
    unit: 'granting Equipment on one creature',
    sizes: [1_000, 10_000],
    make: (n) => grantsOnOneHost(n, (i) => `has ward ${i + 1}`),
  },
  {
    // Each Control Magic changes the creature's controller (613.1b): the creature is judged again, and
    // what is on it only on a board where a host's controller can matter (Ruleset.hostControlMatters).
    name: 'Control Magics of two players entering one creature in turn',
    unit: 'Control Magics on one creature',
    sizes: [1_000, 10_000],
    make: (n) =>
      everyCard(
        n,
        `${HEAD}card host "Host": creature, owner bob\n`,
        (i) => `card m${i} "Control Magic": enchantment — Aura, enchant creature, you control enchanted creature, owner ${i % 2 ? 'alice' : 'bob'}, in hand\n`,
        (i) => `enter m${i} attached to host\n`,
      ),
  },
  {
    // A loss of an ability the creature doesn't have now counts when an older grantor may give it back
    // (613.9's example, abilities.ts mayRegain); the newest grantor of it (GrantIndex.granting) older than
    // the last lasting loss means none can, and its grantors are not looked through at each line.
    name: 'many Auras on one creature granting flying, a newer one taking it, and the loss of flying written as many times',
    unit: 'Auras and losses',
    sizes: [2_000, 20_000],
    make: (n) =>
      everyCard(
        n,
        HEAD,
        (i) => `card a${i} "A": enchantment — Aura, enchant creature, owner alice, attached to host, enchanted creature has flying\n`,
        () => `loses host flying\n`,
      ).replace(HEAD, `${HEAD}card host "Host": creature, owner alice\ncard g "Grounded": enchantment — Aura, enchant creature, owner bob, attached to host, enchanted creature loses flying\n`),
  },
  {
    // A loss an event logs folds the creature's grants again (not carried on from the last fold); a fold
    // made again that changed only its keywords or targeting keywords judges the creature alone ('own',
    // grantFold.ts abilitiesChange), not every Aura on it.
    name: 'many Auras granting flying entering one creature in turn, each followed by an event that makes it lose flying',
    unit: 'Auras and losses',
    sizes: [2_000, 20_000],
    make: (n) =>
      everyCard(
        n,
        `${HEAD}card host "Host": creature, owner alice\n`,
        (i) => `card a${i} "A": enchantment — Aura, enchant creature, owner alice, in hand, enchanted creature has flying\n`,
        (i) => `enter a${i} attached to host\nloses host flying\n`,
      ),
  },
  {
    // An event's protection judges again only what a new instance covers: one from a quality the creature
    // already has is redundant (702.16m) and not listed again (it was judged against every instance listed).
    name: 'many Auras on one creature given protection from one color, then another, as many times',
    unit: 'Auras and protection events',
    sizes: [2_000, 20_000],
    make: (n) => everyCard(n, `${HEAD}card host "Host": creature, owner alice
`, (i) => `card a${i} "A": enchantment — Aura, enchant creature, owner alice, color blue, attached to host
`, (i) => `gains host protection from ${i % 2 ? 'red' : 'green'}
`),
  },
  {
    // A host's change judges what is attached to it only when something their legality reads changed
    // (hostBarring): its colors only where a filter names a color.
    name: 'many Auras on one creature that becomes green, then red, as many times',
    unit: 'Auras and color changes',
    sizes: [2_000, 20_000],
    make: (n) => everyCard(n, `${HEAD}card host "Host": creature, owner alice
`, (i) => `card a${i} "A": enchantment — Aura, enchant creature, owner alice, attached to host
`, (i) => `becomes host ${i % 2 ? 'red' : 'green'} creature
`),
  },
  {
    // Losing all abilities (Turn to Frog) takes nothing an attachment's legality reads of its host but
    // protections, and gives back only them as it ends (hostBarring): a flying creature's Auras are not
    // judged again; a protection from a color that comes back looks at none of them when none has that
    // color (Board.attachedColors).
    name: 'many Auras on one creature that loses all abilities until end of turn, turn after turn',
    unit: 'Auras and Turn to Frogs',
    sizes: [2_000, 20_000],
    make: (n) => everyCard(n, `${HEAD}card host "Host": creature, owner alice, flying\n`, (i) => `card a${i} "A": enchantment — Aura, enchant creature, owner alice, color blue, attached to host\n`, (i) => `loses host all abilities until end of turn\nturn ${i % 2 ? 'alice' : 'bob'}\n`),
  },
  {
    // A protection from a color none of a host's attachments has looks at none of them (mayBar,
    // Board.attachedColors: the colors of what is attached, kept while none of them changes).
    name: 'many blue Auras on one creature with protection from red that loses it and gets it back, as many times',
    unit: 'Auras and protection from a color',
    sizes: [2_000, 20_000],
    make: (n) => everyCard(n, `${HEAD}card host "Host": creature, owner alice, protection from red\n`, (i) => `card a${i} "A": enchantment — Aura, enchant creature, owner alice, color blue, attached to host\n`, (i) => (i % 3 === 2 ? `loses host all abilities until end of turn\nturn ${i % 2 ? 'alice' : 'bob'}\n` : `${i % 3 ? 'gains' : 'loses'} host protection from red\n`)),
  },
  {
    // A control event or an exchange judges what is attached only where a host's controller can matter
    // (hostControlMatters), as an Aura's control effect does.
    name: 'many Equipment on one creature that changes hands as many times, by events and exchanges',
    unit: 'Equipment and control events',
    sizes: [2_000, 20_000],
    make: (n) => everyCard(n, `${HEAD}card host "Host": creature, owner alice
card other "Other": creature, owner bob
`, (i) => `card e${i} "E": artifact — Equipment, owner alice, attached to host
`, (i) => ['control host alice\n', 'exchange control of host and other\n', 'control other bob\n'][i % 3]),
  },
  {
    // Each move takes its old host's last grantor away and gives the new host its first: both are told
    // the kind of change (only protections lost, only one gained), not judged whole (grantFold.ts, told).
    name: 'an Equipment giving protection moved back and forth between two creatures with many Auras each',
    unit: 'Auras and moves',
    sizes: [2_000, 20_000],
    make: (n) => {
      let s = `${HEAD}card lion "Lion": creature, owner alice\ncard bear "Bear": creature, owner alice\ncard blade "Blade": artifact — Equipment, equip, owner alice, equipped creature has protection from red\n`;
      for (let i = 0; i < n; i++) s += `card a${i} "A": enchantment — Aura, enchant creature, owner alice, color ${i % 2 ? 'blue' : 'black'}, attached to ${i % 2 ? 'lion' : 'bear'}\n`;
      s += 'turn alice\n';
      for (let i = 0; i < n; i++) s += `equip blade to ${i % 2 ? 'bear' : 'lion'}\n`;
      return s + 'expect a0 attached to bear\n';
    },
  },
  {
    // A host turned face down or up (708.2a, 708.8), transformed (712.18) or made a copy (707.4) stays the same object:
    // what is attached is judged again only where its filters read what changed (touchChanged, Board.readersOf).
    name: 'many Auras on one creature turned face down and up, as many times',
    unit: 'Auras and turns',
    sizes: [2_000, 20_000],
    make: (n) => everyCard(n, `${HEAD}card host "Host": creature — Elf, owner alice, color green, morph\n`, (i) => `card a${i} "A": enchantment — Aura, enchant creature, owner alice, color blue, attached to host\n`, (i) => `turn host face ${i % 2 ? 'up' : 'down'}\n`),
  },
  {
    name: 'many Auras on one double-faced creature transformed as many times',
    unit: 'Auras and transforms',
    sizes: [2_000, 20_000],
    make: (n) => everyCard(n, `${HEAD}card host "Host": creature — Elf, owner alice, color green, transforms into back\ncard back "Back": creature — Wolf, color red, back face\n`, (i) => `card a${i} "A": enchantment — Aura, enchant creature, owner alice, color blue, attached to host\n`, () => 'transform host\n'),
  },
  {
    name: 'many Auras on one creature that becomes a copy of one creature, then another, as many times',
    unit: 'Auras and copies',
    sizes: [2_000, 20_000],
    make: (n) => everyCard(n, `${HEAD}card host "Host": creature — Elf, owner alice, color green\ncard x "X": creature — Wolf, owner bob, color red\ncard y "Y": legendary creature — Bear, owner bob, color white\n`, (i) => `card a${i} "A": enchantment — Aura, enchant creature, owner alice, color blue, attached to host\n`, (i) => `becomes host a copy of ${i % 2 ? 'x' : 'y'}\n`),
  },
  {
    // An event's gain adds to the lists of protections in place while the board owns them (Board's ownLists).
    name: 'many Auras on one creature given protection from as many different names by events',
    unit: 'Auras and protection events',
    sizes: [2_000, 20_000],
    make: (n) => everyCard(n, `${HEAD}card host "Host": creature, owner alice\n`, (i) => `card a${i} "A": enchantment — Aura, enchant creature, owner alice, color blue, attached to host\n`, (i) => `gains host protection from "Name ${i}"\n`),
  },
  {
    // Daybreak Coronet (`with another Aura attached to it`): a host that loses an attachment has its
    // watchers looked at only when fewer than two Auras count there, and the rule finds another Aura
    // from the host's list of Auras, whose leavers are dropped and phased-out ones put last.
    name: 'cards that ask for another Aura on their host: Equipment, Auras, Coronets and Banners on one creature; Equipment off, Auras phased out and destroyed one by one',
    unit: 'of each on one creature',
    sizes: [1_000, 10_000],
    make: (n) => {
      let s = `${HEAD}card host "Host": creature, owner alice\n`;
      for (let i = 0; i < n; i++) s += `card e${i} "E": artifact — Equipment, equip, owner alice, attached to host\n`;
      for (let i = 0; i < n; i++) s += `card a${i} "Holy Strength": enchantment — Aura, enchant creature, owner alice, attached to host\n`;
      for (let i = 0; i < n; i++) s += `card b${i} "Banner": artifact — Equipment, equip, can be attached only to creature with another Aura attached to it, owner alice, attached to host\n`;
      s += 'card crown "Daybreak Coronet": enchantment — Aura, enchant creature with another Aura attached to it, owner alice, attached to host\n';
      for (let i = 0; i < n; i++) s += `unattach e${i} from host\n`;
      for (let i = 0; i < n / 2; i++) s += `phase out a${i}\n`;
      for (let i = n / 2; i < n - 1; i++) s += `destroy a${i}\n`;
      return s + 'expect crown attached to host\n';
    },
  },
  {
    // An effect that waits for a turn that never comes keeps its object's changes; each turn that
    // ends others must make the object again from the first that ends, not from that effect on (514.2, 611.2a).
    name: 'effects that end on one creature, turn after turn, with one until the next turn of a player who takes none',
    unit: 'turns',
    sizes: [5_000, 50_000],
    make: (n) => {
      let s = `${HEAD}player carol\ncard host "Host": creature, owner alice\ncard w "W": artifact — Equipment, owner alice, attached to host, equipped creature has flying\nturn alice\ngains host hexproof until carol's next turn\n`;
      for (let i = 0; i < n; i++) s += `turn ${i % 2 ? 'alice' : 'bob'}\ngains host haste until end of turn\n${i % 2 ? 'gains' : 'loses'} host first strike\nbecomes host artifact this turn\nloses host flying until your next turn\n`;
      return s + 'expect host has hexproof\n';
    },
  },
  {
    name: 'many findings: illegal equips onto an opponent\'s creature',
    unit: 'findings',
    sizes: [10_000, 100_000],
    make: (n) => {
      let s = `${HEAD}card lion "Lion": creature, owner alice\ncard bears "Bears": creature, owner bob\ncard splitter "Bonesplitter": artifact — Equipment, owner alice\n`;
      for (let i = 0; i < n; i++) s += 'equip splitter to bears\n';
      return s;
    },
  },
  {
    name: 'identical lines: the same redundant equip',
    unit: 'lines',
    sizes: [100_000, 1_000_000],
    make: (n) => `${HEAD}card lion "Lion": creature, owner alice\ncard splitter "Bonesplitter": artifact — Equipment, owner alice, attached to lion\n${'equip splitter to lion\n'.repeat(n)}`,
  },
  {
    name: 'many includes of one pool of 1,000 cards',
    unit: 'include lines',
    sizes: [10_000, 100_000],
    make: (n) => `game mtg\n${'include "pool.board"\n'.repeat(n)}expect c0 in battlefield\n`,
    options: () => {
      let pool = HEAD;
      for (let i = 0; i < 1000; i++) pool += `card c${i} "C": creature, owner alice\n`;
      return { uri: 'main.board', includes: memoryHost(new Map([['pool.board', pool]])) };
    },
  },
  {
    name: 'a long chain of includes, each file one card',
    unit: 'files in the chain',
    sizes: [2_000, 20_000],
    make: () => 'game mtg\nplayer alice\ninclude "f0.board"\nexpect c0 in battlefield\n',
    options: (n) => {
      const files = new Map<string, string>();
      for (let i = 0; i < n; i++) files.set(`f${i}.board`, `game mtg\n${i + 1 < n ? `include "f${i + 1}.board"\n` : ''}card c${i} "C": creature, owner alice\n`);
      return { uri: 'main.board', includes: memoryHost(files) };
    },
  },
  {
    // Each line that records a consequence takes its obligation out of the window (core/engine/owed.ts):
    // it must neither search the window from its start nor shift what follows.
    name: 'many consequences of one event: a host with many Equipment dies, and each unattach is recorded, newest first',
    unit: 'Equipment on the host',
    sizes: [5_000, 50_000],
    make: (n) => {
      let s = `${HEAD}card host "Host": creature, owner alice\n`;
      for (let i = 0; i < n; i++) s += `card e${i} "E": artifact — Equipment, owner alice, attached to host\n`;
      s += 'destroy host\n';
      for (let i = n - 1; i >= 0; i--) s += `unattach e${i} from host\n`;
      return s;
    },
  },
  {
    name: 'Riftbound: a unit with many gear dies at a battlefield; each detach, then each recall, is recorded',
    unit: 'gear on the unit',
    sizes: [5_000, 50_000],
    make: (n) => {
      let s = 'game riftbound\nplayer alice\nplayer bob\ncard u "U": unit, owner alice, at battlefield arena\n';
      for (let i = 0; i < n; i++) s += `card g${i} "G": gear — Equipment, owner alice, attached to u\n`;
      s += 'turn alice main\nkill u\n';
      for (let i = 0; i < n; i++) s += `detach g${i} from u\n`;
      for (let i = 0; i < n; i++) s += `recall g${i}\n`;
      return s;
    },
  },
  {
    // Each attach asks whether the host's controller is within range (801.8, 801.9): a player's place
    // among the seats counted is read off a tree of them, not looked for among every player.
    name: 'MTG range of influence among many players: each player\'s Equipment attached to the next player\'s creature',
    unit: 'players',
    sizes: [5_000, 50_000],
    make: (n) => everyPlayer(n, 'game mtg, range of influence 2\n', (i) => `card c${i} "C": creature, owner p${i}\ncard e${i} "E": artifact — Equipment, owner p${i}\n`, (i) => `attach e${i} to c${(i + 1) % n}\n`),
  },
  {
    // Each player who leaves (800.4a) takes what is theirs, and each new turn counts the seats again
    // (801.2c): a leaving looks at the cards tied to the player, a count drops those who left since.
    name: 'MTG range of influence: half the players leave, one a turn, each having taken the next one\'s creature',
    unit: 'players',
    sizes: [2_000, 20_000],
    make: (n) => everyPlayer(n, 'game mtg, range of influence 1\n', (i) => `card c${i} "C": creature, owner p${i}\n`, (i) => (i % 2 === 0 ? `turn p${i}\ncontrol c${(i + 2) % n} p${i + 1}\nleave p${i + 1}\n` : '')),
  },
  {
    // Riftbound: each concession (650-652) banishes what the player controls and removes what they own.
    name: 'Riftbound: every player but one concedes, one a turn, each with a unit and another player\'s gear on it',
    unit: 'players',
    sizes: [2_000, 20_000],
    make: (n) => everyPlayer(n, 'game riftbound\n', (i) => `card u${i} "U": unit, owner p${i}, at base\ncard g${i} "G": gear — Equipment, equip, owner p${(i + 1) % n}, attached to u${i}\n`, (i) => (i > 0 ? `turn p${(i + 1) % n}\nleave p${i}\n` : '')),
  },
  {
    // Each Equip that can't target its unit (818.1.c.2) suggests units the player controls: looking at the first 64 cards, not every card.
    name: 'Riftbound: many gear of one player, each equipped to the other player\'s unit',
    unit: 'gear',
    sizes: [5_000, 50_000],
    make: (n) => everyCard(n, 'game riftbound\nplayer alice\nplayer bob\ncard ub "U": unit, owner bob, at base\n', (i) => `card g${i} "G": gear — Equipment, equip, owner alice, at base\n`, (i) => `equip g${i} to ub\n`),
  },
  {
    // Each Quick-Draw resolved without `choosing` asks whether its player controls a unit (819.1.d): the
    // board's lists of each player's units, not every card, with an `enter` between the resolves.
    name: 'Riftbound: many Quick-Draw gear of a player without units, each played and its trigger resolved',
    unit: 'gear',
    sizes: [5_000, 50_000],
    make: (n) => everyCard(n, 'game riftbound\nplayer alice\nplayer bob\ncard ub "U": unit, owner bob, at base\n', (i) => `card g${i} "G": gear — Equipment, equip, Quick-Draw, owner alice, in hand\n`, (i) => `enter g${i}\nresolve g${i} Quick-Draw\n`),
  },
  {
    // Each attach changes the unit's Shield (814.2: the instances' values summed): the sums are kept as
    // gear come and go, and a change of a value alone has no gear judged again.
    name: 'Riftbound: many gear each giving Shield 2, attached one by one to one unit',
    unit: 'gear',
    sizes: [2_000, 20_000],
    make: (n) => everyCard(n, 'game riftbound\nplayer alice\ncard u "U": unit, owner alice, might 3, at base\n', (i) => `card g${i} "G": gear — Equipment, equip, owner alice, at base, equipped unit has Shield 2\n`, (i) => `attach g${i} to u\n`),
  },
  {
    // A unit changing hands (613.1b's counterpart): its gear's controller and place are their own (718.5.f,
    // 719.3), so the cleanup looks at the unit, not at each gear (Ruleset.hostControlMatters).
    name: 'Riftbound: a unit with many gear at a battlefield changes hands as many times',
    unit: 'gear and control changes',
    sizes: [1_000, 10_000],
    make: (n) => everyCard(n, 'game riftbound\nplayer alice\nplayer bob\ncard u "U": unit, owner alice, might 3, at battlefield arena\n', (i) => `card g${i} "G": gear — Equipment, equip, owner alice, at battlefield arena, attached to u\n`, (i) => `control u ${i % 2 ? 'alice' : 'bob'}\n`),
  },
  {
    // What triggers goes on the stack in APNAP order (603.3b): each controller's place in the turn order
    // is their seat, not found among every player.
    name: 'many players, each with a living weapon that enters: a trigger put on the stack by each',
    unit: 'players',
    sizes: [2_000, 20_000],
    make: (n) =>
      everyPlayer(n, 'game mtg\n', (i) => `card w${i} "W": artifact — Equipment, living weapon, owner p${i}, in hand\ncard g${i} "Germ": creature — Phyrexian Germ, token, owner p${i}, in hand\n`, (i) => `enter w${i}\nresolve w${i} living weapon creating g${i}\n`, 'turn p0\n'),
  },
  {
    name: 'deep attach chains: each Aura on the one before, then the root phases out, in, and dies',
    unit: 'Auras in the chain',
    sizes: [10_000, 100_000],
    make: (n) => auraChain(n) + 'phase out c0\nphase in c0\ndestroy c0\n',
  },
  {
    // Each cast from a library asks which card is on top (601.3): the board keeps each owner's cards put there.
    name: "casts from the top of a library: Garruk's Horde, each creature put into the library, cast and resolved",
    unit: 'creatures',
    sizes: [2_000, 20_000],
    make: (n) => everyCard(n, `${HEAD}card horde "Garruk's Horde": creature — Beast, owner alice, you may cast creature spells from the top of your library\n`, (i) => `card c${i} "C": creature — Cat, owner alice, in hand\n`, (i) => `move c${i} to library\ncast c${i}\nresolve c${i}\n`),
  },
  {
    // Each cast is judged by each distinct prohibition (601.3, 101.2), not by each card that has one.
    name: "many permanents saying players can't cast artifact spells; as many creature spells cast and resolved",
    unit: 'prohibitions and casts',
    sizes: [2_000, 20_000],
    make: (n) => everyCard(n, HEAD, (i) => `card s${i} "S": enchantment, owner bob, players can't cast artifact spells\ncard c${i} "C": creature, owner alice, in hand\n`, (i) => `cast c${i}\nresolve c${i}\n`),
  },
  {
    // Each cast out of its caster's main phase asks whether a permanent of theirs lets it be cast as though it had flash (601.3b): judged once by each distinct filter, not by each permanent.
    name: "many permanents saying you may cast artifact spells as though they had flash; as many creature spells cast in the other player's turn",
    unit: 'permissions and casts',
    sizes: [2_000, 20_000],
    make: (n) => everyCard(n, HEAD, (i) => `card f${i} "F": enchantment, owner alice, you may cast artifact spells as though they had flash\ncard c${i} "C": creature, owner alice, in hand\n`, (i) => `${i === 0 ? 'turn bob\n' : ''}cast c${i}\n`),
  },
  {
    // Each death asks which replacement exiles it (614.1a): a Leyline under the card's owner's control is not looked at.
    name: "many Leylines of the Void of one player, whose own creatures are destroyed one by one",
    unit: 'Leylines and creatures',
    sizes: [2_000, 20_000],
    make: (n) => everyCard(n, HEAD, (i) => `card l${i} "L": enchantment, owner alice, if a card would be put into an opponent's graveyard, exile it instead\ncard c${i} "C": creature, owner alice\n`, (i) => `destroy c${i}\n`),
  },
  {
    // Each equip asks whether a permanent of its activator's lets it be activated as an instant (602.5d): another player's are not looked at.
    name: "many Leonin Shikaris of one player; the other's Equipment moved between two creatures as many times",
    unit: 'Shikaris and equips',
    sizes: [4_000, 40_000],
    make: (n) => everyCard(n, `${HEAD}card e "E": artifact — Equipment, equip, owner alice\ncard a "A": creature, owner alice\ncard b "B": creature, owner alice\n`, (i) => `card s${i} "S": creature, owner bob, you may activate equip abilities any time you could cast an instant\n`, (i) => `equip e to ${i % 2 ? 'a' : 'b'}\n`),
  },
  {
    // Each Aura that makes a creature white changes that creature's share of the anthem (613.4c, 613.1e): it alone is judged again, against the groups of anthems, not every creature.
    name: 'one anthem (white creatures get +1/+1) over many creatures with a stated toughness, each painted white by an Aura that is then destroyed',
    unit: 'creatures and Auras',
    sizes: [2_000, 20_000],
    make: (n) => everyCard(n, `${HEAD}card anthem "Anthem": enchantment, owner alice, white creatures get +1/+1\n`, (i) => `card c${i} "C": creature — Bear, owner alice, color green, toughness 2\ncard a${i} "Paint": enchantment — Aura, enchant creature, owner alice, in hand, enchanted creature is white\n`, (i) => `cast a${i} targeting c${i}\nresolve a${i}\nexpect c${i} toughness 3\ndestroy a${i}\n`),
  },
  {
    // Each anthem that enters or leaves changes its group's sum: the creatures with a stated toughness (one here) are looked at, not every anthem.
    name: 'many anthems with the same words entering and leaving one at a time, one creature that lives on them',
    unit: 'anthems',
    sizes: [2_000, 20_000],
    make: (n) => everyCard(n, `${HEAD}card bear "Bear": creature — Bear, owner alice, toughness 1\ncard moon "Moon": enchantment, owner bob, creatures get -1/-1, in hand\n`, (i) => `card s${i} "S": enchantment, owner alice, in hand, other creatures you control get +1/+1\n`, (i) => (i === 0 ? 'enter s0\nenter moon\n' : `enter s${i}\nmove s${i - 1} to graveyard\nexpect bear toughness 1\n`)),
  },
  {
    // Each toggle changes the group's sum: one change of its class of creatures, none of which it can kill (the class's lower bound of toughness less damage), so no creature is looked at.
    name: 'one anthem (creatures you control get +1/+1) over many creatures with a stated toughness, phased out and in as many times',
    unit: 'creatures and toggles',
    sizes: [2_000, 20_000],
    make: (n) => everyCard(n, `${HEAD}card anthem "Glorious Anthem": enchantment, owner alice, creatures you control get +1/+1\n`, (i) => `card c${i} "Bear": creature — Bear, owner alice, toughness 2\n`, () => 'phase out anthem\nphase in anthem\n'),
  },
  {
    // Riftbound (477.3): each attach of the Banner makes its Rules Text inactive (718.2) and each detach active again: one change of its group's sum, of its one class of units, none of which it can kill (no damage), so no unit is looked at but the one it attaches to.
    name: 'one Riftbound static Might effect (other friendly units have +1 Might) over many units, its gear attached and detached as many times',
    unit: 'units and toggles',
    sizes: [2_000, 20_000],
    make: (n) => everyCard(n, 'game riftbound\nplayer alice\ncard banner "Banner": gear — Equipment, equip, owner alice, at base, other friendly units have +1 Might\n', (i) => `card u${i} "U": unit, owner alice, might 2, at base\n`, (i) => `attach banner to u${i}\ndetach banner\nexpect u${i} might 3\n`),
  },
  {
    // Riftbound (477.3): many effects with the same words leaving one at a time, one damaged unit that lives on them: each is one change of the group's sum; the unit is looked at only when the bound says it may die.
    name: 'many Riftbound static Might effects with the same words killed one at a time, one damaged unit that lives on them',
    unit: 'effects',
    sizes: [2_000, 20_000],
    make: (n) => everyCard(n, 'game riftbound\nplayer alice\ncard vi "Vi": unit, owner alice, might 1, at base, damage 1\n', (i) => `card s${i} "S": gear, owner alice, at base, friendly units have +1 Might\n`, (i) => (i < n - 1 ? `kill s${i}\nexpect vi might ${n - i}\n` : '')),
  },
  picture('the board picture of a deep attach chain: each Aura drawn under the one before', 'Auras in the chain', auraChain),
  picture('the board picture of many players, each with a card on their battlefield', 'players', (n) => {
    let s = 'game mtg\n';
    for (let i = 0; i < n; i++) s += `player p${i}\n`;
    for (let i = 0; i < n; i++) s += `card c${i} "C": creature, owner p${i}\n`;
    return s;
  }),
  picture('the board picture of one battlefield of many cards', 'cards', (n) => {
    let s = HEAD;
    for (let i = 0; i < n; i++) s += `card c${i} "Card ${i}": creature — Cat, owner alice\n`;
    return s;
  }),
];

export interface FamilyResult {
  name: string;
  unit: string;
  sizes: [number, number];
  /** What `findings` counts: findings, or the family's own (Family.counts). */
  counts: string;
  bytes: [number, number];
  ms: [number, number];
  findings: [number, number];
  ratio: number;
}

function timeCheck(text: string, runs: number, options: AnalyseOptions = {}, run = (t: string) => check(t, options).findings.length): { ms: number; findings: number } {
  const times: number[] = [];
  let findings = 0;
  for (let i = 0; i < runs; i++) {
    // Start each run with the garbage of the last one collected, so no run pays for another's.
    if (hasGc) (globalThis as { gc?: () => void }).gc!();
    const t = performance.now();
    findings = run(text);
    times.push(performance.now() - t);
  }
  return { ms: median(times), findings };
}

export function measureAdversarial(quick: boolean): FamilyResult[] {
  const out: FamilyResult[] = [];
  for (const f of FAMILIES) {
    const [small, large] = f.sizes;
    const a = f.make(small);
    const b = f.make(large);
    const oa = f.options?.(small) ?? {};
    const ob = f.options?.(large) ?? {};
    const run = f.run;
    // One warm-up of the small size, then medians (fewer runs of the large one).
    if (run) run(a);
    else check(a, oa);
    const ra = timeCheck(a, quick ? 3 : 5, oa, run);
    const rb = timeCheck(b, quick ? 1 : 3, ob, run);
    out.push({ name: f.name, unit: f.unit, sizes: f.sizes, counts: f.counts ?? 'findings', bytes: [a.length, b.length], ms: [ra.ms, rb.ms], findings: [ra.findings, rb.findings], ratio: rb.ms / ra.ms });
  }
  return out;
}
