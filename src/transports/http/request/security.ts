import { ConfigurationError } from '../../../core';

/** The names a loopback server answers to (URL `hostname` spelling: IPv6 in brackets). */
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether a socket address is a loopback one (`127.0.0.0/8`, `::1`, or IPv4-mapped `::ffff:127.x`). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1' || address === 'localhost';
}

/** `{ name, port }` of a `Host` header value (`example.com:8080`, `[::1]:3000`), lower-cased. */
function splitHost(host: string): { name: string; port: string | undefined } | undefined {
  const value = host.trim().toLowerCase();
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(value);
  return match ? { name: match[1]!, port: match[2] } : undefined;
}

/**
 * The `Host` check against DNS rebinding: a page on `evil.example.com` whose name resolves to
 * 127.0.0.1 reaches a local server with `Host: evil.example.com`. Returns whether a request with
 * this `Host`, arriving on this local address, may proceed.
 */
export function hostPolicy(
  allowedHosts: readonly string[] | false | undefined,
  face = 'createHttpHandler',
): (host: string | undefined, localAddress: string | undefined) => boolean {
  if (allowedHosts === false) return () => true;
  if (allowedHosts === undefined) {
    // Clients send the same Host with every request: each new value is parsed once.
    let lastHost: string | undefined;
    let lastAllowed = false;
    return (host, localAddress) => {
      if (!isLoopbackAddress(localAddress)) return true;
      if (host === undefined) return false;
      if (host !== lastHost) {
        const parsed = splitHost(host);
        lastAllowed = parsed !== undefined && LOOPBACK_NAMES.has(parsed.name);
        lastHost = host;
      }
      return lastAllowed;
    };
  }
  if (!Array.isArray(allowedHosts)) {
    throw new ConfigurationError(
      `${face}: "allowedHosts" must be an array of host names or false.`,
    );
  }
  const entries = allowedHosts.map((entry) => {
    const parsed = splitHost(entry);
    if (parsed === undefined) {
      throw new ConfigurationError(
        `${face}: "allowedHosts" entry "${entry}" is not a host name (write "example.com" or "example.com:8443").`,
      );
    }
    return parsed;
  });
  return (host) => {
    const parsed = host === undefined ? undefined : splitHost(host);
    if (parsed === undefined) return false;
    return entries.some(
      (entry) =>
        entry.name === parsed.name && (entry.port === undefined || entry.port === parsed.port),
    );
  };
}

/** The origin of a URL as browsers send it (`scheme://host[:port]`), or undefined when it is not one. */
function originOf(value: string): URL | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The `Origin` check (MCP basic/transports: servers MUST validate `Origin`; an invalid one gets
 * `403`). Returns whether a request with this `Origin` header may proceed; requests without one
 * come from non-browser clients and are not checked here.
 */
export function originPolicy(
  allowedOrigins: readonly string[] | ((origin: string) => boolean) | undefined,
  face = 'createHttpHandler',
): (origin: string) => boolean {
  if (typeof allowedOrigins === 'function') {
    return (origin) => {
      try {
        return allowedOrigins(origin) === true;
      } catch {
        return false;
      }
    };
  }
  if (allowedOrigins === undefined) {
    return (origin) => {
      const url = originOf(origin);
      return url !== undefined && LOOPBACK_NAMES.has(url.hostname);
    };
  }
  if (!Array.isArray(allowedOrigins)) {
    throw new ConfigurationError(
      `${face}: "allowedOrigins" must be an array of origins, or a function.`,
    );
  }
  if (allowedOrigins.includes('*')) return () => true;
  const allowed = new Set(
    allowedOrigins.map((entry) => {
      const url = originOf(entry);
      if (url === undefined) {
        throw new ConfigurationError(
          `${face}: "allowedOrigins" entry "${entry}" is not an origin (write "https://app.example.com").`,
        );
      }
      return url.origin;
    }),
  );
  return (origin) => {
    const url = originOf(origin);
    return url !== undefined && allowed.has(url.origin);
  };
}
