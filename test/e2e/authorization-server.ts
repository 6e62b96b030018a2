/**
 * The real authorization server of the OAuth tests (test/fixtures/authorization-server.mjs:
 * oidc-provider on the Node.js 22 that conformance/ installs), one per suite, and what the tests
 * ask it: tokens by the client credentials grant, forged tokens, a key rotation.
 */
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { type Launched, launch } from './examples';

const ROOT = join(__dirname, '..', '..');
const NODE22 = join(ROOT, 'conformance', 'node_modules', 'node', 'bin', 'node');
const SCRIPT = join(ROOT, 'test', 'fixtures', 'authorization-server.mjs');

/** A running authorization server. */
export interface AuthorizationServer {
  /** Its issuer identifier (`http://127.0.0.1:<port>`). */
  readonly issuer: string;
  /** An access token by the client credentials grant for `resource`; throws with the server's error. */
  token(client: 'writer' | 'reader', resource: string, scope: string): Promise<string>;
  /** A token the server would never issue (see the fixture): `expired`, `unknown-key`, `none`, `other-issuer`, `valid`. */
  forge(kind: string, audience: string, scope?: string): Promise<string>;
  /** Replaces its signing key; resolves with the new key id. */
  rotate(): Promise<string>;
  /** The method and path of every request it served (but the test's own). */
  requests(): Promise<string[]>;
  stop(): Promise<unknown>;
}

/** Starts the fixture (`--format=opaque` for opaque tokens) and waits for its issuer line. */
export async function startAuthorizationServer(
  args: readonly string[] = [],
): Promise<AuthorizationServer> {
  if (!existsSync(NODE22)) {
    throw new Error(
      `${relative(ROOT, NODE22)} is missing: run "npm ci" in conformance/ (the OAuth tests run oidc-provider on Node.js 22).`,
    );
  }
  const child: Launched = launch(SCRIPT, args, { node: NODE22 });
  let issuer: string;
  try {
    issuer = (await child.waitFor(/^issuer (\S+)$/m, 'stdout', 20_000))[1]!;
  } catch (error) {
    await child.stop();
    throw error;
  }
  const admin = async (path: string, init?: RequestInit): Promise<string> => {
    const response = await fetch(`${issuer}${path}`, init);
    const text = await response.text();
    if (!response.ok) throw new Error(`${path}: ${response.status} ${text}`);
    return text;
  };
  return {
    issuer,
    async token(client, resource, scope) {
      const response = await fetch(`${issuer}/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${client}:${client}-secret`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ grant_type: 'client_credentials', resource, scope }),
      });
      const body = (await response.json()) as { access_token?: string };
      if (body.access_token === undefined) throw new Error(`token: ${JSON.stringify(body)}`);
      return body.access_token;
    },
    forge: (kind, audience, scope) =>
      admin(
        `/admin/forge?${new URLSearchParams({ case: kind, aud: audience, ...(scope === undefined ? {} : { scope }) })}`,
      ),
    rotate: async () =>
      (JSON.parse(await admin('/admin/rotate', { method: 'POST' })) as { kid: string }).kid,
    requests: async () => JSON.parse(await admin('/admin/requests')) as string[],
    stop: () => child.stop(),
  };
}

/** An `initialize` request, as JSON text. */
export const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'oauth-e2e', version: '1' },
  },
});

/** POSTs a JSON-RPC body to an MCP endpoint, with a bearer token and a session when given. */
export function postMcp(
  to: string,
  body: string,
  token?: string,
  session?: string,
): Promise<Response> {
  return fetch(to, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      ...(session === undefined ? {} : { 'mcp-session-id': session }),
    },
    body,
  });
}
