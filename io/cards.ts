// Reading the user's card files (Node I/O, shared by the CLI and the language server; the core
// only ever sees their text). A file is refused from its size before it is read; each file's
// game is the one its format says (Scryfall and MTGJSON: MTG; ours: Riftbound), and the files of
// one game make one catalog, the first file's card winning a name given twice.
import { readFileSync, statSync } from 'node:fs';
import { CardCatalog, parseCardFile, type CardCatalogs, type CardRecord, type Game } from '../core';

export { CARD_FILE_MAX_BYTES, cardFileTooLarge } from './cardLimits';
import { cardFileTooLarge } from './cardLimits';

export interface CardFileInfo {
  path: string;
  game: Game | undefined;
  format: string | undefined;
  cards: number;
}

export interface LoadedCards {
  catalogs: CardCatalogs;
  /** One sentence per file that could not be read, or read only in part (each names the file). */
  problems: string[];
  files: CardFileInfo[];
}

/** Reads the card files named (paths as given: the caller resolves relative ones). Never throws. */
export function loadCardFiles(paths: readonly string[], options: { maxBytes?: number } = {}): LoadedCards {
  const byGame: Record<Game, { records: CardRecord[]; sources: string[] }> = { mtg: { records: [], sources: [] }, riftbound: { records: [], sources: [] } };
  const problems: string[] = [];
  const files: CardFileInfo[] = [];
  for (const path of paths) {
    let text: string;
    try {
      const st = statSync(path);
      if (!st.isFile()) {
        problems.push(`${path} is not a file, so no cards are read from it.`);
        continue;
      }
      const big = cardFileTooLarge(path, st.size, options.maxBytes);
      if (big) {
        problems.push(big);
        continue;
      }
      text = readFileSync(path, 'utf8');
    } catch (e) {
      problems.push(`cannot read the card file ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}.`);
      continue;
    }
    const data = parseCardFile(text);
    files.push({ path, game: data.game, format: data.format, cards: data.records.length });
    for (const p of data.problems) problems.push(`${path}: ${p}`);
    if (!data.game) continue;
    for (const r of data.records) byGame[data.game].records.push(r);
    byGame[data.game].sources.push(path);
  }
  const catalogs: CardCatalogs = {};
  for (const game of ['mtg', 'riftbound'] as const) {
    const g = byGame[game];
    if (g.sources.length) catalogs[game] = new CardCatalog(game, g.records, g.sources);
  }
  return { catalogs, problems, files };
}
