import { isStateBindable, memoryAdapter, type StateAdapter } from '../../../adapter';
import {
  ConfigurationError,
  coreOf,
  ErrorCode,
  type JsonObject,
  type McpCore,
  Outages,
  type Peer,
  type PeerOptions,
  randomToken,
  type Servable,
  SharedStateError,
  StateBudget,
  UnavailableError,
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
import { type PipelineOptions, type ResolvedOptions, resolveOptions } from '../options';
import {
  allowOrigin,
  BodyBudget,
  DeadlineQueue,
  type HttpRequest,
  hostPolicy,
  MediaChecks,
  originPolicy,
  preflight,
  Refusal,
  type Reply,
  refuse,
} from '../request';
import { Cluster, type SessionEntry, type SessionMode, toSession } from '../session';
import type { StreamLimits } from '../stream';
import { Listens } from './listens';
import { PendingPosts } from './pending-posts';
import { handlePost, RETRY_AFTER } from './post';
import { createSessionMode, endSession, openStream } from './sessions';

const ALLOW_SESSIONS = 'GET, POST, DELETE, OPTIONS';
const ALLOW_STATELESS = 'POST, OPTIONS';
const SESSION_METHODS = new Set(['GET', 'POST', 'DELETE']);

const STATELESS_METHODS = new Refusal(
  405,
  `Method Not Allowed: use ${ALLOW_STATELESS} (stateless server: no stream, no session)`,
  undefined,
  { Allow: ALLOW_STATELESS },
);
const SESSION_METHODS_ONLY = new Refusal(
  405,
  `Method Not Allowed: use ${ALLOW_SESSIONS}`,
  undefined,
  { Allow: ALLOW_SESSIONS },
);
/** New requests while the endpoint shuts down (answers to the server's own requests still come in). */
export const SHUTTING_DOWN = new Refusal(
  503,
  'Service Unavailable: the server is shutting down',
  undefined,
  { Connection: 'close' },
);
const SHUT_DOWN = new Refusal(
  503,
  'Service Unavailable: the server shut down before the call finished',
);
const INTERNAL = new Refusal(500, 'Internal error', ErrorCode.INTERNAL_ERROR);

/** The record under which processes sharing an adapter keep the 2026-07-28 `requestState` secret. */
const REQUEST_STATE_SECRET = 'request-state-secret';

/**
 * Marks the filter of a broadcast another process raised: the endpoints of this process deliver
 * it and do not send it back to the cluster. On the broadcast itself, not in a flag: two
 * endpoints may serve one core.
 */
const RELAYED: unique symbol = Symbol('declarative-mcp.relayed');
type PeerFilter = ((peer: Peer) => boolean) & { [RELAYED]?: true };
const RELAYED_TO_ALL: PeerFilter = Object.assign(() => true, { [RELAYED]: true as const });

/** `notifications/resources/updated`: for the sessions subscribed to its URI. */
function isResourceUpdate(message: JsonObject): boolean {
  return (
    message.method === 'notifications/resources/updated' &&
    typeof (message.params as { uri?: unknown } | undefined)?.uri === 'string'
  );
}

/** The path of a request target, without its query. */
function pathOf(target: string): string {
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
function authorityOf(target: string): string | undefined {
  if (target.startsWith('/') || target === '*') return undefined;
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

/** What a face tells the pipeline about itself. */
export interface Face {
  /** Its function's name, in configuration errors (`createHttpHandler`, `createFetchHandler`). */
  readonly name: string;
  /** Where an unexpected error goes when there is no `onError` (stderr on Node, the console elsewhere). */
  readonly print: (text: string) => void;
}

/** `console.error`: every runtime has it. */
const CONSOLE_FACE: Face = {
  name: 'createHttpHandler',
  print: (text) => console.error(text),
};

/**
 * The state and the request routing behind both faces: security checks, authentication,
 * sessions, the server-to-client streams, broadcasts and shutdown. It decides on an
 * {@link HttpRequest} and answers through a {@link Reply}; POSTs are answered in `post.ts`.
 */
export class HttpEndpoint<C> {
  readonly options: ResolvedOptions<C>;
  readonly core: McpCore<C>;
  /** Session mode: present when the endpoint keeps sessions (`sessions: true`). */
  readonly sessions: SessionMode | undefined;
  /** POSTs being answered right now. */
  readonly posts = new PendingPosts();
  /** The `subscriptions/listen` streams held (`maxListens`, `maxListensPerIdentity`). */
  readonly listens: Listens;
  /** Shared state: `options.adapter`, or an in-memory one of this endpoint's own. */
  readonly adapter: StateAdapter;
  /** The other processes sharing the adapter (a shared adapter, such as Redis, only). */
  readonly cluster: Cluster | undefined;
  private preparing: Promise<void> | undefined;
  private isReady = false;
  private readonly servable: Servable<C>;
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
  /**
   * The options of the peer a stateless POST makes, one object for all of them: with a fresh
   * object per POST every option the peer read missed V8's caches (~13k instructions per
   * request, a tenth of a 2026-07-28 POST's; callgrind).
   */
  readonly statelessPeer: PeerOptions;
  private readonly hostAllowed: (host: string | undefined, local: string | undefined) => boolean;
  private readonly originAllowed: (origin: string) => boolean;
  private readonly identityKey: (identity: unknown) => string;
  /** Outages (shared state, key server, authorization server), told to `onError` once as each starts and once as it ends. */
  private readonly outages: Outages;
  private readonly print: (text: string) => void;
  private detach: (() => void) | undefined;
  private shutdown: Promise<void> | undefined;

  constructor(
    servable: Servable<C>,
    options?: PipelineOptions<C>,
    { name, print }: Face = CONSOLE_FACE,
  ) {
    this.core = coreOf(servable);
    this.print = print;
    this.options = resolveOptions(options, name);
    this.options.resourceMetadata = protectedResource(this.options, servable);
    const loopback = (options as Record<symbol, unknown> | undefined)?.[LOOPBACK_RESOURCE] === true;
    const problem = loopback
      ? undefined
      : audienceProblem(name, this.options.authenticate, this.options.resourceMetadata?.resource);
    if (problem !== undefined) throw new ConfigurationError(problem);
    this.hostAllowed = hostPolicy(this.options.allowedHosts, name);
    this.originAllowed = originPolicy(this.options.allowedOrigins, name);
    this.identityKey = this.options.identityKey ?? defaultIdentityKey();
    this.deadlines = new DeadlineQueue(this.options.postTimeout);
    this.bodyDeadlines = new DeadlineQueue(this.options.bodyTimeout);
    this.bodies = new BodyBudget(this.options.maxPendingBodyBytes);
    this.streamLimits = {
      bufferBytes: this.options.streamBufferBytes,
      drainTimeout: this.options.streamDrainTimeout,
      dropped: (notice) => this.report(notice),
    };
    this.listens = new Listens(this.options.maxListens, this.options.maxListensPerIdentity);
    const { maxSessionStateBytes, maxSubscriptions, maxUriLength } = this.options;
    this.stateBudget =
      maxSessionStateBytes > 0 && this.options.sessions
        ? new StateBudget(maxSessionStateBytes)
        : undefined;
    this.peerLimits = { maxSubscriptions, maxUriLength };
    this.statelessPeer = {
      maxSubscriptions,
      maxUriLength,
      clientRequestTimeout: this.options.clientRequestTimeout,
    };
    this.ownsAdapter = this.options.adapter === undefined;
    const adapter = this.options.adapter ?? memoryAdapter();
    this.adapter = adapter;
    this.outages = new Outages(
      (notice) => this.report(notice),
      (component) =>
        component.startsWith('the shared state')
          ? () => adapter.records.get('mcp:outage-probe')
          : undefined,
    );
    this.cluster = adapter.shared ? new Cluster(this) : undefined;
    this.sessions = this.options.sessions ? createSessionMode(this) : undefined;
    // Stateless endpoints broadcast too when shared: a 2026-07-28 subscriptions/listen stream
    // held by another process receives what this one raises.
    if (this.sessions !== undefined || this.cluster !== undefined) {
      this.detach = this.core.attach((message, filter) => this.broadcast(message, filter));
    }
    this.servable = servable;
  }

  /**
   * Settles once the adapter is open and the application bound to it; rejects when it cannot
   * open. Started by its first reader: the node face reads it at once, the fetch face on its
   * first request, since Workers allow no timer (the memory adapter's sweep) nor I/O while a
   * module loads, where a Worker creates its handler.
   */
  get ready(): Promise<void> {
    if (this.preparing === undefined) {
      this.preparing = this.prepare(this.servable);
      // Awaited by the first requests (and by serveHttp); never an unhandled rejection.
      this.preparing.then(undefined, () => {});
    }
    return this.preparing;
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
    await records.add(REQUEST_STATE_SECRET, randomToken(32));
    const secret = await records.get<unknown>(REQUEST_STATE_SECRET);
    if (typeof secret === 'string') this.core.shareRequestStateSecret(secret);
  }

  /** Whether {@link close} was called. */
  get closing(): boolean {
    return this.shutdown !== undefined;
  }

  /** Answers one request; never throws, whatever comes in. */
  serve(request: HttpRequest, reply: Reply, next?: (error?: unknown) => void): void {
    let pending: unknown;
    try {
      pending = this.isReady
        ? this.route(request, reply, next)
        : this.ready.then(() => this.route(request, reply, next));
    } catch (error) {
      this.fail(error, request, reply);
      return;
    }
    if (isThenable(pending)) {
      // (Promise.resolve adopts a native promise as is, and catches a thenable that throws.)
      Promise.resolve(pending).then(undefined, (error: unknown) =>
        this.fail(error, request, reply),
      );
    }
  }

  /** An unexpected error while answering: reported, and answered `500` if nothing went out yet. */
  private fail(error: unknown, request: HttpRequest, reply: Reply): void {
    if (UnavailableError.is(error)) {
      const out = this.named(error);
      // An outage is reported as it starts and ends, not once per refused request.
      this.outages.refuse(out);
      // The process keeps serving what needs no such dependency, and the adapter reconnects.
      refuse(
        reply,
        new Refusal(503, out.answer, ErrorCode.TRANSPORT_ERROR, { 'Retry-After': RETRY_AFTER }),
      );
      return;
    }
    this.report(error, request);
    refuse(reply, INTERNAL);
  }

  /** The shared state's errors name this endpoint's store when they do not say which. */
  private named(error: UnavailableError): UnavailableError {
    return SharedStateError.is(error) && error.component === 'the shared state'
      ? new SharedStateError(error.message, { cause: error, store: this.adapter.name })
      : error;
  }

  /**
   * Tells `onError` (the face's printer by default) about an unexpected error; never throws. A
   * dependency that is out (work off the request path failed: a publish, a clean-up) is part of
   * its outage, told once as it starts and once as it ends, not a stack trace each time.
   */
  report(error: unknown, request?: HttpRequest): void {
    if (UnavailableError.is(error)) {
      this.outages.failed(this.named(error));
      return;
    }
    try {
      const onError = this.options.onError;
      if (onError !== undefined) onError(error, request?.original as never);
      else {
        const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
        this.print(`declarative-mcp (http): ${text}`);
      }
    } catch {
      // A throwing error listener changes nothing.
    }
  }

  /** The owner key of an identity (see `identityKey`); undefined without authentication. */
  ownerOf(identity: unknown): string | undefined {
    return this.options.authenticate === undefined ? undefined : this.identityKey(identity);
  }

  /** What the core receives as context for a POST. */
  contextOf(request: HttpRequest, session: HttpSession, identity: unknown): C {
    const build = this.options.context;
    return build === undefined
      ? (session as C)
      : build(request.original as never, session, identity);
  }

  /**
   * Routes a request: synchronous up to the method's handler (which may return a promise), so
   * that a POST costs no promise of its own here; `serve` catches what it throws or rejects.
   */
  private route(request: HttpRequest, reply: Reply, next?: (error?: unknown) => void): unknown {
    const target = request.target;
    const path = pathOf(target);
    const metadata = this.options.resourceMetadata;
    const isMetadata = path.startsWith(METADATA_PATH) && isMetadataPath(path);
    if (
      !(metadata !== undefined && isMetadata) &&
      this.options.path !== undefined &&
      path !== this.options.path
    ) {
      if (next !== undefined) return next();
      return refuse(reply, new Refusal(404, `Not Found: the MCP endpoint is ${this.options.path}`));
    }
    const local = request.localAddress;
    const host = request.headers.host as string | undefined;
    if (!this.hostAllowed(host, local)) {
      // MCP basic/transports, security warning: DNS rebinding against local servers.
      return refuse(
        reply,
        new Refusal(403, `Forbidden: Host ${JSON.stringify(host ?? '')} is not allowed`),
      );
    }
    const authority = authorityOf(target);
    if (authority !== undefined && !this.hostAllowed(authority, local)) {
      // RFC 9112 §3.2.2: with an absolute-form target the server uses the target's authority
      // and ignores Host, so the authority gets the same check.
      return refuse(
        reply,
        new Refusal(
          403,
          `Forbidden: host ${JSON.stringify(authority)} of the request target is not allowed`,
        ),
      );
    }
    if (metadata !== undefined && isMetadata) {
      const suffix = path.slice(METADATA_PATH.length);
      return serveMetadata(request, reply, metadata, this.options.path, suffix, next);
    }
    const origin = request.headers.origin as string | undefined;
    if (origin !== undefined) {
      // MCP basic/transports: an Origin that is present and invalid gets 403 Forbidden.
      if (!this.originAllowed(origin)) {
        return refuse(
          reply,
          new Refusal(403, `Forbidden: Origin ${JSON.stringify(origin)} is not allowed`),
        );
      }
      allowOrigin(reply, origin);
    }
    const stateless = this.sessions === undefined;
    const method = request.method;
    if (method === 'OPTIONS') {
      return preflight(reply, stateless ? ALLOW_STATELESS : ALLOW_SESSIONS, origin !== undefined);
    }
    if (!(stateless ? method === 'POST' : SESSION_METHODS.has(method))) {
      return refuse(reply, stateless ? STATELESS_METHODS : SESSION_METHODS_ONLY);
    }
    if (this.closing && method !== 'POST') return refuse(reply, SHUTTING_DOWN);
    if (this.options.authenticate !== undefined) {
      return this.authenticated(request, reply, method, path);
    }
    return this.byMethod(request, reply, method, undefined);
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
    request: HttpRequest,
    reply: Reply,
    method: string,
    path: string,
  ): Promise<void> {
    const configured = this.options.resourceMetadata?.resource;
    const resource = resourceOf(request, this.options.resourceMetadata, this.options.path ?? path);
    const identity = await this.options.authenticate!(
      request.original as never,
      configured === undefined ? { resource, fromRequest: true } : { resource },
    );
    if (identity === null || identity === undefined || AuthRefusal.is(identity)) {
      const given = request.headers.authorization !== undefined;
      // RFC 6750 §3.1: no token presented, no error code; a token the hook merely declined is invalid.
      const refusal = identity ?? (given ? AuthRefusal.invalidToken() : undefined);
      return refuse(reply, this.refusal(request, refusal));
    }
    return this.byMethod(request, reply, method, identity);
  }

  private byMethod(
    request: HttpRequest,
    reply: Reply,
    method: string,
    identity: unknown,
  ): Promise<void> | undefined {
    if (method === 'POST') return handlePost(this, request, reply, identity);
    // GET and DELETE reach here in session mode only (route refuses them when stateless).
    const sessions = this.sessions;
    if (sessions === undefined) return refuse(reply, STATELESS_METHODS);
    if (method === 'GET') return openStream(this, sessions, request, reply, identity);
    return endSession(this, sessions, request, reply, identity);
  }

  /**
   * `401` (no token, or `invalid_token`) or `403` (`insufficient_scope`), with the challenge that
   * points OAuth-aware clients at the metadata (RFC 6750 §3, RFC 9728 §5.1).
   */
  refusal(request: HttpRequest, refusal: AuthRefusal | undefined): Refusal {
    const metadata = this.options.resourceMetadata;
    const location =
      metadata === undefined
        ? undefined
        : metadataUrl(resourceOf(request, metadata, this.options.path ?? pathOf(request.target)));
    const message =
      refusal?.status === 403
        ? `Forbidden: the access token lacks the scope ${refusal.scopes.join(' ')}`
        : 'Unauthorized: a valid bearer token is required';
    return new Refusal(refusal?.status ?? 401, message, undefined, {
      'WWW-Authenticate': bearerChallenge(
        location,
        refusal,
        oauthOf(this.options.authenticate)?.scopes,
      ),
    });
  }

  /**
   * A message for a session's GET stream (a call's message whose POST is gone). With a shared
   * adapter, when this process holds neither the stream nor its history, it goes to the process
   * that does.
   */
  toClient(mode: SessionMode, entry: SessionEntry, json: string): void {
    if (this.cluster !== undefined && entry.stream === undefined && entry.events === undefined) {
      this.cluster.publish({ t: 'send', s: entry.id, j: json });
      return;
    }
    toSession(mode.hub, entry, json);
  }

  /** A message for a session's GET stream, which this process holds (sent here by another). */
  sendHeld(entry: SessionEntry, json: string): void {
    if (this.sessions !== undefined) toSession(this.sessions.hub, entry, json);
  }

  /**
   * A broadcast another process raised: to this process's listeners of the core (its sessions'
   * streams, 2026-07-28 listen streams), the resource update to its subscribers only.
   */
  relay(message: JsonObject): void {
    if (typeof message.method !== 'string') return;
    const params = message.params as JsonObject | undefined;
    let filter = RELAYED_TO_ALL;
    if (isResourceUpdate(message)) {
      const uri = params!.uri as string;
      filter = Object.assign((peer: Peer) => peer.isSubscribed(uri), {
        [RELAYED]: true as const,
      });
    }
    this.core.broadcast(message.method, params, filter);
  }

  /**
   * The core's broadcaster: one message to every session with an open stream that passes
   * `filter`. With a shared adapter, a notification for all (or for the subscribers of a
   * resource) goes to every process too; a broadcast with another filter, a function, cannot
   * travel and stays in this one, and one relayed from another process is not sent back.
   */
  private broadcast(message: JsonObject, given?: PeerFilter): void {
    const relayed = given?.[RELAYED] === true;
    const filter = given === RELAYED_TO_ALL ? undefined : given;
    if (
      this.cluster !== undefined &&
      !relayed &&
      (filter === undefined || isResourceUpdate(message))
    ) {
      this.cluster.publish({ t: 'broadcast', m: message });
    }
    const sessions = this.sessions;
    if (sessions === undefined) return;
    let json: string | undefined;
    for (const entry of sessions.store.values()) {
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
      toSession(sessions.hub, entry, json);
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
    this.outages.stop();
    this.detach?.();
    this.detach = undefined;
    const sessions = this.sessions;
    if (sessions !== undefined) for (const entry of sessions.store.values()) entry.stream?.end();
    const closed = new Error('The server shut down.');
    for (const post of this.posts.all()) {
      if (post.listening) post.peer.close(closed);
    }
    if (this.posts.size > 0) {
      let timer: ReturnType<typeof setTimeout> | undefined;
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
          post.exchange.refuse(SHUT_DOWN);
        }
      }
    }
    if (sessions !== undefined) {
      if (!this.adapter.shared) {
        // Shared records outlive this process (another one, or this one restarted, takes over).
        for (const entry of sessions.store.values()) sessions.records.forget(entry.id);
      }
      sessions.store.clear('The server shut down.');
    }
    this.deadlines.close();
    this.bodyDeadlines.close();
    await this.cluster?.close().then(undefined, (error: unknown) => this.report(error));
    const unbind = this.unbind;
    this.unbind = undefined;
    await unbind?.().then(undefined, (error: unknown) => this.report(error));
    if (this.ownsAdapter) await this.adapter.close();
  }
}
