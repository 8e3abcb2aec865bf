// What a card gives a declaration, written in the declaration language itself (docs/language.md):
// the type line and the properties its colors, keywords and rules text amount to. Written as text
// and read by the one parser, so a card's facts become exactly the properties a typed declaration
// gives. Only what the checker reads is taken: enchant (with its filter), equip (with its quality),
// protection, hexproof, shroud, ward, reconfigure, bestow, aura swap, flash, a casting prohibition
// ("Creature spells can't be cast") or permission ("You may cast creature spells from the top of
// your library"), the keyword abilities of MTG_KEYWORDS on a keyword line ("Flying, vigilance"),
// and what an attachment gives or takes from what it is on ("Equipped creature gets +2/+2 and has
// protection from red and from blue": `equipped creature gets +2/+2, equipped creature has protection
// from red and from blue`; Control Magic's "You control enchanted creature": `you control enchanted
// creature`). A creature's toughness is not given (the record has it, for hovers): the bonuses the
// checker can't read ("+1/+1 for each Forest", counters) would make it wrong, so a scenario states it;
// Riftbound Might, Might Bonus, Equip and a unit's keywords. A fortify ability needs nothing more than the
// Fortification subtype. What is read is read whole or not at all: a sentence with a condition or
// a part the language can't say gives nothing rather than half of what it means.
import type { Game } from '../types';
import type { CardRecord } from './records';
import { MTG_CARD_TYPES, MTG_COLORS, MTG_KEYWORDS, MTG_SUPERTYPES, RIFTBOUND_KEYWORDS, VALUED_KEYWORDS } from '../parser/keywords';

/** The MTG words of a type line the checker knows (205.2a, 205.4); other words are left out. */
const MTG_TYPE_WORDS = new Set([...MTG_CARD_TYPES, ...MTG_SUPERTYPES]);
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
  const colors = rec.colors.filter((c) => MTG_COLORS.includes(c));
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
    // A replacement that exiles instead of putting into a graveyard (614.1a): "If Ghastly Mimicry would
    // be put into a graveyard from anywhere, exile it instead." (its own), "If a card or token would be
    // put into a graveyard ..." (Rest in Peace), "... into an opponent's graveyard ..." (Leyline of the Void).
    const exiles = /^If (.+?) would be put into (a|an opponent['’]s) graveyard from anywhere, exile it instead$/.exec(line);
    if (exiles) {
      const own = exiles[1] === rec.name || /^this \w+$/.test(exiles[1]);
      const any = /^a card(?: or token)?$/.test(exiles[1]);
      if ((own && exiles[2] === 'a') || any) {
        props.push(own ? 'if it would be put into a graveyard, exile it instead' : `if a card would be put into ${exiles[2] === 'a' ? 'a' : "an opponent's"} graveyard, exile it instead`);
        continue;
      }
    }
    // Konda's Banner: "Konda's Banner can be attached only to a legendary creature." (701.3a)
    const only = /^(.+?) can be attached only to (?:an? )?(.+)$/.exec(line);
    if (only && (only[1] === rec.name || /^this \w+$/.test(only[1]))) {
      props.push('can be attached only to ' + enchantFilter(only[2]));
      continue;
    }
    // Dream Leash: "You can cast Dream Leash only targeting a tapped permanent." (601.2c, 601.3)
    const castOnly = /^You can cast (.+?) only targeting an? tapped (.+)$/.exec(line);
    if (castOnly && (castOnly[1] === rec.name || /^this \w+$/.test(castOnly[1]))) {
      props.push('cast only targeting a tapped ' + enchantFilter(castOnly[2]));
      continue;
    }
    // Gravecrawler's "Gravecrawler can't block." (509.1b): a restriction on combat of its own, the whole line.
    const cant = /^(.+?) can['’]t (attack or block|attack|block)$/.exec(line);
    if (cant && (cant[1] === rec.name || /^this \w+$/.test(cant[1]))) {
      props.push(`can't ${cant[2]}`);
      continue;
    }
    // Sanctuary Blade: "As Sanctuary Blade becomes attached to a creature, choose a color." (607.2d)
    const chooses = /^As (.+?) becomes attached to an? creature, choose a color$/.exec(line);
    if (chooses && (chooses[1] === rec.name || /^this \w+$/.test(chooses[1]))) {
      props.push('as it becomes attached choose a color');
      continue;
    }
    // Benevolent Blessing: "As this Aura enters, choose a color." (614.12, 607.2d; "enters the battlefield" in older text)
    const entering = /^As (.+?) enters(?: the battlefield)?, choose a color$/.exec(line);
    if (entering && (entering[1] === rec.name || /^this \w+$/.test(entering[1]))) {
      props.push('as it enters choose a color');
      continue;
    }
    // Control Magic's "You control enchanted creature." (613.1b), the whole line.
    const controls = /^You control enchanted (creature|permanent|artifact|land)\.?$/.exec(line);
    if (controls) {
      props.push(`you control enchanted ${controls[1]}`);
      continue;
    }
    // "Equipped creature gets +2/+2 and has protection from red and from blue." (613.1f)
    const grants = grantProps(line, rec.name, CHOOSES_ON_ATTACH.test(rec.text) || CHOOSES_ON_ENTER.test(rec.text));
    if (grants) {
      props.push(...grants);
      continue;
    }
    const pieces = line.split(/,\s*|;\s*/).map((piece) => piece.trim());
    // "Flying, vigilance": the card's own keyword abilities, from a line made only of keywords (not
    // "... gains your choice of flying, first strike, or haste", whose middle piece is one too).
    const keywordLine = pieces.every((piece) => isKeywordPiece(piece, rec.keywords));
    for (const piece of pieces) {
      props.push(...keywordProps(piece));
      if (keywordLine && MTG_KEYWORDS.includes(keywordOf(piece))) props.push(keywordOf(piece));
    }
  }
  // "Equip legendary creature {3}" beside "Equip {7}": the unqualified one can equip any creature.
  // "Equip planeswalker" is another ability, not a quality (702.6e): it stays (Luxior).
  const out = props.includes('equip') ? props.filter((p) => !p.startsWith('equip ') || p === 'equip planeswalker') : props;
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
      .map((q) => 'protection from ' + (MTG_COLORS.includes(q.toLowerCase()) ? q.toLowerCase() : q));
  }
  if (p === 'hexproof' || p === 'shroud' || p === 'flash') return [p];
  // "Mutate {2}{G}{G}" (702.140a): the keyword, its cost left out (a scenario pays none).
  if (/^mutate(?:\s*(?:\{[^}]*\})+)?$/.test(p)) return ['mutate'];
  if ((m = /^hexproof from (\S+)$/i.exec(piece)) && IDENT.test(m[1])) return ['hexproof from ' + m[1]];
  // `Ward {2}`, `Ward—Pay 3 life`: the word alone, not the start of another ("Warden ...").
  if ((m = /^ward(?:\s+|\s*—\s*|$)(.*)$/i.exec(piece))) {
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

/**
 * Is this piece of a line a keyword ability (`Flying`, `Protection from red`, `Ward {2}`), so that
 * the line is a keyword line? A keyword of the list, one keywordProps reads, or one the file lists
 * for the card (Scryfall's and MTGJSON's `keywords`: `Flanking`, `Equip`), alone or with its cost or
 * number (`Bushido 1`, `Cumulative upkeep {1}`, `Equip—Pay 3 life`).
 */
/** A keyword as a scenario writes it: lowercase, without the exclamation mark of "For Mirrodin!". */
function keywordOf(piece: string): string {
  return piece.toLowerCase().replace(/!$/, '');
}

function isKeywordPiece(piece: string, listed: readonly string[]): boolean {
  const p = piece.toLowerCase();
  if (MTG_KEYWORDS.includes(keywordOf(piece)) || keywordProps(piece).length > 0) return true;
  for (const k of listed) {
    const kw = k.toLowerCase();
    if (kw && p.startsWith(kw) && /^(?:\s*(?:\{[^}]*\})+|\s+[0-9]+|\s*—.*)?$/.test(p.slice(kw.length))) return true;
  }
  return false;
}

/**
 * A grant's sentence: "SUBJECT has LIST", "SUBJECT loses LIST", "SUBJECT gets +N/+N and has LIST"
 * (or `and loses`); the grant's `who` is SUBJECT in lowercase (`equipped creature`). It must be the
 * whole sentence: a condition before or after it ("As long as ...", "During your turn, ...", "... as
 * long as you control an artifact") makes it another sentence, which is not read.
 */
const GRANT_SENTENCE = /^(Equipped creature|Enchanted creature|Enchanted permanent|Fortified land) (?:gets ([+-][0-9]+\/[+-][0-9]+) and )?(has|loses) (.+)$/;
/** "Equipped creature gets +2/+2." alone (613.4c): a change of power and toughness, the whole sentence. */
const GETS_SENTENCE = /^(Equipped creature|Enchanted creature) gets ([+-][0-9]+\/[+-][0-9]+)$/;

/** "Enchanted creature can't attack or block." alone: a restriction on combat the attachment puts on it (508.1c, 509.1b). */
const CANT_SENTENCE = /^(Equipped creature|Enchanted creature) can['’]t (attack or block|attack|block)$/;

/** A card that chooses a color as it becomes attached (Sanctuary Blade, 607.2d): its grant's `the chosen color` reads that choice. */
const CHOOSES_ON_ATTACH = /(?:^|\n)As .+? becomes attached to an? creature, choose a color\./;
/** A card that chooses a color as it enters (Benevolent Blessing, 614.12): its grant's `the chosen color` reads that choice. */
const CHOOSES_ON_ENTER = /(?:^|\n)As .+? enters(?: the battlefield)?, choose a color\./;

/** The protection qualities a grant read from card data may name (702.16a): a color, everything, card types in the plural. */
const GRANT_QUALITIES = new Set([...MTG_COLORS, 'all colors', 'everything', 'artifacts', 'battles', 'creatures', 'enchantments', 'instants', 'lands', 'planeswalkers', 'sorceries']);

/**
 * The grants of a line of rules text (one per sentence that is one), or undefined when it has none.
 * A line with a quote is left whole: the quoted ability has sentences of its own.
 */
function grantProps(line: string, name: string, chooses: boolean): string[] | undefined {
  if (!/^(Equipped|Enchanted|Fortified) /.test(line) && !/\. (Equipped|Enchanted|Fortified) /.test(line)) return undefined;
  if (/["“”]/.test(line)) return undefined;
  const out: string[] = [];
  let any = false;
  for (const sentence of line.split(/\.\s+/)) {
    const plain = sentence.replace(/\.$/, '').trim();
    // "This effect doesn't remove Auras." (Spectra Ward, 702.16n): what the grant before it spares;
    // "This effect doesn't remove White Ward." (the card itself).
    const spares = /^This effect doesn't remove (.+)$/.exec(plain);
    if (spares && (spares[1] === 'Auras' || spares[1] === name) && out.length && / protection from /.test(out[out.length - 1])) {
      out[out.length - 1] += spares[1] === 'Auras' ? ', not removing Auras' : ', not removing itself';
      continue;
    }
    // Pacifism's "Enchanted creature can't attack or block." (508.1c, 509.1b).
    const cant = CANT_SENTENCE.exec(plain);
    if (cant) {
      any = true;
      out.push(`${cant[1].toLowerCase()} can't ${cant[2]}`);
      continue;
    }
    const gets = GETS_SENTENCE.exec(plain);
    if (gets) {
      any = true;
      out.push(`${gets[1].toLowerCase()} gets ${gets[2]}`);
      continue;
    }
    const m = GRANT_SENTENCE.exec(plain);
    if (!m) continue;
    any = true;
    const abilities = grantedAbilities(m[4], chooses);
    // "gets +2/+2 and has ...": both, when the rest is read (a creature's bonus, not a land's).
    if (abilities && m[2] && m[1].endsWith('creature')) out.push(`${m[1].toLowerCase()} gets ${m[2]}`);
    if (abilities && abilities.length) out.push(`${m[1].toLowerCase()} ${m[3]} ${abilities.join(' and ')}`);
  }
  return any ? out : undefined;
}

/**
 * The abilities of a grant's list ("protection from red and from blue", "haste and shroud",
 * "flying, first strike, and vigilance") as the language writes them, or undefined when a piece is
 * not an ability at all ("can't block", "haste as long as ..."): the sentence is then not read. An
 * ability the language can't say but which is plainly one (`flanking`, `protection from Dragons`)
 * is left out, the others kept. `protection from red and from blue` stays one phrase.
 */
function grantedAbilities(list: string, chooses: boolean): string[] | undefined {
  // "flying or first strike": a choice, not both.
  if (/\bor\b/.test(list)) return undefined;
  const out: string[] = [];
  // Whether the last piece read was a protection (kept or left out): "from blue" continues it.
  let afterProtection = false;
  for (const piece of list.split(/\s*,\s*(?:and\s+)?|\s+and\s+/)) {
    const p = piece.trim().toLowerCase();
    let m: RegExpExecArray | null;
    if ((m = /^protection from (\S+|all colors)$/.exec(p)) || (afterProtection && (m = /^from (\S+)$/.exec(p)))) {
      if (GRANT_QUALITIES.has(m[1])) {
        const last = out[out.length - 1];
        out.push(last !== undefined && /^(protection )?from /.test(last) ? `from ${m[1]}` : `protection from ${m[1]}`);
      }
      afterProtection = true;
      continue;
    }
    // Sanctuary Blade's "protection from the last chosen color" (607.2d): the color its card chose as it became attached,
    // or Benevolent Blessing's, chosen as it enters. Only with that choice written in the card's text.
    if (chooses && (m = /^protection from the (last )?chosen color$/.exec(p))) {
      out.push(`protection from the ${m[1] ?? ''}chosen color`);
      afterProtection = false;
      continue;
    }
    afterProtection = false;
    if (MTG_KEYWORDS.includes(p) || p === 'hexproof' || p === 'shroud') out.push(p);
    else if ((m = /^hexproof from (\S+)$/.exec(p))) {
      if (MTG_COLORS.includes(m[1])) out.push(p);
    } else if ((m = /^ward \{([0-9]+)\}$/.exec(p))) out.push(`ward ${m[1]}`);
    // A keyword ability the language has no word for (`flanking`, `infect`) is left out; anything
    // else is not an ability, and the sentence is not read.
    else if (!/^[a-z]+$/.test(p)) return undefined;
  }
  return out;
}

function riftboundFacts(rec: CardRecord): CardFacts {
  const props: string[] = [];
  if (rec.might !== undefined) props.push(`might ${rec.might}`);
  if (rec.mightBonus !== undefined) props.push(`might-bonus ${rec.mightBonus}`);
  const equip = rec.keywords.some((k) => k.toLowerCase() === 'equip') || /\[Equip\]|(^|\n)\s*Equip\b/.test(rec.text);
  if (equip) props.push('equip');
  // A gear's Effect Text that saves its unit (Guardian Angel: "If I would die, kill Guardian Angel instead."):
  // "I" can only be the unit a gear is attached to (136.2.d), so the sentence is its Effect Text.
  // The sentence after it, in the same replacement, may go on with what it does to the unit ("Heal me,
  // exhaust me, and recall me."): declared with it.
  const saves = /If I would die, kill (?:this|(.+?)) instead\.(?:\s*((?:(?:and )?(?:heal|exhaust|recall) me(?:, |,? and |\.))+))?/i.exec(rec.text);
  if (saves && (saves[1] === undefined || saves[1] === rec.name) && /^gear\b/i.test(rec.typeLine)) {
    const then = saves[2] ? ['heal', 'exhaust', 'recall'].filter((w) => new RegExp(`\\b${w} me\\b`, 'i').test(saves[2])) : [];
    // Written as a declaration writes it: "..., heal me, exhaust me, and recall me".
    props.push(['if I would die, kill this instead', ...then.map((w, i) => (i > 0 && i === then.length - 1 ? `and ${w} me` : `${w} me`))].join(', '));
  }
  // A unit's keywords are its own (Shield, Tank, ...). A gear's may be its Effect Text, which is its
  // unit's while attached (136.2), and the list doesn't say which: only its Equip is read.
  if (/\bunit\b/i.test(rec.typeLine.split(' — ')[0])) {
    const seen = new Set<string>();
    for (const k of rec.keywords) {
      // "Assault 2" in the list, or "Assault" with the value the text prints ("[Assault 2]"): 807.1.b, 814.1.b.
      const m = /^\s*(\S+)(?:\s+(\d{1,9}))?\s*$/.exec(k);
      const word = m ? RIFTBOUND_KEYWORDS.find((w) => w.toLowerCase() === m[1].toLowerCase()) : undefined;
      // A number after a keyword that takes none ("Level 3") is not a keyword the language reads.
      if (!word || seen.has(word) || (m![2] !== undefined && !VALUED_KEYWORDS.includes(word))) continue;
      seen.add(word);
      const value = VALUED_KEYWORDS.includes(word) ? Number(m![2] ?? printedValue(rec.text, word) ?? 1) : 1;
      props.push(value > 1 ? `${word} ${value}` : word);
    }
  }
  return { typeLine: typeLineOf(rec.typeLine, 'riftbound'), props };
}

/** The value a Riftbound card's text prints after a keyword in brackets (`[Assault 2]`: 807.1.b), if any. */
function printedValue(text: string, keyword: string): string | undefined {
  const at = text.indexOf(`[${keyword} `);
  if (at < 0) return undefined;
  return /^(\d{1,9})\]/.exec(text.slice(at + keyword.length + 2))?.[1];
}

function unique(xs: string[]): string[] {
  return [...new Set(xs)];
}
