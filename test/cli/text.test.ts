// Text format: compiler-style lines with 1-based positions, the summary line, no colors in a pipe.
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { check } from '../../core';
import { CLEAN, ILLEGAL, REDUNDANT, TEXT_LINE, assertBuilt, assertNoCrash, makeTempDir, removeTempDir, runCli, writeFiles } from './helpers';

describe('cli: text format', () => {
  let dir: string;
  before(() => {
    assertBuilt();
    dir = makeTempDir();
    writeFiles(dir, {
      'redundant.board': REDUNDANT,
      'illegal.board': ILLEGAL,
      'clean.board': CLEAN,
      // The finding's column comes after a non-BMP character (2 UTF-16 code units).
      'emoji.board':
        'game mtg\nplayer alice\ncard lion "Silvercoat 🦁 Lion": creature — Cat\n' +
        'card aura "Pacifism 🦁": enchantment — Aura, enchant creature, owner alice, attached to nobody\n',
    });
  });
  after(() => removeTempDir(dir));

  it('prints `path:line:col: severity code [rules] message` with 1-based positions', () => {
    const r = runCli(['check', 'redundant.board'], { cwd: dir });
    assertNoCrash(r.stderr);
    assert.equal(r.stderr, '');
    const lines = r.stdout.trimEnd().split('\n');
    assert.equal(lines.length, 2, r.stdout);
    const m = TEXT_LINE.exec(lines[0]);
    assert.ok(m, `not compiler style: ${lines[0]}`);
    const [, file, line, col, severity, code, rules, message] = m;
    assert.equal(file, 'redundant.board');
    // The second `equip` is line 6 (1-based), starting at column 1.
    assert.equal(line, '6');
    assert.equal(col, '1');
    assert.equal(severity, 'warning');
    assert.equal(code, 'redundant-attach');
    assert.ok(rules.split(',').includes('701.3b'), rules);
    assert.match(message, /already attached/);
    assert.equal(lines[1], '1 file checked: 0 errors, 1 warning');
  });

  it('agrees with the core finding by finding, each position + 1', () => {
    const r = runCli(['check', 'illegal.board', 'redundant.board'], { cwd: dir });
    const lines = r.stdout.trimEnd().split('\n');
    const expected = [
      ...check(ILLEGAL).findings.map((f) => ({ file: 'illegal.board', f })),
      ...check(REDUNDANT).findings.map((f) => ({ file: 'redundant.board', f })),
    ];
    assert.ok(expected.length >= 2, 'the scenarios must have findings');
    assert.equal(lines.length, expected.length + 1, r.stdout);
    expected.forEach(({ file, f }, i) => {
      const m = TEXT_LINE.exec(lines[i]);
      assert.ok(m, lines[i]);
      assert.deepEqual(m.slice(1, 7), [file, String(f.range.start.line + 1), String(f.range.start.character + 1), f.severity, f.code, f.rules.length ? f.rules.join(',') : undefined]);
      assert.equal(m[7], f.message);
    });
    assert.equal(lines[lines.length - 1], '2 files checked: 1 error, 1 warning');
  });

  it('counts columns in UTF-16 code units, 1-based', () => {
    const r = runCli(['check', 'emoji.board'], { cwd: dir });
    const m = TEXT_LINE.exec(r.stdout.split('\n')[0]);
    assert.ok(m, r.stdout);
    assert.equal(m[5], 'unknown-name');
    const text = 'card aura "Pacifism 🦁": enchantment — Aura, enchant creature, owner alice, attached to nobody';
    assert.equal(m[2], '4');
    const utf16 = text.indexOf('nobody'); // JS string indices are UTF-16 code units
    assert.notEqual(Array.from(text.slice(0, utf16)).length, utf16, 'the line must make code points and code units differ');
    assert.equal(Number(m[3]), utf16 + 1);
  });

  it('prints only the summary for a clean file', () => {
    const r = runCli(['check', 'clean.board'], { cwd: dir });
    assert.equal(r.status, 0);
    assert.equal(r.stdout, '1 file checked: 0 errors, 0 warnings\n');
  });

  it('uses no colors when stdout is not a terminal, and accepts --no-color', function () {
    this.timeout(60_000);
    for (const args of [['check', 'redundant.board'], ['check', '--no-color', 'redundant.board'], ['check', 'redundant.board', '--no-color']]) {
      const r = runCli(args, { cwd: dir, env: { NO_COLOR: undefined, FORCE_COLOR: '1' } });
      assert.equal(r.status, 0, r.stderr);
      assert.doesNotMatch(r.stdout, /\x1b\[/);
      assert.match(r.stdout, /redundant\.board:6:1: warning redundant-attach/);
    }
  });

  it('shows paths as given: joined onto the folder argument, or absolute when given absolute', () => {
    writeFiles(dir, { 'nested/deeper/x.board': REDUNDANT });
    const rel = runCli(['check', 'nested'], { cwd: dir });
    assert.match(rel.stdout, new RegExp(`^${escape(path.join('nested', 'deeper', 'x.board'))}:6:1: `, 'm'));
    const absPath = path.join(dir, 'redundant.board');
    const abs = runCli(['check', absPath], { cwd: dir });
    assert.ok(abs.stdout.startsWith(`${absPath}:6:1: warning`), abs.stdout);
  });
});

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
