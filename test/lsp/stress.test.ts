// The server under load and hostile input, over real JSON-RPC (the bundled dist/server.js):
// a burst of 1,000 incremental edits with requests and cancellations; malformed bytes on the wire;
// notifications for documents that are not open; a 50 MB document and binary ones; memory after
// 200 documents were opened and closed. Waits are on conditions with generous timeouts (the
// machine may be loaded); nothing asserts on timing.
import * as assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  CancellationTokenSource,
  CodeActionRequest,
  CodeLensRequest,
  CompletionRequest,
  DocumentSymbolRequest,
  ErrorCodes,
  FoldingRangeRequest,
  HoverRequest,
  InlayHintRequest,
  LSPErrorCodes,
  MessageType,
  ResponseError,
  SemanticTokensRequest,
  TextDocumentSyncKind,
  type CodeActionParams,
  type Hover,
  type Position,
  type PublishDiagnosticsParams,
  type TextDocumentContentChangeEvent,
} from 'vscode-languageserver-protocol/node';
import { check, eventLines, parse } from '../../core';
import { readClientSupport } from '../../server/src/capabilities';
import { codeActions } from '../../server/src/codeActions';
import { completion, withDefaultEditRange } from '../../server/src/completion';
import { DEBUG_MEMORY_REQUEST, type DebugMemory } from '../../server/src/debug';
import { diagnosticMessage, FILE_TOO_LARGE, MAX_DIAGNOSTICS, TOO_MANY_PROBLEMS } from '../../server/src/diagnostics';
import { DocumentState, MAX_FILE_BYTES } from '../../server/src/documents';
import { hover } from '../../server/src/hover';
import { documentSymbols } from '../../server/src/symbols';
import { freshUri, TestClient, vscodeLikeCapabilities } from './client';
import { HEADER, MISSING_UNATTACH, REDUNDANT } from './scenarios';
import { prng } from '../support/prng';

const EVENTS_REQUEST = 'boardScenario/events';
const BOARD_REQUEST = 'boardScenario/board';


/** A hover's parts (joined by rules) without the findings' sections (each starts "**Title** · `code`"). */
function withoutFindings(h: Hover | null): { value: string } | undefined {
  if (!h) return undefined;
  const value = typeof h.contents === 'object' && 'value' in h.contents ? h.contents.value : String(h.contents);
  const parts = value.split('\n\n---\n\n').filter((part) => !/^\*\*[^*]+\*\* · `[a-z0-9-]+`/.test(part));
  return parts.length ? { value: parts.join('\n\n---\n\n') } : undefined;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves with `promise`, or fails with a clear message after `ms` (instead of mocha's bare timeout). */
function within<T>(what: string, promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error(`Timed out after ${ms} ms: ${what}`)), ms))),
  ]);
}

/** JSON's view of a value: what it looks like after a trip over the wire. */
const wire = <T>(x: T): T => (x === undefined ? (null as T) : JSON.parse(JSON.stringify(x)));

const LINES = [
  'equip splitter to lion',
  'destroy lion',
  'unattach splitter from lion',
  'expect splitter unattached',
  'move pacifism to graveyard',
  '# 704.5m: the Aura goes to the graveyard',
  'card sword "Sword": artifact — Equipment, owner bob',
  'attach pacifism to plains',
  'equip to to to by by',
  'expect no attachments on lion',
];
const CHARS = 'abcdeilnopqrstuvwxyz   ,:"#0123456789—\n';

/**
 * One random edit of `doc`, as a user (or a sloppy client) makes it: typing and deleting characters,
 * inserting and deleting lines, replacing spans across lines, line breaks of every kind, NUL, emoji
 * (whose surrogate pairs later edits may split), full-content changes. The text stays between a
 * few hundred and a few thousand characters, so most of it remains a scenario with findings.
 */
function randomChange(rng: () => number, doc: TextDocument): TextDocumentContentChangeEvent {
  const text = doc.getText();
  const offset = Math.floor(rng() * (text.length + 1));
  const at = doc.positionAt(offset);
  const small = text.length < 600;
  const big = text.length > 3000;
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rng() * xs.length)];
  const lineStart = () => ({ line: Math.floor(rng() * doc.lineCount), character: 0 });
  const r = rng();
  if (small ? r < 0.5 : r < 0.12) {
    const start = lineStart();
    return { range: { start, end: start }, text: pick(LINES) + '\n' };
  }
  if (r < 0.45 && !big) return { range: { start: at, end: at }, text: pick([...CHARS]) };
  if (r < 0.65) return { range: { start: at, end: doc.positionAt(offset + 1 + Math.floor(rng() * 4)) }, text: '' };
  if (r < 0.72) {
    const { line } = lineStart();
    return { range: { start: { line, character: 0 }, end: { line: line + 1, character: 0 } }, text: '' };
  }
  if (r < 0.82) return { range: { start: at, end: doc.positionAt(offset + Math.floor(rng() * 30)) }, text: pick(['lion', 'splitter', ' to ', '', 'bob\n', 'attach ']) };
  if (r < 0.9) return { range: { start: at, end: at }, text: pick(['\r\n', '\r', '🃏', '\t', '\u0000', 'é']) };
  if (r < 0.96) {
    const start = lineStart();
    return { range: { start, end: start }, text: pick(LINES) + '\n' };
  }
  // A full-content change (allowed with incremental sync): the same text again, or (a long one) its first half.
  return { text: big && rng() < 0.5 ? text.slice(0, text.length >> 1) : text };
}

describe('LSP stress and hostile input', function () {
  this.timeout(120000);
  let client: TestClient | undefined;
  afterEach(async () => {
    await client?.dispose();
    client = undefined;
  });

  it('1,000 incremental edits as you type with interleaved requests, half cancelled: each is answered from its own version, and the last publish is the final text', async () => {
    const c = (client = await TestClient.start({
      settings: { validate: 'onType' },
      capabilities: (caps) => (caps.textDocument!.publishDiagnostics!.versionSupport = true),
      env: { BOARD_SCENARIO_DEBUG: '1' },
    }));
    const sync = c.initializeResult.capabilities.textDocumentSync;
    assert.equal(typeof sync === 'object' ? sync.change : sync, TextDocumentSyncKind.Incremental, 'the server declares incremental sync');
    const support = readClientSupport((() => {
      const caps = vscodeLikeCapabilities();
      caps.textDocument!.publishDiagnostics!.versionSupport = true;
      return caps;
    })());

    const uri = freshUri('burst');
    const doc = TextDocument.create(uri, 'board-scenario', 1, MISSING_UNATTACH);
    await c.open(uri, doc.getText());
    await c.waitForDiagnostics(uri, (p) => p.version === 1, { timeoutMs: 30000 });

    const rng = prng(0x5eed);
    type Kind = 'hover' | 'completion' | 'codeAction' | 'documentSymbol';
    interface Sent {
      kind: Kind;
      version: number;
      text: string;
      position: Position;
      params: unknown;
      cancelled: boolean;
      outcome: Promise<{ ok: true; result: unknown } | { ok: false; error: unknown }>;
    }
    const sent: Sent[] = [];
    const kinds: Kind[] = ['hover', 'completion', 'codeAction', 'documentSymbol'];
    let multi = 0;
    let full = 0;
    for (let i = 0; i < 1000; i++) {
      // Most notifications carry one change; some carry two or three, each on the text the previous left.
      const n = rng() < 0.1 ? 2 + Math.floor(rng() * 2) : 1;
      const scratch = TextDocument.create(uri, 'board-scenario', 0, doc.getText());
      const changes: TextDocumentContentChangeEvent[] = [];
      for (let k = 0; k < n; k++) {
        const change = randomChange(rng, scratch);
        if (!('range' in change)) full++;
        changes.push(change);
        TextDocument.update(scratch, [change], k + 1);
      }
      if (n > 1) multi++;
      TextDocument.update(doc, changes, doc.version + 1);
      assert.equal(doc.getText(), scratch.getText());
      assert.equal(await c.editMany(uri, changes), doc.version);

      if (i % 2 === 1) {
        const kind = kinds[(i >> 1) % kinds.length];
        const position = doc.positionAt(Math.floor(rng() * (doc.getText().length + 1)));
        const textDocument = { uri };
        const params =
          kind === 'codeAction'
            ? ({ textDocument, range: { start: { line: position.line, character: 0 }, end: { line: position.line + 1, character: 0 } }, context: { diagnostics: [] } } satisfies CodeActionParams)
            : kind === 'documentSymbol'
              ? { textDocument }
              : { textDocument, position };
        const cts = new CancellationTokenSource();
        const type = { hover: HoverRequest.type, completion: CompletionRequest.type, codeAction: CodeActionRequest.type, documentSymbol: DocumentSymbolRequest.type }[kind];
        const request = c.connection.sendRequest(type.method, params, cts.token);
        const cancelled = rng() < 0.5;
        if (cancelled) cts.cancel(); // $/cancelRequest right after the request
        sent.push({
          kind,
          version: doc.version,
          text: doc.getText(),
          position,
          params,
          cancelled,
          outcome: request.then(
            (result) => ({ ok: true as const, result }),
            (error) => ({ ok: false as const, error }),
          ),
        });
      }
    }
    const finalVersion = doc.version;
    const finalText = doc.getText();
    assert.equal(finalVersion, 1001);
    assert.ok(multi > 50, 'some notifications carry several changes');
    assert.ok(full > 10, 'some changes replace the whole text');

    const outcomes = await within('an answer to each of the 500 requests', Promise.all(sent.map((s) => s.outcome)), 90000);
    let cancelledErrors = 0;
    let compared = 0;
    outcomes.forEach((o, i) => {
      const s = sent[i];
      if (!o.ok) {
        assert.ok(o.error instanceof ResponseError, `${s.kind} #${i}: ${String(o.error)}`);
        const code = o.error.code;
        assert.ok(code === LSPErrorCodes.RequestCancelled || code === LSPErrorCodes.ContentModified, `${s.kind} #${i} failed with ${code}: ${o.error.message}`);
        if (code === LSPErrorCodes.RequestCancelled) {
          assert.ok(s.cancelled, `${s.kind} #${i} was not cancelled but got RequestCancelled`);
          cancelledErrors++;
        }
        return;
      }
      // Answered: it must be the answer for the text of the version the request was sent on.
      const state = new DocumentState(TextDocument.create(uri, 'board-scenario', s.version, s.text));
      const findings = state.analysis.result.findings;
      if (s.kind === 'hover') {
        // A hover while the user types takes the findings known then (the last checked version's,
        // moved to its text: DocumentState.knownFindings, tested in typingState.test.ts); the
        // rest of it is from its own version.
        const own = wire(hover(state, s.position, { rulesDoc: undefined, findings, markdown: true }));
        if (!isDeepStrictEqual(o.result, own)) {
          const got = withoutFindings(o.result as Hover | null);
          const expected = withoutFindings(wire(hover(state, s.position, { rulesDoc: undefined, findings: [], markdown: true })));
          assert.deepEqual(got?.value, expected?.value, `hover #${i} (version ${s.version}) is answered from that version, findings aside`);
        }
        compared++;
        return;
      }
      const expected =
        s.kind === 'completion'
            ? withDefaultEditRange(completion(state, s.position, { snippets: true }))
            : s.kind === 'codeAction'
              ? codeActions(state, s.params as CodeActionParams, support, findings)
              : documentSymbols(state);
      assert.deepEqual(o.result, wire(expected), `${s.kind} #${i} (version ${s.version}) is answered from that version`);
      compared++;
    });
    assert.ok(cancelledErrors > 0, 'cancelled requests that had not started are answered RequestCancelled');
    // A request that was not cancelled is answered, or ContentModified: a hover that waited while the
    // text changed, or code actions that waited for the version's check meanwhile (a fix for a text
    // the client no longer has is never sent).
    const notCancelled = outcomes.filter((_, i) => !sent[i].cancelled);
    const waits = new Set(['hover', 'codeAction']);
    assert.ok(notCancelled.every((o, i) => o.ok || (waits.has(sent.filter((s) => !s.cancelled)[i].kind) && (o.error as ResponseError<void>).code === LSPErrorCodes.ContentModified)));
    assert.ok(compared > 200, `${compared} answers compared with the core on their version's text, ${cancelledErrors} cancelled`);

    // The last publish is of the final version and is what the core finds in the final text.
    await c.waitForDiagnostics(uri, (p) => p.version === finalVersion, { timeoutMs: 30000 });
    await sleep(600); // longer than the typing delay: any late (stale) publish would arrive now
    const publishes = c.publishesFor(uri);
    const versions = publishes.map((p) => p.version!);
    assert.deepEqual(versions, [...versions].sort((a, b) => a - b), 'publishes never go back to an older version');
    const last = publishes[publishes.length - 1];
    assert.equal(last.version, finalVersion);
    const expected = check(finalText).findings;
    assert.ok(expected.length > 10, 'the final text has findings to compare');
    assert.deepEqual(
      last.diagnostics.map((d) => ({ code: d.code, range: d.range })),
      expected.map((f) => ({ code: f.code, range: f.range })),
    );
    last.diagnostics.forEach((d, i) => assert.ok(d.message.startsWith(diagnosticMessage(expected[i].message, expected[i].rules)), d.message));
    // The server's copy of the text is the client's: the events it finds are the core's on the final text.
    assert.deepEqual(await c.connection.sendRequest(EVENTS_REQUEST, { uri }), { uri, version: finalVersion, lines: eventLines(parse(finalText)) });
    // Of the analyses of 1,001 versions only the final one is held, and no check is pending.
    const held = await c.connection.sendRequest<DebugMemory>(DEBUG_MEMORY_REQUEST);
    assert.deepEqual([held.analyses, held.pendingChecks, held.published], [1, 0, 1]);
    assert.deepEqual(c.errors(), [], 'no handler failed');
    assert.ok(c.alive);
  });

  it('a request that waited (for the settings) while its document changed answers ContentModified, not from the old text', async () => {
    let release!: () => void;
    const slowClient = new Promise<void>((resolve) => (release = resolve));
    const c = (client = await TestClient.start({ beforeConfiguration: () => slowClient }));
    const uri = freshUri('modified');
    await c.open(uri, REDUNDANT);
    await c.waitForDiagnostics(uri); // the first publish does not wait for the settings
    await c.waitFor('the settings request', () => (c.configurationItems.length > 0 ? true : undefined), 20000);
    // Both wait for the settings (the hover also for the rules file), which the client is slow to send.
    const position = { line: 9, character: 2 };
    const range = { start: { line: 0, character: 0 }, end: { line: 20, character: 0 } };
    const hovering = c.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position });
    const hints = c.connection.sendRequest(InlayHintRequest.type, { textDocument: { uri }, range });
    // Meanwhile a line is inserted at the top: the old answers' ranges would be one line off.
    await c.edit(uri, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, '# moved down\n');
    assert.ok((await c.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } }))?.length, 'the edit was handled');
    release();
    const modified = (e: unknown) => e instanceof ResponseError && e.code === LSPErrorCodes.ContentModified;
    await Promise.all([assert.rejects(hovering, modified), assert.rejects(hints, modified)]);
    // Asked again, both answer from the new text.
    const h = await c.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 10, character: 2 } });
    assert.ok(h && JSON.stringify(h.contents).includes('equip') && h.range?.start.line === 10);
    const again = await c.connection.sendRequest(InlayHintRequest.type, { textDocument: { uri }, range });
    assert.ok(again && again.length > 0 && again.every((hint) => hint.position.line >= 9));
    assert.deepEqual(c.errors(), []);
  });

  describe('malformed input on the wire', () => {
    it('messages that are not JSON-RPC, unknown methods, wrong params: logged or answered with an error, and the next request still works', async () => {
      const c = (client = await TestClient.start({ recordRaw: true }));
      const uri = freshUri('wire');
      await c.open(uri, REDUNDANT);
      await c.waitForDiagnostics(uri);
      const hoverParams = { textDocument: { uri }, position: { line: 9, character: 2 } };
      let n = 0;
      /** A normal request after each bad message: a real hover of the open document. */
      const stillWorks = async (after: string) => {
        const h = await within(`a hover after ${after}`, c.connection.sendRequest(HoverRequest.type, hoverParams), 20000);
        assert.ok(h && JSON.stringify(h.contents).includes('equip'), `a hover after ${after}`);
        n++;
      };
      const errorLogs = () => c.logs.filter((l) => l.type === MessageType.Error).map((l) => l.message);

      // Invalid JSON with a correct Content-Length: the body is skipped, the framing holds.
      await c.writeFramed('{"jsonrpc":"2.0","id":"bad-json","method":"textDocument/hover",');
      await stillWorks('invalid JSON');
      assert.ok(errorLogs().some((m) => /not a JSON-RPC message: SyntaxError/.test(m)), 'the skipped body is logged');
      // JSON that is not a message.
      for (const body of ['null', '42', '"text"', '[]', '[{"jsonrpc":"2.0","id":"in-batch","method":"shutdown"}]']) {
        await c.writeFramed(body);
        await stillWorks(`the body ${body}`);
      }
      // A request without `method` (it has an id, so vscode-jsonrpc takes it for a response to nothing), and a message with neither.
      await c.writeFramed({ jsonrpc: '2.0', id: 'no-method', params: { textDocument: { uri } } });
      await c.writeFramed({ jsonrpc: '2.0', params: {} });
      await stillWorks('messages without a method');
      assert.ok(errorLogs().some((m) => m.includes('neither a response nor a notification')));
      // A cancellation without params.
      await c.writeFramed({ jsonrpc: '2.0', method: '$/cancelRequest' });
      await stillWorks('$/cancelRequest without params');
      // Unknown request: MethodNotFound. Unknown notification: ignored, nothing answered.
      await c.writeFramed({ jsonrpc: '2.0', id: 'unknown', method: 'boardScenario/noSuchThing', params: {} });
      assert.equal((await c.waitForResponse('unknown')).error?.code, ErrorCodes.MethodNotFound);
      await c.writeFramed({ jsonrpc: '2.0', method: 'boardScenario/noSuchNotification', params: {} });
      await stillWorks('an unknown notification');
      // The debug request is hidden unless BOARD_SCENARIO_DEBUG=1.
      await c.writeFramed({ jsonrpc: '2.0', id: 'debug', method: DEBUG_MEMORY_REQUEST });
      assert.equal((await c.waitForResponse('debug')).error?.code, ErrorCodes.MethodNotFound);

      // A known request with invalid params: InvalidParams, never a crash (null params included:
      // they are refused before vscode-languageserver's own wrapper reads them, lifecycle.ts).
      const bad: [string, string, unknown, number][] = [
        ['no-position', 'textDocument/hover', { textDocument: { uri } }, ErrorCodes.InvalidParams],
        ['negative', 'textDocument/hover', { textDocument: { uri }, position: { line: -1, character: -5 } }, ErrorCodes.InvalidParams],
        ['fraction', 'textDocument/completion', { textDocument: { uri }, position: { line: 1.5, character: 0 } }, ErrorCodes.InvalidParams],
        ['string-line', 'textDocument/definition', { textDocument: { uri }, position: { line: '3', character: 0 } }, ErrorCodes.InvalidParams],
        ['no-uri', 'textDocument/documentSymbol', { textDocument: {} }, ErrorCodes.InvalidParams],
        ['no-document', 'textDocument/semanticTokens/full', {}, ErrorCodes.InvalidParams],
        ['no-range', 'textDocument/inlayHint', { textDocument: { uri } }, ErrorCodes.InvalidParams],
        ['no-context', 'textDocument/codeAction', { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 1, character: 0 } } }, ErrorCodes.InvalidParams],
        ['no-new-name', 'textDocument/rename', { textDocument: { uri }, position: { line: 9, character: 16 } }, ErrorCodes.InvalidParams],
        ['null-params', 'textDocument/hover', null, ErrorCodes.InvalidParams],
        ['array-params', 'textDocument/references', [1, 2], ErrorCodes.InvalidParams],
      ];
      for (const [id, method, params, code] of bad) {
        await c.writeFramed({ jsonrpc: '2.0', id, method, params });
        const answer = await c.waitForResponse(id);
        assert.equal(answer.error?.code, code, `${id}: ${JSON.stringify(answer)}`);
      }
      // Positions past the end of the document are valid LSP: answered (null or empty), not failed.
      for (const position of [{ line: 1e6, character: 0 }, { line: 9, character: 1e6 }, { line: 2147483647, character: 2147483647 }]) {
        assert.equal(await c.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position }), null);
        await c.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position });
        await c.connection.sendRequest(InlayHintRequest.type, { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: position } });
      }
      await stillWorks('invalid params');
      assert.ok(n >= 10);
      // Nothing failed inside a handler: the only error logs are about the bad messages themselves.
      const unexpected = errorLogs().filter((m) => !/not a JSON-RPC message|neither a response nor a notification|Received empty message/.test(m));
      assert.deepEqual(unexpected, []);
      assert.ok(c.alive);
      assert.equal(await c.shutdown(), 0, 'and it still shuts down in order');
    });

    // The server's reader (framing.ts) reads a header block, then exactly Content-Length bytes.
    // After a wrong Content-Length it is inside some message: the next header fails at its first
    // byte that can't be a header, and the stream can't be read again. The server says why and
    // exits with code 1 instead of hanging (framing.test.ts has the other ways a stream breaks).
    const framingLost = async (write: (c: TestClient) => Promise<void>, what: string) => {
      const c = (client = await TestClient.start());
      const uri = freshUri('framing');
      await c.open(uri, REDUNDANT);
      await c.waitForDiagnostics(uri);
      await write(c);
      const code = await c.exitWithin(30000);
      assert.equal(code, 1, what);
      assert.match(c.stderr, /The stream from the client is corrupt \(.+\): no further message can be read, so the server exits \(code 1\)/);
      assert.ok(
        c.logs.some((l) => l.type === MessageType.Error && l.message.startsWith('The stream from the client is corrupt')),
        'the reason is logged to the client too, while the output stream is still in order',
      );
    };
    // Requests that are never answered: they end (rejected) when the client disposes the connection.
    const unanswered = (p: Promise<unknown>) => void p.catch(() => undefined);

    it('a Content-Length shorter than the body, followed by garbage: the server exits (code 1) rather than hang', async () => {
      await framingLost(async (c) => {
        await c.writeRaw('Content-Length: 5\r\n\r\n{"jsonrpc": garbage garbage \u0000\u00ff');
        unanswered(c.connection.sendRequest(HoverRequest.type, { textDocument: { uri: freshUri() }, position: { line: 0, character: 0 } }));
      }, 'short Content-Length');
    });

    it('a Content-Length longer than the body: the next messages are swallowed into it, then the server exits (code 1)', async () => {
      await framingLost(async (c) => {
        await c.writeRaw('Content-Length: 2000\r\n\r\n{"jsonrpc":"2.0","id":"long","method":"shutdown"}');
        // The reader waits for 2,000 bytes: the client's next requests are read as the rest of that body.
        for (let i = 0; i < 40 && c.alive; i++) {
          unanswered(c.connection.sendRequest(HoverRequest.type, { textDocument: { uri: freshUri() }, position: { line: 0, character: 0 } }));
          await sleep(50);
        }
      }, 'long Content-Length');
    });

    it('a header block without Content-Length, and a line that is not a header: the server exits (code 1)', async () => {
      await framingLost((c) => c.writeRaw('Content-Type: application/vscode-jsonrpc\r\n\r\n{"jsonrpc":"2.0","method":"initialized","params":{}}'), 'no Content-Length');
      await client!.dispose();
      await framingLost((c) => c.writeRaw('hello, server\r\n\r\n'), 'garbage header');
    });
  });

  it('didChange, didSave and didClose for documents that are not open, and malformed document notifications: logged as warnings and ignored', async () => {
    const c = (client = await TestClient.start({ settings: { validate: 'onType' } }));
    const never = freshUri('never-opened');
    const closed = freshUri('closed');
    const open = freshUri('open');
    await c.open(closed, REDUNDANT);
    await c.waitForDiagnostics(closed);
    await c.close(closed);
    await c.open(open, REDUNDANT);
    await c.waitForDiagnostics(open);
    const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    for (const uri of [never, closed]) {
      await c.edit(uri, range, 'garbage ');
      await c.change(uri, 'game mtg\n');
      await c.save(uri);
      await c.close(uri);
    }
    const n = c.connection;
    // Malformed: a change without a version, changes that are not changes, an open without text.
    await n.sendNotification('textDocument/didChange', { textDocument: { uri: open }, contentChanges: [{ text: 'x' }] });
    // (vscode-languageserver-textdocument would apply this one with NaN offsets: 'abc\ndef' becomes 'abc\ndefxabc\ndef'.)
    await n.sendNotification('textDocument/didChange', { textDocument: { uri: open, version: 7 }, contentChanges: [{ range: { start: { line: 'a', character: 0 }, end: { line: 0, character: 0 } }, text: 'x' }] });
    await n.sendNotification('textDocument/didChange', { textDocument: { uri: open, version: 8 }, contentChanges: 'x' });
    await n.sendNotification('textDocument/didChange', {});
    await n.sendNotification('textDocument/didOpen', { textDocument: { uri: freshUri(), languageId: 'board-scenario', version: 1 } });
    await c.writeFramed({ jsonrpc: '2.0', method: 'textDocument/didClose', params: null });
    await n.sendNotification('textDocument/didSave', { textDocument: { uri: 42 } });

    // Still serving, and the open document is unchanged (version 1, its text).
    const events = await n.sendRequest(EVENTS_REQUEST, { uri: open });
    assert.deepEqual(events, { uri: open, version: 1, lines: eventLines(parse(REDUNDANT)) });
    assert.equal(await n.sendRequest(EVENTS_REQUEST, { uri: never }), null);
    assert.equal(await n.sendRequest(HoverRequest.type, { textDocument: { uri: closed }, position: { line: 9, character: 2 } }), null);
    const warnings = c.logs.filter((l) => l.type === MessageType.Warning).map((l) => l.message);
    for (const uri of [never, closed]) {
      for (const what of ['didChange', 'didSave', 'didClose']) {
        assert.ok(warnings.some((w) => w.includes(what) && w.includes(uri) && w.includes('not open')), `${what} of ${uri} is logged: ${warnings.join('\n')}`);
      }
    }
    assert.ok(warnings.some((w) => w.includes(`didChange of ${open} without a version`)));
    assert.equal(warnings.filter((w) => w.includes(`didChange of ${open} whose contentChanges`)).length, 2);
    assert.ok(warnings.some((w) => w.includes('without its text')));
    assert.deepEqual(c.errors(), [], 'nothing thrown inside a handler');
    // No diagnostics for a document that is not open (the closed one got only its clearing publish).
    assert.deepEqual(c.publishesFor(never), []);
    assert.deepEqual(
      c.publishesFor(closed).map((p) => p.diagnostics.length > 0),
      [true, false],
    );
    assert.ok(c.alive);
  });

  it('a client that reuses a version number never gets the analysis of another text', async () => {
    const c = (client = await TestClient.start({ settings: { validate: 'onType' } }));
    const uri = freshUri('same-version');
    await c.open(uri, REDUNDANT);
    await c.waitForDiagnostics(uri, (p) => p.diagnostics.some((d) => d.code === 'redundant-attach'));
    // didOpen again, same version 1, another text: answered from the new text.
    const clean = HEADER.join('\n') + '\n';
    let mark = c.mark();
    await c.open(uri, clean);
    await c.waitForDiagnostics(uri, (p) => p.diagnostics.length === 0, { since: mark, timeoutMs: 20000 });
    assert.equal(await c.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 9, character: 2 } }), null);
    // A change that keeps the version number (1 again): the new text is checked as you type.
    mark = c.mark();
    await c.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version: 1 }, contentChanges: [{ text: REDUNDANT }] });
    const p = await c.waitForDiagnostics(uri, () => true, { since: mark, timeoutMs: 20000 });
    assert.deepEqual(p.diagnostics.map((d) => d.code), ['redundant-attach']);
    const h = await c.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 9, character: 2 } });
    assert.ok(h && JSON.stringify(h.contents).includes('equip'));
    assert.deepEqual(c.errors(), []);
  });

  describe('huge and binary documents', () => {
    it(`a 50 MB document is not analysed: one clear warning on line 0, empty features, and the server stays responsive`, async () => {
      const c = (client = await TestClient.start({ env: { BOARD_SCENARIO_DEBUG: '1' } }));
      const small = freshUri('small');
      await c.open(small, REDUNDANT);
      await c.waitForDiagnostics(small);
      const big = freshUri('huge');
      const event = 'equip splitter to lion\n';
      const text = HEADER.join('\n') + '\n' + event.repeat(Math.ceil((50 * 1024 * 1024) / event.length));
      assert.ok(text.length > 50 * 1024 * 1024);
      await c.open(big, text);
      const pub = await c.waitForDiagnostics(big, () => true, { timeoutMs: 60000 });
      assert.equal(pub.diagnostics.length, 1);
      const [d] = pub.diagnostics;
      assert.equal(d.code, FILE_TOO_LARGE);
      assert.equal(d.severity, 2);
      assert.deepEqual(d.range, { start: { line: 0, character: 0 }, end: { line: 0, character: 'game mtg'.length } });
      assert.equal(d.message, 'This file is 50.1 MB; the checker runs on files up to 5 MB in the editor. Check it with "board-scenario check".');
      assert.equal(MAX_FILE_BYTES, 5 * 1024 * 1024);

      // The other document is served as usual.
      const h = await within('a hover on the small document', c.connection.sendRequest(HoverRequest.type, { textDocument: { uri: small }, position: { line: 9, character: 2 } }), 30000);
      assert.ok(h && JSON.stringify(h.contents).includes('equip'));
      // Every feature answers for the huge one as for a document that is not open.
      const textDocument = { uri: big };
      const position = { line: 9, character: 2 };
      const range = { start: { line: 0, character: 0 }, end: { line: 20, character: 0 } };
      assert.equal(await c.connection.sendRequest(HoverRequest.type, { textDocument, position }), null);
      assert.deepEqual(await c.connection.sendRequest(CompletionRequest.type, { textDocument, position }), []);
      assert.deepEqual(await c.connection.sendRequest(DocumentSymbolRequest.type, { textDocument }), []);
      assert.deepEqual(await c.connection.sendRequest(SemanticTokensRequest.type, { textDocument }), { data: [] });
      assert.deepEqual(await c.connection.sendRequest(FoldingRangeRequest.type, { textDocument }), []);
      assert.deepEqual(await c.connection.sendRequest(InlayHintRequest.type, { textDocument, range }), []);
      assert.deepEqual(await c.connection.sendRequest(CodeLensRequest.type, { textDocument }), []);
      assert.deepEqual(await c.connection.sendRequest(CodeActionRequest.type, { textDocument, range, context: { diagnostics: [d] } }), []);
      assert.equal(await c.connection.sendRequest(BOARD_REQUEST, { uri: big, line: 9 }), null);
      assert.equal(await c.connection.sendRequest(EVENTS_REQUEST, { uri: big }), null);
      const memory = await c.connection.sendRequest<DebugMemory>(DEBUG_MEMORY_REQUEST);
      assert.equal(memory.documents, 2);
      assert.equal(memory.analyses, 1, 'only the small document was analysed');

      // Edited down to a normal size, it is checked again.
      let mark = c.mark();
      await c.change(big, REDUNDANT);
      await c.save(big);
      const again = await c.waitForDiagnostics(big, () => true, { since: mark, timeoutMs: 30000 });
      assert.deepEqual(again.diagnostics.map((x) => x.code), ['redundant-attach']);
      // And grown over the limit again, it gets the warning again.
      mark = c.mark();
      await c.change(big, text);
      await c.save(big);
      const over = await c.waitForDiagnostics(big, () => true, { since: mark, timeoutMs: 60000 });
      assert.deepEqual(over.diagnostics.map((x) => x.code), [FILE_TOO_LARGE]);
      assert.equal((await c.connection.sendRequest<DebugMemory>(DEBUG_MEMORY_REQUEST)).analyses, 1);
      assert.deepEqual(c.errors(), []);
    });

    it(`binary content: at most ${MAX_DIAGNOSTICS} diagnostics per publish, the last one says how many more there are`, async () => {
      const c = (client = await TestClient.start());
      const small = freshUri('small');
      await c.open(small, REDUNDANT);
      await c.waitForDiagnostics(small);
      // Random bytes decoded as UTF-8 (so U+FFFD where they are not UTF-8), with NUL bytes and line
      // breaks among them (a few thousand lines: at least a problem each, whatever the lexer groups).
      const rng = prng(42);
      const bytes = Buffer.alloc(160 * 1024);
      for (let i = 0; i < bytes.length; i++) {
        const r = rng();
        bytes[i] = r < 0.05 ? 0 : r < 0.08 ? 10 : Math.floor(rng() * 256);
      }
      const binary = bytes.toString('utf8');
      const nul = '\u0000\u0000\u0000\n'.repeat(3000);
      for (const [name, text] of [['binary', binary], ['nul', nul]] as const) {
        const uri = freshUri(name);
        await c.open(uri, text);
        const pub: PublishDiagnosticsParams = await c.waitForDiagnostics(uri, () => true, { timeoutMs: 60000 });
        const findings = check(text).findings;
        assert.ok(findings.length > MAX_DIAGNOSTICS, `${name}: ${findings.length} findings`);
        assert.equal(pub.diagnostics.length, MAX_DIAGNOSTICS);
        const shown = pub.diagnostics.slice(0, -1);
        assert.deepEqual(
          shown.map((x) => [x.code, x.range]),
          findings.slice(0, MAX_DIAGNOSTICS - 1).map((f) => [f.code, f.range]),
          'the first findings, in order',
        );
        const lastOne = pub.diagnostics[MAX_DIAGNOSTICS - 1];
        assert.equal(lastOne.code, TOO_MANY_PROBLEMS);
        assert.equal(lastOne.severity, 3);
        const hidden = findings.length - (MAX_DIAGNOSTICS - 1);
        assert.equal(
          lastOne.message,
          `${hidden.toLocaleString('en-US')} more problems are not shown: the editor shows the first 999 of ${findings.length.toLocaleString('en-US')}. Check the whole file with "board-scenario check".`,
        );
        assert.deepEqual(lastOne.range.start, findings[MAX_DIAGNOSTICS - 1].range.start);
        // Requests on it are answered, and the other document still is.
        await c.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } });
        await c.connection.sendRequest(SemanticTokensRequest.type, { textDocument: { uri } });
        await c.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 3, character: 5 } });
        await c.connection.sendRequest(CodeActionRequest.type, {
          textDocument: { uri },
          range: { start: { line: 0, character: 0 }, end: { line: 5, character: 0 } },
          context: { diagnostics: [], only: ['source.fixAll.boardScenario'] },
        });
        const h = await c.connection.sendRequest(HoverRequest.type, { textDocument: { uri: small }, position: { line: 9, character: 2 } });
        assert.ok(h && JSON.stringify(h.contents).includes('equip'));
      }
      assert.deepEqual(c.errors(), []);
      assert.ok(c.alive);
    });
  });

  it('memory stays bounded: 200 documents of ~200 KB opened, used and closed leave no caches and no heap behind', async () => {
    const c = (client = await TestClient.start({ nodeArgs: ['--expose-gc'], env: { BOARD_SCENARIO_DEBUG: '1' }, settings: { validate: 'onType' } }));
    const memory = () => c.connection.sendRequest<DebugMemory>(DEBUG_MEMORY_REQUEST);
    /** ~200 KB, unique per document: some events (one redundant equip) and many comment lines. */
    const documentText = (k: number): string => {
      const lines = [...HEADER, 'equip splitter to lion', 'equip splitter to lion'];
      for (let i = 0; i < 300; i++) lines.push(i % 2 ? 'unattach splitter from lion' : 'equip splitter to lion', `expect splitter ${i % 2 ? 'unattached' : 'attached to lion'}`);
      let size = lines.join('\n').length;
      for (let i = 0; size < 200 * 1024; i++) {
        const line = `# document ${k}, note ${i}: ${'the quick brown fox jumps over the lazy dog '.repeat(2)}${k * 100000 + i}`;
        lines.push(line);
        size += line.length + 1;
      }
      return lines.join('\n') + '\n';
    };
    const first = freshUri('memory-0');
    await c.open(first, documentText(0));
    await c.waitForDiagnostics(first, (p) => p.diagnostics.length > 0, { timeoutMs: 30000 });
    await c.connection.sendRequest(HoverRequest.type, { textDocument: { uri: first }, position: { line: 9, character: 2 } });
    const baseline = await memory();
    assert.equal(baseline.gc, true, 'the server runs with --expose-gc');
    assert.equal(baseline.documents, 1);

    let total = 0;
    for (let batch = 0; batch < 10; batch++) {
      const uris = Array.from({ length: 20 }, (_, i) => freshUri(`memory-${batch}-${i}`));
      const mark = c.mark();
      for (const [i, uri] of uris.entries()) {
        const text = documentText(1 + batch * 20 + i);
        total += text.length;
        await c.open(uri, text);
      }
      for (const uri of uris) {
        const p = await c.waitForDiagnostics(uri, () => true, { since: mark, timeoutMs: 60000 });
        assert.ok(p.diagnostics.some((d) => d.code === 'redundant-attach'), 'each document was analysed');
        // Fill the derived caches (the name index, a board) as an editor would.
        await c.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 9, character: 2 } });
      }
      for (const uri of uris) {
        // An edit (an onType check is pending) and the close right after it.
        await c.edit(uri, { start: { line: 8, character: 0 }, end: { line: 8, character: 0 } }, '# edited\n');
        await c.close(uri);
      }
      for (const uri of uris) await c.waitForDiagnostics(uri, (p) => p.diagnostics.length === 0, { since: mark, timeoutMs: 60000 });
    }
    assert.ok(total > 200 * 200 * 1024);
    const after = await memory();
    assert.deepEqual(
      { documents: after.documents, analyses: after.analyses, pendingChecks: after.pendingChecks, published: after.published, settingsAsked: after.settingsAsked, settingsReceived: after.settingsReceived },
      { documents: 1, analyses: 1, pendingChecks: 0, published: 1, settingsAsked: 1, settingsReceived: 1 },
      'only the first document is held',
    );
    const grown = after.heapUsed - baseline.heapUsed;
    // 40 MB of text went through; a leak of even half of it (without its analyses) would show.
    assert.ok(grown < 20 * 1024 * 1024, `heap grew by ${(grown / 1024 / 1024).toFixed(1)} MB (baseline ${(baseline.heapUsed / 1024 / 1024).toFixed(1)} MB)`);
    assert.deepEqual(c.errors(), []);
  });
});
