import { isStateBindable, memoryAdapter, type StateAdapter } from '../../../adapter';
import {
  ConfigurationError,
  coreOf,
  type JsonObject,
  type McpCore,
  type PeerOptions,
  randomToken,
  type Servable,
  StateBudget,
} from '../../../core';
import { audienceProblem, defaultIdentityKey, LOOPBACK_RESOURCE, protectedResource } from '../auth';
import type { HttpSession } from '../http-session';
import { type PipelineOptions, type ResolvedOptions, resolveOptions } from '../options';
import {
  BodyBudget,
  DeadlineQueue,
  type HttpRequest,
  hostPolicy,
  MediaChecks,
  originPolicy,
  type Reply,
} from '../request';
import { Cluster, type SessionEntry, type SessionMode, toSession } from '../session';
import type { StreamLimits } from '../stream';
import { broadcast, relay as relayTo } from './broadcast';
import { Failures } from './failures';
import { Listens } from './listens';
import { PendingPosts } from './pending-posts';
import { route } from './route';
import { createSessionMode } from './sessions';
import { endInFlight } from './shutdown';

/** The record under which processes sharing an adapter keep the 2026-07-28 `requestState` secret. */
const REQUEST_STATE_SECRET = 'request-state-secret';

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
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
 * The state behind both faces: options, session mode, the POSTs and streams in flight, the
 * shared state and the cluster, start-up and shutdown. It decides on an {@link HttpRequest} and
 * answers through a {@link Reply}: `route.ts` routes it, `post.ts` answers POSTs.
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
  /** The Host policy (`allowedHosts`, loopback by default). */
  readonly hostAllowed: (host: string | undefined, local: string | undefined) => boolean;
  /** The Origin policy (`allowedOrigins`). */
  readonly originAllowed: (origin: string) => boolean;
  private readonly identityKey: (identity: unknown) => string;
  /** Unexpected errors and outages: told to `onError`, and the answer to a request they broke. */
  private readonly failures: Failures;
  private detach: (() => void) | undefined;
  private shutdown: Promise<void> | undefined;

  constructor(
    servable: Servable<C>,
    options?: PipelineOptions<C>,
    { name, print }: Face = CONSOLE_FACE,
  ) {
    this.core = coreOf(servable);
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
    this.failures = new Failures(this.options, adapter, print);
    this.cluster = adapter.shared ? new Cluster(this) : undefined;
    this.sessions = this.options.sessions ? createSessionMode(this) : undefined;
    // Stateless endpoints broadcast too when shared: a 2026-07-28 subscriptions/listen stream
    // held by another process receives what this one raises.
    if (this.sessions !== undefined || this.cluster !== undefined) {
      this.detach = this.core.attach((message, filter) => broadcast(this, message, filter));
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
        ? route(this, request, reply, next)
        : this.ready.then(() => route(this, request, reply, next));
    } catch (error) {
      this.failures.answer(error, request, reply);
      return;
    }
    if (isThenable(pending)) {
      // (Promise.resolve adopts a native promise as is, and catches a thenable that throws.)
      Promise.resolve(pending).then(undefined, (error: unknown) =>
        this.failures.answer(error, request, reply),
      );
    }
  }

  /** Tells `onError` (the face's printer by default) about an unexpected error; never throws. */
  report(error: unknown, request?: HttpRequest): void {
    this.failures.report(error, request);
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

  /** `serveHttp` on a loopback bind: the URL it listens on is the resource identifier. */
  bindResource(url: string): void {
    const metadata = this.options.resourceMetadata;
    if (metadata !== undefined && metadata.resource === undefined) {
      this.options.resourceMetadata = { ...metadata, resource: url };
    }
  }

  /** A message for a session's GET stream, which this process holds (sent here by another). */
  sendHeld(entry: SessionEntry, json: string): void {
    if (this.sessions !== undefined) toSession(this.sessions.hub, entry, json);
  }

  /** A broadcast another process raised: to this process's listeners of the core. */
  relay(message: JsonObject): void {
    relayTo(this.core, message);
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
    this.failures.outages.stop();
    this.detach?.();
    this.detach = undefined;
    const ending = endInFlight(this);
    if (ending !== undefined) await ending;
    await this.cluster?.close().then(undefined, (error: unknown) => this.report(error));
    const unbind = this.unbind;
    this.unbind = undefined;
    await unbind?.().then(undefined, (error: unknown) => this.report(error));
    if (this.ownsAdapter) await this.adapter.close();
  }
}
