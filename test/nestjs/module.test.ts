/**
 * DeclarativeMcpModule in a Nest application on both platforms, driven by the official SDK
 * client: discovery and constructor injection, calls, a Nest exception as an isError result,
 * progress, elicitation, sessions, bodies past Express's 100 kB, and a Nest middleware and guard
 * in front of the path seeing the request as usual.
 */
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import {
  type CanActivate,
  type ExecutionContext,
  type INestApplication,
  Injectable,
  type MiddlewareConsumer,
  Module,
  type NestModule,
} from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { McpApplication } from '../../src';
import { DeclarativeMcpModule, McpHttpEndpoint } from '../../src/nestjs';
import { OrderRepository, OrderService, OrdersTools } from '../fixtures/orders-providers';

/** What the middleware and the guard saw of requests to the MCP path. */
interface Seen {
  middleware: Array<{ method: string; type: string | undefined }>;
  guard: Array<{ method: string; type: string | undefined; session: string | undefined }>;
}

function appModule(seen: Seen) {
  @Injectable()
  class McpGuard implements CanActivate {
    canActivate(context: ExecutionContext): boolean {
      const req = context.switchToHttp().getRequest();
      const headers = (req.raw ?? req).headers as Record<string, string | undefined>;
      seen.guard.push({
        method: req.method,
        type: headers['content-type'],
        session: headers['mcp-session-id'],
      });
      return headers['x-blocked'] === undefined;
    }
  }

  @Module({
    imports: [DeclarativeMcpModule.forRoot({ name: 'Orders', version: '1.0.0' })],
    providers: [
      OrderRepository,
      OrderService,
      OrdersTools,
      { provide: APP_GUARD, useClass: McpGuard },
    ],
  })
  class AppModule implements NestModule {
    configure(consumer: MiddlewareConsumer): void {
      consumer
        .apply(
          (
            req: { method: string; headers: Record<string, string> },
            _res: unknown,
            next: () => void,
          ) => {
            seen.middleware.push({ method: req.method, type: req.headers['content-type'] });
            next();
          },
        )
        .forRoutes('mcp');
    }
  }
  return AppModule;
}

async function connect(url: string, capabilities: Record<string, object> = {}) {
  const client = new Client({ name: 'nest-test', version: '1.0.0' }, { capabilities });
  const transport = new StreamableHTTPClientTransport(new URL(url));
  await client.connect(transport);
  return { client, transport };
}

function text(result: object): string {
  return (result as { content: Array<{ text: string }> }).content[0]!.text;
}

describe.each([
  ['express', () => new ExpressAdapter()],
  ['fastify', () => new FastifyAdapter()],
])('DeclarativeMcpModule on %s', (_platform, adapter) => {
  const seen: Seen = { middleware: [], guard: [] };
  let app: INestApplication;
  let url: string;
  const clients: Client[] = [];

  beforeAll(async () => {
    const testing = await Test.createTestingModule({ imports: [appModule(seen)] }).compile();
    app = testing.createNestApplication(adapter(), { logger: false });
    await app.listen(0, '127.0.0.1');
    const { port } = app.getHttpServer().address() as AddressInfo;
    url = `http://127.0.0.1:${port}/mcp`;
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await app.close();
  });

  test('the discovered providers are listed and called, with their injected services', async () => {
    const { client } = await connect(url);
    clients.push(client);
    expect(client.getServerVersion()).toEqual({ name: 'Orders', version: '1.0.0' });
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'order',
      'cancel',
      'echo',
      'whoami',
      'pack',
      'note',
    ]);
    const order = await client.callTool({ name: 'order', arguments: { id: 1 } });
    expect(order.structuredContent).toBeUndefined();
    expect(JSON.parse(text(order))).toEqual({ id: 1, item: 'tea', status: 'open' });
    const read = await client.readResource({ uri: 'orders://2' });
    expect(read.contents).toEqual([
      {
        uri: 'orders://2',
        mimeType: 'application/json',
        text: '{"id":2,"item":"coffee","status":"open"}',
      },
    ]);
  });

  test('a Nest HttpException thrown by a tool is an isError result the model can read', async () => {
    const { client } = await connect(url);
    clients.push(client);
    expect(await client.callTool({ name: 'cancel', arguments: { id: 2 } })).toEqual({
      content: [{ type: 'text', text: 'Forbidden (403): You may not cancel order 2.' }],
      isError: true,
    });
    expect(await client.callTool({ name: 'order', arguments: { id: 9 } })).toEqual({
      content: [{ type: 'text', text: 'Not Found (404): Order 9 does not exist.' }],
      isError: true,
    });
    const failure = await client
      .readResource({ uri: 'orders://9' })
      .catch((error: unknown) => error);
    expect((failure as { code: number }).code).toBe(-32602);
    expect((failure as Error).message).toContain('Not Found (404): Order 9 does not exist.');
  });

  test('@Context() is the HttpSession; progress and elicitation reach the client', async () => {
    const { client, transport } = await connect(url, { elicitation: {} });
    clients.push(client);
    expect(JSON.parse(text(await client.callTool({ name: 'whoami', arguments: {} })))).toEqual({
      session: transport.sessionId,
    });
    const progress: unknown[] = [];
    const packed = await client.callTool({ name: 'pack', arguments: {} }, undefined, {
      onprogress: (p) => progress.push(p),
    });
    expect(text(packed)).toBe('packed');
    expect(progress).toEqual([
      { progress: 1, total: 2, message: 'half way' },
      { progress: 2, total: 2 },
    ]);
    client.setRequestHandler(ElicitRequestSchema, async () => ({
      action: 'accept',
      content: { note: 'ring twice' },
    }));
    expect(text(await client.callTool({ name: 'note', arguments: {} }))).toBe(
      '{"action":"accept","content":{"note":"ring twice"}}',
    );
  });

  test('sessions: one per client, ended by DELETE', async () => {
    const endpoint = app.get(McpHttpEndpoint);
    const { client, transport } = await connect(url);
    const before = endpoint.handler!.sessions;
    expect(before).toBeGreaterThan(0);
    await transport.terminateSession();
    expect(endpoint.handler!.sessions).toBe(before - 1);
    await client.close();
  });

  test('a body past the platform parser’s limit is read by the MCP handler (4 MiB), not refused', async () => {
    const { client } = await connect(url);
    clients.push(client);
    const big = 'x'.repeat(1_500_000);
    expect(text(await client.callTool({ name: 'echo', arguments: { text: big } }))).toBe(
      '1500000:xxxxxxxxxx',
    );
    const tooBig = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'ping',
        params: { pad: 'y'.repeat(5 * 1024 * 1024) },
      }),
    });
    expect(tooBig.status).toBe(413);
  });

  test('the middleware and the guard see the MCP request as usual; a guard refusal is Nest’s 403', async () => {
    const posts = seen.guard.filter((entry) => entry.method === 'POST');
    expect(posts.length).toBeGreaterThan(0);
    expect(posts.every((entry) => entry.type === 'application/json')).toBe(true);
    expect(posts.some((entry) => entry.session !== undefined)).toBe(true);
    expect(
      seen.middleware
        .filter((entry) => entry.method === 'POST')
        .every((e) => e.type === 'application/json'),
    ).toBe(true);
    expect(seen.middleware.length).toBeGreaterThan(0);
    const blocked = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'x-blocked': 'yes',
      },
      body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
    });
    expect(blocked.status).toBe(403);
    expect(await blocked.json()).toMatchObject({ statusCode: 403 });
  });

  test('the security defaults stay on: a foreign Origin is refused', async () => {
    const refused = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        origin: 'https://evil.example',
      },
      body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
    });
    expect(refused.status).toBe(403);
  });

  test('app.get(McpApplication) is the application served', async () => {
    const mcp = app.get(McpApplication);
    expect(mcp.describe().map((info) => `${info.provider}.${info.method}`)).toContain(
      'OrdersTools.cancel',
    );
  });
});
