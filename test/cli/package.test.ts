// The npm package works from another folder: `npm pack` (of the bundles already built), installed
// from the tarball alone (offline: no registry), then its bins run through `npx` with no
// devDependency in reach: the command line checks and tests a scenario, the language server answers
// `initialize` over stdio.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT, assertBuilt, makeTempDir, removeTempDir } from './helpers';

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const NPX = process.platform === 'win32' ? 'npx.cmd' : 'npx';

function run(cmd: string, args: string[], cwd: string) {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' } });
  if (r.error) throw r.error;
  return r;
}

describe('npm package: installed from its tarball into another folder', function () {
  this.timeout(120_000);
  let dir: string;
  let consumer: string;
  before(() => {
    assertBuilt();
    dir = makeTempDir();
    consumer = path.join(dir, 'consumer');
    fs.mkdirSync(consumer);
  });
  after(() => removeTempDir(dir));

  it('packs the bins, the schema, the docs and the pre-commit hooks; installs offline; the bins run', async () => {
    // The bundles are built by the test script; --ignore-scripts so packing does not build again.
    const pack = run(NPM, ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], ROOT);
    assert.equal(pack.status, 0, pack.stderr);
    const [info] = JSON.parse(pack.stdout);
    const files: string[] = info.files.map((f: { path: string }) => f.path).sort();
    for (const f of ['dist/cli.js', 'dist/cli-main.js', 'dist/cli-main.cache', 'dist/server.js', 'dist/server-main.js', 'dist/server-main.cache', 'l10n/bundle.l10n.fr.json', 'l10n/bundle.l10n.it.json', 'schemas/board-scenario.schema.json', '.pre-commit-hooks.yaml', 'docs/config.md', 'package.json', 'README.md', 'LICENSE']) assert.ok(files.includes(f), `${f} is not packed: ${files.join(' ')}`);
    assert.ok(!files.some((f) => /^(core|cli|server|client|test|node_modules)\//.test(f)), `sources or tests packed: ${files.join(' ')}`);
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    assert.equal(pkg.private, undefined, 'the package can be published');
    assert.deepEqual(pkg.dependencies ?? {}, {}, 'the bundles need no runtime dependency');

    fs.writeFileSync(path.join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }));
    const install = run(NPM, ['install', '--offline', '--no-audit', '--no-fund', path.join(dir, info.filename)], consumer);
    assert.equal(install.status, 0, install.stderr);
    assert.deepEqual(fs.readdirSync(path.join(consumer, 'node_modules')).filter((n) => !n.startsWith('.')), ['board-scenario'], 'nothing else was installed');

    fs.writeFileSync(
      path.join(consumer, 'a.board'),
      'game mtg\nplayer a\ncard l "L": creature — Cat\ncard s "S": artifact — Equipment\nequip s to l\nequip s to l   #! redundant-attach\nexpect s attached to l\n',
    );
    const check = run(NPX, ['--no-install', 'board-scenario', 'check', '--no-color', 'a.board'], consumer);
    assert.equal(check.status, 0, check.stderr);
    assert.match(check.stdout, /^a\.board:6:1: warning redundant-attach .* \(expected\)$/m);
    // The installed command runs with its code cache (npm keeps it beside the bundle, whole).
    const cached = spawnSync(process.execPath, [path.join(consumer, 'node_modules', 'board-scenario', 'dist', 'cli.js'), 'check', '--no-color', 'a.board'], { cwd: consumer, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '', BOARD_SCENARIO_CODE_CACHE: 'report' } });
    assert.equal(cached.status, 0, cached.stderr);
    assert.equal(cached.stderr, 'code cache: used\n');
    const test = run(NPX, ['--no-install', 'board-scenario', 'test', '--no-color', 'a.board'], consumer);
    assert.equal(test.status, 0, test.stdout + test.stderr);
    assert.match(test.stdout, /^PASS a\.board \(2 cases\)$/m);
    // The translations are read from the package's l10n/ folder.
    const french = run(NPX, ['--no-install', 'board-scenario', 'test', '--no-color', '--lang', 'fr', 'a.board'], consumer);
    assert.equal(french.status, 0, french.stdout + french.stderr);
    assert.equal(french.stderr, '');
    assert.match(french.stdout, /^PASS a\.board \(2 cas\)$/m);

    // The language server from the package answers `initialize`.
    const server = spawn(path.join(consumer, 'node_modules', '.bin', process.platform === 'win32' ? 'board-scenario-language-server.cmd' : 'board-scenario-language-server'), ['--stdio'], { cwd: consumer });
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
    const answer = await new Promise<string>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`no answer to initialize: ${out}`)), 20_000);
      server.stdout.on('data', (d: Buffer) => {
        out += d.toString('utf8');
        if (/"id":1/.test(out) && /\}\s*$/.test(out)) {
          clearTimeout(timer);
          resolve(out);
        }
      });
      server.on('error', reject);
      server.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    });
    server.kill();
    assert.match(answer, /^Content-Length: \d+\r\n\r\n/);
    assert.match(answer, /"capabilities"/);
  });
});
