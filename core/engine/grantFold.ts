// A host's abilities with its attachments' grants (MTG 613.1f, in timestamp order: 613.7a, 613.7e):
// the fold of the effects on it, kept up to date as its grantors come, go and change, in time that
// does not grow with how many grantors it has.
//
// Each effect (an ability an attachment grants or takes, an event's change logged on the host) is
// filed under its ability: the adds of one ability in one list, the loses of one ability (or of a
// pattern, `loses hexproof`) in another, `loses all abilities` and `loses protection` in lists of
// their own, each list in timestamp order. Of an ability's adds only two can ever matter: the first
// after the last effect that removes it (it puts the ability, or the protection instance, in its
// place) and the last (a keyword moves to the end, and the attachment named as the source is the
// last one's); every add between them finds the ability there already and only renames a source
// the last one renames again. Of a list of loses only the last matters, and of the two clear lists
// only their last. So the fold runs over at most a few effects per ability, however many grantors
// give it, and a grantor coming or going touches only its own effects' lists.
//
// The effects of a grantor are worked out when it comes, goes or changes (Board tells which); the
// protections a grant spares (702.16n, 702.16p) are worked out as the fold reads them, from the
// board as it is then. The index is the board's cache: a copy of the board starts without one and
// builds it from the host's grantors the first time.
import { ownValueTotal } from './ownValues';
import { abilityLabel, grantsOf, type Ability, type AbilityChange, regainKey, addQualityPlace, addTargetingKey, hasTargetingKeyword, type CantEntry, type GrantKeep, type Granted, grantsNow, grantsTo, keywordCovers, LONG_LIST, qualityPlaces, qualityPlacesIn, type QualityPlaces, shareCantKinds, shareQualityPlaces, type TargetingKeyword } from './abilities';
import type { Board, CardObj, ProtectionKeep } from './board';
import { controlTest, grantsControl, hasControlGrant } from './control';
import { VALUED_KEYWORDS } from '../parser/keywords';

/** One change to a host's abilities, ordered by (primary, secondary, seq): 613.7a's timestamps, then the order written. */
export interface Effect {
  readonly primary: number;
  readonly secondary: number;
  /** The grantor's place among the host's grantors and the effect's among its own, or an event's place in the log (after every grant). */
  readonly seq: number;
  readonly verb: 'has' | 'loses' | 'gains';
  readonly ability: Ability | 'all' | 'protection';
  /** The attachment whose grant it is (none for an event). */
  readonly source: string | undefined;
  /** An event's protection instance: what it spares (702.16n/p), as the event gave it. */
  readonly keep: ProtectionKeep | undefined;
  /** A grant's `not removing` clause: worked out for the host as the fold reads it (keepOf). */
  readonly grantKeep: GrantKeep | undefined;
}

function order(x: Effect, y: Effect): number {
  return x.primary - y.primary || x.secondary - y.secondary || x.seq - y.seq;
}

/** The later of two effects (undefined: none). */
function later(x: Effect | undefined, y: Effect | undefined): Effect | undefined {
  return !x ? y : !y ? x : order(x, y) >= 0 ? x : y;
}

/**
 * The effects of one ability (or one pattern of loses), in order. A removed effect is only marked
 * (`dead`) and dropped as the ends are read, or all at once when the dead outnumber the live: so a
 * grantor leaving costs the same wherever its effects stand, first in, first out included.
 */
class EffectList {
  private items: Effect[] = [];
  private readonly dead = new Set<Effect>();
  /** No live effect comes before this index. */
  private head = 0;
  /** For a list of adds: the lists of what removes the ability (its loses, the patterns of loses that cover it). */
  constructor(readonly resets: readonly EffectList[] | undefined, readonly protection: boolean) {}
  /** The first index whose effect comes after `e`. */
  private after(e: Effect): number {
    const items = this.items;
    let lo = 0;
    let hi = items.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (order(items[mid], e) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
  insert(e: Effect): void {
    const items = this.items;
    // Most effects are the newest (an attachment's new timestamp): appended.
    if (items.length === 0 || order(items[items.length - 1], e) < 0) items.push(e);
    else {
      const i = this.after(e);
      items.splice(i, 0, e);
      if (i < this.head) this.head = i;
    }
  }
  remove(e: Effect): void {
    const items = this.items;
    if (items[items.length - 1] === e) {
      items.pop();
      return;
    }
    this.dead.add(e);
    // Many dead: the list is made again without them (each effect is dropped once).
    if (this.dead.size > 16 && this.dead.size * 2 > items.length) {
      this.items = items.filter((x) => !this.dead.has(x));
      this.dead.clear();
      this.head = 0;
    }
  }
  last(): Effect | undefined {
    const items = this.items;
    while (items.length !== 0 && this.dead.delete(items[items.length - 1])) items.pop();
    if (this.head > items.length) this.head = items.length;
    return items[items.length - 1];
  }
  /** The first live effect after `e` (the first of all when `e` is undefined). */
  firstAfter(e: Effect | undefined): Effect | undefined {
    const items = this.items;
    let i = e ? Math.max(this.after(e), this.head) : this.head;
    while (i < items.length && this.dead.has(items[i])) i++;
    if (!e) this.head = i;
    return items[i];
  }
}

/** What one grantor gives its host: its effects, what it says may not be attached, whether it gives control. */
interface SourceEntry {
  readonly seq: number;
  readonly effects: readonly Effect[];
  readonly cant: readonly CantEntry[];
  /** Riftbound: what its own grants do to each valued keyword (VALUED_KEYWORDS): the values they give, whether one takes it away. */
  readonly valued?: readonly ValuedGrant[];
}

/** Riftbound: a grantor's grants of one valued keyword (`equipped unit has Shield 2`, `... loses Shield`). */
interface ValuedGrant {
  readonly name: string;
  readonly gives: number;
  readonly takes: boolean;
}


/** Room for the effects of one grantor in its `seq` (a grant of more abilities than this would share orders with the next grantor's). */
const PER_SOURCE = 1 << 16;
/** Events come after every grant in the order written (they never share a timestamp with one: theirs are between two). */
const EVENTS_SEQ = 2 ** 50;

/** A grantor of control as ControlOrder files it. */
interface ControlEntry {
  readonly id: string;
  /** Its timestamp as it was filed: always its timestamp now (Board.stamp files it again when that changes). */
  readonly stamp: number;
  /** Its place in GrantIndex.controls, a set: one that stays there keeps it, one that comes back comes last. */
  readonly seq: number;
  dead: boolean;
}

function controlOrder(x: ControlEntry, y: ControlEntry): number {
  return x.stamp - y.stamp || x.seq - y.seq;
}

/**
 * The grantors of control of one host in the order controllerOf reads them, newest first: by
 * timestamp, and of two with one timestamp the later in GrantIndex.controls (the set the plain
 * loop, controllerOfByLook, goes through, the later of two equal winning there). The newest whose
 * grant works decides, so the older ones are not looked at: each new Control Magic is one look. A
 * grantor that goes (or is filed again) is only marked, and dropped as the newest are read, or all
 * at once when the dead outnumber the live (as EffectList).
 */
export class ControlOrder {
  private items: ControlEntry[] = [];
  private readonly byId = new Map<string, ControlEntry>();
  private nextSeq = 0;
  private dead = 0;

  /** Files `id` (new, or again) with timestamp `stamp`. */
  file(id: string, stamp: number): void {
    const old = this.byId.get(id);
    if (old !== undefined) {
      if (old.stamp === stamp) return;
      this.kill(old);
    }
    const e: ControlEntry = { id, stamp, seq: old !== undefined ? old.seq : this.nextSeq++, dead: false };
    this.byId.set(id, e);
    const items = this.items;
    // Most are the newest (a new attachment's new timestamp): appended.
    if (items.length === 0 || controlOrder(items[items.length - 1], e) < 0) {
      items.push(e);
      return;
    }
    let lo = 0;
    let hi = items.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (controlOrder(items[mid], e) < 0) lo = mid + 1;
      else hi = mid;
    }
    items.splice(lo, 0, e);
  }

  drop(id: string): void {
    const old = this.byId.get(id);
    if (old === undefined) return;
    this.byId.delete(id);
    this.kill(old);
  }

  private kill(e: ControlEntry): void {
    e.dead = true;
    this.dead++;
    if (this.dead > 16 && this.dead * 2 > this.items.length) {
      this.items = this.items.filter((x) => !x.dead);
      this.dead = 0;
    }
  }

  /**
   * The newest grantor filed with a timestamp of `since` or later whose grant of control of `host`
   * works now (grantsControl), looking at them newest first and stopping at the first that does
   * (undefined: none does).
   */
  newest(since: number, board: Board, host: CardObj): string | undefined {
    const items = this.items;
    while (items.length !== 0 && items[items.length - 1].dead) {
      items.pop();
      this.dead--;
    }
    for (let i = items.length - 1; i >= 0; i--) {
      const e = items[i];
      controlTest.looks++;
      if (e.stamp < since) return undefined;
      if (!e.dead && grantsControl(board, board.cards.get(e.id), host)) return e.id;
    }
    return undefined;
  }
}

/** The effects on one host, filed by ability (see the top of this file). */
export class GrantIndex {
  private readonly sources = new Map<string, SourceEntry>();
  /** The grantors that say what may not be attached. */
  private readonly cants = new Map<string, SourceEntry>();
  /** The grantors with a grant of control (`you control enchanted creature`), whether it works now or not (controllerOf decides). */
  readonly controls = new Set<string>();
  /** The same grantors by timestamp, as controllerOf reads them, newest first: made with the first of them (most hosts have none). */
  controlOrder: ControlOrder | undefined;
  private nextSeq = 0;
  private grantEffects = 0;
  private readonly lists = new Map<string, EffectList>();
  private readonly allClears = new EffectList(undefined, false);
  private readonly protectionClears = new EffectList(undefined, false);
  /** The host's ability log the event effects were made from, and those effects. */
  private log: readonly AbilityChange[] | undefined;
  private events: Effect[] = [];
  /**
   * Riftbound: by valued keyword, how many grantors take it away and the values the others' grants
   * give, summed (withValues's two looks at every grantor, kept as grantors change: a unit with
   * thousands of gear each giving Shield 2 is not looked through at each attach). Kept for grantors
   * that grant now, as their effects are.
   */
  private readonly valued = new Map<string, { takes: number; gives: number }>();
  /** How many of the grantors' effects give a protection that spares something (its keep is worked out from the board as the fold reads it, so a fold with one is never carried on: lastFold). */
  private keepEffects = 0;
  /**
   * cantList's answer, until a grantor that says what may not be attached changes or goes; a new one's
   * restrictions wait in `cantsAdded` to go at its end. `cantsToken`: the board's token when the list
   * was made (Board.ownToken), which it may be added to in place while it is the board's.
   */
  private cants_: CantEntry[] | undefined;
  private cantsAdded: CantEntry[] | undefined;
  private cantsToken: object | undefined;
  /** The last fold regrant made (append). */
  private last: LastFold | undefined;
  /**
   * By ability (regainKey), the newest timestamp a grantor was filed with that grants it, or whose Aura
   * gives it a grant of it, whether that grant works now or not (phased out, abilities lost): only ever
   * raised, so a loss newer than it has nothing here that could give the ability back (mayRegain).
   */
  private readonly granting = new Map<string, number>();

  /** The grantor `id`'s effects again: removed, and made anew if it is still a grantor of `host` (in its old place among them, if it had one). */
  updateSource(board: Board, host: CardObj, id: string): void {
    const old = this.sources.get(id);
    if (old) {
      for (const e of old.effects) this.remove(e);
      this.grantEffects -= old.effects.length;
      this.keepEffects -= keeping(old.effects);
      if (old.valued) this.addValued(old.valued, -1);
      if (old.cant.length) this.cants_ = this.cantsAdded = undefined;
    }
    if (!host.grantors.has(id)) {
      this.sources.delete(id);
      this.cants.delete(id);
      this.controls.delete(id);
      this.controlOrder?.drop(id);
      return;
    }
    this.noteGranting(board, id);
    const seq = old ? old.seq : this.nextSeq++;
    const entry = sourceEntry(board, host, id, seq);
    this.sources.set(id, entry);
    for (const e of entry.effects) this.insert(e);
    this.grantEffects += entry.effects.length;
    this.keepEffects += keeping(entry.effects);
    if (entry.valued) this.addValued(entry.valued, 1);
    if (entry.cant.length) {
      this.cants.set(id, entry);
      // A new grantor is the last in the order of grantors (its seq is the next): its restrictions go after the others'.
      if (old || !this.cants_) this.cants_ = this.cantsAdded = undefined;
      else for (const c of entry.cant) (this.cantsAdded ??= []).push(c);
    } else this.cants.delete(id);
    const a = board.cards.get(id);
    if (a && hasControlGrant(a)) {
      this.controls.add(id);
      (this.controlOrder ??= new ControlOrder()).file(id, a.timestamp);
    } else {
      this.controls.delete(id);
      this.controlOrder?.drop(id);
    }
  }

  /** Grantor `a` has a new timestamp (Board.stamp): filed again by it, if it is one of control. */
  restamp(board: Board, a: CardObj): void {
    if (this.controls.has(a.id)) this.controlOrder!.file(a.id, a.timestamp);
    if (this.sources.has(a.id)) this.noteGranting(board, a.id);
  }

  /** The newest timestamp of a grantor that grants the ability `key` or a grant of it (granting); -Infinity for none. */
  newestGranting(key: string): number {
    return this.granting.get(key) ?? -Infinity;
  }

  /** Raises `granting` for what the grantor `id` gives, itself and through the Auras on it (613.7a: the later timestamp of the two). */
  private noteGranting(board: Board, id: string): void {
    const a = board.cards.get(id);
    if (!a) return;
    const raise = (ability: Ability, at: number) => {
      const key = regainKey(ability);
      if (key !== undefined && !(this.granting.get(key)! >= at)) this.granting.set(key, at);
    };
    for (const g of grantsOf(a)) if (g.verb === 'has') for (const ability of g.abilities) raise(ability, a.timestamp);
    for (const rid of a.grantors) {
      const r = board.cards.get(rid);
      if (!r) continue;
      for (const g of grantsOf(r)) {
        if (g.verb !== 'has') continue;
        for (const given of g.abilities) if (given.kind === 'grant' && given.grant.verb === 'has') for (const ability of given.grant.abilities) raise(ability, Math.max(a.timestamp, r.timestamp));
      }
    }
  }

  private addValued(grants: readonly ValuedGrant[], sign: 1 | -1): void {
    for (const g of grants) {
      let v = this.valued.get(g.name);
      if (v === undefined) this.valued.set(g.name, (v = { takes: 0, gives: 0 }));
      v.takes += g.takes ? sign : 0;
      v.gives += sign * g.gives;
    }
  }

  /**
   * Riftbound: withValues, from the sums kept (valued) when no grantor takes a keyword away and the
   * host never lost it (every grant's instance then counts); else, for that keyword, withValues itself.
   */
  withValues(board: Board, host: CardObj, granted: Granted): Granted {
    let values: Record<string, number> | undefined;
    for (const name of VALUED_KEYWORDS) {
      if (!granted.keywords.includes(name)) continue;
      const own = host.keywordValues?.[name];
      const v = this.valued.get(name);
      // A loss (a gear's, or the host's own: lostAt, -1 when never) leaves only the instances after it: looked at one by one.
      if ((v !== undefined && v.takes !== 0) || (own !== undefined && own.lostAt >= 0)) return withValues(board, host, granted);
      (values ??= {})[name] = Math.max((own ? ownValueTotal(own) : 0) + (v?.gives ?? 0), 1);
    }
    return values ? { ...granted, values } : granted;
  }

  /** Is `id` among the grantors whose effects the index holds? */
  has(id: string): boolean {
    return this.sources.has(id);
  }

  /** The host's logged events as effects, when its log changed (it is replaced, never changed: logAbilityChange). */
  updateEvents(host: CardObj): void {
    if (this.log === host.abilityLog) return;
    for (const e of this.events) this.remove(e);
    this.log = host.abilityLog;
    this.events = host.abilityLog.map((ch, i): Effect => ({ primary: ch.timestamp, secondary: 0, seq: EVENTS_SEQ + i, verb: ch.verb, ability: ch.ability, source: undefined, keep: ch.keep, grantKeep: undefined }));
    for (const e of this.events) this.insert(e);
  }

  /** Do the grantors give anything now (an ability or a restriction)? Without, the host has no grants (the events alone are on the card). */
  get empty(): boolean {
    return this.grantEffects === 0 && this.cants.size === 0;
  }

  /**
   * What the grantors say may not be attached, in the order they became grantors: a list that is
   * replaced, never changed, except by a fold carried on (`inPlace`, regrant), which adds a new grantor's
   * restrictions at its end while the list is the board's own (no copy of the board shares it).
   */
  cantList(board: Board, inPlace = false): CantEntry[] {
    const was = this.cants_;
    if (was) {
      const added = this.cantsAdded;
      if (added === undefined) return was;
      this.cantsAdded = undefined;
      if (inPlace && this.cantsToken === board.ownToken) {
        const from = was.length;
        for (const c of added) was.push(c);
        shareCantKinds(was, was, from);
        return was;
      }
      APPEND.copied += was.length;
      const longer = was.concat(added);
      shareCantKinds(was, longer);
      this.cantsToken = board.ownToken;
      return (this.cants_ = longer);
    }
    const out: CantEntry[] = [];
    for (const c of [...this.cants.values()].sort((x, y) => x.seq - y.seq)) out.push(...c.cant);
    this.cantsToken = board.ownToken;
    return (this.cants_ = out);
  }

  /**
   * The last fold, if the next can carry it on (append): it is still the host's, made from the host's
   * abilities and log as they are now, and none of its effects' protections spares something.
   */
  lastFold(host: CardObj): LastFold | undefined {
    const l = this.last;
    if (!l || host.granted !== l.out || this.keepEffects !== 0 || this.log !== host.abilityLog) return undefined;
    if (host.protections !== l.own.protections || host.protectionKeeps !== l.own.protectionKeeps || host.targeting !== l.own.targeting || host.keywords !== l.own.keywords) return undefined;
    return l;
  }

  /**
   * The effects of grantor `id`, new since `last`, in order, when each comes after every effect
   * folded then; else undefined. Only the effects filed under an ability (listOf): the others change
   * nothing, as in the fold of the effects that decide. One that spares something is worked out now,
   * as a fold of all would; the folds after it are not carried on (lastFold).
   */
  appended(id: string, last: LastFold): Effect[] | undefined {
    const entry = this.sources.get(id);
    if (!entry) return undefined;
    const out = entry.effects.filter((e) => this.listOf(e) !== undefined);
    out.sort(order);
    if (out.length !== 0 && last.top !== undefined && order(out[0], last.top) <= 0) return undefined;
    return out;
  }

  /** Remembers the fold regrant made (undefined: none, the host has no grants). */
  remember(fold: LastFold | undefined): void {
    this.last = fold;
  }

  /** Every grantor's effects again (a grantor gone from the host's grantors is dropped). */
  rebuild(board: Board, host: CardObj): void {
    for (const id of [...this.sources.keys()]) if (!host.grantors.has(id)) this.updateSource(board, host, id);
    for (const id of host.grantors) this.updateSource(board, host, id);
  }

  /** The effects that decide the fold, in order (see the top of this file). */
  deciding(): Effect[] {
    const out: Effect[] = [];
    const all = this.allClears.last();
    const protection = this.protectionClears.last();
    if (all) out.push(all);
    if (protection) out.push(protection);
    for (const list of this.lists.values()) {
      const last = list.last();
      if (!last) continue;
      if (!list.resets) {
        // Loses: the last one.
        out.push(last);
        continue;
      }
      let reset = list.protection ? later(all, protection) : all;
      for (const r of list.resets) reset = later(reset, r.last());
      // Every add is before the last removal: the removal (kept) takes them all away.
      if (reset && order(last, reset) < 0) continue;
      const first = list.firstAfter(reset)!;
      out.push(first);
      if (first !== last) out.push(last);
    }
    return out.sort(order);
  }

  private insert(e: Effect): void {
    this.listOf(e)?.insert(e);
  }

  private remove(e: Effect): void {
    this.listOf(e)?.remove(e);
  }

  /** The list an effect is filed in (undefined: it changes nothing, `gains all abilities`). */
  private listOf(e: Effect): EffectList | undefined {
    const a = e.ability;
    const add = e.verb !== 'loses';
    if (a === 'all') return add ? undefined : this.allClears;
    if (a === 'protection') return this.protectionClears;
    switch (a.kind) {
      case 'keyword':
        return add ? this.list(`k+ ${a.name}`, [this.list(`k- ${a.name}`)], false) : this.list(`k- ${a.name}`);
      case 'protection': {
        if (!add) return this.list(`p- ${a.quality}`);
        // An event's instance is there already when any of the quality is; a grant's when one that spares the same is.
        const kind = e.source === undefined ? 'event' : !e.grantKeep ? 'plain' : e.grantKeep.what === 'auras' ? 'auras' : e.grantKeep.what === 'card' ? `card ${e.grantKeep.id}` : `attached ${e.source}`;
        return this.list(`p+ ${a.quality} ${kind}`, [this.list(`p- ${a.quality}`)], true);
      }
      case 'targeting': {
        const k = a.keyword;
        const q = k.quality ?? '';
        const c = k.cost ?? '';
        if (!add) return this.list(`t- ${k.name} ${q} ${c}`);
        // A loss takes away what it covers (keywordCovers): the same, or any quality, or any cost, or both.
        const resets = [this.list(`t- ${k.name} ${q} ${c}`)];
        if (q) resets.push(this.list(`t- ${k.name}  ${c}`));
        if (c) resets.push(this.list(`t- ${k.name} ${q} `));
        if (q && c) resets.push(this.list(`t- ${k.name}  `));
        return this.list(`t+ ${k.name} ${q} ${c}`, resets, false);
      }
      default:
        return undefined;
    }
  }

  private list(key: string, resets?: EffectList[], protection = false): EffectList {
    let l = this.lists.get(key);
    if (!l) {
      l = new EffectList(resets, protection);
      this.lists.set(key, l);
    }
    return l;
  }
}

/**
 * A fold regrant made, which the next may carry on when a new grantor's effects all come after it
 * (append): what the host was given (`out`, with Riftbound's values), the fold itself, the places
 * of its long list of protections, the latest effect folded, and the host's own abilities it started from.
 */
export interface LastFold {
  readonly out: Granted;
  readonly folded: Granted;
  readonly places: QualityPlaces | undefined;
  readonly top: Effect | undefined;
  /** The log of sources the fold's `from` is read from, if it is one (FromLog), and how much of it is the fold's. */
  readonly log: FromLog | undefined;
  readonly logLength: number;
  /** How long `folded`'s restrictions were (a fold carried on adds to the list in place). */
  readonly cantLength: number;
  /** The board's token when the fold was made (Board.ownToken): while it is the board's, the next fold carried on adds to its lists in place. */
  readonly token: object;
  readonly own: Pick<CardObj, 'protections' | 'protectionKeeps' | 'targeting' | 'keywords'>;
}

/** How many of `effects` give a protection that spares something. */
function keeping(effects: readonly Effect[]): number {
  let n = 0;
  for (const e of effects) if (e.grantKeep !== undefined) n++;
  return n;
}

/** The effects, restrictions and control of grantor `id` on `host` now. */
function sourceEntry(board: Board, host: CardObj, id: string, seq: number): SourceEntry {
  const effects: Effect[] = [];
  const cant: CantEntry[] = [];
  const a = board.cards.get(id);
  if (!grantsTo(board, a, host)) return { seq, effects, cant };
  let n = seq * PER_SOURCE;
  // A grantor that lost all its abilities (an event's `loses all abilities`, or an attachment's grant) has no static ability to grant (113.10).
  let valued: ValuedGrant[] | undefined;
  if (!a.lost.has('all') && a.granted?.lostAll === undefined) {
    for (const g of grantsOf(a)) {
      for (const ability of g.abilities) {
        // What may not be attached is a restriction, outside the layers; a quoted grant is for `a`'s own
        // host; control is layer 2's (control.ts).
        if (ability.kind === 'cant') cant.push({ what: ability.what, except: ability.other ? a.id : undefined, by: a.id });
        else if (ability.kind !== 'grant' && ability.kind !== 'control' && ability.kind !== 'types') effects.push({ primary: a.timestamp, secondary: 0, seq: n++, verb: g.verb, ability: ability.kind === 'all' ? 'all' : ability, source: a.id, keep: undefined, grantKeep: ability.kind === 'protection' ? ability.keep : undefined });
        // Riftbound's valued keywords, as withValues reads them: each `has` instance's value (1 unwritten), any `loses`.
        if (board.game === 'riftbound' && ability.kind === 'keyword' && VALUED_KEYWORDS.includes(ability.name) && (g.verb === 'has' || g.verb === 'loses')) {
          valued ??= [];
          valued.push({ name: ability.name, gives: g.verb === 'has' ? (ability.value ?? 1) : 0, takes: g.verb === 'loses' });
        }
      }
    }
  }
  // The abilities an Aura on `a` gave it to grant ("enchanted Equipment has 'equipped creature has flying'").
  if (a.grantors.size === 0) return { seq, effects, cant, valued };
  const lostAt = lostAllAt(a);
  for (const rid of a.grantors) {
    const r = board.cards.get(rid);
    if (!grantsTo(board, r, a) || r.lost.has('all') || lostAt > r.timestamp) continue;
    for (const g of grantsOf(r)) {
      if (g.verb !== 'has') continue;
      for (const given of g.abilities) {
        if (given.kind !== 'grant') continue;
        for (const ability of given.grant.abilities) if (ability.kind !== 'grant' && ability.kind !== 'cant' && ability.kind !== 'control' && ability.kind !== 'types') effects.push({ primary: Math.max(a.timestamp, r.timestamp), secondary: r.timestamp, seq: n++, verb: given.grant.verb, ability: ability.kind === 'all' ? 'all' : ability, source: a.id, keep: undefined, grantKeep: undefined });
      }
    }
  }
  return { seq, effects, cant, valued };
}

/** The timestamp of the last `loses all abilities` a card had, -1 if none. */
function lostAllAt(c: CardObj): number {
  for (let i = c.abilityLog.length - 1; i >= 0; i--) if (c.abilityLog[i].ability === 'all' && c.abilityLog[i].verb === 'loses') return c.abilityLog[i].timestamp;
  return -1;
}

/** A grant's `not removing` clause as a protection instance's keep, on this host and from this attachment. */
function keepOf(board: Board, host: CardObj, a: CardObj | undefined, keep: GrantKeep): ProtectionKeep {
  if (keep.what === 'auras') return { rule: '702.16n', auras: true, objects: [] };
  if (keep.what === 'card') {
    const c = board.cards.get(keep.id);
    return { rule: '702.16n', auras: false, objects: c ? [{ id: c.id, version: c.version }] : [] };
  }
  // 702.16p: what was on the host when the protection began (as the Aura became attached), itself included.
  const objects = [];
  if (a) {
    for (const id of host.attachments) {
      const x = board.cards.get(id)!;
      if (x.timestamp <= a.timestamp) objects.push({ id: x.id, version: x.version, timestamp: x.timestamp });
    }
  }
  return { rule: '702.16p', auras: false, objects };
}

/**
 * Works out `host.granted` again (613.7a): each grant of an attachment has the attachment's
 * timestamp; one an Aura gave the attachment has the later of the two, and keeps its place after the
 * attachment's own (the second key) when the attachment gets a newer timestamp. The host's own
 * abilities come first; the events that changed them are applied again in their place among the
 * grants (the last change of an ability decides it, so applying one twice is harmless). A protection
 * a grant gives with `not removing` is an instance of its own, its keep worked out for this host
 * (702.16n/p); `can't be enchanted` is kept beside the abilities. `changed` is the grantor whose
 * effects changed (it came, went or changed), or undefined when any may have: each is worked out
 * again. Returns what changed that the rules read: `abilities` (what it has, or what may not be
 * attached), what it gained when that is all (Barring: a fold carried on that only added protections
 * or restrictions), `own` (a fold carried on that changed only its keywords or targeting keywords,
 * which no attachment's legality reads: an aura's hexproof, a host's `ward 3`), `values` (only a
 * Riftbound keyword's value: Shield 3 for Shield 2, which no attachment's legality reads either), or
 * `same` (perhaps only the attachment named as an ability's source: a new Equipment granting flying
 * again makes nothing illegal).
 */
export function regrant(board: Board, host: CardObj, index: GrantIndex, changed: string | null | undefined): 'abilities' | 'own' | 'values' | 'same' | Barring {
  const before = host.granted;
  // A grantor new to the host (an Equipment attached, with its new timestamp) whose effects come after
  // every effect folded last time: the fold goes on from where it ended, without folding the others
  // again (a host with thousands of different grants, each attach).
  const last = typeof changed === 'string' && APPEND.on && !index.has(changed) ? index.lastFold(host) : undefined;
  // null: no grantor changed, only the host's log (updateEvents below).
  if (changed === undefined) index.rebuild(board, host);
  else if (changed !== null) index.updateSource(board, host, changed);
  index.updateEvents(host);
  if (host.grantors.size === 0 || index.empty) {
    host.granted = undefined;
    index.remember(undefined);
    if (before === undefined) return 'same';
    // Its last grantor gone (an Equipment giving protection moved to another creature, again and again): the rules
    // read its own abilities now, and the difference is told as for a fold made again, not as a change of everything.
    return told(before, ownAbilities(host)) ?? (before.values === undefined || VALUED_KEYWORDS.every((k) => !before.values![k]) ? 'same' : 'values');
  }
  const added = last && index.appended(changed!, last);
  let state: FoldState;
  let top: Effect | undefined;
  // A fold carried on adds to the last one's lists in place while no copy of the board shares them
  // (Board.ownToken): only this host's abilities and the last fold had them.
  const inPlace = last !== undefined && added !== undefined && last.token === board.ownToken;
  if (last && added) {
    APPEND.count++;
    state = FoldState.after(last, inPlace);
    for (const e of added) state.step(board, host, e);
    top = added.length ? added[added.length - 1] : last.top;
  } else {
    const deciding = index.deciding();
    state = foldState(board, host, deciding);
    top = deciding[deciding.length - 1];
  }
  const cant = index.cantList(board, inPlace);
  const folded = state.result(cant);
  // The places the fold kept of a long list are the host's list's: legality reads them (QualityPlaces).
  if (state.places) shareQualityPlaces(folded.protections, state.places);
  const after = board.game === 'riftbound' ? index.withValues(board, host, folded) : folded;
  host.granted = after;
  index.remember({ out: after, folded, places: state.places, top, log: state.log, logLength: state.log?.length ?? 0, cantLength: cant.length, token: board.ownToken, own: { protections: host.protections, protectionKeeps: host.protectionKeeps, targeting: host.targeting, keywords: host.keywords } });
  if (last && added) {
    // Carried on: what changed is what the steps changed, and a new grantor's restrictions (added at the end of the list).
    const cants = cant.length - last.cantLength;
    if (state.otherwise) return 'abilities';
    if (state.gained.length !== 0 || cants !== 0) return { protections: state.gained, cants: cants !== 0 ? cant.slice(-cants) : [], cantsFrom: cant.length - cants };
    // Only its keywords or targeting keywords: the host is looked at again, not what is attached to it.
    if (state.own) return 'own';
  } else {
    // Folded again (a gain or loss logged by an event, a grantor gone or changed), or for the first time
    // since it had none (against its own abilities, which the rules read then: an Equipment moved back
    // and forth between two creatures): compared whole, and told as a fold carried on tells it.
    const change = told(before ?? ownAbilities(host), after);
    if (change !== undefined) return change;
  }
  return before?.values === after.values || VALUED_KEYWORDS.every((k) => before?.values?.[k] === after.values?.[k]) ? 'same' : 'values';
}

/** What the rules read of `host` while no grant applies to it (abilitiesOf: the card itself), as a fold. */
function ownAbilities(host: CardObj): Granted {
  return { protections: host.protections, protectionKeeps: host.protectionKeeps, targeting: host.targeting, keywords: host.keywords };
}

/**
 * The kind of the difference between two of a host's abilities that the rules read, as regrant answers it
 * (undefined: the same; the caller compares the values). A change of its keywords or targeting keywords alone
 * is the host's own (a creature with thousands of Auras granting flying that an event makes lose it, again
 * and again); instances of protection it gained may bar what they cover, and one it lost bars nothing.
 */
function told(x: Granted, y: Granted): 'abilities' | 'own' | Barring | undefined {
  const change = abilitiesChange(x, y);
  if (change === 'same') return undefined;
  if (change === 'abilities' || REFOLD.plain) return 'abilities';
  REFOLD.narrowed++;
  return change === 'own' ? 'own' : protectionsOnly(change);
}

/**
 * What a host gained, when all its abilities' change is that (regrant): protection instances and
 * restrictions on what may be attached. Only they can make an attachment illegal that was legal.
 */
export interface Barring {
  readonly protections: readonly string[];
  readonly cants: readonly CantEntry[];
  /** The place of the first of `cants` in the host's list (a later fold before the replay looks may add more after them). */
  readonly cantsFrom: number;
}

/** What a host gained when that is protections alone (an event's, or its effects' end: hostBarring). */
export function protectionsOnly(protections: readonly string[]): Barring {
  return { protections, cants: [], cantsFrom: 0 };
}

/**
 * Whether regrant may carry a fold on (tests turn it off to compare); how many folds it carried on, how
 * many effects all folds applied, and how many abilities and restrictions folds carried on copied.
 */
export const APPEND = { on: true, count: 0, steps: 0, copied: 0 };

/**
 * Whether regrant answers `abilities` for every difference of a fold made again, as it did before it
 * told the kinds apart there (tests turn it on to hold the two ways equal); how many times it answered
 * otherwise there (`own`, or the protections gained).
 */
export const REFOLD = { plain: false, narrowed: 0 };

/**
 * Riftbound: the value of each keyword that takes one the host has (Assault, Shield, Deflect), its
 * instances' values summed (807.2, 814.2, 809.2): its own (printed, and the events' that gave it one),
 * and each gear's grant (`equipped unit has Shield 2`), 1 for an instance written without a value
 * (807.1.b.3). An instance that came before the latest effect that took the keyword away (an event's
 * `loses`, or a gear's grant of it) is gone with it.
 */
export function withValues(board: Board, host: CardObj, granted: Granted): Granted {
  let values: Record<string, number> | undefined;
  for (const name of VALUED_KEYWORDS) {
    if (!granted.keywords.includes(name)) continue;
    let gearLoss = -Infinity;
    for (const id of host.grantors) {
      const a = board.cards.get(id);
      if (!grantsNow(board, a, host)) continue;
      for (const g of a.grants) if (g.verb === 'loses' && g.abilities.some((k) => k.kind === 'keyword' && k.name === name)) gearLoss = Math.max(gearLoss, a.timestamp);
    }
    const own = host.keywordValues?.[name];
    let n = 0;
    if (own) n += ownValueTotal(own, gearLoss);
    const since = Math.max(gearLoss, own ? own.lostAt : -1);
    for (const id of host.grantors) {
      const a = board.cards.get(id);
      if (!grantsNow(board, a, host) || a.timestamp <= since) continue;
      for (const g of a.grants) {
        if (g.verb !== 'has') continue;
        for (const k of g.abilities) if (k.kind === 'keyword' && k.name === name) n += k.value ?? 1;
      }
    }
    // The fold says it has the keyword: an instance is there, whose value is at least 1.
    (values ??= {})[name] = Math.max(n, 1);
  }
  return values ? { ...granted, values } : granted;
}

/**
 * A fold of effects in progress (foldEffects): the host's abilities as the effects so far leave them.
 * What the steps changed that the rules read (regrant's append: sameAbilities's question, answered step
 * by step): the protection instances they added (`gained`), whether they changed its keywords or
 * targeting keywords (`own`: no attachment's legality reads those, only the host's own may: reconfigure),
 * and whether they changed anything else (`otherwise`).
 */
class FoldState {
  readonly gained: string[] = [];
  own = false;
  otherwise = false;
  constructor(
    public protections: string[],
    public keeps: (ProtectionKeep | undefined)[],
    public targeting: TargetingKeyword[],
    public keywords: string[],
    /** The attachment each ability came from, by label; or, carried on a long fold, `log` holds them. */
    public from: Record<string, string> | undefined,
    public log: FromLog | undefined,
    public lostAll: string | undefined,
    // Beside a long list of protections, each quality's places in it (a fold of thousands of instances,
    // each from another name, asks at each one whether it is there already); made again after a loss.
    public places: QualityPlaces | undefined,
  ) {}

  /** The host's own abilities, before any effect. */
  static of(host: CardObj): FoldState {
    return new FoldState([...host.protections], host.protections.map((_, i) => host.protectionKeeps[i]), [...host.targeting], [...host.keywords], {}, undefined, undefined, undefined);
  }

  /**
   * Where an earlier fold ended (its result, its places and its log of sources, which the new state takes
   * over): its lists of protections are added to in place when `inPlace` (regrant), copied otherwise.
   */
  static after(last: LastFold, inPlace: boolean): FoldState {
    const g = last.folded;
    let from: Record<string, string> | undefined;
    let log: FromLog | undefined;
    if (last.log) log = last.log.length === last.logLength ? last.log : new FromLog(last.log.at(last.logLength));
    else if (g.protections.length + g.targeting.length + g.keywords.length > FROM_LOG.past) log = new FromLog(g.from ?? {});
    else from = { ...g.from };
    if (!inPlace) APPEND.copied += g.protections.length + g.targeting.length + g.keywords.length;
    const protections = inPlace ? (g.protections as string[]) : [...g.protections];
    const keeps = inPlace ? (g.protectionKeeps as (ProtectionKeep | undefined)[]) : [...g.protectionKeeps];
    // Its keywords too (a host given thousands of wards, each of another cost); a step that takes one away makes a new list.
    const targeting = inPlace ? (g.targeting as TargetingKeyword[]) : [...g.targeting];
    const keywords = inPlace ? (g.keywords as string[]) : [...g.keywords];
    return new FoldState(protections, keeps, targeting, keywords, from, log, g.lostAll, last.places);
  }

  /** The source of the ability labelled `label` is `source` now (undefined: none, an event's or no longer there). */
  private source(label: string, source: string | undefined): void {
    if (this.log) this.log.push(label, source);
    else if (source !== undefined) this.from![label] = source;
    else delete this.from![label];
  }

  /** The sources as a record, the log's made into one (a clear reads every label). */
  private record(): Record<string, string> {
    if (this.log) {
      this.from = this.log.at(this.log.length);
      this.log = undefined;
    }
    return this.from!;
  }

  /** Applies one effect (the last change of an ability decides it; `loses all abilities` and `loses X protection` take away what came before). */
  step(board: Board, host: CardObj, e: Effect): void {
    APPEND.steps++;
    const add = e.verb !== 'loses';
    const a = e.ability;
    if (typeof a !== 'string') this.source(abilityLabel(a), add ? e.source : undefined);
    if (a === 'all') {
      if (!add) {
        // The last such effect: a grant's takes the host's own printed abilities (an event's are its `lost`, 113.10).
        if (this.lostAll !== e.source || this.protections.length || this.targeting.length || this.keywords.length) this.otherwise = true;
        this.lostAll = e.source;
        this.from = {};
        this.log = undefined;
        this.protections = [];
        this.keeps = [];
        this.places = undefined;
        this.targeting = [];
        this.keywords = [];
      }
      return;
    }
    if (a === 'protection') {
      const from = this.record();
      for (const k in from) if (k.startsWith('protection from ')) delete from[k];
      if (this.protections.length) this.otherwise = true;
      this.protections = [];
      this.keeps = [];
      this.places = undefined;
      return;
    }
    switch (a.kind) {
      case 'keyword': {
        const had = this.keywords.includes(a.name);
        if (had) this.keywords = this.keywords.filter((k) => k !== a.name);
        if (add) this.keywords.push(a.name);
        if (had !== add) this.own = true;
        break;
      }
      case 'protection': {
        const protections = this.protections;
        const keeps = this.keeps;
        if (add) {
          // An event's instance, applied again, is on the host already (with what it spares). Of a
          // grant's, a plain instance makes another plain one redundant (702.16m); one that spares
          // something is an instance of its own, beside which a plain one still sheds what it spares (702.16n).
          const keep = e.grantKeep ? keepOf(board, host, board.cards.get(e.source!), e.grantKeep) : e.keep;
          let present: boolean;
          if (protections.length > LONG_LIST.length) {
            const places = (this.places ??= qualityPlacesIn(protections));
            const at = places.byQuality.get(a.quality);
            present = at !== undefined && (e.source === undefined || at.some((i) => sameKeep(keeps[i], keep)));
          } else present = e.source === undefined ? protections.includes(a.quality) : protections.some((q, i) => q === a.quality && sameKeep(keeps[i], keep));
          if (!present) {
            if (this.places !== undefined) addQualityPlace(this.places, a.quality, protections.length);
            protections.push(a.quality);
            keeps.push(keep);
            this.gained.push(a.quality);
          }
        } else if (protections.includes(a.quality)) {
          this.keeps = keeps.filter((_, i) => protections[i] !== a.quality);
          this.protections = protections.filter((q) => q !== a.quality);
          this.places = undefined;
          this.otherwise = true;
        }
        break;
      }
      case 'targeting': {
        const k = a.keyword;
        if (add) {
          if (!hasTargetingKeyword(this.targeting, k)) {
            this.targeting.push(k);
            addTargetingKey(this.targeting, k);
            this.own = true;
          }
        } else if (this.targeting.some((t) => keywordCovers(k, t))) {
          // What it takes away is no one's grant any more (`loses hexproof` takes `hexproof from blue` too).
          for (const t of this.targeting) if (keywordCovers(k, t)) this.source(abilityLabel({ kind: 'targeting', keyword: t }), undefined);
          this.targeting = this.targeting.filter((t) => !keywordCovers(k, t));
          this.own = true;
        }
        break;
      }
    }
  }

  /** The abilities folded, with `cant` beside them. */
  result(cant: CantEntry[]): Granted {
    const lost = this.lostAll === undefined ? undefined : { lostAll: this.lostAll };
    if (this.log) {
      // The sources are made from the log when first read (a message, a comparison of two boards): a
      // record of its own, the base with this fold's number of changes.
      const log = this.log;
      const length = log.length;
      let from: Record<string, string> | undefined;
      const granted = cant.length ? { protections: this.protections, protectionKeeps: this.keeps, targeting: this.targeting, keywords: this.keywords, cant, ...lost } : { protections: this.protections, protectionKeeps: this.keeps, targeting: this.targeting, keywords: this.keywords, ...lost };
      return Object.defineProperty(granted, 'from', { enumerable: true, get: () => (from ??= log.at(length)) });
    }
    const granted: Granted = cant.length
      ? { protections: this.protections, protectionKeeps: this.keeps, targeting: this.targeting, keywords: this.keywords, cant, from: this.from }
      : { protections: this.protections, protectionKeeps: this.keeps, targeting: this.targeting, keywords: this.keywords, from: this.from };
    return lost === undefined ? granted : { ...granted, ...lost };
  }
}

/** Past this many abilities, a fold carried on keeps its sources in a log (FromLog) instead of copying them (tests set it to 0). */
export const FROM_LOG = { past: 64 };

/**
 * The sources of the abilities of a run of folds carried on one from another (append), on a host
 * with many different grants: a base record and the changes since, in order. Each fold's `from` is
 * the base with its own number of the changes, made when it is first read; copying thousands of
 * sources at each attach would make the run quadratic. The base is never changed.
 */
class FromLog {
  private readonly labels: string[] = [];
  private readonly sources: (string | undefined)[] = [];
  constructor(private readonly base: Readonly<Record<string, string>>) {}
  get length(): number {
    return this.labels.length;
  }
  push(label: string, source: string | undefined): void {
    this.labels.push(label);
    this.sources.push(source);
  }
  /** The sources after the first `length` changes. */
  at(length: number): Record<string, string> {
    const r = { ...this.base };
    for (let i = 0; i < length; i++) {
      const s = this.sources[i];
      if (s === undefined) delete r[this.labels[i]];
      else r[this.labels[i]] = s;
    }
    return r;
  }
}

/**
 * The host's own abilities with `effects` applied in turn (in order: 613.7a), and `cant` beside them.
 * The last change of an ability decides it; `loses all abilities` and `loses X protection` take away
 * what came before them. The index hands it the effects that decide (GrantIndex.deciding); the test
 * of this file hands it every effect, and the two must agree.
 */
export function foldEffects(board: Board, host: CardObj, effects: readonly Effect[], cant: CantEntry[]): Granted {
  return foldState(board, host, effects).result(cant);
}

function foldState(board: Board, host: CardObj, effects: readonly Effect[]): FoldState {
  const s = FoldState.of(host);
  for (const e of effects) s.step(board, host, e);
  return s;
}

/** Do two protection instances spare the same things? */
function sameKeep(x: ProtectionKeep | undefined, y: ProtectionKeep | undefined): boolean {
  if (x === y) return true;
  if (!x || !y || x.rule !== y.rule || x.auras !== y.auras || x.objects.length !== y.objects.length) return false;
  return x.objects.every((o, i) => o.id === y.objects[i].id && o.version === y.objects[i].version && o.timestamp === y.objects[i].timestamp);
}

/**
 * Do the rules read the same abilities from both (their values aside: regrant)? They ask whether a host
 * has an ability, never in which order its abilities came, nor which attachment is named as a source in
 * the messages (`from`): an Equipment granting flying again makes nothing illegal.
 */
export function sameAbilities(x: Granted, y: Granted): boolean {
  return abilitiesChange(x, y) === 'same';
}

/**
 * What differs between two of a host's folds that the rules read (sameAbilities's question, with the
 * kind of the difference): `same`; `abilities` when what may not be attached, or a loss of all
 * abilities, does; else the qualities of the instances of protection `y` has that `x` hasn't (each with
 * what it spares: 702.16n/p), when there are any; else `own` (it lost instances of protection, or its
 * keywords or targeting keywords changed, which no attachment's legality reads: as a fold carried on
 * answers, regrant, the host alone is looked at again).
 */
export function abilitiesChange(x: Granted, y: Granted): 'same' | 'own' | 'abilities' | string[] {
  const cx = x.cant ?? [];
  const cy = y.cant ?? [];
  if (cx.length !== cy.length || cx.some((c, i) => c.what !== cy[i].what || c.except !== cy[i].except || c.by !== cy[i].by)) return 'abilities';
  if (x.lostAll !== y.lostAll) return 'abilities';
  const gained = missingFrom(x, y);
  if (gained.length !== 0) return gained;
  return missingFrom(y, x).length === 0 && sameKeywords(x, y) && sameKeywords(y, x) ? 'same' : 'own';
}

/** Does `y` have every keyword and targeting keyword `x` has? */
function sameKeywords(x: Granted, y: Granted): boolean {
  return x.keywords.every((k) => y.keywords.includes(k)) && x.targeting.every((k) => y.targeting.some((t) => t.name === k.name && t.quality === k.quality && t.cost === k.cost));
}

/** The qualities of the instances of protection `y` has that `x` hasn't (an instance is its quality and what it spares), each once. */
function missingFrom(x: Granted, y: Granted): string[] {
  const out: string[] = [];
  let seen: Set<string> | undefined;
  const xs = x.protections;
  for (let i = 0; i < y.protections.length; i++) {
    const q = y.protections[i];
    const keep = y.protectionKeeps[i];
    // A long list by quality (a host with thousands of protections, each from another name, asked at each change).
    const has = xs.length > LONG_LIST.length ? (qualityPlaces(xs).byQuality.get(q)?.some((j) => j < xs.length && sameKeep(keep, x.protectionKeeps[j])) ?? false) : xs.some((r, j) => r === q && sameKeep(keep, x.protectionKeeps[j]));
    if (!has && !(seen ??= new Set()).has(q)) {
      seen.add(q);
      out.push(q);
    }
  }
  return out;
}
