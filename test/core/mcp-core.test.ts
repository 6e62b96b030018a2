/**
 * `McpCore` (src/core/mcp-core.ts) as seed 000 ("MCP server") specifies it, example by example: each test sends the payload the documentation
 * shows and expects the exact JSON text it prints (so key order is checked too). The plain
 * request/answer pairs are data, in test/fixtures/seed-000.ts; what needs a spy, a reporter or a
 * server of its own is written out here.
 * PHP `[]` arguments are `{}` here, an `Identity` is a plain object and an `ArrayObject` session is
 * a plain object the initializer writes into.
 */
import { ErrorCode, Fault, type JsonObject, McpCore, type ToolDefinition } from '../../src/core';
import * as seed from '../fixtures/seed-000';

// --- A server with one tool --------------------------------------------------------------------

function weather(): McpCore {
  return new McpCore({
    name: 'Weather',
    version: '1.0.0',
    lister: () => [
      {
        name: 'forecast',
        description: "Tomorrow's forecast for a city.",
        inputSchema: {
          type: 'object',
          properties: { city: { type: 'string' } },
          required: ['city'],
        },
      },
    ],
    caller: (name, args) => {
      // An unknown tool is a protocol error
      if (name !== 'forecast') {
        throw new Fault(ErrorCode.INVALID_PARAMS, `Unknown tool: ${name}`);
      }
      const city = args.city;
      // A failing call is a tool result the model can read
      if (typeof city !== 'string' || city === '') {
        return { content: [{ type: 'text', text: 'Tell me which city.' }], isError: true };
      }
      return { content: [{ type: 'text', text: `Sunny in ${city}, 24 °C.` }], isError: false };
    },
    instructions: 'Call forecast for any weather question.',
  });
}

describe('seed 000: a server with one tool', () => {
  const core = weather();

  it.each(seed.ONE_TOOL)('$title', async ({ request, answer }) => {
    expect(await core.handle(request)).toBe(answer);
  });
});

describe('seed 000: initialize', () => {
  it('sends instructions only when they were given', async () => {
    const core = new McpCore({
      name: 'Plain',
      version: '0.1.0',
      lister: () => [],
      caller: () => ({}),
    });
    expect(
      await core.handle(
        '{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2024-11-05"}}',
      ),
    ).toBe(
      '{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2024-11-05","capabilities":{"tools":{"listChanged":false}},"serverInfo":{"name":"Plain","version":"0.1.0"}}}',
    );
    expect(core.instructions).toBeUndefined();
  });

  it.each([
    ['an unknown revision', '"protocolVersion": "2099-01-01"'],
    ['no revision', '"capabilities": {}'],
    ['a revision that is not a string', '"protocolVersion": 20250618'],
  ])('answers the newest revision for %s', async (_case, params) => {
    const answer = await weather().handle(
      `{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {${params}}}`,
    );
    expect(JSON.parse(answer!).result.protocolVersion).toBe('2025-11-25');
  });

  it('answers the newest revision when params are absent', async () => {
    const answer = await weather().handle('{"jsonrpc": "2.0", "id": 1, "method": "initialize"}');
    expect(JSON.parse(answer!).result.protocolVersion).toBe('2025-11-25');
  });
});

describe('seed 000: tools/call refuses what it cannot route', () => {
  const received: unknown[] = [];
  const core = new McpCore({
    name: 'Weather',
    version: '1.0.0',
    lister: () => [],
    caller: (name, args) => {
      received.push({ name, args });
      return { content: [], isError: false };
    },
  });
  beforeEach(() => {
    received.length = 0;
  });

  const NAME = 'Invalid params: tools/call: \\"name\\" must be a string';
  const ARGUMENTS = 'Invalid params: tools/call: \\"arguments\\" must be an object';
  it.each([
    ['a missing name', '{"arguments": {}}', NAME],
    ['a numeric name', '{"name": 7}', NAME],
    ['a null name', '{"name": null}', NAME],
    ['an object name', '{"name": {"tool": "forecast"}}', NAME],
    ['arguments that are an array', '{"name": "forecast", "arguments": ["Lisbon"]}', ARGUMENTS],
    ['arguments that are a string', '{"name": "forecast", "arguments": "Lisbon"}', ARGUMENTS],
    ['arguments that are null', '{"name": "forecast", "arguments": null}', ARGUMENTS],
    ['arguments that are a number', '{"name": "forecast", "arguments": 1}', ARGUMENTS],
  ])(
    'answers -32602 Invalid params for %s, with the reason, and never runs the caller',
    async (_case, params, message) => {
      const answer = await core.handle(
        `{"jsonrpc": "2.0", "id": 9, "method": "tools/call", "params": ${params}}`,
      );
      const reason = message.slice('Invalid params: '.length);
      expect(answer).toBe(
        `{"jsonrpc":"2.0","id":9,"error":{"code":-32602,"message":"${message}","data":{"reason":"${reason}"}}}`,
      );
      expect(received).toEqual([]);
    },
  );

  it('answers -32602 when params are absent', async () => {
    const answer = await core.handle('{"jsonrpc": "2.0", "id": 9, "method": "tools/call"}');
    expect(JSON.parse(answer!).error.code).toBe(-32602);
    expect(received).toEqual([]);
  });

  it('hands missing arguments to the caller as {}', async () => {
    await core.handle(
      '{"jsonrpc": "2.0", "id": 10, "method": "tools/call", "params": {"name": "x"}}',
    );
    expect(received).toEqual([{ name: 'x', args: {} }]);
  });

  it('hands the arguments to the caller as sent', async () => {
    await core.handle(
      '{"jsonrpc": "2.0", "id": 11, "method": "tools/call", "params": {"name": "x", "arguments": {"a": [1, {"b": null}], "c": ""}}}',
    );
    expect(received).toEqual([{ name: 'x', args: { a: [1, { b: null }], c: '' } }]);
  });
});

// --- Protocol revisions ------------------------------------------------------------------------

describe('seed 000: protocol revisions', () => {
  it('negotiate keeps a known revision and answers the newest otherwise', () => {
    expect(McpCore.negotiate('2025-03-26')).toBe('2025-03-26');
    expect(McpCore.negotiate('2099-01-01')).toBe('2025-11-25');
    expect(McpCore.negotiate(null)).toBe('2025-11-25');
  });

  it('negotiate keeps every revision it speaks', () => {
    for (const revision of McpCore.VERSIONS) expect(McpCore.negotiate(revision)).toBe(revision);
  });

  it.each([undefined, 20250326, ['2025-03-26'], { v: '2025-03-26' }, '', ' 2025-03-26'])(
    'negotiate(%p) answers the newest',
    (requested) => {
      expect(McpCore.negotiate(requested)).toBe('2025-11-25');
    },
  );

  it('VERSIONS lists the revisions, newest first', () => {
    expect(McpCore.VERSIONS).toEqual(['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05']);
  });
});

// --- Sessions and identity: the context --------------------------------------------------------

describe('seed 000: store the revision in the session', () => {
  type Session = { revision?: string; client?: string };

  it('the initializer stores the revision and client into the session it receives', async () => {
    // The transport's sessions, by Mcp-Session-Id
    const sessions: Record<string, Session> = { c0ffee: {}, decaf: {} };

    const core = new McpCore<Session>({
      name: 'Weather',
      version: '1.0.0',
      lister: () => [],
      caller: (_name, _args, session) => ({
        content: [{ type: 'text', text: `Speaking ${session.revision} with ${session.client}.` }],
        isError: false,
      }),
      initializer: (revision, params, session) => {
        session.revision = revision;
        const clientInfo = params.clientInfo as { name?: string } | undefined;
        session.client = clientInfo?.name ?? 'unknown';
      },
    });

    // The transport, for each message: find its session and pass it as the context
    expect(
      await core.handle(
        '{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-03-26", "clientInfo": {"name": "Inspector", "version": "1.0"}}}',
        sessions.c0ffee,
      ),
    ).toBe(
      '{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-03-26","capabilities":{"tools":{"listChanged":false}},"serverInfo":{"name":"Weather","version":"1.0.0"}}}',
    );

    expect(
      await core.handle(
        '{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-11-25", "clientInfo": {"name": "Desktop", "version": "2.0"}}}',
        sessions.decaf,
      ),
    ).toBe(
      '{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{"listChanged":false}},"serverInfo":{"name":"Weather","version":"1.0.0"}}}',
    );

    expect(
      await core.handle(
        '{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "status"}}',
        sessions.c0ffee,
      ),
    ).toBe(
      '{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"Speaking 2025-03-26 with Inspector."}],"isError":false}}',
    );

    expect(sessions.c0ffee).toEqual({ revision: '2025-03-26', client: 'Inspector' });
    expect(sessions.decaf).toEqual({ revision: '2025-11-25', client: 'Desktop' });
  });

  it('the initializer is told the negotiated revision, not the one asked for', async () => {
    const session: Session = {};
    const core = new McpCore<Session>({
      name: 'Weather',
      version: '1.0.0',
      lister: () => [],
      caller: () => ({}),
      initializer: (revision, params, s) => {
        s.revision = revision;
        s.client = (params.clientInfo as { name?: string } | undefined)?.name ?? 'unknown';
      },
    });
    await core.handle(
      '{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "1999-01-01"}}',
      session,
    );
    expect(session).toEqual({ revision: '2025-11-25', client: 'unknown' });
  });

  it('an async initializer finishes before initialize answers', async () => {
    const session: Session = {};
    const core = new McpCore<Session>({
      name: 'Weather',
      version: '1.0.0',
      lister: () => [],
      caller: () => ({}),
      initializer: async (revision, _params, s) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        s.revision = revision;
      },
    });
    await core.handle(
      '{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-06-18"}}',
      session,
    );
    expect(session.revision).toBe('2025-06-18');
  });
});

describe('seed 000: authorize by identity', () => {
  type Identity = { id: string; scopes: string[] };
  const may = (identity: Identity, scope: string): boolean => identity.scopes.includes(scope);

  const core = new McpCore<Identity>({
    name: 'Orders',
    version: '1.0.0',
    lister: (identity) =>
      may(identity, 'orders:write') === false
        ? []
        : [
            {
              name: 'cancel',
              description: 'Cancel an order.',
              inputSchema: { type: 'object', properties: { order: { type: 'integer' } } },
            },
          ],
    caller: (_name, args, identity) => {
      // Listing a tool is not enough: check the caller again on every call
      if (may(identity, 'orders:write') === false) {
        return { content: [{ type: 'text', text: 'Not allowed.' }], isError: true };
      }
      return {
        content: [{ type: 'text', text: `Order ${args.order} cancelled by ${identity.id}.` }],
        isError: false,
      };
    },
  });

  const ada: Identity = { id: 'ada', scopes: ['orders:write'] };
  const bob: Identity = { id: 'bob', scopes: [] };

  it.each(seed.BY_IDENTITY)('$title', async ({ request, answer, context }) => {
    expect(await core.handle(request, context === 'ada' ? ada : bob)).toBe(answer);
  });

  it('the context reaches the closures untouched, as the same object', async () => {
    const seen: unknown[] = [];
    const identity = { id: 'eve', scopes: [] };
    const spy = new McpCore<Identity>({
      name: 'Orders',
      version: '1.0.0',
      lister: (context) => {
        seen.push(context);
        return [];
      },
      caller: (_name, _args, context) => {
        seen.push(context);
        return {};
      },
    });
    await spy.handle('{"jsonrpc": "2.0", "id": 1, "method": "tools/list"}', identity);
    await spy.handle(
      '{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "x"}}',
      identity,
    );
    expect(seen).toHaveLength(2);
    expect(seen[0]).toBe(identity);
    expect(seen[1]).toBe(identity);
    expect(identity).toEqual({ id: 'eve', scopes: [] });
  });
});

// --- Resources and prompts ---------------------------------------------------------------------

const notes: Record<string, string> = {
  'notes://welcome': 'Welcome to the team!',
  'notes://deploy': 'Deploys run on Fridays.',
};

function notesServer(): McpCore {
  return new McpCore({
    name: 'Notes',
    version: '1.0.0',
    lister: () => [],
    caller: (name) => {
      throw new Fault(ErrorCode.INVALID_PARAMS, `Unknown tool: ${name}`);
    },
    resources: () => [
      { uri: 'notes://welcome', name: 'welcome', mimeType: 'text/plain' },
      { uri: 'notes://deploy', name: 'deploy', mimeType: 'text/plain' },
    ],
    templates: () => [{ uriTemplate: 'notes://{slug}', name: 'note', mimeType: 'text/plain' }],
    reader: (uri) => {
      if (!Object.hasOwn(notes, uri)) {
        throw new Fault(ErrorCode.RESOURCE_NOT_FOUND, 'Resource not found', { uri });
      }
      return [{ uri, mimeType: 'text/plain', text: notes[uri] }];
    },
    prompts: () => [
      {
        name: 'summarize',
        description: 'Summarize one note.',
        arguments: [{ name: 'slug', required: true }],
      },
    ],
    prompter: (name, args) => {
      if (name !== 'summarize' || typeof args.slug !== 'string') {
        throw new Fault(ErrorCode.INVALID_PARAMS, `Unknown prompt or missing slug: ${name}`);
      }
      return {
        description: 'Summarize one note.',
        messages: [
          {
            role: 'user',
            content: { type: 'text', text: `Summarize the note notes://${args.slug}.` },
          },
        ],
      };
    },
  });
}

describe('seed 000: resources and prompts', () => {
  const core = notesServer();

  it.each(seed.RESOURCES_AND_PROMPTS)('$title', async ({ request, answer }) => {
    expect(await core.handle(request)).toBe(answer);
  });

  it('an unknown URI is RESOURCE_NOT_FOUND (-32002) with the uri as data', async () => {
    expect(ErrorCode.RESOURCE_NOT_FOUND).toBe(-32002);
    expect(
      await core.handle(
        '{"jsonrpc": "2.0", "id": 5, "method": "resources/read", "params": {"uri": "notes://missing"}}',
      ),
    ).toBe(
      '{"jsonrpc":"2.0","id":5,"error":{"code":-32002,"message":"Resource not found","data":{"uri":"notes://missing"}}}',
    );
  });

  it('missing prompt arguments reach the prompter as {}', async () => {
    const seen: unknown[] = [];
    const spy = new McpCore({
      name: 'Notes',
      version: '1.0.0',
      lister: () => [],
      caller: () => ({}),
      prompts: () => [],
      prompter: (name, args) => {
        seen.push({ name, args });
        return { messages: [] };
      },
    });
    expect(
      await spy.handle(
        '{"jsonrpc": "2.0", "id": 1, "method": "prompts/get", "params": {"name": "summarize"}}',
      ),
    ).toBe('{"jsonrpc":"2.0","id":1,"result":{"messages":[]}}');
    expect(seen).toEqual([{ name: 'summarize', args: {} }]);
  });

  it.each([
    ['a missing uri', '{}'],
    ['an empty uri', '{"uri": ""}'],
    ['a numeric uri', '{"uri": 42}'],
    ['a null uri', '{"uri": null}'],
  ])('resources/read refuses %s with -32602 and the reason', async (_case, params) => {
    const answer = await core.handle(
      `{"jsonrpc": "2.0", "id": 9, "method": "resources/read", "params": ${params}}`,
    );
    expect(answer).toBe(
      '{"jsonrpc":"2.0","id":9,"error":{"code":-32602,"message":"Invalid params: resources/read: \\"uri\\" must be a non-empty string","data":{"reason":"resources/read: \\"uri\\" must be a non-empty string"}}}',
    );
  });

  it('resources/read refuses absent params with -32602', async () => {
    const answer = await core.handle('{"jsonrpc": "2.0", "id": 9, "method": "resources/read"}');
    expect(JSON.parse(answer!).error.code).toBe(-32602);
  });

  const NAME = 'prompts/get: \\"name\\" must be a string';
  const ARGUMENTS = 'prompts/get: \\"arguments\\" must be an object';
  it.each([
    ['a missing name', '{"arguments": {"slug": "deploy"}}', NAME],
    ['a numeric name', '{"name": 1}', NAME],
    ['arguments that are an array', '{"name": "summarize", "arguments": ["deploy"]}', ARGUMENTS],
    ['arguments that are a string', '{"name": "summarize", "arguments": "deploy"}', ARGUMENTS],
    ['arguments that are null', '{"name": "summarize", "arguments": null}', ARGUMENTS],
  ])(
    'prompts/get refuses %s with -32602 Invalid params and the reason',
    async (_case, params, reason) => {
      const answer = await core.handle(
        `{"jsonrpc": "2.0", "id": 10, "method": "prompts/get", "params": ${params}}`,
      );
      expect(answer).toBe(
        `{"jsonrpc":"2.0","id":10,"error":{"code":-32602,"message":"Invalid params: ${reason}","data":{"reason":"${reason}"}}}`,
      );
    },
  );
});

describe('seed 000: a pair turns on only when both closures are given', () => {
  const base = { name: 'Half', version: '1.0.0', lister: () => [], caller: () => ({}) };
  const resourceMethods = ['resources/list', 'resources/templates/list', 'resources/read'];
  const promptMethods = ['prompts/list', 'prompts/get'];

  async function capabilities(core: McpCore): Promise<JsonObject> {
    const answer = await core.handle(
      '{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-11-25"}}',
    );
    return JSON.parse(answer!).result.capabilities;
  }

  async function expectMethodNotFound(core: McpCore, methods: string[]): Promise<void> {
    for (const method of methods) {
      expect(
        await core.handle(
          `{"jsonrpc": "2.0", "id": 2, "method": "${method}", "params": {"uri": "notes://deploy", "name": "summarize"}}`,
        ),
      ).toBe('{"jsonrpc":"2.0","id":2,"error":{"code":-32601,"message":"Method not found"}}');
    }
  }

  it('with tools only, resources and prompts are out', async () => {
    const core = new McpCore(base);
    expect(await capabilities(core)).toEqual({ tools: { listChanged: false } });
    await expectMethodNotFound(core, [...resourceMethods, ...promptMethods]);
  });

  it.each([
    ['resources without reader', { resources: () => [] }],
    ['reader without resources', { reader: () => [] }],
    ['templates and reader without resources', { templates: () => [], reader: () => [] }],
  ])('%s: no resources capability, its methods answer -32601', async (_case, extra) => {
    const core = new McpCore({ ...base, ...extra });
    expect(await capabilities(core)).toEqual({ tools: { listChanged: false } });
    await expectMethodNotFound(core, resourceMethods);
  });

  it.each([
    ['prompts without prompter', { prompts: () => [] }],
    ['prompter without prompts', { prompter: () => ({ messages: [] }) }],
  ])('%s: no prompts capability, its methods answer -32601', async (_case, extra) => {
    const core = new McpCore({ ...base, ...extra });
    expect(await capabilities(core)).toEqual({ tools: { listChanged: false } });
    await expectMethodNotFound(core, promptMethods);
  });

  it('resources and reader without templates: resourceTemplates is an empty list', async () => {
    const core = new McpCore({
      ...base,
      resources: () => [{ uri: 'notes://deploy', name: 'deploy' }],
      reader: (uri: string) => [{ uri, text: 'Deploys run on Fridays.' }],
    });
    expect(await capabilities(core)).toEqual({
      tools: { listChanged: false },
      resources: { listChanged: false, subscribe: false },
    });
    expect(
      await core.handle('{"jsonrpc": "2.0", "id": 3, "method": "resources/templates/list"}'),
    ).toBe('{"jsonrpc":"2.0","id":3,"result":{"resourceTemplates":[]}}');
    await expectMethodNotFound(core, promptMethods);
  });

  it('prompts alone (no resources): prompts capability without resources', async () => {
    const core = new McpCore({
      ...base,
      prompts: () => [],
      prompter: () => ({ messages: [] }),
    });
    expect(await capabilities(core)).toEqual({
      tools: { listChanged: false },
      prompts: { listChanged: false },
    });
    await expectMethodNotFound(core, resourceMethods);
    expect(await core.handle('{"jsonrpc": "2.0", "id": 4, "method": "prompts/list"}')).toBe(
      '{"jsonrpc":"2.0","id":4,"result":{"prompts":[]}}',
    );
  });
});

// --- Empty results -----------------------------------------------------------------------------

describe('seed 000: empty results', () => {
  const core = new McpCore({
    name: 'Weather',
    version: '1.0.0',
    lister: () => [],
    caller: (name) => {
      switch (name) {
        case 'count':
          return 0;
        case 'cities':
          return ['Lisbon', 'Porto'];
        case 'nothing':
          return null;
        case 'undefined':
          return undefined;
        case 'false':
          return false;
        case 'empty string':
          return '';
        case 'string':
          return 'Sunny';
        case 'empty object':
          return {};
        case 'nested empties':
          return { content: [], structuredContent: { list: [], map: {} } };
        default:
          return [];
      }
    },
  });

  it.each(seed.EMPTY_RESULTS)('$title', async ({ request, answer }) => {
    expect(await core.handle(request)).toBe(answer);
  });

  it.each([
    ['nothing', '{}'],
    ['undefined', '{}'],
    ['false', 'false'],
    ['empty string', '""'],
    ['string', '"Sunny"'],
    ['empty object', '{}'],
    ['nested empties', '{"content":[],"structuredContent":{"list":[],"map":{}}}'],
  ])('a caller result of %s is sent as %s', async (name, result) => {
    expect(
      await core.handle(
        `{"jsonrpc": "2.0", "id": 6, "method": "tools/call", "params": {"name": "${name}"}}`,
      ),
    ).toBe(`{"jsonrpc":"2.0","id":6,"result":${result}}`);
  });

  it('a prompter that returns null or [] sends {}', async () => {
    const prompted = new McpCore({
      name: 'Notes',
      version: '1.0.0',
      lister: () => [],
      caller: () => ({}),
      prompts: () => [],
      prompter: (name) => (name === 'null' ? null : []),
    });
    for (const name of ['null', 'list']) {
      expect(
        await prompted.handle(
          `{"jsonrpc": "2.0", "id": 7, "method": "prompts/get", "params": {"name": "${name}"}}`,
        ),
      ).toBe('{"jsonrpc":"2.0","id":7,"result":{}}');
    }
  });

  it('a tool without arguments keeps properties: {} (nested empties are not touched)', async () => {
    const tools: ToolDefinition[] = [
      { name: 'now', inputSchema: { type: 'object', properties: {}, required: [] } },
    ];
    const listed = new McpCore({
      name: 'Clock',
      version: '1.0.0',
      lister: () => tools,
      caller: () => ({}),
    });
    expect(await listed.handle('{"jsonrpc": "2.0", "id": 8, "method": "tools/list"}')).toBe(
      '{"jsonrpc":"2.0","id":8,"result":{"tools":[{"name":"now","inputSchema":{"type":"object","properties":{},"required":[]}}]}}',
    );
  });

  it.each(['notifications/initialized', 'notifications/cancelled'])(
    'an empty result is {} even from %s sent with an id',
    async (method) => {
      // Reference: "A result of [] or null is sent as {}", whichever protocol method produced it;
      // an MCP result is always an object, never `"result":null`.
      expect(await core.handle(`{"jsonrpc": "2.0", "id": 9, "method": "${method}"}`)).toBe(
        '{"jsonrpc":"2.0","id":9,"result":{}}',
      );
    },
  );
});

// --- Internal errors and batches ---------------------------------------------------------------

describe('seed 000: internal errors reach the reporter', () => {
  it('an unexpected throw is -32603 for the client and the full error for the reporter', async () => {
    const logged: string[] = [];
    const reports: Array<{ error: unknown; request: unknown; context: unknown }> = [];
    const failure = new Error('upstream API key rejected');
    const core = new McpCore<{ session?: string }>({
      name: 'Weather',
      version: '1.0.0',
      lister: () => [],
      caller: () => {
        throw failure;
      },
      reporter: (error, request, context) => {
        reports.push({ error, request, context });
        const session = context?.session ?? '-';
        logged.push(`MCP ${request.method} [${session}]: ${(error as Error).message}`);
      },
    });
    const context = { session: 'c0ffee' };

    expect(
      await core.handle(
        '{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "forecast"}}',
        context,
      ),
    ).toBe('{"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"Internal error"}}');

    expect(logged).toEqual(['MCP tools/call [c0ffee]: upstream API key rejected']);
    expect(reports).toHaveLength(1);
    expect(reports[0].error).toBe(failure);
    expect(reports[0].request).toEqual({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'forecast' },
    });
    expect(reports[0].context).toBe(context);
  });

  it('an async rejection is reported the same way', async () => {
    const reporter = jest.fn();
    const core = new McpCore({
      name: 'Weather',
      version: '1.0.0',
      lister: async () => {
        await new Promise((resolve) => setImmediate(resolve));
        throw new TypeError('lister broke');
      },
      caller: () => ({}),
      reporter,
    });
    expect(await core.handle('{"jsonrpc": "2.0", "id": "a", "method": "tools/list"}')).toBe(
      '{"jsonrpc":"2.0","id":"a","error":{"code":-32603,"message":"Internal error"}}',
    );
    expect(reporter).toHaveBeenCalledTimes(1);
    expect(reporter.mock.calls[0][0]).toBeInstanceOf(TypeError);
  });

  it('the error message never reaches the client', async () => {
    const core = new McpCore({
      name: 'Weather',
      version: '1.0.0',
      lister: () => [],
      caller: () => {
        throw new Error('password=hunter2');
      },
    });
    const answer = await core.handle(
      '{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "x"}}',
    );
    expect(answer).toBe(
      '{"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"Internal error"}}',
    );
  });

  it('a Fault is not reported: it is an answer, not an accident', async () => {
    const reporter = jest.fn();
    const core = new McpCore({
      name: 'Weather',
      version: '1.0.0',
      lister: () => [],
      caller: (name) => {
        throw new Fault(ErrorCode.INVALID_PARAMS, `Unknown tool: ${name}`);
      },
      reporter,
    });
    await core.handle(
      '{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "x"}}',
    );
    expect(reporter).not.toHaveBeenCalled();
  });

  it('a reporter that throws changes nothing: the answer still goes out', async () => {
    const reporter = jest.fn(() => {
      throw new Error('log disk full');
    });
    const core = new McpCore({
      name: 'Weather',
      version: '1.0.0',
      lister: () => [],
      caller: () => {
        throw new RangeError('upstream API key rejected');
      },
      reporter,
    });
    expect(
      await core.handle(
        '{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "forecast"}}',
      ),
    ).toBe('{"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"Internal error"}}');
    expect(reporter).toHaveBeenCalledTimes(1);
  });
});

describe('seed 000: batches', () => {
  function counting(batch?: number): { core: McpCore; calls: string[] } {
    const calls: string[] = [];
    const core = new McpCore({
      name: 'Weather',
      version: '1.0.0',
      lister: () => {
        calls.push('lister');
        return [];
      },
      caller: (name) => {
        calls.push(`caller:${name}`);
        return { content: [], isError: false };
      },
      initializer: () => {
        calls.push('initializer');
      },
      batch,
    });
    return { core, calls };
  }

  const pings = (count: number): string =>
    `[${Array.from({ length: count }, (_, i) => `{"jsonrpc": "2.0", "id": ${i + 1}, "method": "ping"}`).join(',')}]`;

  it('the default limit is 100, exposed as core.rpc.batch', () => {
    expect(counting().core.rpc.batch).toBe(100);
    expect(counting(7).core.rpc.batch).toBe(7);
    expect(counting(0).core.rpc.batch).toBe(0);
  });

  it('a batch answers each request, in order', async () => {
    const { core } = counting();
    expect(
      await core.handle(`[
        {"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "ping"}
      ]`),
    ).toBe('[{"jsonrpc":"2.0","id":1,"result":{"tools":[]}},{"jsonrpc":"2.0","id":2,"result":{}}]');
  });

  it('accepts a batch of exactly 100 by default', async () => {
    const answer = await counting().core.handle(pings(100));
    const answers = JSON.parse(answer!);
    expect(answers).toHaveLength(100);
    expect(answers.map((a: { id: number }) => a.id)).toEqual(
      Array.from({ length: 100 }, (_, i) => i + 1),
    );
    expect(answers.every((a: { result: unknown }) => JSON.stringify(a.result) === '{}')).toBe(true);
  });

  it('refuses a batch of 101 by default, running no method', async () => {
    const { core, calls } = counting();
    const batch = `[${Array.from({ length: 101 }, (_, i) => `{"jsonrpc": "2.0", "id": ${i}, "method": "tools/list"}`).join(',')}]`;
    expect(await core.handle(batch)).toBe(
      '{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request"}}',
    );
    expect(calls).toEqual([]);
  });

  it('a custom limit accepts up to it and refuses past it', async () => {
    const { core } = counting(3);
    expect(JSON.parse((await core.handle(pings(3)))!)).toHaveLength(3);
    expect(await core.handle(pings(4))).toBe(
      '{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request"}}',
    );
  });

  it('batch: 0 refuses every batch, even of one', async () => {
    const { core, calls } = counting(0);
    expect(await core.handle('[{"jsonrpc": "2.0", "id": 1, "method": "tools/list"}]')).toBe(
      '{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request"}}',
    );
    expect(calls).toEqual([]);
    // A single message is not a batch and is still answered.
    expect(await core.handle('{"jsonrpc": "2.0", "id": 2, "method": "tools/list"}')).toBe(
      '{"jsonrpc":"2.0","id":2,"result":{"tools":[]}}',
    );
  });

  it.each([-1, -100, 1.5, Number.NaN])('batch: %p throws at construction', (batch) => {
    expect(() => counting(batch)).toThrow(RangeError);
  });

  it('a batch that carries initialize is refused whole, before any method runs', async () => {
    const { core, calls } = counting();
    const dispatch = jest.spyOn(core.rpc, 'dispatch');
    expect(
      await core.handle(`[
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-03-26"}},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/list"}
      ]`),
    ).toBe('{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request"}}');
    expect(calls).toEqual([]);
    expect(dispatch).not.toHaveBeenCalled();
  });

  it('initialize anywhere in a batch, even as a notification, refuses it whole', async () => {
    const { core, calls } = counting();
    expect(
      await core.handle(`[
        {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "cancel"}},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
        {"jsonrpc": "2.0", "method": "initialize"}
      ]`),
    ).toBe('{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request"}}');
    expect(calls).toEqual([]);
  });

  it('initialize alone (not in a batch) still runs the initializer', async () => {
    const { core, calls } = counting();
    await core.handle('{"jsonrpc": "2.0", "id": 1, "method": "initialize"}');
    expect(calls).toEqual(['initializer']);
  });
});

describe('seed 000: methods answered', () => {
  const always = [
    'initialize',
    'notifications/initialized',
    'notifications/cancelled',
    'ping',
    'tools/list',
    'tools/call',
  ];

  // Issue 12: server/discover (both eras) and subscriptions/listen (2026-07-28) join the table.
  const modern = ['server/discover', 'subscriptions/listen'];

  it('always: initialize, the two notifications, ping and the tools', () => {
    expect(weather().rpc.methods()).toEqual([...always, ...modern]);
  });

  it('with both pairs: the resources and prompts methods too', () => {
    expect(notesServer().rpc.methods()).toEqual([
      ...always,
      'resources/list',
      'resources/templates/list',
      'resources/read',
      'prompts/list',
      'prompts/get',
      ...modern,
    ]);
  });
});

describe('seed 000: construction', () => {
  it.each([
    ['no options', undefined],
    ['a missing name', { version: '1', lister: () => [], caller: () => ({}) }],
    ['a numeric version', { name: 'x', version: 1, lister: () => [], caller: () => ({}) }],
    ['a missing lister', { name: 'x', version: '1', caller: () => ({}) }],
    ['a caller that is not a function', { name: 'x', version: '1', lister: () => [], caller: 1 }],
  ])('refuses %s', (_case, options) => {
    expect(() => new McpCore(options as never)).toThrow(TypeError);
  });

  it('exposes name, version and instructions', () => {
    const core = weather();
    expect(core.name).toBe('Weather');
    expect(core.version).toBe('1.0.0');
    expect(core.instructions).toBe('Call forecast for any weather question.');
  });
});
