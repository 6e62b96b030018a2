/**
 * The authorization server as the OAuth authenticators reach it: metadata discovery (RFC 8414
 * with the well-known path inserted before the issuer's path, then OpenID Connect Discovery), the
 * issuer check (RFC 8414 §3.3), no redirects, an outage (no answer, 5xx) told apart from a mistake
 * (4xx), its probe, failures in words, and `once`. A local server plays the authorization server.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UnavailableError } from '../../../../src/core';
import {
  AUTHORIZATION_SERVER,
  discover,
  fetchFailure,
  once,
  reachable,
} from '../../../../src/transports/http/auth/authorization-server';

type Route = (req: IncomingMessage, res: ServerResponse) => void;

/** What each path answers, set per test; anything else is 404. */
const routes = new Map<string, Route>();
const asked: string[] = [];
let server: Server;
let base: string;

function json(body: unknown, status = 200): Route {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
}

function status(code: number): Route {
  return (_req, res) => {
    res.writeHead(code);
    res.end();
  };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    asked.push(req.url ?? '');
    const route = routes.get(req.url ?? '');
    if (route) route(req, res);
    else status(404)(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  routes.clear();
  asked.length = 0;
});

/** A port nothing listens on. */
async function closedPort(): Promise<string> {
  const spare = createServer();
  await new Promise<void>((resolve) => spare.listen(0, '127.0.0.1', resolve));
  const { port } = spare.address() as AddressInfo;
  await new Promise((resolve) => spare.close(resolve));
  return `http://127.0.0.1:${port}`;
}

describe('discover', () => {
  test('RFC 8414 first, the well-known path inserted before the issuer path', async () => {
    const issuer = `${base}/realms/acme`;
    const document = { issuer, jwks_uri: `${issuer}/jwks` };
    routes.set('/.well-known/oauth-authorization-server/realms/acme', json(document));
    await expect(discover('jwtAuth', issuer, 1000)).resolves.toEqual(document);
    expect(asked).toEqual(['/.well-known/oauth-authorization-server/realms/acme']);
  });

  test('then OpenID Connect Discovery at <issuer>/.well-known/openid-configuration', async () => {
    const issuer = `${base}/realms/acme/`;
    const document = { issuer, introspection_endpoint: `${base}/introspect` };
    routes.set('/realms/acme/.well-known/openid-configuration', json(document));
    await expect(discover('introspectionAuth', issuer, 1000)).resolves.toEqual(document);
    expect(asked).toEqual([
      '/.well-known/oauth-authorization-server/realms/acme',
      '/realms/acme/.well-known/openid-configuration',
    ]);
  });

  test('an issuer at the root: no path to insert', async () => {
    routes.set('/.well-known/oauth-authorization-server', json({ issuer: base }));
    await expect(discover('jwtAuth', base, 1000)).resolves.toEqual({ issuer: base });
  });

  test('a document naming another issuer is refused, with what to change', async () => {
    const issuer = `${base}/realms/acme`;
    routes.set(
      '/.well-known/oauth-authorization-server/realms/acme',
      json({ issuer: `${issuer}/` }),
    );
    await expect(discover('jwtAuth', issuer, 1000)).rejects.toThrow(
      `jwtAuth: the metadata at ${base}/.well-known/oauth-authorization-server/realms/acme names the issuer "${issuer}/", not "${issuer}". Give "issuer" exactly as the authorization server spells it (trailing slash included).`,
    );
  });

  test('both answer 4xx: a mistake (a plain Error naming each address), not an outage', async () => {
    const error = await discover('jwtAuth', `${base}/x`, 1000).catch((e: unknown) => e);
    expect(UnavailableError.is(error)).toBe(false);
    expect((error as Error).message).toBe(
      `jwtAuth: no authorization server metadata for "${base}/x" (${base}/.well-known/oauth-authorization-server/x: HTTP 404; ${base}/x/.well-known/openid-configuration: HTTP 404).`,
    );
  });

  test('both answer 5xx: an outage, with a probe that resolves once the server is back', async () => {
    routes.set('/.well-known/oauth-authorization-server/x', status(503));
    routes.set('/x/.well-known/openid-configuration', status(500));
    const error = await discover('jwtAuth', `${base}/x`, 1000).catch((e: unknown) => e);
    expect(UnavailableError.is(error)).toBe(true);
    const outage = error as UnavailableError;
    expect(outage.component).toBe(AUTHORIZATION_SERVER);
    expect(outage.message).toBe(
      `jwtAuth: no authorization server metadata for "${base}/x" (${base}/.well-known/oauth-authorization-server/x: HTTP 503; ${base}/x/.well-known/openid-configuration: HTTP 500).`,
    );
    await expect(outage.probe!()).rejects.toThrow('HTTP 503');
    routes.set('/.well-known/oauth-authorization-server/x', status(404));
    await expect(outage.probe!()).resolves.toBeUndefined();
  });

  test('one 5xx and one 4xx: the server answered, so a mistake', async () => {
    routes.set('/.well-known/oauth-authorization-server/x', status(500));
    const error = await discover('jwtAuth', `${base}/x`, 1000).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(UnavailableError.is(error)).toBe(false);
  });

  test('nobody listening: an outage', async () => {
    const down = await closedPort();
    const error = await discover('jwtAuth', down, 1000).catch((e: unknown) => e);
    expect(UnavailableError.is(error)).toBe(true);
    expect((error as Error).message).toMatch(
      /^jwtAuth: no authorization server metadata for "http:\/\/127\.0\.0\.1:\d+" \(.*: fetch failed \(connect ECONNREFUSED .*\); .*: fetch failed \(connect ECONNREFUSED .*\)\)\.$/,
    );
  });

  test('a redirect is not followed (a look-alike cannot move the checks): the next address is asked', async () => {
    routes.set('/.well-known/oauth-authorization-server', (_req, res) => {
      res.writeHead(302, { location: `${base}/elsewhere` });
      res.end();
    });
    routes.set('/elsewhere', json({ issuer: base }));
    routes.set('/.well-known/openid-configuration', json({ issuer: base }));
    await expect(discover('jwtAuth', base, 1000)).resolves.toEqual({ issuer: base });
    expect(asked).toEqual([
      '/.well-known/oauth-authorization-server',
      '/.well-known/openid-configuration',
    ]);
  });

  test('a server that does not answer in time: "no answer within" the timeout', async () => {
    const held: ServerResponse[] = [];
    routes.set('/.well-known/oauth-authorization-server', (_req, res) => held.push(res));
    routes.set('/.well-known/openid-configuration', (_req, res) => held.push(res));
    const error = await discover('jwtAuth', base, 50).catch((e: unknown) => e);
    for (const res of held) res.destroy();
    expect(UnavailableError.is(error)).toBe(true);
    expect((error as Error).message).toBe(
      `jwtAuth: no authorization server metadata for "${base}" (${base}/.well-known/oauth-authorization-server: no answer within 50 ms; ${base}/.well-known/openid-configuration: no answer within 50 ms).`,
    );
  });
});

describe('reachable', () => {
  test('resolves on anything but a server error, which it names', async () => {
    routes.set('/up', status(401));
    routes.set('/down', status(502));
    await expect(reachable(`${base}/up`, 1000)).resolves.toBeUndefined();
    await expect(reachable(`${base}/down`, 1000)).rejects.toThrow('HTTP 502');
  });
});

describe('fetchFailure', () => {
  test.each([
    [Object.assign(new Error('x'), { name: 'TimeoutError' }), 'no answer within 250 ms'],
    [Object.assign(new Error('x'), { name: 'AbortError' }), 'no answer within 250 ms'],
    [
      new TypeError('fetch failed', { cause: new Error('getaddrinfo ENOTFOUND as.invalid') }),
      'fetch failed (getaddrinfo ENOTFOUND as.invalid)',
    ],
    [new Error('plain'), 'plain'],
    ['a string', 'a string'],
    [null, 'null'],
    [undefined, 'undefined'],
  ])('%p → %s', (error, words) => {
    expect(fetchFailure(error, 250)).toBe(words);
  });
});

describe('once', () => {
  test('made once and kept while it holds', async () => {
    const make = jest.fn(async () => ({ keys: 1 }));
    const get = once(make);
    const first = get();
    expect(get()).toBe(first);
    await first;
    expect(get()).toBe(first);
    expect(make).toHaveBeenCalledTimes(1);
  });

  test('a failure is not kept: the next call tries again', async () => {
    let calls = 0;
    const get = once(async () => {
      calls += 1;
      if (calls === 1) throw new Error('down');
      return 'up';
    });
    await expect(get()).rejects.toThrow('down');
    await expect(get()).resolves.toBe('up');
    await expect(get()).resolves.toBe('up');
    expect(calls).toBe(2);
  });
});
