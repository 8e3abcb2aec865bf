#!/usr/bin/env node
// Stands in for the VS Code executable that @vscode/test-electron launches (`useInstallation:
// { fromPath: <this file> }` in .vscode-test.mjs, or `vscodeExecutablePath` for runTests): it takes
// the same command line, runs the extension tests in code-server's Node extension host, and exits
// with their result. code-server cannot take --extensionDevelopmentPath itself; its web workbench
// reads the same information from the `payload` URL parameter, so a headless Chromium opens it.
//
//   code-server-launcher.js --extensionDevelopmentPath=DIR --extensionTestsPath=FILE
//       [--user-data-dir=DIR] [--extensions-dir=DIR] [FOLDER] [any other VS Code flag, ignored]
//
// The tests' environment (VSCODE_TEST_OPTIONS from @vscode/test-cli, ...) is ours: code-server's
// extension host inherits it. Also: --install-extension/--uninstall-extension/--list-extensions
// are run by code-server's CLI. BOARD_E2E_TIMEOUT_MS (default 600000) bounds the whole run;
// BOARD_E2E_VERBOSE=1 also forwards the workbench's own console messages, not only the tests'.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const util = require('node:util');
const cs = require('./code-server.js');

const VALUE_FLAGS = new Set([
  'extensionDevelopmentPath',
  'extensionTestsPath',
  'user-data-dir',
  'extensions-dir',
  'install-extension',
  'uninstall-extension',
  'locale',
  'log',
  'crash-reporter-directory',
  'crash-reporter-id',
  'inspect-extensions',
  'inspect-brk-extensions',
  'profile',
]);
const CLI_ONLY = ['install-extension', 'uninstall-extension', 'list-extensions', 'show-versions'];

function parseArgs(argv) {
  const flags = new Map(); // name -> values
  const positionals = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    const m = /^--?([^=]+)(?:=(.*))?$/s.exec(arg);
    if (!m) {
      positionals.push(arg);
      continue;
    }
    const name = m[1];
    let value = m[2];
    if (value === undefined && VALUE_FLAGS.has(name) && i + 1 < argv.length && !argv[i + 1].startsWith('--')) value = argv[++i];
    if (!flags.has(name)) flags.set(name, []);
    flags.get(name).push(value ?? true);
  }
  return { flags, positionals };
}

function one(flags, name) {
  const v = flags.get(name);
  return v && typeof v[v.length - 1] === 'string' ? v[v.length - 1] : undefined;
}

/** Workbench console messages that say nothing about the tests (shown with BOARD_E2E_VERBOSE=1). */
const NOISE = [
  /^Failed to load resource/,
  /Creating a socket|Resolving connection token|Resolved connection token/,
  /Creation of workbench contribution/,
  /open-vsx\.org|ENOTFOUND|ERR_NAME_NOT_RESOLVED/,
  /\[Service Worker\]|same-origin iframe|allow-scripts and allow-same-origin/,
  /^Overwriting extension/,
  /ChatSessionStore|additional builtin extensions cache/,
];

/**
 * One console message of the workbench as a line. The log service writes `%c INFO`, a CSS style,
 * then the logged arguments; the extension host's console (where mocha reports, printf style)
 * comes through it too, so the arguments are formatted again with util.format.
 */
async function consoleLine(msg) {
  let args;
  try {
    args = await Promise.all(msg.args().map((a) => a.jsonValue()));
  } catch {
    args = undefined; // the page went away; fall back to the text
  }
  let level = msg.type() === 'log' ? 'INFO' : msg.type().toUpperCase();
  if (!args || args.length === 0) return { level, text: msg.text() };
  const m = typeof args[0] === 'string' ? /^%c\s*(TRACE|DEBUG|INFO|WARN|ERR)\s*$/.exec(args[0]) : null;
  if (m) {
    level = m[1];
    args = args.slice(2);
  }
  return { level, text: util.format(...args) };
}

async function main() {
  const { flags, positionals } = parseArgs(process.argv.slice(2));
  const given = one(flags, 'user-data-dir');
  const userDataDir = path.resolve(given ?? cs.tempDir('board-e2e-user-'));
  // A temporary one goes at the end, however the launcher ends (code-server.js exits on signals).
  if (!given) process.on('exit', () => fs.rmSync(userDataDir, { recursive: true, force: true }));
  const extensionsDir = path.resolve(one(flags, 'extensions-dir') ?? path.join(userDataDir, 'extensions'));

  const cliArgs = [];
  for (const name of CLI_ONLY) {
    for (const value of flags.get(name) ?? []) cliArgs.push(`--${name}`, ...(value === true ? [] : [value]));
  }
  if (cliArgs.length > 0) {
    if (flags.has('force')) cliArgs.push('--force');
    const r = cs.runCodeServerCli(cliArgs, { userDataDir, extensionsDir });
    process.stdout.write(r.stdout);
    process.stderr.write(r.stderr);
    return r.status;
  }

  const developmentPaths = (flags.get('extensionDevelopmentPath') ?? []).filter((v) => typeof v === 'string').map((p) => path.resolve(p));
  const testsPath = one(flags, 'extensionTestsPath');
  if (!testsPath || developmentPaths.length === 0) {
    process.stderr.write('code-server-launcher: needs --extensionDevelopmentPath=DIR and --extensionTestsPath=FILE\n');
    return 2;
  }
  const folder = positionals.map((p) => path.resolve(p)).find((p) => fs.existsSync(p));
  const timeoutMs = Number(process.env.BOARD_E2E_TIMEOUT_MS || 600_000);
  const verbose = !!process.env.BOARD_E2E_VERBOSE;
  const started = Date.now();
  const say = (m) => process.stdout.write(`[launcher ${((Date.now() - started) / 1000).toFixed(1)}s] ${m}\n`);

  cs.writeUserSettings(userDataDir, readJsonIf(process.env.BOARD_E2E_SETTINGS));
  const logFile = path.join(userDataDir, 'code-server.log');
  fs.rmSync(logFile, { force: true });
  const server = await cs.startCodeServer({ userDataDir, extensionsDir, logFile });
  say(`code-server ${server.origin} (pid ${server.pid}, log ${logFile})`);

  let browser;
  const cleanup = async () => {
    await browser?.close().catch(() => {});
    await server.stop();
  };

  try {
    let finish;
    const finished = new Promise((resolve) => (finish = resolve));
    server.process.once('exit', (code, signal) => finish({ code: 1, why: `code-server exited (${code ?? signal})` }));
    const timer = setTimeout(() => finish({ code: 1, why: `timed out after ${timeoutMs} ms` }), timeoutMs);

    browser = await cs.launchChromium();
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.exposeFunction('codeAutomationExit', (code) => finish({ code: Number(code) || 0, why: 'the tests finished' }));
    // Formatting a message reads its arguments from the page (async): a chain keeps the order.
    let lastConsole = Date.now();
    let printed = Promise.resolve();
    page.on('console', (msg) => {
      lastConsole = Date.now();
      const line = consoleLine(msg);
      printed = printed.then(async () => {
        const { text, level } = await line;
        if (!verbose && NOISE.some((re) => re.test(text))) return;
        process.stdout.write(level === 'INFO' ? `${text}\n` : `[${level.toLowerCase()}] ${text}\n`);
      });
    });
    page.on('pageerror', (e) => process.stdout.write(`[browser pageerror] ${e.message}\n`));
    page.on('crash', () => finish({ code: 1, why: 'the page crashed' }));

    const url = cs.workbenchUrl(server.origin, { folder, extensionDevelopmentPaths: developmentPaths, extensionTestsPath: path.resolve(testsPath) });
    say(`open ${url}`);
    await page.goto(url);
    const { code, why } = await finished;
    clearTimeout(timer);
    // The last lines of the report may still be on their way: wait until the console is quiet.
    await cs.waitFor(() => Date.now() - lastConsole > 300, { timeoutMs: 3_000, intervalMs: 50 }).catch(() => {});
    await printed;
    say(`${why}: exit code ${code}`);
    if (code !== 0 && why !== 'the tests finished') process.stdout.write(tail(server.output(), 4000));
    return code;
  } finally {
    await cleanup();
  }
}

function readJsonIf(file) {
  return file ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
}

function tail(text, n) {
  return text.length > n ? '...' + text.slice(-n) : text;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`code-server-launcher: ${error?.stack ?? error}\n`);
    process.exit(1);
  },
);
