// Every rule number the project cites or explains, held to the official documents (issue 19):
//   1. it exists, with that number, in each version it is cited for: in the official document of the
//      versions we have one of (../shared/data: MTG CR 2024-06-07, Riftbound Core Rules v1.3), and in
//      the version tables for every version (round trips, one number per rule, `introduced`, and the
//      numbers REFERENCE_NUMBERS pins for versions without a document); also a document's own rule
//      with a cited number must not read (canonicalOf) as another rule;
//   2. no explanation shares a run of more than eight consecutive words with its rule's official text
//      or the text of a rule it belongs to (nor is a long sentence of it with one word swapped);
//   3. every explained rule that the document has is explained, under a title that is not another
//      rule's heading.
// Each check collects all its problems and compares them with KNOWN_FAILING, so one run lists them
// all, a new problem fails, and a known one that no longer fails fails too (the list only shrinks).
//
// Which numbers: the keys of MTG_RULES and RIFTBOUND_RULES, the registry's `rules`, the keys of the
// tables' `introduced`, and every rule number written in the code under core/rules/<game>/ (quoted
// literals and numbers in message text, comments excluded). The code is scanned rather than asked for
// a list: the rulesets compute their citations inline (ternaries, helpers returning `rules`, message
// text), and a list kept beside them is a second copy that can drift, which is the error this guards.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REGISTRY, canonicalIn, canonicalOf, citeAs, existsIn, explainRule, parseRulesFile, resolveVersion, type Game, type RulesDocument, type RulesVersion } from '../../core';
import { MTG_RULES, type RuleExplanation } from '../../core/rules/mtg/explanations';
import { RIFTBOUND_RULES } from '../../core/rules/riftbound/explanations';
import { versionTables } from '../../core/rules/versions';

const root = join(__dirname, '..', '..', '..');
const dataDir = process.env.BOARD_RULES_DATA ?? join(root, '..', 'shared', 'data');
const DOCUMENTS: Record<Game, string> = {
  mtg: join(dataDir, 'mtg-comprehensive-rules-2024-06-07.txt'),
  riftbound: join(dataDir, 'riftbound-core-rules-v1.3.tsv'),
};
const GAMES: Game[] = ['mtg', 'riftbound'];
const EXPLANATIONS: Record<Game, Record<string, RuleExplanation>> = { mtg: MTG_RULES, riftbound: RIFTBOUND_RULES };

/**
 * Problems known today (issue 19, ../shared/review/explanations-audit.md), each with why. Fixing one
 * makes this test fail until its entry is removed here; a problem not listed here fails at once.
 * Key: `<check> <game> <version> <canonical number>`.
 */
const KNOWN_FAILING: Record<string, string> = {
  // Empty: every problem the audit (and the first run of this test) found is fixed. Add an entry
  // only with its reason, and only for a problem that can't be fixed yet.
};

/**
 * One rule in an old version that a later version split in two: both canonical rules are cited by
 * the old number, which reads back as one of them. Riftbound v1.2's 435.1 (unattached gear at a
 * battlefield is recalled) became v1.3's 149.3 and 452.1 (now 457.1).
 */
const SPLIT_LATER: Record<Game, Record<string, Record<string, string[]>>> = {
  mtg: {},
  riftbound: { 'v1.2': { '435.1': ['149.3', '457.1'] } },
};

/**
 * Numbers read in a copy of a version we have no document of, pinned: citeAs must give them. From the
 * audit's reading of a public copy of Riftbound v1.2 (2025-12-01), marked "v1.2 copy" there; not
 * checked against a document here.
 */
const REFERENCE_NUMBERS: Record<Game, Record<string, Record<string, string>>> = {
  mtg: {},
  riftbound: {
    'v1.2': {
      '457.1': '435.1',
      '434.4.a': '421.4.a',
      '718.5.c': '718.6',
      '718.5.d': '718.7',
      '718.5.e': '718.8',
      '718.5.f': '718.8.a',
      '718.5.g': '718.8.b',
      // Only units move: 425.3 in v1.2, 442.3 in v1.3, no longer a rule in 2026-07-16.
      '442.3': '425.3',
      // Gear's activated abilities (Equip's timing): 148.2 in v1.2, 150.2 in v1.3, 151.2 now.
      '151.2': '148.2',
      // The tokens rules (v1.3: 183, 183.1).
      '186': '180',
      '186.1': '180.1',
      // Playing or activating abilities, its last step: an ability carried out as a spell is (v1.3 and now 406.5).
      '406.5': '394.5',
    },
  },
};

// ---- collecting the numbers ---------------------------------------------------------------------

/** A rule number of the game, as written in the code or a document. */
const NUMBER: Record<Game, RegExp> = {
  mtg: /(?<![\d.])\d{3}\.\d+[a-z]*/g,
  riftbound: /(?<![\d.])\d{3}(?:\.[0-9a-z]+)+/g,
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? sourceFiles(p) : n.endsWith('.ts') ? [p] : [];
  });
}

function withoutComments(src: string): string {
  return src.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/** Canonical number → where it comes from. */
function citedNumbers(game: Game): Map<string, Set<string>> {
  const cited = new Map<string, Set<string>>();
  const add = (n: string, from: string) => {
    if (!cited.has(n)) cited.set(n, new Set());
    cited.get(n)!.add(from);
  };
  for (const n of Object.keys(EXPLANATIONS[game])) add(n, 'explained');
  for (const info of REGISTRY.values()) for (const n of info.rules[game]) add(n, `registry ${info.code}`);
  for (const n of Object.keys(versionTables(game).introduced)) add(n, 'introduced');
  for (const n of Object.keys(versionTables(game).removed)) add(n, 'removed');
  for (const file of sourceFiles(join(root, 'core', 'rules', game))) {
    const src = withoutComments(readFileSync(file, 'utf8'));
    const from = relative(root, file);
    for (const m of src.matchAll(NUMBER[game])) add(m[0], from);
    for (const m of src.matchAll(/['"`](\d{3})['"`]/g)) add(m[1], from);
  }
  return cited;
}

const CITED: Record<Game, Map<string, Set<string>>> = { mtg: citedNumbers('mtg'), riftbound: citedNumbers('riftbound') };

function sources(game: Game, n: string): string {
  return [...(CITED[game].get(n) ?? [])].join(', ');
}

/** 702.16c → 702.16 → 702; 818.1.b.1 → 818.1.b → 818.1 → 818 (as explainRule walks up). */
function parentOf(n: string): string | undefined {
  const cut = n.match(/^(.*\d)[a-z]+$/) ?? n.match(/^(.*)\.[a-z0-9]+$/);
  return cut && cut[1] !== '' ? cut[1] : undefined;
}

function ancestors(n: string): string[] {
  const out: string[] = [];
  for (let p = parentOf(n); p; p = parentOf(p)) out.push(p);
  return out;
}

// ---- the documents ------------------------------------------------------------------------------

interface Official {
  doc: RulesDocument;
  version: RulesVersion;
}

const officialCache = new Map<Game, Official | undefined>();

function official(game: Game): Official | undefined {
  if (!officialCache.has(game)) {
    let o: Official | undefined;
    if (existsSync(DOCUMENTS[game])) {
      const doc = parseRulesFile(readFileSync(DOCUMENTS[game], 'utf8'));
      const version = resolveVersion(game, doc.effective);
      assert.equal(doc.game, game, `${DOCUMENTS[game]} is not read as a ${game} document`);
      assert.ok(version && version.date === doc.effective, `${DOCUMENTS[game]}: effective ${doc.effective} is not a version the checker knows`);
      o = { doc, version };
    }
    officialCache.set(game, o);
  }
  return officialCache.get(game);
}

/** The games whose document is here; skips the test, with a notice, when there is none. */
const noticed = new Set<Game>();

function documentsOrSkip(ctx: Mocha.Context): Game[] {
  const here = GAMES.filter((g) => official(g));
  for (const g of GAMES.filter((x) => !here.includes(x) && !noticed.has(x))) {
    noticed.add(g);
    console.log(`      NOTE: ${DOCUMENTS[g]} is absent; the ${g} checks against the official text are skipped (set BOARD_RULES_DATA to the folder).`);
  }
  if (here.length === 0) ctx.skip();
  return here;
}

// ---- problems and the known ones ----------------------------------------------------------------

interface Problem {
  key: string;
  detail: string;
}

function problem(check: string, game: Game, version: string, canonical: string, detail: string): Problem {
  return { key: `${check} ${game} ${version} ${canonical}`, detail };
}

/** New problems and fixed known ones of `check`, for the games it could check, must both be none. */
function assertOnlyKnown(check: string, games: Game[], problems: Problem[]): void {
  const found = new Map(problems.map((p) => [p.key, p.detail]));
  const known = Object.keys(KNOWN_FAILING).filter((k) => k.startsWith(`${check} `) && games.some((g) => k.startsWith(`${check} ${g} `)));
  const fresh = [...found].filter(([k]) => !(k in KNOWN_FAILING)).map(([k, d]) => `${k}: ${d}`);
  const fixed = known.filter((k) => !found.has(k)).map((k) => `${k} passes now: remove it from KNOWN_FAILING (${KNOWN_FAILING[k]})`);
  assert.deepEqual([...fresh, ...fixed], [], `${fresh.length} new problem(s), ${fixed.length} known problem(s) fixed`);
}

// ---- the texts ----------------------------------------------------------------------------------

/** Lower case words, punctuation and apostrophes dropped ("can’t" → "cant"). */
function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/['’‘`]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
}

/** The longest run of consecutive words both texts share. */
function longestRun(a: string[], b: string[]): string[] {
  let best = 0;
  let end = 0;
  let prev = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    const cur = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) {
      if (a[i - 1] === b[j - 1]) {
        cur[j] = prev[j - 1] + 1;
        if (cur[j] > best) [best, end] = [cur[j], i];
      }
    }
    prev = cur;
  }
  return a.slice(end - best, end);
}

/**
 * The longest aligned run with exactly one word swapped (the official sentence with one word
 * changed), counted in shared words; the swapped word is shown in brackets.
 */
function longestRunOneSwapped(a: string[], b: string[]): { shared: number; run: string } {
  let best = { shared: 0, run: '' };
  for (let d = -b.length + 1; d < a.length; d++) {
    // Along the diagonal i - j = d: a window with at most one mismatch.
    let start = Math.max(0, d);
    let miss = -1;
    for (let i = start; i < a.length && i - d < b.length; i++) {
      if (a[i] !== b[i - d]) {
        if (miss >= 0) start = miss + 1;
        miss = i;
      }
      const shared = i - start + 1 - (miss >= start ? 1 : 0);
      if (miss >= start && shared > best.shared) {
        best = { shared, run: a.slice(start, i + 1).map((w, k) => (start + k === miss ? `[${w} / ${b[miss - d]}]` : w)).join(' ') };
      }
    }
  }
  return best;
}

/** The official rules whose text is a heading ("702.6. Equip", "434. Attach"): normalised heading → numbers. */
function headings(doc: RulesDocument): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [n, text] of doc.rules) {
    if (text.includes('\n') || /[.:]$/.test(text) || words(text).length > 5) continue;
    const h = words(text).join(' ');
    out.set(h, [...(out.get(h) ?? []), n]);
  }
  return out;
}

const MAX_SHARED_RUN = 8;
/**
 * The issue's measure misses a sentence copied with one word changed (613.7e: "gets" for
 * "receives"), so a second one: an aligned run with one word swapped sharing more than this many
 * words. Higher than MAX_SHARED_RUN because at 9 it flags two standard phrases joined by another
 * preposition ("an Aura, Equipment or Fortification [onto / to] an object or player").
 */
const MAX_SHARED_ONE_SWAPPED = 11;

// ---- the tests ----------------------------------------------------------------------------------

describe('rule numbers and explanations against the official rules', () => {
  it('collects the cited numbers from the code, the registry and the explanations', () => {
    for (const n of ['702.16c', '303.4j', '702.26g', '704.3', '613.7e', '702.6a']) assert.ok(CITED.mtg.has(n), `mtg ${n} not collected`);
    for (const n of ['818.1.c.2', '457.1', '719', '124', '434.1.h', '718.5.c']) assert.ok(CITED.riftbound.has(n), `riftbound ${n} not collected`);
    for (const [n, from] of CITED.mtg) assert.match(n, /^\d{3}(\.\d+[a-z]*)?$/, `mtg ${n} (${[...from]})`);
    for (const [n, from] of CITED.riftbound) assert.match(n, /^\d{3}(\.[0-9a-z]+)*$/, `riftbound ${n} (${[...from]})`);
  });

  it('every cited or explained number is a rule of the official document, with that number', function () {
    const games = documentsOrSkip(this);
    const problems: Problem[] = [];
    for (const game of games) {
      const { doc, version: v } = official(game)!;
      for (const c of CITED[game].keys()) {
        const n = citeAs(game, v, c);
        if (existsIn(game, v, c)) {
          if (!doc.rules.has(n)) problems.push(problem('number', game, v.id, c, `cited as ${n}, which is not a rule of ${v.label} [${sources(game, c)}]`));
        } else if (doc.rules.has(n)) {
          problems.push(problem('number', game, v.id, c, `\`introduced\` says it is newer than ${v.id}, but ${v.label} has ${n}: "${doc.rules.get(n)!.slice(0, 80)}" [${sources(game, c)}]`));
        }
        // The document's own rule with this number must read as a rule the tables cite by it, or a
        // hover on it (and `rules N --rules-version`) explains another rule.
        if (doc.rules.has(c)) {
          // canonicalIn gives undefined when the version's own rule c is not the one the checker
          // cites by that number (a hover says so); any number it gives must cite back as c.
          const reads = canonicalIn(game, v, c);
          const back = reads === undefined ? c : citeAs(game, v, reads);
          if (back !== c) {
            problems.push(problem('number', game, v.id, `${c} (written)`, `${v.id}'s own ${c} ("${doc.rules.get(c)!.slice(0, 60)}") reads as canonical ${reads}, which ${v.id} numbers ${back}: the tables give ${v.id}'s ${c} no number of its own`));
          }
        }
      }
    }
    assertOnlyKnown('number', games, problems);
  });

  it('the version tables are consistent in every version', () => {
    const problems: Problem[] = [];
    for (const game of GAMES) {
      const t = versionTables(game);
      const dates = t.versions.map((v) => v.date);
      t.versions.forEach((v, i) => {
        if (i > 0 && v.date <= t.versions[i - 1].date) problems.push(problem('tables', game, v.id, '-', `versions out of date order`));
        if (t.versions.findIndex((w) => w.id === v.id) !== i) problems.push(problem('tables', game, v.id, '-', `version listed twice`));
      });
      t.renumberings.forEach((r, i) => {
        if (!dates.includes(r.since)) problems.push(problem('tables', game, r.since, r.now, `renumbering ${r.old} → ${r.now} since ${r.since}, which is no version's date`));
        if (i > 0 && r.since > t.renumberings[i - 1].since) problems.push(problem('tables', game, r.since, r.now, `renumbering ${r.old} → ${r.now} is listed after an older one (citeAs applies them newest first)`));
      });
      for (const [c, since] of Object.entries(t.introduced) as [string, string][]) {
        if (!dates.includes(since)) problems.push(problem('tables', game, since, c, `\`introduced\` ${since}, which is no version's date`));
      }
      for (const [c, gone] of Object.entries(t.removed) as [string, string][]) {
        if (!dates.includes(gone)) problems.push(problem('tables', game, gone, c, `\`removed\` ${gone}, which is no version's date`));
        if (gone <= dates[0]) problems.push(problem('tables', game, gone, c, `\`removed\` ${gone}: no version has it`));
      }
      for (const v of t.versions) {
        const byCited = new Map<string, string>();
        for (const c of CITED[game].keys()) {
          if (!existsIn(game, v, c)) continue;
          const n = citeAs(game, v, c);
          // A number introduced later is not claimed for earlier versions: its parents exist wherever it does.
          for (const p of ancestors(c)) {
            if (!existsIn(game, v, p)) problems.push(problem('tables', game, v.id, c, `exists in ${v.id} (cited as ${n}), but its parent ${p} does not (\`introduced\` ${t.introduced[p]})`));
          }
          const back = canonicalOf(game, v, n);
          const split = SPLIT_LATER[game][v.id]?.[n];
          if (back !== c && !(split?.includes(c) && split.includes(back))) problems.push(problem('tables', game, v.id, c, `cited as ${n}, which reads back as ${back} (canonicalOf ∘ citeAs is not the identity)`));
          const other = byCited.get(n);
          if (other !== undefined && !(split?.includes(c) && split.includes(other))) problems.push(problem('tables', game, v.id, c, `cited as ${n}, as ${other} is: two rules, one number`));
          else byCited.set(n, c);
        }
        for (const [c, want] of Object.entries(REFERENCE_NUMBERS[game][v.id] ?? {})) {
          const n = citeAs(game, v, c);
          if (!existsIn(game, v, c)) problems.push(problem('tables', game, v.id, c, `${v.id} has it as ${want} (reference copy), but \`introduced\` says it is newer`));
          else if (n !== want) problems.push(problem('tables', game, v.id, c, `cited as ${n}, but ${v.id} numbers it ${want} (reference copy)`));
        }
      }
    }
    assertOnlyKnown('tables', GAMES, problems);
  });

  it(`no explanation shares a run of more than ${MAX_SHARED_RUN} consecutive words with its rule's official text`, function () {
    const games = documentsOrSkip(this);
    const problems: Problem[] = [];
    for (const game of games) {
      const { doc, version: v } = official(game)!;
      for (const c of Object.keys(EXPLANATIONS[game])) {
        if (!existsIn(game, v, c)) continue;
        // The explanation as shown for this version (a rule that changed has its earlier words).
        const e = explainRule(game, c, v)!;
        const n = citeAs(game, v, c);
        // The rule itself and the rules it belongs to (not its subrules).
        for (const m of [n, ...ancestors(n)]) {
          const text = doc.rules.get(m);
          if (text === undefined) continue;
          const off = words(text);
          for (const [field, ours] of [['title', e.title], ['text', e.text]] as const) {
            const run = longestRun(words(ours), off);
            if (run.length > MAX_SHARED_RUN) {
              problems.push(problem('copied', game, v.id, c, `${field} shares ${run.length} consecutive words with ${v.id} ${m}${m !== n ? ` (its parent)` : ''}: "${run.join(' ')}"`));
              continue;
            }
            const swapped = longestRunOneSwapped(words(ours), off);
            if (swapped.shared > MAX_SHARED_ONE_SWAPPED) {
              problems.push(problem('copied', game, v.id, c, `${field} is ${v.id} ${m}${m !== n ? ` (its parent)` : ''} with one word swapped, ${swapped.shared} words shared: "${swapped.run}"`));
            }
          }
        }
      }
    }
    assertOnlyKnown('copied', games, problems);
  });

  it("every explained rule the document has is explained, under a title that is not another rule's heading", function () {
    const games = documentsOrSkip(this);
    const problems: Problem[] = [];
    for (const game of games) {
      const { doc, version: v } = official(game)!;
      const heads = headings(doc);
      for (const c of CITED[game].keys()) {
        if (!existsIn(game, v, c) || !doc.rules.has(citeAs(game, v, c))) continue;
        const e = explainRule(game, c);
        if (!e || e.number !== c) {
          // Every number written in the rules code has its own explanation (docs.test.ts); the registry's too.
          if (CITED[game].get(c)!.has('introduced') && CITED[game].get(c)!.size === 1) continue;
          problems.push(problem('explained', game, v.id, c, `no explanation of its own${e ? ` (falls back to ${e.number})` : ''} [${sources(game, c)}]`));
          continue;
        }
        if (e.title.trim() === '' || e.text.trim() === '') problems.push(problem('explained', game, v.id, c, `empty ${e.title.trim() === '' ? 'title' : 'text'}`));
        const n = citeAs(game, v, c);
        const same = heads.get(words(e.title).join(' ')) ?? [];
        const family = [n, ...ancestors(n)];
        if (same.length > 0 && !same.some((h) => family.includes(h))) {
          problems.push(problem('explained', game, v.id, c, `titled "${e.title}", the heading of ${v.id} ${same.join(', ')}, not of ${n} or a rule it belongs to`));
        }
      }
    }
    assertOnlyKnown('explained', games, problems);
  });
});
