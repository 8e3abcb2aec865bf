// The board at any line of one document, for an editor that asks again and again (hovers,
// completion, the board picture, inlay hints). The board at a line is the nearest copy of the
// replay at or before it, replayed forward to the line. The copies are either the resume points of
// the editor's analysis (`seeds`: nothing is replayed ahead of time), or made by one replay of the
// document as far as the questions reach, every CHECKPOINT_EVERY events (or as many as the board
// has cards, when it has more: each copy costs its size). Without them every question would replay
// from the start. A timeline of the next version of the text takes on the copies before the edit,
// and those after it once its own replay meets one in the same state.
import type { ScenarioDocument } from './parser/ast';
import { isEvent } from './parser/ast';
import { parse } from './parser/parser';
import type { BoardView, Step } from './types';
import { MovedCheckpoint, Replay, textlessCopy, type HostVerb, type IncludedDeclarations, type Ruleset } from './engine/replay';
import { RULESETS } from './analysis/common';
import type { CardCatalogs } from './cards/catalog';
import { header } from './parser/header';
import { sameDeclarations } from './parser/declarations';
import { keptFrom } from './parser/reparse';
import { renderMessage, type Message } from './message';

/** Events between two copies of the replay's state. */
export const CHECKPOINT_EVERY = 200;

/** Boards kept per timeline (the hovers and the cursor ask for the same few again and again). */
const MAX_VIEWS = 32;

/** Copies of the replay kept before the last statement of a board answered (keepCopy), per timeline. */
const MAX_EXTRA_COPIES = 32;

/** How many of an earlier timeline's copies after an edit the live replay is compared with (meetsTail). */
const TAIL_TRIES = 3;

/** Why a card or player is not a legal host (undefined in a verdicts map: legal). */
export interface HostVerdict {
  why: string;
  whyText: Message;
  rules: string[];
}

export interface Checkpoint {
  /** The replay stands after statements[0..index). */
  index: number;
  replay: Replay;
}

export class Timeline {
  private readonly checkpoints: Checkpoint[] = [];
  /** The replay that makes the checkpoints, and how many statements it has replayed. */
  private live: Replay | undefined;
  private liveIndex = 0;
  private sinceCheckpoint = 0;
  /** Statements from this index on are not replayed (a rules bug was hit there). */
  private broken = Infinity;
  /** Answers come from the seeds only (no live replay). */
  private readonly seeded: boolean;
  private readonly rules: Ruleset;
  private readonly version: string | undefined;
  /** The replay standing after the declarations (the initial board), once made; only ever copied. */
  private initial: Replay | undefined;
  /**
   * The earlier timeline's copies of the replay among the statements both texts end with (the same
   * objects, as a reparse keeps them when the line count is the same), at their indexes here: where
   * the live replay reaches one in the same state, the edit changed nothing from there on, and
   * the rest of them stand for this text too (the early cutoff of a check, for the board).
   */
  private tail: Checkpoint[] | undefined;
  /** The first of the tail's copies the live replay has not passed yet. */
  private tailAt = 0;
  /** How many of the tail's copies the live replay was compared with. */
  private tailTried = 0;

  /**
   * `seeds`: replays standing after the first `index` statements of this same text (an editor's
   * resumable analysis has them): questions are answered from them, and the document is not
   * replayed from the start.
   */
  constructor(
    readonly doc: ScenarioDocument,
    readonly text: string,
    readonly every = CHECKPOINT_EVERY,
    seeds: readonly Checkpoint[] = [],
    /** The players and cards of the files it includes (`Analysis.includes.files`), declared first. */
    readonly included: readonly IncludedDeclarations[] = [],
    /** The user's card data, as the analysis used it. */
    readonly cards?: CardCatalogs,
    /**
     * A timeline of an earlier version of the text: its initial board is this one's when both
     * have the same declarations (the same statement objects, as a reparse keeps them), the same
     * included files and card data, so an edit among the events does not set up the board again.
     */
    earlier?: Timeline,
  ) {
    const h = header(doc);
    this.rules = RULESETS[h.game ?? 'mtg'];
    this.version = h.version;
    this.seeded = seeds.length > 0;
    const sameStart = !!earlier && earlier.included === included && earlier.cards === cards && earlier.version === this.version && earlier.rules === this.rules && sameDeclarations(earlier.doc, doc);
    if (sameStart && earlier!.initial) this.initial = earlier!.initial;
    // The earlier timeline's copies of the replay before the edit stand for this text too (a
    // reparse kept those statements), and so does the replay it last answered from: the board
    // just above the cursor is asked for again at every keystroke.
    const kept = sameStart ? keptOf(earlier!, doc) : 0;
    if (kept > 0 && this.seeded) seeds = withEarlier(seeds, earlier!, kept);
    if (sameStart) this.tail = tailOf(earlier!, doc, kept);
    if (kept > 0) for (const [end, view] of earlier!.views) if (end <= kept) this.views.set(end, view);
    if (kept > 0) for (const [key, v] of earlier!.verdicts) if (Number(key.slice(0, key.indexOf(' '))) <= kept) this.verdicts.set(key, v);
    if (this.seeded) {
      if (!this.initial) {
        const initial = new Replay(this.doc, this.text, this.rules, this.version, { cards });
        try {
          initial.begin(doc.statements, { files: this.included });
          this.initial = initial;
        } catch {
          // The board as far as it was built (not handed on to a later version).
          this.checkpoints.push({ index: 0, replay: initial });
        }
      }
      if (this.initial) this.checkpoints.push({ index: 0, replay: this.initial });
      this.checkpoints.push(...seeds.filter((c) => c.index > 0 && c.index <= doc.statements.length));
    }
  }

  /**
   * The copies of the replay this timeline holds that stand after at most `n` statements (index >
   * 0), in index order, with the replay it last answered from: for a later version of the text
   * whose first `n` statements are this one's.
   */
  copiesUpTo(n: number): Checkpoint[] {
    // Only copies that hold no text (checkpoints: this timeline's, the check's, or taken on from an
    // earlier timeline's tail) or that this timeline made: one holding an earlier text, carried on
    // from version to version, would keep every earlier text alive.
    const own = (r: Replay) => this.made.has(r) || r.text === '';
    // A moved copy holds no text, made or not (not made for this question).
    const out = this.checkpoints.filter((c) => c.index > 0 && c.index <= n && c.index <= this.broken && (c instanceof MovedCheckpoint || own(c.replay)));
    const last = this.last;
    if (last && last.end > 0 && last.end <= n && last.end <= this.broken && own(last.replay) && !out.some((c) => c.index === last.end)) {
      let at = out.length;
      while (at > 0 && out[at - 1].index > last.end) at--;
      out.splice(at, 0, { index: last.end, replay: last.replay });
    }
    return out;
  }

  /** The board after the last statement that starts on or before `line` (the initial board for -1). */
  boardAt(line: number): BoardView {
    const end = this.settled(this.countStartingBy(line));
    let view = this.views.get(end);
    if (!view) {
      view = this.replayAt(line).board.view();
      if (this.views.size >= MAX_VIEWS) this.views.clear();
      this.views.set(end, view);
    }
    return view;
  }

  /** Boards already answered, by how many statements stand before them (a later version's timeline takes those before its edit). */
  private readonly views = new Map<number, BoardView>();

  /** Host verdicts already made, by `end verb subject` (end: statements before the board judged); carried like `views`. */
  private readonly verdicts = new Map<string, Map<string, HostVerdict | undefined>>();

  /**
   * The cards and players `subject` could legally be attached to by an event of `verb` on `line`,
   * judged on the board just before that line, by the game's own rules.
   */
  legalHosts(line: number, subject: string, verb: HostVerb): string[] {
    const replay = this.replayAt(line - 1);
    const att = replay.board.cards.get(subject);
    if (!att) return [];
    const out: string[] = [];
    for (const h of [...replay.board.players.values(), ...replay.board.cards.values()]) {
      try {
        if (this.rules.legalHost(replay, att, h, verb)) out.push(h.id);
      } catch {
        // A rules bug must not break completion: that host is just not offered.
      }
    }
    return out;
  }

  /**
   * Every card and player other than `subject`, with why it is not a legal host for an event of
   * `verb` on `line` (undefined for a legal one): legalHosts with the game's reasons, for completion.
   */
  hostVerdicts(line: number, subject: string, verb: HostVerb): ReadonlyMap<string, HostVerdict | undefined> {
    // Asked at each keystroke while a host is typed (`equip X to c`, `c2`): kept per board, subject and verb.
    const end = this.countStartingBy(line - 1);
    const key = `${end} ${verb} ${subject}`;
    const known = this.verdicts.get(key);
    if (known) return known;
    const out = new Map<string, HostVerdict | undefined>();
    if (this.verdicts.size >= MAX_VIEWS) this.verdicts.clear();
    this.verdicts.set(key, out);
    const replay = this.replayAt(line - 1);
    const att = replay.board.cards.get(subject);
    if (!att) return out;
    for (const h of [...replay.board.players.values(), ...replay.board.cards.values()]) {
      if (h === att) continue;
      try {
        const p = this.rules.hostProblem(replay, att, h, verb);
        out.set(h.id, p && { why: renderMessage(p.why), whyText: p.why, rules: p.rules });
      } catch {
        // A rules bug must not break completion: that host is just not judged.
      }
    }
    return out;
  }

  /**
   * What the replay made of each event that starts on lines first..last (the step summaries of
   * inlay hints and hovers), replaying only from the checkpoint before `first`.
   */
  steps(first: number, last: number): Step[] {
    const statements = this.doc.statements;
    const end = this.countStartingBy(last);
    const replay = this.replayAt(first - 1, true);
    try {
      for (let i = this.countStartingBy(first - 1); i < end && i < this.broken; i++) replay.step(statements[i]);
    } catch {
      // The steps before the rules bug stand.
    }
    // Those replayed on the way from the checkpoint (before `first`) are not asked for.
    return replay.steps.filter((st) => st.range.start.line >= first);
  }

  /** The last replay asked for without steps (a hover or completion often asks twice for one line). */
  private last: { end: number; replay: Replay } | undefined;

  /**
   * A replay standing after the last statement that starts on or before `line`. With `steps`, a
   * fresh one the caller may step on; without, one the caller must not change (it is kept).
   */
  private replayAt(line: number, steps = false): Replay {
    const end = this.settled(this.countStartingBy(line));
    if (!steps && this.last?.end === end) return this.last.replay;
    const replay = this.replayFor(end, steps);
    if (!steps) this.last = { end, replay };
    return replay;
  }

  private replayFor(end: number, steps: boolean): Replay {
    const statements = this.doc.statements;
    // Seeded: past the last seed, one live replay goes on from it, making checkpoints (the seeds
    // of a version not analysed yet may end at its first change).
    if (!this.seeded || end > this.checkpoints[this.checkpoints.length - 1].index + this.every) {
      this.advanceTo(end);
      if (this.liveIndex === end || (this.liveIndex === this.broken && end >= this.broken)) return this.fork(this.live!, steps);
    }
    // The last checkpoint at or before `end` (checkpoints are in increasing index order), then forward.
    const cps = this.checkpoints;
    let lo = 0;
    let hi = cps.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (cps[mid].index <= end) lo = mid;
      else hi = mid - 1;
    }
    const cp = cps[lo];
    const replay = this.fork(cp.replay, steps);
    // A board asked for without steps is often the one at the line being typed: a copy of the
    // replay just before its last statement is kept too, so the next version of the text (which
    // parses that statement again, and keeps the ones before it) replays one statement from there
    // instead of all of them since the checkpoint.
    // (Kept only where the checkpoints stay in index order: the live replay adds its own after
    // where it stands, so a copy is kept no further than that.)
    const before = !steps && end - cp.index >= 2 && end <= this.broken && (!this.live || end - 1 <= this.liveIndex) ? end - 1 : -1;
    try {
      for (let i = cp.index; i < end && i < this.broken; i++) {
        if (i === before) this.keepCopy(i, replay, lo + 1);
        replay.step(statements[i]);
      }
    } catch {
      // The partial board is still the best answer for a hover.
    }
    return replay;
  }

  /** How many copies keepCopy has kept (at most MAX_EXTRA_COPIES). */
  private extra = 0;

  /** Keeps a copy of `replay` (standing after `index` statements) among the checkpoints, at `at` (their index order). */
  private keepCopy(index: number, replay: Replay, at: number): void {
    if (this.extra >= MAX_EXTRA_COPIES) return;
    this.extra++;
    this.checkpoints.splice(at, 0, { index, replay: this.copy(replay) });
  }

  /**
   * `end` statements, or none when they are all declarations: the replay declares every card
   * before its first statement and steps over declarations, so the board among them is the initial
   * one. One board for every line of the declarations (a hover on each line of 20,000 cards copied
   * the initial replay for each, 60-170 ms apiece).
   */
  private settled(end: number): number {
    if (this.firstEvent === undefined) {
      const s = this.doc.statements;
      let i = 0;
      while (i < s.length && !isEvent(s[i])) i++;
      this.firstEvent = i;
    }
    return end <= this.firstEvent ? 0 : end;
  }

  /** The index of the first event among the statements (their count when there is none), found once. */
  private firstEvent: number | undefined;

  /** How many statements start on or before `line`. */
  private countStartingBy(line: number): number {
    const s = this.doc.statements;
    let lo = 0;
    let hi = s.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (s[mid].range.start.line <= line) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Replays on from where the live replay stands until `end` statements are behind it, making checkpoints. */
  private advanceTo(end: number): void {
    const statements = this.doc.statements;
    if (!this.live && this.seeded) {
      const last = this.checkpoints[this.checkpoints.length - 1];
      this.live = this.fork(last.replay);
      this.liveIndex = last.index;
    }
    if (!this.live && this.initial) {
      this.live = this.fork(this.initial);
      this.checkpoints.push({ index: 0, replay: this.initial });
    }
    if (!this.live) {
      this.live = new Replay(this.doc, this.text, this.rules, this.version, { cards: this.cards });
      try {
        this.live.begin(statements, { files: this.included });
        this.initial = this.fork(this.live);
      } catch {
        this.broken = 0;
      }
      this.checkpoints.push({ index: 0, replay: this.initial ?? this.fork(this.live) });
    }
    const live = this.live;
    while (this.liveIndex < end && this.liveIndex < this.broken) {
      const st = statements[this.liveIndex];
      try {
        live.step(st);
      } catch {
        // A rules bug: replays stop here; the board before it is still shown.
        this.broken = this.liveIndex;
        return;
      }
      this.liveIndex++;
      if (this.tail && this.meetsTail()) return;
      // A copy costs as much as the board is big: the copies are spaced by at least as many events as
      // the board has cards, so that they cost no more in all than the replay (a stack of 20,000
      // spells was copied every 200 events: its board at the end took 6.8 s, against 0.15 s for
      // 2,000). The analysis's resume points are spaced so too.
      if (isEvent(st) && ++this.sinceCheckpoint >= Math.max(this.every, live.board.copySize)) {
        this.checkpoints.push({ index: this.liveIndex, replay: this.copy(live) });
        this.sinceCheckpoint = 0;
      }
    }
  }

  /**
   * Has the live replay reached one of the earlier timeline's copies in the tail, in the same
   * state? Then those copies are this timeline's checkpoints from there on, and the live replay
   * stands at the last of them. A few are compared at most: an edit that changed the state (a
   * new event moves every later timestamp) is seldom undone later.
   */
  private meetsTail(): boolean {
    const tail = this.tail!;
    while (this.tailAt < tail.length && tail[this.tailAt].index < this.liveIndex) this.tailAt++;
    if (this.tailAt === tail.length) {
      this.tail = undefined;
      return false;
    }
    const next = tail[this.tailAt];
    if (next.index !== this.liveIndex) return false;
    if (!this.live!.sameStateAs(next.replay)) {
      this.tailAt++;
      if (++this.tailTried >= TAIL_TRIES) this.tail = undefined;
      return false;
    }
    for (let i = this.tailAt; i < tail.length; i++) this.checkpoints.push(tail[i]);
    const last = tail[tail.length - 1];
    this.live = this.fork(last.replay);
    this.liveIndex = last.index;
    this.sinceCheckpoint = 0;
    this.tail = undefined;
    return true;
  }

  private fork(from: Replay, steps = false): Replay {
    const r = new Replay(this.doc, this.text, this.rules, this.version, { steps }, from);
    this.made.add(r);
    return r;
  }

  /** A checkpoint's copy of `from`: it keeps no text, so a later version's timeline may take it on (copiesUpTo). */
  private copy(from: Replay): Replay {
    return textlessCopy(from, this.version);
  }

  /** The replays this timeline made (they hold its text; copiesUpTo hands on only those). */
  private readonly made = new WeakSet<Replay>();
}

/** The board as it stands after the statement on (or last before) `line` (one question: no checkpoints kept). */
export function boardAt(text: string, line: number, doc: ScenarioDocument = parse(text), included: readonly IncludedDeclarations[] = [], cards?: CardCatalogs): BoardView {
  return new Timeline(doc, text, Infinity, [], included, cards).boardAt(line);
}

/** Timeline.legalHosts, for one question. */
export function legalHosts(text: string, line: number, subject: string, verb: HostVerb, doc: ScenarioDocument = parse(text), cards?: CardCatalogs, included: readonly IncludedDeclarations[] = []): string[] {
  return new Timeline(doc, text, Infinity, [], included, cards).legalHosts(line, subject, verb);
}

/**
 * The earlier timeline's own copies of the replay that stand in the statements both trees end
 * with (the same objects, after the first `kept`), at their indexes in `doc`, in order; none when
 * the trees end differently. A copy stands after its statements: it is in the tail when the
 * statement before it is.
 */
function tailOf(earlier: Timeline, doc: ScenarioDocument, kept: number): Checkpoint[] | undefined {
  const a = earlier.doc.statements;
  const b = doc.statements;
  if (a === b) return undefined;
  const room = Math.min(a.length, b.length) - kept;
  let same = 0;
  while (same < room && a[a.length - 1 - same] === b[b.length - 1 - same]) same++;
  if (same === 0) return undefined;
  // Copies standing after statement `a.length - same` or later (the statement before them is shared).
  const from = a.length - same + 1;
  const shift = b.length - a.length;
  const out = earlier.copiesUpTo(a.length).filter((c) => c.index >= from).map((c) => (c instanceof MovedCheckpoint ? new MovedCheckpoint(c.index + shift, c.moved) : { index: c.index + shift, replay: c.replay }));
  return out.length > 0 ? out : undefined;
}

/** How many statements of `doc` a reparse kept from the earlier timeline's tree (0: none known). */
function keptOf(earlier: Timeline, doc: ScenarioDocument): number {
  return keptFrom(doc, earlier.doc);
}

/**
 * `seeds` and the copies of the replay an earlier timeline holds that stand after the first
 * `kept` statements (the same objects in both trees), in index order; at one index, the seed is kept.
 */
function withEarlier(seeds: readonly Checkpoint[], earlier: Timeline, kept: number): readonly Checkpoint[] {
  const extra = earlier.copiesUpTo(kept);
  if (extra.length === 0) return seeds;
  const out: Checkpoint[] = [];
  let i = 0;
  let j = 0;
  while (i < seeds.length || j < extra.length) {
    const a = seeds[i];
    const b = extra[j];
    if (b === undefined || (a !== undefined && a.index <= b.index)) {
      out.push(a);
      i++;
      if (b !== undefined && b.index === a.index) j++;
    } else {
      out.push(b);
      j++;
    }
  }
  return out;
}
