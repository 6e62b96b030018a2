/**
 * The cluster: three processes of the built channel example on one Redis, behind a round-robin
 * proxy with no affinity, and one session of the official SDK client (v1) spanning them — calls,
 * an elicitation answered through another process, progress, a resource subscription, list
 * changes, a SIGKILL of one process mid-session, an SSE stream cut in the middle of a call and
 * resumed with Last-Event-ID without losing an event, and a DELETE that ends the session on every
 * process.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  ElicitRequestSchema,
  type Notification,
  type Progress,
} from '@modelcontextprotocol/sdk/types.js';
import { within } from '../helpers/within';
import { type RedisServer, startRedis } from '../redis/redis-server';
import { environment, example, sseMessages, sseReader } from './examples';
import { type RoundRobinProxy, startProxy } from './round-robin-proxy';

interface Backend {
  child: ChildProcess;
  url: string;
  stdout: string;
  stderr: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits (bounded) until `check` holds. The bounds are generous: on a loaded CI machine three
 * processes and Redis share two cores, and how fast a message crosses them is not what is tested.
 */
async function until(check: () => boolean, what: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`Never happened: ${what} (waited ${ms} ms)`);
    await sleep(20);
  }
}

/** Like {@link until}, for a check that asks a process (each ask bounded too). */
async function eventually(check: () => Promise<boolean>, what: string, ms = 30_000) {
  const end = Date.now() + ms;
  while (!(await within(check(), ms, `no answer while waiting until ${what}`))) {
    if (Date.now() > end) throw new Error(`Never happened: ${what} (waited ${ms} ms)`);
    await sleep(50);
  }
}

/** A POST of the session's to one process directly, not through the proxy. */
function postTo(backend: Backend, sessionId: string, id: number, method: string) {
  return fetch(backend.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-session-id': sessionId,
      'mcp-protocol-version': '2025-11-25',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id, method }),
  });
}

/** The tool names the session's tools/list answers on one process. */
async function toolsOn(backend: Backend, sessionId: string): Promise<string[]> {
  const response = await postTo(backend, sessionId, 98, 'tools/list');
  const [answer] = response.headers.get('content-type')?.startsWith('text/event-stream')
    ? await sseMessages(response, 1, 10_000)
    : [await response.json()];
  const tools = (answer as { result?: { tools?: Array<{ name: string }> } }).result?.tools ?? [];
  return tools.map((tool) => tool.name);
}

function launch(redisUrl: string): Promise<Backend> {
  const child = spawn(process.execPath, [example('channel'), '--http', '--redis', redisUrl], {
    env: environment(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const backend: Backend = { child, url: '', stdout: '', stderr: '' };
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    backend.stderr += chunk;
  });
  return new Promise<Backend>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`No URL within 45 s. stderr: ${backend.stderr}`)),
      45_000,
    );
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      backend.stdout += chunk;
      const found = /^listening (\S+)\n/.exec(backend.stdout);
      if (found !== null && backend.url === '') {
        clearTimeout(timer);
        backend.url = found[1];
        resolve(backend);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The example exited (${code}) before listening: ${backend.stderr}`));
    });
  });
}

function stop(backend: Backend): Promise<void> {
  if (backend.child.exitCode !== null || backend.child.signalCode !== null)
    return Promise.resolve();
  return new Promise<void>((resolve) => {
    const timer = setTimeout(() => backend.child.kill('SIGKILL'), 5_000);
    backend.child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    backend.child.kill('SIGTERM');
  });
}

let redis: RedisServer;
let backends: Backend[] = [];
let proxy: RoundRobinProxy;

beforeAll(async () => {
  redis = await startRedis();
  backends = await Promise.all([launch(redis.url), launch(redis.url), launch(redis.url)]);
  proxy = await startProxy(backends.map((b) => new URL(b.url).origin));
}, 90_000);

afterAll(async () => {
  await proxy?.close();
  await Promise.all(backends.map(stop));
  await redis?.stop();
});

test('one SDK session spans three processes on Redis behind a round-robin proxy', async () => {
  const client = new Client(
    { name: 'cluster-e2e', version: '1.0.0' },
    { capabilities: { elicitation: {} } },
  );
  const notifications: Notification[] = [];
  client.fallbackNotificationHandler = async (notification) => {
    notifications.push(notification);
  };
  const errors: Error[] = [];
  client.onerror = (error) => {
    errors.push(error);
  };
  client.setRequestHandler(ElicitRequestSchema, async () => ({
    action: 'accept',
    content: { name: 'Ada', age: 36 },
  }));
  const transport = new StreamableHTTPClientTransport(new URL(proxy.url), {
    reconnectionOptions: {
      initialReconnectionDelay: 100,
      maxReconnectionDelay: 1_000,
      reconnectionDelayGrowFactor: 1.5,
      maxRetries: 10,
    },
  });
  await client.connect(transport);
  const sessionId = transport.sessionId!;
  expect(sessionId).toMatch(/^[\x21-\x7e]+$/);

  // Calls: each lands on the next process; each serves the session.
  for (let i = 0; i < 3; i += 1) {
    const tools = await client.listTools();
    expect(tools.tools.map((t) => t.name)).toContain('count');
    expect(tools.tools.map((t) => t.name)).not.toContain('beta');
  }

  // An elicitation: the answer lands on another process than the call waiting for it.
  const asked = await client.callTool({ name: 'ask_name', arguments: {} });
  expect(asked.content).toEqual([{ type: 'text', text: 'Hello Ada (36).' }]);
  const call = proxy.log.find((f) => f.body.includes('"ask_name"'))!;
  const answer = proxy.log.find((f) => f.body.includes('"action":"accept"'))!;
  expect(call).toBeDefined();
  expect(answer).toBeDefined();
  expect(answer.backend).not.toBe(call.backend);

  // Progress, on the call's own stream.
  const progress: Progress[] = [];
  const counted = await client.callTool({ name: 'count', arguments: { steps: 5 } }, undefined, {
    onprogress: (p) => progress.push(p),
  });
  expect(counted.content).toEqual([{ type: 'text', text: 'Counted to 5.' }]);
  expect(progress.map((p) => p.progress)).toEqual([0, 1, 2, 3, 4]);

  // A subscription made on one process; the update raised on another reaches the GET stream.
  await client.subscribeResource({ uri: 'channel://counter' });
  await client.callTool({ name: 'touch', arguments: { uri: 'channel://counter' } });
  await until(
    () => notifications.some((n) => n.method === 'notifications/resources/updated'),
    'resources/updated',
  );
  expect(notifications.find((n) => n.method === 'notifications/resources/updated')?.params).toEqual(
    { uri: 'channel://counter' },
  );
  // Not subscribed to the clock: no update for it.
  await client.callTool({ name: 'touch', arguments: { uri: 'channel://clock' } });

  // Enabling a tool on one process: list_changed reaches the client, and every process lists it
  // (each once the announcement reached it through Redis: asked directly, not round-robin).
  await client.callTool({ name: 'set_enabled', arguments: { name: 'beta', enabled: true } });
  await until(
    () => notifications.some((n) => n.method === 'notifications/tools/list_changed'),
    'tools/list_changed',
  );
  for (const [i, backend] of backends.entries()) {
    await eventually(
      async () => (await toolsOn(backend, sessionId)).includes('beta'),
      `process ${i} lists beta`,
    );
  }
  for (let i = 0; i < 3; i += 1) {
    const tools = await client.listTools();
    expect(tools.tools.map((t) => t.name)).toContain('beta');
  }

  // SIGKILL of one process mid-session: the session goes on on the others.
  const killed = backends[1];
  killed.child.kill('SIGKILL');
  await new Promise((resolve) => killed.child.once('exit', resolve));
  for (let i = 0; i < 3; i += 1) {
    const result = await client.callTool({ name: 'beta', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: 'beta is on.' }]);
  }
  const before = notifications.filter((n) => n.method === 'notifications/resources/updated').length;
  await client.callTool({ name: 'touch', arguments: { uri: 'channel://counter' } });
  await until(
    () =>
      notifications.filter((n) => n.method === 'notifications/resources/updated').length > before,
    'resources/updated after the kill (the GET stream resumed elsewhere if it was on the killed process)',
  );

  // An SSE stream cut in the middle of a call: the client resumes with Last-Event-ID (on
  // another process) and loses nothing.
  proxy.cut = {
    matches: (body) => body.includes('"count"') && body.includes('"steps":30'),
    after: (soFar) => (soFar.match(/notifications\/progress/g) ?? []).length >= 3,
  };
  const resumedProgress: Progress[] = [];
  const resumed = await client.callTool({ name: 'count', arguments: { steps: 30 } }, undefined, {
    onprogress: (p) => resumedProgress.push(p),
    timeout: 30_000,
  });
  expect(proxy.cut.done).toBe(true);
  expect(resumed.content).toEqual([{ type: 'text', text: 'Counted to 30.' }]);
  expect(resumedProgress.map((p) => p.progress)).toEqual(Array.from({ length: 30 }, (_, i) => i));
  // The cut POST's stream was resumed by a GET with Last-Event-ID, on another process.
  const cutPost = proxy.log.find((f) => f.method === 'POST' && f.body.includes('"steps":30'))!;
  const resumption = proxy.log.find(
    (f) =>
      f.method === 'GET' &&
      f.lastEventId?.startsWith(`${sessionId}.`) === true &&
      f.lastEventId !== undefined &&
      proxy.log.indexOf(f) > proxy.log.indexOf(cutPost),
  );
  expect(resumption).toBeDefined();
  expect(resumption!.backend).not.toBe(cutPost.backend);

  // DELETE on one process ends the session on every process (the others once its `end` reached
  // them through Redis).
  await transport.terminateSession();
  for (const [i, backend] of backends.entries()) {
    if (backend === killed) continue;
    let status = 0;
    await eventually(async () => {
      const response = await postTo(backend, sessionId, 99, 'tools/list');
      status = response.status;
      await response.text();
      return status === 404;
    }, `process ${i} answers 404 for the ended session`);
    expect(status).toBe(404);
  }
  await client.close();

  expect(
    errors.filter((e) => !/SSE stream disconnected|terminated|aborted/i.test(e.message)),
  ).toEqual([]);
  // Nothing but the URL on any process's stdout.
  for (const backend of backends) expect(backend.stdout).toBe(`listening ${backend.url}\n`);
}, 120_000);

describe('MCP 2026-07-28 across the processes', () => {
  const META = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
  };
  const SUBSCRIPTION = 'io.modelcontextprotocol/subscriptionId';
  const post = (id: number, method: string, params: Record<string, unknown>, name?: string) =>
    fetch(proxy.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'MCP-Protocol-Version': '2026-07-28',
        'Mcp-Method': method,
        ...(name === undefined ? {} : { 'Mcp-Name': name }),
      },
      body: JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta: META } }),
    });

  test('a subscriptions/listen stream receives what other processes raise', async () => {
    const listen = await post(7, 'subscriptions/listen', {
      notifications: { toolsListChanged: true, resourceSubscriptions: ['channel://counter'] },
    });
    expect(listen.status).toBe(200);
    const stream = sseReader(listen);
    const listenAt = proxy.log.length - 1;
    // The acknowledgement is written once the stream listens: only then are the changes raised.
    const [acknowledged] = await stream.take(1, 30_000, 'subscriptions/listen not acknowledged');
    const touched = await post(
      8,
      'tools/call',
      { name: 'touch', arguments: { uri: 'channel://counter' } },
      'touch',
    );
    await touched.text();
    const toggled = await post(
      9,
      'tools/call',
      { name: 'set_enabled', arguments: { name: 'beta', enabled: false } },
      'set_enabled',
    );
    await toggled.text();
    // The two calls ran on other processes than the one holding the listen stream.
    expect(proxy.log[listenAt + 1].backend).not.toBe(proxy.log[listenAt].backend);
    const raised = await stream
      .take(2, 30_000, 'the changes raised elsewhere did not reach the listen stream')
      .finally(stream.cancel);
    expect([acknowledged, ...raised]).toEqual([
      {
        jsonrpc: '2.0',
        method: 'notifications/subscriptions/acknowledged',
        params: {
          notifications: { toolsListChanged: true, resourceSubscriptions: ['channel://counter'] },
          _meta: { [SUBSCRIPTION]: 7 },
        },
      },
      {
        jsonrpc: '2.0',
        method: 'notifications/resources/updated',
        params: { uri: 'channel://counter', _meta: { [SUBSCRIPTION]: 7 } },
      },
      {
        jsonrpc: '2.0',
        method: 'notifications/tools/list_changed',
        params: { _meta: { [SUBSCRIPTION]: 7 } },
      },
    ]);
  });

  test('an MRTR retry lands on another process: the requestState secret is shared through Redis', async () => {
    const first = (await (
      await post(10, 'tools/call', { name: 'ask_name', arguments: {} }, 'ask_name')
    ).json()) as {
      result: { resultType: string; inputRequests: Record<string, unknown>; requestState: string };
    };
    expect(first.result.resultType).toBe('input_required');
    const key = Object.keys(first.result.inputRequests)[0];
    const second = (await (
      await post(
        11,
        'tools/call',
        {
          name: 'ask_name',
          arguments: {},
          inputResponses: { [key]: { action: 'accept', content: { name: 'Ada', age: 36 } } },
          requestState: first.result.requestState,
        },
        'ask_name',
      )
    ).json()) as { result: { content: unknown; resultType: string } };
    const [asked, retried] = proxy.log.slice(-2);
    expect(retried.backend).not.toBe(asked.backend);
    expect(second.result.resultType).toBe('complete');
    expect(second.result.content).toEqual([{ type: 'text', text: 'Hello Ada (36).' }]);
  });
});
