/**
 * The core's face (src/core/index.ts): exactly these runtime exports, each the value of the module
 * that defines it, so the layer's public face changes only on purpose (its types are checked by
 * the compiler and, where public, by the API report).
 */
import * as core from '../../src/core';
import { APP_MIME_TYPE, APPS_EXTENSION, supportsApps } from '../../src/core/apps';
import { CACHE_HINT, checkHint } from '../../src/core/cache';
import { McpCall } from '../../src/core/call';
import { MAX_CLIENT_STATE_CHARS } from '../../src/core/client-state';
import { JsonRpcDispatcher, NO_ANSWER } from '../../src/core/dispatcher';
import { ErrorCode } from '../../src/core/error-codes';
import {
  CancelledError,
  ClientRequestError,
  ConfigurationError,
  ConfigurationRangeError,
  ConfigurationTypeError,
  Fault,
  invalidParams,
  McpClientError,
  RequestTimeoutError,
  ToolError,
  UsageError,
} from '../../src/core/errors';
import { LOGGING_LEVELS } from '../../src/core/logging';
import { coreOf, McpCore } from '../../src/core/mcp-core';
import { notice, Outages } from '../../src/core/outage';
import { Peer } from '../../src/core/peer';
import { base64url, randomBytes, randomToken } from '../../src/core/random';
import { DEFAULT_REQUEST_STATE_TTL } from '../../src/core/request-state';
import {
  batchRefusal,
  DISCOVERED_VERSIONS,
  MCP_2025_11_25,
  MCP_2026_07_28,
  REVISIONS,
  revisionNamed,
  revisionOf,
} from '../../src/core/revisions';
import {
  ASSUMED_VERSION,
  negotiate,
  primesStreams,
  VERSIONS,
} from '../../src/core/revisions/2025-11-25';
import {
  declaresTasks,
  missingTasksExtension,
  TASKS_EXTENSION,
} from '../../src/core/revisions/2026-07-28';
import { decodeHeaderValue } from '../../src/core/revisions/2026-07-28/headers';
import { META, VERSIONS_2026 } from '../../src/core/revisions/2026-07-28/meta';
import { constantTimeEqual, defaultSealCrypto } from '../../src/core/seal-crypto';
import { DIRECTORY_MIME_TYPE, SKILLS_EXTENSION } from '../../src/core/skills';
import { StateBudget } from '../../src/core/state-budget';
import { TextResult } from '../../src/core/text-result';
import { nextTurn, unref } from '../../src/core/timers';
import { isObject, isThenable, setMember } from '../../src/core/types';
import { SharedStateError, UnavailableError } from '../../src/core/unavailable';
import { expectFace } from '../helpers/face';

test('the core exports exactly these values', () => {
  expectFace(core, {
    APP_MIME_TYPE,
    APPS_EXTENSION,
    ASSUMED_VERSION,
    base64url,
    batchRefusal,
    CACHE_HINT,
    CancelledError,
    checkCacheHint: checkHint,
    ClientRequestError,
    ConfigurationError,
    ConfigurationRangeError,
    ConfigurationTypeError,
    constantTimeEqual,
    coreOf,
    declaresTasks,
    decodeHeaderValue,
    DEFAULT_REQUEST_STATE_TTL,
    defaultHashing: defaultSealCrypto,
    DIRECTORY_MIME_TYPE,
    DISCOVERED_VERSIONS,
    ErrorCode,
    Fault,
    invalidParams,
    isObject,
    isThenable,
    JsonRpcDispatcher,
    LOGGING_LEVELS,
    MAX_CLIENT_STATE_CHARS,
    MCP_2025_11_25,
    MCP_2026_07_28,
    McpCall,
    McpClientError,
    McpCore,
    META,
    missingTasksExtension,
    negotiate,
    nextTurn,
    NO_ANSWER,
    notice,
    Outages,
    Peer,
    primesStreams,
    randomBytes,
    randomToken,
    RequestTimeoutError,
    REVISIONS,
    revisionNamed,
    revisionOf,
    setMember,
    SharedStateError,
    SKILLS_EXTENSION,
    StateBudget,
    supportsApps,
    TASKS_EXTENSION,
    TextResult,
    ToolError,
    UnavailableError,
    unref,
    UsageError,
    VERSIONS,
    VERSIONS_2026,
  });
});
