// Names as symbols: document outline, go to definition, find references, rename.
import { numberLocale, t } from './l10n';
import { DECLARATION_KEYWORDS, EVENT_VERBS, isEvent, isIdentifier, type Statement } from '../../core';
import {
  LSPErrorCodes,
  ResponseError,
  SymbolKind,
  type DocumentSymbol,
  type Location,
  type Position,
  type Range,
  type SymbolInformation,
  type WorkspaceEdit,
} from 'vscode-languageserver';
import type { ClientSupport } from './capabilities';
import type { DocumentState } from './documents';
import { typeLineText } from './names';
import { workspaceEdit } from './codeActions';
import { oneLine } from './util';
import { unchanging } from './answers';
import { changeSince, IndexedBuilder, PerDocument, spliced, type Indexed } from './perStatement';

// ---- outline ------------------------------------------------------------------------------

/** At most this many symbols in each group of the outline: a huge file's outline stays small. */
export const MAX_OUTLINE_GROUP = 1000;

function group(name: string, kind: SymbolKind, children: DocumentSymbol[], total = children.length): DocumentSymbol | undefined {
  if (children.length === 0) return undefined;
  const range: Range = { start: children[0].range.start, end: children[children.length - 1].range.end };
  const label = total > children.length ? t('{0} (the first {1} of {2})', name, children.length.toLocaleString(numberLocale()), total.toLocaleString(numberLocale())) : name;
  return { name: label, kind, range, selectionRange: children[0].selectionRange, children };
}

function statementText(state: DocumentState, st: Statement): string {
  return oneLine(state.document.getText(st.range));
}

type Group = 'header' | 'players' | 'cards' | 'events';

/** The group of the outline a statement is in, if any. */
function groupOf(st: Statement): Group | undefined {
  if (st.kind === 'player') return st.id ? 'players' : undefined;
  if (st.kind === 'card') return st.id ? 'cards' : undefined;
  if (st.kind === 'game' || st.kind === 'title' || st.kind === 'rules') return 'header';
  return isEvent(st) ? 'events' : undefined;
}

type Members = Record<Group, Indexed<never>>;

function membersOf(statements: readonly Statement[], from: number, to: number): Members {
  const m = { header: new IndexedBuilder<never>(false), players: new IndexedBuilder<never>(false), cards: new IndexedBuilder<never>(false), events: new IndexedBuilder<never>(false) };
  for (let i = from; i < to; i++) {
    const g = groupOf(statements[i]);
    if (g) m[g].push(i);
  }
  return { header: m.header.done(), players: m.players.done(), cards: m.cards.done(), events: m.events.done() };
}

/**
 * The outline's members of each group by statement index, carried from the version answered last
 * (perStatement.ts), and the symbol of each statement shown (a kept statement keeps its symbol).
 */
const memory = new PerDocument<{ statements: readonly Statement[]; members: Members; result: DocumentSymbol[] }>();
const symbolOf = new WeakMap<Statement, DocumentSymbol>();

function symbol(state: DocumentState, st: Statement): DocumentSymbol {
  let s = symbolOf.get(st);
  if (s) return s;
  if (st.kind === 'player' && st.id) s = { name: st.id.text, kind: SymbolKind.Variable, detail: 'player', range: st.range, selectionRange: st.id.range };
  else if (st.kind === 'card' && st.id) {
    const detail = [st.name ? `"${st.name.text}"` : '', typeLineText(st)].filter(Boolean).join(': ');
    s = { name: st.id.text, kind: SymbolKind.Class, detail, range: st.range, selectionRange: st.id.range };
  } else if (st.kind === 'game' || st.kind === 'title' || st.kind === 'rules') {
    s = { name: statementText(state, st), kind: st.kind === 'game' ? SymbolKind.Module : SymbolKind.Property, range: st.range, selectionRange: st.range };
  } else s = { name: statementText(state, st), kind: SymbolKind.Event, range: st.range, selectionRange: (st as { verbRange: Range }).verbRange };
  symbolOf.set(st, s);
  return s;
}

/** The same outline for the client: the same symbols (objects) in the same groups, with the same labels. */
function sameOutline(a: DocumentSymbol[], b: DocumentSymbol[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    if (x.name !== y.name || x.kind !== y.kind || !x.children || !y.children || x.children.length !== y.children.length) return false;
    for (let j = 0; j < x.children.length; j++) if (x.children[j] !== y.children[j]) return false;
  }
  return true;
}

/**
 * Header statements, then Players, Cards and Events groups, each of at most MAX_OUTLINE_GROUP
 * symbols (the label says how many there are). In a huge file only the statements of the edit are
 * looked at again; the same outline as last time is the same list.
 */
export function documentSymbols(state: DocumentState): DocumentSymbol[] {
  const statements = state.doc.statements;
  const memo = memory.get(state.uri);
  // The members are statement indexes only: statements moved by a line break keep theirs.
  const change = changeSince(memo, statements);
  let members: Members;
  if (memo && change) {
    const middle = membersOf(statements, change.prefix, change.newEnd);
    members = { header: spliced(memo.members.header, change, middle.header), players: spliced(memo.members.players, change, middle.players), cards: spliced(memo.members.cards, change, middle.cards), events: spliced(memo.members.events, change, middle.events) };
  } else members = membersOf(statements, 0, statements.length);
  const shown = (g: Group, limit = Infinity) => Array.from(members[g].at.subarray(0, Math.min(limit, members[g].at.length)), (i) => symbol(state, statements[i]));
  const result = [
    ...shown('header'),
    group(t('Players'), SymbolKind.Namespace, shown('players', MAX_OUTLINE_GROUP), members.players.at.length),
    group(t('Cards'), SymbolKind.Namespace, shown('cards', MAX_OUTLINE_GROUP), members.cards.at.length),
    group(t('Events'), SymbolKind.Namespace, shown('events', MAX_OUTLINE_GROUP), members.events.at.length),
  ].filter((s): s is DocumentSymbol => s !== undefined);
  // Never changed afterwards: a JSON transport keeps its bytes for the next time (answers.ts).
  const answer = memo && sameOutline(memo.result, result) ? memo.result : unchanging(result);
  memory.set(state.uri, { statements, members, result: answer });
  return answer;
}

/** For clients without hierarchical symbols: the same symbols, flat, with their group as container. */
export function flatSymbols(state: DocumentState, symbols: DocumentSymbol[]): SymbolInformation[] {
  const out: SymbolInformation[] = [];
  const walk = (s: DocumentSymbol, container?: string) => {
    out.push({ name: s.name, kind: s.kind, location: { uri: state.uri, range: s.range }, containerName: container });
    for (const c of s.children ?? []) walk(c, s.name);
  };
  for (const s of symbols) walk(s);
  return out;
}

// ---- navigation ---------------------------------------------------------------------------

export function definition(state: DocumentState, pos: Position): Location | null {
  // On the path of an include: the included file.
  for (const link of state.analysis.includes.links) {
    const r = link.range;
    if (link.uri && r.start.line === pos.line && r.start.character <= pos.character && pos.character <= r.end.character) {
      return { uri: link.uri, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } };
    }
  }
  const occ = state.names.at(pos);
  const decl = occ && state.names.declarations.get(occ.text);
  // A name declared in an included file: its declaration there.
  return decl ? { uri: decl.uri ?? state.uri, range: decl.range } : null;
}

/**
 * The other documents a name's uses can be in: the open documents that include this one (a name
 * declared here is used there too), and how to know an open document's version.
 */
export interface NameScope {
  includers: DocumentState[];
  versionOf: (uri: string) => number | null;
}

const NO_SCOPE: NameScope = { includers: [], versionOf: () => null };

/**
 * Every place the name under `occ` is written, by file: this document, the files it includes, and
 * the open documents that include the file declaring it (where the name means the same declaration).
 */
function placesOf(state: DocumentState, text: string, scope: NameScope): Map<string, Range[]> {
  const out = new Map<string, Range[]>();
  // Each file's places once, by where they start (a file both open and included is reached twice).
  const seen = new Map<string, Set<string>>();
  const add = (uri: string, ranges: Range[]) => {
    if (ranges.length === 0) return;
    let list = out.get(uri);
    let starts = seen.get(uri);
    if (list === undefined || starts === undefined) {
      out.set(uri, (list = []));
      seen.set(uri, (starts = new Set()));
    }
    for (const r of ranges) {
      const at = `${r.start.line}:${r.start.character}`;
      if (starts.has(at)) continue;
      starts.add(at);
      list.push(r);
    }
  };
  add(state.uri, state.names.of(text).map((o) => o.range));
  for (const f of state.names.inIncluded(text)) add(f.uri, f.occurrences.map((o) => o.range));
  const declaredIn = state.names.declarations.get(text)?.uri ?? state.uri;
  for (const other of scope.includers) {
    if (other.uri === state.uri) continue;
    const d = other.names.declarations.get(text);
    if (!d || (d.uri ?? other.uri) !== declaredIn) continue;
    add(other.uri, other.names.of(text).map((o) => o.range));
    for (const f of other.names.inIncluded(text)) add(f.uri, f.occurrences.map((o) => o.range));
  }
  return out;
}

export function references(state: DocumentState, pos: Position, includeDeclaration: boolean, scope: NameScope = NO_SCOPE): Location[] {
  const occ = state.names.at(pos);
  if (!occ || !occ.declared) return [];
  const decl = state.names.declarations.get(occ.text);
  const isDeclaration = (uri: string, r: Range) => decl !== undefined && (decl.uri ?? state.uri) === uri && decl.range.start.line === r.start.line && decl.range.start.character === r.start.character;
  const out: Location[] = [];
  for (const [uri, ranges] of placesOf(state, occ.text, scope)) {
    for (const range of ranges) {
      if (!includeDeclaration && (isDeclaration(uri, range) || (uri === state.uri && state.names.at(range.start)?.declaration))) continue;
      out.push({ uri, range });
    }
  }
  return out;
}

// ---- rename -------------------------------------------------------------------------------

/** Words that would change how a line parses if used as a name. */
const RESERVED = new Set<string>([
  ...DECLARATION_KEYWORDS,
  ...EVENT_VERBS,
  'to', 'by', 'from', 'targeting', 'attached', 'in', 'at', 'of', 'or', 'no', 'on', 'has', 'newer', 'than', 'unattached', 'might',
  'owner', 'controller', 'enchant', 'protection', 'color', 'colors', 'out', 'you', 'an', 'opponent', 'player', 'everything',
  'hexproof', 'shroud', 'ward', 'paying',
]);

export function prepareRename(state: DocumentState, pos: Position): { range: Range; placeholder: string } | null {
  const occ = state.names.at(pos);
  if (!occ || !occ.declared) return null;
  return { range: occ.range, placeholder: occ.text };
}

export function rename(state: DocumentState, pos: Position, newName: string, support: ClientSupport, scope: NameScope = NO_SCOPE): WorkspaceEdit | null {
  const occ = state.names.at(pos);
  if (!occ || !occ.declared) return null;
  const fail = (message: string) => new ResponseError(LSPErrorCodes.RequestFailed, message);
  if (!isIdentifier(newName)) {
    throw fail(t("'{0}' is not a valid name: a name is a letter, then letters, digits, '-' or '_'.", newName));
  }
  if (RESERVED.has(newName)) throw fail(t("'{0}' is a keyword of the scenario language; choose another name.", newName));
  if (newName !== occ.text && state.names.declarations.has(newName)) {
    throw fail(state.names.declarations.get(newName)!.kind === 'player' ? t("'{0}' is already the name of a player.", newName) : t("'{0}' is already the name of a card.", newName));
  }
  const places = placesOf(state, occ.text, scope);
  if (places.size === 1 && places.has(state.uri)) {
    return workspaceEdit(state, places.get(state.uri)!.map((range) => ({ range, newText: newName })), support);
  }
  // Across an include: one edit per file, each file's own.
  for (const other of scope.includers) {
    if (newName !== occ.text && other.names.declarations.has(newName)) {
      throw fail(other.names.declarations.get(newName)!.kind === 'player' ? t("'{0}' is already the name of a player in {1}.", newName, other.uri) : t("'{0}' is already the name of a card in {1}.", newName, other.uri));
    }
  }
  const files = [...places].map(([uri, ranges]) => ({ uri, edits: ranges.map((range) => ({ range, newText: newName })) }));
  if (support.documentChanges) {
    return { documentChanges: files.map((f) => ({ textDocument: { uri: f.uri, version: f.uri === state.uri ? state.version : scope.versionOf(f.uri) }, edits: f.edits })) };
  }
  return { changes: Object.fromEntries(files.map((f) => [f.uri, f.edits])) };
}
