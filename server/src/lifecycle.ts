// The LSP lifecycle, enforced before any handler runs (a vscode-jsonrpc MessageStrategy sees every
// message in the order the connection handles them):
//  - before `initialize`, a request is answered ServerNotInitialized (-32002) and a notification is
//    dropped, except `exit`;
//  - a second `initialize` is answered InvalidRequest, and the server goes on as initialized;
//  - after `shutdown`, a request (another `shutdown` too) is answered InvalidRequest and a
//    notification other than `exit` is dropped;
//  - `exit` ends the process: code 0 after `shutdown`, 1 without (vscode-languageserver does that).
// Params that are not JSON-RPC's structured value (an object or an array: `null`, a number, a
// string) are InvalidParams for every request, before vscode-languageserver's own wrappers read
// them (they throw on `null`, which became InternalError with a JavaScript message); `initialize`
// needs an object with `capabilities`.
import { inbox } from './inbox';
import { ErrorCodes, Message, type MessageStrategy, type NotificationMessage, type RequestMessage, type ResponseMessage } from 'vscode-languageserver';

export type LifecycleState = 'awaiting-initialize' | 'initialized' | 'shut-down';

const INITIALIZE = 'initialize';
const SHUTDOWN = 'shutdown';
const EXIT = 'exit';

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** What is wrong with a request that can't be handled in the present state; undefined when it can. */
function refusal(state: LifecycleState, request: RequestMessage): { code: number; message: string } | undefined {
  const { method, params } = request;
  if (state === 'awaiting-initialize' && method !== INITIALIZE) {
    return { code: ErrorCodes.ServerNotInitialized, message: `${method}: the server is not initialized yet (send initialize first).` };
  }
  if (state === 'initialized' && method === INITIALIZE) {
    return { code: ErrorCodes.InvalidRequest, message: 'initialize: the server is already initialized (initialize is sent once).' };
  }
  if (state === 'shut-down') {
    return { code: ErrorCodes.InvalidRequest, message: `${method}: the server is shut down; only the exit notification is expected now.` };
  }
  if (params !== undefined && (typeof params !== 'object' || params === null)) {
    return { code: ErrorCodes.InvalidParams, message: `${method}: params must be an object or an array, not ${JSON.stringify(params).slice(0, 40)}.` };
  }
  if (method === INITIALIZE && !(isObject(params) && isObject(params.capabilities))) {
    return { code: ErrorCodes.InvalidParams, message: 'initialize: params { capabilities } (an object) is required.' };
  }
  return undefined;
}

export class Lifecycle implements MessageStrategy {
  private current: LifecycleState = 'awaiting-initialize';

  /**
   * @param respond writes a response to the client (the connection's own writer)
   * @param ignored told of each notification dropped, with why
   */
  constructor(
    private readonly respond: (response: ResponseMessage) => void,
    private readonly ignored: (why: string) => void,
  ) {}

  get state(): LifecycleState {
    return this.current;
  }

  /** True once a `shutdown` was accepted: `exit` (or the client going away) then ends with code 0. */
  get shutDown(): boolean {
    return this.current === 'shut-down';
  }

  handleMessage(message: Message, next: (message: Message) => void): void {
    inbox.handled++;
    if (Message.isRequest(message)) {
      const wrong = refusal(this.current, message);
      if (wrong) {
        this.respond({ jsonrpc: '2.0', id: message.id, error: wrong });
        return;
      }
      if (message.method === INITIALIZE) this.current = 'initialized';
      else if (message.method === SHUTDOWN) this.current = 'shut-down';
    } else if (Message.isNotification(message) && message.method !== EXIT) {
      const why = this.dropped(message);
      if (why) {
        this.ignored(why);
        return;
      }
    }
    next(message);
  }

  private dropped(notification: NotificationMessage): string | undefined {
    if (this.current === 'awaiting-initialize') return `Ignored the notification ${notification.method}: it came before initialize.`;
    if (this.current === 'shut-down') return `Ignored the notification ${notification.method}: it came after shutdown.`;
    return undefined;
  }
}

