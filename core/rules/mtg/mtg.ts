// Magic: The Gathering attach rules: what can be attached to what (701.3, 301.5, 301.6, 303.4,
// 702.5, 702.6, 702.16, 702.67, 702.151, 310.10), what each event does, and the state-based actions
// that follow (704.5m/n/p). Rule numbers are canonical (see ../versions.ts).
import type { CardStmt, EventNode, Filter, Word } from '../../parser/ast';
import type { Range } from '../../types';
import { copyCharacteristics, isCard, resetCharacteristics, withOrWithout, type CardObj, type PlayerObj, type PrintedBuilder } from '../../engine/board';
import type { Replay, Ruleset } from '../../engine/replay';

export const MTG_CARD_TYPES = ['artifact', 'creature', 'enchantment', 'land', 'planeswalker', 'battle', 'instant', 'sorcery', 'kindred', 'tribal'];
export const MTG_SUPERTYPES = ['basic', 'legendary', 'snow', 'world', 'ongoing'];
export const COLORS = ['white', 'blue', 'black', 'red', 'green'];
export const MTG_ZONES = ['battlefield', 'hand', 'library', 'graveyard', 'exile', 'stack', 'command'];
const PERMANENT_TYPES = new Set(['artifact', 'creature', 'enchantment', 'land', 'planeswalker', 'battle']);
/** An empty list to loop over without making one. */
const NONE: readonly string[] = [];

type Host = CardObj | PlayerObj;

/** Why something cannot be attached: the deciding rules and a sentence. */
interface Problem {
  rules: string[];
  why: string;
  code?: 'not-attachable';
}

// ---- characteristics -------------------------------------------------------------------------

function isAura(c: CardObj): boolean {
  return c.subtypes.has('Aura') || c.bestowed;
}
function isEquipment(c: CardObj): boolean {
  return c.subtypes.has('Equipment');
}
function isFortification(c: CardObj): boolean {
  return c.subtypes.has('Fortification');
}
function isCreature(c: CardObj): boolean {
  if (c.bestowed) return false;
  // 702.151b: attached reconfigure Equipment is not a creature.
  if (c.reconfigure && isEquipment(c) && c.attachedTo) return false;
  return c.types.has('creature');
}
function hasType(c: CardObj, t: string): boolean {
  return t === 'creature' ? isCreature(c) : c.types.has(t);
}
function article(word: string): string {
  return /^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`;
}

/** Does a protection quality cover this attachment? Returns the extra rule (702.16j/k) when it does. */
function protectionCovers(quality: string, att: CardObj): string[] | undefined {
  if (quality === 'everything') return ['702.16j'];
  if (COLORS.includes(quality)) return att.colors.has(quality) ? [] : undefined;
  if (quality === 'multicolored') return att.colors.size > 1 ? [] : undefined;
  if (quality === 'monocolored') return att.colors.size === 1 ? [] : undefined;
  if (quality === att.controller) return ['702.16k'];
  const singular = quality.endsWith('s') ? quality.slice(0, -1) : quality;
  if (att.types.has(singular)) return [];
  const sub = [...att.subtypes].find((s) => s.toLowerCase() === singular.toLowerCase() || s.toLowerCase() === quality.toLowerCase());
  return sub ? [] : undefined;
}

function protectionAgainst(host: Host, att: CardObj): { quality: string; rules: string[] } | undefined {
  const list = host.protections;
  for (const q of list) {
    const extra = protectionCovers(q, att);
    if (extra) return { quality: q, rules: extra };
  }
  return undefined;
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
function filterMatches(f: Filter, host: Host, att: CardObj): boolean {
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

function isPlayerFilter(f: Filter): boolean {
  return f.alternatives.every((a) => a.some((t) => t.word === 'player' || t.word === 'opponent'));
}

function describe(host: Host): string {
  if (!isCard(host)) return `player ${host.id}`;
  const types = [...host.supertypes, ...(host.bestowed ? ['enchantment'] : [...host.types].filter((t) => t !== 'creature' || isCreature(host)))].join(' ');
  return `${host.id} (${types || 'no card type'}${host.subtypes.size ? ' — ' + [...host.subtypes].join(' ') : ''})`;
}

/** The enchant filters of an Aura: declared, or `creature` for a bestowed Aura (702.103b). */
function enchantFilters(att: CardObj): readonly Filter[] {
  if (att.enchant.length) return att.enchant;
  // A bestowed Aura has enchant creature (702.103b); an Aura declared without enchant is read as
  // enchant permanent (docs/language.md), so it never goes on a player.
  const word = att.bestowed ? 'creature' : 'permanent';
  return [{ alternatives: [[{ negated: false, word, range: att.decl.range }]], range: att.decl.range }];
}

/**
 * Can `att` be attached to `host` at all (701.3a)? This is the legality both attaching and the
 * state-based actions use; targeting (equip, Aura spells) adds its own checks on top.
 */
function attachProblem(att: CardObj, host: Host): Problem | undefined {
  if (att.types.has('battle')) {
    const kind = isAura(att) || isEquipment(att) || isFortification(att);
    return { rules: kind ? ['310.10'] : ['701.3b', '310.10'], why: `${att.id} is a battle, and a battle is never attached to anything`, code: kind ? undefined : 'not-attachable' };
  }
  if (isCard(host)) {
    // 109.2: "creature", "land", "permanent" in an enchant ability or an attach rule mean permanents on the battlefield.
    if (host.zone !== 'battlefield') return { rules: ['109.2'], why: `${host.id} is not on the battlefield (it is in ${host.zone === 'outside' ? 'no zone: it left the game' : host.zone}), and what it could be attached to is a permanent there` };
    if (host.phasedOut !== 'no') return { rules: ['702.26b'], why: `${host.id} is phased out and treated as though it doesn't exist` };
  } else if (host.left) return { rules: ['800.4a'], why: `player ${host.id} has left the game` };

  if (isAura(att)) {
    if (host === att) return { rules: ['303.4d'], why: `an Aura can't enchant itself` };
    if (isCreature(att)) return { rules: ['303.4d'], why: `${att.id} is also a creature, and an Aura that is a creature can't enchant anything` };
    const filters = enchantFilters(att);
    for (const f of filters) {
      if (!filterMatches(f, host, att)) {
        const rules = ['702.5a'];
        if (filters.length > 1) rules.push('702.5c');
        if (isPlayerFilter(f) !== !isCard(host)) rules.push('702.5d');
        return { rules, why: `${att.id} has enchant ${filterText(f)}, and ${describe(host)} is not ${filterText(f).startsWith('player') || filterText(f).startsWith('opponent') ? 'that' : article(filterText(f))}` };
      }
    }
    const prot = protectionAgainst(host, att);
    if (prot) return { rules: ['702.16c', ...prot.rules], why: `${host.id} has protection from ${prot.quality}, so it can't be enchanted by ${att.id}` };
    if (isCard(host) && host.cant.has('enchanted')) return { rules: ['303.4'], why: `${host.id} can't be enchanted` };
    return undefined;
  }
  if (isEquipment(att)) {
    if (!isCard(host)) return { rules: ['301.5', '704.5n'], why: `an Equipment can be attached only to a creature, not to a player` };
    if (host === att) return { rules: ['301.5c'], why: `an Equipment can't equip itself` };
    if (isCreature(att) && !att.reconfigure) return { rules: ['301.5c'], why: `${att.id} is also a creature without reconfigure, so it can't equip anything` };
    if (!isCreature(host)) return { rules: ['301.5'], why: `${describe(host)} is not a creature, and an Equipment can be attached only to a creature` };
    const prot = protectionAgainst(host, att);
    if (prot) return { rules: ['702.16d', ...prot.rules], why: `${host.id} has protection from ${prot.quality}, so it can't be equipped by ${att.id}` };
    if (host.cant.has('equipped')) return { rules: ['701.3a'], why: `${host.id} can't be equipped` };
    return undefined;
  }
  if (isFortification(att)) {
    if (!isCard(host)) return { rules: ['301.6', '704.5n'], why: `a Fortification can be attached only to a land, not to a player` };
    if (host === att) return { rules: ['301.6', '301.5c'], why: `a Fortification can't fortify itself` };
    if (isCreature(att) && !att.types.has('land')) return { rules: ['301.6'], why: `${att.id} is a creature and not a land, so it can't fortify anything` };
    if (!host.types.has('land')) return { rules: ['301.6'], why: `${describe(host)} is not a land, and a Fortification can be attached only to a land` };
    const prot = protectionAgainst(host, att);
    if (prot) return { rules: ['702.16d', ...prot.rules], why: `${host.id} has protection from ${prot.quality}, so it can't be fortified by ${att.id}` };
    if (host.cant.has('fortified')) return { rules: ['701.3a'], why: `${host.id} can't be fortified` };
    return undefined;
  }
  return { rules: ['701.3b'], why: `${att.id} is not an Aura, Equipment or Fortification`, code: 'not-attachable' };
}

/** Is `host` a legal target for the Aura spell `att` (601.2c, 303.4a, 702.16b)? */
function auraTargetProblem(att: CardObj, host: Host): Problem | undefined {
  if (isCard(host) && host.zone !== 'battlefield') return { rules: ['115.1b'], why: `${host.id} is not on the battlefield (it is in ${host.zone})` };
  if (isCard(host) && host.phasedOut !== 'no') return { rules: ['702.26b'], why: `${host.id} is phased out` };
  if (!isCard(host) && host.left) return { rules: ['800.4a'], why: `player ${host.id} has left the game` };
  const filters = enchantFilters(att);
  for (const f of filters) {
    if (!filterMatches(f, host, att)) {
      return { rules: ['702.5a', ...(filters.length > 1 ? ['702.5c'] : []), ...(isPlayerFilter(f) !== !isCard(host) ? ['702.5d'] : [])], why: `${att.id} has enchant ${filterText(f)}, and ${describe(host)} does not qualify` };
    }
  }
  const prot = protectionAgainst(host, att);
  if (prot) return { rules: ['702.16b', ...prot.rules], why: `${host.id} has protection from ${prot.quality}, so it can't be the target of ${att.id}` };
  return undefined;
}

// ---- the ruleset -----------------------------------------------------------------------------

export const mtg: Ruleset = {
  game: 'mtg',
  unattachVerb: 'unattach',

  declare(replay, card, st) {
    declareCard(replay, card, st);
  },

  initialAttach(replay, card, host, at) {
    if (card.zone !== 'battlefield') {
      replay.report('illegal-attachment', at, `${card.id} is in ${card.zone}, and a card that is not on the battlefield is attached to nothing (leaving the battlefield unattaches it). Remove \`attached to\`, or put it on the battlefield.`, { rules: ['701.3d'], subjects: [card.id] });
      return;
    }
    const problem = attachProblem(card, host);
    if (problem) {
      const range = at;
      replay.report(problem.code ?? 'illegal-attachment', range, `${card.id} can't start attached to ${host.id}: ${problem.why}. ${problem.code ? 'Nothing attaches it' : 'It starts unattached'}. Remove \`attached to ${host.id}\`${problem.code ? '' : ', or name a legal host'}.`, {
        rules: problem.rules,
        fixes: retargetFixes(replay, card, (h) => !attachProblem(card, h), nameRange(card.decl, at)),
        subjects: [card.id, host.id],
      });
      return;
    }
    replay.board.link(card, host, at);
    card.timestamp = replay.board.tick();
  },

  event(replay, ev) {
    switch (ev.kind) {
      case 'attach':
        return attachEvent(replay, ev);
      case 'cast':
        return castEvent(replay, ev);
      case 'resolve':
        return resolveEvent(replay, ev);
      case 'enter':
        return enterEvent(replay, ev);
      case 'unattach':
        return unattachEvent(replay, ev);
      case 'move':
        return moveEvent(replay, ev);
      case 'types':
        return typesEvent(replay, ev);
      case 'protection':
        return protectionEvent(replay, ev);
      case 'control':
        return controlEvent(replay, ev);
      case 'phase':
        return phaseEvent(replay, ev);
      case 'leave':
        return leaveEvent(replay, ev);
      case 'recall':
      case 'cleanup':
        replay.report('impossible-event', ev.verbRange, `\`${ev.kind}\` is a Riftbound action; this scenario is \`game mtg\`. Remove the line, or write the MTG event that was meant.`);
        return;
      case 'expect':
        return;
    }
  },

  settle(replay, cause) {
    stateBasedActions(replay, cause);
  },

  legalHost(_replay, att, host, verb) {
    if (att === host) return false;
    if (verb === 'cast') {
      const bestowing = att.bestow && !isAura(att);
      if (bestowing) att.bestowed = true;
      const ok = (isAura(att) || bestowing) && !auraTargetProblem(att, host);
      if (bestowing) att.bestowed = false;
      return ok;
    }
    if (verb === 'equip' && !isEquipment(att)) return false;
    if (verb === 'fortify' && !isFortification(att)) return false;
    return !activationTargetProblem(att, host, verb === 'enter' ? 'attach' : verb, att.controller) && !attachProblem(att, host);
  },
};

function nameRange(decl: CardStmt, at: Range): Range {
  const p = decl.props.find((x) => x.kind === 'attached' && x.range === at);
  return p && p.kind === 'attached' ? p.target.range : at;
}

function declareCard(replay: Replay, card: CardObj, st: CardStmt): void {
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

function unknownWord(replay: Replay, w: Word, what: string, known: string[]): void {
  replay.report('syntax-error', w.range, `Unknown ${what} '${w.text}'. Known: ${known.join(', ')}.`);
}

/**
 * Fixes that replace the host name with a legal host: at most five, looking at no more than the
 * first 64 players and cards, so a file with thousands of cards and illegal lines stays linear.
 */
function retargetFixes(replay: Replay, att: CardObj, legal: (h: Host) => boolean, range: Range, exclude?: Host) {
  const fixes = [];
  let looked = 0;
  for (const h of hostCandidates(replay)) {
    if (++looked > 64) break;
    if (h === exclude || h === att || !legal(h)) continue;
    fixes.push({ title: `Attach to ${h.id} instead`, safe: false, edits: [{ range, newText: h.id }] });
    if (fixes.length === 5) break;
  }
  return fixes;
}

function* hostCandidates(replay: Replay): Iterable<Host> {
  yield* replay.board.players.values();
  yield* replay.board.cards.values();
}

function related(att: CardObj) {
  return att.attachedAt ? [{ range: att.attachedAt, message: `${att.id} became attached here` }] : [];
}

/**
 * 702.26b: a phased-out permanent (directly or with its host, 702.26g) is treated as though it
 * doesn't exist, so an event on it does nothing (702.26e: nor do effects that change its
 * characteristics or controller). Reports the event and returns true when that is the case.
 */
function phasedOutSubject(replay: Replay, card: CardObj, ev: EventNode, what: string, extra: string[] = []): boolean {
  if (card.zone !== 'battlefield' || card.phasedOut === 'no') return false;
  const host = card.phasedOut === 'indirect' ? replay.board.hostOf(card) : undefined;
  const how = host ? ` with ${host.id}` : '';
  const todo = card.phasedOut === 'indirect' ? `It phases in only with ${host ? host.id : 'its host'} (702.26g): write \`phase in ${phasedOutRoot(replay, card).id}\` first, or remove the line.` : `Write \`phase in ${card.id}\` first, or remove the line.`;
  replay.report('impossible-event', ev.range, `${card.id} is phased out${how}, and a phased-out permanent is treated as though it doesn't exist, so ${what} does nothing; the replay leaves ${card.id} as it is. ${todo}`, {
    rules: ['702.26b', ...extra, ...(card.phasedOut === 'indirect' ? ['702.26g'] : [])],
    subjects: [card.id],
  });
  return true;
}

/** The permanent that phased out directly, taking `card` with it (702.26g): up its chain of hosts. */
function phasedOutRoot(replay: Replay, card: CardObj): CardObj {
  let c = card;
  for (let h = replay.board.hostOf(c); c.phasedOut === 'indirect' && h && isCard(h); h = replay.board.hostOf(c)) c = h;
  return c;
}

/** Attaches as the rules do: new timestamp (613.7e), the old host loses it (the attach records that). */
function doAttach(replay: Replay, att: CardObj, host: Host, at: Range): void {
  replay.board.link(att, host, at);
  att.timestamp = replay.board.tick();
  if (replay.noting) replay.note(() => `${att.id} → ${host.id} (t${att.timestamp})`);
  touch(replay, att);
}

function attachEvent(replay: Replay, ev: Extract<EventNode, { kind: 'attach' }>): void {
  const att = replay.card(ev.subject);
  const host = replay.lookup(ev.host);
  const by = ev.by ? replay.player(ev.by) : undefined;
  if (!att || !host || (ev.by && !by)) return;
  const verb = ev.verb;
  if (phasedOutSubject(replay, att, ev, `${verb === 'attach' ? 'attaching it' : `activating its ${verb} ability`}`)) return;
  if (att.zone !== 'battlefield') {
    const where = `in ${att.zone === 'outside' ? 'no zone (it left the game)' : att.zone}`;
    const why = verb === 'attach' ? '' : ` An ${verb} ability is activated only by a permanent on the battlefield.`;
    replay.report('impossible-event', ev.range, `${att.id} is ${where}, so ${verb === 'attach' ? "it can't be attached" : `its ${verb} ability can't be activated`}.${why} Put it onto the battlefield first, or remove the line.`, { rules: [verb === 'equip' ? '702.6a' : verb === 'fortify' ? '702.67a' : '701.3a'], subjects: [att.id] });
    return;
  }
  const activator = by?.id ?? att.controller;

  if (verb === 'equip' || verb === 'fortify') {
    const want = verb === 'equip' ? isEquipment(att) : isFortification(att);
    const kw = verb === 'equip' ? '702.6a' : '702.67a';
    if (!want) {
      replay.report('not-attachable', ev.range, `${att.id} is not ${verb === 'equip' ? 'an Equipment' : 'a Fortification'} (it is ${describe(att)}), so it has no ${verb} ability to activate. Nothing happens.`, { rules: [kw, verb === 'equip' ? '301.5c' : '301.6'], subjects: [att.id] });
      return;
    }
    if (activator !== att.controller) {
      replay.report('illegal-attachment', ev.by?.range ?? ev.range, `${activator} can't activate ${att.id}'s ${verb} ability: only its controller, ${att.controller}, can. ${att.id} stays where it is.`, { rules: ['301.5d', '602.2'], subjects: [att.id] });
      return;
    }
  }
  // Target legality first (602.2b, 601.2c): an equip or fortify whose target is illegal can't be
  // activated with that target, even when the Equipment is already on it. Only an attach that
  // would otherwise be legal can be redundant (701.3b).
  const targetProblem = (h: Host) => activationTargetProblem(att, h, verb, activator);
  const aimed = targetProblem(host);
  const problem = aimed ?? attachProblem(att, host);
  if (problem) {
    const where = att.attachedTo ? `stays attached to ${att.attachedTo.id}` : 'stays unattached';
    // The rule that says the attachment stays where it is: 701.3b for attach effects, and for an
    // Aura or Equipment its own restatement (303.4j, 301.5b). report() drops repeated numbers.
    // A target the ability can't have is decided by the targeting rule alone; a host it can't be on,
    // by 701.3a ("can't be attached to" what it couldn't enchant, equip or fortify) and its own rule.
    const staysRules = problem.code ? [] : [...(aimed ? [] : ['701.3a']), ...(verb === 'attach' ? ['701.3b'] : []), ...(isAura(att) ? ['303.4j'] : isEquipment(att) ? ['301.5b'] : [])];
    const what = verb === 'attach' ? `${att.id} can't be attached to ${host.id}` : `${att.id}'s ${verb} ability can't target ${host.id}`;
    replay.report(problem.code ?? 'illegal-attachment', ev.range, `${what}: ${problem.why}. ${problem.code ? 'The effect does nothing' : `It doesn't move: it ${where}`}. ${verb === 'attach' ? 'Attach it to a legal host, or remove the line.' : `${verb === 'equip' ? 'Equip' : 'Fortify'} a legal target, or remove the line.`}`, {
      rules: [...problem.rules, ...staysRules],
      related: related(att),
      fixes: problem.code ? [] : retargetFixes(replay, att, (h) => !targetProblem(h) && !attachProblem(att, h), ev.host.range, replay.board.hostOf(att)),
      subjects: [att.id, host.id],
    });
    if (replay.noting) replay.note(() => `no effect: ${att.id} doesn't move`);
    return;
  }
  if (att.attachedTo && replay.board.hostOf(att) === host) {
    replay.report('redundant-attach', ev.range, `${att.id} is already attached to ${host.id}, so this ${verb} does nothing: it doesn't become attached again and gets no new timestamp. Remove the line, or attach it to something else.`, {
      rules: ['701.3c'],
      related: related(att),
      fixes: [{ title: 'Remove the redundant line', safe: true, edits: [replay.deleteStatement(ev)] }],
      subjects: [att.id, host.id],
    });
    if (replay.noting) replay.note(() => `no effect: already on ${host.id}`);
    return;
  }
  doAttach(replay, att, host, ev.range);
}

/**
 * Equip and fortify target a creature (a land) the activator controls, meeting the equip quality
 * (702.6a/c, 702.67a). The target is chosen as the ability is activated (602.2b, 601.2c), so each
 * problem here cites those too. Protection stops the targeting itself (702.16b).
 */
function activationTargetProblem(att: CardObj, h: Host, verb: 'attach' | 'equip' | 'fortify', activator: string | undefined): Problem | undefined {
  if (verb === 'attach') return undefined;
  const kw = verb === 'equip' ? '702.6a' : '702.67a';
  const target = [kw, '602.2b', '601.2c'];
  const noun = verb === 'equip' ? 'creature' : 'land';
  if (!isCard(h)) return { rules: target, why: `${verb} targets a ${noun}, not a player` };
  if (h.zone !== 'battlefield') return { rules: [...target, '701.3a'], why: `${h.id} is not on the battlefield` };
  if (h.phasedOut !== 'no') return { rules: [...target, '702.26b'], why: `${h.id} is phased out, and a phased-out permanent is treated as though it doesn't exist` };
  if (verb === 'equip' ? !isCreature(h) : !h.types.has('land')) return { rules: [...target, verb === 'equip' ? '301.5' : '301.6'], why: `${describe(h)} is not a ${noun}` };
  if (h.controller !== activator) return { rules: target, why: `${verb} targets a ${noun} you control, and ${h.id} is controlled by ${h.controller}, not ${activator}` };
  if (verb === 'equip' && att.equipQuality && !filterMatches(att.equipQuality, h, att)) return { rules: [...target, '702.6c'], why: `${att.id} has equip ${filterText(att.equipQuality)}, and ${h.id} is not ${article(filterText(att.equipQuality))}` };
  const prot = protectionAgainst(h, att);
  if (prot) {
    const fort = verb === 'fortify';
    return { rules: [...target, '702.16b', '702.16d', ...prot.rules], why: `${h.id} has protection from ${prot.quality}, so it can't be the target of ${att.id}'s ${verb} ability (nor be ${fort ? 'fortified' : 'equipped'} by it)` };
  }
  return undefined;
}

function castEvent(replay: Replay, ev: Extract<EventNode, { kind: 'cast' }>): void {
  const spell = replay.card(ev.subject);
  const target = replay.lookup(ev.target);
  if (!spell || !target) return;
  if (spell.zone === 'battlefield' || spell.zone === 'stack') {
    replay.report('impossible-event', ev.range, `${spell.id} is already on the ${spell.zone}, so it can't be cast: casting starts by moving the card to the stack. Put it in the zone it is cast from (\`in hand\`), or remove the line.`, { rules: ['601.2a'], subjects: [spell.id] });
    return;
  }
  const asBestow = spell.bestow && !isAura(spell);
  if (isAura(spell) || asBestow) {
    if (asBestow) spell.bestowed = true;
    const problem = auraTargetProblem(spell, target);
    if (problem) {
      if (asBestow) spell.bestowed = false;
      replay.report('illegal-aura-target', ev.range, `${spell.id} can't be cast targeting ${target.id}: ${problem.why}. An Aura spell's target must be legal when it is cast, so the cast doesn't happen and ${spell.id} stays in ${spell.zone}. Cast it targeting a legal object or player, or remove the line.`, {
        rules: ['601.2c', ...problem.rules],
        fixes: retargetFixes(replay, spell, (h) => !auraTargetProblem(spell, h), ev.target.range, target),
        subjects: [spell.id, target.id],
      });
      return;
    }
  }
  moveTo(replay, spell, 'stack', ev);
  if (asBestow) spell.bestowed = true;
  spell.stackTarget = replay.board.refTo(target);
  if (replay.noting) replay.note(() => `${spell.id} on the stack targeting ${target.id}`);
}

function resolveEvent(replay: Replay, ev: Extract<EventNode, { kind: 'resolve' }>): void {
  const spell = replay.card(ev.subject);
  if (!spell) return;
  if (spell.zone !== 'stack') {
    replay.report('impossible-event', ev.range, `${spell.id} is not on the stack (it is in ${spell.zone}), so it can't resolve: only the object on top of the stack resolves. Cast it first (\`cast ${spell.id} targeting ...\`), or remove the line.`, { rules: ['608.1'], subjects: [spell.id] });
    return;
  }
  const isPermanent = [...spell.types].some((t) => PERMANENT_TYPES.has(t)) || isAura(spell);
  const ref = spell.stackTarget;
  spell.stackTarget = undefined;
  if (isAura(spell) && ref) {
    const target = ref.kind === 'card' ? replay.board.cards.get(ref.id) : replay.board.players.get(ref.id);
    const gone = target && isCard(target) && ref.kind === 'card' && target.version !== ref.version;
    const problem: Problem | undefined = !target
      ? { rules: ['608.2b'], why: 'its target no longer exists' }
      : gone
        ? { rules: ['400.7'], why: `${target.id} changed zones after ${spell.id} was cast, so it is a new object the spell never targeted` }
        : auraTargetProblem(spell, target) ?? attachProblem(spell, target);
    if (!problem) {
      const bestowed = spell.bestowed;
      moveTo(replay, spell, 'battlefield', ev);
      spell.bestowed = bestowed;
      doAttach(replay, spell, target!, ev.range);
      return;
    }
    if (spell.bestowed) {
      replay.report('target-illegal-on-resolution', ev.range, `${spell.id}'s target is illegal as it resolves (${problem.why}), so it stops being bestowed and resolves as an unattached creature. That is the rules' outcome: if it is meant, an \`expect ${spell.id} unattached\` line after it shows so; if not, keep the target legal until it resolves.`, {
        rules: ['608.3b', '702.103e', ...problem.rules],
        subjects: [spell.id, ...(target ? [target.id] : [])],
      });
      moveTo(replay, spell, 'battlefield', ev);
      if (replay.noting) replay.note(() => `${spell.id} resolves as a creature (702.103e)`);
      return;
    }
    replay.report('target-illegal-on-resolution', ev.range, `${spell.id} doesn't resolve: its only target is illegal (${problem.why}), so it goes from the stack to its owner's graveyard. That is the rules' outcome: if it is meant, an \`expect ${spell.id} in graveyard\` line after it shows so; if not, keep the target legal until it resolves.`, {
      rules: ['608.2b', '608.3b', ...problem.rules],
      subjects: [spell.id, ...(target ? [target.id] : [])],
    });
    moveTo(replay, spell, 'graveyard', ev);
    return;
  }
  moveTo(replay, spell, isPermanent ? 'battlefield' : 'graveyard', ev);
}

function enterEvent(replay: Replay, ev: Extract<EventNode, { kind: 'enter' }>): void {
  const card = replay.card(ev.subject);
  const host = ev.host ? replay.lookup(ev.host) : undefined;
  if (!card || (ev.host && !host)) return;
  if (ev.zone && ev.zone.zone !== 'battlefield') {
    replay.report('syntax-error', ev.zone.range, '`enter` puts a card onto the battlefield; use `move X to ZONE` for other zones.');
    return;
  }
  if (card.zone === 'battlefield') {
    replay.report('impossible-event', ev.range, `${card.id} is already on the battlefield, so it can't enter it. Remove the line, or move it to another zone first.`, { subjects: [card.id] });
    return;
  }
  enterBattlefield(replay, card, host, ev);
}

/**
 * An Aura entering the battlefield without being cast, the effect not saying what it enchants
 * (303.4f): the player under whose control it enters chooses a legal object or player as it
 * enters. With exactly one, the choice is forced and the replay makes it; with several, the
 * scenario must say which (the replay can't choose, so it leaves the Aura in its zone); with none,
 * 303.4g. The candidates are every player and card, as this place always looked at them; it stops
 * once it knows there are more than the fixes offer.
 */
function auraEntersUnnamed(replay: Replay, card: CardObj, ev: EventNode, legal: (h: Host) => boolean): void {
  const found: Host[] = [];
  for (const h of hostCandidates(replay)) {
    if (!legal(h)) continue;
    found.push(h);
    if (found.length > 5) break;
  }
  const chooser = card.controller ?? card.owner ?? 'its controller';
  const from = card.zone === 'outside' ? 'outside the game' : card.zone;
  if (found.length === 0) {
    replay.report('illegal-attachment', ev.range, `${card.id} is an Aura entering the battlefield, and there is no object or player it could legally enchant, so it doesn't enter: ${card.zone === 'stack' ? "from the stack it goes to its owner's graveyard" : `it stays in ${from}`}. Remove the line, or give it a legal host first.`, { rules: ['303.4g'], subjects: [card.id] });
    if (card.zone === 'stack') moveTo(replay, card, 'graveyard', ev);
    return;
  }
  const name = (h: Host) => ({ title: `Enter attached to ${h.id}`, edits: [attachedToEdit(card, ev, h)] });
  if (found.length === 1) {
    const host = found[0];
    replay.report('forced-aura-host', ev.range, `${card.id} is an Aura entering the battlefield without being cast, and the effect doesn't say what it enchants: ${host.id} is the only object or player it could legally enchant, so ${chooser}, under whose control it enters, must choose ${host.id}, and the replay attaches it there. Name it in the scenario: add \`attached to ${host.id}\`.`, {
      rules: ['303.4f'],
      fixes: [{ ...name(host), safe: true }],
      subjects: [card.id, host.id],
    });
    moveTo(replay, card, 'battlefield', ev);
    doAttach(replay, card, host, ev.range);
    return;
  }
  const shown = found.slice(0, 5).map((h) => h.id);
  const list = found.length > 5 ? `${shown.join(', ')} and more` : `${shown.slice(0, -1).join(', ')} or ${shown[shown.length - 1]}`;
  replay.report('unnamed-aura-host', ev.range, `${card.id} is an Aura entering the battlefield without being cast, and the effect doesn't say what it enchants: ${chooser}, under whose control it enters, chooses one of ${list} as it enters. The scenario doesn't say which, so the replay can't follow it and leaves ${card.id} where it was (${from}). Name the choice: add \`attached to\` and the chosen host.`, {
    rules: ['303.4f'],
    fixes: found.slice(0, 5).map((h) => ({ ...name(h), safe: false })),
    subjects: [card.id],
  });
}

/** The edit that names an entering Aura's host: `enter X attached to H` (a `move X to battlefield` line is rewritten so). */
function attachedToEdit(card: CardObj, ev: EventNode, host: Host) {
  if (ev.kind === 'enter') return { range: { start: ev.range.end, end: ev.range.end }, newText: ` attached to ${host.id}` };
  return { range: ev.range, newText: `enter ${card.id} attached to ${host.id}` };
}

/** A card put onto the battlefield without being cast (303.4f-i, 301.5e). */
function enterBattlefield(replay: Replay, card: CardObj, host: Host | undefined, ev: EventNode): void {
  const hostRange = ev.kind === 'enter' && ev.host ? ev.host.range : ev.range;
  if (isAura(card)) {
    // Judge the host against the card as it will be on the battlefield.
    const legalHosts = (h: Host) => !attachProblem(card, h) && h !== card;
    if (!host) return auraEntersUnnamed(replay, card, ev, legalHosts);
    const problem = attachProblem(card, host);
    if (problem) {
      replay.report('illegal-attachment', ev.range, `${card.id} can't enter attached to ${host.id}: ${problem.why}. An Aura that can't be attached as it enters stays in its zone${card.zone === 'stack' ? ' (from the stack: its owner\'s graveyard)' : ` (${card.zone})`}. Name a host it can enchant, or leave out \`attached to\` if the effect lets its controller choose.`, {
        rules: ['303.4i', ...problem.rules],
        fixes: retargetFixes(replay, card, legalHosts, hostRange, host),
        subjects: [card.id, host.id],
      });
      if (card.zone === 'stack') moveTo(replay, card, 'graveyard', ev);
      return;
    }
    moveTo(replay, card, 'battlefield', ev);
    doAttach(replay, card, host, ev.range);
    return;
  }
  moveTo(replay, card, 'battlefield', ev);
  if (!host) return;
  const problem = attachProblem(card, host);
  if (problem) {
    const eqp = isEquipment(card) || isFortification(card);
    replay.report(problem.code ?? 'illegal-attachment', ev.range, `${card.id} can't enter attached to ${host.id}: ${problem.why}. It enters the battlefield unattached. ${problem.code ? 'Leave out' : 'Name a legal host, or leave out'} \`attached to ${host.id}\`.`, {
      rules: [eqp ? '301.5e' : '303.4h', ...problem.rules],
      fixes: problem.code ? [] : retargetFixes(replay, card, (h) => !attachProblem(card, h), hostRange, host),
      subjects: [card.id, host.id],
    });
    return;
  }
  doAttach(replay, card, host, ev.range);
}

function unattachEvent(replay: Replay, ev: Extract<EventNode, { kind: 'unattach' }>): void {
  const att = replay.card(ev.subject);
  const named = ev.host ? replay.lookup(ev.host) : undefined;
  if (!att || (ev.host && !named)) return;
  if (phasedOutSubject(replay, att, ev, 'unattaching it')) return;
  const host = replay.board.hostOf(att);
  if (!host) {
    replay.report('ineffective-unattach', ev.range, `${att.id} is not attached to anything, so unattaching it does nothing. Remove the line${att.zone !== 'battlefield' ? ` (it is in ${att.zone})` : ''}.`, {
      fixes: [{ title: 'Remove the line', safe: true, edits: [replay.deleteStatement(ev)] }],
      subjects: [att.id],
    });
    return;
  }
  if (named && named !== host) {
    replay.report('ineffective-unattach', ev.range, `${att.id} is attached to ${host.id}, not ${named.id}, so this does nothing. Unattach it from ${host.id}, or remove the line.`, {
      related: related(att),
      fixes: [{ title: `Unattach it from ${host.id}`, safe: false, edits: [{ range: ev.host!.range, newText: host.id }] }],
      subjects: [att.id, named.id],
    });
    return;
  }
  replay.board.unlink(att);
  if (replay.noting) replay.note(() => `${att.id} unattached`);
  touch(replay, att);
}

function moveEvent(replay: Replay, ev: Extract<EventNode, { kind: 'move' }>): void {
  const card = replay.card(ev.subject);
  if (!card) return;
  const zone = ev.zone.zone;
  if (!MTG_ZONES.includes(zone)) {
    replay.report('syntax-error', ev.zone.range, `'${zone}' is a Riftbound zone; MTG zones are ${MTG_ZONES.join(', ')}.`);
    return;
  }
  if (card.zone === zone) {
    replay.report('impossible-event', ev.range, `${card.id} is already in ${zone}.`, { subjects: [card.id] });
    return;
  }
  if (card.zone === 'outside') {
    replay.report('impossible-event', ev.range, `${card.id} has left the game with its owner.`, { rules: ['800.4a'], subjects: [card.id] });
    return;
  }
  if (phasedOutSubject(replay, card, ev, `moving it to ${zone}`)) return;
  if (zone === 'battlefield') return enterBattlefield(replay, card, undefined, ev);
  moveTo(replay, card, zone, ev);
}

/**
 * A zone change: a new object (400.7). Its own attachment ends (the move records that); whatever
 * was attached to it becomes unattached (701.3d), which the scenario must record.
 */
function moveTo(replay: Replay, card: CardObj, zone: string, cause: EventNode): void {
  replay.board.unlink(card);
  for (const id of card.attachments.size ? [...card.attachments] : NONE) {
    const att = replay.board.cards.get(id)!;
    if (att.phasedOut === 'direct') {
      // 702.26i: it keeps pointing at the old object and phases in unattached later.
      card.attachments.delete(id);
      continue;
    }
    replay.board.unlink(att);
    replay.oblige({
      action: 'unattach',
      subject: att,
      host: card.id,
      code: 'missing-unattach',
      rules: ['701.3d', '400.7'],
      why: `its host ${card.id} left the battlefield`,
      cause,
    });
    if (replay.noting) replay.note(() => `${att.id} unattached`);
    if (att.phasedOut === 'indirect') att.phasedOut = 'no';
    touch(replay, att);
  }
  card.zone = zone;
  card.version++;
  card.timestamp = replay.board.tick();
  resetCharacteristics(card);
  card.controller = card.owner;
  card.enteredUnder = card.owner;
  card.bestowed = false;
  card.phasedOut = 'no';
  card.stackTarget = undefined;
  if (replay.noting) replay.note(() => `${card.id} → ${zone === 'outside' ? 'out of the game' : zone}`);
}

function typesEvent(replay: Replay, ev: Extract<EventNode, { kind: 'types' }>): void {
  const card = replay.card(ev.subject);
  if (!card) return;
  const add = ev.verb === 'becomes';
  if (phasedOutSubject(replay, card, ev, `an effect that makes it ${add ? 'become' : 'lose'} ${ev.words.map((w) => w.text).join(' ')}`, ['702.26e'])) return;
  for (const w of ev.words) {
    const key = MTG_SUPERTYPES.includes(w.text) ? 'supertypes' : MTG_CARD_TYPES.includes(w.text) ? 'types' : /^\p{Lu}/u.test(w.text) ? 'subtypes' : undefined;
    if (!key) {
      unknownWord(replay, w, 'card type or subtype', MTG_CARD_TYPES);
      continue;
    }
    card[key] = withOrWithout(card[key], w.text, add);
    card.modified = true;
  }
  if (replay.noting) replay.note(() => `${card.id}: ${describe(card)}`);
  touch(replay, card);
}

function protectionEvent(replay: Replay, ev: Extract<EventNode, { kind: 'protection' }>): void {
  const card = replay.lookup(ev.subject);
  if (!card) return;
  const q = ev.quality.text;
  if (isCard(card) && phasedOutSubject(replay, card, ev, `an effect that makes it ${ev.verb === 'gains' ? 'gain' : 'lose'} protection from ${q}`, ['702.26e'])) return;
  if (isCard(card)) card.modified = true;
  if (ev.verb === 'gains') card.protections = [...card.protections, q];
  else {
    const i = card.protections.indexOf(q);
    if (i < 0) {
      replay.report('impossible-event', ev.range, `${card.id} doesn't have protection from ${q}.`, { subjects: [card.id] });
      return;
    }
    card.protections = card.protections.filter((_, j) => j !== i);
  }
  if (isCard(card)) touch(replay, card);
  else for (const id of card.attachments) touch(replay, replay.board.cards.get(id)!);
}

function controlEvent(replay: Replay, ev: Extract<EventNode, { kind: 'control' }>): void {
  const card = replay.card(ev.subject);
  const p = replay.player(ev.player);
  if (!card || !p) return;
  if (p.left) {
    replay.report('impossible-event', ev.player.range, `${p.id} has left the game.`, { rules: ['800.4a'], subjects: [p.id] });
    return;
  }
  if (phasedOutSubject(replay, card, ev, `an effect that gives control of it to ${p.id}`, ['702.26e'])) return;
  card.controller = p.id;
  if (replay.noting) replay.note(() => `${card.id} controlled by ${p.id}`);
  touch(replay, card);
}

function phaseEvent(replay: Replay, ev: Extract<EventNode, { kind: 'phase' }>): void {
  const card = replay.card(ev.subject);
  if (!card) return;
  if (card.zone !== 'battlefield') {
    replay.report('impossible-event', ev.range, `${card.id} is not on the battlefield, so it can't phase ${ev.direction}.`, { rules: ['702.26b'], subjects: [card.id] });
    return;
  }
  if (ev.direction === 'out') {
    if (card.phasedOut !== 'no') {
      replay.report('impossible-event', ev.range, `${card.id} is already phased out.`, { subjects: [card.id] });
      return;
    }
    card.phasedOut = 'direct';
    const indirect = (c: CardObj) => {
      for (const id of c.attachments) {
        const a = replay.board.cards.get(id)!;
        if (a.phasedOut === 'no') {
          a.phasedOut = 'indirect';
          indirect(a);
        }
      }
    };
    indirect(card);
    if (replay.noting) replay.note(() => `${card.id} phased out${card.attachments.size ? ` with ${[...card.attachments].join(', ')}` : ''}`);
    return;
  }
  if (card.phasedOut !== 'direct') {
    replay.report('impossible-event', ev.range, card.phasedOut === 'indirect' ? `${card.id} phased out with its host and phases in only with it (702.26g). Write \`phase in ${phasedOutRoot(replay, card).id}\` instead.` : `${card.id} is not phased out. Remove the line.`, { rules: card.phasedOut === 'indirect' ? ['702.26g'] : [], subjects: [card.id] });
    return;
  }
  card.phasedOut = 'no';
  const back = (c: CardObj) => {
    for (const id of c.attachments) {
      const a = replay.board.cards.get(id)!;
      if (a.phasedOut === 'indirect') {
        a.phasedOut = 'no';
        back(a);
      }
    }
  };
  back(card);
  // 702.26i: a directly phased-out attachment whose host is gone phases in unattached.
  const host = replay.board.hostOf(card);
  if (card.attachedTo && (!host || (isCard(host) && (host.version !== (card.attachedTo as { version: number }).version || host.zone !== 'battlefield')) || (!isCard(host) && host.left))) {
    replay.board.unlink(card);
    if (replay.noting) replay.note(() => `${card.id} phased in unattached (702.26i)`);
  } else if (replay.noting) replay.note(() => `${card.id} phased in`);
  touch(replay, card);
}

function leaveEvent(replay: Replay, ev: Extract<EventNode, { kind: 'leave' }>): void {
  const p = replay.player(ev.player);
  if (!p) return;
  if (p.left) {
    replay.report('impossible-event', ev.range, `${p.id} has already left the game.`, { rules: ['800.4a'], subjects: [p.id] });
    return;
  }
  p.left = true;
  if (replay.noting) replay.note(() => `${p.id} left the game`);
  // Attachments on the player become unattached (701.3d) unless they leave with their owner.
  for (const id of [...p.attachments]) {
    const att = replay.board.cards.get(id)!;
    if (att.owner === p.id) continue;
    replay.board.unlink(att);
    replay.oblige({ action: 'unattach', subject: att, host: p.id, code: 'missing-unattach', rules: ['701.3d', '800.4a'], why: `the player it enchants, ${p.id}, left the game`, cause: ev });
    touch(replay, att);
  }
  // 800.4a, in its order: what they own leaves the game, the control effects that gave them objects
  // end, and then whatever they still control (what entered under their control) is exiled.
  const stillControlled: CardObj[] = [];
  for (const c of replay.board.cards.values()) {
    if (c.owner === p.id && c.zone !== 'outside') {
      moveTo(replay, c, 'outside', ev);
    } else if (c.controller === p.id && c.owner !== p.id) {
      if (c.enteredUnder !== p.id) {
        c.controller = c.enteredUnder;
        if (replay.noting) replay.note(() => `${c.id} back under ${c.controller}'s control`);
        touch(replay, c);
      } else stillControlled.push(c);
    }
  }
  for (const c of stillControlled) {
    moveTo(replay, c, 'exile', ev);
    if (replay.noting) replay.note(() => `${c.id} exiled: it entered under ${p.id}'s control (800.4a)`);
  }
}

// ---- state-based actions (704) ---------------------------------------------------------------

/** Marks a card, its host and its attachments for the next state-based action check. */
function touch(replay: Replay, card: CardObj): void {
  replay.markDirty(card);
  const cards = replay.board.cards;
  for (const id of card.attachments) replay.markDirty(cards.get(id)!);
  const host = replay.board.hostOf(card);
  if (host) {
    // Its siblings too: a newer Role makes an older one illegal (303.7a).
    for (const id of host.attachments) replay.markDirty(cards.get(id)!);
    if (isCard(host)) replay.markDirty(host);
  }
}

/**
 * 704.3: all applicable state-based actions, repeated until none applies. Only cards touched since
 * the last check can have become illegal, so only those are examined. With no cause (the initial
 * board), every card is examined and the results are applied without obligations.
 */
function stateBasedActions(replay: Replay, cause: EventNode | undefined): void {
  let work: CardObj[] = replay.takeDirty();
  if (!cause) work = [...replay.board.cards.values()];
  while (work.length) {
    for (const c of work) {
      if (c.zone !== 'battlefield' || c.phasedOut !== 'no') continue;
      // A change marks the card and everything around it dirty again (touch), so the next
      // round looks at them; the loop ends when a round changes nothing.
      checkOne(replay, c, cause);
    }
    work = replay.takeDirty();
  }
}

/** One object's state-based actions. Returns true when it changed. */
/** A state-based action unattaches `c` from `host` (an obligation when an event caused it). */
function sbaUnattach(replay: Replay, c: CardObj, host: Host, cause: EventNode | undefined, rules: string[], why: string): void {
  replay.board.unlink(c);
  if (cause) replay.oblige({ action: 'unattach', subject: c, host: host.id, code: 'missing-unattach', rules, why, cause });
  if (replay.noting) replay.note(() => `${c.id} unattached (${rules[0]})`);
  touch(replay, c);
}

/** A state-based action puts the Aura `c` into its owner's graveyard. */
function sbaToGraveyard(replay: Replay, c: CardObj, cause: EventNode | undefined, rules: string[], why: string): void {
  if (cause) {
    replay.oblige({ action: 'move', subject: c, zone: 'graveyard', code: 'missing-state-based-action', rules, why, cause });
    moveTo(replay, c, 'graveyard', cause);
  } else {
    // The initial board: an Aura declared on the battlefield must be attached. (One whose
    // declared attachment was illegal is already reported at its `attached to`.)
    if (!c.decl.props.some((p) => p.kind === 'attached')) replay.report('illegal-attachment', c.decl.id!.range, `${c.id} is an Aura on the battlefield attached to nothing; it would go to its owner's graveyard at once. Add \`attached to\` or put it in another zone.`, { rules: ['303.4', '704.5m'], subjects: [c.id] });
    c.zone = 'graveyard';
  }
}

function checkOne(replay: Replay, c: CardObj, cause: EventNode | undefined): boolean {
  const host = replay.board.hostOf(c);
  if (host) {
    // 704.5p: a creature or battle, or a permanent that is not an Aura, Equipment or Fortification.
    if (c.bestowed) {
      const problem = attachProblem(c, host);
      if (problem) {
        sbaUnattach(replay, c, host, cause, ['702.103f', ...problem.rules], `${problem.why}; a bestowed Aura becomes an unattached creature`);
        c.bestowed = false;
        return true;
      }
      return false;
    }
    if (isAura(c) && isCreature(c)) {
      sbaUnattach(replay, c, host, cause, ['704.5p', '303.4d'], `${c.id} is an Aura that is also a creature`);
      return true;
    }
    if (c.types.has('battle')) {
      sbaUnattach(replay, c, host, cause, ['704.5p', '310.10'], `${c.id} is a battle`);
      return true;
    }
    if (!isAura(c) && !isEquipment(c) && !isFortification(c)) {
      sbaUnattach(replay, c, host, cause, ['704.5p'], `${c.id} is no longer an Aura, Equipment or Fortification`);
      return true;
    }
    if ((isEquipment(c) || isFortification(c)) && !isAura(c) && isCreature(c) && !(c.reconfigure && isEquipment(c)) && !(isFortification(c) && c.types.has('land'))) {
      sbaUnattach(replay, c, host, cause, 
        ['704.5p', isEquipment(c) ? '301.5c' : '301.6'],
        isEquipment(c)
          ? `${c.id} became a creature, and an Equipment that is a creature (without reconfigure) can't equip anything`
          : `${c.id} became a creature that is not a land, and such a Fortification can't fortify anything`,
      );
      return true;
    }
    const problem = attachProblem(c, host);
    if (!problem) {
      if (isAura(c) && c.subtypes.has('Role')) {
        // 303.7a / 704.5z: of the Roles one player controls on a permanent, only the newest stays.
        for (const id of host.attachments) {
          const other = replay.board.cards.get(id)!;
          if (other !== c && other.subtypes.has('Role') && other.controller === c.controller && other.timestamp > c.timestamp) {
            sbaToGraveyard(replay, c, cause, ['704.5z', '303.7a'], `${other.id} is a newer Role controlled by ${c.controller} on ${host.id}, and only the newest of a player's Roles on a permanent stays`);
            return true;
          }
        }
      }
      return false;
    }
    if (isAura(c)) {
      sbaToGraveyard(replay, c, cause, ['704.5m', '303.4c', ...problem.rules], `it is attached to something it can't enchant (${problem.why})`);
      return true;
    }
    sbaUnattach(replay, c, host, cause, ['704.5n', ...problem.rules], `it is attached to something it can't ${isEquipment(c) ? 'equip' : 'fortify'} (${problem.why})`);
    return true;
  }
  if (isAura(c)) {
    if (c.bestowed) {
      c.bestowed = false;
      return true;
    }
    sbaToGraveyard(replay, c, cause, ['704.5m'], `an Aura attached to nothing goes to its owner's graveyard`);
    return true;
  }
  return false;
}
