// Hovers: a finding under the cursor (what, why, what to do; the rules it cites with our
// explanation; the code's documentation), a rule number in a comment, and a card or player name
// (its characteristics and its state at that line of the replay).
import { canonicalOf, codeDocUrl, explainRule, isEvent, REGISTRY, type CardView, type Finding, type Game } from '../../core';
import { MarkupKind, type Hover, type Position, type Range } from 'vscode-languageserver';
import type { DocumentState } from './documents';
import type { Occurrence } from './names';
import type { Settings } from './settings';
import type { RulesFiles } from './rulesText';
import { containsInclusive, oneLine } from './util';

export interface HoverContext {
  settings: Settings;
  rulesFiles: RulesFiles;
  markdown: boolean;
}

const GAME_LABEL: Record<Game, string> = { mtg: 'Magic: The Gathering', riftbound: 'Riftbound' };

export function hover(state: DocumentState, pos: Position, ctx: HoverContext): Hover | null {
  let specific: string | undefined;
  let range: Range | undefined;
  const ref = state.analysis.doc.ruleRefs.find((r) => containsInclusive(r.range, pos));
  if (ref) {
    specific = ruleRefSection(state, ref.number, ctx);
    range = ref.range;
  } else {
    const occ = state.names.at(pos);
    if (occ) {
      specific = nameSection(state, occ, pos.line);
      range = occ.range;
    }
  }
  const findings = state.analysis.result.findings.filter((f) => containsInclusive(f.range, pos));
  range ??= findings[0]?.range;
  // Most specific first: the name or rule under the cursor, then the findings around it.
  const parts = [...(specific ? [specific] : []), ...findings.map((f) => findingSection(state, f, ctx))];
  if (parts.length === 0) return null;
  return { contents: { kind: ctx.markdown ? MarkupKind.Markdown : MarkupKind.PlainText, value: parts.join('\n\n---\n\n') }, range };
}

function md(text: string): string {
  return text.replace(/([\\`*_[\]<>])/g, '\\$1');
}

/** One cited rule: number, our explanation, and the official text when the user set a rules file. */
function ruleLine(state: DocumentState, written: string, ctx: HoverContext): string {
  const game = state.game;
  const canonical = canonicalOf(game, state.rulesVersion, written);
  const ex = explainRule(game, canonical);
  let line = `- **${written}**`;
  if (ex) {
    const parent = ex.number !== canonical ? ` (explained under ${ex.number})` : '';
    line += ` — *${md(ex.title)}*${parent}: ${md(ex.text)}`;
  } else {
    line += ': no explanation for this rule yet.';
  }
  const official = ctx.rulesFiles.lookup(ctx.settings.rulesFile[game], written);
  if (official) line += `\n\n  > ${md(official)} *(from your rules file)*`;
  return line;
}

function findingSection(state: DocumentState, f: Finding, ctx: HoverContext): string {
  const info = REGISTRY.get(f.code);
  const title = info ? info.title : f.code;
  const out = [`**${md(title)}** · \`${f.code}\` (${f.severity})`, f.message];
  if (f.rules.length > 0) {
    out.push(`**Rules** (${GAME_LABEL[state.game]}${state.analysis.result.rulesVersion ? `, numbered as in ${md(state.rulesVersion?.label ?? state.analysis.result.rulesVersion)}` : ''})`);
    out.push(f.rules.map((n) => ruleLine(state, n, ctx)).join('\n'));
  }
  for (const r of f.related) out.push(`Line ${r.range.start.line + 1}: ${md(r.message)}.`);
  if (f.fixes.length > 0) out.push(`**Fixes**: ${f.fixes.map((x) => `${x.title}${x.safe ? ' (safe)' : ''}`).join('; ')}`);
  if (info) out.push(`${info.doc}\n\n[About \`${f.code}\`](${codeDocUrl(f.code)})`);
  return out.join('\n\n');
}

function ruleRefSection(state: DocumentState, written: string, ctx: HoverContext): string {
  const game = state.game;
  const canonical = canonicalOf(game, state.rulesVersion, written);
  const head = `**Rule ${written}** · ${GAME_LABEL[game]}${state.analysis.result.rulesVersion ? ` (as numbered in ${md(state.rulesVersion?.label ?? state.analysis.result.rulesVersion)})` : ''}`;
  const ex = explainRule(game, canonical);
  const out = [head];
  if (ex) {
    out.push(`*${md(ex.title)}*${ex.number !== canonical ? ` (rule ${ex.number})` : ''}: ${md(ex.text)}`);
    if (canonical !== written) out.push(`Numbered ${canonical} in the newest rules.`);
  } else {
    out.push('The checker has no explanation for this rule.');
  }
  const official = ctx.rulesFiles.lookup(ctx.settings.rulesFile[game], written);
  if (official) out.push(`> ${md(official)}\n\n*(from your rules file)*`);
  return out.join('\n\n');
}

/** "After line 9 (`destroy lion`)" or "Initial state", for the board replayed up to `line`. */
function whenLabel(state: DocumentState, line: number): string {
  let last: { range: Range } | undefined;
  for (const st of state.analysis.doc.statements) {
    if (st.range.start.line > line) break;
    if (isEvent(st)) last = st;
  }
  if (!last) return 'Initial state';
  const text = oneLine(state.document.getText(last.range));
  return `After line ${last.range.start.line + 1} (\`${text.replace(/`/g, "'")}\`)`;
}

function typeLine(c: CardView): string {
  const left = [...c.supertypes, ...c.types].join(' ');
  const right = c.subtypes.join(' ');
  return right ? `${left} — ${right}` : left || 'no card types';
}

function nameSection(state: DocumentState, occ: Occurrence, line: number): string | undefined {
  const decl = state.names.declarations.get(occ.text);
  if (!decl) return `**${occ.text}**: not declared. Declare it with \`card\` or \`player\` before the first event.`;
  const board = state.boardAt(line);
  const when = whenLabel(state, line);
  if (decl.kind === 'player') {
    const p = board.players.find((x) => x.id === occ.text);
    const owns = board.cards.filter((c) => c.owner === occ.text).length;
    const controls = board.cards.filter((c) => c.controller === occ.text).length;
    const out = [`**${occ.text}** · player`, `Owns ${owns} card${owns === 1 ? '' : 's'}, controls ${controls}.`];
    if (p) {
      const lines = [`- ${p.left ? 'Has left the game' : 'In the game'}`];
      if (p.attachments.length > 0) lines.push(`- Attached to this player: ${p.attachments.map((a) => attachmentLabel(board.cards, a)).join(', ')}`);
      out.push(`**${when}**\n${lines.join('\n')}`);
    }
    return out.join('\n\n');
  }
  const c = board.cards.find((x) => x.id === occ.text);
  const stmtName = decl.stmt.kind === 'card' ? decl.stmt.name?.text : undefined;
  const head = `**${occ.text}** · card${stmtName ? ` *${md(stmtName)}*` : ''}`;
  if (!c) return head;
  const out = [head, `\`${typeLine(c)}\``];
  const who = [c.owner ? `Owner **${c.owner}**` : 'No owner', c.controller ? `controller **${c.controller}**` : undefined].filter(Boolean).join(', ');
  out.push(who + (c.colors.length ? ` · ${c.colors.join(' ')}` : ''));
  const lines = [`- Zone: ${zoneLabel(c.zone)}`];
  if (c.attachedTo) lines.push(`- Attached to: **${c.attachedTo}**`);
  else if (isAttachmentType(c)) lines.push('- Attached to: nothing');
  if (c.attachments.length > 0) lines.push(`- Attachments: ${c.attachments.map((a) => attachmentLabel(board.cards, a)).join(', ')}`);
  lines.push(`- Timestamp: ${c.timestamp}`);
  if (c.might !== undefined) lines.push(`- Might: ${c.effectiveMight ?? c.might}${c.effectiveMight !== undefined && c.effectiveMight !== c.might ? ` (printed ${c.might})` : ''}`);
  if (c.phasedOut) lines.push('- Phased out');
  if (c.exhausted) lines.push('- Exhausted');
  out.push(`**${when}**\n${lines.join('\n')}`);
  return out.join('\n\n');
}

function isAttachmentType(c: CardView): boolean {
  return c.subtypes.some((s) => s === 'Aura' || s === 'Equipment' || s === 'Fortification');
}

function attachmentLabel(cards: CardView[], id: string): string {
  const a = cards.find((x) => x.id === id);
  return a ? `**${id}** (t${a.timestamp})` : `**${id}**`;
}

function zoneLabel(zone: string): string {
  if (zone.startsWith('battlefield:')) return `battlefield ${zone.slice('battlefield:'.length)}`;
  if (zone === 'outside') return 'outside the game';
  return zone;
}
