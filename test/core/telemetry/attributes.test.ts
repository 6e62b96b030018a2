/**
 * A request's span and metric attributes (OpenTelemetry semconv for MCP): the span name, what a
 * sampler sees at the start, what only a recording span gets, and what never reaches a metric.
 */

import type { Link, LinkFacts } from '../../../src/core/link';
import type { Peer } from '../../../src/core/peer';
import {
  addDetails,
  addNetwork,
  protocolVersionOf,
  shapeOf,
  toolErrorText,
} from '../../../src/core/telemetry/attributes';
import type { JsonRpcRequest } from '../../../src/core/types';

const HTTP: LinkFacts = {
  transport: 'tcp',
  protocolName: 'http',
  protocolVersion: '1.1',
  serverAddress: 'mcp.example',
  serverPort: 443,
  clientAddress: '10.0.0.7',
  clientPort: 51234,
  sessionId: 'sess-1',
};

function link(revision: string | undefined, facts?: LinkFacts): Link {
  return {
    peer: { revision } as unknown as Peer,
    send: () => {},
    facts: facts === undefined ? undefined : () => facts,
  };
}

const request = (method: string, params?: unknown, id?: number | string): JsonRpcRequest =>
  ({ jsonrpc: '2.0', method, params, id }) as JsonRpcRequest;

describe('protocolVersionOf', () => {
  it("a 2026-07-28 request names its revision in _meta, over the connection's", () => {
    const params = { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } };
    expect(protocolVersionOf('tools/list', params, link('2025-06-18'))).toBe('2026-07-28');
  });

  it('initialize speaks the revision it is about to agree on', () => {
    expect(protocolVersionOf('initialize', { protocolVersion: '2025-03-26' }, undefined)).toBe(
      '2025-03-26',
    );
    // An unknown one: the server answers with its newest 2025 revision.
    expect(protocolVersionOf('initialize', { protocolVersion: '1999-01-01' }, undefined)).toBe(
      '2025-11-25',
    );
    expect(protocolVersionOf('initialize', undefined, undefined)).toBe('2025-11-25');
  });

  it('any other request speaks the revision its connection negotiated, if any', () => {
    expect(protocolVersionOf('tools/list', {}, link('2025-06-18'))).toBe('2025-06-18');
    expect(protocolVersionOf('tools/list', {}, link(undefined))).toBeUndefined();
    expect(protocolVersionOf('tools/list', undefined, undefined)).toBeUndefined();
    // A _meta revision that is not a string is not a revision.
    const params = { _meta: { 'io.modelcontextprotocol/protocolVersion': 20260728 } };
    expect(protocolVersionOf('tools/list', params, link('2025-06-18'))).toBe('2025-06-18');
  });
});

describe('shapeOf', () => {
  it('tools/call: the span is named after the tool; execute_tool; network on both', () => {
    const shape = shapeOf(
      request('tools/call', { name: 'forecast', arguments: { city: 'Oslo' } }, 7),
      link('2025-11-25', HTTP),
    );
    expect(shape.name).toBe('tools/call forecast');
    const expected = {
      'mcp.method.name': 'tools/call',
      'jsonrpc.protocol.version': '2.0',
      'gen_ai.tool.name': 'forecast',
      'gen_ai.operation.name': 'execute_tool',
      'mcp.protocol.version': '2025-11-25',
      'network.transport': 'tcp',
      'network.protocol.name': 'http',
      'network.protocol.version': '1.1',
    };
    expect(shape.span).toEqual(expected);
    expect(shape.metric).toEqual(expected);
    // Two objects: an SDK may add to the one a span starts with.
    expect(shape.span).not.toBe(shape.metric);
    expect(shape.facts).toBe(HTTP);
  });

  it('prompts/get: named after the prompt, without an operation name', () => {
    const shape = shapeOf(request('prompts/get', { name: 'greet' }), undefined);
    expect(shape.name).toBe('prompts/get greet');
    expect(shape.metric).toEqual({
      'mcp.method.name': 'prompts/get',
      'jsonrpc.protocol.version': '2.0',
      'gen_ai.prompt.name': 'greet',
    });
    expect(shape.facts).toBeUndefined();
  });

  it('a target that is not a string, other methods and notifications: the method alone', () => {
    expect(shapeOf(request('tools/call', { name: 42 }), undefined).name).toBe('tools/call');
    expect(shapeOf(request('tools/call', ['forecast']), undefined).name).toBe('tools/call');
    expect(shapeOf(request('resources/read', { name: 'x' }), undefined).name).toBe(
      'resources/read',
    );
    const shape = shapeOf(request('notifications/initialized'), link(undefined));
    expect(shape.name).toBe('notifications/initialized');
    expect(shape.span).toEqual({
      'mcp.method.name': 'notifications/initialized',
      'jsonrpc.protocol.version': '2.0',
    });
  });

  it('stdio: network.transport pipe only', () => {
    const shape = shapeOf(request('ping', {}, 1), link('2025-06-18', { transport: 'pipe' }));
    expect(shape.metric).toEqual({
      'mcp.method.name': 'ping',
      'jsonrpc.protocol.version': '2.0',
      'mcp.protocol.version': '2025-06-18',
      'network.transport': 'pipe',
    });
  });
});

describe('addDetails', () => {
  it('the request id as text, the resource URI, addresses, ports and the session', () => {
    const attributes = addDetails(
      {},
      request('resources/read', { uri: 'file:///a.txt' }, 12),
      HTTP,
    );
    expect(attributes).toEqual({
      'jsonrpc.request.id': '12',
      'mcp.resource.uri': 'file:///a.txt',
      'server.address': 'mcp.example',
      'server.port': 443,
      'client.address': '10.0.0.7',
      'client.port': 51234,
      'mcp.session.id': 'sess-1',
    });
  });

  it('a uri outside resources/*, a notification, no facts: nothing of those', () => {
    const into = { kept: 1 };
    expect(addDetails(into, request('tools/call', { uri: 'file:///a' }), undefined)).toBe(into);
    expect(into).toEqual({ kept: 1 });
    expect(addDetails({}, request('resources/subscribe', { uri: 7 }, 'a'), undefined)).toEqual({
      'jsonrpc.request.id': 'a',
    });
  });

  it('a port without its address is left out', () => {
    expect(
      addDetails({}, request('ping'), { transport: 'tcp', serverPort: 80, clientPort: 9 }),
    ).toEqual({});
  });
});

describe('addNetwork', () => {
  it('the transport always; name and version when known; never addresses', () => {
    const attributes = {};
    addNetwork(attributes, HTTP);
    expect(attributes).toEqual({
      'network.transport': 'tcp',
      'network.protocol.name': 'http',
      'network.protocol.version': '1.1',
    });
    const pipe = {};
    addNetwork(pipe, { transport: 'pipe' });
    expect(pipe).toEqual({ 'network.transport': 'pipe' });
  });
});

describe('toolErrorText', () => {
  it('the first text content; 1024 characters at most', () => {
    expect(
      toolErrorText({
        content: [{ type: 'text', text: 7 }, null, { type: 'text', text: 'first' }],
      }),
    ).toBe('first');
    expect(toolErrorText({ content: [{ type: 'text', text: 'y'.repeat(1024) }] })).toBe(
      'y'.repeat(1024),
    );
    expect(toolErrorText({ content: [{ type: 'text', text: 'y'.repeat(2000) }] })).toBe(
      `${'y'.repeat(1024)}…`,
    );
  });

  it('no text content, or no content array: tool_error', () => {
    expect(toolErrorText({ content: [{ type: 'image', data: '' }] })).toBe('tool_error');
    expect(toolErrorText({ content: 'text' })).toBe('tool_error');
    expect(toolErrorText({})).toBe('tool_error');
  });
});
