import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isStateBindable, memoryAdapter, type StateAdapter } from '../../../adapter';
import {
  ConfigurationError,
  coreOf,
  type JsonObject,
  type McpCore,
  type Peer,
  type PeerOptions,
  type Servable,
  SharedStateError,
  StateBudget,
} from '../../../core';
import {
  AuthRefusal,
  audienceProblem,
  bearerChallenge,
  defaultIdentityKey,
  LOOPBACK_RESOURCE,
  METADATA_PATH,
  metadataUrl,
  oauthOf,
  protectedResource,
  resourceOf,
  serveMetadata,
} from '../auth';
import type { HttpSession } from '../http-session';
import { type HttpHandlerOptions, type ResolvedOptions, resolveOptions } from '../options';
import {
  allowOrigin,
  BodyBudget,
  DeadlineQueue,
  hostPolicy,
  MediaChecks,
  originPolicy,
  preflight,
  sendEmpty,
  sendError,
  TRANSPORT_ERROR,
} from '../request';
import {
  Cluster,
  GateRefusal,
  openSessionStream,
  type SessionEntry,
  SessionGate,
  SessionRecords,
  SessionStore,
  sendRefusal,
  toSession,
} from '../session';
import type { StreamLimits } from '../stream';
import { StreamHub } from '../stream';
import { Outage } from './outage';
import { PendingPosts } from './pending-posts';
import { handlePost } from './post';

const ALLOW_SESSIONS = 'GET, POST, DELETE, OPTIONS';
const ALLOW_STATELESS = 'POST, OPTIONS';
const SESSION_METHODS = new Set(['GET', 'POST', 'DELETE']);

/** The record under which processes sharing an adapter keep the 2026-07-28 `requestState` secret. */
const REQUEST_STATE_SECRET = 'request-state-secret';

/**
 * True while a broadcast from another process is handed to this process's listeners: the
 * endpoints of this process deliver it and do not send it back to the cluster. (One flag for the
 * process: the core's broadcast is synchronous.)
 */
let relaying = false;

/** `notifications/resources/updated`: for the sessions subscribed to its URI. */
function isResourceUpdate(message: JsonObject): boolean {
  return (
    message.method === 'notifications/resources/updated' &&
    typeof (message.params as { uri?: unknown } | undefined)?.uri === 'string'
  );
}

/** The path of a request target, without its query. */
function pathOf(target: string | undefined): string {
  if (target === undefined) return '/';
  if (!target.startsWith('/')) {
    try {
      return new URL(target).pathname;
    } catch {
      return target;
    }
  }
  const query = target.indexOf('?');
  return query === -1 ? target : target.slice(0, query);
}

/**
 * The authority (`host[:port]`) of an absolute-form request target (`POST http://host/mcp`), or
 * undefined for the usual origin form (`/mcp`). A target that does not parse has the empty
 * authority, which no host list allows.
 */
function authorityOf(target: string | undefined): string | undefined {
  if (target === undefined || target.startsWith('/') || target === '*') return undefined;
  try {
    return new URL(target).host;
  } catch {
    return '';
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

/** Whether a path that starts with the metadata path is it, or under it. */
function isMetadataPath(path: string): boolean {
  return path.length === METADATA_PATH.length || path.charCodeAt(METADATA_PATH.length) === 47; // '/'
}

function defaultOnError(error: unknown): void {
  const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.stderr.write(`declarative-mcp (http): ${text}\n`);
}

/**
 * The state and the request routing behind {@link createHttpHandler}: security checks,
 * authentication, sessions, the server-to-client streams, broadcasts and shutdown. POSTs are
 * answered in `post.ts`.
 */
export class HttpEndpoint<C> {
  readonly options: ResolvedOptions<C>;
  readonly core: McpCore<C>;
  /** The sessions this process holds (session mode only). */
  readonly store: SessionStore | undefined;
  /** POSTs being answered right now. */
  readonly posts = new PendingPosts();
  /** The way into a session for requests after `initialize` (session mode only). */
  readonly gate: SessionGate | undefined;
  /** Shared state: `options.adapter`, or an in-memory one of this endpoint's own. */
  readonly adapter: StateAdapter;
  /** The live side of resumable streams (session mode only). */
  readonly hub: StreamHub | undefined;
  /** The sessions' records in the adapter (session mode only). */
  readonly records: SessionRecords | undefined;
  /** The other processes sharing the adapter (a shared adapter, such as Redis, only). */
  readonly cluster: Cluster | undefined;
  /** Settles once the adapter is open and the application bound to it; rejects when it cannot open. */
  readonly ready: Promise<void>;
  private isReady = false;
  private readonly ownsAdapter: boolean;
  private unbind: (() => Promise<void>) | undefined;
  /** The `postTimeout` deadlines of the POSTs in flight, on one timer. */
  readonly deadlines: DeadlineQueue;
  /** The `bodyTimeout` deadlines of the bodies being read, on one timer. */
  readonly bodyDeadlines: DeadlineQueue;
  /** The bytes of the bodies being read, against `maxPendingBodyBytes`. */
  readonly bodies: BodyBudget;
  /** Back-pressure limits of every event stream (`streamBufferBytes`, `streamDrainTimeout`). */
  readonly streamLimits: StreamLimits;
  /** `Accept` and `Content-Type` checks, remembering this endpoint's last headers. */
  readonly media = new MediaChecks();
  /**
   * Why a stateless POST's peer closes once the POST is answered (a call still running can no
   * longer reach its client). One error per endpoint rather than one per POST: capturing a stack
   * costs about 2 µs, a tenth of a stateless POST's own work (bench row 3, stateless server CPU
   * per request), and it would only show this module. No global `Error.stackTraceLimit` flip.
   */
  readonly requestOver = new Error('The request is over.');
  /** The bytes of client state every session keeps, against `maxSessionStateBytes` (none at `0`). */
  readonly stateBudget: StateBudget | undefined;
  /** The limits of every peer (`maxSubscriptions`, `maxUriLength`, the state budget). */
  readonly peerLimits: PeerOptions;
  private readonly hostAllowed: (host: string | undefined, local: string | undefined) => boolean;
  private readonly originAllowed: (origin: string) => boolean;
  private readonly identityKey: (identity: unknown) => string;
  /** The shared state's outage, told to `onError` once as it starts and once as it ends. */
  private readonly outage: Outage;
  private detach: (() => void) | undefined;
  private shutdown: Promise<void> | undefined;

  constructor(servable: Servable<C>, options?: HttpHandlerOptions<C>) {
    this.core = coreOf(servable);
    this.options = resolveOptions(options);
    this.options.resourceMetadata = protectedResource(this.options, servable);
    const loopback = (options as Record<symbol, unknown> | undefined)?.[LOOPBACK_RESOURCE] === true;
    const problem = loopback
      ? undefined
      : audienceProblem(
          'createHttpHandler',
          this.options.authenticate,
          this.options.resourceMetadata?.resource,
        );
    if (problem !== undefined) throw new ConfigurationError(problem);
    this.hostAllowed = hostPolicy(this.options.allowedHosts);
    this.originAllowed = originPolicy(this.options.allowedOrigins);
    this.identityKey = this.options.identityKey ?? defaultIdentityKey();
    this.deadlines = new DeadlineQueue(this.options.postTimeout);
    this.bodyDeadlines = new DeadlineQueue(this.options.bodyTimeout);
    this.bodies = new BodyBudget(this.options.maxPendingBodyBytes);
    this.streamLimits = {
      bufferBytes: this.options.streamBufferBytes,
      drainTimeout: this.options.streamDrainTimeout,
    };
    const { maxSessionStateBytes, maxSubscriptions, maxUriLength } = this.options;
    this.stateBudget =
      maxSessionStateBytes > 0 && this.options.sessions
        ? new StateBudget(maxSessionStateBytes)
        : undefined;
    this.peerLimits = { maxSubscriptions, maxUriLength };
    this.ownsAdapter = this.options.adapter === undefined;
    const adapter = this.options.adapter ?? memoryAdapter();
    this.adapter = adapter;
    this.outage = new Outage(
      `The shared state (${adapter.name})`,
      (notice) => this.report(notice),
      () => adapter.records.get('mcp:outage-probe'),
    );
    const cluster = adapter.shared ? new Cluster(this) : undefined;
    this.cluster = cluster;
    if (this.options.sessions) {
      const { sessionIdleTimeout, maxSessions, maxSessionsPerIdentity, clientRequestTimeout } =
        this.options;
      const report = (error: unknown) => this.report(error);
      const limits = { max: maxSessions, perSource: maxSessionsPerIdentity };
      const records = new SessionRecords(adapter, sessionIdleTimeout, limits, report);
      this.records = records;
      this.hub = new StreamHub(adapter.events, report);
      if (cluster !== undefined) {
        this.hub.remote = (k, i, d) => cluster.publish({ t: 'event', k, i: i ?? null, d });
      }
      this.store = new SessionStore({
        idleTimeout: sessionIdleTimeout,
        max: maxSessions,
        clientRequestTimeout,
        // A call ended by its session's end gets a JSON-RPC error at once.
        onEnd: (entry, reason) => {
          for (const post of this.posts.of(entry)) {
            post.fail(TRANSPORT_ERROR, `The session ended before the call finished: ${reason}`);
          }
        },
        onCancel: (entry, id) => {
          for (const post of this.posts.of(entry)) if (post.cancelled(id)) return;
        },
        // A shared record expires in the store by its own TTL: another process may be using it.
        onExpired: (entry) => {
          if (!adapter.shared) records.forget(entry.session.id!);
        },
        onBusy: (entry, now) => records.touch(entry, now),
        // With a shared adapter, a server→client request's id names this process, and an answer
        // or a cancellation for a request another process holds goes there.
        peerOptions: (id) => ({
          ...this.peerLimits,
          budget: this.stateBudget,
          ...(cluster && {
            requestIdPrefix: `srv-${cluster.origin}-`,
            onUnmatched: (kind: 'response' | 'cancel', message: Record<string, unknown>) =>
              cluster.publish({ t: kind, s: id, m: message }),
          }),
        }),
      });
      this.gate = new SessionGate({
        store: this.store,
        records,
        ownerOf: (identity) => this.ownerOf(identity),
        authenticated: this.options.authenticate !== undefined,
        strictVersion: this.options.strictProtocolVersion !== false,
      });
    }
    // Stateless endpoints broadcast too when shared: a 2026-07-28 subscriptions/listen stream
    // held by another process receives what this one raises.
    if (this.store !== undefined || cluster !== undefined) {
      this.detach = this.core.attach((message, filter) => this.broadcast(message, filter));
    }
    this.ready = this.prepare(servable);
    // Awaited by the first requests (and by serveHttp); never an unhandled rejection.
    this.ready.then(undefined, () => {});
  }

  /** Opens the adapter and binds the application's shared state (its enabled/disabled set) to it. */
  private async prepare(servable: Servable<C>): Promise<void> {
    await this.adapter.open();
    if (this.cluster !== undefined) {
      await this.cluster.start();
      await this.shareRequestStateSecret();
    }
    if (isStateBindable(servable)) {
      const binding = servable.bindState(this.adapter, (error) => this.report(error));
      this.unbind = binding.unbind;
      await binding.ready;
    }
    this.isReady = true;
  }

  /**
   * MCP 2026-07-28 MRTR: a retry may land on any process, so they seal `requestState` with one
   * secret, made by the first of them and kept in the adapter (unless `requestStateSecret` was
   * configured).
   */
  private async shareRequestStateSecret(): Promise<void> {
    const records = this.adapter.records;
    await records.add(REQUEST_STATE_SECRET, randomBytes(32).toString('base64url'));
    const secret = await records.get<unknown>(REQUEST_STATE_SECRET);
    if (typeof secret === 'string') this.core.shareRequestStateSecret(secret);
  }

  /** Whether {@link close} was called. */
  get closing(): boolean {
    return this.shutdown !== undefined;
  }

  /** Answers one request; never throws, whatever comes in. */
  serve(req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void): void {
    let pending: unknown;
    try {
      pending = this.isReady
        ? this.route(req, res, next)
        : this.ready.then(() => this.route(req, res, next));
    } catch (error) {
      this.fail(error, req, res);
      return;
    }
    if (isThenable(pending)) {
      // (Promise.resolve adopts a native promise as is, and catches a thenable that throws.)
      Promise.resolve(pending).then(undefined, (error: unknown) => this.fail(error, req, res));
    }
  }

  /** An unexpected error while answering: reported, and answered `500` if nothing went out yet. */
  private fail(error: unknown, req: IncomingMessage, res: ServerResponse): void {
    if (SharedStateError.is(error)) {
      // An outage is reported as it starts and ends, not once per refused request.
      this.outage.refuse(error);
      // The process keeps serving what needs no shared state, and the adapter reconnects.
      if (!res.headersSent) {
        sendError(
          res,
          503,
          `Service Unavailable: the shared state (${this.adapter.name}) cannot be reached; try again shortly`,
          { 'Retry-After': '5' },
        );
      } else if (!res.writableEnded) res.end();
      return;
    }
    this.report(error, req);
    if (!res.headersSent) sendError(res, 500, 'Internal error', undefined, -32603);
    else if (!res.writableEnded) res.end();
  }

  /** Tells `onError` (stderr by default) about an unexpected error; never throws. */
  report(error: unknown, req?: IncomingMessage): void {
    try {
      (this.options.onError ?? defaultOnError)(error, req);
    } catch {
      // A throwing error listener changes nothing.
    }
  }

  /** The owner key of an identity (see `identityKey`); undefined without authentication. */
  ownerOf(identity: unknown): string | undefined {
    return this.options.authenticate === undefined ? undefined : this.identityKey(identity);
  }

  /** What the core receives as context for a POST. */
  contextOf(req: IncomingMessage, session: HttpSession, identity: unknown): C {
    const build = this.options.context;
    return build === undefined ? (session as C) : build(req, session, identity);
  }

  /**
   * Routes a request: synchronous up to the method's handler (which may return a promise), so
   * that a POST costs no promise of its own here; `serve` catches what it throws or rejects.
   */
  private route(
    req: IncomingMessage,
    res: ServerResponse,
    next?: (error?: unknown) => void,
  ): unknown {
    const path = pathOf(req.url);
    const metadata = this.options.resourceMetadata;
    const isMetadata = path.startsWith(METADATA_PATH) && isMetadataPath(path);
    if (
      !(metadata !== undefined && isMetadata) &&
      this.options.path !== undefined &&
      path !== this.options.path
    ) {
      if (next !== undefined) return next();
      return sendError(res, 404, `Not Found: the MCP endpoint is ${this.options.path}`);
    }
    const local = req.socket?.localAddress;
    if (!this.hostAllowed(req.headers.host, local)) {
      // MCP basic/transports, security warning: DNS rebinding against local servers.
      return sendError(
        res,
        403,
        `Forbidden: Host ${JSON.stringify(req.headers.host ?? '')} is not allowed`,
      );
    }
    const authority = authorityOf(req.url);
    if (authority !== undefined && !this.hostAllowed(authority, local)) {
      // RFC 9112 §3.2.2: with an absolute-form target the server uses the target's authority
      // and ignores Host, so the authority gets the same check.
      return sendError(
        res,
        403,
        `Forbidden: host ${JSON.stringify(authority)} of the request target is not allowed`,
      );
    }
    if (metadata !== undefined && isMetadata) {
      const suffix = path.slice(METADATA_PATH.length);
      return serveMetadata(req, res, metadata, this.options.path, suffix, next);
    }
    const origin = req.headers.origin;
    if (origin !== undefined) {
      // MCP basic/transports: an Origin that is present and invalid gets 403 Forbidden.
      if (!this.originAllowed(origin)) {
        return sendError(res, 403, `Forbidden: Origin ${JSON.stringify(origin)} is not allowed`);
      }
      allowOrigin(res, origin);
    }
    const allow = this.store === undefined ? ALLOW_STATELESS : ALLOW_SESSIONS;
    const method = req.method ?? 'GET';
    if (method === 'OPTIONS') return preflight(res, allow, origin !== undefined);
    if (!(this.store === undefined ? method === 'POST' : SESSION_METHODS.has(method))) {
      const why = this.store === undefined ? ' (stateless server: no stream, no session)' : '';
      return sendError(res, 405, `Method Not Allowed: use ${allow}${why}`, { Allow: allow });
    }
    if (this.closing && method !== 'POST') {
      return sendError(res, 503, 'Service Unavailable: the server is shutting down', {
        Connection: 'close',
      });
    }
    if (this.options.authenticate !== undefined) return this.authenticated(req, res, method, path);
    return this.byMethod(req, res, method, undefined);
  }

  /** `serveHttp` on a loopback bind: the URL it listens on is the resource identifier. */
  bindResource(url: string): void {
    const metadata = this.options.resourceMetadata;
    if (metadata !== undefined && metadata.resource === undefined) {
      this.options.resourceMetadata = { ...metadata, resource: url };
    }
  }

  /** Authenticates (`401` without an identity), then answers by method. */
  private async authenticated(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    path: string,
  ): Promise<void> {
    const configured = this.options.resourceMetadata?.resource;
    const resource = resourceOf(req, this.options.resourceMetadata, this.options.path ?? path);
    const identity = await this.options.authenticate!(
      req,
      configured === undefined ? { resource, fromRequest: true } : { resource },
    );
    if (identity === null || identity === undefined || AuthRefusal.is(identity)) {
      const given = req.headers.authorization !== undefined;
      // RFC 6750 §3.1: no token presented, no error code; a token the hook merely declined is invalid.
      return this.refuse(req, res, identity ?? (given ? AuthRefusal.invalidToken() : undefined));
    }
    return this.byMethod(req, res, method, identity);
  }

  private byMethod(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    identity: unknown,
  ): Promise<void> | void {
    if (method === 'POST') return handlePost(this, req, res, identity);
    if (method === 'GET') return this.openStream(req, res, identity);
    return this.endSession(req, res, identity);
  }

  /**
   * `401` (no token, or `invalid_token`) or `403` (`insufficient_scope`), with the challenge that
   * points OAuth-aware clients at the metadata (RFC 6750 §3, RFC 9728 §5.1).
   */
  private refuse(
    req: IncomingMessage,
    res: ServerResponse,
    refusal: AuthRefusal | undefined,
  ): void {
    const answer = this.refusal(req, refusal);
    sendError(res, answer.status, answer.message, answer.headers);
  }

  /** The status, message and `WWW-Authenticate` challenge of an authentication refusal. */
  refusal(
    req: IncomingMessage,
    refusal: AuthRefusal | undefined,
  ): { status: number; message: string; headers: Record<string, string> } {
    const metadata = this.options.resourceMetadata;
    const location =
      metadata === undefined
        ? undefined
        : metadataUrl(resourceOf(req, metadata, this.options.path ?? pathOf(req.url)));
    const message =
      refusal?.status === 403
        ? `Forbidden: the access token lacks the scope ${refusal.scopes.join(' ')}`
        : 'Unauthorized: a valid bearer token is required';
    return {
      status: refusal?.status ?? 401,
      message,
      headers: {
        'WWW-Authenticate': bearerChallenge(
          location,
          refusal,
          oauthOf(this.options.authenticate)?.scopes,
        ),
      },
    };
  }

  /** `GET`: the session's server-to-client stream (broadcasts, and messages of calls whose POST is gone). */
  private openStream(
    req: IncomingMessage,
    res: ServerResponse,
    identity: unknown,
  ): Promise<void> | void {
    if (!this.media.accepts(req.headers.accept, 'text/event-stream')) {
      sendError(res, 406, 'Not Acceptable: the Accept header must list text/event-stream');
      return;
    }
    const found = this.gate!.enter(req, identity);
    if (found instanceof Promise) return found.then((entry) => this.stream(req, res, entry));
    return this.stream(req, res, found);
  }

  private stream(
    req: IncomingMessage,
    res: ServerResponse,
    entry: SessionEntry | GateRefusal,
  ): Promise<void> | undefined {
    if (entry instanceof GateRefusal) return sendRefusal(res, entry);
    return openSessionStream(this, req, res, entry);
  }

  /** `DELETE`: ends the session (`204`); its calls are aborted and its stream closed. */
  private async endSession(
    req: IncomingMessage,
    res: ServerResponse,
    identity: unknown,
  ): Promise<void> {
    const entry = await this.gate!.enter(req, identity);
    if (entry instanceof GateRefusal) return sendRefusal(res, entry);
    this.store!.end(entry, 'The client ended the session.');
    await this.records!.delete(entry.session.id!);
    this.cluster?.publish({ t: 'end', s: entry.session.id! });
    sendEmpty(res, 204);
  }

  /**
   * A message for a session's GET stream (a call's message whose POST is gone). With a shared
   * adapter, when this process holds neither the stream nor its history, it goes to the process
   * that does.
   */
  toClient(entry: SessionEntry, json: string): void {
    if (this.cluster !== undefined && entry.stream === undefined && entry.events === undefined) {
      this.cluster.publish({ t: 'send', s: entry.session.id!, j: json });
      return;
    }
    toSession(this, entry, json);
  }

  /** A message for a session's GET stream, which this process holds (sent here by another). */
  sendHeld(entry: SessionEntry, json: string): void {
    toSession(this, entry, json);
  }

  /**
   * A broadcast another process raised: to this process's listeners of the core (its sessions'
   * streams, 2026-07-28 listen streams), the resource update to its subscribers only.
   */
  relay(message: JsonObject): void {
    if (typeof message.method !== 'string') return;
    const params = message.params as JsonObject | undefined;
    const uri = isResourceUpdate(message) ? (params!.uri as string) : undefined;
    relaying = true;
    try {
      this.core.broadcast(
        message.method,
        params,
        uri === undefined ? undefined : (peer) => peer.subscriptions.has(uri),
      );
    } finally {
      relaying = false;
    }
  }

  /**
   * The core's broadcaster: one message to every session with an open stream that passes
   * `filter`. With a shared adapter, a notification for all (or for the subscribers of a
   * resource) goes to every process too; a broadcast with another filter, a function, cannot
   * travel and stays in this one.
   */
  private broadcast(message: JsonObject, filter?: (peer: Peer) => boolean): void {
    if (
      this.cluster !== undefined &&
      !relaying &&
      (filter === undefined || isResourceUpdate(message))
    ) {
      this.cluster.publish({ t: 'broadcast', m: message });
    }
    const store = this.store;
    if (store === undefined) return;
    let json: string | undefined;
    for (const entry of store.values()) {
      // Sessions with a stream open, or whose stream's history this process keeps (to resume).
      if (entry.stream === undefined && entry.events === undefined) continue;
      if (filter !== undefined) {
        let pass = false;
        try {
          pass = filter(entry.session.peer);
        } catch (error) {
          this.report(error);
        }
        if (!pass) continue;
      }
      json ??= JSON.stringify(message);
      toSession(this, entry, json);
    }
  }

  /**
   * Stops accepting (new requests get `503`), ends the streams, lets POSTs in flight finish
   * for up to `shutdownTimeout` ms, then aborts what remains and ends every session.
   */
  close(): Promise<void> {
    this.shutdown ??= this.drain();
    return this.shutdown;
  }

  private async drain(): Promise<void> {
    this.outage.stop();
    this.detach?.();
    this.detach = undefined;
    if (this.store !== undefined) for (const entry of this.store.values()) entry.stream?.end();
    const closed = new Error('The server shut down.');
    for (const post of this.posts.all()) {
      if (post.listening) post.peer.close(closed);
    }
    if (this.posts.size > 0) {
      let timer: NodeJS.Timeout | undefined;
      // A POST already answered (timed out, cancelled, its session ended) is not waited for,
      // whatever its call does later: close() returns once nothing is really pending.
      const waited = this.posts.settled().then(() => true);
      const expired = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), this.options.shutdownTimeout);
      });
      const finished = await Promise.race([waited, expired]);
      clearTimeout(timer);
      if (!finished) {
        const reason = new Error('The server shut down before the call finished.');
        for (const post of this.posts.all()) {
          post.peer.close(reason);
          post.exchange.refuse(
            503,
            'Service Unavailable: the server shut down before the call finished',
          );
        }
      }
    }
    if (this.store !== undefined && !this.adapter.shared) {
      // Shared records outlive this process (another one, or this one restarted, takes over).
      for (const entry of this.store.values()) this.records!.forget(entry.session.id!);
    }
    this.store?.clear('The server shut down.');
    this.deadlines.close();
    this.bodyDeadlines.close();
    await this.cluster?.close().then(undefined, (error: unknown) => this.report(error));
    const unbind = this.unbind;
    this.unbind = undefined;
    await unbind?.().then(undefined, (error: unknown) => this.report(error));
    if (this.ownsAdapter) await this.adapter.close();
  }
}
