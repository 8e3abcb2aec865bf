// The board picture for the client's webview (and any client that asks): custom request
// `boardScenario/board` { uri, line } → the SVG of the board after the statement on (or last before)
// that line, the findings on that line, with their subjects outlined in the picture. Also
// `boardScenario/events` { uri } → the lines of the events, for stepping through them. Both read
// the cached analysis of the document version the request was made for.
import { boardCaption, drawBoard, drawMemo, eventLines, sameValue, type BoardDrawing, type BoardTheme, type BoardView, type DrawMemo, type DrawOptions, type Finding, type Range, type Severity } from '../../core';
import type { DocumentState } from './documents';
import { currentLanguage, findingMessage, messageText, translate } from './l10n';

export const BOARD_REQUEST = 'boardScenario/board';
export const EVENTS_REQUEST = 'boardScenario/events';

export interface BoardParams {
  uri: string;
  /** 0-based line; -1 (or any negative) for the initial board, past the end for the final one. */
  line: number;
  /** `light` (default), `dark`, or `vscode` (VS Code's theme variables, for a webview). */
  theme?: BoardTheme;
  /** CSP nonce for the SVG's <style> element, when the client inlines it in a page with a strict policy. */
  nonce?: string;
}

export interface BoardFinding {
  code: string;
  severity: Severity;
  message: string;
  rules: string[];
  subjects: string[];
  range: Range;
}

export interface BoardResult {
  uri: string;
  /** The document version pictured. */
  version: number;
  svg: string;
  /** The line of the event the picture is after (0-based), or -1 for the initial board. */
  line: number;
  /** `After line 10 (destroy lion)` or `Initial state`. */
  label: string;
  /** The scenario's title, or its file name. */
  title: string;
  /** The findings on the requested line; their subjects are outlined in the picture. */
  findings: BoardFinding[];
  highlight: string[];
}

export interface EventsResult {
  uri: string;
  version: number;
  /** 0-based start lines of the events (not `expect` lines), in order. */
  lines: number[];
}

const THEMES: readonly BoardTheme[] = ['light', 'dark', 'vscode'];

export function boardPicture(state: DocumentState, params: BoardParams, findings: readonly Finding[]): BoardResult {
  const lineCount = state.doc.lineCount;
  const line = !Number.isFinite(params.line) || params.line < 0 ? -1 : Math.min(Math.floor(params.line), Math.max(lineCount - 1, 0));
  const caption = boardCaption(state.doc, state.text, line, (r) => state.document.getText(r));
  const here = findings.filter((f) => f.range.start.line <= line && line <= f.range.end.line);
  const highlight = [...new Set(here.flatMap((f) => f.subjects))].sort();
  const title = scenarioTitle(state);
  const theme = params.theme && THEMES.includes(params.theme) ? params.theme : 'light';
  const label = messageText(caption.text, caption.label);
  const svg = drawn(state.boardAt(line), { titled: !!title, subtitled: !!label, highlight, theme, nonce: typeof params.nonce === 'string' ? params.nonce : undefined, translate }).caption(title, label);
  return {
    uri: state.uri,
    version: state.version,
    svg,
    line: caption.line,
    label,
    title,
    findings: here.map((f) => ({ code: f.code, severity: f.severity, message: findingMessage(f), rules: f.rules, subjects: f.subjects, range: f.range })),
    highlight,
  };
}

/** The last picture drawn, and what it was drawn from (in which language: `translate` follows the server's). */
let lastDrawn: { board: BoardView; options: DrawOptions; language: string; drawing: BoardDrawing } | undefined;
/** The lines of each card of the last drawing (drawBoard draws again only the cards that changed), per language. */
const memos = new Map<string, DrawMemo>();

/**
 * The drawing of a board: the last one again when the board and its options are the same. While
 * the user types a line, the board before it stays the same from keystroke to keystroke, and the
 * panel asks for it after each one; drawing a large board takes far longer than comparing it (the core's sameValue: it tells
 * translations, which are functions, apart).
 * The caption (the line's text, which changes at each keystroke) is not part of the drawing.
 */
function drawn(board: BoardView, options: DrawOptions): BoardDrawing {
  const language = currentLanguage();
  if (!lastDrawn || lastDrawn.language !== language || !sameValue(lastDrawn.board, board) || !sameValue(lastDrawn.options, options)) {
    let memo = memos.get(language);
    if (!memo) memos.set(language, (memo = drawMemo()));
    lastDrawn = { board, options, language, drawing: drawBoard(board, options, memo) };
  }
  return lastDrawn.drawing;
}


export function events(state: DocumentState): EventsResult {
  return { uri: state.uri, version: state.version, lines: eventLines(state.doc) };
}

function scenarioTitle(state: DocumentState): string {
  for (const st of state.doc.statements) if (st.kind === 'title' && st.title) return st.title;
  const path = state.uri.replace(/[?#].*$/, '');
  const name = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(name) || state.uri;
  } catch {
    return name || state.uri;
  }
}
