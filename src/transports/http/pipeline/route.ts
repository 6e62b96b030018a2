import { AuthRefusal, METADATA_PATH, resourceOf, serveMetadata } from '../auth';
import type { ResolvedOptions } from '../options';
import { allowOrigin, type HttpRequest, preflight, Refusal, type Reply, refuse } from '../request';
import { challenge } from './challenge';
import { handlePost, type PostHost } from './post';
import { SHUTTING_DOWN } from './post-answers';
import { endSession, openStream, type SessionModeHost } from './sessions';
import { authorityOf, pathOf } from './target';

const ALLOW_SESSIONS = 'GET, POST, DELETE, OPTIONS';
const ALLOW_STATELESS = 'POST, OPTIONS';

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

/** Whether a path that starts with the metadata path is it, or under it. */
function isMetadataPath(path: string): boolean {
  return path.length === METADATA_PATH.length || path.charCodeAt(METADATA_PATH.length) === 47; // '/'
}

/**
 * What routing uses of the HTTP endpoint: what POSTs and session mode use, and its Host and
 * Origin policies.
 */
export interface RouteHost<C> extends PostHost<C>, Omit<SessionModeHost, 'options'> {
  readonly options: ResolvedOptions<C>;
  /** The Host policy (`allowedHosts`, loopback by default). */
  readonly hostAllowed: (host: string | undefined, local: string | undefined) => boolean;
  /** The Origin policy (`allowedOrigins`). */
  readonly originAllowed: (origin: string) => boolean;
}

/**
 * Routes a request: the path (or the protected resource metadata), the Host, the target's
 * authority and the Origin (403), CORS preflight, the method (405), shutdown (503), then
 * authentication and the method's handler. Synchronous up to the method's handler (which may
 * return a promise), so that a POST costs no promise of its own here; the caller catches what it
 * throws or rejects.
 */
export function route<C>(
  host: RouteHost<C>,
  request: HttpRequest,
  reply: Reply,
  next?: (error?: unknown) => void,
): unknown {
  const options = host.options;
  const target = request.target;
  const path = pathOf(target);
  const metadata = options.resourceMetadata;
  const isMetadata = path.startsWith(METADATA_PATH) && isMetadataPath(path);
  if (
    !(metadata !== undefined && isMetadata) &&
    options.path !== undefined &&
    path !== options.path
  ) {
    if (next !== undefined) return next();
    return refuse(reply, new Refusal(404, `Not Found: the MCP endpoint is ${options.path}`));
  }
  const local = request.localAddress;
  const hostHeader = request.headers.host as string | undefined;
  if (!host.hostAllowed(hostHeader, local)) {
    // MCP basic/transports, security warning: DNS rebinding against local servers.
    return refuse(
      reply,
      new Refusal(403, `Forbidden: Host ${JSON.stringify(hostHeader ?? '')} is not allowed`),
    );
  }
  const authority = authorityOf(target);
  if (authority !== undefined && !host.hostAllowed(authority, local)) {
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
    return serveMetadata(request, reply, metadata, options.path, suffix, next);
  }
  const origin = request.headers.origin as string | undefined;
  if (origin !== undefined) {
    // MCP basic/transports: an Origin that is present and invalid gets 403 Forbidden.
    if (!host.originAllowed(origin)) {
      return refuse(
        reply,
        new Refusal(403, `Forbidden: Origin ${JSON.stringify(origin)} is not allowed`),
      );
    }
    allowOrigin(reply, origin);
  }
  const stateless = host.sessions === undefined;
  const method = request.method;
  if (method === 'OPTIONS') {
    return preflight(reply, stateless ? ALLOW_STATELESS : ALLOW_SESSIONS, origin !== undefined);
  }
  // (Compared, not looked up in a Set: node's method strings are constants, and three identity
  // checks cost less than the Set's look-up, ~100 instructions per request; callgrind.)
  if (!(method === 'POST' || (!stateless && (method === 'GET' || method === 'DELETE')))) {
    return refuse(reply, stateless ? STATELESS_METHODS : SESSION_METHODS_ONLY);
  }
  if (host.closing && method !== 'POST') return refuse(reply, SHUTTING_DOWN);
  if (options.authenticate !== undefined) {
    return authenticated(host, request, reply, method, path);
  }
  return byMethod(host, request, reply, method, undefined);
}

/** Authenticates (`401` without an identity), then answers by method. */
async function authenticated<C>(
  host: RouteHost<C>,
  request: HttpRequest,
  reply: Reply,
  method: string,
  path: string,
): Promise<void> {
  const options = host.options;
  const configured = options.resourceMetadata?.resource;
  const resource = resourceOf(request, options.resourceMetadata, options.path ?? path);
  const identity = await options.authenticate!(
    request.original as never,
    configured === undefined ? { resource, fromRequest: true } : { resource },
  );
  if (identity === null || identity === undefined || AuthRefusal.is(identity)) {
    const given = request.headers.authorization !== undefined;
    // RFC 6750 §3.1: no token presented, no error code; a token the hook merely declined is invalid.
    const refusal = identity ?? (given ? AuthRefusal.invalidToken() : undefined);
    return refuse(reply, challenge(options, request, refusal));
  }
  return byMethod(host, request, reply, method, identity);
}

function byMethod<C>(
  host: RouteHost<C>,
  request: HttpRequest,
  reply: Reply,
  method: string,
  identity: unknown,
): Promise<void> | undefined {
  if (method === 'POST') return handlePost(host, request, reply, identity);
  // GET and DELETE reach here in session mode only (route refuses them when stateless).
  const sessions = host.sessions;
  if (sessions === undefined) return refuse(reply, STATELESS_METHODS);
  if (method === 'GET') return openStream(host, sessions, request, reply, identity);
  return endSession(host, sessions, request, reply, identity);
}
