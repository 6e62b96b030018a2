/**
 * Scanning providers: the class chain is walked once at start-up; a subclass keeps its base
 * class's tools and overrides one by redeclaring its method.
 */
import 'reflect-metadata';
import { Context, type Interceptor, McpApplication, Tool, Use } from 'declarative-mcp';
import { connect } from 'declarative-mcp/testing';
import { z } from 'zod';

const greeting = z.object({ name: z.string() });

class BaseTools {
  @Tool({ description: 'Says hello.', input: greeting })
  hello({ name }: { name: string }) {
    return `Hello, ${name}.`;
  }

  @Tool({ description: 'Says bye.', input: greeting })
  bye({ name }: { name: string }) {
    return `Bye, ${name}.`;
  }

  @Tool({ description: 'Who is asking.' })
  whoami(@Context() context: { user: string }) {
    return `base:${context.user}`;
  }
}

describe('inheritance', () => {
  it('a subclass keeps its base class’s tools', async () => {
    class Sub extends BaseTools {}
    const client = await connect(
      McpApplication.create({ name: 's', version: '1', providers: [Sub] }),
      { user: 'ada' },
    );
    expect((await client.listTools()).map((t) => t.name)).toEqual(['hello', 'bye', 'whoami']);
    expect(await client.callTool('bye', { name: 'Ada' })).toEqual({
      content: [{ type: 'text', text: 'Bye, Ada.' }],
      isError: false,
    });
    expect(await client.callTool('whoami')).toEqual({
      content: [{ type: 'text', text: 'base:ada' }],
      isError: false,
    });
  });

  it('a redeclared, decorated method overrides the base record (schema, description, body)', async () => {
    class Sub extends BaseTools {
      @Tool({ description: 'Says hello loudly.', input: z.object({ name: z.string().min(2) }) })
      override hello({ name }: { name: string }) {
        return `HELLO, ${name.toUpperCase()}!`;
      }
    }
    const client = await connect(
      McpApplication.create({ name: 's', version: '1', providers: [Sub] }),
    );
    const tools = await client.listTools();
    // Still one tool of that name: the base record is not listed beside the override.
    expect(tools.map((t) => t.name).sort()).toEqual(['bye', 'hello', 'whoami']);
    expect(tools.find((t) => t.name === 'hello')).toEqual({
      name: 'hello',
      description: 'Says hello loudly.',
      inputSchema: {
        type: 'object',
        properties: { name: { type: 'string', minLength: 2 } },
        required: ['name'],
      },
    });
    expect(await client.callTool('hello', { name: 'ada' })).toEqual({
      content: [{ type: 'text', text: 'HELLO, ADA!' }],
      isError: false,
    });
    expect((await client.callTool('hello', { name: 'a' })).isError).toBe(true);
    // The base class itself is unchanged.
    const base = await connect(
      McpApplication.create({ name: 'b', version: '1', providers: [BaseTools] }),
    );
    expect(await base.callTool('hello', { name: 'ada' })).toEqual({
      content: [{ type: 'text', text: 'Hello, ada.' }],
      isError: false,
    });
  });

  it('an override without a decorator keeps the base record but runs the subclass method', async () => {
    class Sub extends BaseTools {
      override bye({ name }: { name: string }) {
        return `See you, ${name}.`;
      }
      override whoami(context: { user: string }) {
        return `sub:${context.user}`;
      }
    }
    const client = await connect(
      McpApplication.create({ name: 's', version: '1', providers: [Sub] }),
      { user: 'bob' },
    );
    const bye = (await client.listTools()).find((t) => t.name === 'bye');
    expect(bye?.description).toBe('Says bye.');
    expect(await client.callTool('bye', { name: 'Bob' })).toEqual({
      content: [{ type: 'text', text: 'See you, Bob.' }],
      isError: false,
    });
    // The base's @Context() mark still places the context.
    expect(await client.callTool('whoami')).toEqual({
      content: [{ type: 'text', text: 'sub:bob' }],
      isError: false,
    });
  });

  it('a subclass may add tools; three levels deep work the same', async () => {
    class Middle extends BaseTools {
      @Tool() middle() {
        return 'middle';
      }
    }
    class Leaf extends Middle {
      @Tool({ description: 'Leaf bye.', input: greeting })
      override bye({ name }: { name: string }) {
        return `Leaf bye, ${name}.`;
      }
      @Tool() leaf() {
        return 'leaf';
      }
    }
    const client = await connect(
      McpApplication.create({ name: 's', version: '1', providers: [Leaf] }),
    );
    expect((await client.listTools()).map((t) => t.name).sort()).toEqual([
      'bye',
      'hello',
      'leaf',
      'middle',
      'whoami',
    ]);
    expect(await client.callTool('bye', { name: 'X' })).toEqual({
      content: [{ type: 'text', text: 'Leaf bye, X.' }],
      isError: false,
    });
    expect(await client.callTool('middle')).toEqual({
      content: [{ type: 'text', text: 'middle' }],
      isError: false,
    });
  });

  it('class interceptors of the whole chain apply, base class first', async () => {
    const order: string[] = [];
    const tag =
      (label: string): Interceptor =>
      async (_invocation, next) => {
        order.push(label);
        return next();
      };
    @Use(tag('base'))
    class Base {
      @Tool() run() {
        order.push('method');
        return 'ok';
      }
    }
    @Use(tag('sub'))
    class Sub extends Base {}
    const client = await connect(
      McpApplication.create({ name: 's', version: '1', providers: [Sub] }),
    );
    await client.callTool('run');
    expect(order).toEqual(['base', 'sub', 'method']);
  });
});
