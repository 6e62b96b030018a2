/**
 * `serve --http --redis URL --workers N`: N processes on one port (node:cluster). The primary
 * forks the workers and serves nothing itself; each worker loads the module and serves it with a
 * Redis adapter of its own, so any worker serves any request of any session.
 *
 * The primary and its workers speak over the cluster's IPC channel, in messages keyed
 * `declarative-mcp` (so an application's own messages pass by): a worker says it is listening,
 * or that it could not start (with the text the single-process command would have printed);
 * the primary tells a worker to stop.
 */
import cluster, { type Worker } from 'node:cluster';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Writable } from 'node:stream';

const KEY = 'declarative-mcp';

/** How long the primary waits for its workers to close before it kills them. */
const STOP_GRACE_MS = 10_000;

/** A worker that dies this soon after it started serving died "quickly" (`--crash-limit`). */
export const QUICK_DEATH_MS = 10_000;

/** What a worker tells its primary. */
type WorkerWord =
  | { [KEY]: 'listening'; url: string }
  | { [KEY]: 'failed'; code: number; text: string }
  | { [KEY]: 'crashed'; error: string };

function wordOf(message: unknown): WorkerWord | undefined {
  const word = (message as Record<string, unknown> | null)?.[KEY];
  return word === 'listening' || word === 'failed' || word === 'crashed'
    ? (message as WorkerWord)
    : undefined;
}

/** The first line of an error as the primary repeats it: `Error: the database is down`. */
function firstLine(error: unknown): string {
  const text =
    error instanceof Error ? `${error.name}: ${error.message}` : `uncaught ${String(error)}`;
  const end = text.indexOf('\n');
  return end === -1 ? text : text.slice(0, end);
}

/** Whether this process is a worker a `serve --workers` primary forked. */
export function isWorker(): boolean {
  return cluster.isWorker;
}

/** In a worker: how the primary names it in its lines (`worker 3`). */
export function workerName(): string {
  return `worker ${cluster.worker?.id ?? '?'}`;
}

/**
 * In a worker: resolves once the worker should stop: the primary asks, the primary is gone, or
 * SIGINT/SIGTERM arrives (Ctrl-C reaches every process of the group). Listening starts at once,
 * so a stop that comes while the module loads is not lost. Signals after the first are ignored
 * so that closing is not cut short; the primary kills a worker that does not close in time.
 */
export function workerStopped(): Promise<void> {
  // Node prints the error and exits; the primary hears of it first, to say why it gives up.
  // (A small message on the IPC pipe is written at once, before the process exits.)
  process.on('uncaughtExceptionMonitor', (error) => {
    if (process.send !== undefined && process.connected) {
      process.send({ [KEY]: 'crashed', error: firstLine(error) });
    }
  });
  return new Promise((done) => {
    const stop = (): void => done();
    process.on('message', (message: unknown) => {
      if ((message as Record<string, unknown> | null)?.[KEY] === 'stop') stop();
    });
    process.once('disconnect', stop);
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/** In a worker: tells the primary it listens at `url`. */
export function tellListening(url: string): Promise<void> {
  return tell({ [KEY]: 'listening', url });
}

/** In a worker: tells the primary it could not start, with what to print and the exit code. */
export function tellFailed(code: number, text: string): Promise<void> {
  return tell({ [KEY]: 'failed', code, text });
}

function tell(word: WorkerWord): Promise<void> {
  return new Promise((resolve) => {
    if (process.send === undefined || !process.connected) return resolve();
    process.send(word, undefined, {}, () => resolve());
  });
}

/** In a worker that is done: closes the channel to the primary, which would keep it alive. */
export function leavePrimary(): void {
  if (process.connected) process.disconnect();
}

/** What {@link runPrimary} needs. */
export interface PrimaryOptions {
  /** The command's arguments; every worker runs the command line with them. */
  argv: readonly string[];
  /** How many workers. */
  workers: number;
  /**
   * After this many workers in a row died within {@link QUICK_DEATH_MS} of serving, none is
   * started again: the primary stops the others and exits 1 with the last one's error.
   */
  crashLimit: number;
  /** The workers' working directory. */
  cwd: string;
  /** Stops every worker, as SIGINT and SIGTERM do. */
  signal?: AbortSignal;
  /** Where the workers' start-up failures are printed. */
  error: Writable;
  /** One diagnostic line. */
  say: (text: string) => void;
  /** Called once, when every worker listens: prints the URL. */
  serving: (url: string) => void;
}

/**
 * The primary of `serve --workers N`: forks N workers of the command line, prints the URL once
 * when all of them listen, and resolves to the exit code once they have all exited.
 *
 * - At start-up, a worker that cannot start (a usage mistake, Redis unreachable, a module that
 *   throws) stops them all: its message is printed once and its exit code is the command's.
 * - While serving, a worker that dies is reported on stderr and a new one is forked in its place
 *   (the sessions live in Redis, so its clients go on). A replacement that cannot start is
 *   reported and not forked again; with no worker left, the command exits 1.
 * - A crash loop ends: once `crashLimit` workers in a row died within 10 s of serving (a module
 *   that throws soon after start-up, a dependency that is not there), the primary stops the
 *   others and exits 1, printing the last worker's error. A worker that served longer resets
 *   the count.
 * - SIGINT, SIGTERM or the signal asks every worker to close and waits for them (10 s, then it
 *   kills them); a second signal kills them at once. Exit 0 when every worker closed cleanly.
 */
export function runPrimary(options: PrimaryOptions): Promise<number> {
  const bin = join(__dirname, 'bin.js');
  if (!existsSync(bin)) {
    throw new Error(`--workers forks ${bin}, which is missing: build the package first.`);
  }
  cluster.setupPrimary({ exec: bin, args: [...options.argv], cwd: options.cwd });
  const { say } = options;
  const live = new Set<Worker>();
  const listening = new Set<Worker>();
  let started = false;
  let stopping = false;
  let failed = false;
  let code = 0;
  let grace: NodeJS.Timeout | undefined;
  /** When each worker started serving. */
  const since = new Map<Worker, number>();
  /** The error each worker last reported as it crashed. */
  const crashes = new Map<Worker, string>();
  /** Workers in a row that died within QUICK_DEATH_MS of serving. */
  let quickDeaths = 0;

  return new Promise<number>((resolve) => {
    const finish = (): void => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      options.signal?.removeEventListener('abort', onSignal);
      clearTimeout(grace);
      resolve(code);
    };
    const name = (worker: Worker): string => `worker ${worker.id} (pid ${worker.process.pid})`;
    const kill = (): void => {
      for (const worker of live) {
        say(`${name(worker)} did not close; killing it.`);
        worker.process.kill('SIGKILL');
      }
    };
    const stopAll = (): void => {
      if (stopping) {
        kill();
        return;
      }
      stopping = true;
      if (live.size === 0) {
        finish();
        return;
      }
      for (const worker of live) {
        // A worker that exits meanwhile has nothing left to stop: the callback takes the error.
        if (worker.isConnected()) worker.send({ [KEY]: 'stop' }, undefined, {}, () => {});
        else worker.process.kill('SIGTERM');
      }
      grace = setTimeout(kill, STOP_GRACE_MS);
    };
    function onSignal(): void {
      stopAll();
    }
    const fork = (replacing?: Worker): void => {
      const worker = cluster.fork();
      live.add(worker);
      worker.on('error', (error: Error) => say(`${name(worker)}: ${error.message}`));
      worker.on('message', (message: unknown) => {
        const word = wordOf(message);
        if (word === undefined) return;
        if (word[KEY] === 'crashed') {
          crashes.set(worker, word.error);
          return;
        }
        if (word[KEY] === 'failed') {
          // At start-up the first failure is the command's; the others say the same.
          if (started || !failed) options.error.write(word.text);
          if (!started && !failed) {
            failed = true;
            code = word.code;
            stopAll();
          }
          return;
        }
        listening.add(worker);
        since.set(worker, Date.now());
        if (started) {
          say(`${name(worker)} serves in place of worker ${replacing?.id}.`);
        } else if (listening.size === options.workers && !stopping) {
          started = true;
          options.serving(word.url);
        }
      });
      worker.on('exit', (exitCode: number | null, signal: string | null) => {
        live.delete(worker);
        const served = listening.delete(worker);
        const crash = crashes.get(worker);
        crashes.delete(worker);
        const servedAt = since.get(worker);
        since.delete(worker);
        const how =
          (signal !== null ? `was killed by ${signal}` : `exited with code ${exitCode}`) +
          (crash === undefined ? '' : ` (${crash})`);
        if (stopping) {
          if (exitCode !== 0 && code === 0) code = 1;
          if (live.size === 0) finish();
          return;
        }
        if (!started) {
          // Died before serving without saying why (a crash): the command fails.
          if (!failed) {
            failed = true;
            code = 1;
            say(`${name(worker)} ${how} before it could serve.`);
          }
          stopAll();
          return;
        }
        if (served) {
          const quick = servedAt !== undefined && Date.now() - servedAt < QUICK_DEATH_MS;
          quickDeaths = quick ? quickDeaths + 1 : 0;
          if (quickDeaths >= options.crashLimit) {
            say(
              `${name(worker)} ${how}, the ${quickDeaths}${ordinal(quickDeaths)} worker in a row to die within ${QUICK_DEATH_MS / 1000} s of serving (--crash-limit ${options.crashLimit}); not starting another. Stopping.`,
            );
            code = 1;
            stopAll();
            return;
          }
          say(`${name(worker)} ${how}; starting another.`);
          fork(worker);
          return;
        }
        say(`${name(worker)} ${how} before it could serve; not starting another.`);
        if (live.size === 0) {
          say('No worker is left; exiting.');
          code = 1;
          finish();
        }
      });
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    if (options.signal?.aborted) {
      stopping = true;
      finish();
      return;
    }
    options.signal?.addEventListener('abort', onSignal, { once: true });
    for (let i = 0; i < options.workers; i += 1) fork();
  });
}

/** `st`, `nd`, `rd` or `th`, for a count. */
function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return 'th';
  return ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
}
