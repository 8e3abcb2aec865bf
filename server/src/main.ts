// The board-scenario language server: wiring only. Transport from argv (`--stdio`, `--node-ipc`,
// `--socket=N`, `--pipe=NAME`), chosen by vscode-languageserver's createConnection.
import {
  createConnection,
  DidChangeConfigurationNotification,
  ProposedFeatures,
  TextDocuments,
  TextDocumentSyncKind,
  type InitializeResult,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MINIMAL_SUPPORT, readClientSupport, type ClientSupport } from './capabilities';
import { AnalysisCache, type DocumentState } from './documents';
import { SettingsStore } from './settings';
import { Validator } from './validation';
import { guard, guardNotification } from './guard';
import { hover } from './hover';
import { CODE_ACTION_KINDS, codeActions } from './codeActions';
import { completion } from './completion';
import { definition, documentSymbols, flatSymbols, prepareRename, references, rename } from './symbols';
import { LEGEND, semanticTokens } from './semanticTokens';
import { inlayHints } from './inlayHints';
import { foldingRanges } from './folding';
import { RulesFiles } from './rulesText';

const NAME = 'board-scenario-language-server';

function version(): string {
  try {
    return JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

const USAGE = `Usage: ${NAME} --stdio | --node-ipc | --socket=PORT | --pipe=NAME

The Language Server Protocol server for board-scenario files (*.board): attach rules diagnostics,
hovers, quick fixes, completion, navigation, semantic tokens and inlay hints.
  --version   print the version
  --help      print this help
`;

const args = process.argv.slice(2);
if (args.includes('--version') || args.includes('-v')) {
  process.stdout.write(version() + '\n');
  process.exit(0);
}
if (args.includes('--help') || args.includes('-h')) {
  process.stdout.write(USAGE);
  process.exit(0);
}
if (!args.some((a) => a === '--stdio' || a === '--node-ipc' || a.startsWith('--socket') || a.startsWith('--pipe'))) {
  process.stderr.write(`${NAME}: no transport given.\n\n${USAGE}`);
  process.exit(2);
}

const connection = createConnection(ProposedFeatures.all);
const documents = new TextDocuments(TextDocument);
const cache = new AnalysisCache();
let support: ClientSupport = MINIMAL_SUPPORT;
const settings = new SettingsStore(connection, () => support.configuration);
const validator = new Validator(connection, documents, cache, settings, () => support);
const rulesFiles = new RulesFiles((m) => connection.console.warn(m));

process.on('uncaughtException', (e) => connection.console.error(`Uncaught exception: ${e?.stack ?? String(e)}`));
process.on('unhandledRejection', (e) => connection.console.error(`Unhandled rejection: ${(e as Error)?.stack ?? String(e)}`));

/** The analysis of an open document's current version; undefined for a document that is not open. */
function stateOf(uri: string): DocumentState | undefined {
  const document = documents.get(uri);
  return document ? cache.get(document) : undefined;
}

connection.onInitialize((params): InitializeResult => {
  support = readClientSupport(params.capabilities);
  const td = params.capabilities.textDocument;
  return {
    capabilities: {
      textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
      hoverProvider: true,
      completionProvider: { triggerCharacters: [' ', ','] },
      definitionProvider: true,
      referencesProvider: true,
      renameProvider: td?.rename?.prepareSupport ? { prepareProvider: true } : true,
      documentSymbolProvider: { label: 'Board scenario' },
      codeActionProvider: td?.codeAction?.codeActionLiteralSupport ? { codeActionKinds: CODE_ACTION_KINDS } : true,
      foldingRangeProvider: true,
      semanticTokensProvider: { legend: LEGEND, full: true },
      inlayHintProvider: true,
    },
    serverInfo: { name: NAME, version: version() },
  };
});

connection.onInitialized(
  guardNotification(connection, 'initialized', () => {
    if (support.configuration && support.configurationRegistration) {
      void connection.client.register(DidChangeConfigurationNotification.type, { section: 'boardScenario' });
    }
  }),
);

connection.onDidChangeConfiguration(
  guardNotification(connection, 'didChangeConfiguration', async (params) => {
    settings.changed(params.settings);
    if (support.inlayHintRefresh) void connection.languages.inlayHint.refresh();
    await validator.revalidateOpen();
  }),
);

documents.onDidOpen(guardNotification(connection, 'didOpen', (e) => validator.publishNow(e.document.uri)));
documents.onDidChangeContent(guardNotification(connection, 'didChange', (e) => validator.changed(e.document.uri, e.document.version)));
documents.onDidSave(guardNotification(connection, 'didSave', (e) => validator.publishNow(e.document.uri)));
documents.onDidClose(
  guardNotification(connection, 'didClose', (e) => {
    validator.closed(e.document.uri);
    cache.drop(e.document.uri);
    settings.forget(e.document.uri);
  }),
);

connection.onHover(
  guard(connection, 'hover', null, async (p) => {
    const state = stateOf(p.textDocument.uri);
    if (!state) return null;
    const s = await settings.get(state.uri);
    // The position belongs to the version the request was made for: keep using that analysis.
    return hover(state, p.position, { settings: s, rulesFiles, markdown: support.markdownHover });
  }),
);

connection.onCodeAction(
  guard(connection, 'codeAction', [], (p) => {
    const state = stateOf(p.textDocument.uri);
    return state ? codeActions(state, p, support) : [];
  }),
);

connection.onCompletion(
  guard(connection, 'completion', [], (p) => {
    const state = stateOf(p.textDocument.uri);
    return state ? completion(state, p.position) : [];
  }),
);

connection.onDefinition(
  guard(connection, 'definition', null, (p) => {
    const state = stateOf(p.textDocument.uri);
    return state ? definition(state, p.position) : null;
  }),
);

connection.onReferences(
  guard(connection, 'references', [], (p) => {
    const state = stateOf(p.textDocument.uri);
    return state ? references(state, p.position, p.context.includeDeclaration) : [];
  }),
);

connection.onPrepareRename(
  guard(connection, 'prepareRename', null, (p) => {
    const state = stateOf(p.textDocument.uri);
    return state ? prepareRename(state, p.position) : null;
  }),
);

connection.onRenameRequest(
  guard(connection, 'rename', null, (p) => {
    const state = stateOf(p.textDocument.uri);
    return state ? rename(state, p.position, p.newName, support) : null;
  }),
);

connection.onDocumentSymbol(
  guard(connection, 'documentSymbol', [], (p) => {
    const state = stateOf(p.textDocument.uri);
    if (!state) return [];
    const symbols = documentSymbols(state);
    return support.hierarchicalSymbols ? symbols : flatSymbols(state, symbols);
  }),
);

connection.onFoldingRanges(
  guard(connection, 'foldingRange', [], (p) => {
    const state = stateOf(p.textDocument.uri);
    return state ? foldingRanges(state) : [];
  }),
);

connection.languages.semanticTokens.on(
  guard(connection, 'semanticTokens', { data: [] }, (p) => {
    const state = stateOf(p.textDocument.uri);
    return state ? semanticTokens(state) : { data: [] };
  }),
);

connection.languages.inlayHint.on(
  guard(connection, 'inlayHint', [], async (p) => {
    const state = stateOf(p.textDocument.uri);
    if (!state) return [];
    const s = await settings.get(state.uri);
    return s.inlayHints.enabled ? inlayHints(state, p.range) : [];
  }),
);

connection.onShutdown(() => validator.dispose());

documents.listen(connection);
connection.listen();
