// What a scenario's header says (its game and `rules` version, and where), read from the parsed
// statements. Below the replay and the rules files, which both need it.
import type { ScenarioDocument, Statement } from './ast';
import type { Game, Range } from '../types';
import { declarationsOf } from './declarations';

/** What a scenario's header says: its game, its `rules` version, and where they are written. */
export interface ScenarioHeader {
  game: Game | undefined;
  /** The version word of the first `rules` line, as written. */
  version: string | undefined;
  /** Where that version word is. */
  versionRange?: Range;
  /** Where the first `game` statement is. */
  gameRange?: Range;
  /** The file's line break and line count, for edits that insert a line. */
  eol: string;
  lineCount: number;
}

/** The game a document declares (first statement `game ...`), and the `rules` version. */
export function header(doc: ScenarioDocument): ScenarioHeader {
  return { ...headerWords(declarationsOf(doc).list), eol: doc.eol, lineCount: doc.lineCount };
}

/**
 * What the declarations say: the header without the file's line break and line count (a check
 * knows the count only once it has read the whole text).
 */
export type HeaderWords = Omit<ScenarioHeader, 'eol' | 'lineCount'>;

/** The game and `rules` version the statements declare, and where (only declarations matter). */
export function headerWords(statements: readonly Statement[]): HeaderWords {
  let game: Game | undefined;
  let version: string | undefined;
  let versionRange: Range | undefined;
  let gameRange: Range | undefined;
  for (const st of statements) {
    // `kind` read once a statement (isDeclarationKind).
    const kind = st.kind;
    if (kind === 'game' && !gameRange) gameRange = st.range;
    if (kind === 'game' && st.game && !game && (st.game.text === 'mtg' || st.game.text === 'riftbound')) game = st.game.text;
    if (kind === 'rules' && st.version && version === undefined) {
      version = st.version.text;
      versionRange = st.version.range;
    }
  }
  return { game, version, versionRange, gameRange };
}

/** `game` first and once, a known game, a known rules version. `declarations` may omit the events. */
