// Magic: The Gathering rules the checker cites, each explained in our own words (never the official
// text). Keys are canonical numbers: the numbering of the newest Comprehensive Rules we know
// (see ../versions.ts for older numberings).

export interface RuleExplanation {
  title: string;
  /** What the rule says in the newest version we know. */
  text: string;
  /**
   * What it said before a version changed its substance (the same number, or an older number the
   * renumberings in ../versions.ts map to it): the first entry whose `before` date is later than a
   * version's date is that version's explanation.
   */
  earlier?: { before: string; title?: string; text: string }[];
}

export const MTG_RULES: Record<string, RuleExplanation> = {
  '109.2': { title: 'Descriptions mean permanents', text: 'A description that uses a card type or subtype ("enchant creature", "target land") means a permanent of that type on the battlefield, unless it names a zone or uses the word "card" (or "spell", "source", "scheme").' },
  '115.1b': { title: 'Aura spells target', text: 'An Aura spell targets the object or player it will enchant; its enchant ability says what it may target. The Aura permanent targets nothing.' },
  '301.5': { title: 'Equipment', text: 'An Equipment can be attached only to a creature, never to anything else.' },
  '301.5b': { title: 'Equipping and failed attaches', text: "Equipment enters the battlefield unattached, like any other artifact. Its equip ability attaches it to a creature you control, and who controls that creature matters only as the ability is activated and as it resolves. Other spells and abilities may attach Equipment too; one that tries to put it on something it can't equip leaves it where it is." },
  '301.5c': { title: 'Equipment that cannot equip', text: "An Equipment that is also a creature can't equip anything unless it has reconfigure; one that loses the Equipment subtype can't equip; none can equip itself or two creatures at once (if an effect would make it, its controller picks one). An Equipment on an illegal permanent, or on one that no longer exists, becomes unattached but stays on the battlefield (a state-based action)." },
  '301.5d': { title: 'Two controllers', text: "The Equipment's controller and the equipped creature's controller are separate; a control change of one does not change the other. Only the Equipment's controller can activate its own abilities, such as equip." },
  '301.5e': { title: 'Equipment entering attached illegally', text: "If an effect tries to put an Equipment that is not also an Aura onto the battlefield attached to something it can't equip, or to something undefined, the Equipment enters unattached (a token is created unattached). An Equipment that is also an Aura follows the Aura rule instead (303.4i)." },
  '301.6': { title: 'Fortification', text: 'A Fortification works like an Equipment but is attached only to a land, with fortify instead of equip. A Fortification that is a creature but not a land cannot fortify.' },
  '303.4': { title: 'Auras', text: 'Aura is an enchantment subtype. An Aura comes onto the battlefield already on an object or player, and its enchant ability (narrowed, maybe, by other effects) decides which. (One that ends up on nothing goes to the graveyard: 704.5m.)' },
  '303.4a': { title: 'Aura spells need a target', text: 'Casting an Aura spell means choosing a target allowed by its enchant ability.' },
  '303.4c': { title: 'Aura on something illegal', text: "An Aura goes to its owner's graveyard, as a state-based action, when what it is on is illegal for it (by its enchant ability or by another effect that applies, such as protection), when the object it was on no longer exists, or when the player it was on has left the game." },
  '303.4d': { title: 'Aura that cannot enchant', text: "An Aura can't enchant itself; if that happens, it goes straight to its owner's graveyard. An Aura that is also a creature can't enchant anything; if it is attached, it first becomes unattached and then goes to the graveyard (both are state-based actions). An Aura enchants at most one object or player; if an effect would attach it to several, its controller picks one." },
  '303.4e': { title: 'Two controllers', text: "The Aura's controller and the enchanted object's controller are separate; a control change of one does not change the other." },
  '303.4f': { title: 'Aura entering without being cast', text: "An Aura can come onto the battlefield without resolving as an Aura spell. If the effect doing that doesn't name what it will enchant, the player who will control the Aura picks, as it comes in, an object or player its enchant ability and any other effects allow. Nothing is targeted." },
  '303.4g': { title: 'No legal host', text: "If an Aura would enter the battlefield and nothing exists that it could legally enchant, it doesn't enter: it stays in the zone it was in, except that an Aura on the stack goes to its owner's graveyard instead. An Aura token in that case is never created." },
  '303.4h': { title: 'Non-attachment entering attached', text: 'A permanent that is not an Aura, Equipment or Fortification that an effect tries to put onto the battlefield attached to something enters unattached.' },
  '303.4i': { title: 'Aura entering attached illegally', text: "If an effect would put an Aura onto the battlefield on something it can't legally enchant, or on something undefined, the Aura doesn't enter: it stays where it was, unless it was on the stack, in which case it goes to its owner's graveyard. An Aura token in that case is not created." },
  '303.4j': { title: 'Moving an Aura illegally', text: 'An effect that tries to attach an Aura already on the battlefield to something it cannot enchant leaves it where it is.' },
  '310.10': { title: 'Battles are never attached', text: 'No battle can be attached to anything, whether or not it is also an Aura, Equipment or Fortification; a battle that is attached becomes unattached.' },
  '400.7': { title: 'A new object', text: 'As a rule, an object that changes zones becomes a new object that has no memory of, and no link to, the old one: what was attached to it stays behind, and spells and abilities that targeted it lose track of it. The subrules of 400.7 list the exceptions.' },
  '601.2c': { title: 'Choosing targets', text: 'Targets are chosen as a spell is cast; each must be legal at that moment, or the spell cannot be cast that way.' },
  '400.7f': { title: 'Auras that went with their host', text: "An exception to 400.7: a trigger on an enchanted permanent leaving the battlefield can still see its Auras in the graveyard, if they went there with it or right after it as a state-based action." },
  '601.2a': { title: 'Casting starts by moving the card', text: "Casting a spell starts by moving the card from where it is to the stack, where it stays until it resolves or something else moves it; a card already on the stack or on the battlefield isn't cast again." },
  '602.2': { title: 'Who activates', text: 'Unless the object itself says otherwise, only its controller (its owner, if nobody controls it) can activate its activated abilities, such as equip or fortify.' },
  '602.2b': { title: 'Activating is like casting', text: 'Activating an ability follows the same steps as casting a spell: its targets are chosen as it is activated and must be legal then, or the activation is illegal and is undone.' },
  '603.2e': { title: 'Triggers on becoming attached', text: 'A "becomes attached" (or "becomes unattached") trigger fires only at the moment the event happens: not when the state already exists, and not again while it lasts.' },
  '608.1': { title: 'What resolves', text: 'Each time all players pass in a row, whatever is topmost on the stack resolves; a card that is not on the stack never resolves.' },
  '608.2b': { title: 'Targets checked on resolution', text: 'When a spell or ability resolves, its targets are checked again. If every target is now illegal (it left its zone, gained protection, no longer qualifies), it does not resolve.' },
  '608.3b': { title: 'Aura spell with an illegal target', text: "An Aura spell whose target is illegal on resolution does not resolve and goes to its owner's graveyard (a bestowed Aura resolves as a creature instead)." },
  '608.3c': { title: 'Aura spell resolves', text: 'An Aura spell that resolves becomes a permanent attached to the object or player it targeted.' },
  '613.7d': { title: 'Timestamp on entering a zone', text: 'An object gets a new timestamp when it enters a zone.' },
  '613.7e': { title: 'Timestamp on becoming attached', text: 'A fresh timestamp is given to an Aura, Equipment or Fortification every time it gets attached to something, object or player.' },
  '701.3': { title: 'Attach and unattach', text: 'The keyword action that puts an Aura, Equipment or Fortification onto an object or player, or takes it off.' },
  '702.5': { title: 'Enchant', text: 'The keyword ability that says what an Aura can target and be attached to.' },
  '702.6': { title: 'Equip', text: 'The activated ability that attaches an Equipment to a creature its controller controls, as a sorcery.' },
  '702.16': { title: 'Protection', text: "Protection from a quality shields a permanent or player from things with that quality: their damage is prevented, and they can't target it, enchant it, equip or fortify it (a permanent), or block it (an attacking creature)." },
  '702.26': { title: 'Phasing', text: 'Phased-out permanents are treated as though they do not exist; what is attached to them phases with them.' },
  '702.67': { title: 'Fortify', text: 'The activated ability that attaches a Fortification to a land its controller controls, as a sorcery.' },
  '702.103': { title: 'Bestow', text: 'Bestow lets a creature card be cast as an Aura with enchant creature; it becomes a creature again when it is no longer attached.' },
  '702.151': { title: 'Reconfigure', text: 'Reconfigure lets an Equipment creature attach to another creature you control (and stop being a creature) or unattach.' },
  '704.5': { title: 'State-based actions', text: 'The list of checks the game makes whenever a player would get priority.' },
  '701.3a': { title: 'Attach', text: 'Attaching puts an Aura, Equipment or Fortification onto an object or player. It can never be attached to something it could not legally enchant, equip or fortify.' },
  '701.3b': { title: 'Attaches that do nothing', text: 'If the new host is illegal, the attachment does not move; if it is already attached to that host, nothing happens; if the card is not an Aura, Equipment or Fortification, nothing happens and it does not move.' },
  '701.3c': { title: 'New timestamp on moving', text: 'An attachment moved onto a different object or player gets a new timestamp.' },
  '701.3d': { title: 'Unattach', text: 'Unattaching leaves the Equipment on the battlefield attached to nothing. An attachment also "becomes unattached" when it leaves the battlefield, when its host leaves its zone, or when the player it is on leaves the game.' },
  '702.5a': { title: 'Enchant', text: 'Enchant limits both what an Aura spell can target and what the Aura permanent can be attached to.' },
  '702.5c': { title: 'Several enchant abilities', text: 'An Aura with more than one enchant ability must satisfy all of them.' },
  '702.5d': { title: 'Enchant player', text: 'An Aura with enchant player can target and be attached only to players, never to permanents.' },
  '702.6a': { title: 'Equip', text: 'Equip is an activated ability: pay its cost to attach the Equipment to a creature you control, chosen as the target, at sorcery speed.' },
  '702.6c': { title: 'Equip with a quality', text: 'Equip [quality] only narrows what the equip ability may target; it does not limit what the Equipment may be attached to in other ways.' },
  '702.16b': { title: 'Protection: targeting', text: 'Neither spells with the stated quality (Aura spells among them) nor abilities whose source has that quality may target something that has protection from it.' },
  '702.16c': { title: 'Protection: enchanting', text: "Auras with the quality can't become attached to what has protection from it; any such Aura already on that permanent or player goes to its owner's graveyard as a state-based action." },
  '702.16d': { title: 'Protection: equipping and fortifying', text: "Equipment and Fortifications with the quality can't equip or fortify a permanent with protection from it; any that are already on it fall off (a state-based action) and stay where they are on the battlefield." },
  '702.16j': { title: 'Protection from everything', text: "Protection from everything protects from every object, whatever its characteristics: no spell or ability can target the permanent or player and no Aura can enchant it, and a permanent with it can't be equipped, fortified or blocked at all. All damage to it is prevented." },
  '702.16k': { title: 'Protection from a player', text: 'Protection from a player covers the objects that player controls (and owns while no one else controls them).' },
  '702.26b': { title: 'Phased out', text: "Apart from rules and effects that mention phased-out permanents, the game acts as if a phased-out permanent weren't there: it can't affect anything or be affected, so nothing can be attached to it, events don't change it and state-based actions skip it." },
  '702.26e': { title: 'Effects skip phased-out permanents', text: 'A continuous effect from a resolving spell or ability that changes characteristics or control leaves out phased-out permanents, even ones it names, unless it names them as phased out.' },
  '702.26g': { title: 'Phasing out with the host', text: 'When a permanent phases out, everything attached to it phases out with it ("indirectly") and phases back in with it, still attached.' },
  '702.26i': { title: 'Phasing in alone', text: 'An attachment that phased out on its own phases back in attached to the same object if that object is still there; otherwise it phases in unattached.' },
  '702.26j': { title: 'Attach triggers ignore phasing', text: 'Phasing in or out never sets off a trigger about becoming attached or unattached, even when phasing leaves an attachment unattached (702.26i).' },
  '702.67a': { title: 'Fortify', text: 'Fortify is an activated ability: pay its cost to attach the Fortification to a land you control, chosen as the target, at sorcery speed.' },
  '702.103e': { title: 'Bestow with an illegal target', text: 'A bestowed Aura spell whose target is illegal on resolution stops being bestowed and resolves as a creature.' },
  '702.103f': { title: 'Bestowed Aura unattached', text: 'A bestowed Aura that becomes unattached is no longer bestowed. One on an illegal object or player is taken off and stops being bestowed, so it remains on the battlefield as a creature instead of going to the graveyard (an exception to 704.5m).' },
  '702.151a': { title: 'Reconfigure', text: 'Reconfigure lets its controller attach it to another creature they control, or unattach it, as a sorcery.' },
  '702.151b': { title: 'Reconfigured Equipment', text: 'While an Equipment with reconfigure is attached to a creature, it is not a creature; it becomes one again when unattached.' },
  '303.7a': { title: 'Roles', text: "If one player controls more than one Role on the same permanent, only the newest stays; the others go to their owners' graveyards." },
  '704.5z': { title: 'Extra Roles go', text: "Of the Roles a player controls on one permanent, all but the one with the newest timestamp go to their owners' graveyards." },
  '704.3': { title: 'State-based actions', text: 'Whenever a player would get priority, the game performs every applicable state-based action at once, and repeats until none applies.' },
  '704.5m': { title: 'Aura to the graveyard', text: "An Aura attached to an illegal object or player, or attached to nothing, goes to its owner's graveyard." },
  '704.5n': { title: 'Equipment falls off', text: "An Equipment or Fortification on a permanent it can't legally be on, or on a player, becomes unattached and stays on the battlefield." },
  '704.5p': { title: 'Other things fall off', text: 'A creature or battle attached to something, or a permanent that is not an Aura, Equipment or Fortification attached to something, becomes unattached and stays on the battlefield.' },
  '800.4a': { title: 'A player leaves the game', text: 'When a player leaves, everything they own leaves too, control effects that gave them anything end, and whatever they still control is exiled.' },
};
