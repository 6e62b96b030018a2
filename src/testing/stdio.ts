import { spawn } from 'node:child_process';
import { ErrorCode, isObject, type JsonObject, McpClientError, META } from '../core';
import { type ClientWire, type Exchange, isResponse, parseMessage } from './wire';

/** Options of {@link stdioWire}. */
export interface StdioWireOptions {
  /** The child's working directory (default: this process's). */
  cwd?: string;
  /** The child's environment (default: this process's). */
  env?: NodeJS.ProcessEnv;
  /** Where the child's stderr goes: kept to explain a failure (default), or passed through. */
  stderr?: 'keep' | 'inherit';
}

interface Pending {
  method: string;
  exchange: Exchange;
  resolve: (response: JsonObject) => void;
  reject: (error: Error) => void;
}

/**
 * A client wire over a child process's stdio: newline-delimited JSON-RPC on its stdin and
 * stdout (MCP basic/transports, stdio). A server→client request goes to the newest request in
 * flight; a listen stream's notifications to the listen request they name.
 */
export function stdioWire(
  command: string,
  args: readonly string[],
  options: StdioWireOptions = {},
): ClientWire {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['pipe', 'pipe', options.stderr === 'inherit' ? 'inherit' : 'pipe'],
  });
  const pending = new Map<unknown, Pending>();
  let tail = '';
  let ended: McpClientError | undefined;
  child.stderr?.setEncoding('utf8').on('data', (text: string) => {
    tail = (tail + text).slice(-4096);
  });
  const lastLine = () => tail.trim().split('\n').at(-1)?.trim() ?? '';
  const end = (why: string): void => {
    if (ended !== undefined) return;
    const line = lastLine();
    ended = new McpClientError(
      ErrorCode.TRANSPORT_ERROR,
      `${why}${line ? `: ${line}` : ''}`,
      undefined,
      {
        reason: 'transport',
      },
    );
    for (const entry of pending.values()) entry.reject(ended);
    pending.clear();
  };
  child.on('error', (error: NodeJS.ErrnoException) =>
    end(
      error.code === 'ENOENT'
        ? `Cannot start "${command}": no such command`
        : `Cannot start "${command}": ${error.message}`,
    ),
  );
  child.on('exit', (code, signal) =>
    end(`The server process "${command}" exited (${signal ?? `code ${code}`})`),
  );
  child.stdin!.on('error', () => undefined);

  let buffer = '';
  child.stdout!.setEncoding('utf8').on('data', (text: string) => {
    buffer += text;
    for (let at = buffer.indexOf('\n'); at >= 0; at = buffer.indexOf('\n')) {
      const line = buffer.slice(0, at).trim();
      buffer = buffer.slice(at + 1);
      const message = line === '' ? undefined : parseMessage(line);
      if (message !== undefined) route(message);
    }
  });

  const route = (message: JsonObject): void => {
    if (isResponse(message)) {
      const entry = pending.get(message.id);
      if (entry === undefined) return;
      pending.delete(message.id);
      entry.resolve(message);
      return;
    }
    const params = isObject(message.params) ? message.params : {};
    const meta = isObject(params._meta) ? params._meta : {};
    const owner =
      pending.get(meta[META.subscriptionId]) ??
      (message.id !== undefined ? [...pending.values()].at(-1) : undefined);
    if (owner !== undefined) owner.exchange.onMessage(message);
    else wire.onMessage?.(message);
  };

  const write = (message: JsonObject): Promise<void> => {
    if (ended !== undefined) return Promise.reject(ended);
    return new Promise((resolve, reject) =>
      child.stdin!.write(`${JSON.stringify(message)}\n`, (error) =>
        error ? reject(ended ?? error) : resolve(),
      ),
    );
  };

  const wire: ClientWire = {
    request(message, exchange) {
      return new Promise((resolve, reject) => {
        const id = message.id;
        const entry: Pending = { method: String(message.method), exchange, resolve, reject };
        pending.set(id, entry);
        exchange.signal?.addEventListener(
          'abort',
          () => {
            if (!pending.delete(id)) return;
            void write({
              jsonrpc: '2.0',
              method: 'notifications/cancelled',
              params: { requestId: id as string | number, reason: 'closed by the client' },
            }).catch(() => undefined);
            reject(
              new McpClientError(
                ErrorCode.INVALID_REQUEST,
                `${entry.method} was closed`,
                undefined,
                {
                  reason: 'no-answer',
                },
              ),
            );
          },
          { once: true },
        );
        write(message).catch((error: Error) => {
          pending.delete(id);
          reject(error);
        });
      });
    },
    send: write,
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.stdin!.end();
      // A server ends when its input does (MCP stdio); one that does not is stopped.
      const timer = setTimeout(() => child.kill('SIGTERM'), 2000);
      await exited;
      clearTimeout(timer);
    },
  };
  return wire;
}
