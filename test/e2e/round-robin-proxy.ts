/**
 * A round-robin HTTP proxy with no affinity, for the cluster test: each request goes to the next
 * backend, whatever its session; a backend that refuses the connection (killed) is skipped. It
 * records which backend got each POST body, and can cut one response mid-stream.
 */
import { createServer, type IncomingMessage, request, type Server } from 'node:http';

/** One forwarded request: the backend's index, the method, the body and any Last-Event-ID. */
export interface Forwarded {
  backend: number;
  method: string;
  body: string;
  lastEventId?: string;
}

/** Cuts the response of the first POST whose body `matches`, once `after` says so. */
export interface Cut {
  matches: (body: string) => boolean;
  /** Told each chunk of the response so far (as text); true cuts the connection there. */
  after: (soFar: string) => boolean;
  done?: boolean;
}

export interface RoundRobinProxy {
  readonly url: string;
  readonly log: Forwarded[];
  /** Set to cut one response. */
  cut: Cut | undefined;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Starts the proxy on a free loopback port in front of `backends` (their `http://host:port`). */
export async function startProxy(backends: readonly string[]): Promise<RoundRobinProxy> {
  let next = 0;
  const proxy: RoundRobinProxy = {
    url: '',
    log: [],
    cut: undefined,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const text = body.toString('utf8');
    const cut =
      req.method === 'POST' && proxy.cut !== undefined && !proxy.cut.done && proxy.cut.matches(text)
        ? proxy.cut
        : undefined;
    if (cut !== undefined) cut.done = true;
    const lastEventId = req.headers['last-event-id'];
    const entry: Forwarded = {
      backend: -1,
      method: req.method ?? 'GET',
      body: text,
      ...(typeof lastEventId === 'string' ? { lastEventId } : {}),
    };
    proxy.log.push(entry);
    const attempt = (tries: number): void => {
      const index = next % backends.length;
      next += 1;
      const target = new URL(req.url ?? '/', backends[index]);
      const headers = { ...req.headers, host: target.host };
      // Logged as it is sent (a 202 may come back after the call it answered has finished).
      entry.backend = index;
      // A connection of its own (no keep-alive pool): a pooled socket that the backend closes
      // as it is reused (its keep-alive timer, or its process killed) would fail the request
      // with ECONNRESET instead of the ECONNREFUSED that moves on to the next backend.
      const upstream = request(target, { method: req.method, headers, agent: false }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        let soFar = '';
        answer.on('data', (chunk: Buffer) => {
          res.write(chunk);
          if (cut === undefined) return;
          soFar += chunk.toString('utf8');
          if (cut.after(soFar)) {
            // The connection drops mid-stream, both ways: the client must resume.
            upstream.destroy();
            res.destroy();
          }
        });
        answer.on('end', () => res.end());
        answer.on('error', () => res.destroy());
      });
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        // A killed backend: the next one, if this one never answered.
        if (error.code === 'ECONNREFUSED' && tries < backends.length) attempt(tries + 1);
        else res.destroy();
      });
      res.on('close', () => upstream.destroy());
      upstream.end(body);
    };
    attempt(1);
  });
  // The client's idle connections stay open longer than it keeps them: a request sent on one as
  // the proxy's 5 s default closes it would see "other side closed" (more likely under load).
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  (proxy as { url: string }).url = `http://127.0.0.1:${port}/mcp`;
  return proxy;
}
