// The server never dies of a handler bug: every request and notification handler runs inside a
// guard that logs the exception and answers with an empty result. Deliberate protocol errors
// (ResponseError, e.g. a rejected rename) pass through to the client.
import { ResponseError, type CancellationToken, type Connection } from 'vscode-languageserver';

export type Guarded<P, R> = (params: P, token: CancellationToken) => Promise<R>;

export function guard<P, R>(connection: Connection, name: string, fallback: R, handler: (params: P, token: CancellationToken) => R | Promise<R>): Guarded<P, R> {
  return async (params, token) => {
    try {
      if (token?.isCancellationRequested) return fallback;
      return await handler(params, token);
    } catch (e) {
      if (e instanceof ResponseError) throw e;
      connection.console.error(`${name} failed: ${(e as Error)?.stack ?? String(e)}`);
      return fallback;
    }
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
