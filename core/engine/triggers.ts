// Triggered abilities about attachment: a card's `when attached`, `when unattached` (`when detached`),
// `when equipped creature dies`, `when enchanted creature dies` (`when I die`), and `expect X triggered`.
// The rules call `fire` where the event happens (MTG 603.2e: only then, not for a state that already
// exists; Riftbound 725.1, 725.2), including the events whose ability does not trigger, with why
// (phasing, its controller gone, its abilities lost), so a failed expectation can say so.
//
// Each card counts its triggers from the start of the scenario (the declared board sets off nothing),
// by kind and by host, and keeps the last few events for messages. `expect X triggered twice` reads
// the count: an event that does nothing (a redundant attach) adds nothing, so removing it, as its fix
// does, changes no expectation.
import type { Assertion, Property, TriggerPhrase } from '../parser/ast';
import type { CardObj, PlayerObj } from './board';
import type { Replay } from './replay';
import type { Range, RelatedLocation } from '../types';
import { msg, relatedAt, type Message } from '../message';

/** What set the ability off: the card became attached, became unattached, or what it was attached to died. */
export type TriggerKind = 'attached' | 'unattached' | 'host-dies';

/** Why an ability whose event happened did not trigger (or is never put on the stack). */
export type TriggerStop = 'phasing' | 'phased-out' | 'left-game' | 'lost-all';

/** One event that set a card's ability off, or would have (`stop`). */
export interface Fired {
  readonly kind: TriggerKind;
  /** The card or player it became attached to, became unattached from, or that died. */
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

const BIT: Record<TriggerPhrase, number> = {
  attached: ON_ATTACHED,
  unattached: ON_UNATTACHED,
  detached: ON_UNATTACHED,
  'equipped creature dies': ON_EQUIPPED_DIES,
  'enchanted creature dies': ON_ENCHANTED_DIES,
  'I die': ON_I_DIE,
};

const KIND: Record<TriggerPhrase, TriggerKind> = {
  attached: 'attached',
  unattached: 'unattached',
  detached: 'unattached',
  'equipped creature dies': 'host-dies',
  'enchanted creature dies': 'host-dies',
  'I die': 'host-dies',
};

/** How one game writes its triggers, and the rules that decide them. */
export interface TriggerWords {
  /** The phrases of this game. */
  readonly phrases: readonly TriggerPhrase[];
  /** The phrase of the other game and this game's for it. */
  readonly instead: Readonly<Partial<Record<TriggerPhrase, string>>>;
  /** The game's word for becoming unattached, in a sentence. */
  readonly unattached: 'unattached' | 'detached';
  /** The rules of each kind: when it triggers. */
  readonly rules: Readonly<Record<TriggerKind, readonly string[]>>;
  /** The rules of each reason it does not. */
  readonly stops: Readonly<Record<TriggerStop, readonly string[]>>;
}

export const MTG_TRIGGERS: TriggerWords = {
  phrases: ['attached', 'unattached', 'equipped creature dies', 'enchanted creature dies'],
  instead: { detached: 'when unattached', 'I die': 'when equipped creature dies` or `when enchanted creature dies' },
  unattached: 'unattached',
  rules: { attached: ['603.2e'], unattached: ['603.2e', '603.10c'], 'host-dies': ['700.4', '603.10a'] },
  stops: { phasing: ['702.26j'], 'phased-out': ['702.26b'], 'left-game': ['800.4d'], 'lost-all': ['113.10'] },
};

export const RIFTBOUND_TRIGGERS: TriggerWords = {
  phrases: ['attached', 'detached', 'I die'],
  instead: { unattached: 'when detached', 'equipped creature dies': 'when I die', 'enchanted creature dies': 'when I die' },
  unattached: 'detached',
  rules: { attached: ['725.1'], unattached: ['725.2'], 'host-dies': ['136.2.c', '808.1.c'] },
  stops: { phasing: [], 'phased-out': [], 'left-game': [], 'lost-all': [] },
};

/** Is `phrase` this game's? If not, a syntax error at `range` says what the game writes (a declaration, an `expect`). */
export function phraseOfGame(replay: Replay, phrase: TriggerPhrase, range: Range, w: TriggerWords): boolean {
  if (w.phrases.includes(phrase)) return true;
  replay.report('syntax-error', range, msg`\`when ${phrase}\` is not written in this game: write \`${w.instead[phrase]!}\`.`);
  return false;
}

/** A declared `when ...`: its bit, or 0 (a phrase of the other game is a syntax error). */
export function declaredTrigger(replay: Replay, p: Extract<Property, { kind: 'trigger' }>, w: TriggerWords): number {
  if (!phraseOfGame(replay, p.phrase, p.range, w)) return 0;
  replay.board.triggersDeclared = true;
  return BIT[p.phrase];
}

/** Why `card`'s ability would not trigger now, by its own state: phased out (702.26b), all its abilities lost (113.10), its controller gone (800.4d). */
export function stopOf(replay: Replay, card: CardObj): TriggerStop | undefined {
  if (card.phasedOut !== 'no') return 'phased-out';
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
 * What a card with a "dies" trigger was as it left while attached, earlier in the same step of a
 * `together:` group: if its host dies later in that step, the trigger looks back to it (603.10a).
 */
export interface LookedBack {
  readonly card: CardObj;
  /** The bits of the abilities that may trigger (the host-dies ones its kind of attachment has). */
  readonly bits: number;
  readonly stop: TriggerStop | undefined;
}

/** `l`'s host died in the same step: its ability triggers as it was when it left (or doesn't, by why then). */
export function fireLookedBack(replay: Replay, l: LookedBack, host: CardObj | PlayerObj): void {
  if ((l.card.triggers & l.bits) === 0) return;
  record(replay, l.card, 'host-dies', host, l.stop);
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
    case 'lost-all':
      return w.unattached === 'detached' ? msg`it had lost its abilities` : msg`it had lost all its abilities`;
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

/** The kinds of the abilities `bits` declare. */
function kindsOf(bits: number): TriggerKind[] {
  const out: TriggerKind[] = [];
  if (bits & ON_ATTACHED) out.push('attached');
  if (bits & ON_UNATTACHED) out.push('unattached');
  if (bits & (ON_EQUIPPED_DIES | ON_ENCHANTED_DIES | ON_I_DIE)) out.push('host-dies');
  return out;
}

/**
 * Why `expect X triggered ...` (`not triggered`, `triggered N times`) fails, or undefined when it holds.
 * `not triggered` of an ability X doesn't declare holds (it never triggered); `triggered` of one is
 * told so, since no event can make it hold.
 */
export function triggeredFailure(c: CardObj, a: Extract<Assertion, { kind: 'triggered' }>, host: CardObj | PlayerObj | undefined, w: TriggerWords): { actual: Message; rules?: string[]; replacement?: string; related?: RelatedLocation[] } | undefined {
  const bits = a.when ? BIT[a.when.phrase] : ON_ATTACHED | ON_UNATTACHED | ON_EQUIPPED_DIES | ON_ENCHANTED_DIES | ON_I_DIE;
  const kind = a.when ? KIND[a.when.phrase] : undefined;
  const n = (c.triggers & bits) === 0 ? 0 : triggerCount(c, kind, host?.id);
  const want = a.negated ? 0 : a.count;
  if (want === undefined ? n > 0 : n === want) return undefined;
  if ((c.triggers & bits) === 0) {
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
  const declared = kindsOf(c.triggers & bits).flatMap((k) => w.rules[k]);
  // The event is a related location, not a line number in the words (a finding's words never move with an edit).
  if (stopped && (!last || stopped.at.start.line > last.at.start.line || (stopped.at.start.line === last.at.start.line && stopped.at.start.character >= last.at.start.character)))
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
      return msg`as ${f.host} died`;
  }
}
