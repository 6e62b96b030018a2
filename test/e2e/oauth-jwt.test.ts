/**
 * `jwtAuth` against a real authorization server (oidc-provider, test/fixtures): the built
 * examples/oauth.js verifies JWT access tokens bound to its resource (RFC 8707), the official SDK
 * v2 client finds the authorization server from the server's 401 (RFC 9728, RFC 8414) and gets
 * tokens by the client credentials grant, and every bad token is refused with the right status
 * and `WWW-Authenticate` challenge.
 */

import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
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

async function startServer(
  env: Record<string, string>,
): Promise<{ server: Launched; url: string }> {
  const child = launch(example('oauth'), [], {
    env: { OAUTH_ISSUER: as.issuer, PORT: '0', ...env },
  });
  const match = await child.waitFor(/MCP endpoint: (\S+)/);
  return { server: child, url: match[1]! };
}

const post = postMcp;

function sdkClient(client: 'writer' | 'reader', scope: string, throwOnScope = false) {
  const authProvider = new ClientCredentialsProvider({
    clientId: client,
    clientSecret: `${client}-secret`,
    scope,
    expectedIssuer: as.issuer,
  });
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    authProvider,
    ...(throwOnScope ? { onInsufficientScope: 'throw' as const } : {}),
  });
  return { client: new Client({ name: 'oauth-e2e', version: '1.0.0' }), transport };
}

beforeAll(async () => {
  as = await startAuthorizationServer();
  // A cooldown of 0: the rotation test's new key is fetched at once (the default waits 30 s).
  ({ server, url } = await startServer({ JWKS_COOLDOWN_MS: '0' }));
  metadata = `${new URL(url).origin}/.well-known/oauth-protected-resource/mcp`;
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await as?.stop();
});

describe('the official SDK v2 client with client credentials', () => {
  test('starts from the 401, finds the authorization server (RFC 9728, RFC 8414) and calls a scoped tool', async () => {
    const { client, transport } = sdkClient('writer', 'journal:read journal:write');
    await client.connect(transport);
    try {
      const tools = await client.listTools();
      expect(tools.tools.map((tool) => tool.name)).toEqual(['whoami', 'read', 'write']);
      expect(
        await client.callTool({ name: 'write', arguments: { text: 'Ship it.' } }),
      ).toMatchObject({
        content: [{ type: 'text', text: '2 entries.' }],
      });
      expect(await client.callTool({ name: 'whoami', arguments: {} })).toMatchObject({
        content: [{ type: 'text', text: 'writer (journal:read journal:write)' }],
      });
    } finally {
      await client.close();
    }
    const requests = await as.requests();
    expect(requests).toContain('GET /.well-known/oauth-authorization-server');
    expect(requests).toContain('POST /token');
  });

  test('a client with fewer scopes sees a shorter tools/list and gets the 403 insufficient_scope challenge', async () => {
    const { client, transport } = sdkClient('reader', 'journal:read', true);
    await client.connect(transport);
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['whoami', 'read']);
      expect(await client.callTool({ name: 'read', arguments: {} })).toMatchObject({
        content: [{ type: 'text' }],
      });
      const refused = client.callTool({ name: 'write', arguments: { text: 'x' } });
      await expect(refused).rejects.toBeInstanceOf(InsufficientScopeError);
      await expect(refused).rejects.toMatchObject({
        requiredScope: 'journal:write',
        resourceMetadataUrl: new URL(metadata),
      });
    } finally {
      await client.close();
    }
  });

  test('stepping up gets no further when the authorization server will not grant the scope', async () => {
    const { client, transport } = sdkClient('reader', 'journal:read');
    await client.connect(transport);
    const tokenRequests = async () =>
      (await as.requests()).filter((request) => request === 'POST /token').length;
    try {
      const before = await tokenRequests();
      // The SDK asks again for journal:read journal:write; the reader is granted journal:read only.
      await expect(client.callTool({ name: 'write', arguments: { text: 'x' } })).rejects.toThrow(
        /403 insufficient_scope/,
      );
      expect(await tokenRequests()).toBeGreaterThan(before);
    } finally {
      await client.close();
    }
  });
});

describe('the answers, byte for byte', () => {
  test('the RFC 9728 document names the issuer and the scopes the definitions declare', async () => {
    const response = await fetch(metadata);
    expect(await response.text()).toBe(
      JSON.stringify({
        resource: url,
        authorization_servers: [as.issuer],
        bearer_methods_supported: ['header'],
        scopes_supported: ['journal:read', 'journal:write'],
      }),
    );
  });

  test('no token: 401 with resource_metadata and no error (RFC 6750 §3.1)', async () => {
    const response = await post(url, INITIALIZE);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${metadata}"`);
  });

  test('a call the token may not make: 403, the scope it needs, resource_metadata', async () => {
    const token = await as.token('reader', url, 'journal:read');
    const opened = await post(url, INITIALIZE, token);
    expect(opened.status).toBe(200);
    const session = opened.headers.get('mcp-session-id')!;
    const call = (method: string, params: object) =>
      post(url, JSON.stringify({ jsonrpc: '2.0', id: 2, method, params }), token, session);
    const challenge = (scope: string) =>
      `Bearer resource_metadata="${metadata}", error="insufficient_scope", scope="${scope}", error_description="The access token lacks a scope this request needs"`;

    const tool = await call('tools/call', { name: 'write', arguments: { text: 'x' } });
    expect(tool.status).toBe(403);
    expect(tool.headers.get('www-authenticate')).toBe(challenge('journal:write'));
    expect(await tool.text()).toBe(
      '{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Forbidden: the access token lacks the scope journal:write"}}',
    );
    // The same policy for prompts; resources the reader may read are read.
    const prompt = await call('prompts/get', { name: 'draft' });
    expect(prompt.status).toBe(403);
    expect(prompt.headers.get('www-authenticate')).toBe(challenge('journal:write'));
    const resource = await call('resources/read', { uri: 'journal://latest' });
    expect(resource.status).toBe(200);
  });

  test('requiredScopes: a valid token without them is refused at the door with 403', async () => {
    const strict = await startServer({ OAUTH_REQUIRED_SCOPES: 'journal:write' });
    try {
      const strictMetadata = `${new URL(strict.url).origin}/.well-known/oauth-protected-resource/mcp`;
      // RFC 6750 §3: the scope needed is named even without a token (MCP 2025-11-25 scope selection).
      expect((await post(strict.url, INITIALIZE)).headers.get('www-authenticate')).toBe(
        `Bearer resource_metadata="${strictMetadata}", scope="journal:write"`,
      );
      const reader = await as.token('reader', strict.url, 'journal:read');
      const refused = await post(strict.url, INITIALIZE, reader);
      expect(refused.status).toBe(403);
      expect(refused.headers.get('www-authenticate')).toBe(
        `Bearer resource_metadata="${strictMetadata}", error="insufficient_scope", scope="journal:write", error_description="The access token lacks a scope this request needs"`,
      );
      const writer = await as.token('writer', strict.url, 'journal:read journal:write');
      expect((await post(strict.url, INITIALIZE, writer)).status).toBe(200);
    } finally {
      await strict.server.stop();
    }
  });
});

describe('refused tokens: 401 invalid_token, each with its reason', () => {
  const refusedWith = async (token: string, description: string): Promise<void> => {
    const response = await post(url, INITIALIZE, token);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${metadata}", error="invalid_token", error_description="${description}"`,
    );
  };

  test('a token the authorization server issued for another resource (audience)', async () => {
    const token = await as.token('writer', 'http://127.0.0.1:9/other/mcp', 'journal:read');
    await refusedWith(token, 'The access token is for another audience');
  });

  test('an expired token', async () => {
    await refusedWith(await as.forge('expired', url), 'The access token expired');
  });

  test('a token signed with a key the issuer never published', async () => {
    await refusedWith(
      await as.forge('unknown-key', url),
      'The access token is signed with an unknown key',
    );
  });

  test('alg: none', async () => {
    await refusedWith(
      await as.forge('none', url),
      'The access token signature algorithm is not accepted',
    );
  });

  test('a token from another issuer, signed with the real key', async () => {
    await refusedWith(
      await as.forge('other-issuer', url),
      'The access token is from another issuer',
    );
  });

  test('a token without exp (valid for ever once issued; RFC 9068 requires exp)', async () => {
    await refusedWith(
      await as.forge('no-exp', url),
      'The access token has no expiry (exp claim), which RFC 9068 requires',
    );
  });

  test("a token for another resource of the same issuer, sent with that resource's Host", async () => {
    // Without an audience option, the loopback URL the server listens on is the audience, not Host.
    // `localhost` passes the Host check of a loopback server: only the audience can refuse it.
    const target = new URL(url);
    const other = `http://localhost:${target.port}/mcp`;
    const token = await as.token('writer', other, 'journal:read');
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        {
          hostname: target.hostname,
          port: target.port,
          path: target.pathname,
          method: 'POST',
          headers: {
            host: `localhost:${target.port}`,
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode!);
        },
      );
      req.on('error', reject);
      req.end(INITIALIZE);
    });
    expect(status).toBe(401);
  });

  test('a clock leeway (30 s): a token expired 10 s ago still passes', async () => {
    expect((await post(url, INITIALIZE, await as.forge('just-expired', url))).status).toBe(200);
  });

  test('not a JWT at all', async () => {
    await refusedWith('not.a.jwt', 'The access token is malformed');
  });

  test('the forging is sound: the same route with a valid case is accepted', async () => {
    expect((await post(url, INITIALIZE, await as.forge('valid', url))).status).toBe(200);
  });
});

describe('key rotation', () => {
  test('the issuer rotates its keys mid-test: the next new token verifies, a token of the old key no longer does', async () => {
    const before = await as.token('writer', url, 'journal:read');
    expect((await post(url, INITIALIZE, before)).status).toBe(200);
    const kid = await as.rotate();
    const after = await as.token('writer', url, 'journal:read');
    const header = JSON.parse(Buffer.from(after.split('.')[0]!, 'base64url').toString()) as {
      kid: string;
    };
    expect(header.kid).toBe(kid);
    expect((await post(url, INITIALIZE, after)).status).toBe(200);
    const old = await post(url, INITIALIZE, before);
    expect(old.status).toBe(401);
  });
});

describe('declarative-mcp serve --jwt-issuer URL --jwt-audience URL', () => {
  const CLI = join(__dirname, '..', '..', 'dist', 'src', 'cli', 'bin.js');

  async function serveCli(args: string[]): Promise<{ cli: Launched; url: string }> {
    const cli = launch(CLI, ['serve', example('oauth'), '--http', '--port', '0', ...args]);
    const match = await cli.waitFor(/serving at (\S+)/, 'stderr');
    return { cli, url: match[1]! };
  }

  test('--jwt-issuer: the SDK client finds the issuer from the 401 and calls a scoped tool', async () => {
    const served = await serveCli(['--jwt-issuer', as.issuer]);
    try {
      const transport = new StreamableHTTPClientTransport(new URL(served.url), {
        authProvider: new ClientCredentialsProvider({
          clientId: 'writer',
          clientSecret: 'writer-secret',
          scope: 'journal:read journal:write',
          expectedIssuer: as.issuer,
        }),
      });
      const client = new Client({ name: 'oauth-cli-e2e', version: '1.0.0' });
      await client.connect(transport);
      try {
        expect(await client.callTool({ name: 'read', arguments: {} })).toMatchObject({
          content: [{ type: 'text' }],
        });
      } finally {
        await client.close();
      }
      const forged = await post(served.url, INITIALIZE, await as.forge('other-issuer', served.url));
      expect(forged.status).toBe(401);
    } finally {
      await served.cli.stop();
    }
  });

  test('--jwt-audience: tokens for that audience pass, tokens for the URL itself do not', async () => {
    const audience = 'https://mcp.example.com/mcp';
    const served = await serveCli(['--jwt-issuer', as.issuer, '--jwt-audience', audience]);
    try {
      const bound = await as.token('writer', audience, 'journal:read');
      expect((await post(served.url, INITIALIZE, bound)).status).toBe(200);
      const local = await as.token('writer', served.url, 'journal:read');
      const refused = await post(served.url, INITIALIZE, local);
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toContain(
        'error_description="The access token is for another audience"',
      );
    } finally {
      await served.cli.stop();
    }
  });
});
