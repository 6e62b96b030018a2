/**
 * Tasks under OpenTelemetry: the request that created a task keeps its span's context with the
 * task, and every later request about the task (2025-11-25 `tasks/get`, `tasks/result`,
 * `tasks/cancel`; 2026-07-28 `tasks/get`, `tasks/update`, `tasks/cancel`) is a span of its own that
 * links to it. A task's ask (input_required) is a CLIENT span under the call, its context in the
 * ask's `_meta`; the `tasks/update` that answers it links to it too.
 */
import 'reflect-metadata';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { type JsonObject, type Link, type McpCall, Peer } from '../../src/core';
import { Call, McpApplication, Tool } from '../../src/index';
import { type Otel, otel } from '../helpers/otel';
import { within } from '../helpers/within';

const EXT = 'io.modelcontextprotocol/tasks';
const MODERN = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': { extensions: { [EXT]: {} } },
};

const ASKING = {
  ...MODERN,
  'io.modelcontextprotocol/clientCapabilities': { elicitation: {}, extensions: { [EXT]: {} } },
};
const NAME = { type: 'object' as const, properties: { name: { type: 'string' } } };

let release: () => void = () => {};

class Jobs {
  @Tool({ description: 'Runs as a task', task: 'required' })
  async report(): Promise<string> {
    // The work after the answer: the user's span is still a child of the creating call's.
    await new Promise((resolve) => setTimeout(resolve, 1));
    o.tracerProvider.getTracer('user').startSpan('report.build').end();
    return 'ready';
  }

  @Tool({ description: 'Runs until released', task: 'required' })
  async slow(@Call() call: McpCall): Promise<string> {
    await new Promise<void>((resolve) => {
      release = resolve;
      call.signal.addEventListener('abort', () => resolve());
    });
    return 'done';
  }

  @Tool({ description: 'Asks a name, as a task', task: 'required' })
  async asks(@Call() call: McpCall): Promise<string> {
    const answer = await call.elicit('Name?', NAME, { key: 'name' });
    return answer.action === 'accept' ? `hello ${String(answer.content.name)}` : answer.action;
  }
}

let o: Otel;
let app: McpApplication;
beforeEach(() => {
  o = otel();
  app = McpApplication.create({
    name: 'Jobs',
    version: '1.0.0',
    providers: [Jobs],
    taskPollInterval: 10,
    telemetry: { tracerProvider: o.tracerProvider, meterProvider: o.meterProvider },
  });
});
afterEach(() => o.shutdown());

const link: Link = { peer: new Peer(), send: () => {}, principal: 'alice' };

async function result(id: number, method: string, params: JsonObject): Promise<JsonObject> {
  const text = await app.handle(
    JSON.stringify({ jsonrpc: '2.0', id, method, params }),
    undefined,
    link,
  );
  const answer = JSON.parse(text!);
  if (answer.result === undefined) throw new Error(`${method} answered ${text}`);
  return answer.result;
}

/** The span ids a span links to. */
const linksOf = (name: string) => o.span(name).links.map((l) => l.context.spanId);

it('2025-11-25: tasks/result and tasks/get link to the tools/call that created the task', async () => {
  const created = await result(1, 'tools/call', { name: 'report', task: { ttl: 60_000 } });
  const taskId = (created.task as JsonObject).taskId;
  const call = o.span('tools/call report').spanContext();
  await result(2, 'tasks/result', { taskId });
  await result(3, 'tasks/get', { taskId });
  expect(linksOf('tasks/result')).toEqual([call.spanId]);
  expect(linksOf('tasks/get')).toEqual([call.spanId]);
  // Links, not parents: each later request is a trace of its own.
  expect(o.span('tasks/result').parentSpanContext).toBeUndefined();
  expect(o.span('tasks/result').links[0]!.context.traceId).toBe(call.traceId);
  expect(o.span('report.build').parentSpanContext?.spanId).toBe(call.spanId);
});

it('2025-11-25: tasks/cancel links to the creating call too', async () => {
  const created = await result(1, 'tools/call', { name: 'slow', task: {} });
  const taskId = (created.task as JsonObject).taskId;
  await result(2, 'tasks/cancel', { taskId });
  expect(linksOf('tasks/cancel')).toEqual([o.span('tools/call slow').spanContext().spanId]);
  release();
});

it('2026-07-28: tasks/get and tasks/cancel link to the creating call', async () => {
  const created = await result(1, 'tools/call', { name: 'slow', _meta: MODERN });
  expect(created.resultType).toBe('task');
  const taskId = created.taskId;
  const call = o.span('tools/call slow').spanContext().spanId;
  expect((await result(2, 'tasks/get', { taskId, _meta: MODERN })).status).toBe('working');
  await result(3, 'tasks/cancel', { taskId, _meta: MODERN });
  expect(linksOf('tasks/get')).toEqual([call]);
  expect(linksOf('tasks/cancel')).toEqual([call]);
});

it('an unknown task: the span has no link and says -32602', async () => {
  const text = await app.handle(
    JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tasks/get', params: { taskId: 'nope' } }),
    undefined,
    link,
  );
  expect(JSON.parse(text!).error.code).toBe(-32602);
  expect(o.span('tasks/get').links).toEqual([]);
  expect(o.span('tasks/get').attributes['error.type']).toBe('-32602');
});

/** Polls tasks/get (2026-07-28) until the task's status is `status`. */
async function until(taskId: unknown, status: string): Promise<JsonObject> {
  const poll = async (): Promise<JsonObject> => {
    for (let id = 100; ; id++) {
      const task = await result(id, 'tasks/get', { taskId, _meta: ASKING });
      if (task.status === status) return task;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  return within(poll(), 5_000, `task ${String(taskId)} never became ${status}`);
}

/** The W3C traceparent of a span, as it rides in `_meta`. */
function traceparentOf(span: { spanContext(): { traceId: string; spanId: string } }): string {
  const { traceId, spanId } = span.spanContext();
  return `00-${traceId}-${spanId}-01`;
}

it("2026-07-28: a task's ask is a CLIENT span under the call, its context in inputRequests; tasks/update links to both", async () => {
  const created = await result(1, 'tools/call', { name: 'asks', _meta: ASKING });
  const taskId = created.taskId;
  const waiting = await until(taskId, 'input_required');
  const asked = (waiting.inputRequests as Record<string, JsonObject>).name!;
  expect(asked.method).toBe('elicitation/create');
  const carried = (asked.params as JsonObject)._meta as JsonObject;
  await result(2, 'tasks/update', {
    taskId,
    inputResponses: { name: { action: 'accept', content: { name: 'Ada' } } },
    _meta: ASKING,
  });
  const done = await until(taskId, 'completed');
  expect(done.result).toEqual({ content: [{ type: 'text', text: 'hello Ada' }], isError: false });

  const call = o.span('tools/call asks');
  const ask = o.span('elicitation/create');
  expect(ask.kind).toBe(SpanKind.CLIENT);
  expect(ask.attributes['mcp.method.name']).toBe('elicitation/create');
  expect(ask.parentSpanContext?.spanId).toBe(call.spanContext().spanId);
  expect(ask.status.code).toBe(SpanStatusCode.UNSET);
  expect(carried.traceparent).toBe(traceparentOf(ask));
  expect(linksOf('tasks/update')).toEqual([call.spanContext().spanId, ask.spanContext().spanId]);
});

it('2026-07-28: an ask left unanswered by tasks/cancel ends its span as cancelled', async () => {
  const created = await result(1, 'tools/call', { name: 'asks', _meta: ASKING });
  await until(created.taskId, 'input_required');
  await result(2, 'tasks/cancel', { taskId: created.taskId, _meta: ASKING });
  await within(
    (async () => {
      while (!o.spans().some((s) => s.name === 'elicitation/create')) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })(),
    5_000,
    'the ask span never ended',
  );
  const ask = o.span('elicitation/create');
  expect(ask.attributes['error.type']).toBe('cancelled');
  expect(ask.status.code).toBe(SpanStatusCode.ERROR);
});

it("2025-11-25: a task's ask relayed on tasks/result is a CLIENT span under tasks/result, and the ask's own under the call", async () => {
  const sent: JsonObject[] = [];
  const asker: Link = { peer: new Peer(), send: (m) => void sent.push(m), principal: 'bob' };
  asker.peer.clientCapabilities = { elicitation: {} };
  const handle = (message: JsonObject) => app.handle(JSON.stringify(message), undefined, asker);
  const created = JSON.parse(
    (await handle({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'asks', task: {} },
    }))!,
  );
  const taskId = created.result.task.taskId;
  const waiting = handle({ jsonrpc: '2.0', id: 2, method: 'tasks/result', params: { taskId } });
  await within(
    (async () => {
      while (sent.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    })(),
    5_000,
    'the ask was never relayed',
  );
  const relayed = sent[0]!;
  await handle({
    jsonrpc: '2.0',
    id: relayed.id,
    result: { action: 'accept', content: { name: 'Bo' } },
  });
  expect(JSON.parse((await waiting)!).result.content).toEqual([{ type: 'text', text: 'hello Bo' }]);

  const asks = o.spans().filter((s) => s.name === 'elicitation/create');
  const byParent = (name: string) =>
    asks.find((s) => s.parentSpanContext?.spanId === o.span(name).spanContext().spanId);
  const own = byParent('tools/call asks');
  const relay = byParent('tasks/result');
  expect(own?.kind).toBe(SpanKind.CLIENT);
  expect(relay?.kind).toBe(SpanKind.CLIENT);
  // The request on the wire carries the relay's context (the span of the exchange it rides in).
  expect(((relayed.params as JsonObject)._meta as JsonObject).traceparent).toBe(
    traceparentOf(relay!),
  );
});
