// Rule numbers written in message templates (`(434.1.f)`) are shown in the numbering of the rules
// version the scenario declares, as the findings' lists of rules are (core/rules/versions.ts,
// `textRenumbering`; core/message.ts, `Message.renumber`): applied to the template as shown, after its
// translation is looked up, to the templates of its arguments too, never to an argument's own text.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { check, knownVersions, localizeFinding, msg, renderMessage, type Finding, type Game, type Message, type Step } from '../../core';
import { citedIn, textRenumbering } from '../../core/rules/versions';
import { FIXTURES_DIR, readText } from '../support/fixtures';

const root = join(__dirname, '..', '..', '..');
const version = (game: Game, id: string) => knownVersions(game).find((v) => v.id === id)!;
const newest = (game: Game) => knownVersions(game)[knownVersions(game).length - 1];

function bundle(language: string): (template: string) => string | undefined {
  const raw = JSON.parse(readFileSync(join(root, 'l10n', `bundle.l10n.${language}.json`), 'utf8')) as Record<string, string | { message: string }>;
  return (template) => {
    const v = raw[template];
    return v === undefined ? undefined : typeof v === 'string' ? v : v.message;
  };
}

describe('rule numbers in message texts', () => {
  describe('renderMessage with a renumbering', () => {
    const r = { game: 'riftbound' as const, numbers: { '434.1.f': '421.1.f', '801': '727' } };

    it('writes the template\'s numbers as the renumbering says, and never an argument\'s text', () => {
      const m: Message = { ...msg`${'lion 434.1.f'} detached from ${'434.1.f'} (434.1.f)`, renumber: r };
      assert.equal(renderMessage(m), 'lion 434.1.f detached from 434.1.f (421.1.f)');
      // Without one, as written.
      assert.equal(renderMessage(msg`${'a'} detached (434.1.f)`), 'a detached (434.1.f)');
    });

    it('renumbers the templates of arguments that are messages (a clause, a note of a step)', () => {
      const inner = msg`${'vi'} detached (434.1.f)`;
      const outer: Message = { ...msg`${'x'}; ${inner}`, renumber: r };
      assert.equal(renderMessage(outer), 'x; vi detached (421.1.f)');
      // An argument with its own renumbering keeps it.
      const own: Message = { ...msg`(434.1.f)`, renumber: { game: 'riftbound', numbers: { '434.1.f': '999.9' } } };
      assert.equal(renderMessage({ ...msg`${own} (434.1.f)`, renumber: r }), '(999.9) (421.1.f)');
    });

    it('applies to the translated template: the translation is looked up by the English one, then renumbered', () => {
      const m: Message = { ...msg`${'vi'} detached from ${'axe'} (434.1.f)`, renumber: r };
      const fr = (t: string) => (t === '{0} detached from {1} (434.1.f)' ? '{0} détaché de {1} (434.1.f)' : undefined);
      assert.equal(renderMessage(m, fr), 'vi détaché de axe (421.1.f)');
      // The nested template is translated and renumbered as well.
      const nested: Message = { ...msg`${'x'}: ${msg`${'vi'} detached from ${'axe'} (434.1.f)`}`, renumber: r };
      assert.equal(renderMessage(nested, fr), 'x: vi détaché de axe (421.1.f)');
      assert.equal(localizeFinding({ message: '', text: m, related: [], fixes: [] }, fr).message, 'vi détaché de axe (421.1.f)');
    });

    it('leaves code spans, placeholders, other numbers and the other game\'s rules alone', () => {
      const m: Message = { ...msg`\`might 801\` (801, 4341.1, 434.10) and MTG 801, Riftbound 801, v1.3, 2024-06-07`, renumber: r };
      assert.equal(renderMessage(m), '`might 801` (727, 4341.1, 434.10) and MTG 801, Riftbound 727, v1.3, 2024-06-07');
    });
  });

  describe('textRenumbering', () => {
    it('is nothing in the canonical numbering (the newest rules, or none declared)', () => {
      const m = msg`${'a'} detached (434.1.f)`;
      assert.equal(textRenumbering('riftbound', newest('riftbound'), m), undefined);
      assert.equal(textRenumbering('riftbound', undefined, m), undefined);
      assert.equal(textRenumbering('mtg', newest('mtg'), msg`(730.3)`), undefined);
    });

    it('maps each number that moves, for the message\'s game, once per template', () => {
      const v12 = version('riftbound', 'v1.2');
      const a = textRenumbering('riftbound', v12, msg`${'a'} detached (434.1.f), ${'b'} (719.3)`)!;
      assert.deepEqual({ ...a.numbers }, { '434.1.f': '421.1.f' });
      assert.equal(a.game, 'riftbound');
      assert.equal(textRenumbering('riftbound', v12, msg`${'c'} detached (434.1.f), ${'d'} (719.3)`), a, 'the same template: the same renumbering');
      // MTG: 730 was 727 until 2025-02-07, 728 from 2025-04-04, 729 from 2025-07-25.
      assert.deepEqual({ ...textRenumbering('mtg', version('mtg', '2024-06-07'), msg`(730.2i) and (730.3)`)!.numbers }, { '730.2i': '727.2i', '730.3': '727.3' });
      assert.deepEqual({ ...textRenumbering('mtg', version('mtg', '2025-06-06'), msg`(730.3)`)!.numbers }, { '730.3': '728.3' });
      // Nested messages: their numbers are found too, and merged.
      const both = textRenumbering('riftbound', v12, msg`${msg`(434.1.f)`}; ${msg`(143.4)`}; ${'144.2'}`)!;
      assert.deepEqual({ ...both.numbers }, { '434.1.f': '421.1.f', '143.4': '142.4' });
    });

    it('renumbers no argument that is text, and no number after the other game\'s name', () => {
      assert.equal(textRenumbering('riftbound', version('riftbound', 'v1.2'), msg`${'434.1.f'} (MTG 801)`), undefined);
      assert.deepEqual({ ...textRenumbering('riftbound', version('riftbound', 'v1.2'), msg`(Riftbound 801)`)!.numbers }, { '801': '727' });
    });

    it('writes a rule the version lacks as its nearest parent there, or as written when it has none', () => {
      // 434.1.g is first in v1.3: in v1.2 its parent 434.1 (v1.2's 421.1).
      assert.equal(citedIn('riftbound', version('riftbound', 'v1.2'), '434.1.g'), '421.1');
      assert.deepEqual({ ...textRenumbering('riftbound', version('riftbound', 'v1.2'), msg`(434.1.g)`)!.numbers }, { '434.1.g': '421.1' });
      // 434.5 is first in the rules of 2026-07-16: in v1.3 its parent, 434.
      assert.deepEqual({ ...textRenumbering('riftbound', version('riftbound', 'v1.3'), msg`(434.5)`)!.numbers }, { '434.5': '434' });
      // 335 (first in v1.3) has no parent: v1.2's number would be another rule's, so it stays as written.
      assert.equal(citedIn('riftbound', version('riftbound', 'v1.2'), '335'), undefined);
      assert.equal(textRenumbering('riftbound', version('riftbound', 'v1.2'), msg`(335)`), undefined);
    });
  });

  describe('fixtures under older rules', () => {
    function checked(file: string, rulesLine?: string): { findings: Finding[]; steps: Step[] } {
      let text = readText(join(FIXTURES_DIR, file));
      if (rulesLine !== undefined) text = text.replace(/^rules .*$/m, rulesLine);
      const r = check(text, { steps: true, expectations: false });
      return { findings: r.findings, steps: r.steps };
    }
    const messageAt = (findings: Finding[], line: number) => findings.filter((f) => f.range.start.line + 1 === line).map((f) => f.message).join(' | ');
    const stepAt = (steps: Step[], line: number) => steps.filter((s) => s.range.start.line + 1 === line).map((s) => s.summary).join(' | ');

    it('Riftbound v1.2: the findings\' texts and the step summaries cite v1.2\'s numbers', () => {
      const { findings, steps } = checked('riftbound/cited-text-v1.2.board');
      assert.match(messageAt(findings, 12), /reaches its Might \(142\.2\.a\)\.$/);
      assert.deepEqual(findings.find((f) => f.range.start.line + 1 === 12)!.rules, ['142.2']);
      assert.match(messageAt(findings, 18), /^Equip chooses its unit already \(744\.1\.b\.1\):/);
      assert.match(messageAt(findings, 19), /`this turn` \(317\.3\.a\)\.$/);
      // MTG's rule, named so, is not a Riftbound number.
      assert.match(messageAt(findings, 1), /\(MTG 801\);/);
      assert.match(stepAt(steps, 20), /to pay for its Standard Move \(143\.2\);.* while no unit was there \(340\.2\)$/);
      assert.match(stepAt(steps, 22), /recruit ceased to exist \(180\.1\)$/);
      // Translated: the French template, with v1.2's number.
      const fr = bundle('fr');
      const toughness = localizeFinding(findings.find((f) => f.range.start.line + 1 === 12)!, fr).message;
      assert.match(toughness, /propriété MTG.*\(142\.2\.a\)\.$/);
      assert.match(renderMessage(steps.find((s) => s.range.start.line + 1 === 20)!.summaryText!, fr), /\(143\.2\)/);
    });

    it('Riftbound v1.3 and the newest rules: their own numbers', () => {
      const v13 = checked('riftbound/cited-text-v1.2.board', 'rules v1.3');
      assert.match(messageAt(v13.findings, 12), /\(143\.2\.a\)\.$/);
      assert.match(stepAt(v13.steps, 22), /ceased to exist \(183\.1\)$/);
      const now = checked('riftbound/cited-text-v1.2.board', 'rules 2026-07-16');
      assert.match(messageAt(now.findings, 18), /\(818\.1\.b\.1\)/);
      assert.match(stepAt(now.steps, 20), /\(144\.2\);.*\(344\.2\)$/);
      assert.match(stepAt(now.steps, 22), /ceased to exist \(186\.1\)$/);
      for (const f of now.findings) assert.equal(f.text?.renumber, undefined, 'no renumbering in the canonical numbering');
    });

    it('MTG 2024-06-07: the step summaries of a merged permanent cite 727', () => {
      const { steps, findings } = checked('mtg/merged-notes-2024.board');
      assert.match(stepAt(steps, 16), /prowler turns over prowler \(727\.2i\): Sinuous Predator/);
      assert.match(stepAt(steps, 18), /each of its cards goes on its own \(727\.3\): prowler, heron/);
      assert.deepEqual(findings.find((f) => f.code === 'expectation-failed')!.rules, ['727.2', '727.3']);
      const it = bundle('it');
      assert.match(renderMessage(steps.find((s) => s.range.start.line + 1 === 18)!.summaryText!, it), /\(727\.3\)/);
      // The rules of 2024-02-02, before Rad Counters (725) came in, number Merging with Permanents 726.
      const feb = checked('mtg/merged-notes-2024.board', 'rules 2024-02-02');
      assert.match(stepAt(feb.steps, 18), /each of its cards goes on its own \(726\.3\): prowler, heron/);
      assert.deepEqual(feb.findings.find((f) => f.code === 'expectation-failed')!.rules, ['726.2', '726.3']);
      assert.match(stepAt(checked('mtg/merged-notes-2024.board', 'rules 2025-06-06').steps, 16), /\(728\.2i\)/);
      assert.match(stepAt(checked('mtg/merged-notes-2024.board', 'rules 2026-09-25').steps, 18), /\(730\.3\)/);
    });
  });

  // Every msg template of core/ (read as scripts/l10n/strings.mjs reads them) whose rule numbers move in
  // an older version of a game that may show it: its module's game (core/rules/mtg, core/rules/riftbound),
  // both for the shared modules. A new one is listed here, so that whoever writes it sees the game its
  // numbers are read in (a number of the other game is written after its name: `MTG 801`).
  it('the templates whose numbers move are these', () => {
    const script = `import(${JSON.stringify(join(root, 'scripts', 'l10n', 'strings.mjs'))}).then((m) => console.log(JSON.stringify(m.messageTemplates())))`;
    const templates = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })) as { id: string; text: string }[];
    const moved: string[] = [];
    for (const t of templates) {
      const file = t.id.replace(/^msg /, '').replace(/:\d+$/, '');
      const games: Game[] = file.startsWith('core/rules/mtg/') ? ['mtg'] : file.startsWith('core/rules/riftbound/') ? ['riftbound'] : ['mtg', 'riftbound'];
      for (const game of games) {
        for (const v of knownVersions(game)) {
          const r = textRenumbering(game, v, { template: t.text, args: [] });
          if (r) moved.push(`${file} ${game} ${v.id}: ${Object.entries(r.numbers).map(([a, b]) => `${a} → ${b}`).join(', ')}`);
        }
      }
    }
    const mtgOld = (n: string, to: (v: string) => string) =>
      ['2024-02-02', '2024-03-08', '2024-06-07', '2024-08-02', '2024-11-08', '2025-02-07', '2025-04-04', '2025-06-06', '2025-07-25', '2025-11-14'].map((v) => `core/rules/mtg/${n} mtg ${v}: ${to(v)}`);
    const merging = (v: string) => (v < '2024-03-08' ? '726' : v < '2025-04-04' ? '727' : v < '2025-07-25' ? '728' : '729');
    assert.deepEqual([...new Set(moved)].sort(), [
      'core/parser/parser.ts riftbound v1.2: 801.3.b → 727.3.b',
      'core/rules/riftbound/attach.ts riftbound v1.2: 818.1.b.1 → 744.1.b.1',
      'core/rules/riftbound/attach.ts riftbound v1.2: 434.1.f → 421.1.f',
      'core/rules/riftbound/cards.ts riftbound v1.2: 354 → 351',
      'core/rules/riftbound/cards.ts riftbound v1.2: 143.2.a → 142.2.a',
      'core/rules/riftbound/cards.ts riftbound v1.2: 136.2.c → 135.2.c',
      'core/rules/riftbound/cards.ts riftbound v1.2: 355.9.a → 352.8.a',
      'core/rules/riftbound/location.ts riftbound v1.2: 144.2 → 143.2',
      'core/rules/riftbound/location.ts riftbound v1.2: 344.2 → 340.2',
      'core/rules/riftbound/location.ts riftbound v1.2: 143.4 → 142.4',
      'core/rules/riftbound/riftbound.ts riftbound v1.2: 801.3.b → 727.3.b',
      'core/rules/riftbound/text.ts riftbound v1.2: 718.5.e → 718.8, 718.5.f → 718.8.a',
      'core/rules/riftbound/timing.ts riftbound v1.2: 317.2.c → 317.3.a',
      ...mtgOld('mutate.ts', (v) => `730.3 → ${merging(v)}.3`),
      ...mtgOld('transform.ts', (v) => `730.2i → ${merging(v)}.2i`),
    ].sort());
  });
});
