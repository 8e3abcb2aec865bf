// The LSP lifecycle and parameter errors, over the real stream (the bundled server over stdio):
// what comes before `initialize`, a second `initialize`, what comes after `shutdown`, the exit
// codes, and params of the wrong shape answered InvalidParams with a message of ours (never
// InternalError with a JavaScript message).
import * as assert from 'node:assert/strict';
import {
  DocumentSymbolRequest,
  ErrorCodes,
  ExitNotification,
  HoverRequest,
  InitializeRequest,
  ResponseError,
  ShutdownRequest,
} from 'vscode-languageserver-protocol/node';
import { freshUri, TestClient, vscodeLikeCapabilities } from './client';
import { REDUNDANT } from './scenarios';

/** The error a request is answered with (fails if it succeeds). */
async function errorOf(p: Promise<unknown>): Promise<ResponseError<unknown>> {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof ResponseError, `a ResponseError: ${String(e)}`);
    return e;
  }
  assert.fail('the request succeeded');
}

const initializeParams = () => ({ processId: process.pid, rootUri: null, capabilities: vscodeLikeCapabilities(), workspaceFolders: null });
const hoverAt = (uri: string) => ({ textDocument: { uri }, position: { line: 9, character: 2 } });
/** A message that shows a JavaScript exception leaked into a response. */
const JS_ERROR = /Cannot read|TypeError|undefined \(reading|is not a function|failed with message/;

describe('LSP lifecycle and parameter errors', function () {
  this.timeout(30000);
  let client: TestClient | undefined;
  afterEach(async () => {
    await client?.dispose();
    client = undefined;
  });

  it('before initialize: requests get ServerNotInitialized (-32002), notifications are dropped; then initialize works', async () => {
    const c = (client = await TestClient.start({ initialize: false }));
    const uri = freshUri('early');
    // A notification first: dropped (no diagnostics, and the document is not open afterwards).
    await c.open(uri, REDUNDANT);
    for (const request of [
      c.connection.sendRequest(HoverRequest.type, hoverAt(uri)),
      c.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } }),
      c.connection.sendRequest(ShutdownRequest.type),
      c.connection.sendRequest('boardScenario/noSuchThing', {}),
    ]) {
      const e = await errorOf(request);
      assert.equal(e.code, ErrorCodes.ServerNotInitialized);
      assert.match(e.message, /not initialized yet \(send initialize first\)/);
    }
    await c.waitFor('the dropped didOpen on stderr', () => (c.stderr.includes('Ignored the notification textDocument/didOpen: it came before initialize.') ? true : undefined));

    const result = await c.initialize();
    assert.equal(result.serverInfo?.name, 'board-scenario-language-server');
    assert.deepEqual(await c.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } }), [], 'the early didOpen was not applied');
    await c.open(uri, REDUNDANT);
    const pub = await c.waitForDiagnostics(uri);
    assert.deepEqual(pub.diagnostics.map((d) => d.code), ['redundant-attach']);
    assert.deepEqual(c.publishes.map((p) => p.uri), [uri], 'one publish, after initialize');
    // The shutdown refused before initialize did not count: this one does, and exit is 0.
    assert.equal(await c.shutdown(), 0);
  });

  it('exit before initialize ends the server with code 1', async () => {
    const c = (client = await TestClient.start({ initialize: false }));
    await c.connection.sendNotification(ExitNotification.type);
    assert.equal(await c.exitWithin(20000), 1);
  });

  it('a refused shutdown (before initialize) does not make exit succeed: code 1', async () => {
    const c = (client = await TestClient.start({ initialize: false }));
    assert.equal((await errorOf(c.connection.sendRequest(ShutdownRequest.type))).code, ErrorCodes.ServerNotInitialized);
    await c.connection.sendNotification(ExitNotification.type);
    assert.equal(await c.exitWithin(20000), 1);
  });

  it('an initialize with params of the wrong shape gets InvalidParams, and a correct one after it is accepted', async () => {
    const c = (client = await TestClient.start({ initialize: false, recordRaw: true }));
    const cases: [string, unknown, RegExp][] = [
      ['initialize-null', null, /initialize: params must be an object or an array, not null/],
      ['initialize-no-capabilities', {}, /initialize: params \{ capabilities \} \(an object\) is required/],
      ['initialize-capabilities-string', { processId: null, capabilities: 'all' }, /params \{ capabilities \}/],
    ];
    for (const [id, params, message] of cases) {
      await c.writeFramed({ jsonrpc: '2.0', id, method: 'initialize', params });
      const answer = await c.waitForResponse(id);
      assert.equal(answer.error?.code, ErrorCodes.InvalidParams, `${id}: ${JSON.stringify(answer)}`);
      assert.match(answer.error.message, message, id);
      assert.doesNotMatch(answer.error.message, JS_ERROR, id);
    }
    // Not initialized by those: still -32002 for a request, and initialize is still accepted.
    assert.equal((await errorOf(c.connection.sendRequest(HoverRequest.type, hoverAt(freshUri())))).code, ErrorCodes.ServerNotInitialized);
    assert.equal((await c.initialize()).serverInfo?.name, 'board-scenario-language-server');
    assert.equal(await c.shutdown(), 0);
  });

  it('a second initialize is rejected (InvalidRequest) and the server keeps working', async () => {
    const c = (client = await TestClient.start());
    const uri = freshUri('twice');
    await c.open(uri, REDUNDANT);
    await c.waitForDiagnostics(uri);
    const e = await errorOf(c.connection.sendRequest(InitializeRequest.type, initializeParams()));
    assert.equal(e.code, ErrorCodes.InvalidRequest);
    assert.match(e.message, /already initialized/);
    const h = await c.connection.sendRequest(HoverRequest.type, hoverAt(uri));
    assert.ok(h && JSON.stringify(h.contents).includes('equip'), 'hover still answers');
    assert.deepEqual(c.errors(), []);
    assert.equal(await c.shutdown(), 0);
  });

  it('after shutdown: requests (another shutdown too) get InvalidRequest, notifications are dropped, and exit gives code 0', async () => {
    const c = (client = await TestClient.start());
    const uri = freshUri('after');
    await c.open(uri, REDUNDANT);
    await c.waitForDiagnostics(uri);
    await c.connection.sendRequest(ShutdownRequest.type);
    for (const request of [
      c.connection.sendRequest(HoverRequest.type, hoverAt(uri)),
      c.connection.sendRequest(ShutdownRequest.type),
      c.connection.sendRequest(InitializeRequest.type, initializeParams()),
    ]) {
      const e = await errorOf(request);
      assert.equal(e.code, ErrorCodes.InvalidRequest);
      assert.match(e.message, /the server is shut down; only the exit notification is expected now/);
    }
    const mark = c.mark();
    await c.change(uri, 'game mtg\n');
    await c.waitFor('the dropped didChange on stderr', () => (c.stderr.includes('Ignored the notification textDocument/didChange: it came after shutdown.') ? true : undefined));
    await c.connection.sendNotification(ExitNotification.type);
    assert.equal(await c.exitWithin(20000), 0);
    assert.deepEqual(c.publishesFor(uri, mark), [], 'nothing was checked after shutdown');
  });

  it('exit without shutdown gives code 1, after shutdown 0', async () => {
    client = await TestClient.start();
    await client.connection.sendNotification(ExitNotification.type);
    assert.equal(await client.exitWithin(20000), 1);
    await client.dispose();
    client = await TestClient.start();
    assert.equal(await client.shutdown(), 0);
  });

  it('params of the wrong shape get InvalidParams with a message that says what is wrong, never InternalError', async () => {
    const c = (client = await TestClient.start({ recordRaw: true }));
    const uri = freshUri('params');
    await c.open(uri, REDUNDANT);
    await c.waitForDiagnostics(uri);
    const range = { start: { line: 0, character: 0 }, end: { line: 20, character: 0 } };
    const cases: [string, string, unknown, RegExp][] = [
      ['hover-null', 'textDocument/hover', null, /params must be an object or an array, not null/],
      ['completion-number', 'textDocument/completion', 5, /params must be an object or an array, not 5/],
      ['definition-string', 'textDocument/definition', 'file:///x.board', /params must be an object or an array/],
      ['symbols-null', 'textDocument/documentSymbol', null, /params must be an object or an array/],
      ['board-null', 'boardScenario/board', null, /params must be an object or an array/],
      ['hover-no-document', 'textDocument/hover', { position: { line: 0, character: 0 } }, /textDocument\.uri \(a string\) is required/],
      ['hover-position-string', 'textDocument/hover', { textDocument: { uri }, position: '9:2' }, /position \{ line, character \}/],
      ['completion-line-string', 'textDocument/completion', { textDocument: { uri }, position: { line: '9', character: 2 } }, /position \{ line, character \}/],
      ['references-no-context', 'textDocument/references', { textDocument: { uri }, position: { line: 9, character: 2 } }, /context \{ includeDeclaration \}/],
      ['code-action-null-diagnostic', 'textDocument/codeAction', { textDocument: { uri }, range, context: { diagnostics: [null] } }, /each of context\.diagnostics must be a diagnostic, with a range/],
      ['code-action-diagnostic-range', 'textDocument/codeAction', { textDocument: { uri }, range, context: { diagnostics: [{ message: 'x', range: 5 }] } }, /each of context\.diagnostics/],
      ['code-action-only-numbers', 'textDocument/codeAction', { textDocument: { uri }, range, context: { diagnostics: [], only: [1] } }, /context\.only/],
    ];
    for (const [id, method, params, message] of cases) {
      await c.writeFramed({ jsonrpc: '2.0', id, method, params });
      const answer = await c.waitForResponse(id);
      assert.equal(answer.error?.code, ErrorCodes.InvalidParams, `${id}: ${JSON.stringify(answer)}`);
      assert.match(answer.error.message, message, id);
      assert.doesNotMatch(answer.error.message, JS_ERROR, id);
    }
    assert.deepEqual(c.errors(), [], 'no handler failed');
    // Still initialized once and working.
    const h = await c.connection.sendRequest(HoverRequest.type, hoverAt(uri));
    assert.ok(h && JSON.stringify(h.contents).includes('equip'));
    assert.equal(await c.shutdown(), 0);
  });
});
