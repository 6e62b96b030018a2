/**
 * Attacks on `jwtAuth` (issue 25 item 4, issue 34 item 3), against jose in a server process of
 * its own and a key server (JWKS) of the test's own: forged algorithms, floods of unknown key
 * ids, time claims, huge tokens, a token in the query string, and a key server that is down,
 * hanging or failing. Each flood measures the server's heap (after GC) and RSS.
 */
import {
  ACCEPT,
  AUDIENCE,
  claims,
  confused,
  type Dependency,
  expectUnavailable,
  INITIALIZE,
  ISSUER,
  initializeWith,
  keyServer,
  MiB,
  now,
  pool,
  rs256,
  type SigningKey,
  signingKey,
  startTarget,
  type Target,
  unsigned,
} from './token-kit';

const key = signingKey();
const stranger = signingKey();
let keys: Dependency;
let target: Target;
let metadata: string;

beforeAll(async () => {
  keys = await keyServer([key]);
  target = await startTarget({
    // The key server lives in this (busy) process: a short timeout could refuse a token at random
    // on a loaded machine. (The outage tests below have their own server with a short one.)
    jwt: { issuer: ISSUER, jwksUri: keys.url, audience: AUDIENCE, timeout: 5_000 },
    http: { resourceMetadata: { resource: AUDIENCE } },
    maxHeaderSize: 2 * MiB,
  });
  metadata = 'https://mcp.test/.well-known/oauth-protected-resource/mcp';
}, 30_000);

afterAll(async () => {
  await target?.stop();
  await keys?.stop();
});

/** 401 invalid_token with `description`, and nothing else of the server. */
async function refused(token: string, description: string): Promise<void> {
  const answer = await initializeWith(target.url, token);
  expect(answer.status).toBe(401);
  expect(answer.headers.get('www-authenticate')).toBe(
    `Bearer resource_metadata="${metadata}", error="invalid_token", error_description="${description}"`,
  );
}

test('the forging is sound: a good RS256 token of the published key passes', async () => {
  expect((await initializeWith(target.url, rs256(key, claims()))).status).toBe(200);
});

describe('algorithms: the token never chooses how it is checked', () => {
  test('alg: none', async () => {
    await refused(unsigned(key, claims()), 'The access token signature algorithm is not accepted');
  });

  test('HS256 keyed with the public key (RS/HS confusion)', async () => {
    await refused(confused(key, claims()), 'The access token signature algorithm is not accepted');
  });

  test('RS256 by a key the issuer never published, naming the real kid', async () => {
    await refused(
      rs256(stranger, claims(), { kid: key.kid }),
      'The access token signature does not verify',
    );
  });
});

describe('time claims (30 s leeway)', () => {
  test('expired a minute ago', async () => {
    await refused(rs256(key, claims({ exp: now() - 60 })), 'The access token expired');
  });

  test('not valid for another two minutes (nbf)', async () => {
    await refused(rs256(key, claims({ nbf: now() + 120 })), 'The access token is not valid yet');
  });

  test('no exp: valid for ever once issued (RFC 9068 §2.2 requires it)', async () => {
    const { exp: _, ...forever } = claims();
    await refused(
      rs256(key, forever),
      'The access token has no expiry (exp claim), which RFC 9068 requires',
    );
  });

  test('exp that is not a number', async () => {
    await refused(
      rs256(key, claims({ exp: 'tomorrow' })),
      "The access token's exp claim is invalid",
    );
  });

  test('issued in the future (iat an hour ahead)', async () => {
    await refused(
      rs256(key, claims({ iat: now() + 3600, exp: now() + 7200 })),
      'The access token was issued in the future (iat claim)',
    );
  });

  test('nbf and iat within the leeway pass', async () => {
    const token = rs256(key, claims({ nbf: now() + 10, iat: now() + 10 }));
    expect((await initializeWith(target.url, token)).status).toBe(200);
  });
});

describe('floods', () => {
  test('unknown key ids: the key set is fetched again at most once per jwksCooldown', async () => {
    const before = await target.memory();
    const asked = keys.asked;
    let unknown = 0;
    await pool(500, 25, async (i) => {
      const token = rs256(stranger, claims(), { kid: `forged-${i}` });
      const answer = await initializeWith(target.url, token);
      if (
        answer.status === 401 &&
        answer.headers.get('www-authenticate')?.includes('signed with an unknown key')
      ) {
        unknown += 1;
      }
    });
    expect(unknown).toBe(500);
    // One fetch for the first unknown kid; the cooldown (30 s) holds the other 499.
    expect(keys.asked - asked).toBeLessThanOrEqual(1);
    const after = await target.memory();
    // A refused token keeps nothing: the heap is back within 2 MiB of where it was.
    expect(after.heap - before.heap).toBeLessThan(2 * MiB);
    console.log(`kid flood: heap ${before.heap} → ${after.heap}, rss ${before.rss} → ${after.rss}`);
  }, 60_000);

  test('huge tokens: refused 401 before they are parsed; past the header limit, 431', async () => {
    const before = await target.memory();
    const huge = 'A'.repeat(256 * 1024);
    await pool(50, 5, async () => {
      await refused(
        `${huge}.${huge}.${huge}`,
        'The access token is longer than 16384 characters (maxTokenLength)',
      );
    });
    // Just under the limit: parsed, and malformed.
    await refused(`${'A'.repeat(16_000)}.e30.x`, 'The access token is malformed');
    // Past node's header limit (2 MiB here): node refuses it before the server sees it.
    const past = await initializeWith(target.url, 'A'.repeat(3 * MiB));
    expect(past.status).toBe(431);
    const after = await target.memory();
    expect(after.heap - before.heap).toBeLessThan(2 * MiB);
    expect((await initializeWith(target.url, rs256(key, claims()))).status).toBe(200);
    console.log(
      `huge tokens: heap ${before.heap} → ${after.heap}, rss ${before.rss} → ${after.rss}`,
    );
  }, 60_000);
});

describe('a token in the query string (MCP authorization: "MUST NOT")', () => {
  test('is ignored: the request has no token, 401 without an error code', async () => {
    const token = rs256(key, claims());
    const response = await fetch(`${target.url}?access_token=${token}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: ACCEPT,
      },
      body: INITIALIZE,
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${metadata}"`);
    await response.text();
  });

  test('beside a valid header, the query is never read', async () => {
    const response = await fetch(`${target.url}?access_token=garbage`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: ACCEPT,
        authorization: `Bearer ${rs256(key, claims())}`,
      },
      body: INITIALIZE,
    });
    expect(response.status).toBe(200);
    await response.text();
  });
});

describe('the key server down, hanging or failing: 503, try again', () => {
  let fresh: Target;
  let jwks: Dependency;
  const other: SigningKey = signingKey();

  beforeAll(async () => {
    jwks = await keyServer([other]);
    await jwks.down();
    // Its own server: nothing cached, so every token needs the key server.
    fresh = await startTarget({
      jwt: { issuer: ISSUER, jwksUri: jwks.url, audience: AUDIENCE, timeout: 500 },
    });
  }, 30_000);

  afterAll(async () => {
    await fresh?.stop();
    await jwks?.stop();
  });

  const unavailable = async (): Promise<void> =>
    expectUnavailable(
      await initializeWith(fresh.url, rs256(other, claims())),
      'the key server (JWKS)',
    );

  test('down (connection refused), hanging (cut at timeout), 500; then back: 200, told twice', async () => {
    await unavailable();
    await unavailable();
    await jwks.up('hang');
    await unavailable();
    jwks.mode = 'fail';
    await unavailable();
    jwks.mode = 'up';
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i += 1) {
      status = (await initializeWith(fresh.url, rs256(other, claims()))).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(200);
    await fresh.told(2);
    expect(fresh.notices).toEqual([
      {
        notice: expect.stringMatching(
          /^The key server \(JWKS\) is unreachable \(jwtAuth: the key set at http:\/\/127\.0\.0\.1:\d+\/jwks could not be read: .*\); requests that need it are refused with "try again" \(HTTP 503 with Retry-After\) until it is back\.$/,
        ),
        stackless: true,
      },
      {
        notice: expect.stringMatching(
          /^The key server \(JWKS\) is reachable again; \d+ requests were refused meanwhile\.$/,
        ),
        stackless: true,
      },
    ]);
  }, 30_000);
});
