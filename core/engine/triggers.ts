// Triggered abilities about attachment: a card's `when attached`, `when unattached` (`when detached`),
// `when equipped creature dies`, `when enchanted creature dies` (`when I die`); a host's `when an Aura
// (an Equipment) becomes attached to it` (`when a gear attaches to me`); another card's `when an equipped
// creature you control dies`, `when an enchanted creature dies` (`when an equipped friendly unit dies`);
// MTG `when put into a graveyard from the battlefield` (Rancor, Oathkeeper: its effect waits on the stack,
// rules/mtg/graveyardTrigger.ts); and `expect X triggered`.
// The rules call `fire` where the event happens (MTG 603.2e: only then, not for a state that already
// exists; Riftbound 725.1, 725.2), including the events whose ability does not trigger, with why
// (phasing, its controller gone, its abilities lost), so a failed expectation can say so.
//
// Each card counts its triggers from the start of the scenario (the declared board sets off nothing),
// by kind and by host, and keeps the last few events for messages. `expect X triggered twice` reads
// the count: an event that does nothing (a redundant attach) adds nothing, so removing it, as its fix
// does, changes no expectation.
import { type Assertion, type Property, triggersAsItEnters, type TriggerPhrase } from '../parser/ast';
import type { CardObj, PlayerObj } from './board';
import type { Replay } from './replay';
import type { Range, RelatedLocation } from '../types';
import { msg, relatedAt, type Message } from '../message';

/**
 * What set the ability off: the card became attached, became unattached, or what it was attached to
 * died; an Aura or an Equipment (Riftbound: a gear) became attached to the card; a creature died
 * equipped (and controlled by the card's controller) or enchanted; MTG: the Equipment entered the
 * battlefield with living weapon, For Mirrodin! or Job select (`enters`: a keyword's, no `when` phrase); the card
 * was put into a graveyard from the battlefield (MTG 603.6c: its host is what it was attached to as it left, or itself).
 */
export type TriggerKind = 'attached' | 'unattached' | 'host-dies' | 'aura-attached' | 'equipment-attached' | 'equipped-dies' | 'enchanted-dies' | 'enters' | 'to-graveyard';

/** Why an ability whose event happened did not trigger (or is never put on the stack). */
export type TriggerStop = 'phasing' | 'phased-out' | 'left-game' | 'face-down' | 'lost-all' | 'inactive' | 'left-together' | 'entered-together';

/** One event that set a card's ability off, or would have (`stop`). */
export interface Fired {
  readonly kind: TriggerKind;
  /** The card or player it became attached to, became unattached from, or that died; what became attached to it (`gets-attached`). */
  readonly host: string;
  readonly stop?: TriggerStop;
  /** The event's statement. */
  readonly at: Range;
}

/**
 * A card's triggers so far: plain data on the card (compared and copied with it). `counts` are the
 * triggers that happened, by key (countKey); `last` the last few that did, `stopped` the last few
 * events whose ability did not trigger, newest last.
 */
export interface FiredLog {
  readonly counts: Readonly<Record<string, number>>;
  readonly last: readonly Fired[];
  readonly stopped: readonly Fired[];
}

/** How many of the last events a log keeps (for messages: bounded, whatever the scenario's length). */
const KEPT = 3;

/** The count's key: every key has a space, so no user word is ever an inherited property's name. */
function countKey(kind: TriggerKind | undefined, host: string | undefined): string {
  return `${kind ?? ''} ${host ?? ''}`;
}

/** The logs a board may change in place (a clone takes them from both boards: each copies its own on the next write). */
const owners = new WeakMap<FiredLog, object>();

/** The phrases' bits on CardObj.triggers. */
export const ON_ATTACHED = 1;
export const ON_UNATTACHED = 2;
export const ON_EQUIPPED_DIES = 4;
export const ON_ENCHANTED_DIES = 8;
export const ON_I_DIE = 16;
export const ON_AURA_ATTACHED = 32;
export const ON_EQUIPMENT_ATTACHED = 64;
export const ON_GEAR_ATTACHED = 128;
/** MTG `an equipped creature you control dies`, Riftbound `an equipped friendly unit dies`: the same ability. */
export const ON_EQUIPPED_OTHER_DIES = 256;
export const ON_ENCHANTED_OTHER_DIES = 512;
/** MTG `when put into a graveyard from the battlefield` (603.6c): the card's own leaving. */
export const ON_TO_GRAVEYARD = 1024;
/** A host's abilities about what becomes attached to it. */
export const GETS_ATTACHED = ON_AURA_ATTACHED | ON_EQUIPMENT_ATTACHED | ON_GEAR_ATTACHED;
/** Abilities about another creature's death: their cards are the scenario's death watchers (Board.deathWatchers). */
export const OTHER_DIES = ON_EQUIPPED_OTHER_DIES | ON_ENCHANTED_OTHER_DIES;
const ALL_BITS = ON_ATTACHED | ON_UNATTACHED | ON_EQUIPPED_DIES | ON_ENCHANTED_DIES | ON_I_DIE | GETS_ATTACHED | OTHER_DIES | ON_TO_GRAVEYARD;
/** How many cards a scenario may declare with an ability about another creature's death: each death looks at every one. */
export const MAX_DEATH_WATCHERS = 64;

const BIT: Record<TriggerPhrase, number> = {
  attached: ON_ATTACHED,
  unattached: ON_UNATTACHED,
  detached: ON_UNATTACHED,
  'equipped creature dies': ON_EQUIPPED_DIES,
  'enchanted creature dies': ON_ENCHANTED_DIES,
  'I die': ON_I_DIE,
  'an Aura becomes attached to it': ON_AURA_ATTACHED,
  'an Equipment becomes attached to it': ON_EQUIPMENT_ATTACHED,
  'a gear attaches to me': ON_GEAR_ATTACHED,
  'an equipped creature you control dies': ON_EQUIPPED_OTHER_DIES,
  'an enchanted creature dies': ON_ENCHANTED_OTHER_DIES,
  'an equipped friendly unit dies': ON_EQUIPPED_OTHER_DIES,
  'put into a graveyard from the battlefield': ON_TO_GRAVEYARD,
};

const KIND: Record<TriggerPhrase, TriggerKind> = {
  attached: 'attached',
  unattached: 'unattached',
  detached: 'unattached',
  'equipped creature dies': 'host-dies',
  'enchanted creature dies': 'host-dies',
  'I die': 'host-dies',
  'an Aura becomes attached to it': 'aura-attached',
  'an Equipment becomes attached to it': 'equipment-attached',
  'a gear attaches to me': 'equipment-attached',
  'an equipped creature you control dies': 'equipped-dies',
  'an enchanted creature dies': 'enchanted-dies',
  'an equipped friendly unit dies': 'equipped-dies',
  'put into a graveyard from the battlefield': 'to-graveyard',
};

/** How one game writes its triggers, and the rules that decide them. */
export interface TriggerWords {
  /** The phrases of this game. */
  readonly phrases: readonly TriggerPhrase[];
  /** The phrase of the other game and this game's for it. */
  readonly instead: Readonly<Partial<Record<TriggerPhrase, string>>>;
  /** Why a phrase of the other game has no counterpart here (Riftbound has no Auras); `noneFor`, by phrase, the whole finding where the phrase itself is not to be repeated. */
  readonly none: Message;
  readonly noneFor?: Readonly<Partial<Record<TriggerPhrase, Message>>>;
  /** The game's word for becoming unattached, in a sentence. */
  readonly unattached: 'unattached' | 'detached';
  /** The rules of each kind: when it triggers. */
  readonly rules: Readonly<Record<TriggerKind, readonly string[]>>;
  /** The rules of each reason it does not. */
  readonly stops: Readonly<Record<TriggerStop, readonly string[]>>;
}

export const MTG_TRIGGERS: TriggerWords = {
  phrases: ['attached', 'unattached', 'equipped creature dies', 'enchanted creature dies', 'an Aura becomes attached to it', 'an Equipment becomes attached to it', 'an equipped creature you control dies', 'an enchanted creature dies', 'put into a graveyard from the battlefield'],
  instead: {
    detached: 'when unattached',
    'I die': 'when equipped creature dies` or `when enchanted creature dies',
    'a gear attaches to me': 'when an Equipment becomes attached to it',
    'an equipped friendly unit dies': 'when an equipped creature you control dies',
  },
  none: msg`MTG has no such ability`,
  unattached: 'unattached',
  rules: { attached: ['603.2e'], unattached: ['603.2e', '603.10c'], 'host-dies': ['700.4', '603.10a'], 'aura-attached': ['603.2e'], 'equipment-attached': ['603.2e'], 'equipped-dies': ['700.4', '603.10a'], 'enchanted-dies': ['700.4', '603.10a'], enters: ['113.2c', '603.3'], 'to-graveyard': ['603.6c', '603.10a'] },
  stops: { phasing: ['702.26j'], 'phased-out': ['702.26b'], 'left-game': ['800.4d'], 'face-down': ['708.2a'], 'lost-all': ['113.10'], inactive: [], 'left-together': [], 'entered-together': ['603.10a'] },
};

export const RIFTBOUND_TRIGGERS: TriggerWords = {
  phrases: ['attached', 'detached', 'I die', 'a gear attaches to me', 'an equipped friendly unit dies'],
  instead: {
    unattached: 'when detached',
    'equipped creature dies': 'when I die',
    'enchanted creature dies': 'when I die',
    'an Equipment becomes attached to it': 'when a gear attaches to me',
    'an equipped creature you control dies': 'when an equipped friendly unit dies',
  },
  none: msg`Riftbound has no Auras`,
  noneFor: { 'put into a graveyard from the battlefield': msg`This is an MTG ability, not written in this game: a killed Riftbound card goes to the trash, a gear's \`when I die\` is its unit's, and the checker models no ability of a gear about its own death. Remove it.` },
  unattached: 'detached',
  rules: { attached: ['725.1'], unattached: ['725.2'], 'host-dies': ['136.2.c', '808.1.c'], 'aura-attached': [], 'equipment-attached': ['434.1'], 'equipped-dies': ['818.3', '383.2.c'], 'enchanted-dies': [], enters: [], 'to-graveyard': [] },
  stops: { phasing: [], 'phased-out': [], 'left-game': [], 'face-down': [], 'lost-all': [], inactive: ['718.2'], 'left-together': ['383.2.c.2'], 'entered-together': [] },
};

/** The rules that decide when the ability `when PHRASE` of `game` triggers (for a hover); none for a phrase of the other game. */
export function triggerRules(game: 'mtg' | 'riftbound', phrase: TriggerPhrase): readonly string[] {
  const w = game === 'mtg' ? MTG_TRIGGERS : RIFTBOUND_TRIGGERS;
  return w.phrases.includes(phrase) ? w.rules[KIND[phrase]] : [];
}

/** Is `phrase` this game's? If not, a syntax error at `range` says what the game writes (a declaration, an `expect`). */
export function phraseOfGame(replay: Replay, phrase: TriggerPhrase, range: Range, w: TriggerWords): boolean {
  if (w.phrases.includes(phrase)) return true;
  const instead = w.instead[phrase];
  // A phrase with no counterpart that names the other game's zones is not repeated (Riftbound has no graveyard): its own words say why.
  const none = w.noneFor?.[phrase];
  if (none !== undefined) {
    replay.report('syntax-error', range, none);
    return false;
  }
  replay.report('syntax-error', range, instead ? msg`\`when ${phrase}\` is not written in this game: write \`${instead}\`.` : msg`\`when ${phrase}\` is not written in this game: ${w.none}.`);
  return false;
}

/**
 * A declared `when ...` of `card`: its bit, or 0 (a phrase of the other game is a syntax error; so is an
 * ability about another creature's death past MAX_DEATH_WATCHERS cards, which every death looks at).
 */
export function declaredTrigger(replay: Replay, card: CardObj, p: Extract<Property, { kind: 'trigger' }>, w: TriggerWords): number {
  if (!phraseOfGame(replay, p.phrase, p.range, w)) return 0;
  const bit = BIT[p.phrase];
  const board = replay.board;
  if ((bit & OTHER_DIES) !== 0 && !board.deathWatchers.includes(card.id)) {
    if (board.deathWatchers.length === MAX_DEATH_WATCHERS) {
      replay.report('syntax-error', p.range, msg`A scenario declares at most ${MAX_DEATH_WATCHERS} cards with an ability about another creature's death (\`when ${p.phrase}\`), and this would be one more: every death looks at each of them. Split the scenario.`, { subjects: [card.id] });
      return 0;
    }
    // A new array: a copy of the board (Board.clone) shares the old one.
    board.deathWatchers = [...board.deathWatchers, card.id];
  }
  board.triggersDeclared = true;
  return bit;
}

/** Why `card`'s ability would not trigger now, by its own state: phased out (702.26b), face down (MTG 708.2a: no text), all its abilities lost (113.10), its controller gone (800.4d). */
export function stopOf(replay: Replay, card: CardObj): TriggerStop | undefined {
  if (card.phasedOut !== 'no') return 'phased-out';
  if (card.faceDown !== undefined) return 'face-down';
  if (card.lost.has('all') || card.granted?.lostAll !== undefined) return 'lost-all';
  if (card.controller !== undefined && replay.board.players.get(card.controller)?.left) return 'left-game';
  return undefined;
}

/**
 * The event of `bits` happened to `card` (it became attached to `host`, unattached from it, or `host`
 * died while `card` was attached to it): its ability triggers, unless `stop` or the card's state says
 * why not. Call it with the card as it was at the event (a card that left looks back: MTG 603.10a,
 * 603.10c), or with what it was then (lookedBack).
 */
export function fire(replay: Replay, card: CardObj, bits: number, kind: TriggerKind, host: CardObj | PlayerObj, stop?: TriggerStop): void {
  if ((card.triggers & bits) === 0) return;
  record(replay, card, kind, host, stop ?? stopOf(replay, card));
}

/**
 * One instance of `card`'s living weapon, For Mirrodin! or Job select triggered as it entered the
 * battlefield (MTG 702.92a, 702.163a, 702.182a; each instance on its own, 113.2c), or its Riftbound
 * Weaponmaster or Quick-Draw as it was played (821.1.c, each instance on its own, 821.1.c.7; 819.1.d,
 * once, 819.2): counted for `expect X triggered` (no `when` phrase names it). Its host is the card itself.
 */
export function fireEnters(replay: Replay, card: CardObj): void {
  record(replay, card, 'enters', card, undefined);
}

/**
 * What a card with a "dies" trigger was as it left while attached, earlier in the same step of a
 * `together:` group: if its host dies later in that step, the trigger looks back to it (603.10a).
 */
export interface LookedBack {
  readonly card: CardObj;
  /** The bits of the abilities that may trigger (the host-dies ones its kind of attachment has; 0 if none, kept for a death watcher). */
  readonly bits: number;
  readonly stop: TriggerStop | undefined;
  /** It was an Equipment (Riftbound: with the Equipment tag), an Aura: its host was equipped, enchanted, as it died in the same step (a death watcher's look-back). */
  readonly equipment?: boolean;
  readonly aura?: boolean;
}

/** Did `host`, dying now, have an attachment of a kind (`equipment`, `aura`) just before, itself or one that left it earlier in the same step? */
export function hadAttachment(replay: Replay, host: CardObj, equipment: (att: CardObj) => boolean, aura: (att: CardObj) => boolean): { equipped: boolean; enchanted: boolean } {
  let equipped = false;
  let enchanted = false;
  for (const id of host.attachments) {
    const att = replay.board.cards.get(id);
    // A phased-out attachment is treated as though it doesn't exist (702.26b).
    if (!att || att.phasedOut !== 'no') continue;
    equipped ||= equipment(att);
    enchanted ||= aura(att);
    if (equipped && enchanted) break;
  }
  for (const l of replay.leftTogetherFrom(host.id)) {
    equipped ||= l.equipment === true;
    enchanted ||= l.aura === true;
  }
  return { equipped, enchanted };
}

/** `l`'s host died in the same step: its ability triggers as it was when it left (or doesn't, by why then). */
export function fireLookedBack(replay: Replay, l: LookedBack, host: CardObj | PlayerObj): void {
  if ((l.card.triggers & l.bits) === 0) return;
  record(replay, l.card, 'host-dies', host, l.stop);
}

/** Why a host's or a death watcher's ability would not trigger now: stopOf, or (Riftbound) its printed text is inactive while it is attached (718.2). */
function ownStop(replay: Replay, card: CardObj): TriggerStop | undefined {
  return stopOf(replay, card) ?? (replay.rules.game === 'riftbound' && card.attachedTo ? 'inactive' : undefined);
}

/**
 * `att` became attached to `host` (MTG 603.2e; Riftbound 434.1): the host's ability about an attachment
 * of `att`'s kind triggers (`aura` an Aura; else an Equipment, Riftbound any gear).
 */
export function fireGetsAttached(replay: Replay, host: CardObj, att: CardObj, aura: boolean, equipment: boolean): void {
  const triggers = host.triggers;
  if ((triggers & GETS_ATTACHED) === 0) return;
  if (aura && (triggers & ON_AURA_ATTACHED) !== 0) record(replay, host, 'aura-attached', att, ownStop(replay, host));
  if (equipment && (triggers & (ON_EQUIPMENT_ATTACHED | ON_GEAR_ATTACHED)) !== 0) record(replay, host, 'equipment-attached', att, ownStop(replay, host));
}

/** A creature (unit) as it died, looked back to (603.10a): who controlled it, and whether it was equipped or enchanted. */
export interface Death {
  readonly card: CardObj;
  readonly controller: string | undefined;
  readonly equipped: boolean;
  readonly enchanted: boolean;
}

/** A death watcher as it was when it left the battlefield (the board) earlier in this step (MTG: it still sees the step's deaths, 603.10a; Riftbound: it doesn't, 383.2.c.2). */
export interface WatcherGone {
  readonly card: CardObj;
  readonly controller: string | undefined;
  readonly stop: TriggerStop | undefined;
}

/** The watcher as it is now, to see a death (WatcherGone's shape); `controller` if it is looked back to (Replay.controllerBefore). */
export function watcherNow(replay: Replay, card: CardObj, controller = card.controller): WatcherGone {
  return { card, controller, stop: ownStop(replay, card) };
}

/**
 * `w` sees `d`: its `an equipped creature you control dies` (`an equipped friendly unit dies`) triggers
 * if the creature was equipped and controlled by `w`'s controller, its `an enchanted creature dies` if
 * the creature was enchanted (each ability once, 603.2c), or not, with why (`stop`).
 */
export function seeDeath(replay: Replay, w: WatcherGone, d: Death, stop = w.stop): void {
  const triggers = w.card.triggers;
  if (d.equipped && (triggers & ON_EQUIPPED_OTHER_DIES) !== 0 && w.controller !== undefined && w.controller === d.controller) record(replay, w.card, 'equipped-dies', d.card, stop);
  if (d.enchanted && (triggers & ON_ENCHANTED_OTHER_DIES) !== 0) record(replay, w.card, 'enchanted-dies', d.card, stop);
}

function record(replay: Replay, card: CardObj, kind: TriggerKind, host: CardObj | PlayerObj, stop: TriggerStop | undefined): void {
  const at = replay.eventNow?.range ?? card.decl.range;
  const f: Fired = stop ? { kind, host: host.id, stop, at } : { kind, host: host.id, at };
  const token = replay.board.ownToken;
  let log = card.fired as { counts: Record<string, number>; last: Fired[]; stopped: Fired[] } | undefined;
  if (!log || owners.get(log) !== token) {
    log = log ? { counts: { ...log.counts }, last: [...log.last], stopped: [...log.stopped] } : { counts: {}, last: [], stopped: [] };
    owners.set(log, token);
    card.fired = log;
  }
  const list = stop ? log.stopped : log.last;
  if (list.length === KEPT) list.shift();
  list.push(f);
  if (stop) return;
  for (const key of [countKey(undefined, undefined), countKey(kind, undefined), countKey(undefined, host.id), countKey(kind, host.id)]) log.counts[key] = (log.counts[key] ?? 0) + 1;
  if (replay.noting) replay.note(() => msg`${card.id} triggers (${describeKind(f, replay.rules.game === 'riftbound' ? RIFTBOUND_TRIGGERS : MTG_TRIGGERS)})`);
}

/** A log with its events' statements moved (Board.moveLines). */
export function movedFired(log: FiredLog, move: (r: Range) => Range): FiredLog {
  const moved = (f: Fired): Fired => ({ ...f, at: move(f.at) });
  return { counts: log.counts, last: log.last.map(moved), stopped: log.stopped.map(moved) };
}

function stopWhy(f: Fired, w: TriggerWords): Message {
  switch (f.stop!) {
    case 'phasing':
      return msg`phasing attaches and unattaches nothing`;
    case 'phased-out':
      return msg`it was phased out, and a phased-out permanent is treated as though it doesn't exist`;
    case 'left-game':
      return msg`its controller had left the game, so its ability is never put on the stack`;
    case 'face-down':
      return msg`it was face down, a 2/2 creature with no text, so it had none of its card's abilities`;
    case 'lost-all':
      return w.unattached === 'detached' ? msg`it had lost its abilities` : msg`it had lost all its abilities`;
    case 'inactive':
      return msg`it was attached, and an attached card's printed text is inactive`;
    case 'left-together':
      return msg`it left the board at the same time, so it was not there to see it`;
    case 'entered-together':
      return msg`it entered the battlefield at the same time, and a "dies" trigger looks back to the game just before`;
  }
}

/** `once`, `twice`, `N times`: how an assertion writes a count. */
export function timesWord(n: number): string {
  return n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`;
}

/** The phrases a card declares (`when attached`, ...), in the order of its declaration. */
export function triggerPhrases(card: CardObj): string[] {
  const out: string[] = [];
  for (const p of card.decl.props) if (p.kind === 'trigger' && (card.triggers & BIT[p.phrase]) !== 0 && !out.includes(`when ${p.phrase}`)) out.push(`when ${p.phrase}`);
  return out;
}

/** The assertion as the scenario writes it: `blade triggered twice when attached for lion`. */
export function triggeredText(a: Extract<Assertion, { kind: 'triggered' }>): string {
  return `${a.subject.text} ${a.negated ? 'not triggered' : a.count === undefined ? 'triggered' : `triggered ${timesWord(a.count)}`}${a.when ? ` when ${a.when.phrase}` : ''}${a.host ? ` for ${a.host.text}` : ''}`;
}

/** A count in a sentence. */
function timesShown(n: number): Message {
  return n === 1 ? msg`once` : n === 2 ? msg`twice` : msg`${n} times`;
}

/** How many times `c`'s ability has triggered so far, of `kind` (any if undefined), for `host` (any if undefined). */
export function triggerCount(c: CardObj, kind: TriggerKind | undefined, host: string | undefined): number {
  return c.fired?.counts[countKey(kind, host)] ?? 0;
}

/** Has `c` (with its attachments' grants) a keyword that triggers as it enters or is played (living weapon, Weaponmaster, ...)? */
function entersKeyword(c: CardObj): boolean {
  return (c.granted ?? c).keywords.some(triggersAsItEnters);
}

/** The kinds of the abilities `bits` declare. */
function kindsOf(bits: number): TriggerKind[] {
  const out: TriggerKind[] = [];
  if (bits & ON_ATTACHED) out.push('attached');
  if (bits & ON_UNATTACHED) out.push('unattached');
  if (bits & (ON_EQUIPPED_DIES | ON_ENCHANTED_DIES | ON_I_DIE)) out.push('host-dies');
  if (bits & ON_AURA_ATTACHED) out.push('aura-attached');
  if (bits & (ON_EQUIPMENT_ATTACHED | ON_GEAR_ATTACHED)) out.push('equipment-attached');
  if (bits & ON_EQUIPPED_OTHER_DIES) out.push('equipped-dies');
  if (bits & ON_ENCHANTED_OTHER_DIES) out.push('enchanted-dies');
  if (bits & ON_TO_GRAVEYARD) out.push('to-graveyard');
  return out;
}

/**
 * Why `expect X triggered ...` (`not triggered`, `triggered N times`) fails, or undefined when it holds.
 * `not triggered` of an ability X doesn't declare holds (it never triggered); `triggered` of one is
 * told so, since no event can make it hold.
 */
export function triggeredFailure(c: CardObj, a: Extract<Assertion, { kind: 'triggered' }>, host: CardObj | PlayerObj | undefined, w: TriggerWords): { actual: Message; rules?: string[]; replacement?: string; related?: RelatedLocation[] } | undefined {
  const bits = a.when ? BIT[a.when.phrase] : ALL_BITS;
  const kind = a.when ? KIND[a.when.phrase] : undefined;
  // Without `when`, a trigger as it enters counts too (living weapon: a keyword, with no phrase).
  const enters = a.when === undefined && (triggerCount(c, 'enters', undefined) > 0 || entersKeyword(c));
  const declares = (c.triggers & bits) !== 0 || enters;
  const n = declares ? triggerCount(c, kind, host?.id) : 0;
  const want = a.negated ? 0 : a.count;
  if (want === undefined ? n > 0 : n === want) return undefined;
  if (!declares) {
    const which = a.when ? msg`\`when ${a.when.phrase}\`` : msg`about attachment (\`when ...\`)`;
    return { actual: msg`${c.id} declares no triggered ability ${which}, so nothing of it can trigger; add it to ${c.id}'s declaration` };
  }
  const what = `${a.when ? ` when ${a.when.phrase}` : ''}${host ? ` for ${host.id}` : ''}`;
  const replacement = n === 0 ? `${c.id} not triggered${what}` : `${c.id} triggered ${timesWord(n)}${what}`;
  const matches = (f: Fired) => (kind === undefined || f.kind === kind) && (host === undefined || f.host === host.id);
  // The newest event that counts here, and the newest that would have but did not (kept: the last few).
  let last: Fired | undefined;
  for (const f of c.fired?.last ?? []) if (matches(f)) last = f;
  let stopped: Fired | undefined;
  for (const f of c.fired?.stopped ?? []) if (matches(f)) stopped = f;
  const ability = a.when ? msg`${c.id}'s \`when ${a.when.phrase}\` ability` : msg`${c.id}'s ability`;
  const about = host ? msg` for ${host.id}` : msg``;
  const so = n === 0 ? msg`${ability} has not triggered${about}` : msg`${ability} has triggered ${timesShown(n)}${about}`;
  // The rules of what it declares (of the `when` named), when no event says more.
  const declared = [...kindsOf(c.triggers & bits), ...(enters ? ['enters' as const] : [])].flatMap((k) => w.rules[k]);
  // The event is a related location, not a line number in the words (a finding's words never move with an edit).
  // Too many: the last time it did trigger is what to show; too few, the last time it would have, if later.
  const tooMany = want === undefined ? false : n > want;
  if (stopped && !tooMany && (!last || stopped.at.start.line > last.at.start.line || (stopped.at.start.line === last.at.start.line && stopped.at.start.character >= last.at.start.character)))
    return { actual: msg`${so}: the last time it would have, ${describeKind(stopped, w)}, ${stopWhy(stopped, w)}`, rules: [...w.stops[stopped.stop!]], replacement, related: [relatedAt(stopped.at, msg`this event did not set off ${c.id}'s ability`)] };
  if (last) return { actual: msg`${so}, the last time ${describeKind(last, w)}`, rules: [...w.rules[last.kind]], replacement, related: [relatedAt(last.at, msg`this event set off ${c.id}'s ability`)] };
  return { actual: so, rules: [...new Set(declared)], replacement };
}

function describeKind(f: Fired, w: TriggerWords): Message {
  switch (f.kind) {
    case 'attached':
      return msg`as it became attached to ${f.host}`;
    case 'unattached':
      return w.unattached === 'detached' ? msg`as it detached from ${f.host}` : msg`as it became unattached from ${f.host}`;
    case 'host-dies':
    case 'equipped-dies':
    case 'enchanted-dies':
      return msg`as ${f.host} died`;
    case 'aura-attached':
    case 'equipment-attached':
      return w.unattached === 'detached' ? msg`as ${f.host} attached to it` : msg`as ${f.host} became attached to it`;
    case 'enters':
      return msg`as it entered the battlefield`;
    case 'to-graveyard':
      return msg`as it was put into a graveyard from the battlefield`;
  }
}
