/**
 * The audience check the OAuth authenticators share (audienceProblem, src/transports/http/auth/oauth.ts):
 * a token's audience is never read from the request: without `audience` or
 * `resourceMetadata.resource`, any bind but loopback refuses to start (test/e2e/oauth-jwt.test.ts
 * checks the loopback URL is the audience on a loopback bind, against a real authorization server).
 */
import { ConfigurationError } from '../../../../src/core';
import {
  createHttpHandler,
  type HttpServerHandle,
  introspectionAuth,
  jwtAuth,
  McpApplication,
  serveHttp,
} from '../../../../src/index';

const ISSUER = 'https://as.example.com';
const jwksUri = 'https://as.example.com/jwks';
const app = () => McpApplication.create({ name: 'T', version: '1.0.0', providers: [] });

describe('an OAuth check without an audience', () => {
  let server: HttpServerHandle | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it.each([
    ['jwtAuth', () => jwtAuth({ issuer: ISSUER, jwksUri })],
    [
      'introspectionAuth',
      () =>
        introspectionAuth({
          issuer: ISSUER,
          introspectionEndpoint: `${ISSUER}/introspect`,
          clientId: 'rs',
          clientSecret: 's',
        }),
    ],
  ])(
    '%s: a non-loopback bind refuses to start, naming --jwt-audience / audience',
    async (_name, make) => {
      const error = await serveHttp(app(), { host: '0.0.0.0', authenticate: make() }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as Error).message).toBe(
        'serveHttp on 0.0.0.0 (not a loopback address): the access-token check has no audience. Give jwtAuth/introspectionAuth "audience" (serve: --jwt-audience), or resourceMetadata.resource: the URL clients reach this server at. A token must be bound to this server, and the request\'s Host header is the caller\'s to choose.',
      );
      // Mounted in a server of its own, the handler does not know its bind: it needs one too.
      expect(() => createHttpHandler(app(), { authenticate: make() })).toThrow(
        /^createHttpHandler: the access-token check has no audience/,
      );
    },
  );

  it('starts with an audience, with resourceMetadata.resource, or on loopback', async () => {
    server = await serveHttp(app(), {
      host: '0.0.0.0',
      authenticate: jwtAuth({ issuer: ISSUER, jwksUri, audience: 'https://mcp.example.com/mcp' }),
    });
    await server.close();
    server = await serveHttp(app(), {
      host: '0.0.0.0',
      authenticate: jwtAuth({ issuer: ISSUER, jwksUri }),
      resourceMetadata: { resource: 'https://mcp.example.com/mcp' },
    });
    await server.close();
    server = await serveHttp(app(), { authenticate: jwtAuth({ issuer: ISSUER, jwksUri }) });
    // The loopback URL is the resource the metadata names (and the audience checked).
    const metadata = await fetch(
      `${new URL(server.url).origin}/.well-known/oauth-protected-resource/mcp`,
    );
    expect(((await metadata.json()) as { resource: string }).resource).toBe(server.url);
  });
});
