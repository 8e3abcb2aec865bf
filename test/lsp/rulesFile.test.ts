// The user's own rules file (boardScenario.rulesFile.mtg / .riftbound) through the real server:
// hovers quote the official text of each cited rule (translated to the file's numbering when it is
// another version), a diagnostic compares the file's version with the scenario's `rules` line, and
// the file is read in the background, never before the first diagnostics. Small rules files written
// to a temporary folder always; the real documents when they are beside the project
// (BOARD_RULES_DATA, or ../shared/data).
import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CodeActionRequest,
  DidChangeWorkspaceFoldersNotification,
  DiagnosticSeverity,
  HoverRequest,
  MarkupKind,
  MessageType,
  type Diagnostic,
  type MarkupContent,
  type Position,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';
import { freshUri, positionOf, TestClient } from './client';

const dataDir = process.env.BOARD_RULES_DATA ?? join(__dirname, '..', '..', '..', '..', 'shared', 'data');
const REAL_MTG = join(dataDir, 'mtg-comprehensive-rules-2024-06-07.txt');
const REAL_RIFTBOUND = join(dataDir, 'riftbound-core-rules-v1.3.tsv');

const RULES_FILE_CODES = ['rules-file-version', 'rules-file-no-rules-line'];

/** An MTG scenario: line 0 `game mtg`, line 1 `rules VERSION` (when given), then declarations and events. */
function mtg(version: string | undefined, ...events: string[]): string {
  return [
    'game mtg',
    ...(version ? [`rules ${version}`] : []),
    'player alice',
    'card lion "Silvercoat Lion": creature — Cat',
    'card splitter "Bonesplitter": artifact — Equipment',
    ...events,
  ].join('\n') + '\n';
}

const REDUNDANT_EVENTS = ['equip splitter to lion', 'equip splitter to lion'];

/** A small document in the Comprehensive Rules' text format (BOM, CRLF), effective 2024-06-07. */
const SMALL_MTG =
  '\ufeffMagic: The Gathering Comprehensive Rules\r\n\r\nThese rules are effective as of June 7, 2024.\r\n\r\n' +
  '701. Keyword Actions\r\n\r\n701.3. Attach\r\n\r\n' +
  "701.3b SMALL 701.3b: the attachment doesn't move.\r\n\r\nExample: SMALL example of 701.3b.\r\n\r\n" +
  '701.3c SMALL 701.3c.\r\n\r\n' +
  "310.9. SMALL 310.9: battles can't be attached.\r\n\r\n" +
  '310.10. SMALL 310.10: a battle without a protector.\r\n';

/** The documented limit (server/src/rulesText.ts MAX_RULES_FILE_BYTES, package.json, README): 8 MiB. */
const MAX = 8 * 1024 * 1024;

const codes = (p: PublishDiagnosticsParams) => p.diagnostics.map((d) => String(d.code));
const hasRulesFileFinding = (p: PublishDiagnosticsParams) => codes(p).some((c) => RULES_FILE_CODES.includes(c));

describe('LSP rules file: official text, version check, background reading', function () {
  this.timeout(60_000);
  let dir: string;
  let small: string;
  let client: TestClient | undefined;

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'board-rules-lsp-'));
    small = join(dir, 'cr-2024-06-07.txt');
    writeFileSync(small, SMALL_MTG);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));
  afterEach(async () => {
    if (!client) return;
    const errors = client.errors();
    await client.dispose();
    client = undefined;
    assert.deepEqual(errors, [], 'the server logged errors');
  });

  async function hoverValue(c: TestClient, uri: string, position: Position): Promise<string> {
    const h = await c.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position });
    assert.ok(h, 'no hover');
    const content = h.contents as MarkupContent;
    assert.equal(content.kind, MarkupKind.Markdown);
    return content.value;
  }

  const rulesFileDiagnostic = (p: PublishDiagnosticsParams): Diagnostic | undefined => p.diagnostics.find((d) => RULES_FILE_CODES.includes(String(d.code)));

  it('hovering a diagnostic that cites 701.3b quotes 701.3b from the file, marked as from it', async () => {
    client = await TestClient.start({ settings: { rulesFile: { mtg: small } } });
    const uri = freshUri('official');
    const text = mtg('2024-06-07', ...REDUNDANT_EVENTS);
    await client.open(uri, text);
    const first = await client.waitForDiagnostics(uri);
    const redundant = first.diagnostics.find((d) => d.code === 'redundant-attach');
    assert.ok(redundant, 'the redundant equip is reported');
    assert.match(redundant.message, /701\.3b/);
    const v = await hoverValue(client, uri, redundant.range.start);
    // Under our explanation of 701.3b: the file's text, with its example, as a quote marked as from the file.
    assert.match(v, /\*\*701\.3b\*\* — \*Attaches that do nothing\*[^\n]*\n\n {2}> SMALL 701\.3b: the attachment doesn't move\.\n {2}>\n {2}> Example: SMALL example of 701\.3b\. \*\(from your rules file, effective 2024-06-07\)\*/);
    assert.match(v, /> SMALL 701\.3c\. \*\(from your rules file, effective 2024-06-07\)\*/);
    // Same version as the scenario: nothing to say about the file.
    await client.waitFor('the rules file to be read', () => client!.logs.find((l) => /Read the rules file/.test(l.message)));
    assert.ok(!client.publishesFor(uri).some(hasRulesFileFinding), 'no rules-file diagnostic for the same version');
  });

  it('a French or Italian rules file works as the English one: quotes marked with the language, version check, translated numbers', async () => {
    const french = join(dir, 'cr-fr-2024-06-07.txt');
    writeFileSync(
      french,
      '\ufeffRègles complètes de Magic : The Gathering\r\n\r\nCes règles entrent en vigueur le 7 juin 2024.\r\n\r\n' +
        "701. Actions\r\n\r\n701.3. Attacher\r\n\r\n701.3b FR 701.3b : l'attachement ne bouge pas.\r\n\r\nExemple\u00a0: FR exemple.\r\n\r\n" +
        "310.9. FR 310.9 : une bataille ne peut pas être attachée.\r\n",
    );
    const italian = join(dir, 'cr-it-2024-06-07.txt');
    writeFileSync(italian, 'Regole Complete\n\nQueste regole sono in vigore a partire dal 7 giugno 2024.\n\n701.3b IT 701.3b.\n\nEsempio: IT esempio.\n');
    client = await TestClient.start({ settings: { rulesFile: { mtg: french } } });
    const uri = freshUri('french');
    const text = mtg('2024-06-07', ...REDUNDANT_EVENTS);
    await client.open(uri, text);
    const redundant = (await client.waitForDiagnostics(uri)).diagnostics.find((d) => d.code === 'redundant-attach')!;
    await client.waitFor('the rules file to be read', () => client!.logs.find((l) => /Read the rules file/.test(l.message)));
    let v = await hoverValue(client, uri, redundant.range.start);
    assert.match(v, /> FR 701\.3b : l'attachement ne bouge pas\.\n {2}>\n {2}> Exemple\u00a0: FR exemple\. \*\(from your rules file, in French, effective 2024-06-07\)\*/);

    // Another version than the scenario's: the warning, and 310.10 is looked up as the file's 310.9.
    const other = freshUri('french-other');
    const otherText = mtg('2026-09-25', '# 310.10 says what a battle without a protector does', 'equip splitter to lion');
    await client.open(other, otherText);
    const warned = await client.waitForDiagnostics(other, hasRulesFileFinding, { timeoutMs: 10_000 });
    assert.equal(rulesFileDiagnostic(warned)!.code, 'rules-file-version');
    v = await hoverValue(client, other, positionOf(otherText, '310.10', 2));
    assert.match(v, /> FR 310\.9 : une bataille ne peut pas être attachée\. \*\(from your rules file, in French, effective 2024-06-07, where it is rule 310\.9\)\*/);

    // Italian.
    await client.changeConfiguration({ rulesFile: { mtg: italian } });
    await client.waitFor('the Italian file to be read', () => client!.logs.find((l) => /Read the rules file/.test(l.message) && l.message.includes('cr-it')));
    v = await hoverValue(client, uri, redundant.range.start);
    assert.match(v, /> IT 701\.3b\.\n {2}>\n {2}> Esempio: IT esempio\. \*\(from your rules file, in Italian, effective 2024-06-07\)\*/);
  });

  it('a file of another version: numbers are translated before the lookup, and the rules line gets a warning', async () => {
    client = await TestClient.start({ settings: { rulesFile: { mtg: small } } });
    const uri = freshUri('translated');
    // 310.10 since 2026-09-25 was 310.9 in the 2024-06-07 rules of the file.
    const text = mtg('2026-09-25', '# 310.10 says what a battle without a protector does', 'equip splitter to lion');
    await client.open(uri, text);
    const warned = await client.waitForDiagnostics(uri, hasRulesFileFinding, { timeoutMs: 10_000 });
    const d = rulesFileDiagnostic(warned)!;
    assert.equal(d.code, 'rules-file-version');
    assert.equal(d.severity, DiagnosticSeverity.Warning);
    assert.deepEqual(d.range, { start: { line: 1, character: 6 }, end: { line: 1, character: 16 } }, 'on the version of the rules line');
    assert.match(d.message, /Comprehensive Rules 2024-06-07/);
    assert.match(d.message, /`rules 2026-09-25`/);
    const v = await hoverValue(client, uri, positionOf(text, '310.10', 2));
    assert.match(v, /Rule 310\.10/);
    assert.match(v, /> SMALL 310\.9: battles can't be attached\. \*\(from your rules file, effective 2024-06-07, where it is rule 310\.9\)\*/);
    assert.doesNotMatch(v, /SMALL 310\.10/, 'not the rule that has that number in the older file');
    // The warning is a finding like any other: its hover, and its fix (not preferred: it changes the numbering).
    const onRulesLine = await hoverValue(client, uri, { line: 1, character: 8 });
    assert.match(onRulesLine, /Rules file of another version/);
    const actions = await client.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: d.range,
      context: { diagnostics: [d] },
    });
    const change = (actions ?? []).find((a) => a.title === 'Change to "rules 2024-06-07"');
    assert.ok(change, `actions: ${JSON.stringify(actions?.map((a) => a.title))}`);
    assert.notEqual((change as { isPreferred?: boolean }).isPreferred, true);
  });

  it('the version diagnostic appears and disappears with the rules line and the setting', async () => {
    client = await TestClient.start({ settings: { validate: 'onType', rulesFile: { mtg: small } } });
    const c = client;
    const uri = freshUri('appears');
    await c.open(uri, mtg('2025-02-07', 'equip splitter to lion'));
    let p = await c.waitForDiagnostics(uri, hasRulesFileFinding, { timeoutMs: 10_000 });
    assert.equal(rulesFileDiagnostic(p)!.code, 'rules-file-version');

    // The scenario now declares the file's version: gone.
    let mark = c.mark();
    await c.change(uri, mtg('2024-06-07', 'equip splitter to lion'));
    p = await c.waitForDiagnostics(uri, () => true, { since: mark });
    assert.ok(!hasRulesFileFinding(p), `still there: ${codes(p)}`);

    // No rules line: findings cite the newest rules, and the file is older: an information on line 0.
    mark = c.mark();
    await c.change(uri, mtg(undefined, 'equip splitter to lion'));
    p = await c.waitForDiagnostics(uri, () => true, { since: mark });
    const info = rulesFileDiagnostic(p);
    assert.ok(info, `codes: ${codes(p)}`);
    assert.equal(info.code, 'rules-file-no-rules-line');
    assert.equal(info.severity, DiagnosticSeverity.Information);
    assert.equal(info.range.start.line, 0);
    assert.match(info.message, /add `rules 2024-06-07`/);

    // The setting is cleared: the next publish has no rules-file diagnostic.
    mark = c.mark();
    await c.changeConfiguration({ validate: 'onType', rulesFile: { mtg: '' } });
    p = await c.waitForDiagnostics(uri, () => true, { since: mark });
    assert.ok(!hasRulesFileFinding(p), `still there: ${codes(p)}`);

    // And set again: back.
    mark = c.mark();
    await c.changeConfiguration({ validate: 'onType', rulesFile: { mtg: small } });
    p = await c.waitForDiagnostics(uri, hasRulesFileFinding, { since: mark });
    assert.equal(rulesFileDiagnostic(p)!.code, 'rules-file-no-rules-line');
  });

  it('publishes the first diagnostics before it reads the rules file (a 5 MB file)', async () => {
    const big = join(dir, 'big-cr.txt');
    const lines = ['Magic: The Gathering Comprehensive Rules', '', 'These rules are effective as of June 7, 2024.', '', '701.3b BIG 701.3b.', ''];
    let size = 0;
    for (let i = 0; size < 5 * 1024 * 1024; i++) {
      const line = `${100 + (i % 800)}.${i}a Filler rule ${i}: this text only makes the file large enough that reading and parsing it takes a while.`;
      lines.push(line, '');
      size += line.length + 2;
    }
    writeFileSync(big, lines.join('\n'));

    client = await TestClient.start({ settings: { rulesFile: { mtg: big } } });
    const c = client;
    const uri = freshUri('big');
    await c.open(uri, mtg('2025-02-07', ...REDUNDANT_EVENTS));
    const read = await c.waitFor('the server to log that it read the rules file', () => c.logs.find((l) => /Read the rules file '.*big-cr\.txt'/.test(l.message)), 30_000);
    assert.match(read.message, /effective 2024-06-07/);
    const later = await c.waitForDiagnostics(uri, hasRulesFileFinding, { timeoutMs: 10_000 });
    assert.equal(rulesFileDiagnostic(later)!.code, 'rules-file-version');

    const firstPublish = c.sequence.findIndex((e) => e.kind === 'publish' && e.uri === uri);
    const readLog = c.sequence.findIndex((e) => e.kind === 'log' && /Read the rules file/.test(e.message));
    assert.ok(firstPublish >= 0 && readLog >= 0);
    assert.ok(firstPublish < readLog, `the first publish (#${firstPublish}) came after the read (#${readLog})`);
    const first = c.sequence[firstPublish];
    assert.ok(first.kind === 'publish' && first.codes.includes('redundant-attach') && !first.codes.some((x) => RULES_FILE_CODES.includes(x)), 'the first publish has the findings, not yet the file comparison');
    // A hover now uses the file that was read.
    const v = await hoverValue(c, uri, { line: 6, character: 1 });
    assert.match(v, /> BIG 701\.3b\. \*\(from your rules file, effective 2024-06-07\)\*/);
  });

  it('an unreadable rules file is logged once as a warning, and hovers still work', async () => {
    client = await TestClient.start({ settings: { rulesFile: { mtg: join(dir, 'missing.txt') } } });
    const c = client;
    const uri = freshUri('missing');
    await c.open(uri, mtg('2024-06-07', ...REDUNDANT_EVENTS));
    await c.waitForDiagnostics(uri);
    const v = await hoverValue(c, uri, { line: 6, character: 1 });
    assert.match(v, /Redundant attach/);
    assert.doesNotMatch(v, /from your rules file/);
    await hoverValue(c, uri, { line: 6, character: 1 });
    assert.equal(c.logs.filter((l) => /Could not read the rules file/.test(l.message)).length, 1);
  });

  describe('where the file is, and how much of it is read', () => {
    /** A copy of SMALL_MTG whose 701.3b says `marker`, at `folder/rules/cr.txt`; returns the folder's URI. */
    function rulesIn(folder: string, marker: string): string {
      mkdirSync(join(folder, 'rules'), { recursive: true });
      writeFileSync(join(folder, 'rules', 'cr.txt'), SMALL_MTG.replace('SMALL 701.3b:', `${marker} 701.3b:`));
      return pathToFileURL(folder).href;
    }
    const docIn = (folderUri: string, name: string) => `${folderUri}/${name}-${process.pid}.board`;
    const onRedundant = { line: 6, character: 1 };

    it('a relative path is resolved against the workspace folder of the document, never the working directory', async () => {
      const a = rulesIn(join(dir, 'ws-a'), 'FOLDER-A');
      const b = rulesIn(join(dir, 'ws-b'), 'FOLDER-B');
      const cwd = join(dir, 'cwd');
      rulesIn(cwd, 'WORKING-DIRECTORY');
      client = await TestClient.start({ cwd, workspaceFolders: [{ uri: a, name: 'a' }, { uri: b, name: 'b' }], settings: { rulesFile: { mtg: 'rules/cr.txt' } } });
      const c = client;
      const text = mtg('2024-06-07', ...REDUNDANT_EVENTS);
      // In folder b: b's copy. In no folder: the first folder's.
      const inB = docIn(b, 'in-b');
      await c.open(inB, text);
      await c.waitForDiagnostics(inB);
      const vb = await hoverValue(c, inB, onRedundant);
      assert.match(vb, /> FOLDER-B 701\.3b/);
      assert.doesNotMatch(vb, /WORKING-DIRECTORY/);
      const elsewhere = freshUri('no-folder');
      await c.open(elsewhere, text);
      await c.waitForDiagnostics(elsewhere);
      assert.match(await hoverValue(c, elsewhere, onRedundant), /> FOLDER-A 701\.3b/);
      const read = c.logs.filter((l) => /Read the rules file/.test(l.message)).map((l) => l.message);
      assert.ok(read.every((m) => !m.includes(cwd)), `read from the working directory: ${read}`);
    });

    it('with no workspace folder a relative path names nothing (said once), until a folder is added', async () => {
      const cwd = join(dir, 'cwd-only');
      rulesIn(cwd, 'WORKING-DIRECTORY');
      client = await TestClient.start({ cwd, settings: { rulesFile: { mtg: 'rules/cr.txt' } } });
      const c = client;
      const uri = freshUri('relative-no-folder');
      await c.open(uri, mtg('2024-06-07', ...REDUNDANT_EVENTS));
      await c.waitForDiagnostics(uri);
      let v = await hoverValue(c, uri, onRedundant);
      assert.match(v, /Redundant attach/);
      assert.doesNotMatch(v, /from your rules file/);
      await hoverValue(c, uri, onRedundant);
      const warned = c.logs.filter((l) => /Could not locate the rules file: 'rules\/cr\.txt' is a relative path and no workspace folder is open/.test(l.message));
      assert.equal(warned.length, 1, `logs: ${JSON.stringify(c.logs.map((l) => l.message))}`);

      const ws = rulesIn(join(dir, 'ws-added'), 'ADDED-FOLDER');
      await c.connection.sendNotification(DidChangeWorkspaceFoldersNotification.type, { event: { added: [{ uri: ws, name: 'added' }], removed: [] } });
      await c.waitFor('the added folder\'s rules file to be read', () => c.logs.find((l) => /Read the rules file '.*ws-added/.test(l.message)));
      v = await hoverValue(c, uri, onRedundant);
      assert.match(v, /> ADDED-FOLDER 701\.3b/);
    });

    it('a file over 8 MB (here a sparse 1 GB one) is refused from its size, before any of it is read', async () => {
      const huge = join(dir, 'huge-cr.txt');
      writeFileSync(huge, SMALL_MTG);
      truncateSync(huge, 1024 * 1024 * 1024);
      client = await TestClient.start({ settings: { rulesFile: { mtg: huge } } });
      const c = client;
      const uri = freshUri('huge');
      await c.open(uri, mtg('2024-06-07', ...REDUNDANT_EVENTS));
      await c.waitForDiagnostics(uri);
      const refused = await c.waitFor('the refusal', () =>
        c.logs.find((l) => l.type === MessageType.Warning && /Could not read the rules file '.*huge-cr\.txt': it is 1024\.0 MB \(1,073,741,824 bytes\), more than the 8\.0 MB \(8,388,608 bytes\) a rules file may have/.test(l.message)),
      );
      assert.ok(refused);
      const v = await hoverValue(c, uri, onRedundant);
      assert.match(v, /Redundant attach/);
      assert.doesNotMatch(v, /from your rules file/);
      assert.ok(!c.logs.some((l) => /Read the rules file/.test(l.message)));
      assert.equal(c.logs.filter((l) => /Could not read the rules file/.test(l.message)).length, 1);
    });

    it('a file of just over 8 MB is refused too; one of the limit itself is read', async () => {
      const over = join(dir, 'over-cr.txt');
      const body = SMALL_MTG + '\r\n';
      writeFileSync(over, body + ' '.repeat(MAX - Buffer.byteLength(body) + 1));
      const at = join(dir, 'at-limit-cr.txt');
      writeFileSync(at, body + ' '.repeat(MAX - Buffer.byteLength(body)));
      client = await TestClient.start({ settings: { rulesFile: { mtg: over } } });
      const c = client;
      const uri = freshUri('over');
      await c.open(uri, mtg('2024-06-07', ...REDUNDANT_EVENTS));
      await c.waitFor('the refusal', () => c.logs.find((l) => /Could not read the rules file '.*over-cr\.txt': it is 8\.0 MB \(8,388,609 bytes\), more than/.test(l.message)));
      await c.changeConfiguration({ rulesFile: { mtg: at } });
      await c.waitFor('the file at the limit to be read', () => c.logs.find((l) => /Read the rules file '.*at-limit-cr\.txt'/.test(l.message)), 30_000);
      assert.match(await hoverValue(c, uri, onRedundant), /> SMALL 701\.3b/);
    });
  });

  const real = existsSync(REAL_MTG) && existsSync(REAL_RIFTBOUND);
  (real ? describe : describe.skip)('with the real documents', () => {
    it('MTG Comprehensive Rules 2024-06-07: the official 701.3b under a redundant equip; 701.12e of 2025-06-06 is the file\'s 701.10e', async () => {
      client = await TestClient.start({ settings: { rulesFile: { mtg: REAL_MTG } } });
      const c = client;
      const uri = freshUri('real-mtg');
      await c.open(uri, mtg('2024-06-07', ...REDUNDANT_EVENTS));
      const p = await c.waitForDiagnostics(uri);
      const d = p.diagnostics.find((x) => x.code === 'redundant-attach')!;
      const v = await hoverValue(c, uri, d.range.start);
      assert.match(v, /> If an effect tries to attach an Aura, Equipment, or Fortification to an object or player it can’t be attached to, the Aura, Equipment, or Fortification doesn’t move\./);
      assert.match(v, /\*\(from your rules file, effective 2024-06-07\)\*/);
      await c.waitFor('the rules file to be read', () => c.logs.find((l) => /Read the rules file/.test(l.message)), 30_000);
      assert.ok(!c.publishesFor(uri).some(hasRulesFileFinding));

      const uri2 = freshUri('real-mtg-renumbered');
      const text = mtg('2025-06-06', '# 701.12e: exchanging a card that is attached', 'equip splitter to lion');
      await c.open(uri2, text);
      const warned = await c.waitForDiagnostics(uri2, hasRulesFileFinding, { timeoutMs: 10_000 });
      assert.equal(rulesFileDiagnostic(warned)!.code, 'rules-file-version');
      const h = await hoverValue(c, uri2, positionOf(text, '701.12e', 2));
      assert.match(h, /> If a card in one zone is exchanged with a card in a different zone/);
      assert.match(h, /where it is rule 701\.10e\)\*/);
    });

    it('Riftbound Core Rules v1.3: a v1.2 scenario\'s 421.1 (Attach) is quoted from the file\'s 434.1, not its 421.1 (Hide)', async () => {
      client = await TestClient.start({ settings: { rulesFile: { riftbound: REAL_RIFTBOUND } } });
      const c = client;
      const scenario = (version: string) =>
        ['game riftbound', `rules ${version}`, 'player alice', 'card lux "Lux": unit, might 3', 'card wand "Wand": gear — Equipment, equip, might-bonus 1, attached to lux', 'attach wand to lux', ''].join('\n');
      const uri = freshUri('real-riftbound-v12');
      await c.open(uri, scenario('v1.2'));
      const warned = await c.waitForDiagnostics(uri, hasRulesFileFinding, { timeoutMs: 10_000 });
      const w = rulesFileDiagnostic(warned)!;
      assert.equal(w.code, 'rules-file-version');
      assert.match(w.message, /Riftbound Core Rules v1\.3/);
      const d = warned.diagnostics.find((x) => x.code === 'redundant-attach')!;
      assert.match(d.message, /421\.1/);
      const v = await hoverValue(c, uri, d.range.start);
      assert.match(v, /> Attaching is the act of linking two cards on the board together/);
      assert.match(v, /where it is rule 434\.1\)\*/);
      assert.doesNotMatch(v, /Hiding a card/);

      const uri2 = freshUri('real-riftbound-v13');
      await c.open(uri2, scenario('v1.3'));
      const p = await c.waitForDiagnostics(uri2);
      const d2 = p.diagnostics.find((x) => x.code === 'redundant-attach')!;
      const v2 = await hoverValue(c, uri2, d2.range.start);
      assert.match(v2, /> Attaching a card to its current Top-Most Card will not have any effect\. \*\(from your rules file, effective 2026-03-30\)\*/);
      await c.waitFor('the rules file to be read', () => c.logs.find((l) => /Read the rules file/.test(l.message)), 30_000);
      assert.ok(!c.publishesFor(uri2).some(hasRulesFileFinding));
    });
  });
});
