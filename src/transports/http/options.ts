import type { IncomingMessage } from 'node:http';
import type { StateAdapter } from '../../adapter';
import { type Awaitable, ConfigurationError } from '../../core';
import {
  type Authenticate,
  type AuthenticateInfo,
  oauthOf,
  type ProtectedResourceMetadataOptions,
} from './auth';
import type { HttpSession } from './http-session';

/** Options of {@link createHttpHandler} (and of {@link serveHttp}). */
export interface HttpHandlerOptions<C = HttpSession> {
  /**
   * The MCP endpoint's path (e.g. `/mcp`): requests to other paths get `404`, or go to `next`
   * when the handler is mounted as a middleware. Default: none — every request handed to the
   * handler is for the endpoint (the framework's route decides). {@link serveHttp} sets `/mcp`.
   */
  path?: string;
  /**
   * `true` (default): `initialize` opens a session with an `Mcp-Session-Id`; the session keeps the
   * client's revision, capabilities, log level, subscriptions and its server-to-client stream.
   * `false`: stateless — no session ids, every POST stands alone with a fresh peer, `GET` and
   * `DELETE` answer `405` (the mode for serverless and horizontally scaled deployments; calls
   * cannot ask the client things there, since no answer could find its way back).
   */
  sessions?: boolean;
  /** A session unused this long (ms) ends; its next request gets `404`. Default 30 minutes; `0` never. */
  sessionIdleTimeout?: number;
  /**
   * The most sessions kept at once (every process sharing the {@link adapter}). When they are
   * all taken, a new `initialize` evicts the least recently active session that was never used
   * after its `initialize` (no request since, no stream); when every one is in use it gets `503`
   * with `Retry-After`. Default 10 000.
   */
  maxSessions?: number;
  /**
   * The most sessions one client may hold at once (default 100; `0` no limit). A client is its
   * identity key (see {@link identityKey}) when requests are authenticated, else its address
   * (an IPv6 address by its /64 prefix). Past it, the client's own least recently active unused
   * session is evicted; when all of its sessions are in use, `initialize` gets `429`. Behind a
   * reverse proxy every anonymous client has the proxy's address: authenticate, or raise it.
   */
  maxSessionsPerIdentity?: number;
  /**
   * The most MCP 2026-07-28 `subscriptions/listen` streams this handler holds open at once
   * (default 10 000; `0` no limit). Each holds a connection and its event stream until the
   * client closes it; one more is answered `503` with `Retry-After` and a JSON-RPC error that
   * names this option. Counted per process: with several processes, each holds its own.
   */
  maxListens?: number;
  /**
   * The most `subscriptions/listen` streams one client holds open at once (default 100; `0` no
   * limit), counted as {@link maxSessionsPerIdentity} counts sessions: the identity key when
   * requests are authenticated, else the address (an IPv6 address by its /64 prefix). One more
   * is answered `429`: a client closes a stream it no longer reads, or listens to more in one.
   */
  maxListensPerIdentity?: number;
  /**
   * The bytes of client state all sessions keep together (default 128 MiB; `0` no budget): what
   * each kept of its `initialize` (at most 16 KiB) and the URIs it subscribed to. When it is
   * spent, `initialize` evicts unused sessions like {@link maxSessions}, else gets `503`;
   * `resources/subscribe` gets the JSON-RPC error `-32010` (`ErrorCode.SERVER_BUSY`).
   */
  maxSessionStateBytes?: number;
  /**
   * The most resource subscriptions of one session (default 100; `0` no limit): one more
   * `resources/subscribe` gets `-32602`, and so does a `subscriptions/listen` naming more URIs.
   */
  maxSubscriptions?: number;
  /** The longest resource URI a session may subscribe to, in characters (default 2 048; `0` no limit); a longer one gets `-32602`. */
  maxUriLength?: number;
  /**
   * The browser origins allowed to call (`Origin` header; requests without one, from non-browser
   * clients, are always allowed): exact origins such as `'https://app.example.com'`, `'*'` for
   * any, or a predicate. Default: loopback origins only (`http(s)://localhost|127.0.0.1|[::1]`,
   * any port). Anything else gets `403` (DNS-rebinding and cross-site protection).
   */
  allowedOrigins?: readonly string[] | ((origin: string) => boolean);
  /**
   * The host names accepted in the `Host` header (`'example.com'` any port, `'example.com:8443'`
   * that port only), or `false` for no check. Default: when the request arrived on a loopback
   * address, only `localhost`, `127.0.0.1` and `[::1]` (any port) — a DNS-rebinding page's
   * `Host: evil.example.com` gets `403`; on other addresses, no check. Behind a reverse proxy on
   * the same machine, list your public host names here.
   */
  allowedHosts?: readonly string[] | false;
  /**
   * `true` (default): a request whose `MCP-Protocol-Version` names a revision other than the one
   * its session agreed at `initialize` gets `400` — except `2025-03-26`, the revision assumed
   * when the header is absent (MCP 2025-06-18 basic/transports; the official conformance suite
   * sends it on sessions of any revision). An unsupported or malformed value always gets `400`.
   * `false`: any supported revision is accepted.
   */
  strictProtocolVersion?: boolean;
  /** The largest request body read, in bytes (default 4 MiB); a larger one gets `413` and is not buffered. */
  maxBodyBytes?: number;
  /**
   * The largest `initialize` message, in bytes of its body (default 64 KiB). A larger one is
   * answered `400` with a JSON-RPC `-32602` error and opens no session: a session keeps part of
   * what its client sent at `initialize` for its whole life.
   */
  maxInitializeBytes?: number;
  /**
   * How long (ms) a request body may take to arrive, from the request's start to its last byte
   * (default 30 s; `0` no limit). A body still arriving then gets `408` and is dropped: a client
   * that stops sending, or trickles, holds nothing for long.
   */
  bodyTimeout?: number;
  /**
   * The bytes of request bodies being read at once by this handler, in all (default 64 MiB;
   * `0` no budget). A body that would pass it gets `503` with `Retry-After` and is not buffered;
   * a declared `Content-Length` counts at once. Keep it at least `maxBodyBytes`.
   */
  maxPendingBodyBytes?: number;
  /**
   * The bytes an event stream may queue for a slow reader (default 64 MiB); past them the stream
   * is dropped. A burst (a broadcast of many MiB in one tick) is queued, not refused.
   */
  streamBufferBytes?: number;
  /**
   * How long (ms) an event stream whose queue is over its high-water mark may take to drain
   * before it is dropped (default 30 s; `0` never): a reader that stopped reading is let go.
   */
  streamDrainTimeout?: number;
  /**
   * How long (ms) a POST may take, from its first byte to its answer (default 5 minutes; `0` no
   * limit). A body still arriving then gets `408`; calls still running are cancelled (their
   * `signal` aborts) and each request is answered `{"code":-32011,"message":"Request timed out"}`.
   */
  postTimeout?: number;
  /**
   * How long (ms) a server-to-client request (elicitation, sampling, roots) waits for the
   * client's answer. Default 60 s. The same name and meaning as over stdio.
   */
  clientRequestTimeout?: number;
  /**
   * The `retry` (ms) sent with the priming event of every event stream of a session (MCP
   * 2025-11-25, SEP-1699): how long a client waits before resuming a lost stream with
   * `Last-Event-ID`. Default 1 000.
   */
  sseRetry?: number;
  /** Interval (ms) of the `: keep-alive` comments on open event streams (default 15 s; `0` none). */
  keepAliveInterval?: number;
  /** How long (ms) {@link HttpHandler.close} lets calls in flight finish before aborting them. Default 10 s. */
  shutdownTimeout?: number;
  /**
   * Authenticates every request to the endpoint (see {@link Authenticate}); no identity → `401`
   * with `WWW-Authenticate: Bearer` (and `resource_metadata` when {@link resourceMetadata} is set).
   * The identity is kept on the session: a later request of the session by another identity
   * (see {@link identityKey}) gets `404`, as if the session did not exist.
   */
  authenticate?: Authenticate;
  /**
   * What makes two identities the same principal, so a refreshed token keeps its session. Default:
   * a string or number identity itself; for an object, its `sub`, `id`, `clientId` or `client_id`
   * (the first present), else its JSON text.
   */
  identityKey?: (identity: unknown) => string;
  /**
   * Publish RFC 9728 protected-resource metadata (and point `401`/`403` answers at it). Published
   * by default when `authenticate` is a {@link jwtAuth} or {@link introspectionAuth} with an issuer.
   */
  resourceMetadata?: ProtectedResourceMetadataOptions;
  /**
   * `true`: a `tools/call`, `resources/read` or `prompts/get` the caller's scopes do not allow is
   * answered `403` with `WWW-Authenticate: Bearer error="insufficient_scope", scope="…"` naming
   * the definition's scopes, so the client can get a token with more scopes and retry (MCP
   * 2025-11-25 authorization, step-up). Default `false`: the call is refused inside MCP
   * (`Not allowed.`). Only a POST carrying one request is answered so; in a batch, each call is
   * refused inside MCP.
   */
  scopeChallenge?: boolean;
  /**
   * Builds what the core receives as context for each POST. Default: the {@link HttpSession} itself
   * (its `id`, `identity`, `revision` and `peer`; in stateless mode a session without `id`).
   */
  context?: (req: IncomingMessage, session: HttpSession, identity: unknown) => C;
  /**
   * Where shared state lives: sessions, the answers and cancellations of server-to-client
   * requests, notifications, SSE event history and the application's enabled/disabled set.
   * Default: an in-memory adapter of this handler's own (one process). `redisAdapter` from
   * `declarative-mcp/redis` shares it between processes: then any process serves any request of
   * any session, and `app.enable/disable` and `app.notifyResourceUpdated` act on every process.
   * The handler opens it (see {@link HttpHandler.ready}); closing an adapter you passed is yours.
   */
  adapter?: StateAdapter;
  /** Told about unexpected errors of the transport (a throwing `authenticate` or `context`, …). Default: printed on stderr. */
  onError?: (error: unknown, req?: IncomingMessage) => void;
}

/** The defaults of {@link HttpHandlerOptions}. */
export const HTTP_DEFAULTS = Object.freeze({
  sessions: true,
  sessionIdleTimeout: 30 * 60_000,
  maxSessions: 10_000,
  maxSessionsPerIdentity: 100,
  maxListens: 10_000,
  maxListensPerIdentity: 100,
  maxSessionStateBytes: 128 * 1024 * 1024,
  maxSubscriptions: 100,
  maxUriLength: 2048,
  maxBodyBytes: 4 * 1024 * 1024,
  maxInitializeBytes: 64 * 1024,
  bodyTimeout: 30_000,
  maxPendingBodyBytes: 64 * 1024 * 1024,
  streamBufferBytes: 64 * 1024 * 1024,
  streamDrainTimeout: 30_000,
  postTimeout: 5 * 60_000,
  clientRequestTimeout: 60_000,
  keepAliveInterval: 15_000,
  sseRetry: 1_000,
  shutdownTimeout: 10_000,
});

type Numeric = Exclude<keyof typeof HTTP_DEFAULTS, 'sessions'>;

/**
 * The options as the pipeline takes them from either face: the face's hooks receive its own
 * request object (`IncomingMessage`, or the Web `Request`), which the pipeline hands over as is.
 */
export interface PipelineOptions<C>
  extends Omit<HttpHandlerOptions<C>, 'authenticate' | 'context' | 'onError'> {
  authenticate?: (request: never, info?: AuthenticateInfo) => Awaitable<unknown>;
  context?: (request: never, session: HttpSession, identity: unknown) => C;
  onError?: (error: unknown, request?: never) => void;
}

/** The options with every default filled in and every number checked. */
export type ResolvedOptions<C> = PipelineOptions<C> & { [K in Numeric]: number } & {
  sessions: boolean;
};

/**
 * `options` with the defaults filled in, every number and URL checked; a mistake is a
 * `ConfigurationError` that names `face` (`createHttpHandler`, `createFetchHandler`).
 */
export function resolveOptions<C>(
  options: PipelineOptions<C> = {},
  face = 'createHttpHandler',
): ResolvedOptions<C> {
  if (typeof options !== 'object' || options === null) {
    throw new ConfigurationError(`${face}: options must be an object.`);
  }
  const given = dropUndefined(options);
  if ('requestTimeout' in given) {
    throw new ConfigurationError(
      `${face}: "requestTimeout" is not an option: a POST's deadline is "postTimeout", the wait for a client's answer "clientRequestTimeout".`,
    );
  }
  const resolved = { ...HTTP_DEFAULTS, ...given } as ResolvedOptions<C>;
  for (const name of Object.keys(HTTP_DEFAULTS) as Array<keyof typeof HTTP_DEFAULTS>) {
    if (name === 'sessions') continue;
    const value = resolved[name];
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      throw new ConfigurationError(
        `${face}: "${name}" must be a number of 0 or more (got ${String(value)}).`,
      );
    }
  }
  if (resolved.maxBodyBytes === 0) {
    throw new ConfigurationError(`${face}: "maxBodyBytes" must be more than 0.`);
  }
  if (resolved.path !== undefined && !resolved.path.startsWith('/')) {
    throw new ConfigurationError(`${face}: "path" must start with "/" (got "${resolved.path}").`);
  }
  const metadata = resolved.resourceMetadata;
  if (
    metadata !== undefined &&
    !Array.isArray(metadata.authorizationServers) &&
    (metadata.authorizationServers !== undefined ||
      oauthOf(resolved.authenticate)?.issuer === undefined)
  ) {
    throw new ConfigurationError(
      `${face}: "resourceMetadata.authorizationServers" must be an array of issuer URLs.`,
    );
  }
  if (metadata?.resource !== undefined && !URL.canParse(metadata.resource)) {
    throw new ConfigurationError(
      `${face}: "resourceMetadata.resource" must be an absolute URL such as "https://mcp.example.com/mcp" (got "${metadata.resource}").`,
    );
  }
  resolved.sessions = resolved.sessions !== false;
  return resolved;
}

function dropUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
