/**
 * What DeclarativeMcpModule finds and refuses: the same provider classes in a typedi
 * application and in a Nest application, a standalone application context for stdio,
 * forRootAsync, and the start-up errors (a request-scoped provider, options it does not take).
 */
import { Inject, Injectable, Module, Scope } from '@nestjs/common';
import { NestFactory, REQUEST } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { Container } from 'typedi';
import { z } from 'zod';
import { McpApplication, Tool } from '../../src';
import { DeclarativeMcpModule, nestHttpExceptions } from '../../src/nestjs';
import { OrderRepository, OrderService, OrdersTools } from '../fixtures/orders-providers';

const CALL =
  '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"cancel","arguments":{"id":ID}}}';

async function answersOf(app: McpApplication<any>): Promise<Array<string | null>> {
  return Promise.all([1, 2].map((id) => app.handle(CALL.replace('ID', String(id)))));
}

@Module({ providers: [OrderRepository, OrderService, OrdersTools] })
class OrdersModule {}

test('the same provider classes, unchanged, answer alike in a typedi and in a Nest application', async () => {
  const typedi = McpApplication.create({
    name: 'Orders',
    version: '1.0.0',
    providers: [OrdersTools],
    container: Container.of('nest-discovery-test'),
    // What the Nest module adds by itself; a hand-wired application opts in.
    interceptors: [nestHttpExceptions],
  });
  @Module({
    imports: [
      DeclarativeMcpModule.forRoot({ name: 'Orders', version: '1.0.0', http: false }),
      OrdersModule,
    ],
  })
  class AppModule {}
  const context = await NestFactory.createApplicationContext(AppModule, { logger: false });
  try {
    const nest = context.get(McpApplication);
    expect(await answersOf(nest)).toEqual(await answersOf(typedi));
    expect(await answersOf(nest)).toEqual([
      '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"Order 1 cancelled."}],"isError":false}}',
      '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"Forbidden (403): You may not cancel order 2."}],"isError":true}}',
    ]);
    // Nest's singleton is the instance that serves the tools.
    expect(nest.describe().filter((info) => info.provider === 'OrdersTools')).toHaveLength(7);
  } finally {
    await context.close();
  }
});

test('a standalone application context gives the application for stdio, and serves no HTTP', async () => {
  @Module({
    imports: [DeclarativeMcpModule.forRoot({ name: 'Orders', version: '1.0.0' }), OrdersModule],
  })
  class AppModule {}
  const context = await NestFactory.createApplicationContext(AppModule, { logger: false });
  try {
    const app = context.get(McpApplication);
    expect(app).toBeInstanceOf(McpApplication);
    expect(await app.handle('{"jsonrpc":"2.0","id":7,"method":"ping"}')).toBe(
      '{"jsonrpc":"2.0","id":7,"result":{}}',
    );
  } finally {
    await context.close();
  }
});

test('forRootAsync builds the options with injected values', async () => {
  const SETTINGS = Symbol('settings');
  @Module({
    providers: [{ provide: SETTINGS, useValue: { version: '2.3.4' } }],
    exports: [SETTINGS],
  })
  class SettingsModule {}
  @Module({
    imports: [
      DeclarativeMcpModule.forRootAsync({
        imports: [SettingsModule],
        inject: [SETTINGS],
        useFactory: async (settings: { version: string }) => ({
          name: 'Async',
          version: settings.version,
        }),
        http: false,
      }),
      OrdersModule,
    ],
  })
  class AppModule {}
  const testing = await Test.createTestingModule({ imports: [AppModule] }).compile();
  try {
    expect(testing.get(McpApplication).core.version).toBe('2.3.4');
  } finally {
    await testing.close();
  }
});

test('a transient provider gets an instance of its own; no instance is built twice otherwise', async () => {
  let built = 0;
  @Injectable({ scope: Scope.TRANSIENT })
  class Counter {
    readonly n = ++built;
    @Tool()
    count(): string {
      return String(this.n);
    }
  }
  @Module({
    imports: [DeclarativeMcpModule.forRoot({ name: 'T', version: '1', http: false })],
    providers: [Counter],
  })
  class AppModule {}
  const testing = await Test.createTestingModule({ imports: [AppModule] }).compile();
  try {
    const answer = await testing
      .get(McpApplication)
      .handle(
        '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"count","arguments":{}}}',
      );
    expect(answer).toMatch(/"text":"[1-9]"/);
    expect(built).toBeGreaterThanOrEqual(1);
  } finally {
    await testing.close();
  }
});

describe('start-up errors', () => {
  test('a REQUEST-scoped provider is refused, saying why', async () => {
    @Injectable({ scope: Scope.REQUEST })
    class PerRequest {
      @Tool({ input: z.object({}) })
      hello(): string {
        return 'hi';
      }
    }
    @Module({
      imports: [DeclarativeMcpModule.forRoot({ name: 'R', version: '1' })],
      providers: [PerRequest],
    })
    class AppModule {}
    await expect(Test.createTestingModule({ imports: [AppModule] }).compile()).rejects.toThrow(
      /Provider PerRequest \(in AppModule\) registers MCP tools, resources or prompts, but it is declared with scope: Scope\.REQUEST\. An MCP application resolves its providers once/,
    );
  });

  test('a provider that injects REQUEST is request-scoped too, and refused', async () => {
    @Injectable()
    class UsesRequest {
      constructor(@Inject(REQUEST) readonly request: unknown) {}
      @Tool()
      hello(): string {
        return 'hi';
      }
    }
    @Module({
      imports: [DeclarativeMcpModule.forRoot({ name: 'R', version: '1' })],
      providers: [UsesRequest],
    })
    class AppModule {}
    await expect(Test.createTestingModule({ imports: [AppModule] }).compile()).rejects.toThrow(
      /Provider UsesRequest \(in AppModule\) .* it injects a request-scoped provider/,
    );
  });

  test('"providers" and a bad path are refused with what to do', () => {
    expect(() =>
      DeclarativeMcpModule.forRoot({ name: 'X', version: '1', providers: [OrdersTools] } as never),
    ).toThrow(/"providers" is not an option here\. The providers are the Nest application's own/);
    expect(() => DeclarativeMcpModule.forRoot({ name: 'X', version: '1', path: 'mcp' })).toThrow(
      `DeclarativeMcpModule: "path" must start with "/", e.g. '/mcp'; got "mcp".`,
    );
  });
});
