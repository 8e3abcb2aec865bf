// Living weapon (702.92a), For Mirrodin! (702.163a) and Job select (702.182a): "When this Equipment enters,
// create a 0/0 black Phyrexian Germ (a 2/2 red Rebel, a 1/1 colorless Hero) creature token, then attach
// this to it." The trigger goes on the stack as the Equipment enters the battlefield, waits there with the
// rest (the stack's order, 405.5), and resolves with `resolve X living weapon creating T` (`for mirrodin`,
// `job select`), T a creature token the scenario
// declares off the battlefield (not yet created, 111.1). As it resolves the token is created, under the
// control of the trigger's controller, and the Equipment is attached to it: an effect, not the equip
// ability (no target, no timing). If the Equipment left the battlefield meanwhile, the token is still
// created and nothing is attached (113.7a, 400.7); a 0/0 Germ then dies to the state-based actions (704.5f).
import type { EventNode, TokenTrigger } from '../../parser/ast';
import type { Replay } from '../../engine/replay';
import type { RuleExplanation } from './explanations';
import { hasAbility } from '../../engine/abilities';
import { inZone } from '../../engine/words';
import { msg, relatedAt, type Message } from '../../message';
import { describe, isCreature, isEquipment } from './characteristics';
import { attachProblemOn } from './legality';
import { doAttach } from './attach';
import { isPhasedOut } from './phasing';
import { onTop } from './stack';
import { moveTo } from './zones';

export const EXPLAINED: Record<string, RuleExplanation> = {
  '702.92a': { title: 'Living weapon', text: 'A triggered ability of an Equipment: as the Equipment enters the battlefield, it triggers; resolving, it makes a 0/0 black Phyrexian Germ creature token and then attaches the Equipment to that Germ.' },
  '702.163a': { title: 'For Mirrodin!', text: 'A triggered ability of an Equipment: as the Equipment enters the battlefield, it triggers; resolving, it makes a 2/2 red Rebel creature token and then attaches the Equipment to that Rebel.' },
  '702.182a': { title: 'Job select', text: 'A triggered ability of an Equipment: as the Equipment enters the battlefield, it triggers; resolving, it makes a 1/1 colorless Hero creature token and then attaches the Equipment to that Hero.' },
  '113.2c': { title: 'Several instances of one ability', text: 'An object can have the same ability more than once, and each instance works on its own. Whether that does more than one instance would depends on the ability: a triggered ability written twice triggers twice, and each of those instances makes its own token, while a second flying adds nothing.' },
  '111.2': { title: 'Who owns a token', text: 'A token belongs to the player who created it, and comes onto the battlefield controlled by that player.' },
  '603.3': { title: 'Triggers wait for priority', text: 'An ability that triggered is put on the stack the next time a player would receive priority, controlled by the player who controlled its source; until it resolves, other spells and abilities may go on top of it.' },
};

/** Each trigger's rule, its name in prose and the token it makes. */
const TRIGGER: Record<TokenTrigger, { rule: string; name: Message; token: Message; declared: string }> = {
  'living weapon': { rule: '702.92a', name: msg`living weapon`, token: msg`a 0/0 black Phyrexian Germ`, declared: 'token, toughness 0, in exile' },
  'for mirrodin': { rule: '702.163a', name: msg`For Mirrodin!`, token: msg`a 2/2 red Rebel`, declared: 'token, toughness 2, in exile' },
  'job select': { rule: '702.182a', name: msg`Job select`, token: msg`a 1/1 colorless Hero`, declared: 'token, toughness 1, in exile' },
};

/** `resolve X living weapon creating T`, `resolve X for mirrodin creating T`, `resolve X job select creating T`. */
export function resolveLivingWeapon(replay: Replay, ev: Extract<EventNode, { kind: 'resolve' }>): void {
  const eq = replay.card(ev.subject);
  if (!eq) return;
  const kw = ev.ability!.text as TokenTrigger;
  const t = TRIGGER[kw];
  const entry = replay.board.pendingAbility(eq.id, kw);
  if (!entry) {
    // The player who controlled it left the game: the abilities they controlled ceased to exist (800.4a).
    if (eq.zone === 'outside' || (eq.owner !== undefined && replay.board.players.get(eq.owner)?.left)) {
      replay.report('impossible-event', ev.range, msg`${eq.id}'s owner has left the game, and with them the abilities they controlled on the stack ceased to exist: no ${t.name} trigger of ${eq.id} waits to resolve. Remove the line.`, { rules: ['800.4a', t.rule], subjects: [eq.id] });
      return;
    }
    const why = hasAbility(eq, { kind: 'keyword', name: kw }) || eq.decl.props.some((p) => p.kind === 'keyword-ability' && p.name.text === kw)
      ? msg`${eq.id}'s ${t.name} triggers as it enters the battlefield, and no trigger of it waits on the stack now`
      : msg`${eq.id} has no ${t.name}`;
    replay.report('impossible-event', ev.range, msg`${why}, so none resolves. Put ${eq.id} onto the battlefield first (\`enter ${eq.id}\`, or cast and resolve it), or remove the line.`, { rules: [t.rule, '603.3'], subjects: [eq.id] });
    return;
  }
  // A token that ceased to exist is reported by the lookup (704.5d): the trigger makes a new one.
  const germ = replay.card(ev.creating!);
  if (!germ) return;
  const where = ev.creating!.range;
  if (!germ.token || germ.zone === 'battlefield' || germ.zone === 'stack' || !isCreature(germ)) {
    const what = !germ.token
      ? msg`${germ.id} is not a token`
      : germ.zone === 'battlefield'
        ? msg`${germ.id} is on the battlefield already`
        : germ.zone === 'stack'
          ? msg`${germ.id} is declared on the stack, which makes it a copy of a spell`
          : msg`${germ.id} is not a creature (it is ${describe(germ)})`;
    replay.report('impossible-event', where, msg`${what}, and ${t.name} creates a new creature token (${t.token}). Name a creature token declared off the battlefield, not yet created (\`${t.declared}\`).`, { rules: [t.rule, '111.1'], subjects: [germ.id] });
    return;
  }
  // The player who creates a token owns it (111.2): the trigger's controller.
  if (entry.controller !== undefined && germ.owner !== entry.controller) {
    replay.report('impossible-event', where, msg`${germ.id} is declared owned by ${germ.owner ?? msg`nobody`}, and the player who creates a token owns it: ${entry.controller}, who controls ${eq.id}'s ${t.name} trigger. Declare ${germ.id} \`owner ${entry.controller}\`, or name a token ${entry.controller} owns.`, { rules: ['111.2', t.rule], subjects: [germ.id] });
    return;
  }
  if (!onTop(replay, ev, entry, msg`${eq.id}'s ${t.name} trigger`)) return;
  replay.board.removeAbility(entry);
  // The token is created under the control of the trigger's controller, its owner (603.3a, 111.2).
  moveTo(replay, germ, 'battlefield', ev);
  const related = entry.at ? [relatedAt(entry.at, msg`${t.name} triggered here`)] : [];
  const gone = eq.version !== entry.version || eq.zone !== 'battlefield';
  if (gone || isPhasedOut(eq)) {
    replay.report('source-left-before-resolution', ev.range, gone
      ? msg`${germ.id} is created, but ${eq.id} left the battlefield after its ${t.name} triggered: ${eq.zone === 'battlefield' ? msg`back on the battlefield, it is a new object` : msg`it is a new object ${inZone(eq.zone)}`}, and nothing is attached to ${germ.id}. That is the rules' outcome: if it is meant, add an \`expect\` line after it to show so; if not, keep ${eq.id} on the battlefield until the trigger resolves.`
      : msg`${germ.id} is created, but ${eq.id} is phased out, and a phased-out permanent is treated as though it doesn't exist: nothing is attached to ${germ.id}. That is the rules' outcome: if it is meant, add an \`expect\` line after it to show so; if not, keep ${eq.id} phased in until the trigger resolves.`, {
      rules: gone ? ['113.7a', '400.7', t.rule] : ['113.7a', '702.26b', t.rule],
      related,
      subjects: [eq.id, germ.id],
    });
    return;
  }
  const cant = !isEquipment(eq) ? { code: undefined, rules: ['301.5c'], why: msg`${eq.id} is no longer an Equipment (it is ${describe(eq)})` } : attachProblemOn(replay.board, eq, germ, false);
  if (cant) {
    const stays = eq.attachedTo ? msg`stays attached to ${eq.attachedTo.id}` : msg`stays unattached`;
    replay.report(cant.code ?? 'source-left-before-resolution', ev.range, msg`${germ.id} is created, but ${eq.id} can't be attached to it: ${cant.why}. The attach does nothing: ${eq.id} ${stays}. That is the rules' outcome: if it is meant, add an \`expect\` line after it to show so.`, {
      rules: [...cant.rules, '701.3b', t.rule],
      related,
      subjects: [eq.id, germ.id],
    });
    return;
  }
  doAttach(replay, eq, germ, ev.range);
}
