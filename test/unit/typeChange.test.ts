// Attachments that change types (MTG 613.1d; core/engine/retype.ts): a permanent under them is what
// its printed types become after every change still applying, events and attachments alike, applied in
// timestamp order (205.1a-b). A property test holds the replay (with its shortcut for a later grant that
// sets everything, `covers`) equal to that fold, written here from the rules, over random attaches,
// removals and type events on one creature.
import { describe, it } from 'mocha';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { boardAt } from '../../core';
import { typeChangeOf } from '../../core/engine/typeChange';
import { mtgSubtypeSet } from '../../core/parser/keywords';

const GRANTS = [
  'is a colorless Forest land',
  'is a creature in addition to its other types',
  'is a red Goblin creature',
  'is a Treasure artifact',
  "isn't a creature",
  'is a blue Frog creature',
  'is an artifact creature',
  'is a colorless land',
];
const EVENTS = ['becomes bear artifact', 'becomes bear creature', 'loses bear creature', 'loses bear land', 'becomes bear land Island', 'becomes bear green'];

interface State {
  types: Set<string>;
  subtypes: Set<string>;
  colors: Set<string> | undefined;
}

function keeps(types: Set<string>, s: string): boolean {
  const set = mtgSubtypeSet(s);
  if (set === 'creature') return types.has('creature') || types.has('kindred');
  if (set === 'spell') return types.has('instant') || types.has('sorcery');
  return types.has(set);
}

/** A grant applied, as 205.1a-b say. */
function grant(st: State, text: string): void {
  const words = (w: string) => w.split(' ').map((text) => ({ text, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } }));
  const isnt = text.startsWith("isn't a ") ? words(text.slice(8)) : [];
  const inAddition = text.endsWith(' in addition to its other types');
  const body = text.startsWith('is a ') || text.startsWith('is an ') ? text.replace(/^is an? /, '').replace(' in addition to its other types', '') : '';
  const t = typeChangeOf({ is: body ? words(body) : [], isnt, inAddition: inAddition || undefined });
  for (const w of t.isnt) st.types.delete(w);
  if (t.types.length && t.keeps === 'nothing') for (const x of [...st.types]) st.types.delete(x);
  for (const x of t.types) st.types.add(x);
  if (t.subtypes.length && t.keeps !== 'all') {
    const sets = new Set(t.subtypes.map(mtgSubtypeSet));
    for (const s of [...st.subtypes]) if (t.keeps === 'all-but-creature-types' ? mtgSubtypeSet(s) === 'creature' : sets.has(mtgSubtypeSet(s))) st.subtypes.delete(s);
  }
  for (const s of t.subtypes) st.subtypes.add(s);
  for (const s of [...st.subtypes]) if (!keeps(st.types, s)) st.subtypes.delete(s);
  if (t.colors) st.colors = new Set(t.colors);
}

/** An event applied, as the scenario language says (`becomes` adds, `loses` takes away with its subtypes, 205.3d refused). */
function event(st: State, line: string): void {
  const [verb, , ...ws] = line.split(' ');
  const colors = ws.filter((w) => w === 'green');
  if (colors.length) st.colors = new Set(colors);
  const types = ws.filter((w) => /^[a-z]/.test(w) && w !== 'green');
  const subs = ws.filter((w) => /^[A-Z]/.test(w));
  if (verb === 'becomes') {
    for (const t of types) st.types.add(t);
    for (const s of subs) if (keeps(st.types, s)) st.subtypes.add(s);
  } else {
    for (const t of types) st.types.delete(t);
    for (const s of [...st.subtypes]) if (!keeps(st.types, s)) st.subtypes.delete(s);
  }
}

describe('attachments that change types (613.1d, 205.1a-b)', () => {
  it('a permanent is its printed types after every change still applying, in timestamp order', () => {
    const step = fc.oneof(
      { weight: 3, arbitrary: fc.nat(5).map((i) => ({ kind: 'attach' as const, i })) },
      { weight: 2, arbitrary: fc.nat(5).map((i) => ({ kind: 'remove' as const, i })) },
      { weight: 2, arbitrary: fc.constantFrom(...EVENTS).map((line) => ({ kind: 'event' as const, line })) },
    );
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...GRANTS), { minLength: 6, maxLength: 6 }), fc.array(step, { minLength: 1, maxLength: 25 }), (grants, steps) => {
        const head = ['game mtg', 'player alice', 'card bear "Grizzly Bears": creature — Bear, color green, owner alice', 'card lion "Silvercoat Lion": creature — Cat, owner alice'];
        grants.forEach((g, i) => head.push(`card a${i} "Aura ${i}": enchantment — Aura, enchant permanent, owner alice, attached to lion, enchanted permanent ${g}`));
        const lines: string[] = [];
        // The changes on the bear in timestamp order: events, and the grants of the Auras on it.
        const log: ({ kind: 'event'; line: string } | { kind: 'grant'; i: number })[] = [];
        const on = new Set<number>();
        for (const s of steps) {
          if (s.kind === 'event') {
            lines.push(s.line);
            log.push({ kind: 'event', line: s.line });
          } else if (s.kind === 'attach') {
            if (on.has(s.i)) continue;
            lines.push(`attach a${s.i} to bear`);
            on.add(s.i);
            log.push({ kind: 'grant', i: s.i });
          } else {
            if (!on.has(s.i)) continue;
            lines.push(`attach a${s.i} to lion`);
            on.delete(s.i);
            const k = log.findIndex((e) => e.kind === 'grant' && e.i === s.i);
            log.splice(k, 1);
          }
        }
        const text = [...head, ...lines, 'expect bear in battlefield', ''].join('\n');
        const bear = boardAt(text, head.length + lines.length).cards.find((c) => c.id === 'bear')!;
        const st: State = { types: new Set(['creature']), subtypes: new Set(['Bear']), colors: new Set(['green']) };
        for (const e of log) {
          if (e.kind === 'event') event(st, e.line);
          else grant(st, grants[e.i]);
        }
        const sorted = (x: Iterable<string>) => [...x].sort();
        assert.deepEqual({ types: sorted(bear.types), subtypes: sorted(bear.subtypes) }, { types: sorted(st.types), subtypes: sorted(st.subtypes) }, text);
      }),
      { numRuns: 300, seed: 6131 },
    );
  });
});
