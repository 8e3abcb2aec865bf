// Every place a card or player id is written: declarations and uses, with what the id refers to.
// Definition, references, rename, hover and semantic tokens all read this one index.
import type { AbilityNode, Assertion, CardStmt, GrantNode, IncludedFile, Name, PlayerStmt, ScenarioDocument, Statement } from '../../core';
import { declarationsOf } from '../../core';
import type { Position, Range } from 'vscode-languageserver';
import { containsInclusive, firstNotBefore } from './util';

export type NameKind = 'card' | 'player';

/** What the grammar says may stand at a place (before declarations are consulted). */
type Role = NameKind | 'either';

export interface Occurrence {
  text: string;
  range: Range;
  /** From the declaration of that name; for an undeclared name, what the grammar expects there. */
  kind: NameKind | undefined;
  /** The name is declared (so it can be navigated and renamed). */
  declared: boolean;
  /** This occurrence is in a `card`/`player` declaration (duplicates included). */
  declaration: boolean;
}

export interface Declaration {
  kind: NameKind;
  /** The id's range in its first declaration. */
  range: Range;
  stmt: CardStmt | PlayerStmt;
  /** The included file it is declared in; undefined when it is declared in this document. */
  uri?: string;
}

export class NameIndex {
  readonly declarations = new Map<string, Declaration>();
  /** Where `add` writes (every occurrence, or those of some statements). */
  private sink: Occurrence[] = [];
  private all: Occurrence[] | undefined;

  /**
   * `included`: the files the document includes (Analysis.includes.files), whose players and cards
   * are declared before the document's own (the first declaration of a name is the one it refers to).
   */
  constructor(
    private readonly doc: ScenarioDocument,
    readonly included: readonly IncludedFile[] = [],
  ) {
    for (const file of included) {
      for (const st of file.declarations) {
        if (st.id && !this.declarations.has(st.id.text)) this.declarations.set(st.id.text, { kind: st.kind, range: st.id.range, stmt: st, uri: file.uri });
      }
    }
    // Declarations only (found once per tree, carried over by a reparse): an edit among the events walks none.
    for (const st of declarationsOf(doc).list) {
      if ((st.kind === 'card' || st.kind === 'player') && st.id && !this.declarations.has(st.id.text)) {
        this.declarations.set(st.id.text, { kind: st.kind, range: st.id.range, stmt: st });
      }
    }
  }

  /** Every occurrence in the document, in order (made on first use: the whole-document features need it). */
  get occurrences(): Occurrence[] {
    if (!this.all) this.all = this.collect(this.doc.statements);
    return this.all;
  }

  /**
   * The occurrences on lines first..last, in order: from the whole index when it is made, else
   * from the statements on those lines only (a request about a viewport or a position does not
   * visit the whole document).
   */
  occurrencesIn(first: number, last: number): Occurrence[] {
    if (this.all) return this.all.filter((o) => o.range.start.line >= first && o.range.start.line <= last);
    const sts = this.doc.statements;
    // The first statement that ends on or after `first` (statements are in order and don't overlap).
    const lo = firstNotBefore(sts.length, (i) => sts[i].range.end.line < first);
    let end = lo;
    while (end < sts.length && sts[end].range.start.line <= last) end++;
    return this.collect(sts.slice(lo, end)).filter((o) => o.range.start.line >= first && o.range.start.line <= last);
  }

  private collect(statements: readonly Statement[]): Occurrence[] {
    const out: Occurrence[] = [];
    this.sink = out;
    for (const st of statements) this.visit(st);
    this.sink = [];
    out.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
    return out;
  }

  /** The occurrence under (or just after) the cursor. */
  at(pos: Position): Occurrence | undefined {
    const occurrences = this.all ?? this.occurrencesIn(pos.line, pos.line);
    // Binary search on the start; occurrences never overlap.
    let lo = 0;
    let hi = occurrences.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const o = occurrences[mid];
      if (containsInclusive(o.range, pos)) return o;
      if (o.range.start.line < pos.line || (o.range.start.line === pos.line && o.range.start.character < pos.character)) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  }

  private inFiles: Map<IncludedFile, NameIndex> | undefined;

  /** The occurrences of `name` in each included file (each file indexed on first use), by file uri. */
  inIncluded(name: string): { uri: string; occurrences: Occurrence[] }[] {
    this.inFiles ??= new Map(this.included.map((f) => [f, new NameIndex(f.doc)]));
    const out: { uri: string; occurrences: Occurrence[] }[] = [];
    for (const [f, index] of this.inFiles) {
      const occurrences = index.occurrences.filter((o) => o.text === name);
      if (occurrences.length) out.push({ uri: f.uri, occurrences });
    }
    return out;
  }

  /** Every occurrence of a declared name (same text, same kind). */
  of(name: string): Occurrence[] {
    return this.occurrences.filter((o) => o.text === name && o.declared);
  }

  cardIds(): string[] {
    return [...this.declarations].filter(([, d]) => d.kind === 'card').map(([id]) => id);
  }

  playerIds(): string[] {
    return [...this.declarations].filter(([, d]) => d.kind === 'player').map(([id]) => id);
  }

  private add(name: Name | undefined, role: Role, declaration = false): void {
    if (!name) return;
    const decl = this.declarations.get(name.text);
    this.sink.push({
      text: name.text,
      range: name.range,
      kind: decl ? decl.kind : role === 'either' ? undefined : role,
      declared: !!decl,
      declaration,
    });
  }

  /** `protection from QUALITY`: a reference only when the quality is a declared player. */
  private addQuality(word: Name): void {
    if (this.declarations.get(word.text)?.kind === 'player') this.add(word, 'player');
  }

  private visit(st: Statement): void {
    switch (st.kind) {
      case 'game':
      case 'title':
      case 'rules':
      case 'cleanup':
        return;
      case 'player':
        return this.add(st.id, 'player', true);
      case 'card':
        this.add(st.id, 'card', true);
        for (const p of st.props) {
          if (p.kind === 'owner' || p.kind === 'controller') this.add(p.player, 'player');
          else if (p.kind === 'attached') this.add(p.target, 'either');
          // `transforms into NAME` (MTG 712.2): the back face's line, renamed and found with it.
          else if (p.kind === 'transforms') this.add(p.face, 'card');
          else if (p.kind === 'protection') this.addQuality(p.quality);
          else if (p.kind === 'grant') this.visitGrant(p.grant);
        }
        return;
      case 'attach':
        this.add(st.subject, 'card');
        this.add(st.host, 'either');
        // `attach X to H targeting with S` (both games): the source is a card, renamed and found with it.
        this.add(st.targeting?.source, 'card');
        return this.add(st.by, 'player');
      // Riftbound `cast S targeting X to U`, `activate S attach targeting X to U`: U, the unit it attaches X to.
      case 'cast':
        this.add(st.subject, 'card');
        this.add(st.target, 'either');
        this.add(st.host, 'either');
        return this.add(st.by, 'player');
      case 'activate':
        this.add(st.subject, 'card');
        this.add(st.target, 'either');
        this.add(st.host, 'either');
        return this.add(st.by, 'player');
      case 'enter':
        this.add(st.subject, 'card');
        this.add(st.host, 'either');
        // `as a copy of Y` (MTG 707.5; Riftbound 477.1.b): the object copied.
        this.add(st.original, 'card');
        return this.add(st.player, 'player');
      // `becomes X a copy of Y` (MTG 707.4; Riftbound 477.1.b.1).
      case 'copy':
        this.add(st.subject, 'card');
        return this.add(st.original, 'card');
      case 'unattach':
        this.add(st.subject, 'card');
        return this.add(st.host, 'either');
      case 'move':
        this.add(st.subject, 'card');
        return this.add(st.player, 'player');
      // `resolve X living weapon creating T` (MTG 702.92a), `resolve X Weaponmaster choosing G` (Riftbound 821.1.c), `resolve G Quick-Draw choosing U` (819.1.d).
      case 'resolve':
        this.add(st.subject, 'card');
        this.add(st.creating, 'card');
        return this.add(st.choosing, 'card');
      case 'order':
        for (const n of st.names) this.add(n, 'card');
        return;
      case 'status':
      case 'phase':
      case 'recall':
      case 'heal':
      case 'regenerate':
      case 'transform':
        return this.add(st.subject, 'card');
      // `turn X face up [with S] [attached to H]` (MTG 708.8, 303.4k), `manifest X [under P]` (701.40a).
      case 'turn-face':
        this.add(st.subject, 'card');
        this.add(st.source, 'card');
        return this.add(st.host, 'either');
      case 'manifest':
        this.add(st.subject, 'card');
        return this.add(st.player, 'player');
      // Counters go on permanents (MTG 122.6), a buff on a unit (Riftbound 426.1): a player named here is an error the replay reports.
      // `spend buff from X by P`: the player who spends it (702.2.b.2).
      case 'counters':
        this.add(st.by, 'player');
        return this.add(st.subject, 'card');
      // MTG damage may be dealt to a player (120.1); its source is an object.
      case 'damage':
        this.add(st.source, 'card');
        return this.add(st.subject, 'either');
      // `until P's next turn`: the player whose turn ends the change.
      case 'types':
        this.add(st.subject, 'card');
        return this.add(st.duration?.player, 'player');
      case 'protection':
        this.add(st.subject, 'card');
        this.addQuality(st.quality);
        this.add(st.duration?.player, 'player');
        return this.add(st.keep?.card, 'card');
      case 'abilities':
        this.add(st.duration?.player, 'player');
        return this.add(st.subject, st.ability === 'protection' ? 'either' : 'card');
      case 'keyword':
        // A card or (hexproof, shroud) a player.
        this.add(st.duration?.player, 'player');
        return this.add(st.subject, 'either');
      case 'keyword-ability':
        this.add(st.duration?.player, 'player');
        return this.add(st.subject, 'card');
      case 'control':
        this.add(st.subject, 'card');
        this.add(st.player, 'player');
        // `for as long as P controls Y`, `for as long as Y is enchanted`, `Y remains ...`, joined by `and`.
        if (st.duration === undefined || st.duration.kind === 'turn') return;
        for (const c of st.duration.kind === 'all' ? st.duration.parts : [st.duration]) {
          if (c.kind === 'controls') this.add(c.player, 'player');
          this.add(c.card, 'card');
        }
        return;
      case 'leave':
      case 'turn':
        return this.add(st.player, 'player');
      // MTG `attack with X` (508.1a); Riftbound `attack at battlefield B by P` (464.2.c: B names a battlefield, no declared name).
      case 'attack':
        this.add(st.subject, 'card');
        return this.add(st.by, 'player');
      // MTG `block X with Y and Z` (509.1a): the attacker, then each blocker.
      case 'block':
        this.add(st.subject, 'card');
        for (const b of st.blockers) this.add(b, 'card');
        return;
      case 'exchange':
      case 'swap':
        this.add(st.subject, 'card');
        return this.add(st.other, 'card');
      case 'together':
        for (const part of st.parts) this.visit(part);
        return;
      case 'expect':
        if (st.assertion) this.visitAssertion(st.assertion);
        return;
    }
  }

  private visitAssertion(a: Assertion): void {
    switch (a.kind) {
      case 'attached-to':
      case 'has':
        // Source order: `X attached to H`, `H has X`.
        if (a.kind === 'has') this.add(a.host, 'either');
        this.add(a.subject, 'card');
        if (a.kind === 'attached-to') this.add(a.host, 'either');
        return;
      case 'newer-than':
        this.add(a.subject, 'card');
        return this.add(a.other, 'card');
      case 'no-attachments':
        return this.add(a.host, 'either');
      case 'controlled-by':
        this.add(a.subject, 'card');
        return this.add(a.player, 'player');
      case 'unattached':
      case 'in-zone':
      case 'might':
      case 'toughness':
      case 'damage':
      case 'counters':
      case 'mighty':
      case 'combat':
      case 'ceased':
      case 'not-created':
      case 'status':
      case 'transformed':
      case 'face':
      case 'phased':
      case 'chosen-color':
        return this.add(a.subject, 'card');
      case 'merged':
        // `X merged with Y` (MTG 730.2): two cards.
        this.add(a.subject, 'card');
        if (a.other) this.add(a.other, 'card');
        return;
      case 'copy':
        this.add(a.subject, 'card');
        return this.add(a.original, 'card');
      case 'triggered':
        this.add(a.subject, 'card');
        if (a.host) this.add(a.host, 'either');
        return;
      case 'has-ability':
        // A card or (hexproof, shroud) a player; `protection from P` names a player.
        this.add(a.subject, 'either');
        return this.visitAbility(a.ability);
    }
  }

  /** `equipped creature has protection from bob`: the players its protections name (a quoted grant's too). */
  private visitGrant(g: GrantNode): void {
    for (const a of g.abilities) this.visitAbility(a);
  }

  private visitAbility(a: AbilityNode): void {
    if (a.kind === 'protection') this.addQuality(a.quality);
    else if (a.kind === 'grant') this.visitGrant(a.grant);
  }
}

/** `creature — Cat`, as the card declares it. */
export function typeLineText(card: CardStmt): string {
  const t = card.typeLine;
  if (!t) return '';
  const types = t.types.map((w) => w.text).join(' ');
  const subs = t.subtypes.map((w) => w.text).join(' ');
  return subs ? `${types}${types ? ' — ' : '— '}${subs}` : types;
}
