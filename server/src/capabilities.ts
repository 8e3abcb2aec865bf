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
  /** `textDocument/diagnostic` (LSP 3.17 pull diagnostics): the client asks, the server does not publish (pull.ts). */
  pullDiagnostics: boolean;
  /** `workspace/diagnostic/refresh`. */
  diagnosticRefresh: boolean;
  /** `workspace/didChangeWatchedFiles` may be registered dynamically (files changed on disk). */
  watchedFilesRegistration: boolean;
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
    pullDiagnostics: !!td?.diagnostic,
    diagnosticRefresh: !!c.workspace?.diagnostics?.refreshSupport,
    watchedFilesRegistration: !!c.workspace?.didChangeWatchedFiles?.dynamicRegistration,
  };
}

/** Assumed before `initialize` arrives (no request can come earlier, but keep it total). */
export const MINIMAL_SUPPORT: ClientSupport = readClientSupport({});
