// When diagnostics are published: on open and on save always; as you type only with
// `boardScenario.validate: onType`, debounced, where a newer change replaces the pending one.
// An empty publish clears a document's diagnostics when it is closed.
// A publish is the core's findings of the text plus the findings that depend on more than the text
// (`extraFindings`: the user's rules file against the scenario's `rules` line). Those are computed
// from what is in memory, never waiting for a file or the client; when they change (a rules file
// was read, a setting changed), `refreshExtras` publishes the last published version again.
import type { Connection, TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Finding } from '../../core';
import type { AnalysisCache, DocumentState } from './documents';
import type { ClientSupport } from './capabilities';
import type { SettingsStore } from './settings';
import { toDiagnostics } from './diagnostics';

export const TYPING_DELAY_MS = 200;

export class Validator {
  private readonly pending = new Map<string, ReturnType<typeof setTimeout>>();
  /** The version last published per document, so the open event is not validated twice. */
  private readonly published = new Map<string, number>();
  /** The state last published per document, and a key of the extra findings published with it. */
  private readonly lastPublished = new Map<string, { state: DocumentState; extras: string }>();

  constructor(
    private readonly connection: Connection,
    private readonly documents: TextDocuments<TextDocument>,
    private readonly cache: AnalysisCache,
    private readonly settings: SettingsStore,
    private readonly support: () => ClientSupport,
    private readonly delayMs = TYPING_DELAY_MS,
    private readonly extraFindings: (state: DocumentState) => Finding[] = () => [],
  ) {}

  /** Every finding of a document version: the core's, then the extra ones. Indexes match the published diagnostics. */
  findingsOf(state: DocumentState): Finding[] {
    const extra = this.extraFindings(state);
    return extra.length === 0 ? state.analysis.result.findings : [...state.analysis.result.findings, ...extra];
  }

  /** Analyse (if needed) and publish the document's current version now. */
  publishNow(uri: string): void {
    this.cancel(uri);
    const document = this.documents.get(uri);
    if (!document) return;
    this.publish(this.cache.get(document));
  }

  private publish(state: DocumentState): void {
    const support = this.support();
    const extra = this.extraFindings(state);
    const findings = extra.length === 0 ? state.analysis.result.findings : [...state.analysis.result.findings, ...extra];
    this.connection.sendDiagnostics({
      uri: state.uri,
      version: support.versionedDiagnostics ? state.version : undefined,
      diagnostics: toDiagnostics(findings, state.uri, state.version, support),
    });
    this.published.set(state.uri, state.version);
    this.lastPublished.set(state.uri, { state, extras: keyOf(extra) });
  }

  /**
   * The extra findings may have changed (a rules file was read, a setting changed): when they did,
   * publish the version last published again (with onSave, unsaved edits stay unpublished).
   */
  refreshExtras(uri: string): void {
    const last = this.lastPublished.get(uri);
    if (!last || !this.documents.get(uri)) return;
    if (keyOf(this.extraFindings(last.state)) !== last.extras) this.publish(last.state);
  }

  /** A change: with onType, publish after a pause in typing; with onSave, wait for the save. */
  async changed(uri: string, version: number): Promise<void> {
    if (this.published.get(uri) === version) return;
    const { validate } = await this.settings.get(uri);
    if (validate !== 'onType') return;
    const document = this.documents.get(uri);
    // A newer change (or a close) arrived while the settings were read: it decides.
    if (!document || document.version !== version) return;
    this.cancel(uri);
    this.pending.set(
      uri,
      setTimeout(() => {
        this.pending.delete(uri);
        try {
          const current = this.documents.get(uri);
          if (current && current.version === version) this.publishNow(uri);
        } catch (e) {
          this.connection.console.error(`Validation of ${uri} failed: ${(e as Error)?.stack ?? String(e)}`);
        }
      }, this.delayMs),
    );
  }

  /** Settings changed: documents checked as you type are brought up to date. */
  async revalidateOpen(): Promise<void> {
    for (const document of this.documents.all()) {
      const uri = document.uri;
      const { validate } = await this.settings.get(uri);
      if (validate === 'onType' && this.published.get(uri) !== this.documents.get(uri)?.version) this.publishNow(uri);
    }
  }

  closed(uri: string): void {
    this.cancel(uri);
    this.published.delete(uri);
    this.lastPublished.delete(uri);
    this.connection.sendDiagnostics({ uri, diagnostics: [] });
  }

  cancel(uri: string): void {
    const t = this.pending.get(uri);
    if (t !== undefined) {
      clearTimeout(t);
      this.pending.delete(uri);
    }
  }

  dispose(): void {
    for (const uri of [...this.pending.keys()]) this.cancel(uri);
  }
}

function keyOf(findings: Finding[]): string {
  return JSON.stringify(findings.map((f) => [f.code, f.message, f.range]));
}
