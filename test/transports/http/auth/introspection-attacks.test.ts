/**
 * `introspectionAuth` (RFC 7662) against an introspection endpoint of the test's own (issue 25
 * item 4, issue 34 item 3): a revoked token, an authorization server that is down, hanging or
 * failing (503 with Retry-After, told to onError twice), wrong client credentials (the server's
 * own mistake: 500), and a flood of unknown tokens (no negative cache kept).
 */
import {
  AUDIENCE,
  type Dependency,
  expectUnavailable,
  ISSUER,
  initializeWith,
  introspectionEndpoint,
  MiB,
  now,
  pool,
  startTarget,
  type Target,
} from './token-kit';

const active = new Map<string, Record<string, unknown>>();
let endpoint: Dependency;
let target: Target;

const good = () => ({
  iss: ISSUER,
  aud: AUDIENCE,
  sub: 'alice',
  scope: 'mcp',
  exp: now() + 3600,
});

beforeAll(async () => {
  endpoint = await introspectionEndpoint(active);
  target = await startTarget({
    introspection: {
      issuer: ISSUER,
      introspectionEndpoint: endpoint.url,
      clientId: 'mcp',
      clientSecret: 's3cret',
      audience: AUDIENCE,
      // Every request asks: a revoked token is refused at once (the default keeps answers 60 s).
      cacheTtl: 0,
      timeout: 5_000,
    },
    maxHeaderSize: 2 * MiB,
  });
}, 30_000);

afterAll(async () => {
  await target?.stop();
  await endpoint?.stop();
});

test('a live token passes; once revoked, 401 invalid_token on the next request', async () => {
  active.set('live-1', good());
  expect((await initializeWith(target.url, 'live-1')).status).toBe(200);
  active.delete('live-1');
  const answer = await initializeWith(target.url, 'live-1');
  expect(answer.status).toBe(401);
  expect(answer.headers.get('www-authenticate')).toContain(
    'error="invalid_token", error_description="The access token is not active (expired, revoked or unknown)"',
  );
});

test('a flood of unknown tokens: each asked about, none kept', async () => {
  // A first round warms up what is made once (the fetch client's connection pool, compiled code).
  await pool(100, 25, async (i) => {
    await initializeWith(target.url, `warm-${i}`);
  });
  const before = await target.memory();
  const asked = endpoint.asked;
  let refused = 0;
  await pool(500, 25, async (i) => {
    const answer = await initializeWith(target.url, `unknown-${i}-${'x'.repeat(1000)}`);
    if (answer.status === 401) refused += 1;
  });
  expect(refused).toBe(500);
  expect(endpoint.asked - asked).toBe(500);
  const after = await target.memory();
  expect(after.heap - before.heap).toBeLessThan(2 * MiB);
  console.log(
    `unknown-token flood: heap ${before.heap} → ${after.heap}, rss ${before.rss} → ${after.rss}`,
  );
}, 60_000);

test('a huge token is refused before it is sent to the authorization server', async () => {
  const asked = endpoint.asked;
  const answer = await initializeWith(target.url, 'A'.repeat(15_000).concat('A'.repeat(2_000)));
  expect(answer.status).toBe(401);
  expect(answer.headers.get('www-authenticate')).toContain(
    'The access token is longer than 16384 characters (maxTokenLength)',
  );
  expect(endpoint.asked).toBe(asked);
});

test('the authorization server down, hanging, failing: 503 naming it; back: 200; told twice', async () => {
  active.set('live-2', good());
  const unavailable = async (): Promise<void> =>
    expectUnavailable(
      await initializeWith(target.url, 'live-2'),
      'the authorization server (token introspection)',
    );
  const told = target.notices.length;
  await endpoint.down();
  await unavailable();
  await endpoint.up('hang');
  await unavailable(); // cut at the 5 s timeout
  endpoint.mode = 'fail';
  await unavailable();
  endpoint.mode = 'up';
  let status = 0;
  for (let i = 0; i < 50 && status !== 200; i += 1) {
    status = (await initializeWith(target.url, 'live-2')).status;
    if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(status).toBe(200);
  await target.told(told + 2);
  expect(target.notices.slice(told)).toEqual([
    {
      notice: expect.stringMatching(
        /^The authorization server \(token introspection\) is unreachable \(introspectionAuth: the introspection endpoint http:\/\/127\.0\.0\.1:\d+\/introspect could not be asked: .*\); requests that need it are refused with "try again" \(HTTP 503 with Retry-After\) until it is back\.$/,
      ),
      stackless: true,
    },
    {
      notice: expect.stringMatching(
        /^The authorization server \(token introspection\) is reachable again; 3 requests were refused meanwhile\.$/,
      ),
      stackless: true,
    },
  ]);
}, 30_000);

test('wrong client credentials are the server’s own mistake: 500, reported with the status', async () => {
  const wrong = await startTarget({
    introspection: {
      introspectionEndpoint: endpoint.url,
      clientId: 'mcp',
      clientSecret: 'wrong',
      audience: AUDIENCE,
    },
  });
  try {
    active.set('live-3', good());
    const answer = await initializeWith(wrong.url, 'live-3');
    expect(answer.status).toBe(500);
    await wrong.told(1);
    expect(wrong.notices[0]!.notice).toMatch(
      /^introspectionAuth: the introspection endpoint answered 401 .*\(check clientId and clientSecret\)\.$/,
    );
  } finally {
    await wrong.stop();
  }
});
