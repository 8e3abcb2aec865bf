// The user's card data, reduced to what the checker reads from a card: its name, game, type line,
// rules text, colors, keywords, (MTG) toughness and (Riftbound) Might and Might Bonus. One record per face that has
// a name; the full name of a card with several faces names its first face (712.8a, 709.3).
import type { Game } from '../types';
import { table } from '../tables';
import { MTG_COLORS } from '../parser/keywords';

export interface CardRecord {
  /** The name as the file spells it (a face's name for a face). */
  name: string;
  /** The type line as printed: `Legendary Artifact — Equipment`, `Gear — Equipment`. */
  typeLine: string;
  /** The rules text as the file gives it (shown in hovers, read for keyword abilities). */
  text: string;
  /** MTG colors as words (`white`, `blue`...); empty for a colorless card or a Riftbound card. */
  colors: string[];
  /** Keywords the file lists (Scryfall `keywords`, MTGJSON `keywords`, ours `keywords`). */
  keywords: string[];
  /** Riftbound: printed Might and Might Bonus. */
  might?: number;
  mightBonus?: number;
  /** MTG: printed toughness, when it is a number (not `*` or `1+*`). */
  toughness?: number;
}

/** A card file's content: its game, its records, and what could not be read (each a sentence). */
export interface CardFileData {
  game: Game | undefined;
  /** `scryfall`, `mtgjson`, `riftbound` or undefined when the format is not recognised. */
  format: 'scryfall' | 'mtgjson' | 'riftbound' | undefined;
  records: CardRecord[];
  problems: string[];
}

/** The color word of each of the cost and color letters (W, U, B, R, G). */
const COLOR_OF_LETTER = table<string>({ W: 'white', U: 'blue', B: 'black', R: 'red', G: 'green' });

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

function colorWords(v: unknown): string[] {
  const out: string[] = [];
  for (const c of strings(v)) {
    const w = COLOR_OF_LETTER[c.toUpperCase()] ?? (MTG_COLORS.includes(c.toLowerCase()) ? c.toLowerCase() : undefined);
    if (w && !out.includes(w)) out.push(w);
  }
  return out;
}

/** A face's colors from its mana cost (202.2), where the file gives the face no colors of its own. */
function manaColors(cost: unknown): string[] | undefined {
  if (typeof cost !== 'string' || cost === '') return undefined;
  const out: string[] = [];
  for (const m of cost.matchAll(/\{([^}]*)\}/g)) for (const ch of m[1].toUpperCase()) if (COLOR_OF_LETTER[ch] && !out.includes(ch)) out.push(ch);
  return out;
}

function num(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return Math.trunc(v);
  if (typeof v === 'string' && /^[+-]?[0-9]+$/.test(v.trim())) return parseInt(v.trim(), 10);
  return undefined;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Reads a card file's text: Scryfall bulk data (a JSON array of card objects: "Oracle Cards",
 * "Default Cards"), MTGJSON `AtomicCards.json` (`data`: name → faces), or our Riftbound format
 * (`{ "game": "riftbound", "cards": [...] }`, docs/cards.md). Never throws: a text that is not
 * JSON, or not one of these, gives no records and a problem.
 */
export function parseCardFile(text: string): CardFileData {
  let value: unknown;
  try {
    value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (e) {
    return { game: undefined, format: undefined, records: [], problems: [`The card file is not JSON (${(e as Error).message}). Give a Scryfall bulk data file, MTGJSON AtomicCards.json or a Riftbound card list (docs/cards.md).`] };
  }
  return readCardData(value);
}

/** As parseCardFile, from a JSON value already parsed. */
export function readCardData(value: unknown): CardFileData {
  if (Array.isArray(value)) return scryfall(value);
  if (isObject(value) && isObject(value.data)) return mtgjson(value.data);
  if (isObject(value) && Array.isArray(value.cards) && str(value.game)?.toLowerCase() === 'riftbound') return riftbound(value.cards);
  return {
    game: undefined,
    format: undefined,
    records: [],
    problems: ['The card file is neither a Scryfall bulk data array, MTGJSON AtomicCards.json (an object with `data`) nor a Riftbound card list (`{"game": "riftbound", "cards": [...]}`). See docs/cards.md.'],
  };
}

function scryfall(cards: unknown[]): CardFileData {
  const records: CardRecord[] = [];
  let skipped = 0;
  for (const c of cards) {
    if (!isObject(c) || !str(c.name)) {
      skipped++;
      continue;
    }
    const faces = Array.isArray(c.card_faces) ? c.card_faces.filter(isObject) : [];
    const top: CardRecord = {
      name: c.name as string,
      typeLine: str(c.type_line) ?? str(faces[0]?.type_line) ?? '',
      text: str(c.oracle_text) ?? str(faces[0]?.oracle_text) ?? '',
      colors: colorWords(c.colors ?? faces[0]?.colors),
      keywords: strings(c.keywords),
      toughness: num(c.toughness ?? faces[0]?.toughness),
    };
    if (faces.length > 1) {
      // A card with faces: the whole name stands for its first face (712.8a: its front face outside the battlefield).
      const recs = faces
        .filter((f) => str(f.name))
        .map((f): CardRecord => ({ name: f.name as string, typeLine: str(f.type_line) ?? '', text: str(f.oracle_text) ?? '', colors: colorWords(f.colors ?? manaColors(f.mana_cost) ?? c.colors), keywords: strings(c.keywords), toughness: num(f.toughness) }));
      if (recs.length) records.push({ ...recs[0], name: top.name }, ...recs);
      else records.push(top);
    } else records.push(top);
  }
  return { game: 'mtg', format: 'scryfall', records, problems: skipped ? [`${skipped} entries of the card file have no name and were skipped.`] : [] };
}

function mtgjson(data: Record<string, unknown>): CardFileData {
  const records: CardRecord[] = [];
  let skipped = 0;
  for (const name of Object.keys(data)) {
    const faces = Array.isArray(data[name]) ? (data[name] as unknown[]).filter(isObject) : [];
    if (faces.length === 0) {
      skipped++;
      continue;
    }
    const rec = (f: Record<string, unknown>, n: string): CardRecord => ({ name: n, typeLine: str(f.type) ?? '', text: str(f.text) ?? '', colors: colorWords(f.colors), keywords: strings(f.keywords), toughness: num(f.toughness) });
    records.push(rec(faces[0], name));
    if (faces.length > 1) for (const f of faces) if (str(f.faceName) && f.faceName !== name) records.push(rec(f, f.faceName as string));
  }
  return { game: 'mtg', format: 'mtgjson', records, problems: skipped ? [`${skipped} entries of the card file have no faces and were skipped.`] : [] };
}

function riftbound(cards: unknown[]): CardFileData {
  const records: CardRecord[] = [];
  let skipped = 0;
  for (const c of cards) {
    if (!isObject(c) || !str(c.name) || !str(c.type)) {
      skipped++;
      continue;
    }
    const tags = strings(c.tags);
    const supertype = str(c.supertype);
    records.push({
      name: c.name as string,
      typeLine: [supertype, c.type as string].filter(Boolean).join(' ') + (tags.length ? ' — ' + tags.join(' ') : ''),
      text: str(c.text) ?? '',
      colors: [],
      keywords: strings(c.keywords),
      might: num(c.might),
      mightBonus: num(c.mightBonus),
    });
  }
  return { game: 'riftbound', format: 'riftbound', records, problems: skipped ? [`${skipped} cards of the card file have no name or type and were skipped.`] : [] };
}
