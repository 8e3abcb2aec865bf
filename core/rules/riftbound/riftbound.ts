// Riftbound attach rules: the one Ruleset, dispatching to the module of each rule family. Rule numbers are canonical
// (2026-07-16 numbering); each module explains the rules it implements (explanations.ts assembles them).
import { copyEvent } from './copies';
import type { Ruleset } from '../../engine/replay';
import { declareCard, RIFTBOUND_ZONES, typesEvent, zoneOf } from './cards';
import { detachEvent } from './detach';
import { attachEvent, controlEvent, hostProblem, initialAttach, legalHost } from './attach';
import { cleanupAfter, cleanupEvent, cleanupOfTransition, enterEvent, goneToken, uncreatedToken, moveEvent, recallAttacker, recallEvent, recordsCleanup } from './location';
import { activateEvent, resolveEvent } from './chain';
import { activateAttach, castAttachSpell, resolveAttachAbility, resolveAttachSpell } from './chainAttach';
import { resolveWeaponmaster } from './weaponmaster';
import { resolveQuickDraw } from './quickDraw';
import { temporaryKills } from './temporary';
import { orderEvent } from './replacement';
import { afterTheGame, concedeEvent, namesTheRemoved } from './removal';
import { winner } from '../../engine/leave';
import { keywordAbilityEvent } from './text';
import { chainItem, turnEvent } from './timing';
import { dealEvent, declaredLethal, healEvent } from './damage';
import { buffEvent, declaredBuff } from './buffs';
import { initialMight } from './staticMight';
import { attackEvent, combatEnds } from './combat';
import { RIFTBOUND_STATUS, statusEvent } from '../../engine/status';
import { stateEvent, stateFailure } from './stun';
import { msg } from '../../message';
import { inZone } from '../../engine/words';
import { makesToken } from '../../parser/ast';

/** The items a card's name stands for on the chain, for `resolve X` written without one. */
const WAITING = ['Quick-Draw', 'Weaponmaster', 'equip', 'attach'] as const;
/** The rule that puts each on the chain (819.1.d, 821.1.c, 818.1; an ability that attaches, 377.3). */
const WAITING_RULE: Readonly<Record<(typeof WAITING)[number], string>> = { 'Quick-Draw': '819.1.d', Weaponmaster: '821.1.c', equip: '818.1', attach: '377.3' };

/** The Riftbound Ruleset: each part of it is in the module of its rule family. */
export const riftbound: Ruleset = {
  game: 'riftbound',
  unattachVerb: 'detach',
  zones: RIFTBOUND_ZONES,

  declare: declareCard,

  initialAttach,

  event(replay, ev) {
    // After a player conceded: the game may be over (651.1), and a line may name what is gone (651.3, 652.3).
    if (replay.board.left.length !== 0 && ev.kind !== 'together') {
      const won = winner(replay);
      if (won) return afterTheGame(replay, ev, won);
      if (ev.kind !== 'leave' && namesTheRemoved(replay, ev)) return;
    }
    // `choosing C`, a color chosen as an MTG attachment becomes attached (Sanctuary Blade): Riftbound has no such choice.
    if ((ev.kind === 'attach' || ev.kind === 'resolve') && ev.color) {
      replay.report('syntax-error', ev.color.range, msg`\`choosing ${ev.color.text}\` is a color an MTG attachment chooses as it becomes attached (Sanctuary Blade); this scenario is \`game riftbound\`, whose gear chooses none. Remove it.`);
      return;
    }
    switch (ev.kind) {
      case 'leave':
        return concedeEvent(replay, ev);
      case 'attach':
        return attachEvent(replay, ev);
      case 'unattach':
        return detachEvent(replay, ev);
      case 'move':
        return moveEvent(replay, ev);
      case 'enter':
        return enterEvent(replay, ev);
      case 'recall':
        return recallEvent(replay, ev);
      case 'status':
        // Stunned and Empowered (stun.ts): statuses of their own, beside exhausted and ready.
        if (ev.verb === 'stun' || ev.verb === 'empower' || ev.verb === 'disempower') return stateEvent(replay, ev, ev.verb);
        return statusEvent(replay, ev, RIFTBOUND_STATUS);
      case 'cleanup':
        return cleanupEvent(replay, ev);
      case 'order':
        return orderEvent(replay, ev);
      case 'damage':
        return dealEvent(replay, ev);
      case 'heal':
        return healEvent(replay, ev);
      case 'counters':
        return buffEvent(replay, ev);
      case 'transform':
        replay.report('impossible-event', ev.verbRange, msg`\`transform\` is not a Riftbound action: a Riftbound card has one side only, with nothing on its other side to turn to. Remove the line.`);
        return;
      case 'turn-face':
      case 'manifest':
        // A hidden card (Riftbound 421, 811) is in a Facedown Zone, no location (107.3.e); the words "unit" and "gear" mean
        // objects on the board (355.9.a.1), and one in a Facedown Zone is a "facedown card" (355.9.a.3): nothing attaches to it or from it.
        replay.report('impossible-event', ev.verbRange, msg`Face-down permanents are MTG's: a Riftbound card is hidden facedown in a battlefield's Facedown Zone, where it is no unit and no gear, and nothing attaches to it or from it (the checker doesn't model hiding). Remove the line.`, { rules: ['107.3.e', '355.9.a.1', '355.9.a.3'] });
        return;
      case 'copy':
        return copyEvent(replay, ev);
      case 'regenerate':
        replay.report('impossible-event', ev.verbRange, msg`\`regenerate\` is an MTG action; Riftbound has no regeneration (a gear with \`if I would die, kill this instead\` dies in its unit's place). Remove the line.`);
        return;
      case 'control':
        return controlEvent(replay, ev);
      case 'types':
        return typesEvent(replay, ev);
      case 'activate':
        // A unit's or gear's ability that attaches, with its two targets (chainAttach.ts).
        return ev.ability.text === 'attach' ? activateAttach(replay, ev) : activateEvent(replay, ev);
      case 'keyword':
        replay.report('impossible-event', ev.verbRange, msg`\`${ev.verb} ... ${ev.keyword.name}\` is not a Riftbound action: Riftbound's rules have no hexproof, shroud or ward. Remove the line.`);
        return;
      case 'keyword-ability':
        return keywordAbilityEvent(replay, ev);
      case 'expect':
      case 'together':
        // `together:` is replayed part by part by the replay itself.
        return;
      case 'turn': {
        const before = replay.board.turn;
        turnEvent(replay, ev);
        // Another phase or turn: the combat going on ends (466.7.a), before the cleanup of the transition.
        if (replay.board.turn !== before) combatEnds(replay, before, (c, place) => recallAttacker(replay, c, place, ev));
        // Its player's Beginning Phase started: their permanents with Temporary are killed (816.1.b), before the cleanup that follows.
        temporaryKills(replay, ev, before);
        return cleanupOfTransition(replay, ev, before);
      }
      case 'attack':
        return attackEvent(replay, ev);
      case 'block':
        replay.report('impossible-event', ev.verbRange, msg`Riftbound has no blocks: as a combat opens, every unit of the defending player at the battlefield becomes a Defender. Remove the line (\`expect X defending\` says which units defend).`, { rules: ['464.2.c'] });
        return;
      case 'swap':
        replay.report('impossible-event', ev.verbRange, msg`\`swap\` is not a Riftbound action: Riftbound's Swap only reverses two numeric values, and never trades cards between zones. Remove the line, or write the Riftbound events that were meant.`);
        return;
      case 'exchange':
        replay.report('impossible-event', ev.verbRange, msg`\`exchange\` is not a Riftbound action: Riftbound's rules have no exchange of control. Write each player's gain of control as its own \`control X P\` line, or remove the line.`);
        return;
      case 'abilities':
        // A Riftbound effect may take a keyword away (801.3.b: `loses X Shield`, text.ts); the checker reads no other loss.
        replay.report('impossible-event', ev.verbRange, msg`\`${ev.verb} ${ev.subject.text} ${ev.ability === 'all' ? 'all abilities' : ev.ability}\` is not read in a Riftbound scenario: an effect that takes something away is written as the keywords it removes (\`loses ${ev.subject.text} Shield\`, 801.3.b). Remove the line, or write those keywords.`, { rules: ['801.3.b'] });
        return;
      default:
        // `resolve X equip`: an Equip on the chain; a spell's resolution is not written in Riftbound scenarios.
        // Mutate is MTG's (702.140): no Riftbound card merges with another.
        if ((ev.kind === 'cast' && ev.mutating) || (ev.kind === 'resolve' && ev.mergeOn)) {
          const words = ev.kind === 'cast' ? ev.mutating! : ev.mergeOn!.range;
          const written = ev.kind === 'cast' ? 'cast X mutating onto T' : `resolve X ${ev.mergeOn!.text}`;
          replay.report('impossible-event', words, msg`\`${written}\` is not a Riftbound action: Riftbound has no mutate, and no card merges with another to make one permanent of several cards. Remove the line, or write the Riftbound event that was meant (\`enter X\` for a unit played).`);
          return;
        }
        if (ev.kind === 'resolve' && ev.ability?.text === 'Weaponmaster') return resolveWeaponmaster(replay, ev);
        if (ev.kind === 'resolve' && ev.ability?.text === 'Quick-Draw') return resolveQuickDraw(replay, ev);
        if (ev.kind === 'resolve' && makesToken(ev.ability?.text)) {
          replay.report('impossible-event', ev.ability!.range, msg`${ev.ability!.text} is an MTG keyword; this scenario is \`game riftbound\`. A unit that attaches an Equipment as it is played has Weaponmaster: \`resolve X Weaponmaster choosing G\`.`, { rules: ['821.1.c'] });
          return;
        }
        // A spell that attaches, played with its two targets: it waits on the chain (chainAttach.ts).
        if (ev.kind === 'cast' && ev.host) return castAttachSpell(replay, ev);
        if (ev.kind === 'cast') {
          replay.report('impossible-event', ev.verbRange, msg`\`cast ${ev.subject.text}\` without its two targets is not a Riftbound action: in a Riftbound scenario \`cast\` plays a spell that attaches, written with the card it attaches and the unit (\`cast ${ev.subject.text} targeting X to U\`). A unit or gear played is \`enter ${ev.subject.text}\`; what another spell does is written as the events it causes. Write that, or remove the line.`, { rules: ['434.1.a'] });
          return;
        }
        if (ev.kind === 'resolve' && ev.ability?.text === 'attach') return resolveAttachAbility(replay, ev);
        if (ev.kind === 'resolve' && ev.ability) return resolveEvent(replay, ev);
        // A spell on the chain resolves by its name (359.3.d).
        if (ev.kind === 'resolve' && replay.board.cards.get(ev.subject.text)?.zone === 'chain') return resolveAttachSpell(replay, ev, replay.board.cards.get(ev.subject.text)!);
        if (ev.kind === 'resolve') {
          // The card has an item waiting on the chain: the line names it by its ability.
          const waiting = replay.board.cards.has(ev.subject.text) ? WAITING.map((k) => replay.board.pendingAbility(ev.subject.text, k)).find((e) => e !== undefined) : undefined;
          if (waiting) {
            const item = chainItem(waiting);
            replay.report('impossible-event', ev.verbRange, msg`\`resolve ${ev.subject.text}\` names no item: ${ev.subject.text} is no spell waiting on the chain, and its ability, ${item.what}, waits there. Write \`${item.line}\` to resolve it.`, { rules: [WAITING_RULE[waiting.ability as (typeof WAITING)[number]]], subjects: [ev.subject.text] });
            return;
          }
          // `resolve Weaponmaster`: the keyword where the card goes (no card has that name).
          const keyword = WAITING.find((k) => k !== 'equip' && k === ev.subject.text);
          if (keyword && !replay.board.cards.has(ev.subject.text)) {
            const line = keyword === 'Weaponmaster' ? 'resolve X Weaponmaster [choosing G]' : 'resolve G Quick-Draw [choosing U]';
            replay.report('impossible-event', ev.verbRange, msg`\`resolve ${keyword}\` names no card: a ${keyword} trigger on the chain is resolved with the card whose trigger it is, \`${line}\`. Write the card's name before \`${keyword}\`, or remove the line.`, { rules: [WAITING_RULE[keyword]] });
            return;
          }
          // A spell that is not on the chain: nothing of it waits to resolve (340.1).
          const spell = replay.board.cards.get(ev.subject.text);
          if (spell?.types.has('spell')) {
            replay.report('impossible-event', ev.range, msg`${spell.id} is not on the chain (it is ${inZone(spell.zone)}), so it can't resolve: only what waits on the chain resolves. Play it first (\`cast ${spell.id} targeting X to U\`), or remove the line.`, { rules: ['340.1'], subjects: [spell.id] });
            return;
          }
          // Otherwise an ability on the chain is resolved by the ability.
          replay.report('impossible-event', ev.verbRange, msg`\`resolve ${ev.subject.text}\` is not a Riftbound action here: ${ev.subject.text} is no spell waiting on the chain, and the other chain items a Riftbound scenario resolves are abilities, written with the ability after the card (\`resolve ${ev.subject.text} equip\`, \`resolve X attach\`, \`resolve X Weaponmaster\`, \`resolve G Quick-Draw\`, \`resolve X ability NAME\`). Write that, or remove the line.`, { rules: ['340.1'] });
          return;
        }
        replay.report('impossible-event', ev.verbRange, msg`\`${ev.kind}\` is not a Riftbound action; this scenario is \`game riftbound\`. Remove the line, or write the Riftbound event that was meant.`);
    }
  },

  legalHost,
  hostProblem,
  // An attached card's controller is its own: a change of its Top-Most card's controller doesn't change
  // it (718.5.e, 718.5.f), nor where it is (at its Top-Most card's location, 719.3), and no cleanup step
  // judges an attached card by its host's controller (step 5 recalls only unattached cards, 323.7):
  // Riftbound has no state-based unattaching (719.5).
  hostControlMatters: () => false,

  stateFailure,

  settle(replay, cause) {
    // Riftbound has no state-based unattaching: detaches come from leaving the board (719.5). A cleanup
    // follows every event (319), and recalls loose gear and cards in another player's base (323.7).
    if (!cause) {
      // The declared board: the first event's cleanup looks at every card; a unit declared with lethal
      // damage is reported there, and goes on without that damage (as MTG's 704.5g on the declared board).
      // What the static Might effects add to each unit (477.3) counts, worked out first.
      initialMight(replay);
      for (const c of replay.board.cards.values()) {
        declaredBuff(replay, c, c.decl);
        declaredLethal(replay, c);
        replay.markDirty(c);
      }
      return;
    }
    // A `turn` line makes its own (319.2: location.ts, cleanupOfTransition), and so does the Ending
    // Phase's `cleanup` (317.2.a); a `cleanup` line elsewhere is replayed here only before any other event.
    const kind = cause.kind;
    if (kind !== 'turn' && (kind !== 'cleanup' || replay.board.turn?.step !== 'end')) cleanupAfter(replay, cause);
    // The order of replacements written before the event was for its deaths and its cleanups' (373): it ends with them.
    replay.board.replacementOrder = undefined;
  },

  // `order replacements` (373) changes no card, and is written before the event it orders: like a consequence line, it doesn't end the window.
  records: (replay, ev) => {
    if (ev.kind === 'order') {
      orderEvent(replay, ev);
      return true;
    }
    return recordsCleanup(replay, ev);
  },

  // `kill X` records a unit killed in a cleanup (move to trash, 323.5), as `move X to trash` does.
  movedTo: (ev) => (ev.verb === 'move' ? ev.zone.zone : zoneOf(ev.zone)),

  goneToken,
  uncreatedToken,

  gameOptions(replay, st) {
    if (st.influence) replay.report('syntax-error', st.influence.range, msg`The limited range of influence is an option of MTG's multiplayer games (MTG 801); Riftbound has none. Remove \`range of influence ${st.influence.value}\`.`);
  },
};
