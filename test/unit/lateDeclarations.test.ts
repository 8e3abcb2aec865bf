// Declarations written after the first event (docs/language.md: declarations come first): each is a
// syntax error that points at the first event, wherever the later events are, the same in a streamed
// check and in one of the whole document. The fixture's markers say which lines are reported; this
// says where each report points.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { analyse } from '../../core';
import { FIXTURES_DIR, readText } from '../support/fixtures';

describe('declarations written after the first event', () => {
  it('each points at the first event, in a streamed check and in one of the whole document', () => {
    // Declarations and events interleaved (the fixture mtg/declarations-after-events.board): the late ones are
    // those after the first event, wherever the later events are; a player declared late still owns cards.
    const text = readText(join(FIXTURES_DIR, 'mtg', 'declarations-after-events.board'));
    for (const stream of [true, false]) {
      const found = analyse(text, { stream }).result.findings.map((f) => [f.code, f.range.start.line, f.related.map((x) => x.range.start.line)]);
      assert.deepEqual(found, [['syntax-error', 6, [5]], ['syntax-error', 8, [5]], ['syntax-error', 10, [5]]], `stream: ${stream}`);
    }
  });
});
