// Face-down permanents (708) as attachments see them: a card declared `face down` (`manifested`, `cloaked`),
// `turn X face down` (708.2a), `manifest X` and `cloak X` (701.40a, 701.58a), `turn X face up` (708.8). A
// face-down permanent is a 2/2 creature with no name, no subtypes, no color and no text (cloaked, or cast
// with disguise: with ward 2): those are its copiable values (708.2), taken as the same object through
// engine/copiable.ts as a transform takes a face's, so the effects on it keep applying over them; it has
// its own again as it is turned face up (708.8), or as it leaves the battlefield, revealed (708.9, 400.7).
// Each turn gives it a new timestamp (613.7f). Then the state-based actions judge what is attached to it,
// and it, by what it is now: an `enchant green creature` Aura on a face-down creature goes (704.5m), and
// an Aura turned face down is a creature attached to something (704.5p). "No text" is kept as the card's
// abilities all lost (its printed `lost` holds `all`, 113.10's mark): what its card line says (its
// triggers, replacements, named abilities, `can be attached only to`) is not its own while it is face down.
// `cast X face down` (702.37c, 702.168b, 708.4): a card with morph, megamorph or disguise turned face down
// before it is put onto the stack, a 2/2 face-down creature spell (an Aura card so has no target), judged as
// such by what allows or stops the cast, resolving into a face-down permanent (spells.ts calls castFaceDown).
// A megamorph card turned face up by its special action gets a +1/+1 counter (702.37b).
import type { EventNode, TurnUpCost } from '../../parser/ast';
import { type CardObj, characteristicsOf, takeCharacteristics } from '../../engine/board';
import { becomeFaceDown, becomeFaceUp, turnedOver } from '../../engine/copiable';
import type { Replay } from '../../engine/replay';
import type { RuleExplanation } from './explanations';
import { msg, type Message } from '../../message';
import { inZone } from '../../engine/words';
import { attachProblemOn, touchChanged } from './legality';
import { beforeChange } from '../../engine/untilEndOfTurn';
import { doAttach } from './attach';
import { isPhasedOut, phasedOutSubject } from './phasing';
import { moveTo } from './zones';
import type { Host } from './characteristics';
import { hasAbility } from '../../engine/abilities';
import { addCounters } from '../../engine/counters';

export const EXPLAINED: Record<string, RuleExplanation> = {
  '708.2': { title: 'What a face-down object is', text: 'A face-down spell or permanent has only the characteristics that the rule or ability which made it face down gives it, and those are its copiable values.' },
  '708.2a': { title: 'The usual face-down characteristics', text: 'A spell or ability may turn a permanent face down without listing any characteristics for it: the permanent then becomes a face-down 2/2 creature without text, name, subtypes or mana cost. One that enters the battlefield face down gets the same values, unless the effect that put it there face down, or let it be cast face down, gives it others. Either way, these are its copiable values.' },
  '708.2b': { title: 'Already face down', text: 'Trying to turn a permanent that is face down already face down does nothing at all: its characteristics and copiable values stay as they are.' },
  '708.3': { title: 'Face down before it enters', text: "An object put onto the battlefield face down is turned face down before it enters, so it enters with its face-down characteristics rather than as its face-up card, and that card's abilities about entering the battlefield neither trigger nor apply." },
  '708.7': { title: 'Who may turn a permanent face up', text: 'Whatever let a permanent be face down may also let its controller turn it face up; a face-down spell normally stays face down.' },
  '708.8': { title: 'Turning face up', text: 'As it is turned face up, a face-down permanent gets its normal copiable values back. It is the same object: the effects that applied to it while face down still apply, and it does not enter the battlefield again.' },
  '708.9': { title: 'Revealed as it leaves', text: "As a face-down permanent leaves the battlefield for any zone, or a merged permanent's face-down card does, its owner shows it to all players; so too for a face-down spell leaving the stack for any zone but the battlefield. When a player leaves the game, every face-down permanent, merged card and spell they own is shown to all, and at the end of the game every one of them is." },
  '708.10': { title: 'A face-down permanent that becomes a copy', text: 'When a face-down permanent becomes a copy of something, the values it copies are changed by its face-down status: it keeps the face-down characteristics, and shows the copied values only once it is turned face up.' },
  '613.7f': { title: 'A new timestamp as it turns', text: 'Each time a permanent is turned face up, or face down, it gets a new timestamp.' },
  '116.2b': { title: 'Unmasking a face-down creature', text: 'A player with priority may, as a special action that skips the stack, reveal one of their face-down creatures by turning it over.' },
  '701.40a': { title: 'Manifesting a card', text: 'A manifested card is turned face down, becomes a 2/2 creature card without text, name, subtypes or mana cost, and is put onto the battlefield so; it stays a manifested permanent while it is face down. The effect that gives it those characteristics lasts only while the card is face down and ends once it is turned face up.' },
  '701.40b': { title: 'Turning a manifested permanent face up', text: "Whenever they have priority, the controller of a manifested permanent may turn it face up as a special action, without the stack: they let all players see that its card is a creature card and what it costs in mana, pay that amount and turn it up, and it loses the face-down characteristics for its normal ones. A card that is no creature card, or has no mana cost, can't be turned up this way." },
  '701.40g': { title: 'A manifested instant or sorcery', text: 'A manifested permanent whose card is an instant or a sorcery never turns face up: when it would, its controller reveals it and it stays face down.' },
  '701.58a': { title: 'Cloaking a card', text: 'A cloaked card is turned face down, becomes a 2/2 creature card with ward {2} and no name, subtypes or mana cost, and is put onto the battlefield so; it stays a cloaked permanent while it is face down. The effect that gives it those characteristics lasts only while the card is face down and ends once it is turned face up.' },
  '701.58b': { title: 'Turning a cloaked permanent face up', text: "As for a manifested permanent: whenever they have priority, the controller of a cloaked permanent may turn it face up as a special action, without the stack, by letting all players see that its card is a creature card and what it costs in mana and paying that amount; it then has its normal characteristics again. A card that is no creature card, or has no mana cost, can't be turned up this way." },
  '701.58g': { title: 'A cloaked instant or sorcery', text: 'A cloaked permanent whose card is an instant or a sorcery stays face down when it would turn face up; its controller reveals it instead.' },
  '702.37a': { title: 'Morph', text: 'Morph works from any zone its card could be played from, and its effect applies whenever the card is face down: it lets the card be cast as a face-down 2/2 creature with no text, name, subtypes or mana cost, for {3} rather than its mana cost.' },
  '702.37e': { title: 'Unmorphing', text: "Whenever they have priority, a player may turn a face-down permanent they control that has morph face up, as a special action without the stack: they show all players the morph cost it would have face up, pay it and turn it up. The morph effect ends, it has its normal characteristics, and its abilities about entering the battlefield neither trigger nor apply. One that would have no morph cost face up can't be turned up this way." },
  '702.168a': { title: 'Disguise', text: 'Disguise works from any zone its card could be played from, and its effect applies whenever the card is face down: it lets the card be cast as a face-down 2/2 creature with ward {2} and no name, subtypes or mana cost, for {3} rather than its mana cost.' },
  '702.168d': { title: 'Turning a disguised permanent face up', text: "Whenever they have priority, a player may turn a face-down permanent they control that has disguise face up, as a special action without the stack: they show all players the disguise cost it would have face up, pay it and turn it up. The disguise effect ends, it has its normal characteristics, and its abilities about entering the battlefield neither trigger nor apply. One that would have no disguise cost face up can't be turned up this way." },
  '303.4k': { title: 'An Aura turned face up that becomes attached', text: 'When an effect lets an Aura attach as it is being turned face up, what it may enchant is judged from the Aura face up, and its controller has to choose an object or player that its enchant ability and the other effects allow.' },
  '712.15a': { title: 'A face-down double-faced permanent', text: 'Hidden face down, such a card never turns to its other side; once it is turned face up, its front face is the one showing.' },
  '730.2f': { title: 'A merged permanent turned face down or up', text: 'Turning a merged permanent face down turns every face-up card of it face down, and turning it face up turns every face-down card of it face up.' },
  '701.40f': { title: 'A card that can\'t be manifested', text: 'When the face-down card isn\'t allowed onto the battlefield, no manifest happens: the card keeps its own characteristics in the zone it was in, face up if it was.' },
  '701.58f': { title: 'A card that can\'t be cloaked', text: 'When the face-down card isn\'t allowed onto the battlefield, no cloak happens: the card stays unchanged in its zone, face up if it was.' },
  '702.37b': { title: 'Megamorph', text: 'Megamorph works as morph does, with one more thing: a permanent turned face up by paying its megamorph cost gets a +1/+1 counter as it turns.' },
  '702.37c': { title: 'Casting a card with morph', text: "Cast with morph, from any zone it could normally be cast from, the card is turned face down first and is a 2/2 creature without name, subtypes, mana cost or text, and those are its copiable values: casting it is judged by them, not by the card's own, {3} is paid as an alternative cost instead of its mana cost, and it resolves into a permanent that has them." },
  '702.37d': { title: 'Face down only with morph', text: 'Nothing lets a card be cast face down except an ability such as morph.' },
  '702.168b': { title: 'Casting a card with disguise', text: 'As with morph, and from any zone the card could normally be cast from, the card is turned face down before it is cast, a 2/2 creature with ward {2} and nothing else, and those are its copiable values: the cast is judged by them, {3} is paid as an alternative cost instead of its mana cost, and the permanent it becomes has the same values.' },
  '702.168c': { title: 'Face down only with disguise', text: 'Without an ability such as disguise, no card may be cast face down.' },
  '708.4': { title: 'Cast face down', text: 'A spell cast face down is turned face down before it goes on the stack: effects looking at spells see only the face-down characteristics, prohibitions are judged on them, and it resolves into a face-down permanent.' },
  '708.5': { title: 'Looking at your face-down objects', text: "A player may, whenever they like, look at a face-down spell of theirs on the stack or a face-down permanent of theirs, even a phased-out one. Face-down cards elsewhere, and face-down spells or permanents under another player's control, are not theirs to look at." },
  '712.16': { title: 'Double-faced permanents stay face up', text: 'A double-faced permanent, melded ones included, can\'t be turned face down: an attempt to do so does nothing.' },
};

/** `turn X face down` (708.2a) and `turn X face up [with S] [attached to H]` (708.8). */
export function turnFaceEvent(replay: Replay, ev: Extract<EventNode, { kind: 'turn-face' }>): void {
  const card = replay.card(ev.subject);
  if (!card) return;
  const source = ev.source ? replay.card(ev.source) : undefined;
  if (ev.source && !source) return;
  const host = ev.host ? replay.lookupOrGone(ev.host) : undefined;
  if (ev.host && !host) return;
  if (card.zone !== 'battlefield') {
    replay.report('impossible-event', ev.range, msg`${card.id} is ${inZone(card.zone)}, and only a permanent is turned face up or face down here. Remove the line.`, { rules: ['110.5d'], subjects: [card.id] });
    return;
  }
  if (isPhasedOut(card) && phasedOutSubject(replay, card, ev, ev.up ? msg`turning it face up` : msg`turning it face down`, ['708.2'])) return;
  if (ev.up) return turnUp(replay, ev, card, source, host);
  if (card.faceDown !== undefined) {
    replay.report('impossible-event', ev.range, msg`${card.id} is face down already, and turning a face-down permanent face down does nothing: it keeps its characteristics. Remove the line.`, { rules: ['708.2b'], subjects: [card.id] });
    return;
  }
  if (card.backFace !== undefined) {
    replay.report('impossible-event', ev.range, msg`${card.id} is a double-faced permanent, which can't be turned face down: nothing happens. Remove the line.`, { rules: ['712.16'], subjects: [card.id] });
    return;
  }
  if (card.merge?.kind === 'permanent') {
    replay.report('impossible-event', ev.range, msg`${card.id} is a merged permanent, each of whose cards would be turned face down; the checker doesn't model that, and the line changes nothing.`, { rules: ['730.2f'], subjects: [card.id] });
    return;
  }
  const was = beforeChange(card);
  const wasAt = card.timestamp;
  becomeFaceDown(replay.board, card, 'face-down', false);
  turnedOver(replay.board, card); // a new timestamp as it turns (613.7f)
  if (replay.noting) replay.note(() => msg`${card.id} is face down: a 2/2 creature with no name, subtypes or text`);
  // The same object (708.2): what is attached stays and is judged by what it is now, where it can read
  // what changed (touchChanged), and so is it (704.5p).
  touchChanged(replay, card, was, wasAt);
}

/** Why `card`, face down, can't be turned face up by its controller's special action (116.2b), or undefined when it can. */
function noSpecialAction(card: CardObj): { why: Message; rules: string[] } | undefined {
  const fd = card.faceDown!;
  const up = fd.up.printed;
  if (up.keywords.includes('morph') || up.keywords.includes('megamorph') || up.keywords.includes('disguise')) return undefined;
  if (fd.how === 'face-down') return { why: msg`its card has neither morph nor disguise, the abilities that let its controller turn it face up`, rules: ['116.2b', '702.37e', '702.168d', '708.7'] };
  if (up.types.has('creature')) return undefined;
  const rule = fd.how === 'manifested' ? '701.40b' : '701.58b';
  return { why: fd.how === 'manifested' ? msg`a manifested permanent is turned face up so only if its card is a creature card, and ${card.id}'s isn't` : msg`a cloaked permanent is turned face up so only if its card is a creature card, and ${card.id}'s isn't`, rules: ['116.2b', rule] };
}

/**
 * Why `card`, face down, can't be turned face up by its controller's special action paying `cost`, or
 * undefined when it can: its mana cost only for a manifested or cloaked creature card (701.40b, 701.58b;
 * 701.40c-d and 701.58c-d let such a card with morph or disguise use either way), its morph or disguise
 * cost only for a card with that ability (702.37e, 702.168d; a megamorph cost is a morph cost, 702.37b).
 */
function costNotPayable(card: CardObj, cost: TurnUpCost['kind']): { why: Message; rules: string[] } | undefined {
  const fd = card.faceDown!;
  const up = fd.up.printed;
  if (cost === 'mana') {
    if (fd.how === 'face-down') return { why: msg`it is neither manifested nor cloaked, and only a manifested or cloaked permanent is turned face up for its mana cost`, rules: ['116.2b', '701.40b', '701.58b'] };
    return noSpecialAction(card);
  }
  const has = cost === 'morph' ? up.keywords.includes('morph') || up.keywords.includes('megamorph') : up.keywords.includes(cost);
  if (has) return undefined;
  return { why: msg`its card, ${fd.up.name}, has no ${cost}, so it has no ${cost} cost to pay`, rules: ['116.2b', ...(cost === 'disguise' ? ['702.168d'] : cost === 'megamorph' ? ['702.37b', '702.37e'] : ['702.37e'])] };
}

function turnUp(replay: Replay, ev: Extract<EventNode, { kind: 'turn-face' }>, card: CardObj, source: CardObj | undefined, host: ReturnType<Replay['lookupOrGone']>): void {
  const fd = card.faceDown;
  if (fd === undefined) {
    replay.report('impossible-event', ev.range, msg`${card.id} is face up already (${card.name}): only a face-down permanent is turned face up. Remove the line.`, { rules: ['708.8'], subjects: [card.id] });
    return;
  }
  const up = fd.up.printed;
  // A manifested or cloaked instant or sorcery is revealed and stays face down (701.40g, 701.58g).
  if (fd.how !== 'face-down' && (up.types.has('instant') || up.types.has('sorcery'))) {
    replay.report('impossible-event', ev.range, msg`${card.id}'s card, ${fd.up.name}, is an instant or a sorcery: its controller reveals it and it stays face down. Remove the line.`, { rules: [fd.how === 'manifested' ? '701.40g' : '701.58g'], subjects: [card.id] });
    return;
  }
  if (!source) {
    const no = ev.cost ? costNotPayable(card, ev.cost.kind) : noSpecialAction(card);
    if (no) {
      replay.report('impossible-event', ev.range, msg`${card.id} can't be turned face up by its controller (a special action): ${no.why}. It stays face down. Remove the line, or write \`turn ${card.id} face up with S\` for an effect that turns it face up (S the card whose effect it is).`, { rules: no.rules, subjects: [card.id] });
      return;
    }
  }
  // 303.4k: only an Aura being turned face up may become attached as it does.
  const aura = up.subtypes.has('Aura');
  if (host && !aura) {
    replay.report('impossible-event', ev.range, msg`${card.id}'s card, ${fd.up.name}, is no Aura, and only an Aura being turned face up may become attached as it does: nothing happens. Turn it face up, then write what attaches it (\`attach ${card.id} to ${host.id}\`).`, { rules: ['303.4k'], subjects: [card.id, host.id] });
    return;
  }
  const was = beforeChange(card);
  const wasAt = card.timestamp;
  becomeFaceUp(replay.board, card);
  turnedOver(replay.board, card); // a new timestamp as it turns (613.7f)
  // 702.37b: turned face up by its megamorph cost (its controller's special action), it gets a +1/+1 counter as it turns;
  // a megamorph cost is a morph cost. Not when it is turned up for its mana cost (701.40b, 701.58b) or its disguise cost.
  const mega = !source && up.keywords.includes('megamorph') && (ev.cost === undefined || ev.cost.kind === 'morph' || ev.cost.kind === 'megamorph');
  if (mega) addCounters(replay, card, '+1/+1', 1);
  if (replay.noting) replay.note(mega ? () => msg`${card.id} is face up: ${card.name}, with a +1/+1 counter (megamorph)` : () => msg`${card.id} is face up: ${card.name}`);
  touchChanged(replay, card, was, wasAt);
  if (!host) return;
  // Its host is chosen with the Aura face up (303.4k): one it can't enchant is no legal choice.
  const problem = host === card ? { why: msg`an Aura can't enchant itself`, rules: ['303.4d'] } : attachProblemOn(replay.board, card, host);
  if (problem) {
    replay.report('illegal-attachment', ev.range, msg`${card.id} is turned face up, but it can't become attached to ${host.id}: ${problem.why}. Its controller must choose an object or player it can enchant as it is face up; attached to nothing, it is put into its owner's graveyard.`, { rules: ['303.4k', ...problem.rules], subjects: [card.id, host.id] });
    return;
  }
  doAttach(replay, card, host, ev.range);
}

/** `manifest X [under P]`, `cloak X [under P]` (701.40a, 701.58a): the card is turned face down and put onto the battlefield so. */
export function manifestEvent(replay: Replay, ev: Extract<EventNode, { kind: 'manifest' }>): void {
  const card = replay.card(ev.subject);
  if (!card) return;
  const rule = ev.how === 'manifest' ? '701.40a' : '701.58a';
  if (card.zone === 'battlefield') {
    replay.report('impossible-event', ev.range, ev.how === 'manifest' ? msg`${card.id} is on the battlefield already, and manifesting puts a card onto it. A permanent turned face down is written \`turn ${card.id} face down\`.` : msg`${card.id} is on the battlefield already, and cloaking puts a card onto it. A permanent turned face down is written \`turn ${card.id} face down\`.`, { rules: [rule], subjects: [card.id] });
    return;
  }
  if (card.zone === 'outside') {
    replay.report('impossible-event', ev.range, msg`${card.id} has left the game with its owner, and nothing brings it back. Remove the line.`, { rules: ['800.4a'], subjects: [card.id] });
    return;
  }
  if (card.token) {
    replay.report('impossible-event', ev.range, msg`${card.id} is a token, and only a card is manifested or cloaked: it stays where it is. Remove the line.`, { rules: [rule], subjects: [card.id] });
    return;
  }
  if (ev.player) {
    const p = replay.player(ev.player);
    if (!p) return;
    if (p.left) {
      replay.report('impossible-event', ev.range, msg`${p.id} has left the game, and nothing is put onto the battlefield under the control of a player who has left: the card stays where it is, face up. Remove the line, or name a player still in the game.`, { rules: ['800.4b', ev.how === 'manifest' ? '701.40f' : '701.58f'], subjects: [p.id] });
      return;
    }
  }
  // Turned face down first (708.3): it enters as the 2/2 creature, whatever its card is (an Aura attaches to nothing).
  becomeFaceDown(replay.board, card, ev.how === 'manifest' ? 'manifested' : 'cloaked', ev.how === 'cloak');
  moveTo(replay, card, 'battlefield', ev);
  if (replay.noting) replay.note(() => msg`${card.id} enters face down: a 2/2 creature with no name, subtypes or text`);
}

const MORPH = { kind: 'keyword', name: 'morph' } as const;
const MEGAMORPH = { kind: 'keyword', name: 'megamorph' } as const;
const DISGUISE = { kind: 'keyword', name: 'disguise' } as const;

/**
 * `cast X face down` (702.37c, 702.168b, 708.4): X, with morph, megamorph or disguise, is turned face down before it
 * is put onto the stack, a 2/2 face-down creature spell (with ward 2 for disguise), and the cast is judged by those
 * values from here on (an Aura card so cast is no Aura spell: it has no target, and 303.4a doesn't apply). Returns
 * what puts the card back as it was when the cast is then refused, or undefined when it can't be cast face down
 * (reported: no such ability, 702.37d, 702.168c; a target, 115.1).
 */
export function castFaceDown(replay: Replay, spell: CardObj, target: Host | undefined, ev: Extract<EventNode, { kind: 'cast' }>): (() => void) | undefined {
  const morph = hasAbility(spell, MORPH) || hasAbility(spell, MEGAMORPH);
  const disguise = hasAbility(spell, DISGUISE);
  if (!morph && !disguise) {
    replay.report('impossible-event', ev.faceDown!, msg`${spell.id} has neither morph, megamorph nor disguise, and a card can't be cast face down without such an ability. The cast doesn't happen. Write \`cast ${spell.id}\` for it cast face up, declare its morph or disguise if it has one, or remove the line.`, { rules: ['702.37d', '702.168c'], subjects: [spell.id] });
    return undefined;
  }
  const rule = morph ? '702.37c' : '702.168b';
  if (target !== undefined) {
    replay.report('impossible-event', ev.target!.range, msg`Cast face down, ${spell.id} is a 2/2 creature spell with no text, and such a spell has no target (an Aura card cast face down is no Aura spell and enchants nothing), so it can't be cast targeting ${target.id}. The cast doesn't happen. Write \`cast ${spell.id} face down\`, or remove the line.`, { rules: [rule, '708.4', '115.1'], subjects: [spell.id, target.id] });
    return undefined;
  }
  const own = characteristicsOf(spell);
  // With disguise only when it has no morph (a card has one or the other): ward 2 (702.168b).
  becomeFaceDown(replay.board, spell, 'face-down', !morph);
  return () => {
    const up = spell.faceDown!.up;
    spell.faceDown = undefined;
    spell.printed = up.printed;
    replay.board.rename(spell, up.name);
    spell.attachOnly = up.attachOnly;
    spell.attachTargets = up.attachTargets;
    takeCharacteristics(spell, own);
  };
}
