// When diagnostics are published: on open and on save always; as you type only with
// `boardScenario.validate: onType`, debounced, where a newer change replaces the pending one.
// An empty publish clears a document's diagnostics when it is closed.
// A publish is the core's findings of the text plus the findings that depend on more than the text
// (`extraFindings`: the user's rules file against the scenario's `rules` line). Those are computed
// from what is in memory, never waiting for a file or the client; when they change (a rules file
// was read, a setting changed), `refreshExtras` publishes the last published version again.
// A publish holds at most MAX_DIAGNOSTICS diagnostics; a document over the size limit is not
// analysed and gets one `file-too-large` warning instead.
//
// With a client that pulls diagnostics (LSP 3.17, `ClientSupport.pullDiagnostics`) nothing is
// published: pull.ts answers the client's pulls with the same diagnostics, and this class only
// warms each analysed version (`prepare`) and tells (`onExtrasChanged`) when the extra findings
// changed, so the client is asked to pull again.
import type { Connection, Diagnostic, TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Finding } from '../../core';
import type { AnalysisCache, DocumentState } from './documents';
import { utf8Length } from './platform';
import type { ClientSupport } from './capabilities';
import type { SettingsStore } from './settings';
import { fileTooLargeDiagnostic, publishedDiagnostics } from './diagnostics';

/** After publishing, how long the document must stay unchanged before its tree is built ahead of requests. */
export const PREPARE_DELAY_MS = 50;

export const TYPING_DELAY_MS = 200;

/** What was last published for a document. */
interface Published {
  version: number;
  /**
   * The text it was computed from (the same string as the document's while it is unchanged); for
   * a document too large to be analysed only its length, so an old huge text is not kept alive.
   */
  text: string | { length: number };
  /** Its analysis; undefined when the document was too large to be analysed. */
  state: DocumentState | undefined;
  /** A key of the extra findings published with it. */
  extras: string;
}

export class Validator {
  private readonly pending = new Map<string, ReturnType<typeof setTimeout>>();
  /** Per open document, what was last published (so the open event is not validated twice). */
  private readonly lastPublished = new Map<string, Published>();

  constructor(
    private readonly connection: Connection,
    private readonly documents: TextDocuments<TextDocument>,
    private readonly cache: AnalysisCache,
    private readonly settings: SettingsStore,
    private readonly support: () => ClientSupport,
    private readonly delayMs = TYPING_DELAY_MS,
    private readonly extraFindings: (state: DocumentState) => Finding[] = () => [],
    /** Pull mode: the extra findings of an open document changed (the client should pull again). */
    private readonly onExtrasChanged: () => void = () => undefined,
  ) {}

  private get pull(): boolean {
    return this.support().pullDiagnostics;
  }

  /**
   * Every finding of a document version: the core's, then the extra ones. Indexes match the
   * published (or pulled) diagnostics. The one place an open document's findings are put together.
   */
  findingsOf(state: DocumentState): Finding[] {
    const { core, extra } = this.partsOf(state);
    return extra.length === 0 ? (core as Finding[]) : [...core, ...extra];
  }

  /**
   * The findings of a document version when it is checked, else what is known without checking it
   * (DocumentState.knownFindings: the last checked version's, moved to this text), with the extra
   * ones: for answers that must not wait for a check while the user types (hovers, the lenses'
   * titles, the board picture), which agree with the diagnostics the editor shows meanwhile.
   */
  knownFindingsOf(state: DocumentState): readonly Finding[] {
    const known = state.knownFindings;
    if (state.analysed) return this.findingsOf(state);
    const extra = this.extraFindings(state);
    return extra.length === 0 ? known : [...known, ...extra];
  }

  /**
   * The findings of an open document version in two parts: the core's (of its text) and the extra
   * ones (those that depend on more than its text). Every diagnostic of an open document, pushed
   * or pulled, is made from these (publishedDiagnostics); files that are not open get theirs from
   * main.ts's `diskFindings`, in the same two parts.
   */
  partsOf(state: DocumentState): { core: readonly Finding[]; extra: Finding[] } {
    return { core: state.findings, extra: this.extraFindings(state) };
  }

  /** The diagnostics of an open document version, as published or pulled. */
  diagnosticsOf(state: DocumentState, parts = this.partsOf(state)): Diagnostic[] {
    return publishedDiagnostics(parts.core, parts.extra, state.uri, state.version, this.support());
  }

  /** Analyse (if needed) and publish the document's current version now (pull mode: analyse and warm only). */
  publishNow(uri: string): void {
    this.cancel(uri);
    const document = this.documents.get(uri);
    if (!document) return;
    const state = this.cache.get(document);
    if (this.pull) {
      if (state) {
        this.lastPublished.set(state.uri, { version: state.version, text: state.text, state, extras: keyOf(this.extraFindings(state)) });
        this.prepare(state);
      }
      return;
    }
    if (!state) return this.publishTooLarge(document);
    if (state.analysed) return this.publish(state);
    // Checked in slices, so requests are answered meanwhile (a change that replays the rest of a
    // huge file takes a while); published unless a later publishNow came for the document since.
    const request = ++this.requestCount;
    this.requests.set(uri, request);
    const newest = () => this.requests.get(uri) === request && this.documents.get(uri) !== undefined;
    state.analysisSoon(newest).then(
      (analysis) => {
        if (analysis && newest()) this.publish(state);
      },
      (e) => this.connection.console.error(`Validation of ${uri} failed: ${(e as Error)?.stack ?? String(e)}`),
    );
  }

  /** Per open document, the number of its newest publishNow (counted over all documents): only that one's check is published. */
  private readonly requests = new Map<string, number>();
  private requestCount = 0;

  private publish(state: DocumentState): void {
    const support = this.support();
    const parts = this.partsOf(state);
    const extra = parts.extra;
    this.connection.sendDiagnostics({
      uri: state.uri,
      version: support.versionedDiagnostics ? state.version : undefined,
      diagnostics: this.diagnosticsOf(state, parts),
    });
    this.lastPublished.set(state.uri, { version: state.version, text: state.text, state, extras: keyOf(extra) });
    this.prepare(state);
  }

  private readonly preparing = new Map<string, ReturnType<typeof setTimeout>>();

  /**
   * A moment after the diagnostics are out, if the document has not changed since: build the
   * tree and the rest the features read (DocumentState.warm), so the first hover does not wait
   * for it. While the user types, the newer version's check comes first.
   */
  prepare(state: DocumentState): void {
    const uri = state.uri;
    const old = this.preparing.get(uri);
    if (old !== undefined) clearTimeout(old);
    const timer = setTimeout(() => {
      this.preparing.delete(uri);
      if (this.documents.get(uri)?.version !== state.version || this.cache.current(uri) !== state) return;
      try {
        state.warm();
      } catch (e) {
        this.connection.console.error(`Preparing ${uri} failed: ${(e as Error)?.stack ?? String(e)}`);
      }
    }, PREPARE_DELAY_MS);
    timer.unref?.();
    this.preparing.set(uri, timer);
  }

  /** A document over the size limit: not analysed, one warning on its first line says so. */
  private publishTooLarge(document: TextDocument): void {
    const text = document.getText();
    const bytes = this.cache.tooLarge(document) ?? utf8Length(text);
    this.connection.sendDiagnostics({
      uri: document.uri,
      version: this.support().versionedDiagnostics ? document.version : undefined,
      diagnostics: [fileTooLargeDiagnostic(bytes, this.cache.maxBytes, text)],
    });
    this.lastPublished.set(document.uri, { version: document.version, text: { length: text.length }, state: undefined, extras: '' });
  }

  /** Was the document's current text and version published last? */
  private isPublished(document: TextDocument): boolean {
    const last = this.lastPublished.get(document.uri);
    if (last === undefined || last.version !== document.version) return false;
    const text = document.getText();
    return typeof last.text === 'string' ? last.text === text : last.text.length === text.length;
  }

  /**
   * The extra findings may have changed (a rules file was read, a setting changed): when they did,
   * publish the version last published again (with onSave, unsaved edits stay unpublished).
   */
  refreshExtras(uri: string): void {
    const last = this.lastPublished.get(uri);
    if (!last?.state || !this.documents.get(uri)) return;
    const extras = keyOf(this.extraFindings(last.state));
    if (extras === last.extras) return;
    if (!this.pull) return this.publish(last.state);
    last.extras = extras;
    this.onExtrasChanged();
  }

  /** A change: with onType, publish after a pause in typing; with onSave, wait for the save. */
  async changed(uri: string, version: number): Promise<void> {
    if (this.pull) return; // the client pulls when it wants (as you type, on save)
    const changed = this.documents.get(uri);
    if (!changed || this.isPublished(changed)) return;
    // The edit is its version and its text (a client may reuse a version number).
    const text = changed.getText();
    const stillThisEdit = (d: TextDocument | undefined): d is TextDocument => d !== undefined && d.version === version && d.getText() === text;
    const { validate } = await this.settings.get(uri);
    if (validate !== 'onType') return;
    // A newer change (or a close) arrived while the settings were read: it decides.
    if (!stillThisEdit(this.documents.get(uri))) return;
    this.cancel(uri);
    this.pending.set(
      uri,
      setTimeout(() => {
        this.pending.delete(uri);
        try {
          if (stillThisEdit(this.documents.get(uri))) this.publishNow(uri);
        } catch (e) {
          this.connection.console.error(`Validation of ${uri} failed: ${(e as Error)?.stack ?? String(e)}`);
        }
      }, this.delayMs),
    );
  }

  /**
   * What the analysis of the published version depends on besides its text changed (the card
   * data was read): publish it again, if it is still the document's current version.
   */
  republish(uri: string): void {
    const current = this.documents.get(uri);
    if (current && this.isPublished(current)) this.publishNow(uri);
  }

  /** Settings changed: documents checked as you type are brought up to date. */
  async revalidateOpen(): Promise<void> {
    if (this.pull) return;
    for (const document of this.documents.all()) {
      const uri = document.uri;
      // Closed while the settings of an earlier one were asked for: don't ask for its settings again.
      if (!this.documents.get(uri)) continue;
      const { validate } = await this.settings.get(uri);
      const current = this.documents.get(uri);
      if (validate === 'onType' && current && !this.isPublished(current)) this.publishNow(uri);
    }
  }

  closed(uri: string): void {
    this.cancel(uri);
    const prep = this.preparing.get(uri);
    if (prep !== undefined) clearTimeout(prep);
    this.preparing.delete(uri);
    this.lastPublished.delete(uri);
    this.requests.delete(uri);
    if (!this.pull) this.connection.sendDiagnostics({ uri, diagnostics: [] });
  }

  cancel(uri: string): void {
    const t = this.pending.get(uri);
    if (t !== undefined) {
      clearTimeout(t);
      this.pending.delete(uri);
    }
  }

  /** What is held per document (for the debug request): both are empty once every document is closed. */
  sizes(): { pendingChecks: number; published: number } {
    return { pendingChecks: this.pending.size, published: this.lastPublished.size };
  }

  dispose(): void {
    for (const uri of [...this.pending.keys()]) this.cancel(uri);
    for (const t of this.preparing.values()) clearTimeout(t);
    this.preparing.clear();
  }
}

function keyOf(findings: Finding[]): string {
  return JSON.stringify(findings.map((f) => [f.code, f.message, f.range]));
}
