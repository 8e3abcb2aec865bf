// --help, --version, explain CODE and rules RULE.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REGISTRY, explainRule } from '../../core';
import { ROOT, assertBuilt, assertNoCrash, makeTempDir, removeTempDir, runCli } from './helpers';

describe('cli: help, version, explain, rules', () => {
  let dir: string;
  before(() => {
    assertBuilt();
    dir = makeTempDir();
  });
  after(() => removeTempDir(dir));

  it('--help prints the usage of every command and option, exit 0', function () {
    this.timeout(60_000);
    for (const args of [['--help'], ['-h'], ['help'], ['check', '--help']]) {
      const r = runCli(args, { cwd: dir });
      assert.equal(r.status, 0, args.join(' '));
      assert.equal(r.stderr, '');
      for (const word of ['Usage:', 'board-scenario check', 'explain CODE', 'rules RULE', '--format', 'sarif', '--no-color', '--fix', '--game', 'Exit status']) {
        assert.ok(r.stdout.includes(word), `${args.join(' ')}: help lacks '${word}'`);
      }
    }
  });

  it('--version prints the package.json version', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    assert.match(pkg.version, /^\d+\.\d+\.\d+/);
    const r = runCli(['--version'], { cwd: dir });
    assert.equal(r.status, 0);
    assert.equal(r.stdout, `${pkg.version}\n`);
  });

  it('explain CODE prints the registry documentation of the code', function () {
    this.timeout(120_000); // one process per code
    for (const [code, info] of REGISTRY) {
      const r = runCli(['explain', code], { cwd: dir });
      assert.equal(r.status, 0, code);
      assert.ok(r.stdout.startsWith(`${code}: ${info.title}${info.riftboundTitle ? ` (Riftbound: ${info.riftboundTitle})` : ''}\n`), r.stdout);
      assert.ok(r.stdout.includes(info.doc), `${code}: doc missing`);
      assert.ok(r.stdout.includes(info.fixes), `${code}: fixes missing`);
      for (const rule of info.rules.mtg) assert.ok(r.stdout.includes(rule), `${code}: rule ${rule} missing`);
    }
  });

  it('explain with an unknown code exits 2 and lists the codes', () => {
    const r = runCli(['explain', 'no-such-code'], { cwd: dir });
    assert.equal(r.status, 2);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /^board-scenario: unknown code 'no-such-code'; the codes are: .*redundant-attach/);
    assertNoCrash(r.stderr);
  });

  it('rules RULE prints our explanation (mtg by default, --game riftbound)', () => {
    const mtg = explainRule('mtg', '701.3b')!;
    const r = runCli(['rules', '701.3b'], { cwd: dir });
    assert.equal(r.status, 0);
    assert.ok(r.stdout.startsWith(`MTG 701.3b: ${mtg.title}\n${mtg.text}\n`), r.stdout);

    const rb = explainRule('riftbound', '434.1.g')!;
    const r2 = runCli(['rules', '--game', 'riftbound', '434.1.g'], { cwd: dir });
    assert.equal(r2.status, 0);
    assert.ok(r2.stdout.startsWith(`Riftbound 434.1.g: ${rb.title}\n${rb.text}\n`), r2.stdout);
  });

  it('rules falls back to the parent rule, and reads older numberings with --rules-version', () => {
    const parent = explainRule('riftbound', '434.1.z')!;
    assert.ok(parent && parent.number !== '434.1.z');
    const r = runCli(['rules', '434.1.z', '--game=riftbound'], { cwd: dir });
    assert.equal(r.status, 0);
    assert.ok(r.stdout.startsWith(`Riftbound ${parent.number}: ${parent.title}`), r.stdout);
    assert.match(r.stdout, /No explanation of 434\.1\.z itself/);

    // 310.10 was numbered 310.9 before 2026-09-25.
    const now = explainRule('mtg', '310.10')!;
    const old = runCli(['rules', '310.9', '--rules-version', '2025-02-07'], { cwd: dir });
    assert.equal(old.status, 0, old.stderr);
    assert.ok(old.stdout.startsWith(`MTG 310.9 (310.10 in the newest rules): ${now.title}\n${now.text}`), old.stdout);
  });

  it('rules of a rule a later version dropped (Riftbound 442.3, only units move): the version that last has it', () => {
    const v12 = runCli(['rules', '425.3', '--game', 'riftbound', '--rules-version', 'v1.2'], { cwd: dir });
    assert.equal(v12.status, 0, v12.stderr);
    assert.match(v12.stdout, /^Riftbound 425\.3 \(442\.3 in Riftbound Core Rules v1\.3 \(2026-03-30\), the last rules that have it\): Only units move/);
    const newest = runCli(['rules', '442.3', '--game', 'riftbound'], { cwd: dir });
    assert.equal(newest.status, 0, newest.stderr);
    assert.match(newest.stdout, /^Riftbound 442\.3 \(not in the newest rules: the last rules that have it are Riftbound Core Rules v1\.3/);
    const dropped = runCli(['rules', '442.3', '--game', 'riftbound', '--rules-version', '2026-07-16'], { cwd: dir });
    assert.equal(dropped.status, 2);
    assert.match(dropped.stderr, /was dropped after Riftbound Core Rules v1\.3/);
  });

  it('rules of a number that does not exist: an MTG subrule lettered l or o, or one the rules file of that version lacks', () => {
    for (const n of ['702.26l', '702.16l', '702.16o']) {
      const r = runCli(['rules', n], { cwd: dir });
      assert.equal(r.status, 2, n);
      assert.equal(r.stdout, '');
      assert.ok(r.stderr.startsWith(`board-scenario: no MTG rule '${n}': the Comprehensive Rules never letter a subrule l or o (see 'rules ${n.slice(0, -1)}')`), r.stderr);
    }
    // Without a rules file, the rule it would belong to, and no word that it exists.
    const unknown = runCli(['rules', '702.6z'], { cwd: dir });
    assert.equal(unknown.status, 0, unknown.stderr);
    assert.match(unknown.stdout, /^MTG 702\.6: /);
    assert.match(unknown.stdout, /No explanation of 702\.6z itself; this is the rule it would belong to\. Whether 702\.6z exists is not known without your rules file of that version/);
    // With the rules file of that version: 702.6z, 301.5g and 702.151c are not there, 702.6b is.
    const file = path.join(dir, 'rules-2024-06-07.txt');
    fs.writeFileSync(file, ['Magic: The Gathering Comprehensive Rules', '', 'These rules are effective as of June 7, 2024.', '', '301.5. Equipment has subrules up to f.', '301.5f An ability of a permanent.', '', '701.3a To attach is an action.', '', '702.6. Equip', '', '702.6b For more information.', '', '702.151b Reconfigure.', ''].join('\r\n'));
    for (const n of ['702.6z', '301.5g', '702.151c']) {
      const r = runCli(['rules', n, '--rules-version', '2024-06-07', '--rules-file', file], { cwd: dir });
      assert.equal(r.status, 2, n);
      assert.match(r.stderr, new RegExp(`^board-scenario: no MTG rule '${n.replace(/\./g, '\\.')}' in your rules file \\(effective 2024-06-07\\) \\(see 'rules `), r.stderr);
    }
    const there = runCli(['rules', '702.6b', '--rules-version', '2024-06-07', '--rules-file', file], { cwd: dir });
    assert.equal(there.status, 0, there.stderr);
    assert.match(there.stdout, /No explanation of 702\.6b itself; this is the rule it belongs to\./);
    // Another version's file tells nothing of the newest rules: nothing false is said.
    const other = runCli(['rules', '702.6z', '--rules-file', file], { cwd: dir });
    assert.equal(other.status, 0, other.stderr);
    assert.match(other.stdout, /this is the rule it would belong to/);
    const missing = runCli(['rules', '702.6b', '--rules-file', path.join(dir, 'no-such-rules.txt')], { cwd: dir });
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /^board-scenario: can't read rules file /);
  });

  it('rules 702.26f and 704.5h explain the whole rule: effects expiring while phased out; regeneration', () => {
    assert.match(runCli(['rules', '702.26f'], { cwd: dir }).stdout, /duration ends meanwhile \(until end of turn, say\) no longer applies to it when it phases back in/);
    assert.match(runCli(['rules', '704.5h'], { cwd: dir }).stdout, /indestructible, regeneration and umbra armor can save it/);
  });

  it('rules with an unknown number exits 2', () => {
    const r = runCli(['rules', '9999.9'], { cwd: dir });
    assert.equal(r.status, 2);
    assert.match(r.stderr, /^board-scenario: no explanation of MTG rule '9999\.9'/);
  });
});
