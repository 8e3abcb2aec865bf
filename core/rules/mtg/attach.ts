// MTG attach and unattach (701.3, 701.3b-d), equip and fortify as events (301.5b, 301.5d, 602.2), moving an Aura
// (303.4j), attach triggers (603.2e), and the initial `attached to` of a declaration.
import type { CardStmt, EventNode, Word } from '../../parser/ast';
import { MTG_COLORS } from '../../parser/keywords';
import type { Range } from '../../types';
import { type CardObj, isCard } from '../../engine/board';
import type { DeclaredAttachment, Replay } from '../../engine/replay';
import type { RuleExplanation } from './explanations';
import { describe, equipsAsPlaneswalker, type Host, isAura, isEquipment, isFortification, lossWords, lostEquip, lostFortify, missingActivatedAbility, readingSiblings, reconfigureOnly } from './characteristics';
import { attachProblemOn, ignoringGrantsOf, retargetFixes, touch } from './legality';
import { activationTargetProblem, describedTargetProblem, effectTargetProblem } from './targeting';
import { unpaidWard } from './targetingKeywords';
import { targetOutOfRange } from './influence';
import { isPhasedOut, phasedOutSubject } from './phasing';
import { sorceryTiming } from './timing';
import { msg, relatedAt, titledFix } from '../../message';
import { abilityWord, inZone } from '../../engine/words';
import { fire, fireGetsAttached, ON_ATTACHED, ON_UNATTACHED } from '../../engine/triggers';

/** The rules of this module, explained (assembled into the game's rules in explanations.ts). */
export const EXPLAINED: Record<string, RuleExplanation> = {
  '701.3': { title: 'Attach and unattach', text: 'The keyword action that puts an Aura, Equipment or Fortification onto an object or player, or takes it off.' },
  '701.3b': { title: 'Attaches that do nothing', text: 'If the new host is illegal, the attachment does not move; if it is already attached to that host, nothing happens; if the card is not an Aura, Equipment or Fortification, nothing happens and it does not move.' },
  '701.3c': { title: 'New timestamp on moving', text: 'An attachment moved onto a different object or player gets a new timestamp.' },
  '701.3d': { title: 'Unattach', text: 'Unattaching leaves the Equipment on the battlefield attached to nothing. An attachment also "becomes unattached" when it leaves the battlefield, when its host leaves its zone, or when the player it is on leaves the game.' },
  '301.5b': { title: 'Equipping and failed attaches', text: "Equipment enters the battlefield unattached, like any other artifact. Its equip ability attaches it to a creature you control, and who controls that creature matters only as the ability is activated and as it resolves. Other spells and abilities may attach Equipment too; one that tries to put it on something it can't equip leaves it where it is." },
  '301.5d': { title: 'Two controllers', text: "The Equipment's controller and the equipped creature's controller are separate; a control change of one does not change the other. Only the Equipment's controller can activate its own abilities, such as equip; but an ability it grants the creature (\"equipped creature has ...\") is activated only by the creature's controller." },
  '303.4j': { title: 'Moving an Aura illegally', text: 'An effect that tries to attach an Aura already on the battlefield to something it cannot enchant leaves it where it is.' },
  '603.3a': { title: 'Who controls a triggered ability', text: 'A triggered ability belongs to whoever controlled its source when it triggered (a delayed triggered ability has rules of its own).' },
  '602.2': { title: 'Who activates', text: 'Unless the object itself says otherwise, only its controller (its owner, if nobody controls it) can activate its activated abilities, such as equip or fortify.' },
  '603.2e': { title: 'Triggers on becoming attached', text: 'A "becomes attached" (or "becomes unattached") trigger fires only at the moment the event happens: not when the state already exists, and not again while it lasts.' },
  '603.10a': { title: 'Leaving triggers look back', text: 'Some abilities that trigger on a change of zone are judged by the game as it stood just before the event: those that trigger on something leaving the battlefield (a creature dying, say), on a card leaving a graveyard, or on an object every player can see going to a hand or a library. So an Equipment destroyed together with its creature still sees that creature die while equipped.' },
  '603.10c': { title: 'Unattach triggers look back', text: 'An ability that triggers when an object becomes unattached is judged by the game as it stood just before: it triggers even when the attachment itself left the battlefield, which is its becoming unattached.' },
  '614.1c': { title: 'Effects that apply as a permanent enters', text: 'Words such as "as this permanent enters" (a color chosen then), "enters with" or "enters as" make a replacement effect: they change the entering itself rather than following it, so what they say is already true the moment the permanent is on the battlefield.' },
  '614.12': { title: 'How a permanent enters', text: 'A replacement effect that changes how a permanent enters the battlefield (it enters tapped, or a choice is made as it enters) may come from the permanent itself, if it affects only that permanent, or from another source. Which of them apply, and how, is judged on the permanent as it will be once there, with its own static abilities and the effects already in place: a bestowed Aura entering is no creature. A copy entering makes a choice of its own.' },
  '607.2d': { title: 'Abilities linked by a choice', text: 'When a card has one printed ability that has a player choose a value (a color: Benevolent Blessing as it enters, Sanctuary Blade each time it becomes attached, by its own words) and another that names "the chosen" or "the last chosen" value, the two are linked: the second reads only the choices the first made, the latest one. A new object, or a copy, has made no such choice.' },
  '105.1': { title: 'The five colors', text: 'Magic has five colors: white, blue, black, red and green. Colorless is not one of them (a colorless object has no color at all), so a color chosen is never colorless.' },
  '700.4': { title: 'Dies', text: '"Dies" means put into a graveyard from the battlefield; a creature that is exiled instead (a replacement) does not die.' },
};

function nameRange(decl: CardStmt, at: Range): Range {
  const p = decl.props.find((x) => x.kind === 'attached' && x.range === at);
  return p && p.kind === 'attached' ? p.target.range : at;
}

function related(att: CardObj) {
  return att.attachedAt ? [relatedAt(att.attachedAt, msg`${att.id} became attached here`)] : [];
}

/**
 * Attaches as the rules do: new timestamp (613.7e), the old host loses it (the attach records that). `color`: the color
 * chosen as it becomes attached, for a card that chooses one (Sanctuary Blade, 607.2d): a new choice at each attach, none
 * when the line that attaches it can't say one (its grant then gives no protection from a chosen color).
 */
export function doAttach(replay: Replay, att: CardObj, host: Host, at: Range, color?: string): void {
  // Moved from another host: it becomes unattached from that one first (701.3b), and attached to this one (603.2e).
  if (att.triggers !== 0) {
    const old = att.attachedTo ? replay.board.hostOf(att) : undefined;
    if (old) fire(replay, att, ON_UNATTACHED, 'unattached', old);
    fire(replay, att, ON_ATTACHED, 'attached', host);
  }
  // The host's "whenever an Aura (an Equipment) becomes attached to this" (Bramble Elemental), as it happens (603.2e).
  if (replay.board.triggersDeclared && isCard(host)) fireGetsAttached(replay, host, att, isAura(att) || att.bestowed, isEquipment(att));
  // The new timestamp first (613.7e): the grants the attachment brings take it (613.7a).
  replay.board.stamp(att);
  replay.board.link(att, host, at, att.choosesColor ? { color } : undefined);
  if (color !== undefined && replay.noting) replay.note(() => msg`${att.id} chose ${color}`);
  // A card in a graveyard as the host (109.2a) is named with its zone.
  if (replay.noting) replay.note(() => isCard(host) && host.zone !== 'battlefield' ? msg`${att.id} → ${host.id} ${inZone(host.zone)} (t${att.timestamp})` : msg`${att.id} → ${host.id} (t${att.timestamp})`);
  touch(replay, att);
}

/** Unattaches as an event does (701.3d): what was around it is looked at again (touch). */
export function doUnattach(replay: Replay, att: CardObj): void {
  const host = replay.board.unlink(att);
  if (host && att.triggers !== 0) fire(replay, att, ON_UNATTACHED, 'unattached', host);
  if (replay.noting) replay.note(() => msg`${att.id} unattached`);
  touch(replay, att);
}

/**
 * An initial `attached to` in a card's declaration: made at once, but a card off the battlefield is
 * attached to nothing (701.3d). Its legality is judged once every declared attachment is made
 * (judgeDeclared).
 */
export function initialAttach(replay: Replay, card: CardObj, host: Host, at: Range): boolean {
  if (card.zone !== 'battlefield') {
    replay.report('illegal-attachment', at, msg`${card.id} is ${inZone(card.zone)}, and a card that is not on the battlefield is attached to nothing (leaving the battlefield unattaches it). Remove \`attached to\`, or put it on the battlefield.`, { rules: ['701.3d'], subjects: [card.id] });
    return false;
  }
  // A bestow card that is no Aura can be attached to something only as a bestowed Aura: declared so,
  // it was cast bestowed, an Aura enchantment with enchant creature and no creature (702.103b).
  if (card.bestow && !isAura(card)) card.bestowed = true;
  replay.board.stamp(card);
  replay.board.link(card, host, at);
  return true;
}

/**
 * The declared attachments judged on the board the declarations make, all of them attached: a
 * Control Magic declared on a creature makes it its controller's (613.1b) for an `enchant creature you
 * control` Aura on it and for the range of influence (801.2, 801.8), whichever line comes first. Each is
 * decided on that one board, then the illegal ones are taken off together (as the state-based actions
 * of one check, 704.3); what taking them off changes is the starting board's state-based actions'
 * (sba.ts). An attachment's own grants are not there yet as its own legality is judged (an Aura whose
 * protection covers itself is the state-based actions' too). Linear: one judgment per attachment.
 */
export function judgeDeclared(replay: Replay, linked: readonly DeclaredAttachment[], within: (d: DeclaredAttachment, fn: () => void) => void): void {
  const board = replay.board;
  const off: CardObj[] = [];
  for (let i = 0; i < linked.length; i++) {
    const d = linked[i];
    // A card declared with two `attached to` is on the last one (its earlier one was replaced).
    if (board.hostOf(d.card) !== d.host) continue;
    within(d, () => {
      if (declaredProblem(replay, d.card, d.host, d.at)) off.push(d.card);
    });
  }
  for (let i = 0; i < off.length; i++) board.unlink(off[i]);
  // A declared card attached to a phased-out host starts phased out with it (702.26g).
  for (let i = 0; i < linked.length; i++) {
    const d = linked[i];
    if (isCard(d.host) && d.host.zone === 'battlefield' && d.host.phasedOut !== 'no' && board.hostOf(d.card) === d.host) phasedOutWithHost(replay, d.card);
  }
}

/** Reports why a declared attachment can't start attached (its host has every declared attachment on it), and says whether it can't. */
function declaredProblem(replay: Replay, card: CardObj, host: Host, at: Range): boolean {
  // Luxior declared on a planeswalker: attached as equip planeswalker does (702.6e); its own grant is
  // applied before the starting board's state-based actions judge it.
  // Daybreak Coronet: the other Auras on its host are the declared board's state-based actions' to judge.
  // A phased-out host (702.26g): the attachment phased out with it, so it is judged as it was then,
  // with its host phased in, and starts phased out along with it (judgeDeclared).
  const hostOut = isCard(host) && host.zone === 'battlefield' && host.phasedOut !== 'no' ? host : undefined;
  const was = hostOut?.phasedOut;
  if (hostOut) hostOut.phasedOut = 'no';
  let problem;
  try {
    problem = ignoringGrantsOf(replay.board, (id) => id === card.id, () => readingSiblings('waived', () => attachProblemOn(replay.board, card, host, false, equipsAsPlaneswalker(card, host))));
  } finally {
    if (hostOut) hostOut.phasedOut = was!;
  }
  if (!problem) return false;
  // An Aura that starts unattached goes to its owner's graveyard at once (704.5m: the starting board's state-based actions).
  const aura = !problem.code && isAura(card) && !card.bestowed;
  // A bestowed Aura that starts unattached stops being bestowed: a creature on the battlefield (702.103f).
  const unbestowed = !problem.code && card.bestowed;
  // An Aura that enchants only cards in a graveyard, declared on a permanent: Animate Dead after it returned
  // its creature, whose enchant changed as it did (its own text): the declaration is to say the enchant it has then.
  const returned = aura && isCard(host) && host.zone === 'battlefield' && card.enchant.length > 0 && card.enchant.every((f) => f.zone !== undefined);
  replay.report(problem.code ?? 'illegal-attachment', at, msg`${card.id} can't start attached to ${host.id}: ${problem.why}. ${problem.code ? msg`Nothing attaches it` : aura ? msg`It starts unattached, and an Aura attached to nothing goes to its owner's graveyard at once` : unbestowed ? msg`It starts unattached and, no longer bestowed, stays on the battlefield as a creature` : msg`It starts unattached`}. Remove \`attached to ${host.id}\`${problem.code ? msg`` : msg`, or name a legal host`}.${returned ? msg` If ${card.id} returned ${host.id} to the battlefield (Animate Dead), its card changed its enchant as it did: declare the one it has now, \`enchant creature\`.` : ''}`, {
    rules: aura ? [...problem.rules, '704.5m'] : unbestowed ? [...problem.rules, '702.103f'] : problem.rules,
    fixes: retargetFixes(replay, card, (h) => !attachProblemOn(replay.board, card, h), nameRange(card.decl, at), host),
    subjects: [card.id, host.id],
  });
  return true;
}

/**
 * A declared card attached to a phased-out host starts phased out along with it (702.26g), and so does
 * everything attached beneath it, however deep, each then phasing in with the host. One declared
 * `phased out` itself is read the same way: phased out with its host at the same moment, which makes it
 * phased out only indirectly (702.26h). A loop over a list, once per card (a cycle ends it).
 */
function phasedOutWithHost(replay: Replay, card: CardObj): void {
  const todo = [card];
  const seen = new Set<CardObj>();
  while (todo.length > 0) {
    const c = todo.pop()!;
    if (seen.has(c)) continue;
    seen.add(c);
    c.phasedOut = 'indirect';
    for (const id of c.attachments) todo.push(replay.board.cards.get(id)!);
  }
}

export function attachEvent(replay: Replay, ev: Extract<EventNode, { kind: 'attach' }>): void {
  // Deflect is Riftbound's (809); MTG's cost on a target is ward's (702.21a).
  if (ev.payingDeflect) {
    replay.report('syntax-error', ev.payingDeflect, msg`\`paying deflect\` is Riftbound's (the Power that Deflect adds to a spell or ability); this scenario is \`game mtg\`, where a target's cost is ward's. Write \`paying ward\`, or remove it.`, { rules: ['702.21a'] });
    return;
  }
  const att = replay.card(ev.subject);
  const host = replay.lookup(ev.host);
  const by = ev.by ? replay.player(ev.by) : undefined;
  if (!att || !host || (ev.by && !by)) return;
  // A player who left the game does nothing more (800.4a): no ability of theirs is activated or put onto the stack (800.4b).
  if (by?.left) {
    replay.report('impossible-event', ev.by!.range, msg`${by.id} has left the game, and a player who has left does nothing more: nothing is attached, and ${att.id} ${att.attachedTo ? msg`stays attached to ${att.attachedTo.id}` : msg`stays unattached`}. Remove the line, or name a player still in the game.`, { rules: ['800.4a', '800.4b'], subjects: [by.id, att.id] });
    return;
  }
  const verb = ev.verb;
  if (ev.color && !choiceReadable(replay, att, ev.color)) return;
  if (isPhasedOut(att) && phasedOutSubject(replay, att, ev, verb === 'attach' ? msg`attaching it` : msg`activating its ${abilityWord(verb)}`)) return;
  if (att.zone !== 'battlefield') {
    const where = att.zone === 'outside' ? msg`in no zone (it left the game)` : inZone(att.zone);
    const why = verb === 'attach' ? '' : msg` An ${abilityWord(verb)} is activated only by a permanent on the battlefield.`;
    replay.report('impossible-event', ev.range, msg`${att.id} is ${where}, so ${verb === 'attach' ? msg`it can't be attached` : msg`its ${abilityWord(verb)} can't be activated`}.${why} Put it onto the battlefield first, or remove the line.`, { rules: [verb === 'equip' ? '702.6a' : verb === 'fortify' ? '702.67a' : '701.3a'], subjects: [att.id] });
    return;
  }
  const activator = by?.id ?? att.controller;

  if (verb === 'equip' || verb === 'fortify') {
    const want = verb === 'equip' ? isEquipment(att) : isFortification(att);
    const kw = verb === 'equip' ? '702.6a' : '702.67a';
    // An attachment of another kind: it has no such ability (702.6a, 702.67a), which is no matter of 701.3b.
    const missing = want ? undefined : missingActivatedAbility(att, verb);
    if (missing) {
      replay.report('impossible-event', ev.range, missing.message, { rules: missing.rules, subjects: [att.id] });
      return;
    }
    if (!want && att.faceDown !== undefined) {
      // 708.2a: face down, its card's Equipment (Fortification) is hidden: a 2/2 creature with no subtypes or text.
      replay.report('not-attachable', ev.range, msg`${att.id} is face down, a 2/2 creature with no subtypes or text: it is not ${verb === 'equip' ? msg`an Equipment` : msg`a Fortification`} while it is face down, so it has no ${abilityWord(verb)} to activate. Nothing happens. Turn it face up first, or remove the line.`, { rules: [kw, verb === 'equip' ? '301.5c' : '301.6', '708.2a'], subjects: [att.id] });
      return;
    }
    if (!want) {
      replay.report('not-attachable', ev.range, msg`${describe(att)} is not ${verb === 'equip' ? msg`an Equipment` : msg`a Fortification`}, so it has no ${abilityWord(verb)} to activate. Nothing happens. Declare it with the ${verb === 'equip' ? msg`Equipment` : msg`Fortification`} subtype if that was meant, or remove the line.`, { rules: [kw, verb === 'equip' ? '301.5c' : '301.6'], subjects: [att.id] });
      return;
    }
    if (verb === 'equip' ? lostEquip(att) : lostFortify(att)) {
      const where = att.attachedTo ? msg`it stays attached to ${att.attachedTo.id}` : msg`it stays unattached`;
      replay.report('illegal-attachment', ev.verbRange, msg`${att.id} has lost its ${abilityWord(verb)} (${lossWords(att)}), so there is no ${abilityWord(verb)} to activate: ${where}. Write the effect that attaches it as \`attach ${att.id} to ${host.id}\`, or remove the line.`, { rules: [kw, '113.10'], subjects: [att.id, host.id] });
      return;
    }
    if (activator !== att.controller) {
      replay.report('impossible-event', ev.by?.range ?? ev.range, (verb === 'equip' ? msg`${activator} can't activate ${att.id}'s equip ability: only its controller, ${att.controller}, can, so the activation doesn't happen and ${att.id} stays where it is. Let ${att.controller} equip it (\`by ${att.controller}\`), or remove the line.` : msg`${activator} can't activate ${att.id}'s fortify ability: only its controller, ${att.controller}, can, so the activation doesn't happen and ${att.id} stays where it is. Let ${att.controller} fortify it (\`by ${att.controller}\`), or remove the line.`), { rules: ['301.5d', '602.2'], subjects: [att.id] });
      return;
    }
    // The one-line `equip` of a card with reconfigure and no equip ability (Lion Sash) is its reconfigure:
    // timed as reconfigure, which Leonin Shikari's permission doesn't cover (702.151a, 602.5d).
    if (!sorceryTiming(replay, ev, att, verb === 'equip' && reconfigureOnly(att) ? 'reconfigure' : verb)) return;
  }
  // An effect that targets both (`attach X to H targeting`): each target must be legal as it is
  // chosen (601.2c, 602.2b), or the spell or ability can't be put on the stack with it.
  if (ev.targeting) {
    if (verb !== 'attach') {
      replay.report('syntax-error', ev.targeting.range, msg`\`${verb}\` is an ability that targets already; \`targeting\` is for an effect that attaches (\`attach X to H targeting\`). Remove it.`);
      return;
    }
    const source = ev.targeting.source ? replay.card(ev.targeting.source) : undefined;
    if (ev.targeting.source && !source) return;
    if (source && !sourceCanAct(replay, ev, source, by?.id)) return;
    const controller = by?.id ?? source?.controller ?? att.controller;
    // What the source says it targets (Brass Squire: "target Equipment you control"; with several such
    // abilities, one whose words both targets fit, else one that fits what is attached, else the first), then what stops it.
    const abilities = source?.attachTargets ?? [];
    const fitsWhat = (d: (typeof abilities)[number]) => !describedTargetProblem(att, d.what, source!, controller);
    const described = abilities.find((d) => fitsWhat(d) && !describedTargetProblem(host, d.to, source!, controller)) ?? abilities.find(fitsWhat) ?? abilities[0];
    for (const [t, f] of [[att, described?.what], [host, described?.to]] as const) {
      const p = (f && source ? describedTargetProblem(t, f, source, controller) : undefined) ?? effectTargetProblem(t, source, controller) ?? targetOutOfRange(replay.board, t, controller);
      if (!p) continue;
      replay.report('illegal-attachment', ev.range, msg`${att.id} can't be attached to ${host.id} by an effect that targets both: ${p.why}. The spell or ability can't target it, so nothing happens: ${att.id} ${att.attachedTo ? msg`stays attached to ${att.attachedTo.id}` : msg`stays unattached`}. Choose a legal target, or remove the line.`, {
        rules: [...p.rules, '601.2c', '602.2b'],
        subjects: [att.id, host.id],
      });
      if (replay.noting) replay.note(() => msg`no effect: ${att.id} doesn't move`);
      return;
    }
    if (wardCounters(replay, ev, att, host, controller)) return;
  }
  // Target legality first (602.2b, 601.2c): an equip or fortify whose target is illegal can't be
  // activated with that target, even when the Equipment is already on it. Only an attach that
  // would otherwise be legal can be redundant (701.3b).
  const aimed = activationTargetProblem(att, host, verb, activator);
  const problem = aimed ?? attachProblemOn(replay.board, att, host, false, verb === 'equip' && equipsAsPlaneswalker(att, host));
  if (problem) {
    const where = att.attachedTo ? msg`stays attached to ${att.attachedTo.id}` : msg`stays unattached`;
    // The rule that says the attachment stays where it is: 701.3b for attach effects, and for an
    // Aura or Equipment its own restatement (303.4j, 301.5b). report() drops repeated numbers.
    // A target the ability can't have is decided by the targeting rule alone; a host it can't be on,
    // by 701.3a ("can't be attached to" what it couldn't enchant, equip or fortify) and its own rule.
    const staysRules = problem.code ? [] : [...(aimed ? [] : ['701.3a']), ...(verb === 'attach' ? ['701.3b'] : []), ...(isAura(att) ? ['303.4j'] : isEquipment(att) ? ['301.5b'] : [])];
    const outcome = problem.code ? msg`The effect does nothing` : msg`It doesn't move: it ${where}`;
    const advice = verb === 'equip' ? msg`Equip a legal target, or remove the line.` : msg`Fortify a legal target, or remove the line.`;
    // A legal target the attachment can't be on (it can't be equipped; Konda's Banner's own
    // restriction): the ability may target it, and resolving, attaches nothing (701.3b).
    const message = verb === 'attach'
      ? msg`${att.id} can't be attached to ${host.id}: ${problem.why}. ${outcome}. Attach it to a legal host, or remove the line.`
      : aimed || problem.code
        ? msg`${att.id}'s ${abilityWord(verb)} can't target ${host.id}: ${problem.why}. ${outcome}. ${advice}`
        : msg`${att.id}'s ${abilityWord(verb)} may target ${host.id}, but ${att.id} can't be attached to it: ${problem.why}. As the ability resolves, ${att.id} doesn't move: it ${where}. ${advice}`;
    replay.report(problem.code ?? 'illegal-attachment', ev.range, message, {
      rules: [...problem.rules, ...staysRules],
      related: related(att),
      fixes: problem.code ? [] : retargetFixes(replay, att, (h) => !activationTargetProblem(att, h, verb, activator) && !attachProblemOn(replay.board, att, h), ev.host.range, replay.board.hostOf(att)),
      subjects: [att.id, host.id],
    });
    if (replay.noting) replay.note(() => msg`no effect: ${att.id} doesn't move`);
    return;
  }
  if (att.attachedTo && replay.board.hostOf(att) === host) {
    replay.report('redundant-attach', ev.range, msg`${att.id} is already attached to ${host.id}, so this ${verb === "attach" ? msg`attach` : verb === "equip" ? msg`equip` : msg`fortify`} does nothing: it doesn't become attached again and gets no new timestamp.${ev.color ? noNewChoice(att) : msg``} Remove the line, or attach it to something else.`, {
      rules: ['701.3c'],
      related: related(att),
      fixes: [replay.removalFix(ev, true)],
      subjects: [att.id, host.id],
    });
    if (replay.noting) replay.note(() => msg`no effect: already on ${host.id}`);
    return;
  }
  if (att.choosesColor && !ev.color) return missingChoice(replay, ev, att, host, verb);
  doAttach(replay, att, host, ev.range, ev.color?.text);
}

/** A redundant attach with `choosing C` (701.3b): it doesn't become attached, so no color is chosen (607.2d). */
export function noNewChoice(att: CardObj) {
  return att.chosenColor !== undefined ? msg` No new color is chosen either (a color is chosen as it becomes attached): the chosen color stays ${att.chosenColor}.` : msg` No new color is chosen either (a color is chosen as it becomes attached).`;
}

/** The C of `choosing C` is one of the five colors (105.1): reported when not, and the line does nothing. */
function colorChosen(replay: Replay, card: CardObj, color: Word): boolean {
  if (MTG_COLORS.includes(color.text)) return true;
  replay.report('syntax-error', color.range, msg`'${color.text}' is not a color: the color chosen is one of white, blue, black, red and green (colorless is no color). Nothing happens on this line.`, { rules: ['105.1'], subjects: [card.id] });
  return false;
}

/**
 * `choosing C` on an attach, an equip or its resolution: C must be a color (105.1) and the card must choose one as it
 * becomes attached (607.2d, Sanctuary Blade). Reported when not, and the line does nothing: true when it may go on.
 */
export function choiceReadable(replay: Replay, att: CardObj, color: Word): boolean {
  if (!att.choosesColor) {
    replay.report('impossible-event', color.range, msg`${att.id} has no ability that chooses a color as it becomes attached, so there is nothing to choose \`${color.text}\` for, and nothing happens: ${att.id} ${att.attachedTo ? msg`stays attached to ${att.attachedTo.id}` : msg`stays unattached`}. Remove \`choosing ${color.text}\`, or declare the card with \`as it becomes attached choose a color\`.`, { rules: ['607.2d'], subjects: [att.id] });
    return false;
  }
  return colorChosen(replay, att, color);
}

/**
 * `choosing C` on a line that puts a card onto the battlefield (`resolve X choosing C`, `enter X choosing C`): C must be a
 * color (105.1) and the card must choose one as it enters (614.12, Benevolent Blessing). Reported when not, and the line
 * does nothing: true when it may go on.
 */
export function entryChoiceReadable(replay: Replay, card: CardObj, color: Word): boolean {
  if (!card.choosesColorEntering) {
    replay.report('impossible-event', color.range, msg`${card.id} has no ability that chooses a color as it enters the battlefield, so there is nothing to choose \`${color.text}\` for, and nothing happens: ${card.id} stays ${inZone(card.zone)}. Remove \`choosing ${color.text}\`, or declare the card with \`as it enters choose a color\`${card.choosesColor ? msg` (${card.id} chooses as it becomes attached: write the color on the line that attaches it)` : msg``}.`, { rules: ['614.1c', '614.12', '607.2d'], subjects: [card.id] });
    return false;
  }
  return colorChosen(replay, card, color);
}

/**
 * A card that chooses a color as it enters (Benevolent Blessing) about to enter from a line without `choosing C`: the
 * choice is part of its entering (614.12), and the replay doesn't guess one, so nothing happens. True when reported.
 */
export function entryChoiceMissing(replay: Replay, ev: EventNode, card: CardObj): boolean {
  if (!card.choosesColorEntering || ((ev.kind === 'resolve' || ev.kind === 'enter') && ev.color)) return false;
  const line = ev.kind === 'resolve' ? `resolve ${card.id} choosing C` : `enter ${card.id} ... choosing C`;
  replay.report('impossible-event', ev.range, msg`${card.id} chooses a color as it enters the battlefield, and this line doesn't say which, so the replay can't put it there: nothing happens and ${card.id} stays ${inZone(card.zone)}. Add the color chosen (white, blue, black, red or green): \`${line}\`.`, { rules: ['614.1c', '614.12', '607.2d'], subjects: [card.id] });
  if (replay.noting) replay.note(() => msg`no effect: no color chosen`);
  return true;
}

/**
 * An attach of a card that chooses a color as it becomes attached (Sanctuary Blade), with no `choosing C`: the choice is
 * part of the attach (607.2d: the card says when it chooses), and the line doesn't say it, so the replay doesn't guess one: nothing happens.
 */
export function missingChoice(replay: Replay, ev: EventNode, att: CardObj, host: Host, verb: string): void {
  replay.report('impossible-event', ev.range, msg`${att.id} chooses a color as it becomes attached to ${host.id}, and this line doesn't say which, so the replay can't attach it: nothing happens and ${att.id} ${att.attachedTo ? msg`stays attached to ${att.attachedTo.id}` : msg`stays unattached`}. Add the color chosen, \`choosing C\` (white, blue, black, red or green)${verb === 'resolve' ? msg` to the resolve line` : msg``}.`, { rules: ['607.2d'], subjects: [att.id, host.id] });
  if (replay.noting) replay.note(() => msg`no effect: no color chosen`);
}

/**
 * Can `source`, a permanent on the battlefield, make the effect at all? A phased-out one is treated as
 * though it doesn't exist (702.26b); one that lost all its abilities has none to make it (113.10); and
 * its abilities are its controller's (602.2, 603.3a), not another player's. Reported when it can't.
 * A card elsewhere (an instant in the hand) is a spell, whose caster the line's `by` names.
 */
function sourceCanAct(replay: Replay, ev: Extract<EventNode, { kind: 'attach' }>, source: CardObj, player: string | undefined): boolean {
  if (source.zone !== 'battlefield') return true;
  if (isPhasedOut(source) && phasedOutSubject(replay, source, ev, msg`its ability`)) return false;
  // 708.2a: a face-down permanent has no text, so none of its card's abilities: said so, not "lost".
  if (source.faceDown !== undefined) {
    replay.report('impossible-event', ev.range, msg`${source.id} is face down, a 2/2 creature with no text, so it has none of its card's abilities and nothing to attach anything with; nothing happens. Turn it face up first, or write the effect's real source.`, { rules: ['708.2a'], subjects: [source.id] });
    return false;
  }
  const stripped = source.lost.has('all') || source.granted?.lostAll !== undefined;
  if (stripped) {
    const by = source.granted?.lostAll;
    const how = by !== undefined ? msg`${by}, attached to it, takes them` : msg`an effect removed them`;
    replay.report('impossible-event', ev.range, msg`${source.id} has lost all its abilities (${how}), so it has no ability to attach anything with; nothing happens. Remove the line, or write the effect's real source.`, { rules: ['113.10'], subjects: [source.id] });
    return false;
  }
  if (player !== undefined && source.controller !== undefined && player !== source.controller) {
    replay.report('impossible-event', ev.targeting!.range, msg`${source.id}'s abilities are controlled by its controller, ${source.controller}, not by ${player}: only ${source.controller} activates them, and one that triggers is theirs too. Nothing happens. Write \`by ${source.controller}\`, or remove the line.`, { rules: ['602.2', '603.3a'], subjects: [source.id] });
    return false;
  }
  return true;
}

/**
 * Ward (702.21a) on the targets of an effect that attaches (`attach X to H targeting ... [paying ward]`):
 * a target with ward that an opponent of the effect's controller controls triggers it, which counters
 * the spell or ability unless that player pays. Without `paying ward` the replay does what the rules do
 * when nobody pays, and says so (information). Returns true when the effect is countered.
 */
function wardCounters(replay: Replay, ev: Extract<EventNode, { kind: 'attach' }>, att: CardObj, host: Host, controller: string | undefined): boolean {
  const ward = unpaidWard(replay, [att, host], controller, ev.payingWard, [att.id, host.id]);
  if (!ward) return false;
  const { target: t, labels } = ward;
  const owner = isCard(t) ? t.controller : t.id;
  replay.report('ward-countered', ev.range, msg`The effect targets ${t.id}, which has ${labels} and is controlled by ${owner}, an opponent of ${controller ?? msg`nobody`}: ward triggers, and as the scenario doesn't record that ${controller ?? msg`anyone`} paid the cost, it counters the spell or ability, so nothing happens: ${att.id} ${att.attachedTo ? msg`stays attached to ${att.attachedTo.id}` : msg`stays unattached`}. If the cost was paid, add \`paying ward\` to the line; if the counter is meant, an \`expect\` line after it shows so.`, {
    rules: ['702.21a', '701.6a'],
    subjects: [att.id, host.id],
  });
  if (replay.noting) replay.note(() => msg`ward counters the effect`);
  return true;
}

export function unattachEvent(replay: Replay, ev: Extract<EventNode, { kind: 'unattach' }>): void {
  const att = replay.card(ev.subject);
  const named = ev.host ? replay.lookup(ev.host) : undefined;
  if (!att || (ev.host && !named)) return;
  if (isPhasedOut(att) && phasedOutSubject(replay, att, ev, 'unattaching it')) return;
  const host = replay.board.hostOf(att);
  if (!host) {
    replay.report('ineffective-unattach', ev.range, msg`${att.id} is not attached to anything, so unattaching it does nothing. Remove the line${att.zone !== 'battlefield' ? msg` (it is ${inZone(att.zone)})` : msg``}.`, {
      fixes: [replay.removalFix(ev, false)],
      subjects: [att.id],
    });
    return;
  }
  if (named && named !== host) {
    replay.report('ineffective-unattach', ev.range, msg`${att.id} is attached to ${host.id}, not ${named.id}, so this does nothing. Unattach it from ${host.id}, or remove the line.`, {
      related: related(att),
      fixes: [titledFix(msg`Unattach it from ${host.id}`, false, [{ range: ev.host!.range, newText: host.id }])],
      subjects: [att.id, named.id],
    });
    return;
  }
  doUnattach(replay, att);
}
