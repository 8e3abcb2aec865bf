// SARIF format: structurally valid SARIF 2.1.0 for GitHub code scanning (checked by hand-written
// rules in sarif-validate.ts), with the registry as the rule list and 1-based UTF-16 regions.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REGISTRY, check, codeDocUrl } from '../../core';
import { ILLEGAL, REDUNDANT, assertBuilt, assertNoCrash, makeTempDir, removeTempDir, runCli, writeFiles, ROOT } from './helpers';
import { validateSarif } from './sarif-validate';

describe('cli: sarif format', () => {
  let dir: string;
  let log: any;
  before(() => {
    assertBuilt();
    dir = makeTempDir();
    writeFiles(dir, { 'scenarios/redundant.board': REDUNDANT, 'scenarios/with space.board': ILLEGAL });
    const r = runCli(['check', '--format', 'sarif', 'scenarios'], { cwd: dir });
    assertNoCrash(r.stderr);
    assert.equal(r.stderr, '');
    assert.equal(r.status, 1, 'the ILLEGAL scenario has an error');
    log = JSON.parse(r.stdout);
  });
  after(() => removeTempDir(dir));

  it('passes the structural SARIF 2.1.0 checks', () => {
    assert.deepEqual(validateSarif(log), []);
  });

  it('the validator itself rejects broken logs', () => {
    const broken = JSON.parse(JSON.stringify(log));
    broken.version = '2.0.0';
    delete broken.runs[0].results[0].message;
    broken.runs[0].results[0].ruleIndex = 0;
    broken.runs[0].results[0].locations[0].physicalLocation.region.startLine = 0;
    broken.runs[0].results[0].extra = true;
    const problems = validateSarif(broken).join('\n');
    for (const expected of ['$.version', "missing required 'message'", 'ruleIndex', 'startLine', "'extra' is not allowed"]) assert.ok(problems.includes(expected), `no '${expected}' in:\n${problems}`);
  });

  it('has $schema, version 2.1.0, one run with utf16CodeUnits columns', () => {
    assert.match(log.$schema, /sarif-2\.1\.0/);
    assert.equal(log.version, '2.1.0');
    assert.equal(log.runs.length, 1);
    assert.equal(log.runs[0].columnKind, 'utf16CodeUnits');
  });

  it('describes the tool with every registry code as a rule', () => {
    const driver = log.runs[0].tool.driver;
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    assert.equal(driver.name, 'board-scenario');
    assert.equal(driver.version, pkg.version);
    assert.match(driver.informationUri, /^https:\/\//);
    assert.deepEqual(driver.rules.map((r: { id: string }) => r.id), [...REGISTRY.keys()]);
    for (const rule of driver.rules) {
      const info = REGISTRY.get(rule.id)!;
      assert.equal(rule.name, info.title);
      assert.equal(rule.shortDescription.text, info.title);
      assert.equal(rule.fullDescription.text, info.doc);
      assert.equal(rule.helpUri, codeDocUrl(info.code));
      assert.equal(rule.defaultConfiguration.level, info.severity === 'error' ? 'error' : info.severity === 'warning' ? 'warning' : 'note');
    }
  });

  it('has one result per finding with level, ruleIndex, rule numbers and 1-based regions', () => {
    const results = log.runs[0].results;
    const findings = [...check(REDUNDANT).findings.map((f) => ({ f, uri: 'scenarios/redundant.board' })), ...check(ILLEGAL).findings.map((f) => ({ f, uri: 'scenarios/with%20space.board' }))];
    assert.ok(findings.length >= 2);
    // Files are checked in sorted order: 'redundant.board' < 'with space.board'.
    assert.equal(results.length, findings.length);
    findings.forEach(({ f, uri }, i) => {
      const res = results[i];
      assert.equal(res.ruleId, f.code);
      assert.equal(log.runs[0].tool.driver.rules[res.ruleIndex].id, f.code);
      assert.equal(res.level, f.severity === 'information' || f.severity === 'hint' ? 'note' : f.severity);
      for (const rule of f.rules) assert.ok(res.message.text.includes(rule), `message lacks ${rule}: ${res.message.text}`);
      assert.ok(res.message.text.includes(f.message));
      assert.deepEqual(res.properties.tags, [...new Set(f.rules)]);
      const loc = res.locations[0].physicalLocation;
      assert.deepEqual(loc.artifactLocation, { uri, uriBaseId: '%SRCROOT%' });
      assert.deepEqual(loc.region, {
        startLine: f.range.start.line + 1,
        startColumn: f.range.start.character + 1,
        endLine: f.range.end.line + 1,
        endColumn: f.range.end.character + 1,
      });
    });
    const redundant = results[0];
    assert.equal(redundant.ruleId, 'redundant-attach');
    assert.equal(redundant.level, 'warning');
    assert.ok(redundant.properties.tags.includes('701.3b'));
    assert.deepEqual(redundant.locations[0].physicalLocation.region, { startLine: 6, startColumn: 1, endLine: 6, endColumn: 23 });
    assert.equal(results[1].level, 'error');
  });

  it('maps related locations and fixes', () => {
    const [f] = check(REDUNDANT).findings;
    assert.ok(f.related.length > 0 && f.fixes.length > 0, 'the core gives related locations and a fix here');
    const res = log.runs[0].results[0];
    assert.equal(res.relatedLocations.length, f.related.length);
    assert.equal(res.relatedLocations[0].message.text, f.related[0].message);
    assert.deepEqual(res.relatedLocations[0].physicalLocation.region, { startLine: 5, startColumn: 1, endLine: 5, endColumn: 23 });
    assert.equal(res.fixes.length, f.fixes.length);
    const fix = res.fixes[0];
    assert.equal(fix.description.text, f.fixes[0].title);
    assert.deepEqual(fix.artifactChanges[0].artifactLocation, { uri: 'scenarios/redundant.board', uriBaseId: '%SRCROOT%' });
    // Removing line 6 whole: from line 6 column 1 to line 7 column 1.
    assert.deepEqual(fix.artifactChanges[0].replacements, [{ deletedRegion: { startLine: 6, startColumn: 1, endLine: 7, endColumn: 1 }, insertedContent: { text: '' } }]);
  });

  it('is valid with no results too', () => {
    writeFiles(dir, { 'empty-run/clean.board': 'game mtg\nplayer alice\n' });
    const r = runCli(['check', '--format', 'sarif', 'empty-run'], { cwd: dir });
    assert.equal(r.status, 0, r.stderr);
    const doc = JSON.parse(r.stdout);
    assert.deepEqual(validateSarif(doc), []);
    assert.deepEqual(doc.runs[0].results, []);
    assert.equal(doc.runs[0].tool.driver.rules.length, REGISTRY.size);
  });
});
