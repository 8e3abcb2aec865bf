// The server stays up: unopened documents, hostile text, orderly and disorderly ends, both transports.
import * as assert from 'node:assert/strict';
import { fork } from 'node:child_process';
import {
  CompletionRequest,
  createProtocolConnection,
  DefinitionRequest,
  DocumentSymbolRequest,
  ExitNotification,
  FoldingRangeRequest,
  HoverRequest,
  InitializeRequest,
  InlayHintRequest,
  IPCMessageReader,
  IPCMessageWriter,
  PrepareRenameRequest,
  ReferencesRequest,
  RenameRequest,
  SemanticTokensRequest,
  ShutdownRequest,
  CodeActionRequest,
  type Diagnostic,
} from 'vscode-languageserver-protocol/node';
import { freshUri, SERVER, TestClient, vscodeLikeCapabilities } from './client';
import { REDUNDANT } from './scenarios';

describe('LSP robustness and lifecycle', () => {
  let client: TestClient;
  afterEach(async () => {
    await client?.dispose();
  });

  it('answers null or empty for a document that is not open, and keeps serving', async () => {
    client = await TestClient.start();
    const textDocument = { uri: freshUri('never-opened') };
    const position = { line: 0, character: 0 };
    const range = { start: position, end: { line: 5, character: 0 } };
    const c = client.connection;
    assert.equal(await c.sendRequest(HoverRequest.type, { textDocument, position }), null);
    assert.deepEqual(await c.sendRequest(CompletionRequest.type, { textDocument, position }), []);
    assert.equal(await c.sendRequest(DefinitionRequest.type, { textDocument, position }), null);
    assert.deepEqual(await c.sendRequest(ReferencesRequest.type, { textDocument, position, context: { includeDeclaration: true } }), []);
    assert.equal(await c.sendRequest(PrepareRenameRequest.type, { textDocument, position }), null);
    assert.equal(await c.sendRequest(RenameRequest.type, { textDocument, position, newName: 'x' }), null);
    assert.deepEqual(await c.sendRequest(DocumentSymbolRequest.type, { textDocument }), []);
    assert.deepEqual(await c.sendRequest(FoldingRangeRequest.type, { textDocument }), []);
    assert.deepEqual(await c.sendRequest(SemanticTokensRequest.type, { textDocument }), { data: [] });
    assert.deepEqual(await c.sendRequest(InlayHintRequest.type, { textDocument, range }), []);
    assert.deepEqual(await c.sendRequest(CodeActionRequest.type, { textDocument, range, context: { diagnostics: [] } }), []);
    // Still alive and working.
    const uri = freshUri();
    await client.open(uri, REDUNDANT);
    const pub = await client.waitForDiagnostics(uri);
    assert.equal(pub.diagnostics[0].code, 'redundant-attach');
    assert.deepEqual(client.errors(), []);
  });

  /**
   * Opens `text` and asks for everything at every position (hover, completion, definition, rename)
   * and for the whole document (tokens, outline, folding, hints, code actions for `diagnostics`);
   * returns the diagnostics first published and every answer. No handler may fail.
   */
  async function askEverything(text: string): Promise<{ diagnostics: Diagnostic[]; answers: unknown[] }> {
    client = await TestClient.start();
    const uri = freshUri();
    await client.open(uri, text);
    const { diagnostics } = await client.waitForDiagnostics(uri);
    const c = client.connection;
    const lines = text.split(/\r\n|\r|\n/);
    const requests: Promise<unknown>[] = [];
    lines.forEach((l, line) => {
      for (let character = 0; character <= l.length; character++) {
        const position = { line, character };
        requests.push(c.sendRequest(HoverRequest.type, { textDocument: { uri }, position }));
        requests.push(c.sendRequest(CompletionRequest.type, { textDocument: { uri }, position }));
        requests.push(c.sendRequest(DefinitionRequest.type, { textDocument: { uri }, position }));
        requests.push(c.sendRequest(PrepareRenameRequest.type, { textDocument: { uri }, position }));
      }
    });
    const whole = { start: { line: 0, character: 0 }, end: { line: lines.length, character: 0 } };
    requests.push(c.sendRequest(SemanticTokensRequest.type, { textDocument: { uri } }));
    requests.push(c.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } }));
    requests.push(c.sendRequest(FoldingRangeRequest.type, { textDocument: { uri } }));
    requests.push(c.sendRequest(InlayHintRequest.type, { textDocument: { uri }, range: whole }));
    requests.push(c.sendRequest(CodeActionRequest.type, { textDocument: { uri }, range: whole, context: { diagnostics } }));
    const answers = await Promise.all(requests);
    assert.deepEqual(client.errors(), [], 'no handler failed');
    assert.ok(client.alive);
    return { diagnostics, answers };
  }

  it('survives hostile text: every request at every position of a garbled document', async () => {
    await askEverything(
      [
        'game',
        '\u0000\uFEFF card "unterminated',
        'card — , , : : "x"',
        '    owner , attached to',
        'equip to to to by by',
        'expect no attachments on',
        'cast targeting',
        '# 999.9z 1.2 701.3b.q',
        'move x to battlefield battlefield',
        '\ud83c\udccf emoji 🃏 card',
        'enter',
        '\r\n\r',
      ].join('\n'),
    );
  });

  it('reads words that name inherited members (`constructor`, `toString`, `__proto__`) as words, at every position', async () => {
    const { diagnostics, answers } = await askEverything(
      [
        'game mtg',
        'player constructor',
        'player __proto__',
        'card toString "Bear": creature — Bear, owner constructor, protection from valueOf',
        'card hasOwnProperty "Pacifism": enchantment — Aura, enchant constructor, owner __proto__, in hand',
        'card valueOf "Sword": artifact — Equipment, owner constructor',
        '# 701.3 constructor toString.1',
        'equip valueOf to toString by constructor #! constructor',
        'gains toString protection from __proto__',
        'loses toString protection from toString',
        'cast hasOwnProperty targeting toString by __proto__',
        'resolve hasOwnProperty',
        'move toString to constructor',
        'together: attach valueOf to __proto__; hasOwnProperty valueOf',
        'expect toString has valueOf',
      ].join('\n'),
    );
    assert.ok(diagnostics.length > 0);
    for (const d of diagnostics) assert.doesNotMatch(d.message, /native code|Internal error/, d.message);
    assert.doesNotMatch(JSON.stringify(answers), /native code|Internal error/);
  });

  it('exits with code 0 after shutdown and exit', async () => {
    client = await TestClient.start();
    assert.equal(await client.shutdown(), 0);
  });

  it('exits with code 1 on exit without shutdown', async () => {
    client = await TestClient.start();
    await client.connection.sendNotification(ExitNotification.type);
    assert.equal(await client.exit(), 1);
  });

  it('exits when the client goes away (its stdin closes), leaving no orphan process', async () => {
    client = await TestClient.start();
    client.child.stdin!.end();
    assert.equal(await client.exit(), 1);
  });

  it('serves over Node IPC (--node-ipc), the transport VS Code uses', async () => {
    const child = fork(SERVER, ['--node-ipc'], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const connection = createProtocolConnection(new IPCMessageReader(child), new IPCMessageWriter(child));
    connection.listen();
    try {
      const result = await connection.sendRequest(InitializeRequest.type, { processId: process.pid, rootUri: null, capabilities: vscodeLikeCapabilities() });
      assert.equal(result.serverInfo?.name, 'board-scenario-language-server');
      await connection.sendRequest(ShutdownRequest.type);
      await connection.sendNotification(ExitNotification.type);
      assert.equal(await exited, 0);
    } finally {
      connection.dispose();
      if (child.exitCode === null) child.kill();
    }
  });

  it('announces the capabilities it implements', async () => {
    client = await TestClient.start();
    const caps = client.initializeResult.capabilities;
    assert.deepEqual(caps.textDocumentSync, { openClose: true, change: 2, save: { includeText: false } });
    assert.deepEqual(caps.codeActionProvider, { codeActionKinds: ['quickfix', 'source.fixAll.boardScenario'] });
    assert.deepEqual(caps.renameProvider, { prepareProvider: true });
    for (const k of ['hoverProvider', 'completionProvider', 'definitionProvider', 'referencesProvider', 'documentSymbolProvider', 'foldingRangeProvider', 'semanticTokensProvider', 'inlayHintProvider'] as const) {
      assert.ok(caps[k], k);
    }
  });
});
