/**
 * The in-memory wire over a real application's core: each request with its own link (progress
 * reaches that request), the caller's context, cancellation through the signal, and server-wide
 * notifications only when attached (filtered per peer).
 */
import 'reflect-metadata';
import { Call, Context, McpApplication, type McpCall, Resource, Tool } from 'declarative-mcp';
import { ErrorCode, type JsonObject, McpClientError } from '../../src/core';
import { memoryWire } from '../../src/testing/memory';
import type { ClientWire, Exchange } from '../../src/testing/wire';
import { within } from '../helpers/within';

class Desk {
  @Tool({ description: 'Reports progress, then who called.' })
  async work(@Call() call: McpCall, @Context() context: { user: string }) {
    await call.progress(1, 2, 'half');
    return `done for ${context.user}`;
  }

  @Tool({ description: 'Waits until cancelled.' })
  async wait(@Call() call: McpCall) {
    await new Promise<void>((resolve) => call.signal.addEventListener('abort', () => resolve()));
    return 'aborted';
  }

  @Resource({ uri: 'desk://readme', mimeType: 'text/plain' })
  readme() {
    return 'Read me.';
  }
}

const app = McpApplication.create({
  name: 'desk',
  version: '1',
  providers: [Desk],
  listChanged: true,
  subscriptions: true,
});

let id = 0;
const request = (method: string, params?: JsonObject): JsonObject => ({
  jsonrpc: '2.0',
  id: ++id,
  method,
  ...(params === undefined ? {} : { params }),
});

/** A 2025 session on a new wire: initialized, and its broadcasts recorded. */
async function session(broadcasts: boolean): Promise<{ wire: ClientWire; heard: JsonObject[] }> {
  const wire = memoryWire(app.core, { user: 'ada' }, broadcasts);
  const heard: JsonObject[] = [];
  wire.onMessage = (message) => heard.push(message);
  const exchange: Exchange = { onMessage: () => undefined };
  await wire.request(
    request('initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 't', version: '1' },
    }),
    exchange,
  );
  await wire.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return { wire, heard };
}

test("a request's answer, parsed; what the server sends during it reaches that request only", async () => {
  const { wire, heard } = await session(true);
  const during: JsonObject[] = [];
  const answer = await wire.request(
    request('tools/call', { name: 'work', arguments: {}, _meta: { progressToken: 'p1' } }),
    { onMessage: (message) => during.push(message) },
  );
  expect(answer).toMatchObject({
    jsonrpc: '2.0',
    result: { content: [{ type: 'text', text: 'done for ada' }] },
  });
  expect(during).toEqual([
    {
      jsonrpc: '2.0',
      method: 'notifications/progress',
      params: { progressToken: 'p1', progress: 1, total: 2, message: 'half' },
    },
  ]);
  expect(heard).toEqual([]);
  await wire.close();
});

test('aborting a request cancels it on the server: the request rejects with no-answer', async () => {
  const { wire } = await session(false);
  const controller = new AbortController();
  const pending = wire.request(request('tools/call', { name: 'wait', arguments: {} }), {
    onMessage: () => undefined,
    signal: controller.signal,
  });
  controller.abort();
  const error = await within(pending, 2000, 'the cancelled request did not settle').catch(
    (e: McpClientError) => e,
  );
  expect(McpClientError.is(error)).toBe(true);
  expect(error).toMatchObject({
    code: ErrorCode.INVALID_REQUEST,
    reason: 'no-answer',
    message: 'No answer to tools/call (was it cancelled?)',
  });
  await wire.close();
});

test('broadcasts: heard when attached, filtered by the peer (a subscription), not after close', async () => {
  const attached = await session(true);
  const subscribed = await session(true);
  const detached = await session(false);
  await subscribed.wire.request(request('resources/subscribe', { uri: 'desk://readme' }), {
    onMessage: () => undefined,
  });
  app.core.notifyListChanged('tools');
  app.core.notifyResourceUpdated('desk://readme');
  const changed = { jsonrpc: '2.0', method: 'notifications/tools/list_changed' };
  const updated = {
    jsonrpc: '2.0',
    method: 'notifications/resources/updated',
    params: { uri: 'desk://readme' },
  };
  expect(attached.heard).toEqual([changed]);
  expect(subscribed.heard).toEqual([changed, updated]);
  expect(detached.heard).toEqual([]);
  await attached.wire.close();
  app.core.notifyListChanged('prompts');
  expect(attached.heard).toEqual([changed]);
  expect(subscribed.heard).toHaveLength(3);
  await subscribed.wire.close();
  await detached.wire.close();
});
