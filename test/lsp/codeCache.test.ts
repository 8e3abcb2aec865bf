// The server's code cache (io/launch.ts): dist/server.js runs dist/server-main.js with V8's cache of
// it, dist/server-main.cache, made by the build driving the server over the examples. Every other
// LSP test runs the server so; here, BOARD_SCENARIO_CODE_CACHE=report shows that it was used, and a
// server without it (off, or with a damaged cache) answers the same.
import * as assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { TestClient } from './client';

const DIST = resolve(__dirname, '..', '..', '..', 'dist');
const ILLEGAL = 'game mtg\nplayer alice\ncard lion "Silvercoat Lion": creature — Cat\ncard splitter "Bonesplitter": artifact — Equipment\ncard ring "Sol Ring": artifact\nequip splitter to ring\n';

describe('LSP: the server code cache', () => {
  const answers = async (env: Record<string, string>, server?: string) => {
    const client = await TestClient.start({ env: { NODE_OPTIONS: '', ...env }, server });
    try {
      const uri = 'file:///cache/illegal.board';
      await client.open(uri, ILLEGAL);
      const published = await client.waitForDiagnostics(uri);
      return { stderr: client.stderr, diagnostics: published.diagnostics.map((d) => `${d.range.start.line}:${d.code} ${d.message}`) };
    } finally {
      await client.shutdown();
    }
  };

  it('the built server runs with its cache and publishes what it publishes without', async () => {
    const used = await answers({ BOARD_SCENARIO_CODE_CACHE: 'report' });
    assert.equal(used.stderr.split('\n')[0], 'code cache: used');
    const off = await answers({ BOARD_SCENARIO_CODE_CACHE: 'off' });
    assert.deepEqual(used.diagnostics, off.diagnostics);
    assert.equal(used.diagnostics.length, 1);
    assert.match(used.diagnostics[0], /^5:illegal-attachment /);
  });

  it('the server without its bundle ends at once with one line on stderr, exit 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'board-server-lone-'));
    try {
      copyFileSync(join(DIST, 'server.js'), join(dir, 'server.js'));
      await assert.rejects(TestClient.start({ server: join(dir, 'server.js') }), (e: Error) => {
        assert.equal(e.message, `The server exited (code 2) before answering initialize. Server stderr: board-scenario: cannot read ${join(dir, 'server-main.js')} (ENOENT), which ${join(dir, 'server.js')} runs: reinstall the package\n`);
        return true;
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a damaged cache is not used, and the server answers the same', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'board-server-cache-'));
    try {
      for (const f of ['server.js', 'server-main.js', 'server-main.cache', 'cardWorker.js']) copyFileSync(join(DIST, f), join(dir, f));
      const cache = readFileSync(join(dir, 'server-main.cache'));
      cache[cache.length - 100] ^= 0x10;
      writeFileSync(join(dir, 'server-main.cache'), cache);
      const damaged = await answers({ BOARD_SCENARIO_CODE_CACHE: 'report' }, join(dir, 'server.js'));
      assert.equal(damaged.stderr.split('\n')[0], 'code cache: not used: damaged (its CRC-32 does not match)');
      assert.deepEqual(damaged.diagnostics, (await answers({ BOARD_SCENARIO_CODE_CACHE: 'off' })).diagnostics);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
