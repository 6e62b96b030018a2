/**
 * OpenTelemetry per its semantic conventions for MCP (v1.41, docs/gen-ai/mcp.md), in-process with
 * the real SDK: one SERVER span and one `mcp.server.operation.duration` point per request, parents
 * from `_meta`, a tool's own spans as children, the call channel's asks traced in both eras.
 */
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import {
  ErrorCode,
  Fault,
  type JsonObject,
  type Link,
  type McpCall,
  McpCore,
  type McpCoreOptions,
  Peer,
} from '../../../src/core';
import { connect } from '../../../src/testing';
import { type Otel, otel } from '../../helpers/otel';

const MODERN = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
};
const PARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

function core(o: Otel | undefined, extra: Partial<McpCoreOptions> = {}) {
  return new McpCore({
    name: 'Traced',
    version: '1.0.0',
    reporter: () => {},
    lister: () => [{ name: 'weather', inputSchema: { type: 'object' } }],
    caller: async (name, _args, _context, call: McpCall) => {
      if (name === 'weather') {
        // A service of the user's: its span must be a child of the request's.
        await current.tracerProvider.getTracer('user').startActiveSpan('lookup', async (span) => {
          await Promise.resolve();
          span.end();
        });
        return { content: [{ type: 'text', text: 'Sunny' }], isError: false };
      }
      // What the registry makes of a thrown ToolError.
      if (name === 'broken') {
        return { content: [{ type: 'text', text: 'No station near there.' }], isError: true };
      }
      if (name === 'crash') throw new Error('database down');
      if (name === 'ask') {
        const answer = await call.elicit(
          'City?',
          { type: 'object', properties: { city: { type: 'string' } } },
          { key: 'city' },
        );
        return `Asked: ${answer.action}`;
      }
      if (name === 'summarize') {
        const answer = await call.sample(
          {
            messages: [{ role: 'user', content: { type: 'text', text: 'Sum up' } }],
            maxTokens: 50,
          },
          { key: 'summary' },
        );
        return `Sampled: ${String((answer.content as JsonObject | undefined)?.text)}`;
      }
      throw new Fault(ErrorCode.INVALID_PARAMS, `Unknown tool: ${name}`);
    },
    resources: () => [],
    reader: (uri) => [{ uri, text: 'x' }],
    prompts: () => [],
    prompter: (name) => ({ messages: [], description: name }),
    ...(o === undefined
      ? {}
      : { telemetry: { tracerProvider: o.tracerProvider, meterProvider: o.meterProvider } }),
    ...extra,
  });
}

function rpc(id: number, method: string, params: JsonObject = {}): string {
  return JSON.stringify({ jsonrpc: '2.0', id, method, params });
}

function link(): Link {
  return { peer: new Peer(), send: () => {} };
}

let o: Otel;
let current: Otel;
beforeEach(() => {
  o = otel();
  current = o;
});
afterEach(() => o.shutdown());

describe('a span per request (SERVER, `{mcp.method.name} {target}`)', () => {
  it('tools/call: name, kind, attributes, the negotiated revision, a user child span', async () => {
    const c = core(o);
    const l = link();
    await c.handle(
      rpc(1, 'initialize', { protocolVersion: '2025-06-18', capabilities: {} }),
      undefined,
      l,
    );
    await c.handle(rpc(7, 'tools/call', { name: 'weather', arguments: {} }), undefined, l);
    const span = o.span('tools/call weather');
    expect(span.kind).toBe(SpanKind.SERVER);
    expect(span.attributes).toEqual({
      'mcp.method.name': 'tools/call',
      'jsonrpc.request.id': '7',
      'jsonrpc.protocol.version': '2.0',
      'gen_ai.tool.name': 'weather',
      'gen_ai.operation.name': 'execute_tool',
      'mcp.protocol.version': '2025-06-18',
    });
    expect(span.status.code).toBe(SpanStatusCode.UNSET);
    const child = o.span('lookup');
    expect(child.parentSpanContext?.spanId).toBe(span.spanContext().spanId);
    expect(child.spanContext().traceId).toBe(span.spanContext().traceId);
    expect(o.span('initialize').attributes['mcp.protocol.version']).toBe('2025-06-18');
  });

  it('resources/read carries mcp.resource.uri, prompts/get its name, notifications a span too', async () => {
    const c = core(o);
    await c.handle(rpc(1, 'resources/read', { uri: 'file:///a.txt' }));
    await c.handle(rpc(2, 'prompts/get', { name: 'summary' }));
    await c.handle(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    expect(o.span('resources/read').attributes['mcp.resource.uri']).toBe('file:///a.txt');
    expect(o.span('prompts/get summary').attributes['gen_ai.prompt.name']).toBe('summary');
    const note = o.span('notifications/initialized');
    expect(note.attributes['jsonrpc.request.id']).toBeUndefined();
  });

  it('a JSON-RPC error: error.type and rpc.response.status_code are its code, status ERROR with its message', async () => {
    const c = core(o);
    await c.handle(rpc(1, 'tools/call', { name: 'nope' }));
    await c.handle(rpc(2, 'no/such'));
    const span = o.span('tools/call nope');
    expect(span.attributes['error.type']).toBe('-32602');
    expect(span.attributes['rpc.response.status_code']).toBe('-32602');
    expect(span.status).toEqual({ code: SpanStatusCode.ERROR, message: 'Unknown tool: nope' });
    expect(o.span('no/such').status).toEqual({
      code: SpanStatusCode.ERROR,
      message: 'Method not found',
    });
  });

  it('an unexpected throw: -32603 with the exception recorded; an isError result: tool_error', async () => {
    const c = core(o);
    await c.handle(rpc(1, 'tools/call', { name: 'crash' }));
    await c.handle(rpc(2, 'tools/call', { name: 'broken' }));
    const crash = o.span('tools/call crash');
    expect(crash.attributes['error.type']).toBe('-32603');
    expect(crash.status).toEqual({ code: SpanStatusCode.ERROR, message: 'Internal error' });
    expect(crash.events.map((e) => [e.name, e.attributes?.['exception.message']])).toEqual([
      ['exception', 'database down'],
    ]);
    const broken = o.span('tools/call broken');
    expect(broken.attributes['error.type']).toBe('tool_error');
    expect(broken.attributes['rpc.response.status_code']).toBeUndefined();
    expect(broken.status).toEqual({
      code: SpanStatusCode.ERROR,
      message: 'No station near there.',
    });
  });

  it('the parent comes from params._meta.traceparent / tracestate', async () => {
    await core(o).handle(
      rpc(1, 'tools/call', {
        name: 'weather',
        _meta: { traceparent: PARENT, tracestate: 'rojo=00f067aa0ba902b7' },
      }),
    );
    const span = o.span('tools/call weather');
    expect(span.spanContext().traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(span.parentSpanContext?.spanId).toBe('00f067aa0ba902b7');
    expect(span.parentSpanContext?.isRemote).toBe(true);
    expect(span.spanContext().traceState?.get('rojo')).toBe('00f067aa0ba902b7');
  });

  it('an HTTP traceparent header is the parent when _meta has none; a malformed one is ignored', async () => {
    const c = core(o);
    const headers = { traceparent: PARENT };
    await c.handle(rpc(1, 'tools/list'), undefined, { ...link(), headers });
    expect(o.span('tools/list').parentSpanContext?.spanId).toBe('00f067aa0ba902b7');
    o.exporter.reset();
    await c.handle(rpc(2, 'tools/list'), undefined, {
      ...link(),
      headers: { traceparent: '00-00000000000000000000000000000000-00f067aa0ba902b7-01' },
    });
    expect(o.span('tools/list').parentSpanContext).toBeUndefined();
  });

  it('a 2026-07-28 request carries the revision of its _meta', async () => {
    await core(o).handle(rpc(1, 'tools/list', { _meta: MODERN }));
    expect(o.span('tools/list').attributes['mcp.protocol.version']).toBe('2026-07-28');
  });
});

describe('the call channel carries the trace to the client', () => {
  it('2025: elicitation/create is a CLIENT span under the call, its context in _meta', async () => {
    const c = core(o);
    const seen: JsonObject[] = [];
    const client = await connect(c, undefined, {
      capabilities: { elicitation: {} },
      handlers: {
        'elicitation/create': (params) => {
          seen.push(params);
          return { action: 'decline' };
        },
      },
    });
    await client.callTool('ask');
    const call = o.span('tools/call ask');
    const ask = o.span('elicitation/create');
    expect(ask.kind).toBe(SpanKind.CLIENT);
    expect(ask.parentSpanContext?.spanId).toBe(call.spanContext().spanId);
    const { traceId, spanId } = ask.spanContext();
    expect((seen[0]!._meta as JsonObject).traceparent).toBe(`00-${traceId}-${spanId}-01`);
    client.close();
  });

  it('2025: sampling/createMessage is a CLIENT span under the call, its context in _meta', async () => {
    const c = core(o);
    const seen: JsonObject[] = [];
    const client = await connect(c, undefined, {
      capabilities: { sampling: {} },
      handlers: {
        'sampling/createMessage': (params) => {
          seen.push(params);
          return { role: 'assistant', content: { type: 'text', text: 'Short.' }, model: 'm' };
        },
      },
    });
    await client.callTool('summarize');
    const call = o.span('tools/call summarize');
    const ask = o.span('sampling/createMessage');
    expect(ask.kind).toBe(SpanKind.CLIENT);
    expect(ask.attributes['mcp.method.name']).toBe('sampling/createMessage');
    expect(ask.parentSpanContext?.spanId).toBe(call.spanContext().spanId);
    const { traceId, spanId } = ask.spanContext();
    expect((seen[0]!._meta as JsonObject).traceparent).toBe(`00-${traceId}-${spanId}-01`);
    client.close();
  });

  it("2026-07-28 MRTR: a sampling ask in input_required carries the round span's context", async () => {
    const c = core(o);
    const modern = {
      ...MODERN,
      'io.modelcontextprotocol/clientCapabilities': { sampling: {} },
    };
    const first = JSON.parse(
      (await c.handle(rpc(1, 'tools/call', { name: 'summarize', _meta: modern })))!,
    ).result;
    expect(first.resultType).toBe('input_required');
    const { traceId, spanId } = o.span('tools/call summarize').spanContext();
    expect(first.inputRequests.summary.method).toBe('sampling/createMessage');
    expect(first.inputRequests.summary.params._meta).toEqual({
      traceparent: `00-${traceId}-${spanId}-01`,
    });
    expect(first.inputRequests.summary.params.maxTokens).toBe(50);
  });

  it('2026-07-28 MRTR: each round its own span; the asks carry its context; the retry links to it', async () => {
    const c = core(o);
    const first = JSON.parse(
      (await c.handle(rpc(1, 'tools/call', { name: 'ask', _meta: MODERN })))!,
    ).result;
    const round1 = o.span('tools/call ask');
    const { traceId, spanId } = round1.spanContext();
    expect(first.inputRequests.city.params._meta).toEqual({
      traceparent: `00-${traceId}-${spanId}-01`,
    });
    o.exporter.reset();
    await c.handle(
      rpc(2, 'tools/call', {
        name: 'ask',
        _meta: MODERN,
        requestState: first.requestState,
        inputResponses: { city: { action: 'cancel' } },
      }),
    );
    const round2 = o.span('tools/call ask');
    expect(round2.spanContext().spanId).not.toBe(spanId);
    expect(round2.links.map((l) => l.context.spanId)).toEqual([spanId]);
  });
});

describe('metrics', () => {
  it('mcp.server.operation.duration: seconds, the advised buckets, no request or session id', async () => {
    const c = core(o);
    await c.handle(rpc(1, 'tools/call', { name: 'weather' }));
    await c.handle(rpc(2, 'tools/call', { name: 'broken' }));
    await c.handle(rpc(3, 'tools/call', { name: 'no-such-tool' }));
    const points = await o.histogram('mcp.server.operation.duration');
    expect(points.map((p) => p.attributes)).toEqual([
      {
        'mcp.method.name': 'tools/call',
        'jsonrpc.protocol.version': '2.0',
        'gen_ai.tool.name': 'weather',
        'gen_ai.operation.name': 'execute_tool',
      },
      {
        'mcp.method.name': 'tools/call',
        'jsonrpc.protocol.version': '2.0',
        'gen_ai.tool.name': 'broken',
        'gen_ai.operation.name': 'execute_tool',
        'error.type': 'tool_error',
      },
      {
        // The unknown tool's name is the client's text: kept off the metric.
        'mcp.method.name': 'tools/call',
        'jsonrpc.protocol.version': '2.0',
        'gen_ai.operation.name': 'execute_tool',
        'error.type': '-32602',
        'rpc.response.status_code': '-32602',
      },
    ]);
    expect(points[0]!.value.count).toBe(1);
    expect(points[0]!.value.buckets.boundaries).toEqual([
      0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300,
    ]);
  });

  it('mcp.server.session.duration: one point when a 2025 session ends', async () => {
    const client = await connect(core(o));
    expect(await o.histogram('mcp.server.session.duration')).toEqual([]);
    client.close();
    const points = await o.histogram('mcp.server.session.duration');
    expect(points.map((p) => [p.attributes, p.value.count])).toEqual([
      [{ 'jsonrpc.protocol.version': '2.0', 'mcp.protocol.version': '2025-11-25' }, 1],
    ]);
  });
});

describe('off', () => {
  it('telemetry: false records nothing, even with providers at hand', async () => {
    const c = core(undefined, { telemetry: false });
    expect(c.rpc.observer).toBeUndefined();
    await c.handle(rpc(1, 'tools/call', { name: 'weather' }));
    expect(o.spans().filter((s) => s.name !== 'lookup')).toEqual([]);
  });

  it('no provider registered: the first request steps the observer off the dispatcher', async () => {
    const c = core(undefined);
    expect(c.rpc.observer).toBeDefined();
    await c.handle(rpc(1, 'tools/list'));
    expect(c.rpc.observer).toBeUndefined();
    expect(await o.histogram('mcp.server.operation.duration')).toEqual([]);
  });
});
