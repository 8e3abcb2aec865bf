// Every scenario a test, in VS Code's Testing view. The controller lists every `*.board` file of the
// workspace (grouped by folder) and follows files created, changed and deleted; a file's children
// are its `expect` lines and expectation markers (`#! CODE`, `#! no CODE`), as the language server
// finds them. Run, Run All and the gutter buttons send `boardScenario/runTests` (server/src/tests.ts:
// the core's testScenario; open files run from the editor's text) and report each case passed or
// failed at its line, with what was expected and what the replay reached (a diff message); a file
// fails too for an error no case accounts for, shown at that error's line.
import * as vscode from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';

export const RUN_TESTS_REQUEST = 'boardScenario/runTests';
/** Files per request: the server takes up to 500; smaller parts show progress sooner. */
const FILES_PER_REQUEST = 50;
/** At most this many files are listed (a larger workspace runs its suite with `board-scenario test`). */
const MAX_FILES = 10_000;
const EXCLUDE = '**/{node_modules,.*}/**';

// What the server answers (server/src/tests.ts), as far as the view reads it.
interface Position {
  line: number;
  character: number;
}
interface Range {
  start: Position;
  end: Position;
}
interface Diagnostic {
  range: Range;
  message: string;
  code?: string | number;
}
interface CaseResult {
  kind: 'expect' | 'expected-finding' | 'no-finding';
  line: number;
  range: Range;
  label: string;
  passed: boolean;
  expected: string;
  actual: string;
  failure?: Diagnostic;
}
interface FileResult {
  uri: string;
  error?: string;
  passed: boolean;
  cases: CaseResult[];
  unexpectedErrors: Diagnostic[];
}

const range = (r: Range) => new vscode.Range(r.start.line, r.start.character, r.end.line, r.end.character);

export class ScenarioTests implements vscode.Disposable {
  private readonly controller: vscode.TestController;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly pendingResolve = new Map<string, ReturnType<typeof setTimeout>>();
  private discovered: Promise<void> | undefined;

  constructor(
    private readonly client: () => LanguageClient | undefined,
    /** Resolves when the current language client has started (or failed to). */
    private readonly ready: () => Promise<void>,
  ) {
    const controller = (this.controller = vscode.tests.createTestController('boardScenario', vscode.l10n.t('Board Scenarios')));
    controller.resolveHandler = async (item) => {
      if (!item) await this.discover();
      else if (this.isFile(item)) {
        try {
          await this.resolveFiles([item]);
        } catch (error) {
          item.error = error instanceof Error ? error.message : String(error);
        }
      }
    };
    controller.refreshHandler = async () => {
      this.discovered = undefined;
      controller.items.replace([]);
      await this.discover();
    };
    controller.createRunProfile(vscode.l10n.t('Run'), vscode.TestRunProfileKind.Run, (request, token) => this.run(request, token), true);

    const watcher = vscode.workspace.createFileSystemWatcher('**/*.board');
    this.disposables.push(
      controller,
      watcher,
      watcher.onDidCreate((uri) => {
        if (this.listable(uri)) this.fileItem(uri, true);
      }),
      watcher.onDidDelete((uri) => this.remove(uri)),
      watcher.onDidChange((uri) => this.resolveLater(uri)),
      // The gutter buttons follow the lines of an open scenario as it is edited.
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document.uri.path.endsWith('.board') && e.contentChanges.length > 0) this.resolveLater(e.document.uri);
      }),
      vscode.workspace.onDidOpenTextDocument((d) => this.resolveOpen(d)),
      vscode.workspace.onDidChangeWorkspaceFolders(() => void controller.refreshHandler?.(new vscode.CancellationTokenSource().token)),
    );
  }

  /** Lists the workspace's scenarios, and the cases of the open ones (for the gutter). */
  start(): void {
    void this.discover().then(() => {
      for (const d of vscode.workspace.textDocuments) this.resolveOpen(d);
    });
  }

  private resolveOpen(document: vscode.TextDocument): void {
    if (document.uri.path.endsWith('.board') && this.listable(document.uri)) this.resolveLater(document.uri, 0);
  }

  private discover(): Promise<void> {
    this.discovered ??= (async () => {
      const uris = await vscode.workspace.findFiles('**/*.board', EXCLUDE, MAX_FILES);
      uris.sort((a, b) => (a.toString() < b.toString() ? -1 : 1));
      for (const uri of uris) this.fileItem(uri, true);
    })();
    return this.discovered;
  }

  /** In a workspace folder, and not under node_modules or a dot-folder (as the server and the CLI walk). */
  private listable(uri: vscode.Uri): boolean {
    const folder = vscode.workspace.getWorkspaceFolder(uri);
    if (!folder) return false;
    const rel = uri.path.slice(folder.uri.path.length).split('/').filter(Boolean);
    return rel.slice(0, -1).every((d) => d !== 'node_modules' && !d.startsWith('.'));
  }

  private isFile(item: vscode.TestItem): boolean {
    return item.uri !== undefined && item.id === item.uri.toString();
  }

  /** The file's item, made (with its folders) when `create` and it is not there yet. */
  private fileItem(uri: vscode.Uri, create: boolean): vscode.TestItem | undefined {
    const folder = vscode.workspace.getWorkspaceFolder(uri);
    if (!folder) return undefined;
    const many = (vscode.workspace.workspaceFolders?.length ?? 0) > 1;
    const parts = uri.path.slice(folder.uri.path.length).split('/').filter(Boolean);
    let collection = this.controller.items;
    let dir = folder.uri;
    if (many) {
      const top = this.folderItem(collection, `folder:${folder.uri.toString()}`, folder.name, folder.uri, create);
      if (!top) return undefined;
      collection = top.children;
    }
    for (const name of parts.slice(0, -1)) {
      dir = vscode.Uri.joinPath(dir, name);
      const item = this.folderItem(collection, `folder:${dir.toString()}`, name, dir, create);
      if (!item) return undefined;
      collection = item.children;
    }
    const id = uri.toString();
    let item = collection.get(id);
    if (!item && create) {
      item = this.controller.createTestItem(id, parts[parts.length - 1] ?? uri.path, uri);
      item.canResolveChildren = true;
      collection.add(item);
    }
    return item;
  }

  private folderItem(collection: vscode.TestItemCollection, id: string, label: string, uri: vscode.Uri, create: boolean): vscode.TestItem | undefined {
    let item = collection.get(id);
    if (!item && create) {
      item = this.controller.createTestItem(id, label, uri);
      collection.add(item);
    }
    return item;
  }

  private remove(uri: vscode.Uri): void {
    const item = this.fileItem(uri, false);
    if (!item) return;
    // Up the tree: a folder left empty goes too.
    let child: vscode.TestItem | undefined = item;
    while (child) {
      const parent: vscode.TestItem | undefined = child.parent;
      (parent ? parent.children : this.controller.items).delete(child.id);
      if (!parent || parent.children.size > 0) break;
      child = parent;
    }
  }

  private resolveLater(uri: vscode.Uri, delayMs = 300): void {
    const key = uri.toString();
    const old = this.pendingResolve.get(key);
    if (old !== undefined) clearTimeout(old);
    this.pendingResolve.set(
      key,
      setTimeout(() => {
        this.pendingResolve.delete(key);
        const item = this.fileItem(uri, this.listable(uri));
        if (item) void this.resolveFiles([item]).catch(() => undefined);
      }, delayMs),
    );
  }

  /** Asks the server for the files' cases and makes them the items' children. */
  private async resolveFiles(items: vscode.TestItem[]): Promise<FileResult[]> {
    const results = await this.request(items.map((i) => i.uri!));
    results.forEach((r, i) => this.setChildren(items[i], r));
    return results;
  }

  private async request(uris: vscode.Uri[], token?: vscode.CancellationToken): Promise<FileResult[]> {
    await this.ready();
    const client = this.client();
    if (!client?.isRunning()) throw new Error(vscode.l10n.t('The Board Scenario language server is not running.'));
    const converted = uris.map((u) => client.code2ProtocolConverter.asUri(u));
    // No token, no third argument: an explicit undefined would be sent as a second parameter.
    const params = { uris: converted };
    const answer = await (token ? client.sendRequest<{ files: FileResult[] }>(RUN_TESTS_REQUEST, params, token) : client.sendRequest<{ files: FileResult[] }>(RUN_TESTS_REQUEST, params));
    return answer.files;
  }

  /** The cases as children; ids stay the same while a case keeps its kind, line and label. */
  private setChildren(file: vscode.TestItem, result: FileResult): Map<CaseResult, vscode.TestItem> {
    const byCase = new Map<CaseResult, vscode.TestItem>();
    const children: vscode.TestItem[] = [];
    const seen = new Map<string, number>();
    for (const c of result.cases) {
      const base = `${file.id}#${c.line + 1}:${c.kind}:${c.label}`;
      const n = (seen.get(base) ?? 0) + 1;
      seen.set(base, n);
      const id = n === 1 ? base : `${base}:${n}`;
      const item = file.children.get(id) ?? this.controller.createTestItem(id, c.label, file.uri);
      item.range = range(c.range);
      item.description = vscode.l10n.t('line {0}', c.line + 1);
      children.push(item);
      byCase.set(c, item);
    }
    file.children.replace(children);
    file.error = result.error;
    return byCase;
  }

  private async run(request: vscode.TestRunRequest, token: vscode.CancellationToken): Promise<void> {
    await this.discover();
    const run = this.controller.createTestRun(request);
    const excluded = new Set((request.exclude ?? []).map((i) => i.id));
    /** File items to run, each with the case ids asked for (undefined: the whole file). */
    const files = new Map<vscode.TestItem, Set<string> | undefined>();
    const add = (item: vscode.TestItem) => {
      if (excluded.has(item.id)) return;
      if (this.isFile(item)) {
        files.set(item, undefined);
        return;
      }
      if (item.parent && this.isFile(item.parent)) {
        if (files.has(item.parent) && files.get(item.parent) === undefined) return;
        const only = files.get(item.parent) ?? new Set<string>();
        only.add(item.id);
        files.set(item.parent, only);
        return;
      }
      item.children.forEach(add);
    };
    if (request.include) request.include.forEach(add);
    else this.controller.items.forEach(add);

    const list = [...files.keys()];
    for (const item of list) run.enqueued(item);
    try {
      for (let i = 0; i < list.length && !token.isCancellationRequested; i += FILES_PER_REQUEST) {
        const part = list.slice(i, i + FILES_PER_REQUEST);
        for (const item of part) run.started(item);
        let results: FileResult[];
        try {
          results = await this.request(part.map((p) => p.uri!), token);
        } catch (error) {
          for (const item of part) run.errored(item, new vscode.TestMessage(error instanceof Error ? error.message : String(error)));
          continue;
        }
        results.forEach((r, j) => this.report(run, part[j], r, files.get(part[j])));
      }
    } finally {
      run.end();
    }
  }

  private report(run: vscode.TestRun, file: vscode.TestItem, result: FileResult, only: Set<string> | undefined): void {
    const uri = file.uri!;
    if (result.error) {
      run.errored(file, new vscode.TestMessage(result.error));
      return;
    }
    const items = this.setChildren(file, result);
    let failedCases = 0;
    for (const c of result.cases) {
      const item = items.get(c)!;
      if (!c.passed) failedCases++;
      if (only && !only.has(item.id)) continue;
      run.started(item);
      if (c.passed) {
        run.passed(item);
        continue;
      }
      const message = vscode.TestMessage.diff(c.failure?.message ?? vscode.l10n.t('Expected {0}.', c.expected), c.expected, c.actual);
      message.location = new vscode.Location(uri, range(c.failure?.range ?? c.range));
      run.failed(item, message);
    }
    if (only) return;
    if (result.passed) {
      run.passed(file);
      return;
    }
    const messages = result.unexpectedErrors.map((d) => {
      const m = new vscode.TestMessage(`${d.code ? `${d.code}: ` : ''}${d.message}`);
      m.location = new vscode.Location(uri, range(d.range));
      return m;
    });
    if (failedCases > 0) messages.unshift(new vscode.TestMessage(result.cases.length === 1 ? vscode.l10n.t('1 of 1 case failed.') : vscode.l10n.t('{0} of {1} cases failed.', failedCases, result.cases.length)));
    run.failed(file, messages.length > 0 ? messages : [new vscode.TestMessage(vscode.l10n.t('The scenario has an error that is not expected.'))]);
  }

  dispose(): void {
    for (const t of this.pendingResolve.values()) clearTimeout(t);
    this.pendingResolve.clear();
    for (const d of this.disposables) d.dispose();
  }
}
