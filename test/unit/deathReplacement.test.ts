// Riftbound replacements of a unit's death (replacement.ts: 369.1, 373.2). A cleanup that kills thousands of
// units at once, with thousands of savers on the board, finds each death's saver from indexes (DeathPass), not by
// asking every saver about every death: counted by the saver looks. And the replay's pick, unit by unit,
// against the order written with `order replacements`.
import assert from 'node:assert/strict';
import { check } from '../../core';
import { SAVER_LOOKS } from '../../core/rules/riftbound/replacement';

const SORAKA = 'if another unit you control here would die and has less Might than me, heal it, exhaust it, and recall it';
const ZHONYA = 'the next time a friendly unit would die, kill this instead, heal that unit, exhaust it, and recall it';

/** `n` units dying in one cleanup, with `n` savers of the kind asked for. */
function scenario(kind: 'hourglass' | 'soraka' | 'miss' | 'mixed', n: number): string {
  const lines = ['game riftbound', 'rules v1.3', 'player alice', 'player bob'];
  for (let i = 0; i < n; i++) {
    if (kind === 'hourglass') lines.push(`card u${i} "U": unit, owner alice, might 2, at battlefield b1`, `card h${i} "Zhonya's Hourglass": gear, owner alice, at base, ${ZHONYA}`);
    if (kind === 'soraka') lines.push(`card u${i} "U": unit, owner alice, might 1, at battlefield b1`, `card s${i} "Soraka": unit, owner alice, might 3, at battlefield b1, ${SORAKA}`);
    // No saver qualifies: each dying unit has more Might than every Soraka there.
    if (kind === 'miss') lines.push(`card u${i} "U": unit, owner alice, might 5, at battlefield b1`, `card s${i} "Soraka": unit, owner bob, might 3, at battlefield b1, ${SORAKA}`, `card t${i} "Soraka": unit, owner alice, might 3, at battlefield b1, ${SORAKA}`);
    if (kind === 'mixed') {
      lines.push(`card u${i} "U": unit, owner ${i % 2 ? 'alice' : 'bob'}, might ${1 + (i % 4)}, at battlefield b${i % 7}`, `card s${i} "Soraka": unit, owner alice, might ${1 + ((i * 3) % 5)}, at battlefield b${(i * 5) % 7}, ${SORAKA}`);
      if (i % 3 === 0) lines.push(`card h${i} "Zhonya's Hourglass": gear, owner ${i % 2 ? 'bob' : 'alice'}, at base, the next time a friendly unit would die, kill this instead`);
    }
  }
  lines.push('turn alice main');
  lines.push(`together: ${Array.from({ length: n }, (_, i) => `deal 5 damage to u${i}`).join('; ')}`);
  return `${lines.join('\n')}\n`;
}

function looks(text: string): number {
  SAVER_LOOKS.n = 0;
  check(text, { maxFindings: 10 });
  return SAVER_LOOKS.n;
}

describe("Riftbound replacements of a unit's death (replacement.ts)", () => {
  for (const kind of ['hourglass', 'soraka', 'miss', 'mixed'] as const) {
    it(`asks a few savers per death when thousands of units die in one cleanup among thousands of savers: ${kind}`, () => {
      const small = looks(scenario(kind, 500));
      const big = looks(scenario(kind, 4000));
      // Linear: eight times the deaths and savers, at most about eight times the looks (asking every saver of every death made millions).
      assert.ok(big <= 10 * Math.max(small, 500), `${small} looks for 500, ${big} for 4000`);
      assert.ok(big <= 8 * 4000, `${big} looks for 4000 deaths`);
    });
  }

  it('saves one death per Hourglass, and with a Soraka there saves the rest at once (373.2)', () => {
    const text = ['game riftbound', 'rules v1.3', 'player alice', 'card h "Zhonya\'s Hourglass": gear, owner alice, at base, ' + ZHONYA, 'card s "Soraka": unit, owner alice, might 3, at battlefield b1, ' + SORAKA, ...[0, 1, 2].map((i) => `card u${i} "U": unit, owner alice, might 1, at battlefield b1`), 'turn alice main', 'together: deal 1 damage to u0; deal 1 damage to u1; deal 1 damage to u2', 'move h to trash', ...[0, 1, 2].map((i) => `expect u${i} at base`), ''].join('\n');
    const r = check(text);
    assert.deepEqual(r.findings.filter((f) => f.severity === 'error').map((f) => f.text), []);
  });

  it('applies the order written: Soraka first saves those at her battlefield, and the Hourglass the one left', () => {
    const base = ['game riftbound', 'rules v1.3', 'player alice', 'card h "Zhonya\'s Hourglass": gear, owner alice, at base, ' + ZHONYA, 'card s "Soraka": unit, owner alice, might 3, at battlefield b1, ' + SORAKA, 'card u0 "U": unit, owner alice, might 1, at battlefield b1', 'card u1 "U": unit, owner alice, might 1, at battlefield b1', 'turn alice main'];
    const together = 'together: deal 1 damage to u0; deal 1 damage to u1';
    // No order: the Hourglass (the replay's pick before a unit's replacement) saves u0, Soraka u1.
    const picked = check([...base, together, 'move h to trash', 'expect h in trash', ''].join('\n'));
    assert.deepEqual(picked.findings.filter((f) => f.severity === 'error').map((f) => f.text), []);
    // Soraka first: both saved by her, the Hourglass stays.
    const ordered = check([...base, 'order replacements s, h', together, 'expect h at base', 'expect u0 at base', 'expect u1 at base', ''].join('\n'));
    assert.deepEqual(ordered.findings.filter((f) => f.severity === 'error').map((f) => f.text), []);
  });
});
