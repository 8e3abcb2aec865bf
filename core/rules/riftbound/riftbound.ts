// Riftbound attach rules: Attach (434), Detach (435), Attachment (717-719), inactive text (135.4,
// 718.2), Might Bonus (137.3), Equip (818), recall of loose gear at cleanup (149.3, 323.7, 457.1)
// and new objects on leaving the board (124). Rule numbers are canonical (2026-07-16 numbering).
import type { CardStmt, EventNode, ZoneRef } from '../../parser/ast';
import type { Range } from '../../types';
import { copyCharacteristics, isCard, resetCharacteristics, withOrWithout, type CardObj, type PlayerObj, type PrintedBuilder } from '../../engine/board';
import type { Replay, Ruleset } from '../../engine/replay';

export const RIFTBOUND_CARD_TYPES = ['unit', 'gear', 'spell', 'rune', 'battlefield', 'legend', 'token'];
export const RIFTBOUND_ZONES = ['base', 'battlefield', 'hand', 'deck', 'trash', 'banishment'];
const BOARD = new Set(['base', 'battlefield']);
const SUGAR_ZONE: Record<string, string> = { graveyard: 'trash', exile: 'banishment' };

type Host = CardObj | PlayerObj;

function onBoard(c: CardObj): boolean {
  return BOARD.has(c.zone);
}
function where(c: CardObj): string {
  if (c.zone === 'battlefield') return c.place ? `battlefield ${c.place}` : 'a battlefield';
  if (c.zone === 'base') return baseName(c.place ?? c.controller);
  return c.zone;
}
function baseName(player: string | undefined): string {
  return player ? `${player}'s base` : 'a base';
}
/**
 * The `place` a card at `zone` gets: the battlefield's name, or (at a base) whose base: the player
 * written, else the card's controller (a card is played to its controller's base, 149.2, 107.1.c).
 */
function placeAt(zone: string, written: string | undefined, controller: string | undefined): string | undefined {
  return zone === 'base' ? (written ?? controller) : written;
}
/** The place a zone reference names; at a base, `of P` must name a player (reported if not). */
function placeOf(replay: Replay, z: ZoneRef): { ok: boolean; place: string | undefined } {
  if (!z.place) return { ok: true, place: undefined };
  if (z.zone !== 'base') return { ok: true, place: z.place.text };
  const p = replay.player(z.place);
  return { ok: p !== undefined, place: p?.id };
}
function isUnit(c: CardObj): boolean {
  return c.types.has('unit');
}
function isGear(c: CardObj): boolean {
  return c.types.has('gear');
}

export const riftbound: Ruleset = {
  game: 'riftbound',
  unattachVerb: 'detach',

  declare(replay, card, st) {
    declareCard(replay, card, st);
  },

  initialAttach(replay, card, host, at) {
    const problem = attachProblem(card, host);
    if (problem) {
      replay.report('illegal-attachment', at, `${card.id} can't start attached to ${host.id}: ${problem.why}. It starts unattached. Remove \`attached to ${host.id}\`, or put both cards on the board.`, { rules: problem.rules, subjects: [card.id, host.id] });
      return;
    }
    if (wouldLoop(replay, card, host as CardObj)) {
      replay.report('syntax-error', at, `${host.id} is declared attached beneath ${card.id}, so ${card.id} can't also start beneath ${host.id}: two cards can't each be under the other. Remove one of the two \`attached to\`; ${card.id} starts unattached.`, { subjects: [card.id, host.id] });
      return;
    }
    link(replay, card, host as CardObj, at);
  },

  event(replay, ev) {
    switch (ev.kind) {
      case 'attach':
        return attachEvent(replay, ev);
      case 'unattach':
        return detachEvent(replay, ev);
      case 'move':
        return moveEvent(replay, ev);
      case 'enter':
        return enterEvent(replay, ev);
      case 'recall':
        return recallEvent(replay, ev);
      case 'cleanup':
        return cleanupEvent(replay, ev);
      case 'control': {
        const card = replay.card(ev.subject);
        const p = replay.player(ev.player);
        if (!card || !p) return;
        // 718.5.e/f: the attached card and its Top-Most card keep their own controllers.
        card.controller = p.id;
        if (replay.noting) replay.note(() => `${card.id} controlled by ${p.id}`);
        return;
      }
      case 'types': {
        const card = replay.card(ev.subject);
        if (!card) return;
        for (const w of ev.words) {
          const key = RIFTBOUND_CARD_TYPES.includes(w.text) ? 'types' : 'subtypes';
          card[key] = withOrWithout(card[key], w.text, ev.verb === 'becomes');
          card.modified = true;
        }
        return;
      }
      case 'expect':
        return;
      default:
        replay.report('impossible-event', ev.verbRange, `\`${ev.kind}\` is not a Riftbound action; this scenario is \`game riftbound\`. Remove the line, or write the Riftbound event that was meant.`);
    }
  },

  legalHost(_replay, att, host, verb) {
    if (verb === 'equip') {
      if (!att.hasEquip || !isCard(host) || !isUnit(host) || host.controller !== att.controller) return false;
    } else if (verb !== 'attach' && verb !== 'enter') return false;
    return !attachProblem(att, host);
  },

  settle() {
    // Riftbound has no state-based unattaching: detaches come from leaving the board (719.5),
    // and loose gear is recalled at a Cleanup, which the scenario writes as `cleanup`.
  },
};

function declareCard(replay: Replay, card: CardObj, st: CardStmt): void {
  // The printed characteristics are built here, once; they never change after.
  const pr = card.printed as PrintedBuilder;
  card.zone = 'base';
  card.place = card.controller;
  for (const w of st.typeLine?.types ?? []) {
    if (RIFTBOUND_CARD_TYPES.includes(w.text)) pr.types.add(w.text);
    else replay.report('syntax-error', w.range, `Unknown Riftbound card type '${w.text}'. Card types: ${RIFTBOUND_CARD_TYPES.join(', ')}.`);
  }
  for (const w of st.typeLine?.subtypes ?? []) pr.subtypes.add(w.text);
  if (!st.typeLine) replay.report('syntax-error', st.id!.range, `Card '${card.id}' needs a type line: add \`: unit\` or \`: gear — Equipment\` after its name.`, { subjects: [card.id] });
  for (const p of st.props) {
    switch (p.kind) {
      case 'zone':
        if (!RIFTBOUND_ZONES.includes(p.zone.zone)) replay.report('syntax-error', p.zone.range, `'${p.zone.zone}' is an MTG zone; Riftbound zones are ${RIFTBOUND_ZONES.join(', ')}.`);
        else {
          const at = placeOf(replay, p.zone);
          card.zone = p.zone.zone;
          card.place = placeAt(card.zone, at.place, card.controller);
        }
        break;
      case 'equip':
        pr.hasEquip = true;
        break;
      case 'might':
        pr.might = p.value;
        break;
      case 'might-bonus':
        pr.mightBonus = p.value;
        break;
      case 'flag':
        if (p.flag === 'exhausted') card.exhausted = true;
        else if (p.flag === 'token') card.token = true;
        else replay.report('syntax-error', p.range, `\`${p.flag}\` is an MTG property.`);
        break;
      case 'enchant':
      case 'protection':
      case 'color':
      case 'cant':
        replay.report('syntax-error', p.range, `\`${p.kind === 'cant' ? "can't be" : p.kind}\` is an MTG property.`);
        break;
    }
  }
  Object.assign(card, copyCharacteristics(pr));
}

/** 434.1: both cards on the board, two different cards, a card (not a player) on top. */
function attachProblem(att: CardObj, host: Host): { rules: string[]; why: string } | undefined {
  if (!isCard(host)) return { rules: ['434.1'], why: 'Riftbound attaches cards to cards, not to players' };
  if (!onBoard(att)) return { rules: ['434.1'], why: `${att.id} is not on the board (it is in ${att.zone})` };
  if (!onBoard(host)) return { rules: ['434.1'], why: `${host.id} is not on the board (it is in ${host.zone})` };
  if (att === host) return { rules: ['434.1.a'], why: 'a card can\'t be attached to itself' };
  // A card that is itself attached can still be a Top-Most card (719): nothing in the rules forbids it.
  return undefined;
}

/**
 * Would attaching `att` to `host` close a loop (is `host` attached, however deep, under `att`)? The
 * rules never say; the two cards can't each lie beneath the other. Walks up from the host and down
 * from the attachment in turn and stops when either walk ends, so building a deep chain from either
 * end costs O(1) per attach.
 */
function wouldLoop(replay: Replay, att: CardObj, host: CardObj): boolean {
  const cards = replay.board.cards;
  let up: CardObj | undefined = host;
  const down: CardObj[] = [att];
  while (up && down.length > 0) {
    const h: CardObj['attachedTo'] = up.attachedTo;
    up = h && h.kind === 'card' ? cards.get(h.id) : undefined;
    if (up === att) return true;
    const d = down.pop()!;
    for (const id of d.attachments) {
      const c = cards.get(id)!;
      if (c === host) return true;
      down.push(c);
    }
  }
  return false;
}

/**
 * Puts `card` and everything attached under it at a location (434.4, 719.3: a Top-Most card and its
 * attached cards are always at the same location). They all share one location, so nothing is
 * visited when the card is already there.
 */
function relocate(replay: Replay, card: CardObj, zone: string, place: string | undefined): void {
  if (card.zone === zone && card.place === place) return;
  const todo = [card];
  while (todo.length > 0) {
    const c = todo.pop()!;
    c.zone = zone;
    c.place = place;
    for (const id of c.attachments) todo.push(replay.board.cards.get(id)!);
  }
}

function link(replay: Replay, att: CardObj, host: CardObj, at: Range): void {
  replay.board.link(att, host, at);
  relocate(replay, att, host.zone, host.place); // 434.4: takes the Top-Most card's location; not a Move.
  att.timestamp = replay.board.tick();
  if (replay.noting) replay.note(() => `${att.id} → ${host.id} at ${where(host)}${att.mightBonus && host.might !== undefined ? ` (Might ${effMight(replay, host)})` : ''}`);
}

function effMight(replay: Replay, c: CardObj): number | undefined {
  if (c.might === undefined) return undefined;
  let m = c.might;
  for (const id of c.attachments) m += replay.board.cards.get(id)?.mightBonus ?? 0;
  return m;
}

function attachEvent(replay: Replay, ev: Extract<EventNode, { kind: 'attach' }>): void {
  if (ev.verb === 'fortify') {
    replay.report('impossible-event', ev.verbRange, '`fortify` is an MTG action; this scenario is `game riftbound`. Use `equip` or `attach`, or remove the line.');
    return;
  }
  const att = replay.card(ev.subject);
  const host = replay.lookup(ev.host);
  const by = ev.by ? replay.player(ev.by) : undefined;
  if (!att || !host || (ev.by && !by)) return;
  if (ev.verb === 'equip') {
    const activator = by?.id ?? att.controller;
    if (!att.hasEquip) {
      replay.report('not-attachable', ev.range, `${att.id} has no Equip ability, so it can't use Equip; nothing happens. Only an effect that says so can attach it: write that as \`attach ${att.id} to ${host.id}\`.`, { rules: ['818.1', '818.1.a'], subjects: [att.id] });
      return;
    }
    if (activator !== att.controller) {
      replay.report('illegal-attachment', ev.by?.range ?? ev.range, `Only ${att.id}'s controller, ${att.controller}, can use its Equip ability, not ${activator}. ${att.id} stays where it is. Let ${att.controller} equip it, or remove the line.`, { rules: ['818.1.c.2'], subjects: [att.id] });
      return;
    }
    const target = equipTargetProblem(att, host, activator);
    if (att.attachedTo) {
      // 135.4 / 718.2: an attached gear's printed Rules Text, its Equip included, is inactive, so
      // the ability can't be activated at all: to the unit it is on as much as to any other.
      // That is never a legal attach that merely does nothing (redundant-attach is for `attach`).
      const on = att.attachedTo.id;
      const same = on === host.id;
      replay.report(
        'illegal-attachment',
        ev.range,
        `${att.id} is attached to ${on}, so its printed Rules Text — its Equip ability too — is inactive and can't be used${same ? '' : ` to equip ${host.id}`}${target ? `; besides, ${target.why}` : ''}. ${att.id} stays attached to ${on}. ${same ? 'Remove the line' : `Only an effect can move it now (players detach cards only when an effect says so): write that effect as \`attach ${att.id} to ${host.id}\`, or remove the line`}.`,
        {
          rules: ['135.4', '718.2', ...(same ? [] : ['435.2.a']), ...(target ? target.rules : [])],
          fixes: [{ title: 'Remove the line', safe: false, edits: [replay.deleteStatement(ev)] }],
          related: att.attachedAt ? [{ range: att.attachedAt, message: `${att.id} became attached here` }] : [],
          subjects: [att.id, host.id],
        },
      );
      return;
    }
    if (target) {
      replay.report('illegal-attachment', ev.range, `${att.id}'s Equip can't target ${host.id}: ${target.why}. ${att.id} stays where it is. Equip a unit ${activator} controls, or remove the line.`, { rules: target.rules, subjects: [att.id, host.id], fixes: retarget(replay, att, activator, ev.host.range) });
      return;
    }
  }
  if (isCard(host) && att.attachedTo && att.attachedTo.id === host.id) {
    replay.report('redundant-attach', ev.range, `${att.id} is already attached to ${host.id}: attaching a card to its current Top-Most card has no effect, and nothing additional happens. Remove the line.`, {
      related: att.attachedAt ? [{ range: att.attachedAt, message: `${att.id} became attached here` }] : [],
      fixes: [{ title: 'Remove the redundant line', safe: true, edits: [replay.deleteStatement(ev)] }],
      subjects: [att.id, host.id],
    });
    if (replay.noting) replay.note(() => `no effect: already on ${host.id}`);
    return;
  }
  const problem = attachProblem(att, host);
  if (problem) {
    replay.report('illegal-attachment', ev.range, `${att.id} can't be attached to ${host.id}: ${problem.why}. Nothing happens.`, { rules: problem.rules, subjects: [att.id, host.id] });
    return;
  }
  if (wouldLoop(replay, att, host as CardObj)) {
    replay.report('impossible-event', ev.range, `${host.id} is attached beneath ${att.id}, so ${att.id} can't also go beneath ${host.id}: two cards can't each be under the other. Nothing happens; detach one of them first if an effect does.`, { subjects: [att.id, host.id] });
    return;
  }
  const old = att.attachedTo;
  if (old) replay.note(() => `${att.id} detached from ${old.id} (434.1.f)`);
  link(replay, att, host as CardObj, ev.range);
}

/** Equip targets a unit the activator controls, on the board (818.1.b.1, 818.1.c.2). */
function equipTargetProblem(att: CardObj, host: Host, activator: string | undefined): { rules: string[]; why: string } | undefined {
  const rules = ['818.1.b.1', '818.1.c.2'];
  if (!isCard(host) || !isUnit(host)) return { rules, why: `Equip attaches to a unit, and ${host.id} is not a unit` };
  if (!onBoard(host)) return { rules: [...rules, '434.1'], why: `${host.id} is not on the board (it is in ${host.zone})` };
  if (host.controller !== activator) return { rules, why: `Equip attaches to a unit you control, and ${host.id} is controlled by ${host.controller}, not ${activator}` };
  if (host === att) return { rules: [...rules, '434.1.a'], why: "a card can't be attached to itself" };
  return undefined;
}

function retarget(replay: Replay, att: CardObj, activator: string | undefined, range: Range) {
  const out = [];
  for (const c of replay.board.cards.values()) {
    if (c !== att && isUnit(c) && onBoard(c) && c.controller === activator && !c.attachedTo) {
      out.push({ title: `Equip ${c.id} instead`, safe: false, edits: [{ range, newText: c.id }] });
      if (out.length === 5) break;
    }
  }
  return out;
}

/** Detach (435): the card stays where it is; gear left at a battlefield is recalled at the next cleanup. */
function detach(replay: Replay, att: CardObj): void {
  // 435.4.a: gear left at a battlefield is recalled by the next `cleanup` (which finds it there).
  replay.board.unlink(att);
  if (replay.noting) replay.note(() => `${att.id} detached, stays at ${where(att)}`);
}

function detachEvent(replay: Replay, ev: Extract<EventNode, { kind: 'unattach' }>): void {
  const att = replay.card(ev.subject);
  const named = ev.host ? replay.lookup(ev.host) : undefined;
  if (!att || (ev.host && !named)) return;
  const host = replay.board.hostOf(att);
  if (!host || (named && named !== host)) {
    replay.report('ineffective-unattach', ev.range, host ? `${att.id} is attached to ${host.id}, not ${named!.id}, so this does nothing. Detach it from ${host.id}, or remove the line.` : `${att.id} is not attached, and detaching an unattached card does nothing. Remove the line.`, {
      fixes: host ? [{ title: `Detach it from ${host.id}`, safe: false, edits: [{ range: ev.host!.range, newText: host.id }] }] : [{ title: 'Remove the line', safe: true, edits: [replay.deleteStatement(ev)] }],
      subjects: [att.id],
    });
    return;
  }
  detach(replay, att);
}

function zoneOf(z: ZoneRef): string {
  return SUGAR_ZONE[z.zone] ?? z.zone;
}

function moveEvent(replay: Replay, ev: Extract<EventNode, { kind: 'move' }>): void {
  const card = replay.card(ev.subject);
  if (!card) return;
  const zone = zoneOf(ev.zone);
  if (!RIFTBOUND_ZONES.includes(zone)) {
    replay.report('syntax-error', ev.zone.range, `'${ev.zone.zone}' is an MTG zone; Riftbound zones are ${RIFTBOUND_ZONES.join(', ')}.`);
    return;
  }
  const at = placeOf(replay, ev.zone);
  if (!at.ok) return;
  const place = placeAt(zone, at.place, card.zone === 'base' || card.zone === 'battlefield' ? card.controller : card.owner);
  if (card.zone === zone && card.place === place) {
    replay.report('impossible-event', ev.range, `${card.id} is already at ${where(card)}.`, { subjects: [card.id] });
    return;
  }
  if (card.attachedTo && BOARD.has(zone)) {
    replay.report('impossible-event', ev.range, `${card.id} is attached to ${card.attachedTo.id} and can't be moved apart from it; it goes where its Top-Most card goes. Move ${card.attachedTo.id} instead, or remove the line.`, { rules: ['718.5.c', '719.3.a'], subjects: [card.id] });
    return;
  }
  moveTo(replay, card, zone, place, ev);
}

/** A zone change. Leaving the board makes a new object (124) and detaches everything on it (719.5). */
function moveTo(replay: Replay, card: CardObj, zone: string, place: string | undefined, cause: EventNode): void {
  const leavesBoard = onBoard(card) && !BOARD.has(zone);
  const crossesBoard = onBoard(card) !== BOARD.has(zone);
  if (card.attachedTo && !BOARD.has(zone)) replay.board.unlink(card);
  // A card moved to a base without saying whose goes to its controller's (after the reset of 124).
  place = placeAt(zone, place, crossesBoard ? card.owner : card.controller);
  for (const id of [...card.attachments]) {
    const att = replay.board.cards.get(id)!;
    if (leavesBoard) {
      detach(replay, att); // 719.5, 435.4.b: stays at the last board location
      replay.oblige({ action: 'unattach', subject: att, host: card.id, code: 'missing-unattach', rules: ['719.5', '435.4.b'], why: `its Top-Most card ${card.id} left the board`, cause });
    } else {
      relocate(replay, att, zone, place); // 719.3.a: attachments go with their Top-Most card; not a Move.
    }
  }
  card.zone = zone;
  card.place = place;
  card.timestamp = replay.board.tick();
  if (crossesBoard) {
    card.version++;
    resetCharacteristics(card);
    card.exhausted = false; // 124: statuses are cleared
    card.controller = card.owner;
    card.enteredUnder = card.owner;
  }
  if (replay.noting) replay.note(() => `${card.id} → ${where(card)}`);
}

function enterEvent(replay: Replay, ev: Extract<EventNode, { kind: 'enter' }>): void {
  const card = replay.card(ev.subject);
  const host = ev.host ? replay.lookup(ev.host) : undefined;
  if (!card || (ev.host && !host)) return;
  if (onBoard(card)) {
    replay.report('impossible-event', ev.range, `${card.id} is already on the board, at ${where(card)}, so it can't enter it. Remove the line, or move it off the board first.`, { subjects: [card.id] });
    return;
  }
  if (host && (!isGear(card) || !isCard(host) || !isUnit(host))) {
    // Playing a card attaches it only when the card says so, as Quick-Draw gear does: "attach it to
    // a Unit you control" (819.1.d). Anything else is attached only by an effect (434.2.a).
    replay.report('illegal-attachment', ev.host!.range, `${card.id} can't enter attached to ${host.id}: playing a card attaches it only when the card says so, as Quick-Draw gear does (attached to a unit you control), and ${isGear(card) ? `${host.id} is not a unit` : `${card.id} is not a gear`}. It enters ${ev.zone ? 'where the line says' : 'at its base'}, unattached. If an effect attaches it, write that as its own \`attach\` line.`, { rules: ['434.2.a', '819.1.d'], subjects: [card.id, host.id] });
    moveTo(replay, card, ev.zone ? zoneOf(ev.zone) : 'base', ev.zone?.place?.text, ev);
    return;
  }
  if (host && isCard(host) && onBoard(host)) {
    moveTo(replay, card, host.zone, host.place, ev);
    riftbound.event(replay, { kind: 'attach', verb: 'attach', subject: ev.subject, host: ev.host!, verbRange: ev.verbRange, range: ev.range });
    return;
  }
  const zone = ev.zone ? zoneOf(ev.zone) : 'base';
  const at = ev.zone ? placeOf(replay, ev.zone) : { ok: true, place: undefined };
  if (!at.ok) return;
  moveTo(replay, card, zone, at.place, ev);
  if (host) {
    const problem = attachProblem(card, host);
    if (problem) replay.report('illegal-attachment', ev.range, `${card.id} can't enter attached to ${host.id}: ${problem.why}. It enters unattached.`, { rules: problem.rules, subjects: [card.id, host.id] });
  }
}

function recallEvent(replay: Replay, ev: Extract<EventNode, { kind: 'recall' }>): void {
  const card = replay.card(ev.subject);
  if (!card) return;
  if (card.attachedTo) {
    replay.report('impossible-event', ev.range, `${card.id} is attached to ${card.attachedTo.id} and is recalled only with it.`, { rules: ['718.5.c'], subjects: [card.id] });
    return;
  }
  const home = card.controller;
  if (!onBoard(card) || (card.zone === 'base' && card.place === home)) {
    replay.report('impossible-event', ev.range, `${card.id} is ${card.zone === 'base' ? `already at its controller's base (${baseName(home)})` : `not on the board (it is in ${card.zone})`}, so it can't be recalled. Remove the line.`, { rules: [card.zone === 'base' ? '323.7' : '455'], subjects: [card.id] });
    return;
  }
  recallHome(replay, card);
}

/** A recall (455): to its controller's base, not a Move, statuses stay; attachments come along (719.3.a). */
function recallHome(replay: Replay, card: CardObj): void {
  const from = where(card);
  relocate(replay, card, 'base', card.controller);
  if (replay.noting) replay.note(() => `${card.id} recalled from ${from} to ${where(card)}`);
}

/**
 * Cleanup step 5 (323.7): unattached non-unit gear at battlefields (149.3, 457.1), and permanents in
 * a base other than their controller's, are recalled to their controllers' bases. A card attached
 * to a unit goes where its unit goes (a permanent attached to one a player controls may be in that
 * player's base), so only unattached cards are recalled on their own.
 */
function cleanupEvent(replay: Replay, ev: Extract<EventNode, { kind: 'cleanup' }>): void {
  let n = 0;
  for (const c of replay.board.cards.values()) {
    if (c.attachedTo || !c.controller) continue;
    if (c.zone === 'battlefield') {
      if (!isGear(c) || isUnit(c)) continue;
      const at = where(c);
      n++;
      recallHome(replay, c);
      replay.oblige({ action: 'recall', subject: c, code: 'missing-state-based-action', rules: ['457.1', '149.3', '323.7'], why: `unattached gear at ${at} is recalled to its controller's base during a cleanup`, cause: ev });
    } else if (c.zone === 'base' && c.place !== undefined && c.place !== c.controller) {
      const at = where(c);
      n++;
      recallHome(replay, c);
      replay.oblige({ action: 'recall', subject: c, code: 'missing-state-based-action', rules: ['323.7'], why: `it is in ${at}, and a permanent in a base other than its controller's (${c.controller}) is recalled to its controller's base during a cleanup`, cause: ev });
    }
  }
  if (replay.noting) replay.note(() => (n ? `${n} recalled` : 'nothing to recall'));
}
