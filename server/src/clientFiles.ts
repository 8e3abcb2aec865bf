// The requests the browser server sends its client to read files (server/src/browser.ts asks,
// client/src/webFiles.ts answers with `vscode.workspace.fs`). Every path is a URI. A file over
// `limit` bytes is not sent: its size is. A failure is `{ error, message }`, `ENOENT` for a file
// that is not there.
export const READ_FILE_REQUEST = 'boardScenario/readFile';
export const STAT_REQUEST = 'boardScenario/stat';
export const READ_DIRECTORY_REQUEST = 'boardScenario/readDirectory';

export interface ClientFileError {
  error: 'ENOENT' | 'EACCES' | 'EIO';
  message: string;
}

export type ReadFileResult = { text: string } | { tooLarge: number } | ClientFileError;
export type StatResult = { type: 'file' | 'directory' | 'other'; size: number; mtimeMs: number } | ClientFileError;
export type ReadDirectoryResult = { entries: { name: string; type: 'file' | 'directory' | 'other'; symlink: boolean }[] } | ClientFileError;
