/**
 * The 2025 family's revision object (src/core/revisions/2025-11-25): negotiation, and what the
 * core asks of it per request — how a call asks its client (a server→client request on the
 * call's link, to a client that declared the capability), how a task's ask is relayed on
 * `tasks/result`, how tasks and errors are spoken.
 */
import { ErrorCode } from '../../../../src/core/error-codes';
import { Fault, ToolError } from '../../../../src/core/errors';
import {
  ASSUMED_VERSION,
  MCP_2025_11_25,
  negotiate,
  primesStreams,
  task2025,
  VERSIONS,
} from '../../../../src/core/revisions/2025-11-25';
import type {
  Ask,
  AskingCall,
  AskTracing,
  ClientLine,
  RequestView,
  TaskView,
} from '../../../../src/core/revisions/revision';
import type { JsonObject } from '../../../../src/core/types';

describe('negotiation', () => {
  test('the four 2025 family versions, newest first; the newest names the revision', () => {
    expect(VERSIONS).toEqual(['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05']);
    expect(MCP_2025_11_25.name).toBe('2025-11-25');
    expect(MCP_2025_11_25.versions).toBe(VERSIONS);
  });

  test('negotiate answers a known version as asked, anything else with the newest', () => {
    expect(negotiate('2025-03-26')).toBe('2025-03-26');
    expect(negotiate('2024-11-05')).toBe('2024-11-05');
    expect(negotiate('2099-01-01')).toBe('2025-11-25');
    expect(negotiate('2026-07-28')).toBe('2025-11-25');
    expect(negotiate(20251125)).toBe('2025-11-25');
    expect(negotiate(undefined)).toBe('2025-11-25');
  });

  test('HTTP assumes 2025-03-26; streams are primed from 2025-11-25 on', () => {
    expect(ASSUMED_VERSION).toBe('2025-03-26');
    expect(primesStreams('2025-11-25')).toBe(true);
    expect(primesStreams('2026-07-28')).toBe(true);
    expect(primesStreams('2025-06-18')).toBe(false);
    expect(primesStreams(undefined)).toBe(false);
  });

  test('it claims every message (the fallback), has sessions, and is not discovered', () => {
    expect(MCP_2025_11_25.claims({ jsonrpc: '2.0', method: 'x' }, undefined)).toBe(true);
    expect(MCP_2025_11_25.sessions).toBe(true);
    expect(MCP_2025_11_25.discovered).toBe(false);
    expect(MCP_2025_11_25.batchRefusal).toBeUndefined();
    expect(MCP_2025_11_25.enter({ jsonrpc: '2.0', id: 1, method: 'ping' }, {})).toBeUndefined();
    expect([...MCP_2025_11_25.lacks]).toEqual(['subscriptions/listen', 'tasks/update']);
    expect(MCP_2025_11_25.retry).toBeUndefined();
    expect(MCP_2025_11_25.envelope).toBeUndefined();
    expect(MCP_2025_11_25.mirrorsParams).toBe(false);
    expect(MCP_2025_11_25.listens({ method: 'subscriptions/listen' })).toBe(false);
  });
});

/** A link whose peer records the requests it is asked to send, answered by `answer`. */
function line(answer: () => Promise<unknown> = async () => ({ ok: true })) {
  const sent: JsonObject[] = [];
  const requests: Array<{ method: string; params: JsonObject; options: unknown }> = [];
  let sender: ((message: JsonObject) => void) | undefined;
  const link: ClientLine & { peer: { clientCapabilities: JsonObject | undefined } } = {
    send: (message) => {
      sent.push(message);
    },
    peer: {
      clientCapabilities: { elicitation: {} },
      request: (send, method, params, options) => {
        sender = send;
        requests.push({ method, params, options });
        send({ jsonrpc: '2.0', id: 's1', method, params });
        return answer();
      },
    },
  };
  return { link, sent, requests, later: (message: JsonObject) => sender!(message) };
}

function call(
  link: ReturnType<typeof line>['link'] | undefined,
  extra: { done?: boolean; source?: { signal: AbortSignal }; tracer?: AskTracing } = {},
): AskingCall & { done: boolean } {
  const inbound: RequestView = {
    client: undefined,
    link: link === undefined ? undefined : { peer: { ...link.peer, logLevel: undefined } },
  };
  return {
    method: 'tools/call',
    done: extra.done ?? false,
    inbound,
    link,
    source: extra.source,
    tracer: extra.tracer,
  };
}

const ask: Ask = {
  capability: 'elicitation',
  method: 'elicitation/create',
  key: 'elicitation/create#0',
  params: { message: 'Name?' },
  timeout: 250,
};

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ToolError);
  return (error as Error).message;
}

describe('how a call asks its client: in-band', () => {
  test('a server→client request on the link, with the timeout and the request signal', async () => {
    const { link, sent, requests } = line();
    const signal = new AbortController().signal;
    expect(await MCP_2025_11_25.ask(call(link, { source: { signal } }), ask)).toEqual({ ok: true });
    expect(requests).toEqual([
      {
        method: 'elicitation/create',
        params: { message: 'Name?' },
        options: { signal, timeout: 250 },
      },
    ]);
    expect(sent).toHaveLength(1);
  });

  test('without a request signal, none is given to the peer', async () => {
    const { link, requests } = line();
    await MCP_2025_11_25.ask(call(link), ask);
    expect(requests[0]!.options).toEqual({ signal: undefined, timeout: 250 });
  });

  test('messages of the request stop going out once the call has answered', async () => {
    const { link, sent, later } = line();
    const asking = call(link);
    await MCP_2025_11_25.ask(asking, ask);
    asking.done = true;
    later({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 's1' } });
    expect(sent).toHaveLength(1);
  });

  test('traced, the request goes through the tracer with the params it hands on', async () => {
    const { link, requests } = line();
    const tracer: AskTracing = {
      ask: (method, params, send) => send({ ...params, _meta: { traceparent: method } }),
      carrier: () => undefined,
      open: () => undefined,
    };
    await MCP_2025_11_25.ask(call(link, { tracer }), ask);
    expect(requests[0]!.params).toEqual({
      message: 'Name?',
      _meta: { traceparent: 'elicitation/create' },
    });
  });

  test('refusals, each named, and nothing sent', async () => {
    expect(await refusal(MCP_2025_11_25.ask(call(undefined), ask))).toBe(
      'Cannot send elicitation/create: this call has no transport to reach the client.',
    );
    const { link, sent } = line();
    expect(await refusal(MCP_2025_11_25.ask(call(link, { done: true }), ask))).toBe(
      'Cannot send elicitation/create: the call already answered.',
    );
    link.peer.clientCapabilities = undefined;
    expect(await refusal(MCP_2025_11_25.ask(call(link), ask))).toBe(
      'Cannot send elicitation/create: no session with the client (a stateless transport cannot ask the client anything).',
    );
    link.peer.clientCapabilities = { sampling: {}, elicitation: true };
    expect(await refusal(MCP_2025_11_25.ask(call(link), ask))).toBe(
      'The client did not declare the "elicitation" capability at initialize, so it cannot answer elicitation/create.',
    );
    expect(sent).toEqual([]);
  });
});

describe('tasks', () => {
  const view: TaskView = {
    taskId: 't1',
    status: 'completed',
    statusMessage: 'done',
    createdAt: '2025-01-01T00:00:00Z',
    lastUpdatedAt: '2025-01-01T00:00:01Z',
    ttlMs: 60000,
    pollIntervalMs: 500,
    result: { content: [] },
  };

  test('a Task has ttl and pollInterval and inlines nothing; created is { task }', () => {
    const task = {
      taskId: 't1',
      status: 'completed',
      statusMessage: 'done',
      createdAt: '2025-01-01T00:00:00Z',
      lastUpdatedAt: '2025-01-01T00:00:01Z',
      ttl: 60000,
      pollInterval: 500,
    };
    expect(task2025(view)).toEqual(task);
    expect(Object.keys(task2025(view))).toEqual(Object.keys(task));
    expect(MCP_2025_11_25.tasks.task(view, true)).toEqual(task);
    expect(MCP_2025_11_25.tasks.created(view)).toEqual({ task });
  });

  test('a call runs as a task when it asks to; a tool that cannot serve it is -32601', () => {
    const runs = MCP_2025_11_25.tasks.runs;
    const asked = { requestedTask: { ttl: 1 }, clientCapabilities: undefined };
    const plain = { requestedTask: undefined, clientCapabilities: undefined };
    expect(runs('optional', asked, 't')).toBe(true);
    expect(runs('required', asked, 't')).toBe(true);
    expect(runs('optional', plain, 't')).toBe(false);
    expect(() => runs(undefined, asked, 't')).toThrow(
      new Fault(
        ErrorCode.METHOD_NOT_FOUND,
        'Tool "t" does not run as a task (taskSupport: forbidden): call it without "task".',
      ),
    );
    expect(() => runs('required', plain, 't')).toThrow(
      'Tool "t" runs only as a task (taskSupport: required): call it with "task": { "ttl": … }.',
    );
    try {
      runs('required', plain, 't');
    } catch (error) {
      expect((error as Fault).code).toBe(ErrorCode.METHOD_NOT_FOUND);
    }
  });

  test('no gate, a ToolError for a missing capability, cancel does not acknowledge', () => {
    expect(() =>
      MCP_2025_11_25.tasks.gate({ client: undefined, link: undefined }, 'tasks/get'),
    ).not.toThrow();
    const error = MCP_2025_11_25.tasks.missingCapability('sampling', 'sampling/createMessage');
    expect(error).toBeInstanceOf(ToolError);
    expect(error.message).toBe(
      'The client did not declare the "sampling" capability, so it cannot answer sampling/createMessage.',
    );
    expect(MCP_2025_11_25.tasks.cancelAcknowledges).toBe(false);
  });

  test('relay: a task ask as a server→client request on the tasks/result call, without timeout', async () => {
    const relay = MCP_2025_11_25.tasks.relay!;
    const { link, requests } = line(async () => ({ action: 'cancel' }));
    const params = {
      message: 'm',
      _meta: { 'io.modelcontextprotocol/related-task': { taskId: 't1' } },
    };
    expect(await relay(call(link), 'elicitation/create', params)).toEqual({ action: 'cancel' });
    expect(requests).toEqual([
      { method: 'elicitation/create', params, options: { signal: undefined, timeout: undefined } },
    ]);
  });

  test('relay is refused when the call cannot reach the client', async () => {
    const relay = MCP_2025_11_25.tasks.relay!;
    const message = 'Cannot send roots/list: this call cannot reach the client.';
    expect(await refusal(relay(call(undefined), 'roots/list', {}))).toBe(message);
    const { link, requests } = line();
    expect(await refusal(relay(call(link, { done: true }), 'roots/list', {}))).toBe(message);
    expect(requests).toEqual([]);
  });
});

describe('logging and errors', () => {
  test("a call's log floor is the level its session set", () => {
    const peer = { clientCapabilities: {}, logLevel: 'warning' as const };
    expect(MCP_2025_11_25.logFloor({ client: undefined, link: { peer } })).toBe('warning');
    expect(MCP_2025_11_25.logFloor({ client: undefined, link: undefined })).toBeUndefined();
  });

  test('every error answer is HTTP 200, an unknown resource stays as it is', () => {
    expect(MCP_2025_11_25.errorStatus(ErrorCode.METHOD_NOT_FOUND)).toBe(200);
    expect(MCP_2025_11_25.errorStatus(ErrorCode.INVALID_PARAMS)).toBe(200);
    const error = new Fault(ErrorCode.RESOURCE_NOT_FOUND, 'Resource not found');
    expect(MCP_2025_11_25.resourceNotFound(error, 'file:///x')).toBe(error);
  });
});
