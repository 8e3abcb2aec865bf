// The server never dies of a handler bug: every request and notification handler runs inside a
// guard that logs the exception and answers with an empty result. Deliberate protocol errors
// (ResponseError, e.g. a rejected rename) pass through to the client.
//
// What the client did wrong is answered as such, not logged as a server bug: a request whose
// parameters do not have the shape its handler needs gets InvalidParams; a cancelled request gets
// RequestCancelled (without running, when it was cancelled before it started); notifications for a
// document that is not open, or that do not carry a URI, text or version, are logged as warnings
// and ignored (`guardedDocumentSync`).
import {
  ErrorCodes,
  LSPErrorCodes,
  ResponseError,
  type CancellationToken,
  type Connection,
  type DidChangeTextDocumentParams,
  type DidCloseTextDocumentParams,
  type DidOpenTextDocumentParams,
  type DidSaveTextDocumentParams,
  type TextDocuments,
} from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';

/** What TextDocuments.listen needs (the library does not export the interface's name). */
type TextDocumentConnection = Parameters<TextDocuments<TextDocument>['listen']>[0];

export type Guarded<P, R> = (params: P, token: CancellationToken) => Promise<R>;

/** Returns what is wrong with a request's parameters, or undefined when they have the shape its handler needs. */
export type ParamsCheck = (params: unknown) => string | undefined;

export function cancelled(): ResponseError<void> {
  return new ResponseError(LSPErrorCodes.RequestCancelled, 'The request was cancelled.');
}

export function guard<P, R>(
  connection: Connection,
  name: string,
  fallback: R,
  handler: (params: P, token: CancellationToken) => R | Promise<R>,
  check?: ParamsCheck,
): Guarded<P, R> {
  return async (params, token) => {
    if (token?.isCancellationRequested) throw cancelled();
    const wrong = check?.(params);
    if (wrong !== undefined) throw new ResponseError(ErrorCodes.InvalidParams, `${name}: ${wrong}`);
    let result: R;
    try {
      result = await handler(params, token);
    } catch (e) {
      if (e instanceof ResponseError) throw e;
      connection.console.error(`${name} failed: ${(e as Error)?.stack ?? String(e)}`);
      result = fallback;
    }
    // Cancelled while it ran: the client no longer wants the answer (LSP: reply RequestCancelled).
    if (token?.isCancellationRequested) throw cancelled();
    return result;
  };
}

/** For notifications: no result, just the log. */
export function guardNotification<P>(connection: Connection, name: string, handler: (params: P) => void | Promise<void>): (params: P) => void {
  return (params) => {
    try {
      const r = handler(params);
      if (r && typeof (r as Promise<void>).catch === 'function') {
        (r as Promise<void>).catch((e) => connection.console.error(`${name} failed: ${(e as Error)?.stack ?? String(e)}`));
      }
    } catch (e) {
      connection.console.error(`${name} failed: ${(e as Error)?.stack ?? String(e)}`);
    }
  };
}

// ---- parameter shapes ---------------------------------------------------------------------

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null;
}

/** LSP's `uinteger`. */
function isUinteger(x: unknown): boolean {
  return typeof x === 'number' && Number.isInteger(x) && x >= 0 && x <= 2147483647;
}

export function isPosition(x: unknown): boolean {
  return isObject(x) && isUinteger(x.line) && isUinteger(x.character);
}

export function isRange(x: unknown): boolean {
  return isObject(x) && isPosition(x.start) && isPosition(x.end);
}

function uriOf(p: unknown): string | undefined {
  return isObject(p) && isObject(p.textDocument) && typeof p.textDocument.uri === 'string' ? p.textDocument.uri : undefined;
}

const documentCheck: ParamsCheck = (p) => (uriOf(p) === undefined ? 'textDocument.uri (a string) is required' : undefined);
const positionCheck: ParamsCheck = (p) =>
  documentCheck(p) ?? (isPosition((p as { position?: unknown }).position) ? undefined : 'position { line, character } (non-negative integers) is required');
const rangeCheck: ParamsCheck = (p) => documentCheck(p) ?? (isRange((p as { range?: unknown }).range) ? undefined : 'range { start, end } is required');

/** The shapes the handlers need (what they read without further checks). */
export const needs: Record<'document' | 'position' | 'range' | 'codeAction' | 'references' | 'rename', ParamsCheck> = {
  document: documentCheck,
  position: positionCheck,
  range: rangeCheck,
  codeAction: (p) => {
    const wrong = rangeCheck(p);
    if (wrong !== undefined) return wrong;
    const context = (p as { context?: unknown }).context;
    if (!isObject(context) || !Array.isArray(context.diagnostics)) return 'context { diagnostics[] } is required';
    // The client's diagnostics are matched with the findings by their range (codeActions.ts).
    if (!context.diagnostics.every((d) => isObject(d) && isRange(d.range))) return 'each of context.diagnostics must be a diagnostic, with a range';
    if (context.only !== undefined && !(Array.isArray(context.only) && context.only.every((k) => typeof k === 'string'))) return 'context.only, when given, is an array of code action kinds (strings)';
    return undefined;
  },
  references: (p) => positionCheck(p) ?? (isObject((p as { context?: unknown }).context) ? undefined : 'context { includeDeclaration } is required'),
  rename: (p) => positionCheck(p) ?? (typeof (p as { newName?: unknown }).newName === 'string' ? undefined : 'newName (a string) is required'),
};

// ---- document synchronisation -------------------------------------------------------------

function isChange(x: unknown): boolean {
  return isObject(x) && typeof x.text === 'string' && (x.range === undefined || isRange(x.range));
}

/**
 * The connection TextDocuments listens on, with its notifications guarded. The library ignores a
 * didChange, didSave or didClose for a document that is not open without a word, and throws on a
 * malformed one (a change without a version) or applies it (a range that is not a range makes its
 * offsets NaN and the text wrong): here each of those is logged as a warning and ignored, and a
 * library exception is logged, never thrown.
 */
export function guardedDocumentSync(connection: Connection, isOpen: (uri: string) => boolean): TextDocumentConnection {
  const ignore = (what: string) => connection.console.warn(`Ignored ${what}.`);
  return {
    onDidOpenTextDocument: (handler) =>
      connection.onDidOpenTextDocument(
        guardNotification(connection, 'didOpen', (p: DidOpenTextDocumentParams) => {
          const uri = uriOf(p);
          if (uri === undefined) return ignore('a didOpen without textDocument.uri');
          if (typeof p.textDocument.text !== 'string') return ignore(`a didOpen of ${uri} without its text`);
          if (typeof p.textDocument.version !== 'number') return ignore(`a didOpen of ${uri} without a version`);
          handler(p);
        }),
      ),
    onDidChangeTextDocument: (handler) =>
      connection.onDidChangeTextDocument(
        guardNotification(connection, 'didChange', (p: DidChangeTextDocumentParams) => {
          const uri = uriOf(p);
          if (uri === undefined) return ignore('a didChange without textDocument.uri');
          if (!isOpen(uri)) return ignore(`a didChange of ${uri}, which is not open`);
          if (typeof p.textDocument.version !== 'number') return ignore(`a didChange of ${uri} without a version`);
          if (!Array.isArray(p.contentChanges) || !p.contentChanges.every(isChange)) {
            return ignore(`a didChange of ${uri} whose contentChanges are not { range?, text } (the document is unchanged)`);
          }
          handler(p);
        }),
      ),
    onDidCloseTextDocument: (handler) =>
      connection.onDidCloseTextDocument(
        guardNotification(connection, 'didClose', (p: DidCloseTextDocumentParams) => {
          const uri = uriOf(p);
          if (uri === undefined) return ignore('a didClose without textDocument.uri');
          if (!isOpen(uri)) return ignore(`a didClose of ${uri}, which is not open`);
          handler(p);
        }),
      ),
    onDidSaveTextDocument: (handler) =>
      connection.onDidSaveTextDocument(
        guardNotification(connection, 'didSave', (p: DidSaveTextDocumentParams) => {
          const uri = uriOf(p);
          if (uri === undefined) return ignore('a didSave without textDocument.uri');
          if (!isOpen(uri)) return ignore(`a didSave of ${uri}, which is not open`);
          handler(p);
        }),
      ),
    // Not announced (no willSave in the capabilities): the library's handlers, which only fire events nobody listens to.
    onWillSaveTextDocument: (handler) => connection.onWillSaveTextDocument(guardNotification(connection, 'willSave', handler)),
    onWillSaveTextDocumentWaitUntil: (handler) => connection.onWillSaveTextDocumentWaitUntil(handler),
  };
}
