// The replay: declarations build the initial board, then each event is handed to the game's
// ruleset, which changes the board as the rules say and reports findings. This file holds what
// both games share: names, the consequence window (obligations), expectations, findings, steps.
//
// The consequence window: an event's consequences (an unattach it caused, a state-based action
// that follows) are applied to the board at once, and become obligations the scenario must record
// as lines after the cause and before the next event that is not itself a consequence. A line that
// matches a pending obligation discharges it and changes nothing; any other event first turns the
// pending obligations into findings at their cause. One kind is applied only as it is recorded: a
// choice the rules leave to a player (MTG 616.1, which of several Auras with umbra armor goes), which
// the line that records it makes; unrecorded, the replay makes its own pick as the window closes.
import type { CardStmt, DocumentInfo, EventNode, GameStmt, Name, Statement, Assertion, Word } from '../parser/ast';
import { declaresBackFace, EventBase, isDeclarationKind, isEvent } from '../parser/ast';
import { countersOn, countersText, countersWords } from './counters';
import type { Barring } from './grantFold';
import { movedLines } from '../parser/parser';
import type { Finding, Fix, Game, Range, RelatedLocation, Step, TextEdit } from '../types';
import { codeInfo } from '../diagnostics/registry';
import { lineStartsOf, offsetAt } from '../text';
import { asMessage, msg, renderMessage, relatedAt, said, titled, titledFix, type Message } from '../message';
import { inZone, zoneWord } from './words';
import { citedIn, numberedOtherwise, resolveVersion, textRenumbering, type RulesVersion } from '../rules/versions';
import { NameIndex } from './suggest';
import { NameTable } from './names';
import { withCardFacts } from '../cards/apply';
import type { CardCatalogs } from '../cards/catalog';
import { abilityLabel, abilityLabels, abilityOf, hasAbility, keywordValue, writtenLabel } from './abilities';
import { attachedNames, blankCharacteristics, Board, readsHostToughness, CEASED, FACE, MERGED, mergedCardAt, mergedCardsText, effectiveMight, effectivePower, effectiveToughness, isCard, movedLine, movedStamp, noAttachments, noItems, objectList, protectionQualities, sameValue, zoneLabel, type CardObj, type HostRef, type LineMove, type PlayerObj, type StackEntry } from './board';
import { endUnheld } from './held';
import { MTG_STATUS, RIFTBOUND_STATUS, statusFailure } from './status';
import { type LookedBack, MTG_TRIGGERS, phraseOfGame, RIFTBOUND_TRIGGERS, triggeredText, triggeredFailure, type WatcherGone } from './triggers';
import { copyFailure } from './copiable';
import { retype, typeChangeOfCard } from './retype';
import { combatOutcome } from './combat';
import { Owed } from './owed';

/** No attachment left a host in this step (Replay.leftTogetherFrom). */
const NO_LOOKED_BACK: readonly LookedBack[] = [];

export interface Obligation {
  /** `unattach` (MTG unattach / Riftbound detach), `move` (to `zone`), `recall` (Riftbound). */
  action: 'unattach' | 'move' | 'recall';
  subject: CardObj;
  /** For unattach: the host's name; for move: the zone. */
  host?: string;
  zone?: string;
  code: 'missing-unattach' | 'missing-state-based-action';
  rules: string[];
  /**
   * Why it had to happen, in words, e.g. "its host lion left the battlefield"; or a function that
   * makes those words, for a hot place whose obligations are mostly discharged (never shown).
   */
  why: Message | (() => Message);
  cause: EventNode;
  /** The `together:` event the cause is a part of: a line that records it goes after the whole group. */
  group?: EventNode;
  /** The subject's object version when the obligation arose: if the same event moves it afterwards, it is moot (dropMoot). */
  version?: number;
  /**
   * A choice left to the scenario (MTG 616.1): the id of the permanent whose destruction umbra armor
   * replaced, with more than one Aura with umbra armor on it. Its controller chooses which Aura is
   * destroyed instead; nothing has moved yet. A line that moves one of those Auras to the obligation's
   * zone records the choice and is replayed as it (Ruleset.choose); with none, `subject` (the replay's
   * pick) goes once the consequences' window closes, and the obligation is reported as any other.
   */
  umbraOn?: string;
}

export type HostVerb = 'attach' | 'equip' | 'fortify' | 'cast' | 'enter';

/** What each game supplies. */
export interface Ruleset {
  readonly game: Game;
  /** Build a card from its declaration (zone, types...); the replay fills in names and owners. */
  declare(replay: Replay, card: CardObj, stmt: CardStmt): void;
  /**
   * Check and make an initial `attached to` from a declaration; returns whether it made it. With
   * `judgeDeclared`, what the rest of the declared board decides is left to that.
   */
  initialAttach(replay: Replay, card: CardObj, host: CardObj | PlayerObj, at: Range): boolean;
  /**
   * The declared board's attachments, every one made by initialAttach, judged on the whole board they
   * make (MTG: the control effects of the declared Control Magics, 613.1b, and so the range of
   * influence, 801.2), whatever the order of their lines: each decided on the same board, then the
   * illegal ones taken off together. `within` runs a finding's report in the file that declares it.
   */
  judgeDeclared?(replay: Replay, linked: readonly DeclaredAttachment[], within: (d: DeclaredAttachment, fn: () => void) => void): void;
  /** Replay one event (never `expect`). */
  event(replay: Replay, ev: EventNode): void;
  /** State-based actions after an event (MTG 704; Riftbound's corrective checks). */
  settle(replay: Replay, cause: EventNode | undefined): void;
  /** Could `att` legally be attached to `host` by this kind of event, in the current state? */
  legalHost(replay: Replay, att: CardObj, host: CardObj | PlayerObj, verb: HostVerb): boolean;
  /** Why `host` is not a legal host for `att` by this kind of event (undefined: it is legal); what completion says of an illegal host. */
  hostProblem(replay: Replay, att: CardObj, host: CardObj | PlayerObj, verb: HostVerb): { why: Message; rules: string[] } | undefined;
  /** The zones an `in ZONE` names in this game (MTG's graveyard, Riftbound's trash). */
  readonly zones: readonly string[];
  /** How the unattach verb is written in this game. */
  readonly unattachVerb: 'unattach' | 'detach';
  /**
   * Does this event only record what the last one caused (Riftbound's `cleanup` outside the Ending
   * Phase)? If so it is replayed as a consequence line is: the consequences still owed may follow it.
   */
  records?(replay: Replay, ev: EventNode): boolean;
  /** The zone a `move` line (or its sugar, `kill X`) puts its card into, in this game's words, when that is not the zone as written (Riftbound reads `kill` as to trash). */
  movedTo?(ev: Extract<EventNode, { kind: 'move' }>): string;
  /**
   * A choice a pending obligation left to the scenario (Obligation.umbraOn) is made: `chosen` (a card
   * named by a line that records it), or with undefined the replay's own pick, the obligation's subject.
   * Performs it and returns true, or false when `chosen` is not one the obligation allows.
   */
  choose?(replay: Replay, o: Obligation, chosen: string | undefined): boolean;
  /** A resolution with several parts (`together:`) is done: the cards that entered the battlefield in it, in order, entered at once and got their timestamps at the same moment (MTG 613.7m). */
  simultaneous?(replay: Replay, stamped: readonly CardObj[]): void;
  /** Why a token that ceased to exist (its zone is CEASED) can't be named any more: a clause, with its rules. */
  goneToken(card: CardObj): { rules: string[]; why: Message };
  /** Why `card` is not an object yet, a token declared off the battlefield (the board) that no effect has created; undefined for any other card. */
  uncreatedToken(card: CardObj): { rules: string[]; why: Message } | undefined;
  /** The first `game` line's options (MTG `range of influence N`, 801), read before the players and cards. */
  gameOptions(replay: Replay, st: GameStmt): void;
  /**
   * What on `host` the protections and restrictions it just gained (`gained`, Board.barred) may make
   * illegal (a protection that covers it, a restriction on its kind), in the order attached; a host
   * may be a player (MTG: what enchants a player with protection). Without, everything on a host that
   * gained either is judged again.
   */
  mayBar?(board: Board, host: CardObj | PlayerObj, gained: Barring): readonly CardObj[];
  /**
   * Can a change of a host's controller change what the rules make of what is attached to it, on this
   * board (MTG: an enchant or attach restriction that says who controls the host, or the range of
   * influence)? Without, everything on a host whose controller changed is looked at again.
   */
  hostControlMatters?(board: Board): boolean;
  /** Riftbound: why `expect X stunned` or `expect X empowered` (with or without `not`) fails, or undefined when it holds. */
  stateFailure?(replay: Replay, c: CardObj, a: Extract<Assertion, { kind: 'status' }> & { status: 'stunned' | 'empowered' }): { actual: Message; rules?: string[]; replacement?: string } | undefined;
}

/** A declared card's initial `attached to`, once made (Ruleset.judgeDeclared); `file`: the included file that declares it. */
export interface DeclaredAttachment {
  readonly card: CardObj;
  readonly host: CardObj | PlayerObj;
  readonly at: Range;
  readonly file: IncludedDeclarations | undefined;
}

/** For the tests: `always` has everything on a host whose controller changed looked at again, as before Ruleset.hostControlMatters. */
export const HOST_CONTROL = { always: false };

/** The players and cards of one included file, declared before the checked file's own. */
export interface IncludedDeclarations {
  readonly uri: string;
  readonly declarations: readonly Statement[];
}

/** What `begin` declares from included files, and who hears the findings about them (they are those files'). */
export interface IncludedBoard {
  readonly files: readonly IncludedDeclarations[];
  readonly heard?: (file: IncludedDeclarations, f: Finding) => void;
}

export interface ReplayOptions {
  /** Stop after the last statement that starts on or before this line (for hovers and pictures). */
  untilLine?: number;
  /** Collect step summaries (inlay hints). */
  steps?: boolean;
  /** The user's card data: declarations by name take their characteristics from it (core/cards). */
  cards?: CardCatalogs;
}

/** What a copy of the replay that keeps no text is made with (textlessCopy). */
const NO_TEXT: DocumentInfo = { comments: [], eol: '\n', lineCount: 0 };

/**
 * A copy of `from` that keeps no text or comments: a checkpoint (the check's resume points, the
 * timeline's checkpoints), only ever copied again, never stepped, which a later version of the
 * text may take on without keeping this one alive.
 */
export function textlessCopy(from: Replay, versionWritten: string | undefined): Replay {
  return new Replay(NO_TEXT, '', from.rules, versionWritten, {}, from);
}

/**
 * A copy of a replay of an earlier text as the replay of a later one whose edits moved its lines
 * (`moves`, in turn), made when first asked for: most of the copies a check takes on from an
 * earlier one are never resumed from, and a copy costs one object per card. It keeps no text
 * (textlessCopy), as every copy of the check's.
 */
export class MovedReplay {
  constructor(
    /** The replay it is made from: the earlier text's, or once made, the copy itself (then `moves` is empty). */
    private base: Replay,
    private pending: readonly LineMove[],
    private readonly versionWritten: string | undefined,
  ) {}
  get source(): Replay {
    return this.base;
  }
  get moves(): readonly LineMove[] {
    return this.pending;
  }
  get replay(): Replay {
    if (this.pending.length > 0) {
      const r = textlessCopy(this.base, this.versionWritten);
      for (const m of this.pending) r.moveLines(m);
      // The earlier text's replay is no longer needed here.
      this.base = r;
      this.pending = [];
    }
    return this.base;
  }
}

/** A replay standing after `index` statements that is a MovedReplay (made when first asked for). */
export class MovedCheckpoint {
  constructor(
    readonly index: number,
    readonly moved: MovedReplay,
  ) {}
  get replay(): Replay {
    return this.moved.replay;
  }
}

/** A timestamp of an earlier text's replay shifted by the `moves` that shift any, in turn. */
export function movedStampBy(timestamp: number, moves: readonly LineMove[]): number {
  for (let i = 0; i < moves.length; i++) if (moves[i].stamps) timestamp = movedStamp(timestamp, moves[i].stamps!);
  return timestamp;
}

/** The template of a failed `newer than` expectation's actual state: the one message that states raw timestamps. */
const STATED_TIMESTAMPS = '{0} has timestamp {1} and {2} has {3}';

/** Does the finding state raw timestamps (so an edit that shifted them makes it another message)? */
export function statesTimestamps(f: Finding): boolean {
  return f.code === 'expectation-failed' && f.text !== undefined && f.text.args.some((x) => typeof x === 'object' && x.template === STATED_TIMESTAMPS);
}

/** A line of an earlier text moved by `moves` in turn. */
export function movedLineBy(line: number, moves: readonly LineMove[]): number {
  for (let i = 0; i < moves.length; i++) line = movedLine(line, moves[i]);
  return line;
}

export class Replay {
  readonly board: Board;
  readonly findings: Finding[] = [];
  readonly steps: Step[] = [];
  readonly version: RulesVersion | undefined;
  /**
   * Does the declared version number rules otherwise than the canonical numbering (an older one)?
   * Only then do messages get their cited numbers rewritten (`report`, `endStep`, `cite`).
   */
  private readonly renumbers: boolean;
  expectations = 0;
  events = 0;
  /** Cards whose legality may have changed since the last state-based action check, each once (its `dirty` flag). */
  private dirtyCards: CardObj[] = objectList();
  /** The list takeDirty handed out last time (its caller is done with it by the next call): the next one to fill. */
  private spareDirty: CardObj[] = objectList();
  private readonly pending = new Owed();
  private notes: (string | Message)[] = [];
  private readonly collectSteps: boolean;
  /** The user's card data, if any (kept by copies: a resumed replay declares nothing more). */
  readonly cards: CardCatalogs | undefined;

  constructor(
    /**
     * The document's line break, line count and comments (for fixes); it may still be growing, and
     * a check in slices gives each slice's own (analysisSteps).
     */
    public doc: DocumentInfo,
    readonly text: string,
    readonly rules: Ruleset,
    versionWritten: string | undefined,
    options: ReplayOptions,
    /** Go on from where this replay stands (its board and pending consequences are copied). */
    from?: Replay,
  ) {
    this.version = resolveVersion(rules.game, versionWritten);
    this.renumbers = numberedOtherwise(rules.game, this.version);
    this.collectSteps = options.steps ?? false;
    this.cards = options.cards ?? from?.cards;
    if (!from) {
      this.board = new Board(rules.game);
      return;
    }
    this.board = from.board.clone();
    // Names are declared only by `begin`, on a fresh replay: a copy shares the included files they come from.
    this.declaredIn = from.declaredIn;
    this.names = from.names.mapped((x) => (isCard(x) ? this.board.cards.get(x.id)! : this.board.players.get(x.id)!));
    for (const o of from.pending.list()) this.pending.push({ ...o, subject: this.board.cards.get(o.subject.id)! });
    for (const c of from.dirtyCards) this.markDirty(this.board.cards.get(c.id)!);
    this.events = from.events;
    this.expectations = from.expectations;
  }

  // ---- findings --------------------------------------------------------------------------

  /** Cited rule lists by code and cause (see report). */
  private readonly citedRules = new Map<string, string[]>();

  /** Reports a finding. `rules` are canonical numbers; they are cited in the scenario's version. */
  report(
    code: string,
    range: Range,
    message: string | Message,
    opts: { rules?: string[]; related?: RelatedLocation[]; fixes?: Fix[]; subjects?: string[] } = {},
  ): void {
    let text = asMessage(message);
    // The rule numbers its text writes, in the declared version's numbering (a scenario with older rules only).
    if (this.renumbers) text = this.renumbered(text);
    const info = codeInfo(code);
    // The cited list of a code and its cause is made once per replay and shared by its findings
    // (a file with a million findings of one kind keeps one list, not a million).
    const key = opts.rules && opts.rules.length ? `${code} ${opts.rules.join(' ')}` : code;
    let rules = this.citedRules.get(key);
    if (!rules) {
      const cited: string[] = [];
      for (const r of [...info.rules[this.rules.game], ...(opts.rules ?? [])]) {
        // A rule newer than the declared version is cited by its nearest parent that exists there.
        // A whole rule newer than the version (Riftbound 335, first in v1.3) has no parent to cite there:
        // the number would be another rule's in that version, so it is left out.
        const c = citedIn(this.rules.game, this.version, r);
        if (c !== undefined && !cited.includes(c)) cited.push(c);
      }
      rules = Object.freeze(cited) as string[];
      this.citedRules.set(key, rules);
    }
    const f: Finding = {
      code,
      kind: info.kind,
      severity: info.severity,
      rules,
      message: renderMessage(text),
      text,
      range,
      related: opts.related ?? [],
      fixes: opts.fixes ?? [],
      subjects: opts.subjects ?? [],
    };
    if (this.redirect) this.redirect(f);
    else this.findings.push(f);
  }

  /** `text` with the rule numbers its templates write as the declared version numbers them (`Message.renumber`), when any moves. */
  private renumbered(text: Message): Message {
    const renumber = textRenumbering(this.rules.game, this.version, text);
    return renumber === undefined ? text : { template: text.template, args: text.args, renumber };
  }

  /**
   * A canonical rule number as the declared version cites it (its nearest parent there for a newer
   * rule; as it is when there is none), for a message that gives a rule number as an argument
   * (`ceased to exist ({1})`): the text of an argument is never renumbered as it is shown.
   */
  cite(canonical: string): string {
    return this.renumbers ? (citedIn(this.rules.game, this.version, canonical) ?? canonical) : canonical;
  }

  /** While the declarations of an included file are made: where their findings go (they are that file's). */
  private redirect: ((f: Finding) => void) | undefined;

  /** Runs `fn` with the findings it reports going to `heard` for `file` (none for the checked file's own). */
  private within(file: IncludedDeclarations | undefined, heard: ((file: IncludedDeclarations, f: Finding) => void) | undefined, fn: () => void): void {
    if (!file) {
      fn();
      return;
    }
    this.redirect = (f) => heard?.(file, f);
    try {
      fn();
    } finally {
      this.redirect = undefined;
    }
  }

  /** Are step summaries collected? Callers test it before `note`, so no note is made for nothing. */
  get noting(): boolean {
    return this.collectSteps;
  }

  /** A note for the current step's summary (inlay hints, step review); built only when steps are collected. */
  note(text: () => string | Message): void {
    if (this.collectSteps) this.notes.push(text());
  }

  /**
   * Does `other` stand in the same state: the same board, the same pending consequences (caused
   * at the same places)? Then replaying the same text on gives the same result. The counts of
   * events and expectations may differ (an event line typed or deleted before): they decide
   * nothing, and a resumed check adds the earlier analysis's counts from the cutoff on.
   * With `earlier` and `edit`, `other` is a replay of an earlier text whose lines (and
   * timestamps) edits moved, in turn (`edit`: this text's own): its positions and timestamps are
   * compared as those of this text.
   */
  sameStateAs(other: Replay, earlier: readonly LineMove[] = [], edit?: LineMove): boolean {
    if (this.dirtyCards.length !== 0 || other.dirtyCards.length !== 0) return false;
    if (this.pending.length !== other.pending.length) return false;
    const moves = edit ? [...earlier, edit] : earlier;
    const before = (l: number) => movedLineBy(l, earlier);
    const move = moves.length > 0 ? (l: number) => movedLineBy(l, moves) : undefined;
    const stamp = moves.some((m) => m.stamps) ? (t: number) => movedStampBy(t, moves) : undefined;
    const mine = this.pending.list();
    const theirs = other.pending.list();
    for (let i = 0; i < mine.length; i++) {
      const a = mine[i];
      const b = theirs[i];
      // Across lines this text's edit moved, a pending consequence must have been caused in the
      // moved part: the line its fix inserts is found from the cause (the next line), which moves with it only there.
      if (edit && edit.delta !== 0 && (before(b.cause.range.start.line) < edit.from || (b.group && before(b.group.range.start.line) < edit.from))) return false;
      const same =
        a.action === b.action && a.subject.id === b.subject.id && a.host === b.host && a.zone === b.zone && a.umbraOn === b.umbraOn && a.code === b.code && a.why === b.why && sameValue(a.rules, b.rules) && sameValue(a.cause.range, b.cause.range, move);
      if (!same) return false;
    }
    return this.board.sameAs(other.board, move, stamp);
  }

  /**
   * Makes this replay, a fresh copy of the replay of an earlier text, the replay of the new one:
   * the positions its board and pending consequences hold are moved by `move` (the lines an edit
   * moved), and its timestamps shifted (the ones it gave). Only for a copy no one else holds.
   */
  moveLines(move: LineMove): void {
    this.board.moveLines(move);
    if (move.delta === 0) return;
    const line = (l: number) => movedLine(l, move);
    if (this.pending.length !== 0) this.pending.replace(this.pending.list().map((o) => ({ ...o, cause: movedLines(o.cause, line), group: o.group && movedLines(o.group, line) })));
  }

  // ---- cards to check ---------------------------------------------------------------------

  /** The card's legality may have changed: the next state-based action check looks at it. */
  markDirty(c: CardObj): void {
    if (c.dirty) return;
    c.dirty = true;
    this.dirtyCards.push(c);
  }

  /**
   * The cards marked since the last call, in the order they were marked; they are unmarked. The list
   * is the caller's until the next call (two lists take turns: none is made per event).
   */
  takeDirty(): CardObj[] {
    // A host whose type-changing attachments came, went or changed has its types worked out again (613.1d).
    this.retypeHosts();
    // A host whose attachments' toughness or Might bonuses changed: it may now die (MTG 704.5f, 704.5g; Riftbound 143.2.a).
    const reweighed = this.board.reweighed;
    while (reweighed.length !== 0) this.markDirty(reweighed.pop()!);
    // A host a control effect tracks lost an attachment: the effect may no longer hold (611.2b).
    const unheld = this.board.unheld;
    while (unheld.length !== 0) this.markDirty(unheld.pop()!);
    // A host whose abilities its attachments' grants changed: what is on it may now be illegal.
    const regranted = this.board.regranted;
    while (regranted.length !== 0) {
      const h = regranted.pop()!;
      this.markDirty(h);
      for (const id of h.attachments) this.markDirty(this.board.cards.get(id)!);
    }
    // A host whose controller a control effect changed: what is on it, where that can matter (a
    // creature given to each player in turn with thousands of Auras on it).
    const recontrolled = this.board.recontrolled;
    while (recontrolled.length !== 0) {
      const h = recontrolled.pop()!;
      this.markDirty(h);
      if (this.rules.hostControlMatters === undefined || this.rules.hostControlMatters(this.board) || HOST_CONTROL.always) for (const id of h.attachments) this.markDirty(this.board.cards.get(id)!);
    }
    // A host that only gained protections or restrictions: what is on it that they may bar (a host
    // given thousands of protections, each from another name, one attach at a time).
    const barred = this.board.barred;
    const mayBar = this.rules.mayBar;
    while (barred.length !== 0) {
      const { host, gained } = barred.pop()!;
      this.markDirty(host);
      if (mayBar === undefined) for (const id of host.attachments) this.markDirty(this.board.cards.get(id)!);
      else for (const a of mayBar(this.board, host, gained)) this.markDirty(a);
    }
    // MTG: a host whose toughness may have changed (its bonuses, counters, an effect or its end all mark it):
    // what is on it that asks for a toughness (Gate Smasher), only on a board with such a filter.
    if (this.board.toughnessFiltersDeclared) this.markToughnessReaders();
    const out = this.dirtyCards;
    if (out.length === 0) return out;
    // A card some control effect tracks changed: the effects that no longer hold end (611.2b); what
    // that changes is handed to the next call (Board.regranted).
    if (this.board.watching) for (let i = 0; i < out.length; i++) endUnheld(this, out[i]);
    const next = this.spareDirty;
    // Emptied by pops (setting the length is a call into the engine's runtime, slower for a few items).
    while (next.length !== 0) next.pop();
    this.dirtyCards = next;
    this.spareDirty = out;
    for (let i = 0; i < out.length; i++) out[i].dirty = false;
    return out;
  }

  /**
   * The attachments that read their host's toughness (readsHostToughness) on each card marked so far
   * that has a stated toughness (one without fits every such filter: rules/mtg/characteristics.ts,
   * toughnessFits), marked too. The list grows as they are marked, and they are read in turn (an Aura
   * on an Equipment creature). Only on a board with such a filter (Board.toughnessFiltersDeclared).
   */
  private markToughnessReaders(): void {
    const list = this.dirtyCards;
    const cards = this.board.cards;
    for (let i = 0; i < list.length; i++) {
      const h = list[i];
      if (h.toughness === undefined || h.attachments.size === 0) continue;
      for (const id of h.attachments) {
        const a = cards.get(id)!;
        if (readsHostToughness(a)) this.markDirty(a);
      }
    }
  }

  // ---- names -----------------------------------------------------------------------------

  private names = new NameTable<CardObj | PlayerObj>();

  /**
   * The card or player an event names. A token that ceased to exist (MTG 111.7, 704.5d; Riftbound
   * 186.1) is gone: no event can name it, so the line is an impossible event.
   */
  lookup(name: Name | undefined): CardObj | PlayerObj | undefined {
    if (!name) return undefined;
    const found = this.names.get(name.text);
    if (!found) this.reportUnknown(name);
    else if (found.isCard && found.zone === CEASED) {
      // An `expect` line says so itself (expect); an event can't happen.
      if (this.expecting) this.goneSeen ??= found;
      else {
        const gone = this.rules.goneToken(found);
        this.report('impossible-event', name.range, msg`${gone.why}. The event can't happen, and the replay skips it. Remove the line, or name a card that exists.`, { rules: gone.rules, subjects: [found.id] });
      }
      return undefined;
    } else if (found.isCard && found.zone === FACE) {
      // A back face is a face of a card, never an object of its own (MTG 712.2, 712.8e).
      const front = found.faceOf;
      this.report('impossible-event', name.range, front !== undefined
        ? msg`${found.id} is the back face of ${front}, not an object of its own, and an event or an assertion names the card: \`transform ${front}\` turns it over, \`expect ${front} transformed\` asks which face is up. Name ${front} instead.`
        : msg`${found.id} is declared a back face, not an object of its own, and no card names it (\`transforms into ${found.id}\`). Name the double-faced card instead.`, { rules: ['712.2', '712.8e'], subjects: [found.id] });
      return undefined;
    } else if (found.isCard && this.board.merges && found.zone === MERGED && !this.namingParts) {
      // A card merged into a permanent is part of that object, never one of its own (MTG 730.2b).
      const into = found.merge?.kind === 'part' ? found.merge.into : '?';
      this.report('impossible-event', name.range, msg`${found.id} is merged into ${into}: it is one of the cards of that permanent, no object of its own, and an event or an assertion names the permanent, ${into}. Name ${into} instead (\`expect ${found.id} merged with ${into}\` asks whether it still is).`, { rules: ['730.2', '730.2b'], subjects: [found.id, into] });
      return undefined;
    }
    return found;
  }

  /** While a `merged with` assertion is evaluated: it names cards merged into a permanent (MTG 730.2b), which lookup otherwise refuses. */
  private namingParts = false;

  /** While an assertion is evaluated: the first gone token it names (lookup), which makes it fail. */
  private expecting = false;
  private goneSeen: CardObj | undefined;

  /**
   * The card `name` names, even a token that has ceased to exist: what it did outlives it (an ability
   * it put on the stack, MTG 113.7a; the triggers it counted). Any other name is looked up as `card` does.
   */
  cardOrGone(name: Name): CardObj | undefined {
    const found = this.names.get(name.text);
    return found?.isCard && found.zone === CEASED ? found : this.card(name);
  }

  /** The card or player `name` names, even a token that has ceased to exist (as cardOrGone). */
  lookupOrGone(name: Name): CardObj | PlayerObj | undefined {
    const found = this.names.get(name.text);
    return found?.isCard && found.zone === CEASED ? found : this.lookup(name);
  }

  card(name: Name | undefined): CardObj | undefined {
    const x = this.lookup(name);
    if (x && !isCard(x)) {
      this.report('unknown-name', name!.range, msg`'${name!.text}' is a player, not a card.`, { subjects: [name!.text] });
      return undefined;
    }
    return x;
  }

  player(name: Name | undefined): PlayerObj | undefined {
    const x = this.lookup(name);
    if (x && isCard(x)) {
      this.report('unknown-name', name!.range, msg`'${name!.text}' is a card, not a player.`, { subjects: [name!.text] });
      return undefined;
    }
    return x;
  }

  /** The declared names, indexed for suggestions when the first unknown name needs them (names are fixed once declared). */
  private suggestions: NameIndex | undefined;

  private reportUnknown(name: Name): void {
    const close = (this.suggestions ??= new NameIndex(this.names.names())).closest(name.text);
    this.report('unknown-name', name.range, msg`No card or player is named '${name.text}'.${close.length ? msg` Did you mean '${close[0]}'?` : msg` Declare it with \`card\` or \`player\` first.`}`, {
      fixes: close.map((c) => (titledFix(msg`Change to '${c}'`, false, [{ range: name.range, newText: c }]))),
      subjects: [name.text],
    });
  }

  // ---- obligations -----------------------------------------------------------------------

  oblige(o: Obligation): void {
    if (this.group) o.group = this.group.node;
    o.version = o.subject.version;
    this.pending.push(o);
  }

  /**
   * An attachment that the event unattached and then moved to another zone itself (a player leaving
   * with their creature and the Aura on it, 800.4a; `together: destroy lion; destroy rancor`) owes no
   * unattach line: its own leaving is its becoming unattached (701.3d), and the new object can't be
   * unattached. Run once per event, before the state-based actions, over that event's obligations
   * (the earlier ones were reported or recorded before it).
   */
  private dropMoot(): void {
    // A module function: a closure here would be allocated on every event.
    this.pending.dropWhere(isMoot);
  }

  // ---- one resolution with several parts (`together:`) ------------------------------------

  /**
   * The group being replayed: its event, the cards that entered the battlefield in it, the part
   * being applied, and the fixes that remove a part (their edits are known once the group is done).
   */
  private group:
    | {
        node: Extract<EventNode, { kind: 'together' }>;
        entered: Set<string>;
        stamped: CardObj[];
        replaced: Set<string>;
        phased: Set<string>;
        left: Map<string, LookedBack[]>;
        /** What each attachment was unattached from as its host left, in this step (unattachedAsHostLeft; MTG 603.10a). */
        leftFrom: Map<string, HostRef> | undefined;
        /** The Auras with umbra armor destroyed in this step, by the id of the host each was on (MTG 702.89a; umbraDestroyed). */
        umbras: Map<string, CardObj> | undefined;
        part: number;
        removals: { index: number; fix: Fix; redundant: boolean }[];
        /** A finding said once for the whole line was said (onceInGroup). */
        saidOnce: boolean;
      }
    | undefined;

  /**
   * For a finding said once for a `together:` line, not once per part (an event after the game ended,
   * engine/leave.ts): true outside a group, and the first time it is asked in the group being replayed.
   */
  onceInGroup(): boolean {
    const g = this.group;
    if (g === undefined) return true;
    if (g.saidOnce) return false;
    g.saidOnce = true;
    return true;
  }

  /** Is a `together:` group being replayed (its parts happen at the same time)? */
  get grouped(): boolean {
    return this.group !== undefined;
  }

  /** Did `card` enter the battlefield in the group being replayed (at the same time as the part now applied)? */
  enteredTogether(card: CardObj): boolean {
    return this.group !== undefined && this.group.entered.has(card.id);
  }

  /**
   * A replacement moved `card` in place of another (an Aura with umbra armor destroyed instead of its
   * creature). In a group, a later part that does the same to it (`together: destroy bears; destroy
   * snake`, a "destroy all") finds it done: `movedByReplacement`.
   */
  replacementMoved(card: CardObj): void {
    this.group?.replaced.add(card.id);
  }

  /**
   * `aura`, with umbra armor, is destroyed while attached to `host` in a step of a group: a destruction of
   * the host in the same step happens at the same time, and the Aura's umbra armor replaces it (MTG
   * 702.89a; Akroma's Vengeance destroying a creature and its Aura, written in either order).
   */
  umbraDestroyed(host: string, aura: CardObj): void {
    if (this.group) (this.group.umbras ??= new Map()).set(host, aura);
  }

  /** The Aura with umbra armor destroyed from `host` earlier in this step of the group being replayed, if any (umbraDestroyed). */
  umbraDestroyedFrom(host: string): CardObj | undefined {
    return this.group?.umbras?.get(host);
  }

  /** Did a replacement move `card` earlier in the group being replayed? */
  movedByReplacement(card: CardObj): boolean {
    return this.group !== undefined && this.group.replaced.has(card.id);
  }

  /** A card entered the battlefield (the rules call this as they move it). */
  entered(card: CardObj): void {
    if (!this.group) return;
    this.group.entered.add(card.id);
    this.group.stamped.push(card);
  }

  /** A card phased out, directly or with its host (the rules call this as they phase it). */
  phasedOut(card: CardObj): void {
    this.group?.phased.add(card.id);
  }

  /**
   * `att`, with a triggered ability about its host dying, left the zone it was in while attached to
   * `host`, in the group being replayed: if `host` dies in a later part of the same step, that ability
   * looks back to when both were there (MTG 603.10a; Skullclamp and its creature destroyed at once).
   */
  leftWhileAttached(host: string, l: LookedBack): void {
    if (!this.group) return;
    const list = this.group.left.get(host);
    if (list) list.push(l);
    else this.group.left.set(host, [l]);
  }

  /**
   * `att` became unattached from `host` (as it was then) because `host` left, in a step of the group being
   * replayed: if `att` leaves the battlefield later in the same step, what it was attached to as it left
   * looks back to `host` (MTG 603.10a: Oathkeeper destroyed together with its creature).
   */
  unattachedAsHostLeft(att: string, host: HostRef): void {
    if (this.group) (this.group.leftFrom ??= new Map()).set(att, host);
  }

  /** What `att` was unattached from by its host's leaving earlier in this step of the group being replayed (unattachedAsHostLeft). */
  attachedEarlierInStep(att: string): HostRef | undefined {
    return this.group?.leftFrom?.get(att);
  }

  /** The attachments that left `host` earlier in the step of the group being replayed, as they were (leftWhileAttached). */
  leftTogetherFrom(host: string): readonly LookedBack[] {
    return this.group?.left.get(host) ?? NO_LOOKED_BACK;
  }

  /** The death watchers that left the battlefield (the board) in this step (watcherLeft). */
  private gone: WatcherGone[] = [];
  /** What waits for the end of this step (atStepEnd). */
  private stepEnd: (() => void)[] = [];

  /**
   * A card with an ability about another creature's death left the battlefield (the board) in this step:
   * `w` is what it was (MTG 603.10a looks back to it; Riftbound says why it saw nothing, 383.2.c.2). Only
   * as it was before the step: not again, and not if it entered in the step.
   */
  watcherLeft(w: WatcherGone): void {
    if (this.enteredTogether(w.card)) return;
    for (const g of this.gone) if (g.card === w.card) return;
    this.gone.push(w);
  }

  /** The death watchers that left earlier in this step (watcherLeft): at most one per watcher. */
  watchersGoneTogether(): readonly WatcherGone[] {
    return this.gone;
  }

  /**
   * Runs `fn` at the end of this step: after the event, or after every part of a step of a group (Riftbound
   * 383.2.c: a trigger condition is evaluated once the event is done).
   */
  atStepEnd(fn: () => void): void {
    this.stepEnd.push(fn);
  }

  /** A card's controller before this step of a group (Board.controlBefore): what a "dies" trigger looks back to (603.10a). */
  controllerBefore(card: CardObj): string | undefined {
    const before = this.board.controlBefore;
    return before !== undefined && before.has(card.id) ? before.get(card.id) : card.controller;
  }

  /** Did `card` phase out in the group being replayed, at the same time as the part now applied (MTG 702.26h)? */
  phasedOutTogether(card: CardObj): boolean {
    return this.group !== undefined && this.group.phased.has(card.id);
  }

  /**
   * `together:`: every part is applied in the order written, with no state-based action check
   * between them (704.3: they are checked only when a player would get priority, after the whole
   * resolution). A part that records a consequence of an earlier part discharges it.
   */
  private together(st: Extract<EventNode, { kind: 'together' }>): void {
    const watching = this.board.deathWatchers.length !== 0;
    if (watching) this.board.controlBefore = new Map();
    const group: NonNullable<Replay['group']> = { node: st, entered: new Set(), stamped: [], replaced: new Set(), phased: new Set(), left: new Map(), leftFrom: undefined, umbras: undefined, part: 0, removals: [], saidOnce: false };
    this.group = group;
    const steps = st.steps;
    let step = 0;
    try {
      for (let i = 0; i < st.parts.length; i++) {
        group.part = i;
        // `then`: what the earlier parts did is done; the next step sees it (the cards that entered are
        // on the battlefield, not entering at the same time), still with no state-based action between.
        if (steps !== undefined && steps[step] === i) {
          step++;
          this.endOfStep();
          if (watching) this.board.controlBefore = new Map();
          if (group.stamped.length > 1) this.rules.simultaneous?.(this, group.stamped);
          group.entered.clear();
          group.stamped = [];
          group.replaced.clear();
          group.phased.clear();
          group.left.clear();
          group.leftFrom = undefined;
          group.umbras = undefined;
        }
        const part = st.parts[i];
        if (this.discharges(part)) continue;
        this.rules.event(this, part);
        // What an attachment attached or removed by this part makes of its host's types holds for the
        // next parts (613.1d applies at once; only the state-based actions wait for the group's end).
        this.retypeHosts();
      }
      this.endOfStep();
      if (group.stamped.length > 1) this.rules.simultaneous?.(this, group.stamped);
    } finally {
      this.group = undefined;
      this.board.controlBefore = undefined;
      if (group.removals.length > 0) this.settleRemovals(group.node, group.removals);
    }
  }

  /** The end of a step (an event, a step of a group): what waited for it runs (atStepEnd), in the order asked; the watchers gone are forgotten. */
  private endOfStep(): void {
    if (this.stepEnd.length !== 0) {
      const fns = this.stepEnd;
      this.stepEnd = [];
      for (const fn of fns) fn();
    }
    if (this.gone.length !== 0) this.gone = [];
  }

  /** Owed.takeFirst's chooser: the choice `o` leaves to the scenario, made with `subject` if it allows it. */
  chooses(o: Obligation, subject: string): boolean {
    return this.rules.choose!(this, o, subject);
  }

  /** Does this event record a pending consequence? If so it is discharged and the event does nothing. */
  private discharges(ev: EventNode): boolean {
    const pending = this.pending;
    if (pending.length === 0) return false;
    // The first pending obligation of the same action on the same subject (and host or zone, if written).
    let host: string | undefined;
    let zone: string | undefined;
    if (ev.kind === 'unattach') host = ev.host?.text;
    else if (ev.kind === 'move') zone = ev.zone.place && ev.zone.zone === 'battlefield' ? `battlefield:${ev.zone.place.text}` : (this.rules.movedTo?.(ev) ?? ev.zone.zone);
    else if (ev.kind !== 'recall') return false;
    const action = ev.kind;
    const subject = ev.subject.text;
    // A choice left to the scenario is recorded by a line that moves any card it allows, and made as
    // the line is read (chooses; the obligations it adds come after the one taken out).
    if (pending.takeFirst(action, subject, host, zone, this) === undefined) return false;
    if (this.collectSteps) this.notes.push(msg`recorded`);
    return true;
  }

  /**
   * Turns every pending obligation into a finding at its cause. A choice left to the scenario and not
   * recorded is then made as the replay picks it (its subject); what that causes is not recorded either.
   */
  flush(): void {
    while (this.pending.length !== 0) {
      const owed = this.pending.take();
      for (const o of owed) this.reportMissing(o);
      for (const o of owed) if (o.umbraOn !== undefined) this.rules.choose!(this, o, undefined);
    }
  }

  private reportMissing(o: Obligation): void {
    const line = this.consequenceLine(o);
    const what = o.action === 'unattach' ? (this.rules.unattachVerb === 'detach' ? msg`${o.subject.id} detaches from ${o.host}` : msg`${o.subject.id} becomes unattached from ${o.host}`) : o.action === 'move' ? msg`${o.subject.id} goes to ${zoneWord(o.zone ?? '')}` : msg`${o.subject.id} is recalled`;
    this.report(
      o.code,
      o.cause.range,
      msg`${what}: ${typeof o.why === 'function' ? o.why() : o.why}. The scenario does not record it; add \`${line}\` ${o.group ? msg`as a part of this group, or after it` : msg`after this event`}.`,
      {
        rules: o.rules,
        related: o.subject.attachedAt ? [relatedAt(o.subject.attachedAt, msg`${o.subject.id} became attached here`)] : [],
        fixes: [titledFix(msg`Insert "${line}"`, true, [this.insertAfter(o.group ?? o.cause, line)])],
        subjects: [o.subject.id, ...(o.host ? [o.host] : [])],
      },
    );
  }

  private consequenceLine(o: Obligation): string {
    if (o.action === 'unattach') return `${this.rules.unattachVerb} ${o.subject.id} from ${o.host}`;
    if (o.action === 'recall') return `recall ${o.subject.id}`;
    const zone = o.zone!.startsWith('battlefield:') ? `battlefield ${o.zone!.slice(12)}` : o.zone;
    return `move ${o.subject.id} to ${zone}`;
  }

  private starts: number[] | undefined;

  /**
   * The text of `pos`'s line before it, in the checked file (for a fix that must see what precedes a
   * node); undefined while an included file's declarations are made, whose text this is not.
   */
  lineBefore(pos: { line: number; character: number }): string | undefined {
    if (this.redirect) return undefined;
    const starts = (this.starts ??= lineStartsOf(this.text));
    if (pos.line >= starts.length) return undefined;
    return this.text.slice(starts[pos.line], starts[pos.line] + pos.character);
  }

  /** Length of a line (without its break); line starts are computed once, on first use. */
  private lineLength(line: number): number {
    const starts = (this.starts ??= lineStartsOf(this.text));
    if (line >= starts.length) return 0;
    let end = line + 1 < starts.length ? starts[line + 1] : this.text.length;
    while (end > starts[line] && (this.text.charCodeAt(end - 1) === 10 || this.text.charCodeAt(end - 1) === 13)) end--;
    return end - starts[line];
  }

  /** An edit that inserts a line after a statement (and its continuation lines). */
  insertAfter(st: Statement, line: string): TextEdit {
    const last = st.range.end.line;
    const eol = this.doc.eol;
    if (last + 1 < this.doc.lineCount) {
      return { range: { start: { line: last + 1, character: 0 }, end: { line: last + 1, character: 0 } }, newText: line + eol };
    }
    const end = { line: last, character: this.lineLength(last) };
    return { range: { start: end, end }, newText: eol + line };
  }

  /**
   * The safe fix that removes an event which does nothing (a redundant attach, an unattach of
   * something unattached). An event on a line of its own goes with its lines (`deleteStatement`);
   * a part of a `together:` group goes alone, with one `;` beside it, never with the other
   * parts of its line: its edit is made when the whole group has been replayed (`settleRemovals`).
   */
  removalFix(ev: EventNode, redundant: boolean): Fix {
    const g = this.group;
    if (g && g.node.parts[g.part] === ev) {
      const fix: Fix = titledFix(redundant ? msg`Remove the redundant part` : msg`Remove the part`, true, []);
      // The part did nothing: the findings on the whole group stay as they are without it.
      fix.keeps = g.node.range;
      g.removals.push({ index: g.part, fix, redundant });
      return fix;
    }
    // Not a part of the group being replayed (nothing calls it so today): its line is the group's.
    if (g) return titledFix(msg`Remove the whole line, with the other parts of the group`, false, [this.deleteStatement(g.node)]);
    return titledFix(redundant ? msg`Remove the redundant line` : msg`Remove the line`, true, [this.deleteStatement(ev)]);
  }

  /**
   * The edits of the fixes that remove parts of a group, now that every part's fate is known.
   * When every part goes, each fix removes the whole statement (the same edit, so fix-all applies
   * it once). Otherwise each removed part is cut with the `;` after it, or, when no part after it
   * stays, with the `;` before it, so that the cuts of several parts never overlap. A cut must take
   * nothing but the part, white space and its `;` (a comment between parts stays): where it can't,
   * the fix removes the whole line and is not safe.
   */
  private settleRemovals(group: Extract<EventNode, { kind: 'together' }>, removals: { index: number; fix: Fix; redundant: boolean }[]): void {
    const parts = group.parts;
    const removed = new Uint8Array(parts.length);
    for (const r of removals) removed[r.index] = 1;
    let lastKept = -1;
    for (let i = 0; i < parts.length; i++) if (!removed[i]) lastKept = i;
    const whole = () => this.deleteStatement(group);
    if (lastKept < 0) {
      for (const r of removals) {
        Object.assign(r.fix, titled(r.redundant ? msg`Remove the redundant line` : msg`Remove the line`));
        r.fix.edits = [whole()];
      }
      return;
    }
    const starts = (this.starts ??= lineStartsOf(this.text));
    const at = (p: { line: number; character: number }) => offsetAt(starts, this.text, p);
    for (const r of removals) {
      const k = r.index;
      const [from, to] = k > lastKept ? [parts[k - 1].range.end, parts[k].range.end] : [parts[k].range.start, parts[k + 1].range.start];
      const gap = k > lastKept ? [parts[k - 1].range.end, parts[k].range.start] : [parts[k].range.end, parts[k + 1].range.start];
      if (onlySeparator(this.text, at(gap[0]), at(gap[1]))) r.fix.edits = [{ range: { start: from, end: to }, newText: '' }];
      else {
        Object.assign(r.fix, titled(msg`Remove the whole line, with the other parts of the group`));
        r.fix.safe = false;
        r.fix.edits = [whole()];
      }
    }
  }

  /**
   * An edit that deletes the whole lines of a statement. Comments written on those lines are
   * kept, each on a line of its own, so a fix never loses the author's words.
   */
  deleteStatement(st: Statement): TextEdit {
    const first = st.range.start.line;
    const last = st.range.end.line;
    const kept = this.commentsOn(first, last).map((c) => '#' + c.text);
    const eol = this.doc.eol;
    if (last + 1 < this.doc.lineCount) {
      return { range: { start: { line: first, character: 0 }, end: { line: last + 1, character: 0 } }, newText: kept.map((c) => c + eol).join('') };
    }
    // The last line of the file: empty it (the line break before it stays, so this edit never
    // overlaps the deletion of the line above).
    return { range: { start: { line: first, character: 0 }, end: { line: last, character: this.lineLength(last) } }, newText: kept.join(eol) };
  }

  /** The comments that start on lines first..last (comments are in document order: binary search). */
  private commentsOn(first: number, last: number) {
    const cs = this.doc.comments;
    let lo = 0;
    let hi = cs.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cs[mid].range.start.line < first) lo = mid + 1;
      else hi = mid;
    }
    const out = [];
    for (let i = lo; i < cs.length && cs[i].range.start.line <= last; i++) out.push(cs[i]);
    return out;
  }

  // ---- the run ---------------------------------------------------------------------------

  /** Replays a whole document: declarations, then each event up to `untilLine`. */
  run(statements: readonly Statement[], untilLine?: number, included?: IncludedBoard): void {
    this.begin(statements, included);
    for (const st of statements) {
      if (untilLine !== undefined && st.range.start.line > untilLine) break;
      this.step(st);
    }
    if (untilLine === undefined) this.finish();
  }

  /** Builds the initial board from the declarations among `statements` (events are skipped). */
  begin(statements: readonly Statement[], included?: IncludedBoard): void {
    // The included file each included card comes from, by id; none without included files (most
    // checks), where nothing below looks for one.
    const fromFile = included !== undefined && included.files.length !== 0 ? new Map<string, IncludedDeclarations>() : undefined;
    const cards = this.declareAll(statements, included, fromFile);
    // Cards declared on the stack are there before anything the events put on it, in declaration order.
    for (let i = 0; i < cards.length; i++) if (cards[i].zone === 'stack') this.board.pushStack({ kind: 'spell', id: cards[i].id, version: cards[i].version });
    // The initial board's state-based actions: a finding about an included card's declaration is
    // that file's, like the findings of its declarations.
    const heard = included?.heard;
    if (heard && fromFile !== undefined && fromFile.size > 0) {
      this.redirect = (f) => {
        const file = f.subjects.length > 0 ? fromFile.get(f.subjects[0]) : undefined;
        if (file) heard(file, f);
        else this.findings.push(f);
      };
    }
    try {
      this.rules.settle(this, undefined);
    } finally {
      this.redirect = undefined;
    }
    // What the initial board's setup noted is no event's step.
    this.notes = [];
  }

  /** The event being replayed (a triggered ability records its range as the event that set it off: triggers.ts; the range is made only then). */
  eventNow: EventNode | undefined;

  /** Replays one statement after `begin` (declarations were handled there and are skipped). */
  step(st: Statement): void {
    if (!isEvent(st)) return;
    if (st.kind === 'expect') {
      this.expect(st);
      return;
    }
    this.events++;
    this.eventNow = st;
    if (this.discharges(st) || this.rules.records?.(this, st)) {
      if (this.triggers.length !== 0) this.putTriggers();
      this.endStep(st);
      return;
    }
    // Most events find nothing pending and leave nothing pending: neither call has anything to do, and
    // the engine's optimized step inlines neither (each was a call per event).
    if (this.pending.length !== 0) this.flush();
    if (st.kind === 'together') this.together(st);
    else {
      this.rules.event(this, st);
      this.endOfStep();
    }
    if (this.pending.length !== 0) this.dropMoot();
    this.rules.settle(this, st);
    // What triggered goes on the stack after the state-based actions, as a player would get priority (MTG 603.3; Riftbound 383.3).
    if (this.triggers.length !== 0) this.putTriggers();
    // What the state-based actions (the cleanup) did is a step of its own for what waits on one.
    this.endOfStep();
    this.endStep(st);
  }

  /** Triggered abilities that will wait on the stack, triggered by the event being replayed (trigger), in the order they triggered. */
  private triggers: Omit<StackEntry, 'n' | 'group'>[] = [];

  /** An ability triggered (living weapon, Weaponmaster): it goes on the stack once the event and its state-based actions are done (putTriggers). */
  trigger(e: Omit<StackEntry, 'n' | 'group'>): void {
    this.triggers.push(e);
  }

  /**
   * Puts what triggered onto the stack (the chain) as one group, in APNAP order: the player whose turn it
   * is first, so theirs are below, then the others in turn order (MTG 101.4, 603.3b; Riftbound 383.3.d.1).
   * Each player's own are in the order they triggered, and may resolve in any order (Board.mayResolve).
   * Without a `turn` line, the order they triggered.
   */
  private putTriggers(): void {
    // Each is controlled by its source's controller as the event left it (603.3a): a spell's permanent is
    // given its caster's control after it enters (608.3), later in the same event than its trigger.
    // A leaves-the-battlefield trigger (`trigger`) keeps who controlled its card as it left: its version is the card's in the graveyard (400.7e).
    const list = this.triggers.map((e) => {
      const c = this.board.cards.get(e.id);
      return c !== undefined && c.version === e.version && c.controller !== e.controller && e.ability !== 'trigger' ? { ...e, controller: c.controller } : e;
    });
    this.triggers = [];
    // Each player's seat is their place in the turn order (PlayerObj.seat): nothing is counted among every player.
    const players = this.board.players;
    const seatOf = (player: string | undefined): number => (player === undefined ? -1 : (players.get(player)?.seat ?? -1));
    const from = seatOf(this.board.turn?.player);
    const rank = (player: string | undefined): number => {
      const at = seatOf(player);
      return from < 0 || at < 0 ? 0 : (at - from + players.size) % players.size;
    };
    // A stable sort: each player's in the order they triggered.
    const ordered = list.map((e, i) => ({ e, i, r: rank(e.controller) })).sort((a, b) => a.r - b.r || a.i - b.i);
    this.board.pushGroup(ordered.map(({ e }) => e));
  }

  /** The end of the scenario: consequences still pending were never recorded. */
  finish(): void {
    this.flush();
  }

  private endStep(st: EventNode): void {
    if (!this.collectSteps) return;
    // One flat message `{0}; {1}; ...` (not nested: a step may note thousands of things).
    let text: Message = { template: this.notes.map((_, i) => `{${i}}`).join('; '), args: this.notes };
    // The rule numbers the notes write, in the declared version's numbering (a scenario with older rules only).
    if (this.renumbers) text = this.renumbered(text);
    this.steps.push({ range: st.range, summary: renderMessage(text), summaryText: text });
    this.notes = [];
  }

  /**
   * Declares the players and cards of the included files, then of `statements` (their owners,
   * controllers and initial attachments once all are known); returns the cards, in declaration
   * order. `fromFile`: given when there are included files, and filled with the file of each of
   * their cards.
   */
  private declareAll(statements: readonly Statement[], included: IncludedBoard | undefined, fromFile: Map<string, IncludedDeclarations> | undefined): CardObj[] {
    const cards: CardObj[] = [];
    const players: Statement[] = [];
    const files = fromFile !== undefined ? included!.files : NO_FILES;
    for (const file of files) for (const st of file.declarations) if (st.kind === 'player') players.push(st);
    const { declarations, firstEvent, late } = declarationsAmong(statements, players);
    // The included files' declarations come first, as if written before the file's own.
    for (const file of files) this.within(file, included!.heard, () => { for (const st of file.declarations) this.declareName(st, file, cards, fromFile); });
    let options = true;
    // Indexed loops: these run once per check, and a check of a small file is mostly its declarations.
    for (let i = 0; i < declarations.length; i++) {
      const st = declarations[i];
      // `kind` read once a statement (isDeclarationKind).
      const kind = st.kind;
      if (kind === 'game' && options) {
        options = false;
        this.rules.gameOptions(this, st);
      }
      if ((kind === 'player' || kind === 'card' || kind === 'include') && i >= late) {
        this.report('syntax-error', st.range, msg`Declarations come before the events: move this line above the first event.`, { related: [relatedAt(firstEvent!.range, msg`the first event`)] });
      }
      this.declareName(st, undefined, cards, fromFile);
    }
    // Owners and controllers, once every player is known, then the initial attachments. Only the
    // cards of an included file are declared within it (their findings are that file's): the
    // checked file's own make no closure and no lookup each.
    const heard = included?.heard;
    // Per included file, the owner of its cards that name none (found once per file, not per card);
    // none when no card comes from an included file.
    const soleOwners = fromFile !== undefined && fromFile.size > 0 ? new Map(files.map((file) => [file, { owner: soleOwner(file, players) }])) : undefined;
    for (let i = 0; i < cards.length; i++) {
      const c = cards[i];
      const from = soleOwners && fromFile!.get(c.id);
      if (from) this.within(from, heard, () => this.declareOne(c, players, soleOwners.get(from)));
      else this.declareOne(c, players, undefined);
    }
    // The initial attachments are all made first, then judged together on the board they make (when
    // the game does so, Ruleset.judgeDeclared): what a line decides never depends on the lines
    // written after it.
    const linked: DeclaredAttachment[] | undefined = this.rules.judgeDeclared !== undefined ? [] : undefined;
    for (let i = 0; i < cards.length; i++) {
      const c = cards[i];
      const from = soleOwners && fromFile!.get(c.id);
      if (!from) {
        this.attachDeclared(c, linked, undefined);
        continue;
      }
      this.within(from, heard, () => this.attachDeclared(c, linked, from));
      // Where an included card became attached is in another file: no finding of this one points there.
      c.attachedAt = undefined;
    }
    if (linked !== undefined && linked.length !== 0) {
      this.rules.judgeDeclared!(this, linked, (d, fn) => this.within(d.file, heard, fn));
      // What the attachments taken off made of their hosts' types is undone (613.1d).
      this.retypeHosts();
    }
    return cards;
  }

  /**
   * A player's or card's declaration (else nothing): its object is made and named, unless its name
   * is taken. `from`: the included file it is written in; its cards are noted in `fromFile`.
   */
  private declareName(st: Statement, from: IncludedDeclarations | undefined, cards: CardObj[], fromFile: Map<string, IncludedDeclarations> | undefined): void {
    const kind = st.kind;
    if (kind === 'player' && st.id) {
      if (!this.claim(st.id, from?.uri)) return;
      const p: PlayerObj = { isCard: false, id: st.id.text, decl: st, seat: this.board.players.size, left: false, attachments: noAttachments(), protections: [], targeting: [] };
      this.board.players.set(p.id, p);
      this.names.add(p.id, p);
      this.suggestions = undefined;
    } else if (kind === 'card' && st.id) {
      if (!this.claim(st.id, from?.uri)) return;
      const c = newCard(this.cards ? withCardFacts(st, this.cards, this.rules.game, (code, range, message, opts) => this.report(code, range, message, opts)) : st);
      // MTG: a back face (712.2) is a face, in no zone, from the start (a front declared before it links to it).
      if (this.rules.game === 'mtg' && declaresBackFace(c.decl)) c.zone = FACE;
      this.board.add(c);
      this.names.add(c.id, c);
      this.suggestions = undefined;
      cards.push(c);
      if (from) fromFile!.set(c.id, from);
    }
  }

  /**
   * A declared card's owner and controller (every player is known by now), then the game's own
   * declaration of it. `included`: the card comes from an included file, and this is the owner of
   * that file's cards that name none (soleOwner).
   */
  private declareOne(c: CardObj, players: readonly Statement[], included: { owner: string | undefined } | undefined): void {
    // MTG: a back face (712.2) has no owner nor controller: its game's declaration reports what it is written with.
    if (c.zone === FACE) {
      this.rules.declare(this, c, c.decl);
      // What the face grants applies once it is up (its grants are read as any card's).
      if (c.grants.length !== 0) {
        this.board.grantsDeclared = true;
        if (typeChangeOfCard(c)) this.board.typeGrantsDeclared = true;
      }
      return;
    }
    // `controller P` and `entered under Q` in either order: P controls it, and it entered under Q's control.
    let entered: string | undefined;
    // Indexed loops over a card's properties (here and in attachDeclared): once per card, and a
    // for-of loop makes an iterator result for each property until the engine optimizes it.
    const props = c.decl.props;
    for (let i = 0; i < props.length; i++) {
      const p = props[i];
      if (p.kind === 'owner') c.owner = this.player(p.player)?.id;
      else if (p.kind === 'controller' && p.entered) entered = this.player(p.player)?.id;
      else if (p.kind === 'controller') c.controller = this.player(p.player)?.id;
    }
    if (entered !== undefined) {
      c.enteredUnder = entered;
      c.controller ??= entered;
    }
    if (!c.owner && included) {
      // Whether it needs an owner is its own file's finding (checked there alone).
      if (included.owner !== undefined && !c.decl.props.some((p) => p.kind === 'owner')) c.owner = included.owner;
    } else if (!c.owner) {
      if (players.length === 1 && players[0].kind === 'player' && players[0].id) c.owner = players[0].id.text;
      else if (players.length > 1 && !c.decl.props.some((p) => p.kind === 'owner')) {
        this.report('syntax-error', c.decl.id!.range, msg`Card '${c.id}' needs an owner: add \`, owner PLAYER\` (required when there are two or more players).`, { subjects: [c.id] });
      }
    }
    c.controller ??= c.owner;
    // `controller P` alone is control given by an effect: it entered under its owner's control, and
    // the effect is older than anything the scenario does (control.ts).
    c.enteredUnder ??= c.owner;
    if (c.controller !== undefined && c.controller !== c.enteredUnder) c.controlLog = [{ timestamp: 0, player: c.controller }];
    this.rules.declare(this, c, c.decl);
    if (c.grants.length !== 0) {
      this.board.grantsDeclared = true;
      if (typeChangeOfCard(c)) this.board.typeGrantsDeclared = true;
    }
    this.board.stamp(c);
  }

  /** A declared card's initial `attached to` (every card is declared by now); made ones are added to `linked`, when given. */
  private attachDeclared(c: CardObj, linked: DeclaredAttachment[] | undefined, file: IncludedDeclarations | undefined): void {
    // A back face is attached to nothing (its declaration reports `attached to`).
    if (c.zone === FACE) return;
    const props = c.decl.props;
    for (let i = 0; i < props.length; i++) {
      const p = props[i];
      if (p.kind !== 'attached') continue;
      const host = this.lookup(p.target);
      if (host && this.rules.initialAttach(this, c, host, p.range) && linked !== undefined) linked.push({ card: c, host, at: p.range, file });
      // What it makes of its host's types holds for the lines read after it (613.1d).
      this.retypeHosts();
    }
  }

  /** The hosts whose type-changing attachments came, went or changed have their types worked out again (613.1d; retype.ts). */
  private retypeHosts(): void {
    if (this.board.retyped.length === 0) return;
    const retyped = this.board.retyped;
    this.board.retyped = [];
    for (const r of retyped) if (retype(this.board, r.host, r.changed)) this.board.regranted.push(r.host);
  }

  /** The included file a name is declared in (names declared in the checked file are not here). */
  private declaredIn = new Map<string, string>();

  /** The included file a card or player was declared in; undefined for the checked file's own (its ranges are this file's). */
  includedFrom(name: string): string | undefined {
    return this.declaredIn.get(name);
  }

  /**
   * Registers a declared name (`uri`: the included file it is declared in); reports a duplicate.
   * The name table says whether it is declared already: each name is added to it right after its
   * claim, and its object's declaration holds where it was first declared.
   */
  private claim(name: Name, uri?: string): boolean {
    const first = this.names.get(name.text);
    if (first) {
      const firstIn = this.declaredIn.get(name.text);
      this.report('duplicate-name', name.range, msg`'${name.text}' is already declared${firstIn ? msg` in ${firstIn}` : msg``}; give this one another name.`, {
        related: [{ range: first.decl.id!.range, ...said(msg`'${name.text}' is first declared here`), ...(firstIn ? { uri: firstIn } : {}) }],
        subjects: [name.text],
      });
      return false;
    }
    if (uri !== undefined) this.declaredIn.set(name.text, uri);
    return true;
  }

  // ---- expectations ----------------------------------------------------------------------

  private expect(st: Extract<EventNode, { kind: 'expect' }>): void {
    const a = st.assertion;
    if (!a) return;
    this.expectations++;
    // A zone of the other game (`in graveyard` in a Riftbound scenario) is never where a card is: said so, not as a failed expectation.
    if (a.kind === 'in-zone' && !this.rules.zones.includes(a.zone.zone)) {
      this.report('syntax-error', a.zone.range, msg`'${a.zone.zone}' is not a zone of this game; its zones are ${this.rules.zones.join(', ')}.`);
      return;
    }
    this.expecting = true;
    let failure: ReturnType<Replay['evaluate']>;
    try {
      failure = this.evaluate(a);
    } finally {
      this.expecting = false;
    }
    const gone = this.goneSeen;
    if (gone) {
      // An assertion about a token that is gone fails, saying so: it is nowhere, attached to nothing, and has nothing.
      this.goneSeen = undefined;
      const why = this.rules.goneToken(gone);
      failure = { actual: why.why, rules: why.rules, replacement: `${gone.id} ceased to exist` };
    }
    if (failure) {
      this.report('expectation-failed', a.range, msg`Expected ${assertionText(a)}, but ${failure.actual}.`, {
        ...(failure.rules ? { rules: failure.rules } : {}),
        ...(failure.related ? { related: failure.related } : {}),
        fixes: failure.replacement
          ? [titledFix(msg`Expect what the replay shows: "${failure.replacement}"`, false, [{ range: a.range, newText: failure.replacement }])]
          : [],
        subjects: subjectsOf(a),
      });
    }
  }

  /** `X ceased to exist`: X is a token that did. */
  private ceased(a: Extract<Assertion, { kind: 'ceased' }>): { actual: Message; rules?: string[]; replacement?: string } | undefined {
    const named = this.names.get(a.subject.text);
    if (named?.isCard && named.zone === CEASED) return undefined;
    // Any other card (an unknown name, or a player, is reported as such).
    const x = this.card(a.subject);
    if (!x) return undefined;
    const unmade = this.rules.uncreatedToken(x);
    if (unmade) return { actual: unmade.why, rules: unmade.rules, replacement: `${x.id} not created` };
    const where = this.whereIs(x);
    if (x.token) return where;
    const only = this.rules.game === 'riftbound' ? msg`only a token ceases to exist as it leaves the board` : msg`only a token ceases to exist as it leaves the battlefield`;
    return { ...where, actual: msg`${x.id} is not a token (${only}), and ${where.actual}` };
  }

  /** Where a card is, for a failed expectation: the words, and the assertion that holds. */
  private whereIs(c: CardObj): { actual: Message; replacement?: string } {
    if (c.zone === 'base' && c.place && this.rules.game === 'riftbound') return { actual: msg`${c.id} is in ${c.place}'s base`, replacement: `${c.id} at base of ${c.place}` };
    const shown = c.zone === 'outside' ? msg`${c.id} is outside the game` : c.place && c.zone === 'battlefield' ? msg`${c.id} is in battlefield ${c.place}` : msg`${c.id} is ${inZone(c.zone)}`;
    return { actual: shown, replacement: c.zone === 'outside' ? undefined : `${c.id} in ${zoneLabel(c).replace(':', ' ')}` };
  }

  /** Where a card is attached, for a failed expectation's message. */
  private describeHost(c: CardObj): Message {
    const h = this.board.hostOf(c);
    return h ? msg`${c.id} is attached to ${h.id}` : msg`${c.id} is unattached`;
  }

  /** Where a card is attached, as the expectation that holds would write it. */
  private actualAttach(c: CardObj): string {
    const h = this.board.hostOf(c);
    return h ? `${c.id} attached to ${h.id}` : `${c.id} unattached`;
  }

  /** Undefined when the assertion holds; otherwise what the state actually is. */
  private evaluate(a: Assertion): { actual: Message; rules?: string[]; replacement?: string; related?: RelatedLocation[] } | undefined {
    switch (a.kind) {
      case 'attached-to':
      case 'has': {
        const c = this.card(a.subject);
        const h = this.lookup(a.host);
        if (!c || !h) return undefined;
        if (this.board.hostOf(c) === h) return undefined;
        return { actual: this.describeHost(c), replacement: a.kind === 'has' ? undefined : this.actualAttach(c) };
      }
      case 'unattached': {
        const c = this.card(a.subject);
        if (!c || !c.attachedTo) return undefined;
        return { actual: this.describeHost(c), replacement: this.actualAttach(c) };
      }
      case 'in-zone': {
        const c = this.card(a.subject);
        if (!c) return undefined;
        // A token no effect has created is in no zone: it is declared where it is only to be created from there.
        const unmade = this.rules.uncreatedToken(c);
        if (unmade) return { actual: unmade.why, rules: unmade.rules, replacement: `${c.id} not created` };
        if (a.zone.zone === 'base' && this.rules.game === 'riftbound') {
          // `X at base` holds at any base (as `at battlefield` at any battlefield); `X at base of P` at P's.
          const of = a.zone.place ? this.player(a.zone.place) : undefined;
          if (a.zone.place && !of) return undefined;
          if (c.zone === 'base' && (!of || c.place === of.id)) return undefined;
          if (c.zone === 'base' && c.place) return { actual: msg`${c.id} is in ${c.place}'s base`, replacement: `${c.id} at base of ${c.place}` };
        }
        const want = a.zone.place && a.zone.zone === 'battlefield' ? `battlefield:${a.zone.place.text}` : a.zone.zone;
        const have = zoneLabel(c);
        if (have === want || (want === 'battlefield' && c.zone === 'battlefield')) return undefined;
        return this.whereIs(c);
      }
      case 'newer-than': {
        const c = this.card(a.subject);
        const d = this.card(a.other);
        if (!c || !d) return undefined;
        if (c.timestamp > d.timestamp) return undefined;
        return { actual: msg`${c.id} has timestamp ${c.timestamp} and ${d.id} has ${d.timestamp}`, replacement: `${d.id} newer than ${c.id}` };
      }
      case 'might': {
        const c = this.card(a.subject);
        if (!c) return undefined;
        const m = effectiveMight(c);
        if (m === a.value) return undefined;
        if (m === undefined) return { actual: msg`${c.id} has no Might` };
        return { actual: msg`${c.id} has Might ${m}`, replacement: `${c.id} might ${m}` };
      }
      case 'toughness': {
        const c = this.card(a.subject);
        if (!c) return undefined;
        if (this.rules.game !== 'mtg') return { actual: msg`a Riftbound unit has Might, not toughness (\`${c.id} might N\`)` };
        const t = effectiveToughness(c);
        if (t === a.value) return undefined;
        if (t === undefined) return { actual: msg`${c.id} has no toughness stated (declare it with \`toughness N\`)` };
        return { actual: msg`${c.id} has toughness ${t}`, replacement: `${c.id} toughness ${t}` };
      }
      case 'power': {
        // Worked out only here (and in a hover): nothing else reads a power (board.ts, effectivePower).
        const c = this.card(a.subject);
        if (!c) return undefined;
        if (this.rules.game !== 'mtg') return { actual: msg`a Riftbound unit has Might, not power (\`${c.id} might N\`)` };
        const p = effectivePower(this.board, c);
        if (p === a.value) return undefined;
        if (p === undefined) return { actual: msg`${c.id} has no power stated (declare it with \`power N\`)` };
        return { actual: msg`${c.id} has power ${p}`, replacement: `${c.id} power ${p}` };
      }
      case 'damage': {
        const c = this.card(a.subject);
        if (!c || c.damage === a.value) return undefined;
        return { actual: c.damage === 0 ? msg`${c.id} has no damage marked on it` : msg`${c.id} has ${c.damage} damage marked on it`, replacement: `${c.id} damage ${c.damage}` };
      }
      case 'mighty': {
        // Riftbound 708: Might 5 or more; on the board with its gear's bonuses and buff (710), elsewhere as printed (711).
        const c = this.card(a.subject);
        if (!c) return undefined;
        if (this.rules.game !== 'riftbound') return { actual: msg`Mighty is Riftbound's: an MTG creature has toughness (\`${c.id} toughness N\`)` };
        const might = c.zone === 'base' || c.zone === 'battlefield' ? effectiveMight(c) : c.might;
        if (might === undefined) return { actual: msg`${c.id} has no Might` };
        if (might >= 5 !== a.negated) return undefined;
        return { actual: msg`${c.id} has Might ${might}`, replacement: `${c.id} ${might >= 5 ? '' : 'not '}mighty` };
      }
      case 'counters': {
        const c = this.card(a.subject);
        if (!c) return undefined;
        const game = this.rules.game === 'mtg' ? 'mtg' : 'riftbound';
        if ((a.counter === 'buff') !== (game === 'riftbound')) return { actual: game === 'mtg' ? msg`an MTG card has +1/+1 and -1/-1 counters, not buffs (\`${c.id} has N +1/+1 counters\`)` : msg`a Riftbound unit has buffs, not +1/+1 or -1/-1 counters (\`${c.id} has a buff\`)` };
        const n = countersOn(c, a.counter);
        if (n === a.value) return undefined;
        const words = countersWords(a.counter, n);
        return { actual: msg`${c.id} has ${words}`, replacement: `${c.id} has ${countersText(a.counter, n)}` };
      }
      case 'combat': {
        const c = this.card(a.subject);
        if (!c) return undefined;
        return combatOutcome(this.rules.game, c, a.role, a.negated);
      }
      case 'controlled-by': {
        const c = this.card(a.subject);
        const p = this.player(a.player);
        if (!c || !p || c.controller === p.id) return undefined;
        if (!c.controller) return { actual: msg`${c.id} has no controller` };
        // MTG 108.4a: off the battlefield and the stack a card has no controller; its owner stands in.
        const off = this.rules.game === 'mtg' && c.zone !== 'battlefield' && c.zone !== 'stack' ? msg` (it is ${c.zone === 'outside' ? msg`outside the game` : inZone(c.zone)}, where its owner counts as its controller)` : '';
        return { actual: msg`${c.id} is controlled by ${c.controller}${off}`, replacement: `${c.id} controlled by ${c.controller}` };
      }
      case 'has-ability': {
        // A card, or a player (hexproof, shroud, protection: 702.11c, 702.18a, 702.16c).
        const c = this.lookup(a.subject);
        if (!c) return undefined;
        const ability = abilityOf(a.ability);
        const label = abilityLabel(ability);
        // `protection from all colors`: one from each color (702.16h), every one of them.
        const has = ability.kind === 'protection' ? protectionQualities(ability.quality).every((quality) => hasAbility(c, { kind: 'protection', quality })) : hasAbility(c, ability);
        // Riftbound `expect X has Assault 4`: the keyword, its instances' values summed (807.2, 814.2, 809.2).
        if (has && ability.kind === 'keyword' && ability.value !== undefined && c.isCard) {
          const value = keywordValue(c, ability.name);
          if (value === ability.value) return undefined;
          const rule = ability.name === 'Assault' ? '807.2' : ability.name === 'Shield' ? '814.2' : '809.2';
          return { actual: msg`${c.id} has ${label} ${value} (the values of its instances summed)`, rules: [rule], replacement: `${c.id} has ${label} ${value}` };
        }
        if (has !== a.negated) return undefined;
        if (a.negated) {
          const by = c.granted?.from?.[label];
          return { actual: by ? msg`${c.id} has ${label}, given by ${by}` : msg`${c.id} has ${label}`, replacement: `${c.id} has ${label}` };
        }
        const have = abilityLabels(c);
        return { actual: have.length ? msg`${c.id} has only ${have.join(', ')}` : msg`${c.id} has no ability a scenario can state`, replacement: `${c.id} has no ${label}` };
      }
      case 'ceased':
        return this.ceased(a);
      case 'not-created': {
        const c = this.card(a.subject);
        if (!c || this.rules.uncreatedToken(c)) return undefined;
        const where = this.whereIs(c);
        if (c.token) return where;
        return { ...where, actual: msg`${c.id} is not a token (${msg`only a token is created by an effect`}), and ${where.actual}` };
      }
      case 'transformed': {
        // MTG 701.27g: a double-faced permanent with its back face up.
        const c = this.card(a.subject);
        if (!c) return undefined;
        if (this.rules.game !== 'mtg') return { actual: msg`a Riftbound card has one side only, and none turns over` };
        return transformedFailure(c, a.negated);
      }
      case 'chosen-color': {
        // MTG 607.2d, 614.12: the color a card chose as it became attached or entered.
        const c = this.card(a.subject);
        if (!c) return undefined;
        if (this.rules.game !== 'mtg') return { actual: msg`Riftbound cards choose no color here: only MTG's "choose a color" as a card becomes attached or enters is modelled` };
        return chosenColorFailure(c, a.color);
      }
      case 'phased': {
        // MTG 110.5: a permanent's status, phased in or out (702.26).
        const c = this.card(a.subject);
        if (!c) return undefined;
        if (this.rules.game !== 'mtg') return { actual: msg`Riftbound has no phasing, and no card phases out` };
        return phasedFailure(this.board, c, a.out);
      }
      case 'face': {
        // MTG 110.5, 708: a permanent's face-down status.
        const c = this.card(a.subject);
        if (!c) return undefined;
        if (this.rules.game !== 'mtg') return { actual: msg`a Riftbound card on the board is never face down here: a hidden card is not modelled` };
        return faceFailure(c, a.down);
      }
      case 'merged': {
        // MTG 702.140c, 730.2: cards of one merged permanent.
        this.namingParts = true;
        let c: CardObj | undefined;
        let d: CardObj | undefined;
        try {
          c = this.card(a.subject);
          d = a.other ? this.card(a.other) : undefined;
        } finally {
          this.namingParts = false;
        }
        if (!c || (a.other && !d)) return undefined;
        if (this.rules.game !== 'mtg') return { actual: msg`Riftbound has no mutate, and no card merges with another` };
        return mergedFailure(this.board, c, d, a.negated);
      }
      case 'copy': {
        // A permanent copying another object's copiable values now (MTG 707.2; Riftbound 477.1.b).
        const c = this.card(a.subject);
        const o = a.original ? this.cardOrGone(a.original) : undefined;
        if (!c || (a.original && !o)) return undefined;
        return copyFailure(c, o, a.negated, this.rules.game === 'mtg' ? ['707.2'] : ['477.1.b.1']);
      }
      case 'status': {
        const c = this.card(a.subject);
        if (!c) return undefined;
        // Riftbound's Stunned and Empowered (rules/riftbound/stun.ts, through the ruleset).
        if (a.status === 'stunned' || a.status === 'empowered') {
          if (this.rules.game === 'mtg') return { actual: msg`\`${a.status}\` is a Riftbound status: an MTG permanent is tapped or untapped` };
          return this.rules.stateFailure?.(this, c, { ...a, status: a.status });
        }
        return statusFailure(c, a.status, this.rules.game === 'mtg' ? MTG_STATUS : RIFTBOUND_STATUS);
      }
      case 'triggered': {
        // It counts what happened: a token that has ceased to exist since still triggered then (113.7a).
        const c = this.cardOrGone(a.subject);
        const h = a.host ? this.lookupOrGone(a.host) : undefined;
        if (!c || (a.host && !h)) return undefined;
        const w = this.rules.game === 'mtg' ? MTG_TRIGGERS : RIFTBOUND_TRIGGERS;
        if (a.when && !phraseOfGame(this, a.when.phrase, a.when.range, w)) return undefined;
        return triggeredFailure(c, a, h, w);
      }
      case 'no-attachments': {
        const h = this.lookup(a.host);
        if (!h || h.attachments.size === 0) return undefined;
        return { actual: h.attachments.size === 1 ? msg`${attachedNames(h)} is attached to ${h.id}` : msg`${attachedNames(h)} are attached to ${h.id}` };
      }
    }
  }
}

function subjectsOf(a: Assertion): string[] {
  switch (a.kind) {
    case 'attached-to':
    case 'has':
      return [a.subject.text, a.host.text];
    case 'newer-than':
      return [a.subject.text, a.other.text];
    case 'merged':
      return a.other ? [a.subject.text, a.other.text] : [a.subject.text];
    case 'no-attachments':
      return [a.host.text];
    case 'controlled-by':
      return [a.subject.text, a.player.text];
    case 'triggered':
      return a.host ? [a.subject.text, a.host.text] : [a.subject.text];
    default:
      return [a.subject.text];
  }
}

/** `describeAssertion` for a message: the same words, translated with the sentence (names and zones as written stay). */
export function assertionText(a: Assertion): Message {
  switch (a.kind) {
    case 'attached-to':
      return msg`${a.subject.text} attached to ${a.host.text}`;
    case 'has':
      return msg`${a.host.text} to have ${a.subject.text} attached`;
    case 'unattached':
      return msg`${a.subject.text} unattached`;
    case 'in-zone':
      if (a.zone.zone === 'base') return a.zone.place ? msg`${a.subject.text} at base of ${a.zone.place.text}` : msg`${a.subject.text} at base`;
      return a.zone.place ? msg`${a.subject.text} in ${zoneWord(a.zone.zone)} ${a.zone.place.text}` : msg`${a.subject.text} ${inZone(a.zone.zone)}`;
    case 'newer-than':
      return msg`${a.subject.text} newer than ${a.other.text}`;
    case 'might':
      return msg`${a.subject.text} to have Might ${a.value}`;
    case 'toughness':
      return msg`${a.subject.text} to have toughness ${a.value}`;
    case 'power':
      return msg`${a.subject.text} to have power ${a.value}`;
    case 'damage':
      return msg`${a.subject.text} to have ${a.value} damage marked on it`;
    case 'counters':
      return msg`${a.subject.text} to have ${countersWords(a.counter, a.value)}`;
    case 'mighty':
      return a.negated ? msg`${a.subject.text} not to be Mighty` : msg`${a.subject.text} to be Mighty`;
    case 'has-ability':
      return a.negated ? msg`${a.subject.text} not to have ${writtenLabel(abilityOf(a.ability))}` : msg`${a.subject.text} to have ${writtenLabel(abilityOf(a.ability))}`;
    case 'no-attachments':
      return msg`no attachments on ${a.host.text}`;
    case 'controlled-by':
      return msg`${a.subject.text} controlled by ${a.player.text}`;
    case 'ceased':
      return msg`${a.subject.text} to have ceased to exist`;
    case 'not-created':
      return msg`${a.subject.text} not created`;
    case 'transformed':
      return a.negated ? msg`${a.subject.text} not transformed` : msg`${a.subject.text} transformed`;
    case 'merged':
      return a.other ? (a.negated ? msg`${a.subject.text} not merged with ${a.other.text}` : msg`${a.subject.text} merged with ${a.other.text}`) : msg`${a.subject.text} not merged`;
    case 'copy':
      return a.original ? (a.negated ? msg`${a.subject.text} not a copy of ${a.original.text}` : msg`${a.subject.text} a copy of ${a.original.text}`) : msg`${a.subject.text} not a copy`;
    case 'status':
      return a.negated ? msg`${a.subject.text} not ${a.status}` : msg`${a.subject.text} ${a.status}`;
    case 'triggered':
      return msg`${triggeredText(a)}`;
    case 'combat':
      return a.negated ? msg`${a.subject.text} not ${a.role}` : msg`${a.subject.text} ${a.role}`;
    case 'face':
      return a.down ? msg`${a.subject.text} face down` : msg`${a.subject.text} face up`;
    case 'phased':
      return a.out ? msg`${a.subject.text} phased out` : msg`${a.subject.text} phased in`;
    case 'chosen-color':
      return a.color ? msg`${a.subject.text} chosen color ${a.color.text}` : msg`${a.subject.text} no chosen color`;
  }
}

export function describeAssertion(a: Assertion): string {
  switch (a.kind) {
    case 'attached-to':
      return `${a.subject.text} attached to ${a.host.text}`;
    case 'has':
      return `${a.host.text} to have ${a.subject.text} attached`;
    case 'unattached':
      return `${a.subject.text} unattached`;
    case 'in-zone':
      if (a.zone.zone === 'base') return `${a.subject.text} at base${a.zone.place ? ' of ' + a.zone.place.text : ''}`;
      return `${a.subject.text} in ${a.zone.zone}${a.zone.place ? ' ' + a.zone.place.text : ''}`;
    case 'newer-than':
      return `${a.subject.text} newer than ${a.other.text}`;
    case 'might':
      return `${a.subject.text} to have Might ${a.value}`;
    case 'toughness':
      return `${a.subject.text} to have toughness ${a.value}`;
    case 'power':
      return `${a.subject.text} to have power ${a.value}`;
    case 'damage':
      return `${a.subject.text} to have ${a.value} damage marked on it`;
    case 'counters':
      return `${a.subject.text} to have ${countersText(a.counter, a.value)}`;
    case 'mighty':
      return `${a.subject.text} ${a.negated ? 'not ' : ''}to be Mighty`;
    case 'has-ability':
      return `${a.subject.text} ${a.negated ? 'not ' : ''}to have ${writtenLabel(abilityOf(a.ability))}`;
    case 'no-attachments':
      return `no attachments on ${a.host.text}`;
    case 'controlled-by':
      return `${a.subject.text} controlled by ${a.player.text}`;
    case 'ceased':
      return `${a.subject.text} to have ceased to exist`;
    case 'not-created':
      return `${a.subject.text} not created`;
    case 'transformed':
      return `${a.subject.text} ${a.negated ? 'not ' : ''}transformed`;
    case 'face':
      return `${a.subject.text} face ${a.down ? 'down' : 'up'}`;
    case 'phased':
      return `${a.subject.text} phased ${a.out ? 'out' : 'in'}`;
    case 'chosen-color':
      return a.color ? `${a.subject.text} chosen color ${a.color.text}` : `${a.subject.text} no chosen color`;
    case 'merged':
      return `${a.subject.text} ${a.negated ? 'not ' : ''}merged${a.other ? ` with ${a.other.text}` : ''}`;
    case 'copy':
      return `${a.subject.text} ${a.negated ? 'not ' : ''}a copy${a.original ? ` of ${a.original.text}` : ''}`;
    case 'combat':
      return `${a.subject.text} ${a.negated ? 'not ' : ''}${a.role}`;
    case 'status':
      return `${a.subject.text} ${a.negated ? 'not ' : ''}${a.status}`;
    case 'triggered':
      return triggeredText(a);
  }
}

/** Why an `expect X transformed` (`not transformed`) fails, or undefined when it holds (701.27g). */
function transformedFailure(card: CardObj, negated: boolean): { actual: Message; rules: string[]; replacement?: string } | undefined {
  // A merged permanent is no double-faced permanent, whatever face its cards show (730.2i).
  const merged = card.merge?.kind === 'permanent';
  const is = card.zone === 'battlefield' && card.transformed && !merged;
  if (is !== negated) return undefined;
  if (merged) return { actual: msg`${card.id} is a merged permanent, which is not a double-faced permanent, whatever face its cards show`, rules: ['701.27g', '730.2i'], replacement: `${card.id} not transformed` };
  if (card.backFace === undefined) return { actual: msg`${card.id} is not a double-faced card`, rules: ['701.27g', '712.2'], replacement: `${card.id} not transformed` };
  if (is) return { actual: msg`${card.id} has its back face up (${card.name})`, rules: ['701.27g'], replacement: `${card.id} transformed` };
  if (card.zone !== 'battlefield') return { actual: msg`${card.id} is ${inZone(card.zone)}, where a double-faced card has its front face`, rules: ['701.27g', '712.8a'], replacement: `${card.id} not transformed` };
  return { actual: msg`${card.id} has its front face up (${card.name})`, rules: ['701.27g'], replacement: `${card.id} not transformed` };
}

/** The merged permanent `card` is a card of (itself when it is one), or undefined (MTG 730.2). */
function permanentOf(board: Board, card: CardObj): CardObj | undefined {
  if (card.merge?.kind === 'permanent') return card;
  if (card.merge?.kind === 'part') return board.cards.get(card.merge.into);
  return undefined;
}

/** Why an `expect X merged with Y` (`not merged with Y`, `not merged`) fails, or undefined when it holds (MTG 702.140c, 730.2). */
function mergedFailure(board: Board, card: CardObj, other: CardObj | undefined, negated: boolean): { actual: Message; rules: string[]; replacement?: string } | undefined {
  const p = permanentOf(board, card);
  const q = other ? permanentOf(board, other) : p;
  const is = p !== undefined && p === q && card !== other;
  if (is !== negated) return undefined;
  const not = other ? `${card.id} not merged with ${other.id}` : `${card.id} not merged`;
  if (p === undefined || p.merge?.kind !== 'permanent') {
    return { actual: card.zone === 'battlefield' ? msg`${card.id} is a permanent no card merged with` : msg`${card.id} is ${inZone(card.zone)}, and only cards on the battlefield are merged`, rules: ['730.2', '730.3'], replacement: not };
  }
  const m = p.merge;
  // Another card of the same permanent, for the line that would hold.
  const top = mergedCardAt(p.id, m, 0);
  const mate = top === card.id ? mergedCardAt(p.id, m, 1) : top;
  const cards = mergedCardsText(p.id, m);
  if (negated) return { actual: msg`${card.id} is one of the cards of the merged permanent ${p.id} (${cards}, the top one first)`, rules: ['730.2'], replacement: `${card.id} merged with ${mate}` };
  return { actual: msg`${card.id} is one of the cards of the merged permanent ${p.id} (${cards}, the top one first), and ${other!.id} is not`, rules: ['730.2'], replacement: `${card.id} merged with ${mate}` };
}

/** The included files of a check that has none. */
const NO_FILES: readonly IncludedDeclarations[] = [];

/**
 * The statements among `statements` that are not events, in order (the players' are also added to
 * `players`); the first event, and `late`: the index among them of the first one written after it
 * (their number when none is). A loop of its own: a whole document's statements are mostly events,
 * and the engine compiles a long loop while it runs (on-stack replacement). Here that is this small
 * function; in declareAll it was declareAll with all it inlines, compiled again for each replay of a
 * whole document, and once more as it reached a loop its code had not (-1.7 % instructions for 3
 * replays of 100k events).
 */
function declarationsAmong(statements: readonly Statement[], players: Statement[]): { declarations: readonly Statement[]; firstEvent: Statement | undefined; late: number } {
  // Made at the first event: until then (and in a check that hands over its declarations alone), the statements themselves.
  let declarations: Statement[] | undefined;
  let firstEvent: Statement | undefined;
  let late = statements.length;
  for (let i = 0; i < statements.length; i++) {
    const st = statements[i];
    // `kind` read once a statement (isDeclarationKind).
    const kind = st instanceof EventBase ? undefined : st.kind;
    if (kind !== undefined && isDeclarationKind(kind)) {
      if (declarations !== undefined) declarations.push(st);
      if (kind === 'player') players.push(st);
    } else if (declarations === undefined) {
      firstEvent = st;
      declarations = statements.slice(0, i);
      late = i;
    }
  }
  return { declarations: declarations ?? statements, firstEvent, late };
}

/** The owner of an included file's cards that name none: the only player of that file, else of the scenario. */
function soleOwner(from: IncludedDeclarations, players: readonly Statement[]): string | undefined {
  const mine = from.declarations.filter((s) => s.kind === 'player');
  const only = mine.length === 1 ? mine[0] : players.length === 1 ? players[0] : undefined;
  return only?.kind === 'player' && only.id ? only.id.text : undefined;
}

function newCard(st: CardStmt): CardObj {
  // Every field, always in one order, so all cards share one shape (fast property access). The
  // printed characteristics are blank (the shared empty sets and lists) until the game's
  // declaration builds them; the attachment set is the shared empty one until something is attached.
  const printed = blankCharacteristics();
  return {
    isCard: true,
    id: st.id!.text,
    index: -1,
    name: st.name?.text ?? st.id!.text,
    decl: st,
    printed,
    // The card starts with its printed characteristics (copy on write: shared), written out field
    // by field (a spread in the middle of a literal defines each property through the runtime).
    supertypes: printed.supertypes,
    types: printed.types,
    subtypes: printed.subtypes,
    colors: printed.colors,
    protections: printed.protections,
    protectionKeeps: printed.protectionKeeps,
    lost: printed.lost,
    targeting: printed.targeting,
    enchant: printed.enchant,
    equipQuality: printed.equipQuality,
    equipPlaneswalker: printed.equipPlaneswalker,
    creatureAt: printed.creatureAt,
    hasEquip: printed.hasEquip,
    reconfigure: printed.reconfigure,
    bestow: printed.bestow,
    cant: printed.cant,
    might: printed.might,
    mightBonus: printed.mightBonus,
    toughness: printed.toughness,
    toughnessBonus: printed.toughnessBonus,
    power: printed.power,
    powerBonus: printed.powerBonus,
    honePower: printed.honePower,
    keywords: printed.keywords,
    keywordValues: printed.keywordValues,
    grants: printed.grants,
    choosesColor: printed.choosesColor,
    choosesColorEntering: printed.choosesColorEntering,
    abilityLog: printed.abilityLog,
    kinds: printed.kinds,
    owner: undefined,
    controller: undefined,
    enteredUnder: undefined,
    controlLog: noItems(),
    controlVia: undefined,
    controlEnded: undefined,
    zone: 'battlefield',
    place: undefined,
    token: false,
    ceases: undefined,
    version: 0,
    timestamp: 0,
    attachedTo: null,
    attachedAt: undefined,
    attachments: noAttachments(),
    phasedOut: 'no',
    phasedInFrom: undefined,
    damage: 0,
    boost: 0,
    boostGiven: 0,
    boosted: false,
    anthemClass: undefined,
    anthemed: false,
    plusCounters: 0,
    minusCounters: 0,
    shieldCounters: 0,
    honeCounters: 0,
    regenShields: 0,
    annihilated: false,
    deathtouchFrom: undefined,
    reconfiguredOn: undefined,
    bestowed: false,
    exhausted: false,
    stunned: false,
    empowered: false,
    combat: undefined,
    combatLeft: undefined,
    controlledSince: 0,
    triggers: 0,
    fired: undefined,
    stackTarget: undefined,
    chosenColor: undefined,
    modified: false,
    dirty: false,
    grantors: noAttachments(),
    granted: undefined,
    temporary: undefined,
    effectsEnded: undefined,
    attachOnly: undefined,
    attachTargets: noItems(),
    backFace: undefined,
    front: undefined,
    transformed: false,
    faceOf: undefined,
    merge: undefined,
    copyOf: undefined,
    uncopied: undefined,
    faceDown: undefined,
  };
}

/** An unattach owed by a card that has since moved again (dropMoot). */
function isMoot(o: Obligation): boolean {
  return o.action === 'unattach' && o.subject.version !== o.version;
}

/** Is text[from, to) white space and one `;` (what separates two parts of a group)? */
function onlySeparator(text: string, from: number, to: number): boolean {
  let semicolons = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 59) semicolons++;
    else if (c !== 32 && c !== 9 && c !== 10 && c !== 13) return false;
  }
  return semicolons === 1;
}

/** Why an `expect X face down` (`face up`) fails, or undefined when it holds (MTG 110.5, 708). */
/** Why an `expect X phased out` (`phased in`) fails, or undefined when it holds (110.5: a permanent's status; 110.5d: only a permanent has one). */
/**
 * Why an `expect X chosen color C` (`no chosen color`) fails, or undefined when it holds: the color X chose as it last
 * became attached or as it entered (CardObj.chosenColor; 607.2d), none for a new object (400.7) or a card that chooses none.
 */
function chosenColorFailure(card: CardObj, color: Word | undefined): { actual: Message; rules: string[]; replacement?: string } | undefined {
  const chosen = card.chosenColor;
  if (chosen === (color?.text)) return undefined;
  if (chosen !== undefined) return { actual: msg`${card.id}'s chosen color is ${chosen}`, rules: ['607.2d'], replacement: `${card.id} chosen color ${chosen}` };
  if (!card.choosesColor && !card.choosesColorEntering) return { actual: msg`${card.id} has no ability that chooses a color, so it has no chosen color`, rules: ['607.2d'], replacement: `${card.id} no chosen color` };
  return { actual: card.zone === 'battlefield' ? msg`${card.id} has chosen no color (a color is chosen as it ${card.choosesColor ? msg`becomes attached` : msg`enters`})` : msg`${card.id} is ${inZone(card.zone)} and has chosen no color: a new object has made no choice (400.7)`, rules: ['607.2d', '614.12'], replacement: `${card.id} no chosen color` };
}

function phasedFailure(board: Board, card: CardObj, out: boolean): { actual: Message; rules: string[]; replacement?: string } | undefined {
  if (card.zone !== 'battlefield') return { actual: msg`${card.id} is ${inZone(card.zone)}, and only a permanent is phased in or out`, rules: ['110.5d'] };
  const is = card.phasedOut !== 'no';
  if (is === out) return undefined;
  if (!is) return { actual: msg`${card.id} is phased in`, rules: ['110.5'], replacement: `${card.id} phased in` };
  const host = card.phasedOut === 'indirect' ? board.hostOf(card) : undefined;
  return host
    ? { actual: msg`${card.id} is phased out, with ${host.id} it is attached to`, rules: ['110.5', '702.26g'], replacement: `${card.id} phased out` }
    : { actual: msg`${card.id} is phased out`, rules: ['110.5'], replacement: `${card.id} phased out` };
}

function faceFailure(card: CardObj, down: boolean): { actual: Message; rules: string[]; replacement?: string } | undefined {
  // A face-down spell on the stack is face down too (708.4).
  const permanent = card.zone === 'battlefield' || (card.zone === 'stack' && card.faceDown !== undefined);
  const is = permanent && card.faceDown !== undefined;
  if (permanent && is === down) return undefined;
  if (!permanent) return { actual: msg`${card.id} is ${inZone(card.zone)}, and only a permanent is face up or face down (one that leaves the battlefield is revealed, a new object)`, rules: ['110.5d', '708.9'] };
  if (is) return { actual: msg`${card.id} is face down, a 2/2 creature with no name, subtypes or text`, rules: ['708.2a'], replacement: `${card.id} face down` };
  return { actual: msg`${card.id} is face up (${card.name})`, rules: ['110.5'], replacement: `${card.id} face up` };
}
