// Riftbound cards and where they are: card types and zones, the board (a base or a battlefield), whose base a
// card is in (a card is played to its controller's base: 149.2, 107.1.c), and each card's declared characteristics.
import type { CardStmt, EventNode, Property, ZoneRef } from '../../parser/ast';
import { declaredDamage } from '../../engine/damage';
import { adding, type CardObj, setKinds, pushing, takePrinted, type PlayerObj, withOrWithout } from '../../engine/board';
import { ownValue } from '../../engine/ownValues';
import { riftboundGrant } from './text';
import { keywordOfGame } from '../../engine/abilities';
import type { Replay } from '../../engine/replay';
import { msg, type Message } from '../../message';
import { table } from '../../tables';
import { zoneWord } from '../../engine/words';
import { keywordInOtherCase, RIFTBOUND_CARD_TYPES, RIFTBOUND_KEYWORDS, VALUED_KEYWORDS, RIFTBOUND_ZONE_WORDS, namelessBattlefield } from '../../parser/keywords';
import { change } from '../../engine/untilEndOfTurn';
import { notThisTurn, timedAbility } from './timing';
import { controlOutOfPlace } from '../../engine/declaredControl';
import { declaredStatus, RIFTBOUND_STATUS } from '../../engine/status';
import { declaredTrigger, RIFTBOUND_TRIGGERS } from '../../engine/triggers';

export { RIFTBOUND_CARD_TYPES };
export const RIFTBOUND_ZONES = RIFTBOUND_ZONE_WORDS;

export const BOARD = new Set(['base', 'battlefield']);
const SUGAR_ZONE = table<string>({ graveyard: 'trash', exile: 'banishment' });

export type Host = CardObj | PlayerObj;

export function onBoard(c: CardObj): boolean {
  return BOARD.has(c.zone);
}

export function where(c: CardObj): string {
  if (c.zone === 'battlefield') return c.place ? `battlefield ${c.place}` : 'a battlefield';
  if (c.zone === 'base') return baseName(c.place ?? c.controller);
  return c.zone;
}

export function baseName(player: string | undefined): string {
  return player ? `${player}'s base` : 'a base';
}

/** `where` for a message: the same words, translated with the sentence. */
export function whereText(c: CardObj): Message | string {
  if (c.zone === 'battlefield') return c.place ? msg`battlefield ${c.place}` : msg`a battlefield`;
  if (c.zone === 'base') return baseText(c.place ?? c.controller);
  return zoneWord(c.zone);
}

/** `baseName` for a message. */
export function baseText(player: string | undefined): Message {
  return player ? msg`${player}'s base` : msg`a base`;
}

/**
 * The `place` a card at `zone` gets: the battlefield's name, or (at a base) whose base: the player
 * written, else the card's controller (a card is played to its controller's base, 149.2, 107.1.c).
 */
export function placeAt(zone: string, written: string | undefined, controller: string | undefined): string | undefined {
  return zone === 'base' ? (written ?? controller) : written;
}

/** The place a zone reference names; at a base, `of P` must name a player (reported if not). */
export function placeOf(replay: Replay, z: ZoneRef): { ok: boolean; place: string | undefined } {
  if (!z.place) {
    // Each battlefield in play is a place of its own: one without its name is no place a card can be.
    if (z.zone !== 'battlefield') return { ok: true, place: undefined };
    replay.report('syntax-error', z.range, namelessBattlefield());
    return { ok: false, place: undefined };
  }
  if (z.zone !== 'base') return { ok: true, place: z.place.text };
  const p = replay.player(z.place);
  return { ok: p !== undefined, place: p?.id };
}

export function zoneOf(z: ZoneRef): string {
  return SUGAR_ZONE[z.zone] ?? z.zone;
}

export function isUnit(c: CardObj): boolean {
  return c.types.has('unit');
}

/** A gear with the Equipment tag: a unit it is attached to is equipped (818.3), and Weaponmaster may choose it (821.1.c). */
export function isEquipment(c: CardObj): boolean {
  return c.subtypes.has('Equipment');
}

export function isGear(c: CardObj): boolean {
  return c.types.has('gear');
}

export function declareCard(replay: Replay, card: CardObj, st: CardStmt): void {
  // The printed characteristics are built here, once, from blank ones (a set is made only when
  // something is put in it: adding); they never change after.
  const pr = card.printed;
  card.zone = 'base';
  card.place = card.controller;
  for (const w of st.typeLine?.types ?? []) {
    if (RIFTBOUND_CARD_TYPES.includes(w.text)) pr.types = adding(pr.types, w.text);
    // `Champion Unit` (133.7.a): a supertype that only a unit has.
    else if (w.text === 'champion') {
      if (st.typeLine!.types.some((x) => x.text === 'unit')) pr.types = adding(pr.types, 'champion');
      else replay.report('syntax-error', w.range, msg`\`Champion\` is a supertype of units only, and ${card.id}'s type line has no \`unit\`. Remove \`Champion\`, or write \`Champion Unit\`.`, { rules: ['133.7.a'], subjects: [card.id] });
    }
    else replay.report('syntax-error', w.range, msg`Unknown Riftbound card type '${w.text}'. Card types: ${RIFTBOUND_CARD_TYPES.join(', ')}.`);
  }
  for (const w of st.typeLine?.subtypes ?? []) pr.subtypes = adding(pr.subtypes, w.text);
  if (!st.typeLine) replay.report('syntax-error', st.id!.range, msg`Card '${card.id}' needs a type line: add \`: unit\` or \`: gear — Equipment\` after its name.`, { subjects: [card.id] });
  for (const p of st.props) {
    switch (p.kind) {
      case 'zone':
        if (!RIFTBOUND_ZONES.includes(p.zone.zone)) replay.report('syntax-error', p.zone.range, msg`'${p.zone.zone}' is an MTG zone; Riftbound zones are ${RIFTBOUND_ZONES.join(', ')}.`);
        // A card gets on the chain only by being played (354), with the targets it chooses then: no card starts there.
        else if (p.zone.zone === 'chain') replay.report('syntax-error', p.zone.range, msg`A card gets on the chain only by being played, with the targets it chooses then (354), so none is declared there. Declare it \`in hand\` and write its play (\`cast ${card.id} targeting X to U\`).`, { rules: ['354'], subjects: [card.id] });
        else {
          const at = placeOf(replay, p.zone);
          // A battlefield without its name is no place (reported): the card keeps the zone written elsewhere, or none.
          if (!at.ok && p.zone.zone === 'battlefield') break;
          card.zone = p.zone.zone;
          card.place = placeAt(card.zone, at.place, card.controller);
          replay.board.arrivedAt(card);
        }
        break;
      case 'equip':
        // Riftbound's Equip has no quality and no planeswalker form (818.1): `equip planeswalker` is MTG's.
        if (p.quality) replay.report('syntax-error', p.quality.range, msg`A Riftbound Equip is written \`equip\` alone: a quality after it (\`equip planeswalker\`, \`equip legendary creature\`) is MTG's. Remove it.`, { rules: ['818.1'] });
        pr.hasEquip = true;
        // `Reaction equip`, `Action equip`: its card changes its timing (818.1.c.5), held as a keyword of its own (timing.ts).
        if (p.timing && !pr.keywords.includes(timedAbility(p.timing.text, 'equip'))) pr.keywords = pushing(pr.keywords, timedAbility(p.timing.text, 'equip'));
        break;
      case 'might':
        pr.might = p.value;
        break;
      case 'might-bonus':
        pr.mightBonus = p.value;
        break;
      case 'damage':
      case 'counters':
        // Read once the card is built (declaredDamage) or with the declared board (declaredBuff): the zone may come later in the line.
        break;
      case 'toughness':
        replay.report('syntax-error', p.range, msg`\`toughness\` is an MTG property: a Riftbound unit has Might (\`might N\`), and damage kills it once it reaches its Might (143.2.a).`, { rules: ['143.2'] });
        break;
      case 'power':
        replay.report('syntax-error', p.range, msg`\`power\` is an MTG property: a Riftbound unit has Might (\`might N\`), and Riftbound's Power is a resource that pays costs, which a scenario doesn't hold.`);
        break;
      case 'pt-bonus':
        replay.report('syntax-error', p.range, msg`\`${p.who.text} gets ...\` is MTG text: a Riftbound gear adds to its unit's Might with its Might Bonus (\`might-bonus +2\`).`, { rules: ['137.3'] });
        break;
      case 'flag':
        if (p.flag === 'exhausted') {
          // Read after the loop (declaredStatus): the place may come later in the line.
        } else if (p.flag === 'tapped') replay.report('syntax-error', p.range, msg`\`tapped\` is MTG's word; a Riftbound card is \`exhausted\`.`);
        else if (p.flag === 'token') card.token = true;
        else if (p.flag === 'kill-instead') {
          // Effect Text: read where its unit would die (text.ts); a unit's own text has no "this" to kill.
          if (!pr.types.has('gear')) replay.report('syntax-error', p.range, msg`\`if I would die, kill this instead\` is a gear's Effect Text (it is its unit's while attached, 136.2.c), and ${card.id} is not a gear.`);
        }
        else if (p.flag === 'back-face') replay.report('syntax-error', p.range, msg`\`back face\` declares the other side of a card that turns over, and a Riftbound card has one side only. Remove \`back face\`, and declare the card as it is.`);
        else replay.report('syntax-error', p.range, msg`\`${p.flag}\` is an MTG property.`);
        break;
      case 'transforms':
        replay.report('syntax-error', p.range, msg`A Riftbound card has one side only, with nothing on its other side to turn to. Remove \`transforms into ${p.face.text}\`.`);
        break;
      case 'keyword':
        replay.report('syntax-error', p.range, msg`\`${p.keyword.name}\` is an MTG property: Riftbound's rules have no ${p.keyword.name}.`);
        break;
      case 'trigger':
        card.triggers |= declaredTrigger(replay, card, p, RIFTBOUND_TRIGGERS);
        // Effect Text: "I" is the unit it is attached to (136.2.c, 136.2.d); only a gear's Effect Text has one.
        if (p.phrase === 'I die' && !pr.types.has('gear')) replay.report('syntax-error', p.range, msg`\`when I die\` is a gear's Effect Text ([Deathknell] its unit has while the gear is attached, 136.2.c), and ${card.id} is not a gear.`);
        // A unit or a legend says "me" of itself, a gear "this" (053.1, 053.2).
        else if (p.phrase === 'a gear attaches to me' && !pr.types.has('unit') && !pr.types.has('legend')) replay.report('syntax-error', p.range, msg`\`when a gear attaches to me\` is a unit's ability (a unit or a legend says "me" of itself, a gear says "this"), and ${card.id} is neither.`, { rules: ['053.1', '053.2'] });
        break;
      case 'keyword-ability': {
        const k = keywordOfGame(replay, p.name);
        // Instances of Weaponmaster trigger separately (821.1.c.7), so each is kept; another keyword written twice is
        // kept once (Quick-Draw's instances add nothing, 819.2; those with a value are summed below).
        if (k && (k === 'Weaponmaster' || !pr.keywords.includes(k))) pr.keywords = pushing(pr.keywords, k);
        // `Reaction ability NAME`: the ability and its timing keyword (813.1.d, 806.1.d), held as a keyword of its own (timing.ts).
        if (k && p.timing && !pr.keywords.includes(timedAbility(p.timing.text, k))) pr.keywords = pushing(pr.keywords, timedAbility(p.timing.text, k));
        // `Assault 2`: its printed instance and its value (807.1.b; 1 when none is written, 807.1.b.3).
        if (k && VALUED_KEYWORDS.includes(k)) pr.keywordValues = { ...pr.keywordValues, [k]: ownValue(p.value?.value ?? 1, -1) };
        // Weaponmaster triggers as its unit is played (821.1.c): playing a card looks, in a scenario that has one.
        // So does Quick-Draw as its gear is played (819.1.d).
        if (k === 'Weaponmaster' || k === 'Quick-Draw') replay.board.enterTriggers = true;
        break;
      }
      case 'unknown': {
        // `Champion` after the type line: a supertype is printed before the card type (133.7), one reading only.
        if (p.word.text === 'Champion' || p.word.text === 'champion') {
          replay.report('syntax-error', p.word.range, msg`\`Champion\` is a supertype, which a card prints in its type line before its card type: write \`Champion Unit\` there, not as a property.`, { rules: ['133.7', '133.7.a'] });
          break;
        }
        const like = keywordInOtherCase(p.word.text, RIFTBOUND_KEYWORDS);
        replay.report('syntax-error', p.word.range, like ? msg`Unknown property '${p.word.text}': a keyword is written as the cards print it, \`${like}\`.` : msg`Unknown property '${p.word.text}'. Riftbound properties: owner, controller, entered under, in, at, attached to, equip, token, exhausted, might, might-bonus, damage, a keyword as the cards print it (Shield, Tank, Quick-Draw, ...), equipped unit has ..., FILTER have +N Might (other friendly units have +1 Might), if I would die, kill this instead, when attached, when detached, when I die, when a gear attaches to me, when an equipped friendly unit dies.`);
        break;
      }
      case 'grant': {
        const g = riftboundGrant(replay, p.grant);
        if (g) pr.grants = pushing(pr.grants, g);
        break;
      }
      case 'might-effect':
        // Read (and its words judged) by staticMight.ts with the declared board (initialMight), and as each cleanup looks (settleMight).
        replay.board.staticsDeclared = true;
        break;
      case 'anthem':
        replay.report('syntax-error', p.range, msg`\`... get +P/+T\` is MTG text: a Riftbound permanent changes the Might of the units it describes with \`units have +N Might\` (\`other friendly units have +1 Might\`).`, { rules: ['477.3'] });
        break;
      case 'death-replacement':
        // Rules Text that replaces another unit's death (369.1; replacement.ts finds the cards that have it with declaredWith).
        replay.board.staticsDeclared = true;
        // "this" is a gear's word for itself, "me" a unit's (053.1, 053.2).
        if (p.scope === 'friendly' && !pr.types.has('gear')) replay.report('syntax-error', p.range, msg`\`a friendly unit would die, kill this instead\` is a gear's Rules Text (Zhonya's Hourglass: the gear says "this" of itself, and is killed in the unit's place), and ${card.id} is not a gear.`, { rules: ['053.2'] });
        else if (p.scope === 'other-here' && !pr.types.has('unit')) replay.report('syntax-error', p.range, msg`\`if another unit you control here would die and has less Might than me\` is a unit's Rules Text (Soraka, Wanderer: a unit says "me" of itself, and its Might is compared), and ${card.id} is not a unit.`, { rules: ['053.1'] });
        break;
      case 'attach-targets':
        // An effect that attaches and chooses both (434.3): its words, read in Riftbound's (targeting.ts).
        declaredAttachTargets(replay, card, p);
        break;
      case 'enchant':
      case 'protection':
      case 'color':
      case 'cant':
      case 'cant-cast':
      case 'may-cast-top':
      case 'may-cast-flash':
      case 'exile-instead':
      case 'may-equip-instant':
      case 'attach-only':
      case 'cast-only':
      case 'fortify':
        replay.report('syntax-error', p.range, msg`\`${MTG_ONLY[p.kind]}\` is an MTG property.`);
        break;
    }
  }
  // Only a card on the board has a controller and entered it under someone; off it, a card has its owner.
  if (!onBoard(card)) controlOutOfPlace(replay, card, st, () => false, [], msg`the board`, (p) => msg`A card an effect puts onto the board under ${p}'s control is written \`enter ${card.id} under ${p}\` or \`move ${card.id} to base under ${p}\`.`);
  declaredStatus(replay, card, st, RIFTBOUND_STATUS);
  takePrinted(card);
  // Temporary (816): filed for its controller's Beginning Phase; a gear whose grant gives it, for the units it attaches to.
  if (pr.keywords.includes('Temporary')) replay.board.markTemporary(card);
  if (pr.grants.some((g) => g.verb === 'has' && g.abilities.some((a) => a.kind === 'keyword' && a.name === 'Temporary'))) replay.board.markTemporaryGrantor(card);
  declaredDamage(replay, card, st, !card.types.has('unit') || !onBoard(card) ? msg`only a unit on the board has damage marked on it` : undefined, ['143.3']);
}

/** How the MTG properties a Riftbound card can't have are written, for the syntax error that names them. */
const MTG_ONLY: Record<'enchant' | 'protection' | 'color' | 'cant' | 'cant-cast' | 'may-cast-top' | 'may-cast-flash' | 'exile-instead' | 'may-equip-instant' | 'attach-only' | 'cast-only' | 'fortify', string> = {
  enchant: 'enchant',
  protection: 'protection',
  color: 'color',
  cant: "can't be",
  'cant-cast': "players can't cast",
  'may-cast-top': 'you may cast',
  'may-cast-flash': 'you may cast',
  'exile-instead': 'if ... would be put into a graveyard, exile it instead',
  'may-equip-instant': 'you may activate equip abilities',
  'attach-only': 'can be attached only to',
  'cast-only': 'cast only targeting',
  fortify: 'fortify',
};

/** An effect that makes a card become or lose a card type or tag, for good or `this turn` (it expires in the Ending Phase, 317.2.c). */
export function typesEvent(replay: Replay, ev: Extract<EventNode, { kind: 'types' }>): void {
  const card = replay.card(ev.subject);
  if (!card) return;
  if (notThisTurn(replay, ev.duration, `${ev.verb} ${card.id} ${ev.words.map((w) => w.text).join(' ')} this turn`)) return;
  // A card type is one of Riftbound's, lowercase (a declaration's type line reads them so); a tag is capitalized.
  const unknown = ev.words.find((w) => !RIFTBOUND_CARD_TYPES.includes(w.text) && !/^\p{Lu}/u.test(w.text));
  if (unknown) {
    replay.report('syntax-error', unknown.range, msg`Unknown Riftbound card type '${unknown.text}'. Card types: ${RIFTBOUND_CARD_TYPES.join(', ')}; a tag is capitalized (\`Equipment\`). The event changes nothing.`);
    return;
  }
  const add = ev.verb === 'becomes';
  // `loses X Equip`: the Equip keyword an effect removes (801.3.b, 818.1), not a tag; its Equip can't be used then.
  const loseEquip = !add && ev.words.some((w) => w.text === 'Equip');
  const words = ev.words.map((w) => w.text).filter((w) => !(loseEquip && w === 'Equip'));
  change(replay.board, card, ev.duration ? 'turn' : 'good', (_, x) => {
    const c = x as CardObj;
    for (const w of words) {
      const key = RIFTBOUND_CARD_TYPES.includes(w) ? 'types' : 'subtypes';
      c[key] = withOrWithout(c[key], w, add);
    }
    if (loseEquip) {
      c.hasEquip = false;
      c.lost = withOrWithout(c.lost, 'equip', true);
    }
    setKinds(c);
  });
  if (!card.attachedTo) replay.markDirty(card); // gear that stops being a unit at a battlefield is recalled by the next cleanup (323.7)
}

/** The words an effect's target description may use besides card types and tags (`friendly unit`, `enemy unit`). */
const SIDES = ['friendly', 'enemy'];

/** Is `w` a word a Riftbound target description can read: a card type, a tag (capitalized), `friendly` or `enemy`? */
function readableWord(w: string): boolean {
  return RIFTBOUND_CARD_TYPES.includes(w) || SIDES.includes(w) || /^\p{Lu}/u.test(w);
}

/**
 * `attach target FILTER to target FILTER` declared on a Riftbound card (the source of an effect that attaches
 * and chooses both): the words are Riftbound's card types and tags, `friendly`/`enemy`, `non`, `or`, `you
 * control`, `an opponent controls`. Anything else is a `syntax-error` naming the word, and the ability is not
 * read (the effect's own limits are then unknown, as without `with S`). Matched in targeting.ts.
 */
export function declaredAttachTargets(replay: Replay, card: CardObj, p: Extract<Property, { kind: 'attach-targets' }>): void {
  for (const f of [p.what, p.to]) {
    if (f.zone || f.withAura) {
      const r = f.zone?.range ?? f.withAura!;
      replay.report('syntax-error', r, msg`A Riftbound effect chooses a permanent on the board unless its words say otherwise (355.9.a), and a zone or an attached Aura in its description is MTG's. Remove these words.`, { rules: ['355.9.a'] });
      return;
    }
    if (f.toughness) {
      replay.report('syntax-error', f.toughness.range, msg`Riftbound units have Might, not toughness, and a toughness in a target description is MTG's. Remove these words.`, { rules: ['355.9.b'] });
      return;
    }
    for (const alt of f.alternatives) {
      for (const t of alt) {
        if (readableWord(t.word)) continue;
        replay.report('syntax-error', t.range, msg`'${t.word}' is not a word a Riftbound target description reads: write card types (${RIFTBOUND_CARD_TYPES.join(', ')}), tags as printed (Equipment), \`friendly\` or \`enemy\`, with \`non\`, \`or\`, \`you control\`, \`an opponent controls\`. The ability is not read.`, { rules: ['355.9.b'] });
        return;
      }
    }
  }
  card.attachTargets = [...card.attachTargets, { what: p.what, to: p.to }];
}
