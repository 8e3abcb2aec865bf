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
import { promises as fsp } from 'node:fs';
import { parseRulesFile, type RulesDocument } from '../../core';

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

  constructor(
    private readonly log: RulesFilesLog,
    private readonly onChange: (path: string) => void = () => {},
  ) {}

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
      const st = await fsp.stat(path);
      const known = this.files.get(path);
      if (known && known.mtimeMs === st.mtimeMs && known.size === st.size) return known.doc;
      if (!st.isFile()) throw new Error('not a file');
      const doc = parseRulesFile(await fsp.readFile(path, 'utf8'));
      this.files.set(path, { mtimeMs: st.mtimeMs, size: st.size, doc });
      this.reported.delete(path);
      const what = doc.game === 'mtg' ? 'Magic: The Gathering' : doc.game === 'riftbound' ? 'Riftbound' : 'unknown game';
      this.log.info(`Read the rules file '${path}': ${doc.rules.size} rules (${what}${doc.effective ? `, effective ${doc.effective}` : ', no effective date'}).`);
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
