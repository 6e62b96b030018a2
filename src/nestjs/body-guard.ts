import type { IncomingMessage } from 'node:http';

/**
 * Keeps a framework's body parsers off the MCP path, without reading anything: the request's
 * `Content-Type` is swapped for a media type no parser takes, and put back before Nest's
 * guards and the MCP handler see the request. The handler then reads the body itself, bounded
 * by its own `maxBodyBytes` (4 MiB by default) rather than by Express's 100 kB or Fastify's 1 MiB.
 */
export const HELD_TYPE = 'application/x.declarative-mcp-held';
const HELD = Symbol('declarative-mcp:content-type');

/** The request's path, without its query. */
function pathOf(url: string | undefined): string {
  if (url === undefined) return '/';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** Decides which requests are for the MCP endpoint; the paths may change until the app starts. */
export class PathMatcher {
  constructor(private readonly paths: () => readonly string[]) {}

  matches(req: IncomingMessage): boolean {
    return this.paths().includes(pathOf(req.url));
  }
}

/** Swaps the `Content-Type` of an MCP request for {@link HELD_TYPE}; remembers the original. */
export function hold(req: IncomingMessage): void {
  const type = req.headers['content-type'];
  if (type === undefined || (req as { [HELD]?: string })[HELD] !== undefined) return;
  (req as { [HELD]?: string })[HELD] = type;
  req.headers['content-type'] = HELD_TYPE;
}

/** Puts back the `Content-Type` that {@link hold} swapped. */
export function release(req: IncomingMessage): void {
  const type = (req as { [HELD]?: string })[HELD];
  if (type === undefined) return;
  req.headers['content-type'] = type;
  (req as { [HELD]?: string })[HELD] = undefined;
}
