/**
 * What every measurement shares: the messages both servers are sent, the expected answer, the
 * statistics, and the paths of the child scripts.
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The revision both sides speak. */
export const REVISION = '2025-06-18';

/** The `initialize` request every client sends first. */
export function initializeMessage(id: number | string = 0): string {
  return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"method":"initialize","params":{"protocolVersion":"${REVISION}","capabilities":{},"clientInfo":{"name":"bench","version":"1.0.0"}}}`;
}

/** The notification that completes the handshake. */
export const INITIALIZED = '{"jsonrpc":"2.0","method":"notifications/initialized"}';

const CALL_HEAD = '{"jsonrpc":"2.0","id":';
const CALL_TAIL = ',"method":"tools/call","params":{"name":"add","arguments":{"a":2,"b":3}}}';

/** The measured request: `tools/call add {a: 2, b: 3}` with this id. */
export function callMessage(id: number): string {
  return CALL_HEAD + id + CALL_TAIL;
}

/** The two halves of {@link callMessage} around its id (for clients that splice ids in). */
export const CALL_PARTS = { head: CALL_HEAD, tail: CALL_TAIL } as const;

/** The revision of the stateless 2026 row (measurement 3, "2026"). */
export const MODERN_REVISION = '2026-07-28';

const MODERN_TAIL = `,"method":"tools/call","params":{"name":"add","arguments":{"a":2,"b":3},"_meta":{"io.modelcontextprotocol/protocolVersion":"${MODERN_REVISION}","io.modelcontextprotocol/clientCapabilities":{},"io.modelcontextprotocol/clientInfo":{"name":"bench","version":"1.0.0"}}}}`;

/** {@link CALL_PARTS} as a 2026-07-28 request: the revision and capabilities in `_meta`. */
export const MODERN_CALL_PARTS = { head: CALL_HEAD, tail: MODERN_TAIL } as const;

/** What the answer's text content must be. */
export const EXPECTED_TEXT = '5';

/** Whether a parsed answer is the successful result of {@link callMessage}. */
export function isGoodAnswer(message: unknown): boolean {
  const result = (
    message as { result?: { content?: Array<{ text?: unknown }>; isError?: unknown } }
  )?.result;
  return result?.isError !== true && result?.content?.[0]?.text === EXPECTED_TEXT;
}

/** The answer the floor and limit servers build: what a tools/call result looks like. */
export function buildAnswer(request: { id?: unknown; params?: unknown }): string {
  const args = (request.params as { arguments?: { a?: number; b?: number } } | undefined)
    ?.arguments;
  const sum = (args?.a ?? 0) + (args?.b ?? 0);
  return JSON.stringify({
    jsonrpc: '2.0',
    id: request.id ?? null,
    result: { content: [{ type: 'text', text: String(sum) }] },
  });
}

/** min / median / max of several repetitions. */
export interface Stats {
  min: number;
  median: number;
  max: number;
  runs: number[];
}

export function stats(runs: number[]): Stats {
  if (runs.length === 0) return UNMEASURED;
  const sorted = [...runs].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  const median =
    sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { min: sorted[0]!, median, max: sorted[sorted.length - 1]!, runs };
}

/**
 * The A/B mode (`--against REF`): where the same bench, compiled against the ref's build, lives
 * (its `build/bench`), and whether the SDK and floor subjects are left out.
 */
export const ab: { dir: string | undefined; label: string; oursOnly: boolean } = {
  dir: undefined,
  label: 'ref',
  oursOnly: false,
};

/** The suffix that names a child (or subject) of the `--against` build: `ours-http@ref`. */
export const REF = '@ref';

/** Whether a subject of this name is measured in this run (`--against` leaves out the SDK's). */
export function wanted(name: string): boolean {
  if (name.endsWith(REF)) return ab.dir !== undefined;
  // The limits (bare node:http, the echo child) stay: they show how loaded the machine was.
  return !ab.oursOnly || name.startsWith('ours') || name === 'bare-http' || name === 'echo-stdio';
}

/** Where the compiled child scripts are (`name@ref`: the `--against` build's). */
export function childPath(name: string): string {
  const ref = name.endsWith(REF);
  const base = ref ? name.slice(0, -REF.length) : name;
  if (ref && ab.dir === undefined) throw new Error(`${name}: no --against build`);
  // ES module children (`-esm`) are `.mts` sources, compiled to `.mjs`.
  const file = `${base}${base.endsWith('-esm') ? '.mjs' : '.js'}`;
  return join(ref ? ab.dir! : __dirname, 'children', file);
}

/** Subjects in the order of this repetition: reversed every other one, so order bias cancels. */
export function inTurn<T>(subjects: readonly T[], rep: number): readonly T[] {
  return rep % 2 === 0 ? subjects : [...subjects].reverse();
}

/** Stats of a subject that was not measured (left out by `--against`). */
export const UNMEASURED: Stats = { min: Number.NaN, median: Number.NaN, max: Number.NaN, runs: [] };

/** The CPU time (user + system) a process has used, in µs, from /proc (Linux); NaN elsewhere. */
export function cpuOfPid(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields 14 and 15 (utime, stime) in clock ticks, counted after the ")" that ends the name.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}
/** USER_HZ: 100 on every Linux that node runs on. */
const CLOCK_TICKS = 100;

/** Extra node flags for every child (e.g. `BENCH_CHILD_FLAGS=--cpu-prof` to profile them). */
export function childFlags(): string[] {
  const flags = process.env.BENCH_CHILD_FLAGS;
  return flags === undefined || flags.trim() === '' ? [] : flags.trim().split(/\s+/);
}

/** Spawns a child with plain stdio pipes (the stdio and cold-start measurements). */
export function spawnChild(name: string, args: string[] = [], flags: string[] = []): ChildProcess {
  return spawn(process.execPath, [...childFlags(), ...flags, childPath(name), ...args], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
}

/** Forks a child with an IPC channel (the HTTP and memory measurements). */
export function forkChild(name: string, args: string[] = [], flags: string[] = []): ChildProcess {
  return fork(childPath(name), args, {
    execArgv: [...childFlags(), ...flags],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

/** The next IPC message of a child that passes `test`. */
export function nextMessage<T>(child: ChildProcess, test: (message: T) => boolean): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: T): void => {
      if (!test(message)) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message);
    };
    const onExit = (code: number | null): void => {
      child.off('message', onMessage);
      reject(new Error(`child exited (${code}) before answering`));
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/** Ends a child and waits for it to be gone. */
export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    if (child.connected) child.send({ type: 'stop' });
    else if (child.stdin && !child.stdin.destroyed) child.stdin.end();
    else child.kill();
  });
}

/** Collects garbage when node was started with `--expose-gc`. */
export function collect(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** A short pause (lets sockets and timers settle between runs). */
export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Writes a progress note on stderr (the table goes to stdout). */
export function note(text: string): void {
  process.stderr.write(`bench: ${text}\n`);
}
