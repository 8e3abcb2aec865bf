// Pull diagnostics (LSP 3.17), for clients that announce `textDocument.diagnostic`; the others get
// the pushed publishes of validation.ts. The client decides when to ask:
//  - `textDocument/diagnostic`: an open document's current version (with `validate: onSave`, the
//    version it was opened or last saved at), answered from the analysis cache; each report has a
//    result id, and a pull with the id of the last report for the same text, version and extra
//    findings is answered `unchanged`.
//  - `workspace/diagnostic`: every `*.board` file of the workspace folders (workspaceFiles.ts),
//    open ones from their text in the editor, the others read from disk. A file's result id is its
//    stat (size, modification time) and a generation that changes with the settings, so a pull
//    that sends the ids it has back reads only the files that changed; a file reported before that
//    is gone gets an empty report, which clears it. With a partial result token the files are
//    reported in batches as they are checked, yielding to other messages between batches (a
//    5,000-file workspace stays responsive), and, when the client tells the server about changed
//    files (didChangeWatchedFiles), the request is then held open: each change is checked and
//    reported as one more batch, and the folders are walked again now and then (a file the watcher
//    missed), until HOLD_MS pass or the settings change (the client then asks again). Without a
//    token the whole report is the answer.
//  - `workspace/diagnostic/refresh` asks the client to pull again: after the settings change, a
//    rules file was read, or a scenario changed on disk.
// Limits: MAX_WORKSPACE_FILES files per walk, each read up to MAX_FILE_BYTES (a larger one gets
// the `file-too-large` warning, as an open one does), MAX_PASS_BYTES read per pass (files beyond
// it are reported in the next pass, and the log says so).
// Every diagnostic is made by diagnostics.ts (publishedDiagnostics), from the findings of
// `findingsOfText` (unopened files) or the Validator's `findingsOf` (open ones).
import {
  DocumentDiagnosticReportKind,
  type CancellationToken,
  type Connection,
  type Diagnostic,
  type DocumentDiagnosticParams,
  type DocumentDiagnosticReport,
  type FileEvent,
  type TextDocuments,
  type WorkspaceDiagnosticParams,
  type WorkspaceDiagnosticReport,
  type WorkspaceDiagnosticReportPartialResult,
  type WorkspaceDocumentDiagnosticReport,
} from 'vscode-languageserver';
import type { ResultProgressReporter } from 'vscode-languageserver/lib/common/progress';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { analyse, type Finding } from '../../core';
import type { ClientSupport } from './capabilities';
import { fileTooLargeDiagnostic, publishedDiagnostics } from './diagnostics';
import { MAX_FILE_BYTES, type AnalysisCache, type DocumentState } from './documents';
import { cancelled } from './guard';
import type { Validator } from './validation';
import { folderPath, isInside, MAX_WORKSPACE_FILES, readInWorkspace, stampOf, walkFolders } from './workspaceFiles';
import { yieldNow, type ServerFiles } from './platform';

/** How long a held workspace pull waits for a change before it ends (the client then asks again). */
export const HOLD_MS = 60_000;
/** A held pull walks the folders again after at least this long (and RESCAN_FACTOR × the last walk). */
export const RESCAN_MIN_MS = 10_000;
export const RESCAN_FACTOR = 20;
/** At most this many files per partial result. */
export const BATCH_FILES = 100;
/** A batch ends after this much work, so other requests wait at most about this long. */
export const SLICE_MS = 25;
/** At most this many bytes are read from disk per workspace pass. */
export const MAX_PASS_BYTES = 256 * 1024 * 1024;

/** The findings of a scenario text that is not open: the core's, then the extra ones (its rules file). */
export interface TextFindings {
  core: readonly Finding[];
  extra: Finding[];
}

export interface PullDeps {
  connection: Connection;
  documents: TextDocuments<TextDocument>;
  cache: AnalysisCache;
  validator: Validator;
  support: () => ClientSupport;
  folders: () => readonly string[];
  /** How files that are not open are listed and read (platform.ts). */
  files: ServerFiles;
  /** The findings of a scenario read from disk (the one production for unopened files; it may wait for its project config). */
  findingsOfText: (uri: string, text: string) => TextFindings | Promise<TextFindings>;
  /** Is a file that is not open left out of the workspace report (its project config's `exclude`)? */
  excluded?: (uri: string) => boolean | Promise<boolean>;
  /** Before a pass: what the extra findings of unopened files need (folder settings, rules files). */
  prepare: () => Promise<void>;
  /** An open document's `boardScenario.validate` (with onSave its unsaved edits are not reported); onType when absent. */
  validate?: (uri: string) => Promise<'onSave' | 'onType'>;
}

interface OpenReport {
  resultId: string;
  /** What the report was made from: the same analysis (version and text) and the same extra findings. */
  key: unknown;
  extras: string;
}

export class PullDiagnostics {
  private counter = 0;
  /** Bumped when the settings change: every result id made before is stale. */
  private generation = 0;
  /** Per open document, its last report's id and what it was made from. */
  private readonly open = new Map<string, OpenReport>();
  /**
   * Per open document, the version its report may show under `validate: onSave` (as opened, or
   * as last saved) and, once a report was made of it, that analysis.
   */
  private readonly checkable = new Map<string, { version: number; state?: DocumentState }>();
  /** Per file, bumped when it was closed or changed on disk, so its old result id is stale. */
  private readonly epochs = new Map<string, number>();
  /** Files changed on disk since the held pull last looked; 'all' after a settings change. */
  private dirty = new Set<string>();
  private wake: (() => void) | undefined;
  private watching = false;
  private warnedLimit = false;
  private warnedBytes = false;

  constructor(private readonly deps: PullDeps) {}

  /** The client will tell about changed files (didChangeWatchedFiles is registered). */
  watchFiles(): void {
    this.watching = true;
  }

  // ---- documents ------------------------------------------------------------------------

  /** `textDocument/diagnostic`. */
  async document(params: DocumentDiagnosticParams): Promise<DocumentDiagnosticReport> {
    const uri = params.textDocument.uri;
    const document = this.deps.documents.get(uri);
    if (!document) {
      // Not open (a tab the editor has not loaded): from disk, when it is in the workspace.
      const item = await this.diskReport(uri, params.previousResultId, { bytes: 0 });
      if (!item) return { kind: DocumentDiagnosticReportKind.Full, items: [] };
      return item.kind === 'unchanged' ? { kind: 'unchanged', resultId: item.resultId } : { kind: 'full', resultId: item.resultId, items: item.items };
    }
    // The check in slices: other requests are answered meanwhile. The report is of the version
    // asked about (the client pulls again for a newer one), or, with onSave, of the saved one.
    const state = await this.reportedState(document);
    if (state && !state.analysed) await state.analysisSoon();
    const r = this.openReport(document, params.previousResultId, state);
    return r.items === undefined ? { kind: DocumentDiagnosticReportKind.Unchanged, resultId: r.resultId } : { kind: DocumentDiagnosticReportKind.Full, resultId: r.resultId, items: r.items };
  }

  /** The analysis an open document's report shows: of its saved version (savedState), else of its current one. */
  private async reportedState(document: TextDocument): Promise<DocumentState | undefined> {
    return (await this.savedState(document)) ?? this.deps.cache.get(document);
  }

  /**
   * With `validate: onSave`, while a document has edits that were not saved: the analysis of the
   * version last reported as opened or saved, which its reports keep showing (the client's own
   * filter leaves out the pulls as you type, but it also pulls after a refresh or in the
   * background, and other clients have no filter). Undefined when the current version is reported.
   */
  private async savedState(document: TextDocument): Promise<DocumentState | undefined> {
    const at = this.checkable.get(document.uri);
    if (!at?.state || at.version === document.version || !this.deps.validate) return undefined;
    const version = document.version;
    const validate = await this.deps.validate(document.uri);
    // The settings were read meanwhile: a save or a close may have come in between.
    if (this.checkable.get(document.uri) !== at) return undefined;
    if (validate !== 'onSave') {
      // Checked as you type: the saved version's analysis is not kept alive for nothing (after a
      // switch to onSave, the reports follow the text until the next save).
      at.state = undefined;
      return undefined;
    }
    return document.version === version && this.deps.documents.get(document.uri) === document ? at.state : undefined;
  }

  /** A document was opened (didOpen) or saved (didSave) at this version: with onSave, the one its reports show. */
  checkpoint(uri: string, version: number): void {
    this.checkable.set(uri, { version });
  }

  /** The report of an open document from `state` (undefined: over the size limit): unchanged when `previous` is the id of a report of this same analysis. */
  private openReport(document: TextDocument, previous: string | undefined, state: DocumentState | undefined): { resultId: string; items?: Diagnostic[] } {
    const { cache, validator } = this.deps;
    const at = this.checkable.get(document.uri);
    if (at && state && at.version === state.version) at.state = state;
    const last = this.open.get(document.uri);
    if (!state) {
      // Over the size limit: the one warning. Its key is the version and length.
      const key = `${document.version}:${document.getText().length}`;
      if (last && previous === last.resultId && last.key === key) return { resultId: last.resultId };
      const resultId = this.nextId();
      this.open.set(document.uri, { resultId, key, extras: '' });
      const bytes = cache.tooLarge(document) ?? 0;
      return { resultId, items: [fileTooLargeDiagnostic(bytes, cache.maxBytes, document.getText())] };
    }
    validator.prepare(state);
    const parts = validator.partsOf(state);
    const extras = keyOf(parts.extra);
    if (last && previous === last.resultId && last.key === state && last.extras === extras) return { resultId: last.resultId };
    const resultId = this.nextId();
    this.open.set(document.uri, { resultId, key: state, extras });
    return { resultId, items: validator.diagnosticsOf(state, parts) };
  }

  private nextId(): string {
    return `${this.generation}.${++this.counter}`;
  }

  /** A document was closed: its next report (from disk, in the workspace pull) is new. */
  closed(uri: string): void {
    this.open.delete(uri);
    this.checkable.delete(uri);
    this.touch([uri]);
  }

  // ---- changes --------------------------------------------------------------------------

  /** The settings changed, a rules file was read, the folders changed: every report may differ. */
  settingsChanged(): void {
    this.generation++;
    this.open.clear();
    this.dirty.add('*');
    this.wake?.();
    this.refresh();
  }

  /** `workspace/didChangeWatchedFiles`: check those files again. */
  filesChanged(changes: readonly FileEvent[]): void {
    const uris = changes.map((c) => c.uri).filter((u) => typeof u === 'string');
    if (uris.length === 0) return;
    this.touch(uris);
    // Open documents that depend on other files (included ones) are pulled again by the client.
    this.refresh();
  }

  private touch(uris: readonly string[]): void {
    for (const uri of uris) {
      this.epochs.set(uri, (this.epochs.get(uri) ?? 0) + 1);
      this.dirty.add(uri);
    }
    this.wake?.();
  }

  /** `workspace/diagnostic/refresh`, when the client supports it. */
  refresh(): void {
    if (this.deps.support().diagnosticRefresh) void this.deps.connection.languages.diagnostics.refresh();
  }

  // ---- the workspace --------------------------------------------------------------------

  /** `workspace/diagnostic`. */
  async workspace(
    params: WorkspaceDiagnosticParams,
    token: CancellationToken,
    progress: ResultProgressReporter<WorkspaceDiagnosticReportPartialResult> | undefined,
  ): Promise<WorkspaceDiagnosticReport> {
    const previous = new Map<string, string>();
    for (const r of Array.isArray(params.previousResultIds) ? params.previousResultIds : []) {
      if (r && typeof r.uri === 'string' && typeof r.value === 'string') previous.set(r.uri, r.value);
    }
    const all: WorkspaceDocumentDiagnosticReport[] = [];
    const send = (items: WorkspaceDocumentDiagnosticReport[]) => {
      if (items.length === 0) return;
      for (const item of items) {
        if (item.kind === 'full' && item.items.length === 0 && item.resultId === undefined) previous.delete(item.uri);
        else if (item.resultId !== undefined) previous.set(item.uri, item.resultId);
      }
      if (progress) progress.report({ items });
      else for (const item of items) all.push(item);
    };
    this.dirty.clear();
    let started = Date.now();
    await this.pass(undefined, previous, send, token);
    // Held open: each change on disk is one more batch, until the settings change or HOLD_MS pass.
    // A watcher can miss a file (one written into a folder made the same instant): the folders are
    // walked again now and then, every RESCAN_FACTOR times as long as the last walk took (at least
    // RESCAN_MIN_MS), so a rescan costs at most a few percent of the time; it sends only what changed.
    let rescanEvery = Math.max(RESCAN_MIN_MS, RESCAN_FACTOR * (Date.now() - started));
    let nextRescan = Date.now() + rescanEvery;
    const hold = progress !== undefined && this.watching;
    const until = Date.now() + HOLD_MS;
    while (hold && !token.isCancellationRequested) {
      const left = until - Date.now();
      if (left <= 0) break;
      if (this.dirty.size === 0) await this.waitForChange(token, Math.min(left, Math.max(0, nextRescan - Date.now())));
      if (token.isCancellationRequested) break;
      if (this.dirty.has('*')) break; // new settings: the client asks again, with the new generation
      if (this.dirty.size === 0) {
        if (Date.now() < nextRescan) continue;
        started = Date.now();
        await this.pass(undefined, previous, send, token, true);
        rescanEvery = Math.max(RESCAN_MIN_MS, RESCAN_FACTOR * (Date.now() - started));
        nextRescan = Date.now() + rescanEvery;
        continue;
      }
      const changed = [...this.dirty];
      this.dirty.clear();
      await this.pass(changed, previous, send, token);
    }
    if (token.isCancellationRequested) throw cancelled();
    return { items: all };
  }

  private waitForChange(token: CancellationToken, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        sub.dispose();
        if (this.wake === done) this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      const sub = token.onCancellationRequested(done);
      this.wake = done;
    });
  }

  /** Ends a held pull (at shutdown). */
  dispose(): void {
    this.wake?.();
  }

  /**
   * Reports the files (all of the workspace when `only` is undefined): batches of at most
   * BATCH_FILES files or SLICE_MS of work, yielding between them. Files in `previous` that are no
   * longer there get an empty report.
   */
  private async pass(
    only: readonly string[] | undefined,
    previous: Map<string, string>,
    send: (items: WorkspaceDocumentDiagnosticReport[]) => void,
    token: CancellationToken,
    /** A rescan within the same request: `unchanged` reports are not sent again. */
    quiet = false,
  ): Promise<void> {
    const folders = this.deps.folders();
    let uris: string[];
    if (only) {
      uris = only.filter((u) => this.inWalk(u, folders));
    } else {
      const walked = await walkFolders(this.deps.files, folders, MAX_WORKSPACE_FILES, () => token.isCancellationRequested);
      uris = walked.uris;
      if (walked.truncated && !this.warnedLimit) {
        this.warnedLimit = true;
        this.deps.connection.console.warn(`The workspace has more than ${MAX_WORKSPACE_FILES.toLocaleString('en-US')} scenario files: the Problems panel shows the findings of the first ${MAX_WORKSPACE_FILES.toLocaleString('en-US')} (and of every open file). Check them all with \`board-scenario check\`.`);
      }
    }
    await this.deps.prepare();
    const budget = { bytes: 0 };
    let batch: WorkspaceDocumentDiagnosticReport[] = [];
    let sliceStart = Date.now();
    const seen = new Set<string>();
    let stoppedEarly = false;
    for (const uri of uris) {
      if (token.isCancellationRequested) return;
      seen.add(uri);
      const document = this.deps.documents.get(uri);
      let item: WorkspaceDocumentDiagnosticReport | undefined;
      if (document) {
        const r = this.openReport(document, previous.get(uri), await this.reportedState(document));
        item = r.items === undefined
          ? { kind: 'unchanged', uri, version: document.version, resultId: r.resultId }
          : { kind: 'full', uri, version: document.version, resultId: r.resultId, items: r.items };
      } else {
        item = await this.diskReport(uri, previous.get(uri), budget);
      }
      if (item && !(quiet && item.kind === 'unchanged')) batch.push(item);
      if (budget.bytes > MAX_PASS_BYTES) {
        if (!this.warnedBytes) this.deps.connection.console.warn(`A workspace check reads at most ${MAX_PASS_BYTES / (1024 * 1024)} MB at a time: the rest of the files are checked in the next one.`);
        this.warnedBytes = true;
        stoppedEarly = true;
        break;
      }
      if (batch.length >= BATCH_FILES || Date.now() - sliceStart >= SLICE_MS) {
        send(batch);
        batch = [];
        await yieldToMessages();
        sliceStart = Date.now();
      }
    }
    // Reported before, not there now (deleted, moved, outside the folders now): cleared. (Not after
    // a pass that stopped at the byte limit: the files it did not reach are still there.)
    const gone = stoppedEarly ? [] : only ? only.filter((u) => !seen.has(u)) : [...previous.keys()].filter((u) => !seen.has(u));
    for (const uri of gone) if (previous.has(uri) && !this.deps.documents.get(uri)) batch.push({ kind: 'full', uri, version: null, items: [] });
    send(batch);
  }

  /** Would the walk list this file? (A `*.board` file inside a folder, not under node_modules or a dot-folder.) */
  private inWalk(uri: string, folders: readonly string[]): boolean {
    const p = folderPath(uri);
    if (!p || !p.endsWith('.board')) return false;
    for (const f of folders) {
      const root = folderPath(f);
      if (!root || !isInside(p, root)) continue;
      const parts = p.slice(root.length).split(/[\\/]/).filter(Boolean).slice(0, -1);
      if (parts.every((d) => d !== 'node_modules' && !d.startsWith('.'))) return true;
    }
    return false;
  }

  /**
   * The report of a file on disk, in the workspace: unchanged when its stat and the generation are
   * those of `previous`; undefined when it is not a file (any more), or not in a workspace folder.
   */
  private async diskReport(uri: string, previous: string | undefined, budget: { bytes: number }): Promise<WorkspaceDocumentDiagnosticReport | undefined> {
    if (!this.inWalk(uri, this.deps.folders())) return undefined;
    // Excluded by its project config: not reported (and cleared, when it was).
    if (await this.deps.excluded?.(uri)) return previous !== undefined ? { kind: 'full', uri, version: null, items: [] } : undefined;
    const stamp = await stampOf(this.deps.files, uri);
    if (!stamp) return previous !== undefined ? { kind: 'full', uri, version: null, items: [] } : undefined;
    const resultId = `w${this.generation}.${this.epochs.get(uri) ?? 0}.${stamp.size}.${stamp.mtimeMs}`;
    if (previous === resultId) return { kind: 'unchanged', uri, version: null, resultId };
    const read = await readInWorkspace(this.deps.files, uri, this.deps.folders(), MAX_FILE_BYTES);
    if ('outside' in read) return undefined;
    if ('missing' in read) return previous !== undefined ? { kind: 'full', uri, version: null, items: [] } : undefined;
    if ('tooLarge' in read) return { kind: 'full', uri, version: null, resultId, items: [fileTooLargeDiagnostic(read.tooLarge, MAX_FILE_BYTES, '')] };
    budget.bytes += read.text.length;
    const { core, extra } = await this.deps.findingsOfText(uri, read.text);
    return { kind: 'full', uri, version: null, resultId, items: publishedDiagnostics(core, extra, uri, 0, this.deps.support()) };
  }
}

/** Lets the messages that arrived meanwhile be handled (a hover, a document pull, a cancellation). */
function yieldToMessages(): Promise<void> {
  return yieldNow();
}

function keyOf(findings: readonly Finding[]): string {
  return findings.length === 0 ? '' : JSON.stringify(findings.map((f) => [f.code, f.message, f.range]));
}

/** The findings of a text from disk, without the editor's incremental state (nothing is kept). */
export function coreFindingsOfText(text: string): { findings: readonly Finding[]; analysis: ReturnType<typeof analyse> } {
  const analysis = analyse(text);
  return { findings: analysis.result.findings, analysis };
}
