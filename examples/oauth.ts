/**
 * A team journal behind your identity provider (Keycloak, Entra ID, Okta, Auth0, …): an OAuth 2.1
 * resource server. Every request needs an access token the provider issued for this server;
 * reading needs the `journal:read` scope, writing `journal:write`. A client whose token lacks a
 * scope sees a shorter `tools/list`, and calling a tool it may not use is answered
 * `403 insufficient_scope`, so it can ask for a token with more scopes (`scopeChallenge`).
 *
 *   npm run build
 *   OAUTH_ISSUER=https://id.example.com/realms/acme node build/examples/oauth.js
 *
 * Environment:
 * - `OAUTH_ISSUER` (required): the provider's issuer URL, as its tokens' `iss` spells it.
 * - `OAUTH_AUDIENCE`: the `aud` tokens must hold (default: this endpoint's URL, as published in
 *   its RFC 9728 metadata).
 * - `OAUTH_INTROSPECTION=<client_id>:<client_secret>`: check opaque tokens at the provider's
 *   introspection endpoint (RFC 7662) with these credentials, instead of verifying JWTs.
 * - `OAUTH_REQUIRED_SCOPES`: scopes every request needs (space-separated), else `403`.
 * - `PORT` (default 3000; `0` any free port), `JWKS_COOLDOWN_MS` (default 30 000).
 */
import {
  Context,
  HttpSession,
  introspectionAuth,
  jwtAuth,
  McpApplication,
  type OAuthIdentity,
  Prompt,
  Resource,
  serveHttp,
  Tool,
} from 'declarative-mcp';
import { z } from 'zod';

/** The journal, shared by everyone this server lets in. */
const ENTRIES: string[] = ['Kick-off on Monday.'];

export class Journal {
  @Tool({ description: 'Who the access token stands for, and its scopes.' })
  whoami(@Context() session: HttpSession): string {
    const identity = session.identity as OAuthIdentity;
    return `${identity.id} (${identity.scopes.join(' ') || 'no scopes'})`;
  }

  @Tool({ description: 'Read the journal.', scopes: ['journal:read'] })
  read(): string {
    return ENTRIES.join('\n');
  }

  @Tool({
    description: 'Add an entry to the journal.',
    input: z.object({ text: z.string().min(1) }),
    scopes: ['journal:write'],
  })
  write({ text }: { text: string }, @Context() session: HttpSession): string {
    ENTRIES.push(`${text} (${(session.identity as OAuthIdentity).id})`);
    return `${ENTRIES.length} entries.`;
  }

  @Resource({ uri: 'journal://latest', name: 'latest', scopes: ['journal:read'] })
  latest(): string {
    return ENTRIES[ENTRIES.length - 1] ?? '';
  }

  @Prompt({ description: 'Draft an entry.', scopes: ['journal:write'] })
  draft(): string {
    return 'Draft a short journal entry about today.';
  }
}

export const app = McpApplication.create({
  name: 'Journal',
  version: '1.0.0',
  providers: [Journal],
});

async function main(): Promise<void> {
  const issuer = process.env.OAUTH_ISSUER;
  if (issuer === undefined || issuer === '') {
    process.stderr.write(
      "Set OAUTH_ISSUER to your identity provider's issuer URL, e.g. OAUTH_ISSUER=https://id.example.com/realms/acme\n",
    );
    process.exitCode = 2;
    return;
  }
  const audience = process.env.OAUTH_AUDIENCE || undefined;
  const requiredScopes = process.env.OAUTH_REQUIRED_SCOPES?.split(' ').filter(Boolean);
  const introspection = process.env.OAUTH_INTROSPECTION;
  const colon = introspection?.indexOf(':') ?? -1;
  const authenticate =
    introspection === undefined || colon < 0
      ? jwtAuth({
          issuer,
          audience,
          requiredScopes,
          jwksCooldown:
            process.env.JWKS_COOLDOWN_MS === undefined
              ? undefined
              : Number(process.env.JWKS_COOLDOWN_MS),
        })
      : introspectionAuth({
          issuer,
          audience,
          requiredScopes,
          clientId: introspection.slice(0, colon),
          clientSecret: introspection.slice(colon + 1),
        });
  const server = await serveHttp(app, {
    port: process.env.PORT === undefined ? 3000 : Number(process.env.PORT),
    authenticate,
    scopeChallenge: true,
  });
  process.stdout.write(`MCP endpoint: ${server.url}\n`);
  const stop = (): void => {
    server.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = 1;
  });
}
