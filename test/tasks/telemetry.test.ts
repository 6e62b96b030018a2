/**
 * Tasks under OpenTelemetry: the request that created a task keeps its span's context with the
 * task, and every later request about the task (2025-11-25 `tasks/get`, `tasks/result`,
 * `tasks/cancel`; 2026-07-28 `tasks/get`, `tasks/cancel`) is a span of its own that links to it.
 */
import 'reflect-metadata';
import { type JsonObject, type Link, type McpCall, Peer } from '../../src/core';
import { Call, McpApplication, Tool } from '../../src/index';
import { type Otel, otel } from '../helpers/otel';

const EXT = 'io.modelcontextprotocol/tasks';
const MODERN = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': { extensions: { [EXT]: {} } },
};

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
