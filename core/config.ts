// The project config file, `board-scenario.json` (docs/config.md): parsed and validated here, purely;
// finding and reading it is the CLI's and the server's. A bad config never throws: every problem is
// a worded message naming the key, and the valid parts still apply. Paths are kept as written
// (relative to the config file's folder); the caller resolves them.
import type { Finding, Game, Severity } from './types';
import { REGISTRY } from './diagnostics/registry';
import { noSecondLook } from './fixes';
import { knownVersions, resolveVersion } from './rules/versions';
import { NameIndex } from './engine/suggest';
import { msg, said, type Message } from './message';

export const CONFIG_FILE_NAME = 'board-scenario.json';

export type ConfiguredSeverity = Severity | 'off';
export const CONFIG_SEVERITIES: readonly ConfiguredSeverity[] = ['error', 'warning', 'information', 'hint', 'off'];

export interface ProjectConfig {
  /** The rules version a scenario of that game is checked in when it has no `rules` line. */
  rulesVersion: Partial<Record<Game, string>>;
  /** The user's copy of the official rules, per game (as the editor's `boardScenario.rulesFile.*`). */
  rulesFile: Partial<Record<Game, string>>;
  /** Card data files, per game (loaded by whoever reads cards; here only parsed). */
  cards: Partial<Record<Game, string[]>>;
  /** A severity per finding code; `off` drops the code's findings. */
  severity: Record<string, ConfiguredSeverity>;
  /** Globs of paths (relative to the config file's folder, `/` separated) that are not checked. */
  exclude: string[];
}

export interface ConfigProblem {
  /** Where: the key path, e.g. `severity.redundant-attach` (empty for the whole file). */
  key: string;
  /** The English text (`renderMessage(text)`). */
  message: string;
  /** The text as a template and its arguments (core/message.ts), for the edges to translate. */
  text?: Message;
}

export function emptyConfig(): ProjectConfig {
  return { rulesVersion: {}, rulesFile: {}, cards: {}, severity: {}, exclude: [] };
}

const GAMES: readonly Game[] = ['mtg', 'riftbound'];
const KEYS = ['$schema', 'rulesVersion', 'rulesFile', 'cards', 'severity', 'exclude'];

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

function isObject(v: unknown): v is Record<string, Json> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function kindOf(v: unknown): Message {
  if (v === null) return msg`null`;
  if (Array.isArray(v)) return msg`a list`;
  switch (typeof v) {
    case 'object': return msg`an object`;
    case 'string': return msg`a string`;
    case 'number': return msg`a number`;
    case 'boolean': return msg`a boolean`;
    default: return msg`a value of type ${typeof v}`;
  }
}

let codeIndex: NameIndex | undefined;
function didYouMean(word: string, words: Iterable<string>, index?: NameIndex): Message | string {
  const close = (index ?? new NameIndex(words)).closest(word)[0];
  return close ? msg` Did you mean '${close}'?` : '';
}

/** A per-game object: `{ "mtg": V, "riftbound": V }`, each value checked by `value`. */
function perGame<T>(raw: Json, key: string, problems: ConfigProblem[], value: (v: Json, key: string, game: Game) => T | undefined): Partial<Record<Game, T>> {
  const out: Partial<Record<Game, T>> = {};
  if (!isObject(raw)) {
    problems.push({ key, ...said(msg`'${key}' must be an object with a key per game ("mtg", "riftbound"), not ${kindOf(raw)}.`) });
    return out;
  }
  for (const [g, v] of Object.entries(raw)) {
    if (!(GAMES as readonly string[]).includes(g)) {
      problems.push({ key: `${key}.${g}`, ...said(msg`'${g}' is not a game: the keys of '${key}' are "mtg" and "riftbound".${didYouMean(g, GAMES)}`) });
      continue;
    }
    const parsed = value(v, `${key}.${g}`, g as Game);
    if (parsed !== undefined) out[g as Game] = parsed;
  }
  return out;
}

function path(v: Json, key: string, problems: ConfigProblem[]): string | undefined {
  if (typeof v !== 'string' || v.trim() === '') {
    problems.push({ key, ...said(msg`'${key}' must be a path (a non-empty string, relative to the config file), not ${kindOf(v)}.`) });
    return undefined;
  }
  if (v.indexOf('\0') >= 0) {
    problems.push({ key, ...said(msg`'${key}' contains a NUL character, which no path can.`) });
    return undefined;
  }
  return v;
}

/**
 * Parses and validates the text of a `board-scenario.json`. Never throws: a text that is not JSON,
 * a key of the wrong type, an unknown key, code, game, severity or rules version is a problem; what
 * is valid is kept.
 */
export function parseConfig(text: string): { config: ProjectConfig; problems: ConfigProblem[] } {
  const config = emptyConfig();
  const problems: ConfigProblem[] = [];
  let raw: Json;
  try {
    raw = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as Json;
  } catch (e) {
    problems.push({ key: '', ...said(msg`The config is not valid JSON (${(e as Error)?.message ?? String(e)}). Write one JSON object, as in docs/config.md.`) });
    return { config, problems };
  }
  if (!isObject(raw)) {
    problems.push({ key: '', ...said(msg`The config must be one JSON object, not ${kindOf(raw)}.`) });
    return { config, problems };
  }
  for (const [key, v] of Object.entries(raw)) {
    switch (key) {
      case '$schema':
        break;
      case 'rulesVersion':
        config.rulesVersion = perGame(v, key, problems, (x, k, game) => {
          if (typeof x !== 'string' || !resolveVersion(game, x)) {
            const versions = knownVersions(game);
            problems.push({ key: k, ...said(msg`${typeof x === 'string' ? msg`'${x}'` : kindOf(x)} is not a ${game} rules version the checker knows: write one of ${versions.map((r) => r.id).join(', ')}, or a date from ${versions[0].date} on.`) });
            return undefined;
          }
          return x;
        });
        break;
      case 'rulesFile':
        config.rulesFile = perGame(v, key, problems, (x, k) => path(x, k, problems));
        break;
      case 'cards':
        config.cards = perGame(v, key, problems, (x, k) => {
          const list = typeof x === 'string' ? [x] : x;
          if (!Array.isArray(list)) {
            problems.push({ key: k, ...said(msg`'${k}' must be a list of paths, not ${kindOf(x)}.`) });
            return undefined;
          }
          const paths: string[] = [];
          list.forEach((p, i) => {
            const ok = path(p, `${k}[${i}]`, problems);
            if (ok !== undefined) paths.push(ok);
          });
          return paths;
        });
        break;
      case 'severity':
        if (!isObject(v)) {
          problems.push({ key, ...said(msg`'severity' must be an object of finding codes and severities, not ${kindOf(v)}.`) });
          break;
        }
        for (const [code, s] of Object.entries(v)) {
          if (!REGISTRY.has(code)) {
            codeIndex ??= new NameIndex(REGISTRY.keys());
            problems.push({ key: `severity.${code}`, ...said(msg`'${code}' is not a finding code.${didYouMean(code, [], codeIndex)} The codes are listed in docs/diagnostics.md.`) });
            continue;
          }
          if (typeof s !== 'string' || !(CONFIG_SEVERITIES as readonly string[]).includes(s)) {
            problems.push({ key: `severity.${code}`, ...said(msg`${typeof s === 'string' ? msg`'${s}'` : kindOf(s)} is not a severity: write one of ${CONFIG_SEVERITIES.join(', ')}.`) });
            continue;
          }
          config.severity[code] = s as ConfiguredSeverity;
        }
        break;
      case 'exclude':
        if (!Array.isArray(v)) {
          problems.push({ key, ...said(msg`'exclude' must be a list of globs (e.g. ["archive/**"]), not ${kindOf(v)}.`) });
          break;
        }
        v.forEach((g, i) => {
          if (typeof g !== 'string' || g === '') problems.push({ key: `exclude[${i}]`, ...said(msg`'exclude[${i}]' must be a glob (a non-empty string), not ${kindOf(g)}.`) });
          else config.exclude.push(g);
        });
        break;
      default:
        problems.push({ key, ...said(msg`'${key}' is not a key of the config.${didYouMean(key, KEYS)} The keys are ${KEYS.slice(1).join(', ')}.`) });
    }
  }
  return { config, problems };
}

/**
 * The findings with the config's severities: a code set to `off` is dropped, another gets its
 * severity. The input is not changed (a finding is copied only when its severity changes).
 */
export function applySeverities(findings: readonly Finding[], severity: Readonly<Record<string, ConfiguredSeverity>>): Finding[] {
  const out: Finding[] = [];
  let any = false;
  for (const _ in severity) {
    any = true;
    break;
  }
  if (!any) return [...findings];
  let dropped = false;
  for (const f of findings) {
    const s = severity[f.code];
    if (s === undefined || !Object.prototype.hasOwnProperty.call(severity, f.code)) out.push(f);
    else if (s === 'off') dropped = true;
    else out.push(s === f.severity ? f : { ...f, severity: s });
  }
  // A fix demoted for hiding another finding (Fix.hiding) may hide one turned off, which fix-all no
  // longer sees: it is not taken on fix-all's second look then.
  if (!dropped) return out;
  return out.map(noSecondLook);
}

// ---- globs ----------------------------------------------------------------------------------

/**
 * Does a `/`-separated relative path match a glob? `*` matches any characters but `/`, `?` one
 * character but `/`, `**` as a whole segment any number of segments (none included); a pattern
 * with no `/` matches a file or folder name at any depth (as .gitignore does), and so does `name/`
 * for a folder; any other pattern is relative to the config's folder (a leading `/` anchors too); a
 * pattern ending in `/` or `/**` matches everything under a folder. No regular expression is built from
 * the pattern: segments are matched by a greedy two-pointer scan (linear in pattern × text length
 * at worst per segment) and `**` by the same scan over segments.
 */
export function globMatch(pattern: string, relPath: string): boolean {
  let p = pattern.replace(/\\/g, '/');
  const path = relPath.replace(/\\/g, '/').replace(/^\.\//, '');
  if (p.startsWith('./')) p = p.slice(2);
  const anchored = p.startsWith('/');
  if (anchored) p = p.slice(1);
  // `drafts/`: a folder of that name at any depth (as .gitignore reads it), unless anchored by a leading `/`.
  if (p.endsWith('/')) p = (!anchored && p.indexOf('/') === p.length - 1 ? '**/' : '') + p + '**';
  const pats = p.split('/').filter((s, i, a) => s !== '' || i === a.length - 1);
  const segs = path.split('/').filter((s) => s !== '');
  // A pattern without a slash: the file or folder name anywhere.
  if (!p.includes('/')) return segs.some((s) => segmentMatch(pats[0], s));
  return segmentsMatch(pats, segs);
}

/** Segments against pattern segments, `**` matching any run of segments: the greedy scan with one backtrack point. */
function segmentsMatch(pats: string[], segs: string[]): boolean {
  let pi = 0;
  let si = 0;
  let starP = -1;
  let starS = 0;
  while (si < segs.length) {
    if (pi < pats.length && pats[pi] === '**') {
      starP = pi++;
      starS = si;
    } else if (pi < pats.length && segmentMatch(pats[pi], segs[si])) {
      pi++;
      si++;
    } else if (starP >= 0) {
      pi = starP + 1;
      si = ++starS;
    } else return false;
  }
  while (pi < pats.length && pats[pi] === '**') pi++;
  return pi === pats.length;
}

/** One segment against a pattern segment of `*`, `?` and literal characters: the greedy scan with one backtrack point. */
function segmentMatch(pat: string, s: string): boolean {
  let pi = 0;
  let si = 0;
  let star = -1;
  let mark = 0;
  while (si < s.length) {
    const c = pat.charCodeAt(pi);
    if (pi < pat.length && (c === 63 /* ? */ || c === s.charCodeAt(si))) {
      pi++;
      si++;
    } else if (pi < pat.length && c === 42 /* * */) {
      star = pi++;
      mark = si;
    } else if (star >= 0) {
      pi = star + 1;
      si = ++mark;
    } else return false;
  }
  while (pi < pat.length && pat.charCodeAt(pi) === 42) pi++;
  return pi === pat.length;
}

/** Is a path (relative to the config file's folder) excluded by the config? */
export function isExcluded(config: Pick<ProjectConfig, 'exclude'>, relPath: string): boolean {
  return config.exclude.some((g) => globMatch(g, relPath));
}
