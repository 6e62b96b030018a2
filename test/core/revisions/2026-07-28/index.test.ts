/**
 * The 2026-07-28 revision object (src/core/revisions/2026-07-28): how a request is recognised
 * and entered, how a call asks its client (an ask collected for an `input_required` retry, only
 * from the methods that may), how results carry `resultType`, serverInfo and cache hints, how
 * tasks (SEP-2663) and errors (HTTP statuses, -32602 for an unknown resource) are spoken.
 */
import { CACHE_HINT } from '../../../../src/core/cache';
import { Encoded } from '../../../../src/core/dispatcher';
import { ErrorCode } from '../../../../src/core/error-codes';
import { Fault, ToolError } from '../../../../src/core/errors';
import { RequestStateSealer } from '../../../../src/core/request-state';
import {
  declaresTasks,
  MCP_2026_07_28,
  missingTasksExtension,
  TASKS_EXTENSION,
  task2026,
} from '../../../../src/core/revisions/2026-07-28';
import { META } from '../../../../src/core/revisions/2026-07-28/meta';
import type {
  Ask,
  AskingCall,
  RequestView,
  Retry,
  TableSettings,
  TaskView,
} from '../../../../src/core/revisions/revision';
import { TextResult } from '../../../../src/core/text-result';
import type { JsonObject } from '../../../../src/core/types';

const meta = { [META.protocolVersion]: '2026-07-28', [META.clientCapabilities]: {} };
const settings: TableSettings = {
  serverInfo: { name: 's', version: '1' },
  cache: { ttlMs: 0, scope: 'public' },
  privateLists: false,
  sealer: new RequestStateSealer('secret'),
  maxRounds: 4,
};

describe('recognition', () => {
  test('claims a message that names a revision in _meta, or by the version hint', () => {
    const claims = MCP_2026_07_28.claims;
    expect(claims({ method: 'tools/list', params: { _meta: meta } }, undefined)).toBe(true);
    expect(
      claims(
        { method: 'tools/list', params: { _meta: { [META.protocolVersion]: 'x' } } },
        undefined,
      ),
    ).toBe(true);
    expect(claims({ method: 'tools/list' }, '2026-07-28')).toBe(true);
    expect(claims({ method: 'tools/list' }, '2025-11-25')).toBe(false);
    expect(claims({ method: 'tools/list', params: { _meta: {} } }, undefined)).toBe(false);
  });

  test('names, sessions, discovery, the methods it lacks, and batches refused whole', () => {
    expect(MCP_2026_07_28.name).toBe('2026-07-28');
    expect(MCP_2026_07_28.versions).toEqual(['2026-07-28']);
    expect(MCP_2026_07_28.sessions).toBe(false);
    expect(MCP_2026_07_28.discovered).toBe(true);
    expect(MCP_2026_07_28.mirrorsParams).toBe(true);
    for (const method of ['initialize', 'ping', 'logging/setLevel', 'tasks/result', 'tasks/list']) {
      expect(MCP_2026_07_28.lacks.has(method)).toBe(true);
    }
    expect(MCP_2026_07_28.lacks.has('tools/call')).toBe(false);
    expect(JSON.parse(MCP_2026_07_28.batchRefusal!)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: ErrorCode.INVALID_REQUEST,
        message:
          'Invalid Request: MCP 2026-07-28 does not accept JSON-RPC batches; send each request as a message of its own',
      },
    });
  });

  test('enter reads the client from _meta; a discover probe naming no revision declares none', () => {
    const client = MCP_2026_07_28.enter(
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/list',
        params: { _meta: { ...meta, [META.logLevel]: 'info' } },
      },
      undefined,
    );
    expect(client).toEqual({
      revision: '2026-07-28',
      capabilities: {},
      info: undefined,
      logLevel: 'info',
    });
    expect(
      MCP_2026_07_28.enter({ jsonrpc: '2.0', id: 1, method: 'server/discover' }, undefined),
    ).toBeUndefined();
  });

  test('enter refuses a request without _meta (-32602) and one its headers contradict (-32020)', () => {
    expect(() =>
      MCP_2026_07_28.enter({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, undefined),
    ).toThrow(expect.objectContaining({ code: ErrorCode.INVALID_PARAMS }));
    expect(() =>
      MCP_2026_07_28.enter(
        { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: meta } },
        { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call' },
      ),
    ).toThrow(expect.objectContaining({ code: ErrorCode.HEADER_MISMATCH }));
  });

  test('a named discover with headers is entered like any request', () => {
    expect(
      MCP_2026_07_28.enter(
        { jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: meta } },
        undefined,
      ),
    ).toEqual({ revision: '2026-07-28', capabilities: {}, info: undefined, logLevel: undefined });
    expect(() =>
      MCP_2026_07_28.enter(
        { jsonrpc: '2.0', id: 1, method: 'server/discover' },
        { 'mcp-protocol-version': '2026-07-28' },
      ),
    ).toThrow(expect.objectContaining({ code: ErrorCode.INVALID_PARAMS }));
  });
});

describe('how a call asks its client: by retry (MRTR)', () => {
  const ask: Ask = {
    capability: 'roots',
    method: 'roots/list',
    key: 'roots/list#0',
    params: {},
    timeout: 5,
  };

  function asking(inbound: RequestView, method = 'tools/call'): AskingCall {
    return { method, done: false, inbound, link: undefined, source: undefined };
  }

  test('without a retry (a method that may not ask) the ask is refused, naming the method', async () => {
    const refused = await MCP_2026_07_28.ask(
      asking({ client: undefined, link: undefined }, 'tools/list'),
      ask,
    ).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ToolError);
    expect((refused as Error).message).toBe(
      'Cannot send roots/list from tools/list: in MCP 2026-07-28 only tools/call, prompts/get and resources/read may ask the client.',
    );
  });

  test('with a retry, the ask goes to it by key (no server→client request)', async () => {
    const asks: unknown[][] = [];
    const retry: Retry = {
      settle: async (running) => running,
      ask: async (...args) => {
        asks.push(args);
        return { roots: [] };
      },
      inputRequired: () => ({}),
    };
    const answer = await MCP_2026_07_28.ask(
      asking({ client: undefined, link: undefined, retry }),
      ask,
    );
    expect(answer).toEqual({ roots: [] });
    expect(asks).toEqual([['roots/list#0', 'roots', 'roots/list', {}]]);
  });

  test('a retry is opened for tools/call, prompts/get and resources/read only', async () => {
    const inbound: RequestView = {
      client: {
        revision: '2026-07-28',
        capabilities: { roots: {} },
        info: undefined,
        logLevel: undefined,
      },
      link: undefined,
    };
    const subject = { name: 'add', args: {} };
    for (const method of ['tools/call', 'prompts/get', 'resources/read']) {
      const retry = MCP_2026_07_28.retry!(method, subject, {}, inbound, settings) as Retry;
      expect(typeof retry.ask).toBe('function');
    }
    expect(MCP_2026_07_28.retry!('tools/list', subject, {}, inbound, settings)).toBeUndefined();
    const opened = MCP_2026_07_28.retry!('tools/call', subject, {}, inbound, settings) as Retry;
    await expect(opened.ask('k', 'sampling', 'sampling/createMessage', {})).rejects.toMatchObject({
      code: ErrorCode.MISSING_REQUIRED_CLIENT_CAPABILITY,
    });
    expect(() =>
      MCP_2026_07_28.retry!('tools/call', subject, { inputResponses: 'no' }, inbound, settings),
    ).toThrow(expect.objectContaining({ code: ErrorCode.INVALID_PARAMS }));
  });

  test('a log floor only when the request sets a level in _meta', () => {
    const client = { revision: '2026-07-28', capabilities: {}, info: undefined, logLevel: 'error' };
    expect(MCP_2026_07_28.logFloor({ client, link: undefined })).toBe('error');
    expect(
      MCP_2026_07_28.logFloor({ client: { ...client, logLevel: undefined }, link: undefined }),
    ).toBe(false);
    expect(MCP_2026_07_28.logFloor({ client: undefined, link: undefined })).toBe(false);
  });
});

describe('results: resultType, serverInfo and cache hints', () => {
  const envelope = MCP_2026_07_28.envelope!;

  test('a result gets resultType complete and the server in _meta; its own members stay, in order', () => {
    const result = { content: [], _meta: { mine: 1 } };
    const out = envelope(result, undefined, settings) as JsonObject;
    expect(out).toEqual({
      content: [],
      _meta: { mine: 1, [META.serverInfo]: settings.serverInfo },
      resultType: 'complete',
    });
    expect(Object.keys(out)).toEqual(['content', '_meta', 'resultType']);
    expect(result).toEqual({ content: [], _meta: { mine: 1 } });
  });

  test('a result that says its type keeps it, and gets no cache hint unless complete', () => {
    const out = envelope(
      { resultType: 'input_required' },
      { list: 'tools' },
      settings,
    ) as JsonObject;
    expect(out.resultType).toBe('input_required');
    expect(out.ttlMs).toBeUndefined();
  });

  test('lists get the smallest hint of their members, private when lists are private', () => {
    const tools = [
      { name: 'a', [CACHE_HINT]: { ttlMs: 500, scope: 'public' } },
      { name: 'b', [CACHE_HINT]: { ttlMs: 200, scope: 'private' } },
    ];
    const out = envelope({ tools }, { list: 'tools' }, settings) as JsonObject;
    expect([out.ttlMs, out.cacheScope]).toEqual([200, 'private']);
    const empty = envelope(
      { tools: 'no' },
      { list: 'tools' },
      { ...settings, privateLists: true },
    ) as JsonObject;
    expect([empty.ttlMs, empty.cacheScope]).toEqual([0, 'private']);
  });

  test('a single result gets the hint of what it is about', () => {
    const resource = { uri: 'a', [CACHE_HINT]: { ttlMs: 9, scope: 'public' } };
    const out = envelope({ contents: [] }, { single: () => resource }, settings) as JsonObject;
    expect([out.ttlMs, out.cacheScope]).toEqual([9, 'public']);
  });

  test('an own __proto__ member stays a member; a result that is not an object passes as it is', () => {
    const result = JSON.parse('{"__proto__":{"x":1},"content":[]}') as JsonObject;
    const out = envelope(result, undefined, settings) as JsonObject;
    expect(Object.hasOwn(out, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(envelope('text', undefined, settings)).toBe('text');
    expect(envelope(null, undefined, settings)).toBeNull();
  });

  test('with a frozen serverInfo of strings, the answer text is made here: exactly JSON.stringify of the result', () => {
    const frozen = {
      ...settings,
      serverInfo: Object.freeze({ name: 's', version: '1', title: 'S "q"' }),
    };
    const date = new Date(0);
    const results: unknown[] = [
      { content: [{ type: 'text', text: '5' }], isError: false },
      { content: [], resultType: 'input_required', inputRequests: {} },
      { 2: 'two', content: [], 1: 'one' },
      { content: [], skipped: undefined, fn: () => 1, at: date },
      JSON.parse('{"__proto__":{"x":1},"content":[]}'),
      { content: [], _meta: { mine: 1 } },
      { content: [], _meta: undefined },
      { content: [], toJSON: () => ({ other: true }) },
      {},
      new TextResult('5', false),
      new TextResult('a "quoted"\u2028 line', true),
    ];
    const caches = [undefined, { list: 'content' } as const];
    let spliced = 0;
    for (const result of results) {
      for (const cache of caches) {
        const out = envelope(result, cache, frozen);
        const value = out instanceof Encoded ? out.value : out;
        const expected = envelope(result, cache, settings) as JsonObject;
        // The same members in the same order as without the splice (only serverInfo differs).
        expect(Object.keys(value as JsonObject)).toEqual(Object.keys(expected));
        if (out instanceof Encoded) {
          spliced += 1;
          expect(out.json).toBe(JSON.stringify(out.value));
          expect((out.value as JsonObject)._meta).toEqual({
            [META.serverInfo]: frozen.serverInfo,
          });
        }
      }
    }
    // The first five, {} and the TextResults without a cache rule, input_required with one.
    expect(spliced).toBe(9);
  });

  test('no splice for a serverInfo that may change: not frozen, or with icons', () => {
    const result = { content: [] };
    expect(envelope(result, undefined, settings)).not.toBeInstanceOf(Encoded);
    const icons = { ...settings, serverInfo: Object.freeze({ name: 's', icons: [{ src: 'a' }] }) };
    expect(envelope(result, undefined, icons)).not.toBeInstanceOf(Encoded);
    const fine = { ...settings, serverInfo: Object.freeze({ name: 's', version: '1' }) };
    expect(envelope(result, undefined, fine)).toBeInstanceOf(Encoded);
    // The one kept text follows the serverInfo it was made for.
    const other = { ...settings, serverInfo: Object.freeze({ name: 't', version: '2' }) };
    const encoded = envelope(result, undefined, other) as Encoded;
    expect(encoded.json).toBe(JSON.stringify(encoded.value));
    expect(encoded.json).toContain('"name":"t"');
  });

  test('a result JSON cannot encode is left to the dispatcher, which meets the same error', () => {
    const fine = { ...settings, serverInfo: Object.freeze({ name: 's', version: '1' }) };
    const out = envelope({ content: [], big: 1n }, undefined, fine);
    expect(out).not.toBeInstanceOf(Encoded);
    expect((out as JsonObject)._meta).toEqual({ [META.serverInfo]: fine.serverInfo });
    expect(() => JSON.stringify(out)).toThrow(TypeError);
  });

  test('subscriptions/listen opens the notification stream', () => {
    expect(MCP_2026_07_28.listens({ method: 'subscriptions/listen' })).toBe(true);
    expect(MCP_2026_07_28.listens({ method: 'tools/list' })).toBe(false);
    expect(MCP_2026_07_28.listens('subscriptions/listen')).toBe(false);
  });
});

describe('tasks (SEP-2663)', () => {
  const view: TaskView = {
    taskId: 't1',
    status: 'input_required',
    createdAt: 'c',
    lastUpdatedAt: 'u',
    ttlMs: null,
    inputRequests: { k: { method: 'roots/list', params: {} } },
  };
  const declared = { extensions: { [TASKS_EXTENSION]: {} } };

  test('a Task has ttlMs and pollIntervalMs; detailed, it inlines what its status carries', () => {
    expect(task2026(view, false)).toEqual({
      taskId: 't1',
      status: 'input_required',
      createdAt: 'c',
      lastUpdatedAt: 'u',
      ttlMs: null,
    });
    expect(task2026(view, true).inputRequests).toEqual(view.inputRequests);
    expect(task2026({ ...view, inputRequests: undefined }, true).inputRequests).toEqual({});
    expect(task2026({ ...view, status: 'completed', result: { a: 1 } }, true).result).toEqual({
      a: 1,
    });
    expect(task2026({ ...view, status: 'failed', error: { code: 1 } }, true).error).toEqual({
      code: 1,
    });
    expect(task2026({ ...view, status: 'working', pollIntervalMs: 5 }, true)).toEqual({
      taskId: 't1',
      status: 'working',
      createdAt: 'c',
      lastUpdatedAt: 'u',
      ttlMs: null,
      pollIntervalMs: 5,
    });
    expect(MCP_2026_07_28.tasks.created(view)).toEqual({
      resultType: 'task',
      ...task2026(view, false),
    });
  });

  test('the extension is declared in capabilities.extensions; the gate refuses without it (-32021)', () => {
    expect(declaresTasks(declared)).toBe(true);
    expect(declaresTasks({ extensions: { [TASKS_EXTENSION]: null } })).toBe(false);
    expect(declaresTasks({})).toBe(false);
    expect(declaresTasks(undefined)).toBe(false);
    const client = {
      revision: '2026-07-28',
      capabilities: declared,
      info: undefined,
      logLevel: undefined,
    };
    expect(() => MCP_2026_07_28.tasks.gate({ client, link: undefined }, 'tasks/get')).not.toThrow();
    expect(() =>
      MCP_2026_07_28.tasks.gate({ client: undefined, link: undefined }, 'tasks/get'),
    ).toThrow(missingTasksExtension('tasks/get'));
    const error = missingTasksExtension('tasks/get');
    expect(error.code).toBe(ErrorCode.MISSING_REQUIRED_CLIENT_CAPABILITY);
    expect(error.data).toEqual({ requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } });
  });

  test('a call runs as a task when the tool supports it and the client declared tasks', () => {
    const runs = MCP_2026_07_28.tasks.runs;
    const task = { requestedTask: { ttl: 1 }, clientCapabilities: declared };
    const plain = { requestedTask: undefined, clientCapabilities: {} };
    expect(runs(undefined, task, 't')).toBe(false);
    expect(runs('optional', task, 't')).toBe(true);
    expect(runs('optional', plain, 't')).toBe(false);
    expect(() => runs('required', plain, 't')).toThrow(missingTasksExtension('tools/call of "t"'));
  });

  test("a task's missing capability is -32021 naming it; cancel acknowledges; no relay", () => {
    const error = MCP_2026_07_28.tasks.missingCapability(
      'sampling',
      'sampling/createMessage',
    ) as Fault;
    expect(error.code).toBe(ErrorCode.MISSING_REQUIRED_CLIENT_CAPABILITY);
    expect(error.message).toBe(
      'Missing required client capability "sampling": this task needs sampling/createMessage.',
    );
    expect(error.data).toEqual({ requiredCapabilities: { sampling: {} } });
    expect(MCP_2026_07_28.tasks.cancelAcknowledges).toBe(true);
    expect(MCP_2026_07_28.tasks.relay).toBeUndefined();
  });
});

describe('errors', () => {
  test('HTTP statuses: 404 for an unknown method, 400 for a request it cannot accept, else 200', () => {
    expect(MCP_2026_07_28.errorStatus(ErrorCode.METHOD_NOT_FOUND)).toBe(404);
    for (const code of [
      ErrorCode.PARSE_ERROR,
      ErrorCode.INVALID_REQUEST,
      ErrorCode.INVALID_PARAMS,
      ErrorCode.HEADER_MISMATCH,
      ErrorCode.MISSING_REQUIRED_CLIENT_CAPABILITY,
      ErrorCode.UNSUPPORTED_PROTOCOL_VERSION,
    ]) {
      expect(MCP_2026_07_28.errorStatus(code)).toBe(400);
    }
    expect(MCP_2026_07_28.errorStatus(ErrorCode.INTERNAL_ERROR)).toBe(200);
    expect(MCP_2026_07_28.errorStatus(ErrorCode.RESOURCE_NOT_FOUND)).toBe(200);
  });

  test('an unknown resource is -32602 with its data and the URI', () => {
    const error = MCP_2026_07_28.resourceNotFound(
      new Fault(ErrorCode.RESOURCE_NOT_FOUND, 'Resource not found', { hint: 'x' }),
      'file:///a',
    ) as Fault;
    expect(error.code).toBe(ErrorCode.INVALID_PARAMS);
    expect(error.message).toBe('Resource not found');
    expect(error.data).toEqual({ hint: 'x', uri: 'file:///a' });
    const bare = MCP_2026_07_28.resourceNotFound(
      new Fault(ErrorCode.RESOURCE_NOT_FOUND, 'gone'),
      'u',
    ) as Fault;
    expect(bare.data).toEqual({ uri: 'u' });
  });
});
