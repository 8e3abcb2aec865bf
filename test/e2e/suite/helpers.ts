// What the extension tests share: the extension's API, temporary scenario files, and waits on
// conditions (never fixed sleeps). They run inside VS Code's extension host, desktop or code-server.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { BoardScenarioApi } from '../../../client/src/extension';

export const EXTENSION_ID = 'board-scenario.board-scenario';
export const LANGUAGE_ID = 'board-scenario';
export const SOURCE = 'board-scenario';

export function extension(): vscode.Extension<BoardScenarioApi> {
  const ext = vscode.extensions.getExtension<BoardScenarioApi>(EXTENSION_ID);
  assert.ok(ext, `extension ${EXTENSION_ID} is not loaded`);
  return ext;
}

/** Activates the extension and waits until its language client has started. */
export async function activate(): Promise<BoardScenarioApi> {
  const api = await extension().activate();
  await api.whenStarted();
  await waitFor(() => api.client?.isRunning(), 'the language client to run');
  return api;
}

/** Polls `condition` every 50 ms until it gives a truthy value, which it returns; throws after `timeoutMs`. */
export async function waitFor<T>(condition: () => T | Promise<T>, what: string, timeoutMs = 30_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await condition();
      if (value) return value as NonNullable<T>;
      last = value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) {
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what} (last: ${last instanceof Error ? last.message : JSON.stringify(last)})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The folder the tests write their scenarios to: the opened workspace folder, or a temp folder. */
function scratchRoot(): string {
  const folder = vscode.workspace.workspaceFolders?.find((f) => f.uri.scheme === 'file');
  return folder ? folder.uri.fsPath : fs.mkdtempSync(path.join(os.tmpdir(), 'board-e2e-'));
}
let root: string | undefined;
let counter = 0;

/** A new, empty folder for one test. */
export function scratchDir(label: string): string {
  root ??= scratchRoot();
  const dir = path.join(root, `${String(++counter).padStart(2, '0')}-${label}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * The text of one of the bundled examples (examples/NAME), without the expectation markers
 * (`#! CODE`) they declare their intended findings with: these tests exercise the findings and
 * their fixes as a scenario without markers has them (an expected finding's fixes are not safe).
 */
export function exampleText(name: string): string {
  return withoutMarkers(fs.readFileSync(path.join(extension().extensionPath, 'examples', name), 'utf8'));
}

/** The text with every trailing `#! ...` expectation removed (and the blanks before it). */
export function withoutMarkers(text: string): string {
  return text.replace(/[ \t]*#!.*$/gm, '');
}

/** Writes a scenario into a fresh folder and returns its URI. */
export function writeScenario(label: string, fileName: string, text: string): vscode.Uri {
  const file = path.join(scratchDir(label), fileName);
  fs.writeFileSync(file, text);
  return vscode.Uri.file(file);
}

/** A temporary copy of examples/NAME. */
export function copyExample(label: string, name: string): vscode.Uri {
  return writeScenario(label, name, exampleText(name));
}

/** Opens a scenario in an editor; checks that it got the board-scenario language. */
export async function open(uri: vscode.Uri): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument(uri);
  assert.equal(document.languageId, LANGUAGE_ID, `${uri.fsPath} should be a ${LANGUAGE_ID} document`);
  return vscode.window.showTextDocument(document);
}

/** The diagnostics our server published for `uri`. */
export function ours(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source === SOURCE);
}

export function codeOf(d: vscode.Diagnostic): string {
  return typeof d.code === 'object' && d.code !== null ? String(d.code.value) : String(d.code ?? '');
}

export function codes(uri: vscode.Uri): string[] {
  return ours(uri).map(codeOf).sort();
}

/** The rule numbers a diagnostic carries (the server sends them in `data` too; the API hides it). */
export function rulesOf(d: vscode.Diagnostic): string[] {
  const data = (d as { data?: { rules?: string[] } }).data;
  if (data?.rules) return data.rules;
  const m = /\(rules? ([^)]*)\)/.exec(d.message);
  return m ? m[1].split(/,\s*/) : [];
}

/** Waits until our diagnostics for `uri` satisfy `accept`, and returns them. */
export function waitForDiagnostics(uri: vscode.Uri, accept: (ds: vscode.Diagnostic[]) => boolean, what: string, timeoutMs?: number): Promise<vscode.Diagnostic[]> {
  return waitFor(() => {
    const ds = ours(uri);
    return accept(ds) ? ds : undefined;
  }, `${what} in ${path.basename(uri.fsPath)} (now: [${codes(uri).join(', ')}])`, timeoutMs);
}

/** Waits until the diagnostics of `uri` have exactly these codes (sorted comparison). */
export function waitForCodes(uri: vscode.Uri, expected: string[], timeoutMs?: number): Promise<vscode.Diagnostic[]> {
  const want = [...expected].sort().join(',');
  return waitForDiagnostics(uri, (ds) => ds.map(codeOf).sort().join(',') === want, `codes [${expected.join(', ')}]`, timeoutMs);
}

/** The text of the hovers at a position, Markdown escapes removed. */
export async function hoverText(uri: vscode.Uri, position: vscode.Position): Promise<string> {
  const hovers = (await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, position)) ?? [];
  return hovers
    .flatMap((h) => h.contents)
    .map((c) => (typeof c === 'string' ? c : c.value))
    .join('\n')
    .replace(/\\([\\`*_[\]<>])/g, '$1');
}

export async function codeActions(uri: vscode.Uri, range: vscode.Range, kind?: string): Promise<vscode.CodeAction[]> {
  return (await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, range, kind)) ?? [];
}

/** Applies a code action's edit, then saves the document. */
export async function applyAndSave(action: vscode.CodeAction, document: vscode.TextDocument): Promise<void> {
  assert.ok(action.edit, `code action "${action.title}" has no edit`);
  assert.ok(await vscode.workspace.applyEdit(action.edit), `applying "${action.title}" failed`);
  assert.ok(await document.save(), `saving ${document.uri.fsPath} failed`);
}

/** Replaces the whole text of a line (0-based) in the document shown in `editor`. */
export async function replaceLine(editor: vscode.TextEditor, line: number, text: string): Promise<void> {
  const range = editor.document.lineAt(line).range;
  assert.ok(await editor.edit((b) => b.replace(range, text)), `editing line ${line + 1} failed`);
}

/** The 0-based line of the first line of `document` that equals `text` (trimmed). */
export function lineOf(document: vscode.TextDocument, text: string): number {
  for (let i = 0; i < document.lineCount; i++) if (document.lineAt(i).text.trim() === text) return i;
  throw new Error(`no line "${text}" in ${document.uri.fsPath}`);
}

/** Saves every dirty scenario and closes all editors, so each test starts from a clean window. */
export async function closeAll(): Promise<void> {
  for (const document of vscode.workspace.textDocuments) {
    if (document.isDirty && document.languageId === LANGUAGE_ID) await document.save();
  }
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}
