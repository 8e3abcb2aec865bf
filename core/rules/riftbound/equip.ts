// Riftbound Equip (818, 818.1.a-c.2): an activated ability of Equipment gear, targeting a unit its controller controls;
// Quick-Draw (819.1.d), the one way playing a card attaches it (checked where a card enters: location.ts).
import type { EventNode } from '../../parser/ast';
import type { Range } from '../../types';
import { type CardObj, isCard, type PlayerObj } from '../../engine/board';
import type { Replay } from '../../engine/replay';
import type { RuleExplanation } from '../mtg/explanations';
import { type Host, isUnit, onBoard } from './cards';
import { msg, relatedAt, titledFix, type Message } from '../../message';
import { inZone } from '../../engine/words';
import { equipTiming } from './timing';

/** The rules of this module, explained (assembled into the game's rules in explanations.ts). */
export const EXPLAINED: Record<string, RuleExplanation> = {
  '818': { title: 'Equip', text: 'Equip is an activated ability of Equipment gear: pay its cost to attach it to a unit you control.' },
  '818.5': { title: 'Equip is a characteristic', text: 'Whether a gear has Equip is one of its characteristics, which other effects can look at.' },
  '818.1': { title: 'Equip is an activated ability', text: 'Equip is a keyword for an activated ability that attaches the gear to a unit.' },
  '818.1.a': { title: 'Equip is on Equipment', text: 'Equip is found on gear with the Equipment tag, which may also have Quick-Draw.',
    earlier: [{ before: '2026-07-16', text: 'Equip is normally found on gear with the Equipment tag.' }] },
  '818.1.b.1': { title: 'Equip targets', text: 'The unit chosen for Equip is a target.' },
  '818.1.c.2': { title: 'A unit you control', text: 'Equip attaches the gear to a unit its controller controls.' },
  '819.1.d': { title: 'Quick-Draw', text: 'Quick-Draw gives the gear Reaction and a trigger: when its controller plays it, it is attached to a unit they control.' },
};

/**
 * An Equip ability activated on `host` (818.1): the gear must have one, be used by its controller when
 * 151.2 allows (timing.ts), be unattached (its Rules Text is otherwise inactive: 135.4, 718.2) and target a unit its controller controls.
 * Reports and returns false when it can't be.
 */
export function equipActivated(replay: Replay, ev: Extract<EventNode, { kind: 'attach' | 'activate' }>, att: CardObj, host: Host, by: PlayerObj | undefined): boolean {
  const activator = by?.id ?? att.controller;
  if (!att.hasEquip && att.lost.has('equip')) {
    replay.report('illegal-attachment', ev.range, msg`${att.id} has lost its Equip (an effect removed the keyword), so it has no Equip ability to use; nothing happens and ${att.id} ${att.attachedTo ? msg`stays attached to ${att.attachedTo.id}` : msg`stays unattached`}. Only an effect that says so can attach it: write that as \`attach ${att.id} to ${host.id}\`, or remove the line.`, { rules: ['801.3.b', '818.1'], subjects: [att.id, host.id] });
    return false;
  }
  if (!att.hasEquip) {
    replay.report('not-attachable', ev.range, msg`${att.id} has no Equip ability, so it can't use Equip; nothing happens. Only an effect that says so can attach it: write that as \`attach ${att.id} to ${host.id}\`.`, { rules: ['818.1', '818.1.a'], subjects: [att.id] });
    return false;
  }
  if (activator !== att.controller) {
    replay.report('impossible-event', ev.by?.range ?? ev.range, msg`Only ${att.id}'s controller, ${att.controller}, can use its Equip ability, not ${activator}. ${att.id} stays where it is. Let ${att.controller} equip it, or remove the line.`, { rules: ['818.1.c.2'], subjects: [att.id] });
    return false;
  }
  if (!equipTiming(replay, ev, att)) return false;
  const target = equipTargetProblem(att, host, activator);
  if (att.attachedTo) {
    // 135.4 / 718.2: an attached gear's printed Rules Text, its Equip included, is inactive, so
    // the ability can't be activated at all: to the unit it is on as much as to any other.
    // That is never a legal attach that merely does nothing (redundant-attach is for `attach`).
    const on = att.attachedTo.id;
    const same = on === host.id;
    replay.report(
      'illegal-attachment',
      ev.range,
      msg`${att.id} is attached to ${on}, so its printed Rules Text — its Equip ability too — is inactive and can't be used${same ? msg`` : msg` to equip ${host.id}`}${target ? msg`; besides, ${target.why}` : msg``}. ${att.id} stays attached to ${on}. ${same ? msg`Remove the line` : msg`Only an effect can move it now (players detach cards only when an effect says so): write that effect as \`attach ${att.id} to ${host.id}\`, or remove the line`}.`,
      {
        rules: ['135.4', '718.2', ...(same ? [] : ['435.2.a']), ...(target ? target.rules : [])],
        fixes: [titledFix(msg`Remove the line`, false, [replay.deleteStatement(ev)])],
        related: att.attachedAt ? [relatedAt(att.attachedAt, msg`${att.id} became attached here`)] : [],
        subjects: [att.id, host.id],
      },
    );
    return false;
  }
  if (target) {
    replay.report('illegal-attachment', ev.range, msg`${att.id}'s Equip can't target ${host.id}: ${target.why}. ${att.id} stays where it is. Equip a unit ${activator} controls, or remove the line.`, { rules: target.rules, subjects: [att.id, host.id], fixes: retarget(replay, att, activator, (ev.kind === 'attach' ? ev.host : ev.target!).range) });
    return false;
  }
  return true;
}

/** Equip targets a unit the activator controls, on the board (818.1.b.1, 818.1.c.2). */
export function equipTargetProblem(att: CardObj, host: Host, activator: string | undefined): { rules: string[]; why: Message } | undefined {
  const rules = ['818.1.b.1', '818.1.c.2'];
  if (!isCard(host) || !isUnit(host)) return { rules, why: msg`Equip attaches to a unit, and ${host.id} is not a unit` };
  if (!onBoard(host)) return { rules: [...rules, '434.1'], why: msg`${host.id} is not on the board (it is ${inZone(host.zone)})` };
  if (host.controller !== activator) {
    // Control that came back as the last turn's `this turn` effects expired (317.2.c) is named.
    if (host.controlEnded) return { rules: [...rules, '317.2.c'], why: msg`Equip attaches to a unit you control, and ${host.id} is controlled by ${host.controller} (${host.controlEnded.from}'s control this turn expired), not ${activator}` };
    return { rules, why: msg`Equip attaches to a unit you control, and ${host.id} is controlled by ${host.controller}, not ${activator}` };
  }
  if (host === att) return { rules: [...rules, '434.1.a'], why: msg`a card can't be attached to itself` };
  return undefined;
}

/** How many cards `retarget` looks at, at most (exported for the tests). */
export const RETARGET_LOOK = 64;

/**
 * Fixes that name another target for an Equip: a unit the activator controls on the board, unattached
 * (818.1.b.1, 818.1.c.2). At most five, looking at no more than the first 64 cards (as MTG's
 * retargetFixes, legality.ts): a file with thousands of cards and illegal lines stays linear, and a
 * board of 64 cards or fewer is offered every one it was.
 */
function retarget(replay: Replay, att: CardObj, activator: string | undefined, range: Range) {
  const out = [];
  let looked = 0;
  for (const c of replay.board.cards.values()) {
    if (++looked > RETARGET_LOOK) break;
    if (c !== att && isUnit(c) && onBoard(c) && c.controller === activator && !c.attachedTo) {
      out.push(titledFix(msg`Equip ${c.id} instead`, false, [{ range, newText: c.id }]));
      if (out.length === 5) break;
    }
  }
  return out;
}
