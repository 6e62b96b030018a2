/**
 * Pending POSTs (pending-posts.ts), hanging calls (issue 19): the answer to a POST never waits on
 * user code past its deadline, its cancellation or its session's end, and the POST's cleanup
 * runs then — so a session with only
 * abandoned calls still expires and close() returns as soon as nothing is really pending.
 * The tool `never` never settles and ignores its signal.
 */
import { McpCore } from '../../../../src/core';
import {
  type HttpServerHandle,
  type HttpSession,
  serveHttp,
} from '../../../../src/transports/http';
import { PendingPost, PendingPosts } from '../../../../src/transports/http/pipeline/pending-posts';
import type { SessionEntry } from '../../../../src/transports/http/session';
import type { Exchange } from '../../../../src/transports/http/stream';
import { eventually } from '../../../helpers/within';
import { initialize, post, toolCall } from '../harness';

/** Resolves to `'timeout'` if `promise` has not settled within `ms` (a bound, not a measurement). */
function within<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  return Promise.race([promise, bound]).finally(() => clearTimeout(timer));
}

function neverCore(started: string[]): McpCore<HttpSession> {
  return new McpCore<HttpSession>({
    name: 'Never',
    version: '1.0.0',
    lister: () => [{ name: 'never', inputSchema: { type: 'object', properties: {} } }],
    caller: (_name, args) => {
      started.push(String(args.key));
      return new Promise(() => undefined);
    },
  });
}

describe('a call that never settles', () => {
  const started: string[] = [];
  /** Its deadline and its idle expiry are what the tests wait for. */
  let server: HttpServerHandle;
  /**
   * Neither a deadline nor an idle expiry comes during a test (a loaded machine may take a good
   * part of a second between two requests): what ends a call there is the client.
   */
  let patient: HttpServerHandle;

  beforeAll(async () => {
    server = await serveHttp(neverCore(started), {
      postTimeout: 300,
      // Longer than any gap between the initialize and the next POST of a test.
      sessionIdleTimeout: 2_000,
      shutdownTimeout: 60_000,
    });
    patient = await serveHttp(neverCore(started), {
      // Were the fixes gone, the POSTs below would be answered -32011 at this deadline.
      postTimeout: 20_000,
      shutdownTimeout: 60_000,
    });
  });
  afterAll(async () => {
    await server.close();
    await patient.close();
  });

  test('is answered -32011 (REQUEST_TIMED_OUT) at postTimeout, and its session still expires', async () => {
    const { headers } = await initialize(server.url);
    const response = await post(server.url, toolCall('t1', 'never', { key: 't1' }), headers);
    expect(await response.text()).toBe(
      '{"jsonrpc":"2.0","id":"t1","error":{"code":-32011,"message":"Request timed out"}}',
    );
    // The POST's cleanup ran: the session is idle, and expires.
    await eventually(
      () => server.handler.sessions === 0,
      15_000,
      'the session with only an abandoned call never expired',
    );
    const after = await post(server.url, toolCall('t2', 'never'), headers);
    expect(after.status).toBe(404);
  });

  test('a DELETE during the call answers its POST with a JSON-RPC error at once', async () => {
    const { headers } = await initialize(patient.url);
    const running = post(patient.url, toolCall('d1', 'never', { key: 'd1' }), headers);
    await eventually(() => started.includes('d1'), 10_000, 'the call d1 never started');
    const deleted = await fetch(patient.url, { method: 'DELETE', headers });
    expect(deleted.status).toBe(204);
    // (Without the fix this POST would wait for the deadline and say -32011.)
    const response = await running;
    expect(await response.text()).toBe(
      '{"jsonrpc":"2.0","id":"d1","error":{"code":-32000,"message":"The session ended before the call finished: The client ended the session."}}',
    );
  });

  test('a cancelled call ends its POST at once: an event stream closed without an answer', async () => {
    const { headers } = await initialize(patient.url);
    const running = post(patient.url, toolCall('c1', 'never', { key: 'c1' }), headers);
    await eventually(() => started.includes('c1'), 10_000, 'the call c1 never started');
    const cancel = await post(
      patient.url,
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'c1' } },
      headers,
    );
    expect(cancel.status).toBe(202);
    const response = await running;
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(await response.text()).toBe('');
  });

  test('a batch is answered one error per request at the deadline', async () => {
    const { headers } = await initialize(server.url);
    const response = await post(
      server.url,
      [
        toolCall('b1', 'never'),
        { jsonrpc: '2.0', method: 'notifications/x' },
        toolCall('b2', 'never'),
      ],
      headers,
    );
    expect(JSON.parse(await response.text())).toEqual([
      { jsonrpc: '2.0', id: 'b1', error: { code: -32011, message: 'Request timed out' } },
      { jsonrpc: '2.0', id: 'b2', error: { code: -32011, message: 'Request timed out' } },
    ]);
  });
});

describe('close() with abandoned calls', () => {
  test('returns as soon as nothing is really pending, not after shutdownTimeout', async () => {
    const started: string[] = [];
    const server = await serveHttp(neverCore(started), {
      postTimeout: 200,
      shutdownTimeout: 60_000,
    });
    const { headers } = await initialize(server.url);
    const responses = await Promise.all(
      [1, 2, 3].map((n) => post(server.url, toolCall(n, 'never', { key: `s${n}` }), headers)),
    );
    for (const response of responses)
      expect(((await response.json()) as { error: { code: number } }).error.code).toBe(-32011);
    // Every POST was answered: close() has nothing to wait for (shutdownTimeout is a minute).
    expect(await within(server.close(), 5000)).not.toBe('timeout');
  });

  test('a call still in flight at close() is answered 503 after shutdownTimeout', async () => {
    const started: string[] = [];
    const server = await serveHttp(neverCore(started), {
      postTimeout: 0,
      shutdownTimeout: 100,
    });
    const { headers } = await initialize(server.url);
    const running = post(server.url, toolCall('z', 'never', { key: 'z' }), headers);
    await eventually(() => started.includes('z'), 10_000, 'the call z never started');
    await server.close();
    expect((await running).status).toBe(503);
  });
});

describe('PendingPosts', () => {
  const pending = (entry?: object) => ({ entry, over: Promise.resolve() }) as never as PendingPost;

  test('every POST in the order it came, whichever left meanwhile', async () => {
    const posts = new PendingPosts();
    const [a, b, c, d] = [pending(), pending(), pending(), pending()];
    expect(posts.size).toBe(0);
    expect(posts.all()).toEqual([]);
    posts.add(a);
    posts.add(b);
    posts.remove(a);
    posts.add(c);
    expect(posts.all()).toEqual([b, c]);
    posts.remove(b);
    posts.remove(c);
    posts.add(d);
    posts.add(a);
    expect(posts.all()).toEqual([d, a]);
    expect(posts.size).toBe(2);
    posts.remove(c); // not pending: nothing changes
    expect(posts.all()).toEqual([d, a]);
    const copy = posts.all();
    posts.remove(d);
    expect(copy).toEqual([d, a]);
    expect(posts.all()).toEqual([a]);
    await posts.settled();
    posts.remove(a);
    expect(posts.size).toBe(0);
  });

  test('the POSTs of one session, none once the session has no POST active', () => {
    const posts = new PendingPosts();
    const one = { active: 2 } as SessionEntry;
    const other = { active: 1 } as SessionEntry;
    const [a, b, c] = [pending(one), pending(other), pending(one)];
    for (const item of [a, b, c]) posts.add(item);
    expect(posts.of(one)).toEqual([a, c]);
    expect(posts.of(other)).toEqual([b]);
    expect(posts.of({ active: 0 } as SessionEntry)).toEqual([]);
  });
});

describe('PendingPost.cancelled', () => {
  test('ends the answer once no request of the POST is owed one, each id once', () => {
    const answer = jest.fn();
    const exchange = { answer, done: false } as never as Exchange;
    const ids = [1, 'a', 1];
    const current = new PendingPost(
      exchange,
      {} as never,
      undefined,
      ids,
      true,
      new Promise(() => {}),
    );
    expect(current.cancelled(2)).toBe(false);
    expect(current.cancelled(1)).toBe(true);
    expect(current.cancelled('1')).toBe(false);
    expect(current.cancelled(1)).toBe(true);
    expect(current.cancelled(1)).toBe(false);
    expect(answer).not.toHaveBeenCalled();
    expect(current.cancelled('a')).toBe(true);
    expect(answer).toHaveBeenCalledWith(null);
    expect(ids).toEqual([1, 'a', 1]);
    const none = new PendingPost(
      exchange,
      {} as never,
      undefined,
      [],
      false,
      new Promise(() => {}),
    );
    expect(none.cancelled(1)).toBe(false);
  });
});
