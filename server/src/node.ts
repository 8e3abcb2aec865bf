// The desktop language server (dist/server.js, a Node process): the transport from argv
// (`--stdio`, `--node-ipc`, `--socket=N`, `--pipe=NAME`), opened by transport.ts (byte streams read
// with bounded framing), the local disk and a worker thread for card files (nodePlatform.ts), then
// the shared wiring (main.ts startServer).
import { createConnection, LogMessageNotification, MessageType, ProposedFeatures } from 'vscode-languageserver/node';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { firstLine, openTransport, routeConsole, watchTransport } from './transport';
import { Lifecycle } from './lifecycle';
import { countedReader, countedWriter } from './inbox';
import { NAME, startServer } from './main';
import { nodeCards, nodeFiles, nodeIncludes } from './nodePlatform';
import { useBundles } from '../../l10n/language';
import { packageBundles } from '../../l10n/files';

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
const transport = openTransport(args);
if (!transport) {
  process.stderr.write(`${NAME}: no transport given.\n\n${USAGE}`);
  process.exit(2);
}

// Requests before initialize, after shutdown, a second initialize, params that are not an object:
// answered before any handler runs (lifecycle.ts). Dropped notifications are told on stderr only
// (before initialize the server may not send the client anything).
const lifecycle = new Lifecycle(
  (response) => void transport.writer.write(response).catch(() => undefined),
  (why) => process.stderr.write(`${NAME}: ${why}\n`),
);

/** Set when the client's byte stream is corrupt and the server is on its way out. */
let exiting = false;

/** The framing of the stream from the client is lost: say why and exit rather than hang (transport.ts). */
function framingLost(error: Error): void {
  if (exiting) return;
  exiting = true;
  const message = `The stream from the client is corrupt (${firstLine(error)}): no further message can be read, so the server exits (code 1). The client may restart it.`;
  process.stderr.write(`${NAME}: ${message}\n`);
  const exit = () => process.exit(1);
  setTimeout(exit, 2000);
  // The log message is still well framed on the way out: wait for it to be written, then exit.
  connection.sendNotification(LogMessageNotification.type, { type: MessageType.Error, message }).then(exit, exit);
}

const connection = createConnection(
  {
    ...ProposedFeatures.all,
    console: watchTransport({
      skipped: (e) => connection.console.error(`Skipped a message from the client that is not a JSON-RPC message: ${firstLine(e)}`),
      framingLost,
    }),
  },
  // Counted: a check in slices lets the messages already read be handled, and the answers written, first (inbox.ts).
  countedReader(transport.reader),
  countedWriter(transport.writer),
  { messageStrategy: lifecycle },
);
if (transport.kind === 'stdio') {
  // What vscode-languageserver does when it opens stdio itself: stdout is the protocol, so the
  // console goes to the client's log; and the client closing stdin ends the server.
  routeConsole(connection.console);
  const gone = () => process.exit(lifecycle.shutDown ? 0 : 1);
  process.stdin.on('end', gone);
  process.stdin.on('close', gone);
}

process.on('uncaughtException', (e) => connection.console.error(`Uncaught exception: ${e?.stack ?? String(e)}`));
process.on('unhandledRejection', (e) => connection.console.error(`Unhandled rejection: ${(e as Error)?.stack ?? String(e)}`));

// The translations are read from the package's l10n/ folder (this bundle is dist/server.js), for a
// client whose locale is French or Italian.
useBundles(packageBundles(__dirname));
startServer(connection, {
  version: version(),
  files: nodeFiles,
  includes: nodeIncludes,
  cards: nodeCards(join(__dirname, 'cardWorker.js')),
  // The test-only debug request (debug.ts), with BOARD_SCENARIO_DEBUG=1.
  heapUsed: process.env.BOARD_SCENARIO_DEBUG === '1' ? () => process.memoryUsage().heapUsed : undefined,
  utf8Length: (text) => Buffer.byteLength(text, 'utf8'),
});
