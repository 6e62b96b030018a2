/**
 * Stateless mode (`sessions: false`): no session ids, every POST on its own with a fresh peer,
 * GET and DELETE answered 405 — the mode for serverless and horizontally scaled deployments.
 */
import { type HttpServerHandle, serveHttp } from '../../../src/transports/http';
import { initializeMessage, jsonOf, post, sseMessages, testCore, toolCall } from './harness';

describe('stateless mode', () => {
  const { core, probe } = testCore();
  let server: HttpServerHandle;

  beforeAll(async () => {
    server = await serveHttp(core, { sessions: false });
  });
  afterAll(() => server.close());

  test('initialize is answered normally, without Mcp-Session-Id', async () => {
    const response = await post(server.url, initializeMessage('2025-06-18'));
    expect(response.status).toBe(200);
    expect(response.headers.get('mcp-session-id')).toBeNull();
    expect((await jsonOf(response)).result.protocolVersion).toBe('2025-06-18');
    expect(server.handler.sessions).toBe(0);
  });

  test('every request stands alone: no session header needed, none is kept', async () => {
    const response = await post(server.url, toolCall(1, 'whoami'));
    expect(response.status).toBe(200);
    const text = (await jsonOf(response)).result.content[0].text;
    // No header: MCP says assume 2025-03-26.
    expect(JSON.parse(text)).toEqual({ id: null, identity: null, revision: '2025-03-26' });
    const versioned = await post(server.url, toolCall(2, 'whoami'), {
      'mcp-protocol-version': '2025-11-25',
    });
    expect(JSON.parse((await jsonOf(versioned)).result.content[0].text).revision).toBe(
      '2025-11-25',
    );
    const ignored = await post(server.url, toolCall(3, 'whoami'), { 'mcp-session-id': 'whatever' });
    expect(ignored.status).toBe(200);
    expect(server.handler.sessions).toBe(0);
  });

  test('an unsupported MCP-Protocol-Version → 400', async () => {
    const response = await post(server.url, toolCall(4, 'whoami'), {
      'mcp-protocol-version': '2030-01-01',
    });
    expect(response.status).toBe(400);
  });

  test('a call that speaks still gets its event stream', async () => {
    const response = await post(server.url, {
      jsonrpc: '2.0',
      id: 5,
      method: 'tools/call',
      params: { name: 'progress', _meta: { progressToken: 'p' } },
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const messages = sseMessages(await response.text());
    expect(messages[0]).toMatchObject({ method: 'notifications/progress' });
    expect(messages.at(-1)).toEqual({
      jsonrpc: '2.0',
      id: 5,
      result: { content: [{ type: 'text', text: 'done' }] },
    });
  });

  test('GET and DELETE → 405 with Allow: POST, OPTIONS', async () => {
    const get = await fetch(server.url, { headers: { accept: 'text/event-stream' } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST, OPTIONS');
    const del = await fetch(server.url, { method: 'DELETE', headers: { 'mcp-session-id': 'x' } });
    expect(del.status).toBe(405);
    expect(del.headers.get('allow')).toBe('POST, OPTIONS');
  });

  test('a client that disconnects cancels its call (nobody else could receive the answer)', async () => {
    const controller = new AbortController();
    const running = post(server.url, toolCall(6, 'hold', { key: 'gone' }), {}, controller.signal);
    await probe.whenStarted('gone');
    controller.abort();
    await expect(running).rejects.toThrow();
    for (let i = 0; i < 50 && !probe.aborted.includes('gone'); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(probe.aborted).toContain('gone');
  });
});
