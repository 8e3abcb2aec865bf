// What the connected client can do, read once from `initialize`. Every feature that has a
// client-dependent shape (related information, code descriptions, versioned edits, hierarchical
// symbols, Markdown) asks this object instead of digging through ClientCapabilities.
import { DiagnosticTag, MarkupKind, type ClientCapabilities } from 'vscode-languageserver';

export interface ClientSupport {
  /** `workspace/configuration` (per-document settings). */
  configuration: boolean;
  /** didChangeConfiguration may be registered dynamically. */
  configurationRegistration: boolean;
  relatedInformation: boolean;
  codeDescription: boolean;
  diagnosticTags: DiagnosticTag[];
  versionedDiagnostics: boolean;
  documentChanges: boolean;
  hierarchicalSymbols: boolean;
  markdownHover: boolean;
  markdownCompletion: boolean;
  inlayHintRefresh: boolean;
  semanticTokensRefresh: boolean;
  /** CompletionList.itemDefaults.editRange (LSP 3.17): one range for all items instead of one each. */
  completionEditRange: boolean;
  /** `workspace/didChangeWorkspaceFolders` (relative paths in settings follow the folders). */
  workspaceFolders: boolean;
  /** `workspace/didChangeWatchedFiles` may be registered dynamically (included files, files changed on disk). */
  watchedFilesRegistration: boolean;
  /** `textDocument/diagnostic` (LSP 3.17 pull diagnostics): the client asks, the server does not publish (pull.ts). */
  pullDiagnostics: boolean;
  /** `workspace/diagnostic/refresh`. */
  diagnosticRefresh: boolean;
  /** Completion items may be snippets (the server offers its snippets only where a statement starts). */
  completionSnippets: boolean;
}

/**
 * What a client tells the server in `initializationOptions` (the VS Code client sends both). Other
 * clients send nothing, and get hovers that stand alone: the finding's message and every rule explained.
 */
export interface ClientOptions {
  /** The client shows a diagnostic's message in the hover over it: a finding's hover does not repeat it. */
  hoverShowsDiagnostics: boolean;
  /** A client command that explains a finding's rules at length (`command:` links in hovers are run). */
  explainCommand: string | undefined;
}

export function readClientOptions(o: unknown): ClientOptions {
  const get = (k: string): unknown => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined);
  const cmd = get('explainCommand');
  return { hoverShowsDiagnostics: get('hoverShowsDiagnostics') === true, explainCommand: typeof cmd === 'string' && /^[\w.-]+$/.test(cmd) ? cmd : undefined };
}

export function readClientSupport(c: ClientCapabilities): ClientSupport {
  const td = c.textDocument;
  const pd = td?.publishDiagnostics;
  return {
    configuration: !!c.workspace?.configuration,
    configurationRegistration: !!c.workspace?.didChangeConfiguration?.dynamicRegistration,
    relatedInformation: !!pd?.relatedInformation,
    codeDescription: !!pd?.codeDescriptionSupport,
    diagnosticTags: pd?.tagSupport?.valueSet ?? [],
    versionedDiagnostics: !!pd?.versionSupport,
    documentChanges: !!c.workspace?.workspaceEdit?.documentChanges,
    hierarchicalSymbols: !!td?.documentSymbol?.hierarchicalDocumentSymbolSupport,
    markdownHover: (td?.hover?.contentFormat ?? []).includes(MarkupKind.Markdown),
    markdownCompletion: (td?.completion?.completionItem?.documentationFormat ?? []).includes(MarkupKind.Markdown),
    inlayHintRefresh: !!c.workspace?.inlayHint?.refreshSupport,
    semanticTokensRefresh: !!c.workspace?.semanticTokens?.refreshSupport,
    completionEditRange: (td?.completion?.completionList?.itemDefaults ?? []).includes('editRange'),
    workspaceFolders: !!c.workspace?.workspaceFolders,
    watchedFilesRegistration: !!c.workspace?.didChangeWatchedFiles?.dynamicRegistration,
    completionSnippets: !!td?.completion?.completionItem?.snippetSupport,
    pullDiagnostics: !!td?.diagnostic,
    diagnosticRefresh: !!c.workspace?.diagnostics?.refreshSupport,
  };
}

/** Assumed before `initialize` arrives (no request can come earlier, but keep it total). */
export const MINIMAL_SUPPORT: ClientSupport = readClientSupport({});
