// The web extension's answers to the browser server's file requests (server/src/clientFiles.ts):
// the server in a Web Worker has no disk, so it asks for the rules files and card files named in
// settings, project configs and the workspace's scenarios, and they are read here with
// `vscode.workspace.fs`, which reads every file system the workbench has (vscode-vfs on
// github.dev, the local folder opened in vscode.dev, a remote). The server asks only for what its
// settings name (restricted in an untrusted workspace: common.ts) and for files inside the
// workspace folders.
import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { READ_DIRECTORY_REQUEST, READ_FILE_REQUEST, STAT_REQUEST, type ClientFileError, type ReadDirectoryResult, type ReadFileResult, type StatResult } from '../../server/src/clientFiles';

function failure(e: unknown): ClientFileError {
  const code = e instanceof vscode.FileSystemError ? e.code : '';
  const message = e instanceof Error ? e.message : String(e);
  return { error: code === 'FileNotFound' || code === 'FileIsADirectory' || code === 'FileNotADirectory' ? 'ENOENT' : code === 'NoPermissions' ? 'EACCES' : 'EIO', message };
}

function typeOf(t: vscode.FileType): 'file' | 'directory' | 'other' {
  return t & vscode.FileType.File ? 'file' : t & vscode.FileType.Directory ? 'directory' : 'other';
}

function uriOf(p: unknown): vscode.Uri | undefined {
  const uri = (p as { uri?: unknown } | null)?.uri;
  if (typeof uri !== 'string') return undefined;
  try {
    return vscode.Uri.parse(uri, true);
  } catch {
    return undefined;
  }
}

const BAD: ClientFileError = { error: 'EIO', message: 'the request names no URI' };

export function answerFileRequests(client: BaseLanguageClient): vscode.Disposable[] {
  return [
    client.onRequest(STAT_REQUEST, async (p: unknown): Promise<StatResult> => {
      const uri = uriOf(p);
      if (!uri) return BAD;
      try {
        const s = await vscode.workspace.fs.stat(uri);
        return { type: typeOf(s.type), size: s.size, mtimeMs: s.mtime };
      } catch (e) {
        return failure(e);
      }
    }),
    client.onRequest(READ_FILE_REQUEST, async (p: unknown): Promise<ReadFileResult> => {
      const uri = uriOf(p);
      const limit = (p as { limit?: unknown }).limit;
      if (!uri || typeof limit !== 'number') return BAD;
      try {
        // Refused from its stat before anything is read, and again from what was read.
        const s = await vscode.workspace.fs.stat(uri);
        if (s.size > limit) return { tooLarge: s.size };
        const bytes = await vscode.workspace.fs.readFile(uri);
        if (bytes.length > limit) return { tooLarge: bytes.length };
        return { text: new TextDecoder().decode(bytes) };
      } catch (e) {
        return failure(e);
      }
    }),
    client.onRequest(READ_DIRECTORY_REQUEST, async (p: unknown): Promise<ReadDirectoryResult> => {
      const uri = uriOf(p);
      if (!uri) return BAD;
      try {
        const entries = await vscode.workspace.fs.readDirectory(uri);
        return { entries: entries.map(([name, t]) => ({ name, type: typeOf(t), symlink: (t & vscode.FileType.SymbolicLink) !== 0 })) };
      } catch (e) {
        return failure(e);
      }
    }),
  ];
}
