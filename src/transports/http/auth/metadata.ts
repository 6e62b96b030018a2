import type { JsonObject, Servable } from '../../../core';
import { type HttpRequest, Refusal, type Reply, refuse } from '../request';
import { oauthOf } from './oauth';

/**
 * The OAuth 2.0 Protected Resource Metadata (RFC 9728) this server publishes at
 * `GET /.well-known/oauth-protected-resource` (and the same path followed by the MCP endpoint's
 * path), so OAuth-aware MCP clients find the authorization server to get a token from.
 */
export interface ProtectedResourceMetadataOptions {
  /**
   * `authorization_servers`: the issuer URLs of the authorization servers that grant tokens for
   * this server. Default: the `issuer` of {@link jwtAuth} or {@link introspectionAuth}.
   */
  authorizationServers?: readonly string[];
  /**
   * `resource`: this server's resource identifier, the absolute URL of the MCP endpoint
   * (e.g. `https://mcp.example.com/mcp`). Default: built from the request's `Host` and the path.
   * Give it when the server runs behind a proxy that changes the host or the scheme.
   */
  resource?: string;
  /**
   * `scopes_supported`: the OAuth scopes the server understands. Default: the scopes declared
   * on the application's tools, resources and prompts, and the authenticator's required scopes.
   */
  scopesSupported?: readonly string[];
  /** `bearer_methods_supported` (default `['header']`: the `Authorization: Bearer` header). */
  bearerMethodsSupported?: readonly string[];
  /** `resource_name`: a human-readable name of the server. */
  resourceName?: string;
  /** `resource_documentation`: a URL of documentation for developers. */
  resourceDocumentation?: string;
  /** `resource_policy_uri`: a URL about how the data is used. */
  resourcePolicyUri?: string;
  /** `resource_tos_uri`: a URL of the terms of service. */
  resourceTosUri?: string;
  /** Further RFC 9728 members, sent as given (snake_case names). */
  extra?: Readonly<Record<string, unknown>>;
}

/** The well-known path of RFC 9728 protected-resource metadata. */
export const METADATA_PATH = '/.well-known/oauth-protected-resource';

/** The resource identifier: the configured one, or this server's URL for `path`. */
export function resourceOf(
  request: Pick<HttpRequest, 'headers' | 'encrypted'>,
  metadata: ProtectedResourceMetadataOptions | undefined,
  path: string,
): string {
  if (metadata?.resource !== undefined) return metadata.resource;
  const scheme = request.encrypted ? 'https' : 'http';
  return `${scheme}://${(request.headers.host as string | undefined) ?? 'localhost'}${path}`;
}

const NO_METADATA = new Refusal(404, 'Not Found: no protected-resource metadata at this path');
const GET_ONLY = new Refusal(405, 'Method Not Allowed: use GET', undefined, {
  Allow: 'GET, HEAD',
});

/**
 * Where the metadata of `resource` is published (RFC 9728 §3.1: the well-known path, then the
 * resource's path); undefined when `resource` is no URL, or one that cannot stand in the quoted
 * string of a challenge (a resource built from a malformed `Host`, which is the caller's to write).
 */
export function metadataUrl(resource: string): string | undefined {
  if (!URL.canParse(resource)) return undefined;
  const url = new URL(resource);
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
  const location = `${url.origin}${METADATA_PATH}${path}`;
  return location.includes('"') ? undefined : location;
}

/** The RFC 9728 document for `resource`. */
export function metadataDocument(
  metadata: ProtectedResourceMetadataOptions,
  resource: string,
): JsonObject {
  const document: JsonObject = {
    resource,
    authorization_servers: [...(metadata.authorizationServers ?? [])],
    bearer_methods_supported: [...(metadata.bearerMethodsSupported ?? ['header'])],
  };
  if (metadata.scopesSupported) document.scopes_supported = [...metadata.scopesSupported];
  if (metadata.resourceName !== undefined) document.resource_name = metadata.resourceName;
  if (metadata.resourceDocumentation !== undefined)
    document.resource_documentation = metadata.resourceDocumentation;
  if (metadata.resourcePolicyUri !== undefined)
    document.resource_policy_uri = metadata.resourcePolicyUri;
  if (metadata.resourceTosUri !== undefined) document.resource_tos_uri = metadata.resourceTosUri;
  return { ...document, ...metadata.extra };
}

/**
 * Answers `GET /.well-known/oauth-protected-resource[<suffix>]` with the RFC 9728 document of the
 * resource at `resourcePath`: served at the root and at the resource's own path (RFC 9728 §3.1,
 * which MCP clients try first); other suffixes go to `next` or get `404`.
 */
export function serveMetadata(
  request: HttpRequest,
  reply: Reply,
  metadata: ProtectedResourceMetadataOptions,
  endpointPath: string | undefined,
  suffix: string,
  next?: (error?: unknown) => void,
): void {
  const resourcePath =
    metadata.resource !== undefined
      ? new URL(metadata.resource).pathname.replace(/\/$/, '')
      : (endpointPath ?? suffix);
  if (suffix !== '' && suffix !== resourcePath) {
    if (next !== undefined) next();
    else refuse(reply, NO_METADATA);
    return;
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    refuse(reply, GET_ONLY);
    return;
  }
  const document = metadataDocument(metadata, resourceOf(request, metadata, resourcePath));
  // Public by nature: browser-based clients must be able to read it from any origin.
  reply.json(200, JSON.stringify(document), {
    'Access-Control-Allow-Origin': '*',
    'Cache-Control': 'max-age=3600',
  });
}

/** The scopes declared on an application's definitions (an `McpApplication`'s `describe()`). */
function declaredScopes(servable: unknown): string[] {
  const describe = (servable as { describe?: unknown } | null)?.describe;
  if (typeof describe !== 'function') return [];
  const definitions = describe.call(servable) as Array<{ scopes?: readonly string[] }>;
  return definitions.flatMap((definition) => definition.scopes ?? []);
}

/**
 * The RFC 9728 metadata an endpoint publishes: `resourceMetadata` as given, with
 * `authorization_servers` defaulting to the OAuth authenticator's issuer and `scopes_supported`
 * to the scopes declared on the application's definitions and required by the authenticator.
 * Undefined when there is nothing to publish.
 */
export function protectedResource<C>(
  options: {
    readonly resourceMetadata?: ProtectedResourceMetadataOptions | undefined;
    readonly authenticate?: unknown;
  },
  servable: Servable<C>,
): ProtectedResourceMetadataOptions | undefined {
  const given = options.resourceMetadata;
  const oauth = oauthOf(options.authenticate);
  if (given === undefined && oauth?.issuer === undefined) return undefined;
  const scopes = [...new Set([...declaredScopes(servable), ...(oauth?.scopes ?? [])])];
  return {
    ...given,
    authorizationServers: given?.authorizationServers ?? [oauth!.issuer!],
    scopesSupported: given?.scopesSupported ?? (scopes.length > 0 ? scopes : undefined),
  };
}
