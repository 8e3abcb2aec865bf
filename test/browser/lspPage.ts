// The page side of test/browser/worker.test.ts, bundled by the test with esbuild for Chromium: a
// real JSON-RPC client (vscode-languageserver-protocol's browser connection, the library
// vscode-languageclient/browser uses) over the Web Worker that runs dist/browser/server.js. It
// answers the requests VS Code answers (workspace/configuration, registrations) and the server's
// file requests (boardScenario/readFile, stat, readDirectory), which it forwards to the test's HTTP
// server: that is the page's file system, as `vscode.workspace.fs` is the web extension's. The
// test drives it through `window.lsp`.
import { BrowserMessageReader, BrowserMessageWriter, createProtocolConnection } from 'vscode-languageserver-protocol/browser';

declare const Worker: new (url: string) => object;
declare const window: Record<string, unknown>;
declare const document: { body: { append(node: unknown): void }; createElement(tag: string): { textContent: string; style: Record<string, string> } };

/** What the page shows (the screenshot): each request and the start of its answer. */
function show(line: string): void {
  const p = document.createElement('pre');
  p.style.margin = '0';
  p.style.font = '12px monospace';
  p.textContent = line.length > 300 ? line.slice(0, 300) + '…' : line;
  document.body.append(p);
}

interface Lsp {
  request(method: string, params: unknown): Promise<unknown>;
  notify(method: string, params: unknown): Promise<void>;
  /** window/logMessage notifications, in order. */
  logs: { type: number; message: string }[];
  /** textDocument/publishDiagnostics notifications, in order. */
  published: unknown[];
  /** Every file request the server made, as `method uri`. */
  fileRequests: string[];
  settings: unknown;
}

function start(serverUrl: string): Lsp {
  const worker = new Worker(serverUrl);
  const connection = createProtocolConnection(new BrowserMessageReader(worker as never), new BrowserMessageWriter(worker as never));
  const lsp: Lsp = {
    request: async (method, params) => {
      const result = await connection.sendRequest(method, params);
      show(`→ ${method}\n← ${JSON.stringify(result)}`);
      return result;
    },
    notify: (method, params) => connection.sendNotification(method, params),
    logs: [],
    published: [],
    fileRequests: [],
    settings: {},
  };
  connection.onRequest('workspace/configuration', (p: { items: { section?: string }[] }) => p.items.map((i) => (i.section === 'boardScenario' ? lsp.settings : null)));
  connection.onRequest('client/registerCapability', () => null);
  connection.onRequest('client/unregisterCapability', () => null);
  connection.onRequest('workspace/diagnostic/refresh', () => null);
  connection.onRequest('workspace/inlayHint/refresh', () => null);
  connection.onRequest('workspace/semanticTokens/refresh', () => null);
  connection.onRequest('workspace/codeLens/refresh', () => null);
  for (const method of ['boardScenario/readFile', 'boardScenario/stat', 'boardScenario/readDirectory']) {
    connection.onRequest(method, async (params: { uri: string }) => {
      lsp.fileRequests.push(`${method} ${params.uri}`);
      const response = await fetch('/files', { method: 'POST', body: JSON.stringify({ method, params }) });
      return response.json();
    });
  }
  connection.onNotification('window/logMessage', (p: { type: number; message: string }) => void lsp.logs.push(p));
  connection.onNotification('textDocument/publishDiagnostics', (p: unknown) => void lsp.published.push(p));
  connection.listen();
  return lsp;
}

window.startLsp = (serverUrl: string) => {
  window.lsp = start(serverUrl);
};
