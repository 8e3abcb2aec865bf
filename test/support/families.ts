// Scenarios of a size the tests choose, shared by the tests that hold a family of input linear.

/** `n` players, one creature of the first, and `control c pI` giving it to each next player in turn (the last gives it back to p0): the lines, without a final line break. */
export function oneCardToEachPlayer(n: number): string[] {
  const lines = ['game mtg'];
  for (let i = 0; i < n; i++) lines.push(`player p${i}`);
  lines.push('card c "C": creature, owner p0');
  for (let i = 0; i < n; i++) lines.push(`control c p${(i + 1) % n}`);
  return lines;
}

/** Two players and two creatures of alice's, a white Cat and a green Bear: the head of the scenarios that give hosts protections and restrictions. */
export const TWO_CREATURES = `game mtg
rules 2024-06-07
player alice
player bob
card lion "Silvercoat Lion": creature — Cat, owner alice, color white
card bears "Grizzly Bears": creature — Bear, owner alice, color green
`;
