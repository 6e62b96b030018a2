/**
 * `declarative-mcp/fetch` (src/fetch/index.ts): exactly these runtime exports, each the defining
 * module's — the application and the core (with ErrorCode and LOGGING_LEVELS, as the main entry has
 * them) besides the fetch face, so a Worker needs no import of
 * the main entry (test/fetch/node-free.test.ts bundles it and finds no node: module).
 */
import * as entry from 'declarative-mcp/fetch';
import { ErrorCode, LOGGING_LEVELS, McpCall, McpCore, ToolError } from '../../src/core';
import { McpApplication } from '../../src/registry';
import {
  AuthRefusal,
  bearerAuth,
  bearerToken,
  createFetchHandler,
  HTTP_DEFAULTS,
  HttpSession,
  introspectionAuth,
  jwtAuth,
} from '../../src/transports/http/fetch';
import { expectFace } from '../helpers/face';

test('the entry exports exactly these values', () => {
  expectFace(entry, {
    AuthRefusal,
    bearerAuth,
    bearerToken,
    createFetchHandler,
    ErrorCode,
    HTTP_DEFAULTS,
    HttpSession,
    introspectionAuth,
    jwtAuth,
    LOGGING_LEVELS,
    McpApplication,
    McpCall,
    McpCore,
    ToolError,
  });
});

test('an application served through it answers a Request', async () => {
  const app = entry.McpApplication.create({ name: 'W', version: '1.0.0', providers: [] });
  const handler = entry.createFetchHandler(app, { sessions: false });
  const response = await handler(
    new Request('https://w.example.com/mcp', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    }),
  );
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
});
