// The web extension (dist/browser/extension.js, package.json `browser`), for vscode.dev, github.dev
// and any workbench whose extensions run in a web worker: the language server runs in a Web Worker
// (dist/browser/server.js, server/src/browser.ts) and reads files through this client
// (webFiles.ts). Everything else is the desktop extension's (common.ts). Left out here, as they
// need a process: the "check workspace" task (the bundled CLI) and the card index cache.
import * as vscode from 'vscode';
import { LanguageClient } from 'vscode-languageclient/browser';
import { activateWith, type BoardScenarioApi } from './common';
import { answerFileRequests } from './webFiles';

export * from './common';

const SERVER_SCRIPT = 'dist/browser/server.js';

// The web extension host's globals (the project compiles without the DOM library).
declare const Worker: new (url: string, options?: { name?: string }) => { terminate(): void };
declare const Blob: new (parts: string[], options: { type: string }) => object;
declare const URL: { createObjectURL(blob: object): string };

/**
 * The URL a Worker can start from. vscode.dev serves extensions over https:, which a Worker takes
 * as it is; a workbench that serves them from its server (code-server, VS Code Server) names them
 * `vscode-remote:`, which the web extension host refuses for a Worker ("Creating workers from
 * remote extensions is currently not supported", microsoft/vscode#168942) but resolves for fetch:
 * the script is fetched and started from a blob: URL.
 */
async function workerUrl(script: vscode.Uri): Promise<string> {
  if (script.scheme === 'http' || script.scheme === 'https') return script.toString(true);
  const response = await fetch(script.toString(true));
  if (!response.ok) throw new Error(`could not load the language server ${script.toString(true)}: HTTP ${response.status}`);
  return URL.createObjectURL(new Blob([await response.text()], { type: 'text/javascript' }));
}

export function activate(context: vscode.ExtensionContext): BoardScenarioApi {
  const script = vscode.Uri.joinPath(context.extensionUri, SERVER_SCRIPT);
  return activateWith(context, {
    missingServer: () => undefined,
    async createClient(id, name, options) {
      const worker = new Worker(await workerUrl(script), { name: 'board-scenario-language-server' });
      // vscode-languageclient/browser takes the worker itself: its messages are the JSON-RPC stream.
      const client = new LanguageClient(id, name, options, worker as never);
      context.subscriptions.push(...answerFileRequests(client));
      return client;
    },
    describeServer: () => `${script.toString(true)} (web worker)`,
    storagePath: () => undefined,
    nonce: () => {
      const bytes = new Uint8Array(16);
      globalThis.crypto.getRandomValues(bytes);
      return btoa(String.fromCharCode(...bytes));
    },
  });
}
