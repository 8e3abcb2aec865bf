// MTG state-based actions (704.3, 704.5): Auras to the graveyard (704.5m, 303.4c), Equipment falls off (704.5n),
// other things fall off (704.5p), extra Roles go (704.5z, 303.7a), a bestowed Aura becomes a creature (702.103f),
// tokens off the battlefield cease to exist (704.5d, 704.5e).
import type { EventNode } from '../../parser/ast';
import { type CardObj, CEASED, isCard, KIND_BATTLE, KIND_ROLE } from '../../engine/board';
import type { Obligation, Replay } from '../../engine/replay';
import type { RuleExplanation } from './explanations';
import { countingAuras, type Host, type Problem, isAura, isCreature, isEquipment, isFortification } from './characteristics';
import { attachProblemOn, touch } from './legality';
import { graveyardFor, moveTo } from './zones';
import { msg, type Message } from '../../message';
import { untilNextTurnsOf } from '../../engine/words';
import { typeChangeOfCard } from '../../engine/retype';
import { mtgSubtypeSet } from '../../parser/keywords';
import { fire, ON_UNATTACHED } from '../../engine/triggers';
import { declaredToughness, toughnessActions } from './damage';
import { initialAnthems, settleAnthems } from './anthems';
import { annihilateCounters, declaredCounters } from './counters';
import { seatPlayers } from './influence';
import { combatCheck } from './combat';
import { umbraArmorApplies, INDESTRUCTIBLE } from './destruction';
import { hasAbility } from '../../engine/abilities';

/** The rules of this module, explained (assembled into the game's rules in explanations.ts). */
export const EXPLAINED: Record<string, RuleExplanation> = {
  '800.4c': { title: 'Control that ends with its default controller gone', text: 'Once the effect that handed an object to a player who is still playing ends, if nothing else hands it to anyone still playing and its default controller has left, the object goes to exile right away, as part of that ending (not as a state-based action).' },
  '303.4c': { title: 'Aura on something illegal', text: "An Aura goes to its owner's graveyard, as a state-based action, when what it is on is illegal for it (by its enchant ability or by another effect that applies, such as protection), when the object it was on no longer exists, or when the player it was on has left the game." },
  '303.7a': { title: 'Roles', text: "If one player controls more than one Role on the same permanent, only the newest stays; the others go to their owners' graveyards." },
  '303.7': { title: 'Roles', text: 'Role is an Aura subtype, found on Role tokens that give the enchanted permanent something. A player keeps only one Role of theirs on a permanent: see 303.7a.' },
  '702.103f': { title: 'Bestowed Aura unattached', text: 'A bestowed Aura that becomes unattached is no longer bestowed. One on an illegal object or player is taken off and stops being bestowed, so it remains on the battlefield as a creature instead of going to the graveyard (an exception to 704.5m).' },
  '704.3': { title: 'State-based actions', text: 'Whenever a player would get priority, the game performs every applicable state-based action at once, and repeats until none applies.' },
  '704.5': { title: 'State-based actions', text: 'The list of checks the game makes whenever a player would get priority.' },
  '704.5m': { title: 'Aura to the graveyard', text: "An Aura attached to an illegal object or player, or attached to nothing, goes to its owner's graveyard." },
  '704.5n': { title: 'Equipment falls off', text: "An Equipment or Fortification on a permanent it can't legally be on, or on a player, becomes unattached and stays on the battlefield." },
  '704.5p': { title: 'Other things fall off', text: 'A creature or battle attached to something, or a permanent that is not an Aura, Equipment or Fortification attached to something, becomes unattached and stays on the battlefield.' },
  '704.5d': { title: 'Tokens off the battlefield cease to exist', text: 'A token that is in any zone other than the battlefield stops existing.' },
  '704.5e': { title: 'Copies off the stack cease to exist', text: "A copy of a spell that is anywhere but the stack stops existing, and so does a copy of a card that is anywhere but the stack or the battlefield." },
  '707.10a': { title: 'Copies that leave the stack', text: 'A copy of a spell exists only on the stack, and a copy of a card only on the stack or the battlefield; anywhere else it stops existing, as a state-based action.' },
  '704.5z': { title: 'Extra Roles go', text: "Of the Roles a player controls on one permanent, all but the one with the newest timestamp go to their owners' graveyards." },
};

/**
 * 704.3: all applicable state-based actions after an event, repeated until none applies. Only cards
 * touched since the last check can have become illegal, so only those are examined.
 */
export function stateBasedActions(replay: Replay, cause: EventNode): void {
  recheckWatchers(replay);
  settleRounds(replay, replay.takeDirty(), cause);
}

/**
 * The hosts that lost an attachment, or whose attachment changed, and hold cards whose filter asks
 * for another Aura there (Daybreak Coronet, Board.siblingsChanged). With two Auras that count on the
 * host, each watcher still has another; with one, only that Aura may have lost its other (if it is a
 * watcher); with none, every watcher is looked at again. The count reads the board's list of the
 * host's Auras, which may miss one: then more are looked at than need be, never fewer.
 */
function recheckWatchers(replay: Replay): void {
  const board = replay.board;
  const hosts = board.siblingsChanged;
  if (hosts.length === 0) return;
  board.siblingsChanged = [];
  for (const host of hosts) {
    const auras = countingAuras(board, host, undefined, 2);
    if (auras.length === 2) continue;
    if (auras.length === 1) {
      if (board.watches(auras[0].id)) replay.markDirty(auras[0]);
      continue;
    }
    for (const id of board.watchersOf(host)) replay.markDirty(board.cards.get(id)!);
  }
}

/**
 * The initial board's state-based actions: every card is examined, and the results are applied
 * without obligations. Apart from stateBasedActions, which runs after every event: a branch taken
 * once per check, before any event, would be one the engine's optimized code for that function has
 * never seen, and each check would throw that code away and compile it again.
 */
export function initialStateBasedActions(replay: Replay): void {
  // Every card is examined: the cards the declarations marked are dropped from the dirty list.
  replay.takeDirty();
  // The seats the ranges of influence are counted on, as the scenario begins (801.2c).
  seatPlayers(replay);
  // What the static effects on every creature a filter describes add to each one's toughness (613.4c), before it is judged.
  initialAnthems(replay);
  for (const c of replay.board.cards.values()) {
    declaredCounters(replay, c, c.decl);
    if (c.toughness !== undefined) declaredToughness(replay, c, c.decl);
  }
  settleRounds(replay, [...replay.board.cards.values()], undefined);
}

/**
 * Checks `work`, then the cards each round's changes marked, until a round changes nothing. A round
 * is one check of 704.3: every card's state-based action is decided on the board as the round found
 * it, and only then are they all performed, so that what one of them does (an Aura leaving takes
 * its grant with it) doesn't spare another card of the same round. What the actions change is
 * looked at in the next round.
 */
function settleRounds(replay: Replay, work: CardObj[], cause: EventNode | undefined): void {
  while (work.length) {
    // The anthems' shares, as the layers give them now (613.1, 613.4c): a creature whose share changed joins the round.
    if (replay.board.anthems !== undefined) settleAnthems(replay, work);
    // Most rounds decide nothing: the list is made for the first action.
    let actions: Action[] | undefined;
    // Indexed loops: until the engine optimizes this function, a `for...of` makes an iterator result per card.
    for (let i = 0; i < work.length; i++) {
      const c = work[i];
      // What removes a creature from combat (506.4) is looked at with the state-based actions.
      if (c.combat !== undefined) combatCheck(replay, c);
      // A control effect ended and the player it goes back to has left the game: exiled (800.4c).
      if (replay.board.left.length !== 0 && cause !== undefined && c.zone === 'battlefield' && c.controller !== undefined && replay.board.players.get(c.controller)?.left) {
        exileUncontrolled(replay, c, cause);
        continue;
      }
      if (c.zone !== 'battlefield' || c.phasedOut !== 'no') {
        if (c.token && c.ceases !== undefined && c.zone !== CEASED) cease(replay, c);
        continue;
      }
      const a = checkOne(replay, c, cause);
      if (a) (actions ??= []).push(a);
    }
    roundRoles = undefined;
    // A change marks the card and everything around it dirty again (touch), so the next round
    // looks at them; the loop ends when a round changes nothing.
    if (actions) for (let i = 0; i < actions.length; i++) perform(replay, actions[i], cause);
    recheckWatchers(replay);
    work = replay.takeDirty();
  }
}

/**
 * The newest Role `controller` controls on `host` (704.5z), found once per host and round: a round
 * decides every Role on the board as it found it, so a host with many Roles is scanned once, not once
 * per Role. The round's cache is dropped as the round's actions are performed (settleRounds).
 */
function newestRole(replay: Replay, host: Host, controller: string | undefined): CardObj {
  let byController = roundRoles?.get(host);
  if (!byController) {
    byController = new Map();
    for (const id of host.attachments) {
      const r = replay.board.cards.get(id)!;
      if ((r.kinds & KIND_ROLE) === 0 || !isAura(r)) continue;
      const best = byController.get(r.controller);
      if (!best || r.timestamp > best.timestamp) byController.set(r.controller, r);
    }
    (roundRoles ??= new Map()).set(host, byController);
  }
  return byController.get(controller)!;
}
/** newestRole's cache for the round being decided. */
let roundRoles: Map<Host, Map<string | undefined, CardObj>> | undefined;

/** What a state-based action does to its card. */
const enum Act {
  /** Into its owner's graveyard (704.5m, 704.5f...). */
  ToGraveyard,
  /** Unattached from `host`, staying on the battlefield (704.5n, 704.5p). */
  Unattach,
  /** A bestowed Aura attached to nothing stops being bestowed: a creature again (702.103f). */
  Unbestow,
}

/** One state-based action, decided on the board as its round found it (checkOne) and performed after every card of the round is decided (perform). */
interface Action {
  act: Act;
  card: CardObj;
  /** The card's object version as decided: an action of the same round that moved it makes this one moot. */
  version: number;
  /** Unattach: the host it leaves. */
  host: Host | undefined;
  /** The rules and words of the consequence to record (not used by Unbestow, which records nothing). */
  rules: string[];
  why: Obligation['why'];
  /** Unattach: the card also stops being bestowed (702.103f). */
  unbestow: boolean;
  /** ToGraveyard: the card is the replay's pick of the Auras with umbra armor on this creature (616.1), which the scenario records (chooseUmbraArmor). */
  umbraOn: string | undefined;
}

function action(act: Act, card: CardObj, host: Host | undefined, rules: string[], why: Obligation['why'], unbestow = false, umbraOn?: string): Action {
  return { act, card, version: card.version, host, rules, why, unbestow, umbraOn };
}

/**
 * Performs a decided action, unless an action of the same round already did what it would (704.3:
 * they happen at once): its card left the battlefield (the Aura an umbra armor destroyed, decided
 * also for its own illegality), or was taken off its host (the host left, and that unattach is the
 * one recorded).
 */
function perform(replay: Replay, a: Action, cause: EventNode | undefined): void {
  const c = a.card;
  if (c.version !== a.version || c.zone !== 'battlefield') return;
  switch (a.act) {
    case Act.ToGraveyard:
      if (a.umbraOn !== undefined && cause !== undefined) replay.oblige({ action: 'move', subject: c, zone: graveyardFor(replay, c).zone, code: 'missing-state-based-action', rules: a.rules, why: a.why, cause, umbraOn: a.umbraOn });
      else sbaToGraveyard(replay, c, cause, a.rules, a.why);
      return;
    case Act.Unattach:
      if (replay.board.hostOf(c) !== a.host) return;
      sbaUnattach(replay, c, a.host!, cause, a.rules, a.why);
      if (a.unbestow) c.bestowed = false;
      return;
    case Act.Unbestow:
      c.bestowed = false;
      touch(replay, c);
      return;
  }
}

/**
 * 616.1: which of the Auras with umbra armor on the creature `o.umbraOn` is destroyed in its place, as
 * the scenario records it (`chosen`, the card a consequence line moves) or, with none recorded, as the
 * replay picks it (the obligation's subject, the first attached). The Aura must still be one whose umbra
 * armor applies, on that creature; an indestructible one stays (702.12b). What its leaving causes is
 * settled at once, as consequences of the same event.
 */
export function chooseUmbraArmor(replay: Replay, o: Obligation, chosen: string | undefined): boolean {
  const aura = chosen === undefined ? o.subject : replay.board.cards.get(chosen);
  const creature = replay.board.cards.get(o.umbraOn!);
  if (aura === undefined || creature === undefined || !umbraArmorApplies(aura) || replay.board.hostOf(aura) !== creature) return false;
  if (chosen === undefined && aura.version !== o.version) return false;
  if (replay.noting) noteChosen(replay, aura, chosen !== undefined);
  if (hasAbility(aura, INDESTRUCTIBLE)) return true;
  moveTo(replay, aura, 'graveyard', o.cause);
  stateBasedActions(replay, o.cause);
  return true;
}

function noteChosen(replay: Replay, aura: CardObj, recorded: boolean): void {
  replay.note(() => (recorded ? msg`${aura.id} destroyed instead (umbra armor, as chosen)` : msg`${aura.id} destroyed instead (umbra armor, the replay's pick)`));
}

/**
 * 800.4c: a control-changing effect ended, none gives `c` to a player still in the game, and the player
 * who controls it by default has left: it is exiled as the effect ends (not a state-based action; found
 * with them, on the cards whose controller changed). What was attached to it owes an unattach (moveTo).
 */
function exileUncontrolled(replay: Replay, c: CardObj, cause: EventNode): void {
  const who = c.controller!;
  moveTo(replay, c, 'exile', cause, ['800.4c']);
  if (replay.noting) replay.note(() => msg`${c.id} exiled: the effect that gave it to another player ended, and ${who}, who controls it by default, has left the game (800.4c)`);
}

/** 704.5d (704.5e): a token that left the battlefield ceases to exist. Nothing is left to record: no event can name it now (Replay.lookup). */
function cease(replay: Replay, c: CardObj): void {
  const rule = c.ceases!;
  c.zone = CEASED;
  if (replay.noting) replay.note(() => msg`${c.id} ceased to exist (${replay.cite(rule)})`);
}

/** Why an event can't name `c`, a token that ceased to exist (Ruleset.goneToken). */
export function goneToken(c: CardObj): { rules: string[]; why: Message } {
  return c.ceases === '704.5e'
    ? { rules: ['704.5e', '707.10a'], why: msg`${c.id} is a copy of a spell (declared a token on the stack) that left the stack other than by resolving, and such a copy ceases to exist at the next check of state-based actions: it no longer exists` }
    : { rules: ['704.5d', '111.7'], why: msg`${c.id} is a token that was put into a zone other than the battlefield, and such a token ceases to exist at the next check of state-based actions: it no longer exists` };
}

/**
 * Did an effect on `c` or its host end as this turn began (until end of turn, 514.2; until a player's
 * next turn, 611.2a), making what follows? Then the rule is cited, and the words say whose effects they were.
 */
function afterEffectsEnded(replay: Replay, c: CardObj, host: Host | undefined, cause: EventNode | undefined, rules: string[], why: Obligation['why']): { rules: string[]; why: Obligation['why'] } | undefined {
  // (No closure here reads a parameter: the common case, no turn, allocates nothing.)
  if (cause?.kind !== 'turn') return undefined;
  return effectsEndedAtTurn(replay, c, host, rules, why);
}

function effectsEndedAtTurn(replay: Replay, c: CardObj, host: Host | undefined, rules: string[], why: Obligation['why']): { rules: string[]; why: Obligation['why'] } | undefined {
  const turn = replay.board.turn?.number ?? 0;
  const ended = [c, host].filter((x): x is CardObj => x !== undefined && isCard(x) && x.effectsEnded?.turn === turn);
  if (ended.length === 0) return undefined;
  const words = ended.map((x) => x.id).join(', ');
  const cited = [...new Set(ended.flatMap((x) => x.effectsEnded!.rules))];
  const said = typeof why === 'function' ? why : () => why;
  // The players whose next turns the effects waited for: the one whose turn began, and those who left
  // the game and whose turns would have begun before it (800.4m).
  const awaited = [...new Set(ended.flatMap((x) => x.effectsEnded!.awaited))];
  const until = awaited.length ? untilNextTurnsOf(awaited) : undefined;
  const gone = awaited.filter((p) => replay.board.players.get(p)?.left);
  const eot = cited.includes('514.2');
  const next = cited.includes('611.2a');
  const what = (): Message =>
    eot && next
      ? msg`${said()}, now that the effects until end of turn and ${until} on ${words} have ended`
      : next
        ? msg`${said()}, now that the effects ${until} on ${words} have ended`
        : msg`${said()}, now that the effects until end of turn on ${words} have ended`;
  return {
    rules: [...rules, ...cited],
    why: () =>
      gone.length === 0
        ? what()
        : gone.length === 1
          ? msg`${what()} (${gone[0]} left the game, and that turn would have begun)`
          : msg`${what()} (${gone.slice(0, -1).join(', ')} and ${gone[gone.length - 1]} left the game, and their turns would have begun)`,
  };
}

/**
 * The rules, with 613.1d when an attachment changes the types of `c` or of its host now (Song of the
 * Dryads: the host is a Forest land; Ensoul Artifact: the Equipment is a creature). The words say so
 * as they describe the card (describe: `as song makes it`).
 */
function withTypeChanges(replay: Replay, c: CardObj, host: Host | undefined, rules: string[]): string[] {
  let out = rules;
  for (let k = 0; k < 2; k++) {
    const x = k === 0 ? c : host;
    if (x === undefined || !isCard(x) || !x.temporary) continue;
    for (const id of x.temporary.statics()) {
      const change = typeChangeOfCard(replay.board.cards.get(id)!);
      // 205.1a: the new types replace the old; 205.1b: the old are kept.
      for (const r of ['613.1d', change?.keeps === 'nothing' ? '205.1a' : '205.1b']) if (!out.includes(r)) out = [...out, r];
    }
  }
  return out;
}

/** A state-based action unattaches `c` from `host` (an obligation when an event caused it). */
function sbaUnattach(replay: Replay, c: CardObj, host: Host, cause: EventNode | undefined, rules: string[], why: Obligation['why']): void {
  rules = withTypeChanges(replay, c, host, rules);
  const ended = afterEffectsEnded(replay, c, host, cause, rules, why);
  if (ended) ({ rules, why } = ended);
  replay.board.unlink(c);
  if (cause && c.triggers !== 0) fire(replay, c, ON_UNATTACHED, 'unattached', host);
  if (cause) replay.oblige({ action: 'unattach', subject: c, host: host.id, code: 'missing-unattach', rules, why, cause });
  else declaredOff(replay, c, host, rules, why, false);
  if (replay.noting) noteUnattached(replay, c, rules[0]);
  touch(replay, c);
}

/** (A function of its own: a closure in sbaUnattach would make each call allocate its variables.) */
function noteUnattached(replay: Replay, c: CardObj, rule: string): void {
  replay.note(() => msg`${c.id} unattached (${replay.cite(rule)})`);
}

/** A state-based action puts the Aura `c` into its owner's graveyard. */
function sbaToGraveyard(replay: Replay, c: CardObj, cause: EventNode | undefined, rules: string[], why: Obligation['why']): void {
  rules = withTypeChanges(replay, c, replay.board.hostOf(c), rules);
  if (cause) {
    const ended = afterEffectsEnded(replay, c, replay.board.hostOf(c), cause, rules, why);
    if (ended) ({ rules, why } = ended);
    // A replacement may exile it instead (614.1a): then that is the consequence to record.
    const to = graveyardFor(replay, c);
    if (to.by) {
      rules = [...rules, '614.1a'];
      why = exiledInstead(c, to.by, why);
    }
    replay.oblige({ action: 'move', subject: c, zone: to.zone, code: 'missing-state-based-action', rules, why, cause });
    moveTo(replay, c, 'graveyard', cause);
  } else {
    // The initial board: an Aura declared on the battlefield must be attached, and stay so once every
    // declaration applies (declaredOff). One whose `attached to` was illegal as its line was read is
    // reported there already, and starts unattached.
    const host = replay.board.hostOf(c);
    if (host) declaredOff(replay, c, host, rules, why, true);
    else if (!c.decl.props.some((p) => p.kind === 'attached')) replay.report('illegal-attachment', c.decl.id!.range, msg`${c.id} is an Aura on the battlefield attached to nothing; it would go to its owner's graveyard at once. Add \`attached to\` or put it in another zone.`, { rules: ['303.4', '704.5m'], subjects: [c.id] });
    // In the graveyard it is attached to nothing (and grants nothing: its host's abilities are worked out again).
    replay.board.unlink(c);
    c.zone = 'graveyard';
    // A token there ceases to exist (704.5d) before the first event.
    if (c.token) {
      c.ceases = '704.5d';
      c.zone = CEASED;
    }
  }
}

/** The words of a state-based action whose move to the graveyard a replacement made an exile (614.1a). */
function exiledInstead(c: CardObj, by: CardObj, was: Obligation['why']): () => Message {
  const said = (): Message => (typeof was === 'function' ? was() : was);
  return () => (by === c ? msg`${said()}, and its own replacement exiles it instead of putting it into a graveyard` : msg`${said()}, and ${by.id}'s replacement exiles it instead of putting it into a graveyard`);
}

/**
 * The initial board: `c` was declared attached to `host`, legally as its own line was read, but the
 * board the declarations make takes it off at once (a grant declared with it or after it: an Aura
 * whose own protection covers itself, say). Such a board is not one a game can be in.
 */
function declaredOff(replay: Replay, c: CardObj, host: Host, rules: string[], why: Obligation['why'], aura: boolean): void {
  const at = c.decl.props.find((p) => p.kind === 'attached');
  if (!at) return;
  const reason = typeof why === 'function' ? why() : why;
  replay.report(
    'illegal-attachment',
    at.range,
    aura
      ? msg`${c.id} can't stay attached to ${host.id} on the board as declared: ${reason}. It goes to its owner's graveyard before the first event. Remove \`attached to ${host.id}\`, or change what makes it illegal.`
      : msg`${c.id} can't stay attached to ${host.id} on the board as declared: ${reason}. It becomes unattached before the first event. Remove \`attached to ${host.id}\`, or change what makes it illegal.`,
    { rules, subjects: [c.id, host.id] },
  );
}

/** Did `c` lose its Aura, Equipment or Fortification subtype with its card type (205.1a)? (Out of checkOne: a closure there reading `c` would make every call allocate.) */
function lostAttachSubtype(c: CardObj): boolean {
  return [...c.printed.subtypes].some((s) => (s === 'Aura' || s === 'Equipment' || s === 'Fortification') && !c.subtypes.has(s) && !c.types.has(mtgSubtypeSet(s)));
}

// The words of checkOne's commonest actions, made only if reported; functions of their own, since a
// closure in checkOne would make every call allocate the variables it reads.
function cantEnchantWhy(problem: Problem): () => Message {
  return () => msg`it is attached to something it can't enchant (${problem.why})`;
}
function cantEquipWhy(problem: Problem, equip: boolean): () => Message {
  return () => (equip ? msg`it is attached to something it can't equip (${problem.why})` : msg`it is attached to something it can't fortify (${problem.why})`);
}

/**
 * The state-based action that applies to `c` on the board as it is, or undefined (the first that
 * applies: once it is performed, the next round looks at the card again). Nothing of the board is
 * changed here but what comes before the actions: counters cancelling out (704.5q), what the card adds
 * to its host worked out again (reboost), and what replaces a destruction (a regeneration shield, umbra
 * armor: toughnessActions).
 */
function checkOne(replay: Replay, c: CardObj, cause: EventNode | undefined): Action | undefined {
  // +1/+1 and -1/-1 counters cancel out (704.5q): nothing to record, the toughness stays.
  if (c.minusCounters !== 0 && c.plusCounters !== 0) annihilateCounters(replay, c);
  // Toughness and damage (704.5f, 704.5g), when the scenario states its toughness, and damage from a source with deathtouch (704.5h); the declared board's are reported as declared (declaredToughness).
  if ((c.toughness !== undefined || c.deathtouchFrom !== undefined) && cause !== undefined) {
    const dying = toughnessActions(replay, c);
    if (dying) return action(Act.ToGraveyard, dying.card, undefined, dying.rules, dying.why, false, dying.umbraOn);
  }
  const host = replay.board.hostOf(c);
  // What it adds to its host may have changed with it (its abilities, a grant that took them).
  if (host && (c.toughnessBonus !== undefined || c.mightBonus !== undefined)) replay.board.reboost(c);
  if (host) {
    // 704.5p: a creature or battle, or a permanent that is not an Aura, Equipment or Fortification.
    if (c.bestowed && isAura(c)) {
      const problem = attachProblemOn(replay.board, c, host, true);
      return problem ? action(Act.Unattach, c, host, ['702.103f', ...problem.rules], msg`${problem.why}; a bestowed Aura becomes an unattached creature`, true) : undefined;
    }
    if (isAura(c) && isCreature(c)) return action(Act.Unattach, c, host, ['704.5p', '303.4d'], msg`${c.id} is an Aura that is also a creature`);
    if ((c.kinds & KIND_BATTLE) !== 0) return action(Act.Unattach, c, host, ['704.5p', '310.10'], msg`${c.id} is a battle`);
    if (!isAura(c) && !isEquipment(c) && !isFortification(c)) {
      // Its subtype may have gone with its card type (205.1a): an Equipment that is no artifact, or a
      // bestowed Aura that is no enchantment (Song of the Dryads on it), which is then no longer bestowed.
      const went = c.bestowed || lostAttachSubtype(c);
      return action(Act.Unattach, c, host, went ? ['704.5p', '205.1a', ...(c.bestowed ? ['702.103f'] : [])] : ['704.5p'], msg`${c.id} is no longer an Aura, Equipment or Fortification`, c.bestowed);
    }
    // 704.5p: a creature attached to anything becomes unattached (an attached reconfigure Equipment is no creature, 702.151b);
    // 301.6 reads 301.5c for Fortifications with "creature" kept: one that is a creature, land or not, can't fortify.
    if ((isEquipment(c) || isFortification(c)) && !isAura(c) && isCreature(c)) {
      // An attached reconfigure Equipment is no creature (702.151b), unless an effect newer than its attaching made it one (613.7).
      const over = c.reconfigure && isEquipment(c);
      return action(Act.Unattach, c, host,
        over ? ['704.5p', '613.7', '702.151b'] : ['704.5p', isEquipment(c) ? '301.5c' : '301.6'],
        over
          ? msg`an effect newer than its attaching made ${c.id} a creature, over reconfigure, and a creature attached to anything becomes unattached`
          : isEquipment(c)
            ? msg`${c.id} became a creature, and an Equipment that is a creature (without reconfigure) can't equip anything`
            : msg`${c.id} became a creature, and a Fortification that is a creature, even a land creature, can't fortify anything`,
      );
    }
    const problem = attachProblemOn(replay.board, c, host, true);
    if (!problem) {
      if (isAura(c) && (c.kinds & KIND_ROLE) !== 0) {
        // 303.7a / 704.5z: of the Roles one player controls on a permanent, only the newest stays.
        const newest = newestRole(replay, host, c.controller);
        if (newest !== c) return action(Act.ToGraveyard, c, undefined, ['704.5z', '303.7a'], msg`${newest.id} is a newer Role controlled by ${c.controller} on ${host.id}, and only the newest of a player's Roles on a permanent stays`);
      }
      return undefined;
    }
    // The most common state-based actions (an Aura or Equipment whose host changed) are mostly
    // recorded by the next lines: their words are made only if one is reported (Obligation.why).
    if (isAura(c)) return action(Act.ToGraveyard, c, undefined, ['704.5m', '303.4c', ...problem.rules], cantEnchantWhy(problem));
    return action(Act.Unattach, c, host, ['704.5n', ...problem.rules], cantEquipWhy(problem, isEquipment(c)));
  }
  // It phased in unattached on the event being replayed (702.26i): the words say why, this once.
  const from = c.phasedInFrom;
  if (from) c.phasedInFrom = undefined;
  if (isAura(c)) {
    // No longer bestowed, it is a creature again (702.103f): the next round looks at its toughness (704.5f).
    if (c.bestowed) return action(Act.Unbestow, c, undefined, ['702.103f'], auraOnNothingWhy);
    if (from) return action(Act.ToGraveyard, c, undefined, ['704.5m', '702.26i', from.player ? '800.4a' : '400.7'], phasedInUnattachedWhy(c.id, from));
    return action(Act.ToGraveyard, c, undefined, ['704.5m'], auraOnNothingWhy);
  }
  return undefined;
}

/** An Aura that phased in unattached (702.26i), its host gone while it was phased out. */
function phasedInUnattachedWhy(aura: string, from: { readonly host: string; readonly player: boolean }): () => Message {
  return () => from.player
    ? msg`${aura} phased in unattached (702.26i), since player ${from.host}, whom it enchanted, left the game while it was phased out (800.4a); an Aura attached to nothing goes to its owner's graveyard`
    : msg`${aura} phased in unattached (702.26i), since ${from.host} changed zones while it was phased out and is a new object (400.7), not the one it was attached to; an Aura attached to nothing goes to its owner's graveyard`;
}

const auraOnNothingWhy = (): Message => msg`an Aura attached to nothing goes to its owner's graveyard`;
