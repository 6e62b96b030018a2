/**
 * The call's own channel through `@Call()`: progress and log notifications before the result,
 * the capabilities an application declares (logging, completions, subscriptions), and
 * `completion/complete` through the `complete` option.
 */
import 'reflect-metadata';
import {
  Call,
  Context,
  McpApplication,
  type McpCall,
  Prompt,
  Resource,
  Tool,
} from 'declarative-mcp';
import { connect } from 'declarative-mcp/testing';
import { z } from 'zod';

class Import {
  @Tool({ input: z.object({ rows: z.number().int() }) })
  async import(
    { rows }: { rows: number },
    @Call() call: McpCall,
    @Context() session: { user: string },
  ) {
    call.log('info', { started: rows, by: session.user }, 'importer');
    for (let done = 1; done <= rows; done++) {
      await Promise.resolve();
      call.progress(done, rows, `row ${done}`);
    }
    call.log('debug', 'finished');
    return `Imported ${rows} rows.`;
  }

  @Tool() meta(@Call() call: McpCall) {
    return JSON.stringify({ method: call.method, meta: call.meta, aborted: call.signal.aborted });
  }
}

describe('@Call(): progress and log messages', () => {
  it('reach the client before the result, with the request’s progress token', async () => {
    const received: unknown[] = [];
    const app = McpApplication.create({ name: 'i', version: '1', providers: [Import] });
    const client = await connect(app, { user: 'ada' }, { onNotification: (m) => received.push(m) });
    const result = await client.callTool('import', { rows: 2 }, { progressToken: 'tok-1' });
    received.push('(result)');
    expect(result).toEqual({
      content: [{ type: 'text', text: 'Imported 2 rows.' }],
      isError: false,
    });
    expect(received).toEqual([
      {
        jsonrpc: '2.0',
        method: 'notifications/message',
        params: { level: 'info', data: { started: 2, by: 'ada' }, logger: 'importer' },
      },
      {
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: 'tok-1', progress: 1, total: 2, message: 'row 1' },
      },
      {
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: 'tok-1', progress: 2, total: 2, message: 'row 2' },
      },
      {
        jsonrpc: '2.0',
        method: 'notifications/message',
        params: { level: 'debug', data: 'finished' },
      },
      '(result)',
    ]);
    expect(client.notifications).toEqual(received.slice(0, -1));
  });

  it('no progress without a progress token; logging/setLevel filters log messages', async () => {
    const app = McpApplication.create({ name: 'i', version: '1', providers: [Import] });
    const client = await connect(app, { user: 'ada' });
    await client.request('logging/setLevel', { level: 'warning' });
    await client.callTool('import', { rows: 3 });
    expect(client.notifications).toEqual([]);
  });

  it('the call carries the request’s method and _meta', async () => {
    const app = McpApplication.create({ name: 'i', version: '1', providers: [Import] });
    const client = await connect(app);
    expect(await client.callTool('meta', {}, { progressToken: 5, trace: 'x' })).toEqual({
      content: [
        {
          type: 'text',
          text: '{"method":"tools/call","meta":{"progressToken":5,"trace":"x"},"aborted":false}',
        },
      ],
      isError: false,
    });
  });
});

describe('capabilities', () => {
  class Plain {
    @Tool() run() {
      return 'ok';
    }
  }

  it('logging is declared only when a method takes @Call()', async () => {
    const withCall = await connect(
      McpApplication.create({ name: 'i', version: '1', providers: [Import] }),
    );
    const without = await connect(
      McpApplication.create({ name: 'p', version: '1', providers: [Plain] }),
    );
    expect(withCall.initialized.capabilities).toEqual({
      tools: { listChanged: false },
      logging: {},
    });
    expect(without.initialized.capabilities).toEqual({ tools: { listChanged: false } });
    await expect(without.request('logging/setLevel', { level: 'info' })).rejects.toMatchObject({
      code: -32601,
    });
    // The option overrides the default both ways.
    const forced = await connect(
      McpApplication.create({ name: 'p', version: '1', providers: [Plain], logging: true }),
    );
    expect(forced.initialized.capabilities).toHaveProperty('logging', {});
    const off = await connect(
      McpApplication.create({ name: 'i', version: '1', providers: [Import], logging: false }),
    );
    expect(off.initialized.capabilities).not.toHaveProperty('logging');
  });

  it('resources and prompts are declared only when there are some', async () => {
    const client = await connect(
      McpApplication.create({ name: 'p', version: '1', providers: [Plain] }),
    );
    expect(client.initialized.capabilities).not.toHaveProperty('resources');
    expect(client.initialized.capabilities).not.toHaveProperty('prompts');
    await expect(client.listPrompts()).rejects.toMatchObject({ code: -32601 });
    await expect(client.listResources()).rejects.toMatchObject({ code: -32601 });
  });

  it('serverInfo and instructions come from the options', async () => {
    const client = await connect(
      McpApplication.create({
        name: 'Weather',
        version: '2.1.0',
        title: 'Weather Service',
        instructions: 'Ask for a city first.',
        providers: [Plain],
      }),
    );
    expect(client.initialized).toMatchObject({
      serverInfo: { name: 'Weather', version: '2.1.0', title: 'Weather Service' },
      instructions: 'Ask for a city first.',
    });
  });
});

describe('completions', () => {
  const topics = ['tea', 'teapots', 'coffee'];
  class Writing {
    @Prompt({
      args: z.object({ topic: z.string(), tone: z.string().optional() }),
      complete: {
        topic: (value, { arguments: args, context }) =>
          topics
            .filter((t) => t.startsWith(value))
            .map(
              (t) =>
                `${t}${args.tone ? `/${args.tone}` : ''}${(context as { suffix?: string })?.suffix ?? ''}`,
            ),
      },
    })
    write({ topic }: { topic: string }) {
      return `Write about ${topic}.`;
    }

    @Resource({
      uriTemplate: 'notes://{slug}',
      complete: { slug: async (value) => ['deploy', 'design'].filter((s) => s.startsWith(value)) },
    })
    note({ slug }: { slug: string }) {
      return slug;
    }

    @Resource({
      uriTemplate: 'many://{n}',
      complete: { n: () => Array.from({ length: 150 }, (_, i) => String(i)) },
    })
    many() {
      return 'x';
    }
  }

  it('declares completions and answers completion/complete for prompt arguments', async () => {
    const client = await connect(
      McpApplication.create({ name: 'w', version: '1', providers: [Writing] }),
      { suffix: '!' },
    );
    expect(client.initialized.capabilities).toHaveProperty('completions', {});
    expect(
      await client.request('completion/complete', {
        ref: { type: 'ref/prompt', name: 'write' },
        argument: { name: 'topic', value: 'te' },
        context: { arguments: { tone: 'calm' } },
      }),
    ).toEqual({ completion: { values: ['tea/calm!', 'teapots/calm!'] } });
    // An argument without a completer: no values.
    expect(
      await client.request('completion/complete', {
        ref: { type: 'ref/prompt', name: 'write' },
        argument: { name: 'tone', value: '' },
      }),
    ).toEqual({ completion: { values: [] } });
  });

  it('an argument named like a member of Object.prototype has no completer: no values', async () => {
    const client = await connect(
      McpApplication.create({ name: 'w', version: '1', providers: [Writing] }),
    );
    for (const name of ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__']) {
      for (const ref of [
        { type: 'ref/prompt', name: 'write' },
        { type: 'ref/resource', uri: 'notes://{slug}' },
      ]) {
        expect(
          await client.request('completion/complete', { ref, argument: { name, value: '' } }),
        ).toEqual({ completion: { values: [] } });
      }
    }
  });

  it('completes template variables; at most 100 values with total and hasMore', async () => {
    const client = await connect(
      McpApplication.create({ name: 'w', version: '1', providers: [Writing] }),
    );
    expect(
      await client.request('completion/complete', {
        ref: { type: 'ref/resource', uri: 'notes://{slug}' },
        argument: { name: 'slug', value: 'de' },
      }),
    ).toEqual({ completion: { values: ['deploy', 'design'] } });
    const many = (await client.request('completion/complete', {
      ref: { type: 'ref/resource', uri: 'many://{n}' },
      argument: { name: 'n', value: '' },
    })) as { completion: { values: string[]; total: number; hasMore: boolean } };
    expect(many.completion.values).toHaveLength(100);
    expect(many.completion).toMatchObject({ total: 150, hasMore: true });
    await expect(
      client.request('completion/complete', {
        ref: { type: 'ref/resource', uri: 'nope://{x}' },
        argument: { name: 'x', value: '' },
      }),
    ).rejects.toMatchObject({ code: -32602 });
  });

  it('no `complete` anywhere: no completions capability, completion/complete unknown', async () => {
    class Plain {
      @Prompt() p() {
        return 'p';
      }
    }
    const client = await connect(
      McpApplication.create({ name: 'p', version: '1', providers: [Plain] }),
    );
    expect(client.initialized.capabilities).not.toHaveProperty('completions');
    await expect(
      client.request('completion/complete', {
        ref: { type: 'ref/prompt', name: 'p' },
        argument: { name: 'x', value: '' },
      }),
    ).rejects.toMatchObject({ code: -32601 });
  });
});

describe('subscriptions', () => {
  class Docs {
    @Resource({ uri: 'docs://readme' }) readme() {
      return 'readme';
    }
  }

  it('with subscriptions: true, subscribers are told of updates to their URIs only', async () => {
    const app = McpApplication.create({
      name: 'd',
      version: '1',
      providers: [Docs],
      subscriptions: true,
    });
    const subscriber = await connect(app);
    const bystander = await connect(app);
    expect(subscriber.initialized.capabilities).toMatchObject({
      resources: { subscribe: true, listChanged: false },
    });
    expect(await subscriber.request('resources/subscribe', { uri: 'docs://readme' })).toEqual({});
    app.notifyResourceUpdated('docs://readme');
    app.notifyResourceUpdated('docs://other');
    expect(subscriber.notifications).toEqual([
      {
        jsonrpc: '2.0',
        method: 'notifications/resources/updated',
        params: { uri: 'docs://readme' },
      },
    ]);
    expect(bystander.notifications).toEqual([]);

    await subscriber.request('resources/unsubscribe', { uri: 'docs://readme' });
    app.notifyResourceUpdated('docs://readme');
    expect(subscriber.notifications).toHaveLength(1);
  });

  it('without the option: subscribe: false and resources/subscribe is unknown', async () => {
    const client = await connect(
      McpApplication.create({ name: 'd', version: '1', providers: [Docs] }),
    );
    expect(client.initialized.capabilities).toMatchObject({ resources: { subscribe: false } });
    await expect(
      client.request('resources/subscribe', { uri: 'docs://readme' }),
    ).rejects.toMatchObject({ code: -32601 });
  });
});
