/**
 * How the test client chooses its revision when it opens (server/discover, else initialize),
 * and the _meta of a 2026-07-28 request, against a fake client that records what it sends.
 */
import { type JsonObject, McpClientError } from '../../src/core';
import { MODERN, type Negotiating, negotiate, requestMeta } from '../../src/testing/revision';

interface Sent {
  kind: 'request' | 'raw' | 'notify';
  method: string;
  params?: JsonObject;
  version: string;
}

/** A client whose server/discover answers `discover` (an error to throw, or a result). */
function client(
  discover: JsonObject | Error,
  initialize: JsonObject = { protocolVersion: '2025-06-18' },
) {
  const sent: Sent[] = [];
  const c: Negotiating & { sent: Sent[] } = {
    sent,
    initialized: {},
    protocolVersion: '',
    async request(method, params) {
      sent.push({ kind: 'request', method, params, version: c.protocolVersion });
      if (discover instanceof Error) throw discover;
      return discover;
    },
    async raw(method, params) {
      sent.push({ kind: 'raw', method, params, version: c.protocolVersion });
      return initialize;
    },
    async notify(method, params) {
      sent.push({ kind: 'notify', method, params, version: c.protocolVersion });
    },
  };
  return c;
}

const refused = new McpClientError(-32601, 'Method not found');

test('MODERN is 2026-07-28', () => {
  expect(MODERN).toBe('2026-07-28');
});

describe('negotiate', () => {
  test('no revision asked: server/discover, spoken as 2026-07-28; nothing else is sent', async () => {
    const c = client({ supportedVersions: ['2026-07-28'] });
    await negotiate(c, {}, {});
    expect(c.protocolVersion).toBe('2026-07-28');
    expect(c.initialized).toEqual({ supportedVersions: ['2026-07-28'] });
    expect(c.sent).toEqual([
      { kind: 'request', method: 'server/discover', params: undefined, version: '2026-07-28' },
    ]);
  });

  test('no revision asked and a 2025-only server: initialize with the newest 2025, then initialized', async () => {
    const c = client(refused, { protocolVersion: '2025-06-18', capabilities: {} });
    await negotiate(c, {}, { roots: {} });
    expect(c.protocolVersion).toBe('2025-06-18');
    expect(c.initialized).toEqual({ protocolVersion: '2025-06-18', capabilities: {} });
    expect(c.sent).toEqual([
      { kind: 'request', method: 'server/discover', params: undefined, version: '2026-07-28' },
      {
        kind: 'raw',
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: { roots: {} },
          clientInfo: { name: 'declarative-mcp/testing', version: '1' },
        },
        version: '',
      },
      {
        kind: 'notify',
        method: 'notifications/initialized',
        params: undefined,
        version: '2025-06-18',
      },
    ]);
  });

  test('2026-07-28 asked of a server that does not speak it: an error that says so', async () => {
    const c = client(new McpClientError(-32601, 'Method not found', { x: 1 }));
    const error = await negotiate(c, { protocolVersion: '2026-07-28' }, {}).catch((e) => e);
    expect(error).toMatchObject({
      code: -32601,
      data: { x: 1 },
      message:
        'The server does not speak MCP 2026-07-28: server/discover answered -32601 Method not found',
    });
    expect(c.sent.map((s) => s.method)).toEqual(['server/discover']);
  });

  test('a failure that is not the server answering (a transport error) is not taken for a 2025 server', async () => {
    const down = new McpClientError(-32000, 'connection refused', undefined, {
      reason: 'transport',
    });
    const c = client(down);
    await expect(negotiate(c, {}, {})).rejects.toBe(down);
    expect(c.sent.map((s) => s.method)).toEqual(['server/discover']);
    const unanswered = new McpClientError(-32600, 'no answer', undefined, { reason: 'no-answer' });
    await expect(negotiate(client(unanswered), {}, {})).rejects.toBe(unanswered);
    const plain = new TypeError('bug');
    await expect(negotiate(client(plain), {}, {})).rejects.toBe(plain);
  });

  test('a 2025 revision asked: initialize with it and the clientInfo given; the answer decides', async () => {
    const c = client({}, { protocolVersion: '2025-03-26' });
    await negotiate(
      c,
      { protocolVersion: '2025-06-18', clientInfo: { name: 'me', version: '9' } },
      {},
    );
    expect(c.sent[0]).toEqual({
      kind: 'raw',
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'me', version: '9' },
      },
      version: '',
    });
    expect(c.protocolVersion).toBe('2025-03-26');
  });

  test('an initialize answer without a protocolVersion: the one asked', async () => {
    const c = client({}, {});
    await negotiate(c, { protocolVersion: '2025-06-18' }, {});
    expect(c.protocolVersion).toBe('2025-06-18');
  });
});

describe('requestMeta', () => {
  const PV = 'io.modelcontextprotocol/protocolVersion';
  const CC = 'io.modelcontextprotocol/clientCapabilities';
  const CI = 'io.modelcontextprotocol/clientInfo';

  test('revision, capabilities and identity; the _meta given is kept', () => {
    expect(
      requestMeta({ _meta: { progressToken: 't', [PV]: 'old' } }, false, { roots: {} }, {}),
    ).toEqual({
      progressToken: 't',
      [PV]: '2026-07-28',
      [CC]: { roots: {} },
      [CI]: { name: 'declarative-mcp/testing', version: '1' },
    });
  });

  test('a task request declares the tasks extension beside the extensions declared', () => {
    const meta = requestMeta(
      undefined,
      true,
      { extensions: { 'x/y': { a: 1 } }, roots: {} },
      {
        clientInfo: { name: 'me', version: '2' },
        logLevel: 'debug',
      },
    );
    expect(meta).toEqual({
      [PV]: '2026-07-28',
      [CC]: { roots: {}, extensions: { 'x/y': { a: 1 }, 'io.modelcontextprotocol/tasks': {} } },
      [CI]: { name: 'me', version: '2' },
      'io.modelcontextprotocol/logLevel': 'debug',
    });
  });

  test('a _meta that is not an object is not kept; no log level unless asked', () => {
    const meta = requestMeta({ _meta: 'x' as never }, false, {}, {});
    expect(Object.keys(meta)).toEqual([PV, CC, CI]);
  });
});
