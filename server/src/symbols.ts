// Names as symbols: document outline, go to definition, find references, rename.
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

// ---- outline ------------------------------------------------------------------------------

/** At most this many symbols in each group of the outline: a huge file's outline stays small. */
export const MAX_OUTLINE_GROUP = 1000;

function group(name: string, kind: SymbolKind, children: DocumentSymbol[], total = children.length): DocumentSymbol | undefined {
  if (children.length === 0) return undefined;
  const range: Range = { start: children[0].range.start, end: children[children.length - 1].range.end };
  const label = total > children.length ? `${name} (the first ${children.length.toLocaleString('en-US')} of ${total.toLocaleString('en-US')})` : name;
  return { name: label, kind, range, selectionRange: children[0].selectionRange, children };
}

function statementText(state: DocumentState, st: Statement): string {
  return oneLine(state.document.getText(st.range));
}

/** Header statements, then Players, Cards and Events groups. */
export function documentSymbols(state: DocumentState): DocumentSymbol[] {
  const header: DocumentSymbol[] = [];
  const players: DocumentSymbol[] = [];
  const cards: DocumentSymbol[] = [];
  const events: DocumentSymbol[] = [];
  let playerCount = 0;
  let cardCount = 0;
  let eventCount = 0;
  for (const st of state.doc.statements) {
    if (st.kind === 'player' && st.id) {
      if (playerCount++ >= MAX_OUTLINE_GROUP) continue;
      players.push({ name: st.id.text, kind: SymbolKind.Variable, detail: 'player', range: st.range, selectionRange: st.id.range });
    } else if (st.kind === 'card' && st.id) {
      if (cardCount++ >= MAX_OUTLINE_GROUP) continue;
      const detail = [st.name ? `"${st.name.text}"` : '', typeLineText(st)].filter(Boolean).join(': ');
      cards.push({ name: st.id.text, kind: SymbolKind.Class, detail, range: st.range, selectionRange: st.id.range });
    } else if (st.kind === 'game' || st.kind === 'title' || st.kind === 'rules') {
      header.push({ name: statementText(state, st), kind: st.kind === 'game' ? SymbolKind.Module : SymbolKind.Property, range: st.range, selectionRange: st.range });
    } else if (isEvent(st)) {
      if (eventCount++ >= MAX_OUTLINE_GROUP) continue;
      events.push({ name: statementText(state, st), kind: SymbolKind.Event, range: st.range, selectionRange: st.verbRange });
    }
  }
  return [
    ...header,
    group('Players', SymbolKind.Namespace, players, playerCount),
    group('Cards', SymbolKind.Namespace, cards, cardCount),
    group('Events', SymbolKind.Namespace, events, eventCount),
  ].filter((s): s is DocumentSymbol => s !== undefined);
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
  const occ = state.names.at(pos);
  const decl = occ && state.names.declarations.get(occ.text);
  return decl ? { uri: state.uri, range: decl.range } : null;
}

export function references(state: DocumentState, pos: Position, includeDeclaration: boolean): Location[] {
  const occ = state.names.at(pos);
  if (!occ || !occ.declared) return [];
  return state.names
    .of(occ.text)
    .filter((o) => includeDeclaration || !o.declaration)
    .map((o) => ({ uri: state.uri, range: o.range }));
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

export function rename(state: DocumentState, pos: Position, newName: string, support: ClientSupport): WorkspaceEdit | null {
  const occ = state.names.at(pos);
  if (!occ || !occ.declared) return null;
  const fail = (message: string) => new ResponseError(LSPErrorCodes.RequestFailed, message);
  if (!isIdentifier(newName)) {
    throw fail(`'${newName}' is not a valid name: a name is a letter, then letters, digits, '-' or '_'.`);
  }
  if (RESERVED.has(newName)) throw fail(`'${newName}' is a keyword of the scenario language; choose another name.`);
  if (newName !== occ.text && state.names.declarations.has(newName)) {
    throw fail(`'${newName}' is already the name of a ${state.names.declarations.get(newName)!.kind}.`);
  }
  const edits = state.names.of(occ.text).map((o) => ({ range: o.range, newText: newName }));
  return workspaceEdit(state, edits, support);
}
