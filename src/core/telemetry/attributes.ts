import type { Attributes } from '@opentelemetry/api';
import type { Link, LinkFacts } from '../link';
import { negotiate } from '../revisions/2025-11-25';
import { META } from '../revisions/2026-07-28/meta';
import type { JsonRpcRequest } from '../types';
import { isObject, type JsonObject } from '../types';

/** What a request's span is called and carries when it starts (OpenTelemetry semconv, MCP). */
export interface RequestShape {
  /** `{mcp.method.name} {target}`, or the method alone. */
  readonly name: string;
  /**
   * The span's attributes at its start: the ones a sampler may decide on (method, tool or
   * prompt, revision, network), the metric's too. The rest of this one request ({@link addDetails})
   * is added only to a span that records.
   */
  readonly span: Attributes;
  /** The metric's attributes (no request id, session id, resource URI or addresses). */
  readonly metric: Attributes;
  /** The connection's facts, when the transport tells them. */
  readonly facts: LinkFacts | undefined;
}

/**
 * The revision a request speaks: a 2026-07-28 request names it in `_meta`; a 2025 request speaks
 * the one its session (or stdio connection) negotiated at `initialize`, and `initialize` the one
 * it is about to agree on.
 */
export function protocolVersionOf(
  method: string,
  params: JsonObject | undefined,
  link: Link | undefined,
): string | undefined {
  const meta = params?._meta;
  const named = isObject(meta) ? meta[META.protocolVersion] : undefined;
  if (typeof named === 'string') return named;
  if (method === 'initialize') return negotiate(params?.protocolVersion);
  return link?.peer.revision;
}

/** The span name, the attributes a request starts with, and the metric's share of them. */
export function shapeOf(request: JsonRpcRequest, link: Link | undefined): RequestShape {
  const method = request.method;
  const params = isObject(request.params) ? request.params : undefined;
  // Two literals rather than a copy of one. Never one shared object: an SDK may add a sampler's
  // attributes to the object a span starts with (sdk-trace-base 1.x does).
  const metric: Attributes = {
    'mcp.method.name': method,
    // Always 2.0 (anything else is refused before a span starts); kept so queries need no default.
    'jsonrpc.protocol.version': '2.0',
  };
  const span: Attributes = { 'mcp.method.name': method, 'jsonrpc.protocol.version': '2.0' };
  let name = method;
  const target = params?.name;
  if (method === 'tools/call' && typeof target === 'string') {
    name = `${method} ${target}`;
    metric['gen_ai.tool.name'] = span['gen_ai.tool.name'] = target;
    metric['gen_ai.operation.name'] = span['gen_ai.operation.name'] = 'execute_tool';
  } else if (method === 'prompts/get' && typeof target === 'string') {
    name = `${method} ${target}`;
    metric['gen_ai.prompt.name'] = span['gen_ai.prompt.name'] = target;
  }
  const version = protocolVersionOf(method, params, link);
  if (version !== undefined)
    metric['mcp.protocol.version'] = span['mcp.protocol.version'] = version;
  const facts = link?.facts?.();
  if (facts !== undefined) {
    addNetwork(metric, facts);
    addNetwork(span, facts);
  }
  return { name, span, metric, facts };
}

/**
 * What a span that records carries beyond its start (a sampled-out request never builds it):
 * `jsonrpc.request.id`, `mcp.resource.uri`, `server.*`, `client.*` and `mcp.session.id`.
 */
export function addDetails(
  attributes: Attributes,
  request: JsonRpcRequest,
  facts: LinkFacts | undefined,
): Attributes {
  if (request.id !== undefined) attributes['jsonrpc.request.id'] = String(request.id);
  const method = request.method;
  const uri = isObject(request.params) ? request.params.uri : undefined;
  if (typeof uri === 'string' && method.startsWith('resources/')) {
    attributes['mcp.resource.uri'] = uri;
  }
  if (facts !== undefined) addPeers(attributes, facts);
  return attributes;
}

/** `network.*`: on spans and metrics alike. */
export function addNetwork(attributes: Attributes, facts: LinkFacts): void {
  attributes['network.transport'] = facts.transport;
  if (facts.protocolName !== undefined) attributes['network.protocol.name'] = facts.protocolName;
  if (facts.protocolVersion !== undefined) {
    attributes['network.protocol.version'] = facts.protocolVersion;
  }
}

/** `server.*`, `client.*` and `mcp.session.id`: on spans only (unbounded on a metric). */
function addPeers(attributes: Attributes, facts: LinkFacts): void {
  if (facts.serverAddress !== undefined) {
    attributes['server.address'] = facts.serverAddress;
    if (facts.serverPort !== undefined) attributes['server.port'] = facts.serverPort;
  }
  if (facts.clientAddress !== undefined) {
    attributes['client.address'] = facts.clientAddress;
    if (facts.clientPort !== undefined) attributes['client.port'] = facts.clientPort;
  }
  if (facts.sessionId !== undefined) attributes['mcp.session.id'] = facts.sessionId;
}

/** A tool's failure as the span's status text: its first text content, bounded. */
export function toolErrorText(result: JsonObject): string {
  const content = Array.isArray(result.content) ? result.content : [];
  for (const item of content) {
    if (isObject(item) && item.type === 'text' && typeof item.text === 'string') {
      return item.text.length > 1024 ? `${item.text.slice(0, 1024)}…` : item.text;
    }
  }
  return 'tool_error';
}
