/**
 * `McpCall` through the raw core: progress tokens and log levels, and what a call knows of its
 * request (id, `_meta`, the client's capabilities).
 */
import {
  type JsonObject,
  LOGGING_LEVELS,
  type LoggingLevel,
  McpCall,
  McpCore,
} from '../../../src/core';
import { answer, harness } from '../../helpers/call-harness';

describe('McpCall: progress and log', () => {
  it('progress without a token is a no-op; a token of 0 is a token', async () => {
    const results: boolean[] = [];
    const h = harness({
      work: (_args, call) => {
        results.push(call.progress(1, 2));
        return 'ok';
      },
    });
    await h.call(1, 'work');
    await h.call(2, 'work', { progressToken: 0 });
    await h.call(3, 'work', { progressToken: { not: 'a token' } });
    expect(results).toEqual([false, true, false]);
    expect(h.sent()).toEqual([
      {
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: 0, progress: 1, total: 2 },
      },
    ]);
  });

  it('without a link, progress and log send nothing and say so', async () => {
    const results: boolean[] = [];
    const core = new McpCore({
      name: 'T',
      version: '1',
      lister: () => [],
      caller: (_name, _args, _context, call) => {
        results.push(call.progress(1), call.log('emergency', 'x'), call.notify('n/x', {}));
        return { content: [] };
      },
    });
    await core.handle(
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","_meta":{"progressToken":"p"}}}',
    );
    expect(results).toEqual([false, false, false]);
  });

  it('log sends every level until the client sets one, then that level and above', async () => {
    const levels: LoggingLevel[] = [
      'debug',
      'info',
      'notice',
      'warning',
      'error',
      'critical',
      'alert',
      'emergency',
    ];
    expect(levels).toEqual([...LOGGING_LEVELS]);
    const h = harness({
      work: (_args, call) => levels.filter((level) => call.log(level, level, 'logger-x')).join(','),
    });
    await h.call(1, 'work');
    expect(h.sent().map((m) => (m.params as JsonObject).level)).toEqual(levels);
    expect(h.sent()[0]).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/message',
      params: { level: 'debug', data: 'debug', logger: 'logger-x' },
    });

    expect(await h.send({ id: 2, method: 'logging/setLevel', params: { level: 'warning' } })).toBe(
      '{"jsonrpc":"2.0","id":2,"result":{}}',
    );
    expect(h.peer.logLevel).toBe('warning');
    h.timeline.length = 0;
    await h.call(3, 'work');
    expect(h.timeline).toEqual([
      ...['warning', 'error', 'critical', 'alert', 'emergency'].map((level) => ({
        jsonrpc: '2.0',
        method: 'notifications/message',
        params: { level, data: level, logger: 'logger-x' },
      })),
      answer(3, 'warning,error,critical,alert,emergency'),
    ]);
  });

  it('logging/setLevel refuses an unknown level and keeps the one set', async () => {
    const h = harness({});
    await h.send({ id: 1, method: 'logging/setLevel', params: { level: 'error' } });
    const refused = await h.send({ id: 2, method: 'logging/setLevel', params: { level: 'loud' } });
    expect(JSON.parse(refused!)).toMatchObject({ id: 2, error: { code: -32602 } });
    expect(h.peer.logLevel).toBe('error');
  });
});

describe('McpCall: what it knows of the request', () => {
  it('carries the request id, method, _meta, the negotiated revision and client capabilities', async () => {
    let seen: JsonObject | undefined;
    const h = harness({
      who: (_args, call) => {
        seen = {
          requestId: call.requestId,
          method: call.method,
          meta: call.meta,
          revision: call.revision,
          capabilities: call.clientCapabilities,
        };
        return 'ok';
      },
    });
    await h.send({
      id: 0,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: { roots: {} },
        clientInfo: { name: 't' },
      },
    });
    await h.call('req-1', 'who', { progressToken: 4, trace: 'abc' });
    expect(seen).toEqual({
      requestId: 'req-1',
      method: 'tools/call',
      meta: { progressToken: 4, trace: 'abc' },
      revision: '2025-06-18',
      capabilities: { roots: {} },
    });
  });

  it('meta is {} when the request sent none, or a non-object', () => {
    expect(new McpCall('tools/call', 1, {}, undefined).meta).toEqual({});
    expect(new McpCall('tools/call', 1, { _meta: [1] }, undefined).meta).toEqual({});
    expect(new McpCall('tools/call', 1, undefined, undefined).meta).toEqual({});
  });
});
