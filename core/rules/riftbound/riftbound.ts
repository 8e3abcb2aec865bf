// Riftbound attach rules: the one Ruleset, dispatching to the module of each rule family. Rule numbers are canonical
// (2026-07-16 numbering); each module explains the rules it implements (explanations.ts assembles them).
import type { Ruleset } from '../../engine/replay';
import { declareCard, typesEvent } from './cards';
import { detachEvent } from './detach';
import { attachEvent, controlEvent, initialAttach, legalHost } from './attach';
import { cleanupEvent, enterEvent, moveEvent, recallEvent } from './location';

/** The Riftbound Ruleset: each part of it is in the module of its rule family. */
export const riftbound: Ruleset = {
  game: 'riftbound',
  unattachVerb: 'detach',

  declare: declareCard,

  initialAttach,

  event(replay, ev) {
    switch (ev.kind) {
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
      case 'cleanup':
        return cleanupEvent(replay, ev);
      case 'control':
        return controlEvent(replay, ev);
      case 'types':
        return typesEvent(replay, ev);
      case 'keyword':
        replay.report('impossible-event', ev.verbRange, `\`${ev.verb} ... ${ev.keyword.name}\` is not a Riftbound action: Riftbound's rules have no hexproof, shroud or ward. Remove the line.`);
        return;
      case 'expect':
        return;
      default:
        replay.report('impossible-event', ev.verbRange, `\`${ev.kind}\` is not a Riftbound action; this scenario is \`game riftbound\`. Remove the line, or write the Riftbound event that was meant.`);
    }
  },

  legalHost,

  settle() {
    // Riftbound has no state-based unattaching: detaches come from leaving the board (719.5),
    // and loose gear is recalled at a Cleanup, which the scenario writes as `cleanup`.
  },
};
