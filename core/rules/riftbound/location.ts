// Riftbound zone changes: a new object off the board (124), moving, entering the board, Recall (455), and the
// cleanup's recalls of loose gear and of permanents in another player's base (323.7, 149.3, 457.1).
import { enteredWith, enterStatusOk, RIFTBOUND_STATUS } from '../../engine/status';
import type { EventNode, SaverStep } from '../../parser/ast';
import type { Range } from '../../types';
import { type CardObj, CEASED, isCard, noItems, resetCharacteristics } from '../../engine/board';
import type { Replay } from '../../engine/replay';
import { endTurn } from '../../engine/turn';
import { underOf } from '../../engine/control';
import type { RuleExplanation } from '../mtg/explanations';
import { BOARD, isEquipment, isGear, isUnit, onBoard, placeAt, placeOf, RIFTBOUND_ZONES, zoneOf, whereText, baseText } from './cards';
import { detach } from './detach';
import { attachEvent, attachProblem, relocate } from './attach';
import { msg, type Message } from '../../message';
import { inZone } from '../../engine/words';
import { deathReplaced, replaceDeaths, type Saved, saverStepsWords } from './replacement';
import { type Killed, killedByDamage, killedInstead } from './damage';
import { existsIn } from '../versions';
import { fire, fireEnters, fireLookedBack, hadAttachment, ON_I_DIE, ON_UNATTACHED, OTHER_DIES, seeDeath, stopOf, watcherNow, type Death } from '../../engine/triggers';
import { clearMarks } from '../../engine/counters';
import { designations, moveOpensCombat } from './combat';
import { settleMight } from './staticMight';
import { chainItem, phaseWord, playTiming, stateWord } from './timing';
import { hasAbility } from '../../engine/abilities';
import { removeFromCombat } from '../../engine/combat';
import { weaponmasterPlayed } from './weaponmaster';
import { quickDrawPlayed } from './quickDraw';
import { enterAsCopy } from './copies';
import { copyEnds, enteredAsCopy } from '../../engine/copiable';
import { endedWithTurn } from '../../engine/untilEndOfTurn';

/** The rules of this module, explained (assembled into the game's rules in explanations.ts). */
export const EXPLAINED: Record<string, RuleExplanation> = {
  '107.3.e': { title: 'A Facedown Zone is no location', text: "A battlefield's Facedown Zone, where hidden cards wait, is not itself a place a unit or gear can be located." },
  '319.2': { title: 'A cleanup after each change of phase', text: 'Each time the game moves from one phase to another, a cleanup becomes a task to do, unless a rule says otherwise; so a turn line that moves to another phase or begins a new turn passes at least one cleanup.' },
  '319.3': { title: 'A cleanup after an item joins the chain', text: 'Each time an item is added to the chain (an Equip activated, for one), a cleanup becomes a task to do.' },
  '319.5': { title: 'A cleanup after a chain item leaves the chain', text: 'Each time an item leaves the chain, whatever the reason (it resolved, for one), a cleanup becomes a task to do.' },
  '319.6': { title: 'A cleanup after cards enter or leave the board', text: 'Each time game objects enter the board or leave it, however many at once, a cleanup becomes a task to do; so one follows a unit that dies, is returned to hand or is played.' },
  '322': { title: 'Cleanups repeat', text: 'When something that calls for a cleanup happens during a cleanup (a card killed in it leaves the board, 319.6), another cleanup follows as soon as that one ends, and so on until one changes nothing.' },
  '319.8': { title: 'A cleanup after a move', text: 'Each time a Move is completed, a cleanup becomes a task to do.' },
  '428.1': { title: 'Kill', text: 'Killing is what happens to a permanent that goes from the board to the trash; a card anywhere else can\'t be killed.' },
  '428.2.a': { title: 'Killed only from the board', text: 'A card counts as killed only if it came to the trash from a zone on the board.' },
  '186': { title: 'Tokens exist only on the board', text: 'Tokens are made on the board or on the chain, and nowhere else can they exist.',
    earlier: [{ before: '2026-03-30', text: 'Tokens are made on the board, and nowhere else can they exist.' }] },
  '186.1': { title: 'A token off the board is gone', text: 'A token that goes to a zone off the board, other than the chain, stops existing right after it arrives there.',
    earlier: [{ before: '2026-03-30', text: 'A token that goes to a zone off the board stops existing right after it arrives there.' }] },
  '124': { title: 'A new object', text: 'A game object that moves to or from a non-board zone becomes a new object: its temporary modifications stop applying and its statuses, Attached and Equipped among them, are cleared.',
    earlier: [{ before: '2026-07-16', title: 'Temporary modifications end', text: 'When a game object moves to or from a non-board zone, its temporary modifications (damage, buffs, granted keywords) are no longer tracked on it.' }] },
  '359.2.c': { title: 'A played unit arrives exhausted', text: 'When a unit leaves the chain as a permanent, it is put on the board exhausted, at the location chosen for it.' },
  '359.2.d': { title: 'A played gear arrives ready', text: "When a gear leaves the chain as a permanent, it is put on the board ready, in its player's base." },
  '143.4': { title: 'Units arrive exhausted', text: 'A unit arriving on the board is exhausted, unless an effect such as Accelerate (805) has it arrive ready.' },
  '149.3': {
    title: 'Loose gear goes home',
    text: "Unattached gear (that is not a unit) at a battlefield is recalled to its controller's base during a cleanup.",
    earlier: [{ before: '2026-07-16', text: "In a cleanup, a corrective action sends unattached gear found at a battlefield back to the base of the player who controls it. This version's words don't leave out gear that is also a unit, but its cleanup step (323.7) recalls only non-unit gear, and the checker follows that step." }],
  },
  '323.7': { title: 'Cleanup recalls', text: "In a cleanup, unattached non-unit gear and non-unit runes at battlefields are recalled to their controllers' bases, and so is every permanent or rune in a base other than its controller's; hidden cards at a battlefield whose controller isn't theirs go to their owners' trash. (Runes and hidden cards are not modelled here.)",
    earlier: [{ before: '2026-03-30', title: 'Cleanup recalls gear', text: 'In a cleanup, gear at battlefields is recalled to its base. This version\'s step does not say "unattached"; the checker recalls only unattached gear, as v1.3 says, since an attached gear goes where its unit goes.' }, { before: '2026-07-16', text: "In a cleanup, unattached non-unit gear at battlefields is recalled to its controller's base, and so is every permanent or rune in a base other than its controller's; hidden cards at a battlefield whose controller isn't theirs go to their owners' trash. (Runes and hidden cards are not modelled here.)" }] },
  '355.4.a': { title: 'Where a Move may go', text: 'The destination chosen for a unit\'s Move must be a place where the unit may be, and not the place where it already is.' },
  '144': { title: 'The Standard Move', text: 'Every unit has, as an ability of its own, the Standard Move: its player may move it, on their own initiative, within the limits the rules after it set: when, at what cost, and where to.' },
  '144.1.a': { title: 'Standard Move: in the Main Phase', text: 'A unit\'s player makes its Standard Move during their Main Phase, at any point of it.' },
  '144.1.b': { title: 'Standard Move: no chain', text: 'No Standard Move is made while a chain exists (a Closed State).' },
  '144.1.c': { title: 'Standard Move: no showdown', text: 'No Standard Move is made while a showdown or a combat is under way.' },
  '144.2': { title: 'Standard Move: its cost', text: 'The unit pays for its Standard Move by being exhausted.' },
  '144.4.a': { title: 'Standard Move: base to battlefield', text: 'A Standard Move may take a unit from its base to a battlefield.' },
  '144.4.a.1': { title: 'Standard Move: not into two others', text: "The Standard Move can't take a unit to a battlefield where units of two other players already are, or where a combat that has two other players as its participants is going on." },
  '144.4.b': { title: 'Standard Move: battlefield to base', text: 'A Standard Move may take a unit from a battlefield back to its base.' },
  '144.4.c.1': { title: 'Standard Move with Ganking', text: 'A unit with Ganking may make its Standard Move from one battlefield straight to another.' },
  '414.4': { title: 'Exhausting as a cost', text: 'A cost of exhausting something is paid only if it can be exhausted now: an exhausted unit can\'t pay it again.' },
  '410.1.b.3': { title: 'No action that breaks the rules', text: 'A player may take a Discretionary Action only if taking it neither does something forbidden nor makes a state the rules forbid.' },
  '449.2': { title: 'Never into two other players', text: 'Whatever makes it move, a unit can\'t move to a battlefield where units of two other players already are.' },
  '447.2.a': { title: 'A combat of two others is closed', text: 'With more than two players, a battlefield where a combat is staged or under way is no valid destination, for any Move, for units of a player who takes no part in it and has no units there.',
    earlier: [{ before: '2026-07-16', text: 'With more than two players, a battlefield where a combat is staged or under way is no valid destination, for any Move, for units of a player who takes no part in it and has no permanents there.' }] },
  '447.2.c': { title: 'A Move that can\'t be made recalls', text: "If any action would need a Move that puts a unit somewhere it can't move to, for whatever reason (a battlefield where two players other than its controller fight a combat or have one staged, say), the unit is recalled instead." },
  '462.2.a': { title: 'Played into a combat of two others', text: 'With more than two players, a unit that an effect would play to a battlefield where two other players\' combat is staged or under way is played to its controller\'s base.' },
  '455': { title: 'Recall', text: 'A Recall takes a permanent from wherever it is to its base, and it is not a Move.' },
  '442.3': { title: 'Only units move', text: 'In these versions of the rules, no permanent but a unit can Move; gear changes its place on the board only with the unit it is attached to, or by a Recall. (The rules of 2026-07-16 no longer have this rule.)' },
  '457.1': {
    title: 'Recall of loose gear',
    text: 'Unattached non-unit gear at a battlefield is recalled to its base during the next cleanup.',
    earlier: [{ before: '2026-07-16', text: "Unattached gear at a battlefield, however it got there, goes back to the base of the player who controls it at the next cleanup. This version's words don't leave out gear that is also a unit, but its cleanup step (323.7) recalls only non-unit gear, and the checker follows that step." }],
  },
};

export function moveEvent(replay: Replay, ev: Extract<EventNode, { kind: 'move' }>): void {
  const card = replay.card(ev.subject);
  if (!card) return;
  // The sugar verbs (`kill X`, `exile X`) stand for MTG's zones, read as Riftbound's (zoneOf); a `move` line writes the zone itself.
  const zone = ev.verb === 'move' ? ev.zone.zone : zoneOf(ev.zone);
  if (!RIFTBOUND_ZONES.includes(zone)) {
    replay.report('syntax-error', ev.zone.range, msg`'${ev.zone.zone}' is an MTG zone; Riftbound zones are ${RIFTBOUND_ZONES.join(', ')}.`);
    return;
  }
  if (zone === 'chain') {
    onlyPlayedOntoTheChain(replay, ev.zone.range, card);
    return;
  }
  const at = placeOf(replay, ev.zone);
  if (!at.ok) return;
  const under = enteringUnder(replay, ev, card, zone);
  if (under === false) return;
  // A token no effect has made is in no zone (177, 186): only the effect that makes it, on the board, moves it.
  const unmade = BOARD.has(zone) ? undefined : uncreatedToken(card);
  if (unmade) {
    replay.report('impossible-event', ev.range, msg`${unmade.why}. It is nowhere to be moved from, and stays a token not made. Write \`enter ${card.id}\` for the effect that makes it, or remove the line.`, { rules: unmade.rules, subjects: [card.id] });
    return;
  }
  // Killing puts a permanent from the board into the trash (428.1, 428.2.a): a card elsewhere is not killed
  // (`destroy` and `sacrifice` are read as kill here).
  if ((ev.verb === 'kill' || ev.verb === 'destroy' || ev.verb === 'sacrifice') && !onBoard(card)) {
    replay.report('impossible-event', ev.range, msg`${card.id} is ${inZone(card.zone)}, and only a permanent on the board can be killed: ${card.id} stays where it is. ${card.zone === 'trash' ? msg`Remove the line.` : msg`Write \`move ${card.id} to trash\` if an effect puts it there, or remove the line.`}`, { rules: ['428.1', '428.2.a'], subjects: [card.id] });
    return;
  }
  const place = placeAt(zone, at.place, card.zone === 'base' || card.zone === 'battlefield' ? card.controller : (under ?? card.owner));
  if (card.zone === zone && card.place === place) {
    // A Move's Destination is a Location other than the unit's own (355.4.a).
    replay.report('impossible-event', ev.range, msg`${card.id} is already at ${whereText(card)}, and a Move goes to a location other than the one it is at. Remove the line.`, { rules: ['355.4.a'], subjects: [card.id] });
    return;
  }
  if (card.attachedTo && BOARD.has(zone)) {
    replay.report('impossible-event', ev.range, msg`${card.id} is attached to ${card.attachedTo.id} and can't be moved apart from it; it goes where its Top-Most card goes. Move ${card.attachedTo.id} instead, or remove the line.`, { rules: ['718.5.c', '719.3.a'], subjects: [card.id] });
    return;
  }
  // `as a standard move`: the unit's own Standard Move, judged (144.1, 144.2, 144.4); it exhausts it as its cost.
  if (ev.standard && !standardMove(replay, ev, card, zone, place)) return;
  // v1.2 and v1.3: only units Move (425.3, 442.3). The rules of 2026-07-16 dropped that rule: a gear an
  // effect puts at a battlefield is recalled at the next cleanup (152.2, 457.1), which the replay does.
  if (!isUnit(card) && onBoard(card) && BOARD.has(zone) && existsIn('riftbound', replay.version, '442.3')) {
    const advice = card.zone === 'battlefield' ? msg`Attach it to a unit that moves, recall it (\`recall ${card.id}\`), or remove the line.` : msg`Attach it to a unit that moves, or remove the line.`;
    replay.report('impossible-event', ev.range, msg`${card.id} is not a unit, and in these rules only units move from one place on the board to another: it stays at ${whereText(card)}. ${advice}`, { rules: ['442.3'], subjects: [card.id] });
    return;
  }
  // A unit Moves to no battlefield that holds units of two other players, or their combat (449.2, 447.2.a).
  const arriving = isUnit(card) && onBoard(card) && zone === 'battlefield' && place !== undefined;
  if (arriving && barred(replay, ev, card, place)) return;
  if (ev.standard) {
    replay.board.turnSideways(card, true);
    if (replay.noting) replay.note(() => msg`${card.id} exhausted to pay for its Standard Move (144.2)`);
  }
  // A unit dying with a gear on it that says "If I would die, kill this instead" (136.2.c): the gear goes.
  // A unit dying whose death a replacement takes the place of (369.1): a gear attached to it that says "If I would
  // die, kill this instead" (136.2.c), an unattached gear of its controller that says so of a friendly unit, or a
  // unit of its controller there with more Might (373.2).
  if (zone === 'trash' && isUnit(card) && onBoard(card) && deathReplaced(replay, card, ev, (g) => moveTo(replay, g, 'trash', undefined, ev), (u, steps) => afterSaved(replay, u, steps))) return;
  const before = arriving && place !== undefined ? contestBefore(replay, card, place) : undefined;
  moveTo(replay, card, zone, place, ev);
  if (before && place !== undefined) contested(replay, card, place, before);
}

/**
 * `move X to ZONE as a standard move` (144): a unit on the board, in its controller's Main Phase (144.1.a;
 * only the Turn Player acts in a Neutral Open State, 316.5.b), with no chain (144.1.b) and no showdown or
 * combat (144.1.c), ready to be exhausted as its cost (144.2, 414.4), from its base to a battlefield or back
 * (144.4.a, 144.4.b), from one battlefield to another only with Ganking (144.4.c.1). Reports and returns false
 * when it can't be made: nothing happens then (a Discretionary Action not taken, 410.1.b.3).
 */
function standardMove(replay: Replay, ev: Extract<EventNode, { kind: 'move' }>, card: CardObj, zone: string, place: string | undefined): boolean {
  const refuse = (why: Message, rules: string[]): false => {
    replay.report('impossible-event', ev.range, msg`${card.id} can't make a Standard Move here: ${why}. Nothing happens. Write the move an effect makes without \`as a standard move\`, or remove the line.`, { rules, subjects: [card.id] });
    return false;
  };
  if (!isUnit(card) || !onBoard(card)) return refuse(isUnit(card) ? msg`it is ${inZone(card.zone)}, and only a unit on the board makes one` : msg`it is not a unit, and the Standard Move is a unit's`, ['144']);
  const board = replay.board;
  const turn = board.turn;
  const top = board.stackTop();
  const owner = card.controller;
  if (turn && turn.player !== owner) return refuse(msg`it is ${turn.player}'s turn, and a unit makes its Standard Move in its controller's Main Phase (${owner}'s)`, ['144.1.a', '316.5.b']);
  if (turn && (turn.step === 'showdown' || turn.step === 'combat')) return refuse(msg`${stateWord(turn)} is going on, and no Standard Move is made during a showdown or a combat`, ['144.1.c']);
  if (turn && turn.step !== 'main') return refuse(msg`it is ${phaseWord(turn.step)}, and a unit makes its Standard Move in its controller's Main Phase`, ['144.1.a']);
  if (top) return refuse(msg`${chainItem(top).what} is on the chain, and no Standard Move is made while a chain exists`, ['144.1.b']);
  const ganking = hasAbility(card, { kind: 'keyword', name: 'Ganking' });
  const home = zone === 'base' && place === owner;
  const legal = (card.zone === 'base' && zone === 'battlefield') || (card.zone === 'battlefield' && (home || (zone === 'battlefield' && ganking)));
  if (!legal) {
    if (card.zone === 'battlefield' && zone === 'battlefield') return refuse(msg`it goes from a battlefield to another only with Ganking, and ${card.id} has none`, ['144.4.c.1']);
    return refuse(msg`a Standard Move goes from the unit's base to a battlefield, or from a battlefield to its base (${baseText(owner)})`, ['144.4.a', '144.4.b']);
  }
  if (card.exhausted) return refuse(msg`it is exhausted, and exhausting it is the cost of the Standard Move: an exhausted unit can't pay it`, ['144.2', '414.4']);
  return true;
}

/**
 * A unit moving to battlefield `place` where units of two other players are (449.2), or where a combat goes
 * on between two other players (447.2.a): it can't move there. A Standard Move is not made (410.1.b.3); a
 * move an effect makes recalls the unit instead (447.2.c), with what is attached to it. Reports and returns
 * true when so. In a game of two players no battlefield holds units of two others, and nothing is looked at.
 */
function barred(replay: Replay, ev: Extract<EventNode, { kind: 'move' }>, card: CardObj, place: string): boolean {
  const board = replay.board;
  if (board.players.size < 3) return false;
  const mine = card.controller;
  const others: string[] = [];
  let own = false;
  for (const c of board.cardsAt(place)) {
    if (c.controller === mine) own = true;
    else if (isUnit(c) && !c.attachedTo && c.controller !== undefined && !others.includes(c.controller)) others.push(c.controller);
    if (others.length >= 2) break;
  }
  const combat = board.combat;
  const inCombat = others.length < 2 && combat?.place === place && !own && combat.attacker !== undefined && combat.defender !== undefined && mine !== combat.attacker && mine !== combat.defender;
  if (others.length < 2 && !inCombat) return false;
  const [a, b] = inCombat ? [combat!.attacker!, combat!.defender!] : others;
  const why = inCombat ? msg`a combat between ${a} and ${b} goes on there` : msg`units of ${a} and ${b} are there`;
  if (ev.standard) {
    replay.report('impossible-event', ev.range, msg`${card.id} can't make a Standard Move to battlefield ${place}: ${why}, and a unit can't move to a battlefield that holds units of two other players, or their combat. Nothing happens. Remove the line.`, { rules: ['144.4.a.1', inCombat ? '447.2.a' : '449.2', '410.1.b.3'], subjects: [card.id] });
    return true;
  }
  const home = card.zone === 'base' && card.place === mine;
  replay.report('impossible-event', ev.range, home
    ? msg`${card.id} can't move to battlefield ${place}: ${why}, and a unit can't move to a battlefield that holds units of two other players, or their combat. A move that can't be made recalls the unit instead, and ${card.id} is in its base already: nothing happens. Remove the line.`
    : msg`${card.id} can't move to battlefield ${place}: ${why}, and a unit can't move to a battlefield that holds units of two other players, or their combat. A move that can't be made recalls the unit instead: ${card.id} is recalled to its base, with what is attached to it.`, { rules: [inCombat ? '447.2.a' : '449.2', '447.2.c'], subjects: [card.id] });
  if (!home) recallHome(replay, card);
  return true;
}

/** What battlefield `place` held before `card` moved there: units of its controller, any unit at all; undefined when no showdown or combat can open there now (no `turn` line, a chain exists). */
function contestBefore(replay: Replay, card: CardObj, place: string): { own: boolean; any: boolean } | undefined {
  const turn = replay.board.turn;
  if (!turn || replay.board.stackTop()) return undefined;
  // A combat opens in a Neutral Open State (323.13): the Main Phase, a combat the scenario says goes on but not yet where, or a showdown a Move opened there (452.1; v1.3 447.1).
  if (!(turn.step === 'main' || (turn.step === 'combat' && !replay.board.combat) || (turn.step === 'showdown' && turn.at === place))) return undefined;
  let any = false;
  for (const c of replay.board.cardsAt(place)) {
    if (!isUnit(c) || c.attachedTo) continue;
    any = true;
    // Its player had units there: the battlefield was theirs, or contested by them already (no new contest).
    if (c.controller === card.controller) return { own: true, any };
  }
  return { own: false, any };
}

/**
 * After a unit's Move to battlefield `place` (452.1, 344.2, 323.9, 323.13): units of another player there
 * open a combat in the cleanup that follows, its player the Attacker (combat.ts); no unit there before opens
 * a showdown (an empty battlefield is controlled by no one after a cleanup, 323.6). The turn is then in that
 * combat or showdown, at that battlefield, until a `turn` line moves on.
 */
function contested(replay: Replay, card: CardObj, place: string, before: { own: boolean; any: boolean }): void {
  if (before.own || card.zone !== 'battlefield' || card.place !== place || card.controller === undefined) return;
  const turn = replay.board.turn!;
  let defender: string | undefined;
  for (const c of replay.board.cardsAt(place)) {
    if (isUnit(c) && !c.attachedTo && c.controller !== card.controller && c.controller !== undefined) {
      defender = c.controller;
      break;
    }
  }
  if (defender !== undefined) {
    // A showdown a Move opened there becomes a combat: its Attacker is the player who contested it (464.2.c).
    const by = turn.step === 'showdown' ? turn.by : undefined;
    if (by !== undefined && by !== card.controller) moveOpensCombat(replay, place, by, card.controller, card);
    else moveOpensCombat(replay, place, card.controller, defender, card);
    return;
  }
  if (before.any || turn.step !== 'main') return;
  replay.board.turn = { ...turn, step: 'showdown', at: place, by: card.controller };
  if (replay.noting) replay.note(() => msg`a showdown opens at battlefield ${place}: ${card.id} moved to it while no unit was there (344.2)`);
}

/**
 * `under P` of `enter X ... under P` or of a `move` onto the board: the player under whose control the
 * card enters the board, who controls it from then on (its base is theirs). Undefined when the line
 * names none, or names one where it says nothing (reported: a move to a zone off the board, where a card
 * has only its owner, or of a card already on the board, whose control only an effect changes); false
 * when the name is no player (reported by the lookup).
 */
function enteringUnder(replay: Replay, ev: Extract<EventNode, { kind: 'enter' | 'move' }>, card: CardObj, zone: string): string | undefined | false {
  if (!ev.player) return undefined;
  const p = replay.player(ev.player);
  if (!p) return false;
  if (!BOARD.has(zone)) {
    replay.report('syntax-error', ev.player.range, msg`\`under ${p.id}\` says who controls a card as it enters the board, and this line puts ${card.id} ${inZone(zone)}, off the board, where a card has no controller, only its owner. Remove \`under ${p.id}\`.`, { subjects: [p.id] });
    return undefined;
  }
  if (onBoard(card)) {
    replay.report('syntax-error', ev.player.range, msg`\`under ${p.id}\` says who controls a card as it enters the board, and ${card.id} is on the board already (at ${whereText(card)}), where only an effect changes who controls it. Remove \`under ${p.id}\`, and write the change as \`control ${card.id} ${p.id}\`.`, { subjects: [card.id, p.id] });
    return undefined;
  }
  return p.id;
}


/**
 * A unit died equipped (818.3), as it is now: each death watcher's `when an equipped friendly unit dies`
 * sees it after the event (383.2.c), a group's after every part of the step. One on the board then
 * triggers, one that entered it in that step too (383.2.c.1), a gear that was on the unit and detached
 * as it died too (its printed text is active again, 718.2); one that left the board at the same time
 * doesn't, the unit itself included (383.2.c.2).
 */
function unitDied(replay: Replay, card: CardObj): void {
  const was = hadAttachment(replay, card, isEquipment, () => false);
  if (!was.equipped) return;
  const d: Death = { card, controller: card.controller, ...was };
  replay.atStepEnd(() => {
    for (const id of replay.board.deathWatchers) {
      const w = replay.board.cards.get(id);
      if (w && onBoard(w)) seeDeath(replay, watcherNow(replay, w), d);
    }
    for (const g of replay.watchersGoneTogether()) if (!onBoard(g.card)) seeDeath(replay, g, d, 'left-together');
  });
}

/** A zone change. Leaving the board makes a new object (124) and detaches everything on it (719.5). */
export function moveTo(replay: Replay, card: CardObj, zone: string, place: string | undefined, cause: EventNode): void {
  const leavesBoard = onBoard(card) && !BOARD.has(zone);
  const crossesBoard = onBoard(card) !== BOARD.has(zone);
  if (card.attachedTo && !BOARD.has(zone)) {
    // Leaving the board, it stops being attached: its detach trigger works as it detaches (435.1.b, 725.2).
    const host = replay.board.unlink(card);
    if (host && card.triggers !== 0) fire(replay, card, ON_UNATTACHED, 'unattached', host);
    // Its Effect Text is still its unit's if the unit dies later in the same resolution (136.2.c): what it
    // was now. For a death watcher, the unit was equipped as it died (818.3).
    const own = (card.triggers & ON_I_DIE) !== 0;
    if (host && (own || replay.board.deathWatchers.length !== 0)) replay.leftWhileAttached(host.id, { card, bits: own ? ON_I_DIE : 0, stop: stopOf(replay, card), equipment: isEquipment(card) });
  }
  // A unit that dies (goes to its trash from the board) with a gear on it whose Effect Text says "when I
  // die" ([Deathknell]): that ability is the unit's as it dies (136.2.c, 808.1.c).
  if (leavesBoard && zone === 'trash' && replay.board.triggersDeclared && isUnit(card)) {
    for (const id of card.attachments) {
      const att = replay.board.cards.get(id)!;
      if (att.triggers !== 0) fire(replay, att, ON_I_DIE, 'host-dies', card);
    }
    for (const l of replay.leftTogetherFrom(card.id)) fireLookedBack(replay, l, card);
    if (replay.board.deathWatchers.length !== 0) unitDied(replay, card);
  }
  // A death watcher leaving the board is not there to see the deaths of the same step (383.2.c.2): kept to say why.
  if (leavesBoard && (card.triggers & OTHER_DIES) !== 0) replay.watcherLeft(watcherNow(replay, card));
  // A card moved to a base without saying whose goes to its controller's (after the reset of 124: the
  // player it enters the board under, its owner unless the line says `under P`).
  const under = crossesBoard && BOARD.has(zone) ? underOf(cause) : undefined;
  place = placeAt(zone, place, crossesBoard ? (under ?? card.owner) : card.controller);
  for (const id of [...card.attachments]) {
    const att = replay.board.cards.get(id)!;
    if (leavesBoard) {
      detach(replay, att); // 719.5, 435.4.b: stays at the last board location
      replay.oblige({ action: 'unattach', subject: att, host: card.id, code: 'missing-unattach', rules: ['719.5', '435.4.b'], why: msg`its Top-Most card ${card.id} left the board`, cause });
    } else {
      relocate(replay, att, zone, place); // 719.3.a: attachments go with their Top-Most card; not a Move.
    }
  }
  card.zone = zone;
  card.place = place;
  replay.board.arrivedAt(card);
  // Onto the board, it may be a unit its controller controls (Quick-Draw, 819.1.d: Board.units); a crossing sets the controller again below, which lists it too.
  replay.board.mayBeUnit(card);
  replay.board.stamp(card);
  // Off the board nothing is recalled: the next cleanup looks only at a card on it (cleanupAfter).
  if (BOARD.has(zone)) replay.markDirty(card);
  // A source of static Might effects that leaves the board: they stop (365.1), which the next cleanup sees (staticMight.ts).
  else if (leavesBoard && replay.board.anthems?.isSource(card.id)) replay.markDirty(card);
  if (crossesBoard) {
    lastCrossing = cause;
    // A copy that leaves the board is a new object with its own traits (124): the copy effect ends.
    if (leavesBoard && replay.board.copies && card.uncopied !== undefined) copyEnds(replay.board, card);
    card.version++;
    resetCharacteristics(card);
    clearMarks(card); // 124: damage is cleared; 705: buffs are removed
    card.exhausted = false; // 124: statuses are cleared
    card.stunned = false; // (Board.stunned may still list it: endStuns looks again)
    card.empowered = false;
    // An Attacker or Defender that leaves the board is a new object without its designation (124).
    if (card.combat !== undefined) removeFromCombat(replay, card, msg`it left the board`, ['124']);
    replay.board.setController(card, under ?? card.owner);
    // A unit arrives on the board exhausted (143.4, 359.2.c), a gear ready (359.2.d).
    if (BOARD.has(zone) && isUnit(card)) replay.board.turnSideways(card, true);
    card.enteredUnder = card.controller;
    card.controlLog = noItems();
    card.controlVia = undefined;
    card.controlEnded = undefined;
  }
  if (replay.noting) noteArrival(replay, card, crossesBoard && BOARD.has(zone) && isUnit(card));
  // A token put into a zone off the board ceases to exist as it gets there (186.1): its leaving has
  // happened (what was on it detached above), and nothing can name it now (Replay.lookup).
  if (card.token && !BOARD.has(zone)) {
    card.ceases = '186.1';
    card.zone = CEASED;
    card.place = undefined;
    if (replay.noting) replay.note(() => msg`${card.id} ceased to exist (${replay.cite('186.1')})`);
  }
}

/** Where the card went; a unit that arrived on the board is exhausted (143.4). */
function noteArrival(replay: Replay, card: CardObj, exhausted: boolean): void {
  replay.note(() => (exhausted ? msg`${card.id} → ${whereText(card)}, exhausted (143.4)` : msg`${card.id} → ${whereText(card)}`));
}

/** Why an event can't name `card`, a token that left the board (Ruleset.goneToken). */
export function goneToken(card: CardObj): { rules: string[]; why: Message } {
  return { rules: ['186.1', '186'], why: msg`${card.id} is a token that was put into a zone off the board, and a token ceases to exist as it gets there: it no longer exists` };
}

/** Why `card` is no object yet (Ruleset.uncreatedToken): a token declared off the board that no effect has made (177, 186). */
export function uncreatedToken(card: CardObj): { rules: string[]; why: Message } | undefined {
  if (!card.token || card.ceases !== undefined || onBoard(card) || card.zone === CEASED) return undefined;
  return { rules: ['186'], why: msg`${card.id} is a token that no effect has made: it is declared ${inZone(card.zone)} only to be played later, and a token exists only once an effect makes it on the board` };
}

export function enterEvent(replay: Replay, ev: Extract<EventNode, { kind: 'enter' }>): void {
  // `enter X transformed` is MTG's (712.14a): a Riftbound card has one side.
  if (ev.transformed) replay.report('syntax-error', ev.transformed, msg`A Riftbound card has one side only, so it can't enter with another side up. Remove \`transformed\`.`);
  if (ev.status && !enterStatusOk(replay, ev.status, RIFTBOUND_STATUS)) return;
  // `enter X as a copy of Y` (477.1.b): played with Y's traits, and its own again if it isn't played.
  if (ev.original && !enterAsCopy(replay, ev)) return;
  const card = replay.board.cards.get(ev.subject.text);
  const was = card?.version;
  playCard(replay, ev);
  if (!card) return;
  if (ev.original) enteredAsCopy(replay.board, card, onBoard(card));
  if (card.version === was) return;
  // Played: a unit with Weaponmaster puts its trigger on the chain (821.1.c); so does a gear with Quick-Draw
  // played without `attached to` (819.1.d: the one-line form is the trigger resolved at once).
  if (replay.board.enterTriggers) {
    weaponmasterPlayed(replay, card, ev);
    if (!ev.host) quickDrawPlayed(replay, card, ev);
  }
  // `enter X ready` (143.4.a: Accelerate or another effect), `enter X exhausted` (a gear an effect plays so).
  if (ev.status && onBoard(card)) enteredWith(replay, card, ev.status, RIFTBOUND_STATUS);
}

/** A card is put on the chain only by being played (354: `cast`): a line that puts one there otherwise is refused. */
export function onlyPlayedOntoTheChain(replay: Replay, at: Range, card: CardObj): void {
  replay.report('impossible-event', at, msg`A card gets on the chain only by being played, with its targets: a spell that attaches is written \`cast ${card.id} targeting X to U\`. ${card.id} stays ${inZone(card.zone)}. Write that, or remove the line.`, { rules: ['354', '328.1'], subjects: [card.id] });
}

/** `enter X [at|in ZONE] [attached to U] [under P]`: the card is played onto the board. */
function playCard(replay: Replay, ev: Extract<EventNode, { kind: 'enter' }>): void {
  const card = replay.card(ev.subject);
  const host = ev.host ? replay.lookup(ev.host) : undefined;
  if (!card || (ev.host && !host)) return;
  if (ev.zone?.zone === 'chain') {
    onlyPlayedOntoTheChain(replay, ev.zone.range, card);
    return;
  }
  if (onBoard(card)) {
    replay.report('impossible-event', ev.range, msg`${card.id} is already on the board, at ${whereText(card)}, so it can't enter it. Remove the line, or move it off the board first.`, { subjects: [card.id] });
    return;
  }
  const under = enteringUnder(replay, ev, card, ev.zone ? zoneOf(ev.zone) : 'base');
  if (under === false) return;
  // Played by its owner, when the rules let them play it (308.1.a, 309.1.a, 316.5.b). One that enters under
  // another player's control is an effect's doing (Card Sharp's Gold), not judged.
  if ((!ev.zone || BOARD.has(zoneOf(ev.zone))) && (under === undefined || under === card.owner) && !playTiming(replay, ev, card, card.owner)) return;
  // It enters unattached, where the line says, else at its base; false when the place is unknown (reported).
  const unattached = (): boolean => {
    const at = ev.zone ? placeOf(replay, ev.zone) : { ok: true, place: undefined };
    if (!at.ok) return false;
    // A unit played to a battlefield where two other players' combat goes on is played to its base instead (462.2.a).
    const combat = replay.board.combat;
    const player = under ?? card.owner;
    if (ev.zone && zoneOf(ev.zone) === 'battlefield' && isUnit(card) && combat !== undefined && at.place !== undefined && combat.place === at.place && combat.defender !== undefined && player !== combat.attacker && player !== combat.defender) {
      replay.report('impossible-event', ev.zone.range, msg`${card.id} can't be played to battlefield ${at.place!}: a combat between ${combat.attacker!} and ${combat.defender} goes on there, and a unit of a player who takes no part in it is played to its controller's base instead: it enters at ${player}'s base. Write \`at base\` if that is meant, or remove the line.`, { rules: ['462.2.a'], subjects: [card.id] });
      moveTo(replay, card, 'base', undefined, ev);
      return true;
    }
    moveTo(replay, card, ev.zone ? zoneOf(ev.zone) : 'base', at.place, ev);
    return true;
  };
  const where = ev.zone ? msg`where the line says` : under ? msg`at ${under}'s base` : msg`at its base`;
  if (host && (!isGear(card) || !isCard(host) || !isUnit(host))) {
    // Playing a card attaches it only when the card says so, as Quick-Draw gear does: "attach it to
    // a Unit you control" (819.1.d). Anything else is attached only by an effect (434.2.a).
    replay.report('illegal-attachment', ev.host!.range, msg`${card.id} can't enter attached to ${host.id}: playing a card attaches it only when the card says so, as Quick-Draw gear does (attached to a unit you control), and ${isGear(card) ? msg`${host.id} is not a unit` : msg`${card.id} is not a gear`}. It enters ${where}, unattached. If an effect attaches it, write that as its own \`attach\` line.`, { rules: ['434.2.a', '819.1.d'], subjects: [card.id, host.id] });
    unattached();
    return;
  }
  if (host && isCard(host) && onBoard(host)) {
    // A gear is attached as it is played only by its own text: Quick-Draw's trigger (819.1.d).
    if (!card.keywords.includes('Quick-Draw')) {
      replay.report('illegal-attachment', ev.host!.range, msg`${card.id} can't enter attached to ${host.id}: playing a gear attaches it only when the card says so, as Quick-Draw does, and ${card.id} has no Quick-Draw. It enters ${where}, unattached. Declare it with \`Quick-Draw\` if it has it; if an effect attaches it, write that as its own \`attach\` line.`, { rules: ['434.2.a', '819.1.d'], subjects: [card.id, host.id] });
      unattached();
      return;
    }
    // Quick-Draw attaches the gear to "a Unit you control" (819.1.d), its player's: not another player's unit.
    const player = under ?? card.owner;
    const holder = host.controller ?? host.owner;
    if (player !== undefined && holder !== undefined && holder !== player) {
      replay.report('illegal-attachment', ev.host!.range, msg`${card.id} can't enter attached to ${host.id}: Quick-Draw attaches the gear to a unit its player controls, and ${host.id} is controlled by ${holder}, not ${player}. It enters ${where}, unattached. Name a unit ${player} controls, or write the line without \`attached to\`.`, { rules: ['819.1.d'], subjects: [card.id, host.id] });
      unattached();
      return;
    }
    moveTo(replay, card, host.zone, host.place, ev);
    // The one-line form is Quick-Draw's trigger resolved at once: it triggered, once (819.2), for `expect G triggered`.
    fireEnters(replay, card);
    attachEvent(replay, { kind: 'attach', verb: 'attach', subject: ev.subject, host: ev.host!, verbRange: ev.verbRange, range: ev.range });
    return;
  }
  if (!unattached()) return;
  if (host) {
    const problem = attachProblem(card, host);
    if (problem) replay.report('illegal-attachment', ev.range, msg`${card.id} can't enter attached to ${host.id}: ${problem.why}. It enters unattached.`, { rules: problem.rules, subjects: [card.id, host.id] });
  }
}

export function recallEvent(replay: Replay, ev: Extract<EventNode, { kind: 'recall' }>): void {
  const card = replay.card(ev.subject);
  if (!card) return;
  if (card.attachedTo) {
    replay.report('impossible-event', ev.range, msg`${card.id} is attached to ${card.attachedTo.id} and is recalled only with it.`, { rules: ['718.5.c'], subjects: [card.id] });
    return;
  }
  const home = card.controller;
  if (!onBoard(card) || (card.zone === 'base' && card.place === home)) {
    replay.report('impossible-event', ev.range, msg`${card.id} is ${card.zone === 'base' ? msg`already at its controller's base (${baseText(home)})` : msg`not on the board (it is ${inZone(card.zone)})`}, so it can't be recalled. Remove the line.`, { rules: ['455'], subjects: [card.id] });
    return;
  }
  recallHome(replay, card);
}

/**
 * A combat's own cleanup recalls its Attackers still at the battlefield when Defenders are there too
 * (466.1.a.2): a consequence of `cause` (the line that ended the combat) to record, `recall X`.
 */
export function recallAttacker(replay: Replay, card: CardObj, place: string, cause: EventNode): void {
  recallHome(replay, card);
  replay.oblige({ action: 'recall', subject: card, code: 'missing-state-based-action', rules: ['466.1.a.2', '455'], why: msg`the combat at battlefield ${place} ended with Defenders still there, and the combat's cleanup recalls the Attackers present`, cause });
}

/**
 * What a replacement of `unit`'s death goes on to do to it, as declared (`steps`: Guardian Angel's "Heal me,
 * exhaust me, and recall me", its "me" the unit, 136.2.d; Zhonya's Hourglass's "Heal that unit, exhaust it, and
 * recall it", 369.1; Soraka's, 373.2): its damage is removed (418.1), it is exhausted, it is recalled to its
 * controller's base (455) with what is attached to it. Part of the replacement the scenario records, so
 * nothing more to record; a step with nothing to do does nothing.
 */
export function afterSaved(replay: Replay, unit: CardObj, steps: readonly SaverStep[]): void {
  for (const step of steps) {
    if (step === 'heal') {
      if (unit.damage === 0) continue;
      unit.damage = 0;
      replay.markDirty(unit);
    } else if (step === 'exhaust') {
      if (!unit.exhausted) replay.board.turnSideways(unit, true);
    } else if (onBoard(unit) && !unit.attachedTo && !(unit.zone === 'base' && unit.place === unit.controller)) recallHome(replay, unit);
  }
}

/** A recall (455): to its controller's base, not a Move, statuses stay; attachments come along (719.3.a). */
function recallHome(replay: Replay, card: CardObj): void {
  const from = whereText(card);
  relocate(replay, card, 'base', card.controller);
  if (replay.noting) replay.note(() => msg`${card.id} recalled from ${from} to ${whereText(card)}`);
}

/**
 * Cleanup step 5 (323.7): unattached non-unit gear at battlefields (149.3, 457.1), and permanents in
 * a base other than their controller's, are recalled to their controllers' bases. A card attached
 * to a unit goes where its unit goes (a permanent attached to one a player controls may be in that
 * player's base), so only unattached cards are recalled on their own.
 */
export function cleanupEvent(replay: Replay, ev: Extract<EventNode, { kind: 'cleanup' }>): void {
  // Elsewhere than the Ending Phase, a `cleanup` line is the one that followed the last event (and a
  // part of a group has none of its own, 321): it was made after that event (cleanupAfter). Before any
  // event, it is a cleanup of the declared board, made after the line (Ruleset.settle).
  const turn = replay.board.turn;
  if (turn?.step !== 'end') {
    if (replay.noting && replay.events > 1) replay.note(() => msg`the cleanup that followed the last event`);
    return;
  }
  // In the Ending Phase this is the Ending Special Cleanup, whose step 2d ends the `this turn` effects
  // (317.2.a, 317.2.c) before step 5 recalls what is in a base other than its controller's.
  endTurn(replay, turn.number + 1, []);
  const n = cleanupRecalls(replay, ev, () => []);
  if (replay.noting) replay.note(() => (n ? msg`${n} recalled` : msg`nothing to recall`));
}

/**
 * A `cleanup` line outside the Ending Phase records the cleanup that follows every event (319): like a
 * consequence line, it changes nothing and the recalls still owed may be written after it (Ruleset.records).
 */
export function recordsCleanup(replay: Replay, ev: EventNode): boolean {
  // The first event has no event before it to record the cleanup of: it is the declared board's own.
  if (ev.kind !== 'cleanup' || replay.board.turn?.step === 'end' || replay.events <= 1) return false;
  cleanupEvent(replay, ev);
  return true;
}

/**
 * A `turn` line that moves to another phase or turn, or the first one, passes a cleanup (319.2: one follows every
 * transition between phases; the Ending Phase's own, 317.2.a): its recalls (323.7) are owed there,
 * after the `this turn` effects expired (the turn's, engine/turn.ts). `before` is the turn as it was.
 */
export function cleanupOfTransition(replay: Replay, ev: Extract<EventNode, { kind: 'turn' }>, before: Replay['board']['turn']): void {
  const after = replay.board.turn;
  // The first `turn` line begins a new turn (engine/turn.ts): the last one's phases ended before it.
  if (!after || after === before || (before && after.number === before.number && after.place === before.place)) return;
  const n = cleanupRecalls(replay, ev, () => ['319.2']);
  if (n && replay.noting) replay.note(() => msg`${n} recalled in the cleanup after the phase ended`);
}

/**
 * Cleanup step 5 (323.7): the recalls, each an obligation of `cause`, citing `rulesOf()` first (worked out
 * only for a cleanup that recalls something). Only the cards whose place, attachment, controller or
 * types changed since the last cleanup are looked at (Replay.markDirty; the effects that end with a
 * turn hand theirs over too, Board.regranted): every other card was looked at by an earlier one, and
 * the declared board is marked whole for the first. Returns how many.
 */
function cleanupRecalls(replay: Replay, cause: EventNode, rulesOf: () => readonly string[]): number {
  let n = 0;
  let rules: readonly string[] | undefined;
  // A cleanup in which a card left the board (a kill) is followed at once by another (319.6, 322), until
  // one kills nothing: a unit a gear died for keeps its damage, and the next one kills it or the next such gear.
  // What a cleanup's kills changed, looked at again by the cleanup that follows (a killed source of static Might effects, 365.1).
  let carried: readonly CardObj[] = noItems();
  for (let again = false; ; again = true) {
    let cards = replay.takeDirty();
    if (carried.length !== 0) {
      cards = [...carried, ...cards];
      carried = noItems();
    }
    // Step 2 (323.2): the units at the combat's battlefield take their controller's designation, the others lose theirs.
    if (replay.board.combat !== undefined) designations(replay, cards);
    // The static Might effects (477.3): their sources placed again, the units judged again, those a changed share may kill added (staticMight.ts).
    if (replay.board.anthems !== undefined) settleMight(replay, cards);
    // Step 3b (323.5) comes before step 5: a unit killed by its damage leaves its gear at the battlefield, recalled below.
    const saved: CardObj[] = [];
    const outcome = replay.board.damaged.length !== 0 ? cleanupKills(replay, cards, cause, saved, again) : NOTHING;
    const killed = outcome === KILLED;
    // What the step killed, recalled or left behind is looked at by step 5 of the same cleanup.
    if (outcome !== NOTHING) {
      const after = replay.takeDirty();
      // A copy: the list takeDirty hands out is refilled by its next call but one.
      if (replay.board.anthems !== undefined) carried = after.slice();
      cards = [...cards, ...after];
    }
    let recalled: CardObj[] | undefined;
    for (let i = 0; i < cards.length; i++) {
      const c = cards[i];
      if (!owesRecall(replay, c)) continue;
      rules ??= rulesOf();
      recall(replay, c, cause, rules);
      n++;
      if (replay.board.anthems !== undefined) (recalled ??= []).push(c);
    }
    // A recall changes where a card is, so what `here` describes (staticMight.ts): the Might it gives or takes
    // counts at once; a unit it leaves with lethal damage is killed by the next cleanup (step 3b comes before
    // step 5, 323.5, 323.7), which looks at it.
    if (recalled !== undefined) {
      settleMight(replay, recalled);
      for (const c of recalled) replay.markDirty(c);
    }
    if (!killed) {
      // The gear a detach left at a battlefield was recalled by this cleanup, the next one after it (435.4.a).
      replay.board.detachedAt = undefined;
      // A unit a replacement saved without healing it is still lethal: the next cleanup looks at it (no card left the board, so none follows at once).
      for (const u of saved) if (u.damage !== 0) replay.markDirty(u);
      return n;
    }
    // A unit a gear died for keeps its damage: the cleanup that follows looks at it again (the replacement applied once, 370.2).
    for (const u of saved) replay.markDirty(u);
  }
}

/** What cleanup step 3b did (cleanupKills): nothing, only replaced deaths (no card left the board), or killed. */
const NOTHING = 0;
const SAVED = 1;
const KILLED = 2;

/**
 * Cleanup step 3b (323.5) over the cards the cleanup looks at: each kill is an obligation of `cause`.
 * "All units" whose damage reaches their Might are killed together: each is decided on the board as
 * the step found it; then the replacements of their deaths are applied (replaceDeaths: a gear killed
 * instead, 136.2.c, 369.1, also an obligation; a unit's replacement, 373.2, an information at `cause`),
 * and the others go. `again`: a cleanup that follows another in which a card left the board (322).
 * `saved`: the units whose death a replacement took the place of.
 */
function cleanupKills(replay: Replay, cards: readonly CardObj[], cause: EventNode, saved: CardObj[], again: boolean): number {
  let lethal: Killed[] | undefined;
  for (let i = 0; i < cards.length; i++) {
    const k = killedByDamage(cards[i]);
    if (k) (lethal ??= []).push(k);
  }
  if (!lethal) return NOTHING;
  let outcome = SAVED;
  // In a cleanup that follows one where a card left the board, the times that made it are cited too (322, 319.6).
  // v1.2 numbers its cleanup rules one lower from 322 on (its steps are 322.x), unchecked here: 322 is cited from v1.3 on.
  const kill = (k: Killed): void => {
    replay.oblige({ action: 'move', subject: k.card, zone: 'trash', code: 'missing-state-based-action', rules: again ? [...k.rules, ...(replay.version && replay.version.date < '2026-03-30' ? [] : ['322']), '319.6'] : k.rules, why: k.why, cause });
    moveTo(replay, k.card, 'trash', undefined, cause);
    outcome = KILLED;
  };
  const byUnit = lethal.length === 1 ? undefined : new Map(lethal.map((k) => [k.card, k]));
  const dies = replaceDeaths(replay, lethal.map((k) => k.card), (list: Saved[]) => {
    const s = list[0].saver;
    if (!s.kills) savedInCleanup(replay, list, cause);
    for (const { unit, saver } of list) {
      if (saver.kills) kill(killedInstead(byUnit ? byUnit.get(unit)! : lethal![0], saver));
      afterSaved(replay, unit, saver.steps);
      saved.push(unit);
    }
  });
  for (const u of dies) kill(byUnit ? byUnit.get(u)! : lethal[0]);
  return outcome;
}

/** How many units an information names before "and N more". */
const NAMED = 5;

/**
 * A unit's replacement (Soraka's, 373.2) took the place of the deaths in `list` in a cleanup: nothing is killed,
 * so nothing is owed; an information at `cause` says which units it saved, in one sequence.
 */
function savedInCleanup(replay: Replay, list: readonly Saved[], cause: EventNode): void {
  const s = list[0].saver;
  const names = list.slice(0, NAMED).map((x) => x.unit.id).join(', ');
  const units = list.length > NAMED ? msg`${names} and ${list.length - NAMED} more` : names;
  replay.report('not-destroyed', cause.range, msg`${units}: each would be killed by its damage in the cleanup, and ${s.card.id} at ${whereText(s.card)} says "If another unit you control here would die and has less Might than me"${saverStepsWords(units, s.steps)}: its replacement is applied once, to every death there it qualifies for at that moment. That is the rules' outcome: if it is meant, add an \`expect\` line after it.`, {
    rules: ['323.5', '369.1', '373', '373.2', ...(s.steps.includes('heal') ? ['418.1'] : []), ...(s.steps.includes('recall') ? ['455'] : [])],
    subjects: [s.card.id, ...list.slice(0, NAMED).map((x) => x.unit.id)],
  });
  if (replay.noting) replay.note(() => msg`${s.card.id}'s replacement saves ${units}`);
}

/**
 * Cleanup step 5 (323.7) for a card that owes it (owesRecall): unattached non-unit gear at a battlefield
 * (149.3, 457.1), or an unattached permanent in a base other than its controller's, is recalled, and the
 * recall is an obligation of `cause`, citing `rules` first.
 */
function recall(replay: Replay, c: CardObj, cause: EventNode, rules: readonly string[]): void {
  const at = whereText(c);
  const gear = c.zone === 'battlefield';
  // A control effect "this turn" that just expired is why it is in another player's base (317.2.c).
  const ended = !gear && c.controlEnded?.how === 'turn' ? c.controlEnded.from : undefined;
  // Gear that a detach left at the battlefield: the rule written for it (435.4.a).
  const detached = gear && replay.board.detachedAt !== undefined && replay.board.detachedAt.has(c.id);
  // Gear at a battlefield whose effects "this turn" just expired (317.2.c): the one that made it a unit, which moved it there.
  const expired = gear && !detached && endedWithTurn(c, replay.board.turn?.number ?? 0);
  recallHome(replay, c);
  replay.oblige({
    action: 'recall',
    subject: c,
    code: 'missing-state-based-action',
    rules: gear ? [...rules, ...(detached ? ['435.4.a'] : []), ...(expired ? ['317.2.c'] : []), '457.1', '149.3', '323.7'] : ended ? [...rules, '317.2.c', '323.7'] : [...rules, '323.7'],
    why: gear
      ? expired
        ? msg`its effects this turn have expired, so it is no unit now, and unattached gear at ${at} is recalled to its controller's base during a cleanup`
        : msg`unattached gear at ${at} is recalled to its controller's base during a cleanup`
      : ended
        ? msg`${ended}'s control of it this turn has expired, so it is ${c.controller}'s again and in ${at}, and a permanent in a base other than its controller's is recalled to its controller's base during a cleanup`
        : msg`it is in ${at}, and a permanent in a base other than its controller's (${c.controller}) is recalled to its controller's base during a cleanup`,
    cause,
  });
}

/**
 * Does cleanup step 5 (323.7) recall this card: unattached non-unit gear at a battlefield, or an
 * unattached card in a base other than its controller's? Before v1.3, the step recalled only gear at
 * battlefields (v1.2's 322.7).
 */
function owesRecall(replay: Replay, c: CardObj): boolean {
  if (c.attachedTo || !c.controller) return false;
  if (c.zone === 'battlefield') return isGear(c) && !isUnit(c);
  return c.zone === 'base' && c.place !== undefined && c.place !== c.controller && !(replay.version && replay.version.date < '2026-03-30');
}

/**
 * The last event a card entered or left the board by (319.6), as moveTo notes it for the cleanup that
 * follows (cleanupAfter). An event and its cleanup are replayed in one call (Replay.step), so no other
 * replay runs between them, and a note left by another is never this event's.
 */
let lastCrossing: EventNode | undefined;

/**
 * The cleanup that follows an event (319): a line's events are chain items, moves and cards entering or
 * leaving the board, and a cleanup follows each (319.3-319.8; none while a chain item resolves, 321, so
 * a `together:` group has one, after it). Its recalls (323.7) are the consequences of `cause`.
 */
export function cleanupAfter(replay: Replay, cause: EventNode): void {
  const crossed = lastCrossing === cause;
  lastCrossing = undefined;
  const n = cleanupRecalls(replay, cause, () => {
    const at = cleanupRuleOf(replay, cause, crossed);
    return at ? [at] : [];
  });
  if (n && replay.noting) replay.note(() => msg`${n} recalled in the cleanup that follows`);
}

/** Which of the times of 319 the cleanup after `ev` is made at (none for a `cleanup` line); `crossed`: a card of it entered or left the board. */
function cleanupRuleOf(replay: Replay, ev: EventNode, crossed: boolean): string | undefined {
  // A `cleanup` line before any event: the cleanup itself, with no time of 319 to cite.
  if (ev.kind === 'cleanup') return undefined;
  if (ev.kind === 'together') return '319.5';
  if (crossed || ev.kind === 'enter') return '319.6';
  // Only a unit makes a Move (319.8); anything else is put somewhere by an effect, a chain item (319.5).
  if (ev.kind === 'move') {
    const c = replay.board.cards.get(ev.subject.text);
    return c && isUnit(c) ? '319.8' : '319.5';
  }
  if (ev.kind === 'activate' || ev.kind === 'cast') return '319.3';
  return '319.5';
}
