// Shared by the extension-test launcher (code-server-launcher.js) and the UI tests (test/e2e/ui):
// start code-server (installed by install.sh into .e2e-cache/) on a free loopback port, drive its
// workbench with Debian's Chromium through playwright-core, and stop both. Plain CommonJS so the
// launcher runs without a build; types in code-server.d.ts.
'use strict';

const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
const CACHE = process.env.BOARD_E2E_CACHE || path.join(ROOT, '.e2e-cache');
const CHROMIUM = process.env.BOARD_E2E_CHROMIUM || '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** User settings every e2e run starts from. Callers add or override entries. */
const BASE_SETTINGS = {
  'security.workspace.trust.enabled': false,
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'telemetry.telemetryLevel': 'off',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'update.mode': 'none',
  'git.enabled': false,
  'chat.disableAIFeatures': true,
  // code-server is VS Code's web build, where a changed file saves itself a second after the last
  // edit by default: the tests decide when a file is saved (an unsaved edit is what some check).
  'files.autoSave': 'off',
};

/** The code-server entry script installed by scripts/e2e/install.sh. */
function codeServerEntry() {
  const entry = process.env.BOARD_E2E_CODE_SERVER || path.join(CACHE, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
  if (!fs.existsSync(entry)) {
    throw new Error(`code-server is not installed (${entry} is missing). Run: bash scripts/e2e/install.sh`);
  }
  return entry;
}

/** Writes DIR/User/settings.json: BASE_SETTINGS, then `settings`. */
function writeUserSettings(userDataDir, settings = {}) {
  const file = path.join(userDataDir, 'User', 'settings.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ ...BASE_SETTINGS, ...settings }, null, 2) + '\n');
  return file;
}

/**
 * The environment code-server runs in: ours, without what would change where it listens or what
 * it reads (PORT overrides --bind-addr; a VS Code terminal's VSCODE_* variables confuse it).
 */
function serverEnv(extra = {}) {
  const env = { ...process.env, ...extra };
  for (const key of Object.keys(env)) {
    if (key === 'PORT' || key === 'PASSWORD' || key === 'HASHED_PASSWORD' || key === 'CODE_SERVER_CONFIG') delete env[key];
    else if (/^VSCODE_(IPC_HOOK|GIT_|NLS_|AMD_|CWD|PID|HANDLES|CRASH|CODE_CACHE|INJECT)/.test(key)) delete env[key];
    else if (key === 'ELECTRON_RUN_AS_NODE' || key === 'NODE_OPTIONS') delete env[key];
  }
  return env;
}

/** Runs code-server's CLI side (--install-extension, --list-extensions, ...) and waits for it. */
function runCodeServerCli(args, { userDataDir, extensionsDir, env } = {}) {
  const full = [codeServerEntry()];
  // code-server creates neither folder's parents.
  for (const [flag, dir] of [['--user-data-dir', userDataDir], ['--extensions-dir', extensionsDir]]) {
    if (!dir) continue;
    fs.mkdirSync(dir, { recursive: true });
    full.push(flag, dir);
  }
  full.push(...args);
  const r = spawnSync(process.execPath, full, { env: serverEnv(env), encoding: 'utf8', timeout: 120_000 });
  return { status: r.status ?? 1, stdout: r.stdout ?? '', stderr: r.stderr ?? (r.error ? String(r.error) : '') };
}

/** Installs a packaged extension (.vsix) into `extensionsDir`; throws with code-server's output. */
function installExtension(vsix, { userDataDir, extensionsDir }) {
  const r = runCodeServerCli(['--force', '--install-extension', path.resolve(vsix)], { userDataDir, extensionsDir });
  if (r.status !== 0 || /Failed|Error/i.test(r.stderr)) {
    throw new Error(`code-server --install-extension ${vsix} failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
  }
  return r.stdout.trim();
}

/**
 * Starts code-server on 127.0.0.1 with a port the system picks, and resolves once it listens.
 * Its output goes to `logFile`. `stop()` ends its whole process group (the extension host,
 * the pty host and the file watcher are its children).
 */
function startCodeServer({ userDataDir, extensionsDir, logFile, env, extraArgs = [], timeoutMs = 60_000, folder }) {
  fs.mkdirSync(userDataDir, { recursive: true });
  fs.mkdirSync(extensionsDir, { recursive: true });
  const configFile = path.join(userDataDir, 'code-server.yaml');
  // Our own config file, so code-server neither reads nor writes ~/.config/code-server/config.yaml.
  fs.writeFileSync(configFile, 'bind-addr: 127.0.0.1:0\nauth: none\ncert: false\n');
  const args = [
    codeServerEntry(),
    '--config', configFile,
    '--auth', 'none',
    '--bind-addr', '127.0.0.1:0',
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-getting-started-override',
    '--ignore-last-opened',
    '--user-data-dir', userDataDir,
    '--extensions-dir', extensionsDir,
    ...extraArgs,
  ];
  if (folder) args.push(folder);
  const log = fs.openSync(logFile ?? path.join(userDataDir, 'code-server.log'), 'a');
  const child = spawn(process.execPath, args, {
    env: serverEnv(env),
    detached: true, // its own process group, so stop() reaches the children it forks
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  trackGroup(child.pid);
  let output = '';
  let stopped = false;
  const stop = () =>
    new Promise((resolve) => {
      if (stopped || child.exitCode !== null || child.signalCode !== null) {
        stopped = true;
        killGroup(child.pid, 'SIGKILL'); // leftovers of the group, if any
        liveGroups.delete(child.pid);
        return resolve();
      }
      stopped = true;
      const force = setTimeout(() => killGroup(child.pid, 'SIGKILL'), 5_000);
      child.once('exit', () => {
        clearTimeout(force);
        killGroup(child.pid, 'SIGKILL');
        liveGroups.delete(child.pid);
        resolve();
      });
      killGroup(child.pid, 'SIGTERM');
    });
  return new Promise((resolve, reject) => {
    let resolved = false;
    const timer = setTimeout(() => fail(new Error(`code-server did not start listening within ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const fail = (error) => {
      clearTimeout(timer);
      void stop().then(() => reject(error));
    };
    const onData = (chunk) => {
      fs.writeSync(log, chunk);
      if (output.length < 200_000) output += chunk.toString();
      const m = /HTTP server listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (m && !resolved) {
        resolved = true;
        clearTimeout(timer);
        const port = Number(m[1]);
        resolve({ port, origin: `http://127.0.0.1:${port}`, pid: child.pid, process: child, stop, output: () => output });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', fail);
    child.on('close', () => fs.closeSync(log));
    child.on('exit', (code, signal) => {
      if (!resolved) fail(new Error(`code-server exited (${code ?? signal}) before listening:\n${output}`));
    });
  });
}

// Process groups of the code-servers not stopped yet: if this process ends without stopping them
// (an uncaught error, Ctrl+C, a kill by a CI timeout), they are killed on the way out.
const liveGroups = new Set();
let exitHooked = false;
function trackGroup(pid) {
  liveGroups.add(pid);
  if (exitHooked) return;
  exitHooked = true;
  process.on('exit', () => {
    for (const group of liveGroups) killGroup(group, 'SIGKILL');
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.once(signal, () => {
      process.stderr.write(`\n${signal}: stopping code-server\n`);
      process.exit(130); // runs the 'exit' hook above
    });
  }
}

function killGroup(pid, signal) {
  if (!pid) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

/** Headless Debian Chromium through playwright-core (which downloads no browser of its own). */
async function launchChromium(options = {}) {
  const { chromium } = require('playwright-core');
  if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing. Run: bash scripts/e2e/install.sh`);
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, ...options });
}

/**
 * The workbench URL: `folder` (or a `.code-workspace` file) and the `payload` that the web
 * workbench reads for extension development and tests (`vscode-remote://` URIs on this server).
 */
function workbenchUrl(origin, { folder, extensionDevelopmentPaths = [], extensionTestsPath } = {}) {
  const authority = new URL(origin).host;
  const remote = (p) => `vscode-remote://${authority}${encodePath(path.resolve(p))}`;
  const params = [];
  if (folder) {
    const abs = path.resolve(folder);
    params.push(`${abs.endsWith('.code-workspace') ? 'workspace' : 'folder'}=${encodeURIComponent(abs)}`);
  }
  const payload = extensionDevelopmentPaths.map((p) => ['extensionDevelopmentPath', remote(p)]);
  if (extensionTestsPath) payload.push(['extensionTestsPath', remote(extensionTestsPath)]);
  if (payload.length > 0) params.push(`payload=${encodeURIComponent(JSON.stringify(payload))}`);
  return `${origin}/${params.length ? '?' + params.join('&') : ''}`;
}

function encodePath(p) {
  return p.split(path.sep).map(encodeURIComponent).join('/');
}

/** Polls `condition` until it returns a truthy value (returned) or `timeoutMs` passes (throws). */
async function waitFor(condition, { timeoutMs = 30_000, intervalMs = 100, message = 'condition' } = {}) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  for (;;) {
    try {
      const value = await condition();
      if (value) return value;
    } catch (e) {
      lastError = e;
    }
    if (Date.now() > deadline) {
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${message}${lastError ? `: ${lastError.message ?? lastError}` : ''}`);
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** A fresh temporary folder under the OS temp dir. */
function tempDir(prefix) {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

module.exports = {
  ROOT,
  CACHE,
  CHROMIUM,
  CHROMIUM_ARGS,
  BASE_SETTINGS,
  codeServerEntry,
  writeUserSettings,
  runCodeServerCli,
  installExtension,
  startCodeServer,
  launchChromium,
  workbenchUrl,
  waitFor,
  tempDir,
};
