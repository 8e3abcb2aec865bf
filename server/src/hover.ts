// Hovers: a finding under the cursor (what, why, what to do; the rules it cites with our
// explanation and, from the user's rules file, the official text; the code's documentation), a
// rule number in a comment, a card or player name (its characteristics and its state at that line
// of the replay), a keyword ability or a grant (what the checker makes of it, with the rule), and
// an event's verb (what the replay made of the event: the step).
import { canonicalIn, citeAs, makesToken, zoneText, MTG_COMBAT_RESTRICTIONS, codeDocUrl, explainRule, isEvent, lastVersionWith, officialRule, REGISTRY, ruleExists, titleFor, triggerRules, type TriggerPhrase, type AbilityNode, type Filter, type Property, type CardCatalogs, type CardView, type Finding, type Game, type GrantNode, type KeywordValue, type Word, type RulesDocument, type Statement } from '../../core';
import { MarkupKind, type Hover, type Position, type Range } from 'vscode-languageserver';
import type { DocumentState } from './documents';
import type { Occurrence } from './names';
import { containsInclusive, oneLine, withoutSource } from './util';
import { codeSpan, mdMessage, mdText as md } from './markdown';
import { findingMessage, fixTitle, translated, messageText, relatedMessage, severityLabel, singular, t, zoneName } from './l10n';

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
  // On the verb of a counters event: what it does, and then (as on any verb) the step.
  let onVerb = false;
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
      specific = cardDataSection(state, named.text, ctx) ?? (ctx.cards?.[state.game] ? t('{0}: no card of this name in your card data.', `**${md(named.text)}**`) : undefined);
      range = named.range;
    }
    const zone = occ ? undefined : filterZoneAt(state, pos);
    if (zone) {
      specific = `${t('{0}: this Aura enchants a card in that zone, not a permanent on the battlefield; it becomes unattached when that card leaves the zone.', `\`${zone.text}\``)}\n\n${ruleRefSection(state, '109.2a', ctx)}`;
      range = zone.range;
    }
    const withAura = occ || zone ? undefined : withAuraAt(state, pos);
    if (withAura) {
      specific = `${t("{0}: the object must have an Aura attached to it other than this card (a phased-out one is treated as though it doesn't exist). The filter is read again as the other Auras go: an Aura with this enchant whose object has none left is on an illegal object, and goes to its owner's graveyard as a state-based action.", '`with another Aura attached to it`')}\n\n${ruleRefSection(state, '702.5a', ctx)}\n\n${ruleRefSection(state, '704.5m', ctx)}`;
      range = withAura;
    }
    const withToughness = occ || zone || withAura ? undefined : withToughnessAt(state, pos);
    if (withToughness) {
      specific = `${t('{0}: only a creature whose toughness is now at least (or at most) that number fits, its toughness counted with what its attachments and counters add; damage doesn\'t change it, and a permanent that is no creature has none. The filter is read again as the toughness changes: an Aura that no longer fits goes to its owner\'s graveyard, an Equipment or Fortification becomes unattached, as state-based actions.', `\`${withToughness.text}\``)}\n\n${ruleRefSection(state, '208.3', ctx)}\n\n${ruleRefSection(state, '704.5m', ctx)}\n\n${ruleRefSection(state, '704.5n', ctx)}`;
      range = withToughness.range;
    }
    // On how long an effect lasts (`until end of turn`, `this turn`, `for as long as`).
    const duration = occ || named || zone || withAura || withToughness ? undefined : durationAt(state, pos);
    if (duration?.kind === 'turn' && duration.player) {
      specific = `${t('{0}: the change lasts until the next turn of {1} begins. The `turn` line that names {1} and begins a new turn ends it; then the card or player has again what it had before it, with the other changes made since.', `\`until ${duration.player}'s next turn\``, md(duration.player))} ${leftGame()}\n\n${ruleRefSection(state, '611.2a', ctx)}\n\n${ruleRefSection(state, '800.4m', ctx)}`;
      range = duration.range;
    } else if (duration?.kind === 'turn' && duration.text === 'until your next turn') {
      specific = `${t('{0}: the change lasts until the next turn of its \"you\" begins: the controller of the card (its owner when it has none), or the player itself. A `turn` line that names that player and begins a new turn ends it; then the card or player has again what it had before it, with the other changes made since.', `\`${duration.text}\``)} ${leftGame()}\n\n${ruleRefSection(state, '611.2a', ctx)}\n\n${ruleRefSection(state, '800.4m', ctx)}`;
      range = duration.range;
    } else if (duration?.kind === 'turn' && !duration.control) {
      specific = `${t('{0}: the change ends as its turn does, in the cleanup at the end of that turn; then the card or player has again what it had before it, with the lasting changes made since. A `turn` line that names another player, or an earlier step, begins a new turn; before the first `turn` line, the first one does.', `\`${duration.text}\``)}\n\n${ruleRefSection(state, state.game === 'mtg' ? '514.2' : '317.2.c', ctx)}`;
      range = duration.range;
    } else if (duration?.kind === 'turn') {
      specific = `${t('{0}: the control effect ends as its turn does, in the cleanup at the end of that turn; then the latest effect left decides who controls the card. A `turn` line that names another player, or an earlier step, begins a new turn; before the first `turn` line, the first one does.', `\`${duration.text}\``)}\n\n${ruleRefSection(state, state.game === 'mtg' ? '514.2' : '317.2.c', ctx)}`;
      range = duration.range;
    } else if (duration) {
      specific = `${t('{0}: the control effect ends as soon as this stops holding (a card it names leaves the battlefield or phases out, or no longer is as it says: controlled by that player, enchanted or equipped, tapped; every condition joined by `and` must hold), and it never starts if it doesn\'t hold as the effect would begin.', '`for as long as`')}\n\n${ruleRefSection(state, '611.2b', ctx)}\n\n${ruleRefSection(state, '702.26f', ctx)}`;
      range = duration.range;
    }
    // On a static property of a card that a rule reads (a replacement, a restriction, a permission).
    const verb = occ || named || zone || duration || withToughness ? undefined : (countersVerbAt(state, pos) ?? combatVerbAt(state, pos));
    const property = occ || named || zone || duration || withToughness ? undefined : (triggerAt(state, pos) ?? staticPropertyAt(state, pos) ?? verb ?? influenceAt(state, pos) ?? combatAssertionAt(state, pos) ?? waitingTriggerAt(state, pos) ?? attachChoosingAt(state, pos) ?? chosenColorAt(state, pos));
    if (property) {
      // The producers give canonical numbers; they are cited as the scenario's rules version numbers them, here, once.
      specific = `${property.text}\n\n${property.rules.map((n) => ruleRefSection(state, citeAs(state.game, state.rulesVersion, n), ctx)).join('\n\n')}`;
      range = property.range;
      onVerb = property === verb;
    }
    // On a keyword ability (`flying`) or a grant (`equipped creature has ...`).
    const ability = occ || named || zone || duration || withToughness || property ? undefined : abilityAt(state, pos);
    if (ability && !foreignRestriction(state, ability)) {
      specific = abilitySection(state, ability, ctx);
      range = ability.range;
    }
  }
  const findings = ctx.findings.filter((f) => containsInclusive(f.range, pos));
  range ??= findings[0]?.range;
  // On an event's verb: what the replay made of the event.
  const step = specific === undefined || onVerb ? stepAt(state, pos) : undefined;
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
    const parent = ex.number !== canonical ? ` ${t('(explained under {0})', ex.number)}` : '';
    line += ` — *${md(translated(ex.title))}*${parent}: ${md(translated(ex.text))}`;
  } else {
    line += `: ${t('no explanation for this rule yet.')}`;
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
    t('from your rules file'),
    ...(ctx.rulesDoc.language !== 'en' ? [ctx.rulesDoc.language === 'fr' ? t('in French') : t('in Italian')] : []),
    ...(ctx.rulesDoc.effective ? [t('effective {0}', ctx.rulesDoc.effective)] : []),
    ...(o.translated ? [t('where it is rule {0}', o.number)] : []),
  ].join(', ');
  const paragraphs = o.text.split('\n').map((p) => `${indent}> ${md(p)}`);
  paragraphs[paragraphs.length - 1] += ` *(${mark})*`;
  return paragraphs.join(`\n${indent}>\n`);
}

function findingSection(state: DocumentState, f: Finding, ctx: HoverContext): string {
  const info = REGISTRY.get(f.code);
  const title = info ? translated(titleFor(info, state.game)) : f.code;
  const out = [`**${md(title)}** · \`${f.code}\` (${severityLabel(f.severity)})`, mdMessage(findingMessage(f))];
  if (f.rules.length > 0) {
    const numbered = state.header.version ? t('{0}, numbered as in {1}', GAME_LABEL[state.game], md(state.rulesVersion?.label ?? state.header.version)) : GAME_LABEL[state.game];
    out.push(`**${t('Rules')}** (${numbered})`);
    out.push(f.rules.map((n) => ruleLine(state, n, ctx)).join('\n'));
  }
  for (const r of f.related) out.push(`${lineLabel(r.uri ? md(r.uri.slice(r.uri.lastIndexOf('/') + 1)) : undefined, r.range.start.line)}: ${mdMessage(relatedMessage(r))}.`);
  if (f.fixes.length > 0) out.push(`**${t('Fixes')}**: ${f.fixes.map((x) => `${mdMessage(fixTitle(x))}${x.safe ? ` ${t('(safe)')}` : ''}`).join('; ')}`);
  if (info) out.push(`${translated(info.doc)}\n\n[${t('About {0}', `\`${f.code}\``)}](${codeDocUrl(f.code)})`);
  return out.join('\n\n');
}

/**
 * A finding in a hover under its diagnostic's message (which the client shows): the rules by number
 * and title, the fix, and links to the long explanation and the code's documentation. A few lines.
 */
function briefFindingSection(state: DocumentState, f: Finding, explainCommand: string | undefined, pos: Position): string {
  const info = REGISTRY.get(f.code);
  const title = info ? translated(titleFor(info, state.game)) : f.code;
  const out = [`**${md(title)}** · \`${f.code}\``];
  if (f.rules.length > 0) {
    const titles = f.rules.map((n) => {
      const canonical = canonicalIn(state.game, state.rulesVersion, n);
      const ex = canonical === undefined ? undefined : explainRule(state.game, canonical, state.rulesVersion);
      return `**${md(n)}**${ex ? ` *${md(translated(ex.title))}*` : ''}`;
    });
    out.push(`${f.rules.length === 1 ? t('Rule') : t('Rules')}: ${titles.join(' · ')}`);
  }
  const safe = f.fixes.find((x) => x.safe);
  const fix = safe ?? f.fixes[0];
  const more = f.fixes.length - 1;
  if (fix) out.push(`**${t('Fix')}**: ${mdMessage(fixTitle(fix))}${fix.safe ? ` ${t('(safe)')}` : ''}${more > 0 ? ` ${more === 1 ? t('(or 1 more in the quick fix menu)') : t('(or {0} more in the quick fix menu)', more)}` : ''}`);
  const links: string[] = [];
  if (explainCommand) {
    const args = encodeURIComponent(JSON.stringify([state.uri, pos.line, pos.character]));
    links.push(`[${t('Explain the rules')}](command:${explainCommand}?${args} "${t("Explain this finding's rules at length, beside the editor")}")`);
  }
  if (info) links.push(`[${t('About {0}', `\`${f.code}\``)}](${codeDocUrl(f.code)})`);
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
  return findings.map((f) => `${lineLabel(undefined, f.range.start.line)}\n\n${findingSection(state, f, { ...ctx, markdown: true, brief: undefined })}`).join('\n\n---\n\n');
}

function ruleRefSection(state: DocumentState, written: string, ctx: HoverContext): string {
  const game = state.game;
  const canonical = canonicalIn(game, state.rulesVersion, written);
  const head = `**${t('Rule {0}', md(written))}** · ${GAME_LABEL[game]}${state.header.version ? ` ${t('(as numbered in {0})', md(state.rulesVersion?.label ?? state.header.version))}` : ''}`;
  const ex = canonical === undefined ? undefined : explainRule(game, canonical, state.rulesVersion);
  const out = [head];
  // A number that doesn't exist (an MTG subrule lettered l or o, one the user's rules file of this version lacks) is not explained by its parent's explanation.
  const exists = ex && ex.number !== canonical ? ruleExists(game, state.rulesVersion, written, ctx.rulesDoc) : undefined;
  if (exists && !exists.exists) {
    out.push(exists.by === 'letters' ? t('There is no rule {0}: the Comprehensive Rules never letter a subrule l or o.', md(written)) : t('There is no rule {0} in your rules file, which is of this version.', md(written)));
  } else if (ex && canonical !== undefined) {
    out.push(`*${md(translated(ex.title))}*${ex.number !== canonical ? ` ${t('(rule {0})', ex.number)}` : ''}: ${md(translated(ex.text))}`);
    const last = lastVersionWith(game, canonical);
    if (canonical !== written && (!last || citeAs(game, last, canonical) !== written)) out.push(last ? t('Numbered {0} in {1}, the last rules that have it.', citeAs(game, last, canonical), md(last.label)) : t('Numbered {0} in the newest rules.', canonical));
  } else if (canonical === undefined) {
    const last = lastVersionWith(game, written);
    const dropped = last && (!state.rulesVersion || state.rulesVersion.date > last.date);
    out.push(
      dropped
        ? t('{0} is a rule of {1} and earlier versions, dropped since: these rules have no such rule.', md(written), md(last.label))
        : t('The checker explains {0} as the newest rules number it, and in this version {0} is not that rule (it had another number, or did not exist yet).', md(written)),
    );
  } else {
    out.push(t('The checker has no explanation for this rule.'));
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
  return { text: `**${t('Step')}** · ${t('line {0}', st.range.start.line + 1)}: ${md(messageText(step.summaryText, step.summary))}`, range: st.range };
}

/** "After line 9 (`destroy lion`)" or "Initial state", for the board replayed up to `line`. */
function whenLabel(state: DocumentState, line: number): string {
  const statements = state.doc.statements;
  let i = state.statementIndexAtOrBefore(line);
  while (i >= 0 && !isEvent(statements[i])) i--;
  const last = i >= 0 ? statements[i] : undefined;
  if (!last) return t('Initial state');
  const text = oneLine(state.document.getText(last.range));
  return t('After line {0} ({1})', last.range.start.line + 1, codeSpan(text));
}

function typeLine(c: CardView): string {
  const left = [...c.supertypes, ...c.types].join(' ');
  const right = c.subtypes.join(' ');
  return right ? `${left} — ${right}` : left || t('no card types');
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
  const out = [`**${md(rec.name)}** ${rec.typeLine ? codeSpan(rec.typeLine) : ''} *(${t('from your card data: {0}', md(file))})*`];
  if (rec.might !== undefined || rec.mightBonus !== undefined) out.push([rec.might !== undefined ? t('Might {0}', rec.might) : '', rec.mightBonus !== undefined ? t('Might Bonus +{0}', rec.mightBonus) : ''].filter(Boolean).join(' · '));
  // MTG: the printed toughness, shown but not declared (the scenario states it: `toughness N`).
  if (rec.toughness !== undefined) out.push(t('Toughness {0} (printed; write `toughness {0}` for the checker to weigh damage against it)', rec.toughness));
  const text = rec.text.split(/\r?\n/).filter((l) => l.trim() !== '');
  if (text.length) out.push(text.map((l) => `> ${md(l)}`).join('\n>\n'));
  return out.join('\n\n');
}

function nameSection(state: DocumentState, occ: Occurrence, line: number, ctx: HoverContext): string | undefined {
  const decl = state.names.declarations.get(occ.text);
  if (!decl) return t('{0}: not declared. Declare it with `card` or `player` before the first event.', `**${md(occ.text)}**`);
  const board = state.boardAt(line);
  const when = whenLabel(state, line);
  if (decl.kind === 'player') {
    const p = board.players.find((x) => x.id === occ.text);
    const owns = board.cards.filter((c) => c.owner === occ.text).length;
    const controls = board.cards.filter((c) => c.controller === occ.text).length;
    const out = [`**${md(occ.text)}** · ${t('player')}`, singular(owns) ? t('Owns {0} card, controls {1}.', owns, controls) : t('Owns {0} cards, controls {1}.', owns, controls)];
    if (p) {
      const lines = [`- ${p.left ? t('Has left the game') : t('In the game')}`];
      if (p.keywords?.length) lines.push(`- ${t('Has {0}', md(p.keywords.join(', ')))}`);
      if (p.attachments.length > 0) lines.push(`- ${t('Attached to this player: {0}', p.attachments.map((a) => attachmentLabel(board.cards, a)).join(', '))}`);
      out.push(`**${when}**\n${lines.join('\n')}`);
    }
    return out.join('\n\n');
  }
  const c = board.cards.find((x) => x.id === occ.text);
  const stmtName = decl.stmt.kind === 'card' ? decl.stmt.name?.text : undefined;
  const head = `**${md(occ.text)}** · ${t('card')}${stmtName ? ` *${md(stmtName)}*` : ''}`;
  if (!c) return head;
  const out = [head, codeSpan(typeLine(c))];
  const who = [c.owner ? t('Owner {0}', `**${md(c.owner)}**`) : t('No owner'), c.controller ? t('controller {0}', `**${md(c.controller)}**`) + (c.controlVia ? ` ${t('(from {0})', md(c.controlVia))}` : '') : undefined].filter(Boolean).join(', ');
  out.push(who + (c.colors.length ? ` · ${md(c.colors.join(' '))}` : ''));
  const lines = [`- ${t('Zone: {0}', md(c.zone === 'base' && c.base ? t('base of {0}', c.base) : zoneLabel(c.zone)))}`];
  const hostCard = c.attachedTo ? board.cards.find((x) => x.id === c.attachedTo) : undefined;
  if (c.attachedTo) {
    const host = `**${md(c.attachedTo)}**`;
    const offBattlefield = hostCard && hostCard.zone !== 'battlefield' && !hostCard.zone.startsWith('battlefield:');
    lines.push(`- ${offBattlefield ? t('Attached to: {0} (a card in {1})', host, md(zoneLabel(hostCard.zone))) : t('Attached to: {0}', host)}`);
  } else if (isAttachmentType(c)) lines.push(`- ${t('Attached to: nothing')}`);
  if (c.attachments.length > 0) lines.push(`- ${t('Attachments: {0}', c.attachments.map((a) => attachmentLabel(board.cards, a)).join(', '))}`);
  // A double-faced card: the face that is up (MTG 712.8d, 712.8e).
  if (c.face) lines.push(`- ${c.face === 'back' ? t('Face up: back ({0})', md(c.name)) : t('Face up: front ({0})', md(c.name))}`);
  // A merged permanent: its cards, the top one first (MTG 730.2).
  if (c.merged) lines.push(`- ${t('Merged permanent: {0} (the top card first)', c.merged.map((id) => `**${md(id)}**`).join(', '))}`);
  // A copy (MTG 707.2; Riftbound 477.1.b): what it copies, and the name it has meanwhile.
  if (c.copyOf) lines.push(`- ${t('A copy of: {0} ({1})', `**${md(c.copyOf)}**`, md(c.name))}`);
  lines.push(`- ${t('Timestamp: {0}', c.timestamp)}`);
  if (c.might !== undefined) {
    const might = c.effectiveMight ?? c.might;
    lines.push(`- ${c.effectiveMight !== undefined && c.effectiveMight !== c.might ? t('Might: {0} (printed {1})', might, c.might) : t('Might: {0}', might)}`);
  }
  if (c.toughness !== undefined) {
    const tough = c.effectiveToughness ?? c.toughness;
    lines.push(`- ${tough !== c.toughness ? t('Toughness: {0} (printed {1})', tough, c.toughness) : t('Toughness: {0}', tough)}`);
  }
  if (c.power !== undefined) {
    const power = c.effectivePower ?? c.power;
    lines.push(`- ${power !== c.power ? t('Power: {0} (printed {1})', power, c.power) : t('Power: {0}', power)}`);
  }
  if (c.damage) {
    lines.push(`- ${t('Damage marked: {0}', c.damage)}`);
  }
  // Its counters (MTG 122.1a; a Riftbound buff, 703): counted in the toughness or Might above.
  if (c.counters?.buff) lines.push(`- ${t('Buffed (+1 Might)')}`);
  const counters = Object.entries(c.counters ?? {}).filter(([k]) => k !== 'buff');
  if (counters.length > 0) lines.push(`- ${t('Counters: {0}', md(counters.map(([k, n]) => `${n} × ${k}`).join(', ')))}`);
  if (c.choosesColor) lines.push(`- ${c.choosesColor.chosen !== undefined ? t('Chosen color: {0}', md(c.choosesColor.chosen)) : c.choosesColor.entering ? t('Chooses a color as it enters (none chosen)') : t('Chooses a color as it becomes attached (none chosen yet)')}`);
  if (c.protections) lines.push(`- ${t('Protection from {0}', md(c.protections.join(t(', from '))))}`);
  // MTG 708.2a, 708.5: a face-down permanent has no name or text; its controller may look at its face-up card.
  if (c.faceDown) lines.push(`- ${c.faceDown.how === 'manifested' ? t('Manifested: face down, a 2/2 creature with no name, subtypes or text; its controller may look at its card, {0}', `*${md(c.faceDown.name)}*`) : c.faceDown.how === 'cloaked' ? t('Cloaked: face down, a 2/2 creature with ward 2 and no name, subtypes or text; its controller may look at its card, {0}', `*${md(c.faceDown.name)}*`) : t('Face down: a 2/2 creature with no name, subtypes or text; its controller may look at its card, {0}', `*${md(c.faceDown.name)}*`)}`);
  if (c.lost) lines.push(`- ${lostLabel(c.lost)}`);
  if (c.phasedOut) lines.push(`- ${t('Phased out')}`);
  if (c.temporary) lines.push(`- ${state.game === 'riftbound' ? t('Changed by an effect this turn (it expires in the Ending Phase)') : t('Changed by an effect that ends: until end of turn (in the cleanup step) or until a player\'s next turn')}`);
  if (c.exhausted) lines.push(`- ${t('Exhausted')}`);
  if (c.stunned) lines.push(`- ${t('Stunned (until the turn ends)')}`);
  if (c.empowered) lines.push(`- ${t('Empowered')}`);
  if (c.tapped) lines.push(`- ${t('Tapped')}`);
  if (c.combat) lines.push(`- ${combatLabel(state.game, c.combat)}`);
  if (c.triggers) {
    const abilities = md(c.triggers.phrases.join(', '));
    const n = c.triggers.count;
    lines.push(`- ${n === 0 ? t('Triggered abilities: {0}; not triggered so far', abilities) : n === 1 ? t('Triggered abilities: {0}; triggered once so far', abilities) : t('Triggered abilities: {0}; triggered {1} times so far', abilities, n)}`);
  }
  // What waits on the stack (Riftbound: the chain): this card's abilities, and what targets it.
  const chain = state.game === 'riftbound';
  for (const e of board.stack ?? []) {
    // An ability the scenario names (`ability shoot`) is shown by its name; the others by their keyword.
    const named = e.ability?.startsWith('ability ') ? md(e.ability.slice('ability '.length)) : undefined;
    if (e.kind === 'ability' && e.id === c.id) {
      const ability = md(e.ability ?? ''), target = `**${md(e.target ?? '')}**`;
      const by = e.controller ? ` ${t('(activated by {0})', md(e.controller))}` : '';
      let what: string;
      if (e.ability === 'trigger') {
        // MTG 603.6c, 603.3a: a card's `when put into a graveyard from the battlefield`, controlled by who controlled the card as it left.
        const who = e.controller ? ` ${t('(controlled by {0})', md(e.controller))}` : '';
        lines.push(`- ${t('On the stack: its trigger from being put into a graveyard from the battlefield, waiting to resolve (`resolve {0} trigger`)', c.id)}${who}`);
        continue;
      }
      if (makesToken(e.ability) || e.ability === 'Weaponmaster' || e.ability === 'Quick-Draw') {
        // A triggered ability (MTG 702.92a, 702.163a, 702.182a, 603.3; Riftbound 821.1.c): nobody activated it, its controller is its source's.
        const who = e.controller ? ` ${t('(controlled by {0})', md(e.controller))}` : '';
        what =
          (e.ability === 'living weapon'
            ? t('On the stack: its living weapon trigger, waiting to resolve (`resolve {0} living weapon creating T`)', c.id)
            : e.ability === 'for mirrodin'
              ? t('On the stack: its For Mirrodin! trigger, waiting to resolve (`resolve {0} for mirrodin creating T`)', c.id)
              : e.ability === 'job select'
                ? t('On the stack: its Job select trigger, waiting to resolve (`resolve {0} job select creating T`)', c.id)
                : e.ability === 'Quick-Draw'
                ? t('On the chain: its Quick-Draw trigger, waiting to resolve (`resolve {0} Quick-Draw choosing U`)', c.id)
                : t('On the chain: its Weaponmaster trigger, waiting to resolve (`resolve {0} Weaponmaster [choosing G]`)', c.id)) + who;
        lines.push(`- ${what}`);
        continue;
      }
      if (named !== undefined) {
        what = e.target === undefined ? (chain ? t('On the chain: its ability {0}', named) : t('On the stack: its ability {0}', named)) : chain ? t('On the chain: its ability {0} targeting {1}', named, target) : t('On the stack: its ability {0} targeting {1}', named, target);
      } else {
        // Reconfigure's ability that unattaches targets nothing (MTG 702.151a).
        what = e.target === undefined ? t('On the stack: its reconfigure ability that unattaches it') : chain ? t('On the chain: its {0} ability targeting {1}', ability, target) : t('On the stack: its {0} ability targeting {1}', ability, target);
      }
      lines.push(`- ${what}${by}`);
    } else if (e.target === c.id) {
      const source = e.kind === 'ability' ? (named !== undefined ? t("{0}'s ability {1}", `**${md(e.id)}**`, named) : t("{0}'s {1} ability", `**${md(e.id)}**`, md(e.ability ?? ''))) : t('the spell {0}', `**${md(e.id)}**`);
      lines.push(`- ${chain ? t('Targeted on the chain by {0}', source) : t('Targeted on the stack by {0}', source)}`);
    }
  }
  if (c.keywords?.length) {
    // Targeting keywords with what they forbid; keyword abilities alone (`flying`) as the abilities it has.
    const note = keywordNote(c.keywords);
    lines.push(`- ${note ? t('Keywords: {0} ({1})', md(c.keywords.join(', ')), md(note)) : t('Has {0}', md(c.keywords.join(', ')))}`);
  }
  out.push(`**${when}**\n${lines.join('\n')}`);
  const fromCards = stmtName ? cardDataSection(state, stmtName, ctx) : undefined;
  if (fromCards) out.push(fromCards);
  return out.join('\n\n');
}

/** The card declaration whose lines hold `pos` (MTG), found by a binary search of the statements. */
function mtgCardAt(state: DocumentState, pos: Position): Extract<Statement, { kind: 'card' }> | undefined {
  if (state.game !== 'mtg') return undefined;
  const st = state.doc.statements[state.statementIndexAtOrBefore(pos.line)];
  return st?.kind === 'card' && st.range.end.line >= pos.line ? st : undefined;
}

/** The filters a card property reads: its enchant, its equip quality, `can be attached only to`, `cast only targeting a tapped`, both of `attach target ... to target ...`. */
function filtersOf(p: Property): Filter[] {
  return p.kind === 'enchant' || p.kind === 'attach-only' || p.kind === 'cast-only' ? [p.filter] : p.kind === 'equip' ? (p.quality ? [p.quality] : []) : p.kind === 'attach-targets' ? [p.what, p.to] : [];
}

/** A filter's `with another Aura attached to it` (MTG, Daybreak Coronet) under the cursor, in a card declaration. */
function withAuraAt(state: DocumentState, pos: Position): Range | undefined {
  for (const p of mtgCardAt(state, pos)?.props ?? []) {
    const filters = filtersOf(p);
    for (const f of filters) if (f.withAura && containsInclusive(f.withAura, pos)) return f.withAura;
  }
  return undefined;
}

/** A filter's `with toughness N or greater|less` (MTG, Gate Smasher) under the cursor, in a card declaration: its words as written. */
function withToughnessAt(state: DocumentState, pos: Position): { text: string; range: Range } | undefined {
  for (const p of mtgCardAt(state, pos)?.props ?? []) {
    const filters = filtersOf(p);
    for (const f of filters) {
      const w = f.toughness;
      if (w && containsInclusive(w.range, pos)) return { text: `with toughness ${w.value} or ${w.or}`, range: w.range }; // scenario syntax, not translated
    }
  }
  return undefined;
}

/** The zone an enchant filter names (MTG 109.2a: `in a graveyard`) under the cursor, in a card declaration. */
function filterZoneAt(state: DocumentState, pos: Position): { text: string; range: Range } | undefined {
  for (const p of mtgCardAt(state, pos)?.props ?? []) {
    const z = p.kind === 'enchant' ? p.filter.zone : undefined;
    if (z && containsInclusive(z.range, pos)) return { text: zoneText(z), range: z.range }; // scenario syntax, not translated
  }
  return undefined;
}

/**
 * A card's static property under the cursor that a rule reads (MTG): a replacement that exiles
 * instead of a graveyard (614.1a), `can be attached only to` (701.3a), Leonin Shikari's permission
 * (602.5d): what it does, and the rules to cite.
 */
/** What a triggered ability about attachment (`when PHRASE`) does, in words: the rules of each game are triggerRules'. */
function triggerText(phrase: TriggerPhrase): string {
  // The abilities about becoming attached share what sets them off and what doesn't (603.2e, 701.3b; Riftbound 434.1.g).
  const onAttach = () => t('Only as the attach happens: not for an attachment the scenario declares, nor for an attach to what the attachment is on already.');
  switch (phrase) {
    case 'attached':
      return `${t('A triggered ability of this card: it triggers each time this card becomes attached to something.')} ${onAttach()}`;
    case 'unattached':
    case 'detached':
      return t('A triggered ability of this card: it triggers each time this card stops being attached to something, its own leaving included, judged as things were just before.');
    case 'equipped creature dies':
    case 'enchanted creature dies':
      return t('A triggered ability of this card: it triggers when the creature it is attached to dies, judged as things were just before (an Equipment destroyed together with its creature still sees it die).');
    case 'I die':
      return t("A gear's Effect Text: while the gear is attached, the ability is its unit's, and it triggers when that unit dies.");
    case 'an Aura becomes attached to it':
      return `${t('A triggered ability of this card: it triggers each time an Aura becomes attached to it (an Aura spell resolving onto it, an Aura moved onto it).')} ${onAttach()}`;
    case 'an Equipment becomes attached to it':
      return `${t('A triggered ability of this card: it triggers each time an Equipment becomes attached to it.')} ${onAttach()}`;
    case 'a gear attaches to me':
      return `${t("A unit's triggered ability: it triggers each time a gear attaches to it.")} ${onAttach()}`;
    case 'an equipped creature you control dies':
      return t('A triggered ability of this card: it triggers when a creature its controller controls dies equipped. It is judged as things were just before: an Equipment destroyed at the same time still counts, this card destroyed at the same time still sees it, and one that entered at the same time does not.');
    case 'an enchanted creature dies':
      return t("A triggered ability of this card: it triggers when any creature dies enchanted, whoever controls it, judged as things were just before (an Aura with umbra armor destroyed at the same time doesn't count).");
    case 'an equipped friendly unit dies':
      return t('A triggered ability of this card: it triggers when a friendly unit dies equipped. It is checked once the event is done: a card that left the board in the same event does not see it, one that entered it does.');
    case 'put into a graveyard from the battlefield':
      return t("A triggered ability of this card: it triggers when the card goes from the battlefield to a graveyard (destroyed, sacrificed, an Aura left with nothing to enchant), judged as it was just before it left. Not when it goes there from the stack (an Aura spell whose target became illegal never resolves), nor when it is exiled or returned to a hand. With its effect written after a comma, the ability waits on the stack until `resolve X trigger`: `return it to its owner's hand` finds the card in the graveyard only if it is still there, and `exile equipped creature` exiles the creature it was attached to as it left only if that creature is still on the battlefield (one that left too is a new object).");
  }
}

/** A `when PHRASE` under the cursor: a card's triggered ability, or the one an `expect X triggered when ...` names. */
function triggerAt(state: DocumentState, pos: Position): { text: string; rules: string[]; range: Range } | undefined {
  const st = state.doc.statements[state.statementIndexAtOrBefore(pos.line)];
  if (!st || !containsInclusive(st.range, pos)) return undefined;
  const game = state.game === 'riftbound' ? 'riftbound' : 'mtg';
  let found: { phrase: TriggerPhrase; range: Range } | undefined;
  if (st.kind === 'card') {
    const p = st.props.find((x) => x.kind === 'trigger' && containsInclusive(x.range, pos));
    if (p?.kind === 'trigger') found = p;
  } else if (st.kind === 'expect' && st.assertion?.kind === 'triggered' && st.assertion.when && containsInclusive(st.assertion.when.range, pos)) found = st.assertion.when;
  if (!found) return undefined;
  const rules = triggerRules(game, found.phrase);
  // A leaves-the-battlefield ability with its effect: what it finds as it resolves (400.7e, 400.7), and the two ways an Aura goes to a graveyard (704.5m, from the battlefield; 608.3b, from the stack, which triggers nothing).
  const extra = game === 'mtg' && found.phrase === 'put into a graveyard from the battlefield' ? ['704.5m', '608.3b', '400.7e', '400.7'] : [];
  // The other game's phrase is a syntax error, which the finding's own section explains.
  if (rules.length === 0) return undefined;
  return { text: `${triggerText(found.phrase)} ${t('`expect X triggered` counts the times it triggered since the scenario began.')}`, rules: [...rules, ...extra], range: found.range };
}

function staticPropertyAt(state: DocumentState, pos: Position): { text: string; rules: string[]; range: Range } | undefined {
  const st = state.doc.statements[state.statementIndexAtOrBefore(pos.line)];
  if (st?.kind !== 'card' || !containsInclusive(st.range, pos)) return undefined;
  const p = st.props.find((x) => containsInclusive(x.range, pos));
  // Toughness, Might and damage (both games; docs/language.md "Toughness, Might and damage").
  if (p?.kind === 'damage') {
    return state.game === 'mtg'
      ? { text: t('Damage already marked on this creature. It stays until the turn ends (a `turn` line that begins a turn) and is gone if the creature changes zones; once it reaches the creature\'s toughness, it is lethal and the creature is destroyed.'), rules: ['120.6', '514.2', '704.5g'], range: p.range }
      : { text: t("Damage already marked on this unit. It is healed at the end of each player's turn (a `turn` line that begins a turn) or by `heal`, and is gone if the unit leaves the board; once it reaches the unit's Might, the unit is killed in the next cleanup."), rules: ['143.3', '143.3.b.1', '143.2.a'], range: p.range };
  }
  // Counters on the declared board (MTG 122.1a; Riftbound 702): the other game's kind is a syntax error, which the finding's own section explains.
  if (p?.kind === 'counters' && (p.counter === 'buff') === (state.game === 'riftbound')) {
    if (p.counter === 'shield') return { text: shieldText(), rules: ['122.1c', '122.6', '122.2'], range: p.range };
    if (p.counter === 'hone') return { text: honeText(), rules: ['122.1', '122.6', '122.2'], range: p.range };
    return state.game === 'mtg'
      ? { text: t("Counters already on this permanent as the scenario begins. Each +1/+1 counter adds 1 to its toughness and each -1/-1 counter takes 1 away, together with what its attachments add. Only a permanent on the battlefield has them here: a card that changes zones keeps none. A permanent with both kinds loses them in pairs at once, so a declaration has one kind only."), rules: ['122.1a', '122.6', '122.2', '704.5q'], range: p.range }
      : { text: t("A buff already on this unit as the scenario begins: it adds 1 to the unit's Might, so the damage that kills it is one more. A unit has one buff at most, and loses it when it leaves the board."), rules: ['426.1', '703', '702.3', '705'], range: p.range };
  }
  if (p?.kind === 'might-effect' && state.game === 'riftbound') {
    return { text: t("A passive of this card: while it is on the board and not attached to a unit (an attached card's Rules Text is inactive), every unit its words describe at that moment has this change of Might, in the Arithmetic layer with the Might Bonuses of gear. Friendly and enemy are said of this card's controller, here of its location, other leaves this card out. A unit whose damage, not zero, reaches its new Might is killed in the next cleanup."), rules: ['477.3', '477.3.c', '365.1', '718.2', '143.2.a'], range: p.range };
  }
  // Riftbound replacements of another unit's death (369.1): Zhonya's Hourglass, Soraka, Wanderer.
  if (p?.kind === 'death-replacement' && state.game === 'riftbound') {
    return p.scope === 'friendly'
      ? { text: t("A replacement in this gear's Rules Text, active only while the gear is not attached: the next time a unit its controller controls would die (a `kill` line, or its damage in a cleanup), this gear is killed in its place, and the unit is healed, exhausted and recalled as the text goes on to say. The gear is gone, so it is used once. In a cleanup its kill is a consequence to record (`move X to trash`); several dying together are saved one each, in the order its controller chooses (`order replacements A, B` before the event)."), rules: ['369.1', '370.1.a', '370.2', '718.2', '373'], range: p.range }
      : { text: t("A replacement in this unit's Rules Text: when another unit its controller controls, at the same location as this unit is then, with less Might, would die, it is healed, exhausted and recalled instead; nothing is killed. Among deaths at the same time (one cleanup) it is applied once, to all those it qualifies for at that moment, even while this unit dies too; the controller chooses the order of the replacements (`order replacements A, B` before the event)."), rules: ['369.1', '373', '373.2', '418.1', '455'], range: p.range };
  }
  if (state.game !== 'mtg') return undefined;
  if (p?.kind === 'toughness') {
    return { text: t('The creature\'s printed toughness. What its attachments add (`equipped creature gets +P/+T`) counts while they are attached. With toughness 0 or less it is put into its owner\'s graveyard (not destroyed, so indestructible doesn\'t save it); damage at least its toughness destroys it.'), rules: ['704.5f', '704.5g', '613.4c'], range: p.range };
  }
  if (p?.kind === 'power') {
    return { text: t("The creature's printed power (the first of its two numbers). Only `expect X power N` reads it: it is worked out then, in layer 7c, with what its attachments add while they count, its +1/+1 and -1/-1 counters and the static effects on every creature its words describe. No effect that sets or switches power can be written, so layers 7a, 7b and 7d never apply."), rules: ['208.1', '613.4', '613.4c', '122.1a'], range: p.range };
  }
  if (p?.kind === 'pt-bonus' && p.perCounter !== undefined && (p.who.text === 'equipped creature' || p.who.text === 'enchanted creature')) {
    return { text: t('What this attachment adds to the power of the creature it is attached to, once for each hone counter on the attachment itself, while it is attached, phased in and has its abilities: putting or removing hone counters changes the creature\'s power at once. Only power is read here.'), rules: ['613.4c', '122.1'], range: p.range };
  }
  if (p?.kind === 'pt-bonus' && (p.who.text === 'equipped creature' || p.who.text === 'enchanted creature')) {
    return { text: t('What this attachment adds to the power and toughness of the creature it is attached to, while it is attached, phased in and has its abilities. When it goes, the creature may die: with toughness 0 or less (a 0/0 Germ), or with the damage on it now lethal.'), rules: ['613.4c', '704.5f', '704.5g'], range: p.range };
  }
  if (p?.kind === 'anthem') {
    return { text: t('A static ability of this card: while it is on the battlefield, phased in and has its abilities, every creature its words describe at that moment gets this change of power and toughness, after the effects that change control, colors, types and abilities (an Aura that makes a creature white makes it one of the white creatures). A creature whose toughness falls to 0 or less is put into its owner\'s graveyard.'), rules: ['613.4c', '613.1', '611.3a', '704.5f'], range: p.range };
  }
  if (p?.kind === 'exile-instead') {
    const text =
      p.scope === 'self'
        ? t('A replacement: wherever this card would be put into a graveyard (destroyed, countered, or an Aura left attached to nothing), it is exiled instead. What the scenario records is then `move {0} to exile`.', st.id?.text ?? '')
        : p.scope === 'any'
          ? t('A replacement: while this permanent is on the battlefield, every card that would be put into a graveyard, this one included as it leaves, is exiled instead. What the scenario records is then `move X to exile`.')
          : t("A replacement: while this permanent is on the battlefield, every card its controller's opponents own that would be put into a graveyard is exiled instead. What the scenario records is then `move X to exile`.");
    return { text, rules: ['614.1a'], range: p.range };
  }
  if (p?.kind === 'enters-tapped') {
    return { text: t('A replacement: while this permanent is on the battlefield (phased in, with its abilities), every permanent its words describe enters tapped, "you" being its controller. Whether one is described is judged from what it is once there: a bestowed Aura is no creature, and enters untapped; one whose target left resolves as a creature, and enters tapped. Nothing is recorded: `expect X tapped` shows it.'), rules: ['614.1d', '614.12', '702.103b', '702.103e'], range: p.range };
  }
  if (p?.kind === 'choose-color' && p.enters) {
    return { text: t('A replacement-style ability: as this card enters the battlefield, a color is chosen (written `choosing C` on the line that puts it there, `resolve X choosing C` or `enter X ... choosing C`, or `chosen color C` beside its declaration on the battlefield). It keeps that color while it stays on the battlefield, moved to another object or not; its grant reads it as `the chosen color`. A card that leaves and comes back chooses again; a copy of it has made no choice.'), rules: ['614.12', '607.2d', '400.7'], range: p.range };
  }
  if (p?.kind === 'choose-color') {
    return { text: t('A replacement-style ability: each time this card becomes attached, a color is chosen as it does (written `choosing C` on the line that attaches it, or `chosen color C` beside a declared `attached to`). Its grant reads the last one as `the chosen color`; an attach that does nothing chooses none. A copy of it has made no choice.'), rules: ['614.12', '607.2d', '701.3b'], range: p.range };
  }
  if (p?.kind === 'chosen-color') {
    return { text: t('The color this card chose as it became attached to what its `attached to` names, which its grant reads as `the chosen color` from the start.'), rules: ['614.12', '607.2d'], range: p.range };
  }
  if (p?.kind === 'attach-only') {
    return { text: t("A restriction of the attachment itself: it can be attached only to what the filter says. An attach to anything else leaves it where it is; its equip ability may target another creature its controller controls, but attaches nothing as it resolves; and when its host stops matching, it becomes unattached."), rules: ['701.3a', '301.5b', '704.5n'], range: p.range };
  }
  if (p?.kind === 'equip' && p.quality?.alternatives.length === 1 && p.quality.alternatives[0].length === 1 && p.quality.alternatives[0][0].word === 'planeswalker' && !p.quality.alternatives[0][0].negated) {
    return { text: t('Equip planeswalker: a form of equip, not a quality. At sorcery speed it attaches this Equipment to a planeswalker its controller controls, as though that planeswalker were a creature. Once attached, the Equipment stays only on a creature: unless something makes the planeswalker one (Luxior does), it becomes unattached.'), rules: ['702.6e', '704.5n'], range: p.range };
  }
  if (p?.kind === 'attach-targets') {
    return { text: t('What an effect of this card that attaches may target, as the card prints it: written on a line as `attach X to H targeting with {0}`, X must fit the first description and H the second, "you" being the effect\'s controller. A target that doesn\'t fit can\'t be chosen, and nothing happens.', st.id?.text ?? ''), rules: ['115.1', '109.5', '601.2c'], range: p.range };
  }
  // Transforming double-faced cards (712.2): the front's link to its back face, and the back face's own line.
  if (p?.kind === 'transforms') {
    return { text: t('This card is a nonmodal double-faced card (a transforming one, as the rules before 2025-11-14 call it), and {0} is the line of its back face. It enters and stays with its front face up; `transform {1}` turns it over, and `enter {1} transformed` puts it onto the battlefield with its back face up. While a face is up, the card has only that face\'s characteristics; off the battlefield it has its front face\'s.', p.face.text, st.id?.text ?? ''), rules: ['712.2', '712.8d', '712.8e', '712.8a'], range: p.range };
  }
  if (p?.kind === 'flag' && p.flag === 'back-face') {
    return { text: t('This line is the back face of a double-faced card, not a card of its own: it has no owner, no zone and nothing attached, and no event names it. Its types, colors and abilities are the card\'s while this face is up; the front face names it with `transforms into`.'), rules: ['712.2', '712.8e'], range: p.range };
  }
  if (p?.kind === 'cast-only') {
    return { text: t("A limit on the Aura spell's target as it is cast: only a tapped permanent the filter describes may be chosen. It is read at no other time: a target untapped before the spell resolves is still legal (only the enchant ability is checked then), and the Aura put onto the battlefield without being cast may go on an untapped permanent."), rules: ['601.2c', '601.3', '608.2b', '303.4f'], range: p.range };
  }
  if (p?.kind === 'may-equip-instant') {
    return { text: t("A permission: while this permanent is on the battlefield, its controller may activate equip abilities any time they could cast an instant, in any step and with anything on the stack. The card's instruction wins over the sorcery timing of the rule."), rules: ['602.5d', '101.1'], range: p.range };
  }
  return undefined;
}

/** `game mtg, range of influence N` under the cursor (MTG 801): what the option does to attachments. */
function influenceAt(state: DocumentState, pos: Position): { text: string; rules: string[]; range: Range } | undefined {
  const st = state.doc.statements[state.statementIndexAtOrBefore(pos.line)];
  if (st?.kind !== 'game' || !st.influence || !containsInclusive(st.influence.range, pos) || state.game !== 'mtg') return undefined;
  return {
    text: t("The limited range of influence option: each player's range is the players within this many seats (and what they control), counted on the players in the game as each turn begins. An Aura can't enchant, and an Equipment or Fortification can't equip or fortify, what is out of its controller's range; an Aura spell can't target it. One that goes out of range (its host changes controller) ends as the state-based actions say."),
    rules: ['801.2', '801.2c', '801.4', '801.8', '801.9'],
    range: st.influence.range,
  };
}

/** What shield counters do (MTG 122.1c), for the hovers of `with a shield counter` and of `put`/`remove`. */
const shieldText = () => t('Each shield counter on a permanent stands in once for it: an effect that would destroy it removes a shield counter instead, and damage that would be dealt to it is prevented and a shield counter removed. Lethal damage already marked still destroys it.');
const honeText = () => t('Hone counters have no rule of their own: what they do is what a card says, here an attachment\'s `gets +1/+0 for each hone counter on it`, which counts those on the attachment itself. A card that changes zones keeps none.');

/**
 * The verb of a counters event or of `regenerate` under the cursor (a `together:` part too): MTG `put`, `remove` (122.1a, 122.6), `regenerate` (701.19a),
 * Riftbound `buff` (426.1) and `spend` (702.2.b). The other game's verb is an impossible event, which the finding explains.
 */
function countersVerbAt(state: DocumentState, pos: Position): { text: string; rules: string[]; range: Range } | undefined {
  const st = state.doc.statements[state.statementIndexAtOrBefore(pos.line)];
  if (!st || !isEvent(st) || !containsInclusive(st.range, pos)) return undefined;
  const ev = (st.kind === 'together' ? st.parts : [st]).find((e) => containsInclusive(e.verbRange, pos));
  // MTG `transform X` (701.27a): the permanent turns over, the same object (712.18).
  if (ev?.kind === 'transform' && state.game === 'mtg') {
    return { text: t('Turns a double-faced permanent over: its other face is up, and it has only that face\'s characteristics. It is the same object: what is attached stays attached, and the effects on it keep applying; then the state-based actions judge what is attached by the new face (an `enchant creature` Aura on what is no longer a creature goes). A permanent that is no double-faced card doesn\'t transform, nor does one into an instant or sorcery face.'), rules: ['701.27a', '712.18', '712.8e', '701.27c', '701.27d'], range: ev.verbRange };
  }
  // `becomes X a copy of Y` (MTG 707.4, 707.2; Riftbound 477.1.b.1): the same object with copied values.
  if (ev?.kind === 'copy') {
    return state.game === 'mtg'
      ? { text: t('Makes a permanent a copy of another object: it takes what that object\'s card says (as other copies changed it, with the face that is up), and nothing else of it: not its counters, its effects, nor what is attached to it. It stays the same object: what is attached to it stays, the other effects on it apply over the copy, and then the state-based actions judge what is attached by what it is now. Leaving the battlefield ends the copy.'), rules: ['707.4', '707.2', '707.8', '613.1a', '400.7'], range: ev.verbRange }
      : { text: t('Makes a card on the board a copy of another card: it takes that card\'s copyable traits (its printed ones, or those it copied), and stays attached as it was, since attaching asks nothing of what the cards are. The cleanup then sees what it is now: gear left unattached at a battlefield is recalled. Leaving the board ends the copy.'), rules: ['477.1.b.1', '477.1.b.1.b', '434.1', '323.7'], range: ev.verbRange };
  }
  // MTG `regenerate X` (701.19a): what the shield replaces, and what it doesn't.
  if (ev?.kind === 'regenerate' && state.game === 'mtg') {
    return { text: t('Gives a permanent on the battlefield a regeneration shield until the turn ends: the next time it would be destroyed this turn (by an effect, or for lethal or deathtouch damage), it stays, its damage is removed and it is tapped. Toughness 0 or less is no destruction, so no shield helps then, nor against a sacrifice or an exile.'), rules: ['701.19a', '614.8', '704.5f'], range: ev.verbRange };
  }
  // Riftbound `order replacements A, B`: the order its controller chooses for the replacements of the next event's deaths (373).
  if (ev?.kind === 'order' && state.game === 'riftbound') {
    return { text: t("The order the player chooses for the replacements of a unit's death that the next event calls for: the cards named, first to last, each applying once to the deaths it can replace then (in a cleanup, every such death at once); the others after, as the replay picks. It changes no card, and ends with that event's cleanups."), rules: ['373', '372', '373.2', '370.2'], range: ev.verbRange };
  }
  // Riftbound `leave P`: a concession (650-652).
  if (ev?.kind === 'leave' && state.game === 'riftbound') {
    return { text: t("The player concedes. With one other player left, that player wins and the game is over: nothing happens after it. Otherwise the player is removed: what they control is banished and what they own leaves the game, so gear on a unit of theirs detaches where the unit was (record it with `detach`; the cleanup recalls it), their gear on another player's unit leaves it, and their items on the chain are countered. Lines that later name them, or a card that left with them, do nothing."), rules: ['650', '651.1', '652.1', '652.3', '652.4', '719.5'], range: ev.verbRange };
  }
  // Riftbound `stun X` (423), `empower X`, `disempower X` (441, 442): statuses of the card's own (719.4.a).
  if (ev?.kind === 'status' && state.game === 'riftbound' && (ev.verb === 'stun' || ev.verb === 'empower' || ev.verb === 'disempower')) {
    if (ev.verb === 'stun') return { text: t("Stuns a unit on the board until the turn ends. A stunned unit can't be stunned again, and only units are stunned: the gear attached to it is not, since a Top-Most card and its attachments share no status but their location. Leaving the board ends the stun. What a stun does in combat is not modelled."), rules: ['423.1', '423.1.a.1', '423.1.a.2', '719.4.a'], range: ev.verbRange };
    return ev.verb === 'empower'
      ? { text: t("Empowers a card on the board (rules of 2026-07-16): it stays empowered until disempowered or until it leaves the board. An empowered card can't be empowered again, and a Top-Most card and its attachments share no status but their location: an empowered gear's unit is not empowered."), rules: ['441.1.b', '441.1.c', '719.4.a'], range: ev.verbRange }
      : { text: t('Takes the empowered status away from a card on the board (rules of 2026-07-16). A card that is not empowered has nothing to lose: the line does nothing.'), rules: ['442.1.a.1'], range: ev.verbRange };
  }
  if (ev?.kind !== 'counters' || (ev.counter === 'buff') !== (state.game === 'riftbound')) return undefined;
  const range = ev.verbRange;
  if (ev.counter === 'buff') {
    return ev.verb === 'put'
      ? { text: t('Buffs a unit on the board: it gets a buff, which adds 1 to its Might. A unit has one buff at most: buffing a unit that has one places nothing.'), rules: ['426.1', '703', '426.1.b.1', '702.3'], range }
      : { text: t("Spends a unit's buff: the buff is removed, and its Might drops by 1, so the damage on it may kill it in the next cleanup. A buff can be spent only from a unit that has one."), rules: ['702.2.b', '702.2.b.1', '703'], range };
  }
  if (ev.counter === 'shield') return { text: ev.verb === 'put' ? t('Puts shield counters on a permanent on the battlefield. {0}', shieldText()) : t('Removes shield counters from a permanent, no more than it has. {0}', shieldText()), rules: ['122.1c', '122.6'], range };
  if (ev.counter === 'hone') return { text: ev.verb === 'put' ? t('Puts hone counters on a permanent on the battlefield. {0}', honeText()) : t('Removes hone counters from a permanent, no more than it has. {0}', honeText()), rules: ['122.1', '122.6'], range };
  return ev.verb === 'put'
    ? { text: t("Puts counters on a permanent on the battlefield (not on a player, nor on a card in another zone). Each +1/+1 counter adds 1 to its toughness and each -1/-1 counter takes 1 away; a permanent with both loses them in pairs at once, and a creature whose toughness drops to 0 or less is put into its owner's graveyard."), rules: ['122.6', '122.1a', '704.5q', '704.5f'], range }
    : { text: t('Removes counters from a permanent, no more than it has (pairs of +1/+1 and -1/-1 counters have already cancelled out). Removing +1/+1 counters lowers its toughness: it may die with toughness 0 or less, or with the damage on it now lethal.'), rules: ['122.1a', '704.5q', '704.5f', '704.5g'], range };
}

/**
 * The verb of a combat event under the cursor: MTG `attack` (508.1a) and `block` (509.1a), Riftbound `attack`
 * (464.2.c). Riftbound's `block` and MTG's `attack at battlefield` are impossible events, which the finding explains.
 * Its rules are canonical numbers: the hover cites them as the scenario's rules version numbers them.
 */
function combatVerbAt(state: DocumentState, pos: Position): { text: string; rules: string[]; range: Range } | undefined {
  const st = state.doc.statements[state.statementIndexAtOrBefore(pos.line)];
  if (!st || !isEvent(st) || !containsInclusive(st.verbRange, pos)) return undefined;
  if (st.kind === 'attack' && state.game === 'mtg' && st.subject) {
    return {
      text: t("Declares a creature an attacker, in the combat of its controller's turn (after `turn P combat`). It must be untapped, on the battlefield, and under that player's control since the turn began unless it has haste; and nothing may forbid it to attack: its own `can't attack`, `defender`, or what an attachment grants it (Pacifism's `enchanted creature can't attack or block`). Declaring it taps it, unless it has vigilance."),
      rules: ['508.1a', '508.1c', '508.1f', '302.6'],
      range: st.verbRange,
    };
  }
  if (st.kind === 'attack' && state.game === 'riftbound' && st.place) {
    return {
      text: t("Opens a combat at the battlefield named (after `turn P combat`): the player after `by`, else the player whose turn it is, is the Attacker, and the other player with units there the Defender. Their units at that battlefield take the Attacker or Defender designation; each cleanup gives it to a unit that arrives there and takes it from one that leaves. The combat ends, and every designation with it, when a `turn` line moves on from it."),
      rules: ['464.2.c', '323.2', '466.7.a'],
      range: st.verbRange,
    };
  }
  if (st.kind === 'block' && state.game === 'mtg') {
    return {
      text: t("Declares creatures blocking one attacking creature, after the attackers are declared. Each blocker must be an untapped creature on the battlefield that the attacking player doesn't control, and blocks that one attacker only. Nothing may forbid the block: the blocker's `can't block`, or the attacker's evasion (flying, which only flying or reach blocks; fear, intimidate, shadow, protection). A creature with menace takes two blockers or more, named on one line with `and`."),
      rules: ['509.1a', '509.1b'],
      range: st.verbRange,
    };
  }
  return undefined;
}

/**
 * The words of a combat assertion under the cursor (`attacking`, `not blocking`; Riftbound `defending`): what it
 * asks, with the rules that give and take the part in combat. The other game's word is an expectation the finding explains.
 */
/** The range of the words `as a copy of` that end just before `end` on its line, if they do. */
function copyWordsBefore(state: DocumentState, end: Position): Range | undefined {
  const line = state.document.getText({ start: { line: end.line, character: 0 }, end });
  const m = /(?:^|\s)(as\s+a\s+copy\s+of)\s*$/.exec(line);
  if (!m) return undefined;
  const start = line.length - m[0].length + m[0].indexOf(m[1]);
  return { start: { line: end.line, character: start }, end: { line: end.line, character: start + m[1].length } };
}

function combatAssertionAt(state: DocumentState, pos: Position): { text: string; rules: string[]; range: Range } | undefined {
  const st = state.doc.statements[state.statementIndexAtOrBefore(pos.line)];
  // MTG `enter X transformed` (712.14a).
  if (st?.kind === 'enter' && st.transformed && containsInclusive(st.transformed, pos) && state.game === 'mtg') {
    return { text: t('`transformed`: the double-faced card enters the battlefield with its back face up. A card that is no double-faced card stays where it is.'), rules: ['712.14a'], range: st.transformed };
  }
  // MTG `cast X mutating onto T` (702.140a) and `resolve X on top | underneath` (702.140c).
  if (st?.kind === 'cast' && st.mutating && containsInclusive(st.mutating, pos) && state.game === 'mtg') {
    return { text: t('`mutating onto`: the creature card is cast for its mutate cost, as a mutating creature spell that targets a non-Human creature with the same owner as the spell (hexproof, shroud and protection count as for any target). As it resolves it merges with that creature (`resolve X on top` or `resolve X underneath`); if the target is illegal by then, it enters as a creature of its own.'), rules: ['702.140a', '702.140b'], range: st.mutating };
  }
  // MTG `cast X face down` (702.37c, 702.168b, 708.4).
  if (st?.kind === 'cast' && st.faceDown && containsInclusive(st.faceDown, pos) && state.game === 'mtg') {
    return { text: t('`face down`: a card with morph, megamorph or disguise is cast face down, turned face down before it goes on the stack. It is a 2/2 creature spell with no name, subtypes or text (with disguise, ward 2), and what allows or stops the cast sees only that: an Aura card so cast has no target. It resolves into a face-down creature, which its controller may turn face up by the special action of its morph or disguise.'), rules: ['702.37c', '702.168b', '708.4'], range: st.faceDown };
  }
  // MTG `turn X face up for its mana|morph|megamorph|disguise cost` (701.40b, 701.58b, 702.37e, 702.37b, 702.168d).
  if (st?.kind === 'turn-face' && st.cost && containsInclusive(st.cost.range, pos) && state.game === 'mtg') {
    const cost = st.cost.kind;
    return cost === 'mana'
      ? { text: t('{0}: its controller turns the manifested or cloaked permanent face up by a special action, showing that its card is a creature card and paying that card\'s mana cost. No other face-down permanent may be turned up so, and a megamorph card turned up this way gets no +1/+1 counter.', codeSpan('for its mana cost')), rules: ['701.40b', '701.58b', '116.2b'], range: st.cost.range }
      : cost === 'disguise'
        ? { text: t('{0}: its controller turns the face-down permanent face up by a special action, paying the disguise cost its card has; a card without disguise has none to pay.', codeSpan('for its disguise cost')), rules: ['702.168d', '116.2b'], range: st.cost.range }
        : { text: t('{0}: its controller turns the face-down permanent face up by a special action, paying the morph cost its card has (a megamorph cost is one); a card without morph or megamorph has none to pay. Turned up for a megamorph cost, it gets a +1/+1 counter as it turns.', codeSpan(`for its ${cost} cost`)), rules: cost === 'megamorph' ? ['702.37b', '702.37e', '116.2b'] : ['702.37e', '702.37b', '116.2b'], range: st.cost.range };
  }
  if (st?.kind === 'resolve' && st.mergeOn && containsInclusive(st.mergeOn.range, pos) && state.game === 'mtg') {
    return { text: t('{0}: the mutating spell merges with its target, put on top of it or underneath, as its controller chooses. The target stays the same permanent: what is attached to it stays, and so do its counters and timestamp. The permanent has the characteristics of its top card and the abilities of every card, and the state-based actions judge what is attached by them.', codeSpan(st.mergeOn.text)), rules: ['702.140c', '702.140e', '730.2c'], range: st.mergeOn.range };
  }
  const a = st?.kind === 'expect' ? st.assertion : undefined;
  // MTG `expect X power N` (208.1, 613.4): the one reader of a power.
  if (a?.kind === 'power' && containsInclusive(a.range, pos) && !containsInclusive(a.subject.range, pos) && state.game === 'mtg') {
    return { text: t('{0}: the creature\'s power now: its printed power (`power N`), then layer 7c in timestamp order: what its attachments add while they count (with their hone counters), its +1/+1 and -1/-1 counters, and the static effects on every creature its words describe. Damage changes no power. A creature whose power the scenario doesn\'t state fails this with a note to state it.', codeSpan('power')), rules: ['208.1', '613.4', '613.4c', '122.1a'], range: { start: a.subject.range.end, end: a.range.end } };
  }
  // MTG `expect X merged with Y`, `expect X not merged` (702.140c, 730.2).
  if (a?.kind === 'merged' && containsInclusive(a.range, pos) && !containsInclusive(a.subject.range, pos) && !(a.other && containsInclusive(a.other.range, pos)) && state.game === 'mtg') {
    return { text: t('{0}: whether the cards are parts of one merged permanent now. A merged permanent that leaves the battlefield leaves as one, and each of its cards goes on its own, as a new object, no longer merged.', codeSpan(a.other ? (a.negated ? 'not merged with' : 'merged with') : 'not merged')), rules: ['730.2', '730.3'], range: { start: a.subject.range.end, end: a.other ? a.other.range.start : a.range.end } };
  }
  // `enter X as a copy of Y` (MTG 707.5, 303.4f; Riftbound 477.1.b): the words before Y.
  if (st?.kind === 'enter' && st.original) {
    const words = copyWordsBefore(state, st.original.range.start);
    if (words && containsInclusive(words, pos)) {
      return state.game === 'mtg'
        ? { text: t('`as a copy of`: the card enters the battlefield already a copy of that object, with its copiable values and nothing else of it (not what it is attached to). A copy of an Aura is an Aura entering without being cast: its controller chooses what it enchants, with no targeting, and with nothing it could enchant it stays where it was.'), rules: ['707.5', '707.2', '303.4f', '303.4g'], range: words }
        : { text: t('`as a copy of`: the card is played as a copy of that card, with its copyable traits.'), rules: ['477.1.b', '477.1.b.1.b'], range: words };
    }
  }
  // `expect X a copy of Y`, `expect X not a copy [of Y]` (MTG 707.2; Riftbound 477.1.b.1).
  if (a?.kind === 'copy' && containsInclusive(a.range, pos) && !containsInclusive(a.subject.range, pos) && !(a.original && containsInclusive(a.original.range, pos))) {
    const range = { start: a.subject.range.end, end: a.original ? a.original.range.start : a.range.end };
    return { text: t('{0}: whether the permanent is a copy of that object now (or, with `not a copy`, of anything). A copy ends as the card leaves the battlefield (Riftbound: the board).', codeSpan(a.negated ? (a.original ? 'not a copy of' : 'not a copy') : 'a copy of')), rules: state.game === 'mtg' ? ['707.2', '400.7'] : ['477.1.b.1', '124'], range };
  }
  // MTG `expect X transformed`, `expect X not transformed` (701.27g).
  if (a?.kind === 'transformed' && containsInclusive(a.range, pos) && !containsInclusive(a.subject.range, pos) && state.game === 'mtg') {
    return { text: t('{0}: whether the double-faced permanent has its back face up now. One with its front face up is not transformed, whatever it was before; off the battlefield a double-faced card is its front face.', codeSpan(a.negated ? 'not transformed' : 'transformed')), rules: ['701.27g', '712.8a'], range: { start: a.subject.range.end, end: a.range.end } };
  }
  // MTG `expect X phased out`, `expect X phased in` (110.5, 702.26).
  if (a?.kind === 'phased' && containsInclusive(a.range, pos) && !containsInclusive(a.subject.range, pos) && state.game === 'mtg') {
    return { text: t('{0}: whether the permanent is phased out now, as if it weren\'t there. What is attached to a permanent that phases out phases out with it and comes back with it, still attached; off the battlefield a card has no status.', codeSpan(a.out ? 'phased out' : 'phased in')), rules: ['110.5', '702.26b', '702.26g', '110.5d'], range: { start: a.subject.range.end, end: a.range.end } };
  }
  // MTG `expect X chosen color C`, `expect X no chosen color` (607.2d, 614.12).
  if (a?.kind === 'chosen-color' && containsInclusive(a.range, pos) && !containsInclusive(a.subject.range, pos) && state.game === 'mtg') {
    return { text: t('{0}: the color the card chose as it last became attached (Sanctuary Blade) or as it entered the battlefield (Benevolent Blessing), which its grant reads as `the chosen color`. A card that chooses none, one that has not yet become attached or entered, and a new object (a card that changed zones, or a copy) have no chosen color.', codeSpan(a.color ? `chosen color ${a.color.text}` : 'no chosen color')), rules: ['607.2d', '614.12', '400.7'], range: { start: a.subject.range.end, end: a.range.end } };
  }
  if (a?.kind !== 'combat' || !containsInclusive(a.range, pos) || containsInclusive(a.subject.range, pos)) return undefined;
  // The words after the subject: `attacking`, or `not attacking`.
  const doc = state.document;
  const after = doc.getText({ start: a.subject.range.end, end: a.range.end });
  const range = { start: doc.positionAt(doc.offsetAt(a.subject.range.end) + after.length - after.trimStart().length), end: a.range.end };
  const words = codeSpan(a.negated ? `not ${a.role}` : a.role);
  if (state.game === 'mtg' && a.role !== 'defending') {
    const text =
      a.role === 'attacking'
        ? t('{0}: whether the creature is attacking now, in the combat going on. A creature stops attacking for good when it leaves the battlefield, changes controller, phases out, regenerates or stops being a creature; and every creature does as the combat ends (a `turn` line that moves on from the combat step).', words)
        : t('{0}: whether the creature is blocking now, in the combat going on. A creature stops blocking for good when it leaves the battlefield, changes controller, phases out, regenerates or stops being a creature; and every creature does as the combat ends (a `turn` line that moves on from the combat step).', words);
    return { text, rules: [a.role === 'attacking' ? '508.1a' : '509.1a', '506.4', '511.3'], range };
  }
  if (state.game === 'riftbound' && a.role !== 'blocking') {
    const text =
      a.role === 'attacking'
        ? t('{0}: whether the unit has the Attacker designation now. The units of the Attacker at the battlefield get it as the combat opens there, and one that arrives later in the next cleanup; one that leaves loses it in the next cleanup, and every unit loses it when the combat ends. While it is an Attacker, its Assault adds to its Might.', words)
        : t('{0}: whether the unit has the Defender designation now. The units of the Defender at the battlefield get it as the combat opens there, and one that arrives later in the next cleanup; one that leaves loses it in the next cleanup, and every unit loses it when the combat ends. While it is a Defender, its Shield adds to its Might.', words);
    return { text, rules: ['464.2.c', '323.2', a.role === 'attacking' ? '807.1.c' : '814.1.c', '466.7.a'], range };
  }
  return undefined;
}

/**
 * `until end of turn`, `this turn` or the words of `for as long as ...` (not its names) under the
 * cursor: in a `control` event (`control`: true), or in an event that changes characteristics or
 * abilities (`becomes`, `gains`, `loses`); a `together:` part too.
 */
function durationAt(state: DocumentState, pos: Position): { kind: 'turn' | 'held'; text: string; range: Range; control: boolean; player?: string } | undefined {
  const st = state.doc.statements[state.statementIndexAtOrBefore(pos.line)];
  if (!st || !containsInclusive(st.range, pos) || !isEvent(st)) return undefined;
  for (const ev of st.kind === 'together' ? st.parts : [st]) {
    if (ev.kind === 'types' || ev.kind === 'protection' || ev.kind === 'abilities' || ev.kind === 'keyword-ability' || ev.kind === 'keyword') {
      if (ev.duration && containsInclusive(ev.duration.range, pos)) return { kind: 'turn', text: ev.duration.text, range: ev.duration.range, control: false, player: ev.duration.player?.text };
      continue;
    }
    if (ev.kind !== 'control') continue;
    const c = ev.duration;
    if (c?.kind === 'turn' && containsInclusive(c.range, pos)) return { kind: 'turn', text: c.text, range: c.range, control: true };
    if (c && c.kind !== 'turn' && containsInclusive(c.range, pos) && !(c.kind === 'all' ? c.parts : [c]).some((x) => containsInclusive(x.card.range, pos) || (x.kind === 'controls' && containsInclusive(x.player.range, pos)))) return { kind: 'held', text: 'for as long as', range: c.range, control: true };
  }
  return undefined;
}


/**
 * MTG `choosing C` on an attach, an equip or its resolution (Sanctuary Blade) under the cursor: the color chosen as the card
 * becomes attached (607.2d), a new one at each attach; none on an attach that does nothing (701.3b).
 */
function chosenColorAt(state: DocumentState, pos: Position): { text: string; rules: string[]; range: Range } | undefined {
  if (state.game !== 'mtg') return undefined;
  const st = state.doc.statements[state.statementIndexAtOrBefore(pos.line)];
  if (!st || (st.kind !== 'attach' && st.kind !== 'resolve' && st.kind !== 'enter') || !st.color || !containsInclusive(st.range, pos)) return undefined;
  const word = wordBetween(state, st.subject.range.end, st.range.end, 'choosing');
  const range = word ? { start: word.start, end: st.color.range.end } : st.color.range;
  if (!containsInclusive(range, pos)) return undefined;
  // `resolve X choosing C` (no ability), `enter X ... choosing C`: chosen as the card enters (Benevolent Blessing).
  if (st.kind === 'enter' || (st.kind === 'resolve' && !st.ability)) {
    return { text: t("{0}: the color {1} chooses as it enters the battlefield, which its grant's `the chosen color` then reads (its protection from that color, with what that protection does to the Auras and Equipment on the creature it enchants). It keeps the color while it stays on the battlefield; moved by an effect, it chooses none.", `\`choosing ${st.color.text}\``, st.subject.text), rules: ['614.12', '607.2d', '400.7', '702.16'], range };
  }
  return { text: t("{0}: the color {1} chooses as it becomes attached, which its grant's `the chosen color` then reads (its protection from that color, with what that protection does to the Auras and Equipment on its new host). A new color is chosen each time it becomes attached; an attach that does nothing (it is already attached there) chooses none, and the color stays.", `\`choosing ${st.color.text}\``, st.subject.text), rules: ['614.12', '607.2d', '701.3b', '702.16'], range };
}

/**
 * Riftbound `attach X to U targeting [with S] [by P] [paying deflect]` under the cursor: `targeting`, an effect that
 * chooses both (434.3, 355.8, 355.9.a/b), and `paying deflect`, its Deflect cost paid (809.1.c, 809.1.d), which a
 * named ability's `activate` line may end with too.
 */
function attachChoosingAt(state: DocumentState, pos: Position): { text: string; rules: string[]; range: Range } | undefined {
  if (state.game !== 'riftbound') return undefined;
  const st = state.doc.statements[state.statementIndexAtOrBefore(pos.line)];
  if (!st || (st.kind !== 'attach' && st.kind !== 'activate') || !containsInclusive(st.range, pos)) return undefined;
  if (st.payingDeflect && containsInclusive(st.payingDeflect, pos)) {
    return { text: t("{0}: the effect's controller paid the Power that Deflect adds: each chosen target with Deflect that another player controls costs its Deflect value more, each time it is chosen. The cost is mandatory: without this, such an effect is not played at all. Where no Deflect applies, there is nothing to pay and the words are an error.", '`paying deflect`'), rules: ['809.1.c', '809.1.d', '809.2'], range: st.payingDeflect };
  }
  if (st.kind !== 'attach' || !st.targeting) return undefined;
  const word = wordBetween(state, st.host.range.end, st.range.end, 'targeting');
  if (!word || !containsInclusive(word, pos)) return undefined;
  return { text: t("{0}: the attach is an effect (a spell, or a unit's or gear's ability, of the card after `with`) that chooses both cards as it is played. Each must be a legal choice then: the card on the board, the unit a unit on the board, and both what the source's own words describe (`attach target ... to target ...`), with \"you\" its controller (after `by`, else the source's). Otherwise it is not played; then Deflect's cost, then the attach as any other.", '`targeting`'), rules: ['434.3', '355.8', '355.9.a', '355.9.b'], range: word };
}

/**
 * In a line that resolves a trigger waiting on the stack (the chain), under the cursor: MTG `living weapon` (`for mirrodin`,
 * `job select`) and its `creating` (702.92a, 702.163a, 702.182a, 603.3), Riftbound `Weaponmaster` and its `choosing` (821.1.c). The other game's trigger is an error, which the finding explains.
 */
function waitingTriggerAt(state: DocumentState, pos: Position): { text: string; rules: string[]; range: Range } | undefined {
  const st = state.doc.statements[state.statementIndexAtOrBefore(pos.line)];
  if (!st || st.kind !== 'resolve' || !st.ability || !containsInclusive(st.range, pos)) return undefined;
  // MTG `resolve X trigger` (603.6c): a card's `when put into a graveyard from the battlefield` ability.
  if (st.ability.text === 'trigger') return state.game === 'mtg' && containsInclusive(st.ability.range, pos) ? { text: graveyardTriggerResolveText(), rules: ['603.6c', '603.10a', '400.7e', '400.7'], range: st.ability.range } : undefined;
  const token = makesToken(st.ability.text);
  const quickDraw = st.ability.text === 'Quick-Draw';
  if (token ? state.game !== 'mtg' : (st.ability.text !== 'Weaponmaster' && !quickDraw) || state.game !== 'riftbound') return undefined;
  const rule = st.ability.text === 'for mirrodin' ? '702.163a' : st.ability.text === 'job select' ? '702.182a' : '702.92a';
  if (containsInclusive(st.ability.range, pos)) {
    if (st.ability.text === 'for mirrodin') return { text: forMirrodinResolveText(), rules: ['702.163a', '603.3'], range: st.ability.range };
    if (st.ability.text === 'job select') return { text: jobSelectResolveText(), rules: ['702.182a', '603.3'], range: st.ability.range };
    if (quickDraw) return { text: quickDrawResolveText(), rules: ['819.1.d', '124', '340.1'], range: st.ability.range };
    return token
      ? { text: livingWeaponResolveText(), rules: ['702.92a', '603.3', '704.5f'], range: st.ability.range }
      : { text: weaponmasterResolveText(), rules: ['821.1.c', '821.1.c.4', '821.1.c.5', '821.1.c.6'], range: st.ability.range };
  }
  const name = token ? st.creating : st.choosing;
  const word = name && wordBetween(state, st.ability.range.end, name.range.start, token ? 'creating' : 'choosing');
  if (!word || !containsInclusive(word, pos)) return undefined;
  if (quickDraw) return { text: t("{0}: the unit Quick-Draw attaches the gear to, chosen as the trigger resolves: a unit on the board that the trigger's controller controls then. Another player's unit, a card that is no unit or one that left the board can't be chosen. Leave `choosing` out only when that player controls no unit: then nothing is attached.", '`choosing`'), rules: ['819.1.d'], range: word };
  const example = st.ability.text === 'for mirrodin'
    ? 'card rebel "Rebel": creature — Rebel, token, owner alice, color red, toughness 2, in exile'
    : st.ability.text === 'job select'
      ? 'card hero "Hero": creature — Hero, token, owner alice, toughness 1, in exile'
      : 'card germ "Phyrexian Germ": creature — Phyrexian Germ, token, owner alice, color black, toughness 0, in exile';
  return token
    ? { text: t('{0}: the creature token that {1} creates. It is declared before, off the battlefield, as it is not created yet ({2}). As the trigger resolves, the token enters the battlefield under the control of the trigger\'s controller, and the Equipment becomes attached to it.', '`creating`', codeSpan(st.ability.text), codeSpan(example)), rules: [rule, '111.1'], range: word }
    : { text: t('{0}: the card Weaponmaster chooses, one with the Equipment tag that the trigger\'s controller controls on the board. As the trigger resolves it becomes attached to the unit, unless it has no Equip cost or can\'t be attached there: then it stays where it is. Leave `choosing` out when nothing is chosen.', '`choosing`'), rules: ['821.1.c', '821.1.c.4', '821.1.c.5'], range: word };
}

/** The range of `word` written between `from` and `to` (a statement may run over several lines), if it is there. */
function wordBetween(state: DocumentState, from: Position, to: Position, word: string): Range | undefined {
  const doc = state.document;
  const start = doc.offsetAt(from);
  const i = doc.getText({ start: from, end: to }).search(new RegExp(`(?<![\\w-])${word}(?![\\w-])`));
  return i < 0 ? undefined : { start: doc.positionAt(start + i), end: doc.positionAt(start + i + word.length) };
}

/** `resolve X living weapon ...`: what resolving the trigger does (MTG 702.92a). */
const livingWeaponResolveText = () =>
  t("{0}: resolves the living weapon trigger of this Equipment, put on the stack as it entered the battlefield; only the top object of the stack resolves. The token named after `creating` is created under the control of the trigger's controller, then the Equipment becomes attached to it: an effect, not the equip ability, so it targets nothing and has no timing. If the Equipment left the battlefield meanwhile, or can't be attached to the token, the token is still created and nothing is attached to it (a 0/0 Germ then dies to the state-based actions).", '`living weapon`');

/** `resolve X trigger`: what resolving a `when put into a graveyard from the battlefield` ability does (MTG 603.6c). */
const graveyardTriggerResolveText = () =>
  t("{0}: resolves this card's `when put into a graveyard from the battlefield` ability, put on the stack as the card went from the battlefield to a graveyard; only the top object of the stack resolves. `return it to its owner's hand` finds the card in that graveyard and returns it, unless it has left the graveyard since (a new object). `exile equipped creature` exiles the creature the card was attached to as it left, unless that creature has left the battlefield too, at the same time or since (a new object).", '`trigger`');

/** `resolve X for mirrodin ...`: what resolving the trigger does (MTG 702.163a). */
const forMirrodinResolveText = () =>
  t("{0}: resolves the For Mirrodin! trigger of this Equipment, put on the stack as it entered the battlefield; only the top object of the stack resolves. The token named after `creating` (a 2/2 red Rebel) is created under the control of the trigger's controller, then the Equipment becomes attached to it: an effect, not the equip ability, so it targets nothing and has no timing. If the Equipment left the battlefield meanwhile, or can't be attached to the token, the token is still created and nothing is attached to it.", '`for mirrodin`');

/** `resolve X job select ...`: what resolving the trigger does (MTG 702.182a). */
const jobSelectResolveText = () =>
  t("{0}: resolves the Job select trigger of this Equipment, put on the stack as it entered the battlefield; only the top object of the stack resolves. The token named after `creating` (a 1/1 colorless Hero) is created under the control of the trigger's controller, then the Equipment becomes attached to it: an effect, not the equip ability, so it targets nothing and has no timing. If the Equipment left the battlefield meanwhile, or can't be attached to the token, the token is still created and nothing is attached to it.", '`job select`');

/** `resolve X Weaponmaster ...`: what resolving the trigger does (Riftbound 821.1.c). */
const weaponmasterResolveText = () =>
  t("{0}: resolves the Weaponmaster trigger of this unit, put on the chain as it was played; only the newest item on the chain resolves. With `choosing G`, the Equipment G becomes attached to the unit, from wherever it was attached, by paying its Equip cost without activating Equip (no target, no Equip timing); without `choosing`, nothing is chosen. G stays where it is when it has no Equip cost, or can't be attached to the unit (the unit left the board, for one).", '`Weaponmaster`');

/** `resolve G Quick-Draw ...`: what resolving the trigger does (Riftbound 819.1.d). */
const quickDrawResolveText = () =>
  t("{0}: resolves the Quick-Draw trigger of this gear, put on the chain as it was played without `attached to`; only the newest item on the chain resolves. The gear becomes attached to the unit named after `choosing`, one its controller controls on the board as the trigger resolves. If the gear left the board meanwhile, it is a new object and nothing is attached. (`enter G attached to U` is the play and this resolution in one line.)", '`Quick-Draw`');

/** A keyword ability, or a grant (`quoted`: one in quotes, that an Aura gives an Equipment), under the cursor. */
type AbilityHover = { kind: 'keyword'; name: string; value?: number; range: Range } | { kind: 'grant'; grant: GrantNode; quoted: boolean; range: Range };

/** A keyword as written, with its value (Riftbound `Assault 2`): the range of both. */
function keywordHover(name: Word, value: KeywordValue | undefined): AbilityHover {
  return value ? { kind: 'keyword', name: name.text, value: value.value, range: { start: name.range.start, end: value.range.end } } : { kind: 'keyword', name: name.text, range: name.range };
}

/** The keyword ability or grant under the cursor: in a card's properties, a `gains`/`loses` event (a `together:` part too), an `expect X has`. */
function abilityAt(state: DocumentState, pos: Position): AbilityHover | undefined {
  const st = state.doc.statements[state.statementIndexAtOrBefore(pos.line)];
  if (!st || !containsInclusive(st.range, pos)) return undefined;
  if (st.kind === 'card') {
    for (const p of st.props) {
      if (p.kind === 'keyword-ability' && (containsInclusive(p.name.range, pos) || (p.value && containsInclusive(p.value.range, pos)))) return keywordHover(p.name, p.value);
      if (p.kind === 'grant') {
        const h = inGrant(p.grant, pos);
        if (h) return h;
      }
    }
    return undefined;
  }
  if (!isEvent(st)) return undefined;
  for (const ev of st.kind === 'together' ? st.parts : [st]) {
    if (ev.kind === 'keyword-ability' && (containsInclusive(ev.name.range, pos) || (ev.value && containsInclusive(ev.value.range, pos)))) return keywordHover(ev.name, ev.value);
    if (ev.kind === 'expect' && ev.assertion?.kind === 'has-ability') return inAbility(ev.assertion.ability, pos);
  }
  return undefined;
}

/** MTG's restriction on combat in a Riftbound scenario (`can't attack`, its own or granted): a syntax error, which the finding explains. */
function foreignRestriction(state: DocumentState, h: AbilityHover): boolean {
  if (state.game === 'mtg') return false;
  const names = h.kind === 'keyword' ? [h.name] : h.grant.abilities.map((a) => (a.kind === 'keyword' ? a.name.text : ''));
  return names.some((n) => MTG_COMBAT_RESTRICTIONS.includes(n));
}

/** In a grant: a keyword it names, else the grant itself (the range of its quotes, for a grant in quotes). */
function inGrant(g: GrantNode, pos: Position, quotes?: Range): AbilityHover | undefined {
  for (const a of g.abilities) {
    const h = inAbility(a, pos);
    if (h) return h;
  }
  const range = quotes ?? g.range;
  return containsInclusive(range, pos) ? { kind: 'grant', grant: g, quoted: quotes !== undefined, range } : undefined;
}

function inAbility(a: AbilityNode, pos: Position): AbilityHover | undefined {
  if (!containsInclusive(a.range, pos)) return undefined;
  if (a.kind === 'keyword') return keywordHover(a.name, a.value);
  if (a.kind === 'grant') return inGrant(a.grant, pos, a.range);
  return undefined;
}

/** What the checker makes of a keyword ability or a grant, with the rule that orders grants (MTG 613.1f, 613.7a; Riftbound 718.3). */
function abilitySection(state: DocumentState, h: AbilityHover, ctx: HoverContext): string {
  if (h.kind === 'keyword') {
    // Two keywords decide what `destroy` does (702.12b, 702.89a); the others are kept for assertions only.
    if (state.game === 'mtg' && (h.name === 'indestructible' || h.name === 'umbra armor')) {
      const what = h.name === 'indestructible' ? t('{0}: a keyword ability. `destroy` of a permanent that has it does nothing (sacrifice and exile still work).', `**${md(h.name)}**`) : t('{0}: a keyword ability of Auras. `destroy` of the permanent the Aura enchants destroys the Aura instead.', `**${md(h.name)}**`);
      return `${what}\n\n${ruleRefSection(state, h.name === 'indestructible' ? '702.12b' : '702.89a', ctx)}`;
    }
    // Mutate (702.140a): how the card may be cast, and what resolving it does.
    if (state.game === 'mtg' && h.name === 'mutate') {
      const what = t('{0}: a keyword ability of creature cards. The card may be cast for its mutate cost (`cast X mutating onto T`), targeting a non-Human creature with the same owner; resolving, it merges with that creature, on top or underneath (`resolve X on top`, `resolve X underneath`).', `**${md(h.name)}**`);
      return `${what}\n\n${['702.140a', '702.140c'].map((n) => ruleRefSection(state, citeAs(state.game, state.rulesVersion, n), ctx)).join('\n\n')}`;
    }
    // Triggered abilities that wait on the stack (the chain) for a `resolve` line (702.92a; Riftbound 821.1.c).
    // Quick-Draw (Riftbound 819): Reaction, and a trigger as the gear is played.
    if (state.game === 'riftbound' && h.name === 'Quick-Draw') {
      const what = t("{0}: a keyword of gear with Equip. The gear has Reaction, so it may be played while a chain exists, and a triggered ability: as it is played, it is attached to a unit its player controls. `enter G attached to U` writes the play and the attach in one line; `enter G` puts the trigger on the chain, where it waits until `resolve G Quick-Draw choosing U`. A gear with it twice triggers once.", `**${md(h.name)}**`);
      return `${what}\n\n${['819.1.d', '819.1.b', '819.1.c', '819.2'].map((n) => ruleRefSection(state, citeAs(state.game, state.rulesVersion, n), ctx)).join('\n\n')}`;
    }
    if ((state.game === 'mtg' && makesToken(h.name)) || (state.game === 'riftbound' && h.name === 'Weaponmaster')) {
      const living = makesToken(h.name);
      const what = h.name === 'for mirrodin'
        ? t("{0}: a keyword ability of Equipment, a triggered ability. As the Equipment enters the battlefield, its trigger goes on the stack under the Equipment's controller and waits there; `resolve X for mirrodin creating T` resolves it: the creature token T (a 2/2 red Rebel, declared off the battlefield) is created under that player's control, then the Equipment is attached to it.", `**${md(h.name)}**`)
        : h.name === 'job select'
        ? t("{0}: a keyword ability of Equipment, a triggered ability. As the Equipment enters the battlefield, its trigger goes on the stack under the Equipment's controller and waits there; `resolve X job select creating T` resolves it: the creature token T (a 1/1 colorless Hero, declared off the battlefield) is created under that player's control, then the Equipment is attached to it.", `**${md(h.name)}**`)
        : living
        ? t("{0}: a keyword ability of Equipment, a triggered ability. As the Equipment enters the battlefield, its trigger goes on the stack under the Equipment's controller and waits there; `resolve X living weapon creating T` resolves it: the creature token T (a 0/0 black Phyrexian Germ, declared off the battlefield) is created under that player's control, then the Equipment is attached to it.", `**${md(h.name)}**`)
        : t("{0}: a keyword of units, a triggered ability. As the unit is played (`enter X`), its trigger goes on the chain and waits there; `resolve X Weaponmaster choosing G` resolves it and attaches G, an Equipment its controller controls, to the unit, paying G's Equip cost without activating Equip; `resolve X Weaponmaster` chooses nothing.", `**${md(h.name)}**`);
      const rules = h.name === 'for mirrodin' ? ['702.163a', '603.3'] : h.name === 'job select' ? ['702.182a', '603.3'] : living ? ['702.92a', '603.3'] : ['821.1.c', '821.1.c.6'];
      return `${what}\n\n${rules.map((n) => ruleRefSection(state, citeAs(state.game, state.rulesVersion, n), ctx)).join('\n\n')}`;
    }
    // A restriction on combat (Pacifism's, Gravecrawler's own): held as an ability, read by `attack` and `block` (508.1c, 509.1b).
    if (state.game === 'mtg' && MTG_COMBAT_RESTRICTIONS.includes(h.name)) {
      const name = codeSpan(h.name);
      const what =
        h.name === "can't attack"
          ? t('{0}: a restriction on combat. The creature that has it (its own, or granted by an attachment while that is attached) can\'t be declared an attacker. A restriction that comes after the declaration doesn\'t remove it from combat.', name)
          : h.name === "can't block"
            ? t('{0}: a restriction on combat. The creature that has it (its own, or granted by an attachment while that is attached) can\'t be declared a blocker. A restriction that comes after the declaration doesn\'t remove it from combat.', name)
            : h.name === "can't be blocked"
              ? t('{0}: a restriction on combat. No creature can be declared a blocker of the attacking creature that has it (its own, or stated by an attachment while that is attached). Stated by an attachment, it is a quality of the creature, not an ability it has (113.12).', name)
            : t('{0}: a restriction on combat. The creature that has it (its own, or granted by an attachment while that is attached) can be declared neither an attacker nor a blocker. A restriction that comes after the declaration doesn\'t remove it from combat.', name);
      const rules = h.name === "can't attack" ? ['508.1c', '506.4a'] : h.name === "can't block" ? ['509.1b', '506.4a'] : h.name === "can't be blocked" ? ['509.1b', '113.12'] : ['508.1c', '509.1b', '506.4a'];
      return `${what}\n\n${rules.map((n) => ruleRefSection(state, citeAs(state.game, state.rulesVersion, n), ctx)).join('\n\n')}`;
    }
    // Riftbound's Assault and Shield: a value, summed over every source, added to an Attacker's or a Defender's Might (807, 814).
    if (state.game === 'riftbound' && (h.name === 'Assault' || h.name === 'Shield')) {
      const name = `**${md(h.value === undefined ? h.name : `${h.name} ${h.value}`)}**`;
      const value = String(h.value ?? 1);
      const what =
        h.name === 'Assault'
          ? t('{0}: while the unit is an Attacker, its Might goes up by the Assault value: {1} here (written without a number, the keyword is worth 1). A unit that gets Assault from more than one source (its own, a gear\'s grant, an event) has a single Assault worth the sum of them all; `expect X has Assault N` checks that sum.', name, value)
          : t('{0}: while the unit is a Defender, its Might goes up by the Shield value: {1} here (written without a number, the keyword is worth 1). A unit that gets Shield from more than one source (its own, a gear\'s grant, an event) has a single Shield worth the sum of them all; `expect X has Shield N` checks that sum.', name, value);
      const rules = h.name === 'Assault' ? ['807.1.b', '807.2', '807.1.c'] : ['814.1.b', '814.2', '814.1.c'];
      return `${what}\n\n${rules.map((n) => ruleRefSection(state, citeAs(state.game, state.rulesVersion, n), ctx)).join('\n\n')}`;
    }
    // Riftbound's Temporary: a trigger that kills its permanent as its controller's Beginning Phase starts (816.1.b), inactive on an attached card (718.2, 721.2).
    if (state.game === 'riftbound' && h.name === 'Temporary') {
      const what = t("{0}: a triggered ability of permanents. As the Beginning Phase of the permanent's controller starts (a `turn P beginning` line, or a line that begins P's turn in a later phase), the permanent is killed: write `kill X` after that `turn` line. An attached card's Temporary is printed text, inactive while it is attached: it doesn't trigger, though the card still has the keyword. A permanent with it twice triggers once.", `**${md(h.name)}**`);
      return `${what}\n\n${['816.1.b', '816.1.c', '816.2.a', '721.2'].map((n) => ruleRefSection(state, citeAs(state.game, state.rulesVersion, n), ctx)).join('\n\n')}`;
    }
    // Riftbound's Deflect: the Power another player's effect that chooses the permanent costs more, a cost that must be paid (809).
    if (state.game === 'riftbound' && h.name === 'Deflect') {
      const name = `**${md(h.value === undefined ? h.name : `${h.name} ${h.value}`)}**`;
      const what = t("{0}: a spell or ability that another player controls costs {1} Power more each time it chooses this permanent (written without a number, the keyword is worth 1; from several sources, the values add up). The cost can't be skipped: unpaid, the effect is not played at all. On an attach effect that chooses, `paying deflect` records that it was paid.", name, String(h.value ?? 1));
      return `${what}\n\n${['809.1.b', '809.1.c', '809.1.d', '809.2'].map((n) => ruleRefSection(state, citeAs(state.game, state.rulesVersion, n), ctx)).join('\n\n')}`;
    }
    return t('{0}: a keyword ability. The checker keeps it with the card (its own, granted by an attachment, gained or lost by an event) for `expect X has {1}`; it checks no rule about what the ability does.', `**${md(h.name)}**`, h.name);
  }
  // `enchanted creature can't attack or block` (Pacifism): the restriction it grants, as on its words.
  const only = h.grant.abilities.length === 1 ? h.grant.abilities[0] : undefined;
  if (only?.kind === 'keyword' && MTG_COMBAT_RESTRICTIONS.includes(only.name.text)) return abilitySection(state, { kind: 'keyword', name: only.name.text, range: h.range }, ctx);
  const cant = h.grant.abilities.find((a) => a.kind === 'cant');
  if (cant && cant.kind === 'cant' && state.game === 'mtg') {
    // Not an ability of the permanent: a restriction on what may be attached to it (303.4, 701.3a).
    return `${t('{0}: while this card is attached, nothing of that kind may become attached to the object it is on (the card itself excepted, with `by other`); what is already attached falls off.', codeSpan(state.document.getText(cant.range)))}\n\n${ruleRefSection(state, cant.what === 'enchanted' ? '303.4' : '701.3a', ctx)}`;
  }
  if (h.grant.abilities.some((a) => a.kind === 'control') && state.game === 'mtg') {
    // Control Magic: a control-changing effect (layer 2), not an ability of the permanent.
    return `${t("{0}: while this card is attached, its controller controls the object it is attached to. Control-changing effects apply in timestamp order, an attachment's being when it last became attached; when this one ends, the one before it decides again, else the object goes back to the player under whose control it entered the battlefield.", codeSpan(`you control ${h.grant.who.text}`))}\n\n${ruleRefSection(state, '613.1b', ctx)}`;
  }
  const types = h.grant.abilities.find((a) => a.kind === 'types');
  if (types && types.kind === 'types' && state.game === 'mtg') {
    // Song of the Dryads, Ensoul Artifact, Luxior: a type-changing effect (layer 4), not an ability of the permanent.
    const keeps = types.inAddition !== undefined;
    const what = keeps
      ? t('{0}: while this card is attached (on the battlefield, with its abilities), the object it is attached to has these types as well as its own. What it is then decides what may stay attached to it, and what it may stay attached to; when this card goes, its types are what they would have been without it.', codeSpan(state.document.getText(h.grant.range)))
      : t('{0}: while this card is attached (on the battlefield, with its abilities), the object it is attached to is what it says: the card types named replace its old ones, the subtypes named replace those of the same kind, and a subtype whose card type is gone goes too. What it is then decides what may stay attached to it, and what it may stay attached to; when this card goes, its types are what they would have been without it.', codeSpan(state.document.getText(h.grant.range)));
    return `${what}\n\n${ruleRefSection(state, '613.1d', ctx)}\n\n${ruleRefSection(state, keeps ? '205.1b' : '205.1a', ctx)}`;
  }
  const head = codeSpan(`${h.grant.who.text} ${h.grant.verb}`);
  if (state.game === 'riftbound') return `${t("{0}: while this card is attached, its text is part of the text of the unit it is attached to, so the unit has these abilities.", head)}\n\n${ruleRefSection(state, '718.3', ctx)}`;
  if (h.quoted) return `${t('{0}: an ability this Aura gives the permanent it enchants, which that permanent then gives to what it is attached to (an Aura on an Equipment: the equipped creature). Its effect takes the later timestamp of the two attachments.', codeSpan(state.document.getText(h.range)))}\n\n${ruleRefSection(state, '613.7a', ctx)}`;
  return `${t("{0}: while this card is attached, the object it is attached to has these abilities, or loses them. Effects that give or take abilities apply in timestamp order, an attachment's being when it last became attached.", head)}\n\n${ruleRefSection(state, '613.1f', ctx)}`;
}

/** What the targeting keywords do, briefly (702.11, 702.18, 702.21); undefined when none is among them. */
function keywordNote(keywords: string[]): string | undefined {
  const notes = new Set<string>();
  for (const label of keywords) {
    // `hexproof (from splitter)`: given by an attachment (613.1f).
    const k = withoutSource(label);
    if (k === 'shroud') notes.add(t('no spell or ability can target it'));
    else if (k === 'hexproof') notes.add(t("its opponents' spells and abilities can't target it"));
    else if (k.startsWith('hexproof from ')) notes.add(t("its opponents' {0} spells, and their abilities from {0} sources, can't target it", k.slice(14)));
    else if (k.startsWith('ward')) notes.add(t("an opponent's spell or ability that targets it is countered unless its controller pays the ward cost"));
  }
  if (notes.size === 0) return undefined;
  return `${[...notes].join('; ')}; ${t('attaching without targeting is not affected')}`;
}

function isAttachmentType(c: CardView): boolean {
  return c.subtypes.some((s) => s === 'Aura' || s === 'Equipment' || s === 'Fortification');
}

function attachmentLabel(cards: CardView[], id: string): string {
  const a = cards.find((x) => x.id === id);
  return a ? `**${md(id)}** (t${a.timestamp})` : `**${md(id)}**`;
}

function zoneLabel(zone: string): string {
  if (zone.startsWith('battlefield:')) return t('battlefield {0}', zone.slice('battlefield:'.length));
  return zoneName(zone);
}

/** "Line 4", or "cards.board line 4" for a line of another file. */
function lineLabel(file: string | undefined, line: number): string {
  return file ? t('{0} line {1}', file, line + 1) : t('Line {0}', line + 1);
}

/** A card's part in the combat going on: MTG attacking (blocked or not) or blocking an attacker (508.1, 509.1); Riftbound an Attacker or a Defender (464.2.c). */
function combatLabel(game: Game, part: NonNullable<CardView['combat']>): string {
  if (game === 'riftbound') return part.role === 'defending' ? t('A Defender in the combat going on') : t('An Attacker in the combat going on');
  if (part.role === 'blocking') return part.blocks !== undefined ? t('Blocking {0}', `**${md(part.blocks)}**`) : t('Blocking');
  return part.blocked ? t('Attacking (blocked)') : t('Attacking');
}

/** What an effect removed: all its abilities, or the ones named. */
function lostLabel(lost: string[]): string {
  if (lost.includes('all')) return t('Lost all its abilities (an effect removed them)');
  if (lost.length === 1) return t('Lost its {0} ability (an effect removed it)', lost[0]);
  return t('Lost its {0} abilities (an effect removed them)', lost.join(t(' and ')));
}

/** What becomes of an effect until a player's next turn when that player leaves the game (MTG 800.4m). */
function leftGame(): string {
  return t('If that player has left the game, it ends as their turn would have begun: on the `turn` line of the first new turn that comes round past their place in the turn order, the order the players are declared in.');
}
