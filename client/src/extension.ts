// The desktop extension (dist/extension.js): the language server is a Node process
// (dist/server.js, over node IPC), and the "check workspace" task runs the bundled CLI. Everything
// else is shared with the web extension (browser.ts): common.ts.
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type ServerOptions } from 'vscode-languageclient/node';
import { activateWith, type BoardScenarioApi } from './common';
import { CheckTaskProvider, TASK_TYPE } from './tasks';

export * from './common';

const SERVER_MODULE = 'dist/server.js';

export function activate(context: vscode.ExtensionContext): BoardScenarioApi {
  const serverModule = context.asAbsolutePath(SERVER_MODULE);
  return activateWith(context, {
    missingServer: () => (fs.existsSync(serverModule) ? undefined : serverModule),
    createClient(id, name, options) {
      const serverOptions: ServerOptions = {
        run: { module: serverModule, transport: TransportKind.ipc },
        debug: {
          module: serverModule,
          transport: TransportKind.ipc,
          options: { execArgv: ['--nolazy', '--inspect=6009'] },
        },
      };
      return new LanguageClient(id, name, serverOptions, options);
    },
    describeServer: () => `${serverModule} (node IPC)`,
    // The server caches the index of the user's card files there (server/src/cards.ts).
    storagePath: () => context.globalStorageUri.fsPath,
    nonce: () => randomBytes(16).toString('base64'),
    // "check workspace": the bundled CLI with the $board-scenario problem matcher (tasks.ts).
    activateExtras: () => [vscode.tasks.registerTaskProvider(TASK_TYPE, new CheckTaskProvider((p) => context.asAbsolutePath(p)))],
  });
}
