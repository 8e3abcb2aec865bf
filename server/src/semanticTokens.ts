// Semantic tokens (full document). What a TextMate grammar cannot know is which identifier is a
// card and which a player; the rest (keywords, type words, zones, rule numbers in comments) is
// emitted too, so clients without the grammar still get useful colours.
//
// Legend (indices are the protocol values; keep in sync with the client's expectations):
//   types:     0 variable (player ids)   1 class (card ids)   2 keyword (declarations, verbs,
//              property keywords)        3 type (card types, subtypes, enchant filters)
//              4 enumMember (zones, Riftbound battlefield names)   5 number (rules version, rule
//              numbers in comments)      6 comment
//   modifiers: bit 0 declaration (the id in a `card`/`player` line)
import type { Range } from '../../core';
import type { SemanticTokens, SemanticTokensLegend } from 'vscode-languageserver';
import type { DocumentState } from './documents';
import { lineText } from './util';

export const TOKEN_TYPES = ['variable', 'class', 'keyword', 'type', 'enumMember', 'number', 'comment'] as const;
export const TOKEN_MODIFIERS = ['declaration'] as const;
export const LEGEND: SemanticTokensLegend = { tokenTypes: [...TOKEN_TYPES], tokenModifiers: [...TOKEN_MODIFIERS] };

type TokenType = (typeof TOKEN_TYPES)[number];

interface Tok {
  line: number;
  start: number;
  length: number;
  type: number;
  mods: number;
}

export function semanticTokens(state: DocumentState): SemanticTokens {
  const toks: Tok[] = [];
  const add = (r: Range, type: TokenType, mods = 0) => {
    if (r.start.line !== r.end.line || r.end.character <= r.start.character) return;
    toks.push({ line: r.start.line, start: r.start.character, length: r.end.character - r.start.character, type: TOKEN_TYPES.indexOf(type), mods });
  };
  /** The first word at a position (a property's keyword), as a range. */
  const wordAt = (r: Range): Range => {
    const rest = lineText(state.document, r.start.line).slice(r.start.character);
    const m = /^[^\s,:]+/.exec(rest);
    return { start: r.start, end: { line: r.start.line, character: r.start.character + (m ? m[0].length : 0) } };
  };
  const keywordOf = (r: Range, word: string) => add({ start: r.start, end: { line: r.start.line, character: r.start.character + word.length } }, 'keyword');
  const zone = (z: { zone: string; place?: { range: Range }; range: Range }, verbRange?: Range) => {
    // `destroy X` carries its zone on the verb: the verb is already a keyword.
    if (verbRange && z.range.start.line === verbRange.start.line && z.range.start.character === verbRange.start.character) return;
    add({ start: z.range.start, end: { line: z.range.start.line, character: z.range.start.character + z.zone.length } }, 'enumMember');
    if (z.place) add(z.place.range, 'enumMember');
  };

  for (const o of state.names.occurrences) {
    if (!o.kind) continue;
    add(o.range, o.kind === 'card' ? 'class' : 'variable', o.declaration ? 1 : 0);
  }
  for (const st of state.analysis.doc.statements) {
    switch (st.kind) {
      case 'game':
      case 'title':
      case 'rules':
      case 'player':
      case 'include':
        keywordOf(st.range, st.kind);
        if (st.kind === 'rules' && st.version) add(st.version.range, 'number');
        break;
      case 'card':
        keywordOf(st.range, 'card');
        for (const w of st.typeLine?.types ?? []) add(w.range, 'type');
        for (const w of st.typeLine?.subtypes ?? []) add(w.range, 'type');
        for (const p of st.props) {
          add(wordAt(p.range), 'keyword');
          if (p.kind === 'zone') zone(p.zone);
          else if (p.kind === 'enchant' || (p.kind === 'equip' && p.quality)) {
            const f = p.kind === 'enchant' ? p.filter : p.quality!;
            for (const alt of f.alternatives) for (const term of alt) add(term.range, 'type');
          }
        }
        break;
      default:
        for (const ev of st.kind === 'together' ? [st, ...st.parts] : [st]) {
          add(ev.verbRange, 'keyword');
          if ((ev.kind === 'move' || ev.kind === 'enter') && ev.zone) zone(ev.zone, ev.verbRange);
          if (ev.kind === 'types') for (const w of ev.words) add(w.range, 'type');
          if (ev.kind === 'expect' && ev.assertion?.kind === 'in-zone') zone(ev.assertion.zone);
        }
    }
  }
  for (const c of state.analysis.doc.comments) {
    // The comment, split around the rule numbers in it.
    let from = c.range.start.character;
    const line = c.range.start.line;
    for (const ref of state.analysis.doc.ruleRefs) {
      if (ref.range.start.line !== line || ref.range.start.character < from || ref.range.end.character > c.range.end.character) continue;
      add({ start: { line, character: from }, end: ref.range.start }, 'comment');
      add(ref.range, 'number');
      from = ref.range.end.character;
    }
    add({ start: { line, character: from }, end: c.range.end }, 'comment');
  }
  return { data: encode(toks) };
}

/** Sorts, drops overlaps (the first token added at a place wins), and delta-encodes. */
export function encode(toks: Tok[]): number[] {
  const sorted = toks.map((t, i) => ({ t, i })).sort((a, b) => a.t.line - b.t.line || a.t.start - b.t.start || a.i - b.i);
  const data: number[] = [];
  let prevLine = 0;
  let prevStart = 0;
  let lastEnd = -1;
  let lastLine = -1;
  for (const { t } of sorted) {
    if (t.line === lastLine && t.start < lastEnd) continue;
    data.push(t.line - prevLine, t.line === prevLine ? t.start - prevStart : t.start, t.length, t.type, t.mods);
    prevLine = t.line;
    prevStart = t.start;
    lastLine = t.line;
    lastEnd = t.start + t.length;
  }
  return data;
}
