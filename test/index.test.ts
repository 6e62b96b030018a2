/**
 * The main entry (src/index.ts): exactly these runtime exports, each the value of the layer that
 * defines it (its types are pinned by api/declarative-mcp.api.md), and importing it loads no
 * HTTP transport — its HTTP functions are lazy-http's, which load it on first call.
 */
import * as entry from 'declarative-mcp';
import { Call, Context, Prompt, Resource, Skill, SkillFile, Tool, Use } from '../decorators';
import {
  CancelledError,
  ClientRequestError,
  ConfigurationError,
  ConfigurationRangeError,
  ConfigurationTypeError,
  ErrorCode,
  Fault,
  LOGGING_LEVELS,
  McpCall,
  McpCore,
  RequestTimeoutError,
  SharedStateError,
  ToolError,
  UnavailableError,
} from '../src/core';
import {
  bearerAuth,
  createHttpHandler,
  introspectionAuth,
  jwtAuth,
  serveHttp,
} from '../src/lazy-http';
import { McpApplication } from '../src/registry';
import { compileSchema, formatIssues, JSONSchema } from '../src/schema';
import { AuthRefusal } from '../src/transports/http/auth/refusal';
import { HttpSession } from '../src/transports/http/http-session';
import { StdioTransport, serveStdio } from '../src/transports/stdio';
import { expectFace } from './helpers/face';

test('the entry exports exactly these values', () => {
  expectFace(entry, {
    AuthRefusal,
    bearerAuth,
    Call,
    CancelledError,
    ClientRequestError,
    compileSchema,
    ConfigurationError,
    ConfigurationRangeError,
    ConfigurationTypeError,
    Context,
    createHttpHandler,
    ErrorCode,
    Fault,
    formatIssues,
    HttpSession,
    introspectionAuth,
    JSONSchema,
    jwtAuth,
    LOGGING_LEVELS,
    McpApplication,
    McpCall,
    McpCore,
    Prompt,
    RequestTimeoutError,
    Resource,
    SharedStateError,
    serveHttp,
    serveStdio,
    Skill,
    SkillFile,
    StdioTransport,
    Tool,
    ToolError,
    UnavailableError,
    Use,
  });
});

test('importing the entry loads no HTTP transport', () => {
  let loads = 0;
  jest.isolateModules(() => {
    jest.doMock('../src/transports/http', () => {
      loads += 1;
      return {};
    });
    require('../src/index');
  });
  jest.dontMock('../src/transports/http');
  expect(loads).toBe(0);
});
