// MTG combat as attachments decide it: `attack with X` (508.1a) and `block X with Y [and Z]` (509.1a), each
// judged with what X's and Y's attachments grant them (haste, vigilance, flying, reach, fear, intimidate,
// shadow, menace, protection, and Pacifism's "can't attack or block"); what removes a creature from combat
// (506.4: it leaves the battlefield, changes controller, phases out, regenerates, stops being a creature,
// a reconfigure Equipment attached among them); and the end of combat (511.3). Combat damage, requirements
// (508.1d), and the player or permanent attacked are not modelled.
import type { EventNode } from '../../parser/ast';
import { type CardObj, KIND_BATTLE } from '../../engine/board';
import type { Replay } from '../../engine/replay';
import { combatEndedBy, endCombat, joinCombat, removeFromCombat } from '../../engine/combat';
import { grantedBy, grantsNow, hasAbility } from '../../engine/abilities';
import { inZone } from '../../engine/words';
import { isCreature, isEquipment } from './characteristics';
import { isPhasedOut, phasedOutSubject } from './phasing';
import { describeEntry, stepWord } from './timing';
import { protectionAgainst } from './legality';
import type { RuleExplanation } from './explanations';
import { msg, relatedAt, type Message } from '../../message';

/** The rules of this module, explained (assembled into the game's rules in explanations.ts). */
export const EXPLAINED: Record<string, RuleExplanation> = {
  '302.6': { title: 'Summoning sickness', text: "A creature can't attack, nor pay a cost of its own that has the tap or the untap symbol, unless its controller has controlled it without a break since the start of that player's most recent turn. Entering the battlefield or changing controller starts the count again." },
  '702.10b': { title: 'Haste', text: 'A creature with haste may attack even if its controller has not controlled it without a break since the start of their most recent turn.' },
  '506.2': { title: 'Attacking and defending players', text: 'In a combat, the player whose turn it is attacks, and only with creatures of their own. With two players, the other one defends: they, their planeswalkers and the battles they protect are what may be attacked.' },
  '506.3': { title: 'Only creatures fight', text: 'Only a creature can attack or block. A permanent that is not a creature (an attached reconfigure Equipment, a bestowed Aura) can do neither.' },
  '506.4': { title: 'Removed from combat', text: 'Several things take a creature out of the fight: leaving the battlefield, a new controller, phasing out, a regeneration, no longer being a creature, turning into a battle, or an effect that says so. From then on in that combat it neither attacks nor blocks, and it does not come back.' },
  '506.4a': { title: 'A restriction later changes nothing', text: 'Once a creature is declared attacking or blocking, a new effect that would have forbidden the declaration (an Aura saying it can\'t attack, put on it afterwards) doesn\'t remove it from combat.' },
  '508.1': { title: 'Declaring attackers', text: 'Attackers are declared as the declare attackers step of the combat phase begins, all in one turn-based action: outside the combat phase, and once that declaration is over, no creature can be declared an attacker.' },
  '508.2': { title: 'Priority after the attackers', text: 'Once the attackers are declared, the active player gets priority: spells and abilities come after the declaration, never within it.' },
  '508.1a': { title: 'Choosing attackers', text: 'The active player chooses which of the untapped creatures they control attack; a battle that is also a creature can\'t. Each one needs haste, or to have been under that player\'s control without a break since their turn began.' },
  '508.1c': { title: 'Restrictions on attacking', text: 'A declaration of attackers must break no restriction: a creature that "can\'t attack" (its own text, defender, or what an Aura or Equipment on it says) can\'t be among them.' },
  '508.1f': { title: 'Attackers tap', text: 'The creatures declared as attackers become tapped (vigilance is the exception, 702.20b). The tapping is part of declaring them, not a cost paid for it.' },
  '702.20b': { title: 'Vigilance', text: "Attacking doesn't tap a creature with vigilance." },
  '702.3b': { title: 'Defender', text: "A creature with defender can't attack." },
  '509.1': { title: 'Declaring blockers', text: 'Blockers are declared as the declare blockers step begins, after the attackers, all in one turn-based action of the defending player: once that declaration is over, no creature can be declared a blocker.' },
  '509.2': { title: 'Priority after the blockers', text: 'Once the blockers are declared, the active player gets priority: spells and abilities come after the declaration, never within it.',
    earlier: [{ before: '2024-11-08', text: 'Once the blockers are declared (and the orders of damage announced), the active player gets priority: spells and abilities come after the declaration, never within it.' }] },
  '509.1a': { title: 'Choosing blockers', text: 'The defending player chooses which of the untapped creatures they control block (not a battle that is also a creature), each blocking one creature that attacks that player, a planeswalker of theirs or a battle they protect. Which player or permanent a creature attacks is not modelled here: any creature of a player other than the attacker may block.' },
  '509.1b': { title: 'Restrictions on blocking', text: 'A declaration of blockers must break no restriction: a creature that "can\'t block" can\'t be among them, and an attacker\'s evasion (flying, fear, intimidate, shadow, menace, protection) limits which creatures may block it.' },
  '509.1h': { title: 'Blocked stays blocked', text: 'An attacking creature that was blocked stays blocked for the rest of the combat, even if every creature blocking it is removed from combat.' },
  '702.9b': { title: 'Flying', text: 'Only creatures that themselves fly, or have reach, may block a flyer.' },
  '702.17b': { title: 'Reach', text: 'A creature with reach can block creatures with flying.' },
  '702.16f': { title: 'Protection: blocking', text: "An attacking creature with protection from a quality can't be blocked by creatures that have that quality." },
  '702.111b': { title: 'Menace', text: 'A single blocker is not enough against menace: it takes at least two creatures to block it.' },
  '702.36b': { title: 'Fear', text: 'Fear lets only black creatures and artifact creatures block the one that has it.' },
  '702.13b': { title: 'Intimidate', text: 'Intimidate lets only artifact creatures, and creatures of a color the attacker also has, block it.' },
  '702.28b': { title: 'Shadow', text: "A creature with shadow can be blocked only by creatures with shadow, and a creature with shadow can block only creatures with shadow." },
  '511.3': { title: 'The end of combat', text: 'As the end of combat step ends, every creature is removed from combat: none is attacking or blocking any longer.' },
};

/** Does `c` have the keyword (its own or granted)? */
function has(c: CardObj, name: string): boolean {
  return hasAbility(c, { kind: 'keyword', name });
}

/** The words of where `c`'s keyword comes from: `flying (given by Wings)`, or the keyword alone. */
function keywordWords(c: CardObj, name: string): Message {
  const by = grantedBy(c, name);
  return by ? msg`${name} (given by ${by})` : msg`${name}`;
}

/**
 * The restriction that forbids `c` to `what` (508.1c, 509.1b), with where it comes from; undefined when
 * none does. An Aura's or Equipment's (Pacifism: `enchanted creature can't attack or block`) is that
 * attachment's effect on the creature, not an ability the creature has: a loss of the creature's
 * abilities leaves it, while the attachment is on it and has its own. A creature's own (`can't block`,
 * defender) is an ability of the creature, gone with its abilities.
 */
function restriction(replay: Replay, c: CardObj, what: 'attack' | 'block'): { words: Message; rules: string[] } | undefined {
  const board = replay.board;
  for (const id of c.attachments) {
    const a = board.cards.get(id);
    if (!grantsNow(board, a, c)) continue;
    for (const g of a.grants) {
      if (g.verb !== 'has') continue;
      for (const ab of g.abilities) if (ab.kind === 'keyword' && restricts(ab.name, what)) return { words: msg`${a.id}, attached to it, says "${g.who} ${ab.name}"`, rules: [] };
    }
  }
  for (const name of [`can't ${what}`, "can't attack or block"]) {
    if (has(c, name) && grantedBy(c, name) === undefined) return { words: msg`its own text says "${name}"`, rules: [] };
  }
  if (what === 'attack' && has(c, 'defender')) return { words: msg`it has ${keywordWords(c, 'defender')}`, rules: ['702.3b'] };
  return undefined;
}

/** Does the restriction named `name` forbid `what`? */
function restricts(name: string, what: 'attack' | 'block'): boolean {
  return name === "can't attack or block" || name === `can't ${what}`;
}

/** The words of why `c`, a creature card on the battlefield, is not a creature now (506.3). */
function notCreatureWhy(replay: Replay, c: CardObj): { why: Message; rules: string[] } {
  const host = replay.board.hostOf(c);
  if (isEquipment(c) && host) return { why: msg`${c.id} is an Equipment attached to ${host.id}, and an attached reconfigure Equipment isn't a creature`, rules: ['506.3', '702.151b'] };
  if (c.bestowed) return { why: msg`${c.id} is a bestowed Aura, not a creature`, rules: ['506.3', '702.103b'] };
  return { why: msg`${c.id} isn't a creature`, rules: ['506.3'] };
}

/** Is it the combat phase, when `turn` lines say where the turn is? Reports and returns false if not (`rule`: 508.1 or 509.1). */
function inCombatStep(replay: Replay, ev: EventNode, what: Message, rule: string): boolean {
  const turn = replay.board.turn;
  if (!turn || turn.step === 'combat') return true;
  replay.report('impossible-event', ev.range, msg`It is ${stepWord(turn.step)} of ${turn.player}'s turn, and ${what} only in the combat phase. Write \`turn ${turn.player} combat\` before this line, or remove it.`, { rules: [rule] });
  return false;
}

/**
 * Attackers and blockers are declared as their step begins (508.1, 509.1), and a step begins only once the
 * stack is empty (500.2): with a spell or ability on it, reports and returns false.
 */
function stackEmpty(replay: Replay, ev: EventNode, rule: string): boolean {
  const top = replay.board.stackTop();
  if (!top) return true;
  const w = describeEntry(top);
  replay.report('impossible-event', ev.range, rule === '508.1' ? msg`${w.what} is on the stack, and attackers are declared as the declare attackers step begins, which happens only with the stack empty. Resolve it first (\`${w.line}\`), or remove the line.` : msg`${w.what} is on the stack, and blockers are declared as the declare blockers step begins, which happens only with the stack empty. Resolve it first (\`${w.line}\`), or remove the line.`, { rules: [rule, '500.2'] });
  return false;
}

/** Can `c` fight at all: on the battlefield, phased in, a creature? Reports and returns false if not. */
function canFight(replay: Replay, ev: EventNode, c: CardObj, what: Message, rule: string): boolean {
  if (c.zone !== 'battlefield') {
    replay.report('impossible-event', ev.range, msg`${c.id} is ${c.zone === 'outside' ? msg`outside the game` : inZone(c.zone)}, and only a creature on the battlefield ${what}. Remove the line, or put it onto the battlefield first.`, { rules: [rule, '506.3'], subjects: [c.id] });
    return false;
  }
  if (isPhasedOut(c) && phasedOutSubject(replay, c, ev, msg`declaring it in combat`)) return false;
  if (!isCreature(c)) {
    const not = notCreatureWhy(replay, c);
    replay.report('impossible-event', ev.range, msg`${not.why}, and only a creature ${what}. Remove the line.`, { rules: [rule, ...not.rules], subjects: [c.id] });
    return false;
  }
  if ((c.kinds & KIND_BATTLE) !== 0) {
    replay.report('impossible-event', ev.range, msg`${c.id} is a battle, and a creature that is also a battle neither attacks nor blocks. Remove the line.`, { rules: [rule], subjects: [c.id] });
    return false;
  }
  return true;
}

/**
 * Any event but an `attack` or `block` line (and an `expect` or a `turn` line) ends the declaration under way: attackers
 * (blockers) are declared in one turn-based action, then a player gets priority (508.2, 509.2), so a
 * line after other events can't add to them (508.1, 509.1).
 */
export function declarationsOver(replay: Replay, ev: EventNode): void {
  const now = replay.board.combat!;
  // A `turn` line either ends the combat (another step: combatEnds) or leaves it as it is (the same step).
  if (ev.kind === 'attack' || ev.kind === 'block' || ev.kind === 'expect' || ev.kind === 'turn') return;
  if (now.attacksOver && (now.blocksOver || !now.blocked)) return;
  // Where each declaration ended: this event, unless an earlier one ended it.
  const at = ev.range;
  replay.board.combat = { ...now, attacksOver: true, blocksOver: now.blocked, attacksOverAt: now.attacksOverAt ?? at, blocksOverAt: now.blocked ? (now.blocksOverAt ?? at) : undefined };
}

/** Is the declaration of attackers (of blockers) over? Reports and returns true if so. */
function declarationOver(replay: Replay, ev: EventNode, blockers: boolean): boolean {
  const now = replay.board.combat;
  if (!(blockers ? now?.blocksOver : now?.attacksOver)) return false;
  const endedAt = blockers ? now!.blocksOverAt : now!.attacksOverAt;
  replay.report(
    'impossible-event',
    ev.range,
    blockers
      ? msg`The blockers of this combat were declared before the events above this line, and blockers are declared once, all at the same time, before the active player gets priority: no creature can be declared a blocker now. Move the line up, with the other blocks, or remove it.`
      : msg`The attackers of this combat were declared before the events above this line, and attackers are declared once, all at the same time, before the active player gets priority: no creature can be declared an attacker now. Move the line up, with the other attacks, or remove it.`,
    {
      rules: blockers ? ['509.1', '509.2'] : ['508.1', '508.2'],
      related: endedAt ? [relatedAt(endedAt, blockers ? msg`the first event after the blocks, which ended their declaration` : msg`the first event after the attacks, which ended their declaration`)] : [],
    },
  );
  return true;
}

/** `attack with X` (508.1a): X becomes an attacking creature, and taps unless it has vigilance (508.1f). */
export function attackEvent(replay: Replay, ev: Extract<EventNode, { kind: 'attack' }>): void {
  if (!ev.subject) {
    replay.report('impossible-event', ev.verbRange, msg`\`attack at battlefield\` is Riftbound's; in MTG the attacking player declares each attacking creature: \`attack with X\`.`, { rules: ['508.1a'] });
    return;
  }
  const c = replay.card(ev.subject);
  if (!c) return;
  const can = msg`can attack`;
  if (!canFight(replay, ev, c, can, '508.1a')) return;
  if (!inCombatStep(replay, ev, msg`attackers are declared`, '508.1') || declarationOver(replay, ev, false) || !stackEmpty(replay, ev, '508.1')) return;
  const board = replay.board;
  const turn = board.turn;
  if (c.combat?.role === 'attacking') {
    replay.report('impossible-event', ev.range, msg`${c.id} is already attacking: each attacker is declared once, all at the same time. Remove the line.`, { rules: ['508.1a'], subjects: [c.id] });
    return;
  }
  if (c.combat?.role === 'blocking' || board.combat?.blocked) {
    replay.report('impossible-event', ev.range, msg`Blockers have been declared in this combat, and attackers are declared before them: ${c.id} can't become an attacker now. Move the line before the blocks, or remove it.`, { rules: ['508.1', '509.1'], subjects: [c.id] });
    return;
  }
  if (c.combatLeft) {
    replay.report('impossible-event', ev.range, msg`${c.id} was removed from this combat (${c.combatLeft.why}), and a creature removed from combat doesn't come back into it. Remove the line.`, { rules: ['506.4', ...c.combatLeft.rules], subjects: [c.id] });
    return;
  }
  const attacker = turn?.player ?? board.combat?.attacker;
  if (attacker !== undefined && c.controller !== attacker) {
    replay.report('impossible-event', ev.range, turn ? msg`It is ${attacker}'s turn, and only the player whose turn it is attacks, with creatures they control; ${c.controller ?? msg`nobody`} controls ${c.id}. Remove the line, or give ${attacker} control of it first.` : msg`${attacker} attacks in this combat, with creatures they control; ${c.controller ?? msg`nobody`} controls ${c.id}. Remove the line.`, { rules: ['506.2', '508.1a'], subjects: [c.id] });
    return;
  }
  if (c.exhausted) {
    replay.report('impossible-event', ev.range, msg`${c.id} is tapped, and only an untapped creature can be declared an attacker. Untap it first, or remove the line.`, { rules: ['508.1a'], subjects: [c.id] });
    return;
  }
  if (turn && c.controlledSince === turn.number && !has(c, 'haste')) {
    replay.report('impossible-event', ev.range, msg`${c.controller} has controlled ${c.id} only since earlier in this turn (it entered the battlefield or changed control), and it has no haste: it can't attack this turn. Give it haste (an Equipment or Aura that grants it) or remove the line.`, { rules: ['302.6', '508.1a', '702.10b'], subjects: [c.id] });
    return;
  }
  const no = restriction(replay, c, 'attack');
  if (no) {
    replay.report('impossible-event', ev.range, msg`${c.id} can't attack: ${no.words}. A declaration of attackers that breaks a restriction is illegal. Remove the line, or what forbids it first.`, { rules: ['508.1c', ...no.rules], subjects: [c.id] });
    return;
  }
  joinCombat(board, c, { role: 'attacking', controller: c.controller });
  if (!board.combat) board.combat = { attacker: c.controller };
  const vigilant = has(c, 'vigilance');
  if (!vigilant) board.turnSideways(c, true);
  if (replay.noting) replay.note(() => (vigilant ? msg`${c.id} attacks; it has ${keywordWords(c, 'vigilance')} and stays untapped` : msg`${c.id} attacks and taps`));
}

/** Why `y` can't block `x` by `x`'s evasion or `y`'s abilities (509.1b), or undefined when it can. */
function blockProblem(replay: Replay, x: CardObj, y: CardObj): { why: Message; rules: string[] } | undefined {
  const no = restriction(replay, y, 'block');
  if (no) return { why: no.words, rules: no.rules };
  if (has(x, "can't be blocked")) {
    const by = grantedBy(x, "can't be blocked");
    return { why: by ? msg`${by}, attached to ${x.id}, says it can't be blocked` : msg`${x.id}'s own text says it can't be blocked`, rules: ['509.1b'] };
  }
  if (has(x, 'flying') && !has(y, 'flying') && !has(y, 'reach')) return { why: msg`${x.id} has ${keywordWords(x, 'flying')}, and ${y.id} has neither flying nor reach`, rules: ['702.9b', '702.17b'] };
  if (has(x, 'fear') && !y.types.has('artifact') && !y.colors.has('black')) return { why: msg`${x.id} has ${keywordWords(x, 'fear')}, and ${y.id} is neither an artifact creature nor black`, rules: ['702.36b'] };
  if (has(x, 'intimidate') && !y.types.has('artifact') && ![...y.colors].some((k) => x.colors.has(k))) return { why: msg`${x.id} has ${keywordWords(x, 'intimidate')}, and ${y.id} is neither an artifact creature nor of a color ${x.id} has`, rules: ['702.13b'] };
  if (has(x, 'shadow') !== has(y, 'shadow')) return has(x, 'shadow') ? { why: msg`${x.id} has ${keywordWords(x, 'shadow')}, and ${y.id} hasn't: only a creature with shadow blocks it`, rules: ['702.28b'] } : { why: msg`${y.id} has ${keywordWords(y, 'shadow')}, and a creature with shadow blocks only creatures with shadow`, rules: ['702.28b'] };
  const p = protectionAgainst(x, y, 'target');
  if (p) return { why: msg`${x.id} has protection from ${p.quality}, and that protection covers ${y.id}`, rules: ['702.16f', ...p.rules.filter((r) => r === '702.16j' || r === '702.16k' || r === '613.1f')] };
  return undefined;
}

/** `block X with Y [and Z]`: each blocker blocks the attacking creature X (509.1a), if all of them may. */
export function blockEvent(replay: Replay, ev: Extract<EventNode, { kind: 'block' }>): void {
  const x = replay.card(ev.subject);
  const ys: CardObj[] = [];
  for (const n of ev.blockers) {
    const y = replay.card(n);
    if (!y) return;
    ys.push(y);
  }
  if (!x) return;
  if (!inCombatStep(replay, ev, msg`blockers are declared`, '509.1') || declarationOver(replay, ev, true) || !stackEmpty(replay, ev, '509.1')) return;
  if (x.combat?.role !== 'attacking') {
    replay.report('impossible-event', ev.range, x.combatLeft ? msg`${x.id} was removed from combat (${x.combatLeft.why}), so no creature can block it. Remove the line.` : msg`${x.id} isn't attacking, so no creature can block it. Declare it first (\`attack with ${x.id}\`), or remove the line.`, { rules: x.combatLeft ? ['509.1a', '506.4', ...x.combatLeft.rules] : ['509.1a'], subjects: [x.id] });
    return;
  }
  const board = replay.board;
  const seen = new Set<string>();
  for (let i = 0; i < ys.length; i++) {
    const y = ys[i];
    const at = ev.blockers[i].range;
    if (seen.has(y.id)) {
      replay.report('impossible-event', at, msg`${y.id} is named twice: a creature blocks once. Remove one.`, { rules: ['509.1a'], subjects: [y.id] });
      return;
    }
    seen.add(y.id);
    if (y === x) {
      replay.report('impossible-event', at, msg`${x.id} can't block itself: it is the attacking creature, and only the defending player's creatures block. Remove it from this line.`, { rules: ['509.1a'], subjects: [x.id] });
      return;
    }
    if (!canFight(replay, ev, y, msg`can block`, '509.1a')) return;
    if (y.combat?.role === 'blocking') {
      replay.report('impossible-event', at, (y.combat.blocks ? msg`${y.id} is already blocking ${y.combat.blocks}, and a creature blocks one attacking creature. Remove it from this line.` : msg`${y.id} is already blocking, and a creature blocks one attacking creature. Remove it from this line.`), { rules: ['509.1a'], subjects: [y.id] });
      return;
    }
    if (y.combat?.role === 'attacking' || y.controller === x.combat.controller) {
      replay.report('impossible-event', at, msg`${y.id} is controlled by ${y.controller ?? msg`nobody`}, who attacks with ${x.id}; only a defending player's creatures block. Remove it from this line.`, { rules: ['506.2', '509.1a'], subjects: [y.id] });
      return;
    }
    if (y.combatLeft) {
      replay.report('impossible-event', at, msg`${y.id} was removed from this combat (${y.combatLeft.why}), and a creature removed from combat doesn't come back into it. Remove it from this line.`, { rules: ['506.4', ...y.combatLeft.rules], subjects: [y.id] });
      return;
    }
    if (y.exhausted) {
      replay.report('impossible-event', at, msg`${y.id} is tapped, and only an untapped creature can block. Untap it first, or remove it from this line.`, { rules: ['509.1a'], subjects: [y.id] });
      return;
    }
    const problem = blockProblem(replay, x, y);
    if (problem) {
      replay.report('impossible-event', at, msg`${y.id} can't block ${x.id}: ${problem.why}. A declaration of blockers that breaks a restriction is illegal. Remove it from this line, or what forbids it first.`, { rules: ['509.1b', ...problem.rules], subjects: [x.id, y.id] });
      return;
    }
  }
  const total = (x.combat.blockers ?? 0) + ys.length;
  if (total < 2 && has(x, 'menace')) {
    replay.report('impossible-event', ev.range, msg`${x.id} has ${keywordWords(x, 'menace')}, and one creature alone can't block it. Name every blocker of it on one line (\`block ${x.id} with ${ys[0].id} and ...\`), or remove the line.`, { rules: ['509.1b', '702.111b'], subjects: [x.id] });
    return;
  }
  for (const y of ys) joinCombat(board, y, { role: 'blocking', controller: y.controller, blocks: x.id });
  x.combat = { ...x.combat, blockers: total };
  board.combat = { ...(board.combat ?? { attacker: x.combat.controller }), blocked: true };
  if (replay.noting) replay.note(() => msg`${ys.map((y) => y.id).join(', ')} blocking ${x.id}`);
}

/**
 * Is `c`, which has a part in the combat going on, still in it (506.4)? Checked with the state-based
 * actions, on the cards an event changed: one that changed controller, phased out, stopped being a
 * creature (an attached reconfigure Equipment, a type-changing Aura) or became a battle is removed.
 */
export function combatCheck(replay: Replay, c: CardObj): void {
  const part = c.combat!;
  if (c.zone !== 'battlefield') removeFromCombat(replay, c, msg`it left the battlefield`, ['506.4']);
  else if (c.phasedOut !== 'no') removeFromCombat(replay, c, msg`it phased out`, ['506.4', '702.26b']);
  else if (c.controller !== part.controller) removeFromCombat(replay, c, msg`its controller changed, from ${part.controller ?? msg`nobody`} to ${c.controller ?? msg`nobody`}`, ['506.4']);
  else if (part.controlChanged) removeFromCombat(replay, c, msg`its controller changed, and changed back to ${c.controller ?? msg`nobody`}, in one resolution`, ['506.4']);
  else if ((c.kinds & KIND_BATTLE) !== 0) removeFromCombat(replay, c, msg`it became a battle`, ['506.4']);
  else if (!isCreature(c)) {
    const not = notCreatureWhy(replay, c);
    removeFromCombat(replay, c, msg`it stopped being a creature: ${not.why}`, ['506.4', ...not.rules.filter((r) => r !== '506.3')]);
  }
}

/** A regeneration replaced `c`'s destruction: an attacking or blocking creature is removed from combat (506.4, 701.19a). */
export function regeneratedInCombat(replay: Replay, c: CardObj): void {
  if (c.combat !== undefined) removeFromCombat(replay, c, msg`it regenerated`, ['506.4', '701.19a']);
}

/** A `turn` line moved on from the combat (another step, or another turn): the combat ends (511.3). */
export function combatEnds(replay: Replay, before: { readonly number: number; readonly step: string } | undefined): void {
  if (!combatEndedBy(replay.board, before)) return;
  const n = endCombat(replay);
  if (n && replay.noting) replay.note(() => msg`the combat ends: every creature is removed from it (511.3)`);
}
