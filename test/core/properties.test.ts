/**
 * Property tests: whatever arrives, `handle()` never throws or rejects, and answers either
 * `null` (nothing owed) or JSON text that is a valid JSON-RPC 2.0 response or a non-empty array
 * of them. Request ids come back as they were sent.
 */
import fc from 'fast-check';
import { ErrorCode, Fault, JsonRpcDispatcher, McpCore } from '../../src/core';

const RUNS = { numRuns: 400 };

// --- What a valid answer is --------------------------------------------------------------------

type Response = Record<string, unknown>;

/** Why `value` is not a JSON-RPC 2.0 response object, or `null` when it is one. */
function responseProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'not an object';
  const response = value as Response;
  const keys = Object.keys(response).sort().join(',');
  if (keys !== 'id,jsonrpc,result' && keys !== 'error,id,jsonrpc') return `members: ${keys}`;
  if (response.jsonrpc !== '2.0') return 'jsonrpc is not "2.0"';
  const id = response.id;
  if (!(id === null || typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)))) {
    return 'id is not a string, number or null';
  }
  if ('error' in response) {
    const error = response.error as Response;
    if (typeof error !== 'object' || error === null || Array.isArray(error)) return 'error shape';
    const members = Object.keys(error).filter((k) => k !== 'data');
    if (members.sort().join(',') !== 'code,message') return `error members: ${members}`;
    if (!Number.isInteger(error.code)) return 'error.code is not an integer';
    if (typeof error.message !== 'string') return 'error.message is not a string';
  }
  return null;
}

/** Fails unless `answer` is null or the text of a valid response / non-empty array of them. */
function expectValidAnswer(answer: unknown): void {
  if (answer === null) return;
  expect(typeof answer).toBe('string');
  const parsed = JSON.parse(answer as string);
  const items = Array.isArray(parsed) ? parsed : [parsed];
  if (Array.isArray(parsed)) expect(parsed.length).toBeGreaterThan(0);
  for (const item of items) expect(responseProblem(item)).toBeNull();
}

// --- The servers under test --------------------------------------------------------------------

/** A core with every closure, whose closures sometimes fail in each way a closure can. */
function fullCore(): McpCore {
  const behave = (name: string): unknown => {
    switch (name.length % 7) {
      case 0:
        throw new Fault(ErrorCode.INVALID_PARAMS, `Unknown: ${name}`, { name });
      case 1:
        throw new Error(`unexpected ${name}`);
      case 2:
        return null;
      case 3:
        return [];
      case 4:
        return { content: [{ type: 'text', text: name }], isError: false };
      case 5:
        return Promise.resolve({ messages: [], description: name });
      default:
        return Promise.reject(new TypeError(name));
    }
  };
  return new McpCore({
    name: 'Props',
    version: '1.0.0',
    instructions: 'Anything goes.',
    lister: () => [{ name: 'echo', inputSchema: { type: 'object', properties: {} } }],
    caller: (name) => behave(name),
    resources: () => [{ uri: 'mem://a', name: 'a' }],
    templates: () => [{ uriTemplate: 'mem://{x}', name: 'x' }],
    reader: (uri) => behave(uri),
    prompts: () => [{ name: 'p' }],
    prompter: (name) => behave(name),
    initializer: () => undefined,
    reporter: () => {
      throw new Error('reporters may throw too');
    },
    batch: 10,
  });
}

function plainDispatcher(): JsonRpcDispatcher {
  return new JsonRpcDispatcher({ batch: 10 })
    .register('echo', (params) => params)
    .register('boom', () => {
      throw new Error('boom');
    })
    .register('fault', (params) => {
      throw new Fault(-32000, 'fault', params);
    });
}

const servers: Array<[string, () => { handle(payload: string): Promise<string | null> }]> = [
  ['McpCore', fullCore],
  ['JsonRpcDispatcher', plainDispatcher],
];

/** Runs handle() and fails the property if it throws synchronously or rejects. */
async function answerOf(
  server: { handle(payload: string): Promise<string | null> },
  payload: string,
): Promise<string | null> {
  let promise: Promise<string | null>;
  try {
    promise = server.handle(payload);
  } catch (error) {
    throw new Error(`handle() threw synchronously: ${String(error)}`);
  }
  try {
    return await promise;
  } catch (error) {
    throw new Error(`handle() rejected: ${String(error)}`);
  }
}

// --- Generators --------------------------------------------------------------------------------

const METHODS = [
  'initialize',
  'notifications/initialized',
  'notifications/cancelled',
  'ping',
  'tools/list',
  'tools/call',
  'resources/list',
  'resources/templates/list',
  'resources/read',
  'prompts/list',
  'prompts/get',
  'echo',
  'boom',
  'fault',
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
];

const anyJson = fc.jsonValue({ maxDepth: 3 });

/** A request-like object: each member may be missing, right, or wrong. */
const requestLike = fc.record(
  {
    jsonrpc: fc.oneof(fc.constant('2.0'), fc.constant('2.0'), fc.constant('1.0'), anyJson),
    method: fc.oneof(fc.constantFrom(...METHODS), fc.string(), anyJson),
    id: fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      anyJson,
    ),
    params: fc.oneof(
      fc.record(
        {
          name: fc.oneof(fc.string(), anyJson),
          uri: fc.oneof(fc.string(), anyJson),
          arguments: fc.oneof(fc.dictionary(fc.string(), anyJson), anyJson),
          protocolVersion: fc.oneof(fc.constantFrom('2025-03-26', '2025-11-25'), anyJson),
        },
        { requiredKeys: [] },
      ),
      anyJson,
    ),
    result: anyJson,
    error: anyJson,
  },
  { requiredKeys: [] },
);

/** A valid request with an id this server must echo. */
const validRequest = fc.record(
  {
    jsonrpc: fc.constant('2.0' as const),
    id: fc.oneof(fc.string(), fc.integer(), fc.maxSafeInteger(), fc.constant(0), fc.constant('')),
    // initialize is left out: McpCore refuses a batch that carries it, whatever the ids.
    method: fc
      .oneof(fc.constantFrom(...METHODS), fc.string())
      .filter((method) => method !== 'initialize'),
    params: fc.oneof(
      fc.constant(undefined),
      fc.dictionary(fc.string(), anyJson),
      fc.record({
        name: fc.string(),
        uri: fc.string(),
        arguments: fc.dictionary(fc.string(), anyJson),
      }),
    ),
  },
  { requiredKeys: ['jsonrpc', 'id', 'method'] },
);

// --- Properties --------------------------------------------------------------------------------

describe.each(servers)('%s.handle() never throws and always answers validly', (_name, make) => {
  const server = make();

  it('for arbitrary strings', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.string({ unit: 'binary' })), async (payload) => {
        expectValidAnswer(await answerOf(server, payload));
      }),
      RUNS,
    );
  });

  it('for arbitrary JSON text', async () => {
    await fc.assert(
      fc.asyncProperty(fc.json(), async (payload) => {
        expectValidAnswer(await answerOf(server, payload));
      }),
      RUNS,
    );
  });

  it('for arbitrary JSON values, alone or as batches', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.jsonValue(), fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 12 })),
        async (value) => {
          expectValidAnswer(await answerOf(server, JSON.stringify(value)));
        },
      ),
      RUNS,
    );
  });

  it('for truncated or corrupted JSON-RPC text', async () => {
    await fc.assert(
      fc.asyncProperty(
        validRequest,
        fc.nat(),
        fc.string({ maxLength: 3 }),
        async (request, cut, junk) => {
          const text = JSON.stringify(request);
          const at = cut % (text.length + 1);
          expectValidAnswer(await answerOf(server, text.slice(0, at) + junk + text.slice(at)));
        },
      ),
      RUNS,
    );
  });

  it('for arbitrary request-like objects', async () => {
    await fc.assert(
      fc.asyncProperty(requestLike, async (request) => {
        expectValidAnswer(await answerOf(server, JSON.stringify(request)));
      }),
      RUNS,
    );
  });

  it('for batches of arbitrary request-like objects', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(requestLike, { maxLength: 14 }), async (batch) => {
        const answer = await answerOf(server, JSON.stringify(batch));
        expectValidAnswer(answer);
        // At most one answer per item of the batch.
        if (answer?.startsWith('[')) {
          expect(JSON.parse(answer).length).toBeLessThanOrEqual(batch.length);
        }
      }),
      RUNS,
    );
  });
});

describe.each(servers)('%s echoes request ids', (_name, make) => {
  const server = make();

  it('a valid request is answered once, with its own id', async () => {
    await fc.assert(
      fc.asyncProperty(validRequest, async (request) => {
        const answer = await answerOf(server, JSON.stringify(request));
        expect(answer).not.toBeNull();
        const parsed = JSON.parse(answer!);
        expect(Array.isArray(parsed)).toBe(false);
        expect(responseProblem(parsed)).toBeNull();
        expect(parsed.id === request.id).toBe(true);
      }),
      RUNS,
    );
  });

  it('the same request as a notification is never answered', async () => {
    await fc.assert(
      fc.asyncProperty(validRequest, async ({ id: _id, ...notification }) => {
        expect(await answerOf(server, JSON.stringify(notification))).toBeNull();
      }),
      RUNS,
    );
  });

  it('a batch answers its requests in order, with their ids, and skips its notifications', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(validRequest, fc.boolean()), { minLength: 1, maxLength: 10 }),
        async (items) => {
          const batch = items.map(([request, notify]) => {
            if (!notify) return request;
            const { id: _id, ...notification } = request;
            return notification;
          });
          const answer = await answerOf(server, JSON.stringify(batch));
          const expectedIds = items.filter(([, notify]) => !notify).map(([r]) => r.id);
          if (expectedIds.length === 0) {
            expect(answer).toBeNull();
            return;
          }
          const parsed = JSON.parse(answer!);
          expect(Array.isArray(parsed)).toBe(true);
          expect(parsed.map((r: Response) => r.id)).toEqual(expectedIds);
        },
      ),
      RUNS,
    );
  });
});
