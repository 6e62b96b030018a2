/**
 * The Hono example (examples/hono.ts): `declarative-mcp/fetch`'s handler mounted in a Hono app on
 * `@hono/node-server`, with 2025-11-25 sessions, driven by the official SDK v1 and v2 clients.
 */
import { describeRuntime, launchExample } from './fetch-runtimes';

describeRuntime('Hono (@hono/node-server)', () => launchExample('hono'), { sessions: true });
