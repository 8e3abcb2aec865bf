// Packs the VS Code extension (board-scenario.vsix) with vsce. `.vscodeignore` says what goes into
// the .vsix; package.json's `files` says what goes into the npm package. vsce refuses a project that
// has both, so the .vsix is packed from a staging copy of the project whose package.json has no
// `files` (nothing else differs; node_modules is not copied: vsce runs with --no-dependencies).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';

const root = resolve(import.meta.dirname, '..');
const out = join(root, 'board-scenario.vsix');
const SKIP = new Set(['node_modules', '.git', 'out', 'test-output', '.e2e-cache', '.vscode-test', basename(out)]);
const stage = mkdtempSync(join(tmpdir(), 'board-scenario-vsix-'));
try {
  cpSync(root, stage, { recursive: true, filter: (src) => src === root || !SKIP.has(src.slice(root.length + 1).split(/[\\/]/)[0]) });
  const manifest = JSON.parse(readFileSync(join(stage, 'package.json'), 'utf8'));
  delete manifest.files;
  writeFileSync(join(stage, 'package.json'), JSON.stringify(manifest, null, 2) + '\n');
  execFileSync(process.execPath, [join(root, 'node_modules', '@vscode', 'vsce', 'vsce'), 'package', '--no-dependencies', '-o', out], { cwd: stage, stdio: 'inherit' });
} finally {
  rmSync(stage, { recursive: true, force: true });
}
