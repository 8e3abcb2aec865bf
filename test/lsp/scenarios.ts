// Scenario texts shared by the LSP tests. Lines are numbered in the comments (0-based), because
// the tests address positions by line.

/** Declarations (lines 0-6) and a blank line 7. */
export const HEADER = [
  'game mtg', //                                                                          0
  'player alice', //                                                                      1
  'player bob', //                                                                        2
  'card lion "Silvercoat Lion": creature — Cat, owner alice', //                          3
  'card splitter "Bonesplitter": artifact — Equipment, owner alice', //                   4
  'card pacifism "Pacifism": enchantment — Aura, enchant creature, owner bob, attached to lion', // 5
  'card plains "Plains": basic land — Plains, owner alice', //                            6
  '', //                                                                                  7
];

export const scenario = (...events: string[]): string => [...HEADER, ...events].join('\n') + '\n';

/** Line 9 re-equips the same creature: `redundant-attach` (701.3b). */
export const REDUNDANT = scenario(
  'equip splitter to lion', //                 8
  'equip splitter to lion', //                 9
);

/** Line 9 destroys lion with splitter and pacifism on it, and records neither consequence. */
export const MISSING_UNATTACH = scenario(
  'equip splitter to lion', //                 8
  'destroy lion', //                           9
  'expect splitter unattached', //             10
);

/** Everything recorded: no findings. */
export const CLEAN = scenario(
  'equip splitter to lion', //                 8
  '# 704.5m: the Aura goes to the graveyard', // 9
  'destroy lion', //                           10
  'unattach splitter from lion', //            11
  'unattach pacifism from lion', //            12
  'move pacifism to graveyard', //             13
  'expect splitter unattached', //             14
);
