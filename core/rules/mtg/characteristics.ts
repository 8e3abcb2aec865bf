// MTG characteristics: card types, supertypes, colors and zones; what is an Aura, Equipment, Fortification or
// creature (702.151b reconfigure); enchant and equip filters (109.2 descriptions mean permanents, 702.5 enchant).
import type { CardStmt, Filter, Word } from '../../parser/ast';
import { type CardObj, copyCharacteristics, isCard, type PlayerObj, type PrintedBuilder, targetingKeywordOf } from '../../engine/board';
import type { Replay } from '../../engine/replay';
import type { RuleExplanation } from './explanations';

/** The rules of this module, explained (assembled into the game's rules in explanations.ts). */
export const EXPLAINED: Record<string, RuleExplanation> = {
  '109.2': { title: 'Descriptions mean permanents', text: 'A description that uses a card type or subtype ("enchant creature", "target land") means a permanent of that type on the battlefield, unless it names a zone or uses the word "card" (or "spell", "source", "scheme").' },
  '702.5': { title: 'Enchant', text: 'The keyword ability that says what an Aura can target and be attached to.' },
  '702.5a': { title: 'Enchant', text: 'Enchant limits both what an Aura spell can target and what the Aura permanent can be attached to.' },
  '702.5c': { title: 'Several enchant abilities', text: 'An Aura with more than one enchant ability must satisfy all of them.' },
  '702.5d': { title: 'Enchant player', text: 'An Aura with enchant player can target and be attached only to players, never to permanents.' },
  '702.151': { title: 'Reconfigure', text: 'Reconfigure lets an Equipment creature attach to another creature you control (and stop being a creature) or unattach.' },
  '702.151a': { title: 'Reconfigure', text: 'Reconfigure lets its controller attach it to another creature they control, or unattach it, as a sorcery.' },
  '702.151b': { title: 'Reconfigured Equipment', text: 'While an Equipment with reconfigure is attached to a creature, it is not a creature; it becomes one again when unattached.' },
};

export const MTG_CARD_TYPES = ['artifact', 'creature', 'enchantment', 'land', 'planeswalker', 'battle', 'instant', 'sorcery', 'kindred', 'tribal'];
export const MTG_SUPERTYPES = ['basic', 'legendary', 'snow', 'world', 'ongoing'];
export const COLORS = ['white', 'blue', 'black', 'red', 'green'];
export const MTG_ZONES = ['battlefield', 'hand', 'library', 'graveyard', 'exile', 'stack', 'command'];

export type Host = CardObj | PlayerObj;

/** Why something cannot be attached: the deciding rules and a sentence. */
export interface Problem {
  rules: string[];
  why: string;
  code?: 'not-attachable';
}

export function isAura(c: CardObj): boolean {
  return c.subtypes.has('Aura') || c.bestowed;
}

export function isEquipment(c: CardObj): boolean {
  return c.subtypes.has('Equipment');
}

export function isFortification(c: CardObj): boolean {
  return c.subtypes.has('Fortification');
}

export function isCreature(c: CardObj): boolean {
  if (c.bestowed) return false;
  // 702.151b: attached reconfigure Equipment is not a creature.
  if (c.reconfigure && isEquipment(c) && c.attachedTo) return false;
  return c.types.has('creature');
}

function hasType(c: CardObj, t: string): boolean {
  return t === 'creature' ? isCreature(c) : c.types.has(t);
}

export function article(word: string): string {
  return /^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`;
}

function termMatches(word: string, host: Host, att: CardObj): boolean {
  if (!isCard(host)) return word === 'player' || (word === 'opponent' && host.id !== att.controller);
  switch (word) {
    case 'permanent':
      return host.zone === 'battlefield';
    case 'card':
    case 'object':
      return true;
    case 'player':
    case 'opponent':
      return false;
    case 'token':
      return host.token;
    case 'colorless':
      return host.colors.size === 0;
  }
  if (COLORS.includes(word)) return host.colors.has(word);
  if (MTG_SUPERTYPES.includes(word)) return host.supertypes.has(word);
  if (MTG_CARD_TYPES.includes(word)) return hasType(host, word);
  return host.subtypes.has(word);
}

/** Does a filter (enchant or equip quality) allow this host, for an attachment controlled as `att` is? */
export function filterMatches(f: Filter, host: Host, att: CardObj): boolean {
  const ok = f.alternatives.some((alt) => alt.every((t) => termMatches(t.word, host, att) !== t.negated));
  if (!ok) return false;
  if (!f.control || !isCard(host)) return true;
  if (f.control === 'you') return host.controller === att.controller;
  return host.controller !== att.controller;
}

export function filterText(f: Filter): string {
  const alts = f.alternatives.map((a) => a.map((t) => (t.negated ? 'non' : '') + t.word).join(' ')).join(' or ');
  const ctl = f.control === 'you' ? ' you control' : f.control === 'opponent' ? ' an opponent controls' : f.control === 'not-you' ? " you don't control" : '';
  return alts + ctl;
}

export function isPlayerFilter(f: Filter): boolean {
  return f.alternatives.every((a) => a.some((t) => t.word === 'player' || t.word === 'opponent'));
}

export function describe(host: Host): string {
  if (!isCard(host)) return `player ${host.id}`;
  const types = [...host.supertypes, ...(host.bestowed ? ['enchantment'] : [...host.types].filter((t) => t !== 'creature' || isCreature(host)))].join(' ');
  return `${host.id} (${types || 'no card type'}${host.subtypes.size ? ' — ' + [...host.subtypes].join(' ') : ''})`;
}

/** The enchant filters of an Aura: declared, or `creature` for a bestowed Aura (702.103b). */
export function enchantFilters(att: CardObj): readonly Filter[] {
  if (att.enchant.length) return att.enchant;
  // A bestowed Aura has enchant creature (702.103b); an Aura declared without enchant is read as
  // enchant permanent (docs/language.md), so it never goes on a player.
  const word = att.bestowed ? 'creature' : 'permanent';
  return [{ alternatives: [[{ negated: false, word, range: att.decl.range }]], range: att.decl.range }];
}

export function declareCard(replay: Replay, card: CardObj, st: CardStmt): void {
  // The printed characteristics are built here, once; they never change after.
  const pr = card.printed as PrintedBuilder;
  for (const w of st.typeLine?.types ?? []) {
    if (MTG_SUPERTYPES.includes(w.text)) pr.supertypes.add(w.text);
    else if (MTG_CARD_TYPES.includes(w.text)) pr.types.add(w.text === 'tribal' ? 'kindred' : w.text);
    else unknownWord(replay, w, 'card type', [...MTG_CARD_TYPES, ...MTG_SUPERTYPES]);
  }
  for (const w of st.typeLine?.subtypes ?? []) pr.subtypes.add(w.text);
  if (!st.typeLine) {
    replay.report('syntax-error', st.id!.range, `Card '${card.id}' needs a type line: add \`: TYPES — SUBTYPES\` after its name (there is no card catalog entry for "${card.name}").`, { subjects: [card.id] });
  }
  for (const p of st.props) {
    switch (p.kind) {
      case 'zone':
        if (!MTG_ZONES.includes(p.zone.zone)) replay.report('syntax-error', p.zone.range, `'${p.zone.zone}' is a Riftbound zone; MTG zones are ${MTG_ZONES.join(', ')}.`);
        else card.zone = p.zone.zone;
        break;
      case 'enchant':
        pr.enchant = [...pr.enchant, p.filter];
        break;
      case 'equip':
        pr.hasEquip = true;
        pr.equipQuality = p.quality;
        break;
      case 'protection':
        pr.protections.push(p.quality.text);
        break;
      case 'keyword':
        pr.targeting.push(targetingKeywordOf(p.keyword));
        break;
      case 'color':
        for (const c of p.colors) {
          if (COLORS.includes(c.text)) pr.colors.add(c.text);
          else unknownWord(replay, c, 'color', COLORS);
        }
        break;
      case 'flag':
        if (p.flag === 'reconfigure') pr.reconfigure = true;
        else if (p.flag === 'bestow') pr.bestow = true;
        else if (p.flag === 'token') card.token = true;
        else if (p.flag === 'phased-out') card.phasedOut = 'direct';
        else replay.report('syntax-error', p.range, `\`${p.flag}\` is a Riftbound property.`);
        break;
      case 'cant':
        pr.cant.add(p.what);
        break;
      case 'might':
      case 'might-bonus':
        replay.report('syntax-error', p.range, `\`${p.kind}\` is a Riftbound property.`);
        break;
    }
  }
  Object.assign(card, copyCharacteristics(pr));
}

export function unknownWord(replay: Replay, w: Word, what: string, known: string[]): void {
  replay.report('syntax-error', w.range, `Unknown ${what} '${w.text}'. Known: ${known.join(', ')}.`);
}
