/**
 * The lean load generator counts what the server did: against small servers that answer right,
 * answer 500, answer the wrong text or the wrong id, close the connection, answer chunked or as
 * an event stream, write bytes nobody asked for, or never answer. Runs bounded by a request count
 * give exact counts; the duration only bounds them.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generate, type LoadJob } from '../../../bench/children/loadgen';

const EXPECT = '"text":"5"';

/** A server whose `answer` sees each request's id and its number (0, 1, …) in arrival order. */
async function serve(
  answer: (id: string, n: number, req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ server: Server; url: string; ids: string[] }> {
  const ids: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const { id } = JSON.parse(Buffer.concat(chunks).toString()) as { id: string };
      ids.push(id);
      answer(id, ids.length - 1, req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/mcp`, ids };
}

async function stop(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

const good = (id: string): string =>
  JSON.stringify({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: '5' }] } });

function json(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

function job(url: string, more: Partial<LoadJob>): LoadJob {
  return {
    url,
    headers: { 'content-type': 'application/json', 'mcp-protocol-version': '2025-06-18' },
    body: '{"jsonrpc":"2.0","id":"[<id>]","method":"tools/call"}',
    connections: 4,
    // A bound only: the runs below end after their request count.
    duration: 60,
    expect: EXPECT,
    ...more,
  };
}

test('each kind of wrong answer is counted as what it is, every request once', async () => {
  const { server, url, ids } = await serve((id, n, req, res) => {
    switch (n % 7) {
      case 0:
        return json(res, 200, good(id));
      case 1:
        return json(res, 500, good(id));
      case 2:
        return json(res, 200, good(id).replace(EXPECT, '"text":"6"'));
      case 3:
        // Another request's id: an answer routed to the wrong request.
        return json(res, 200, good(id.slice(0, -1) + (id.endsWith('9') ? '8' : '9')));
      case 4:
        req.socket.destroy();
        return;
      case 5: {
        // Chunked, as an event stream, in two writes.
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('event: message\n');
        res.end(`data: ${good(id)}\n\n`);
        return;
      }
      default:
        // A right answer, then the connection closed by the server.
        res.setHeader('connection', 'close');
        return json(res, 200, good(id));
    }
  });
  try {
    const summary = await generate(job(url, { requests: 70 }));
    expect(summary).toMatchObject({
      ok: 50,
      non2xx: 10,
      mismatches: 20,
      errors: 10,
      timeouts: 0,
    });
    expect(ids).toHaveLength(70);
    // Each request had its own id: 3 digits of connection, 9 of count.
    expect(new Set(ids).size).toBe(70);
    for (const id of ids) expect(id).toMatch(/^\d{12}$/);
    expect(summary.rps).toBeGreaterThan(0);
    expect(summary.p99).toBeGreaterThanOrEqual(summary.p50);
    expect(summary.clientCpu).toBeGreaterThan(0);
  } finally {
    await stop(server);
  }
});

test('bytes after an answer are an error and the connection is replaced', async () => {
  const { server, url, ids } = await serve((id, n, req, res) => {
    if (n % 2 === 0) {
      res.socket!.write(
        `HTTP/1.1 200 OK\r\nContent-Length: ${Buffer.byteLength(good(id))}\r\n\r\n${good(id)}JUNK`,
      );
      req.socket.destroySoon();
      return;
    }
    json(res, 200, good(id));
  });
  try {
    const summary = await generate(job(url, { requests: 20, connections: 2 }));
    // The answer itself counts; the junk after it is one error each.
    expect(summary).toMatchObject({ ok: 20, mismatches: 0, errors: 10, non2xx: 0 });
    expect(ids).toHaveLength(20);
  } finally {
    await stop(server);
  }
});

test('an answer that never comes is a timeout, and its connection is replaced', async () => {
  const { server, url } = await serve((id, n, _req, res) => {
    // The first two requests are never answered.
    if (n >= 2) json(res, 200, good(id));
  });
  try {
    const summary = await generate(job(url, { requests: 10, connections: 2, timeout: 2 }));
    expect(summary).toMatchObject({ ok: 8, timeouts: 2, errors: 0, mismatches: 0 });
  } finally {
    await stop(server);
  }
});

test('a duration run against a right server: no failures, distinct ids, a rate', async () => {
  const { server, url, ids } = await serve((id, _n, _req, res) => json(res, 200, good(id)));
  try {
    const summary = await generate(job(url, { duration: 0.5 }));
    expect(summary.ok).toBeGreaterThan(0);
    expect(summary.non2xx + summary.errors + summary.timeouts + summary.mismatches).toBe(0);
    expect(new Set(ids).size).toBe(ids.length);
    // Answers still in flight at the end are not counted: at most one per connection.
    expect(ids.length - summary.ok).toBeLessThanOrEqual(4);
    expect(summary.rps).toBeCloseTo(summary.ok / summary.duration, 6);
  } finally {
    await stop(server);
  }
});

test('a refused connection fails its request instead of hanging', async () => {
  const { server, url } = await serve(() => {});
  await stop(server);
  const summary = await generate(job(url, { requests: 5, connections: 1 }));
  expect(summary).toMatchObject({ ok: 0, errors: 5 });
});

test('a job it cannot run is refused', () => {
  expect(() => generate(job('https://127.0.0.1:1/', {}))).toThrow(/only http:/);
  expect(() => generate(job('http://127.0.0.1:1/', { connections: 1000 }))).toThrow(/connections/);
  expect(() => generate(job('http://127.0.0.1:1/', { body: '{"id":1}' }))).toThrow(/\[<id>\]/);
});
