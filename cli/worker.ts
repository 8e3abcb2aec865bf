// The checks run in a worker thread with a heap limit of their own, so that a scenario too big
// for memory (a million card declarations, say) ends that file's check with a message, never the
// process with V8's out-of-memory abort. One worker serves the files in turn; after running out
// of memory it is replaced for the next file. The main thread only writes the output.
import * as v8 from 'node:v8';
import { performance } from 'node:perf_hooks';
import { Worker, isMainThread, parentPort } from 'node:worker_threads';
import { renderFile, type RenderOutcome } from './render';
import { checkFile, testFile, type CheckSettings, type FileOutcome, type TestOutcome } from './scenario';
import { loadCardFiles, type LoadedCards } from '../io/cards';

type Job =
  | { kind: 'check'; file: string; fix: boolean; maxFindings: number; includeRoot?: string; cards?: string[]; settings?: CheckSettings }
  | { kind: 'test'; file: string; maxFindings: number; includeRoot?: string; cards?: string[]; settings?: CheckSettings }
  | { kind: 'render'; file: string; at: number | undefined; theme: Parameters<typeof renderFile>[1]['theme']; cards?: string[] };
type Answer<J extends Job> = J extends { kind: 'check' } ? FileOutcome : J extends { kind: 'test' } ? TestOutcome : RenderOutcome;

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

function run(job: Job): FileOutcome | TestOutcome | RenderOutcome {
  try {
    // The card files of --cards, then those of the file's board-scenario.json.
    const settings = job.kind === 'render' ? undefined : job.settings;
    const { cards, cardProblems } = cardsFor(settings?.cardFiles ? [...(job.cards ?? []), ...settings.cardFiles] : job.cards);
    const outcome =
      job.kind === 'check'
        ? checkFile(job.file, { fix: job.fix, maxFindings: job.maxFindings, includeRoot: job.includeRoot, cards, ...job.settings })
        : job.kind === 'test'
          ? testFile(job.file, { maxFindings: job.maxFindings, includeRoot: job.includeRoot, cards, ...job.settings })
          : renderFile(job.file, { at: job.at, theme: job.theme, cards });
    return cardProblems?.length ? { ...outcome, cardProblems } : outcome;
  } catch (e) {
    return { problem: `internal error while ${job.kind === 'render' ? 'drawing' : 'checking'} ${job.file}: ${(e as Error)?.message ?? String(e)}` };
  }
}

/** What the main thread posts: one job, or several to answer in turn. */
type Message = Job | { kind: 'many'; jobs: Job[] };

/** A batch's answers go back in groups of at most this many, or sooner when this many ms have passed. */
const ANSWERS_PER_MESSAGE = 16;
const ANSWER_WITHIN_MS = 20;

/** In the worker: answers the jobs posted to it, in order, each message an array of answers. */
function serve(): void {
  parentPort!.on('message', (m: Message) => {
    if (m.kind !== 'many') {
      parentPort!.postMessage([run(m)]);
      return;
    }
    // A message costs tens of µs: a small file's answer waits for a few others (never long).
    let answers: (FileOutcome | TestOutcome | RenderOutcome)[] = [];
    let since = performance.now();
    for (const job of m.jobs) {
      answers.push(run(job));
      if (answers.length >= ANSWERS_PER_MESSAGE || performance.now() - since >= ANSWER_WITHIN_MS) {
        parentPort!.postMessage(answers);
        answers = [];
        since = performance.now();
      }
    }
    if (answers.length) parentPort!.postMessage(answers);
  });
}

export class Checker {
  private worker: Worker | undefined;
  private readonly memoryMb = memoryLimitMb();
  /**
   * The jobs posted to the worker and not answered yet, in the order posted (the worker answers in
   * that order); `single` when posted alone (then it is the one a dying worker was on).
   */
  private pending: { job: Job; single: boolean; resolve: (answer: FileOutcome | RenderOutcome) => void }[] = [];

  /**
   * Runs a job in the worker; a worker that dies (out of memory) gives a problem for this file.
   * Several jobs may be posted before the first is answered (the worker checks the next files
   * while this thread writes the output of the earlier ones): each is answered in turn.
   */
  run<J extends Job>(job: J): Promise<Answer<J>> {
    return new Promise((resolve) => this.post({ job, single: true, resolve: resolve as (answer: FileOutcome | RenderOutcome) => void }));
  }

  /**
   * Posts several check jobs in one message; each is answered in turn (the answers come back a few
   * at a time). Not for --fix: a worker that dies may have answers it had not sent yet, so its
   * unanswered jobs are run again, one message each.
   */
  runMany(jobs: Extract<Job, { kind: 'check' }>[]): Promise<FileOutcome>[] {
    const answers = jobs.map((job) => new Promise<FileOutcome>((resolve) => this.pending.push({ job, single: false, resolve: resolve as (answer: FileOutcome | RenderOutcome) => void })));
    this.current().postMessage({ kind: 'many', jobs });
    return answers;
  }

  private post(p: Checker['pending'][number]): void {
    this.pending.push(p);
    this.current().postMessage(p.job);
  }

  private current(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(__filename, { resourceLimits: { maxOldGenerationSizeMb: this.memoryMb } });
    this.worker = worker;
    worker.on('message', (answers: (FileOutcome | RenderOutcome)[]) => {
      for (const answer of answers) this.pending.shift()?.resolve(answer);
    });
    worker.on('error', (e: Error & { code?: string }) =>
      this.died(worker, (job) => {
        const what = job.kind === 'render' ? 'draw' : 'check';
        return e.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? `cannot ${what} ${job.file}: it needs more than the ${this.memoryMb} MB of memory the checker has (${MEMORY_ENV} sets it); split it into smaller scenarios`
          : `internal error while ${job.kind === 'render' ? 'drawing' : 'checking'} ${job.file}: ${e.message}`;
      }),
    );
    worker.on('exit', (code: number) => this.died(worker, (job) => `internal error while ${job.kind === 'render' ? 'drawing' : 'checking'} ${job.file}: the checker stopped (exit code ${code})`));
    return worker;
  }

  /**
   * The worker died on the first job it had not answered, when that one was posted alone: it gets
   * the problem, and the ones posted after it go to a new worker, one message each. When it was
   * part of a batch, the worker may have checked it and died on a later one before answering, so
   * every unanswered job goes to the new worker alone, and the one it dies on again is the one.
   */
  private died(worker: Worker, problem: (job: Job) => string): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    void worker.terminate();
    const pending = this.pending;
    this.pending = [];
    const first = pending[0];
    const blamed = first !== undefined && first.single;
    if (blamed) first.resolve({ problem: problem(first.job) });
    for (const p of blamed ? pending.slice(1) : pending) this.post({ ...p, single: true });
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
