// Riftbound spells and abilities that attach, waiting on the chain (328, 359.3, 377.3): `cast S targeting X to U`
// plays the spell S with its two targets (354, 355.8; the choice itself is targeting.ts's, 434.3), `activate S attach
// targeting X to U` uses S's ability that attaches; what is written next happens in response, while the chain exists
// (a Closed State: only Reaction may be played, 309.1.a); `resolve S` / `resolve S attach` resolves it: each target is
// checked again (359.3.e.2; 359.3.e.4: a card that changed zones is a new object), and with one of
// them illegal the instruction is not carried out (359.3.e.6-e.8), the spell resolving all the same (359.3.e.1,
// 359.3.e.10). A spell, after it resolves, goes to its owner's trash (359.3.d, 157).
import type { EventNode } from '../../parser/ast';
import { type CardObj, isCard, type StackEntry } from '../../engine/board';
import type { Replay } from '../../engine/replay';
import type { RuleExplanation } from '../mtg/explanations';
import { type Host, isGear, onBoard } from './cards';
import { attachProblem, attachToTopMost } from './attach';
import { chooseTargets, targetNoLongerFits } from './targeting';
import { abilityTiming, playTiming } from './timing';
import { chainOnTop } from './chain';
import { moveTo } from './location';
import { msg, relatedAt, type Message } from '../../message';
import { inZone } from '../../engine/words';

/** The rules of this module, explained (assembled into the game's rules in explanations.ts). */
export const EXPLAINED: Record<string, RuleExplanation> = {
  '154': { title: 'Spell, a card type', text: 'Spell is one of the card types.' },
  '155': { title: 'When a spell may be played', text: 'Without a keyword that says otherwise, a spell is played only on the turn of the player who plays it, with no chain in existence and no showdown going on.' },
  '359.3': { title: 'A spell waits on the chain', text: 'Unlike a unit or a gear, a spell that has been played stays on the chain until it resolves.' },
  '156': { title: "A spell's controller", text: 'Whoever plays a spell controls it.' },
  '157': { title: 'A spell goes to the trash', text: "A spell does what its instructions say, and then the card is put into its owner's trash." },
  '328.1': { title: 'The chain holds played cards', text: 'Cards, tokens and abilities being played are put on the chain, a zone off the board, and wait there while they are played.',
    earlier: [{ before: '2026-07-16', text: 'A card being played is put on the chain, a zone off the board, and waits there while it is played.' }] },
  '335': { title: 'Priority when nothing is pending', text: 'When no task is outstanding, no item on the chain is pending and no showdown or combat is going on, the turn player gets priority if it is the Main Phase; in any other phase (and with no showdown going on) the game goes on to its next substep, step, phase or turn.',
    earlier: [{ before: '2026-07-16', text: 'When no task is outstanding and no item on the chain is pending, the turn player gets priority if it is the Main Phase; in any other phase the game goes on to its next substep, step, phase or turn.' }] },
  '354': { title: 'Playing starts on the chain', text: 'To play a card, its player first takes it from where it is and puts it on the chain, which closes the state.' },
  '359.3.c': { title: 'Reactions before a spell resolves', text: 'A spell stays on the chain once it is played, and the other players may answer it with Reactions before it resolves.' },
  '359.3.d': { title: 'A spell resolves, then goes to the trash', text: "When nobody answers any more, the spell's effect is carried out from its first line to its last, and the card goes to its owner's trash." },
  '359.3.e.1': { title: 'Resolving with illegal targets', text: 'A spell still resolves when some of its targets, or every one of them, have become illegal.' },
  '359.3.e.4': { title: 'Back from another zone, a new object', text: 'A target that moved into or out of a zone off the board and then came back to the zone it was in is not treated as the same object, so it is no longer a legal target.' },
  '359.3.e.6': { title: 'Instructions that cannot be followed', text: 'An instruction the game cannot carry out, because of an illegal target or for another reason, is skipped.' },
  '359.3.e.7': { title: 'Every target of an instruction gone', text: 'An instruction is not carried out if each of its targets has turned invalid or unavailable before the spell begins to resolve.',
    earlier: [{ before: '2026-07-16', text: 'An instruction is not carried out if each of its targets has turned invalid or unavailable before the spell is done being played.' }] },
  '359.3.e.8': { title: 'Some targets of an instruction gone', text: 'An instruction with more than one target, only some of which have turned invalid or unavailable before the spell begins to resolve, is still carried out, acting only on the targets that remain available and valid.',
    earlier: [{ before: '2026-07-16', text: 'An instruction with more than one target, only some of which have turned invalid or unavailable before the spell is done being played, is still carried out, acting only on the targets that remain available and valid.' }] },
  '359.3.e.10': { title: 'A spell that does nothing is still played', text: 'When each instruction of a spell needs a target and every one of those targets has gone, the spell changes nothing, but it still counts as a spell that was played.' },
  '380': { title: 'Activated abilities are used on the board', text: 'An activated ability is, as a rule, used while its game object is on the board.' },
};

/** `cast S targeting X to U [by P] [paying deflect]`: the spell S is played, and waits on the chain with its two targets. */
export function castAttachSpell(replay: Replay, ev: Extract<EventNode, { kind: 'cast' }>): void {
  // Ward is MTG's (702.21a); what a chosen permanent adds to a Riftbound spell's cost is Deflect's (809.1.c).
  if (ev.payingWard) {
    replay.report('syntax-error', ev.payingWard, msg`\`paying ward\` is MTG's; this scenario is \`game riftbound\`, where what a chosen permanent adds to the cost is Deflect's. Write \`paying deflect\`, or remove it.`, { rules: ['809.1.c'] });
    return;
  }
  const spell = replay.card(ev.subject);
  const att = replay.card(ev.target);
  const host = replay.lookup(ev.host);
  const by = ev.by ? replay.player(ev.by) : undefined;
  if (!spell || !att || !host || (ev.by && !by)) return;
  if (!spell.types.has('spell')) {
    const what = [...spell.types].join(' ') || msg`no card type`;
    const instead = onBoard(spell) ? msg`An ability of ${spell.id}'s that attaches is written \`activate ${spell.id} attach targeting ${att.id} to ${host.id}\`` : msg`A unit or gear is played with \`enter ${spell.id}\`, and an ability of it that attaches is written \`activate ${spell.id} attach targeting ${att.id} to ${host.id}\``;
    replay.report('impossible-event', ev.verbRange, msg`\`cast\` plays a spell, and ${spell.id} is not one (it is ${what}). Nothing is played. ${instead}, or remove the line.`, { rules: ['154'], subjects: [spell.id] });
    return;
  }
  if (spell.zone === 'chain' || onBoard(spell)) {
    replay.report('impossible-event', ev.range, msg`${spell.id} is ${inZone(spell.zone)} already, so it can't be played: playing a card starts by putting it on the chain from where it is. Declare it \`in hand\`, or remove the line.`, { rules: ['354'], subjects: [spell.id] });
    return;
  }
  // The player who plays it controls it (156); its targets are chosen as theirs ("you", "friendly", Deflect).
  const p = by?.id ?? spell.owner;
  // When a spell may be played: as any card (155, 308.1.a, 309.1.a, 316.5.b, 806.1.c.1, 813.1.c.1).
  if (!playTiming(replay, ev, spell, p, ['155'])) return;
  const choice = chooseTargets(replay, { line: ev.range, source: ev.subject.range, payingDeflect: ev.payingDeflect }, att, host, spell, p);
  if (choice === false) return;
  moveTo(replay, spell, 'chain', undefined, ev);
  replay.board.setController(spell, p);
  replay.board.pushStack({ kind: 'spell', id: spell.id, version: spell.version, target: replay.board.refTo(host), attaching: replay.board.refTo(att), words: choice.words, controller: p, at: ev.range });
  if (replay.noting) replay.note(() => msg`${spell.id} on the chain: attach ${att.id} to ${host.id}`);
}

/** `activate S attach targeting X to U [by P] [paying deflect]`: S's ability that attaches goes on the chain with its two targets. */
export function activateAttach(replay: Replay, ev: Extract<EventNode, { kind: 'activate' }>): void {
  const source = replay.card(ev.subject);
  const att = replay.card(ev.target);
  const host = replay.lookup(ev.host);
  const by = ev.by ? replay.player(ev.by) : undefined;
  if (!source || !att || !host || (ev.by && !by)) return;
  if (source.types.has('spell')) {
    replay.report('impossible-event', ev.ability.range, msg`${source.id} is a spell: a spell that attaches is played, not activated. Write \`cast ${source.id} targeting ${att.id} to ${host.id}\`, or remove the line.`, { rules: ['154', '354'], subjects: [source.id] });
    return;
  }
  if (!onBoard(source)) {
    replay.report('impossible-event', ev.range, msg`${source.id} is not on the board (it is ${inZone(source.zone)}), so its ability that attaches can't be used: a unit's or a gear's activated abilities are used while it is on the board. Play it first, or remove the line.`, { rules: ['380'], subjects: [source.id] });
    return;
  }
  if (source.attachTargets.length === 0) {
    replay.report('impossible-event', ev.ability.range, msg`${source.id} has no ability that attaches: declare it on the card as the card prints it (\`attach target gear you control to target unit you control\`), or write an effect that attaches as \`attach ${att.id} to ${host.id}\`.`, { rules: ['434.2.a'], subjects: [source.id] });
    return;
  }
  // Used by its controller (chooseTargets: `by` another player), in its controller's Main Phase while no chain exists (145.2, 151.2, 309.1.a).
  if (!abilityTiming(replay, ev, source, msg`ability that attaches`, isGear(source) ? '151.2' : '145.2', 'attach')) return;
  const choice = chooseTargets(replay, { line: ev.range, source: ev.subject.range, payingDeflect: ev.payingDeflect }, att, host, source, by?.id);
  if (choice === false) return;
  replay.board.pushStack({ kind: 'ability', id: source.id, version: source.version, ability: 'attach', target: replay.board.refTo(host), attaching: replay.board.refTo(att), words: choice.words, controller: choice.controller, at: ev.range });
  if (replay.noting) replay.note(() => msg`${source.id}'s ability that attaches on the chain: ${att.id} to ${host.id}`);
}

/** `resolve S`, S a spell: it resolves from the top of the chain, then goes to its owner's trash (359.3.d, 157). */
export function resolveAttachSpell(replay: Replay, ev: Extract<EventNode, { kind: 'resolve' }>, spell: CardObj): void {
  const top = replay.board.stackTop();
  const entry = top && top.kind === 'spell' && top.id === spell.id && top.version === spell.version ? top : undefined;
  // Something added after it resolves first (340.1): the line does nothing.
  if (!entry) {
    if (chainOnTop(replay, ev, undefined, msg`${spell.id}`)) replay.report('impossible-event', ev.range, msg`${spell.id} is on the chain, but nothing played waits there to resolve. Remove the line.`, { rules: ['340.1'], subjects: [spell.id] });
    return;
  }
  resolveAttach(replay, ev, entry, spell, msg`${spell.id}`);
  // Resolved, its effect carried out or not, the spell goes to its owner's trash (359.3.d, 157).
  moveTo(replay, spell, 'trash', undefined, ev);
  replay.board.setController(spell, undefined);
  if (replay.noting) replay.note(() => msg`${spell.id} → its owner's trash`);
}

/** `resolve S attach`: S's ability that attaches resolves (its source may have left: the ability is its own object, 124). */
export function resolveAttachAbility(replay: Replay, ev: Extract<EventNode, { kind: 'resolve' }>): void {
  const source = replay.card(ev.subject);
  if (!source) return;
  // A spell waits on the chain as itself, not as an ability: `resolve S` (359.3).
  if (source.types.has('spell')) {
    replay.report('impossible-event', ev.ability!.range, msg`${source.id} is a spell: a spell on the chain is resolved by its name alone, \`resolve ${source.id}\`. Write that, or remove the line.`, { rules: ['359.3'], subjects: [source.id] });
    return;
  }
  const entry = replay.board.pendingAbility(source.id, 'attach');
  if (!entry) {
    replay.report('impossible-event', ev.range, msg`${source.id} has no ability that attaches waiting on the chain, so none can resolve. Use it first (\`activate ${source.id} attach targeting ... to ...\`), or remove the line.`, { rules: ['377.3'], subjects: [source.id] });
    return;
  }
  if (!chainOnTop(replay, ev, entry, msg`${source.id}'s ability that attaches`)) return;
  replay.board.removeAbility(entry);
  resolveAttach(replay, ev, entry, source, msg`${source.id}'s ability`);
}

/** Why a target chosen by `entry` is no longer legal as it resolves, or undefined (359.3.e.2; 359.3.e.4; the words, 355.9.a/b). */
function illegalNow(replay: Replay, entry: StackEntry, role: 'what' | 'to', source: CardObj): { t: Host | undefined; rules: string[]; why: Message } | undefined {
  const ref = role === 'what' ? entry.attaching! : entry.target!;
  const t = replay.board.refTarget(ref);
  if (!t) return { t, rules: ['359.3.e.2'], why: msg`${ref.id} no longer exists` };
  if (isCard(t) && ref.kind === 'card' && t.version !== ref.version) return { t, rules: ['359.3.e.2', '359.3.e.4'], why: msg`${t.id} changed zones after it was chosen and is ${inZone(t.zone)} now: a new object, which the effect never chose` };
  const problem = targetNoLongerFits(t, role, entry.words, source, entry.controller);
  return problem ? { t, rules: ['359.3.e.2', ...problem.rules], why: problem.why } : undefined;
}

/** The effect of `entry` (spell or ability), both targets checked again; `name` says what resolves. */
function resolveAttach(replay: Replay, ev: EventNode, entry: StackEntry, source: CardObj, name: Message): void {
  const what = illegalNow(replay, entry, 'what', source);
  const to = illegalNow(replay, entry, 'to', source);
  const att = what ? what.t : replay.board.refTarget(entry.attaching!);
  const host = to ? to.t : replay.board.refTarget(entry.target!);
  const related = entry.at ? [relatedAt(entry.at, msg`its targets were chosen here`)] : [];
  const xId = entry.attaching!.id;
  const uId = entry.target!.id;
  if (what || to) {
    const spell = entry.kind === 'spell';
    // One target left: the instruction is carried out on it alone, and attaching needs both (359.3.e.8, 359.3.e.6); none: it is not carried out (359.3.e.7).
    const why = what && to ? msg`${what.why}, and ${to.why}` : (what ?? to)!.why;
    const instruction = what && to ? ['359.3.e.7'] : ['359.3.e.8', '359.3.e.6'];
    // X still the card chosen: it stays where it is.
    const stays = what ? msg`` : att && isCard(att) && att.attachedTo ? msg` ${xId} stays attached to ${att.attachedTo.id}.` : msg` ${xId} doesn't move.`;
    const played = spell ? msg` The spell still counts as played, and goes to its owner's trash.` : msg``;
    replay.report('target-illegal-on-resolution', ev.range, msg`${name} resolves, but attaching ${xId} to ${uId} is not carried out: ${what && to ? msg`neither target is legal any more` : what ? msg`${xId} is no longer a legal target` : msg`${uId} is no longer a legal target`} (${why}), and an attach needs both of its cards.${stays}${played} That is the rules' outcome: if it is meant, an \`expect\` line after it shows so; if not, keep both targets legal until it resolves.`, {
      // The 359.3.e rules speak of spells; an ability is carried out as a spell is (406.5).
      rules: ['359.3.e.1', ...new Set([...(what?.rules ?? []), ...(to?.rules ?? [])]), ...instruction, ...(spell ? ['359.3.e.10', '359.3.d'] : ['406.5'])],
      related,
      subjects: [xId, uId],
    });
    if (replay.noting) replay.note(() => msg`no effect: a target is no longer legal`);
    return;
  }
  const x = att as CardObj;
  const u = host!;
  if (isCard(u) && x.attachedTo && x.attachedTo.id === u.id) {
    replay.report('redundant-attach', ev.range, msg`${x.id} is already attached to ${u.id} as ${name} resolves: attaching a card to its current Top-Most card has no effect, and nothing additional happens. Choose another unit, or remove this line and the one that chose the targets.`, { rules: ['434.1.g', '434.1.h'], related, subjects: [x.id, u.id] });
    return;
  }
  const cant = attachProblem(x, u);
  if (cant) {
    replay.report('illegal-attachment', ev.range, msg`${name} resolves, but ${x.id} can't be attached to ${u.id}: ${cant.why}. Nothing happens; choose two other cards as it is played, or remove the line.`, { rules: cant.rules, related, subjects: [x.id, u.id] });
    return;
  }
  attachToTopMost(replay, ev, x, u as CardObj);
}
