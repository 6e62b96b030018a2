/**
 * Interceptors: application, class (`@Use` on the class) and method (`@Use` on the method), in
 * onion order. They see the definition, the validated arguments and the context, may
 * short-circuit, and may throw a ToolError.
 */
import 'reflect-metadata';
import { IsInt, Min } from 'class-validator';
import {
  Context,
  type Interceptor,
  type Invocation,
  McpApplication,
  type McpApplicationOptions,
  Prompt,
  Resource,
  Tool,
  ToolError,
  Use,
} from 'declarative-mcp';
import { connect } from 'declarative-mcp/testing';
import { z } from 'zod';

function app(providers: Function[], options: Partial<McpApplicationOptions> = {}) {
  return McpApplication.create({
    name: 'i',
    version: '1',
    providers: providers as unknown as McpApplicationOptions['providers'],
    ...options,
  });
}

describe('onion order', () => {
  it('application, then class, then method; exits in reverse', async () => {
    const order: string[] = [];
    const around =
      (label: string): Interceptor =>
      async (_invocation, next) => {
        order.push(`>${label}`);
        const result = await next();
        order.push(`<${label}`);
        return result;
      };

    @Use(around('class1'), around('class2'))
    class Tools {
      @Use(around('method1'))
      @Use(around('method0'))
      @Tool()
      run() {
        order.push('run');
        return 'ok';
      }

      @Tool() plain() {
        order.push('plain');
        return 'ok';
      }
    }
    const client = await connect(app([Tools], { interceptors: [around('app1'), around('app2')] }));
    expect(await client.callTool('run')).toEqual({
      content: [{ type: 'text', text: 'ok' }],
      isError: false,
    });
    expect(order).toEqual([
      '>app1',
      '>app2',
      '>class1',
      '>class2',
      '>method0',
      '>method1',
      'run',
      '<method1',
      '<method0',
      '<class2',
      '<class1',
      '<app2',
      '<app1',
    ]);

    order.length = 0;
    await client.callTool('plain');
    expect(order).toEqual([
      '>app1',
      '>app2',
      '>class1',
      '>class2',
      'plain',
      '<class2',
      '<class1',
      '<app2',
      '<app1',
    ]);
  });

  it('method interceptors belong to their method only; class ones to their class only', async () => {
    const seen: string[] = [];
    const mark =
      (label: string): Interceptor =>
      (invocation, next) => {
        seen.push(`${label}:${invocation.name}`);
        return next();
      };
    @Use(mark('A'))
    class A {
      @Tool() a() {
        return 'a';
      }
    }
    class B {
      @Use(mark('B.b'))
      @Tool()
      b() {
        return 'b';
      }
      @Tool() c() {
        return 'c';
      }
    }
    const client = await connect(app([A, B]));
    await client.callTool('a');
    await client.callTool('b');
    await client.callTool('c');
    expect(seen).toEqual(['A:a', 'B.b:b']);
  });
});

describe('what an interceptor sees', () => {
  class Input {
    @IsInt() @Min(1) order!: number;
  }

  it('the definition, validated arguments (a DTO instance), the context, provider and method', async () => {
    const invocations: Invocation[] = [];
    const spy: Interceptor = (invocation, next) => {
      invocations.push(invocation);
      return next();
    };
    class Orders {
      @Tool({ description: 'Cancel.' })
      cancel(input: Input, @Context() _session: unknown) {
        return `cancelled ${input.order}`;
      }
      @Tool({ input: z.object({ n: z.coerce.number().default(5) }) })
      count({ n }: { n: number }) {
        return String(n);
      }
      @Resource({ uriTemplate: 'orders://{id}' }) order({ id }: { id: string }) {
        return id;
      }
      @Prompt({ args: z.object({ topic: z.string() }) }) write() {
        return 'write';
      }
    }
    const session = { user: 'ada' };
    const client = await connect(app([Orders], { interceptors: [spy] }), session);

    await client.callTool('cancel', { order: 42 });
    const [cancel] = invocations;
    expect(cancel.kind).toBe('tool');
    expect(cancel.name).toBe('cancel');
    expect(cancel.definition).toEqual({
      name: 'cancel',
      description: 'Cancel.',
      inputSchema: {
        type: 'object',
        properties: { order: { type: 'integer', minimum: 1 } },
        required: ['order'],
      },
    });
    expect(cancel.args).toBeInstanceOf(Input);
    expect(cancel.context).toBe(session);
    expect(cancel.provider).toBe(Orders);
    expect(cancel.method).toBe('cancel');
    expect(cancel.call).toMatchObject({ method: 'tools/call' });

    await client.callTool('count', { n: '3' });
    expect(invocations[1].args).toEqual({ n: 3 });

    await client.readResource('orders://9');
    expect(invocations[2]).toMatchObject({
      kind: 'template',
      name: 'orders://{id}',
      args: { id: '9' },
      method: 'order',
    });

    await client.getPrompt('write', { topic: 'x' });
    expect(invocations[3]).toMatchObject({ kind: 'prompt', name: 'write', args: { topic: 'x' } });
  });

  it('does not run for a call refused by validation or by authorization', async () => {
    const spy = jest.fn((_i: Invocation, next: () => Promise<unknown>) => next());
    class Tools {
      @Tool({ input: z.object({ n: z.number() }) }) run() {
        return 'ok';
      }
      @Tool({ scopes: ['admin'] }) admin() {
        return 'ok';
      }
    }
    const client = await connect(app([Tools], { interceptors: [spy] }), { scopes: [] });
    expect((await client.callTool('run', { n: 'x' })).isError).toBe(true);
    expect((await client.callTool('admin')).isError).toBe(true);
    expect(spy).not.toHaveBeenCalled();
  });
});

describe('short-circuit and failure', () => {
  it('can return a cached value without calling next', async () => {
    const cache = new Map<string, unknown>();
    const caching: Interceptor = async (invocation, next) => {
      const key = `${invocation.name}:${JSON.stringify(invocation.args)}`;
      if (cache.has(key)) return cache.get(key);
      const value = await next();
      cache.set(key, value);
      return value;
    };
    let computed = 0;
    class Weather {
      @Use(caching)
      @Tool({ input: z.object({ city: z.string() }) })
      forecast({ city }: { city: string }) {
        computed += 1;
        return `Sunny in ${city} (#${computed}).`;
      }
    }
    const client = await connect(app([Weather]));
    const first = await client.callTool('forecast', { city: 'Oslo' });
    const second = await client.callTool('forecast', { city: 'Oslo' });
    const other = await client.callTool('forecast', { city: 'Rome' });
    expect(first).toEqual({
      content: [{ type: 'text', text: 'Sunny in Oslo (#1).' }],
      isError: false,
    });
    expect(second).toEqual(first);
    expect(other).toEqual({
      content: [{ type: 'text', text: 'Sunny in Rome (#2).' }],
      isError: false,
    });
    expect(computed).toBe(2);
  });

  it('what it returns is mapped like a method’s return value', async () => {
    class Tools {
      @Use(async () => ({ answer: 42 }))
      @Tool()
      run() {
        return 'never';
      }
    }
    const client = await connect(app([Tools]));
    expect(await client.callTool('run')).toEqual({
      content: [{ type: 'text', text: '{"answer":42}' }],
      isError: false,
    });
  });

  it('can throw a ToolError (the model reads it); the method does not run', async () => {
    const ran = jest.fn();
    const guard: Interceptor = async (invocation, next) => {
      if ((invocation.context as { quota: number }).quota <= 0)
        throw new ToolError('Quota exhausted, try again tomorrow.');
      return next();
    };
    @Use(guard)
    class Tools {
      @Tool() run() {
        ran();
        return 'ok';
      }
    }
    const client = await connect(app([Tools]), { quota: 0 });
    expect(await client.callTool('run')).toEqual({
      content: [{ type: 'text', text: 'Quota exhausted, try again tomorrow.' }],
      isError: true,
    });
    expect(ran).not.toHaveBeenCalled();
  });

  it('sees the method’s error and may turn it into a result', async () => {
    const rescue: Interceptor = async (_invocation, next) => {
      try {
        return await next();
      } catch (error) {
        return `rescued: ${(error as Error).message}`;
      }
    };
    class Tools {
      @Use(rescue)
      @Tool()
      run() {
        throw new Error('boom');
      }
    }
    const client = await connect(app([Tools]));
    expect(await client.callTool('run')).toEqual({
      content: [{ type: 'text', text: 'rescued: boom' }],
      isError: false,
    });
  });

  it('an interceptor that throws another error is -32603 and reported', async () => {
    const reports: unknown[] = [];
    const broken: Interceptor = () => {
      throw new Error('interceptor bug');
    };
    class Tools {
      @Tool() run() {
        return 'ok';
      }
    }
    const application = app([Tools], {
      interceptors: [broken],
      reporter: (error) => reports.push(error),
    });
    expect(
      await application.handle(
        '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"run"}}',
      ),
    ).toBe('{"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"Internal error"}}');
    expect((reports[0] as Error).message).toBe('interceptor bug');
  });
});

describe('next() once per invocation', () => {
  it('a second next() rejects with "next() called more than once" and the method runs once', async () => {
    const ran = jest.fn(() => 'ok');
    const seen: unknown[] = [];
    const twice: Interceptor = async (_invocation, next) => {
      await next();
      try {
        return await next();
      } catch (error) {
        seen.push(error);
        throw error;
      }
    };
    class Tools {
      @Use(twice)
      @Tool()
      run() {
        return ran();
      }
    }
    const reports: unknown[] = [];
    const application = app([Tools], { reporter: (error) => reports.push(error) });
    expect(
      await application.handle(
        '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"run"}}',
      ),
    ).toBe('{"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"Internal error"}}');
    expect(ran).toHaveBeenCalledTimes(1);
    expect((seen[0] as Error).message).toMatch(/^next\(\) called more than once/);
    expect((reports[0] as Error).message).toBe(
      'next() called more than once (interceptor 1 of 1 around tool "run"): call it at most once per invocation, and keep its promise to reuse the result.',
    );
  });

  it('an outer interceptor calling next() twice does not run the inner one twice', async () => {
    const inner = jest.fn((_i: Invocation, next: () => Promise<unknown>) => next());
    const outer: Interceptor = async (_invocation, next) => {
      const first = await next();
      await next().catch(() => undefined);
      return first;
    };
    const ran = jest.fn(() => 'once');
    class Tools {
      @Tool() run() {
        return ran();
      }
    }
    const client = await connect(app([Tools], { interceptors: [outer, inner] }));
    expect(await client.callTool('run')).toEqual({
      content: [{ type: 'text', text: 'once' }],
      isError: false,
    });
    expect(inner).toHaveBeenCalledTimes(1);
    expect(ran).toHaveBeenCalledTimes(1);
  });

  it('each invocation gets its own budget: two calls run the method twice', async () => {
    let count = 0;
    class Tools {
      @Use((_i, next) => next())
      @Tool()
      run() {
        count += 1;
        return String(count);
      }
    }
    const client = await connect(app([Tools]));
    await client.callTool('run');
    expect(await client.callTool('run')).toEqual({
      content: [{ type: 'text', text: '2' }],
      isError: false,
    });
  });
});
