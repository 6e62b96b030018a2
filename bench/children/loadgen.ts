/**
 * The lean load generator of the HTTP measurements, in its own process: N keep-alive `net`
 * connections, each with one request in flight. A connection's request bytes are built once; each
 * request patches its own JSON-RPC id in place (fixed width) and nothing else. Every answer is
 * read (`../http-answer`) and checked: a 2xx status, the expected substring in the body and the
 * request's own id (`"id":"…"`). Prints a one-line JSON summary ({@link LoadSummary}) on stdout.
 *
 * Why not autocannon: its per-request JavaScript (a general HTTP parser, id replacement by string
 * templating, body verification on a decoded string, histograms) costs more CPU per request than
 * the fastest servers here spend answering, so on two cores it, not the server, set the HTTP rows'
 * req/s (bench/README.md, measurement 3). `BENCH_LOADGEN=autocannon` still runs `cannon.ts`.
 *
 *   node loadgen.js '{"url":…,"headers":{…},"body":"…\"[<id>]\"…","connections":64,"duration":3,"expect":"…"}'
 */
import { connect, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { type Answer, readAnswer } from '../http-answer';

/** What to send, how hard and for how long (the same job `cannon.ts` takes). */
export interface LoadJob {
  url: string;
  headers: Record<string, string>;
  /** The request body; its one `[<id>]` is replaced by each request's id, a string of digits. */
  body: string;
  connections: number;
  /** Seconds of load; with `requests`, the bound of the run. */
  duration: number;
  /** A substring every successful answer body contains. */
  expect: string;
  /** Stop once this many requests were sent and settled, instead of at the end of `duration`. */
  requests?: number;
  /** Seconds an answer may take before it counts as a timeout and its connection is replaced (10). */
  timeout?: number;
}

/** What one run found: the same fields as `cannon.ts` prints, plus the generator's own CPU. */
export interface LoadSummary {
  /** Answers per second that passed every check. */
  rps: number;
  /** Latency of the answers (any status), in ms. */
  p50: number;
  p99: number;
  /** 2xx answers, including the ones counted in `mismatches`. */
  ok: number;
  non2xx: number;
  /** Requests whose connection failed, and bytes that were no answer to a request in flight. */
  errors: number;
  timeouts: number;
  /** 2xx answers without the expected text or without the request's id. */
  mismatches: number;
  /** Seconds from the first request to the end. */
  duration: number;
  /** This process's CPU time (user + system) per answer, in µs. */
  clientCpu: number;
}

const PLACEHOLDER = '[<id>]';
/** 3 digits of connection number, 9 of request count: unique in a run, one width for all. */
const CONNECTION_DIGITS = 3;
const COUNT_DIGITS = 9;
const ZERO = 48;

/** Adds one to the decimal digits `bytes[from, to)` in place. */
function increment(bytes: Buffer, from: number, to: number): void {
  for (let at = to - 1; at >= from; at--) {
    if (bytes[at] !== ZERO + 9) {
      bytes[at]! += 1;
      return;
    }
    bytes[at] = ZERO;
  }
  throw new Error('request counter overflowed');
}

/** The request of connection `index`: its bytes, where its count digits are, its id needle. */
function buildRequest(
  job: LoadJob,
  url: URL,
  index: number,
): { request: Buffer; countAt: number; needle: Buffer } {
  const at = job.body.indexOf(PLACEHOLDER);
  if (at < 0 || job.body.indexOf(PLACEHOLDER, at + 1) >= 0) {
    throw new Error(`the body needs exactly one ${PLACEHOLDER}`);
  }
  const id = String(index).padStart(CONNECTION_DIGITS, '0') + '0'.repeat(COUNT_DIGITS);
  const body = job.body.slice(0, at) + id + job.body.slice(at + PLACEHOLDER.length);
  let head = `POST ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\n`;
  for (const [name, value] of Object.entries(job.headers)) head += `${name}: ${value}\r\n`;
  head += `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: keep-alive\r\n\r\n`;
  const request = Buffer.from(head + body);
  const idEnd = Buffer.byteLength(head) + Buffer.byteLength(job.body.slice(0, at)) + id.length;
  return {
    request,
    countAt: idEnd - COUNT_DIGITS,
    needle: Buffer.from(`"id":"${id}"`),
  };
}

/** One keep-alive connection with at most one request in flight. */
interface Connection {
  socket: Socket | undefined;
  request: Buffer;
  countAt: number;
  /** `"id":"<this request's id>"`, patched with the request. */
  needle: Buffer;
  /** Received bytes not yet read as an answer. */
  pending: Buffer | undefined;
  inFlight: boolean;
  sentAt: number;
}

/** Runs the job in this process; resolves with the summary when it ends. */
export function generate(job: LoadJob): Promise<LoadSummary> {
  const url = new URL(job.url);
  if (url.protocol !== 'http:') throw new Error(`${job.url}: only http: is supported`);
  if (job.connections < 1 || job.connections >= 10 ** CONNECTION_DIGITS) {
    throw new Error(`connections must be 1 to ${10 ** CONNECTION_DIGITS - 1}`);
  }
  const port = Number(url.port || 80);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const expect = Buffer.from(job.expect);
  const timeoutMs = (job.timeout ?? 10) * 1000;
  const limit = job.requests ?? Number.POSITIVE_INFINITY;

  let running = true;
  let sent = 0;
  let settled = 0;
  let ok = 0;
  let non2xx = 0;
  let errors = 0;
  let timeouts = 0;
  let mismatches = 0;
  let latencies = new Float64Array(1 << 16);
  let answered = 0;

  const connections: Connection[] = [];
  for (let index = 0; index < job.connections; index++) {
    connections.push({
      ...buildRequest(job, url, index),
      socket: undefined,
      pending: undefined,
      inFlight: false,
      sentAt: 0,
    });
  }

  return new Promise((resolve) => {
    const cpuStart = process.cpuUsage();
    const start = performance.now();

    const finish = (): void => {
      if (!running) return;
      running = false;
      clearTimeout(deadline);
      clearInterval(watch);
      const seconds = (performance.now() - start) / 1000;
      const cpu = process.cpuUsage(cpuStart);
      for (const connection of connections) connection.socket?.destroy();
      const sorted = latencies.subarray(0, answered).sort();
      const percentile = (q: number): number =>
        answered === 0 ? Number.NaN : sorted[Math.min(answered - 1, Math.ceil(q * answered) - 1)]!;
      resolve({
        rps: (ok - mismatches) / seconds,
        p50: percentile(0.5),
        p99: percentile(0.99),
        ok,
        non2xx,
        errors,
        timeouts,
        mismatches,
        duration: seconds,
        clientCpu: (cpu.user + cpu.system) / Math.max(1, ok + non2xx),
      });
    };

    /** A request ended (answered or failed); ends a `requests` run after the last one. */
    const settle = (connection: Connection): void => {
      connection.inFlight = false;
      settled++;
      if (settled === limit) finish();
    };

    const send = (connection: Connection): void => {
      if (!running || sent >= limit) return;
      sent++;
      // The previous write was read by the server before its answer came: patching is safe.
      increment(connection.request, connection.countAt, connection.countAt + COUNT_DIGITS);
      const needle = connection.needle;
      increment(needle, needle.length - 1 - COUNT_DIGITS, needle.length - 1);
      connection.inFlight = true;
      connection.sentAt = performance.now();
      connection.socket!.write(connection.request);
    };

    /** Drops the connection's socket (whatever it was doing) and opens another. */
    const replace = (connection: Connection): void => {
      connection.socket?.destroy();
      connection.pending = undefined;
      if (running) open(connection);
    };

    const onAnswer = (connection: Connection, answer: Answer): void => {
      const latency = performance.now() - connection.sentAt;
      if (answered === latencies.length) {
        const grown = new Float64Array(latencies.length * 2);
        grown.set(latencies);
        latencies = grown;
      }
      latencies[answered++] = latency;
      if (answer.status >= 200 && answer.status < 300) {
        ok++;
        if (answer.body.indexOf(expect) < 0 || answer.body.indexOf(connection.needle) < 0) {
          mismatches++;
        }
      } else {
        non2xx++;
      }
      settle(connection);
    };

    const onData = (connection: Connection, chunk: Buffer): void => {
      if (!running) return;
      const bytes =
        connection.pending === undefined ? chunk : Buffer.concat([connection.pending, chunk]);
      if (!connection.inFlight) {
        // Bytes nobody asked for: the server answered twice or wrote garbage.
        errors++;
        replace(connection);
        return;
      }
      let answer: Answer | undefined;
      try {
        answer = readAnswer(bytes);
      } catch {
        errors++;
        settle(connection);
        replace(connection);
        return;
      }
      if (answer === undefined) {
        connection.pending = bytes;
        return;
      }
      connection.pending = undefined;
      onAnswer(connection, answer);
      if (answer.end < bytes.length) {
        // One request in flight, so nothing may follow its answer.
        errors++;
        replace(connection);
      } else if (answer.close) {
        replace(connection);
      } else {
        send(connection);
      }
    };

    const open = (connection: Connection): void => {
      const socket = connect({ host, port, noDelay: true });
      connection.socket = socket;
      // Events of a replaced socket are ignored: its connection has moved on.
      socket.on('data', (chunk: Buffer) => {
        if (connection.socket === socket) onData(connection, chunk);
      });
      socket.on('error', () => {});
      socket.on('close', () => {
        if (connection.socket !== socket || !running) return;
        connection.socket = undefined;
        if (connection.inFlight) {
          errors++;
          settle(connection);
        }
        replace(connection);
      });
      // Written before the connection is up: net queues it, so a refused connect fails a request.
      send(connection);
    };

    const deadline = setTimeout(finish, job.duration * 1000);
    const watch = setInterval(
      () => {
        const now = performance.now();
        for (const connection of connections) {
          if (connection.inFlight && now - connection.sentAt > timeoutMs) {
            timeouts++;
            settle(connection);
            replace(connection);
          }
        }
      },
      Math.max(10, Math.min(250, timeoutMs / 4)),
    );
    for (const connection of connections) open(connection);
  });
}

if (require.main === module) {
  Promise.resolve()
    .then(() => generate(JSON.parse(process.argv[2]!) as LoadJob))
    .then(
      (summary) => process.stdout.write(`${JSON.stringify(summary)}\n`),
      (error: unknown) => {
        process.stderr.write(`loadgen: ${String(error)}\n`);
        process.exit(1);
      },
    );
}
