/**
 * Origin and Host checks (MCP basic/transports, security warning; 2025-11-25: an invalid Origin
 * gets 403); the CORS answers themselves are test/transports/http/request/cors.test.ts.
 */

import { request as httpRequest } from 'node:http';
import { type HttpServerHandle, serveHttp } from '../../../../src/transports/http';
import {
  hostPolicy,
  isLoopbackAddress,
  originPolicy,
} from '../../../../src/transports/http/request/security';
import { ACCEPT, initializeMessage, raw, testCore } from '../harness';

const JSON_HEADERS = { 'content-type': 'application/json', accept: ACCEPT };
const INITIALIZE = JSON.stringify(initializeMessage());

describe('Origin and Host on a loopback server (defaults)', () => {
  let server: HttpServerHandle;
  let host: string;

  beforeAll(async () => {
    server = await serveHttp(testCore().core);
    host = `127.0.0.1:${server.port}`;
  });
  afterAll(() => server.close());

  test('binds 127.0.0.1 by default', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/mcp`);
  });

  test('a foreign Origin → 403 with a JSON-RPC error without id', async () => {
    const answer = await raw(server.url, {
      method: 'POST',
      headers: { ...JSON_HEADERS, origin: 'https://evil.example.com' },
      body: INITIALIZE,
    });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.text)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32000,
        message: 'Forbidden: Origin "https://evil.example.com" is not allowed',
      },
    });
  });

  test.each(['null', 'file://', 'http://localhost.evil.com'])('Origin %s → 403', async (origin) => {
    const answer = await raw(server.url, {
      method: 'POST',
      headers: { ...JSON_HEADERS, origin },
      body: INITIALIZE,
    });
    expect(answer.status).toBe(403);
  });

  test.each(['http://localhost:6274', 'http://127.0.0.1', 'https://[::1]:8443'])(
    'a loopback Origin (%s) is allowed, with CORS headers',
    async (origin) => {
      const answer = await raw(server.url, {
        method: 'POST',
        headers: { ...JSON_HEADERS, origin },
        body: INITIALIZE,
      });
      expect(answer.status).toBe(200);
      expect(answer.headers['access-control-allow-origin']).toBe(origin);
      expect(answer.headers['access-control-expose-headers']).toContain('Mcp-Session-Id');
    },
  );

  test('no Origin (a non-browser client) is allowed', async () => {
    const answer = await raw(server.url, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: INITIALIZE,
    });
    expect(answer.status).toBe(200);
  });

  test('DNS rebinding: Host evil.example.com → 403 even when the Origin matches it', async () => {
    const answer = await raw(server.url, {
      method: 'POST',
      headers: { ...JSON_HEADERS, host: 'evil.example.com', origin: 'http://evil.example.com' },
      body: INITIALIZE,
    });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.text).error.message).toBe(
      'Forbidden: Host "evil.example.com" is not allowed',
    );
    const noOrigin = await raw(server.url, {
      method: 'POST',
      headers: { ...JSON_HEADERS, host: 'evil.example.com:8080' },
      body: INITIALIZE,
    });
    expect(noOrigin.status).toBe(403);
  });

  test.each(['localhost', 'localhost:9999', '127.0.0.1', '[::1]:3000'])(
    'Host %s (loopback, any port) is allowed',
    async (value) => {
      const answer = await raw(server.url, {
        method: 'POST',
        headers: { ...JSON_HEADERS, host: value, origin: `http://${value}` },
        body: INITIALIZE,
      });
      expect(answer.status).toBe(200);
    },
  );

  test('the conformance check: the server’s own Host and Origin are accepted', async () => {
    const answer = await raw(server.url, {
      method: 'POST',
      headers: { ...JSON_HEADERS, host, origin: `http://${host}` },
      body: INITIALIZE,
    });
    expect(answer.status).toBe(200);
  });

  test('OPTIONS from a foreign origin → 403', async () => {
    const answer = await raw(server.url, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example.com', 'access-control-request-method': 'POST' },
    });
    expect(answer.status).toBe(403);
  });
});

describe('configured allow-lists', () => {
  let server: HttpServerHandle;

  beforeAll(async () => {
    server = await serveHttp(testCore().core, {
      allowedOrigins: ['https://app.example.com'],
      allowedHosts: ['mcp.example.com', 'localhost:1234'],
    });
  });
  afterAll(() => server.close());

  test('allowedOrigins replaces the loopback default', async () => {
    const allowed = await raw(server.url, {
      method: 'POST',
      headers: { ...JSON_HEADERS, host: 'mcp.example.com', origin: 'https://app.example.com' },
      body: INITIALIZE,
    });
    expect(allowed.status).toBe(200);
    const loopback = await raw(server.url, {
      method: 'POST',
      headers: { ...JSON_HEADERS, host: 'mcp.example.com', origin: 'http://localhost' },
      body: INITIALIZE,
    });
    expect(loopback.status).toBe(403);
  });

  test('allowedHosts: a listed name (any port or the listed port); anything else → 403', async () => {
    const cases: Array<[string, number]> = [
      ['mcp.example.com', 200],
      ['mcp.example.com:8443', 200],
      ['localhost:1234', 200],
      ['localhost:1235', 403],
      ['127.0.0.1', 403],
      ['evil.example.com', 403],
    ];
    for (const [value, status] of cases) {
      const answer = await raw(server.url, {
        method: 'POST',
        headers: { ...JSON_HEADERS, host: value },
        body: INITIALIZE,
      });
      expect([value, answer.status]).toEqual([value, status]);
    }
  });
});

describe('policies', () => {
  test('isLoopbackAddress', () => {
    expect(isLoopbackAddress('127.0.0.1')).toBe(true);
    expect(isLoopbackAddress('127.1.2.3')).toBe(true);
    expect(isLoopbackAddress('::1')).toBe(true);
    expect(isLoopbackAddress('::ffff:127.0.0.1')).toBe(true);
    expect(isLoopbackAddress('10.0.0.1')).toBe(false);
    expect(isLoopbackAddress('::ffff:10.0.0.1')).toBe(false);
    expect(isLoopbackAddress(undefined)).toBe(false);
  });

  test('the default Host policy checks only requests that arrived on loopback', () => {
    const allowed = hostPolicy(undefined);
    expect(allowed('evil.example.com', '127.0.0.1')).toBe(false);
    expect(allowed(undefined, '127.0.0.1')).toBe(false);
    expect(allowed('evil.example.com', '10.1.2.3')).toBe(true);
    expect(hostPolicy(false)('anything', '127.0.0.1')).toBe(true);
  });

  test('origins: exact match after normalisation, "*", or a predicate', () => {
    const listed = originPolicy(['https://App.Example.com:443']);
    expect(listed('https://app.example.com')).toBe(true);
    expect(listed('http://app.example.com')).toBe(false);
    expect(originPolicy(['*'])('https://anything.example')).toBe(true);
    const predicate = originPolicy((origin) => origin.endsWith('.trusted.example'));
    expect(predicate('https://a.trusted.example')).toBe(true);
    expect(predicate('https://a.other.example')).toBe(false);
  });

  test('a malformed allow-list entry is a start-up error', () => {
    expect(() => originPolicy(['app.example.com'])).toThrow(
      'createHttpHandler: "allowedOrigins" entry "app.example.com" is not an origin (write "https://app.example.com").',
    );
    expect(() => hostPolicy(['https://x'])).toThrow(/"allowedHosts" entry "https:\/\/x"/);
  });
});

describe('an absolute-form request target is checked like Host (issue 19)', () => {
  let server: HttpServerHandle;

  beforeAll(async () => {
    server = await serveHttp(testCore().core);
  });
  afterAll(() => server.close());

  /** A POST whose request line names `target` (absolute form) while Host says 127.0.0.1. */
  function absolute(target: string): Promise<{ status: number; text: string }> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: server.port,
          method: 'POST',
          path: target,
          headers: { ...JSON_HEADERS, host: `127.0.0.1:${server.port}` },
          agent: false,
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.end(INITIALIZE);
    });
  }

  test('POST http://evil.example/mcp with Host: 127.0.0.1 → 403', async () => {
    const answer = await absolute('http://evil.example/mcp');
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.text)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32000,
        message: 'Forbidden: host "evil.example" of the request target is not allowed',
      },
    });
  });

  test('an absolute-form target naming a loopback host is served', async () => {
    const answer = await absolute(`http://localhost:${server.port}/mcp`);
    expect(answer.status).toBe(200);
  });
});
