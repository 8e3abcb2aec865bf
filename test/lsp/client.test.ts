// The test client itself: a server that ends in the middle of a message leaves nothing running in
// the test process (vscode-jsonrpc's reader re-arms a timer every 10 s for as long as a message
// stays cut, and disposing the connection does not clear it: the client turns that timer off).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

describe('the LSP test client', () => {
  it('a server that exits in the middle of a message: the start fails, and the process that started it can exit', function () {
    this.timeout(60_000);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'board-client-'));
    try {
      const server = path.join(dir, 'cut-server.js');
      // A header announcing 500 bytes, 16 of them, and the end.
      fs.writeFileSync(server, `process.stdout.write('Content-Length: 500\\r\\n\\r\\n{"jsonrpc":"2.0",', () => process.exit(3));\n`);
      const starter = path.join(dir, 'start.js');
      fs.writeFileSync(
        starter,
        `const { TestClient } = require(${JSON.stringify(path.join(__dirname, 'client.js'))});\n` +
          `TestClient.start({ server: ${JSON.stringify(server)} }).then(() => { console.log('started'); process.exitCode = 1; }, (e) => console.log('failed: ' + e.message.split('\\n')[0]));\n`,
      );
      // Alive 30 s after the start failed is alive for good (the timer comes back every 10 s).
      const run = spawnSync(process.execPath, [starter], { encoding: 'utf8', timeout: 30_000 });
      assert.equal(run.signal, null, `still running after 30 s: ${run.stdout}${run.stderr}`);
      assert.equal(run.status, 0, run.stdout + run.stderr);
      assert.match(run.stdout, /^failed: The server exited \(code 3\) before answering initialize/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
