/**
 * Resumable SSE (MCP 2025-11-25 basic/transports, SEP-1699), in memory: every event of a
 * session's stream has an id; a stream begins with a priming event (id, `retry`, empty data); a
 * call may close its POST stream and the client resumes it with `GET` + `Last-Event-ID`, getting
 * what it missed and then the answer; the GET stream resumes the same way.
 */
import { type CallToolResult, type McpCall, McpCore } from '../../../../src/core';
import {
  type HttpServerHandle,
  type HttpSession,
  serveHttp,
} from '../../../../src/transports/http';
import { ACCEPT, delay, initialize, initializeMessage, post, raw, toolCall } from '../harness';

const OBJECT = { type: 'object', properties: {} };

function text(value: string): CallToolResult {
  return { content: [{ type: 'text', text: value }] };
}

/** `poll`: logs, closes its stream, logs twice more, then answers. `closed`: whether closing worked. */
function pollingCore(): McpCore<HttpSession> {
  return new McpCore<HttpSession>({
    name: 'Polling',
    version: '1.0.0',
    logging: true,
    listChanged: true,
    lister: () => [
      { name: 'poll', inputSchema: OBJECT },
      { name: 'closed', inputSchema: OBJECT },
    ],
    caller: async (name, _args, _session, call: McpCall) => {
      if (name === 'closed') return text(String(call.closeStream()));
      call.log('info', 'before');
      call.closeStream();
      await delay(50);
      call.log('info', 'after 1');
      call.log('info', 'after 2');
      return text('polled');
    },
  });
}

interface Event {
  id?: string;
  retry?: string;
  data: string;
}

/** The events of an SSE body, fields as sent. */
function eventsOf(body: string): Event[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim() !== '' && !block.startsWith(':'))
    .map((block) => {
      const event: Event = { data: '' };
      for (const line of block.split('\n')) {
        const at = line.indexOf(':');
        const field = line.slice(0, at);
        const value = line.slice(at + 1).trimStart();
        if (field === 'id') event.id = value;
        if (field === 'retry') event.retry = value;
        if (field === 'data') event.data = value;
      }
      return event;
    });
}

describe('resumable streams (in memory)', () => {
  let server: HttpServerHandle;
  let core: McpCore<HttpSession>;

  beforeAll(async () => {
    core = pollingCore();
    server = await serveHttp(core, { keepAliveInterval: 0 });
  });
  afterAll(() => server.close());

  test('a call closes its POST stream; GET with Last-Event-ID replays the rest and the answer, then ends', async () => {
    const { sessionId, headers } = await initialize(server.url);
    const first = await post(server.url, toolCall(7, 'poll'), headers);
    expect(first.headers.get('content-type')).toBe('text/event-stream');
    const cut = eventsOf(await first.text());
    // The priming event comes first: an id, retry, and empty data.
    expect(cut[0]).toEqual({ id: expect.any(String), retry: '1000', data: '' });
    expect(cut[0]!.id!.startsWith(`${sessionId}.`)).toBe(true);
    expect(cut).toHaveLength(2);
    expect(JSON.parse(cut[1]!.data)).toMatchObject({ params: { data: 'before' } });
    await delay(100);
    const resumed = await raw(server.url, {
      headers: { ...headers, accept: 'text/event-stream', 'last-event-id': cut[1]!.id! },
    });
    expect(resumed.status).toBe(200);
    const rest = eventsOf(resumed.text);
    expect(rest.map((event) => JSON.parse(event.data))).toEqual([
      {
        jsonrpc: '2.0',
        method: 'notifications/message',
        params: { level: 'info', data: 'after 1' },
      },
      {
        jsonrpc: '2.0',
        method: 'notifications/message',
        params: { level: 'info', data: 'after 2' },
      },
      { jsonrpc: '2.0', id: 7, result: { content: [{ type: 'text', text: 'polled' }] } },
    ]);
    // Ids are distinct and in order of the stream.
    const ids = [cut[0]!.id, cut[1]!.id, ...rest.map((event) => event.id)];
    expect(new Set(ids).size).toBe(5);
    // Resuming from the priming event replays everything after it.
    const again = await raw(server.url, {
      headers: { ...headers, accept: 'text/event-stream', 'last-event-id': cut[0]!.id! },
    });
    expect(eventsOf(again.text).map((event) => event.id)).toEqual(ids.slice(1));
  });

  test('a resumed stream waits for what is still to come', async () => {
    const { headers } = await initialize(server.url);
    const first = await post(server.url, toolCall(8, 'poll'), headers);
    const cut = eventsOf(await first.text());
    // Resumed at once: the call is still sleeping; its messages and answer arrive live.
    const resumed = await raw(server.url, {
      headers: { ...headers, accept: 'text/event-stream', 'last-event-id': cut[0]!.id! },
    });
    expect(
      eventsOf(resumed.text).map((event) => JSON.parse(event.data).params?.data ?? 'answer'),
    ).toEqual(['before', 'after 1', 'after 2', 'answer']);
  });

  test('the GET stream is primed, has ids, and resumes with what was broadcast meanwhile', async () => {
    const { headers } = await initialize(server.url);
    const controller = new AbortController();
    const opened = await fetch(server.url, {
      headers: { ...headers, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    const reader = opened.body!.getReader();
    let body = '';
    while (eventsOf(body).length < 2) {
      if (eventsOf(body).length === 1 && !body.includes('list_changed'))
        core.notifyListChanged('tools');
      body += new TextDecoder().decode((await reader.read()).value);
    }
    controller.abort();
    const [priming, changed] = eventsOf(body);
    expect(priming).toEqual({ id: expect.any(String), retry: '1000', data: '' });
    expect(JSON.parse(changed!.data)).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/tools/list_changed',
    });
    await delay(50);
    // Broadcasts while the client is away are kept for it.
    core.notifyListChanged('prompts');
    core.notifyListChanged('resources');
    await delay(50);
    const controller2 = new AbortController();
    const resumed = await fetch(server.url, {
      headers: { ...headers, accept: 'text/event-stream', 'last-event-id': changed!.id! },
      signal: controller2.signal,
    });
    const reader2 = resumed.body!.getReader();
    let rest = '';
    while (eventsOf(rest).length < 2)
      rest += new TextDecoder().decode((await reader2.read()).value);
    controller2.abort();
    expect(eventsOf(rest).map((event) => JSON.parse(event.data).method)).toEqual([
      'notifications/prompts/list_changed',
      'notifications/resources/list_changed',
    ]);
  });

  test("Last-Event-ID of another session's stream, or of none, is refused 400", async () => {
    const one = await initialize(server.url);
    const two = await initialize(server.url);
    const first = await post(server.url, toolCall(9, 'poll'), one.headers);
    const cut = eventsOf(await first.text());
    for (const lastEventId of [cut[0]!.id!, 'made-up', `${two.sessionId}.nothing:1`]) {
      const refused = await raw(server.url, {
        headers: { ...two.headers, accept: 'text/event-stream', 'last-event-id': lastEventId },
      });
      expect(refused.status).toBe(400);
      expect(JSON.parse(refused.text).error.message).toMatch(
        /^Bad Request: (Last-Event-ID|the stream)/,
      );
    }
  });

  test('clients before 2025-11-25 get event ids but no priming event; closeStream is refused', async () => {
    const opened = await post(server.url, initializeMessage('2025-06-18'));
    const sessionId = opened.headers.get('mcp-session-id')!;
    await opened.text();
    const headers = { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-06-18' };
    const answer = await post(server.url, toolCall(1, 'closed'), headers);
    expect(await answer.json()).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { content: [{ type: 'text', text: 'false' }] },
    });
    const streamed = await post(server.url, toolCall(2, 'poll'), headers);
    const events = eventsOf(await streamed.text());
    expect(events.every((event) => event.id !== undefined && event.data !== '')).toBe(true);
    expect(events.map((event) => JSON.parse(event.data).params?.data ?? 'answer')).toEqual([
      'before',
      'after 1',
      'after 2',
      'answer',
    ]);
  });

  test('a stateless server has no ids and cannot close a stream', async () => {
    const stateless = await serveHttp(pollingCore(), { sessions: false });
    try {
      const answer = await post(stateless.url, toolCall(1, 'closed'));
      expect(((await answer.json()) as any).result.content[0].text).toBe('false');
      const streamed = await fetch(stateless.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: ACCEPT },
        body: JSON.stringify(toolCall(2, 'poll')),
      });
      expect(eventsOf(await streamed.text()).every((event) => event.id === undefined)).toBe(true);
    } finally {
      await stateless.close();
    }
  });
});
