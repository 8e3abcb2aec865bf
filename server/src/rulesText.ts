// The user's own copy of the official rules (settings `boardScenario.rulesFile.mtg|riftbound`).
// The extension ships no official text: when a file is set, hovers quote the cited rules from it.
// One parser: core's parseRulesFile (Magic Comprehensive Rules text, Riftbound one rule per line).
//
// Reading is asynchronous and in the background: it starts once a document's settings have
// arrived, after its first diagnostics were published, and never blocks a publish. What was read
// is cached by path, modification time and size; each use checks the file's stat (asynchronously)
// and reads it again only when it changed. `onChange` fires when what is cached for a path changed
// (read for the first time, modified, or no longer readable), so diagnostics that compare the
// file's version with the scenario's can be published again.
//
// A rules file is read only up to MAX_RULES_FILE_BYTES (the Comprehensive Rules are about 1 MB):
// a larger file is refused from its stat, before anything is read, and the read itself stops one
// byte past the limit, so a file that grows after its stat is refused too and never held whole.
// A refusal is reported like any other failure to read: once, as a warning in the log.
import { parseRulesFile, type RulesDocument } from '../../core';
import { locateSettingPath, WorkspaceFolders } from './paths';
import type { ServerFiles, ServerPlatform } from './platform';

/** The largest rules file that is read: 8 MiB (documented in package.json and the README). */
export const MAX_RULES_FILE_BYTES = 8 * 1024 * 1024;

/** `1024.0 MB (1,073,741,824 bytes)`: the figure, and the exact one for sizes just over a limit. */
function size(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB (${bytes.toLocaleString('en-US')} bytes)`;
}

function tooLarge(what: string, limit: number): Error {
  return new Error(`${what}, more than the ${size(limit)} a rules file may have (the Comprehensive Rules are about 1 MB), so it was not read. Point the setting at the rules text itself.`);
}

interface Loaded {
  mtimeMs: number;
  size: number;
  doc: RulesDocument;
}

export interface RulesFilesLog {
  info(message: string): void;
  warn(message: string): void;
}

export class RulesFiles {
  private readonly files = new Map<string, Loaded>();
  private readonly reading = new Map<string, Promise<RulesDocument | undefined>>();
  private readonly reported = new Set<string>();

  private readonly folders: WorkspaceFolders;
  private readonly maxBytes: number;
  private readonly fs: ServerFiles;
  private readonly locator: ServerPlatform['locate'];

  constructor(
    private readonly log: RulesFilesLog,
    private readonly onChange: (path: string) => void = () => {},
    options: { folders?: WorkspaceFolders; maxBytes?: number; files: ServerFiles; locate?: ServerPlatform['locate'] },
  ) {
    this.fs = options.files;
    this.locator = options.locate;
    this.folders = options.folders ?? new WorkspaceFolders();
    this.maxBytes = options.maxBytes ?? MAX_RULES_FILE_BYTES;
  }

  /**
   * The file a rules-file setting names for a document: '' when the setting is empty, or when a
   * relative path can't be resolved (said once in the log); see paths.ts.
   */
  locate(setting: string, documentUri: string): string {
    const where = this.locator && setting ? this.locator(setting, this.folders.folderOf(documentUri)) : locateSettingPath(setting, documentUri, this.folders);
    if ('path' in where) return where.path;
    const key = `locate:${setting}`;
    if (!this.reported.has(key)) {
      this.reported.add(key);
      this.log.warn(`Could not locate the rules file: ${where.problem}`);
    }
    return '';
  }

  /** What is in memory for `path`, with no I/O at all: undefined until a read has finished. */
  cached(path: string): RulesDocument | undefined {
    return path ? this.files.get(path)?.doc : undefined;
  }

  /**
   * The document at `path`, read again if it changed since the last read. Concurrent calls share
   * one read. Never rejects: a file that can't be read is logged once and gives undefined.
   */
  load(path: string): Promise<RulesDocument | undefined> {
    if (!path) return Promise.resolve(undefined);
    let p = this.reading.get(path);
    if (!p) {
      p = this.read(path).finally(() => this.reading.delete(path));
      this.reading.set(path, p);
    }
    return p;
  }

  private async read(path: string): Promise<RulesDocument | undefined> {
    try {
      const st = await this.fs.stat(path);
      const known = this.files.get(path);
      if (known && known.mtimeMs === st.mtimeMs && known.size === st.size) return known.doc;
      if (st.type !== 'file') throw new Error('not a file');
      if (st.size > this.maxBytes) throw tooLarge(`it is ${size(st.size)}`, this.maxBytes);
      const bytes = await this.fs.readAtMost(path, this.maxBytes);
      if (!bytes) throw tooLarge('it grew while it was read', this.maxBytes);
      const doc = parseRulesFile(new TextDecoder().decode(bytes));
      this.files.set(path, { mtimeMs: st.mtimeMs, size: st.size, doc });
      this.reported.delete(path);
      const what = doc.game === 'mtg' ? 'Magic: The Gathering' : doc.game === 'riftbound' ? 'Riftbound' : 'unknown game';
      this.log.info(`Read the rules file '${path}': ${doc.rules.size} rules (${what}${doc.effective ? `, effective ${doc.effective}` : ', no effective date'}${doc.language !== 'en' ? `, in ${doc.language === 'fr' ? 'French' : 'Italian'}` : ''}).`);
      this.onChange(path);
      return doc;
    } catch (e) {
      const had = this.files.delete(path);
      if (!this.reported.has(path)) {
        this.reported.add(path);
        this.log.warn(`Could not read the rules file '${path}': ${(e as Error)?.message ?? String(e)}`);
      }
      if (had) this.onChange(path);
      return undefined;
    }
  }
}
