// The checks run in a worker thread with a heap limit of their own, so that a scenario too big
// for memory (a million card declarations, say) ends that file's check with a message, never the
// process with V8's out-of-memory abort. One worker serves the files in turn; after running out
// of memory it is replaced for the next file. The main thread only writes the output.
import * as v8 from 'node:v8';
import { Worker, isMainThread, parentPort } from 'node:worker_threads';
import { renderFile, type RenderOutcome } from './render';
import { checkFile, type FileOutcome } from './scenario';

type Job = { kind: 'check'; file: string; fix: boolean; maxFindings: number } | { kind: 'render'; file: string; at: number | undefined; theme: Parameters<typeof renderFile>[1]['theme'] };
type Answer<J extends Job> = J extends { kind: 'check' } ? FileOutcome : RenderOutcome;

/** The environment variable that sets the checker's heap (MB); by default what node gives a process here. */
export const MEMORY_ENV = 'BOARD_SCENARIO_MEMORY_MB';

export function memoryLimitMb(): number {
  const set = Number(process.env[MEMORY_ENV]);
  if (Number.isInteger(set) && set >= 16) return set;
  return Math.floor(v8.getHeapStatistics().heap_size_limit / (1024 * 1024));
}

function run(job: Job): FileOutcome | RenderOutcome {
  try {
    return job.kind === 'check' ? checkFile(job.file, { fix: job.fix, maxFindings: job.maxFindings }) : renderFile(job.file, { at: job.at, theme: job.theme });
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
  /** The jobs posted to the worker and not answered yet, in the order posted (the worker answers in that order). */
  private pending: { job: Job; resolve: (answer: FileOutcome | RenderOutcome) => void }[] = [];

  /**
   * Runs a job in the worker; a worker that dies (out of memory) gives a problem for this file.
   * Several jobs may be posted before the first is answered (the worker checks the next files
   * while this thread writes the output of the earlier ones): each is answered in turn.
   */
  run<J extends Job>(job: J): Promise<Answer<J>> {
    return new Promise((resolve) => this.post({ job, resolve: resolve as (answer: FileOutcome | RenderOutcome) => void }));
  }

  private post(p: Checker['pending'][number]): void {
    this.pending.push(p);
    this.current().postMessage(p.job);
  }

  private current(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(__filename, { resourceLimits: { maxOldGenerationSizeMb: this.memoryMb } });
    this.worker = worker;
    worker.on('message', (answer: FileOutcome | RenderOutcome) => this.pending.shift()?.resolve(answer));
    worker.on('error', (e: Error & { code?: string }) =>
      this.died(worker, (job) => {
        const what = job.kind === 'check' ? 'check' : 'draw';
        return e.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? `cannot ${what} ${job.file}: it needs more than the ${this.memoryMb} MB of memory the checker has (${MEMORY_ENV} sets it); split it into smaller scenarios`
          : `internal error while ${job.kind === 'check' ? 'checking' : 'drawing'} ${job.file}: ${e.message}`;
      }),
    );
    worker.on('exit', (code: number) => this.died(worker, (job) => `internal error while ${job.kind === 'check' ? 'checking' : 'drawing'} ${job.file}: the checker stopped (exit code ${code})`));
    return worker;
  }

  /** The worker died on the first job it had not answered: that job gets the problem, the ones posted after it go to a new worker. */
  private died(worker: Worker, problem: (job: Job) => string): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    void worker.terminate();
    const [first, ...rest] = this.pending;
    this.pending = [];
    if (first) first.resolve({ problem: problem(first.job) });
    for (const p of rest) this.post(p);
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
