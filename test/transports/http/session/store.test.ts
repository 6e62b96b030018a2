/**
 * Sessions (MCP basic/transports, "Session management"): initialize opens one under a random
 * `Mcp-Session-Id`, later requests carry it (400 without, 404 unknown), `MCP-Protocol-Version`
 * must match, DELETE ends it, idle ones expire, `maxSessions` bounds them; and the GET stream
 * carries broadcasts and server-to-client requests.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type HttpServerHandle, serveHttp } from '../../../../src/transports/http';
import { SessionStore } from '../../../../src/transports/http/session';
import { eventually, within } from '../../../helpers/within';
import {
  delay,
  initialize,
  initializeMessage,
  jsonOf,
  LATEST,
  post,
  readEvents,
  rpc,
  testCore,
  toolCall,
} from '../harness';

function openStream(url: string, headers: Record<string, string>): Promise<Response> {
  return fetch(url, { headers: { ...headers, accept: 'text/event-stream' } });
}

describe('sessions', () => {
  const { core, probe } = testCore();
  let server: HttpServerHandle;

  beforeAll(async () => {
    server = await serveHttp(core, { keepAliveInterval: 100 });
  });
  afterAll(() => server.close());

  test('initialize opens a session with a random, visible-ASCII Mcp-Session-Id', async () => {
    const before = server.handler.sessions;
    const response = await post(server.url, initializeMessage());
    expect(response.status).toBe(200);
    const body = await jsonOf(response);
    expect(body.result.protocolVersion).toBe(LATEST);
    const id = response.headers.get('mcp-session-id')!;
    expect(id).toMatch(/^[\x21-\x7E]{32,}$/);
    const again = await post(server.url, initializeMessage());
    await again.text();
    expect(again.headers.get('mcp-session-id')).not.toBe(id);
    expect(server.handler.sessions).toBe(before + 2);
  });

  test('the session is the call context: id and negotiated revision', async () => {
    const { sessionId, headers } = await initialize(server.url);
    const response = await post(server.url, toolCall(1, 'whoami'), headers);
    const result = await jsonOf(response);
    expect(JSON.parse(result.result.content[0].text)).toEqual({
      id: sessionId,
      identity: null,
      revision: LATEST,
    });
  });

  test('a request without Mcp-Session-Id → 400', async () => {
    const response = await post(server.url, rpc('ping'));
    expect(response.status).toBe(400);
    expect(await jsonOf(response)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32000,
        message:
          'Bad Request: the Mcp-Session-Id header is required (send initialize first to open a session)',
      },
    });
  });

  test('an unknown session → 404, so the client re-initializes', async () => {
    const response = await post(server.url, rpc('ping'), { 'mcp-session-id': 'no-such-session' });
    expect(response.status).toBe(404);
    expect(await jsonOf(response)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32001, message: 'Session not found: send initialize to open a new session' },
    });
  });

  test('MCP-Protocol-Version: unsupported → 400; absent → accepted', async () => {
    const { sessionId } = await initialize(server.url);
    const unknown = await post(server.url, rpc('ping'), {
      'mcp-session-id': sessionId,
      'mcp-protocol-version': '1999-01-01',
    });
    expect(unknown.status).toBe(400);
    expect((await jsonOf(unknown)).error.message).toBe(
      'Bad Request: unsupported MCP-Protocol-Version "1999-01-01" (supported: 2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05)',
    );
    const malformed = await post(server.url, rpc('ping'), {
      'mcp-session-id': sessionId,
      'mcp-protocol-version': 'not-a-version',
    });
    expect(malformed.status).toBe(400);
    const absent = await post(server.url, rpc('ping'), { 'mcp-session-id': sessionId });
    expect(absent.status).toBe(200);
  });

  test('MCP-Protocol-Version 2025-03-26 (the revision assumed without the header) is accepted on any session, as the conformance suite sends it', async () => {
    const { sessionId } = await initialize(server.url);
    // server-sse-multiple-streams of @modelcontextprotocol/conformance 0.1.16, as it sends them.
    const responses = await Promise.all(
      [1000, 1001, 1002].map((id) =>
        post(
          server.url,
          { jsonrpc: '2.0', id, method: 'tools/list', params: {} },
          {
            accept: 'text/event-stream, application/json',
            'mcp-session-id': sessionId,
            'mcp-protocol-version': '2025-03-26',
          },
        ),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
    await Promise.all(responses.map((response) => response.text()));
  });

  test('DELETE ends the session (204); afterwards it is unknown (404)', async () => {
    const { sessionId, headers } = await initialize(server.url);
    const count = server.handler.sessions;
    const deleted = await fetch(server.url, { method: 'DELETE', headers });
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe('');
    expect(server.handler.sessions).toBe(count - 1);
    const after = await post(server.url, rpc('ping'), headers);
    expect(after.status).toBe(404);
    const again = await fetch(server.url, { method: 'DELETE', headers });
    expect(again.status).toBe(404);
    const missing = await fetch(server.url, { method: 'DELETE' });
    expect(missing.status).toBe(400);
    expect(sessionId).toBeTruthy();
  });

  test('DELETE aborts the calls of the session still running', async () => {
    const { headers } = await initialize(server.url);
    const running = post(server.url, toolCall('h', 'hold', { key: 'deleted' }), headers);
    await probe.whenStarted('deleted');
    await fetch(server.url, { method: 'DELETE', headers });
    const response = await running;
    // Issue 19: a call ended by its session's end gets a JSON-RPC error at once (never an empty 202).
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(
      '{"jsonrpc":"2.0","id":"h","error":{"code":-32000,"message":"The session ended before the call finished: The client ended the session."}}',
    );
    expect(probe.aborted).toContain('deleted');
  });

  test('notifications/cancelled from another POST cancels the call', async () => {
    const { headers } = await initialize(server.url);
    const running = post(server.url, toolCall('c1', 'hold', { key: 'cancelled' }), headers);
    await probe.whenStarted('cancelled');
    const cancel = await post(
      server.url,
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'c1' } },
      headers,
    );
    expect(cancel.status).toBe(202);
    // Issue 19: a POST holding a request is never an empty 202; a cancelled one owes no answer,
    // so its event stream ends without a message (MCP basic/transports).
    const response = await running;
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(await response.text()).toBe('');
    expect(probe.aborted).toContain('cancelled');
  });

  test('GET needs Accept: text/event-stream (406) and a session (400 / 404)', async () => {
    const { headers } = await initialize(server.url);
    const wrongAccept = await fetch(server.url, {
      headers: { ...headers, accept: 'application/json' },
    });
    expect(wrongAccept.status).toBe(406);
    const noSession = await fetch(server.url, { headers: { accept: 'text/event-stream' } });
    expect(noSession.status).toBe(400);
    const unknown = await fetch(server.url, {
      headers: { accept: 'text/event-stream', 'mcp-session-id': 'nope' },
    });
    expect(unknown.status).toBe(404);
  });

  test('the GET stream carries broadcasts: list_changed to all, resources/updated to subscribers only', async () => {
    const a = await initialize(server.url);
    const b = await initialize(server.url);
    await post(server.url, rpc('resources/subscribe', { uri: 'test://a' }), a.headers);
    const streamA = await openStream(server.url, a.headers);
    const streamB = await openStream(server.url, b.headers);
    expect(streamA.status).toBe(200);
    expect(streamA.headers.get('content-type')).toBe('text/event-stream');
    expect(streamA.headers.get('mcp-session-id')).toBe(a.sessionId);
    const eventsA = readEvents(streamA);
    const eventsB = readEvents(streamB);

    core.notifyResourceUpdated('test://a');
    core.notifyListChanged('tools');
    expect(await eventsA.next()).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/resources/updated',
      params: { uri: 'test://a' },
    });
    expect(await eventsA.next()).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/tools/list_changed',
    });
    // b never subscribed: its first event is the list change.
    expect(await eventsB.next()).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/tools/list_changed',
    });
    eventsA.close();
    eventsB.close();
  });

  test('the GET stream sends keep-alive comments', async () => {
    const { headers } = await initialize(server.url);
    const events = readEvents(await openStream(server.url, headers));
    await eventually(
      () => /^: keep-alive\n\n/m.test(events.received),
      10_000,
      'no keep-alive comment on the GET stream',
    );
    events.close();
  });

  test('one stream per session: a new GET replaces the old one, DELETE ends it', async () => {
    const { headers } = await initialize(server.url);
    const first = readEvents(await openStream(server.url, headers));
    const second = readEvents(await openStream(server.url, headers));
    await within(first.ended, 5_000, 'the first GET stream was not ended by the second');
    await fetch(server.url, { method: 'DELETE', headers });
    await within(second.ended, 5_000, 'DELETE did not end the GET stream');
  });

  test('a server-to-client request (elicitation) goes out on the POST stream; the answer comes back by POST', async () => {
    const { headers } = await initialize(server.url, {}, { elicitation: {} });
    const response = await post(server.url, toolCall('e1', 'elicit'), headers);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const events = readEvents(response);
    const ask = await events.next();
    expect(ask).toMatchObject({
      jsonrpc: '2.0',
      method: 'elicitation/create',
      params: { message: 'Your name?' },
    });
    const answer = await post(
      server.url,
      { jsonrpc: '2.0', id: ask.id, result: { action: 'accept', content: { name: 'Ada' } } },
      headers,
    );
    expect(answer.status).toBe(202);
    expect(await events.next()).toEqual({
      jsonrpc: '2.0',
      id: 'e1',
      result: {
        content: [{ type: 'text', text: '{"action":"accept","content":{"name":"Ada"}}' }],
      },
    });
    await events.ended;
  });

  test('a call whose POST connection is gone still reaches the client on the GET stream', async () => {
    const { headers } = await initialize(server.url, {}, { elicitation: {} });
    const stream = readEvents(
      await fetch(server.url, { headers: { ...headers, accept: 'text/event-stream' } }),
    );
    const controller = new AbortController();
    // The server's side of the POST, to know when it has seen the client go.
    const serverSide = new Promise<ServerResponse>((resolve) => {
      const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
        if (req.method !== 'POST') return;
        server.server.off('request', onRequest);
        resolve(res);
      };
      server.server.on('request', onRequest);
    });
    const running = post(
      server.url,
      toolCall('lost', 'hold', { key: 'lost', ask: true }),
      headers,
      controller.signal,
    );
    await probe.whenStarted('lost');
    const res = await serverSide;
    const gone = new Promise((resolve) => res.once('close', resolve));
    controller.abort();
    await expect(running).rejects.toThrow();
    // Released only once the server has seen the POST's connection close (the transport's own
    // 'close' listener ran first): a fixed sleep could release it before, on a loaded machine,
    // and the question would go to the dead POST.
    await within(gone, 10_000, 'the server never saw the POST connection close');
    // MCP: a disconnection is no cancellation; the call goes on.
    probe.release('lost');
    const ask = await stream.next();
    expect(ask).toMatchObject({
      method: 'elicitation/create',
      params: { message: 'Still there?' },
    });
    expect(probe.aborted).not.toContain('lost');
    // Answer it, so the call ends (its result has no one to go to).
    const answer = await post(
      server.url,
      { jsonrpc: '2.0', id: ask.id, result: { action: 'cancel' } },
      headers,
    );
    expect(answer.status).toBe(202);
    stream.close();
  });

  test('initialize again (with or without an old id) opens a new session', async () => {
    const { sessionId } = await initialize(server.url);
    const response = await post(server.url, initializeMessage(), { 'mcp-session-id': sessionId });
    await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('mcp-session-id')).not.toBe(sessionId);
  });

  test('an initialize the core refuses opens no session', async () => {
    const count = server.handler.sessions;
    const response = await post(server.url, {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: 'not an object',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('mcp-session-id')).toBeNull();
    expect((await jsonOf(response)).error.code).toBe(-32600);
    expect(server.handler.sessions).toBe(count);
  });
});

describe('session expiry and limits', () => {
  const { core, probe } = testCore();
  let server: HttpServerHandle;
  // Longer than any gap between two requests of a test, on a loaded machine too (a session must
  // not expire before the test means it to); its expiry is polled for, never slept on.
  const IDLE = 2_000;
  /** Past the idle timeout and the sweeper's next round (it runs every IDLE / 2). */
  const PAST_IDLE = IDLE * 2;

  beforeAll(async () => {
    server = await serveHttp(core, { sessionIdleTimeout: IDLE });
  });
  afterAll(() => server.close());

  test('an idle session expires: 404, and the sweeper frees it', async () => {
    const { headers } = await initialize(server.url);
    expect(server.handler.sessions).toBe(1);
    // No request meanwhile (one would keep it alive): the sweeper ends it.
    await eventually(
      () => server.handler.sessions === 0,
      IDLE + 10_000,
      'the idle session was never swept',
    );
    const response = await post(server.url, rpc('ping'), headers);
    expect(response.status).toBe(404);
  });

  test('a session with a call in flight is not idle', async () => {
    const { headers } = await initialize(server.url);
    const running = post(
      server.url,
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'hold', arguments: { key: 'busy' } },
      },
      headers,
    );
    await probe.whenStarted('busy');
    await delay(PAST_IDLE);
    // Asked while the call still runs, past twice the idle timeout: the session is there. (Asked
    // after the call ended instead, a loaded machine could let the idle timeout pass first.)
    const during = await post(server.url, rpc('ping'), headers);
    expect(during.status).toBe(200);
    probe.release('busy');
    expect((await running).status).toBe(200);
    await fetch(server.url, { method: 'DELETE', headers });
  });

  test('a session with its GET stream open is not idle; once the stream closes, the clock runs', async () => {
    const { headers } = await initialize(server.url);
    const events = readEvents(
      await fetch(server.url, { headers: { ...headers, accept: 'text/event-stream' } }),
    );
    await delay(PAST_IDLE);
    expect((await post(server.url, rpc('ping'), headers)).status).toBe(200);
    events.close();
    // No request meanwhile (one would keep it alive): the sweeper ends it once the stream is gone.
    await eventually(
      () => server.handler.sessions === 0,
      IDLE + 10_000,
      'the session was never swept after its stream closed',
    );
    expect((await post(server.url, rpc('ping'), headers)).status).toBe(404);
  });
});

describe('maxSessions', () => {
  // Sessions that stay (a minute's idle timeout): on a loaded machine, the short idle timeout of
  // the expiry tests above could end one between two requests here and free a slot the test counts on.
  const { core } = testCore();
  let server: HttpServerHandle;

  beforeAll(async () => {
    server = await serveHttp(core, { sessionIdleTimeout: 60_000, maxSessions: 3 });
  });
  afterAll(() => server.close());

  test('maxSessions: with every session in use, an initialize past it → 503; a freed slot opens again', async () => {
    const opened = [];
    for (let i = 0; i < 3; i += 1) {
      const session = await initialize(server.url);
      // Used after initialize (a request): not evictable (issue 19, fairness).
      expect((await post(server.url, rpc('ping'), session.headers)).status).toBe(200);
      opened.push(session);
    }
    const refused = await post(server.url, initializeMessage());
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('10');
    expect(await refused.text()).toBe(
      '{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Service Unavailable: the server holds as many sessions as it may (maxSessions), all in use; try again later"}}',
    );
    // Sessions at the limit still work.
    expect((await post(server.url, rpc('ping'), opened[0]!.headers)).status).toBe(200);
    await fetch(server.url, { method: 'DELETE', headers: opened[0]!.headers });
    const reopened = await post(server.url, initializeMessage());
    expect(reopened.status).toBe(200);
    await reopened.text();
    const reopenedId = reopened.headers.get('mcp-session-id')!;
    for (const headers of [
      opened[1]!.headers,
      opened[2]!.headers,
      { 'mcp-session-id': reopenedId },
    ])
      await fetch(server.url, { method: 'DELETE', headers });
    expect(server.handler.sessions).toBe(0);
  });
});

describe('MCP-Protocol-Version must match the session', () => {
  let server: HttpServerHandle;
  let lenient: HttpServerHandle;

  beforeAll(async () => {
    server = await serveHttp(testCore().core);
    lenient = await serveHttp(testCore().core, { strictProtocolVersion: false });
  });
  afterAll(async () => {
    await server.close();
    await lenient.close();
  });

  test('strictProtocolVersion: false accepts any supported revision', async () => {
    const { sessionId } = await initialize(lenient.url);
    const other = { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-06-18' };
    expect((await post(lenient.url, rpc('ping'), other)).status).toBe(200);
    await fetch(lenient.url, { method: 'DELETE', headers: other });
  });

  test('a revision other than the one agreed at initialize → 400 on POST, GET and DELETE', async () => {
    const { sessionId } = await initialize(server.url);
    const other = { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-06-18' };
    const response = await post(server.url, rpc('ping'), other);
    expect(response.status).toBe(400);
    expect(await jsonOf(response)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32000,
        message:
          'Bad Request: MCP-Protocol-Version 2025-06-18 does not match the revision 2025-11-25 agreed at initialize. Send the negotiated revision, or initialize a new session.',
      },
    });
    const stream = await fetch(server.url, { headers: { ...other, accept: 'text/event-stream' } });
    expect(stream.status).toBe(400);
    expect((await fetch(server.url, { method: 'DELETE', headers: other })).status).toBe(400);
    const same = await post(server.url, rpc('ping'), { ...other, 'mcp-protocol-version': LATEST });
    expect(same.status).toBe(200);
    const absent = await post(server.url, rpc('ping'), { 'mcp-session-id': sessionId });
    expect(absent.status).toBe(200);
  });
});

describe('SessionStore.get at a given time', () => {
  test('an idle session is live up to idleTimeout after its last activity, then ended', () => {
    const store = new SessionStore({ idleTimeout: 1000, max: 10, clientRequestTimeout: 0 });
    try {
      const entry = store.open(undefined, undefined);
      entry.lastActive = 5_000;
      expect(store.get(entry.id, 6_000)).toBe(entry);
      entry.active = 1; // a POST in flight: never idle
      expect(store.get(entry.id, 60_000)).toBe(entry);
      entry.active = 0;
      expect(store.get(entry.id, 6_001)).toBeUndefined();
      expect(store.size).toBe(0);
      expect(entry.session.peer.isClosed).toBe(true);
    } finally {
      store.clear('test over');
    }
  });

  test('a session ended after a look-up is not found again, nor a later one under another id', () => {
    const store = new SessionStore({ idleTimeout: 0, max: 10, clientRequestTimeout: 0 });
    try {
      const first = store.open(undefined, undefined);
      const second = store.open(undefined, undefined);
      // The id as a client sends it: an equal string, not the same one.
      const sent = (id: string) => [...id].join('');
      expect(store.get(sent(first.id))).toBe(first);
      expect(store.get(sent(second.id))).toBe(second);
      expect(store.get(sent(first.id))).toBe(first);
      store.end(first, 'ended');
      expect(store.get(sent(first.id))).toBeUndefined();
      expect(store.get(first.id)).toBeUndefined();
      expect(store.get(sent(second.id))).toBe(second);
      expect(store.get('unknown')).toBeUndefined();
      expect(store.get(sent(second.id))).toBe(second);
    } finally {
      store.clear('test over');
    }
  });
});
