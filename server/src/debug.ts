// The test-only request `boardScenario/_debugMemory`: registered only when the server runs with
// BOARD_SCENARIO_DEBUG=1 (otherwise it is an unknown method, MethodNotFound). It collects garbage
// first when the process runs with --expose-gc (`node --expose-gc dist/server.js --stdio`).

export const DEBUG_MEMORY_REQUEST = 'boardScenario/_debugMemory';

export interface DebugMemory {
  /** Whether garbage was collected first. */
  gc: boolean;
  /** process.memoryUsage().heapUsed, in bytes. */
  heapUsed: number;
  /** Open documents (TextDocuments). */
  documents: number;
  /** Analyses held by the cache (at most one per open document). */
  analyses: number;
  /** onType checks waiting for a pause in typing. */
  pendingChecks: number;
  /** Documents with a last publish remembered. */
  published: number;
  /** Documents whose settings were asked for, and received. */
  settingsAsked: number;
  settingsReceived: number;
}
