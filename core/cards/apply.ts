// A declaration completed from the user's card data: the card's type line where the declaration
// writes none, and the card's properties of every family the declaration doesn't write (what is
// written wins: a scenario may describe a card under an effect). A declaration that contradicts
// the card is a `card-mismatch` warning at the property, with a fix to the card's value; a name
// the catalog lacks is an `unknown-card` information with the closest names.
import type { CardStmt, Filter, Property, TypeLine } from '../parser/ast';
import { filterText } from '../parser/ast';
import { parse } from '../parser/parser';
import type { Fix, Game, Range } from '../types';
import type { CardCatalog, CardCatalogs } from './catalog';
import type { CardRecord } from './records';
import { msg, titledFix, type Message } from '../message';
import { mtgFilterWord } from '../engine/words';

export type CardReporter = (code: string, range: Range, message: string | Message, opts: { rules?: string[]; fixes?: Fix[]; subjects?: string[] }) => void;

/** A card's facts as parsed nodes (ranges on line 0 of their own text; they are moved to the name). */
interface ParsedFacts {
  typeLine?: TypeLine;
  typeLineText?: string;
  props: { text: string; prop: Property }[];
}

const parsed = new WeakMap<CardRecord, ParsedFacts>();

function parsedFacts(catalog: CardCatalog, rec: CardRecord): ParsedFacts {
  let p = parsed.get(rec);
  if (p) return p;
  const facts = catalog.factsOf(rec);
  p = { props: [] };
  if (facts.typeLine) {
    const st = one(`card x "": ${facts.typeLine}`);
    if (st?.typeLine) {
      p.typeLine = st.typeLine;
      p.typeLineText = facts.typeLine;
    }
  }
  // Each property alone: one the language can't say (an unusual enchant filter) is left out, not the card.
  for (const text of facts.props) {
    const st = one(`card x "", ${text}`);
    if (st && st.props.length === 1 && readable(st.props[0])) p.props.push({ text, prop: st.props[0] });
  }
  parsed.set(rec, p);
  return p;
}

/** Can the checker read every word of the property's filter (`Enchant creature with flying` can't be: mtgFilterWord)? */
function readable(prop: Property): boolean {
  const f = prop.kind === 'enchant' || prop.kind === 'attach-only' || prop.kind === 'cast-only' ? prop.filter : prop.kind === 'equip' ? prop.quality : undefined;
  return !f || f.alternatives.every((alt) => alt.every((t) => mtgFilterWord(t.word)));
}

function one(text: string): CardStmt | undefined {
  const doc = parse(text);
  const st = doc.statements[0];
  return doc.problems.length === 0 && st?.kind === 'card' ? st : undefined;
}

/** A copy of a node with every range set to `at` (the facts stand at the card's name). */
function placed<T>(node: T, at: Range): T {
  if (Array.isArray(node)) return node.map((n) => placed(n, at)) as T;
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node as Record<string, unknown>)) out[k] = k === 'range' ? at : placed(v, at);
  return out as T;
}

/**
 * Which family a property belongs to: a written property replaces the card's of its family. A
 * keyword ability is a family of its own, as a flag is (`haste` written on Serra Angel leaves it its
 * flying and vigilance); the grants are one family (a written grant says what the card grants).
 */
function family(p: Property): string {
  if (p.kind === 'flag') return 'flag ' + p.flag;
  if (p.kind === 'keyword') return 'keyword ' + p.keyword.name;
  if (p.kind === 'keyword-ability') return 'keyword-ability ' + p.name.text;
  return p.kind;
}

/** The families a card's data can give (others, like `owner` or `in`, are the scenario's alone). */
const CARD_FAMILIES = new Set(['enchant', 'equip', 'protection', 'color', 'might', 'might-bonus', 'toughness', 'pt-bonus', 'keyword hexproof', 'keyword shroud', 'keyword ward', 'flag reconfigure', 'flag bestow', 'flag aura-swap', 'flag flash', 'flag kill-instead', 'exile-instead', 'attach-only', 'cast-only', 'cant-cast', 'may-cast-top', 'grant', 'choose-color']);

/** Whether the card's data may give a property of this family (every keyword ability is one). */
function cardFamily(fam: string): boolean {
  return CARD_FAMILIES.has(fam) || fam.startsWith('keyword-ability ');
}

export function filterKey(f: Filter | undefined): string {
  if (!f) return '';
  const alts = f.alternatives.map((a) => a.map((t) => (t.negated ? 'non' : '') + t.word).join(' ')).join(' or ');
  const zone = f.zone ? ` in ${f.zone.whose} ${f.zone.zone}` : '';
  const toughness = f.toughness ? ` toughness:${f.toughness.or}:${f.toughness.value}` : '';
  return alts + (f.control ? ' control:' + f.control : '') + toughness + zone;
}

/** The subtypes that make a card an attachment (MTG 301.5, 303.4, 301.6, 303.7a; Riftbound's Equipment tag). */
const ATTACHMENT_SUBTYPES = new Set(['Aura', 'Equipment', 'Fortification', 'Role']);

/**
 * Does a declared type line contradict the card's? Card types and supertypes must be the card's; a
 * subtype must be one of the card's; a subtype the declaration leaves out contradicts the card only
 * when it makes the card an attachment (Pacifism declared a plain enchantment), since the other ones
 * (creature types, Riftbound tags) only describe it further.
 */
function typeLineContradicts(declared: TypeLine, card: TypeLine): boolean {
  const types = (t: TypeLine) => t.types.map((w) => (w.text === 'tribal' ? 'kindred' : w.text)).sort().join(' ');
  if (types(declared) !== types(card)) return true;
  const mine = new Set(declared.subtypes.map((w) => w.text));
  const theirs = new Set(card.subtypes.map((w) => w.text));
  for (const s of mine) if (!theirs.has(s)) return true;
  for (const s of theirs) if (!mine.has(s) && ATTACHMENT_SUBTYPES.has(s)) return true;
  return false;
}

function typeText(t: TypeLine): string {
  return t.types.map((w) => w.text).join(' ') + (t.subtypes.length ? ' — ' + t.subtypes.map((w) => w.text).join(' ') : '');
}

/** A property as the declaration writes it, rebuilt from its node (for messages). */
function propText(p: Property): string {
  switch (p.kind) {
    case 'enchant':
      return 'enchant ' + filterText(p.filter);
    case 'equip':
      return p.quality ? 'equip ' + filterText(p.quality) : 'equip';
    case 'color':
      return 'color ' + p.colors.map((c) => c.text).join(' ');
    case 'might':
    case 'might-bonus':
    case 'power':
    case 'toughness':
      return `${p.kind} ${p.value}`;
    case 'pt-bonus':
      return `${p.who.text} gets ${p.power >= 0 ? '+' : ''}${p.power}/${p.toughness >= 0 ? '+' : ''}${p.toughness}${p.perCounter ? ` for each ${p.perCounter.counter} counter on it` : ''}`;
    case 'cast-only':
      return `cast only targeting a tapped ${filterText(p.filter)}`;
    case 'cant-cast':
      return `players can't cast ${filterText(p.filter)} spells`;
    case 'may-cast-top':
      return `you may cast ${filterText(p.filter)} spells from the top of your library`;
    default:
      return p.kind;
  }
}

function quoted(name: string): string {
  return '"' + name.replace(/\\/g, '\\\\').replace(/"/g, '\\"') + '"';
}

/**
 * The declaration the replay reads: `st` completed from the catalog of its game, with the
 * findings of the comparison reported. Without a catalog for the game, `st` itself.
 */
export function withCardFacts(st: CardStmt, catalogs: CardCatalogs | undefined, game: Game, report: CardReporter): CardStmt {
  const catalog = catalogs?.[game];
  if (!catalog || !st.name) return st;
  const subjects = st.id ? [st.id.text] : [];
  const rec = catalog.lookup(st.name.text);
  const file = catalog.sources.length === 1 ? catalog.sources[0].replace(/^.*[\\/]/, '') : msg`your card files`;
  const gameName = game === 'mtg' ? 'MTG' : 'Riftbound';
  if (!rec) {
    const close = catalog.closest(st.name.text);
    report('unknown-card', st.name.range, msg`No card is named "${st.name.text}" in ${file} (${gameName}), so nothing is taken from card data for '${st.id?.text ?? msg``}'.${close.length ? msg` Did you mean ${close.map((n) => `"${n}"`).join(', ')}? Write the card's name as your card data spells it, or declare the card fully if it is one of your own.` : msg` Check the spelling, or declare the card fully (type line and properties) if it is one of your own.`}`, {
      fixes: close.map((n) => (titledFix(msg`Use the card "${n}"`, false, [{ range: st.name!.range, newText: quoted(n) }]))),
      subjects,
    });
    return st;
  }
  const facts = parsedFacts(catalog, rec);
  const at = st.name.range;
  const label = `"${rec.name}"`;
  const mismatch = (range: Range, cardValue: string | Message, declared: string, rules: string[], newText: string | undefined, title: Message) =>
    report('card-mismatch', range, msg`${label} has ${cardValue} in ${file}, but the declaration says \`${declared}\`. The declaration wins (as for a card an effect changed); write the card's value if that is what was meant.`, {
      rules,
      fixes: newText === undefined ? [] : [titledFix(title, false, [{ range, newText }])],
      subjects,
    });
  // The type line.
  if (st.typeLine && facts.typeLine && typeLineContradicts(st.typeLine, facts.typeLine)) {
    mismatch(st.typeLine.range, msg`the type line \`${facts.typeLineText}\``, typeText(st.typeLine), game === 'mtg' ? ['205.1'] : ['133.1'], facts.typeLineText, msg`Use the card's type line: ${facts.typeLineText}`);
  }
  // The properties of each family both write.
  const cardProps = (fam: string) => facts.props.filter((p) => family(p.prop) === fam);
  const declared = (fam: string) => st.props.filter((p) => family(p) === fam);
  const compare = (fam: string, key: (p: Property) => string, rules: string[]) => {
    const mine = declared(fam);
    const theirs = cardProps(fam);
    if (mine.length === 0 || theirs.length === 0) return;
    const a = mine.map(key).sort().join(';');
    const b = theirs.map((p) => key(p.prop)).sort().join(';');
    if (a === b) return;
    const cardText = theirs.map((p) => p.text).join(', ');
    mismatch(mine[0].range, `\`${cardText}\``, mine.map(propText).join(', '), rules, mine.length === 1 ? cardText : undefined, msg`Use the card's value: ${cardText}`);
  };
  compare('enchant', (p) => (p.kind === 'enchant' ? filterKey(p.filter) : ''), ['702.5a']);
  compare('equip', (p) => (p.kind === 'equip' ? filterKey(p.quality) : ''), game === 'mtg' ? ['702.6a'] : ['818.5']);
  compare('color', (p) => (p.kind === 'color' ? p.colors.map((c) => c.text).sort().join(' ') : ''), ['105.2']);
  compare('might', (p) => (p.kind === 'might' ? String(p.value) : ''), ['143.2']);
  compare('might-bonus', (p) => (p.kind === 'might-bonus' ? String(p.value) : ''), ['137.1']);
  compare('toughness', (p) => (p.kind === 'toughness' ? String(p.value) : ''), ['208.1']);
  compare('pt-bonus', (p) => (p.kind === 'pt-bonus' ? `${p.who.text} ${p.power}/${p.toughness}${p.perCounter ? ' per ' + p.perCounter.counter : ''}` : ''), ['613.4c']);
  // The declaration the replay reads.
  const mine = new Set(st.props.map(family));
  const added = facts.props.filter((p) => cardFamily(family(p.prop)) && !mine.has(family(p.prop))).map((p) => placed(p.prop, at));
  if (st.typeLine && added.length === 0) return st;
  return { ...st, typeLine: st.typeLine ?? (facts.typeLine ? placed(facts.typeLine, at) : undefined), props: [...st.props, ...added] };
}
