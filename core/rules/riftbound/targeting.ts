// Riftbound effects that attach and choose their targets (434.3: `attach X to U targeting [with S] [by P]
// [paying deflect]`): what may be chosen (355.8, 355.9.a, 355.9.b), the source's own words (`attach target
// gear you control to target unit you control`, read with Riftbound's card types and tags), and Deflect
// (809.1.c, 809.1.d, 809.2): the Power a chosen permanent of another player adds to the effect's cost, a
// cost that must be paid or the effect is not played at all (356.2.a.2).
import type { EventNode, Filter, FilterTerm } from '../../parser/ast';
import type { Range } from '../../types';
import { type CardObj, isCard } from '../../engine/board';
import { keywordValue } from '../../engine/abilities';
import type { Replay } from '../../engine/replay';
import type { RuleExplanation } from '../mtg/explanations';
import { type Host, isUnit, onBoard, RIFTBOUND_CARD_TYPES } from './cards';
import { msg, type Message } from '../../message';
import { inZone } from '../../engine/words';

/** The rules of this module, explained (assembled into the game's rules in explanations.ts). */
export const EXPLAINED: Record<string, RuleExplanation> = {
  '355.9.a.1': { title: 'What "unit", "gear" and "rune" mean', text: 'Unless something says otherwise, the words "unit", "gear" and "rune" mean objects on the board.' },
  '355.9.a.3': { title: 'What "facedown card" means', text: 'Unless something says otherwise, the words "facedown card" mean a card in a Facedown Zone.' },
  '434.3': { title: 'Attaching chooses no target by itself', text: 'The act of attaching is not a choice of targets; an effect that attaches may still name targets of its own, and those are chosen as it is played.' },
  '355.8': { title: 'Every target chosen', text: 'A spell or ability goes on the chain only once a legal choice is made for each of its targets; otherwise it is not played.' },
  '355.9.a': { title: 'Where a target is', text: 'What an effect chooses is, unless its words say otherwise, a permanent on the board: a "unit" or a "gear" it names is one on the board, not in a hand or a trash.' },
  '355.9.b': { title: 'What the words ask for', text: 'A chosen target must fit every restriction the effect writes (a unit you control, an enemy unit, a gear with a tag).' },
  '356.2.a.2': { title: 'Deflect cannot be skipped', text: "The extra Power that Deflect asks for is not optional: a player who doesn't pay it can't finish playing the spell or ability." },
  '809': { title: 'Deflect', text: 'A keyword of permanents that makes it dearer for an opposing player to choose them with a spell or an ability.' },
  '809.1.a': { title: 'Deflect is on permanents', text: 'Only permanents have Deflect: a player never has it.' },
  '809.1.b': { title: 'The Deflect value', text: 'A card may write a number after Deflect, the keyword\'s value (the Power it adds to an opposing effect that chooses the permanent); with no number written, the value is 1.' },
  '809.1.c': { title: 'What Deflect does', text: "A spell or ability controlled by another player than the permanent's costs extra Power, the Deflect value, each time it chooses that permanent; the Power may be of any Domain." },
  '809.1.d': { title: 'A cost that must be paid', text: 'The Power Deflect adds is a mandatory additional cost: without paying it, the spell or ability cannot be played at all, so it never reaches the chain and there is nothing to counter.' },
  '809.2': { title: 'Deflect from several sources', text: 'A permanent that has Deflect from more than one source (its own, a gear, an effect) has it once, worth the total of every value: its own Deflect 1 and a gear\'s Deflect 2 make Deflect 3.' },
};

/** Does one word of a description fit `c`, "you" being `you` (a friendly card is one `you` controls, an enemy one another player's)? */
function termFits(t: FilterTerm, c: CardObj, you: string | undefined): boolean {
  const w = t.word;
  const fits = w === 'friendly' ? c.controller !== undefined && c.controller === you : w === 'enemy' ? c.controller !== undefined && you !== undefined && c.controller !== you : RIFTBOUND_CARD_TYPES.includes(w) ? c.types.has(w) || (w === 'token' && c.token) : c.subtypes.has(w);
  return fits !== t.negated;
}

/** The description as written, for messages: `gear you control`. */
function filterWords(f: Filter): string {
  const alts = f.alternatives.map((a) => a.map((t) => (t.negated ? `non-${t.word}` : t.word)).join(' ')).join(' or ');
  return f.control === 'you' ? `${alts} you control` : f.control === 'opponent' ? `${alts} an opponent controls` : f.control === 'not-you' ? `${alts} you don't control` : alts;
}

/** Does `t` fit the description `f`, read with "you" as `you` (355.9.b)? */
export function fitsDescription(f: Filter, t: Host, you: string | undefined): boolean {
  if (!isCard(t)) return false;
  if (!f.alternatives.some((alt) => alt.every((term) => termFits(term, t, you)))) return false;
  if (f.control === 'you') return t.controller !== undefined && t.controller === you;
  if (f.control === 'opponent' || f.control === 'not-you') return t.controller !== undefined && t.controller !== you;
  return true;
}

/** Why `t` can't be chosen as the effect's `role` target (undefined when it can): on the board (355.9.a), a unit for the host unless the words say, the words (355.9.b). */
function choiceProblem(t: Host, role: 'what' | 'to', f: Filter | undefined, source: CardObj | undefined, you: string | undefined): { rules: string[]; why: Message } | undefined {
  if (!isCard(t)) return { rules: ['355.9.a'], why: msg`${t.id} is a player, and the effect chooses cards on the board` };
  if (!onBoard(t)) return { rules: ['355.9.a'], why: msg`${t.id} is not on the board (it is ${inZone(t.zone)}), and the effect chooses a permanent on the board` };
  if (f && source) {
    if (!fitsDescription(f, t, you)) return { rules: ['355.9.b'], why: msg`${source.id}'s effect chooses \`${filterWords(f)}\`, read with ${you ?? msg`nobody`} as "you", and ${t.id} (${[...t.types].join(' ')}${t.subtypes.size ? ` — ${[...t.subtypes].join(' ')}` : ''}, controlled by ${t.controller ?? msg`nobody`}) is not one` };
  } else if (role === 'to' && !isUnit(t)) {
    return { rules: ['355.9.b'], why: msg`an effect written \`attach X to U targeting\` chooses a unit to attach to, and ${t.id} is not a unit (it is ${[...t.types].join(' ') || msg`no card type`})` };
  }
  return undefined;
}

/**
 * The Deflect that `p`'s effect meets choosing `targets` (each time it chooses one, 809.1.c): the Power it
 * costs more, and the targets with Deflect another player controls. Linear in the targets; a value is a
 * sum the board keeps (809.2).
 */
function deflectCost(targets: readonly CardObj[], p: string | undefined): { power: number; from: CardObj[] } {
  let power = 0;
  const from: CardObj[] = [];
  for (const t of targets) {
    if (!onBoard(t) || t.controller === undefined || t.controller === p) continue;
    const v = deflectOf(t);
    if (v === 0) continue;
    power += v;
    from.push(t);
  }
  return { power, from };
}

/**
 * The Deflect value of `t` that applies now. An attached card's printed Rules Text is inactive, and an
 * inactive ability doesn't apply (718.2, 721.2): its printed Deflect (the instance at -1, kept unless
 * the keyword was lost since) doesn't count; a Deflect an effect gave it still does (135.4.b).
 */
function deflectOf(t: CardObj): number {
  const v = keywordValue(t, 'Deflect');
  if (v === 0 || !t.attachedTo) return v;
  const own = t.keywordValues?.Deflect;
  return own && own.count !== 0 && own.ats[0] === -1 ? v - own.sums[0] : v;
}

/** Why no Deflect adds to the cost of `p`'s effect choosing `t` (for `paying deflect` with nothing to pay). */
function noDeflectReason(t: CardObj, p: string | undefined): Message {
  if (!onBoard(t)) return msg`${t.id} is not on the board (it is ${inZone(t.zone)}), and Deflect works only on permanents`;
  if (keywordValue(t, 'Deflect') !== 0 && deflectOf(t) === 0) return msg`${t.id} is attached to ${t.attachedTo!.id}, and the Deflect printed on it is inactive while it is attached`;
  if (keywordValue(t, 'Deflect') === 0) return msg`${t.id} has no Deflect`;
  return msg`${t.id} is controlled by ${p ?? msg`nobody`}, and Deflect adds only to what another player's spells and abilities cost`;
}

/**
 * `attach X to U targeting [with S] [by P] [paying deflect]`: an effect that chooses X and U (434.3). Each
 * must be a legal choice as the effect is played (355.8, 355.9.a/b, S's own words); then Deflect's cost
 * (809.1.c, 809.1.d). True when the effect is played and goes on to attach; false when it isn't (reported).
 */
export function chooseAttachTargets(replay: Replay, ev: Extract<EventNode, { kind: 'attach' }>, att: CardObj, host: Host, by: string | undefined): boolean {
  const source = ev.targeting!.source ? replay.card(ev.targeting!.source) : undefined;
  if (ev.targeting!.source && !source) return false;
  return chooseTargets(replay, { line: ev.range, source: ev.targeting!.range, payingDeflect: ev.payingDeflect }, att, host, source, by) !== false;
}

/** The two targets an effect that attaches chose, as it is played: who controls it ("you") and the source's words that describe them. */
export interface AttachChoice {
  readonly controller: string | undefined;
  readonly words: { readonly what: Filter; readonly to: Filter } | undefined;
}

/**
 * The choice of X and U by the spell or ability of `source` that attaches X to U (434.3), controlled by
 * `by` (else the source's controller, else X's): each a legal choice (355.8, 355.9.a/b, the source's own
 * words), an attached source's printed ability inactive (718.2, 721.2), then Deflect's cost (809.1.c,
 * 809.1.d). `at.line` is the line's range, `at.source` the words naming the source. The choice, or false
 * when the effect is not played (reported).
 */
export function chooseTargets(replay: Replay, at: { line: Range; source: Range; payingDeflect: Range | undefined }, att: CardObj, host: Host, source: CardObj | undefined, by: string | undefined): AttachChoice | false {
  // An attached card's printed Rules Text is inactive, and an inactive ability can't be used (718.2, 721.2).
  if (source?.attachedTo && onBoard(source)) {
    replay.report('impossible-event', at.source, msg`${source.id} is attached to ${source.attachedTo.id}, and an attached card's own printed text is inactive: its ability that attaches can't be used while it is attached. Nothing happens: ${att.id} ${att.attachedTo ? msg`stays attached to ${att.attachedTo.id}` : msg`stays unattached`}. Detach ${source.id} first, or remove the line.`, { rules: ['718.2', '721.2'], subjects: [source.id] });
    if (replay.noting) replay.note(() => msg`no effect: ${att.id} doesn't move`);
    return false;
  }
  if (by !== undefined && source && onBoard(source) && source.controller !== undefined && by !== source.controller) {
    replay.report('impossible-event', at.source, msg`${source.id}'s abilities are used by its controller, ${source.controller}, not by ${by}: only ${source.controller} plays them. Nothing happens. Write \`by ${source.controller}\`, or remove the line.`, { rules: [source.types.has('gear') ? '151.2' : '145.2'], subjects: [source.id] });
    return false;
  }
  const p = by ?? source?.controller ?? att.controller;
  // The source's own words: one of its abilities both targets fit, else one X fits, else its first.
  const abilities = source?.attachTargets ?? [];
  const described = abilities.find((d) => fitsDescription(d.what, att, p) && fitsDescription(d.to, host, p)) ?? abilities.find((d) => fitsDescription(d.what, att, p)) ?? abilities[0];
  for (const [t, role] of [[att, 'what'], [host, 'to']] as const) {
    const problem = choiceProblem(t, role, described?.[role], source, p);
    if (!problem) continue;
    replay.report('illegal-attachment', at.line, msg`${att.id} can't be attached to ${host.id} by an effect that chooses both: ${problem.why}. A spell or ability is played only with a legal choice for each target, so nothing happens: ${att.id} ${att.attachedTo ? msg`stays attached to ${att.attachedTo.id}` : msg`stays unattached`}. Choose a legal target, or remove the line.`, {
      rules: [...problem.rules, '355.8', '434.3'],
      subjects: [att.id, host.id],
    });
    if (replay.noting) replay.note(() => msg`no effect: ${att.id} doesn't move`);
    return false;
  }
  // Both targets are cards on the board now. Deflect: once for each time a target is chosen (809.1.c).
  const stays = att.attachedTo ? msg`nothing happens, and ${att.id} stays attached to ${att.attachedTo.id}` : msg`nothing happens, and ${att.id} stays unattached`;
  if (!deflectPaid(replay, at.line, at.payingDeflect, [att, host as CardObj], p, stays)) return false;
  return { controller: p, words: described };
}

/**
 * As the spell or ability that chose them resolves: why the target `t` (its `role`, X or U) is no longer a
 * legal choice, read with the words it was chosen by and its controller as "you" (355.9.a, 355.9.b);
 * undefined when it still is.
 */
export function targetNoLongerFits(t: Host, role: 'what' | 'to', words: AttachChoice['words'], source: CardObj | undefined, you: string | undefined): { rules: string[]; why: Message } | undefined {
  return choiceProblem(t, role, words?.[role], words ? source : undefined, you);
}

/**
 * Deflect on what `p`'s spell or ability chooses (809.1.c, 809.2): with a cost to pay and `paying` not
 * written, the effect is not played (809.1.d, 356.2.a.2), reported at `at` with `outcome` (what doesn't
 * happen); `paying` with nothing to pay is reported too. True when the effect goes ahead.
 */
export function deflectPaid(replay: Replay, at: Range, paying: Range | undefined, targets: readonly CardObj[], p: string | undefined, outcome: Message): boolean {
  const { power, from } = deflectCost(targets, p);
  const subjects = targets.map((t) => t.id);
  if (power === 0) {
    if (paying) {
      const why = targets.map((t) => noDeflectReason(t, p)).reduce((a, b) => msg`${a}; ${b}`);
      const inactive = targets.some((t) => onBoard(t) && keywordValue(t, 'Deflect') !== 0 && deflectOf(t) === 0);
      replay.report('impossible-event', paying, msg`No Deflect adds to this effect's cost, so there is nothing to pay: ${why}. Remove \`paying deflect\`.`, { rules: inactive ? ['809.1.c', '718.2', '721.2'] : ['809.1.c'], subjects });
      return false;
    }
    return true;
  }
  const names = from.map((t): Message | string => msg`${t.id} (Deflect ${deflectOf(t)}, controlled by ${t.controller!})`).reduce((a, b) => msg`${a} and ${b}`);
  if (!paying) {
    replay.report('impossible-event', at, msg`The effect chooses ${names}, so it costs ${power} Power more for ${p ?? msg`nobody`} to play. That cost is mandatory: as the scenario doesn't record it paid, the spell or ability is not played at all: ${outcome}. If the Power was paid, add \`paying deflect\` to the line; otherwise choose another target, or remove the line.`, {
      rules: ['809.1.c', '809.1.d', '356.2.a.2', '809.2'],
      subjects,
    });
    if (replay.noting) replay.note(() => msg`not played: Deflect's ${power} Power unpaid`);
    return false;
  }
  if (replay.noting) replay.note(() => msg`${p ?? msg`nobody`} pays ${power} Power for Deflect`);
  return true;
}
