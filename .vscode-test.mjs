// @vscode/test-cli configuration: `npx vscode-test` runs the extension tests (test/e2e/suite,
// compiled to out/) inside VS Code's extension host.
//
// With internet, test-electron downloads a desktop VS Code (the default below). On the offline
// machines of this project, BOARD_E2E_LOCAL=1 points `useInstallation` at a launcher that runs the
// same tests in code-server's extension host instead (scripts/e2e/code-server-launcher.js;
// `bash scripts/e2e/install.sh` installs code-server first). Nothing else changes.
import { defineConfig } from '@vscode/test-cli';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));
const local = process.env.BOARD_E2E_LOCAL === '1';

// The folder VS Code opens: the tests write their scenarios into it. Emptied for each run
// (.vscode-test/ is git-ignored), with a copy of the examples for a person who watches.
const workspaceFolder = join(root, '.vscode-test', 'workspace');
rmSync(workspaceFolder, { recursive: true, force: true });
mkdirSync(workspaceFolder, { recursive: true });
cpSync(join(root, 'examples'), join(workspaceFolder, 'examples'), { recursive: true });

export default defineConfig({
  label: 'e2e',
  files: 'out/test/e2e/suite/**/*.test.js',
  workspaceFolder,
  version: '1.100.3', // the VS Code that code-server 4.100.3 bundles; engines.vscode is ^1.100.0
  launchArgs: ['--disable-extensions'],
  mocha: { ui: 'bdd', timeout: 60_000, slow: 5_000 },
  ...(local ? { useInstallation: { fromPath: join(root, 'scripts', 'e2e', 'code-server-launcher.js') } } : {}),
});
