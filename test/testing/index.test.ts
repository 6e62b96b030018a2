/**
 * `declarative-mcp/testing`: an in-memory client over an application's (or a core's) `handle`.
 */
import 'reflect-metadata';
import {
  Call,
  Context,
  McpApplication,
  type McpCall,
  McpCore,
  Prompt,
  Resource,
  Tool,
} from 'declarative-mcp';
import { connect, McpClientError } from 'declarative-mcp/testing';
import { z } from 'zod';

class Desk {
  @Tool({ description: 'Echo.', input: z.object({ text: z.string() }) })
  echo({ text }: { text: string }, @Context() session: { user: string }) {
    return `${session.user}: ${text}`;
  }

  @Tool() async confirm(@Call() call: McpCall) {
    const answer = await call.elicit('Really?', {
      type: 'object',
      properties: { sure: { type: 'boolean' } },
      required: ['sure'],
    });
    return answer.action === 'accept' ? `sure=${answer.content.sure}` : answer.action;
  }

  @Tool() async ask(@Call() call: McpCall) {
    try {
      const result = await call.sample({ messages: [], maxTokens: 5 });
      return JSON.stringify(result);
    } catch (error) {
      return `failed: ${(error as Error).message}`;
    }
  }

  @Tool() async wait(@Call() call: McpCall) {
    await new Promise<void>((resolve) => call.signal.addEventListener('abort', () => resolve()));
    return 'aborted';
  }

  @Resource({ uri: 'desk://readme', mimeType: 'text/plain' }) readme() {
    return 'Read me.';
  }

  @Resource({ uriTemplate: 'desk://notes/{id}' }) note({ id }: { id: string }) {
    return `Note ${id}`;
  }

  @Prompt({ args: z.object({ topic: z.string() }) }) write({ topic }: { topic: string }) {
    return `Write about ${topic}.`;
  }
}

const app = McpApplication.create({
  name: 'Desk',
  version: '1.0.0',
  instructions: 'Be brief.',
  providers: [Desk],
  listChanged: true,
});

describe('connect', () => {
  it('initializes a session with the newest revision', async () => {
    const client = await connect(app, { user: 'ada' });
    expect(client.initialized).toEqual({
      protocolVersion: McpCore.VERSIONS[0],
      capabilities: {
        tools: { listChanged: true },
        resources: { listChanged: true, subscribe: false },
        prompts: { listChanged: true },
        logging: {},
      },
      serverInfo: { name: 'Desk', version: '1.0.0' },
      instructions: 'Be brief.',
    });
  });

  it('asks for the revision it is told to', async () => {
    const client = await connect(app, undefined, { protocolVersion: '2025-03-26' });
    expect(client.initialized.protocolVersion).toBe('2025-03-26');
  });

  it('gives typed helpers for every list and call, all with the given context', async () => {
    const client = await connect(app, { user: 'ada' });
    expect(await client.listTools()).toHaveLength(4);
    expect(await client.callTool('echo', { text: 'hi' })).toEqual({
      content: [{ type: 'text', text: 'ada: hi' }],
      isError: false,
    });
    expect(await client.listResources()).toEqual([
      { uri: 'desk://readme', name: 'readme', mimeType: 'text/plain' },
    ]);
    expect(await client.listResourceTemplates()).toEqual([
      { uriTemplate: 'desk://notes/{id}', name: 'note' },
    ]);
    expect(await client.readResource('desk://notes/3')).toEqual([
      { uri: 'desk://notes/3', text: 'Note 3' },
    ]);
    expect(await client.listPrompts()).toEqual([
      { name: 'write', arguments: [{ name: 'topic', required: true }] },
    ]);
    expect(await client.getPrompt('write', { topic: 'tea' })).toEqual({
      messages: [{ role: 'user', content: { type: 'text', text: 'Write about tea.' } }],
    });
    expect(await client.request('ping')).toEqual({});
  });

  it('rejects with McpClientError carrying code, message and data', async () => {
    const client = await connect(app, { user: 'ada' });
    const error = await client.readResource('desk://nope').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpClientError);
    expect(error).toMatchObject({
      name: 'McpClientError',
      code: -32002,
      message: 'Resource not found',
      data: { uri: 'desk://nope' },
    });
    await expect(client.request('no/such/method')).rejects.toMatchObject({ code: -32601 });
  });

  it('works over a bare McpCore as well', async () => {
    const core = new McpCore({
      name: 'Bare',
      version: '0',
      lister: () => [{ name: 't', inputSchema: { type: 'object' } }],
      caller: (name) => ({ content: [{ type: 'text', text: `called ${name}` }] }),
    });
    const client = await connect(core);
    expect(client.initialized.serverInfo).toEqual({ name: 'Bare', version: '0' });
    expect(await client.callTool('t')).toEqual({ content: [{ type: 'text', text: 'called t' }] });
  });

  it('refuses something that is not servable', async () => {
    await expect(connect({} as never)).rejects.toThrow(TypeError);
  });
});

describe('server → client requests', () => {
  it('are answered by the handlers, with the declared capabilities', async () => {
    const asked: unknown[] = [];
    const client = await connect(
      app,
      {},
      {
        capabilities: { elicitation: {} },
        handlers: {
          'elicitation/create': (params) => {
            asked.push(params);
            return { action: 'accept', content: { sure: true } };
          },
        },
      },
    );
    expect(await client.callTool('confirm')).toEqual({
      content: [{ type: 'text', text: 'sure=true' }],
      isError: false,
    });
    expect(asked).toEqual([
      {
        message: 'Really?',
        requestedSchema: {
          type: 'object',
          properties: { sure: { type: 'boolean' } },
          required: ['sure'],
        },
      },
    ]);
  });

  it('a missing handler rejects the call; a handler throwing McpClientError answers that error', async () => {
    const missing = await connect(app, {}, { capabilities: { sampling: {} } });
    await expect(missing.callTool('ask')).rejects.toMatchObject({
      reason: 'missing-handler',
      message:
        'The server asked sampling/createMessage and no sampling handler answers it: give connect() handlers: { sampling: (params) => result }.',
    });
    const throwing = await connect(
      app,
      {},
      {
        capabilities: { sampling: {} },
        handlers: {
          'sampling/createMessage': () => {
            throw new McpClientError(-1, 'User refused');
          },
        },
      },
    );
    expect(await throwing.callTool('ask')).toEqual({
      content: [
        {
          type: 'text',
          text: 'failed: The client answered sampling/createMessage with error -1: User refused',
        },
      ],
      isError: false,
    });
  });
});

describe('notifications and session end', () => {
  it('records server notifications and passes them to onNotification', async () => {
    const seen: unknown[] = [];
    const local = McpApplication.create({
      name: 'n',
      version: '1',
      providers: [Desk],
      listChanged: true,
    });
    const client = await connect(local, {}, { onNotification: (m) => seen.push(m) });
    local.disable('echo');
    expect(client.notifications).toEqual([
      { jsonrpc: '2.0', method: 'notifications/tools/list_changed' },
    ]);
    expect(seen).toEqual(client.notifications);
  });

  it('notify() sends a notification: cancelling an in-flight call leaves it unanswered', async () => {
    const client = await connect(app);
    // initialize was request 1: the next request is 2.
    const pending = client.callTool('wait');
    await client.notify('notifications/cancelled', { requestId: 2, reason: 'changed my mind' });
    await expect(pending).rejects.toMatchObject({
      code: -32600,
      message: 'No answer to tools/call (was it cancelled?)',
    });
  });

  it('close() aborts in-flight calls and stops broadcasts', async () => {
    const local = McpApplication.create({
      name: 'n',
      version: '1',
      providers: [Desk],
      listChanged: true,
    });
    const client = await connect(local);
    const pending = client.callTool('wait');
    client.close();
    await expect(pending).rejects.toBeInstanceOf(McpClientError);
    local.disable('echo');
    expect(client.notifications).toEqual([]);
  });
});
