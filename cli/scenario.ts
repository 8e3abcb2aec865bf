// Reading, checking and (with --fix) fixing one scenario file. Never throws: every failure comes
// back as a worded problem for stderr.
import * as fs from 'node:fs';
import { applySafeFixes, check, type Finding } from '../core';
import { reasonOf } from './files';

export interface FileResult {
  /** The path as it is displayed (as given, or joined onto the folder as given). */
  path: string;
  /** What the file (as it is on disk after --fix) still has. */
  findings: Finding[];
  /** With --fix: the file was rewritten. */
  fixed: boolean;
}

export interface FileOutcome {
  /** Missing when the file could not be read or decoded. */
  result?: FileResult;
  /** Worded for stderr without the `board-scenario: ` prefix; always an exit-code-2 problem. */
  problem?: string;
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

/**
 * Checks one file. With `fix`, applies every safe fix once (core's applySafeFixes: at most one per
 * finding, never overlapping), writes the file only if its text changed, and reports the findings
 * of the new text. A single pass on purpose: a fix that uncovers another is left for the next run
 * rather than risking repeated edits.
 */
export function checkFile(path: string, options: { fix: boolean }): FileOutcome {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(path);
  } catch (err) {
    return { problem: `cannot read ${path}: ${reasonOf(err)}` };
  }
  const decoded = decodeUtf8(bytes);
  if (!decoded) return { problem: `${path} is not valid UTF-8` };
  const findings = check(decoded.text).findings;
  if (!options.fix || !findings.some((f) => f.fixes.some((x) => x.safe))) return { result: { path, findings, fixed: false } };

  let fixedText: string;
  try {
    fixedText = applySafeFixes(decoded.text, findings);
  } catch (err) {
    return { result: { path, findings, fixed: false }, problem: `cannot fix ${path}: ${reasonOf(err)}` };
  }
  if (fixedText === decoded.text) return { result: { path, findings, fixed: false } };
  try {
    // Line endings come from the core's edits, which use the file's own; the BOM is put back.
    fs.writeFileSync(path, (decoded.bom ? BOM : '') + fixedText, 'utf8');
  } catch (err) {
    return { result: { path, findings, fixed: false }, problem: `cannot write ${path}: ${reasonOf(err)}` };
  }
  return { result: { path, findings: check(fixedText).findings, fixed: true } };
}
