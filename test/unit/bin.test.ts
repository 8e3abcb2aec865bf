// The README's first command, `npm ci && npx board-scenario check examples`, runs the package's own
// `bin` file in place (npm links no bin for the root package): each must be an executable file
// with a `#!/usr/bin/env node` line (scripts/build.mjs writes them so).
import * as assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..');

describe('the package commands', () => {
  const bin = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).bin as Record<string, string>;
  for (const [name, file] of Object.entries(bin)) {
    it(`${name} (${file}) is an executable node script`, function () {
      if (process.platform === 'win32') this.skip();
      const path = join(root, file);
      assert.ok(statSync(path).mode & 0o111, `${file} is not executable`);
      assert.match(readFileSync(path, 'utf8').slice(0, 40), /^#!\/usr\/bin\/env node\n/);
    });
  }
});
