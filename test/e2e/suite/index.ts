// The standard entry point of VS Code extension tests (`--extensionTestsPath`): VS Code loads this
// module in the extension host and calls `run()`; the promise decides the exit code. @vscode/test-cli
// uses its own runner with the same files (see .vscode-test.mjs); this one is for `runTests` or the
// code-server launcher called directly. Runs every *.test.js beside it.
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';

export const MOCHA_OPTIONS: Mocha.MochaOptions = { ui: 'bdd', timeout: 60_000, slow: 5_000 };

export function run(): Promise<void> {
  const mocha = new Mocha({ ...MOCHA_OPTIONS, color: !!process.env.MOCHA_COLORS, reporter: 'spec' });
  const grep = process.env.BOARD_E2E_GREP;
  if (grep) mocha.grep(grep);
  for (const file of fs.readdirSync(__dirname).filter((f) => f.endsWith('.test.js')).sort()) {
    mocha.addFile(path.join(__dirname, file));
  }
  return new Promise((resolve, reject) => {
    mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} end-to-end test(s) failed.`)) : resolve()));
  });
}
