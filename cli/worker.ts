// The checks run in a worker thread with a heap limit of their own, so that a scenario too big
// for memory (a million card declarations, say) ends that file's check with a message, never the
// process with V8's out-of-memory abort. One worker serves the files in turn; after running out
// of memory it is replaced for the next file. The main thread only writes the output.
import * as v8 from 'node:v8';
import { Worker, isMainThread, parentPort } from 'node:worker_threads';
import { renderFile, type RenderOutcome } from './render';
import { checkFile, testFile, type CheckSettings, type FileOutcome, type TestOutcome } from './scenario';

type Job =
  | { kind: 'check'; file: string; fix: boolean; maxFindings: number; settings?: CheckSettings }
  | { kind: 'test'; file: string; maxFindings: number; settings?: CheckSettings }
  | { kind: 'render'; file: string; at: number | undefined; theme: Parameters<typeof renderFile>[1]['theme'] };
type Answer<J extends Job> = J extends { kind: 'check' } ? FileOutcome : J extends { kind: 'test' } ? TestOutcome : RenderOutcome;
type AnyOutcome = FileOutcome | TestOutcome | RenderOutcome;

/** The environment variable that sets the checker's heap (MB); by default what node gives a process here. */
export const MEMORY_ENV = 'BOARD_SCENARIO_MEMORY_MB';

export function memoryLimitMb(): number {
  const set = Number(process.env[MEMORY_ENV]);
  if (Number.isInteger(set) && set >= 16) return set;
  return Math.floor(v8.getHeapStatistics().heap_size_limit / (1024 * 1024));
}

function run(job: Job): AnyOutcome {
  try {
    if (job.kind === 'check') return checkFile(job.file, { fix: job.fix, maxFindings: job.maxFindings, ...job.settings });
    if (job.kind === 'test') return testFile(job.file, { maxFindings: job.maxFindings, ...job.settings });
    return renderFile(job.file, { at: job.at, theme: job.theme });
  } catch (e) {
    return { problem: `internal error while ${job.kind === 'render' ? 'drawing' : 'checking'} ${job.file}: ${(e as Error)?.message ?? String(e)}` };
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
      const done = (answer: AnyOutcome, dead: boolean) => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (dead) this.worker = undefined;
        resolve(answer as Answer<J>);
      };
      const onMessage = (answer: AnyOutcome) => done(answer, false);
      const onError = (e: Error & { code?: string }) => {
        void worker.terminate();
        const what = job.kind === 'render' ? 'draw' : 'check';
        done(
          e.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? { problem: `cannot ${what} ${job.file}: it needs more than the ${this.memoryMb} MB of memory the checker has (${MEMORY_ENV} sets it); split it into smaller scenarios` }
            : { problem: `internal error while ${job.kind === 'render' ? 'drawing' : 'checking'} ${job.file}: ${e.message}` },
          true,
        );
      };
      const onExit = (code: number) => done({ problem: `internal error while ${job.kind === 'render' ? 'drawing' : 'checking'} ${job.file}: the checker stopped (exit code ${code})` }, true);
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
