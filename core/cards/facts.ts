// What a card gives a declaration, written in the declaration language itself (docs/language.md):
// the type line and the properties its colors, keywords and rules text amount to. Written as text
// and read by the one parser, so a card's facts become exactly the properties a typed declaration
// gives. Only what the checker reads is taken: enchant (with its filter), equip (with its quality),
// protection, hexproof, shroud, ward, reconfigure, bestow, aura swap, flash, a casting prohibition
// ("Creature spells can't be cast") or permission ("You may cast creature spells from the top of
// your library"); Riftbound Might, Might Bonus and Equip. A fortify ability needs nothing more than
// the Fortification subtype.
import type { Game } from '../types';
import type { CardRecord } from './records';
import { COLOR_WORDS } from '../engine/board';

/** The MTG words of a type line the checker knows (205.2a, 205.4); other words are left out. */
const MTG_TYPE_WORDS = new Set(['artifact', 'creature', 'enchantment', 'land', 'planeswalker', 'battle', 'instant', 'sorcery', 'kindred', 'tribal', 'basic', 'legendary', 'snow', 'world', 'ongoing']);
const RIFTBOUND_TYPE_WORDS = new Set(['unit', 'gear', 'spell', 'rune', 'battlefield', 'legend', 'token']);
/** A word the lexer reads as one identifier: a letter, then letters, digits, `-`, `_`. */
const IDENT = /^\p{L}[\p{L}\p{N}_-]*$/u;

export interface CardFacts {
  /** The type line in the language (`legendary artifact — Equipment`), if it has a card type the checker knows. */
  typeLine?: string;
  /** One property per entry, as written after a comma in a declaration (`enchant creature you control`). */
  props: string[];
}

/** The type line as the language writes it: card types and supertypes lowercase, then the dash and subtypes. */
export function typeLineOf(typeLine: string, game: Game): string | undefined {
  const known = game === 'mtg' ? MTG_TYPE_WORDS : RIFTBOUND_TYPE_WORDS;
  const face = typeLine.split('//')[0];
  const dash = face.search(/\s[—–]\s|\s-\s|\s--\s/);
  const left = dash < 0 ? face : face.slice(0, dash);
  const right = dash < 0 ? '' : face.slice(dash).replace(/^\s*(—|–|--|-)\s*/, '');
  const types = left.split(/\s+/).map((w) => w.toLowerCase()).filter((w) => known.has(w));
  const subtypes = right.split(/\s+/).filter((w) => IDENT.test(w));
  if (types.length === 0) return undefined;
  return types.join(' ') + (subtypes.length ? ' — ' + subtypes.join(' ') : '');
}

/** The declaration language's facts of a card. */
export function factsOf(rec: CardRecord, game: Game): CardFacts {
  return game === 'mtg' ? mtgFacts(rec) : riftboundFacts(rec);
}

function mtgFacts(rec: CardRecord): CardFacts {
  const props: string[] = [];
  const colors = rec.colors.filter((c) => COLOR_WORDS.includes(c));
  if (colors.length) props.push('color ' + colors.join(' '));
  for (const raw of rec.text.split(/\r?\n/)) {
    const line = raw.replace(/\([^)]*\)/g, '').trim().replace(/\.$/, '').trim();
    if (!line) continue;
    const enchant = /^Enchant (.+)$/.exec(line);
    if (enchant) {
      props.push('enchant ' + enchantFilter(enchant[1]));
      continue;
    }
    const equip = /^Equip(?: ([A-Za-z][A-Za-z' -]*?))?\s*(?:(?:\{[^}]*\})+|—.*)$/.exec(line);
    if (equip) {
      props.push(equip[1] ? 'equip ' + equip[1].trim() : 'equip');
      continue;
    }
    // Aether Storm's "Creature spells can't be cast." (601.3, 101.2); Garruk's Horde's "You may cast
    // creature spells from the top of your library." (601.3).
    const cantCast = /^((?:[A-Za-z-]+ )*?[A-Za-z-]+) spells can['’]t be cast$/.exec(line);
    if (cantCast) {
      props.push(`players can't cast ${spellWords(cantCast[1])} spells`);
      continue;
    }
    const mayCast = /^You may cast ((?:[A-Za-z-]+ )*?[A-Za-z-]+) spells from the top of your library$/.exec(line);
    if (mayCast) {
      props.push(`you may cast ${spellWords(mayCast[1])} spells from the top of your library`);
      continue;
    }
    for (const piece of line.split(/,\s*|;\s*/)) props.push(...keywordProps(piece.trim()));
  }
  // "Equip legendary creature {3}" beside "Equip {7}": the unqualified one can equip any creature.
  const out = props.includes('equip') ? props.filter((p) => !p.startsWith('equip ')) : props;
  return { typeLine: typeLineOf(rec.typeLine, 'mtg'), props: unique(out) };
}

/** `Creature` → `creature`, `Noncreature` → `noncreature`, `Aura and Equipment` → `Aura or Equipment` (either is stopped). */
function spellWords(text: string): string {
  return text
    .split(' ')
    .map((w) => (w === 'and' || w === 'or' ? 'or' : /^(non-?)?(artifact|battle|creature|enchantment|instant|kindred|planeswalker|sorcery|tribal)$/i.test(w) ? w.toLowerCase() : w))
    .join(' ');
}

/** `artifact, creature, or land` → `artifact or creature or land`; `a player` → `player`. */
function enchantFilter(text: string): string {
  return text
    .replace(/,\s*or\s+/g, ' or ')
    .replace(/,\s*/g, ' or ')
    .replace(/\ban opponent\b/g, 'opponent')
    .replace(/\ba player\b/g, 'player')
    .trim();
}

function keywordProps(piece: string): string[] {
  const p = piece.toLowerCase();
  let m: RegExpExecArray | null;
  if ((m = /^protection from (.+)$/i.exec(piece))) {
    return m[1]
      .split(/\s*(?:,\s*)?\band from\s+|\s*,\s*from\s+/)
      .map((q) => q.trim())
      .filter((q) => IDENT.test(q))
      .map((q) => 'protection from ' + (COLOR_WORDS.includes(q.toLowerCase()) ? q.toLowerCase() : q));
  }
  if (p === 'hexproof' || p === 'shroud' || p === 'flash') return [p];
  if ((m = /^hexproof from (\S+)$/i.exec(piece)) && IDENT.test(m[1])) return ['hexproof from ' + m[1]];
  if ((m = /^ward\s*(.*)$/i.exec(piece))) {
    const cost = m[1].replace(/^—\s*/, '').trim();
    if (!cost) return ['ward'];
    const generic = /^\{([0-9]+)\}$/.exec(cost);
    return ['ward ' + (generic ? generic[1] : JSON.stringify(cost.replace(/"/g, "'")))];
  }
  if (/^reconfigure\b/.test(p)) return ['reconfigure'];
  if (/^bestow\b/.test(p)) return ['bestow'];
  if (/^aura swap\b/.test(p)) return ['aura swap'];
  return [];
}

function riftboundFacts(rec: CardRecord): CardFacts {
  const props: string[] = [];
  if (rec.might !== undefined) props.push(`might ${rec.might}`);
  if (rec.mightBonus !== undefined) props.push(`might-bonus ${rec.mightBonus}`);
  const equip = rec.keywords.some((k) => k.toLowerCase() === 'equip') || /\[Equip\]|(^|\n)\s*Equip\b/.test(rec.text);
  if (equip) props.push('equip');
  return { typeLine: typeLineOf(rec.typeLine, 'riftbound'), props };
}

function unique(xs: string[]): string[] {
  return [...new Set(xs)];
}
