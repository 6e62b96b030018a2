/**
 * What a request target names: its path, and the authority of an absolute-form target. Routing
 * decides on the path; the Host check covers the authority too.
 */

/** The path of a request target, without its query. */
export function pathOf(target: string): string {
  if (!target.startsWith('/')) {
    try {
      return new URL(target).pathname;
    } catch {
      return target;
    }
  }
  const query = target.indexOf('?');
  return query === -1 ? target : target.slice(0, query);
}

/**
 * The authority (`host[:port]`) of an absolute-form request target (`POST http://host/mcp`), or
 * undefined for the usual origin form (`/mcp`). A target that does not parse has the empty
 * authority, which no host list allows.
 */
export function authorityOf(target: string): string | undefined {
  if (target.startsWith('/') || target === '*') return undefined;
  try {
    return new URL(target).host;
  } catch {
    return '';
  }
}
