// Living weapon (702.92a): "When this Equipment enters, create a 0/0 black Phyrexian Germ creature token,
// then attach this to it." The trigger goes on the stack as the Equipment enters the battlefield, waits
// there with the rest (the stack's order, 405.5), and resolves with `resolve X living weapon creating T`,
// T a creature token the scenario declares off the battlefield (not yet created, 111.1). As it resolves
// the token is created, under the control of the trigger's controller, and the Equipment is attached to
// it: an effect, not the equip ability (no target, no timing). If the Equipment left the battlefield
// meanwhile, the token is still created and nothing is attached (113.7a, 400.7); the 0/0 Germ then dies
// to the state-based actions (704.5f).
import type { EventNode } from '../../parser/ast';
import type { CardObj } from '../../engine/board';
import type { Replay } from '../../engine/replay';
import type { RuleExplanation } from './explanations';
import { hasAbility } from '../../engine/abilities';
import { inZone } from '../../engine/words';
import { msg, relatedAt } from '../../message';
import { describe, isCreature, isEquipment } from './characteristics';
import { attachProblemOn } from './legality';
import { doAttach } from './attach';
import { isPhasedOut } from './phasing';
import { onTop } from './stack';
import { moveTo } from './zones';

export const EXPLAINED: Record<string, RuleExplanation> = {
  '702.92a': { title: 'Living weapon', text: 'A triggered ability of an Equipment: as the Equipment enters the battlefield, it triggers; resolving, it makes a 0/0 black Phyrexian Germ creature token and then attaches the Equipment to that Germ.' },
  '603.3': { title: 'Triggers wait for priority', text: 'An ability that triggered is put on the stack the next time a player would receive priority, controlled by the player who controlled its source; until it resolves, other spells and abilities may go on top of it.' },
};

const LIVING_WEAPON = { kind: 'keyword', name: 'living weapon' } as const;

/**
 * `card` just entered the battlefield: with living weapon, its trigger goes on the stack (603.3), under
 * its controller. Called by moveTo only when some card of the scenario has the keyword (Board.enterTriggers).
 */
export function livingWeaponEnters(replay: Replay, card: CardObj, ev: EventNode): void {
  if (!hasAbility(card, LIVING_WEAPON)) return;
  replay.board.pushStack({ kind: 'ability', id: card.id, version: card.version, ability: 'living weapon', controller: card.controller, at: ev.range });
  if (replay.noting) replay.note(() => msg`${card.id}'s living weapon triggers: it waits on the stack (\`resolve ${card.id} living weapon creating ...\`)`);
}

/** `resolve X living weapon creating T`. */
export function resolveLivingWeapon(replay: Replay, ev: Extract<EventNode, { kind: 'resolve' }>): void {
  const eq = replay.card(ev.subject);
  if (!eq) return;
  const entry = replay.board.pendingAbility(eq.id, 'living weapon');
  if (!entry) {
    const why = hasAbility(eq, LIVING_WEAPON) || eq.decl.props.some((p) => p.kind === 'keyword-ability' && p.name.text === 'living weapon')
      ? msg`${eq.id}'s living weapon triggers as it enters the battlefield, and no trigger of it waits on the stack now`
      : msg`${eq.id} has no living weapon`;
    replay.report('impossible-event', ev.range, msg`${why}, so none resolves. Put ${eq.id} onto the battlefield first (\`enter ${eq.id}\`, or cast and resolve it), or remove the line.`, { rules: ['702.92a', '603.3'], subjects: [eq.id] });
    return;
  }
  // A token that ceased to exist is reported by the lookup (704.5d): living weapon makes a new one.
  const germ = replay.card(ev.creating!);
  if (!germ) return;
  const where = ev.creating!.range;
  if (!germ.token || germ.zone === 'battlefield' || !isCreature(germ)) {
    const what = !germ.token ? msg`${germ.id} is not a token` : germ.zone === 'battlefield' ? msg`${germ.id} is on the battlefield already` : msg`${germ.id} is not a creature (it is ${describe(germ)})`;
    replay.report('impossible-event', where, msg`${what}, and living weapon creates a new creature token (a 0/0 Phyrexian Germ). Name a creature token declared off the battlefield, not yet created (\`token, toughness 0, in exile\`).`, { rules: ['702.92a', '111.1'], subjects: [germ.id] });
    return;
  }
  if (!onTop(replay, ev, entry, msg`${eq.id}'s living weapon trigger`)) return;
  replay.board.removeAbility(entry);
  // The token is created under the control of the trigger's controller (603.3a, 111.2).
  moveTo(replay, germ, 'battlefield', ev);
  if (entry.controller !== undefined) {
    germ.controller = entry.controller;
    germ.enteredUnder = entry.controller;
  }
  const related = entry.at ? [relatedAt(entry.at, msg`living weapon triggered here`)] : [];
  const gone = eq.version !== entry.version || eq.zone !== 'battlefield';
  if (gone || isPhasedOut(eq)) {
    replay.report('source-left-before-resolution', ev.range, gone
      ? msg`${germ.id} is created, but ${eq.id} left the battlefield after its living weapon triggered: it is a new object ${inZone(eq.zone)}, and nothing is attached to ${germ.id}. That is the rules' outcome: if it is meant, the state-based actions that follow (a 0/0 Germ dies) are the next lines.`
      : msg`${germ.id} is created, but ${eq.id} is phased out, and a phased-out permanent is treated as though it doesn't exist: nothing is attached to ${germ.id}. That is the rules' outcome: if it is meant, the state-based actions that follow (a 0/0 Germ dies) are the next lines.`, {
      rules: gone ? ['113.7a', '400.7', '702.92a'] : ['113.7a', '702.26b', '702.92a'],
      related,
      subjects: [eq.id, germ.id],
    });
    return;
  }
  const cant = !isEquipment(eq) ? { code: undefined, rules: ['301.5c'], why: msg`${eq.id} is no longer an Equipment (it is ${describe(eq)})` } : attachProblemOn(replay.board, eq, germ, false);
  if (cant) {
    const stays = eq.attachedTo ? msg`stays attached to ${eq.attachedTo.id}` : msg`stays unattached`;
    replay.report(cant.code ?? 'source-left-before-resolution', ev.range, msg`${germ.id} is created, but ${eq.id} can't be attached to it: ${cant.why}. The attach does nothing: ${eq.id} ${stays}. That is the rules' outcome: if it is meant, an \`expect\` line after it shows so.`, {
      rules: [...cant.rules, '701.3b', '702.92a'],
      related,
      subjects: [eq.id, germ.id],
    });
    return;
  }
  doAttach(replay, eq, germ, ev.range);
}
