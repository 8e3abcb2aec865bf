// Code actions: quick fixes tied to their diagnostics, fix-all, and the edits really fixing the text.
import * as assert from 'node:assert/strict';
import { CodeActionKind, CodeActionRequest, type CodeAction, type Diagnostic, type TextEdit, type WorkspaceEdit } from 'vscode-languageserver-protocol/node';
import { applyEdits } from '../../core';
import { freshUri, TestClient } from './client';
import { MISSING_UNATTACH, REDUNDANT } from './scenarios';

/** The edits of a WorkspaceEdit for one document, whichever shape the server chose. */
function editsFor(edit: WorkspaceEdit | undefined, uri: string, version?: number): TextEdit[] {
  assert.ok(edit, 'the action has no edit');
  if (edit.documentChanges) {
    const change = edit.documentChanges.find((c) => 'textDocument' in c && c.textDocument.uri === uri);
    assert.ok(change && 'edits' in change, 'no edits for the document');
    if (version !== undefined) assert.equal(change.textDocument.version, version);
    return change.edits as TextEdit[];
  }
  return edit.changes?.[uri] ?? [];
}

describe('LSP code actions', () => {
  // One server for the suite (every test opens its own document); client variants start their own.
  let shared: TestClient;
  let client: TestClient;
  before(async () => {
    shared = await TestClient.start();
  });
  beforeEach(() => {
    client = shared;
  });
  afterEach(async () => {
    const errors = client.errors();
    if (client !== shared) await client.dispose();
    assert.deepEqual(errors, [], 'the server logged errors');
  });
  after(async () => {
    await shared.dispose();
  });

  async function actions(uri: string, diagnostics: Diagnostic[], range = diagnostics[0].range, only?: string[]): Promise<CodeAction[]> {
    const result = await client.connection.sendRequest(CodeActionRequest.type, { textDocument: { uri }, range, context: { diagnostics, only } });
    return (result ?? []) as CodeAction[];
  }

  it('a quick fix inserts the missing unattach, and the finding goes away after the edit is saved', async () => {
    const uri = freshUri();
    await client.open(uri, MISSING_UNATTACH);
    const pub = await client.waitForDiagnostics(uri);
    const diagnostic = pub.diagnostics.find((d) => d.code === 'missing-unattach' && /splitter/.test(d.message));
    assert.ok(diagnostic, JSON.stringify(pub.diagnostics.map((d) => d.message)));

    const all = await actions(uri, [diagnostic]);
    const fix = all.find((a) => a.title === 'Insert "unattach splitter from lion"');
    assert.ok(fix, JSON.stringify(all.map((a) => a.title)));
    assert.equal(fix.kind, CodeActionKind.QuickFix);
    assert.equal(fix.isPreferred, true);
    assert.deepEqual(fix.diagnostics, [diagnostic], 'the action carries the diagnostic the client sent');

    const fixed = applyEdits(MISSING_UNATTACH, editsFor(fix.edit, uri, 1));
    assert.match(fixed, /destroy lion\nunattach splitter from lion\n/);
    const mark = client.mark();
    await client.change(uri, fixed);
    await client.save(uri);
    const after = await client.waitForDiagnostics(uri, undefined, { since: mark });
    assert.ok(!after.diagnostics.some((d) => d.code === 'missing-unattach' && /splitter/.test(d.message)), JSON.stringify(after.diagnostics.map((d) => d.message)));
    assert.ok(after.diagnostics.some((d) => d.code === 'missing-unattach' && /pacifism/.test(d.message)), 'the other finding stays');
  });

  it('offers the fixes of every finding that touches the requested range, even without diagnostics in the context', async () => {
    const uri = freshUri();
    await client.open(uri, MISSING_UNATTACH);
    await client.waitForDiagnostics(uri);
    const all = await actions(uri, [], { start: { line: 9, character: 3 }, end: { line: 9, character: 3 } });
    const quickfixes = all.filter((a) => a.kind === CodeActionKind.QuickFix);
    assert.deepEqual(quickfixes.map((a) => a.title).sort(), [
      'Insert "move pacifism to graveyard"',
      'Insert "unattach pacifism from lion"',
      'Insert "unattach splitter from lion"',
      // Every finding can be marked as expected (one marker per finding: two for the two unattaches).
      'Mark as expected on this line (#! missing-state-based-action)',
      'Mark as expected on this line (#! missing-unattach)',
      'Mark as expected on this line (#! missing-unattach)',
    ]);
    for (const a of quickfixes) {
      assert.equal(a.diagnostics?.length, 1);
      assert.equal(a.diagnostics![0].source, 'board-scenario');
    }
  });

  it('source.fixAll.boardScenario applies every safe fix, leaving no findings', async () => {
    const uri = freshUri();
    const text = MISSING_UNATTACH.replace('equip splitter to lion\n', 'equip splitter to lion\nequip splitter to lion\n');
    await client.open(uri, text);
    const pub = await client.waitForDiagnostics(uri);
    assert.deepEqual(pub.diagnostics.map((d) => d.code).sort(), ['missing-state-based-action', 'missing-unattach', 'missing-unattach', 'redundant-attach']);

    const all = await actions(uri, [], { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, [CodeActionKind.SourceFixAll]);
    assert.deepEqual(all.map((a) => a.kind), ['source.fixAll.boardScenario']);
    const fixed = applyEdits(text, editsFor(all[0].edit, uri, 1));
    const mark = client.mark();
    await client.change(uri, fixed);
    await client.save(uri);
    const after = await client.waitForDiagnostics(uri, undefined, { since: mark });
    assert.deepEqual(after.diagnostics, [], fixed);
  });

  it('honours `only`: quick fixes only, or fix-all only', async () => {
    const uri = freshUri();
    await client.open(uri, REDUNDANT);
    const [d] = (await client.waitForDiagnostics(uri)).diagnostics;
    const quick = await actions(uri, [d], d.range, [CodeActionKind.QuickFix]);
    assert.deepEqual(quick.map((a) => [a.kind, a.title]), [
      ['quickfix', 'Remove the redundant line'],
      ['quickfix', 'Mark as expected on this line (#! redundant-attach)'],
    ]);
    const source = await actions(uri, [d], d.range, [CodeActionKind.Source]);
    assert.deepEqual(source.map((a) => a.kind), ['source.fixAll.boardScenario']);
    const none = await actions(uri, [d], d.range, [CodeActionKind.Refactor]);
    assert.deepEqual(none, []);
  });

  it('uses `changes` for a client without documentChanges', async () => {
    client = await TestClient.start({ capabilities: (c) => (c.workspace!.workspaceEdit = { documentChanges: false }) });
    const uri = freshUri();
    await client.open(uri, REDUNDANT);
    const [d] = (await client.waitForDiagnostics(uri)).diagnostics;
    const [fix] = await actions(uri, [d], d.range, [CodeActionKind.QuickFix]);
    assert.equal(fix.edit?.documentChanges, undefined);
    assert.equal(applyEdits(REDUNDANT, fix.edit!.changes![uri]), REDUNDANT.replace('equip splitter to lion\n', ''));
  });

  it('"Mark as expected" appends the marker (after an existing comment), is never preferred nor in fix-all, and the finding is then shown as expected information', async () => {
    const uri = freshUri();
    const text = REDUNDANT.replace(/equip splitter to lion\n(?![\s\S]*equip splitter to lion)/, 'equip splitter to lion   # again\n');
    await client.open(uri, text);
    const [d] = (await client.waitForDiagnostics(uri)).diagnostics;
    assert.equal(d.code, 'redundant-attach');
    assert.equal(d.severity, 2);
    const quick = await actions(uri, [d], d.range, [CodeActionKind.QuickFix]);
    const mark = quick.find((a) => a.title === 'Mark as expected on this line (#! redundant-attach)');
    assert.ok(mark, JSON.stringify(quick.map((a) => a.title)));
    assert.notEqual(mark.isPreferred, true);
    assert.deepEqual(mark.diagnostics, [d]);
    const marked = applyEdits(text, editsFor(mark.edit, uri, 1));
    assert.match(marked, /^equip splitter to lion {3}# again #! redundant-attach$/m);
    // Fix-all never adds a marker.
    const [fixAll] = await actions(uri, [], d.range, [CodeActionKind.SourceFixAll]);
    assert.doesNotMatch(applyEdits(text, editsFor(fixAll.edit, uri, 1)), /#!/);

    const since = client.mark();
    await client.change(uri, marked);
    await client.save(uri);
    const after = await client.waitForDiagnostics(uri, undefined, { since });
    assert.equal(after.diagnostics.length, 1);
    const [e] = after.diagnostics;
    assert.deepEqual([e.code, e.severity], ['redundant-attach', 3]);
    assert.match(e.message, /\(rules 701\.3b, 701\.3c\) \(expected: #! redundant-attach\)$/);
    // An expected finding offers no "mark" again, and its own fix is no longer safe: fix-all has nothing to do.
    const again = await actions(uri, [e], e.range, [CodeActionKind.QuickFix]);
    assert.deepEqual(again.map((a) => a.title), ['Remove the redundant line']);
    assert.deepEqual(await actions(uri, [], e.range, [CodeActionKind.SourceFixAll]), []);
  });
});
