/**
 * DeclarativeMcpModule gets OpenTelemetry the way every other face does: `forRoot({ telemetry })`
 * (or the global providers), one SERVER span and one metric point per request, with the HTTP
 * facts of the Nest server's connection, the session, the parent from the `traceparent` header,
 * and a Nest exception as `tool_error`. A real Nest application on both platforms, driven by the
 * official SDK client, with the OpenTelemetry SDK in memory.
 */
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type INestApplication, Module } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { DeclarativeMcpModule } from '../../src/nestjs';
import { OrderRepository, OrderService, OrdersTools } from '../fixtures/orders-providers';
import { type Otel, otel } from '../helpers/otel';

const PARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

describe.each([
  ['express', () => new ExpressAdapter()],
  ['fastify', () => new FastifyAdapter()],
])('DeclarativeMcpModule on %s, traced', (_platform, adapter) => {
  let o: Otel;
  let app: INestApplication;
  let url: string;

  beforeAll(async () => {
    o = otel();
    @Module({
      imports: [
        DeclarativeMcpModule.forRoot({
          name: 'Orders',
          version: '1.0.0',
          telemetry: { tracerProvider: o.tracerProvider, meterProvider: o.meterProvider },
        }),
      ],
      providers: [OrderRepository, OrderService, OrdersTools],
    })
    class AppModule {}
    const testing = await Test.createTestingModule({ imports: [AppModule] }).compile();
    app = testing.createNestApplication(adapter(), { logger: false });
    await app.listen(0, '127.0.0.1');
    const { port } = app.getHttpServer().address() as AddressInfo;
    url = `http://127.0.0.1:${port}/mcp`;
  });
  afterAll(async () => {
    await app.close();
    await o.shutdown();
  });

  test('a span per request with the connection, the session and the header parent; the metric', async () => {
    const client = new Client({ name: 'nest-otel', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { traceparent: PARENT } },
    });
    await client.connect(transport);
    await client.callTool({ name: 'order', arguments: { id: 1 } });
    const refused = await client.callTool({ name: 'cancel', arguments: { id: 2 } });
    expect(refused.isError).toBe(true);
    const session = transport.sessionId;
    expect(session).toEqual(expect.any(String));
    await transport.terminateSession();
    await client.close();

    const port = Number(new URL(url).port);
    const order = o.span('tools/call order');
    expect(order.kind).toBe(SpanKind.SERVER);
    expect(order.parentSpanContext?.spanId).toBe('00f067aa0ba902b7');
    expect(order.attributes).toMatchObject({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'order',
      'gen_ai.operation.name': 'execute_tool',
      'mcp.protocol.version': transport.protocolVersion,
      'mcp.session.id': session,
      'network.transport': 'tcp',
      'network.protocol.name': 'http',
      'network.protocol.version': '1.1',
      'server.address': '127.0.0.1',
      'server.port': port,
      'client.address': '127.0.0.1',
    });
    expect(o.span('initialize').attributes['mcp.session.id']).toBe(session);

    const cancel = o.span('tools/call cancel');
    expect(cancel.attributes['error.type']).toBe('tool_error');
    expect(cancel.status).toEqual({
      code: SpanStatusCode.ERROR,
      message: 'Forbidden (403): You may not cancel order 2.',
    });

    const points = await o.histogram('mcp.server.operation.duration');
    const calls = points.filter((p) => p.attributes['mcp.method.name'] === 'tools/call');
    expect(
      calls.map((p) => [p.attributes['gen_ai.tool.name'], p.attributes['error.type']]),
    ).toEqual([
      ['order', undefined],
      ['cancel', 'tool_error'],
    ]);
    expect(calls.every((p) => p.attributes['mcp.session.id'] === undefined)).toBe(true);
    // The client's DELETE ended the session: its duration is recorded.
    expect((await o.histogram('mcp.server.session.duration')).length).toBe(1);
  });
});
