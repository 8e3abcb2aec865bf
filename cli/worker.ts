// The checks run in a worker thread with a heap limit of their own, so that a scenario too big
// for memory (a million card declarations, say) ends that file's check with a message, never the
// process with V8's out-of-memory abort. One worker serves the files in turn; after running out
// of memory it is replaced for the next file. The main thread only writes the output.
import * as v8 from 'node:v8';
import { Worker, isMainThread, parentPort } from 'node:worker_threads';
import { renderFile, type RenderOutcome } from './render';
import { checkFile, type FileOutcome } from './scenario';
import { loadCardFiles, type LoadedCards } from '../io/cards';

type Job =
  | { kind: 'check'; file: string; fix: boolean; maxFindings: number; includeRoot?: string; cards?: string[] }
  | { kind: 'render'; file: string; at: number | undefined; theme: Parameters<typeof renderFile>[1]['theme']; cards?: string[] };
type Answer<J extends Job> = J extends { kind: 'check' } ? FileOutcome : RenderOutcome;

/** The environment variable that sets the checker's heap (MB); by default what node gives a process here. */
export const MEMORY_ENV = 'BOARD_SCENARIO_MEMORY_MB';

export function memoryLimitMb(): number {
  const set = Number(process.env[MEMORY_ENV]);
  if (Number.isInteger(set) && set >= 16) return set;
  return Math.floor(v8.getHeapStatistics().heap_size_limit / (1024 * 1024));
}

/** The card files read in this worker (read once for every file checked), by their list of paths. */
let loadedCards: { key: string; cards: LoadedCards } | undefined;

function cardsFor(paths: string[] | undefined): { cards?: LoadedCards['catalogs']; cardProblems?: string[] } {
  if (!paths || paths.length === 0) return {};
  const key = JSON.stringify(paths);
  const first = loadedCards?.key !== key;
  if (first) loadedCards = { key, cards: loadCardFiles(paths) };
  // The problems of reading them come back with the first job only.
  return { cards: loadedCards!.cards.catalogs, cardProblems: first ? loadedCards!.cards.problems : [] };
}

function run(job: Job): FileOutcome | RenderOutcome {
  try {
    const { cards, cardProblems } = cardsFor(job.cards);
    const outcome = job.kind === 'check' ? checkFile(job.file, { fix: job.fix, maxFindings: job.maxFindings, includeRoot: job.includeRoot, cards }) : renderFile(job.file, { at: job.at, theme: job.theme, cards });
    return cardProblems?.length ? { ...outcome, cardProblems } : outcome;
  } catch (e) {
    return { problem: `internal error while ${job.kind === 'check' ? 'checking' : 'drawing'} ${job.file}: ${(e as Error)?.message ?? String(e)}` };
  }
}

/** In the worker: answers each job posted to it. */
function serve(): void {
  parentPort!.on('message', (job: Job) => parentPort!.postMessage(run(job)));
}

export class Checker {
  private worker: Worker | undefined;
  private readonly memoryMb = memoryLimitMb();

  /** Runs a job in the worker; a worker that dies (out of memory) gives a problem for this file. */
  run<J extends Job>(job: J): Promise<Answer<J>> {
    const worker = (this.worker ??= new Worker(__filename, { resourceLimits: { maxOldGenerationSizeMb: this.memoryMb } }));
    return new Promise((resolve) => {
      const done = (answer: FileOutcome | RenderOutcome, dead: boolean) => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (dead) this.worker = undefined;
        resolve(answer as Answer<J>);
      };
      const onMessage = (answer: FileOutcome | RenderOutcome) => done(answer, false);
      const onError = (e: Error & { code?: string }) => {
        void worker.terminate();
        const what = job.kind === 'check' ? 'check' : 'draw';
        done(
          e.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? { problem: `cannot ${what} ${job.file}: it needs more than the ${this.memoryMb} MB of memory the checker has (${MEMORY_ENV} sets it); split it into smaller scenarios` }
            : { problem: `internal error while ${job.kind === 'check' ? 'checking' : 'drawing'} ${job.file}: ${e.message}` },
          true,
        );
      };
      const onExit = (code: number) => done({ problem: `internal error while ${job.kind === 'check' ? 'checking' : 'drawing'} ${job.file}: the checker stopped (exit code ${code})` }, true);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage(job);
    });
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = undefined;
    if (w) await w.terminate();
  }
}

/** The bundle is both the command and its worker: true when this thread is the worker (and now serves). */
export function startWorkerIfWorker(): boolean {
  if (isMainThread) return false;
  serve();
  return true;
}
