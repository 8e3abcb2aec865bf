// SARIF 2.1.0 for GitHub code scanning: one run; `tool.driver.rules` is the whole code registry;
// one result per finding. Regions are 1-based and, with `columnKind: utf16CodeUnits` on the run,
// columns are the core's UTF-16 characters + 1. Paths are relative to the working directory
// (`%SRCROOT%`) with forward slashes.
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { localizeFinding, REGISTRY, codeDocUrl, type Finding, type Range, type Severity } from '../../core';
import { ChunkedOutput } from '../output';
import { omittedMessage, type Reporter } from './report';
import { INFORMATION_URI, TOOL_NAME, VERSION } from '../version';
import { currentLanguage, translate } from '../../l10n/language';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
export const SRCROOT = '%SRCROOT%';

type SarifLevel = 'error' | 'warning' | 'note';

export function sarifLevel(s: Severity): SarifLevel {
  return s === 'error' ? 'error' : s === 'warning' ? 'warning' : 'note';
}

interface ArtifactLocation {
  uri: string;
  uriBaseId?: string;
}

/** `dir/a b.board` → `dir/a%20b.board` relative to `%SRCROOT%` (the cwd); outside it, an absolute file: URI. */
export function artifactLocation(displayPath: string, cwd: string): ArtifactLocation {
  const absolute = path.resolve(cwd, displayPath);
  const relative = path.relative(cwd, absolute);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return { uri: pathToFileURL(absolute).href };
  return { uri: relative.split(path.sep).map(encodeURIComponent).join('/'), uriBaseId: SRCROOT };
}

export function region(r: Range) {
  return {
    startLine: r.start.line + 1,
    startColumn: r.start.character + 1,
    endLine: r.end.line + 1,
    endColumn: r.end.character + 1,
  };
}

function driverRules() {
  return [...REGISTRY.values()].map((info) => ({
    id: info.code,
    name: info.title,
    shortDescription: { text: info.title },
    fullDescription: { text: info.doc },
    helpUri: codeDocUrl(info.code),
    help: { text: `${info.doc}\n\nFixes: ${info.fixes}`, markdown: `${info.doc}\n\n**Fixes:** ${info.fixes}` },
    defaultConfiguration: { level: sarifLevel(info.severity) },
    properties: { tags: [info.kind] },
  }));
}

function messageText(f: Finding): string {
  return f.rules.length > 0 ? `${f.message} (rules ${f.rules.join(', ')})` : f.message;
}

function result(f: Finding, location: ArtifactLocation, ruleIndex: Map<string, number>, cwd: string) {
  const index = ruleIndex.get(f.code);
  return {
    ruleId: f.code,
    ...(index === undefined ? {} : { ruleIndex: index }),
    level: sarifLevel(f.severity),
    message: { text: messageText(f) },
    locations: [{ physicalLocation: { artifactLocation: location, region: region(f.range) } }],
    ...(f.related.length > 0
      ? {
          relatedLocations: f.related.map((rel, id) => ({
            id,
            // A related location in an included file is in that file (its uri is its real path).
            physicalLocation: { artifactLocation: rel.uri ? artifactLocation(rel.uri, cwd) : location, region: region(rel.range) },
            message: { text: rel.message },
          })),
        }
      : {}),
    ...(f.fixes.length > 0
      ? {
          fixes: f.fixes.map((fix) => ({
            description: { text: fix.title },
            artifactChanges: [
              {
                artifactLocation: location,
                replacements: fix.edits.map((e) => ({ deletedRegion: region(e.range), insertedContent: { text: e.newText } })),
              },
            ],
            properties: { safe: fix.safe },
          })),
        }
      : {}),
    // An expected finding (`#! CODE` in the scenario) is suppressed in the source, as SARIF says it.
    ...(f.expected ? { suppressions: [{ kind: 'inSource', justification: `expected by #! ${f.code} on its line` }] } : {}),
    // With --lang fr or it: the message in that language beside the English one (SARIF's text stays English, like its rule ids).
    properties: { tags: [...new Set(f.rules)], ...(currentLanguage() !== 'en' ? { localizedMessage: localizeFinding(f, translate).message } : {}) },
  };
}

/** A JSON value as `JSON.stringify(v, null, 2)` writes it `depth` levels deep in a larger document. */
function indented(v: unknown, depth: number): string {
  const pad = ' '.repeat(2 * depth);
  return JSON.stringify(v, null, 2).replace(/\n/g, '\n' + pad);
}

/**
 * The log as `JSON.stringify(log, null, 2)` would print it, written as it goes: the head (the
 * tool and its rules), then one piece per result, then, when a file had more findings than
 * `--max-findings`, an invocation whose notifications say so.
 */
export function sarifReporter(maxFindings: number, cwd: string = process.cwd(), o: ChunkedOutput = new ChunkedOutput()): Reporter {
  const rules = driverRules();
  const ruleIndex = new Map(rules.map((r, i) => [r.id, i]));
  const skeleton = JSON.stringify(
    {
      $schema: SARIF_SCHEMA,
      version: '2.1.0',
      runs: [{ tool: { driver: { name: TOOL_NAME, version: VERSION, semanticVersion: VERSION, informationUri: INFORMATION_URI, rules } }, columnKind: 'utf16CodeUnits', results: [] }],
    },
    null,
    2,
  );
  const at = skeleton.lastIndexOf('"results": []') + '"results": ['.length;
  const notifications: { level: SarifLevel; message: { text: string } }[] = [];
  let results = 0;
  return {
    begin: () => o.add(skeleton.slice(0, at)),
    async file(r) {
      const location = artifactLocation(r.path, cwd);
      for (const f of r.findings) await o.add(`${results++ === 0 ? '' : ','}\n        ${indented(result(f, location, ruleIndex, cwd), 4)}`);
      if (r.omitted) notifications.push({ level: 'warning', message: { text: omittedMessage({ ...r, omitted: r.omitted }, maxFindings) } });
      // Out now, or (the check command batches) when the command waits for the next file's answer.
      await o.endOfFile();
    },
    async end() {
      if (results > 0) await o.add('\n      ');
      await o.add(']');
      if (notifications.length > 0) await o.add(`,\n      "invocations": ${indented([{ executionSuccessful: true, toolExecutionNotifications: notifications }], 3)}`);
      await o.add(skeleton.slice(at + 1) + '\n');
      await o.flush();
    },
  };
}
