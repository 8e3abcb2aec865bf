// The CLI in French and Italian: `--lang fr|it`, or the environment (LC_ALL, LC_MESSAGES, LANG as
// POSIX programs read them). Findings, summaries, test results and explanations are in that
// language; the text format's severity and code stay English (the problem matcher reads them);
// JSON and SARIF keep the English message and add the localized one.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ILLEGAL, ROOT, TEXT_LINE, makeTempDir, removeTempDir, runCli } from './helpers';

describe('cli: --lang and the locale', () => {
  let dir: string;
  before(() => {
    dir = makeTempDir();
    fs.writeFileSync(path.join(dir, 'illegal.board'), ILLEGAL);
  });
  after(() => removeTempDir(dir));

  it('check --lang fr examples: every finding in French, the summary too, the line format unchanged', () => {
    const r = runCli(['check', '--lang', 'fr', '--no-color', path.join(ROOT, 'examples')], { cwd: ROOT });
    assert.equal(r.status, 0, r.stderr);
    const lines = r.stdout.trim().split('\n');
    const findings = lines.slice(0, -1);
    assert.ok(findings.length >= 11);
    for (const l of findings) assert.match(l, TEXT_LINE, l);
    assert.ok(findings.every((l) => l.endsWith('(attendu)')), 'expected findings say so in French');
    assert.ok(findings.some((l) => / redundant-attach \[701\.3b,701\.3c\] wings est déjà attaché à lion/.test(l)), findings.join('\n'));
    // The same counts as the English summary, in French words.
    const english = runCli(['check', '--no-color', path.join(ROOT, 'examples')], { cwd: ROOT }).stdout.trim().split('\n').pop()!;
    const [, files, expected] = /^(\d+) files checked: 0 errors, 0 warnings, (\d+) expected$/.exec(english) ?? [];
    assert.ok(files && expected, english);
    assert.equal(lines[lines.length - 1], `${files} fichiers vérifiés : 0 erreur, 0 avertissement, ${expected} attendu(s)`);
  });

  it('translations read from l10n/ beside dist/: a copy of the CLI without them says so once and writes in English', () => {
    const copy = path.join(dir, 'copy');
    fs.mkdirSync(path.join(copy, 'dist'), { recursive: true });
    for (const f of ['cli.js', 'cli-main.js', 'cli-main.cache']) fs.copyFileSync(path.join(ROOT, 'dist', f), path.join(copy, 'dist', f));
    const lone = spawnSync(process.execPath, [path.join(copy, 'dist', 'cli.js'), 'check', '--no-color', '--lang', 'fr', 'illegal.board'], { cwd: dir, encoding: 'utf8' });
    assert.equal(lone.status, 1, lone.stderr);
    assert.equal(lone.stderr, `board-scenario: the French translations could not be read from ${path.join(copy, 'l10n', 'bundle.l10n.fr.json')}: writing in English\n`);
    assert.match(lone.stdout, /1 file checked: 1 error, 0 warnings/);
    fs.mkdirSync(path.join(copy, 'l10n'));
    fs.copyFileSync(path.join(ROOT, 'l10n', 'bundle.l10n.fr.json'), path.join(copy, 'l10n', 'bundle.l10n.fr.json'));
    const beside = spawnSync(process.execPath, [path.join(copy, 'dist', 'cli.js'), 'check', '--no-color', '--lang', 'fr', 'illegal.board'], { cwd: dir, encoding: 'utf8' });
    assert.equal(beside.stderr, '');
    assert.match(beside.stdout, /1 fichier vérifié : 1 erreur, 0 avertissement/);
  });

  it('Italian from LANG, and --lang wins over LC_ALL', () => {
    const it = runCli(['check', '--no-color', 'illegal.board'], { cwd: dir, env: { LANG: 'it_IT.UTF-8' } });
    assert.equal(it.status, 1);
    assert.match(it.stdout, /error illegal-attachment \[[^\]]+\] L'abilità di equipaggiamento di splitter non può bersagliare/);
    assert.match(it.stdout, /1 file verificato: 1 errore, 0 avvisi/);
    const fr = runCli(['check', '--no-color', '--lang=fr', 'illegal.board'], { cwd: dir, env: { LC_ALL: 'it_IT.UTF-8' } });
    assert.match(fr.stdout, /1 fichier vérifié : 1 erreur, 0 avertissement/);
    const c = runCli(['check', '--no-color', 'illegal.board'], { cwd: dir, env: { LANG: 'de_DE.UTF-8' } });
    assert.match(c.stdout, /1 file checked: 1 error, 0 warnings/, 'a language without a translation: English');
  });

  it('JSON and SARIF keep the English message and add the localized one', () => {
    const json = JSON.parse(runCli(['check', '--lang', 'fr', '--format', 'json', 'illegal.board'], { cwd: dir }).stdout);
    const d = json.files[0].diagnostics[0];
    assert.equal(d.code, 'illegal-attachment');
    assert.match(d.message, /^splitter's equip ability can't target/);
    assert.match(d.localizedMessage, /^La capacité d'équipement de splitter ne peut pas cibler/);
    const english = JSON.parse(runCli(['check', '--format', 'json', 'illegal.board'], { cwd: dir }).stdout);
    assert.equal(english.files[0].diagnostics[0].localizedMessage, undefined, 'English output is unchanged');
    const sarif = JSON.parse(runCli(['check', '--lang', 'it', '--format', 'sarif', 'illegal.board'], { cwd: dir }).stdout);
    const result = sarif.runs[0].results[0];
    assert.match(result.message.text, /^splitter's equip ability/);
    assert.match(result.properties.localizedMessage, /^L'abilità di equipaggiamento di splitter/);
  });

  it('test, explain and rules in French', () => {
    fs.writeFileSync(path.join(dir, 'fails.board'), ILLEGAL.replace(/\n*$/, '\n') + 'expect splitter attached to ring\n');
    const test = runCli(['test', '--lang', 'fr', '--no-color', 'fails.board'], { cwd: dir });
    assert.equal(test.status, 1);
    assert.match(test.stdout, /: attendu .+, obtenu /);
    assert.match(test.stdout, /1 scénario : 0 réussi, 1 en échec/);
    const explain = runCli(['explain', '--lang', 'fr', 'redundant-attach'], { cwd: dir });
    assert.match(explain.stdout, /^redundant-attach: Attachement redondant/);
    assert.match(explain.stdout, /\nGravité : warning/);
    const rules = runCli(['rules', '--lang', 'it', '701.3b'], { cwd: dir });
    assert.match(rules.stdout, /^MTG 701\.3b: Assegnazioni che non fanno nulla\n/);
  });

  it('an unknown language or a missing value is a usage error', () => {
    const r = runCli(['check', '--lang', 'de', 'illegal.board'], { cwd: dir });
    assert.equal(r.status, 2);
    assert.match(r.stderr, /unknown language 'de' for --lang \(expected en, fr, it\)/);
    assert.equal(runCli(['check', 'illegal.board', '--lang'], { cwd: dir }).status, 2);
  });
});
