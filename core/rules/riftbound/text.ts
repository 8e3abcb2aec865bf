// Riftbound text of attached cards: printed Rules Text inactive (135.4, 718.2, 720) but while attaching and detaching
// and for Weaponmaster (725.1-3), Effect Text (136.2) and Might Bonus (137.3) added to the Top-Most card.
import type { CardObj } from '../../engine/board';
import { effectiveMight, type Replay } from '../../engine/replay';
import type { RuleExplanation } from '../mtg/explanations';

/** The rules of this module, explained (assembled into the game's rules in explanations.ts). */
export const EXPLAINED: Record<string, RuleExplanation> = {
  '132.1': { title: 'A card is known by its name', text: 'Every card has a name that tells it apart from other cards.' },
  '133.1': { title: 'Categories', text: "A card's categories (its card type, such as unit or gear, and its sub-categories) come from what is printed on it and decide how it behaves in play." },
  '137.1': { title: 'Might Bonus is printed', text: 'Some cards print a Might Bonus (a plus and a number) in a lower corner.' },
  '143.2': { title: 'Might', text: "A unit's Might is its combat number, printed on the card; it decides what the unit contributes to combat." },
  '135.4': { title: 'Attached cards lose their printed text', text: "While a card is attached to another card, its own printed Rules Text is inactive (text granted to it still works)." },
  '136.2': { title: 'Effect Text', text: 'Effect Text works only while its card is attached; it is added to the Top-Most card it is attached to.' },
  '137.3': { title: 'Might Bonus', text: "An attached card's Might Bonus changes the Might of the card it is attached to, only while attached; it is ignored if that card has no Might." },
  '718.2': { title: 'Attached: printed text inactive', text: 'While a card is attached, its printed Rules Text is inactive (720), with narrow exceptions: abilities that apply or trigger as it attaches or detaches still work then (725.1, 725.2), and Weaponmaster can use its Equip ability (725.3).' },
  '725.1': { title: 'Active while attaching', text: "An attached card's abilities that apply while it is being attached, or that trigger on its attaching, do work as it attaches, though its Rules Text is otherwise inactive." },
  '725.2': { title: 'Active while detaching', text: "Likewise, an attached card's abilities that apply while it is being detached, or that trigger on its detaching, work as it detaches." },
  '725.3': { title: 'Weaponmaster and Equip', text: "Weaponmaster may use an attached card's Equip ability (and what modifies it) even though that card's Rules Text is inactive." },
};

/** Might with the Might Bonuses of the cards attached to it (137.3): the replay's one computation. */
export function effMight(replay: Replay, c: CardObj): number | undefined {
  return effectiveMight(replay.board, c);
}
