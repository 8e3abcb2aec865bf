// Step review through the real server: code lenses on `expect` lines and "Show Board" on the first
// event, the board picture request (`boardScenario/board`), the event lines (`boardScenario/events`),
// and the hover on an event's verb.
import * as assert from 'node:assert/strict';
import { CodeLensRequest, CodeLensResolveRequest, ExecuteCommandRequest, HoverRequest, type CodeLens, type MarkupContent } from 'vscode-languageserver-protocol/node';
import { freshUri, TestClient } from './client';
import { HEADER } from './scenarios';
// The reply's shape as the server declares it (a type only: the server runs as its bundle).
import type { BoardResult } from '../../server/src/board';

const STEPS = [
  ...HEADER,
  'equip splitter to lion', //                 8
  'expect splitter attached to lion', //       9   holds
  'destroy lion', //                           10  missing-unattach (splitter, pacifism), missing state-based action
  'expect splitter attached to lion', //       11  fails: the splitter became unattached
  'expect pacifism in graveyard', //           12  holds: the state-based action happened anyway
  'expect ghost unattached', //                13  unknown name: not checked
  '',
].join('\n');

describe('LSP step review: code lenses, board picture, events', () => {
  let client: TestClient;
  let uri: string;
  before(async () => {
    client = await TestClient.start();
    uri = freshUri('steps');
    await client.open(uri, STEPS);
    await client.waitForDiagnostics(uri);
  });
  after(() => client.disposeExpectingNoErrors());

  it('announces code lenses, resolved lazily', () => {
    assert.deepEqual(client.initializeResult.capabilities.codeLensProvider, { resolveProvider: true });
  });

  it('code lenses: whether each expect holds, "Show Board" on the first event, nothing on other events', async () => {
    const lenses = await client.resolvedCodeLenses(uri);
    const byLine = lenses.map((l) => [l.range.start.line, l.command?.title, l.command?.command]);
    assert.deepEqual(byLine, [
      [8, 'Show Board', 'boardScenario.showBoard'],
      [9, '✓ holds', 'boardScenario.expectation'],
      [11, '✗ fails: splitter is unattached', 'boardScenario.expectation'],
      [12, '✓ holds', 'boardScenario.expectation'],
      [13, '? not checked: unknown-name', 'boardScenario.expectation'],
    ]);
    assert.deepEqual(lenses[0].command!.arguments, [uri, 8]);
    assert.deepEqual(lenses[2].command!.arguments, [uri, 11]);
  });

  it('code lens list: "Show Board" comes resolved, the expect lenses carry only data until codeLens/resolve (issue 17 item 12)', async () => {
    const lenses = (await client.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri } })) as CodeLens[];
    assert.deepEqual(
      lenses.map((l) => [l.range.start.line, l.command?.title ?? null]),
      [[8, 'Show Board'], [9, null], [11, null], [12, null], [13, null]],
    );
    // Resolving in any order, one at a time, gives each lens its own line's title and command.
    const fails = (await client.connection.sendRequest(CodeLensResolveRequest.type, lenses[2])) as CodeLens;
    assert.deepEqual(fails.range, lenses[2].range);
    assert.deepEqual(fails.command, { title: '✗ fails: splitter is unattached', command: 'boardScenario.expectation', arguments: [uri, 11] });
    const holds = (await client.connection.sendRequest(CodeLensResolveRequest.type, lenses[1])) as CodeLens;
    assert.deepEqual(holds.command, { title: '✓ holds', command: 'boardScenario.expectation', arguments: [uri, 9] });
  });

  it('codeLens/resolve: a lens made stale by an edit gets an empty title and a harmless command; a foreign lens comes back as it was', async () => {
    const other = freshUri('stale-lens');
    await client.open(other, STEPS);
    await client.waitForDiagnostics(other);
    const lenses = (await client.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri: other } })) as CodeLens[];
    // Two lines inserted above: line 9 no longer starts an expect.
    await client.edit(other, { start: { line: 8, character: 0 }, end: { line: 8, character: 0 } }, 'equip splitter to lion\nequip splitter to lion\n');
    const stale = (await client.connection.sendRequest(CodeLensResolveRequest.type, lenses[1])) as CodeLens;
    assert.deepEqual(stale.command, { title: '', command: 'boardScenario.expectation', arguments: [other, 9] });
    assert.equal(await client.connection.sendRequest(ExecuteCommandRequest.type, { command: stale.command!.command, arguments: stale.command!.arguments }), null);
    // The resolved list of the new text, once it is checked: the lenses moved with their lines.
    await client.waitForDiagnostics(other, (p) => p.diagnostics.some((d) => d.code === 'redundant-attach'));
    const moved = await client.resolvedCodeLenses(other);
    assert.deepEqual(moved.map((l) => [l.range.start.line, l.command?.title]).slice(0, 3), [[8, 'Show Board'], [11, '✓ holds'], [13, '✗ fails: splitter is unattached']]);
    const foreign: CodeLens = { range: lenses[1].range, data: { from: 'another server' } };
    assert.deepEqual(await client.connection.sendRequest(CodeLensResolveRequest.type, foreign), foreign);
    assert.deepEqual(await client.connection.sendRequest(CodeLensResolveRequest.type, { range: lenses[1].range, data: [999999, 9] }), { range: lenses[1].range, data: [999999, 9] });
    await client.close(other);
    assert.ok(client.alive);
  });

  it('an expect line with 150,000 failed markers gets its lens resolved (the stack is not their bound)', async () => {
    const many = freshUri('many-markers');
    const lines = STEPS.split('\n');
    lines[9] += ' #! redundant-attach'.repeat(150_000);
    await client.open(many, lines.join('\n'));
    await client.waitForDiagnostics(many);
    const lenses = (await client.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri: many } })) as CodeLens[];
    const lens = lenses.find((l) => l.range.start.line === 9)!;
    const resolved = (await client.connection.sendRequest(CodeLensResolveRequest.type, lens)) as CodeLens;
    // The line's first failure decides: a failed marker is no finding about the expectation itself.
    assert.equal(resolved.command?.title, '? not checked: expected-finding-missing');
    await client.close(many);
    assert.ok(client.alive);
  });

  it("the expect lenses' command is one the server announces and answers (issue 17 item 13)", async () => {
    assert.deepEqual(client.initializeResult.capabilities.executeCommandProvider, { commands: ['boardScenario.expectation'] });
    const lenses = await client.resolvedCodeLenses(uri);
    const answers = [];
    for (const lens of lenses.filter((l) => l.command?.command === 'boardScenario.expectation')) {
      answers.push(await client.connection.sendRequest(ExecuteCommandRequest.type, { command: lens.command!.command, arguments: lens.command!.arguments }));
    }
    assert.deepEqual(
      answers.map((a) => [(a as { line: number }).line, (a as { status: string }).status, (a as { title: string }).title]),
      [
        [9, 'holds', '✓ holds'],
        [11, 'fails', '✗ fails: splitter is unattached'],
        [12, 'holds', '✓ holds'],
        [13, 'not-checked', '? not checked: unknown-name'],
      ],
    );
    assert.match((answers[1] as { message: string }).message, /but splitter is unattached/);
    // A line without an expect: null. A command the server does not have: InvalidParams, and the server stays up.
    assert.equal(await client.connection.sendRequest(ExecuteCommandRequest.type, { command: 'boardScenario.expectation', arguments: [uri, 8] }), null);
    await assert.rejects(client.connection.sendRequest(ExecuteCommandRequest.type, { command: 'no.such.command', arguments: [] }), /Unknown command: no\.such\.command/);
    assert.ok(client.alive);
  });

  it('board request: the picture after the event on the line, with the subjects of its findings outlined', async () => {
    const r = (await client.connection.sendRequest('boardScenario/board', { uri, line: 10 })) as BoardResult;
    assert.equal(r.uri, uri);
    assert.equal(r.line, 10);
    assert.equal(r.label, 'After line 11 (destroy lion)');
    assert.match(r.title, /^steps-.*\.board$/, 'no title line: the file name');
    assert.deepEqual([...new Set(r.findings.map((f) => f.code))].sort(), ['missing-state-based-action', 'missing-unattach']);
    assert.ok(r.findings.every((f) => f.range.start.line === 10));
    assert.deepEqual(r.highlight, ['lion', 'pacifism', 'splitter']);
    assert.match(r.svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    assert.match(r.svg, /<g class="card highlight" data-card="lion">/);
    assert.match(r.svg, /<g class="card highlight" data-card="splitter">/);
    assert.doesNotMatch(r.svg, /data-card="plains"[^>]*highlight|class="[^"]*highlight[^"]*" data-card="plains"/);
    // The lion is in alice's graveyard after the destroy.
    const from = r.svg.indexOf('<g class="zone" data-zone="graveyard" data-player="alice">');
    assert.ok(from > 0, 'alice has a graveyard');
    const graveyard = r.svg.slice(from, r.svg.indexOf('\n  </g>', from));
    assert.match(graveyard, /data-card="lion"/);
  });

  it('board request: the theme and nonce are passed to the picture; before the events, the initial board; past the end, the last', async () => {
    const themed = (await client.connection.sendRequest('boardScenario/board', { uri, line: 8, theme: 'vscode', nonce: 'abc123' })) as BoardResult;
    assert.match(themed.svg, /<style nonce="abc123">/);
    assert.match(themed.svg, /var\(--vscode-editor-foreground/);
    assert.deepEqual(themed.findings, []);
    assert.match(themed.svg, /data-host="lion">[\s\S]*data-card="splitter"/);

    const initial = (await client.connection.sendRequest('boardScenario/board', { uri, line: 3 })) as BoardResult;
    assert.equal(initial.line, -1);
    assert.equal(initial.label, 'Initial state');
    assert.equal(((await client.connection.sendRequest('boardScenario/board', { uri, line: -1 })) as BoardResult).label, 'Initial state');
    const last = (await client.connection.sendRequest('boardScenario/board', { uri, line: 10_000 })) as BoardResult;
    assert.equal(last.label, 'After line 11 (destroy lion)');
    assert.equal(await client.connection.sendRequest('boardScenario/board', { uri: 'file:///not/open.board', line: 0 }), null);
    assert.equal(await client.connection.sendRequest('boardScenario/board', { nonsense: true }), null);
  });

  it('board request: the scenario title when there is one', async () => {
    const titled = freshUri('titled');
    await client.open(titled, STEPS.replace('game mtg\n', 'game mtg\ntitle "Lion <&> friends"\n'));
    const r = (await client.connection.sendRequest('boardScenario/board', { uri: titled, line: 0 })) as BoardResult;
    assert.equal(r.title, 'Lion <&> friends');
    assert.match(r.svg, /Lion &lt;&amp;&gt; friends/);
    await client.close(titled);
  });

  it('events request: the event lines, not the expect lines', async () => {
    const r = (await client.connection.sendRequest('boardScenario/events', { uri })) as { lines: number[]; version: number };
    assert.deepEqual(r.lines, [8, 10]);
    assert.equal(await client.connection.sendRequest('boardScenario/events', { uri: 'file:///not/open.board' }), null);
  });

  it('hover on an event\'s verb: what the replay made of the step', async () => {
    const h = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 8, character: 0 } });
    assert.ok(h);
    assert.match((h.contents as MarkupContent).value, /\*\*Step\*\* · line 9: splitter → lion \(t\d+\)/);
    assert.deepEqual(h.range, { start: { line: 8, character: 0 }, end: { line: 8, character: 22 } });
  });
});
