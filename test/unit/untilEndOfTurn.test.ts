// Effects until end of turn on characteristics and abilities (core/engine/untilEndOfTurn.ts): once the
// turn is over, a card or player is exactly as if the effects until end of turn had never happened and
// only the lasting ones had (514.2). A property test of that, over random turns of changes to one
// creature (with an Equipment that grants it abilities, so the order against grants counts too) and
// one player, and the cases a reader checks by hand.
import { describe, it } from 'mocha';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { boardAt, check } from '../../core';

const HEADER = [
  'game mtg',
  'player alice',
  'player bob',
  'card lion "Savannah Lions": creature — Cat, color white, owner alice, flying, protection from black',
  'card wings "Cobbled Wings": artifact — Equipment, equip, owner alice, attached to lion, equipped creature has flying and protection from blue',
  '',
  'turn alice',
];

/** The changes a line may make: to the creature (its abilities and types), or to the player. */
const CHANGES = [
  'gains lion flying',
  'loses lion flying',
  'gains lion first strike',
  'loses lion first strike',
  'gains lion hexproof',
  'loses lion hexproof',
  'gains lion shroud',
  'gains lion ward 2',
  'gains lion protection from red',
  'loses lion protection from red',
  'loses lion protection from black',
  'loses lion protection from blue',
  'loses lion protection',
  'loses lion all abilities',
  'becomes lion artifact',
  'becomes lion Soldier',
  'loses lion Cat',
  'gains alice hexproof',
  'loses alice hexproof',
  'gains alice shroud',
  'gains alice protection from red',
];

/** Lion and alice as the board view shows them after `turns` that follow the lines, in an order-free form. */
function endState(lines: string[], turns: string[]): string {
  const text = [...HEADER, ...lines, ...turns, 'expect lion controlled by alice', ''].join('\n');
  const view = boardAt(text, HEADER.length + lines.length + turns.length - 1);
  const sorted = (o: object) => JSON.stringify(o, (_, v) => (Array.isArray(v) ? [...v].sort() : v));
  const lion = view.cards.find((c) => c.id === 'lion')!;
  const alice = view.players.find((p) => p.id === 'alice')!;
  // The timestamp is the turn's, not the effects': the same in both. Whether effects are still going is compared by what they do.
  return sorted({ ...lion, timestamp: 0, temporary: undefined }) + sorted(alice);
}

describe('effects until end of turn (514.2) and until a player\'s next turn (611.2a)', () => {
  it('once they end, a card and a player are as if only the changes still going had happened', () => {
    const line = fc.tuple(fc.constantFrom(...CHANGES), fc.constantFrom('', '', ' until end of turn', ' this turn', ' until your next turn'));
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 14 }), (lines) => {
        const all = lines.map(([c, d]) => c + d);
        // Bob's turn: those until end of turn ended; those until alice's next turn go on, as lasting ones would.
        const going = lines.filter(([, d]) => d === '' || d === ' until your next turn').map(([c]) => c);
        assert.equal(endState(all, ['turn bob']), endState(going, ['turn bob']), all.join('\n'));
        // Alice's next turn: only the lasting changes are left.
        const lasting = lines.filter(([, d]) => d === '').map(([c]) => c);
        assert.equal(endState(all, ['turn bob', 'turn alice']), endState(lasting, ['turn bob', 'turn alice']), all.join('\n'));
      }),
      { numRuns: 300, seed: 514 },
    );
  });

  it('during the turn, an effect until end of turn changes the card as a lasting one would', () => {
    const text = [...HEADER, 'loses lion protection from black until end of turn', 'gains lion shroud this turn', 'becomes lion artifact until end of turn', 'expect lion has no protection from black', 'expect lion has shroud', ''].join('\n');
    const lion = boardAt(text, HEADER.length + 3).cards.find((c) => c.id === 'lion')!;
    assert.deepEqual(lion.types.sort(), ['artifact', 'creature']);
    assert.deepEqual(check(text).findings.filter((d) => d.code === 'expectation-failed'), []);
  });

  it('a lasting change after one until end of turn wins for good; one before it comes back', () => {
    const text = (...lines: string[]) => [...HEADER, ...lines, 'turn bob', ''].join('\n');
    const after = (t: string) => boardAt(t, t.split('\n').length - 2).cards.find((c) => c.id === 'lion')!;
    // Printed protection from black: taken until end of turn, then back.
    assert.ok(after(text('loses lion protection from black until end of turn')).protections?.includes('black'));
    // First strike given until end of turn and taken for good: gone for good.
    assert.ok(!after(text('gains lion first strike until end of turn', 'loses lion first strike')).keywords?.some((k) => k.startsWith('first strike')));
    // Hexproof given for good, taken until end of turn: back.
    assert.ok(after(text('gains lion hexproof', 'loses lion hexproof until end of turn')).keywords?.includes('hexproof'));
  });

  it('a turn that goes on does not end them; the first `turn` line ends those made before any', () => {
    const goesOn = [...HEADER, 'gains lion first strike until end of turn', 'turn alice combat', 'turn alice end', 'expect lion has first strike', ''].join('\n');
    assert.deepEqual(check(goesOn).findings.filter((d) => d.code === 'expectation-failed'), []);
    const before = ['game mtg', 'player alice', 'card lion "Savannah Lions": creature — Cat, owner alice', '', 'gains lion first strike until end of turn', 'expect lion has first strike', 'turn alice', 'expect lion has no first strike', ''].join('\n');
    assert.deepEqual(check(before).findings.filter((d) => d.code === 'expectation-failed'), []);
  });

  it('until the next turn of a player who left: it ends as that turn would have begun, walking the turn order (800.4m)', () => {
    // Four players, seated in the order declared. Bob's effect on the Lion lasts until his next turn;
    // he leaves at some point; then the turns go as the random lines say. The reference walks the
    // seats one by one from each turn to the next (all the way round for the same player's new turn)
    // and ends the effect at the first new turn whose walk passes bob's seat after he left, or reaches it before.
    const seats = ['alice', 'bob', 'carol', 'dave'];
    const head = ['game mtg', ...seats.map((p) => `player ${p}`), 'card lion "Savannah Lions": creature — Cat, owner alice', ''];
    const turn = fc.tuple(fc.constantFrom('alice', 'carol', 'dave', 'bob'), fc.constantFrom('', ' upkeep', ' end'));
    fc.assert(
      fc.property(fc.constantFrom('alice', 'bob', 'carol', 'dave'), fc.array(turn, { minLength: 1, maxLength: 12 }), fc.nat(12), (first, turns, leaveAt) => {
        const lines = [`turn ${first}`, "gains lion hexproof until bob's next turn"];
        let now = { player: first, place: 2 };
        let left = false;
        let going = true;
        const places: Record<string, number> = { ' upkeep': 0, '': 2, ' end': 5 };
        turns.forEach(([p, step], i) => {
          if (i === leaveAt && !left) {
            lines.push('leave bob');
            left = true;
          }
          if (left && p === 'bob') return;
          lines.push(`turn ${p}${step}`);
          const place = places[step];
          const sameTurn = p === now.player && place >= now.place;
          if (!sameTurn && going) {
            // Walk the seats from the turn that ended to the one that begins.
            let s = seats.indexOf(now.player);
            do {
              s = (s + 1) % seats.length;
              if (seats[s] === 'bob') going = false;
            } while (seats[s] !== p && going);
            if (!left && p !== 'bob') going = true; // bob, still in, took no turn: nothing would have begun
          }
          now = { player: p, place: sameTurn ? Math.max(place, now.place) : place };
          lines.push(going ? 'expect lion has hexproof' : 'expect lion has no hexproof');
        });
        const text = [...head, ...lines, ''].join('\n');
        assert.deepEqual(check(text).findings.filter((d) => d.code === 'expectation-failed').map((d) => d.message), [], text);
      }),
      { numRuns: 300, seed: 8004 },
    );
  });

  it("names every player whose next turn the ended effects waited for, as a list (not \"alice, bob's next turn\")", () => {
    // Bob and carol both leave; their turns would have begun between alice's and dave's, so both
    // effects on the Knight end on dave's `turn` line, and the Aura falls (704.5m) unrecorded.
    const text = [
      'game mtg',
      'player alice',
      'player bob',
      'player carol',
      'player dave',
      'card knight "White Knight": creature — Human Knight, color white, owner alice, protection from black',
      'card unholy "Unholy Strength": enchantment — Aura, enchant creature, color black, owner alice, in hand',
      'turn alice',
      "loses knight protection from black until bob's next turn",
      "gains knight flying until carol's next turn",
      'cast unholy targeting knight',
      'resolve unholy',
      'leave bob',
      'leave carol',
      'turn dave',
      '',
    ].join('\n');
    const [finding] = check(text).findings.filter((d) => d.code === 'missing-state-based-action');
    assert.ok(finding, text);
    assert.match(finding.message, /now that the effects until the next turns of bob and carol on knight have ended \(bob and carol left the game, and their turns would have begun\)/);
    assert.deepEqual(finding.rules.slice(-2), ['611.2a', '800.4m']);
  });

  it('stays linear: thousands of changes in one turn, lasting and until end of turn, on one card', () => {
    const lines: string[] = [];
    for (let i = 0; i < 3000; i++) lines.push(i % 3 === 0 ? 'gains lion first strike until end of turn' : i % 3 === 1 ? 'loses lion first strike' : 'gains lion flying');
    const text = [...HEADER, ...lines, 'turn bob', 'expect lion has no first strike', 'expect lion has flying', ''].join('\n');
    assert.deepEqual(check(text).findings.filter((d) => d.code === 'expectation-failed'), []);
  });
});
