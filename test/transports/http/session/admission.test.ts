/**
 * Fairness (issue 19): when the session table is full, an `initialize` evicts the least recently
 * active session never used after its `initialize` rather than refusing everyone;
 * `maxSessionsPerIdentity` bounds the sessions of one identity (authenticated) or one address
 * (anonymous), evicting the client's own unused ones first; `maxSessionStateBytes` bounds the
 * client state all sessions keep. Exact bytes of every refusal; bounded loops, no timing.
 */
import { memoryAdapter } from '../../../../src/adapter';
import { bearerAuth, type HttpServerHandle, serveHttp } from '../../../../src/transports/http';
import { addressKey } from '../../../../src/transports/http/session/admission';
import { ACCEPT, initialize, initializeMessage, post, raw, rpc, testCore } from '../harness';

/** POSTs an initialize from a chosen loopback address (Linux routes all of 127.0.0.0/8 to lo). */
async function initializeFrom(
  url: string,
  localAddress: string,
): Promise<{ status: number; sessionId: string | undefined; text: string }> {
  const headers = { 'content-type': 'application/json', accept: ACCEPT };
  const body = JSON.stringify(initializeMessage());
  const answer = await raw(url, { method: 'POST', headers, body, localAddress });
  return { ...answer, sessionId: answer.headers['mcp-session-id'] as string | undefined };
}

const NOT_FOUND = 404;

async function statusOf(url: string, headers: Record<string, string>): Promise<number> {
  const response = await post(url, rpc('ping'), headers);
  await response.text();
  return response.status;
}

const TOO_MANY =
  '{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Too Many Requests: this client holds as many sessions as it may (maxSessionsPerIdentity); end the ones it no longer uses with DELETE, or reuse one"}}';

describe('a full table evicts the least recently active session never used', () => {
  let server: HttpServerHandle;

  beforeAll(async () => {
    server = await serveHttp(testCore().core, { maxSessions: 3 });
  });
  afterAll(() => server.close());

  test('an unused session goes first, the oldest of them; used ones stay', async () => {
    const used = await initialize(server.url);
    expect(await statusOf(server.url, used.headers)).toBe(200); // a request: used
    const idle1 = await initialize(server.url); // initialize + notifications/initialized only
    const idle2 = await initialize(server.url);
    // The table is full: the next initialize takes the place of idle1, the oldest unused.
    const fresh = await initialize(server.url);
    expect(server.handler.sessions).toBe(3);
    expect(await statusOf(server.url, idle1.headers)).toBe(NOT_FOUND);
    expect(await statusOf(server.url, used.headers)).toBe(200);
    // That ping used idle2: now `fresh` is the only unused one, and it goes next.
    expect(await statusOf(server.url, idle2.headers)).toBe(200);
    const next = await initialize(server.url);
    expect(await statusOf(server.url, fresh.headers)).toBe(NOT_FOUND);
    // Every session in use: refused.
    expect(await statusOf(server.url, next.headers)).toBe(200);
    const refused = await post(server.url, initializeMessage());
    expect(refused.status).toBe(503);
    await refused.text();
    for (const session of [used, idle2, next]) {
      await fetch(server.url, { method: 'DELETE', headers: session.headers });
    }
    expect(server.handler.sessions).toBe(0);
  });

  test('a session with its GET stream open is in use', async () => {
    const streamed = await initialize(server.url);
    const stream = await fetch(server.url, {
      headers: { ...streamed.headers, accept: 'text/event-stream' },
    });
    expect(stream.status).toBe(200);
    await stream.body!.cancel(); // closed again: still counted as used
    const a = await initialize(server.url);
    const b = await initialize(server.url);
    await initialize(server.url); // evicts a (oldest unused), not the streamed one
    expect(await statusOf(server.url, a.headers)).toBe(NOT_FOUND);
    expect(await statusOf(server.url, streamed.headers)).toBe(200);
    expect(await statusOf(server.url, b.headers)).toBe(200);
  });
});

describe('maxSessionsPerIdentity', () => {
  const tokens: Record<string, { sub: string }> = { alice: { sub: 'alice' }, bob: { sub: 'bob' } };
  let authed: HttpServerHandle;
  let anonymous: HttpServerHandle;
  const adapter = memoryAdapter();

  beforeAll(async () => {
    authed = await serveHttp(testCore().core, {
      maxSessionsPerIdentity: 2,
      authenticate: bearerAuth((token) => tokens[token]),
    });
    anonymous = await serveHttp(testCore().core, { maxSessionsPerIdentity: 2, adapter });
  });
  afterAll(async () => {
    await authed.close();
    await anonymous.close();
    await adapter.close();
  });

  const as = (who: string) => ({ authorization: `Bearer ${who}` });

  test('an identity past its limit with every session in use → 429; another identity is not affected', async () => {
    const first = await initialize(authed.url, as('alice'));
    const second = await initialize(authed.url, as('alice'));
    for (const session of [first, second])
      expect(await statusOf(authed.url, session.headers)).toBe(200);
    const refused = await post(authed.url, initializeMessage(), as('alice'));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeNull();
    expect(await refused.text()).toBe(TOO_MANY);
    const bob = await initialize(authed.url, as('bob'));
    expect(await statusOf(authed.url, bob.headers)).toBe(200);
    // A place freed by DELETE opens again.
    await fetch(authed.url, { method: 'DELETE', headers: first.headers });
    const again = await initialize(authed.url, as('alice'));
    for (const session of [second, again, bob]) {
      await fetch(authed.url, { method: 'DELETE', headers: session.headers });
    }
  });

  test("past its limit, an identity's own unused session is evicted, never another's", async () => {
    const bobIdle = await initialize(authed.url, as('bob'));
    const used = await initialize(authed.url, as('alice'));
    expect(await statusOf(authed.url, used.headers)).toBe(200);
    const idle = await initialize(authed.url, as('alice'));
    const third = await initialize(authed.url, as('alice'));
    expect(await statusOf(authed.url, idle.headers)).toBe(NOT_FOUND);
    expect(await statusOf(authed.url, used.headers)).toBe(200);
    expect(await statusOf(authed.url, bobIdle.headers)).toBe(200);
    for (const session of [bobIdle, used, third]) {
      await fetch(authed.url, { method: 'DELETE', headers: session.headers });
    }
    expect(authed.handler.sessions).toBe(0);
  });

  test('anonymous clients are counted by address: one address is refused, another is not', async () => {
    const opened: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const answer = await initializeFrom(anonymous.url, '127.0.0.2');
      expect(answer.status).toBe(200);
      opened.push(answer.sessionId!);
      // Used (a ping), so the limit refuses rather than evicts.
      expect(await statusOf(anonymous.url, { 'mcp-session-id': opened[i]! })).toBe(200);
    }
    const refused = await initializeFrom(anonymous.url, '127.0.0.2');
    expect(refused.status).toBe(429);
    expect(refused.text).toBe(TOO_MANY);
    const other = await initializeFrom(anonymous.url, '127.0.0.3');
    expect(other.status).toBe(200);
    // The count is the adapter's (shared by every process using it): 3 sessions, 2 of one source.
    expect(await adapter.sessions.count()).toBe(3);
    const record = await adapter.sessions.get(opened[0]!);
    expect(record?.source).toBe('ip:127.0.0.2');
    for (const id of [...opened, other.sessionId!]) {
      await fetch(anonymous.url, { method: 'DELETE', headers: { 'mcp-session-id': id } });
    }
  });

  test('the address key: IPv4 as is (also mapped), IPv6 by its /64', () => {
    expect(addressKey('192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8::2')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey(undefined)).toBe('unknown');
  });
});

describe('maxSubscriptions, maxUriLength and maxSessionStateBytes', () => {
  let server: HttpServerHandle;

  beforeAll(async () => {
    // Room for one initialize (16 KiB) and a little more.
    server = await serveHttp(testCore().core, {
      maxSubscriptions: 3,
      maxUriLength: 2000,
      maxSessionStateBytes: 16 * 1024 + 6000,
    });
  });
  afterAll(() => server.close());

  const subscribe = (id: number, uri: string) => ({
    jsonrpc: '2.0',
    id,
    method: 'resources/subscribe',
    params: { uri },
  });

  test('past maxSubscriptions, or with a URI past maxUriLength: -32602 saying what to do', async () => {
    const { headers } = await initialize(server.url);
    for (let i = 0; i < 3; i += 1) {
      expect(await (await post(server.url, subscribe(i, `test://${i}`), headers)).text()).toBe(
        `{"jsonrpc":"2.0","id":${i},"result":{}}`,
      );
    }
    const past = await post(server.url, subscribe(3, 'test://3'), headers);
    expect(past.status).toBe(200);
    expect(await past.text()).toBe(
      '{"jsonrpc":"2.0","id":3,"error":{"code":-32602,"message":"Invalid params: resources/subscribe: this client already holds the most subscriptions allowed (3); unsubscribe from one first","data":{"reason":"resources/subscribe: this client already holds the most subscriptions allowed (3); unsubscribe from one first","limit":3}}}',
    );
    await post(
      server.url,
      { jsonrpc: '2.0', id: 4, method: 'resources/unsubscribe', params: { uri: 'test://0' } },
      headers,
    );
    const long = `test://${'x'.repeat(1994)}`; // 2001 characters
    expect(await (await post(server.url, subscribe(5, long), headers)).text()).toBe(
      '{"jsonrpc":"2.0","id":5,"error":{"code":-32602,"message":"Invalid params: resources/subscribe: a URI must not exceed 2000 characters (got 2001); subscribe to a shorter one","data":{"reason":"resources/subscribe: a URI must not exceed 2000 characters (got 2001); subscribe to a shorter one","limit":2000}}}',
    );
    await fetch(server.url, { method: 'DELETE', headers });
  });

  test('the state budget: a subscribe past it is -32010; an initialize with no room evicts or gets 503; DELETE gives the room back', async () => {
    // Room for one initialize (16 KiB) and 3 970 bytes more; no limit on URIs here.
    const budgeted = await serveHttp(testCore().core, {
      maxUriLength: 0,
      maxSessionStateBytes: 16 * 1024 + 3970,
    });
    const url = budgeted.url;
    const uri = (n: number, length: number) => `test://${n}${'y'.repeat(length - 8)}`;
    try {
      const a = await initialize(url); // keeps 40 bytes: {} and {"name":"http-test","version":"1.0.0"}
      expect(await (await post(url, subscribe(1, uri(1, 3900)), a.headers)).text()).toBe(
        '{"jsonrpc":"2.0","id":1,"result":{}}',
      );
      const b = await initialize(url); // 3 940 kept + 16 384 of room ≤ 20 354
      expect(await (await post(url, subscribe(2, uri(2, 17_000)), b.headers)).text()).toBe(
        '{"jsonrpc":"2.0","id":2,"error":{"code":-32010,"message":"Server busy: the server keeps as much client state as it may (maxSessionStateBytes); try again later or unsubscribe elsewhere"}}',
      );
      expect(await (await post(url, subscribe(3, uri(3, 12_000)), b.headers)).text()).toBe(
        '{"jsonrpc":"2.0","id":3,"result":{}}',
      );
      // No room for another initialize, and A and B are in use (they sent requests): 503.
      const refused = await post(url, initializeMessage());
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('10');
      expect(await refused.text()).toBe(
        '{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Service Unavailable: the server keeps as much session state as it may (maxSessionStateBytes); try again later"}}',
      );
      // DELETE gives B's bytes back; and an unused session is evicted to make room.
      await fetch(url, { method: 'DELETE', headers: b.headers });
      const c = await initialize(url); // 3 940 + 16 384 ≤ 20 354
      const d = await post(url, initializeMessage()); // 3 980 + 16 384 > 20 354: C makes way
      expect(d.status).toBe(200);
      await d.text();
      expect(await statusOf(url, c.headers)).toBe(NOT_FOUND);
      expect(budgeted.handler.sessions).toBe(2);
    } finally {
      await budgeted.close();
    }
  });
});
