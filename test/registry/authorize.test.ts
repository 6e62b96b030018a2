/**
 * Authorization by scopes: lists show only what the context may use; calls check again and
 * are refused alike (tools: the isError result "Not allowed."; prompts and resources: -32602 "Not allowed.").
 */
import 'reflect-metadata';
import {
  type Authorize,
  Context,
  McpApplication,
  type McpApplicationOptions,
  Prompt,
  Resource,
  Tool,
} from 'declarative-mcp';
import { connect } from 'declarative-mcp/testing';
import { z } from 'zod';
import { defaultAuthorize } from '../../src/registry';

type Identity = { id: string; scopes: string[] };

describe('seed 000 orders, with decorators', () => {
  class OrderTools {
    @Tool({
      description: 'Cancel an order.',
      input: { type: 'object', properties: { order: { type: 'integer' } } },
      scopes: ['orders:write'],
    })
    cancel(args: { order: number }, @Context() session: { identity: Identity }) {
      return `Order ${args.order} cancelled by ${session.identity.id}.`;
    }
  }
  const app = McpApplication.create({ name: 'Orders', version: '1.0.0', providers: [OrderTools] });
  const ada = { identity: { id: 'ada', scopes: ['orders:write'] } };
  const bob = { identity: { id: 'bob', scopes: [] } };

  it('bob sees no tools', async () => {
    expect(await app.handle('{"jsonrpc": "2.0", "id": 1, "method": "tools/list"}', bob)).toBe(
      '{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}',
    );
  });

  it('bob may not cancel', async () => {
    expect(
      await app.handle(
        '{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "cancel", "arguments": {"order": 42}}}',
        bob,
      ),
    ).toBe(
      '{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"Not allowed."}],"isError":true}}',
    );
  });

  it('bob gets "Not allowed." even with bad arguments: nothing about the schema leaks', async () => {
    expect(
      await app.handle(
        '{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "cancel", "arguments": {"order": "x"}}}',
        bob,
      ),
    ).toBe(
      '{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"Not allowed."}],"isError":true}}',
    );
  });

  it('ada may cancel', async () => {
    expect(
      await app.handle(
        '{"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "cancel", "arguments": {"order": 42}}}',
        ada,
      ),
    ).toBe(
      '{"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"Order 42 cancelled by ada."}],"isError":false}}',
    );
  });

  it('ada sees cancel', async () => {
    expect(await app.handle('{"jsonrpc": "2.0", "id": 4, "method": "tools/list"}', ada)).toBe(
      '{"jsonrpc":"2.0","id":4,"result":{"tools":[{"name":"cancel","description":"Cancel an order.","inputSchema":{"type":"object","properties":{"order":{"type":"integer"}}}}]}}',
    );
  });

  it('no context at all is denied', async () => {
    expect(await app.handle('{"jsonrpc": "2.0", "id": 5, "method": "tools/list"}')).toBe(
      '{"jsonrpc":"2.0","id":5,"result":{"tools":[]}}',
    );
  });
});

class Library {
  @Tool() open() {
    return 'open to all';
  }
  @Tool({ scopes: ['books:read'] }) read() {
    return 'a book';
  }
  @Tool({ scopes: ['books:read', 'books:write'] }) write() {
    return 'written';
  }
  @Tool({ scopes: [] }) empty() {
    return 'empty scopes require nothing';
  }
  @Resource({ uri: 'books://catalog' }) catalog() {
    return 'catalog';
  }
  @Resource({ uri: 'books://vault', scopes: ['vault'] }) vault() {
    return 'gold';
  }
  @Resource({ uriTemplate: 'books://vault/{item}', scopes: ['vault'] }) vaultItem({
    item,
  }: {
    item: string;
  }) {
    return `item ${item}`;
  }
  @Prompt() greet() {
    return 'Hello';
  }
  @Prompt({
    scopes: ['vault'],
    args: z.object({ topic: z.string() }),
    complete: { topic: () => ['gold', 'silver'] },
  })
  secret() {
    return 'Secret';
  }
}

function library(options: Partial<McpApplicationOptions> = {}) {
  return McpApplication.create({ name: 'lib', version: '1', providers: [Library], ...options });
}

describe('the default authorize', () => {
  it('reads context.identity.scopes', async () => {
    const client = await connect(library(), { identity: { scopes: ['books:read'] } });
    expect((await client.listTools()).map((t) => t.name)).toEqual(['open', 'read', 'empty']);
    expect(await client.callTool('read')).toEqual({
      content: [{ type: 'text', text: 'a book' }],
      isError: false,
    });
    expect(await client.callTool('write')).toEqual({
      content: [{ type: 'text', text: 'Not allowed.' }],
      isError: true,
    });
  });

  it('reads context.scopes, as an array or a Set', async () => {
    for (const scopes of [['books:read', 'books:write'], new Set(['books:read', 'books:write'])]) {
      const client = await connect(library(), { scopes });
      expect((await client.listTools()).map((t) => t.name)).toEqual([
        'open',
        'read',
        'write',
        'empty',
      ]);
      expect(await client.callTool('write')).toEqual({
        content: [{ type: 'text', text: 'written' }],
        isError: false,
      });
    }
  });

  it('needs every required scope', () => {
    expect(defaultAuthorize(['a', 'b'], { scopes: ['a'] })).toBe(false);
    expect(defaultAuthorize(['a', 'b'], { identity: { scopes: ['b', 'a'] } })).toBe(true);
    expect(defaultAuthorize(['a'], undefined)).toBe(false);
    expect(defaultAuthorize(['a'], { identity: { id: 'x' } })).toBe(false);
    expect(defaultAuthorize(['a'], 'a string')).toBe(false);
  });

  it('filters resources, templates and prompts; reading or getting them is refused as a tool call is', async () => {
    const guest = await connect(library(), { scopes: [] });
    expect((await guest.listResources()).map((r) => r.uri)).toEqual(['books://catalog']);
    expect(await guest.listResourceTemplates()).toEqual([]);
    expect((await guest.listPrompts()).map((p) => p.name)).toEqual(['greet']);

    // One policy for tools, resources and prompts: hidden from lists, a call says "Not allowed.".
    await expect(guest.readResource('books://vault')).rejects.toMatchObject({
      code: -32602,
      message: 'Not allowed.',
      data: { uri: 'books://vault' },
    });
    await expect(guest.readResource('books://vault/crown')).rejects.toMatchObject({
      code: -32602,
      message: 'Not allowed.',
      data: { uri: 'books://vault/crown' },
    });
    await expect(guest.getPrompt('secret', { topic: 'x' })).rejects.toMatchObject({
      code: -32602,
      message: 'Not allowed.',
      data: { prompt: 'secret' },
    });
    await expect(
      guest.request('completion/complete', {
        ref: { type: 'ref/prompt', name: 'secret' },
        argument: { name: 'topic', value: '' },
      }),
    ).rejects.toMatchObject({ code: -32602, message: 'Not allowed.' });
    // What does not exist is still unknown.
    await expect(guest.readResource('books://nowhere')).rejects.toMatchObject({ code: -32002 });
    await expect(guest.getPrompt('nowhere', {})).rejects.toMatchObject({
      code: -32602,
      message: 'Unknown prompt: nowhere',
    });

    const keeper = await connect(library(), { scopes: ['vault'] });
    expect((await keeper.listResources()).map((r) => r.uri)).toEqual([
      'books://catalog',
      'books://vault',
    ]);
    expect((await keeper.listResourceTemplates()).map((t) => t.uriTemplate)).toEqual([
      'books://vault/{item}',
    ]);
    expect(await keeper.readResource('books://vault/crown')).toEqual([
      { uri: 'books://vault/crown', text: 'item crown' },
    ]);
    expect((await keeper.getPrompt('secret', { topic: 'x' })).messages).toHaveLength(1);
  });
});

describe('a custom authorize hook', () => {
  it('decides instead of the default, and may be async', async () => {
    const asked: Array<{ required: readonly string[]; context: unknown }> = [];
    const authorize: Authorize<{ role: string }> = async (required, context) => {
      asked.push({ required, context });
      await Promise.resolve();
      return context.role === 'admin' || required.every((s) => s.endsWith(':read'));
    };
    const app = McpApplication.create<{ role: string }>({
      name: 'lib',
      version: '1',
      providers: [Library],
      authorize,
    });
    const reader = await connect(app, { role: 'reader' });
    expect((await reader.listTools()).map((t) => t.name)).toEqual(['open', 'read', 'empty']);
    expect((await reader.callTool('write')).isError).toBe(true);
    expect(asked).toContainEqual({
      required: ['books:read', 'books:write'],
      context: { role: 'reader' },
    });
    // Definitions without scopes never ask.
    expect(asked.every((a) => a.required.length > 0)).toBe(true);

    const admin = await connect(app, { role: 'admin' });
    expect(await admin.callTool('write')).toEqual({
      content: [{ type: 'text', text: 'written' }],
      isError: false,
    });
  });

  it('a hook that says anything but true denies', async () => {
    const app = McpApplication.create({
      name: 'lib',
      version: '1',
      providers: [Library],
      authorize: (() => 'yes') as unknown as Authorize,
    });
    const client = await connect(app, {});
    expect((await client.listTools()).map((t) => t.name)).toEqual(['open', 'empty']);
  });

  it('calls check again: a context that lost its scope after listing is refused', async () => {
    const session = { scopes: ['books:read'] };
    const client = await connect(library(), session);
    expect((await client.listTools()).map((t) => t.name)).toContain('read');
    session.scopes = [];
    expect(await client.callTool('read')).toEqual({
      content: [{ type: 'text', text: 'Not allowed.' }],
      isError: true,
    });
  });
});
