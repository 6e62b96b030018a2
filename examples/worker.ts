/**
 * The greeter (examples/greeter.ts) as a Cloudflare Worker, stateless (isolates share no memory),
 * without `nodejs_compat` (examples/wrangler.toml).
 *
 *   npm run build   # compiles it, then bundles build/examples/worker.bundle.mjs with esbuild
 *   npx wrangler deploy --config examples/wrangler.toml
 *
 * Workers give the client's address in the `CF-Connecting-IP` header; the handler counts
 * unauthenticated clients by it.
 */
import { createFetchHandler } from 'declarative-mcp/fetch';
import { app } from './greeter';

const handler = createFetchHandler(app, { path: '/mcp' });

export default {
  fetch(request: Request): Promise<Response> {
    const ip = request.headers.get('cf-connecting-ip');
    return handler(request, ip === null ? undefined : { remoteAddr: { hostname: ip } });
  },
};
