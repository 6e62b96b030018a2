/**
 * JSON-RPC 2.0 itself (https://www.jsonrpc.org/specification), on JsonRpcDispatcher directly and
 * through McpCore, which must keep every rule of the dispatcher beneath it.
 */
import { ErrorCode, Fault, JsonRpcDispatcher, McpCore } from '../../src/core';
import type { AnswerSummary } from '../../src/core/answers';
import { Encoded } from '../../src/core/dispatcher';
import { resultLimit } from '../../src/core/result-limit';

const PARSE_ERROR = '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}';
const INVALID_REQUEST =
  '{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request"}}';

type Answerer = { handle(payload: string, context?: unknown): Promise<string | null> };

/** A dispatcher with a few methods, and a log of what ran. */
function dispatcher(options: ConstructorParameters<typeof JsonRpcDispatcher>[0] = {}) {
  const ran: string[] = [];
  const rpc = new JsonRpcDispatcher(options)
    .register('echo', (params) => {
      ran.push('echo');
      return params;
    })
    .register('ping', () => {
      ran.push('ping');
      return {};
    })
    .register('boom', () => {
      ran.push('boom');
      throw new Error('kaboom');
    })
    .register('fault', () => {
      ran.push('fault');
      throw new Fault(ErrorCode.INVALID_PARAMS, 'Bad thing', { field: 'x' });
    });
  return { rpc, ran };
}

/** An McpCore whose tools/call runs the same kinds of method, for the same rules end to end. */
function core(reporter?: (error: unknown, request: unknown, context: unknown) => void) {
  const ran: string[] = [];
  const mcp = new McpCore({
    name: 'Rules',
    version: '1.0.0',
    lister: () => {
      ran.push('lister');
      return [];
    },
    caller: (name) => {
      ran.push(name);
      if (name === 'boom') throw new Error('kaboom');
      return { content: [], isError: false };
    },
    reporter,
  });
  return { rpc: mcp, ran };
}

const both: Array<[string, () => { rpc: Answerer; ran: string[] }]> = [
  ['JsonRpcDispatcher', () => dispatcher()],
  ['McpCore', () => core()],
];

describe.each(both)('%s: parse errors and invalid requests', (_name, make) => {
  it.each([
    ['truncated JSON', '{"jsonrpc": "2.0", "id": 1, "method": "ping"'],
    ['not JSON at all', 'hello'],
    ['an empty payload', ''],
    ['a trailing comma', '{"jsonrpc": "2.0", "id": 1, "method": "ping",}'],
    ['single quotes', "{'jsonrpc': '2.0', 'id': 1, 'method': 'ping'}"],
    ['a broken batch', '[{"jsonrpc": "2.0", "method": "ping"}, {"jsonrpc": "2.0", "method"]'],
  ])('%s is a Parse error (-32700) with id null', async (_case, payload) => {
    const { rpc, ran } = make();
    expect(await rpc.handle(payload)).toBe(PARSE_ERROR);
    expect(ran).toEqual([]);
  });

  it.each([
    ['a missing jsonrpc', '{"id": 1, "method": "ping"}'],
    ['jsonrpc 1.0', '{"jsonrpc": "1.0", "id": 1, "method": "ping"}'],
    ['jsonrpc as a number', '{"jsonrpc": 2.0, "id": 1, "method": "ping"}'],
    ['a missing method', '{"jsonrpc": "2.0", "id": 1}'],
    ['a numeric method', '{"jsonrpc": "2.0", "id": 1, "method": 1}'],
    ['a null method', '{"jsonrpc": "2.0", "id": 1, "method": null}'],
    ['params that are a string', '{"jsonrpc": "2.0", "id": 1, "method": "ping", "params": "x"}'],
    ['params that are a number', '{"jsonrpc": "2.0", "id": 1, "method": "ping", "params": 3}'],
    ['params that are true', '{"jsonrpc": "2.0", "id": 1, "method": "ping", "params": true}'],
    ['params that are null', '{"jsonrpc": "2.0", "id": 1, "method": "ping", "params": null}'],
  ])('%s is an Invalid Request (-32600) that echoes the id', async (_case, payload) => {
    const { rpc, ran } = make();
    expect(await rpc.handle(payload)).toBe(
      '{"jsonrpc":"2.0","id":1,"error":{"code":-32600,"message":"Invalid Request"}}',
    );
    expect(ran).toEqual([]);
  });

  it.each([
    ['an object id', '{"jsonrpc": "2.0", "id": {"a": 1}, "method": "ping"}'],
    ['an array id', '{"jsonrpc": "2.0", "id": [1], "method": "ping"}'],
    ['a boolean id', '{"jsonrpc": "2.0", "id": true, "method": "ping"}'],
    // MCP: "the ID MUST NOT be null"; a null id is not a notification either.
    ['a null id', '{"jsonrpc": "2.0", "id": null, "method": "ping"}'],
  ])('%s is an Invalid Request with id null, and runs nothing', async (_case, payload) => {
    const { rpc, ran } = make();
    expect(await rpc.handle(payload)).toBe(INVALID_REQUEST);
    expect(ran).toEqual([]);
  });

  it.each([
    ['a number', '1'],
    ['a string', '"x"'],
    ['null', 'null'],
    ['true', 'true'],
    ['an empty batch', '[]'],
  ])('%s as the whole message is an Invalid Request with id null', async (_case, payload) => {
    const { rpc } = make();
    expect(await rpc.handle(payload)).toBe(INVALID_REQUEST);
  });

  it('a batch of non-objects answers one Invalid Request per item', async () => {
    const { rpc } = make();
    expect(await rpc.handle('[1, "x", null]')).toBe(
      `[${INVALID_REQUEST},${INVALID_REQUEST},${INVALID_REQUEST}]`,
    );
  });

  it('an invalid item in a batch does not spoil the valid ones', async () => {
    const { rpc } = make();
    expect(
      await rpc.handle(
        '[{"jsonrpc": "2.0", "id": 1, "method": "ping"}, {"foo": "boo"}, {"jsonrpc": "2.0", "id": "2", "method": "ping"}]',
      ),
    ).toBe(
      `[{"jsonrpc":"2.0","id":1,"result":{}},${INVALID_REQUEST},{"jsonrpc":"2.0","id":"2","result":{}}]`,
    );
  });
});

describe.each(both)('%s: ids, notifications and batches', (_name, make) => {
  it.each([
    ['a string', '"abc"'],
    ['a number', '42'],
    ['zero', '0'],
    ['an empty string', '""'],
    ['a negative number', '-7'],
    ['a fraction', '1.5'],
    ['a number JavaScript writes with an exponent', '1e21'],
    ['a tiny number', '1e-7'],
    ['minus zero', '-0'],
    ['a string with quotes and unicode', '"a\\"b\\u00e9✓"'],
  ])('echoes %s id as sent', async (_case, id) => {
    const { rpc } = make();
    expect(await rpc.handle(`{"jsonrpc": "2.0", "id": ${id}, "method": "ping"}`)).toBe(
      `{"jsonrpc":"2.0","id":${JSON.stringify(JSON.parse(id))},"result":{}}`,
    );
  });

  it('echoes the id of a Method not found', async () => {
    const { rpc } = make();
    expect(await rpc.handle('{"jsonrpc": "2.0", "id": "q", "method": "nope"}')).toBe(
      '{"jsonrpc":"2.0","id":"q","error":{"code":-32601,"message":"Method not found"}}',
    );
  });

  it.each([
    'constructor',
    '__proto__',
    'toString',
    'hasOwnProperty',
    'valueOf',
    '__defineGetter__',
  ])(
    'an Object.prototype key as method (%s) is Method not found, never a crash',
    async (method) => {
      const { rpc, ran } = make();
      expect(await rpc.handle(`{"jsonrpc": "2.0", "id": 1, "method": "${method}"}`)).toBe(
        '{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found"}}',
      );
      expect(ran).toEqual([]);
    },
  );

  it('a notification of an unknown method answers nothing', async () => {
    const { rpc } = make();
    expect(await rpc.handle('{"jsonrpc": "2.0", "method": "nope"}')).toBeNull();
    expect(await rpc.handle('{"jsonrpc": "2.0", "method": "constructor"}')).toBeNull();
  });

  it('a batch of mixed requests and notifications answers only the requests, in order', async () => {
    const { rpc } = make();
    expect(
      await rpc.handle(`[
        {"jsonrpc": "2.0", "id": "first", "method": "ping"},
        {"jsonrpc": "2.0", "method": "ping"},
        {"jsonrpc": "2.0", "id": 2, "method": "nope"},
        {"jsonrpc": "2.0", "method": "nope"},
        {"jsonrpc": "2.0", "id": 3, "method": "ping"}
      ]`),
    ).toBe(
      '[{"jsonrpc":"2.0","id":"first","result":{}},{"jsonrpc":"2.0","id":2,"error":{"code":-32601,"message":"Method not found"}},{"jsonrpc":"2.0","id":3,"result":{}}]',
    );
  });

  it('a batch of only notifications answers null', async () => {
    const { rpc } = make();
    expect(
      await rpc.handle(
        '[{"jsonrpc": "2.0", "method": "ping"}, {"jsonrpc": "2.0", "method": "nope"}]',
      ),
    ).toBeNull();
  });

  it('a batch of one request is still answered as an array', async () => {
    const { rpc } = make();
    expect(await rpc.handle('[{"jsonrpc": "2.0", "id": 1, "method": "ping"}]')).toBe(
      '[{"jsonrpc":"2.0","id":1,"result":{}}]',
    );
  });

  it.each([
    ['a result', '{"jsonrpc": "2.0", "id": 1, "result": {}}'],
    ['an error', '{"jsonrpc": "2.0", "id": 1, "error": {"code": -1, "message": "no"}}'],
    [
      'an error with id null',
      '{"jsonrpc": "2.0", "id": null, "error": {"code": -1, "message": "no"}}',
    ],
  ])('a response carrying %s (no method) produces no answer', async (_case, payload) => {
    const { rpc, ran } = make();
    expect(await rpc.handle(payload)).toBeNull();
    expect(ran).toEqual([]);
  });

  it('a batch of responses produces no answer', async () => {
    const { rpc } = make();
    expect(
      await rpc.handle(
        '[{"jsonrpc": "2.0", "id": 1, "result": {}}, {"jsonrpc": "2.0", "id": 2, "result": {"roots": []}}]',
      ),
    ).toBeNull();
  });
});

describe('JsonRpcDispatcher: method results and errors', () => {
  it('passes params through to the method as sent', async () => {
    const { rpc } = dispatcher();
    expect(
      await rpc.handle(
        '{"jsonrpc": "2.0", "id": 1, "method": "echo", "params": [1, "two", {"3": null}]}',
      ),
    ).toBe('{"jsonrpc":"2.0","id":1,"result":[1,"two",{"3":null}]}');
    expect(
      await rpc.handle('{"jsonrpc": "2.0", "id": 2, "method": "echo", "params": {"a": []}}'),
    ).toBe('{"jsonrpc":"2.0","id":2,"result":{"a":[]}}');
  });

  it('a method that returns undefined answers result null (JSON-RPC requires a result)', async () => {
    const { rpc } = dispatcher();
    expect(await rpc.handle('{"jsonrpc": "2.0", "id": 1, "method": "echo"}')).toBe(
      '{"jsonrpc":"2.0","id":1,"result":null}',
    );
  });

  it('a method that gives its result as Encoded is answered with its text; the summary sees the value', async () => {
    const value = { a: 1 };
    const rpc = new JsonRpcDispatcher<undefined>().register(
      'made',
      // Spaced as JSON.stringify never writes it: the text is taken as it is, not made again.
      async () => new Encoded(value, '{ "a": 1 }'),
    );
    const note: AnswerSummary = { ok: false, code: undefined, refused: false };
    expect(
      await rpc.dispatch({ jsonrpc: '2.0', id: 3, method: 'made' }, undefined, undefined, note),
    ).toBe('{"jsonrpc":"2.0","id":3,"result":{ "a": 1 }}');
    expect(note.ok).toBe(true);
    expect(note.result).toBe(value);
    // Past the result limit, the replacement is made from the value, as for any result.
    const limited = new JsonRpcDispatcher<undefined>({ resultLimit: resultLimit(8) }).register(
      'tools/call',
      () => new Encoded({ content: [] }, `{"content":[],"pad":"${'x'.repeat(20)}"}`),
    );
    const answer = JSON.parse(
      (await limited.handle(
        '{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"t"}}',
      ))!,
    );
    expect(answer.result.isError).toBe(true);
    expect(answer.result.content[0].text).toMatch(/maxResultBytes/);
  });

  it('hands the method its params, context, request and extra', async () => {
    const seen: unknown[][] = [];
    const rpc = new JsonRpcDispatcher<{ user: string }, { channel: number }>().register(
      'look',
      (...args) => {
        seen.push(args);
        return 'ok';
      },
    );
    const context = { user: 'ada' };
    const extra = { channel: 7 };
    await rpc.handle(
      '{"jsonrpc": "2.0", "id": 1, "method": "look", "params": {"q": 1}}',
      context,
      extra,
    );
    expect(seen).toHaveLength(1);
    expect(seen[0][0]).toEqual({ q: 1 });
    expect(seen[0][1]).toBe(context);
    expect(seen[0][2]).toEqual({ jsonrpc: '2.0', id: 1, method: 'look', params: { q: 1 } });
    expect(seen[0][3]).toBe(extra);
  });

  it('a Fault becomes its error object, with data when given', async () => {
    const { rpc } = dispatcher();
    expect(await rpc.handle('{"jsonrpc": "2.0", "id": 1, "method": "fault"}')).toBe(
      '{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Bad thing","data":{"field":"x"}}}',
    );
  });

  it('a Fault without data has no data member', async () => {
    const rpc = new JsonRpcDispatcher().register('f', () => {
      throw new Fault(-32000, 'Server busy');
    });
    expect(await rpc.handle('{"jsonrpc": "2.0", "id": 1, "method": "f"}')).toBe(
      '{"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"Server busy"}}',
    );
  });

  it('a Fault from another copy of the package (same brand) is still a Fault', async () => {
    const foreign = Object.assign(new Error('Elsewhere'), { code: -32001, data: undefined });
    Object.defineProperty(foreign, Symbol.for('declarative-mcp.Fault'), { value: true });
    const reporter = jest.fn();
    const rpc = new JsonRpcDispatcher({ reporter }).register('f', () => {
      throw foreign;
    });
    expect(await rpc.handle('{"jsonrpc": "2.0", "id": 1, "method": "f"}')).toBe(
      '{"jsonrpc":"2.0","id":1,"error":{"code":-32001,"message":"Elsewhere"}}',
    );
    expect(reporter).not.toHaveBeenCalled();
  });

  it('an unexpected throw is -32603 and reaches the reporter with request and context', async () => {
    const reporter = jest.fn();
    const { rpc } = dispatcher({ reporter });
    const context = { session: 's1' };
    expect(await rpc.handle('{"jsonrpc": "2.0", "id": 1, "method": "boom"}', context)).toBe(
      '{"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"Internal error"}}',
    );
    expect(reporter).toHaveBeenCalledTimes(1);
    const [error, request, seen] = reporter.mock.calls[0];
    expect((error as Error).message).toBe('kaboom');
    expect(request).toEqual({ jsonrpc: '2.0', id: 1, method: 'boom' });
    expect(seen).toBe(context);
  });

  it('a thrown non-Error value is still -32603 and reported', async () => {
    const reporter = jest.fn();
    const rpc = new JsonRpcDispatcher({ reporter }).register('raw', () => {
      throw 'a string';
    });
    expect(await rpc.handle('{"jsonrpc": "2.0", "id": 1, "method": "raw"}')).toBe(
      '{"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"Internal error"}}',
    );
    expect(reporter).toHaveBeenCalledWith('a string', expect.anything(), undefined);
  });

  it('notifications are never answered, even when the method throws', async () => {
    const reporter = jest.fn();
    const { rpc, ran } = dispatcher({ reporter });
    expect(await rpc.handle('{"jsonrpc": "2.0", "method": "boom"}')).toBeNull();
    expect(await rpc.handle('{"jsonrpc": "2.0", "method": "fault"}')).toBeNull();
    expect(ran).toEqual(['boom', 'fault']);
    // The accident is still the operator's to know about; the Fault is not an accident.
    expect(reporter).toHaveBeenCalledTimes(1);
  });

  it('a notification runs its method', async () => {
    const { rpc, ran } = dispatcher();
    expect(await rpc.handle('{"jsonrpc": "2.0", "method": "ping"}')).toBeNull();
    expect(ran).toEqual(['ping']);
  });

  it('a batch runs its requests and answers them in order, even when they finish out of order', async () => {
    const rpc = new JsonRpcDispatcher().register('wait', async (params) => {
      const { ms } = params as { ms: number };
      await new Promise((resolve) => setTimeout(resolve, ms));
      return ms;
    });
    expect(
      await rpc.handle(
        '[{"jsonrpc":"2.0","id":1,"method":"wait","params":{"ms":30}},{"jsonrpc":"2.0","id":2,"method":"wait","params":{"ms":1}},{"jsonrpc":"2.0","id":3,"method":"wait","params":{"ms":10}}]',
      ),
    ).toBe(
      '[{"jsonrpc":"2.0","id":1,"result":30},{"jsonrpc":"2.0","id":2,"result":1},{"jsonrpc":"2.0","id":3,"result":10}]',
    );
  });
});

describe('JsonRpcDispatcher: results that cannot be encoded', () => {
  function unencodable(result: () => unknown) {
    const reporter = jest.fn();
    const rpc = new JsonRpcDispatcher({ reporter }).register('bad', result);
    return { rpc, reporter };
  }

  it('a cyclic result is -32603 and the reporter is told', async () => {
    const cycle: Record<string, unknown> = { a: 1 };
    cycle.self = cycle;
    const { rpc, reporter } = unencodable(() => cycle);
    expect(await rpc.handle('{"jsonrpc": "2.0", "id": 1, "method": "bad"}', 'ctx')).toBe(
      '{"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"Internal error"}}',
    );
    expect(reporter).toHaveBeenCalledTimes(1);
    expect(reporter.mock.calls[0][0]).toBeInstanceOf(TypeError);
    expect(reporter.mock.calls[0][1]).toEqual({ jsonrpc: '2.0', id: 1, method: 'bad' });
    expect(reporter.mock.calls[0][2]).toBe('ctx');
  });

  it('a BigInt in the result is -32603 and the reporter is told', async () => {
    const { rpc, reporter } = unencodable(() => ({ count: BigInt(1) }));
    expect(await rpc.handle('{"jsonrpc": "2.0", "id": 2, "method": "bad"}')).toBe(
      '{"jsonrpc":"2.0","id":2,"error":{"code":-32603,"message":"Internal error"}}',
    );
    expect(reporter).toHaveBeenCalledTimes(1);
  });

  it('a toJSON that throws is -32603 and the reporter is told', async () => {
    const { rpc, reporter } = unencodable(() => ({
      toJSON() {
        throw new Error('no');
      },
    }));
    expect(await rpc.handle('{"jsonrpc": "2.0", "id": 3, "method": "bad"}')).toBe(
      '{"jsonrpc":"2.0","id":3,"error":{"code":-32603,"message":"Internal error"}}',
    );
    expect(reporter).toHaveBeenCalledTimes(1);
  });

  it('an unencodable result in a batch spoils only its own answer', async () => {
    const reporter = jest.fn();
    const rpc = new JsonRpcDispatcher({ reporter })
      .register('bad', () => ({ n: BigInt(2) }))
      .register('good', () => 'fine');
    expect(
      await rpc.handle(
        '[{"jsonrpc":"2.0","id":1,"method":"bad"},{"jsonrpc":"2.0","id":2,"method":"good"}]',
      ),
    ).toBe(
      '[{"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"Internal error"}},{"jsonrpc":"2.0","id":2,"result":"fine"}]',
    );
    expect(reporter).toHaveBeenCalledTimes(1);
  });

  it('Fault data that cannot be encoded drops the data, keeps the error, and is reported', async () => {
    const reporter = jest.fn();
    const rpc = new JsonRpcDispatcher({ reporter }).register('f', () => {
      throw new Fault(-32002, 'Resource not found', { size: BigInt(3) });
    });
    expect(await rpc.handle('{"jsonrpc": "2.0", "id": 1, "method": "f"}')).toBe(
      '{"jsonrpc":"2.0","id":1,"error":{"code":-32002,"message":"Resource not found"}}',
    );
    expect(reporter).toHaveBeenCalledTimes(1);
  });

  it('through McpCore: a caller result with a cycle is -32603 and reported', async () => {
    const reporter = jest.fn();
    const cycle: Record<string, unknown> = { content: [] };
    cycle.again = cycle;
    const mcp = new McpCore({
      name: 'x',
      version: '1',
      lister: () => [],
      caller: () => cycle,
      reporter,
    });
    expect(
      await mcp.handle('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t"}}'),
    ).toBe('{"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"Internal error"}}');
    expect(reporter).toHaveBeenCalledTimes(1);
  });
});

describe('JsonRpcDispatcher: the reporter never breaks the answer', () => {
  it('a reporter that throws is ignored', async () => {
    const { rpc } = dispatcher({
      reporter: () => {
        throw new Error('reporter down');
      },
    });
    expect(await rpc.handle('{"jsonrpc": "2.0", "id": 1, "method": "boom"}')).toBe(
      '{"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"Internal error"}}',
    );
  });

  it('with no reporter, an unexpected throw is still -32603', async () => {
    const { rpc } = dispatcher();
    expect(await rpc.handle('{"jsonrpc": "2.0", "id": 1, "method": "boom"}')).toBe(
      '{"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"Internal error"}}',
    );
  });

  it('through McpCore: a notification that throws is reported, not answered', async () => {
    const reporter = jest.fn();
    const { rpc, ran } = core(reporter);
    expect(
      await rpc.handle('{"jsonrpc": "2.0", "method": "tools/call", "params": {"name": "boom"}}'),
    ).toBeNull();
    expect(ran).toEqual(['boom']);
    expect(reporter).toHaveBeenCalledTimes(1);
  });
});

describe('JsonRpcDispatcher: responses from the client', () => {
  it('hands a response to onResponse with its context and extra, and answers nothing', async () => {
    const onResponse = jest.fn();
    const rpc = new JsonRpcDispatcher({ onResponse });
    const context = { session: 'c0ffee' };
    expect(
      await rpc.handle('{"jsonrpc": "2.0", "id": 5, "result": {"roots": []}}', context, 'extra'),
    ).toBeNull();
    expect(onResponse).toHaveBeenCalledWith(
      { jsonrpc: '2.0', id: 5, result: { roots: [] } },
      context,
      'extra',
    );
  });

  it('a message with result but no id is not a response: it is an Invalid Request', async () => {
    const onResponse = jest.fn();
    const rpc = new JsonRpcDispatcher({ onResponse });
    expect(await rpc.handle('{"jsonrpc": "2.0", "result": {}}')).toBe(INVALID_REQUEST);
    expect(onResponse).not.toHaveBeenCalled();
  });
});

describe('JsonRpcDispatcher: the method table and options', () => {
  it('registering a method twice throws, naming the method', () => {
    const rpc = new JsonRpcDispatcher().register('ping', () => ({}));
    expect(() => rpc.register('ping', () => ({}))).toThrow(/"ping"/);
  });

  it('registers, lists and reports methods in order', () => {
    const { rpc } = dispatcher();
    expect(rpc.methods()).toEqual(['echo', 'ping', 'boom', 'fault']);
    expect(rpc.has('echo')).toBe(true);
    expect(rpc.has('constructor')).toBe(false);
  });

  it('McpCore registers exactly the MCP methods on its dispatcher', () => {
    const { rpc: mcp } = core();
    expect(mcp.rpc.methods()).toEqual([
      'initialize',
      'notifications/initialized',
      'notifications/cancelled',
      'ping',
      'tools/list',
      'tools/call',
      // Issue 12: the 2026-07-28 methods share the one table.
      'server/discover',
      'subscriptions/listen',
    ]);
  });

  it("McpCore's own methods cannot be registered again", () => {
    const { rpc: mcp } = core();
    expect(() => mcp.rpc.register('tools/call', () => ({}))).toThrow(/"tools\/call"/);
  });

  it('the batch limit defaults to 100 and is validated', () => {
    expect(new JsonRpcDispatcher().batch).toBe(100);
    expect(new JsonRpcDispatcher({ batch: 0 }).batch).toBe(0);
    expect(() => new JsonRpcDispatcher({ batch: -1 })).toThrow(RangeError);
    expect(() => new JsonRpcDispatcher({ batch: 2.5 })).toThrow(RangeError);
  });

  it('batch limit: exactly the limit is accepted, one more is refused, 0 refuses all', async () => {
    const rpc = new JsonRpcDispatcher({ batch: 2 }).register('ping', () => ({}));
    const ping = (id: number) => `{"jsonrpc":"2.0","id":${id},"method":"ping"}`;
    expect(await rpc.handle(`[${ping(1)},${ping(2)}]`)).toBe(
      '[{"jsonrpc":"2.0","id":1,"result":{}},{"jsonrpc":"2.0","id":2,"result":{}}]',
    );
    expect(await rpc.handle(`[${ping(1)},${ping(2)},${ping(3)}]`)).toBe(INVALID_REQUEST);
    const none = new JsonRpcDispatcher({ batch: 0 }).register('ping', () => ({}));
    expect(await none.handle(`[${ping(1)}]`)).toBe(INVALID_REQUEST);
    expect(await none.handle(ping(1))).toBe('{"jsonrpc":"2.0","id":1,"result":{}}');
  });

  it('JsonRpcDispatcher itself lets initialize into a batch (that rule is MCP’s)', async () => {
    const rpc = new JsonRpcDispatcher().register('initialize', () => ({ ok: true }));
    expect(await rpc.handle('[{"jsonrpc":"2.0","id":1,"method":"initialize"}]')).toBe(
      '[{"jsonrpc":"2.0","id":1,"result":{"ok":true}}]',
    );
  });

  it('dispatch answers an already parsed message', async () => {
    const { rpc } = dispatcher();
    expect(await rpc.dispatch({ jsonrpc: '2.0', id: 1, method: 'ping' }, undefined)).toBe(
      '{"jsonrpc":"2.0","id":1,"result":{}}',
    );
  });

  it('a non-string payload does not throw', async () => {
    const { rpc } = dispatcher();
    await expect(rpc.handle(42 as unknown as string)).resolves.toBe(INVALID_REQUEST);
    await expect(rpc.handle(undefined as unknown as string)).resolves.toBe(PARSE_ERROR);
  });
});

describe('payloads that are not strings (handle() never rejects)', () => {
  const revoked = Proxy.revocable({}, {});
  revoked.revoke();
  const cases: Array<[string, () => unknown]> = [
    ['Object.create(null)', () => Object.create(null)],
    [
      'a throwing toString',
      () => ({
        toString() {
          throw new Error('no text for you');
        },
      }),
    ],
    [
      'a throwing Proxy',
      () =>
        new Proxy(
          {},
          {
            get() {
              throw new Error('trap');
            },
          },
        ),
    ],
    ['a revoked Proxy', () => revoked.proxy],
  ];

  it.each(cases)('%s → Parse error, and the reporter hears of it', async (_name, make) => {
    const reported: unknown[] = [];
    const reporter = (error: unknown) => reported.push(error);
    for (const rpc of [new JsonRpcDispatcher({ reporter }), core(reporter).rpc]) {
      await expect(rpc.handle(make() as string)).resolves.toBe(PARSE_ERROR);
    }
    expect(reported).toHaveLength(2);
  });

  it('a value whose text is JSON is answered as that JSON', async () => {
    const payload = { toString: () => '{"jsonrpc":"2.0","id":1,"method":"ping"}' };
    await expect(dispatcher().rpc.handle(payload as unknown as string)).resolves.toBe(
      '{"jsonrpc":"2.0","id":1,"result":{}}',
    );
  });
});
