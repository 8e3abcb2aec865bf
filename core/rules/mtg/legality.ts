// MTG: what can be attached to what (701.3a): Equipment 301.5, Fortification 301.6, Auras 303.4, battles 310.10,
// protection as it applies to attaching (702.16c/d/j/k); Auras on cards in a graveyard (109.2a, 113.6); the legal hosts
// a fix offers; what a change may make illegal.
import { abilitiesOf, barsAllBefore, cantAttachBy, type CantEntry, grantedBy, grantsOf, LONG_LIST, qualityPlaces } from '../../engine/abilities';
import type { Range } from '../../types';
import type { Filter, ProtectionKeepClause } from '../../parser/ast';
import { type Board, CANT_ENCHANTED, CANT_EQUIPPED, CANT_FORTIFIED, type CardObj, CEASED, colorBit, isCard, KIND_BATTLE, KIND_LAND, KIND_ROLE, type ProtectionKeep } from '../../engine/board';
import { HOST_CONTROL, type Replay } from '../../engine/replay';
import { hostReads, snapshotOf, type Snapshot } from '../../engine/untilEndOfTurn';
import { type Barring, protectionsOnly } from '../../engine/grantFold';
import { heldWords } from '../../engine/held';
import { influenceProblem } from './influence';
import type { RuleExplanation } from './explanations';
import { article, attachOnlyOf, describe, hasReconfigure, lossWords, namesSubtype, subtypesOf, qualitySingular, enchantFilters, enchantZone, filterMatches, filterText, type Host, isAura, isCreature, isEquipment, isFortification, isPlayerFilter, filterShortfall, type Problem, zoneMismatch } from './characteristics';
import { msg, titledFix, type Message } from '../../message';
import { inZone as inZoneWords, qualityWord } from '../../engine/words';

/** The rules of this module, explained (assembled into the game's rules in explanations.ts). */
export const EXPLAINED: Record<string, RuleExplanation> = {
  '702.16a': { title: 'The quality of a protection', text: 'Protection is from a quality: most often a color, but it may be any characteristic, such as a card type, a subtype or a supertype (protection from creatures, from Goblins, from legendary), which then covers permanents of that kind and sources of that kind elsewhere. A card name is a quality only when the protection says that it is a name (Runed Halo: \"the chosen card name\").' },
  '701.3a': { title: 'Attach', text: 'Attaching puts an Aura, Equipment or Fortification onto an object or player. It can never be attached to something it could not legally enchant, equip or fortify.' },
  '301.5': { title: 'Equipment', text: 'An Equipment can be attached only to a creature, never to anything else.' },
  '301.5c': { title: 'Equipment that cannot equip', text: "An Equipment that is also a creature can't equip anything unless it has reconfigure; one that loses the Equipment subtype can't equip; none can equip itself or two creatures at once (if an effect would make it, its controller picks one). An Equipment on an illegal permanent, or on one that no longer exists, becomes unattached but stays on the battlefield (a state-based action)." },
  '301.6': { title: 'Fortification', text: 'A Fortification works like an Equipment but is attached only to a land, with fortify instead of equip: the Equipment rules apply to it, lands standing for creatures, with one clarification: a Fortification that is a creature and not a land can\'t fortify a land.' },
  '303.4': { title: 'Auras', text: 'Aura is an enchantment subtype. An Aura comes onto the battlefield already on an object or player, and its enchant ability (narrowed, maybe, by other effects) decides which. (One that ends up on nothing goes to the graveyard: 704.5m.)' },
  '303.4d': { title: 'Aura that cannot enchant', text: "An Aura can't enchant itself; if that happens, it goes straight to its owner's graveyard. An Aura that is also a creature can't enchant anything; if it is attached, it first becomes unattached and then goes to the graveyard (both are state-based actions). An Aura enchants at most one object or player; if an effect would attach it to several, its controller picks one." },
  '113.6': { title: 'Where abilities work', text: "A permanent's abilities, protection among them, usually work only while it is on the battlefield (an instant's or sorcery's only while it is on the stack): a creature card in a graveyard with protection from black can still be enchanted by a black Aura that enchants a creature card in a graveyard." },
  '310.10': { title: 'Battles are never attached', text: 'No battle can be attached to anything, whether or not it is also an Aura, Equipment or Fortification; a battle that is attached becomes unattached.' },
  '702.16': { title: 'Protection', text: "Protection from a quality shields a permanent or player from things with that quality: their damage is prevented, and they can't target it, enchant it, equip or fortify it (a permanent), or block it (an attacking creature)." },
  '702.16c': { title: 'Protection: enchanting', text: "Auras with the quality can't become attached to what has protection from it; any such Aura already on that permanent or player goes to its owner's graveyard as a state-based action." },
  '702.16d': { title: 'Protection: equipping and fortifying', text: "Equipment and Fortifications with the quality can't equip or fortify a permanent with protection from it; any that are already on it fall off (a state-based action) and stay where they are on the battlefield." },
  '702.16j': { title: 'Protection from everything', text: "Protection from everything protects from every object, whatever its characteristics: no spell or ability can target the permanent or player and no Aura can enchant it, and a permanent with it can't be equipped, fortified or blocked at all. All damage to it is prevented." },
  '702.16k': { title: 'Protection from a player', text: 'Protection from a player covers the objects that player controls (and owns while no one else controls them).' },
  '702.16n': { title: "Protection that doesn't remove Auras", text: "Some Auras grant protection yet spare themselves, or every Aura, from it: those Auras stay on through the state-based check. It spares nothing else, and any other protection from the same quality the permanent has still sheds them." },
  '702.16p': { title: 'Protection that keeps what is on it', text: "Benevolent Blessing's protection spares whatever with the quality is on the creature at the moment the protection begins (the Blessing included); those stay. Nothing new with the quality may be put on it, and another protection from the same quality still sheds them all." },
};

/** Does a protection quality cover this attachment? Returns the extra rule (702.16j/k) when it does. */
export function protectionCovers(quality: string, att: CardObj): string[] | undefined {
  if (quality === 'everything') return ['702.16j'];
  // A card name, as the protection wrote it in quotes (702.16a).
  if (quality.charCodeAt(0) === 34) return quality.length === att.name.length + 2 && quality.startsWith(att.name, 1) ? ['702.16a'] : undefined;
  const color = colorBit(quality);
  if (color !== 0) return (att.kinds & color) !== 0 ? [] : undefined;
  if (quality === 'multicolored') return att.colors.size > 1 ? [] : undefined;
  if (quality === 'monocolored') return att.colors.size === 1 ? [] : undefined;
  if (quality === 'colorless') return att.colors.size === 0 ? [] : undefined;
  if (att.supertypes.has(quality)) return [];
  if (quality === att.controller) return ['702.16k'];
  const singular = qualitySingular(quality);
  // A bestowed Aura is an Aura enchantment and no creature (702.103b); an attached reconfigure
  // Equipment is no creature (702.151b). Either way its creature types go with the card type (205.1a: subtypesOf).
  if (singular === 'creature') return isCreature(att) ? [] : undefined;
  if (att.types.has(singular) || (singular === 'enchantment' && att.bestowed)) return [];
  return subtypesOf(att).some((s) => namesSubtype(quality, s)) ? [] : undefined;
}

/** Does this instance's "doesn't remove" clause spare `att` (702.16n, 702.16p)? */
function keeps(keep: ProtectionKeep, att: CardObj): boolean {
  if (keep.auras) return isAura(att);
  return keep.objects.some((o) => o.id === att.id && o.version === att.version && (o.timestamp === undefined || o.timestamp === att.timestamp));
}

/**
 * The protection of `host` that covers `att`, if any. `staying`: the question is the state-based
 * actions' (may it stay attached?), where an instance that doesn't remove `att` (702.16n/p) is passed
 * over; for a new attach nothing is spared, and an instance with such a clause cites its rule;
 * `'target'`: for targeting, where such clauses play no part.
 */
export function protectionAgainst(host: Host, att: CardObj, staying: boolean | 'target' = false): { quality: string | Message; rules: string[] } | undefined {
  // Most hosts have no protection: that is asked in a function small enough for the engine to inline
  // in every check (attach, target, state-based), and the search is a call only when there is one.
  return abilitiesOf(host).protections.length === 0 ? undefined : coveringProtection(host, att, staying);
}

/** protectionAgainst, for a host with some protection. */
function coveringProtection(host: Host, att: CardObj, staying: boolean | 'target'): { quality: string | Message; rules: string[] } | undefined {
  const have = abilitiesOf(host);
  const list = have.protections;
  const keepsOf = have.protectionKeeps;
  let spared: string | undefined;
  // Of a long list, the instances that may cover `att`: those from its name (702.16a), and every one
  // not from a name (a host with thousands of protections, each from another name, judged at each event).
  const split = list.length > LONG_LIST.length ? qualityPlaces(list) : undefined;
  const named = split?.byQuality.get(`"${att.name}"`);
  for (let k = 0, n = 0, o = 0; k < list.length; k++) {
    let i = k;
    if (split) {
      // The next of the two ascending lists, so that the instances are looked at in the list's order.
      // Places at or past the list's end are a longer list's, which shares them (QualityPlaces).
      const a = named !== undefined && n < named.length && named[n] < list.length ? named[n] : Infinity;
      const b = o < split.unnamed.length && split.unnamed[o] < list.length ? split.unnamed[o] : Infinity;
      if (a === Infinity && b === Infinity) break;
      if (a < b) n++;
      else o++;
      i = Math.min(a, b);
    }
    const q = list[i];
    const extra = protectionCovers(q, att);
    if (!extra) continue;
    // Granted only by an attachment entering at the same time as `att` (303.4f): not there yet.
    if (notYet && onlyFromNotYet(host, q)) continue;
    // Targeting (702.16b) knows nothing of what a protection doesn't remove.
    const keep = staying === 'target' ? undefined : keepsOf?.[i];
    if (keep && staying && keeps(keep, att)) {
      spared = keep.rule;
      continue;
    }
    // The quality as the messages show it: with what the clause spares, or the other instance that acts.
    // Protection from a player (702.16k) is from what that player controls: the words say who controls it.
    const quality = extra.includes('702.16k') ? msg`${qualityWord(q)}, who controls ${att.id}` : qualityWord(q);
    const shown = keep ? msg`${quality} (one that spares only ${keep.auras ? msg`Auras` : keep.rule === '702.16n' ? keep.objects.map((o) => o.id).join(', ') : msg`what was already on it as it began`})` : spared ? msg`${quality} (another instance of it, besides the one that spares ${att.id})` : quality;
    const rule = keep ? keep.rule : spared;
    const rules = rule ? [...extra, rule] : extra;
    // A protection an attachment gives (613.1f) names it.
    const by = grantedBy(host, `protection from ${q}`);
    return by ? { quality: msg`${shown} (given by ${by})`, rules: [...rules, '613.1f'] } : { quality: shown, rules };
  }
  return undefined;
}

/** What a protection from `quality` gained with `clause` leaves in place (702.16n, 702.16p). */
export function protectionKeep(replay: Replay, host: Host, quality: string, clause: ProtectionKeepClause): ProtectionKeep | undefined {
  if (clause.what === 'auras') return { rule: '702.16n', auras: true, objects: [] };
  if (clause.what === 'self') {
    replay.report('syntax-error', clause.range, msg`\`not removing itself\` is for an Aura that grants protection (\`enchanted creature has protection from white, not removing itself\`); an event's protection names the Aura it spares. Write its name, \`Auras\` or \`attached\`.`);
    return undefined;
  }
  if (clause.what === 'card') {
    const c = replay.card(clause.card);
    return c ? { rule: '702.16n', auras: false, objects: [{ id: c.id, version: c.version }] } : undefined;
  }
  const objects = [];
  for (const id of host.attachments) {
    const a = replay.board.cards.get(id)!;
    if (protectionCovers(quality, a)) objects.push({ id: a.id, version: a.version, timestamp: a.timestamp });
  }
  return { rule: '702.16p', auras: false, objects };
}

/** Who controls `c`, naming the Aura that gives them control when one does (613.1b: `alice (given by magic)`), or the player whose control until end of turn just ended (514.2), with the rule that adds. */
export function controllerWords(c: CardObj): { who: Message; rules: string[] } {
  if (c.controlVia) return { who: msg`${c.controller} (given by ${c.controlVia})`, rules: ['613.1b'] };
  // Control that came back as the turn ended (Threaten, Act of Treason: 514.2).
  if (c.controlEnded?.how === 'turn') return { who: msg`${c.controller} (${c.controlEnded.from}'s control until end of turn ended)`, rules: ['514.2'] };
  // Master Thief gone: control "for as long as" something held ended with it.
  if (c.controlEnded) return { who: msg`${c.controller} (${c.controlEnded.from}'s control ${heldWords(c.controlEnded.held)} ended)`, rules: ['611.2b'] };
  return { who: msg`${c.controller}`, rules: [] };
}

/**
 * While a card entering the battlefield in one resolution is judged (303.4f: its object is chosen as it
 * enters, when the other cards entering with it are not yet permanents): the grantors whose grants are
 * not there yet. Set by `ignoringGrantsOf` (zones.ts), read by `protectionAgainst` and `cantBe`.
 */
let notYet: ((grantor: string) => boolean) | undefined;
/** The board whose attachments `notYet` names. */
let notYetBoard: Board | undefined;

/** `fn` with the grants of the attachments `pred` names read as not there yet (they enter at the same time). */
export function ignoringGrantsOf<T>(board: Board, pred: (grantor: string) => boolean, fn: () => T): T {
  const was = notYet;
  const wasBoard = notYetBoard;
  notYet = pred;
  notYetBoard = board;
  try {
    return fn();
  } finally {
    notYet = was;
    notYetBoard = wasBoard;
  }
}

/**
 * Does `host` have protection from `q` only by the grant of an attachment that is not there yet
 * (notYet)? Not when it has it of its own, or from another attachment that grants it.
 */
function onlyFromNotYet(host: Host, q: string): boolean {
  const by = grantedBy(host, `protection from ${q}`);
  if (by === undefined || !notYet!(by) || !isCard(host) || host.protections.includes(q)) return false;
  for (const id of host.grantors) {
    if (id === by || notYet!(id)) continue;
    const a = notYetBoard?.cards.get(id);
    if (a && grantsOf(a).some((g) => g.verb === 'has' && g.abilities.some((x) => x.kind === 'protection' && x.quality === q))) return false;
  }
  return true;
}

/**
 * Why `att` can't become `what` (enchanted, equipped, fortified) to `host` by a "can't be" effect: the
 * host's own (`can't be enchanted`), or one an attachment of it puts on it (`can't be enchanted by
 * other Auras`, Consecrate Land). Undefined when none applies.
 */
function cantBe(host: Host, what: 'enchanted' | 'equipped' | 'fortified', att: CardObj): Message | undefined {
  // Most hosts have no such effect, of their own (`kinds`) or from an attachment (cantAttachBy reads
  // only `granted`): that is asked in a function small enough for the engine to inline in every
  // check, and the rest is a call.
  if (!isCard(host) || ((host.kinds & cantBit(what)) === 0 && host.granted === undefined)) return undefined;
  return cantBeWords(host, what, att);
}

function cantBit(what: 'enchanted' | 'equipped' | 'fortified'): number {
  return what === 'enchanted' ? CANT_ENCHANTED : what === 'equipped' ? CANT_EQUIPPED : CANT_FORTIFIED;
}

/** cantBe, for a card that has a "can't be" effect of its own or abilities from its attachments. */
function cantBeWords(host: CardObj, what: 'enchanted' | 'equipped' | 'fortified', att: CardObj): Message | undefined {
  if ((host.kinds & cantBit(what)) !== 0) {
    return what === 'enchanted' ? msg`${host.id} can't be enchanted` : what === 'equipped' ? msg`${host.id} can't be equipped` : msg`${host.id} can't be fortified`;
  }
  const said = cantAttachBy(host, what, att);
  if (!said || (notYet && notYet(said.by))) return undefined;
  if (what === 'enchanted') return said.other ? msg`${said.by} is on ${host.id} and says it can't be enchanted by other Auras` : msg`${said.by} is on ${host.id} and says it can't be enchanted`;
  if (what === 'equipped') return said.other ? msg`${said.by} is on ${host.id} and says it can't be equipped by other Equipment` : msg`${said.by} is on ${host.id} and says it can't be equipped`;
  return said.other ? msg`${said.by} is on ${host.id} and says it can't be fortified by other Fortifications` : msg`${said.by} is on ${host.id} and says it can't be fortified`;
}

/** The attachment's own restriction (`can be attached only to legendary creature`, Konda's Banner): 701.3a. */
function onlyTo(att: CardObj, host: CardObj): Problem | undefined {
  const f = attachOnlyOf(att);
  if (!f || filterMatches(f, host, att)) return undefined;
  const none = filterShortfall(f, host, att, att.controller);
  if (none) return { rules: ['701.3a', ...none.rules], why: msg`${att.id} can be attached only to ${article(filterText(f))}, and ${none.why}` };
  return { rules: ['701.3a'], why: msg`${att.id} can be attached only to ${article(filterText(f))}, and ${describe(host)} is not one` };
}

/**
 * Why `host` does not match the enchant filter `f` of the Aura `att` (702.5a; 702.5c when it has
 * several, 702.5d when a player filter meets a card: an Aura that can't enchant players is 702.5a's alone), naming who controls each
 * when control is what the filter asks (and an Aura that gives it, 613.1b): the one wording for a cast,
 * a resolution and the state-based actions.
 */
export function enchantMismatch(att: CardObj, host: Host, f: Filter, several: boolean): Problem {
  const rules = ['702.5a'];
  if (several) rules.push('702.5c');
  if (isPlayerFilter(f) && isCard(host)) rules.push('702.5d');
  const none = filterShortfall(f, host, att, att.controller);
  // The filter's words, made once (an Aura that falls off as its host changes controller says them).
  const text = filterText(f);
  if (none) return { rules: [...rules, ...none.rules], why: msg`${att.id} has enchant ${text}, and ${none.why}` };
  let who = msg``;
  if (isCard(host) && host.token && f.alternatives.some((alt) => alt.some((t) => t.word === 'card' && !t.negated))) {
    // Tokens aren't cards (108.2b): "creature card in a graveyard" is never a token.
    who = msg`: a token is not a card`;
    rules.push('108.2b');
  } else if (f.control && isCard(host)) {
    const c = controllerWords(host);
    who = msg`: ${host.id} is controlled by ${c.who}, ${att.id} by ${att.controller}`;
    rules.push(...c.rules);
  } else if (!isCard(host) && f.alternatives.some((alt) => alt.some((t) => t.word === 'opponent'))) {
    // "Opponent" is judged from the Aura's controller now (a control change moves it, 303.4e).
    who = msg`, an opponent of ${att.id}'s controller, ${att.controller ?? msg`nobody`}`;
  }
  return { rules, why: msg`${att.id} has enchant ${text}, and ${describe(host)} is not ${text.startsWith('player') || text.startsWith('opponent') ? msg`that` : article(text)}${who}` };
}

/**
 * Can `att` be attached to `host` at all (701.3a)? This is the legality both attaching and the
 * state-based actions use; targeting (equip, Aura spells) adds its own checks on top.
 */
export function attachProblem(att: CardObj, host: Host, staying = false, asCreature = false): Problem | undefined {
  if ((att.kinds & KIND_BATTLE) !== 0) {
    const kind = isAura(att) || isEquipment(att) || isFortification(att);
    return { rules: kind ? ['310.10'] : ['701.3b', '310.10'], why: msg`${att.id} is a battle, and a battle is never attached to anything`, code: kind ? undefined : 'not-attachable' };
  }
  // 109.2a: an Aura whose enchant names a zone ("creature card in a graveyard") is attached to a card
  // there; its filters say so below (filterMatches). Anything else is attached only to permanents.
  const inZone = isAura(att) && enchantZone(att) !== undefined;
  if (isCard(host)) {
    // A token that ceased to exist (111.7) is an object that is undefined: nothing is attached to it (301.5e, 303.4i).
    if (host.zone === CEASED) return { rules: [], why: msg`${host.id} is a token that left the battlefield and ceased to exist, so it is no object at all` };
    if (!inZone) {
      // 109.2: "creature", "land", "permanent" in an enchant ability or an attach rule mean permanents on the battlefield.
      if (host.zone !== 'battlefield') return { rules: ['109.2'], why: msg`${host.id} is not on the battlefield (it is ${host.zone === 'outside' ? msg`in no zone: it left the game` : inZoneWords(host.zone)}), and what it could be attached to is a permanent there` };
      if (host.phasedOut !== 'no') return { rules: ['702.26b'], why: msg`${host.id} is phased out and treated as though it doesn't exist` };
    }
  } else if (host.left) return { rules: ['800.4a'], why: msg`player ${host.id} has left the game` };

  if (isAura(att)) {
    if (host === att) return { rules: ['303.4d'], why: msg`an Aura can't enchant itself` };
    if (isCreature(att)) {
      // A bestowed Aura is none (702.103b) unless an effect newer than its bestowing made it one (613.7).
      if (att.bestowed) return { rules: ['303.4d', '613.7', '702.103b'], why: msg`an effect newer than its bestowing made ${att.id} a creature, and an Aura that is a creature can't enchant anything` };
      return { rules: ['303.4d'], why: msg`${att.id} is also a creature, and an Aura that is a creature can't enchant anything` };
    }
    const filters = enchantFilters(att);
    if (filters.length === 0) return { rules: ['303.4', '702.5a', '113.10'], why: msg`${att.id} has lost its enchant ability (${lossWords(att)}), and an Aura's enchant ability is what says what it can be attached to, so nothing is a legal object for it` };
    for (const f of filters) {
      const away = f.zone && isCard(host) ? zoneMismatch(f.zone, host, att) : undefined;
      if (away) return { rules: ['702.5a', '109.2a', ...(filters.length > 1 ? ['702.5c'] : [])], why: msg`${att.id} has enchant ${filterText(f)}, and ${away}` };
      if (!filterMatches(f, host, att)) return enchantMismatch(att, host, f, filters.length > 1);
    }
    // 113.6: a card's protection works only on the battlefield, not in a graveyard.
    const prot = isCard(host) && host.zone !== 'battlefield' ? undefined : protectionAgainst(host, att, staying);
    if (prot) return { rules: ['702.16c', ...prot.rules], why: msg`${host.id} has protection from ${prot.quality}, so it can't be enchanted by ${att.id}` };
    const cant = cantBe(host, 'enchanted', att);
    if (cant) return { rules: ['303.4'], why: cant };
    return undefined;
  }
  if (isEquipment(att)) {
    if (!isCard(host)) return { rules: ['301.5', '704.5n'], why: msg`an Equipment can be attached only to a creature, not to a player` };
    if (host === att) return { rules: ['301.5c'], why: msg`an Equipment can't equip itself` };
    if (isCreature(att) && !hasReconfigure(att)) {
      if (att.reconfigure) return { rules: ['301.5c', '113.10'], why: msg`${att.id} is also a creature and has lost reconfigure (${lossWords(att)}), so it can't equip anything` };
      return { rules: ['301.5c'], why: msg`${att.id} is also a creature without reconfigure, so it can't equip anything` };
    }
    // `asCreature`: equip planeswalker attaches to a planeswalker as though it were a creature (702.6e);
    // the state-based actions then judge it as it is (704.5n).
    if (!isCreature(host) && !asCreature) return { rules: ['301.5'], why: msg`${describe(host)} is not a creature, and an Equipment can be attached only to a creature` };
    const prot = protectionAgainst(host, att, staying);
    if (prot) return { rules: ['702.16d', ...prot.rules], why: msg`${host.id} has protection from ${prot.quality}, so it can't be equipped by ${att.id}` };
    const cant = cantBe(host, 'equipped', att);
    if (cant) return { rules: ['701.3a'], why: cant };
    return onlyTo(att, host);
  }
  if (isFortification(att)) {
    if (!isCard(host)) return { rules: ['301.6', '704.5n'], why: msg`a Fortification can be attached only to a land, not to a player` };
    if (host === att) return { rules: ['301.6', '301.5c'], why: msg`a Fortification can't fortify itself` };
    // 301.6: 301.5c holds for Fortifications with "creature" kept (not made "land"): a creature, even a land creature, can't fortify.
    if (isCreature(att)) return { rules: ['301.6'], why: msg`${att.id} is a creature, and a Fortification that is a creature (even a land creature) can't fortify anything` };
    if ((host.kinds & KIND_LAND) === 0) return { rules: ['301.6'], why: msg`${describe(host)} is not a land, and a Fortification can be attached only to a land` };
    const prot = protectionAgainst(host, att, staying);
    if (prot) return { rules: ['702.16d', ...prot.rules], why: msg`${host.id} has protection from ${prot.quality}, so it can't be fortified by ${att.id}` };
    const cant = cantBe(host, 'fortified', att);
    if (cant) return { rules: ['701.3a'], why: cant };
    return onlyTo(att, host);
  }
  return { rules: ['701.3b'], why: msg`${att.id} is not an Aura, Equipment or Fortification`, code: 'not-attachable' };
}

/**
 * What on `host` the protections and restrictions it just gained (Ruleset.mayBar) may make illegal, in the
 * order attached: what a protection covers (702.16c, 702.16d: what it spares aside, which only spares
 * more), or what a restriction is on, in attachProblem's order: an Aura is enchanting, an Equipment
 * equipping, a Fortification fortifying; anything else is illegal whatever its host has (701.3b). A
 * restriction of a kind the host already had one of that spares nothing bars nothing more (the first
 * that applies decides). Protections from names only (702.16a), on a host with more attachments than
 * there are cards of those names: the cards of those names (a host given thousands of protections, each
 * from another name, one attach at a time). Protections from colors only, on a host none of whose
 * attachments has one of them (Board.attachedColors): nothing.
 */
export function mayBar(board: Board, host: Host, gained: Barring): CardObj[] {
  const out: CardObj[] = [];
  let cants = gained.cants;
  if (cants.length !== 0 && !BAR.plain) {
    // The host's list begins as it did when they were gained (later folds only add at its end, or
    // change what it has: then everything on the host is judged again, Board.regranted).
    const list = (isCard(host) ? host.granted?.cant : undefined) ?? [];
    cants = cants.filter((c) => !barsAllBefore(list, c.what, gained.cantsFrom));
  }
  const protections = gained.protections;
  if (protections.length === 0 && cants.length === 0) return out;
  const attachments = host.attachments;
  if (cants.length === 0 && attachments.size >= BAR.from && !BAR.plain) {
    const one = namedAttachment(board, host, protections);
    if (one !== undefined) {
      if (one !== null && !one.dirty) out.push(one);
      return out;
    }
    // Protections from colors only, none of which anything on the host has (a creature with thousands
    // of blue Auras given protection from red again and again): nothing to look at.
    const asked = colorsAsked(protections);
    if (asked !== 0 && (board.attachedColors(host) & asked) === 0) return out;
  }
  BAR.looked += attachments.size;
  for (const id of attachments) {
    const a = board.cards.get(id)!;
    if (!a.dirty && barredBy(a, protections, cants)) out.push(a);
  }
  return out;
}

/**
 * Can a change of a host's controller make what is attached to it illegal on this board
 * (Ruleset.hostControlMatters)? attachProblem reads a host's controller only through a filter that says
 * who controls it (`enchant creature you control`, 702.5a; `can be attached only to a creature you
 * control`, 701.3a: termsMatch), and attachProblemOn through the range of influence (801.8, 801.9). The
 * state-based actions' other questions of an attachment (704.5p, 704.5z's Roles) read its own controller.
 */
export function hostControlMatters(board: Board): boolean {
  return board.controlFiltersDeclared || board.influence !== undefined;
}

/**
 * mayBar's shortcuts for protections from names and from colors apply to a host with `from`
 * attachments or more (fewer are looked at one by one). For the tests: `plain` has mayBar look at every
 * attachment with every gain, as before its shortcuts; `looked` counts the attachments and named cards
 * it looked at.
 */
export const BAR = { plain: false, looked: 0, from: 9 };

/**
 * The only attachment of `host` named as one of `protections` says, when they are all from names and
 * their cards are fewer than its attachments: null for none; undefined to look at every attachment (a
 * quality not a name, more cards of those names, or more than one of them on the host, to be marked in
 * the order attached).
 */
function namedAttachment(board: Board, host: Host, protections: readonly string[]): CardObj | null | undefined {
  let cards = 0;
  for (const q of protections) {
    if (q.charCodeAt(0) !== 34) return undefined;
    cards += board.cardsNamed(q.slice(1, -1)).size;
    if (cards >= host.attachments.size) return undefined;
  }
  let found: CardObj | null = null;
  for (const q of protections) {
    const named = board.cardsNamed(q.slice(1, -1));
    BAR.looked += named.size;
    for (const id of named) {
      if (!host.attachments.has(id)) continue;
      const a = board.cards.get(id)!;
      if (found !== null && found !== a) return undefined;
      found = a;
    }
  }
  return found;
}

/** The color bits of `protections` when each is from a color (protectionCovers reads only the attachment's color bit then), else 0. */
function colorsAsked(protections: readonly string[]): number {
  let bits = 0;
  for (const q of protections) {
    const color = colorBit(q);
    if (color === 0) return 0;
    bits |= color;
  }
  return bits;
}

/** Does one of `protections` cover `att`, or one of `cants` restrict what it attaches as? */
function barredBy(att: CardObj, protections: readonly string[], cants: readonly CantEntry[]): boolean {
  for (const q of protections) if (protectionCovers(q, att) !== undefined) return true;
  if (cants.length === 0) return false;
  const what = isAura(att) ? 'enchanted' : isEquipment(att) ? 'equipped' : isFortification(att) ? 'fortified' : undefined;
  return what === undefined || cants.some((c) => c.what === what);
}

/**
 * attachProblem, and then the limited range of influence (801.8, 801.9) when the scenario uses it: the
 * check of every attach, equip target and state-based action, which all have the board.
 */
export function attachProblemOn(board: Board, att: CardObj, host: Host, staying = false, asCreature = false): Problem | undefined {
  return attachProblem(att, host, staying, asCreature) ?? (board.influence === undefined ? undefined : influenceProblem(board, att, host));
}

/**
 * Fixes that replace the host name with a legal host: at most five, looking at no more than the
 * first 64 players and cards, so a file with thousands of cards and illegal lines stays linear.
 */
export function retargetFixes(replay: Replay, att: CardObj, legal: (h: Host) => boolean, range: Range, exclude?: Host) {
  const fixes = [];
  let looked = 0;
  for (const h of hostCandidates(replay)) {
    if (++looked > 64) break;
    if (h === exclude || h === att || !legal(h)) continue;
    fixes.push(titledFix(msg`Attach to ${h.id} instead`, false, [{ range, newText: h.id }]));
    if (fixes.length === 5) break;
  }
  return fixes;
}

export function* hostCandidates(replay: Replay): Iterable<Host> {
  yield* replay.board.players.values();
  yield* replay.board.cards.values();
}

/**
 * A change to a card may make it, its host, its attachments or its sibling Roles illegal: marks them
 * for the next state-based action check (sba.ts, 704.3).
 */
export function touch(replay: Replay, card: CardObj): void {
  replay.markDirty(card);
  const cards = replay.board.cards;
  for (const id of card.attachments) replay.markDirty(cards.get(id)!);
  // touchAround, written out: touch runs at most events, and the call cost 0.6-0.9 % of a check's
  // instructions (bench:instructions, stop 62).
  const host = replay.board.hostOf(card);
  if (host) {
    if ((card.kinds & KIND_ROLE) !== 0) for (const id of host.attachments) replay.markDirty(cards.get(id)!);
    if (isCard(host)) replay.markDirty(host);
    replay.board.siblingChanged(host);
  }
}

/**
 * A change of `card`'s controller (a control event, an exchange): marks it as `touch` does, and what is
 * attached to it only where a host's controller can matter on this board (hostControlMatters below),
 * as a control effect of an attachment does (Board.recontrolled): a creature with thousands of
 * Equipment given to each player in turn judges none of them again.
 */
export function touchControlled(replay: Replay, card: CardObj): void {
  if (HOST_CONTROL.always || hostControlMatters(replay.board)) return touch(replay, card);
  replay.markDirty(card);
  touchAround(replay, card);
}

/**
 * An event changed `x`, which was `was` (beforeChange: undefined for a host with few attachments, all
 * judged again) at timestamp `wasAt` (a permanent turned face down or up has a new one, 613.7f): a card's
 * characteristics (`becomes X red`, `loses X all abilities`, `turn X face down`, `transform X`, `becomes
 * X a copy of Y`) or a card's or player's protections (`gains X protection from Q`, `loses X protection
 * ...`). Marks it as `touch` does, but of what is attached to it only what the change may make illegal
 * (hostReads): what the instances of protection it has now and didn't have cover (702.16c, 702.16d; an
 * instance from a quality it already had is not listed again, 702.16m, and a loss bars nothing), and
 * what reads the subtypes, supertypes or colors that changed (Board.readersOf: an `enchant Elf` Aura
 * on an Elf turned face down); nothing more when only what no attachment's legality reads changed;
 * everything when anything else changed. A player's attachments are each touched.
 */
export function touchChanged(replay: Replay, x: Host, was: Snapshot | undefined, wasAt?: number): void {
  const at = isCard(x) ? x.timestamp : 0;
  const change = was === undefined ? undefined : hostReads(replay.board, was, snapshotOf(x), wasAt ?? at, at);
  if (!isCard(x)) {
    const cards = replay.board.cards;
    if (change === undefined) for (const id of x.attachments) touch(replay, cards.get(id)!);
    else if (change.gained.length !== 0) for (const a of mayBar(replay.board, x, protectionsOnly(change.gained))) touch(replay, a);
    return;
  }
  if (change === undefined) return touch(replay, x);
  replay.markDirty(x);
  const barred = change.gained.length !== 0 ? mayBar(replay.board, x, protectionsOnly(change.gained)) : undefined;
  if (change.reads !== 0) {
    // What reads what changed, with what the gains bar, in the order attached (the order of the findings).
    for (const a of replay.board.readersOf(x, change.reads, barred)) replay.markDirty(a);
  } else if (barred !== undefined) for (const a of barred) replay.markDirty(a);
  touchAround(replay, x);
}

/** What a change to `card` marks around it, besides it and what is attached to it: its host and its sibling Roles. */
function touchAround(replay: Replay, card: CardObj): void {
  const cards = replay.board.cards;
  const host = replay.board.hostOf(card);
  if (host) {
    // A Role's sibling Roles too: a newer Role makes an older one illegal (303.7a). Nothing else
    // depends on its siblings, so many Equipment on one host stay linear.
    if ((card.kinds & KIND_ROLE) !== 0) for (const id of host.attachments) replay.markDirty(cards.get(id)!);
    if (isCard(host)) replay.markDirty(host);
    // An Aura that stops being one, or phases, may take from a sibling the Aura its enchant asks for (Daybreak Coronet).
    replay.board.siblingChanged(host);
  }
}

