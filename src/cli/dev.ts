/**
 * `declarative-mcp dev <module> [--port N]`: serves the module over Streamable HTTP and, when it or
 * a file it loaded changes, loads it again in a fresh process. The new build must load before
 * the old server stops: a broken one prints its error and the old one keeps serving. Each
 * reload prints what changed, one line per definition (`+ tool beta`, `- tool alpha`, `~ tool x`).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { type FSWatcher, watch } from 'node:fs';
import { join } from 'node:path';

type Report =
  | { type: 'loaded'; definitions: Record<string, string>; files: string[]; listChanged: boolean }
  | { type: 'listening'; url: string }
  | { type: 'failed'; message: string };

/** Where `dev` writes: definition changes on `output`, the rest through `say`. */
export interface DevIo {
  cwd: string;
  output: NodeJS.WritableStream;
  say: (text: string) => void;
  signal?: AbortSignal;
}

/** The lines that say how `after` differs from `before`, one per definition, sorted. */
export function changes(before: Record<string, string>, after: Record<string, string>): string[] {
  const lines: string[] = [];
  for (const key of Object.keys(after).sort()) {
    if (!(key in before)) lines.push(`+ ${key}`);
    else if (before[key] !== after[key]) lines.push(`~ ${key}`);
  }
  for (const key of Object.keys(before).sort()) if (!(key in after)) lines.push(`- ${key}`);
  return lines;
}

/** Forks one generation and waits for its first report (loaded, or failed). */
function generation(module: string, cwd: string): Promise<{ child: ChildProcess; report: Report }> {
  const child = fork(join(__dirname, 'dev-child.js'), [module, cwd], {
    cwd,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve) => {
    child.once('message', (report: Report) => resolve({ child, report }));
    child.once('exit', (code) =>
      resolve({
        child,
        report: { type: 'failed', message: `exited (code ${code}) while loading` },
      }),
    );
  });
}

function next(child: ChildProcess): Promise<Report> {
  return new Promise((resolve) => {
    child.once('message', resolve);
    child.once('exit', (code) => resolve({ type: 'failed', message: `exited (code ${code})` }));
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.send({ type: 'stop' }, () => undefined);
  });
}

/** Runs `dev` until SIGINT, SIGTERM or `io.signal`; resolves to the exit code. */
export async function runDev(
  module: string,
  port: number,
  host: string,
  io: DevIo,
): Promise<number> {
  const first = await generation(module, io.cwd);
  if (first.report.type !== 'loaded') {
    io.say(`cannot load ${module}:\n${first.report.type === 'failed' ? first.report.message : ''}`);
    first.child.kill();
    return 1;
  }
  let current = first.child;
  let definitions = first.report.definitions;
  current.send({ type: 'listen', port, host });
  const listening = await next(current);
  if (listening.type !== 'listening') {
    io.say(listening.type === 'failed' ? listening.message : 'the server did not start');
    current.kill();
    return 1;
  }
  // Listen for the signals before printing the URL: whoever reads it may stop us at once.
  const stopped = new Promise<void>((done) => {
    const finish = (): void => {
      process.off('SIGINT', finish);
      process.off('SIGTERM', finish);
      done();
    };
    process.once('SIGINT', finish);
    process.once('SIGTERM', finish);
    io.signal?.addEventListener('abort', finish, { once: true });
  });
  io.say(`serving ${module} at ${listening.url} (reloads on change; Ctrl-C stops)`);
  if (!first.report.listChanged)
    io.say(
      'the application does not declare listChanged, so clients are not told when it reloads (2025 sessions still get 404 and start again). McpApplication.create({ listChanged: true, … }) tells them.',
    );

  let watchers: FSWatcher[] = [];
  let timer: NodeJS.Timeout | undefined;
  let reloading = Promise.resolve();
  const watchAll = (files: string[]): void => {
    for (const watcher of watchers) watcher.close();
    watchers = files.flatMap((file) => {
      try {
        return [watch(file, () => schedule())];
      } catch {
        return [];
      }
    });
  };
  const reload = async (): Promise<void> => {
    const fresh = await generation(module, io.cwd);
    if (fresh.report.type !== 'loaded') {
      io.say(
        `the new build fails; still serving the previous one:\n${fresh.report.type === 'failed' ? fresh.report.message : ''}`,
      );
      fresh.child.kill();
      return;
    }
    const lines = changes(definitions, fresh.report.definitions);
    await stop(current);
    current = fresh.child;
    definitions = fresh.report.definitions;
    watchAll(fresh.report.files);
    current.send({ type: 'listen', port, host });
    const report = await next(current);
    if (report.type !== 'listening') {
      io.say(`the new build could not listen: ${report.type === 'failed' ? report.message : ''}`);
      return;
    }
    io.output.write(
      lines.length === 0 ? 'reloaded (no definition changed)\n' : `${lines.join('\n')}\n`,
    );
  };
  // tsc --watch writes several files in a burst: one reload for the burst.
  const schedule = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      reloading = reloading.then(reload, reload);
    }, 150);
  };
  watchAll(first.report.files);

  await stopped;
  clearTimeout(timer);
  for (const watcher of watchers) watcher.close();
  await reloading;
  await stop(current);
  return 0;
}
