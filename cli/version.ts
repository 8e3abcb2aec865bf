// The CLI's version: package.json's `version`, bundled into dist/cli.js by esbuild (a literal require
// of a JSON file is inlined). The try keeps `tsc` output (out/cli) loadable where the path differs.
export const TOOL_NAME = 'board-scenario';
export const INFORMATION_URI = 'https://github.com/board-scenario/board-scenario';

function readVersion(): string {
  try {
    const pkg = require('../package.json') as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

export const VERSION = readVersion();
