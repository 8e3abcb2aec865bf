// GitHub Actions workflow commands: one annotation per finding,
// `::error file=PATH,line=L,col=C,endLine=L2,endColumn=C2,title=TITLE::MESSAGE`, 1-based lines and
// columns. Escaped as GitHub's runner reads them back: in the message `%`, CR and LF; in a property
// value also `:` and `,` (which would end the value). An expected finding is a notice that says so.
// Written piece by piece as the files are checked, then a summary line (plain text: a log line).
import { localizeFinding, type Finding, type Severity } from '../../core';
import { ChunkedOutput } from '../output';
import { omittedMessage, type Reporter } from './report';
import { formatSummary } from './text';
import { t, translate } from '../../l10n/language';

export type AnnotationLevel = 'error' | 'warning' | 'notice';

export function annotationLevel(s: Severity): AnnotationLevel {
  return s === 'error' ? 'error' : s === 'warning' ? 'warning' : 'notice';
}

/** The message of a workflow command. */
export function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A property value of a workflow command. */
export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** A path as GitHub wants it: `/` separated (it is relative to the working directory as given). */
function filePath(p: string): string {
  return p.replace(/\\/g, '/');
}

export interface AnnotationPlace {
  file: string;
  line: number;
  col: number;
  endLine: number;
  endColumn: number;
}

export function workflowCommand(level: AnnotationLevel, place: AnnotationPlace, title: string, message: string): string {
  const props = [
    `file=${escapeProperty(filePath(place.file))}`,
    `line=${place.line}`,
    `col=${place.col}`,
    `endLine=${place.endLine}`,
    `endColumn=${place.endColumn}`,
    `title=${escapeProperty(title)}`,
  ];
  return `::${level} ${props.join(',')}::${escapeData(message)}`;
}

export function findingAnnotation(path: string, f: Finding): string {
  const r = f.range;
  const rules = f.rules.length > 0 ? ` [${f.rules.join(', ')}]` : '';
  const level = f.expected ? 'notice' : annotationLevel(f.severity);
  const title = `${f.code}${rules}${f.expected ? ` ${t('(expected)')}` : ''}`;
  return workflowCommand(level, { file: path, line: r.start.line + 1, col: r.start.character + 1, endLine: r.end.line + 1, endColumn: r.end.character + 1 }, title, localizeFinding(f, translate).message);
}

export function githubReporter(maxFindings: number, o: ChunkedOutput = new ChunkedOutput()): Reporter {
  return {
    begin: async () => {},
    async file(r) {
      for (const f of r.findings) await o.add(findingAnnotation(r.path, f) + '\n');
      if (r.omitted) await o.add(`::warning file=${escapeProperty(filePath(r.path))},title=board-scenario::${escapeData(omittedMessage({ ...r, omitted: r.omitted }, maxFindings))}\n`);
      await o.endOfFile();
    },
    async end(counts) {
      await o.add(formatSummary(counts) + '\n');
      await o.flush();
    },
  };
}
