// The board-scenario language server: wiring only, shared by its two hosts. `startServer` takes the
// connection and the platform (platform.ts: how files are read, card files parsed); node.ts opens
// the Node transport (argv: `--stdio`, `--node-ipc`, `--socket=N`, `--pipe=NAME`), browser.ts a Web
// Worker's messages. Nothing here touches Node's process, fs or threads.
import {
  DidChangeConfigurationNotification,
  DidChangeWatchedFilesNotification,
  FileChangeType,
  type Connection,
  type FileEvent,
  ErrorCodes,
  LSPErrorCodes,
  ResponseError,
  TextDocuments,
  TextDocumentSyncKind,
  type InitializeResult,
  type CodeLens,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { isAbsolute } from 'node:path';
import { MINIMAL_SUPPORT, readClientOptions, readClientSupport, type ClientOptions, type ClientSupport } from './capabilities';
import { AnalysisCache, type DocumentState } from './documents';
import { SettingsStore } from './settings';
import { Validator } from './validation';
import { guard, guardedDocumentSync, guardNotification, needs } from './guard';
import { DEBUG_MEMORY_REQUEST, type DebugMemory } from './debug';
import { explainFinding, hover } from './hover';
import { EXPLAIN_REQUEST, STATUS_REQUEST, scenarioStatus, type ExplainParams } from './status';
import { CODE_ACTION_KINDS, codeActions } from './codeActions';
import { cardNameCompletion, completion, withDefaultEditRange } from './completion';
import { definition, documentSymbols, flatSymbols, prepareRename, references, rename } from './symbols';
import { LEGEND, semanticTokens, SemanticTokensCache } from './semanticTokens';
import { inlayHints } from './inlayHints';
import { foldingRanges } from './folding';
import { RulesFiles } from './rulesText';
import { CardFiles } from './cards';
import { WorkspaceFolders } from './paths';
import { IncludeFiles } from './includes';
import { codeLenses } from './codeLens';
import { forgetDocument } from './perStatement';
import { BOARD_REQUEST, boardPicture, events, EVENTS_REQUEST, type BoardParams } from './board';
import { applySeverities, CONFIG_FILE_NAME, rulesFileFindings, type Finding, type Game, type ScenarioHeader } from '../../core';
import { fileURLToPath } from 'node:url';
import { configFiles, excludedByConfig, ProjectConfigs, type ServerProjectConfig } from './projectConfig';
import type { Settings } from './settings';
import { PullDiagnostics } from './pull';
import { EXPECTATION_COMMAND, expectationCommand, lensTarget, resolveCodeLens } from './codeLens';
import { RUN_TESTS_REQUEST, runTests, runTestsParamsProblem, type RunTestsParams } from './tests';
import { useNativeUtf8Length, type ServerPlatform } from './platform';
import { t, useLocale } from './l10n';
import { LANGUAGE_NAMES } from '../../l10n/language';

export const NAME = 'board-scenario-language-server';

/**
 * Registers every handler on `connection` and starts listening. (Its body is not indented under
 * the function, so that the history of each handler stays where it was.)
 */
export function startServer(connection: Connection, platform: ServerPlatform): void {
// The size limit's count of every version, by the host's counter when it has one (platform.ts).
useNativeUtf8Length(platform.utf8Length);
const documents = new TextDocuments(TextDocument);
// Included files are read through includeFiles (declared below; first used on the first open).
const cache = new AnalysisCache(undefined, (uri) => includeFiles.hostFor(uri), (uri) => cardsOf(uri), (uri) => configOf(uri)?.config);
let support: ClientSupport = MINIMAL_SUPPORT;
let clientOptions: ClientOptions = readClientOptions(undefined);
const settings = new SettingsStore(connection, () => support.configuration);
/** Relative paths in settings are resolved against these (paths.ts), never the working directory. */
const folders = new WorkspaceFolders();
/**
 * What the documents include, read from open documents first, then the disk, inside the workspace
 * folder (includes.ts); when an included file changes, each open includer is analysed and published again.
 */
const includeFiles = new IncludeFiles(documents, folders, (uri) => {
  cache.invalidate(uri);
  validator.publishNow(uri);
  // A pulling client asks again (the includer's new state is another report).
  if (support.pullDiagnostics) pull.refresh();
}, platform.includes);
const rulesFiles = new RulesFiles(
  { info: (m) => connection.console.info(m), warn: (m) => connection.console.warn(m) },
  // A rules file was read (or changed, or vanished): the documents that use it may need a new publish.
  () => {
    for (const d of documents.all()) validator.refreshExtras(d.uri);
    // The files not open are reported from the workspace pull: their rules-file findings may differ now.
    if (support.pullDiagnostics) pull.settingsChanged();
  },
  { folders, files: platform.files, locate: platform.locate },
);
const validator = new Validator(connection, documents, cache, settings, () => support, undefined, rulesFileDiagnostics, () => pull.refresh());
/** The user's card data (`boardScenario.cards.*`), read in the background (cards.ts). */
const cardFiles = new CardFiles(
  { info: (m) => connection.console.info(m), warn: (m) => connection.console.warn(m) },
  // Card data was read (or changed, or vanished): published documents are checked with it again.
  () => {
    for (const d of documents.all()) validator.republish(d.uri);
    // A pulling client asks again (and the workspace report is made again with the card data).
    if (support.pullDiagnostics) pull.settingsChanged();
  },
  { folders, files: platform.files, loader: platform.cards, locate: platform.locate },
);

/** An open document's settings as they arrived, else (a file the workspace pull reads from disk) its folder's. */
function peekSettings(uri: string): Settings | undefined {
  const folder = folders.folderOf(uri);
  return settings.peek(uri) ?? (folder ? settings.peek(folder) : undefined);
}

/**
 * The project config (board-scenario.json) of a document, as far as it is in memory (never waits):
 * none until its settings arrived and allow it (`boardScenario.projectConfig`) and it was read.
 */
const projectConfigs = new ProjectConfigs(
  { warn: (m) => connection.console.warn(m) },
  // A config read before changed or vanished: every report under it may differ.
  () => {
    for (const d of documents.all()) recheckConfig(d.uri);
    if (support.pullDiagnostics) pull.settingsChanged();
  },
  platform.files,
);

function configOf(uri: string): ServerProjectConfig | undefined {
  const s = peekSettings(uri);
  return s ? projectConfigs.peek(uri, folders.folderOf(uri), s.projectConfig) : undefined;
}

/** Finds and reads (or checks the stat of) a document's config in the background; an open document checked with another is checked again. */
async function followConfig(uri: string): Promise<void> {
  const s = await settings.get(uri);
  await projectConfigs.resolve(uri, folders.folderOf(uri), s.projectConfig);
  recheckConfig(uri);
}

/** An open document whose last check was made with another config than its own now: checked (published, or pulled) again. */
function recheckConfig(uri: string): void {
  const state = cache.current(uri);
  if (!state || !documents.get(uri) || state.config === configOf(uri)?.config) return;
  validator.republish(uri);
  if (support.pullDiagnostics) pull.refresh();
}

/** The card files of a document: per game, those of its setting, else those of its project config. */
function cardPaths(uri: string, s: Settings): string[] {
  const c = configOf(uri);
  const fromConfig = c ? configFiles(c).cards : {};
  return cardFiles.locate({ mtg: s.cards.mtg.length ? s.cards.mtg : fromConfig.mtg ?? [], riftbound: s.cards.riftbound.length ? s.cards.riftbound : fromConfig.riftbound ?? [] }, uri);
}

/** The card data of a document's settings (or config), as far as it is in memory (never waits). */
function cardsOf(uri: string) {
  const s = peekSettings(uri);
  return s ? cardFiles.catalogsFor(cardPaths(uri, s)) : undefined;
}

/** After a document's diagnostics were published: read its card files in the background (or check their stat). */
async function followCards(uri: string): Promise<void> {
  const s = await settings.get(uri);
  await followConfig(uri);
  await cardFiles.follow(cardPaths(uri, s));
}

/** The rules file of a document's game: its setting, else (the setting is empty) its project config's. */
function rulesFileFor(uri: string, game: Game, setting: string): string {
  if (setting) return rulesFiles.locate(setting, uri);
  const c = configOf(uri);
  const fromConfig = c ? configFiles(c).rulesFile[game] : undefined;
  return fromConfig ? rulesFiles.locate(fromConfig, uri) : '';
}

/** The rules file set for the document's game, as far as its settings have arrived (no waiting). */
function rulesFilePath(state: DocumentState): string {
  return rulesFileFor(state.uri, state.game, settings.peek(state.uri)?.rulesFile[state.game] ?? '');
}

/**
 * The findings that compare the user's rules file with the scenario's `rules` line. Only what is in
 * memory: a file not read yet gives none now (its read is started, and its end publishes again).
 */
function rulesFileDiagnostics(state: DocumentState): Finding[] {
  return configured(rulesFileFindingsAt(rulesFilePath(state), state.header), state.config?.severity);
}

/** Findings with the project config's severities (`off` drops them), as the CLI applies them. */
function configured(findings: Finding[], severity: ServerProjectConfig['config']['severity'] | undefined): Finding[] {
  return severity ? applySeverities(findings, severity) : findings;
}

/** What a workspace pass has read already (rules and card files named by configs): each is read, or its stat checked, once per pass. */
const readThisPass = new Set<string>();

function rulesFileFindingsAt(path: string, header: ScenarioHeader): Finding[] {
  if (!path) return [];
  const doc = rulesFiles.cached(path);
  if (!doc) {
    void rulesFiles.load(path);
    return [];
  }
  return rulesFileFindings(doc, header);
}

/**
 * A scenario that is not open (the workspace pull reads it from disk): its settings are those of
 * its workspace folder, asked once per folder (`prepareFolders`), not once per file.
 */
async function diskFindings(uri: string, text: string): Promise<{ core: readonly Finding[]; extra: Finding[] }> {
  const folder = folders.folderOf(uri);
  const s = folder ? settings.peek(folder) : undefined;
  // Its project config, read (or its stat checked) first: a workspace pass waits for it, a publish never does.
  const c = s ? await projectConfigs.resolve(uri, folder, s.projectConfig) : undefined;
  if (s && c) {
    const paths = cardPaths(uri, s).filter((p) => !readThisPass.has(p));
    for (const p of paths) readThisPass.add(p);
    if (paths.length) await cardFiles.follow(paths);
  }
  // With its includes (read as an open document's are), its folder's (or config's) card data and the config's default rules version.
  const analysis = includeFiles.analyseFile(uri, text, { cards: cardsOf(uri), defaultRulesVersion: c?.config.rulesVersion });
  const game: Game = analysis.result.game ?? 'mtg';
  const path = rulesFileFor(uri, game, s?.rulesFile[game] ?? '');
  if (c && path && !readThisPass.has(path)) {
    readThisPass.add(path);
    await rulesFiles.load(path);
  }
  const severity = c?.config.severity;
  return { core: configured(analysis.result.findings as Finding[], severity), extra: configured(rulesFileFindingsAt(path, analysis.header), severity) };
}

/** The project config of a file that is not open (the Testing view runs it from disk), read if need be. */
async function diskConfigOf(uri: string) {
  const folder = folders.folderOf(uri);
  if (!folder) return undefined;
  const s = await settings.get(folder);
  return (await projectConfigs.resolve(uri, folder, s.projectConfig))?.config;
}

/** Is a file that is not open excluded from the workspace report by its project config's `exclude`? */
async function excludedFile(uri: string): Promise<boolean> {
  const folder = folders.folderOf(uri);
  const s = folder ? settings.peek(folder) : undefined;
  const c = s ? await projectConfigs.resolve(uri, folder, s.projectConfig) : undefined;
  if (!c) return false;
  try {
    return excludedByConfig(c, fileURLToPath(uri));
  } catch {
    return false;
  }
}

/** Before a workspace pass: every folder's settings, and the rules files they name, are in memory. */
async function prepareFolders(): Promise<void> {
  readThisPass.clear();
  for (const folder of folders.list()) {
    const s = await settings.get(folder);
    for (const game of ['mtg', 'riftbound'] as const) {
      const path = rulesFiles.locate(s.rulesFile[game], folder + '/');
      if (path) await rulesFiles.load(path);
    }
  }
}

const pull = new PullDiagnostics({
  connection,
  documents,
  cache,
  validator,
  support: () => support,
  folders: () => folders.list(),
  files: platform.files,
  findingsOfText: diskFindings,
  excluded: excludedFile,
  prepare: prepareFolders,
  validate: async (uri) => (await settings.get(uri)).validate,
});

/**
 * After a document's diagnostics were published: wait for its settings, read its rules file in
 * the background (or check that it did not change), and publish again if that changes anything.
 */
async function followRulesFile(uri: string): Promise<void> {
  await settings.get(uri);
  // A rules file its project config names is known once the config is read.
  await followConfig(uri);
  const state = stateOf(uri);
  if (!state) return;
  const path = rulesFilePath(state);
  if (path) await rulesFiles.load(path);
  validator.refreshExtras(uri);
}

/**
 * The analysis of an open document's current version; undefined for a document that is not open
 * or too large to be analysed (features answer both alike: null or empty).
 */
function stateOf(uri: string): DocumentState | undefined {
  const document = documents.get(uri);
  return document ? cache.get(document) : undefined;
}

/**
 * After a handler waited (for settings, a rules file), other messages may have been handled: if
 * the document changed or closed meanwhile, its answer (positions, ranges) is for a text the client
 * no longer has. LSP's answer for that is ContentModified.
 */
function assertUnchanged(state: DocumentState): void {
  const now = documents.get(state.uri);
  if (!now || now.version !== state.version || now.getText() !== state.text) {
    throw new ResponseError(LSPErrorCodes.ContentModified, `${state.uri} changed while the request was computed.`);
  }
}

connection.onInitialize((params): InitializeResult => {
  // The client's display language (VS Code sends its own): messages, hovers and lenses in English, French or Italian.
  const { unread } = useLocale(params.locale);
  if (unread) connection.console.warn(`The ${LANGUAGE_NAMES[unread]} translations could not be read: the server answers in English.`);
  support = readClientSupport(params.capabilities);
  clientOptions = readClientOptions(params.initializationOptions);
  folders.initialize(params);
  // Where the card index cache lives: the extension's storage folder, when the client names one.
  const storage = (params.initializationOptions as { storagePath?: unknown } | undefined)?.storagePath;
  if (typeof storage === 'string' && isAbsolute(storage)) cardFiles.storagePath = storage;
  const td = params.capabilities.textDocument;
  return {
    capabilities: {
      textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
      hoverProvider: true,
      completionProvider: { triggerCharacters: [' ', ',', '"'] },
      definitionProvider: true,
      referencesProvider: true,
      renameProvider: td?.rename?.prepareSupport ? { prepareProvider: true } : true,
      documentSymbolProvider: { label: t('Board scenario') },
      codeActionProvider: td?.codeAction?.codeActionLiteralSupport ? { codeActionKinds: CODE_ACTION_KINDS } : true,
      foldingRangeProvider: true,
      semanticTokensProvider: { legend: LEGEND, full: { delta: true }, range: true },
      inlayHintProvider: true,
      codeLensProvider: { resolveProvider: true },
      // The `expect` lenses' command (codeLens.ts): answered here, so no client sends an unknown one.
      executeCommandProvider: { commands: [EXPECTATION_COMMAND] },
      // LSP 3.17 pull diagnostics, for a client that asks for them; the others get publishes (validation.ts).
      ...(support.pullDiagnostics ? { diagnosticProvider: { identifier: 'board-scenario', interFileDependencies: false, workspaceDiagnostics: true } } : {}),
      ...(support.workspaceFolders ? { workspace: { workspaceFolders: { supported: true, changeNotifications: true } } } : {}),
    },
    serverInfo: { name: NAME, version: platform.version },
  };
});

connection.onInitialized(
  guardNotification(connection, 'initialized', () => {
    if (support.configuration && support.configurationRegistration) {
      void connection.client.register(DidChangeConfigurationNotification.type, { section: 'boardScenario' });
    }
    if (support.watchedFilesRegistration) {
      // Scenarios changed on disk: the includers of a file that is not open, and the workspace report;
      // project configs changed on disk: the documents under them.
      void connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: '**/*.board' }, { globPattern: `**/${CONFIG_FILE_NAME}` }] }).then(
        () => {
          if (support.pullDiagnostics) pull.watchFiles();
        },
        (e) => connection.console.warn(`Could not watch the scenario files: ${String(e)}`),
      );
    }
    if (support.workspaceFolders) {
      connection.workspace.onDidChangeWorkspaceFolders(
        guardNotification(connection, 'didChangeWorkspaceFolders', async (e) => {
          // A relative rules-file path may name another file now.
          folders.change(e);
          if (support.pullDiagnostics) pull.settingsChanged();
          await Promise.all(documents.all().flatMap((d) => [followRulesFile(d.uri), followCards(d.uri)]));
        }),
      );
    }
  }),
);

connection.onDidChangeConfiguration(
  guardNotification(connection, 'didChangeConfiguration', async (params) => {
    settings.changed(params.settings);
    if (support.inlayHintRefresh) void connection.languages.inlayHint.refresh();
    if (support.pullDiagnostics) pull.settingsChanged();
    await validator.revalidateOpen();
    await Promise.all(documents.all().flatMap((d) => [followRulesFile(d.uri), followCards(d.uri)]));
  }),
);

// One handler (a connection keeps one per notification): included files that are not open, the
// workspace report, and project configs (board-scenario.json).
connection.onDidChangeWatchedFiles(
  guardNotification(connection, 'didChangeWatchedFiles', async (p) => {
    includeFiles.watchedFilesChanged(p);
    const all: FileEvent[] = (Array.isArray(p?.changes) ? p.changes : []).filter((c) => typeof (c as { uri?: unknown } | null)?.uri === 'string');
    const isConfig = (c: FileEvent) => c.uri.endsWith('/' + CONFIG_FILE_NAME);
    const changes = all.filter((c) => !isConfig(c));
    if (support.pullDiagnostics) {
      // A file's includers that are not open have new findings too (their reports are made again).
      const includers = changes.flatMap((c) => includeFiles.includersOf(c.uri).filter((u) => !documents.get(u)).map((uri): FileEvent => ({ uri, type: FileChangeType.Changed })));
      pull.filesChanged([...changes, ...includers]);
    }
    if (all.some(isConfig)) {
      // The folder lookups are made again and the configs' stats checked: open documents are
      // checked again with what they find (their rules and card files too), then every report.
      projectConfigs.invalidate();
      await Promise.all(documents.all().flatMap((d) => [followRulesFile(d.uri), followCards(d.uri)]));
      if (support.pullDiagnostics) pull.settingsChanged();
    }
  }),
);

documents.onDidOpen(
  guardNotification(connection, 'didOpen', async (e) => {
    // The first diagnostics come first: nothing on their path waits for settings or files.
    pull.checkpoint(e.document.uri, e.document.version);
    validator.publishNow(e.document.uri);
    includeFiles.changed(e.document.uri);
    await Promise.all([followRulesFile(e.document.uri), followCards(e.document.uri)]);
  }),
);
documents.onDidChangeContent(
  guardNotification(connection, 'didChange', (e) => {
    includeFiles.changedSoon(e.document.uri);
    return validator.changed(e.document.uri, e.document.version);
  }),
);
documents.onDidSave(
  guardNotification(connection, 'didSave', async (e) => {
    pull.checkpoint(e.document.uri, e.document.version);
    validator.publishNow(e.document.uri);
    await Promise.all([followRulesFile(e.document.uri), followCards(e.document.uri)]);
  }),
);
documents.onDidClose(
  guardNotification(connection, 'didClose', (e) => {
    validator.closed(e.document.uri);
    tokenResults.forget(e.document.uri);
    forgetDocument(e.document.uri);
    pull.closed(e.document.uri);
    cache.drop(e.document.uri);
    settings.forget(e.document.uri);
    includeFiles.forget(e.document.uri);
    // Its includers read it from disk now.
    includeFiles.changed(e.document.uri);
  }),
);

connection.onHover(
  guard(connection, 'hover', null, async (p) => {
    const state = stateOf(p.textDocument.uri);
    if (!state) return null;
    const s = await settings.get(state.uri);
    // The rules file is read (or its stat checked) here, off the path of any publish.
    const rulesDoc = await rulesFiles.load(rulesFileFor(state.uri, state.game, s.rulesFile[state.game]));
    // The position belongs to the version the request was made for: it is answered from that
    // analysis, and only while it is still the document's text.
    assertUnchanged(state);
    const brief = clientOptions.hoverShowsDiagnostics && support.markdownHover ? { explainCommand: clientOptions.explainCommand } : undefined;
    // While the user types, from what is known (the diagnostics shown are of the last checked version too).
    return hover(state, p.position, { rulesDoc, findings: validator.knownFindingsOf(state), markdown: support.markdownHover, cards: state.cards, brief });
  }, needs.position),
);

connection.onCodeAction(
  guard(connection, 'codeAction', [], async (p) => {
    const state = stateOf(p.textDocument.uri);
    if (!state) return [];
    // Fixes need this version's own check: made in slices if need be (other requests go on meanwhile),
    // and a fix for a text the client no longer has is never sent (ContentModified).
    if (!state.analysed) {
      await state.analysisSoon();
      assertUnchanged(state);
    }
    return codeActions(state, p, support, validator.findingsOf(state));
  }, needs.codeAction),
);

connection.onCompletion(
  guard(connection, 'completion', [], (p) => {
    const state = stateOf(p.textDocument.uri);
    // Inside `card ID "`: the names of the user's card data (a list the client asks again for as the name grows).
    const names = state ? cardNameCompletion(state, p.position, state.cards) : undefined;
    if (names) return names;
    const items = state ? completion(state, p.position, { snippets: support.completionSnippets }) : [];
    return support.completionEditRange ? withDefaultEditRange(items) : items;
  }, needs.position),
);

connection.onDefinition(
  guard(connection, 'definition', null, (p) => {
    const state = stateOf(p.textDocument.uri);
    return state ? definition(state, p.position) : null;
  }, needs.position),
);

connection.onReferences(
  guard(connection, 'references', [], (p) => {
    const state = stateOf(p.textDocument.uri);
    return state ? references(state, p.position, p.context.includeDeclaration, includeFiles.scopeOf(state.uri, stateOf)) : [];
  }, needs.references),
);

connection.onPrepareRename(
  guard(connection, 'prepareRename', null, (p) => {
    const state = stateOf(p.textDocument.uri);
    return state ? prepareRename(state, p.position) : null;
  }, needs.position),
);

connection.onRenameRequest(
  guard(connection, 'rename', null, (p) => {
    const state = stateOf(p.textDocument.uri);
    return state ? rename(state, p.position, p.newName, support, includeFiles.scopeOf(state.uri, stateOf)) : null;
  }, needs.rename),
);

connection.onDocumentSymbol(
  guard(connection, 'documentSymbol', [], (p) => {
    const state = stateOf(p.textDocument.uri);
    if (!state) return [];
    const symbols = documentSymbols(state);
    return support.hierarchicalSymbols ? symbols : flatSymbols(state, symbols);
  }, needs.document),
);

connection.onFoldingRanges(
  guard(connection, 'foldingRange', [], (p) => {
    const state = stateOf(p.textDocument.uri);
    return state ? foldingRanges(state) : [];
  }, needs.document),
);

const tokenResults = new SemanticTokensCache();

connection.languages.semanticTokens.on(
  guard(connection, 'semanticTokens', { data: [] }, (p) => {
    const state = stateOf(p.textDocument.uri);
    return state ? tokenResults.fullFor(state) : { data: [] };
  }, needs.document),
);

connection.languages.semanticTokens.onDelta(
  guard(connection, 'semanticTokens/delta', { data: [] }, (p) => {
    const state = stateOf(p.textDocument.uri);
    if (!state) return { data: [] };
    return typeof p.previousResultId === 'string' ? tokenResults.deltaFor(state, p.previousResultId) : tokenResults.fullFor(state);
  }, needs.document),
);

connection.languages.semanticTokens.onRange(
  guard(connection, 'semanticTokens/range', { data: [] }, (p) => {
    const state = stateOf(p.textDocument.uri);
    return state ? semanticTokens(state, p.range) : { data: [] };
  }, needs.range),
);

connection.languages.inlayHint.on(
  guard(connection, 'inlayHint', [], async (p) => {
    const state = stateOf(p.textDocument.uri);
    if (!state) return [];
    const s = await settings.get(state.uri);
    assertUnchanged(state);
    return s.inlayHints.enabled ? inlayHints(state, p.range) : [];
  }, needs.range),
);

connection.onCodeLens(
  guard(connection, 'codeLens', [], (p) => {
    const state = stateOf(p.textDocument.uri);
    // While the user types, from what is known (the last check's findings): lenses don't wait for a check.
    return state ? codeLenses(state) : [];
  }, needs.document),
);

// A lens whose resolve failed (logged by guard): an empty title, and a command that answers null.
const UNRESOLVABLE_LENS: CodeLens = { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, command: { title: '', command: EXPECTATION_COMMAND } };

connection.onCodeLensResolve(
  guard(connection, 'codeLens/resolve', UNRESOLVABLE_LENS, (lens: CodeLens) => {
    const target = lensTarget(lens);
    const state = target ? stateOf(target.uri) : undefined;
    // While the user types, from what is known (the last check's findings), like the list.
    return resolveCodeLens(lens, state, state ? validator.knownFindingsOf(state) : []);
  }),
);

connection.onRequest(
  BOARD_REQUEST,
  guard(connection, BOARD_REQUEST, null, (p: BoardParams) => {
    const state = p && typeof p.uri === 'string' ? stateOf(p.uri) : undefined;
    if (!state) return null;
    // A board far after the edit is replayed from the edit, taking on the earlier timeline's copies
    // where it meets one (or, with no earlier timeline, comes from this version's check: timelineFor).
    // The findings outlined are the last check's while the version is not checked: the picture doesn't wait.
    return boardPicture(state, p, validator.knownFindingsOf(state));
  }),
);

connection.onRequest(
  EXPLAIN_REQUEST,
  guard(connection, EXPLAIN_REQUEST, null, async (p: ExplainParams) => {
    const state = p && typeof p.uri === 'string' && p.position ? stateOf(p.uri) : undefined;
    if (!state) return null;
    const s = await settings.get(state.uri);
    const rulesDoc = await rulesFiles.load(rulesFileFor(state.uri, state.game, s.rulesFile[state.game]));
    assertUnchanged(state);
    const markdown = explainFinding(state, p.position, { rulesDoc, findings: validator.findingsOf(state), markdown: true });
    return markdown === null ? null : { markdown };
  }),
);

connection.onRequest(
  STATUS_REQUEST,
  guard(connection, STATUS_REQUEST, null, (p: { uri: string }) => {
    const state = p && typeof p.uri === 'string' ? stateOf(p.uri) : undefined;
    if (!state) return null;
    const path = rulesFilePath(state);
    return scenarioStatus(state, path, path ? rulesFiles.cached(path) : undefined, rulesFileDiagnostics(state));
  }),
);

// Scenarios as tests (the Testing view): open files from the editor's text, others from disk (tests.ts).
connection.onRequest(
  RUN_TESTS_REQUEST,
  guard(connection, RUN_TESTS_REQUEST, { files: [] }, (p: RunTestsParams, token) => runTests(p, { documents, cache, support: () => support, folders: () => folders.list(), files: platform.files, configOf: diskConfigOf }, token), runTestsParamsProblem),
);

connection.onRequest(
  EVENTS_REQUEST,
  guard(connection, EVENTS_REQUEST, null, (p: { uri: string }) => {
    const state = p && typeof p.uri === 'string' ? stateOf(p.uri) : undefined;
    return state ? events(state) : null;
  }),
);

// A test-only request, registered only with BOARD_SCENARIO_DEBUG=1 (else: MethodNotFound): collects
// garbage when the process runs with --expose-gc, and reports the heap and what is held per document.
const heapUsed = platform.heapUsed;
if (heapUsed) {
  connection.onRequest(DEBUG_MEMORY_REQUEST, (): DebugMemory => {
    const gc = (globalThis as { gc?: () => void }).gc;
    if (gc) {
      gc();
      gc();
    }
    return {
      gc: gc !== undefined,
      heapUsed: heapUsed(),
      documents: documents.all().length,
      analyses: cache.size,
      ...validator.sizes(),
      ...settings.sizes(),
    };
  });
}

connection.languages.diagnostics.on(guard(connection, 'textDocument/diagnostic', { kind: 'full', items: [] }, (p) => pull.document(p), needs.document));

connection.languages.diagnostics.onWorkspace((params, token, _workDone, progress) =>
  guard(connection, 'workspace/diagnostic', { items: [] }, (p: typeof params, t) => pull.workspace(p, t, progress))(params, token),
);

connection.onExecuteCommand(
  guard(connection, 'workspace/executeCommand', null, (p) => {
    if (p?.command !== EXPECTATION_COMMAND) throw new ResponseError(ErrorCodes.InvalidParams, `Unknown command: ${String(p?.command)}. This server's only command is ${EXPECTATION_COMMAND}.`);
    const [uri, line] = Array.isArray(p.arguments) ? p.arguments : [];
    const state = typeof uri === 'string' ? stateOf(uri) : undefined;
    return state && typeof line === 'number' ? expectationCommand(state, line, validator.findingsOf(state)) : null;
  }),
);

connection.onShutdown(() => {
  validator.dispose();
  includeFiles.dispose();
  pull.dispose();
});

// didChange, didSave and didClose for a document that is not open, and malformed ones, are logged and ignored.
documents.listen(guardedDocumentSync(connection, (uri) => documents.get(uri) !== undefined));
connection.listen();
}
