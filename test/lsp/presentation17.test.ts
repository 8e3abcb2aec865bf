// Issue 17, what a user sees, over the real protocol: diagnostics led by their rule numbers and
// in plain text; the brief hover of a client that shows the diagnostic above it, with the long
// explanation behind `boardScenario/explain`; illegal hosts marked in completion and snippets only
// where a statement starts; semantic tokens by range and delta equal to the full ones; a small
// outline on a huge file, and the outline, folding and lenses carried from one version to the next
// equal to those of the text opened fresh; the scenario status for the language status item.
import * as assert from 'node:assert/strict';
import {
  CodeLensRequest,
  CompletionRequest,
  FoldingRangeRequest,
  type CodeLens,
  DocumentSymbolRequest,
  HoverRequest,
  InsertTextFormat,
  SemanticTokensDeltaRequest,
  SemanticTokensRangeRequest,
  SemanticTokensRequest,
  type CompletionItem,
  type CompletionList,
  type DocumentSymbol,
  type MarkupContent,
  type SemanticTokens,
  type SemanticTokensDelta,
} from 'vscode-languageserver-protocol/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { freshUri, TestClient } from './client';
import { HEADER, MISSING_UNATTACH, REDUNDANT, scenario } from './scenarios';
import { decodeTokens } from '../support/semanticTokens';

const VSCODE_OPTIONS = { hoverShowsDiagnostics: true, explainCommand: 'boardScenario.explain' };

function items(r: CompletionItem[] | CompletionList | null): CompletionItem[] {
  return Array.isArray(r) ? r : r?.items ?? [];
}

describe('LSP presentation (issue 17)', () => {
  let client: TestClient;
  afterEach(() => client.disposeExpectingNoErrors());

  it('diagnostics lead with their rule numbers and carry no Markdown backticks', async () => {
    client = await TestClient.start();
    const uri = freshUri();
    // No `game` line: the header finding's message has code spans in the core.
    await client.open(uri, REDUNDANT.replace('game mtg\n', ''));
    const { diagnostics } = await client.waitForDiagnostics(uri);
    const redundant = diagnostics.find((d) => d.code === 'redundant-attach')!;
    assert.match(redundant.message, /^\[701\.3b(, [0-9a-z.]+)*\] /, redundant.message);
    const header = diagnostics.find((d) => d.code === 'syntax-error')!;
    assert.equal(header.message, 'A scenario starts with "game mtg" or "game riftbound". Checking it as "game mtg".');
    for (const d of diagnostics) assert.doesNotMatch(d.message, /`/, d.message);
  });

  it("a client that shows the diagnostic in the hover gets a brief hover: the rules, the fix, the links; not the message", async () => {
    client = await TestClient.start({ initializationOptions: VSCODE_OPTIONS });
    const uri = freshUri();
    await client.open(uri, REDUNDANT);
    const [d] = (await client.waitForDiagnostics(uri)).diagnostics;
    const h = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 9, character: 2 } });
    const v = (h!.contents as MarkupContent).value;
    assert.match(v, /^\*\*Redundant attach\*\* · `redundant-attach`/);
    assert.match(v, /Rules: \*\*701\.3b\*\* \*Attaches that do nothing\*/);
    assert.match(v, /\*\*Fix\*\*: Remove the redundant line \(safe\)/);
    assert.match(v, /\[Explain the rules\]\(command:boardScenario\.explain\?[^ )]+ "/);
    assert.match(v, /\[About `redundant-attach`\]\(https:\/\/[^)]*#redundant-attach\)/);
    // Not the message (VS Code shows it above), and not the long explanations.
    assert.doesNotMatch(v, /already attached to lion/);
    assert.doesNotMatch(v, /— \*Attaches that do nothing\*:/);
    assert.ok(v.split('---')[0].split('\n').filter((l) => l.trim() !== '').length <= 4, v);
    // The link's arguments are the document and the position; the explanation is the long part.
    const args = JSON.parse(decodeURIComponent(/command:boardScenario\.explain\?([^ )]+)/.exec(v)![1]));
    assert.deepEqual(args, [uri, 9, 2]);
    const ex = await client.connection.sendRequest<{ markdown: string } | null>('boardScenario/explain', { uri, position: { line: args[1], character: args[2] } });
    assert.ok(ex);
    assert.match(ex.markdown, /already attached to lion/);
    assert.match(ex.markdown, /\*\*701\.3b\*\* — \*Attaches that do nothing\*: /);
    assert.ok(d.message.length > 0);
    assert.equal(await client.connection.sendRequest('boardScenario/explain', { uri, position: { line: 0, character: 0 } }), null);
  });

  it('completion after `equip splitter to ` marks the hosts the rules forbid, says why, and sorts them after the legal ones', async () => {
    client = await TestClient.start();
    const uri = freshUri();
    // bob's bear: splitter's equip can't target a creature alice doesn't control (702.6a).
    const text = [...HEADER.slice(0, 7), 'card bear "Grizzly Bears": creature — Bear, owner bob', '', 'equip splitter to '].join('\n');
    await client.open(uri, text);
    const r = items(await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: { line: 9, character: 'equip splitter to '.length } }));
    const by = new Map(r.map((i) => [i.label, i]));
    const lion = by.get('lion')!;
    const bear = by.get('bear')!;
    assert.equal(lion.labelDetails?.detail, undefined, 'a legal host is not marked');
    assert.equal(bear.labelDetails?.detail, ' (not legal here)');
    assert.match(bear.detail!, /^Not a legal host: .*bear is controlled by bob, not alice.*\(rules 702\.6a/);
    assert.ok(lion.sortText! < bear.sortText!, 'legal hosts first');
    assert.ok(!r.some((i) => i.insertTextFormat === InsertTextFormat.Snippet), 'no snippets among hosts');
    // At a statement start after the events: the event snippets, and no declaration snippet.
    const start = items(await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: { line: 8, character: 0 } }));
    const snippets = start.filter((i) => i.insertTextFormat === InsertTextFormat.Snippet).map((i) => i.label);
    assert.ok(snippets.includes('card-creature'), `declarations may still come here: ${snippets}`);
    const afterEvents = scenario('equip splitter to lion', '');
    const u2 = freshUri();
    await client.open(u2, afterEvents);
    const late = items(await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri: u2 }, position: { line: 9, character: 0 } }));
    const lateSnippets = late.filter((i) => i.insertTextFormat === InsertTextFormat.Snippet).map((i) => i.label);
    assert.ok(lateSnippets.includes('equip') && !lateSnippets.some((l) => l.startsWith('card-') || l === 'mtg'), JSON.stringify(lateSnippets));
  });

  it('semantic tokens by range and by delta agree with the full tokens', async () => {
    client = await TestClient.start();
    const uri = freshUri();
    await client.open(uri, MISSING_UNATTACH);
    await client.waitForDiagnostics(uri);
    const caps = client.initializeResult!.capabilities.semanticTokensProvider as { full: { delta: boolean }; range: boolean };
    assert.deepEqual([caps.full.delta, caps.range], [true, true]);
    const full = (await client.connection.sendRequest(SemanticTokensRequest.type, { textDocument: { uri } })) as SemanticTokens;
    assert.ok(full.resultId);
    const decode = decodeTokens;
    const range = (await client.connection.sendRequest(SemanticTokensRangeRequest.type, { textDocument: { uri }, range: { start: { line: 3, character: 0 }, end: { line: 9, character: 0 } } })) as SemanticTokens;
    assert.deepEqual(decode(range.data), decode(full.data).filter((t) => t[0] >= 3 && t[0] <= 9));
    // An edit, then a delta: applying it to the old data gives the new full data.
    await client.change(uri, MISSING_UNATTACH.replace('destroy lion', 'destroy lion\nunattach splitter from lion'));
    const delta = (await client.connection.sendRequest(SemanticTokensDeltaRequest.type, { textDocument: { uri }, previousResultId: full.resultId! })) as SemanticTokensDelta;
    assert.ok(Array.isArray(delta.edits) && delta.edits.length === 1, JSON.stringify(delta));
    const patched = [...full.data];
    for (const e of delta.edits) patched.splice(e.start, e.deleteCount, ...(e.data ?? []));
    // The same text opened fresh (its tokens made from nothing, not from an earlier result).
    const other = freshUri();
    await client.open(other, MISSING_UNATTACH.replace('destroy lion', 'destroy lion\nunattach splitter from lion'));
    const fresh = (await client.connection.sendRequest(SemanticTokensRequest.type, { textDocument: { uri: other } })) as SemanticTokens;
    assert.deepEqual(patched, fresh.data);
    const again = (await client.connection.sendRequest(SemanticTokensRequest.type, { textDocument: { uri } })) as SemanticTokens;
    assert.deepEqual(again.data, fresh.data);
    assert.ok(delta.edits[0].data!.length < full.data.length, 'the delta is smaller than the tokens');
  });

  it('while typing, completion and the board at the cursor (answered before the new version is checked) equal those of the same text opened fresh', async () => {
    // As you type: the check waits for a pause, so each answer comes from the last version's tree, boards and checks.
    client = await TestClient.start({ settings: { validate: 'onType' } });
    const uri = freshUri();
    const events: string[] = [];
    for (let i = 0; i < 300; i++) events.push(i % 2 ? 'unattach splitter from lion' : 'equip splitter to lion');
    let text = scenario(...events);
    await client.open(uri, text);
    await client.waitForDiagnostics(uri);
    // Type a line in the middle, character by character, asking after each one.
    const at = 8 + 150;
    const typed = 'equip splitter to l';
    await client.edit(uri, { start: { line: at, character: 0 }, end: { line: at, character: 0 } }, '\n');
    const withBlank = text.split('\n');
    withBlank.splice(at, 0, '');
    text = withBlank.join('\n');
    for (let col = 0; col < typed.length; col++) {
      await client.edit(uri, { start: { line: at, character: col }, end: { line: at, character: col } }, typed[col]);
      const lines = text.split('\n');
      lines[at] = typed.slice(0, col + 1);
      text = lines.join('\n');
      const position = { line: at, character: col + 1 };
      const got = items(await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position }));
      const board = await client.connection.sendRequest('boardScenario/board', { uri, line: at });
      const other = freshUri();
      await client.open(other, text);
      const want = items(await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri: other }, position }));
      const wantBoard = await client.connection.sendRequest('boardScenario/board', { uri: other, line: at });
      assert.deepEqual(got, want, `after typing ${JSON.stringify(typed.slice(0, col + 1))}`);
      // The same picture but for the file's name (its title) and the version; the findings listed
      // (and the names they outline) are the last check's until this version is checked, by
      // design: the picture does not wait for the check (an outline of a name not on the board is not drawn).
      const norm = (b: unknown, u: string) => JSON.stringify({ ...(b as object), version: 0, findings: [], highlight: [] }).split(u.slice(u.lastIndexOf('/') + 1)).join('NAME').split(u).join('URI');
      assert.equal(norm(board, uri), norm(wantBoard, other), `board after typing ${JSON.stringify(typed.slice(0, col + 1))}`);
      await client.close(other);
    }
    // The hosts after `to` were offered, and the last answer was made before any check of that version.
    assert.ok(items(await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: { line: at, character: typed.length } })).some((i) => i.label === 'lion'));
  });

  it('while typing, the outline, folding ranges and code lenses (carried from the last version) equal those of the same text opened fresh', async () => {
    client = await TestClient.start({ settings: { validate: 'onType' } });
    const uri = freshUri();
    const events: string[] = [];
    for (let i = 0; i < 1200; i++) events.push(['equip splitter to lion', 'expect splitter attached to lion', '# 704.5m\n# a second comment line', 'unattach splitter from lion', 'attach pacifism to lion\n  by bob'][i % 5]);
    let text = scenario(...events);
    await client.open(uri, text);
    await client.waitForDiagnostics(uri);
    // What the client sees, without the document's own URI and lens id (the fresh copy is another document).
    const view = (answers: unknown[], u: string) => JSON.stringify(answers, (k, v) => (k === 'data' && Array.isArray(v) ? v[1] : v)).split(u).join('URI');
    const ask = async (u: string) => {
      const outline = await client.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri: u } });
      const folding = await client.connection.sendRequest(FoldingRangeRequest.type, { textDocument: { uri: u } });
      const lenses = ((await client.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri: u } })) ?? []) as CodeLens[];
      return [outline, folding, lenses];
    };
    // Typed at a line in the middle: characters, a new line, an `expect`, a comment, a continuation line.
    const at = 8 + 700;
    const typed = ['expect lion in battlefield', '\n', '# 301.5c', '\n', 'equip splitter to lion', '\n  by alice', '\n'].join('');
    let doc = TextDocument.create(uri, 'board-scenario', 1, text);
    let cursor = doc.offsetAt({ line: at, character: 0 });
    for (let i = 0; i < typed.length; i++) {
      const pos = doc.positionAt(cursor);
      await client.edit(uri, { start: pos, end: pos }, typed[i]);
      doc = TextDocument.update(doc, [{ range: { start: pos, end: pos }, text: typed[i] }], doc.version + 1);
      text = doc.getText();
      cursor++;
      if (i % 3 !== 0 && typed[i] !== '\n') continue;
      const got = await ask(uri);
      // Asked again for the same version: the same answer (the lenses and outline may be written from kept bytes).
      assert.equal(view(await ask(uri), uri), view(got, uri), `again after ${JSON.stringify(typed.slice(0, i + 1))}`);
      const other = freshUri();
      await client.open(other, text);
      assert.equal(view(got, uri), view(await ask(other), other), `after typing ${JSON.stringify(typed.slice(0, i + 1))}`);
      await client.close(other);
    }
  });

  it('the outline of a huge file stays small: each group lists its first 1,000 and says how many there are', async () => {
    client = await TestClient.start();
    const uri = freshUri();
    const events: string[] = [];
    for (let i = 0; i < 1500; i++) events.push(i % 2 ? 'unattach splitter from lion' : 'equip splitter to lion');
    await client.open(uri, scenario(...events));
    const symbols = (await client.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } })) as DocumentSymbol[];
    const ev = symbols.find((s) => s.name.startsWith('Events'))!;
    assert.equal(ev.name, 'Events (the first 1,000 of 1,500)');
    assert.equal(ev.children!.length, 1000);
  });

  it('boardScenario/status: the game, the rules version and the rules file state, for the language status item', async () => {
    client = await TestClient.start();
    const uri = freshUri();
    await client.open(uri, REDUNDANT.replace('game mtg\n', 'game mtg\nrules 2024-06-07\n'));
    const s = await client.connection.sendRequest<{ gameLabel: string; declared: boolean; rulesLabel: string; rulesFile: { state: string } }>('boardScenario/status', { uri });
    assert.equal(s.gameLabel, 'Magic: The Gathering');
    assert.equal(s.declared, true);
    assert.equal(s.rulesLabel, 'Comprehensive Rules 2024-06-07');
    assert.equal(s.rulesFile.state, 'unset');
  });
});
