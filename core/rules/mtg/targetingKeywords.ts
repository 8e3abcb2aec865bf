// MTG targeting keywords: hexproof (702.11b/c/d/e), shroud (702.18a) and ward (702.21a, which counters: 701.6a).
// They limit what a spell or ability may target, so they matter only where something targets: an Aura spell
// (115.1b) and an equip or fortify ability (702.6a, 702.67a). Attaching that doesn't target (an Aura entering
// the battlefield, 303.4f; an `attach` effect; state-based actions) ignores them, and gaining one later
// unattaches nothing.
import { abilitiesOf, grantedBy, keywordCovers, keywordLabel, logAbilityChange, mayRegain, regainKey, type TargetingKeyword, targetingKeywordOf } from '../../engine/abilities';
import type { EventNode } from '../../parser/ast';
import type { Range } from '../../types';
import { type CardObj, isCard } from '../../engine/board';
import type { Replay } from '../../engine/replay';
import type { RuleExplanation } from './explanations';
import { type Host, type Problem, readableQuality } from './characteristics';
import { protectionCovers } from './legality';
import { isPhasedOut, phasedOutSubject } from './phasing';
import { change, lastsOf } from '../../engine/untilEndOfTurn';
import { msg, type Message } from '../../message';
import { inZone, qualityWord } from '../../engine/words';

/** The rules of this module, explained (assembled into the game's rules in explanations.ts). */
export const EXPLAINED: Record<string, RuleExplanation> = {
  '702.11': { title: 'Hexproof', text: 'A static ability that keeps the spells and abilities of opponents from choosing the permanent or player that has it as a target.' },
  '702.11b': { title: 'Hexproof on a permanent', text: "Nothing an opponent of the permanent's controller controls, spell or ability, may choose a hexproof permanent as its target; its own controller still may." },
  '702.11c': { title: 'Hexproof on a player', text: "A player with hexproof can't be chosen as the target of a spell or ability one of their opponents controls; their own spells and abilities may still choose them." },
  '702.11d': { title: 'Hexproof from a quality', text: 'A narrower hexproof: it turns away only those spells of opponents that have the quality, and those abilities of opponents whose source has it. It counts as a hexproof ability.' },
  '702.11e': { title: 'Losing hexproof', text: 'An effect that takes hexproof away takes every "hexproof from" ability with it.' },
  '702.18a': { title: 'Shroud', text: "Shroud is static: no spell or ability at all, whoever controls it (the shrouded object's controller included), may choose that permanent or player as a target." },
  '702.21a': { title: 'Ward', text: 'Ward is a triggered ability of a permanent: when a spell or ability controlled by an opponent chooses it as a target, ward counters that spell or ability unless its controller pays the ward cost.' },
  '701.6a': { title: 'Countering', text: "A countered spell or ability leaves the stack without resolving, so none of its effects happen; a countered spell goes to its owner's graveyard." },
};

/** The player who controls a host: a permanent's controller, or the player itself. */
function controllerOf(host: Host): string | undefined {
  return isCard(host) ? host.controller : host.id;
}

/**
 * Do `host`'s targeting keywords forbid a spell or ability controlled by `controller` to target it?
 * `source` is the Aura spell, or the Equipment or Fortification whose ability it is: its colors and
 * types are what `hexproof from` looks at (702.11d). `what` names the spell or ability in the sentence.
 * Shroud stops everyone (702.18a); hexproof only the host's opponents (702.11b, 702.11c). Every player
 * is an opponent of every other (teams are not modelled).
 */
export function keywordTargetProblem(host: Host, source: CardObj | undefined, controller: string | undefined, what: Message | string): Problem | undefined {
  // 113.6: a permanent's abilities work on the battlefield; a card's hexproof or shroud does nothing in a graveyard.
  if (!worksThere(host)) return undefined;
  const kws = abilitiesOf(host).targeting;
  if (kws.length === 0) return undefined;
  if (kws.some((k) => k.name === 'shroud')) {
    const by = grantedBy(host, 'shroud');
    return { rules: by ? ['702.18a', '613.1f'] : ['702.18a'], why: isCard(host) ? msg`${host.id} has shroud${by ? msg` (given by ${by})` : ''}, so no spell or ability can target it, even one its own controller controls` : msg`${host.id} has shroud${by ? msg` (given by ${by})` : ''}, so no spell or ability can target them, even one they control` };
  }
  const owner = controllerOf(host);
  if (controller === owner) return undefined;
  const whose = isCard(host) ? (owner ? msg`${owner}'s` : msg`its controller's`) : msg`${host.id}'s`;
  for (const k of kws) {
    if (k.name !== 'hexproof') continue;
    const by = grantedBy(host, keywordLabel(k));
    if (k.quality === undefined) {
      return { rules: [isCard(host) ? '702.11b' : '702.11c', ...(by ? ['613.1f'] : [])], why: msg`${host.id} has hexproof${by ? msg` (given by ${by})` : ''}, so the spells and abilities of ${whose} opponents can't target ${isCard(host) ? msg`it` : msg`them`}, and ${what} is controlled by ${controller ?? msg`no player`}, an opponent` };
    }
    // Hexproof from a quality needs the source to judge (an effect written without one is not stopped by it).
    if (source && protectionCovers(k.quality, source) !== undefined) {
      return { rules: ['702.11d', ...(by ? ['613.1f'] : [])], why: msg`${host.id} has hexproof from ${qualityWord(k.quality)}${by ? msg` (given by ${by})` : ''}, which covers ${source.id}, and ${what} is controlled by ${controller ?? msg`no player`}, one of ${whose} opponents` };
    }
  }
  return undefined;
}

/** Do the targeting keywords of `host` work where it is: a player's always, a card's only on the battlefield (113.6)? */
export function worksThere(host: Host): boolean {
  return !isCard(host) || host.zone === 'battlefield';
}

/** The ward abilities of `target` that trigger when a spell or ability `controller` controls targets it (702.21a). */
export function wardsTriggered(target: Host, controller: string | undefined): readonly TargetingKeyword[] {
  // Most targets have no hexproof, shroud or ward: that is asked first, and the answer is no new list
  // (each cast and each attach effect that targets asks).
  const kws = abilitiesOf(target).targeting;
  if (kws.length === 0 || !isCard(target) || !worksThere(target) || target.controller === controller) return NO_WARDS;
  return kws.filter((k) => k.name === 'ward');
}

const NO_WARDS: readonly TargetingKeyword[] = [];

/**
 * Ward on the targets of a spell or ability that `controller` controls (702.21a): the first target
 * whose ward triggers, with its wards in words and their costs, when the scenario doesn't record the
 * payment (`paying`, the `paying ward` written). `paying ward` where no ward triggers is reported, and
 * a recorded payment noted. Undefined: nothing counters the spell or ability. Casts and attach effects
 * that target both ask it.
 */
export function unpaidWard(replay: Replay, targets: readonly Host[], controller: string | undefined, paying: Range | undefined, subjects: string[]): { target: Host; labels: Message; costs: Message } | undefined {
  let target: Host | undefined;
  let wards: readonly TargetingKeyword[] = [];
  for (const t of targets) {
    wards = wardsTriggered(t, controller);
    if (wards.length !== 0) {
      target = t;
      break;
    }
  }
  if (!target) {
    if (paying) {
      const why = targets.map((t) => noWardReason(t, controller)).reduce((a, b) => msg`${a}; ${b}`);
      replay.report('impossible-event', paying, msg`No ward triggers here, so there is no ward cost to pay: ${why}. Remove \`paying ward\`.`, { rules: ['702.21a'], subjects });
    }
    return undefined;
  }
  const t = target;
  const labels = wards.map(keywordWords).reduce((a, b) => msg`${a} and ${b}`);
  if (paying) {
    if (replay.noting) replay.note(() => msg`${controller} pays for ${t.id}'s ${labels}`);
    return undefined;
  }
  const costs = wards.some((w) => w.cost !== undefined) ? msg`the cost (${wards.map((w): Message | string => w.cost ?? msg`unstated`).reduce((a, b) => msg`${a}, ${b}`)})` : msg`the cost`;
  return { target: t, labels, costs };
}

/** Why no ward triggers when `controller`'s spell targets `target` (for a `paying ward` with nothing to pay). */
export function noWardReason(target: Host, controller: string | undefined): Message {
  if (!isCard(target)) return msg`${target.id} is a player, and ward is an ability of permanents`;
  if (!worksThere(target)) return msg`${target.id} is ${inZone(target.zone)}, not on the battlefield, and ward is an ability of permanents`;
  if (!abilitiesOf(target).targeting.some((k) => k.name === 'ward')) return msg`${target.id} has no ward`;
  return msg`${target.id} is controlled by ${controller}, and ward triggers only for a spell or ability an opponent controls`;
}

/** A targeting keyword in prose (`keywordLabel` as the scenario writes it): "hexproof from black", "ward 2". */
export function keywordWords(k: TargetingKeyword): Message {
  if (k.name === 'shroud') return msg`shroud`;
  if (k.name === 'ward') return k.cost !== undefined ? msg`ward ${k.cost}` : msg`ward`;
  return k.quality !== undefined ? msg`hexproof from ${qualityWord(k.quality)}` : msg`hexproof`;
}

/** The keyword's own rule, as it applies to this host. */
function ruleOf(k: TargetingKeyword, host: Host): string {
  if (k.name === 'shroud') return '702.18a';
  if (k.name === 'ward') return '702.21a';
  if (k.quality !== undefined) return '702.11d';
  return isCard(host) ? '702.11b' : '702.11c';
}

/** `gains X hexproof`, `loses X hexproof from black`, `gains alice shroud`, `loses X ward 2`... */
export function keywordEvent(replay: Replay, ev: Extract<EventNode, { kind: 'keyword' }>): void {
  const x = replay.lookup(ev.subject);
  if (!x) return;
  const lasts = lastsOf(replay, x, ev.duration);
  if (!lasts) return;
  if (ev.keyword.quality && !readableQuality(replay, ev.keyword.quality, '702.11d')) return;
  const k = targetingKeywordOf(ev.keyword);
  const label = keywordWords(k);
  const gains = ev.verb === 'gains';
  if (isCard(x) && isPhasedOut(x) && phasedOutSubject(replay, x, ev, gains ? msg`an effect that makes it gain ${label}` : msg`an effect that makes it lose ${label}`, ['702.26e'])) return;
  if (!isCard(x) && (k.name === 'ward' || k.quality !== undefined)) {
    const why = k.name === 'ward' ? msg`ward is an ability of permanents (it triggers when "this permanent" becomes a target)` : msg`"hexproof from" is defined for permanents, not players`;
    replay.report('impossible-event', ev.range, msg`${x.id} is a player, and ${why}, so this line does nothing. Give it to a card, or write \`${ev.verb} ${x.id} ${k.name === 'ward' ? 'shroud' : 'hexproof'}\` if that was meant.`, {
      rules: [ruleOf(k, x)],
      subjects: [x.id],
    });
    return;
  }
  // Losing hexproof loses every "hexproof from" too (702.11e); `loses X ward` without a cost loses every ward.
  const lost = (h: TargetingKeyword) => keywordCovers(k, h);
  // One its attachments grant it (abilities.ts) is lost too.
  // While an effect until end of turn is on it, the loss still counts: it applies when that effect ends.
  // So does the loss of one an older source may give it again (613.9's example: `mayRegain`).
  if (!gains && !x.targeting.some(lost) && !abilitiesOf(x).targeting.some(lost) && !x.temporary && !(isCard(x) && mayRegain(replay.board, x, false, regainKey({ kind: 'targeting', keyword: k })!, (a) => a.kind === 'targeting' && lost(a.keyword), (a) => typeof a !== 'string' && a.kind === 'targeting' && keywordCovers(a.keyword, k)))) {
    replay.report('impossible-event', ev.range, msg`${x.id} doesn't have ${label}, so it can't lose it: the line does nothing. Remove it, or give ${x.id} ${label} first.`, {
      rules: [ruleOf(k, x), ...(k.name === 'hexproof' && k.quality === undefined ? ['702.11e'] : [])],
      subjects: [x.id],
    });
    return;
  }
  // Blossoming Defense, Veil of Summer: `gains X hexproof until end of turn` (514.2).
  change(replay.board, x, lasts, (board, y, at) => {
    // Several instances are redundant (702.11h, 702.18b) but harmless: each is kept.
    y.targeting = gains ? [...y.targeting, k] : y.targeting.filter((h) => !lost(h));
    if (isCard(y)) logAbilityChange(board, y, ev.verb, { kind: 'targeting', keyword: k }, at);
  });
  if (replay.noting) replay.note(() => gains ? msg`${x.id} gains ${keywordWords(k)}` : k.name === 'hexproof' && k.quality === undefined ? msg`${x.id} loses ${keywordWords(k)} (and any hexproof from)` : msg`${x.id} loses ${keywordWords(k)}`);
}
