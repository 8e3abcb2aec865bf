// The French and Italian bundles (l10n/bundle.l10n.fr.json, .it.json, in the format @vscode/l10n
// reads) cover every rule explanation and every registry text, and keep what must not change: rule
// numbers, dates and counts, finding codes, backticked scenario keywords. No English prose is left.
// The list of strings comes from scripts/l10n/strings.mjs, run as a process on the compiled core.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REGISTRY } from '../../core/diagnostics/registry';
import { boardAt, boardCaption, check, header, parse, renderBoardSvg, rulesFileFindings, templatesOf, renderMessage, type Finding, type Message } from '../../core';
import { EXAMPLES_DIR, FIXTURES_DIR, listBoards, readText, withRulesFile, checkOptionsOf } from '../support/fixtures';
import { includeOptions } from '../../cli/includes';
import { backticked, codes, englishLeft, numbers, SAME_AS_ENGLISH, sorted } from './l10nChecks';

const root = join(__dirname, '..', '..', '..');
const dataDir = process.env.BOARD_RULES_DATA ?? join(root, '..', 'shared', 'data');
/** Rule 701.3 as fan wikis publish it in each language: to check terms against, never to copy. */
const WIKI: Record<string, string> = {
  fr: join(dataDir, 'mtg-701.3-attach-french-wiki.txt'),
  it: join(dataDir, 'mtg-701.3-attach-italian-wiki.txt'),
};
const MAX_SHARED_RUN = 8;
const LANGUAGES = ['fr', 'it'] as const;

interface Source { id: string; text: string }

function englishStrings(): Source[] {
  const out = execFileSync(process.execPath, [join(root, 'scripts', 'l10n', 'strings.mjs')], { encoding: 'utf8' });
  return JSON.parse(out) as Source[];
}

function readBundle(language: string): Map<string, string> {
  const raw = JSON.parse(readFileSync(join(root, 'l10n', `bundle.l10n.${language}.json`), 'utf8')) as Record<string, string | { message: string }>;
  return new Map(Object.entries(raw).map(([k, v]) => [k, typeof v === 'string' ? v : v.message]));
}

function words(text: string): string[] {
  return text.toLowerCase().replace(/[’']/g, ' ').split(/[^\p{L}\p{N}.]+/u).map((w) => w.replace(/\.+$/, '')).filter(Boolean);
}

/** A run of more than MAX_SHARED_RUN consecutive words that `text` shares with `source`, if any. */
function sharedRun(text: string, source: Set<string>): string | undefined {
  const w = words(text);
  for (let i = 0; i + MAX_SHARED_RUN < w.length; i++) {
    const run = w.slice(i, i + MAX_SHARED_RUN + 1).join(' ');
    if (source.has(run)) return run;
  }
  return undefined;
}

function runsOf(text: string): Set<string> {
  const w = words(text);
  const out = new Set<string>();
  for (let i = 0; i + MAX_SHARED_RUN < w.length; i++) out.add(w.slice(i, i + MAX_SHARED_RUN + 1).join(' '));
  return out;
}


/**
 * The CLI's help names its commands and arguments as they are typed (`rules RULE`, `--at LINE`,
 * `--lang en|fr|it`): those words are syntax, not prose, in its translations.
 */
const HELP_START = '{0} {1}: checks the attach rules';
const HELP_SYNTAX = ['rules', 'rule', 'line', 'it'];

/** Every way a bundle falls short of the English strings; empty when it is complete and faithful. */
function problems(sources: Source[], bundle: Map<string, string>, language: string): string[] {
  const out: string[] = [];
  const english = new Set(sources.map((s) => s.text));
  const reported = new Set<string>();
  for (const { id, text } of sources) {
    if (reported.has(text)) continue;
    reported.add(text);
    const t = bundle.get(text);
    if (t === undefined) { out.push(`${language}: no translation of ${id}`); continue; }
    if (t.trim() === '') { out.push(`${language}: empty translation of ${id}`); continue; }
    if (t === text && !SAME_AS_ENGLISH[language]?.includes(text)) out.push(`${language}: ${id} is left in English`);
    for (const [what, f] of [['rule numbers', numbers], ['backticked spans', backticked], ['finding codes', codes]] as const) {
      const want = sorted(f(text)), got = sorted(f(t));
      if (want.join('\n') !== got.join('\n')) out.push(`${language}: ${id}: ${what} ${JSON.stringify(got)} instead of ${JSON.stringify(want)}`);
    }
    const syntax = text.startsWith(HELP_START) ? HELP_SYNTAX : [];
    const left = englishLeft(t).filter((w) => !syntax.includes(w));
    if (left.length) out.push(`${language}: ${id}: English words left: ${left.join(', ')}`);
  }
  for (const k of bundle.keys()) if (!english.has(k)) out.push(`${language}: stale entry (no longer an English string): ${JSON.stringify(k.slice(0, 80))}`);
  return out;
}

/**
 * Codes whose messages are still built as plain English strings (the parser's syntax errors, the
 * includes, the rules-file and expectation findings): not converted to msg templates yet (see
 * docs/l10n.md). Any other code whose message is no msg template fails the replay check.
 */
const NOT_CONVERTED = new Set<string>([]);

/** As strings.mjs: a template with no letter outside placeholders and code spans reads the same in every language. */
function needsTranslation(template: string): boolean {
  return /\p{L}/u.test(template.replace(/`[^`]*`/g, '').replace(/\{\d+\}/g, ''));
}

function placeholders(s: string): string[] {
  return sorted([...s.matchAll(/\{\d+\}/g)].map((m) => m[0]));
}

/** Every way the bundle falls short of the msg templates: missing (and not pending), placeholders changed, a pending entry that is translated or gone. */
function templateProblems(templates: Source[], bundle: Map<string, string>, pending: Set<string>, language: string): string[] {
  const out: string[] = [];
  const texts = new Set(templates.map((t) => t.text));
  for (const { id, text } of templates) {
    const tr = bundle.get(text);
    if (tr === undefined) {
      if (!pending.has(text)) out.push(`${language}: no translation of ${id}: ${JSON.stringify(text)}`);
      continue;
    }
    if (pending.has(text)) out.push(`${language}: ${id} is translated: remove it from l10n/untranslated.json`);
    if (placeholders(tr).join() !== placeholders(text).join()) out.push(`${language}: ${id}: placeholders ${placeholders(tr).join(' ')} instead of ${placeholders(text).join(' ')}`);
  }
  if (templates.length > 1) for (const k of pending) if (!texts.has(k)) out.push(`${language}: l10n/untranslated.json lists ${JSON.stringify(k.slice(0, 60))}, no longer a template`);
  return out;
}

/** The message with its plain arguments (names, ids, scenario words) set aside, for the English-words check. */
function withoutPlainArgs(m: Message): Message {
  return { template: m.template, args: m.args.map((a) => (typeof a === 'object' ? withoutPlainArgs(a) : 'X')) };
}

describe('translations (l10n/bundle.l10n.fr.json, .it.json)', () => {
  const sources = englishStrings();
  const pending = new Set<string>(JSON.parse(readFileSync(join(root, 'l10n', 'untranslated.json'), 'utf8')) as string[]);

  it('lists every rule explanation and registry text', () => {
    const ids = new Set(sources.map((s) => s.id));
    assert.ok(ids.has('rule mtg 701.3b text') && ids.has('rule riftbound 434.1.g title') && ids.has('rule riftbound 124 earlier[0] text'));
    for (const code of REGISTRY.keys()) for (const f of ['title', 'doc', 'fixes']) assert.ok(ids.has(`code ${code} ${f}`), `code ${code} ${f}`);
    assert.ok(ids.has('code not-attachable riftboundTitle'));
    assert.ok(sources.length > 300, `${sources.length} strings`);
  });

  for (const language of LANGUAGES) {
    it(`${language}: every string translated, none stale, numbers, codes and keywords kept, no English left`, () => {
      assert.deepEqual(problems(sources.filter((x) => !pending.has(x.text)), readBundle(language), language), []);
    });
  }

  for (const language of LANGUAGES) {
    it(`${language}: no translation copies a run of more than ${MAX_SHARED_RUN} words of the published 701.3`, function () {
      if (!existsSync(WIKI[language])) {
        console.log(`      NOTE: ${WIKI[language]} is absent; skipped (set BOARD_RULES_DATA to the folder).`);
        return this.skip();
      }
      const source = runsOf(readFileSync(WIKI[language], 'utf8'));
      const copied: string[] = [];
      for (const [en, t] of readBundle(language)) {
        const run = sharedRun(t, source);
        if (run) copied.push(`${JSON.stringify(en.slice(0, 40))}: "${run}"`);
      }
      assert.deepEqual(copied, []);
      // The check can fail: a sentence of the published text is caught.
      const published = readFileSync(WIKI[language], 'utf8').split('\n').find((l) => l.startsWith('701.3b'))!;
      assert.ok(sharedRun(published, source));
    });
  }

  it('the checks catch a missing entry, a stale key, a changed number, a dropped keyword and English left', () => {
    const fr = readBundle('fr');
    const some = sources.find((s) => s.id === 'code redundant-attach doc')!;
    // Only what the mutation adds (the bundle may already hold keys of a branch not merged yet).
    const before = new Set(problems(sources, fr, 'fr'));
    const pick = (needle: RegExp) => problems(sources, mutated, 'fr').filter((p) => needle.test(p) && !before.has(p));
    let mutated = new Map(fr);
    mutated.delete(some.text);
    assert.deepEqual(pick(/no translation/), ['fr: no translation of code redundant-attach doc']);
    mutated = new Map(fr);
    mutated.set('An English string the core no longer has', 'Une chaîne');
    assert.equal(pick(/stale entry/).length, 1);
    mutated = new Map(fr);
    mutated.set(some.text, fr.get(some.text)!.replace('434.1.g/h', '434.1.g'));
    assert.equal(pick(/rule numbers/).length, 1);
    mutated = new Map(fr);
    mutated.set(some.text, fr.get(some.text)!.replace('`illegal-attachment`', 'illegal-attachment'));
    assert.equal(pick(/backticked spans/).length, 1);
    mutated = new Map(fr);
    mutated.set(some.text, fr.get(some.text)! + ' It does nothing to the host.');
    assert.equal(pick(/English words left/).length, 1);
    // A file path is a name, but an English word beside it is still caught.
    mutated = new Map(fr);
    mutated.set(some.text, fr.get(some.text)! + ' Voir docs/cards.md.');
    assert.equal(pick(/English words left/).length, 0);
    mutated.set(some.text, fr.get(some.text)! + ' Voir the docs/cards.md.');
    assert.deepEqual(pick(/English words left/), ['fr: code redundant-attach doc: English words left: the']);
    mutated = new Map(fr);
    mutated.set('Redundant attach', 'Redundant attach');
    assert.deepEqual(pick(/left in English/), ['fr: code redundant-attach title is left in English']);
  });

  // The finding messages: every msg template of core/ (read statically by strings.mjs) is in both
  // bundles with the same placeholders. l10n/untranslated.json lists the templates not translated
  // yet; it may only shrink (an entry that is translated, or no longer a template, fails too).
  const templates = sources.filter((s) => s.id.startsWith('msg '));

  it('finds the msg templates of the core', () => {
    const texts = new Set(templates.map((t) => t.text));
    // A plain one, one with arguments, a clause nested in another's argument.
    assert.ok(texts.has('{0} became attached here'));
    assert.ok(texts.has("{0} can't start attached to {1}: {2}. {3}. Remove `attached to {4}`{5}.{6}"));
    assert.ok(texts.has('It starts unattached'));
    assert.ok(templates.length > 300, `${templates.length} templates`);
  });

  for (const language of LANGUAGES) {
    it(`${language}: every msg template has its translation (or is listed in l10n/untranslated.json), with the same placeholders`, () => {
      const bundle = readBundle(language);
      assert.deepEqual(templateProblems(templates, bundle, pending, language), []);
    });
  }

  it('the template checks catch a missing entry, a lost placeholder and a stale pending entry', () => {
    const fr = readBundle('fr');
    const t = templates.find((x) => x.text === '{0} became attached here')!;
    let mutated = new Map(fr);
    mutated.delete(t.text);
    assert.deepEqual(templateProblems([t], mutated, new Set(), 'fr'), [`fr: no translation of ${t.id}: ${JSON.stringify(t.text)}`]);
    mutated = new Map(fr);
    mutated.set(t.text, fr.get(t.text)!.replace('{0}', 'X'));
    assert.equal(templateProblems([t], mutated, new Set(), 'fr').length, 1);
    assert.equal(templateProblems([t], fr, new Set([t.text]), 'fr').length, 1);
  });

  // Replaying every fixture and example in French and Italian: no finding message, related
  // location or fix title keeps an untranslated template, and what is shown has no English words
  // left (plain arguments, which are names, ids and scenario words, are set aside for that check).
  const boards = [...listBoards(FIXTURES_DIR), ...listBoards(EXAMPLES_DIR)];
  const findings: Finding[] = [];
  for (const file of boards) {
    const text = readText(file);
    findings.push(...check(text, { ...includeOptions(file, FIXTURES_DIR), ...checkOptionsOf(text), expectations: false }).findings);
    const date = withRulesFile(text);
    if (date) findings.push(...rulesFileFindings({ game: undefined, effective: date }, header(parse(text))));
  }
  const statics = new Set(templates.map((t) => t.text));
  const messagesOf = (f: Finding): Message[] => [f.text, ...f.related.flatMap((r) => (r.text ? [r.text] : [])), ...f.fixes.flatMap((x) => (x.titleText ? [x.titleText] : []))];

  it(`replays ${boards.length} fixtures and examples, and every finding, related location and fix title has its template`, () => {
    assert.ok(findings.length > 200, `${findings.length} findings`);
    const without: string[] = [];
    for (const f of findings) {
      if (NOT_CONVERTED.has(f.code)) continue;
      if (!f.text || renderMessage(f.text) !== f.message) without.push(`${f.code}: ${f.message}`);
      for (const r of f.related) if (!r.text) without.push(`${f.code} related: ${r.message}`);
      for (const x of f.fixes) if (!x.titleText) without.push(`${f.code} fix: ${x.title}`);
    }
    assert.deepEqual([...new Set(without)], []);
  });

  for (const language of LANGUAGES) {
    it(`${language}: the fixtures' and examples' findings have no untranslated template and no English left`, () => {
      const bundle = readBundle(language);
      const t = (k: string) => bundle.get(k);
      const problems = new Set<string>();
      for (const f of findings) {
        if (!statics.has(f.text.template) && needsTranslation(f.text.template)) {
          // A message still written as a plain string (not a msg of core/): only the codes listed as not converted yet.
          if (!NOT_CONVERTED.has(f.code)) problems.add(`${language}: ${f.code}: message is no msg template: ${JSON.stringify(f.message)}`);
          continue;
        }
        for (const m of messagesOf(f)) {
          for (const k of templatesOf(m)) if (!bundle.has(k) && needsTranslation(k) && !pending.has(k)) problems.add(`${language}: ${f.code}: untranslated ${JSON.stringify(k)}`);
          if ([...templatesOf(m)].some((k) => pending.has(k))) continue;
          const left = englishLeft(renderMessage(withoutPlainArgs(m), t));
          if (left.length) problems.add(`${language}: ${f.code}: English words left (${left.join(', ')}) in ${JSON.stringify(renderMessage(m, t))}`);
        }
      }
      assert.deepEqual([...problems], []);
    });
  }

  // The step summaries (inlay hints, step review) and the board pictures' labels of every fixture
  // and example, drawn in French and Italian: every template they ask for is translated.
  for (const language of LANGUAGES) {
    it(`${language}: step summaries, captions and board pictures of the fixtures and examples are translated`, () => {
      const bundle = readBundle(language);
      const missing = new Set<string>();
      const translate = (k: string) => {
        const t = bundle.get(k);
        if (t === undefined && needsTranslation(k)) missing.add(k);
        return t;
      };
      let pictures = 0;
      let summaries = 0;
      for (const file of boards) {
        const text = readText(file);
        const result = check(text, { ...includeOptions(file, FIXTURES_DIR), ...checkOptionsOf(text), expectations: false, steps: true });
        for (const step of result.steps) {
          if (step.summaryText) for (const k of templatesOf(step.summaryText)) translate(k);
          if (step.summary) summaries++;
        }
        const doc = parse(text);
        const last = text.split('\n').length;
        for (const line of [0, Math.floor(last / 2), last]) {
          const board = boardAt(text, line, doc);
          // The caption quotes the scenario's line (its own words): its template is checked, not drawn here.
          renderMessage(boardCaption(doc, text, line).text, translate);
          const svg = renderBoardSvg(board, { translate });
          pictures++;
          // No English label left in the picture: its texts, with the board's own names and words
          // (ids, card names, type lines, keywords, zone places) set aside.
          const names = new Set<string>();
          for (const c of board.cards) for (const w of [c.id, c.name, ...c.supertypes, ...c.types, ...c.subtypes, ...(c.keywords ?? []), ...(c.protections ?? []), ...(c.lost ?? []), c.zone, ...(c.faceDown ? [c.faceDown.name] : [])]) names.add(w);
          for (const pl of board.players) for (const w of [pl.id, ...(pl.keywords ?? [])]) names.add(w);
          for (const m of svg.matchAll(/<(?:text|title)[^>]*>([^<]*)</g)) {
            let shown = m[1].replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'");
            // A name shortened to fit (`Lightning Rod // Rod of Sto…`) is set aside from where it starts.
            shown = shown.replace(/[^\n·:]*…/g, ' ');
            for (const n of [...names].sort((x, y) => y.length - x.length)) {
              if (n) shown = shown.replace(new RegExp(`(?<![\\p{L}\\p{N}_-])${n.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(?![\\p{L}\\p{N}_-])`, 'gu'), ' ');
            }
            const left = englishLeft(shown);
            if (left.length) missing.add(`${language}: picture text ${JSON.stringify(m[1].slice(0, 60))}: English words ${left.join(', ')}`);
          }
        }
      }
      assert.ok(summaries > 100 && pictures > 300, `${summaries} summaries, ${pictures} pictures`);
      assert.deepEqual([...missing], []);
      // The check can fail: an English-only picture asks for its labels.
      const some = new Set<string>();
      renderBoardSvg(boardAt(readText(boards[0]), 99), { translate: (k) => (some.add(k), undefined) });
      assert.ok(some.has('Players') || some.has('card (id, name, type; tN: timestamp)'));
    });
  }
});
