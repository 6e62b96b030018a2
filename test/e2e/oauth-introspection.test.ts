/**
 * `introspectionAuth` against a real authorization server (oidc-provider issuing opaque access
 * tokens, test/fixtures): the built examples/oauth.js asks the introspection endpoint (RFC 7662)
 * about each token, keeps active answers briefly, and refuses inactive tokens and tokens bound
 * to another resource; the official SDK v2 client gets in through the 401 as with JWTs.
 */
import {
  Client,
  ClientCredentialsProvider,
  InsufficientScopeError,
  StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';
import {
  type AuthorizationServer,
  INITIALIZE,
  postMcp,
  startAuthorizationServer,
} from './authorization-server';
import { example, type Launched, launch } from './examples';

let as: AuthorizationServer;
let server: Launched;
let url: string;
let metadata: string;

const post = (body: string, token?: string): Promise<Response> => postMcp(url, body, token);

const introspections = async (): Promise<number> =>
  (await as.requests()).filter((request) => request === 'POST /token/introspection').length;

beforeAll(async () => {
  as = await startAuthorizationServer(['--format=opaque']);
  server = launch(example('oauth'), [], {
    env: {
      OAUTH_ISSUER: as.issuer,
      OAUTH_INTROSPECTION: 'resource-server:resource-server-secret',
      PORT: '0',
    },
  });
  url = (await server.waitFor(/MCP endpoint: (\S+)/))[1]!;
  metadata = `${new URL(url).origin}/.well-known/oauth-protected-resource/mcp`;
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await as?.stop();
});

test('the tokens are opaque: nothing to verify locally', async () => {
  const token = await as.token('writer', url, 'journal:read');
  expect(token.split('.')).toHaveLength(1);
});

test('the SDK v2 client with client credentials reaches a scoped tool; the reader is challenged', async () => {
  const connect = async (client: 'writer' | 'reader', scope: string) => {
    const transport = new StreamableHTTPClientTransport(new URL(url), {
      authProvider: new ClientCredentialsProvider({
        clientId: client,
        clientSecret: `${client}-secret`,
        scope,
        expectedIssuer: as.issuer,
      }),
      onInsufficientScope: 'throw',
    });
    const sdk = new Client({ name: 'introspection-e2e', version: '1.0.0' });
    await sdk.connect(transport);
    return sdk;
  };
  const writer = await connect('writer', 'journal:read journal:write');
  try {
    expect((await writer.listTools()).tools.map((tool) => tool.name)).toEqual([
      'whoami',
      'read',
      'write',
    ]);
    expect(await writer.callTool({ name: 'whoami', arguments: {} })).toMatchObject({
      content: [{ type: 'text', text: 'writer (journal:read journal:write)' }],
    });
  } finally {
    await writer.close();
  }
  const reader = await connect('reader', 'journal:read');
  try {
    expect((await reader.listTools()).tools.map((tool) => tool.name)).toEqual(['whoami', 'read']);
    await expect(reader.callTool({ name: 'write', arguments: { text: 'x' } })).rejects.toEqual(
      expect.objectContaining({ requiredScope: 'journal:write' }),
    );
    await expect(
      reader.callTool({ name: 'write', arguments: { text: 'x' } }),
    ).rejects.toBeInstanceOf(InsufficientScopeError);
  } finally {
    await reader.close();
  }
});

test('an active answer is kept: the same token is introspected once', async () => {
  const token = await as.token('writer', url, 'journal:read');
  const before = await introspections();
  expect((await post(INITIALIZE, token)).status).toBe(200);
  expect((await post(INITIALIZE, token)).status).toBe(200);
  expect((await post(INITIALIZE, token)).status).toBe(200);
  expect((await introspections()) - before).toBe(1);
});

test('an unknown token: 401 invalid_token, and it is asked about every time (no negative cache)', async () => {
  const before = await introspections();
  for (let i = 0; i < 2; i += 1) {
    const response = await post(INITIALIZE, 'not-a-token-the-server-issued');
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${metadata}", error="invalid_token", error_description="The access token is not active (expired, revoked or unknown)"`,
    );
  }
  expect((await introspections()) - before).toBe(2);
});

test('an active token issued for another resource: 401, for another audience', async () => {
  const token = await as.token('writer', 'http://127.0.0.1:9/other/mcp', 'journal:read');
  const response = await post(INITIALIZE, token);
  expect(response.status).toBe(401);
  expect(response.headers.get('www-authenticate')).toBe(
    `Bearer resource_metadata="${metadata}", error="invalid_token", error_description="The access token is for another audience"`,
  );
});

test('the RFC 9728 document names the issuer', async () => {
  expect(await (await fetch(metadata)).json()).toMatchObject({
    resource: url,
    authorization_servers: [as.issuer],
  });
});
