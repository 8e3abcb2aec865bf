// Riftbound Equip on the chain: `activate X equip targeting U` uses the ability with its target (818.1, 818.1.b.1,
// 818.1.c.2; the checks of equip.ts), and `resolve X equip` resolves it: the unit is checked again (818.1.b.1,
// 818.1.c.2; a unit that left the board is a new object, 124), a gear that left the board attaches nothing (124),
// and otherwise the gear is attached (434). The rules it cites are explained where they are implemented. An Equip is
// used only while no chain exists (151.2, 309.1.a: timing.ts), so at most one Equip is ever on the chain and the
// chain's order (the newest item resolves first) never decides which one `resolve X equip` means.
import type { EventNode } from '../../parser/ast';
import { isCard } from '../../engine/board';
import type { Replay } from '../../engine/replay';
import { type Host, isGear, isUnit, onBoard } from './cards';
import { attachProblem, attachToTopMost } from './attach';
import { equipActivated, equipTargetProblem } from './equip';
import { msg, relatedAt, type Message } from '../../message';
import { abilityTiming, chainItem } from './timing';
import type { StackEntry } from '../../engine/board';
import { inZone } from '../../engine/words';
import { activateNamed, type NamedAbilityWords, resolveNamed } from '../../engine/namedAbilities';
import { isNamedAbility } from '../../parser/keywords';
import { deflectPaid } from './targeting';
import type { RuleExplanation } from '../mtg/explanations';

/** The rules of this module, explained (assembled into the game's rules in explanations.ts). */
export const EXPLAINED: Record<string, RuleExplanation> = {
  '377.3': { title: 'Abilities go on the chain', text: 'An activated ability is put on the chain when it is activated and resolves from there, much as a played card does; one never activated is not there to resolve.' },
  '406.5': { title: 'An ability resolves as a spell does', text: 'Once the other players have had their chance to answer it with Reactions, an ability on the chain is carried out the way a spell is, and its item then leaves the chain.' },
  '359.3.e.2': { title: 'Illegal targets as a spell resolves', text: 'When a spell resolves, a target of it is illegal if it has stopped meeting what the spell requires of that target, or if it has moved into or out of a zone off the board.' },
};

/**
 * Riftbound's words for an ability the scenario names (`ability NAME`): one a gear's Effect Text gives its
 * unit is the unit's (136.2.c), activated by the unit's controller, who may not be the gear's (718.5.e).
 */
const RIFTBOUND_NAMED: NamedAbilityWords = {
  placed: onBoard,
  where: msg`the board`,
  stack: msg`the chain`,
  own: () => [],
  missing: ['136.2.b', '136.2.c'],
  grantWords: 'equipped unit has',
  granted: () => ['136.2.c', '718.5.e'],
  newObject: ['124'],
  resolveRules: [],
  // Its only target gone, it still resolves and does nothing (359.3.e.2, which an ability follows as a spell does, 406.5), as the Equip's does.
  mistargeted: ['359.3.e.2', '406.5'],
  // An activated ability gets on the chain by its activation, and only from there does it resolve (377.3; v1.3's number).
  pendingRules: ['377.3'],
  placedRules: [],
  gone: () => undefined,
  // An attached card's own printed Rules Text is inactive, and an inactive ability can't be used (718.2, 721.2);
  // one an effect gave it (`gains X ability NAME`) is not printed, and stays active (135.4.b).
  inactive: (c, ability) => (c.attachedTo && c.printed.keywords.includes(ability) ? ['718.2', '721.2'] : undefined),
  timing: (replay, ev, c, shown) => abilityTiming(replay, ev, c, shown, isGear(c) ? '151.2' : '145.2', ev.kind === 'activate' ? ev.ability.text : ''),
  targetProblem: () => undefined,
  // Deflect on its target (809.1.c, 809.1.d): another player's permanent costs its value in Power more, to be paid.
  cost: (replay, ev, target, _source, activator) => {
    if (target && isCard(target)) return deflectPaid(replay, ev.range, ev.payingDeflect, [target], activator, msg`nothing goes on the chain`);
    if (!ev.payingDeflect) return true;
    replay.report('impossible-event', ev.payingDeflect, msg`No Deflect adds to this ability's cost, so there is nothing to pay: ${target ? msg`${target.id} is a player, and Deflect is a keyword of permanents` : msg`it chooses nothing`}. Remove \`paying deflect\`.`, { rules: ['809.1.a', '809.1.c'] });
    return false;
  },
  onTop: chainOnTop,
};

/** The newest item on the chain resolves first: true when `entry` is it, else reported (with the line to write first). */
export function chainOnTop(replay: Replay, ev: EventNode, entry: StackEntry | undefined, name: Message): boolean {
  const top = replay.board.stackTop();
  if (!top || top === entry || (entry !== undefined && replay.board.mayResolve(entry))) return true;
  const item = chainItem(top);
  replay.report('resolve-out-of-order', ev.range, msg`${name} can't resolve yet: ${item.what} was added to the chain after it, and the newest item resolves first. This line does nothing. Resolve it first (\`${item.line}\` before this line), or remove the line.`, {
    related: top.at ? [relatedAt(top.at, msg`${item.what} was added to the chain here`)] : [],
    subjects: [top.id],
  });
  return false;
}

/** `activate X equip targeting U [by P]`: the Equip goes on the chain with its target, or can't be used. */
export function activateEvent(replay: Replay, ev: Extract<EventNode, { kind: 'activate' }>): void {
  if (isNamedAbility(ev.ability.text)) return activateNamed(replay, ev, RIFTBOUND_NAMED);
  if (ev.ability.text !== 'equip') {
    replay.report('impossible-event', ev.ability.range, msg`\`${ev.ability.text}\` is not a Riftbound ability; this scenario is \`game riftbound\`. Activate \`equip\`, or remove the line.`);
    return;
  }
  const att = replay.card(ev.subject);
  const host = replay.lookup(ev.target);
  const by = ev.by ? replay.player(ev.by) : undefined;
  if (!att || !host || (ev.by && !by)) return;
  if (!onBoard(att)) {
    replay.report('impossible-event', ev.range, msg`${att.id} is not on the board (it is ${inZone(att.zone)}), so its Equip can't be used: Equip attaches a gear that is in play. Play it first, or remove the line.`, { rules: ['818.1'], subjects: [att.id] });
    return;
  }
  if (!equipActivated(replay, ev, att, host, by)) return;
  replay.board.pushStack({ kind: 'ability', id: att.id, version: att.version, ability: 'equip', target: replay.board.refTo(host), controller: by?.id ?? att.controller, at: ev.range });
  if (replay.noting) replay.note(() => msg`${att.id}'s Equip on the chain targeting ${host.id}`);
}

/** `resolve X equip`: the Equip resolves; with its unit no longer a legal choice it does nothing. */
export function resolveEvent(replay: Replay, ev: Extract<EventNode, { kind: 'resolve' }>): void {
  if (isNamedAbility(ev.ability!.text)) return resolveNamed(replay, ev, RIFTBOUND_NAMED);
  const att = replay.card(ev.subject);
  if (!att) return;
  if (ev.ability!.text !== 'equip') {
    replay.report('impossible-event', ev.ability!.range, msg`\`${ev.ability!.text}\` is not a Riftbound ability; this scenario is \`game riftbound\`. Resolve \`${att.id} equip\`, or remove the line.`);
    return;
  }
  const entry = replay.board.pendingAbility(att.id, 'equip');
  if (!entry) {
    replay.report('impossible-event', ev.range, msg`${att.id} has no Equip waiting on the chain, so none can resolve. Use it first (\`activate ${att.id} equip targeting ...\`), or remove the line.`, { rules: ['818.1'], subjects: [att.id] });
    return;
  }
  // Other items (an ability the scenario names) may have been added after it: the newest resolves first.
  if (!chainOnTop(replay, ev, entry, msg`${att.id}'s Equip`)) return;
  replay.board.removeAbility(entry);
  const ref = entry.target!;
  const target: Host | undefined = replay.board.refTarget(ref);
  const related = entry.at ? [relatedAt(entry.at, msg`the Equip was used here`)] : [];
  const stays = att.attachedTo ? msg`stays attached to ${att.attachedTo.id}` : msg`stays where it is`;
  const problem = !target
    ? { rules: ['818.1.b.1'], why: msg`it no longer exists` }
    : isCard(target) && ref.kind === 'card' && target.version !== ref.version
      ? { rules: ['818.1.b.1', '124'], why: msg`${target.id} left the board after the Equip was used, so it is a new object the Equip never chose` }
      : equipTargetProblem(att, target, entry.controller);
  if (problem) {
    // Mistargeted (359.3.e.2; an ability resolves as a spell does, 406.5): the Equip's one instruction has no valid target, so it does nothing.
    replay.report('target-illegal-on-resolution', ev.range, msg`${att.id}'s Equip does nothing as it resolves: the unit it chose is no longer a legal choice (${problem.why}). ${att.id} ${att.version === entry.version ? stays : msg`is not where it was`}. That is the rules' outcome: if it is meant, an \`expect\` line after it shows so; if not, keep the unit legal until the Equip resolves.`, {
      rules: [...problem.rules, '359.3.e.2', '406.5'],
      related,
      subjects: [att.id, ...(target ? [target.id] : [])],
    });
    if (replay.noting) replay.note(() => msg`no effect: its unit is no longer a legal choice`);
    return;
  }
  const unit = target!;
  if (att.version !== entry.version || !onBoard(att)) {
    replay.report('source-left-before-resolution', ev.range, msg`${att.id}'s Equip resolves, but ${att.id} left the board after the Equip was used: the card now ${inZone(att.zone)} is a new object, so nothing is attached to ${unit.id}. That is the rules' outcome: if it is meant, add an \`expect ${att.id} in ${att.zone}\` line after it to show so; if not, keep ${att.id} on the board until the Equip resolves.`, {
      rules: ['124'],
      related,
      subjects: [att.id, unit.id],
    });
    if (replay.noting) replay.note(() => msg`no effect: ${att.id} left the board`);
    return;
  }
  if (isCard(unit) && att.attachedTo && att.attachedTo.id === unit.id) {
    replay.report('redundant-attach', ev.range, msg`${att.id} is already attached to ${unit.id} as its Equip resolves: attaching a card to its current Top-Most card has no effect. Remove this line and the line that used the Equip, or choose another unit.`, { related, subjects: [att.id, unit.id] });
    return;
  }
  const cant = attachProblem(att, unit);
  if (cant || !isCard(unit) || !isUnit(unit)) {
    replay.report('illegal-attachment', ev.range, cant ? msg`${att.id}'s Equip resolves, but ${att.id} can't be attached to ${unit.id}: ${cant.why}. Nothing happens.` : msg`${att.id}'s Equip resolves, but ${att.id} can't be attached to ${unit.id}. Nothing happens.`, { rules: cant?.rules ?? ['818.1.c.2'], subjects: [att.id, unit.id] });
    return;
  }
  attachToTopMost(replay, ev, att, unit);
}
