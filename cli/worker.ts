// The checks run in a child process (the same bundle, forked) with a heap limit of its own, so that
// a scenario too big for memory (a million card declarations, say) ends that file's check with a
// message, never the command with V8's out-of-memory abort: whatever way the checker dies (V8's
// fatal out-of-memory abort included, which no worker thread can turn into an error), only the child
// goes, and the command reports the file it was on and goes on with a new child for the next
// files. One child serves the files in turn; the command's process only writes the output. The
// child's stderr is read (to tell running out of memory from another crash) and never shown.
// A run that would use one checker, and `render`, take the small files in the command's own
// process (LOCAL_MAX_BYTES, with what their includes read): they cannot run it out of memory, and
// a child would cost them its start and the messages. The first other file starts the child.
import { fork, type ChildProcess } from 'node:child_process';
import * as v8 from 'node:v8';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { renderFile, type RenderOutcome } from './render';
import { checkFile, readRegular, testFile, type CheckSettings, type FileOutcome, type TestOutcome } from './scenario';
import type { IncludeBudget } from './includes';
import { loadCardFiles, type LoadedCards } from '../io/cards';
import type { Language } from '../l10n/language';

type Job =
  | { kind: 'check'; file: string; fix: boolean; maxFindings: number; includeRoot?: string; cards?: string[]; settings?: CheckSettings }
  | { kind: 'test'; file: string; maxFindings: number; includeRoot?: string; cards?: string[]; settings?: CheckSettings }
  | { kind: 'render'; file: string; at: number | undefined; theme: Parameters<typeof renderFile>[1]['theme']; cards?: string[]; language?: Language };
type Answer<J extends Job> = J extends { kind: 'check' } ? FileOutcome : J extends { kind: 'test' } ? TestOutcome : RenderOutcome;

/** The environment variable that sets the checker's heap (MB); by default what node gives a process here. */
export const MEMORY_ENV = 'BOARD_SCENARIO_MEMORY_MB';

/** The environment variable that sets how many checker processes a check without --fix or --cards uses (see checkersFor). */
export const CHECKERS_ENV = 'BOARD_SCENARIO_CHECKERS';

/**
 * By default, a check starts a checker for every this many files (up to MAX_DEFAULT_CHECKERS,
 * and one fewer than the cores: the command's own process reads the answers and writes the
 * output, and on two cores two checkers took longer than one, 2.2 s against 1.9-2.1 s for the
 * 5,000-file suite, with 1.2 s more CPU). A checker's first thousand small files cost two to three times what
 * later ones do (the JIT warms up: ~0.7 s of CPU more on the bench machine), so a second checker
 * for 1,000 files saves about a quarter of the wall time on free cores, for much more CPU time.
 */
export const FILES_PER_CHECKER = 500;
/** The most checkers a check starts by default (each has its own heap; BOARD_SCENARIO_CHECKERS may set up to 8). */
export const MAX_DEFAULT_CHECKERS = 4;

/**
 * How many checker processes a check of `files` files uses. One with --fix (a file's fix is
 * written before the next is read) or --cards (each checker would read the card data). Else
 * BOARD_SCENARIO_CHECKERS when set (up to 8), else one per FILES_PER_CHECKER files, up to one
 * fewer than the cores (os.availableParallelism) and MAX_DEFAULT_CHECKERS: each checker starts a node process and
 * warms up its own JIT (its first few hundred files cost a few times what later ones do), which a
 * small run would pay for nothing, and which pays on a large one only when cores are free.
 */
export function checkersFor(cmd: { fix: boolean; cards: readonly string[] }, files: number, env: NodeJS.ProcessEnv = process.env, cores = availableParallelism()): number {
  if (cmd.fix || cmd.cards.length > 0) return 1;
  const set = Number(env[CHECKERS_ENV]);
  if (Number.isInteger(set) && set >= 1) return Math.min(set, 8);
  return Math.max(1, Math.min(cores - 1, MAX_DEFAULT_CHECKERS, Math.floor(files / FILES_PER_CHECKER)));
}

/**
 * The size of a checker's V8 thread pool: one thread fewer than the cores, at least one and at most
 * node's default of four. On two cores, node's four threads (the JIT compiling the check as a
 * suite's first files are checked, the GC's helpers) took the core the check runs on: with one, the
 * 5,000-file suite ran about 3 % faster (16 alternated CLI runs, medians 1,058 against 1,090 ms)
 * and a 1M-event file as fast.
 */
export function checkerPoolSize(cores = availableParallelism()): number {
  return Math.max(1, Math.min(4, cores - 1));
}

/**
 * Files of at most this many bytes, with what their includes read, are checked in the command's
 * own process when a run would use one checker (checksHere). A check's heap is about 1.4 times its
 * file for events (bench, 100k events) and about 4 KB a card declaration: a file of this size
 * needs tens of MB at most (about 60 MB when it declares nothing but its 15,000 cards).
 */
export const LOCAL_MAX_BYTES = 1024 * 1024;

/**
 * Does a run that would use `checkers` checkers check its small files in the command's own process
 * (Checker's `here`)? When it would use one and BOARD_SCENARIO_CHECKERS does not ask for checker
 * processes. (Which files: runHere, file by file.)
 */
export function checksHere(checkers: number, env: NodeJS.ProcessEnv = process.env): boolean {
  return !env[CHECKERS_ENV] && checkers === 1;
}

export function memoryLimitMb(): number {
  const set = Number(process.env[MEMORY_ENV]);
  if (Number.isInteger(set) && set >= 16) return set;
  return Math.floor(v8.getHeapStatistics().heap_size_limit / (1024 * 1024));
}

/** The card files read in this child (read once for every file checked), by their list of paths. */
let loadedCards: { key: string; cards: LoadedCards } | undefined;

function cardsFor(paths: string[] | undefined): { cards?: LoadedCards['catalogs']; cardProblems?: string[] } {
  if (!paths || paths.length === 0) return {};
  const key = JSON.stringify(paths);
  const first = loadedCards?.key !== key;
  if (first) loadedCards = { key, cards: loadCardFiles(paths) };
  // The problems of reading them come back with the first job only.
  return { cards: loadedCards!.cards.catalogs, cardProblems: first ? loadedCards!.cards.problems : [] };
}

/** The include roots found in this child, by folder (see includeRootFor): a folder's files walk up from it once. */
const roots = new Map<string, string>();

/** `read`: the file's bytes, read already, and `includeBudget` what its includes may read (runHere). */
function run(job: Job, read?: Buffer, includeBudget?: IncludeBudget): FileOutcome | TestOutcome | RenderOutcome {
  try {
    // The card files of --cards, then those of the file's board-scenario.json.
    const settings = job.kind === 'render' ? undefined : job.settings;
    const { cards, cardProblems } = cardsFor(settings?.cardFiles ? [...(job.cards ?? []), ...settings.cardFiles] : job.cards);
    const outcome =
      job.kind === 'check'
        ? checkFile(job.file, { fix: job.fix, maxFindings: job.maxFindings, includeRoot: job.includeRoot, cards, roots, read, includeBudget, ...job.settings })
        : job.kind === 'test'
          ? testFile(job.file, { maxFindings: job.maxFindings, includeRoot: job.includeRoot, cards, roots, read, includeBudget, ...job.settings })
          : renderFile(job.file, { at: job.at, theme: job.theme, cards, language: job.language, read, includeBudget });
    return cardProblems?.length ? { ...outcome, cardProblems } : outcome;
  } catch (e) {
    return { problem: `internal error while ${job.kind === 'render' ? 'drawing' : 'checking'} ${job.file}: ${(e as Error)?.message ?? String(e)}` };
  }
}

/**
 * A job's answer in the command's own process, or undefined when it goes to a checker: a job on a
 * regular file of at most LOCAL_MAX_BYTES, without card files, whose includes read at most
 * LOCAL_MAX_BYTES with it (IncludeBudget: a job whose includes would read more is left to a
 * checker, before anything is written), or on a file that cannot be read (the same function words
 * the problem). A pipe or a device goes to the checker, since its read may wait (the command goes
 * on writing the output of the files before it meanwhile).
 */
function runHere<J extends Job>(job: J): Answer<J> | undefined {
  // Card files are read once, in the checker.
  if ((job.cards?.length ?? 0) > 0 || (job.kind !== 'render' && (job.settings?.cardFiles?.length ?? 0) > 0)) return undefined;
  const read = readRegular(job.file, LOCAL_MAX_BYTES);
  if (read === undefined) return undefined;
  // A file that cannot be opened gets the problem the checker would word (run reads it again).
  if (!('bytes' in read)) return run(job) as Answer<J>;
  const budget: IncludeBudget = { bytes: LOCAL_MAX_BYTES - read.bytes.length, over: false };
  const answer = run(job, read.bytes, budget);
  return 'elsewhere' in answer ? undefined : (answer as Answer<J>);
}

/** An answer to wait for, and whether it is in already (the command writes its output when the next one is not). */
export interface Reply<T> {
  answer: Promise<T>;
  done: boolean;
}

function replyTo<T>(answer: Promise<T>): Reply<T> {
  const r: Reply<T> = { answer, done: false };
  void answer.then(() => (r.done = true));
  return r;
}

function ready<T>(value: T): Reply<T> {
  return { answer: Promise.resolve(value), done: true };
}

/** What the command posts: one job, or several to answer in turn. */
type Message = Job | { kind: 'many'; jobs: Job[] };
type Answers = (FileOutcome | TestOutcome | RenderOutcome)[];

/** A batch's answers go back in groups of at most this many, or sooner when this many ms have passed. */
const ANSWERS_PER_MESSAGE = 16;
const ANSWER_WITHIN_MS = 20;

/** The argument the command forks itself with: the process started with it (and a channel to its parent) is the checker. */
const CHILD_ARG = '--board-scenario-checker-process';

/**
 * In the child: sends answers, and resolves once they are written to the channel. The next job
 * starts only then, so a child that dies on a job has sent every answer before it (the command
 * reads them before it sees the death), and the first job left unanswered is the one it died on.
 */
function send(answers: Answers): Promise<void> {
  return new Promise((resolve) => {
    // The command has gone: nothing is left to answer.
    if (!process.connected) process.exit(0);
    try {
      process.send!(answers, (e: Error | null) => (e ? process.exit(0) : resolve()));
    } catch {
      process.exit(1);
    }
  });
}

/** In the child: answers the jobs posted to it, in order, each message an array of answers. */
function serve(): void {
  const queue: Message[] = [];
  let busy = false;
  const drain = async () => {
    busy = true;
    for (let m = queue.shift(); m !== undefined; m = queue.shift()) {
      if (m.kind !== 'many') {
        await send([run(m)]);
        continue;
      }
      // A message costs tens of µs: a small file's answer waits for a few others (never long).
      let answers: Answers = [];
      let since = performance.now();
      for (const job of m.jobs) {
        answers.push(run(job));
        if (answers.length >= ANSWERS_PER_MESSAGE || performance.now() - since >= ANSWER_WITHIN_MS) {
          await send(answers);
          answers = [];
          since = performance.now();
        }
      }
      if (answers.length) await send(answers);
    }
    busy = false;
  };
  process.on('message', (m: Message) => {
    queue.push(m);
    if (!busy) void drain();
  });
  // The command closed the channel (it is done) or has gone: so does the checker.
  process.on('disconnect', () => process.exit(0));
}

/** What V8 writes on stderr as it aborts a process that ran out of memory (whichever allocation failed). */
const OUT_OF_MEMORY = /out of memory/i;

/** The checker processes running now: ended with the command, however it ends. */
const running = new Set<ChildProcess>();
let endWithCommandInstalled = false;

function endWithCommand(child: ChildProcess): void {
  running.add(child);
  child.once('exit', () => running.delete(child));
  if (endWithCommandInstalled) return;
  endWithCommandInstalled = true;
  const killAll = () => {
    for (const c of running) c.kill('SIGKILL');
  };
  // process.exit (a closed stdout ends the command so) and the normal end.
  process.on('exit', killAll);
  // The child is in a process group of its own (see `current`), so the terminal's Ctrl-C reaches
  // the command only: it ends the child, then itself by the same signal, as it would without it.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    const onSignal = () => {
      killAll();
      process.off(signal, onSignal);
      process.kill(process.pid, signal);
    };
    process.on(signal, onSignal);
  }
}

export class Checker {
  /**
   * @param here Checks the small files in this process (runHere, with what they include), and
   * starts a child only for the others, at the first of them (checksHere says when).
   */
  constructor(private readonly here = false) {}

  private child: ChildProcess | undefined;
  private readonly memoryMb = memoryLimitMb();
  /**
   * The jobs posted to the child and not answered yet, in the order posted (the child answers in
   * that order); `single` when posted alone (then it is the one a dying child was on).
   */
  private pending: { job: Job; single: boolean; resolve: (answer: FileOutcome | RenderOutcome) => void }[] = [];

  /**
   * Runs a job in the child; a child that dies (out of memory, or any crash) gives a problem for
   * this file. Several jobs may be posted before the first is answered (the child checks the next
   * files while the command writes the output of the earlier ones): each is answered in turn.
   */
  run<J extends Job>(job: J): Promise<Answer<J>> {
    return this.reply(job).answer;
  }

  /** `run`, with whether the answer is in already (a file checked in this process). */
  reply<J extends Job>(job: J): Reply<Answer<J>> {
    return this.answeredHere(job) ?? replyTo(new Promise((resolve) => this.post({ job, single: true, resolve: resolve as (answer: FileOutcome | RenderOutcome) => void })));
  }

  /**
   * Posts several check jobs in one message; each is answered in turn (the answers come back a few
   * at a time). Not for --fix: a child that dies may have checked jobs it had not answered yet,
   * so its unanswered jobs are run again, one message each.
   */
  runMany(jobs: Extract<Job, { kind: 'check' }>[]): Reply<FileOutcome>[] {
    const posted: Extract<Job, { kind: 'check' }>[] = [];
    const answers = jobs.map((job) => {
      const here = this.answeredHere(job);
      if (here) return here;
      posted.push(job);
      return replyTo(new Promise<FileOutcome>((resolve) => this.pending.push({ job, single: false, resolve: resolve as (answer: FileOutcome | RenderOutcome) => void })));
    });
    if (posted.length > 0) this.send({ kind: 'many', jobs: posted });
    return answers;
  }

  /** The job's answer, when this process takes it (`here`, and runHere does). */
  private answeredHere<J extends Job>(job: J): Reply<Answer<J>> | undefined {
    const answer = this.here ? runHere(job) : undefined;
    return answer && ready(answer);
  }

  /** Starts the child before its first job (it loads while the command does something else). */
  start(): void {
    this.current();
  }

  private post(p: Checker['pending'][number]): void {
    this.pending.push(p);
    this.send(p.job);
  }

  /** A message to a child that has just died is lost: its jobs are pending, and posted again when its end is seen. */
  private send(m: Message): void {
    const child = this.current();
    if (child.connected) child.send(m, () => {});
  }

  private current(): ChildProcess {
    if (this.child) return this.child;
    const child = fork(__filename, [CHILD_ARG], {
      // The command's own node options (a debugger's port excepted), then the checker's heap and
      // background threads. Its young generation starts at the size it would grow to anyway (16 MB
      // semi-spaces): a check allocates fast from its first file, and starting from 1 MB costs
      // about a hundred scavenges more over a suite of small files. Its V8 thread pool (the JIT's
      // compiles, the GC's helpers) leaves a core to the check (checkerPoolSize).
      execArgv: [...process.execArgv.filter((a) => !a.startsWith('--inspect')), `--max-old-space-size=${this.memoryMb}`, '--min-semi-space-size=16', `--v8-pool-size=${checkerPoolSize()}`],
      serialization: 'advanced',
      // Its stderr is only read, to tell running out of memory from another end.
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      // A process group of its own (not on Windows, where it would be a console of its own).
      detached: process.platform !== 'win32',
    });
    this.child = child;
    endWithCommand(child);
    let outOfMemory = false;
    let tail = '';
    child.stderr!.setEncoding('utf8').on('data', (s: string) => {
      const seen = tail + s;
      if (OUT_OF_MEMORY.test(seen)) outOfMemory = true;
      tail = seen.slice(-64);
    });
    child.on('message', (answers: Answers) => {
      for (const answer of answers) this.pending.shift()?.resolve(answer);
    });
    const failed = (job: Job) => `internal error while ${job.kind === 'render' ? 'drawing' : 'checking'} ${job.file}`;
    // It could not be started (or signalled): 'close' may never come.
    child.on('error', (e: Error) => {
      if (child.pid === undefined) this.died(child, (job) => `${failed(job)}: the checker could not start: ${e.message}`);
    });
    // After its exit, its stderr and its channel are read to the end: every answer it sent is in.
    child.on('close', (code: number | null, signal: NodeJS.Signals | null) =>
      this.died(child, (job) =>
        outOfMemory
          ? `cannot ${job.kind === 'render' ? 'draw' : 'check'} ${job.file}: it needs more than the ${this.memoryMb} MB of memory the checker has (${MEMORY_ENV} sets it); split it into smaller scenarios`
          : `${failed(job)}: the checker stopped (${signal ? `signal ${signal}` : `exit code ${code}`})`,
      ),
    );
    return child;
  }

  /**
   * The child died on the first job it had not answered, when that one was posted alone: it gets
   * the problem, and the ones posted after it go to a new child, one message each. When it was
   * part of a batch, the child may have checked it and died on a later one before answering, so
   * every unanswered job goes to the new child alone, and the one it dies on again is the one.
   */
  private died(child: ChildProcess, problem: (job: Job) => string): void {
    if (this.child !== child) return;
    this.child = undefined;
    child.kill('SIGKILL');
    const pending = this.pending;
    this.pending = [];
    const first = pending[0];
    const blamed = first !== undefined && first.single;
    if (blamed) first.resolve({ problem: problem(first.job) });
    for (const p of blamed ? pending.slice(1) : pending) this.post({ ...p, single: true });
  }

  /** Ends the child (every job is answered): it exits as its channel closes. */
  async close(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      if (child.connected) child.disconnect();
      else child.kill('SIGKILL');
    });
  }
}

/** The bundle is both the command and its checker: true when this process is the checker (and now serves). */
export function startCheckerIfChild(): boolean {
  if (process.argv[2] !== CHILD_ARG || typeof process.send !== 'function') return false;
  serve();
  return true;
}
