/**
 * `subscriptions/listen` abuse (issue 25 item 4): a listen holds its connection until the client
 * closes it, so the streams are bounded in all (`maxListens`: 503 with Retry-After) and per
 * client (`maxListensPerIdentity`: 429; the identity key, else the address). A place is given
 * back when its stream closes, whichever side closes it; a reader that stops reading is dropped
 * as GET streams are, and `onError` is told once.
 */
import { type ClientRequest, request as httpRequest, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { type HttpServerHandle, serveHttp } from '../../../../src/transports/http';
import { within } from '../../../helpers/within';
import { testCore } from '../harness';

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

let nextId = 0;
function listenBody(): string {
  nextId += 1;
  return JSON.stringify({
    jsonrpc: '2.0',
    id: nextId,
    method: 'subscriptions/listen',
    params: { notifications: { toolsListChanged: true }, _meta: META },
  });
}

const HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2026-07-28',
  'mcp-method': 'subscriptions/listen',
};

/** An open listen, or the refusal it got. */
interface Opened {
  status: number;
  headers: IncomingMessage['headers'];
  /** The first chunk of a stream (the acknowledgement), or a refusal's whole body. */
  text: string;
  /** Closes the connection (the client stops listening). */
  close(): void;
}

/** POSTs a listen from `localAddress` (another loopback address is another client). */
function openListen(
  server: HttpServerHandle,
  options: { localAddress?: string; token?: string } = {},
): Promise<Opened> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...HEADERS };
    if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
    let req: ClientRequest | undefined;
    req = httpRequest(
      server.url,
      { method: 'POST', headers, agent: false, localAddress: options.localAddress },
      (res) => {
        const close = () => req?.destroy();
        res.setEncoding('utf8');
        if (res.statusCode !== 200) {
          let text = '';
          res.on('data', (chunk: string) => {
            text += chunk;
          });
          res.on('end', () =>
            resolve({ status: res.statusCode!, headers: res.headers, text, close }),
          );
          return;
        }
        res.once('data', (chunk: string) =>
          resolve({ status: 200, headers: res.headers, text: chunk, close }),
        );
        res.on('error', () => undefined);
      },
    );
    req.on('error', reject);
    req.end(listenBody());
  });
}

/** Opens listens until one is accepted (a closed stream's place is given back as it closes). */
async function openWhenFree(server: HttpServerHandle, what: string): Promise<Opened> {
  const attempt = async (): Promise<Opened> => {
    for (;;) {
      const opened = await openListen(server);
      if (opened.status === 200) return opened;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return within(attempt(), 5000, what);
}

describe('maxListens (all clients)', () => {
  let server: HttpServerHandle;
  beforeAll(async () => {
    server = await serveHttp(testCore().core, { maxListens: 3, maxListensPerIdentity: 0 });
  });
  afterAll(() => server.close());

  test('one past the limit gets 503 with Retry-After, and a closed stream frees its place', async () => {
    const open = [
      await openListen(server),
      await openListen(server, { localAddress: '127.0.0.2' }),
      await openListen(server, { localAddress: '127.0.0.3' }),
    ];
    expect(open.map((o) => o.status)).toEqual([200, 200, 200]);
    expect(open[0]!.text).toContain('notifications/subscriptions/acknowledged');

    const refused = await openListen(server, { localAddress: '127.0.0.4' });
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('10');
    expect(JSON.parse(refused.text)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32010,
        message:
          'Service Unavailable: the server holds as many subscriptions/listen streams as it may (maxListens); try again later',
      },
    });

    open[1]!.close();
    const again = await openWhenFree(server, 'the closed listen did not give its place back');
    expect(again.status).toBe(200);
    // Full again: the place was given back once, not twice.
    expect((await openListen(server)).status).toBe(503);
    for (const o of [...open, again]) o.close();
  });
});

describe('maxListensPerIdentity', () => {
  let server: HttpServerHandle;
  beforeAll(async () => {
    server = await serveHttp(testCore().core, { maxListensPerIdentity: 2 });
  });
  afterAll(() => server.close());

  test('an anonymous client is counted by its address: 429 past the limit, others unaffected', async () => {
    const mine = [await openListen(server), await openListen(server)];
    expect(mine.map((o) => o.status)).toEqual([200, 200]);
    const refused = await openListen(server);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBeUndefined();
    expect(JSON.parse(refused.text).error).toEqual({
      code: -32000,
      message:
        'Too Many Requests: this client holds as many subscriptions/listen streams as it may (maxListensPerIdentity); close the ones it no longer reads, or name more notifications in one listen',
    });
    // Another address is another client.
    const other = await openListen(server, { localAddress: '127.0.0.2' });
    expect(other.status).toBe(200);

    mine[0]!.close();
    const again = await openWhenFree(
      server,
      "the client's closed listen did not give its place back",
    );
    expect((await openListen(server)).status).toBe(429);
    for (const o of [...mine, other, again]) o.close();
  });

  test('an authenticated client is counted by its identity, whatever its address', async () => {
    const authed = await serveHttp(testCore().core, {
      maxListensPerIdentity: 1,
      authenticate: (req) => req.headers.authorization?.slice('Bearer '.length) || undefined,
    });
    try {
      const alice = await openListen(authed, { token: 'alice' });
      expect(alice.status).toBe(200);
      // The same identity from another address is the same client.
      const aliceAgain = await openListen(authed, { token: 'alice', localAddress: '127.0.0.2' });
      expect(aliceAgain.status).toBe(429);
      // Another identity from the same address is another client.
      const bob = await openListen(authed, { token: 'bob' });
      expect(bob.status).toBe(200);
      alice.close();
      bob.close();
    } finally {
      await authed.close();
    }
  });
});

describe('a listener that stops reading', () => {
  test('is dropped past streamBufferBytes, onError is told once, and its place is given back', async () => {
    const { core } = testCore();
    const told: Error[] = [];
    const server = await serveHttp(core, {
      maxListens: 1,
      streamBufferBytes: 256 * 1024,
      streamDrainTimeout: 0,
      onError: (error) => told.push(error as Error),
    });
    try {
      const socket = connect(server.port, '127.0.0.1');
      socket.on('error', () => undefined);
      const body = listenBody();
      socket.write(
        [
          'POST /mcp HTTP/1.1',
          `Host: 127.0.0.1:${server.port}`,
          ...Object.entries(HEADERS).map(([name, value]) => `${name}: ${value}`),
          `content-length: ${Buffer.byteLength(body)}`,
          '',
          body,
        ].join('\r\n'),
      );
      await within(
        new Promise((resolve) => socket.once('data', resolve)),
        5000,
        'the listen was not acknowledged',
      );
      socket.pause(); // and then it reads no more
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      // Far more than the socket buffers and the queue limit can hold.
      for (let i = 0; i < 64; i += 1)
        core.broadcast('notifications/tools/list_changed', { pad: 'x'.repeat(256 * 1024) });
      await within(closed, 10_000, 'the stalled listen was not dropped past streamBufferBytes');
      const again = await openWhenFree(server, 'the dropped listen did not give its place back');
      again.close();
      const drops = told.filter((error) => error.name === 'StreamDropped');
      expect(drops).toHaveLength(1);
      expect(drops[0]!.message).toMatch(
        /^An event stream was dropped: its client stopped reading with \d+ bytes queued, past streamBufferBytes \(262144\)\./,
      );
      expect(drops[0]!.stack).toBe(drops[0]!.message);
    } finally {
      await server.close();
    }
  });
});
