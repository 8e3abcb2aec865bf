// Magic: The Gathering attach rules: the one Ruleset, dispatching to the module of each rule family. Rule numbers
// are canonical (see ../versions.ts); each module explains the rules it implements (explanations.ts assembles them).
import { settleEntering } from './entersTapped';
import type { Ruleset } from '../../engine/replay';
import { declareCard, MTG_ZONES } from './characteristics';
import { hostProblem, legalHost } from './targeting';
import { hostControlMatters, mayBar } from './legality';
import { mtgStatusEvent, phaseEvent } from './phasing';
import { attachEvent, initialAttach, judgeDeclared, unattachEvent } from './attach';
import { afterTheGame, enterEvent, leaveEvent, moveEvent, uncreatedToken } from './zones';
import { winner } from '../../engine/leave';
import { castEvent, resolveEvent } from './spells';
import { abilitiesEvent, controlEvent, protectionEvent, typesEvent } from './effects';
import { goneToken, initialStateBasedActions, stateBasedActions, chooseUmbraArmor } from './sba';
import { exchangeEvent, swapEvent } from './exchange';
import { activateEvent } from './stack';
import { turnEvent } from './timing';
import { dealEvent } from './damage';
import { countersEvent } from './counters';
import { regenerateEvent } from './regeneration';
import { attackEvent, blockEvent, combatEnds, declarationsOver } from './combat';
import { declareInfluence, reseats, seatPlayers } from './influence';
import { keywordEvent } from './targetingKeywords';
import { keywordAbilityEvent } from './grants';
import { simultaneousTimestamps } from './timestamps';
import { transformEvent } from './transform';
import { copyEvent } from './copies';
import { manifestEvent, turnFaceEvent } from './faceDown';
import { msg } from '../../message';

/** The MTG Ruleset: each part of it is in the module of its rule family. */
export const mtg: Ruleset = {
  game: 'mtg',
  unattachVerb: 'unattach',
  zones: MTG_ZONES,

  declare: declareCard,

  initialAttach,
  judgeDeclared,

  event(replay, ev) {
    // After a player left: the game is over once one player is left in it (104.2a, 104.1).
    if (replay.board.left.length !== 0) {
      const won = winner(replay);
      if (won) return afterTheGame(replay, ev, won);
    }
    // An event after the attack (block) lines ends that declaration (508.2, 509.2).
    if (replay.board.combat !== undefined) declarationsOver(replay, ev);
    switch (ev.kind) {
      case 'attach':
        return attachEvent(replay, ev);
      case 'cast':
        // `cast S targeting X to U` is Riftbound's spell that attaches, waiting on the chain.
        if (ev.host) {
          replay.report('impossible-event', ev.host.range, msg`\`cast S targeting X to U\` is a Riftbound action (a spell that attaches, waiting on the chain); this scenario is \`game mtg\`. An Aura spell is cast with its one target (\`cast X targeting H\`), and a spell or ability that attaches one card to another is written \`attach X to H targeting with S\`.`, { rules: ['303.4a'] });
          return;
        }
        return castEvent(replay, ev);
      case 'resolve':
      case 'activate':
        // Riftbound's ability that attaches (`activate S attach targeting X to U`).
        if (ev.ability?.text === 'attach') {
          replay.report('impossible-event', ev.ability.range, msg`\`${ev.kind} S attach\` is a Riftbound action (an ability that attaches, waiting on the chain); this scenario is \`game mtg\`. An ability that attaches one card to another is written \`attach X to H targeting with S\`; an Equipment's is \`equip\`.`, { rules: ['701.3a'] });
          return;
        }
        return ev.kind === 'resolve' ? resolveEvent(replay, ev) : activateEvent(replay, ev);
      case 'enter':
        return enterEvent(replay, ev);
      case 'unattach':
        return unattachEvent(replay, ev);
      case 'move':
        return moveEvent(replay, ev);
      case 'types':
        return typesEvent(replay, ev);
      case 'protection':
        return protectionEvent(replay, ev);
      case 'abilities':
        return abilitiesEvent(replay, ev);
      case 'keyword':
        return keywordEvent(replay, ev);
      case 'keyword-ability':
        return keywordAbilityEvent(replay, ev);
      case 'control':
        return controlEvent(replay, ev);
      case 'phase':
        return phaseEvent(replay, ev);
      case 'leave':
        return leaveEvent(replay, ev);
      case 'turn': {
        const was = replay.board.turn;
        const before = was?.number;
        turnEvent(replay, ev);
        // Another step or turn: the combat going on ends (511.3).
        if (replay.board.turn !== was) combatEnds(replay, was);
        // A new turn: the ranges of influence are counted again on the players still in the game (801.2c).
        // The state-based actions of the turn that ended (its cleanup, 514.3a: what its effects' end
        // changed) see that turn's seats: they are checked first, when the seats change.
        if (replay.board.turn?.number !== before && reseats(replay)) {
          stateBasedActions(replay, ev);
          seatPlayers(replay);
        }
        return;
      }
      case 'damage':
        return dealEvent(replay, ev);
      case 'counters':
        return countersEvent(replay, ev);
      case 'regenerate':
        return regenerateEvent(replay, ev);
      case 'attack':
        return attackEvent(replay, ev);
      case 'block':
        return blockEvent(replay, ev);
      case 'heal':
        replay.report('impossible-event', ev.verbRange, msg`\`heal\` is a Riftbound action: in MTG the damage marked on a creature stays until the cleanup step (a \`turn\` line ends the turn), and a regeneration or umbra armor removes it. Remove the line.`, { rules: ['514.2'] });
        return;
      case 'order':
        // MTG 616.1: a choice among replacements is written by the line that records what it chose (umbra armor's Aura destroyed).
        replay.report('impossible-event', ev.verbRange, msg`\`order replacements\` is a Riftbound line (373); in MTG the player's choice among replacements is written as the event it chose (616.1: the Aura with umbra armor destroyed, \`destroy A\`). Remove the line.`, { rules: ['616.1'] });
        return;
      case 'recall':
      case 'cleanup':
        replay.report('impossible-event', ev.verbRange, msg`\`${ev.kind}\` is a Riftbound action; this scenario is \`game mtg\`. Remove the line, or write the MTG event that was meant.`);
        return;
      case 'status':
        return mtgStatusEvent(replay, ev);
      case 'exchange':
        return exchangeEvent(replay, ev);
      case 'swap':
        return swapEvent(replay, ev);
      case 'transform':
        return transformEvent(replay, ev);
      case 'copy':
        return copyEvent(replay, ev);
      case 'turn-face':
        return turnFaceEvent(replay, ev);
      case 'manifest':
        return manifestEvent(replay, ev);
      case 'expect':
      case 'together':
        // `together:` is replayed part by part by the replay itself.
        return;
    }
  },

  settle(replay, cause) {
    // The permanents that entered in the event, tapped by a replacement that describes them as they are now (614.1d, 614.12).
    settleEntering(replay);
    if (cause) stateBasedActions(replay, cause);
    else initialStateBasedActions(replay);
  },

  choose: chooseUmbraArmor,

  legalHost,
  hostProblem,
  mayBar,
  hostControlMatters,

  simultaneous: simultaneousTimestamps,

  goneToken,
  uncreatedToken,

  gameOptions: declareInfluence,
};
