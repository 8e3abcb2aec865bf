// `board-scenario render FILE [--at LINE] [--out PATH|-] [--theme light|dark|vscode]`: a picture of
// the board after the statement on (or last before) LINE (1-based; default the end of the file),
// as SVG, with the subjects of the findings on that line outlined. Never throws: failures come back
// as worded problems for stderr (exit 2).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { analyse, boardAt, boardCaption, renderBoardSvg, renderMessage, type BoardTheme, type CardCatalogs } from '../core';
import { setLanguage, translate, type Language } from '../l10n/language';
import { reasonOf } from './files';
import { decodeUtf8, readGiven } from './scenario';
import { includeOptions, type IncludeBudget } from './includes';

export interface RenderOutcome {
  svg?: string;
  problem?: string;
  cardProblems?: string[];
  /** Not drawn: its includes read more than the `includeBudget` allows (as FileOutcome's). */
  elsewhere?: true;
}

/** `read`: the file's bytes, when the caller has read them already (readLimited); `includeBudget`: what its includes may read (IncludeBudget). */
export function renderFile(file: string, options: { at: number | undefined; theme: BoardTheme; cards?: CardCatalogs; language?: Language; read?: Buffer; includeBudget?: IncludeBudget }): RenderOutcome {
  // Drawn in the checker process (or the command's): the labels in the language the command line chose.
  if (options.language) setLanguage(options.language);
  const read = readGiven(file, options.read);
  if ('problem' in read) return { problem: read.problem };
  const decoded = decodeUtf8(read.bytes);
  if (!decoded) return { problem: `${file} is not valid UTF-8` };
  const text = decoded.text;
  const { doc, result, includes } = analyse(text, { ...includeOptions(file, undefined, undefined, options.includeBudget), cards: options.cards });
  if (options.includeBudget?.over) return { elsewhere: true };
  const lines = doc.lineCount;
  if (options.at !== undefined && options.at > lines) return { problem: `--at ${options.at} is past the end of ${file} (${lines} line${lines === 1 ? '' : 's'})` };
  const line = (options.at ?? lines) - 1;
  const caption = boardCaption(doc, text, line);
  const highlight = [...new Set(result.findings.filter((f) => f.range.start.line <= line && line <= f.range.end.line).flatMap((f) => f.subjects))].sort();
  let title = path.basename(file);
  for (const st of doc.statements) {
    if (st.kind === 'title' && st.title) {
      title = st.title;
      break;
    }
  }
  return { svg: renderBoardSvg(boardAt(text, line, doc, includes.files, options.cards), { title, subtitle: caption.text ? renderMessage(caption.text, translate) : caption.label, highlight, theme: options.theme, translate }) };
}

/** Writes the picture to `out` (a path); a problem when it can't. */
export function writePicture(out: string, svg: string): string | undefined {
  try {
    fs.writeFileSync(out, svg, 'utf8');
    return undefined;
  } catch (err) {
    return `cannot write ${out}: ${reasonOf(err)}`;
  }
}
