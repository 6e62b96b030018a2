/**
 * The `Authenticate` contract's refusals (`AuthRefusal`: 401 invalid_token, 403
 * insufficient_scope) from hand-written hooks, the `scopeChallenge` option (a call the token's
 * scopes do not allow becomes a 403, MCP 2025-11-25), and the RFC 9728 document derived from
 * the application's declared scopes.
 */
import 'reflect-metadata';
import {
  AuthRefusal,
  bearerAuth,
  Context,
  type HttpServerHandle,
  type HttpSession,
  McpApplication,
  Prompt,
  Resource,
  serveHttp,
  Tool,
} from '../../../../src';
import { initialize, initializeMessage, post, toolCall } from '../harness';

class Vault {
  @Tool({ description: 'Open.' })
  hello(@Context() session: HttpSession): string {
    return `hello ${(session.identity as { sub: string }).sub}`;
  }

  @Tool({ description: 'Needs vault:write.', scopes: ['vault:write'] })
  lock(): string {
    return 'locked';
  }

  @Resource({ uri: 'vault://gold', name: 'gold', scopes: ['vault:read'] })
  gold(): string {
    return 'gold';
  }

  @Prompt({ description: 'Needs vault:admin.', scopes: ['vault:admin'] })
  audit(): string {
    return 'audit';
  }
}

const TOKENS = {
  reader: { sub: 'reader', scopes: ['vault:read'] },
  writer: { sub: 'writer', scopes: ['vault:read', 'vault:write', 'vault:admin'] },
};

function app() {
  return McpApplication.create<HttpSession>({ name: 'vault', version: '1', providers: [Vault] });
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('an authenticate hook refuses with a reason', () => {
  let server: HttpServerHandle;
  let metadata: string;

  beforeAll(async () => {
    server = await serveHttp(app(), {
      resourceMetadata: { authorizationServers: ['https://id.example.com'] },
      authenticate: (req, info) => {
        const token = req.headers.authorization?.slice('Bearer '.length);
        if (token === undefined) return null;
        if (token === 'expired') return AuthRefusal.invalidToken('The access token expired');
        if (token === 'no-scope') return AuthRefusal.insufficientScope(['vault:read']);
        if (token === 'resource') return { sub: info?.resource };
        return TOKENS[token as keyof typeof TOKENS] ?? null;
      },
    });
    metadata = `${new URL(server.url).origin}/.well-known/oauth-protected-resource/mcp`;
  });
  afterAll(() => server.close());

  test('AuthRefusal.invalidToken → 401 with its description', async () => {
    const response = await post(server.url, initializeMessage(), bearer('expired'));
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${metadata}", error="invalid_token", error_description="The access token expired"`,
    );
  });

  test('AuthRefusal.insufficientScope → 403 naming the scopes', async () => {
    const response = await post(server.url, initializeMessage(), bearer('no-scope'));
    expect(response.status).toBe(403);
    expect(response.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${metadata}", error="insufficient_scope", scope="vault:read", error_description="The access token lacks a scope this request needs"`,
    );
    expect(await response.text()).toBe(
      '{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Forbidden: the access token lacks the scope vault:read"}}',
    );
  });

  test('null is still "no valid token": 401 invalid_token when a token was sent', async () => {
    const response = await post(server.url, initializeMessage(), bearer('stranger'));
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${metadata}", error="invalid_token", error_description="The access token is invalid or expired"`,
    );
  });

  test('the hook is told the resource URL tokens must be bound to', async () => {
    const { headers } = await initialize(server.url, bearer('resource'));
    const response = await post(server.url, toolCall(2, 'hello'), headers);
    expect(await response.json()).toMatchObject({
      result: { content: [{ type: 'text', text: `hello ${server.url}` }] },
    });
  });

  test('scopes_supported is computed from the definitions', async () => {
    expect(await (await fetch(metadata)).json()).toEqual({
      resource: server.url,
      authorization_servers: ['https://id.example.com'],
      bearer_methods_supported: ['header'],
      scopes_supported: ['vault:write', 'vault:read', 'vault:admin'],
    });
  });

  test('AuthRefusal.is tells refusals from identities, across copies (a Symbol.for brand)', () => {
    expect(AuthRefusal.is(AuthRefusal.invalidToken())).toBe(true);
    expect(AuthRefusal.is({ status: 401, error: 'invalid_token' })).toBe(false);
    expect(AuthRefusal.is(null)).toBe(false);
    expect(AuthRefusal.insufficientScope(['a"b']).scopes).toEqual(['a"b']);
  });

  test('a description cannot break out of its quoted string', async () => {
    const quoted = await serveHttp(app(), {
      authenticate: () => AuthRefusal.invalidToken('bad "token"\r\nX-Injected: 1'),
    });
    try {
      const response = await post(quoted.url, initializeMessage(), bearer('x'));
      expect(response.headers.get('www-authenticate')).toBe(
        'Bearer error="invalid_token", error_description="bad  token   X-Injected: 1"',
      );
      expect(response.headers.get('x-injected')).toBeNull();
    } finally {
      await quoted.close();
    }
  });
});

describe('scopeChallenge', () => {
  let challenging: HttpServerHandle;
  let quiet: HttpServerHandle;

  beforeAll(async () => {
    const authenticate = bearerAuth({ tokens: TOKENS });
    challenging = await serveHttp(app(), { authenticate, scopeChallenge: true });
    quiet = await serveHttp(app(), { authenticate });
  });
  afterAll(async () => {
    await challenging.close();
    await quiet.close();
  });

  test.each([
    ['tools/call', { name: 'lock', arguments: {} }, 'vault:write'],
    ['prompts/get', { name: 'audit' }, 'vault:admin'],
  ])(
    'on: a denied %s → 403 insufficient_scope naming its scopes',
    async (method, params, scope) => {
      const { headers } = await initialize(challenging.url, bearer('reader'));
      const response = await post(
        challenging.url,
        { jsonrpc: '2.0', id: 7, method, params },
        headers,
      );
      expect(response.status).toBe(403);
      expect(response.headers.get('www-authenticate')).toBe(
        `Bearer error="insufficient_scope", scope="${scope}", error_description="The access token lacks a scope this request needs"`,
      );
    },
  );

  test('on: an allowed call, and a denied resource for someone without the scope', async () => {
    const { headers } = await initialize(challenging.url, bearer('reader'));
    const read = await post(
      challenging.url,
      { jsonrpc: '2.0', id: 3, method: 'resources/read', params: { uri: 'vault://gold' } },
      headers,
    );
    expect(read.status).toBe(200);
    const writer = await initialize(challenging.url, bearer('writer'));
    const lock = await post(challenging.url, toolCall(4, 'lock'), writer.headers);
    expect(await lock.text()).toBe(
      '{"jsonrpc":"2.0","id":4,"result":{"content":[{"type":"text","text":"locked"}],"isError":false}}',
    );
  });

  test('on: in a batch each denied call is refused inside MCP, the others answered', async () => {
    const { headers } = await initialize(challenging.url, bearer('reader'), {});
    const response = await post(challenging.url, [toolCall(5, 'lock'), toolCall(6, 'hello')], {
      ...headers,
      'mcp-protocol-version': '2025-03-26',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([
      {
        jsonrpc: '2.0',
        id: 5,
        result: { content: [{ type: 'text', text: 'Not allowed.' }], isError: true },
      },
      {
        jsonrpc: '2.0',
        id: 6,
        result: { content: [{ type: 'text', text: 'hello reader' }], isError: false },
      },
    ]);
  });

  test('off (default): the denied call gets the isError result "Not allowed."', async () => {
    const { headers } = await initialize(quiet.url, bearer('reader'));
    const response = await post(quiet.url, toolCall(8, 'lock'), headers);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(
      '{"jsonrpc":"2.0","id":8,"result":{"content":[{"type":"text","text":"Not allowed."}],"isError":true}}',
    );
  });
});
