// The project config (core/config.ts): parsing never throws and words every problem by key; the
// glob matcher; severities; and the JSON schema VS Code validates the file with agrees with the registry.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REGISTRY, applySeverities, check, globMatch, parseConfig, type Finding } from '../../core';

const ROOT = join(__dirname, '..', '..', '..');

describe('project config', () => {
  it('parses the documented example', () => {
    const { config, problems } = parseConfig(
      JSON.stringify({
        rulesVersion: { mtg: '2024-06-07', riftbound: 'v1.3' },
        rulesFile: { mtg: 'rules/MagicCompRules.txt' },
        cards: { mtg: ['cards/oracle-cards.json'], riftbound: 'cards/riftbound.json' },
        severity: { 'redundant-attach': 'information', 'missing-unattach': 'off' },
        exclude: ['archive/**'],
      }),
    );
    assert.deepEqual(problems, []);
    assert.deepEqual(config, {
      rulesVersion: { mtg: '2024-06-07', riftbound: 'v1.3' },
      rulesFile: { mtg: 'rules/MagicCompRules.txt' },
      cards: { mtg: ['cards/oracle-cards.json'], riftbound: ['cards/riftbound.json'] },
      severity: { 'redundant-attach': 'information', 'missing-unattach': 'off' },
      exclude: ['archive/**'],
    });
  });

  it('words every problem by key, keeps the valid parts, and never throws on any input', () => {
    const { config, problems } = parseConfig('{"severity":{"redundant-attach":"loud","missing-unattach":"off","nope":"error"},"cards":{"mtg":[1,"a.json"]},"rulesFile":{"mtg":""},"exclude":["ok",3],"x":1}');
    assert.deepEqual(problems.map((p) => p.key), ['severity.redundant-attach', 'severity.nope', 'cards.mtg[0]', 'rulesFile.mtg', 'exclude[1]', 'x']);
    assert.deepEqual(config.severity, { 'missing-unattach': 'off' });
    assert.deepEqual(config.cards, { mtg: ['a.json'] });
    assert.deepEqual(config.exclude, ['ok']);
    for (const text of ['', 'null', '[]', '"x"', '{', '{"rulesVersion":[]}', '{"severity":null}', '{"__proto__":{"a":1}}', '{"rulesVersion":{"mtg":5}}', '\uFEFF{}']) {
      const r = parseConfig(text);
      assert.ok(Array.isArray(r.problems), text);
      for (const p of r.problems) assert.match(p.message, /[.?]$/, `${text}: ${p.message}`);
    }
    assert.deepEqual(parseConfig('\uFEFF{}').problems, []);
  });

  it('globs: * and ? within a name, ** across folders, a bare name at any depth, a trailing slash for a folder', () => {
    const yes: [string, string][] = [
      ['archive/**', 'archive/a.board'],
      ['archive/**', 'archive/x/y/a.board'],
      ['archive/', 'archive/x/a.board'],
      ['**/drafts/*.board', 'a/b/drafts/x.board'],
      ['**/drafts/*.board', 'drafts/x.board'],
      ['*.wip.board', 'deep/er/x.wip.board'],
      ['drafts', 'a/drafts/x.board'],
      ['a?c.board', 'abc.board'],
      ['suite/*/x.board', 'suite/one/x.board'],
      ['./suite/**', 'suite/x.board'],
      ['a*b*c', 'aXbYc'],
    ];
    const no: [string, string][] = [
      ['archive/**', 'other/archive.board'],
      ['suite/*/x.board', 'suite/one/two/x.board'],
      ['*.wip.board', 'x.board'],
      ['a?c.board', 'a/c.board'],
      ['drafts', 'a/drafts2/x.board'],
      ['a*b*c', 'aXbYd'],
      ['(a|b)+', 'aaaa'],
    ];
    for (const [g, p] of yes) assert.ok(globMatch(g, p), `${g} should match ${p}`);
    for (const [g, p] of no) assert.ok(!globMatch(g, p), `${g} should not match ${p}`);
    // An adversarial pattern and path stay fast (no backtracking blowup): a scan per star.
    assert.equal(globMatch('*a'.repeat(2000) + 'b', 'a'.repeat(4000)), false);
    assert.equal(globMatch('**/'.repeat(500) + 'x', 'a/'.repeat(2000) + 'y'), false);
  });

  it('applies severities: off drops, others change only the severity, the input is kept', () => {
    const text = 'game mtg\nplayer a\ncard l "L": creature — Cat\ncard s "S": artifact — Equipment\ncard r "R": artifact\nequip s to l\nequip s to l\nequip s to r\n';
    const fs = check(text).findings;
    assert.deepEqual(fs.map((f) => f.code), ['redundant-attach', 'illegal-attachment']);
    const out = applySeverities(fs, { 'redundant-attach': 'off', 'illegal-attachment': 'warning' });
    assert.deepEqual(out.map((f: Finding) => [f.code, f.severity]), [['illegal-attachment', 'warning']]);
    assert.equal(fs[1].severity, 'error');
  });

  it('the default rules version applies only without a rules line', () => {
    const base = 'game riftbound\nplayer a\ncard u "U": unit, owner a\ncard w "W": gear — Equipment, owner a\nattach w to u\nattach w to u\n';
    const cited = (text: string) => check(text, { defaultRulesVersion: { riftbound: 'v1.2' } }).findings[0].rules;
    assert.ok(cited(base).every((r) => r.startsWith('421')), String(cited(base)));
    const withLine = base.replace('player a', 'rules v1.3\nplayer a');
    assert.ok(cited(withLine).every((r) => r.startsWith('434')), String(cited(withLine)));
  });

  it('the JSON schema contributed to VS Code lists exactly the registry codes and the documented keys', () => {
    const schema = JSON.parse(readFileSync(join(ROOT, 'schemas', 'board-scenario.schema.json'), 'utf8'));
    assert.deepEqual(schema.properties.severity.propertyNames.enum, [...REGISTRY.keys()]);
    assert.deepEqual(Object.keys(schema.properties), ['$schema', 'rulesVersion', 'rulesFile', 'cards', 'severity', 'exclude']);
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    assert.deepEqual(pkg.contributes.jsonValidation, [{ fileMatch: 'board-scenario.json', url: './schemas/board-scenario.schema.json' }]);
  });
});
