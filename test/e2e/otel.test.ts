/**
 * OpenTelemetry end to end: build/examples/otel.js (the OpenTelemetry Node SDK with the OTLP/HTTP
 * exporters, no instrumentation code in the application) exports to a small OTLP receiver in this
 * test, which decodes what arrived. The official SDK v2 client calls the `book` tool, which asks
 * the user and calls a traced service, over stdio and Streamable HTTP, in 2025-11-25 and pinned
 * to 2026-07-28.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { environment, example, launch } from './examples';

type Mode = 'legacy' | '2026-07-28';
type Via = 'stdio' | 'http';

/** An OTLP/JSON attribute value. */
type Value = { stringValue?: string; intValue?: string | number; boolValue?: boolean };
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: Array<{ key: string; value: Value }>;
  links?: Array<{ traceId: string; spanId: string }>;
  status?: { code?: number; message?: string };
}

const PARENT_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT = `00-${PARENT_TRACE}-00f067aa0ba902b7-01`;
// OTLP's SpanKind: 2 SERVER, 3 CLIENT.
const SERVER = 2;
const CLIENT = 3;

/** What the receiver got, by path (`/v1/traces`, `/v1/metrics`), decoded from OTLP/JSON. */
const received: Record<string, unknown[]> = {};
let receiver: Server;
let endpoint: string;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '';
      const type = String(req.headers['content-type']);
      const list = received[path] ?? [];
      received[path] = list;
      list.push(
        type.includes('json') ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : { type },
      );
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

function spans(): OtlpSpan[] {
  const all: OtlpSpan[] = [];
  for (const body of received['/v1/traces'] ?? []) {
    const { resourceSpans = [] } = body as {
      resourceSpans?: Array<{ scopeSpans: Array<{ spans: OtlpSpan[] }> }>;
    };
    for (const resource of resourceSpans) {
      for (const scope of resource.scopeSpans) all.push(...scope.spans);
    }
  }
  return all;
}

function metricNames(): string[] {
  const names: string[] = [];
  for (const body of received['/v1/metrics'] ?? []) {
    const { resourceMetrics = [] } = body as {
      resourceMetrics?: Array<{ scopeMetrics: Array<{ metrics: Array<{ name: string }> }> }>;
    };
    for (const resource of resourceMetrics) {
      for (const scope of resource.scopeMetrics) names.push(...scope.metrics.map((m) => m.name));
    }
  }
  return names;
}

function attributes(span: OtlpSpan): Record<string, string | number | boolean | undefined> {
  const out: Record<string, string | number | boolean | undefined> = {};
  for (const { key, value } of span.attributes ?? []) {
    out[key] =
      value.stringValue ??
      (value.intValue === undefined ? value.boolValue : Number(value.intValue));
  }
  return out;
}

describe.each<[Via, Mode]>([
  ['stdio', 'legacy'],
  ['stdio', '2026-07-28'],
  ['http', 'legacy'],
  ['http', '2026-07-28'],
])('over %s, %s', (via, mode) => {
  it('exports the call, its ask and the user’s span over OTLP/HTTP', async () => {
    for (const key of Object.keys(received)) delete received[key];
    const env = { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_TRACES_SAMPLER: 'always_on' };
    const server =
      via === 'http' ? launch(example('otel'), ['--http', '--port', '0'], { env }) : undefined;
    try {
      const url =
        server === undefined ? '' : (await server.waitFor(/listening (http:\/\/\S+)/))[1]!;
      const client = new Client(
        { name: 'otel-e2e', version: '1.0.0' },
        {
          capabilities: { elicitation: { form: {} } },
          versionNegotiation: { mode: mode === 'legacy' ? 'legacy' : { pin: mode } },
        },
      );
      client.setRequestHandler('elicitation/create', async () => ({
        action: 'accept' as const,
        content: { nights: 2 },
      }));
      const stdio =
        via === 'stdio'
          ? new StdioClientTransport({
              command: process.execPath,
              args: [example('otel')],
              env: environment(env) as Record<string, string>,
              stderr: 'pipe',
            })
          : undefined;
      await client.connect(stdio ?? new StreamableHTTPClientTransport(new URL(url)));
      const result = await client.callTool({
        name: 'book',
        arguments: { city: 'Oslo' },
        _meta: { traceparent: PARENT },
      });
      expect(JSON.stringify(result.content)).toContain('2 nights in Oslo');
      await client.close();
      // The child flushes its exporters as it stops (end of stdin, or SIGTERM).
      if (server !== undefined) expect(await server.stop()).toBe(0);
      else await new Promise((resolve) => setTimeout(resolve, 0));
    } finally {
      await server?.stop();
    }
    await waitForSpans(via);

    const calls = spans().filter((s) => s.name === 'tools/call book');
    const version = mode === 'legacy' ? '2025-11-25' : '2026-07-28';
    // 2025: one call, its ask a server→client request; 2026: two rounds (input_required, then the retry).
    expect(calls).toHaveLength(mode === 'legacy' ? 1 : 2);
    const first = calls[0]!;
    const last = calls[calls.length - 1]!;
    expect(first.kind).toBe(SERVER);
    expect(first.traceId).toBe(PARENT_TRACE);
    expect(first.parentSpanId).toBe('00f067aa0ba902b7');
    const attrs = attributes(last);
    expect(attrs).toMatchObject({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'book',
      'gen_ai.operation.name': 'execute_tool',
      'mcp.protocol.version': version,
      'network.transport': via === 'http' ? 'tcp' : 'pipe',
    });
    if (via === 'http') {
      expect(attrs).toMatchObject({
        'network.protocol.name': 'http',
        'network.protocol.version': '1.1',
        'server.address': '127.0.0.1',
        'client.address': '127.0.0.1',
      });
      expect(typeof attrs['server.port']).toBe('number');
      expect(typeof attrs['mcp.session.id']).toBe(mode === 'legacy' ? 'string' : 'undefined');
    }
    const service = spans().find((s) => s.name === 'availability.check');
    expect(service?.parentSpanId).toBe(last.spanId);
    if (mode === 'legacy') {
      const ask = spans().find((s) => s.name === 'elicitation/create');
      expect(ask?.kind).toBe(CLIENT);
      expect(ask?.parentSpanId).toBe(first.spanId);
    } else {
      expect(last.links?.map((l) => l.spanId)).toEqual([first.spanId]);
    }
    expect(metricNames()).toContain('mcp.server.operation.duration');
  }, 30_000);
});

/** The stdio child exports as it exits, after the client closed it: wait (bounded) for its spans. */
async function waitForSpans(via: Via): Promise<void> {
  const until = Date.now() + 10_000;
  while (!spans().some((s) => s.name === 'availability.check')) {
    if (Date.now() > until) {
      throw new Error(
        `no spans arrived over ${via} within 10 s: got ${JSON.stringify(spans().map((s) => s.name))}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // The metrics come with the same shutdown; a moment more for their request to land.
  const metricsBy = Date.now() + 5_000;
  while (metricNames().length === 0 && Date.now() < metricsBy) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
