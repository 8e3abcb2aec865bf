// Rule numbers move between versions of the rules documents. The checker reasons in one canonical
// numbering per game (the newest version we know) and cites in the numbering of the version the
// scenario declares with `rules`. One table per game: each renumbering is a prefix rewrite that
// applies to every version older than the one that introduced the new number.
import type { Game } from '../types';
import { table } from '../tables';
import { ruleNumbersIn, type Message, type Renumbering as TextRenumbering } from '../message';

export interface RulesVersion {
  /** As the scenario should write it. */
  id: string;
  /** Effective date, for ordering and for comparing with a rules file. */
  date: string;
  label: string;
}

/** A renumbering: from `since` on, the rule numbered `old` (and its subrules) is numbered `now`. */
interface Renumbering {
  since: string;
  now: string;
  old: string;
}

interface GameVersions {
  versions: RulesVersion[];
  renumberings: Renumbering[];
  /** Rules that first appear in a later version (canonical number → version date). */
  introduced: Readonly<Partial<Record<string, string>>>;
  /**
   * Rules a later version dropped (canonical number → the date of the first version without it). The
   * number is the rule's own in the last version that had it, or the number the renumberings give it
   * there (v1.3's 447.1 is 452.1: its parent, v1.3's 447, is 452 now); no later version's rule is cited by it.
   */
  removed: Readonly<Partial<Record<string, string>>>;
}

const MTG: GameVersions = {
  versions: [
    { id: '2024-02-02', date: '2024-02-02', label: 'Comprehensive Rules 2024-02-02' },
    { id: '2024-03-08', date: '2024-03-08', label: 'Comprehensive Rules 2024-03-08' },
    { id: '2024-06-07', date: '2024-06-07', label: 'Comprehensive Rules 2024-06-07' },
    { id: '2024-08-02', date: '2024-08-02', label: 'Comprehensive Rules 2024-08-02' },
    { id: '2024-11-08', date: '2024-11-08', label: 'Comprehensive Rules 2024-11-08' },
    { id: '2025-02-07', date: '2025-02-07', label: 'Comprehensive Rules 2025-02-07' },
    { id: '2025-04-04', date: '2025-04-04', label: 'Comprehensive Rules 2025-04-04' },
    { id: '2025-06-06', date: '2025-06-06', label: 'Comprehensive Rules 2025-06-06' },
    { id: '2025-07-25', date: '2025-07-25', label: 'Comprehensive Rules 2025-07-25' },
    { id: '2025-11-14', date: '2025-11-14', label: 'Comprehensive Rules 2025-11-14' },
    { id: '2026-04-17', date: '2026-04-17', label: 'Comprehensive Rules 2026-04-17' },
    { id: '2026-08-07', date: '2026-08-07', label: 'Comprehensive Rules 2026-08-07' },
    { id: '2026-09-25', date: '2026-09-25', label: 'Comprehensive Rules 2026-09-25' },
  ],
  // Each date below is the first version whose text has the new number, read in the texts of every version from
  // 2024-02-02 to 2026-09-25 (ivancea/MTGRules_Android, app/src/main/res/raw/rules_YYYYMMDD.txt; the text of
  // 2024-02-02 is its rules_20240206.txt). The versions listed above are those where a number the checker cites
  // moves; one between them (2024-04-10, 2024-09-17, 2025-09-19, 2026-01-16, 2026-02-27, 2026-06-19) numbers
  // those rules as the listed version before it, which a `rules` date resolves to.
  renumberings: [
    // The rules of 2026-08-07 split the battles' state-based actions (704.5v-w) and inserted one in 310 (a
    // non-Siege battle with defense 0, 310.8): a battle can't be attached, 310.9 until then, is 310.10; extra
    // Roles, 704.5y until then (2024-06-07 to 2026-06-19), are 704.5z; start your engines! (speed), 704.5z
    // from 2025-02-07 to 2026-06-19, is 704.5aa.
    { since: '2026-08-07', now: '310.10', old: '310.9' },
    { since: '2026-08-07', now: '704.5aa', old: '704.5z' },
    { since: '2026-08-07', now: '704.5z', old: '704.5y' },
    // Merging with Permanents, 726 in the rules of 2024-02-02, moved down one place each time a rule was inserted
    // before it in section 7: 727 from 2024-03-08 (Rad Counters, 725), 728 from 2025-04-04 (Omen Cards, 720),
    // 729 from 2025-07-25 (Station Cards, 721), 730 from 2026-04-17 (Preparation Cards, 722).
    { since: '2026-04-17', now: '730', old: '729' },
    // "Becomes" triggers: 603.2f until 2025-09-19; 2025-11-14 dropped the 603.2e before it.
    { since: '2025-11-14', now: '603.2e', old: '603.2f' },
    { since: '2025-07-25', now: '729', old: '728' },
    // Keyword actions were re-sorted in the rules of 2025-06-06 (those of 2025-04-04 have the old order): Exchange,
    // all of it, moved from 701.10 to 701.12.
    { since: '2025-06-06', now: '701.12', old: '701.10' },
    // The same re-sorting: Tap and Untap, 701.21 until then, is 701.26 (the old 701.26, Abandon, moved too).
    { since: '2025-06-06', now: '701.26', old: '701.21' },
    // The same re-sorting: Regenerate, 701.15 until then, is 701.19.
    { since: '2025-06-06', now: '701.19', old: '701.15' },
    // The same re-sorting (701.4 Behold inserted): Counter, 701.5 until then, is 701.6.
    { since: '2025-06-06', now: '701.6', old: '701.5' },
    // The same re-sorting: Manifest 701.34 → 701.40, Cloak 701.56 → 701.58.
    { since: '2025-06-06', now: '701.40', old: '701.34' },
    { since: '2025-06-06', now: '701.58', old: '701.56' },
    // The same re-sorting: Destroy 701.7 → 701.8, Sacrifice 701.17 → 701.21 (Tap's old number).
    { since: '2025-06-06', now: '701.8', old: '701.7' },
    { since: '2025-06-06', now: '701.21', old: '701.17' },
    // The same re-sorting: Transform, 701.28 until then, is 701.27 (Convert, 701.29 until then, follows it at 701.28).
    { since: '2025-06-06', now: '701.27', old: '701.28' },
    { since: '2025-04-04', now: '728', old: '727' },
    // The rules of 2024-11-08 (Foundations) dropped the damage assignment orders, 509.2 and 509.3 until then: the
    // active player's priority after the blockers, 509.4 from 2024-06-07 to 2024-09-17, is 509.2 (read in
    // ivancea/MTGRules_Android's rules_20240802.txt, rules_20240917.txt and rules_20241108.txt).
    { since: '2024-11-08', now: '509.2', old: '509.4' },
    { since: '2024-03-08', now: '727', old: '726' },
  ],
  // Job select (702.182, Final Fantasy): first in the rules of 2025-06-06 of those listed here (Final Fantasy's
  // release; Aetherdrift's 2025-02-07 rules end 702 before Tarkir's Harmonize and Mobilize, 702.180-181).
  // Start your engines!'s state-based action (704.5aa, speed): first in Aetherdrift's rules of 2025-02-07, as
  // 704.5z; the rules of 2024-06-07 end 704.5 at 704.5y, so their 704.5z is no rule.
  // Totem armor's old name (702.89b): first in the rules of 2024-06-07, which renamed the ability umbra armor; until
  // then (2024-02-02 to 2024-04-10) 702.89 is Totem Armor, with only 702.89a.
  introduced: table({ '702.89b': '2024-06-07', '702.182': '2025-06-06', '702.182a': '2025-06-06', '704.5aa': '2025-02-07' }),
  removed: table({}),
};

const RIFTBOUND: GameVersions = {
  versions: [
    { id: 'v1.2', date: '2025-12-01', label: 'Riftbound Core Rules v1.2 (2025-12-01)' },
    { id: 'v1.3', date: '2026-03-30', label: 'Riftbound Core Rules v1.3 (2026-03-30)' },
    { id: '2026-07-16', date: '2026-07-16', label: 'Riftbound Core Rules 2026-07-16' },
  ],
  renumberings: [
    // Combat (2026-07-16): when one happens, 455 in v1.3, is 460; two players to a combat, 457, is 462; its
    // designations (459.2.b, one rule for each side) are 464.2.c (one for both); its resolution step, 461
    // (the combat's cleanup 461.1, its end 461.7), is 466.
    { since: '2026-07-16', now: '460', old: '455' },
    { since: '2026-07-16', now: '462', old: '457' },
    { since: '2026-07-16', now: '464.2.c', old: '459.2.b' },
    { since: '2026-07-16', now: '466', old: '461' },
    // The Main Phase (2026-07-16 inserted its Tasks, 316.2-316.4): v1.3's 316.2 (no defined structure; the
    // Neutral Open State, 316.2.b) is 316.5, and its Combat, 316.4, is 316.7.
    // Spells (2026-07-16 numbers its Spells heading 153, one place down): v1.3's card type 153, timing 154,
    // controller 155 and effect-then-trash 156 are 154-157.
    { since: '2026-07-16', now: '154', old: '153' },
    { since: '2026-07-16', now: '155', old: '154' },
    { since: '2026-07-16', now: '156', old: '155' },
    { since: '2026-07-16', now: '157', old: '156' },
    { since: '2026-07-16', now: '316.5', old: '316.2' },
    { since: '2026-07-16', now: '316.7', old: '316.4' },
    // Movement (2026-07-16 inserted Burn, Empower, Disempower, Skip and Pay before it, 440-444, so v1.3's Movement
    // heading, 440, is 445): v1.3's 442.2 (a Move's Destination) is 447.2, its 444 (Moves caused by effects) 449, its
    // 447 (Moves that cause Combat) 452 (read in FacuNGodoy/riftbound-rules-chatbot, docs/core_rules.md).
    { since: '2026-07-16', now: '447.2', old: '442.2' },
    { since: '2026-07-16', now: '449', old: '444' },
    { since: '2026-07-16', now: '452', old: '447' },
    // The tokens rules: v1.2's 180 (made on the board), v1.3's 183 (or on the chain), 186 since.
    { since: '2026-07-16', now: '186', old: '183' },
    { since: '2026-07-16', now: '457.1', old: '452.1' },
    // The Equipment tag rules (150) were inserted before Gear's activated abilities; v1.2 numbered those 148.
    { since: '2026-07-16', now: '151.2', old: '150.2' },
    { since: '2026-07-16', now: '124', old: '110' },
    // The Recalls section moved from 449-453 (v1.3) to 454-458; in v1.2 it was 432-436.
    { since: '2026-07-16', now: '455', old: '450' },
    // Layers (2026-07-16, five places down like the rest of v1.3's 440s and after): v1.3's 472 (the order of
    // the layers) is 477. Its copy rules were regrouped: v1.3's 472.1.b.3 (a copy takes the printed traits, or
    // those the copied object took) is 477.1.b.1.b; 472.1.b and 472.1.b.1 keep their place under 477.
    { since: '2026-07-16', now: '477.1.b.1.b', old: '472.1.b.3' },
    { since: '2026-07-16', now: '477', old: '472' },
    // The turn player gets priority with nothing to do and nothing pending (v1.3's 335.3): 335 itself in
    // 2026-07-16, where the HOT FEPR rules before it moved up one place (v1.3's 333, a chain is created, is gone).
    { since: '2026-07-16', now: '335', old: '335.3' },
    // v1.2 (2025-12-01) numbered much of its rules differently, checked against its text (ZanderH-code/riftboundoc,
    // content/pages/riftbound-core-rules-v1-2.md). The Facedown Zones were 106.4 (v1.3 107.3).
    { since: '2026-03-30', now: '107.3', old: '106.4' },
    // A unit's properties (v1.2 142: damage 142.3, arrives exhausted 142.4), its Standard Move (143) and its
    // activated abilities (144) are one place down in v1.3 (143-145).
    { since: '2026-03-30', now: '143', old: '142' },
    { since: '2026-03-30', now: '144', old: '143' },
    { since: '2026-03-30', now: '145', old: '144' },
    // Spells: v1.2's card type 150, timing 151, controller 152, effect-then-trash 153 are v1.3's 153-156.
    { since: '2026-03-30', now: '153', old: '150' },
    { since: '2026-03-30', now: '154', old: '151' },
    { since: '2026-03-30', now: '155', old: '152' },
    { since: '2026-03-30', now: '156', old: '153' },
    // Cleanups: v1.2's 321 (cleanups repeat) is v1.3's 322; v1.2's steps (322) were reordered in v1.3's 323:
    // designations 322.5 → 323.2, kills 322.4 → 323.5, recalls 322.7 → 323.7, combat staged 322.10 → 323.9,
    // combat begins 322.14 → 323.13.
    { since: '2026-03-30', now: '322', old: '321' },
    { since: '2026-03-30', now: '323.2', old: '322.5' },
    { since: '2026-03-30', now: '323.5', old: '322.4' },
    { since: '2026-03-30', now: '323.9', old: '322.10' },
    { since: '2026-03-30', now: '323.13', old: '322.14' },
    // Chains: a played card on the chain (v1.2 327.1), the newest item resolves (v1.2 336, Step 4).
    { since: '2026-03-30', now: '328.1', old: '327.1' },
    { since: '2026-03-30', now: '340', old: '336' },
    // A showdown begins (v1.2 340), the process of play (v1.2 351-356: move to the chain 351, choices 352 with
    // its Move destinations 352.3 and targets 352.7-352.8, total cost 353, finishing 356).
    { since: '2026-03-30', now: '344', old: '340' },
    { since: '2026-03-30', now: '354', old: '351' },
    { since: '2026-03-30', now: '355.4', old: '352.3' },
    { since: '2026-03-30', now: '355.8', old: '352.7' },
    { since: '2026-03-30', now: '355.9', old: '352.8' },
    { since: '2026-03-30', now: '356.2', old: '353.2' },
    { since: '2026-03-30', now: '359', old: '356' },
    // Abilities: activated abilities use the chain (v1.2 370.2), are used on the board (373); a trigger's
    // condition is checked after the event (376.2.c).
    { since: '2026-03-30', now: '377.3', old: '370.2' },
    // Playing or activating abilities (v1.2 386-394, v1.3 398-406): its last step, an ability carried out as a
    // spell is (406.5), was v1.2's 394.5.
    { since: '2026-03-30', now: '406', old: '394' },
    { since: '2026-03-30', now: '380', old: '373' },
    { since: '2026-03-30', now: '383.2.c', old: '376.2.c' },
    // Game actions: discretionary actions (v1.2 398.1), Heal (405), Buff (413).
    { since: '2026-03-30', now: '410.1', old: '398.1' },
    { since: '2026-03-30', now: '418', old: '405' },
    { since: '2026-03-30', now: '426', old: '413' },
    // Movement (v1.2 423-431): a Move's destination 425.2 (its recall instead, 425.2.b, is v1.3's 442.2.c),
    // never into two other players 427, a Move that opens a combat 430.
    { since: '2026-03-30', now: '442.2', old: '425.2' },
    { since: '2026-03-30', now: '442.2.c', old: '425.2.b' },
    { since: '2026-03-30', now: '444', old: '427' },
    { since: '2026-03-30', now: '447', old: '430' },
    // Combat (v1.2 437-444): when it happens 438, two players 440, Attacker and Defender 442.1.a, the
    // resolution step 444 (its designations removed in the combat cleanup, 444.1.a.3, v1.3's 461.7.a).
    { since: '2026-03-30', now: '455', old: '438' },
    { since: '2026-03-30', now: '457', old: '440' },
    { since: '2026-03-30', now: '459.2.b', old: '442.1.a' },
    { since: '2026-03-30', now: '461', old: '444' },
    { since: '2026-03-30', now: '461.7.a', old: '444.1.a.3' },
    // Layers: v1.2's 454 (v1.3 472).
    { since: '2026-03-30', now: '472', old: '454' },
    // Inactive abilities: v1.2 721.1.b (v1.3 721.2).
    { since: '2026-03-30', now: '721.2', old: '721.1.b' },
    // Keywords: Action 732, Assault 733, Deathknell 734, Deflect 735, Reaction 739 (on an ability: 739.1.c.3),
    // Shield 740 in v1.2.
    { since: '2026-03-30', now: '806', old: '732' },
    { since: '2026-03-30', now: '807', old: '733' },
    { since: '2026-03-30', now: '808', old: '734' },
    { since: '2026-03-30', now: '809', old: '735' },
    { since: '2026-03-30', now: '813', old: '739' },
    { since: '2026-03-30', now: '813.1.c.2', old: '739.1.c.3' },
    { since: '2026-03-30', now: '814', old: '740' },
    // Temporary: 742 in v1.2 by the keywords' offset of 74 (between its Shield 740 and its Equip 744; not read in v1.2's text).
    { since: '2026-03-30', now: '816', old: '742' },
    { since: '2026-03-30', now: '434', old: '421' },
    { since: '2026-03-30', now: '150.2', old: '148.2' },
    { since: '2026-03-30', now: '435', old: '422' },
    { since: '2026-03-30', now: '818', old: '744' },
    // The keyword rules: v1.2's 727 (after its heading 726), v1.3's 801.
    { since: '2026-03-30', now: '801', old: '727' },
    { since: '2026-03-30', now: '819', old: '745' },
    { since: '2026-03-30', now: '821', old: '747' },
    { since: '2026-03-30', now: '135.4', old: '134.4' },
    { since: '2026-03-30', now: '136.2', old: '135.2' },
    { since: '2026-03-30', now: '137.3', old: '136.3' },
    { since: '2026-03-30', now: '323.7', old: '322.7' },
    { since: '2026-03-30', now: '149.3', old: '435.1' },
    // v1.2 had one rule (435.1) for what v1.3 says twice (149.3 and 452.1, now 457.1).
    { since: '2026-03-30', now: '452.1', old: '435.1' },
    // v1.2 numbered the properties of attached cards 718.5-718.8.b; v1.3 made them 718.5.a-g.
    { since: '2026-03-30', now: '718.5.c', old: '718.6' },
    { since: '2026-03-30', now: '718.5.d', old: '718.7' },
    { since: '2026-03-30', now: '718.5.e', old: '718.8' },
    { since: '2026-03-30', now: '718.5.f', old: '718.8.a' },
    { since: '2026-03-30', now: '718.5.g', old: '718.8.b' },
    { since: '2026-03-30', now: '110', old: '109' },
    // v1.2 numbered a card's name, category and Might Bonus (131-136) and a unit's Might (142) one lower.
    { since: '2026-03-30', now: '132.1', old: '131.1' },
    { since: '2026-03-30', now: '133.1', old: '132.1' },
    { since: '2026-03-30', now: '137.1', old: '136.1' },
    { since: '2026-03-30', now: '143.2', old: '142.2' },
    // v1.2's Ending Phase: the End of Turn Cleanup (317.2), then the Expiration Step (317.3.a: "this turn" effects expire).
    { since: '2026-03-30', now: '317.2.c', old: '317.3.a' },
    // v1.3 added "after a Pending Item is added to the Chain" (319.3) to the times of a cleanup: the later ones moved up.
    { since: '2026-03-30', now: '319.4', old: '319.3' },
    { since: '2026-03-30', now: '319.5', old: '319.4' },
    { since: '2026-03-30', now: '319.6', old: '319.5' },
    { since: '2026-03-30', now: '319.7', old: '319.6' },
    { since: '2026-03-30', now: '319.8', old: '319.7' },
    { since: '2026-03-30', now: '450', old: '433' },
    { since: '2026-03-30', now: '183', old: '180' },
    { since: '2026-03-30', now: '442.3', old: '425.3' },
    // The limited actions moved 13 places down in v1.3: Exhaust 401 → 414, Ready 402 → 415, Kill 415 → 428.
    { since: '2026-03-30', now: '414', old: '401' },
    { since: '2026-03-30', now: '415', old: '402' },
    { since: '2026-03-30', now: '428', old: '415' },
    // Stun (423) by the same offset: 410 in v1.2 (not read in v1.2's text).
    { since: '2026-03-30', now: '423', old: '410' },
  ],
  // Empower and Disempower (441, 442: v1.3 numbers Movement there, five places up) are the rules of 2026-07-16's:
  // their subrules cited here have no rule of that number in v1.3.
  // The replacement rules the checker cites (369.1, 370.1.a, 370.2, 372, 373, 373.2) were read in v1.3 only: v1.2 numbered its
  // abilities otherwise (its 370.2 is 377.3, its 373 is 380), and its numbers for these are not known, so they are not cited under v1.2.
  introduced: table({ '319.3': '2026-03-30', '335': '2026-03-30', '355.4.a': '2026-03-30', '477.1.b.1.b': '2026-03-30', '434.1.g': '2026-03-30', '434.1.h': '2026-03-30', '434.5': '2026-07-16', '719.4.a': '2026-07-16', '136.2.d': '2026-07-16', '441.1.b': '2026-07-16', '441.1.c': '2026-07-16', '442.1.a.1': '2026-07-16', '369.1': '2026-03-30', '370.1.a': '2026-03-30', '370.2': '2026-03-30', '372': '2026-03-30', '373': '2026-03-30', '373.2': '2026-03-30' }),
  // "Units are the only Permanents that can Move" (v1.2 425.3, v1.3 442.3): gone from the rules of 2026-07-16.
  // v1.3's 447.1 (a Move that contests a battlefield with units of opposing players opens a Combat): 452 has no
  // subrule in the rules of 2026-07-16, which say it in 460 and the cleanup's 323.9 and 323.13.
  removed: table({ '442.3': '2026-07-16', '452.1': '2026-07-16' }),
};

const GAMES: Record<Game, GameVersions> = { mtg: MTG, riftbound: RIFTBOUND };

export function knownVersions(game: Game): readonly RulesVersion[] {
  return GAMES[game].versions;
}

/** Resolves a `rules` value to a known version: exact id, a Riftbound `1.3`, or the newest version at or before a date. */
export function resolveVersion(game: Game, written: string | undefined): RulesVersion | undefined {
  const versions = GAMES[game].versions;
  if (written === undefined) return versions[versions.length - 1];
  const id = game === 'riftbound' && /^\d+\.\d+$/.test(written) ? `v${written}` : written;
  const exact = versions.find((v) => v.id === id || v.date === id);
  if (exact) return exact;
  if (/^\d{4}-\d{2}-\d{2}$/.test(written)) {
    let best: RulesVersion | undefined;
    for (const v of versions) if (v.date <= written) best = v;
    return best;
  }
  return undefined;
}

function matchesPrefix(number: string, prefix: string): boolean {
  return number === prefix || (number.startsWith(prefix) && /^[.a-z]/.test(number.slice(prefix.length)));
}

/** The renumberings of one date, in the order the table gives them. */
interface RenumberingStep {
  readonly date: string;
  readonly list: readonly Renumbering[];
}

/** A game's renumberings grouped by date, newest first (made once per game). */
const STEPS = new Map<Game, readonly RenumberingStep[]>();
function renumberingSteps(game: Game): readonly RenumberingStep[] {
  let steps = STEPS.get(game);
  if (!steps) {
    const rs = GAMES[game].renumberings;
    const dates = [...new Set(rs.map((r) => r.since))].sort().reverse();
    STEPS.set(game, (steps = dates.map((date) => ({ date, list: rs.filter((r) => r.since === date) }))));
  }
  return steps;
}

/**
 * One step of renumbering: the renumberings of one date happen at once, so at most one of them applies to
 * a number, the most specific one (the longest prefix; of equal ones, the first met, reading the step's
 * list forwards, or backwards with `backwards`). A general rewrite (v1.3's 472 is 477 now) and a specific
 * one inside it (v1.3's 472.1.b.3 is 477.1.b.1.b) then both hold, whichever way the number is read.
 */
function renumber(list: readonly Renumbering[], n: string, from: 'now' | 'old', backwards: boolean): string {
  let best: Renumbering | undefined;
  for (let k = 0; k < list.length; k++) {
    const r = list[backwards ? list.length - 1 - k : k];
    if (matchesPrefix(n, r[from]) && (!best || r[from].length > best[from].length)) best = r;
  }
  if (!best) return n;
  return (from === 'now' ? best.old : best.now) + n.slice(best[from].length);
}

/** The canonical number as numbered in `version`. Applies the renumberings newer than the version, newest first. */
export function citeAs(game: Game, version: RulesVersion | undefined, canonical: string): string {
  if (!version) return canonical;
  let n = canonical;
  for (const step of renumberingSteps(game)) if (version.date < step.date) n = renumber(step.list, n, 'now', false);
  return n;
}

/** The canonical number for a number written in `version` (inverse of citeAs), for hovers on comments. */
export function canonicalOf(game: Game, version: RulesVersion | undefined, written: string): string {
  if (!version) return written;
  const steps = renumberingSteps(game);
  let n = written;
  for (let i = steps.length - 1; i >= 0; i--) if (version.date < steps[i].date) n = renumber(steps[i].list, n, 'old', true);
  return n;
}

/** Does the rule exist in that version? (Some rules are newer than older versions; a few were dropped later.) */
export function existsIn(game: Game, version: RulesVersion | undefined, canonical: string): boolean {
  // No version (none written, or an unknown one): the newest rules, which have no dropped rule.
  if (!version) return GAMES[game].removed[canonical] === undefined;
  const since = GAMES[game].introduced[canonical];
  const gone = GAMES[game].removed[canonical];
  return (!since || version.date >= since) && (!gone || version.date < gone);
}

/**
 * The number to cite a canonical rule by in `version`: its own there, or, for a rule newer than the
 * version, its nearest parent that exists there; undefined when none does (a whole rule newer than
 * the version, Riftbound 335 first in v1.3: its number there would be another rule's).
 */
export function citedIn(game: Game, version: RulesVersion | undefined, canonical: string): string | undefined {
  let r = canonical;
  while (!existsIn(game, version, r) && /[.][0-9a-z]+$/.test(r)) r = r.replace(/[.][0-9a-z]+$/, '');
  return existsIn(game, version, r) ? citeAs(game, version, r) : undefined;
}

/** Does `version` number any rule otherwise than the canonical numbering (an older version than the newest)? */
export function numberedOtherwise(game: Game, version: RulesVersion | undefined): boolean {
  const versions = GAMES[game].versions;
  return version !== undefined && version !== versions[versions.length - 1];
}

/** Per version (each game's are its own objects): each template's renumbering, or null when none of its numbers moves. */
const TEXT_RENUMBERINGS = new Map<RulesVersion, Map<string, TextRenumbering | null>>();
/** Templates kept per version before its table starts again (a constant sentence is its own template, and may be made of user text). */
const TEXT_RENUMBERINGS_MAX = 4096;

function templateRenumbering(game: Game, version: RulesVersion, template: string): TextRenumbering | null {
  let cache = TEXT_RENUMBERINGS.get(version);
  if (cache === undefined) TEXT_RENUMBERINGS.set(version, (cache = new Map()));
  let r = cache.get(template);
  if (r !== undefined) return r;
  let numbers: Record<string, string> | undefined;
  ruleNumbersIn(template, (token, _start, _end, named) => {
    // A number that follows the other game's name is that game's rule (`MTG 801` in a Riftbound message).
    if (named !== undefined && named !== game) return;
    // A rule the version lacks is written as its nearest parent there, as `Replay.report` cites it;
    // with none, as the template writes it (no other rule's number).
    const to = citedIn(game, version, token);
    if (to !== undefined && to !== token) (numbers ??= Object.create(null) as Record<string, string>)[token] = to;
  });
  r = numbers ? { game, numbers } : null;
  if (cache.size >= TEXT_RENUMBERINGS_MAX) cache.clear();
  cache.set(template, r);
  return r;
}

/**
 * The rule numbers that a message's templates (its own and its arguments') write in the canonical
 * numbering and that `version` numbers otherwise, for a message shown in a scenario that declares
 * `version` (`Message.renumber`); undefined when none moves. Each template is read once per version.
 * Only the templates: an argument that is text (a name, an id, a count) is never renumbered.
 */
export function textRenumbering(game: Game, version: RulesVersion | undefined, m: Message): TextRenumbering | undefined {
  if (!numberedOtherwise(game, version)) return undefined;
  let found: TextRenumbering | undefined;
  let merged: Record<string, string> | undefined;
  const visit = (x: Message): void => {
    const r = templateRenumbering(game, version!, x.template);
    if (r !== null) {
      if (found === undefined) found = r;
      else if (r !== found) Object.assign((merged ??= Object.assign(Object.create(null) as Record<string, string>, found.numbers)), r.numbers);
    }
    for (const a of x.args) if (typeof a === 'object') visit(a);
  };
  visit(m);
  return merged ? { game, numbers: merged } : found;
}

/** For a rule a later version dropped (`removed`): the last version that has it, where its canonical number is its own; else undefined. */
export function lastVersionWith(game: Game, canonical: string): RulesVersion | undefined {
  const gone = GAMES[game].removed[canonical];
  if (!gone) return undefined;
  let last: RulesVersion | undefined;
  for (const v of GAMES[game].versions) if (v.date < gone) last = v;
  return last;
}

/**
 * The canonical number of a number as `version` writes it, or undefined when that version uses the
 * number for another rule: a renumbering moved the canonical rule of that number elsewhere in that
 * version (Riftbound v1.3's 124 is about game objects; the rule numbered 124 today is v1.3's 110).
 */
export function canonicalIn(game: Game, version: RulesVersion | undefined, written: string): string | undefined {
  const canonical = canonicalOf(game, version, written);
  return citeAs(game, version, canonical) === written && existsIn(game, version, canonical) ? canonical : undefined;
}

/** The version tables of a game, read-only (for the tests that hold them to the official documents). */
export function versionTables(game: Game): {
  readonly versions: readonly RulesVersion[];
  readonly renumberings: readonly Readonly<Renumbering>[];
  readonly introduced: Readonly<Partial<Record<string, string>>>;
  readonly removed: Readonly<Partial<Record<string, string>>>;
} {
  const g = GAMES[game];
  return { versions: g.versions, renumberings: g.renumberings, introduced: g.introduced, removed: g.removed };
}
