// One message shape for every finding about a ruling (issue 19): what happened, the rules that
// decide it (Finding.rules), and what to do, in the game's own terms. Checked over every finding
// the fixtures and the bundled examples produce, so a new message that drops a part fails here.
import assert from 'node:assert/strict';
import { REGISTRY, check, type Finding, type Game } from '../../core';
import { EXAMPLES_DIR, FIXTURES_DIR, fixtureName, listBoards, readText, checkOptionsOf } from '../support/fixtures';

/** Codes about the language, not a ruling: they cite no rule. */
const LANGUAGE_CODES = new Set(['syntax-error', 'unknown-name', 'duplicate-name', 'expectation-failed', 'unknown-rules-version', 'include-not-found', 'include-outside-root', 'include-cycle', 'include-game-mismatch', 'include-events', 'include-errors', 'expected-finding-missing', 'unwanted-finding']);

/**
 * Findings about a ruling that cite no rule, because no rule decides them (each says why). Keyed by
 * a phrase of the message.
 */
const NO_RULE: { code: string; phrase: RegExp; why: string }[] = [
  { code: 'impossible-event', phrase: /is already (on the battlefield|on the board|in |at )/, why: 'an event that restates the state it is in' },
  { code: 'impossible-event', phrase: /can't each be under the other/, why: 'a loop of attachments: the rules never speak of one' },
  { code: 'impossible-event', phrase: /is already phased out|is not phased out/, why: 'phasing a card into the state it is in' },
  { code: 'impossible-event', phrase: /doesn't have protection from/, why: 'losing an ability the card does not have' },
  { code: 'impossible-event', phrase: /is (an MTG|a Riftbound|not a Riftbound) action/, why: "the other game's verb" },
  { code: 'impossible-event', phrase: /0 counters does nothing|An amount of counters is a number above 0/, why: 'an amount of nothing: the language, not a ruling' },
];

/** The last sentence says what to do (or that the outcome needs nothing but a note in the scenario). */
const ADVICE = /\b(remove|add|write|put|cast|name|leave out|equip|fortify|attach|unattach|detach|move|phase in|declare|insert|keep|change|use|recall|record)\b/i;

/** Words of MTG's rules that Riftbound's rules don't use (Riftbound detaches; it has Cleanups, a trash and banishment). */
const MTG_TERMS = /\b(state-based|unattach(es|ing)?|becomes? unattached|graveyard|exiled?|Auras?|enchant(ed|s)?|permanent on the battlefield|timestamp|the stack)\b/i;

function lastSentence(message: string): string {
  const parts = message.split(/(?<=[.!?])\s+(?=[A-Z`'"])/);
  return parts[parts.length - 1];
}

const files = [...listBoards(FIXTURES_DIR), ...listBoards(EXAMPLES_DIR)];
const all: { file: string; game: Game | undefined; f: Finding }[] = [];
for (const file of files) {
  const text = readText(file);
  const r = check(text, checkOptionsOf(text));
  for (const f of r.findings) all.push({ file: fixtureName(file), game: r.game, f });
}

describe('finding messages: what happened, the deciding rules, what to do', () => {
  it('are collected from every fixture and example', () => {
    assert.ok(all.length > 100, `only ${all.length} findings`);
    // Every code about a ruling appears at least once, so each message shape is looked at.
    const seen = new Set(all.map((x) => x.f.code));
    const missing = [...REGISTRY.values()].filter((i) => !i.editorOnly && i.kind !== 'rules-file' && !LANGUAGE_CODES.has(i.code) && !seen.has(i.code)).map((i) => i.code);
    assert.deepEqual(missing, []);
  });

  it('cite the rules that decide them', () => {
    const problems = all
      .filter(({ f }) => !LANGUAGE_CODES.has(f.code) && f.rules.length === 0 && !NO_RULE.some((n) => n.code === f.code && n.phrase.test(f.message)))
      .map(({ file, f }) => `${file}:${f.range.start.line + 1} ${f.code}: ${f.message}`);
    assert.deepEqual(problems, []);
  });

  it('end with what to do', () => {
    const problems = all
      .filter(({ f }) => !LANGUAGE_CODES.has(f.code) && !ADVICE.test(lastSentence(f.message)))
      .map(({ file, f }) => `${file}:${f.range.start.line + 1} ${f.code}: …${lastSentence(f.message)}`);
    assert.deepEqual(problems, []);
  });

  it("speak Riftbound's terms in a Riftbound scenario", () => {
    // What the scenario wrote, quoted ('graveyard' in "'graveyard' is an MTG zone"), is not the checker speaking.
    const own = (m: string) => m.replace(/'[^'\s]+'/g, '');
    const problems = all.filter(({ game, f }) => game === 'riftbound' && MTG_TERMS.test(own(f.message))).map(({ file, f }) => `${file}:${f.range.start.line + 1} ${f.code}: ${f.message}`);
    assert.deepEqual(problems, []);
    // The registry's titles too: a Riftbound finding is shown under its Riftbound title.
    for (const info of REGISTRY.values()) {
      const title = info.riftboundTitle ?? info.title;
      if (info.rules.riftbound.length > 0 || info.riftboundTitle) assert.ok(!MTG_TERMS.test(title), `${info.code}: Riftbound title "${title}"`);
    }
  });
});
