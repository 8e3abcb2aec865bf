// The standalone language server under another real client: Debian's Neovim, headless, with
// test/e2e/nvim/init.lua (starts `node dist/server.js --stdio` for *.board, opens the files, waits
// for the published diagnostics and prints what vim.diagnostic holds as JSON).
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { includeOptions } from '../../cli/includes';
import { check, commentsOf, judgeExpectations, EXPECTATION_CODES, type Finding } from '../../core';
import { EXAMPLES_DIR, FIXTURES_DIR, listBoards, readText } from '../support/fixtures';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const INIT = path.join(ROOT, 'test', 'e2e', 'nvim', 'init.lua');
const SERVER = path.join(ROOT, 'dist', 'server.js');
const NVIM = process.env.BOARD_E2E_NVIM ?? 'nvim';

interface NvimDiagnostic {
  line: number;
  col: number;
  end_line: number;
  end_col: number;
  severity: number;
  source: string;
  code: string;
  message: string;
  rules: string[];
}
interface NvimFile {
  file: string;
  published: boolean;
  diagnostics: NvimDiagnostic[];
}

/** Runs Neovim on the files (paths relative to the project) and returns what it printed, by file. */
function neovim(files: string[]): Map<string, NvimDiagnostic[]> {
  const r = spawnSync(NVIM, ['--headless', '-n', '-i', 'NONE', '-u', INIT, ...files], {
    cwd: ROOT,
    env: { ...process.env, BOARD_SERVER: SERVER, BOARD_NODE: process.execPath },
    encoding: 'utf8',
    timeout: 120_000,
  });
  assert.equal(r.error, undefined, `${NVIM} did not run: ${r.error}`);
  const line = r.stdout.split('\n').find((l) => l.startsWith('{'));
  assert.ok(line, `no JSON from Neovim (exit ${r.status}):\n${r.stdout}\n${r.stderr}`);
  const out = JSON.parse(line) as { files?: NvimFile[]; error?: string };
  assert.equal(out.error, undefined);
  assert.equal(r.status, 0, `Neovim exited with ${r.status}: ${line.slice(0, 2000)}`);
  const byFile = new Map<string, NvimDiagnostic[]>();
  for (const f of out.files ?? []) {
    assert.ok(f.published, `no diagnostics were published for ${f.file}`);
    byFile.set(f.file, f.diagnostics);
  }
  return byFile;
}

const rel = (p: string) => path.relative(ROOT, p);
const shown = (d: { line: number; code: string; rules: string[] }) => `line ${d.line + 1}: ${d.code} [${d.rules.join(', ')}]`;

describe('Neovim with the standalone server', function () {
  this.timeout(180_000);
  let byFile: Map<string, NvimDiagnostic[]>;
  // Fixtures checked with a rules file or card data (editor settings) are left out: Neovim runs with
  // defaults. (The card fixtures are checked through the server in test/lsp/cards.test.ts and code-server.)
  const fixtures = listBoards(FIXTURES_DIR).filter((f) => !readText(f).includes('#! with-rules-file') && !readText(f).includes('#! with-cards'));
  const examples = listBoards(EXAMPLES_DIR);

  before(function () {
    if (spawnSync(NVIM, ['--version']).status !== 0) throw new Error(`${NVIM} is not installed: run bash scripts/e2e/install.sh`);
    assert.ok(fs.existsSync(SERVER), `${SERVER} is missing: run npm run build`);
    byFile = neovim([...fixtures, ...examples].map(rel));
    assert.equal(byFile.size, fixtures.length + examples.length, 'Neovim reported on every file');
  });

  it('shows an illegal attach with its code, severity and rule numbers; the example expects it, so it is information that says so', () => {
    const ds = byFile.get('examples/equip-an-opponents-creature.board');
    assert.ok(ds);
    assert.deepEqual(
      ds.map((d) => ({ line: d.line, col: d.col, code: d.code, severity: d.severity, source: d.source, rules: d.rules })),
      [{ line: 12, col: 0, code: 'illegal-attachment', severity: 3, source: 'board-scenario', rules: ['702.6a', '602.2b', '601.2c', '301.5b'] }],
    );
    assert.match(ds[0].message, /^\[702\.6a, 602\.2b, 601\.2c, 301\.5b\] .* \(expected: #! illegal-attachment\)$/);
  });

  it('shows missing unattaches (MTG and Riftbound) and redundant attaches with their rules', () => {
    const forgotten = byFile.get('examples/forgotten-consequences.board') ?? [];
    assert.deepEqual(forgotten.map(shown), ['line 13: missing-unattach [701.3d, 400.7]', 'line 13: missing-unattach [701.3d, 400.7]']);
    const detach = byFile.get('examples/riftbound-forgotten-detach.board') ?? [];
    // Both on the bounce's line (the detach, and the recall of the cleanup that follows it, 319.6), in the order Neovim lists them.
    const byCode = new Map(detach.map((d) => [d.code, d]));
    assert.deepEqual([...byCode.keys()].sort(), ['missing-state-based-action', 'missing-unattach'], detach.map(shown).join('\n'));
    assert.ok(byCode.get('missing-unattach')!.rules.includes('719.5') && byCode.get('missing-state-based-action')!.rules.includes('457.1'), detach.map(shown).join('\n'));
    const redundant = byFile.get('examples/redundant-equip-and-timestamps.board') ?? [];
    assert.deepEqual(redundant.map((d) => [d.code, d.severity]), [['redundant-attach', 3], ['ineffective-unattach', 3]]);
  });

  it('shows every fixture finding written beside its line (#! CODE RULES), judged by the core', () => {
    const problems: string[] = [];
    for (const file of fixtures) {
      const text = readText(file);
      const lines = text.split(/\r\n|\r|\n/);
      // What Neovim shows, as findings (the findings about expectations are the core's to make again).
      const shownFindings: Finding[] = (byFile.get(rel(file)) ?? [])
        .filter((d) => !EXPECTATION_CODES.has(d.code))
        .map((d) => {
          const character = Buffer.from(lines[d.line] ?? '').subarray(0, d.col).toString('utf8').length;
          const at = { line: d.line, character };
          return { code: d.code, kind: 'syntax-error', severity: 'error', rules: d.rules, message: d.message, text: { template: d.message, args: [] }, range: { start: at, end: at }, related: [], fixes: [], subjects: [] };
        });
      const judged = judgeExpectations(shownFindings, commentsOf(text), text).findings;
      for (const f of judged) if (!f.expected) problems.push(`${rel(file)}: line ${f.range.start.line + 1}: ${EXPECTATION_CODES.has(f.code) ? f.message : `unexpected ${f.code} [${f.rules.join(', ')}]`}`);
    }
    assert.deepEqual(problems, []);
  });

  it('shows exactly what the core finds, at the same ranges, for every fixture and example', () => {
    const problems: string[] = [];
    for (const file of [...fixtures, ...examples]) {
      const ds = byFile.get(rel(file)) ?? [];
      const text = readText(file);
      const lines = text.split(/\r\n|\r|\n/);
      // The core's columns are UTF-16 code units (LSP's default); Neovim shows byte columns.
      const byte = (p: { line: number; character: number }) => Buffer.byteLength((lines[p.line] ?? '').slice(0, p.character));
      // Includes read as the command line reads them (the server reads the same files from disk).
      const want = check(text, includeOptions(file, path.dirname(file).startsWith(FIXTURES_DIR) ? FIXTURES_DIR : EXAMPLES_DIR)).findings.map((f) => `${f.range.start.line}:${byte(f.range.start)}-${f.range.end.line}:${byte(f.range.end)} ${f.code} [${f.rules.join(',')}]`);
      const got = ds.map((d) => `${d.line}:${d.col}-${d.end_line}:${d.end_col} ${d.code} [${d.rules.join(',')}]`);
      if (want.sort().join('\n') !== got.sort().join('\n')) problems.push(`${rel(file)}:\n  core:   ${want.join('\n          ')}\n  neovim: ${got.join('\n          ')}`);
    }
    assert.deepEqual(problems, []);
  });
});
