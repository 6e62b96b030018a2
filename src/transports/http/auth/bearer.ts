import type { IncomingMessage } from 'node:http';
import {
  type Awaitable,
  ConfigurationError,
  constantTimeEqual,
  defaultHashing,
} from '../../../core';
import type { AnyRequest, HeaderAuthenticate } from './authenticate';

/** Checks a bearer token: the caller's identity, or `null`/`undefined` for an invalid token. */
export type BearerVerify = (token: string, req: AnyRequest) => Awaitable<unknown>;

/** Fixed tokens and the identity each one stands for. */
export interface BearerTokens {
  tokens: Readonly<Record<string, unknown>> | ReadonlyMap<string, unknown>;
}

/** The token of an `Authorization: Bearer <token>` header (RFC 6750), or undefined. */
export function bearerToken(req: AnyRequest): string | undefined {
  const headers = req.headers;
  // A Web `Request` has `Headers`; a `node:http` request a plain object of lower-case names.
  const header =
    typeof (headers as Headers).get === 'function'
      ? ((headers as Headers).get('authorization') ?? undefined)
      : (headers as IncomingMessage['headers']).authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(header);
  return match?.[1];
}

/**
 * An {@link Authenticate} hook for `Authorization: Bearer` tokens: either fixed tokens, each
 * mapped to its identity and compared in constant time (SHA-256 digests of equal length, compared
 * without early exit, every token checked), or your own `verify(token, req)` (a JWT or
 * introspection check) returning the identity or `null`.
 *
 * @example
 * serveHttp(app, { authenticate: bearerAuth({ tokens: { [process.env.MCP_TOKEN!]: { sub: 'ci' } } }) });
 * serveHttp(app, { authenticate: bearerAuth(async (token) => (await verifyJwt(token))?.claims ?? null) });
 */
export function bearerAuth(verify: BearerVerify | BearerTokens): HeaderAuthenticate {
  if (typeof verify === 'function') {
    return async (req: AnyRequest) => {
      const token = bearerToken(req);
      return token === undefined ? null : ((await verify(token, req)) ?? null);
    };
  }
  const tokens = verify?.tokens;
  if (typeof tokens !== 'object' || tokens === null) {
    throw new ConfigurationError(
      'bearerAuth: give a verify function or { tokens: { "<token>": identity } }.',
    );
  }
  const entries = (tokens instanceof Map ? [...tokens] : Object.entries(tokens)).map(
    ([token, identity]) => {
      if (typeof token !== 'string' || token === '') {
        throw new ConfigurationError('bearerAuth: every token must be a non-empty string.');
      }
      if (identity === null || identity === undefined) {
        throw new ConfigurationError(
          'bearerAuth: every token needs an identity (an object such as { sub: "alice" }, or a string).',
        );
      }
      return { token, identity };
    },
  );
  // SHA-256 from node:crypto where the runtime has it (synchronous), else Web Crypto (a promise).
  const hashing = defaultHashing();
  const digests = entries.map(({ token }) => hashing.sha256(token));
  const match = (presented: string, known: readonly string[]): unknown => {
    let found: unknown = null;
    // No early exit: the time taken does not tell which token (if any) matched.
    for (let i = 0; i < known.length; i += 1) {
      if (constantTimeEqual(known[i]!, presented)) found = entries[i]!.identity;
    }
    return found;
  };
  return (req: AnyRequest) => {
    const token = bearerToken(req);
    if (token === undefined) return null;
    const presented = hashing.sha256(token);
    if (typeof presented === 'string' && digests.every((d) => typeof d === 'string')) {
      return match(presented, digests as string[]);
    }
    return Promise.all([presented, Promise.all(digests)]).then(([given, known]) =>
      match(given, known),
    );
  };
}

/**
 * The default `identityKey`, one per endpoint: a primitive identity itself; an object's `sub`,
 * `id`, `clientId` or `client_id` (so a refreshed token of the same principal keeps its session);
 * else its JSON text; an object that is not JSON is known by its reference, in a table of this
 * endpoint's own.
 */
export function defaultIdentityKey(): (identity: unknown) => string {
  const objectKeys = new WeakMap<object, string>();
  let refCount = 0;
  return (identity) =>
    identityKeyOf(identity, () => {
      let key = objectKeys.get(identity as object);
      if (key === undefined) {
        refCount += 1;
        key = `ref:${refCount}`;
        objectKeys.set(identity as object, key);
      }
      return key;
    });
}

function identityKeyOf(identity: unknown, byReference: () => string): string {
  if (typeof identity !== 'object' || identity === null) {
    return `${typeof identity}:${String(identity)}`;
  }
  const record = identity as Record<string, unknown>;
  for (const field of ['sub', 'id', 'clientId', 'client_id']) {
    const value = record[field];
    if (typeof value === 'string' || typeof value === 'number') return `${field}:${value}`;
  }
  try {
    return `json:${JSON.stringify(identity)}`;
  } catch {
    // Not JSON (a cycle, a BigInt): the same object is the same identity, nothing else is.
    return byReference();
  }
}
