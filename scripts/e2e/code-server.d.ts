// Types of code-server.js, for the UI tests (test/e2e/ui), which load it at run time.
import type { ChildProcess } from 'node:child_process';
import type { Browser, LaunchOptions } from 'playwright-core';

export const ROOT: string;
export const CACHE: string;
export const CHROMIUM: string;
export const CHROMIUM_ARGS: string[];
export const BASE_SETTINGS: Record<string, unknown>;

export interface CodeServer {
  port: number;
  /** http://127.0.0.1:PORT */
  origin: string;
  pid: number;
  process: ChildProcess;
  /** Ends code-server and the processes it started (its process group). */
  stop(): Promise<void>;
  /** What it printed so far. */
  output(): string;
}

export function codeServerEntry(): string;
export function writeUserSettings(userDataDir: string, settings?: Record<string, unknown>): string;
export function runCodeServerCli(
  args: string[],
  options?: { userDataDir?: string; extensionsDir?: string; env?: Record<string, string> },
): { status: number; stdout: string; stderr: string };
export function installExtension(vsix: string, options: { userDataDir: string; extensionsDir: string }): string;
export function startCodeServer(options: {
  userDataDir: string;
  extensionsDir: string;
  logFile?: string;
  env?: Record<string, string>;
  extraArgs?: string[];
  timeoutMs?: number;
  folder?: string;
}): Promise<CodeServer>;
export function launchChromium(options?: LaunchOptions): Promise<Browser>;
export function workbenchUrl(
  origin: string,
  options?: { folder?: string; extensionDevelopmentPaths?: string[]; extensionTestsPath?: string },
): string;
export function waitFor<T>(
  condition: () => T | Promise<T>,
  options?: { timeoutMs?: number; intervalMs?: number; message?: string },
): Promise<NonNullable<T>>;
export function tempDir(prefix: string): string;
