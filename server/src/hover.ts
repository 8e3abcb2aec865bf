// Hovers: a finding under the cursor (what, why, what to do; the rules it cites with our
// explanation and, from the user's rules file, the official text; the code's documentation), a
// rule number in a comment, a card or player name (its characteristics and its state at that line
// of the replay), and an event's verb (what the replay made of the event: the step).
import { canonicalIn, codeDocUrl, explainRule, isEvent, officialRule, REGISTRY, titleFor, type CardCatalogs, type CardView, type Finding, type Game, type RulesDocument } from '../../core';
import { MarkupKind, type Hover, type Position, type Range } from 'vscode-languageserver';
import type { DocumentState } from './documents';
import type { Occurrence } from './names';
import { containsInclusive, oneLine } from './util';
import { codeSpan, mdMessage, mdText as md } from './markdown';

export interface HoverContext {
  /** The user's rules document for the scenario's game, when one is set and could be read. */
  rulesDoc: RulesDocument | undefined;
  /** Every finding of the document version (the core's and the rules-file ones). */
  findings: readonly Finding[];
  markdown: boolean;
  /** The user's card data the document was checked with (server/src/cards.ts). */
  cards?: CardCatalogs;
  /**
   * The client shows the diagnostic's message above the hover (VS Code): a finding's part is short,
   * led by its rules and its fix, and the long explanation is behind `explainCommand` (a `command:`
   * link; see `explainFinding`). Without it, a finding's part says everything.
   */
  brief?: { explainCommand: string | undefined };
  /** The position hovered (for the explain link's arguments). */
  position?: Position;
}

const GAME_LABEL: Record<Game, string> = { mtg: 'Magic: The Gathering', riftbound: 'Riftbound' };

export function hover(state: DocumentState, pos: Position, ctx: HoverContext): Hover | null {
  let specific: string | undefined;
  let range: Range | undefined;
  const ref = state.doc.ruleRefs.find((r) => containsInclusive(r.range, pos));
  if (ref) {
    specific = ruleRefSection(state, ref.number, ctx);
    range = ref.range;
  } else {
    const occ = state.names.at(pos);
    if (occ) {
      specific = nameSection(state, occ, pos.line, ctx);
      range = occ.range;
    }
    // On the quoted name of a card declaration: the card in the user's card data.
    const named = occ ? undefined : cardNameAt(state, pos);
    if (named) {
      specific = cardDataSection(state, named.text, ctx) ?? (ctx.cards?.[state.game] ? `**${md(named.text)}**: no card of this name in your card data.` : undefined);
      range = named.range;
    }
    const zone = occ ? undefined : filterZoneAt(state, pos);
    if (zone) {
      specific = `\`${zone.text}\`: this Aura enchants a card in that zone, not a permanent on the battlefield; it becomes unattached when that card leaves the zone.\n\n${ruleRefSection(state, '109.2a', ctx)}`;
      range = zone.range;
    }
  }
  const findings = ctx.findings.filter((f) => containsInclusive(f.range, pos));
  range ??= findings[0]?.range;
  // On an event's verb: what the replay made of the event.
  const step = specific === undefined ? stepAt(state, pos) : undefined;
  range ??= step?.range;
  // Most specific first: the name or rule under the cursor, then the findings around it, then the step.
  const parts = [...(specific ? [specific] : []), ...findings.map((f) => (ctx.brief ? briefFindingSection(state, f, ctx.brief.explainCommand, pos) : findingSection(state, f, ctx))), ...(step ? [step.text] : [])];
  if (parts.length === 0) return null;
  return { contents: { kind: ctx.markdown ? MarkupKind.Markdown : MarkupKind.PlainText, value: parts.join('\n\n---\n\n') }, range };
}

/** One cited rule: number, our explanation, and the official text when the user set a rules file. */
function ruleLine(state: DocumentState, written: string, ctx: HoverContext): string {
  const game = state.game;
  const canonical = canonicalIn(game, state.rulesVersion, written);
  const ex = canonical === undefined ? undefined : explainRule(game, canonical, state.rulesVersion);
  let line = `- **${md(written)}**`;
  if (ex && canonical !== undefined) {
    const parent = ex.number !== canonical ? ` (explained under ${ex.number})` : '';
    line += ` — *${md(ex.title)}*${parent}: ${md(ex.text)}`;
  } else {
    line += ': no explanation for this rule yet.';
  }
  const official = officialQuote(state, written, ctx, '  ');
  if (official) line += `\n\n${official}`;
  return line;
}

/**
 * The official text of a cited rule from the user's rules file, as a Markdown quote marked as from
 * that file. The number is the scenario's; when the file is another version, the rule is looked
 * up under the number it has there (and the mark says so).
 */
function officialQuote(state: DocumentState, written: string, ctx: HoverContext, indent: string): string | undefined {
  if (!ctx.rulesDoc) return undefined;
  const o = officialRule(ctx.rulesDoc, state.game, state.rulesVersion, written);
  if (!o) return undefined;
  const mark = [
    'from your rules file',
    ...(ctx.rulesDoc.language !== 'en' ? [`in ${ctx.rulesDoc.language === 'fr' ? 'French' : 'Italian'}`] : []),
    ...(ctx.rulesDoc.effective ? [`effective ${ctx.rulesDoc.effective}`] : []),
    ...(o.translated ? [`where it is rule ${o.number}`] : []),
  ].join(', ');
  const paragraphs = o.text.split('\n').map((p) => `${indent}> ${md(p)}`);
  paragraphs[paragraphs.length - 1] += ` *(${mark})*`;
  return paragraphs.join(`\n${indent}>\n`);
}

function findingSection(state: DocumentState, f: Finding, ctx: HoverContext): string {
  const info = REGISTRY.get(f.code);
  const title = info ? titleFor(info, state.game) : f.code;
  const out = [`**${md(title)}** · \`${f.code}\` (${f.severity})`, mdMessage(f.message)];
  if (f.rules.length > 0) {
    out.push(`**Rules** (${GAME_LABEL[state.game]}${state.header.version ? `, numbered as in ${md(state.rulesVersion?.label ?? state.header.version)}` : ''})`);
    out.push(f.rules.map((n) => ruleLine(state, n, ctx)).join('\n'));
  }
  for (const r of f.related) out.push(`${r.uri ? `${md(r.uri.slice(r.uri.lastIndexOf('/') + 1))} line` : 'Line'} ${r.range.start.line + 1}: ${mdMessage(r.message)}.`);
  if (f.fixes.length > 0) out.push(`**Fixes**: ${f.fixes.map((x) => `${mdMessage(x.title)}${x.safe ? ' (safe)' : ''}`).join('; ')}`);
  if (info) out.push(`${info.doc}\n\n[About \`${f.code}\`](${codeDocUrl(f.code)})`);
  return out.join('\n\n');
}

/**
 * A finding in a hover under its diagnostic's message (which the client shows): the rules by number
 * and title, the fix, and links to the long explanation and the code's documentation. A few lines.
 */
function briefFindingSection(state: DocumentState, f: Finding, explainCommand: string | undefined, pos: Position): string {
  const info = REGISTRY.get(f.code);
  const title = info ? titleFor(info, state.game) : f.code;
  const out = [`**${md(title)}** · \`${f.code}\``];
  if (f.rules.length > 0) {
    const titles = f.rules.map((n) => {
      const canonical = canonicalIn(state.game, state.rulesVersion, n);
      const ex = canonical === undefined ? undefined : explainRule(state.game, canonical, state.rulesVersion);
      return `**${md(n)}**${ex ? ` *${md(ex.title)}*` : ''}`;
    });
    out.push(`${f.rules.length === 1 ? 'Rule' : 'Rules'}: ${titles.join(' · ')}`);
  }
  const safe = f.fixes.find((x) => x.safe);
  const fix = safe ?? f.fixes[0];
  if (fix) out.push(`**Fix**: ${mdMessage(fix.title)}${fix.safe ? ' (safe)' : ''}${f.fixes.length > 1 ? ` (or ${f.fixes.length - 1} more in the quick fix menu)` : ''}`);
  const links: string[] = [];
  if (explainCommand) {
    const args = encodeURIComponent(JSON.stringify([state.uri, pos.line, pos.character]));
    links.push(`[Explain the rules](command:${explainCommand}?${args} "Explain this finding's rules at length, beside the editor")`);
  }
  if (info) links.push(`[About \`${f.code}\`](${codeDocUrl(f.code)})`);
  if (links.length > 0) out.push(links.join(' · '));
  return out.join('\n\n');
}

/**
 * The long explanation of the findings at a position, for the explain command: each finding's
 * message, its rules explained (and quoted from the user's rules file), its fixes and the code's
 * documentation: what a hover says to a client that does not show diagnostics in it.
 */
export function explainFinding(state: DocumentState, pos: Position, ctx: HoverContext): string | null {
  const findings = ctx.findings.filter((f) => containsInclusive(f.range, pos));
  if (findings.length === 0) return null;
  return findings.map((f) => `Line ${f.range.start.line + 1}\n\n${findingSection(state, f, { ...ctx, markdown: true, brief: undefined })}`).join('\n\n---\n\n');
}

function ruleRefSection(state: DocumentState, written: string, ctx: HoverContext): string {
  const game = state.game;
  const canonical = canonicalIn(game, state.rulesVersion, written);
  const head = `**Rule ${md(written)}** · ${GAME_LABEL[game]}${state.header.version ? ` (as numbered in ${md(state.rulesVersion?.label ?? state.header.version)})` : ''}`;
  const ex = canonical === undefined ? undefined : explainRule(game, canonical, state.rulesVersion);
  const out = [head];
  if (ex && canonical !== undefined) {
    out.push(`*${md(ex.title)}*${ex.number !== canonical ? ` (rule ${ex.number})` : ''}: ${md(ex.text)}`);
    if (canonical !== written) out.push(`Numbered ${canonical} in the newest rules.`);
  } else if (canonical === undefined) {
    out.push(`The checker explains ${md(written)} as the newest rules number it, and in this version ${md(written)} is not that rule (it had another number, or did not exist yet).`);
  } else {
    out.push('The checker has no explanation for this rule.');
  }
  const official = officialQuote(state, written, ctx, '');
  if (official) out.push(official);
  return out.join('\n\n');
}

/** On the verb of an event: the step, i.e. what the replay made of it (core's step summary). */
function stepAt(state: DocumentState, pos: Position): { text: string; range: Range } | undefined {
  // A verb is the first word of its statement: only the statement starting on this line can have it here.
  const st = state.doc.statements[state.statementIndexAtOrBefore(pos.line)];
  if (!st || !isEvent(st) || st.kind === 'expect') return undefined;
  // A part of `together:` (on any of its lines) shows the step of the whole group.
  const onPart = st.kind === 'together' && st.parts.some((p) => containsInclusive(p.verbRange, pos));
  if (!onPart && (st.range.start.line !== pos.line || !containsInclusive(st.verbRange, pos))) return undefined;
  const step = state.steps(st.range.start.line, st.range.start.line)[0];
  if (!step || !step.summary) return undefined;
  return { text: `**Step** · line ${st.range.start.line + 1}: ${md(step.summary)}`, range: st.range };
}

/** "After line 9 (`destroy lion`)" or "Initial state", for the board replayed up to `line`. */
function whenLabel(state: DocumentState, line: number): string {
  const statements = state.doc.statements;
  let i = state.statementIndexAtOrBefore(line);
  while (i >= 0 && !isEvent(statements[i])) i--;
  const last = i >= 0 ? statements[i] : undefined;
  if (!last) return 'Initial state';
  const text = oneLine(state.document.getText(last.range));
  return `After line ${last.range.start.line + 1} (${codeSpan(text)})`;
}

function typeLine(c: CardView): string {
  const left = [...c.supertypes, ...c.types].join(' ');
  const right = c.subtypes.join(' ');
  return right ? `${left} — ${right}` : left || 'no card types';
}

/** The quoted name of a card declaration under the cursor. */
function cardNameAt(state: DocumentState, pos: Position): { text: string; range: Range } | undefined {
  const st = state.doc.statements[state.statementIndexAtOrBefore(pos.line)];
  return st?.kind === 'card' && st.name && containsInclusive(st.name.range, pos) ? st.name : undefined;
}

/**
 * The card of this name in the user's card data: its type line and rules text as the file gives
 * them, marked as coming from it (user text: inert Markdown, markdown.ts).
 */
function cardDataSection(state: DocumentState, name: string, ctx: HoverContext): string | undefined {
  const catalog = ctx.cards?.[state.game];
  const rec = catalog?.lookup(name);
  if (!catalog || !rec) return undefined;
  const file = catalog.sources.map((s) => s.replace(/^.*[\\/]/, '')).join(', ');
  const out = [`**${md(rec.name)}** ${rec.typeLine ? codeSpan(rec.typeLine) : ''} *(from your card data: ${md(file)})*`];
  if (rec.might !== undefined || rec.mightBonus !== undefined) out.push([rec.might !== undefined ? `Might ${rec.might}` : '', rec.mightBonus !== undefined ? `Might Bonus +${rec.mightBonus}` : ''].filter(Boolean).join(' · '));
  const text = rec.text.split(/\r?\n/).filter((l) => l.trim() !== '');
  if (text.length) out.push(text.map((l) => `> ${md(l)}`).join('\n>\n'));
  return out.join('\n\n');
}

function nameSection(state: DocumentState, occ: Occurrence, line: number, ctx: HoverContext): string | undefined {
  const decl = state.names.declarations.get(occ.text);
  if (!decl) return `**${md(occ.text)}**: not declared. Declare it with \`card\` or \`player\` before the first event.`;
  const board = state.boardAt(line);
  const when = whenLabel(state, line);
  if (decl.kind === 'player') {
    const p = board.players.find((x) => x.id === occ.text);
    const owns = board.cards.filter((c) => c.owner === occ.text).length;
    const controls = board.cards.filter((c) => c.controller === occ.text).length;
    const out = [`**${md(occ.text)}** · player`, `Owns ${owns} card${owns === 1 ? '' : 's'}, controls ${controls}.`];
    if (p) {
      const lines = [`- ${p.left ? 'Has left the game' : 'In the game'}`];
      if (p.keywords?.length) lines.push(`- Has ${md(p.keywords.join(', '))}`);
      if (p.attachments.length > 0) lines.push(`- Attached to this player: ${p.attachments.map((a) => attachmentLabel(board.cards, a)).join(', ')}`);
      out.push(`**${when}**\n${lines.join('\n')}`);
    }
    return out.join('\n\n');
  }
  const c = board.cards.find((x) => x.id === occ.text);
  const stmtName = decl.stmt.kind === 'card' ? decl.stmt.name?.text : undefined;
  const head = `**${md(occ.text)}** · card${stmtName ? ` *${md(stmtName)}*` : ''}`;
  if (!c) return head;
  const out = [head, codeSpan(typeLine(c))];
  const who = [c.owner ? `Owner **${md(c.owner)}**` : 'No owner', c.controller ? `controller **${md(c.controller)}**` : undefined].filter(Boolean).join(', ');
  out.push(who + (c.colors.length ? ` · ${md(c.colors.join(' '))}` : ''));
  const lines = [`- Zone: ${md(c.zone === 'base' && c.base ? `base of ${c.base}` : zoneLabel(c.zone))}`];
  const hostCard = c.attachedTo ? board.cards.find((x) => x.id === c.attachedTo) : undefined;
  if (c.attachedTo) lines.push(`- Attached to: **${md(c.attachedTo)}**${hostCard && hostCard.zone !== 'battlefield' && !hostCard.zone.startsWith('battlefield:') ? ` (a card in ${md(zoneLabel(hostCard.zone))})` : ''}`);
  else if (isAttachmentType(c)) lines.push('- Attached to: nothing');
  if (c.attachments.length > 0) lines.push(`- Attachments: ${c.attachments.map((a) => attachmentLabel(board.cards, a)).join(', ')}`);
  lines.push(`- Timestamp: ${c.timestamp}`);
  if (c.might !== undefined) lines.push(`- Might: ${c.effectiveMight ?? c.might}${c.effectiveMight !== undefined && c.effectiveMight !== c.might ? ` (printed ${c.might})` : ''}`);
  if (c.protections) lines.push(`- Protection from ${md(c.protections.join(', from '))}`);
  if (c.lost) lines.push(`- Lost ${c.lost.includes('all') ? 'all its abilities' : `its ${c.lost.join(' and ')} ${c.lost.length === 1 ? 'ability' : 'abilities'}`} (an effect removed ${c.lost.length === 1 && !c.lost.includes('all') ? 'it' : 'them'})`);
  if (c.phasedOut) lines.push('- Phased out');
  if (c.exhausted) lines.push('- Exhausted');
  // What waits on the stack (Riftbound: the chain): this card's abilities, and what targets it.
  const pile = state.game === 'riftbound' ? 'chain' : 'stack';
  for (const e of board.stack ?? []) {
    if (e.kind === 'ability' && e.id === c.id) lines.push(`- On the ${pile}: its ${md(e.ability ?? '')} ability targeting **${md(e.target ?? '')}**${e.controller ? ` (activated by ${md(e.controller)})` : ''}`);
    else if (e.target === c.id) lines.push(`- Targeted on the ${pile} by ${e.kind === 'ability' ? `**${md(e.id)}**'s ${md(e.ability ?? '')} ability` : `the spell **${md(e.id)}**`}`);
  }
  if (c.keywords?.length) lines.push(`- Keywords: ${md(c.keywords.join(', '))} (${md(keywordNote(c.keywords))})`);
  out.push(`**${when}**\n${lines.join('\n')}`);
  const fromCards = stmtName ? cardDataSection(state, stmtName, ctx) : undefined;
  if (fromCards) out.push(fromCards);
  return out.join('\n\n');
}

/** The zone an enchant filter names (MTG 109.2a: `in a graveyard`) under the cursor, in a card declaration. */
function filterZoneAt(state: DocumentState, pos: Position): { text: string; range: Range } | undefined {
  if (state.game !== 'mtg') return undefined;
  for (const st of state.doc.statements) {
    if (st.kind !== 'card' || st.range.start.line > pos.line || st.range.end.line < pos.line) continue;
    for (const p of st.props) {
      const z = p.kind === 'enchant' ? p.filter.zone : undefined;
      if (z && containsInclusive(z.range, pos)) return { text: `in ${z.whose === 'any' ? 'a' : z.whose === 'you' ? 'your' : "an opponent's"} ${z.zone}`, range: z.range };
    }
  }
  return undefined;
}

/** What the targeting keywords do, briefly (702.11, 702.18, 702.21). */
function keywordNote(keywords: string[]): string {
  const notes = new Set<string>();
  for (const k of keywords) {
    if (k === 'shroud') notes.add('no spell or ability can target it');
    else if (k === 'hexproof') notes.add("its opponents' spells and abilities can't target it");
    else if (k.startsWith('hexproof from ')) notes.add(`its opponents' ${k.slice(14)} spells, and their abilities from ${k.slice(14)} sources, can't target it`);
    else if (k.startsWith('ward')) notes.add("an opponent's spell or ability that targets it is countered unless its controller pays the ward cost");
  }
  return `${[...notes].join('; ')}; attaching without targeting is not affected`;
}

function isAttachmentType(c: CardView): boolean {
  return c.subtypes.some((s) => s === 'Aura' || s === 'Equipment' || s === 'Fortification');
}

function attachmentLabel(cards: CardView[], id: string): string {
  const a = cards.find((x) => x.id === id);
  return a ? `**${md(id)}** (t${a.timestamp})` : `**${md(id)}**`;
}

function zoneLabel(zone: string): string {
  if (zone.startsWith('battlefield:')) return `battlefield ${zone.slice('battlefield:'.length)}`;
  if (zone === 'outside') return 'outside the game';
  return zone;
}
