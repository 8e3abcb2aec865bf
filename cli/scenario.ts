// Reading, checking and (with --fix) fixing one scenario file. Never throws: every failure comes
// back as a worded problem for stderr.
import * as fs from 'node:fs';
import { analyse, applySafeFixes, applySeverities, testScenario, type CardCatalogs, type ConfiguredSeverity, type Finding, type Game, type Severity, type TestCase } from '../core';
import { forgetText, includeOptions, realPathOf, type IncludeBudget } from './includes';
import { reasonOf } from './files';
import { DEFAULT_MAX_FINDINGS, MAX_FILE_BYTES } from './limits';

export interface FileResult {
  /** The path as it is displayed (as given, or joined onto the folder as given). */
  path: string;
  /** What the file (as it is on disk after --fix) still has: the first `maxFindings` of them. */
  findings: Finding[];
  /** The findings left out of `findings`, by severity (absent when none were). */
  omitted?: Record<Severity, number>;
  /** With --fix: the file was rewritten. */
  fixed: boolean;
  /** With --fix: the file had more findings than were kept, so only the kept ones' safe fixes were applied. */
  fixedPartly?: boolean;
  /** The real paths of the files its includes reached (each is checked and reported under its own path too). */
  included?: string[];
}

/** What the project config (board-scenario.json) sets for a file's check. */
export interface CheckSettings {
  severity?: Record<string, ConfiguredSeverity>;
  defaultRulesVersion?: Partial<Record<Game, string>>;
  /** The config's card files (absolute paths), read with those of `--cards` (the worker reads them once). */
  cardFiles?: string[];
}

/** A scenario run as a test (`board-scenario test`). */
export interface TestFileResult {
  path: string;
  passed: boolean;
  cases: TestCase[];
  /** Errors no expectation accounts for. */
  unexpectedErrors: Finding[];
  /** The check had more findings than `maxFindings`: the cases past the first left-out finding's line were not judged. */
  cut?: boolean;
}

export interface TestOutcome {
  result?: TestFileResult;
  problem?: string;
  cardProblems?: string[];
  /** Not run: as FileOutcome's. */
  elsewhere?: true;
}

export interface FileOutcome {
  /** Missing when the file could not be read or decoded, or is `elsewhere`. */
  result?: FileResult;
  /** Worded for stderr without the `board-scenario: ` prefix; always an exit-code-2 problem. */
  problem?: string;
  /** The card files (`--cards`) that could not be read, or only in part: each an exit-code-2 problem. */
  cardProblems?: string[];
  /** Not checked: its includes read more than the `includeBudget` allows (the file is left as it was). */
  elsewhere?: true;
}

const BOM = '\uFEFF';

/** Decodes strict UTF-8. A leading byte order mark is kept apart (editors hide it; positions do not count it). */
export function decodeUtf8(bytes: Uint8Array): { text: string; bom: boolean } | undefined {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
  return text.startsWith(BOM) ? { text: text.slice(1), bom: true } : { text, bom: false };
}

const MIB = 1024 * 1024;

/**
 * The bytes of a file of at most `limit` bytes, or a worded problem. A regular file's size is
 * looked at before anything is read; anything else (a pipe, a device) is read up to the limit.
 */
export function readLimited(path: string, limit: number = MAX_FILE_BYTES): { bytes: Buffer } | { problem: string } {
  return readOpened(path, limit, false)!;
}

/**
 * readLimited for a file the command may check in its own process (runHere): the bytes of a
 * regular file of at most `limit` bytes, or a worded problem when it cannot be opened or read, or
 * undefined when it is anything else (a pipe, a device, a bigger file). One open and one fstat, no
 * stat before them: it is opened without waiting (a FIFO's open would wait for a writer), and a
 * FIFO opened so is closed unread.
 */
export function readRegular(path: string, limit: number): { bytes: Buffer } | { problem: string } | undefined {
  return readOpened(path, limit, true);
}

/** readLimited, or with `regularOnly` readRegular (undefined for anything else than a regular file of at most `limit` bytes). */
function readOpened(path: string, limit: number, regularOnly: boolean): { bytes: Buffer } | { problem: string } | undefined {
  const tooBig = (size: string) =>
    `cannot check ${path}: it is ${size}, and scenario files are read up to ${limit} bytes (${limit / MIB} MiB); split it into smaller scenarios`;
  let fd: number;
  try {
    fd = fs.openSync(path, fs.constants.O_RDONLY | (regularOnly ? (fs.constants.O_NONBLOCK ?? 0) : 0));
  } catch (err) {
    return { problem: `cannot read ${path}: ${reasonOf(err)}` };
  }
  try {
    const stat = fs.fstatSync(fd);
    const regular = stat.isFile();
    if (regularOnly && !(regular && stat.size <= limit)) return undefined;
    if (regular && stat.size > limit) return { problem: tooBig(`${stat.size} bytes`) };
    const chunks: Buffer[] = [];
    let total = 0;
    // A regular file is read into a buffer of its size and one byte more (that byte shows that it
    // grew), filled until it is full or the file ends: a small file of a suite costs one buffer of
    // its size and one read, never a megabyte for the garbage collector.
    let chunk = Buffer.allocUnsafe(regular ? Math.min(stat.size + 1, limit + 1) : Math.min(MIB, limit + 1));
    let filled = 0;
    for (;;) {
      const n = fs.readSync(fd, chunk, filled, chunk.length - filled, null);
      if (n === 0) break;
      filled += n;
      total += n;
      if (total > limit) return regularOnly ? undefined : { problem: tooBig(`more than ${limit} bytes`) };
      if (filled < chunk.length) {
        // A read that stops short of the byte more, once the size fstat gave is in, stopped at the
        // file's end (fs.readFileSync takes that size as the end without asking): no read to see it.
        if (regular && total === stat.size) break;
        continue;
      }
      chunks.push(chunk);
      chunk = Buffer.allocUnsafe(Math.min(MIB, limit + 1 - total));
      filled = 0;
    }
    if (filled > 0) chunks.push(chunk.subarray(0, filled));
    return { bytes: chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, total) };
  } catch (err) {
    return { problem: `cannot read ${path}: ${reasonOf(err)}` };
  } finally {
    try {
      fs.closeSync(fd);
    } catch {
      // nothing left to do
    }
  }
}

/** The file's bytes as the caller read them already (readLimited), or read now. */
export function readGiven(path: string, read: Buffer | undefined): { bytes: Buffer } | { problem: string } {
  return read ? { bytes: read } : readLimited(path);
}

/**
 * Checks one file, keeping its first `maxFindings` findings (the others are counted). With `fix`,
 * applies the safe fixes of the kept findings once (core's applySafeFixes: at most one per
 * finding, never overlapping), writes the file only if its text changed, and reports the findings
 * of the new text. A single pass on purpose: a fix that uncovers another is left for the next run
 * rather than risking repeated edits; so are the fixes of findings past `maxFindings`.
 * `read`: the file's bytes, when the caller has read them already (readLimited).
 */
export function checkFile(path: string, options: { fix: boolean; maxFindings?: number; includeRoot?: string; cards?: CardCatalogs; roots?: Map<string, string>; read?: Buffer; includeBudget?: IncludeBudget } & CheckSettings): FileOutcome {
  const read = readGiven(path, options.read);
  if ('problem' in read) return { problem: read.problem };
  const decoded = decodeUtf8(read.bytes);
  if (!decoded) return { problem: `${path} is not valid UTF-8` };
  const maxFindings = options.maxFindings ?? DEFAULT_MAX_FINDINGS;
  const follow = includeOptions(path, options.includeRoot, options.roots, options.includeBudget);
  const severity = options.severity ?? {};
  const first = analyse(decoded.text, { maxFindings, ...follow, cards: options.cards, defaultRulesVersion: options.defaultRulesVersion });
  // Before anything is written: a check whose includes went past the budget is made elsewhere.
  if (options.includeBudget?.over) return { elsewhere: true };
  const { omitted } = first.result;
  const findings = applySeverities(first.result.findings, severity);
  const included = first.includes.files.length ? { included: first.includes.files.map((f) => f.uri) } : {};
  const unfixed: FileResult = { path, findings, ...(omitted ? { omitted } : {}), fixed: false, ...included };
  if (!options.fix || !findings.some((f) => f.fixes.some((x) => x.safe))) return { result: unfixed };

  let fixedText: string;
  try {
    fixedText = applySafeFixes(decoded.text, findings);
  } catch (err) {
    return { result: unfixed, problem: `cannot fix ${path}: ${reasonOf(err)}` };
  }
  if (fixedText === decoded.text) return { result: unfixed };
  try {
    // Line endings come from the core's edits, which use the file's own; the BOM is put back.
    fs.writeFileSync(path, (decoded.bom ? BOM : '') + fixedText, 'utf8');
  } catch (err) {
    return { result: unfixed, problem: `cannot write ${path}: ${reasonOf(err)}` };
  } finally {
    // Another file's include of this one reads it again (its stamp would tell, but a coarse clock may not).
    forgetText(realPathOf(path));
  }
  const after = analyse(fixedText, { maxFindings, ...follow, cards: options.cards, defaultRulesVersion: options.defaultRulesVersion }).result;
  return { result: { path, findings: applySeverities(after.findings, severity), ...(after.omitted ? { omitted: after.omitted } : {}), fixed: true, ...(omitted ? { fixedPartly: true } : {}), ...included } };
}

/** Runs one scenario as a test: its `expect` lines and expectation markers, and no error that nobody expects. */
export function testFile(path: string, options: { maxFindings?: number; includeRoot?: string; cards?: CardCatalogs; roots?: Map<string, string>; read?: Buffer; includeBudget?: IncludeBudget } & CheckSettings): TestOutcome {
  const read = readGiven(path, options.read);
  if ('problem' in read) return { problem: read.problem };
  const decoded = decodeUtf8(read.bytes);
  if (!decoded) return { problem: `${path} is not valid UTF-8` };
  const follow = includeOptions(path, options.includeRoot, options.roots, options.includeBudget);
  const analysis = analyse(decoded.text, { maxFindings: options.maxFindings ?? DEFAULT_MAX_FINDINGS, ...follow, cards: options.cards, defaultRulesVersion: options.defaultRulesVersion });
  if (options.includeBudget?.over) return { elsewhere: true };
  const t = testScenario(decoded.text, analysis, { severity: options.severity });
  return { result: { path, passed: t.passed && !t.result.omitted, cases: t.cases, unexpectedErrors: t.unexpectedErrors, ...(t.result.omitted ? { cut: true } : {}) } };
}
