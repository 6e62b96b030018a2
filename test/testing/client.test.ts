/**
 * The testing kit's client (src/testing/client.ts) in both revisions: the same scenarios through one client API, whether the
 * server's questions travel as server→client requests (2025-11-25) or as `input_required`
 * results replayed with `inputResponses` and `requestState` (2026-07-28, MRTR).
 */
import 'reflect-metadata';
import { Call, McpApplication, type McpCall, Prompt, Resource, Tool } from 'declarative-mcp';
import { connect, McpClientError, type TestClient } from 'declarative-mcp/testing';
import { z } from 'zod';

const NAME = {
  type: 'object' as const,
  properties: { name: { type: 'string' } },
  required: ['name'],
};

/** Opens when the test says so. */
let release: () => void = () => undefined;
let gate = Promise.resolve();
function closeGate(): void {
  gate = new Promise<void>((resolve) => {
    release = resolve;
  });
}

class Studio {
  @Tool({ description: 'Asks twice, then samples.' })
  async welcome(@Call() call: McpCall) {
    const first = await call.elicit('First name?', NAME, { key: 'first' });
    const last = await call.elicit('Last name?', NAME, { key: 'last' });
    const name = (r: typeof first) => (r.action === 'accept' ? String(r.content.name) : r.action);
    const sampled = await call.sample({
      messages: [
        { role: 'user', content: { type: 'text', text: `Greet ${name(first)} ${name(last)}` } },
      ],
      maxTokens: 20,
    });
    return `${(sampled.content as { text: string }).text}`;
  }

  @Tool({ description: 'Asks forever.' })
  async endless(@Call() call: McpCall) {
    for (let i = 0; ; i++) await call.elicit(`Again ${i}?`, NAME, { key: `again-${i}` });
  }

  @Tool({ description: 'Says what the client declared.' })
  declared(@Call() call: McpCall) {
    return JSON.stringify(Object.keys(call.clientCapabilities ?? {}).sort());
  }

  @Resource({ uri: 'studio://roots' })
  async rootsFile(@Call() call: McpCall) {
    const roots = await call.roots();
    return roots.map((root) => root.uri).join(',');
  }

  @Prompt({ args: z.object({ topic: z.string() }) })
  async pitch({ topic }: { topic: string }, @Call() call: McpCall) {
    const answer = await call.elicit(`Audience for ${topic}?`, NAME, { key: 'audience' });
    return `Pitch ${topic} to ${answer.action === 'accept' ? String(answer.content.name) : 'nobody'}.`;
  }

  @Tool({ description: 'Waits for the gate.', task: 'optional' })
  async slow(@Call() call: McpCall) {
    call.progress(1, 2, 'waiting');
    await Promise.race([
      gate,
      new Promise((resolve) => call.signal.addEventListener('abort', resolve)),
    ]);
    return 'slow done';
  }

  @Tool({ description: 'Asks inside a task.', task: 'required' })
  async survey(@Call() call: McpCall) {
    const answer = await call.elicit('Colour?', NAME, { key: 'colour' });
    return `colour ${answer.action === 'accept' ? String(answer.content.name) : answer.action}`;
  }

  @Tool({ description: 'Fails inside a task.', task: 'required' })
  async broken(): Promise<string> {
    throw new Error('boom');
  }

  @Tool({ description: 'Toggled by the tests.' })
  toggled() {
    return 'here';
  }
}

function studio() {
  return McpApplication.create({
    name: 'Studio',
    version: '1.0.0',
    providers: [Studio],
    listChanged: true,
    taskPollInterval: 5,
  });
}

const answers = {
  elicitation: (params: Record<string, unknown>) => ({
    action: 'accept',
    content: { name: String(params.message).startsWith('First') ? 'Ada' : 'Lovelace' },
  }),
  sampling: (params: Record<string, unknown>) => {
    const [message] = params.messages as Array<{ content: { text: string } }>;
    return {
      role: 'assistant',
      model: 'test',
      content: { type: 'text', text: `Hello from ${message!.content.text}` },
    };
  },
  roots: () => ({ roots: [{ uri: 'file:///a' }, { uri: 'file:///b' }] }),
};

async function failure(promise: Promise<unknown>): Promise<McpClientError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!McpClientError.is(error))
    throw new Error(`expected an McpClientError, got ${String(error)}`);
  return error;
}

describe.each(['2025-11-25', '2026-07-28'])('revision %s', (protocolVersion) => {
  const open = (app = studio(), options: Parameters<typeof connect>[2] = {}): Promise<TestClient> =>
    connect(app, undefined, { protocolVersion, handlers: answers, ...options });

  it('speaks the revision asked for, and discovers the server', async () => {
    const client = await open();
    expect(client.protocolVersion).toBe(protocolVersion);
    expect(await client.discover()).toMatchObject({ supportedVersions: ['2026-07-28'] });
  });

  it('drives a tool that asks twice and samples through one callTool', async () => {
    const asked: unknown[] = [];
    const client = await open(studio(), {
      handlers: {
        ...answers,
        elicitation: (params) => {
          asked.push(params.message);
          return answers.elicitation(params);
        },
      },
    });
    expect(await client.callTool('welcome')).toMatchObject({
      content: [{ type: 'text', text: 'Hello from Greet Ada Lovelace' }],
    });
    expect(asked).toEqual(['First name?', 'Last name?']);
    expect(client.rounds).toBe(4);
    await client.callTool('toggled');
    expect(client.rounds).toBe(1);
  });

  it('answers questions of resources/read (roots) and prompts/get', async () => {
    const client = await open();
    expect(await client.readResource('studio://roots')).toEqual([
      { uri: 'studio://roots', text: 'file:///a,file:///b' },
    ]);
    expect(client.rounds).toBe(2);
    const prompt = await client.getPrompt('pitch', { topic: 'tea' });
    expect(prompt.messages[0]!.content).toEqual({ type: 'text', text: 'Pitch tea to Lovelace.' });
  });

  it('declares the capabilities its handlers imply; the capabilities option adds to them', async () => {
    const declared = async (options: Parameters<typeof connect>[2]) =>
      ((await (await open(studio(), options)).callTool('declared')).content[0] as { text: string })
        .text;
    expect(await declared({})).toBe('["elicitation","roots","sampling"]');
    expect(await declared({ handlers: { elicitation: answers.elicitation } })).toBe(
      '["elicitation"]',
    );
    expect(
      await declared({
        handlers: { 'roots/list': answers.roots },
        capabilities: { experimental: {} },
      }),
    ).toBe('["experimental","roots"]');
  });

  it('rejects with missing-handler when the server asks what no handler answers', async () => {
    const client = await open(studio(), { handlers: {}, capabilities: { elicitation: {} } });
    const error = await failure(client.callTool('welcome'));
    expect(error.reason).toBe('missing-handler');
    expect(error.message).toBe(
      'The server asked elicitation/create and no elicitation handler answers it: give connect() handlers: { elicitation: (params) => result }.',
    );
  });

  it('rejects with handler-failed when a handler throws, with the error as cause', async () => {
    const boom = new Error('no microphone');
    const client = await open(studio(), {
      handlers: {
        ...answers,
        sampling: () => {
          throw boom;
        },
      },
    });
    const error = await failure(client.callTool('welcome'));
    expect(error.reason).toBe('handler-failed');
    expect(error.message).toBe(
      'The sampling handler threw while answering sampling/createMessage: no microphone',
    );
    expect(error.cause).toBe(boom);
  });

  it('rejects with too-many-rounds past maxRounds (default 8)', async () => {
    const client = await open();
    const error = await failure(client.callTool('endless'));
    expect(error.reason).toBe('too-many-rounds');
    expect(error.message).toBe('The server asked more than 8 times in one call (maxRounds 8).');
    const short = await open(studio(), { maxRounds: 2 });
    expect((await failure(short.callTool('endless'))).message).toContain('more than 2 times');
  });

  it("rejects with the server's own error, code and data", async () => {
    const client = await open();
    const error = await failure(client.callTool('nope'));
    expect(error).toMatchObject({ reason: 'server', code: -32602 });
  });

  it('listens for list changes: acknowledged, then delivered in order until closed', async () => {
    const app = studio();
    const client = await open(app);
    const seen: unknown[] = [];
    const subscription = await client.listen(
      { toolsListChanged: true, promptsListChanged: true },
      (m) => seen.push(m.method),
    );
    expect(subscription.acknowledged).toEqual({ toolsListChanged: true, promptsListChanged: true });
    app.disable('toggled');
    app.enable('toggled');
    const methods: unknown[] = [];
    for await (const message of subscription) {
      methods.push(message.method);
      if (methods.length === 2) await subscription.close();
    }
    expect(methods).toEqual([
      'notifications/tools/list_changed',
      'notifications/tools/list_changed',
    ]);
    expect(seen).toEqual(methods);
    app.disable('toggled');
    expect(subscription.received).toHaveLength(2);
  });

  it('runs a task: status, then result', async () => {
    closeGate();
    const client = await open();
    const task = await client.callTool('slow', {}, { task: true });
    expect(task.taskId).toEqual(expect.any(String));
    expect((await task.status()).status).toBe('working');
    release();
    expect(await task.result()).toMatchObject({ content: [{ type: 'text', text: 'slow done' }] });
    expect((await task.status()).status).toBe('completed');
  });

  it('cancels a task; its result then rejects', async () => {
    closeGate();
    const client = await open();
    const task = await client.callTool('slow', {}, { task: true });
    await task.cancel();
    expect((await task.status()).status).toBe('cancelled');
    expect(await failure(task.result())).toBeInstanceOf(McpClientError);
    release();
  });

  it('answers a question asked inside a task through the handlers', async () => {
    const client = await open();
    const task = await client.callTool('survey', {}, { task: true });
    expect(await task.result()).toMatchObject({
      content: [{ type: 'text', text: 'colour Lovelace' }],
    });
  });

  it("a failed task's result rejects with its error", async () => {
    const client = await open();
    const task = await client.callTool('broken', {}, { task: true });
    expect(await failure(task.result())).toMatchObject({ code: -32603 });
  });

  it('a tool without task support: 2026 answers at once into the handle, 2025 refuses', async () => {
    const client = await open();
    if (protocolVersion === '2026-07-28') {
      const task = await client.callTool('toggled', {}, { task: true });
      expect(task.taskId).toBeUndefined();
      expect(await task.result()).toMatchObject({ content: [{ type: 'text', text: 'here' }] });
      expect((await task.status()).status).toBe('completed');
    } else {
      // 2025-11-25: a task asked of a tool without task support is -32601 (docs/tasks.md).
      expect(await failure(client.callTool('toggled', {}, { task: true }))).toMatchObject({
        code: -32601,
      });
    }
  });
});

describe('2026-07-28 only', () => {
  it('listens for a task: notifications/tasks until it ends', async () => {
    closeGate();
    const client = await connect(studio(), undefined, { protocolVersion: '2026-07-28' });
    const task = await client.callTool('slow', {}, { task: true });
    const subscription = await client.listen({ taskIds: [task.taskId!] });
    expect(subscription.acknowledged).toEqual({ taskIds: [task.taskId] });
    release();
    for await (const message of subscription) {
      const status = (message.params as { status: string }).status;
      if (status === 'completed') await subscription.close();
    }
    expect(subscription.received.at(-1)).toMatchObject({
      method: 'notifications/tasks',
      params: { status: 'completed', result: { content: [{ type: 'text', text: 'slow done' }] } },
    });
  });

  it('sends each request with its _meta, and no initialize', async () => {
    const client = await connect(studio(), undefined, { protocolVersion: '2026-07-28' });
    expect(client.initialized).toMatchObject({
      resultType: 'complete',
      supportedVersions: ['2026-07-28'],
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'Studio', version: '1.0.0' } },
    });
  });
});
